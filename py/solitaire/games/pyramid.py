"""Pyramid, as the Pyramid paragraph of the Klondike reference text describes it.

Twenty-eight cards lie face up in a pyramid of seven rows (``pyramid-1`` at
the top, then row by row, left to right: row 2 is ``pyramid-2``/``-3``, row 7
is ``pyramid-22`` .. ``pyramid-28``). The card in row r, position p is
covered by the cards at positions p and p+1 of row r+1; a card is *free*
when nothing covers it any more. Nothing is ever built: two free cards whose
ranks add up to 13 (Ace 1, Jack 11, Queen 12) are removed together, and a
free King is removed alone. Removed cards go to one discard pile, which the
page calls ``foundation-1``.

The other 24 cards are the stock. It turns one card at a time onto the waste,
whose top card is free: it pairs with a free pyramid card, or goes alone if
it is a King. The stock may be gone through three times: when it is empty,
the waste is turned over, unshuffled, into a new stock (two redeals). The
game is won when the pyramid is cleared; cards left in the stock or waste do
not matter.

Where the text is silent we chose:

- Only the *top* card of the waste is free; the card under it is not, and the
  top card of the stock is not free either (it must be turned first).
- Both cards of a pair must be free before the move: a card cannot pair with
  a card that covers it.
- A pair is a move from the card picked first to its partner; both orders
  are legal: ``Move("pyramid-27", "pyramid-28")``, ``Move("waste", "pyramid-22")``,
  ``Move("pyramid-22", "waste")``. A King goes alone: ``Move("pyramid-28",
  "foundation-1")``, ``Move("waste", "foundation-1")``. The pair lands on the
  discard pile in that order (picked card first).
- Turning the waste over is ``Move("waste", "stock", len(waste))``; the first
  card turned in the previous pass is the first card turned again.

Scoring, in the style of Microsoft Solitaire Collection (values our choice):
5 points for each pair or King removed; a bonus when a row is cleared, which
grows towards the top: row 7 25, row 6 50, row 5 75, row 4 100, row 3 150,
row 2 250, and 500 for the top card, that is for clearing the pyramid. Rows
can only be cleared from the bottom up, so a full game earns each bonus
once. Drawing and turning the waste over cost nothing; time does not count.

``safe_moves`` removes free Kings (they pair with nothing, so removing one
never hurts). ``completion`` always returns None: a finishing line is not
certain without searching, and this module does not search.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from ..cards import KING, rank
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
from .table import check_every_card_once, pile_index, pile_line

ROWS = 7
ROW_SIZES = tuple(range(1, ROWS + 1))
PLACES = sum(ROW_SIZES)  # 28
ROW_START = tuple(row_starts(ROW_SIZES))
PYRAMID = tuple(f"pyramid-{n}" for n in range(1, PLACES + 1))
DISCARD = "foundation-1"
PAIR_SUM = 13
MAX_REDEALS = 2  # three passes through the stock

OPTIONS: tuple[OptionSpec, ...] = ()

# Scoring.
REMOVAL_POINTS = 5  # per pair or King removed
ROW_BONUS = {7: 25, 6: 50, 5: 75, 4: 100, 3: 150, 2: 250, 1: 500}  # row 1 cleared = the pyramid cleared


def place_row(index: int) -> int:
    """The row (1 = top) of a 0-based place index."""
    return max(row for row in range(1, ROWS + 1) if ROW_START[row - 1] <= index)


def pyramid_covering() -> Covering:
    """Row r, position p is covered by row r+1, positions p and p+1."""
    covering: list[tuple[int, ...]] = []
    for row in range(1, ROWS + 1):
        for position in range(row):
            if row == ROWS:
                covering.append(())
            else:
                below = ROW_START[row] + position
                covering.append((below, below + 1))
    return tuple(covering)


COVERING = pyramid_covering()


@dataclass(frozen=True, slots=True)
class PyramidPosition:
    """A Pyramid table. Piles list their cards bottom first."""

    pyramid: Places  # 28 places, row by row from the top; None once the card is removed
    stock: tuple[int, ...]  # the last card is turned next
    waste: tuple[int, ...]
    discard: tuple[int, ...]  # the removed cards: the page's foundation-1
    redeals: int  # times the waste has been turned over (at most 2)
    score: int


def pairs_up(first: int, second: int) -> bool:
    """True if the two ranks add up to 13 (Ace 1, Jack 11, Queen 12).

    >>> from solitaire.card_notation import parse_card as card
    >>> pairs_up(card("QH"), card("AS")), pairs_up(card("6H"), card("6C"))
    (True, False)
    """
    return rank(first) + rank(second) == PAIR_SUM


class Pyramid(Rules[PyramidPosition]):
    """Pyramid (no options)."""

    game_id = "pyramid"
    option_specs = OPTIONS
    tap_home = True  # a free King goes at one click: it has no partner to choose
    pairs_cards = True

    def __init__(self, options: Mapping[str, str] | None = None) -> None:
        self.options = validate_options(OPTIONS, options or {})

    # -- dealing -------------------------------------------------------------

    def deal(self, number: int) -> PyramidPosition:
        """Shuffle one deck with the deal number as seed: the first 28 cards fill
        pyramid-1 .. pyramid-28 in order, the other 24 are the stock, the last on top."""
        deck = shuffled(range(52), check_deal_number(number))
        return PyramidPosition(
            pyramid=tuple(deck[:PLACES]),
            stock=tuple(deck[PLACES:]),
            waste=(),
            discard=(),
            redeals=0,
            score=0,
        )

    # -- moves ---------------------------------------------------------------

    def free_cards(self, position: PyramidPosition) -> list[tuple[str, int]]:
        """Every free card with its pile: the uncovered pyramid cards, then the waste top."""
        free = [(PYRAMID[i], card) for i in free_places(position.pyramid, COVERING) if (card := position.pyramid[i]) is not None]
        if position.waste:
            free.append(("waste", position.waste[-1]))
        return free

    def card_moves(self, position: PyramidPosition) -> list[Move]:
        """Every legal removal: free Kings alone, and pairs of free cards (both orders)."""
        free = self.free_cards(position)
        moves = [Move(pile, DISCARD) for pile, card in free if rank(card) == KING]
        for pile, card in free:
            moves += [Move(pile, partner) for partner, other in free if partner != pile and pairs_up(card, other)]
        return moves

    def stock_moves(self, position: PyramidPosition) -> list[Move]:
        if position.stock:
            return [Move("stock", "waste")]
        if position.waste and position.redeals < MAX_REDEALS:
            return [Move("waste", "stock", len(position.waste))]
        return []

    def legal_moves(self, position: PyramidPosition) -> list[Move]:
        return self.card_moves(position) + self.stock_moves(position)

    def stock_move(self, position: PyramidPosition) -> Move:
        """A click on the stock: the draw or the turn-over of the waste; when neither
        is allowed, the move that ``apply`` refuses with the reason (passes spent,
        nothing left)."""
        moves = self.stock_moves(position)
        if moves:
            return moves[0]
        if position.waste:
            return Move("waste", "stock", len(position.waste))
        return Move("stock", "waste")

    def move_kind(self, move: Move) -> str:
        """A card onto another card is a pair: both leave for the discard pile."""
        kind = super().move_kind(move)
        return "pair" if kind == "move" else kind

    def apply(self, position: PyramidPosition, move: Move) -> PyramidPosition:
        if move.source == move.target:
            raise IllegalMove(Reason.PAIR_OR_MOVE)
        if move.source == "stock":
            return self.draw(position, move)
        if move.source == "waste" and move.target == "stock":
            return self.redeal(position, move)
        if move.target == "stock":
            raise IllegalMove(Reason.NOTHING_ON_STOCK)
        if move.source == DISCARD:
            raise IllegalMove(Reason.DISCARD_STAYS)
        if move.source == "waste" and move.count > 1:
            raise IllegalMove(Reason.WASTE_TOP_FREE)
        if move.count != 1:
            raise IllegalMove(Reason.SINGLE_CARD)
        first = self.free_card(position, move.source)
        if move.target == DISCARD:
            if rank(first) != KING:
                raise IllegalMove(Reason.NEEDS_PARTNER, card=first)
            return self.remove(position, (move.source,), (first,))
        second = self.free_card(position, move.target)
        if KING in (rank(first), rank(second)):
            raise IllegalMove(Reason.KING_ALONE)
        if not pairs_up(first, second):
            raise IllegalMove(Reason.NOT_THIRTEEN, card=first, card2=second, number=rank(first) + rank(second))
        return self.remove(position, (move.source, move.target), (first, second))

    def free_card(self, position: PyramidPosition, pile: str) -> int:
        """The card of ``pile`` that a move would take, after checking that it is free."""
        if pile == "waste":
            if not position.waste:
                raise IllegalMove(Reason.WASTE_EMPTY)
            return position.waste[-1]
        index = pile_index(pile, "pyramid", PLACES)
        if index is None:
            raise IllegalMove(Reason.NO_SUCH_PILE, place=pile)
        card = position.pyramid[index]
        if card is None:
            raise IllegalMove(Reason.PILE_EMPTY, pile=pile)
        if not is_free(position.pyramid, COVERING, index):
            raise IllegalMove(Reason.COVERED, card=card)
        return card

    def remove(self, position: PyramidPosition, piles: tuple[str, ...], cards: tuple[int, ...]) -> PyramidPosition:
        """Take the cards off their piles onto the discard pile and score the removal."""
        pyramid, waste = position.pyramid, position.waste
        for pile in piles:
            if pile == "waste":
                waste = waste[:-1]
            else:
                index = pile_index(pile, "pyramid", PLACES)
                assert index is not None
                pyramid = without(pyramid, index)
        points = REMOVAL_POINTS + sum(
            ROW_BONUS[row] for row in range(1, ROWS + 1) if self.row_cleared(pyramid, row) and not self.row_cleared(position.pyramid, row)
        )
        return replace(position, pyramid=pyramid, waste=waste, discard=position.discard + cards, score=position.score + points)

    @staticmethod
    def row_cleared(pyramid: Places, row: int) -> bool:
        start = ROW_START[row - 1]
        return all(card is None for card in pyramid[start : start + row])

    def draw(self, position: PyramidPosition, move: Move) -> PyramidPosition:
        if move.target != "waste":
            raise IllegalMove(Reason.STOCK_TO_WASTE)
        if not position.stock:
            raise IllegalMove(Reason.STOCK_EMPTY)
        if move.count != 1:
            raise IllegalMove(Reason.TURN_ONE)
        return replace(position, stock=position.stock[:-1], waste=position.waste + position.stock[-1:])

    def redeal(self, position: PyramidPosition, move: Move) -> PyramidPosition:
        if position.stock:
            raise IllegalMove(Reason.REDEAL_STOCK_NOT_EMPTY)
        if not position.waste:
            raise IllegalMove(Reason.WASTE_EMPTY)
        if position.redeals >= MAX_REDEALS:
            raise IllegalMove(Reason.PASSES_USED, number=MAX_REDEALS + 1)
        if move.count != len(position.waste):
            raise IllegalMove(Reason.REDEAL_WHOLE_WASTE)
        return replace(position, stock=position.waste[::-1], waste=(), redeals=position.redeals + 1)

    # -- verdicts ------------------------------------------------------------

    def is_won(self, position: PyramidPosition) -> bool:
        return all(card is None for card in position.pyramid)

    def is_stuck(self, position: PyramidPosition) -> bool:
        """No removal now, nor after any number of draws and redeals left.

        Drawing and redealing change only the stock and the waste, so it is
        enough to walk through the states they reach (at most three passes)
        and look for a removal at each.
        """
        if self.is_won(position):
            return False
        current = position
        while not self.card_moves(current):
            stock_moves = self.stock_moves(current)
            if not stock_moves:
                return True
            current = self.apply(current, stock_moves[0])
        return False

    def stuck_reason(self, position: PyramidPosition) -> Said | None:
        """Why no removal is left: the stock and the waste are empty; or no pass is left for
        the cards under the waste's top; or the cards they can still bring up would need
        partners (ranks making 13 with theirs) that are all covered in the pyramid, removed,
        or in the stock and the waste themselves, whose cards are never free two at a time
        (only the waste's top card is free)."""
        if not self.is_stuck(position):
            return None
        if not position.stock and not position.waste:
            return Said(Reason.PYRAMID_NOTHING_LEFT)
        if not position.stock and position.redeals >= MAX_REDEALS:
            return Said(Reason.PYRAMID_NO_PASS, card=position.waste[-1])
        coming = set(position.stock) | set(position.waste[-1:] if position.redeals >= MAX_REDEALS else position.waste)
        needed = sorted({PAIR_SUM - rank(card) for card in coming})
        in_stock = any(rank(card) in needed for card in position.stock + position.waste)
        where = Said(Reason.PARTNERS_COVERED_OR_IN_STOCK if in_stock else Reason.PARTNERS_COVERED)
        return Said(Reason.PYRAMID_PARTNERS, number=len(coming), ranks=needed, message=where)

    def safe_moves(self, position: PyramidPosition) -> list[Move]:
        """Free Kings: they pair with nothing, so removing one never hurts."""
        return [move for move in self.card_moves(position) if move.target == DISCARD]

    def completion(self, position: PyramidPosition) -> list[Move] | None:
        """Always None: a sure finish would need a search, which this module does not do."""
        return None

    # -- presentation ----------------------------------------------------------

    def slots(self) -> list[Slot]:
        """The pyramid in the middle, its top at y 0, rows half a card apart, the
        bottom row at x 0..6; stock and waste in the free top-left corner, the
        discard pile in the top-right corner."""
        result = [Slot("stock", 0, 0, "none"), Slot("waste", 1, 0, "none"), Slot(DISCARD, 6, 0, "none", "13")]
        for index, name in enumerate(PYRAMID):
            row = place_row(index)
            position = index - ROW_START[row - 1]
            result.append(Slot(name, 3 - (row - 1) / 2 + position, (row - 1) / 2, "none"))
        return result

    def piles(self, position: PyramidPosition) -> list[PileView]:
        def view(name: str, cards: tuple[int, ...], face_up: bool = True) -> PileView:
            return PileView(name, cards, (face_up,) * len(cards), (not face_up,) * len(cards))

        result = [view("stock", position.stock, False), view("waste", position.waste), view(DISCARD, position.discard)]
        result += [view(name, () if card is None else (card,)) for name, card in zip(PYRAMID, position.pyramid)]
        return result

    def score(self, position: PyramidPosition, seconds: int, won: bool) -> int | None:
        return position.score

    def status_line(self, position: PyramidPosition) -> Said:
        return Said(Status.PASS, number=position.redeals + 1, number2=MAX_REDEALS + 1)

    def text_layout(self, position: PyramidPosition) -> str:
        """``stock`` (face down, last card turned next), ``waste`` and ``foundation-1``
        bottom card first, then the pyramid as ``row-1`` .. ``row-7``, left to right,
        ``--`` for a removed card. ``redeals: N`` and ``score: N`` follow when not 0.
        """
        lines = [
            pile_line("stock", position.stock, len(position.stock)),
            pile_line("waste", position.waste),
            pile_line(DISCARD, position.discard),
        ]
        lines += row_lines(position.pyramid, ROW_SIZES, (True,) * PLACES)
        lines += [f"{name}: {value}" for name, value in (("redeals", position.redeals), ("score", position.score)) if value]
        return "\n".join(lines)

    def parse_layout(self, text: str) -> PyramidPosition:
        """Read the notation of ``text_layout`` back (``#`` starts a comment line;
        missing piles and rows are empty). Every card must appear exactly once."""
        rows = tuple(f"row-{row}" for row in range(1, ROWS + 1))
        fields = layout_fields(text, ("stock", "waste", DISCARD) + rows + ("redeals", "score"))
        pyramid, bracketed = read_rows(fields, ROW_SIZES)
        if any(bracketed):
            raise NotationError(Reason.PYRAMID_FACE_UP)
        position = PyramidPosition(
            pyramid=pyramid,
            stock=read_cards(fields, "stock"),
            waste=read_cards(fields, "waste"),
            discard=read_cards(fields, DISCARD),
            redeals=read_number(fields, "redeals", 0, MAX_REDEALS),
            score=read_number(fields, "score", 0),
        )
        check_every_card_once((*position.pyramid, *position.stock, *position.waste, *position.discard))
        return position
