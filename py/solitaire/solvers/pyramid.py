"""A solver for Pyramid: an exhaustive depth-first search with a transposition table.

The search (``covering_search.DepthFirstSearch``) walks the positions
reachable from the given one, best move first, until one clears the
pyramid (``winnable``, with the line that does it), every position has been
searched (``unwinnable``) or the node budget runs out (``unknown``). It sees
every card, as in open mode.

Compact state. The stock and the waste together keep one fixed order: the
*talon*, the waste from its bottom card up and then the stock from its top
card down. Drawing moves a boundary along the talon, turning the waste over
moves it back to the start (the order is unchanged, as the rules say), and
removing the waste top takes the card before the boundary out of it. So a
position is the int key::

    pyramid mask (28 bits: places still holding a card)
    | talon mask << 28 (one bit per talon card still there)
    | boundary << (28 + T) (talon cards before it are the waste; normalised to
                            just after the waste top, 0 when the waste is empty)
    | redeals << (28 + T + 6)

with T the talon's length. The discard pile and the score do not matter for
winning, so they are left out; the waste top is the talon card just before
the boundary. The game is won when the low 28 bits are clear.

Moves and their order. A free King (in the pyramid or on the waste) is
removed at once and nothing else is tried: a King pairs with nothing, so
removing it can only free cards. Otherwise the children are: pairs of two
free pyramid cards, then pairs of a free pyramid card with the waste top
(each group ordered by how many cards the removal uncovers, most first, then
lower rows first), then the draw, then turning the waste over. Removing cards
is tried before drawing so that easy wins are found at once.

Pruning (sound, so verdicts stay exact). A pyramid card must leave in a pair
whose two cards are free together, so its partner can be neither a card it
covers nor a card that covers it (directly or through other cards). After a
removal, every pyramid card of the two ranks involved is checked to still
have a possible partner: a pyramid card of the partner rank outside its
"cone", or any talon card of that rank. A child that fails is dead and is
not searched. The start position gets the same check for every rank.

Exactness: every legal move except the King removals is searched, and the
King removals are safe (any line from the position with the King still there
can be played after removing it first, the King itself never being needed);
the pruning removes only positions with a card that cannot ever be removed;
the positions form an acyclic graph, so the transposition table holds only
positions already proven lost. ``winnable`` comes with the line of engine
moves that the search followed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import KING, rank
from ..game import Move
from ..games.pyramid import COVERING, DISCARD, MAX_REDEALS, PAIR_SUM, PLACES, PYRAMID, PyramidPosition
from ..solver import Search, Solver
from .covering_search import Children, DepthFirstSearch

PYRAMID_BITS = (1 << PLACES) - 1
WASTE = PLACES  # place number of the waste top in a step
DRAW = -1  # the step of a draw; a redeal of n waste cards is the step -2 - n
STEP_BASE = 64  # a removal step is first * STEP_BASE + second (second = PLACES + 1: the discard)
TO_DISCARD = PLACES + 1


def covering_closure() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For each place, the masks of the places lying on it (directly or not) and
    of the places lying under it (directly or not)."""
    above = [0] * PLACES  # places covering this one
    for index in range(PLACES - 1, -1, -1):
        for cover in COVERING[index]:
            above[index] |= (1 << cover) | above[cover]
    below = [0] * PLACES
    for index in range(PLACES):
        for other in range(PLACES):
            if above[other] >> index & 1:
                below[index] |= 1 << other
    return tuple(above), tuple(below)


ABOVE, BELOW = covering_closure()
CONE = tuple(ABOVE[index] | BELOW[index] | (1 << index) for index in range(PLACES))  # cards it can never pair with
# The places each place covers (that may become free when it goes).
UNDER = tuple(tuple(other for other in range(PLACES) if index in COVERING[other]) for index in range(PLACES))


class PyramidSolver(Solver):
    """Exhaustive search for Pyramid (three passes, waste top free, pairs making 13)."""

    default_budget = 200_000
    daily_budget = 20_000

    def start(self, position: Any, budget: int) -> Search:
        return PyramidSearch(position, budget).search


