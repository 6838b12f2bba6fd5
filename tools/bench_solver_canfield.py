"""Benchmark the Canfield solver on numbered deals (the table and figures of
``bench_solver_pyramid.py``).

    .venv/bin/python tools/bench_solver_canfield.py [--deals 1000] [--start 1] [--budget 200000] [--json PATH]

A benchmark, not a test: it prints a table, writes the figures to
bench-results/solver-canfield-YYYYmmdd-HHMMSS.json (or --json PATH) and exits
with status 0 whatever the figures are. The default options (draw three, the
top card or the whole column, no cards back) are the ones measured.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_solver_pyramid import main  # noqa: E402

if __name__ == "__main__":
    main("canfield")
