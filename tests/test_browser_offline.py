"""Offline play: the service worker (sw.js), its updates, the web app manifest, and the site under a sub-path.

Each browser test serves its own copy of the site (``./build.sh site``'s
code, tools/precache.py) on its own port, visits it once in a fresh browser
profile, then cuts the network *and* stops the server: whatever still works
came from the service worker's cache.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import struct
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlparse

import pytest
from conftest import ROOT, PageWatch
from page_helpers import RULES_AFTER, card, pile_cards, text_of
from playwright.sync_api import expect
from solitaire.registry import GAMES, make_rules
from solitaire.rule_pages import RULE_PAGES
from solitaire.words import GAME_NAMES

READY = "html[data-ready=true]"

# Resolves to the registration's scope once its active worker has finished
# activating (caches cleaned up); rejects after 60 s rather than hang the test.
ACTIVATED = """async () => {
  const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error("no active service worker")), 60000));
  const activated = (async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (worker.state !== "activated") {
      await new Promise((resolve) => worker.addEventListener("statechange", () => worker.state === "activated" && resolve()));
    }
    return registration.scope;
  })();
  return Promise.race([activated, timeout]);
}"""

# Asks the browser to check for a new worker; resolves to the new worker's state once it
# has finished installing ("installed": waiting) or failed ("redundant").
UPDATE = """async () => {
  const timeout = new Promise((resolve) => setTimeout(() => resolve("still installing after 60 s"), 60000));
  const installed = (async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration.update();
    const worker = registration.installing || registration.waiting;
    if (!worker) return "no update";
    if (worker.state === "installing") {
      await new Promise((resolve) => worker.addEventListener("statechange", () => worker.state !== "installing" && resolve()));
    }
    return worker.state;
  })();
  return Promise.race([installed, timeout]);
}"""

CACHE_NAMES = "async () => (await caches.keys()).sort()"
STYLE_TEXT = "async () => (await fetch('static/style.css')).text()"


def put_cache(page: Any, name: str) -> None:
    page.evaluate("async (name) => (await caches.open(name)).put('./placeholder', new Response('x'))", name)


# -- fixtures ------------------------------------------------------------------------


class Server:
    """A static server of one folder on a free port, which a test can stop."""

    def __init__(self, directory: Path) -> None:
        from serve import serve_in_background

        self.url, self.server = serve_in_background(directory)
        self.running = True

    def stop(self) -> None:
        if self.running:
            self.server.shutdown()
            self.server.server_close()
            self.running = False


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The static site as ./build.sh site assembles it (the repo must be built)."""
    from precache import assemble_site

    if not (ROOT / "static" / "pyodide" / "pyodide-lock.json").exists():
        pytest.fail("the site is not built: run ./build.sh (or ./build.sh test)")
    directory = tmp_path_factory.mktemp("offline") / "site"
    assemble_site(ROOT, directory)
    return directory


@pytest.fixture
def servers() -> Iterator[list[Server]]:
    started: list[Server] = []
    yield started
    for server in started:
        server.stop()


