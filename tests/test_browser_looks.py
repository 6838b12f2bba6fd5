"""Play feel and looks: moving cards, reduced motion, tap to move, table colours, card backs,
the four-colour deck, large print, light and dark themes, the left-handed layout.

Most browser tests ask for reduced motion (conftest.py), so that a card's box is where it
lies at once; the tests of the animations here ask for full motion. No timing is checked:
only whether cards fly (pictures in the .flights layer over the board, document.getAnimations())
and that the DOM is final at once.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from conftest import PageWatch
from page_helpers import card, open_page, pile_cards, settled, text_of
from playwright.sync_api import expect
from shared_page import fresh_deal
from test_browser_a11y import AXE, assert_clean
from test_browser_klondike import NEAR_WON, set_up

pytestmark = pytest.mark.browser

ANIMATIONS = "() => document.getAnimations().length"
FLYING = ".flights .flyer"


def new_page(browser: Any, watch: PageWatch, **options: Any) -> tuple[Any, Any]:
    """A fresh profile like conftest's page, with the given context options."""
    context = browser.new_context(**{"viewport": {"width": 1280, "height": 800}, "service_workers": "block", **options})
    context.add_init_script(
        "window.cspViolations = [];"
        "document.addEventListener('securitypolicyviolation',"
        " (event) => window.cspViolations.push(event.violatedDirective + ' ' + event.blockedURI));"
    )
    page = context.new_page()
    page.on("console", lambda message: watch.errors.extend([message.text] if message.type == "error" else []))
    page.on("pageerror", lambda error: watch.errors.append(str(error)))
    page.on("request", lambda request: watch.request(request.url))
    return context, page


def close(context: Any, page: Any, watch: PageWatch) -> None:
    violations = page.evaluate("window.cspViolations ?? []") if page.url.startswith("http") else []
    context.close()
    assert not violations, f"CSP violations: {violations}"
    assert not watch.errors, f"console errors: {watch.errors}"
    assert not watch.foreign, f"requests left the origin: {watch.foreign}"


@pytest.fixture
def lively(browser: Any, watch: PageWatch) -> Iterator[Any]:
    """A page with full motion: cards fly."""
    context, page = new_page(browser, watch, reduced_motion="no-preference")
    yield page
    close(context, page, watch)


@contextmanager
def slow_motion(page: Any) -> Iterator[None]:
    """Cards fly at a tenth of their speed (a glide takes 2.2 s, not 220 ms), so that a loaded
    machine still sees one mid-flight; their speed as before afterwards (the page may be shared)."""
    devtools = page.context.new_cdp_session(page)
    devtools.send("Animation.enable")
    devtools.send("Animation.setPlaybackRate", {"playbackRate": 0.1})
    try:
        yield
    finally:
        devtools.send("Animation.setPlaybackRate", {"playbackRate": 1})
        devtools.detach()


def landed(page: Any) -> None:
    """Wait until every card has landed."""
    expect(page.locator(FLYING)).to_have_count(0)
    expect(page.locator("[data-card].in-flight")).to_have_count(0)


def open_settings(page: Any) -> Any:
    page.locator("#open-settings").click()
    form = page.locator("#settings-form")
    expect(form).to_be_visible()
    return form


def apply(page: Any) -> None:
    page.locator("#apply-settings").click()
    expect(page.locator("#settings")).to_be_hidden()
    # The settings take effect on the dialog's close event, a task after it hides: let it run.
    page.evaluate("() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))")


def css(page: Any, selector: str, prop: str) -> str:
    value: str = page.eval_on_selector(selector, f"(element) => getComputedStyle(element).{prop}")
    return value


# -- motion ---------------------------------------------------------------------------------


def test_reduced_motion_moves_nothing(page: Any, site_url: str) -> None:
    """The system asks for reduced motion (conftest's page): no animation runs at all."""
    open_page(page, site_url + "?game=klondike&deal=1")
    assert page.evaluate(ANIMATIONS) == 0
    card(page, "tableau-1", 0).click()
    card(page, "tableau-7", 6).click()
    assert pile_cards(page, "tableau-7")[-2:] == ["8S", "7D"]
    assert page.evaluate(ANIMATIONS) == 0
    assert page.locator(FLYING).count() == 0


