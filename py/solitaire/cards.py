"""Cards as small ints, and their text form.

A card is ``deck * 52 + suit * 13 + (rank - 1)``: suits in the order
clubs, diamonds, hearts, spades, ranks 1 (Ace) to 13 (King). Ints keep
positions small and hashable, which the solver's transposition table needs.
The text form is the common solitaire notation: rank ``A 2-9 T J Q K`` then
suit ``C D H S``; the deck index of two-deck games is not part of it.

>>> card_text(make_card(12, HEARTS))
'QH'
>>> rank(parse_card("TD")), suit(parse_card("TD"))
(10, 1)
"""

from __future__ import annotations

from .texts import Explained, Reason

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUIT_LETTERS = "CDHS"
RANK_LETTERS = "A23456789TJQK"
ACE, JACK, QUEEN, KING = 1, 11, 12, 13

SUIT_NAMES = ("Clubs", "Diamonds", "Hearts", "Spades")
RANK_NAMES = (
    "",
    "Ace",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "10",
    "Jack",
    "Queen",
    "King",
)


class CardError(Explained):
    """A text that is not a card."""


def make_card(rank_: int, suit_: int, deck: int = 0) -> int:
    """The card of this rank (1-13), suit (0-3) and deck (0 or 1)."""
    return deck * 52 + suit_ * 13 + rank_ - 1


def rank(card: int) -> int:
    """1 for an Ace up to 13 for a King."""
    return card % 13 + 1


def suit(card: int) -> int:
    """0 clubs, 1 diamonds, 2 hearts, 3 spades."""
    return card // 13 % 4


def is_red(card: int) -> bool:
    return suit(card) in (DIAMONDS, HEARTS)


def card_text(card: int) -> str:
    return RANK_LETTERS[rank(card) - 1] + SUIT_LETTERS[suit(card)]


def card_name(card: int) -> str:
    """The English name, as screen readers say it: 'Queen of Hearts'."""
    return f"{RANK_NAMES[rank(card)]} of {SUIT_NAMES[suit(card)]}"


def parse_card(text: str, deck: int = 0) -> int:
    """The card written as ``QH`` (also ``10H`` and lower case)."""
    cleaned = text.strip().upper()
    if cleaned.startswith("10"):
        cleaned = "T" + cleaned[2:]
    if len(cleaned) != 2 or cleaned[0] not in RANK_LETTERS or cleaned[1] not in SUIT_LETTERS:
        raise CardError(Reason.NOT_A_CARD, text=text)
    return make_card(RANK_LETTERS.index(cleaned[0]) + 1, SUIT_LETTERS.index(cleaned[1]), deck)


def full_deck(decks: int = 1) -> tuple[int, ...]:
    """All cards of ``decks`` standard decks, in id order."""
    return tuple(range(52 * decks))
