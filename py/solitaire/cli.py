"""The command line, engine only (standard library).

    python -m solitaire deal GAME DEAL [--OPTION VALUE ...]
    python -m solitaire daily GAME YYYY-MM-DD [--OPTION VALUE ...]

prints the layout of a deal in the game's text notation. Bad arguments print
one line on stderr and exit with status 2.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from .daily import daily_deal
from .game import OptionError
from .registry import make_rules, option_specs

USAGE = "usage: python -m solitaire deal GAME DEAL [--option value ...] | daily GAME YYYY-MM-DD [--option value ...]"


class UsageError(ValueError):
    """Arguments the command line cannot use."""


def parse_options(game_id: str, words: Sequence[str]) -> dict[str, str]:
    """``--draw 3 --scoring vegas`` as a dict; names are checked by the game."""
    known = {spec.name for spec in option_specs(game_id)}
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


def parse_deal(text: str) -> int:
    if not text.isdigit():
        raise UsageError(f"the deal number must be a whole number, not {text!r}")
    return int(text)


def run(arguments: Sequence[str]) -> str:
    if len(arguments) < 3 or arguments[0] not in ("deal", "daily"):
        raise UsageError(USAGE)
    command, game_id, which, *rest = arguments
    rules = make_rules(game_id, parse_options(game_id, rest))
    if command == "daily":
        number = daily_deal(game_id, rules.options, which)
        # The deal number comes first, as a comment line, so the daily can be replayed with `deal`.
        return f"# {game_id} daily deal of {which}: deal {number}\n" + rules.text_layout(rules.deal(number))
    # Nothing but the layout, so other programs can read it (FreeCell: Freecell Solver's format).
    return rules.text_layout(rules.deal(parse_deal(which)))


def main(arguments: Sequence[str]) -> int:
    try:
        print(run(arguments))
    except (UsageError, OptionError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0
