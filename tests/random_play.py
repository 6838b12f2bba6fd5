"""Random games for property tests: each turn plays legal move ``choice % len(moves)``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from solitaire.game import Move, Rules

P = TypeVar("P")


def random_positions(rules: Rules[P], start: P, choices: Sequence[int], prefer: Callable[[P], Sequence[Move]] | None = None) -> list[P]:
    """The positions of a random game from ``start``, ``start`` first; it stops when no move is
    left. ``prefer`` gives moves to choose from first, when it gives any (say, safe moves home)."""
    positions = [start]
    for choice in choices:
        moves = (prefer(positions[-1]) if prefer else []) or rules.legal_moves(positions[-1])
        if not moves:
            break
        positions.append(rules.apply(positions[-1], moves[choice % len(moves)]))
    return positions


def random_position(rules: Rules[Any], start: Any, choices: Sequence[int], prefer: Callable[[Any], Sequence[Move]] | None = None) -> Any:
    """Where a random game from ``start`` ends (see ``random_positions``)."""
    return random_positions(rules, start, choices, prefer)[-1]
