"""The words the page needs before the engine is up, from the engine's own tables.

    python tools/make_words.py OUTPUT

Writes OUTPUT (static/words.js, an ES module the page imports): the games', piles' and
options' names (py/solitaire/words.py) and each game's rule page (py/solitaire/rule_pages.py), in
English and German, and the defaults of options games gained later (OptionSpec.added_later). Python is their one home; the page draws the game picker, the first
table's labels and the rules dialog from this file before the engine has started.
Standard library and the engine only.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from solitaire.registry import GAMES, option_specs  # noqa: E402
from solitaire.rule_pages import RULE_PAGES  # noqa: E402
from solitaire.words import GAME_NAMES, OPTION_NAMES, PILE_NAMES  # noqa: E402

HEADER = "// static/words.js: made by tools/make_words.py (./build.sh) from py/solitaire/words.py and rule_pages.py. Do not edit.\n"


def module_text() -> str:
    """The module: one exported constant per table, as JSON."""
    for language, names in GAME_NAMES.items():
        if list(names) != list(GAMES):
            raise SystemExit(f"make_words: the {language} game names are not the registry's games, in its order")
    if list(RULE_PAGES) != list(GAMES):
        raise SystemExit("make_words: the rule pages are not the registry's games, in its order")
    # Options a game gained after players kept games of it, with their defaults: the page
    # leaves them out of its keys at their default (OptionSpec.added_later, static/saves.js).
    quiet = {game: {spec.name: spec.default for spec in option_specs(game) if spec.added_later} for game in GAMES}
    tables = {
        "GAME_NAMES": GAME_NAMES,
        "PILE_NAMES": PILE_NAMES,
        "OPTION_NAMES": OPTION_NAMES,
        "RULE_PAGES": RULE_PAGES,
        "QUIET_DEFAULTS": {game: names for game, names in quiet.items() if names},
    }
    return HEADER + "".join(f"export const {name} = {json.dumps(table, ensure_ascii=False)};\n" for name, table in tables.items())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", type=Path)
    arguments = parser.parse_args(argv)
    text = module_text()
    if not arguments.output.exists() or arguments.output.read_text(encoding="utf-8") != text:
        arguments.output.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
