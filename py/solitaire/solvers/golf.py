"""A solver for Golf: exhaustive depth-first search with sound dead-end tests.

The search (``covering_search.DepthFirstSearch``, shared with Pyramid and
TriPeaks: every move takes a card off the columns or turns a stock card, so
no position comes back) walks the positions reachable from the given one,
best move first, until one clears the columns (``winnable``, with the line
that does it), every position has been searched (``unwinnable``) or the node
budget runs out (``unknown``). It sees every card, the stock order included.

Compact state. What can still happen depends only on how many cards each
column holds, how many stock cards are turned, and which column top cards go
on the waste top (the next move plays one of them or turns a stock card, which
covers the top for good), so a position is the int key::

    heights                6 bits per column, column 1 lowest (won when all are 0)
    | drawn << 42          cards turned from the stock so far
    | playable << 48       the ranks (bit r) of the column tops that go on the
                           waste top (all of them on an empty waste): two tops
                           that take the same cards make one position
    | rank counts << 62    4 bits per rank, Ace first: how many column cards of
                           that rank are left (follows from the heights; carried
                           along so that the tests below start from it)

The score plays no part in winning and is left out. The seen set over these
keys is an exact transposition table (a position met again was searched to
the end without a win).

Moves and their order. The children are the columns whose top card fits on the
waste top, the tallest columns first (their cards are the hardest to reach), and
among those the ones leaving the most column tops playable on the card (a longer
run); then the draw. A play that
clears the table is the only child. A position where nothing plays but the
draw is not a choice: each child is followed by the draws it forces (a step is
the move plus how many draws came after it), so only positions with a choice
are nodes, and a child whose forced draws run out of stock is dropped (lost).

Pruning (``viable``, sound, so verdicts stay exact). Both tests look only at
how many column cards of each rank are left, the stock cards still to come and
the waste top.

- Each column card left must at some time be played right after a card it goes
  on: a stock card still to come, the waste top (if it is a column top that
  goes on it), or another column card, and each card on the waste is followed
  by one card at most. A position where the cards of some rank outnumber those
  that could come just before them is lost.
- Between two stock cards the column cards played form a run, started by the
  stock card (or the waste top). A run never crosses a rank that no column card
  has, and along a stretch of ranks between two such gaps it steps between even
  and odd places, so each stretch needs runs of its own, as many at least as it
  has more cards on one side than on the other, started from the other side
  (``stretch_needs`` has this bound and a finer one). Where nothing goes on a
  King, each column King ends a run, and a King starts none. The waste top
  starts a run whose first card is a column top that goes on it. A position
  whose stretches need more runs than there are cards to start them is lost.

Exactness: every legal move is searched (forced draws are the only move where
they are played), the tests drop only positions that cannot be won, and the
positions form an acyclic graph.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..cards import rank
from ..game import Move
from ..games.golf import COLUMNS, TABLEAU, Golf, GolfPosition, goes_on
from ..solver import Search, Solver
from .covering_search import Children, DepthFirstSearch, Path, waste_line

HEIGHT_BITS = 6
HEIGHT_MASK = (1 << HEIGHT_BITS) - 1
HEIGHTS = (1 << (HEIGHT_BITS * COLUMNS)) - 1
DRAWN_SHIFT = HEIGHT_BITS * COLUMNS
TOP_SHIFT = DRAWN_SHIFT + 6
COUNTS_SHIFT = TOP_SHIFT + 14
COUNT_BITS = 4
# A step is a move code plus, from bit 4 up, the number of forced draws after it.
# Move codes: a column 0..6 (its top card goes to the waste), or DRAW.
DRAW = COLUMNS
DRAWS = 4
RANKS = range(1, 14)
ALL_RANKS = sum(1 << value for value in RANKS)
STOCK_BITS = 5  # stock cards are counted as bits, 5 bits per rank (see ``GolfSearch.stock``)


def stock_fields(ranks: int) -> int:
    """The ranks (bit r) as a mask of the stock's counting fields, so that one AND and a
    bit count count the stock cards of these ranks."""
    return sum(31 << (STOCK_BITS * value) for value in RANKS if ranks >> value & 1)


@cache
def rank_tables(dead_king: bool, wrap: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For the options: the ranks (bit r) that go on a waste top of rank t, by t (on an empty
    waste, 0, all do); the stock's fields (``stock_fields``) of the cards rank r goes on, by r."""
    fits = (ALL_RANKS,) + tuple(sum(1 << value for value in RANKS if goes_on(value, top, dead_king, wrap)) for top in RANKS)
    before_fields = (0,) + tuple(stock_fields(sum(1 << top for top in RANKS if fits[top] >> value & 1)) for value in RANKS)
    return fits, before_fields


