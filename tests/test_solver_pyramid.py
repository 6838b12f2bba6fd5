"""The Pyramid solver: exact verdicts, winning lines that replay, resumable slices.

Places: row 1 is pyramid-1, row 2 pyramid-2..3, ..., row 7 pyramid-22..28;
pyramid-1 is covered by pyramid-2 and pyramid-3.
"""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pyramid_helpers import table
from random_play import random_position
from solitaire.cards import make_card
from solitaire.game import Move
from solitaire.games.pyramid import MAX_REDEALS, PLACES, Pyramid, PyramidPosition
from solitaire.solver import Verdict, solver_for
from solitaire.solvers.covering_search import ROOT_STEP
from solitaire.solvers.pyramid import CLICK, CLICKS, PyramidSearch, PyramidSolver

RULES = Pyramid()
SOLVER = PyramidSolver(RULES)
BUDGET = SOLVER.default_budget


def replay(position: PyramidPosition, moves: tuple[Move, ...]) -> PyramidPosition:
    for move in moves:
        position = RULES.apply(position, move)
    return position


def test_the_registry_finds_it() -> None:
    assert isinstance(solver_for(RULES), PyramidSolver)


# -- winning lines ----------------------------------------------------------------------


@pytest.mark.parametrize("number", [1, 2, 5, 6, 10, 12, 14, 22, 27, 2**31 - 1])
def test_winning_lines_replay_to_a_win(number: int) -> None:
    position = RULES.deal(number)
    verdict = SOLVER.solve(position, BUDGET)
    assert verdict.status == "winnable"
    assert RULES.is_won(replay(position, verdict.moves))
    assert 0 < verdict.nodes <= BUDGET


# Verdicts of the first deals, as the solver found them (winnable ones replay above and below;
# the unwinnable ones are a regression check, their exactness is tested on small positions).
FIRST_DEALS = "wwllwwlllwwwwwwlwwwwwwwlwwwlwwwwwlwwwllw"


def test_verdicts_of_the_first_deals() -> None:
    found = ""
    for number in range(1, len(FIRST_DEALS) + 1):
        verdict = SOLVER.solve(RULES.deal(number), BUDGET)
        found += {"winnable": "w", "unwinnable": "l", "unknown": "?"}[verdict.status]
        if verdict.status == "winnable":
            assert RULES.is_won(replay(RULES.deal(number), verdict.moves))
    assert found == FIRST_DEALS


def test_an_already_cleared_pyramid_is_won_with_no_moves() -> None:
    assert SOLVER.solve(table(stock="5C"), BUDGET) == Verdict("winnable", (), 0)


def test_a_king_goes_alone_and_the_waste_is_turned_over() -> None:
    position = table({28: "5C", 27: "KD"}, waste="8D 3S", redeals=1)
    verdict = SOLVER.solve(position, BUDGET)
    assert verdict.status == "winnable"
    assert RULES.is_won(replay(position, verdict.moves))
    assert Move("waste", "stock", 2) in verdict.moves


# -- lost positions, by hand ----------------------------------------------------------------


def test_a_card_covering_its_only_partner_is_lost() -> None:
    # The 8 lies on the 5 (pyramid-2 covers pyramid-1): they are never free together,
    # and no other 5 or 8 is left.
    position = table({1: "5C", 2: "8C", 3: "KH"}, stock="2D 3D")
    assert SOLVER.solve(position, BUDGET).status == "unwinnable"


def test_no_passes_left_and_the_partner_buried_in_the_waste_is_lost() -> None:
    # The 8 that pairs with the 5 lies under the 3, which pairs with nothing; the stock is
    # spent and the waste was turned over twice already.
    position = table({28: "5C"}, waste="8D 3S", redeals=MAX_REDEALS)
    assert SOLVER.solve(position, BUDGET).status == "unwinnable"
    # One pass more, and the 8 comes round again.
    position = table({28: "5C"}, waste="8D 3S", redeals=MAX_REDEALS - 1)
    verdict = SOLVER.solve(position, BUDGET)
    assert verdict.moves == (Move("waste", "stock", 2), Move("stock", "waste"), Move("waste", "pyramid-28"))


