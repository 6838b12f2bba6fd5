"""What one start of the page costs the machine, as the browser tests start it.

    .venv/bin/python tools/page_start_cost.py [--starts N]

Starts the built page N times (default 6) in Chromium two ways: each in a fresh browser
context, as a test's ``page`` fixture does (no cache, no storage), and each in a new page of
one profile kept on disk (its HTTP cache, and the compiled code Chromium keeps with it, shared).
Each start waits until the page is ready and a card is played. Prints, per start, the wall
time and the CPU time of the whole machine (from /proc/stat: every process, the browser's
included), so that it is clear whether the browser tests wait or work. Linux only; run it on
a quiet machine.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tools")]

from browsers import CHROMIUM, CHROMIUM_FLAGS  # noqa: E402 - found through the path just set
from serve import serve_in_background  # noqa: E402

READY = "html[data-ready=true]"
OPTIONS: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}, "service_workers": "block", "reduced_motion": "reduce"}


def busy_seconds() -> float:
    """CPU seconds the whole machine has spent working (not idle, not waiting for disks)."""
    fields = [int(value) for value in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(fields) - fields[3] - fields[4]) / 100


def start(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    page.locator("[data-card][data-pile=stock]").last.click()
    page.wait_for_selector("#board:not([aria-busy])", state="attached")


def measure(starts: int, open_page: Any, url: str) -> tuple[float, float]:
    """Wall and CPU seconds per start, over ``starts`` starts after one to warm up."""
    open_page(url + "?game=klondike&deal=1")
    wall, cpu = time.perf_counter(), busy_seconds()
    for deal in range(2, starts + 2):
        open_page(url + f"?game=klondike&deal={deal}")
    return (time.perf_counter() - wall) / starts, (busy_seconds() - cpu) / starts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=6)
    arguments = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    url, server = serve_in_background(ROOT)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)

            def fresh(address: str) -> None:
                context = browser.new_context(**OPTIONS)
                start(context.new_page(), address)
                context.close()

            wall, cpu = measure(arguments.starts, fresh, url)
            print(f"fresh context per start: {wall:.2f} s wall, {cpu:.2f} s CPU (machine, {2 * wall:.2f} s of two cores)")
            browser.close()
            with tempfile.TemporaryDirectory() as profile:
                kept = playwright.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=CHROMIUM_FLAGS, **OPTIONS)

                def shared(address: str) -> None:
                    page = kept.new_page()
                    start(page, address)
                    page.close()

                wall, cpu = measure(arguments.starts, shared, url)
                print(f"one kept profile:        {wall:.2f} s wall, {cpu:.2f} s CPU")
                kept.close()
    finally:
        server.shutdown()
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