def test_a_move_glides_and_the_dom_is_final_at_once(lively: Any, site_url: str) -> None:
    open_page(lively, site_url + "?game=klondike&deal=1")
    landed(lively)
    with slow_motion(lively):
        card(lively, "tableau-1", 0).click()
        card(lively, "tableau-7", 6).click()
        # The DOM says where the card is at once; only its picture is on the way.
        assert pile_cards(lively, "tableau-7")[-2:] == ["8S", "7D"]
        assert pile_cards(lively, "tableau-1") == []
        assert lively.evaluate(ANIMATIONS) >= 1
        assert lively.locator(FLYING).count() == 1
        assert "in-flight" in card(lively, "tableau-7", 7).get_attribute("class").split()  # unseen until its picture lands
        assert lively.locator(".flights").get_attribute("aria-hidden") == "true"
        assert lively.locator(".flights [data-card], .flights [role], .flights [id]").count() == 0
    landed(lively)
    assert lively.evaluate(ANIMATIONS) == 0


def test_a_new_game_is_dealt_from_the_stock(played: Any) -> None:
    lively = played
    lively.emulate_media(reduced_motion="no-preference")  # cards fly
    fresh_deal(lively, "klondike", 1)
    landed(lively)
    lively.locator("#new-game").click()
    # New first keeps the game it leaves (a write to IndexedDB), then deals: wait for the deal.
    expect(lively.locator(FLYING)).to_have_count(28)  # every card of the columns; the stock stays
    landed(lively)
    assert lively.locator("[data-card]").count() == 52


def test_a_draw_turns_the_card_over(played: Any) -> None:
    lively = played
    lively.emulate_media(reduced_motion="no-preference")  # cards fly
    fresh_deal(lively, "klondike", 1)
    landed(lively)
    with slow_motion(lively):
        card(lively, "stock", 23).click()
        assert pile_cards(lively, "waste") == ["7S"]
        assert lively.locator(FLYING).count() == 1
    landed(lively)


def test_a_drop_on_an_illegal_place_glides_back(played: Any) -> None:
    lively = played
    lively.emulate_media(reduced_motion="no-preference")  # cards fly
    fresh_deal(lively, "klondike", 1)
    landed(lively)
    source = card(lively, "tableau-1", 0).bounding_box()
    target = card(lively, "tableau-2", 1).bounding_box()
    lively.mouse.move(source["x"] + source["width"] / 2, source["y"] + 10)
    lively.mouse.down()
    lively.mouse.move(target["x"] + target["width"] / 2, target["y"] + 40, steps=8)
    with slow_motion(lively):
        lively.mouse.up()
        assert pile_cards(lively, "tableau-1") == ["7D"]
        assert lively.locator(FLYING).count() == 1  # the card on its way back
    landed(lively)
    lively.wait_for_selector("[data-card].refused", state="detached")  # it has shaken: the rules refused it
    lively.wait_for_function("document.getAnimations().length === 0")
    assert card(lively, "tableau-1", 0).bounding_box() == source


def test_the_win_celebrates_and_any_key_skips_it(lively: Any, site_url: str) -> None:
    set_up(lively, site_url, NEAR_WON)
    landed(lively)
    lively.locator("#complete").click()
    assert all(len(pile_cards(lively, f"foundation-{n}")) == 13 for n in range(1, 5))
    expect(lively.locator(FLYING)).to_have_count(52)  # the burst: every card
    # with its face, also the 11 of each foundation drawn without a picture (two cards lie on them)
    assert lively.locator(".flights .flyer .card-face use").count() == 52
    assert lively.locator('[data-pile="foundation-1"].hidden-card').count() == 11
    assert not lively.locator("#won").is_visible()  # the table first
    lively.keyboard.press("Shift")
    expect(lively.locator("#won")).to_be_visible()
    landed(lively)


