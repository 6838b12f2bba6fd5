"""Building TriPeaks tables from card text, for the rule tables of the tests."""

from __future__ import annotations

from collections.abc import Mapping

from solitaire.card_notation import parse_card
from solitaire.games.tripeaks import PLACES, TriPeaksPosition


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(word.strip("[]")) for word in text.split())


def table(
    peaks: Mapping[int, str] | None = None,
    *,
    stock: str = "",
    waste: str = "",
    run: int = 0,
    score: int = 0,
) -> TriPeaksPosition:
    """A (partial) table: ``peaks`` maps place numbers (1..28) to cards, the other places are empty.

    Whether a card is face up follows from the places covering it, as in the game.
    """
    places = dict(peaks or {})
    return TriPeaksPosition(
        peaks=tuple(parse_card(places[n]) if n in places else None for n in range(1, PLACES + 1)),
        stock=cards(stock),
        waste=cards(waste),
        run=run,
        score=score,
    )
