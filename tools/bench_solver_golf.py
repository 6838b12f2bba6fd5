"""Benchmark the Golf solver on numbered deals.

    .venv/bin/python tools/bench_solver_golf.py [--king dead|queen] [--wrap off|on] [--deals 1000] [--start 1] [--budget 200000] [--json PATH]

The same benchmark as ``bench_solver_pyramid.py`` (see its docstring), for Golf
under the options given (default: nothing on a King, no wrap): a table on the
screen, the figures in bench-results/solver-golf-YYYYmmdd-HHMMSS.json (or --json PATH).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_solver_pyramid as bench  # noqa: E402  (it puts py/ on the path)
from solitaire.game import Rules  # noqa: E402
from solitaire.registry import make_rules  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--king", choices=("dead", "queen"), default="dead")
    parser.add_argument("--wrap", choices=("off", "on"), default="off")
    known, rest = parser.parse_known_args(argv)
    options = {"king": known.king, "wrap": known.wrap}

    def with_options(game_id: str, given: Mapping[str, str] | None = None) -> Rules[Any]:
        return make_rules(game_id, {**options, **(given or {})})

    vars(bench)["make_rules"] = with_options  # the benchmark deals and solves under these options
    print(f"golf options: {options}")
    bench.main("golf", rest)


if __name__ == "__main__":
    main()
