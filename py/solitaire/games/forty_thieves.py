"""Forty Thieves (Napoleon at St Helena, Big Forty), as PySolFC's and Aisleriot's rule texts
describe it.

Two decks, 104 cards (a card's deck index tells the two copies apart, as in Spider and Double
Klondike). Forty cards are dealt face up into ten columns of four, row by row from the left;
the other 64 cards are the stock, the last one on top. Eight foundations, two per suit, build
up by suit from the Ace (any Ace starts any empty foundation; the page numbers them 1-8 from
the left). Columns build down by one in the same suit. Only the top card of a column is
available, and only one card moves at a time; any card fills an empty column. The stock is
turned one card at a time onto the waste, whose top card plays to a column or a foundation;
the stock is gone through once only (no redeal). The game is won when all 104 cards are on
the foundations.

Runs: Aisleriot lets a run down in suit move in one go "as a short cut" when there are enough
empty columns; PySolFC moves one card at a time. Both play the same game: a run moves at once
when it has at most 2^(empty columns) cards (the empty column it moves to not counted), exactly
the runs that single cards could carry through the empty columns, so the shortcut only saves
clicks. Cards never come back from a foundation (neither rule text offers it; PySolFC lets a
foundation's top card back out in most of its games, as a program-wide habit).

Scoring (option ``scoring``): ``standard`` is Aisleriot's: 5 points per card on a foundation
and 60 more per foundation completed from Ace to King (1,000 for a won game); PySolFC keeps
no score, which is ``none``. Time does not count.

Safe moves (played automatically when the player wants): a card to its foundation when the
lower foundation of its suit is at most two ranks below it (so any Ace or 2): only a card one
rank lower of its suit could go on it in a column, and each such card is home or can go home
the moment it could go there. ``is_stuck``: the stock is empty and no position that moves
between columns reach has a move to a foundation or from the waste (searched up to a bound;
past it the game is said not to be stuck). ``completion``: once the stock is empty and every
column and the waste descend strictly in rank towards the top, the lowest card left is always
free to go home.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from ..cards import KING, rank, suit
from ..game import (
    IllegalMove,
    Move,
    NotationError,
    OptionSpec,
    PileView,
    Rules,
    Slot,
    check_deal_number,
    validate_options,
)
from ..rng import shuffled
from ..texts import Reason, Said, Status
from .table import (
    CopyCounter,
    builds_down_in_suit,
    check_every_card_once,
    check_home,
    face_down_count,
    fits_on_foundation,
    home_lowest_first,
    is_descending,
    is_suit_run,
    layout_lines,
    lift,
    pile_index,
    pile_line,
    pile_names,
    replace_at,
    supermove_capacity,
)
from .talon import turn_one

COLUMNS = 10
ROWS = 4
DECKS = 2
CARDS = 52 * DECKS
FOUNDATIONS = 4 * DECKS
TABLEAU = pile_names("tableau", COLUMNS)
FOUNDATION = pile_names("foundation", FOUNDATIONS)

OPTIONS = (OptionSpec("scoring", ("standard", "none")),)

POINTS_PER_CARD = 5
POINTS_PER_SUIT = 60
# The most positions of the columns that ``is_stuck`` looks at; past them the game is said not
# to be stuck.
STUCK_SEARCH_LIMIT = 500


@dataclass(frozen=True, slots=True)
class FortyThievesPosition:
    """A Forty Thieves table. Every pile lists its cards bottom first; the stock's last card is
    turned next."""

    tableau: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]
    waste: tuple[int, ...]
    foundations: tuple[tuple[int, ...], ...]


def fits_on_column(card: int, column: tuple[int, ...]) -> bool:
    """Any card fills an empty column; otherwise down by one in suit."""
    return not column or builds_down_in_suit(card, column[-1])


def suit_run_length(column: tuple[int, ...]) -> int:
    """How many cards on top of the column form a run down in suit."""
    length = 1 if column else 0
    while length < len(column) and builds_down_in_suit(column[-length], column[-length - 1]):
        length += 1
    return length


def lowest_home(foundations: tuple[tuple[int, ...], ...]) -> list[int]:
    """By suit, the height of the lower of its two foundations (0 while one is not started)."""
    built: list[list[int]] = [[] for _ in range(4)]
    for foundation in foundations:
        if foundation:
            built[suit(foundation[-1])].append(len(foundation))
    return [min(heights) if len(heights) == DECKS else 0 for heights in built]


class FortyThieves(Rules[FortyThievesPosition]):
    """Forty Thieves for one set of options (scoring)."""

    game_id = "forty-thieves"
    option_specs = OPTIONS

    def __init__(self, options: Mapping[str, str] | None = None) -> None:
        self.options = validate_options(OPTIONS, options or {})
        self.scoring = self.options["scoring"]

    # -- dealing -------------------------------------------------------------

    def deal(self, number: int) -> FortyThievesPosition:
        """Shuffle the 104 cards with the deal number as seed; four rows of ten face up, one
        card to each column from the left, row after row; the other 64, in order, are the
        stock, the last one on top."""
        deck = shuffled(range(CARDS), check_deal_number(number))
        dealt = COLUMNS * ROWS
        return FortyThievesPosition(
            tableau=tuple(tuple(deck[column:dealt:COLUMNS]) for column in range(COLUMNS)),
            stock=tuple(deck[dealt:]),
            waste=(),
            foundations=((),) * FOUNDATIONS,
        )

    # -- how many cards move at once -----------------------------------------

    def empty_columns(self, position: FortyThievesPosition) -> int:
        return sum(1 for column in position.tableau if not column)

    def move_capacity(self, position: FortyThievesPosition, to_empty_column: bool = False) -> int:
        """The longest run that may move at once: 2^(empty columns), not counting the empty
        column the run moves to (what single cards could carry through the empty columns)."""
        return supermove_capacity(0, self.empty_columns(position), to_empty_column)

    # -- moves ---------------------------------------------------------------

    def foundation_targets(self, position: FortyThievesPosition, card: int) -> list[str]:
        return [FOUNDATION[i] for i, foundation in enumerate(position.foundations) if fits_on_foundation(card, foundation)]

    def card_moves(self, position: FortyThievesPosition) -> list[Move]:
        """Every legal move that is not a turn of the stock."""
        moves: list[Move] = []
        tops = [("waste", position.waste)] + list(zip(TABLEAU, position.tableau))
        for source, cards in tops:
            if cards:
                moves += [Move(source, target) for target in self.foundation_targets(position, cards[-1])]
        if position.waste:
            card = position.waste[-1]
            moves += [Move("waste", TABLEAU[i]) for i, column in enumerate(position.tableau) if fits_on_column(card, column)]
        to_filled = self.move_capacity(position)
        to_empty = self.move_capacity(position, to_empty_column=True)
        for source_index, column in enumerate(position.tableau):
            run = suit_run_length(column)
            for count in range(1, run + 1):
                first = column[-count]
                for target_index, target in enumerate(position.tableau):
                    if target_index != source_index and fits_on_column(first, target) and count <= (to_filled if target else to_empty):
                        moves.append(Move(TABLEAU[source_index], TABLEAU[target_index], count))
        return moves

    def legal_moves(self, position: FortyThievesPosition) -> list[Move]:
        return self.card_moves(position) + ([Move("stock", "waste")] if position.stock else [])

    def stock_move(self, position: FortyThievesPosition) -> Move:
        """A click on the stock turns its top card; ``apply`` says why when it is empty."""
        return Move("stock", "waste")

    def apply(self, position: FortyThievesPosition, move: Move) -> FortyThievesPosition:
        if move.source == move.target:
            raise IllegalMove(Reason.SAME_PILE)
        if move.source == "stock":
            return self.turn(position, move)
        if move.target == "stock":
            raise IllegalMove(Reason.ONE_PASS if move.source == "waste" else Reason.NOTHING_ON_STOCK)
        cards = self.take(position, move)
        self.check_target(position, move, cards)
        return self.put(self.remove(position, move.source, move.count), move.target, cards)

    def turn(self, position: FortyThievesPosition, move: Move) -> FortyThievesPosition:
        stock, waste = turn_one(position.stock, position.waste, move)
        return replace(position, stock=stock, waste=waste)

    def take(self, position: FortyThievesPosition, move: Move) -> tuple[int, ...]:
        """The cards a move lifts, after checking that it may lift them."""
        if move.count < 1:
            raise IllegalMove(Reason.NO_CARDS)
        if pile_index(move.source, "foundation", FOUNDATIONS) is not None:
            raise IllegalMove(Reason.FOUNDATION_CARDS_STAY)
        if move.source == "waste":
            if not position.waste:
                raise IllegalMove(Reason.WASTE_EMPTY)
            if move.count != 1:
                raise IllegalMove(Reason.WASTE_TOP_ONLY)
            return position.waste[-1:]
        if (index := pile_index(move.source, "tableau", COLUMNS)) is not None:
            run = lift(position.tableau[index], move.count)
            if not is_suit_run(run):
                raise IllegalMove(Reason.NOT_A_SUIT_RUN)
            return run
        raise IllegalMove(Reason.NOT_A_SOURCE, place=move.source)

    def check_target(self, position: FortyThievesPosition, move: Move, cards: tuple[int, ...]) -> None:
        """Raise IllegalMove unless ``move.target`` takes ``cards`` in ``position`` (before they leave)."""
        target = move.target
        if (index := pile_index(target, "foundation", FOUNDATIONS)) is not None:
            check_home(cards, position.foundations[index])
        elif (index := pile_index(target, "tableau", COLUMNS)) is not None:
            column = position.tableau[index]
            if not fits_on_column(cards[0], column):
                raise IllegalMove(Reason.NOT_IN_SUIT, card=cards[0], card2=column[-1])
            capacity = self.move_capacity(position, to_empty_column=not column)
            if len(cards) > capacity:
                empty = self.empty_columns(position) - (1 if not column else 0)
                if not column:
                    raise IllegalMove(Reason.RUN_CAPACITY_TO_EMPTY, number=capacity, number2=empty)
                raise IllegalMove(Reason.RUN_CAPACITY, number=capacity, number2=empty)
        else:
            raise IllegalMove(Reason.NOT_A_TARGET, place=target)

    def remove(self, position: FortyThievesPosition, source: str, count: int) -> FortyThievesPosition:
        if source == "waste":
            return replace(position, waste=position.waste[:-1])
        index = pile_index(source, "tableau", COLUMNS)
        assert index is not None
        return replace(position, tableau=replace_at(position.tableau, index, position.tableau[index][:-count]))

    def put(self, position: FortyThievesPosition, target: str, cards: tuple[int, ...]) -> FortyThievesPosition:
        if (index := pile_index(target, "foundation", FOUNDATIONS)) is not None:
            return replace(position, foundations=replace_at(position.foundations, index, position.foundations[index] + cards))
        index = pile_index(target, "tableau", COLUMNS)
        assert index is not None
        return replace(position, tableau=replace_at(position.tableau, index, position.tableau[index] + cards))

    def pile_cards(self, position: FortyThievesPosition, pile: str) -> tuple[int, ...]:
        """The cards of any pile by its page name, bottom first."""
        if pile == "stock":
            return position.stock
        if pile == "waste":
            return position.waste
        if (index := pile_index(pile, "foundation", FOUNDATIONS)) is not None:
            return position.foundations[index]
        if (index := pile_index(pile, "tableau", COLUMNS)) is not None:
            return position.tableau[index]
        raise KeyError(pile)

    # -- verdicts ------------------------------------------------------------

    def is_won(self, position: FortyThievesPosition) -> bool:
        return sum(len(foundation) for foundation in position.foundations) == CARDS

    def is_stuck(self, position: FortyThievesPosition) -> bool:
        """No move can bring the game nearer a win any more (see ``stuck_reason``)."""
        return self.stuck_reason(position) is not None

    def stuck_reason(self, position: FortyThievesPosition) -> Said | None:
        """Why no move can change the game any more, or None while one may.

        Turning a stock card, playing the waste's top card and putting a card on a foundation
        change the game; a move from column to column only moves cards back and forth. So
        while the stock holds a card the game goes on; once it is empty, the game is lost when
        no position of the columns that such moves reach (up to ``STUCK_SEARCH_LIMIT`` of
        them, columns in any order counting once) lets a card go home or the waste's top card
        go anywhere.
        """
        if position.stock or self.is_won(position):
            return None
        waste_top = position.waste[-1] if position.waste else None

        def goes_home(card: int) -> bool:
            return bool(self.foundation_targets(position, card))

        def progress(columns: tuple[tuple[int, ...], ...]) -> bool:
            if any(column and goes_home(column[-1]) for column in columns):
                return True
            if waste_top is None:
                return False
            return goes_home(waste_top) or any(fits_on_column(waste_top, column) for column in columns)

        start = tuple(sorted(position.tableau))
        seen = {start}
        frontier = [start]
        moved_any = False
        while frontier:
            columns = frontier.pop()
            if progress(columns):
                return None
            empty = sum(1 for column in columns if not column)
            for source_index, column in enumerate(columns):
                for count in range(1, suit_run_length(column) + 1):
                    first = column[-count]
                    for target_index, target in enumerate(columns):
                        if target_index == source_index or not fits_on_column(first, target):
                            continue
                        if count > 1 << max(empty - (0 if target else 1), 0):
                            continue
                        moved_any = True
                        after = list(columns)
                        after[source_index] = column[:-count]
                        after[target_index] = target + column[-count:]
                        child = tuple(sorted(after))
                        if child not in seen:
                            if len(seen) >= STUCK_SEARCH_LIMIT:
                                return None
                            seen.add(child)
                            frontier.append(child)
        table = Said(Reason.TABLE_BACK_AND_FORTH if moved_any else Reason.TABLE_NO_MOVE)
        stock = Said(Reason.NO_PASS_LEFT if position.waste else Reason.STOCK_AND_WASTE_EMPTY)
        return Said(Reason.KLONDIKE_LOST, message=table, message2=stock)

    def safe_moves(self, position: FortyThievesPosition) -> list[Move]:
        """Moves home that no later play could need undone: a card whose suit's lower foundation
        is at most two ranks below it (so any Ace or 2). Only a card one rank lower of its suit
        could go on it in a column, and each such card is home already or can go home the
        moment it could go on it: onto the lower foundation, which nothing else fits. An Ace
        goes to the first empty foundation."""
        lowest = lowest_home(position.foundations)
        moves = []
        tops = [("waste", position.waste)] + list(zip(TABLEAU, position.tableau))
        for source, cards in tops:
            if cards and lowest[suit(cards[-1])] >= rank(cards[-1]) - 2:
                moves += [Move(source, target) for target in self.foundation_targets(position, cards[-1])[:1]]
        return moves

    def completion(self, position: FortyThievesPosition) -> list[Move] | None:
        """Every card home, lowest first, once the stock is empty and every column and the waste
        descend strictly towards the top: the lowest card left then lies on top of its pile,
        and a foundation of its suit waits for it (every lower card is home)."""
        piles = [position.waste, *position.tableau]
        if position.stock or self.is_won(position) or not all(is_descending(pile) for pile in piles):
            return None
        return home_lowest_first(self, position, self.top_cards, self.foundation_targets)

    @staticmethod
    def top_cards(position: FortyThievesPosition) -> list[tuple[str, int]]:
        """The waste's and the columns' top cards."""
        return [(source, cards[-1]) for source, cards in [("waste", position.waste), *zip(TABLEAU, position.tableau)] if cards]

    # -- presentation ----------------------------------------------------------

    def slots(self) -> list[Slot]:
        """Stock, waste and the eight foundations in a row; the ten columns under them."""
        top = [Slot("stock", 0, 0, "none"), Slot("waste", 1, 0, "none")]
        top += [Slot(name, 2 + i, 0, "none", "A") for i, name in enumerate(FOUNDATION)]
        return top + [Slot(name, i, 1, "down") for i, name in enumerate(TABLEAU)]

    def piles(self, position: FortyThievesPosition) -> list[PileView]:
        def view(name: str, cards: tuple[int, ...], face_up: bool = True) -> PileView:
            return PileView(name, cards, (face_up,) * len(cards), (not face_up,) * len(cards))

        result = [view("stock", position.stock, False), view("waste", position.waste)]
        result += [view(name, cards) for name, cards in zip(FOUNDATION, position.foundations)]
        return result + [view(name, column) for name, column in zip(TABLEAU, position.tableau)]

    def score(self, position: FortyThievesPosition, seconds: int, won: bool) -> int | None:
        """Aisleriot's: 5 per card home, 60 more per foundation complete to the King."""
        if self.scoring == "none":
            return None
        home = sum(len(foundation) for foundation in position.foundations)
        complete = sum(1 for foundation in position.foundations if foundation and rank(foundation[-1]) == KING)
        return POINTS_PER_CARD * home + POINTS_PER_SUIT * complete

    def status_line(self, position: FortyThievesPosition) -> Said:
        """The cards left in the stock and the longest run that may move now (at most 13)."""
        return Said(Status.STOCK_CAN_MOVE, number=len(position.stock), number2=min(self.move_capacity(position), KING))

    def text_layout(self, position: FortyThievesPosition) -> str:
        """Every pile on a line, bottom card first; the stock's cards (face down) in brackets,
        its last card the next one turned."""
        lines = [pile_line("stock", position.stock, len(position.stock)), pile_line("waste", position.waste)]
        lines += [pile_line(name, cards) for name, cards in zip(FOUNDATION, position.foundations)]
        lines += [pile_line(name, column) for name, column in zip(TABLEAU, position.tableau)]
        return "\n".join(lines)

    def parse_layout(self, text: str) -> FortyThievesPosition:
        """Read the notation of ``text_layout`` back (lines starting with # are comments;
        missing piles are empty; brackets, which mark face-down cards, may be left out).
        Every card of the two decks must appear exactly twice."""
        piles: dict[str, list[str]] = {}
        for name, rest in layout_lines(text):
            if name not in ("stock", "waste") + FOUNDATION + TABLEAU:
                raise NotationError(Reason.UNKNOWN_PILE, place=name)
            if name in piles:
                raise NotationError(Reason.PILE_TWICE, pile=name)
            piles[name] = rest.split()
        copies = CopyCounter()

        def read(name: str) -> tuple[int, ...]:
            words = piles.get(name, [])
            face_down_count(name, words)
            return tuple(copies.card(word) for word in words)

        position = FortyThievesPosition(
            stock=read("stock"),
            waste=read("waste"),
            foundations=tuple(read(name) for name in FOUNDATION),
            tableau=tuple(read(name) for name in TABLEAU),
        )
        check_every_card_once(position.stock + position.waste + sum(position.tableau, ()) + sum(position.foundations, ()), DECKS)
        for name, foundation in zip(FOUNDATION, position.foundations):
            if foundation and not all(fits_on_foundation(c, foundation[:i]) for i, c in enumerate(foundation)):
                raise NotationError(Reason.FOUNDATION_ORDER, pile=name)
        return position
