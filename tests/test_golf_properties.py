"""Invariants of Golf under random legal play (hypothesis), under each set of options."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from random_play import random_positions
from solitaire.cards import rank
from solitaire.game import Move
from solitaire.games.golf import Golf, GolfPosition, goes_on

RULES = [Golf({"king": king, "wrap": wrap}) for king in ("dead", "queen") for wrap in ("off", "on")]


def all_cards(position: GolfPosition) -> list[int]:
    return sorted([card for column in position.tableau for card in column] + list(position.stock + position.waste))


def random_play(rules: Golf, deal: int, choices: list[int], prefer_plays: bool) -> list[GolfPosition]:
    """Positions along a random game; with ``prefer_plays`` a card is played whenever one fits."""
    return random_positions(rules, rules.deal(deal), choices, prefer=rules.card_moves if prefer_plays else None)


play = given(
    which=st.integers(0, len(RULES) - 1),
    deal=st.integers(1, 2**31 - 1),
    choices=st.lists(st.integers(0, 1000), max_size=60),
    prefer_plays=st.booleans(),
)


@play
@settings(max_examples=60, deadline=None)
def test_each_step_adds_one_card_to_the_waste(which: int, deal: int, choices: list[int], prefer_plays: bool) -> None:
    rules = RULES[which]
    positions = random_play(rules, deal, choices, prefer_plays)
    for before, after in zip(positions, positions[1:]):
        assert all_cards(after) == list(range(52))
        assert after.waste[:-1] == before.waste
        if len(after.stock) == len(before.stock):
            # A column's top card, one rank from the waste's top as the options say; one point.
            (column,) = [index for index, (old, new) in enumerate(zip(before.tableau, after.tableau)) if old != new]
            assert after.tableau[column] == before.tableau[column][:-1] and after.waste[-1] == before.tableau[column][-1]
            assert goes_on(rank(after.waste[-1]), rank(before.waste[-1]), rules.dead_king, rules.wrap)
            assert after.score == before.score + 1
        else:
            assert after.tableau == before.tableau and after.score == before.score
    last = positions[-1]
    assert last.score == 35 - sum(len(column) for column in last.tableau)


@play
@settings(max_examples=60, deadline=None)
def test_stuck_means_no_play_now_or_later(which: int, deal: int, choices: list[int], prefer_plays: bool) -> None:
    rules = RULES[which]
    position = random_play(rules, deal, choices, prefer_plays)[-1]
    if not rules.legal_moves(position):
        assert rules.is_won(position) or rules.is_stuck(position)
    if rules.is_stuck(position):
        current = position
        while True:
            assert not rules.card_moves(current)
            if not current.stock:
                break
            current = rules.apply(current, Move("stock", "waste"))
    else:
        assert rules.stuck_reason(position) is None


@play
@settings(max_examples=40, deadline=None)
def test_stricter_rules_allow_fewer_plays(which: int, deal: int, choices: list[int], prefer_plays: bool) -> None:
    """Every play of the defaults is a play under every option (so a daily proven under
    the defaults is won under any)."""
    strict = RULES[0]
    for position in random_play(strict, deal, choices, prefer_plays):
        assert set(strict.legal_moves(position)) <= set(RULES[which].legal_moves(position))
