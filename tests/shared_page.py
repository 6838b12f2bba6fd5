"""One started page for the browser tests that play known deals and read what the page shows.

Starting the page costs about two seconds of both cores (tools/page_start_cost.py); these tests
need only a known deal, and they reach it the way a player does, on the page already started:
the game picker, Settings' options, More > Choose a deal, and Restart this deal where a game of
that deal was kept. Tests of what a start, a reload, storage or the statistics do keep a fresh
page (the ``page`` fixture).

    from shared_page import fresh_deal   (the fixtures come through conftest's pytest_plugins)

    def test_something(played: Any) -> None:
        fresh_deal(played, "klondike", 1, draw="3")
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import PageWatch
from page_helpers import READY, resize, settled, text_of
from playwright.sync_api import expect
from solitaire.registry import option_specs
from solitaire.words import GAME_NAMES

VIEWPORT = {"width": 1280, "height": 800}
CLOSE_DIALOGS = "() => document.querySelectorAll('dialog[open]').forEach((dialog) => dialog.close('cancel'))"
# Content-Security-Policy violations are events, not always console errors: collected (as conftest's page does).
CSP_WATCH = (
    "window.cspViolations = [];"
    "document.addEventListener('securitypolicyviolation',"
    " (event) => window.cspViolations.push(event.violatedDirective + ' ' + event.blockedURI));"
)


@pytest.fixture(scope="module")
def started(browser: Any, site_url: str) -> Iterator[tuple[Any, PageWatch]]:
    """The module's page, started once: fresh storage, 1280x800, reduced motion (as ``page``)."""
    watch = PageWatch(site_url)
    context = browser.new_context(viewport=VIEWPORT, service_workers="block", reduced_motion="reduce")
    context.add_init_script(CSP_WATCH)
    page = context.new_page()
    page.on("console", lambda message: watch.errors.extend([message.text] if message.type == "error" else []))
    page.on("pageerror", lambda error: watch.errors.append(str(error)))
    page.on("request", lambda request: watch.request(request.url))
    page.goto(site_url + "?game=klondike&deal=1")
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    yield page, watch
    context.close()


@pytest.fixture
def played(started: tuple[Any, PageWatch]) -> Iterator[Any]:
    """The shared page for one test: no dialog open, its usual size; fails on the errors the test
    caused (console errors, CSP violations, requests that leave the origin)."""
    page, watch = started
    page.emulate_media(reduced_motion="reduce")  # a test may have asked for full motion
    page.evaluate(CLOSE_DIALOGS)
    resize(page, VIEWPORT["width"], VIEWPORT["height"])
    page.keyboard.press("Escape")  # nothing held
    settled(page)
    yield page
    violations = page.evaluate("() => window.cspViolations.splice(0)")
    errors, foreign = list(watch.errors), list(watch.foreign)
    watch.errors.clear()
    watch.foreign.clear()
    assert not violations, f"CSP violations: {violations}"
    assert not errors, f"console errors: {errors}"
    assert not foreign, f"requests left the origin: {foreign}"


def fresh_deal(page: Any, game: str, deal: int, **options: str) -> None:
    """Deal ``deal`` of ``game`` with these options (the others at their defaults), from its start."""
    page.evaluate(CLOSE_DIALOGS)
    settled(page)
    if page.locator("#game-picker").input_value() != game:
        page.locator("#game-picker").select_option(game)
        language = page.locator("html").get_attribute("lang") or "en"
        expect(page).to_have_title(re.compile(f"^{re.escape(GAME_NAMES[language][game])} · "))
        settled(page)
    set_options(page, {spec.name: options.get(spec.name, spec.default) for spec in option_specs(game)})
    label = re.compile(rf"^(#|Nr\. ){deal}( ·|$)")  # "#7", "Nr. 7 · leicht"
    if not label.search(page.locator("#deal-label").inner_text()):
        command(page, "choose-deal")
        page.locator("#deal-number").fill(str(deal))
        page.locator("#choose-deal-play").click()
        expect(page.locator("#deal-label")).to_have_text(label)
    settled(page)
    if text_of(page, "moves") != "0" or page.locator("#undo").is_enabled():  # a game of it was kept: from the start
        command(page, "restart")
        if page.locator("#confirm").is_visible():  # asked where the game was under way
            page.locator("#confirm-ok").click()
        expect(page.locator("#moves")).to_have_text("0")
    settled(page)


def command(page: Any, name: str) -> None:
    """A command of the bar: its button where the bar shows it, else under More."""
    button = page.locator(f"#{name}")
    if button.count() and button.is_visible():
        button.click()
        return
    page.locator("#open-menu").click()
    page.locator(f'#menu [data-for="{name}"]').click()


def set_options(page: Any, wanted: dict[str, str]) -> None:
    """The game's options as Settings shows them, changed (Apply) where they differ."""
    for attempt in range(50):
        page.evaluate(CLOSE_DIALOGS)  # one the analysis opened meanwhile (a lost game's)
        command(page, "open-settings")
        choices = [page.locator(f'#game-options input[name="{name}"][value="{value}"]') for name, value in wanted.items()]
        differ = [choice for choice in choices if not choice.is_checked()]
        if differ and attempt == 0:
            for choice in differ:
                choice.check()
            page.locator("#apply-settings").click()
        else:
            page.locator('#settings button[value="cancel"]').click()
        expect(page.locator("#settings")).to_be_hidden()
        settled(page)
        if not differ:
            return
        # Applied: the game of those options comes after a read of the store; Settings shows it once it is on the table.
        page.wait_for_timeout(100)
    raise AssertionError(f"the options never became {wanted}")
