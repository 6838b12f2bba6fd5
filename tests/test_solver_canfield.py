"""The Canfield solver: exact verdicts, lines that win, resumable searches, and each pruning
technique checked against a search without it."""

from __future__ import annotations

import random
from typing import Any

import pytest
from solitaire.game import Move
from solitaire.games.canfield import Canfield, CanfieldPosition
from solitaire.solver import solver_for
from solitaire.solvers.canfield import BestFirst, CanfieldSearch, CanfieldSolver, DepthFirst, Model

RULES = Canfield()
DRAW_ONE = Canfield({"draw": "1"})
VARIANTS = [Canfield(), DRAW_ONE, Canfield({"moves": "any-run"}), Canfield({"back": "on"})]


def replays_to_a_win(rules: Canfield, position: CanfieldPosition, moves: tuple[Move, ...]) -> bool:
    for move in moves:
        position = rules.apply(position, move)
    return rules.is_won(position)


def test_the_registry_finds_the_solver() -> None:
    assert isinstance(solver_for(RULES), CanfieldSolver)


@pytest.mark.parametrize("deal", [2, 5, 8])
def test_easy_deals_are_won_with_a_line_that_wins(deal: int) -> None:
    verdict = solver_for(RULES).solve(RULES.deal(deal), 5_000)
    assert verdict.status == "winnable"
    assert replays_to_a_win(RULES, RULES.deal(deal), verdict.moves)


def test_a_deal_is_proven_lost() -> None:
    verdict = solver_for(RULES).solve(RULES.deal(13), 5_000)
    assert verdict.status == "unwinnable" and verdict.moves == ()


def test_the_budget_ends_a_search_unknown() -> None:
    verdict = solver_for(RULES).solve(RULES.deal(1), 300)
    assert verdict.status == "unknown" and verdict.nodes <= 300


@pytest.mark.parametrize(("rules", "deal"), [(RULES, 2), (RULES, 12), (RULES, 13), (DRAW_ONE, 35), (DRAW_ONE, 1)])
def test_slices_of_any_size_give_the_same_verdict(rules: Canfield, deal: int) -> None:
    whole = solver_for(rules).solve(rules.deal(deal), 5_000)
    search = solver_for(rules).start(rules.deal(deal), 5_000)
    sliced = None
    sizes = [1, 7, 100, 3]
    turn = 0
    while sliced is None:
        sliced = search.run(sizes[turn % len(sizes)])
        turn += 1
    assert (sliced.status, sliced.moves, sliced.nodes) == (whole.status, whole.moves, whole.nodes)


def test_draw_one_searches_in_two_groups() -> None:
    """Depth-first and best-first share a table; a second best-first search has its own."""
    search = solver_for(DRAW_ONE).start(DRAW_ONE.deal(2), 1_000)
    assert isinstance(search, CanfieldSearch)
    assert [(type(member[0]), member[1]) for member in search.members] == [(DepthFirst, 0), (BestFirst, 0), (BestFirst, 1)]
    assert search.members[0][0].visited is search.members[1][0].visited is not search.members[2][0].visited


def test_a_won_position_is_won_at_once() -> None:
    suits = "CDHS"
    ranks = "789TJQKA23456"
    text = "\n".join(f"foundation-{i + 1}: " + " ".join(rank + suit for rank in ranks) for i, suit in enumerate(suits)) + "\nbase: 7"
    verdict = solver_for(RULES).solve(RULES.parse_layout(text), 10)
    assert verdict.status == "winnable" and verdict.moves == ()


def test_the_daily_proof_searches_the_real_game_only() -> None:
    search = solver_for(RULES).proof_search(RULES.deal(2))
    assert isinstance(search, CanfieldSearch) and [type(member[0]) for member in search.members] == [DepthFirst]


# -- each technique against a search without it ------------------------------------------------


def endgames(rules: Canfield, count: int, seed: int) -> list[CanfieldPosition]:
    """Positions late in random games that prefer moves home: few cards left to place."""
    generator = random.Random(seed)
    found: list[CanfieldPosition] = []
    deal = 1
    while len(found) < count:
        position = rules.deal(deal)
        deal += 1
        for _ in range(400):
            moves = rules.safe_moves(position) or [m for m in rules.legal_moves(position) if m.target.startswith("foundation")]
            moves = moves or rules.legal_moves(position)
            if not moves:
                break
            position = rules.apply(position, generator.choice(moves))
        if not rules.is_won(position):
            found.append(position)
    return found


