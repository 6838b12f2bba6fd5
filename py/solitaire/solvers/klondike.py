"""A full-information solver for Klondike and Double Klondike.

Search
    A portfolio of searches of the same position takes turns of 256 nodes,
    sharing the budget: a depth-first search (explicit stack; finds easy wins
    at once, and proves) and a best-first search (fewest face-down cards,
    then fewest cards not home, first) of a smaller, inexact move set (a run
    is split only to put the card it uncovers home; finds the wins that
    depth-first buries under a wrong early choice, proves nothing). Where the
    talon is not free (draw three, limited passes) a third member, with a
    ninth of the budget, is the draw-one search with every talon card playable
    at any time: a relaxation that only proves (see exactness). Double
    Klondike's portfolio differs (see exactness). Each keeps a transposition table: a position seen
    before is on the current path or was (or will be) searched from there, so
    skipping it loses nothing, and an exact search that runs out of positions
    has proved the game lost. The first win ends the search; its line is turned
    into the engine's own moves by replaying it through ``rules.apply``, which
    also checks it. Everything is explicit data, so ``run(nodes)`` stops after
    any node and resumes exactly there; turns depend only on nodes spent.

Representation
    A node is ``(columns, foundations, talon, pointer, redeals)``: each column
    a ``bytes`` of cards bottom first (a face-down card is its card + 64, and
    cards of the second deck are folded onto the first, as the two copies play
    alike); foundations as heights per suit (two decks: a sorted pair of
    heights per suit); the talon as one ``bytes`` in drawing order (the waste
    bottom to top, then the stock top to bottom) with ``pointer`` = the size
    of the waste. Column bytes are shared between nodes and cache their hash.

Stock moves ("K+" macro moves)
    Drawing only matters for the card it brings to the top of the waste, and
    draws commute with every other move, so the search never draws on its own:
    every card that some number of draws (and, where allowed, one redeal)
    brings to the top of the waste is playable directly, and the draws are
    prepended to its line. Draw three follows the groups of three exactly
    (the pointer moves by three, a redeal restarts it at 0). A second redeal of
    Klondike shows the same order again, so one redeal reaches everything;
    Double Klondike reshuffles each redeal (the permutation is read from
    ``rules.apply`` itself), so there a "turn the whole stock" move exists
    too, and its redeals are capped (see exactness).

State key (packed into one ``bytes``, see ``Context.key``)
    The columns sorted (column order does not matter), the talon,
    and the pointer only where it matters: with unlimited passes draw one
    reaches every talon card from every pointer (pointer left out), and draw
    three reaches the same cycle from any pointer that is a multiple of three
    or the end (those all become 0). The redeal count only where passes are
    limited (Vegas) or redeals reshuffle; foundation heights only for two
    decks (with one deck they follow from the cards still out).

Safe moves (played at once, the node has no other child)
    A card ``c`` of rank ``r`` on a column (or the top of the waste in draw
    one without reshuffles, or anywhere in the talon in draw one with
    unlimited passes) goes home when ``r <= 2``, or when every card of the
    other colour of rank ``r - 1`` and every card of rank ``r - 2`` or less
    (Aces excepted) are home. Foundation-to-column moves are allowed, so the
    classic "other colour within one" rule is not enough (a Five put home may
    be needed later as a base for a Four taken back to free a Three); with
    this rule every card that could ever be built on ``c`` is an Ace or a card
    that is home now, and a winning line that keeps ``c`` out can be copied
    move for move from the position with ``c`` home, skipping the moves of
    those cards (which only ever sit at the top of columns, above ``c``) and
    sending Aces home instead of onto them. So a winnable position stays
    winnable. Draw three never plays a talon card automatically (taking one
    out shifts the groups of three); nor does Double Klondike (it changes
    the next shuffle).

Other pruning (all exact)
    A foundation card is not taken back when it would be safe to put home at
    once (the position after it is no better). A King-led run that is the
    whole column never moves to an empty column (the same position), and
    only the first empty column is tried. Frozen columns: the face-up card
    lying on a column's face-down cards must leave before they turn (onto a
    card one higher of the other colour, or home after all lower cards of its
    suit); if, for a set of columns, every way out of each is buried face down
    in the set, none can go first and the position is lost (not expanded).
    Stuck cards (the same argument for every card lying on another): a card
    is locked while a card lying on it has not left, and a card in the talon
    or home becomes a column top only by being put on one a rank higher; if
    for a set of cards every way out of each needs a card that one of the set
    locks, none can leave first, and the position is lost (see ``stuck``).
    Draw three with unlimited passes adds the talon's cards to that set:
    before any of the set leaves, the talon up to its first card not in the
    set is as dealt, so only some of those cards can ever reach the top of the
    waste (see ``stuck_one_deck``), and a talon card that cannot leave the
    talon is never home; the depth-first search tests every position, the
    best-first one those it takes from its heap.
    Draw one with unlimited passes: any talon card can be played at any time,
    so playing one onto a column can wait until something is put on it; such
    plays come only as compound moves "talon card onto a column, then a run,
    a foundation card or another such talon card onto it" (a winning line
    reordered that way is no longer, so nothing is lost).
    Draw three with unlimited passes: the depth-first search skips a
    position whose columns and talon it has seen with a pointer that offers
    every top card this one offers (see ``Context.dominated``).
    One deck, draw three: a run move that leaves a face-up card on top, or
    empties a column, comes only as a compound with a following move onto, from
    or into that column (not the move putting the run back). A winning line
    can be reordered that way: the moves between the split and the first use
    of the column leave it alone, so the split can wait until just before that
    use (cards put on the run meanwhile go with it).
    One deck, draw three, unlimited passes: positions one move apart either
    way share their fate, so one stands for both. A column top that fits its
    foundation goes home at once when a take-back could put it where it was
    (it lies on a face-up card, or is a King alone). So a card comes back from
    the foundations only together with a move that puts a card on it or takes
    back the card below it in its suit (the latter not followed by that
    homing): a winning line can play any other move first, as it leaves the
    card and its foundation alone. A run lying on a face-up card whose twin
    (same rank and colour) is a column top is keyed as if it lay on the lower
    of the two (see ``runs_on_lower_twins``).

Move order (first tried first)
    moves that turn a face-down card (to the foundation or a whole run onto
    another column, the column with most face-down cards first), cards from
    the talon, other moves to the foundations, moves that empty a column,
    other run moves, foundation cards back to columns.

Exactness
    ``winnable`` comes with a line replayed through the engine. ``unwinnable``
    needs an exact search to run out of positions with no pruning but the
    exact kinds above (the tests check them against searches without them).
    A relaxed search proves too: every stock and waste card playable at any
    time (draw one, unlimited passes) allows at least every real line; when
    even that cannot win, the deal cannot. Double Klondike's shuffled redeals
    make its positions endless, so there the relaxed search is the only
    prover; its real searches cap the redeals they try and only win.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from heapq import heappop, heappush
from typing import Any

from ..game import IllegalMove, Move, Rules
from ..games.klondike import Klondike, KlondikePosition
from ..games.table import fits_on_foundation
from ..solver import Search, Solver, Verdict
from ..texts import Reason

# Budgets in nodes (positions expanded).
DAILY_BUDGET = 1_000
DEFAULT_BUDGET = 150_000
# Redeals the real search of a reshuffling game may try beyond those already made.
RESHUFFLE_REDEAL_CAP = 100

FACE_DOWN = 64
RANK = tuple(c % 13 + 1 for c in range(52))
SUIT = tuple(c // 13 for c in range(52))
RED = tuple(1 if c // 13 in (1, 2) else 0 for c in range(52))
# A card fits on a column whose top needs its code.
CODE = tuple(RANK[c] * 2 + RED[c] for c in range(52))
NEED = tuple((RANK[c] - 1) * 2 + 1 - RED[c] for c in range(52))
OTHER_COLOUR = ((1, 2), (0, 3), (0, 3), (1, 2))
BIT = tuple(1 << c for c in range(52))
# The lower cards of a card's suit, and the two cards it can lie on (none for a King), as bits.
LOWER = tuple(BIT[c] - BIT[c - c % 13] for c in range(52))
PARENT_BITS = tuple(0 if c % 13 == 12 else sum(BIT[suit * 13 + c % 13 + 1] for suit in OTHER_COLOUR[c // 13]) for c in range(52))
HIGHEST_FIRST = sorted(range(52), key=lambda c: -(c % 13))
SAME_COLOUR = (3, 2, 1, 0)
# The other card of the same rank and colour (one deck).
TWIN = tuple(SAME_COLOUR[c // 13] * 13 + c % 13 for c in range(52))
KING = 13

# Internal moves (tuples; the first item is the kind):
TO_HOME = 0  # (0, column)
RUN = 1  # (1, column, target column, count)
TALON = 2  # (2, q, clicks, redealt, target column or -1 for home, talon the q refers to)
BACK = 3  # (3, suit, rank, target column)
CYCLE = 4  # (4, clicks, new talon)
TALON_CARD = 5  # (5, card, target column or -1): draw one, unlimited passes: play that card
COMPOUND = 6  # (6, steps): steps played one after the other

Node = tuple[tuple[bytes, ...], tuple[int, ...], bytes, int, int]
Step = tuple[Any, ...]

WON, EXHAUSTED, GAVE_UP = 1, 2, 3
# Nodes per turn of a portfolio member.
TURN = 256


class Context:
    """What the search needs to know of the rules, as plain numbers."""

    def __init__(self, rules: Klondike, start: KlondikePosition, relaxed: bool = False, strict: bool = False, plain: bool = False) -> None:
        self.rules = rules
        # strict: split runs only to put the card uncovered home (may miss wins: a portfolio member that only wins)
        self.strict = strict
        # plain: no compound moves, no frozen test, only Aces and Twos safe (to check the pruning)
        self.plain = plain
        self.compounds = not plain
        self.strong_safe = not plain
        self.start = start
        self.columns = rules.columns
        self.decks = rules.decks
        self.relaxed = relaxed
        self.draw = 1 if relaxed else rules.draw
        self.max_redeals = None if relaxed else rules.max_redeals
        self.permutations: dict[tuple[int, int], tuple[int, ...]] = {}
        self.reshuffles = not relaxed and self.permutation(12, 0) != tuple(range(12))
        if self.reshuffles:
            self.max_redeals = (
                start.redeals + RESHUFFLE_REDEAL_CAP
                if self.max_redeals is None
                else min(self.max_redeals, start.redeals + RESHUFFLE_REDEAL_CAP)
            )
        self.unlimited = self.max_redeals is None
        # Draw one with unlimited passes: every talon card is reachable from any pointer.
        self.free_talon = self.draw == 1 and self.unlimited
        self.waste_top_safe = self.draw == 1 and not self.reshuffles
        self.pointer_in_key = not self.unlimited
        # Draw three, unlimited passes: the pointer's dominance (see ``dominated``) prunes too.
        self.pointer_dominance = self.draw > 1 and self.unlimited and not self.reshuffles and not plain
        # Draw three, unlimited passes, one deck: the talon's order in the stuck test (see ``lost``).
        self.talon_order = self.pointer_dominance and self.decks == 1
        # There too: a column top that fits its foundation goes home at once when it could
        # come back where it was (see ``close``), and positions whose runs lie on one or the
        # other card of a twin pair share their table entry (see ``runs_on_lower_twins``).
        self.home_reversible = self.talon_order
        self.redeals_in_key = not self.unlimited
        # Split and column-emptying run moves only together with their use (see
        # ``uses_after_split``): one deck, draw three, where the benchmark measured it
        # (the figures of the other games were taken without it).
        self.defer_splits = not plain and not strict and self.draw > 1 and self.decks == 1
        self.full = 52 * self.decks
        self.reach_cache: dict[tuple[bytes, int, int], list[tuple[int, int, int, int, bytes]]] = {}
        self.prefix_cache: dict[bytes, bytes] = {}
        self.runs_cache: dict[bytes, tuple[tuple[int, int, int, int, bool], ...]] = {}
        self.frozen_cache: dict[tuple[bytes, ...], bool] = {}
        self.facts_cache: dict[bytes, tuple[int, tuple[tuple[int, int, int], ...]]] = {}
        self.stuck_cache: dict[tuple[bytes, ...], bool] = {}
        # foundations -> the cards that fit on them and those safe to put home, as bits
        self.foundation_cache: dict[tuple[int, ...], tuple[int, int]] = {}

    def permutation(self, size: int, redeals: int) -> tuple[int, ...]:
        """Where a redeal puts the talon cards: new talon[i] = old talon[result[i]].

        Read from the engine (a waste of the cards 0..size-1 turned over), so a
        reshuffling game's own shuffle is followed exactly.
        """
        key = (size, redeals)
        if key not in self.permutations:
            fake = replace(self.start, stock=(), waste=tuple(range(size)), redeals=redeals)
            try:
                turned = self.rules.apply(fake, Move("waste", "stock", size))
                order = tuple(turned.stock[::-1])
            except IllegalMove:
                order = tuple(range(size))
            self.permutations[key] = order
        return self.permutations[key]

    def can_redeal(self, redeals: int) -> bool:
        return self.max_redeals is None or redeals < self.max_redeals

    def reach(self, talon: bytes, pointer: int, redeals: int) -> list[tuple[int, int, int, int, bytes]]:
        """Talon cards that draws (and a redeal) bring to the top of the waste:
        (card, q, clicks, redealt, talon) with the card at talon[q - 1]."""
        key = (talon, pointer, redeals)
        found = self.reach_cache.get(key)
        if found is not None:
            return found
        result: list[tuple[int, int, int, int, bytes]] = []
        size = len(talon)
        draw = self.draw
        seen: set[int] = set()
        if pointer > 0:
            result.append((talon[pointer - 1], pointer, 0, 0, talon))
            seen.add(pointer)
        q, clicks = pointer, 0
        while q < size:
            q = min(q + draw, size)
            clicks += 1
            result.append((talon[q - 1], q, clicks, 0, talon))
            seen.add(q)
        if size and self.can_redeal(redeals):
            clicks += 1
            after = talon
            if self.reshuffles:
                order = self.permutation(size, redeals)
                after = bytes(talon[i] for i in order)
                seen = set()
            q = 0
            while q < size:
                q = min(q + draw, size)
                clicks += 1
                if q not in seen:
                    result.append((after[q - 1], q, clicks, 1, after))
        if len(self.reach_cache) > 200_000:
            self.reach_cache.clear()
        self.reach_cache[key] = result
        return result

    # -- positions --------------------------------------------------------

    def node(self, position: KlondikePosition) -> Node:
        """The search's form of an engine position."""
        columns = tuple(
            bytes((c % 52) + (FACE_DOWN if i < hidden else 0) for i, c in enumerate(column))
            for column, hidden in zip(position.tableau, position.hidden)
        )
        heights = [0] * (4 * self.decks)
        per_suit: list[list[int]] = [[] for _ in range(4)]
        for foundation in position.foundations:
            if foundation:
                per_suit[SUIT[foundation[-1] % 52]].append(len(foundation))
        for suit, found in enumerate(per_suit):
            found += [0] * (self.decks - len(found))
            for k, height in enumerate(sorted(found)):
                heights[suit * self.decks + k] = height
        talon = bytes(c % 52 for c in position.waste + position.stock[::-1])
        redeals = position.redeals if (not self.unlimited) else 0
        return columns, tuple(heights), talon, len(position.waste), redeals

    def key(self, node: Node) -> bytes:
        """The node's entry in the transposition tables, as one ``bytes`` (a few
        times smaller than a tuple of the parts, so longer searches fit in memory)."""
        columns, found, talon, pointer, redeals = node
        draw = self.draw
        if self.pointer_in_key:
            tail = pointer.to_bytes(2, "little") + redeals.to_bytes(4, "little")
        elif draw > 1 and not (pointer % draw == 0 or pointer == len(talon)):
            tail = pointer.to_bytes(2, "little")
        else:
            tail = b"\0\0"
        return self.table_key(columns, talon, found) + tail

    def table_key(self, columns: tuple[bytes, ...], talon: bytes, found: tuple[int, ...]) -> bytes:
        """Columns (in any order), talon and, with two decks, foundations as one ``bytes``:
        columns sorted and ended by 255, the talon ended by 254 (no card byte is that high)."""
        if self.home_reversible:
            columns = runs_on_lower_twins(columns)
        packed = b"\xff".join(sorted(columns)) + b"\xff" + talon + b"\xfe"
        return packed + bytes(found) if self.decks > 1 else packed

    def dominated(self, node: Node, key: bytes, pointers: dict[bytes, list[int]]) -> bool:
        """Draw three with unlimited passes: is ``node`` no better than a position seen before
        with the same columns and talon? From pointer p the player can go on drawing, or turn
        the waste over and reach all that pointer 0 reaches, so p offers every top card that
        0 offers, and those of p + 3k besides; and p' <= p with p' = p (mod 3) offers every
        top card that p offers. Positions no better than one searched (or being searched) can
        be skipped: a win from them is a win from it, by the same moves. Otherwise notes
        ``node`` in ``pointers`` (columns and talon -> the least pointer seen per p mod 3, or
        -1 for none) and says False. ``key`` is the node's ``key``: with unlimited passes,
        columns and talon followed by two bytes of pointer."""
        _, _, talon, pointer, _ = node
        draw = self.draw
        whole = key[:-2]
        seen = pointers.get(whole)
        at_start = pointer % draw == 0 or pointer == len(talon)
        if seen is not None and (at_start or 0 <= seen[pointer % draw] <= pointer):
            return True
        if seen is None:
            seen = pointers[whole] = [-1] * draw
        if not at_start and (seen[pointer % draw] < 0 or pointer < seen[pointer % draw]):
            seen[pointer % draw] = pointer
        return False

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

    def column_runs(self, column: bytes) -> tuple[tuple[int, int, int, int, bool], ...]:
        """The face-up runs ending at the column's top, top card first:
        (code of the first card, cards in the run, card under it or -1, its index, a King?)."""
        runs = []
        j = len(column) - 1
        while True:
            card = column[j]
            under = column[j - 1] if j else -1
            runs.append((CODE[card], len(column) - j, under, j, RANK[card] == KING))
            if j == 0 or under >= FACE_DOWN or CODE[card] != NEED[under]:
                break
            j -= 1
        result = tuple(runs)
        if len(self.runs_cache) > 200_000:
            self.runs_cache.clear()
        self.runs_cache[column] = result
        return result

    def frozen(self, columns: tuple[bytes, ...]) -> bool:
        """True if some face-down cards can never be turned, so the game is lost.

        The face-up card ``b`` lying on a column's face-down cards must leave
        before they turn: onto a card one higher of the other colour, or home
        after every lower card of its suit. Take the columns whose ``b`` is not
        a King (a King needs only an empty column) and drop, again and again,
        each whose ``b`` has a way out not buried in the columns left. If some
        are left, none of their ``b`` can be the first to leave: lost.
        """
        if self.plain:
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
        return self.talon_order and self.stuck_one_deck(node[0], node[2], node[3])

    def stuck_one_deck(self, columns: tuple[bytes, ...], talon: bytes | None = None, pointer: int = 0) -> bool:
        """``stuck`` with the cards as bits (one deck), Kings included: a King lying on
        face-down cards leaves only home or for an empty column, and a column empties
        only when its bottom card leaves: home, uncovered, or (not a King) onto a card
        that can be a top, with the cards on it.

        Given the ``talon`` (draw three, unlimited passes), its cards are in the set
        too: one leaves only from the top of the waste, home or onto a card that can be
        a top. While none of the set has left, the talon before its first card not in
        the set (index ``m``) is as dealt, so of those cards only the ones that draws
        bring to the top are ever there: every third after a redeal, every third from
        the pointer in this pass, the last card, and the one before index ``m`` (once
        the card at ``m`` is taken). A card of the set stays out of every column top
        and away from home."""
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
                released = self.talon_released(talon, pointer, held, locked, can_top, emptiable)
            if released:
                held &= ~released
                changed = True
        return bool(alive) or bool(held)

    def talon_released(self, talon: bytes, pointer: int, held: int, locked: int, can_top: int, emptiable: bool) -> int:
        """For ``stuck_one_deck``: the held talon cards that can reach the top of the
        waste and leave it (home, or onto a card that can be a top), as bits."""
        draw = self.draw
        size = len(talon)
        first_free = size
        for index, card in enumerate(talon):
            if not held & BIT[card]:
                first_free = index
                break
        released = 0
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
            if not reachable:
                continue
            if (emptiable if RANK[card] == KING else can_top & PARENT_BITS[card]) or not locked & LOWER[card]:
                released |= bit
        return released

    # -- safe moves -------------------------------------------------------

    def safe(self, card: int, found: tuple[int, ...]) -> bool:
        """True if ``card`` (which fits its foundation) can go home without losing a win."""
        rank = RANK[card]
        if rank <= 2:
            return True
        if not self.strong_safe:
            return False
        decks = self.decks
        a, b = OTHER_COLOUR[SUIT[card]]
        if found[a * decks] < rank - 1 or found[b * decks] < rank - 1:
            return False
        if rank == 3:
            return True
        if found[SAME_COLOUR[SUIT[card]] * decks] < rank - 2:
            return False
        return decks == 1 or found[SUIT[card] * 2] >= rank - 2

    def home_pile(self, card: int, found: tuple[int, ...]) -> int:
        """The foundation height slot the card goes on, or -1."""
        below = RANK[card] - 1
        if self.decks == 1:
            s = SUIT[card]
            return s if found[s] == below else -1
        s = SUIT[card] * 2
        if found[s + 1] == below:
            return s + 1
        return s if found[s] == below else -1

    def foundation_cards(self, found: tuple[int, ...]) -> tuple[int, int]:
        """The cards that fit on their foundation (``home_pile`` >= 0), and those of them
        safe to put home, as bits; remembered per foundations."""
        known = self.foundation_cache.get(found)
        if known is None:
            fits = ready = 0
            for pile, height in enumerate(found):
                if height < KING:
                    card = pile // self.decks * 13 + height
                    fits |= BIT[card]
                    if self.safe(card, found):
                        ready |= BIT[card]
            if len(self.foundation_cache) > 100_000:
                self.foundation_cache.clear()
            known = self.foundation_cache[found] = fits, ready
        return known

    def any_safe(self, node: Node, reversible: bool = True) -> bool:
        """Whether ``close`` has a card to put home (a quick test: most nodes have none)."""
        columns, found, talon, pointer, _ = node
        fits, ready = self.foundation_cards(found)
        reversible = reversible and self.home_reversible
        if not ready and not reversible:
            return False
        for column in columns:
            if column and (ready & BIT[column[-1]] or reversible and fits & BIT[column[-1]] and self.can_return(column)):
                return True
        if not talon:
            return False
        if self.free_talon:
            return any(ready & BIT[card] for card in talon)
        return self.waste_top_safe and pointer > 0 and bool(ready & BIT[talon[pointer - 1]])

    def close(self, node: Node, steps: list[Step], reversible: bool = True) -> Node:
        """Play every safe move (appending them to ``steps``) until none is left.

        With ``home_reversible``, a column top that fits its foundation goes home too if
        it could be taken back to where it was (``can_return``): the two positions are
        one move apart either way, so they share their fate. Not right after a card was
        taken back (``reversible`` False): it would only go home again."""
        columns, found, talon, pointer, redeals = node
        if not self.any_safe(node, reversible):
            return node
        reversible = reversible and self.home_reversible
        decks = self.decks
        changed = True
        while changed:
            changed = False
            for i in range(self.columns):
                column = columns[i]
                if not column:
                    continue
                card = column[-1]
                pile = self.home_pile(card, found)
                if pile < 0 or not (self.safe(card, found) or reversible and self.can_return(column)):
                    continue
                columns = columns[:i] + (lift(column, 1),) + columns[i + 1 :]
                found = found[:pile] + (found[pile] + 1,) + found[pile + 1 :]
                steps.append((TO_HOME, i))
                changed = True
            if not talon:
                continue
            if self.free_talon:
                for suit in range(4):
                    for k in range(decks):
                        height = found[suit * decks + k]
                        if height >= KING:
                            continue
                        card = suit * 13 + height
                        index = talon.find(card)
                        if index < 0 or self.home_pile(card, found) < 0 or not self.safe(card, found):
                            continue
                        steps.append((TALON_CARD, card, -1))
                        pile = self.home_pile(card, found)
                        found = found[:pile] + (found[pile] + 1,) + found[pile + 1 :]
                        talon = talon[:index] + talon[index + 1 :]
                        pointer = index
                        changed = True
                        break
            elif self.waste_top_safe and pointer:
                card = talon[pointer - 1]
                pile = self.home_pile(card, found)
                if pile >= 0 and self.safe(card, found):
                    steps.append((TALON, pointer, 0, 0, -1, talon))
                    found = found[:pile] + (found[pile] + 1,) + found[pile + 1 :]
                    talon = talon[: pointer - 1] + talon[pointer:]
                    pointer -= 1
                    changed = True
        return columns, found, talon, pointer, redeals

    @staticmethod
    def can_return(column: bytes) -> bool:
        """Whether the column's top card, once home, could be taken back to where it is:
        it lies on a face-up card one higher of the other colour, or is a King alone."""
        card = column[-1]
        if len(column) == 1:
            return RANK[card] == KING
        under = column[-2]
        return under < FACE_DOWN and NEED[under] == CODE[card]

    # -- moves ------------------------------------------------------------

    def moves(self, node: Node, inner: bool = False) -> list[Step]:
        """The node's moves, best first."""
        columns, found, talon, pointer, redeals = node
        decks = self.decks
        strict = self.strict
        free = self.free_talon
        reveal: list[tuple[int, Step]] = []
        from_talon: list[Step] = []
        home: list[Step] = []
        empties_moves: list[Step] = []
        others: list[Step] = []
        backs: list[Step] = []
        # Columns by what their top card accepts, and the first empty column.
        accepts: dict[int, list[int]] = {}
        empty = -1
        for i in range(self.columns):
            column = columns[i]
            if column:
                accepts.setdefault(NEED[column[-1]], []).append(i)
            elif empty < 0:
                empty = i
        fits = self.foundation_cards(found)[0]
        # Every face-up run ending at a column top, by the code of its first card
        # (only compound moves from the talon look them up).
        heads: dict[int, list[tuple[int, int, int]]] = {}
        want_heads = free and self.compounds
        # Run moves that turn no card: (column, target, count), made into compounds below.
        runs_off: list[tuple[int, int, int]] = []
        runs_cache = self.runs_cache
        for i in range(self.columns):
            column = columns[i]
            if not column:
                continue
            top = column[-1]
            if fits & BIT[top]:
                if len(column) > 1 and column[-2] >= FACE_DOWN:
                    reveal.append((1 - len(column), (TO_HOME, i)))
                else:
                    home.append((TO_HOME, i))
            runs = runs_cache.get(column)
            if runs is None:
                runs = self.column_runs(column)
            for code, count, under, j, king in runs:
                if want_heads:
                    heads.setdefault(code, []).append((i, count, under))
                targets = accepts.get(code)
                if targets is None and king and empty >= 0 and j > 0:
                    targets = [empty]
                if targets is not None:
                    for t in targets:
                        if under >= FACE_DOWN:
                            reveal.append((-j, (RUN, i, t, count)))
                        elif j == 0 or not strict or fits & BIT[under]:
                            runs_off.append((i, t, count))
        reach: list[tuple[int, int, int, int, bytes]] = []
        by_code: dict[int, list[int]] = {}
        if talon:
            if free:
                for card in sorted(set(talon)):
                    by_code.setdefault(CODE[card], []).append(card)
                    if fits & BIT[card]:
                        home.append((TALON_CARD, card, -1))
            else:
                reach = self.reach(talon, pointer, redeals)
                for entry in reach:
                    card, q, clicks, redealt, base = entry
                    if fits & BIT[card]:
                        from_talon.append((TALON, q, clicks, redealt, -1, base))
                    targets = accepts.get(CODE[card])
                    if targets is not None:
                        for t in targets:
                            from_talon.append((TALON, q, clicks, redealt, t, base))
                    if empty >= 0 and RANK[card] == KING:
                        from_talon.append((TALON, q, clicks, redealt, empty, base))

        def take_back(suit: int, rank: int, heights: tuple[int, ...]) -> bool:
            """Whether the foundation card of ``suit`` and ``rank`` is on top and may
            come back (not when it would be safe to put home again at once)."""
            pile = suit * decks + decks - 1
            if decks > 1 and heights[pile] != rank:
                pile -= 1
            if rank < 1 or heights[pile] != rank:
                return False
            after = heights[:pile] + (rank - 1,) + heights[pile + 1 :]
            if decks > 1 and pile % 2 and after[pile - 1] > rank - 1:
                after = heights[: pile - 1] + (rank - 1, after[pile - 1]) + heights[pile + 1 :]
            return not self.safe(suit * 13 + rank - 1, after)

        def uses(card: int, t: int, used: tuple[int, ...]) -> list[tuple[Step, ...]]:
            """Ways to put something on ``card``, a talon card just played onto
            column ``t``: a run of another column, a foundation card, or another
            talon card (itself followed by such a use)."""
            need = NEED[card]
            result: list[tuple[Step, ...]] = []
            for i, count, _ in heads.get(need, ()):
                if i != t:
                    result.append(((RUN, i, t, count),))
            for other in by_code.get(need, ()):
                if other not in used:
                    for rest in uses(other, t, used + (other,)):
                        result.append(((TALON_CARD, other, t),) + rest)
            rank = RANK[card] - 1
            for suit in OTHER_COLOUR[SUIT[card]] if rank else ():
                if take_back(suit, rank, found):
                    result.append(((BACK, suit, rank, t),))
            return result

        for i, t, count in runs_off:
            step = (RUN, i, t, count)
            if count == len(columns[i]):
                if inner or not self.defer_splits:
                    empties_moves.append(step)
                else:
                    self.uses_after_split(node, step, reveal, empties_moves)
            elif inner or not self.defer_splits:
                others.append(step)
            else:
                self.uses_after_split(node, step, reveal, others)
        if free:
            for card in sorted(set(talon)):
                targets = accepts.get(CODE[card])
                if targets is None and empty >= 0 and RANK[card] == KING:
                    targets = [empty]
                for t in targets or ():
                    if not self.compounds:
                        from_talon.append((TALON_CARD, card, t))
                        continue
                    for rest in uses(card, t, (card,)):
                        self.sort_compound(((TALON_CARD, card, t),) + rest, columns, reveal, from_talon)
        for suit in range(4):
            for k in range(decks):
                height = found[suit * decks + k]
                if not height or (k + 1 < decks and found[suit * decks + k + 1] == height):
                    continue
                card = suit * 13 + height - 1
                targets = accepts.get(CODE[card])
                if targets is None and empty >= 0 and height == KING:
                    targets = [empty]
                if targets and take_back(suit, height, found):
                    for t in targets:
                        if self.home_reversible and not inner:
                            self.uses_after_back(node, (BACK, suit, height, t), reveal, backs)
                        else:
                            backs.append((BACK, suit, height, t))
        if self.reshuffles and talon and self.can_redeal(redeals):
            size = len(talon)
            clicks = -(-(size - pointer) // self.draw) + 1
            order = self.permutation(size, redeals)
            backs.append((CYCLE, clicks, bytes(talon[i] for i in order)))
        reveal.sort(key=first)
        return [step for _, step in reveal] + from_talon + home + empties_moves + others + backs

    def uses_after_split(self, node: Node, split: Step, reveal: list[tuple[int, Step]], bucket: list[Step]) -> None:
        """File a split run move followed by each move that uses the card it uncovers
        (not the move putting the run back)."""
        _, i, t, count = split
        back = ((RUN, t, i, count),)

        def uses(parts: tuple[Step, ...], columns: tuple[bytes, ...]) -> bool:
            if parts == back:
                return False
            if not columns[i]:  # the column was emptied: a move into an empty column
                return any(target(part) >= 0 and not columns[target(part)] for part in parts)
            return any(touches(part, i) for part in parts)

        self.file_with_uses(node, split, uses, reveal, bucket)

    def uses_after_back(self, node: Node, back: Step, reveal: list[tuple[int, Step]], bucket: list[Step]) -> None:
        """File a foundation card taken back followed by each move that uses it: one that
        puts a card on it, or takes back the card below it in its suit. Alone it would go
        home again at once (``close``); any other move leaves the card and its foundation
        alone, so a winning line can play it before the take-back."""
        _, suit, height, t = back
        below = (BACK, suit, height - 1)

        def uses(parts: tuple[Step, ...], columns: tuple[bytes, ...]) -> bool:
            return any(target(part) == t or part[:3] == below for part in parts)

        self.file_with_uses(node, back, uses, reveal, bucket)

    def file_with_uses(
        self,
        node: Node,
        first: Step,
        uses: Callable[[tuple[Step, ...], tuple[bytes, ...]], bool],
        reveal: list[tuple[int, Step]],
        bucket: list[Step],
    ) -> None:
        """File ``first`` followed by each move after it that ``uses`` accepts (given the
        move's parts and the columns after ``first``), as compound moves."""
        child = self.play(node, first)
        for step in self.moves(child, inner=True):
            parts = step[1] if step[0] == COMPOUND else (step,)
            if uses(parts, child[0]):
                self.sort_compound((first,) + tuple(parts), child[0], reveal, bucket)

    @staticmethod
    def sort_compound(compound: tuple[Step, ...], columns: tuple[bytes, ...], reveal: list[tuple[int, Step]], bucket: list[Step]) -> None:
        """File a compound move: with the moves that turn a card when its last
        part moves a whole run off a face-down card, else in ``bucket``."""
        step: Step = (COMPOUND, compound)
        last = compound[-1]
        if last[0] == RUN:
            column = columns[last[1]]
            j = len(column) - last[3]
            if j and column[j - 1] >= FACE_DOWN:
                reveal.append((-j, step))
                return
        bucket.append(step)

    def play(self, node: Node, step: Step) -> Node:
        """The node after one internal move (no safe moves yet)."""
        columns, found, talon, pointer, redeals = node
        kind = step[0]
        if kind == RUN:
            _, i, t, count = step
            source = columns[i]
            changed = list(columns)
            changed[i] = lift(source, count)
            changed[t] = columns[t] + source[-count:]
            return tuple(changed), found, talon, pointer, redeals
        if kind == TO_HOME:
            i = step[1]
            column = columns[i]
            pile = self.home_pile(column[-1], found)
            columns = columns[:i] + (lift(column, 1),) + columns[i + 1 :]
            found = found[:pile] + (found[pile] + 1,) + found[pile + 1 :]
            return columns, found, talon, pointer, redeals
        if kind == TALON:
            _, q, _, redealt, target, base = step
            card = base[q - 1]
            talon = base[: q - 1] + base[q:]
            if target < 0:
                pile = self.home_pile(card, found)
                found = found[:pile] + (found[pile] + 1,) + found[pile + 1 :]
            else:
                columns = columns[:target] + (columns[target] + bytes((card,)),) + columns[target + 1 :]
            return columns, found, talon, q - 1, redeals + redealt if self.redeals_in_key else 0
        if kind == BACK:
            _, suit, height, target = step
            decks = self.decks
            pile = suit * decks + (0 if decks > 1 and found[suit * 2] == height else decks - 1)
            found = found[:pile] + (height - 1,) + found[pile + 1 :]
            card = suit * 13 + height - 1
            columns = columns[:target] + (columns[target] + bytes((card,)),) + columns[target + 1 :]
            return columns, found, talon, pointer, redeals
        if kind == TALON_CARD:
            _, card, target = step
            index = talon.index(card)
            talon = talon[:index] + talon[index + 1 :]
            if target < 0:
                pile = self.home_pile(card, found)
                found = found[:pile] + (found[pile] + 1,) + found[pile + 1 :]
            else:
                columns = columns[:target] + (columns[target] + bytes((card,)),) + columns[target + 1 :]
            return columns, found, talon, index, redeals
        if kind == COMPOUND:
            for part in step[1]:
                node = self.play(node, part)
            return node
        # CYCLE: through the stock and a redeal, nothing played.
        return columns, found, step[2], 0, redeals + 1


# Where a move's target column is, by kind.
TARGET_AT = {RUN: 2, TALON: 4, BACK: 3, TALON_CARD: 2}


def target(step: Step) -> int:
    """The column a move puts cards on, or -1."""
    at = TARGET_AT.get(step[0])
    return -1 if at is None else int(step[at])


def touches(step: Step, i: int) -> bool:
    """Whether a move takes from or puts on column ``i``."""
    return target(step) == i or (step[0] in (RUN, TO_HOME) and int(step[1]) == i)


def ends_with_back(step: Step) -> bool:
    """Whether a move's last part takes a card back from the foundations."""
    last = step[1][-1] if step[0] == COMPOUND else step
    return bool(last[0] == BACK)


def runs_on_lower_twins(columns: tuple[bytes, ...]) -> tuple[bytes, ...]:
    """The columns with every face-up run that lies on a face-up card, while that card's
    twin (same rank and colour) is a column top and the lower of the two, moved onto the
    twin. The two positions are one move apart either way (the card left uncovered is a
    top then), so they share their fate and may share a table entry. Ends: a twin pair
    only ever changes from the higher card covered to the lower one."""
    changed = True
    while changed:
        changed = False
        for k, column in enumerate(columns):
            if not column:
                continue
            twin = TWIN[column[-1]]
            if twin < column[-1]:
                continue
            for i, other in enumerate(columns):
                j = other.find(twin)
                if 0 <= j < len(other) - 1 and i != k and is_run(other, j):
                    moved = list(columns)
                    moved[k] = column + other[j + 1 :]
                    moved[i] = other[: j + 1]
                    columns = tuple(moved)
                    changed = True
                    break
            if changed:
                break
    return columns


def is_run(column: bytes, j: int) -> bool:
    """Whether the column's cards from index ``j`` up go down by one in alternating
    colours (in play they always do once face up; hand-made positions may differ)."""
    return all(NEED[column[m]] == CODE[column[m + 1]] for m in range(j, len(column) - 1))


def first(item: tuple[int, Step]) -> int:
    return item[0]


def lift(column: bytes, count: int) -> bytes:
    """The column without its top ``count`` cards, a face-down card left on top turned up."""
    rest = column[:-count]
    if rest and rest[-1] >= FACE_DOWN:
        return rest[:-1] + bytes((rest[-1] - FACE_DOWN,))
    return rest


class DepthFirst:
    """One resumable depth-first search from one node."""

    def __init__(self, context: Context, root: Node, visited: set[bytes] | None = None) -> None:
        self.context = context
        steps: list[Step] = []
        root = context.close(root, steps)
        self.root_steps = steps
        # The transposition table, maybe shared with another search of the same moves.
        self.visited: set[bytes] = set() if visited is None else visited
        self.visited.add(context.key(root))
        # Columns and talon -> least pointers seen (draw three's dominance, see Context.dominated).
        self.pointers: dict[bytes, list[int]] = {}
        if context.pointer_dominance:
            context.dominated(root, context.key(root), self.pointers)
        # Frames: node, its moves, the next move to try, the steps that led to it.
        self.stack: list[tuple[Node, list[Step], list[int], list[Step]]] = []
        self.line: list[Step] | None = None
        self.nodes = 0
        if is_won(root):
            self.line = steps
        elif not context.lost(root):
            self.stack.append((root, context.moves(root), [0], steps))
            self.nodes = 1

    def run(self, nodes: int) -> int:
        """Expand at most ``nodes`` more nodes: WON, EXHAUSTED or 0 (not finished)."""
        if self.line is not None:
            return WON
        context = self.context
        stack = self.stack
        visited = self.visited
        close = context.close
        play = context.play
        key = context.key
        moves = context.moves
        dominance = context.pointer_dominance
        limit = self.nodes + nodes
        expanded = self.nodes
        while stack:
            node, options, cursor, _ = stack[-1]
            index = cursor[0]
            if index >= len(options):
                stack.pop()
                continue
            cursor[0] = index + 1
            step = options[index]
            steps = list(step[1]) if step[0] == COMPOUND else [step]
            child = close(play(node, step), steps, not ends_with_back(step))
            if not child[2] and not any(child[0]):
                self.line = [s for frame in stack for s in frame[3]] + steps
                self.nodes = expanded
                return WON
            child_key = key(child)
            if child_key in visited:
                continue
            visited.add(child_key)
            if context.lost(child):
                continue
            if expanded >= limit:
                # Put the move back so the next slice starts with it.
                cursor[0] = index
                visited.discard(child_key)
                self.nodes = expanded
                return 0
            if dominance and context.dominated(child, child_key, self.pointers):
                continue
            expanded += 1
            stack.append((child, moves(child), [0], steps))
        self.nodes = expanded
        return EXHAUSTED


class BestFirst:
    """One resumable best-first search from one node: the position with the
    fewest face-down cards, then the fewest cards not home, is expanded first
    (the newest first among equals). Its transposition table and pruning are
    those of the depth-first search, so an exhausted search is as much a proof."""

    def __init__(self, context: Context, root: Node, visited: set[bytes] | None = None, weight: int = 3) -> None:
        self.context = context
        self.weight = weight
        steps: list[Step] = []
        root = context.close(root, steps)
        self.visited: set[bytes] = set() if visited is None else visited
        self.visited.add(context.key(root))
        # Per expanded node: the steps from its parent and its parent's index (for the line),
        # the node itself while children of it wait in the heap (then None, to save memory),
        # and how many wait.
        self.store: list[tuple[list[Step], int]] = [(steps, -1)]
        self.kept: list[Node | None] = [root]
        self.waiting: list[int] = [0]
        # Waiting children: priority, tie-break, parent index, the move from the parent.
        self.heap: list[tuple[int, int, int, Step]] = []
        self.line: list[Step] | None = None
        self.nodes = 0
        self.counter = 0
        self.root_pending = False
        if is_won(root):
            self.line = steps
        elif not context.lost(root):
            self.root_pending = True

    def priority(self, node: Node) -> int:
        context = self.context
        hidden = 0
        for column in node[0]:
            if column and column[0] >= FACE_DOWN:
                hidden += len(context.prefix(column)) - 1
        return self.weight * hidden + context.full - sum(node[1])

    def path(self, index: int) -> list[Step]:
        parts: list[list[Step]] = []
        while index >= 0:
            steps, index = self.store[index]
            parts.append(steps)
        return [step for part in reversed(parts) for step in part]

    def run(self, nodes: int) -> int:
        """Expand at most ``nodes`` more nodes: WON, EXHAUSTED or 0 (not finished)."""
        if self.line is not None:
            return WON
        context = self.context
        heap = self.heap
        store = self.store
        kept = self.kept
        waiting = self.waiting
        visited = self.visited
        close = context.close
        play = context.play
        key = context.key
        moves = context.moves
        frozen = context.frozen
        held_in_talon = context.held_in_talon
        priority = self.priority
        limit = self.nodes + nodes
        while self.root_pending or heap:
            if self.nodes >= limit:
                return 0
            if self.root_pending:
                self.root_pending = False
                index = 0
            else:
                _, _, parent, step = heappop(heap)
                steps = list(step[1]) if step[0] == COMPOUND else [step]
                parent_node = kept[parent]
                assert parent_node is not None
                child = close(play(parent_node, step), steps, not ends_with_back(step))
                waiting[parent] -= 1
                if not waiting[parent]:
                    kept[parent] = None
                # The talon's part of the test only here: most children never leave the heap.
                if held_in_talon(child):
                    continue
                store.append((steps, parent))
                kept.append(child)
                waiting.append(0)
                index = len(store) - 1
            node = kept[index]
            assert node is not None
            self.nodes += 1
            for step in moves(node):
                steps = list(step[1]) if step[0] == COMPOUND else [step]
                child = close(play(node, step), steps, not ends_with_back(step))
                if not child[2] and not any(child[0]):
                    self.line = self.path(index) + steps
                    return WON
                child_key = key(child)
                if child_key in visited:
                    continue
                visited.add(child_key)
                if frozen(child[0]):
                    continue
                self.counter += 1
                heappush(heap, (priority(child), -self.counter, index, step))
                waiting[index] += 1
            if not waiting[index]:
                kept[index] = None
        return EXHAUSTED


class Portfolio:
    """Searches of the same position taking turns, sharing the budget.

    Each member is (search, its wins count, its exhaustion proves the game
    lost, nodes per turn): depth-first finds the easy wins at once, a
    best-first search of a smaller move set (column runs split only to put the
    card uncovered home) many of the harder wins that depth-first buries under
    a wrong early choice. A relaxed search (draw one with every talon card
    playable at any time) only proves: its "wins" do not count. Each member has
    its own transposition table, so an exact one (or a relaxed one) that runs
    out of positions has proved the game lost. A member that ends otherwise
    leaves the rotation. Turns depend only on nodes spent, so slices of any
    size give the same result.
    """

    def __init__(self, members: list[tuple[DepthFirst | BestFirst, bool, bool, int]]) -> None:
        self.members = members
        self.turn = 0
        self.in_turn = 0
        self.line: list[Step] | None = None
        self.spent = sum(search.nodes for search, _, _, _ in members)

    @property
    def nodes(self) -> int:
        return self.spent

    def run(self, nodes: int) -> int:
        """WON, EXHAUSTED (proved lost), GAVE_UP (no member left) or 0 (not finished)."""
        while nodes > 0:
            if not self.members:
                return GAVE_UP
            search, wins, proves, turn = self.members[self.turn]
            step = min(nodes, turn - self.in_turn)
            before = search.nodes
            outcome = search.run(step)
            used = search.nodes - before
            self.spent += used
            nodes -= max(used, 1)
            self.in_turn += step
            if outcome == WON and wins:
                self.line = search.line
                return WON
            if outcome == EXHAUSTED and proves:
                return EXHAUSTED
            if outcome:
                del self.members[self.turn]
                self.turn -= 1
            if self.in_turn >= turn or outcome:
                self.turn = (self.turn + 1) % max(len(self.members), 1)
                self.in_turn = 0
        return 0


def is_won(node: Node) -> bool:
    return not node[2] and not any(node[0])


class KlondikeSearch(Search):
    """The search of one position: a portfolio of searches sharing the budget."""

    def __init__(self, solver: KlondikeSolver, position: KlondikePosition, budget: int) -> None:
        self.rules = solver.klondike
        self.position = position
        self.budget = budget
        self.verdict: Verdict | None = None
        real = Context(self.rules, position)
        root = real.node(position)
        strict = Context(self.rules, position, strict=True)
        members: list[tuple[DepthFirst | BestFirst, bool, bool, int]]

        def relaxed_prover() -> DepthFirst:
            """Draw one with every talon card playable at any time: allows every real line."""
            relaxed = Context(self.rules, position, relaxed=True)
            return DepthFirst(relaxed, relaxed.node(position))

        if real.reshuffles:
            # Endless positions: the real searches only win; a relaxed one proves.
            members = [
                (DepthFirst(real, root), True, False, TURN),
                (DepthFirst(strict, root), True, False, TURN),
                (BestFirst(real, root), True, False, TURN),
                (relaxed_prover(), False, True, TURN),
            ]
        else:
            # An exact best-first member as well found no win on the hard deals of the
            # benchmark that these two miss; without it they find them in 2/3 of the nodes.
            members = [
                (DepthFirst(real, root), True, True, TURN),
                (BestFirst(strict, root), True, False, TURN),
            ]
            if not real.free_talon:
                # Draw three (or limited passes): the draw-one search with every talon card
                # free is a relaxation; it proves many lost deals in a small part of the
                # positions the real search needs (draw three deal 494: 0 against 167,773),
                # so it gets a ninth of the budget.
                members.append((relaxed_prover(), False, True, TURN // 4))
        self.search = Portfolio(members)

    def run(self, nodes: int) -> Verdict | None:
        if self.verdict is not None:
            return self.verdict
        search = self.search
        outcome = search.run(min(nodes, max(self.budget - search.nodes, 0)))
        if outcome == WON:
            assert search.line is not None
            line = engine_line(self.rules, self.position, search.line)
            self.verdict = Verdict("winnable", tuple(line), search.nodes)
        elif outcome == EXHAUSTED:
            self.verdict = Verdict("unwinnable", (), search.nodes)
        elif outcome == GAVE_UP or search.nodes >= self.budget:
            self.verdict = Verdict("unknown", (), search.nodes)
        return self.verdict


def engine_line(rules: Klondike, start: KlondikePosition, steps: list[Step]) -> list[Move]:
    """The internal line as the engine's moves, each checked by ``rules.apply``."""
    tableau = [f"tableau-{n}" for n in range(1, len(start.tableau) + 1)]
    foundations = [f"foundation-{n}" for n in range(1, len(start.foundations) + 1)]
    position = start
    line: list[Move] = []

    def click() -> None:
        """Draw, or turn the waste over: what a click on the stock does."""
        do(rules.stock_moves(position)[0])

    def do(move: Move) -> None:
        nonlocal position
        position = rules.apply(position, move)
        line.append(move)

    def home_for(card: int) -> str:
        for index, foundation in enumerate(position.foundations):
            if fits_on_foundation(card, foundation):
                return foundations[index]
        raise IllegalMove(Reason.LINE_NO_FOUNDATION)

    for step in steps:
        kind = step[0]
        if kind == TO_HOME:
            source = tableau[step[1]]
            do(Move(source, home_for(position.tableau[step[1]][-1])))
        elif kind == RUN:
            do(Move(tableau[step[1]], tableau[step[2]], step[3]))
        elif kind == TALON:
            _, q, clicks, _, target, base = step
            for _ in range(clicks):
                click()
            if not position.waste or position.waste[-1] % 52 != base[q - 1]:
                raise IllegalMove(Reason.LINE_LOST_STOCK)
            do(Move("waste", home_for(position.waste[-1]) if target < 0 else tableau[target]))
        elif kind == BACK:
            _, suit, height, target = step
            for index, foundation in enumerate(position.foundations):
                if foundation and foundation[-1] % 52 == suit * 13 + height - 1:
                    do(Move(foundations[index], tableau[target]))
                    break
            else:
                raise IllegalMove(Reason.LINE_TAKES_BACK)
        elif kind == TALON_CARD:
            _, card, target = step
            for _ in range(len(position.stock) + len(position.waste) + 1):
                if position.waste and position.waste[-1] % 52 == card:
                    break
                click()
            else:
                raise IllegalMove(Reason.LINE_NOT_IN_STOCK)
            do(Move("waste", home_for(position.waste[-1]) if target < 0 else tableau[target]))
        else:
            for _ in range(step[1]):
                click()
    return line


class KlondikeSolver(Solver):
    """Klondike and Double Klondike: depth-first search over K+ stock moves."""

    default_budget = DEFAULT_BUDGET
    daily_budget = DAILY_BUDGET
    analysis_budget = DEFAULT_BUDGET  # about 60 MB of positions (CPython)

    def __init__(self, rules: Rules[Any]) -> None:
        super().__init__(rules)
        if not isinstance(rules, Klondike):  # Double Klondike is one
            raise TypeError(f"the Klondike solver plays Klondike, not {rules.game_id}")
        self.klondike = rules

    def start(self, position: Any, budget: int) -> Search:
        return KlondikeSearch(self, position, budget)
