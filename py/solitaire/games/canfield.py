"""Canfield, as PySolFC and GNOME Aisleriot describe it.

The deal: one card goes to the first foundation and fixes the *base rank*: every
foundation starts with a card of that rank and builds up by suit, turning the corner
from King to Ace (base 7: 7 8 9 10 J Q K A 2 ... 6). Thirteen cards form the reserve,
only its top card face up; four cards, one each, start the four columns; the other
34 cards are the stock.

Columns build down in alternating colours, turning the corner too: a King goes on an
Ace. The top card of the reserve and of the waste may go to a column or a foundation.
A column left empty is filled at once with the reserve's top card, as long as the
reserve lasts; after that an empty column takes any card (from the waste or from
another column). Cards go to a foundation one at a time.

What moves from one column to another (option ``moves``):

- ``top-or-column`` (PySolFC, and the old rule books' "an entire pile moves as a
  unit", with the common allowance of the top card alone): the top card, or the
  whole column onto a card where its bottom card fits.
- ``any-run`` (Aisleriot): any run of the column whose first card fits.

The stock (option ``draw``) deals three cards at a time onto the waste, with no limit
on the passes (the classic game, PySolFC and Aisleriot), or one card at a time with
three passes (PySolFC's "Rainfall": Canfield dealt singly, with two redeals). Turning
the waste over keeps its order.

Cards back from the foundations (option ``back``): PySolFC keeps foundation cards
where they are; Aisleriot leaves them in play, so the top card of a foundation may go
back to a column where it fits.

Scoring (Aisleriot's): one point for each card on the foundations, the base card
included (the casino paid $5 a card for a $52 stake: 10 broke even).

The foundations are numbered 1-4 from the left; a card of the base rank goes to any
empty one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from ..cards import RANK_LETTERS, is_red, rank, suit
from ..game import (
    Fan,
    IllegalMove,
    Move,
    NotationError,
    OptionSpec,
    PileView,
    Rules,
    Slot,
    check_deal_number,
    validate_options,
    whole_number,
)
from ..rng import shuffled
from ..texts import Reason, Said, Status
from .table import (
    CopyCounter,
    check_every_card_once,
    face_down_count,
    layout_lines,
    lift,
    pile_index,
    pile_line,
    pile_names,
    replace_at,
)
from .talon import Talon

OPTIONS = (
    OptionSpec("draw", ("3", "1"), changes_deal=True),
    OptionSpec("moves", ("top-or-column", "any-run")),
    OptionSpec("back", ("off", "on")),
)

COLUMNS = 4
RESERVE_CARDS = 13
# Draw one goes through the stock three times (two redeals); draw three has no limit.
DRAW_ONE_REDEALS = 2
# The most positions of the table that ``stuck_reason`` looks at; past them the game is
# said not to be stuck (a loss is claimed only when proven).
STUCK_SEARCH_LIMIT = 500
Column = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CanfieldPosition:
    """A Canfield table. Every pile lists its cards bottom first."""

    tableau: tuple[Column, ...]
    reserve: tuple[int, ...]  # the last card is on top, the only one face up
    stock: tuple[int, ...]  # the last card is drawn next
    waste: tuple[int, ...]
    foundations: tuple[Column, ...]
    base: int  # the rank every foundation starts with (1-13)
    redeals: int = 0  # times the waste has been turned over


def rank_above(card_rank: int) -> int:
    """The rank that follows on a foundation: King is followed by Ace."""
    return card_rank % 13 + 1


def fits_on_column(card: int, column: Column) -> bool:
    """Down by one in alternating colours, a King on an Ace; an empty column takes any card
    (it is empty only once the reserve is used up)."""
    if not column:
        return True
    top = column[-1]
    return rank(top) == rank_above(rank(card)) and is_red(top) != is_red(card)


def is_run(cards: Column) -> bool:
    """Each card one below the one before it (a King below an Ace), colours alternating."""
    return all(fits_on_column(lower, (upper,)) for upper, lower in zip(cards, cards[1:]))


def fits_home(card: int, foundation: Column, base: int) -> bool:
    """An empty foundation takes a card of the base rank; then up by one in its suit."""
    if not foundation:
        return rank(card) == base
    top = foundation[-1]
    return suit(top) == suit(card) and rank(card) == rank_above(rank(top))


def home_height(card: int, base: int) -> int:
    """Where a card lies on its foundation, counted from 1 (the base card) to 13."""
    return (rank(card) - base) % 13 + 1


class Canfield(Talon[CanfieldPosition], Rules[CanfieldPosition]):
    """Canfield for one set of options (draw, moves, back)."""

    game_id = "canfield"
    option_specs: tuple[OptionSpec, ...] = OPTIONS

    def __init__(self, options: Mapping[str, str] | None = None) -> None:
        self.options = validate_options(self.option_specs, options or {})
        self.tableau_names = pile_names("tableau", COLUMNS)
        self.foundation_names = pile_names("foundation", 4)
        self.draw = int(self.options["draw"])
        self.any_run = self.options["moves"] == "any-run"
        self.back = self.options["back"] == "on"
        self.max_redeals: int | None = DRAW_ONE_REDEALS if self.draw == 1 else None

    def daily_proof_options(self) -> dict[str, str]:
        """Whole columns only and no cards back: a deal won so is won under every choice."""
        return {**self.options, "moves": "top-or-column", "back": "off"}

    # -- dealing -------------------------------------------------------------

    def deal(self, number: int) -> CanfieldPosition:
        """Shuffle the deck with the deal number as seed: its first card starts the first
        foundation, the next 13 make the reserve (the 14th on top), the next four start
        the columns from the left, and the rest, in order, are the stock (the last on top)."""
        deck = shuffled(range(52), check_deal_number(number))
        reserve_end = 1 + RESERVE_CARDS
        columns_end = reserve_end + COLUMNS
        return CanfieldPosition(
            tableau=tuple((card,) for card in deck[reserve_end:columns_end]),
            reserve=tuple(deck[1:reserve_end]),
            stock=tuple(deck[columns_end:]),
            waste=(),
            foundations=((deck[0],),) + ((),) * 3,
            base=rank(deck[0]),
        )

    # -- moves ---------------------------------------------------------------

    def stock_move(self, position: CanfieldPosition) -> Move:
        """A draw, or turning the waste over (``apply`` says why that may be refused)."""
        if moves := self.stock_moves(position):
            return moves[0]
        if position.waste:
            return Move("waste", "stock", len(position.waste))
        raise IllegalMove(Reason.STOCK_AND_WASTE_EMPTY)

    def tops(self, position: CanfieldPosition) -> list[tuple[str, Column]]:
        """The piles whose top card may be played anywhere: waste, reserve, columns."""
        return [("waste", position.waste), ("reserve", position.reserve)] + list(zip(self.tableau_names, position.tableau))

    def card_moves(self, position: CanfieldPosition) -> list[Move]:
        """Every legal move that is not a draw or a redeal."""
        moves: list[Move] = []
        for source, cards in self.tops(position):
            if cards:
                moves += [Move(source, target) for target in self.foundation_targets(position, cards[-1])]
        for source in ("waste", "reserve"):
            cards = position.waste if source == "waste" else position.reserve
            if cards:
                moves += [
                    Move(source, self.tableau_names[i]) for i, column in enumerate(position.tableau) if fits_on_column(cards[-1], column)
                ]
        for source_index, column in enumerate(position.tableau):
            for count in self.movable_counts(column):
                run = column[-count:]
                moves += [
                    Move(self.tableau_names[source_index], self.tableau_names[i], count)
                    for i, target in enumerate(position.tableau)
                    if i != source_index and fits_on_column(run[0], target)
                ]
        if self.back:
            for f_index, foundation in enumerate(position.foundations):
                if foundation:
                    moves += [
                        Move(self.foundation_names[f_index], self.tableau_names[i])
                        for i, column in enumerate(position.tableau)
                        if fits_on_column(foundation[-1], column)
                    ]
        return moves

    def movable_counts(self, column: Column) -> list[int]:
        """How many cards may leave the top of a column together for another column."""
        if not column:
            return []
        if self.any_run:
            counts = [1]
            while counts[-1] < len(column) and fits_on_column(column[-counts[-1]], (column[-counts[-1] - 1],)):
                counts.append(counts[-1] + 1)
            return counts
        return [1] if len(column) == 1 or not is_run(column) else [1, len(column)]

    def foundation_targets(self, position: CanfieldPosition, card: int) -> list[str]:
        return [self.foundation_names[i] for i, foundation in enumerate(position.foundations) if fits_home(card, foundation, position.base)]

    def legal_moves(self, position: CanfieldPosition) -> list[Move]:
        return self.card_moves(position) + self.stock_moves(position)

    def apply(self, position: CanfieldPosition, move: Move) -> CanfieldPosition:
        if move.source == move.target:
            raise IllegalMove(Reason.SAME_PILE)
        if move.source == "stock":
            return self.draw_cards(position, move)
        if move.source == "waste" and move.target == "stock":
            return self.redeal(position, move)
        cards = self.take(position, move)
        after = self.put(self.remove(position, move.source, move.count), move.target, cards, position.base)
        return self.fill_from_reserve(after)

    def draw_cards(self, position: CanfieldPosition, move: Move) -> CanfieldPosition:
        stock, waste = self.dealt(position, move)
        return replace(position, stock=stock, waste=waste)

    def redeal(self, position: CanfieldPosition, move: Move) -> CanfieldPosition:
        self.check_redeal(position, move, Said(Reason.PASSES_USED, number=(self.max_redeals or 0) + 1))
        return replace(position, stock=position.waste[::-1], waste=(), redeals=position.redeals + 1)

    def take(self, position: CanfieldPosition, move: Move) -> Column:
        """The cards a move lifts, after checking that it may lift them."""
        if move.count < 1:
            raise IllegalMove(Reason.NO_CARDS)
        if move.source in ("waste", "reserve"):
            cards = position.waste if move.source == "waste" else position.reserve
            if not cards:
                raise IllegalMove(Reason.WASTE_EMPTY if move.source == "waste" else Reason.RESERVE_EMPTY)
            if move.count != 1:
                raise IllegalMove(Reason.WASTE_TOP_ONLY if move.source == "waste" else Reason.RESERVE_TOP_ONLY)
            return cards[-1:]
        if (index := pile_index(move.source, "foundation", 4)) is not None:
            foundation = position.foundations[index]
            if not self.back:
                raise IllegalMove(Reason.FOUNDATION_CARDS_STAY)
            if not foundation:
                raise IllegalMove(Reason.FOUNDATION_EMPTY)
            if move.count != 1:
                raise IllegalMove(Reason.FOUNDATION_ONE_AT_A_TIME)
            if move.target.startswith("foundation"):
                raise IllegalMove(Reason.FOUNDATION_TO_COLUMN_ONLY)
            return foundation[-1:]
        if (index := pile_index(move.source, "tableau", COLUMNS)) is not None:
            column = position.tableau[index]
            run = lift(column, move.count)
            if not is_run(run):
                raise IllegalMove(Reason.NOT_A_WRAPPING_RUN)
            if not self.any_run and move.count not in (1, len(column)):
                raise IllegalMove(Reason.TOP_OR_WHOLE_COLUMN)
            if move.target.startswith("foundation") and move.count != 1:
                raise IllegalMove(Reason.HOME_ONE_AT_A_TIME)
            return run
        raise IllegalMove(Reason.NOT_A_SOURCE, place=move.source)

    def remove(self, position: CanfieldPosition, source: str, count: int) -> CanfieldPosition:
        if source == "waste":
            return replace(position, waste=position.waste[:-count])
        if source == "reserve":
            return replace(position, reserve=position.reserve[:-count])
        if (index := pile_index(source, "foundation", 4)) is not None:
            return replace(position, foundations=replace_at(position.foundations, index, position.foundations[index][:-count]))
        index = pile_index(source, "tableau", COLUMNS)
        assert index is not None
        return replace(position, tableau=replace_at(position.tableau, index, position.tableau[index][:-count]))

    def put(self, position: CanfieldPosition, target: str, cards: Column, base: int) -> CanfieldPosition:
        if (index := pile_index(target, "foundation", 4)) is not None:
            foundation = position.foundations[index]
            if not fits_home(cards[0], foundation, base):
                if not foundation:
                    raise IllegalMove(Reason.BASE_RANK_FIRST, ranks=[base])
                raise IllegalMove(Reason.DOES_NOT_FOLLOW, card=cards[0], card2=foundation[-1])
            return replace(position, foundations=replace_at(position.foundations, index, foundation + cards))
        if (index := pile_index(target, "tableau", COLUMNS)) is not None:
            column = position.tableau[index]
            if not fits_on_column(cards[0], column):
                raise IllegalMove(Reason.NOT_ALTERNATING_WRAP, card=cards[0], card2=column[-1])
            return replace(position, tableau=replace_at(position.tableau, index, column + cards))
        raise IllegalMove(Reason.NOT_A_TARGET, place=target)

    @staticmethod
    def fill_from_reserve(position: CanfieldPosition) -> CanfieldPosition:
        """Fill every empty column with the reserve's top card, while the reserve lasts."""
        if not position.reserve or all(position.tableau):
            return position
        tableau, reserve = list(position.tableau), position.reserve
        for index, column in enumerate(tableau):
            if not column and reserve:
                tableau[index], reserve = reserve[-1:], reserve[:-1]
        return replace(position, tableau=tuple(tableau), reserve=reserve)

    # -- verdicts ------------------------------------------------------------

    def is_won(self, position: CanfieldPosition) -> bool:
        return sum(len(foundation) for foundation in position.foundations) == 52

    def is_stuck(self, position: CanfieldPosition) -> bool:
        """No move can change the game any more (see ``stuck_reason``)."""
        return self.stuck_reason(position) is not None

    def stuck_reason(self, position: CanfieldPosition) -> Said | None:
        """Why no move can change the game any more, or None while one may.

        A move *changes the game* (progress) when it plays a card of the reserve or the
        waste, or lifts the foundations' total above what it is in ``position`` (a column
        emptied while the reserve lasts plays a reserve card). Every other move (column to
        column, a foundation card back to a column, a draw, a redeal) only moves cards
        back and forth; and a game is won only through progress. Draws and redeals touch
        only the stock and the waste, the other moves only the columns and foundations:
        so the search walks the stock once for the cards it can bring to the top of the
        waste, and searches the positions of the columns and foundations that moves
        without progress reach, each checked for a progress move, one of those cards
        fitting anywhere included. It looks at no more than ``STUCK_SEARCH_LIMIT`` of them;
        past that the game is said not to be stuck.
        """
        if self.is_won(position):
            return None
        coming, stock_said = self.coming_cards(position)
        start_total = sum(len(foundation) for foundation in position.foundations)
        table = replace(position, stock=(), waste=())
        seen = {(table.tableau, table.foundations)}
        queue = [table]
        moved = False
        while queue:
            current = queue.pop()
            for card in coming:
                if self.foundation_targets(current, card) or any(fits_on_column(card, column) for column in current.tableau):
                    return None
            for move in self.card_moves(current):
                after = self.apply(current, move)
                if (
                    move.source == "reserve"
                    or len(after.reserve) != len(current.reserve)
                    or sum(len(foundation) for foundation in after.foundations) > start_total
                ):
                    return None
                moved = True
                key = (after.tableau, after.foundations)
                if key not in seen:
                    if len(seen) >= STUCK_SEARCH_LIMIT:
                        return None
                    seen.add(key)
                    queue.append(after)
        table_said = Said(Reason.TABLE_BACK_AND_FORTH if moved else Reason.TABLE_NO_MOVE)
        return Said(Reason.KLONDIKE_LOST, message=table_said, message2=stock_said)

    def safe_moves(self, position: CanfieldPosition) -> list[Move]:
        """Moves to a foundation that no later play could need undone: a card whose
        column partners (the cards one rank below it of the other colour) are both on
        their foundations already. A base card's partners are the last cards of the
        other colour's foundations, so it is safe only when those are complete. Not the
        waste's card in draw three: taking it out would shift the groups of three behind it."""
        heights = self.heights(position)
        moves = []
        for source, cards in self.tops(position):
            if source == "waste" and self.draw == 3:
                continue
            if cards and self.is_safe_home(cards[-1], heights, position.base):
                moves += [Move(source, target) for target in self.foundation_targets(position, cards[-1])[:1]]
        return moves

    @staticmethod
    def heights(position: CanfieldPosition) -> list[int]:
        """How many cards of each suit are on the foundations."""
        heights = [0] * 4
        for foundation in position.foundations:
            if foundation:
                heights[suit(foundation[0])] = len(foundation)
        return heights

    @staticmethod
    def is_safe_home(card: int, heights: list[int], base: int) -> bool:
        if heights[suit(card)] != home_height(card, base) - 1:
            return False
        partners = home_height(card, base) - 1 or 13
        return all(heights[other] >= partners for other in range(4) if is_red(other * 13) != is_red(card))

    def completion(self, position: CanfieldPosition) -> list[Move] | None:
        """A finishing line found by simple play, or None. Tried only once the reserve is
        used up: play the card nearest its foundation's bottom that fits one, otherwise
        draw (or redeal); give up after a whole pass through stock and waste with no card
        played."""
        if position.reserve or self.is_won(position):
            return None
        moves: list[Move] = []
        current = position
        idle_draws = 0
        while not self.is_won(current):
            to_foundation = sorted(
                (
                    Move(source, targets[0])
                    for source, cards in self.tops(current)
                    if cards and (targets := self.foundation_targets(current, cards[-1]))
                ),
                key=lambda move: home_height(self.top_card(current, move.source), current.base),
            )
            if to_foundation:
                step = to_foundation[0]
                idle_draws = 0
            else:
                stock_moves = self.stock_moves(current)
                if not stock_moves or idle_draws > len(current.stock) + len(current.waste) + 1:
                    return None
                step = stock_moves[0]
                idle_draws += 1
            current = self.apply(current, step)
            moves.append(step)
        return moves

    def top_card(self, position: CanfieldPosition, pile: str) -> int:
        return dict(self.tops(position))[pile][-1]

    # -- presentation ----------------------------------------------------------

    def slots(self) -> list[Slot]:
        """Stock and waste at the top left, the foundations at the top right; the reserve
        under the stock, and the four columns under the foundations (PySolFC's layout)."""
        waste_fan: Fan = "right" if self.draw == 3 else "none"
        top = [Slot("stock", 0, 0, "none"), Slot("waste", 1, 0, waste_fan)]
        top += [Slot(name, 3 + i, 0, "none") for i, name in enumerate(self.foundation_names)]
        return top + [Slot("reserve", 0, 1, "down")] + [Slot(name, 3 + i, 1, "down") for i, name in enumerate(self.tableau_names)]

    def piles(self, position: CanfieldPosition) -> list[PileView]:
        def view(name: str, cards: Column, face_down: int = 0) -> PileView:
            return PileView(name, cards, tuple(i >= face_down for i in range(len(cards))), tuple(i < face_down for i in range(len(cards))))

        result = [view("stock", position.stock, len(position.stock)), view("waste", position.waste)]
        result += [view(name, cards) for name, cards in zip(self.foundation_names, position.foundations)]
        result.append(view("reserve", position.reserve, len(position.reserve) - 1))
        result += [view(name, column) for name, column in zip(self.tableau_names, position.tableau)]
        return result

    def score(self, position: CanfieldPosition, seconds: int, won: bool) -> int | None:
        return sum(len(foundation) for foundation in position.foundations)

    def status_line(self, position: CanfieldPosition) -> Said:
        # Short enough for a sideways phone's bar in German; Settings names the draw.
        if self.max_redeals is None:
            return Said(Status.CANFIELD, ranks=[position.base], number=len(position.reserve))
        return Said(
            Status.CANFIELD_PASS,
            ranks=[position.base],
            number=len(position.reserve),
            number2=position.redeals + 1,
            number3=self.max_redeals + 1,
        )

    def text_layout(self, position: CanfieldPosition) -> str:
        """Every pile on a line, bottom card first; face-down cards in brackets. ``stock``
        lists its cards bottom first, so the last card is the next one drawn; ``reserve``
        too, its top card last. ``base`` names the foundations' first rank."""
        lines = [pile_line("stock", position.stock, len(position.stock)), pile_line("waste", position.waste)]
        lines += [pile_line(name, cards) for name, cards in zip(self.foundation_names, position.foundations)]
        lines.append(pile_line("reserve", position.reserve, len(position.reserve) - 1))
        lines += [pile_line(name, column) for name, column in zip(self.tableau_names, position.tableau)]
        lines.append(f"base: {RANK_LETTERS[position.base - 1]}")
        if position.redeals:
            lines.append(f"redeals: {position.redeals}")
        return "\n".join(lines)

    def parse_layout(self, text: str) -> CanfieldPosition:
        """Read the notation of ``text_layout`` back (lines starting with # are comments;
        missing piles are empty; ``redeals: N`` may be given; ``base: R`` may be left out
        when a foundation holds cards). Every card must appear exactly once, and an empty
        column is filled from the reserve as in play."""
        piles: dict[str, list[str]] = {}
        redeals = 0
        base: int | None = None
        for name, rest in layout_lines(text):
            if name == "redeals":
                redeals = whole_number(name, rest)
            elif name == "base":
                letter = rest.strip().upper()
                if len(letter) != 1 or letter not in RANK_LETTERS:
                    raise NotationError(Reason.BASE_RANK_LINE, text=rest.strip())
                base = RANK_LETTERS.index(letter) + 1
            elif name in ("stock", "waste", "reserve") + self.foundation_names + self.tableau_names:
                piles[name] = rest.split()
            else:
                raise NotationError(Reason.UNKNOWN_PILE, place=name)
        copies = CopyCounter()

        def read(name: str) -> Column:
            words = piles.get(name, [])
            face_down_count(name, words)
            return tuple(copies.card(word) for word in words)

        tableau = tuple(read(name) for name in self.tableau_names)
        reserve, stock, waste = read("reserve"), read("stock"), read("waste")
        foundations = tuple(read(name) for name in self.foundation_names)
        check_every_card_once(stock + waste + reserve + sum(tableau, ()) + sum(foundations, ()))
        if base is None:
            started = [foundation[0] for foundation in foundations if foundation]
            if not started:
                raise NotationError(Reason.BASE_RANK_LINE, text="")
            base = rank(started[0])
        for name, foundation in zip(self.foundation_names, foundations):
            if foundation and not all(fits_home(card, foundation[:i], base) for i, card in enumerate(foundation)):
                raise NotationError(Reason.FOUNDATION_ORDER_FROM_BASE, pile=name, ranks=[base])
        position = CanfieldPosition(tableau, reserve, stock, waste, foundations, base, max(redeals, 0))
        return self.fill_from_reserve(position)
