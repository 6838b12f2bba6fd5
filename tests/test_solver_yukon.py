"""The Yukon solver: exact verdicts, winning lines that replay, resumable slices, sound pruning."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from solitaire.card_notation import parse_card
from solitaire.game import Move
from solitaire.games.yukon import Yukon, YukonPosition
from solitaire.solver import Verdict, solver_for
from solitaire.solvers.yukon import DOWN, YukonSearch, YukonSolver, heights_of, stuck_cards
from yukon_helpers import endgame

RULES = Yukon()
SOLVER = YukonSolver(RULES)


def replay(position: YukonPosition, moves: tuple[Move, ...]) -> YukonPosition:
    for move in moves:
        position = RULES.apply(position, move)
    return position


def columns_of(position: YukonPosition) -> tuple[bytes, ...]:
    return tuple(
        bytes(card + DOWN if index < hidden else card for index, card in enumerate(column))
        for column, hidden in zip(position.tableau, position.hidden)
    )


def test_the_registry_finds_it() -> None:
    assert isinstance(solver_for(RULES), YukonSolver)


@pytest.mark.parametrize("number", [3, 4, 5, 6, 7, 9, 10])
def test_winning_lines_replay_to_a_win(number: int) -> None:
    position = RULES.deal(number)
    verdict = SOLVER.solve(position, SOLVER.daily_budget)
    assert verdict.status == "winnable"
    assert RULES.is_won(replay(position, verdict.moves))
    assert 0 < verdict.nodes <= SOLVER.daily_budget


def test_a_won_table_needs_no_move() -> None:
    home = "\n".join(f"foundation-{i + 1}: " + " ".join(rank + suit for rank in "A23456789TJQK") for i, suit in enumerate("CDHS"))
    assert SOLVER.solve(RULES.parse_layout(home), 10) == Verdict("winnable", (), 0)


def test_an_endgame_with_a_group_move() -> None:
    # The 10 of clubs lies face down under the King of spades, which needs an empty column.
    position = endgame("[TC] KS JC TD", "KH QC JH TH", "KD", "KC QH JS QD", "QS JD TS")
    verdict = SOLVER.solve(position, 10_000)
    assert verdict.status == "winnable"
    assert RULES.is_won(replay(position, verdict.moves))


# -- proven losses ----------------------------------------------------------------------


def test_a_card_whose_ways_out_lie_under_it_is_stuck() -> None:
    # The JC lies on the face-down 10 of clubs (home first) and both red Queens (its places).
    position = endgame("[TC] [QD] [QH] JC", "KS", "KC QS JD", "TD", "TH JS", "KD", "KH JH TS QC")
    assert SOLVER.never_free(position) == (parse_card("JC"),)
    assert SOLVER.solve(position, 10) == Verdict("unwinnable", (), 0)


def test_a_king_is_never_stuck_by_that_test() -> None:
    # A King needs only an empty column.
    position = endgame("[QD] [QH] KC", "KS", "QS JD", "TD", "TH JS", "KD", "KH JH TS QC JC TC")
    assert SOLVER.never_free(position) == ()


def test_a_column_holding_a_stuck_card_on_face_up_cards_can_still_be_emptied() -> None:
    # A counterexample found to an earlier King rule, which took every column holding a card
    # that lies on another for one that is never empty: a column's cards may all leave at
    # once on its bottom card. Only a card lying on face-down cards keeps its column.
    position = endgame(
        "[JD] [9H] QD",
        "[TS] [KS] QH 9S KD",
        "[8D] 9D",
        "[QC] [8C] [9C] JC KC",
        "[8H] [TC] TD",
        "[8S] KH",
        "[JS] TH QS JH",
        home_to=7,
    )
    assert SOLVER.never_free(position) == ()
    verdict = SOLVER.solve(position, 30_000)
    assert verdict.status == "winnable" and RULES.is_won(replay(position, verdict.moves))


def test_a_parent_lying_above_a_card_in_its_own_column_is_no_way_out() -> None:
    # The JH lies on the face-down KH: its places are the QS lying on it (which moves only with
    # it) and the QC (home); the TH it needs home lies face down under the KS. The QS and the JS
    # wait for cards under them in turn. A random small endgame found it (exhaustive: lost).
    position = RULES.parse_layout(
        "foundation-1: " + " ".join(rank + "C" for rank in "A23456789TJQK") + "\n"
        "foundation-2: " + " ".join(rank + "D" for rank in "A23456789TJQK") + "\n"
        "foundation-3: " + " ".join(rank + "H" for rank in "A23456789") + "\n"
        "foundation-4: " + " ".join(rank + "S" for rank in "A23456789") + "\n"
        "tableau-4: [TS] JS\ntableau-6: [QH] [KH] JH QS\ntableau-7: [TH] KS"
    )
    assert SOLVER.never_free(position) == tuple(parse_card(card) for card in ("JH", "JS", "QS"))
    assert SOLVER.solve(position, 10) == Verdict("unwinnable", (), 0)
    assert exhaustive(position) == "lost"


def test_a_small_lost_table_is_proven_lost_by_search() -> None:
    # No move at all (the Jacks need the Queens, home needs the 10s, all face down).
    position = endgame("[TC] [QD] [QH] JC", "[TD] [QC] JD", "[TH] [QS] JH", "[TS] [KC] JS", "KD", "KH", "KS")
    assert SOLVER.solve(position, 1000).status == "unwinnable"


def test_a_tiny_budget_says_unknown() -> None:
    assert SOLVER.solve(RULES.deal(1), 2).status == "unknown"


# -- resumable slices -----------------------------------------------------------------------


@pytest.mark.parametrize("number", [3, 5])
def test_slices_give_the_same_verdict(number: int) -> None:
    position = RULES.deal(number)
    whole = SOLVER.solve(position, 5_000)
    search = YukonSearch(RULES, position, 5_000)
    verdict = None
    while verdict is None:
        verdict = search.run(7)
    assert verdict == whole


# -- the six searches ---------------------------------------------------------------------


def test_the_variants_win_a_deal_the_first_two_searches_miss() -> None:
    # Deal 51: unknown after 1,000,000 nodes of the depth-first and best-first searches alone.
    position = RULES.deal(51)
    verdict = SOLVER.solve(position, 1_000)
    assert verdict.status == "winnable"
    assert RULES.is_won(replay(position, verdict.moves))
    assert YukonSearch(RULES, position, 5_000, members=("depth", "best")).run(5_000) == Verdict("unknown", (), 5_000)


def test_a_loss_costs_the_same_with_six_searches_as_with_two() -> None:
    # Each leaves alone what any has expanded: the positions of a loss are expanded once.
    position = RULES.deal(416)
    two = YukonSearch(RULES, position, 20_000, members=("depth", "best")).run(20_000)
    assert two is not None and two.status == "unwinnable"
    assert SOLVER.solve(position, 20_000) == two


# -- the dead-end test against search -------------------------------------------------------


def exhaustive(position: YukonPosition, limit: int = 20_000) -> str:
    """Every position reachable by the rules' own moves (no pruning): "won", "lost" or "limit"."""
    seen = {position}
    waiting = [position]
    while waiting:
        current = waiting.pop()
        if RULES.is_won(current):
            return "won"
        for move in RULES.legal_moves(current):
            after = RULES.apply(current, move)
            if after not in seen:
                if len(seen) >= limit:
                    return "limit"
                seen.add(after)
                waiting.append(after)
    return "lost"


