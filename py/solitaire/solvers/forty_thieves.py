"""Forty Thieves solver: best-first search with a transposition table, exact verdicts.

The search's position
    ``(columns, waste, turned, heights)``: the ten columns as ``bytes`` of cards *without
    their deck* (``card % 52``: the two copies of a card play alike, so positions that differ
    only in which copy lies where are one), sorted (columns are interchangeable, so the sorted
    tuple is canonical and the empty columns come first); the waste, the same way; how many
    stock cards have been turned (the stock's order is fixed, so this says which are left);
    and per suit the heights of its two foundations, the higher first. The transposition
    key is the columns, the waste and the count turned: every card elsewhere is home, and
    which cards of a suit are home says the two heights.

Moves
    The rules' moves, in these terms: a card home from a column or the waste; the waste's top
    card onto a column (the next higher card of its suit on top) or into an empty column; a
    run down in suit (at most 2^(empty columns), the empty target not counted) onto a column
    or into an empty column; turning a stock card. A move whose child another gives (up to the
    key) is made once: only the first empty column is a target, and a whole column never moves
    into an empty one.

Safe moves (the only pruning besides the key)
    After every move the search plays the rules' safe moves (``FortyThieves.safe_moves``): a
    card home when the lower foundation of its suit is at most two ranks below it. Only a card
    one rank lower of its suit can go on it in a column; both such cards are home, or the
    other one can go home, onto the lower foundation, the moment it would go on the card
    (nothing else fits there, so that foundation waits for it). So a winning line that leaves
    the card out becomes one with the card home: drop the card's own moves, send that lower
    card home where the line puts it on the card, drop its later moves; every position along
    the new line has the same cards elsewhere and as many empty columns or more. A position
    whose stock is used up and whose columns and waste all descend strictly is won outright
    (the rules' ``completion``).

Order
    A heap ordered by a heuristic (cards not home, cards lying on a card of lower or equal
    rank, cards not lying on the next higher card of their suit, the waste's length, cards
    covering the next card of each foundation, minus empty columns) plus a weight on depth
    (negative: deeper first); ties by a serial number, so the order never depends on hashing.
    ``run(nodes)`` expands at most that many positions and resumes where it stopped. A search
    runs in phases on one budget: a greedy look (``PROOF_WEIGHTS``, 15% of the budget and at
    least the daily's), which finds the deals won on a straight road in a few hundred nodes,
    then fresh, broader searches (``BROAD``: three sets of weights sharing the rest), each of
    which wins deals the others miss within the budget. The daily's proof is the greedy look
    alone.

What it cannot do
    Many deals are lost, and a lost deal is proven only by searching every position it can
    reach: the choices of where each card goes (which of the two columns that take it, the
    waste or a column) multiply, so most lost deals reach far more positions than any budget
    here (deals 3 to 11 are still open after 1,000,000 nodes; deal 7 is proven lost in about
    175,000). Deal 7 shows why: no column of it can ever be emptied, and each stock card that
    could go onto either copy of its successor or stay in the waste multiplies the positions
    (3 before the first stock card, 45 with 30 turned, 495 with 40, 35,496 with all 64); the
    choices are independent of one another and the deal is lost whichever are made, but no
    sound rule tells that a choice does not matter. No dead-end test is used: with two decks
    and any card filling an empty column, the usual ones (a card covering the card it needs)
    are not sound, and none sound and cheap was found. A relaxation that would prove losses
    by over-approximating the game (a card counts as free for good once it can leave its
    place: onto a free or uncovered successor, home after a free predecessor, anywhere once
    a column is empty; monotone, so one pass over the stock decides it) empties a column of
    every deal of 1..1000 (of 473 before the first stock card, of all within 26) and so
    proves none lost: what loses these deals is that a card put on its successor covers it,
    which only the exact game keeps track of.
    A streamliner (every card that fits home sent home at once, searching fewer positions
    but proving nothing when it runs dry) won fewer deals alone (20 of deals 1..150 in
    20,000 nodes against 27) and none more as a phase of the portfolio; it is not kept.

Why the verdicts are exact
    ``winnable`` comes with the moves that reach the win, turned into the engine's ``Move``
    values by replaying them on the real table through ``Rules.apply`` (the pile a move names
    is the real column that holds the same cards). ``unwinnable`` only when the frontier is
    empty: every position reachable from the start, up to the key and the safe moves, has
    been expanded without a win. When the budget runs out first the verdict is ``unknown``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..game import Move
from ..games.forty_thieves import COLUMNS, TABLEAU, FortyThieves, FortyThievesPosition
from ..solver import Search, Solver, Verdict
from .best_first import BestFirstSearch, Steps

# (sorted columns, waste, stock cards turned, foundation heights: two per suit, higher first)
State = tuple[tuple[bytes, ...], bytes, int, bytes]
# A step: source | target << 4 | count << 8. Sources: a column's index in the sorted state,
# WASTE, STOCK; targets: a column's index, FOUNDATION.

WASTE = 10
STOCK = 11
FOUNDATION = 12

RANK = [card % 13 for card in range(52)]  # 0 for an Ace .. 12 for a King
SUIT = [card // 13 for card in range(52)]

COVER_CAP = 8  # cards covering a foundation's next card count up to this many


@dataclass(frozen=True, slots=True)
class Weights:
    """The heuristic's weights (integers; lower priority is expanded first)."""

    home: int  # per card not home
    disorder: int  # per card lying on a card of lower or equal rank
    waste: int  # per card in the waste
    empty: int  # per empty column (a bonus)
    cover: int  # per card covering the next card of a foundation (up to COVER_CAP)
    depth: int  # per move from the start
    loose: int = 0  # per card not lying on the next higher card of its suit


