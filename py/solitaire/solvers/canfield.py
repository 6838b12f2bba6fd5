"""A full-information solver for Canfield: depth-first searches with a transposition table.

The node. A position is the tuple ``(columns, heights, reserve left, talon, pointer,
redeals)``: the four columns as ``bytes`` (cards bottom first), the foundations as the
number of cards of each suit on them (the base rank is fixed, so that says which cards),
how many reserve cards are left (the reserve only shrinks from the top, so a count
names it), and the talon: the stock and the waste as one ``bytes`` in the order the
cards come up (the waste bottom first, then the stock from its top), with ``pointer``
cards of it on the waste, its top at ``talon[pointer - 1]``. The talon's order never
changes (a redeal keeps it, a played card leaves a gap that closes), so the cards left
in it follow from the others: the transposition key is the columns (sorted: columns are
interchangeable), the heights, the reserve count, the pointer and, where passes are
limited, the redeals.

Stock moves as "K+" moves (as the Klondike solver plays them): drawing only matters for
the card it brings to the top of the waste, and draws commute with every other move, so
the search never draws on its own. Every talon card that some number of draws (and at
most one redeal: the next passes show the same cards again) brings to the top is a move
of its own, its clicks on the stock prepended to it in the line.

Moves. Cards to a foundation, the reserve's top card, column to column (the top card or
the whole column, or with ``any-run`` every run; never a whole column to an empty one),
talon cards, and, where the rules allow them, foundation cards back to a column. An
emptied column takes the reserve's top card at once, as in the rules.

Sound pruning only, so that verdicts stay exact:

- the transposition table (a position seen is on the current path, or has been or will
  be searched from there);
- interchangeable columns (the key sorts them);
- safe moves played at once (``Canfield.is_safe_home``: a card whose column partners,
  the two cards one rank below it of the other colour, are home already; a base card
  only when the other colour's foundations are complete), where no card comes back from
  a foundation. Such a card can never hold another one, so every line that wins with it
  on the table wins with it home too (a column's last card sent home refills the column
  from the reserve at once, a card that can do there all it could do on the reserve, which
  only empties sooner). A waste card is left where it is in draw three:
  taking it out of the waste would shift the groups of three behind it;
- dead ends (``Model.hopeless``, tried on the root and wherever the reserve shrank; not
  with ``back``, where cards come back): a least fixpoint of what can ever happen. A card
  is *free* once it is the top of its pile (the reserve's and the columns' top cards, and
  the talon cards that can come to the top of the waste, below; in the relaxed game every
  talon card); a card lying on another in a column or the reserve frees it only by being
  *lifted* off it (a whole column moves with its cards in their order; with ``any-run`` a
  run lifts its first card, free or not). A
  card is lifted only by going home (free, and the card below it in its suit home), onto
  a column's top card it fits (that card *top*: a column card once free, another card once
  free and placed), or into an empty column; a column can first be empty only when some
  column's bottom card goes home or onto a top card, and until the reserve's last card is
  lifted only the reserve's top card fills it. In any line every event happens after the
  facts its rule asks for, so by induction along the line all its events are derived: a
  card the fixpoint never sends home never goes home, and the position is lost.
  The talon (places 1-based in the node's talon, ``p`` the pointer): a card comes to the
  top of the waste only by a draw, by a redeal's draws, or by the card above it leaving the
  waste. A draw moves the pointer on by three or to the talon's end (the last
  card), a redeal sets it to 0, and a card leaving the waste (always its top) moves it back
  by one and closes the gap. So in draw three, in the node's pass the draws reach the places
  ``p, p+3, ...`` (a card leaving before the reached one moves both by one), and in a pass
  after a redeal in which ``r`` cards have left, all before the card (a card after it passed
  over leaves it to the next pass), and ``m >= r`` before it in all, the card at place ``i``
  lies at ``i - m`` and the pointer is ``-r`` mod 3: ``i = m - r`` mod 3, a residue of at
  most ``m``. A talon card is free when: ``i = p``, or ``i > p`` and ``i = p`` mod 3, or
  ``i`` mod 3 is at most the number of talon cards before it that are lifted (0: the
  multiples of three), or it is the last or every card after it is lifted, or the card at
  ``i + 1`` is lifted (when the card next above it leaves, it is the top; every card between
  them must have left first). In draw one, once no redeal is left, only the places from
  ``p`` on and the ones uncovered so; before that every card (each pass shows them all).

Portfolio (``CanfieldSearch``). An exact depth-first search (finds easy wins at once) and
an exact best-first search (fewest reserve cards left, then fewest cards not home, first:
finds the wins that depth-first buries under a wrong early choice) share one transposition
table, so each position is searched once and the game is lost when both have run out. Draw
one (three passes): the best-first search counts each redeal used as twenty cards not home,
and a second best-first search, with a table of its own, as five: alone it wins deals 11
and 34 within 182 and 717 positions, which the first leaves open after 400,000, and in a
shared table each would claim positions the other needs. Either group running out proves the game
lost. The relaxed game (every talon card playable at any time, ``Model(relaxed=True)``) is a
search no more: it proved none of the lost deals of draw three (of 1-1000) or draw one (of
1-40), and it is kept for the tests, where it bounds the real game from above.
A daily's proof is the exact depth-first search alone, within a small budget. A win
comes with its line, replayed through ``Rules.apply``.

What is not met: within the default budget the searches settle 91.6% of deals 1-1000 of
draw three (79.2% won, 12.4% proven lost, 8.4% unknown; 88.9% within 200,000 positions;
91.5% and 88.5% before the dead-end test followed the talon's order, which cuts the
positions of the proven losses of deals 1-172 by a third; tools/bench_solver_canfield.py,
2026-12-06), and of draw one far fewer: 83.5% of deals 1-1000 (81.2% won, 2.3% proven lost;
settled with the one best-first search before, 77.5% against 60.0% on deals 1-40, where the
orders were picked, 80.0% against 81.7% on 41-100, and 83% against 81% on 101-200, looked at
only after); the unknown deals checked at 4,000,000
positions, 1, 7, 11, 23 and 28, are all won, after 0.7-1.8 million positions. A deal that is
lost, or won only by a long shuffle of the columns (whole columns and single cards moved back
and forth to dig out a card), often needs millions of positions.
"""

