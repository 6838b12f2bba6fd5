"""The bar: low on a sideways phone, the same height for every game at every size, the game's
state (deals left, passes) visible everywhere and nothing in it cut, and the less used commands
under "More"."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from conftest import PageWatch
from page_helpers import open_page, resize
from playwright.sync_api import expect
from shared_page import fresh_deal
from solitaire.daily import WinnableFinder
from solitaire.registry import GAMES as EVERY_GAME
from test_browser_looks import close, new_page

pytestmark = pytest.mark.browser

# Every game with a ten-digit deal (the longest label), and the options with the longest mode line.
DEAL = 1234567890
LONGEST_OPTIONS = {"klondike": {"draw": "3", "scoring": "vegas"}, "spider": {"suits": "4"}}
GAMES: list[tuple[str, int, dict[str, str]]] = [(game, DEAL, LONGEST_OPTIONS.get(game, {})) for game in EVERY_GAME]


def proven_deal(game: str, options: dict[str, str], first: int) -> int:
    """The first deal from ``first`` on that the solver proves winnable quickly (as "winnable
    deals only" finds it): one whose label gets a difficulty, in games where most deals are lost."""
    finder = WinnableFinder(game, options, first)
    while (found := finder.run(1 << 30)) is None:
        pass
    return found.deal


@contextmanager
def sized(browser: Any, watch: PageWatch, width: int = 360, height: int = 640) -> Iterator[Any]:
    """A fresh page of this size, checked for errors when it closes."""
    context, page = new_page(browser, watch, reduced_motion="reduce", viewport={"width": width, "height": height})
    try:
        yield page
    finally:
        close(context, page, watch)


SIZES = [(360, 640), (390, 844), (844, 390), (768, 1024), (1280, 800), (1920, 1080)]


def tallest_bar(width: int, height: int) -> float:
    """The bar's height limit at this size: low where the height is short (a sideways phone), where
    the cards are as big as the height allows; on an upright screen the table is as wide as the
    screen and has height to spare, so the deal and the mode get rows of their own there."""
    if height <= 480:
        return 50
    return 80 if width <= 1000 and height > width else 64


# The boxes of the bar's texts and commands on screen: none may overlap another.
PART_BOXES = """() => [...document.querySelectorAll('#game-picker, #deal-label, #mode-line, header .stats > div, header .actions > button')]
  .filter((element) => element.getBoundingClientRect().width > 1)
  .map((element) => { const b = element.getBoundingClientRect(); return [element.id || element.className, b.left, b.right, b.top, b.bottom]; })"""


def overlapping(boxes: list[list[Any]]) -> list[tuple[list[Any], list[Any]]]:
    """The pairs of PART_BOXES' boxes that overlap (by more than half a pixel)."""
    return [
        (one, other)
        for i, one in enumerate(boxes)
        for other in boxes[i + 1 :]
        if not (one[2] <= other[1] + 0.5 or other[2] <= one[1] + 0.5 or one[4] <= other[3] + 0.5 or other[4] <= one[3] + 0.5)
    ]


def test_the_bar_keeps_its_height_and_shows_the_games_state(browser: Any, site_url: str, watch: PageWatch) -> None:
    """Every game at every size in SIZES: one started page, each game dealt on it and resized
    through them."""
    heights: dict[tuple[int, int], set[float]] = {size: set() for size in SIZES}
    with sized(browser, watch) as page:
        open_page(page, site_url + "?game=klondike&deal=1")
        for game, deal, options in GAMES:
            resize(page, *SIZES[0])
            fresh_deal(page, game, deal, **options)
            page.wait_for_function("document.querySelector('#mode').textContent.length > 0")
            for width, height in SIZES:
                resize(page, width, height)
                box = page.locator("header").bounding_box()
                heights[width, height].add(round(box["height"], 1))
                # The state is on screen, uncut: the mode's own element, or the line under the title.
                shown = page.evaluate(
                    """() => [...document.querySelectorAll('#mode, #mode-line')].filter((element) => {
                         const box = element.getBoundingClientRect();
                         return box.width > 1 && box.height > 1 && element.scrollWidth <= element.clientWidth + 1;
                       }).map((element) => element.textContent)"""
                )
                assert shown and shown[0] == page.locator("#mode").text_content(), (game, width, height, shown)
                # Nothing in the bar overlaps anything else in it.
                assert overlapping(page.evaluate(PART_BOXES)) == [], (game, width, height)
    for (width, height), seen in heights.items():
        assert len(seen) == 1, (width, seen)
        assert seen.pop() <= tallest_bar(width, height), (width, height)


def test_more_holds_the_less_used_commands_on_a_phone(browser: Any, site_url: str, watch: PageWatch) -> None:
    with sized(browser, watch) as page:
        open_page(page, site_url + "?game=klondike&deal=1")
        expect(page.locator("#open-stats")).to_be_hidden()
        page.locator("#open-menu").click()
        expect(page.locator("#menu")).to_be_visible()
        page.locator('#menu [data-for="open-stats"]').click()
        expect(page.locator("#stats")).to_be_visible()
        page.keyboard.press("Escape")
        expect(page.locator("#menu")).to_be_hidden()
        # Restart this deal from the menu: the same cards, from the start.
        page.locator('[data-card][data-pile="tableau-1"]').click()
        page.locator('[data-card][data-pile="tableau-7"][data-index="6"]').click()
        expect(page.locator("#moves")).to_have_text("1")
        page.locator("#open-menu").click()
        page.locator('#menu [data-for="restart"]').click()
        page.locator("#confirm-ok").click()
        expect(page.locator("#moves")).to_have_text("0")
        expect(page.locator('[data-card][data-pile="tableau-1"]')).to_have_attribute("data-card", "7D")


def test_a_notice_takes_no_tap_meant_for_the_table(browser: Any, site_url: str, watch: PageWatch) -> None:
    with sized(browser, watch) as page:
        open_page(page, site_url + "?game=klondike&deal=1")
        page.locator("#hint").click()
        expect(page.locator("#notice")).to_be_visible()
        box = page.locator("#notice").bounding_box()
        under = page.evaluate(
            f"document.elementFromPoint({box['x'] + box['width'] / 2}, {box['y'] + box['height'] / 2}).closest('#board, #notice')?.id"
        )
        assert under == "board"  # a tap there reaches the table


# Each text of the bar with its whole text in view: neither cut with an ellipsis, nor clipped by a
# box around it, nor pushed out of the bar.
# (A text for screen readers only, in a box of 1 px placed absolutely, is not on screen.)
UNCUT = """() => [...document.querySelectorAll('#game-picker, #deal-label, #mode-line, header .stats dt, header .stats dd')]
  .filter((element) => {
    for (let box = element; box.tagName !== 'HEADER'; box = box.parentElement) {
      if (box.hidden || getComputedStyle(box).position === 'absolute') return false;
    }
    return element.getBoundingClientRect().width > 1;
  })
  .filter((element) => {
    const box = element.getBoundingClientRect();
    if (element.scrollWidth > element.clientWidth + 1) return true;
    for (let around = element.parentElement; around; around = around.parentElement) {
      if (getComputedStyle(around).overflowX === 'visible' && around.tagName !== 'HEADER') continue;
      const room = around.getBoundingClientRect();
      if (box.right > room.right + 0.5 || box.left < room.left - 0.5) return true;
    }
    return false;
  })
  .map((element) => `${element.id || element.tagName}: ${element.textContent}`)"""

CUT_SIZES = [(360, 640), (640, 360), (390, 844), (844, 390), (768, 1024), (1024, 768), (1280, 800), (1920, 1080)]


@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_nothing_in_the_bar_is_cut(browser: Any, site_url: str, watch: PageWatch, locale: str) -> None:
    """Every game with a ten-digit deal, its name, deal, difficulty and mode whole from 360 px up,
    upright and sideways, in both languages."""
    context, page = new_page(browser, watch, reduced_motion="reduce", viewport={"width": 360, "height": 640}, locale=locale)
    try:
        open_page(page, site_url + "?game=klondike&deal=1")
        for game, deal, options in [*GAMES, ("klondike", 5, {"draw": "1"})]:
            resize(page, *CUT_SIZES[0])
            fresh_deal(page, game, proven_deal(game, options, deal), **options)
            page.wait_for_function("document.querySelector('#mode').textContent.length > 0")
            if options.get("draw") != "3":  # (Vegas draw three gets no difficulty for this deal)
                expect(page.locator("#deal-label")).to_contain_text("·")  # the difficulty came in: the longest the label gets
            for width, height in CUT_SIZES:
                resize(page, width, height)
                assert page.evaluate(UNCUT) == [], (game, locale, width, height)
                assert page.locator("header").bounding_box()["height"] <= tallest_bar(width, height)
    finally:
        close(context, page, watch)
