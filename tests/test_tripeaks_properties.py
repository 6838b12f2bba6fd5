"""Invariants of TriPeaks under random legal play (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from random_play import random_positions
from solitaire.game import Move
from solitaire.games.covering import is_free
from solitaire.games.tripeaks import COVERING, PEAK, TriPeaks, TriPeaksPosition, one_apart

RULES = TriPeaks()


def all_cards(position: TriPeaksPosition) -> list[int]:
    peaks = [card for card in position.peaks if card is not None]
    return sorted(peaks + list(position.stock + position.waste))


def random_play(deal: int, choices: list[int], prefer_plays: bool) -> list[TriPeaksPosition]:
    """Positions along a random game; with ``prefer_plays`` a card is played whenever one fits."""
    return random_positions(RULES, RULES.deal(deal), choices, prefer=RULES.card_moves if prefer_plays else None)


play = given(
    deal=st.integers(1, 2**31 - 1),
    choices=st.lists(st.integers(0, 1000), max_size=60),
    prefer_plays=st.booleans(),
)


@play
@settings(max_examples=60, deadline=None)
def test_each_play_adds_one_card_to_the_waste_and_the_score_only_grows(deal: int, choices: list[int], prefer_plays: bool) -> None:
    positions = random_play(deal, choices, prefer_plays)
    for before, after in zip(positions, positions[1:]):
        assert all_cards(after) == list(range(52))
        assert after.score >= before.score
        # Each step adds one card to the waste, one pile onto the other, one rank apart when played from the peaks.
        assert after.waste[:-1] == before.waste
        if len(after.stock) == len(before.stock):
            assert one_apart(after.waste[-1], before.waste[-1]) and after.run == before.run + 1
        else:
            assert after.run == 0 and after.score == before.score


@play
@settings(max_examples=60, deadline=None)
def test_face_down_cards_are_hidden_and_exactly_the_covered_ones(deal: int, choices: list[int], prefer_plays: bool) -> None:
    position = random_play(deal, choices, prefer_plays)[-1]
    piles = {pile.name: pile for pile in RULES.piles(position)}
    assert not any(piles["stock"].face_up) and all(piles["waste"].face_up)
    for index, (name, card) in enumerate(zip(PEAK, position.peaks)):
        if card is None:
            assert piles[name].cards == ()
        else:
            assert piles[name].face_up == (is_free(position.peaks, COVERING, index),)


@play
@settings(max_examples=60, deadline=None)
def test_stuck_means_no_play_now_or_later(deal: int, choices: list[int], prefer_plays: bool) -> None:
    position = random_play(deal, choices, prefer_plays)[-1]
    if not RULES.legal_moves(position):
        assert RULES.is_won(position) or RULES.is_stuck(position)
    if RULES.is_stuck(position):
        current = position
        while True:
            assert not RULES.card_moves(current)
            if not current.stock:
                break
            current = RULES.apply(current, Move("stock", "waste"))
