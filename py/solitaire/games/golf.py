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
    Slot,
    check_deal_number,
    validate_options,
)
from ..rng import shuffled
from ..texts import Reason, Said, Status
from .covering import layout_fields, read_cards, read_number
from .single_waste import SingleWaste
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


class Golf(SingleWaste[GolfPosition]):
    """Golf: ``king`` (dead, queen) and ``wrap`` (off, on)."""

    game_id = "golf"
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

    def plays_on(self, card: int, top: int) -> bool:
        return goes_on(rank(card), rank(top), self.dead_king, self.wrap)

    def free_cards(self, position: GolfPosition) -> list[tuple[str, int]]:
        """The columns' top cards."""
        return [(name, column[-1]) for name, column in zip(TABLEAU, position.tableau) if column]

    def play(self, position: GolfPosition, move: Move) -> GolfPosition:
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
        if self.dead_king and rank(top) == KING:
            return Said(Reason.NOTHING_ON_KING, card=top)
        if {rank(card), rank(top)} == {ACE, KING}:
            return Said(Reason.KING_ACE_APART, card=card, card2=top)
        return super().misfit(card, top)

    def lost(self, position: GolfPosition) -> Said:
        return Said(Reason.GOLF_STOCK_NO_HELP if position.stock else Reason.GOLF_STOCK_EMPTY, card=position.waste[-1])

    def drawn(self, position: GolfPosition, stock: tuple[int, ...], waste: tuple[int, ...]) -> GolfPosition:
        return replace(position, stock=stock, waste=waste)

    # -- verdicts ------------------------------------------------------------

    def is_won(self, position: GolfPosition) -> bool:
        return not any(position.tableau)

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

    def status_line(self, position: GolfPosition) -> Said:
        return Said(Status.STOCK_LEFT, number=len(position.stock))

    def text_layout(self, position: GolfPosition) -> str:
        """``stock`` (face down, last card turned next), ``waste`` and ``tableau-1`` ..
        ``tableau-7``, bottom card first; ``score: N`` follows when not 0."""
        lines = self.talon_lines(position)
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
