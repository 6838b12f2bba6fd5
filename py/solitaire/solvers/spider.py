"""Spider solver: depth-first dives over strategic moves, restarted; an exhaustive pass for proofs.

The solver sees every card (open mode): the face-down cards of each column
and the order of the stock. Its budget counts *nodes*: positions expanded
(their moves generated), never time.

Representation (fast, private to the search)
    A card is ``suit * 16 + rank`` (Ace 1 .. King 13), so a card lies on its
    same-suit successor exactly when ``lower == upper - 1``, and ``card & 15``
    is its rank. A position is the face-up cards of each column (``bytes``,
    bottom first), the number of face-down cards of each column, the deals
    left and the runs removed. Face-down cards never move, so a column's
    face-down cards are always the first ``count`` of the cards that were face
    down at the start; the stock's rows are fixed too. ``apply`` does what the
    engine's ``Spider.apply`` does, in the same order: move the cards (or deal
    one card on every column, tableau-1 first), let a completed King-to-Ace
    run of one suit on top of a column (all 13 face up) leave, then turn up
    the top card of a column whose face-up cards are gone.

Transposition table and key
    The key of a position is its bytes: face-down counts, deals left and the
    columns in order. Once the stock is empty the columns are interchangeable
    (nothing refers to a column's index any more), so the key sorts them, a
    column with face-down cards written with its index and count (those name
    its face-down cards). The runs removed follow from the cards left.

Pass 1: strategic dives (finds wins)
    A depth-first search over *strategic* moves, most promising first:

    - a move that completes a King-to-Ace run;
    - moves that turn a face-down card (the column's whole face-up part goes,
      onto a card or into an empty column), fewest face-down cards first;
    - moves that empty a column; moves that join a run to the next card of
      its suit; moves that take a sequence off a card it does not follow in
      rank (so that card can be used);
    - a deal (only when no column is empty, as the rules say), then
      "lateral" moves (a sequence off a card it follows in rank, onto another
      card or an empty column), which are needed to sort suits but are tried
      last.

    A move takes a whole *sequence*: the cards on top of a column that go
    down by rank, made of one-suit runs. Several runs move together as a
    "supermove" through the empty columns (with ``e`` empty columns, up to
    ``2 ** e`` runs onto a card); the winning line spells it out as the
    rules' one-run moves. Left out as pointless: splitting a one-suit run
    except onto a longer run of its suit, moving a whole column into an empty
    one, and all but the first empty column as a target.

    Dives restart: the first dive follows the ordering exactly, later dives
    add deterministic noise (a xorshift generator with a fixed seed) to the
    priorities, each with a fresh transposition table and a node limit
    (``Tuning``). A plain depth-first search commits to its first deals and,
    on a dead end, backtracks only through the last phase, practically never
    reaching the early decisions that lost the game; restarts revisit them,
    and most deals that are won at all are won by one short dive. Memory
    holds one dive (its table and path) and pass 2's table, which grows only
    with pass 2's share of the nodes.

Pass 1 with 2 and 4 suits: a phase search (4 suits: after the first dive;
2 suits: after 20,000 nodes of dives, for the deals the dives do not win)
    With four suits, short dives rarely win: the game is decided by how well
    the table is sorted before each deal. ``PhaseWalk`` makes the deals the
    turning points: each phase (the play from one deal to the next) gets a
    best-first search over the strategic moves ordered by disorder (face-down
    cards, breaks in the sequences, empty columns, runs removed), and the
    least disordered positions where the deal may come are the candidates;
    over phases, a limited discrepancy search tries the best candidate of
    every phase first, then paths with one second choice, and so on.

Pass 2: exhaustive search (proves losses)
    A plain depth-first search over every legal move with one transposition
    table (the strategic moves first, in their order, then the others). It
    runs in turns between the dives (``Tuning.proof`` nodes after each), its
    path and table kept from turn to turn, and gets every node left once a
    dive has exhausted the strategic moves without a win. Its only
    reductions are symmetries that are exact: once the stock is empty, the
    empty columns are interchangeable (one of them is tried) and moving a
    whole column into an empty one only renumbers the columns. A depth-first
    search with a table visits every position reachable from the root, so if
    it ends without a win, no line wins: ``unwinnable``. On a full deal the
    space is far too large for that; on a lost table late in a game (the
    page's "still winnable?") it often is not.

Verdicts are exact: ``winnable`` only with the line found (the engine's
moves, each legal in turn; the tests replay lines through ``Spider.apply``
and check the fast rules against ``Spider.legal_moves`` and ``Spider.apply``),
``unwinnable`` only from an exhausted pass 2, otherwise ``unknown``. The
search is deterministic (no clock, no ``random``; sets of bytes only answer
membership) and resumable: its explicit stack, counters and noise generator
survive between ``run`` calls, ``run(n)`` returns after at most ``n`` more
expansions, and the budget only cuts the search short, so a deal proven
within N nodes is proven within any larger budget.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..cards import rank, suit
from ..game import Move, Rules
from ..games.spider import COLUMNS, DEAL_MOVE, DEAL_SIZE, FOUNDATIONS, TABLEAU, SpiderPosition
from ..solver import Search, Solver, Verdict

RUN = 13
KING_TO_ACE = tuple(bytes(s * 16 + r for r in range(RUN, 0, -1)) for s in range(4))
DEAL = -1  # the source of a deal in a search move

# Face-up cards of each column, face-down counts, deals left, runs removed.
State = tuple[tuple[bytes, ...], bytes, int, int]
# (priority, source, target, count); a deal is (priority, DEAL, DEAL, 10).
SearchMove = tuple[int, int, int, int]

MASK64 = (1 << 64) - 1
# A column with face-down cards starts its part of a sorted key with its index and count
# (bytes above any card code), which name its face-down cards.
MARKS = tuple(tuple(bytes((64 + i, count)) for count in range(104)) for i in range(COLUMNS))


def code(card: int) -> int:
    """The search's code of an engine card: suit * 16 + rank."""
    return suit(card) * 16 + rank(card)


