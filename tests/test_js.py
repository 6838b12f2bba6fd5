"""The page's pure JavaScript (addresses, card matching, keyboard navigation), run in Node with
``node --test`` (tests/js/page.test.mjs): milliseconds, no browser."""

from __future__ import annotations

from conftest import run_node_tests


def test_the_pages_pure_functions() -> None:
    run_node_tests("page.test.mjs", passes=5)