# Tuned on deals 1..40: the command line's and the analysis's search.
GREEDY_SHARE = 15  # per cent of a search's budget spent on the greedy look first
SEARCH_WEIGHTS = Weights(home=10, disorder=5, waste=5, empty=15, cover=2, depth=-1)
# The broad phases after the greedy look: each a fresh search with its share (per cent) of the
# budget left, the first taking what the shares' rounding leaves. Tuned on deals 1..100: each
# set of weights wins deals the others miss within the budget, so three shorter searches win
# more deals than one long one (deals 1..100: 32 against 26; 101..200: 21 against 19).
BROAD: tuple[tuple[int, Weights], ...] = (
    (35, SEARCH_WEIGHTS),
    (35, Weights(home=10, disorder=2, waste=5, empty=15, cover=2, depth=-1, loose=4)),
    (30, Weights(home=10, disorder=0, waste=3, empty=25, cover=3, depth=-2, loose=6)),
)
# The daily's proof and the first phase of every other search: greedier, to find the easy
# deals in few nodes. Deals 1..800 at 250 nodes: 61 won (the first pass's weights: 45).
PROOF_WEIGHTS = Weights(home=10, disorder=1, waste=5, empty=12, cover=2, depth=-4, loose=4)

SEPARATOR = b"\xff"  # after each column in a key (cards are 0..51)
END = 0xFF
FACTS_LIMIT = 200_000  # columns whose disorder a search remembers before it forgets them all


def step(source: int, target: int, count: int = 1) -> int:
    return source | target << 4 | count << 8


def fits_home(card: int, heights: bytes | bytearray) -> bool:
    rank = RANK[card]
    return heights[2 * SUIT[card]] == rank or heights[2 * SUIT[card] + 1] == rank


def raise_home(card: int, heights: bytearray) -> None:
    """Put ``card`` (which fits) on a foundation of its suit, keeping the higher one first."""
    where = 2 * SUIT[card]
    if heights[where] == RANK[card]:
        heights[where] += 1
    else:
        heights[where + 1] += 1


def is_safe(card: int, heights: bytes | bytearray) -> bool:
    """The rules' safe move: fits home, and the lower foundation of its suit is at most two
    ranks below the card (so an Ace or a 2 always)."""
    rank = RANK[card]
    where = 2 * SUIT[card]
    if heights[where] != rank and heights[where + 1] != rank:
        return False
    return heights[where + 1] >= rank - 1


def auto_play(columns: list[bytes], waste: bytes, heights: bytearray, steps: list[int]) -> bytes:
    """Play safe moves until none is left (columns and heights in place), recording their
    steps by the columns' places in the (still unsorted) list; the waste left."""
    progress = True
    while progress:
        progress = False
        for index in range(COLUMNS):
            column = columns[index]
            while column and is_safe(column[-1], heights):
                raise_home(column[-1], heights)
                steps.append(step(index, FOUNDATION) | 1 << 12)  # bit 12: index in the unsorted list
                column = column[:-1]
                progress = True
            columns[index] = column
        while waste and is_safe(waste[-1], heights):
            raise_home(waste[-1], heights)
            steps.append(step(WASTE, FOUNDATION) | 1 << 12)
            waste = waste[:-1]
            progress = True
    return waste


