"""A solver for Pyramid: exhaustive depth-first search, pruned by a relaxed game.

The search (``covering_search.DepthFirstSearch``) walks the positions
reachable from the given one, best move first, until one clears the
pyramid (``winnable``, with the line that does it), every position has been
searched (``unwinnable``) or the node budget runs out (``unknown``). It sees
every card, as in open mode.

Compact state. The stock and the waste together keep one fixed order, the
*talon*: the waste from its bottom card up, then the stock from its top card
down. Drawing moves a boundary along the talon, turning the waste over moves
it back to the start (the order is unchanged, as the rules say), and
removing the waste top takes the card just before the boundary out. So a
position is the int key::

    pyramid mask                  28 bits, the places still holding a card
    | talon mask << 28            one bit per talon card still there
    | boundary << (28 + T)        talon cards before it are the waste, normalised
                                  to just after the waste top (0: empty waste)
    | redeals << (28 + T + 6)

with T the talon's length. The discard pile and the score play no part in
winning and are left out. The game is won when the low 28 bits are clear.

Moves and their order. Some removals are safe and made at once, as the only
child: a free King (in the pyramid or on the waste top), which pairs with
nothing, and a pair of free cards that are the last of their two ranks (only
they could ever pair with each other). Their going can only free cards, and
every line from the position can be played after them. Otherwise the
children are the pairs (two free pyramid cards, or a free pyramid card and
the waste top), those uncovering the most cards first, two pyramid cards
before a pyramid card and the waste; then the click on the stock (a draw, or
turning the waste over). Removing before drawing finds the easy wins at once.
A position where no card can be removed is not a choice: each child is
followed by the clicks it forces (a step is the move plus how many clicks
came after it), so only the positions with a choice are nodes, and a child
whose forced clicks run out is dropped (it is lost).

Pruning by a relaxed game (``Relaxation``). Before a new position is
searched, a smaller game is asked whether it could still be won: the same
pyramid, but the talon cards become a bag from which any card can be taken at
any time (each once). Whatever wins the real game wins the relaxed one, so a
relaxed loss proves a real loss. Its positions are the pyramid mask and the
count of each rank in the bag; its own search is exhaustive too, and it
remembers every relaxed position it has proven won or lost, so later
questions are mostly look-ups. In the last pass the bag is smaller: a waste
card that no pyramid card left can pair with stays on the waste for good, and
so do the cards under it. Inside the relaxed game a position is dropped when
a pyramid card has no partner left that is not lying on it or under it (the
two could never be free together). The relaxed search counts its nodes in
the same budget and stops when the slice does, resuming the next time.

Exactness: every legal move is searched, but where a safe removal is made
first or a click is forced; the pruning drops only positions proven lost; and
the positions form an acyclic graph, so the transposition table holds only
positions proven lost. (Which cards lie on which is taken through the cards
there at the start, so a position set up by hand with holes is solved right
too.) Tests compare the verdicts with a plain search through the rules on
small positions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import KING, rank
from ..game import Move
from ..games.pyramid import COVERING, DISCARD, MAX_REDEALS, PAIR_SUM, PLACES, PYRAMID, PyramidPosition
from ..solver import Search, Solver
from .covering_search import Children, DepthFirstSearch, FreePlaces, Path, covering_closure

PYRAMID_BITS = (1 << PLACES) - 1
# A step is a move code plus, from bit 12 up, the number of forced stock clicks after it.
# Move codes: first * 64 + second for a removal (WASTE: the waste top, TO_DISCARD: a King
# alone), or CLICK for a click on the stock (a draw, or turning the waste over).
WASTE = PLACES
TO_DISCARD = PLACES + 1
CLICK = (1 << 12) - 1
CLICKS = 12
COUNT_BITS = 3  # the relaxed game's bag: 3 bits per rank, Ace .. Queen

# The places a place covers directly (they may become free when it goes).
UNDER = tuple(tuple(other for other in range(PLACES) if index in COVERING[other]) for index in range(PLACES))


class PyramidSolver(Solver):
    """Exhaustive search for Pyramid (three passes, only the waste top free, pairs making 13)."""

    # Budgets in nodes (see tools/bench_solver_pyramid.py): the command line's decides all but
    # a few deals in 1000; the daily's proves most winnable deals, and costs the page
    # little when a candidate deal is not proven.
    default_budget = 200_000
    daily_budget = 5_000

    def start(self, position: Any, budget: int) -> Search:
        return PyramidSearch(position).search(budget)

    def never_free(self, position: Any) -> tuple[int, ...]:
        """The pyramid cards that no card left can pair with: each partner is gone or lies on
        the card or under it (the two are never free together). Kings go alone."""
        search = PyramidSearch(position)
        stuck = []
        for index, value in enumerate(search.place_rank):
            if value and value != KING:
                partner = PAIR_SUM - value
                if not search.places_of[partner] & ~search.cone[index] and not search.talon_of[partner]:
                    stuck.append(position.pyramid[index])
        return tuple(sorted(stuck, key=rank))


class PyramidSearch:
    """The tables of one search: where each card lies, the move generator and the relaxed game."""

    def __init__(self, position: PyramidPosition) -> None:
        self.position = position
        self.place_rank = tuple(0 if card is None else rank(card) for card in position.pyramid)
        talon = position.waste + position.stock[::-1]
        self.talon_index = {card: index for index, card in enumerate(talon)}
        self.talon_rank = tuple(rank(card) for card in talon)
        self.boundary_shift = PLACES + len(talon)
        self.boundary_mask = 63 << self.boundary_shift
        self.redeal_shift = self.boundary_shift + 6
        self.talon_bits = (1 << len(talon)) - 1
        self.free = FreePlaces(COVERING)
        # Per rank (1..13): the places and the talon positions holding a card of that rank.
        self.places_of = [0] * (KING + 1)
        for index, value in enumerate(self.place_rank):
            if value:
                self.places_of[value] |= 1 << index
        self.talon_of = [0] * (KING + 1)
        for index, value in enumerate(self.talon_rank):
            self.talon_of[value] |= 1 << index
        self.partners_memo: dict[int, int] = {}
        self.pairable_memo: dict[int, int] = {}
        self.bag_memo: dict[int, int] = {}
        # For each place, the places its card can never pair with: itself, the cards
        # lying on it and those it lies on, directly or not (never free together).
        above, below = covering_closure(COVERING, sum(1 << index for index, value in enumerate(self.place_rank) if value))
        self.cone = tuple(above[index] | below[index] | (1 << index) for index in range(PLACES))
        self.relaxation = Relaxation(self.place_rank, self.places_of, self.cone, self.free)

    def search(self, budget: int) -> DepthFirstSearch:
        return DepthFirstSearch(self.key(self.position), budget, PYRAMID_BITS, self.expand, self.line, self.viable)

    def key(self, position: PyramidPosition) -> int:
        """The key of the start position, or of any position reached from it."""
        pyramid = sum(1 << index for index, card in enumerate(position.pyramid) if card is not None)
        talon = sum(1 << self.talon_index[card] for card in position.waste + position.stock)
        boundary = self.talon_index[position.waste[-1]] + 1 if position.waste else 0
        return pyramid | talon << PLACES | boundary << self.boundary_shift | position.redeals << self.redeal_shift

    # -- the real game ---------------------------------------------------------------

    def take_top(self, key: int) -> int:
        """The key without the waste top: the boundary moves to just after the card under it."""
        talon = key >> PLACES & self.talon_bits
        top = (key >> self.boundary_shift & 63) - 1
        after = talon ^ (1 << top)
        return (
            key & PYRAMID_BITS
            | after << PLACES
            | (after & ((1 << top) - 1)).bit_length() << self.boundary_shift
            | (key >> self.redeal_shift) << self.redeal_shift
        )

    def click(self, key: int) -> int | None:
        """The key after a click on the stock: a draw, or turning the waste over; None if neither is allowed."""
        talon = key >> PLACES & self.talon_bits
        boundary = key >> self.boundary_shift & 63
        stock = talon >> boundary
        if stock:
            turned = boundary + (stock & -stock).bit_length()  # just after the card turned
            return (key & ~self.boundary_mask) | turned << self.boundary_shift
        if boundary and key >> self.redeal_shift < MAX_REDEALS:
            return (key & ~self.boundary_mask) + (1 << self.redeal_shift)
        return None

    def partners(self, pyramid: int) -> int:
        """-1 if the pyramid alone offers a removal (a free King or a free pair), else the
        ranks (bit r) that would pair with one of its free cards."""
        found = self.partners_memo.get(pyramid)
        if found is None:
            ranks = [self.place_rank[place] for place in self.free(pyramid)]
            found = 0
            for value in ranks:
                if value == KING or PAIR_SUM - value in ranks:
                    found = -1
                    break
                found |= 1 << (PAIR_SUM - value)
            self.partners_memo[pyramid] = found
        return found

    def settle(self, key: int) -> tuple[int, int] | None:
        """Play the forced clicks: while no card can be removed, the stock is the only
        move. The key where a choice (or the win) comes, and the clicks made; None
        when the stock runs out first (a lost position)."""
        clicks = 0
        pyramid = key & PYRAMID_BITS
        if not pyramid:
            return key, 0
        partners = self.partners(pyramid)
        if partners < 0:
            return key, 0
        talon_rank, boundary_shift = self.talon_rank, self.boundary_shift
        while True:
            boundary = key >> boundary_shift & 63
            if boundary:
                value = talon_rank[boundary - 1]
                if value == KING or partners >> value & 1:
                    return key, clicks
            turned = self.click(key)
            if turned is None:
                return None
            key = turned
            clicks += 1

    def alone(self, pyramid: int, talon: int, value: int) -> bool:
        """True if one card is left of this rank and one of its partner rank: two free
        cards making such a pair can only ever go together, so removing them at once is
        safe (nothing else could use them, and their going only frees cards)."""
        partner = PAIR_SUM - value
        return (pyramid & self.places_of[value]).bit_count() + (talon & self.talon_of[value]).bit_count() == 1 and (
            pyramid & self.places_of[partner]
        ).bit_count() + (talon & self.talon_of[partner]).bit_count() == 1

    def uncovered(self, pyramid: int, removed: int) -> int:
        """How many cards become free when the places of ``removed`` are emptied."""
        after = pyramid & ~removed
        count = 0
        while removed:
            low = removed & -removed
            for under in UNDER[low.bit_length() - 1]:
                if after >> under & 1 and not any(after >> cover & 1 for cover in COVERING[under]):
                    count += 1
            removed ^= low
        return count

    def expand(self, key: int) -> Children:
        """The positions one move (and the forced clicks after it) away, best first
        (see the module docstring)."""
        pyramid = key & PYRAMID_BITS
        boundary = key >> self.boundary_shift & 63
        free = self.free(pyramid)
        place_rank = self.place_rank
        settle = self.settle
        candidates: list[tuple[int, int, int]] = []  # (order, move code, key)
        for place in free:
            if place_rank[place] == KING:
                candidates.append((0, place * 64 + TO_DISCARD, key ^ (1 << place)))
                break
        wanted_by_top = -1  # the rank pairing with the waste top (none: -1)
        without_top = 0
        if boundary and not candidates:
            without_top = self.take_top(key) ^ pyramid
            top_rank = self.talon_rank[boundary - 1]
            if top_rank == KING:
                candidates.append((0, WASTE * 64 + TO_DISCARD, pyramid | without_top))
            wanted_by_top = PAIR_SUM - top_rank
        if not candidates:
            # The pairs: two free pyramid cards, or a free pyramid card and the waste top.
            talon = key >> PLACES & self.talon_bits
            pairs = []
            count = len(free)
            for first in range(count):
                one = free[first]
                wanted = PAIR_SUM - place_rank[one]
                pairs += [(one, other) for other in free[first + 1 :] if place_rank[other] == wanted]
                if place_rank[one] == wanted_by_top:
                    pairs.append((one, WASTE))
            rest = key ^ pyramid  # the talon, boundary and redeals fields
            for one, other in pairs:
                if other == WASTE:
                    removed, code, after = 1 << one, WASTE * 64 + one, without_top
                else:
                    removed, code, after = (1 << one) | (1 << other), one * 64 + other, rest
                if self.alone(pyramid, talon, place_rank[one]):
                    candidates = [(0, code, (pyramid ^ removed) | after)]  # the only child
                    break
                # Two pyramid cards before one and the waste top, then the most uncovered.
                order = -4 * self.uncovered(pyramid, removed) - removed.bit_count()
                candidates.append((order, code, (pyramid ^ removed) | after))
            else:
                candidates.sort()
                clicked = self.click(key)
                if clicked is not None:
                    candidates.append((0, CLICK, clicked))
        children: Children = []
        for _, code, child in candidates:
            settled = settle(child)
            if settled is not None:
                children.append((code | settled[1] << CLICKS, settled[0]))
        return children

    def line(self, path: Path) -> tuple[Move, ...]:
        """The engine's moves along the search's path."""
        moves = []
        for (_, parent), (step, _) in zip(path, path[1:]):
            code, clicks = step & CLICK, step >> CLICKS
            key = parent
            if code == CLICK:
                clicks += 1
            else:
                first, second = divmod(code, 64)
                source = "waste" if first == WASTE else PYRAMID[first]
                target = DISCARD if second == TO_DISCARD else PYRAMID[second]
                moves.append(Move(source, target))
                if first == WASTE:
                    key = self.take_top(key)
                key &= ~((1 << first) | (1 << second)) | ~PYRAMID_BITS
            for _ in range(clicks):
                talon = key >> PLACES & self.talon_bits
                boundary = key >> self.boundary_shift & 63
                if talon >> boundary:
                    moves.append(Move("stock", "waste"))
                else:
                    moves.append(Move("waste", "stock", talon.bit_count()))
                turned = self.click(key)
                assert turned is not None
                key = turned
        return tuple(moves)

    # -- the relaxed game ---------------------------------------------------------------

    def viable(self, key: int, nodes: int) -> tuple[bool | None, int]:
        """Whether the relaxed game can still be won from this position (see the module docstring)."""
        pyramid = key & PYRAMID_BITS
        talon = key >> PLACES & self.talon_bits
        if key >> self.redeal_shift == MAX_REDEALS:
            waste = talon & ((1 << (key >> self.boundary_shift & 63)) - 1)
            stuck = waste & ~self.pairable(pyramid)
            if stuck:
                cut = stuck.bit_length()  # that card and all under it stay for good
                talon = talon >> cut << cut
        bag = self.bag_memo.get(talon)
        if bag is None:
            bag = 0
            left = talon
            while left:
                low = left & -left
                value = self.talon_rank[low.bit_length() - 1]
                if value != KING:
                    bag += 1 << (COUNT_BITS * (value - 1))
                left ^= low
            self.bag_memo[talon] = bag
        return self.relaxation.ask(pyramid | bag << PLACES, nodes)

    def pairable(self, pyramid: int) -> int:
        """The talon positions holding a card that could still be removed: a King,
        or a card whose partner rank is left in the pyramid."""
        found = self.pairable_memo.get(pyramid)
        if found is None:
            found = self.talon_of[KING]
            for value in range(1, KING):
                if pyramid & self.places_of[PAIR_SUM - value]:
                    found |= self.talon_of[value]
            self.pairable_memo[pyramid] = found
        return found


class Relaxation:
    """The relaxed game: the pyramid, and the talon as a bag of ranks taken in any order.

    A key is ``pyramid mask | bag << 28``, the bag holding the count of each
    rank (Ace .. Queen; Kings need no partner) in 3 bits. ``ask`` answers
    whether the relaxed game is won from a key, searching depth first and
    remembering every key it proves won or lost; it can stop when its nodes
    run out and carry on when asked again.
    """

    def __init__(self, place_rank: tuple[int, ...], places_of: list[int], cone: tuple[int, ...], free: FreePlaces) -> None:
        self.place_rank = place_rank
        self.places_of = places_of
        self.cone = cone
        self.free = free
        self.won: set[int] = set()
        self.lost: set[int] = set()
        self.question: int | None = None
        self.path: list[int] = []
        self.children: list[list[int]] = []
        self.tried: list[int] = []

    def ask(self, key: int, nodes: int) -> tuple[bool | None, int]:
        """(True if won, False if lost, None when ``nodes`` ran out first; nodes used)."""
        if key & PYRAMID_BITS == 0 or key in self.won:
            return True, 0
        if key in self.lost:
            return False, 0
        used = 0
        if self.question != key:
            if not self.partners_left(key & PYRAMID_BITS, key >> PLACES, range(1, KING)):
                self.lost.add(key)
                return False, 0
            if nodes < 1:
                return None, 0
            self.question = key
            self.path = [key]
            self.children = [self.expand(key)]
            self.tried = [0]
            used = 1
        path, children, tried, won, lost = self.path, self.children, self.tried, self.won, self.lost
        while children:
            level = children[-1]
            index = tried[-1]
            if index == len(level):
                lost.add(path.pop())
                children.pop()
                tried.pop()
                continue
            child = level[index]
            tried[-1] = index + 1
            if child & PYRAMID_BITS == 0 or child in won:
                won.update(path)
                self.question = None
                return True, used
            if child in lost:
                continue
            if used >= nodes:
                tried[-1] = index
                return None, used
            used += 1
            path.append(child)
            children.append(self.expand(child))
            tried.append(0)
        self.question = None
        return False, used

    def partners_left(self, pyramid: int, bag: int, ranks: Sequence[int] | range) -> bool:
        """True if every pyramid card of these ranks still has a possible partner: one
        in the bag, or a pyramid card neither lying on it nor under it."""
        places_of, cone = self.places_of, self.cone
        for value in ranks:
            left = pyramid & places_of[value]
            partner = PAIR_SUM - value
            if not left or bag >> (COUNT_BITS * (partner - 1)) & 7:
                continue
            partners = pyramid & places_of[partner]
            while left:
                low = left & -left
                if not partners & ~cone[low.bit_length() - 1]:
                    return False
                left ^= low
        return True

    def expand(self, key: int) -> list[int]:
        """The relaxed positions one removal away, two pyramid cards first."""
        pyramid = key & PYRAMID_BITS
        bag = key >> PLACES
        free = self.free(pyramid)
        place_rank = self.place_rank
        for place in free:
            if place_rank[place] == KING:
                return [key ^ (1 << place)]
        pairs: list[int] = []
        from_bag: list[int] = []
        count = len(free)
        for first in range(count):
            one = free[first]
            value = place_rank[one]
            wanted = PAIR_SUM - value
            for second in range(first + 1, count):
                other = free[second]
                if place_rank[other] == wanted:
                    left = pyramid ^ (1 << one) ^ (1 << other)
                    if self.partners_left(left, bag, (value, wanted)):
                        pairs.append(key ^ (1 << one) ^ (1 << other))
            shift = COUNT_BITS * (wanted - 1)
            if bag >> shift & 7:
                left = pyramid ^ (1 << one)
                taken = bag - (1 << shift)
                if self.partners_left(left, taken, (value, wanted)):
                    from_bag.append(left | taken << PLACES)
        return pairs + from_bag
