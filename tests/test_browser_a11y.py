"""An automated accessibility audit (axe-core) of every game screen, every dialog and the bar.

axe-core is pinned in package-lock.json and copied by ./build.sh into
build/test-assets/ (git-ignored, never served to players). The page's CSP
allows no inline script, so it is not added as a <script> element: Playwright's
init script goes in through the DevTools protocol, which the CSP does not
govern, and defines window.axe before the page's own scripts run.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import ROOT, PageWatch
from page_helpers import READY, card, open_page, settled
from playwright.sync_api import expect
from solitaire.registry import GAMES
from solitaire.words import GAME_NAMES
from test_browser_klondike import NEAR_WON, set_up

pytestmark = pytest.mark.browser

AXE = ROOT / "build" / "test-assets" / "axe.min.js"
SEVERE = {"serious", "critical"}

RUN = """async () => {
  const results = await axe.run(document, {resultTypes: ['violations']});
  return results.violations.map((rule) => ({
    id: rule.id, impact: rule.impact, help: rule.help,
    nodes: rule.nodes.slice(0, 4).map((node) => node.target.join(' ') + ' - ' + node.failureSummary),
  }));
}"""


@pytest.fixture
def audited(page: Any) -> Any:
    if not AXE.exists():
        pytest.fail("axe-core is missing: run ./build.sh")
    page.add_init_script(path=str(AXE))
    return page


@pytest.fixture(scope="module")
def shared_page(browser: Any, site_url: str) -> Iterator[tuple[Any, PageWatch]]:
    """One started page, audited, for the tests that only look and leave it as they found it:
    starting a page costs more than most of them (issue 39). Its errors fail the test that
    caused them (``looked_at``)."""
    if not AXE.exists():
        pytest.fail("axe-core is missing: run ./build.sh")
    watch = PageWatch(site_url)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block", reduced_motion="reduce")
    context.add_init_script(path=str(AXE))
    page = context.new_page()
    page.on("console", lambda message: watch.errors.extend([message.text] if message.type == "error" else []))
    page.on("pageerror", lambda error: watch.errors.append(str(error)))
    page.on("request", lambda request: watch.request(request.url))
    open_page(page, site_url + "?game=klondike&deal=1")
    yield page, watch
    context.close()


@pytest.fixture
def looked_at(shared_page: tuple[Any, PageWatch]) -> Iterator[Any]:
    """The shared page; afterwards its dialogs are closed and nothing is held, and it logged no error."""
    page, watch = shared_page
    yield page
    page.evaluate("() => document.querySelectorAll('dialog[open]').forEach((dialog) => dialog.close())")
    page.locator("#board").focus()
    page.keyboard.press("Escape")
    errors, watch.errors[:] = list(watch.errors), []
    assert not errors, f"console errors: {errors}"
    assert not watch.foreign, f"requests left the origin: {watch.foreign}"


def severe_violations(page: Any) -> list[dict[str, Any]]:
    """What axe finds of serious or critical impact on the page as it is now."""
    violations: list[dict[str, Any]] = page.evaluate(RUN)
    return [violation for violation in violations if violation["impact"] in SEVERE]


def assert_clean(page: Any, where: str) -> None:
    found = severe_violations(page)
    assert found == [], f"{where}: " + "\n".join(f"{v['id']} ({v['impact']}): {v['help']} {v['nodes']}" for v in found)


def test_axe_is_loaded_and_finds_a_planted_fault(audited: Any, site_url: str) -> None:
    """The audit is not vacuous: an image without a name is a critical violation."""
    open_page(audited, site_url + "?game=klondike&deal=1")
    assert audited.evaluate("typeof axe.run") == "function"
    audited.evaluate("() => document.querySelector('main').append(Object.assign(document.createElement('img'), {src: 'static/icon.svg'}))")
    assert "image-alt" in [violation["id"] for violation in severe_violations(audited)]


def test_reading_order_is_bar_table_dialogs(page: Any, site_url: str) -> None:
    """What a screen reader reads in document order: the bar, the table (with its help and
    the live region), then the dialogs."""
    open_page(page, site_url + "?game=klondike&deal=1")
    order = page.evaluate(
        """() => [...document.querySelectorAll('header, main, main #board, main #board-help, main #announcer, dialog')]
              .map((element) => element.id || element.tagName.toLowerCase())"""
    )
    assert order[:5] == ["header", "table", "board", "board-help", "announcer"]
    assert order[5:] == ["settings", "rules", "stats", "share", "choose-deal", "won", "stuck", "review", "confirm"]
    assert page.locator("#board").get_attribute("tabindex") == "0"


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_screen(looked_at: Any, game: str) -> None:
    """Each game as a player switches to it (the picker: a deal of that game)."""
    audited = looked_at
    audited.select_option("#game-picker", game)
    expect(audited).to_have_title(re.compile(f"^{GAME_NAMES['en'][game]} · "))
    settled(audited)
    assert_clean(audited, f"{game}: the table and the bar")
    # With the keyboard focus on the table, a card picked up and its destinations lit.
    audited.locator("#board").focus()
    movable = audited.locator("[data-card].movable")
    if movable.count():
        movable.first.click(position={"x": 8, "y": 8})  # its corner: a card under others shows only that
        audited.keyboard.press("ArrowRight")
    assert_clean(audited, f"{game}: focus and a picked card")


@pytest.mark.parametrize("opener", ["#open-settings", "#open-rules", "#open-stats", "#open-share", '#menu [data-for="choose-deal"]'])
def test_every_dialog(looked_at: Any, opener: str) -> None:
    audited = looked_at
    if opener.startswith("#menu"):
        audited.locator("#open-menu").click()
    audited.locator(opener).click()
    expect(audited.locator("dialog[open]")).to_have_count(1)
    assert_clean(audited, opener)


def test_the_confirmation_the_win_and_filled_statistics(audited: Any, site_url: str) -> None:
    open_page(audited, site_url + "?game=klondike&deal=1")
    card(audited, "tableau-1", 0).click()
    card(audited, "tableau-7", 6).click()
    audited.locator("#new-game").click()
    expect(audited.locator("#confirm")).to_be_visible()
    assert_clean(audited, "the new-game confirmation")
    audited.locator("#confirm-cancel").click()
    set_up(audited, site_url, NEAR_WON)
    audited.locator("#complete").click()
    expect(audited.locator("#won")).to_be_visible()
    assert_clean(audited, "the won dialog")
    audited.keyboard.press("Escape")
    audited.locator("#open-share").click()
    assert_clean(audited, "the share dialog with a challenge link")
    audited.keyboard.press("Escape")
    audited.locator("#open-stats").click()
    expect(audited.locator("#stats-body table")).to_have_count(1)
    assert_clean(audited, "statistics with a game")


def test_the_more_menu_and_no_moves_left(audited: Any, site_url: str) -> None:
    from test_browser_klondike import one_move_from_stuck

    open_page(audited, site_url + "?game=klondike&deal=1")
    audited.locator("#open-menu").click()
    expect(audited.locator("#menu")).to_be_visible()
    assert_clean(audited, "the More menu")
    audited.keyboard.press("Escape")
    one_move_from_stuck(audited, site_url)
    expect(audited.locator("#stuck")).to_be_visible()
    assert_clean(audited, "the stuck dialog")


def test_the_german_page(browser: Any, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="de-DE", service_workers="block")
    context.add_init_script(path=str(AXE))
    page = context.new_page()
    try:
        page.goto(site_url + "?game=spider&deal=2")
        page.wait_for_selector(READY, state="attached")
        assert_clean(page, "German table")
        page.locator("#open-rules").click()
        assert_clean(page, "German rules")
    finally:
        context.close()


def test_a_narrow_phone_screen(audited: Any, site_url: str) -> None:
    audited.set_viewport_size({"width": 380, "height": 740})
    open_page(audited, site_url + "?game=freecell&deal=3")
    assert_clean(audited, "phone")
