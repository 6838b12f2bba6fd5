"""Compare our FreeCell deals with Freecell Solver's make-microsoft-freecell-board.

    python3 tools/check_freecell_deals.py [STEP]

checks every STEP-th deal number from 1 to 1,000,000 (STEP 1: all of them,
about half an hour), plus 617, 11982 and 2**31-1, and prints how many differ.
Needs Debian's freecell-solver-bin.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from solitaire.registry import make_rules  # noqa: E402


def main() -> int:
    step = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    rules = make_rules("freecell")
    numbers = [*range(1, 1_000_001, step), 1_000_000, 11982, 617, 2**31 - 1]
    started = time.time()
    differ = 0
    for number in numbers:
        ours = rules.text_layout(rules.deal(number)) + "\n"
        board = subprocess.run(["make-microsoft-freecell-board", "-t", str(number)], capture_output=True, text=True, check=True)
        if ours != board.stdout:
            differ += 1
            print(f"deal {number} differs")
    print(f"{len(numbers)} deal numbers compared, {differ} differ, {time.time() - started:.0f} s")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