@dataclass(frozen=True, slots=True)
class Tuning:
    """Move priorities and the restart schedule of pass 1 (per suit count)."""

    complete: int = 20_000  # completes a King-to-Ace run
    reveal: int = 8_000  # turns a face-down card (onto a card)
    reveal_empty: int = 5_000  # turns a face-down card (into an empty column)
    fewer_down: int = 10  # less per face-down card left in the source column
    empties: int = 6_000  # empties a column
    suited: int = 3_000  # joins a run to the next card of its suit
    consolidate: int = 2_000  # part of a run onto a longer run of its suit
    junk: int = 1_000  # frees a card the sequence did not follow in rank
    junk_empty: int = 500  # the same, into an empty column
    deal: int = -1
    lateral: int = -200  # off a card it follows in rank, onto another
    lateral_empty: int = -300  # the same, into an empty column
    first_dive: int = 500  # nodes of the first dive (no noise)
    dive: int = 500  # nodes of every later dive (or turn of the phase search)
    noise: int = 2_000  # later dives add 0 .. noise-1 to every priority
    proof: int = 50  # nodes of pass 2 after every dive
    # From ``phases_from`` nodes on (after the dive then running), a phase search
    # instead of noisy dives; none if ``phase_nodes`` is 0.
    phases_from: int = 0
    phase_nodes: int = 0  # expansions of a phase's best-first search (times 2 ** doublings)
    end_nodes: int = 4_000  # ... of the last phase's (no stock left: it must win)
    width: int = 3  # the best ends of a phase that the deal may follow
    # The phase search's disorder of a position (lower is better).
    per_down: int = 40  # a face-down card
    per_break: int = 15  # a card on one it does not follow in rank
    per_rank_break: int = 9  # a card on one of the next rank but another suit
    per_empty: int = -60  # an empty column
    per_run: int = -500  # a run removed


TUNING = {
    "1": Tuning(),
    "2": Tuning(suited=9_000, dive=300, proof=30, phases_from=20_000, phase_nodes=2_500),
    "4": Tuning(suited=9_000, phase_nodes=2_500),
}


@dataclass(slots=True)
class Frame:
    """A position on the search path, its moves in order and the next to try."""

    state: State
    moves: list[SearchMove]
    next: int
    move: SearchMove | None  # the move that led here (None at the root)


