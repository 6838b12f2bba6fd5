"""How the page starts: its first script starts the engine's worker and hands it the snapshot and
the runtime, which the HTML has the browser preload; the worker restores the build's memory
snapshot, and falls back to the ordinary load (boot Pyodide, load the wheel) when the snapshot is
missing, damaged or made for another build, and the game plays either way. Long searches run in
the worker: a move is not kept waiting by one, and the page stays responsive while a slow daily is
found and a challenge checked."""

from __future__ import annotations

import datetime
import json
import re
import struct
from collections.abc import Callable
from typing import Any

import pytest
from conftest import ROOT
from page_helpers import card, open_page, pile_cards, settled, text_of
from playwright.sync_api import expect
from solitaire.daily import daily, published_candidate
from solitaire.registry import make_rules
from test_browser_games import first_card_move

pytestmark = pytest.mark.browser

SNAPSHOT = ROOT / "static" / "snapshot" / "solitaire.snapshot"
MAGIC = b"SOLSNAP3"
# The 4-suit Spider daily of this date is found after several candidates, searched: the date is
# past the published table (a published date proves just its candidate).
SLOW_DAILY = "2030-11-02"


def started(page: Any) -> str:
    how: str = page.evaluate("document.documentElement.dataset.engineStart")
    return how


def play_a_move(page: Any) -> None:
    """The 7D of Klondike deal 1 onto the 8S, by clicks."""
    card(page, "tableau-1", 0).click()
    card(page, "tableau-7", 6).click()
    assert pile_cards(page, "tableau-7")[-2:] == ["8S", "7D"] and text_of(page, "moves") == "1"


def with_header(change: Callable[[dict[str, Any]], None]) -> bytes:
    """The snapshot file with its header changed (as long as it was)."""
    file = SNAPSHOT.read_bytes()
    (length,) = struct.unpack_from("<I", file, len(MAGIC))
    start = len(MAGIC) + 4
    header = json.loads(file[start : start + length])
    change(header)
    text = json.dumps(header, separators=(",", ":")).encode()
    assert len(text) <= length
    return file[:start] + text.ljust(length) + file[start + length :]


def pyodide_header_offset(file: bytes) -> int:
    length: int = struct.unpack_from("<I", file, len(MAGIC))[0]
    return len(MAGIC) + 4 + length


def damaged_pages() -> bytes:
    """The header is right, a stored page is not: the restore's hash refuses it (or the
    decompressor, where the damage breaks the compressed stream)."""
    file = bytearray(SNAPSHOT.read_bytes())
    file[-2000:-1000] = bytes(1000)
    return bytes(file)


def refused_by_pyodide() -> bytes:
    """Our header is right, Pyodide's is not its own: Pyodide itself must refuse it."""
    file = bytearray(SNAPSHOT.read_bytes())
    start = pyodide_header_offset(bytes(file))
    file[start : start + 4] = b"\0\0\0\0"  # its magic number
    return bytes(file)


def test_the_game_starts_from_the_snapshot(page: Any, site_url: str) -> None:
    open_page(page, site_url + "?game=klondike&deal=1")
    assert started(page) == "snapshot"
    play_a_move(page)


