"""Building Klondike tables from card text, for the rule tables of the tests."""

from __future__ import annotations

from solitaire.cards import parse_card
from solitaire.games.klondike import KlondikePosition


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(word.strip("[]")) for word in text.split())


def table(
    *columns: str,
    waste: str = "",
    stock: str = "",
    foundations: tuple[str, ...] = ("", "", "", ""),
    redeals: int = 0,
    score: int = 0,
) -> KlondikePosition:
    """A (partial) table: columns as '[9C] 6D' with face-down cards in brackets."""
    padded = list(columns) + [""] * (7 - len(columns))
    return KlondikePosition(
        tableau=tuple(cards(column) for column in padded),
        hidden=tuple(column.count("[") for column in padded),
        stock=cards(stock),
        waste=cards(waste),
        foundations=tuple(cards(f) for f in foundations),
        redeals=redeals,
        score=score,
    )
