"""A solver for TriPeaks: exhaustive depth-first search with sound dead-end tests.

The search (``covering_search.DepthFirstSearch``) walks the positions
reachable from the given one, best move first, until one clears the peaks
(``winnable``, with the line that does it), every position has been searched
(``unwinnable``) or the node budget runs out (``unknown``). It sees every
card, face-down peak cards and the stock order included, as in open mode.

Compact state. Only the rank of the waste top matters for what plays next,
so a position is the int key::

    peaks mask             28 bits, the places still holding a card
    | drawn << 28          cards turned from the stock so far
    | top rank << 34       1..13, or 0 for an empty waste (any card plays on it)
    | rank counts << 38    4 bits per rank, Ace first: how many peak cards of
                           that rank are left (follows from the mask; carried
                           along so that the run bound below is a look-up)

The run and the score play no part in winning and are left out. The game is
won when the low 28 bits are clear.

Moves and their order. The children are the face-up cards one rank from the
waste top, those turning up the most face-down cards first, then those
leaving the most cards playable on them (a longer run); then the draw. A
play that clears the peaks is the only child. A
position where nothing plays but the draw is not a choice: each child is
followed by the draws it forces (a step is the move plus how many draws came
after it), so only the positions with a choice are nodes, and a child whose
forced draws run out of stock is dropped (it is lost).

Pruning (``viable``, sound, so verdicts stay exact). Each peak card left must
at some time be played right after a card one rank away (a stock card turned,
the waste top, or a peak card played just before), and each card on the waste
is followed by one card at most. A position is lost when

- some rank has more peak cards than cards that could come just before them:
  the stock cards still to come a rank away, plus the peak cards a rank away
  that can be played while the card is still there and face up (not a card it
  lies on, which goes after it, nor one lying on it through another card,
  which leaves it covered), plus the waste top if it fits a face-up one; or
- the peak cards need more runs than there are cards to start them. Between
  two draws the cards played form a run, each one rank from the last; runs
  start from the waste top and from each stock card still to come. Ignoring
  which cards are face up, the peak cards must split into such runs, each
  started by its own starter one rank from its first card. A run never crosses
  a rank no peak card has, so each stretch of ranks between two such gaps has
  its own runs. Within a stretch a run alternates between its even and odd
  places, so it needs at least |even - odd| runs, each beginning and ending on
  the larger side and so started from a rank on the other side (places -1 to
  the length included); taking away the cards of some ranks splits at most as
  many runs, which gives another bound, found by dynamic programming over
  where to cut; and when every rank has a card, cutting one rank turns the
  cycle into a stretch. Each stretch's needs must be met by its own starters,
  and all of them by the starters together.

A test checks on small cases that the run bounds never drop a position that
the game without covering (every card face up) could still win.

Exactness: every legal move is searched (forced draws are the only move where
they are played), the tests drop only positions that cannot be won, and the
positions form an acyclic graph, so the transposition table holds only
positions proven lost.
"""

from __future__ import annotations

from typing import Any

from ..cards import rank
from ..game import Move
from ..games.tripeaks import COVERING, PEAK, PLACES, TriPeaksPosition
from ..solver import Search, Solver
from .covering_search import Children, DepthFirstSearch, FreePlaces, Path, covering_closure, waste_line

PEAK_BITS = (1 << PLACES) - 1
DRAWN_SHIFT = PLACES
TOP_SHIFT = PLACES + 6
COUNTS_SHIFT = PLACES + 10
COUNT_BITS = 4  # the count of each rank among the peak cards, Ace first (a spare bit each, see ``stranded``)
# A step is a move code plus, from bit 6 up, the number of forced draws after it.
# Move codes: a place 0..27 (its card goes to the waste), or DRAW.
DRAW = PLACES
DRAWS = 6
RANKS = range(1, 14)
ALL_RANKS = sum(1 << value for value in RANKS)
SPARE_BITS = sum(8 << (COUNT_BITS * (value - 1)) for value in RANKS)  # the top bit of each rank's count
# FITS[r]: the ranks (bit r) that play on a waste top of rank r; on an empty waste (0) all do.
FITS = (ALL_RANKS,) + tuple((1 << (value % 13 + 1)) | (1 << ((value - 2) % 13 + 1)) for value in RANKS)


def starters_of(ranks: int) -> int:
    """The ranks (bit r) as a mask of the stock counting (5 bits per rank, a card a
    bit: rank r's cards are bits 5r ..), so one AND and a bit count count the stock
    cards of these ranks."""
    return sum(31 << (5 * value) for value in RANKS if ranks >> value & 1)


