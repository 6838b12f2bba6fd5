"""Klondike played through the real page in real Chromium, via the DOM contract."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from typing import Any

import pytest
from conftest import ROOT
from page_helpers import card, open_page, pile_cards, settled, shook, text_of, watch_refusals
from playwright.sync_api import expect
from shared_page import fresh_deal

pytestmark = pytest.mark.browser

PILES = ["stock", "waste"] + [f"foundation-{n}" for n in range(1, 5)] + [f"tableau-{n}" for n in range(1, 8)]


KLONDIKE_OPTIONS = {"draw": "1", "scoring": "standard", "timed": "off", "open": "off"}


def set_up(page: Any, site_url: str, layout: str, options: dict[str, str] | None = None, game: str = "klondike") -> None:
    """Start the page on a position of ``game`` by storing it as the saved game (the page resumes it)."""
    save = {
        "version": 1,
        "game": game,
        "options": {**(KLONDIKE_OPTIONS if game == "klondike" else {}), **(options or {})},
        "deal": 1,
        "daily": None,
        "layout": layout,
        "turns": [],
        "undone": [],
        "seconds": 0,
    }
    open_saved(page, site_url, save)


def open_saved(page: Any, site_url: str, save: dict[str, Any]) -> None:
    """Open the page on ``save`` as the saved game (the page resumes it)."""
    # Stored before the page's own scripts run, once per tab, so a reload keeps the game's own saves.
    page.add_init_script(
        "if (!sessionStorage.getItem('set-up')) {"
        f"  localStorage.setItem('solitaire.game', {json.dumps(json.dumps(save))});"
        "  sessionStorage.setItem('set-up', '1');"
        "}"
    )
    open_page(page, site_url)


NEAR_WON = "\n".join(
    [f"foundation-{i + 1}: " + " ".join(r + s for r in "A23456789TJQ") for i, s in enumerate("CDHS")]
    + ["tableau-1: KC", "tableau-2: KD", "tableau-3: KH", "tableau-4: KS"]
)


def test_page_becomes_ready_with_the_dom_contract(page: Any, site_url: str) -> None:
    open_page(page, site_url + "?game=klondike&deal=1")
    for pile in PILES:
        assert page.locator(f'.slot[data-pile="{pile}"]').count() == 1, pile
    assert page.locator("[data-card]").count() == 52
    assert pile_cards(page, "tableau-7") == ["down"] * 6 + ["8S"]
    assert pile_cards(page, "stock") == ["down"] * 24
    assert card(page, "tableau-7", 6).get_attribute("aria-label") == "8 of Spades"
    assert text_of(page, "deal-label").split(" · ")[0] == "#1"  # then " · easy" once proven


def command_line(*arguments: str) -> str:
    """What ``python -m solitaire ARGUMENTS`` prints (CPython, the engine in py/)."""
    return subprocess.run(
        [sys.executable, "-m", "solitaire", *arguments], capture_output=True, text=True, check=True, env={"PYTHONPATH": str(ROOT / "py")}
    ).stdout


def dealt_by_the_command_line(deal: int) -> dict[str, list[str]]:
    """Klondike's deal ``deal`` as ``solitaire deal`` prints it: each pile's cards, face-down ones unbracketed."""
    piles = {}
    for line in command_line("deal", "klondike", str(deal)).splitlines():
        name, _, cards = line.partition(":")
        piles[name] = [word.strip("[]") for word in cards.split()]
    return piles


def test_the_browser_deals_the_same_cards_as_cpython(played: Any) -> None:
    """Open mode shows every card, so the whole deal can be compared with the command line."""
    deal = 617
    page = played
    fresh_deal(page, "klondike", deal, open="on")
    expected = dealt_by_the_command_line(deal)
    for pile in PILES:
        assert pile_cards(page, pile) == expected[pile], pile


def test_move_by_clicking_card_then_destination(played: Any) -> None:
    page = played
    fresh_deal(page, "klondike", 1)
    card(page, "tableau-1", 0).click()  # the 7D
    assert page.locator(".drop-target").count() == 1  # the 8S is the only place for it
    card(page, "tableau-7", 6).click()
    assert pile_cards(page, "tableau-7")[-2:] == ["8S", "7D"]
    assert pile_cards(page, "tableau-1") == []
    assert text_of(page, "moves") == "1"


def test_move_by_dragging(played: Any) -> None:
    page = played
    fresh_deal(page, "klondike", 1)
    source = card(page, "tableau-1", 0).bounding_box()
    target = card(page, "tableau-7", 6).bounding_box()
    page.mouse.move(source["x"] + source["width"] / 2, source["y"] + 10)
    page.mouse.down()
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + 40, steps=8)
    page.mouse.up()
    assert pile_cards(page, "tableau-7")[-2:] == ["8S", "7D"]


def test_a_drop_on_an_illegal_place_returns_the_cards(played: Any) -> None:
    page = played
    fresh_deal(page, "klondike", 1)
    source = card(page, "tableau-1", 0).bounding_box()
    target = card(page, "tableau-2", 1).bounding_box()  # the 6D: 7D cannot go there
    watch_refusals(page)
    page.mouse.move(source["x"] + source["width"] / 2, source["y"] + 10)
    page.mouse.down()
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + 40, steps=8)
    page.mouse.up()
    assert pile_cards(page, "tableau-1") == ["7D"]
    shook(page, "tableau-1", 0)
    assert text_of(page, "notice") == "The 7 of Diamonds cannot go on the 6 of Diamonds: columns build down by one in alternating colours."
    page.wait_for_selector("[data-card].refused", state="detached")
    assert card(page, "tableau-1", 0).bounding_box() == source
    assert text_of(page, "moves") == "0"


def test_a_card_that_cannot_move_says_so_when_lifted(played: Any) -> None:
    page = played
    fresh_deal(page, "klondike", 1)
    watch_refusals(page)
    card(page, "tableau-2", 1).click()  # the 6D: no place for it
    shook(page, "tableau-2", 1)
    assert text_of(page, "notice") == "That card has nowhere to go now."
    assert page.locator("[data-card].picked").count() == 0
    card(page, "tableau-3", 0).click(position={"x": 30, "y": 5})  # face down: its visible strip
    assert text_of(page, "notice") == "Face-down cards cannot be moved."
    assert text_of(page, "moves") == "0"


def test_a_click_on_a_place_that_does_not_take_the_picked_card_says_why(played: Any) -> None:
    page = played
    fresh_deal(page, "klondike", 1)
    card(page, "tableau-1", 0).click()  # the 7D, picked
    assert page.locator("[data-card].picked").count() == 1
    watch_refusals(page)
    card(page, "tableau-2", 1).click()  # the 6D: not a place for the 7D
    shook(page, "tableau-1", 0)
    assert text_of(page, "notice").startswith("The 7 of Diamonds cannot go on the 6 of Diamonds")
    assert page.locator("[data-card].picked").count() == 0  # the picked card went back, nothing else was picked
    assert pile_cards(page, "tableau-1") == ["7D"] and text_of(page, "moves") == "0"


def test_click_the_stock_to_draw(played: Any) -> None:
    page = played
    fresh_deal(page, "klondike", 1, draw="3")
    card(page, "stock", 23).click()
    assert pile_cards(page, "waste") == ["7S", "9H", "2S"]
    assert len(pile_cards(page, "stock")) == 21


def test_undo_and_redo_by_button_and_keyboard(played: Any) -> None:
    page = played
    fresh_deal(page, "klondike", 1)
    card(page, "tableau-1", 0).click()
    card(page, "tableau-7", 6).click()
    page.locator("#undo").click()
    assert pile_cards(page, "tableau-1") == ["7D"]
    page.locator("#redo").click()
    assert pile_cards(page, "tableau-1") == []
    page.keyboard.press("Control+z")
    assert pile_cards(page, "tableau-1") == ["7D"]
    page.keyboard.press("Control+y")
    assert pile_cards(page, "tableau-1") == []
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+Shift+z")
    assert pile_cards(page, "tableau-1") == []


def test_a_click_on_the_card_just_dropped_onto_lifts_it(page: Any, site_url: str) -> None:
    """A move made with two clicks, then at once a click on the card the move went onto: that card
    and the one now on it are picked up (they could go onto the 3S); the last two clicks, on one
    card, are not a double click that sends it home (the 2H alone could go)."""
    stock = " ".join(f"[{rank}{suit}]" for suit in "HS" for rank in "3456789TJQK" if rank + suit != "3S") + " [2S]"
    set_up(
        page,
        site_url,
        "\n".join(
            [
                f"stock: {stock}",
                "foundation-1: " + " ".join(rank + "C" for rank in "A23456789TJQK"),
                "foundation-2: " + " ".join(rank + "D" for rank in "A23456789TJQK"),
                "foundation-3: AH",
                "tableau-1: 2H",
                "tableau-2: AS",
                "tableau-3: 3S",
            ]
        ),
    )
    card(page, "tableau-2", 0).click()  # the AS, picked
    # Where the 2H is; a destination glows, so the clicks do not wait for it to hold still.
    box = card(page, "tableau-1", 0).bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + 10)  # onto the 2H
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + 10)  # the 2H, at once: the 2H and the AS picked up
    assert pile_cards(page, "tableau-1") == ["2H", "AS"]
    assert pile_cards(page, "foundation-3") == ["AH"]
    picked = page.eval_on_selector_all("[data-card].picked", "els => els.map(e => e.dataset.card).sort()")
    assert picked == ["2H", "AS"]


def test_win_from_a_near_won_position(page: Any, site_url: str) -> None:
    set_up(page, site_url, NEAR_WON)
    card(page, "tableau-1", 0).dblclick()  # the KC goes home
    assert pile_cards(page, "foundation-1")[-1] == "KC"
    page.locator("#complete").click()
    settled(page)
    expect(page.locator("#won")).to_be_visible()
    assert "You finished" in text_of(page, "won-summary")
    assert all(len(pile_cards(page, f"foundation-{n}")) == 13 for n in range(1, 5))
    # What the win changed in the statistics, and Share from the dialog.
    expect(page.locator("#won-stats")).to_have_text(
        re.compile(r"^Klondike: 1 won of 1, streak 1 \(best 1\)\. A new best: time \d+:\d\d, 4 moves, score 40\.$")
    )
    page.locator("#won-share").click()
    expect(page.locator("#share")).to_be_visible()
    assert "moves=" in page.locator("#share-challenge").input_value()


def test_no_moves_left_notice(page: Any, site_url: str) -> None:
    # Vegas draw one: no second pass; no top card fits anywhere, the Aces are buried.
    columns = ["[AC] 2C", "[AD] 2D", "[AH] 2H", "[AS] 2S", "[3C] 4C", "[3S] 4S", "[5C] 6C"]
    used = " ".join(columns).replace("[", "").replace("]", "").split()
    rest = [r + s for s in "CDHS" for r in "A23456789TJQK" if r + s not in used and r + s != "9C"]
    layout = "\n".join([f"tableau-{n}: {column}" for n, column in enumerate(columns, 1)] + ["waste: " + " ".join(rest + ["9C"])])
    set_up(page, site_url, layout, {"scoring": "vegas"})
    assert page.locator("#notice").is_visible()
    assert "No moves left" in text_of(page, "notice")


def one_move_from_stuck(page: Any, site_url: str) -> None:
    """Vegas draw one, no stock: the 5D from the waste onto the 6C is the last move there is."""
    columns = ["[AC] 2C", "[AD] 2D", "[AH] 2H", "[AS] 2S", "[3C] 4H", "[3S] 4D", "[5C] 6C"]
    used = " ".join(columns).replace("[", "").replace("]", "").split()
    rest = [r + s for s in "CDHS" for r in "A23456789TJQK" if r + s not in used and r + s not in ("KH", "5D")]
    layout = "\n".join([f"tableau-{n}: {column}" for n, column in enumerate(columns, 1)] + ["waste: " + " ".join([*rest, "KH", "5D"])])
    set_up(page, site_url, layout, {"scoring": "vegas"})
    card(page, "waste", len(rest) + 1).click()
    card(page, "tableau-7", 1).click()


def test_no_moves_left_offers_undo_restart_and_new(page: Any, site_url: str) -> None:
    one_move_from_stuck(page, site_url)
    expect(page.locator("#stuck")).to_be_visible()
    page.locator("#stuck-undo").click()
    expect(page.locator("#moves")).to_have_text("0")
    assert pile_cards(page, "waste")[-1] == "5D"
    card(page, "waste", len(pile_cards(page, "waste")) - 1).click()
    card(page, "tableau-7", 1).click()
    expect(page.locator("#stuck")).to_be_visible()
    page.locator("#stuck-restart").click()  # the deal from its start; the game so far is lost
    expect(page.locator("#moves")).to_have_text("0")
    assert pile_cards(page, "waste")[-1] == "5D" and pile_cards(page, "tableau-7") == ["down", "6C"]
    page.locator("#open-stats").click()
    expect(page.locator("#stats-body tbody td").first).to_have_text("1")  # played 1, won 0
    page.keyboard.press("Escape")
    card(page, "waste", len(pile_cards(page, "waste")) - 1).click()
    card(page, "tableau-7", 1).click()
    expect(page.locator("#stuck")).to_be_visible()
    page.locator("#stuck-new").click()
    expect(page.locator("#stuck")).to_be_hidden()
    expect(page.locator("[data-card]")).to_have_count(52)
    expect(page.locator("#moves")).to_have_text("0")
    assert pile_cards(page, "tableau-7")[-1] != "6C" or len(pile_cards(page, "tableau-7")) == 7  # a dealt game


def test_a_bad_address_gets_a_message_and_a_playable_game(page: Any, site_url: str) -> None:
    open_page(page, site_url + "?game=klondike&deal=abc")
    assert "deal number must be a whole number" in text_of(page, "notice")
    assert page.locator("[data-card]").count() == 52  # today's daily deal instead
    assert text_of(page, "deal-label").startswith("Daily ")


def test_a_reload_resumes_the_game(page: Any, site_url: str) -> None:
    open_page(page, site_url)
    first = pile_cards(page, "tableau-7")
    card(page, "stock", 23).click()
    settled(page)  # the draw is on the table: from now on it is kept
    open_page(page, site_url)
    assert pile_cards(page, "tableau-7") == first
    assert len(pile_cards(page, "waste")) == 1 and text_of(page, "moves") == "1"


def choose_deal(page: Any, deal: str) -> None:
    """More, Choose a deal, the number typed, Play (the dialog stays open on a number it refuses)."""
    page.locator("#open-menu").click()
    page.locator('#menu [data-for="choose-deal"]').click()
    expect(page.locator("#choose-deal")).to_be_visible()
    page.locator("#deal-number").fill(deal)
    page.locator("#choose-deal-play").click()


def test_a_deal_chosen_by_number_plays_and_the_game_before_is_kept(page: Any, site_url: str) -> None:
    open_page(page, site_url + "?game=klondike&deal=1&draw=3")
    card(page, "tableau-1", 0).click()
    card(page, "tableau-7", 6).click()
    assert text_of(page, "moves") == "1"
    # Numbers the game has no deal for are refused by the form, and the game stays as it was.
    for refused in ["0", "-3", "2.5", "2147483648"]:
        choose_deal(page, refused)
        expect(page.locator("#choose-deal")).to_be_visible()
        page.keyboard.press("Escape")
        expect(page.locator("#choose-deal")).to_be_hidden()
    assert text_of(page, "moves") == "1" and text_of(page, "deal-label").startswith("#1")
    assert "Klondike" in page.locator("#deal-number-hint").inner_text()
    assert "2,147,483,647" in page.locator("#deal-number-hint").inner_text()
    # Escape after a number it refuses, once a deal was played from the dialog: still nothing.
    choose_deal(page, "1")
    expect(page.locator("#choose-deal")).to_be_hidden()
    for refused in ["2.5", ""]:
        choose_deal(page, refused)
        page.keyboard.press("Escape")
    page.wait_for_timeout(500)  # what a number sent would bring: the engine's refusal, said in the notice
    expect(page.locator("#notice")).to_be_hidden()
    assert text_of(page, "moves") == "1" and text_of(page, "deal-label").startswith("#1")
    # Deal 617 with the options on the table: the cards the command line deals.
    choose_deal(page, "617")
    expect(page.locator("#choose-deal")).to_be_hidden()
    expect(page.locator("#deal-label")).to_contain_text("#617")
    assert text_of(page, "moves") == "0" and text_of(page, "mode").startswith("Draw 3")
    tops = {pile: cards[-1] for pile, cards in dealt_by_the_command_line(617).items() if pile.startswith("tableau")}
    assert {pile: pile_cards(page, pile)[-1] for pile in tops} == tops
    # Deal 1 again: the game begun on it goes on.
    choose_deal(page, "1")
    expect(page.locator("#deal-label")).to_contain_text("#1")
    assert text_of(page, "moves") == "1" and pile_cards(page, "tableau-1") == []


def test_a_corrupt_save_gets_a_message_and_a_fresh_game(page: Any, site_url: str) -> None:
    page.add_init_script("localStorage.setItem('solitaire.game', JSON.stringify({version: 1, game: 'klondike', deal: 'x'}))")
    open_page(page, site_url)
    assert "could not be restored" in text_of(page, "notice")
    assert page.locator("[data-card]").count() == 52
    assert text_of(page, "deal-label").startswith("Daily ")


def test_a_whole_game_without_csp_violations_or_foreign_requests(page: Any, site_url: str) -> None:
    """The page fixture fails on any CSP violation, console error or request to another origin."""
    open_page(page, site_url + "?game=klondike&deal=1")
    for _ in range(30):  # through the stock and a redeal
        stock = pile_cards(page, "stock")
        (card(page, "stock", len(stock) - 1) if stock else page.locator('.slot[data-pile="stock"]')).click()
    set_up(page, site_url, NEAR_WON)
    page.locator("#complete").click()
    settled(page)
    expect(page.locator("#won")).to_be_visible()
    assert page.evaluate("window.cspViolations") == []


def test_hint_marks_a_move_by_button_and_key(played: Any) -> None:
    # Once the live analysis has a winning line, the hint is its next move (before, the most
    # promising card move): wait for the verdict so that the hint does not depend on timing.
    page = played
    fresh_deal(page, "klondike", 4)
    expect(page.locator("#winnable")).to_have_attribute("data-status", "winnable", timeout=30_000)
    page.locator("#hint").click()
    settled(page)
    assert page.locator("[data-card].hinted").count() >= 1
    assert page.locator(".drop-target").count() == 1
    # In words: shown with the cards' corners, read out with their names.
    assert page.locator('#notice [aria-hidden="true"]').inner_text() == "Hint: move 6\u2665 onto 7\u2663."
    assert page.locator("#notice .visually-hidden").text_content() == "Hint: 6 of Hearts to Column 1."
    card(page, "tableau-1", 0).click()  # picking a card clears the hint
    assert page.locator("[data-card].hinted").count() == 0
    page.keyboard.press("Escape")
    page.keyboard.press("h")
    settled(page)
    assert page.locator("[data-card].hinted").count() >= 1


def test_a_hint_to_draw_says_so_and_marks_the_stock(played: Any) -> None:
    """Deal 1's winning line begins with draws: the hint says "draw", never names the face-down card."""
    page = played
    fresh_deal(page, "klondike", 1)
    expect(page.locator("#winnable")).to_have_attribute("data-status", "winnable", timeout=30_000)
    page.keyboard.press("h")
    settled(page)
    expect(page.locator("#notice")).to_contain_text("Hint: draw from the stock.")
    stock = pile_cards(page, "stock")
    assert page.locator('[data-pile="stock"][data-card].hinted').count() >= 1
    assert page.locator(".drop-target").count() == 1  # the waste
    card(page, "stock", len(stock) - 1).click()  # the hinted draw is played like any draw
    expect(page.locator('[data-pile="waste"][data-card]')).to_have_count(1)


