"""Benchmark the FreeCell solver on Microsoft deals, side by side with Freecell Solver.

    .venv/bin/python tools/bench_solver_freecell.py [--deals 1000] [--start 1] [--budget 100000]
        [--unwinnable 11982] [--unwinnable-budget 1000000]
        [--fc-solve-presets default,one-big-family] [--no-fc-solve] [--building alternate|any] [--json PATH]

A benchmark, not a test: it prints a table, writes the figures to
bench-results/solver-freecell-YYYYmmdd-HHMMSS.json (or --json PATH) and exits
with status 0 whatever the figures are.

For each deal ``start .. start + deals - 1`` in turn, in the same run:

- our solver (``solitaire.solvers.freecell``) with ``--budget`` nodes, in this
  process: verdict, nodes, length of the winning line, wall-clock and CPU
  time. Every winning line is replayed through ``FreeCell.apply`` (not timed)
  and must win, else the script stops with an error;
- Freecell Solver (``fc-solve``, Debian's freecell-solver-bin) on the same
  board (our ``text_layout``, which is what ``make-microsoft-freecell-board
  -t`` prints), once per preset of ``--fc-solve-presets``: ``default`` is
  fc-solve without options (as the tests call it), any other name is passed
  as ``-l NAME`` (``fc-solve --help-configs`` recommends ``one-big-family``
  and ``cookie-monster`` as faster): solved or not, states checked, length
  of its line, wall-clock time of the process (start-up included) and its
  CPU time (from ``RUSAGE_CHILDREN``). CPU time is the fairer figure on a
  busy machine; fc-solve's wall time includes starting a process.

Then deal ``--unwinnable`` (11982, the only deal of Microsoft's first 32,000
that cannot be won), which our solver must prove ``unwinnable`` by exhausting
its state space; the nodes that takes are reported. fc-solve's default
scan is not exhaustive (its help says to add ``-to 01ABCDE`` when it wrongly
calls a board unsolvable), so it is run both ways on that deal.

Because the search is deterministic and the budget only cuts it short, a deal
proven within N nodes is proven with any budget >= N: one run at the largest
budget gives the share of deals proven at every smaller budget, which the
table lists (and the smallest budget that proves 99%).
"""

from __future__ import annotations

import argparse
import json
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from solitaire.games.freecell import FreeCell  # noqa: E402
from solitaire.solvers.freecell import FreeCellSolver  # noqa: E402
from solver_bench import checked_solve  # noqa: E402
from solver_bench import summary as shared_summary  # noqa: E402

BUDGET_STEPS = (500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000)


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def fc_solve(board: str, extra: list[str]) -> dict[str, Any]:
    command = ["fc-solve", *extra, "-m", "-"]
    wall, cpu = time.perf_counter(), children_cpu()
    result = subprocess.run(
        command,
        input=board + "\n",
        capture_output=True,
        text=True,
        check=False,
        env={"FREECELL_SOLVER_QUIET": "1", "PATH": "/usr/bin:/bin"},
    )
    wall, cpu = time.perf_counter() - wall, children_cpu() - cpu
    checked = [
        int(line.rsplit(" ", 1)[1].rstrip("."))
        for line in result.stdout.splitlines()
        if line.startswith("Total number of states checked is")
    ]
    return {
        "solved": "This game is solveable." in result.stdout,
        "states": checked[0] if checked else None,
        "moves": sum(1 for line in result.stdout.splitlines() if line.startswith("Move")),
        "wall": wall,
        "cpu": cpu,
    }


