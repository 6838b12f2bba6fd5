"""Cards that fit: at every size from a phone to a large screen, upright and sideways, a long
column shows the whole index (rank and suit) of every face-up card and a sliver of every
face-down card, cards stay at least 40 px wide (the table scrolls where nothing else fits), a
long column tightens its own fan before the table shrinks, and cards grow with the screen.
Read off the real page's bounding boxes."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest
from conftest import ROOT, PageWatch
from page_helpers import resize
from shared_page import fresh_deal
from solitaire.cards import card_text, full_deck
from solitaire.game import parse_move
from solitaire.registry import GAMES, make_rules
from test_browser_klondike import set_up
from test_browser_looks import close, new_page

pytestmark = pytest.mark.browser

SIZES = [
    (360, 640), (640, 360), (390, 844), (844, 390), (768, 1024), (1024, 768), (1366, 768),
    (1440, 900), (1920, 1080), (1080, 1920), (2560, 1440), (3840, 2160),
]  # fmt: skip
INDEX_END = 31 / 140  # where the top-left index of a card ends, in card heights (static/cards.js)
SLIVER_PX = 1.5  # the least a face-down card shows (2 px apart; a back is drawn 1.5 units inside its box)
LEAST_CARD_WIDTH = 40  # px: smaller cards are hard to read and to touch on a phone
LEAST_STRIP = 12  # px, and LEAST_STRIP_SHARE of the card's width: a face-up card's strip in a column
LEAST_STRIP_SHARE = 0.22


def long_spider_column() -> tuple[dict[str, str], str]:
    """Spider, one suit, deal 3, after the first 65 moves of the solver's line: a column of
    34 cards, 29 of them face up."""
    options = {"suits": "1"}
    rules = make_rules("spider", options)
    line = subprocess.run(
        [sys.executable, "-m", "solitaire", "solve", "spider", "3", "--suits", "1"],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(ROOT / "py")},
    ).stdout.split()
    position = rules.deal(3)
    for text in line[1:66]:
        position = rules.apply(position, parse_move(text))
    assert max(len(pile.cards) for pile in rules.piles(position)) == 34
    return options, rules.text_layout(position)


def long_klondike_column() -> tuple[dict[str, str], str]:
    """Klondike with a 19-card column: six face down, then King to Ace."""
    rules = make_rules("klondike", {})
    column = ["KH", "QS", "JH", "TS", "9H", "8S", "7H", "6S", "5H", "4S", "3H", "2S", "AH"]
    down = ["2C", "3C", "4C", "5C", "6C", "7C"]
    rest = [
        card_text(card) for card in sorted(rules.deal(1).stock + sum(rules.deal(1).tableau, ())) if card_text(card) not in column + down
    ]
    layout = "\n".join([f"tableau-7: {' '.join(f'[{c}]' for c in down)} {' '.join(column)}", "stock: " + " ".join(f"[{c}]" for c in rest)])
    return {"draw": "1", "scoring": "standard", "timed": "off", "open": "off"}, layout


def one_long_column(column: str, down: list[str], up: str, columns: int) -> str:
    """A layout of one deck: ``column`` holds ``down`` face down and ``up`` face up, and the
    other cards lie face up in the other columns, dealt round."""
    rest = [card_text(card) for card in full_deck() if card_text(card) not in down + up.split()]
    others = [f"tableau-{number}" for number in range(1, columns + 1) if f"tableau-{number}" != column]
    lines = [f"{column}: {' '.join(f'[{card}]' for card in down)} {up}"]
    lines += [f"{name}: {' '.join(rest[place :: len(others)])}" for place, name in enumerate(others)]
    return "\n".join(lines)


def long_yukon_column() -> tuple[dict[str, str], str]:
    """Yukon with a 27-card column: six face down, King to 2 in sequence, then an Ace with eight
    cards in no order on it (a card moves with all that lies on it)."""
    up = "KH QS JH TS 9H 8S 7H 6S 5H 4S 3H 2S AD 9D KC 4D JC 6D QC 8D TC"
    return {}, one_long_column("tableau-7", ["2C", "3C", "4C", "5C", "6C", "7C"], up, 7)


def long_scorpion_column() -> tuple[dict[str, str], str]:
    """Scorpion with a 26-card column: three face down, eleven cards in no order, then a King of
    Spades with its suit down to the 2."""
    up = "9D KC 4D JC 6D QC 8D TC AH 5D 3D KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    return {}, one_long_column("tableau-1", ["2C", "3C", "4C"], up, 7) + "\nstock:"


POSITIONS = {
    "spider": long_spider_column,
    "klondike": long_klondike_column,
    "yukon": long_yukon_column,
    "scorpion": long_scorpion_column,
}

# Every card's box, per pile, bottom first, as the player sees it.
BOXES = """() => {
  const piles = {};
  for (const element of document.querySelectorAll('#board [data-card]')) {
    const box = element.getBoundingClientRect();
    (piles[element.dataset.pile] ??= []).push({index: Number(element.dataset.index), card: element.dataset.card,
      top: box.top, bottom: box.bottom, left: box.left, right: box.right, height: box.height});
  }
  for (const cards of Object.values(piles)) cards.sort((a, b) => a.index - b.index);
  const board = document.getElementById('board').getBoundingClientRect();
  const scroller = document.getElementById('board').parentElement;
  return {piles, width: innerWidth, height: innerHeight,
    board: {top: board.top, bottom: board.bottom, left: board.left, right: board.right},
    view: scroller.getBoundingClientRect().toJSON(),
    scrolls: {x: scroller.scrollWidth > scroller.clientWidth + 0.5, y: scroller.scrollHeight > scroller.clientHeight + 0.5,
      style: getComputedStyle(scroller).overflow}};
}"""


def fits(seen: dict[str, Any], what: object) -> None:
    """No card that shows leaves the window; where the table is larger than its room, the table
    scrolls (never the page) and no card leaves the table. (Every table tested shows ten cards
    or more: fewer means the page drew no table, and the test would have checked nothing.)"""
    box = {"left": 0, "top": 0, "right": seen["width"], "bottom": seen["height"]}
    if seen["scrolls"]["x"] or seen["scrolls"]["y"]:
        assert seen["scrolls"]["style"] == "auto", (what, seen["scrolls"])
        box = seen["board"]
    shown = [card for cards in seen["piles"].values() for card in cards if card["height"] > 0]  # unseen cards have no picture
    assert len(shown) >= 10, (what, "too few cards on the table to check", len(shown))
    for card in shown:
        assert card["left"] >= box["left"] - 0.5 and card["right"] <= box["right"] + 0.5, (what, card)
        assert card["top"] >= box["top"] - 0.5 and card["bottom"] <= box["bottom"] + 0.5, (what, card)


def card_width(seen: dict[str, Any]) -> float:
    return float(max(card["right"] - card["left"] for cards in seen["piles"].values() for card in cards))


NO_SCROLLING = "document.scrollingElement.scrollHeight <= innerHeight && document.scrollingElement.scrollWidth <= innerWidth"


@pytest.mark.parametrize("game", POSITIONS)
def test_every_face_up_index_shows_in_a_long_column(played: Any, browser: Any, site_url: str, watch: PageWatch, game: str) -> None:
    """At every size in SIZES, the one page resized through them."""
    options, layout = POSITIONS[game]()
    rules = make_rules(game, options)
    length = max(len(pile.cards) for pile in rules.piles(rules.parse_layout(layout)) if pile.name.startswith("tableau"))
    # The same game's opening at each size (on the shared page): the cards a table without a long column has.
    fresh_deal(played, game, 3, **options)
    opening = {}
    for width, height in SIZES:
        resize(played, width, height)
        opening[width, height] = card_width(played.evaluate(BOXES))
    context, page = new_page(browser, watch, reduced_motion="reduce")
    try:
        set_up(page, site_url, layout, options, game=game)
        for width, height in SIZES:
            resize(page, width, height)
            seen = page.evaluate(BOXES)
            longest = max((cards for name, cards in seen["piles"].items() if name.startswith("tableau")), key=len)
            assert len(longest) == length
            cards_width = card_width(seen)
            assert cards_width >= LEAST_CARD_WIDTH - 0.01, (width, height, cards_width)
            strips = []
            for name, cards in seen["piles"].items():
                for card, above in zip(cards, cards[1:]) if name.startswith("tableau") else ():  # the fanned piles
                    shown = above["top"] - card["top"]
                    if card["card"] == "down":
                        assert shown >= SLIVER_PX - 0.01, (width, height, card, above)
                    else:
                        strips += [shown] if cards is longest else []
                        assert shown >= INDEX_END * card["height"] - 0.5, (width, height, card, above, shown)
                        assert shown >= max(LEAST_STRIP, LEAST_STRIP_SHARE * cards_width) - 0.01, (width, height, card, above, shown)
            # The long column makes its own fan tighter before the table shrinks: smaller cards
            # than the opening's only where its strips are already at their least.
            if cards_width < opening[width, height] - 0.5:
                least = max(INDEX_END * cards_width * 1.4, LEAST_STRIP, LEAST_STRIP_SHARE * cards_width)
                assert max(strips) <= least * 1.15 + 1, (width, height, cards_width, opening[width, height], max(strips))
            fits(seen, (width, height))
            assert page.evaluate(NO_SCROLLING), (width, height)
    finally:
        close(context, page, watch)


# Every game, the ones with a variant at the one that lays out the most.
FIT_OPTIONS = {"klondike": {"draw": "3"}, "spider": {"suits": "2"}}


@pytest.mark.parametrize("game", GAMES)
def test_every_game_fits_the_window(played: Any, game: str) -> None:
    """Each game's deal, stock and waste included, at every size in SIZES (TriPeaks' ran off the
    bottom of sideways phones)."""
    page = played
    fresh_deal(page, game, 5, **FIT_OPTIONS.get(game, {}))
    widths = {}
    for width, height in SIZES:
        resize(page, width, height)
        seen = page.evaluate(BOXES)
        fits(seen, (game, width, height))
        assert page.evaluate(NO_SCROLLING), (game, width, height)
        widths[width, height] = card_width(seen)
        # Wide games on an upright phone too: readable cards (the columns may overlap a little).
        assert widths[width, height] >= LEAST_CARD_WIDTH - 0.01, (game, width, height, widths[width, height])
        if height > width and width <= 1080:
            uses_the_height(seen, game, width, height)
    # Cards keep growing on big screens.
    assert widths[1440, 900] < widths[1920, 1080] < widths[2560, 1440] < widths[3840, 2160], (game, widths)


FAN_GROWN_FACE_DOWN = 0.2  # a face-down step grown where the height is spare, in card heights (static/table.js;
# a card's box is a little taller than the card the steps are reckoned from: 3% of slack below)
ROWS_SPREAD = 1.5  # how far rows of cards (Pyramid, TriPeaks) move apart there


def uses_the_height(seen: dict[str, Any], game: str, width: int, height: int) -> None:
    """An upright screen, where the width bounds the cards, spends its spare height at the deal:
    the face-down steps of the columns grown to FAN_GROWN_FACE_DOWN of a card, or the rows of a
    game of rows spread apart ROWS_SPREAD times."""
    piles = seen["piles"]
    card_height = max(card["height"] for cards in piles.values() for card in cards)
    columns = [cards for name, cards in piles.items() if name.startswith("tableau") and len(cards) > 1]
    if columns:
        steps = [above["top"] - card["top"] for cards in columns for card, above in zip(cards, cards[1:]) if card["card"] == "down"]
        # (Games dealt all face up, FreeCell's kin, Golf, Forty Thieves: their face-up steps are
        # near their grown size already on a phone.)
        if steps:
            assert min(steps) >= FAN_GROWN_FACE_DOWN * card_height * 0.97, (game, width, height, min(steps), card_height)
        return
    tops = sorted({round(card["top"], 1) for name, cards in piles.items() for card in cards if name not in ("stock", "waste")})
    pitch = tops[1] - tops[0]  # half a row apart in both games: half a card and its gap, spread
    assert pitch >= 0.5 * card_height * ROWS_SPREAD * 0.97, (game, width, height, tops, card_height)