def test_two_cards_wanting_the_same_last_partner_are_lost() -> None:
    # Two 4s, one 9 left (in the stock): one 4 stays.
    position = table({27: "4C", 28: "4D"}, stock="9S 2C")
    assert SOLVER.solve(position, BUDGET).status == "unwinnable"


# -- budgets, slices, determinism --------------------------------------------------------------


def test_unknown_when_the_budget_is_too_small() -> None:
    position = RULES.deal(7)  # unwinnable, proven in about a thousand nodes
    assert SOLVER.solve(position, 10) == Verdict("unknown", (), 10)
    assert SOLVER.solve(position, 0) == Verdict("unknown", (), 0)
    assert SOLVER.solve(RULES.deal(1), 5) == Verdict("unknown", (), 5)


@pytest.mark.parametrize(("number", "slice_nodes"), [(1, 1), (7, 1), (7, 13), (22, 7), (3, 50)])
def test_slices_give_the_same_verdict_as_one_run(number: int, slice_nodes: int) -> None:
    position = RULES.deal(number)
    whole = SOLVER.solve(position, BUDGET)
    search = SOLVER.start(position, BUDGET)
    runs = 0
    while (verdict := search.run(slice_nodes)) is None:
        runs += 1
    assert verdict == whole
    assert runs >= whole.nodes // slice_nodes - 1
    assert search.run(slice_nodes) == whole  # asked again: the same verdict


def test_a_slice_expands_at_most_its_nodes() -> None:
    search = PyramidSearch(RULES.deal(7)).search(BUDGET)
    done = 0
    while search.run(5) is None:
        assert search.expanded - done <= 5
        done = search.expanded
    assert search.expanded - done <= 5


def test_the_budget_bounds_every_slice_together() -> None:
    search = SOLVER.start(RULES.deal(7), 100)
    while (verdict := search.run(30)) is None:
        pass
    assert verdict == Verdict("unknown", (), 100)


def test_two_runs_give_the_same_result() -> None:
    for number in (3, 14, 27):
        assert SOLVER.solve(RULES.deal(number), BUDGET) == SOLVER.solve(RULES.deal(number), BUDGET)


# -- from the middle of a game ---------------------------------------------------------------------


@pytest.mark.parametrize(("number", "played"), [(1, 10), (1, 40), (14, 25), (27, 50)])
def test_solving_from_the_middle_of_a_winning_line(number: int, played: int) -> None:
    start = RULES.deal(number)
    line = SOLVER.solve(start, BUDGET).moves
    middle = replay(start, line[:played])
    verdict = SOLVER.solve(middle, BUDGET)
    assert verdict.status == "winnable"
    assert RULES.is_won(replay(middle, verdict.moves))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(number=st.integers(1, 2**31 - 1), choices=st.lists(st.integers(0, 99), max_size=60))
def test_solving_from_positions_of_random_play(number: int, choices: list[int]) -> None:
    position = random_position(RULES, RULES.deal(number), choices, prefer=RULES.card_moves)
    verdict = SOLVER.solve(position, 20_000)
    if verdict.status == "winnable":
        assert RULES.is_won(replay(position, verdict.moves))
    if RULES.is_stuck(position):
        assert verdict.status == "unwinnable"


# -- the search's own move generator against the rules ----------------------------------------------


def pair(move: Move) -> frozenset[str]:
    """A removal without its order (the rules allow a pair picked either way round)."""
    return frozenset((move.source, move.target))


