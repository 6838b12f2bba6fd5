"""The engine's memory snapshot: Pyodide's private options still work in the pinned version, the
build's snapshot starts the bridge and answers as CPython does, with the cut standard library it
goes through the whole engine tour (every game, every bridge message, every solver verdict) as
CPython does, it is made reproducibly, and the file format refuses what does not fit
(tests/js/snapshot.test.mjs, run with node --test).

The browser side (the worker starts from it, and falls back to the ordinary load when it cannot)
is tested in test_browser_start.py."""

from __future__ import annotations

import json
import subprocess
import zipfile
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT
from engine_tour import every_kind, tour
from solitaire_bridge import Bridge

STATIC = ROOT / "static"
SNAPSHOT = STATIC / "snapshot" / "solitaire.snapshot"
CUT_STDLIB = STATIC / "snapshot" / "stdlib.zip"
CHECK = ROOT / "tests" / "js" / "pyodide_snapshot.mjs"

pytestmark = pytest.mark.slow  # Pyodide in Node: seconds a test


def node(*args: str | Path, timeout: int = 300) -> str:
    done = subprocess.run(["node", *map(str, args)], cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, done.stderr + done.stdout
    return done.stdout


@pytest.fixture(scope="module")
def built() -> Path:
    if not SNAPSHOT.exists():
        pytest.fail("the site is not built: run ./build.sh (or ./build.sh test)")
    return SNAPSHOT


def test_the_snapshot_file_format() -> None:
    output = node("--test", ROOT / "tests" / "js" / "snapshot.test.mjs")
    assert "# fail 0" in output and "# pass 0" not in output


@pytest.fixture(scope="module")
def cpython_tour() -> dict[str, Any]:
    return tour()


def test_the_tour_goes_everywhere(cpython_tour: dict[str, Any]) -> None:
    """The tour sends every kind of message the bridge answers and meets every verdict, and
    every answer is the one it expects."""
    assert every_kind() <= set(cpython_tour["kinds"]), every_kind() - set(cpython_tour["kinds"])
    assert set(cpython_tour["statuses"]) == {"winnable", "unwinnable", "unknown"}
    assert cpython_tour["unexpected"] == []


def test_the_restored_engine_needs_only_the_cut_standard_library(built: Path, cpython_tour: dict[str, Any]) -> None:
    """From the built snapshot, with the cut standard library the worker mounts instead of
    Pyodide's 2.5 MB, the tour gives CPython's answers, and every module Python imports after the
    restore is in the cut library (today: none), none that it looks for is missing."""
    report = json.loads(node(CHECK, "tour", STATIC, timeout=600))
    cut = {name.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for name in zipfile.ZipFile(CUT_STDLIB).namelist()}
    assert set(report["imported"]) <= cut, set(report["imported"]) - cut
    assert report["missing"] == []
    assert report["unexpected"] == []
    assert report["digest"] == cpython_tour["digest"]


def test_pyodides_snapshot_options_keep_pythons_state() -> None:
    """_makeSnapshot, makeMemorySnapshot() and _loadSnapshot are private to Pyodide: this fails when
    the pinned version drops them or they stop keeping what was imported and set."""
    result = json.loads(node(CHECK, "options", STATIC / "pyodide"))
    assert result["marker"] == "kept" and result["imported"] is True
    assert result["bytes"] > 10_000_000  # the whole memory of the interpreter


@pytest.mark.parametrize(
    "message",
    [
        {"type": "games"},
        {"type": "new", "game": "klondike", "options": {"draw": "3"}, "deal": 7},
        {"type": "new", "game": "freecell", "options": {}, "deal": 617},
        {"type": "new", "game": "spider", "options": {"suits": "2"}, "deal": 3},
    ],
)
def test_the_built_snapshot_answers_as_cpython(built: Path, message: dict[str, object]) -> None:
    text = json.dumps(message)
    from_snapshot = json.loads(node(CHECK, "built", STATIC, text))
    assert from_snapshot["ok"] is True
    assert from_snapshot == json.loads(Bridge().handle(text))


def test_the_snapshot_is_made_reproducibly(built: Path, tmp_path: Path) -> None:
    again = tmp_path / "again.snapshot"
    node(ROOT / "tools" / "make_snapshot.mjs", STATIC, again)
    assert again.read_bytes() == built.read_bytes()
    assert (tmp_path / "stdlib.zip").read_bytes() == CUT_STDLIB.read_bytes()
    header = built.read_bytes()[:300]
    pinned = json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"]
    assert header.startswith(b"SOLSNAP3") and f'"pyodide":"{pinned}"'.encode() in header


def test_a_long_session_grows_the_webassembly_memory_at_most_2_kb_per_move(built: Path) -> None:
    """The memory a player's tab holds: 5,000 moves with the live analysis after each, in Pyodide
    from the built snapshot. WebAssembly memory grows in steps and never shrinks, so its growth
    is the bound; before the history was kept as moves it grew about 22 KB per move."""
    result = json.loads(node(CHECK, "memory", STATIC, "5000", timeout=900))
    assert result["history"] >= 4_000, result
    assert result["bytes"] <= 2_048 * result["history"], result
