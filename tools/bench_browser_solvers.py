"""Benchmark the solvers inside Pyodide in headless Chromium, against CPython.

    .venv/bin/python tools/bench_browser_solvers.py [--only daily|slices|timed|klondike|review] [--game GAME ...]
        [--deals 100] [--budget 150000] [--chunk 5] [--games 100] [--first-date 2026-12-01]
        [--dates 7] [--json PATH] [--in-place]

A benchmark, not a test: it prints tables and writes the figures to
bench-results/browser-solvers-YYYYmmdd-HHMMSS.json (or --json PATH). The site
must be built first (./build.sh). Exit status 1 only if Pyodide and CPython
disagree on a result, or the page's sliced daily search (timed) finds another
deal than daily() (daily) (the searches are node-bounded: they must not).

The same Python code, tools/bench/solver_work.py, does and times the work in
both interpreters with time.perf_counter:

- Pyodide: tools/bench/solvers.html in headless Chromium (/usr/bin/chromium)
  loads Pyodide and the game's wheel by name from the lockfile, as the game
  does, and runs solver_work on the page's main thread, as the game runs its
  solvers;
- CPython: this interpreter runs solver_work.py as a script, with the files
  of that same wheel on PYTHONPATH (not py/, which may have changed since the
  build), so both run the same code.

Each piece of work runs in Pyodide and then at once in CPython, so that the
load of a busy machine falls on both alike. Module imports are not timed.

Parts (all by default, or one with --only):

daily     solitaire.daily.daily(game, options, date) for every option set of
          DAILY_OPTION_SETS and the dates (--dates from --first-date, by default
          2026-12-01..07), each a fresh search: median and
          max per option set, overall median, Pyodide / CPython.
slices    solitaire_bridge.Bridge: "new" with a deal number, then "analyse"
          messages of N nodes (N in SLICE_NODES), each timed (JSON included),
          until the analysis has a verdict or SLICE_MESSAGES were sent, for
          the games and hard deals of SLICE_GAMES. Median, p95 and max ms per
          N of the full slices (those that spent all N nodes: the analysis
          was still searching after them), the max over all messages, and
          the N that a 25 ms slice allows at the median's pace (the page
          adapts N to 25 ms).
timed     What the engine's worker does, in Pyodide only, each bridge message timed in
          JavaScript around bridge.handle (JSON included) as
          static/engine-worker.js would: the live analysis of the deals of
          SLICE_GAMES ("new", then "analyse" messages of the worker's slice,
          about 4 ms, until a verdict or TIMED_MESSAGES), and the daily deals of DAILY_OPTION_SETS x the dates
          as findDaily gets them ("daily" slices until found, then "new"): the
          slices over SLICE_LIMIT_MS, and the time until the daily is ready
          against DAILY_TARGET_MS.
klondike  KlondikeSolver(make_rules("klondike", {"draw": d})).solve(deal, budget)
          for deals 1..--deals, draw 1 and 3, --chunk deals per call into the
          page: time per deal (median, p95), and the verdicts, which must be
          the same in both (status, nodes, length of the winning line).
review    solitaire.review.Review(...).finish() of --games games lost at a known move,
          per variant of REVIEW_SETS (solver_work.lost_games, made in CPython from deals
          1, 2, ...: the solver's winning line up to a random turn, a move proven lost,
          random moves after it): the time to the findings (median, p95, max), the
          positions searched and what was found (the losing move, another, undecided),
          which must be the same in both interpreters.

Like tools/bench.py it serves a snapshot of the repository taken under
build.sh's lock (--in-place: the repository itself).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tools"), str(ROOT / "tests")]

from bench import environment, percentile, progress, snapshot_site, table  # noqa: E402
from browsers import CHROMIUM, CHROMIUM_FLAGS  # noqa: E402
from solitaire.registry import GAMES  # noqa: E402
from solver_bench import DAILY_OPTION_SETS  # noqa: E402

PAGE = "tools/bench/solvers.html"
WORK_SCRIPT = Path("tools/bench/solver_work.py")  # inside the served site
READY_TIMEOUT_MS = 180_000

# The dates of the daily parts, by default (--first-date, --dates).
FIRST_DATE = "2026-12-01"
DATE_COUNT = 7


def dates_from(first: str, count: int) -> list[str]:
    """``count`` dates from ``first`` (YYYY-MM-DD) on."""
    start = datetime.date.fromisoformat(first)
    return [(start + datetime.timedelta(days=offset)).isoformat() for offset in range(count)]


# Game, options, deals. The deals need many nodes (seen in the solver benchmarks:
# most deals are decided within the first slice), so that most messages
# spend their whole N, as the slices of a long analysis do.
SLICE_GAMES: list[tuple[str, dict[str, str], list[int]]] = [
    ("klondike", {"draw": "1"}, [9, 23, 39, 41, 62]),
    ("spider", {"suits": "4"}, [1, 2, 3, 4, 5]),
    ("freecell", {}, [253, 579, 672, 351, 11982]),
]
SLICE_NODES = (200, 500, 1000, 2000)


def only_games(games: list[str]) -> None:
    """Narrow the option sets of every part to these games (--game)."""
    slices = [entry for entry in SLICE_GAMES if entry[0] in games]
    slices += [(game, {}, [1, 2, 3, 4, 5]) for game in games if game not in {entry[0] for entry in slices}]
    SLICE_GAMES[:] = slices
    DAILY_OPTION_SETS[:] = [entry for entry in DAILY_OPTION_SETS if entry[0] in games]
    REVIEW_SETS[:] = [entry for entry in REVIEW_SETS if entry[0] in games]


SLICE_MESSAGES = 8  # per deal at most (fewer when the analysis ends sooner)
SLICE_TARGET_MS = 25.0

TIMED_MESSAGES = 40  # analysis slices per deal at most in the timed part
SLICE_LIMIT_MS = 50.0  # the target: no slice holds input longer
DAILY_TARGET_MS = 300.0  # the target: today's daily ready, proven (median)

DRAWS = ("1", "3")


def label(game: str, options: dict[str, str]) -> str:
    return " ".join([game, *(f"{name}={value}" for name, value in options.items())])


# -- the two interpreters ---------------------------------------------------------


class Pyodide:
    """solver_work inside Pyodide, on the bench page in headless Chromium."""

    def __init__(self, playwright: Any, url: str) -> None:
        self.browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
        self.version = self.browser.version
        self.page = self.browser.new_page()
        self.page.goto(url)
        self.page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
        state = self.page.evaluate("() => [document.documentElement.dataset.ready, document.documentElement.dataset.error]")
        if state[0] != "true":
            raise RuntimeError(f"the bench page failed to load: {state[1]}")

    def call(self, name: str, **args: Any) -> Any:
        # page.evaluate has no timeout: each call is kept short (a few deals) instead.
        return self.page.evaluate("([name, args]) => window.benchCall(name, args)", [name, args])

    def timed(self, name: str, **args: Any) -> Any:
        """The page's timed slices, looped and timed in JavaScript (solvers.js)."""
        return self.page.evaluate("([name, args]) => window.benchTimed(name, args)", [name, args])

    def close(self) -> None:
        self.browser.close()


