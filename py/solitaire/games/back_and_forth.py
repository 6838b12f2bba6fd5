"""The search behind Klondike's stuck verdict: can the columns and foundations, by moves that
change nothing, reach a move that changes the game?

A move *changes the game* (makes progress) when it turns a card face up, when a card that the
stock can bring to the top goes to a column or a foundation, or when it lifts the
foundations' total above what it was where the search began. The other moves between the
columns and the foundations (a run to another column turning nothing up, a foundation card
down to a column, a card back up to its foundation) only move cards back and forth.

The search works on a lean copy of the table, made for speed (``Rules.is_stuck`` runs after
every move, in Pyodide too): a card is its rank and suit only (``card % 52``: two decks'
copies play alike), a column is whether face-down cards lie under it and its face-up cards,
the columns are kept sorted (their order changes nothing), and the foundations are the top
ranks of each suit's piles.

>>> from solitaire.card_notation import parse_card as card
>>> KS, QH = card("KS"), card("QH")
>>> search([(False, (KS, QH)), (False, ()), (True, (card("5D"),))], [(0,), (0,), (0,), (0,)], set(), 100)
'back-and-forth'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

KING = 13

Column = tuple[bool, tuple[int, ...]]  # face-down cards under it?, its face-up cards (card % 52), bottom first
Home = tuple[tuple[int, ...], ...]  # per suit (0-3): the top rank of each of its foundations, 0 = empty, sorted
State = tuple[tuple[Column, ...], Home]
Outcome = Literal["progress", "limit", "no-move", "back-and-forth"]

RANK = tuple(card % 13 + 1 for card in range(52))
SUIT = tuple(card // 13 for card in range(52))
RED = tuple(card // 13 in (1, 2) for card in range(52))


def fits(card: int, top: int) -> bool:
    """``card`` goes on ``top`` in a column: one rank lower, the other colour."""
    return RANK[top] == RANK[card] + 1 and RED[top] != RED[card]


def places(columns: tuple[Column, ...]) -> dict[int, list[int]]:
    """For each card (``card % 52``) that fits on a column now, the columns it fits on: onto a
    top card one rank higher of the other colour, or a King into an empty column."""
    onto: dict[int, list[int]] = {}
    for index, (_, face) in enumerate(columns):
        if not face:
            cards: tuple[int, ...] = tuple(suit * 13 + KING - 1 for suit in range(4))
        elif RANK[face[-1]] > 1:
            cards = tuple(suit * 13 + RANK[face[-1]] - 2 for suit in ((0, 3) if RED[face[-1]] else (1, 2)))
        else:
            continue
        for card in cards:
            onto.setdefault(card, []).append(index)
    return onto


def with_column(columns: tuple[Column, ...], changes: dict[int, Column]) -> tuple[Column, ...]:
    return tuple(sorted(changes.get(index, column) for index, column in enumerate(columns)))


def with_rank(home: Home, suit: int, old: int, new: int) -> Home:
    """``home`` with one of ``suit``'s piles topped by ``new`` instead of ``old``."""
    ranks = list(home[suit])
    ranks[ranks.index(old)] = new
    return home[:suit] + (tuple(sorted(ranks)),) + home[suit + 1 :]


def moves_from(state: State, onto: dict[int, list[int]], home_total: int, start_total: int) -> list[State] | None:
    """The states that one move changing nothing reaches, or None when a move from here
    makes progress (see the module's docstring). ``onto``: ``places(state[0])``."""
    columns, home = state
    after: list[State] = []
    for index, (down, face) in enumerate(columns):
        if not face:
            continue
        first = len(face) - 1  # where the run on top begins
        while first > 0 and fits(face[first], face[first - 1]):
            first -= 1
        for start in range(first, len(face)):
            for target in onto.get(face[start], ()):
                if target == index:
                    continue
                if down and start == 0:
                    return None  # turns a card face up
                target_down, other = columns[target]
                if not other and start == 0:
                    after.append(state)  # a whole column to an empty one: the same table
                    continue
                moved = with_column(columns, {index: (down, face[:start]), target: (target_down, other + face[start:])})
                after.append((moved, home))
        card = face[-1]
        suit = SUIT[card]
        if RANK[card] - 1 in home[suit]:
            if home_total + 1 > start_total or (down and len(face) == 1):
                return None  # a new card home, or a card turned face up
            after.append((with_column(columns, {index: (down, face[:-1])}), with_rank(home, suit, RANK[card] - 1, RANK[card])))
    for suit, ranks in enumerate(home):
        for top in set(ranks):
            if top == 0:
                continue
            lowered = with_rank(home, suit, top, top - 1)
            card = suit * 13 + top - 1
            for target in onto.get(card, ()):
                target_down, other = columns[target]
                after.append((with_column(columns, {target: (target_down, other + (card,))}), lowered))
    return after


def search(columns: Sequence[Column], home: Sequence[tuple[int, ...]], coming: set[int], limit: int) -> Outcome:
    """Whether the moves that change nothing lead to one that does ("progress"), looking at no
    more than ``limit`` states ("limit" past that); else "no-move" when no card can move at
    all, or "back-and-forth" when cards can only move back and forth. ``coming``: the cards
    (``card % 52``) that the stock and the waste can bring to the top; one of them fitting
    anywhere is progress."""
    start: State = (tuple(sorted(columns)), tuple(tuple(sorted(ranks)) for ranks in home))
    start_total = sum(map(sum, start[1]))
    seen = {start}
    waiting = [start]
    moved = False
    while waiting:
        state = waiting.pop()
        onto = places(state[0])
        if any(card in onto or RANK[card] - 1 in state[1][SUIT[card]] for card in coming):
            return "progress"
        after = moves_from(state, onto, sum(map(sum, state[1])), start_total)
        if after is None:
            return "progress"
        for reached in after:
            moved = True
            if reached not in seen:
                if len(seen) >= limit:
                    return "limit"
                seen.add(reached)
                waiting.append(reached)
    return "back-and-forth" if moved else "no-move"
