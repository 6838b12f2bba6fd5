"""Daily deals through the real page: found in slices with progress, remembered, started from the bar;
the "Winnable?" indicator and the hint on a proven deal."""

from __future__ import annotations

import datetime
import json
import re
from typing import Any

import pytest
from page_helpers import READY, card, open_page, settled, shows_position
from playwright.sync_api import expect
from shared_page import fresh_deal
from solitaire.cards import card_text, full_deck
from solitaire.daily import daily, published_candidate
from solitaire.registry import make_rules
from solitaire_bridge import Bridge
from tripeaks_helpers import table

pytestmark = pytest.mark.browser

# Records every text of the loading screen and every status of the "Winnable?" indicator, as
# they change (a search run in one go would show only its last text, slices show each).
RECORDER = """
window.seen = { loading: [], winnable: [] };
document.addEventListener("DOMContentLoaded", () => {
  const keep = (list, value) => value && list.at(-1) !== value && list.push(value);
  const loading = document.getElementById("loading-text");
  const winnable = document.getElementById("winnable");
  new MutationObserver(() => keep(window.seen.loading, loading.textContent))
    .observe(loading, { childList: true, characterData: true, subtree: true });
  new MutationObserver(() => keep(window.seen.winnable, winnable.dataset.status))
    .observe(winnable, { attributes: true, attributeFilter: ["data-status"] });
});
"""


def seen(page: Any, what: str) -> list[str]:
    values: list[str] = page.evaluate(f"window.seen.{what}")
    return values


def shows_deal(page: Any, game: str, options: dict[str, str], deal: int) -> None:
    rules = make_rules(game, options)
    shows_position(page, rules, rules.deal(deal))


def remembered(page: Any) -> dict[str, Any]:
    stored: dict[str, Any] = json.loads(page.evaluate("localStorage.getItem('solitaire.dailies')") or "{}")
    return stored


def test_a_slow_daily_is_found_in_slices_with_progress_then_remembered(page: Any, site_url: str) -> None:
    options = {"suits": "4"}
    found = daily("spider", options, "2030-11-02")  # past the published table: searched
    assert published_candidate("spider", options, "2030-11-02") is None
    assert found.index >= 2  # a daily behind several candidates: the slow case
    page.add_init_script(RECORDER)
    page.goto(site_url + "?game=spider&suits=4&daily=2030-11-02")
    page.wait_for_selector(READY, state="attached", timeout=180_000)
    expect(page.locator("#deal-label")).to_contain_text("Daily 2030-11-02")
    shows_deal(page, "spider", options, found.deal)
    progress = [text for text in seen(page, "loading") if text.startswith("Finding the winnable deal of 2030-11-02…")]
    assert "Finding the winnable deal of 2030-11-02… (candidate 1)" in progress
    assert len(progress) >= 3, progress  # the page drew between slices
    entries = [entry for key, entry in remembered(page).items() if '"spider"' in key and "2030-11-02" in key]
    assert [entry["candidate"] for entry in entries] == [found.index]

    # A later visit (no saved game to resume) proves the remembered candidate only.
    page.add_init_script("localStorage.removeItem('solitaire.game')")
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    shows_deal(page, "spider", options, found.deal)
    assert not any("(candidate 1)" in text for text in seen(page, "loading")), seen(page, "loading")


def test_a_published_daily_proves_just_its_candidate(page: Any, site_url: str) -> None:
    options = {"suits": "4"}
    found = daily("spider", options, "2026-11-03")
    assert published_candidate("spider", options, "2026-11-03") == found.index >= 2
    page.add_init_script(RECORDER)
    open_page(page, site_url + "?game=spider&suits=4&daily=2026-11-03")
    shows_deal(page, "spider", options, found.deal)
    assert not any("(candidate 1)" in text for text in seen(page, "loading")), seen(page, "loading")


def test_a_foreign_remembered_candidate_is_ignored(page: Any, site_url: str) -> None:
    found = daily("pyramid", {}, "2026-11-29")
    junk = {"x": {"candidate": "2"}, "y": [1], "z": {"candidate": 999, "at": 0}}
    page.add_init_script(f"localStorage.setItem('solitaire.dailies', {json.dumps(json.dumps(junk))})")
    open_page(page, site_url + "?game=pyramid&daily=2026-11-29")
    shows_deal(page, "pyramid", make_rules("pyramid").options, found.deal)
    entries = remembered(page)
    assert not {"x", "y", "z"} & set(entries)  # the junk is dropped
    assert [entry["candidate"] for key, entry in entries.items() if "2026-11-29" in key] == [found.index]


