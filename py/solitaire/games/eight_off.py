"""Eight Off, as PySol (``EightOff``: King Only Baker's Game with eight free cells) and
GNOME Aisleriot (``eight_off``) describe it.

One deck. Forty-eight cards are dealt face up into eight columns of six; the
other four go into the first four of eight free cells (Aisleriot's layout;
PySol leaves every other cell empty instead, which plays the same: the cells
are interchangeable). A free cell holds one card. Four foundations build up
by suit from the Ace (any Ace starts any empty foundation, as in our
FreeCell). Columns build down *in suit* (a 7 of hearts on the 8 of hearts);
only a King, or a run led by a King, fills an empty column. Cards never come
back from a foundation: the only card that could go on a foundation card in
a column is the next lower one of its suit, which is home already. The game
is won when all 52 cards are on the foundations.

Runs: a run down in suit moves in one go when it has at most 1 + (empty free
cells) cards, the number of cards that could be moved one at a time through
the free cells. Empty columns do not add to it (both PySol and Aisleriot say
so): only a King may lie in one, so no card of the run could wait there.

Everything else is FreeCell's (``games/freecell.py``), whose class this one
specialises: the position (eight cells instead of four), the moves' checks,
``completion`` (every column descending in rank, then every card home lowest
first), the status line (free cells and how many cards move at once), no
score (Aisleriot counts the cards home, PySol does not score; our FreeCell is
not scored either), and the text notation: Freecell Solver's board format,
whose ``Freecells:`` line here lists cell-1..8 (``fc-solve --game eight_off``
reads it).

Safe moves (played automatically when the player wants): every card that can
go to its foundation. Columns build in suit, so the only card that could ever
lie on a card is the next lower one of its own suit, and that is home before
the card can follow it.

Deal numbers 1 .. 2**31-1 shuffle the deck with the project's generator
(``rng.shuffled``); the cards go to the columns row by row, left to right,
and the last four to cell-1..4.
"""

from __future__ import annotations

from ..cards import KING, rank
from ..game import OptionSpec, Slot, check_deal_number
from ..rng import shuffled
from ..texts import Reason, Said
from .freecell import COLUMNS, FOUNDATION, FOUNDATIONS, TABLEAU, FreeCell, FreeCellPosition, builds_down_in_suit
from .table import pile_names

CELLS = 8
CELL = pile_names("cell", CELLS)
ROWS = 6  # cards per column in the deal
OPTIONS: tuple[OptionSpec, ...] = ()


class EightOff(FreeCell):
    """Eight Off: FreeCell's table with eight cells, building in suit, Kings only into empty columns."""

    game_id = "eight-off"
    option_specs = OPTIONS
    cell_piles = CELL

    def deal(self, number: int) -> FreeCellPosition:
        """Deal ``number``: six rows of eight cards, then four cards into cell-1..4.

        >>> position = EightOff().deal(1)
        >>> [len(column) for column in position.tableau], sum(card is not None for card in position.cells)
        ([6, 6, 6, 6, 6, 6, 6, 6], 4)
        """
        deck = shuffled(range(52), check_deal_number(number))
        dealt = COLUMNS * ROWS
        tableau = tuple(tuple(deck[row * COLUMNS + column] for row in range(ROWS)) for column in range(COLUMNS))
        cells = tuple(deck[dealt:]) + (None,) * (CELLS - (52 - dealt))
        return FreeCellPosition(tableau=tableau, cells=cells, foundations=((),) * FOUNDATIONS)

    # -- the building rule -----------------------------------------------------

    def builds_on(self, card: int, top: int) -> bool:
        return builds_down_in_suit(card, top)

    def fills_empty(self, card: int) -> bool:
        """Only a King (alone or leading a run) fills an empty column."""
        return rank(card) == KING

    def not_a_run(self) -> Said:
        return Said(Reason.NOT_A_SUIT_RUN)

    def misfit(self, card: int, column: tuple[int, ...]) -> Said:
        if not column:
            return Said(Reason.KING_FILLS_COLUMN)
        return Said(Reason.NOT_IN_SUIT, card=card, card2=column[-1])

    def no_card_back(self) -> Said:
        return Said(Reason.FOUNDATION_CARDS_STAY)

    def wrong_column_count(self, found: int) -> Said:
        return Said(Reason.EIGHT_OFF_COLUMN_LINES, number=COLUMNS, number2=found)

    def wrong_cell_count(self, found: int, text: str) -> Said:
        return Said(Reason.EIGHT_OFF_CELL_COUNT, number=CELLS, number2=found, text=text)

    def is_safe_home(self, card: int, lowest: list[int]) -> bool:
        """Always: only the next lower card of its suit could lie on it, and that is home."""
        return True

    # -- how many cards move at once -----------------------------------------

    def move_capacity(self, position: FreeCellPosition, to_empty_column: bool = False) -> int:
        """1 + the empty free cells: an empty column takes only a King, so it cannot help."""
        return 1 + self.free_cells(position)

    def capacity_reason(self, position: FreeCellPosition, to_empty_column: bool) -> Said:
        return Said(Reason.CAPACITY_CELLS, number=self.move_capacity(position), number2=self.free_cells(position))

    # -- verdicts and presentation ---------------------------------------------

    def stuck_reason(self, position: FreeCellPosition) -> Said | None:
        """No legal move at all: every cell is taken (else a column's card could go there),
        no King can go to an empty column, and nothing fits anywhere else."""
        return Said(Reason.EIGHT_OFF_BLOCKED) if self.is_stuck(position) else None

    def slots(self) -> list[Slot]:
        """Aisleriot's table: the foundations down the left, the eight cells in a row above
        the eight columns."""
        left = [Slot(name, 0, i, "none", "A") for i, name in enumerate(FOUNDATION)]
        top = [Slot(name, 1 + i, 0, "none", "cell") for i, name in enumerate(CELL)]
        return left + top + [Slot(name, 1 + i, 1, "down", "K") for i, name in enumerate(TABLEAU)]
