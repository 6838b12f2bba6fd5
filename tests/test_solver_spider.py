"""The Spider solver: winning lines that replay, proofs of lost tables, budgets, slices, agreement with the rules."""

from __future__ import annotations

from collections import deque
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from random_play import random_position
from solitaire.daily import daily
from solitaire.game import Move
from solitaire.games.spider import Spider, SpiderPosition
from solitaire.rng import SplitMix64
from solitaire.solver import Verdict, solver_for
from solitaire.solvers.spider import (
    DEAL,
    PhaseWalk,
    SpiderSearch,
    SpiderSolver,
    Table,
    column_disorder,
    engine_moves,
    exhaustive_moves,
    key,
    legal_moves,
    segments,
    strategic_moves,
)
from spider_helpers import table

ONE = Spider({"suits": "1"})
TWO = Spider({"suits": "2"})
FOUR = Spider({"suits": "4"})
RULES = {"1": ONE, "2": TWO, "4": FOUR}
SOLVERS = {suits: SpiderSolver(rules) for suits, rules in RULES.items()}


def play(rules: Spider, position: SpiderPosition, moves: tuple[Move, ...] | list[Move]) -> SpiderPosition:
    for move in moves:
        position = rules.apply(position, move)  # raises IllegalMove on a bad line
    return position


def assert_wins(rules: Spider, position: SpiderPosition, verdict: Verdict) -> None:
    assert verdict.status == "winnable"
    assert rules.is_won(play(rules, position, verdict.moves))


def random_play(rules: Spider, deal: int, choices: list[int]) -> SpiderPosition:
    position: SpiderPosition = random_position(rules, rules.deal(deal), choices)
    return position


def search_move(move: Move) -> tuple[int, int, int, int]:
    if move.source == "stock":
        return (0, DEAL, DEAL, move.count)
    return (0, int(move.source.split("-")[1]) - 1, int(move.target.split("-")[1]) - 1, move.count)


random_positions = given(
    suits=st.sampled_from(["1", "2", "4"]),
    deal=st.integers(1, 2**31 - 1),
    choices=st.lists(st.integers(0, 1000), max_size=120),
)


def test_the_registry_finds_the_solver_and_budgets_follow_the_suits() -> None:
    for rules in RULES.values():
        solver = solver_for(rules)
        assert isinstance(solver, SpiderSolver)
        assert 0 < solver.daily_budget <= solver.default_budget
    assert SOLVERS["1"].daily_budget <= SOLVERS["4"].daily_budget
    # The page's analysis searches 4-suit deals as far as the command line does (its
    # phase search keeps few positions); the others keep the common 400,000.
    assert SOLVERS["4"].analysis_budget == SOLVERS["4"].default_budget == 3_000_000
    assert SOLVERS["1"].analysis_budget == SOLVERS["2"].analysis_budget == 400_000


def test_the_daily_deal_of_one_suit_is_proven() -> None:
    day = daily("spider", {"suits": "1"}, "2026-11-30")
    assert day.verdict is not None and day.verdict.status == "winnable"
    assert_wins(ONE, ONE.deal(day.deal), day.verdict)


# -- winning lines ---------------------------------------------------------------


@pytest.mark.parametrize(("suits", "number"), [("1", 1), ("1", 2), ("1", 617), ("1", 2**31 - 1), ("2", 3), ("2", 4)])
def test_deals_are_won_by_lines_that_replay(suits: str, number: int) -> None:
    rules = RULES[suits]
    verdict = SOLVERS[suits].solve(rules.deal(number), 20_000)
    assert_wins(rules, rules.deal(number), verdict)
    assert 0 < verdict.nodes <= 20_000


@pytest.mark.parametrize("moves_played", [7, 40])
def test_the_solver_starts_from_mid_game_positions(moves_played: int) -> None:
    """A hint asks from wherever the player is, not only from a fresh deal."""
    position = random_play(ONE, 5, [3] * moves_played)
    assert position != ONE.deal(5)
    verdict = SOLVERS["1"].solve(position, 20_000)
    assert_wins(ONE, position, verdict)


def test_a_won_table_is_winnable_with_no_moves() -> None:
    won = table(completed="SSSSSSSS")
    assert SOLVERS["1"].solve(won, 10) == Verdict("winnable", (), 0)