class Profile:
    """A fresh browser profile whose pages must log no errors, break no CSP rule, fail no request
    and stay under one URL."""

    def __init__(self, browser: Any, base: str) -> None:
        self.context = browser.new_context(viewport={"width": 1280, "height": 800})
        self.context.add_init_script(
            "window.cspViolations = [];"
            "document.addEventListener('securitypolicyviolation',"
            " (event) => window.cspViolations.push(event.violatedDirective + ' ' + event.blockedURI));"
        )
        self.watch = PageWatch(base)
        self.failed: list[str] = []
        self.violations: list[str] = []

    def new_page(self) -> Any:
        page = self.context.new_page()
        page.on("console", lambda message: self.watch.errors.extend([message.text] if message.type == "error" else []))
        page.on("pageerror", lambda error: self.watch.errors.append(str(error)))
        # A request that the next navigation cut short (Chromium's favicon fetch, typically) is
        # the browser leaving the page, not the site failing: the navigations it lived through tell.
        documents: list[Any] = []
        issued_in: dict[Any, int] = {}

        def on_navigated(frame: Any) -> None:
            if frame == page.main_frame:
                documents.append(frame.url)

        def on_request(request: Any) -> None:
            issued_in[request] = len(documents)
            self.watch.request(request.url)

        def on_failed(request: Any) -> None:
            left_behind = issued_in.get(request, len(documents)) < len(documents)
            if not (request.failure == "net::ERR_ABORTED" and left_behind):
                self.failed.append(f"{request.url} ({request.failure})")

        page.on("framenavigated", on_navigated)
        page.on("request", on_request)
        page.on("requestfailed", on_failed)
        return page

    def close_page(self, page: Any) -> None:
        if page.url.startswith("http"):
            self.violations += page.evaluate("window.cspViolations ?? []")
        page.close()

    def close(self) -> None:
        for page in self.context.pages:
            self.close_page(page)
        self.context.close()

    def check(self) -> None:
        assert not self.violations, f"CSP violations: {self.violations}"
        assert not self.watch.errors, f"console errors: {self.watch.errors}"
        assert not self.watch.foreign, f"requests outside {self.watch.origin}: {self.watch.foreign}"
        assert not self.failed, f"failed requests: {self.failed}"


@pytest.fixture
def profiles(browser: Any) -> Iterator[Any]:
    made: list[Profile] = []

    def make(base: str) -> Profile:
        made.append(Profile(browser, base))
        return made[-1]

    yield make
    for each in made:
        each.close()
    for each in made:
        each.check()


# -- helpers ---------------------------------------------------------------------------


def visit(page: Any, url: str) -> Any:
    response = page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    return response


def visit_until_controlled(page: Any, url: str) -> str:
    """First visit (from the network), wait for the worker to activate, reload under its control; its scope."""
    first = visit(page, url)
    assert not first.from_service_worker
    scope: str = page.evaluate(ACTIVATED)
    visit(page, url)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    return scope


def wait_for_the_newest_worker_to_activate(context: Any) -> None:
    """Watch the profile's workers through Chromium's DevTools protocol from a blank page (no client of the site).

    A page closes asynchronously: a visit that starts at once may still find the
    closing page under the old worker, which then keeps control (as it should).
    """
    spy = context.new_page()
    session = context.new_cdp_session(spy)
    status: dict[int, str] = {}
    session.on(
        "ServiceWorker.workerVersionUpdated", lambda event: status.update({int(v["versionId"]): v["status"] for v in event["versions"]})
    )
    session.send("ServiceWorker.enable")
    deadline = time.monotonic() + 60
    while not status or status[max(status)] != "activated":
        assert time.monotonic() < deadline, f"the new worker did not activate: {status}"
        spy.wait_for_timeout(100)  # lets Playwright deliver the protocol's events
    spy.close()


def cache_prefix(base: str) -> str:
    """This site's cache names start with "solitaire <scope path> " (see sw.js)."""
    return f"solitaire {urlparse(base).path} "


def go_offline(profile: Profile, server: Server) -> None:
    profile.context.set_offline(True)
    server.stop()


def card_count(game: str) -> int:
    rules = make_rules(game, {})
    return sum(len(pile.cards) for pile in rules.piles(rules.deal(1)))


