"""The contract every game keeps, tested once over the registry: every game with each value of
each of its options (the others at their defaults).

- Dealing and counting: every card is dealt once and stays once, whatever is played.
- Moves: every listed move applies and its notation reads back; any other move is refused
  and leaves the position as it was; the verdicts agree with the moves.
- Layouts: the text notation reads back to the same position (to the same text, with two decks).
- Sessions: undo restores the exact earlier position and redo the later ones; a save reads
  back to the same game.
- Solvers: a winning line replays to a win under the rules; a proven loss is stuck or can
  never be won (checked where a small search can settle it).
- Perft: the number of legal moves along a fixed line, per variant, is the golden one
  (tests/golden/perft.json; SOLITAIRE_UPDATE_GOLDEN=1 writes it anew).

What only one game has (Klondike's face-up runs, Spider's runs leaving at once, Pyramid's
pairs) stays in that game's own tests.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from random_play import random_positions
from solitaire.game import IllegalMove, Move, Rules, move_notation, parse_move
from solitaire.registry import GAMES, make_rules, option_specs
from solitaire.session import Session
from solitaire.solver import solver_for

GOLDEN = Path(__file__).resolve().parent / "golden" / "perft.json"


def variants() -> list[tuple[str, dict[str, str]]]:
    """Every game with its defaults, and with each other value of each option."""
    found: list[tuple[str, dict[str, str]]] = []
    for game in GAMES:
        found.append((game, {}))
        for spec in option_specs(game):
            found += [(game, {spec.name: choice}) for choice in spec.choices[1:]]
    return found


VARIANTS = variants()
NAMES = [f"{game}-{'-'.join(f'{k}={v}' for k, v in options.items()) or 'default'}" for game, options in VARIANTS]
RULES: list[Rules[Any]] = [make_rules(game, options) for game, options in VARIANTS]


def cards(rules: Rules[Any], position: Any) -> Counter[Any]:
    return Counter(card for pile in rules.piles(position) for card in pile.cards)


def places(rules: Rules[Any]) -> list[str]:
    """Names a move may give: every pile, the stock's own targets, and one that is none."""
    return sorted({slot.name for slot in rules.slots()} | {"stock", "waste", "tableau", "nowhere"})


def played(rules: Rules[Any], deal: int, choices: list[int]) -> list[Any]:
    """A random game: safe moves first when it likes, so that foundations fill up too."""
    return random_positions(rules, rules.deal(deal), choices, prefer=rules.safe_moves if choices[:1] == [0] else None)


game_play = given(
    index=st.integers(0, len(VARIANTS) - 1),
    deal=st.integers(1, 2**31 - 1),
    choices=st.lists(st.integers(0, 1000), max_size=100),
)


@game_play
@settings(max_examples=80, deadline=None)
def test_every_card_is_dealt_once_and_stays(index: int, deal: int, choices: list[int]) -> None:
    rules = RULES[index]
    positions = played(rules, deal, choices)
    dealt = cards(rules, positions[0])
    assert sum(dealt.values()) % 52 == 0
    assert dealt == cards(rules, rules.deal(deal % 1000 + 1)), "another deal has other cards"
    for position in positions[1:]:
        assert cards(rules, position) == dealt


@game_play
@settings(max_examples=60, deadline=None)
def test_every_listed_move_applies_and_its_notation_reads_back(index: int, deal: int, choices: list[int]) -> None:
    rules = RULES[index]
    for position in played(rules, deal, choices)[::7]:
        for move in rules.legal_moves(position):
            assert parse_move(move_notation(move)) == move
            rules.apply(position, move)


@given(
    index=st.integers(0, len(VARIANTS) - 1),
    deal=st.integers(1, 2**31 - 1),
    choices=st.lists(st.integers(0, 1000), max_size=60),
    source=st.integers(0, 30),
    target=st.integers(0, 30),
    count=st.integers(-1, 14),
)
@settings(max_examples=400, deadline=None)
def test_a_move_not_listed_is_refused_and_changes_nothing(
    index: int, deal: int, choices: list[int], source: int, target: int, count: int
) -> None:
    rules = RULES[index]
    names = places(rules)
    position = played(rules, deal, choices)[-1]
    before = rules.text_layout(position)
    move = Move(names[source % len(names)], names[target % len(names)], count)
    legal = move in rules.legal_moves(position)
    try:
        after = rules.apply(position, move)
    except IllegalMove:
        assert not legal
        assert rules.text_layout(position) == before
        return
    assert legal, f"{move} was applied but is not listed as legal"
    assert cards(rules, after) == cards(rules, position)


