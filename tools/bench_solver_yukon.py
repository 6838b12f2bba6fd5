"""Benchmark the Yukon solver on numbered deals.

    .venv/bin/python tools/bench_solver_yukon.py [--deals 1000] [--start 1] [--budget 200000] [--json PATH]

The same benchmark as ``bench_solver_pyramid.py`` (see its docstring), for
Yukon: a table on the screen, the figures in
bench-results/solver-yukon-YYYYmmdd-HHMMSS.json (or --json PATH).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_solver_pyramid import main  # noqa: E402

if __name__ == "__main__":
    main("yukon")
