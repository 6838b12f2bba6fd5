"""One search's configuration: the rules as it plays them and what it may skip (made by
``pruning.pruning_for``). A module of its own, importing nothing of the solver's, so that the
modules the configuration steers (encoding, talon, pruning) do not import one another for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

# exact: the real game with every exact pruning; relaxed: draw one with
# unlimited passes, every talon card playable at any time (allows every real line:
# its searches only prove); plain: the real game with no compound moves, no dead-end
# tests, only Aces and Twos safe (to check the pruning against); quick: the real game
# without the dead-end tests and with column-emptying runs on their own, for the short
# searches that prove dailies (most end at their small budget, where both cost more
# time than the positions they save).
Kind = Literal["exact", "relaxed", "plain", "quick"]


@dataclass(frozen=True, slots=True)
class Pruning:
    """The rules as the search plays them, and what it may skip, fixed for one search."""

    columns: int
    decks: int
    draw: int
    # None: unlimited passes
    max_redeals: int | None
    # Compound moves (see ``moves``) and the strong safe rule (else only Aces and Twos).
    compounds: bool
    strong_safe: bool
    # The frozen-column and stuck-card tests (``dead_ends``).
    dead_ends: bool
    # Draw three, unlimited passes: the pointer's dominance (``dominated``).
    pointer_dominance: bool
    # One deck, draw three or limited passes: the talon's order in the
    # stuck test.
    talon_order: bool
    # The face-up cards' arrangement is left out of the table's keys, and a run is split
    # only to put home the card it uncovers (see ``encoding.Keys``).
    free_arrangement: bool
    # Unlimited passes, one deck: a column top that fits its foundation goes home at once
    # when it could come back where it was (draw three since 2026-12-04, draw one since
    # 2026-12-05: draw one deals 1-200 in 0.79 times the positions).
    home_reversible: bool
    # Column-emptying run moves only together with their use: one deck, draw three, where
    # the benchmark measured it (the other games' figures were taken without).
    defer_emptying: bool

    @property
    def free_talon(self) -> bool:
        """Draw one with unlimited passes: every talon card is reachable from any pointer."""
        return self.draw == 1 and self.max_redeals is None

    @property
    def waste_top_safe(self) -> bool:
        return self.draw == 1

    @property
    def limited_passes(self) -> bool:
        """Passes are limited (or redeals capped): the pointer and the redeals made matter."""
        return self.max_redeals is not None
