"""Building Eight Off tables from card text, for the tests."""

from __future__ import annotations

from solitaire.card_notation import parse_card
from solitaire.games.freecell import FreeCellPosition


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(word) for word in text.split())


def table(*columns: str, cells: tuple[str, ...] = (), foundations: tuple[str, ...] = ()) -> FreeCellPosition:
    """A (partial) Eight Off table: missing columns, cells and foundations are empty; '-' is an empty cell."""
    padded = list(columns) + [""] * (8 - len(columns))
    held = [None if text in ("", "-") else parse_card(text) for text in cells]
    return FreeCellPosition(
        tableau=tuple(cards(column) for column in padded),
        cells=tuple(held + [None] * (8 - len(held))),
        foundations=tuple(cards(f) for f in foundations) + ((),) * (4 - len(foundations)),
    )
