"""Time the stuck verdict (``Rules.stuck_reason``, which ``is_stuck`` and every view of the
bridge call after each move) over every position of many random games.

    PYTHONPATH=py python3 tools/stuck_timing.py [--games 200] [--moves 300] [--seed 1]

Each game plays random legal moves from a random deal, half of the time a move that sends a
card home or takes one from the waste when there is one (so games get far rather than drawing
for ever); a game ends when it is won, stuck (the page's dialog opens) or ``--moves`` moves
long. Printed per game and option set: positions timed, how many games ended stuck, and the
processor time of one verdict (median, 99th percentile, largest; and the largest among the
stuck verdicts) in milliseconds: processor time, not the clock's, so that other work on a
shared machine counts less. Pyodide runs the engine about 2-3x slower than CPython.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from solitaire.daily import daily_variants  # noqa: E402
from solitaire.game import Move, Rules  # noqa: E402
from solitaire.registry import GAMES, make_rules  # noqa: E402

# Every set with daily deals of its own, and Klondike's Vegas passes (they change what is stuck).
SETS: list[tuple[str, dict[str, str]]] = [(game, options) for game in GAMES for options in daily_variants(game)] + [
    ("klondike", {"draw": "1", "scoring": "vegas"}),
    ("klondike", {"draw": "3", "scoring": "vegas"}),
]


def eager(rules: Rules[Any], position: Any, moves: list[Move]) -> list[Move]:
    """The moves that send a card home or take one from the waste (they make the game go on)."""
    return [move for move in moves if move.target.startswith("foundation") or move.source == "waste" and move.target != "stock"]


def play(rules: Rules[Any], generator: random.Random, moves: int) -> Iterator[Any]:
    """The positions of one random game, the deal first (see the module's docstring)."""
    position = rules.deal(generator.randint(1, 2**31 - 1))
    yield position
    for _ in range(moves):
        legal = rules.legal_moves(position)
        if not legal or rules.is_won(position):
            return
        wanted = eager(rules, position, legal) if generator.random() < 0.5 else []
        position = rules.apply(position, generator.choice(wanted or legal))
        yield position


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    print(f"Python {sys.version.split()[0]}; {arguments.games} games per set, at most {arguments.moves} moves each")
    print(f"{'game':<16} {'options':<24} {'positions':>9} {'stuck':>6} {'median':>8} {'p99':>8} {'max':>8} {'max stuck':>9}  (ms)")
    for game, options in SETS:
        rules = make_rules(game, options)
        generator = random.Random(arguments.seed)
        times: list[float] = []
        stuck_times: list[float] = []
        for _ in range(arguments.games):
            for position in play(rules, generator, arguments.moves):
                began = time.process_time()
                said = rules.stuck_reason(position)
                times.append((time.process_time() - began) * 1000)
                if said is not None:
                    stuck_times.append(times[-1])
                    break
        times.sort()
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        shown = ",".join(f"{name}={value}" for name, value in options.items()) or "-"
        worst_stuck = max(stuck_times, default=0.0)
        print(
            f"{game:<16} {shown:<24} {len(times):>9} {len(stuck_times):>6} {statistics.median(times):>8.3f} {p99:>8.3f}"
            f" {times[-1]:>8.2f} {worst_stuck:>9.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
