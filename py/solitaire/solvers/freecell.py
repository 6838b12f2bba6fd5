"""FreeCell solver: best-first search with a transposition table, exact verdicts.

Algorithm
    Greedy best-first search (weighted A* with a small weight on depth): a
    heap holds the frontier, ordered by ``HEURISTIC + DEPTH_WEIGHT x depth``,
    ties by a serial number (first pushed, first out), so the order never
    depends on hashing. A *node* is one position taken off the heap and
    expanded: each child is generated, looked up in the transposition table
    and, when new, tested for a win and pushed. ``run(nodes)`` pops at most
    that many positions; the heap, the table and the parent links stay in the
    search object, so the next call resumes exactly where the last stopped.

Heuristic (integers, lower is better)
    Cards not on the foundations; cards lying on a card of lower or equal
    rank (each must leave before that card can go home), and the runs they
    form (a run moves as one, so the runs count the moves better than the
    cards do); cards covering the next card of each foundation; cards held in
    the free cells; minus a bonus per empty column. Free cells and empty
    columns weigh heavily: they are what lets runs move. The weights were
    tuned on Microsoft deals 1..500 and checked on 1001..1400. The heuristic
    only orders the search; verdicts never depend on it.

Moves, move ordering and the state key
    The search's own position is ``(columns, cells, foundations)``: the eight
    columns as ``bytes`` of cards, sorted (columns are interchangeable, so the
    sorted tuple is canonical and the empty columns come first); the held
    free-cell cards as sorted ``bytes``; the height of each suit's foundation.
    The transposition-table key is the sorted columns and the held cards
    written as one ``bytes`` (the foundations follow from them: every card
    not on the table is home). The moves are the rules' atomic moves, with a
    run of up to (1 + empty cells) x 2^(empty columns) cards moving as one
    move (the target column not counted when it is empty, as
    ``FreeCell.move_capacity`` says): cell to foundation, to a column or into
    an empty column; column top to foundation; run onto a column or into an
    empty column; column top into a free cell. A move whose result equals
    another's under the key is generated once: only the first empty cell or
    column is a target, no cell-to-cell move, no whole column into an empty
    column. Children are pushed in that order (free-cell cards first); ties
    of priority keep it, the heap decides the rest.

Safe moves (the only pruning)
    After every move the search plays the rules' safe moves: Aces, 2s, and
    any card whose two other-colour foundations are at most one rank lower.
    Nothing can go onto such a card in a column (the other-colour cards one
    rank lower are home, or are Aces, which may as well go home), so dropping
    the card's own moves from any winning line leaves a winning line with the
    card already home: every position along it has as many free cells and
    empty columns or more. The safe moves are part of the returned line. A
    position whose columns all descend strictly in rank (any colours) is won
    outright: the lowest card still out is always free to go home
    (``FreeCell.completion``); the line ends with those moves, lowest first.

Why the verdicts are exact
    ``winnable`` comes with the moves that reach the win, turned back into the
    engine's own ``Move`` values by replaying them on the real table (the
    pile names of the given position, the very free cell, empty column and
    foundation each move uses). ``unwinnable`` is returned only when the
    frontier is empty: every position reachable from the start, up to the key
    and the safe moves (neither changes whether a position can be won), has
    been expanded without a win. When the budget runs out first the verdict
    is ``unknown``.

Variants
    What the rules change is a ``Variant``: the number of cells, the building
    rule (the cards each card may lie on), whether only a King fills an empty
    column, whether empty columns double the run a move carries, which
    foundations a card waits for before it is safe home, and the heuristic's
    weights. ``FREECELL`` is the game above; ``FREECELL_ANY_COLOUR`` (option
    ``building=any``) builds down by rank alone, with the same supermoves, and
    a card is safe home when every card one rank lower is (any suit could lie
    on it). Eight Off (``solvers/eight_off.py``) has its own. On deals 1..1000
    at the default budget, ``building=any`` proves every deal winnable (median
    74 nodes, 8 ms CPU; p95 191 nodes; at most 1,206).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..game import Move, Rules
from ..games.freecell import CELLS, COLUMNS, FOUNDATION, TABLEAU, FreeCell, FreeCellPosition
from ..games.table import pile_names
from ..solver import Search, Solver, Verdict
from .best_first import BestFirstSearch, Steps

# (columns sorted, held free-cell cards sorted, foundation height per suit)
State = tuple[tuple[bytes, ...], bytes, bytes]

# -- cards (the engine's ints: suit * 13 + rank - 1) -------------------------------

RANK = [card % 13 for card in range(52)]  # 0 for an Ace .. 12 for a King
SUIT = [card // 13 for card in range(52)]
OTHER_COLOUR = ((1, 2), (0, 3), (0, 3), (1, 2))  # by suit: clubs, diamonds, hearts, spades
OTHER_SUITS = ((1, 2, 3), (0, 2, 3), (0, 1, 3), (0, 1, 2))


def parents(suits: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """Per card, the cards it may lie on in a column: one rank higher, of the suits that
    ``suits`` gives for its own suit."""
    return tuple(tuple(other * 13 + RANK[card] + 1 for other in suits[SUIT[card]]) if RANK[card] < 12 else () for card in range(52))


def follows(parents_: tuple[tuple[int, ...], ...]) -> bytes:
    """``follows[lower * 52 + upper]`` is 1 when upper may lie on lower."""
    return bytes(1 if lower in parents_[upper] else 0 for lower in range(52) for upper in range(52))


@dataclass(frozen=True, slots=True)
class Variant:
    """What a game of free cells and columns changes in the search: its cells, its building
    rule (``parents``, ``follows``), what fills an empty column, how many cards a move
    carries, which foundations a card waits for before it is safe home, and the weights of
    the heuristic (see the module docstring)."""

    cells: int
    parents: tuple[tuple[int, ...], ...]
    follows: bytes
    kings_only: bool  # only a King, or a run led by one, fills an empty column
    super_moves: bool  # each empty column doubles the run a move carries
    safe_after: tuple[tuple[int, ...], ...]  # per suit: the suits that must reach a card's rank first
    home_weight: int = 10  # per card not on a foundation
    disorder_weight: int = 4  # per card lying on a card of lower or equal rank
    disorder_run_weight: int = 3  # per run of such cards
    next_cover_weight: int = 2  # per card covering the next card of a foundation
    cell_weight: int = 14  # per card in a free cell
    empty_column_weight: int = 10  # per empty column (a bonus)
    depth_weight: int = 3  # per move from the start (with the safe moves after it)

    @property
    def cell_piles(self) -> tuple[str, ...]:
        return pile_names("cell", self.cells)


ALTERNATE = parents(OTHER_COLOUR)
# FreeCell as Microsoft plays it; with ``building=any`` (``variant_of``) runs go down by rank alone.
FREECELL = Variant(CELLS, ALTERNATE, follows(ALTERNATE), kings_only=False, super_moves=True, safe_after=OTHER_COLOUR)
ANY_COLOUR = parents(((0, 1, 2, 3),) * 4)
FREECELL_ANY_COLOUR = Variant(CELLS, ANY_COLOUR, follows(ANY_COLOUR), kings_only=False, super_moves=True, safe_after=OTHER_SUITS)


def variant_of(rules: Rules[Any]) -> Variant:
    """The search's variant for FreeCell's rules and options."""
    return FREECELL_ANY_COLOUR if isinstance(rules, FreeCell) and rules.any_colour else FREECELL


# -- steps: one move as a small int ------------------------------------------------
# card (the lowest card moved) | count << 6 | target << 10, the target being a card
# (the top of the column the cards go onto) or one of these:
TO_EMPTY_COLUMN = 52
TO_CELL = 53
TO_FOUNDATION = 54

# The search weights are the Variant's defaults (tuned on Microsoft deals 1..500, checked on 1001..1400).

SEPARATOR = b"\xff"  # after each column of a state written as one bytes (cards are 0..51)
FACTS_LIMIT = 100_000  # columns remembered by a search before it forgets them all


def step(card: int, count: int, target: int) -> int:
    return card | count << 6 | target << 10


def home_step(card: int) -> int:
    return card | 1 << 6 | TO_FOUNDATION << 10


def is_safe(card: int, foundations: bytes | bytearray, variant: Variant = FREECELL) -> bool:
    """The rules' safe move: next on its foundation, and an Ace, a 2, or no lower
    card still out that could need it (of the other colour in FreeCell)."""
    rank = RANK[card]
    if foundations[SUIT[card]] != rank:
        return False
    if rank <= 1:
        return True
    for other in variant.safe_after[SUIT[card]]:  # a loop: faster than all() on this hot path
        if foundations[other] < rank:
            return False
    return True


def auto_play(columns: list[bytes], cells: list[int], foundations: bytearray, steps: list[int], variant: Variant = FREECELL) -> None:
    """Play safe moves until none is left (in place), recording their steps."""
    progress = True
    while progress:
        progress = False
        for index in range(COLUMNS):
            column = columns[index]
            while column and is_safe(column[-1], foundations, variant):
                foundations[SUIT[column[-1]]] += 1
                steps.append(home_step(column[-1]))
                column = column[:-1]
                progress = True
            columns[index] = column
        for card in list(cells):
            if is_safe(card, foundations, variant):
                foundations[SUIT[card]] += 1
                cells.remove(card)
                steps.append(home_step(card))
                progress = True


def encode(position: FreeCellPosition, variant: Variant = FREECELL) -> tuple[State, Steps]:
    """The search's state of an engine position, after its safe moves (and those steps)."""
    foundations = bytearray(4)
    for pile in position.foundations:
        if pile:
            foundations[SUIT[pile[-1]]] = RANK[pile[-1]] + 1
    columns = [bytes(column) for column in position.tableau]
    cells = [card for card in position.cells if card is not None]
    steps: list[int] = []
    auto_play(columns, cells, foundations, steps, variant)
    return (tuple(sorted(columns)), bytes(sorted(cells)), bytes(foundations)), tuple(steps)