def play_offline(page: Any, base: str) -> None:
    """Reload with no network and no server; play the daily deal, a numbered FreeCell deal, every game; read the rules."""
    response = visit(page, base)
    assert response.from_service_worker
    assert page.evaluate("document.documentElement.dataset.engineStart") == "snapshot"  # precached too
    assert text_of(page, "deal-label").startswith("Daily ")  # today's daily deal, resumed
    assert page.locator("[data-card]").count() == 52
    stock = len(pile_cards(page, "stock"))
    card(page, "stock", stock - 1).click()
    assert len(pile_cards(page, "waste")) == 1 and len(pile_cards(page, "stock")) == stock - 1

    # Another game by address: index.html is served whatever the query string.
    response = visit(page, base + "?game=freecell&deal=617")
    assert response.from_service_worker
    assert text_of(page, "deal-label").split(" · ")[0] == "#617"
    assert page.locator("[data-card]").count() == 52

    for game in GAMES:
        if game == "freecell":
            continue  # already on the table: the picker starts a game only on a change
        page.locator("#game-picker").select_option(game)
        expect(page.locator("#game-picker")).to_have_value(game)
        assert page.locator("[data-card]").count() == card_count(game), game

    # The rules of the game on the table, in English and German: their pages (a module the page
    # imports once it is idle, or as the dialog opens) come from the cache too.
    page.locator("#open-rules").click()
    for language, title in [("en", "How to play"), ("de", "So wird gespielt")]:
        page.locator(f"#rules-{language}").click()
        expect(page.locator("#rules-title")).to_have_text(f"{GAME_NAMES[language][game]}: {title}")
        blocks = RULE_PAGES[game][language]
        expect(page.locator("#rules-text h3")).to_have_text([heading for heading, *_ in blocks] + RULES_AFTER[language])
    page.keyboard.press("Escape")


# -- the tests -----------------------------------------------------------------------


@pytest.mark.browser
def test_after_one_visit_every_game_plays_with_no_network(profiles: Any, servers: list[Server], site: Path) -> None:
    server = Server(site)
    servers.append(server)
    profile = profiles(server.url)
    page = profile.new_page()
    assert visit_until_controlled(page, server.url) == server.url

    names = page.evaluate(CACHE_NAMES)
    assert len(names) == 1 and names[0].startswith(cache_prefix(server.url))

    go_offline(profile, server)
    play_offline(page, server.url)


SNAPSHOT_IN_CACHE = """async (damage) => {
  const cache = await caches.open((await caches.keys())[0]);
  const url = new URL('static/snapshot/solitaire.snapshot', location.href).href;
  if (damage) await cache.put(url, new Response('not a snapshot'));
  return (await (await cache.match(url)).arrayBuffer()).byteLength;
}"""


@pytest.mark.browser
def test_a_damaged_snapshot_in_the_cache_is_said_and_repaired(profiles: Any, servers: list[Server], site: Path) -> None:
    """The snapshot in the service worker's cache is damaged: the game starts the slow way and
    says so, the service worker fetches the engine's files anew, and the next visit starts from
    the snapshot again."""
    server = Server(site)
    servers.append(server)
    page = profiles(server.url).new_page()
    visit_until_controlled(page, server.url)
    size = (site / "static" / "snapshot" / "solitaire.snapshot").stat().st_size
    assert page.evaluate(SNAPSHOT_IN_CACHE, False) == size
    assert page.evaluate(SNAPSHOT_IN_CACHE, True) == len("not a snapshot")
    visit(page, server.url)
    assert page.locator("html").get_attribute("data-engine-start") == "ordinary"
    expect(page.locator("#notice")).to_contain_text("The quick start did not work this time")
    page.wait_for_function(
        "async (size) => (await (await (await caches.open((await caches.keys())[0])).match(new URL('static/snapshot/solitaire.snapshot', location.href).href)).arrayBuffer()).byteLength === size",
        arg=size,
        polling=200,
        timeout=60_000,
    )
    visit(page, server.url)
    assert page.locator("html").get_attribute("data-engine-start") == "snapshot"


@pytest.mark.browser
def test_under_a_sub_path(profiles: Any, servers: list[Server], site: Path, tmp_path: Path) -> None:
    """As on https://USER.github.io/REPO/: the worker's scope is the sub-path, every URL stays under it."""
    (tmp_path / "some-path").symlink_to(site, target_is_directory=True)
    server = Server(tmp_path)
    servers.append(server)
    base = server.url + "some-path/"
    profile = profiles(base)  # a request outside /some-path/ fails the test
    page = profile.new_page()
    assert visit_until_controlled(page, base) == base

    # The web app manifest: no errors, and start_url and scope are the sub-path.
    session = profile.context.new_cdp_session(page)
    manifest = session.send("Page.getAppManifest")
    assert manifest["url"] == base + "static/manifest.webmanifest"
    assert manifest["errors"] == []
    data = json.loads(manifest["data"])
    assert urljoin(manifest["url"], data["start_url"]) == base
    assert urljoin(manifest["url"], data["scope"]) == base

    go_offline(profile, server)
    play_offline(page, base)


