"""Benchmark the Pyramid solver on numbered deals (``bench_solver_tripeaks.py`` reuses it for TriPeaks).

    .venv/bin/python tools/bench_solver_pyramid.py [--deals 1000] [--start 1] [--budget 200000] [--json PATH]

A benchmark, not a test: it prints a table, writes the figures to
bench-results/solver-pyramid-YYYYmmdd-HHMMSS.json (or --json PATH) and exits
with status 0 whatever the figures are.

Each deal ``start .. start + deals - 1`` is solved in this process with
``--budget`` nodes (default: the solver's ``default_budget``): verdict, nodes,
length of the winning line, wall-clock and CPU time. Every winning line is
replayed through the rules' ``apply`` (not timed) and must win, else the
script stops with an error.

The search is deterministic and the budget only cuts it short, so a deal
decided within N nodes is decided the same way with any budget >= N: one run
at the largest budget gives the figures at every smaller budget, which the
second table lists (share proven winnable, proven unwinnable, unknown, and
the time a deal takes at that budget).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from solitaire.registry import make_rules  # noqa: E402
from solitaire.solver import solver_for  # noqa: E402
from solver_bench import checked_solve, percentile, summary  # noqa: E402

BUDGET_STEPS = (100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000)


def solve_deal(game_id: str, number: int, budget: int) -> dict[str, Any]:
    rules = make_rules(game_id, {})
    solver = solver_for(rules)
    position = rules.deal(number)
    return {"deal": number, **checked_solve(rules, solver, position, budget, f"{game_id} deal {number}")}


def print_by_budget(report: dict[str, Any]) -> None:
    """The table of the shares settled at each smaller budget (``by_budget``)."""
    print(f"  {'budget':>9} {'winnable':>9} {'unwinn.':>9} {'unknown':>9} {'cpu ms med':>11} {'p95':>9}")
    for line in report["by_budget"]:
        print(
            f"  {line['budget']:9} {line['winnable']:9.1%} {line['unwinnable']:9.1%} {line['unknown']:9.1%} "
            f"{line['cpu_ms_median']:11.2f} {line['cpu_ms_p95']:9.1f}"
        )


def write_report(report: dict[str, Any], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(report, indent=2) + "\n")
    print(f"figures written to {path}")


def by_budget(rows: list[dict[str, Any]], budget: int) -> dict[str, Any]:
    """The figures had the budget been ``budget`` (<= the one run)."""
    decided = [row for row in rows if row["status"] != "unknown" and row["nodes"] <= budget]
    count = len(rows)
    winnable = sum(1 for row in decided if row["status"] == "winnable")
    # A deal not decided within the budget would have spent it all: about the time of its first
    # ``budget`` nodes, estimated from its own speed.
    cpu = [row["cpu"] if row in decided else row["cpu"] * budget / max(row["nodes"], 1) for row in rows]
    return {
        "budget": budget,
        "winnable": winnable / count,
        "unwinnable": (len(decided) - winnable) / count,
        "unknown": (count - len(decided)) / count,
        "cpu_ms_median": statistics.median(cpu) * 1000,
        "cpu_ms_p95": percentile(cpu, 0.95) * 1000,
    }


def main(game_id: str = "pyramid", argv: list[str] | None = None) -> None:
    default_budget = solver_for(make_rules(game_id, {})).default_budget
    parser = argparse.ArgumentParser(description=f"Benchmark the {game_id} solver on numbered deals.")
    parser.add_argument("--deals", type=int, default=1000, help="how many deals (default 1000)")
    parser.add_argument("--start", type=int, default=1, help="first deal number (default 1)")
    parser.add_argument(
        "--budget", type=int, default=default_budget, help=f"node budget per deal (default {default_budget}, the solver's default_budget)"
    )
    parser.add_argument("--json", type=Path, help="where to write the figures")
    args = parser.parse_args(argv)

    rows: list[dict[str, Any]] = []
    started = time.perf_counter()
    for number in range(args.start, args.start + args.deals):
        rows.append(solve_deal(game_id, number, args.budget))
        if len(rows) % 100 == 0:
            print(f"  ... {len(rows)} deals, {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)

    count = len(rows)
    status = [row["status"] for row in rows]
    nodes = [float(row["nodes"]) for row in rows]
    report: dict[str, Any] = {
        "game": game_id,
        "deals": [args.start, args.start + args.deals - 1],
        "budget": args.budget,
        "python": sys.version.split()[0],
        "winnable": status.count("winnable") / count,
        "unwinnable": status.count("unwinnable") / count,
        "unknown": status.count("unknown") / count,
        "unknown_deals": [row["deal"] for row in rows if row["status"] == "unknown"],
        "wall_ms": summary([row["wall"] * 1000 for row in rows]),
        "cpu_ms": summary([row["cpu"] * 1000 for row in rows]),
        "nodes": summary(nodes),
        "nodes_per_cpu_second": sum(nodes) / max(sum(row["cpu"] for row in rows), 1e-9),
        "by_status": {
            name: {
                "deals": len(chosen),
                "nodes": summary([float(row["nodes"]) for row in chosen]),
                "cpu_ms": summary([row["cpu"] * 1000 for row in chosen]),
                "line_length": summary([float(row["moves"]) for row in chosen]) if name == "winnable" else None,
            }
            for name in ("winnable", "unwinnable", "unknown")
            if (chosen := [row for row in rows if row["status"] == name])
        },
        "by_budget": [by_budget(rows, budget) for budget in BUDGET_STEPS if budget <= args.budget],
        "rows": rows,
    }

    print(f"{game_id}: deals {args.start}..{args.start + count - 1}, budget {args.budget} nodes, Python {report['python']}")
    print(f"  winnable {report['winnable']:.1%}   unwinnable {report['unwinnable']:.1%}   unknown {report['unknown']:.1%}")
    print(f"  {'':12} {'median':>10} {'p95':>10} {'max':>10}")
    for label, key in (("cpu ms", "cpu_ms"), ("wall ms", "wall_ms"), ("nodes", "nodes")):
        figures = report[key]
        print(f"  {label:12} {figures['median']:10.1f} {figures['p95']:10.1f} {figures['max']:10.1f}")
    for name, figures in report["by_status"].items():
        print(
            f"  {name:12} {figures['deals']:5} deals: nodes median {figures['nodes']['median']:.0f}, "
            f"p95 {figures['nodes']['p95']:.0f}, max {figures['nodes']['max']:.0f}; "
            f"cpu ms median {figures['cpu_ms']['median']:.1f}, p95 {figures['cpu_ms']['p95']:.1f}"
            + (f"; line median {figures['line_length']['median']:.0f} moves" if figures["line_length"] else "")
        )
    print(f"  nodes per CPU second: {report['nodes_per_cpu_second']:.0f}")
    print_by_budget(report)
    write_report(report, args.json or ROOT / "bench-results" / f"solver-{game_id}-{time.strftime('%Y%m%d-%H%M%S')}.json")


if __name__ == "__main__":
    main("pyramid")
