"""Every game through the real page: the picker, the URL, the DOM contract and moves."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from page_helpers import card, open_page, pile_cards, shows_position, text_of
from playwright.sync_api import expect
from shared_page import command, fresh_deal
from solitaire.game import Move, Rules, move_notation
from solitaire.registry import GAMES, make_rules, option_specs
from solitaire.words import OPTION_NAMES

pytestmark = pytest.mark.browser


def every_pile_is_a_slot(page: Any, game: str, options: dict[str, str]) -> None:
    rules = make_rules(game, options)
    for slot in rules.slots():
        assert page.locator(f'.slot[data-pile="{slot.name}"]').count() == 1, slot.name


def first_card_move(game: str, options: dict[str, str]) -> tuple[int, Move, int]:
    """The first deal with a move that is not a draw: the deal, the move, the index of the card it picks."""
    rules = make_rules(game, options)
    for deal in range(1, 100):
        position = rules.deal(deal)
        sizes = {pile.name: len(pile.cards) for pile in rules.piles(position)}
        for move in rules.legal_moves(position):
            if "stock" not in (move.source, move.target):
                return deal, move, sizes[move.source] - move.count
    raise AssertionError("no deal with a card move")


def test_the_picker_lists_every_game_and_switches(page: Any, site_url: str) -> None:
    open_page(page, site_url + "?game=klondike&deal=3")
    values = page.eval_on_selector_all("#game-picker option", "options => options.map(o => o.value)")
    assert values == list(GAMES)
    page.locator("#game-picker").select_option("double-klondike")
    page.wait_for_selector('.slot[data-pile="tableau-9"]', state="attached")
    assert page.locator("[data-card]").count() == 104
    assert page.locator("#game-picker").input_value() == "double-klondike"


def test_the_picker_keeps_the_game_it_leaves(page: Any, site_url: str) -> None:
    open_page(page, site_url + "?game=klondike&deal=1")
    card(page, "tableau-1", 0).click()
    card(page, "tableau-7", 6).click()
    page.locator("#game-picker").select_option("double-klondike")  # nothing is given up: no question
    page.wait_for_selector('.slot[data-pile="tableau-9"]', state="attached")
    assert not page.locator("#confirm").is_visible()
    assert page.locator("[data-card]").count() == 104
    kept = page.locator("#game-picker optgroup option")
    expect(kept).to_have_text("Klondike · #1 · 1 move")
    page.locator("#game-picker").select_option(kept.get_attribute("value"))
    expect(page.locator("[data-card]")).to_have_count(52)
    assert text_of(page, "moves") == "1" and page.locator("#game-picker").input_value() == "klondike"


def play_by_clicks(page: Any, rules: Rules[Any], move: Move, index: int) -> None:
    """``move`` as a player makes it: its card (``index`` in the source pile), then where it goes."""
    card(page, move.source, index).click(position={"x": 8, "y": 8})  # its corner: the part of a covered card in sight
    if not rules.tap_moves and not (rules.tap_home and move.target.startswith("foundation")):
        target_cards = page.locator(f'[data-card][data-pile="{move.target}"]')
        (target_cards.last if target_cards.count() else page.locator(f'.slot[data-pile="{move.target}"]')).click()


@pytest.mark.parametrize("game", [game for game in GAMES if game != "klondike"])
def test_each_game_shows_the_engines_deal_and_plays_a_move(played: Any, game: str) -> None:
    page = played
    options = {"open": "on"} if "open" in [spec.name for spec in make_rules(game).option_specs] else {}
    deal, move, index = first_card_move(game, options)
    fresh_deal(page, game, deal, **options)
    every_pile_is_a_slot(page, game, options)
    rules = make_rules(game, options)
    shows_position(page, rules, rules.deal(deal))
    source_before, target_before = pile_cards(page, move.source), pile_cards(page, move.target)
    play_by_clicks(page, rules, move, index)
    assert text_of(page, "moves") != "0"
    assert (pile_cards(page, move.source), pile_cards(page, move.target)) != (source_before, target_before)


def move_only_the_options_allow(game: str, options: dict[str, str]) -> tuple[int, Move | None]:
    """The first deal (of 1-299) with a card move that ``options`` allow and the defaults do not,
    and that move; else deal 3 and None (the option changes what a move scores, or allows a move
    only later in a game)."""
    rules, default = make_rules(game, options), make_rules(game)
    for deal in range(1, 300):
        position = rules.deal(deal)
        usual = {move_notation(move) for move in default.legal_moves(position)}
        for move in rules.legal_moves(position):
            if move_notation(move) not in usual and "stock" not in (move.source, move.target):
                return deal, move
    return 3, None


@pytest.mark.parametrize("game", [game for game in GAMES if option_specs(game)])
def test_settings_apply_every_option_a_game_has(played: Any, game: str) -> None:
    """Each option at its last value, picked in Settings: the game on the table is the engine's
    game of those options (their deal, a move only they allow, else the stock's next turn), and
    the link to share it names them. Every game with options has a stock."""
    page = played
    specs = option_specs(game)
    chosen = {spec.name: spec.choices[-1] for spec in specs}
    rules = make_rules(game, chosen)
    deal, move = move_only_the_options_allow(game, chosen)
    fresh_deal(page, game, deal, **chosen)  # through Settings, as a player picks them
    command(page, "open-settings")
    assert page.locator("#game-options legend").all_inner_texts() == [OPTION_NAMES["en"][spec.name][0] for spec in specs]
    for name, value in chosen.items():
        assert page.locator(f'#game-options input[name="{name}"][value="{value}"]').is_checked(), name
    page.locator('#settings button[value="cancel"]').click()
    command(page, "open-share")
    query = parse_qs(urlsplit(page.locator("#share-deal").input_value()).query)
    assert {name: query[name] for name in chosen} == {name: [value] for name, value in chosen.items()}
    page.locator('#share button[value="close"]').click()
    position = rules.deal(deal)
    shows_position(page, rules, position)
    if move is not None:
        sizes = {pile.name: len(pile.cards) for pile in rules.piles(position)}
        play_by_clicks(page, rules, move, sizes[move.source] - move.count)
        position = rules.apply(position, move)
    else:
        move = next(move for move in rules.legal_moves(position) if move.source == "stock")
        # In open mode the stock's cards show, locked (aria-disabled): a click on them still draws.
        page.locator('[data-card][data-pile="stock"]').last.click(force=True)
        position = rules.apply(position, move)
    expect(page.locator("#moves")).to_have_text("1")
    shows_position(page, rules, position)


def test_settings_show_the_games_own_options_and_start_a_new_game(page: Any, site_url: str) -> None:
    open_page(page, site_url + "?game=spider&deal=8")
    page.locator("#open-settings").click()
    legends = page.locator("#game-options legend").all_inner_texts()
    assert legends == ["Suits"]
    page.locator('#game-options input[name="suits"][value="4"]').check()
    page.locator("#apply-settings").click()
    expect(page.locator("#deal-label")).not_to_have_text(re.compile(r"^#8( ·|$)"))  # the dialog closes, then the new game starts
    faces = page.eval_on_selector_all("[data-card]:not([data-card=down])", "els => els.map(e => e.dataset.card)")
    suits = {face[-1] for face in faces}
    assert len(faces) == 10 and suits - {"S"}  # four suits: not all spades any more
    page.reload()
    page.wait_for_selector("html[data-ready=true]", state="attached")
    page.locator("#open-settings").click()
    assert page.locator('#game-options input[name="suits"][value="4"]').is_checked()


def test_pyramid_removes_a_free_king_at_one_click_and_leaves_no_outline(played: Any) -> None:
    page = played
    rules = make_rules("pyramid")
    deal, place = next(
        (deal, move.source)
        for deal in range(1, 200)
        for move in rules.legal_moves(rules.deal(deal))
        if move.source.startswith("pyramid") and move.target.startswith("foundation")
    )
    fresh_deal(page, "pyramid", deal)
    king = pile_cards(page, place)
    card(page, place, 0).click()
    assert pile_cards(page, "foundation-1")[-1] == king[0] and pile_cards(page, place) == []
    # Its place is left empty, not outlined (the places overlap: outlines would make a grid).
    assert page.locator(f'.slot[data-pile="{place}"]').evaluate("slot => getComputedStyle(slot).visibility") == "hidden"
    assert page.locator('.slot[data-pile="foundation-1"] .card-slot-mark').count() == 1  # the discard: "13"


def test_free_cells_and_spiders_runs_are_marked_apart_from_foundations(played: Any) -> None:
    page = played
    fresh_deal(page, "freecell", 1)
    assert page.locator('.slot[data-pile="cell-1"] .card-slot-outline').get_attribute("stroke-dasharray")
    assert page.locator('.slot[data-pile="foundation-1"] .card-slot-mark').text_content() == "A"
    fresh_deal(page, "spider", 1, suits="1")
    assert page.locator('.slot[data-pile="foundation-1"] .card-slot-mark').text_content() == "K\u2013A"


def test_spiders_stock_shows_a_stack_per_deal_left(played: Any) -> None:
    page = played
    fresh_deal(page, "spider", 3, suits="1")

    def stacks() -> int:
        lefts = page.eval_on_selector_all(
            '[data-card][data-pile="stock"]:not(.hidden-card)', "els => els.map(e => Math.round(e.getBoundingClientRect().left))"
        )
        return len(set(lefts))

    assert stacks() == 5
    page.locator('[data-card][data-pile="stock"]').last.click()  # a deal
    expect(page.locator('[data-card][data-pile="stock"]')).to_have_count(40)
    assert stacks() == 4


@pytest.mark.parametrize(("deal", "words"), [(2, r"pair \S+ with \S+"), (1, r"remove K\S+")])
def test_a_pyramid_hint_pairs_or_removes(played: Any, deal: int, words: str) -> None:
    """Pyramid's cards leave in pairs (the view says so, not the game's name): its hint pairs two
    cards or removes a King, never moves one onto another. The first moves of the winning lines:
    deal 2 pairs pyramid-25 with pyramid-26, deal 1 removes the King of pyramid-22."""
    page = played
    fresh_deal(page, "pyramid", deal)
    expect(page.locator("#winnable")).to_have_attribute("data-status", "winnable", timeout=30_000)
    page.keyboard.press("h")
    expect(page.locator('#notice [aria-hidden="true"]')).to_have_text(re.compile(rf"^Hint: {words}\.$"))


# The stacks of Spider's stock: its cards' left edges, a stack where they jump by 5 px or more.
STOCK_STACKS = """() => [...document.querySelectorAll('[data-card][data-pile="stock"]')]
  .map((element) => element.getBoundingClientRect().left).sort((a, b) => a - b)
  .filter((left, i, lefts) => i === 0 || left - lefts[i - 1] >= 5).length"""


def test_spiders_stock_is_a_stack_per_deal_left(played: Any) -> None:
    """Five deals left look unlike one: the stock lies in a stack of ten cards per deal (the
    size of a deal comes with the view's slot)."""
    page = played
    fresh_deal(page, "spider", 3, suits="1")
    assert page.evaluate(STOCK_STACKS) == 5
    page.locator('[data-pile="stock"]').last.click()
    expect(page.locator('[data-card][data-pile="stock"]')).to_have_count(40)
    assert page.evaluate(STOCK_STACKS) == 4
