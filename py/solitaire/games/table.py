"""The table's vocabulary, shared by the games: pile names and indexes, the building rules
that several games have in common, the safe rule for automatic moves, and the layout
notation (``pile: cards``, face-down cards in brackets) in and out.

A game module declares what is its own (its piles, its rules) and takes the rest from here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

from ..card_notation import parse_card
from ..cards import ACE, KING, is_red, rank, suit
from ..cards import card_text as text_of
from ..game import IllegalMove, Move, NotationError, P, Rules
from ..texts import Reason, Said

Column = tuple[int, ...]
RUN_LENGTH = 13  # a whole run, King to Ace, in one suit

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


def is_descending(cards: Sequence[int]) -> bool:
    """Every card lower than the one below it, whatever the suits."""
    return all(rank(lower) > rank(upper) for lower, upper in zip(cards, cards[1:]))


def fits_on_foundation(card: int, foundation: Column) -> bool:
    """A foundation starts with an Ace and builds up by one in its suit."""
    if not foundation:
        return rank(card) == ACE
    top = foundation[-1]
    return suit(top) == suit(card) and rank(card) == rank(top) + 1


def builds_down_in_suit(card: int, top: int) -> bool:
    """``card`` goes on ``top`` in a column of Forty Thieves, Scorpion or Spider's runs: one rank lower, the same suit."""
    return suit(card) == suit(top) and rank(top) == rank(card) + 1


def is_suit_run(cards: Sequence[int]) -> bool:
    """Each card one rank below the one before it, all of one suit."""
    return all(builds_down_in_suit(lower, upper) for upper, lower in zip(cards, cards[1:]))


def is_whole_run(cards: Sequence[int]) -> bool:
    """King down to Ace in one suit: 13 cards."""
    return len(cards) == RUN_LENGTH and rank(cards[0]) == KING and is_suit_run(cards)


def completed_run(column: Column, hidden: int) -> bool:
    """True if the top 13 cards of the column are face up (``hidden`` lie face down at its
    bottom) and run King to Ace in one suit."""
    return len(column) - hidden >= RUN_LENGTH and is_whole_run(column[-RUN_LENGTH:])


def fits_king_or_alternating(card: int, column: Column) -> bool:
    """Klondike's and Yukon's columns: only a King fills an empty column; otherwise down by one in alternating colours."""
    return rank(card) == KING if not column else builds_down_alternating(card, column[-1])


def supermove_capacity(free_cells: int, empty_columns: int, to_empty_column: bool) -> int:
    """The longest run that may move at once where single cards could carry it through free
    cells and empty columns: (1 + free cells) x 2^(empty columns), not counting the empty
    column the run moves to.

    >>> supermove_capacity(4, 0, False), supermove_capacity(2, 2, False), supermove_capacity(0, 2, True)
    (5, 12, 2)
    """
    return (1 + free_cells) << max(empty_columns - (1 if to_empty_column else 0), 0)


def safe_to_play_home(card: int, lowest_home: Sequence[int]) -> bool:
    """Whether ``card`` can go to its foundation without any later play needing it back:
    it is an Ace or a 2, or every foundation of the other colour is at most one rank behind
    (no card that could go on it in a column is still out). ``lowest_home`` holds, by suit,
    the rank of the lowest foundation of that suit (0 when one is not started)."""
    others = [lowest_home[s] for s in range(4) if is_red(s * 13) != is_red(card)]
    return rank(card) <= 2 or min(others) >= rank(card) - 1


# -- moves -------------------------------------------------------------------------------------


def lift(column: Column, count: int, face_down: int = 0) -> Column:
    """The top ``count`` cards of ``column`` as a move lifts them, ``face_down`` cards lying
    face down at its bottom; IllegalMove when it has not that many face-up cards."""
    if count < 1:
        raise IllegalMove(Reason.NO_CARDS)
    if not column:
        raise IllegalMove(Reason.COLUMN_EMPTY)
    if count > len(column):
        raise IllegalMove(Reason.TOO_MANY_CARDS)
    if count > len(column) - face_down:
        raise IllegalMove(Reason.FACE_DOWN)
    return column[-count:]


def check_home(cards: Column, foundation: Column) -> None:
    """IllegalMove unless ``cards`` are one card that goes on ``foundation`` (up by suit from the Ace)."""
    if len(cards) != 1:
        raise IllegalMove(Reason.HOME_ONE_AT_A_TIME)
    if not fits_on_foundation(cards[0], foundation):
        if not foundation:
            raise IllegalMove(Reason.ACE_FIRST)
        raise IllegalMove(Reason.DOES_NOT_FOLLOW, card=cards[0], card2=foundation[-1])


def onto_foundation(foundations: tuple[Column, ...], index: int, cards: Column) -> tuple[Column, ...]:
    """The foundations with ``cards`` put on the one at ``index``, checked by ``check_home``."""
    check_home(cards, foundations[index])
    return replace_at(foundations, index, foundations[index] + cards)


def onto_king_or_alternating(tableau: tuple[Column, ...], index: int, cards: Column) -> tuple[Column, ...]:
    """The columns with ``cards`` put on the one at ``index``; IllegalMove unless the first
    fits there (``fits_king_or_alternating``)."""
    column = tableau[index]
    if not fits_king_or_alternating(cards[0], column):
        if not column:
            raise IllegalMove(Reason.KING_FILLS_COLUMN)
        raise IllegalMove(Reason.NOT_ALTERNATING, card=cards[0], card2=column[-1])
    return replace_at(tableau, index, column + cards)


def turned_up(hidden: Sequence[int], tableau: Sequence[Column]) -> tuple[int, ...]:
    """How many cards of each column lie face down once a face-down card left on top turns up.

    >>> turned_up((3, 2, 0), ((1, 2, 3), (4, 5, 6), ()))
    (2, 2, 0)
    """
    return tuple(min(count, len(column) - 1) if column else 0 for count, column in zip(hidden, tableau))


def clear_completed_runs(
    tableau: tuple[Column, ...], hidden: Sequence[int], foundations: tuple[Column, ...]
) -> tuple[tuple[Column, ...], tuple[Column, ...], int]:
    """Send every completed run on top of a column (``completed_run``) to the next empty
    foundation, Ace first as it lies there, and a run that uncovers too (Scorpion can lay a
    run on another's Ace): the columns, the foundations and how many went."""
    columns, homes = list(tableau), list(foundations)
    runs = 0
    for i in range(len(columns)):
        while completed_run(columns[i], hidden[i]):
            homes[homes.index(())] = columns[i][-RUN_LENGTH:][::-1]
            columns[i] = columns[i][:-RUN_LENGTH]
            runs += 1
    return tuple(columns), tuple(homes), runs


def home_lowest_first(
    rules: Rules[P], position: P, tops: Callable[[P], Iterable[tuple[str, int]]], targets: Callable[[P, int], list[str]]
) -> list[Move] | None:
    """The moves that bring every card home, each time the lowest of the cards on top (``tops``:
    pile and card) that a foundation takes (``targets``); None if none does on the way. Once no
    pile holds a card on a lower one, the lowest card not home lies on top and its foundation
    waits for it, so this always finishes."""
    moves: list[Move] = []
    current = position
    while not rules.is_won(current):
        home = [(rank(card), Move(source, found[0])) for source, card in tops(current) if (found := targets(current, card))]
        if not home:
            return None
        step = min(home, key=lambda item: item[0])[1]
        current = rules.apply(current, step)
        moves.append(step)
    return moves


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