def segments(column: bytes) -> list[int]:
    """Sizes of the one-suit runs that make the sequence on top of ``column``, top run first.

    The sequence goes down by rank (any suit) from its bottom card to the top.

    >>> segments(bytes([3 * 16 + 9, 2 * 16 + 8, 2 * 16 + 7]))  # 9S 8H 7H
    [2, 1]
    """
    sizes: list[int] = []
    j = len(column) - 1
    size = 1
    while j > 0:
        lower, upper = column[j], column[j - 1]
        if upper == lower + 1:
            size += 1
        elif upper & 15 == (lower & 15) + 1:
            sizes.append(size)
            size = 1
        else:
            break
        j -= 1
    sizes.append(size)
    return sizes


def suited_length(column: bytes) -> int:
    """How many cards on top of ``column`` make one run of one suit."""
    j = len(column) - 1
    while j > 0 and column[j - 1] == column[j] + 1:
        j -= 1
    return len(column) - j


class Table:
    """The fixed cards of a search (face-down cards, stock rows) and the rules on states."""

    def __init__(self, position: SpiderPosition) -> None:
        self.hidden = tuple(bytes(code(card) for card in column[:down]) for column, down in zip(position.tableau, position.hidden))
        deals = len(position.stock) // DEAL_SIZE
        # rows[d]: the cards dealt to tableau-1, -2, ... when d deals are left.
        self.rows = [b""] + [
            bytes(code(card) for card in reversed(position.stock[(left - 1) * DEAL_SIZE : left * DEAL_SIZE]))
            for left in range(1, deals + 1)
        ]
        columns = tuple(bytes(code(card) for card in column[down:]) for column, down in zip(position.tableau, position.hidden))
        runs = sum(1 for foundation in position.foundations if foundation)
        self.start: State = (columns, bytes(position.hidden), deals, runs)

    def apply(self, state: State, source: int, target: int, count: int) -> State:
        """The state after a move of ``count`` cards (or a deal), as ``Spider.apply`` plays it."""
        columns = list(state[0])
        down = state[1]
        deals = state[2]
        runs = state[3]
        if source < 0:
            turned = bytearray(down)
            row = self.rows[deals]
            deals -= 1
            for i in range(COLUMNS):
                column = columns[i] + row[i : i + 1]
                if row[i] & 15 == 1 and len(column) >= RUN and column[-RUN:] == KING_TO_ACE[row[i] >> 4]:
                    column = column[:-RUN]
                    runs += 1
                    if not column and turned[i]:
                        turned[i] -= 1
                        column = self.hidden[i][turned[i] : turned[i] + 1]
                columns[i] = column
            return tuple(columns), bytes(turned), deals, runs
        column = columns[source]
        moving = column[-count:]
        rest = column[:-count]
        if not rest and down[source]:
            turned = bytearray(down)
            turned[source] -= 1
            rest = self.hidden[source][turned[source] : turned[source] + 1]
            down = bytes(turned)
        columns[source] = rest
        column = columns[target] + moving
        top = column[-1]
        if top & 15 == 1 and len(column) >= RUN and column[-RUN:] == KING_TO_ACE[top >> 4]:
            column = column[:-RUN]
            runs += 1
            if not column and down[target]:
                turned = bytearray(down)
                turned[target] -= 1
                column = self.hidden[target][turned[target] : turned[target] + 1]
                down = bytes(turned)
        columns[target] = column
        return tuple(columns), down, deals, runs


def key(state: State) -> bytes:
    """The transposition-table key: exact while the stock lasts, columns sorted after."""
    columns, down, deals, _ = state
    if deals:
        return down + bytes((deals, 255)) + b"\xff".join(columns)
    parts = list(columns)
    for i in range(COLUMNS):
        if down[i]:
            parts[i] = MARKS[i][down[i]] + parts[i]
    parts.sort()
    return b"\xff".join(parts)


def legal_moves(state: State) -> list[SearchMove]:
    """Every legal move, as ``Spider.legal_moves`` lists them (priority 0); for pass 2 and the tests."""
    columns, down, deals, _ = state
    moves: list[SearchMove] = []
    for source in range(COLUMNS):
        column = columns[source]
        n = len(column)
        count = 1
        while count <= n:
            base = column[n - count]
            moves += [
                (0, source, target, count)
                for target in range(COLUMNS)
                if target != source and (not columns[target] or columns[target][-1] & 15 == (base & 15) + 1)
            ]
            if count == n or column[n - count - 1] != base + 1:
                break
            count += 1
    if deals and all(columns):
        moves.append((0, DEAL, DEAL, DEAL_SIZE))
    return moves