@pytest.mark.parametrize("rules", VARIANTS, ids=["default", "draw-1", "any-run", "back"])
def test_pruning_never_changes_a_verdict(rules: Canfield) -> None:
    """Safe moves, the pointer dominance and the relaxed game agree with the plain search on
    endgames that the plain search settles."""
    settled = 0
    for position in endgames(rules, 12, 5):
        plain = DepthFirst(Model(rules, position, relaxed=False, plain=True), position).run(8_000)
        if plain is None:
            continue
        settled += 1
        pruned = DepthFirst(Model(rules, position, relaxed=False), position).run(16_000)
        best = BestFirst(Model(rules, position, relaxed=False), position).run(16_000)
        assert pruned == plain and best == plain, rules.text_layout(position)
        relaxed = DepthFirst(Model(rules, position, relaxed=True), position).run(16_000)
        assert relaxed is not False or plain is False, "the relaxed game lost a game the real one wins"
    assert settled >= 4


def test_lines_from_endgames_win(rules: Canfield = RULES) -> None:
    solver = solver_for(rules)
    for position in endgames(rules, 6, 9):
        verdict = solver.solve(position, 20_000)
        if verdict.status == "winnable":
            assert replays_to_a_win(rules, position, verdict.moves)


def test_talon_cards_come_with_their_clicks() -> None:
    model = Model(RULES, RULES.deal(1), relaxed=False)
    node = model.node(RULES.deal(1))
    reached = model.reach(node[3], node[4], node[5])
    # Draw three from a full stock: every third card of the first pass, then the rest after a redeal.
    first_pass = [place for _, place, _, redealt in reached if not redealt]
    assert first_pass == [3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 34]
    assert all(redealt for _, place, _, redealt in reached if place not in first_pass)


def test_the_relaxed_model_plays_any_talon_card() -> None:
    model = Model(RULES, RULES.deal(1), relaxed=True)
    node = model.node(RULES.deal(1))
    assert [place for _, place, clicks, _ in model.reach(node[3], node[4], node[5])] == list(range(1, 35))


def verdict_nodes(rules: Any, deal: int, budget: int) -> int:
    return solver_for(rules).solve(rules.deal(deal), budget).nodes


def test_the_budget_is_kept() -> None:
    assert verdict_nodes(RULES, 1, 2_000) <= 2_000


def middle_games(rules: Canfield, count: int, seed: int) -> list[CanfieldPosition]:
    """Positions after a random number of random moves (cards home preferred)."""
    generator = random.Random(seed)
    found: list[CanfieldPosition] = []
    for deal in range(1, count + 1):
        position = rules.deal(deal)
        for _ in range(generator.randrange(5, 120)):
            moves = rules.legal_moves(position)
            if not moves:
                break
            home = [move for move in moves if move.target.startswith("foundation")]
            position = rules.apply(position, generator.choice(home if home and generator.random() < 0.7 else moves))
        found.append(position)
    return found


@pytest.mark.parametrize("rules", VARIANTS[:3], ids=["default", "draw-1", "any-run"])
def test_a_hopeless_position_is_never_won(rules: Canfield) -> None:
    """The dead-end test against the plain search: no position it calls hopeless is won, and it
    calls some lost positions hopeless."""
    hopeless = 0
    for position in middle_games(rules, 300, 3):
        model = Model(rules, position, relaxed=False)
        if not model.hopeless(model.node(position)):
            continue
        plain = DepthFirst(Model(rules, position, relaxed=False, plain=True), position).run(3_000)
        assert plain is not True, rules.text_layout(position)
        hopeless += plain is False
    assert hopeless >= 2


def test_the_dead_end_test_is_off_where_cards_come_back() -> None:
    rules = Canfield({"back": "on"})
    assert not Model(rules, rules.deal(1), relaxed=False).use_dead_ends


@pytest.mark.parametrize("rules", VARIANTS[:2], ids=["default", "draw-1"])
def test_the_talon_order_never_calls_a_won_position_hopeless(rules: Canfield) -> None:
    """The dead-end test's talon rule (which talon cards can ever come to the top of the
    waste) against the plain search: every position that only the rule calls hopeless is
    lost, and there are such positions."""
    lost = 0
    for position in middle_games(rules, 150, 7):
        model = Model(rules, position, relaxed=False)
        node = model.node(position)
        if not model.hopeless(node):
            continue
        model.talon_order = False
        if model.hopeless(node):
            continue
        plain = DepthFirst(Model(rules, position, relaxed=False, plain=True), position).run(5_000)
        assert plain is not True, rules.text_layout(position)
        lost += plain is False
    assert lost >= 6
