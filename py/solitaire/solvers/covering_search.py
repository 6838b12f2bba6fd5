"""What the Pyramid, TriPeaks and Golf solvers share: the depth-first search, the covering
tables and (Golf, TriPeaks) the line of moves to a single waste.

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
its own moves (``line``, given the path of steps and keys from the start)
once a win is found. It may also supply ``viable``, a sound test run on each
new position before it is expanded (False: it cannot be won, so it is not
searched). The test may search on its own, its nodes counting against the
same budget, and may stop part-way when the slice runs out: it is asked again,
with the same key, on the next run, and must then answer what it has found at
no further cost.

The stack is explicit (a list of child lists and the index of the child
tried next at each depth), so ``run(nodes)`` stops after that many nodes and
the next call carries on from exactly the same place.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..game import Move
from ..games.covering import Covering
from ..solver import Search, Status, Verdict

Children = list[tuple[int, int]]  # (step, key), in the order they are tried
Path = Sequence[tuple[int, int]]  # (step, key) from the start (whose step is ROOT_STEP) to a win
# viable(key, nodes): (True/False, nodes used), or (None, nodes used) when ``nodes`` ran out first.
Viable = Callable[[int, int], tuple[bool | None, int]]
ROOT_STEP = -(1 << 20)  # the step "leading" to the start position, dropped from the line


class DepthFirstSearch(Search):
    """An exhaustive, resumable depth-first search from one key.

    ``budget`` bounds the nodes: positions expanded (the start counts as one)
    plus the nodes ``viable`` reports. When it runs out before a win is found
    or every position is searched, the verdict is ``unknown``.
    """

    def __init__(
        self,
        root: int,
        budget: int,
        won_mask: int,
        expand: Callable[[int], Children],
        line: Callable[[Path], tuple[Move, ...]],
        viable: Viable | None = None,
    ) -> None:
        self.budget = budget
        self.won_mask = won_mask
        self.expand = expand
        self.line = line
        self.viable = viable
        self.expanded = 0
        self.seen: set[int] = set()
        # The child lists along the current path, the first holding only the start,
        # and at each depth how many children were taken.
        self.children: list[Children] = [[(ROOT_STEP, root)]]
        self.tried: list[int] = [0]
        self.verdict: Verdict | None = None

    def run(self, nodes: int) -> Verdict | None:
        if self.verdict is not None:
            return self.verdict
        limit = min(self.budget, self.expanded + max(nodes, 0))
        children, tried, seen, expand, viable = self.children, self.tried, self.seen, self.expand, self.viable
        won_mask = self.won_mask
        expanded = self.expanded
        while children:
            level = children[-1]
            index = tried[-1]
            if index == len(level):
                children.pop()
                tried.pop()
                continue
            key = level[index][1]
            if key in seen:
                tried[-1] = index + 1
                continue
            if key & won_mask == 0:
                tried[-1] = index + 1
                self.expanded = expanded
                return self.finish_with("winnable", [found[taken - 1] for found, taken in zip(children, tried)])
            if expanded >= limit:
                self.expanded = expanded
                return self.finish_with("unknown", []) if expanded >= self.budget else None
            if viable is not None:
                verdict, used = viable(key, limit - expanded)
                expanded += used
                if verdict is False:
                    seen.add(key)
                    tried[-1] = index + 1
                    continue
                if verdict is None or expanded >= limit:
                    # Out of nodes before the position could be expanded: it is asked
                    # again next time (a finished test answers at no cost).
                    self.expanded = expanded
                    return self.finish_with("unknown", []) if expanded >= self.budget else None
            tried[-1] = index + 1
            seen.add(key)
            expanded += 1
            children.append(expand(key))
            tried.append(0)
        self.expanded = expanded
        return self.finish_with("unwinnable", [])

    def finish_with(self, status: Status, path: Path) -> Verdict:
        moves = self.line(path) if status == "winnable" else ()
        self.verdict = Verdict(status, moves, self.expanded)
        # Drop the table and the stack (they can be large); the verdict is all that is asked for now.
        self.seen = set()
        self.children = []
        self.tried = []
        return self.verdict


def waste_line(path: Path, piles: Sequence[str], draw: int, draws: int) -> tuple[Move, ...]:
    """The moves of a single-waste game (Golf, TriPeaks) along a search's path, where a
    step's low ``draws`` bits are a pile's index (its card to the waste) or ``draw`` (a stock
    card turned), and the bits above them the stock cards turned after it."""
    moves = []
    for step, _ in path[1:]:
        code, turned = step & ((1 << draws) - 1), step >> draws
        moves.append(Move("stock", "waste") if code == draw else Move(piles[code], "waste"))
        moves += [Move("stock", "waste")] * turned
    return tuple(moves)


def covering_closure(covering: Covering, present: int = -1) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For each place, the mask of the places that must go before it, and the mask
    of the places that can only go after it, as long as it is there.

    A card is free only when the cards lying on it are gone, so the cards lying on
    it must go first, and so must those lying on them, and so on: but only along
    places that hold a card (``present``, a mask; by default all). In a position
    reached in play an empty place has only empty places lying on it, so the
    chains never pass through an empty place; a position set up by hand may
    have such holes, and a chain through a hole constrains nothing.
    Places only lie on places of a lower index (rows are numbered from the top).

    >>> covering_closure(((1, 2), (3,), (), ()))
    ((14, 8, 0, 0), (0, 1, 1, 3))
    >>> covering_closure(((1, 2), (3,), (), ()), present=0b1101)
    ((4, 0, 0, 0), (0, 0, 1, 0))
    """
    count = len(covering)
    above = [0] * count
    for index in range(count - 1, -1, -1):
        if present >> index & 1:
            for cover in covering[index]:
                if present >> cover & 1:
                    above[index] |= (1 << cover) | above[cover]
    below = [0] * count
    for index in range(count):
        if present >> index & 1:
            mask = above[index]
            while mask:
                low = mask & -mask
                below[low.bit_length() - 1] |= 1 << index
                mask ^= low
    return tuple(above), tuple(below)


class FreePlaces:
    """The free places of each mask of places still holding a card, in place
    order, memoised (a search meets few masks, each many times)."""

    def __init__(self, covering: Covering) -> None:
        # For each place, the mask of the places lying on it directly.
        self.covers = tuple(sum(1 << cover for cover in covers) for covers in covering)
        self.memo: dict[int, tuple[int, ...]] = {}

    def __call__(self, mask: int) -> tuple[int, ...]:
        found = self.memo.get(mask)
        if found is None:
            covers = self.covers
            free = []
            left = mask
            while left:
                low = left & -left
                place = low.bit_length() - 1
                if not mask & covers[place]:
                    free.append(place)
                left ^= low
            found = tuple(free)
            self.memo[mask] = found
        return found