from __future__ import annotations

from heapq import heappop, heappush
from typing import Any

from ..cards import is_red, rank, suit
from ..game import Move, Rules
from ..games.canfield import COLUMNS, Canfield, CanfieldPosition, home_height, rank_above
from ..solver import Search, Solver, Verdict

# Where a move's cards come from and go to.
TABLEAU, RESERVE, TALON, FOUNDATION = 0, 1, 2, 3
# A step: (source kind, source index, target kind, target index, cards, clicks on the
# stock before it, redeals among those clicks, the card). The source index is the column,
# the suit, or the talon place (1-based, as the pointer).
Step = tuple[int, int, int, int, int, int, int, int]
Node = tuple[tuple[bytes, ...], bytes, int, bytes, int, int]
# A transposition table: the keys seen, and draw three's least pointers per table (``Model.dominated``).
Tables = tuple[set[bytes], dict[bytes, list[int]]]

# The command line's budget; the page's analysis keeps a smaller one, so that it costs no more
# time than the 200,000 positions of before the dead-end test (whose positions cost more; the
# exact pair gets the relaxed search's old turns: as many exact positions as then).
DEFAULT_BUDGET = 400_000
ANALYSIS_BUDGET = 160_000
# A daily's candidates get a quick depth-first search (``CanfieldSolver.proof_search``): of
# deals 1-60 it wins 30 within 1,000 positions (draw three) and 5 within 300 (draw one), at
# about 12 and 6 ms a candidate (2026-12-06).
DAILY_BUDGET = 1_000
DRAW_ONE_DAILY_BUDGET = 300
# Nodes per turn of each search.
EXACT_TURN = 512
# Within limited passes, a redeal used counts in the best-first orders as this many cards not
# home: the search sharing the depth-first one's table, then the one with a table of its own
# (deals 1-6 of draw one, 2026-12-06: 20 found two wins within 5,000 positions, 0 and 40 none;
# of the 16 of deals 1-40 unknown at 400,000 positions with 20 alone, 5 wins 4 within
# 200,000, sharing the table or not, and the pair 6, keeping the 24 settled).
LIMITED_PASSES_REDEAL_WEIGHTS = (20, 5)
SEPARATOR = b"\xff"


