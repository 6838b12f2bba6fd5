"""Yukon solver: two searches with transposition tables, exact verdicts.

Full information: the solver knows every face-down card (as the Klondike solver does),
but plays by the rules: a face-down card moves only once it has turned.

The search's position
    The seven columns as ``bytes`` of cards, a face-down card written as its id + 64;
    the foundations follow from the cards not on the table. The transposition-table key
    is the columns sorted (columns are interchangeable) and joined by a separator.

Moves
    Every legal move: a column's top card home; any face-up card, with all the cards
    on it, onto a column top one rank higher of the other colour; a King with cards
    under it into an empty column (only the first empty column: the others give the
    same key; a King at the bottom of a column moved to an empty one gives the same
    key too).

The searches
    A depth-first search tries a node's children best first: those that turn a card face
    up, those that empty a column, those that put a card lying out of sequence onto a
    card it fits, a card home, a King into an empty column, and last a card lying in
    sequence moved onto the other card it fits (its "twin"). A best-first search expands
    the position with the fewest face-down cards (each counting ``HIDDEN_WEIGHT`` cards)
    and cards not home first, the newest among equals: it finds the wins that
    depth-first buries under a wrong early choice. Variants of them join in
    (``MEMBERS``): a depth-first search trying, among children of one kind, those whose
    columns' face-down counts have the smallest sum of squares first, and one trying
    them in the columns' other order; a best-first search counting the deepest column's
    face-down cards once more, and one counting a face-down card as
    ``LIGHT_HIDDEN_WEIGHT`` cards. A win lies early in one order and past any budget in
    another (deal 51: won at 559 nodes so, unknown at 1,000,000 by the first two alone),
    and a loss costs the same with six searches as with two (below), so the variants are
    nearly free. They run in turns of ``TURN`` nodes, each with its own transposition
    table (sharing one cost the depth-first search its good lines on deals 1-40), and
    each leaves alone a position any has expanded (not one another has only seen: that
    one's line is still its own), so a lost game costs about the positions once, not six
    times. The game is lost once all have run out of positions: then every child of a
    position expanded is lost by the dead-end test or was expanded by one of them (the
    one that met it, or another, which it left it to), so the positions expanded, the
    start among them, are closed under moves and hold no win.

Safe moves (sound pruning)
    After every move the search plays the safe moves of ``games.yukon``: a card whose
    two foundations of the other colour have reached one rank below it. Nothing can
    ever be put on it, and foundation cards never come back, so any winning line stays
    a winning line with the card sent home at once (every later move is still legal:
    none moved a card onto it; a group it belonged to moves without it; a column it
    alone held is empty sooner).

Dead ends (sound pruning)
    Every card on the table must leave its place (the card it lies on, its "floor", or
    the bottom of its column) some time before the game is won: it goes home from there,
    or moves as the bottom card of a move onto one of its two "parents" (one rank higher,
    the other colour) standing as a column top, or, a King, into an empty column. Take a
    set of such cards and suppose none of them has left yet. Then a card of the set
    "covers" its floor: the floor is no column top and does not go home (it may move, but
    only with the card on it), and a face-down floor does not move at all (it turns only
    once it is a top). A column whose bottom card is in the set is never empty. A parent
    lying above a card in its own column, with every card from the one on the card up to
    the parent in the set, stays there (each stays on its floor) and so moves with the card
    whenever it moves: no way out for it. A card of the set can then leave only through
    a parent neither covered nor home nor held above it so; home, if it is not covered
    and no lower card of its suit is covered or in the set (such a card is on the table);
    a King, an empty column (some column's bottom card not in the set, or a column empty
    already); and a covered face-down card not at all. Start from every card
    on the table and drop, again and again, each card with a way out while the cards left
    stay (dropping a card uncovers its floor, or frees its column if it is the bottom
    card). If some are left, none of them can be the first of them to leave, so none ever
    leaves and the position is lost: it is not searched (``stuck_cards``, over bit sets:
    ``with_free_parent`` finds the cards with a parent free by shifting ranks).

Why the verdicts are exact
    ``winnable`` comes with the moves of the line found, replayed through
    ``Rules.apply`` (which also checks them). ``unwinnable`` only once all the searches have
    run out of positions: every position reachable from the start, up to the key, the
    safe moves and the dead-end test (none of which changes whether a position can be
    won), has been expanded by one of them without a win. When the budget runs out
    first the verdict is ``unknown``.
"""

