"""Cards as small ints, and their text form.

A card is ``deck * 52 + suit * 13 + (rank - 1)``: suits in the order
clubs, diamonds, hearts, spades, ranks 1 (Ace) to 13 (King). Ints keep
positions small and hashable, which the solver's transposition table needs.
The text form is the common solitaire notation: rank ``A 2-9 T J Q K`` then
suit ``C D H S``; the deck index of two-deck games is not part of it.

>>> card_text(make_card(12, HEARTS))
'QH'
>>> rank(make_card(10, DIAMONDS)), suit(make_card(10, DIAMONDS))
(10, 1)

It imports nothing: the names of cards are words (words.py), reading one is card_notation.py.
"""

from __future__ import annotations

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUIT_LETTERS = "CDHS"
RANK_LETTERS = "A23456789TJQK"
ACE, JACK, QUEEN, KING = 1, 11, 12, 13


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


def full_deck(decks: int = 1) -> tuple[int, ...]:
    """All cards of ``decks`` standard decks, in id order."""
    return tuple(range(52 * decks))