class GolfSolver(Solver):
    """Exhaustive search for Golf, under the rules' options (King, wrap)."""

    # Budgets in nodes (tools/bench_solver_golf.py, deals 1..1000 under the defaults): the
    # command line's settles every deal (median 3,300 nodes, 45 ms CPU; p95 36,000 nodes,
    # 380 ms; the most, deal 760, lost in 222,000 nodes); the live analysis's is the same
    # (a search of 200,000 nodes peaks at about 55 MB). The daily's is for ``proof_search``.
    default_budget = 250_000
    analysis_budget = 250_000
    daily_budget = 100

    def start(self, position: Any, budget: int) -> Search:
        return self.golf_search(position).search(budget)

    def proof_search(self, position: Any) -> Search:
        """A quick search for a daily (or a "winnable deals only") deal: ``daily_budget``
        nodes, best move first, without the dead-end tests, whose tables cost more than so
        short a search saves. Most deals are lost, so many candidates are tried, and each
        must be cheap: about one in seventy is won within these nodes (a daily costs 20 ms CPU
        at the median over the dates of 2026, 99 ms at the 95th percentile)."""
        return self.golf_search(position).search(self.daily_budget, dead_ends=False)

    def golf_search(self, position: GolfPosition) -> GolfSearch:
        rules = self.rules
        assert isinstance(rules, Golf)
        return GolfSearch(position, rules.dead_king, rules.wrap)


# A requirement of the dead-end tests: at least ``need`` cards to come just before some column
# cards: stock cards still to come in the fields ``fields`` (see ``stock_fields``), or the
# waste top when the card played next on it may have a rank of ``first`` (a mask, bit r).
Requirement = tuple[int, int, int]
# Runs needed: (runs, the ranks that can start them (bit r), the ranks their first cards may have).
Run = tuple[int, int, int]
MISSING: Any = object()  # not in a memo yet


