"""Benchmark the game in headless Chromium: time to ready, input latency, long tasks, Lighthouse, bytes.

    .venv/bin/python tools/bench.py [--rounds 7] [--moves 250] [--real 60] [--lighthouse-runs 3] [--json PATH]
    ./build.sh bench [ARGS]            (builds first)

It is a benchmark, not a test: it prints a table, writes the figures to
bench-results/bench-YYYYmmdd-HHMMSS.json (or --json PATH), says which targets
were met or missed, and exits with status 0 either way. The site must be built.

What is measured, all in one run, in headless Chromium (/usr/bin/chromium),
the repository root served on localhost by tools/serve.py:

Time to ready
    Four pages load the same Pyodide files from static/pyodide/:

    - bare      tools/bench/bare.html: loadPyodide() and nothing else;
    - game      index.html?game=klondike&deal=1, the game itself;
    - lockfile  tools/bench/lockfile.html: Pyodide, then the game's package by
                name from the lockfile (pyodide.loadPackage("solitaire"), the
                game's route), then Bridge() from solitaire_bridge;
    - micropip  tools/bench/micropip.html: Pyodide, then loadPackage("micropip")
                and micropip.install("solitaire"), then Bridge().

    Time to ready is read with the page's own clock: performance.now() (ms
    since navigation start) when <html data-ready> became "true", caught by a
    MutationObserver that tools/bench/probe.js installs as an init script.
    Cold is the first visit with a fresh profile: Chromium started on a new,
    empty user-data folder (empty HTTP and code caches, no storage, no
    service worker). Warm is a second navigation in that same browser, as a
    returning player's: serve.py sends Cache-Control: no-cache, so the HTTP
    cache revalidates (304s), and a page that registered a service worker
    (the game, for offline play) is served by it. Between the two visits the
    service worker, if the page registers one, is left to finish installing,
    as it would between two real visits. (A profile on disk rather than an
    incognito new_context(): the latter's in-memory cache does not keep a
    file as big as pyodide.asm.wasm, 9.6 MB, so its "second visit" would
    download it again, which a real second visit does not.)

    Each round visits every page (cold, then warm), the order rotating from
    round to round so that machine noise is spread; a warm-up round that is
    not counted comes first. Reported: medians, and the ratios of medians
    against bare (targets: game at most 0.30x cold and 0.20x warm: the game
    starts from its memory snapshot in a worker), and micropip
    against lockfile (the README's claim that loading by name is the faster
    route); milestones (files requested or received, from Resource Timing;
    loadPyodide() done, recorded by the reference pages), which give each
    package route's own cost: ready minus loadPyodide() done.

First card, first click, memory (the start as a player sees it)
    Two pages, each in --rounds rounds of a first visit (fresh profile) and a
    second one: floor, tools/bench/floor.html, which the benchmark writes: the
    game's own table of Klondike deal 1 (its SVG and styles, the same card
    pictures) as a static page with no script at all, the least any page can do;
    and the game as a new player opens it (index.html: today's daily, drawn from
    the build's list on a first visit, the game kept on a second). Measured with
    the page's clock (probe.js): the first card on screen (the end of the frame
    that first rendered a card); the first real click answered: Playwright's
    mouse clicks the stock as soon as a card is on screen (before the engine is
    up, the click waits for it) and, in a third visit, once html[data-ready]
    is set, and the time is when the cards first changed after it (the draw
    drawn); and the renderer's memory (the proportional set size, PSS, of the
    renderer process, from /proc, 5 s after the first visit's load, and after a
    returning visit's in a tab of its own). Targets (ratios of
    medians in this run): the game's first card on a first visit at most 5x the
    floor's, the first click answered on a second visit at most 6x the floor's
    first card; the renderer at most 200 MB.

Click-to-DOM-updated latency
    With a fresh profile the game (draw one, deal --deal) is played through
    DOM input for at least --moves moves: clicks on the stock (draw, turn the
    waste over), card moves by click-click (waste cards to any legal place,
    column cards to a foundation), and Ctrl+Z / Ctrl+Y every few steps. Each
    input is dispatched inside the page where a real click would land
    (elementFromPoint of the pile's top card) as pointerdown + pointerup, or
    as a keydown, and timed from just before the dispatch to the moment the
    engine's answer is drawn ("DOM updated": the board is aria-busy while the
    page waits for the engine's worker, and the redraw is done when it drops
    it; each move is checked to have changed the cards on the table), and to
    the next rendered frame ("next frame", which includes waiting for the
    frame). Picking a card
    up and putting it back (Escape) are clicks too, reported apart from the
    moves. Target: p95 of the moves, DOM updated, at most 8 ms. Then --real
    trusted clicks on the stock (Playwright's mouse) and as many Ctrl+Z/Ctrl+Y
    key presses, timed from the event's timeStamp (when the browser received
    the input) to just after the page's handlers ran.

Long tasks
    One session with a fresh profile, as a player's: a first visit (index.html,
    today's daily drawn from the build's list), then the game (draw one,
    --deal) loads, 50 moves are played with hints asked for between them
    (H), then a 4-suit Spider daily opens (SLOW_DAILY, found after several
    candidates) and is left to its analysis for a while, then a challenge
    link for that daily; then each game of issue 40 (GAME_DAILIES) opens
    its daily of the same date, left to its analysis, and the first
    GAME_MOVES moves of the solver's line for it are dragged (or the stock
    clicked) as a player makes them, with a hint after every GAME_HINT_EVERY.
    Every main-thread task over 50 ms after the first paint of each page
    (PerformanceObserver "longtask", probe.js) is counted. Target: none.

Lighthouse
    Lighthouse (node_modules, pinned in package.json) on the game page,
    --lighthouse-runs times with its desktop preset and as many with its
    default mobile preset (simulated slow 4G and a 4x slower CPU), and as many
    with the mobile preset's throttling applied while the page loads
    (--throttling-method=devtools: "mobile, applied"), each run a fresh Chromium profile (Debian's Chromium, CHROME_PATH), the site served
    with gzip as a static host serves it (tools/serve.py). Reported: the
    medians of the Performance score and of its metrics (simulated, as Lighthouse
    scores them, and FCP and LCP as its own trace observed them, unthrottled), and
    the element of its largest contentful paint (it should be a card). Targets: score >= 95
    desktop, >= 90 mobile; Total Blocking Time <= 100 ms desktop, <= 300 ms
    mobile; Cumulative Layout Shift <= 0.02 mobile.

Bytes transferred
    A first visit of each page with a fresh profile: the response bodies (and
    headers) of every request of the page and of its service worker until
    the page is ready, the worker installed and the network idle, with the
    largest files; and the same for the second visit, where what the service
    worker serves from its cache counts zero. Bodies are counted as they
    travel (gzip where tools/serve.py compresses, as a static host does).
    Target: the game's first visit at most 7 MB.

Other people may rebuild the site while this runs, so by default it serves a
copy of the repository (without .git, .venv, node_modules, build) taken while
holding build.sh's lock (build/.lock); --in-place serves the repository itself.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import math
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BENCH_DIR = ROOT / "tools" / "bench"
PROBE_SCRIPT = BENCH_DIR / "probe.js"
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "tests")]

# Chromium and its flags as the browser tests run it (tests/browsers.py).
from browsers import CHROMIUM, CHROMIUM_FLAGS  # noqa: E402

VIEWPORT = {"width": 1024, "height": 768}
READY_TIMEOUT_MS = 120_000
# After a first visit: how long to wait for the page to register a service
# worker, and then for it to be installed (see probe.js, settle()).
WORKER_GRACE_MS = 1_500
WORKER_TIMEOUT_MS = 60_000

# Page name -> path under the served root. The game's deal is fixed so that
# every visit does the same work.
PAGES = {
    "bare": "tools/bench/bare.html",
    "game": "index.html?game=klondike&deal=1&draw=1",
    "lockfile": "tools/bench/lockfile.html",
    "micropip": "tools/bench/micropip.html",
}
VISITS = ("cold", "warm")

# Milestone name -> (start of the file's name, True: when received / False: when requested).
FILE_MARKS = {
    "pyodide.mjs requested": ("pyodide.mjs", False),
    "wasm received": ("pyodide.asm.wasm", True),
    "stdlib received": ("python_stdlib.zip", True),
    "wheel received": ("solitaire-", True),
}
# Milestones shown in the report, in the order they happen.
MARKS_SHOWN = ("pyodide.mjs requested", "wasm received", "stdlib received", "pyodide", "wheel received")

READY_TARGETS = {"cold": 0.30, "warm": 0.20}  # game / bare
LATENCY_TARGET_MS = 8.0  # p95 of click-to-DOM-updated over the moves
BYTES_TARGET = 7_000_000  # the game's first visit, as served

# The start as a player sees it: the floor page (written by the benchmark) and the game as a new player opens it.
FLOOR_PAGE = "tools/bench/floor.html"
FIRST_SIGHT_PAGES = {"floor": FLOOR_PAGE, "game": "index.html"}
FIRST_CARD_TARGET = 5.0  # the game's first card on a first visit / the floor page's
FIRST_CLICK_TARGET = 6.0  # the game's first click answered on a second visit / the floor page's first card
MEMORY_TARGET_MB = 200.0  # the renderer's PSS after the load
MEMORY_SETTLE_MS = 5_000
CLICK_LOST_MS = 5_000  # after the ready signal: a click not answered by then was dropped

# The long-task session: moves, hints between them, then a slow daily and its challenge link.
SESSION_MOVES = 50
SESSION_HINTS = 5
SLOW_DAILY = "2026-11-29"  # the 4-suit Spider daily of this date is found after several candidates
DAILY_WAIT_MS = 5_000  # the daily's live analysis goes on in the worker meanwhile
LONG_TASK_MS = 50.0
# Then, in the same session, each game of issue 40 (and FreeCell's later option): its daily of
# SLOW_DAILY with its analysis, and the first GAME_MOVES moves of the solver's line for it,
# each dragged or clicked as a player makes it, with a hint after every few.
GAME_DAILIES: tuple[tuple[str, dict[str, str]], ...] = (
    ("eight-off", {}),
    ("golf", {}),
    ("scorpion", {}),
    ("forty-thieves", {}),
    ("canfield", {}),
    ("canfield", {"draw": "1"}),
    ("yukon", {}),
    ("freecell", {"building": "any"}),
)
GAME_MOVES = 12
GAME_HINT_EVERY = 4

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
# Lighthouse's presets; "mobile, applied" is its mobile preset with the network and CPU really
# slowed while it loads (--throttling-method=devtools) instead of simulated from an unthrottled
# trace: the simulation counts every request that ended before the largest paint as needed for it,
# and on a fast local server the engine's 6.5 MB end before the first card is drawn.
PRESETS = ("desktop", "mobile", "mobile, applied")
LIGHTHOUSE_OBSERVED = {  # our name -> Lighthouse's metric as its trace saw it (unthrottled, before its simulation)
    "observed FCP": "observedFirstContentfulPaint",
    "observed LCP": "observedLargestContentfulPaint",
}
LIGHTHOUSE_METRICS = {  # our name -> Lighthouse audit id
    "FCP": "first-contentful-paint",
    "LCP": "largest-contentful-paint",
    "TBT": "total-blocking-time",
    "CLS": "cumulative-layout-shift",
    "SI": "speed-index",
    "TTI": "interactive",
    "max potential FID": "max-potential-fid",
}
LIGHTHOUSE_TARGETS = {  # preset -> (least score, most TBT ms, most CLS)
    "desktop": (95, 100.0, None),
    "mobile": (90, 300.0, 0.02),
    "mobile, applied": (90, 300.0, 0.02),
}

MOVE_KINDS = ("stock", "card move", "undo", "redo")
UNDO_EVERY = 8  # every 8th step is an undo followed by a redo
MAX_FAILURES = 20


# Not copied into the snapshot that is served: not part of the site, or large.
NOT_SERVED = (
    ".git",
    ".venv",
    "node_modules",
    "build",
    "bench-results",
    "__pycache__",
    ".pytest_cache",
    ".mypy_cache",
    ".hypothesis",
    "*.egg-info",
)


# -- statistics -------------------------------------------------------------------


def percentile(values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile: the smallest value with `fraction` of them at or below it."""
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


