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


def module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def engine_imports(path: Path) -> set[str]:
    """The engine's modules ``path`` imports, anywhere in it (in a function too), as dotted names."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            # "from . import cards" names a module; "from .cards import rank" names one too.
            found |= {f"{base}.{alias.name}" for alias in node.names} | {base}
    return found


def test_no_module_of_the_engine_imports_itself_round_a_cycle() -> None:
    """No cycle of imports in the engine or the bridge, not even one hidden inside a function
    (texts <-> cards was one)."""
    files = {module_name(path): path for path in [*ENGINE.rglob("*.py"), *(ENGINE.parent / "solitaire_bridge").rglob("*.py")]}
    graph = {name: sorted(engine_imports(path) & set(files) - {name}) for name, path in files.items()}
    for start in graph:
        stack, seen = [(start, [start])], set()
        while stack:
            current, trail = stack.pop()
            for following in graph[current]:
                # A package's own __init__ importing its modules is no cycle.
                if following == start and not start.startswith(current + "."):
                    raise AssertionError(" -> ".join([*trail, start]))
                if following not in seen and not following.startswith(start + "."):
                    seen.add(following)
                    stack.append((following, [*trail, following]))


def test_tests_and_tools_use_a_solver_package_through_its_public_surface() -> None:
    """A solver that is a package (the Klondike one) is used through what its ``__init__``
    names, never through its modules, so its inside can change without breaking the tests."""
    packages = {path.parent.name for path in (ENGINE / "solvers").glob("*/__init__.py")}
    assert packages  # the Klondike solver is one
    outside = [*(ENGINE.parent.parent / "tests").glob("*.py"), *(ENGINE.parent.parent / "tools").glob("*.py"), *ENGINE.parent.rglob("*.py")]
    for path in outside:
        if (ENGINE / "solvers") in path.parents and path.parent.name in packages:
            continue  # the package's own modules
        for node in ast.walk(ast.parse(path.read_text())):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
            for name in names:
                parts = name.split(".")
                inner = parts[:2] == ["solitaire", "solvers"] and len(parts) > 3 and parts[2] in packages
                # "from solitaire.solvers.klondike import solver" names a module as well.
                module = inner and (ENGINE / "solvers" / parts[2] / f"{parts[3]}.py").exists()
                assert not module, f"{path.name} imports {name}"
