"""Resumable searches of one position, and the portfolio that runs them in turns.

Each search keeps a transposition table (two may share one: ``Tandem``): a position
seen before is on the current path or was (or will be) searched from there, so
skipping it loses nothing, and an exact search that runs out of positions has proved
the game lost. Everything is explicit data, so ``run(nodes)`` stops after any node,
or amid a node's moves (``PAUSE_AFTER``), and resumes exactly there; turns depend only
on nodes spent, so slices of any size give the same result.
"""

from __future__ import annotations

from heapq import heappop, heappush
from typing import Union

from .encoding import FACE_DOWN, Node, is_won
from .moves import Model
from .pruning import dominated
from .steps import Compound, Step, ends_with_back

# The outcomes of ``run`` (0: not finished). PAUSED: the search stopped amid the moves of a
# node (see ``pause_after``); its caller returns at once too, and its next call goes on there.
WON, EXHAUSTED, GAVE_UP, PAUSED = 1, 2, 3, 4
# Nodes per turn of a portfolio member.
TURN = 256
# The moves a search looks at in one call, at most, where it pauses (the engine's worker
# runs searches in slices of a few milliseconds, and a Double Klondike position can have
# nine hundred moves of a talon card and the cards put on it: 200 ms in Pyodide).
PAUSE_AFTER = 64


class TableSearch:
    """What the depth-first and best-first searches share: the model, the root with its
    safe moves played, the transposition table and draw three's least pointers (either may
    be shared with another search of the same moves: ``Tandem``), and where they pause."""

    def __init__(
        self,
        context: Model,
        root: Node,
        visited: set[bytes] | None = None,
        pointers: dict[bytes, list[int]] | None = None,
        pause_after: int | None = None,
    ) -> None:
        self.context = context
        # Moves looked at per call before pausing (None: never pause).
        self.pause_after = pause_after
        self.root_steps: list[Step] = []
        self.root = context.close(root, self.root_steps)
        root_key = context.key(self.root)
        self.visited: set[bytes] = set() if visited is None else visited
        self.visited.add(root_key)
        # Columns and talon -> least pointers seen (draw three's dominance, see ``dominated``).
        self.pointers: dict[bytes, list[int]] = {} if pointers is None else pointers
        if context.pruning.pointer_dominance:
            dominated(self.root, root_key, context.pruning.draw, self.pointers)
        self.line: list[Step] | None = None
        self.nodes = 0
        if is_won(self.root):
            self.line = self.root_steps
        self.begin(self.line is None and not context.lost(self.root))

    def begin(self, root_open: bool) -> None:
        """Set up the search's own state; ``root_open``: the root is to be searched (neither
        won already nor known lost)."""
        raise NotImplementedError


class DepthFirst(TableSearch):
    """One resumable depth-first search from one node."""

    # Frames: node, its moves, the next move to try, the steps that led to it.
    stack: list[tuple[Node, list[Step], list[int], list[Step]]]

    def begin(self, root_open: bool) -> None:
        self.stack = []
        if root_open:
            self.stack.append((self.root, self.context.moves(self.root), [0], self.root_steps))
            self.nodes = 1

    def run(self, nodes: int) -> int:
        """Expand at most ``nodes`` more nodes: WON, EXHAUSTED, PAUSED or 0 (not finished)."""
        if self.line is not None:
            return WON
        context = self.context
        stack = self.stack
        looked = 0
        most = self.pause_after or -1
        visited = self.visited
        close = context.close
        play = context.play
        key = context.key
        moves = context.moves
        dominance = context.pruning.pointer_dominance
        draw = context.pruning.draw
        limit = self.nodes + nodes
        expanded = self.nodes
        while stack:
            node, options, cursor, _ = stack[-1]
            index = cursor[0]
            if index >= len(options):
                stack.pop()
                continue
            if looked == most:
                self.nodes = expanded
                return PAUSED
            looked += 1
            cursor[0] = index + 1
            step = options[index]
            steps: list[Step] = list(step.parts) if isinstance(step, Compound) else [step]
            child = close(play(node, step), steps, not ends_with_back(step))
            if not child[2] and not any(child[0]):
                self.line = [s for frame in stack for s in frame[3]] + steps
                self.nodes = expanded
                return WON
            child_key = key(child)
            if child_key in visited:
                continue
            visited.add(child_key)
            if context.lost(child):
                continue
            if expanded >= limit:
                # Put the move back so the next slice starts with it.
                cursor[0] = index
                visited.discard(child_key)
                self.nodes = expanded
                return 0
            if dominance and dominated(child, child_key, draw, self.pointers):
                continue
            expanded += 1
            stack.append((child, moves(child), [0], steps))
        self.nodes = expanded
        return EXHAUSTED