def spread(values: Sequence[float]) -> dict[str, float]:
    """p50, p95 and max of a list of latencies (ms)."""
    return {
        "p50": percentile(values, 0.50),
        "p95": percentile(values, 0.95),
        "max": max(values),
    }


def ratio(numerator: float, denominator: float) -> float:
    return numerator / denominator if denominator else math.nan


# -- browser ----------------------------------------------------------------------


@contextmanager
def fresh_profile(playwright: Any) -> Iterator[Any]:
    """Chromium on a new, empty profile folder, with the probe installed; yields its one page."""
    with tempfile.TemporaryDirectory(prefix="solitaire-bench-profile-") as folder:
        context = playwright.chromium.launch_persistent_context(
            folder, executable_path=CHROMIUM, args=CHROMIUM_FLAGS, viewport=VIEWPORT, headless=True
        )
        try:
            context.add_init_script(path=str(PROBE_SCRIPT))
            page = context.pages[0] if context.pages else context.new_page()
            page.bench_profile = folder  # renderer_memory_mb() finds this browser's processes by it
            yield page
        finally:
            context.close()


def browser_version(playwright: Any) -> str:
    with fresh_profile(playwright) as page:
        session = page.context.new_cdp_session(page)
        product: str = session.send("Browser.getVersion")["product"]
    return product


@dataclass
class Visit:
    """One page load: time to ready and milestones on the way, in ms since navigation start.

    Milestones: when files were requested or received (Resource Timing) for
    every page, and the stages that the reference pages record ("pyodide":
    loadPyodide() done, "micropip", "package", "bridge").
    """

    ready_ms: float
    marks: dict[str, float]
    controlled: bool  # the page was served by a service worker
    worker: str = ""  # after a first visit: what became of its service worker (see settle)


def visit(page: Any, url: str) -> Visit:
    """Navigate to `url` and wait for <html data-ready>; return the page's own timings."""
    page.goto(url, wait_until="commit")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    result: dict[str, Any] = page.evaluate(
        """() => ({
            ready: document.documentElement.dataset.ready,
            error: document.documentElement.dataset.error ?? null,
            readyAt: window.benchProbe.readyAt,
            stages: window.benchStages ?? {},
            controlled: Boolean(navigator.serviceWorker?.controller),
            files: performance.getEntriesByType("resource").map((entry) => ({
                file: new URL(entry.name).pathname.split("/").pop(),
                start: entry.startTime,
                end: entry.responseEnd,
            })),
        })"""
    )
    if result["ready"] != "true" or result["readyAt"] is None:
        raise RuntimeError(f"{url} failed to load: {result['error'] or result['ready']}")
    marks = dict(result["stages"])
    for name, (prefix, end) in FILE_MARKS.items():
        entry = next((entry for entry in result["files"] if entry["file"].startswith(prefix)), None)
        if entry:
            marks[name] = entry["end" if end else "start"]
    return Visit(ready_ms=result["readyAt"], marks=marks, controlled=result["controlled"])


def settle(page: Any) -> str:
    """Let the page's service worker, if it registers one, finish installing."""
    state: str = page.evaluate("([grace, timeout]) => window.benchProbe.settle(grace, timeout)", [WORKER_GRACE_MS, WORKER_TIMEOUT_MS])
    return state


def cold_and_warm(playwright: Any, url: str) -> tuple[Visit, Visit]:
    """First visit with a fresh profile, then a second visit in the same browser."""
    with fresh_profile(playwright) as page:
        cold = visit(page, url)
        cold.worker = settle(page)
        page.goto("about:blank")
        warm = visit(page, url)
    return cold, warm


# -- time to ready ----------------------------------------------------------------


