"""Publish the daily deals: extend the table of which candidate each date's daily took.

    .venv/bin/python tools/publish_dailies.py [--through 2027-12] [--only GAME] [--jobs 2]
    .venv/bin/python tools/publish_dailies.py --check [--only GAME] [--jobs 2]

A date's daily is the first of its candidates that the solver proves winnable
(``solitaire.daily``). A solver that gets stronger could prove an earlier candidate and so
move the deal of a date that players have played, or that a copy of the site cached offline
shows; so the candidate each date took is published, in ``py/solitaire/dailies/GAME.py``,
and the page and the command line take it from there.

Without --check: every month from FIRST_MONTH through --through that a variant's table
lacks is searched (``daily(..., search_all=True)``, in a pool of --jobs processes) and
appended; the lines there are never changed, so run it with the solvers the dates
came out with, before a solver changes. With --check: every published date's candidate
is proven again by today's solvers, and the dates it does not prove are listed (exit
status 1 if any).
"""

from __future__ import annotations

import argparse
import datetime
import multiprocessing
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py")]

from solitaire.daily import daily, daily_variants, days_in_month, parse_table, table_module, variant_name  # noqa: E402
from solitaire.registry import GAMES  # noqa: E402

TABLES = ROOT / "py" / "solitaire" / "dailies"
FIRST_MONTH = "2026-01"  # the dailies' first month
HEADER = '''"""The candidate each date's {game} daily took (see solitaire/daily.py): one line a
month and variant, "YYYY-MM|variant|candidate of day 1, day 2, ...". Written by
tools/publish_dailies.py, which only ever adds lines: a date's deal, once out, stays."""

TABLE = """
'''

Job = tuple[str, dict[str, str], str]


def months(first: str, last: str) -> list[str]:
    """The months from ``first`` through ``last``, as "YYYY-MM"."""
    year, month = int(first[:4]), int(first[5:])
    found = []
    while f"{year:04d}-{month:02d}" <= last:
        found.append(f"{year:04d}-{month:02d}")
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return found


def dates_of(month: str) -> list[str]:
    return [f"{month}-{day:02d}" for day in range(1, days_in_month(month) + 1)]


def read_table(game: str) -> dict[tuple[str, str], list[int]]:
    """The game's published table as the module on disk has it (not as imported: this run
    may have written it)."""
    path = TABLES / f"{table_module(game)}.py"
    if not path.exists():
        return {}
    namespace: dict[str, object] = {}
    exec(path.read_text(encoding="utf-8"), namespace)
    table = namespace["TABLE"]
    assert isinstance(table, str)
    return parse_table(table)


def write_table(game: str, table: dict[tuple[str, str], list[int]]) -> None:
    lines = [f"{month}|{variant}|{' '.join(map(str, indices))}" for (variant, month), indices in sorted(table.items())]
    TABLES.mkdir(exist_ok=True)
    if not (TABLES / "__init__.py").exists():
        (TABLES / "__init__.py").write_text('"""The published tables of the daily deals, a module a game (see solitaire/daily.py)."""\n')
    (TABLES / f"{table_module(game)}.py").write_text(HEADER.format(game=game) + "\n".join(lines) + '\n"""\n', encoding="utf-8")


def searched(job: Job) -> tuple[Job, int]:
    game, options, date = job
    return job, daily(game, options, date, search_all=True).index


def proven(job: Job) -> tuple[Job, bool]:
    game, options, date = job
    return job, daily(game, options, date).verdict is not None


def extend(games: list[str], through: str, jobs: int) -> None:
    for game in games:
        table = read_table(game)
        missing = [
            (options, month)
            for options in daily_variants(game)
            for month in months(FIRST_MONTH, through)
            if len(table.get((variant_name(game, options), month), [])) != days_in_month(month)
        ]
        work: list[Job] = [(game, options, date) for options, month in missing for date in dates_of(month)]
        if not work:
            print(f"{game}: published through {through}")
            continue
        began = time.perf_counter()
        found: dict[tuple[str, str], int] = {}
        with multiprocessing.Pool(jobs) as pool:
            for (_, options, date), index in pool.imap_unordered(searched, work, chunksize=4):
                found[(variant_name(game, options), date)] = index
        for options, month in missing:
            variant = variant_name(game, options)
            indices = [found[(variant, date)] for date in dates_of(month)]
            old = table.get((variant, month), [])
            if indices[: len(old)] != old:
                raise SystemExit(f"{game} {variant} {month}: today's search moves a published date's deal; not written")
            table[(variant, month)] = indices
        write_table(game, table)
        print(f"{game}: {len(work)} dates searched in {time.perf_counter() - began:.0f} s, published through {through}")


def check(games: list[str], jobs: int) -> int:
    work: list[Job] = []
    for game in games:
        table = read_table(game)
        for options in daily_variants(game):
            variant = variant_name(game, options)
            work += [
                (game, options, date)
                for (name, month), indices in sorted(table.items())
                if name == variant
                for date in dates_of(month)[: len(indices)]
            ]
    with multiprocessing.Pool(jobs) as pool:
        unproven = sorted(
            f"{game} {variant_name(game, options)} {date}" for (game, options, date), ok in pool.imap_unordered(proven, work, 4) if not ok
        )
    print(f"{len(work)} published dailies proven again, {len(unproven)} not")
    for line in unproven:
        print("  not proven:", line)
    return 1 if unproven else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--through", default="2027-12", help="the last month to publish (default 2027-12)")
    parser.add_argument("--only", choices=list(GAMES), help="only this game")
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--check", action="store_true", help="prove every published date again instead")
    args = parser.parse_args()
    try:
        datetime.date.fromisoformat(args.through + "-01")
    except ValueError:
        parser.error(f"--through {args.through!r} is not a month written YYYY-MM")
    games = [args.only] if args.only else list(GAMES)
    if args.check:
        sys.exit(check(games, args.jobs))
    extend(games, args.through, args.jobs)


if __name__ == "__main__":
    main()