class BestFirst(TableSearch):
    """One resumable best-first search from one node: the position with the
    fewest face-down cards, then the fewest cards not home, is expanded first
    (the newest first among equals). Its transposition table and pruning are
    those of the depth-first search, so an exhausted search is as much a proof."""

    # Face-down cards count this many times a card not home in the priority.
    HIDDEN_WEIGHT = 3
    # The node whose moves are being looked at: its index, its moves, the next to look at.
    expanding: tuple[int, list[Step]] | None
    next_move: int
    # Per expanded node: the steps from its parent and its parent's index (for the line),
    # the node itself while children of it wait in the heap (then None, to save memory),
    # and how many wait.
    store: list[tuple[list[Step], int]]
    kept: list[Node | None]
    waiting: list[int]
    # Waiting children: priority, tie-break, parent index, the move from the parent.
    heap: list[tuple[int, int, int, Step]]

    def begin(self, root_open: bool) -> None:
        self.expanding = None
        self.next_move = 0
        self.store = [(self.root_steps, -1)]
        self.kept = [self.root]
        self.waiting = [0]
        self.heap = []
        self.counter = 0
        self.root_pending = root_open

    def priority(self, node: Node) -> int:
        prefix = self.context.dead_ends.prefix
        hidden = 0
        for column in node[0]:
            if column and column[0] >= FACE_DOWN:
                hidden += len(prefix(column)) - 1
        return self.HIDDEN_WEIGHT * hidden + self.context.full - sum(node[1])

    def path(self, index: int) -> list[Step]:
        parts: list[list[Step]] = []
        while index >= 0:
            steps, index = self.store[index]
            parts.append(steps)
        return [step for part in reversed(parts) for step in part]

    def run(self, nodes: int) -> int:
        """Expand at most ``nodes`` more nodes: WON, EXHAUSTED or 0 (not finished)."""
        if self.line is not None:
            return WON
        context = self.context
        heap = self.heap
        store = self.store
        kept = self.kept
        waiting = self.waiting
        visited = self.visited
        close = context.close
        play = context.play
        key = context.key
        moves = context.moves
        frozen = context.frozen
        held_in_talon = context.held_in_talon
        priority = self.priority
        dominance = context.pruning.pointer_dominance
        draw = context.pruning.draw
        pointers = self.pointers
        limit = self.nodes + nodes
        looked = 0
        most = self.pause_after or -1
        while True:
            if self.expanding is None:
                if not (self.root_pending or heap):
                    return EXHAUSTED
                if self.nodes >= limit:
                    return 0
                if self.root_pending:
                    self.root_pending = False
                    index = 0
                else:
                    _, _, parent, step = heappop(heap)
                    steps: list[Step] = list(step.parts) if isinstance(step, Compound) else [step]
                    parent_node = kept[parent]
                    assert parent_node is not None
                    child = close(play(parent_node, step), steps, not ends_with_back(step))
                    waiting[parent] -= 1
                    if not waiting[parent]:
                        kept[parent] = None
                    # The talon's part of the test only here: most children never leave the heap.
                    if held_in_talon(child):
                        continue
                    store.append((steps, parent))
                    kept.append(child)
                    waiting.append(0)
                    index = len(store) - 1
                node = kept[index]
                assert node is not None
                self.nodes += 1
                self.expanding = (index, moves(node))
                self.next_move = 0
            index, options = self.expanding
            node = kept[index]
            assert node is not None
            for cursor in range(self.next_move, len(options)):
                if looked == most:
                    self.next_move = cursor
                    return PAUSED
                looked += 1
                step = options[cursor]
                steps = list(step.parts) if isinstance(step, Compound) else [step]
                child = close(play(node, step), steps, not ends_with_back(step))
                if not child[2] and not any(child[0]):
                    self.line = self.path(index) + steps
                    return WON
                child_key = key(child)
                if child_key in visited:
                    continue
                visited.add(child_key)
                if frozen(child[0]):
                    continue
                if dominance and dominated(child, child_key, draw, pointers):
                    continue
                self.counter += 1
                heappush(heap, (priority(child), -self.counter, index, step))
                waiting[index] += 1
            self.expanding = None
            if not waiting[index]:
                kept[index] = None


