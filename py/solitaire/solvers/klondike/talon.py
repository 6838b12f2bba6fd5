"""Stock moves as "K+" macro moves: which talon cards some number of draws brings to
the top of the waste.

Drawing only matters for the card it brings to the top of the waste, and draws
commute with every other move, so the search never draws on its own: every card
that some number of draws (and, where allowed, one redeal) brings to the top of the
waste is playable directly, and the draws are prepended to its line. Draw three
follows the groups of three exactly (the pointer moves by three, a redeal restarts
it at 0). A second redeal of Klondike shows the same order again, so one redeal
reaches everything. Where the talon is free (draw one with unlimited passes, and
Double Klondike, whose redeals reshuffle: ``pruning.talon_always_free``) the search
plays any talon card at any time instead (``steps.TalonCard``).
"""

from __future__ import annotations

from dataclasses import replace

from ...game import IllegalMove, Move
from ...games.klondike import Klondike, KlondikePosition
from .configuration import Pruning

# A card the draws reach: (card, q, clicks, redealt, talon) with the card at talon[q - 1]
# of the talon after ``redealt`` redeals (0 or 1).
Reached = tuple[int, int, int, int, bytes]


def redeal_order(rules: Klondike, start: KlondikePosition, size: int, redeals: int) -> tuple[int, ...]:
    """Where a redeal puts the talon cards: new talon[i] = old talon[result[i]].

    Read from the engine (a waste of the cards 0..size-1 turned over): the identity
    unless the game shuffles its redeals.
    """
    fake = replace(start, stock=(), waste=tuple(range(size)), redeals=redeals)
    try:
        turned = rules.apply(fake, Move("waste", "stock", size))
    except IllegalMove:
        return tuple(range(size))
    return tuple(turned.stock[::-1])


class Talon:
    """The stock and waste of one search: redeals and the cards the draws reach."""

    def __init__(self, pruning: Pruning) -> None:
        self.draw = pruning.draw
        self.max_redeals = pruning.max_redeals
        self.reach_cache: dict[tuple[bytes, int, int], list[Reached]] = {}

    def can_redeal(self, redeals: int) -> bool:
        return self.max_redeals is None or redeals < self.max_redeals

    def reach(self, talon: bytes, pointer: int, redeals: int) -> list[Reached]:
        """Talon cards that draws (and a redeal) bring to the top of the waste."""
        key = (talon, pointer, redeals)
        found = self.reach_cache.get(key)
        if found is not None:
            return found
        result: list[Reached] = []
        size = len(talon)
        draw = self.draw
        seen: set[int] = set()
        if pointer > 0:
            result.append((talon[pointer - 1], pointer, 0, 0, talon))
            seen.add(pointer)
        q, clicks = pointer, 0
        while q < size:
            q = min(q + draw, size)
            clicks += 1
            result.append((talon[q - 1], q, clicks, 0, talon))
            seen.add(q)
        if size and self.can_redeal(redeals):
            clicks += 1
            q = 0
            while q < size:
                q = min(q + draw, size)
                clicks += 1
                if q not in seen:
                    result.append((talon[q - 1], q, clicks, 1, talon))
        if len(self.reach_cache) > 200_000:
            self.reach_cache.clear()
        self.reach_cache[key] = result
        return result
