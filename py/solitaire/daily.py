"""The daily deal: one deal per date, game and variant, the same for everyone, proven winnable.

Everything is computed on the player's machine, with no server. Candidate
number ``k`` of a day is the first eight bytes of SHA-256 over
``"YYYY-MM-DD|game|name=value,..."`` (only the options that change the cards,
such as Klondike's draw, sorted by name; ``"|k"`` appended for k >= 1), read
as a big-endian integer and reduced to 1 .. 2**31-1. The daily deal is the
first candidate that the game's solver proves winnable within its
``daily_budget`` of nodes; a node budget, not a time limit, so every machine
picks the same deal. Should no candidate of the first ``MAX_CANDIDATES`` be
proven (or the game have no solver), candidate 0 is the deal, unproven.

>>> candidate("klondike", {"draw": "1"}, "2026-11-29", 0) == candidate("klondike", {"draw": "1"}, "2026-11-29", 0)
True
"""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Mapping
from dataclasses import dataclass

from .game import MAX_DEAL, OptionError
from .registry import make_rules, option_specs
from .solver import Verdict, solver_for

MAX_CANDIDATES = 64


@dataclass(frozen=True, slots=True)
class Daily:
    """A day's deal and the solver's verdict on it (None when unproven)."""

    deal: int
    verdict: Verdict | None


def parse_date(text: str) -> datetime.date:
    """A calendar date written YYYY-MM-DD; anything else raises OptionError."""
    try:
        if len(text) != 10:
            raise ValueError
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise OptionError(f"not a date: {text!r} (write YYYY-MM-DD, e.g. 2026-11-29)") from None


def candidate(game_id: str, options: Mapping[str, str], date: str, index: int) -> int:
    """Candidate deal number ``index`` of the day."""
    day = parse_date(date).isoformat()
    variant = ",".join(
        f"{spec.name}={options.get(spec.name, spec.default)}"
        for spec in sorted(option_specs(game_id), key=lambda spec: spec.name)
        if spec.changes_deal
    )
    text = f"{day}|{game_id}|{variant}" + (f"|{index}" if index else "")
    digest = hashlib.sha256(text.encode()).digest()
    return int.from_bytes(digest[:8], "big") % MAX_DEAL + 1


def daily(game_id: str, options: Mapping[str, str], date: str) -> Daily:
    """The daily deal of ``date`` for this game and variant, with its proof."""
    rules = make_rules(game_id, options)
    first = candidate(game_id, rules.options, date, 0)
    try:
        solver = solver_for(rules)
    except LookupError:
        return Daily(first, None)
    for index in range(MAX_CANDIDATES):
        number = first if index == 0 else candidate(game_id, rules.options, date, index)
        verdict = solver.solve(rules.deal(number), solver.daily_budget)
        if verdict.status == "winnable":
            return Daily(number, verdict)
    return Daily(first, None)


def daily_deal(game_id: str, options: Mapping[str, str], date: str) -> int:
    """Just the deal number of the daily deal."""
    return daily(game_id, options, date).deal