def test_a_supermove_is_spelled_out_as_one_run_moves_through_empty_columns() -> None:
    """Two runs (6H, then 5S..AS) go onto the 7H together; the line moves one run at a time."""
    position = table(
        "KS QS JS TS 9S 8S 7S",
        "KH QH JH TH 9H 8H 7H",
        "6H 5S 4S 3S 2S AS",
        "6S 5H 4H 3H 2H AH",
        completed="SHSHSH",
    )
    verdict = SOLVERS["2"].solve(position, 1_000)
    assert_wins(TWO, position, verdict)
    state = Table(position).start
    assert segments(state[0][2]) == [5, 1]
    spelled = engine_moves(state, (0, 2, 1, 6))
    assert spelled == [
        Move("tableau-3", "tableau-5", 5),
        Move("tableau-3", "tableau-2", 1),
        Move("tableau-5", "tableau-2", 5),
    ]
    assert play(TWO, position, spelled).tableau[1][-6:] == position.tableau[2]


def test_a_supermove_through_two_empty_columns_carries_four_runs() -> None:
    """7H 6S 5H 4S onto the 8S: four one-card runs, two empty columns (9 and 10) as stops."""
    position = table("KS QS JS TS 9S 8S", "[AS] 7H 6S 5H 4S", "KH", "KH", "KS", "KS", "QH", "QH")
    state = Table(position).start
    assert segments(state[0][1]) == [1, 1, 1, 1]
    moves = engine_moves(state, (0, 1, 0, 4))
    assert len(moves) == 9  # 3 for the upper pair into column 9 (via 10), 3 for the lower pair, 3 back
    after = play(TWO, position, moves)
    assert after.tableau[0] == position.tableau[0] + position.tableau[1][1:]
    assert after.tableau[1] == position.tableau[1][:1] and after.hidden[1] == 0  # the AS turned over
    assert not after.tableau[8] and not after.tableau[9]


# -- proofs ----------------------------------------------------------------------

# Six spade runs are home; the 26 spades left lie face down under ten tops, K K J J 9 9 7 7 5 5:
# no top is one rank below another, no column is empty, no stock: not a single move.
NO_MOVE = table(
    "[AS] [2S] KS",
    "[AS] [2S] KS",
    "[3S] [3S] JS",
    "[4S] [4S] JS",
    "[6S] [6S] 9S",
    "[8S] 9S",
    "[8S] 7S",
    "[TS] 7S",
    "[TS] [QS] 5S",
    "[QS] 5S",
    completed="SSSSSS",
)

# The same, but a 4S lies on one of the 5s: it can only go from one 5 to the
# other and back, which turns nothing over.
SHUFFLE_ONLY = table(
    "[AS] [2S] KS",
    "[AS] [2S] KS",
    "[3S] [3S] JS",
    "[4S] JS",
    "[6S] [6S] 9S",
    "[8S] 9S",
    "[8S] 7S",
    "[TS] 7S",
    "[TS] [QS] 5S 4S",
    "[QS] 5S",
    completed="SSSSSS",
)

# SHUFFLE_ONLY with four runs home and one deal left, which gives K K J J 9 9 7 7 5 5
# to columns 1 to 10: the tops stay K K J J 9 9 7 7 5 5 (the 4S wherever it is),
# so after the deal nothing moves at all.
DEAL_DOES_NOT_HELP = table(
    "[AS] [2S] KS",
    "[AS] [2S] KS",
    "[3S] [3S] JS",
    "[4S] JS",
    "[6S] [6S] 9S",
    "[8S] 9S",
    "[8S] 7S",
    "[TS] 7S",
    "[TS] [QS] 5S 4S",
    "[QS] 5S",
    stock=" ".join(reversed("KS KS JS JS 9S 9S 7S 7S 5S 5S".split())),
    completed="SSSS",
)


@pytest.mark.parametrize(
    ("position", "most_nodes"),
    [(NO_MOVE, 3), (SHUFFLE_ONLY, 10), (DEAL_DOES_NOT_HELP, 40)],
    ids=["no move", "shuffle only", "the deal does not help"],
)
def test_lost_tables_are_proven_unwinnable(position: SpiderPosition, most_nodes: int) -> None:
    verdict = SOLVERS["1"].solve(position, 1_000)
    assert verdict == Verdict("unwinnable", (), verdict.nodes)
    assert verdict.nodes <= most_nodes


def lost_by_random_play(rules: Spider, deal: int, moves: int) -> SpiderPosition:
    """Where ``moves`` random moves (the project's generator, seeded by the deal) lead: lost, as a rule."""
    generator = SplitMix64(deal)
    position = rules.deal(deal)
    for _ in range(moves):
        legal = rules.legal_moves(position)
        if not legal:
            break
        position = rules.apply(position, legal[generator.below(len(legal))])
    return position


