"""The names the player reads have one home, the engine's tables (py/solitaire/words.py and
rule_pages.py); the page gets them from static/words.js and static/rule-pages.js, which the build
writes from them."""

from __future__ import annotations

import itertools
import json
import re
import sys

from conftest import ROOT
from solitaire.game import PILE_CODES
from solitaire.registry import GAMES, make_rules, option_specs
from solitaire.rule_pages import PLAYING, RULE_PAGES
from solitaire.texts import GERMAN_PILES, german_pile
from solitaire.words import GAME_NAMES, OPTION_NAMES, PILE_NAMES

sys.path.insert(0, str(ROOT / "tools"))
from make_words import module_text, rule_pages_text  # noqa: E402

LANGUAGES = ("en", "de")


def test_every_game_has_its_names_and_rule_pages() -> None:
    for language in LANGUAGES:
        assert list(GAME_NAMES[language]) == list(GAMES)
        assert all(GAME_NAMES[language].values())
    assert list(RULE_PAGES) == list(GAMES)
    for game, pages in RULE_PAGES.items():
        for language in LANGUAGES:
            blocks = pages[language]
            assert len(blocks) >= 3, (game, language)
            assert all(len(block) >= 2 and all(block) for block in blocks), (game, language)  # a heading and a paragraph or more
        assert len(pages["en"]) == len(pages["de"]), game  # the same sections in both
    # How the page is played, shown after every game's page: the same sections in both languages.
    assert [len(block) for block in PLAYING["en"]] == [len(block) for block in PLAYING["de"]]
    assert all(len(block) >= 2 and all(block) for block in PLAYING["en"] + PLAYING["de"])


def test_every_pile_of_every_game_has_a_name() -> None:
    kinds = set()
    for game in GAMES:
        specs = option_specs(game)
        for values in itertools.product(*(spec.choices for spec in specs)):
            rules = make_rules(game, dict(zip((spec.name for spec in specs), values)))
            kinds |= {slot.name.partition("-")[0] for slot in rules.slots()}
    for language in LANGUAGES:
        assert kinds <= set(PILE_NAMES[language]), (language, kinds - set(PILE_NAMES[language]))
    # The engine's German messages name piles as the page does.
    assert german_pile("tableau-3") == f"{PILE_NAMES['de']['tableau']} 3" and GERMAN_PILES["stock"] == PILE_NAMES["de"]["stock"]


def test_every_option_and_value_of_every_game_has_its_name() -> None:
    for language in LANGUAGES:
        for game in GAMES:
            for spec in option_specs(game):
                legend, values = OPTION_NAMES[language][spec.name]
                assert legend and set(spec.choices) <= set(values), (language, game, spec.name)
                assert all(values[choice] for choice in spec.choices)
        assert set(OPTION_NAMES[language]) == set(OPTION_NAMES["en"])


def test_the_page_reads_the_engines_words() -> None:
    """static/words.js and static/rule-pages.js are what the build writes from these tables (run
    ./build.sh after a change), and no other page file names a game: the picker, the statistics
    and the rules use them."""
    assert (ROOT / "static" / "words.js").read_text(encoding="utf-8") == module_text()
    assert (ROOT / "static" / "rule-pages.js").read_text(encoding="utf-8") == rule_pages_text()
    names = {name for language in LANGUAGES for name in GAME_NAMES[language].values()}
    for path in sorted((ROOT / "static").glob("*.js")):
        if path.name in ("words.js", "rule-pages.js"):
            continue
        quoted = set(re.findall(r'"([^"\n]+)"', path.read_text(encoding="utf-8")))
        assert not quoted & names, (path.name, quoted & names)


def test_the_rule_pages_are_not_part_of_the_start() -> None:
    """words.js, which every start loads, carries no rule page; rule-pages.js carries them all, and
    only the rules dialog asks for it, with a dynamic import (tests/test_browser_rules.py: once the
    page is idle, or when the dialog opens first): no module imports it statically and the HTML
    does not preload it."""
    words = (ROOT / "static" / "words.js").read_text(encoding="utf-8")
    assert "RULE_PAGES" not in words
    pages = (ROOT / "static" / "rule-pages.js").read_text(encoding="utf-8")
    for game, languages in RULE_PAGES.items():
        for language, blocks in languages.items():
            paragraph = json.dumps(blocks[0][1], ensure_ascii=False)
            assert paragraph not in words and paragraph in pages, (game, language)
    assert "rule-pages.js" not in (ROOT / "index.html").read_text(encoding="utf-8")
    for path in sorted((ROOT / "static").glob("*.js")):
        source = path.read_text(encoding="utf-8")
        assert not re.search(r'^import [^;]*"\./rule-pages\.js"', source, re.M), path.name
        if path.name == "rules.js":
            assert 'import("./rule-pages.js")' in source


def test_every_kind_of_pile_has_a_code_of_its_own() -> None:
    """The move notation's pile codes come from the kinds words.py names: one letter each, no two alike."""
    assert set(PILE_CODES) == set(PILE_NAMES["en"]) == set(PILE_NAMES["de"])
    assert len(set(PILE_CODES.values())) == len(PILE_CODES)
    assert all(len(code) == 1 and code.isascii() and code.islower() for code in PILE_CODES.values())
