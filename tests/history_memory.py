"""A long session through the bridge, for the memory bound of the history: it plays
``moves`` moves (a random legal move, the stock now and then, an undo only when
stuck), asking the live analysis for a slice after each, and reports the memory
Python holds (tracemalloc) per move of history. Runs under CPython and, through
tests/js/pyodide_snapshot.mjs, in Pyodide from the built snapshot."""

from __future__ import annotations

import json
import random
import tracemalloc
from typing import Any

from solitaire_bridge import Bridge

WARM_UP_MOVES = 200  # caches and first verdicts settle before measuring
ANALYSIS_NODES = 10  # a slice of the live analysis after every move, as the page asks for them


def long_session(game: str = "klondike", options: dict[str, str] | None = None, moves: int = 5_000, seed: int = 1) -> dict[str, Any]:
    bridge = Bridge()

    def send(message: dict[str, Any]) -> dict[str, Any]:
        answer: dict[str, Any] = json.loads(bridge.handle(json.dumps(message)))
        return answer

    view = send({"type": "new", "game": game, "options": options or {}, "deal": seed})
    chooser = random.Random(seed)

    def play(count: int) -> None:
        nonlocal view
        made = 0
        while made < count:
            legal = [(key, target) for key, targets in view["legal"].items() for target in targets]
            if view["stockAction"] and (not legal or chooser.random() < 0.3):
                answer = send({"type": "stock"})
            elif legal:
                key, target = chooser.choice(legal)
                pile, index = key.rsplit(":", 1)
                answer = send({"type": "move", "from": pile, "index": int(index), "to": target})
            else:
                answer = send({"type": "undo"})
            if answer["ok"]:
                view = answer
                made += 1
            send({"type": "analyse", "nodes": ANALYSIS_NODES})

    play(WARM_UP_MOVES)
    tracemalloc.start()
    before_bytes, before_moves = tracemalloc.get_traced_memory()[0], view["moves"]
    play(moves)
    after_bytes, after_moves = tracemalloc.get_traced_memory()[0], view["moves"]
    tracemalloc.stop()
    history = after_moves - before_moves
    return {"moves": moves, "history": history, "bytes": after_bytes - before_bytes, "perMove": (after_bytes - before_bytes) / max(history, 1)}


if __name__ == "__main__":
    import sys

    print(json.dumps(long_session(sys.argv[1] if len(sys.argv) > 1 else "klondike")))
