"""Benchmark the Scorpion solver on numbered deals.

    .venv/bin/python tools/bench_solver_scorpion.py [--runs leave|stay] [--deals 1000] [--start 1] [--budget 200000] [--json PATH]

The same benchmark as ``bench_solver_pyramid.py`` (see its docstring), for Scorpion with
completed runs leaving the table (``--runs leave``, the default) or staying in their
columns (``--runs stay``): a table on the screen, the figures in
bench-results/solver-scorpion[-stay]-YYYYmmdd-HHMMSS.json (or --json PATH).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_solver_pyramid  # noqa: E402
from solitaire.registry import make_rules  # noqa: E402


def main(argv: list[str]) -> None:
    runs = "leave"
    if "--runs" in argv:
        at = argv.index("--runs")
        runs = argv[at + 1] if at + 1 < len(argv) else ""
        argv = argv[:at] + argv[at + 2 :]
    if runs not in ("leave", "stay"):
        raise SystemExit("--runs must be leave or stay")

    def rules_with_runs(game_id: str, options: Mapping[str, str] | None = None) -> Any:
        return make_rules(game_id, {**(options or {}), "runs": runs})

    # The shared benchmark deals with the default options: give it these.
    vars(bench_solver_pyramid)["make_rules"] = rules_with_runs
    if runs == "stay" and "--json" not in argv:
        argv += ["--json", str(ROOT / "bench-results" / f"solver-scorpion-stay-{time.strftime('%Y%m%d-%H%M%S')}.json")]
    bench_solver_pyramid.main("scorpion", argv)


if __name__ == "__main__":
    main(sys.argv[1:])