def exhaustive_moves(state: State, tuning: Tuning) -> list[SearchMove]:
    """Every legal move less exact symmetries, the strategic ones first (in their order).

    Once the stock is empty, one empty column stands for all, and a whole column
    never moves into an empty one: either would only renumber the columns.
    """
    columns, down, deals, _ = state
    moves = legal_moves(state)
    if not deals:
        empty = [i for i in range(COLUMNS) if not columns[i]]
        if empty:
            moves = [
                move
                for move in moves
                if columns[move[2]]  # onto a card (there is no deal without a stock)
                or (move[2] == empty[0] and not (move[3] == len(columns[move[1]]) and not down[move[1]]))
            ]
    legal = {move[1:] for move in moves}
    first = [move for move in strategic_moves(state, tuning) if move[1:] in legal]
    chosen = {move[1:] for move in first}
    return first + [move for move in moves if move[1:] not in chosen]


# What a column offers as a source, cached by its face-up cards: the sequences
# on top (cards moved, bottom card, whole column?, off a card it does not
# follow?), then the parts of its top run (cards moved, bottom card).
Offer = tuple[tuple[tuple[int, int, bool, bool], ...], tuple[tuple[int, int], ...]]


def offer(column: bytes) -> Offer:
    """The sequences and part-runs ``column`` can give (see ``Offer``)."""
    n = len(column)
    sizes = segments(column)
    sequences = []
    count = 0
    for runs, size in enumerate(sizes, 1):
        count += size
        sequences.append((count, column[n - count], count == n, runs == len(sizes) and count < n))
    parts = tuple((count, column[n - count]) for count in range(1, sizes[0]))
    return tuple(sequences), parts


def strategic_moves(state: State, tuning: Tuning, offers: dict[bytes, Offer] | None = None) -> list[SearchMove]:
    """The moves of pass 1, best first (see the module docstring); ``offers`` caches ``offer``."""
    columns, down, deals, _ = state
    if offers is None:
        offers = {}
    empty = [i for i in range(COLUMNS) if not columns[i]]
    free = len(empty)
    onto_card = 1 << free  # runs a supermove carries onto a card
    into_empty = 1 << (free - 1) if free else 0  # ... into an empty column
    by_rank: list[list[int]] = [[] for _ in range(15)]
    for i in range(COLUMNS):
        if columns[i]:
            by_rank[columns[i][-1] & 15].append(i)
    suited, reveal_bonus, empties, junk_bonus, lateral = (
        tuning.suited,
        tuning.reveal,
        tuning.empties,
        tuning.junk,
        tuning.lateral,
    )
    moves: list[SearchMove] = []
    append = moves.append
    for source in range(COLUMNS):
        column = columns[source]
        if not column:
            continue
        found = offers.get(column)
        if found is None:
            found = offers[column] = offer(column)
        sequences, parts = found
        hidden = down[source]
        for runs, (count, base, whole, junk) in enumerate(sequences, 1):
            if runs > onto_card:
                break
            reveal = whole and hidden
            for target in by_rank[(base & 15) + 1]:
                onto = columns[target]
                if onto[-1] == base + 1:
                    priority = suited
                    if runs == 1 and column[-1] & 15 == 1 and suited_length(onto) + count >= RUN:
                        priority = tuning.complete
                else:
                    priority = 0
                if reveal:
                    priority += reveal_bonus - hidden * tuning.fewer_down
                elif whole:
                    priority += empties
                elif junk:
                    priority += junk_bonus
                elif not priority:
                    priority = lateral
                append((priority, source, target, count))
            if runs <= into_empty and (hidden or not whole):
                if reveal:
                    priority = tuning.reveal_empty - hidden * tuning.fewer_down
                else:
                    priority = tuning.junk_empty if junk else tuning.lateral_empty
                append((priority, source, empty[0], count))
        # Part of the top run onto a longer run of its suit (towards King-to-Ace).
        for count, base in parts:
            for target in by_rank[(base & 15) + 1]:
                onto = columns[target]
                if onto[-1] == base + 1:
                    length = suited_length(onto) + count
                    if length > parts[-1][0] + 1:
                        append((tuning.complete if length >= RUN else tuning.consolidate, source, target, count))
    if deals and not free:
        append((tuning.deal, DEAL, DEAL, DEAL_SIZE))
    moves.sort(key=lambda move: -move[0])
    return moves


