"""What the service worker precaches, the site's version, and the static site itself.

    python tools/precache.py manifest [ROOT]   write ROOT/static/sw-manifest.js (ROOT: the repo)
    python tools/precache.py site DEST         copy the static site into DEST, with its manifest

The manifest is a classic script that sw.js imports with importScripts:

    self.PRECACHE = {"version": "3f2a9c1b0d4e", "files": {"index.html": "sha256-...", ...},
                     "later": {"static/pyodide/python_stdlib.zip": "sha256-...", ...}};

``files`` maps every file a start of the page uses (a path relative to the
site root) to its Subresource Integrity hash: the worker precaches them when it
installs, so the page plays offline after one visit. ``later`` holds the files
only the engine's ordinary start uses (the fallback when the snapshot cannot be
used: Pyodide's whole standard library and the wheels the lockfile registers,
2.8 MB): nothing fetches them on a visit that starts from the snapshot, and the
worker keeps them once a start has used them. Either way the worker fetches a
file with its hash, so a cache can only ever hold the bytes this manifest names,
never a mix of two deployments. ``version`` is a short hash of all of them plus
sw.js itself: it names the worker's cache, and a new version makes the browser
install a new worker (the browser compares the worker's imported scripts byte
for byte on every update check).

``files``: index.html; static/'s scripts, styles, icons and web app manifest
(and the snapshot's decoder in static/vendor/, with its licence); the Pyodide runtime in
static/pyodide/ with our lockfile; the engine's memory snapshot and its cut
standard library in static/snapshot/. The site is exactly ``files``,
``later``, sw.js and static/sw-manifest.js. Standard library only.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import shutil
import sys
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = "static/sw-manifest.js"
WORKER = "sw.js"
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json"]
ORDINARY_FILES = ["static/pyodide/python_stdlib.zip"]  # only the ordinary start uses it
# The engine's memory snapshot and the standard library it still imports from (tools/make_snapshot.mjs).
SNAPSHOT_FILES = ["static/snapshot/solitaire.snapshot", "static/snapshot/stdlib.zip"]
# static/ outside the build folders: the files of these types, in any sub-folder
# (not dotfiles, not the generated manifest).
STATIC_SUFFIXES = {".js", ".mjs", ".css", ".json", ".svg", ".png", ".ico", ".webmanifest", ".woff2", ".wasm", ".txt"}
BUILD_FOLDERS = {"pyodide", "wheels", "snapshot"}


class SiteError(Exception):
    """The site is not built or not complete."""


def precached_files(root: Path) -> list[str]:
    """Every file a start uses, to precache, relative to the site root (POSIX paths), sorted."""
    static = root / "static"
    lockfile = static / "pyodide" / "pyodide-lock.json"
    if not lockfile.is_file():
        raise SiteError(f"{lockfile} is missing: build the site first (./build.sh)")
    files = {"index.html"}
    for path in static.rglob("*"):
        inner = path.relative_to(static).parts
        if (
            path.is_file()
            and path.suffix in STATIC_SUFFIXES
            and inner[0] not in BUILD_FOLDERS
            and not any(part.startswith(".") for part in inner)
        ):
            files.add(path.relative_to(root).as_posix())
    files.discard(MANIFEST)
    files.update(f"static/pyodide/{name}" for name in PYODIDE_FILES)
    files.update(SNAPSHOT_FILES)
    return checked(root, files)


def later_files(root: Path) -> list[str]:
    """The files only the engine's ordinary start uses, sorted: Pyodide's standard library and
    the wheels the lockfile registers."""
    lockfile = root / "static" / "pyodide" / "pyodide-lock.json"
    if not lockfile.is_file():
        raise SiteError(f"{lockfile} is missing: build the site first (./build.sh)")
    files = set(ORDINARY_FILES)
    # Pyodide resolves a package's file_name against the lockfile's folder.
    for entry in json.loads(lockfile.read_text())["packages"].values():
        parts: list[str] = []
        for part in PurePosixPath("static/pyodide", entry["file_name"]).parts:
            if part == "..":
                parts = parts[:-1]
            else:
                parts.append(part)
        if parts[:2] == ["static", "wheels"]:
            files.add("/".join(parts))
    return checked(root, files)


def checked(root: Path, files: set[str]) -> list[str]:
    """The files, sorted, once each is known to exist."""
    missing = sorted(name for name in files if not (root / name).is_file())
    if missing:
        raise SiteError(f"missing from {root}: {', '.join(missing)}")
    return sorted(files)


def integrity(path: Path) -> str:
    """The Subresource Integrity value of a file: sha256-BASE64."""
    return "sha256-" + base64.b64encode(hashlib.sha256(path.read_bytes()).digest()).decode()


def manifest(root: Path) -> dict[str, object]:
    """{"version": ..., "files": {path: integrity}, "later": {path: integrity}} for the site at root."""
    files = {name: integrity(root / name) for name in precached_files(root)}
    later = {name: integrity(root / name) for name in later_files(root)}
    digest = hashlib.sha256()
    for name, value in [*files.items(), *later.items(), (WORKER, integrity(root / WORKER))]:
        digest.update(f"{name}\0{value}\n".encode())
    return {"version": digest.hexdigest()[:12], "files": files, "later": later}


def write_manifest(root: Path) -> dict[str, object]:
    """Write root/static/sw-manifest.js (only when it changes); return the manifest."""
    data = manifest(root)
    text = (
        "// Written by tools/precache.py (./build.sh): the service worker's precache list. Not checked in.\n"
        f"self.PRECACHE = {json.dumps(data, indent=1)};\n"
    )
    target = root / MANIFEST
    if not target.is_file() or target.read_text() != text:
        target.write_text(text)
    return data


def assemble_site(root: Path, dest: Path) -> dict[str, object]:
    """Copy what the static site needs from root into dest; return dest's manifest.

    dest must be absent, empty, or an earlier output of this function (it is
    then replaced); it may not be root itself, hold root, or lie in root/static.
    """
    root, dest = root.resolve(), dest.resolve()
    if dest == root or dest in root.parents or dest.is_relative_to(root / "static"):
        raise SiteError(f"refusing to assemble the site into {dest}")
    if dest.exists():
        earlier = (dest / "index.html").is_file() and (dest / MANIFEST).is_file()
        if any(dest.iterdir()) and not earlier:
            raise SiteError(f"{dest} is not empty and not an earlier site: choose another folder")
        shutil.rmtree(dest)
    for name in [*precached_files(root), *later_files(root), WORKER]:
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / name, target)  # keeps mtimes: unchanged files revalidate as 304
    return write_manifest(dest)


def describe(data: dict[str, object], root: Path) -> str:
    files, later = data["files"], data["later"]
    assert isinstance(files, dict) and isinstance(later, dict)
    size = sum((root / name).stat().st_size for name in files)
    return f"version {data['version']}: {len(files)} files, {size / 1e6:.1f} MB to precache, {len(later)} for the ordinary start"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    write = commands.add_parser("manifest", help=f"write ROOT/{MANIFEST}")
    write.add_argument("root", nargs="?", type=Path, default=ROOT)
    site = commands.add_parser("site", help="copy the static site into DEST")
    site.add_argument("dest", type=Path)
    args = parser.parse_args(argv)
    try:
        if args.command == "manifest":
            print(f"    {MANIFEST}: {describe(write_manifest(args.root), args.root)}")
        else:
            data = assemble_site(ROOT, args.dest)
            print(f"    site in {args.dest}: {describe(data, args.dest)}")
    except SiteError as error:
        print(f"precache.py: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
