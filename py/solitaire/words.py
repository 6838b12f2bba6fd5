"""The names the player reads, in English and German, in one place: the games' names and the
piles' names. The engine's messages use them (texts.py), and the build writes them for the page
(tools/make_words.py -> static/words.js), which needs them before the engine is up: the first
table's labels and the game picker are drawn at once.
"""

from __future__ import annotations

# In the order the page lists the games (registry.GAMES).
GAME_NAMES: dict[str, dict[str, str]] = {
    "en": {
        "klondike": "Klondike",
        "double-klondike": "Double Klondike",
        "spider": "Spider",
        "freecell": "FreeCell",
        "pyramid": "Pyramid",
        "tripeaks": "TriPeaks",
    },
    "de": {
        "klondike": "Klondike",
        "double-klondike": "Doppel-Klondike",
        "spider": "Spider",
        "freecell": "FreeCell",
        "pyramid": "Pyramide",
        "tripeaks": "TriPeaks",
    },
}

# A pile is named by its kind, then its number where its game has several ("tableau-3": "Column 3").
PILE_NAMES: dict[str, dict[str, str]] = {
    "en": {
        "stock": "Stock",
        "waste": "Waste",
        "foundation": "Foundation",
        "tableau": "Column",
        "cell": "Free cell",
        "pyramid": "Pyramid place",
        "peak": "Peak place",
    },
    "de": {
        "stock": "Talon",
        "waste": "Ablagestapel",
        "foundation": "Zielstapel",
        "tableau": "Spalte",
        "cell": "Freie Zelle",
        "pyramid": "Pyramidenplatz",
        "peak": "Gipfelplatz",
    },
}
