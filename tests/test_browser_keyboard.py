"""Keyboard-only play through the real page: focus, pick and drop, shortcuts, announcements."""

from __future__ import annotations

import json
from typing import Any

import pytest
from page_helpers import READY, card, open_page, pile_cards, settled, text_of
from playwright.sync_api import expect
from shared_page import fresh_deal
from solitaire.registry import GAMES
from solitaire.rule_pages import RULE_PAGES
from solitaire_bridge import Bridge
from test_browser_klondike import NEAR_WON, set_up

pytestmark = pytest.mark.browser

BOARD = "#board"


def view_of(game: str, deal: int, options: dict[str, str] | None = None) -> dict[str, Any]:
    """The bridge's view of a fresh deal, computed by CPython (what the page gets from Pyodide)."""
    answer: dict[str, Any] = json.loads(Bridge().handle(json.dumps({"type": "new", "game": game, "options": options or {}, "deal": deal})))
    return answer


def tab_to_board(page: Any) -> None:
    """Press Tab until the table has the focus: it is in the tab order, after the bar."""
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "board":
            return
    raise AssertionError("Tab never reached the table")


def focused(page: Any) -> dict[str, Any]:
    """The place the board's aria-activedescendant names: pile, index (None for an empty pile), label."""
    settled(page)
    place: dict[str, Any] = page.evaluate(
        """() => {
          const board = document.getElementById('board');
          const element = document.getElementById(board.getAttribute('aria-activedescendant'));
          if (!element) return null;
          return {pile: element.dataset.pile, index: element.dataset.index === undefined ? null : Number(element.dataset.index),
                  label: element.getAttribute('aria-label'), description: element.getAttribute('aria-description')};
        }"""
    )
    return place


def ring_on_focus(page: Any) -> bool:
    """One focus ring is drawn, exactly where the focused element is."""
    settled(page)
    result: bool = page.evaluate(
        """() => {
          const board = document.getElementById('board');
          const rings = board.querySelectorAll('.focus-ring');
          const element = document.getElementById(board.getAttribute('aria-activedescendant'));
          return rings.length === 1 && !!element && rings[0].getAttribute('transform') === element.getAttribute('transform');
        }"""
    )
    return result


def said(page: Any) -> Any:
    return expect(page.locator("#announcer"))


def test_a_won_klondike_with_keys_only(page: Any, site_url: str) -> None:
    set_up(page, site_url, NEAR_WON)
    tab_to_board(page)
    assert focused(page)["pile"] == "stock"  # the first pile, empty here
    assert ring_on_focus(page)
    page.keyboard.press("1")  # column 1: the King of Clubs
    assert focused(page) == {"pile": "tableau-1", "index": 0, "label": "King of Clubs", "description": "Column 1"}
    page.keyboard.press("Enter")
    expect(page.locator(".drop-target")).to_have_count(4)  # its foundation and the empty columns
    assert card(page, "tableau-1", 0).get_attribute("aria-pressed") == "true"
    said(page).to_have_text("King of Clubs picked up; it can go to Foundation 1 or Column 5, 6 or 7.")
    for key in ["ArrowUp", "ArrowRight", "ArrowRight"]:  # stock, waste, foundation 1
        page.keyboard.press(key)
    assert focused(page)["pile"] == "foundation-1"
    assert "possible destination" in focused(page)["description"]
    page.keyboard.press("Enter")
    assert pile_cards(page, "foundation-1")[-1] == "KC"
    said(page).to_have_text("King of Clubs to Foundation 1.")
    # The whole table was redrawn: the focus is still there, ring and all.
    assert focused(page)["pile"] == "foundation-1" and focused(page)["label"] == "King of Clubs"
    assert ring_on_focus(page)
    page.keyboard.press("2")
    page.keyboard.press("f")  # F: to its foundation
    assert pile_cards(page, "foundation-2")[-1] == "KD"
    page.keyboard.press("Escape")  # nothing picked: nothing said
    page.keyboard.press("3")
    page.keyboard.press(" ")  # Space picks as Enter does
    page.keyboard.press("ArrowUp")  # the waste: the nearest pile above column 3
    page.keyboard.press("Escape")
    said(page).to_have_text("Put back.")
    expect(page.locator("[data-card].picked")).to_have_count(0)
    page.keyboard.press("u")  # U undoes the KD, R redoes it
    assert pile_cards(page, "tableau-2") == ["KD"]
    said(page).to_have_text("Move undone.")
    page.keyboard.press("r")
    assert pile_cards(page, "tableau-2") == []
    page.keyboard.press("3")
    page.keyboard.press("f")
    page.keyboard.press("4")
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowUp")  # column 4 lies under foundation 1
    page.keyboard.press("End")
    assert focused(page)["pile"] == "tableau-7"
    page.keyboard.press("ArrowUp")  # foundation 4, above column 7
    assert focused(page)["pile"] == "foundation-4"
    page.keyboard.press("Enter")
    expect(page.locator("#won")).to_be_visible()
    said(page).to_have_text("King of Spades to Foundation 4. You won!")
    assert all(len(pile_cards(page, f"foundation-{n}")) == 13 for n in range(1, 5))


