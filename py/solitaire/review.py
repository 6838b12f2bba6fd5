"""The review of a game: the last position that could still be won, the turn that lost
it, and the line that would have won from there.

Along a game's history the verdicts are monotone: a position is winnable if any later
position of the history is (it was reached from it), and unwinnable if any earlier one
is. So one exact verdict settles every position before it (winnable) or after it
(unwinnable), and the losing turn, the one from the last winnable position to the first
unwinnable one, is found by bisection: about log2(n) searches for n positions, fewer
where the live analysis already knows verdicts. Only exact verdicts count: a search that
gives up settles nothing, and the positions between the last winnable and the first
unwinnable one that no search settled stay undecided; the review says so.

A ``Review`` runs in slices of nodes (``run``), as every search of the page does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from .game import Move, Rules
from .solver import Search, Solver, Verdict, solver_for

PositionStatus = Literal["winnable", "unwinnable", "unknown"]

# Searches that may give up before the review stops looking between its bounds: the
# positions around one the solver cannot settle are mostly as hard.
MAX_GIVE_UPS = 4
# Nodes per search of a review at most (the analysis's budget where smaller): a review runs
# a handful of searches, so 4-suit Spider's analysis budget of 3 million would make it
# minutes long.
REVIEW_BUDGET = 400_000


@dataclass(frozen=True, slots=True)
class Findings:
    """What a finished review knows.

    ``statuses`` has one entry per position, the start first: exact verdicts, searched or
    implied by one (``unknown`` where none is known). ``last_winnable`` and ``first_lost``
    are the indices of the last position known winnable and the first known unwinnable
    (None if there is none); when the second follows the first, ``losing_turn`` is the
    index of the turn between them (turn ``i`` leads from position ``i`` to ``i + 1``).
    ``line`` wins from ``last_winnable``. ``undecided`` is the range of positions between
    the two that no search could settle (first, last), or None. For a won game,
    ``start_line`` is the solver's winning line from the deal (None if its search gave
    up), to compare the player's with. ``searched`` counts the
    searches made, ``nodes`` the positions they expanded (the same in slices of any size).
    """

    statuses: tuple[PositionStatus, ...]
    last_winnable: int | None
    first_lost: int | None
    losing_turn: int | None
    line: tuple[Move, ...]
    undecided: tuple[int, int] | None
    start_line: tuple[Move, ...] | None
    searched: int
    nodes: int


class Review:
    """The review of one game's positions (``positions[0]`` the start, one per turn after),
    run in slices. ``known`` gives a verdict found before (the live analysis's), or None."""

    def __init__(
        self,
        rules: Rules[Any],
        positions: Sequence[Any],
        known: Callable[[Any], Verdict | None] | None = None,
        budget: int | None = None,
    ) -> None:
        if not positions:
            raise ValueError("a review needs at least the start position")
        self.rules = rules
        self.positions = list(positions)
        self.solver: Solver = solver_for(rules)
        self.budget = min(self.solver.analysis_budget, REVIEW_BUDGET) if budget is None else budget
        self.verdicts: dict[int, Verdict] = {}
        self.gave_up: set[int] = set()
        self.searching: tuple[int, Search, int] | None = None  # index, its search, nodes spent on it
        self.searched = 0
        self.nodes = 0
        self.findings: Findings | None = None
        last = len(self.positions) - 1
        # A won game was never lost; its review compares the player's line with the solver's
        # from the deal, so it searches only the start.
        self.won = rules.is_won(self.positions[last])
        if self.won:
            self.verdicts[last] = Verdict("winnable", (), 0)
        for index, position in enumerate(self.positions):
            verdict = known(position) if known is not None else None
            if verdict is not None and verdict.status != "unknown":
                self.verdicts[index] = verdict

    def bounds(self) -> tuple[int, int]:
        """The last index known winnable (-1 if none) and the first known unwinnable
        (one past the end if none)."""
        won = [index for index, verdict in self.verdicts.items() if verdict.status == "winnable"]
        lost = [index for index, verdict in self.verdicts.items() if verdict.status == "unwinnable"]
        return max(won, default=-1), min(lost, default=len(self.positions))

    def next_index(self) -> int | None:
        """The position to search next, or None when the review is done.

        The newest position first (a game given up may still be winnable; a stuck one is
        quickly proven lost), then bisection between the bounds, skipping positions whose
        search gave up (the one nearest the middle of the rest instead)."""
        low, high = self.bounds()
        if self.won:
            return 0 if 0 not in self.verdicts and 0 not in self.gave_up else None
        if len(self.gave_up) >= MAX_GIVE_UPS:
            return None
        last = len(self.positions) - 1
        if high > last and low < last:
            return None if last in self.gave_up else last
        middle = (low + high) / 2
        open_indices = [index for index in range(low + 1, high) if index not in self.gave_up]
        return min(open_indices, key=lambda index: (abs(index - middle), index), default=None)

    def run(self, nodes: int) -> Findings | None:
        """Search for at most ``nodes`` more nodes; the findings once the review is done."""
        while self.findings is None and nodes > 0:
            if self.searching is None:
                index = self.next_index()
                if index is None:
                    self.findings = self.conclude()
                    break
                self.searching = (index, self.solver.start(self.positions[index], self.budget), 0)
                self.searched += 1
            index, search, spent = self.searching
            verdict = search.run(nodes)
            if verdict is None:
                self.searching = (index, search, spent + nodes)
                return None
            nodes -= max(verdict.nodes - spent, 1)
            self.nodes += verdict.nodes
            self.searching = None
            if verdict.status == "unknown":
                self.gave_up.add(index)
            else:
                self.verdicts[index] = verdict
        return self.findings

    @property
    def spent(self) -> int:
        """Nodes searched so far (for the page's progress; the searches' sum once done)."""
        return self.nodes + (self.searching[2] if self.searching is not None else 0)

    def finish(self) -> Findings:
        """Run the review to its end."""
        while (findings := self.run(1 << 30)) is None:
            pass
        return findings

    def conclude(self) -> Findings:
        low, high = self.bounds()
        count = len(self.positions)
        statuses: list[PositionStatus] = [
            "winnable" if index <= low else "unwinnable" if index >= high else "unknown" for index in range(count)
        ]
        # Positions neither known winnable nor known lost: between the bounds, or after the
        # last winnable one if none is known lost.
        first, last = low + 1, min(high, count) - 1
        return Findings(
            statuses=tuple(statuses),
            last_winnable=low if low >= 0 else None,
            first_lost=high if high < count else None,
            losing_turn=low if low >= 0 and high == low + 1 < count else None,
            line=self.verdicts[low].moves if low >= 0 else (),
            undecided=(first, last) if first <= last else None,
            start_line=self.verdicts[0].moves if self.won and 0 in self.verdicts else None,
            searched=self.searched,
            nodes=self.nodes,
        )
