"""A tour of the engine through the bridge: every game, every message kind, every solver verdict.

It is what a restored engine must be able to do, so it runs twice: under CPython
(tests/test_engine_tour.py), and in Pyodide restored from the built snapshot with the cut standard
library (``node tests/js/pyodide_snapshot.mjs tour STATIC_DIR``, tests/test_snapshot.py), which
also lists the modules Python imported after the restore: each must be in the cut library.

Only the standard library and the engine: it is read as source into Pyodide. Searches are
bounded by nodes, never by time, so both interpreters give the same answers.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from typing import Any

from solitaire.daily import daily_variants
from solitaire.registry import GAMES as EVERY_GAME
from solitaire.registry import make_rules
from solitaire.solver import solver_for
from solitaire_bridge import Bridge

# Every game, with the option sets whose deals or searches differ (4-suit Spider's daily is left
# out: its proof takes seconds, and its solver's paths are those of 1 and 2 suits), and
# Klondike's Vegas passes, open mode, clock and cumulative score.
GAMES: list[tuple[str, dict[str, str]]] = [(game, options) for game in EVERY_GAME for options in daily_variants(game)] + [
    ("klondike", {"draw": "3", "scoring": "vegas"}),
    ("klondike", {"open": "on", "timed": "on", "scoring": "vegas-cumulative"}),
]
DATE = "2026-12-05"
SLICE = 2_000  # nodes per slice of search
MOVES = 25  # moves played per game, following the hints


class Tour:
    """One bridge, the messages sent to it, and what came back."""

    def __init__(self, record: bool = False) -> None:
        self.bridge = Bridge()
        # With ``record``, every message and its answer (tests/test_protocol.py checks their types).
        self.exchanges: list[tuple[dict[str, Any], dict[str, Any]]] | None = [] if record else None
        self.kinds: Counter[str] = Counter()
        self.statuses: Counter[str] = Counter()
        self.unexpected: list[str] = []
        self.digest = hashlib.sha256()

    def send(self, message: dict[str, Any], ok: bool | None = True, keep: bool = True) -> dict[str, Any]:
        """Send a message; note an answer whose ``ok`` is not the expected one (None: either).
        ``keep``: its answer goes into the digest (not for answers that read the clock)."""
        answer: dict[str, Any] = json.loads(self.bridge.handle(json.dumps(message)))
        self.kinds[str(message.get("type"))] += 1
        if self.exchanges is not None:
            self.exchanges.append((message, answer))
        if ok is not None and answer.get("ok") is not ok:
            self.unexpected.append(f"{json.dumps(message)[:120]} -> {json.dumps(answer)[:200]}")
        if keep:
            self.digest.update(json.dumps(without_clock(answer), sort_keys=True).encode())
        return answer

    def search(self, message: dict[str, Any], slices: int = 400) -> dict[str, Any]:
        """Repeat a sliced message until it is done (or ``slices`` ran out)."""
        answer: dict[str, Any] = {}
        for _ in range(slices):
            answer = self.send({**message, "nodes": SLICE})
            if not answer.get("ok") or answer.get("done"):
                break
        return answer

    def play_hints(self, count: int) -> int:
        """Play up to ``count`` hinted moves; how many were played."""
        played = 0
        for number in range(count):
            self.search({"type": "analyse"}, 50)
            hint = self.send({"type": "hint"})["hint"]
            if hint["kind"] == "none":
                break
            picked = {"from": hint["from"], "index": hint["index"]}
            if hint["from"] == "stock":
                view = self.send({"type": "stock"})
            elif hint["to"].startswith("foundation"):
                view = self.send({"type": "foundation", **picked})
            elif number % 3 == 0:  # tap to move: where the engine chooses, if it may choose
                view = self.send({"type": "tap", **picked}, ok=None)
                if not view["ok"]:
                    view = self.send({"type": "move", **picked, "to": hint["to"]})
            else:
                view = self.send({"type": "move", **picked, "to": hint["to"]})
            if not view.get("ok"):
                break
            played += 1
            if view["status"] != "playing":
                break
        return played

    def game(self, game: str, options: dict[str, str]) -> None:
        """Every message kind on one game and option set."""
        send = self.send
        if not (game == "spider" and options.get("suits") == "4"):
            found = self.search({"type": "daily", "game": game, "options": options, "date": DATE})
            send({"type": "new", "game": game, "options": options, "daily": DATE})
            assert found.get("found"), found
        winnable = self.search({"type": "winnable", "game": game, "options": options, "first": 1})
        view = send({"type": "new", "game": game, "options": options, "deal": winnable.get("deal", 1)})
        send({"type": "view"})
        send({"type": "check"})
        analysis = self.search({"type": "analyse"})
        self.statuses[analysis["analysis"]["status"]] += 1
        send({"type": "verdict"})
        first = view["piles"][0]
        if first["cards"]:  # the stock, or the first pile: ask why its bottom card cannot move
            send({"type": "why", "from": first["name"], "index": 0})
        send({"type": "autoplay", "on": True})
        played = self.play_hints(MOVES)
        send({"type": "autoplay", "on": False})
        send({"type": "undo"}, ok=bool(played))
        send({"type": "redo"}, ok=bool(played))
        send({"type": "complete"}, ok=None, keep=False)  # refused unless a simple line surely wins
        send({"type": "pause"}, keep=False)
        send({"type": "resume"}, keep=False)
        send({"type": "clock"}, keep=False)
        save = send({"type": "save"})["save"]
        send({"type": "load", "save": save}, keep=False)
        moves = [move for turn in save["turns"] for move in turn]
        send({"type": "verify", "game": game, "options": options, "deal": save["deal"], "moves": moves})
        review = self.search({"type": "review", "challenge": moves})
        if review.get("done"):
            send({"type": "peek", "position": 0})
            send({"type": "peek", "position": 0, "challenge": 0})
            if review["lastWinnable"] is not None and review["line"]:
                send({"type": "peek", "position": review["lastWinnable"], "line": 1})
            send({"type": "back", "position": review["lastWinnable"] or 0}, keep=False)
        # The deep analysis, in an engine of its own (here the same bridge, then the game again).
        send({"type": "deepen", "save": save}, keep=False)
        deep = self.search({"type": "analyse"}, 3)
        verdict = send({"type": "verdict"})
        send({"type": "load", "save": save}, keep=False)
        if verdict["status"] != "searching":
            send({"type": "learn", "save": save, "status": verdict["status"], "line": verdict["line"], "nodes": verdict["nodes"]})
        del deep
        rules = make_rules(game, options)
        layout = rules.text_layout(rules.deal(3))
        send({"type": "setup", "game": game, "options": options, "layout": layout})
        # What the page must refuse in words, leaving the game as it was.
        send({"type": "move", "from": "nowhere", "index": 0, "to": "tableau-1"}, ok=False)
        send({"type": "new", "game": game, "options": {"nonsense": "1"}}, ok=False)

    def solvers(self, game: str, options: dict[str, str]) -> None:
        """The solver's three verdicts, called as the command line calls it."""
        rules = make_rules(game, options)
        solver = solver_for(rules)
        for deal in range(1, 4):
            self.statuses[solver.solve(rules.deal(deal), 1).status] += 1  # unknown
            verdict = solver.solve(rules.deal(deal), 3_000)
            self.statuses[verdict.status] += 1
            position = rules.deal(deal)
            for move in verdict.moves:
                position = rules.apply(position, move)
            assert verdict.status != "winnable" or rules.is_won(position)


