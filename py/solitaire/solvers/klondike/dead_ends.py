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

from .encoding import BIT, FACE_DOWN, HIGHEST_FIRST, KING, LOWER, OTHER_COLOUR, PARENT_BITS, RANK, SUIT, Node
from .pruning import Pruning


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
        self.facts_cache: dict[bytes, tuple[int, tuple[tuple[int, int, int], ...]]] = {}
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

    def frozen(self, columns: tuple[bytes, ...]) -> bool:
        """True if some face-down cards can never be turned, so the game is lost.

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
            return known or self.stuck(columns)
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
        return result or self.stuck(columns)

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

    def column_facts(self, column: bytes) -> tuple[int, tuple[tuple[int, int, int], ...]]:
        """For ``stuck`` (one deck): the column's cards as bits, and per card lying on
        another: its index, the card, the bits of the cards it locks."""
        found = self.facts_cache.get(column)
        if found is None:
            cards = 0
            facts = []
            for j, card in enumerate(column):
                cards |= BIT[card % FACE_DOWN]
                if j and card < FACE_DOWN:
                    locks = cards & ~BIT[card] if column[j - 1] >= FACE_DOWN else BIT[column[j - 1]]
                    facts.append((j, card, locks))
            found = cards, tuple(facts)
            if len(self.facts_cache) > 200_000:
                self.facts_cache.clear()
            self.facts_cache[column] = found
        return found

    def lost(self, node: Node) -> bool:
        """True if the node is known lost without a search: frozen or stuck columns, or
        (draw three, unlimited passes) cards that the talon's order keeps in it."""
        return self.frozen(node[0]) or self.held_in_talon(node)

    def held_in_talon(self, node: Node) -> bool:
        """The talon's part of ``lost``: the stuck test with the talon's cards and order."""
        if not self.talon_order:
            return False
        last_pass = self.max_redeals is not None and node[4] >= self.max_redeals
        return self.stuck_one_deck(node[0], node[2], node[3], last_pass)

    def stuck_one_deck(self, columns: tuple[bytes, ...], talon: bytes | None = None, pointer: int = 0, last_pass: bool = False) -> bool:
        """``stuck`` with the cards as bits (one deck), Kings included: a King lying on
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
        stays out of every column top and away from home."""
        in_columns = 0
        alive: dict[tuple[int, int], tuple[int, int]] = {}
        # (column, bottom card, its bit if face down) of the columns that might empty
        bottoms: list[tuple[int, int, int]] = []
        empty = False
        for i, column in enumerate(columns):
            if not column:
                empty = True
                continue
            cards, facts = self.column_facts(column)
            in_columns |= cards
            for j, card, locks in facts:
                alive[(i, j)] = (card, locks)
            bottom = column[0] % FACE_DOWN
            bottoms.append((i, bottom, BIT[bottom] if column[0] >= FACE_DOWN else 0))
        # The cards in the talon or home, highest first: each can be a top once a parent can.
        outside = [card for card in HIGHEST_FIRST if not in_columns & BIT[card]]
        # The talon's cards still in the set, as bits (none unless the talon is given).
        held = 0
        if talon is not None:
            for card in talon:
                held |= BIT[card]
        changed = True
        while changed and (alive or held):
            changed = False
            locked = held
            for _, locks in alive.values():
                locked |= locks
            kings_top = True
            while True:
                can_top = in_columns & ~locked
                for card in outside:
                    if held & BIT[card]:
                        continue
                    if kings_top if RANK[card] == KING else can_top & PARENT_BITS[card]:
                        can_top |= BIT[card]
                # A face-down bottom card stays while it is locked; a face-up one can
                # leave with the cards on it, or home once they have left.
                emptiable = empty or any(
                    not locked & down and (can_top & PARENT_BITS[card] or not locked & LOWER[card] and (i, 1) not in alive)
                    for i, card, down in bottoms
                )
                if emptiable or not kings_top:
                    break
                kings_top = False
            for place, (card, _) in list(alive.items()):
                if (emptiable if RANK[card] == KING else can_top & PARENT_BITS[card]) or (
                    not locked & LOWER[card] and (place[0], place[1] + 1) not in alive
                ):
                    del alive[place]
                    changed = True
            released = 0
            if held and talon is not None:
                released = self.talon_released(talon, pointer, held, locked, can_top, emptiable, last_pass)
            if released:
                held &= ~released
                changed = True
        return bool(alive) or bool(held)

    def talon_released(
        self, talon: bytes, pointer: int, held: int, locked: int, can_top: int, emptiable: bool, last_pass: bool = False
    ) -> int:
        """For ``stuck_one_deck``: the held talon cards that can reach the top of the
        waste and leave it (home, or onto a card that can be a top), as bits.

        In the last pass a card reaches the top only under the first top at or above
        it (the waste's top now, or a draw's from the pointer on) once the cards
        between have left: so only if none of them is held."""
        draw = self.draw
        size = len(talon)

        def can_leave(card: int) -> bool:
            """Home, or onto a card that can be a top (a King: into an empty column)."""
            return bool((emptiable if RANK[card] == KING else can_top & PARENT_BITS[card]) or not locked & LOWER[card])

        released = 0
        if last_pass:
            # From each top down (the waste's, then each draw's), a card is reachable
            # until the first held card above it.
            tops = [pointer - 1] + list(range(min(pointer + draw, size) - 1, size, draw))
            if tops[-1] != size - 1:
                tops.append(size - 1)
            floor = 0
            for top in tops:
                blocked = False
                for index in range(top, floor - 1, -1):
                    card = talon[index]
                    if held & BIT[card]:
                        if not blocked and can_leave(card):
                            released |= BIT[card]
                        blocked = True
                floor = top + 1
            return released
        first_free = size
        for index, card in enumerate(talon):
            if not held & BIT[card]:
                first_free = index
                break
        for index, card in enumerate(talon):
            bit = BIT[card]
            if not held & bit:
                continue
            q = index + 1
            reachable = (
                index >= first_free
                or q % draw == 0
                or q == size
                or q == first_free
                or (pointer and q >= pointer and (q - pointer) % draw == 0)
            )
            if reachable and can_leave(card):
                released |= bit
        return released

    # -- safe moves -------------------------------------------------------
