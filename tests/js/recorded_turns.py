"""Turns played through the real bridge, recorded for the page's tests in Node
(announce, stats and bar tests in tests/js/): each is the message, the view before and the view after.

    python tests/js/recorded_turns.py    (prints them as JSON; PYTHONPATH=py)

The scenes are set up from layouts or fixed deals, so the views are the same every run.
"""

from __future__ import annotations

import json
from typing import Any

from solitaire_bridge import Bridge

# Klondike: every card home but the King of Spades.
NEAR_WON = "\n".join(
    [f"foundation-{i + 1}: " + " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("CDH")]
    + ["foundation-4: " + " ".join(r + "S" for r in "A23456789TJQ"), "tableau-4: KS"]
)
# Klondike: the 9 of Hearts can go onto the 10 of Spades, and the card under it turns over.
TURNS_OVER = "\n".join(
    [
        "stock: " + " ".join(r + s for s in "CD" for r in "23456789TJQK"),
        "foundation-1: AC",
        "foundation-2: AD",
        "tableau-1: TS",
        "tableau-2: [AH] 9H",
        "tableau-3: [AS] " + " ".join(r + "H" for r in "2345678TJQK") + " " + " ".join(r + "S" for r in "23456789JQK"),
    ]
)


def send(bridge: Bridge, **message: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(bridge.handle(json.dumps(message)))
    assert answer["ok"], answer
    return answer


def turn(bridge: Bridge, before: dict[str, Any], **message: Any) -> dict[str, Any]:
    return {"message": message, "before": before, "after": send(bridge, **message)}


def scenes() -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    bridge = Bridge()
    start = send(bridge, type="setup", game="klondike", options={}, layout=TURNS_OVER)
    found["move and turn over"] = turn(bridge, start, type="move", **{"from": "tableau-2", "index": 1, "to": "tableau-1"})
    found["undo"] = turn(bridge, found["move and turn over"]["after"], type="undo")
    found["draw"] = turn(bridge, found["undo"]["after"], type="stock")
    near = send(bridge, type="setup", game="klondike", options={}, layout=NEAR_WON)
    found["the last card home wins"] = turn(bridge, near, type="foundation", **{"from": "tableau-4", "index": 0})
    vegas = send(bridge, type="setup", game="klondike", options={"scoring": "vegas-cumulative"}, layout=NEAR_WON)
    found["a cumulative Vegas win"] = turn(bridge, vegas, type="foundation", **{"from": "tableau-4", "index": 0})
    spider = send(bridge, type="new", game="spider", options={"suits": "1"}, deal=5)
    found["a spider deal"] = turn(bridge, spider, type="stock")
    pyramid = send(bridge, type="new", game="pyramid", options={}, deal=2)  # pyramid-22 and -28 make 13
    found["a pyramid pair"] = turn(bridge, pyramid, type="move", **{"from": "pyramid-22", "index": 0, "to": "pyramid-28"})
    found["a new game"] = turn(bridge, found["a pyramid pair"]["after"], type="new", game="freecell", options={}, deal=7)
    found["a daily"] = turn(bridge, found["a new game"]["after"], type="new", game="klondike", options={}, daily="2026-12-06")
    found["asked if winnable"] = turn(bridge, found["a daily"]["after"], type="check")
    found["a Vegas game"] = turn(
        bridge, found["asked if winnable"]["after"], type="new", game="klondike", options={"scoring": "vegas"}, deal=3
    )
    return found


if __name__ == "__main__":
    print(json.dumps(scenes()))