def test_the_motion_setting_is_remembered(lively: Any, site_url: str) -> None:
    open_page(lively, site_url + "?game=klondike&deal=1")
    landed(lively)
    form = open_settings(lively)
    assert form.locator("select[name=motion]").input_value() == "full"
    form.locator("select[name=motion]").select_option("reduced")
    apply(lively)
    card(lively, "stock", 23).click()
    assert pile_cards(lively, "waste") == ["7S"]
    assert lively.evaluate(ANIMATIONS) == 0
    open_page(lively, site_url + "?game=klondike&deal=1")
    assert lively.evaluate(ANIMATIONS) == 0
    assert open_settings(lively).locator("select[name=motion]").input_value() == "reduced"


def test_full_motion_chosen_in_settings_wins_over_the_system(page: Any, site_url: str) -> None:
    open_page(page, site_url + "?game=klondike&deal=1")
    form = open_settings(page)
    assert form.locator("select[name=motion]").input_value() == "reduced"  # as the system asks
    form.locator("select[name=motion]").select_option("full")
    apply(page)
    with slow_motion(page):
        card(page, "stock", 23).click()
        settled(page)
        assert page.locator(FLYING).count() == 1
    landed(page)


# -- tap to move ---------------------------------------------------------------------------


def test_tap_to_move_plays_a_card_to_its_best_place(page: Any, site_url: str) -> None:
    open_page(page, site_url + "?game=klondike&deal=1")
    card(page, "tableau-1", 0).click()  # off by default: the card is picked up
    assert page.locator("[data-card].picked").count() == 1
    page.keyboard.press("Escape")
    form = open_settings(page)
    form.locator("input[name=tapToMove]").check()
    apply(page)
    card(page, "tableau-1", 0).click()
    assert pile_cards(page, "tableau-7")[-2:] == ["8S", "7D"]
    assert text_of(page, "moves") == "1"
    open_page(page, site_url + "?game=klondike&deal=1")
    assert open_settings(page).locator("input[name=tapToMove]").is_checked()


# -- looks -------------------------------------------------------------------------------------


def slot_x(page: Any, pile: str) -> float:
    box = page.locator(f'.slot[data-pile="{pile}"]').bounding_box()
    return float(box["x"])


def test_looks_show_at_once_and_cancel_takes_them_back(page: Any, site_url: str) -> None:
    """Settings: a look shows on the table as it is chosen; Cancel (or Escape) goes back; the
    buttons stay in view however long the form is."""
    open_page(page, site_url + "?game=klondike&deal=1")
    form = open_settings(page)
    buttons, dialog = page.locator("#apply-settings").bounding_box(), page.locator("#settings").bounding_box()
    assert buttons["y"] + buttons["height"] <= dialog["y"] + dialog["height"]  # no scrolling needed
    form.locator("select[name=felt]").select_option("wine")
    expect(page.locator("html")).to_have_attribute("data-felt", "wine")
    form.locator("input[name=largePrint]").check()
    expect(page.locator('[data-card="2C"] use')).to_have_attribute("href", "#card-2C-large")
    page.locator("#settings button[value=cancel]").click()
    expect(page.locator("html")).to_have_attribute("data-felt", "green")
    expect(page.locator('[data-card="2C"] use')).to_have_attribute("href", "#card-2C")
    form = open_settings(page)
    assert form.locator("select[name=felt]").input_value() == "green"
    form.locator("select[name=felt]").select_option("blue")
    apply(page)
    expect(page.locator("html")).to_have_attribute("data-felt", "blue")