def engine_moves(state: State, move: SearchMove) -> list[Move]:
    """The rules' moves that play one search move: a supermove stops its upper runs in empty columns."""
    _, source, target, count = move
    if source < 0:
        return [DEAL_MOVE]
    columns = state[0]
    groups: list[int] = []
    total = 0
    for size in segments(columns[source]):
        size = min(size, count - total)
        groups.append(size)
        total += size
        if total == count:
            break
    groups.reverse()  # the bottom run first
    spare = [i for i in range(COLUMNS) if not columns[i] and i != target]
    out: list[Move] = []
    # Explicit stack of (from, to, runs bottom first, free columns); a task of
    # several runs splits into: upper runs to a free column, lower runs to the
    # target, upper runs on top of them.
    tasks: list[tuple[int, int, list[int], list[int]]] = [(source, target, groups, spare)]
    while tasks:
        start, end, parts, free = tasks.pop()
        if len(parts) == 1:
            out.append(Move(TABLEAU[start], TABLEAU[end], parts[0]))
            continue
        stop, rest = free[0], free[1:]
        split = max(1, len(parts) - (1 << len(rest)))
        upper, lower = parts[split:], parts[:split]
        tasks += [(stop, end, upper, rest), (start, end, lower, rest), (start, stop, upper, rest)]
    return out


class Link(NamedTuple):
    """A step of a line: the position before it and the move; ``previous`` leads back to the root."""

    previous: Link | None
    state: State
    move: SearchMove


DEAL_STEP: SearchMove = (0, DEAL, DEAL, DEAL_SIZE)


def line_of(link: Link | None) -> tuple[Move, ...]:
    """The engine moves from the root to the end of ``link``."""
    steps: list[Link] = []
    while link is not None:
        steps.append(link)
        link = link.previous
    out: list[Move] = []
    for step in reversed(steps):
        out += engine_moves(step.state, step.move)
    return tuple(out)


def column_disorder(column: bytes, tuning: Tuning) -> int:
    """A column's share of ``disorder``: its breaks, or the bonus of an empty column."""
    if not column:
        return tuning.per_empty
    score = 0
    upper = column[0]
    for j in range(1, len(column)):
        lower = column[j]
        if upper != lower + 1:
            score += tuning.per_rank_break if upper & 15 == (lower & 15) + 1 else tuning.per_break
        upper = lower
    return score


# A position in a phase's search: (disorder, order of discovery, state, the step that led to it).
Entry = tuple[int, int, State, Link | None]


@dataclass(slots=True)
class Phase:
    """A best-first search within one phase: from a deal (or the start) to the next deal.

    ``ends`` collects the positions where the deal may come (no empty column), the
    least disordered first once the phase is ``done``; in the last phase (no stock)
    the search looks for the win.
    """

    heap: list[Entry]
    seen: set[bytes]
    ends: list[Entry]
    left: int  # expansions left
    cut: bool = False  # stopped by ``left`` (or ends dropped), so not exhaustive
    done: bool = False


@dataclass(slots=True)
class PhaseFrame:
    """A phase on the phase search's path, the ends to follow and the next one to try."""

    start: State
    path: Link | None  # how the phase's start was reached
    slack: int  # the discrepancies this branch may still take
    ends: list[Entry] | None  # None until the phase's search is done
    next: int = 0