# The places each place lies on directly (they may turn face up when it goes).
UNDER = tuple(tuple(other for other in range(PLACES) if index in COVERING[other]) for index in range(PLACES))


class TriPeaksSolver(Solver):
    """Exhaustive search for TriPeaks (one pass through the stock, King and Ace connect)."""

    # Budgets in nodes (see tools/bench_solver_tripeaks.py): the command line's decides all but
    # a few deals in 1000; the daily's proves most winnable deals, and costs the page
    # little when a candidate deal is not proven.
    default_budget = 200_000
    daily_budget = 5_000

    def start(self, position: Any, budget: int) -> Search:
        return TriPeaksSearch(position).search(budget)


class TriPeaksSearch:
    """The tables of one search: where each card lies, what the stock will bring, the move generator."""

    def __init__(self, position: TriPeaksPosition) -> None:
        self.position = position
        self.place_rank = tuple(0 if card is None else rank(card) for card in position.peaks)
        self.coming = tuple(rank(card) for card in position.stock[::-1])  # in the order they are turned
        self.free = FreePlaces(COVERING)
        self.free_ranks_memo: dict[int, int] = {}
        self.arcs_memo: dict[int, tuple[int, tuple[tuple[int, int, int], ...]]] = {}
        self.stretch_memo: dict[int, tuple[tuple[int, int, int], ...]] = {}
        self.sources_memo: dict[int, int] = {}  # places of one rank -> their ``before`` together
        self.covers = self.free.covers
        # What taking each place's card off subtracts from the key's rank counts.
        self.one_less = tuple(1 << (COUNTS_SHIFT + COUNT_BITS * (value - 1)) if value else 0 for value in self.place_rank)
        self.places_of = [0] * 14
        for index, value in enumerate(self.place_rank):
            if value:
                self.places_of[value] |= 1 << index
        # For each place: the places whose card could come just before it on the waste:
        # a rank away, not one it lies on, directly or not (those go after it), and not
        # one lying on it through another card (that card is still there to cover it).
        present = sum(1 << index for index, value in enumerate(self.place_rank) if value)
        above, below = covering_closure(COVERING, present)
        self.before = tuple(
            sum(self.places_of[other] for other in RANKS if FITS[value] >> other & 1)
            & ~below[index]
            & ~(above[index] & ~self.covers[index])
            if value
            else 0
            for index, value in enumerate(self.place_rank)
        )
        # For each count of cards drawn, the stock cards still to come: for each rank, how
        # many are a rank away (in the fields of the key's rank counts, at most 7), and
        # the cards themselves as ``starters_of`` counts them.
        self.near: list[int] = []
        self.stock: list[int] = []
        for drawn in range(len(self.coming) + 1):
            counts = [0] * 14
            for coming in self.coming[drawn:]:
                counts[coming] += 1
            self.near.append(
                sum(min(7, counts[value % 13 + 1] + counts[(value - 2) % 13 + 1]) << (COUNT_BITS * (value - 1)) for value in RANKS)
            )
            self.stock.append(sum(((1 << count) - 1) << (5 * value) for value, count in enumerate(counts)))

    def search(self, budget: int) -> DepthFirstSearch:
        return DepthFirstSearch(self.key(self.position), budget, PEAK_BITS, self.expand, self.line, self.viable)

    def key(self, position: TriPeaksPosition) -> int:
        """The key of the start position, or of any position reached from it."""
        peaks = sum(1 << index for index, card in enumerate(position.peaks) if card is not None)
        drawn = len(self.position.stock) - len(position.stock)
        top = rank(position.waste[-1]) if position.waste else 0
        counts = sum(1 << (COUNT_BITS * (rank(card) - 1)) for card in position.peaks if card is not None)
        return peaks | drawn << DRAWN_SHIFT | top << TOP_SHIFT | counts << COUNTS_SHIFT

    # -- moves -------------------------------------------------------------------------

    def free_ranks(self, peaks: int) -> int:
        """The ranks (bit r) of the face-up cards."""
        found = self.free_ranks_memo.get(peaks)
        if found is None:
            found = 0
            for place in self.free(peaks):
                found |= 1 << self.place_rank[place]
            self.free_ranks_memo[peaks] = found
        return found

    def expand(self, key: int) -> Children:
        """The positions one move (and the draws it forces) away, best first."""
        peaks = key & PEAK_BITS
        drawn = key >> DRAWN_SHIFT & 63
        fits = FITS[key >> TOP_SHIFT & 15]
        counts = key >> COUNTS_SHIFT << COUNTS_SHIFT
        place_rank, coming, covers, free_ranks = self.place_rank, self.coming, self.covers, self.free_ranks
        stock = len(coming)
        candidates: list[tuple[int, int, int]] = []  # (order, step, key)
        for place in self.free(peaks):
            value = place_rank[place]
            if not fits >> value & 1:
                continue
            after = peaks ^ (1 << place)
            if not after:
                return [(place, after)]
            turned, top = drawn, value
            ranks = free_ranks(after)
            while not ranks & FITS[top]:
                if turned == stock:
                    break
                top = coming[turned]
                turned += 1
            else:
                order = 0
                for under in UNDER[place]:
                    if not after & covers[under]:
                        order -= 16  # a face-down card turns up
                if turned == drawn:
                    order -= (ranks & FITS[value]).bit_count()  # cards that play next
                child = after | turned << DRAWN_SHIFT | top << TOP_SHIFT
                candidates.append((order, place | (turned - drawn) << DRAWS, child | counts - self.one_less[place]))
        if len(candidates) > 1:
            candidates.sort()
        children: Children = [(step, child) for _, step, child in candidates]
        if drawn < stock:
            ranks = free_ranks(peaks)
            turned = drawn
            while turned < stock:
                top = coming[turned]
                turned += 1
                if ranks & FITS[top]:
                    child = peaks | turned << DRAWN_SHIFT | top << TOP_SHIFT | counts
                    children.append((DRAW | (turned - drawn - 1) << DRAWS, child))
                    break
        return children

    @staticmethod
    def line(path: Path) -> tuple[Move, ...]:
        """The engine's moves along the search's path."""
        return waste_line(path, PEAK, DRAW, DRAWS)

    # -- dead ends -----------------------------------------------------------------------

    def viable(self, key: int, nodes: int) -> tuple[bool | None, int]:
        """False when a test of the module docstring proves the position lost; no nodes used."""
        drawn = key >> DRAWN_SHIFT & 63
        top = key >> TOP_SHIFT & 15
        if self.short_of_runs(key >> COUNTS_SHIFT, drawn, top):
            return False, 0
        return not self.stranded(key), 0

    def stranded(self, key: int) -> bool:
        """True if the peak cards of some rank cannot each have a card of their own to
        come just before them on the waste: a stock card still to come a rank away,
        a peak card of their ``before``, or the waste top for a face-up card it fits.
        (Each card on the waste is followed by one card at most, so the cards of one
        rank need as many different cards before them.)"""
        peaks = key & PEAK_BITS
        drawn = key >> DRAWN_SHIFT & 63
        fits = FITS[key >> TOP_SHIFT & 15]
        packed = key >> COUNTS_SHIFT
        near = self.near[drawn]
        # The ranks with more peak cards than stock cards a rank away, all at once: each
        # field of ``near`` gets its spare bit set, and loses it in the subtraction
        # exactly where the peaks have more.
        short = ~((near | SPARE_BITS) - packed) & SPARE_BITS
        if not short:
            return False
        places_of, sources_memo = self.places_of, self.sources_memo
        while short:
            low = short & -short
            short ^= low
            shift = low.bit_length() - COUNT_BITS  # the rank's field ends with its spare bit
            value = shift // COUNT_BITS + 1
            group = peaks & places_of[value]
            sources = sources_memo.get(group)
            if sources is None:
                sources = 0
                for place in range(PLACES):
                    if group >> place & 1:
                        sources |= self.before[place]
                sources_memo[group] = sources
            missing = (packed >> shift & 7) - (near >> shift & 7) - (peaks & sources).bit_count()
            if missing > 0:
                # The waste top may make up for one, if it fits a face-up card of the group.
                if missing > 1 or not fits >> value & 1:
                    return True
                if not any(group >> place & 1 and not peaks & self.covers[place] for place in range(PLACES)):
                    return True
        return False

    def arcs(self, packed: int) -> tuple[int, tuple[tuple[int, int, int], ...]]:
        """The runs the peak cards (``packed``: their count by rank) need, in all and
        for each stretch of ranks between ranks no peak card has: (runs needed, the
        ranks that can start them as a mask of 5 bits per rank (see ``stock``), the
        same as a mask of one bit per rank)."""
        found = self.arcs_memo.get(packed)
        if found is not None:
            return found
        counts = [0] + [packed >> (COUNT_BITS * (value - 1)) & 7 for value in RANKS]
        gaps = [value for value in RANKS if not counts[value]]
        arcs: list[tuple[int, int, int]] = []
        total = 0
        if not gaps:
            # Every rank: an odd cycle, no parity. Taking away the c cards of one rank
            # leaves a cover with at most c more runs (each card taken away splits at
            # most one run in two), so the runs the others need, less c, are needed.
            need = 1
            for value in RANKS:
                without = packed & ~(7 << (COUNT_BITS * (value - 1)))
                need = max(need, self.arcs(without)[0] - counts[value])
            arcs.append((need, starters_of(ALL_RANKS), ALL_RANKS))
            total = need
        else:
            stretch: list[int] = []
            stretches: list[tuple[int, int, int]] = []  # each stretch's largest need, its starters
            for step in range(1, 15):
                value = (gaps[0] + step - 1) % 13 + 1
                if counts[value] and step < 14:
                    stretch.append(value)
                elif stretch:
                    # The needs follow from the stretch's first rank and its counts: remembered.
                    shape = len(stretch) << 4 | stretch[0]
                    for each in stretch:
                        shape = shape << COUNT_BITS | counts[each]
                    needs = self.stretch_memo.get(shape)
                    if needs is None:
                        needs = self.stretch_needs(stretch, counts)
                        self.stretch_memo[shape] = needs
                    arcs += needs
                    stretches.append(needs[-1])
                    total += needs[-1][0]
                    stretch = []
            # Neighbouring stretches may share a starter (the rank of the gap between
            # them): a run of stretches, taken round the cycle, needs its runs'
            # starters among all their starters together.
            count = len(stretches)
            for first in range(count):
                need = union = ranks = 0
                for length in range(count if first == 0 else count - 1):
                    more, starters, more_ranks = stretches[(first + length) % count]
                    need += more
                    union |= starters
                    ranks |= more_ranks
                    if length:
                        arcs.append((need, union, ranks))
        found = (total, tuple(arcs))
        self.arcs_memo[packed] = found
        return found

    @staticmethod
    def stretch_needs(stretch: list[int], counts: list[int]) -> tuple[tuple[int, int, int], ...]:
        """The runs a stretch of ranks needs, as (runs, the ranks that can start
        them as ``starters_of`` does, the same as a mask of one bit per rank).

        A run alternates between the even and the odd places of the stretch, so the
        stretch needs at least |even - odd| runs. When that is more than 0, those
        runs begin and end on the larger side, so their starters lie on the other
        one: at the places of the other parity from -1 (the rank just before the
        stretch) to the length (the rank just after it). Cutting the stretch at
        some ranks gives another bound: taking away the cards of a rank splits at
        most that many runs, so the parts' needs added up, less the cards taken
        away, are needed (best cuts found by dynamic programming); those runs may
        start from any rank from -1 to the length.
        """
        signed = [counts[value] if place % 2 == 0 else -counts[value] for place, value in enumerate(stretch)]
        balance = sum(signed)
        ranks_at = [(stretch[0] - 2) % 13 + 1] + stretch + [stretch[-1] % 13 + 1]  # places -1 .. length
        larger = 0 if balance > 0 else 1  # the parity of the larger side
        parity_ranks = all_ranks = 0
        for place, value in enumerate(ranks_at, start=-1):
            all_ranks |= 1 << value
            if balance == 0 or place % 2 != larger:
                parity_ranks |= 1 << value
        length = len(stretch)
        prefix = [0]
        for value in signed:
            prefix.append(prefix[-1] + value)
        # bound[e]: the best bound for places 0 .. e-1, cut anywhere. The last place
        # is either cut away (bound[e-1] less its cards) or ends a part begin .. e-1
        # that follows a cut at begin-1 (or the start of the stretch).
        bound = [0] * (length + 1)
        for end in range(1, length + 1):
            best = bound[end - 1] - counts[stretch[end - 1]]
            for begin in range(end):
                before = bound[begin - 1] - counts[stretch[begin - 1]] if begin else 0
                part = before + max(1, abs(prefix[end] - prefix[begin]))
                if part > best:
                    best = part
            bound[end] = best
        best = bound[length]
        needs = [(max(1, abs(balance)), starters_of(parity_ranks), parity_ranks)]
        if best > needs[0][0]:
            needs.append((best, starters_of(all_ranks), all_ranks))
        return tuple(needs)

    def short_of_runs(self, packed: int, drawn: int, top: int) -> bool:
        """True if the peak cards (``packed``: their count by rank) need more runs
        than there are starters for them."""
        total, arcs = self.arcs(packed)
        if total > len(self.coming) - drawn + 1:
            return True
        stock = self.stock[drawn]
        for need, starters, ranks in arcs:
            have = (stock & starters).bit_count()
            if not top or ranks >> top & 1:
                have += 1
            if have < need:
                return True
        return False
