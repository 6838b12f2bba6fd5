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

from solitaire.daily import daily
from solitaire.game import Move, Rules, move_notation, parse_move
from solitaire.registry import make_rules
from solitaire.review import Review
from solitaire.solver import Solver, solver_for
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


LOSS_LINE_BUDGET = 20_000  # nodes for the winning line a lost game follows (harder deals are left out)
LOSS_CHILD_BUDGET = 1_000  # nodes within which the solver proves the move a lost game plays lost
LOSS_TURNS = 15  # turns of the winning line searched for such a move, from the chosen one
LOSS_TURN_BUDGET = 4_000  # nodes for the moves of one turn at most


def losing_move(rules: Rules[Any], solver: Solver, position: Any, played: Move) -> Move | None:
    """A move other than ``played`` that the solver proves lost, if one is found within
    LOSS_TURN_BUDGET nodes. A move that the opposite move takes back does not lose (the
    position before it can be won) and is not searched; moves after which some card can
    never be freed (``Solver.never_free``, at once) are tried first."""
    afters: dict[Move, Any] = {move: rules.apply(position, move) for move in rules.legal_moves(position) if move != played}
    table = rules.piles(position)

    def undoable(move: Move, after: Any) -> bool:
        back = Move(move.target, move.source, move.count)
        return back in rules.legal_moves(after) and rules.piles(rules.apply(after, back)) == table

    others = sorted(
        (move for move, after in afters.items() if not undoable(move, after)), key=lambda move: not solver.never_free(afters[move])
    )
    spent = 0
    for move in others:
        verdict = solver.solve(afters[move], LOSS_CHILD_BUDGET)
        if verdict.status == "unwinnable":
            return move
        spent += verdict.nodes
        if spent > LOSS_TURN_BUDGET:
            break
    return None


def lost_games(game: str, options: dict[str, str], deals: list[int], moves_after: int) -> list[dict[str, Any]]:
    """Games lost at a known move, to review (CPython makes them; both interpreters review them).
    For each deal the solver wins within LOSS_LINE_BUDGET nodes, the game follows the solver's
    winning line up to a turn chosen at random (seeded by the deal), plays the first move from
    there on that the solver proves lost within LOSS_CHILD_BUDGET nodes, then up to
    ``moves_after`` random legal moves. A deal with no such move is left out. Each game is
    its deal, its turns in move notation (one move a turn) and the index of the losing turn."""
    rules = make_rules(game, options)
    solver = solver_for(rules)
    games = []
    for deal in deals:
        position = rules.deal(deal)
        line = solver.solve(position, LOSS_LINE_BUDGET)
        if line.status != "winnable":
            continue
        chance = random.Random(deal)
        first = chance.randrange(len(line.moves))
        turns: list[Move] = []
        losing = None
        for move in line.moves:
            if first <= len(turns) < first + LOSS_TURNS:
                losing = losing_move(rules, solver, position, move)
                if losing is not None:
                    break
            turns.append(move)
            position = rules.apply(position, move)
        if losing is None:
            continue
        at = len(turns)
        turns.append(losing)
        position = rules.apply(position, losing)
        for _ in range(moves_after):
            moves = rules.legal_moves(position)
            if not moves:
                break
            turns.append(chance.choice(moves))
            position = rules.apply(position, turns[-1])
        games.append({"deal": deal, "turns": [move_notation(move) for move in turns], "losing": at})
    return games


def review_times(game: str, options: dict[str, str], games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The review (solitaire.review, in one piece) of each lost game (see ``lost_games``): the
    time to its findings, the positions searched and what it found: the losing move (and
    whether it is the one the game played), or why not."""
    warm_up(game, options)
    rules = make_rules(game, options)
    rows = []
    for lost in games:
        positions = [rules.deal(lost["deal"])]
        for text in lost["turns"]:
            positions.append(rules.apply(positions[-1], parse_move(text)))
        began = time.perf_counter()
        findings = Review(rules, positions).finish()
        ms = elapsed_ms(began)
        if findings.losing_turn is not None:
            outcome = "the losing move" if findings.losing_turn == lost["losing"] else "ANOTHER MOVE"
        elif findings.undecided is not None:
            outcome = "undecided"
        else:
            outcome = "NOT FOUND"
        rows.append(
            {
                "deal": lost["deal"],
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
    "lost_games": lost_games,
    "review": review_times,
    "version": version,
}


def call(name: str, args_json: str) -> str:
    """Run one piece of work by name, keyword arguments and answer as JSON text."""
    return json.dumps(WORK[name](**json.loads(args_json)))


if __name__ == "__main__":
    print(call(sys.argv[1], sys.argv[2]))