@pytest.mark.browser
def test_a_new_version_waits_for_the_open_page_then_replaces_the_old_caches(
    profiles: Any, servers: list[Server], site: Path, tmp_path: Path
) -> None:
    from precache import write_manifest

    directory = tmp_path / "site"
    shutil.copytree(site, directory, symlinks=True)
    server = Server(directory)
    servers.append(server)
    profile = profiles(server.url)
    page = profile.new_page()
    visit_until_controlled(page, server.url)
    prefix = cache_prefix(server.url)
    old = prefix + json.loads(_manifest_json(directory))["version"]
    assert page.evaluate(CACHE_NAMES) == [old]

    # Caches the new version must leave alone (another app's; another copy of the
    # site on this origin) and one it must delete (an older version of this site).
    for name in ["other-app", "solitaire /other-copy/ 1234", prefix + "old"]:
        put_cache(page, name)
    card(page, "stock", len(pile_cards(page, "stock")) - 1).click()
    page.evaluate("window.stillTheSamePage = true")

    # Deploy a new version: one changed file, the manifest rebuilt (sw.js itself unchanged).
    style = directory / "static" / "style.css"
    style.write_text(style.read_text() + "\n/* version two */\n")
    new = prefix + str(write_manifest(directory)["version"])
    assert new != old

    # The open page notices it, the new worker precaches and waits; the page goes on as it was.
    assert page.evaluate(UPDATE) == "installed"
    assert page.evaluate("window.stillTheSamePage === true")
    assert "version two" not in page.evaluate(STYLE_TEXT)  # still served by the old worker
    assert new in page.evaluate(CACHE_NAMES) and old in page.evaluate(CACHE_NAMES)
    card(page, "stock", len(pile_cards(page, "stock")) - 1).click()
    assert text_of(page, "moves") == "2"

    # Once the site's last page closes, the new version activates and the next visit runs
    # it: its cache replaced this site's old ones, the others are still there, the game goes on.
    profile.close_page(page)
    wait_for_the_newest_worker_to_activate(profile.context)
    page = profile.new_page()
    visit(page, server.url)
    page.evaluate(ACTIVATED)
    assert "version two" in page.evaluate(STYLE_TEXT)
    assert page.evaluate(CACHE_NAMES) == sorted([new, "other-app", "solitaire /other-copy/ 1234"])
    assert text_of(page, "moves") == "2"

    go_offline(profile, server)
    visit(page, server.url)
    assert "version two" in page.evaluate(STYLE_TEXT)
    assert text_of(page, "moves") == "2" and len(pile_cards(page, "waste")) == 2


FIRST_VISIT_BYTES = 7_000_000  # issue 37: half of the 13.3 MB a first visit took


def bodies(requests: list[Any], base: str) -> dict[str, int]:
    """Path -> bytes of body that came over the network (what a service worker answered from its
    cache counts zero), summed over the requests."""
    sizes: dict[str, int] = {}
    for request in requests:
        response = request.response()
        if response is None or response.from_service_worker:
            continue
        path = request.url.removeprefix(base).split("?")[0] or "/"
        sizes[path] = sizes.get(path, 0) + max(request.sizes()["responseBodySize"], 0)
    return sizes


