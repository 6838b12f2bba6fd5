"""The Golf solver: exact verdicts (checked against a plain search over the rules), winning lines
that replay, resumable slices, the daily's quick proof."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from solitaire.cards import rank
from solitaire.game import Move
from solitaire.games.golf import Golf, GolfPosition
from solitaire.rng import shuffled
from solitaire.solver import Verdict, solver_for
from solitaire.solvers.golf import COUNTS_SHIFT, DRAWN_SHIFT, HEIGHTS, TOP_SHIFT, GolfSearch, GolfSolver
from test_golf import table

# The defaults, PySolFC's Golf, Relaxed Golf, and nothing on a King with a King on an Ace.
OPTION_SETS = [
    {"king": "dead", "wrap": "off"},
    {"king": "queen", "wrap": "off"},
    {"king": "queen", "wrap": "on"},
    {"king": "dead", "wrap": "on"},
]
RULES = [Golf(options) for options in OPTION_SETS]
SOLVERS = [GolfSolver(rules) for rules in RULES]
STRICT, SOLVER = RULES[0], SOLVERS[0]
BUDGET = SOLVER.default_budget


def replay(rules: Golf, position: GolfPosition, moves: tuple[Move, ...]) -> GolfPosition:
    for move in moves:
        position = rules.apply(position, move)
    return position


def test_the_registry_finds_it() -> None:
    assert isinstance(solver_for(STRICT), GolfSolver)
    assert 0 < SOLVER.daily_budget < SOLVER.default_budget and SOLVER.analysis_budget <= SOLVER.default_budget


# -- winning lines ----------------------------------------------------------------------


@pytest.mark.parametrize(("which", "number"), [(0, 2), (0, 3), (0, 13), (1, 4), (1, 9), (2, 1), (2, 6), (3, 7), (3, 11)])
def test_winning_lines_replay_to_a_win(which: int, number: int) -> None:
    rules, solver = RULES[which], SOLVERS[which]
    position = rules.deal(number)
    verdict = solver.solve(position, BUDGET)
    assert verdict.status == "winnable"
    assert rules.is_won(replay(rules, position, verdict.moves))
    assert 0 < verdict.nodes <= BUDGET


@pytest.mark.parametrize(("which", "number"), [(0, 1), (0, 4), (1, 1), (2, 12), (3, 4)])
def test_lost_deals_are_proven_lost(which: int, number: int) -> None:
    assert SOLVERS[which].solve(RULES[which].deal(number), BUDGET).status == "unwinnable"


def test_a_cleared_table_is_won_with_no_moves() -> None:
    assert SOLVER.solve(table(stock="5C", waste="6D"), BUDGET) == Verdict("winnable", (), 0)


def test_a_line_with_forced_draws() -> None:
    # The 2 (turned first) takes nothing, the 4 takes the 5.
    position = table("5C", waste="9H", stock="4D 2D")
    assert SOLVER.solve(position, BUDGET).moves == (Move("stock", "waste"), Move("stock", "waste"), Move("tableau-1", "waste"))


@pytest.mark.parametrize(
    ("position", "statuses"),
    [
        (table("QC", waste="KD"), "LWWL"),  # a Queen on a King
        (table("2S", "AS", waste="KD"), "LLWL"),  # an Ace on a King
        (table("KC", waste="AD"), "LLWW"),  # a King on an Ace
    ],
)
def test_the_options_change_the_verdict(position: GolfPosition, statuses: str) -> None:
    expected = ["winnable" if status == "W" else "unwinnable" for status in statuses]
    assert [solver.solve(position, BUDGET).status for solver in SOLVERS] == expected


def test_the_budget_bounds_the_search_and_slices_resume() -> None:
    position = STRICT.deal(1)
    assert SOLVER.solve(position, 10) == Verdict("unknown", (), 10)
    whole = SOLVER.solve(position, BUDGET)
    search = SOLVER.start(position, BUDGET)
    slices = 1
    while (verdict := search.run(97)) is None:
        slices += 1
    assert verdict == whole and slices > 1


def test_the_key_leaves_the_score_out() -> None:
    search = GolfSearch(STRICT.deal(1), True, False)
    position = STRICT.deal(1)
    key = search.key(position)
    assert key == search.key(GolfPosition(position.tableau, position.stock, position.waste, score=7))
    assert key & HEIGHTS == sum(5 << (6 * column) for column in range(7))
    assert key >> DRAWN_SHIFT & 63 == 0
    # The waste top as the column tops that go on it.
    playable = {rank(column[-1]) for column in position.tableau if STRICT.fits(position, column[-1])}
    assert key >> TOP_SHIFT & ((1 << 14) - 1) == sum(1 << value for value in playable)
    assert sum(key >> (COUNTS_SHIFT + 4 * value) & 15 for value in range(13)) == 35


def test_the_daily_proof_is_quick_and_exact() -> None:
    proof = SOLVER.proof_search(STRICT.deal(49)).finish()
    assert proof.status == "winnable" and STRICT.is_won(replay(STRICT, STRICT.deal(49), proof.moves))
    assert proof.nodes <= SOLVER.daily_budget
    # Won, but not within so few nodes: a daily takes a later candidate.
    assert SOLVER.proof_search(STRICT.deal(3)).finish() == Verdict("unknown", (), SOLVER.daily_budget)
    assert SOLVER.solve(STRICT.deal(3), BUDGET).status == "winnable"


# -- exactness against a plain search ---------------------------------------------------------


def plain_verdict(rules: Golf, position: GolfPosition) -> bool:
    """Whether the position can be won: every legal move tried, positions remembered."""

    @cache
    def won_from(tableau: tuple[tuple[int, ...], ...], drawn: int, top: int) -> bool:
        here = GolfPosition(tableau, position.stock[: len(position.stock) - drawn], (top,) if top >= 0 else (), 0)
        if rules.is_won(here):
            return True
        for move in rules.legal_moves(here):
            after = rules.apply(here, move)
            if won_from(after.tableau, len(position.stock) - len(after.stock), after.waste[-1]):
                return True
        return False

    return won_from(position.tableau, 0, position.waste[-1] if position.waste else -1)


def small_position(seed: int, columns: int, table_cards: int, stock_cards: int) -> GolfPosition:
    """A late position: ``table_cards`` cards over ``columns`` columns, a short stock, the rest
    of the deck on the waste."""
    deck = shuffled(range(52), seed)
    heights = [0] * 7
    for index in shuffled(range(table_cards * 7), seed + 1)[:table_cards]:
        heights[index % columns] += 1
    placed: list[tuple[int, ...]] = []
    start = 0
    for height in heights:
        placed.append(tuple(deck[start : start + height]))
        start += height
    stock = tuple(deck[start : start + stock_cards])
    return GolfPosition(tuple(placed), stock, tuple(deck[start + stock_cards :]), 0)


@given(
    which=st.integers(0, 3),
    seed=st.integers(1, 2**31 - 10),
    columns=st.integers(1, 7),
    table_cards=st.integers(1, 12),
    stock_cards=st.integers(0, 8),
)
@settings(max_examples=300, deadline=None)
def test_verdicts_agree_with_a_plain_search(which: int, seed: int, columns: int, table_cards: int, stock_cards: int) -> None:
    """The dead-end tests drop no position that can be won, and every verdict is exact."""
    rules, solver = RULES[which], SOLVERS[which]
    position = small_position(seed, columns, table_cards, stock_cards)
    verdict = solver.solve(position, BUDGET)
    assert verdict.status == ("winnable" if plain_verdict(rules, position) else "unwinnable")
    if verdict.status == "winnable":
        assert rules.is_won(replay(rules, position, verdict.moves))


@pytest.mark.parametrize("which", range(4))
def test_verdicts_agree_on_many_small_positions(which: int) -> None:
    """The same, over a fixed spread of positions, so that both verdicts are met often."""
    rules, solver = RULES[which], SOLVERS[which]
    seen = {"winnable": 0, "unwinnable": 0}
    for seed in range(1, 121):
        position = small_position(seed, 1 + seed % 7, 2 + seed % 7, 2 + seed % 5)
        status = solver.solve(position, BUDGET).status
        assert status == ("winnable" if plain_verdict(rules, position) else "unwinnable"), seed
        seen[status] += 1
    assert min(seen.values()) >= 10, seen
