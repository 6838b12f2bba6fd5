"""The Forty Thieves solver: exact verdicts, winning lines that replay, resumable slices.

Tables come from ``forty_thieves_helpers.endgame``: the cards given where they are, every
other card home.
"""

from __future__ import annotations

from typing import Any

import pytest
from forty_thieves_helpers import endgame, table
from hypothesis import given, settings
from hypothesis import strategies as st
from random_play import random_position
from solitaire.cards import RANK_LETTERS, SUIT_LETTERS
from solitaire.game import Move
from solitaire.games.forty_thieves import FortyThieves, FortyThievesPosition
from solitaire.solver import Verdict, solver_for
from solitaire.solvers.forty_thieves import FortyThievesSolver

RULES = FortyThieves()
SOLVER = FortyThievesSolver(RULES)
# Deal 2 is proven winnable in a few thousand nodes (tools/bench_solver_forty_thieves.py).
QUICK_DEAL = 2


def replay(position: FortyThievesPosition, moves: tuple[Move, ...]) -> FortyThievesPosition:
    for move in moves:
        position = RULES.apply(position, move)
    return position


def test_the_registry_finds_it() -> None:
    assert isinstance(solver_for(RULES), FortyThievesSolver)


# -- winning lines ----------------------------------------------------------------------


def test_a_deal_is_won_by_its_line() -> None:
    verdict = SOLVER.solve(RULES.deal(QUICK_DEAL), 20_000)
    assert verdict.status == "winnable"
    assert RULES.is_won(replay(RULES.deal(QUICK_DEAL), verdict.moves))


def test_a_won_table_needs_no_moves() -> None:
    verdict = SOLVER.solve(endgame([]), 10)
    assert verdict == Verdict("winnable", (), 0)


def test_a_line_through_the_stock_and_an_empty_column() -> None:
    # The stock's cards come out one by one; the Kings and Queens must be dug out of the columns.
    position = endgame(["QH JH 9H", "KH", "KH QH JH"], waste="TH", stock="TH 9H")
    verdict = SOLVER.solve(position, 1_000)
    assert verdict.status == "winnable"
    assert RULES.is_won(replay(position, verdict.moves))


def test_the_same_cards_of_the_other_deck_are_told_apart_on_replay() -> None:
    # Both copies of a card on top of two columns: the line names the very pile it uses.
    position = endgame(["KS QS", "KS QS", "JS", "JS"])
    verdict = SOLVER.solve(position, 1_000)
    assert verdict.status == "winnable"
    assert RULES.is_won(replay(position, verdict.moves))


# -- proven losses -------------------------------------------------------------------------


# Ten columns where no card fits on another and no column is empty, the Aces buried (a part of
# a table: the cards not named are nowhere, so these can never be won, as a plain search agrees).
FULL = ["AH 5C", "AH 5C", "AD 5S", "AD 5S", "AC 9H", "AC 9H", "AS 9D", "AS 9D", "2H JC", "2H JC"]

LOST = [
    ("no card moves", table(FULL, waste="TD")),
    ("only back and forth", table(["AH 9H 8H", "9H", *FULL[2:]])),
]


@pytest.mark.parametrize(("why", "position"), LOST, ids=[case[0] for case in LOST])
def test_proven_lost(why: str, position: FortyThievesPosition) -> None:
    assert SOLVER.solve(position, 100_000).status == "unwinnable"
    assert not plain_verdict(position)


def test_unknown_when_the_budget_is_too_small() -> None:
    verdict = SOLVER.solve(RULES.deal(1), 50)
    assert verdict == Verdict("unknown", (), 50)


# -- resumable slices -----------------------------------------------------------------------


@pytest.mark.parametrize("slice_nodes", [1, 7, 500])
def test_slices_give_the_same_verdict_as_one_run(slice_nodes: int) -> None:
    whole = SOLVER.solve(RULES.deal(QUICK_DEAL), 20_000)
    search = SOLVER.start(RULES.deal(QUICK_DEAL), 20_000)
    while (verdict := search.run(slice_nodes)) is None:
        pass
    assert verdict == whole


@pytest.mark.parametrize("budget", [1_000, 3_333, 5_001])
def test_the_phases_spend_the_whole_budget_across_slices(budget: int) -> None:
    # Deal 3 is open after far more nodes: the greedy look and the broad phases end unknown.
    search = SOLVER.start(RULES.deal(3), budget)
    while (verdict := search.run(997)) is None:
        pass
    assert verdict == Verdict("unknown", (), budget)


def test_a_slice_expands_at_most_its_nodes() -> None:
    search = SOLVER.start(RULES.deal(1), 10_000)
    assert search.run(100) is None
    verdict = search.run(10_000)
    assert verdict is not None and verdict.nodes <= 10_000


def test_the_daily_proof_is_a_short_search() -> None:
    verdict = SOLVER.proof_search(RULES.deal(1)).finish()
    assert verdict.nodes <= SOLVER.daily_budget


# -- the solver against a plain search --------------------------------------------------------


def plain_verdict(position: FortyThievesPosition) -> bool:
    """Whether the position can be won, by trying every legal move of the rules (columns in any
    order counting once): no pruning, no safe moves."""
    seen: set[Any] = set()
    stack = [position]
    while stack:
        current = stack.pop()
        if RULES.is_won(current):
            return True
        for move in RULES.legal_moves(current):
            after = RULES.apply(current, move)
            key = (tuple(sorted(after.tableau)), after.waste, after.stock, tuple(sorted(after.foundations)))
            if key not in seen:
                seen.add(key)
                stack.append(after)
    return False


@st.composite
def small_endgames(draw: st.DrawFn) -> FortyThievesPosition:
    """Up to seven cards out (the top cards of their suits' foundations), laid at random in
    a few columns, the waste and the stock."""
    out: list[str] = []
    for suit_letter in SUIT_LETTERS:
        single = draw(st.integers(0, 2))  # ranks with one copy out
        double = draw(st.integers(0, 1))  # ranks above those with both copies out
        for r in range(13 - double - single, 13 - double):
            out.append(RANK_LETTERS[r] + suit_letter)
        for r in range(13 - double, 13):
            out += [RANK_LETTERS[r] + suit_letter] * 2
    out = draw(st.permutations(out))[:7]
    # A cut that leaves a table the foundations cannot explain falls back to the won table.
    places = draw(st.lists(st.integers(0, 5), min_size=len(out), max_size=len(out)))
    piles: list[list[str]] = [[] for _ in range(6)]
    for text, place in zip(out, places):
        piles[place].append(text)
    columns = [" ".join(pile) for pile in piles[:4]]
    try:
        return endgame(columns, waste=" ".join(piles[4]), stock=" ".join(piles[5]))
    except ValueError:
        return endgame([])


@given(small_endgames())
@settings(max_examples=60, deadline=None)
def test_verdicts_match_a_plain_search(position: FortyThievesPosition) -> None:
    verdict = SOLVER.solve(position, 100_000)
    assert verdict.status != "unknown"
    assert (verdict.status == "winnable") == plain_verdict(position)
    if verdict.status == "winnable":
        assert RULES.is_won(replay(position, verdict.moves))


@given(deal=st.integers(1, 2**31 - 1), choices=st.lists(st.integers(0, 1000), max_size=80))
@settings(max_examples=20, deadline=None)
def test_solving_from_positions_of_random_play(deal: int, choices: list[int]) -> None:
    position = random_position(RULES, RULES.deal(deal), choices, prefer=RULES.safe_moves)
    verdict = SOLVER.solve(position, 300)
    if verdict.status == "winnable":
        assert RULES.is_won(replay(position, verdict.moves))
