"""One way to drive Chromium, Firefox and WebKit, for the tests that run in all three.

Each engine is driven as its makers allow from here, with real input (W3C pointer and key
actions: the browser dispatches them as it would a mouse and a keyboard):

- Chromium (Debian's): launched with a DevTools port and a profile on disk, driven by
  Playwright over that port.
- Firefox (Debian's firefox-esr): launched headless with its WebDriver BiDi server
  (``--remote-debugging-port``), spoken to over a WebSocket; no geckodriver.
- WebKit (Debian's WebKitGTK): its ``WebKitWebDriver`` drives the MiniBrowser, which has no
  headless mode, on an X display of its own (Xvfb); spoken to over classic WebDriver (HTTP).

A ``Browser`` is one running browser on one profile directory with one tab; ``kill()``
ends it as a crash would and a new ``Browser`` on the same directory finds what it kept.
Scripts run in the page as the body of an async function; what they return comes back
through JSON.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from abc import ABC, abstractmethod
from pathlib import Path
from typing import Any

ENGINES = ("chromium", "firefox", "webkit")

CHROMIUM = os.environ.get("SOLITAIRE_CHROMIUM", "/usr/bin/chromium")
# Debian's Chromium as the tests run it: no sandbox (root in a container), no GPU, nothing
# that reaches for the network on its own.
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # The browser's own WebUI for the address bar's popup: a renderer of its own, loaded again
    # for every new context (each test's page), that took about a quarter of a page start's CPU.
    "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup",
]
FIREFOX = os.environ.get("SOLITAIRE_FIREFOX", "/usr/bin/firefox-esr")
WEBKIT_DRIVER = os.environ.get("SOLITAIRE_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
# The MiniBrowser that Debian's (and Ubuntu's) webkit2gtk-driver drives.
MINIBROWSER = os.environ.get("SOLITAIRE_MINIBROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")

# The W3C WebDriver codes of the keys the tests press (a printable key is itself).
KEYS = {
    "Enter": "\ue007",
    "Escape": "\ue00c",
    "Tab": "\ue004",
    "End": "\ue010",
    "Home": "\ue011",
    "ArrowLeft": "\ue012",
    "ArrowUp": "\ue013",
    "ArrowRight": "\ue014",
    "ArrowDown": "\ue015",
}

STARTUP_SECONDS = 60

# The input devices the actions come from (W3C WebDriver's input sources, by type).
INPUT_SOURCES: dict[str, dict[str, Any]] = {
    "pointer": {"id": "mouse", "parameters": {"pointerType": "mouse"}},
    "key": {"id": "keyboard"},
}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def stop_process(process: subprocess.Popen[bytes], kill: bool = False) -> None:
    """End a process and every process it started (a browser's renderers, its storage service)."""
    if process.poll() is None:
        try:
            os.killpg(process.pid, signal.SIGKILL if kill else signal.SIGTERM)
        except ProcessLookupError:
            pass
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def wait_for_line(log: Path, pattern: str, process: subprocess.Popen[bytes], name: str) -> str:
    """The first match of ``pattern`` in a log the process writes, once it is there."""
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if match := re.search(pattern, log.read_text(errors="replace")):
            return match.group(1)
        if process.poll() is not None:
            break
        time.sleep(0.05)
    stop_process(process, kill=True)
    raise AssertionError(f"{name} did not start: {log.read_text(errors='replace')[-2000:]}")


class Browser(ABC):
    """One browser on one profile directory, with one tab."""

    engine: str

    def __init__(self, profile: Path, width: int, height: int) -> None:
        self.profile = profile
        profile.mkdir(parents=True, exist_ok=True)
        self.log = profile.parent / f"{profile.name}.{self.engine}.log"
        self.errors: list[str] = []  # what the page logged as errors, where the engine reports it

    # -- what each engine does its own way ---------------------------------------------

    @property
    @abstractmethod
    def version(self) -> str: ...

    @abstractmethod
    def goto(self, url: str) -> None:
        """Open ``url`` and wait for its load event."""

    @abstractmethod
    def reload(self) -> None: ...

    @abstractmethod
    def back(self) -> None:
        """Go back one page in the tab's history, as the Back button does, and wait until that page
        is shown. The driver does it, not a script of the page: WebKit evaluates a script sent while
        its page is leaving in that page, and when the page goes into the back/forward cache the
        script's answer sleeps there with it (the call never returns)."""

    @abstractmethod
    def evaluate(self, expression: str) -> str:
        """The string an expression of JavaScript gives (awaited when it is a promise)."""

    @abstractmethod
    def perform(self, source: dict[str, Any]) -> None:
        """One W3C input source's actions (``{"type": "pointer" | "key", "actions": [...]}``)."""

    @abstractmethod
    def resize(self, width: int, height: int) -> None:
        """The page's viewport, in CSS pixels."""

    @abstractmethod
    def new_tab(self) -> None:
        """Close the tab (its page is gone, as when a player closes it) and go on in a new one."""

    @abstractmethod
    def close(self) -> None:
        """End the browser as a player closes it."""

    @abstractmethod
    def kill(self) -> None:
        """End the browser at once, as a crash or a power cut would."""

    # -- the same in every engine -------------------------------------------------------

    def run(self, body: str, *args: Any) -> Any:
        """Run ``body`` as an async function of ``args`` in the page; what it returns."""
        expression = (
            f"(async (...args) => {{ {body} }})(...{json.dumps(list(args))})"
            ".then((value) => JSON.stringify({value: value === undefined ? null : value}),"
            " (error) => JSON.stringify({error: String(error && error.stack || error)}))"
        )
        answer = json.loads(self.evaluate(expression))
        if "error" in answer:
            raise AssertionError(f"in the page: {answer['error']}")
        return answer["value"]

    def wait(self, expression: str, timeout: float = 60) -> Any:
        """The value of ``expression`` once it is truthy (polled in the page)."""
        deadline = time.monotonic() + timeout
        while True:
            problem: Exception | None = None
            try:
                value = self.run(f"return {expression};")
            except Exception as error:  # noqa: BLE001 - a page navigating meanwhile: ask the next one
                value, problem = None, error
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.engine}: still not true after {timeout} s: {expression} ({problem})")
            time.sleep(0.1)

    def center(self, selector: str) -> tuple[int, int]:
        """The middle of the last element that ``selector`` finds (the top one of a stack)."""
        box = self.run(
            "const all = document.querySelectorAll(args[0]); const el = all[all.length - 1];"
            "if (!el) return null; const r = el.getBoundingClientRect();"
            "return [r.left + r.width / 2, r.top + Math.min(r.height / 2, 12)];",
            selector,
        )
        assert box, f"{self.engine}: nothing matches {selector}"
        return round(box[0]), round(box[1])

    def click(self, selector: str, count: int = 1) -> None:
        x, y = self.center(selector)
        actions: list[dict[str, Any]] = [{"type": "pointerMove", "x": x, "y": y, "duration": 0}]
        for _ in range(count):
            actions += [{"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]
        self.perform({"type": "pointer", "actions": actions})

    def drag(self, selector: str, onto: str) -> None:
        """Press on one element, move in steps as a hand does, and let go over another."""
        (x0, y0), (x1, y1) = self.center(selector), self.center(onto)
        actions: list[dict[str, Any]] = [{"type": "pointerMove", "x": x0, "y": y0, "duration": 0}, {"type": "pointerDown", "button": 0}]
        for step in range(1, 9):
            x, y = x0 + (x1 - x0) * step // 8, y0 + (y1 - y0) * step // 8
            actions += [{"type": "pointerMove", "x": x, "y": y, "duration": 20}]
        actions += [{"type": "pause", "duration": 50}, {"type": "pointerUp", "button": 0}]
        self.perform({"type": "pointer", "actions": actions})

    def press(self, *keys: str) -> None:
        """Press and release each key in turn."""
        actions = []
        for key in keys:
            value = KEYS.get(key, key)
            actions += [{"type": "keyDown", "value": value}, {"type": "keyUp", "value": value}]
        self.perform({"type": "key", "actions": actions})


class ChromiumBrowser(Browser):
    engine = "chromium"

    def __init__(self, profile: Path, width: int, height: int, chromium: Any) -> None:
        """``chromium``: Playwright's BrowserType for Chromium (the session's ``browser.browser_type``)."""
        super().__init__(profile, width, height)
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(
                [
                    CHROMIUM,
                    "--headless=new",
                    "--remote-debugging-port=0",
                    f"--user-data-dir={profile}",
                    *CHROMIUM_FLAGS,
                    "about:blank",
                ],
                stdout=subprocess.DEVNULL,
                stderr=log,
                start_new_session=True,
            )
        endpoint = wait_for_line(self.log, r"DevTools listening on (ws://\S+)", self.process, CHROMIUM)
        self.connection = chromium.connect_over_cdp(endpoint)
        self.page = self.connection.contexts[0].new_page()
        self.page.set_viewport_size({"width": width, "height": height})
        self.page.on("console", lambda message: self.errors.extend([message.text] if message.type == "error" else []))
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

    @property
    def version(self) -> str:
        return str(self.connection.version)

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def reload(self) -> None:
        self.page.reload()

    def back(self) -> None:
        # Until the page is the tab's: a page back from the back/forward cache has no load event.
        self.page.go_back(wait_until="commit")

    def evaluate(self, expression: str) -> str:
        value: str = self.page.evaluate(expression)
        return value

    def perform(self, source: dict[str, Any]) -> None:
        # Playwright's mouse and keyboard send the same input events the W3C actions describe.
        for action in source["actions"]:
            kind = action["type"]
            if kind == "pointerMove":
                self.page.mouse.move(action["x"], action["y"], steps=max(1, action.get("duration", 0) // 10))
            elif kind == "pointerDown":
                self.page.mouse.down()
            elif kind == "pointerUp":
                self.page.mouse.up()
            elif kind == "pause":
                self.page.wait_for_timeout(action["duration"])
            elif kind == "keyDown":
                self.page.keyboard.down(PLAYWRIGHT_KEYS.get(action["value"], action["value"]))
            elif kind == "keyUp":
                self.page.keyboard.up(PLAYWRIGHT_KEYS.get(action["value"], action["value"]))

    def resize(self, width: int, height: int) -> None:
        self.page.set_viewport_size({"width": width, "height": height})

    def new_tab(self) -> None:
        size = self.page.viewport_size
        fresh = self.connection.contexts[0].new_page()
        self.page.close()
        self.page = fresh
        self.page.set_viewport_size(size)
        self.page.on("console", lambda message: self.errors.extend([message.text] if message.type == "error" else []))
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

    def close(self) -> None:
        try:
            self.connection.close()
        finally:
            stop_process(self.process)

    def kill(self) -> None:
        stop_process(self.process, kill=True)
        try:
            self.connection.close()
        except Exception:  # noqa: BLE001 - the connection died with the browser
            pass


PLAYWRIGHT_KEYS = {code: name for name, code in KEYS.items()}
PLAYWRIGHT_KEYS[" "] = "Space"


class FirefoxBrowser(Browser):
    engine = "firefox"

    # Quiet and local: no first-run pages, no updates or telemetry trying the network.
    PREFERENCES = {
        "browser.shell.checkDefaultBrowser": False,
        "browser.startup.homepage_override.mstone": "ignore",
        "datareporting.policy.dataSubmissionEnabled": False,
        "toolkit.telemetry.reportingpolicy.firstRun": False,
        "app.update.disabledForTesting": True,
        "browser.aboutwelcome.enabled": False,
        "extensions.update.enabled": False,
        "network.captive-portal-service.enabled": False,
        "network.connectivity-service.enabled": False,
    }

    def __init__(self, profile: Path, width: int, height: int) -> None:
        super().__init__(profile, width, height)
        (profile / "user.js").write_text("".join(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in self.PREFERENCES.items()))
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(
                [FIREFOX, "--headless", "--no-remote", "--remote-debugging-port=0", "--profile", str(profile)],
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        endpoint = wait_for_line(self.log, r"WebDriver BiDi listening on (ws://\S+)", self.process, FIREFOX)
        from websockets.sync.client import connect

        self.connection = contextlib.ExitStack()
        self.socket = self.connection.enter_context(connect(endpoint + "/session", max_size=None, open_timeout=STARTUP_SECONDS))
        self.sent = 0
        self.capabilities = self.command("session.new", capabilities={})["capabilities"]
        self.command("session.subscribe", events=["log.entryAdded"])
        self.context = self.command("browsingContext.getTree", maxDepth=0)["contexts"][0]["context"]
        self.resize(width, height)

    def command(self, method: str, **params: Any) -> Any:
        """Send one BiDi command; its result (events that come meanwhile are noted)."""
        self.sent += 1
        self.socket.send(json.dumps({"id": self.sent, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv(timeout=120))
            if message.get("type") == "event":
                entry = message["params"]
                if message["method"] == "log.entryAdded" and entry.get("level") == "error":
                    self.errors.append(entry.get("text", ""))
                continue
            if message.get("id") != self.sent:
                continue
            if message.get("type") == "error":
                raise AssertionError(f"firefox: {method}: {message.get('error')}: {message.get('message')}")
            return message["result"]

    @property
    def version(self) -> str:
        return str(self.capabilities["browserVersion"])

    def goto(self, url: str) -> None:
        self.command("browsingContext.navigate", context=self.context, url=url, wait="complete")

    def reload(self) -> None:
        self.command("browsingContext.reload", context=self.context, wait="complete")

    def back(self) -> None:
        self.command("browsingContext.traverseHistory", context=self.context, delta=-1)

    def evaluate(self, expression: str) -> str:
        result = self.command("script.evaluate", expression=expression, target={"context": self.context}, awaitPromise=True)
        if result["type"] == "exception":
            raise AssertionError(f"firefox: {result['exceptionDetails'].get('text')}")
        return str(result["result"]["value"])

    def perform(self, source: dict[str, Any]) -> None:
        identity = INPUT_SOURCES[source["type"]]
        self.command("input.performActions", context=self.context, actions=[{**source, **identity}])

    def resize(self, width: int, height: int) -> None:
        self.size = (width, height)
        self.command("browsingContext.setViewport", context=self.context, viewport={"width": width, "height": height})

    def new_tab(self) -> None:
        old, self.context = self.context, self.command("browsingContext.create", type="tab")["context"]
        self.command("browsingContext.close", context=old)
        self.resize(*self.size)

    def close(self) -> None:
        try:
            self.command("browser.close")
        except Exception:  # noqa: BLE001 - the socket closes as the browser goes
            pass
        self.connection.close()
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            stop_process(self.process, kill=True)

    def kill(self) -> None:
        stop_process(self.process, kill=True)
        self.connection.close()


class WebKitBrowser(Browser):
    engine = "webkit"

    def __init__(self, profile: Path, width: int, height: int, display: str) -> None:
        super().__init__(profile, width, height)
        port = free_port()
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(
                [WEBKIT_DRIVER, f"--port={port}"],
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                env={**os.environ, "DISPLAY": display},
            )
        self.base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + STARTUP_SECONDS
        while True:
            try:
                self.request("GET", "/status")
                break
            except (OSError, AssertionError):
                if time.monotonic() > deadline:
                    stop_process(self.process, kill=True)
                    raise
                time.sleep(0.05)
        options = {"binary": MINIBROWSER, "args": ["--automation"]}
        session = self.request("POST", "/session", {"capabilities": {"alwaysMatch": {"webkitgtk:browserOptions": options}}})
        self.capabilities = session["capabilities"]
        self.session = f"/session/{session['sessionId']}"
        self.resize(width, height)

    def request(self, method: str, path: str, body: Any = None) -> Any:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method, headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                return json.loads(response.read())["value"]
        except urllib.error.HTTPError as error:
            raise AssertionError(f"webkit: {method} {path}: {error.read().decode(errors='replace')[:2000]}") from None

    @property
    def version(self) -> str:
        return str(self.capabilities["browserVersion"])

    def goto(self, url: str) -> None:
        self.request("POST", self.session + "/url", {"url": url})

    def reload(self) -> None:
        self.request("POST", self.session + "/refresh", {})

    def back(self) -> None:
        self.request("POST", self.session + "/back", {})

    def evaluate(self, expression: str) -> str:
        script = "const done = arguments[arguments.length - 1]; Promise.resolve(" + expression + ").then(done, (e) => done(String(e)));"
        return str(self.request("POST", self.session + "/execute/async", {"script": script, "args": []}))

    def perform(self, source: dict[str, Any]) -> None:
        identity = INPUT_SOURCES[source["type"]]
        self.request("POST", self.session + "/actions", {"actions": [{**source, **identity}]})
        self.request("DELETE", self.session + "/actions")

    def resize(self, width: int, height: int) -> None:
        # The window holds the page and the MiniBrowser's toolbar: size it by what the page gets.
        # The page sees a new window size a little later, later still on a busy machine: read
        # its size only once it holds still, and after each change wait until the page has it.
        for _ in range(4):
            inner = self.inner_size()
            if inner == [width, height]:
                return
            outer = self.request("GET", self.session + "/window/rect")
            wanted = {"width": outer["width"] + width - inner[0], "height": outer["height"] + height - inner[1]}
            got = self.request("POST", self.session + "/window/rect", wanted)
            if (got["width"], got["height"]) == (outer["width"], outer["height"]):
                return  # the window keeps its size (the MiniBrowser's least width): nothing will change
            deadline = time.monotonic() + 10
            while self.run("return [innerWidth, innerHeight];") == inner and time.monotonic() < deadline:
                time.sleep(0.05)

    def inner_size(self) -> list[int]:
        """The page's viewport once two readings 0.1 s apart agree."""
        last = None
        for _ in range(100):
            now = self.run("return [innerWidth, innerHeight];")
            if now == last:
                break
            last = now
            time.sleep(0.1)
        return list(now)

    def new_tab(self) -> None:
        size = self.run("return [innerWidth, innerHeight];")
        fresh = self.request("POST", self.session + "/window/new", {"type": "tab"})["handle"]
        self.request("DELETE", self.session + "/window")
        self.request("POST", self.session + "/window", {"handle": fresh})
        self.resize(*size)

    def close(self) -> None:
        try:
            self.request("DELETE", self.session)
        finally:
            stop_process(self.process)

    def kill(self) -> None:
        stop_process(self.process, kill=True)


class Xvfb:
    """An X display of its own for WebKit's MiniBrowser (it has no headless mode)."""

    def __init__(self) -> None:
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "2560x1600x24", "-nolisten", "tcp"],
            pass_fds=(write,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        assert number, "Xvfb did not start"
        self.display = f":{number}"

    def stop(self) -> None:
        stop_process(self.process)


def missing(engine: str) -> str | None:
    """Why ``engine`` cannot run here, or None."""
    needs = {
        "chromium": [CHROMIUM],
        "firefox": [FIREFOX],
        "webkit": [WEBKIT_DRIVER, MINIBROWSER, shutil.which("Xvfb") or "Xvfb"],
    }[engine]
    absent = [program for program in needs if not os.access(program, os.X_OK)]
    return f"not installed: {', '.join(absent)}" if absent else None
