"""The words the page needs before the engine is up, and the rule pages, from the engine's own tables.

    python tools/make_words.py WORDS RULE_PAGES

Writes WORDS (static/words.js, an ES module the page imports as it starts): the games', piles'
and options' names (py/solitaire/words.py) in English and German, and the defaults of options
games gained later (OptionSpec.added_later). Python is their one home; the page draws the game
picker and the first table's labels from this file before the engine has started.

Writes RULE_PAGES (static/rule-pages.js, an ES module of its own): each game's rule page, and
how the page is played (py/solitaire/rule_pages.py), in English and German. Only the rules dialog reads them (static/rules.js
imports the module once the page is ready and idle, or when the dialog first opens), so they are
not among the files a start waits for.
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
from solitaire.rule_pages import PLAYING, RULE_PAGES  # noqa: E402
from solitaire.words import GAME_NAMES, OPTION_NAMES, PILE_NAMES  # noqa: E402

HEADER = "// static/words.js: made by tools/make_words.py (./build.sh) from py/solitaire/words.py. Do not edit.\n"
RULE_PAGES_HEADER = "// static/rule-pages.js: made by tools/make_words.py (./build.sh) from py/solitaire/rule_pages.py. Do not edit.\n"


def exports(header: str, tables: dict[str, object]) -> str:
    """An ES module: the header, then one exported constant per table, as JSON."""
    return header + "".join(f"export const {name} = {json.dumps(table, ensure_ascii=False)};\n" for name, table in tables.items())


def module_text() -> str:
    """static/words.js: the names, and the options' quiet defaults."""
    for language, names in GAME_NAMES.items():
        if list(names) != list(GAMES):
            raise SystemExit(f"make_words: the {language} game names are not the registry's games, in its order")
    # Options a game gained after players kept games of it, with their defaults: the page
    # leaves them out of its keys at their default (OptionSpec.added_later, static/saves.js).
    quiet = {game: {spec.name: spec.default for spec in option_specs(game) if spec.added_later} for game in GAMES}
    tables = {
        "GAME_NAMES": GAME_NAMES,
        "PILE_NAMES": PILE_NAMES,
        "OPTION_NAMES": OPTION_NAMES,
        "QUIET_DEFAULTS": {game: names for game, names in quiet.items() if names},
    }
    return exports(HEADER, tables)


def rule_pages_text() -> str:
    """static/rule-pages.js: every game's rule page, and how the page is played."""
    if list(RULE_PAGES) != list(GAMES):
        raise SystemExit("make_words: the rule pages are not the registry's games, in its order")
    return exports(RULE_PAGES_HEADER, {"RULE_PAGES": RULE_PAGES, "PLAYING": PLAYING})


def write(path: Path, text: str) -> None:
    """Write the file only when it changes (its mtime then stays, and a browser revalidating gets a 304)."""
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("words", type=Path, help="static/words.js")
    parser.add_argument("rule_pages", type=Path, help="static/rule-pages.js")
    arguments = parser.parse_args(argv)
    write(arguments.words, module_text())
    write(arguments.rule_pages, rule_pages_text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