class CPython:
    """solver_work.py run as a script by this interpreter, the served wheel's files on PYTHONPATH."""

    def __init__(self, site: Path, wheel_files: Path) -> None:
        self.script = site / WORK_SCRIPT
        self.env = {**os.environ, "PYTHONPATH": str(wheel_files), "PYTHONDONTWRITEBYTECODE": "1"}

    def call(self, name: str, **args: Any) -> Any:
        done = subprocess.run([sys.executable, str(self.script), name, json.dumps(args)], env=self.env, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"CPython {name} failed:\n{done.stderr}")
        return json.loads(done.stdout)


def served_wheel(site: Path) -> Path:
    """The game's wheel that the lockfile names (what the page loads)."""
    lockfile = site / "static" / "pyodide" / "pyodide-lock.json"
    entry: dict[str, str] = json.loads(lockfile.read_text())["packages"]["solitaire"]
    return (lockfile.parent / entry["file_name"]).resolve()


def stale_files(wheel: Path) -> list[str]:
    """Python files of the wheel that differ from py/ now (the build is older than the sources)."""
    with zipfile.ZipFile(wheel) as archive:
        names = [name for name in archive.namelist() if name.endswith(".py")]
        return [name for name in names if not (ROOT / "py" / name).is_file() or (ROOT / "py" / name).read_bytes() != archive.read(name)]


# -- statistics -------------------------------------------------------------------


def figures(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "p95": percentile(values, 0.95), "max": max(values), "count": len(values)}


def ratio(pyodide: float, cpython: float) -> float:
    return pyodide / cpython if cpython else float("nan")


def times(rows: list[dict[str, Any]]) -> list[float]:
    return [row["ms"] for row in rows]