@dataclass
class LoadTimes:
    """Every visit of every page: page -> visit kind -> list of Visit."""

    runs: dict[str, dict[str, list[Visit]]] = field(default_factory=lambda: {page: {kind: [] for kind in VISITS} for page in PAGES})

    def ready(self, page: str, kind: str) -> list[float]:
        return [run.ready_ms for run in self.runs[page][kind]]

    def median(self, page: str, kind: str) -> float:
        return statistics.median(self.ready(page, kind))

    def mark_medians(self, page: str, kind: str) -> dict[str, float]:
        """Milestone -> median time, for the milestones the page has."""
        runs = self.runs[page][kind]
        names = {name for run in runs for name in run.marks}
        return {name: statistics.median(run.marks[name] for run in runs if name in run.marks) for name in sorted(names)}

    def route_cost(self, page: str, kind: str) -> float | None:
        """Median of (ready - Pyodide up): what the page adds after loadPyodide()."""
        values = [run.ready_ms - run.marks["pyodide"] for run in self.runs[page][kind] if "pyodide" in run.marks]
        return statistics.median(values) if values else None

    def paired_ratio(self, page: str, kind: str) -> float:
        """Median over the rounds of page / bare within the round (less affected by slow drifts)."""
        pairs = zip(self.ready(page, kind), self.ready("bare", kind))
        return statistics.median(ratio(mine, bare) for mine, bare in pairs)


def rotated(names: Sequence[str], by: int) -> list[str]:
    shift = by % len(names)
    return list(names[shift:]) + list(names[:shift])


def measure_load_times(playwright: Any, base_url: str, rounds: int, warmup: int) -> LoadTimes:
    times = LoadTimes()
    names = list(PAGES)
    for round_number in range(-warmup, rounds):
        label = "warm-up" if round_number < 0 else f"round {round_number + 1}/{rounds}"
        line = []
        for name in rotated(names, round_number):
            cold, warm = cold_and_warm(playwright, base_url + PAGES[name])
            line.append(f"{name} {cold.ready_ms:.0f}/{warm.ready_ms:.0f}")
            if round_number >= 0:
                times.runs[name]["cold"].append(cold)
                times.runs[name]["warm"].append(warm)
        progress(f"  {label}: " + ", ".join(line) + "  (ms cold/warm)")
    return times


def load_summary(times: LoadTimes) -> dict[str, Any]:
    pages: dict[str, Any] = {}
    for name in PAGES:
        pages[name] = {"url": PAGES[name]}
        for kind in VISITS:
            values = times.ready(name, kind)
            pages[name][kind] = {
                "median_ms": statistics.median(values),
                "min_ms": min(values),
                "max_ms": max(values),
                "runs": [asdict(run) for run in times.runs[name][kind]],
                "milestones_median_ms": times.mark_medians(name, kind),
                "after_pyodide_median_ms": times.route_cost(name, kind),
            }
        outcomes = [run.worker for run in times.runs[name]["cold"]]
        pages[name]["service_worker"] = {
            "after_first_visit": {outcome: outcomes.count(outcome) for outcome in sorted(set(outcomes))},
            "second_visits_served_by_it": sum(run.controlled for run in times.runs[name]["warm"]),
            "runs": len(outcomes),
        }
    ratios = {
        f"{name}/bare": {kind: ratio(times.median(name, kind), times.median("bare", kind)) for kind in VISITS}
        for name in ("game", "lockfile", "micropip")
    }
    ratios["micropip/lockfile"] = {kind: ratio(times.median("micropip", kind), times.median("lockfile", kind)) for kind in VISITS}
    paired = {f"{name}/bare": {kind: times.paired_ratio(name, kind) for kind in VISITS} for name in ("game", "lockfile", "micropip")}
    return {"pages": pages, "ratios": ratios, "paired_ratios": paired}


# -- first card, first click, memory ---------------------------------------------


def make_floor_page(playwright: Any, base_url: str, site: Path) -> None:
    """Write FLOOR_PAGE into the served site: the game's table of Klondike deal 1 as it draws it
    (the board's SVG with its card symbols, the page's styles and looks), with no script."""
    with fresh_profile(playwright) as page:
        visit(page, base_url + "index.html?game=klondike&deal=1&draw=1")
        drawn: dict[str, Any] = page.evaluate(
            """() => ({
              attributes: [...document.documentElement.attributes].filter((a) => !a.name.startsWith("data-ready") && a.name !== "data-engine-start" && a.name !== "data-kept").map((a) => [a.name, a.value]),
              board: document.getElementById("board").outerHTML,
            })"""
        )
    attributes = " ".join(f'{name}="{value}"' for name, value in drawn["attributes"])
    (site / FLOOR_PAGE).write_text(
        f"""<!doctype html>
<!-- Written by tools/bench.py: the game's table as static HTML, no script (the floor of what a page can do). -->
<html {attributes}>
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="icon" href="data:,">
  <title>Bench: the floor</title>
  <link rel="stylesheet" href="../../static/style.css">
  <link rel="stylesheet" href="../../static/cards.css">
</head>
<body>
  <main id="table" class="table">{drawn["board"]}</main>
</body>
</html>
"""
    )


def renderer_memory_mb(profile: str) -> float:
    """The largest proportional set size (PSS), in MB, of the renderer processes of the browser
    running on the profile folder `profile` (the page's renderer; its workers run in it too)."""
    parents: dict[int, int] = {}
    commands: dict[int, bytes] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                commands[int(entry.name)] = (entry / "cmdline").read_bytes()
                parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    browsers = {pid for pid, command in commands.items() if profile.encode() in command and b"--type=" not in command}

    def of_browser(pid: int) -> bool:
        while pid > 1:
            if pid in browsers:
                return True
            pid = parents.get(pid, 0)
        return False

    largest = 0.0
    for pid, command in commands.items():
        if b"--type=renderer" not in command or not of_browser(pid):
            continue
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    largest = max(largest, int(line.split()[1]) / 1024)
        except OSError:
            continue
    return largest


def first_sight(page: Any, url: str, click: str | None) -> dict[str, Any]:
    """One visit: when the first card was on screen and, with `click` ("early": as soon as a card
    is; "ready": once html[data-ready] is set), when the click on the stock was answered."""
    page.goto(url, wait_until="commit")
    if click == "early":
        page.wait_for_selector('[data-card][data-pile="stock"]', state="attached", timeout=READY_TIMEOUT_MS)
    elif click == "ready":
        page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    else:
        page.wait_for_selector("[data-card]", state="attached", timeout=READY_TIMEOUT_MS)
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    if click:
        centre = page.evaluate("() => window.benchProbe.centreOf('stock')")
        page.mouse.click(centre["x"], centre["y"])
        page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
        try:  # a page that drops input before it is ready never answers it: the click is lost (null)
            page.wait_for_function("() => window.benchProbe.answeredAt !== null", timeout=CLICK_LOST_MS)
        except PlaywrightTimeout:
            pass
    else:
        page.wait_for_function("() => window.benchProbe.firstCardAt !== null", timeout=READY_TIMEOUT_MS)
    found: dict[str, Any] = page.evaluate(
        "() => ({firstCard: window.benchProbe.firstCardAt, click: window.benchProbe.clickAt, answered: window.benchProbe.answeredAt,"
        " ready: window.benchProbe.readyAt})"
    )
    if click:
        page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
        found["ready"] = page.evaluate("() => window.benchProbe.readyAt")
    found["stages"] = page.evaluate(STAGES)
    return found


# The stages of a start on the page's clock (ms): the navigation's answer (the service worker's,
# on a second visit), the engine's files on the page, and the marks the page and its worker set.
STAGES = """() => {
  const stages = {};
  const navigation = performance.getEntriesByType("navigation")[0];
  if (navigation) {
    stages["navigation: service worker started"] = navigation.workerStart || null;
    stages["navigation: page answered"] = navigation.responseStart;
    stages["navigation: page received"] = navigation.responseEnd;
  }
  for (const entry of performance.getEntriesByType("resource")) {
    const name = new URL(entry.name).pathname.split("/").pop();
    if (["pyodide.asm.wasm", "solitaire.snapshot", "boot.js", "app.js", "dailies.json"].includes(name)) stages[`page: ${name} received`] = entry.responseEnd;
  }
  for (const mark of performance.getEntriesByType("mark")) if (!/ (requested|received)$/.test(mark.name) || /wasm|snapshot/.test(mark.name)) stages[mark.name] = mark.startTime;
  return Object.fromEntries(Object.entries(stages).filter(([, time]) => time !== null));
}"""