def test_draw_flip_and_no_moves_left_are_announced(page: Any, site_url: str) -> None:
    # Vegas draw one, no stock, no second pass: the 5 of Hearts goes on the 6 of Clubs and
    # uncovers the King of Clubs; then no card can move.
    columns = ["[AC] 2C", "[AD] 2D", "[AH] 2H", "[AS] 2S", "[KC] 5H", "[3S] 8S", "[5C] 6C"]
    used = " ".join(columns).replace("[", "").replace("]", "").split()
    rest = [r + s for s in "CDHS" for r in "A23456789TJQK" if r + s not in used + ["9C"]]
    layout = "\n".join([f"tableau-{n}: {column}" for n, column in enumerate(columns, 1)] + ["waste: " + " ".join(rest + ["9C"])])
    set_up(page, site_url, layout, {"scoring": "vegas"})
    tab_to_board(page)
    for key in ["5", "Enter", "7", "Enter"]:
        page.keyboard.press(key)
    said(page).to_have_text("5 of Hearts to Column 7. King of Clubs turned face up in Column 5. No moves left.")
    expect(page.locator("#notice")).to_be_visible()

    open_page(page, site_url + "?game=klondike&deal=1&scoring=standard")  # not the saved game
    tab_to_board(page)
    page.keyboard.press("d")
    said(page).to_have_text("Drew 7 of Spades.")
    page.keyboard.press("Home")
    page.keyboard.press("Enter")  # Enter on the stock draws too
    said(page).to_have_text("Drew 9 of Hearts.")
    page.keyboard.press("6")  # the Jack of Spades over five face-down cards
    assert focused(page) == {"pile": "tableau-6", "index": 5, "label": "Jack of Spades", "description": "Column 6"}
    page.keyboard.press("ArrowUp")  # face-down cards are skipped: up goes on to the row above
    assert focused(page)["pile"] == "foundation-3"
    assert page.locator('.slot[data-pile="tableau-6"]').get_attribute("aria-label") == "Column 6, 6 cards, 5 face down"


def test_freecell_moves_through_the_cells_with_keys(played: Any) -> None:
    view = view_of("freecell", 1)
    column = next(key.split(":")[0] for key, targets in view["legal"].items() if "cell-1" in targets)
    fresh_deal(played, "freecell", 1)
    tab_to_board(played)
    assert focused(played) == {"pile": "cell-1", "index": None, "label": "Free cell 1, empty", "description": None}
    number = column.split("-")[1]
    played.keyboard.press(number)
    name = focused(played)["label"]
    played.keyboard.press("Enter")
    expect(played.locator("#announcer")).to_contain_text("Free cell 1, 2, 3 or 4")
    played.keyboard.press("Home")  # the first pile: cell 1
    played.keyboard.press("Enter")
    said(played).to_have_text(f"{name} to Free cell 1.")
    assert len(pile_cards(played, "cell-1")) == 1 and text_of(played, "moves") == "1"
    played.keyboard.press("Enter")  # pick it up from the cell, and put it in the next cell
    played.keyboard.press("ArrowRight")
    played.keyboard.press("Enter")
    assert pile_cards(played, "cell-1") == [] and len(pile_cards(played, "cell-2")) == 1
    played.keyboard.press("Control+z")
    assert len(pile_cards(played, "cell-1")) == 1


