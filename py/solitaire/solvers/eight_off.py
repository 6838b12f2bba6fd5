"""Eight Off solver: FreeCell's best-first search (``solvers/freecell.py``) on Eight Off's rules.

The search, its state key, its exact verdicts and its resumable ``run`` are FreeCell's; what
differs is given to it as a ``Variant``:

- eight free cells;
- columns build down in suit, so a card may lie on one card only (the next higher of its
  suit), and a run is a run in suit;
- only a King, or a run led by one, goes into an empty column (a cell's King too);
- a run carries at most 1 + empty cells cards: empty columns do not double it;
- every card that can go home is safe (the rules' ``safe_moves``): only the next lower card
  of its suit could ever lie on it, and that card is home already. Playing them at once is
  the search's only pruning besides the transposition table and the columns' symmetry, and
  it cannot turn a won game into a lost one (see the FreeCell solver's argument: no card
  can need a card that is home, and home cards leave more cells and columns free).

A position whose columns all descend in rank is won outright (the lowest card out is always
free to go home), as in FreeCell.
"""

from __future__ import annotations

from typing import Any

from ..solver import Search, Solver
from .freecell import FreeCellSearch, Variant, follows, parents

OWN_SUIT = ((0,), (1,), (2,), (3,))
IN_SUIT = parents(OWN_SUIT)
EIGHT_OFF = Variant(
    cells=8,
    parents=IN_SUIT,
    follows=follows(IN_SUIT),
    kings_only=True,
    super_moves=False,
    safe_after=((),) * 4,
)


class EightOffSolver(Solver):
    """Best-first search over Eight Off positions (see the module docstring).

    Budgets (deals 1..1000, tools/bench_solver_eight_off.py): every deal is proven winnable,
    the median in 68 nodes (3 ms of CPU), 99.3% within 5,000 and all within 17,200; the
    daily's 10,000 prove 99.7% of deals, so a day rarely needs a second candidate.
    """

    default_budget = 200_000
    daily_budget = 10_000
    analysis_budget = 100_000

    def start(self, position: Any, budget: int) -> Search:
        return FreeCellSearch(position, budget, EIGHT_OFF)
