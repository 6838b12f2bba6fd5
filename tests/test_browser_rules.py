"""The rules dialog: the page of the game on the table, in English and German, then the keys.

The rule pages are a module of their own (static/rule-pages.js, made by the build from
py/solitaire/rule_pages.py): no start waits for it, the page fetches it once it is ready and idle,
and a dialog opened before it has come says it is coming, then shows the page; if it cannot come,
the dialog says so in words. (Offline: tests/test_browser_offline.py; that words.js no longer
carries the pages: tests/test_words.py.)"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from conftest import PageWatch
from page_helpers import READY, RULES_AFTER, open_page, settled
from playwright.sync_api import expect
from solitaire.registry import GAMES
from solitaire.rule_pages import RULE_PAGES
from solitaire.words import GAME_NAMES
from test_browser_early_input import first_table, hold_the_engine, release

pytestmark = pytest.mark.browser

RULE_PAGES_JS = "**/static/rule-pages.js"
TITLES = {"en": "{}: How to play", "de": "{}: So wird gespielt"}
COMING = "Loading the rules…"
FAILED = {
    "en": "The rules could not load. Check your connection, then open them again or reload the page.",
    "de": "Die Regeln konnten nicht geladen werden. Prüfe die Verbindung, dann öffne sie erneut oder lade die Seite neu.",
}


def shows_the_page_of(page: Any, game: str, language: str) -> None:
    """The dialog is open on the game's rule page in the language, every section, then the keys."""
    expect(page.locator("#rules")).to_be_visible()
    expect(page.locator("#rules-title")).to_have_text(TITLES[language].format(GAME_NAMES[language][game]))
    blocks = RULE_PAGES[game][language]
    expect(page.locator("#rules-text h3")).to_have_text([heading for heading, *_ in blocks] + RULES_AFTER[language])
    expect(page.locator("#rules-text p").first).to_have_text(blocks[0][1])
    expect(page.locator("#rules-text")).to_have_attribute("lang", language)
    expect(page.locator("#rules-text")).not_to_have_attribute("aria-busy", "true")
    expect(page.locator(f"#rules-{language}")).to_have_attribute("aria-pressed", "true")


def test_the_rules_show_the_page_of_the_game_on_the_table(page: Any, site_url: str) -> None:
    open_page(page, site_url + "?game=klondike&deal=4")
    for game in GAMES:
        if game != "klondike":
            page.select_option("#game-picker", game)
            expect(page).to_have_title(re.compile(f"^{re.escape(GAME_NAMES['en'][game])} · "))  # on the table (settled may come first)
            settled(page)
        page.locator("#open-rules").click()
        shows_the_page_of(page, game, "en")
        page.keyboard.press("Escape")
        expect(page.locator("#rules")).to_be_hidden()
    page.locator("#open-rules").click()
    page.locator("#rules-de").click()
    shows_the_page_of(page, game, "de")
    page.locator("#rules-en").click()
    shows_the_page_of(page, game, "en")


def test_no_start_waits_for_the_rule_pages_and_the_dialog_says_they_are_coming(page: Any, site_url: str) -> None:
    """Their download held back: the page is ready without them, asks for them once idle, and the
    dialog opened meanwhile says they are coming, then shows the game's page."""
    held: list[Any] = []
    page.route(RULE_PAGES_JS, lambda route: held.append(route))
    open_page(page, site_url + "?game=spider&suits=1&deal=3")
    deadline = time.monotonic() + 10
    while not held:
        assert time.monotonic() < deadline, "the rule pages were not fetched once the page was idle"
        page.wait_for_timeout(100)
    page.locator("#open-rules").click()
    expect(page.locator("#rules")).to_be_visible()
    expect(page.locator("#rules-title")).to_have_text("Spider: How to play")
    expect(page.locator("#rules-text")).to_have_text(COMING)
    expect(page.locator("#rules-text")).to_have_attribute("aria-busy", "true")
    for route in held:
        route.continue_()
    page.unroute(RULE_PAGES_JS)
    shows_the_page_of(page, "spider", "en")


def test_the_rules_opened_before_the_engine_is_up_show_the_games_page(page: Any, site_url: str) -> None:
    """A first visit: Rules clicked on the first table, before the engine (and the idle time that
    fetches the rule pages) has come; the dialog opens with today's daily's game, Klondike."""
    held = hold_the_engine(page)
    first_table(page, site_url)
    page.locator("#open-rules").click()
    assert page.evaluate("document.documentElement.dataset.ready") is None
    release(page, held)
    shows_the_page_of(page, "klondike", "en")


def test_the_rules_say_so_when_their_pages_cannot_come(page: Any, site_url: str, watch: PageWatch) -> None:
    """A first visit whose network breaks: the dialog says the rules could not load, in the dialog's
    language; opened again once the network is back, it shows them."""
    page.route(RULE_PAGES_JS, lambda route: route.abort())
    open_page(page, site_url + "?game=freecell&deal=617")
    page.locator("#open-rules").click()
    expect(page.locator("#rules-title")).to_have_text("FreeCell: How to play")
    expect(page.locator("#rules-text")).to_have_text(FAILED["en"])
    expect(page.locator("#rules-text")).not_to_have_attribute("aria-busy", "true")
    page.locator("#rules-de").click()
    expect(page.locator("#rules-text")).to_have_text(FAILED["de"])
    page.keyboard.press("Escape")
    page.unroute(RULE_PAGES_JS)
    page.locator("#open-rules").click()
    shows_the_page_of(page, "freecell", "en")
    page.wait_for_selector(READY, state="attached")
    # The aborted downloads (the idle fetch's and the dialog's) are the console errors the test caused.
    assert watch.errors and set(watch.errors) == {"Failed to load resource: net::ERR_FAILED"}, watch.errors
    watch.errors.clear()
