"""Invariants of Klondike under random legal play (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from random_play import random_positions
from solitaire.game import IllegalMove, Move
from solitaire.games.klondike import Klondike, KlondikePosition

RULES = [Klondike({"draw": d, "scoring": s, "open": o}) for d in "13" for s in ("standard", "vegas") for o in ("off", "on")]


def all_cards(position: KlondikePosition) -> list[int]:
    return sorted(position.stock + position.waste + sum(position.tableau, ()) + sum(position.foundations, ()))


def random_play(rules: Klondike, deal: int, choices: list[int]) -> list[KlondikePosition]:
    positions = random_positions(rules, rules.deal(deal), choices)
    return positions


play = given(
    rules=st.sampled_from(RULES),
    deal=st.integers(1, 2**31 - 1),
    choices=st.lists(st.integers(0, 1000), max_size=120),
)


@play
@settings(max_examples=60, deadline=None)
def test_every_card_exactly_once(rules: Klondike, deal: int, choices: list[int]) -> None:
    for position in random_play(rules, deal, choices):
        assert all_cards(position) == list(range(52))
        assert all(0 <= h < max(len(c), 1) for h, c in zip(position.hidden, position.tableau))


@play
@settings(max_examples=60, deadline=None)
def test_face_up_cards_in_columns_are_runs(rules: Klondike, deal: int, choices: list[int]) -> None:
    from solitaire.games.table import is_alternating_run as is_run

    for position in random_play(rules, deal, choices)[1:]:
        for hidden, column in zip(position.hidden, position.tableau):
            # After the deal, face-up cards only ever arrive as runs onto fitting cards.
            assert is_run(column[hidden:]) or len(column) - hidden <= 1


@given(
    deal=st.integers(1, 2**31 - 1),
    choices=st.lists(st.integers(0, 1000), max_size=80),
    undo=st.integers(0, 80),
)
@settings(max_examples=60, deadline=None)
def test_undo_restores_the_exact_earlier_position(deal: int, choices: list[int], undo: int) -> None:
    from solitaire.session import Session

    session = Session(Klondike(), deal)
    for choice in choices:
        moves = session.rules.legal_moves(session.position)
        session.play(moves[choice % len(moves)])
    history = list(session.positions)
    steps = min(undo, len(session.turns))
    for _ in range(steps):
        session.undo()
    assert session.position == history[len(history) - 1 - steps]
    for _ in range(steps):
        session.redo()
    assert session.positions == history


PILES = ["stock", "waste", "foundation-1", "foundation-4", "tableau-1", "tableau-4", "tableau-7", "cell-1", "nowhere"]


@given(
    rules=st.sampled_from(RULES),
    deal=st.integers(1, 2**31 - 1),
    choices=st.lists(st.integers(0, 1000), max_size=60),
    source=st.sampled_from(PILES),
    target=st.sampled_from(PILES),
    count=st.integers(-1, 14),
)
@settings(max_examples=300, deadline=None)
def test_an_illegal_move_changes_nothing(rules: Klondike, deal: int, choices: list[int], source: str, target: str, count: int) -> None:
    position = random_play(rules, deal, choices)[-1]
    move = Move(source, target, count)
    legal = move in rules.legal_moves(position)
    try:
        after = rules.apply(position, move)
    except IllegalMove:
        assert not legal
        return
    assert legal, f"{move} was applied but is not listed as legal"
    assert all_cards(after) == list(range(52))
