"""Invariants of Yukon under random legal play (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from random_play import random_positions
from solitaire.game import IllegalMove, Move
from solitaire.games.yukon import TABLEAU, Yukon, YukonPosition, fits_on_tableau

RULES = Yukon()


def random_play(deal: int, choices: list[int], prefer_safe: bool) -> list[YukonPosition]:
    return random_positions(RULES, RULES.deal(deal), choices, prefer=RULES.safe_moves if prefer_safe else None)


play = given(
    deal=st.integers(1, 2**31 - 1),
    choices=st.lists(st.integers(0, 1000), max_size=80),
    prefer_safe=st.booleans(),
)


@play
@settings(max_examples=60, deadline=None)
def test_tops_are_face_up_face_down_cards_only_turn_and_foundations_only_grow(deal: int, choices: list[int], prefer_safe: bool) -> None:
    positions = random_play(deal, choices, prefer_safe)
    for before, after in zip(positions, positions[1:]):
        for column, hidden in zip(after.tableau, after.hidden):
            assert hidden < len(column) or hidden == 0  # the top card of a column is face up
        assert all(new <= old for new, old in zip(after.hidden, before.hidden))
        assert all(new[: len(old)] == old and len(new) >= len(old) for new, old in zip(after.foundations, before.foundations))
        # The face-down cards stay where they were dealt.
        for old, new, hidden in zip(before.tableau, after.tableau, after.hidden):
            assert new[:hidden] == old[:hidden]


@play
@settings(max_examples=60, deadline=None)
def test_every_face_up_card_that_fits_a_column_may_move_there_with_all_on_it(deal: int, choices: list[int], prefer_safe: bool) -> None:
    position = random_play(deal, choices, prefer_safe)[-1]
    legal = set(RULES.legal_moves(position))
    for source, (column, hidden) in enumerate(zip(position.tableau, position.hidden)):
        for start in range(len(column)):
            for target, other in enumerate(position.tableau):
                if target == source:
                    continue
                move = Move(TABLEAU[source], TABLEAU[target], len(column) - start)
                allowed = start >= hidden and fits_on_tableau(column[start], other)
                assert (move in legal) is allowed
                if not allowed:
                    try:
                        RULES.apply(position, move)
                    except IllegalMove:
                        continue
                    raise AssertionError(f"{move} applied")


@play
@settings(max_examples=40, deadline=None)
def test_safe_moves_are_legal_and_a_completion_wins(deal: int, choices: list[int], prefer_safe: bool) -> None:
    position = random_play(deal, choices, prefer_safe)[-1]
    legal = RULES.legal_moves(position)
    assert all(move in legal for move in RULES.safe_moves(position))
    line = RULES.completion(position)
    if line is not None:
        for move in line:
            position = RULES.apply(position, move)
        assert RULES.is_won(position)