def test_the_clock_counts_on_in_the_page(played: Any) -> None:
    """The time runs from the first move without a view asked for every second."""
    page = played
    fresh_deal(page, "klondike", 1)
    expect(page.locator("#time")).to_have_text("0:00")
    card(page, "tableau-1", 0).click()
    card(page, "tableau-7", 6).click()
    expect(page.locator("#time")).to_have_text(re.compile(r"^0:0[1-9]$"), timeout=5_000)
    page.locator("#undo").click()  # a new view: the count goes on from the engine's seconds
    expect(page.locator("#time")).not_to_have_text("0:00")


def test_a_game_where_cards_can_only_shuttle_is_found_lost_and_says_why(page: Any, site_url: str) -> None:
    """The JC from the waste onto the QH is the last move that changes anything: the KS-QH-JC
    run can still go to the empty column and back, yet the game is lost, and the dialog says
    why; its Review looks for where the game was lost."""
    from klondike_helpers import one_move_from_shuttling

    set_up(page, site_url, one_move_from_shuttling())
    expect(page.locator("#stuck")).to_be_hidden()
    card(page, "waste", 0).click()
    card(page, "tableau-1", 1).click()
    expect(page.locator("#stuck")).to_be_visible()
    expect(page.locator("#stuck-text")).to_have_text(
        "No move can change the game any more: the moves left only move cards back and forth, and the stock and the waste are"
        " empty. Take moves back, review the game to see where it was lost, play this deal again from the start, or deal a new game."
    )
    page.locator("#stuck-review").click()
    expect(page.locator("#review")).to_be_visible()
    expect(page.locator("#review-timeline")).to_be_visible(timeout=60_000)


