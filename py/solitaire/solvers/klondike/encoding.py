"""The search's form of a position, and its key in the transposition tables.

A node is ``(columns, foundations, talon, pointer, redeals)``: each column a
``bytes`` of cards bottom first (a face-down card is its card + 64, and cards of
the second deck are folded onto the first, as the two copies play alike);
foundations as heights per suit (two decks: a sorted pair of heights per suit);
the talon as one ``bytes`` in drawing order (the waste bottom to top, then the
stock top to bottom; sorted where the talon is free, see ``pruning.talon_always_free``)
with ``pointer`` = the size of the waste. Column bytes are
shared between nodes and cache their hash.
"""

from __future__ import annotations

from ...games.klondike import KlondikePosition
from .configuration import Pruning

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
    if pruning.free_talon:
        # Any card at any time: the order does not matter (and shuffled redeals change it).
        talon = bytes(sorted(talon))
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


class Keys:
    """Nodes as entries of the transposition tables.

    The key (one ``bytes``, a few times smaller than a tuple of the parts, so longer
    searches fit in memory) holds the columns sorted (column order does not matter),
    the talon, the foundation heights, and the pointer only where it matters: where the
    talon is free (draw one with unlimited passes, shuffled redeals) every talon card is
    reached from every pointer (pointer left out), and draw three reaches the same cycle
    from any pointer that is a multiple of three or the end (those all become 0). The
    redeal count only where passes are limited (Vegas).

    A column stands in the key for its base (every search but the plain one, which checks
    the others): its face-down cards and the lowest face-up card. The other face-up cards
    follow from the rest (each card is somewhere), and how they lie on each other is left
    out: positions alike but for that share their fate. Each of those cards lies on one of
    the two cards a rank higher of the other colour (its parents), and only cards of its
    rank and colour ever lie on those. So how many cards of a rank and colour are column
    tops follows from the counts alone, and so does whether a card can be made a top (it is
    one, or its twin is a top for the run on it to move onto). Every move that changes more
    than the arrangement (a base leaving, which turns a card or empties a column; a card
    home; a card from the talon or the foundations onto a top; a King into an empty column)
    is open in one arrangement when it is in the other and leads to positions alike again:
    a winning line of one is one of the other. The searches offer the arrangement's own
    moves only where they matter: a run moved onto the twin of the card under it so that
    this card goes home (``moves``).
    """

    def __init__(self, pruning: Pruning) -> None:
        self.pruning = pruning
        self.bases: dict[bytes, bytes] = {}

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
        """Columns (their bases, in any order), talon and foundations as one ``bytes``: columns
        sorted and ended by 255, the talon ended by 254 (no card byte is that high)."""
        if self.pruning.free_arrangement:
            columns = tuple(map(self.base, columns))
        return b"\xff".join(sorted(columns)) + b"\xff" + talon + b"\xfe" + bytes(found)

    def base(self, column: bytes) -> bytes:
        """A column's face-down cards and its lowest face-up card, remembered."""
        found = self.bases.get(column)
        if found is None:
            down = 0
            while down < len(column) and column[down] >= FACE_DOWN:
                down += 1
            found = column[: down + 1]
            if len(self.bases) > 200_000:
                self.bases.clear()
            self.bases[column] = found
        return found
