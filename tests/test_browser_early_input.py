"""Input before the engine is up: from the first table drawn (the game kept from the last visit,
or on a first visit today's daily as the build's engine showed it), clicks, drags and keys are
taken, shown as waiting, and played in order once the engine is up, on that table only; when the
engine's table is another (the kept game could not be resumed), they are dropped, with a word.

The engine is held back (its runtime's download waits until the test lets it go), so that the
input surely comes before it is up."""

from __future__ import annotations

import datetime
import json
from typing import Any

import pytest
from page_helpers import READY, card, open_page, pile_cards, settled, text_of
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# A kept game whose save no longer loads, though its table is still drawn from its view.
BREAK_THE_KEPT_GAME = """async () => {
  localStorage.removeItem("solitaire.unsaved"); // the copy the page left as it closed, else put back
  const db = await new Promise((resolve, reject) => {
    const request = indexedDB.open("solitaire", 1);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  await new Promise((resolve, reject) => {
    const transaction = db.transaction("games", "readwrite");
    const games = transaction.objectStore("games");
    const all = games.getAll();
    all.onsuccess = () => {
      for (const record of all.result) {
        if (record.id.startsWith("unreadable|")) continue;
        record.save = { ...record.save, turns: [["t9>t1"]] };
        games.put(record);
      }
    };
    transaction.oncomplete = resolve;
    transaction.onerror = () => reject(transaction.error);
  });
  db.close();
}"""


def hold_the_engine(page: Any) -> list[Any]:
    """The runtime's download waits until release(): the engine cannot be up before."""
    held: list[Any] = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    return held


def release(page: Any, held: list[Any]) -> None:
    page.wait_for_timeout(100)
    for route in held:
        route.continue_()
    page.unroute("**/pyodide.asm.wasm")
    page.wait_for_selector(READY, state="attached", timeout=60_000)


def first_table(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector('[data-card][data-pile="stock"]', state="attached", timeout=10_000)


def waits(page: Any) -> None:
    """The input is shown as waiting, and the engine is not up."""
    assert page.evaluate("document.documentElement.dataset.ready") is None
    expect(page.locator("#loading-text")).to_contain_text("as soon as the game is ready")


@pytest.mark.parametrize("after_ms", [0, 100, 300])
@pytest.mark.parametrize("visit", ["first", "returning"])
def test_a_click_before_the_engine_is_up_is_played_once_it_is(page: Any, site_url: str, visit: str, after_ms: int) -> None:
    if visit == "returning":
        open_page(page, site_url + "?game=klondike&deal=1")  # the game on the table, kept
        page.goto("about:blank")
    held = hold_the_engine(page)
    first_table(page, site_url)
    page.wait_for_timeout(after_ms)
    stock = page.locator('[data-card][data-pile="stock"]').count()
    card(page, "stock", stock - 1).click()
    waits(page)
    assert page.locator("#board .pending").count() == 1  # the card clicked
    release(page, held)
    assert len(pile_cards(page, "waste")) == 1 and len(pile_cards(page, "stock")) == stock - 1
    assert text_of(page, "moves") == "1"
    assert page.locator("#board .pending").count() == 0
    if visit == "first":
        assert text_of(page, "deal-label").startswith("Daily ")


def test_a_drag_and_keys_before_the_engine_is_up_are_played_in_order(page: Any, site_url: str) -> None:
    """Deal 1: the 7D dragged onto the 8S, then D draws and Ctrl+Z takes the draw back: in that order."""
    open_page(page, site_url + "?game=klondike&deal=1")
    page.goto("about:blank")
    held = hold_the_engine(page)
    first_table(page, site_url)
    source = card(page, "tableau-1", 0).bounding_box()
    target = card(page, "tableau-7", 6).bounding_box()
    assert source and target
    page.mouse.move(source["x"] + source["width"] / 2, source["y"] + 10)
    page.mouse.down()
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + 30, steps=8)
    page.mouse.up()
    page.locator("#board").focus()
    page.keyboard.press("d")
    page.keyboard.press("Control+z")
    waits(page)
    assert page.locator("#board .pending").count() >= 1  # the card dropped, where it was let go
    release(page, held)
    settled(page)
    assert pile_cards(page, "tableau-7")[-2:] == ["8S", "7D"]
    assert pile_cards(page, "waste") == []  # drawn, then taken back
    assert text_of(page, "moves") == "1"


def test_a_first_visit_past_the_builds_dailies_waits_for_the_engine(page: Any, site_url: str) -> None:
    """A date the build's list does not reach: no table until the engine deals the daily."""
    page.clock.set_fixed_time(datetime.datetime(2031, 6, 1, 12))
    held = hold_the_engine(page)
    page.goto(site_url)
    page.wait_for_timeout(1000)
    assert page.locator("[data-card]").count() == 0
    release(page, held)
    assert text_of(page, "deal-label").startswith("Daily 2031-06-01")


def test_input_for_a_table_the_engine_does_not_have_is_dropped_with_a_word(page: Any, site_url: str) -> None:
    """The kept game's table is drawn, but its save no longer loads: the engine deals today's
    daily instead, and the click meant for the kept table is not played on the daily."""
    open_page(page, site_url + "?game=klondike&deal=1")
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))
    page.goto(site_url + "static/icon.svg")  # the game saved as the page left; a page of the site without it
    page.evaluate(BREAK_THE_KEPT_GAME)
    held = hold_the_engine(page)
    first_table(page, site_url)
    assert page.locator("#deal-label").inner_text().startswith("#1")  # the board is busy: no settling
    card(page, "tableau-1", 0).click()  # picks up the 7D of deal 1
    waits(page)
    release(page, held)
    expect(page.locator("#notice")).to_contain_text("was not played")
    assert text_of(page, "deal-label").startswith("Daily ")
    assert text_of(page, "moves") == "0"
    assert page.evaluate("JSON.stringify([...document.querySelectorAll('#board .picked, #board .pending')].length)") == json.dumps(0)