def table(state: State) -> bytes:
    """The columns of a state as one bytes, each followed by ``SEPARATOR``."""
    return SEPARATOR.join(state[0]) + SEPARATOR


def key(state: State) -> bytes:
    """The transposition-table key: the sorted columns, then the held cards. The
    foundations need no place in it: the cards not on the table are home."""
    return table(state) + state[1]


def run_length(column: bytes, variant: Variant = FREECELL) -> int:
    """Cards on top of the column that form a run (down in alternating colours in FreeCell)."""
    run = 1 if column else 0
    fits = variant.follows
    while run < len(column) and fits[column[-run - 1] * 52 + column[-run]]:
        run += 1
    return run


def disorder(column: bytes) -> int:
    """Cards lying above a card of lower or equal rank: 0 when the column descends."""
    count = 0
    lowest = 99
    for card in column:
        if RANK[card] >= lowest:
            count += 1
        else:
            lowest = RANK[card]
    return count


def disorder_runs(column: bytes, variant: Variant = FREECELL) -> int:
    """The runs (down in alternating colours in FreeCell) that the cards counted by ``disorder`` form."""
    count = 0
    lowest = 99
    fits = variant.follows
    for index, card in enumerate(column):
        if RANK[card] >= lowest:
            if not fits[column[index - 1] * 52 + card]:
                count += 1
        else:
            lowest = RANK[card]
    return count


