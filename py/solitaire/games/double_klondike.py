"""Double Klondike: Klondike with two decks, as the Double Klondike rule text describes it.

104 cards. Nine columns of 1..9 cards (the rule text deals them column by
column, starting with the nine cards on the right), only the top card of
each face up; the other 59 cards make the stock. Eight foundations, two per
suit, build up from the Ace. Building, moving runs, a King or King-led run
onto an empty column, turning exposed cards, draw one or three with only the
top waste card playable, and foundation cards coming back: all as in
Klondike. When the stock is empty the waste is gathered, *shuffled* and
becomes the new stock, as often as the player likes. The shuffle is
deterministic: the waste is shuffled with our generator seeded from the deal
number and the number of the redeal, so a deal always plays the same way
(and CPython and Pyodide agree).

Scoring (option ``scoring``): ``standard`` uses Klondike's Standard (Windows)
points: +5 waste to column, +10 to a foundation, -15 foundation to column,
+5 per card turned, -100 per redeal in draw one and -20 per redeal from the
third on in draw three, never below 0, plus the timed adjustments. Vegas is
not offered: its stake and pass limits belong to one-deck Klondike. ``none``
keeps no score.
"""

from __future__ import annotations

from dataclasses import replace

from ..game import Fan, Move, OptionSpec, Slot
from ..rng import shuffled
from ..texts import Reason, Said
from .klondike import Klondike, KlondikePosition

OPTIONS = (
    OptionSpec("draw", ("1", "3"), changes_deal=True),
    OptionSpec("scoring", ("standard", "none")),
    OptionSpec("timed", ("off", "on")),
    OptionSpec("open", ("off", "on")),
)
# Each redeal's shuffle seed: the deal number and the redeal's number, kept apart.
REDEAL_SEED_SHIFT = 16


class DoubleKlondike(Klondike):
    """Two decks, nine columns, eight foundations, shuffled redeals."""

    game_id = "double-klondike"
    option_specs = OPTIONS
    columns = 9
    decks = 2

    def daily_proof_options(self) -> dict[str, str]:
        """No scoring limits the passes here."""
        return self.options

    def deal(self, number: int) -> KlondikePosition:
        position = super().deal(number)
        # The redeal shuffles need the deal number; it rides in the position.
        return replace(position, deal_number=number)

    def lay_out(self, deck: list[int]) -> tuple[list[list[int]], list[int]]:
        """Column by column from the right: nine cards, then eight, ... then one."""
        columns: list[list[int]] = [[] for _ in range(self.columns)]
        dealt = 0
        for column in reversed(range(self.columns)):
            columns[column] = deck[dealt : dealt + column + 1]
            dealt += column + 1
        return columns, deck[dealt:]

    def slots(self) -> list[Slot]:
        """Stock, waste and eight foundations in a row; the nine columns centred under them."""
        first_foundation = 2 if self.draw == 1 else 3  # room for the draw-three fan
        offset = (first_foundation + 8 - self.columns) / 2
        waste_fan: Fan = "right" if self.draw == 3 else "none"
        top = [Slot("stock", 0, 0, "none"), Slot("waste", 1, 0, waste_fan)]
        top += [Slot(name, first_foundation + i, 0, "none", "A") for i, name in enumerate(self.foundation_names)]
        return top + [Slot(name, offset + i, 1, "down", "K") for i, name in enumerate(self.tableau_names)]

    def redeal(self, position: KlondikePosition, move: Move) -> KlondikePosition:
        """Turn the waste over as Klondike does, then shuffle the new stock."""
        turned = super().redeal(position, move)
        seed = (position.deal_number << REDEAL_SEED_SHIFT) | turned.redeals
        return replace(turned, stock=tuple(shuffled(turned.stock, seed)))

    def coming_cards(self, position: KlondikePosition) -> tuple[set[int], Said]:
        """Every card of the stock and the waste: the shuffled redeals can bring any of them
        to the top (see ``Klondike.stuck_reason``)."""
        said = Said(Reason.SHUFFLE_NOTHING_FITS if position.stock or position.waste else Reason.STOCK_AND_WASTE_EMPTY)
        return set(position.stock + position.waste), said