def disorder(column: bytes) -> int:
    """Cards lying above a card of lower or equal rank: 0 when the column descends."""
    count = 0
    lowest = 99
    for card in column:
        rank = RANK[card]
        if rank >= lowest:
            count += 1
        else:
            lowest = rank
    return count


def loose(column: bytes) -> int:
    """Cards above the bottom one not lying on the next higher card of their suit."""
    count = 0
    for lower, upper in zip(column, column[1:]):
        if lower != upper + 1 or RANK[upper] == 12:
            count += 1
    return count


def suit_run(column: bytes) -> int:
    """Cards on top of the column that form a run down in suit."""
    run = 1 if column else 0
    while run < len(column) and column[-run - 1] == column[-run] + 1 and RANK[column[-run]] < 12:
        run += 1
    return run


def is_descending(cards: bytes) -> bool:
    return all(RANK[lower] > RANK[upper] for lower, upper in zip(cards, cards[1:]))


class FortyThievesSolver(Solver):
    """Best-first search over Forty Thieves positions (see the module docstring).

    Budgets (tools/bench_solver_forty_thieves.py): 40,000 nodes (the default since 2026-12-06,
    from 20,000: the phases' wins grow slowly with their budgets) prove 25.5% of deals 1..1000
    winnable (deals 1..300: 26.0%, against 23.0% at 20,000) and none unwinnable; a won deal
    takes a median of about 6,600 nodes (130-170 ms CPU), an unknown one about 1 s, at most
    2.4 s, and 20 MB. More nodes settle few more (deals 3 to 11 are open after 1,000,000):
    the page's analysis (and the review) searches 100,000, which wins 27.3% of deals 1..1000
    at a median of 3.3 s CPU a deal (2026-12-06).
    The daily's proof tries candidates with 250 greedy nodes each (365 dates of 2026: median
    10 candidates, 78 ms).
    """

    default_budget = 40_000
    daily_budget = 250
    analysis_budget = 100_000

    def start(self, position: Any, budget: int) -> Search:
        """A greedy look first (``GREEDY_SHARE`` of the budget, at least the daily's budget: for
        the wins that lie on a straight road), then the broader searches of ``BROAD`` with the
        rest, one after the other."""
        assert isinstance(self.rules, FortyThieves)
        greedy = min(budget, max(budget * GREEDY_SHARE // 100, self.daily_budget))
        phases: list[FortyThievesSearch | tuple[FortyThieves, FortyThievesPosition, int, Weights]] = [
            FortyThievesSearch(self.rules, position, greedy, PROOF_WEIGHTS)
        ]
        rest = budget - greedy
        for index, (share, weights) in enumerate(BROAD):
            part = rest - sum(share * rest // 100 for share, _ in BROAD[1:]) if index == 0 else share * rest // 100
            phases.append((self.rules, position, part, weights))
        return PhasedSearch(phases)

    def proof_search(self, position: Any) -> Search:
        """The daily's proof: a greedy search within ``daily_budget`` nodes; the daily tries
        candidates until one is proven, so a quick look at many beats a long one at few."""
        assert isinstance(self.rules, FortyThieves)
        return FortyThievesSearch(self.rules, position, self.daily_budget, PROOF_WEIGHTS)


class FortyThievesSearch(BestFirstSearch[State]):
    """One resumable search from one Forty Thieves position."""

    def __init__(self, rules: FortyThieves, position: FortyThievesPosition, budget: int, weights: Weights = SEARCH_WEIGHTS) -> None:
        self.rules = rules
        self.weights = weights
        self.position = position
        super().__init__(budget)
        self.stock = bytes(card % 52 for card in reversed(position.stock))  # in the order turned
        self.facts: dict[bytes, int] = {}
        self.runs: dict[bytes, int] = {}  # each column's run down in suit on top
        heights = bytearray(8)
        for pile in position.foundations:
            if pile:
                where = 2 * SUIT[pile[-1] % 52]
                if heights[where] < len(pile):
                    heights[where], heights[where + 1] = len(pile), heights[where]
                else:
                    heights[where + 1] = len(pile)
        columns = [bytes(card % 52 for card in column) for column in position.tableau]
        steps: list[int] = []
        waste = auto_play(columns, bytes(card % 52 for card in position.waste), heights, steps)
        state = (tuple(sorted(columns)), waste, 0, bytes(heights))
        self.seen.add(self.key(state))
        if self.finished(state):
            self.verdict = Verdict("winnable", self.line([tuple(steps)]), 0)
        else:
            self.push(self.evaluate(state, SEPARATOR.join(state[0]) + SEPARATOR), state, 0, -1, tuple(steps))

    @staticmethod
    def key(state: State) -> bytes:
        return SEPARATOR.join(state[0]) + SEPARATOR + state[1] + bytes((state[2],))

    def finished(self, state: State) -> bool:
        """Won, or sure to be won by the rules' completion."""
        columns, waste, turned, _ = state
        return turned == len(self.stock) and is_descending(waste) and all(is_descending(column) for column in columns)

    def evaluate(self, state: State, written: bytes) -> int:
        """The heuristic (lower is better); ``written`` is the columns as in the key."""
        columns, waste, _, heights = state
        facts = self.facts
        unordered = 0
        for column in columns:
            if column:
                value = facts.get(column)
                if value is None:
                    if len(facts) > FACTS_LIMIT:
                        facts.clear()
                    value = facts[column] = self.weights.disorder * disorder(column) + self.weights.loose * loose(column)
                unordered += value
        empty = columns.count(b"")
        # The cards covering the next card of each foundation (the nearer copy counts).
        covering = 0
        find = written.find
        for where in range(8):
            height = heights[where]
            if height >= 13 or (where & 1 and height == heights[where - 1]):
                continue
            card = (where >> 1) * 13 + height
            best = COVER_CAP
            found = find(card)
            while found >= 0:
                depth = find(END, found) - found - 1
                if depth < best:
                    best = depth
                found = find(card, found + 1)
            found = waste.rfind(card)
            if found >= 0 and len(waste) - 1 - found < best:
                best = len(waste) - 1 - found
            covering += best
        weights = self.weights
        return (
            weights.home * (104 - sum(heights)) + unordered + weights.waste * len(waste) - weights.empty * empty + weights.cover * covering
        )

    def children(self, state: State) -> list[tuple[list[bytes], bytes, int, bytearray, int, int]]:
        """Each child before its safe moves: (columns, waste, turned, heights, step, what may now
        be safe: -2 all, -1 nothing, else that column's index)."""
        columns, waste, turned, heights = state
        made: list[tuple[list[bytes], bytes, int, bytearray, int, int]] = []
        empty = 0
        while empty < COLUMNS and not columns[empty]:
            empty += 1
        to_filled = 1 << empty
        to_empty = 1 << (empty - 1) if empty else 0
        tops: dict[int, list[int]] = {}
        for index in range(empty, COLUMNS):
            tops.setdefault(columns[index][-1], []).append(index)
        # Home from a column (only cards that are not safe are left on top here).
        for index in range(empty, COLUMNS):
            column = columns[index]
            top = column[-1]
            if fits_home(top, heights):
                raised = bytearray(heights)
                raise_home(top, raised)
                moved = list(columns)
                moved[index] = column[:-1]
                made.append((moved, waste, turned, raised, step(index, FOUNDATION), -2))
        if waste:
            card = waste[-1]
            rest = waste[:-1]
            if fits_home(card, heights):
                raised = bytearray(heights)
                raise_home(card, raised)
                made.append((list(columns), rest, turned, raised, step(WASTE, FOUNDATION), -2))
            if RANK[card] < 12:
                for target in tops.get(card + 1, ()):
                    moved = list(columns)
                    moved[target] = columns[target] + waste[-1:]
                    made.append((moved, rest, turned, bytearray(heights), step(WASTE, target), -3))
            if empty:
                moved = list(columns)
                moved[0] = waste[-1:]
                made.append((moved, rest, turned, bytearray(heights), step(WASTE, 0), -3))
        runs = self.runs
        for index in range(empty, COLUMNS):
            column = columns[index]
            run = runs.get(column)
            if run is None:
                if len(runs) > FACTS_LIMIT:
                    runs.clear()
                run = runs[column] = suit_run(column)
            for count in range(1, min(run, to_filled) + 1):
                card = column[-count]
                if RANK[card] < 12:
                    for target in tops.get(card + 1, ()):
                        moved = list(columns)
                        moved[index] = column[:-count]
                        moved[target] = columns[target] + column[-count:]
                        made.append((moved, waste, turned, bytearray(heights), step(index, target, count), index))
            if empty:
                for count in range(1, min(run, to_empty, len(column) - 1) + 1):
                    moved = list(columns)
                    moved[index] = column[:-count]
                    moved[0] = column[-count:]
                    made.append((moved, waste, turned, bytearray(heights), step(index, 0, count), index))
        if turned < len(self.stock):
            made.append((list(columns), waste + self.stock[turned : turned + 1], turned + 1, bytearray(heights), step(STOCK, WASTE), -3))
        return made

    def expand(self) -> None:
        """Take the best position off the heap and push its new children (or end with a win)."""
        state, depth, node = self.pop()
        seen = self.seen
        for moved, waste, turned, heights, first, check in self.children(state):
            child_steps = [first]
            if (
                check == -2
                or (check >= 0 and moved[check] and is_safe(moved[check][-1], heights))
                or (waste and is_safe(waste[-1], heights))
            ):
                waste = auto_play(moved, waste, heights, child_steps)
            moved.sort()
            child = (tuple(moved), waste, turned, bytes(heights))
            written = SEPARATOR.join(moved) + SEPARATOR
            known = written + waste + bytes((turned,))
            if known in seen:
                continue
            seen.add(known)
            if self.finished(child):
                self.verdict = Verdict("winnable", self.line(self.path(node) + [tuple(child_steps)]), self.nodes)
                return
            self.push(self.evaluate(child, written) + self.weights.depth * (depth + 1), child, depth + 1, node, tuple(child_steps))

    def line(self, path: list[Steps]) -> tuple[Move, ...]:
        return replay(self.rules, self.position, [one for steps in path for one in steps])


class PhasedSearch(Search):
    """Searches run one after the other on one budget: the first that ends with a proof (won or
    lost: each phase searches every position it does not prune) gives the verdict, with the
    nodes of all the phases so far; ``unknown`` when the last runs out. A later phase is given
    as the arguments of its ``FortyThievesSearch`` and made when its turn comes."""

    def __init__(self, phases: list[FortyThievesSearch | tuple[FortyThieves, FortyThievesPosition, int, Weights]]) -> None:
        self.phases = phases
        self.done = 0  # nodes of the phases that have ended
        self.verdict: Verdict | None = None

    def run(self, nodes: int) -> Verdict | None:
        while self.verdict is None:
            phase = self.phases[0]
            if isinstance(phase, tuple):
                phase = self.phases[0] = FortyThievesSearch(*phase)
            before = phase.nodes
            verdict = phase.run(nodes)
            nodes -= phase.nodes - before
            if verdict is None:
                return None
            self.done += verdict.nodes
            if verdict.status != "unknown" or len(self.phases) == 1:
                self.verdict = Verdict(verdict.status, verdict.moves, self.done)
            else:
                self.phases.pop(0)
                if nodes <= 0:
                    return None
        return self.verdict


def replay(rules: FortyThieves, position: FortyThievesPosition, steps: list[int]) -> tuple[Move, ...]:
    """The engine's moves for ``steps`` from ``position``, then the rules' completion. A step's
    column is a place in the sorted columns of the search's position (bit 12 clear), or in the
    list the safe moves after a move work on, still in that move's order (bit 12 set); either
    way it is the real column holding the same cards."""
    order = list(range(COLUMNS))
    moves: list[Move] = []
    current = position
    for one in steps:
        source, target, count = one & 15, one >> 4 & 15, one >> 8 & 15
        if not one & 1 << 12:
            order = sorted(range(COLUMNS), key=lambda index: bytes(card % 52 for card in current.tableau[index]))
        if source == STOCK:
            move = Move("stock", "waste")
        else:
            name = "waste" if source == WASTE else TABLEAU[order[source]]
            if target == FOUNDATION:
                card = rules.pile_cards(current, name)[-1]
                move = Move(name, rules.foundation_targets(current, card)[0])
            else:
                move = Move(name, TABLEAU[order[target]], count)
        current = rules.apply(current, move)
        moves.append(move)
    finish = rules.completion(current) or []
    return tuple(moves + finish)
