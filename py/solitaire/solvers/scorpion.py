"""Scorpion solver: an exhaustive depth-first search with a transposition table, safe moves
played at once after the deal, and a sound dead-end test for cards that can never be lifted.

The solver sees every card (open mode): the face-down cards and the three stock cards.
Its budget counts *nodes*: positions expanded (their moves generated), never time.

Representation (private to the search)
    A card is ``suit * 16 + rank`` (Ace 1 .. King 13), so a card lies on the next higher
    card of its suit exactly when ``lower == upper - 1``. A state is the cards of each
    column (``bytes``, bottom first, face-down cards included), the number of face-down
    cards of each column and whether the stock is still to be dealt. ``apply`` does what
    ``Scorpion.apply`` does: move the cards (or deal the three stock cards onto the first
    three columns, the top one on the first), let a completed King-to-Ace run on top of a
    column leave (``runs=leave``; and a run it uncovers, laid on its Ace), turn up a face-down
    card left on top.

Moves
    A card goes only on the next higher card of its suit, and there is one of each, so each
    column top takes at most one move; a face-up King (with what lies on it) may go to an
    empty column. Before the deal the columns 1-3 are where the deal lands, so an empty one
    of them differs from the others and moving a whole column led by a King into one of them
    (or out of one) is a move; among the columns 4-7 one empty column stands for all.
    After the deal every empty column is alike, and a whole column led by a King is never
    moved (it only renumbers the columns).

Safe moves after the deal (exact)
    Once the stock is dealt, putting a card (not a King) on the next higher card of its suit
    where that card tops a column that runs down in its suit from a King at the bottom, all
    face up, never spoils a win. That higher card takes no other card, the cards under it
    never move again but for the whole column into an empty one, and the card moved never
    leaves it again (it can go nowhere else). Any line that wins without the move can play
    it, with the same effect, at once: replay that line, carrying the cards that lay on the
    moved card along where that line lifts them; every place the line puts a card on is
    still a column top, or the card that lay under the moved card, now uncovered. So after
    the deal the search plays such moves at once, in any order (each keeps a winnable
    position winnable). Without the King-led column under it the move is not safe: cards
    under the higher card may later want to go onto the cards moved, which would then lie
    on top of them (the tests found such a deal). Before the deal no move is safe (where
    the deal's three cards land depends on the tops of columns 1-3).

Dead ends (``stranded``; sound, so verdicts stay exact)
    A card is lifted only when it is face up and has a place to go: the next higher card of
    its suit on top of a column, or for a King an empty column. A face-down card turns up
    only when the card now on it goes, and a card becomes a column top only when the card
    now on it goes (or it is a top now, or a stock card). A card goes by a lift, or (only a
    King with ``runs=leave``, taking its run along) when its run leaves. The cards that may
    ever go are the least set closed under these conditions (each taken at any time, which
    only lets more cards in); with ``runs=stay``, while no column is empty and none can
    become empty (its bottom card lifted), no King counts. A card that is not a King and is
    not in the set never leaves the card it lies on, so the game is lost if that is not the
    next higher card of its suit, face up: a win puts every such card on its higher card
    with both face up.

Transposition table and key
    The key of a state is its bytes: the stock flag, then each column with its face-down
    count. After the deal the columns are interchangeable, so the key sorts them; before it,
    columns 1-3 keep their places and columns 4-7 are sorted. A depth-first search with a
    table visits every state reachable from the start, so if it ends without a win, no line
    wins: ``unwinnable``. Positions can repeat only before the deal (a King's column moved
    back and forth); the table makes that harmless.

Move order (finds wins sooner; does not change what is proven)
    The deal first, then moves that turn a face-down card, then those that empty a column,
    then the other card moves, fewest cards moved first; King moves into empty columns
    last, those that turn a face-down card first among them. Dealing first found the wins of
    deals 1-300 in a fifth of the nodes that dealing last needed (42,769 against 224,003 in
    all; the median deal alike): the search deals at once, and deals later only where that
    fails. The daily's proof (``proof_search``, a small budget) deals last: more of the
    easy wins are found within it that way.

Verdicts are exact: ``winnable`` only with the line found (the engine's moves, each legal in
turn; the tests replay lines through ``Scorpion.apply``), ``unwinnable`` only from an
exhausted search, otherwise ``unknown``. The search is deterministic and resumable: its
explicit stack and table survive between ``run`` calls, ``run(n)`` returns after at most
``n`` more expansions, and the budget only cuts the search short.
"""

