"""The FreeCell solver: winning lines that replay, proofs of lost games, budgets, slices."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from freecell_helpers import FC_SOLVE, MAKE_BOARD, microsoft_board, solve, table
from solitaire.game import Move
from solitaire.games.freecell import FreeCell, FreeCellPosition
from solitaire.solver import Verdict, solver_for
from solitaire.solvers.freecell import (
    FREECELL,
    FREECELL_ANY_COLOUR,
    FreeCellSearch,
    FreeCellSolver,
    variant_of,
)

F = FreeCell()
SOLVER = FreeCellSolver(F)
ROOT = Path(__file__).resolve().parent.parent


def play(position: FreeCellPosition, moves: tuple[Move, ...] | list[Move]) -> FreeCellPosition:
    for move in moves:
        position = F.apply(position, move)  # raises IllegalMove on a bad line
    return position


def assert_wins(position: FreeCellPosition, verdict: Verdict) -> None:
    assert verdict.status == "winnable"
    assert F.is_won(play(position, verdict.moves))


def test_the_registry_finds_the_solver() -> None:
    assert isinstance(solver_for(F), FreeCellSolver)


@pytest.mark.parametrize("number", [1, 2, 3, 164, 617, 1941, 25_904, 1_000_000])
def test_deals_are_won_by_lines_that_replay(number: int) -> None:
    verdict = SOLVER.solve(F.deal(number), 20_000)
    assert_wins(F.deal(number), verdict)
    assert 0 < verdict.nodes <= 20_000


@pytest.mark.slow
@pytest.mark.skipif(FC_SOLVE is None or MAKE_BOARD is None, reason="freecell-solver-bin is not installed")
@pytest.mark.parametrize("number", [*range(1, 21), 617, 11982, 146692, 186216])
def test_verdicts_agree_with_freecell_solver(number: int) -> None:
    """Freecell Solver (Debian's fc-solve), an outside reference: on Microsoft deals, the
    three known lost ones among them, its verdict is ours."""
    theirs = solve(microsoft_board(number)) is not None
    verdict = SOLVER.solve(F.deal(number), 200_000)
    assert verdict.status == ("winnable" if theirs else "unwinnable")
    if theirs:
        assert_wins(F.deal(number), verdict)


def test_deal_11982_is_proven_unwinnable() -> None:
    """The one deal of Microsoft's first 32,000 that cannot be won: the whole space is searched."""
    verdict = SOLVER.solve(F.deal(11982), 200_000)
    assert verdict == Verdict("unwinnable", (), verdict.nodes)
    assert verdict.nodes < 200_000


# Only red cards left (clubs and spades are home): no card can go onto another,
# and both Aces are buried.
NO_MOVE_AT_ALL = table(
    "AD 5D 9D",
    "AH 5H 9H",
    "2D 6D TD",
    "2H 6H TH",
    "3D 7D JD",
    "3H 7H JH",
    "4D 8D",
    "4H 8H",
    cells=("KD", "KH", "QD", "QH"),
    foundations=("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"),
)
ONE_FREE_CELL = table(
    "AD 5D 9D",
    "AH 5H 9H",
    "2D 6D TD",
    "2H 6H TH",
    "3D 7D JD",
    "3H 7H JH",
    "4D 8D",
    "4H 8H QH",
    cells=("KD", "KH", "QD"),
    foundations=("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"),
)


def test_a_table_without_moves_is_lost() -> None:
    assert F.is_stuck(NO_MOVE_AT_ALL)
    assert SOLVER.solve(NO_MOVE_AT_ALL, 100) == Verdict("unwinnable", (), 1)


def test_a_table_with_moves_that_lead_nowhere_is_lost() -> None:
    """Red on red never builds, so the one free cell can take one card off one column,
    and every Ace lies under two cards: at most nine positions, none better."""
    assert F.legal_moves(ONE_FREE_CELL)
    verdict = SOLVER.solve(ONE_FREE_CELL, 100)
    assert verdict.status == "unwinnable"
    assert verdict.nodes <= 9


def test_a_tiny_budget_gives_unknown() -> None:
    assert SOLVER.solve(F.deal(1), 1) == Verdict("unknown", (), 1)
    assert SOLVER.solve(F.deal(1), 0) == Verdict("unknown", (), 0)


def test_a_won_game_needs_no_move() -> None:
    won = table(foundations=tuple(" ".join(f"{r}{s}" for r in "A23456789TJQK") for s in "CDHS"))
    assert F.is_won(won)
    assert SOLVER.solve(won, 10) == Verdict("winnable", (), 0)


def test_descending_columns_win_without_search() -> None:
    """Every column descends (any colours): the completion finishes, with the foundations
    filled into the piles the position already uses."""
    position = table(
        "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
        "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
        "KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
        "KC QC JC TC 9C 8C",
        cells=("AD", "7C"),
        foundations=("", "AC 2C 3C 4C 5C 6C", "AS", "AH"),
    )
    verdict = SOLVER.solve(position, 10)
    assert verdict.status == "winnable" and verdict.nodes == 0
    assert_wins(position, verdict)
    assert Move("cell-1", "foundation-1") in verdict.moves  # the Ace of diamonds takes the empty pile


def test_runs_in_slices_give_the_same_verdict() -> None:
    whole = SOLVER.solve(F.deal(5), 20_000)
    search = SOLVER.start(F.deal(5), 20_000)
    assert isinstance(search, FreeCellSearch)
    slices = 0
    while (verdict := search.run(7)) is None:
        slices += 1
        assert search.nodes == 7 * slices
    assert verdict == whole
    assert slices > 3
    assert search.run(7) == whole  # a finished search keeps its verdict


def test_the_budget_bounds_the_nodes() -> None:
    search = SOLVER.start(F.deal(11982), 500)
    assert search.run(300) is None
    assert search.run(300) == Verdict("unknown", (), 500)


def test_two_searches_agree() -> None:
    assert SOLVER.solve(F.deal(1941), 20_000) == SOLVER.solve(F.deal(1941), 20_000)


def test_same_line_whatever_the_hash_seed() -> None:
    """Sets and dicts of bytes are hashed with a per-process seed; the search never
    depends on their order, so every process finds the same line."""
    code = (
        "from solitaire.games.freecell import FreeCell\n"
        "from solitaire.solvers.freecell import FreeCellSolver\n"
        "v = FreeCellSolver(FreeCell()).solve(FreeCell().deal(1941), 20000)\n"
        "print(v.status, v.nodes, ' '.join(map(str, v.moves)))\n"
    )
    outputs = set()
    for seed in ("1", "2"):
        environment = dict(os.environ, PYTHONPATH=str(ROOT / "py"), PYTHONHASHSEED=seed)
        result = subprocess.run([sys.executable, "-c", code], env=environment, capture_output=True, text=True, check=True)
        outputs.add(result.stdout)
    assert len(outputs) == 1
    assert outputs.pop().startswith("winnable")


def test_solves_from_the_middle_of_a_game() -> None:
    """Part of the way along a winning line, a fresh search wins again, with the
    foundations and free cells as the player left them."""
    start = F.deal(617)
    line = SOLVER.solve(start, 20_000).moves
    for played in (1, 10, 40, len(line) // 2):
        middle = play(start, line[:played])
        assert_wins(middle, SOLVER.solve(middle, 20_000))


def test_foundations_in_any_order_and_gaps_in_the_cells() -> None:
    position = table(
        "KS QH JS TH 9S 8H 7S 6H 5S 4H 3S",
        "KH QS JH TS 9H 8S 7H 6S 5H 4S 3H",
        "KD QC JD TC 9D 8C 7D 6C 5D 4C 3D",
        "KC QD JC TD 9C 8D 7C 6D 5C 4D",
        "2S",
        cells=("-", "3C", "AS", "2H"),
        foundations=("AH", "", "AD 2D", "AC 2C"),
    )
    position = F.apply(position, Move("tableau-5", "cell-1"))  # a card the search must bring home
    verdict = SOLVER.solve(position, 1_000)
    assert_wins(position, verdict)


# -- building in any colour order (option building=any) ------------------------------------

ANY = FreeCell({"building": "any"})
ANY_SOLVER = solver_for(ANY)


def test_the_any_colour_rule_gets_its_own_variant() -> None:
    assert variant_of(ANY) is FREECELL_ANY_COLOUR and variant_of(F) is FREECELL
    assert isinstance(ANY_SOLVER, FreeCellSolver)


@pytest.mark.parametrize("number", [1, 2, 617, 11982, 1_000_000])
def test_any_colour_deals_are_won_by_lines_that_replay_under_that_rule(number: int) -> None:
    """Deal 11982 too: building in any colour, it can be won."""
    verdict = ANY_SOLVER.solve(ANY.deal(number), 20_000)
    assert verdict.status == "winnable"
    position = ANY.deal(number)
    for move in verdict.moves:
        position = ANY.apply(position, move)
    assert ANY.is_won(position)


def test_a_red_run_on_red_wins_in_any_colour_only() -> None:
    """Only red cards left: red on red builds in any colour order, so the table that is lost
    alternating (above) may be won."""
    verdict = ANY_SOLVER.solve(ONE_FREE_CELL, 10_000)
    assert verdict.status == "winnable"
    position = ONE_FREE_CELL
    for move in verdict.moves:
        position = ANY.apply(position, move)
    assert ANY.is_won(position)
