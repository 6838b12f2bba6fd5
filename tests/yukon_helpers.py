"""Yukon positions for the tests, written as the player reads them."""

from __future__ import annotations

from solitaire.card_notation import parse_card
from solitaire.games.yukon import Yukon, YukonPosition

RULES = Yukon()
SUITS = "CDHS"
RANKS = "A23456789TJQK"


def column(text: str) -> tuple[tuple[int, ...], int]:
    """``"[9C] 6D QC"``: the cards bottom first and how many are face down."""
    words = text.split()
    return tuple(parse_card(word.strip("[]")) for word in words), sum(word.startswith("[") for word in words)


def table(*columns: str, home: tuple[str, ...] = ("", "", "", "")) -> YukonPosition:
    """A position of up to seven columns and four foundations (cards bottom first), not
    necessarily holding the whole deck: for the rules' moves."""
    read = [column(text) for text in columns] + [((), 0)] * (7 - len(columns))
    return YukonPosition(
        tableau=tuple(cards for cards, _ in read),
        hidden=tuple(down for _, down in read),
        foundations=tuple(tuple(parse_card(word) for word in pile.split()) for pile in home),
    )


def endgame(*columns: str, home_to: int = 9) -> YukonPosition:
    """A whole deck: every suit home up to rank ``home_to`` (foundations in the order
    clubs, diamonds, hearts, spades), the columns as given (they hold the rest)."""
    foundations = [" ".join(RANKS[rank] + suit for rank in range(home_to)) for suit in SUITS]
    lines = [f"foundation-{index + 1}: {pile}" for index, pile in enumerate(foundations)]
    lines += [f"tableau-{index + 1}: {text}" for index, text in enumerate(columns)]
    return RULES.parse_layout("\n".join(lines))