def digit(pile: str) -> str:
    """The key that jumps to a column: 1 to 9, and 0 for column 10."""
    return str(int(pile.split("-")[1]) % 10)


def test_spider_moves_and_deals_with_keys(played: Any) -> None:
    view = view_of("spider", 3)
    source, target = next(
        (key.split(":")[0], targets[0])
        for key, targets in view["legal"].items()
        if key.startswith("tableau") and int(key.split(":")[1]) > 0
    )
    fresh_deal(played, "spider", 3)
    tab_to_board(played)
    played.keyboard.press(digit(source))
    moved = focused(played)["label"]
    played.keyboard.press("Enter")
    played.keyboard.press(digit(target))
    assert "possible destination" in focused(played)["description"]
    played.keyboard.press("Enter")
    expect(played.locator("#announcer")).to_contain_text(f"{moved} to Column {target.split('-')[1]}.")
    expect(played.locator("#announcer")).to_contain_text(f"turned face up in Column {source.split('-')[1]}.")
    assert focused(played)["pile"] == target and focused(played)["label"] == moved  # on the card just put there
    assert ring_on_focus(played)
    played.keyboard.press("d")
    said(played).to_have_text("Dealt a card onto every column.")
    assert len(pile_cards(played, "stock")) == 40


def test_announcements_and_states_in_german(browser: Any, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="de-DE", service_workers="block")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(site_url + "?game=klondike&deal=1")
        page.wait_for_selector(READY, state="attached")
        tab_to_board(page)
        page.keyboard.press("Enter")
        said(page).to_have_text("Pik 7 gezogen.")
        page.keyboard.press("1")
        page.keyboard.press("Enter")
        said(page).to_have_text("Karo 7 aufgenommen; mögliche Ziele: Spalte 7.")
        page.keyboard.press("7")
        assert focused(page)["description"] == "Spalte 7, mögliches Ziel"
        page.keyboard.press("Enter")
        said(page).to_have_text("Karo 7 auf Spalte 7.")
        page.keyboard.press("h")
        expect(page.locator("#notice")).to_contain_text("Tipp: ")
        page.keyboard.press("?")
        expect(page.locator("#rules")).to_be_visible()
        expect(page.locator("#rules-text")).to_contain_text("Pfeiltasten")
    finally:
        context.close()
    assert not errors, errors


def test_keys_are_listed_in_the_rules_in_both_languages(played: Any) -> None:
    """? opens the rules: the game's page, then the keys (every game's page: test_browser_rules.py)."""
    fresh_deal(played, "pyramid", 2)
    played.keyboard.press("?")
    expect(played.locator("#rules")).to_be_visible()
    expect(played.locator("#rules-title")).to_have_text("Pyramid: How to play")
    expect(played.locator("#rules-text h3").first).to_have_text(RULE_PAGES["pyramid"]["en"][0][0])
    expect(played.locator("#rules-text h3").last).to_have_text("Keys")
    expect(played.locator("#rules-text")).to_contain_text("Enter or Space picks up")
    played.locator("#rules-de").click()
    expect(played.locator("#rules-title")).to_have_text("Pyramide: So wird gespielt")
    expect(played.locator("#rules-text h3").first).to_have_text(RULE_PAGES["pyramid"]["de"][0][0])
    expect(played.locator("#rules-text h3").last).to_have_text("Tasten")