def brute_force(rules: Spider, position: SpiderPosition, cap: int) -> str:
    """Breadth-first search over the engine's own rules and positions (score set aside), independent of the solver."""
    start = replace(position, score=0)
    seen = {start}
    queue = deque([start])
    while queue:
        current = queue.popleft()
        if rules.is_won(current):
            return "winnable"
        for move in rules.legal_moves(current):
            after = replace(rules.apply(current, move), score=0)
            if after not in seen:
                seen.add(after)
                queue.append(after)
    assert len(seen) <= cap
    return "unwinnable"


@pytest.mark.parametrize("deal", [1, 2, 4, 5, 11])
def test_lost_games_late_in_play_are_proven_and_brute_force_agrees(deal: int) -> None:
    """The page's "still winnable?" after a bad game: the solver's proof matches an independent search."""
    position = lost_by_random_play(TWO, deal, 400)
    verdict = SOLVERS["2"].solve(position, 20_000)
    assert verdict.status == "unwinnable"
    assert brute_force(TWO, position, 1_000) == "unwinnable"


def test_pass_2_proves_a_loss_in_the_turns_between_dives_that_never_end() -> None:
    """Dives of one node never exhaust the strategic moves; the turns of pass 2 still add up to a proof."""
    tiny = replace(SOLVERS["1"].tuning, first_dive=1, dive=1, proof=1)
    verdict = SpiderSearch(DEAL_DOES_NOT_HELP, 1_000, tiny).finish()
    assert verdict == Verdict("unwinnable", (), verdict.nodes)
    assert verdict.nodes < 100


def test_the_exhaustive_pass_alone_finds_wins_that_replay() -> None:
    """Pass 2 (every legal move, for proofs) also returns lines that win."""
    position = table("KS QS JS TS 9S", "[8S] [7S] 3S", "6S 5S 4S", "2S AS", completed="SSSSSSS")
    verdict = SpiderSearch(position, 5_000, SOLVERS["1"].tuning, proof_only=True).finish()
    assert_wins(ONE, position, verdict)


# -- the phase search (4 suits) ------------------------------------------------------


def test_a_four_suit_deal_is_won_by_the_phase_search_in_slices_as_in_one_run() -> None:
    """Deal 9 is won after the first dive: by the phase search, whose line (deals included) replays."""
    position = FOUR.deal(9)
    whole = SOLVERS["4"].solve(position, 20_000)
    assert_wins(FOUR, position, whole)
    assert whole.nodes > SOLVERS["4"].tuning.first_dive
    search = SOLVERS["4"].start(position, 20_000)
    while (verdict := search.run(37)) is None:
        assert isinstance(search, SpiderSearch) and (search.phases is None) == (search.nodes < SOLVERS["4"].tuning.first_dive)
    assert verdict == whole


@pytest.mark.parametrize(
    ("column", "disorder"),
    [
        ("", -60),  # an empty column is worth having
        ("KS QS JS", 0),  # one run
        ("KS QH", 9),  # next rank, another suit
        ("KS 5H", 15),  # no sequence
        ("KS QH JH 2C", 9 + 15),
    ],
)
def test_the_disorder_of_a_column_counts_its_breaks(column: str, disorder: int) -> None:
    position = table(column or "", "KS", completed="")
    assert column_disorder(Table(position).start[0][0], SOLVERS["4"].tuning) == disorder


def test_the_phase_search_ends_when_every_phase_is_searched_and_pass_2_proves_the_loss() -> None:
    """On a small lost table the phase search runs out of candidates (nothing was cut), then pass 2 proves."""
    tuning = replace(SOLVERS["4"].tuning, first_dive=1, dive=50, proof=1)
    search = SpiderSearch(DEAL_DOES_NOT_HELP, 100_000, tuning)
    verdict = search.finish()
    assert verdict.status == "unwinnable"
    assert search.strategic_exhausted


