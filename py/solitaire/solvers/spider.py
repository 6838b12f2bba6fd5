"""Spider solver: depth-first search with move ordering and a transposition table.

Placeholder docstring; rewritten below once the design settles.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import rank, suit
from ..game import Move
from ..games.spider import COLUMNS, DEAL_MOVE, FOUNDATIONS, TABLEAU, SpiderPosition
from ..solver import Search, Solver, Verdict

# A card of the search: suit * 16 + rank (rank 1 = Ace .. 13 = King), so a
# card lies on its same-suit successor exactly when ``lower == upper - 1``,
# and ``code & 15`` is its rank. Codes stay below 64; 255 separates columns in keys.
SEPARATOR = 255
KING_TO_ACE = tuple(bytes(s * 16 + r for r in range(13, 0, -1)) for s in range(4))


def code(card: int) -> int:
    return suit(card) * 16 + rank(card)


# A search state: face-up cards of each column (bytes, bottom first), face-down
# counts (bytes), deals left, runs removed.
State = tuple[tuple[bytes, ...], bytes, int, int]
# A move of the search: (priority, source, target, count); target -1 is a deal.
SearchMove = tuple[int, int, int, int]


@dataclass(slots=True)
class Frame:
    state: State
    moves: list[SearchMove]
    next: int
    move: SearchMove | None  # the move that led here


class SpiderSearch(Search):
    def __init__(self, position: SpiderPosition, budget: int) -> None:
        self.budget = budget
        self.nodes = 0
        self.hidden = tuple(
            bytes(code(c) for c in column[:down]) for column, down in zip(position.tableau, position.hidden)
        )
        deals = len(position.stock) // COLUMNS
        # deal_cards[d]: the cards dealt (tableau-1 first) when d deals are left.
        self.deal_cards: list[bytes] = [b""]
        for left in range(1, deals + 1):
            chunk = position.stock[(left - 1) * COLUMNS : left * COLUMNS]
            self.deal_cards.append(bytes(code(c) for c in reversed(chunk)))
        runs = sum(1 for f in position.foundations if f)
        cols = tuple(bytes(code(c) for c in column[down:]) for column, down in zip(position.tableau, position.hidden))
        self.root: State = (cols, bytes(position.hidden), deals, runs)
        self.seen: set[bytes] = set()
        self.stack: list[Frame] = []
        self.verdict: Verdict | None = None
        if runs == FOUNDATIONS:
            self.verdict = Verdict("winnable", (), 0)
        else:
            self.seen.add(self.key(self.root))
            self.push(self.root, None)

    # -- state -----------------------------------------------------------------

    def key(self, state: State) -> bytes:
        cols, down, deals, _ = state
        if deals:
            return down + bytes((deals, SEPARATOR)) + b"\xff".join(cols)
        reps = sorted(bytes((64 + i, d)) + col if d else col for i, (d, col) in enumerate(zip(down, cols)))
        return b"\xff".join(reps)

    def apply(self, state: State, source: int, target: int, count: int) -> State:
        cols_t, down_t, deals, runs = state
        cols = list(cols_t)
        down = down_t
        if target < 0:
            cards = self.deal_cards[deals]
            deals -= 1
            changed = False
            for i in range(COLUMNS):
                column = cols[i] + cards[i : i + 1]
                if cards[i] & 15 == 1 and len(column) >= 13 and column[-13:] == KING_TO_ACE[cards[i] >> 4]:
                    column = column[:-13]
                    runs += 1
                    if not column and down[i]:
                        if not changed:
                            down = bytearray(down)  # type: ignore[assignment]
                            changed = True
                        down[i] -= 1  # type: ignore[index]
                        column = self.hidden[i][down[i] : down[i] + 1]
                cols[i] = column
            return tuple(cols), bytes(down), deals, runs
        column = cols[source]
        moving = column[-count:]
        rest = column[:-count]
        if not rest and down[source]:
            down = bytearray(down)  # type: ignore[assignment]
            down[source] -= 1  # type: ignore[index]
            rest = self.hidden[source][down[source] : down[source] + 1]
        cols[source] = rest
        column = cols[target] + moving
        top = column[-1]
        if top & 15 == 1 and len(column) >= 13 and column[-13:] == KING_TO_ACE[top >> 4]:
            column = column[:-13]
            runs += 1
            if not column and down[target]:
                if not isinstance(down, bytearray):
                    down = bytearray(down)  # type: ignore[assignment]
                down[target] -= 1  # type: ignore[index]
                column = self.hidden[target][down[target] : down[target] + 1]
        cols[target] = column
        return tuple(cols), bytes(down), deals, runs

    def moves(self, state: State) -> list[SearchMove]:
        cols, down, deals, _ = state
        empty = [i for i in range(COLUMNS) if not cols[i]]
        by_rank: list[list[int]] = [[] for _ in range(15)]
        for i in range(COLUMNS):
            if cols[i]:
                by_rank[cols[i][-1] & 15].append(i)
        result: list[SearchMove] = []
        for s in range(COLUMNS):
            column = cols[s]
            n = len(column)
            if not n:
                continue
            k = 1
            while True:
                base = column[n - k]
                r = base & 15
                whole = k == n
                suited_parent = not whole and column[n - k - 1] == base + 1
                reveal = whole and down[s] > 0
                for t in by_rank[r + 1]:
                    target_top = cols[t][-1]
                    if target_top == base + 1:  # suited join
                        if suited_parent:
                            p = -500
                        else:
                            p = 3000
                        top = column[-1]
                        if top & 15 == 1:
                            # completes a run when the target's suited run is long enough
                            tc = cols[t]
                            m = len(tc) - 1
                            length = 1
                            while m > 0 and tc[m - 1] == tc[m] + 1:
                                m -= 1
                                length += 1
                            if length + k >= 13:
                                p = 10000
                    else:
                        if suited_parent:
                            p = -3000
                        else:
                            p = -1000
                    if reveal:
                        p += 5000
                    elif whole:
                        p += 4000
                    result.append((p, s, t, k))
                if empty and not (whole and not down[s]):
                    if reveal:
                        p = 2000
                    elif suited_parent:
                        p = -4000
                    else:
                        p = -2000
                    for t in empty:
                        result.append((p, s, t, k))
                if whole or not suited_parent:
                    break
                k += 1
        if deals and not empty:
            result.append((0, -1, -1, COLUMNS))
        result.sort(key=lambda m: -m[0])
        return result

    # -- search ------------------------------------------------------------------

    def push(self, state: State, move: SearchMove | None) -> None:
        self.nodes += 1
        self.stack.append(Frame(state, self.moves(state), 0, move))

    def line(self, last: SearchMove) -> tuple[Move, ...]:
        moves = [frame.move for frame in self.stack[1:]] + [last]
        return tuple(
            DEAL_MOVE if m[1] < 0 else Move(TABLEAU[m[1]], TABLEAU[m[2]], m[3]) for m in moves if m is not None
        )

    def run(self, nodes: int) -> Verdict | None:
        if self.verdict is not None:
            return self.verdict
        limit = min(self.budget, self.nodes + nodes)
        stack = self.stack
        seen = self.seen
        while stack:
            frame = stack[-1]
            if frame.next >= len(frame.moves):
                stack.pop()
                continue
            move = frame.moves[frame.next]
            frame.next += 1
            child = self.apply(frame.state, move[1], move[2], move[3])
            if child[3] == FOUNDATIONS:
                self.verdict = Verdict("winnable", self.line(move), self.nodes)
                return self.verdict
            key = self.key(child)
            if key in seen:
                continue
            if self.nodes >= limit:
                frame.next -= 1
                if self.nodes >= self.budget:
                    self.verdict = Verdict("unknown", (), self.nodes)
                    return self.verdict
                return None
            seen.add(key)
            self.push(child, move)
        self.verdict = Verdict("unwinnable", (), self.nodes)
        return self.verdict


class SpiderSolver(Solver):
    def start(self, position: Any, budget: int) -> Search:
        return SpiderSearch(position, budget)
