"""Run one of the tools under PyPy, for long solver benchmarks.

    pypy3 tools/on_pypy.py tools/bench_solver_klondike.py [its options]

Debian 12's ``pypy3`` (7.3, the language of Python 3.9) runs the solvers about
three times as fast as CPython on searches of millions of positions, with the
same verdicts and node counts: the searches are bounded by nodes and
deterministic. Python 3.9 lacks the ``slots`` option of ``dataclass`` that the
engine uses; it only saves memory, so this wrapper drops it before the engine
is imported. The game itself needs CPython >= 3.11 or Pyodide; this is for
benchmarks only.
"""

from __future__ import annotations

import dataclasses
import runpy
import sys
from typing import Any

if len(sys.argv) < 2:
    raise SystemExit("usage: pypy3 tools/on_pypy.py SCRIPT [ARGUMENTS]")

original = dataclasses.dataclass


def dataclass(*args: Any, **options: Any) -> Any:
    """``dataclasses.dataclass`` without the option Python 3.9 lacks."""
    options.pop("slots", None)
    return original(*args, **options)


dataclasses.dataclass = dataclass
sys.argv = sys.argv[1:]
runpy.run_path(sys.argv[0], run_name="__main__")