def small_endgame(order: list[int], downs: list[int]) -> YukonPosition:
    """The 16 cards from 10 to King dealt into columns by ``order`` (a permutation), each
    column's first ``downs`` cards face down; everything below 10 home."""
    names = [rank + suit for rank in "TJQK" for suit in "CDHS"]
    cards = [names[i] for i in order]
    sizes = [3, 3, 3, 3, 2, 1, 1]
    texts = []
    at = 0
    for size, down in zip(sizes, downs):
        part = cards[at : at + size]
        at += size
        down = min(down, size - 1)
        texts.append(" ".join(f"[{card}]" if i < down else card for i, card in enumerate(part)))
    return endgame(*texts)


def agrees_with_exhaustive_search(position: YukonPosition) -> None:
    """A win replays; a settled verdict is exhaustive search's; a dead end is lost."""
    verdict = SOLVER.solve(position, 20_000)
    if verdict.status == "winnable":
        assert RULES.is_won(replay(position, verdict.moves))
    truth = exhaustive(position)
    if truth != "limit":
        assert verdict.status == ("winnable" if truth == "won" else "unwinnable")
        # A daily's proof (the first two searches, each on its own) never says otherwise.
        proof = SOLVER.proof_search(position).run(20_000)
        assert proof is not None and proof.status in (verdict.status, "unknown")
    if stuck_cards(columns_of(position), heights_of(columns_of(position))):
        assert truth in ("lost", "limit")


@given(order=st.permutations(list(range(16))), downs=st.lists(st.integers(0, 2), min_size=7, max_size=7))
@settings(max_examples=40, deadline=None)
def test_proven_losses_are_lost_and_wins_win(order: list[int], downs: list[int]) -> None:
    agrees_with_exhaustive_search(small_endgame(order, downs))


def mixed_endgame(data: st.DataObject) -> YukonPosition:
    """A whole deck with 6 to 14 cards on the table, each suit home to its own height (so low
    cards of one suit lie among high ones of another), the cards dealt into columns of any
    size (some empty), each with some cards face down."""
    counts = data.draw(st.lists(st.integers(0, 6), min_size=4, max_size=4).filter(lambda counts: 6 <= sum(counts) <= 14))
    table = [suit * 13 + rank for suit, count in enumerate(counts) for rank in range(13 - count, 13)]
    order = data.draw(st.permutations(table))
    cuts = sorted(data.draw(st.lists(st.integers(0, len(order)), min_size=6, max_size=6)))
    bounds = [0, *cuts, len(order)]
    columns = tuple(tuple(order[bounds[i] : bounds[i + 1]]) for i in range(7))
    downs = data.draw(st.lists(st.integers(0, 3), min_size=7, max_size=7))
    return YukonPosition(
        tableau=columns,
        hidden=tuple(min(down, max(len(column) - 1, 0)) for down, column in zip(downs, columns)),
        foundations=tuple(tuple(suit * 13 + rank for rank in range(13 - count)) for suit, count in enumerate(counts)),
    )


@given(data=st.data())
@settings(max_examples=80, deadline=None)
def test_verdicts_and_dead_ends_agree_with_exhaustive_search_on_mixed_endgames(data: st.DataObject) -> None:
    # The dead-end test's bottom cards, covered and fixed cards, and the two searches leaving
    # each other's expanded positions alone: a proven loss must be lost, a win must replay.
    agrees_with_exhaustive_search(mixed_endgame(data))
