"""Yukon, as PySolFC's and GNOME Aisleriot's rule texts describe it.

One deck, no stock: all 52 cards are dealt into seven columns. The first column holds
one card, face up; columns 2 to 7 hold 1 to 6 cards face down with five cards face up
on them. Columns build down in alternating colours (a black 8 on a red 9), and *any*
face-up card moves together with every card lying on it, in sequence or not, when the
card moved fits where it goes. Only a King, with whatever lies on it, fills an empty
column. A face-down card left on top of a column turns face up. Four foundations build
up by suit from the Ace (any Ace starts any empty foundation, as in our Klondike; the
page numbers them 1-4 from the left), one card at a time from the top of a column.
Cards on the foundations are out of play: both rule texts say so, so they never come
back. The game is won when all 52 cards are home.

The deal: as a player deals Klondike (a row to columns 1-7, the next row to 2-7, ...,
the top card of each column face up), then the remaining 24 cards four rows over
columns 2 to 7, face up (Aisleriot's description).

Scoring: one point for each card on the foundations (Aisleriot; PySolFC does not score
Yukon), 52 for a win. The status line shows the face-down cards left and the cards home.

Safe moves (played automatically when the player wants): a card whose two foundations
of the other colour have reached at least one rank below it (every Ace). Nothing can be
put on such a card any more (the cards one rank lower of the other colour are home),
and since foundation cards never come back, the card's own moves can be dropped from
any winning line. Unlike Klondike's rule, a 2 is not always safe here: a group whose
bottom card is an Ace of the other colour may still need the 2 to move onto.

``is_stuck``: no position that moves changing nothing (a column's cards moved onto
another column, turning nothing face up) reach has a move that changes the game (a card
home or a card turned face up); searched over at most ``STUCK_SEARCH_LIMIT`` positions,
past which the game is said not to be stuck.

Text notation: as Klondike's, without stock and waste: ``foundation-N:`` lines, then
``tableau-N:`` lines, bottom card first, face-down cards in brackets.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from ..cards import ACE, KING, rank, suit
from ..game import (
    IllegalMove,
    Move,
    NotationError,
    OptionSpec,
    PileView,
    Rules,
    Slot,
    check_deal_number,
    validate_options,
)
from ..rng import shuffled
from ..texts import Reason, Said, Status
from .table import (
    CopyCounter,
    check_every_card_once,
    face_down_count,
    fits_king_or_alternating,
    fits_on_foundation,
    home_lowest_first,
    layout_lines,
    lift,
    onto_foundation,
    onto_king_or_alternating,
    pile_index,
    pile_line,
    pile_names,
    replace_at,
    turned_up,
)

OPTIONS: tuple[OptionSpec, ...] = ()

COLUMNS = 7
FACE_UP_ROWS = 4  # rows dealt face up over columns 2-7 after the Klondike deal
TABLEAU = pile_names("tableau", COLUMNS)
FOUNDATION = pile_names("foundation", 4)
# The most positions that ``is_stuck`` looks at; past them the game is said not to be stuck.
STUCK_SEARCH_LIMIT = 400


@dataclass(frozen=True, slots=True)
class YukonPosition:
    """A Yukon table. Every pile lists its cards bottom first."""

    tableau: tuple[tuple[int, ...], ...]
    hidden: tuple[int, ...]  # how many cards at the bottom of each column are face down
    foundations: tuple[tuple[int, ...], ...]


fits_on_tableau = fits_king_or_alternating


def is_safe_home(card: int, heights: tuple[int, ...] | list[int]) -> bool:
    """Whether ``card`` may go home without any later play needing it: the foundations of
    the other colour (``heights`` by suit) are at least one rank below it (see the module)."""
    others = (0, 3) if suit(card) in (1, 2) else (1, 2)
    return min(heights[others[0]], heights[others[1]]) >= rank(card) - 1


# -- the stuck search: a lean copy of the table --------------------------------------------

LeanColumn = tuple[bool, tuple[int, ...]]  # face-down cards under it?, its face-up cards


def lean_moves(columns: tuple[LeanColumn, ...], homeable: set[int]) -> list[tuple[LeanColumn, ...]] | None:
    """The tables one move changing nothing reaches, or None when a move from here changes
    the game (a card goes home, or a card turns face up). ``homeable``: the cards that the
    foundations take next."""
    tops: dict[int, list[int]] = {}
    empty = -1
    for index, (_, face) in enumerate(columns):
        if face:
            tops.setdefault(face[-1], []).append(index)
            if face[-1] in homeable:
                return None
        elif empty < 0:
            empty = index
    reached: list[tuple[LeanColumn, ...]] = []
    for index, (down, face) in enumerate(columns):
        for start, card in enumerate(face):
            targets: list[int] = []
            if rank(card) == KING:
                if empty >= 0 and (start or down):
                    targets.append(empty)
            else:
                others = (0, 3) if suit(card) in (1, 2) else (1, 2)
                for other in others:
                    targets += tops.get(other * 13 + rank(card), [])
            for target in targets:
                if target == index:
                    continue
                if start == 0 and down:
                    return None
                moved = list(columns)
                moved[index] = (down, face[:start])
                moved[target] = (columns[target][0], columns[target][1] + face[start:])
                reached.append(tuple(sorted(moved)))
    return reached


def table_outcome(position: YukonPosition, limit: int) -> str:
    """ "progress" when moves changing nothing lead to one that changes the game (or the
    search passed ``limit`` positions); else "no-move" or "back-and-forth"."""
    heights = foundation_heights(position)
    homeable = {s * 13 + heights[s] for s in range(4) if heights[s] < 13}
    start = tuple(sorted((hidden > 0, column[hidden:]) for column, hidden in zip(position.tableau, position.hidden)))
    seen = {start}
    waiting = [start]
    moved = False
    while waiting:
        after = lean_moves(waiting.pop(), homeable)
        if after is None:
            return "progress"
        for columns in after:
            moved = True
            if columns not in seen:
                if len(seen) >= limit:
                    return "progress"
                seen.add(columns)
                waiting.append(columns)
    return "back-and-forth" if moved else "no-move"


def foundation_heights(position: YukonPosition) -> list[int]:
    """The rank on top of each suit's foundation (0 when it is not started), by suit."""
    heights = [0, 0, 0, 0]
    for foundation in position.foundations:
        if foundation:
            heights[suit(foundation[-1])] = rank(foundation[-1])
    return heights


