"""What a player does, in Chromium, Firefox and WebKit: the start from the snapshot and its
fallback, every game played to a win by pointer, keyboard play, a reload and an offline reload
that keep the game, an update of the site, storage that fails, a browser killed after a move.

Each test runs once per engine, driven through tests/browsers.py with real pointer and key
input. Where an engine cannot do something, the test says why it is skipped there (and README
says so too)."""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from browsers import ENGINES, Browser, ChromiumBrowser, FirefoxBrowser, WebKitBrowser, Xvfb, missing
from conftest import ROOT
from solitaire.daily import WinnableFinder
from solitaire.game import move_notation, parse_move
from solitaire.registry import GAMES
from solitaire.rule_pages import RULE_PAGES
from test_browser_bar import PART_BOXES, UNCUT, overlapping
from test_browser_keeping import FULL_STORAGE, THROWING_STORAGE
from test_browser_klondike import KLONDIKE_OPTIONS, NEAR_WON
from test_browser_offline import ACTIVATED, UPDATE, Server
from test_browser_start import damaged_pages

pytestmark = pytest.mark.browser

Launch = Callable[..., Browser]


# -- fixtures ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def display() -> Iterator[str]:
    xvfb = Xvfb()
    yield xvfb.display
    xvfb.stop()


# Firefox and WebKit are a tier of their own (./build.sh test): the Chromium suite is timed apart.
@pytest.fixture(params=[name if name == "chromium" else pytest.param(name, marks=pytest.mark.other_engines) for name in ENGINES])
def engine(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    if reason := missing(name):
        pytest.fail(f"{name}: {reason} (./build.sh test installs it)")
    return name


@pytest.fixture
def launch(engine: str, request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Launch]:
    """``launch(profile=None, width=1280, height=800)``: the engine on a profile directory (a
    fresh one unless named). Every browser is closed at the end, and its page must have logged no
    error (Chromium and Firefox report them; WebKit's driver does not)."""
    made: list[Browser] = []

    def make(profile: Path | None = None, width: int = 1280, height: int = 800) -> Browser:
        profile = profile or tmp_path / f"profile-{len(made)}"
        if engine == "chromium":
            browser: Browser = ChromiumBrowser(profile, width, height, request.getfixturevalue("browser").browser_type)
        elif engine == "firefox":
            browser = FirefoxBrowser(profile, width, height)
        else:
            browser = WebKitBrowser(profile, width, height, request.getfixturevalue("display"))
        made.append(browser)
        return browser

    yield make
    errors = [error for browser in made for error in browser.errors]
    for browser in made:
        browser.close()
    assert not errors, f"{engine}: errors in the page: {errors}"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The static site as ./build.sh site assembles it, plus the blank page to set up storage from."""
    from precache import assemble_site

    directory = tmp_path_factory.mktemp("engines") / "site"
    assemble_site(ROOT, directory)
    (directory / "tests").mkdir()
    shutil.copy(ROOT / "tests" / "blank.html", directory / "tests" / "blank.html")
    return directory


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Callable[[Path], Server]]:
    """``serve(directory)``: a server of that folder on its own port (a test may stop it)."""
    servers: list[Server] = []

    def start(directory: Path) -> Server:
        servers.append(Server(directory))
        return servers[-1]

    yield start
    for server in servers:
        server.stop()


def copy_of(site: Path, tmp_path: Path) -> Path:
    directory = tmp_path / "site"
    shutil.copytree(site, directory, symlinks=True)
    return directory


# -- what a player sees, read through the DOM contract ----------------------------------


def ready(tab: Browser) -> None:
    tab.wait("document.documentElement.dataset.ready === 'true'")


def settled(tab: Browser) -> None:
    """The engine has answered everything sent so far (the board is aria-busy meanwhile)."""
    tab.wait("!document.getElementById('board').hasAttribute('aria-busy')")


def open_game(tab: Browser, url: str) -> None:
    tab.goto(url)
    ready(tab)


def pile(tab: Browser, name: str) -> list[str]:
    settled(tab)
    cards: list[str] = tab.run(
        "return [...document.querySelectorAll(`[data-card][data-pile='${args[0]}']`)]"
        ".sort((a, b) => a.dataset.index - b.dataset.index).map((e) => e.dataset.card);",
        name,
    )
    return cards


def text(tab: Browser, element: str) -> str:
    settled(tab)
    value: str = tab.run("return document.getElementById(args[0]).textContent.trim();", element)
    return value


def card(name: str, index: int) -> str:
    return f'[data-card][data-pile="{name}"][data-index="{index}"]'


def top_cards(tab: Browser, name: str, count: int) -> str:
    """The selector of the card that a move of ``count`` cards from pile ``name`` picks up."""
    return card(name, len(pile(tab, name)) - count)


def kept(tab: Browser, moves: int) -> None:
    """The game with ``moves`` moves is on disk (the page says so on <html>)."""
    tab.wait(f"document.documentElement.dataset.kept === '{moves}'")


def started(tab: Browser) -> str:
    how: str = tab.run("return document.documentElement.dataset.engineStart;")
    return how


def dialog_open(tab: Browser, name: str) -> bool:
    is_open: bool = tab.wait(f"document.getElementById('{name}').open")
    return is_open


def set_up(tab: Browser, base: str, save: dict[str, Any]) -> None:
    """Open the page on ``save`` as the game in progress (stored from a blank page of the
    site's origin, before the page runs; the page takes it over at its start)."""
    tab.goto(base + "tests/blank.html")
    tab.run("localStorage.setItem('solitaire.game', args[0]);", json.dumps(save))
    open_game(tab, base)


def save_of(game: str, deal: int, options: dict[str, str], turns: list[str], layout: str | None = None) -> dict[str, Any]:
    return {
        "version": 1,
        "game": game,
        "options": options,
        "deal": deal,
        "daily": None,
        "layout": layout,
        "turns": [[move] for move in turns],
        "undone": [],
        "seconds": 0,
    }


def play(tab: Browser, notation: str) -> None:
    """One move as a player makes it: a draw by a click on the stock, anything else by dragging
    the card (the run's first card) onto the pile it goes to."""
    move = parse_move(notation)
    settled(tab)
    if move.source == "stock":
        tab.click('[data-pile="stock"]')
    else:
        tab.drag(top_cards(tab, move.source, move.count), f'[data-pile="{move.target}"]')


# -- the tests -------------------------------------------------------------------------


def test_the_game_starts_from_the_snapshot_and_plays_by_pointer(launch: Launch, site_url: str) -> None:
    tab = launch()
    open_game(tab, site_url + "?game=klondike&deal=1")
    assert started(tab) == "snapshot"
    # A click on a card, a click where it goes: the 7 of Diamonds onto the 8 of Spades.
    tab.click(card("tableau-1", 0))
    tab.click(card("tableau-7", 6))
    assert pile(tab, "tableau-7")[-2:] == ["8S", "7D"] and text(tab, "moves") == "1"
    # A drag: column 5's card onto the card turned up in column 1.
    moved = pile(tab, "tableau-5")[-1]
    tab.drag(top_cards(tab, "tableau-5", 1), '[data-pile="tableau-1"]')
    assert pile(tab, "tableau-1")[-1] == moved and text(tab, "moves") == "2"
    # Nine draws bring the Ace of Clubs to the waste (deal 1's winning line); a double click sends it home.
    for _ in range(9):
        tab.click('[data-pile="stock"]')
        settled(tab)
    assert pile(tab, "waste")[-1] == "AC"
    tab.click(top_cards(tab, "waste", 1), count=2)
    assert pile(tab, "foundation-1") == ["AC"] and text(tab, "moves") == "12"
    tab.click("#undo")
    assert pile(tab, "foundation-1") == [] and pile(tab, "waste")[-1] == "AC"
    # The rules: the game's page (its own module, imported once the page is idle or as the dialog opens).
    tab.click("#open-rules")
    tab.wait(f"document.querySelector('#rules[open] #rules-text h3')?.textContent === {json.dumps(RULE_PAGES['klondike']['en'][0][0])}")


def test_a_damaged_snapshot_falls_back_to_the_ordinary_start(
    launch: Launch, site: Path, serve: Callable[[Path], Server], tmp_path: Path
) -> None:
    directory = copy_of(site, tmp_path)
    (directory / "static" / "snapshot" / "solitaire.snapshot").write_bytes(damaged_pages())
    server = serve(directory)
    tab = launch()
    open_game(tab, server.url + "?game=klondike&deal=1")
    assert started(tab) == "ordinary"
    tab.click(card("tableau-1", 0))
    tab.click(card("tableau-7", 6))
    assert pile(tab, "tableau-7")[-2:] == ["8S", "7D"] and text(tab, "moves") == "1"


# The options each game is won under: its defaults but where a test elsewhere names them.
WINNING_OPTIONS = {"klondike": KLONDIKE_OPTIONS, "spider": {"suits": "1"}}


def winning_line(game: str, options: dict[str, str]) -> tuple[int, list[str]]:
    """The first deal from 1 that the solver proves winnable (as "winnable deals only" finds
    it), with its winning line."""
    finder = WinnableFinder(game, options, 1)
    while (found := finder.run(1 << 30)) is None:
        pass
    assert found.verdict is not None and found.verdict.status == "winnable", game
    return found.deal, [move_notation(move) for move in found.verdict.moves]


def test_every_game_is_won_by_pointer(launch: Launch, site_url: str) -> None:
    """Each game one deal from the solver's line, its last two moves made by the player's hand."""
    tab = launch()
    for game in GAMES:
        options = WINNING_OPTIONS.get(game, {})
        deal, line = winning_line(game, options)
        set_up(tab, site_url, save_of(game, deal, options, line[:-2]))
        assert text(tab, "moves") == str(len(line) - 2), game
        for notation in line[-2:]:
            play(tab, notation)
        assert dialog_open(tab, "won"), game
        tab.press("Escape")


def test_a_won_klondike_with_keys_only(launch: Launch, site_url: str) -> None:
    tab = launch()
    set_up(tab, site_url, save_of("klondike", 1, KLONDIKE_OPTIONS, [], layout=NEAR_WON))
    for _ in range(30):  # Tab until the table has the focus: it is in the tab order, after the bar
        tab.press("Tab")
        if tab.run("return document.activeElement.id;") == "board":
            break
    else:
        raise AssertionError(f"{tab.engine}: Tab never reached the table")
    tab.press("1", "Enter")  # column 1's King of Clubs, picked up
    assert tab.wait("document.querySelectorAll('.drop-target').length") == 4  # its foundation and the empty columns
    tab.press("ArrowUp", "ArrowRight", "ArrowRight", "Enter")  # stock, waste, foundation 1: put down
    assert pile(tab, "foundation-1")[-1] == "KC"
    tab.press("2", "f")  # F: to its foundation
    assert pile(tab, "foundation-2")[-1] == "KD"
    tab.press("u")  # undo, redo
    assert pile(tab, "tableau-2") == ["KD"]
    tab.press("r")
    assert pile(tab, "tableau-2") == []
    tab.press("3", "f", "4", "f")
    assert dialog_open(tab, "won")
    assert tab.wait("document.getElementById('announcer').textContent").endswith("You won!")


def test_the_next_visit_starts_after_the_page_slept_in_the_back_forward_cache(launch: Launch, site_url: str) -> None:
    """WebKit put the page to sleep with its last write unfinished, and the database waited for
    it: the next visit never got past "Loading Python…". Now the sleeping page lets go."""
    tab = launch()
    open_game(tab, site_url + "?game=klondike&deal=1")
    tab.click('[data-pile="stock"]')
    kept(tab, 1)
    tab.click('[data-pile="stock"]')  # written as the page leaves (or cut short: the copy has it)
    assert text(tab, "moves") == "2"
    tab.goto(site_url + "tests/blank.html")
    open_game(tab, site_url)  # the game in progress
    assert text(tab, "moves") == "2" and len(pile(tab, "waste")) == 2
    # Back to the sleeping page, which wakes where it was (the same page, not loaded again); its
    # next move is kept. The driver goes back (browsers.py, back: not history.back() from a script).
    tab.run("addEventListener('pageshow', (event) => { window.wokeFromCache = event.persisted; });")
    tab.goto(site_url + "tests/blank.html")
    tab.back()
    tab.wait("location.pathname !== '/tests/blank.html' && document.documentElement.dataset.ready === 'true' && window.wokeFromCache")
    tab.click('[data-pile="stock"]')
    kept(tab, 3)
    open_game(tab, site_url)
    assert text(tab, "moves") == "3"


def test_a_reload_and_an_offline_reload_keep_the_game(launch: Launch, site: Path, serve: Callable[[Path], Server]) -> None:
    server = serve(site)
    tab = launch()
    open_game(tab, server.url)
    tab.run(ACTIVATED.removeprefix("async () => {").removesuffix("}"))  # the service worker has its files
    tab.click('[data-pile="stock"]')
    kept(tab, 1)
    tab.reload()
    ready(tab)
    assert text(tab, "moves") == "1" and tab.run("return navigator.serviceWorker.controller !== null;")
    tab.click('[data-pile="stock"]')
    kept(tab, 2)
    server.stop()  # no network: everything comes from the service worker's cache
    tab.reload()
    ready(tab)
    assert started(tab) == "snapshot"
    assert text(tab, "moves") == "2" and len(pile(tab, "waste")) == 2
    tab.click('[data-pile="stock"]')
    assert len(pile(tab, "waste")) == 3


def store_warning(tab: Browser) -> str:
    """The warning about storage, once it shows."""
    text: str = tab.wait("!document.getElementById('store-warning').hidden && document.getElementById('store-warning').textContent")
    return text


def with_script_first(site: Path, tmp_path: Path, script: str) -> Path:
    """A copy of the site whose page runs ``script`` before its own (as a browser's own failing
    storage would be there before the page): a file of the site, as its CSP allows."""
    from precache import write_manifest

    directory = copy_of(site, tmp_path)
    (directory / "static" / "test-first.js").write_text(script)
    index = directory / "index.html"
    page = index.read_text()
    head = page.index("<head>") + len("<head>")
    index.write_text(page[:head] + '\n  <script src="static/test-first.js"></script>' + page[head:])
    write_manifest(directory)
    return directory


def test_storage_that_throws_is_said_and_the_game_plays(
    launch: Launch, site: Path, serve: Callable[[Path], Server], tmp_path: Path
) -> None:
    server = serve(with_script_first(site, tmp_path, THROWING_STORAGE))
    tab = launch()
    open_game(tab, server.url + "?game=klondike&deal=1")
    assert "nothing is kept" in store_warning(tab)
    tab.click('[data-pile="stock"]')
    assert len(pile(tab, "waste")) == 1


def test_full_storage_is_said_and_loses_nothing_already_kept(
    launch: Launch, site: Path, serve: Callable[[Path], Server], tmp_path: Path
) -> None:
    server = serve(with_script_first(site, tmp_path, FULL_STORAGE))
    tab = launch()
    open_game(tab, server.url + "?game=klondike&deal=1")
    tab.click('[data-pile="stock"]')
    kept(tab, 1)
    tab.run("window.storageFull = true;")
    tab.click('[data-pile="stock"]')
    assert "full" in store_warning(tab)
    assert text(tab, "moves") == "2"  # the game goes on
    tab.run("window.storageFull = false;")  # space again: keeping works again
    tab.click('[data-pile="stock"]')
    kept(tab, 3)
    assert tab.wait("document.getElementById('store-warning').hidden")
    tab.reload()
    ready(tab)
    assert text(tab, "moves") == "3" and len(pile(tab, "waste")) == 3


def test_an_update_of_the_site_reaches_the_player_and_keeps_the_game(
    launch: Launch, site: Path, serve: Callable[[Path], Server], tmp_path: Path
) -> None:
    from precache import write_manifest

    directory = copy_of(site, tmp_path)
    server = serve(directory)
    tab = launch()
    open_game(tab, server.url)
    tab.run(ACTIVATED.removeprefix("async () => {").removesuffix("}"))
    tab.reload()
    ready(tab)
    tab.click('[data-pile="stock"]')
    kept(tab, 1)
    # Deploy a new version: one changed file, the manifest rebuilt.
    style = directory / "static" / "style.css"
    style.write_text(style.read_text() + "\n/* version two */\n")
    write_manifest(directory)
    assert tab.run(UPDATE.removeprefix("async () => {").removesuffix("}")) == "installed"
    # Once the site's last tab is closed, the new version takes over: a later visit runs it (the
    # browser activates it in its own time after the tab has gone).
    for _ in range(30):
        tab.new_tab()
        time.sleep(1)
        open_game(tab, server.url)
        if "version two" in tab.run("return (await fetch('static/style.css')).text();"):
            break
    else:
        raise AssertionError(f"{tab.engine}: the new version never took over")
    assert text(tab, "moves") == "1"


def test_a_browser_killed_after_a_move_was_kept_has_the_move(launch: Launch, site_url: str, tmp_path: Path, engine: str) -> None:
    if engine == "webkit":
        pytest.skip("WebKitWebDriver's sessions keep no data on disk: each MiniBrowser it starts is a new, empty profile")
    profile = tmp_path / "kept"
    tab = launch(profile)
    open_game(tab, site_url + "?game=klondike&deal=1")
    tab.click(card("tableau-1", 0))
    tab.click(card("tableau-7", 6))
    kept(tab, 1)
    tab.kill()
    tab = launch(profile)
    open_game(tab, site_url)
    assert text(tab, "moves") == "1" and pile(tab, "tableau-7")[-2:] == ["8S", "7D"]


def test_nothing_in_the_bar_is_cut_on_a_phone(launch: Launch, site_url: str) -> None:
    """The bar's rows on an upright phone (a subgrid) and its one row sideways, in each engine:
    the longest game name with a ten-digit deal, no text cut or clipped, none overlapping.
    (WebKit's MiniBrowser keeps its window at least 447 px wide: the page is that wide there.)"""
    tab = launch(width=360, height=640)
    open_game(tab, site_url + "?game=double-klondike&deal=1234567890")
    tab.wait("document.getElementById('deal-label').textContent.includes('·')")  # its difficulty came in
    for width, height in ((360, 640), (640, 360)):
        tab.resize(width, height)
        tab.wait(f"innerHeight === {height} && innerWidth >= {width} && innerWidth <= Math.max({width}, 447)")
        assert tab.run(f"return ({UNCUT})();") == [], (width, height)
        assert overlapping(tab.run(f"return ({PART_BOXES})();")) == [], (width, height)
