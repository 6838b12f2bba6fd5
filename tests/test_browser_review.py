"""The review in the page: the losing move marked on the timeline, the winning line stepped,
"Take me back" and a win from there (assisted), by keyboard too, in German."""

from __future__ import annotations

import os
import re
from typing import Any

import pytest
from page_helpers import open_page, pile_cards, settled
from playwright.sync_api import expect
from solitaire.daily import daily
from solitaire.game import move_notation
from solitaire.registry import make_rules
from solitaire.solver import solver_for
from test_browser_german import english_left
from test_browser_klondike import open_saved
from test_review import LOSING, lost_game

pytestmark = pytest.mark.browser

SHOTS = os.environ.get("SOLITAIRE_SHOTS")  # a folder: screenshots of the review there
# A proven-winnable daily (TriPeaks, 2026-12-04) and the turn of the solver's line from which
# to look for a move that loses it (lost_game in test_review finds one at turn 46).
DAILY_LOSS = ("tripeaks", "2026-12-04", 20)


def lost_game_page(page: Any, site_url: str, case: tuple[str, dict[str, str], int | str, int] = LOSING[3]) -> tuple[int, int]:
    """Open the page on a game (TriPeaks deal 4 unless ``case`` says another) played to a loss
    at a known turn (stored as the game in progress, as a reload finds it); the losing turn
    and the number of turns."""
    game, options, deal, _ = case
    assert isinstance(deal, int), "a deal, not a layout"
    rules, positions, losing = lost_game(*case)
    turns = [
        [next(move_notation(move) for move in rules.legal_moves(before) if rules.apply(before, move) == after)]
        for before, after in zip(positions, positions[1:])
    ]
    save = {"version": 1, "game": game, "options": options, "deal": deal, "daily": None, "layout": None}
    save |= {"turns": turns, "undone": [], "seconds": 90}
    open_saved(page, site_url, save)
    return losing, len(turns)


def daily_lost_by_a_click(page: Any, site_url: str) -> tuple[int, int]:
    """Open the page on the daily of DAILY_LOSS played along the solver's line up to a move
    that loses it (a save), play that move with a click, and answer the losing turn and the
    number of turns."""
    game, date, first = DAILY_LOSS
    found = daily(game, {}, date)
    assert found.verdict is not None and found.verdict.status == "winnable"
    rules, positions, losing = lost_game(game, {}, found.deal, first)
    turns = [
        [next(move_notation(move) for move in rules.legal_moves(before) if rules.apply(before, move) == after)]
        for before, after in zip(positions[:losing], positions[1 : losing + 1])
    ]
    save = {"version": 1, "game": game, "options": {}, "deal": found.deal, "daily": date, "layout": None}
    open_saved(page, site_url, save | {"turns": turns, "undone": [], "seconds": 90})
    settled(page)
    expect(page.locator("#deal-label")).to_contain_text("Daily")
    losing_move = next(
        move for move in rules.legal_moves(positions[losing]) if rules.apply(positions[losing], move) == positions[losing + 1]
    )
    page.locator(f'[data-card][data-pile="{losing_move.source}"]').last.click()
    expect(page.locator("#moves")).to_have_text(str(losing + 1))
    return losing, losing + 1


def open_review(page: Any) -> None:
    settled(page)
    page.locator("#open-menu").click()
    page.locator('#menu [data-for="review"]').click()
    expect(page.locator("#review")).to_be_visible()
    expect(page.locator("#review-timeline")).to_be_visible(timeout=60_000)


def shoot(page: Any, name: str) -> None:
    if SHOTS:
        for width, height in ((360, 640), (768, 1024), (1440, 900)):
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(300)
            page.screenshot(path=os.path.join(SHOTS, f"{name}-{width}.png"))
        page.set_viewport_size({"width": 1280, "height": 800})