# -- daily ------------------------------------------------------------------------


def measure_daily(pyodide: Pyodide, cpython: CPython, dates: list[str]) -> dict[str, Any]:
    sets: list[dict[str, Any]] = []
    for game, options in DAILY_OPTION_SETS:
        runs = {
            "pyodide": pyodide.call("daily", game=game, options=options, dates=dates),
            "cpython": cpython.call("daily", game=game, options=options, dates=dates),
        }
        deals = {name: [row["deal"] for row in rows] for name, rows in runs.items()}
        sets.append(
            {
                "game": game,
                "options": options,
                "runs": runs,
                "agree": deals["pyodide"] == deals["cpython"],
                "pyodide": figures(times(runs["pyodide"])),
                "cpython": figures(times(runs["cpython"])),
            }
        )
        progress(
            f"  daily {label(game, options)}: Pyodide median {sets[-1]['pyodide']['median']:.0f} ms, "
            f"CPython {sets[-1]['cpython']['median']:.0f} ms"
        )
    every = {name: [ms for entry in sets for ms in times(entry["runs"][name])] for name in ("pyodide", "cpython")}
    paired = [ratio(p, c) for p, c in zip(every["pyodide"], every["cpython"])]
    return {
        "dates": dates,
        "sets": sets,
        "overall": {
            "pyodide": figures(every["pyodide"]),
            "cpython": figures(every["cpython"]),
            "paired_ratio_median": statistics.median(paired),
        },
    }


def report_daily(daily: dict[str, Any]) -> str:
    rows = []
    for entry in [*daily["sets"], {"game": "all", "options": {}, "agree": True, **daily["overall"]}]:
        py, c = entry["pyodide"], entry["cpython"]
        rows.append(
            [
                label(entry["game"], entry["options"]),
                f"{py['median']:.0f}",
                f"{py['max']:.0f}",
                f"{c['median']:.0f}",
                f"{c['max']:.0f}",
                f"{ratio(py['median'], c['median']):.2f}",
                "" if entry["agree"] else "DEALS DIFFER",
            ]
        )
    return "\n".join(
        [
            f"Daily deal ready: daily(game, options, date), {daily['dates'][0]}..{daily['dates'][-1]}, ms",
            table(rows, ["option set", "Pyodide med", "max", "CPython med", "max", "ratio", ""]),
            f"Median over all pairs of Pyodide / CPython: {daily['overall']['paired_ratio_median']:.2f}",
        ]
    )


# -- slices -----------------------------------------------------------------------


def measure_slices(pyodide: Pyodide, cpython: CPython) -> dict[str, Any]:
    games: list[dict[str, Any]] = []
    for game, options, deals in SLICE_GAMES:
        per_nodes = []
        for nodes in SLICE_NODES:
            args = {"game": game, "options": options, "deals": deals, "nodes": nodes, "messages": SLICE_MESSAGES}
            runs = {"pyodide": pyodide.call("slices", **args), "cpython": cpython.call("slices", **args)}
            per_nodes.append(slice_figures(nodes, runs))
            progress(
                f"  slices {label(game, options)} N={nodes}: Pyodide median {per_nodes[-1]['pyodide']['median']:.1f} ms "
                f"over {per_nodes[-1]['pyodide']['count']} full slices"
            )
        games.append({"game": game, "options": options, "deals": deals, "by_nodes": per_nodes})
    return {"messages_per_deal": SLICE_MESSAGES, "games": games}