@game_play
@settings(max_examples=60, deadline=None)
def test_the_verdicts_agree_with_the_moves(index: int, deal: int, choices: list[int]) -> None:
    rules = RULES[index]
    position = played(rules, deal, choices)[-1]
    if rules.is_won(position):
        assert not rules.is_stuck(position)
    if rules.is_stuck(position):
        assert rules.stuck_reason(position) is not None
    if not rules.legal_moves(position):
        assert rules.is_won(position) or rules.is_stuck(position)


@game_play
@settings(max_examples=60, deadline=None)
def test_the_layout_text_reads_back(index: int, deal: int, choices: list[int]) -> None:
    rules = RULES[index]
    for position in played(rules, deal, choices)[::9]:
        text = rules.text_layout(position)
        assert rules.text_layout(rules.parse_layout(text)) == text
        # With two decks the notation does not say which deck a card is from (nor Double
        # Klondike's deal number, which its redeals shuffle by): the same cards, not the same ids.
        if sum(cards(rules, position).values()) == 52:
            assert rules.parse_layout(text) == position


@given(
    index=st.integers(0, len(VARIANTS) - 1),
    deal=st.integers(1, 2**31 - 1),
    choices=st.lists(st.integers(0, 1000), max_size=60),
    undo=st.integers(0, 60),
)
@settings(max_examples=60, deadline=None)
def test_undo_restores_the_exact_earlier_position_and_a_save_the_game(index: int, deal: int, choices: list[int], undo: int) -> None:
    rules = RULES[index]
    session = Session(rules, deal)
    for choice in choices:
        moves = rules.legal_moves(session.position)
        if not moves or session.is_won():
            break
        session.play(moves[choice % len(moves)])
    history = list(session.positions)
    saved = Session.from_save(json.loads(json.dumps(session.to_save())))
    assert saved.positions == history and saved.turns == session.turns
    steps = min(undo, len(session.turns))
    for _ in range(steps):
        session.undo()
    assert session.position == history[len(history) - 1 - steps]
    for _ in range(steps):
        session.redo()
    assert session.positions == history


@pytest.mark.parametrize("index", range(len(VARIANTS)), ids=NAMES)
def test_a_winning_line_replays_to_a_win(index: int) -> None:
    """The first two deals a small search proves winnable (from deal 1 on, in games where most
    deals are lost too): each line wins under the rules."""
    rules = RULES[index]
    solver = solver_for(rules)
    proven = 0
    last = 6 if VARIANTS[index][0] == "spider" else 40  # 4-suit Spider needs more than a small search
    for deal in range(1, last + 1):
        if proven == 2:
            break
        verdict = solver.solve(rules.deal(deal), 5_000)
        if verdict.status != "winnable":
            continue
        position = rules.deal(deal)
        for move in verdict.moves:
            position = rules.apply(position, move)
        assert rules.is_won(position), f"deal {deal}: the line does not win"
        proven += 1
    assert proven or VARIANTS[index][0] == "spider", f"no deal of {last} proven winnable"


def perft(rules: Rules[Any], deal: int, plies: int = 40) -> list[int]:
    """The number of legal moves at each position of a fixed line: the last move home if one is
    listed, else the first legal move, that leads to a position not met before."""
    position = rules.deal(deal)
    seen = {rules.text_layout(position)}
    counts = []
    for _ in range(plies):
        moves = rules.legal_moves(position)
        counts.append(len(moves))
        home = [move for move in moves if move.target.startswith("foundation")]
        for move in home[-1:] + moves:
            after = rules.apply(position, move)
            if rules.text_layout(after) not in seen:
                break
        else:
            break
        position = after
        seen.add(rules.text_layout(position))
    return counts


def test_the_legal_move_counts_along_fixed_lines_are_the_golden_ones() -> None:
    found = {name: {str(deal): perft(rules, deal) for deal in (1, 2, 3)} for name, rules in zip(NAMES, RULES)}
    if os.environ.get("SOLITAIRE_UPDATE_GOLDEN"):
        lines = [f"  {json.dumps(name)}: {json.dumps(found[name])}" for name in sorted(found)]
        GOLDEN.write_text("{\n" + ",\n".join(lines) + "\n}\n")
    golden = json.loads(GOLDEN.read_text())
    assert set(golden) == set(found), "a variant came or went: SOLITAIRE_UPDATE_GOLDEN=1 writes the file anew"
    for name in NAMES:
        assert found[name] == golden[name], name
