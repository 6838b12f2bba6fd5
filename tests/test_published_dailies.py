"""A date's daily deal, once out, stays: a solver that gets stronger must not prove an earlier
candidate winnable and so change the deal of a date players may have played, or one that a
copy of the site still cached shows (tests/golden/dailies.json: every option set with dailies
of its own, 2026-12-01..07, written when the games came; to renew only on purpose, with
SOLITAIRE_UPDATE_GOLDEN=1 and without -n)."""

from __future__ import annotations

import json
import os

import pytest
from conftest import ROOT
from solitaire.daily import daily, daily_variants
from solitaire.registry import GAMES

GOLDEN = ROOT / "tests" / "golden" / "dailies.json"
DATES = [f"2026-12-{day:02d}" for day in range(1, 8)]
VARIANTS = [(game, options) for game in GAMES for options in daily_variants(game)]


def name(game: str, options: dict[str, str]) -> str:
    return game + "".join(f" {key}={value}" for key, value in sorted(options.items()))


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=[name(*variant) for variant in VARIANTS])
def test_the_dailies_out_stay_the_same(game: str, options: dict[str, str]) -> None:
    found = {date: daily(game, options, date).deal for date in DATES}
    golden = json.loads(GOLDEN.read_text())
    if os.environ.get("SOLITAIRE_UPDATE_GOLDEN"):
        golden[name(game, options)] = found
        GOLDEN.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n")
    assert found == golden[name(game, options)]