def slice_figures(nodes: int, runs: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    """Figures of the full slices (still searching after them: all N nodes spent);
    of every message if none was full (each search ended within its first slice)."""
    full = {name: [row for row in rows if row["status"] == "searching"] for name, rows in runs.items()}
    only_full = bool(full["pyodide"])
    used = full if only_full else runs
    median = statistics.median(times(used["pyodide"]))
    return {
        "nodes": nodes,
        "runs": runs,
        "only_full_slices": only_full,
        "all_messages_max": {name: max(times(rows)) for name, rows in runs.items()},
        "pyodide": figures(times(used["pyodide"])),
        "cpython": figures(times(used["cpython"])),
        # At the median's pace, how many nodes fit in a 25 ms slice.
        "nodes_per_25ms": nodes * SLICE_TARGET_MS / median if only_full else None,
    }


def report_slices(slices: dict[str, Any]) -> str:
    rows = []
    for game in slices["games"]:
        for entry in game["by_nodes"]:
            py, c = entry["pyodide"], entry["cpython"]
            count = str(py["count"]) if entry["only_full_slices"] else f"0 (all {py['count']})"
            per_25ms = f"{entry['nodes_per_25ms']:.0f}" if entry["nodes_per_25ms"] else "-"
            rows.append(
                [
                    label(game["game"], game["options"]),
                    str(entry["nodes"]),
                    count,
                    f"{py['median']:.1f}",
                    f"{py['p95']:.1f}",
                    f"{py['max']:.1f}",
                    f"{entry['all_messages_max']['pyodide']:.1f}",
                    f"{c['median']:.1f}",
                    f"{ratio(py['median'], c['median']):.2f}",
                    per_25ms,
                ]
            )
    deals = "; ".join(f"{label(game['game'], game['options'])} {game['deals']}" for game in slices["games"])
    return "\n".join(
        [
            "Analysis slices: Bridge 'analyse' messages of N nodes, ms (med, p95, max: full slices; max all: every message)",
            f"Deals: {deals}",
            table(rows, ["game", "N", "full", "Pyodide med", "p95", "max", "max all", "CPython med", "ratio", "N for 25 ms"]),
        ]
    )


# -- timed ------------------------------------------------------------------------


def over_limit(values: list[float]) -> int:
    return sum(ms > SLICE_LIMIT_MS for ms in values)


def measure_timed_analysis(pyodide: Pyodide) -> list[dict[str, Any]]:
    games = []
    for game, options, deals in SLICE_GAMES:
        pyodide.call("warm_up", game=game, options=options)  # the page imports a game's modules once
        rows = pyodide.timed("analyse", game=game, options=options, deals=deals, messages=TIMED_MESSAGES)
        last = {row["deal"]: row["status"] for row in rows}  # "searching": undecided after TIMED_MESSAGES
        verdicts = list(last.values())
        games.append(
            {
                "game": game,
                "options": options,
                "deals": deals,
                "rows": rows,
                "ms": figures(times(rows)),
                "over_limit": over_limit(times(rows)),
                "nodes_median": statistics.median(row["nodes"] for row in rows),
                "verdicts": {status: verdicts.count(status) for status in sorted(set(verdicts))},
            }
        )
        progress(f"  timed analysis {label(game, options)}: {len(rows)} slices, max {games[-1]['ms']['max']:.1f} ms")
    return games


def measure_timed_daily(pyodide: Pyodide, dates: list[str]) -> dict[str, Any]:
    sets = []
    for game, options in DAILY_OPTION_SETS:
        pyodide.call("warm_up", game=game, options=options)
        # One call per date keeps each page.evaluate short (4-suit Spider takes seconds).
        runs = [pyodide.timed("daily", game=game, options=options, date=date) for date in dates]
        slice_ms = [row["ms"] for run in runs for row in run["slices"]]
        sets.append(
            {
                "game": game,
                "options": options,
                "runs": runs,
                "total": figures([run["total_ms"] for run in runs]),
                "slices": figures(slice_ms),
                "over_limit": over_limit(slice_ms),
                "new_max": max(run["new_ms"] for run in runs),
                "slices_per_daily": statistics.median(len(run["slices"]) for run in runs),
                "proven": sum(run["status"] == "winnable" for run in runs),
            }
        )
        progress(f"  timed daily {label(game, options)}: median {sets[-1]['total']['median']:.0f} ms")
    totals = [run["total_ms"] for entry in sets for run in entry["runs"]]
    return {"dates": dates, "sets": sets, "overall": figures(totals), "within_target": sum(ms <= DAILY_TARGET_MS for ms in totals)}


WORKER_SLICE_MS = 4.0  # as static/engine-worker.js: a slice of search ends after about this long


def measure_timed(pyodide: Pyodide, dates: list[str]) -> dict[str, Any]:
    return {
        "slice_ms": WORKER_SLICE_MS,
        "messages_per_deal": TIMED_MESSAGES,
        "analysis": measure_timed_analysis(pyodide),
        "daily": measure_timed_daily(pyodide, dates),
    }


def report_timed(timed: dict[str, Any]) -> str:
    analysis = [
        [
            label(game["game"], game["options"]),
            str(game["ms"]["count"]),
            f"{game['nodes_median']:.0f}",
            f"{game['ms']['median']:.1f}",
            f"{game['ms']['p95']:.1f}",
            f"{game['ms']['max']:.1f}",
            str(game["over_limit"]),
            " ".join(f"{status} {count}" for status, count in game["verdicts"].items()),
        ]
        for game in timed["analysis"]
    ]
    daily = timed["daily"]
    sets = [
        [
            label(entry["game"], entry["options"]),
            f"{entry['total']['median']:.0f}",
            f"{entry['total']['max']:.0f}",
            f"{entry['slices_per_daily']:.0f}",
            f"{entry['slices']['max']:.1f}",
            str(entry["over_limit"]),
            f"{entry['new_max']:.1f}",
            f"{entry['proven']}/{len(entry['runs'])}",
        ]
        for entry in daily["sets"]
    ]
    overall = daily["overall"]
    return "\n".join(
        [
            f"Timed slices as the engine's worker sends them (ms {timed['slice_ms']:.0f}), "
            f"each message timed in JavaScript around bridge.handle, ms; over: slices over {SLICE_LIMIT_MS:.0f} ms",
            f"Live analysis: 'analyse' until a verdict or {timed['messages_per_deal']} slices per deal, one page per game",
            table(analysis, ["game", "slices", "N med", "median", "p95", "max", "over", "verdicts"]),
            "",
            f"Daily deal ready: 'daily' slices until found, then 'new', back to back (the page also yields "
            f"between slices), {daily['dates'][0]}..{daily['dates'][-1]}",
            table(sets, ["option set", "total med", "max", "slices med", "slice max", "over", "new max", "proven"]),
            f"All {overall['count']}: median {overall['median']:.0f} ms, p95 {overall['p95']:.0f}, max {overall['max']:.0f}; "
            f"{daily['within_target']} within {DAILY_TARGET_MS:.0f} ms",
        ]
    )


# -- klondike ---------------------------------------------------------------------


def chunks(deals: list[int], size: int) -> list[list[int]]:
    return [deals[start : start + size] for start in range(0, len(deals), size)]


def verdict_of(row: dict[str, Any]) -> tuple[str, int, int]:
    return row["status"], row["nodes"], row["moves"]


def measure_klondike_draw(pyodide: Pyodide, cpython: CPython, draw: str, deals: int, budget: int, chunk: int) -> dict[str, Any]:
    runs: dict[str, list[dict[str, Any]]] = {"pyodide": [], "cpython": []}
    disagreements = []
    for part in chunks(list(range(1, deals + 1)), chunk):
        mine = pyodide.call("klondike", draw=draw, deals=part, budget=budget)
        theirs = cpython.call("klondike", draw=draw, deals=part, budget=budget)
        for a, b in zip(mine, theirs):
            if verdict_of(a) != verdict_of(b):
                disagreements.append({"deal": a["deal"], "pyodide": verdict_of(a), "cpython": verdict_of(b)})
                progress(f"  !!! DISAGREEMENT draw {draw} deal {a['deal']}: Pyodide {verdict_of(a)} CPython {verdict_of(b)}")
        runs["pyodide"] += mine
        runs["cpython"] += theirs
        progress(
            f"  klondike draw {draw}: deals {part[0]}-{part[-1]} done; so far Pyodide "
            f"{sum(times(runs['pyodide'])) / 1000:.1f} s, CPython {sum(times(runs['cpython'])) / 1000:.1f} s"
        )
    statuses = [row["status"] for row in runs["cpython"]]
    return {
        "draw": draw,
        "runs": runs,
        "disagreements": disagreements,
        "statuses": {status: statuses.count(status) for status in ("winnable", "unwinnable", "unknown")},
        "pyodide": figures(times(runs["pyodide"])),
        "cpython": figures(times(runs["cpython"])),
        "total_s": {name: sum(times(rows)) / 1000 for name, rows in runs.items()},
    }


def measure_klondike(pyodide: Pyodide, cpython: CPython, deals: int, budget: int, chunk: int) -> dict[str, Any]:
    return {
        "deals": deals,
        "budget": budget,
        "draws": [measure_klondike_draw(pyodide, cpython, draw, deals, budget, chunk) for draw in DRAWS],
    }


def report_klondike(klondike: dict[str, Any]) -> str:
    rows = []
    lines = []
    for entry in klondike["draws"]:
        py, c = entry["pyodide"], entry["cpython"]
        counts = entry["statuses"]
        rows.append(
            [
                f"draw {entry['draw']}",
                f"{py['median']:.1f}",
                f"{py['p95']:.0f}",
                f"{py['max']:.0f}",
                f"{c['median']:.1f}",
                f"{c['p95']:.0f}",
                f"{ratio(py['median'], c['median']):.2f}",
                f"{ratio(entry['total_s']['pyodide'], entry['total_s']['cpython']):.2f}",
                f"{counts['winnable']}/{counts['unwinnable']}/{counts['unknown']}",
                "yes" if not entry["disagreements"] else f"NO ({len(entry['disagreements'])})",
            ]
        )
        for wrong in entry["disagreements"]:
            lines.append(
                f"!!! DISAGREEMENT draw {entry['draw']} deal {wrong['deal']}: "
                f"Pyodide {wrong['pyodide']}, CPython {wrong['cpython']} (status, nodes, moves)"
            )
    return "\n".join(
        [
            f"Klondike solver: deals 1..{klondike['deals']}, budget {klondike['budget']} nodes, ms per deal",
            table(rows, ["", "Pyodide med", "p95", "max", "CPython med", "p95", "ratio med", "ratio total", "win/unwin/unknown", "agree"]),
            *lines,
        ]
    )


# -- the review of lost games ---------------------------------------------------------

# One variant of each game whose losing moves the solver proves cheaply enough to make 100
# lost games (solver_work.lost_games): Klondike with Vegas passes (a draw can lose; with
# unlimited passes few moves are proven lost within the budget), Spider with one suit.
# Double Klondike is left out: no move of a winning line was proven lost within the budget.
REVIEW_OPTIONS = {"klondike": {"draw": "3", "scoring": "vegas"}, "spider": {"suits": "1"}}
REVIEW_LEFT_OUT = {"double-klondike"}
REVIEW_SETS = [(game, REVIEW_OPTIONS.get(game, {})) for game in GAMES if game not in REVIEW_LEFT_OUT]
REVIEW_MOVES_AFTER = 12  # random moves a lost game plays after its losing move
REVIEW_MAX_DEALS = 1_500  # deals 1..this at most, to make the lost games of a variant
REVIEW_DEAL_CHUNK = 10  # deals per call to make lost games
REVIEW_MAKE_SECONDS = 1_500  # at most about this long to make a variant's lost games
REVIEW_CHUNK = 2  # games per call into the page (a review may take seconds)


def review_key(row: dict[str, Any]) -> tuple[Any, ...]:
    return row["outcome"], row["searched"], row["nodes"], row["positions"]


def make_lost_games(cpython: CPython, games: int, store: Path | None) -> dict[str, dict[str, Any]]:
    """Each variant's lost games and the deals they came from, made in CPython, two variants
    at a time (``store``, a JSON file, keeps them between runs: making them takes longer
    than reviewing them)."""
    made: dict[str, dict[str, Any]] = json.loads(store.read_text()) if store and store.exists() else {}

    def make(game: str, options: dict[str, str]) -> dict[str, Any]:
        lost: list[dict[str, Any]] = []
        deals = 0
        began = time.monotonic()
        while len(lost) < games and deals < REVIEW_MAX_DEALS and time.monotonic() - began < REVIEW_MAKE_SECONDS:
            part = list(range(deals + 1, deals + REVIEW_DEAL_CHUNK + 1))
            lost += cpython.call("lost_games", game=game, options=options, deals=part, moves_after=REVIEW_MOVES_AFTER)
            deals += len(part)
        progress(f"  review {label(game, options)}: {len(lost[:games])} lost games from deals 1..{deals}")
        return {"deals": deals, "games": lost[:games], "wanted": games}

    # A variant is made again only if a run asks for more games than it was made for.
    def enough(name: str) -> bool:
        return name in made and max(len(made[name]["games"]), made[name].get("wanted", 0)) >= games

    wanted = [(game, options) for game, options in REVIEW_SETS if not enough(label(game, options))]
    with ThreadPoolExecutor(max_workers=2) as pool:  # each call is a CPython process of its own
        for (game, options), result in zip(wanted, pool.map(lambda pair: make(*pair), wanted)):
            made[label(game, options)] = result
            if store:
                store.write_text(json.dumps(made))
    return made


def measure_review(pyodide: Pyodide, cpython: CPython, games: int, store: Path | None) -> dict[str, Any]:
    made = make_lost_games(cpython, games, store)
    sets = []
    for game, options in REVIEW_SETS:
        deals, lost = made[label(game, options)]["deals"], made[label(game, options)]["games"][:games]
        pyodide.call("warm_up", game=game, options=options)
        runs: dict[str, list[dict[str, Any]]] = {"pyodide": [], "cpython": []}
        for start in range(0, len(lost), REVIEW_CHUNK):
            part_games = lost[start : start + REVIEW_CHUNK]
            runs["pyodide"] += pyodide.call("review", game=game, options=options, games=part_games)
            runs["cpython"] += cpython.call("review", game=game, options=options, games=part_games)
        if not lost:
            continue
        outcomes = [row["outcome"] for row in runs["pyodide"]]
        sets.append(
            {
                "game": game,
                "options": options,
                "runs": runs,
                "deals": deals,
                "reviewed": len(lost),
                "pyodide": figures(times(runs["pyodide"])),
                "cpython": figures(times(runs["cpython"])),
                "positions": statistics.median(row["positions"] for row in runs["pyodide"]),
                "searched": statistics.median(row["searched"] for row in runs["pyodide"]),
                "outcomes": {outcome: outcomes.count(outcome) for outcome in sorted(set(outcomes))},
                "agree": [review_key(row) for row in runs["pyodide"]] == [review_key(row) for row in runs["cpython"]],
            }
        )
        progress(f"  review {label(game, options)}: median {sets[-1]['pyodide']['median']:.0f} ms, {sets[-1]['outcomes']}")
    return {"games": games, "moves_after": REVIEW_MOVES_AFTER, "sets": sets}


def report_review(review: dict[str, Any]) -> str:
    rows = [
        [
            label(entry["game"], entry["options"]),
            f"{entry['reviewed']} of 1..{entry['deals']}",
            f"{entry['positions']:.0f}",
            f"{entry['pyodide']['median']:.0f}",
            f"{entry['pyodide']['p95']:.0f}",
            f"{entry['pyodide']['max']:.0f}",
            f"{entry['cpython']['median']:.0f}",
            f"{entry['searched']:.0f}",
            ", ".join(f"{outcome} {count}" for outcome, count in entry["outcomes"].items()),
            "yes" if entry["agree"] else "NO",
        ]
        for entry in review["sets"]
    ]
    return "\n".join(
        [
            f"Review of games lost at a known move ({review['moves_after']} random moves after it), ms to the findings",
            table(
                rows, ["", "games (deals)", "positions med", "Pyodide med", "p95", "max", "CPython med", "searched med", "found", "agree"]
            ),
        ]
    )


# -- run --------------------------------------------------------------------------


PARTS = ("daily", "slices", "timed", "klondike", "review")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=PARTS, help="run one part only (default: all)")
    parser.add_argument("--deals", type=int, default=100, help="Klondike deals 1..N per draw (default 100)")
    parser.add_argument("--budget", type=int, default=150_000, help="Klondike node budget per deal (default 150000)")
    parser.add_argument("--chunk", type=int, default=5, help="Klondike deals per call into the page (default 5)")
    parser.add_argument("--games", type=int, default=100, help="lost games reviewed per variant (default 100)")
    parser.add_argument("--lost-games", type=Path, help="a JSON file that keeps the lost games made for the review between runs")
    parser.add_argument("--first-date", default=FIRST_DATE, help=f"the daily parts' first date (default {FIRST_DATE})")
    parser.add_argument("--dates", type=int, default=DATE_COUNT, help=f"the daily parts' dates (default {DATE_COUNT})")
    parser.add_argument("--in-place", action="store_true", help="serve the repository itself, not a snapshot")
    parser.add_argument(
        "--game",
        action="append",
        choices=list(GAMES),
        help="only these games (repeatable; default: every game); deals 1-5 for the slices of a game SLICE_GAMES lacks",
    )
    parser.add_argument("--json", type=Path, help="default: bench-results/browser-solvers-DATE.json")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.budget < 1 or args.chunk < 1 or args.games < 1:
        parser.error("--deals, --budget, --chunk and --games must be positive")
    return args


