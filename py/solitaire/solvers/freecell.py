"""FreeCell solver: best-first search with a transposition table, exact verdicts.

Algorithm
    Greedy best-first search (weighted A* with a small weight on depth): a
    heap holds the frontier, ordered by ``priority = HEURISTIC + DEPTH_WEIGHT
    x depth`` and then by a serial number (first pushed first), so the order
    never depends on hashing. Each *node* is one position taken off the heap
    and expanded: every child is generated, tested for a win, looked up in the
    transposition table and, if new, pushed. ``run(nodes)`` pops at most that
    many positions and keeps the heap, the table and the parent links in the
    search object, so the next call resumes exactly where the last stopped.

Heuristic (integers, lower is better)
    cards not on the foundations, cards lying above a lower card of their
    column (each must move away before that lower card can go home), cards
    covering the next card each foundation needs, cards in the free cells, and
    a bonus for empty columns. It is only a guide: verdicts never depend on it.

Moves and state key
    The search's own position is ``(columns, cells, foundations)``: the eight
    columns as ``bytes`` sorted (interchangeable, so the sorted tuple is the
    canonical form), the held free-cell cards as sorted ``bytes``, and the
    foundation heights per suit. That triple is the transposition-table key.
    Moves are the rules' atomic moves, a run of up to (1 + empty cells) x
    2^(empty columns) cards moving as one (the target column not counted when
    it is empty, as in ``FreeCell.move_capacity``): column/cell to foundation,
    column top to a free cell, cell to a column, run to a column or to an empty
    column. Moves that lead to a position equal under the canonical key are
    generated once (to the first empty cell or column only, no cell-to-cell
    moves, no whole column into an empty column), which loses nothing.

Safe moves (the only pruning)
    After every move the search plays the rules' safe moves (Aces, 2s, and any
    card whose two other-colour foundations are at most one rank lower): no
    card can ever be put on such a card, so any winning line still wins with
    the card already home (drop its moves; every position along the line then
    has at least as many empty cells and columns). They are part of the
    returned line. A position whose columns all descend in rank (any colours)
    is won outright: the lowest card still out is always free to go home
    (``FreeCell.completion``); the line ends with those moves.

Why the verdicts are exact
    ``winnable`` comes with the moves that lead to the win, turned back into
    the engine's own ``Move`` values (pile names of the given position, the
    free cell, empty column and foundation each move really uses) by replaying
    them on the real table. ``unwinnable`` is returned only when the frontier
    is empty: every position reachable from the start (up to the canonical
    key and the safe moves, neither of which changes whether a position can be
    won) has been expanded without reaching a win. When the budget runs out
    first the verdict is ``unknown``.
"""

from __future__ import annotations

import heapq
from typing import Any

from ..game import Move
from ..games.freecell import CELL, CELLS, COLUMNS, FOUNDATION, TABLEAU, FreeCellPosition
from ..solver import Search, Solver, Verdict

State = tuple[tuple[bytes, ...], bytes, bytes]
Entry = tuple[int, int, State, int, int, tuple[int, ...]]  # priority, serial, state, depth, parent, steps

# -- cards (the engine's ints: suit * 13 + rank - 1) ---------------------------

