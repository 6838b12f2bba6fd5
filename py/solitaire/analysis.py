"""The live "still winnable?" analysis of a game in progress, and hints.

An ``Analyst`` keeps one resumable search for the position on the table and
remembers every verdict it has reached, so undo and redo answer at once. A
winning line stays known while the player follows it: after its first move
the rest of the line wins the next position. Searches are bounded by nodes,
as every solver is; the page runs them in small slices between frames.

The page's analysis keeps to the solver's ``analysis_budget``: the engine's
memory stays the page's for the whole visit (WebAssembly memory never
shrinks). Where the command line's budget is larger (Klondike draw three,
FreeCell), a position the analysis leaves unknown can be searched again by a
*deep* analyst in a worker of its own, which the page ends with its search;
its verdict comes back through ``learn``.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Literal

from .game import IllegalMove, Move, Rules
from .solver import Search, Solver, Verdict, solver_for
from .texts import Reason

REMEMBERED = 2_000  # verdicts kept (positions are small; undo walks back through them)

# One object per distinct move across all remembered winning lines: a solver builds a
# new Move for every step of every line it finds, and a game's lines are mostly the
# same few hundred moves, so sharing them keeps a line at a pointer per move.
SHARED_MOVES: dict[Move, Move] = {}

HintKind = Literal["winning", "promising", "stock", "none"]


@dataclass(frozen=True, slots=True)
class Hint:
    """What to play next: a move of a winning line, a promising move, the stock, or nothing."""

    kind: HintKind
    move: Move | None


class Analyst:
    """Verdicts and hints for the positions of one game."""

    def __init__(self, rules: Rules[Any], deep: bool = False) -> None:
        """``deep``: search with the command line's budget where it is larger than the analysis budget."""
        self.rules = rules
        self.solver: Solver | None
        try:
            self.solver = solver_for(rules)
        except LookupError:
            self.solver = None
        self.budget = 0  # the nodes of each search
        # The progress counts across the page's analysis and the deep one that may follow it,
        # so that the page's "Checking… 20%" goes on from where the first search stopped.
        self.total = 0  # the nodes the progress counts up to
        self.offset = 0  # the nodes counted before this analysis's searches
        if self.solver is not None:
            analysis = self.solver.analysis_budget
            deeper = max(analysis, self.solver.default_budget)
            self.budget = deeper if deep else analysis
            self.total = analysis + deeper if deeper > analysis else analysis
            self.offset = analysis if deep and deeper > analysis else 0
        self.verdicts: OrderedDict[Any, Verdict] = OrderedDict()
        self.searching: tuple[Any, Search] | None = None
        self.spent = 0  # nodes given to the search in progress (a slice uses all it is given unless the search ends)

    def verdict(self, position: Any) -> Verdict | None:
        """The verdict on a position, if the analysis has reached one."""
        return self.verdicts.get(position)

    def remember(self, position: Any, verdict: Verdict) -> None:
        if verdict.moves:
            verdict = Verdict(verdict.status, tuple(SHARED_MOVES.setdefault(move, move) for move in verdict.moves), verdict.nodes)
        self.verdicts[position] = verdict
        self.verdicts.move_to_end(position)
        while len(self.verdicts) > REMEMBERED:
            self.verdicts.popitem(last=False)

    def work(self, position: Any, nodes: int) -> Verdict | None:
        """Search ``position`` for at most ``nodes`` more nodes; its verdict once there is one."""
        if (known := self.verdict(position)) is not None or self.solver is None:
            return known
        if self.searching is None or self.searching[0] != position:
            self.searching = (position, self.solver.start(position, self.budget))
            self.spent = 0
        verdict = self.searching[1].run(nodes)
        self.spent += nodes
        if verdict is not None:
            self.remember(position, verdict)
            self.searching = None
        return verdict

    def progress(self, position: Any) -> float | None:
        """How far the search of ``position`` has gone (0 to 1), while it runs: through its
        budget, and where a deep analysis may follow, through both searches' budgets."""
        if self.solver is None:
            return None
        if self.searching is not None and self.searching[0] == position:
            return min((self.offset + self.spent) / self.total, 1.0)
        if self.deeper(position):  # where a deep analysis goes on from
            return self.solver.analysis_budget / self.total
        return None

    def deeper(self, position: Any) -> bool:
        """Whether a deep analysis could settle a position this one left unknown (an
        unknown verdict's nodes are the budget its search had)."""
        known = self.verdict(position)
        return self.solver is not None and known is not None and known.status == "unknown" and known.nodes < self.solver.default_budget

    def learn(self, position: Any, verdict: Verdict) -> None:
        """Take a deep analysis's verdict on ``position``. A winning line must win from it
        (else IllegalMove, and nothing changes); a settled verdict, or an unknown one of a
        search as long, stays as it is."""
        if verdict.status == "winnable":
            end = position
            for move in verdict.moves:
                end = self.rules.apply(end, move)
            if not self.rules.is_won(end):
                raise IllegalMove(Reason.LINE_DOES_NOT_WIN)
        known = self.verdict(position)
        if known is None or (known.status == "unknown" and (verdict.status != "unknown" or verdict.nodes > known.nodes)):
            self.remember(position, verdict)
            if self.searching is not None and self.searching[0] == position:
                self.searching = None  # settled: the search and its memory can go

    def played(self, before: Any, turn: tuple[Move, ...], after: Any) -> None:
        """A turn was played: if it began a known winning line, the rest of the line wins ``after``."""
        known = self.verdict(before)
        if known is None or known.status != "winnable" or known.moves[: len(turn)] != turn:
            return
        self.remember(after, Verdict("winnable", known.moves[len(turn) :], 0))

    def hint(self, position: Any) -> Hint:
        """The next move of a known winning line; else the most promising card move;
        else the stock (draw or redeal); else nothing."""
        known = self.verdict(position)
        if known is not None and known.status == "winnable" and known.moves:
            return Hint("winning", known.moves[0])
        moves = self.rules.legal_moves(position)
        card_moves = [move for move in moves if "stock" not in (move.source, move.target)]
        if card_moves:
            return Hint("promising", max(card_moves, key=lambda move: self.promise(position, move)))
        stock = [move for move in moves if "stock" in (move.source, move.target)]
        return Hint("stock", stock[0]) if stock else Hint("none", None)

    def promise(self, position: Any, move: Move) -> tuple[int, int, int]:
        """How good a move looks without search: cards it brings home, cards it
        turns face up or frees, and (last) a preference for moving fewer cards."""
        after = self.rules.apply(position, move)
        return (
            home_cards(self.rules, after) - home_cards(self.rules, position),
            visible_cards(self.rules, after) - visible_cards(self.rules, position),
            -move.count,
        )


def home_cards(rules: Rules[Any], position: Any) -> int:
    """Cards on foundations (the removed cards, in games that remove them)."""
    return sum(len(pile.cards) for pile in rules.piles(position) if pile.name.startswith("foundation"))


def visible_cards(rules: Rules[Any], position: Any) -> int:
    """Face-up, unlocked cards outside the stock: what the player can work with."""
    return sum(
        1 for pile in rules.piles(position) if pile.name != "stock" for up, locked in zip(pile.face_up, pile.locked) if up and not locked
    )
