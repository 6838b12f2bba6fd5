"""Render the app icons (PNG) from one SVG design in headless Chromium.

    .venv/bin/python tools/make_icons.py     # writes static/icons/*.png

The design is static/icon.svg's: a green rounded square with two playing
cards, the front one an Ace of Hearts (its "A" drawn as a path here, so the
PNGs do not depend on the fonts of the machine that renders them). Output:

    icon-192.png, icon-512.png   "any" icons: the rounded square, transparent corners
    maskable-512.png             "maskable": full-bleed green, the cards inside the
                                 central safe zone (a circle of 40% of the size)
    apple-touch-icon.png         180x180, opaque (iOS rounds the corners itself)

Run it again after changing the design and commit the PNGs; the build does
not run it (it needs a browser, and icons rarely change). Uses Playwright with
Debian's /usr/bin/chromium (or $SOLITAIRE_CHROMIUM), never a downloaded browser.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "static" / "icons"
FELT = "#0e6b43"

# Two cards on a 64x64 grid, as in static/icon.svg.
CARDS = """
  <rect x="14" y="10" width="32" height="44" rx="4" fill="#fff" stroke="#9a9ea6" transform="rotate(-10 30 32)"/>
  <rect x="20" y="12" width="32" height="44" rx="4" fill="#fff" stroke="#9a9ea6"/>
  <path d="M36 24c-3-5-10-3-9 2 0 4 5 7 9 11 4-4 9-7 9-11 1-5-6-7-9-2z" fill="#c8102e"/>
  <path fill-rule="evenodd" fill="#c8102e"
        d="M23.6 25 26.5 17.4h2L31.4 25h-1.9l-.6-1.8h-2.9l-.6 1.8zm3-3.3h2l-1-3z"/>
"""


def svg(*, rounded: bool, scale: float) -> str:
    """The icon on a 64 grid: background (rounded or full-bleed) and the cards scaled about the centre."""
    radius = 12 if rounded else 0
    # The cards' own box is about x 10-52, y 7-57: centre them at (32, 32) first.
    cards = f'<g transform="translate(32 32) scale({scale}) translate(-31 -32)">{CARDS}</g>'
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="100%" height="100%">'
        f'<rect width="64" height="64" rx="{radius}" fill="{FELT}"/>{cards}</svg>'
    )


# name: (size, rounded square with transparent corners?, scale of the cards)
ICONS = {
    "icon-192.png": (192, True, 1.0),
    "icon-512.png": (512, True, 1.0),
    # Safe zone: the cards' corners lie within 32.6 units of the centre at scale 1;
    # 0.72 brings them to 23.5 units, inside the 25.6 (40% of 64) circle.
    "maskable-512.png": (512, False, 0.72),
    "apple-touch-icon.png": (180, False, 0.84),
}


def main() -> int:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    executable = os.environ.get("SOLITAIRE_CHROMIUM", "/usr/bin/chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox", "--disable-gpu"])
        for name, (size, rounded, scale) in ICONS.items():
            page = browser.new_page(viewport={"width": size, "height": size}, device_scale_factor=1)
            page.set_content(
                "<!doctype html><style>html,body{margin:0;background:transparent}"
                f"svg{{display:block;width:{size}px;height:{size}px}}</style>" + svg(rounded=rounded, scale=scale)
            )
            page.screenshot(path=str(OUT / name), omit_background=rounded)
            page.close()
            print(f"wrote {(OUT / name).relative_to(ROOT)} ({size}x{size})")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
