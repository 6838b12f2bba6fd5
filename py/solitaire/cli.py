"""The command line, engine only (standard library).

    python -m solitaire deal GAME DEAL [--OPTION VALUE ...]
    python -m solitaire daily GAME YYYY-MM-DD [--OPTION VALUE ...]
    python -m solitaire solve GAME DEAL [--OPTION VALUE ...] [--budget NODES]

``deal`` and ``daily`` print the layout of a deal in the game's text
notation. ``solve`` prints ``winnable``, ``unwinnable`` or ``unknown``, then
for a winnable deal the moves of a winning line, one per line, in the move
notation. Bad arguments print one line on stderr and exit with status 2.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence

from .daily import daily
from .difficulty import rating
from .game import MAX_DEAL, MIN_DEAL, OptionError, move_notation
from .registry import make_rules, option_specs
from .solver import solver_for

USAGE = (
    "usage: python -m solitaire deal GAME DEAL [--option value ...]"
    " | daily GAME YYYY-MM-DD [--option value ...]"
    " | solve GAME DEAL [--option value ...] [--budget NODES]"
)


class UsageError(ValueError):
    """Arguments the command line cannot use."""


def parse_options(game_id: str, words: Sequence[str], extra: Sequence[str] = ()) -> dict[str, str]:
    """``--draw 3 --scoring vegas`` as a dict; names are checked by the game (and ``extra``)."""
    known = {spec.name for spec in option_specs(game_id)} | set(extra)
    options: dict[str, str] = {}
    rest = list(words)
    while rest:
        word = rest.pop(0)
        name, has_value, value = word.removeprefix("--").partition("=")
        if not word.startswith("--") or name not in known:
            raise UsageError(f"unknown argument {word!r} for {game_id} (options: {', '.join('--' + n for n in sorted(known))})")
        if not has_value:
            if not rest:
                raise UsageError(f"--{name} needs a value")
            value = rest.pop(0)
        options[name] = value
    return options


# Only ASCII digits: str.isdigit() also takes "²" and "١٢", which int() refuses or reads.
# A bounded length keeps int() from its limit on long digit strings (4,300 digits).
ASCII_NUMBER = re.compile(r"[0-9]{1,12}")
MAX_BUDGET = 10**12 - 1


def parse_deal(text: str) -> int:
    if not ASCII_NUMBER.fullmatch(text):
        raise UsageError(f"the deal number must be a whole number from {MIN_DEAL} to {MAX_DEAL}, not {shown(text)}")
    return int(text)  # the game checks the range


def parse_budget(text: str) -> int:
    if not ASCII_NUMBER.fullmatch(text) or int(text) < 1:
        raise UsageError(f"the budget must be a whole number of nodes from 1 to {MAX_BUDGET}, not {shown(text)}")
    return int(text)


def shown(text: str) -> str:
    """An argument quoted for a one-line message, cut short if it is long."""
    return repr(text if len(text) <= 40 else text[:37] + "...")


def solve(game_id: str, which: str, words: Sequence[str]) -> str:
    options = parse_options(game_id, words, extra=["budget"])
    budget_text = options.pop("budget", None)
    rules = make_rules(game_id, options)
    number = parse_deal(which)
    try:
        solver = solver_for(rules)
    except LookupError as error:
        raise UsageError(str(error)) from None
    budget = solver.default_budget if budget_text is None else parse_budget(budget_text)
    verdict = solver.solve(rules.deal(number), budget)
    return "\n".join([verdict.status, *(move_notation(move) for move in verdict.moves)])


def run(arguments: Sequence[str]) -> str:
    if len(arguments) < 3 or arguments[0] not in ("deal", "daily", "solve"):
        raise UsageError(USAGE)
    command, game_id, which, *rest = arguments
    if command == "solve":
        return solve(game_id, which, rest)
    rules = make_rules(game_id, parse_options(game_id, rest))
    if command == "daily":
        day = daily(game_id, rules.options, which)
        proof = "unproven" if day.verdict is None else f"proven winnable, {rating(game_id, rules.options, day.verdict)}"
        # The deal number comes first, as a comment line, so the daily can be replayed with `deal`.
        return f"# {game_id} daily deal of {which}: deal {day.deal} ({proof})\n" + rules.text_layout(rules.deal(day.deal))
    # Nothing but the layout, so other programs can read it (FreeCell: Freecell Solver's format).
    return rules.text_layout(rules.deal(parse_deal(which)))


def main(arguments: Sequence[str]) -> int:
    try:
        print(run(arguments))
    except (UsageError, OptionError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0