def test_the_daily_button_starts_todays_deal_of_the_game(page: Any, site_url: str) -> None:
    today = datetime.date.today().isoformat()
    open_page(page, site_url + "?game=klondike&draw=3&deal=1")
    card(page, "tableau-1", 0).click()
    card(page, "tableau-7", 6).click()  # a move: a game in progress
    page.locator("#daily-game").click()  # nothing is given up: no question
    expect(page.locator("#deal-label")).to_contain_text(f"Daily {today}")
    assert not page.locator("#confirm").is_visible()
    options = make_rules("klondike", {"draw": "3"}).options
    shows_deal(page, "klondike", options, daily("klondike", options, today).deal)
    assert page.locator("#moves").inner_text() == "0"
    # The game of deal 1 is kept, offered in the picker.
    expect(page.locator("#game-picker optgroup option")).to_have_text("Klondike · Three cards · #1 · 1 move")


def test_the_t_key_starts_todays_daily_too(played: Any) -> None:
    page = played
    today = datetime.date.today().isoformat()
    fresh_deal(page, "freecell", 5)
    page.keyboard.press("t")
    expect(page.locator("#deal-label")).to_contain_text(f"Daily {today}")
    expect(page.locator("#game-picker")).to_have_value("freecell")


def test_a_proven_daily_is_winnable_with_a_difficulty_and_a_hint(page: Any, site_url: str) -> None:
    page.add_init_script(RECORDER)
    open_page(page, site_url + "?game=tripeaks&daily=2026-11-29")
    expect(page.locator("#winnable")).to_have_attribute("data-status", "winnable")
    expect(page.locator("#winnable-stat")).to_be_visible()
    expect(page.locator("#deal-label")).to_have_text(re.compile(r"^Daily 2026-11-29 · (easy|medium|hard|expert)$"))
    page.locator("#hint").click()
    settled(page)
    assert page.locator("[data-card].hinted").count() >= 1
    assert "unwinnable" not in seen(page, "winnable")


def tripeaks_save(peaks: dict[int, str], waste: str, stock: str) -> dict[str, Any]:
    """A saved TriPeaks game of this position (the other cards played to the waste), made by the bridge."""
    used = {*peaks.values(), *waste.split(), *stock.split()}
    played = " ".join(card_text(c) for c in full_deck() if card_text(c) not in used)
    layout = make_rules("tripeaks").text_layout(table(peaks, waste=f"{played} {waste}", stock=stock))
    bridge = Bridge()
    setup = {"type": "setup", "game": "tripeaks", "options": {}, "layout": layout}
    assert json.loads(bridge.handle(json.dumps(setup)))["ok"]
    save: dict[str, Any] = json.loads(bridge.handle(json.dumps({"type": "save"})))["save"]
    return save


def test_winnable_turns_to_unwinnable_after_a_losing_move(page: Any, site_url: str) -> None:
    # 5H on the waste, 6C and 4D free, 7D in the stock: 4D first wins (4D, draw 7D, 6C); 6C first loses.
    save = tripeaks_save({19: "6C", 20: "4D"}, waste="5H", stock="7D")
    page.add_init_script(RECORDER)
    page.add_init_script(f"localStorage.setItem('solitaire.game', {json.dumps(json.dumps(save))})")
    open_page(page, site_url)
    page.locator("#check-winnable").click()  # the verdict is shown once asked for
    expect(page.locator("#winnable")).to_be_visible()
    expect(page.locator("#winnable")).to_have_attribute("data-status", "winnable")
    card(page, "peak-19", 0).click()  # 6C to the waste
    expect(page.locator("#winnable")).to_have_attribute("data-status", "unwinnable")
    expect(page.locator("#winnable")).to_have_text("No")
    statuses = seen(page, "winnable")
    assert statuses[-1] == "unwinnable" and "winnable" in statuses


def test_tomorrows_daily_is_found_while_the_page_is_idle(page: Any, site_url: str) -> None:
    tomorrow = (datetime.date.today() + datetime.timedelta(days=1)).isoformat()
    expected = daily("pyramid", {}, tomorrow).index
    open_page(page, site_url + "?game=pyramid&deal=5")
    for _ in range(300):  # a few seconds at most: Pyramid's dailies are quick
        found = [entry["candidate"] for key, entry in remembered(page).items() if tomorrow in key and '"pyramid"' in key]
        if found:
            break
        page.wait_for_timeout(50)
    assert found == [expected]


def test_the_calendar_names_the_weekdays_and_opens_a_days_deal(played: Any) -> None:
    page = played
    fresh_deal(page, "klondike", 5)
    page.locator("#open-stats").click()
    month = page.locator("#stats-body .calendar").last  # this month
    expect(month.locator(".weekday")).to_have_text(["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"])
    today = page.evaluate("() => { const d = new Date(); return d.getDate(); }")
    days = month.locator("button.day")
    expect(days).to_have_count(today)  # the days up to today open; later ones do not
    days.first.click()
    expect(page.locator("#stats")).not_to_be_visible()
    first = page.evaluate("() => { const d = new Date(); return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-01`; }")
    expect(page.locator("#deal-label")).to_contain_text(f"Daily {first}", timeout=60_000)
