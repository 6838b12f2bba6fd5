"""Benchmark the Forty Thieves solver on numbered deals, or its daily deals over dates.

    .venv/bin/python tools/bench_solver_forty_thieves.py [--deals 1000] [--start 1] [--budget N] [--json PATH]
    .venv/bin/python tools/bench_solver_forty_thieves.py --dailies 365 [--from 2026-01-01]

Without ``--dailies``: the same benchmark as ``bench_solver_pyramid.py`` (see its docstring),
for Forty Thieves: a table on the screen, the figures in
bench-results/solver-forty-thieves-YYYYmmdd-HHMMSS.json (or --json PATH).

With ``--dailies N``: ``solitaire.daily.daily`` for N dates from ``--from`` (the game is not in
tools/solver_bench.py's DAILY_OPTION_SETS, which tools/bench_dailies.py reads), in this
process: the share proven, the candidates tried, and the CPU time per date (median, p95, max).
"""

from __future__ import annotations

import argparse
import datetime
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from bench_solver_pyramid import main  # noqa: E402
from solitaire.daily import daily  # noqa: E402
from solver_bench import percentile  # noqa: E402

GAME = "forty-thieves"


def dailies(count: int, first: str) -> None:
    start = datetime.date.fromisoformat(first)
    times, tried, proven = [], [], 0
    for offset in range(count):
        date = (start + datetime.timedelta(days=offset)).isoformat()
        cpu = time.process_time()
        day = daily(GAME, {}, date)
        times.append((time.process_time() - cpu) * 1000)
        tried.append(day.index + 1)
        proven += day.verdict is not None
    print(f"{GAME} dailies: {count} dates from {first}: proven {proven / count:.1%}")
    print(
        f"  candidates tried: median {statistics.median(tried):.0f}, p95 {percentile([float(n) for n in tried], 0.95):.0f}, max {max(tried)}"
    )
    print(f"  cpu ms per date: median {statistics.median(times):.1f}, p95 {percentile(times, 0.95):.1f}, max {max(times):.1f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--dailies", type=int)
    parser.add_argument("--from", dest="first", default="2026-01-01")
    known, rest = parser.parse_known_args()
    if known.dailies:
        dailies(known.dailies, known.first)
    else:
        main(GAME, rest)
