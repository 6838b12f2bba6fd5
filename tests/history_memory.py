"""A long session through the bridge, for the memory bound of the history: it plays
``moves`` moves (a random legal move, the stock now and then, an undo only when
stuck), asking the live analysis for a slice after each, and reports the memory
held per move of history. Under CPython that is the size of every object the bridge
and the engine's modules hold (``held_bytes``: what a player's tab keeps, counted
without tracemalloc, which slows the play tenfold); in Pyodide
(tests/js/pyodide_snapshot.mjs, from the built snapshot) it is the WebAssembly
memory, which grows and never shrinks, passed in as ``memory``."""

from __future__ import annotations

import gc
import json
import random
import sys
import types
from collections.abc import Callable
from typing import Any

from solitaire_bridge import Bridge

WARM_UP_MOVES = 200  # caches and first verdicts settle before measuring
ANALYSIS_NODES = 10  # a slice of the live analysis after every move, as the page asks for them


# Shared by every session, not held per move: the walk stops at them.
NOT_HELD = (types.ModuleType, type, types.FunctionType, types.BuiltinFunctionType, types.CodeType, types.MethodType)


def held_bytes(*roots: object) -> int:
    """The bytes of every object reachable from ``roots``, each counted once."""
    seen: set[int] = set()
    stack = list(roots)
    total = 0
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, NOT_HELD):
            continue
        seen.add(id(item))
        total += sys.getsizeof(item)
        stack.extend(gc.get_referents(item))
    return total


def engine_globals() -> list[object]:
    """The module-level values of the engine (caches among them): they grow with play too."""
    return [vars(module) for name, module in list(sys.modules.items()) if name.startswith("solitaire")]


def long_session(
    game: str = "klondike",
    options: dict[str, str] | None = None,
    moves: int = 5_000,
    seed: int = 1,
    memory: Callable[[], int] | None = None,
    nodes: int = ANALYSIS_NODES,
) -> dict[str, Any]:
    """``memory`` gives the bytes in use; by default what the bridge and the engine hold."""
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
            send({"type": "analyse", "nodes": nodes})

    play(WARM_UP_MOVES)
    measure = memory or (lambda: held_bytes(bridge, *engine_globals()))
    before_bytes, before_moves = measure(), view["moves"]
    play(moves)
    after_bytes, after_moves = measure(), view["moves"]
    history = after_moves - before_moves
    return {
        "moves": moves,
        "history": history,
        "bytes": after_bytes - before_bytes,
        "perMove": (after_bytes - before_bytes) / max(history, 1),
    }


if __name__ == "__main__":
    import sys

    print(json.dumps(long_session(sys.argv[1] if len(sys.argv) > 1 else "klondike")))
