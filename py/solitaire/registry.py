"""The games of the collection, as an explicit list (no import side effects).

Each game's module is imported only when the game is first used: the page
starts faster when it compiles only the game it opens.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from .game import OptionError, OptionSpec, Rules
from .texts import Reason

# Game id -> (module, class), in the order the page lists them.
GAMES: dict[str, tuple[str, str]] = {
    "klondike": ("solitaire.games.klondike", "Klondike"),
    "double-klondike": ("solitaire.games.double_klondike", "DoubleKlondike"),
    "spider": ("solitaire.games.spider", "Spider"),
    "freecell": ("solitaire.games.freecell", "FreeCell"),
    "pyramid": ("solitaire.games.pyramid", "Pyramid"),
    "tripeaks": ("solitaire.games.tripeaks", "TriPeaks"),
}


def game_class(game_id: str) -> type[Any]:
    if game_id not in GAMES:
        raise OptionError(Reason.UNKNOWN_GAME, text=game_id, list=list(GAMES))
    module, name = GAMES[game_id]
    found: type[Any] = getattr(importlib.import_module(module), name)
    return found


def option_specs(game_id: str) -> tuple[OptionSpec, ...]:
    specs: tuple[OptionSpec, ...] = game_class(game_id).option_specs
    return specs


def make_rules(game_id: str, options: Mapping[str, str] | None = None) -> Rules[Any]:
    """The rules of a game for these options (validated; bad ones raise OptionError)."""
    rules: Rules[Any] = game_class(game_id)(options or {})
    return rules
