"""Invariants of Pyramid under random legal play (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from random_play import random_positions
from solitaire.games.pyramid import PYRAMID, Pyramid, PyramidPosition

RULES = Pyramid()


def all_cards(position: PyramidPosition) -> list[int]:
    pyramid = [card for card in position.pyramid if card is not None]
    return sorted(pyramid + list(position.stock + position.waste + position.discard))


def random_play(deal: int, choices: list[int], prefer_removals: bool) -> list[PyramidPosition]:
    """Positions along a random game; with ``prefer_removals`` a removal is chosen whenever there is one
    (plain random play mostly draws, and would rarely dig into the pyramid)."""
    return random_positions(RULES, RULES.deal(deal), choices, prefer=RULES.card_moves if prefer_removals else None)


play = given(
    deal=st.integers(1, 2**31 - 1),
    choices=st.lists(st.integers(0, 1000), max_size=120),
    prefer_removals=st.booleans(),
)


@play
@settings(max_examples=60, deadline=None)
def test_cards_only_leave_the_pyramid_and_the_score_only_grows(deal: int, choices: list[int], prefer_removals: bool) -> None:
    positions = random_play(deal, choices, prefer_removals)
    for before, after in zip(positions, positions[1:]):
        assert all_cards(after) == list(range(52))
        assert after.score >= before.score
        assert 0 <= after.redeals <= 2
        # Cards only ever leave the pyramid.
        assert all(old is None or new in (None, old) for old, new in zip(before.pyramid, after.pyramid))
        assert all(new is None or new == old for old, new in zip(before.pyramid, after.pyramid))


@play
@settings(max_examples=60, deadline=None)
def test_stuck_means_no_removal_ever(deal: int, choices: list[int], prefer_removals: bool) -> None:
    position = random_play(deal, choices, prefer_removals)[-1]
    if not RULES.legal_moves(position):
        assert RULES.is_won(position) or RULES.is_stuck(position)
    if RULES.is_stuck(position):
        assert not RULES.is_won(position)
        current = position
        while True:
            assert not RULES.card_moves(current)
            stock_moves = RULES.stock_moves(current)
            if not stock_moves:
                break
            current = RULES.apply(current, stock_moves[0])


@play
@settings(max_examples=40, deadline=None)
def test_piles_show_every_card_where_it_lies(deal: int, choices: list[int], prefer_removals: bool) -> None:
    position = random_play(deal, choices, prefer_removals)[-1]
    piles = {pile.name: pile for pile in RULES.piles(position)}
    assert piles["stock"].cards == position.stock and not any(piles["stock"].face_up)
    assert piles["waste"].cards == position.waste and all(piles["waste"].face_up)
    for name, card in zip(PYRAMID, position.pyramid):
        assert piles[name].cards == (() if card is None else (card,))
