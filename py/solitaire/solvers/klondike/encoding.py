"""The search's form of a position, and its key in the transposition tables.

A node is ``(columns, foundations, talon, pointer, redeals)``: each column a
``bytes`` of cards bottom first (a face-down card is its card + 64, and cards of
the second deck are folded onto the first, as the two copies play alike);
foundations as heights per suit (two decks: a sorted pair of heights per suit);
the talon as one ``bytes`` in drawing order (the waste bottom to top, then the
stock top to bottom) with ``pointer`` = the size of the waste. Column bytes are
shared between nodes and cache their hash.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...games.klondike import KlondikePosition

if TYPE_CHECKING:
    from .pruning import Pruning

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

Node = tuple[tuple[bytes, ...], tuple[int, ...], bytes, int, int]


def node_of(position: KlondikePosition, pruning: Pruning) -> Node:
    """The search's form of an engine position."""
    columns = tuple(
        bytes((c % 52) + (FACE_DOWN if i < hidden else 0) for i, c in enumerate(column))
        for column, hidden in zip(position.tableau, position.hidden)
    )
    decks = pruning.decks
    heights = [0] * (4 * decks)
    per_suit: list[list[int]] = [[] for _ in range(4)]
    for foundation in position.foundations:
        if foundation:
            per_suit[SUIT[foundation[-1] % 52]].append(len(foundation))
    for suit, found in enumerate(per_suit):
        found += [0] * (decks - len(found))
        for k, height in enumerate(sorted(found)):
            heights[suit * decks + k] = height
    talon = bytes(c % 52 for c in position.waste + position.stock[::-1])
    redeals = position.redeals if pruning.limited_passes else 0
    return columns, tuple(heights), talon, len(position.waste), redeals


def is_won(node: Node) -> bool:
    return not node[2] and not any(node[0])


def home_pile(card: int, found: tuple[int, ...], decks: int) -> int:
    """The foundation height slot the card goes on, or -1."""
    below = RANK[card] - 1
    if decks == 1:
        s = SUIT[card]
        return s if found[s] == below else -1
    s = SUIT[card] * 2
    if found[s + 1] == below:
        return s + 1
    return s if found[s] == below else -1


def lift(column: bytes, count: int) -> bytes:
    """The column without its top ``count`` cards, a face-down card left on top turned up."""
    rest = column[:-count]
    if rest and rest[-1] >= FACE_DOWN:
        return rest[:-1] + bytes((rest[-1] - FACE_DOWN,))
    return rest


def is_run(column: bytes, j: int) -> bool:
    """Whether the column's cards from index ``j`` up go down by one in alternating
    colours (in play they always do once face up; hand-made positions may differ)."""
    return all(NEED[column[m]] == CODE[column[m + 1]] for m in range(j, len(column) - 1))


class Keys:
    """Nodes as entries of the transposition tables.

    The key (one ``bytes``, a few times smaller than a tuple of the parts, so longer
    searches fit in memory) holds the columns sorted (column order does not matter),
    the talon, and the pointer only where it matters: with unlimited passes draw one
    reaches every talon card from every pointer (pointer left out), and draw three
    reaches the same cycle from any pointer that is a multiple of three or the end
    (those all become 0). The redeal count only where passes are limited (Vegas) or
    redeals reshuffle; foundation heights only for two decks (with one deck they
    follow from the cards still out).
    """

    def __init__(self, pruning: Pruning) -> None:
        self.pruning = pruning

    def key(self, node: Node) -> bytes:
        columns, found, talon, pointer, redeals = node
        pruning = self.pruning
        draw = pruning.draw
        if pruning.limited_passes:
            tail = pointer.to_bytes(2, "little") + redeals.to_bytes(4, "little")
        elif draw > 1 and not (pointer % draw == 0 or pointer == len(talon)):
            tail = pointer.to_bytes(2, "little")
        else:
            tail = b"\0\0"
        return self.table_key(columns, talon, found) + tail

    def table_key(self, columns: tuple[bytes, ...], talon: bytes, found: tuple[int, ...]) -> bytes:
        """Columns (in any order), talon and, with two decks, foundations as one ``bytes``:
        columns sorted and ended by 255, the talon ended by 254 (no card byte is that high)."""
        if self.pruning.home_reversible:
            columns = runs_on_lower_twins(columns)
        packed = b"\xff".join(sorted(columns)) + b"\xff" + talon + b"\xfe"
        return packed + bytes(found) if self.pruning.decks > 1 else packed


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