def children(state: State, runs: list[int], variant: Variant = FREECELL) -> list[tuple[Steps, State]]:
    """The children of a state that has no safe move left (``runs``: the run length
    of each column), each after its safe moves, with the steps that reach it. A
    move whose child another move already gives (up to the key) is left out."""
    columns, cells, foundations = state
    free = variant.cells - len(cells)
    empty = 0
    while empty < COLUMNS and not columns[empty]:
        empty += 1
    if variant.super_moves:
        to_filled = (1 + free) << empty
        to_empty = (1 + free) << (empty - 1) if empty else 0
    else:
        to_filled = 1 + free
        to_empty = to_filled if empty else 0
    kings_only = variant.kings_only
    card_parents = variant.parents
    tops: dict[int, int] = {columns[index][-1]: index for index in range(empty, COLUMNS)}
    # (columns, cells, foundations, step, what to check for safe moves afterwards:
    #  -2 everything, -1 nothing, else the column whose new top might be safe)
    made: list[tuple[list[bytes], bytes, bytes, int, int]] = []

    for place, card in enumerate(cells):
        rest = cells[:place] + cells[place + 1 :]
        if foundations[SUIT[card]] == RANK[card]:
            raised = bytearray(foundations)
            raised[SUIT[card]] += 1
            made.append((list(columns), rest, bytes(raised), home_step(card), -2))
        for parent in card_parents[card]:
            target = tops.get(parent, -1)
            if target >= 0:
                moved = list(columns)
                moved[target] = columns[target] + bytes((card,))
                made.append((moved, rest, foundations, step(card, 1, parent), -1))
        if empty and (not kings_only or RANK[card] == 12):
            moved = list(columns)
            moved[0] = bytes((card,))
            made.append((moved, rest, foundations, step(card, 1, TO_EMPTY_COLUMN), -1))

    for index in range(empty, COLUMNS):
        column = columns[index]
        top = column[-1]
        if foundations[SUIT[top]] == RANK[top]:
            raised = bytearray(foundations)
            raised[SUIT[top]] += 1
            moved = list(columns)
            moved[index] = column[:-1]
            made.append((moved, cells, bytes(raised), home_step(top), -2))
        for count in range(1, min(runs[index], to_filled) + 1):
            card = column[-count]
            for parent in card_parents[card]:
                target = tops.get(parent, -1)
                if target >= 0:
                    moved = list(columns)
                    moved[index] = column[:-count]
                    moved[target] = columns[target] + column[-count:]
                    made.append((moved, cells, foundations, step(card, count, parent), index))
        if empty:
            for count in range(1, min(runs[index], to_empty, len(column) - 1) + 1):
                if kings_only and RANK[column[-count]] != 12:
                    continue
                moved = list(columns)
                moved[index] = column[:-count]
                moved[0] = column[-count:]
                made.append((moved, cells, foundations, step(column[-count], count, TO_EMPTY_COLUMN), index))
        if free:
            moved = list(columns)
            moved[index] = column[:-1]
            made.append((moved, bytes(sorted(cells + bytes((top,)))), foundations, step(top, 1, TO_CELL), index))

    found: list[tuple[Steps, State]] = []
    for moved, held, heights, first, check in made:
        if check == -2 or (check >= 0 and moved[check] and is_safe(moved[check][-1], heights, variant)):
            steps = [first]
            left = list(held)
            raised = bytearray(heights)
            auto_play(moved, left, raised, steps, variant)
            moved.sort()
            found.append((tuple(steps), (tuple(moved), bytes(left), bytes(raised))))
        else:
            moved.sort()
            found.append(((first,), (tuple(moved), held, heights)))
    return found