def without_clock(answer: dict[str, Any]) -> dict[str, Any]:
    """An answer without what depends on the time it took (the clock, the timed score)."""
    return {key: value for key, value in answer.items() if key not in ("seconds", "score", "save")}


def tour() -> dict[str, Any]:
    """The whole tour: what was sent, the verdicts seen, anything unexpected, and a digest of the
    answers."""
    trip = Tour()
    trip.send({"type": "games"})
    trip.send({"type": "language", "language": "de"})
    trip.send({"type": "undo"}, ok=False)  # no game yet
    trip.send({"type": "fly"}, ok=False)
    for game, options in GAMES:
        trip.game(game, options)
        trip.solvers(game, options)
        trip.send({"type": "language", "language": "en" if trip.bridge.table.language == "de" else "de"})
    # A lost deal, proven lost: FreeCell's 11982, from its start.
    trip.send({"type": "new", "game": "freecell", "options": {}, "deal": 11982})
    lost = trip.search({"type": "analyse"}, 200)
    trip.statuses[lost["analysis"]["status"]] += 1
    answers = json.loads(trip.bridge.handle("not json"))
    trip.kinds["not json"] += not answers["ok"]
    return {
        "kinds": dict(trip.kinds),
        "statuses": dict(trip.statuses),
        "unexpected": trip.unexpected,
        "digest": trip.digest.hexdigest(),
    }


def every_kind() -> set[str]:
    """The message kinds the bridge answers."""
    return set(Bridge().kinds)