def answered(visit: dict[str, Any]) -> str:
    return "lost" if visit["answered"] is None else f"{visit['answered']:.0f}"


def measure_first_sight(playwright: Any, base_url: str, rounds: int) -> dict[str, Any]:
    """Each round: the floor page first and second visit, then the game first and second visit
    with an early click, and a third visit clicking at the ready signal; memory after the last."""
    runs: dict[str, list[dict[str, Any]]] = {"floor": [], "game": []}
    for number in range(rounds):
        for name in rotated(list(FIRST_SIGHT_PAGES), number):
            url = base_url + FIRST_SIGHT_PAGES[name]
            click = "early" if name == "game" else None
            with fresh_profile(playwright) as page:
                cold = first_sight(page, url, click)
                page.wait_for_timeout(MEMORY_SETTLE_MS)
                cold_memory = renderer_memory_mb(page.bench_profile)
                worker = settle(page)
                page.goto("about:blank")
                warm = first_sight(page, url, click)
                run: dict[str, Any] = {"cold": cold, "warm": warm, "worker": worker}
                if name == "game":
                    page.goto("about:blank")
                    run["at_ready"] = first_sight(page, url, "ready")
                # A returning visit in a tab of its own (a renderer with nothing of the visits before).
                tab = page.context.new_page()
                page.close()
                tab.goto(url)
                tab.wait_for_selector("[data-card]", state="attached", timeout=READY_TIMEOUT_MS)
                if name == "game":
                    tab.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
                tab.wait_for_timeout(MEMORY_SETTLE_MS)
                run["memory_mb"] = {"cold": cold_memory, "warm": renderer_memory_mb(page.bench_profile)}
            runs[name].append(run)
        game = runs["game"][-1]
        progress(
            f"  round {number + 1}/{rounds}: floor first card {runs['floor'][-1]['cold']['firstCard']:.0f}/{runs['floor'][-1]['warm']['firstCard']:.0f}, "
            f"game first card {game['cold']['firstCard']:.0f}/{game['warm']['firstCard']:.0f}, first click answered "
            f"{answered(game['cold'])}/{answered(game['warm'])} (at ready {answered(game['at_ready'])}), "
            f"memory {game['memory_mb']['cold']:.0f}/{game['memory_mb']['warm']:.0f} MB (cold/warm)"
        )

    def median(name: str, kind: str, field: str) -> float:
        """The median over the rounds; NaN when some round had none (a click the page dropped)."""
        values = [run[kind][field] for run in runs[name]]
        return math.nan if None in values else float(statistics.median(values))

    summary: dict[str, Any] = {"runs": runs, "medians": {}}
    for name in runs:
        figures = {f"{kind} first card": median(name, kind, "firstCard") for kind in VISITS}
        for kind in VISITS:
            figures[f"{kind} memory_mb"] = statistics.median(run["memory_mb"][kind] for run in runs[name])
        if name == "game":
            for kind in VISITS:
                figures[f"{kind} click answered"] = median(name, kind, "answered")
                figures[f"{kind} ready"] = median(name, kind, "ready")
            figures["warm click answered at ready"] = median(name, "at_ready", "answered")
        summary["medians"][name] = figures
    summary["stages"] = {}
    for kind in VISITS:
        every = [run[kind]["stages"] for run in runs["game"]]
        names = {name for stages in every for name in stages}
        medians = {name: statistics.median(stages[name] for stages in every if name in stages) for name in names}
        summary["stages"][kind] = dict(sorted(medians.items(), key=lambda item: item[1]))
    floor, game = summary["medians"]["floor"], summary["medians"]["game"]
    summary["ratios"] = {
        "cold first card / floor": ratio(game["cold first card"], floor["cold first card"]),
        "warm first card / floor": ratio(game["warm first card"], floor["warm first card"]),
        "warm click answered / floor first card": ratio(game["warm click answered"], floor["warm first card"]),
        "cold click answered / floor first card": ratio(game["cold click answered"], floor["cold first card"]),
    }
    return summary


# -- latency ----------------------------------------------------------------------


@dataclass
class Sample:
    kind: str
    dom_ms: float
    frame_ms: float


class Player:
    """Plays the game through DOM input and keeps one latency sample per input.

    The play is simple and always makes progress or draws: the waste card goes
    to any legal place, a column's top card only to a foundation (so no card
    shuttles between columns), else the stock is clicked; every UNDO_EVERY-th
    step is an undo and a redo.
    """

    def __init__(self, page: Any) -> None:
        self.page = page
        self.samples: list[Sample] = []
        self.failures: list[str] = []
        self.tried: set[str] = set()  # column cards picked without a foundation to go to
        self.stopped: str | None = None  # why play stopped early, if it did

    def moves(self) -> int:
        return sum(sample.kind in MOVE_KINDS for sample in self.samples)

    def play(self, wanted: int) -> None:
        """Play until `wanted` moves were timed, or stop early (see self.stopped)."""
        step = 0
        while self.moves() < wanted and self.stopped is None:
            step += 1
            if step % UNDO_EVERY == 0:
                self.undo_and_redo()
            else:
                self.play_one()
            if len(self.failures) > MAX_FAILURES:
                self.stopped = f"more than {MAX_FAILURES} inputs did not do what they should"

    def play_one(self) -> None:
        state: dict[str, Any] = self.page.evaluate("() => window.benchProbe.state()")
        if state["dialogOpen"]:
            self.stopped = "a dialog opened (game won?); try another --deal"
            return
        source = self.source(state)
        if source is None:
            if state["stock"]["count"] == 0 and state["waste"]["count"] == 0:
                self.undo_and_redo()  # nothing left to draw
            else:
                self.tap("stock", "stock")
            return
        pile, key = source
        targets = self.tap(pile, "pick").get("targets", [])
        target = self.target(pile, targets)
        if target is None:
            self.tried.add(key)
            self.press({"key": "Escape"}, "unpick")
            return
        self.tap(target, "card move")
        self.tried.clear()

    def source(self, state: dict[str, Any]) -> tuple[str, str] | None:
        """The pile whose top card to move next, and that card's key; None: draw."""
        for pile in [state["waste"], *state["tableau"]]:
            key = f"{pile['pile']}:{pile['card']}"
            if pile["movable"] and key not in self.tried:
                return pile["pile"], key
        return None

    @staticmethod
    def target(source: str, targets: list[str | None]) -> str | None:
        foundations = [pile for pile in targets if pile and pile.startswith("foundation-")]
        if foundations:
            return foundations[0]
        if source == "waste":
            return next((pile for pile in targets if pile), None)
        return None

    def undo_and_redo(self) -> None:
        self.press({"key": "z", "ctrlKey": True}, "undo")
        self.press({"key": "y", "ctrlKey": True}, "redo")

    def tap(self, pile: str, kind: str) -> dict[str, Any]:
        return self.record(kind, self.page.evaluate("pile => window.benchProbe.tap(pile)", pile))

    def press(self, init: dict[str, Any], kind: str) -> dict[str, Any]:
        return self.record(kind, self.page.evaluate("init => window.benchProbe.key(init)", init))

    def record(self, kind: str, result: dict[str, Any]) -> dict[str, Any]:
        """Keep the sample if the input did its job: a move changed the cards, any input redrew."""
        if "error" in result:
            self.failures.append(f"{kind}: {result['error']}")
        elif not result["redrawn"] or (kind in MOVE_KINDS and not result["moved"]):
            self.failures.append(f"{kind}: the table did not change")
        else:
            self.samples.append(Sample(kind, result["dom"], result["frame"]))
        return result