class FreeCellSolver(Solver):
    """Best-first search over FreeCell positions (see the module docstring), under the
    rules' building option.

    Budgets (Microsoft deals 1..1000): 10,000 nodes prove 99.2% of them winnable
    (the median deal takes about 110), 100,000 prove all of them, and deal 11982
    is proven unwinnable in about 62,000.
    """

    default_budget = 200_000
    daily_budget = 10_000
    analysis_budget = 100_000  # about 50 MB of positions: enough for every deal of 1..1000 and 11982

    def start(self, position: Any, budget: int) -> Search:
        return FreeCellSearch(position, budget, variant_of(self.rules))


class FreeCellSearch(BestFirstSearch[State]):
    """One resumable search from one position of a game of free cells and columns."""

    def __init__(self, position: FreeCellPosition, budget: int, variant: Variant = FREECELL) -> None:
        super().__init__(budget)
        self.position = position
        self.variant = variant
        # The heuristic's weights, looked up once (see ``evaluate``).
        self.weights = (
            variant.home_weight,
            variant.disorder_weight,
            variant.disorder_run_weight,
            variant.next_cover_weight,
            variant.cell_weight,
            variant.empty_column_weight,
        )
        # Per column: run length on top, disorder, disorder runs (a child shares most
        # columns with its parent, so most lookups hit).
        self.facts: dict[bytes, tuple[int, int, int]] = {}
        state, steps = encode(position, variant)
        self.seen.add(key(state))
        if self.evaluate(state, table(state))[0] == 0:
            self.verdict = Verdict("winnable", self.line([steps]), 0)
        else:
            self.push(self.evaluate(state, table(state))[1], state, 0, -1, steps)

    def column_facts(self, column: bytes) -> tuple[int, int, int]:
        facts = self.facts.get(column)
        if facts is None:
            if len(self.facts) >= FACTS_LIMIT:
                self.facts.clear()
            facts = self.facts[column] = (run_length(column, self.variant), disorder(column), disorder_runs(column, self.variant))
        return facts

    def evaluate(self, state: State, written: bytes) -> tuple[int, int]:
        """(disorder, heuristic) of a state (``written``: its ``table``); disorder 0 means
        won (see the module docstring)."""
        columns, cells, foundations = state
        known = self.facts.get
        unordered = 0
        unordered_runs = 0
        for column in columns:
            facts = known(column) or self.column_facts(column)
            unordered += facts[1]
            unordered_runs += facts[2]
        # Cards covering each foundation's next card: find it in all columns at once.
        covering = 0
        for suit in range(4):
            height = foundations[suit]
            if height < 13:
                where = written.find(suit * 13 + height)
                if where >= 0:
                    covering += written.find(SEPARATOR, where) - where - 1
        empty = 0
        while empty < COLUMNS and not columns[empty]:
            empty += 1
        home, disordered, disordered_runs, next_cover, held, empty_column = self.weights
        return unordered, (
            home * (52 - sum(foundations))
            + disordered * unordered
            + next_cover * covering
            + held * len(cells)
            - empty_column * empty
            + disordered_runs * unordered_runs
        )

    def expand(self) -> None:
        """Take the best position off the heap and push its new children (or end with a win)."""
        state, depth, node = self.pop()
        seen = self.seen
        variant = self.variant
        runs = [self.column_facts(column)[0] for column in state[0]]
        for child_steps, child in children(state, runs, variant):
            written = SEPARATOR.join(child[0]) + SEPARATOR
            known = written + child[1]
            if known in seen:
                continue
            seen.add(known)
            unordered, heuristic = self.evaluate(child, written)
            if unordered == 0:
                self.verdict = Verdict("winnable", self.line(self.path(node) + [child_steps]), self.nodes)
                return
            self.push(heuristic + variant.depth_weight * (depth + 1), child, depth + 1, node, child_steps)

    def line(self, path: list[Steps]) -> tuple[Move, ...]:
        """The engine's moves for the steps (replayed on the real table, so each move
        names the very piles it uses), then the completion, lowest card first."""
        return replay(self.position, [one for steps in path for one in steps], complete=True, variant=self.variant)