def test_the_review_marks_the_losing_move_steps_the_way_and_takes_the_game_back(page: Any, site_url: str) -> None:
    losing, turns = daily_lost_by_a_click(page, site_url)
    open_review(page)
    summary = page.locator("#review-summary")
    expect(summary).to_contain_text(f"Move {losing + 1}, ")
    expect(summary).to_contain_text("lost the game")
    strip = page.locator("#review-strip span")
    expect(strip).to_have_count(turns + 1)
    assert strip.nth(losing).get_attribute("data-status") == "winnable"
    assert strip.nth(losing + 1).get_attribute("data-status") == "unwinnable"
    assert strip.nth(losing + 1).get_attribute("data-losing") == "true"
    slider = page.locator("#review-slider")
    assert slider.input_value() == str(losing + 1)  # the review opens at the losing move
    expect(slider).to_have_attribute("aria-valuetext", re.compile(f"^After move {losing + 1} of {turns}, .*the losing move: lost$"))
    shoot(page, "review-lost")
    # The slider shows a position of the game on the table, and the game stays as it was.
    slider.focus()
    page.keyboard.press("Home")
    expect(slider).to_have_attribute("aria-valuetext", "The deal as dealt: could still be won")
    expect(page.locator('[data-pile="waste"][data-card]')).to_have_count(1)
    expect(page.locator("#moves")).to_have_text(str(turns))
    # Show the way: the winning line from the last winnable position, a step at a time.
    page.locator("#review-way").click()
    expect(slider).to_have_attribute("aria-valuetext", re.compile(f"^Position {losing}, the last that could be won"))
    page.locator("#review-step").click()
    expect(slider).to_have_attribute("aria-valuetext", re.compile("^Winning line, move 1 of "))
    page.locator("#review-play").click()
    expect(page.locator("#review-play")).to_have_attribute("aria-pressed", "true")
    page.locator("#review-play").click()
    expect(page.locator("#review-play")).to_have_attribute("aria-pressed", "false")
    shoot(page, "review-line")
    # Take me back, then win from there by hints: the game counts as assisted.
    page.locator("#review-back").click()
    expect(page.locator("#review")).to_be_hidden()
    expect(page.locator("#notice")).to_contain_text("Back at the last position that could still be won")
    expect(page.locator("#deal-label")).to_contain_text("assisted")
    expect(page.locator("#moves")).to_have_text(str(losing))
    peaks = page.locator('[data-pile^="peak-"][data-card]')
    for _ in range(200):
        settled(page)
        if peaks.count() == 0:
            break
        page.keyboard.press("h")  # a hint: the winning line's next move
        page.locator("[data-card].hinted").first.click()
    expect(page.locator("#won")).to_be_visible(timeout=30_000)
    expect(page.locator("#won-summary")).to_contain_text("With help")
    # After the win: the player's line beside the solver's, and the moves taken back (by Take me back).
    page.locator("#won-review").click()
    summary = page.locator("#review-summary")
    expect(summary).to_contain_text("You won", timeout=60_000)
    expect(summary).to_contain_text("the solver's line from the deal takes")
    assert turns - losing == 1
    expect(summary).to_contain_text("You took one move back.")
    shoot(page, "review-won")


def test_the_review_by_keyboard_alone_and_in_german(german: Any, site_url: str) -> None:
    page = german
    page.set_viewport_size({"width": 1280, "height": 800})
    losing, turns = lost_game_page(page, site_url)
    settled(page)
    page.locator("#open-menu").focus()
    page.keyboard.press("Enter")
    page.locator('#menu [data-for="review"]').focus()
    page.keyboard.press("Enter")
    expect(page.locator("#review-timeline")).to_be_visible(timeout=60_000)
    expect(page.locator("#review-summary")).to_contain_text(f"Zug {losing + 1}, ")
    expect(page.locator("#review-summary")).to_contain_text("hat das Spiel verloren")
    slider = page.locator("#review-slider")
    slider.focus()
    page.keyboard.press("ArrowLeft")
    expect(slider).to_have_attribute("aria-valuetext", re.compile(f"^Nach Zug {losing} von {turns}, .*: noch zu gewinnen$"))
    page.keyboard.press("End")
    expect(slider).to_have_attribute("aria-valuetext", re.compile(f"^Nach Zug {turns} von {turns}, .*: verloren$"))
    assert english_left(page) == []
    shoot(page, "review-german")
    page.keyboard.press("Escape")
    expect(page.locator("#review")).to_be_hidden()
    assert len(pile_cards(page, "waste")) > 0 and page.locator("#moves").inner_text() == str(turns)  # nothing changed


def test_the_review_dialog_is_clean_for_axe(page: Any, site_url: str) -> None:
    from test_browser_a11y import AXE, assert_clean

    page.add_init_script(path=str(AXE))
    lost_game_page(page, site_url)
    open_review(page)
    assert_clean(page, "the review")
    page.locator("#review-way").click()
    assert_clean(page, "the review's winning line")


def test_the_review_names_the_cards_a_klondike_move_left_never_free(page: Any, site_url: str) -> None:
    losing, _ = lost_game_page(page, site_url, LOSING[0])  # Klondike, Vegas: a draw that buries cards for good
    open_review(page)
    summary = page.locator("#review-summary")
    expect(summary).to_contain_text(f"Move {losing + 1}, a draw from the stock, lost the game")
    expect(summary).to_contain_text(re.compile(r"After it these cards can never be freed: .+ and \d+ more cards\."))
    shoot(page, "review-klondike")


