"""Properties of the free-cell search in each of its variants (FreeCell building in alternating
colours and in any colour order, Eight Off), on positions reached by random play: verdicts are
exact, the move generator agrees with the rules, and the safe moves are the rules' own."""

from __future__ import annotations

import pytest
from freecell_helpers import FC_SOLVE, board_of, verdict_of
from hypothesis import given, settings
from hypothesis import strategies as st
from random_play import random_position
from solitaire.game import Move
from solitaire.games.eight_off import EightOff
from solitaire.games.freecell import FreeCell, FreeCellPosition
from solitaire.solver import solver_for
from solitaire.solvers.eight_off import EIGHT_OFF
from solitaire.solvers.freecell import FREECELL, FREECELL_ANY_COLOUR, Variant, children, encode, replay, run_length

VARIANTS = {
    "freecell": (FreeCell(), FREECELL),
    "freecell, any colour": (FreeCell({"building": "any"}), FREECELL_ANY_COLOUR),
    "eight-off": (EightOff(), EIGHT_OFF),
}
variants = pytest.mark.parametrize(("rules", "variant"), list(VARIANTS.values()), ids=list(VARIANTS))
# Freecell Solver's flags for each variant (its Eight Off: eight cells, building in suit, Kings
# alone into empty columns, runs moved a card at a time).
FC_SOLVE_FLAGS = {"freecell": (), "freecell, any colour": ("--sequences-are-built-by", "rank"), "eight-off": ("-g", "eight_off")}

random_positions = given(
    deal=st.integers(1, 2**31 - 1),
    choices=st.lists(st.integers(0, 1000), min_size=0, max_size=120),
    prefer_home=st.booleans(),
)


def play(rules: FreeCell, position: FreeCellPosition, moves: tuple[Move, ...] | list[Move]) -> FreeCellPosition:
    for move in moves:
        position = rules.apply(position, move)  # raises IllegalMove on a bad line
    return position


def random_play(rules: FreeCell, deal: int, choices: list[int], prefer_home: bool) -> FreeCellPosition:
    position: FreeCellPosition = random_position(rules, rules.deal(deal), choices, prefer=rules.safe_moves if prefer_home else None)
    return position


def with_safe_moves(rules: FreeCell, position: FreeCellPosition) -> FreeCellPosition:
    """The position after the rules' safe moves, played one at a time until none is left."""
    while safe := rules.safe_moves(position):
        position = rules.apply(position, safe[0])
    return position


@variants
@random_positions
@settings(max_examples=25, deadline=None)
def test_random_positions_get_exact_verdicts(rules: FreeCell, variant: Variant, deal: int, choices: list[int], prefer_home: bool) -> None:
    position = random_play(rules, deal, choices, prefer_home)
    verdict = solver_for(rules).solve(position, 2_000)
    assert verdict.nodes <= 2_000
    if verdict.status == "winnable":
        assert rules.is_won(play(rules, position, verdict.moves))
    else:
        assert verdict.moves == ()


@variants
@random_positions
@settings(max_examples=60, deadline=None)
def test_the_move_generator_agrees_with_the_rules(
    rules: FreeCell, variant: Variant, deal: int, choices: list[int], prefer_home: bool
) -> None:
    """The search's children are exactly the positions the rules' legal moves reach (after
    the safe moves, up to the key), and each child's steps replay as legal moves."""
    position = with_safe_moves(rules, random_play(rules, deal, choices, prefer_home))
    state, steps = encode(position, variant)
    assert steps == ()
    found = children(state, [run_length(column, variant) for column in state[0]], variant)
    by_rules = {encode(rules.apply(position, move), variant)[0] for move in rules.legal_moves(position)} - {state}
    assert {child for _, child in found} == by_rules
    for child_steps, child in found:
        reached = play(rules, position, replay(position, list(child_steps), complete=False, variant=variant))
        assert encode(reached, variant) == (child, ())


@variants
@random_positions
@settings(max_examples=40, deadline=None)
def test_the_safe_moves_are_the_rules_safe_moves(
    rules: FreeCell, variant: Variant, deal: int, choices: list[int], prefer_home: bool
) -> None:
    position = random_play(rules, deal, choices, prefer_home)
    state, steps = encode(position, variant)
    reached = position
    for move in replay(position, list(steps), complete=False, variant=variant):
        assert move in rules.safe_moves(reached)
        reached = rules.apply(reached, move)
    assert not rules.safe_moves(reached)
    assert encode(reached, variant) == (state, ())


@pytest.mark.slow
@pytest.mark.skipif(FC_SOLVE is None, reason="freecell-solver-bin is not installed")
@pytest.mark.parametrize("name", list(VARIANTS))
@given(deal=st.integers(1, 2**31 - 1), choices=st.lists(st.integers(0, 1000), min_size=40, max_size=150), prefer_home=st.booleans())
@settings(max_examples=25, deadline=None)
def test_settled_verdicts_agree_with_freecell_solver(name: str, deal: int, choices: list[int], prefer_home: bool) -> None:
    """Freecell Solver, an outside reference, on positions of random play (most of them lost:
    random moves fill the cells): where both searches settle a position, they agree. Every
    deal of these variants that we tried is winnable, so this is where their losses are checked."""
    rules, _ = VARIANTS[name]
    position = random_play(rules, deal, choices, prefer_home)
    verdict = solver_for(rules).solve(position, 20_000)
    theirs = verdict_of(board_of(position), FC_SOLVE_FLAGS[name])
    if "unknown" not in (verdict.status, theirs):
        assert verdict.status == theirs
