"""Building Spider tables from card text, for the rule tables of the tests."""

from __future__ import annotations

from solitaire.card_notation import parse_card
from solitaire.cards import card_text, rank, suit
from solitaire.games.spider import FOUNDATIONS, SpiderPosition

RUN_TEXT = "A 2 3 4 5 6 7 8 9 T J Q K".split()


class Copies:
    """Hands out distinct ids for repeated card texts (the next deck index each time)."""

    def __init__(self) -> None:
        self.used: dict[str, int] = {}

    def card(self, word: str) -> int:
        text = card_text(parse_card(word.strip("[]")))
        deck = self.used.get(text, 0)
        self.used[text] = deck + 1
        return parse_card(text, deck)

    def cards(self, text: str) -> tuple[int, ...]:
        return tuple(self.card(word) for word in text.split())


def cards(text: str) -> tuple[int, ...]:
    """Cards of one pile (deck 0 unless a text repeats)."""
    return Copies().cards(text)


def texts(pile: tuple[int, ...]) -> str:
    return " ".join(card_text(card) for card in pile)


def run(suit_letter: str, high: str = "K", low: str = "A") -> str:
    """A one-suit run from ``high`` down to ``low`` as text, e.g. run('S', '5', '2') == '5S 4S 3S 2S'."""
    ranks = RUN_TEXT[RUN_TEXT.index(low) : RUN_TEXT.index(high) + 1]
    return " ".join(r + suit_letter for r in reversed(ranks))


def table(*columns: str, stock: str = "", completed: str = "", score: int = 500) -> SpiderPosition:
    """A (partial) table: columns as '[9C] 6D' with face-down cards in brackets;
    ``completed`` names the suits of the runs already on foundation-1, -2, ..."""
    copies = Copies()
    padded = list(columns) + [""] * (10 - len(columns))
    foundations = [copies.cards(run(letter))[::-1] for letter in completed]
    foundations += [()] * (FOUNDATIONS - len(foundations))
    return SpiderPosition(
        tableau=tuple(copies.cards(column) for column in padded),
        hidden=tuple(column.count("[") for column in padded),
        stock=copies.cards(stock),
        foundations=tuple(foundations),
        score=score,
    )


def is_whole_run(foundation: tuple[int, ...]) -> bool:
    """Ace first, King on top, one suit."""
    return [rank(card) for card in foundation] == list(range(1, 14)) and len({suit(c) for c in foundation}) == 1
