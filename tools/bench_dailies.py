"""Benchmark the daily deals: every option set that changes the cards or what wins, over a year of dates.

    .venv/bin/python tools/bench_dailies.py [--dates 365] [--start 2026-01-01]
        [--only spider] [--jobs 2] [--json PATH] [--search-all]

A benchmark, not a test: it prints a table, writes the figures to
bench-results/dailies-YYYYmmdd-HHMMSS.json (or --json PATH) and exits with
status 0 whatever they are.

For each option set of solver_bench.DAILY_OPTION_SETS and each date, ``solitaire.daily.daily``
(a fresh search, in CPython, in a pool of --jobs processes; each daily's CPU
time is read in its own process): whether the deal is proven winnable, which
candidate it is, and the CPU time. Option sets whose dailies are proven under the
same options (Klondike's Standard and Vegas scoring: see Rules.daily_proof_options)
share one run. Options that change neither the cards nor
the rules of play (timed, open, the scoring of games whose scoring does not
limit the passes) are left at their defaults; Klondike's Vegas scoring limits
the passes through the stock, so it is a set of its own. A date in the published table
(``py/solitaire/dailies/``) proves just its candidate, as the page does; --search-all
searches every date's candidates from the first, as ``tools/publish_dailies.py`` does.
"""

from __future__ import annotations

import argparse
import datetime
import json
import multiprocessing
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tools")]

from solitaire.daily import daily  # noqa: E402
from solitaire.registry import make_rules  # noqa: E402
from solver_bench import DAILY_OPTION_SETS, summary  # noqa: E402


def one_daily(job: tuple[str, dict[str, str], str, bool]) -> dict[str, Any]:
    game, options, date, search_all = job
    cpu = time.process_time()
    day = daily(game, options, date, search_all=search_all)
    return {"date": date, "deal": day.deal, "index": day.index, "proven": day.verdict is not None, "cpu": time.process_time() - cpu}


def name_of(game: str, options: dict[str, str]) -> str:
    return game + "".join(f" {name}={value}" for name, value in options.items())


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--dates", type=int, default=365, help="dates per option set (default 365)")
    parser.add_argument("--start", default="2026-01-01", help="first date (default 2026-01-01)")
    parser.add_argument("--only", help="only the option sets of this game")
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--json", type=Path, help="where to write the figures")
    parser.add_argument("--search-all", action="store_true", help="search every date's candidates, published or not")
    args = parser.parse_args()
    first = datetime.date.fromisoformat(args.start)
    dates = [(first + datetime.timedelta(days=offset)).isoformat() for offset in range(args.dates)]
    sets = [(game, options) for game, options in DAILY_OPTION_SETS if args.only in (None, game)]
    reports = []
    print(f"{'option set':<36}{'proven':>8}{'unproven':>10}{'CPU ms median':>15}{'p95':>9}{'max':>9}{'candidate max':>15}")
    run: dict[tuple[str, str], list[dict[str, Any]]] = {}
    with multiprocessing.Pool(args.jobs) as pool:
        for game, options in sets:
            # Option sets proven under the same options (Klondike's Standard and Vegas) share their dailies.
            proof = (game, json.dumps(make_rules(game, options).daily_proof_options(), sort_keys=True))
            if proof not in run:
                run[proof] = pool.map(one_daily, [(game, options, date, args.search_all) for date in dates], chunksize=4)
            days = run[proof]
            cpu = summary([day["cpu"] * 1000 for day in days])
            proven = sum(1 for day in days if day["proven"])
            report = {
                "game": game,
                "options": options,
                "proven": proven / len(days),
                "unproven_dates": [day["date"] for day in days if not day["proven"]],
                "cpu_ms": cpu,
                "candidate_max": max(day["index"] for day in days),
                "days": days,
            }
            reports.append(report)
            print(
                f"{name_of(game, options):<36}{report['proven']:>8.1%}{len(days) - proven:>10}"
                f"{cpu['median']:>15.0f}{cpu['p95']:>9.0f}{cpu['max']:>9.0f}{report['candidate_max']:>15}",
                flush=True,
            )
    path = args.json or ROOT / "bench-results" / time.strftime("dailies-%Y%m%d-%H%M%S.json")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"python": sys.version.split()[0], "dates": [dates[0], dates[-1]], "reports": reports}, indent=1) + "\n")
    print(f"\nwritten to {path}")


if __name__ == "__main__":
    main()
