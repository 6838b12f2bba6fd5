"""`solve` on the command line, and proven daily deals, for every game."""

from __future__ import annotations

import pytest
from solitaire.daily import MAX_CANDIDATES, candidate, daily
from solitaire.game import parse_move
from solitaire.registry import GAMES, make_rules
from solitaire.solver import solver_for
from test_cli import run


def has_solver(game: str) -> bool:
    try:
        solver_for(make_rules(game))
    except LookupError:
        return False
    return True


# Every game the solver registry names; a registered solver that fails to import fails here.
SOLVED = list(GAMES)  # every game has a solver (registry.GameInfo)


def test_every_registered_solver_imports() -> None:
    assert all(has_solver(game) for game in SOLVED)


def winnable_deal(game: str) -> int:
    """The first deal from 1 on that the solver proves winnable within its daily budget."""
    rules = make_rules(game)
    solver = solver_for(rules)
    for deal in range(1, 51):
        if solver.solve(rules.deal(deal), solver.daily_budget).status == "winnable":
            return deal
    raise AssertionError(f"no quickly winnable {game} deal")


@pytest.mark.parametrize("game", SOLVED)
def test_solve_prints_a_line_that_wins(game: str) -> None:
    deal = winnable_deal(game)
    result = run("solve", game, str(deal))
    assert result.returncode == 0, result.stderr
    status, *lines = result.stdout.splitlines()
    assert status == "winnable" and lines
    rules = make_rules(game)
    position = rules.deal(deal)
    for line in lines:
        position = rules.apply(position, parse_move(line))
    assert rules.is_won(position)


def test_solve_says_unknown_on_a_tiny_budget() -> None:
    result = run("solve", "freecell", "1", "--budget", "1")
    assert result.returncode == 0 and result.stdout.strip() == "unknown"


@pytest.mark.parametrize(
    "arguments",
    [
        ["solve", "freecell", "1", "--budget", "0"],
        ["solve", "freecell", "1", "--budget", "many"],
        ["solve", "chess", "1"],
        ["solve", "klondike", "x"],
    ],
)
def test_solve_bad_arguments(arguments: list[str]) -> None:
    result = run(*arguments)
    assert result.returncode == 2 and result.stderr.startswith("error: ")


@pytest.mark.parametrize("game", SOLVED)
def test_the_daily_deal_is_the_first_candidate_proven_winnable(game: str) -> None:
    """As a date is searched (tools/publish_dailies.py; a date past the published table)."""
    rules = make_rules(game)
    # Proven under the hardest options that deal the same cards (Klondike: Vegas's passes).
    solver = solver_for(make_rules(game, rules.daily_proof_options()))
    day = daily(game, rules.options, "2026-11-29", search_all=True)
    assert day.verdict is not None and day.verdict.status == "winnable"
    index = next(i for i in range(MAX_CANDIDATES) if candidate(game, rules.options, "2026-11-29", i) == day.deal)
    for earlier in range(index):
        number = candidate(game, rules.options, "2026-11-29", earlier)
        assert solver.proof_search(rules.deal(number)).finish().status != "winnable"
    position = rules.deal(day.deal)
    for move in day.verdict.moves:
        position = rules.apply(position, move)
    assert rules.is_won(position)


@pytest.mark.parametrize("draw", ["1", "3"])
def test_standard_and_vegas_players_get_one_daily_won_within_vegas_passes(draw: str) -> None:
    dailies = [daily("klondike", {"draw": draw, "scoring": scoring}, "2026-11-29") for scoring in ("standard", "vegas", "vegas-cumulative")]
    assert len({day.deal for day in dailies}) == 1
    for scoring in ("standard", "vegas"):
        rules = make_rules("klondike", {"draw": draw, "scoring": scoring})
        position = rules.deal(dailies[0].deal)
        assert dailies[0].verdict is not None
        for move in dailies[0].verdict.moves:
            position = rules.apply(position, move)  # Vegas refuses a pass too many
        assert rules.is_won(position)
