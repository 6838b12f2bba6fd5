"""The names the player reads, in English and German, in one place: the games' names, the
piles' names, the cards' names and the games' options with their values. The engine's messages use them (texts.py), and the build writes them for the page
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
        "eight-off": "Eight Off",
        "golf": "Golf",
        "scorpion": "Scorpion",
        "forty-thieves": "Forty Thieves",
        "canfield": "Canfield",
        "yukon": "Yukon",
    },
    "de": {
        "klondike": "Klondike",
        "double-klondike": "Doppel-Klondike",
        "spider": "Spider",
        "freecell": "FreeCell",
        "pyramid": "Pyramide",
        "tripeaks": "TriPeaks",
        "eight-off": "Acht Zellen",
        "golf": "Golf",
        "scorpion": "Skorpion",
        "forty-thieves": "Vierzig Räuber",
        "canfield": "Canfield",
        "yukon": "Yukon",
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
        "reserve": "Reserve",
    },
    "de": {
        "stock": "Talon",
        "waste": "Ablagestapel",
        "foundation": "Zielstapel",
        "tableau": "Spalte",
        "cell": "Freie Zelle",
        "pyramid": "Pyramidenplatz",
        "peak": "Gipfelplatz",
        "reserve": "Reserve",
    },
}

# An option's name and its values' names, as the settings and the bar show them.
OPTION_NAMES: dict[str, dict[str, tuple[str, dict[str, str]]]] = {
    "en": {
        "draw": ("Draw", {"1": "One card", "3": "Three cards"}),
        "scoring": ("Scoring", {"standard": "Standard", "vegas": "Vegas", "vegas-cumulative": "Vegas, cumulative", "none": "None"}),
        "timed": ("Timed game", {"off": "Off", "on": "On (Standard scoring)"}),
        "open": ("Open mode", {"off": "Off", "on": "Every card shown"}),
        "suits": ("Suits", {"1": "One suit", "2": "Two suits", "4": "Four suits"}),
        "building": ("Building", {"alternate": "Alternating colours", "any": "Any colour order"}),
        "king": ("On a King", {"dead": "Nothing (ends the run)", "queen": "A Queen"}),
        "wrap": ("King and Ace connect", {"off": "Off", "on": "On"}),
        "runs": ("Completed runs", {"leave": "Leave the table", "stay": "Stay in their column"}),
        "moves": ("Column to column", {"top-or-column": "Top card or whole column", "any-run": "Any run"}),
        "back": ("Cards back from foundations", {"off": "No", "on": "Yes"}),
    },
    "de": {
        "draw": ("Ziehen", {"1": "Eine Karte", "3": "Drei Karten"}),
        "scoring": ("Wertung", {"standard": "Standard", "vegas": "Vegas", "vegas-cumulative": "Vegas, kumulativ", "none": "Keine"}),
        "timed": ("Auf Zeit", {"off": "Aus", "on": "An (Standardwertung)"}),
        "open": ("Offenes Spiel", {"off": "Aus", "on": "Alle Karten sichtbar"}),
        "suits": ("Farben", {"1": "Eine Farbe", "2": "Zwei Farben", "4": "Vier Farben"}),
        "building": ("Anlegen", {"alternate": "Wechselnde Farben", "any": "Beliebige Farbfolge"}),
        "king": ("Auf einen König", {"dead": "Nichts (beendet die Serie)", "queen": "Eine Dame"}),
        "wrap": ("König und Ass schließen an", {"off": "Aus", "on": "An"}),
        "runs": ("Fertige Folgen", {"leave": "Verlassen den Tisch", "stay": "Bleiben in ihrer Spalte"}),
        "moves": ("Von Spalte zu Spalte", {"top-or-column": "Oberste Karte oder ganze Spalte", "any-run": "Jede Folge"}),
        "back": ("Karten zurück von den Zielstapeln", {"off": "Nein", "on": "Ja"}),
    },
}

# A card is named by its rank and suit: "Queen of Hearts", "Herz Dame" (texts.card_name).
CARD_NAMES: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {
        "suits": ("Clubs", "Diamonds", "Hearts", "Spades"),
        "ranks": ("", "Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King"),
    },
    "de": {
        "suits": ("Kreuz", "Karo", "Herz", "Pik"),
        "ranks": ("", "Ass", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Bube", "Dame", "König"),
    },
}
