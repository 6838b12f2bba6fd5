"""A date's daily deal, once out, stays: a solver that gets stronger must not prove an earlier
candidate winnable and so change the deal of a date players may have played, or one that a
copy of the site still cached shows. The candidate each date took is published
(py/solitaire/dailies/, tools/publish_dailies.py); tests/golden/dailies.json pins the deals of
every option set with dailies of its own on 2026-12-01..07, written when the games came (to
renew only on purpose, with SOLITAIRE_UPDATE_GOLDEN=1 and without -n)."""

from __future__ import annotations

import json
import os

import pytest
from conftest import ROOT
from solitaire import daily as daily_module
from solitaire.daily import (
    MAX_CANDIDATES,
    candidate,
    daily,
    daily_variants,
    days_in_month,
    parse_table,
    published_candidate,
    published_table,
    variant_name,
)
from solitaire.registry import GAMES

GOLDEN = ROOT / "tests" / "golden" / "dailies.json"
DATES = [f"2026-12-{day:02d}" for day in range(1, 8)]
VARIANTS = [(game, options) for game in GAMES for options in daily_variants(game)]
# The months every table covers: the dailies' first, through the last one published.
PUBLISHED_MONTHS = [f"{year}-{month:02d}" for year in (2026, 2027) for month in range(1, 13)]


def name(game: str, options: dict[str, str]) -> str:
    return game + "".join(f" {key}={value}" for key, value in sorted(options.items()))


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=[name(*variant) for variant in VARIANTS])
def test_the_dailies_out_stay_the_same_and_are_proven(game: str, options: dict[str, str]) -> None:
    days = {date: daily(game, options, date) for date in DATES}
    found = {date: day.deal for date, day in days.items()}
    golden = json.loads(GOLDEN.read_text())
    if os.environ.get("SOLITAIRE_UPDATE_GOLDEN"):
        golden[name(game, options)] = found
        GOLDEN.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n")
    assert found == golden[name(game, options)]
    # Today's solver proves the published candidates (tools/publish_dailies.py --check, every date).
    assert all(day.verdict is not None and day.verdict.status == "winnable" for day in days.values())


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=[name(*variant) for variant in VARIANTS])
def test_every_date_through_2027_is_published(game: str, options: dict[str, str]) -> None:
    table = published_table(game)
    for month in PUBLISHED_MONTHS:
        indices = table.get((variant_name(game, options), month))
        assert indices is not None and len(indices) == days_in_month(month), (game, options, month)
    assert published_candidate(game, options, "2027-12-31") is not None
    assert published_candidate(game, options, "2028-01-01") is None
    assert published_candidate(game, options, "2025-12-31") is None


def test_a_published_candidate_is_the_deal_though_an_earlier_one_would_be_proven(monkeypatch: pytest.MonkeyPatch) -> None:
    date = "2026-11-29"
    searched = daily("pyramid", {}, date, search_all=True)
    proven_later = next(
        index
        for index in range(searched.index + 1, MAX_CANDIDATES)
        if daily("pyramid", {}, date, known=index, search_all=True).index == index
    )
    table = {("", "2026-11"): [0] * 28 + [proven_later, 0]}
    monkeypatch.setattr(daily_module, "published_table", lambda game: table if game == "pyramid" else {})
    day = daily("pyramid", {}, date, known=searched.index)  # what the page remembers does not count
    assert (day.index, day.deal) == (proven_later, candidate("pyramid", {}, date, proven_later))
    assert day.verdict is not None and day.verdict.status == "winnable"
    assert daily("pyramid", {}, date, search_all=True) == searched


def test_a_published_candidate_stays_the_deal_when_not_proven_now(monkeypatch: pytest.MonkeyPatch) -> None:
    date = "2026-11-30"
    assert daily("pyramid", {}, date, search_all=True).index == 2  # candidates 0 and 1 are not proven
    table = {("", "2026-11"): [1] * 30}
    monkeypatch.setattr(daily_module, "published_table", lambda game: table)
    day = daily("pyramid", {}, date)
    assert (day.index, day.deal, day.verdict) == (1, candidate("pyramid", {}, date, 1), None)


@pytest.mark.parametrize(
    "text",
    [
        "2026-01|draw=1|0 1 x",
        "2026-1|draw=1|0 1",
        "2026-02|draw=1|" + " ".join(["0"] * 29),  # 2026 is no leap year
        "2026-02|draw=1|",
        f"2026-02|draw=1|0 {MAX_CANDIDATES}",
        "2026-02|draw=1",
    ],
)
def test_a_table_line_of_another_form_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="not YYYY-MM"):
        parse_table("# a comment\n" + text)


def test_a_table_reads_per_variant_and_month() -> None:
    table = parse_table("# made by hand\n\n2028-02|draw=3|" + " ".join(["1"] * 28 + ["7"]) + "\n2028-03||4\n")
    assert table == {("draw=3", "2028-02"): [1] * 28 + [7], ("", "2028-03"): [4]}
