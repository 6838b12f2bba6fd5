"""Klondike, as the two Klondike rule texts of the project describe it.

Seven columns of 1..7 cards, only the top card of each face up; the other 24
cards make the stock. Columns build down in alternating colours; any face-up
run whose first card fits may move; only a King or a King-led run fills an
empty column; a face-down card left on top of a column turns face up.
Foundations build up by suit from the Ace; a foundation card may go back to
a column. The stock deals one or three cards to the waste, whose top card
alone is playable; an empty stock is refilled by turning the waste over,
unshuffled.

Scoring (option ``scoring``):

- ``standard`` (Windows): waste to column +5, any card to a foundation +10,
  foundation to column -15, turning a column card +5; turning the waste over
  costs 100 in draw one, and in draw three 20 for each turn-over from the
  third on (the turn-overs that end the third pass and later ones). The score
  never drops below 0. Timed games lose 2 points per 10 seconds and a win
  after more than 30 seconds earns a bonus of 700000 / seconds.
- ``vegas`` and ``vegas-cumulative``: a stake of 52, +5 for each card put on a
  foundation (and, our choice so that shuffling a card back and forth earns
  nothing, -5 for each card taken back). Draw one allows a single pass
  through the stock, draw three three passes. The cumulative balance is kept
  from game to game by the page.
- ``none``: no score.

Passes through the stock are unlimited outside Vegas.

Open mode (option ``open``) is the "skill" mode of the first rule text: every
card is shown, but a card dealt face down is still locked until the cards on
it are gone, exactly as if it were face down (so the rules, the score and the
solver's full-information play are unchanged).

Aces go to any empty foundation; the page numbers foundations 1-4 from left.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from ..cards import rank, suit
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
from . import back_and_forth
from .table import (
    CopyCounter,
    check_every_card_once,
    face_down_count,
    fits_king_or_alternating,
    fits_on_foundation,
    is_alternating_run,
    layout_lines,
    lift,
    onto_foundation,
    onto_king_or_alternating,
    pile_index,
    pile_line,
    pile_names,
    replace_at,
    safe_to_play_home,
    turned_up,
)
from .talon import Talon

OPTIONS = (
    OptionSpec("draw", ("1", "3"), changes_deal=True),
    OptionSpec("scoring", ("standard", "vegas", "vegas-cumulative", "none")),
    OptionSpec("timed", ("off", "on")),
    OptionSpec("open", ("off", "on")),
)

# Standard (Windows) scoring.
WASTE_TO_TABLEAU = 5
TO_FOUNDATION = 10
FOUNDATION_TO_TABLEAU = -15
TURN_CARD = 5
RECYCLE_DRAW_ONE = -100
RECYCLE_DRAW_THREE = -20
FREE_RECYCLES_DRAW_THREE = 2
TIME_PENALTY, TIME_PENALTY_SECONDS = 2, 10
TIME_BONUS, TIME_BONUS_MIN_SECONDS = 700_000, 30
# Vegas scoring.
VEGAS_STAKE = -52
VEGAS_PER_CARD = 5
# The most positions of the columns and foundations that ``is_stuck`` looks at; past them the
# game is said not to be stuck. Measured on random play: almost every verdict needs one.
STUCK_SEARCH_LIMIT = 500


@dataclass(frozen=True, slots=True)
class KlondikePosition:
    """A Klondike table. Every pile lists its cards bottom first."""

    tableau: tuple[tuple[int, ...], ...]
    hidden: tuple[int, ...]  # how many cards at the bottom of each column are face down
    stock: tuple[int, ...]  # the last card is drawn next
    waste: tuple[int, ...]
    foundations: tuple[tuple[int, ...], ...]
    redeals: int  # times the waste has been turned over
    score: int  # the score earned by moves (time is accounted for in Rules.score)
    deal_number: int = 0  # only games that reshuffle on a redeal (Double Klondike) need it


fits_on_tableau = fits_king_or_alternating


class Klondike(Talon[KlondikePosition], Rules[KlondikePosition]):
    """Klondike for one set of options (draw, scoring, timed, open)."""

    game_id = "klondike"
    option_specs: tuple[OptionSpec, ...] = OPTIONS
    columns = 7
    decks = 1

    def __init__(self, options: Mapping[str, str] | None = None) -> None:
        self.options = validate_options(self.option_specs, options or {})
        self.tableau_names = pile_names("tableau", self.columns)
        self.foundation_names = pile_names("foundation", 4 * self.decks)
        self.card_count = 52 * self.decks
        self.draw = int(self.options["draw"])
        self.scoring = self.options["scoring"]
        self.vegas = self.scoring.startswith("vegas")
        self.timed = self.options["timed"] == "on"
        self.open = self.options["open"] == "on"
        # Vegas: one pass in draw one, three in draw three; otherwise unlimited.
        self.max_redeals: int | None = (self.draw - 1) if self.vegas else None

    def daily_proof_options(self) -> dict[str, str]:
        """Vegas's pass limits: a deal won within them is won under every scoring."""
        return {**self.options, "scoring": "vegas"}

    # -- dealing -------------------------------------------------------------

    def deal(self, number: int) -> KlondikePosition:
        """Shuffle the deck with the deal number as seed and lay it out."""
        deck = shuffled(range(self.card_count), check_deal_number(number))
        columns, stock = self.lay_out(deck)
        return KlondikePosition(
            tableau=tuple(tuple(column) for column in columns),
            hidden=tuple(len(column) - 1 for column in columns),
            stock=tuple(stock),
            waste=(),
            foundations=((),) * len(self.foundation_names),
            redeals=0,
            score=VEGAS_STAKE if self.vegas else 0,
        )

    def lay_out(self, deck: list[int]) -> tuple[list[list[int]], list[int]]:
        """Deal as a player deals by hand: one card to each column from the
        left, then a row starting one column further right, and so on; the
        cards left, in order, are the stock, the last one on top."""
        columns: list[list[int]] = [[] for _ in range(self.columns)]
        dealt = 0
        for row in range(self.columns):
            for column in range(row, self.columns):
                columns[column].append(deck[dealt])
                dealt += 1
        return columns, deck[dealt:]

    # -- moves ---------------------------------------------------------------

    def card_moves(self, position: KlondikePosition) -> list[Move]:
        """Every legal move that is not a draw or a redeal."""
        moves: list[Move] = []
        tops = [("waste", position.waste)] + list(zip(self.tableau_names, position.tableau))
        for source, cards in tops:
            if cards:
                moves += [Move(source, target) for target in self.foundation_targets(position, cards[-1])]
        if position.waste:
            card = position.waste[-1]
            moves += [Move("waste", self.tableau_names[i]) for i, column in enumerate(position.tableau) if fits_on_tableau(card, column)]
        for source_index, column in enumerate(position.tableau):
            for start in range(position.hidden[source_index], len(column)):
                run = column[start:]
                if not is_alternating_run(run):
                    continue
                moves += [
                    Move(self.tableau_names[source_index], self.tableau_names[i], len(run))
                    for i, target in enumerate(position.tableau)
                    if i != source_index and fits_on_tableau(run[0], target)
                ]
        for f_index, foundation in enumerate(position.foundations):
            if foundation:
                moves += [
                    Move(self.foundation_names[f_index], self.tableau_names[i])
                    for i, column in enumerate(position.tableau)
                    if fits_on_tableau(foundation[-1], column)
                ]
        return moves

    def foundation_targets(self, position: KlondikePosition, card: int) -> list[str]:
        return [self.foundation_names[i] for i, foundation in enumerate(position.foundations) if fits_on_foundation(card, foundation)]

    def legal_moves(self, position: KlondikePosition) -> list[Move]:
        return self.card_moves(position) + self.stock_moves(position)

    def apply(self, position: KlondikePosition, move: Move) -> KlondikePosition:
        if move.source == move.target:
            raise IllegalMove(Reason.SAME_PILE)
        if move.source == "stock":
            return self.draw_cards(position, move)
        if move.source == "waste" and move.target == "stock":
            return self.redeal(position, move)
        cards = self.take(position, move)
        after = self.put(self.remove(position, move.source, move.count), move.target, cards)
        return self.turn_exposed(after, self.move_points(move))

    def draw_cards(self, position: KlondikePosition, move: Move) -> KlondikePosition:
        stock, waste = self.dealt(position, move)
        return replace(position, stock=stock, waste=waste)

    def redeal(self, position: KlondikePosition, move: Move) -> KlondikePosition:
        self.check_redeal(position, move, Said(Reason.VEGAS_PASSES, number=self.draw))
        redeals = position.redeals + 1
        points = 0
        if self.scoring == "standard":
            if self.draw == 1:
                points = RECYCLE_DRAW_ONE
            elif redeals > FREE_RECYCLES_DRAW_THREE:
                points = RECYCLE_DRAW_THREE
        return replace(
            position,
            stock=position.waste[::-1],
            waste=(),
            redeals=redeals,
            score=self.add_points(position.score, points),
        )

    def take(self, position: KlondikePosition, move: Move) -> tuple[int, ...]:
        """The cards a move lifts, after checking that it may lift them."""
        if move.count < 1:
            raise IllegalMove(Reason.NO_CARDS)
        if move.source == "waste":
            if not position.waste:
                raise IllegalMove(Reason.WASTE_EMPTY)
            if move.count != 1:
                raise IllegalMove(Reason.WASTE_TOP_ONLY)
            return position.waste[-1:]
        if (index := pile_index(move.source, "foundation", len(self.foundation_names))) is not None:
            foundation = position.foundations[index]
            if not foundation:
                raise IllegalMove(Reason.FOUNDATION_EMPTY)
            if move.count != 1:
                raise IllegalMove(Reason.FOUNDATION_ONE_AT_A_TIME)
            if move.target.startswith("foundation"):
                raise IllegalMove(Reason.FOUNDATION_TO_COLUMN_ONLY)
            return foundation[-1:]
        if (index := pile_index(move.source, "tableau", self.columns)) is not None:
            run = lift(position.tableau[index], move.count, position.hidden[index])
            if not is_alternating_run(run):
                raise IllegalMove(Reason.NOT_AN_ALTERNATING_RUN)
            return run
        raise IllegalMove(Reason.NOT_A_SOURCE, place=move.source)

    def remove(self, position: KlondikePosition, source: str, count: int) -> KlondikePosition:
        if source == "waste":
            return replace(position, waste=position.waste[:-count])
        if (index := pile_index(source, "foundation", len(self.foundation_names))) is not None:
            return replace(position, foundations=replace_at(position.foundations, index, position.foundations[index][:-count]))
        index = pile_index(source, "tableau", self.columns)
        assert index is not None
        return replace(position, tableau=replace_at(position.tableau, index, position.tableau[index][:-count]))

    def put(self, position: KlondikePosition, target: str, cards: tuple[int, ...]) -> KlondikePosition:
        if (index := pile_index(target, "foundation", len(self.foundation_names))) is not None:
            return replace(position, foundations=onto_foundation(position.foundations, index, cards))
        if (index := pile_index(target, "tableau", self.columns)) is not None:
            return replace(position, tableau=onto_king_or_alternating(position.tableau, index, cards))
        raise IllegalMove(Reason.NOT_A_TARGET, place=target)

    def move_points(self, move: Move) -> int:
        to_foundation = move.target.startswith("foundation")
        from_foundation = move.source.startswith("foundation")
        if self.vegas:
            return VEGAS_PER_CARD if to_foundation else -VEGAS_PER_CARD if from_foundation else 0
        if self.scoring != "standard":
            return 0
        if to_foundation:
            return TO_FOUNDATION
        if from_foundation:
            return FOUNDATION_TO_TABLEAU
        return WASTE_TO_TABLEAU if move.source == "waste" else 0

    def turn_exposed(self, position: KlondikePosition, points: int) -> KlondikePosition:
        """Turn face up any face-down card left on top of its column."""
        hidden = turned_up(position.hidden, position.tableau)
        turned = sum(old - new for old, new in zip(position.hidden, hidden))
        if self.scoring == "standard":
            points += TURN_CARD * turned
        return replace(position, hidden=hidden, score=self.add_points(position.score, points))

    def add_points(self, score: int, points: int) -> int:
        total = score + points
        return max(total, 0) if self.scoring == "standard" else total

    # -- verdicts ------------------------------------------------------------

    def is_won(self, position: KlondikePosition) -> bool:
        return sum(len(foundation) for foundation in position.foundations) == self.card_count

    def is_stuck(self, position: KlondikePosition) -> bool:
        """No move can change the game any more (see ``stuck_reason``)."""
        return self.stuck_reason(position) is not None

    def stuck_reason(self, position: KlondikePosition) -> Said | None:
        """Why no move can change the game any more, or None while one may.

        A move *changes the game* (progress) when it turns a card face up, takes a card
        from the stock or the waste to a column or a foundation, or lifts the foundations'
        total above what it is in ``position``. Every other move (column to column turning
        nothing up, foundation to column, a card going back up to its foundation, a draw, a
        redeal) only moves cards back and forth. A game is won only through progress, so
        when no position that such moves reach has a progress move, the game is lost.

        Draws and redeals touch only the stock and the waste, the other moves only the
        columns and the foundations: the two commute, so the search walks the stock once for
        the cards it can bring to the top (``coming_cards``) and searches the positions of
        the columns and foundations alone, each checked against all those cards. It looks at
        no more than ``STUCK_SEARCH_LIMIT`` of them; past that the game is said not to be
        stuck (a loss is claimed only when proven).
        """
        if self.is_won(position):
            return None
        coming, stock_said = self.coming_cards(position)
        table_said = self.table_is_spent(position, coming)
        if table_said is None:
            return None
        return Said(Reason.KLONDIKE_LOST, message=table_said, message2=stock_said)

    def table_is_spent(self, position: KlondikePosition, coming: set[int]) -> Said | None:
        """None when some position of the columns and foundations that moves changing nothing
        reach has a progress move (one of ``coming`` fitting anywhere counts), or the search
        hit its bound; else what the table's moves do: nothing at all, or only back and forth
        (``back_and_forth.search``)."""
        columns = [(hidden > 0, tuple(card % 52 for card in column[hidden:])) for hidden, column in zip(position.hidden, position.tableau)]
        home: list[list[int]] = [[] for _ in range(4)]
        for foundation in position.foundations:
            if foundation:
                home[suit(foundation[-1])].append(rank(foundation[-1]))
        piles = [tuple(ranks + [0] * (self.decks - len(ranks))) for ranks in home]
        outcome = back_and_forth.search(columns, piles, {card % 52 for card in coming}, STUCK_SEARCH_LIMIT)
        if outcome == "no-move":
            return Said(Reason.TABLE_NO_MOVE)
        if outcome == "back-and-forth":
            return Said(Reason.TABLE_BACK_AND_FORTH)
        return None

    def safe_moves(self, position: KlondikePosition) -> list[Move]:
        """Moves to a foundation that no later play could need undone.

        A card is safe on its foundation when it is an Ace or a 2, or when
        both foundations of the other colour are no more than one rank
        behind (no card that could go on it in a column is still out).
        """
        # The lowest foundation of each suit (two decks: two foundations per suit; one not started counts 0).
        built: list[list[int]] = [[] for _ in range(4)]
        for foundation in position.foundations:
            if foundation:
                built[suit(foundation[-1])].append(rank(foundation[-1]))
        lowest = [min(ranks + [0] * (self.decks - len(ranks))) for ranks in built]
        moves = []
        tops = [("waste", position.waste)] + list(zip(self.tableau_names, position.tableau))
        for source, cards in tops:
            if not cards:
                continue
            card = cards[-1]
            if safe_to_play_home(card, lowest):
                moves += [Move(source, target) for target in self.foundation_targets(position, card)[:1]]
        return moves

    def completion(self, position: KlondikePosition) -> list[Move] | None:
        """A finishing line found by simple play, or None.

        Only tried once every column card is face up: play the lowest card
        that fits a foundation, otherwise draw (or redeal); give up after a
        whole pass through stock and waste with no card played.
        """
        if any(position.hidden) or self.is_won(position):
            return None
        moves: list[Move] = []
        current = position
        idle_draws = 0
        while not self.is_won(current):
            to_foundation = sorted(
                (m for m in self.card_moves(current) if m.target.startswith("foundation") and not m.source.startswith("foundation")),
                key=lambda m: rank(self.top_card(current, m.source)),
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

    def top_card(self, position: KlondikePosition, pile: str) -> int:
        return self.pile_cards(position, pile)[-1]

    def pile_cards(self, position: KlondikePosition, pile: str) -> tuple[int, ...]:
        if pile == "stock":
            return position.stock
        if pile == "waste":
            return position.waste
        if (index := pile_index(pile, "foundation", len(self.foundation_names))) is not None:
            return position.foundations[index]
        if (index := pile_index(pile, "tableau", self.columns)) is not None:
            return position.tableau[index]
        raise KeyError(pile)

    # -- presentation ----------------------------------------------------------

    def slots(self) -> list[Slot]:
        waste_fan: Fan = "right" if self.draw == 3 else "none"
        top = [Slot("stock", 0, 0, "none"), Slot("waste", 1, 0, waste_fan)]
        top += [Slot(name, 3 + i, 0, "none", "A") for i, name in enumerate(self.foundation_names)]
        return top + [Slot(name, i, 1, "down", "K") for i, name in enumerate(self.tableau_names)]

    def piles(self, position: KlondikePosition) -> list[PileView]:
        def view(name: str, cards: tuple[int, ...], face_down: int = 0, show_all: bool = False) -> PileView:
            return PileView(
                name,
                cards,
                tuple(show_all or i >= face_down for i in range(len(cards))),
                tuple(i < face_down for i in range(len(cards))),
            )

        result = [
            view("stock", position.stock, len(position.stock), self.open),
            view("waste", position.waste),
        ]
        result += [view(name, cards) for name, cards in zip(self.foundation_names, position.foundations)]
        result += [
            view(name, column, hidden, self.open) for name, column, hidden in zip(self.tableau_names, position.tableau, position.hidden)
        ]
        return result

    def score_runs_with_clock(self) -> bool:
        return self.scoring == "standard" and self.timed

    def score_carries_over(self) -> bool:
        return self.scoring == "vegas-cumulative"

    def score_in_dollars(self) -> bool:
        return self.vegas

    def score(self, position: KlondikePosition, seconds: int, won: bool) -> int | None:
        if self.scoring == "none":
            return None
        if self.scoring != "standard" or not self.timed:
            return position.score
        score = max(position.score - TIME_PENALTY * (seconds // TIME_PENALTY_SECONDS), 0)
        if won and seconds > TIME_BONUS_MIN_SECONDS:
            score += TIME_BONUS // seconds
        return score

    def status_line(self, position: KlondikePosition) -> Said:
        if self.max_redeals is None:
            return Said(Status.DRAW, number=self.draw)
        return Said(Status.DRAW_PASS, number=self.draw, number2=position.redeals + 1, number3=self.max_redeals + 1)

    def text_layout(self, position: KlondikePosition) -> str:
        """Every pile on a line, bottom card first; face-down cards in brackets.

        ``stock`` lists its cards bottom first too, so the last card is the
        next one drawn.
        """

        lines = [pile_line("stock", position.stock, len(position.stock)), pile_line("waste", position.waste)]
        lines += [pile_line(name, cards) for name, cards in zip(self.foundation_names, position.foundations)]
        lines += [pile_line(name, column, hidden) for name, column, hidden in zip(self.tableau_names, position.tableau, position.hidden)]
        # What is not on the table: the passes used and the score so far, when play changed them.
        if position.redeals:
            lines.append(f"redeals: {position.redeals}")
        if position.score != self.start_score():
            lines.append(f"score: {position.score}")
        return "\n".join(lines)

    def start_score(self) -> int:
        return VEGAS_STAKE if self.vegas else 0

    def parse_layout(self, text: str) -> KlondikePosition:
        """Read the notation of ``text_layout`` back (lines starting with # are
        comments; missing piles are empty; ``redeals: N`` and ``score: N`` may be
        given). Every card of the deck must appear exactly once; a ValueError says what is wrong.
        """
        piles: dict[str, list[str]] = {}
        redeals, score = 0, self.start_score()
        for name, rest in layout_lines(text):
            if name == "redeals":
                redeals = whole_number(name, rest)
            elif name == "score":
                score = whole_number(name, rest)
            elif name in ("stock", "waste") + self.foundation_names + self.tableau_names:
                piles[name] = rest.split()
            else:
                raise NotationError(Reason.UNKNOWN_PILE, place=name)

        def read(name: str) -> tuple[tuple[int, ...], int]:
            words = piles.get(name, [])
            face_down = face_down_count(name, words)
            return tuple(copies.card(word) for word in words), face_down

        copies = CopyCounter()
        columns = [read(name) for name in self.tableau_names]
        position = KlondikePosition(
            tableau=tuple(cards for cards, _ in columns),
            hidden=tuple(min(down, max(len(cards) - 1, 0)) for cards, down in columns),
            stock=read("stock")[0],
            waste=read("waste")[0],
            foundations=tuple(read(name)[0] for name in self.foundation_names),
            redeals=redeals,
            score=score,
        )
        check_every_card_once(position.stock + position.waste + sum(position.tableau, ()) + sum(position.foundations, ()), self.decks)
        for name, foundation in zip(self.foundation_names, position.foundations):
            if foundation and not all(fits_on_foundation(c, foundation[:i]) for i, c in enumerate(foundation)):
                raise NotationError(Reason.FOUNDATION_ORDER, pile=name)
        return position
