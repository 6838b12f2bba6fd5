"""The Klondike solver: a portfolio of searches of one position, sharing the budget.

A depth-first search (explicit stack; finds easy wins at once) and a best-first search
(fewest face-down cards, then fewest cards not home, first; finds the wins that
depth-first buries under a wrong early choice), both exact, in tandem: they share one
transposition table, so each position is searched once, and when both have run out of
positions the game is lost (``search.Tandem``). Where the talon is not free (draw three, limited passes) a third
member, with a ninth of the budget, is the ``relaxed`` draw-one search with every
talon card playable at any time: it allows at least every real line, so when even
that cannot win, the deal cannot; it only proves. Double Klondike's redeals shuffle,
so any talon card can be brought to the top at any time: there the real game is the
free talon's (``pruning.talon_always_free``), searched as draw one with unlimited
passes is.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...game import Move, Rules
from ...games.klondike import Klondike, KlondikePosition
from ...solver import Search, Solver, Verdict
from .line import engine_moves
from .moves import Model
from .pruning import Kind, pruning_for
from .search import EXHAUSTED, GAVE_UP, PAUSE_AFTER, PAUSED, TURN, WON, DepthFirst, Member, Portfolio, Tandem

# Budgets in nodes (positions expanded).
DAILY_BUDGET = 1_000
# Vegas's passes, under which every Klondike daily is proven (Rules.daily_proof_options):
# few candidates are won within them, and most of the time goes to those the search
# cannot settle, so each gets one quick depth-first search of a few positions. Over 2,400
# candidates of 40 dates, of those it won within 1,000 positions 60% needed at most 66
# (draw one) or 84 (draw three), and a budget of 60 needed the fewest positions per daily.
LIMITED_PASSES_DAILY_BUDGET = 60
DEFAULT_BUDGET = 150_000
# One deck, draw three (the command line's budget): deals 1-1000 left 2.9% unknown at
# 150,000 positions and 0.7% at 600,000 (of the 22 settled between, 11 lost: only an
# exhausted search settles those); an unknown deal costs about 100 s of CPU (2026-12-05).
DRAW_THREE_BUDGET = 600_000


def model_for(rules: Klondike, position: KlondikePosition, kind: Kind = "exact") -> Model:
    """The search's game from ``position``, for a search of ``kind`` (see ``pruning.Kind``)."""
    return Model(rules, position, pruning_for(rules, position, kind))