class Model:
    """The search's game for one deal: the rules as tables over card numbers, and the
    moves, children and keys of nodes. ``relaxed``: every talon card playable at any time."""

    def __init__(self, rules: Canfield, position: CanfieldPosition, relaxed: bool, plain: bool = False) -> None:
        """``plain``: no safe moves and no pointer dominance (the tests check those against it)."""
        self.rules = rules
        self.relaxed = relaxed
        self.plain = plain
        self.base = position.base
        self.reserve = bytes(position.reserve)
        self.draw = rules.draw
        self.max_redeals = rules.max_redeals
        self.any_run = rules.any_run
        self.back = rules.back
        # Safe moves are played at once only where no card comes back from a foundation.
        self.use_safe = not rules.back and not plain
        self.safe_waste = self.use_safe and (rules.draw == 1 or relaxed)
        # Card tables: a card's place on its foundation (1-13), the card at each place of each
        # suit's foundation, the cards that go on a card in a column.
        self.height = [home_height(card, self.base) for card in range(52)]
        self.suit = [suit(card) for card in range(52)]
        self.home_card = [[0] * 14 for _ in range(4)]
        for card in range(52):
            self.home_card[self.suit[card]][self.height[card]] = card
        self.goes_on = [
            frozenset(other for other in range(52) if rank(card) == rank_above(rank(other)) and is_red(card) != is_red(other))
            for card in range(52)
        ]
        self.onto = [frozenset(top for top in range(52) if card in self.goes_on[top]) for card in range(52)]
        # The two suits of the other colour, per card.
        self.partners = [tuple(s for s in range(4) if is_red(s * 13) != is_red(card)) for card in range(52)]
        # The dead-end test (``hopeless``): not where cards come back from the foundations.
        self.use_dead_ends = not rules.back and not plain
        self.parents = [tuple(self.onto[card]) for card in range(52)]
        self.children = [tuple(self.goes_on[card]) for card in range(52)]
        self.reach_cache: dict[tuple[bytes, int, int], list[tuple[int, int, int, int]]] = {}
        # ``hopeless`` follows which talon cards can come up (not in the relaxed game, where all can).
        self.talon_order = not relaxed

    def node(self, position: CanfieldPosition) -> Node:
        heights = bytearray(4)
        for foundation in position.foundations:
            if foundation:
                heights[self.suit[foundation[0]]] = len(foundation)
        talon = bytes(position.waste) + bytes(position.stock[::-1])
        return (
            tuple(bytes(column) for column in position.tableau),
            bytes(heights),
            len(position.reserve),
            talon,
            len(position.waste),
            position.redeals,
        )

    def key(self, node: Node) -> bytes:
        """The transposition key; its last two bytes are the redeals and the pointer (see ``dominated``)."""
        columns, heights, left, _talon, pointer, redeals = node
        tail = bytes((left, redeals if self.max_redeals is not None and not self.relaxed else 0, 0 if self.relaxed else pointer))
        return SEPARATOR.join(sorted(columns)) + SEPARATOR + heights + tail

    def dominated(self, node: Node, key: bytes, pointers: dict[bytes, list[int]]) -> bool:
        """Is ``node`` no better than a position seen before with the same table and talon?
        A position no better than one searched (or being searched) is skipped: a win from it
        is a win from that one by the same moves (and draws). Otherwise ``node`` is noted in
        ``pointers`` (table -> the least pointers seen, see below).

        Draw three with unlimited passes: from pointer p the player can go on drawing, or
        turn the waste over and reach all that pointer 0 reaches, so p offers every top card
        that 0 offers (and a pointer at a multiple of three, or at the talon's end, offers no
        more than 0), and p' <= p with p' = p (mod 3) offers every top card that p offers;
        ``pointers`` holds the least pointer seen per p mod 3 (-1 for none).

        Draw one with limited passes: pointer p' with the same redeals r reaches every p >=
        p' by drawing, and with fewer redeals reaches every pointer of r's pass through a
        redeal; ``pointers`` holds the least pointer seen per redeals (-1 for none)."""
        pointer, size = node[4], len(node[3])
        whole = key[:-2]
        seen = pointers.get(whole)
        if self.draw == 1:
            redeals = node[5]
            if seen is not None and (any(0 <= seen[fewer] for fewer in range(redeals)) or 0 <= seen[redeals] <= pointer):
                return True
            if seen is None:
                seen = pointers[whole] = [-1] * ((self.max_redeals or 0) + 1)
            seen[redeals] = pointer
            return False
        at_start = pointer % 3 == 0 or pointer == size
        if seen is not None and (at_start or 0 <= seen[pointer % 3] <= pointer):
            return True
        if seen is None:
            seen = pointers[whole] = [-1, -1, -1]
        if not at_start:
            seen[pointer % 3] = pointer
        return False

    # -- the talon ---------------------------------------------------------------

    def reach(self, talon: bytes, pointer: int, redeals: int) -> list[tuple[int, int, int, int]]:
        """The talon cards that draws (and at most one redeal) bring to the top of the
        waste: (card, place, clicks, redealt), the place 1-based; the fewest clicks first.
        Relaxed: every card, no clicks."""
        if self.relaxed:
            return [(card, place + 1, 0, 0) for place, card in enumerate(talon)]
        cache_key = (talon, pointer, redeals)
        found = self.reach_cache.get(cache_key)
        if found is not None:
            return found
        result: list[tuple[int, int, int, int]] = []
        size = len(talon)
        seen: set[int] = set()
        if pointer > 0:
            result.append((talon[pointer - 1], pointer, 0, 0))
            seen.add(pointer)
        place, clicks = pointer, 0
        while place < size:
            place = min(place + self.draw, size)
            clicks += 1
            result.append((talon[place - 1], place, clicks, 0))
            seen.add(place)
        if size and (self.max_redeals is None or redeals < self.max_redeals):
            clicks += 1
            place = 0
            while place < size:
                place = min(place + self.draw, size)
                clicks += 1
                if place not in seen:
                    result.append((talon[place - 1], place, clicks, 1))
        if len(self.reach_cache) > 100_000:
            self.reach_cache.clear()
        self.reach_cache[cache_key] = result
        return result

    # -- moves ----------------------------------------------------------------

    def moves(self, node: Node) -> list[Step]:
        """The node's moves, likely best first: cards home, the reserve's card, moves between
        columns (those emptying a column first), talon cards, foundation cards back."""
        columns, heights, left, talon, pointer, redeals = node
        height, suit_of, parents = self.height, self.suit, self.parents
        home: list[Step] = []
        reserve_moves: list[Step] = []
        between: list[Step] = []
        emptying: list[Step] = []
        from_talon: list[Step] = []
        # The column each top card is on.
        where = {column[-1]: index for index, column in enumerate(columns) if column}
        empty = [index for index, column in enumerate(columns) if not column]
        first_empty = empty[0] if empty else -1

        def targets(card: int, source_column: int = -1) -> list[int]:
            """The columns ``card`` may go to, left to right, and the first empty one."""
            found = [where[parent] for parent in parents[card] if parent in where and where[parent] != source_column]
            if len(found) > 1:
                found.sort()
            if first_empty >= 0:
                found.append(first_empty)
            return found

        for index, column in enumerate(columns):
            if not column:
                continue
            card = column[-1]
            if heights[suit_of[card]] == height[card] - 1:
                home.append((TABLEAU, index, FOUNDATION, 0, 1, 0, 0, card))
            for count in self.movable_counts(column):
                lead = column[-count]
                for target in targets(lead, index):
                    if target == first_empty and count == len(column):
                        continue  # a whole column to an empty one changes nothing
                    step = (TABLEAU, index, TABLEAU, target, count, 0, 0, lead)
                    (emptying if count == len(column) else between).append(step)
        if left:
            card = self.reserve[left - 1]
            if heights[suit_of[card]] == height[card] - 1:
                home.append((RESERVE, 0, FOUNDATION, 0, 1, 0, 0, card))
            reserve_moves += [(RESERVE, 0, TABLEAU, target, 1, 0, 0, card) for target in targets(card)]
        # Within limited passes a redeal is spent for good: the talon cards it brings up come last.
        later: list[Step] = []
        for card, place, clicks, redealt in self.reach(talon, pointer, redeals):
            spent = later if redealt and self.max_redeals is not None else None
            if heights[suit_of[card]] == height[card] - 1:
                (home if spent is None else spent).append((TALON, place, FOUNDATION, 0, 1, clicks, redealt, card))
            (from_talon if spent is None else spent).extend(
                (TALON, place, TABLEAU, target, 1, clicks, redealt, card) for target in targets(card)
            )
        moves = home + reserve_moves + emptying + between + from_talon + later
        if self.back:
            for suit_index in range(4):
                if heights[suit_index]:
                    card = self.home_card[suit_index][heights[suit_index]]
                    moves += [(FOUNDATION, suit_index, TABLEAU, target, 1, 0, 0, card) for target in targets(card)]
        return moves

    def movable_counts(self, column: bytes) -> list[int]:
        if self.any_run:
            counts = [1]
            while counts[-1] < len(column) and column[-counts[-1]] in self.goes_on[column[-counts[-1] - 1]]:
                counts.append(counts[-1] + 1)
            return counts
        return [1] if len(column) == 1 else [1, len(column)]

    def play(self, node: Node, step: Step) -> tuple[Node, list[Step]]:
        """The node after ``step`` (the emptied column filled from the reserve, the safe moves
        played), and the steps that got there."""
        columns, heights, left, talon, pointer, redeals = node
        source, source_index, target, target_index, count, _clicks, redealt, card = step
        cols = list(columns)
        tall = bytearray(heights)
        if source == TABLEAU:
            cards = cols[source_index][-count:]
            cols[source_index] = cols[source_index][:-count]
        elif source == RESERVE:
            cards = bytes((card,))
            left -= 1
        elif source == TALON:
            cards = bytes((card,))
            talon = talon[: source_index - 1] + talon[source_index:]
            pointer = source_index - 1
            redeals += redealt
        else:
            cards = bytes((card,))
            tall[source_index] -= 1
        if target == TABLEAU:
            cols[target_index] += cards
        else:
            tall[self.suit[card]] += 1
        return self.close((cols, tall, left, talon, pointer, redeals), [step])

    def close(self, parts: tuple[list[bytes], bytearray, int, bytes, int, int], steps: list[Step]) -> tuple[Node, list[Step]]:
        """Fill empty columns from the reserve and play the safe moves, until neither is left."""
        cols, tall, left, talon, pointer, redeals = parts
        reserve, suit_of = self.reserve, self.suit
        while True:
            for index in range(COLUMNS):
                if not cols[index] and left:
                    left -= 1
                    cols[index] = reserve[left : left + 1]
            if not self.use_safe:
                break
            # One safe move at a time, the emptied column filled before the next, as the rules do.
            for index in range(COLUMNS):
                column = cols[index]
                if column and self.safe(column[-1], tall):
                    card = column[-1]
                    tall[suit_of[card]] += 1
                    cols[index] = column[:-1]
                    steps.append((TABLEAU, index, FOUNDATION, 0, 1, 0, 0, card))
                    break
            else:
                if left and self.safe(reserve[left - 1], tall):
                    card = reserve[left - 1]
                    tall[suit_of[card]] += 1
                    left -= 1
                    steps.append((RESERVE, 0, FOUNDATION, 0, 1, 0, 0, card))
                elif self.safe_waste and pointer and self.safe(talon[pointer - 1], tall):
                    card = talon[pointer - 1]
                    tall[suit_of[card]] += 1
                    talon = talon[: pointer - 1] + talon[pointer:]
                    steps.append((TALON, pointer, FOUNDATION, 0, 1, 0, 0, card))
                    pointer -= 1
                else:
                    break
        return (tuple(cols), bytes(tall), left, talon, pointer, redeals), steps

    def safe(self, card: int, heights: bytearray) -> bool:
        place = self.height[card]
        if heights[self.suit[card]] != place - 1:
            return False
        partners = place - 1 or 13
        first, second = self.partners[card]
        return heights[first] >= partners and heights[second] >= partners

    def talon_top_at_start(self, place: int, size: int, pointer: int) -> bool:
        """Can the talon card at ``place`` (1-based) come to the top of the waste while no talon
        card is lifted (``talon_tops``)? The waste's top, the last card, and in draw three the
        places the current pass's draws reach and the multiples of three (after a redeal); in
        draw one's last pass every place from the pointer on."""
        if place == pointer or place == size:
            return True
        if self.draw == 1:
            return place > pointer
        return place % 3 == 0 or (place > pointer and (place - pointer) % 3 == 0)

    def talon_tops(self, talon: bytes, place: int, free: list[bool], lifted_before: list[int]) -> list[int]:
        """The talon cards that come free once the card at ``place`` (1-based) is lifted (it
        leaves the waste from its top): the card under it on the waste, and in draw three each
        later card at a place ``i`` with ``i % 3 <= `` the talon cards lifted before it
        (``hopeless`` argues it). Marks them free and returns them."""
        found: list[int] = []
        if place > 1 and not free[talon[place - 2]]:
            free[talon[place - 2]] = True
            found.append(talon[place - 2])
        if self.draw == 3:
            for later in range(place + 1, len(talon) + 1):
                lifted_before[later] += 1
                card = talon[later - 1]
                if not free[card] and later % 3 <= lifted_before[later]:
                    free[card] = True
                    found.append(card)
        return found

    def hopeless(self, node: Node) -> bool:
        """Can some card never go home, whatever is played? A least fixpoint of facts that every
        line from ``node`` must establish before they happen (the module docstring argues it):
        per card ``free`` (at some time the top of its pile), ``lifted`` (it leaves the card it
        lies on), ``top`` (at some time a column's top card); per suit how high its foundation
        can get; whether a column can ever be empty, and whether one can be empty once the
        reserve is used up. Only what is derived may happen, so a card never derived home stays
        out of it."""
        columns, heights, left, talon, pointer, redeals = node
        height, suit_of, parents, children, home_card = self.height, self.suit, self.parents, self.children, self.home_card
        below = [-1] * 52
        present = [False] * 52
        in_column = [False] * 52
        in_reserve = [False] * 52
        free = [False] * 52
        top = [False] * 52
        lifted = [False] * 52
        reach = list(heights)
        any_run = self.any_run
        # A column empty at some time; and one empty once the reserve is used up (until then the
        # reserve's top card fills an emptied column at once: no other card goes there).
        empty = False
        work: list[int] = []
        bottoms: list[int] = []
        for column in columns:
            if not column:
                empty = True
                continue
            bottoms.append(column[0])
            under = -1
            for card in column:
                in_column[card] = present[card] = True
                below[card] = under
                under = card
            work.append(column[-1])
        under = -1
        for card in self.reserve[:left]:
            present[card] = in_reserve[card] = True
            below[card] = under
            under = card
        if left:
            work.append(under)
        last_reserve = self.reserve[0] if left else -1
        for card in work:
            free[card] = True
        # The talon: which of its cards can ever come to the top of the waste (``talon_tops``).
        size = len(talon)
        ordered = self.talon_order and (self.draw == 3 or redeals == self.max_redeals)
        for place, card in enumerate(talon, 1):
            present[card] = True
            if not ordered or self.talon_top_at_start(place, size, pointer):
                free[card] = True
                work.append(card)
        talon_place = {card: place for place, card in enumerate(talon, 1)} if ordered else {}
        # Talon cards lifted before each place (draw three), the last place not lifted.
        lifted_before = [0] * (size + 2)
        last_left = size
        open_any = empty and not left
        total = sum(reach)
        while True:
            while work:
                card = work.pop()
                is_free = free[card]
                if not is_free and not (any_run and in_column[card]):
                    continue
                goes = reach[suit_of[card]]
                homed = height[card] <= goes
                if is_free and not homed and height[card] == goes + 1:
                    reach[suit_of[card]] = goes = goes + 1
                    homed = True
                    total += 1
                    if total == 52:
                        return False
                    if goes < 13:
                        work.append(home_card[suit_of[card]][goes + 1])
                placed = open_any or (empty and in_reserve[card])
                if not placed:
                    for parent in parents[card]:
                        if top[parent]:
                            placed = True
                            break
                if not lifted[card] and ((homed and is_free) or placed):
                    lifted[card] = True
                    under = below[card]
                    if under >= 0 and not free[under]:
                        free[under] = True
                        work.append(under)
                    if card in talon_place:
                        work += self.talon_tops(talon, talon_place[card], free, lifted_before)
                        while last_left and lifted[talon[last_left - 1]]:
                            last_left -= 1
                        if last_left and not free[talon[last_left - 1]]:
                            free[talon[last_left - 1]] = True
                            work.append(talon[last_left - 1])
                if is_free and not top[card] and (in_column[card] or placed):
                    top[card] = True
                    work += [child for child in children[card] if present[child]]
            if not empty:
                for bottom in bottoms:
                    if height[bottom] <= reach[suit_of[bottom]] or any(top[parent] for parent in parents[bottom]):
                        empty = True
                        break
                if not empty:
                    break
            elif open_any or not (last_reserve < 0 or lifted[last_reserve]):
                break
            open_any = empty and (last_reserve < 0 or lifted[last_reserve])
            work = [card for card in range(52) if present[card]]
        return total < 52


