"""Benchmark the Spider solver for 1, 2 and 4 suits: shares proven, time and nodes per deal, daily cost.

    .venv/bin/python tools/bench_solver_spider.py [--suits 1,2,4] [--deals 100] [--start 1]
        [--budget 20000] [--dates 0] [--json PATH]

A benchmark, not a test: it prints a table per suit count, writes the figures
to bench-results/solver-spider-YYYYmmdd-HHMMSS.json (or --json PATH) and exits
with status 0 whatever the figures are.

For each suit count and each deal ``start .. start + deals - 1``: the solver
(``solitaire.solvers.spider``) with ``--budget`` nodes, in this process:
verdict, nodes, length of the winning line, wall-clock and CPU time. Every
winning line is replayed through ``Spider.apply`` (not timed) and must win,
else the script stops with an error.

The search is deterministic and the budget only cuts it short (dive lengths
and restarts do not depend on it), so a deal proven within N nodes is proven
with any budget >= N: one run at the largest budget gives the share proven at
every smaller budget. From those shares the table also estimates the cost of
the daily deal, which is the first of a day's candidate deals proven within
the daily budget B: with p(B) the share proven, the expected nodes are
``(1 - p) / p * B`` for the candidates that fail plus the mean nodes of a
proven one, and ``(1 - p) ** 64`` is the chance that none of the 64
candidates is proven (then the day's deal stays unproven).

``--dates N`` also computes the real daily deal of N dates from 2026-01-01 on
(``solitaire.daily.daily``, with the solver's own ``daily_budget``) and times it.
"""

from __future__ import annotations

import argparse
import datetime
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from solitaire.daily import MAX_CANDIDATES, daily  # noqa: E402
from solitaire.games.spider import Spider  # noqa: E402
from solitaire.solvers.spider import SpiderSolver  # noqa: E402
from solver_bench import checked_solve, summary  # noqa: E402

BUDGET_STEPS = (500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000)


def daily_cost(rows: list[dict[str, Any]], budget: int) -> dict[str, Any]:
    """Expected nodes to find a day's deal with daily budget ``budget`` (see the module docstring)."""
    count = len(rows)
    won = [row["nodes"] for row in rows if row["status"] == "winnable" and row["nodes"] <= budget]
    share = len(won) / count
    if not won:
        return {"proven": 0.0, "expected_nodes": None, "none_of_64": 1.0}
    return {
        "proven": share,
        "expected_nodes": (1 - share) / share * budget + statistics.fmean(won),
        "none_of_64": (1 - share) ** MAX_CANDIDATES,
    }