@settings(max_examples=60, deadline=None)
@given(number=st.integers(1, 2**31 - 1), choices=st.lists(st.integers(0, 99), max_size=80))
def test_the_search_moves_agree_with_the_rules(number: int, choices: list[int]) -> None:
    start = RULES.deal(number)
    tables = PyramidSearch(start)
    position = start
    for choice in choices:
        key = tables.key(position)
        legal = RULES.legal_moves(position)
        children = tables.expand(key)
        firsts = set()
        for step, child in children:
            # Each child's moves are legal one after another and lead to the child's key.
            moves = tables.line([(ROOT_STEP, key), (step, child)])
            assert tables.key(replay(position, moves)) == child
            firsts.add(pair(moves[0]) if step & CLICK != CLICK else moves[0])
        if any(move.target == "foundation-1" for move in legal):
            assert len(children) <= 1  # a free King goes at once, alone
        elif len(children) == 1 and forced_pair(tables, key, children[0][0]):
            pass  # the last two cards of their ranks pair at once
        else:
            for move in legal:
                # A legal move the search leaves out leads to a lost position: nothing to
                # remove now or after any number of draws.
                shown = move if "stock" in (move.source, move.target) else pair(move)
                assert shown in firsts or RULES.is_stuck(RULES.apply(position, move))
        if not legal:
            assert children == []
            break
        position = RULES.apply(position, legal[choice % len(legal)])


def forced_pair(tables: PyramidSearch, key: int, step: int) -> bool:
    """True if the step removes a pair of the last two cards of their ranks."""
    first, second = divmod(step & CLICK, 64)
    if step & CLICK == CLICK or second == PLACES + 1:
        return False
    return tables.alone(key & ((1 << PLACES) - 1), key >> PLACES & tables.talon_bits, tables.place_rank[second])


def test_the_last_two_cards_of_a_pair_of_ranks_go_at_once() -> None:
    # The 4 and the 9 are the last of their ranks: they pair at once, before any draw.
    position = table({27: "4C", 28: "9D", 22: "QS", 23: "AH"}, stock="AS QC 2C")
    tables = PyramidSearch(position)
    [(step, _)] = tables.expand(tables.key(position))
    assert step == 26 * 64 + 27


def test_a_step_counts_its_forced_clicks() -> None:
    # Nothing pairs until the 8 comes: one step, the draw and the two forced draws after it.
    position = table({28: "5C"}, stock="8D 2S 3S")
    tables = PyramidSearch(position)
    [(step, _)] = tables.expand(tables.key(position))
    assert step == CLICK | 2 << CLICKS


# -- exactness against a plain search through the rules on small positions ----------------------------

# Cards of a few ranks that pair (A-Q, 4-9, 6-7) and Kings: small positions full of choices.
POOL = tuple(make_card(value, suit) for value in (1, 12, 4, 9, 6, 7, 13) for suit in range(4))


def brute_force(position: PyramidPosition) -> bool:
    """True if some sequence of legal moves wins: every move tried, through the rules."""

    @cache
    def wins(pyramid: tuple[int | None, ...], stock: tuple[int, ...], waste: tuple[int, ...], redeals: int) -> bool:
        here = PyramidPosition(pyramid, stock, waste, (), redeals, 0)
        if RULES.is_won(here):
            return True
        for move in RULES.legal_moves(here):
            after = RULES.apply(here, move)
            if wins(after.pyramid, after.stock, after.waste, after.redeals):
                return True
        return False

    return wins(position.pyramid, position.stock, position.waste, position.redeals)


@st.composite
def small_positions(draw: st.DrawFn) -> PyramidPosition:
    cards = draw(st.permutations(POOL))
    places = draw(st.lists(st.integers(0, PLACES - 1), min_size=1, max_size=7, unique=True))
    talon = draw(st.integers(0, 7))
    waste = draw(st.integers(0, talon))
    pyramid: list[int | None] = [None] * PLACES
    for index, place in enumerate(places):
        pyramid[place] = cards[index]
    rest = cards[len(places) : len(places) + talon]
    return PyramidPosition(
        pyramid=tuple(pyramid),
        stock=tuple(rest[waste:]),
        waste=tuple(rest[:waste]),
        discard=(),
        redeals=draw(st.integers(0, MAX_REDEALS)),
        score=0,
    )


@settings(max_examples=300, deadline=None)
@given(position=small_positions())
def test_verdicts_match_a_plain_search(position: PyramidPosition) -> None:
    verdict = SOLVER.solve(position, 1_000_000)
    assert verdict.status == ("winnable" if brute_force(position) else "unwinnable")
    if verdict.status == "winnable":
        assert RULES.is_won(replay(position, verdict.moves))