def is_won(node: Node) -> bool:
    return sum(node[1]) == 52


class TableSearch:
    """What the depth-first and best-first searches share: the model, the root with its
    safe moves played, the transposition table and draw three's least pointers (a pair
    of searches may share them: ``CanfieldSearch``)."""

    def __init__(self, model: Model, position: CanfieldPosition, tables: Tables | None = None) -> None:
        self.model = model
        self.root, self.root_steps = model.close(self.parts(model.node(position)), [])
        self.visited, self.pointers = tables if tables is not None else (set(), {})
        root_key = model.key(self.root)
        # Draw three's least pointers per table (``Model.dominated``).
        self.dominance = not model.relaxed and not model.plain and (model.draw == 3) == (model.max_redeals is None)
        self.visited.add(root_key)
        if self.dominance:
            model.dominated(self.root, root_key, self.pointers)
        self.nodes = 0
        self.line: list[Step] | None = self.root_steps if is_won(self.root) else None
        # Two searches sharing the tables both expand the root: its children are each the
        # one's that sees it first.
        self.begin(self.line is None)

    def begin(self, root_open: bool) -> None:
        """Set up the search's own state; ``root_open``: the root is this search's to expand."""
        raise NotImplementedError

    def run(self, nodes: int) -> bool | None:
        """Expand at most ``nodes`` more nodes: True when won, False when every position is
        searched, None when not finished."""
        raise NotImplementedError

    @staticmethod
    def parts(node: Node) -> tuple[list[bytes], bytearray, int, bytes, int, int]:
        columns, heights, left, talon, pointer, redeals = node
        return list(columns), bytearray(heights), left, talon, pointer, redeals

    def is_new(self, child: Node, parent: Node) -> bool:
        """Whether ``child`` is to be searched: not seen before, nor dominated by a position seen
        (then noted as seen), nor, where the reserve shrank on the way from ``parent``,
        hopeless (``Model.hopeless``; tried there only, where it finds most dead ends for
        its cost)."""
        child_key = self.model.key(child)
        if child_key in self.visited:
            return False
        self.visited.add(child_key)
        if self.dominance and self.model.dominated(child, child_key, self.pointers):
            return False
        if self.model.use_dead_ends and child[2] != parent[2]:
            return not self.model.hopeless(child)
        return True