def bench(suits: str, args: argparse.Namespace) -> dict[str, Any]:
    rules = Spider({"suits": suits})
    solver = SpiderSolver(rules)
    rows: list[dict[str, Any]] = []
    started = time.perf_counter()
    for number in range(args.start, args.start + args.deals):
        rows.append({"deal": number, **checked_solve(rules, solver, rules.deal(number), args.budget)})
        if len(rows) % 25 == 0:
            print(f"  ... {suits} suit(s): {len(rows)} deals, {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
    count = len(rows)
    status = [row["status"] for row in rows]
    won = [row for row in rows if row["status"] == "winnable"]
    nodes = [row["nodes"] for row in rows]
    report: dict[str, Any] = {
        "suits": suits,
        "deals": [args.start, args.start + args.deals - 1],
        "budget": args.budget,
        "daily_budget": solver.daily_budget,
        "winnable": status.count("winnable") / count,
        "unwinnable": status.count("unwinnable") / count,
        "unknown": status.count("unknown") / count,
        "not_proven": [row["deal"] for row in rows if row["status"] != "winnable"],
        "wall_ms": summary([row["wall"] * 1000 for row in rows]),
        "cpu_ms": summary([row["cpu"] * 1000 for row in rows]),
        "nodes": summary([float(n) for n in nodes]),
        "won_nodes": summary([float(row["nodes"]) for row in won]) if won else None,
        "won_cpu_ms": summary([row["cpu"] * 1000 for row in won]) if won else None,
        "line_length": summary([float(row["moves"]) for row in won]) if won else None,
        "nodes_per_second": sum(nodes) / max(sum(row["cpu"] for row in rows), 1e-9),
        "proven_within": {
            budget: sum(1 for row in won if row["nodes"] <= budget) / count for budget in BUDGET_STEPS if budget <= args.budget
        },
        "daily_cost": {budget: daily_cost(rows, budget) for budget in BUDGET_STEPS if budget <= args.budget},
        "rows": rows,
    }
    if args.dates:
        days: list[dict[str, Any]] = []
        for offset in range(args.dates):
            date = (datetime.date(2026, 1, 1) + datetime.timedelta(days=offset)).isoformat()
            wall, cpu = time.perf_counter(), time.process_time()
            day = daily("spider", {"suits": suits}, date)
            days.append(
                {
                    "date": date,
                    "deal": day.deal,
                    "proven": day.verdict is not None,
                    "wall": time.perf_counter() - wall,
                    "cpu": time.process_time() - cpu,
                }
            )
        report["dailies"] = {
            "proven": sum(1 for day in days if day["proven"]) / len(days),
            "cpu_ms": summary([day["cpu"] * 1000 for day in days]),
            "days": days,
        }
    return report


def show(report: dict[str, Any]) -> None:
    first, last = report["deals"]
    print(f"\nSpider, {report['suits']} suit(s), deals {first}..{last}, budget {report['budget']} nodes")
    print(f"  winnable {report['winnable']:.1%}  unwinnable {report['unwinnable']:.1%}  unknown {report['unknown']:.1%}")
    print(f"  {'per deal':<24}{'median':>10}{'p95':>10}{'mean':>10}{'max':>10}")

    def line(label: str, figures: dict[str, float] | None) -> None:
        if figures:
            print(f"  {label:<24}" + "".join(f"{figures[key]:>10.0f}" for key in ("median", "p95", "mean", "max")))

    line("CPU ms (all deals)", report["cpu_ms"])
    line("wall ms (all deals)", report["wall_ms"])
    line("nodes (all deals)", report["nodes"])
    line("nodes (proven deals)", report["won_nodes"])
    line("CPU ms (proven deals)", report["won_cpu_ms"])
    line("winning line length", report["line_length"])
    print(f"  nodes per second (CPU): {report['nodes_per_second']:.0f}")
    print(f"  {'daily budget':>14}{'proven':>9}{'expected nodes':>16}{'none of 64':>12}")
    for budget, cost in report["daily_cost"].items():
        expected = "-" if cost["expected_nodes"] is None else f"{cost['expected_nodes']:.0f}"
        print(f"  {budget:>14}{cost['proven']:>9.1%}{expected:>16}{cost['none_of_64']:>12.1%}")
    if "dailies" in report:
        days = report["dailies"]
        print(
            f"  real dailies (daily_budget {report['daily_budget']}): proven {days['proven']:.0%}, CPU ms median "
            f"{days['cpu_ms']['median']:.0f}, p95 {days['cpu_ms']['p95']:.0f}, max {days['cpu_ms']['max']:.0f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--suits", default="1,2,4", help="suit counts, comma separated (default 1,2,4)")
    parser.add_argument("--deals", type=int, default=100, help="deals per suit count (default 100)")
    parser.add_argument("--start", type=int, default=1, help="first deal number (default 1)")
    parser.add_argument("--budget", type=int, default=20_000, help="node budget per deal (default 20000)")
    parser.add_argument("--dates", type=int, default=0, help="also compute the real daily deal of this many dates")
    parser.add_argument("--json", type=Path, help="where to write the figures")
    args = parser.parse_args()
    reports = []
    for suits in args.suits.split(","):
        reports.append(bench(suits.strip(), args))
        show(reports[-1])
    path = args.json or ROOT / "bench-results" / time.strftime("solver-spider-%Y%m%d-%H%M%S.json")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"python": sys.version.split()[0], "reports": reports}, indent=1) + "\n")
    print(f"\nwritten to {path}")


if __name__ == "__main__":
    main()
