"""Invariants of FreeCell under random legal play (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from random_play import random_positions
from solitaire.game import move_notation, parse_move
from solitaire.games.freecell import FreeCell, FreeCellPosition
from solitaire.games.table import is_alternating_run as is_run

F = FreeCell()


def all_cards(position: FreeCellPosition) -> list[int]:
    held = tuple(card for card in position.cells if card is not None)
    return sorted(sum(position.tableau, ()) + sum(position.foundations, ()) + held)


def random_play(deal: int, choices: list[int], prefer_home: bool = False) -> list[FreeCellPosition]:
    """Positions of a random game; with ``prefer_home`` safe moves go first, so foundations fill up."""
    positions = random_positions(F, F.deal(deal), choices, prefer=F.safe_moves if prefer_home else None)
    return positions


play = given(
    deal=st.integers(1, 2**31 - 1),
    choices=st.lists(st.integers(0, 1000), min_size=30, max_size=150),
    prefer_home=st.booleans(),
)


@play
@settings(max_examples=40, deadline=None)
def test_every_legal_move_keeps_the_rules(deal: int, choices: list[int], prefer_home: bool) -> None:
    """Listed moves respect the capacity, notation round-trips, and foundations stay suit sequences."""
    for position in random_play(deal, choices, prefer_home)[-3:]:
        for move in F.legal_moves(position):
            assert parse_move(move_notation(move)) == move
            if move.source.startswith("tableau") and move.target.startswith("tableau"):
                target_empty = not F.pile_cards(position, move.target)
                assert move.count <= F.move_capacity(position, to_empty_column=target_empty)
                assert is_run(F.pile_cards(position, move.source)[-move.count :])
            else:
                assert move.count == 1
            assert not move.source.startswith("foundation")
            after = F.apply(position, move)
            for foundation in after.foundations:
                assert [card % 13 for card in foundation] == list(range(len(foundation)))
                assert len({card // 13 for card in foundation}) <= 1


@play
@settings(max_examples=40, deadline=None)
def test_stuck_is_exactly_no_move_left_and_not_won(deal: int, choices: list[int], prefer_home: bool) -> None:
    position = random_play(deal, choices, prefer_home)[-1]
    legal = F.legal_moves(position)
    assert F.is_stuck(position) == (not legal and not F.is_won(position))
    assert set(F.safe_moves(position)) <= set(legal)
    line = F.completion(position)
    if line is not None:
        for move in line:
            position = F.apply(position, move)
        assert F.is_won(position)
