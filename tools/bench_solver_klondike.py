"""Benchmark the Klondike solver: winnable share, unknown share, time and nodes per deal.

    .venv/bin/python tools/bench_solver_klondike.py [--deals 100] [--start 1] [--budget N]
        [--draw 1|3] [--game klondike|double-klondike] [--scoring standard|vegas|none]
        [--json PATH] [--quiet] [--redo EARLIER.json]

A benchmark, not a test: it prints a table and writes the figures to
bench-results/solver-klondike-<game>-draw<N>-<time>.json (or --json PATH).
Every winnable verdict is checked by replaying its line through the rules.
Each deal's row is also appended to PATH + ".rows" as soon as it is solved;
a run given the same --json PATH (and the same options) skips the deals
found there, so a long run that was stopped goes on where it was.

--redo EARLIER.json solves again, at --budget, only the deals that an earlier
run with the same options (of these deals or more) left unknown, and keeps its
other rows. The search is deterministic and stops at its first verdict, so a deal settled
within the earlier budget gets the same verdict, nodes and line at a larger
one: the table is that of a run of every deal at the larger budget.

Reference (Klondike, full information, foundation-to-column moves allowed,
unlimited passes): Blake and Gent, "The Winnability of Klondike Solitaire and
Many Other Patience Games" (Solvitaire): 90.48% winnable in draw one, 81.95%
in draw three. The table gives the 95% interval of our share (Wilson) so the
two can be compared within sampling error.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from solitaire.registry import make_rules  # noqa: E402
from solitaire.solvers.klondike import KlondikeSolver  # noqa: E402
from solver_bench import checked_solve, percentile  # noqa: E402

# The interpreter that solved a row (tools/on_pypy.py runs this under PyPy).
PYTHON = f"{platform.python_implementation()} {platform.python_version()}"
REFERENCE = {("klondike", "1"): 90.48, ("klondike", "3"): 81.95}


def wilson(successes: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion, in percent."""
    if total == 0:
        return 0.0, 100.0
    p = successes / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return 100 * max(0.0, centre - half), 100 * min(1.0, centre + half)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--start", type=int, default=1)
    parser.add_argument("--budget", type=int, help="nodes per deal (default: the solver's, 600,000 in one-deck draw three)")
    parser.add_argument("--draw", choices=("1", "3"), default="1")
    parser.add_argument("--game", choices=("klondike", "double-klondike"), default="klondike")
    parser.add_argument("--scoring", default="standard")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--quiet", action="store_true", help="no line per deal")
    parser.add_argument("--redo", type=Path, help="an earlier result: solve only its unknown deals again")
    args = parser.parse_args()
    rules = make_rules(args.game, {"draw": args.draw, "scoring": args.scoring})
    solver = KlondikeSolver(rules)
    if args.budget is None:
        args.budget = solver.default_budget

    path = args.json
    if path is None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = ROOT / "bench-results" / f"solver-klondike-{args.game}-draw{args.draw}-{stamp}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    checkpoint = path.with_name(path.name + ".rows")
    done = {}
    if checkpoint.exists():
        done = {row["deal"]: row for row in map(json.loads, checkpoint.read_text().splitlines()) if row}
    deals = range(args.start, args.start + args.deals)
    kept = {}
    redone_from = None
    if args.redo is not None:
        earlier = json.loads(args.redo.read_text())
        earlier_deals = {row["deal"] for row in earlier["rows"]}
        if (earlier["game"], earlier["draw"], earlier["scoring"]) != (args.game, args.draw, args.scoring):
            raise SystemExit(f"{args.redo}: a run with other options")
        if earlier["budget"] > args.budget or not earlier_deals.issuperset(deals):
            raise SystemExit(f"{args.redo}: a larger budget than --budget, or not all of these deals")
        kept = {row["deal"]: row for row in earlier["rows"] if row["status"] != "unknown"}
        redone_from = {"file": str(args.redo), "budget": earlier["budget"]}

    rows: list[dict[str, Any]] = []
    for deal in deals:
        if deal in kept or deal in done:
            rows.append(kept.get(deal) or done[deal])
            continue
        solved = checked_solve(rules, solver, rules.deal(deal), args.budget, f"deal {deal}")
        # Wall time, as a player waits it; CPU time too, fairer on a busy machine.
        rows.append({"deal": deal, **solved, "seconds": solved["wall"], "python": PYTHON})
        with checkpoint.open("a") as file:
            file.write(json.dumps(rows[-1]) + "\n")
        status, nodes, moves, seconds = solved["status"], solved["nodes"], solved["moves"], solved["wall"]
        if not args.quiet:
            print(f"{deal:6d} {status:10s} {nodes:9d} nodes {moves:4d} moves {seconds:8.3f} s", flush=True)

    total = len(rows)
    counts = {status: sum(1 for row in rows if row["status"] == status) for status in ("winnable", "unwinnable", "unknown")}
    times = [row["seconds"] for row in rows]
    nodes = [row["nodes"] for row in rows]
    low, high = wilson(counts["winnable"], total)
    # Unknown deals could go either way: the share lies between these bounds.
    best = 100 * (counts["winnable"] + counts["unknown"]) / total
    summary = {
        "game": args.game,
        "draw": args.draw,
        "scoring": args.scoring,
        "budget": args.budget,
        "redone_from": redone_from,
        "start": args.start,
        "deals": total,
        "counts": counts,
        "winnable_percent": 100 * counts["winnable"] / total,
        "winnable_interval_95": [low, high],
        "winnable_percent_if_unknown_won": best,
        "unknown_percent": 100 * counts["unknown"] / total,
        "reference_percent": REFERENCE.get((args.game, args.draw)),
        "seconds_median": statistics.median(times),
        "seconds_p95": percentile(times, 0.95),
        "seconds_total": sum(times),
        "nodes_median": statistics.median(nodes),
        "nodes_p95": percentile(nodes, 0.95),
        "nodes_per_second": sum(nodes) / max(sum(times), 1e-9),
        "python": PYTHON,
        "rows": rows,
    }
    print()
    print(
        f"{args.game}, draw {args.draw}, scoring {args.scoring}: deals {args.start}..{args.start + total - 1}, budget {args.budget} nodes"
    )
    print(f"  winnable    {counts['winnable']:5d}  {summary['winnable_percent']:6.2f}%  (95% interval {low:.2f}-{high:.2f}%)")
    print(f"  unwinnable  {counts['unwinnable']:5d}  {100 * counts['unwinnable'] / total:6.2f}%")
    print(f"  unknown     {counts['unknown']:5d}  {summary['unknown_percent']:6.2f}%")
    if summary["reference_percent"] is not None:
        reference = summary["reference_percent"]
        inside = "inside" if low <= reference <= high else "outside"
        print(f"  reference   {reference:.2f}% (Blake and Gent): {inside} our interval; with unknowns won: {best:.2f}%")
    print(
        f"  time per deal: median {summary['seconds_median'] * 1000:.1f} ms, p95 {summary['seconds_p95'] * 1000:.1f} ms, total {summary['seconds_total']:.1f} s"
    )
    print(
        f"  nodes per deal: median {summary['nodes_median']:.0f}, p95 {summary['nodes_p95']:.0f}; {summary['nodes_per_second']:.0f} nodes/s"
    )

    path.write_text(json.dumps(summary, indent=1) + "\n")
    print(f"  written to {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
