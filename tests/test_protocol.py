"""The protocol between the page and the engine is typed, and both sides keep to it.

- The bridge answers every kind the protocol names, and no other.
- Every answer of a tour of the engine (every game, every kind of message) has exactly the
  fields its type declares, each of its type; a request with a field its kind does not declare
  is refused.
- The page's JavaScript is type-checked against the protocol's TypeScript declarations
  (``./build.sh test`` runs tsc); here, that they are the protocol's, and that a field the
  engine renamed fails that check.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import types
from functools import cache
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest
from conftest import ROOT
from engine_tour import GAMES, Tour
from make_protocol import declarations
from solitaire_bridge import Bridge
from solitaire_bridge.protocol import ANSWERS, REQUESTS, Failure, View

DECLARATIONS = ROOT / "types" / "protocol.d.ts"


@cache
def fields_of(shape: Any) -> dict[str, Any]:
    return get_type_hints(shape)


def problems(value: Any, expected: Any, where: str) -> list[str]:
    """How ``value`` (decoded JSON) differs from the protocol's type ``expected``."""
    origin = get_origin(expected)
    if expected is Any:
        return []
    if is_typeddict(expected):
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object"]
        hints = fields_of(expected)
        found = [f"{where}: no {name}" for name in sorted(expected.__required_keys__ - value.keys())]
        found += [f"{where}: {name} is not declared" for name in sorted(value.keys() - hints.keys())]
        for name, item in value.items():
            if name in hints:
                found += problems(item, hints[name], f"{where}.{name}")
        return found
    if origin is Literal:
        return [] if any(type(value) is type(choice) and value == choice for choice in get_args(expected)) else [f"{where}: {value!r}"]
    if origin in (Union, types.UnionType):
        return [] if any(not problems(value, arg, where) for arg in get_args(expected)) else [f"{where}: {value!r} is not {expected}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {value!r} is not a list"]
        return [problem for index, item in enumerate(value) for problem in problems(item, get_args(expected)[0], f"{where}[{index}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object"]
        return [problem for name, item in value.items() for problem in problems(item, get_args(expected)[1], f"{where}.{name}")]
    plain = {type(None): type(value) is type(None), bool: type(value) is bool, int: type(value) is int, str: type(value) is str}
    plain[float] = type(value) in (int, float)
    return [] if plain[expected] else [f"{where}: {value!r} is not {expected.__name__}"]


def answer_problems(kind: str, answer: dict[str, Any]) -> list[str]:
    if answer.get("ok") is False:
        return problems(answer, Failure, f"{kind} (failed)")
    expected = ANSWERS[kind]
    choices = expected if isinstance(expected, tuple) else (expected,)
    found = [problems(answer, choice, kind) for choice in choices]
    return [] if any(not each for each in found) else min(found, key=len)


Exchanges = list[tuple[dict[str, Any], dict[str, Any]]]


@pytest.fixture(scope="module")
def exchanges() -> Exchanges:
    """Every kind of message on every game (4-suit Spider's searches take seconds and go the
    paths of 1 and 2 suits)."""
    trip = Tour(record=True)
    trip.send({"type": "games"})
    trip.send({"type": "language", "language": "de"})
    trip.send({"type": "undo"}, ok=False)
    for game, options in GAMES:
        if options != {"suits": "4"}:
            trip.game(game, options)
    assert trip.exchanges and not trip.unexpected
    return trip.exchanges


def test_every_kind_has_a_request_and_an_answer() -> None:
    assert set(Bridge().kinds) == set(REQUESTS) == set(ANSWERS)


def test_every_answer_is_what_the_protocol_says(exchanges: Exchanges) -> None:
    assert set(Bridge().kinds) <= {message["type"] for message, _ in exchanges}
    wrong = [problem for message, answer in exchanges for problem in answer_problems(message["type"], answer)]
    assert wrong == []


def test_every_request_of_the_tour_is_what_the_protocol_says(exchanges: Exchanges) -> None:
    wrong = [problem for message, _ in exchanges for problem in problems(message, REQUESTS[message["type"]], message["type"])]
    assert wrong == []


def test_the_check_finds_a_field_missing_undeclared_or_of_another_type(exchanges: Exchanges) -> None:
    view = next(answer for message, answer in exchanges if message["type"] == "new" and answer["ok"])
    assert answer_problems("new", view) == []
    broken = {key: value for key, value in view.items() if key != "statusLine"} | {"statusText": "", "moves": "3"}
    broken["piles"] = [{"name": "stock", "cards": [{"card": "down", "name": 1}]}]
    assert set(answer_problems("new", broken)) == {
        "new: no statusLine",
        "new: statusText is not declared",
        "new.moves: '3' is not int",
        "new.piles[0].cards[0].name: 1 is not str",
    }
    assert problems({"ok": True, "language": "de"}, View, "x") != []
    assert answer_problems("language", {"ok": True, "language": "de"}) == []


@pytest.mark.parametrize("kind", ["undo", "move", "new"])
def test_a_request_with_a_field_its_kind_does_not_declare_is_refused(kind: str) -> None:
    bridge = Bridge()
    before = json.loads(bridge.handle(json.dumps({"type": "new", "game": "klondike", "deal": 5})))
    fields: dict[str, dict[str, Any]] = {
        "undo": {},
        "move": {"from": "tableau-1", "index": 0, "to": "tableau-2"},
        "new": {"game": "spider"},
    }
    message = fields[kind]
    answer = json.loads(bridge.handle(json.dumps({"type": kind, **message, "pile": "tableau-1"})))
    assert answer == {"ok": False, "error": f"A {kind} message has no field 'pile'."}
    assert json.loads(bridge.handle('{"type": "view"}')) == before | {"turn": None, "rules": None}


def test_the_declarations_are_the_protocols() -> None:
    """What the build wrote (and tsc checks the page against) is what the protocol says now."""
    if not DECLARATIONS.exists():
        pytest.fail("the declarations are not written: run ./build.sh")
    assert DECLARATIONS.read_text() == declarations()


@pytest.mark.slow
def test_a_field_the_engine_renamed_fails_the_pages_type_check(tmp_path: Path) -> None:
    """The page's code as it is, against the protocol with View's ``statusLine`` renamed: tsc
    finds the page's reads of it (and passes with the protocol as it is)."""
    tsc = ROOT / "node_modules" / ".bin" / "tsc"
    if not tsc.exists():
        pytest.fail("TypeScript is not installed: run ./build.sh")
    shutil.copytree(ROOT / "static", tmp_path / "static", ignore=shutil.ignore_patterns("pyodide", "wheels", "snapshot", "vendor"))
    shutil.copy(ROOT / "jsconfig.json", tmp_path)
    (tmp_path / "types").mkdir()
    written = declarations()
    (tmp_path / "types" / "protocol.d.ts").write_text(written)

    def check() -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(tsc), "-p", "jsconfig.json"], cwd=tmp_path, capture_output=True, text=True, timeout=300)

    assert check().returncode == 0, check().stdout
    (tmp_path / "types" / "protocol.d.ts").write_text(written.replace("  statusLine: string;", "  statusText: string;"))
    renamed = check()
    assert renamed.returncode != 0
    assert "Property 'statusLine' does not exist" in renamed.stdout
