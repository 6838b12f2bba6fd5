"""What the FreeCell (and Eight Off) and Forty Thieves solvers share: a resumable best-first search.

The positions waiting to be expanded lie on a heap, each as (priority, serial, state, depth,
parent node, steps from the parent): the lowest priority first, and among equals the one
pushed first (the serial). Expanding a position makes it a node, recording its parent and
its steps, so the steps from the start to any node are read back along the parents (``path``).
The game's ``expand`` takes the best position (``pop``), pushes its new children (``push``)
and sets ``verdict`` once a child is won. The search ends ``unwinnable`` when the heap runs
dry (every position reachable, up to the game's key and its sound pruning, was expanded) and
``unknown`` when ``budget`` nodes were expanded first.
"""

from __future__ import annotations

import heapq
from abc import abstractmethod
from typing import Generic, TypeVar

from ..solver import Search, Verdict

S = TypeVar("S")  # a game's state
Steps = tuple[int, ...]  # a game's steps from a node's parent to it


class BestFirstSearch(Search, Generic[S]):
    """The heap, the nodes and the slices of a best-first search (see the module docstring)."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.nodes = 0
        self.serial = 0
        self.verdict: Verdict | None = None
        self.frontier: list[tuple[int, int, S, int, int, Steps]] = []
        self.seen: set[bytes] = set()  # the transposition table: the key of every position pushed
        self.parents: list[int] = []  # per node: its parent node (-1 for the start)
        self.steps: list[Steps] = []  # per node: the steps from its parent

    @abstractmethod
    def expand(self) -> None:
        """Pop the best position and push its new children, or set ``verdict`` on a win."""

    def push(self, priority: int, state: S, depth: int, parent: int, steps: Steps) -> None:
        self.serial += 1
        heapq.heappush(self.frontier, (priority, self.serial, state, depth, parent, steps))

    def pop(self) -> tuple[S, int, int]:
        """The best position waiting, now a node: its state, its depth and its node number."""
        _, _, state, depth, parent, steps = heapq.heappop(self.frontier)
        self.nodes += 1
        self.parents.append(parent)
        self.steps.append(steps)
        return state, depth, len(self.parents) - 1

    def path(self, node: int) -> list[Steps]:
        """The steps from the start to node ``node``."""
        found: list[Steps] = []
        while node >= 0:
            found.append(self.steps[node])
            node = self.parents[node]
        found.reverse()
        return found

    def run(self, nodes: int) -> Verdict | None:
        done = 0
        while self.verdict is None:
            if not self.frontier:
                self.verdict = Verdict("unwinnable", (), self.nodes)
            elif self.nodes >= self.budget:
                self.verdict = Verdict("unknown", (), self.nodes)
            elif done >= nodes:
                return None
            else:
                done += 1
                self.expand()
        return self.verdict
