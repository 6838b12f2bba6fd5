"""Difficulty ratings: every variant with a solver has its own figures, and more effort never rates easier."""

from __future__ import annotations

import pytest
from solitaire.difficulty import RATINGS, rating
from solitaire.game import Move
from solitaire.registry import GAMES, option_specs
from solitaire.solver import Verdict


def variants() -> list[tuple[str, dict[str, str]]]:
    found = []
    for game, info in GAMES.items():
        name = info.variant_option
        values = [spec.choices for spec in option_specs(game) if spec.name == name]
        found += [(game, {name: value}) for value in values[0]] if name else [(game, {})]
    return found


@pytest.mark.parametrize(("game", "options"), variants(), ids=lambda value: str(value))
def test_every_solved_variant_has_its_figures(game: str, options: dict[str, str]) -> None:
    info = GAMES[game]
    value = options.get(info.variant_option, "") if info.variant_option else ""
    assert value in info.typical_nodes and value in info.long_line, (game, options)


def line(length: int) -> tuple[Move, ...]:
    return tuple(Move("tableau-1", "tableau-2") for _ in range(length))


@pytest.mark.parametrize(
    ("nodes", "length", "expected"),
    [
        (100, 10, "easy"),
        (1_000, 10, "medium"),
        (10_000, 10, "hard"),
        (100_000, 10, "expert"),
        (100, 500, "medium"),
        (100_000, 500, "expert"),
    ],
)
def test_spider_four_suits_is_rated_against_its_own_effort(nodes: int, length: int, expected: str) -> None:
    # A 4-suit deal that takes 1000 nodes is easy for 4 suits, though hard for one suit.
    four = Verdict("winnable", line(length), nodes * 20)
    assert rating("spider", {"suits": "4"}, four) == expected
    assert rating("spider", {"suits": "1"}, Verdict("winnable", line(10), 20_000)) == "expert"


def test_more_effort_never_rates_easier() -> None:
    ranks = [RATINGS.index(rating("klondike", {"draw": "3"}, Verdict("winnable", line(100), n)) or "") for n in range(1, 50_000, 97)]
    assert ranks == sorted(ranks)


@pytest.mark.parametrize("status", ["unwinnable", "unknown"])
def test_only_proven_deals_are_rated(status: str) -> None:
    assert rating("freecell", {}, Verdict(status, (), 10)) is None  # type: ignore[arg-type]
