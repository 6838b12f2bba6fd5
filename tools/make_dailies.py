"""The coming days' daily deals, as the engine itself shows them: a first visit's first table.

    python tools/make_dailies.py OUTPUT [--first YYYY-MM-DD] [--days N]

A first visit has no game of its own to draw while the engine starts, so it would wait for the
engine before it shows a card. The page opens today's Klondike daily (draw one, Standard
scoring: the defaults) on a first visit; this writes, for each of the days from the day before
--first (today, in UTC, by default: a player's local date may be a day behind or ahead) to
--days after it, what the engine answers to that daily's ``new`` message, in English and in
German, and which candidate is the day's deal (the engine then proves just that one). The page
draws that view at once and takes input on it; the moves made meanwhile are played once the
engine is up, if its table is the same (tests/test_dailies.py checks every view against the
engine; a date past the last one waits for the engine, as before).

    {"build": the wheel's sha256 (first 12 hex digits, as the page names builds),
     "game": "klondike", "options": {...},
     "dailies": {"2026-12-05": {"candidate": 3, "views": {"en": view, "de": view}}, ...}}

Standard library and the engine only (PYTHONPATH=py).
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from solitaire_bridge import Bridge  # noqa: E402

GAME = "klondike"
DAYS = 40
LANGUAGES = ("en", "de")
SLICE_NODES = 1_000_000  # the most a slice may ask for; the search ends within its own budget


def daily_views(date: str) -> dict[str, Any]:
    """The candidate and the views of one date's daily."""
    bridge = Bridge()
    message = json.dumps({"type": "daily", "game": GAME, "options": {}, "date": date, "nodes": SLICE_NODES})
    found = json.loads(bridge.handle(message))
    while found.get("ok") and not found.get("done"):
        found = json.loads(bridge.handle(message))
    if not found.get("found"):
        raise RuntimeError(f"the daily of {date} was not found: {found}")
    views = {}
    for language in LANGUAGES:
        bridge.handle(json.dumps({"type": "language", "language": language}))
        view = json.loads(bridge.handle(json.dumps({"type": "new", "game": GAME, "options": {}, "daily": date})))
        if not view.get("ok"):
            raise RuntimeError(f"the daily of {date} did not start: {view}")
        views[language] = view
    return {"candidate": found["candidate"], "views": views}


def build_id() -> str:
    lockfile = json.loads((ROOT / "static" / "pyodide" / "pyodide-lock.json").read_text())
    sha: str = lockfile["packages"]["solitaire"]["sha256"]
    return sha[:12]


def make(first: datetime.date, days: int) -> dict[str, Any]:
    dates = [(first + datetime.timedelta(days=offset)).isoformat() for offset in range(-1, days)]
    options = json.loads(Bridge().handle(json.dumps({"type": "new", "game": GAME, "options": {}, "deal": 1})))["options"]
    return {"build": build_id(), "game": GAME, "options": options, "dailies": {date: daily_views(date) for date in dates}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", type=Path)
    parser.add_argument("--first", type=datetime.date.fromisoformat, default=datetime.datetime.now(datetime.UTC).date())
    parser.add_argument("--days", type=int, default=DAYS)
    args = parser.parse_args(argv)
    data = make(args.first, args.days)
    text = json.dumps(data, separators=(",", ":")) + "\n"  # each view as the engine wrote it
    if not args.output.is_file() or args.output.read_text() != text:
        args.output.write_text(text)
    print(f"    {args.output}: {len(data['dailies'])} dailies of {GAME} from {min(data['dailies'])}, {len(text) / 1e3:.0f} kB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
