"""The games of the collection, as an explicit list (no import side effects): one
``GameInfo`` per game says where its rules and its solver live and how hard its deals
typically are. Adding a game is its rules module, its solver module, an entry here, and
its texts (its names in words.py, its rule page in rule_pages.py, and any refusal of its own in
texts.py); the page, the command line, the tests that run once per game and the benchmarks
take the games from here.

Each game's module is imported only when the game is first used: the page
starts faster when it compiles only the game it opens.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .game import OptionError, OptionSpec, Rules
from .texts import Reason


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What the collection knows of a game besides its rules.

    ``rules`` and ``solver`` are (module, class). ``variant_option`` names the option that
    changes how hard the game is, if one does; ``typical_nodes`` and ``long_line`` hold, per
    value of it ("" when there is none), the nodes a typical (median) winnable deal costs the
    solver and the length of a winning line (in moves, stock clicks included) that only a
    quarter of the deals exceed: the figures of the difficulty rating (difficulty.py), from
    the solver benchmarks (tools/bench_solver_*.py, figures in README).
    """

    rules: tuple[str, str]
    solver: tuple[str, str]
    typical_nodes: Mapping[str, int]
    long_line: Mapping[str, int]
    variant_option: str | None = None


KLONDIKE_SOLVER = ("solitaire.solvers.klondike", "KlondikeSolver")

# In the order the page lists them.
GAMES: dict[str, GameInfo] = {
    # Klondike and Double Klondike: the benchmark runs of 2026-12-05 (README); Double
    # Klondike's lines draw and redeal until each talon card they play is on top.
    "klondike": GameInfo(("solitaire.games.klondike", "Klondike"), KLONDIKE_SOLVER, {"1": 25, "3": 52}, {"1": 255, "3": 145}, "draw"),
    "double-klondike": GameInfo(
        ("solitaire.games.double_klondike", "DoubleKlondike"), KLONDIKE_SOLVER, {"1": 74, "3": 74}, {"1": 1145, "3": 1620}, "draw"
    ),
    "spider": GameInfo(
        ("solitaire.games.spider", "Spider"),
        ("solitaire.solvers.spider", "SpiderSolver"),
        {"1": 200, "2": 800, "4": 20_000},
        {"1": 135, "2": 245, "4": 400},
        "suits",
    ),
    # FreeCell in any colour order: deals 1..1000 at the default budget, 2026-12-06 (median 74
    # nodes, a quarter of the lines over 93 moves).
    "freecell": GameInfo(
        ("solitaire.games.freecell", "FreeCell"),
        ("solitaire.solvers.freecell", "FreeCellSolver"),
        {"alternate": 200, "any": 74},
        {"alternate": 110, "any": 93},
        "building",
    ),
    "pyramid": GameInfo(("solitaire.games.pyramid", "Pyramid"), ("solitaire.solvers.pyramid", "PyramidSolver"), {"": 100}, {"": 76}),
    "tripeaks": GameInfo(("solitaire.games.tripeaks", "TriPeaks"), ("solitaire.solvers.tripeaks", "TriPeaksSolver"), {"": 30}, {"": 50}),
    # Eight Off: tools/bench_solver_eight_off.py on deals 1..1000 (all winnable: median 68 nodes, p75 line 88 moves).
    "eight-off": GameInfo(("solitaire.games.eight_off", "EightOff"), ("solitaire.solvers.eight_off", "EightOffSolver"), {"": 70}, {"": 88}),
    "golf": GameInfo(("solitaire.games.golf", "Golf"), ("solitaire.solvers.golf", "GolfSolver"), {"": 1500}, {"": 51}),
    # Scorpion: the benchmark run of 2026-12-06 (tools/bench_solver_scorpion.py, runs=leave; runs=stay
    # is alike): winnable deals take a median 50 nodes, and a quarter of their lines exceed 52 moves.
    "scorpion": GameInfo(("solitaire.games.scorpion", "Scorpion"), ("solitaire.solvers.scorpion", "ScorpionSolver"), {"": 50}, {"": 52}),
    # Forty Thieves: the benchmark run of 2026-12-06 (deals 1..1000 at 40,000 nodes, the default).
    "forty-thieves": GameInfo(
        ("solitaire.games.forty_thieves", "FortyThieves"), ("solitaire.solvers.forty_thieves", "FortyThievesSolver"), {"": 6616}, {"": 256}
    ),
    # Canfield: draw three from tools/bench_solver_canfield.py on deals 1-1000 (2026-12-06);
    # draw one from deals 1-40 at 20,000 positions (its solver settles few deals).
    "canfield": GameInfo(
        ("solitaire.games.canfield", "Canfield"),
        ("solitaire.solvers.canfield", "CanfieldSolver"),
        {"3": 372, "1": 6500},
        {"3": 260, "1": 160},
        "draw",
    ),
    # Yukon: deals 1-1000 at 100,000 nodes (2026-12-06): winnable median 93 nodes, lines' p75 118 moves.
    "yukon": GameInfo(("solitaire.games.yukon", "Yukon"), ("solitaire.solvers.yukon", "YukonSolver"), {"": 93}, {"": 118}),
}


def game_info(game_id: str) -> GameInfo:
    if game_id not in GAMES:
        raise OptionError(Reason.UNKNOWN_GAME, text=game_id, list=list(GAMES))
    return GAMES[game_id]


def game_class(game_id: str) -> type[Any]:
    module, name = game_info(game_id).rules
    found: type[Any] = getattr(importlib.import_module(module), name)
    return found


def option_specs(game_id: str) -> tuple[OptionSpec, ...]:
    specs: tuple[OptionSpec, ...] = game_class(game_id).option_specs
    return specs


def make_rules(game_id: str, options: Mapping[str, str] | None = None) -> Rules[Any]:
    """The rules of a game for these options (validated; bad ones raise OptionError)."""
    rules: Rules[Any] = game_class(game_id)(options or {})
    return rules