def run(args: argparse.Namespace, site: Path, wheel_files: Path) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright
    from serve import serve_in_background

    parts = [args.only] if args.only else list(PARTS)
    if args.game:
        only_games(args.game)
    dates = dates_from(args.first_date, args.dates)
    base_url, server = serve_in_background(site)
    started = time.monotonic()
    cpython = CPython(site, wheel_files)
    try:
        with sync_playwright() as playwright:
            pyodide = Pyodide(playwright, base_url + PAGE)
            try:
                results: dict[str, Any] = {
                    "environment": {
                        **environment(pyodide.version, site),
                        "python_pyodide": pyodide.call("version"),
                        "python_cpython": cpython.call("version"),
                        "wheel_differs_from_py": stale_files(served_wheel(site)),
                    },
                    "options": {name: str(value) if isinstance(value, Path) else value for name, value in vars(args).items()},
                }
                if "daily" in parts:
                    progress(f"Daily deals: {len(DAILY_OPTION_SETS)} option sets x {len(dates)} dates")
                    results["daily"] = measure_daily(pyodide, cpython, dates)
                if "slices" in parts:
                    progress(f"Analysis slices: {len(SLICE_GAMES)} games x N in {SLICE_NODES}")
                    results["slices"] = measure_slices(pyodide, cpython)
                if "timed" in parts:
                    progress(f"Timed slices: {len(SLICE_GAMES)} games' analysis, {len(DAILY_OPTION_SETS)} x {len(dates)} dailies")
                    results["timed"] = measure_timed(pyodide, dates)
                if "klondike" in parts:
                    progress(f"Klondike solver: deals 1..{args.deals}, draw 1 and 3, budget {args.budget}")
                    results["klondike"] = measure_klondike(pyodide, cpython, args.deals, args.budget, args.chunk)
                if "review" in parts:
                    progress(f"Review: {args.games} lost games of each of {len(REVIEW_SETS)} games")
                    results["review"] = measure_review(pyodide, cpython, args.games, args.lost_games)
            finally:
                pyodide.close()
    finally:
        server.shutdown()
        server.server_close()
    results["seconds"] = round(time.monotonic() - started, 1)
    return results