from __future__ import annotations

from typing import Any

from ..cards import rank, suit
from ..game import Move, Rules
from ..games.scorpion import DEAL_MOVE, TABLEAU, Scorpion, ScorpionPosition
from ..solver import Search, Solver, Status, Verdict

KING = 13
RUN = 13
KING_TO_ACE = tuple(bytes(s * 16 + r for r in range(RUN, 0, -1)) for s in range(4))
DEAL_COLUMNS = 3
SEPARATOR = b"\xff"

# Cards of each column (bottom first), face-down counts, stock cards still to deal (bottom
# first: the last goes to the first column).
State = tuple[tuple[bytes, ...], bytes, bytes]
# The engine's moves that lead to a child, and the child.
Child = tuple[tuple[Move, ...], State]


def code(card: int) -> int:
    """The search's code of an engine card: suit * 16 + rank."""
    return suit(card) * 16 + rank(card)


def engine_card(value: int) -> int:
    return (value >> 4) * 13 + (value & 15) - 1


class ScorpionSolver(Solver):
    """Exhaustive search for Scorpion (see the module docstring)."""

    # Budgets in nodes (tools/bench_solver_scorpion.py).
    default_budget = 200_000
    daily_budget = 1_000
    analysis_budget = 200_000
    deal_order = -10_000  # the deal's place among the moves: first (see "Move order")

    def __init__(self, rules: Rules[Any]) -> None:
        super().__init__(rules)
        assert isinstance(rules, Scorpion)
        self.runs_leave = rules.runs_leave

    def start(self, position: Any, budget: int) -> Search:
        return ScorpionSearch(self, position, budget)

    def proof_search(self, position: Any) -> Search:
        """The daily's proof deals last instead: most won deals are won in a few dozen nodes
        either way, and dealing last proves more of them within the small budget (a year of
        dailies: median 4 ms of CPU instead of 7)."""
        late = ScorpionSolver(self.rules)
        late.deal_order = 10_000
        return late.start(position, self.daily_budget)

    def state_of(self, position: ScorpionPosition) -> State:
        return (
            tuple(bytes(code(card) for card in column) for column in position.tableau),
            bytes(position.hidden),
            bytes(code(card) for card in position.stock),
        )

    def never_free(self, position: Any) -> tuple[int, ...]:
        """The cards that can never leave the card they lie on, which is not the next higher
        card of their suit face up (see ``stranded``)."""
        columns, hidden, stock = self.state_of(position)
        return tuple(engine_card(value) for value in stranded(columns, hidden, stock, self.runs_leave))

    # -- the rules, fast -----------------------------------------------------------------

    def settle(self, columns: list[bytes], hidden: list[int], changed: tuple[int, ...]) -> None:
        """After a move: completed runs leave (``runs=leave``), face-down cards left on top turn up."""
        for index in changed:
            column = columns[index]
            # A run that leaves may uncover another completed run (laid on its Ace): it leaves too.
            while self.runs_leave and len(column) - hidden[index] >= RUN and column[-RUN] & 15 == KING and column[-RUN:] in KING_TO_ACE:
                column = column[:-RUN]
                columns[index] = column
            if hidden[index] >= len(column):
                hidden[index] = max(len(column) - 1, 0)

    def won(self, state: State) -> bool:
        columns, hidden, stock = state
        if stock:
            return False
        if self.runs_leave:
            return not any(columns)
        return all(not column or (column in KING_TO_ACE and not hidden[i]) for i, column in enumerate(columns))

    def dead(self, state: State) -> bool:
        """True if a card can never be set right (``stranded``): the state is lost."""
        return bool(stranded(*state, self.runs_leave))

    def key(self, state: State) -> bytes:
        columns, hidden, stock = state
        parts = [bytes((hidden[i],)) + column for i, column in enumerate(columns)]
        if stock:
            parts[DEAL_COLUMNS:] = sorted(parts[DEAL_COLUMNS:])
            return b"\x01" + SEPARATOR.join(parts)
        return b"\x00" + SEPARATOR.join(sorted(parts))

    def moves(self, state: State) -> list[tuple[int, int, int, int]]:
        """The moves of a state as (order, source, target, count), best first; a deal is
        (order, -1, -1, 3)."""
        columns, hidden, stock = state
        where: dict[int, tuple[int, int]] = {}
        for index, column in enumerate(columns):
            for depth in range(hidden[index], len(column)):
                where[column[depth]] = (index, depth)
        found: list[tuple[int, int, int, int]] = []
        empty = [index for index, column in enumerate(columns) if not column]
        for target, column in enumerate(columns):
            if column and column[-1] & 15 > 1:
                place = where.get(column[-1] - 1)
                if place is not None and place[0] != target:
                    source, depth = place
                    count = len(columns[source]) - depth
                    order = count
                    if depth == hidden[source] and depth:
                        order -= 1000  # turns a face-down card
                    elif depth == 0:
                        order -= 500  # empties a column
                    found.append((order, source, target, count))
        if empty:
            if stock:
                targets = [index for index in empty if index < DEAL_COLUMNS]
                others = [index for index in empty if index >= DEAL_COLUMNS]
                targets += others[:1]
            else:
                targets = empty[:1]
            for value in range(KING, 64, 16):
                place = where.get(value)
                if place is None:
                    continue
                source, depth = place
                count = len(columns[source]) - depth
                for target in targets:
                    if depth == 0 and (not stock or (source >= DEAL_COLUMNS and target >= DEAL_COLUMNS)):
                        continue  # only renumbers the columns
                    order = 2000 + count
                    if depth and depth == hidden[source]:
                        order -= 200
                    found.append((order, source, target, count))
        if stock:
            found.append((self.deal_order, -1, -1, len(stock)))
        found.sort()
        return found

    def play(self, state: State, source: int, target: int, count: int) -> State:
        columns = list(state[0])
        hidden = list(state[1])
        if source < 0:
            stock = state[2]
            for index, value in enumerate(reversed(stock)):
                columns[index] += bytes((value,))
            self.settle(columns, hidden, tuple(range(len(stock))))
            return tuple(columns), bytes(hidden), b""
        lifted = columns[source][-count:]
        columns[source] = columns[source][:-count]
        columns[target] += lifted
        self.settle(columns, hidden, (source, target))
        return tuple(columns), bytes(hidden), state[2]

    def closure(self, state: State) -> tuple[tuple[Move, ...], State]:
        """After the deal: every safe move (a card onto the next higher card of its suit lying on
        a column that runs down in that suit from a King at its bottom), until none is left."""
        played: list[Move] = []
        while True:
            columns, hidden, _ = state
            step = None
            for target, column in enumerate(columns):
                if not column or hidden[target] or column[0] & 15 != KING or column[-1] & 15 == 1:
                    continue
                if column != KING_TO_ACE[column[0] >> 4][: len(column)]:
                    continue
                wanted = column[-1] - 1
                for source, other in enumerate(columns):
                    depth = other.find(wanted)
                    if depth >= hidden[source]:
                        step = (source, target, len(other) - depth)
                        break
                if step is not None:
                    break
            if step is None:
                return tuple(played), state
            played.append(Move(TABLEAU[step[0]], TABLEAU[step[1]], step[2]))
            state = self.play(state, *step)

    def children(self, state: State) -> list[Child]:
        found: list[Child] = []
        for _, source, target, count in self.moves(state):
            move = DEAL_MOVE if source < 0 else Move(TABLEAU[source], TABLEAU[target], count)
            child = self.play(state, source, target, count)
            if not child[2]:
                more, child = self.closure(child)
                found.append(((move, *more), child))
            else:
                found.append(((move,), child))
        return found