def real_input(page: Any, count: int) -> tuple[list[Sample], list[str]]:
    """`count` trusted clicks on the stock and `count` Ctrl+Z/Ctrl+Y presses, timed in the page."""
    page.evaluate("() => window.benchProbe.recordRealInput()")
    samples: list[Sample] = []
    failures: list[str] = []

    def take(kind: str) -> None:
        entry: dict[str, Any] = page.evaluate("() => window.benchProbe.nextRealInput()")
        if "error" in entry:
            failures.append(f"{kind}: {entry['error']}")
        elif entry["moved"]:
            samples.append(Sample(kind, entry["dom"], entry["frame"]))
        else:
            failures.append(f"{kind}: the table did not change")

    for _ in range(count):
        point = page.evaluate("() => window.benchProbe.centreOf('stock')")
        page.mouse.click(point["x"], point["y"])
        take("real click (stock)")
    for number in range(count):
        page.keyboard.press("Control+z" if number % 2 == 0 else "Control+y")
        take("real key (undo/redo)")
    return samples, failures


def latency_summary(samples: list[Sample]) -> dict[str, Any]:
    return {
        "count": len(samples),
        "dom_ms": spread([sample.dom_ms for sample in samples]),
        "frame_ms": spread([sample.frame_ms for sample in samples]),
    }


def measure_latency(playwright: Any, base_url: str, deal: int, moves: int, real: int) -> dict[str, Any]:
    with fresh_profile(playwright) as page:
        visit(page, f"{base_url}index.html?game=klondike&deal={deal}&draw=1")
        settle(page)  # the service worker's install would compete with the moves
        player = Player(page)
        player.play(moves)
        real_samples, real_failures = real_input(page, real) if real else ([], [])
    groups: dict[str, list[Sample]] = {"moves (all)": [s for s in player.samples if s.kind in MOVE_KINDS]}
    for kind in (*MOVE_KINDS, "pick", "unpick"):
        groups[kind] = [sample for sample in player.samples if sample.kind == kind]
    groups["every dispatched input"] = player.samples
    for kind in ("real click (stock)", "real key (undo/redo)"):
        groups[kind] = [sample for sample in real_samples if sample.kind == kind]
    return {
        "deal": deal,
        "groups": {name: latency_summary(group) for name, group in groups.items() if group},
        "stopped_early": player.stopped,
        "failures": player.failures + real_failures,
        "samples": [asdict(sample) for sample in player.samples + real_samples],
    }


# -- long tasks -------------------------------------------------------------------


def long_tasks_of(page: Any, step: str) -> dict[str, Any]:
    """The main-thread tasks over 50 ms after the first paint of the page now open (probe.js)."""
    found: dict[str, Any] = page.evaluate("() => ({tasks: window.benchProbe.longTasks, firstPaint: window.benchProbe.firstPaint()})")
    first_paint = found["firstPaint"] or 0.0
    tasks = [task for task in found["tasks"] if task["start"] >= first_paint and task["duration"] > LONG_TASK_MS]
    return {
        "step": step,
        "url": page.url,
        "first_paint_ms": first_paint,
        "tasks": tasks,
        "count": len(tasks),
        "longest_ms": max((task["duration"] for task in tasks), default=0.0),
    }


def challenge_moves(game: str, options: dict[str, str], date: str, count: int) -> list[str]:
    """The first `count` card moves of a daily deal, in move notation (a challenge that does not win)."""
    sys.path.insert(0, str(ROOT / "py"))
    from solitaire.daily import daily
    from solitaire.registry import make_rules

    rules = make_rules(game, options)
    position = rules.deal(daily(game, options, date).deal)
    moves = []
    for _ in range(count):
        move = next(move for move in rules.legal_moves(position) if move.source != "stock")
        position = rules.apply(position, move)
        moves.append(str(move))
    return moves


def daily_line(game: str, options: dict[str, str], date: str, count: int) -> list[tuple[str, str, int]]:
    """The first `count` moves of the solver's winning line of a daily deal, as (source, target, cards)."""
    sys.path.insert(0, str(ROOT / "py"))
    from solitaire.daily import daily

    verdict = daily(game, options, date).verdict
    if verdict is None:
        raise RuntimeError(f"the {game} daily of {date} is not proven here")
    return [(move.source, move.target, move.count) for move in verdict.moves[:count]]


def top_of(page: Any, pile: str) -> str:
    """The selector of a pile's top card, or of its slot when it is empty (the slot lies under
    the cards, which would catch a click or a drop meant for it)."""
    lying = page.eval_on_selector_all(f'[data-card][data-pile="{pile}"]', "els => els.length")
    return f'[data-card][data-pile="{pile}"][data-index="{lying - 1}"]' if lying else f'.slot[data-pile="{pile}"]'


def play_by_pointer(page: Any, source: str, target: str, count: int) -> None:
    """One move as a player makes it: a click on the stock, else the run's first card dragged onto its pile."""
    page.wait_for_selector("#board:not([aria-busy])", state="attached")
    if source == "stock":
        page.click(top_of(page, "stock"))
        return
    held = page.eval_on_selector_all(f'[data-card][data-pile="{source}"]', "els => els.length")
    start = page.locator(f'[data-card][data-pile="{source}"][data-index="{held - count}"]').bounding_box()
    end = page.locator(top_of(page, target)).bounding_box()
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + min(start["height"] / 2, 8))
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=8)
    page.mouse.up()


def game_steps(page: Any, base_url: str) -> list[dict[str, Any]]:
    """Each game of GAME_DAILIES: its daily, its analysis meanwhile, and moves of its line with hints."""
    steps = []
    for game, options in GAME_DAILIES:
        query = "".join(f"&{name}={value}" for name, value in options.items())
        visit(page, f"{base_url}index.html?game={game}{query}&daily={SLOW_DAILY}")
        page.wait_for_timeout(DAILY_WAIT_MS)
        line = daily_line(game, options, SLOW_DAILY, GAME_MOVES)
        for number, (source, target, count) in enumerate(line, start=1):
            play_by_pointer(page, source, target, count)
            if number % GAME_HINT_EVERY == 0:
                page.keyboard.press("h")
                page.evaluate("() => window.benchProbe.answered()")
        page.wait_for_selector("#board:not([aria-busy])", state="attached")
        played = page.locator("#moves").inner_text()
        label = " ".join(f"{name}={value}" for name, value in options.items())
        steps.append(long_tasks_of(page, f"{game}{' ' + label if label else ''} daily {SLOW_DAILY}: load, analysis, {played} moves"))
    return steps


