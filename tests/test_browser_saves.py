"""Saved games, statistics and shared links, through the real page."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from page_helpers import READY, card, open_page, pile_cards, settled, text_of
from playwright.sync_api import expect
from test_browser_klondike import NEAR_WON, command_line, set_up

pytestmark = pytest.mark.browser


def stats_cells(page: Any) -> list[str]:
    row = page.locator("#stats-body tbody tr").first
    row.locator("td").first.wait_for()  # the dialog may still be redrawing
    cells: list[str] = row.locator("td").all_inner_texts()
    return cells


def win_near_won(page: Any, site_url: str) -> None:
    set_up(page, site_url, NEAR_WON)
    page.locator("#complete").click()
    expect(page.locator("#won")).to_be_visible()
    page.locator("#won button[value=close]").click()


def test_a_reload_keeps_the_undo_history(page: Any, site_url: str) -> None:
    open_page(page, site_url + "?game=klondike&deal=1")
    card(page, "tableau-1", 0).click()
    card(page, "tableau-7", 6).click()
    card(page, "stock", 23).click()
    settled(page)  # the move is on the table: from now on it is kept
    page.reload()
    page.wait_for_selector(READY, state="attached")
    assert text_of(page, "moves") == "2"
    page.locator("#undo").click()
    page.locator("#undo").click()
    assert pile_cards(page, "tableau-1") == ["7D"] and pile_cards(page, "waste") == []
    page.locator("#redo").click()
    assert pile_cards(page, "tableau-1") == []


def test_the_saved_table_shows_before_python_is_ready(page: Any, site_url: str) -> None:
    open_page(page, site_url + "?game=freecell&deal=617")
    # Hold the WebAssembly back on the next visit: the table must still appear.
    held: list[Any] = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.goto(site_url)
    page.wait_for_selector('[data-card][data-pile="tableau-1"]', state="attached", timeout=5000)
    assert page.locator("html[data-ready=true]").count() == 0  # drawn before Python took over
    assert page.locator("#board").get_attribute("aria-busy") == "true"  # input waits for the engine
    assert card(page, "tableau-1", 0).get_attribute("data-card") == "7D"
    for route in held:
        route.continue_()
    page.unroute("**/pyodide.asm.wasm")
    page.wait_for_selector(READY, state="attached", timeout=60_000)


def test_a_win_counts_in_the_statistics(page: Any, site_url: str) -> None:
    win_near_won(page, site_url)
    page.locator("#open-stats").click()
    played, won, unassisted, rate, streak, _, best_time, *_ = stats_cells(page)
    assert (played, won, unassisted, rate, streak) == ("1", "1", "1", "100 %", "1") and best_time != "–"


def test_a_game_won_with_a_hint_counts_as_won_but_assisted(page: Any, site_url: str) -> None:
    """Won, but not unassisted: no best time or score, and the bar says so. Finish is no help."""
    set_up(page, site_url, NEAR_WON)
    page.locator("#hint").click()
    expect(page.locator("#deal-label")).to_contain_text("assisted")
    page.locator("#complete").click()
    expect(page.locator("#won")).to_be_visible()
    page.locator("#won button[value=close]").click()
    page.locator("#open-stats").click()
    played, won, unassisted, rate, streak, _, best_time, best_moves, best_score = stats_cells(page)
    assert (played, won, unassisted, rate, streak) == ("1", "1", "0", "100 %", "1")
    assert (best_time, best_moves, best_score) == ("–", "–", "–")


def test_finish_alone_is_no_help(page: Any, site_url: str) -> None:
    set_up(page, site_url, NEAR_WON)
    page.locator("#complete").click()
    expect(page.locator("#won")).to_be_visible()
    expect(page.locator("#deal-label")).not_to_contain_text("assisted")


def test_giving_up_counts_as_a_loss_and_asks_first(page: Any, site_url: str) -> None:
    open_page(page, site_url + "?game=klondike&deal=1")
    card(page, "stock", 23).click()
    page.locator("#new-game").click()
    expect(page.locator("#confirm")).to_be_visible()
    page.locator("#confirm-ok").click()
    expect(page.locator("#moves")).to_have_text("0")
    page.locator("#open-stats").click()
    played, won, unassisted, rate, *_ = stats_cells(page)
    assert (played, won, unassisted, rate) == ("1", "0", "0", "0 %")


def test_cumulative_vegas_carries_the_balance_over(page: Any, site_url: str) -> None:
    """The engine says the score carries over; the statistics keep the balance for the next game."""
    open_page(page, site_url + "?game=klondike&deal=1&scoring=vegas-cumulative")
    card(page, "stock", 23).click()
    page.locator("#new-game").click()
    page.locator("#confirm-ok").click()
    expect(page.locator("#moves")).to_have_text("0")
    expect(page.locator("#score")).to_have_text("−$104 total")  # the last game's −$52 and this one's stake
    page.locator("#open-stats").click()
    expect(page.locator("#stats-body")).to_contain_text("Cumulative Vegas balance: $-52")


def test_the_score_is_in_dollars_only_in_vegas(page: Any, site_url: str) -> None:
    """The view says when the score is money; the bar writes it with a dollar sign then."""
    open_page(page, site_url + "?game=klondike&deal=1&scoring=vegas")
    expect(page.locator("#score")).to_have_text("−$52")
    open_page(page, site_url + "?game=klondike&deal=1&scoring=standard")
    expect(page.locator("#score")).to_have_text("0")


def test_reset_needs_confirmation(page: Any, site_url: str) -> None:
    win_near_won(page, site_url)
    page.locator("#open-stats").click()
    page.locator("#stats-reset").click()
    page.locator("#confirm-cancel").click()
    assert stats_cells(page)[0] == "1"
    page.locator("#stats-reset").click()
    page.locator("#confirm-ok").click()
    expect(page.locator("#stats-body tbody")).to_have_count(0)


def test_export_and_import_statistics(page: Any, site_url: str, tmp_path: Path) -> None:
    win_near_won(page, site_url)
    page.locator("#open-stats").click()
    with page.expect_download() as download:
        page.locator("#stats-export").click()
    exported = tmp_path / "stats.json"
    download.value.save_as(exported)
    data = json.loads(exported.read_text())
    assert sum(record["won"] for record in data["records"].values()) == 1
    page.locator("#stats-reset").click()
    page.locator("#confirm-ok").click()
    page.locator("#stats-file").set_input_files(str(exported))
    expect(page.locator("#confirm-text")).to_contain_text("1 games, 1 won")  # what would replace the statistics, asked first
    page.locator("#confirm-ok").click()
    expect(page.locator("#stats-body tbody tr")).to_have_count(1)
    # expect() retries: the dialog is redrawn when the file has been read.
    imported = page.locator("#stats-body tbody tr").first.locator("td")
    expect(imported.nth(0)).to_have_text("1")
    expect(imported.nth(1)).to_have_text("1")


@pytest.mark.parametrize(
    "content",
    ["not json at all", json.dumps({"version": 99, "records": {}}), json.dumps([1, 2]), "null"],
)
def test_a_bad_statistics_file_changes_nothing(page: Any, site_url: str, tmp_path: Path, content: str) -> None:
    win_near_won(page, site_url)
    page.locator("#open-stats").click()
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    page.locator("#stats-file").set_input_files(str(bad))
    expect(page.locator("#notice")).to_contain_text("cannot be imported")
    assert stats_cells(page)[:2] == ["1", "1"]


def test_imported_text_never_becomes_markup(page: Any, site_url: str, tmp_path: Path) -> None:
    open_page(page, site_url + "?game=klondike&deal=1")
    evil = {"version": 1, "records": {"klondike|draw=<img src=x onerror=alert(1)>": {"played": 1}}, "daily": {}}
    path = tmp_path / "evil.json"
    path.write_text(json.dumps(evil))
    page.locator("#open-stats").click()
    page.locator("#stats-file").set_input_files(str(path))
    assert page.locator("#stats-body img").count() == 0


def challenge_link(page: Any) -> str:
    page.locator("#open-share").click()
    link: str = page.locator("#share-challenge").input_value()
    page.locator("#share button[value=close]").click()
    return link


def test_a_share_link_names_the_deal(page: Any, site_url: str) -> None:
    open_page(page, site_url + "?game=spider&suits=2&deal=77")
    page.locator("#open-share").click()
    query = parse_qs(urlparse(page.locator("#share-deal").input_value()).query)
    assert query == {"game": ["spider"], "suits": ["2"], "deal": ["77"]}
    assert page.locator("#share-challenge-part").is_hidden()


def test_a_challenge_link_is_verified_and_compared(page: Any, site_url: str, browser: Any) -> None:
    # A winning FreeCell line makes a real challenge: play it through the page's own link format.
    from freecell_helpers import FC_SOLVE, microsoft_board, solve, solver_move
    from solitaire.registry import make_rules

    if FC_SOLVE is None:
        pytest.skip("fc-solve is not installed")
    rules = make_rules("freecell")
    position, moves = rules.deal(1), []
    for line in solve(microsoft_board(1)) or []:
        move = solver_move(rules, position, line)  # type: ignore[arg-type]
        position = rules.apply(position, move)
        moves.append(str(move))
    link = f"{site_url}?game=freecell&deal=1&moves={'.'.join(moves)}"
    open_page(page, link)
    expect(page.locator("#challenge")).to_contain_text(f"won in {len(moves)} moves")
    assert text_of(page, "moves") == "0"  # the player gets the deal itself to play
    # The banner is a strip above the table: it covers no card and takes no tap meant for one.
    banner, board = page.locator("#challenge").bounding_box(), page.locator("#board").bounding_box()
    assert banner["y"] + banner["height"] <= board["y"] + 0.5


def test_a_tampered_challenge_gets_a_message_and_a_playable_game(page: Any, site_url: str) -> None:
    open_page(page, site_url + "?game=klondike&deal=5&moves=s>w.t9>t1.zz")
    expect(page.locator("#notice")).to_contain_text("does not check out")
    assert page.locator("#challenge").is_hidden()
    assert page.locator("[data-card]").count() == 52 and text_of(page, "deal-label").split(" · ")[0] == "#5"


def test_a_challenge_that_does_not_win_says_so(page: Any, site_url: str) -> None:
    open_page(page, site_url + "?game=klondike&deal=5&moves=s>w.s>w")
    expect(page.locator("#notice")).to_contain_text("does not win")


def test_closing_the_tab_keeps_the_game_and_its_history(browser: Any, site_url: str) -> None:
    context = browser.new_context(service_workers="block")
    first = context.new_page()
    open_page(first, site_url + "?game=klondike&deal=1")
    card(first, "tableau-1", 0).click()
    card(first, "tableau-7", 6).click()
    settled(first)
    first.close(run_before_unload=True)
    second = context.new_page()
    open_page(second, site_url)
    assert text_of(second, "moves") == "1" and pile_cards(second, "tableau-1") == []
    second.locator("#undo").click()
    assert pile_cards(second, "tableau-1") == ["7D"]
    context.close()


@pytest.mark.parametrize(
    "query",
    ["?game=<img src=x onerror=alert(1)>", "?game=klondike&deal=<b>1</b>", "?game=klondike&draw=<svg onload=alert(1)>"],
)
def test_an_address_never_becomes_markup(page: Any, site_url: str, query: str) -> None:
    open_page(page, site_url + query)
    expect(page.locator("#notice")).to_be_visible()
    assert page.locator("body img, body b, #notice svg").count() == 0
    assert page.locator("[data-card]").count() == 52


def test_a_challenge_banner_sits_above_the_table(browser: Any, site_url: str) -> None:
    """On a phone too: a strip between the bar and the table, covering no card, taking no tap."""
    line = command_line("solve", "klondike", "7").split()
    assert line[0] == "winnable"
    context = browser.new_context(viewport={"width": 360, "height": 640}, service_workers="block", reduced_motion="reduce")
    page = context.new_page()
    try:
        open_page(page, f"{site_url}?game=klondike&deal=7&moves={'.'.join(line[1:])}")
        expect(page.locator("#challenge")).to_contain_text(f"won in {len(line) - 1} moves")
        banner, board = page.locator("#challenge").bounding_box(), page.locator("#board").bounding_box()
        assert banner["y"] + banner["height"] <= board["y"] + 0.5
        card(page, "stock", 23).click()  # the stock, right under it, takes the tap
        expect(page.locator("#moves")).to_have_text("1")
    finally:
        context.close()


def test_statistics_on_a_phone_are_labelled_figures_without_sideways_scrolling(browser: Any, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 640}, service_workers="block", reduced_motion="reduce")
    page = context.new_page()
    try:
        win_near_won(page, site_url)
        page.locator("#open-menu").click()
        page.locator("[data-for=open-stats]").click()
        expect(page.locator("#stats")).to_be_visible()
        body = page.locator("#stats-body")
        assert body.evaluate("element => element.scrollWidth <= element.clientWidth")
        labels = page.eval_on_selector_all(
            "#stats-body tbody td", "cells => cells.map((cell) => getComputedStyle(cell, '::before').content)"
        )
        assert labels[:3] == ['"Played" / ""', '"Won" / ""', '"Won unassisted" / ""']
        assert stats_cells(page)[:3] == ["1", "1", "1"]
        for cell in page.locator("#stats-body tbody td").all():  # every figure on screen, inside the dialog
            box, dialog = cell.bounding_box(), page.locator("#stats").bounding_box()
            assert box["x"] >= dialog["x"] and box["x"] + box["width"] <= dialog["x"] + dialog["width"]
    finally:
        context.close()
