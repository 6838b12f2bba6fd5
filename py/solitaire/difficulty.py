"""How hard a deal is, from the effort of proving it winnable and the length of the win.

The rating compares the solver's effort with what a typical deal of the same
game costs it (``TYPICAL_NODES``), and adds a step for a long winning line:
it is a property of the deal and the solver, the same on every machine.
"""

from __future__ import annotations

from .solver import Verdict

RATINGS = ("easy", "medium", "hard", "expert")

# Nodes a typical winnable deal costs each game's solver (from the benchmarks in README).
TYPICAL_NODES = {
    "klondike": 2_000,
    "double-klondike": 4_000,
    "spider": 5_000,
    "freecell": 200,
    "pyramid": 100,
    "tripeaks": 30,
}
# Winning lines longer than this are a step harder.
LONG_LINE = {
    "klondike": 140,
    "double-klondike": 300,
    "spider": 200,
    "freecell": 110,
    "pyramid": 76,
    "tripeaks": 50,
}


def rating(game_id: str, verdict: Verdict) -> str | None:
    """'easy' .. 'expert' for a proven winnable deal; None when not proven winnable.

    >>> from solitaire.solver import Verdict
    >>> rating("freecell", Verdict("winnable", (), 100))
    'easy'
    """
    if verdict.status != "winnable":
        return None
    effort = verdict.nodes / TYPICAL_NODES.get(game_id, 1_000)
    step = 0 if effort < 1 else 1 if effort < 4 else 2 if effort < 16 else 3
    if len(verdict.moves) > LONG_LINE.get(game_id, 150):
        step += 1
    return RATINGS[min(step, len(RATINGS) - 1)]
