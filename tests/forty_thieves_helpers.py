"""Building Forty Thieves tables from card text, for the rule tables of the tests."""

from __future__ import annotations

from collections import Counter

from solitaire.card_notation import parse_card
from solitaire.cards import RANK_LETTERS, SUIT_LETTERS, make_card, rank, suit
from solitaire.games.forty_thieves import COLUMNS, FortyThieves, FortyThievesPosition

RULES = FortyThieves()


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(word) for word in text.split())


def table(columns: list[str], *, waste: str = "", stock: str = "", home: str = "") -> FortyThievesPosition:
    """A partial table (the rules need no more): the columns (tableau-1 first, the others
    empty), the waste and the stock (bottom card first, the last turned next) hold the cards
    given; ``home`` names the top card of each started foundation ("7H 6H": foundation-5 holds
    the Ace to the 7 of hearts, foundation-6 the Ace to the 6; a suit's foundations are 2s+1
    and 2s+2, clubs first)."""
    foundations: list[tuple[int, ...]] = [()] * 8
    for top in cards(home):
        where = 2 * suit(top) + (1 if foundations[2 * suit(top)] else 0)
        foundations[where] = tuple(make_card(r, suit(top)) for r in range(1, rank(top) + 1))
    padded = columns + [""] * (COLUMNS - len(columns))
    return FortyThievesPosition(
        tableau=tuple(cards(text) for text in padded), stock=cards(stock), waste=cards(waste), foundations=tuple(foundations)
    )


def endgame(columns: list[str], *, waste: str = "", stock: str = "") -> FortyThievesPosition:
    """A whole table of 104 cards: the cards given where they are, every other card home (per
    suit, foundation 2s+1 holds the ranks with a copy home, 2s+2 those with both, so the cards
    given must be the top cards of their suits' foundations)."""
    out = Counter(parse_card(word) for text in [*columns, waste, stock] for word in text.split())
    lines = [f"stock: {stock}", f"waste: {waste}"]
    for suit_index, suit_letter in enumerate(SUIT_LETTERS):
        home = [2 - out[suit_index * 13 + rank_index] for rank_index in range(13)]
        first = [RANK_LETTERS[r] + suit_letter for r in range(13) if home[r] >= 1]
        second = [RANK_LETTERS[r] + suit_letter for r in range(13) if home[r] == 2]
        lines += [f"foundation-{2 * suit_index + 1}: {' '.join(first)}", f"foundation-{2 * suit_index + 2}: {' '.join(second)}"]
    padded = columns + [""] * (COLUMNS - len(columns))
    lines += [f"tableau-{index + 1}: {text}" for index, text in enumerate(padded)]
    return RULES.parse_layout("\n".join(lines))
