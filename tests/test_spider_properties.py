"""Invariants of Spider under random legal play (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from solitaire.game import Move, move_notation, parse_move
from solitaire.games.spider import Spider, SpiderPosition, card_set
from solitaire.games.table import completed_run, is_suit_run
from spider_helpers import is_whole_run

RULES = [Spider({"suits": suits}) for suits in ("1", "2", "4")]


def all_cards(position: SpiderPosition) -> list[int]:
    return sorted(position.stock + sum(position.tableau, ()) + sum(position.foundations, ()))


def random_play(rules: Spider, deal: int, choices: list[int]) -> tuple[list[SpiderPosition], list[Move]]:
    """The positions of a random game (each choice picks a legal move) and its moves."""
    positions = [rules.deal(deal)]
    moves: list[Move] = []
    for choice in choices:
        legal = rules.legal_moves(positions[-1])
        if not legal:
            break
        moves.append(legal[choice % len(legal)])
        positions.append(rules.apply(positions[-1], moves[-1]))
    return positions, moves


play = given(
    rules=st.sampled_from(RULES),
    deal=st.integers(1, 2**31 - 1),
    choices=st.lists(st.integers(0, 1000), max_size=150),
)


@play
@settings(max_examples=60, deadline=None)
def test_the_stock_deals_whole_rows_and_face_down_counts_stay_in_place(rules: Spider, deal: int, choices: list[int]) -> None:
    for position in random_play(rules, deal, choices)[0]:
        assert all_cards(position) == list(card_set(rules.suits))
        assert len(position.stock) % 10 == 0
        assert all(0 <= h < max(len(c), 1) for h, c in zip(position.hidden, position.tableau))


@play
@settings(max_examples=60, deadline=None)
def test_runs_leave_at_once_and_the_score_adds_up(rules: Spider, deal: int, choices: list[int]) -> None:
    positions, moves = random_play(rules, deal, choices)
    for played, position in enumerate(positions):
        assert not any(completed_run(c, h) for c, h in zip(position.tableau, position.hidden))
        runs = [f for f in position.foundations if f]
        assert all(is_whole_run(f) for f in runs)
        assert position.score == 500 - played + 100 * len(runs)
        assert rules.is_stuck(position) == (not rules.legal_moves(position) and not rules.is_won(position))


@play
@settings(max_examples=40, deadline=None)
def test_moves_are_one_suit_runs_and_notation_round_trips(rules: Spider, deal: int, choices: list[int]) -> None:
    positions, _ = random_play(rules, deal, choices)
    for position in positions:
        for move in rules.legal_moves(position):
            assert parse_move(move_notation(move)) == move
            if move.source != "stock":
                column = position.tableau[int(move.source.split("-")[1]) - 1]
                assert is_suit_run(column[-move.count :])