def replay(position: FreeCellPosition, steps: list[int], complete: bool, variant: Variant = FREECELL) -> tuple[Move, ...]:
    """The engine's moves for ``steps`` from ``position``; with ``complete``, then every
    card home lowest first (the position reached must have every column descending)."""
    tableau = [list(column) for column in position.tableau]
    cells: list[int | None] = list(position.cells)
    piles: list[int | None] = [SUIT[pile[0]] if pile else None for pile in position.foundations]
    heights = [0, 0, 0, 0]
    for pile in position.foundations:
        if pile:
            heights[SUIT[pile[-1]]] = RANK[pile[-1]] + 1
    moves: list[Move] = []
    cell_piles = variant.cell_piles

    def play(one: int) -> None:
        card, count, target = one & 63, one >> 6 & 15, one >> 10
        if card in cells:
            where = cells.index(card)
            source, run = cell_piles[where], [card]
            cells[where] = None
        else:
            where = next(index for index, column in enumerate(tableau) if card in column)
            source, run = TABLEAU[where], tableau[where][-count:]
            assert run[0] == card, "a step moves the cards above the one it names"
            del tableau[where][-count:]
        if target == TO_FOUNDATION:
            where = piles.index(SUIT[card]) if SUIT[card] in piles else piles.index(None)
            piles[where] = SUIT[card]
            heights[SUIT[card]] += 1
            moves.append(Move(source, FOUNDATION[where]))
        elif target == TO_CELL:
            where = cells.index(None)
            cells[where] = card
            moves.append(Move(source, cell_piles[where]))
        else:
            if target == TO_EMPTY_COLUMN:
                where = next(index for index, column in enumerate(tableau) if not column and TABLEAU[index] != source)
            else:
                where = next(index for index, column in enumerate(tableau) if column and column[-1] == target)
            tableau[where].extend(run)
            moves.append(Move(source, TABLEAU[where], count))

    for one in steps:
        play(one)
    while complete and sum(heights) < 52:
        free = [column[-1] for column in tableau if column] + [card for card in cells if card is not None]
        play(home_step(min((card for card in free if heights[SUIT[card]] == RANK[card]), key=RANK.__getitem__)))
    return tuple(moves)
