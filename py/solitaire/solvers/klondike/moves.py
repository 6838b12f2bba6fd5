"""The search's moves of a node, best first, and the node after each.

Move order (first tried first)
    moves that turn a face-down card (to the foundation or a whole run onto another
    column, the column with most face-down cards first), cards from the talon, other
    moves to the foundations, moves that empty a column, other run moves, foundation
    cards back to columns.

Pruning of moves (all exact)
    A foundation card is not taken back when it would be safe to put home at once
    (the position after it is no better). A King-led run that is the whole column
    never moves to an empty column (the same position), and only the first empty
    column is tried.
    How the face-up cards lie on each other is no part of a position (see
    ``encoding.Keys``), so a run that leaves a face-up card on top (onto the other card
    of that card's rank and colour, the only cards it can lie on) moves only together
    with that card going home, which it alone can open (every search but the plain one).
    Draw one with unlimited passes: any talon card can be played at any time, so
    playing one onto a column can wait until something is put on it; such plays come
    only as compound moves "talon card onto a column, then a run, a foundation card or
    another such talon card onto it" (a winning line reordered that way is no longer,
    so nothing is lost).
    One deck, draw three: a run move that empties a column comes only as a compound
    with a following move into an empty column (not the move putting the run back). A
    winning line can be reordered that way: the moves between the run's move and the
    first use of the column leave it alone, so the move can wait until just before that
    use (cards put on the run meanwhile go with it).
    One deck, unlimited passes: positions one move apart either way share
    their fate, so one stands for both. A column top that fits its foundation goes
    home at once when a take-back could put it where it was (it lies on a face-up
    card, or is a King alone). So a card comes back from the foundations only together
    with a move that puts a card on it or takes back the card below it in its suit
    (the latter not followed by that homing): a winning line can play any other move
    first, as it leaves the card and its foundation alone.
"""

from __future__ import annotations

from collections.abc import Callable

from ...games.klondike import Klondike, KlondikePosition
from .dead_ends import DeadEnds
from .encoding import BIT, CODE, FACE_DOWN, KING, NEED, OTHER_COLOUR, RANK, Keys, Node, home_pile, lift, node_of
from .pruning import Pruning, SafeRule
from .steps import Back, Compound, FromTalon, Run, Step, TalonCard, ToHome, target
from .talon import Talon

# A face-up run ending at a column's top: (code of its first card, cards in it,
# the card under it or -1, its index, a King first?).
ColumnRun = tuple[int, int, int, int, bool]


class MoveOrder:
    """A node's moves as they are found, in the buckets of the move order."""

    __slots__ = ("reveal", "from_talon", "home", "empties", "others", "backs")

    def __init__(self) -> None:
        # (minus the face-down cards the move turns over a column's index, the move)
        self.reveal: list[tuple[int, Step]] = []
        self.from_talon: list[Step] = []
        self.home: list[Step] = []
        self.empties: list[Step] = []
        self.others: list[Step] = []
        self.backs: list[Step] = []

    def file_compound(self, compound: tuple[Step, ...], columns: tuple[bytes, ...], bucket: list[Step]) -> None:
        """File a compound move: with the moves that turn a card when its last part moves
        a whole run off a face-down card, else in ``bucket``."""
        step = Compound(compound)
        last = compound[-1]
        if isinstance(last, Run):
            column = columns[last.column]
            j = len(column) - last.cards
            if j and column[j - 1] >= FACE_DOWN:
                self.reveal.append((-j, step))
                return
        bucket.append(step)

    def steps(self) -> list[Step]:
        self.reveal.sort(key=first)
        return [step for _, step in self.reveal] + self.from_talon + self.home + self.empties + self.others + self.backs


def first(item: tuple[int, Step]) -> int:
    return item[0]