def test_the_shuttling_loss_in_german(german: Any, site_url: str) -> None:
    from klondike_helpers import one_move_from_shuttling

    set_up(german, site_url, one_move_from_shuttling())
    card(german, "waste", 0).click()
    card(german, "tableau-1", 1).click()
    expect(german.locator("#stuck")).to_be_visible()
    expect(german.locator("#stuck-text")).to_contain_text(
        "Kein Zug kann das Spiel mehr ändern: Die übrigen Züge schieben Karten nur hin und her, und Talon und Ablagestapel sind leer."
    )


def test_pyramid_s_no_moves_left_says_why_the_stock_cannot_help(page: Any, site_url: str) -> None:
    """A Pyramid position one removal before the end (found by random play): the removal made by
    clicking the cards, the dialog names the ranks the stock's cards would need."""
    import random

    from solitaire.registry import make_rules

    rules = make_rules("pyramid")
    generator = random.Random(5)
    position, before, last = rules.deal(7), None, None
    while not rules.is_stuck(position):
        moves = rules.legal_moves(position)
        if not moves:
            position = rules.deal(generator.randint(8, 999))
            continue
        move = generator.choice(moves)
        if move.source != "stock" and move.target != "stock":
            before, last = position, move
        position = rules.apply(position, move)
    assert before is not None and last is not None
    after = rules.apply(before, last)
    assert rules.is_stuck(after) and not rules.is_stuck(before)
    set_up(page, site_url, rules.text_layout(before), game="pyramid")
    page.locator(f'[data-card][data-pile="{last.source}"]').last.click()
    if last.target != "foundation-1":  # a pair: its partner too (a King goes at one click)
        page.locator(f'[data-card][data-pile="{last.target}"]').last.click()
    expect(page.locator("#stuck")).to_be_visible()
    said = rules.stuck_reason(after)
    assert said is not None
    expect(page.locator("#stuck-text")).to_contain_text(str(said)[1:])
    expect(page.locator("#stuck-text")).to_contain_text("No two free cards make 13")
