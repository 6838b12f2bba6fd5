"""What every game's solver provides, and how to find a game's solver.

Solvers search with full information (every card known, as in open mode),
bounded by a budget of *nodes* (positions expanded), never by time, so the
same search gives the same answer under CPython and in Pyodide.

A search is resumable: ``start`` makes a ``Search`` whose ``run(nodes)``
works for at most that many more nodes and returns the ``Verdict`` once the
search has ended, else None. The page runs it in small slices between frames;
the command line and the tests call ``solve`` to run it to the end.

Verdicts are exact: ``winnable`` only with a line of moves that wins when
replayed through the rules, ``unwinnable`` only when the search has proved
that no line wins, ``unknown`` when the budget ran out first.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Literal

from .game import Move, Rules
from .registry import GAMES

Status = Literal["winnable", "unwinnable", "unknown"]


@dataclass(frozen=True, slots=True)
class Verdict:
    """The end of a search: its status, a winning line when winnable, and its effort."""

    status: Status
    moves: tuple[Move, ...]
    nodes: int


class Search(ABC):
    """One search from one position, run in slices."""

    @abstractmethod
    def run(self, nodes: int) -> Verdict | None:
        """Search for at most ``nodes`` more nodes; the verdict once the search has ended."""

    def finish(self) -> Verdict:
        """Run to the end (the budget guarantees an end)."""
        while (verdict := self.run(1 << 30)) is None:
            pass
        return verdict


class Solver(ABC):
    """A game's solver, made for one rules object (one set of options).

    Budgets are in nodes: ``default_budget`` for the command line, ``daily_budget``
    for proving a daily deal winnable (quick, as the page waits for it),
    ``analysis_budget`` for the page's live "still winnable?" search (bounded
    by memory too: the search keeps every position it has seen). Where the
    command line's budget is larger, the page's deep analysis of a position the
    live one left unknown gets it, in a worker of its own (``analysis.Analyst``).
    """

    default_budget = 200_000
    daily_budget = 20_000
    analysis_budget = 400_000

    def __init__(self, rules: Rules[Any]) -> None:
        self.rules = rules

    @abstractmethod
    def start(self, position: Any, budget: int) -> Search:
        """A search from ``position`` that expands at most ``budget`` nodes."""

    def solve(self, position: Any, budget: int) -> Verdict:
        return self.start(position, budget).finish()

    def proof_search(self, position: Any) -> Search:
        """The short search that proves a daily deal (or a "winnable deals only" deal)
        winnable: by default ``start`` within ``daily_budget``."""
        return self.start(position, self.daily_budget)

    def never_free(self, position: Any) -> tuple[int, ...]:
        """Cards that can never be freed from where they lie in ``position`` (so it is lost),
        where the solver's dead-end tests can tell; () where they cannot (the default)."""
        return ()


def solver_for(rules: Rules[Any]) -> Solver:
    """The solver of the rules' game (registry.GameInfo), imported on first use as the games
    are; LookupError if the game has none."""
    if rules.game_id not in GAMES:
        raise LookupError(f"{rules.game_id} has no solver")
    module, name = GAMES[rules.game_id].solver
    try:
        found = importlib.import_module(module)
    except ModuleNotFoundError:
        raise LookupError(f"{rules.game_id} has no solver") from None
    solver: Solver = getattr(found, name)(rules)
    return solver
