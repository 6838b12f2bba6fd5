"""How hard a deal is, from the effort of proving it winnable and the length of the win.

The rating compares the solver's effort with what a typical deal of the same
game costs it (``GameInfo.typical_nodes``, registry.py), and adds a step for a long
winning line (``GameInfo.long_line``): it is a property of the deal and the solver,
the same on every machine.
"""

from __future__ import annotations

from collections.abc import Mapping

from .registry import game_info, option_specs
from .solver import Verdict

RATINGS = ("easy", "medium", "hard", "expert")


def rating(game_id: str, options: Mapping[str, str], verdict: Verdict) -> str | None:
    """'easy' .. 'expert' for a proven winnable deal; None when not proven winnable.

    >>> from solitaire.solver import Verdict
    >>> rating("freecell", {}, Verdict("winnable", (), 100))
    'easy'
    """
    if verdict.status != "winnable":
        return None
    info = game_info(game_id)
    value = ""
    if info.variant_option:  # its value, or its default where the options leave it out
        default = next(spec.default for spec in option_specs(game_id) if spec.name == info.variant_option)
        value = options.get(info.variant_option, default)
    effort = verdict.nodes / info.typical_nodes.get(value, 1_000)
    step = 0 if effort < 1 else 1 if effort < 4 else 2 if effort < 16 else 3
    if len(verdict.moves) > info.long_line.get(value, 150):
        step += 1
    return RATINGS[min(step, len(RATINGS) - 1)]