def test_giving_a_game_up_offers_its_review_first(page: Any, site_url: str) -> None:
    _, turns = lost_game_page(page, site_url)
    settled(page)
    page.locator("#new-game").click()
    expect(page.locator("#confirm")).to_be_visible()
    shoot(page, "confirm-review")
    page.locator("#confirm-review").click()
    expect(page.locator("#review-timeline")).to_be_visible(timeout=60_000)
    expect(page.locator("#review-summary")).to_contain_text("lost the game")
    page.locator("#review-close").click()
    assert page.locator("#moves").inner_text() == str(turns)  # not given up
    # Restarting the deal gives the game up too: the same offer.
    page.locator("#open-menu").click()
    page.locator('#menu [data-for="restart"]').click()
    expect(page.locator("#confirm")).to_be_visible()
    expect(page.locator("#confirm-review")).to_be_visible()


def test_a_challenges_review_shows_the_challengers_game_beside_the_players(page: Any, site_url: str) -> None:
    rules = make_rules("tripeaks")
    position = rules.deal(4)
    theirs = solver_for(rules).solve(position, 20_000).moves
    open_page(page, f"{site_url}?game=tripeaks&deal=4&moves={'.'.join(move_notation(move) for move in theirs)}")
    expect(page.locator("#challenge")).to_contain_text(f"won in {len(theirs)} moves")
    # The player follows the challenger's first move, then goes another way.
    after = rules.apply(position, theirs[0])
    other = next(move for move in rules.legal_moves(after) if move != theirs[1])
    for move in (theirs[0], other):
        page.locator(f'[data-card][data-pile="{move.source}"]').last.click()
        settled(page)
    expect(page.locator("#moves")).to_have_text("2")
    open_review(page)
    summary = page.locator("#review-summary")
    expect(summary).to_contain_text(f"The challenger won in {len(theirs)} moves. Your game left their line at move 2.")
    assert page.locator("#review-lanes").get_attribute("data-two") == "true"
    expect(page.locator("#review-challenge-strip span")).to_have_count(len(theirs) + 1)
    assert page.locator("#review-strip span").nth(2).get_attribute("data-parted") == "true"
    assert page.locator("#review-challenge-strip span").nth(2).get_attribute("data-parted") == "true"
    # The challenger's lane is the longer: the player's lane (and its slider) is drawn to scale.
    ours = page.locator("#review-strip").bounding_box()
    lane = page.locator("#review-challenge-strip").bounding_box()
    assert ours and lane and ours["width"] < lane["width"] / 4
    slider = page.locator("#review-slider")
    slider.focus()
    page.keyboard.press("End")
    expect(slider).to_have_attribute("aria-valuetext", re.compile("^After move 2 of 2, .*; here your game left the challenger's line$"))
    shoot(page, "review-challenge")
    # The challenger's game on the table, from where the player's left it, a step at a time.
    page.locator("#review-theirs").click()
    expect(slider).to_have_attribute("aria-valuetext", re.compile(f"^Challenger, move 1 of {len(theirs)}: "))
    page.locator("#review-step").click()
    expect(slider).to_have_attribute(
        "aria-valuetext", re.compile(f"^Challenger, move 2 of {len(theirs)}: .*; your game went another way here$")
    )
    slider.focus()
    page.keyboard.press("End")
    expect(page.locator('[data-pile^="peak-"][data-card]')).to_have_count(0)  # their won end
    page.locator("#review-theirs").click()
    expect(page.locator("#review-theirs")).to_have_text("The challenger's game")
    expect(slider).to_have_attribute("aria-valuetext", re.compile("^After move 2 of 2, "))
    page.keyboard.press("Escape")
    expect(page.locator("#moves")).to_have_text("2")
    expect(page.locator('[data-pile^="peak-"][data-card]')).not_to_have_count(0)


# Cards the player sees (inside the table's view) that lie under the review's dialog.
UNDER_THE_DIALOG = """() => {
  const dialog = document.getElementById('review').getBoundingClientRect();
  const view = document.getElementById('board').parentElement.getBoundingClientRect();
  return [...document.querySelectorAll('#board [data-card]')].map((card) => card.getBoundingClientRect())
    .filter((box) => box.height > 0 && box.bottom > view.top && box.top < view.bottom)
    .filter((box) => Math.min(box.bottom, view.bottom) > dialog.top + 0.5 && box.right > dialog.left && box.left < dialog.right)
    .map((box) => box.toJSON());
}"""


@pytest.mark.parametrize("size", [(1366, 768), (360, 640), (844, 390)])
def test_the_review_leaves_the_table_it_shows_in_view(page: Any, site_url: str, size: tuple[int, int]) -> None:
    """The dialog docks below the table while the player scrubs its timeline: no card under it."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    lost_game_page(page, site_url, LOSING[0])  # Klondike: columns fanned down the table
    open_review(page)
    slider = page.locator("#review-slider")
    for key in ("Home", "End", "ArrowLeft"):
        slider.focus()
        page.keyboard.press(key)
        settled(page)
        page.wait_for_function("document.getElementById('board').getAttribute('viewBox') !== null")
        assert page.evaluate(UNDER_THE_DIALOG) == [], (size, key)