class Model:
    """The search's game: its nodes, their keys, moves and dead ends, for one
    configuration (``pruning``)."""

    def __init__(self, rules: Klondike, start: KlondikePosition, pruning: Pruning) -> None:
        self.pruning = pruning
        self.columns = pruning.columns
        self.decks = pruning.decks
        self.full = 52 * pruning.decks
        self.free_talon = pruning.free_talon
        self.waste_top_safe = pruning.waste_top_safe
        self.home_reversible = pruning.home_reversible
        self.limited_passes = pruning.limited_passes
        self.talon = Talon(pruning)
        self.safe_rule = SafeRule(pruning)
        self.dead_ends = DeadEnds(pruning)
        keys = Keys(pruning)
        # Bound here: the searches call them for every node.
        self.key = keys.key
        self.lost = self.dead_ends.lost
        self.frozen = self.dead_ends.frozen
        self.held_in_talon = self.dead_ends.held_in_talon
        self.runs_cache: dict[bytes, tuple[ColumnRun, ...]] = {}

    def node(self, position: KlondikePosition) -> Node:
        return node_of(position, self.pruning)

    def column_runs(self, column: bytes) -> tuple[ColumnRun, ...]:
        """The face-up runs ending at the column's top, top card first."""
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

    # -- safe moves -------------------------------------------------------

    def any_safe(self, node: Node, reversible: bool = True) -> bool:
        """Whether ``close`` has a card to put home (a quick test: most nodes have none)."""
        columns, found, talon, pointer, _ = node
        fits, ready = self.safe_rule.foundation_cards(found)
        reversible = reversible and self.home_reversible
        if not ready and not reversible:
            return False
        for column in columns:
            if column and (ready & BIT[column[-1]] or reversible and fits & BIT[column[-1]] and can_return(column)):
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
        safe = self.safe_rule.safe
        changed = True
        while changed:
            changed = False
            for i in range(self.columns):
                column = columns[i]
                if not column:
                    continue
                card = column[-1]
                pile = home_pile(card, found, decks)
                if pile < 0 or not (safe(card, found) or reversible and can_return(column)):
                    continue
                columns = columns[:i] + (lift(column, 1),) + columns[i + 1 :]
                found = found[:pile] + (found[pile] + 1,) + found[pile + 1 :]
                steps.append(ToHome(i))
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
                        if index < 0 or home_pile(card, found, decks) < 0 or not safe(card, found):
                            continue
                        steps.append(TalonCard(card, -1))
                        pile = home_pile(card, found, decks)
                        found = found[:pile] + (found[pile] + 1,) + found[pile + 1 :]
                        talon = talon[:index] + talon[index + 1 :]
                        pointer = index
                        changed = True
                        break
            elif self.waste_top_safe and pointer:
                card = talon[pointer - 1]
                pile = home_pile(card, found, decks)
                if pile >= 0 and safe(card, found):
                    steps.append(FromTalon(pointer, 0, 0, -1, talon))
                    found = found[:pile] + (found[pile] + 1,) + found[pile + 1 :]
                    talon = talon[: pointer - 1] + talon[pointer:]
                    pointer -= 1
                    changed = True
        return columns, found, talon, pointer, redeals

    # -- moves ------------------------------------------------------------

    def moves(self, node: Node, inner: bool = False) -> list[Step]:
        """The node's moves, best first. ``inner``: the moves after the first part of a
        compound move (not made compounds again)."""
        columns, found, talon, pointer, redeals = node
        order = MoveOrder()
        # Columns by what their top card accepts, and the first empty column. With the
        # arrangement free, tops of one rank and colour are alike: a card put on one or the
        # other makes one position (``encoding.Keys``), so only the first is offered.
        accepts: dict[int, list[int]] = {}
        empty = -1
        alike = self.pruning.free_arrangement
        for i in range(self.columns):
            column = columns[i]
            if column:
                targets = accepts.setdefault(NEED[column[-1]], [])
                if not (alike and targets):
                    targets.append(i)
            elif empty < 0:
                empty = i
        fits = self.safe_rule.foundation_cards(found)[0]
        free = self.free_talon
        # Every face-up run ending at a column top, by the code of its first card
        # (only compound moves from the talon look them up).
        heads: dict[int, list[tuple[int, int, int]]] | None = {} if free and self.pruning.compounds else None
        runs_off = self.column_moves(columns, accepts, empty, fits, heads, order)
        by_code: dict[int, list[int]] = {}
        if talon:
            if free:
                for card in sorted(set(talon)):
                    by_code.setdefault(CODE[card], []).append(card)
                    if fits & BIT[card]:
                        order.home.append(TalonCard(card, -1))
            else:
                self.talon_moves(talon, pointer, redeals, accepts, empty, fits, order)
        self.file_runs_off(node, runs_off, inner, order)
        if free and talon:
            self.talon_card_moves(columns, found, talon, accepts, empty, heads, by_code, order)
        self.take_backs(node, accepts, empty, inner, order)
        return order.steps()

    def column_moves(
        self,
        columns: tuple[bytes, ...],
        accepts: dict[int, list[int]],
        empty: int,
        fits: int,
        heads: dict[int, list[tuple[int, int, int]]] | None,
        order: MoveOrder,
    ) -> list[tuple[int, int, int]]:
        """File the column tops that go home and the run moves that turn a card; return
        the other run moves as (column, target, count), and note runs in ``heads``."""
        free_arrangement = self.pruning.free_arrangement
        runs_off: list[tuple[int, int, int]] = []
        runs_cache = self.runs_cache
        for i in range(self.columns):
            column = columns[i]
            if not column:
                continue
            top = column[-1]
            if fits & BIT[top]:
                if len(column) > 1 and column[-2] >= FACE_DOWN:
                    order.reveal.append((1 - len(column), ToHome(i)))
                else:
                    order.home.append(ToHome(i))
            runs = runs_cache.get(column)
            if runs is None:
                runs = self.column_runs(column)
            for code, count, under, j, king in runs:
                if heads is not None:
                    heads.setdefault(code, []).append((i, count, under))
                targets = accepts.get(code)
                if targets is None and king and empty >= 0 and j > 0:
                    targets = [empty]
                if targets is not None:
                    for t in targets:
                        if under >= FACE_DOWN:
                            order.reveal.append((-j, Run(i, t, count)))
                        elif j == 0:
                            runs_off.append((i, t, count))
                        elif free_arrangement:
                            if fits & BIT[under]:
                                order.home.append(Compound((Run(i, t, count), ToHome(i))))
                        else:
                            runs_off.append((i, t, count))
        return runs_off

    def talon_moves(
        self, talon: bytes, pointer: int, redeals: int, accepts: dict[int, list[int]], empty: int, fits: int, order: MoveOrder
    ) -> None:
        """File the plays of every card the draws reach (not draw one with unlimited passes)."""
        from_talon = order.from_talon
        for card, q, clicks, redealt, base in self.talon.reach(talon, pointer, redeals):
            if fits & BIT[card]:
                from_talon.append(FromTalon(q, clicks, redealt, -1, base))
            targets = accepts.get(CODE[card])
            if targets is not None:
                for t in targets:
                    from_talon.append(FromTalon(q, clicks, redealt, t, base))
            if empty >= 0 and RANK[card] == KING:
                from_talon.append(FromTalon(q, clicks, redealt, empty, base))

    def file_runs_off(self, node: Node, runs_off: list[tuple[int, int, int]], inner: bool, order: MoveOrder) -> None:
        """File the run moves that turn no card (with their uses where emptying is deferred)."""
        columns = node[0]
        defer = self.pruning.defer_emptying and not inner
        for i, t, count in runs_off:
            step = Run(i, t, count)
            emptying = count == len(columns[i])
            if defer and emptying:
                self.uses_after_emptying(node, step, order)
            else:
                (order.empties if emptying else order.others).append(step)

    def talon_card_moves(
        self,
        columns: tuple[bytes, ...],
        found: tuple[int, ...],
        talon: bytes,
        accepts: dict[int, list[int]],
        empty: int,
        heads: dict[int, list[tuple[int, int, int]]] | None,
        by_code: dict[int, list[int]],
        order: MoveOrder,
    ) -> None:
        """Draw one, unlimited passes: file the talon cards played onto columns (with
        compounds, each followed by a use of it)."""
        for card in sorted(set(talon)):
            targets = accepts.get(CODE[card])
            if targets is None and empty >= 0 and RANK[card] == KING:
                targets = [empty]
            for t in targets or ():
                if heads is None:
                    order.from_talon.append(TalonCard(card, t))
                    continue
                for rest in self.talon_card_uses(card, t, (card,), found, heads, by_code):
                    order.file_compound((TalonCard(card, t),) + rest, columns, order.from_talon)

    def talon_card_uses(
        self,
        card: int,
        t: int,
        used: tuple[int, ...],
        found: tuple[int, ...],
        heads: dict[int, list[tuple[int, int, int]]],
        by_code: dict[int, list[int]],
    ) -> list[tuple[Step, ...]]:
        """Ways to put something on ``card``, a talon card just played onto column ``t``:
        a run of another column, a foundation card, or another talon card (itself
        followed by such a use)."""
        need = NEED[card]
        result: list[tuple[Step, ...]] = []
        for i, count, _ in heads.get(need, ()):
            if i != t:
                result.append((Run(i, t, count),))
        for other in by_code.get(need, ()):
            if other not in used:
                for rest in self.talon_card_uses(other, t, used + (other,), found, heads, by_code):
                    result.append((TalonCard(other, t),) + rest)
        rank = RANK[card] - 1
        for suit in OTHER_COLOUR[card // 13] if rank else ():
            if self.may_take_back(suit, rank, found):
                result.append((Back(suit, rank, t),))
        return result

    def may_take_back(self, suit: int, rank: int, heights: tuple[int, ...]) -> bool:
        """Whether the foundation card of ``suit`` and ``rank`` is on top and may come back
        (not when it would be safe to put home again at once)."""
        decks = self.decks
        pile = suit * decks + decks - 1
        if decks > 1 and heights[pile] != rank:
            pile -= 1
        if rank < 1 or heights[pile] != rank:
            return False
        after = heights[:pile] + (rank - 1,) + heights[pile + 1 :]
        if decks > 1 and pile % 2 and after[pile - 1] > rank - 1:
            after = heights[: pile - 1] + (rank - 1, after[pile - 1]) + heights[pile + 1 :]
        return not self.safe_rule.safe(suit * 13 + rank - 1, after)

    def take_backs(self, node: Node, accepts: dict[int, list[int]], empty: int, inner: bool, order: MoveOrder) -> None:
        """File the foundation cards taken back onto columns."""
        found = node[1]
        decks = self.decks
        for suit in range(4):
            for k in range(decks):
                height = found[suit * decks + k]
                if not height or (k + 1 < decks and found[suit * decks + k + 1] == height):
                    continue
                card = suit * 13 + height - 1
                targets = accepts.get(CODE[card])
                if targets is None and empty >= 0 and height == KING:
                    targets = [empty]
                if targets and self.may_take_back(suit, height, found):
                    for t in targets:
                        if self.home_reversible and not inner:
                            self.uses_after_back(node, Back(suit, height, t), order)
                        else:
                            order.backs.append(Back(suit, height, t))

    def uses_after_emptying(self, node: Node, run: Run, order: MoveOrder) -> None:
        """File a run move that empties its column followed by each move into an empty
        column (any: they are alike), not the move putting the run back."""
        back = (Run(run.target, run.column, run.cards),)

        def uses(parts: tuple[Step, ...], columns: tuple[bytes, ...]) -> bool:
            return parts != back and any(target(part) >= 0 and not columns[target(part)] for part in parts)

        self.file_with_uses(node, run, uses, order, order.empties)

    def uses_after_back(self, node: Node, back: Back, order: MoveOrder) -> None:
        """File a foundation card taken back followed by each move that uses it: one that
        puts a card on it, or takes back the card below it in its suit. Alone it would go
        home again at once (``close``); any other move leaves the card and its foundation
        alone, so a winning line can play it before the take-back."""
        suit, height, t = back

        def uses(parts: tuple[Step, ...], columns: tuple[bytes, ...]) -> bool:
            return any(target(part) == t or isinstance(part, Back) and part.suit == suit and part.rank == height - 1 for part in parts)

        self.file_with_uses(node, back, uses, order, order.backs)

    def file_with_uses(
        self,
        node: Node,
        first: Step,
        uses: Callable[[tuple[Step, ...], tuple[bytes, ...]], bool],
        order: MoveOrder,
        bucket: list[Step],
    ) -> None:
        """File ``first`` followed by each move after it that ``uses`` accepts (given the
        move's parts and the columns after ``first``), as compound moves."""
        child = self.play(node, first)
        for step in self.moves(child, inner=True):
            parts = step.parts if isinstance(step, Compound) else (step,)
            if uses(parts, child[0]):
                order.file_compound((first,) + parts, child[0], bucket)

    def play(self, node: Node, step: Step) -> Node:
        """The node after one step (no safe moves yet)."""
        columns, found, talon, pointer, redeals = node
        if isinstance(step, Run):
            i, t, count = step
            source = columns[i]
            changed = list(columns)
            changed[i] = lift(source, count)
            changed[t] = columns[t] + source[-count:]
            return tuple(changed), found, talon, pointer, redeals
        if isinstance(step, ToHome):
            i = step.column
            column = columns[i]
            pile = home_pile(column[-1], found, self.decks)
            columns = columns[:i] + (lift(column, 1),) + columns[i + 1 :]
            found = found[:pile] + (found[pile] + 1,) + found[pile + 1 :]
            return columns, found, talon, pointer, redeals
        if isinstance(step, FromTalon):
            q, _, redealt, to, base = step
            card = base[q - 1]
            talon = base[: q - 1] + base[q:]
            if to < 0:
                pile = home_pile(card, found, self.decks)
                found = found[:pile] + (found[pile] + 1,) + found[pile + 1 :]
            else:
                columns = columns[:to] + (columns[to] + bytes((card,)),) + columns[to + 1 :]
            return columns, found, talon, q - 1, redeals + redealt if self.limited_passes else 0
        if isinstance(step, Back):
            suit, height, to = step
            decks = self.decks
            pile = suit * decks + (0 if decks > 1 and found[suit * 2] == height else decks - 1)
            found = found[:pile] + (height - 1,) + found[pile + 1 :]
            card = suit * 13 + height - 1
            columns = columns[:to] + (columns[to] + bytes((card,)),) + columns[to + 1 :]
            return columns, found, talon, pointer, redeals
        if isinstance(step, TalonCard):
            card, to = step
            index = talon.index(card)
            talon = talon[:index] + talon[index + 1 :]
            if to < 0:
                pile = home_pile(card, found, self.decks)
                found = found[:pile] + (found[pile] + 1,) + found[pile + 1 :]
            else:
                columns = columns[:to] + (columns[to] + bytes((card,)),) + columns[to + 1 :]
            return columns, found, talon, index, redeals
        assert isinstance(step, Compound)
        for part in step.parts:
            node = self.play(node, part)
        return node


def can_return(column: bytes) -> bool:
    """Whether the column's top card, once home, could be taken back to where it is:
    it lies on a face-up card one higher of the other colour, or is a King alone."""
    card = column[-1]
    if len(column) == 1:
        return RANK[card] == KING
    under = column[-2]
    return under < FACE_DOWN and NEED[under] == CODE[card]