def portfolio_members(rules: Klondike, position: KlondikePosition, pause_after: int) -> list[Member]:
    """The searches of the portfolio: (search, its wins count, its exhaustion proves the
    game lost, nodes per turn); each pauses after ``pause_after`` moves in one call."""
    real = model_for(rules, position)
    # Sharing their tables, the two searched hard deals in 0.60 (draw one) and 0.57 (draw
    # three) times the positions they needed with tables of their own (2026-12-05).
    members: list[Member] = [(Tandem(real, real.node(position), pause_after=pause_after), True, True, 2 * TURN)]
    if not real.free_talon:
        # Draw three (or limited passes): the relaxed search proves many lost deals in
        # a small part of the positions the real search needs (draw three deal 494: 0
        # against 167,773), so it gets a ninth of the budget.
        relaxed = model_for(rules, position, "relaxed")
        members.append((DepthFirst(relaxed, relaxed.node(position), pause_after=pause_after), False, True, TURN // 4))
    return members


class KlondikeSearch(Search):
    """The search of one position: a portfolio of searches sharing the budget. The first
    win ends it; its line is turned into the engine's own moves by replaying it through
    ``rules.apply``, which also checks it: in slices too, a move for a node, since a line
    of Double Klondike runs to a thousand moves and more (in Pyodide, up to 200 ms)."""

    def __init__(self, rules: Klondike, position: KlondikePosition, budget: int, members: list[Member]) -> None:
        self.rules = rules
        self.position = position
        self.budget = budget
        self.verdict: Verdict | None = None
        self.search = Portfolio(members)
        # Once won: the line's moves still to come, and those so far.
        self.coming: Iterator[Move] | None = None
        self.line: list[Move] = []

    def run(self, nodes: int) -> Verdict | None:
        if self.verdict is not None:
            return self.verdict
        if self.coming is not None:
            return self.write_line(nodes)
        search = self.search
        outcome = search.run(min(nodes, max(self.budget - search.nodes, 0)))
        if outcome == PAUSED:
            return None
        if outcome == WON:
            assert search.line is not None
            self.coming = engine_moves(self.rules, self.position, search.line)
            return self.write_line(nodes)
        elif outcome == EXHAUSTED:
            self.verdict = Verdict("unwinnable", (), search.nodes)
        elif outcome == GAVE_UP or search.nodes >= self.budget:
            self.verdict = Verdict("unknown", (), search.nodes)
        return self.verdict

    def write_line(self, moves: int) -> Verdict | None:
        """Turn at most ``moves`` more moves of the won line into the engine's (at least
        one); the verdict once the line is whole."""
        assert self.coming is not None
        for _ in range(max(moves, 1)):
            move = next(self.coming, None)
            if move is None:
                self.verdict = Verdict("winnable", tuple(self.line), self.search.nodes)
                return self.verdict
            self.line.append(move)
        return None


class KlondikeSolver(Solver):
    """Klondike and Double Klondike: a portfolio of searches over K+ stock moves."""

    default_budget = DEFAULT_BUDGET
    daily_budget = DAILY_BUDGET
    # CPython's peak grew by 136 MB on draw three deal 12, which it leaves unknown, and by
    # 470 MB at 600,000 (2026-12-05): the page's analysis keeps the smaller budget, as a
    # worker's WebAssembly memory, once grown, never shrinks; its deep analysis, in a worker
    # it stops afterwards, searches what that leaves unknown with the larger one.
    analysis_budget = DEFAULT_BUDGET
    draw_three_budget = DRAW_THREE_BUDGET

    def __init__(self, rules: Rules[Any], pause_after: int = PAUSE_AFTER) -> None:
        """``pause_after``: how many of a node's moves a search looks at in one call before
        it pauses (``search.PAUSE_AFTER``; the tests pause after every move)."""
        super().__init__(rules)
        self.pause_after = pause_after
        if not isinstance(rules, Klondike):  # Double Klondike is one
            raise TypeError(f"the Klondike solver plays Klondike, not {rules.game_id}")
        self.klondike = rules
        if rules.decks == 1 and rules.draw == 3:
            self.default_budget = self.draw_three_budget
        # Within limited passes a daily's candidates get the quick proof search.
        self.quick_proofs = rules.max_redeals is not None
        if self.quick_proofs:
            self.daily_budget = LIMITED_PASSES_DAILY_BUDGET

    def start(self, position: Any, budget: int) -> Search:
        return KlondikeSearch(self.klondike, position, budget, portfolio_members(self.klondike, position, self.pause_after))

    def proof_search(self, position: Any) -> Search:
        """Within limited passes, one depth-first search of the ``quick`` kind (no dead-end
        tests, split runs on their own: at 60 positions they cost more than they save);
        else the portfolio."""
        if not self.quick_proofs:
            return super().proof_search(position)
        quick = model_for(self.klondike, position, "quick")
        return KlondikeSearch(
            self.klondike,
            position,
            self.daily_budget,
            [(DepthFirst(quick, quick.node(position), pause_after=self.pause_after), True, True, TURN)],
        )

    def never_free(self, position: Any) -> tuple[int, ...]:
        """The cards the stuck-card test finds can never leave (one deck), lowest rank first."""
        model = model_for(self.klondike, position)
        bits = model.dead_ends.never_free(model.node(position))
        cards = [card for card in range(52) if bits >> card & 1]
        return tuple(sorted(cards, key=lambda card: (card % 13, card // 13)))
