"""Benchmark the Canfield solver on numbered deals (the figures of ``bench_solver_pyramid.py``).

    .venv/bin/python tools/bench_solver_canfield.py [--deals 1000] [--start 1] [--budget N]
        [--draw 3] [--rows PATH] [--json PATH]

A benchmark, not a test: it prints a table, writes the figures to
bench-results/solver-canfield-YYYYmmdd-HHMMSS.json (or --json PATH) and exits
with status 0 whatever the figures are. Each deal's row (verdict, nodes, line length,
wall-clock and CPU seconds; every winning line replayed through the rules) is appended
to ``--rows`` (JSON lines) as soon as it is solved, and deals already there are not
solved again: a long run that is stopped goes on where it was. The other options are
the defaults (the top card or the whole column, no cards back).

The figures besides those of the Pyramid benchmark: the 75th percentile of the winning
lines' lengths (``long_line`` of the registry) and the median nodes of a winnable deal
(``typical_nodes``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_solver_pyramid import BUDGET_STEPS, by_budget, print_by_budget, write_report  # noqa: E402
from solitaire.registry import make_rules  # noqa: E402
from solitaire.solver import solver_for  # noqa: E402
from solver_bench import checked_solve, percentile, summary  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Benchmark the Canfield solver on numbered deals.")
    parser.add_argument("--deals", type=int, default=1000, help="how many deals (default 1000)")
    parser.add_argument("--start", type=int, default=1, help="first deal number (default 1)")
    parser.add_argument("--draw", choices=("3", "1"), default="3", help="draw three (default) or one")
    parser.add_argument("--budget", type=int, help="node budget per deal (default: the solver's default_budget)")
    parser.add_argument("--rows", type=Path, help="JSON lines of the deals solved so far (read, then appended to)")
    parser.add_argument("--json", type=Path, help="where to write the figures")
    args = parser.parse_args(argv)
    rules = make_rules("canfield", {"draw": args.draw})
    solver = solver_for(rules)
    budget = args.budget or solver.default_budget

    done: dict[int, dict[str, Any]] = {}
    if args.rows and args.rows.exists():
        for line in args.rows.read_text().splitlines():
            row = json.loads(line)
            done[row["deal"]] = row
    started = time.perf_counter()
    rows: list[dict[str, Any]] = []
    for number in range(args.start, args.start + args.deals):
        if number not in done:
            done[number] = {"deal": number, **checked_solve(rules, solver, rules.deal(number), budget, f"canfield deal {number}")}
            if args.rows:
                with args.rows.open("a") as out:
                    out.write(json.dumps(done[number]) + "\n")
        rows.append(done[number])
        if len(rows) % 100 == 0:
            print(f"  ... {len(rows)} deals, {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)

    count = len(rows)
    status = [row["status"] for row in rows]
    won = [row for row in rows if row["status"] == "winnable"]
    report: dict[str, Any] = {
        "game": "canfield",
        "options": {"draw": args.draw},
        "deals": [args.start, args.start + args.deals - 1],
        "budget": budget,
        "python": sys.version.split()[0],
        "winnable": status.count("winnable") / count,
        "unwinnable": status.count("unwinnable") / count,
        "unknown": status.count("unknown") / count,
        "unknown_deals": [row["deal"] for row in rows if row["status"] == "unknown"],
        "cpu_ms": summary([row["cpu"] * 1000 for row in rows]),
        "wall_ms": summary([row["wall"] * 1000 for row in rows]),
        "nodes": summary([float(row["nodes"]) for row in rows]),
        "typical_nodes": summary([float(row["nodes"]) for row in won])["median"] if won else None,
        "long_line": percentile([float(row["moves"]) for row in won], 0.75) if won else None,
        "by_budget": [by_budget(rows, step) for step in BUDGET_STEPS if step <= budget],
        "rows": rows,
    }
    print(f"canfield draw {args.draw}: deals {args.start}..{args.start + count - 1}, budget {budget} nodes, Python {report['python']}")
    print(f"  winnable {report['winnable']:.1%}   unwinnable {report['unwinnable']:.1%}   unknown {report['unknown']:.1%}")
    print(f"  cpu ms median {report['cpu_ms']['median']:.1f}, p95 {report['cpu_ms']['p95']:.1f}, max {report['cpu_ms']['max']:.1f}")
    print(f"  winnable deals: median nodes {report['typical_nodes']}, 75th percentile of line length {report['long_line']}")
    print_by_budget(report)
    write_report(report, args.json or ROOT / "bench-results" / f"solver-canfield-{time.strftime('%Y%m%d-%H%M%S')}.json")


if __name__ == "__main__":
    main()