def summary(values: list[float]) -> dict[str, float] | None:
    return shared_summary(values) if values else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="how many deals (default 1000)")
    parser.add_argument("--start", type=int, default=1, help="first deal number (default 1)")
    parser.add_argument("--budget", type=int, default=100_000, help="node budget per deal (default 100000)")
    parser.add_argument("--unwinnable", type=int, default=11982, help="the deal that must be proven lost (0: skip)")
    parser.add_argument("--unwinnable-budget", type=int, default=1_000_000)
    parser.add_argument(
        "--fc-solve-presets", default="default,one-big-family", help="comma-separated fc-solve presets (default: fc-solve without options)"
    )
    parser.add_argument("--no-fc-solve", action="store_true", help="do not run fc-solve")
    parser.add_argument(
        "--building", choices=("alternate", "any"), default="alternate", help="FreeCell's building option (any: fc-solve is not run)"
    )
    parser.add_argument("--json", type=Path, help="where to write the figures")
    args = parser.parse_args()

    rules = FreeCell({"building": args.building})
    solver = FreeCellSolver(rules)
    with_fc_solve = not args.no_fc_solve and args.building == "alternate" and shutil.which("fc-solve") is not None
    presets = {name: ([] if name == "default" else ["-l", name]) for name in args.fc_solve_presets.split(",") if name}
    if not presets:
        with_fc_solve = False
    deals = range(args.start, args.start + args.deals)
    rows: list[dict[str, Any]] = []
    started = time.perf_counter()
    for number in deals:
        position = rules.deal(number)
        row: dict[str, Any] = {"deal": number, "ours": checked_solve(rules, solver, position, args.budget)}
        if with_fc_solve:
            board = rules.text_layout(position)
            row["fc_solve"] = {name: fc_solve(board, options) for name, options in presets.items()}
        rows.append(row)
        if len(rows) % 100 == 0:
            print(f"  ... {len(rows)} deals, {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)

    count = len(rows)
    status = [row["ours"]["status"] for row in rows]
    won_rows = [row["ours"] for row in rows if row["ours"]["status"] == "winnable"]
    nodes = [row["ours"]["nodes"] for row in rows]
    report: dict[str, Any] = {
        "deals": [args.start, args.start + args.deals - 1],
        "budget": args.budget,
        "python": sys.version.split()[0],
        "ours": {
            "winnable": status.count("winnable") / count,
            "unwinnable": status.count("unwinnable") / count,
            "unknown": status.count("unknown") / count,
            "not_proven": [row["deal"] for row in rows if row["ours"]["status"] != "winnable"],
            "wall_ms": summary([row["ours"]["wall"] * 1000 for row in rows]),
            "cpu_ms": summary([row["ours"]["cpu"] * 1000 for row in rows]),
            "nodes": summary([float(n) for n in nodes]),
            "line_length": summary([float(row["moves"]) for row in won_rows]),
            "nodes_per_second": sum(nodes) / max(sum(row["ours"]["cpu"] for row in rows), 1e-9),
        },
    }
    proven_at = {budget: sum(1 for row in won_rows if row["nodes"] <= budget) / count for budget in BUDGET_STEPS if budget <= args.budget}
    won_nodes = sorted(row["nodes"] for row in won_rows)
    needed = int(0.99 * count + 0.999999)  # deals to prove for 99%
    report["ours"]["proven_within"] = proven_at
    report["ours"]["budget_for_99_percent"] = won_nodes[needed - 1] if len(won_nodes) >= needed else None
    if with_fc_solve:
        report["fc_solve"] = {}
        report["ratio_ours_to_fc_solve"] = {}
        for name in presets:
            fc = [row["fc_solve"][name] for row in rows]
            figures: dict[str, Any] = {
                "solved": sum(1 for r in fc if r["solved"]) / count,
                "wall_ms": summary([r["wall"] * 1000 for r in fc]),
                "cpu_ms": summary([r["cpu"] * 1000 for r in fc]),
                "states_checked": summary([float(r["states"] or 0) for r in fc]),
                "line_length": summary([float(r["moves"]) for r in fc if r["solved"]]),
            }
            report["fc_solve"][name] = figures
            report["ratio_ours_to_fc_solve"][name] = {
                f"{clock}_{stat}": report["ours"][f"{clock}_ms"][stat] / max(figures[f"{clock}_ms"][stat], 1e-9)
                for clock in ("wall", "cpu")
                for stat in ("median", "p95", "mean")
            }
    if args.unwinnable:
        position = rules.deal(args.unwinnable)
        lost: dict[str, Any] = {
            "deal": args.unwinnable,
            "budget": args.unwinnable_budget,
            "ours": checked_solve(rules, solver, position, args.unwinnable_budget),
        }
        if with_fc_solve:
            board = rules.text_layout(position)
            lost["fc_solve"] = {name: fc_solve(board, options) for name, options in presets.items()}
            lost["fc_solve"]["-to 01ABCDE"] = fc_solve(board, ["-to", "01ABCDE"])
        report["unwinnable_deal"] = lost
    report["rows"] = rows

    print_table(report, with_fc_solve)
    path = args.json or ROOT / "bench-results" / time.strftime("solver-freecell-%Y%m%d-%H%M%S.json")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(report, indent=1) + "\n")
    print(f"\nwritten to {path}")