RANK = [card % 13 for card in range(52)]  # 0 for an Ace .. 12 for a King
SUIT = [card // 13 for card in range(52)]
RED = [13 <= card < 39 for card in range(52)]
OTHER_COLOUR = ((1, 2), (0, 3), (0, 3), (1, 2))  # suits of the other colour, by suit
# The cards a card may lie on in a column: one rank higher, other colour.
PARENTS: list[tuple[int, ...]] = [
    tuple(s * 13 + RANK[card] + 1 for s in OTHER_COLOUR[SUIT[card]]) if RANK[card] < 12 else ()
    for card in range(52)
]
# FOLLOWS[lower * 52 + upper]: upper may lie on lower.
FOLLOWS = bytes(1 if lower in PARENTS[upper] else 0 for lower in range(52) for upper in range(52))

# -- steps: one move as a small int --------------------------------------------
# card (the lowest card moved) | count << 6 | target << 10; the target is a
# card (the column whose top it is), or one of:
TO_EMPTY_COLUMN = 52
TO_CELL = 53
TO_FOUNDATION = 54

# -- search weights (tuned on Microsoft deals 1..1000) ---------------------------
HOME_WEIGHT = 10
DISORDER_WEIGHT = 6
NEXT_COVER_WEIGHT = 2
CELL_WEIGHT = 3
EMPTY_COLUMN_WEIGHT = 4
DEPTH_WEIGHT = 2
MISPLACED_WEIGHT = 0

COLUMN_MEMO_LIMIT = 100_000


def home_step(card: int) -> int:
    return card | 1 << 6 | TO_FOUNDATION << 10


def is_safe(card: int, foundations: bytes | bytearray) -> bool:
    """The rules' safe move: next on its foundation, and an Ace, a 2, or no lower
    card of the other colour still out that could need it."""
    rank = RANK[card]
    if foundations[SUIT[card]] != rank:
        return False
    if rank <= 1:
        return True
    first, second = OTHER_COLOUR[SUIT[card]]
    return foundations[first] >= rank and foundations[second] >= rank


def auto_play(columns: list[bytes], cells: list[int], foundations: bytearray, steps: list[int]) -> None:
    """Play safe moves until none is left (changes the lists in place, records the steps)."""
    progress = True
    while progress:
        progress = False
        for index in range(COLUMNS):
            column = columns[index]
            while column and is_safe(column[-1], foundations):
                card = column[-1]
                foundations[SUIT[card]] += 1
                column = column[:-1]
                steps.append(home_step(card))
                progress = True
            columns[index] = column
        for card in list(cells):
            if is_safe(card, foundations):
                foundations[SUIT[card]] += 1
                cells.remove(card)
                steps.append(home_step(card))
                progress = True


class FreeCellSolver(Solver):
    """Best-first search over FreeCell positions (see the module docstring)."""

    default_budget = 200_000
    daily_budget = 20_000

    def start(self, position: Any, budget: int) -> Search:
        return FreeCellSearch(position, budget)


class FreeCellSearch(Search):
    """One resumable search from one FreeCell position."""

    def __init__(self, position: FreeCellPosition, budget: int) -> None:
        self.position = position
        self.budget = budget
        self.nodes = 0
        self.serial = 0
        self.verdict: Verdict | None = None
        self.frontier: list[Entry] = []
        self.seen: set[State] = set()
        # Parent links of the expanded nodes: the node's parent and the steps leading to it.
        self.parents: list[int] = []
        self.steps: list[tuple[int, ...]] = []
        self.column_memo: dict[bytes, tuple[int, int, int]] = {}

        foundations = bytearray(4)
        for pile in position.foundations:
            if pile:
                foundations[SUIT[pile[-1]]] = RANK[pile[-1]] + 1
        columns = [bytes(column) for column in position.tableau]
        cells = [card for card in position.cells if card is not None]
        start_steps: list[int] = []
        auto_play(columns, cells, foundations, start_steps)
        state = (tuple(sorted(columns)), bytes(sorted(cells)), bytes(foundations))
        self.seen.add(state)
        if self.disorder(state[0]) == 0:
            self.verdict = Verdict("winnable", self.line([tuple(start_steps)]), 0)
        else:
            self.push(state, 0, -1, tuple(start_steps))

    # -- evaluation ------------------------------------------------------------------

    def column_info(self, column: bytes) -> tuple[int, int, int]:
        """(length of the run on top, cards lying above a lower card): memoised, as
        most columns of a child are its parent's."""
        found = self.column_memo.get(column)
        if found is not None:
            return found
        run = 1 if column else 0
        while run < len(column) and FOLLOWS[column[-run - 1] * 52 + column[-run]]:
            run += 1
        disorder = 0
        lowest = 99
        for card in column:
            rank = RANK[card]
            if rank > lowest:
                disorder += 1
            else:
                lowest = rank
        base = 1 if column else 0
        while base < len(column) and FOLLOWS[column[base - 1] * 52 + column[base]]:
            base += 1
        if len(self.column_memo) >= COLUMN_MEMO_LIMIT:
            self.column_memo.clear()
        info = self.column_memo[column] = (run, disorder, len(column) - base)
        return info

    def disorder(self, columns: tuple[bytes, ...]) -> int:
        return sum(self.column_info(column)[1] for column in columns)

    def misplaced(self, columns: tuple[bytes, ...]) -> int:
        return sum(self.column_info(column)[2] for column in columns)

    def heuristic(self, state: State, disorder: int) -> int:
        columns, cells, foundations = state
        home = sum(foundations)
        covering = 0
        for suit in range(4):
            height = foundations[suit]
            if height < 13:
                wanted = suit * 13 + height
                for column in columns:
                    where = column.find(wanted)
                    if where >= 0:
                        covering += len(column) - 1 - where
                        break
        empty = 0
        for column in columns:
            if column:
                break
            empty += 1
        return (
            HOME_WEIGHT * (52 - home)
            + DISORDER_WEIGHT * disorder
            + MISPLACED_WEIGHT * self.misplaced(columns)
            + NEXT_COVER_WEIGHT * covering
            + CELL_WEIGHT * len(cells)
            - EMPTY_COLUMN_WEIGHT * empty
        )

    def push(self, state: State, depth: int, parent: int, steps: tuple[int, ...]) -> None:
        priority = self.heuristic(state, self.disorder(state[0])) + DEPTH_WEIGHT * depth
        self.serial += 1
        heapq.heappush(self.frontier, (priority, self.serial, state, depth, parent, steps))

    # -- the search ------------------------------------------------------------------

    def run(self, nodes: int) -> Verdict | None:
        if self.verdict is not None:
            return self.verdict
        for _ in range(nodes):
            if not self.frontier:
                self.verdict = Verdict("unwinnable", (), self.nodes)
                return self.verdict
            if self.nodes >= self.budget:
                self.verdict = Verdict("unknown", (), self.nodes)
                return self.verdict
            _, _, state, depth, parent, steps = heapq.heappop(self.frontier)
            self.nodes += 1
            node = len(self.parents)
            self.parents.append(parent)
            self.steps.append(steps)
            won = self.expand(state, depth, node)
            if won is not None:
                self.verdict = Verdict("winnable", self.line(self.path(node) + [won]), self.nodes)
                return self.verdict
        if not self.frontier:
            self.verdict = Verdict("unwinnable", (), self.nodes)
        elif self.nodes >= self.budget:
            self.verdict = Verdict("unknown", (), self.nodes)
        return self.verdict

    def path(self, node: int) -> list[tuple[int, ...]]:
        """The steps from the start to expanded node ``node``."""
        found: list[tuple[int, ...]] = []
        while node >= 0:
            found.append(self.steps[node])
            node = self.parents[node]
        found.reverse()
        return found

    def expand(self, state: State, depth: int, node: int) -> tuple[int, ...] | None:
        """Push every new child of ``state``; the steps to a won child, if one is found."""
        columns, cells, foundations = state
        free = CELLS - len(cells)
        empty = 0
        for column in columns:
            if column:
                break
            empty += 1
        to_filled = (1 + free) << empty
        to_empty = (1 + free) << (empty - 1) if empty else 0
        tops: dict[int, int] = {}
        for index in range(empty, COLUMNS):
            tops[columns[index][-1]] = index
        children: list[tuple[list[bytes], list[int], bytearray, int, int]] = []
        # (columns, cells, foundations, step, index of a column whose new top may be safe or -1)

        # Cells: to a foundation, onto a column, into an empty column.
        for card in cells:
            rest = list(cells)
            rest.remove(card)
            if foundations[SUIT[card]] == RANK[card]:
                raised = bytearray(foundations)
                raised[SUIT[card]] += 1
                children.append((list(columns), rest, raised, home_step(card), -2))
            for parent in PARENTS[card]:
                target = tops.get(parent, -1)
                if target >= 0:
                    moved = list(columns)
                    moved[target] = columns[target] + bytes((card,))
                    children.append((moved, rest, bytearray(foundations), card | 1 << 6 | parent << 10, -1))
            if empty:
                moved = list(columns)
                moved[0] = bytes((card,))
                children.append((moved, rest, bytearray(foundations), card | 1 << 6 | TO_EMPTY_COLUMN << 10, -1))

        for index in range(empty, COLUMNS):
            column = columns[index]
            top = column[-1]
            run = self.column_info(column)[0]
            # To a foundation.
            if foundations[SUIT[top]] == RANK[top]:
                raised = bytearray(foundations)
                raised[SUIT[top]] += 1
                moved = list(columns)
                moved[index] = column[:-1]
                children.append((moved, list(cells), raised, home_step(top), -2))
            # Runs onto other columns, and into an empty column.
            for count in range(1, min(run, to_filled) + 1):
                card = column[-count]
                for parent in PARENTS[card]:
                    target = tops.get(parent, -1)
                    if target >= 0:
                        moved = list(columns)
                        moved[index] = column[:-count]
                        moved[target] = columns[target] + column[-count:]
                        children.append((moved, list(cells), bytearray(foundations), card | count << 6 | parent << 10, index))
            if empty:
                for count in range(1, min(run, to_empty, len(column) - 1) + 1):
                    moved = list(columns)
                    moved[index] = column[:-count]
                    moved[0] = column[-count:]
                    children.append(
                        (moved, list(cells), bytearray(foundations), column[-count] | count << 6 | TO_EMPTY_COLUMN << 10, index)
                    )
            # Into a free cell.
            if free:
                moved = list(columns)
                moved[index] = column[:-1]
                children.append((moved, sorted(cells + bytes((top,))), bytearray(foundations), top | 1 << 6 | TO_CELL << 10, index))

        seen = self.seen
        for moved, held, raised, step, exposed in children:
            steps = [step]
            if exposed == -2 or (exposed >= 0 and moved[exposed] and is_safe(moved[exposed][-1], raised)):
                auto_play(moved, held, raised, steps)
            moved.sort()
            child = (tuple(moved), bytes(held), bytes(raised))
            if child in seen:
                continue
            seen.add(child)
            disorder = self.disorder(child[0])
            if disorder == 0:
                return tuple(steps)
            priority = self.heuristic(child, disorder) + DEPTH_WEIGHT * (depth + 1)
            self.serial += 1
            heapq.heappush(self.frontier, (priority, self.serial, child, depth + 1, node, tuple(steps)))
        return None

    # -- the winning line as the engine's moves ----------------------------------------

    def line(self, path: list[tuple[int, ...]]) -> tuple[Move, ...]:
        """Replay the steps on the real table (pile names as the position has them),
        then finish with the completion: lowest card home first."""
        tableau = [list(column) for column in self.position.tableau]
        cells: list[int | None] = list(self.position.cells)
        piles: list[int | None] = [SUIT[pile[0]] if pile else None for pile in self.position.foundations]
        heights = [0, 0, 0, 0]
        for pile in self.position.foundations:
            if pile:
                heights[SUIT[pile[-1]]] = RANK[pile[-1]] + 1
        moves: list[Move] = []

        def play(step: int) -> None:
            card, count, target = step & 63, step >> 6 & 15, step >> 10
            if card in cells:
                source_index = cells.index(card)
                source = CELL[source_index]
                cells[source_index] = None
                run = [card]
            else:
                source_index = next(i for i, column in enumerate(tableau) if card in column)
                column = tableau[source_index]
                run = column[-count:]
                assert run[0] == card
                del column[-count:]
                source = TABLEAU[source_index]
            if target == TO_FOUNDATION:
                where = piles.index(SUIT[card]) if SUIT[card] in piles else piles.index(None)
                piles[where] = SUIT[card]
                heights[SUIT[card]] += 1
                moves.append(Move(source, FOUNDATION[where]))
            elif target == TO_CELL:
                where = cells.index(None)
                cells[where] = card
                moves.append(Move(source, CELL[where]))
            else:
                if target == TO_EMPTY_COLUMN:
                    where = next(i for i, column in enumerate(tableau) if not column and TABLEAU[i] != source)
                else:
                    where = next(i for i, column in enumerate(tableau) if column and column[-1] == target)
                tableau[where].extend(run)
                moves.append(Move(source, TABLEAU[where], count))

        for steps in path:
            for step in steps:
                play(step)
        # The completion: every column descends, so the lowest card out is always free.
        while sum(heights) < 52:
            free = [column[-1] for column in tableau if column] + [card for card in cells if card is not None]
            card = min((c for c in free if heights[SUIT[c]] == RANK[c]), key=lambda c: RANK[c])
            play(home_step(card))
        return tuple(moves)
