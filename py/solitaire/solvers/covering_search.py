"""The depth-first search that the Pyramid and TriPeaks solvers share.

Both games move forward only: every move takes a card off the table, turns a
stock card or turns the waste over (a limited number of times), so no
position can come back and the positions form a directed acyclic graph. A
depth-first search over it needs no cycle check, and a position met a second
time was already searched to the end without a win (had it led to a win,
the search would have stopped there): a plain set of the positions seen is
an exact transposition table of lost positions.

A position is a single int, its game's compact *key* (a bit mask of the
cards still on the table and a few small counters, see each solver), and it
is won when the bits ``won_mask`` of the key are all clear (the table is
empty). The game supplies ``expand``: the children of a position, best first,
each as ``(step, key)``, where a step is a small int the game turns back into
its own moves (``line``) once a win is found.

The stack is explicit (a list of child lists and the index of the child
tried next at each depth), so ``run(nodes)`` stops after that many
expansions and the next call carries on from exactly the same place.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..game import Move
from ..solver import Search, Status, Verdict

Children = list[tuple[int, int]]  # (step, key), in the order they are tried


class DepthFirstSearch(Search):
    """An exhaustive, resumable depth-first search from one key.

    ``budget`` bounds the positions expanded (the root counts as one); when
    it runs out before a win is found or every position is searched, the
    verdict is ``unknown``.
    """

    def __init__(
        self,
        root: int,
        budget: int,
        won_mask: int,
        expand: Callable[[int], Children],
        line: Callable[[Sequence[int]], tuple[Move, ...]],
    ) -> None:
        self.budget = budget
        self.won_mask = won_mask
        self.expand = expand
        self.line = line
        self.expanded = 0
        self.seen: set[int] = set()
        self.children: list[Children] = []  # the child lists along the current path
        self.tried: list[int] = []  # at each depth, how many children were taken
        self.verdict: Verdict | None = None
        self.root = root
        self.started = False

    def run(self, nodes: int) -> Verdict | None:
        if self.verdict is not None:
            return self.verdict
        limit = min(self.budget, self.expanded + max(nodes, 0))
        if not self.started:
            if self.root & self.won_mask == 0:
                return self.finish_with("winnable", [])
            if self.expanded >= limit:
                return self.out_of_budget()
            self.started = True
            self.seen.add(self.root)
            self.expanded = 1
            self.children.append(self.expand(self.root))
            self.tried.append(0)
        children, tried, seen, expand, won_mask = self.children, self.tried, self.seen, self.expand, self.won_mask
        expanded = self.expanded
        while children:
            level = children[-1]
            index = tried[-1]
            if index == len(level):
                children.pop()
                tried.pop()
                continue
            step, key = level[index]
            if key in seen:
                tried[-1] = index + 1
                continue
            if key & won_mask == 0:
                tried[-1] = index + 1
                self.expanded = expanded
                steps = [found[taken - 1][0] for found, taken in zip(children, tried)]
                return self.finish_with("winnable", steps)
            if expanded >= limit:
                self.expanded = expanded
                return self.out_of_budget()
            tried[-1] = index + 1
            seen.add(key)
            expanded += 1
            children.append(expand(key))
            tried.append(0)
        self.expanded = expanded
        return self.finish_with("unwinnable", [])

    def out_of_budget(self) -> Verdict | None:
        """None when only this slice ran out; the ``unknown`` verdict when the budget did."""
        if self.expanded < self.budget:
            return None
        self.verdict = Verdict("unknown", (), self.expanded)
        self.release()
        return self.verdict

    def finish_with(self, status: Status, steps: Sequence[int]) -> Verdict:
        moves = self.line(steps) if status == "winnable" else ()
        self.verdict = Verdict(status, moves, self.expanded)
        self.release()
        return self.verdict

    def release(self) -> None:
        """Drop the table and the stack once the verdict is known (they can be large)."""
        self.seen = set()
        self.children = []
        self.tried = []
