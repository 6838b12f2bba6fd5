"""Reading a card from its text form (``QH``; cards.py writes it).

>>> from solitaire.cards import rank, suit
>>> rank(parse_card("TD")), suit(parse_card("10d"))
(10, 1)
"""

from __future__ import annotations

from .cards import RANK_LETTERS, SUIT_LETTERS, make_card
from .texts import Explained, Reason


class CardError(Explained):
    """A text that is not a card."""


def parse_card(text: str, deck: int = 0) -> int:
    """The card written as ``QH`` (also ``10H`` and lower case)."""
    cleaned = text.strip().upper()
    if cleaned.startswith("10"):
        cleaned = "T" + cleaned[2:]
    if len(cleaned) != 2 or cleaned[0] not in RANK_LETTERS or cleaned[1] not in SUIT_LETTERS:
        raise CardError(Reason.NOT_A_CARD, text=text)
    return make_card(RANK_LETTERS.index(cleaned[0]) + 1, SUIT_LETTERS.index(cleaned[1]), deck)
