"""How much of a burst of moves a killed browser keeps (issue 38: "all but the last 100 ms").

    .venv/bin/python tools/bench_kill.py [--engines chromium firefox] [--rounds 3] [--moves 12]

A measurement, not a test: for each engine and each delay, a fresh profile plays a burst of
draws (Klondike deal 1, one click every 100 ms), the browser is killed (SIGKILL, its whole
process group, as a crash or a power cut) that many milliseconds after the last click,
started again on the same profile, and the page says how many moves it kept. The page's own
clock gives each move's age at the kill: the oldest move lost (0 when none was), and how long
before the kill the last move was drawn (medians over the rounds). Prints a table; exits 0. WebKitWebDriver's sessions keep
nothing on disk, so WebKit cannot be measured this way. The site must be built.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tools"), str(ROOT / "py")]

from browsers import Browser, ChromiumBrowser, FirefoxBrowser  # noqa: E402
from serve import serve_in_background  # noqa: E402

DELAYS_MS = (0, 50, 100, 250, 500, 1000)
CLICK_EVERY_MS = 100

# Each move's time on the page's clock: when the moves counter changed.
WATCH_MOVES = """
window.movesAt = [];
new MutationObserver(() => window.movesAt.push([Number(document.getElementById('moves').textContent), performance.now()]))
  .observe(document.getElementById('moves'), { childList: true, characterData: true, subtree: true });
"""


def launch(engine: str, profile: Path, chromium: Any) -> Browser:
    if engine == "chromium":
        return ChromiumBrowser(profile, 1280, 800, chromium)
    return FirefoxBrowser(profile, 1280, 800)


def one_burst(engine: str, url: str, delay_ms: int, moves: int, chromium: Any) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        profile = Path(folder) / "profile"
        browser = launch(engine, profile, chromium)
        try:
            browser.goto(url + "?game=klondike&deal=1")
            browser.wait("document.documentElement.dataset.ready === 'true'")
            browser.run(WATCH_MOVES)
            for move in range(moves):
                if move:
                    time.sleep(CLICK_EVERY_MS / 1000)
                browser.click('[data-pile="stock"]')
            time.sleep(delay_ms / 1000)
            seen = browser.run("return [window.movesAt, performance.now()];")
        finally:
            browser.kill()
        browser = launch(engine, profile, chromium)
        try:
            browser.goto(url)
            browser.wait("document.documentElement.dataset.ready === 'true'")
            kept = int(browser.run("return document.getElementById('moves').textContent;"))
        finally:
            browser.close()
    times, killed_at = seen
    ages: dict[int, float] = {}
    for count, at in times:  # the counter is drawn again later (other answers): its first time counts
        ages.setdefault(count, killed_at - at)
    made = max(ages, default=0)
    lost = [ages[count] for count in range(kept + 1, made + 1) if count in ages]
    return {"made": made, "kept": kept, "lost": made - kept, "oldest_lost_ms": max(lost, default=0.0), "last_move_ms": ages.get(made, 0.0)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engines", nargs="+", default=["chromium", "firefox"], choices=["chromium", "firefox"])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--moves", type=int, default=12)
    parser.add_argument("--delays", type=int, nargs="+", default=list(DELAYS_MS), help="ms from the last click to the kill")
    options = parser.parse_args()
    from playwright.sync_api import sync_playwright

    url, server = serve_in_background(ROOT)
    print(
        f"{'engine':9} {'kill after':>10} {'moves lost (each round)':>24} {'oldest move lost, ms':>21} {'last move, ms before the kill':>30}"
    )
    with sync_playwright() as playwright:
        for engine in options.engines:
            for delay in options.delays:
                rounds = []
                for _ in range(options.rounds):
                    try:
                        rounds.append(one_burst(engine, url, delay, options.moves, playwright.chromium))
                    except AssertionError as error:  # a start that failed: said, and the round left out
                        print(f"{engine} {delay} ms: a round failed: {error}", flush=True)
                lost = " ".join(str(result["lost"]) for result in rounds) or "-"
                oldest = statistics.median(result["oldest_lost_ms"] for result in rounds) if rounds else float("nan")
                last = statistics.median(result["last_move_ms"] for result in rounds) if rounds else float("nan")
                print(f"{engine:9} {delay:>8} ms {lost:>24} {oldest:>21.0f} {last:>30.0f}", flush=True)
    server.shutdown()


if __name__ == "__main__":
    main()
