"""The live analysis: resumable searches, remembered verdicts, lines carried over, hints."""

from __future__ import annotations

from typing import Any

from klondike_helpers import table
from solitaire.analysis import Analyst
from solitaire.game import Move
from solitaire.games.klondike import Klondike
from solitaire.solver import Search, Solver, Verdict

RULES = Klondike()


class CountingSearch(Search):
    """A stand-in search that ends after a set number of nodes with a set verdict."""

    def __init__(self, verdict: Verdict) -> None:
        self.left = verdict.nodes
        self.verdict = verdict

    def run(self, nodes: int) -> Verdict | None:
        self.left -= nodes
        return self.verdict if self.left <= 0 else None


class ScriptedSolver(Solver):
    def __init__(self, rules: Any, verdict: Verdict) -> None:
        super().__init__(rules)
        self.verdict = verdict
        self.started = 0

    def start(self, position: Any, budget: int) -> Search:
        self.started += 1
        return CountingSearch(self.verdict)


def analyst_with(verdict: Verdict) -> tuple[Analyst, ScriptedSolver]:
    analyst = Analyst(RULES)
    solver = ScriptedSolver(RULES, verdict)
    analyst.solver = solver
    return analyst, solver


def test_work_runs_in_slices_and_remembers_the_verdict() -> None:
    position = RULES.deal(1)
    analyst, solver = analyst_with(Verdict("unwinnable", (), 250))
    assert analyst.work(position, 100) is None and analyst.work(position, 100) is None
    assert analyst.work(position, 100) == Verdict("unwinnable", (), 250)
    assert analyst.verdict(position) is not None
    analyst.work(position, 100)
    assert solver.started == 1  # remembered, not searched again


def test_a_new_position_starts_a_new_search() -> None:
    analyst, solver = analyst_with(Verdict("unknown", (), 10))
    analyst.work(RULES.deal(1), 5)
    analyst.work(RULES.deal(2), 5)
    assert solver.started == 2


def test_a_winning_line_is_carried_over_while_followed() -> None:
    position = table("9H", "8S", stock="2C")
    line = (Move("tableau-2", "tableau-1"), Move("stock", "waste"))
    analyst, _ = analyst_with(Verdict("winnable", line, 1))
    analyst.work(position, 10)
    after = RULES.apply(position, line[0])
    analyst.played(position, (line[0],), after)
    assert analyst.verdict(after) == Verdict("winnable", line[1:], 0)
    other = RULES.apply(position, Move("stock", "waste"))
    analyst.played(position, (Move("stock", "waste"),), other)
    assert analyst.verdict(other) is None  # left the line: not known


def test_hint_follows_a_known_winning_line() -> None:
    position = table("9H", "8S", stock="2C")
    line = (Move("stock", "waste"), Move("tableau-2", "tableau-1"))
    analyst, _ = analyst_with(Verdict("winnable", line, 1))
    analyst.work(position, 10)
    hint = analyst.hint(position)
    assert (hint.kind, hint.move) == ("winning", line[0])


def test_hint_without_a_verdict_prefers_cards_going_home_then_turning() -> None:
    analyst, _ = analyst_with(Verdict("unknown", (), 1))
    position = table("[2D] 9H", "8S", "AC", stock="3C")
    hint = analyst.hint(position)
    assert (hint.kind, hint.move) == ("promising", Move("tableau-3", "foundation-1"))
    turning = table("[2D] 8S", "9H", stock="3C")
    assert analyst.hint(turning).move == Move("tableau-1", "tableau-2")


def test_hint_points_at_the_stock_when_nothing_else_moves() -> None:
    analyst, _ = analyst_with(Verdict("unknown", (), 1))
    hint = analyst.hint(table("[2D] 9H", stock="3C"))
    assert (hint.kind, hint.move) == ("stock", Move("stock", "waste"))
    redeal = analyst.hint(table("[2D] 9H", waste="3C"))
    assert (redeal.kind, redeal.move) == ("stock", Move("waste", "stock", 1))


def test_hint_says_when_nothing_is_left() -> None:
    rules = Klondike({"scoring": "vegas"})
    analyst = Analyst(rules)
    hint = analyst.hint(table("[2D] 9H", waste="3C"))
    assert (hint.kind, hint.move) == ("none", None)


def test_a_deep_verdict_never_replaces_a_settled_one_nor_a_longer_unknown_one() -> None:
    position = table("9H", "8S", stock="2C")
    analyst, _ = analyst_with(Verdict("unwinnable", (), 10))
    analyst.work(position, 10)
    analyst.learn(position, Verdict("unknown", (), 500))
    assert analyst.verdict(position) == Verdict("unwinnable", (), 10)
    other = RULES.deal(1)
    analyst.remember(other, Verdict("unknown", (), 900))
    analyst.learn(other, Verdict("unknown", (), 500))
    assert analyst.verdict(other) == Verdict("unknown", (), 900)
    analyst.learn(other, Verdict("unwinnable", (), 1_000))
    assert analyst.verdict(other) == Verdict("unwinnable", (), 1_000)


def test_a_deep_verdict_on_the_position_searched_ends_that_search() -> None:
    position = RULES.deal(1)
    analyst, solver = analyst_with(Verdict("unknown", (), 1_000))
    analyst.work(position, 10)
    analyst.learn(position, Verdict("unwinnable", (), 5_000))
    assert analyst.searching is None and analyst.verdict(position) == Verdict("unwinnable", (), 5_000)
    analyst.work(position, 10)
    assert solver.started == 1
