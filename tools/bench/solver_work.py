"""The work that tools/bench_browser_solvers.py times, the same code in Pyodide and in CPython.

It imports only the standard library and the game's package, so that:

- in Chromium, tools/bench/solvers.js writes this file into Pyodide's file
  system, imports it and calls ``call(name, args_json)``;
- under CPython the bench runs it as a script with the same wheel's contents
  on PYTHONPATH: ``python solver_work.py NAME ARGS_JSON`` prints the answer.

Every function times its own work with time.perf_counter (in Pyodide that is
performance.now(), to about 0.1 ms in Chromium) and returns JSON-ready data.
Module imports are done first (``warm_up``) so that no timing includes them.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from solitaire.analysis import Analyst
from solitaire.daily import daily
from solitaire.registry import make_rules
from solitaire.review import Review
from solitaire.solver import solver_for
from solitaire.solvers.klondike import KlondikeSolver
from solitaire_bridge import Bridge


def elapsed_ms(began: float) -> float:
    return (time.perf_counter() - began) * 1000


def warm_up(game: str, options: dict[str, str]) -> None:
    """Import the game's rules and solver modules (imported on first use) before timing."""
    rules = make_rules(game, options)
    try:
        solver_for(rules)
    except LookupError:
        pass


def daily_times(game: str, options: dict[str, str], dates: list[str]) -> list[dict[str, Any]]:
    """Wall time of daily() for each date, each a fresh search from the first candidate."""
    warm_up(game, options)
    rows = []
    for date in dates:
        began = time.perf_counter()
        found = daily(game, options, date)
        ms = elapsed_ms(began)
        status = found.verdict.status if found.verdict else "unproven"
        rows.append({"date": date, "ms": ms, "deal": found.deal, "candidate": found.index, "status": status})
    return rows


def slice_times(game: str, options: dict[str, str], deals: list[int], nodes: int, messages: int) -> list[dict[str, Any]]:
    """Time each "analyse" message of `nodes` nodes through the bridge, as the page sends them.

    Per deal: a fresh Bridge, a "new" game, then up to `messages` analyse
    messages, stopping once the analysis has a verdict (later messages would
    not search). Each time includes the JSON in and out, as the page pays it.
    """
    warm_up(game, options)
    rows = []
    for deal in deals:
        bridge = Bridge()
        answer = json.loads(bridge.handle(json.dumps({"type": "new", "game": game, "options": options, "deal": deal})))
        if not answer.get("ok"):
            raise RuntimeError(f"new {game} {deal}: {answer.get('error')}")
        message = json.dumps({"type": "analyse", "nodes": nodes})
        for number in range(messages):
            began = time.perf_counter()
            text = bridge.handle(message)
            ms = elapsed_ms(began)
            answer = json.loads(text)
            if not answer.get("ok"):
                raise RuntimeError(f"analyse {game} {deal}: {answer.get('error')}")
            status = answer["analysis"]["status"]
            rows.append({"deal": deal, "message": number, "ms": ms, "status": status})
            if status != "searching":
                break
    return rows


def klondike_times(draw: str, deals: list[int], budget: int) -> list[dict[str, Any]]:
    """KlondikeSolver.solve of each deal (node-bounded, so the verdicts are the same everywhere)."""
    rules = make_rules("klondike", {"draw": draw})
    solver = KlondikeSolver(rules)
    rows = []
    for deal in deals:
        position = rules.deal(deal)
        began = time.perf_counter()
        verdict = solver.solve(position, budget)
        ms = elapsed_ms(began)
        rows.append({"deal": deal, "ms": ms, "status": verdict.status, "nodes": verdict.nodes, "moves": len(verdict.moves)})
    return rows


def lost_game(game: str, options: dict[str, str], deal: int, max_moves: int) -> list[Any] | None:
    """The positions of a careless player's game of ``deal``: a random move among those that
    bring a card home or turn or free one (``Analyst.promise``; seeded by the deal), else the
    stock, until neither is left or ``max_moves``; None unless the solver proves the end lost
    within its analysis budget (the review is measured on lost games)."""
    rules = make_rules(game, options)
    analyst = Analyst(rules)
    chance = random.Random(deal)
    positions = [rules.deal(deal)]
    for _ in range(max_moves):
        position = positions[-1]
        moves = rules.legal_moves(position)
        stock = [move for move in moves if "stock" in (move.source, move.target)]
        gaining = [move for move in moves if move not in stock and analyst.promise(position, move)[:2] > (0, 0)]
        if not gaining and not stock:
            break
        positions.append(rules.apply(position, chance.choice(gaining) if gaining else stock[0]))
    solver = solver_for(rules)
    return positions if solver.solve(positions[-1], solver.analysis_budget).status == "unwinnable" else None


def review_times(game: str, options: dict[str, str], deals: list[int], max_moves: int) -> list[dict[str, Any]]:
    """The review (solitaire.review, in one piece) of the careless game of each deal that ends
    proven lost (see ``lost_game``; the others are left out): the time to its findings, the
    positions searched and what it found."""
    warm_up(game, options)
    rules = make_rules(game, options)
    rows = []
    for deal in deals:
        positions = lost_game(game, options, deal, max_moves)
        if positions is None:
            continue
        began = time.perf_counter()
        findings = Review(rules, positions).finish()
        ms = elapsed_ms(began)
        if findings.losing_turn is not None:
            outcome = "losing move"
        elif findings.first_lost == 0:
            outcome = "lost from the start"
        elif findings.undecided is not None:
            outcome = "undecided"
        else:
            outcome = "still winnable"
        rows.append(
            {
                "deal": deal,
                "positions": len(positions),
                "ms": ms,
                "searched": findings.searched,
                "nodes": findings.nodes,
                "outcome": outcome,
            }
        )
    return rows


def version() -> dict[str, str]:
    """The Python version, and where the game's package was imported from (the wheel's files)."""
    import solitaire

    return {"python": sys.version.split()[0], "solitaire": str(solitaire.__file__)}


WORK: dict[str, Callable[..., Any]] = {
    "warm_up": warm_up,
    "daily": daily_times,
    "slices": slice_times,
    "klondike": klondike_times,
    "review": review_times,
    "version": version,
}


def call(name: str, args_json: str) -> str:
    """Run one piece of work by name, keyword arguments and answer as JSON text."""
    return json.dumps(WORK[name](**json.loads(args_json)))


if __name__ == "__main__":
    print(call(sys.argv[1], sys.argv[2]))