class PhaseWalk:
    """Pass 1 with 4 suits (and 2 suits after ``Tuning.phases_from`` nodes): deals are the turning points.

    Each phase (the play between two deals) gets a best-first search of
    ``Tuning.phase_nodes`` expansions over the strategic moves, ordered by
    ``disorder`` (face-down cards, breaks in the sequences, empty columns, runs
    removed); its ``width`` least disordered positions where the deal may come
    are the candidates. Over phases, a limited discrepancy search: a round of
    slack ``s`` tries every path of candidates whose ranks add up to at most
    ``s`` (the best candidate of every phase first), so a bad choice in an
    early phase is revisited as soon as one in a late phase.

    Rounds come in stages: stage ``k`` runs slack ``k`` with the phase budget,
    then slack ``k - 1`` with twice the budget, and so on to slack 0 with
    ``2 ** k`` times the budget. A round costs about as much as the others of
    its stage (each extra discrepancy about doubles the phases a round visits),
    and a hard deal is often won by a longer search of the best candidates
    before it is won by more candidates (4-suit deals 101-160, budget 2
    million: the mean nodes to a win 102,000 against 132,000 for all
    discrepancies at one budget before the next; the same 59 won). A phase's
    result is kept by its doubling and its start's key, so a later round
    costs one node per deal where it was searched before. Memory: the running
    phase's heap and table, and ``width`` ends of every phase searched.
    """

    def __init__(self, search: SpiderSearch) -> None:
        self.search = search
        self.table = search.table
        self.tuning = search.tuning
        self.stage = -1  # see the class docstring: doublings + slack
        self.doublings = 0  # of the phase budget in this round
        self.order = 0  # positions met, to order equal disorders
        self.phases: dict[tuple[int, bytes], Phase] = {}  # by doublings and start key
        self.column_scores: dict[bytes, int] = {}
        self.stack: list[PhaseFrame] = []
        self.slack = -1  # the discrepancies this round allows
        self.tried: set[tuple[bytes, int]] = set()  # (phase start, slack) in this round
        self.cut = False  # some phase of the round was cut short

    def disorder(self, state: State) -> int:
        """How far a position is from won (lower is better; see ``Tuning``)."""
        tuning = self.tuning
        scores = self.column_scores
        score = sum(state[1]) * tuning.per_down + state[3] * tuning.per_run
        for column in state[0]:
            found = scores.get(column)
            if found is None:
                found = scores[column] = column_disorder(column, tuning)
            score += found
        return score

    def next_round(self) -> bool:
        """Start the next round of discrepancies; False if the last one was exhaustive."""
        most = (self.tuning.width - 1) * self.table.start[2]  # every candidate of every phase
        if self.slack == most and not self.cut:
            return False
        self.doublings += 1
        self.slack -= 1
        while self.slack < 0 or self.slack > most:  # the next stage, or a slack no path can use
            if self.slack < 0:
                self.stage += 1
                self.doublings, self.slack = 0, self.stage
            else:
                self.doublings += 1
                self.slack -= 1
        self.cut = False
        self.tried.clear()
        self.search.nodes += 1
        self.stack.append(PhaseFrame(self.table.start, None, self.slack, None))
        return True

    def expand(self, phase: Phase, end: int) -> bool:
        """Search the phase until ``end`` nodes; True once it is done (or won: ``verdict`` set)."""
        search = self.search
        apply = self.table.apply
        tuning = self.tuning
        offers = search.offers
        heap = phase.heap
        seen = phase.seen
        while heap and phase.left > 0:
            if search.nodes >= end:
                return False
            entry = heapq.heappop(heap)
            _, _, state, link = entry
            search.nodes += 1
            phase.left -= 1
            for move in strategic_moves(state, tuning, offers):
                if move[1] == DEAL:
                    phase.ends.append(entry)
                    continue
                child = apply(state, move[1], move[2], move[3])
                if child[3] == FOUNDATIONS:
                    search.verdict = Verdict("winnable", line_of(Link(link, state, move)), search.nodes)
                    return True
                child_key = key(child)
                if child_key not in seen:
                    seen.add(child_key)
                    self.order += 1
                    heapq.heappush(heap, (self.disorder(child), self.order, child, Link(link, state, move)))
        phase.ends.sort()
        phase.cut = bool(heap) or len(phase.ends) > tuning.width
        del phase.ends[tuning.width :]
        phase.heap, phase.seen, phase.done = [], set(), True
        return True

    def step(self, end: int) -> bool:
        """Search until ``end`` nodes; True when the walk is over (won: ``verdict`` set, or exhausted)."""
        search = self.search
        stack = self.stack
        while True:
            if not stack and not self.next_round():
                return True
            frame = stack[-1]
            if frame.ends is None:
                start_key = key(frame.start)
                phase = self.phases.get((self.doublings, start_key))
                if phase is None:
                    left = (self.tuning.phase_nodes if frame.start[2] else self.tuning.end_nodes) << self.doublings
                    root = (self.disorder(frame.start), 0, frame.start, frame.path)
                    phase = self.phases[self.doublings, start_key] = Phase([root], {start_key}, [], left)
                if not phase.done and not self.expand(phase, end):
                    return False
                if search.verdict is not None:
                    return True
                self.cut = self.cut or phase.cut
                frame.ends = phase.ends
            choice = frame.next
            if choice >= len(frame.ends) or choice > frame.slack:
                stack.pop()
                continue
            _, _, state, link = frame.ends[choice]
            dealt = self.table.apply(state, DEAL, DEAL, DEAL_SIZE)
            path = Link(link, state, DEAL_STEP)
            if dealt[3] == FOUNDATIONS:
                search.verdict = Verdict("winnable", line_of(path), search.nodes)
                return True
            mark = (key(dealt), frame.slack - choice)
            if mark in self.tried:
                frame.next += 1
                continue
            if search.nodes >= end:
                return False  # resumes with this choice
            frame.next += 1
            self.tried.add(mark)
            search.nodes += 1
            stack.append(PhaseFrame(dealt, path, frame.slack - choice, None))


