"""Cards that cover other cards: what Pyramid and TriPeaks share.

Both games lay 28 cards in overlapping rows; a card is covered by cards of
the row below it and is *free* only when every place covering it is empty.
A layout is a tuple of *places*, one per card of the deal, each holding a
card or ``None`` once the card is gone. The games differ only in which place
covers which (a ``Covering``: for each place, the places lying on it).

The row notation of their text layouts is shared too: one line per row,
``row-2: 5D -- [QH]``, an empty place written ``--``, a face-down card in
brackets.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..card_notation import CardError, parse_card
from ..cards import card_text
from ..game import NotationError, whole_number
from ..texts import Reason, Said
from .table import layout_lines

Places = tuple[int | None, ...]
Covering = tuple[tuple[int, ...], ...]  # covering[i]: the places that lie on place i
EMPTY_PLACE = "--"


def is_free(places: Places, covering: Covering, index: int) -> bool:
    """True if place ``index`` holds a card and nothing covers it."""
    return places[index] is not None and all(places[above] is None for above in covering[index])


def free_places(places: Places, covering: Covering) -> list[int]:
    """The indexes of every place holding a free card, in place order."""
    return [index for index in range(len(places)) if is_free(places, covering, index)]


def row_starts(row_sizes: Sequence[int]) -> list[int]:
    """The index of the first place of each row (rows numbered from the top)."""
    starts, total = [], 0
    for size in row_sizes:
        starts.append(total)
        total += size
    return starts


def without(places: Places, index: int) -> Places:
    """The places with the card at ``index`` taken away."""
    return places[:index] + (None,) + places[index + 1 :]


# -- the text notation -------------------------------------------------------------


def row_lines(places: Places, row_sizes: Sequence[int], face_up: Sequence[bool]) -> list[str]:
    """One ``row-N:`` line per row, ``--`` for an empty place."""
    lines = []
    for row, (start, size) in enumerate(zip(row_starts(row_sizes), row_sizes), start=1):
        words = []
        for index in range(start, start + size):
            card = places[index]
            if card is None:
                words.append(EMPTY_PLACE)
            else:
                words.append(card_text(card) if face_up[index] else f"[{card_text(card)}]")
        lines.append(f"row-{row}: " + " ".join(words))
    return lines


def layout_fields(text: str, known: Sequence[str]) -> dict[str, str]:
    """The ``name: rest`` lines of a layout text (``#`` starts a comment line).

    Unknown names, lines without a colon and names given twice raise ValueError.
    """
    fields: dict[str, str] = {}
    for name, rest in layout_lines(text):
        if name not in known:
            raise NotationError(Reason.UNKNOWN_LINE, text=name, list=list(known))
        if name in fields:
            raise NotationError(Reason.PILE_TWICE, pile=name)
        fields[name] = rest.strip()
    return fields


def read_number(fields: Mapping[str, str], name: str, low: int, high: int | None = None) -> int:
    """A whole number line such as ``redeals: 1`` (0 when missing), checked against its range."""
    value = whole_number(name, fields.get(name, "0"))
    if value < low or (high is not None and value > high):
        bounds = Said(Reason.FROM_TO, number=low, number2=high) if high is not None else Said(Reason.AT_LEAST, number=low)
        raise NotationError(Reason.OUT_OF_BOUNDS, pile=name, message=bounds, number=value)
    return value


def read_cards(fields: Mapping[str, str], name: str) -> tuple[int, ...]:
    """The cards of a pile line, bottom first; brackets (face down) are allowed and ignored."""
    try:
        return tuple(parse_card(word.strip("[]")) for word in fields.get(name, "").split())
    except CardError as error:
        raise NotationError(Reason.IN_PILE, pile=name, message=error.said) from None


def read_rows(fields: Mapping[str, str], row_sizes: Sequence[int]) -> tuple[Places, tuple[bool, ...]]:
    """The places of the ``row-N`` lines and, for each, whether it was written in brackets.

    A missing row line means an empty row; a row line must name every place of its row.
    """
    places: list[int | None] = []
    bracketed: list[bool] = []
    for row, size in enumerate(row_sizes, start=1):
        name = f"row-{row}"
        words = fields.get(name, " ".join([EMPTY_PLACE] * size)).split()
        if len(words) != size:
            raise NotationError(Reason.ROW_PLACES, pile=name, number=size, name=EMPTY_PLACE, number2=len(words))
        for word in words:
            if word == EMPTY_PLACE:
                places.append(None)
                bracketed.append(False)
                continue
            try:
                places.append(parse_card(word.strip("[]")))
            except CardError as error:
                raise NotationError(Reason.IN_PILE, pile=name, message=error.said) from None
            bracketed.append(word.startswith("["))
    return tuple(places), tuple(bracketed)