def measure_long_tasks(playwright: Any, base_url: str, deal: int) -> dict[str, Any]:
    """A player's session (see the module's docstring): the long tasks of each of its pages."""
    steps = []
    spider = f"{base_url}index.html?game=spider&suits=4&daily={SLOW_DAILY}"
    with fresh_profile(playwright) as page:
        visit(page, f"{base_url}index.html")  # a first visit: today's daily from the build's list, then the engine's
        steps.append(long_tasks_of(page, "a first visit (index.html)"))
        settle(page)
        visit(page, f"{base_url}index.html?game=klondike&deal={deal}&draw=1")
        settle(page)
        player = Player(page)
        for hint in range(1, SESSION_HINTS + 1):
            player.play(SESSION_MOVES * hint // SESSION_HINTS)
            page.keyboard.press("h")
            page.evaluate("() => window.benchProbe.answered()")
        steps.append(long_tasks_of(page, f"Klondike: load, {player.moves()} moves, {SESSION_HINTS} hints"))
        visit(page, spider)
        page.wait_for_timeout(DAILY_WAIT_MS)
        steps.append(long_tasks_of(page, f"4-suit Spider daily {SLOW_DAILY}: load and analysis"))
        moves = challenge_moves("spider", {"suits": "4"}, SLOW_DAILY, 2)
        visit(page, f"{spider}&moves={'.'.join(moves)}")
        page.wait_for_selector("#notice:not([hidden])", state="attached", timeout=READY_TIMEOUT_MS)
        steps.append(long_tasks_of(page, "its challenge link"))
        steps += game_steps(page, base_url)
    return {
        "steps": steps,
        "total": sum(step["count"] for step in steps),
        "longest_ms": max(step["longest_ms"] for step in steps),
        "player_failures": player.failures,
    }


# -- Lighthouse -------------------------------------------------------------------


def lighthouse_run(url: str, preset: str, output: Path) -> dict[str, float]:
    """One Lighthouse run (a fresh Chromium profile of its own): score and metrics."""
    command = [
        str(LIGHTHOUSE),
        url,
        "--only-categories=performance",
        "--output=json",
        f"--output-path={output}",
        "--quiet",
        f"--chrome-flags={' '.join(['--headless=new', *CHROMIUM_FLAGS])}",
    ]
    if preset == "desktop":
        command.append("--preset=desktop")
    elif preset == "mobile, applied":
        command.append("--throttling-method=devtools")
    subprocess.run(command, check=True, env={**os.environ, "CHROME_PATH": CHROMIUM}, timeout=600, stdout=subprocess.DEVNULL)
    report = json.loads(output.read_text())
    figures: dict[str, Any] = {"score": report["categories"]["performance"]["score"] * 100}
    for name, audit in LIGHTHOUSE_METRICS.items():
        figures[name] = report["audits"][audit]["numericValue"]
    observed = report["audits"]["metrics"]["details"]["items"][0]
    for name, key in LIGHTHOUSE_OBSERVED.items():
        figures[name] = observed[key]
    figures["LCP element"] = lcp_element(report)
    return figures


def lcp_element(report: dict[str, Any]) -> str:
    """The element of the largest contentful paint, as Lighthouse names it (its HTML snippet)."""

    def nodes(value: Any) -> Iterator[dict[str, Any]]:
        if isinstance(value, dict):
            if value.get("type") == "node":
                yield value
            for inner in value.values():
                yield from nodes(inner)
        elif isinstance(value, list):
            for inner in value:
                yield from nodes(inner)

    found = next(nodes(report["audits"].get("largest-contentful-paint-element", {}).get("details", {})), None)
    return f"{found.get('selector')}: {found.get('snippet', '')[:60]}" if found else "none"


def measure_lighthouse(url: str, runs: int) -> dict[str, Any]:
    if not LIGHTHOUSE.exists():
        raise RuntimeError(f"{LIGHTHOUSE} is missing: run ./build.sh (npm ci installs it)")
    results: dict[str, Any] = {"url": url, "runs": runs}
    with tempfile.TemporaryDirectory(prefix="solitaire-lighthouse-") as folder:
        for preset in PRESETS:
            every = []
            for number in range(runs):
                every.append(lighthouse_run(url, preset, Path(folder) / f"{preset.replace(', ', '-')}-{number}.json"))
                progress(
                    f"  Lighthouse {preset} {number + 1}/{runs}: score {every[-1]['score']:.0f}, "
                    f"TBT {every[-1]['TBT']:.0f} ms, CLS {every[-1]['CLS']:.3f}"
                )
            numbers = [name for name in every[0] if name != "LCP element"]
            results[preset] = {
                "runs": every,
                "median": {name: statistics.median(run[name] for run in every) for name in numbers},
                "LCP elements": sorted({run["LCP element"] for run in every}),
            }
    return results


# -- bytes transferred ------------------------------------------------------------


def transferred(requests: Iterable[Any], base_url: str) -> dict[str, Any]:
    """Sizes of finished requests; responses that a service worker served from its cache count zero."""
    files: list[dict[str, Any]] = []
    for request in requests:
        response = request.response()
        from_worker_cache = bool(response and response.from_service_worker)
        sizes = request.sizes()
        files.append(
            {
                "path": request.url.removeprefix(base_url) or "/",
                "status": response.status if response else None,
                "by": "service worker" if request.service_worker else "page",
                "from_service_worker": from_worker_cache,
                "body_bytes": 0 if from_worker_cache else max(sizes["responseBodySize"], 0),
                "header_bytes": 0 if from_worker_cache else max(sizes["responseHeadersSize"], 0),
            }
        )
    files.sort(key=lambda file: file["body_bytes"], reverse=True)
    return {
        "requests": len(files),
        "served_by_service_worker": sum(file["from_service_worker"] for file in files),
        "requests_by_service_worker": sum(file["by"] == "service worker" for file in files),
        "body_bytes": sum(file["body_bytes"] for file in files),
        "header_bytes": sum(file["header_bytes"] for file in files),
        "files": files,
    }


def measure_transfer(playwright: Any, base_url: str, path: str) -> dict[str, Any]:
    """Bytes of the first visit with a fresh profile (its service worker's install included), and of a second visit."""
    result: dict[str, Any] = {"url": path}
    with fresh_profile(playwright) as page:
        finished: list[Any] = []

        def collect(request: Any) -> None:
            finished.append(request)

        # On the context: it also sees the service worker's own requests.
        page.context.on("requestfinished", collect)
        for kind in ("first", "second"):
            visit(page, base_url + path)
            worker = settle(page) if kind == "first" else None
            page.wait_for_load_state("networkidle")
            result[kind] = transferred(finished, base_url)
            if worker:
                result[kind]["service_worker"] = worker
            finished.clear()
            page.goto("about:blank")
    return result


# -- report -----------------------------------------------------------------------


def progress(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def verdict(met: bool) -> str:
    return "met" if met else "MISSED"


def size_text(count: int) -> str:
    if count >= 1_000_000:
        return f"{count / 1e6:.2f} MB"
    return f"{count / 1e3:.1f} kB"


def table(rows: list[list[str]], header: list[str]) -> str:
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]

    def line(row: list[str]) -> str:
        return "  ".join(cell.ljust(width) if i == 0 else cell.rjust(width) for i, (cell, width) in enumerate(zip(row, widths)))

    return "\n".join([line(header), line(["-" * width for width in widths]), *map(line, rows)])


def report_load(load: dict[str, Any], rounds: int) -> str:
    pages = load["pages"]
    rows = []
    for name in PAGES:
        cells = [name]
        for kind in VISITS:
            figures = pages[name][kind]
            cells += [
                f"{figures['median_ms']:.0f}",
                f"{figures['min_ms']:.0f}-{figures['max_ms']:.0f}",
                f"{ratio(figures['median_ms'], pages['bare'][kind]['median_ms']):.3f}",
            ]
        rows.append(cells)
    text = [
        f"Time to ready (ms from navigation start, medians of {rounds} rounds)",
        table(rows, ["page", "cold", "cold range", "x bare", "warm", "warm range", "x bare"]),
    ]
    for kind in VISITS:
        mark_rows = []
        for name in PAGES:
            marks = pages[name][kind]["milestones_median_ms"]
            mark_rows.append(
                [name, *(f"{marks[mark]:.0f}" if mark in marks else "-" for mark in MARKS_SHOWN), f"{pages[name][kind]['median_ms']:.0f}"]
            )
        text += [
            "",
            f"Milestones, {kind} (medians, ms from navigation start; 'pyodide': loadPyodide() done)",
            table(mark_rows, ["page", *MARKS_SHOWN, "ready"]),
        ]
    for name in PAGES:
        worker = pages[name]["service_worker"]
        outcomes = {outcome: count for outcome, count in worker["after_first_visit"].items() if outcome != "none"}
        if outcomes or worker["second_visits_served_by_it"]:
            text.append(
                f"{name}: service worker after the first visit: "
                + ", ".join(f"{outcome} {count}x" for outcome, count in outcomes.items())
                + f" (of {worker['runs']}); second visits served by it: "
                f"{worker['second_visits_served_by_it']} of {worker['runs']}"
            )
    route_rows = []
    for name in ("lockfile", "micropip"):
        route_rows.append([name, *(f"{pages[name][kind]['after_pyodide_median_ms']:.0f}" for kind in VISITS)])
    text += ["", "Package routes: from loadPyodide() done to ready (medians, ms)", table(route_rows, ["route", *VISITS])]
    text.append(
        "micropip route minus loading by name, after Pyodide is up: "
        + ", ".join(
            f"{kind} {pages['micropip'][kind]['after_pyodide_median_ms'] - pages['lockfile'][kind]['after_pyodide_median_ms']:+.0f} ms"
            for kind in VISITS
        )
    )
    ratios = load["ratios"]
    text.append("")
    for kind in VISITS:
        game = ratios["game/bare"][kind]
        text.append(
            f"Target game/bare {kind} <= {READY_TARGETS[kind]:.2f}: {game:.3f} {verdict(game <= READY_TARGETS[kind])} "
            f"(median of per-round ratios: {load['paired_ratios']['game/bare'][kind]:.3f})"
        )
    for kind in VISITS:
        text.append(
            f"micropip/lockfile {kind}: {ratios['micropip/lockfile'][kind]:.3f}  micropip/bare {kind}: {ratios['micropip/bare'][kind]:.3f}"
        )
    return "\n".join(text)


def report_latency(latency: dict[str, Any]) -> str:
    rows = []
    for name, group in latency["groups"].items():
        dom, frame = group["dom_ms"], group["frame_ms"]
        rows.append(
            [
                name,
                str(group["count"]),
                f"{dom['p50']:.1f}",
                f"{dom['p95']:.1f}",
                f"{dom['max']:.1f}",
                f"{frame['p50']:.1f}",
                f"{frame['p95']:.1f}",
                f"{frame['max']:.1f}",
            ]
        )
    text = [
        f"Click-to-DOM-updated latency (ms, game deal {latency['deal']})",
        table(rows, ["input", "n", "DOM p50", "DOM p95", "DOM max", "frame p50", "frame p95", "frame max"]),
        "",
    ]
    moves = latency["groups"].get("moves (all)")
    if moves:
        p95 = moves["dom_ms"]["p95"]
        text.append(f"Target p95 over {moves['count']} moves <= {LATENCY_TARGET_MS:.0f} ms: {p95:.1f} {verdict(p95 <= LATENCY_TARGET_MS)}")
    else:
        text.append("Target p95: no move was timed")
    if latency["stopped_early"]:
        text.append(f"Play stopped early: {latency['stopped_early']}")
    if latency["failures"]:
        text.append(f"{len(latency['failures'])} inputs did not do their job (not counted): " + "; ".join(latency["failures"][:5]))
    return "\n".join(text)


def report_long_tasks(long_tasks: dict[str, Any]) -> str:
    rows = [
        [step["step"], str(step["count"]), f"{step['longest_ms']:.0f}", ", ".join(f"{task['duration']:.0f}" for task in step["tasks"][:8])]
        for step in long_tasks["steps"]
    ]
    total = long_tasks["total"]
    return "\n".join(
        [
            f"Main-thread tasks over {LONG_TASK_MS:.0f} ms after the first paint (one session, fresh profile)",
            table(rows, ["step", "tasks", "longest ms", "durations ms"]),
            "",
            f"Target none: {total} {verdict(total == 0)}" + (f" (longest {long_tasks['longest_ms']:.0f} ms)" if total else ""),
        ]
    )


def report_lighthouse(lighthouse: dict[str, Any]) -> str:
    names = ["score", *LIGHTHOUSE_METRICS, *LIGHTHOUSE_OBSERVED]
    rows = []
    for preset in PRESETS:
        median = lighthouse[preset]["median"]
        rows.append([preset, *(f"{median[name]:.3f}" if name == "CLS" else f"{median[name]:.0f}" for name in names)])
    text = [
        f"Lighthouse, {lighthouse['url']} (medians of {lighthouse['runs']} runs; ms, CLS unitless)",
        table(rows, ["preset", *names]),
        "",
    ]
    for preset in PRESETS:
        elements = lighthouse[preset]["LCP elements"]
        cards = all(re.search(r"\bg\.card\b|data-card", element) for element in elements)  # in a card's <g>
        text.append(f"LCP element, {preset}: {'; '.join(elements)} (a card: {verdict(cards)})")
    for preset in PRESETS:
        median = lighthouse[preset]["median"]
        score, blocking, shift = LIGHTHOUSE_TARGETS[preset]
        text.append(
            f"Target {preset}: score >= {score}: {median['score']:.0f} {verdict(median['score'] >= score)}; "
            f"TBT <= {blocking:.0f} ms: {median['TBT']:.0f} {verdict(median['TBT'] <= blocking)}"
            + (f"; CLS <= {shift}: {median['CLS']:.3f} {verdict(median['CLS'] <= shift)}" if shift is not None else "")
        )
    return "\n".join(text)


def report_transfer(transfer: dict[str, Any], biggest: int = 6) -> str:
    rows = []
    for name, figures in transfer.items():
        for kind in ("first", "second"):
            visit_figures = figures[kind]
            rows.append(
                [
                    f"{name}, {kind} visit",
                    str(visit_figures["requests"]),
                    str(visit_figures["requests_by_service_worker"]),
                    str(visit_figures["served_by_service_worker"]),
                    size_text(visit_figures["body_bytes"]),
                    size_text(visit_figures["header_bytes"]),
                ]
            )
    text = [
        "Bytes transferred (fresh profile; response bodies, and headers, over the network)",
        table(rows, ["page", "requests", "by worker", "from worker", "bodies", "headers"]),
    ]
    for name in ("game", "bare"):
        files = transfer[name]["first"]["files"][:biggest]
        text += [
            "",
            f"Largest files, {name} first visit:",
            table(
                [[file["path"], file["by"], str(file["status"]), f"{file['body_bytes']:,}"] for file in files],
                ["file", "by", "status", "bytes"],
            ),
        ]
    game, bare = transfer["game"]["first"]["body_bytes"], transfer["bare"]["first"]["body_bytes"]
    text.append(
        f"\nThe game's first visit transfers {size_text(game)} (bare Pyodide {size_text(bare)}); "
        f"target at most {size_text(BYTES_TARGET)}: {verdict(game <= BYTES_TARGET)}"
    )
    return "\n".join(text)


def ms_or_lost(value: float | None) -> str:
    """A time in ms; "lost" for a click that was never answered; "-" where none was made."""
    if value is None:
        return "-"
    return "lost" if math.isnan(value) else f"{value:.0f}"


def report_first_sight(first: dict[str, Any]) -> str:
    rows = []
    for name, figures in first["medians"].items():
        rows.append(
            [
                name,
                *(f"{figures[f'{kind} first card']:.0f}" for kind in VISITS),
                *(ms_or_lost(figures.get(f"{kind} click answered")) for kind in VISITS),
                ms_or_lost(figures.get("warm click answered at ready")),
                *(f"{figures[f'{kind} ready']:.0f}" if f"{kind} ready" in figures else "-" for kind in VISITS),
                *(f"{figures[f'{kind} memory_mb']:.0f}" for kind in VISITS),
            ]
        )
    ratios = first["ratios"]
    memory = max(first["medians"]["game"][f"{kind} memory_mb"] for kind in VISITS)
    return "\n".join(
        [
            f"First card and first click (ms from navigation start, medians of {len(first['runs']['game'])} rounds; memory: renderer PSS, MB,"
            f" {MEMORY_SETTLE_MS / 1000:.0f} s after the first visit's load, and after a returning visit's in a tab of its own)",
            table(
                rows,
                [
                    "page",
                    "first card cold",
                    "warm",
                    "click answered cold",
                    "warm",
                    "warm, clicked at ready",
                    "ready cold",
                    "warm",
                    "memory cold",
                    "warm",
                ],
            ),
            "",
            *(f"{name}: {value:.2f}" for name, value in ratios.items()),
            f"Target cold first card <= {FIRST_CARD_TARGET:.0f}x the floor's: {ratios['cold first card / floor']:.2f} "
            f"{verdict(ratios['cold first card / floor'] <= FIRST_CARD_TARGET)}",
            f"Target warm first click answered <= {FIRST_CLICK_TARGET:.0f}x the floor's first card: "
            f"{ratios['warm click answered / floor first card']:.2f} {verdict(ratios['warm click answered / floor first card'] <= FIRST_CLICK_TARGET)}",
            f"Target renderer memory <= {MEMORY_TARGET_MB:.0f} MB, cold and warm: at most {memory:.0f} {verdict(memory <= MEMORY_TARGET_MB)}",
            "",
            "Stages of the game's start (medians, ms from navigation start; the click came as soon as a card was on screen)",
            table(
                [
                    [name, *(f"{first['stages'][kind][name]:.0f}" if name in first["stages"][kind] else "-" for kind in VISITS)]
                    for name in sorted(
                        {name for kind in VISITS for name in first["stages"][kind]},
                        key=lambda name: first["stages"]["warm"].get(name, first["stages"]["cold"].get(name, 0.0)),
                    )
                ],
                ["stage", *VISITS],
            ),
        ]
    )


# -- site -------------------------------------------------------------------------


def snapshot_site(destination: Path, source: Path = ROOT) -> Path:
    """Copy a built checkout's site into `destination` (mtimes kept, so 304s still happen), with
    this checkout's benchmark pages (tools/bench/: another checkout may be older).

    build.sh holds build/.lock for the whole build; holding it while copying
    means the copy never has half-built files.
    """
    lock_path = source / "build" / ".lock"
    lock_path.parent.mkdir(exist_ok=True)
    with open(lock_path, "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        shutil.copytree(source, destination, ignore=shutil.ignore_patterns(*NOT_SERVED))
    if source != ROOT:
        shutil.copytree(BENCH_DIR, destination / "tools" / "bench", dirs_exist_ok=True)
    return destination


# -- run --------------------------------------------------------------------------


def environment(chromium: str, site: Path) -> dict[str, Any]:
    def git(*args: str) -> str:
        try:
            return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            return ""

    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())
    package = ROOT / "node_modules" / "pyodide" / "package.json"
    return {
        "date": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "commit": git("rev-parse", "--short", "HEAD"),
        "dirty": bool(git("status", "--porcelain")),
        "chromium": chromium,
        "pyodide": json.loads(package.read_text())["version"] if package.exists() else None,
        "python_in_pyodide": lock["info"]["python"],
        "machine": f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs",
        "served": "repository" if site == ROOT else "snapshot of the repository",
    }


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7, help="counted rounds of page loads (default 7, spec: >= 5)")
    parser.add_argument("--warmup", type=int, default=1, help="uncounted rounds first (default 1)")
    parser.add_argument("--moves", type=int, default=250, help="moves for the latency (default 250, spec: >= 200)")
    parser.add_argument("--real", type=int, default=60, help="trusted stock clicks, and key presses (default 60)")
    parser.add_argument("--deal", type=int, default=1, help="deal played for the latency (default 1)")
    parser.add_argument("--lighthouse-runs", type=int, default=3, help="Lighthouse runs per preset (default 3; 0: none)")
    parser.add_argument("--in-place", action="store_true", help="serve the repository itself, not a snapshot of it (see above)")
    parser.add_argument("--site", type=Path, help="measure another built checkout (a git worktree of an older commit, say) instead")
    parser.add_argument("--json", type=Path, help="where to write the results (default bench-results/bench-DATE.json)")
    parser.add_argument("--only", help=f"comma-separated parts to run (default all): {', '.join(PARTS)}")
    args = parser.parse_args(argv)
    args.only = set(PARTS) if args.only is None else set(args.only.split(","))
    if not args.only <= set(PARTS):
        parser.error(f"--only takes {', '.join(PARTS)}")
    if args.rounds < 1 or args.moves < 1 or args.real < 0 or args.warmup < 0 or args.lighthouse_runs < 0:
        parser.error("--rounds and --moves must be positive, --real, --warmup and --lighthouse-runs not negative")
    return args


