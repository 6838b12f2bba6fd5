"""Positions known lost without a search: frozen columns and stuck cards.

Frozen columns: the face-up card lying on a column's face-down cards must leave
before they turn (onto a card one higher of the other colour, or home after all
lower cards of its suit); if, for a set of columns, every way out of each is buried
face down in the set, none can go first and the position is lost (not expanded).
Stuck cards (the same argument for every card lying on another): a card is locked
while a card lying on it has not left, and a card in the talon or home becomes a
column top only by being put on one a rank higher; if for a set of cards every way
out of each needs a card that one of the set locks, none can leave first, and the
position is lost (see ``stuck``). Draw three with unlimited passes adds the talon's
cards to that set: before any of the set leaves, the talon up to its first card not
in the set is as dealt, so only some of those cards can ever reach the top of the
waste (see ``stuck_one_deck``), and a talon card that cannot leave the talon is
never home.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from .encoding import BIT, FACE_DOWN, KING, OTHER_COLOUR, RANK, SUIT, Node
from .pruning import Pruning

# Cards as bits: card ``suit * 13 + rank - 1``; hearts and diamonds (suits 1 and 2) red.
ALL_CARDS = (1 << 52) - 1
SUIT_BITS = tuple(((1 << 13) - 1) << (13 * suit) for suit in range(4))
KINGS = sum(BIT[suit * 13 + 12] for suit in range(4))
ONE_SUIT = (1 << 13) - 1


def fitting(column_tops: int, free_outside: int, kings_top: bool) -> int:
    """For ``stuck_one_deck``: the cards one of whose parents (one rank higher, the other
    colour) can be a column top, as bits. A top is a column card not locked, or a card
    out of the columns and not held (home or in the talon) put on a top, a King in an
    empty column if ``kings_top``: so the tops grow rank by rank, down to a fixed point."""
    tops = column_tops | (free_outside & KINGS if kings_top else 0)
    while True:
        # Per rank (bit rank - 1), whether a red or a black card of it can be a top.
        red = ((tops >> 13) | (tops >> 26)) & ONE_SUIT
        black = (tops | (tops >> 39)) & ONE_SUIT
        fits = (red >> 1) * (1 | 1 << 39) | (black >> 1) * (1 << 13 | 1 << 26)
        grown = tops | (free_outside & fits)
        if grown == tops:
            return fits
        tops = grown


def homeable(locked: int) -> int:
    """For ``stuck_one_deck``: the cards none of whose lower cards of the suit is locked."""
    home = 0
    for suit_bits in SUIT_BITS:
        low = locked & suit_bits
        # Up to the suit's lowest locked card, that card included.
        home |= suit_bits if not low else ((low & -low) << 1) - 1 & suit_bits
    return home


# See DeadEnds.column_shape.
ColumnShape = tuple[int, tuple[int, ...], tuple[int, ...], bool, int, int]


@dataclass(frozen=True, slots=True)
class Reach:
    """A talon's cards that draws bring to the top, and per index the cards from there on."""

    reached: int
    from_index: tuple[int, ...]


# See DeadEnds.talon_shape. A Union, not ``|``: tools/on_pypy.py runs this as Python 3.9.
TalonShape = Union[tuple[tuple[int, ...], ...], Reach]  # noqa: UP007