class Yukon(Rules[YukonPosition]):
    """Yukon (no options)."""

    game_id = "yukon"
    option_specs = OPTIONS

    def __init__(self, options: Mapping[str, str] | None = None) -> None:
        self.options = validate_options(self.option_specs, options or {})

    # -- dealing -------------------------------------------------------------

    def deal(self, number: int) -> YukonPosition:
        """Shuffle the deck with the deal number as seed and lay it out (see the module)."""
        deck = shuffled(range(52), check_deal_number(number))
        columns: list[list[int]] = [[] for _ in range(COLUMNS)]
        dealt = 0
        for row in range(COLUMNS):
            for column in range(row, COLUMNS):
                columns[column].append(deck[dealt])
                dealt += 1
        for _ in range(FACE_UP_ROWS):
            for column in range(1, COLUMNS):
                columns[column].append(deck[dealt])
                dealt += 1
        return YukonPosition(
            tableau=tuple(tuple(column) for column in columns),
            hidden=tuple(range(COLUMNS)),
            foundations=((),) * 4,
        )

    # -- moves ---------------------------------------------------------------

    def legal_moves(self, position: YukonPosition) -> list[Move]:
        moves: list[Move] = []
        for index, column in enumerate(position.tableau):
            if column:
                moves += [Move(TABLEAU[index], target) for target in self.foundation_targets(position, column[-1])]
        for index, column in enumerate(position.tableau):
            for start in range(position.hidden[index], len(column)):
                card = column[start]
                moves += [
                    Move(TABLEAU[index], TABLEAU[other], len(column) - start)
                    for other, target in enumerate(position.tableau)
                    if other != index and fits_on_tableau(card, target)
                ]
        return moves

    def foundation_targets(self, position: YukonPosition, card: int) -> list[str]:
        return [FOUNDATION[i] for i, foundation in enumerate(position.foundations) if fits_on_foundation(card, foundation)]

    def apply(self, position: YukonPosition, move: Move) -> YukonPosition:
        if move.source == move.target:
            raise IllegalMove(Reason.SAME_PILE)
        cards = self.take(position, move)
        index = pile_index(move.source, "tableau", COLUMNS)
        assert index is not None
        column = position.tableau[index][: -move.count]
        after = replace(position, tableau=replace_at(position.tableau, index, column))
        after = self.put(after, move.target, cards)
        return replace(after, hidden=turned_up(position.hidden, after.tableau))

    def take(self, position: YukonPosition, move: Move) -> tuple[int, ...]:
        """The cards a move lifts, after checking that it may lift them."""
        if pile_index(move.source, "foundation", 4) is not None:
            raise IllegalMove(Reason.FOUNDATION_CARDS_STAY)
        index = pile_index(move.source, "tableau", COLUMNS)
        if index is None:
            raise IllegalMove(Reason.NOT_A_SOURCE, place=move.source)
        return lift(position.tableau[index], move.count, position.hidden[index])

    def put(self, position: YukonPosition, target: str, cards: tuple[int, ...]) -> YukonPosition:
        if (index := pile_index(target, "foundation", 4)) is not None:
            return replace(position, foundations=onto_foundation(position.foundations, index, cards))
        if (index := pile_index(target, "tableau", COLUMNS)) is not None:
            return replace(position, tableau=onto_king_or_alternating(position.tableau, index, cards))
        raise IllegalMove(Reason.NOT_A_TARGET, place=target)

    # -- verdicts ------------------------------------------------------------

    def is_won(self, position: YukonPosition) -> bool:
        return sum(len(foundation) for foundation in position.foundations) == 52

    def is_stuck(self, position: YukonPosition) -> bool:
        return self.stuck_reason(position) is not None

    def stuck_reason(self, position: YukonPosition) -> Said | None:
        """Why no move can change the game any more (see the module), or None while one may."""
        if self.is_won(position):
            return None
        outcome = table_outcome(position, STUCK_SEARCH_LIMIT)
        if outcome == "no-move":
            return Said(Reason.YUKON_LOST, message=Said(Reason.TABLE_NO_MOVE))
        if outcome == "back-and-forth":
            return Said(Reason.YUKON_LOST, message=Said(Reason.TABLE_BACK_AND_FORTH))
        return None

    def safe_moves(self, position: YukonPosition) -> list[Move]:
        """Moves to a foundation that no later play could need undone (see the module)."""
        heights = foundation_heights(position)
        moves = []
        for index, column in enumerate(position.tableau):
            if column and is_safe_home(column[-1], heights):
                moves += [Move(TABLEAU[index], target) for target in self.foundation_targets(position, column[-1])[:1]]
        return moves

    def completion(self, position: YukonPosition) -> list[Move] | None:
        """A finishing line of moves home only (the lowest card that fits first), or None
        when such moves alone do not finish the game."""
        if self.is_won(position):
            return None
        return home_lowest_first(self, position, self.top_cards, self.foundation_targets)

    @staticmethod
    def top_cards(position: YukonPosition) -> list[tuple[str, int]]:
        return [(name, column[-1]) for name, column in zip(TABLEAU, position.tableau) if column]

    # -- presentation ----------------------------------------------------------

    def slots(self) -> list[Slot]:
        top = [Slot(name, 3 + i, 0, "none", "A") for i, name in enumerate(FOUNDATION)]
        return top + [Slot(name, i, 1, "down", "K") for i, name in enumerate(TABLEAU)]

    def piles(self, position: YukonPosition) -> list[PileView]:
        result = [
            PileView(name, cards, (True,) * len(cards), (False,) * len(cards)) for name, cards in zip(FOUNDATION, position.foundations)
        ]
        for name, column, hidden in zip(TABLEAU, position.tableau, position.hidden):
            face_up = tuple(i >= hidden for i in range(len(column)))
            result.append(PileView(name, column, face_up, tuple(not up for up in face_up)))
        return result

    def score(self, position: YukonPosition, seconds: int, won: bool) -> int | None:
        return sum(len(foundation) for foundation in position.foundations)

    def status_line(self, position: YukonPosition) -> Said:
        home = sum(len(foundation) for foundation in position.foundations)
        return Said(Status.FACE_DOWN_HOME, number=sum(position.hidden), number2=home)

    def text_layout(self, position: YukonPosition) -> str:
        """Every pile on a line, bottom card first; face-down cards in brackets."""
        lines = [pile_line(name, cards) for name, cards in zip(FOUNDATION, position.foundations)]
        lines += [pile_line(name, column, hidden) for name, column, hidden in zip(TABLEAU, position.tableau, position.hidden)]
        return "\n".join(lines)

    def parse_layout(self, text: str) -> YukonPosition:
        """Read the notation of ``text_layout`` back (lines starting with # are comments;
        missing piles are empty). Every card must appear exactly once."""
        piles: dict[str, list[str]] = {}
        for name, rest in layout_lines(text):
            if name not in FOUNDATION + TABLEAU:
                raise NotationError(Reason.UNKNOWN_PILE, place=name)
            piles[name] = rest.split()
        copies = CopyCounter()

        def read(name: str) -> tuple[tuple[int, ...], int]:
            words = piles.get(name, [])
            face_down = face_down_count(name, words)
            return tuple(copies.card(word) for word in words), face_down

        columns = [read(name) for name in TABLEAU]
        foundations = tuple(read(name)[0] for name in FOUNDATION)
        position = YukonPosition(
            tableau=tuple(cards for cards, _ in columns),
            hidden=tuple(min(down, max(len(cards) - 1, 0)) for cards, down in columns),
            foundations=foundations,
        )
        check_every_card_once(sum(position.tableau, ()) + sum(foundations, ()))
        for name, foundation in zip(FOUNDATION, foundations):
            if foundation and (
                rank(foundation[0]) != ACE or not all(fits_on_foundation(c, foundation[:i]) for i, c in enumerate(foundation))
            ):
                raise NotationError(Reason.FOUNDATION_ORDER, pile=name)
        return position