def print_table(report: dict[str, Any], with_fc_solve: bool) -> None:
    first, last = report["deals"]
    mine = report["ours"]
    print(f"FreeCell, Microsoft deals {first}..{last}, budget {report['budget']} nodes, Python {report['python']}")
    print(
        f"  ours      winnable {mine['winnable']:.1%}  unwinnable {mine['unwinnable']:.1%}  unknown {mine['unknown']:.1%}"
        f"  (not proven: {' '.join(map(str, mine['not_proven'][:20]))}{' ...' if len(mine['not_proven']) > 20 else ''})"
    )
    for name, figures in report.get("fc_solve", {}).items():
        print(f"  fc-solve {name}: solved {figures['solved']:.1%}")
    print()
    print(f"  {'per deal':<22}{'median':>10}{'p95':>10}{'mean':>10}{'max':>10}")

    def line(label: str, figures: dict[str, float] | None, unit: str = "") -> None:
        if figures is None:
            return
        cells = "".join(f"{figures[key]:>10.1f}" if unit else f"{figures[key]:>10.0f}" for key in ("median", "p95", "mean", "max"))
        print(f"  {label:<22}{cells}")

    line("ours wall ms", mine["wall_ms"], "ms")
    line("ours CPU ms", mine["cpu_ms"], "ms")
    line("ours nodes", mine["nodes"])
    line("ours line length", mine["line_length"])
    for name, fc in report.get("fc_solve", {}).items():
        print(f"  fc-solve {name}:")
        line("  wall ms", fc["wall_ms"], "ms")
        line("  CPU ms", fc["cpu_ms"], "ms")
        line("  states checked", fc["states_checked"])
        line("  line length", fc["line_length"])
        ratio = report["ratio_ours_to_fc_solve"][name]
        print(
            f"  {'  ours / fc-solve':<22}"
            + "".join(f"{ratio[f'wall_{stat}']:>9.1f}x" for stat in ("median", "p95", "mean"))
            + "             (wall)"
        )
        print(f"  {'':<22}" + "".join(f"{ratio[f'cpu_{stat}']:>9.1f}x" for stat in ("median", "p95", "mean")) + "             (CPU)")
    print(f"\n  nodes per second (CPU): {mine['nodes_per_second']:.0f}")
    print("  proven within budget:  " + "  ".join(f"{budget}: {share:.1%}" for budget, share in mine["proven_within"].items()))
    print(f"  smallest budget proving 99% of these deals: {mine['budget_for_99_percent']}")
    if "unwinnable_deal" in report:
        lost = report["unwinnable_deal"]
        result = lost["ours"]
        print(
            f"\n  deal {lost['deal']}: ours {result['status']} after {result['nodes']} nodes, "
            f"{result['wall'] * 1000:.0f} ms wall, {result['cpu'] * 1000:.0f} ms CPU (budget {lost['budget']})"
        )
        for name, fc in lost.get("fc_solve", {}).items():
            print(
                f"  deal {lost['deal']}: fc-solve {name}: {'solved' if fc['solved'] else 'not solved'} after "
                f"{fc['states']} states, {fc['wall'] * 1000:.0f} ms wall, {fc['cpu'] * 1000:.0f} ms CPU"
            )


if __name__ == "__main__":
    main()
