"""The first visit's table (static/dailies.json, tools/make_dailies.py): each day's view is the one
the engine gives for that daily, in English and German, and its candidate is the day's deal."""

from __future__ import annotations

import datetime
import json
from typing import Any

import pytest
from conftest import ROOT
from solitaire.daily import daily
from solitaire_bridge import Bridge

DAILIES = ROOT / "static" / "dailies.json"


@pytest.fixture(scope="module")
def built() -> dict[str, Any]:
    if not DAILIES.exists():
        pytest.fail("the site is not built: run ./build.sh (or ./build.sh test)")
    data: dict[str, Any] = json.loads(DAILIES.read_text())
    return data


def test_the_list_covers_the_coming_weeks(built: dict[str, Any]) -> None:
    dates = sorted(datetime.date.fromisoformat(date) for date in built["dailies"])
    assert dates == [dates[0] + datetime.timedelta(days=offset) for offset in range(len(dates))]
    assert len(dates) >= 30
    lockfile = json.loads((ROOT / "static" / "pyodide" / "pyodide-lock.json").read_text())
    assert built["build"] == lockfile["packages"]["solitaire"]["sha256"][:12]


@pytest.mark.slow
def test_every_view_is_the_engines(built: dict[str, Any]) -> None:
    for date, day in built["dailies"].items():
        assert day["candidate"] == daily("klondike", {}, date).index, date
        for language, view in day["views"].items():
            bridge = Bridge()
            bridge.handle(json.dumps({"type": "language", "language": language}))
            assert json.loads(bridge.handle(json.dumps({"type": "new", "game": "klondike", "options": {}, "daily": date}))) == view, date
