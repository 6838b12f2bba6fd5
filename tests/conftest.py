"""Shared fixtures: import paths, and the built site in real Chromium for browser tests."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
# The engine lives in py/, the helpers of the tests beside them, the static server in tools/.
sys.path[:0] = [str(ROOT / "py"), str(Path(__file__).resolve().parent), str(ROOT / "tools")]

from browsers import CHROMIUM_FLAGS  # noqa: E402 - found through the path just set

# The shared page's fixtures (``started``, ``played``): tests/shared_page.py.
pytest_plugins = ["shared_page"]


def run_node_tests(name: str, passes: int) -> None:
    """Run tests/js/NAME with `node --test`: every test passes, and there are `passes` of them
    (so that none is lost unseen). SOLITAIRE_PYTHON names this Python for tests that ask CPython."""
    done = subprocess.run(
        ["node", "--test", str(ROOT / "tests" / "js" / name)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "SOLITAIRE_PYTHON": sys.executable},
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "# fail 0" in done.stdout and f"# pass {passes}" in done.stdout, done.stdout


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    """The repository root served on localhost; the site must be built (./build.sh)."""
    if not (ROOT / "static" / "pyodide" / "pyodide-lock.json").exists():
        pytest.fail("the site is not built: run ./build.sh (or ./build.sh test)")
    from serve import serve_in_background

    url, server = serve_in_background(ROOT)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    executable = os.environ.get("SOLITAIRE_CHROMIUM", "/usr/bin/chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        yield browser
        browser.close()


class PageWatch:
    """What a page did that a test must check: console errors and foreign requests."""

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.errors: list[str] = []
        self.foreign: list[str] = []

    def request(self, url: str) -> None:
        if not url.startswith(self.origin) and not url.startswith(("data:", "blob:")):
            self.foreign.append(url)


@pytest.fixture
def watch(site_url: str) -> PageWatch:
    return PageWatch(site_url)


@pytest.fixture
def page(browser: Any, site_url: str, watch: PageWatch) -> Iterator[Any]:
    """A fresh profile (no storage) at phone-to-desktop size 1024x768, asking for reduced motion;
    fails on console errors."""
    # Service workers are tested in test_browser_offline.py; elsewhere they would only copy 14 MB per test.
    # Reduced motion: no card glides, so a card's box is where it lies at once; the animations
    # are tested in test_browser_looks.py.
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block", reduced_motion="reduce")
    # Content-Security-Policy violations are events, not always console errors: collect them.
    context.add_init_script(
        "window.cspViolations = [];"
        "document.addEventListener('securitypolicyviolation',"
        " (event) => window.cspViolations.push(event.violatedDirective + ' ' + event.blockedURI));"
    )
    page = context.new_page()
    page.on("console", lambda message: watch.errors.extend([message.text] if message.type == "error" else []))
    page.on("pageerror", lambda error: watch.errors.append(str(error)))
    page.on("request", lambda request: watch.request(request.url))
    yield page
    violations = page.evaluate("window.cspViolations ?? []") if not page.is_closed() and page.url.startswith("http") else []
    context.close()
    assert not violations, f"CSP violations: {violations}"
    assert not watch.errors, f"console errors: {watch.errors}"
    assert not watch.foreign, f"requests left the origin: {watch.foreign}"


@pytest.fixture
def german(browser: Any, site_url: str, watch: PageWatch) -> Iterator[Any]:
    """A page in a German-speaking browser (locale de-DE)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="de-DE")
    page = context.new_page()
    page.on("pageerror", lambda error: watch.errors.append(str(error)))
    yield page
    context.close()
    assert not watch.errors, watch.errors
