"""The page's pure JavaScript (addresses, card matching, keyboard navigation), run in Node with
``node --test`` (tests/js/page.test.mjs): milliseconds, no browser."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_pages_pure_functions() -> None:
    done = subprocess.run(
        ["node", "--test", str(ROOT / "tests" / "js" / "page.test.mjs")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "SOLITAIRE_PYTHON": sys.executable},
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "# fail 0" in done.stdout and "# pass 5" in done.stdout
