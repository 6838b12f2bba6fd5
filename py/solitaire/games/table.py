"""The table's vocabulary, shared by the games: pile names and indexes, the building rules
that several games have in common, the safe rule for automatic moves, and the layout
notation (``pile: cards``, face-down cards in brackets) in and out.

A game module declares what is its own (its piles, its rules) and takes the rest from here.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from ..card_notation import parse_card
from ..cards import ACE, is_red, rank, suit
from ..cards import card_text as text_of
from ..game import NotationError
from ..texts import Reason, Said

Column = tuple[int, ...]

# -- piles ----------------------------------------------------------------------------------


def pile_names(kind: str, count: int) -> tuple[str, ...]:
    """``tableau-1`` .. ``tableau-N``: the page's names of a kind of pile."""
    return tuple(f"{kind}-{n}" for n in range(1, count + 1))


def pile_index(name: str, kind: str, count: int) -> int | None:
    """``kind-N`` (N from 1 to ``count``, ASCII digits) to a 0-based index; None for any other name.

    >>> pile_index("tableau-3", "tableau", 7), pile_index("tableau-8", "tableau", 7), pile_index("cell-1", "tableau", 7)
    (2, None, None)
    """
    prefix, _, number = name.partition("-")
    if prefix != kind or not (number.isascii() and number.isdigit()) or not 1 <= int(number) <= count:
        return None
    return int(number) - 1


def replace_at(piles: tuple[Column, ...], index: int, pile: Column) -> tuple[Column, ...]:
    """The piles with the one at ``index`` replaced."""
    return piles[:index] + (pile,) + piles[index + 1 :]


# -- building rules -----------------------------------------------------------------------------


def builds_down_alternating(card: int, top: int) -> bool:
    """``card`` goes on ``top`` in a column of Klondike or FreeCell: one rank lower, the other colour."""
    return rank(top) == rank(card) + 1 and is_red(top) != is_red(card)


def is_alternating_run(cards: Sequence[int]) -> bool:
    """Each card one rank below the one before it, colours alternating."""
    return all(builds_down_alternating(lower, upper) for upper, lower in zip(cards, cards[1:]))


def fits_on_foundation(card: int, foundation: Column) -> bool:
    """A foundation starts with an Ace and builds up by one in its suit."""
    if not foundation:
        return rank(card) == ACE
    top = foundation[-1]
    return suit(top) == suit(card) and rank(card) == rank(top) + 1


def safe_to_play_home(card: int, lowest_home: Sequence[int]) -> bool:
    """Whether ``card`` can go to its foundation without any later play needing it back:
    it is an Ace or a 2, or every foundation of the other colour is at most one rank behind
    (no card that could go on it in a column is still out). ``lowest_home`` holds, by suit,
    the rank of the lowest foundation of that suit (0 when one is not started)."""
    others = [lowest_home[s] for s in range(4) if is_red(s * 13) != is_red(card)]
    return rank(card) <= 2 or min(others) >= rank(card) - 1


# -- the layout notation --------------------------------------------------------------------------


def pile_line(name: str, cards: Iterable[int], face_down: int = 0) -> str:
    """``name: c1 c2 ...``, bottom card first, the first ``face_down`` cards in brackets."""
    texts = [f"[{text_of(card)}]" if index < face_down else text_of(card) for index, card in enumerate(cards)]
    return f"{name}:" + "".join(" " + text for text in texts)


def layout_lines(text: str) -> Iterator[tuple[str, str]]:
    """The ``name: rest`` lines of a layout, without blank and ``#`` comment lines."""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        name, colon, rest = line.partition(":")
        if not colon:
            raise NotationError(Reason.LINE_FORM, text=line)
        yield name.strip(), rest


def face_down_count(name: str, words: Sequence[str]) -> int:
    """How many of a pile's words are face down (in brackets), checking that they lie below the others."""
    face_down = sum(1 for word in words if word.startswith("["))
    if any(word.startswith("[") for word in words[face_down:]):
        raise NotationError(Reason.DOWN_BELOW_UP, pile=name)
    return face_down


class CopyCounter:
    """Gives the 1st, 2nd, ... copy of a card text the deck index 0, 1, ... (two-deck games)."""

    def __init__(self) -> None:
        self.seen: dict[int, int] = {}

    def card(self, word: str) -> int:
        """The card a word names (brackets ignored), the next copy of it."""
        first = parse_card(word.strip("[]"))
        self.seen[first] = self.seen.get(first, -1) + 1
        return first + 52 * self.seen[first]


def check_every_card_once(cards: Iterable[int | None], decks: int = 1) -> None:
    """Raise NotationError unless ``cards`` (None for an empty place) are each card of
    ``decks`` decks exactly once."""
    held = sorted(card for card in cards if card is not None)
    if held != list(range(52 * decks)):
        count = Said(Reason.EACH_CARD_ONCE) if decks == 1 else Said(Reason.EACH_CARD_TIMES, number=decks)
        raise NotationError(Reason.LAYOUT_MUST_HOLD, message=count)