PARTS = ("load", "first", "latency", "long-tasks", "transfer", "lighthouse")


def run(args: argparse.Namespace, site: Path) -> dict[str, Any]:
    """Serve `site` and take every measurement, each with a fresh Chromium profile."""
    from playwright.sync_api import sync_playwright
    from serve import serve_in_background

    base_url, server = serve_in_background(site)
    started = time.monotonic()
    try:
        with sync_playwright() as playwright:
            results: dict[str, Any] = {
                "environment": environment(browser_version(playwright), site),
                "options": {
                    name: sorted(value) if isinstance(value, set) else str(value) if isinstance(value, Path) else value
                    for name, value in vars(args).items()
                },
            }
            if "load" in args.only:
                progress(f"Time to ready: {args.warmup} warm-up + {args.rounds} rounds of {', '.join(PAGES)}")
                results["load"] = load_summary(measure_load_times(playwright, base_url, args.rounds, args.warmup))
            if "first" in args.only:
                progress(f"First card and first click: {args.rounds} rounds of {', '.join(FIRST_SIGHT_PAGES)}")
                make_floor_page(playwright, base_url, site)
                results["first"] = measure_first_sight(playwright, base_url, args.rounds)
            if "latency" in args.only:
                progress(f"Latency: {args.moves} moves, then {args.real} real clicks and {args.real} key presses")
                results["latency"] = measure_latency(playwright, base_url, args.deal, args.moves, args.real)
            if "long-tasks" in args.only:
                progress("Long tasks: a session of moves and hints, a slow 4-suit Spider daily and its challenge link")
                results["long_tasks"] = measure_long_tasks(playwright, base_url, args.deal)
            if "transfer" in args.only:
                progress("Bytes transferred")
                results["transfer"] = {name: measure_transfer(playwright, base_url, PAGES[name]) for name in PAGES}
        if args.lighthouse_runs and "lighthouse" in args.only:
            progress(f"Lighthouse: {args.lighthouse_runs} runs each of {', '.join(PRESETS)}")
            results["lighthouse"] = measure_lighthouse(base_url + FIRST_SIGHT_PAGES["game"], args.lighthouse_runs)
    finally:
        server.shutdown()
        server.server_close()
    results["seconds"] = round(time.monotonic() - started, 1)
    return results


