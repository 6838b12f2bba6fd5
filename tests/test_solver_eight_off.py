"""The Eight Off solver: winning lines that replay, proofs of lost games, budgets, slices, and a
move generator that agrees with the rules."""

from __future__ import annotations

import pytest
from eight_off_helpers import table
from solitaire.game import Move
from solitaire.games.eight_off import EightOff
from solitaire.games.freecell import FreeCellPosition
from solitaire.solver import Verdict, solver_for
from solitaire.solvers.eight_off import EIGHT_OFF, EightOffSolver
from solitaire.solvers.freecell import FreeCellSearch

E = EightOff()
SOLVER = EightOffSolver(E)


def play(position: FreeCellPosition, moves: tuple[Move, ...] | list[Move]) -> FreeCellPosition:
    for move in moves:
        position = E.apply(position, move)  # raises IllegalMove on a bad line
    return position


def assert_wins(position: FreeCellPosition, verdict: Verdict) -> None:
    assert verdict.status == "winnable"
    assert E.is_won(play(position, verdict.moves))


def test_the_registry_finds_the_solver() -> None:
    assert isinstance(solver_for(E), EightOffSolver)


@pytest.mark.parametrize("number", [1, 2, 3, 12, 23, 1_000_000, 2**31 - 1])
def test_deals_are_won_by_lines_that_replay(number: int) -> None:
    verdict = SOLVER.solve(E.deal(number), 20_000)
    assert_wins(E.deal(number), verdict)
    assert 0 < verdict.nodes <= 20_000


# Only red cards left (clubs and spades are home), every cell taken, both Aces buried, and no
# card one rank below another of its suit on a column top: nothing moves.
BLACK_HOME = ("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS")
BLOCKED = table(
    "AD 4D 9D",
    "AH 4H 9H",
    "6D JD",
    "6H JH",
    "TD 7D",
    "TH 7H",
    "8D 5D",
    "8H 5H",
    cells=("KD", "KH", "QD", "QH", "3D", "3H", "2D", "2H"),
    foundations=BLACK_HOME,
)


def test_a_table_without_moves_is_lost() -> None:
    E.check_every_card_once(BLOCKED)
    assert E.is_stuck(BLOCKED)
    assert SOLVER.solve(BLOCKED, 100) == Verdict("unwinnable", (), 1)


def test_one_free_cell_wins_that_table() -> None:
    """With the 2H on a column instead of in a cell, the 9D goes to the cell and the diamonds run home."""
    position = table(
        "AD 4D 9D",
        "AH 4H 9H",
        "6D JD",
        "6H JH",
        "TD 7D",
        "TH 7H",
        "8D 5D",
        "8H 5H 2H",
        cells=("KD", "KH", "QD", "QH", "3D", "3H", "2D"),
        foundations=BLACK_HOME,
    )
    assert_wins(position, SOLVER.solve(position, 1_000))


def test_a_tiny_budget_gives_unknown() -> None:
    assert SOLVER.solve(E.deal(3), 1) == Verdict("unknown", (), 1)
    assert SOLVER.solve(E.deal(3), 0) == Verdict("unknown", (), 0)


def test_a_won_game_needs_no_move() -> None:
    won = table(foundations=tuple(" ".join(f"{r}{s}" for r in "A23456789TJQK") for s in "CDHS"))
    assert SOLVER.solve(won, 10) == Verdict("winnable", (), 0)


def test_descending_columns_win_without_search() -> None:
    position = table(
        "KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H",
        "KH QS JH TS 9H 8S 7H 6S 5H 4S 3H 2S",
        "KD QC JD TC 9D 8C 7D 6C 5D 4C 3D",
        "KC QD JC TD 9C 8D 7C 6D 5C 4D",
        "2D",
        "3C 2C",
        cells=("-", "AS", "-", "AH", "AD", "-", "-", "AC"),
    )
    verdict = SOLVER.solve(position, 10)
    assert verdict.status == "winnable" and verdict.nodes == 0
    assert_wins(position, verdict)


def test_the_eighth_cell_and_a_king_into_an_empty_column() -> None:
    """A line that must use the cells past the fourth and put a cell's King into an empty column."""
    position = table(
        "QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH",
        "QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS",
        "QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AD",
        "QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C AC",
        cells=("KH", "KS", "KD", "KC"),
    )
    verdict = SOLVER.solve(position, 1_000)
    assert_wins(position, verdict)


def test_runs_in_slices_give_the_same_verdict() -> None:
    whole = SOLVER.solve(E.deal(3), 20_000)
    search = SOLVER.start(E.deal(3), 20_000)
    assert isinstance(search, FreeCellSearch) and search.variant is EIGHT_OFF
    slices = 0
    while (verdict := search.run(7)) is None:
        slices += 1
        assert search.nodes == 7 * slices
    assert verdict == whole
    assert slices > 3
    assert search.run(7) == whole


def test_the_budget_bounds_the_nodes() -> None:
    search = SOLVER.start(E.deal(23), 500)
    assert search.run(300) is None
    assert search.run(300) == Verdict("unknown", (), 500)


def test_solves_from_the_middle_of_a_game() -> None:
    start = E.deal(2)
    line = SOLVER.solve(start, 20_000).moves
    for played in (1, 10, len(line) // 2):
        middle = play(start, line[:played])
        assert_wins(middle, SOLVER.solve(middle, 20_000))
