"""Invariants of Canfield under random legal play (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from random_play import random_positions
from solitaire.games.canfield import Canfield, CanfieldPosition, fits_home, is_run

VARIANTS = [Canfield(), Canfield({"draw": "1"}), Canfield({"moves": "any-run"}), Canfield({"back": "on"})]

play = given(
    variant=st.integers(0, len(VARIANTS) - 1),
    deal=st.integers(1, 2**31 - 1),
    choices=st.lists(st.integers(0, 1000), max_size=120),
    prefer_home=st.booleans(),
)


def random_play(rules: Canfield, deal: int, choices: list[int], prefer_home: bool) -> list[CanfieldPosition]:
    return random_positions(rules, rules.deal(deal), choices, prefer=rules.safe_moves if prefer_home else None)


@play
@settings(max_examples=60, deadline=None)
def test_columns_stay_runs_and_no_column_is_empty_while_the_reserve_lasts(
    variant: int, deal: int, choices: list[int], prefer_home: bool
) -> None:
    rules = VARIANTS[variant]
    for position in random_play(rules, deal, choices, prefer_home):
        assert all(is_run(column) for column in position.tableau)
        assert all(position.tableau) or not position.reserve
        for foundation in position.foundations:
            assert all(fits_home(card, foundation[:index], position.base) for index, card in enumerate(foundation))


@play
@settings(max_examples=60, deadline=None)
def test_the_reserve_only_shrinks_from_the_top_and_the_base_stays(variant: int, deal: int, choices: list[int], prefer_home: bool) -> None:
    rules = VARIANTS[variant]
    positions = random_play(rules, deal, choices, prefer_home)
    for before, after in zip(positions, positions[1:]):
        assert after.reserve == before.reserve[: len(after.reserve)]
        assert len(before.reserve) - len(after.reserve) <= 1
        assert after.base == before.base
        assert after.redeals in (before.redeals, before.redeals + 1)
        if rules.max_redeals is not None:
            assert after.redeals <= rules.max_redeals


@play
@settings(max_examples=40, deadline=None)
def test_safe_moves_and_the_score_follow_the_foundations(variant: int, deal: int, choices: list[int], prefer_home: bool) -> None:
    rules = VARIANTS[variant]
    for position in random_play(rules, deal, choices, prefer_home):
        assert set(rules.safe_moves(position)) <= set(rules.legal_moves(position))
        assert rules.score(position, 0, False) == sum(len(foundation) for foundation in position.foundations)
