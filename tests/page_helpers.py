"""Reading and driving the page through the DOM contract: the helpers every browser test uses."""

from __future__ import annotations

from typing import Any

from solitaire.cards import card_text
from solitaire.rule_pages import PLAYING

READY = "html[data-ready=true]"


def open_page(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=60_000)


def settled(page: Any) -> None:
    """Wait until the engine has answered the input sent so far (the board is aria-busy meanwhile)."""
    page.wait_for_selector("#board:not([aria-busy])", state="attached")


def pile_cards(page: Any, pile: str) -> list[str]:
    """The data-card values of a pile, bottom first, once the engine has answered."""
    settled(page)
    cards: list[str] = page.eval_on_selector_all(
        f'[data-card][data-pile="{pile}"]',
        "els => els.sort((a, b) => a.dataset.index - b.dataset.index).map(e => e.dataset.card)",
    )
    return cards


def shows_position(page: Any, rules: Any, position: Any) -> None:
    """Every pile on the table holds the cards the engine's position has, face down ("down") where they are."""
    for pile in rules.piles(position):
        expected = [card_text(card) if up else "down" for card, up in zip(pile.cards, pile.face_up)]
        assert pile_cards(page, pile.name) == expected, pile.name


def card(page: Any, pile: str, index: int) -> Any:
    return page.locator(f'[data-card][data-pile="{pile}"][data-index="{index}"]')


def text_of(page: Any, element_id: str) -> str:
    settled(page)
    text: str = page.locator(f"#{element_id}").inner_text()
    return text


def resize(page: Any, width: int, height: int) -> None:
    """The window at this size and the table drawn for it (the page redraws when the board's size
    changes): one started page goes through every size instead of booting Pyodide for each."""
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function(
        "([w, h]) => innerWidth === w && innerHeight === h && (() => { const board = document.getElementById('board');"
        " const room = board.parentElement;"  # the board may be taller than the room it scrolls in
        " return board.getAttribute('viewBox') === `0 0 ${board.clientWidth} ${board.clientHeight}`"
        " && board.dataset.room === `${room.clientWidth}x${room.clientHeight}`; })()",
        arg=[width, height],
    )


# Cards that shook (the rules refused them), as "pile:index": the class "refused" stays on for
# less than a second, which a loaded machine can let pass unseen; the observer sees each one.
WATCH_REFUSALS = """() => {
  if (!window.refusals) {
    window.refusals = [];
    new MutationObserver((records) => {
      for (const record of records) {
        const element = record.target;
        const was = (record.oldValue ?? '').split(' ').includes('refused');
        if (!was && element.classList.contains('refused')) window.refusals.push(`${element.dataset.pile}:${element.dataset.index}`);
      }
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'], attributeOldValue: true });
  }
  window.refusals.length = 0;
}"""


def watch_refusals(page: Any) -> None:
    """From now on, note every card that shakes (call it before the input that is refused)."""
    page.evaluate(WATCH_REFUSALS)


def shook(page: Any, pile: str, index: int) -> None:
    """Wait until the card at ``pile``, ``index`` has shaken since ``watch_refusals``."""
    page.wait_for_function("(card) => window.refusals.includes(card)", arg=f"{pile}:{index}")


# The sections the rules dialog shows after every game's own page (how the page is played).
RULES_AFTER = {language: [heading for heading, *_ in blocks] for language, blocks in PLAYING.items()}