def stranded(columns: tuple[bytes, ...], hidden: bytes, stock: bytes, runs_leave: bool) -> list[int]:
    """The cards that can never be set right (see "Dead ends" in the module docstring): empty
    when the test finds none.

    A column [KD] [3C] QD: the Queen goes only on its King, under the face-down 3 of
    Clubs, which turns up only when the Queen goes.

    >>> stranded((bytes([16 + 13, 3, 16 + 12]), b"", b"", b"", b"", b"", b""), bytes([2, 0, 0, 0, 0, 0, 0]), b"", True)
    [3, 28]
    >>> stranded((bytes([16 + 13, 16 + 12]), b"", b"", b"", b"", b"", b""), bytes([1, 0, 0, 0, 0, 0, 0]), b"", True)
    [28]
    >>> stranded((bytes([16 + 13, 16 + 12]), b"", b"", b"", b"", b"", b""), bytes(7), b"", True)
    []
    """
    above = [-1] * 64  # the card lying on each card (0: a column top; -1: not on the table)
    below = [0] * 64  # the card each card lies on (0: the bottom of a column)
    face_up = bytearray(64)
    bottoms: list[int] = []
    cards: list[int] = []
    empty = False
    for index, column in enumerate(columns):
        if not column:
            empty = True
            continue
        bottoms.append(column[0])
        cards += column
        under = 0
        for value in column:
            below[value] = under
            above[under] = value
            under = value
        above[under] = 0
        for value in column[hidden[index] :]:
            face_up[value] = 1
    for value in stock:
        above[value] = 0
        face_up[value] = 1
    # With runs=leave a King may leave the card it lies on with its run, empty column or not.
    # With runs=stay, while no column is empty, Kings wait for one: a bottom card that can go.
    kings = empty or runs_leave
    movable = free_cards(cards + list(stock), above, below, face_up, kings)
    if not kings and any(movable[value] for value in bottoms):
        movable = free_cards(cards + list(stock), above, below, face_up, True)
    return [value for value in cards if value & 15 != KING and not movable[value] and (below[value] != value + 1 or not face_up[value + 1])]


