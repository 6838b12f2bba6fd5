"""How hard a deal is, from the effort of proving it winnable and the length of the win.

The rating compares the solver's effort with what a typical deal of the same
game costs it (``TYPICAL_NODES``), and adds a step for a long winning line:
it is a property of the deal and the solver, the same on every machine.
"""

from __future__ import annotations

from collections.abc import Mapping

from .solver import Verdict

RATINGS = ("easy", "medium", "hard", "expert")

# The option that changes how hard a game is, where there is one: its variants get their own figures.
VARIANT_OPTION = {"klondike": "draw", "double-klondike": "draw", "spider": "suits"}

# Nodes a typical (median) winnable deal costs the solver, and the length of a winning
# line (in moves, stock clicks included) that only a quarter of the deals exceed;
# from the solver benchmarks (tools/bench_solver_*.py, figures in README).
TYPICAL_NODES = {
    "klondike draw=1": 30,
    "klondike draw=3": 350,
    "double-klondike draw=1": 115,
    "double-klondike draw=3": 120,
    "spider suits=1": 200,
    "spider suits=2": 800,
    "spider suits=4": 20_000,
    "freecell": 200,
    "pyramid": 100,
    "tripeaks": 30,
}
LONG_LINE = {
    "klondike draw=1": 255,
    "klondike draw=3": 195,
    "double-klondike draw=1": 390,
    "double-klondike draw=3": 340,
    "spider suits=1": 135,
    "spider suits=2": 245,
    "spider suits=4": 470,
    "freecell": 110,
    "pyramid": 76,
    "tripeaks": 50,
}


def variant(game_id: str, options: Mapping[str, str]) -> str:
    """The name the figures above go by: the game, and the option that matters, if any.

    >>> variant("spider", {"suits": "4"}), variant("freecell", {})
    ('spider suits=4', 'freecell')
    """
    name = VARIANT_OPTION.get(game_id)
    return f"{game_id} {name}={options.get(name, '')}" if name else game_id


def rating(game_id: str, options: Mapping[str, str], verdict: Verdict) -> str | None:
    """'easy' .. 'expert' for a proven winnable deal; None when not proven winnable.

    >>> from solitaire.solver import Verdict
    >>> rating("freecell", {}, Verdict("winnable", (), 100))
    'easy'
    """
    if verdict.status != "winnable":
        return None
    name = variant(game_id, options)
    effort = verdict.nodes / TYPICAL_NODES.get(name, 1_000)
    step = 0 if effort < 1 else 1 if effort < 4 else 2 if effort < 16 else 3
    if len(verdict.moves) > LONG_LINE.get(name, 150):
        step += 1
    return RATINGS[min(step, len(RATINGS) - 1)]