def test_the_phase_search_runs_its_rounds_in_stages_of_slack_and_doubled_budgets() -> None:
    """Stage k: slack k at the phase budget, k - 1 at twice it, ... 0 at 2 ** k times it; no slack beyond every candidate."""
    walk = PhaseWalk(SpiderSearch(DEAL_DOES_NOT_HELP, 100_000, SOLVERS["4"].tuning))
    assert DEAL_DOES_NOT_HELP.stock and len(DEAL_DOES_NOT_HELP.stock) == 10  # one deal: slack 2 takes every candidate
    rounds = []
    for _ in range(9):
        walk.cut = True  # as if a phase was cut short: the walk goes on
        assert walk.next_round()
        rounds.append((walk.doublings, walk.slack))
        walk.stack.clear()
    assert rounds == [(0, 0), (0, 1), (1, 0), (0, 2), (1, 1), (2, 0), (1, 2), (2, 1), (3, 0)]
    walk.slack, walk.cut = 2, False
    assert not walk.next_round()  # a round that took every candidate and cut nothing: exhausted


def test_a_phase_walk_alone_on_a_lost_table_is_exhausted_without_a_verdict() -> None:
    walk = PhaseWalk(SpiderSearch(DEAL_DOES_NOT_HELP, 100_000, replace(SOLVERS["4"].tuning, phase_nodes=100)))
    assert walk.step(100_000) is True
    assert walk.search.verdict is None


# -- budgets, slices, determinism --------------------------------------------------


def test_a_tiny_budget_gives_unknown() -> None:
    verdict = SOLVERS["4"].solve(FOUR.deal(1), 5)
    assert verdict == Verdict("unknown", (), 5)


def test_a_zero_budget_gives_unknown_at_once() -> None:
    assert SOLVERS["2"].solve(TWO.deal(1), 0) == Verdict("unknown", (), 0)


@pytest.mark.parametrize(("suits", "number", "budget"), [("2", 3, 20_000), ("4", 1, 1_500), ("1", 9, 20_000)])
def test_slices_give_the_same_verdict_as_one_run(suits: str, number: int, budget: int) -> None:
    position = RULES[suits].deal(number)
    whole = SOLVERS[suits].solve(position, budget)
    search = SOLVERS[suits].start(position, budget)
    slices = 0
    while (verdict := search.run(37)) is None:
        slices += 1
        assert isinstance(search, SpiderSearch) and search.nodes == 37 * slices
    assert verdict == whole
    assert search.run(100) == whole  # a finished search keeps its verdict


def test_slices_resume_through_the_exhaustive_pass() -> None:
    whole = SOLVERS["1"].solve(DEAL_DOES_NOT_HELP, 1_000)
    search = SOLVERS["1"].start(DEAL_DOES_NOT_HELP, 1_000)
    while (verdict := search.run(1)) is None:
        pass
    assert verdict == whole


def test_the_search_is_deterministic() -> None:
    first = SpiderSolver(FOUR).solve(FOUR.deal(2), 3_000)
    second = SpiderSolver(FOUR).solve(FOUR.deal(2), 3_000)
    assert first == second


# -- the fast rules agree with the engine ---------------------------------------------


@random_positions
@settings(max_examples=60, deadline=None)
def test_the_move_generator_agrees_with_the_rules(suits: str, deal: int, choices: list[int]) -> None:
    rules = RULES[suits]
    position = random_play(rules, deal, choices)
    state = Table(position).start
    assert sorted(legal_moves(state)) == sorted(search_move(move) for move in rules.legal_moves(position))
    strategic = {move[1:] for move in strategic_moves(state, SOLVERS[suits].tuning)}
    exhaustive = {move[1:] for move in exhaustive_moves(state, SOLVERS[suits].tuning)}
    assert exhaustive <= {move[1:] for move in legal_moves(state)}
    # Every strategic move is legal once spelled out.
    for move in sorted(strategic):
        play(rules, position, engine_moves(state, (0, *move)))


@random_positions
@settings(max_examples=60, deadline=None)
def test_apply_agrees_with_the_rules(suits: str, deal: int, choices: list[int]) -> None:
    rules = RULES[suits]
    position = random_play(rules, deal, choices)
    fixed = Table(position)
    state = fixed.start
    for move in rules.legal_moves(position):
        after = rules.apply(position, move)
        mine = fixed.apply(state, *search_move(move)[1:])
        assert mine == Table(after).start
        assert key(mine) == key(Table(after).start)


def test_without_a_stock_the_key_ignores_the_order_of_the_columns() -> None:
    position = table("KS QS", "[5S] 9S", "", "3S", completed="SSSSS")
    swapped = replace(position, tableau=(position.tableau[3],) + position.tableau[1:3] + (position.tableau[0],) + position.tableau[4:])
    assert key(Table(position).start) == key(Table(swapped).start)
    dealing = replace(position, stock=position.tableau[0] * 5)
    assert key(Table(dealing).start) != key(Table(replace(swapped, stock=position.tableau[0] * 5)).start)
