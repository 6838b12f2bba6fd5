"""The page's shared state is declared in one place: static/session.js's ``state``, a sealed
object, each field with a comment. No module reads or writes a field that is not declared there."""

from __future__ import annotations

import re

from conftest import ROOT

STATIC = ROOT / "static"


def declared_fields() -> dict[str, str]:
    """Each field of session.js's state and the comment that says what it holds ("" if none)."""
    source = (STATIC / "session.js").read_text()
    block = source[source.index("export const state = Object.seal({") : source.index("});", source.index("export const state"))]
    return {name: comment for name, comment in re.findall(r"^  (\w+): [^\n]*?(?://\s*(.*))?$", block, re.M)}


def used_fields() -> dict[str, set[str]]:
    """Each field name used as ``state.NAME`` in a page module (not inside a string: "state.target"
    is an i18n key), with the modules that use it."""
    used: dict[str, set[str]] = {}
    for path in sorted(STATIC.glob("*.js")):
        for name in re.findall(r"(?<![\"'`.\w])state\.(\w+)", path.read_text()):
            used.setdefault(name, set()).add(path.name)
    return used


def test_every_field_of_the_page_state_is_declared() -> None:
    declared = declared_fields()
    assert len(declared) >= 30 and "engine" in declared and "view" in declared
    undeclared = {name: modules for name, modules in used_fields().items() if name not in declared}
    assert undeclared == {}, undeclared


def test_every_declared_field_is_used_and_says_what_it_holds() -> None:
    declared = declared_fields()
    used = used_fields()
    dynamic = {"analysis", "dailySearch", "preparing"}  # written as state[slot] by searches.js
    assert {name for name in declared if name not in used} <= dynamic
    assert [name for name, comment in declared.items() if not comment] == []