def print_report(results: dict[str, Any]) -> None:
    env = results["environment"]
    print(
        f"\nSolvers in the browser {env['date']}, commit {env['commit']}{' (modified)' if env['dirty'] else ''}; "
        f"{env['chromium']}; Pyodide {env['pyodide']} (Python {env['python_pyodide']['python']}) vs CPython "
        f"{env['python_cpython']['python']}; {env['machine']}"
    )
    if env["wheel_differs_from_py"]:
        print(
            f"Note: the built wheel differs from py/ in {', '.join(env['wheel_differs_from_py'])}: "
            "both interpreters ran the wheel's code (./build.sh to measure py/ as it is now)"
        )
    parts = (
        ("daily", report_daily),
        ("slices", report_slices),
        ("timed", report_timed),
        ("klondike", report_klondike),
        ("review", report_review),
    )
    for part, report in parts:
        if part in results:
            print("\n" + report(results[part]))
    print()


def timed_dailies_differ(results: dict[str, Any]) -> bool:
    """The sliced search found other deals than daily() (when both parts ran): slicing must not matter."""
    if "daily" not in results or "timed" not in results:
        return False
    pairs = zip(results["daily"]["sets"], results["timed"]["daily"]["sets"])
    return any([row["deal"] for row in whole["runs"]["pyodide"]] != [run["deal"] for run in sliced["runs"]] for whole, sliced in pairs)