class GolfSearch:
    """The tables of one search: the ranks in each column, what the stock will bring, the moves."""

    def __init__(self, position: GolfPosition, dead_king: bool, wrap: bool) -> None:
        self.position = position
        self.dead_king, self.wrap = dead_king, wrap
        self.fits, self.before_fields = rank_tables(dead_king, wrap)
        # The ranks each rank goes on.
        self.before_ranks = tuple(tuple(other for other in RANKS if self.fits[other] >> value & 1) for value in range(14))
        self.fields_memo: dict[int, int] = {}
        self.starter_ranks = ALL_RANKS & ~(1 << 13) if dead_king else ALL_RANKS  # a dead King starts nothing
        self.ranks = tuple(tuple(rank(card) for card in column) for column in position.tableau)
        self.coming = tuple(rank(card) for card in position.stock[::-1])  # in the order they are turned
        # For each count of cards drawn, the stock cards still to come: for each rank r, as
        # many bits as cards in the field of bits STOCK_BITS * r (a card adds the next bit).
        self.stock = [0] * (len(self.coming) + 1)
        held = 0
        for drawn in range(len(self.coming) - 1, -1, -1):
            field = 31 << (STOCK_BITS * self.coming[drawn])
            held |= ((held & field) << 1 | 1 << (STOCK_BITS * self.coming[drawn])) & field
            self.stock[drawn] = held
        # What taking the card at (column, index) off subtracts from the key's rank counts.
        self.one_less = tuple(tuple(1 << (COUNTS_SHIFT + COUNT_BITS * (value - 1)) for value in column) for column in self.ranks)
        self.tops_memo: dict[int, int] = {}
        self.needs_memo: dict[int, tuple[Requirement, ...]] = {}
        self.stretch_memo: dict[tuple[int, ...], tuple[list[Run], Run]] = {}
        self.viable_memo: dict[int, tuple[int, ...] | None] = {}

    def search(self, budget: int, dead_ends: bool = True) -> DepthFirstSearch:
        return DepthFirstSearch(self.key(self.position), budget, HEIGHTS, self.expand, self.line, self.viable if dead_ends else None)

    def key(self, position: GolfPosition) -> int:
        """The key of the start position, or of any position reached from it."""
        heights = sum(len(column) << (HEIGHT_BITS * index) for index, column in enumerate(position.tableau))
        drawn = len(self.position.stock) - len(position.stock)
        playable = self.fits[rank(position.waste[-1]) if position.waste else 0] & self.tops(heights)
        counts = sum(1 << (COUNT_BITS * (rank(card) - 1)) for column in position.tableau for card in column)
        return heights | drawn << DRAWN_SHIFT | playable << TOP_SHIFT | counts << COUNTS_SHIFT

    # -- moves -------------------------------------------------------------------------

    def tops(self, heights: int) -> int:
        """The ranks (bit r) of the columns' top cards (memoised)."""
        found = self.tops_memo.get(heights)
        if found is None:
            found = 0
            for column in range(COLUMNS):
                height = heights >> (HEIGHT_BITS * column) & HEIGHT_MASK
                if height:
                    found |= 1 << self.ranks[column][height - 1]
            self.tops_memo[heights] = found
        return found

    def expand(self, key: int) -> Children:
        """The positions one move (and the draws it forces) away, best first."""
        heights = key & HEIGHTS
        drawn = key >> DRAWN_SHIFT & 63
        fits_table = self.fits
        fits = key >> TOP_SHIFT & ALL_RANKS
        counts = key >> COUNTS_SHIFT << COUNTS_SHIFT
        coming = self.coming
        stock = len(coming)
        tops, column_ranks, one_less = self.tops, self.ranks, self.one_less
        candidates: list[tuple[int, int, int]] = []  # (order, step, key)
        for column in range(COLUMNS):
            shift = HEIGHT_BITS * column
            height = heights >> shift & HEIGHT_MASK
            if not height:
                continue
            value = column_ranks[column][height - 1]
            if not fits >> value & 1:
                continue
            after = heights - (1 << shift)
            if not after:
                return [(column, after)]
            ranks = tops(after)
            turned = drawn
            playable = ranks & fits_table[value]
            while not playable:
                if turned == stock:
                    break
                playable = ranks & fits_table[coming[turned]]
                turned += 1
            else:
                order = 16 - 16 * height - (ranks & fits_table[value]).bit_count()
                child = after | turned << DRAWN_SHIFT | playable << TOP_SHIFT | counts - one_less[column][height - 1]
                candidates.append((order, column | (turned - drawn) << DRAWS, child))
        if len(candidates) > 1:
            candidates.sort()
        children: Children = [(step, child) for _, step, child in candidates]
        here = tops(heights)
        turned = drawn
        while turned < stock:
            playable = here & fits_table[coming[turned]]
            turned += 1
            if playable:
                children.append((DRAW | (turned - drawn - 1) << DRAWS, heights | turned << DRAWN_SHIFT | playable << TOP_SHIFT | counts))
                break
        return children

    @staticmethod
    def line(path: Path) -> tuple[Move, ...]:
        """The engine's moves along the search's path."""
        return waste_line(path, TABLEAU, DRAW, DRAWS)

    # -- dead ends -----------------------------------------------------------------------

    def viable(self, key: int, nodes: int) -> tuple[bool | None, int]:
        """False when a test of the module docstring proves the position lost; no nodes used."""
        packed = key >> COUNTS_SHIFT
        memo_key = packed << 6 | key >> DRAWN_SHIFT & 63
        wanted = self.viable_memo.get(memo_key, MISSING)
        if wanted is MISSING:
            wanted = self.top_wanted(packed, key >> DRAWN_SHIFT & 63)
            self.viable_memo[memo_key] = wanted
        if wanted is None:
            return False, 0
        playable = key >> TOP_SHIFT & ALL_RANKS
        return all(playable & ranks for ranks in wanted), 0

    def top_wanted(self, packed: int, drawn: int) -> tuple[int, ...] | None:
        """What the waste top must do for the column cards (``packed``: their counts by rank)
        to be won, ``drawn`` stock cards turned: None when they cannot be, else the ranks
        (masks, bit r) of which the card played next on the top must have one, for each
        requirement that the stock alone leaves one card short."""
        needs = self.needs_memo.get(packed)
        if needs is None:
            needs = self.needs(packed)
            self.needs_memo[packed] = needs
        stock = self.stock[drawn]
        wanted = []
        for need, fields, helping in needs:
            missing = need - (stock & fields).bit_count()
            if missing > 0:
                if missing > 1:
                    return None
                wanted.append(helping)
        return tuple(wanted)

    def needs(self, packed: int) -> tuple[Requirement, ...]:
        """The requirements of both tests for the column cards (``packed``: their counts by rank)."""
        counts = [0] + [packed >> (COUNT_BITS * (value - 1)) & 15 for value in RANKS]
        found: list[Requirement] = []
        # Cards to come just before each rank's cards.
        for value in RANKS:
            if counts[value]:
                before = sum(counts[other] for other in self.before_ranks[value])
                if counts[value] > before:
                    found.append((counts[value] - before, self.before_fields[value], 1 << value))
        # Runs and their starters.
        fields_memo = self.fields_memo
        for need, ranks, first in self.runs(counts):
            fields = fields_memo.get(ranks)
            if fields is None:
                fields = fields_memo[ranks] = stock_fields(ranks)
            found.append((need, fields, first))
        return tuple(found)

    def runs(self, counts: list[int]) -> list[Run]:
        """The runs the column cards (``counts`` by rank) need, as (runs, starter ranks, first
        ranks): in all, for each stretch of ranks between ranks no column card has, and for
        neighbouring stretches together (their needs added up, from their starters together).
        Where King and Ace connect and every rank has a card, the ranks form a ring: one run
        at least, and one per King where it ends the run."""
        gaps = [value for value in RANKS if not counts[value]]
        kings = counts[13] if self.dead_king else 0
        if len(gaps) == 13:
            return []
        if not gaps and self.wrap:
            return [(max(1, kings), self.starter_ranks, ALL_RANKS)]
        found: list[Run] = []
        stretches: list[Run] = []
        for stretch in self.stretches(gaps):
            shape = (stretch[0], kings if 13 in stretch else 0, *(counts[value] for value in stretch))
            needs = self.stretch_memo.get(shape)
            if needs is None:
                needs = self.stretch_needs(stretch, counts, shape[1])
                self.stretch_memo[shape] = needs
            found += needs[0]
            stretches.append(needs[1])
        count = len(stretches)
        for first in range(count):
            need = union = firsts = 0
            # Where ranks wrap, the last stretch neighbours the first.
            for length in range(count if first == 0 else count - first if not self.wrap else count - 1):
                more, ranks, first_ranks = stretches[(first + length) % count]
                need += more
                union |= ranks
                firsts |= first_ranks
                found.append((need, union, firsts))
        return found

    def stretch_needs(self, stretch: list[int], counts: list[int], kings: int) -> tuple[list[Run], Run]:
        """The runs a stretch of ranks needs, as (runs, starter ranks, first ranks): for those
        started from one side (and so beginning on the other), and for all of them.

        A run steps between the even and the odd places of the stretch, so with ``n`` more
        cards on one side the stretch needs ``n`` runs that begin and end on that side,
        started from the other: from the places of the other parity, -1 (the rank before the
        stretch) to its length (the rank after it). Cutting the stretch at some ranks gives
        another bound: taking away the cards of a rank splits at most that many runs, so the
        parts' needs added up, less the cards taken away, are needed (best cuts found by
        dynamic programming). At least one run, and one for each King where it ends the run.
        """
        signed = [counts[value] if place % 2 == 0 else -counts[value] for place, value in enumerate(stretch)]
        balance = sum(signed)
        ranks_at = [self.neighbour(stretch[0], -1), *stretch, self.neighbour(stretch[-1], 1)]  # places -1 .. length
        larger = 0 if balance > 0 else 1
        sided = everyone = firsts = 0
        for place, value in enumerate(ranks_at, start=-1):
            if value:
                everyone |= 1 << value
                if place % 2 != larger:
                    sided |= 1 << value
                elif 0 <= place < len(stretch):
                    firsts |= 1 << value
        everyone &= self.starter_ranks
        sided &= self.starter_ranks
        length = len(stretch)
        prefix = [0]
        for value in signed:
            prefix.append(prefix[-1] + value)
        # bound[e]: the best bound for places 0 .. e-1, cut anywhere. The last place is either
        # cut away (bound[e-1] less its cards) or ends a part begin .. e-1 that follows a cut
        # at begin-1 (or the start of the stretch).
        # cut[b]: the bound for places 0 .. b-1 with place b-1 cut away (0 for b = 0).
        bound = [0] * (length + 1)
        cut = [0] * (length + 1)
        for end in range(1, length + 1):
            here = prefix[end]
            best = cut[end] = bound[end - 1] - counts[stretch[end - 1]]
            for begin in range(end):
                part = here - prefix[begin]
                part = cut[begin] + (part if part > 0 else -part or 1)
                if part > best:
                    best = part
            bound[end] = best
        parity = [(abs(balance), sided, firsts)] if balance else []
        return parity, (max(1, abs(balance), bound[length], kings), everyone, sum(1 << value for value in stretch))

    def neighbour(self, value: int, step: int) -> int:
        """The rank next to ``value`` (step -1 below, +1 above), 0 where there is none."""
        if self.wrap:
            return (value - 1 + step) % 13 + 1
        return value + step if 1 <= value + step <= 13 else 0

    def stretches(self, gaps: list[int]) -> list[list[int]]:
        """The runs of ranks between the gaps, in order (round the ring where ranks wrap)."""
        found: list[list[int]] = []
        stretch: list[int] = []
        order = [(gaps[0] + step - 1) % 13 + 1 for step in range(1, 14)] if self.wrap and gaps else list(RANKS)
        for value in order:
            if value in gaps:
                if stretch:
                    found.append(stretch)
                stretch = []
            else:
                stretch.append(value)
        if stretch:
            found.append(stretch)
        return found