from __future__ import annotations

import heapq
from typing import Any

from ..game import Move, Rules
from ..games.yukon import FOUNDATION, TABLEAU, Yukon, YukonPosition
from ..solver import Search, Solver, Verdict

DOWN = 64  # a face-down card is written as its id + DOWN
SEPARATOR = b"\xff"

RANK = [card % 13 for card in range(52)]  # 0 for an Ace .. 12 for a King
SUIT = [card // 13 for card in range(52)]
KING = 12
OTHER_COLOUR = ((1, 2), (0, 3), (0, 3), (1, 2))  # by suit: clubs, diamonds, hearts, spades
# The cards a card may lie on in a column (one rank higher, the other colour).
PARENTS: list[tuple[int, ...]] = [
    tuple(other * 13 + RANK[card] + 1 for other in OTHER_COLOUR[SUIT[card]]) if RANK[card] < KING else () for card in range(52)
]
FITS = [[lower in PARENTS[upper] for upper in range(52)] for lower in range(52)]  # FITS[lower][upper]
BIT = [1 << card for card in range(52)]
PARENT_BITS = [sum(BIT[parent] for parent in PARENTS[card]) for card in range(52)]
# The cards of the card's suit below it.
LOWER_BITS = [sum(BIT[SUIT[card] * 13 + lower] for lower in range(RANK[card])) for card in range(52)]

# Steps: a move as a small int, card | target << 6; the target is a card (the top of the
# column the cards go onto) or one of these.
TO_EMPTY = 52
TO_FOUNDATION = 54

# Move order: the lower, the sooner tried.
TURNS, EMPTIES, ORDERS, HOME, KING_TO_EMPTY, TWIN = 0, 1, 2, 3, 4, 5

DEFAULT_BUDGET = 100_000
DAILY_BUDGET = 2_000

Columns = tuple[bytes, ...]
Child = tuple[int, list[int], Columns, list[int]]  # move order, steps, columns, heights


def face_down_count(column: bytes) -> int:
    down = 0
    for card in column:
        if card < DOWN:
            break
        down += 1
    return down


def with_top_turned(column: bytes) -> bytes:
    """The column with a face-down card on top turned face up."""
    if column and column[-1] >= DOWN:
        return column[:-1] + bytes((column[-1] - DOWN,))
    return column


def heights_of(columns: Columns) -> list[int]:
    """Each suit's foundation height: the cards of the suit not on the table (they go home in order)."""
    out = [13, 13, 13, 13]
    for column in columns:
        for card in column:
            out[SUIT[card & 63]] -= 1
    return out


def is_safe(card: int, heights: list[int]) -> bool:
    """Next on its foundation, and its two foundations of the other colour at least one rank below it."""
    if heights[SUIT[card]] != RANK[card]:
        return False
    first, second = OTHER_COLOUR[SUIT[card]]
    return heights[first] >= RANK[card] and heights[second] >= RANK[card]


def auto_play(columns: list[bytes], heights: list[int], steps: list[int]) -> bool:
    """Play safe moves until none is left (in place), recording their steps; True if any."""
    played = False
    progress = True
    while progress:
        progress = False
        for index, column in enumerate(columns):
            while column and column[-1] < DOWN and is_safe(column[-1], heights):
                heights[SUIT[column[-1]]] += 1
                steps.append(column[-1] | TO_FOUNDATION << 6)
                column = with_top_turned(column[:-1])
                progress = played = True
            columns[index] = column
    return played


def key(columns: Columns | list[bytes]) -> bytes:
    return SEPARATOR.join(sorted(columns))


# Column -> its ``shape``, remembered by a search (a child shares most columns with its parent).
# A parent held above a card: (the card, as a bit; the parent, as a bit; the cards from the one
# on the card up to the parent, as bits).
HeldAbove = tuple[tuple[int, int, int], ...]
Shape = tuple[int, int, int, dict[int, int], int, HeldAbove]
Shapes = dict[bytes, Shape]
SHAPES_LIMIT = 50_000
ALL_COLUMNS = (1 << 7) - 1
ALL_CARDS = (1 << 52) - 1
ONE_SUIT = (1 << 13) - 1
KINGS = sum(BIT[suit * 13 + KING] for suit in range(4))


def shape(column: bytes, known: Shapes) -> Shape:
    """The column as bits for ``stuck_cards``: its cards, those with a card on them, those
    face down, each card's floor (both as bits; 0 for the bottom card's floor), the
    cards with a parent above them in the column, and those parents (``HeldAbove``)."""
    cards = covered = down = 0
    floor_of: dict[int, int] = {}
    below = 0
    for card in column:
        real = card & 63
        cards |= BIT[real]
        covered |= below
        if card >= DOWN:
            down |= BIT[real]
        floor_of[BIT[real]] = below
        below = BIT[real]
    held: list[tuple[int, int, int]] = []
    for index, card in enumerate(column):
        between = 0
        for above in column[index + 1 :]:
            between |= BIT[above & 63]
            if above & 63 in PARENTS[card & 63]:
                held.append((BIT[card & 63], BIT[above & 63], between))
    found = (cards, covered, down, floor_of, sum({one for one, _, _ in held}), tuple(held))
    if len(known) >= SHAPES_LIMIT:
        known.clear()
    known[column] = found
    return found


def with_free_parent(free: int) -> int:
    """The cards (as bits) one of whose parents (one rank higher, the other colour) is in ``free``."""
    red = ((free >> 13) | (free >> 26)) & ONE_SUIT  # by rank: a red card is free
    black = (free | (free >> 39)) & ONE_SUIT
    return (red >> 1) * (1 | 1 << 39) | (black >> 1) * (1 << 13 | 1 << 26)


# By a suit's waiting cards (13 bits): its cards with none of them below (see ``lowest_of_suits``).
LOWEST = [ONE_SUIT if not low else ((low & -low) << 1) - 1 for low in range(1 << 13)]


def lowest_of_suits(waiting: int) -> int:
    """The cards (as bits) with no card of ``waiting`` of their suit below them."""
    return (
        LOWEST[waiting & ONE_SUIT]
        | LOWEST[waiting >> 13 & ONE_SUIT] << 13
        | LOWEST[waiting >> 26 & ONE_SUIT] << 26
        | LOWEST[waiting >> 39 & ONE_SUIT] << 39
    )


def stuck_cards(columns: Columns | list[bytes], heights: list[int], known: Shapes | None = None) -> int:
    """The cards (as bits) of which none can ever be the first to leave its place (see the
    module), 0 if none. ``known``: the shapes of columns met before (a search's own), to look up."""
    if known is None:
        known = {}
    home = 0
    for suit in range(4):
        home |= ((1 << heights[suit]) - 1) << (13 * suit)
    shapes: list[Shape] = []
    staying = covered = down = 0
    for column in columns:
        if column:
            found = known.get(column)
            if found is None:
                found = shape(column, known)
            shapes.append(found)
            staying |= found[0]
            covered |= found[1]
            down |= found[2]
    full = (1 << len(shapes)) - 1
    held = full  # the columns (of ``shapes``) whose bottom card stays: never empty
    if len(shapes) < len(columns):
        held = 0  # a column is empty already: a King may go there
    while True:
        # The cards of ``staying`` with a way out while all of them stay: a parent that may be a
        # column top (not covered, not home); home, once no card of its suit below it waits and
        # nothing lies on it; a King, an empty column; none for a face-down card something lies on.
        free = ALL_CARDS & ~covered & ~home
        other_way = lowest_of_suits(covered | staying) & ~covered
        if held != full:
            other_way |= KINGS
        leaving = staying & (with_free_parent(free) | other_way) & ~(covered & down)
        # A parent lying above the card in its column, every card from the one on it up to the
        # parent staying, moves with it: it is no way out for it.
        through_parent = leaving & ~other_way
        for found in shapes:
            if not through_parent & found[4]:
                continue
            blocked: dict[int, int] = {}
            for card, parent, between in found[5]:
                if through_parent & card and between & staying == between:
                    blocked[card] = blocked.get(card, 0) | parent
            for card, parents in blocked.items():
                if not PARENT_BITS[card.bit_length() - 1] & free & ~parents:
                    leaving &= ~card
        if not leaving:
            return staying
        staying &= ~leaving
        if not staying:
            return 0
        for index, found in enumerate(shapes):
            gone = leaving & found[0]
            while gone:
                low = gone & -gone
                gone ^= low
                floor = found[3][low]
                if floor:
                    covered &= ~floor  # nothing of ``staying`` lies on it now
                else:
                    held &= ~(1 << index)  # its bottom card: the column may be emptied


def children(columns: Columns, heights: list[int]) -> list[Child]:
    """The children of a node, best first: (order, steps, columns, heights)."""
    tops: dict[int, int] = {}
    empty = -1
    for index, column in enumerate(columns):
        if column:
            tops[column[-1]] = index
        elif empty < 0:
            empty = index
    found: list[Child] = []
    for index, column in enumerate(columns):
        size = len(column)
        if not size:
            continue
        down = face_down_count(column)
        top = column[-1]
        if heights[SUIT[top]] == RANK[top]:
            moved = list(columns)
            moved[index] = with_top_turned(column[:-1])
            raised = list(heights)
            raised[SUIT[top]] += 1
            steps = [top | TO_FOUNDATION << 6]
            auto_play(moved, raised, steps)
            found.append((HOME, steps, tuple(moved), raised))
        for start in range(down, size):
            card = column[start]
            if RANK[card] == KING:
                if empty < 0 or start == 0:
                    continue
                targets = [(empty, TO_EMPTY)]
            else:
                targets = [(tops[parent], parent) for parent in PARENTS[card] if parent in tops]
            for target, name in targets:
                if target == index:
                    continue
                moved = list(columns)
                rest = column[:start]
                turned = start == down and down > 0
                moved[index] = with_top_turned(rest)
                moved[target] = columns[target] + column[start:]
                steps = [card | name << 6]
                raised = list(heights)
                if rest:
                    auto_play(moved, raised, steps)
                if turned:
                    order = TURNS
                elif not rest:
                    order = EMPTIES
                elif name == TO_EMPTY:
                    order = KING_TO_EMPTY
                elif FITS[rest[-1]][card]:
                    order = TWIN
                else:
                    order = ORDERS
                found.append((order, steps, tuple(moved), raised))
    found.sort(key=lambda child: child[0])
    return found


# Outcomes of a member's ``run``.
GOING, WON, EXHAUSTED = 0, 1, 2
TURN = 256  # nodes per turn of each search in the portfolio
# The searches, in turns: depth-first and best-first, and their variants (see the module).
MEMBERS = ("depth", "best", "depth-deep", "best-deep", "depth-reversed", "best-light")
HIDDEN_WEIGHT = 3  # best-first: a face-down card counts as much as this many cards not home
LIGHT_HIDDEN_WEIGHT = 2  # the same for "best-light"


def hidden_count(columns: Columns) -> int:
    return sum(face_down_count(column) for column in columns)


def priority_of(columns: Columns, heights: list[int], hidden_weight: int = HIDDEN_WEIGHT) -> int:
    """The best-first search's measure of a position: the lower, the sooner expanded."""
    return hidden_weight * hidden_count(columns) + 52 - sum(heights)


def play_steps(columns: Columns, heights: list[int], steps: list[int] | tuple[int, ...]) -> tuple[Columns, list[int]]:
    """The columns and heights after ``steps`` (the search's own moves) from these."""
    moved = list(columns)
    raised = list(heights)
    for one in steps:
        card, target = one & 63, one >> 6
        source = next(index for index, column in enumerate(moved) if card in column)
        column = moved[source]
        where = column.index(card)
        moved[source] = with_top_turned(column[:where])
        if target == TO_FOUNDATION:
            raised[SUIT[card]] += 1
            continue
        if target == TO_EMPTY:
            to = next(index for index, other in enumerate(moved) if not other and index != source)
        else:
            to = next(index for index, other in enumerate(moved) if other and other[-1] == target)
        moved[to] = moved[to] + column[where:]
    return tuple(moved), raised


class DepthFirst:
    """A resumable depth-first search, children best first (``children``)."""

    def __init__(
        self, start: Columns, heights: list[int], steps: list[int], seen: set[bytes], expanded: set[bytes], ties: str = "columns"
    ) -> None:
        self.seen = seen
        self.expanded = expanded  # the keys of the nodes expanded (by this search or, shared, by any)
        # Among children of one kind: "columns", in the columns' order; "reversed", the other
        # way; "deep", those leaving the fewest face-down cards in deep columns first.
        self.ties = ties
        self.shapes: Shapes = {}  # this search's columns' shapes (``stuck_cards``)
        self.line: list[int] | None = None
        # Frames: the node's children, the next one to try, the steps that led to the node.
        self.stack: list[tuple[list[Child], list[int], list[int]]] = [(self.children(start, heights), [0], steps)]

    def children(self, columns: Columns, heights: list[int]) -> list[Child]:
        found = children(columns, heights)
        if self.ties == "reversed":
            found.reverse()
            found.sort(key=lambda child: child[0])
        elif self.ties == "deep":
            found.sort(key=lambda child: (child[0], sum(face_down_count(column) ** 2 for column in child[2])))
        return found

    def run(self, nodes: int) -> tuple[int, int]:
        """Expand at most ``nodes`` nodes: (outcome, nodes expanded)."""
        done = 0
        stack = self.stack
        seen = self.seen
        expanded = self.expanded
        while done < nodes:
            if not stack:
                return EXHAUSTED, done
            found, cursor, _ = stack[-1]
            if cursor[0] >= len(found):
                stack.pop()
                continue
            _, steps, columns, heights = found[cursor[0]]
            found[cursor[0]] = (0, [], (), [])  # let the child's data go once tried
            cursor[0] += 1
            written = key(columns)
            if written in seen or written in expanded:
                continue
            seen.add(written)
            if sum(heights) == 52:
                self.line = [one for frame in stack for one in frame[2]] + steps
                return WON, done
            if stuck_cards(columns, heights, self.shapes):
                continue
            done += 1
            expanded.add(written)
            stack.append((self.children(columns, heights), [0], steps))
        return GOING, done


class BestFirst:
    """A resumable best-first search: the position of the lowest ``priority_of`` (face-down
    cards and cards not home) first, the newest among equals. A
    waiting child is kept as its parent's index and the steps from there (its parent's
    position is kept while children of it wait), so the heap stays small."""

    def __init__(
        self,
        start: Columns,
        heights: list[int],
        steps: list[int],
        seen: set[bytes],
        expanded: set[bytes],
        deep: bool = False,
        hidden_weight: int = HIDDEN_WEIGHT,
    ) -> None:
        self.seen = seen
        self.expanded = expanded  # the keys of the nodes expanded (by this search or, shared, by any)
        self.deep = deep  # the measure counts the face-down cards of the deepest column once more
        self.hidden_weight = hidden_weight
        self.shapes: Shapes = {}  # this search's columns' shapes (``stuck_cards``)
        self.line: list[int] | None = None
        self.store: list[tuple[int, list[int] | tuple[int, ...]]] = [(-1, steps)]  # per node: parent, steps from it
        self.kept: list[tuple[Columns, list[int]] | None] = [(start, heights)]
        self.waiting: list[int] = [0]
        self.heap: list[tuple[int, int, int, tuple[int, ...], bytes]] = []
        self.serial = 0
        self.expand(0)

    def path(self, index: int) -> list[int]:
        parts: list[list[int] | tuple[int, ...]] = []
        while index >= 0:
            parent, steps = self.store[index]
            parts.append(steps)
            index = parent
        return [one for part in reversed(parts) for one in part]

    def expand(self, index: int) -> bool:
        """Push the new children of node ``index``; True if one is won (``line`` set)."""
        kept = self.kept[index]
        assert kept is not None
        columns, heights = kept
        seen = self.seen
        expanded = self.expanded
        pushed = 0
        for _, steps, child, raised in children(columns, heights):
            written = key(child)
            if written in seen or written in expanded:
                continue
            seen.add(written)
            if sum(raised) == 52:
                self.line = self.path(index) + steps
                return True
            if stuck_cards(child, raised, self.shapes):
                continue
            self.serial += 1
            priority = priority_of(child, raised, self.hidden_weight)
            if self.deep:
                priority += max(face_down_count(column) for column in child)
            heapq.heappush(self.heap, (priority, -self.serial, index, tuple(steps), written))
            pushed += 1
        self.waiting[index] = pushed
        if not pushed:
            self.kept[index] = None
        return False

    def run(self, nodes: int) -> tuple[int, int]:
        done = 0
        heap = self.heap
        while done < nodes:
            if not heap:
                return EXHAUSTED, done
            _, _, parent, steps, written = heapq.heappop(heap)
            kept = self.kept[parent]
            assert kept is not None
            self.waiting[parent] -= 1
            if not self.waiting[parent]:
                self.kept[parent] = None
            if written in self.expanded:
                continue
            self.expanded.add(written)
            index = len(self.store)
            self.store.append((parent, steps))
            self.kept.append(play_steps(kept[0], kept[1], steps))
            self.waiting.append(0)
            done += 1
            if self.expand(index):
                return WON, done
        return GOING, done


class YukonSearch(Search):
    """The search of one position: the searches of ``members`` in turns of ``TURN`` nodes,
    each with its own table, each leaving alone the positions any has expanded (unless
    ``leave_alone`` is false: then each searches on its own), so the game is lost once all
    have run out of positions (see the module)."""

    def __init__(
        self, rules: Yukon, position: YukonPosition, budget: int, members: tuple[str, ...] = MEMBERS, leave_alone: bool = True
    ) -> None:
        self.rules = rules
        self.position = position
        self.budget = budget
        self.nodes = 0
        self.verdict: Verdict | None = None
        self.seen: set[bytes] = set()
        columns = [
            bytes(card + DOWN if i < hidden else card for i, card in enumerate(column))
            for column, hidden in zip(position.tableau, position.hidden)
        ]
        heights = heights_of(tuple(columns))
        steps: list[int] = []
        auto_play(columns, heights, steps)
        start = tuple(columns)
        self.seen.add(key(start))
        self.members: list[DepthFirst | BestFirst] = []
        self.turn = 0
        self.spent = 0  # nodes of the current member's turn
        if sum(heights) == 52:
            self.verdict = Verdict("winnable", replay(rules, position, steps), 0)
        elif stuck_cards(start, heights):
            self.verdict = Verdict("unwinnable", (), 0)
        else:
            self.nodes = 1
            shared: set[bytes] = set()  # the positions expanded by any member, when they leave them alone
            for name in members:
                table = {key(start)}
                expanded = shared if leave_alone else set()
                member: DepthFirst | BestFirst
                if name.startswith("best"):
                    weight = LIGHT_HIDDEN_WEIGHT if name == "best-light" else HIDDEN_WEIGHT
                    member = BestFirst(start, heights, steps, table, expanded, name == "best-deep", weight)
                else:
                    member = DepthFirst(start, heights, steps, table, expanded, name.removeprefix("depth-") if "-" in name else "columns")
                if member.line is not None:
                    self.verdict = Verdict("winnable", replay(rules, position, member.line), self.nodes)
                    break
                self.members.append(member)

    def run(self, nodes: int) -> Verdict | None:
        done = 0
        while self.verdict is None:
            if not self.members:
                self.verdict = Verdict("unwinnable", (), self.nodes)
                break
            if self.nodes >= self.budget:
                self.verdict = Verdict("unknown", (), self.nodes)
                break
            if done >= nodes:
                return None
            self.turn %= len(self.members)
            member = self.members[self.turn]
            outcome, spent = member.run(min(nodes - done, self.budget - self.nodes, TURN - self.spent))
            done += spent
            self.nodes += spent
            self.spent += spent
            if outcome == WON:
                assert member.line is not None
                self.verdict = Verdict("winnable", replay(self.rules, self.position, member.line), self.nodes)
            elif outcome == EXHAUSTED:
                del self.members[self.turn]
                self.spent = 0
            elif self.spent >= TURN:
                self.turn += 1
                self.spent = 0
        return self.verdict


def replay(rules: Yukon, position: YukonPosition, steps: list[int]) -> tuple[Move, ...]:
    """The engine's moves for ``steps`` from ``position``, each applied (and so checked)."""
    moves: list[Move] = []
    for one in steps:
        card, target = one & 63, one >> 6
        source = next(index for index, column in enumerate(position.tableau) if card in column)
        column = position.tableau[source]
        count = len(column) - column.index(card)
        if target == TO_FOUNDATION:
            move = Move(TABLEAU[source], rules.foundation_targets(position, card)[0])
        elif target == TO_EMPTY:
            move = Move(TABLEAU[source], TABLEAU[next(i for i, other in enumerate(position.tableau) if not other)], count)
        else:
            move = Move(
                TABLEAU[source], TABLEAU[next(i for i, other in enumerate(position.tableau) if other and other[-1] == target)], count
            )
        position = rules.apply(position, move)
        moves.append(move)
    return tuple(moves)


class YukonSolver(Solver):
    """Depth-first and best-first searches over Yukon positions (see the module docstring)."""

    default_budget = DEFAULT_BUDGET
    daily_budget = DAILY_BUDGET
    analysis_budget = DEFAULT_BUDGET

    def __init__(self, rules: Rules[Any]) -> None:
        super().__init__(rules)
        if not isinstance(rules, Yukon):
            raise TypeError(f"the Yukon solver plays Yukon, not {rules.game_id}")
        self.yukon = rules

    def start(self, position: Any, budget: int) -> Search:
        return YukonSearch(self.yukon, position, budget)

    def proof_search(self, position: Any) -> Search:
        """A daily's proof: the first two searches (not their deep twins) each on its own, as
        before they left each other's positions alone. Within ``daily_budget`` the depth-first search's own lines count for
        more than what a loss costs, and so it proves every published date's candidate again
        (``tools/publish_dailies.py --check``), which the searches leaving each other alone
        do not (2026-12-03's candidate: won at 1,522 nodes so, unknown at 2,000 the other way)."""
        return YukonSearch(self.yukon, position, self.daily_budget, members=("depth", "best"), leave_alone=False)

    def never_free(self, position: Any) -> tuple[int, ...]:
        """The cards the dead-end test finds can never leave their places, lowest rank first:
        the face-up ones (the face-down cards under them are held there too), or all if none is."""
        columns = tuple(
            bytes(card + DOWN if i < hidden else card for i, card in enumerate(column))
            for column, hidden in zip(position.tableau, position.hidden)
        )
        bits = stuck_cards(columns, heights_of(columns))
        face_up = sum(BIT[card] for column in columns for card in column if card < DOWN)
        bits = bits & face_up or bits
        return tuple(sorted((card for card in range(52) if bits >> card & 1), key=lambda card: (RANK[card], SUIT[card])))


__all__ = ["FOUNDATION", "YukonSearch", "YukonSolver"]