def free_cards(cards: list[int], above: list[int], below: list[int], face_up: bytearray, kings: bool) -> bytearray:
    """The cards that may ever be lifted (a 1 at their code): face up (or uncovered by a card
    that may be lifted) and with a place to go: the next higher card of their suit on top of a
    column (or under a card that may be lifted), or, for a King when ``kings``, an empty
    column or its run leaving. Every condition is one a lift needs at some time, so a card left out is never
    lifted. (Code 0 stands for "nothing", which counts as lifted: a top card has nothing on it.)"""
    movable = bytearray(64)
    movable[0] = 1
    pending = [value for value in cards]
    while pending:
        value = pending.pop()
        if movable[value] or not (face_up[value] or movable[above[value]]):
            continue
        if value & 15 == KING:
            if not kings:
                continue
        else:
            over = above[value + 1]
            if over < 0 or not movable[over]:
                continue
        movable[value] = 1
        under = below[value]
        if under:
            pending.append(under)  # may turn face up, and may take its lower card
            if under & 15 > 1:
                pending.append(under - 1)
    return movable


class ScorpionSearch(Search):
    """A resumable depth-first search over the states reachable from one position."""

    def __init__(self, solver: ScorpionSolver, position: ScorpionPosition, budget: int) -> None:
        self.solver = solver
        self.budget = budget
        self.expanded = 0
        self.seen: set[bytes] = set()
        root = solver.state_of(position)
        first: tuple[Move, ...] = ()
        if not root[2]:
            first, root = solver.closure(root)
        self.children: list[list[Child]] = [[(first, root)]]
        self.tried: list[int] = [0]
        self.verdict: Verdict | None = None

    def run(self, nodes: int) -> Verdict | None:
        if self.verdict is not None:
            return self.verdict
        solver = self.solver
        limit = min(self.budget, self.expanded + max(nodes, 0))
        children, tried, seen = self.children, self.tried, self.seen
        expanded = self.expanded
        while children:
            level = children[-1]
            index = tried[-1]
            if index == len(level):
                children.pop()
                tried.pop()
                continue
            state = level[index][1]
            key = solver.key(state)
            if key in seen:
                tried[-1] = index + 1
                continue
            if solver.won(state):
                tried[-1] = index + 1
                self.expanded = expanded
                path = [found[taken - 1][0] for found, taken in zip(children, tried)]
                return self.conclude("winnable", tuple(move for moves in path for move in moves))
            if expanded >= limit:
                self.expanded = expanded
                return self.conclude("unknown", ()) if expanded >= self.budget else None
            tried[-1] = index + 1
            seen.add(key)
            if solver.dead(state):
                continue
            expanded += 1
            children.append(solver.children(state))
            tried.append(0)
        self.expanded = expanded
        return self.conclude("unwinnable", ())

    def conclude(self, status: Status, moves: tuple[Move, ...]) -> Verdict:
        self.verdict = Verdict(status, moves, self.expanded)
        self.seen = set()
        self.children = []
        self.tried = []
        return self.verdict