@pytest.mark.browser
def test_a_first_visit_downloads_what_a_start_uses_and_a_second_nothing(profiles: Any, servers: list[Server], site: Path) -> None:
    """The first visit, its service worker's precaching included, downloads at most 7 MB as a
    static host serves them (gzip where it compresses), and nothing only the ordinary start uses
    (Pyodide's standard library, the wheels); the second downloads nothing but the browser's
    check of the service worker."""
    server = Server(site)
    servers.append(server)
    profile = profiles(server.url)
    finished: list[Any] = []
    profile.context.on("requestfinished", lambda request: finished.append(request))  # the service worker's requests too
    page = profile.new_page()
    visit(page, server.url)
    page.evaluate(ACTIVATED)
    page.wait_for_load_state("networkidle")
    first = bodies(finished, server.url)
    assert sum(first.values()) <= FIRST_VISIT_BYTES, sorted(first.items(), key=lambda item: -item[1])[:8]
    assert not [path for path in first if "python_stdlib" in path or "/wheels/" in path], first
    finished.clear()
    visit(page, server.url)
    page.wait_for_load_state("networkidle")
    second = bodies(finished, server.url)
    assert set(second) <= {"sw.js", "static/sw-manifest.js"}, second


# Lighthouse's mobile network: 1.6 Mbps down, 750 kbps up, 150 ms round trip.
SLOW_NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8}
FAST_NETWORK = {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}


@pytest.mark.browser
def test_a_slow_first_visit_shows_how_much_of_the_engine_has_come(profiles: Any, servers: list[Server], site: Path) -> None:
    """On a slow network the loading bar grows with the engine's bytes from the first paint, and
    says how many have come; once the network is fast again the game starts, and the second
    visit, slow again, downloads nothing but the browser's check of the service worker."""
    server = Server(site)
    servers.append(server)
    profile = profiles(server.url)
    page = profile.new_page()
    session = profile.context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Network.emulateNetworkConditions", SLOW_NETWORK)
    page.goto(server.url, wait_until="commit")
    seen: list[tuple[float, str]] = []
    # Sampled until the bar has shown two widths on its way (at most a minute: the page's own
    # files come first, and a loaded machine is slower still).
    for _ in range(200):
        page.wait_for_timeout(300)
        seen.append(
            page.evaluate(
                "[parseFloat(document.getElementById('progress-bar').style.width) || 0, document.getElementById('loading-text').textContent]"
            )
        )
        if len({width for width, _ in seen if 0 < width < 80}) >= 2:
            break
    widths = [width for width, _ in seen]
    assert widths == sorted(widths) and len({width for width in widths if 0 < width < 80}) >= 2, seen
    assert any(re.fullmatch(r"Downloading the game… [1-9]\d?%", text) for _, text in seen), seen
    session.send("Network.emulateNetworkConditions", FAST_NETWORK)
    page.wait_for_selector(READY, state="attached", timeout=120_000)
    page.evaluate(ACTIVATED)
    page.wait_for_load_state("networkidle")
    finished: list[Any] = []
    profile.context.on("requestfinished", lambda request: finished.append(request))
    session.send("Network.emulateNetworkConditions", SLOW_NETWORK)
    visit(page, server.url)
    assert set(bodies(finished, server.url)) <= {"sw.js", "static/sw-manifest.js"}


@pytest.mark.browser
def test_the_ordinary_start_plays_offline_once_it_has_run(profiles: Any, servers: list[Server], site: Path, tmp_path: Path) -> None:
    """A site whose snapshot does not fit (made for another build): the page starts the ordinary
    way, and the files only that start uses, not precached, are kept once used, so it starts so
    offline too."""
    from precache import write_manifest

    directory = tmp_path / "site"
    shutil.copytree(site, directory, symlinks=True)
    snapshot = directory / "static" / "snapshot" / "solitaire.snapshot"
    file = snapshot.read_bytes()
    (length,) = struct.unpack_from("<I", file, 8)
    header = json.loads(file[12 : 12 + length])
    header["wheel"] = "0" * 64
    snapshot.write_bytes(file[:12] + json.dumps(header, separators=(",", ":")).encode().ljust(length) + file[12 + length :])
    write_manifest(directory)
    server = Server(directory)
    servers.append(server)
    profile = profiles(server.url)
    page = profile.new_page()
    visit_until_controlled(page, server.url)
    assert page.evaluate("document.documentElement.dataset.engineStart") == "ordinary"
    # The snapshot's worker, stopped once its snapshot was refused, may leave its files unfinished
    # (the ordinary worker's own start is checked below).
    started = ("zstddec.wasm", "stdlib.zip", "snapshot.js", "pyodide.mjs", "pyodide.asm.mjs", "pyodide-lock.json")
    profile.failed[:] = [url for url in profile.failed if not url.endswith(started)]
    go_offline(profile, server)
    visit(page, server.url + "?game=freecell&deal=617")
    assert page.evaluate("document.documentElement.dataset.engineStart") == "ordinary"
    assert page.locator("[data-card]").count() == 52