@dataclass(slots=True)
class Walk:
    """One depth-first search from the root: its path and its transposition table."""

    stack: list[Frame]
    seen: set[bytes]
    exhaustive: bool  # pass 2: every legal move


class SpiderSearch(Search):
    """One resumable search from one position (see the module docstring).

    Turns alternate: a dive of pass 1 (``tuning.dive`` nodes, then it is
    dropped and the next dive starts afresh), then ``tuning.proof`` nodes of
    pass 2, whose path and table persist from turn to turn. Once a dive has
    exhausted the strategic moves, pass 2 gets every node left.
    """

    def __init__(self, position: SpiderPosition, budget: int, tuning: Tuning, proof_only: bool = False) -> None:
        """``proof_only`` skips pass 1 (for the tests of pass 2)."""
        self.table = Table(position)
        self.tuning = tuning
        self.budget = budget
        self.nodes = 0
        self.noise = 0  # no noise in the first dive
        self.random = 0x9E3779B97F4A7C15
        self.offers: dict[bytes, Offer] = {}  # offer() of the columns met
        self.dive: Walk | None = None  # pass 1, the current dive
        self.phases: PhaseWalk | None = None  # pass 1 after the first dive, if the tuning says so
        self.proof: Walk | None = None  # pass 2, begun at its first turn
        self.proving = proof_only  # whose turn it is
        self.turn_end = budget if proof_only else tuning.first_dive
        self.strategic_exhausted = False
        self.verdict: Verdict | None = None
        if self.table.start[3] == FOUNDATIONS:
            self.verdict = Verdict("winnable", (), 0)

    def begin(self, exhaustive: bool) -> Walk:
        """A new walk from the root (one node)."""
        root = self.table.start
        walk = Walk([], {key(root)}, exhaustive)
        self.push(walk, root, None)
        return walk

    def push(self, walk: Walk, state: State, move: SearchMove | None) -> None:
        """Expand a position: one node."""
        self.nodes += 1
        if walk.exhaustive:
            moves = exhaustive_moves(state, self.tuning)
        else:
            moves = strategic_moves(state, self.tuning, self.offers)
            if self.noise and len(moves) > 1:
                moves = self.shuffle(moves)
        walk.stack.append(Frame(state, moves, 0, move))

    def shuffle(self, moves: list[SearchMove]) -> list[SearchMove]:
        """Priorities plus deterministic noise (xorshift64), best first."""
        x = self.random
        noisy: list[tuple[int, SearchMove]] = []
        for move in moves:
            x ^= (x << 13) & MASK64
            x ^= x >> 7
            x ^= (x << 17) & MASK64
            noisy.append((move[0] + x % self.noise, move))
        self.random = x
        noisy.sort(key=lambda entry: -entry[0])
        return [move for _, move in noisy]

    def line(self, walk: Walk, last: SearchMove) -> tuple[Move, ...]:
        """The engine moves from the root along the walk's path, then ``last``."""
        out: list[Move] = []
        stack = walk.stack
        for i, frame in enumerate(stack):
            following = stack[i + 1].move if i + 1 < len(stack) else last
            assert following is not None
            out += engine_moves(frame.state, following)
        return tuple(out)

    def step(self, walk: Walk, end: int) -> bool:
        """Walk on until ``end`` nodes; True when the walk is over (won: ``verdict`` set, or exhausted)."""
        apply = self.table.apply
        stack = walk.stack
        seen = walk.seen
        while stack:
            frame = stack[-1]
            if frame.next >= len(frame.moves):
                stack.pop()
                continue
            move = frame.moves[frame.next]
            child = apply(frame.state, move[1], move[2], move[3])
            if child[3] == FOUNDATIONS:
                self.verdict = Verdict("winnable", self.line(walk, move), self.nodes)
                return True
            child_key = key(child)
            if child_key in seen:
                frame.next += 1
                continue
            if self.nodes >= end:
                return False  # resumes with this move
            frame.next += 1
            seen.add(child_key)
            self.push(walk, child, move)
        return True

    def run(self, nodes: int) -> Verdict | None:
        if self.verdict is not None:
            return self.verdict
        limit = min(self.budget, self.nodes + max(nodes, 0))
        tuning = self.tuning
        while self.nodes < limit:
            if self.proving:
                if self.proof is None:
                    self.proof = self.begin(exhaustive=True)
                over = self.step(self.proof, min(limit, self.turn_end))
                if self.verdict is not None:
                    return self.verdict
                if over:
                    self.verdict = Verdict("unwinnable", (), self.nodes)
                    return self.verdict
                if self.nodes >= self.turn_end:  # the next dive
                    self.proving = False
                    self.turn_end = self.nodes + tuning.dive
            else:
                if self.phases is not None:
                    over = self.phases.step(min(limit, self.turn_end))
                else:
                    if self.dive is None:
                        self.dive = self.begin(exhaustive=False)
                    over = self.step(self.dive, min(limit, self.turn_end))
                if self.verdict is not None:
                    return self.verdict
                if over:  # no strategic line wins: pass 2 only, to the end
                    self.strategic_exhausted = True
                    self.dive = self.phases = None
                    self.proving = True
                    self.turn_end = self.budget
                elif self.nodes >= self.turn_end:  # the dive (or the phase search's turn) is over
                    self.dive = None
                    self.noise = tuning.noise
                    if tuning.phase_nodes and self.phases is None and self.nodes >= tuning.phases_from:
                        self.phases = PhaseWalk(self)
                    if tuning.proof:
                        self.proving = True
                        self.turn_end = self.nodes + tuning.proof
                    else:
                        self.turn_end = self.nodes + tuning.dive
        if self.nodes >= self.budget:
            self.verdict = Verdict("unknown", (), self.nodes)
        return self.verdict