class DepthFirst(TableSearch):
    """A resumable depth-first search of one position (finds easy wins at once)."""

    # Frames: the node, its moves, the next move to try, the steps that led to it.
    stack: list[tuple[Node, list[Step], list[int], list[Step]]]

    def begin(self, root_open: bool) -> None:
        self.stack = []
        if root_open:
            self.stack.append((self.root, self.model.moves(self.root), [0], self.root_steps))
            self.nodes = 1

    def run(self, nodes: int) -> bool | None:
        if self.line is not None:
            return True
        stack = self.stack
        play, moves, is_new = self.model.play, self.model.moves, self.is_new
        limit = self.nodes + nodes
        while stack:
            node, options, cursor, _ = stack[-1]
            index = cursor[0]
            if index >= len(options):
                stack.pop()
                continue
            if self.nodes >= limit:
                return None
            cursor[0] = index + 1
            child, steps = play(node, options[index])
            if is_won(child):
                self.line = [step for frame in stack for step in frame[3]] + steps
                return True
            if not is_new(child, node):
                continue
            self.nodes += 1
            stack.append((child, moves(child), [0], steps))
        return False


class BestFirst(TableSearch):
    """A resumable best-first search of one position: the position with the fewest reserve
    cards left, then the fewest cards not home, first (the newest first among equals); it
    finds the wins that depth-first buries under a wrong early choice."""

    RESERVE_WEIGHT = 3

    def __init__(self, model: Model, position: CanfieldPosition, tables: Tables | None = None, redeal_weight: int = 0) -> None:
        """``redeal_weight``: within limited passes, a redeal used counts as this many cards not home."""
        self.redeal_weight = redeal_weight
        super().__init__(model, position, tables)

    def begin(self, root_open: bool) -> None:
        # Per node seen: its parent's index and the steps from there (for the line).
        self.store: list[tuple[int, list[Step]]] = [(-1, self.root_steps)]
        self.heap: list[tuple[int, int, Node, int]] = [(0, 0, self.root, 0)] if root_open else []
        self.counter = 0

    def path(self, index: int) -> list[Step]:
        parts: list[list[Step]] = []
        while index >= 0:
            index, steps = self.store[index]
            parts.append(steps)
        return [step for part in reversed(parts) for step in part]

    def run(self, nodes: int) -> bool | None:
        if self.line is not None:
            return True
        heap, store = self.heap, self.store
        play, moves, is_new = self.model.play, self.model.moves, self.is_new
        limit = self.nodes + nodes
        while heap:
            if self.nodes >= limit:
                return None
            _, _, node, index = heappop(heap)
            self.nodes += 1
            for step in moves(node):
                child, steps = play(node, step)
                if is_won(child):
                    self.line = self.path(index) + steps
                    return True
                if not is_new(child, node):
                    continue
                store.append((index, steps))
                self.counter += 1
                priority = self.RESERVE_WEIGHT * child[2] + 52 - sum(child[1]) + self.redeal_weight * child[5]
                heappush(heap, (priority, -self.counter, child, len(store) - 1))
        return False


