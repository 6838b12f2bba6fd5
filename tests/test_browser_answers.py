"""Every action answered at every size: an illegal drop or tap says why in a notice the
player can see (inside the window, not over the cards it is about), and "No moves left"
is a dialog whose actions are all in view and can be pressed."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import PageWatch
from page_helpers import card, pile_cards, resize, shook, text_of, watch_refusals
from playwright.sync_api import expect
from shared_page import fresh_deal
from test_browser_fit import SIZES
from test_browser_klondike import one_move_from_stuck
from test_browser_looks import close, new_page

pytestmark = pytest.mark.browser

INSIDE = """(selector) => {
  const box = document.querySelector(selector).getBoundingClientRect();
  return box.width > 0 && box.height > 0 && box.left >= -0.5 && box.top >= -0.5
    && box.right <= innerWidth + 0.5 && box.bottom <= innerHeight + 0.5;
}"""


def boxes_meet(one: dict[str, float], other: dict[str, float]) -> bool:
    return not (
        one["x"] + one["width"] <= other["x"]
        or other["x"] + other["width"] <= one["x"]
        or one["y"] + one["height"] <= other["y"]
        or other["y"] + other["height"] <= one["y"]
    )


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_refusal_is_answered_in_view(played: Any, width: int, height: int) -> None:
    page = played
    resize(page, width, height)
    fresh_deal(page, "klondike", 1)
    source = card(page, "tableau-1", 0).bounding_box()
    target = card(page, "tableau-2", 1).bounding_box()  # the 6D: the 7D cannot go there
    watch_refusals(page)
    page.mouse.move(source["x"] + source["width"] / 2, source["y"] + 5)
    page.mouse.down()
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=8)
    page.mouse.up()
    shook(page, "tableau-1", 0)
    assert text_of(page, "notice") == "The 7 of Diamonds cannot go on the 6 of Diamonds: columns build down by one in alternating colours."
    assert page.evaluate(INSIDE, "#notice")
    notice = page.locator("#notice").bounding_box()
    assert not boxes_meet(notice, card(page, "tableau-1", 0).bounding_box())  # the card it is about stays in sight
    assert pile_cards(page, "tableau-1") == ["7D"] and text_of(page, "moves") == "0"
    assert card(page, "tableau-1", 0).bounding_box() == source
    # A tap on a card that cannot move, while the notice is up: the notice takes no taps.
    watch_refusals(page)
    card(page, "tableau-2", 1).click()
    shook(page, "tableau-2", 1)
    assert text_of(page, "notice") == "That card has nowhere to go now."
    assert text_of(page, "moves") == "0"


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_no_moves_left_shows_its_actions_in_view(browser: Any, site_url: str, watch: PageWatch, width: int, height: int) -> None:
    context, page = new_page(browser, watch, reduced_motion="reduce", viewport={"width": width, "height": height})
    try:
        one_move_from_stuck(page, site_url)
        expect(page.locator("#stuck")).to_be_visible()
        for button in ("#stuck-undo", "#stuck-restart", "#stuck-new"):
            assert page.evaluate(INSIDE, button), button
        page.locator("#stuck-undo").click()
        expect(page.locator("#stuck")).to_be_hidden()
        expect(page.locator("#moves")).to_have_text("0")
    finally:
        close(context, page, watch)
