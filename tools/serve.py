"""Serve a directory over HTTP on localhost (standard library only).

Used by ``./build.sh serve`` to play the built site, and by the browser tests
to load it in Chromium:

    python tools/serve.py [--directory DIR] [--port 8000] [--quiet]

From Python (tests)::

    from serve import serve_in_background   # with tools/ on sys.path

    url, server = serve_in_background("/path/to/repo")   # port 0: a free port
    ...                                                  # url ends with "/"
    server.shutdown()

Every response carries ``Cache-Control: no-cache`` so a rebuilt wheel or
lockfile is picked up on reload (the browser still revalidates with
If-Modified-Since and gets a cheap 304 for unchanged files), and the MIME
types that browsers insist on are set explicitly (``application/wasm`` for
WebAssembly streaming compilation, ``text/javascript`` for ES modules).

Like a static host (GitHub Pages, Netlify, Cloudflare Pages), it compresses
text, JavaScript, JSON, SVG and WebAssembly with gzip for clients that accept
it (``Content-Encoding: gzip``), so that the bytes the benchmark counts are
the bytes a player downloads. Archives (the standard library's zip, wheels),
images and the engine's snapshot (gzip-compressed by the build) are sent as
they are. Compressed bodies are kept in memory per file version.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import http.server
import io
import os
import sys
import threading
from pathlib import Path
from typing import Any

# Explicit types for what the site serves; browsers reject ES modules and
# streaming WebAssembly served with the wrong type, and the platform's
# mimetypes database differs between machines.
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".txt": "text/plain; charset=utf-8",
    ".snapshot": "application/octet-stream",
}


# What a static host compresses on the fly (see above).
COMPRESSED = {".html", ".js", ".mjs", ".css", ".json", ".map", ".webmanifest", ".svg", ".ico", ".wasm", ".txt"}


@functools.lru_cache(maxsize=64)
def gzipped(path: str, mtime_ns: int, size: int) -> bytes:
    """The file compressed; the cache key names the file's version (mtime and size)."""
    return gzip.compress(Path(path).read_bytes(), compresslevel=6, mtime=0)


class SiteRequestHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with fixed MIME types, gzip where a host would use it, no-cache, and optional quiet logs."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = False

    def send_head(self) -> Any:
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?")[0].endswith("/"):
            path = path / "index.html"
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (accepts and path.suffix in COMPRESSED and path.is_file()):
            return super().send_head()
        stat = path.stat()
        if self.not_modified_since(stat.st_mtime):
            self.send_response(http.HTTPStatus.NOT_MODIFIED)
            self.end_headers()
            return None
        body = gzipped(str(path), stat.st_mtime_ns, stat.st_size)
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.end_headers()
        return io.BytesIO(body)

    def not_modified_since(self, mtime: float) -> bool:
        """If-Modified-Since at or after the file's time (to the second), as SimpleHTTPRequestHandler judges it."""
        since = self.headers.get("If-Modified-Since")
        if not since or self.headers.get("If-None-Match"):
            return False
        try:
            when = email.utils.parsedate_to_datetime(since)
        except (TypeError, ValueError, IndexError, OverflowError):
            return False
        return when.tzinfo is not None and int(mtime) <= when.timestamp()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def make_server(
    directory: str | os.PathLike[str], port: int = 0, host: str = "127.0.0.1", quiet: bool = False
) -> http.server.ThreadingHTTPServer:
    """Return a bound (not yet serving) server for ``directory``; port 0 picks a free port."""
    handler_class = type("Handler", (SiteRequestHandler,), {"quiet": quiet})
    handler = functools.partial(handler_class, directory=os.fspath(directory))
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def server_url(server: http.server.ThreadingHTTPServer) -> str:
    """The base URL of a server made by ``make_server``, ending with '/'."""
    host, port = server.server_address[:2]
    host_text = host.decode() if isinstance(host, bytes) else host
    return f"http://{'localhost' if host_text == '127.0.0.1' else host_text}:{port}/"


def serve_in_background(
    directory: str | os.PathLike[str], port: int = 0, quiet: bool = True
) -> tuple[str, http.server.ThreadingHTTPServer]:
    """Serve ``directory`` from a daemon thread; return (url, server).

    Call ``server.shutdown()`` (and ``server.server_close()``) when done.
    """
    server = make_server(directory, port=port, quiet=quiet)
    thread = threading.Thread(target=server.serve_forever, name="serve", daemon=True)
    thread.start()
    return server_url(server), server


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--directory", "-d", default=".", help="directory to serve (default: .)")
    parser.add_argument(
        "--port", "-p", type=int, default=int(os.environ.get("PORT", "8000")), help="port (default: $PORT or 8000; 0 picks a free one)"
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default: 127.0.0.1)")
    parser.add_argument("--quiet", "-q", action="store_true", help="do not log each request")
    args = parser.parse_args(argv)

    server = make_server(args.directory, port=args.port, host=args.host, quiet=args.quiet)
    print(f"Serving {os.path.abspath(args.directory)} on {server_url(server)} (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
