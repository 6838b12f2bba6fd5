"""The German page: no English left in it, in any screen, dialog or message."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import PageWatch
from page_helpers import READY, card, settled
from playwright.sync_api import expect
from solitaire.registry import GAMES
from solitaire.rule_pages import RULE_PAGES
from solitaire.words import GAME_NAMES

pytestmark = pytest.mark.browser

# Words that give English away; names shared by both languages (Klondike, Spider, FreeCell,
# TriPeaks, Standard, Vegas) and text marked lang="en" (the name "English" itself) are fine.
ENGLISH = re.compile(
    r"\b(the|and|of|to|is|not|card|cards|column|stock|waste|foundation|score|moves|time|new|undo|redo|"
    r"rules|settings|statistics|share|cancel|apply|close|draw|loading|game|games|empty|face|won|played|"
    r"deal|daily|pass|deals|left|runs|free|cells|can|move|none|one|three|suits?|timed|open|off|on)\b",
    re.IGNORECASE,
)

COLLECT = """() => {
  const texts = [];
  const skip = (node) => node.closest && node.closest('body [lang]:not([lang="de"])');
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const parent = node.parentElement;
    if (!node.textContent.trim() || skip(parent)) continue;
    if (parent.closest('[hidden], dialog:not([open]), option:not(:checked)')) continue;
    texts.push(node.textContent.trim());
  }
  for (const element of document.querySelectorAll('[aria-label], [title]')) {
    if (skip(element) || element.closest('dialog:not([open])')) continue;
    for (const name of ['aria-label', 'title']) {
      if (element.hasAttribute(name)) texts.push(element.getAttribute(name));
    }
  }
  texts.push(document.title);
  return texts;
}"""


def english_left(page: Any) -> list[str]:
    return [text for text in page.evaluate(COLLECT) if ENGLISH.search(text)]


@pytest.fixture(scope="module")
def german_page(browser: Any, site_url: str) -> Iterator[tuple[Any, PageWatch]]:
    """One started page in a German-speaking browser for the tests that only look (a page start
    costs more than they do); its errors fail the test that caused them."""
    watch = PageWatch(site_url)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="de-DE", service_workers="block", reduced_motion="reduce")
    page = context.new_page()
    page.on("pageerror", lambda error: watch.errors.append(str(error)))
    page.goto(site_url + "?game=klondike&deal=4")
    page.wait_for_selector(READY, state="attached")
    yield page, watch
    context.close()


@pytest.mark.parametrize("game", GAMES)
def test_every_game_screen_is_german(german_page: tuple[Any, PageWatch], game: str) -> None:
    """Each game as a player switches to it (the picker), with every dialog."""
    german, watch = german_page
    german.select_option("#game-picker", game)
    expect(german).to_have_title(re.compile(f"^{GAME_NAMES['de'][game]} · "))
    settled(german)
    assert german.locator("html").get_attribute("lang") == "de"
    assert english_left(german) == []
    for opener in ["#open-rules", "#open-settings", "#open-stats", "#open-share", '#menu [data-for="choose-deal"]']:
        if opener.startswith("#menu"):
            german.locator("#open-menu").click()
            assert english_left(german) == [], "the menu"
        german.locator(opener).click()
        if opener == "#open-rules":  # the game's own page, once its module has come
            expect(german.locator("#rules-text h3").first).to_have_text(RULE_PAGES[game]["de"][0][0])
        assert english_left(german) == [], opener
        german.keyboard.press("Escape")
    errors, watch.errors[:] = list(watch.errors), []
    assert not errors, errors


def test_messages_and_dialogs_are_german(german: Any, site_url: str) -> None:
    german.goto(site_url + "?game=klondike&deal=1&draw=3")
    german.wait_for_selector(READY, state="attached")
    card(german, "stock", 23).click()
    german.locator("#new-game").click()
    assert english_left(german) == []  # the confirmation
    german.locator("#confirm-cancel").click()
    german.goto(site_url + "?game=klondike&deal=zwei")
    german.wait_for_selector(READY, state="attached")
    expect(german.locator("#notice")).to_be_visible()
    assert english_left(german) == []


def test_the_language_can_be_switched_and_is_remembered(german: Any, site_url: str) -> None:
    german.goto(site_url + "?game=klondike&deal=1")
    german.wait_for_selector(READY, state="attached")
    german.locator("#open-settings").click()
    german.locator('input[name="language"][value="en"]').check()
    german.locator("#apply-settings").click()
    expect(german.locator("#new-game")).to_have_text("New")
    german.reload()
    german.wait_for_selector(READY, state="attached")
    expect(german.locator("#new-game")).to_have_text("New")
    assert german.locator("html").get_attribute("lang") == "en"


def test_the_check_catches_english(page: Any, site_url: str) -> None:
    """The same check on the English page finds English: it is not vacuous."""
    page.goto(site_url + "?game=klondike&deal=4")
    page.wait_for_selector(READY, state="attached")
    found = english_left(page)
    assert "Undo" in found and any("Column" in text for text in found)


def test_german_cards_and_dates(german: Any, site_url: str) -> None:
    """German court cards read B and D (Bube, Dame; König K, Ass A) in their corners, a daily's
    date reads 2.12.2026, and the hint names the cards the German way."""
    german.goto(site_url + "?game=klondike&deal=617&open=on")  # every card face up
    german.wait_for_selector(READY, state="attached")
    corners = german.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('[data-card] use')].map((use) => {
             const symbol = document.querySelector(use.getAttribute('href'));
             const texts = [...new Set([...symbol.querySelectorAll('text')].map((text) => text.textContent))];
             return [use.closest('[data-card]').dataset.card, texts];
           }))"""
    )
    by_rank = {code[0]: texts for code, texts in corners.items()}
    assert {rank: by_rank[rank] for rank in "JQKAT"} == {"J": ["B"], "Q": ["D"], "K": ["K"], "A": ["A"], "T": ["10"]}
    queen = next(code for code in corners if code[0] == "Q")
    assert german.locator(f'[data-card="{queen}"]').get_attribute("aria-label").endswith(" Dame")
    german.goto(site_url + "?game=klondike&daily=2026-11-29")
    german.wait_for_selector(READY, state="attached")
    expect(german.locator("#deal-label")).to_contain_text("Tagesspiel 29.11.2026")
