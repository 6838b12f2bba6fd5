"""The games of the collection, as an explicit list (no import side effects)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .game import OptionError, OptionSpec, Rules
from .games.double_klondike import DoubleKlondike
from .games.freecell import FreeCell
from .games.klondike import Klondike
from .games.pyramid import Pyramid
from .games.spider import Spider
from .games.tripeaks import TriPeaks

GAMES: dict[str, type[Any]] = {
    Klondike.game_id: Klondike,
    DoubleKlondike.game_id: DoubleKlondike,
    Spider.game_id: Spider,
    FreeCell.game_id: FreeCell,
    Pyramid.game_id: Pyramid,
    TriPeaks.game_id: TriPeaks,
}


def game_class(game_id: str) -> type[Any]:
    if game_id not in GAMES:
        raise OptionError(f"unknown game {game_id!r} (known: {', '.join(GAMES)})")
    return GAMES[game_id]


def option_specs(game_id: str) -> tuple[OptionSpec, ...]:
    specs: tuple[OptionSpec, ...] = game_class(game_id).option_specs
    return specs


def make_rules(game_id: str, options: Mapping[str, str] | None = None) -> Rules[Any]:
    """The rules of a game for these options (validated; bad ones raise OptionError)."""
    rules: Rules[Any] = game_class(game_id)(options or {})
    return rules
