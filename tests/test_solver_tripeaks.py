"""The TriPeaks solver: exact verdicts, winning lines that replay, resumable slices.

Places: row 1 is peak-1..3 (the tops), row 2 peak-4..9, row 3 peak-10..18,
row 4 peak-19..28 (face up at the start); peak-10 is covered by peak-19 and
peak-20.
"""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from random_play import random_position
from solitaire.cards import make_card
from solitaire.game import Move
from solitaire.games.tripeaks import PLACES, TriPeaks, TriPeaksPosition
from solitaire.solver import Verdict, solver_for
from solitaire.solvers.covering_search import ROOT_STEP
from solitaire.solvers.tripeaks import COUNT_BITS, DRAW, DRAWS, PEAK_BITS, TriPeaksSearch, TriPeaksSolver
from tripeaks_helpers import table

RULES = TriPeaks()
SOLVER = TriPeaksSolver(RULES)
BUDGET = SOLVER.default_budget


def replay(position: TriPeaksPosition, moves: tuple[Move, ...]) -> TriPeaksPosition:
    for move in moves:
        position = RULES.apply(position, move)
    return position


def test_the_registry_finds_it() -> None:
    assert isinstance(solver_for(RULES), TriPeaksSolver)


# -- winning lines ----------------------------------------------------------------------


@pytest.mark.parametrize("number", [1, 2, 4, 6, 7, 11, 22, 24, 35, 2**31 - 1])
def test_winning_lines_replay_to_a_win(number: int) -> None:
    position = RULES.deal(number)
    verdict = SOLVER.solve(position, BUDGET)
    assert verdict.status == "winnable"
    assert RULES.is_won(replay(position, verdict.moves))
    assert 0 < verdict.nodes <= BUDGET


def test_a_cleared_table_is_won_with_no_moves() -> None:
    assert SOLVER.solve(table(stock="5C", waste="6D"), BUDGET) == Verdict("winnable", (), 0)


def test_a_line_with_forced_draws() -> None:
    # The 2 (turned first) fits nothing, the 4 takes the 5.
    position = table({28: "5C"}, waste="9H", stock="4D 2D")
    assert SOLVER.solve(position, BUDGET).moves == (
        Move("stock", "waste"),
        Move("stock", "waste"),
        Move("peak-28", "waste"),
    )


def test_an_empty_waste_takes_any_card() -> None:
    position = table({27: "9C", 28: "KD"}, stock="2H")
    verdict = SOLVER.solve(position, BUDGET)
    assert verdict.status == "unwinnable"  # the 9 and the King are not neighbours, the 2 fits neither
    position = table({27: "QC", 28: "KD"})
    verdict = SOLVER.solve(position, BUDGET)
    assert RULES.is_won(replay(position, verdict.moves))


# -- lost positions, by hand ----------------------------------------------------------------


def test_no_card_ever_fits_is_lost() -> None:
    assert SOLVER.solve(table({28: "5C"}, waste="9H", stock="2D"), BUDGET).status == "unwinnable"


def test_a_card_face_down_until_too_late_is_lost() -> None:
    # The 6 (peak-10) turns up only when the 5 and the 7 covering it are gone, but the 7
    # fits neither the 4 nor the 5, and the stock is empty.
    position = table({10: "6C", 19: "5D", 20: "7H"}, waste="4S")
    assert SOLVER.solve(position, BUDGET).status == "unwinnable"


def test_two_cards_needing_the_same_last_neighbour_are_lost() -> None:
    # Two 5s, and only one 4 or 6 will ever be on the waste: after the first 5 goes
    # onto the 4, the other does not fit on it.
    position = table({27: "5C", 28: "5D"}, waste="9H", stock="4S")
    assert SOLVER.solve(position, BUDGET).status == "unwinnable"


# -- budgets, slices, determinism --------------------------------------------------------------


def test_unknown_when_the_budget_is_too_small() -> None:
    assert SOLVER.solve(RULES.deal(3), 100) == Verdict("unknown", (), 100)  # unwinnable, in ~16,000 nodes
    assert SOLVER.solve(RULES.deal(6), 5) == Verdict("unknown", (), 5)
    assert SOLVER.solve(RULES.deal(1), 0) == Verdict("unknown", (), 0)