def test_the_looks_apply_and_are_remembered(page: Any, site_url: str) -> None:
    open_page(page, site_url + "?game=klondike&deal=1")
    club = '[data-card="2C"] use'
    black = css(page, club, "color")
    assert black == "rgb(27, 28, 32)"
    green_felt = css(page, "body", "backgroundImage")
    assert slot_x(page, "stock") < slot_x(page, "foundation-1")
    form = open_settings(page)
    form.locator("select[name=felt]").select_option("blue")
    form.locator("select[name=back]").select_option("tartan")
    form.locator("input[name=fourColour]").check()
    form.locator("input[name=largePrint]").check()
    form.locator("input[name=leftHanded]").check()
    apply(page)

    def check() -> None:
        assert css(page, club, "color") == "rgb(21, 128, 61)"  # clubs green
        assert css(page, '[data-card="6D"] use', "color") == "rgb(29, 95, 191)"  # diamonds blue
        assert css(page, "body", "backgroundImage") != green_felt
        assert "rgb(27, 86, 144)" in css(page, "body", "backgroundImage")
        # Every face-down card that is drawn (not deep in the stock, under two others) shows the tartan.
        drawn_backs = page.locator('[data-card="down"]:not(.hidden-card)').count()
        assert page.locator('[data-card="down"].card-back-tartan').count() == drawn_backs >= 21 + 2
        assert page.locator('[data-card="2C"] use').get_attribute("href") == "#card-2C-large"
        assert css(page, "html", "fontSize") == "19.2px"  # the page's text too
        # Left-handed: the stock on the right, the foundations on the left, the columns as they were.
        assert slot_x(page, "stock") > slot_x(page, "waste") > slot_x(page, "foundation-1") > slot_x(page, "foundation-4")
        assert slot_x(page, "tableau-1") < slot_x(page, "tableau-7")

    check()
    open_page(page, site_url + "?game=klondike&deal=1")
    check()


def test_left_handed_keys_follow_the_layout(page: Any, site_url: str) -> None:
    page.add_init_script("localStorage.setItem('solitaire.preferences', JSON.stringify({looks: {leftHanded: true}}))")
    open_page(page, site_url + "?game=klondike&deal=1&draw=3")
    for _ in range(3):
        card(page, "stock", len(pile_cards(page, "stock")) - 1).click()
    # The waste fans to the left, away from the stock.
    top = card(page, "waste", 8).bounding_box()
    under = card(page, "waste", 7).bounding_box()
    assert top["x"] < under["x"] < slot_x(page, "stock")
    page.locator("#board").focus()
    page.keyboard.press("Home")
    assert page.locator("#board").get_attribute("aria-activedescendant").startswith("focus-foundation-4")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_theme_follows_the_system_unless_chosen(browser: Any, site_url: str, watch: PageWatch, scheme: str) -> None:
    context, page = new_page(browser, watch, reduced_motion="reduce", color_scheme=scheme)
    try:
        open_page(page, site_url + "?game=klondike&deal=1")
        light_bar = "rgba(249, 250, 247, 0.95)"
        assert (css(page, ".bar", "backgroundColor") == light_bar) == (scheme == "light")
        other = "dark" if scheme == "light" else "light"
        form = open_settings(page)
        assert form.locator("select[name=theme]").input_value() == "system"
        form.locator("select[name=theme]").select_option(other)
        apply(page)
        assert (css(page, ".bar", "backgroundColor") == light_bar) == (other == "light")
        open_page(page, site_url + "?game=klondike&deal=1")
        assert page.locator("html").get_attribute("data-theme") == other
    finally:
        close(context, page, watch)


def test_fanned_cards_are_comfortable_to_touch_on_a_phone(browser: Any, site_url: str, watch: PageWatch) -> None:
    """At 360x640 each face-up card of a column shows a strip at least 24 px tall."""
    context, page = new_page(browser, watch, reduced_motion="reduce", viewport={"width": 360, "height": 640}, has_touch=True)
    try:
        open_page(page, site_url + "?game=klondike&deal=1&open=on")  # open mode: every card face up
        tops = [card(page, "tableau-7", index).bounding_box()["y"] for index in range(7)]
        assert min(b - a for a, b in zip(tops, tops[1:])) >= 23.9
    finally:
        close(context, page, watch)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_settings_pass_the_accessibility_audit(browser: Any, site_url: str, watch: PageWatch, scheme: str) -> None:
    if not AXE.exists():
        pytest.fail("axe-core is missing: run ./build.sh")
    looks = {"felt": "wine", "largePrint": True}
    context, page = new_page(browser, watch, reduced_motion="reduce", color_scheme=scheme)
    try:
        page.add_init_script(path=str(AXE))
        page.add_init_script(f"localStorage.setItem('solitaire.preferences', {json.dumps(json.dumps({'looks': looks}))})")
        open_page(page, site_url + "?game=klondike&deal=1")
        assert_clean(page, f"{scheme} table")
        open_settings(page)
        assert_clean(page, f"{scheme} settings with the looks")
    finally:
        close(context, page, watch)