def print_report(results: dict[str, Any]) -> None:
    env = results["environment"]
    print(
        f"\nBenchmark {env['date']}, commit {env['commit']}{' (modified)' if env['dirty'] else ''}, "
        f"{env['served']}; {env['chromium']}; Pyodide {env['pyodide']} "
        f"(Python {env['python_in_pyodide']}); {env['machine']}\n"
    )
    if "load" in results:
        print(report_load(results["load"], results["options"]["rounds"]), end="\n\n")
    if "first" in results:
        print(report_first_sight(results["first"]), end="\n\n")
    if "latency" in results:
        print(report_latency(results["latency"]), end="\n\n")
    if "long_tasks" in results:
        print(report_long_tasks(results["long_tasks"]), end="\n\n")
    if "lighthouse" in results:
        print(report_lighthouse(results["lighthouse"]), end="\n\n")
    if "transfer" in results:
        print(report_transfer(results["transfer"]), end="\n\n")


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.rounds < 5 or args.moves < 200:
        progress("bench.py: note: fewer than 5 rounds or 200 moves is below what the benchmark asks for")
    json_path = args.json or ROOT / "bench-results" / f"bench-{time.strftime('%Y%m%d-%H%M%S')}.json"

    with tempfile.TemporaryDirectory(prefix="solitaire-bench-") as folder:
        site = ROOT if args.in_place else snapshot_site(Path(folder) / "site", (args.site or ROOT).resolve())
        if not (site / "static" / "pyodide" / "pyodide-lock.json").exists():
            progress("bench.py: the site is not built: run ./build.sh first")
            return 1
        results = run(args, site)
    print_report(results)
    json_path.parent.mkdir(parents=True, exist_ok=True)
    json_path.write_text(json.dumps(results, indent=2) + "\n")
    shown = json_path.resolve().relative_to(ROOT) if json_path.resolve().is_relative_to(ROOT) else json_path
    print(f"Results: {shown} (run took {results['seconds']:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
