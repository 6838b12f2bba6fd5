"""Invariants of Klondike under random legal play (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from random_play import random_positions
from solitaire.games.klondike import Klondike, KlondikePosition

RULES = [Klondike({"draw": d, "scoring": s, "open": o}) for d in "13" for s in ("standard", "vegas") for o in ("off", "on")]


def all_cards(position: KlondikePosition) -> list[int]:
    return sorted(position.stock + position.waste + sum(position.tableau, ()) + sum(position.foundations, ()))


def random_play(rules: Klondike, deal: int, choices: list[int]) -> list[KlondikePosition]:
    positions = random_positions(rules, rules.deal(deal), choices)
    return positions


play = given(
    rules=st.sampled_from(RULES),
    deal=st.integers(1, 2**31 - 1),
    choices=st.lists(st.integers(0, 1000), max_size=120),
)


@play
@settings(max_examples=60, deadline=None)
def test_cards_and_face_down_counts_stay_in_place(rules: Klondike, deal: int, choices: list[int]) -> None:
    for position in random_play(rules, deal, choices):
        assert all_cards(position) == list(range(52))
        assert all(0 <= h < max(len(c), 1) for h, c in zip(position.hidden, position.tableau))


@play
@settings(max_examples=60, deadline=None)
def test_face_up_cards_in_columns_are_runs(rules: Klondike, deal: int, choices: list[int]) -> None:
    from solitaire.games.table import is_alternating_run as is_run

    for position in random_play(rules, deal, choices)[1:]:
        for hidden, column in zip(position.hidden, position.tableau):
            # After the deal, face-up cards only ever arrive as runs onto fitting cards.
            assert is_run(column[hidden:]) or len(column) - hidden <= 1
