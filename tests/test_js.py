"""The page's pure JavaScript (addresses, card matching, keyboard navigation; the sentences
said after a turn; counting and checking the statistics; the kept games' records and their
check; what the bar says), run in Node with ``node --test`` (tests/js/page.test.mjs,
announce.test.mjs, stats.test.mjs, saves.test.mjs, bar.test.mjs) on the real bridge's views:
milliseconds, no browser."""

from __future__ import annotations

from conftest import run_node_tests


def test_the_pages_pure_functions() -> None:
    run_node_tests("page.test.mjs", passes=5)


def test_what_the_page_says_after_a_turn() -> None:
    run_node_tests("announce.test.mjs", passes=13)


def test_the_statistics() -> None:
    run_node_tests("stats.test.mjs", passes=7)


def test_the_kept_games_records() -> None:
    run_node_tests("saves.test.mjs", passes=5)


def test_what_the_bar_says() -> None:
    run_node_tests("bar.test.mjs", passes=5)
