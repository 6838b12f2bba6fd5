"""The command line contract of DESIGN.md, run as a real process."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from solitaire.daily import daily
from solitaire.registry import GAMES, make_rules, option_specs

ROOT = Path(__file__).resolve().parent.parent


def run(*arguments: str, python: str = sys.executable) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    return subprocess.run([python, "-m", "solitaire", *arguments], capture_output=True, text=True, env=env, check=False)


def test_deal_prints_the_layout() -> None:
    result = run("deal", "klondike", "1")
    assert result.returncode == 0
    assert "tableau-7: [JD] [3C] [4H] [KC] [TS] [TD] 8S" in result.stdout


def test_daily_prints_that_dates_deal() -> None:
    result = run("daily", "klondike", "2026-11-29", "--draw", "3")
    assert result.returncode == 0 and "daily deal of 2026-11-29" in result.stdout
    number = re.search(r": deal (\d+)", result.stdout)[1]  # type: ignore[index]
    assert run("deal", "klondike", number).stdout == result.stdout.split("\n", 1)[1]


@pytest.mark.parametrize(
    "arguments",
    [
        ["deal", "chess", "1"],
        ["deal", "klondike", "0"],
        ["deal", "klondike", "2147483648"],
        ["deal", "klondike", "abc"],
        ["deal", "klondike", "-5"],
        ["daily", "klondike", "2026-02-30"],
        ["daily", "klondike", "tomorrow"],
        ["deal", "klondike", "1", "--draw", "2"],
        ["deal", "klondike", "1", "--draw"],
        ["deal", "klondike", "1", "--colour", "red"],
        ["shuffle", "klondike", "1"],
        [],
        # Digits that are not ASCII, digit strings past int()'s limit, dates that are not YYYY-MM-DD:
        # each crashed with a traceback or was read as a deal (the audit of issue 17).
        ["deal", "klondike", "²"],
        ["deal", "freecell", "²"],
        ["deal", "freecell", "١٢"],
        ["deal", "klondike", "9" * 5000],
        ["solve", "pyramid", "1", "--budget", "²"],
        ["solve", "pyramid", "1", "--budget", "9" * 5000],
        ["solve", "klondike", "²"],
        ["daily", "klondike", "2026-W01-1"],
        ["daily", "klondike", "20261201"],
        ["daily", "klondike", "２０２６-１２-０１"],
    ],
)
def test_bad_arguments_exit_2_with_one_line(arguments: list[str]) -> None:
    result = run(*arguments)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: ")


@pytest.mark.parametrize("version", ["3.11", "3.12", "3.13"])
def test_every_python_deals_the_same_cards(version: str) -> None:
    """The deals must not depend on the Python version (Pyodide is checked by a browser test)."""
    python = shutil.which(f"python{version}")
    if python is None:
        pytest.skip(f"python{version} is not installed")
    env_version = {"3.11": "3.11.7", "3.12": "3.12.1", "3.13": "3.13.0"}[version]
    os.environ.setdefault("PYENV_VERSION", env_version)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py"), "PYENV_VERSION": env_version}
    result = subprocess.run([python, "-m", "solitaire", "deal", "klondike", "617"], capture_output=True, text=True, env=env, check=False)
    if result.returncode != 0 and "pyenv" in result.stderr:
        pytest.skip(result.stderr.strip())
    assert result.stdout == run("deal", "klondike", "617").stdout


def test_freecell_deal_prints_freecell_solver_board_format() -> None:
    from test_freecell import GOLDEN_DEAL_617

    result = run("deal", "freecell", "617")
    assert result.returncode == 0 and result.stdout == GOLDEN_DEAL_617 + "\n"


def option_sets() -> list[tuple[str, dict[str, str]]]:
    """Every game at its defaults, and each game with options with every option at its last value."""
    sets: list[tuple[str, dict[str, str]]] = [(game, {}) for game in GAMES]
    sets += [(game, {spec.name: spec.choices[-1] for spec in option_specs(game)}) for game in GAMES if option_specs(game)]
    return sets


@pytest.mark.parametrize(
    ("game", "options"), option_sets(), ids=lambda value: value if isinstance(value, str) else "-".join(value.values())
)
def test_every_game_deals_and_has_a_proven_daily(game: str, options: dict[str, str]) -> None:
    flags = [word for name, value in options.items() for word in (f"--{name}", value)]
    rules = make_rules(game, options)
    result = run("deal", game, "7", *flags)
    assert result.returncode == 0 and result.stdout == rules.text_layout(rules.deal(7)) + "\n"
    result = run("daily", game, "2026-11-29", *flags)
    assert result.returncode == 0
    header, layout = result.stdout.split("\n", 1)
    day = daily(game, rules.options, "2026-11-29")
    assert header.startswith(f"# {game} daily deal of 2026-11-29: deal {day.deal} (proven winnable, ")
    assert layout == rules.text_layout(rules.deal(day.deal)) + "\n"