class PyramidSearch:
    """The tables of one search: the cards where they lie, and the move generator."""

    def __init__(self, position: PyramidPosition, budget: int) -> None:
        self.place_rank = tuple(0 if card is None else rank(card) for card in position.pyramid)
        self.talon = position.waste + position.stock[::-1]
        self.talon_rank = tuple(rank(card) for card in self.talon)
        size = len(self.talon)
        self.talon_shift = PLACES
        self.boundary_shift = PLACES + size
        self.redeal_shift = self.boundary_shift + 6
        self.talon_bits = (1 << size) - 1
        # Per rank (1..13): the places and the talon positions holding a card of that rank.
        self.places_of = [0] * 14
        for index, value in enumerate(self.place_rank):
            if value:
                self.places_of[value] |= 1 << index
        self.talon_of = [0] * 14
        for index, value in enumerate(self.talon_rank):
            self.talon_of[value] |= 1 << index
        self.free_memo: dict[int, tuple[int, ...]] = {}
        pyramid = sum(1 << index for index, card in enumerate(position.pyramid) if card is not None)
        root = pyramid | self.talon_bits << PLACES | len(position.waste) << self.boundary_shift | position.redeals << self.redeal_shift
        expand = self.expand
        if pyramid and not self.partners_left(pyramid, self.talon_bits, range(1, KING)):
            expand = self.nothing
        self.search = DepthFirstSearch(root, budget, PYRAMID_BITS, expand, self.line)

    @staticmethod
    def nothing(key: int) -> Children:
        """The children of a dead position: none."""
        return []

    def free(self, pyramid: int) -> tuple[int, ...]:
        """The free places of a pyramid mask (memoised: few masks recur a lot)."""
        found = self.free_memo.get(pyramid)
        if found is None:
            found = tuple(
                index
                for index in range(PLACES)
                if pyramid >> index & 1 and not any(pyramid >> cover & 1 for cover in COVERING[index])
            )
            self.free_memo[pyramid] = found
        return found

    def partners_left(self, pyramid: int, talon: int, ranks: Sequence[int]) -> bool:
        """True if every pyramid card of these ranks still has a card it could pair with."""
        places_of, talon_of = self.places_of, self.talon_of
        for value in ranks:
            partner = PAIR_SUM - value
            left = pyramid & places_of[value]
            if not left:
                continue
            if talon & talon_of[partner]:
                continue
            partners = pyramid & places_of[partner]
            while left:
                low = left & -left
                if not partners & ~CONE[low.bit_length() - 1]:
                    return False
                left ^= low
        return True

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
        pyramid = key & PYRAMID_BITS
        talon = key >> PLACES & self.talon_bits
        boundary = key >> self.boundary_shift & 63
        redeals = key >> self.redeal_shift
        free = self.free(pyramid)
        place_rank = self.place_rank
        rest = key ^ pyramid  # the talon, boundary and redeals fields
        for place in free:
            if place_rank[place] == KING:
                return [(place * STEP_BASE + TO_DISCARD, key ^ (1 << place))]
        top_rank = 0
        if boundary:
            top = boundary - 1
            top_rank = self.talon_rank[top]
            # Taking the waste top away: the new boundary follows the card under it.
            after = talon ^ (1 << top)
            talon_rest = (
                after << PLACES
                | (after & ((1 << top) - 1)).bit_length() << self.boundary_shift
                | redeals << self.redeal_shift
            )
            if top_rank == KING:
                return [(WASTE * STEP_BASE + TO_DISCARD, pyramid | talon_rest)]
        ranked: list[tuple[int, int, int]] = []
        count = len(free)
        for first in range(count):
            one = free[first]
            wanted = PAIR_SUM - place_rank[one]
            for second in range(first + 1, count):
                other = free[second]
                if place_rank[other] == wanted:
                    removed = (1 << one) | (1 << other)
                    left = pyramid ^ removed
                    if self.partners_left(left, talon, (wanted, PAIR_SUM - wanted)):
                        gain = 2 * self.uncovered(pyramid, removed) + 2
                        ranked.append((gain, one * STEP_BASE + other, left | rest))
            if place_rank[one] == PAIR_SUM - top_rank:
                left = pyramid ^ (1 << one)
                if self.partners_left(left, talon ^ (1 << (boundary - 1)), (top_rank, wanted)):
                    gain = 2 * self.uncovered(pyramid, 1 << one) + 1
                    ranked.append((gain, WASTE * STEP_BASE + one, left | talon_rest))
        if len(ranked) > 1:
            ranked.sort(key=lambda item: (-item[0], -(item[1] % STEP_BASE)))
        children: Children = [(step, child) for _, step, child in ranked]
        stock = talon >> boundary
        if stock:
            turned = boundary + (stock & -stock).bit_length()  # just after the card turned
            children.append((DRAW, pyramid | talon << PLACES | turned << self.boundary_shift | redeals << self.redeal_shift))
        elif boundary and redeals < MAX_REDEALS:
            children.append((-2 - talon.bit_count(), pyramid | talon << PLACES | (redeals + 1) << self.redeal_shift))
        return children

    @staticmethod
    def line(steps: Sequence[int]) -> tuple[Move, ...]:
        """The engine's moves for the search's steps."""
        moves = []
        for step in steps:
            if step == DRAW:
                moves.append(Move("stock", "waste"))
            elif step < DRAW:
                moves.append(Move("waste", "stock", -2 - step))
            else:
                first, second = divmod(step, STEP_BASE)
                source = "waste" if first == WASTE else PYRAMID[first]
                target = DISCARD if second == TO_DISCARD else PYRAMID[second]
                moves.append(Move(source, target))
        return tuple(moves)
