"""What the solver benchmarks (tools/bench_solver_*.py) share: a solve that is
timed and whose winning line is checked, and the figures of a list of times."""

from __future__ import annotations

import statistics
import time
from typing import Any

from solitaire.daily import daily_variants
from solitaire.registry import GAMES

# The option sets of the daily benchmarks: every game's sets with daily deals of their own (a
# daily is proven under the hardest options that deal the same cards, so Klondike's Vegas
# players get the daily of its draw: Rules.daily_proof_options).
DAILY_OPTION_SETS: list[tuple[str, dict[str, str]]] = [(game, options) for game in GAMES for options in daily_variants(game)]


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (share in 0..1) of a non-empty list."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(share * len(ordered) + 0.5)) - 1))]


def summary(values: list[float]) -> dict[str, float]:
    """Median, p95, mean and max of a non-empty list."""
    return {"median": statistics.median(values), "p95": percentile(values, 0.95), "mean": statistics.fmean(values), "max": max(values)}


def checked_solve(rules: Any, solver: Any, position: Any, budget: int, name: str = "") -> dict[str, Any]:
    """Solve ``position``: status, nodes, moves and the wall and CPU seconds it took.
    A winning line is replayed through the rules; one that does not win stops the benchmark."""
    wall, cpu = time.perf_counter(), time.process_time()
    verdict = solver.solve(position, budget)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    if verdict.status == "winnable":
        replayed = position
        for move in verdict.moves:
            replayed = rules.apply(replayed, move)
        if not rules.is_won(replayed):
            raise SystemExit(f"{name}: the winning line does not win:\n{rules.text_layout(position)}")
    return {"status": verdict.status, "nodes": verdict.nodes, "moves": len(verdict.moves), "wall": wall, "cpu": cpu}
