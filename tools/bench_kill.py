"""How much of a burst of moves a killed browser keeps (issue 38: "all but the last 100 ms").

    .venv/bin/python tools/bench_kill.py [--engines chromium firefox] [--rounds 3] [--moves 12]

A measurement, not a test: for each engine and each delay, a fresh profile plays a burst of
draws (Klondike deal 1, one click every 100 ms), the browser is killed (SIGKILL, its whole
process group, as a crash or a power cut) that many milliseconds after the last click,
started again on the same profile, and the page says how many moves it kept. The page's own
clock gives each move's age at the kill, so the figure is "the newest move lost was N ms old;
moves older than M ms were all kept". Prints a table; exits 0. WebKitWebDriver's sessions keep
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
            for _ in range(moves):
                browser.click('[data-pile="stock"]')
                time.sleep(CLICK_EVERY_MS / 1000)
            time.sleep(max(delay_ms - CLICK_EVERY_MS, 0) / 1000)
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
    ages = {count: killed_at - at for count, at in times}
    made = max(ages, default=0)
    lost = [ages[count] for count in range(kept + 1, made + 1) if count in ages]
    return {"made": made, "kept": kept, "lost": made - kept, "oldest_lost_ms": max(lost, default=0.0)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engines", nargs="+", default=["chromium", "firefox"], choices=["chromium", "firefox"])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--moves", type=int, default=12)
    options = parser.parse_args()
    from playwright.sync_api import sync_playwright

    url, server = serve_in_background(ROOT)
    print(f"{'engine':9} {'kill after':>10} {'moves lost (each round)':>24} {'oldest move lost, ms (median)':>30}")
    with sync_playwright() as playwright:
        for engine in options.engines:
            for delay in DELAYS_MS:
                rounds = [one_burst(engine, url, delay, options.moves, playwright.chromium) for _ in range(options.rounds)]
                lost = " ".join(str(result["lost"]) for result in rounds)
                oldest = statistics.median(result["oldest_lost_ms"] for result in rounds)
                print(f"{engine:9} {delay:>8} ms {lost:>24} {oldest:>30.0f}", flush=True)
    server.shutdown()


if __name__ == "__main__":
    main()
