"""Golf, as PySolFC's Golf, Dead King Golf and Relaxed Golf pages and Aisleriot's Golf describe it.

One deck. Thirty-five cards are dealt face up in seven columns of five
(``tableau-1`` .. ``tableau-7``, dealt row by row, left to right); the other
seventeen are the stock. One stock card is turned onto the waste at the
start (PySolFC does; in Aisleriot the waste starts empty and nothing plays
on an empty waste, so the first turn there is the same draw), so the stock
holds sixteen. The waste is the only foundation.

Moves: the top card of a column goes onto the waste when it is one rank
above or below the waste's top card, in any suit (``Move("tableau-3",
"waste")``). Nothing is built on the columns and an empty column stays
empty. The stock turns one card at a time onto the waste (``Move("stock",
"waste")``), one pass only; a stock card goes on the waste whatever it is.
The game is won when all 35 column cards are on the waste; cards left in the
stock do not matter. An empty waste (only in a position set up by hand)
takes any card.

Options, where the collections differ:

- ``king``: ``dead`` (the default, Aisleriot's Golf and PySolFC's Dead King
  Golf): nothing goes on a King, so a King on the waste ends the run until
  the next stock card; ``queen`` (PySolFC's Golf): a Queen goes on a King
  like any card one rank below.
- ``wrap``: ``off`` (the default, Aisleriot and PySolFC's Golf): King and Ace
  do not connect, only a 2 goes on an Ace; ``on`` (PySolFC's Relaxed Golf):
  ranks wrap, so a King goes on an Ace and (unless ``king`` is ``dead``) an
  Ace on a King.

Scoring, Aisleriot's: each card played from a column to the waste scores one
point (35 at most; the stock cards score nothing). The position keeps the
score. (The golf-like count of cards left on the table, lower being better,
is the books' way to total several deals; it is not kept here.)

``is_stuck`` is True when no column card plays now nor on any card the stock
can still bring (each stock card becomes the waste top in turn, and only
plays change the columns' top cards). There are no safe moves (every play
changes the waste top, which may matter), and ``completion`` always returns
None.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from ..cards import ACE, KING, rank
from ..game import (
    IllegalMove,
    Move,
    OptionSpec,
    PileView,
    Rules,
    Slot,
    check_deal_number,
    validate_options,
)
from ..rng import shuffled
from ..texts import Reason, Said, Status
from .covering import layout_fields, read_cards, read_number
from .table import Column, check_every_card_once, pile_index, pile_line, pile_names

COLUMNS = 7
ROWS = 5
TABLE_CARDS = COLUMNS * ROWS  # 35
TABLEAU = pile_names("tableau", COLUMNS)

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("king", ("dead", "queen")),
    OptionSpec("wrap", ("off", "on")),
)


@dataclass(frozen=True, slots=True)
class GolfPosition:
    """A Golf table. Piles list their cards bottom first (a column's last card is its top)."""

    tableau: tuple[Column, ...]  # seven columns
    stock: tuple[int, ...]  # the last card is turned next
    waste: tuple[int, ...]
    score: int  # cards played from the columns


def goes_on(card_rank: int, top_rank: int, dead_king: bool, wrap: bool) -> bool:
    """Whether a card of rank ``card_rank`` goes on a waste top of rank ``top_rank``.

    >>> goes_on(5, 4, True, False), goes_on(12, 13, True, False), goes_on(12, 13, False, False)
    (True, False, True)
    >>> goes_on(13, 1, False, False), goes_on(13, 1, False, True), goes_on(1, 13, True, True)
    (False, True, False)
    """
    if dead_king and top_rank == KING:
        return False
    difference = abs(card_rank - top_rank)
    return difference == 1 or (wrap and difference == KING - ACE)


class Golf(Rules[GolfPosition]):
    """Golf: ``king`` (dead, queen) and ``wrap`` (off, on)."""

    game_id = "golf"
    tap_moves = True  # every playable card has one place to go: the waste
    option_specs = OPTIONS

    def __init__(self, options: Mapping[str, str] | None = None) -> None:
        self.options = validate_options(OPTIONS, options or {})
        self.dead_king = self.options["king"] == "dead"
        self.wrap = self.options["wrap"] == "on"

    def daily_proof_options(self) -> dict[str, str]:
        """The strictest rules (nothing on a King, no wrap): every other choice only allows
        more plays, so a deal won under them is won under any, and every player of a date
        gets the same deal."""
        return {"king": "dead", "wrap": "off"}

    # -- dealing -------------------------------------------------------------

    def deal(self, number: int) -> GolfPosition:
        """Shuffle one deck with the deal number as seed: the first 35 cards go row by row
        onto the seven columns (card i on column i % 7), the other 17 are the stock (the
        last on top), whose top card is then turned onto the waste."""
        deck = shuffled(range(52), check_deal_number(number))
        tableau = tuple(tuple(deck[column:TABLE_CARDS:COLUMNS]) for column in range(COLUMNS))
        return GolfPosition(tableau=tableau, stock=tuple(deck[TABLE_CARDS:-1]), waste=(deck[-1],), score=0)

    # -- moves ---------------------------------------------------------------

    def fits(self, position: GolfPosition, card: int) -> bool:
        return not position.waste or goes_on(rank(card), rank(position.waste[-1]), self.dead_king, self.wrap)

    def card_moves(self, position: GolfPosition) -> list[Move]:
        """Every column whose top card fits on the waste."""
        return [Move(name, "waste") for name, column in zip(TABLEAU, position.tableau) if column and self.fits(position, column[-1])]

    def legal_moves(self, position: GolfPosition) -> list[Move]:
        return self.card_moves(position) + ([Move("stock", "waste")] if position.stock else [])

    def stock_move(self, position: GolfPosition) -> Move:
        """A click on the stock always asks for a card, so ``apply`` can say why none comes."""
        return Move("stock", "waste")

    def refusal(self, position: GolfPosition, source: str, count: int) -> Said | None:
        """A column card goes to the waste or nowhere: the waste's reason."""
        try:
            self.apply(position, Move(source, "waste", count))
        except IllegalMove as refused:
            return refused.said
        return None

    def apply(self, position: GolfPosition, move: Move) -> GolfPosition:
        if move.source == move.target:
            raise IllegalMove(Reason.SAME_PILE)
        if move.source == "stock":
            return self.draw(position, move)
        if move.source == "waste":
            if move.target == "stock":
                raise IllegalMove(Reason.ONE_PASS)
            raise IllegalMove(Reason.WASTE_STAYS)
        index = pile_index(move.source, "tableau", COLUMNS)
        if index is None:
            raise IllegalMove(Reason.NO_SUCH_PILE, place=move.source)
        if move.target != "waste":
            raise IllegalMove(Reason.COLUMNS_TO_WASTE)
        column = position.tableau[index]
        if not column:
            raise IllegalMove(Reason.PILE_EMPTY, pile=move.source)
        if move.count < 1:
            raise IllegalMove(Reason.NO_CARDS)
        if move.count > len(column):
            raise IllegalMove(Reason.TOO_MANY_CARDS)
        if move.count != 1:
            raise IllegalMove(Reason.COLUMN_TOP_ONLY)
        card = column[-1]
        if not self.fits(position, card):
            raise IllegalMove(self.misfit(card, position.waste[-1]))
        tableau = position.tableau[:index] + (column[:-1],) + position.tableau[index + 1 :]
        return replace(position, tableau=tableau, waste=position.waste + (card,), score=position.score + 1)

    def misfit(self, card: int, top: int) -> Said:
        """Why ``card`` does not go on the waste's top card ``top``."""
        if self.dead_king and rank(top) == KING:
            return Said(Reason.NOTHING_ON_KING, card=top)
        if {rank(card), rank(top)} == {ACE, KING}:
            return Said(Reason.KING_ACE_APART, card=card, card2=top)
        return Said(Reason.NOT_NEXT_RANK, card=card, card2=top)

    def draw(self, position: GolfPosition, move: Move) -> GolfPosition:
        if move.target != "waste":
            raise IllegalMove(Reason.STOCK_TO_WASTE)
        if not position.stock:
            raise IllegalMove(Reason.STOCK_EMPTY_ONE_PASS)
        if move.count != 1:
            raise IllegalMove(Reason.TURN_ONE)
        return replace(position, stock=position.stock[:-1], waste=position.waste + position.stock[-1:])

    # -- verdicts ------------------------------------------------------------

    def is_won(self, position: GolfPosition) -> bool:
        return not any(position.tableau)

    def is_stuck(self, position: GolfPosition) -> bool:
        """No column card plays now, nor on any card still to come from the stock.

        Turning stock cards changes only the waste top, and each stock card
        becomes the waste top in turn, so it is enough to compare the columns'
        top cards with the waste top and with every stock card.
        """
        if self.is_won(position) or self.card_moves(position):
            return False
        tops = [rank(column[-1]) for column in position.tableau if column]
        return not any(goes_on(top, rank(coming), self.dead_king, self.wrap) for top in tops for coming in position.stock)

    def stuck_reason(self, position: GolfPosition) -> Said | None:
        """Why no card plays: no column's top card goes on the waste's top card, nor on any
        card the stock still holds (or the stock is empty)."""
        if not self.is_stuck(position):
            return None
        if not position.waste:
            return super().stuck_reason(position)
        return Said(Reason.GOLF_STOCK_NO_HELP if position.stock else Reason.GOLF_STOCK_EMPTY, card=position.waste[-1])

    def safe_moves(self, position: GolfPosition) -> list[Move]:
        """None: every play changes the waste top, and that may matter."""
        return []

    def completion(self, position: GolfPosition) -> list[Move] | None:
        """Always None: a sure finish would need a search, which this module does not do."""
        return None

    # -- presentation ----------------------------------------------------------

    def slots(self) -> list[Slot]:
        """Stock and waste in the top row (as Aisleriot lays them out), the seven columns
        under them, fanned down."""
        return [Slot("stock", 0, 0, "none"), Slot("waste", 1, 0, "none")] + [Slot(name, i, 1, "down") for i, name in enumerate(TABLEAU)]

    def piles(self, position: GolfPosition) -> list[PileView]:
        def view(name: str, cards: tuple[int, ...], face_up: bool) -> PileView:
            return PileView(name, cards, (face_up,) * len(cards), (False,) * len(cards))

        return [view("stock", position.stock, False), view("waste", position.waste, True)] + [
            view(name, column, True) for name, column in zip(TABLEAU, position.tableau)
        ]

    def score(self, position: GolfPosition, seconds: int, won: bool) -> int | None:
        return position.score

    def status_line(self, position: GolfPosition) -> Said:
        return Said(Status.STOCK_LEFT, number=len(position.stock))

    def text_layout(self, position: GolfPosition) -> str:
        """``stock`` (face down, last card turned next), ``waste`` and ``tableau-1`` ..
        ``tableau-7``, bottom card first; ``score: N`` follows when not 0."""
        lines = [pile_line("stock", position.stock, len(position.stock)), pile_line("waste", position.waste)]
        lines += [pile_line(name, column) for name, column in zip(TABLEAU, position.tableau)]
        if position.score:
            lines.append(f"score: {position.score}")
        return "\n".join(lines)

    def parse_layout(self, text: str) -> GolfPosition:
        """Read the notation of ``text_layout`` back (``#`` starts a comment line; missing
        piles are empty; brackets are allowed and ignored, every card lying face up but
        the stock's). Every card must appear exactly once."""
        fields = layout_fields(text, ("stock", "waste", *TABLEAU, "score"))
        position = GolfPosition(
            tableau=tuple(read_cards(fields, name) for name in TABLEAU),
            stock=read_cards(fields, "stock"),
            waste=read_cards(fields, "waste"),
            score=read_number(fields, "score", 0),
        )
        check_every_card_once((*position.stock, *position.waste, *(card for column in position.tableau for card in column)))
        return position
