"""Honest help: "Winnable?" is shown when asked for and the game then counts as assisted, both
"Winnable?" and the difficulty can be hidden, and New can deal only deals the solver proves
winnable. (A game won with a hint in the statistics: test_browser_saves.py.)"""

from __future__ import annotations

import re
import subprocess
import sys
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from conftest import ROOT
from page_helpers import open_page, settled
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_winnable_is_shown_when_asked_and_the_game_is_then_assisted(page: Any, site_url: str) -> None:
    open_page(page, site_url + "?game=klondike&deal=4")
    expect(page.locator("#check-winnable")).to_be_visible()
    expect(page.locator("#winnable")).to_be_hidden()  # nothing said before the player asks
    expect(page.locator("#deal-label")).not_to_contain_text("assisted")
    page.locator("#check-winnable").click()
    expect(page.locator("#winnable")).to_be_visible()
    expect(page.locator("#winnable")).to_have_text(re.compile("^(Yes|No|Unknown|Checking…( [0-9]+%)?)$"))
    expect(page.locator("#check-winnable")).to_be_hidden()
    expect(page.locator("#deal-label")).to_contain_text("assisted")
    page.reload()  # the mark is kept with the game
    page.wait_for_selector("html[data-ready=true]", state="attached")
    expect(page.locator("#deal-label")).to_contain_text("assisted")
    expect(page.locator("#winnable")).to_be_visible()


def test_winnable_and_the_difficulty_can_be_hidden(page: Any, site_url: str) -> None:
    open_page(page, site_url + "?game=tripeaks&daily=2026-11-29")
    expect(page.locator("#deal-label")).to_have_text(re.compile(r"· (easy|medium|hard|expert)$"))
    page.locator("#open-settings").click()
    page.locator("input[name=hideWinnable]").check()
    page.locator("input[name=hideDifficulty]").check()
    page.locator("#apply-settings").click()
    expect(page.locator("#winnable-stat")).to_be_hidden()
    expect(page.locator("#deal-label")).to_have_text("Daily 2026-11-29")


def test_winnable_deals_only_deals_a_deal_the_solver_proves(page: Any, site_url: str) -> None:
    open_page(page, site_url + "?game=klondike&deal=1&draw=3")
    page.locator("#open-settings").click()
    page.locator("input[name=winnableOnly]").check()
    page.locator("#apply-settings").click()
    for _ in range(2):
        page.locator("#new-game").click()  # no move made: nothing to give up, no question
        expect(page.locator("#deal-label")).not_to_have_text(re.compile(r"^#1\b"))
        settled(page)
        deal = parse_qs(urlparse(page.url).query)["deal"][0]
        assert parse_qs(urlparse(page.url).query)["draw"] == ["3"]
        solved = subprocess.run(
            [sys.executable, "-m", "solitaire", "solve", "klondike", deal, "--draw", "3"],
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONPATH": str(ROOT / "py")},
        )
        assert solved.stdout.splitlines()[0] == "winnable", deal
        expect(page.locator("#deal-label")).to_contain_text(re.compile(r"· (easy|medium|hard|expert)$"))  # proven: rated at once
        page.goto(site_url + "?game=klondike&deal=1&draw=3")
        page.wait_for_selector("html[data-ready=true]", state="attached")
    page.locator("#open-settings").click()
    expect(page.locator("input[name=winnableOnly]")).to_be_checked()  # remembered for Klondike