class DeadEnds:
    """The tests, with what they remember of columns seen before."""

    def __init__(self, pruning: Pruning) -> None:
        self.enabled = pruning.dead_ends
        self.decks = pruning.decks
        self.draw = pruning.draw
        self.talon_order = pruning.talon_order
        self.max_redeals = pruning.max_redeals
        self.prefix_cache: dict[bytes, bytes] = {}
        self.frozen_cache: dict[tuple[bytes, ...], bool] = {}
        self.shape_cache: dict[bytes, ColumnShape] = {}
        self.talon_cache: dict[tuple[bytes, int, bool], TalonShape] = {}
        self.stuck_cache: dict[tuple[bytes, ...], bool] = {}

    def prefix(self, column: bytes) -> bytes:
        """The face-down cards of a column and the face-up card on them (empty if none is face down)."""
        found = self.prefix_cache.get(column)
        if found is None:
            down = 0
            while down < len(column) and column[down] >= FACE_DOWN:
                down += 1
            found = column[: down + 1] if down else b""
            if len(self.prefix_cache) > 100_000:
                self.prefix_cache.clear()
            self.prefix_cache[column] = found
        return found

    def frozen(self, columns: tuple[bytes, ...], then_stuck: bool = True) -> bool:
        """True if some face-down cards can never be turned, so the game is lost (or, if
        ``then_stuck``, some card can never leave the card it lies on: ``stuck``).

        The face-up card ``b`` lying on a column's face-down cards must leave
        before they turn: onto a card one higher of the other colour, or home
        after every lower card of its suit. Take the columns whose ``b`` is not
        a King (a King needs only an empty column) and drop, again and again,
        each whose ``b`` has a way out not buried in the columns left. If some
        are left, none of their ``b`` can be the first to leave: lost.
        """
        if not self.enabled:
            return False
        key = tuple(self.prefix(column) for column in columns)
        known = self.frozen_cache.get(key)
        if known is not None:
            return known or then_stuck and self.stuck(columns)
        left = [p for p in key if p and RANK[p[-1]] != KING]
        decks = self.decks
        changed = True
        while changed and left:
            changed = False
            buried = b"".join(p[:-1] for p in left)
            for prefix in left:
                b = prefix[-1]
                rank = RANK[b]
                if all(buried.count(suit * 13 + rank + FACE_DOWN) >= decks for suit in OTHER_COLOUR[SUIT[b]]) and any(
                    buried.count(b - k + FACE_DOWN) >= decks for k in range(1, rank)
                ):
                    continue
                left.remove(prefix)
                changed = True
                break
        result = bool(left)
        if len(self.frozen_cache) > 100_000:
            self.frozen_cache.clear()
        self.frozen_cache[key] = result
        return result or then_stuck and self.stuck(columns)

    def stuck(self, columns: tuple[bytes, ...]) -> bool:
        """True if some card can never leave the card it lies on, so the game is lost.

        Every card that lies on another card must leave it one day (Kings: see
        ``stuck_one_deck``; with two decks they are left out):
        home (uncovered, after every lower card of its suit) or onto a card one
        higher of the other colour that is then a column top. A card is locked
        while a card lying on it has not left (a face-down card: while the
        face-up card on its column's face-down cards has not left). A card not
        in a column (stock, waste or home) becomes a column top only by being
        put on a column top one higher (or, a King, in an empty column). Start
        with every card that lies on another as "stuck" and drop, again and
        again, each with a way out that the cards still stuck do not lock. If
        some are left, none of them can be the first to leave: that move would
        need a card which only one of them leaving frees. This generalises the
        frozen-column test to chains like a Nine whose free Ten is covered for
        good by the other Nine, which needs the Ten buried under the first.
        """
        # The answer depends on the columns only (the other cards are in the talon or
        # home, alike here), and many positions differ only there.
        key = tuple(sorted(columns))
        known = self.stuck_cache.get(key)
        if known is None:
            known = self.stuck_one_deck(columns) if self.decks == 1 else self.stuck_two_decks(columns)
            if len(self.stuck_cache) > 200_000:
                self.stuck_cache.clear()
            self.stuck_cache[key] = known
        return known

    def stuck_two_decks(self, columns: tuple[bytes, ...]) -> bool:
        """``stuck`` with cards counted (two decks; Kings left out)."""
        decks = self.decks
        in_columns = [0] * 52
        facts: dict[tuple[int, int], tuple[int, int, bytes]] = {}
        for i, column in enumerate(columns):
            for j, card in enumerate(column):
                in_columns[card % FACE_DOWN] += 1
                if j and card < FACE_DOWN and RANK[card] != KING:
                    under = column[j - 1]
                    facts[(i, j)] = (card, under, column[:j] if under >= FACE_DOWN else bytes((under,)))
        changed = True
        while changed and facts:
            changed = False
            locked = [0] * 52
            for _, _, locks in facts.values():
                for card in locks:
                    locked[card % FACE_DOWN] += 1
            known: dict[int, bool] = {}

            def can_top(card: int, known: dict[int, bool] = known, locked: list[int] = locked) -> bool:
                """Whether ``card`` can ever be a column top while the stuck cards stay
                (this pass's tables bound as defaults: the function is made anew each pass)."""
                found = known.get(card)
                if found is None:
                    if in_columns[card] > locked[card]:
                        found = True
                    elif in_columns[card] >= decks:
                        found = False
                    else:
                        rank = RANK[card]
                        found = rank == KING or any(can_top(suit * 13 + rank) for suit in OTHER_COLOUR[SUIT[card]])
                    known[card] = found
                return found

            for (i, j), (card, _, _) in list(facts.items()):
                rank = RANK[card]
                home = (i, j + 1) not in facts and all(locked[card - k] < decks for k in range(1, rank))
                if home or any(can_top(suit * 13 + rank) for suit in OTHER_COLOUR[SUIT[card]]):
                    del facts[(i, j)]
                    changed = True
        return bool(facts)

    def column_shape(self, column: bytes) -> ColumnShape:
        """For ``stuck_one_deck``: the column's cards as bits; per card lying on another, bottom
        up, its bit and the bits of the cards it locks; whether the second card is one of
        those; the bottom card's bit, and that bit again if it is face down (else 0)."""
        found = self.shape_cache.get(column)
        if found is None:
            cards = 0
            lying: list[int] = []
            locks: list[int] = []
            for j, card in enumerate(column):
                cards |= BIT[card % FACE_DOWN]
                if j and card < FACE_DOWN:
                    lying.append(BIT[card])
                    locks.append(cards & ~BIT[card] if column[j - 1] >= FACE_DOWN else BIT[column[j - 1]])
            bottom = BIT[column[0] % FACE_DOWN]
            second_lies = len(column) > 1 and column[1] < FACE_DOWN
            found = (cards, tuple(lying), tuple(locks), second_lies, bottom, bottom if column[0] >= FACE_DOWN else 0)
            if len(self.shape_cache) > 200_000:
                self.shape_cache.clear()
            self.shape_cache[column] = found
        return found

    def lost(self, node: Node) -> bool:
        """True if the node is known lost without a search: frozen or stuck columns, or
        (draw three, limited passes) cards that the talon's order keeps in it."""
        if self.talon_order:
            # The talon's stuck test finds whatever the columns' alone would (its held cards
            # only lock more), so that one is not run first.
            return self.frozen(node[0], then_stuck=False) or self.held_in_talon(node)
        return self.frozen(node[0])

    def never_free(self, node: Node) -> int:
        """For a player's "why": the cards of a one-deck node that the stuck-card test finds
        can never leave (with the talon's order where the search uses it), as bits."""
        if not self.enabled or self.decks != 1:
            return 0
        if self.talon_order:
            return self.stuck_cards(node[0], node[2], node[3], self.last_pass(node))
        return self.stuck_cards(node[0])

    def last_pass(self, node: Node) -> bool:
        """No redeal is left: the waste is a pile for the rest of the game."""
        return self.max_redeals is not None and node[4] >= self.max_redeals

    def held_in_talon(self, node: Node) -> bool:
        """The talon's part of ``lost``: the stuck test with the talon's cards and order."""
        if not self.talon_order:
            return False
        return self.stuck_one_deck(node[0], node[2], node[3], self.last_pass(node))

    def stuck_one_deck(self, columns: tuple[bytes, ...], talon: bytes | None = None, pointer: int = 0, last_pass: bool = False) -> bool:
        """``stuck`` with the cards as bits (one deck): see ``stuck_cards``."""
        return self.stuck_cards(columns, talon, pointer, last_pass) != 0

    def stuck_cards(self, columns: tuple[bytes, ...], talon: bytes | None = None, pointer: int = 0, last_pass: bool = False) -> int:
        """The cards that can never leave (as bits; 0 if none), with one deck, Kings included: a King lying on
        face-down cards leaves only home or for an empty column, and a column empties
        only when its bottom card leaves: home, uncovered, or (not a King) onto a card
        that can be a top, with the cards on it.

        Given the ``talon`` (draw three, or limited passes), its cards are in the set
        too: one leaves only from the top of the waste, home or onto a card that can be
        a top. While none of the set has left, the talon before its first card not in
        the set (index ``m``) is as dealt, so of those cards only the ones that draws
        bring to the top are ever there: every third after a redeal, every third from
        the pointer in this pass, the last card, and the one before index ``m`` (once
        the card at ``m`` is taken). In the ``last_pass`` (no redeal left) the waste is
        a pile: a card comes to the top only once every card above it has left, so
        none of the set may lie above it (see ``talon_released``). A card of the set
        stays out of every column top and away from home.

        The cards leave the set in rounds, each on the state the round before left
        (every test is monotone: a card that could leave still can once more have
        left, so the order does not change the answer, only how many rounds it takes).
        """
        in_columns = 0
        lying: list[int] = []  # bits of the cards lying on another
        locks: list[int] = []  # what each of them locks
        on: list[int] = []  # the index of the card lying on each, -1 for none
        # (bit of a column's bottom card, that bit if face down else 0, index of the card on it or -1)
        bottoms: list[tuple[int, int, int]] = []
        empty = False
        for column in columns:
            if not column:
                empty = True
                continue
            cards, column_lying, column_locks, second_lies, bottom, down = self.column_shape(column)
            in_columns |= cards
            base = len(lying)
            if column_lying:
                lying.extend(column_lying)
                locks.extend(column_locks)
                on.extend(range(base + 1, len(lying)))
                on.append(-1)
            bottoms.append((bottom, down, base if second_lies else -1))
        # left[-1] stands for "no card": a top card has nothing on it to wait for.
        left = [False] * len(lying) + [True]
        stuck = list(range(len(lying) - 1, -1, -1))  # top cards first: a round clears a whole run home
        outside = ALL_CARDS & ~in_columns
        held = 0
        if talon is not None:
            for card in talon:
                held |= BIT[card]
        locked_by_stuck = 0
        for lock in locks:
            locked_by_stuck |= lock
        changed = True
        while changed and (stuck or held):
            changed = False
            locked = held | locked_by_stuck
            column_tops = in_columns & ~locked
            free_outside = outside & ~held
            home = homeable(locked)
            fits = fitting(column_tops, free_outside, True)
            # A column can empty if its bottom card can leave (home once nothing lies on it).
            emptiable = empty
            if not emptiable:
                for bottom, down, first in bottoms:
                    if not locked & down and (fits & bottom or home & bottom and left[first]):
                        emptiable = True
                        break
                else:
                    fits = fitting(column_tops, free_outside, False)
            moves = fits | KINGS if emptiable else fits
            locked_by_stuck = 0
            still: list[int] = []
            for x in stuck:
                bit = lying[x]
                if moves & bit or home & bit and left[on[x]]:
                    left[x] = True
                    changed = True
                else:
                    still.append(x)
                    locked_by_stuck |= locks[x]
            stuck = still
            if held and talon is not None:
                released = self.talon_released(talon, pointer, held, moves | home, last_pass)
                if released:
                    held &= ~released
                    changed = True
        left_over = held
        for x in stuck:
            left_over |= lying[x]
        return left_over

    def talon_released(self, talon: bytes, pointer: int, held: int, leaving: int, last_pass: bool = False) -> int:
        """For ``stuck_one_deck``: the held talon cards that can reach the top of the
        waste and leave it (``leaving``: home, or onto a card that can be a top), as bits.

        In the last pass a card reaches the top only under the first top at or above
        it (the waste's top now, or a draw's from the pointer on) once the cards
        between have left: so only if none of them is held. Otherwise a card is
        reachable if draws bring it to the top (``talon_shape``) or it lies at or above
        the card before the first one not held."""
        shape = self.talon_shape(talon, pointer, last_pass)
        released = 0
        if isinstance(shape, tuple):
            # Down each stretch below a top: a card that leaves uncovers the next.
            for stretch in shape:
                for bit in stretch:
                    if held & bit:
                        if not leaving & bit:
                            break
                        released |= bit
            return released
        size = len(talon)
        while True:
            waiting = held & ~released
            first_free = 0
            while first_free < size and waiting & BIT[talon[first_free]]:
                first_free += 1
            more = waiting & (shape.reached | shape.from_index[max(first_free - 1, 0)]) & leaving
            if not more:
                return released
            released |= more

    def talon_shape(self, talon: bytes, pointer: int, last_pass: bool) -> TalonShape:
        """For ``talon_released``, remembered per talon and pointer. In the last pass: per top
        (the waste's, then each draw's from the pointer on), the bits of the cards from it
        down to the top before, top first. Otherwise the cards that draws bring to the top
        (every third after a redeal, every third from the pointer, the last) and, per
        index, the cards from there to the end."""
        key = (talon, pointer, last_pass)
        found = self.talon_cache.get(key)
        if found is None:
            draw = self.draw
            size = len(talon)
            if last_pass:
                tops = [pointer - 1, *range(min(pointer + draw, size) - 1, size, draw)]
                if tops[-1] != size - 1:
                    tops.append(size - 1)
                stretches = []
                floor = 0
                for top in tops:
                    if top >= floor:
                        stretches.append(tuple(BIT[talon[index]] for index in range(top, floor - 1, -1)))
                    floor = top + 1
                found = tuple(stretches)
            else:
                reached = 0
                for index, card in enumerate(talon):
                    q = index + 1
                    if q % draw == 0 or q == size or (pointer and q >= pointer and (q - pointer) % draw == 0):
                        reached |= BIT[card]
                from_index = [0] * (size + 1)
                for index in range(size - 1, -1, -1):
                    from_index[index] = from_index[index + 1] | BIT[talon[index]]
                found = Reach(reached, tuple(from_index))
            if len(self.talon_cache) > 100_000:
                self.talon_cache.clear()
            self.talon_cache[key] = found
        return found

    # -- safe moves -------------------------------------------------------
