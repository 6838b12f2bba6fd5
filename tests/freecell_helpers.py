"""Building FreeCell tables from card text, and talking to Freecell Solver, for the tests."""

from __future__ import annotations

import re
import shutil
import subprocess

from solitaire.card_notation import parse_card
from solitaire.cards import card_text, suit
from solitaire.game import Move
from solitaire.games.freecell import FreeCell, FreeCellPosition

MAKE_BOARD = shutil.which("make-microsoft-freecell-board")
FC_SOLVE = shutil.which("fc-solve")


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(word) for word in text.split())


def table(
    *columns: str,
    cells: tuple[str, ...] = (),
    foundations: tuple[str, ...] = (),
) -> FreeCellPosition:
    """A (partial) table: missing columns, cells and foundations are empty; '-' is an empty cell."""
    padded = list(columns) + [""] * (8 - len(columns))
    held = [None if text in ("", "-") else parse_card(text) for text in cells]
    return FreeCellPosition(
        tableau=tuple(cards(column) for column in padded),
        cells=tuple(held + [None] * (4 - len(held))),
        foundations=tuple(cards(f) for f in foundations) + ((),) * (4 - len(foundations)),
    )


def microsoft_board(number: int) -> str:
    """What ``make-microsoft-freecell-board -t NUMBER`` prints (the tool must exist)."""
    assert MAKE_BOARD is not None
    return subprocess.run([MAKE_BOARD, "-t", str(number)], capture_output=True, text=True, check=True).stdout


SOLVER_MOVE = re.compile(
    r"^Move (?:a card|(?P<count>\d+) cards) from (?P<source>stack|freecell) (?P<source_index>\d+)"
    r" to (?:(?P<target>stack|freecell) (?P<target_index>\d+)|the foundations)$"
)


def board_of(position: FreeCellPosition) -> str:
    """A table in fc-solve's board format: the foundations by suit, the free cells, a line a column."""
    heights = {suit(pile[0]): len(pile) for pile in position.foundations if pile}
    foundations = " ".join(f"{letter}-{heights.get('CDHS'.index(letter), 0)}" for letter in "HCDS")
    cells = " ".join("-" if card is None else card_text(card) for card in position.cells)
    columns = [" ".join(card_text(card) for card in column) for column in position.tableau]
    return "\n".join([f"Foundations: {foundations}", f"Freecells: {cells}", *columns])


def solve(board: str) -> list[str] | None:
    """fc-solve's moves for a board (its own wording, one per line), or None if it finds none."""
    assert FC_SOLVE is not None
    result = subprocess.run([FC_SOLVE, "-m", "-"], input=board + "\n", capture_output=True, text=True, timeout=60)
    if "This game is solveable." not in result.stdout:
        return None
    return [line for line in result.stdout.splitlines() if line.startswith("Move")]


FC_SOLVE_ITERATIONS = 200_000  # its own budget: its plain search may not settle a board ours does


def verdict_of(board: str, variant: tuple[str, ...]) -> str:
    """fc-solve's verdict on a board: "winnable", "unwinnable" (it searched every position),
    or "unknown" (its budget ran out); anything else, a board it cannot read, fails.
    ``variant``: its flags for the game (``-g eight_off``)."""
    assert FC_SOLVE is not None
    command = [FC_SOLVE, *variant, "--max-iters", str(FC_SOLVE_ITERATIONS), "--show-exceeded-limits", "-"]
    result = subprocess.run(command, input=board + "\n", capture_output=True, text=True, timeout=60)
    if "This game is solveable." in result.stdout:
        return "winnable"
    if "Iterations count exceeded." in result.stdout:
        return "unknown"
    assert "I could not solve this game." in result.stdout, result.stdout[-300:] + result.stderr[-300:]
    return "unwinnable"


def solver_move(rules: FreeCell, position: FreeCellPosition, line: str) -> Move:
    """Our move for one of fc-solve's lines (0-based stacks and freecells).

    An Ace goes to the last empty foundation, so the foundations fill in an
    order other than fc-solve's H C D S and the Foundations line is tested
    in that order too.
    """
    found = SOLVER_MOVE.match(line)
    if not found:
        raise ValueError(f"unknown fc-solve move: {line!r}")
    kind = {"stack": "tableau", "freecell": "cell"}
    source = f"{kind[found['source']]}-{int(found['source_index']) + 1}"
    if found["target"]:
        target = f"{kind[found['target']]}-{int(found['target_index']) + 1}"
    else:
        card = rules.pile_cards(position, source)[-1]
        same_suit = [i for i, f in enumerate(position.foundations) if f and suit(f[0]) == suit(card)]
        empty = [i for i, f in enumerate(position.foundations) if not f]
        target = f"foundation-{(same_suit or empty[-1:])[0] + 1}"
    return Move(source, target, int(found["count"] or 1))
