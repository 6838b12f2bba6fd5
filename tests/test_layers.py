"""The engine stays pure: standard library only, nothing of the browser."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "py" / "solitaire"


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_engine_imports_only_the_standard_library_and_itself() -> None:
    files = sorted(ENGINE.rglob("*.py"))
    assert files
    for path in files:
        foreign = imported_modules(path) - set(sys.stdlib_module_names) - {"solitaire"}
        assert not foreign, f"{path.name} imports {foreign}"


def test_engine_never_imports_the_browser() -> None:
    for path in ENGINE.rglob("*.py"):
        assert not imported_modules(path) & {"js", "pyodide", "solitaire_bridge"}, path.name


def test_every_registered_game_matches_its_class() -> None:
    from solitaire.registry import GAMES, game_class

    for game_id in GAMES:
        assert game_class(game_id).game_id == game_id