# -- without a browser: the precache list and the web app manifest ------------------------


def _manifest_json(root: Path) -> str:
    text = (root / "static" / "sw-manifest.js").read_text()
    return text[text.index("{") : text.rindex("}") + 1]


def test_the_precache_list_holds_what_the_page_loads(site: Path) -> None:
    from precache import manifest

    data = manifest(site)
    files = data["files"]
    assert isinstance(files, dict)
    assert json.loads(_manifest_json(site)) == data
    # Every script, style and image of the repository's static/ (a new file is picked up by itself).
    static = {
        path.relative_to(ROOT).as_posix()
        for pattern in ["*.js", "*.css", "*.svg", "icons/*.png"]
        for path in (ROOT / "static").glob(pattern)
    }
    assert static - {"static/sw-manifest.js"} <= set(files)
    for name in [
        "index.html",
        "static/style.css",
        "static/cards.css",
        "static/icon.svg",
        "static/offline.js",
        "static/words.js",
        "static/rule-pages.js",  # imported only by the rules dialog, and precached all the same
        "static/manifest.webmanifest",
        "static/icons/maskable-512.png",
        "static/pyodide/pyodide.mjs",
        "static/pyodide/pyodide.asm.mjs",
        "static/pyodide/pyodide.asm.wasm",
        "static/pyodide/pyodide-lock.json",
        "static/snapshot/solitaire.snapshot",
        "static/snapshot/stdlib.zip",
        "static/vendor/zstddec.wasm",
    ]:
        assert name in files, name
    # What only the ordinary start uses is not precached: the worker keeps it once a start used it.
    later = data["later"]
    assert isinstance(later, dict)
    assert "static/pyodide/python_stdlib.zip" in later and not set(later) & set(files)
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())
    assert set(lock["packages"]) == {"solitaire", "micropip"}  # only what the site ships
    for package in ["solitaire", "micropip"]:
        assert "static/wheels/" + lock["packages"][package]["file_name"].removeprefix("../wheels/") in later
    # The site is exactly those files, the worker and its manifest.
    on_disk = {path.relative_to(site).as_posix() for path in site.rglob("*") if path.is_file()}
    assert on_disk == set(files) | set(later) | {"sw.js", "static/sw-manifest.js"}


def png_size(path: Path) -> tuple[int, int]:
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", header[16:24])
    return width, height


def test_the_web_app_manifest_and_its_icons() -> None:
    path = ROOT / "static" / "manifest.webmanifest"
    data = json.loads(path.read_text())
    assert data["name"] == "Solitaire" and data["display"] == "standalone"
    assert data["theme_color"] == data["background_color"] == "#0e6b43"
    base = "https://user.github.io/repo/"
    manifest_url = urljoin(base, os.path.relpath(path, ROOT))
    assert urljoin(manifest_url, data["start_url"]) == urljoin(manifest_url, data["scope"]) == base
    purposes = set()
    for icon in data["icons"]:
        file = path.parent / icon["src"]
        assert file.is_file(), icon["src"]
        if icon["type"] == "image/png":
            width, height = png_size(file)
            assert icon["sizes"] == f"{width}x{height}"
        purposes.add(icon.get("purpose", "any"))
    assert {"any", "maskable"} <= purposes
    assert png_size(ROOT / "static" / "icons" / "apple-touch-icon.png") == (180, 180)
    head = (ROOT / "index.html").read_text().split("</head>")[0]
    assert '<link rel="manifest" href="static/manifest.webmanifest">' in head
    assert '<link rel="apple-touch-icon" href="static/icons/apple-touch-icon.png">' in head
