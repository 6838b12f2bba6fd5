"""TriPeaks, as the TriPeaks paragraph of the Klondike reference text describes it.

Twenty-eight cards form three peaks in four rows (``peak-1`` .. ``peak-28``,
row by row from the top, left to right): row 1 holds the three peak tops,
row 2 six cards (two under each top), row 3 nine (three under each peak),
row 4 a continuous row of ten. Each card but those of row 4 is covered by
two cards of the row below:

- row 3 card j (0..8) by row 4 cards j and j+1;
- row 2 card i (0..5), of peak i // 2, by row 3 cards i + i // 2 and the one after;
- row 1 card k by row 2 cards 2k and 2k+1.

Only row 4 is dealt face up; a card turns face up as soon as both cards
covering it are gone (so a face-up card is always a free one). Nothing is
built: a face-up card goes onto the single waste pile when it is one rank
above or below the waste's top card, in any suit; King and Ace connect
(K-A and A-K both play). The other 24 cards are the stock: one is turned
onto the waste at the start (so the stock holds 23), and the stock turns one
card at a time onto the waste, one pass only. The game is won when all three
peaks are cleared; cards left in the stock do not matter.

Moves: ``Move("peak-23", "waste")`` plays a card, ``Move("stock", "waste")``
turns one. An empty waste (only in a position set up by hand) takes any card.

Scoring, the run bonus of Microsoft's TriPeaks: the cards played from the
peaks in a row without turning a stock card form a run, and the n-th card of
a run scores n points (1, 2, 3, ...); turning a stock card ends the run.
Clearing a peak (removing its top card) earns 15 points for the first and
the second peak and 30 for the third. The game starts at 0; time does not
count. The position keeps the current run length.

``is_stuck`` is True when no card plays now nor after any number of further
stock turns (every stock card is checked as a future waste top), so it is
True at the latest when no card plays and the stock is empty. There are no
safe moves (every play changes the waste top, which may matter), and
``completion`` always returns None.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from ..cards import rank
from ..game import (
    IllegalMove,
    Move,
    NotationError,
    OptionSpec,
    PileView,
    Slot,
    check_deal_number,
    validate_options,
)
from ..rng import shuffled
from ..texts import Reason, Said, Status
from .covering import (
    Covering,
    Places,
    free_places,
    is_free,
    layout_fields,
    read_cards,
    read_number,
    read_rows,
    row_lines,
    row_starts,
    without,
)
from .single_waste import SingleWaste
from .table import check_every_card_once, pile_index

ROW_SIZES = (3, 6, 9, 10)
ROWS = len(ROW_SIZES)
PLACES = sum(ROW_SIZES)  # 28
ROW_START = tuple(row_starts(ROW_SIZES))  # 0, 3, 9, 18
PEAK = tuple(f"peak-{n}" for n in range(1, PLACES + 1))
PEAK_TOPS = range(ROW_START[0], ROW_START[1])

OPTIONS: tuple[OptionSpec, ...] = ()

# Scoring.
PEAK_BONUS = 15  # for the first and the second peak cleared
LAST_PEAK_BONUS = 30  # for the third


def tripeaks_covering() -> Covering:
    """The places lying on each place, as the module docstring lists them."""
    tops = tuple((ROW_START[1] + 2 * k, ROW_START[1] + 2 * k + 1) for k in range(3))
    second = tuple((ROW_START[2] + i + i // 2, ROW_START[2] + i + i // 2 + 1) for i in range(6))
    third = tuple((ROW_START[3] + j, ROW_START[3] + j + 1) for j in range(9))
    bottom: tuple[tuple[int, ...], ...] = ((),) * ROW_SIZES[3]
    return tops + second + third + bottom


COVERING = tripeaks_covering()

# Slot columns of each row, chosen so that each card lies centred on the two covering it.
ROW_COLUMNS: tuple[tuple[float, ...], ...] = (
    (1.5, 4.5, 7.5),
    (1, 2, 4, 5, 7, 8),
    tuple(j + 0.5 for j in range(9)),
    tuple(float(j) for j in range(10)),
)


@dataclass(frozen=True, slots=True)
class TriPeaksPosition:
    """A TriPeaks table. Piles list their cards bottom first."""

    peaks: Places  # 28 places, row by row from the top; None once the card is played
    stock: tuple[int, ...]  # the last card is turned next
    waste: tuple[int, ...]
    run: int  # cards played from the peaks since the last stock card was turned
    score: int


def one_apart(card: int, other: int) -> bool:
    """True if the ranks differ by one, King and Ace counting as neighbours.

    >>> from solitaire.card_notation import parse_card as card
    >>> one_apart(card("5C"), card("4D")), one_apart(card("AS"), card("KH")), one_apart(card("2S"), card("KH"))
    (True, True, False)
    """
    return (rank(card) - rank(other)) % 13 in (1, 12)


class TriPeaks(SingleWaste[TriPeaksPosition]):
    """TriPeaks (no options)."""

    game_id = "tripeaks"
    option_specs = OPTIONS

    def __init__(self, options: Mapping[str, str] | None = None) -> None:
        self.options = validate_options(OPTIONS, options or {})

    # -- dealing -------------------------------------------------------------

    def deal(self, number: int) -> TriPeaksPosition:
        """Shuffle one deck with the deal number as seed: the first 28 cards fill
        peak-1 .. peak-28 in order, the other 24 are the stock (the last on top),
        whose top card is then turned onto the waste."""
        deck = shuffled(range(52), check_deal_number(number))
        return TriPeaksPosition(
            peaks=tuple(deck[:PLACES]),
            stock=tuple(deck[PLACES:-1]),
            waste=(deck[-1],),
            run=0,
            score=0,
        )

    # -- moves ---------------------------------------------------------------

    def plays_on(self, card: int, top: int) -> bool:
        return one_apart(card, top)

    def free_cards(self, position: TriPeaksPosition) -> list[tuple[str, int]]:
        """The face-up cards of the peaks."""
        return [(PEAK[index], card) for index in free_places(position.peaks, COVERING) if (card := position.peaks[index]) is not None]

    def play(self, position: TriPeaksPosition, move: Move) -> TriPeaksPosition:
        index = pile_index(move.source, "peak", PLACES)
        if index is None:
            raise IllegalMove(Reason.NO_SUCH_PILE, place=move.source)
        if move.target != "waste":
            raise IllegalMove(Reason.PEAKS_TO_WASTE)
        if move.count != 1:
            raise IllegalMove(Reason.SINGLE_CARD)
        card = position.peaks[index]
        if card is None:
            raise IllegalMove(Reason.PILE_EMPTY, pile=move.source)
        if not is_free(position.peaks, COVERING, index):
            raise IllegalMove(Reason.FACE_DOWN_PEAK, pile=move.source)
        if not self.fits(position, card):
            raise IllegalMove(self.misfit(card, position.waste[-1]))
        peaks = without(position.peaks, index)
        run = position.run + 1
        points = run
        if index in PEAK_TOPS:
            cleared = sum(1 for top in PEAK_TOPS if peaks[top] is None)
            points += LAST_PEAK_BONUS if cleared == len(PEAK_TOPS) else PEAK_BONUS
        return replace(position, peaks=peaks, waste=position.waste + (card,), run=run, score=position.score + points)

    def lost(self, position: TriPeaksPosition) -> Said:
        return Said(Reason.TRIPEAKS_STOCK_NO_HELP if position.stock else Reason.TRIPEAKS_STOCK_EMPTY, card=position.waste[-1])

    def drawn(self, position: TriPeaksPosition, stock: tuple[int, ...], waste: tuple[int, ...]) -> TriPeaksPosition:
        """A draw ends the run."""
        return replace(position, stock=stock, waste=waste, run=0)

    # -- verdicts ------------------------------------------------------------

    def is_won(self, position: TriPeaksPosition) -> bool:
        return all(card is None for card in position.peaks)

    # -- presentation ----------------------------------------------------------

    def slots(self) -> list[Slot]:
        """The peaks from y 0 (tops) to y 1.5 (the row of ten at x 0..9), rows
        half a card apart; stock and waste below them, at y 3."""
        result = [Slot("stock", 0, 3, "none"), Slot("waste", 1.2, 3, "none")]
        names = iter(PEAK)
        for row, columns in enumerate(ROW_COLUMNS):
            result += [Slot(next(names), x, row / 2, "none") for x in columns]
        return result

    def face_up(self, position: TriPeaksPosition) -> tuple[bool, ...]:
        """For each peak place: does its card (if any) show its face? Exactly the free ones do."""
        return tuple(is_free(position.peaks, COVERING, index) for index in range(PLACES))

    def piles(self, position: TriPeaksPosition) -> list[PileView]:
        def view(name: str, cards: tuple[int, ...], face_up: bool) -> PileView:
            return PileView(name, cards, (face_up,) * len(cards), (not face_up,) * len(cards))

        result = [view("stock", position.stock, False), view("waste", position.waste, True)]
        result += [view(name, () if card is None else (card,), up) for name, card, up in zip(PEAK, position.peaks, self.face_up(position))]
        return result

    def status_line(self, position: TriPeaksPosition) -> Said:
        return Said(Status.STOCK_RUN, number=len(position.stock), number2=position.run)

    def text_layout(self, position: TriPeaksPosition) -> str:
        """``stock`` (face down, last card turned next) and ``waste`` bottom card
        first, then the peaks as ``row-1`` .. ``row-4``, left to right, face-down
        cards in brackets, ``--`` for a played card. ``run: N`` and ``score: N``
        follow when not 0.
        """
        lines = self.talon_lines(position)
        lines += row_lines(position.peaks, ROW_SIZES, self.face_up(position))
        lines += [f"{name}: {value}" for name, value in (("run", position.run), ("score", position.score)) if value]
        return "\n".join(lines)

    def parse_layout(self, text: str) -> TriPeaksPosition:
        """Read the notation of ``text_layout`` back (``#`` starts a comment line;
        missing piles and rows are empty). Every card must appear exactly once,
        and brackets must mark exactly the covered cards (a card is face down
        while a card covering it remains)."""
        rows = tuple(f"row-{row}" for row in range(1, ROWS + 1))
        fields = layout_fields(text, ("stock", "waste") + rows + ("run", "score"))
        peaks, bracketed = read_rows(fields, ROW_SIZES)
        position = TriPeaksPosition(
            peaks=peaks,
            stock=read_cards(fields, "stock"),
            waste=read_cards(fields, "waste"),
            run=read_number(fields, "run", 0),
            score=read_number(fields, "score", 0),
        )
        check_every_card_once((*position.peaks, *position.stock, *position.waste))
        for index, (card, up, written_down) in enumerate(zip(peaks, self.face_up(position), bracketed)):
            if card is not None and up == written_down:
                state = Said(Reason.FACE_UP_FREE) if up else Said(Reason.FACE_DOWN_COVERED)
                raise NotationError(Reason.PEAK_STATE, pile=PEAK[index], message=state, message2=Said(Reason.WITHOUT if up else Reason.IN))
        return position