def test_the_ring_follows_keys_not_clicks(played: Any) -> None:
    fresh_deal(played, "klondike", 1)
    card(played, "tableau-1", 0).click()  # a click picks and moves the focus there, without a ring
    assert focused(played)["pile"] == "tableau-1"
    assert played.locator(".focus-ring").count() == 0
    played.keyboard.press("ArrowRight")  # a key shows the ring, from where the click was
    assert focused(played)["pile"] == "tableau-2" and ring_on_focus(played)
    played.keyboard.press("Escape")  # the pick is put back; the redraw keeps the ring
    assert ring_on_focus(played)


def test_what_a_turn_did_is_said_from_the_engine_s_account(played: Any, page: Any, site_url: str) -> None:
    """The announcer reads the view's turn (a redeal, a Spider deal, a Pyramid pair, a run
    that leaves the table), not a guess from the piles' sizes."""
    fresh_deal(played, "klondike", 1)
    for _ in range(24):
        card(played, "stock", len(pile_cards(played, "stock")) - 1).click()
    played.locator('.slot[data-pile="stock"]').click()
    said(played).to_have_text("The waste is the stock again.")
    fresh_deal(played, "spider", 1, suits="1")
    card(played, "stock", len(pile_cards(played, "stock")) - 1).click()
    said(played).to_contain_text("Dealt a card onto every column.")
    deal, source, target = next(
        (deal, key.split(":"), place)
        for deal in range(1, 100)
        for key, places in view_of("pyramid", deal)["legal"].items()
        for place in places
        if place.startswith("pyramid")
    )
    fresh_deal(played, "pyramid", deal)
    card(played, source[0], int(source[1])).click()
    played.locator(f'[data-card][data-pile="{target}"]').click()
    said(played).to_contain_text("removed.")
    run = " ".join(rank + "S" for rank in "KQJT98765432")
    layout = "\n".join(
        [f"tableau-1: {run}", "tableau-2: AS"]
        + [f"tableau-{n}: " + " ".join(f"{rank}S" for rank in "A23456789TJQK") for n in range(3, 10)]  # no runs
    )
    set_up(page, site_url, layout, {"suits": "1"}, game="spider")
    card(page, "tableau-2", 0).click()
    card(page, "tableau-1", 11).click()
    said(page).to_contain_text("A full run to Foundation 1.")


def walk_to(page: Any, pile: str, index: int | None, game: str) -> None:
    """Move the focus with the arrow keys alone: right from pile to pile until ``pile``, then
    up or down its face-up cards until ``index`` (None: its top card)."""
    for _ in range(40):
        if focused(page)["pile"] == pile:
            break
        page.keyboard.press("ArrowRight")
    else:
        raise AssertionError(f"{game}: ArrowRight never reached {pile}")
    for _ in range(40):
        here = focused(page)["index"]
        if index is None or here == index:
            return
        page.keyboard.press("ArrowUp" if here > index else "ArrowDown")
    raise AssertionError(f"{game}: the arrows never reached {pile}:{index}")


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_plays_a_move_with_keys_alone(played: Any, game: str) -> None:
    """Each game's first legal card move of deal 1 (from the engine's legal map), made with the
    arrows and Enter only, and said."""
    view = view_of(game, 1)
    source, targets = next((key, targets) for key, targets in view["legal"].items() if not key.startswith("stock"))
    pile, index = source.split(":")
    fresh_deal(played, game, 1)
    tab_to_board(played)
    played.keyboard.press("Home")
    walk_to(played, pile, int(index), game)
    played.keyboard.press("Enter")
    rules = view["rules"]
    at_once = len(targets) == 1 and (rules["tapMoves"] or (rules["tapHome"] and targets[0].startswith("foundation")))
    if not at_once:  # picked up: now where it goes (a card with one place to go plays at once)
        walk_to(played, targets[0], None, game)
        assert "possible destination" in (focused(played)["description"] or ""), game
        played.keyboard.press("Enter")
    expect(played.locator("#moves")).to_have_text("1")
    said(played).not_to_be_empty()