# A portfolio member: (search, its wins count, its exhaustion proves the game lost,
# nodes per turn). A Union, not ``|``: tools/on_pypy.py runs this as Python 3.9.
Member = tuple[Union[DepthFirst, BestFirst, "Portfolio"], bool, bool, int]  # noqa: UP007


class Portfolio:
    """Searches of the same position taking turns, sharing the budget.

    Each member is (search, its wins count, its exhaustion proves the game
    lost, nodes per turn): the real game's searches in tandem (``Tandem``), and
    where the talon is not free a relaxed search (draw one with every talon card
    playable at any time), which only proves: its "wins" do not count. Each
    member has its own transposition table, so an exact one (or a relaxed one)
    that runs out of positions has proved the game lost. A member that ends
    otherwise leaves the rotation. Turns depend only on nodes spent, so slices
    of any size give the same result.
    """

    def __init__(self, members: list[Member]) -> None:
        self.members = members
        self.turn = 0
        self.in_turn = 0
        self.paused = False
        self.line: list[Step] | None = None
        self.spent = sum(search.nodes for search, _, _, _ in members)

    @property
    def nodes(self) -> int:
        return self.spent

    def run(self, nodes: int) -> int:
        """WON, EXHAUSTED (proved lost), GAVE_UP (no member left), PAUSED or 0 (not finished)."""
        while nodes > 0 or self.paused:
            if not self.members:
                return GAVE_UP
            search, wins, proves, turn = self.members[self.turn]
            step = max(min(nodes, turn - self.in_turn), 0)
            before = search.nodes
            outcome = search.run(step)
            used = search.nodes - before
            self.spent += used
            nodes -= used
            self.in_turn += used
            self.paused = outcome == PAUSED
            if self.paused:
                return PAUSED
            if outcome == WON and wins:
                self.line = search.line
                return WON
            if outcome == EXHAUSTED and proves:
                return EXHAUSTED
            if outcome:
                del self.members[self.turn]
                self.turn -= 1
            elif used < step:
                raise AssertionError("a search stopped short without a cause")
            if self.in_turn >= turn or outcome:
                self.turn = (self.turn + 1) % max(len(self.members), 1)
                self.in_turn = 0
        return 0


class Tandem(Portfolio):
    """A depth-first and a best-first search of one position sharing their transposition
    table (and draw three's pointer dominance), taking turns. A position either has seen
    is the one's that saw it to search (each search is exact, so whatever it expands, it
    expands completely), so together they search each position once: the game is proved
    lost when both have run out of positions, in fewer positions than two searches with
    tables of their own need. Neither proves the game lost on its own, so each leaves the
    rotation when it has run out."""

    def __init__(self, context: Model, root: Node, turn: int = TURN, pause_after: int | None = None) -> None:
        # The tables: positions seen, and draw three's least pointers (see ``dominated``).
        visited: set[bytes] = set()
        pointers: dict[bytes, list[int]] = {}
        self.searches = (
            DepthFirst(context, root, visited, pointers, pause_after),
            BestFirst(context, root, visited, pointers, pause_after),
        )
        super().__init__([(search, True, False, turn) for search in self.searches])

    def run(self, nodes: int) -> int:
        """WON, EXHAUSTED (both searches ran out: the game is lost), PAUSED or 0 (not finished)."""
        outcome = super().run(nodes)
        return EXHAUSTED if not self.members else outcome
