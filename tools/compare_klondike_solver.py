"""Compare the Klondike solver with an earlier version of it: the same verdicts, node
counts and lines, and the time ratio (median of several runs, each version timed
alternately on the same deals in the same run, so the machine's load cancels out).

    .venv/bin/python tools/compare_klondike_solver.py [--against 3c85d36] [--runs 3]

``--against`` names a commit whose ``py/solitaire/solvers/klondike.py`` (the solver
as one module, before it became a package) is loaded beside the current package.
A benchmark, not a test: it prints one line per run and the median ratio.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from solitaire.games.double_klondike import DoubleKlondike  # noqa: E402
from solitaire.games.klondike import Klondike  # noqa: E402
from solitaire.solvers.klondike import KlondikeSolver  # noqa: E402

# (rules, deals, budget): a mix of quick and slow searches of each kind.
CASES = [
    (Klondike({"draw": "1"}), range(1, 41), 20_000),
    (Klondike({"draw": "3"}), range(1, 13), 20_000),
    (DoubleKlondike({"draw": "1"}), range(1, 4), 10_000),
]


def load_earlier(commit: str, folder: Path) -> Any:
    """The earlier solver module, imported as a sibling of the package (its relative
    imports of the engine resolve against the current engine)."""
    source = subprocess.run(
        ["git", "show", f"{commit}:py/solitaire/solvers/klondike.py"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout
    path = folder / "klondike_before.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location("solitaire.solvers.klondike_before", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", default="3c85d36")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        earlier = load_earlier(args.against, Path(folder)).KlondikeSolver
        ratios = []
        for run in range(args.runs):
            totals = {"earlier": 0.0, "now": 0.0}
            for rules, deals, budget in CASES:
                for deal in deals:
                    position = rules.deal(deal)
                    solvers = [("earlier", earlier), ("now", KlondikeSolver)]
                    if (deal + run) % 2:
                        solvers.reverse()
                    verdicts = {}
                    for name, solver in solvers:
                        began = time.perf_counter()
                        verdicts[name] = solver(rules).solve(position, budget)
                        totals[name] += time.perf_counter() - began
                    if verdicts["earlier"] != verdicts["now"]:
                        print(f"different verdicts: {rules.game_id} draw {rules.draw} deal {deal}")
                        return 1
            ratios.append(totals["now"] / totals["earlier"])
            print(f"run {run + 1}: earlier {totals['earlier']:.1f} s, now {totals['now']:.1f} s, ratio {ratios[-1]:.3f}", flush=True)
    print(f"identical verdicts, nodes and lines; median ratio now/earlier {statistics.median(ratios):.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