# Budgets in nodes (see tools/bench_solver_spider.py). The daily budget keeps
# the expected cost of a day's deal low: the first candidate proven within it
# is the deal, and candidates that fail cost the whole budget. With 4 suits
# the phase search's first path costs about 15,000 nodes (43% of deals are
# proven within 20,000, 3.5% within 10,000).
DAILY_BUDGET = {"1": 1_000, "2": 1_000, "4": 20_000}
# 4 suits (deals 1-500): 84.6% are proven within 200,000 nodes, 94.2% within a million,
# 97.0% within 3 million (an unknown deal costs about 70 s of CPU; the command line only).
DEFAULT_BUDGET = {"1": 200_000, "2": 200_000, "4": 3_000_000}


class SpiderSolver(Solver):
    """Spider's solver, for one ``suits`` option (the tuning and budgets follow it)."""

    def __init__(self, rules: Rules[Any]) -> None:
        super().__init__(rules)
        suits = rules.options.get("suits", "1")
        self.tuning = TUNING[suits]
        self.daily_budget = DAILY_BUDGET[suits]
        self.default_budget = DEFAULT_BUDGET[suits]
        if suits == "4":
            # The page's live analysis gets the command line's budget too: the phase search
            # keeps few positions (deal 13, left unknown: Pyodide's memory grew from 31 to
            # 113 MB over 3 million nodes, 2026-12-05), and it runs in the worker's slices.
            self.analysis_budget = self.default_budget

    def start(self, position: Any, budget: int) -> Search:
        return SpiderSearch(position, budget, self.tuning)