def disagree(results: dict[str, Any]) -> bool:
    daily = any(not entry["agree"] for entry in results.get("daily", {}).get("sets", []))
    klondike = any(entry["disagreements"] for entry in results.get("klondike", {}).get("draws", []))
    review = any(not entry["agree"] for entry in results.get("review", {}).get("sets", []))
    return daily or klondike or review or timed_dailies_differ(results)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    json_path = args.json or ROOT / "bench-results" / f"browser-solvers-{time.strftime('%Y%m%d-%H%M%S')}.json"
    with tempfile.TemporaryDirectory(prefix="solitaire-bench-solvers-") as folder:
        site = ROOT if args.in_place else snapshot_site(Path(folder) / "site")
        if not (site / "static" / "pyodide" / "pyodide-lock.json").exists():
            progress("bench_browser_solvers.py: the site is not built: run ./build.sh first")
            return 1
        wheel_files = Path(folder) / "wheel"
        with zipfile.ZipFile(served_wheel(site)) as archive:
            archive.extractall(wheel_files)
        results = run(args, site, wheel_files)
    print_report(results)
    json_path.parent.mkdir(parents=True, exist_ok=True)
    json_path.write_text(json.dumps(results, indent=1) + "\n")
    shown = json_path.resolve().relative_to(ROOT) if json_path.resolve().is_relative_to(ROOT) else json_path
    print(f"Results: {shown} (run took {results['seconds']:.0f} s)")
    if disagree(results):
        print(
            "!!! Pyodide and CPython DISAGREE on some results, or the sliced daily search found other deals "
            "than daily(): the searches are node-bounded, so this is a bug",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
