"""Building Pyramid tables from card text, for the rule tables of the tests."""

from __future__ import annotations

from collections.abc import Mapping

from solitaire.card_notation import parse_card
from solitaire.games.pyramid import PLACES, PyramidPosition


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(word.strip("[]")) for word in text.split())


def table(
    pyramid: Mapping[int, str] | None = None,
    *,
    stock: str = "",
    waste: str = "",
    discard: str = "",
    redeals: int = 0,
    score: int = 0,
) -> PyramidPosition:
    """A (partial) table: ``pyramid`` maps place numbers (1..28) to cards, the other places are empty."""
    places = dict(pyramid or {})
    return PyramidPosition(
        pyramid=tuple(parse_card(places[n]) if n in places else None for n in range(1, PLACES + 1)),
        stock=cards(stock),
        waste=cards(waste),
        discard=cards(discard),
        redeals=redeals,
        score=score,
    )
