"""The daily deal: one deal number per date, game and variant, the same for everyone.

The number is computed on the player's machine, with no server: the first
eight bytes of SHA-256 over ``"YYYY-MM-DD|game|name=value,..."`` (only the
options that change the cards, such as Klondike's draw, sorted by name),
read as a big-endian integer, reduced to 1 .. 2**31-1.

>>> daily_deal("klondike", {"draw": "1"}, "2026-11-29") == daily_deal("klondike", {"draw": "1"}, "2026-11-29")
True
"""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Mapping

from .game import MAX_DEAL, OptionError
from .registry import option_specs


def parse_date(text: str) -> datetime.date:
    """A calendar date written YYYY-MM-DD; anything else raises OptionError."""
    try:
        if len(text) != 10:
            raise ValueError
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise OptionError(f"not a date: {text!r} (write YYYY-MM-DD, e.g. 2026-11-29)") from None


def daily_deal(game_id: str, options: Mapping[str, str], date: str) -> int:
    """The deal number of the daily game of ``date`` for this game and variant."""
    day = parse_date(date).isoformat()
    variant = ",".join(
        f"{spec.name}={options.get(spec.name, spec.default)}"
        for spec in sorted(option_specs(game_id), key=lambda spec: spec.name)
        if spec.changes_deal
    )
    digest = hashlib.sha256(f"{day}|{game_id}|{variant}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % MAX_DEAL + 1
