"""The Scorpion solver: winning lines that replay, agreement with the rules, sound dead ends and
safe moves (checked against a search that plays every move), budgets and slices, the daily."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from random_play import random_position
from solitaire.card_notation import parse_card
from solitaire.cards import card_text
from solitaire.daily import daily
from solitaire.game import Move
from solitaire.games.scorpion import DEAL_MOVE, TABLEAU, Scorpion, ScorpionPosition
from solitaire.solver import Verdict, solver_for
from solitaire.solvers.scorpion import DEAL_COLUMNS, Child, ScorpionSolver, State, stranded

LEAVE = Scorpion()
STAY = Scorpion({"runs": "stay"})
RULES = {"leave": LEAVE, "stay": STAY}


def solver(rules: Scorpion) -> ScorpionSolver:
    found = solver_for(rules)
    assert isinstance(found, ScorpionSolver)
    return found


def assert_wins(rules: Scorpion, position: ScorpionPosition, verdict: Verdict) -> None:
    assert verdict.status == "winnable"
    for move in verdict.moves:
        position = rules.apply(position, move)  # raises IllegalMove on a bad line
    assert rules.is_won(position)


def plain_solver(rules: Scorpion) -> ScorpionSolver:
    """The same search without its two shortcuts: no dead-end test, and after the deal every
    move is a choice (no safe moves played at once)."""
    plain = ScorpionSolver(rules)

    def children(state: State) -> list[Child]:
        return [
            ((DEAL_MOVE if source < 0 else Move(TABLEAU[source], TABLEAU[target], count),), plain.play(state, source, target, count))
            for _, source, target, count in plain.moves(state)
        ]

    plain.dead = lambda state: False  # type: ignore[method-assign]
    plain.children = children  # type: ignore[method-assign]
    return plain


random_positions = given(
    runs=st.sampled_from(["leave", "stay"]),
    deal=st.integers(1, 2**31 - 1),
    choices=st.lists(st.integers(0, 1000), max_size=60),
)


def test_the_registry_finds_the_solver() -> None:
    for rules in RULES.values():
        found = solver(rules)
        assert 0 < found.daily_budget <= found.default_budget
        assert found.analysis_budget <= found.default_budget


@pytest.mark.parametrize("runs", ["leave", "stay"])
def test_winning_lines_replay_to_a_win(runs: str) -> None:
    rules = RULES[runs]
    won = 0
    for deal in range(1, 31):
        position = rules.deal(deal)
        verdict = solver(rules).solve(position, 5_000)
        if verdict.status == "winnable":
            assert_wins(rules, position, verdict)
            won += 1
    assert won


def test_deal_16_is_won_and_deal_1_proven_lost_at_once() -> None:
    assert_wins(LEAVE, LEAVE.deal(16), solver(LEAVE).solve(LEAVE.deal(16), 5_000))
    verdict = solver(LEAVE).solve(LEAVE.deal(1), 5_000)
    assert verdict.status == "unwinnable" and verdict.nodes == 0
    # The 7 of Diamonds, face down at the bottom of column 1, can never go on the 8 (nor can the
    # 6 of Diamonds, face down on it, ever leave it).
    assert {card_text(card) for card in solver(LEAVE).never_free(LEAVE.deal(1))} == {"7D", "6D"}
    assert solver(LEAVE).never_free(LEAVE.deal(16)) == ()


@random_positions
@settings(max_examples=60, deadline=None)
def test_the_fast_moves_are_the_rules_moves(runs: str, deal: int, choices: list[int]) -> None:
    """Every move the search makes is legal and does what the rules do; every legal move it
    leaves out only renumbers the columns (a King's whole column into an empty one after the
    deal, or between columns 4-7 before it), or goes to another empty column of the same kind."""
    rules = RULES[runs]
    fast = solver(rules)
    position = random_position(rules, rules.deal(deal), choices)
    state = fast.state_of(position)
    searched = set()
    for _, source, target, count in fast.moves(state):
        move = DEAL_MOVE if source < 0 else Move(TABLEAU[source], TABLEAU[target], count)
        assert fast.state_of(rules.apply(position, move)) == fast.play(state, source, target, count)
        searched.add(move)
    for move in rules.legal_moves(position):
        if move in searched:
            continue
        source = int(move.source.split("-")[1]) - 1
        target = int(move.target.split("-")[1]) - 1
        assert not position.tableau[target], f"{move} is left out"
        whole = move.count == len(position.tableau[source])
        if not position.stock:
            assert whole or any(other.source == move.source and other.count == move.count for other in searched)
        elif target >= DEAL_COLUMNS:
            assert (whole and source >= DEAL_COLUMNS) or any(
                other.source == move.source and other.target not in TABLEAU[:DEAL_COLUMNS] for other in searched
            )
        else:
            raise AssertionError(f"{move} is left out")


def agree_with_a_search_of_every_move(runs: str, deal: int, choices: list[int], budget: int) -> None:
    """The safe moves after the deal and the dead-end test never change a verdict."""
    rules = RULES[runs]
    position = random_position(rules, rules.deal(deal), choices)
    fast = solver(rules).solve(position, 100_000)
    plain = plain_solver(rules).solve(position, budget)
    if "unknown" not in (fast.status, plain.status):
        assert fast.status == plain.status
    if fast.status == "winnable":
        assert_wins(rules, position, fast)
    if plain.status == "winnable":
        assert_wins(rules, position, plain)


@random_positions
@settings(max_examples=10, deadline=None)
def test_the_verdicts_agree_with_a_search_of_every_move(runs: str, deal: int, choices: list[int]) -> None:
    agree_with_a_search_of_every_move(runs, deal, choices, 5_000)


@pytest.mark.slow
@random_positions
@settings(max_examples=80, deadline=None)
def test_the_verdicts_agree_with_a_search_of_every_move_at_length(runs: str, deal: int, choices: list[int]) -> None:
    """The same on more tables, with more room for the search of every move (a wider rule of
    safe moves failed here: a card put on its higher card can bury cards that later want to
    go on the cards carried along)."""
    agree_with_a_search_of_every_move(runs, deal, choices, 20_000)


def test_the_deal_where_a_wider_rule_of_safe_moves_fails() -> None:
    """Deal 823036826 after these random moves is won, but not by putting every card on its
    higher card at once after the deal (the rule the solver had first)."""
    choices = [290, 830, 110, 925, 826, 24, 120, 582, 765, 13, 558, 303, 988]
    position = random_position(LEAVE, LEAVE.deal(823036826), choices)
    assert_wins(LEAVE, position, solver(LEAVE).solve(position, 100_000))


@random_positions
@settings(max_examples=60, deadline=None)
def test_stranded_cards_are_never_lifted_in_a_random_game(runs: str, deal: int, choices: list[int]) -> None:
    """A card found stranded stays on the card it lies on whatever is played after."""
    rules = RULES[runs]
    fast = solver(rules)
    positions = [rules.deal(deal)]
    for choice in choices:
        moves = rules.legal_moves(positions[-1])
        if not moves:
            break
        positions.append(rules.apply(positions[-1], moves[choice % len(moves)]))
    start = fast.state_of(positions[0])
    found = stranded(*start, rules.runs_leave)
    under = {value: column[index - 1] if index else 0 for column in start[0] for index, value in enumerate(column)}
    for position in positions[1:]:
        state = fast.state_of(position)
        now = {value: column[index - 1] if index else 0 for column in state[0] for index, value in enumerate(column)}
        for value in found:
            assert now.get(value, under[value]) == under[value]


def test_a_search_in_slices_is_the_same_search() -> None:
    position = LEAVE.deal(16)
    whole = solver(LEAVE).solve(position, 50_000)
    search = solver(LEAVE).start(position, 50_000)
    verdict = None
    while verdict is None:
        verdict = search.run(7)
    assert verdict == whole
    assert search.run(5) == whole


def test_the_budget_cuts_the_search_short() -> None:
    position = STAY.deal(3)
    full = solver(STAY).solve(position, 200_000)
    assert full.status != "unknown" and full.nodes > 10
    short = solver(STAY).solve(position, full.nodes // 2)
    assert short.status == "unknown" and short.nodes == full.nodes // 2


def test_a_won_or_stuck_position() -> None:
    won = ScorpionPosition(tableau=((),) * 7, hidden=(0,) * 7, stock=(), foundations=((0,),) * 4)
    assert solver(LEAVE).solve(won, 10) == Verdict("winnable", (), 0)


@pytest.mark.parametrize("runs", ["leave", "stay"])
def test_the_daily_is_proven_and_its_line_wins(runs: str) -> None:
    rules: Any = RULES[runs]
    found = daily("scorpion", {"runs": runs}, "2026-12-06")
    assert found.verdict is not None
    assert_wins(rules, rules.deal(found.deal), found.verdict)


def test_a_run_that_leaves_uncovers_the_card_under_its_king() -> None:
    """With runs=leave the King of a run leaves with it, empty column or not (here no column
    is empty and none can become empty): the 5 of Clubs under the King of Hearts turns up once
    the Ace of Hearts goes on the 2, so the 4 of Clubs can go on it."""
    columns = ["5C " + " ".join(rank + "H" for rank in "KQJT98765432"), "6C 4C AH", "7C 5D", "QD 9S", "QS 9D", "JD 8S", "JS 8D"]
    position = ScorpionPosition(
        tableau=tuple(tuple(parse_card(word) for word in column.split()) for column in columns),
        hidden=(1, 0, 0, 0, 0, 0, 0),
        stock=(),
        foundations=((),) * 4,
    )
    assert "4C" not in {card_text(card) for card in solver(LEAVE).never_free(position)}
    after = LEAVE.apply(position, Move("tableau-2", "tableau-1"))
    assert after.tableau[0] == (parse_card("5C"),) and after.hidden[0] == 0
    assert Move("tableau-2", "tableau-1") in LEAVE.legal_moves(after)  # the 4 of Clubs on the 5


def test_a_run_completed_on_another_runs_ace_wins_with_both_leaving() -> None:
    # The Spade run, laid on the Ace of a whole Diamond run, is completed by its Ace: both runs
    # leave, and the game is won (the solver's own rules did not let the Diamond run go).
    def run(suit: str, lowest: str = "A") -> tuple[int, ...]:
        ranks = "KQJT98765432A"
        return tuple(parse_card(rank + suit) for rank in ranks[: ranks.index(lowest) + 1])

    position = ScorpionPosition(
        tableau=(run("D") + run("S", "2"), (), (), (parse_card("AS"),), (), (), ()),
        hidden=(0,) * 7,
        stock=(),
        foundations=(run("H")[::-1], run("C")[::-1], (), ()),
    )
    verdict = solver(LEAVE).solve(position, 100)
    assert_wins(LEAVE, position, verdict)
    assert verdict.moves == (Move("tableau-4", "tableau-1"),)