BAD_SNAPSHOTS: dict[str, Callable[[], bytes | None]] = {
    "missing": lambda: None,
    "not a snapshot": lambda: b"<!doctype html><title>404</title>",
    "cut short": lambda: SNAPSHOT.read_bytes()[: SNAPSHOT.stat().st_size // 2],
    "another pyodide": lambda: with_header(lambda header: header.update(pyodide="0.0.1")),
    "another build": lambda: with_header(lambda header: header.update(wheel="0" * 64)),
    "damaged pages": damaged_pages,
    "refused by pyodide": refused_by_pyodide,
}


@pytest.mark.parametrize("kind", BAD_SNAPSHOTS)
def test_without_a_usable_snapshot_the_game_starts_the_ordinary_way(page: Any, site_url: str, watch: Any, kind: str) -> None:
    body = BAD_SNAPSHOTS[kind]()

    def serve(route: Any) -> None:
        if body is None:
            route.fulfill(status=404, body="not found")
        else:
            route.fulfill(status=200, body=body, headers={"Content-Type": "application/octet-stream"})

    page.route("**/static/snapshot/solitaire.snapshot", serve)
    warnings: list[str] = []
    page.on("console", lambda message: warnings.extend([message.text] if message.type == "warning" else []))
    open_page(page, site_url + "?game=klondike&deal=1")
    assert started(page) == "ordinary"
    assert any("snapshot could not be used" in text for text in warnings), warnings
    play_a_move(page)
    if body is None:  # the browser's own line on the missing file: expected here
        watch.errors[:] = [text for text in watch.errors if "status of 404" not in text]


def test_the_engine_starts_from_the_first_bytes_and_fetches_its_files_once(page: Any, site_url: str) -> None:
    """index.html has the browser preload the snapshot and the runtime before any script runs;
    boot.js starts the worker before the page's other scripts run and hands it both, so the
    worker asks for neither, and each is fetched once."""
    open_page(page, site_url + "?game=klondike&deal=1")
    timing = page.evaluate(
        """() => ({
          resources: performance.getEntriesByType("resource").map((entry) => [new URL(entry.name).pathname.split("/").pop(), entry.startTime]),
          marks: Object.fromEntries(performance.getEntriesByType("mark").map((mark) => [mark.name, mark.startTime])),
        })"""
    )
    requested: dict[str, list[float]] = {}
    for name, start in timing["resources"]:
        requested.setdefault(name, []).append(start)
    assert len(requested["pyodide.asm.wasm"]) == 1 and len(requested["solitaire.snapshot"]) == 1, requested
    assert max(requested["pyodide.asm.wasm"][0], requested["solitaire.snapshot"][0]) <= requested["boot.js"][0], requested
    marks = timing["marks"]
    assert "engine: pyodide.asm.wasm requested" not in marks and "engine: solitaire.snapshot requested" not in marks, marks
    # The page's other scripts import boot.js: it runs, and starts the worker, before any of them.
    assert marks["page: engine worker created"] < marks["page: app started"], marks
    assert started(page) == "snapshot"


def test_index_preloads_every_module_of_the_page() -> None:
    """Every module app.js imports, however deep, is named for preloading (one round trip for all
    of them on a first visit, not one per level of imports)."""
    graph: set[str] = set()

    def walk(name: str) -> None:
        if name in graph:
            return
        graph.add(name)
        source = (ROOT / "static" / name).read_text()
        for found in re.findall(r'^import (?:[^;]*? from )?"\./([\w-]+\.js)"', source, re.M):
            walk(found)

    walk("app.js")
    preloaded = set(re.findall(r'<link rel="modulepreload" href="static/([\w-]+\.js)">', (ROOT / "index.html").read_text()))
    assert preloaded == graph - {"app.js", "boot.js"}  # those two are the page's script tags


def test_the_page_states_the_runtimes_size() -> None:
    """The progress of a first visit counts the runtime's bytes against the size index.html
    states (a host may send it compressed, without its own length)."""
    stated = re.search(r'href="static/pyodide/pyodide.asm.wasm"[^>]*data-bytes="(\d+)"', (ROOT / "index.html").read_text())
    assert stated is not None
    assert int(stated.group(1)) == (ROOT / "static" / "pyodide" / "pyodide.asm.wasm").stat().st_size


def test_a_move_is_not_kept_waiting_by_a_search(page: Any, site_url: str) -> None:
    """While today's 4-suit Spider daily is being found (seconds of search in the worker), the
    game on the table still plays: the move is on the table before the search ends."""
    options = {"suits": "4"}
    assert daily("spider", options, SLOW_DAILY).index >= 2 and published_candidate("spider", options, SLOW_DAILY) is None
    page.clock.set_fixed_time(datetime.datetime.fromisoformat(SLOW_DAILY + "T12:00:00"))
    deal, move, index = first_card_move("spider", options)
    open_page(page, site_url + f"?game=spider&suits=4&deal={deal}")
    before = pile_cards(page, move.source)
    page.evaluate(
        """() => {
          window.seen = {};
          const board = document.getElementById('board');
          new MutationObserver(() => { window.seen.board ??= performance.now(); }).observe(board, { childList: true, subtree: true });
          new MutationObserver(() => {
            if (document.getElementById('deal-label').textContent.startsWith('Daily')) window.seen.daily ??= performance.now();
          }).observe(document.getElementById('deal-label'), { childList: true, characterData: true, subtree: true });
        }"""
    )
    page.keyboard.press("t")  # no move yet: the daily starts without asking, once it is found
    expect(page.locator("#notice")).to_contain_text("(candidate 1)")
    card(page, move.source, index).click()  # Spider moves a card on a click when it has one place
    if not make_rules("spider", options).tap_moves:
        page.locator(f'[data-card][data-pile="{move.target}"]').last.click()
    settled(page)
    expect(page.locator("#deal-label")).to_contain_text(f"Daily {SLOW_DAILY}", timeout=120_000)
    seen = page.evaluate("window.seen")
    assert seen["board"] < seen["daily"], seen  # the move was drawn while the search went on
    assert before != [], before


def test_the_page_stays_responsive_while_a_challenge_for_a_slow_daily_is_checked(page: Any, site_url: str) -> None:
    """A challenge link of a 4-suit Spider daily: the daily is found in slices in the worker (the
    page answers all along, and shows the progress), and the challenge's check reuses it."""
    options = {"suits": "4"}
    found = daily("spider", options, SLOW_DAILY)
    rules = make_rules("spider", options)
    position = rules.deal(found.deal)
    moves = []
    for _ in range(2):
        move = next(move for move in rules.legal_moves(position) if move.source != "stock")
        position = rules.apply(position, move)
        moves.append(str(move))
    page.goto(site_url + f"?game=spider&suits=4&daily={SLOW_DAILY}&moves={'.'.join(moves)}", wait_until="commit")
    texts = set()
    while page.evaluate("document.documentElement.dataset.ready") != "true":
        # Each evaluation needs the main thread: it answers while the worker searches.
        texts.add(page.evaluate("document.getElementById('loading-text')?.textContent ?? ''"))
        page.wait_for_timeout(50)
    progress = {text for text in texts if "(candidate" in text}
    assert len(progress) >= 2, texts
    expect(page.locator("#notice")).to_contain_text("does not win")
    assert text_of(page, "deal-label").startswith(f"Daily {SLOW_DAILY}")


SHIFTS = """
window.shifts = [];
new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.shifts.push(entry.value); })
  .observe({ type: "layout-shift", buffered: true });
"""


@pytest.mark.parametrize(
    "query, width, height",
    [("game=klondike&deal=1", 412, 823), ("game=freecell&deal=617", 768, 1024), ("game=freecell&deal=617", 1440, 900)],
)
def test_nothing_moves_while_the_game_starts(browser: Any, site_url: str, query: str, width: int, height: int) -> None:
    """The bar gets its deal, mode, difficulty and verdict while the game starts; the table must
    not jump down when it grows (Lighthouse's Cumulative Layout Shift, at most 0.02)."""
    context = browser.new_context(viewport={"width": width, "height": height}, service_workers="block")
    page = context.new_page()
    page.add_init_script(SHIFTS)
    open_page(page, f"{site_url}?{query}")
    expect(page.locator("#winnable")).not_to_have_attribute("data-status", "searching")
    expect(page.locator("#deal-label")).to_contain_text(" · ")  # the difficulty is in
    page.wait_for_timeout(300)  # a frame or two for the last shift to be reported
    shifts: list[float] = page.evaluate("window.shifts")
    context.close()
    assert sum(shifts) <= 0.02, shifts


def test_the_worker_answers_a_message_it_does_not_know(page: Any, site_url: str) -> None:
    """A message of no known kind, or no message at all, is answered with a failure and leaves the
    worker alive: nothing waits for ever."""
    open_page(page, site_url + "?game=klondike&deal=1")
    replies = page.evaluate(
        """() => new Promise((resolve) => {
          const worker = new Worker("static/engine-worker.js", { type: "module", name: "a probe" });
          const replies = [];
          worker.onmessage = ({ data }) => {
            if (data.kind === "download") return;
            replies.push(data);
            if (replies.length === 2) { worker.terminate(); resolve(replies); }
          };
          setTimeout(() => { worker.terminate(); resolve(replies); }, 10_000); // what came by then
          worker.postMessage(null);
          worker.postMessage({ id: 7, kind: "bogus" });
          worker.postMessage({ id: 8, kind: "__proto__" });
        })"""
    )
    assert [reply["id"] for reply in replies] == [7, 8]
    assert all(reply["answer"]["ok"] is False and reply["done"] for reply in replies)
    assert 'no message "bogus"' in replies[0]["answer"]["error"]