@pytest.mark.parametrize(("number", "slice_nodes"), [(1, 1), (6, 1), (6, 17), (11, 100), (3, 1000)])
def test_slices_give_the_same_verdict_as_one_run(number: int, slice_nodes: int) -> None:
    position = RULES.deal(number)
    whole = SOLVER.solve(position, BUDGET)
    search = SOLVER.start(position, BUDGET)
    runs = 0
    while (verdict := search.run(slice_nodes)) is None:
        runs += 1
    assert verdict == whole
    assert runs >= whole.nodes // slice_nodes - 1
    assert search.run(slice_nodes) == whole


def test_a_slice_expands_at_most_its_nodes() -> None:
    search = TriPeaksSearch(RULES.deal(6)).search(BUDGET)
    done = 0
    while search.run(7) is None:
        assert search.expanded - done <= 7
        done = search.expanded
    assert search.expanded - done <= 7


def test_two_runs_give_the_same_result() -> None:
    for number in (3, 6, 26):
        assert SOLVER.solve(RULES.deal(number), BUDGET) == SOLVER.solve(RULES.deal(number), BUDGET)


# -- from the middle of a game ---------------------------------------------------------------------


@pytest.mark.parametrize(("number", "played"), [(1, 10), (6, 20), (11, 30), (22, 45)])
def test_solving_from_the_middle_of_a_winning_line(number: int, played: int) -> None:
    start = RULES.deal(number)
    line = SOLVER.solve(start, BUDGET).moves
    middle = replay(start, line[:played])
    verdict = SOLVER.solve(middle, BUDGET)
    assert verdict.status == "winnable"
    assert RULES.is_won(replay(middle, verdict.moves))


@settings(max_examples=40, deadline=None)
@given(number=st.integers(1, 2**31 - 1), choices=st.lists(st.integers(0, 99), max_size=40))
def test_solving_from_positions_of_random_play(number: int, choices: list[int]) -> None:
    position = random_position(RULES, RULES.deal(number), choices)
    verdict = SOLVER.solve(position, 20_000)
    if verdict.status == "winnable":
        assert RULES.is_won(replay(position, verdict.moves))
    if RULES.is_stuck(position):
        assert verdict.status == "unwinnable"


# -- the search's own move generator against the rules ----------------------------------------------


@settings(max_examples=60, deadline=None)
@given(number=st.integers(1, 2**31 - 1), choices=st.lists(st.integers(0, 99), max_size=60))
def test_the_search_moves_agree_with_the_rules(number: int, choices: list[int]) -> None:
    start = RULES.deal(number)
    tables = TriPeaksSearch(start)
    position = start
    for choice in choices:
        key = tables.key(position)
        legal = RULES.legal_moves(position)
        children = tables.expand(key)
        firsts = set()
        for step, child in children:
            # Each child's moves are legal one after another and lead to the child's key.
            moves = tables.line([(ROOT_STEP, key), (step, child)])
            assert len(moves) == 1 + (step >> DRAWS)
            assert tables.key(replay(position, moves)) == child
            firsts.add(moves[0])
        if any(child & PEAK_BITS == 0 for _, child in children):
            assert len(children) == 1  # the winning move, alone
        else:
            for move in legal:
                # A legal move the search leaves out leads to a lost position: no card plays
                # now or on any card still to come from the stock.
                assert move in firsts or RULES.is_stuck(RULES.apply(position, move))
        if not legal:
            assert children == []
            break
        position = RULES.apply(position, legal[choice % len(legal)])


def test_the_key_counts_the_ranks_left() -> None:
    position = table({28: "5C", 27: "5D", 26: "KS"}, waste="4H", stock="6C")
    key = TriPeaksSearch(position).key(position)
    assert key >> (PLACES + 10 + COUNT_BITS * 4) & 7 == 2  # two 5s
    assert key >> (PLACES + 10 + COUNT_BITS * 12) & 7 == 1  # one King
    step, _ = TriPeaksSearch(position).expand(key)[0]
    assert step & ((1 << DRAWS) - 1) != DRAW  # a 5 plays on the 4


# -- exactness against a plain search through the rules on small positions ----------------------------

# Cards of neighbouring ranks, across the King-Ace corner: small positions full of choices.
POOL = tuple(make_card(value, suit) for value in (11, 12, 13, 1, 2, 3, 4) for suit in range(4))


def brute_force(position: TriPeaksPosition) -> bool:
    """True if some sequence of legal moves wins: every move tried, through the rules."""

    @cache
    def wins(peaks: tuple[int | None, ...], stock: tuple[int, ...], waste: tuple[int, ...]) -> bool:
        here = TriPeaksPosition(peaks, stock, waste, 0, 0)
        if RULES.is_won(here):
            return True
        for move in RULES.legal_moves(here):
            after = RULES.apply(here, move)
            if wins(after.peaks, after.stock, after.waste[-1:]):
                return True
        return False

    return wins(position.peaks, position.stock, position.waste[-1:])