def engine_line(rules: Canfield, start: CanfieldPosition, steps: list[Step]) -> list[Move]:
    """The engine's moves that play ``steps`` from ``start`` (each checked by ``rules.apply``)."""
    position = start
    line: list[Move] = []

    def do(move: Move) -> None:
        nonlocal position
        position = rules.apply(position, move)
        line.append(move)

    for source, source_index, target, target_index, count, clicks, _redealt, card in steps:
        for _ in range(clicks):
            do(rules.stock_moves(position)[0])
        if source == TALON:
            assert position.waste and position.waste[-1] == card, "the line lost the stock"
            name = "waste"
        elif source == RESERVE:
            name = "reserve"
        elif source == TABLEAU:
            name = rules.tableau_names[source_index]
        else:
            name = next(rules.foundation_names[i] for i, pile in enumerate(position.foundations) if pile and pile[-1] == card)
        goal = rules.foundation_targets(position, card)[0] if target == FOUNDATION else rules.tableau_names[target_index]
        do(Move(name, goal, count))
    return line


# A member of the portfolio: its search, its group (the members sharing one transposition
# table: the game is lost once every member of a group has run out) and its nodes per turn.
Member = tuple[TableSearch, int, int]


class CanfieldSearch(Search):
    """Searches of one position taking turns, sharing the budget: the exact depth-first and
    best-first searches sharing one transposition table (each position is the one's that
    saw it first to search, so the game is lost when both have run out), and, where passes
    are limited, a second best-first search with a table of its own that spends redeals
    more freely (``LIMITED_PASSES_REDEAL_WEIGHTS``): the two orders win different deals,
    and in one table each would claim the positions the other needs. A member that has run
    out leaves the rotation; turns depend only on nodes spent, so slices of any size give
    the same verdict."""

    def __init__(self, rules: Canfield, position: CanfieldPosition, budget: int, quick: bool = False) -> None:
        """``quick``: the exact depth-first search alone (a daily's proof)."""
        self.rules = rules
        self.position = position
        self.budget = budget
        exact = Model(rules, position, relaxed=False)
        # A daily's proof searches as it did before the dead-end test came (2026-12-06): the
        # test only prunes lost subtrees, but the search then reaches a win within the daily's
        # budget on candidates it did not before, and a date's deal, once out, stays.
        exact.use_dead_ends = exact.use_dead_ends and not quick
        tables: Tables = (set(), {})
        self.members: list[Member] = [(DepthFirst(exact, position, tables), 0, EXACT_TURN)]
        if not quick and rules.max_redeals is None:
            self.members.append((BestFirst(exact, position, tables), 0, EXACT_TURN))
        elif not quick:
            shared, own = LIMITED_PASSES_REDEAL_WEIGHTS
            self.members.append((BestFirst(exact, position, tables, shared), 0, EXACT_TURN))
            self.members.append((BestFirst(exact, position, (set(), {}), own), 1, EXACT_TURN))
        self.left_in_group = [sum(1 for member in self.members if member[1] == group) for group in (0, 1)]
        self.spent = sum(member[0].nodes for member in self.members)
        self.turn = 0
        self.in_turn = 0
        self.verdict: Verdict | None = None
        first = self.members[0][0]
        if first.line is None and exact.use_dead_ends and exact.hopeless(first.root):
            self.verdict = Verdict("unwinnable", (), self.spent)

    def run(self, nodes: int) -> Verdict | None:
        while self.verdict is None and nodes > 0:
            if self.spent >= self.budget or not self.members:
                self.verdict = Verdict("unknown", (), self.spent)
                break
            search, group, turn = self.members[self.turn]
            before = search.nodes
            outcome = search.run(min(nodes, self.budget - self.spent, turn - self.in_turn))
            used = search.nodes - before
            self.spent += used
            nodes -= used
            self.in_turn += used
            if outcome is True:
                assert search.line is not None
                self.verdict = Verdict("winnable", tuple(engine_line(self.rules, self.position, search.line)), self.spent)
            elif outcome is False:
                self.left_in_group[group] -= 1
                if not self.left_in_group[group]:
                    self.verdict = Verdict("unwinnable", (), self.spent)
                del self.members[self.turn]
                self.in_turn = 0
                self.turn = self.turn % max(len(self.members), 1)
            elif self.in_turn >= turn:
                self.in_turn = 0
                self.turn = (self.turn + 1) % len(self.members)
        return self.verdict


class CanfieldSolver(Solver):
    """Canfield: exact depth-first and best-first searches over K+ stock moves."""

    default_budget = DEFAULT_BUDGET
    daily_budget = DAILY_BUDGET
    analysis_budget = ANALYSIS_BUDGET

    def __init__(self, rules: Rules[Any]) -> None:
        super().__init__(rules)
        if not isinstance(rules, Canfield):
            raise TypeError(f"the Canfield solver plays Canfield, not {rules.game_id}")
        self.canfield = rules
        if rules.max_redeals is not None:
            self.daily_budget = DRAW_ONE_DAILY_BUDGET

    def start(self, position: Any, budget: int) -> Search:
        return CanfieldSearch(self.canfield, position, budget)

    def proof_search(self, position: Any) -> Search:
        """A daily must be proven winnable, quickly: the exact depth-first search alone, which
        finds the easy wins at once (most candidates it does not win cost the whole budget)."""
        return CanfieldSearch(self.canfield, position, self.daily_budget, quick=True)
