"""Nothing a player did is lost: a kept game per deal, addresses that name the table, durable
writes, loud failures, stored values checked on the way in, two tabs. Through the real page."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from browsers import CHROMIUM_FLAGS
from page_helpers import READY, open_page, pile_cards, settled, text_of
from playwright.sync_api import expect
from solitaire.registry import GAMES

pytestmark = pytest.mark.browser


def kept(page: Any, moves: int) -> None:
    """Wait until the game with `moves` moves is on disk (the page says so on <html>)."""
    page.wait_for_selector(f'html[data-kept="{moves}"]', state="attached")


def first_move(page: Any, game: str) -> None:
    """One move in any game: a click on the stock where there is one, else the first card that
    can move, picked at its corner in sight and put where the page lights up (or played at once
    where it has one place to go)."""
    settled(page)
    if page.locator('.slot[data-pile="stock"]').count():
        page.locator('[data-pile="stock"]').last.click()
    else:
        page.locator("[data-card].movable").first.click(position={"x": 8, "y": 8})
        page.wait_for_function("document.getElementById('moves').textContent === '1' || !!document.querySelector('.drop-target')")
        if text_of(page, "moves") == "0":
            box = page.locator(".drop-target").first.bounding_box()
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(page.locator("#moves")).to_have_text("1")


def table(page: Any) -> dict[str, list[str]]:
    settled(page)
    piles: dict[str, list[str]] = page.evaluate(
        """() => {
          const piles = {};
          for (const element of [...document.querySelectorAll('[data-card]')].sort((a, b) => a.dataset.index - b.dataset.index))
            (piles[element.dataset.pile] ??= []).push(element.dataset.card);
          return piles;
        }"""
    )
    return piles


def pick_game(page: Any, value: str) -> None:
    settled(page)
    page.locator("#game-picker").select_option(value)
    expect(page.locator("#game-picker")).to_have_value(value.split("|")[0].removeprefix("kept:"))
    settled(page)


def deal_of(page: Any) -> str:
    """The deal the bar names, without the difficulty (it comes when the analysis has it)."""
    return text_of(page, "deal-label").split(" · ")[0]


def kept_entries(page: Any) -> list[str]:
    texts: list[str] = page.locator("#game-picker optgroup option").all_inner_texts()
    return texts


def test_switching_through_every_game_and_back_keeps_each_one(page: Any, site_url: str) -> None:
    open_page(page, site_url + "?game=klondike&deal=1")
    tables = {}
    for game in GAMES:
        if game != "klondike":
            pick_game(page, game)
            expect(page.locator("#moves")).to_have_text("0")
        first_move(page, game)
        kept(page, 1)
        tables[game] = (deal_of(page), table(page))
    for game in GAMES:
        pick_game(page, game)
        expect(page.locator("#moves")).to_have_text("1")
        assert (deal_of(page), table(page)) == tables[game], game
        page.locator("#undo").click()  # the history came back too
        expect(page.locator("#moves")).to_have_text("0")
        page.locator("#redo").click()
        expect(page.locator("#moves")).to_have_text("1")
    page.locator("#open-stats").click()
    expect(page.locator("#stats-body")).to_contain_text("No games finished yet")  # nothing was given up


@pytest.mark.parametrize(
    "link",
    [
        "?game=klondike&deal=77",  # a share link of another deal
        "?game=klondike&deal=77&moves=s>w.w>t1",  # a challenge link (this one does not check out)
        "?game=klondike&deal=banana",  # a malformed link
        "?game=klondike&draw=7",  # options no game has
        "?game=freecell&deal=617",  # another game
    ],
)
def test_a_link_opened_mid_game_keeps_the_game(page: Any, site_url: str, link: str) -> None:
    open_page(page, site_url + "?game=klondike&deal=1")
    first_move(page, "klondike")
    before = table(page)
    kept(page, 1)
    open_page(page, site_url + link)
    settled(page)
    assert any(entry.endswith("#1 · 1 move") for entry in kept_entries(page)), kept_entries(page)
    value = page.locator("#game-picker optgroup option").first.get_attribute("value")
    pick_game(page, value)
    expect(page.locator("#moves")).to_have_text("1")
    assert table(page) == before
    page.locator("#open-stats").click()
    expect(page.locator("#stats-body")).to_contain_text("No games finished yet")


@pytest.mark.parametrize(
    ("link", "game"),
    [
        ("?game=klondike&deal=-1", "klondike"),
        ("?game=klondike&deal=0x10", "klondike"),
        ("?game=__proto__", "klondike"),
        ("?game=tripeaks&deal=1%20OR%201%3D1", "tripeaks"),
    ],
)
def test_a_bad_link_falls_back_to_the_daily_in_progress(page: Any, site_url: str, link: str, game: str) -> None:
    """A link that cannot be opened gives the daily of the game it names (else Klondike's); that
    daily, already under way, is resumed as it was: no game at 0 moves, no two-tab question."""
    open_page(page, site_url + f"?game={game}&daily={today()}")
    first_move(page, game)
    page.locator('[data-pile="stock"]').last.click()
    expect(page.locator("#moves")).to_have_text("2")
    kept(page, 2)
    open_page(page, site_url + link)
    expect(page.locator("#notice")).to_contain_text("Here is today's daily deal instead.")
    expect(page.locator("#moves")).to_have_text("2")
    assert f"game={game}" in page.url and f"daily={today()}" in page.url
    page.wait_for_timeout(500)  # what the page would ask comes at once
    expect(page.locator("#confirm")).to_be_hidden()
    kept(page, 2)


def today() -> str:
    return time.strftime("%Y-%m-%d")


def test_a_share_link_offers_the_game_in_progress(page: Any, site_url: str) -> None:
    open_page(page, site_url + "?game=klondike&deal=1")
    first_move(page, "klondike")
    kept(page, 1)
    open_page(page, site_url + "?game=klondike&deal=77")
    expect(page.locator("#notice")).to_contain_text("Your game in progress is saved")
    page.locator("#notice button").click()
    expect(page.locator("#moves")).to_have_text("1")
    assert re.match(r"#1( |$)", text_of(page, "deal-label"))


def test_the_address_names_the_table_so_a_reload_after_new_shows_the_new_deal(page: Any, site_url: str) -> None:
    open_page(page, site_url + "?game=klondike&deal=1")
    page.locator("#new-game").click()
    expect(page).not_to_have_url(re.compile(r"deal=1(&|$)"))
    settled(page)
    deal = re.search(r"#(\d+)", text_of(page, "deal-label"))
    assert deal and f"deal={deal.group(1)}" in page.url
    before = table(page)
    page.reload()
    page.wait_for_selector(READY, state="attached")
    assert re.search(r"#(\d+)", text_of(page, "deal-label")).group(1) == deal.group(1)  # type: ignore[union-attr]
    assert table(page) == before


def test_a_plain_address_resumes_the_last_game_and_then_names_it(page: Any, site_url: str) -> None:
    open_page(page, site_url + "?game=freecell&deal=617")
    first_move(page, "freecell")
    kept(page, 1)
    open_page(page, site_url)
    expect(page.locator("#moves")).to_have_text("1")
    assert "game=freecell" in page.url and "deal=617" in page.url


def test_giving_up_is_said_and_counted_once(page: Any, site_url: str) -> None:
    open_page(page, site_url + "?game=klondike&deal=1")
    first_move(page, "klondike")
    page.locator("#new-game").click()
    expect(page.locator("#confirm-text")).to_contain_text("counted as lost")
    page.locator("#confirm-ok").click()
    expect(page.locator("#moves")).to_have_text("0")
    settled(page)
    assert kept_entries(page) == []  # the game given up is gone, not kept
    page.locator("#open-stats").click()
    expect(page.locator("#stats-body tbody td").first).to_have_text("1")


# -- a killed browser ---------------------------------------------------------------------


def launch(profile: Path) -> tuple[subprocess.Popen[bytes], str]:
    """Chromium as a player runs it (a profile on disk), with a DevTools port to drive it."""
    executable = os.environ.get("SOLITAIRE_CHROMIUM", "/usr/bin/chromium")
    process = subprocess.Popen(
        [executable, "--headless=new", "--remote-debugging-port=0", f"--user-data-dir={profile}", *CHROMIUM_FLAGS, "about:blank"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    assert process.stderr is not None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = process.stderr.readline().decode(errors="replace")
        if match := re.search(r"DevTools listening on (ws://\S+)", line):
            return process, match.group(1)
    process.kill()
    raise AssertionError("Chromium did not start")


def kill(process: subprocess.Popen[bytes]) -> None:
    os.killpg(process.pid, signal.SIGKILL)  # the whole browser, its renderers and storage service too
    process.wait()


@pytest.mark.parametrize("game", ["klondike", "freecell"])
def test_a_browser_killed_a_second_after_a_move_keeps_the_move(browser: Any, site_url: str, tmp_path: Path, game: str) -> None:
    deal = "617" if game == "freecell" else "1"
    chromium = browser.browser_type
    process, endpoint = launch(tmp_path / "profile")
    try:
        page = chromium.connect_over_cdp(endpoint).contexts[0].new_page()
        open_page(page, f"{site_url}?game={game}&deal={deal}")
        first_move(page, game)
        before = table(page)
        time.sleep(1.0)
    finally:
        kill(process)
    process, endpoint = launch(tmp_path / "profile")
    try:
        page = chromium.connect_over_cdp(endpoint).contexts[0].new_page()
        open_page(page, site_url)
        assert text_of(page, "moves") == "1"
        assert table(page) == before
    finally:
        kill(process)


# -- storage that fails ----------------------------------------------------------------


def origin_of(url: str) -> str:
    parts = urlparse(url)
    return f"{parts.scheme}://{parts.netloc}"


# A full storage, as the browser reports it: IndexedDB's writes and localStorage's fail with a
# QuotaExceededError. (Chromium's
# DevTools quota override, Storage.overrideQuotaForOrigin, did not make writes fail here: 120 MB
# written over a quota of 3 MB went through, in a fresh and in a persistent profile.)
FULL_STORAGE = """
window.storageFull = false;
const put = IDBObjectStore.prototype.put;
IDBObjectStore.prototype.put = function (...args) {
  if (window.storageFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  return put.apply(this, args);
};
const setItem = Storage.prototype.setItem;
Storage.prototype.setItem = function (...args) {
  if (window.storageFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  return setItem.apply(this, args);
};
"""


def test_full_storage_is_said_and_loses_nothing_already_kept(page: Any, site_url: str) -> None:
    page.add_init_script(FULL_STORAGE)
    open_page(page, site_url + "?game=klondike&deal=1")
    first_move(page, "klondike")
    kept(page, 1)
    before = table(page)
    page.evaluate("window.storageFull = true")
    page.locator('[data-pile="stock"]').last.click()
    expect(page.locator("#store-warning")).to_be_visible()
    expect(page.locator("#store-warning")).to_contain_text("full")
    expect(page.locator("#moves")).to_have_text("2")  # the game goes on
    page.evaluate("window.storageFull = false")  # space again: keeping works again
    page.locator('[data-pile="stock"]').last.click()
    kept(page, 3)
    expect(page.locator("#store-warning")).to_be_hidden()
    page.evaluate("window.storageFull = true")
    page.locator('[data-pile="stock"]').last.click()
    expect(page.locator("#store-warning")).to_be_visible()
    page.reload()
    page.wait_for_selector(READY, state="attached")
    expect(page.locator("#moves")).to_have_text("3")  # what was kept is still there
    assert len(pile_cards(page, "waste")) == 3 and table(page) != before


THROWING_STORAGE = """
for (const name of ['open', 'deleteDatabase'])
  IDBFactory.prototype[name] = () => { throw new DOMException('The user denied permission to access the database.', 'SecurityError'); };
Storage.prototype.setItem = () => { throw new DOMException('blocked', 'SecurityError'); };
"""


def test_storage_that_throws_is_said_and_the_game_plays(page: Any, site_url: str) -> None:
    page.add_init_script(THROWING_STORAGE)
    open_page(page, site_url + "?game=klondike&deal=1")
    expect(page.locator("#store-warning")).to_be_visible()
    expect(page.locator("#store-warning")).to_contain_text("nothing is kept")
    first_move(page, "klondike")
    assert pile_cards(page, "waste") != []


def test_a_failed_statistics_import_says_so_and_keeps_the_statistics(page: Any, site_url: str, tmp_path: Path) -> None:
    page.add_init_script(FULL_STORAGE)
    open_page(page, site_url + "?game=klondike&deal=1")
    first_move(page, "klondike")
    page.locator("#new-game").click()
    page.locator("#confirm-ok").click()  # one game counted
    page.locator("#open-stats").click()
    expect(page.locator("#stats-body tbody td").first).to_have_text("1")
    page.evaluate("window.storageFull = true")
    file = tmp_path / "stats.json"
    record = {"played": 12, "won": 5, "streak": 1, "bestStreak": 3, "bestSeconds": 300, "bestScore": 600, "bestMoves": 120}
    file.write_text(json.dumps({"version": 2, "records": {"klondike|draw=1,open=off,scoring=standard,timed=off": record}}))
    page.locator("#stats-file").set_input_files(str(file))
    expect(page.locator("#confirm-text")).to_contain_text("12 games, 5 won")
    page.locator("#confirm-ok").click()
    expect(page.locator("#notice")).to_contain_text("could not be written")
    expect(page.locator("#stats-body tbody td").first).to_have_text("1")
    page.evaluate("window.storageFull = false")
    page.reload()
    page.wait_for_selector(READY, state="attached")
    page.locator("#open-stats").click()
    expect(page.locator("#stats-body tbody td").first).to_have_text("1")


# -- stored values that are not right ------------------------------------------------------

BAD_VALUES = [
    ("options.klondike", '{"unknown":"1"}'),
    ("options.klondike", '{"draw":"7"}'),
    ("options.klondike", "[1,2]"),
    ("options.klondike", "not json"),
    ("options.spider", '{"suits":3}'),
    ("preferences", '{"language":"xx","autoplay":"yes"}'),
    ("preferences", '"a string"'),
    ("dailies", '{"x":{"candidate":-1}}'),
    ("game", '{"version":1,"game":"klondike","options":{},"deal":1,"daily":null,"turns":[],"undone":[],"seconds":1e308}'),
    ("game", '{"version":1,"game":"klondike","options":{},"deal":1,"daily":"2026-02-30","turns":[],"undone":[],"seconds":0}'),
    ("game", '{"version":7}'),
    ("game", "[]"),
    ("unsaved", '{"record":{"id":"x","game":"nope"}}'),
    ("stats", '{"version":1,"records":{"constructor|draw=1":{"played":-1}}}'),
]


@pytest.mark.parametrize("key, value", BAD_VALUES)
def test_a_bad_stored_value_leaves_a_playable_page(page: Any, site_url: str, key: str, value: str) -> None:
    page.add_init_script(f"localStorage.setItem({json.dumps('solitaire.' + key)}, {json.dumps(value)});")
    open_page(page, site_url)
    settled(page)
    first_move(page, "klondike")  # the page plays
    for action in ["#new-game", "#daily-game"]:  # New, the daily, the picker and Settings all work
        page.locator(action).click()
        if page.locator("#confirm").is_visible():
            page.locator("#confirm-ok").click()
        settled(page)
        expect(page.locator("#moves")).to_have_text("0")
    pick_game(page, "spider")
    page.locator("#open-settings").click()
    expect(page.locator("#settings")).to_be_visible()
    page.locator("#settings button[value=cancel]").click()
    page.locator("#open-stats").click()
    expect(page.locator("#stats-body")).not_to_contain_text("function")
    expect(page.locator("#stats-body")).not_to_contain_text("NaN")


@pytest.mark.parametrize(
    ("key", "said"),
    [
        ("options.klondike", "The saved options of Klondike could not be used"),
        ("preferences", "Some saved settings could not be used"),
    ],
)
def test_stored_settings_that_do_not_parse_are_said(page: Any, site_url: str, key: str, said: str) -> None:
    """Options or preferences that are not JSON are reset to their defaults, and the player is told."""
    page.add_init_script(f"localStorage.setItem({json.dumps('solitaire.' + key)}, '{{\"draw\": 3');")
    open_page(page, site_url + "?game=klondike&deal=1")
    expect(page.locator("#notice")).to_contain_text(said)
    first_move(page, "klondike")


CORRUPT_RECORDS = [
    {"id": "klondike|x|deal=1", "game": "klondike"},
    {"id": 5, "game": "klondike"},
    "a string",
]


@pytest.mark.parametrize("record", CORRUPT_RECORDS)
def test_a_corrupt_kept_game_is_set_aside_with_a_message(page: Any, site_url: str, record: Any) -> None:
    open_page(page, site_url + "?game=klondike&deal=1")
    first_move(page, "klondike")
    kept(page, 1)
    page.evaluate(
        """async (record) => {
          const db = await new Promise((ok) => { const r = indexedDB.open('solitaire'); r.onsuccess = () => ok(r.result); });
          const tx = db.transaction('games', 'readwrite');
          if (typeof record === 'string') tx.objectStore('games').put(record, undefined);
          else tx.objectStore('games').put(record);
          await new Promise((ok) => { tx.oncomplete = ok; tx.onerror = ok; tx.onabort = ok; });
        }""",
        record if not isinstance(record, str) else {"id": "str", "game": record},
    )
    page.reload()
    page.wait_for_selector(READY, state="attached")
    expect(page.locator("#notice")).to_contain_text("could not be read")
    expect(page.locator("#moves")).to_have_text("1")  # the good game is untouched


def test_statistics_of_a_newer_version_survive_a_played_game(page: Any, site_url: str) -> None:
    newer = {"version": 9, "records": {"klondike|draw=1": {"played": 99}}, "future": True}
    open_page(page, site_url + "?game=klondike&deal=1")
    page.evaluate(
        """async (stats) => {
          const db = await new Promise((ok) => { const r = indexedDB.open('solitaire'); r.onsuccess = () => ok(r.result); });
          const tx = db.transaction('meta', 'readwrite');
          tx.objectStore('meta').put(stats, 'stats');
          await new Promise((ok) => { tx.oncomplete = ok; });
        }""",
        newer,
    )
    page.reload()
    page.wait_for_selector(READY, state="attached")
    expect(page.locator("#notice")).to_contain_text("newer version")
    first_move(page, "klondike")
    page.locator("#new-game").click()
    page.locator("#confirm-ok").click()
    expect(page.locator("#notice")).to_contain_text("not counted")
    stored = page.evaluate(
        """async () => {
          const db = await new Promise((ok) => { const r = indexedDB.open('solitaire'); r.onsuccess = () => ok(r.result); });
          return new Promise((ok) => { const r = db.transaction('meta').objectStore('meta').get('stats'); r.onsuccess = () => ok(r.result); });
        }"""
    )
    assert stored == newer


@pytest.mark.parametrize(
    "content",
    [
        json.dumps({"version": 2, "records": []}),
        json.dumps({"version": 2, "records": {"klondike|draw=1": {"played": 1, "won": 2, "streak": 0, "bestStreak": 0}}}),
        json.dumps({"version": 2, "records": {"constructor|draw=1": {"played": 1, "won": 0, "streak": 0, "bestStreak": 0}}}),
        json.dumps(
            {"version": 2, "records": {"klondike|draw=1": {"played": 1, "won": 1, "streak": 1, "bestStreak": 1, "bestSeconds": -7.5}}}
        ),
        json.dumps({"version": 2, "records": {}, "daily": {"2026-02-30|klondike|draw=1": "won"}}),
        json.dumps({"version": 4, "records": {}}),  # newer than this page
        json.dumps(
            {"version": 3, "records": {"klondike|draw=1": {"played": 2, "won": 1, "wonUnassisted": 2, "streak": 0, "bestStreak": 1}}}
        ),
    ],
)
def test_a_bad_import_changes_nothing(page: Any, site_url: str, tmp_path: Path, content: str) -> None:
    open_page(page, site_url + "?game=klondike&deal=1")
    first_move(page, "klondike")
    page.locator("#new-game").click()
    page.locator("#confirm-ok").click()
    page.locator("#open-stats").click()
    expect(page.locator("#stats-body tbody td").first).to_have_text("1")  # one game counted
    file = tmp_path / "stats.json"
    file.write_text(content)
    page.locator("#stats-file").set_input_files(str(file))
    expect(page.locator("#notice")).to_contain_text("cannot be imported")
    assert not page.locator("#confirm").is_visible()
    expect(page.locator("#stats-body tbody td").first).to_have_text("1")


# -- two tabs ---------------------------------------------------------------------------


def test_two_tabs_with_two_games_both_survive(page: Any, site_url: str) -> None:
    other = page.context.new_page()
    open_page(page, site_url + "?game=klondike&deal=1")
    open_page(other, site_url + "?game=freecell&deal=617")
    first_move(page, "klondike")
    first_move(other, "freecell")
    kept(page, 1)
    kept(other, 1)
    page.close()
    other.close()
    again = page.context.new_page()
    open_page(again, site_url + "?game=klondike&deal=1")
    expect(again.locator("#moves")).to_have_text("1")
    open_page(again, site_url + "?game=freecell&deal=617")
    expect(again.locator("#moves")).to_have_text("1")


@pytest.mark.parametrize(
    ("granted", "said"), [(None, None), (True, "kept on this device for good"), (False, "did not grant lasting storage")]
)
def test_the_browser_is_asked_to_keep_the_games_for_good(page: Any, site_url: str, granted: bool | None, said: str | None) -> None:
    """Once a game with a move is kept, the page asks for lasting storage, and Settings says what
    the browser answered (granted None: headless Chromium's own answer)."""
    if granted is not None:
        page.add_init_script(
            f"navigator.storage.persist = async () => {json.dumps(granted)}; navigator.storage.persisted = async () => false;"
        )
    open_page(page, site_url + "?game=klondike&deal=1")
    assert page.locator("html[data-storage]").count() == 0  # nothing kept yet: nothing asked
    first_move(page, "klondike")
    page.wait_for_selector("html[data-storage]", state="attached")
    answer = page.locator("html").get_attribute("data-storage")
    assert answer in {"lasting", "best-effort"}
    if said is None:
        said = "kept on this device for good" if answer == "lasting" else "did not grant lasting storage"
    page.locator("#open-settings").click()
    expect(page.locator("#storage-status")).to_be_visible()
    expect(page.locator("#storage-status")).to_contain_text(said)


def test_a_database_deleted_under_the_page_is_said_and_made_again(page: Any, site_url: str) -> None:
    """The site's database deleted while the page is open (site data cleared, another tab): the
    player is told, the game on the table is kept again at once, and play goes on being kept."""
    open_page(page, site_url + "?game=klondike&deal=1")
    first_move(page, "klondike")
    kept(page, 1)
    page.evaluate("() => new Promise((resolve) => { indexedDB.deleteDatabase('solitaire').onsuccess = resolve; })")
    expect(page.locator("#notice")).to_contain_text("The saved games were deleted")
    page.locator('[data-pile="stock"]').last.click()
    kept(page, 2)
    expect(page.locator("#store-warning")).to_be_hidden()
    open_page(page, site_url + "?game=klondike&deal=1")
    expect(page.locator("#moves")).to_have_text("2")


def two_tabs_at_odds(page: Any, site_url: str) -> Any:
    """Klondike deal 1 in `page` and in another tab, which keeps 2 moves; then a move in `page`,
    which has not seen them: it asks which game to keep. The other tab."""
    other = page.context.new_page()
    open_page(page, site_url + "?game=klondike&deal=1")
    open_page(other, site_url + "?game=klondike&deal=1")
    first_move(other, "klondike")
    other.locator('[data-pile="stock"]').last.click()
    kept(other, 2)
    first_move(page, "klondike")
    expect(page.locator("#confirm")).to_be_visible()
    return other


def test_a_closing_tabs_copy_never_goes_over_a_newer_revision(page: Any, site_url: str) -> None:
    """Tab B keeps 2 moves; tab A, which has not seen them, makes 1 and is asked which to keep;
    it is closed unanswered and leaves its copy (as a page that closes does before its write is
    known to be done); the next start keeps B's 2 moves, though A's copy is newer by the clock."""
    other = two_tabs_at_odds(page, site_url)  # not answered
    # Tab A closes: the copy it leaves, read at once (its own write is then refused and the copy
    # dropped, which a closing browser may never get to).
    copy = page.evaluate(
        "() => { window.dispatchEvent(new PageTransitionEvent('pagehide')); return localStorage.getItem('solitaire.unsaved'); }"
    )
    assert copy and '"moves":1' in copy, copy
    page.close()
    other.close()
    again = other.context.new_page()
    again.add_init_script(f"localStorage.setItem('solitaire.unsaved', {json.dumps(copy)});")
    open_page(again, site_url + "?game=klondike&deal=1")
    expect(again.locator("#moves")).to_have_text("2")
    assert again.evaluate("localStorage.getItem('solitaire.unsaved')") is None  # the stale copy is gone


def test_a_tab_that_would_overwrite_another_tabs_newer_game_asks(page: Any, site_url: str) -> None:
    other = two_tabs_at_odds(page, site_url)
    expect(page.locator("#confirm-text")).to_contain_text("2 moves, this one 1")
    page.locator("#confirm-cancel").click()  # load the other tab's game
    expect(page.locator("#moves")).to_have_text("2")
    other.close()


def test_a_closing_tabs_copy_keeps_the_help_its_write_did_not_finish(page: Any, site_url: str) -> None:
    """The game is marked assisted ("Winnable?"), and the page closes before that write is on disk: its
    copy has the same moves as the game kept, and only the copy has the mark. The next start
    keeps the mark (the copy is no copy of a write that went through)."""
    page.add_init_script(
        "const put = IDBObjectStore.prototype.put;"
        "IDBObjectStore.prototype.put = function (...args) {"
        "  if (window.writesHang) return new Promise(() => {});"  # never a request: the write never ends
        "  return put.apply(this, args); };"
    )
    open_page(page, site_url + "?game=klondike&deal=4")
    kept(page, 0)
    page.evaluate("window.writesHang = true")
    page.locator("#check-winnable").click()
    expect(page.locator("#deal-label")).to_contain_text("assisted")
    copy = page.evaluate(
        "() => { window.dispatchEvent(new PageTransitionEvent('pagehide')); return localStorage.getItem('solitaire.unsaved'); }"
    )
    assert copy and '"assisted":true' in copy, copy
    page.close()
    again = page.context.new_page()
    again.add_init_script(f"localStorage.setItem('solitaire.unsaved', {json.dumps(copy)});")
    open_page(again, site_url + "?game=klondike&deal=4")
    expect(again.locator("#deal-label")).to_contain_text("assisted")
    expect(again.locator("#check-winnable")).to_be_hidden()