@st.composite
def small_positions(draw: st.DrawFn) -> TriPeaksPosition:
    cards = draw(st.permutations(POOL))
    places = draw(st.lists(st.integers(0, PLACES - 1), min_size=1, max_size=9, unique=True))
    stock = draw(st.integers(0, 6))
    waste = draw(st.integers(0, 1))
    peaks: list[int | None] = [None] * PLACES
    for index, place in enumerate(places):
        peaks[place] = cards[index]
    rest = cards[len(places) : len(places) + stock + waste]
    return TriPeaksPosition(peaks=tuple(peaks), stock=tuple(rest[waste:]), waste=tuple(rest[:waste]), run=0, score=0)


@settings(max_examples=300, deadline=None)
@given(position=small_positions())
def test_verdicts_match_a_plain_search(position: TriPeaksPosition) -> None:
    verdict = SOLVER.solve(position, 1_000_000)
    assert verdict.status == ("winnable" if brute_force(position) else "unwinnable")
    if verdict.status == "winnable":
        assert RULES.is_won(replay(position, verdict.moves))


# -- the run bound against the game without covering ------------------------------------------------


def neighbours(top: int, value: int) -> bool:
    return top == 0 or (top - value) % 13 in (1, 12)


@cache
def runs_suffice(counts: tuple[int, ...], starters: tuple[int, ...]) -> bool:
    """True if the cards (``counts`` by rank) split into runs, each one rank from the
    last, each started by a different starter (a rank, 0 for an empty waste) one rank
    from its first card: the game with every card face up and the stock in any order."""
    if not any(counts):
        return True
    if not starters:
        return False
    first, rest = starters[0], starters[1:]
    if runs_suffice(counts, rest):
        return True
    frontier = [(counts, first)]
    tried = set()
    while frontier:
        left, last = frontier.pop()
        for value in range(1, 14):
            if left[value] and neighbours(last, value):
                after = left[:value] + (left[value] - 1,) + left[value + 1 :]
                if (after, value) not in tried:
                    tried.add((after, value))
                    if runs_suffice(after, rest):
                        return True
                    frontier.append((after, value))
    return False


def run_bound_prunes(ranks: list[int], stock: list[int], top: int) -> bool:
    position = TriPeaksPosition(
        peaks=(None,) * PLACES,
        stock=tuple(make_card(value, index % 4) for index, value in enumerate(stock))[::-1],
        waste=(make_card(top, 0),) if top else (),
        run=0,
        score=0,
    )
    packed = sum(1 << (COUNT_BITS * (value - 1)) for value in ranks)
    return TriPeaksSearch(position).short_of_runs(packed, 0, top)


@settings(max_examples=400, deadline=None)
@given(
    ranks=st.lists(st.integers(1, 13), min_size=1, max_size=8),
    stock=st.lists(st.integers(1, 13), max_size=4),
    top=st.integers(0, 13),
)
def test_the_run_bound_prunes_only_lost_positions(ranks: list[int], stock: list[int], top: int) -> None:
    every = ranks + stock + [top]
    assume(all(every.count(value) <= 4 for value in range(1, 14)))
    if run_bound_prunes(ranks, stock, top):
        assert not runs_suffice(tuple(ranks.count(value) for value in range(14)), tuple(sorted([top, *stock])))


@pytest.mark.parametrize(
    ("ranks", "stock", "top", "pruned"),
    [
        (list(range(1, 14)), [], 5, False),  # one run round the whole cycle
        ([1, 1, 1, *range(2, 14)], [], 5, True),  # a run holds at most two Aces, at its ends
        ([5, 5, 6, 6], [], 9, True),  # 5-6-5-6 is one run, but it cannot start from a 9
        ([5, 5, 6, 6], [], 4, False),
        ([5, 5, 5, 6], [9], 4, True),  # 5-6-5 and a 5 alone: both need a 4 or a 6
        ([5, 5, 5, 6], [6], 4, False),
        ([7, 7, 8, 10, 10, 11], [9, 9], 12, True),  # the 7s need a 6 or an 8: one 8
    ],
)
def test_the_run_bound_on_cases_worked_by_hand(ranks: list[int], stock: list[int], top: int, pruned: bool) -> None:
    assert run_bound_prunes(ranks, stock, top) == pruned
    if pruned:
        assert not runs_suffice(tuple(ranks.count(value) for value in range(14)), tuple(sorted([top, *stock])))
