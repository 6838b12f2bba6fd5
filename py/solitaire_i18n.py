"""What the page shows from Python, in the player's language: error sentences,
status lines and card names.

Presentation only, beside the bridge: the engine speaks English (its
messages are written for the player) and never imports this module; the
bridge passes what it shows through ``translate`` and ``card_name``.

The catalogue pairs each English message *template* of the engine with its
German template, grouped by module in the order the messages appear in the
source (a message raised by several modules is listed once, where it first
appears). A template is the message with each variable part written as a
placeholder named after its *kind*: ``{card}`` (a card name), ``{pile}``,
``{number}``, ``{text}`` (a value shown as it is), ``{message}`` (a nested
message, translated in turn), ... (see ``KINDS``); digits tell two of a kind apart
(``{card2}``). A few kinds are small phrase tables of their own (``PHRASES``:
the English phrases an engine message puts into its sentence). A German
placeholder may choose a word by its number: ``{number|Karte|Karten}``.

``translate`` turns each English template into a regular expression with a
named group per placeholder (once, when German is first asked for), takes the
first that matches the whole message, translates each group by its kind and
fills in the German template. A message the catalogue does not know comes
back unchanged (English), never an error; tests/test_i18n.py makes sure that
every message of the engine is known.

>>> translate("the Queen of Hearts cannot go on the King of Clubs: columns build down by one in alternating colours", "de")
'Herz Dame passt nicht auf Kreuz König: In den Spalten wird absteigend in wechselnden Farben angelegt'
>>> translate("cannot move cards from 'tableau-9'", "de")
'Von „Spalte 9“ lassen sich keine Karten ziehen'
>>> translate("Draw 3 · pass 2 of 3", "de")
'3 Karten ziehen · Durchgang 2 von 3'
>>> translate("Draw 3 · pass 2 of 3", "en")
'Draw 3 · pass 2 of 3'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from solitaire.cards import RANK_NAMES, SUIT_NAMES, rank, suit
from solitaire.cards import card_name as english_card_name

LANGUAGES = ("en", "de")
DEFAULT_LANGUAGE = "en"

# -- cards and piles ------------------------------------------------------------------

# As static/cards.js names them (cardName(text, "de")): suit first, then rank.
GERMAN_SUITS = ("Kreuz", "Karo", "Herz", "Pik")
GERMAN_RANKS = ("", "Ass", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Bube", "Dame", "König")

# Pile names as the page's German labels have them (static/i18n.js, "pile.*").
GERMAN_PILES = {
    "stock": "Talon",
    "waste": "Ablagestapel",
    "foundation": "Zielstapel",
    "tableau": "Spalte",
    "cell": "Freie Zelle",
    "pyramid": "Pyramidenplatz",
    "peak": "Gipfelplatz",
    "row": "Reihe",  # a line of the Pyramid and TriPeaks layout notation
}
# A kind named without a number (Spider's deal goes to "tableau": every column).
GERMAN_PILE_KINDS = {"tableau": "Spalten", "foundation": "Zielstapel", "cell": "Freie Zellen", "pyramid": "Pyramide", "peak": "Gipfel"}


def card_name(card: int, language: str) -> str:
    """The card's name as the page says it: 'Queen of Hearts', 'Herz Dame'.

    >>> from solitaire.cards import parse_card
    >>> card_name(parse_card("QH"), "de"), card_name(parse_card("TS"), "de"), card_name(parse_card("QH"), "en")
    ('Herz Dame', 'Pik 10', 'Queen of Hearts')
    """
    if language == "de":
        return f"{GERMAN_SUITS[suit(card)]} {GERMAN_RANKS[rank(card)]}"
    return english_card_name(card)


def german_card_name(english: str) -> str:
    """'Queen of Hearts' -> 'Herz Dame'."""
    rank_name, _, suit_name = english.partition(" of ")
    return f"{GERMAN_SUITS[SUIT_NAMES.index(suit_name)]} {GERMAN_RANKS[RANK_NAMES.index(rank_name)]}"


def german_pile(text: str) -> str:
    """A pile name as the page shows it: 'tableau-3' -> 'Spalte 3'; the page's
    quoted form of a name, and any name we do not know, in German quotes."""
    quoted = len(text) >= 2 and text[0] == text[-1] and text[0] in "'\""
    name = text[1:-1] if quoted else text
    kind, dash, number = name.partition("-")
    german: str | None = None
    if dash and number.isdigit() and kind in GERMAN_PILES:
        german = f"{GERMAN_PILES[kind]} {number}"
    elif not dash and kind in ("stock", "waste"):
        german = GERMAN_PILES[kind]
    elif not dash and kind in GERMAN_PILE_KINDS:
        german = GERMAN_PILE_KINDS[kind]
    if german is None:
        return f"„{name}“"
    return f"„{german}“" if quoted else german


# -- placeholder kinds -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Kind:
    """What a placeholder matches in the English text, and its German text (None: not known)."""

    pattern: str
    german: Callable[[str], str | None]


def keep(text: str) -> str:
    return text


def german_quotes(text: str) -> str:
    """A value as Python quotes it ('QX'), in German quotes („QX“); anything else as it is."""
    return f"„{text[1:-1]}“" if re.fullmatch(r"'[^'\\]*'", text) else text


CARD_NAME = "(?:{}) of (?:{})".format("|".join(RANK_NAMES[1:]), "|".join(SUIT_NAMES))
CARD_TEXTS = r"[A2-9TJQK][CDHS](?: [A2-9TJQK][CDHS])*"
PILE_NAME = r"'[^']*'|\"[^\"]*\"|[a-z]+(?:-\d+)?"

KINDS: dict[str, Kind] = {
    "card": Kind(CARD_NAME, german_card_name),  # 'Queen of Hearts'
    "cards": Kind(CARD_TEXTS, keep),  # card texts: 'QH 2C'
    "pile": Kind(PILE_NAME, german_pile),  # 'tableau-3', "'tableau-3'", 'stock'
    "number": Kind(r"-?\d+", keep),
    "text": Kind(r".+?", german_quotes),  # a value of the player's or the page's, shown as it is
    "list": Kind(r".*?", lambda text: ", ".join(f"„{name}“" for name in text.split(", ") if name)),  # names to type
    "choices": Kind(r".+?", lambda text: text.replace(" or ", " oder ")),  # '1 or 3'
    "message": Kind(r".+", lambda text: german_message(text)),  # a nested message, translated in turn
    "s": Kind(r"(?:s)?", keep),  # English plural endings; German templates choose with {number|..|..}
    "es": Kind(r"(?:es)?", keep),
}

# Phrases that an engine message puts into its sentence: kind -> (English, German) templates.
# Each becomes a kind of its own (``phrase_kind``, at the end of the module).
PHRASES: dict[str, tuple[tuple[str, str], ...]] = {
    "amount": (  # Klondike's layout check
        ("each of the 52 cards exactly once", "jede der 52 Karten genau einmal"),
        ("each card exactly {number} times", "jede Karte genau {number}-mal"),
    ),
    "label": (("the {number}-suit game", "Spiel mit {number} {number|Farbe|Farben}"),),  # Spider's layout check
    "problems": (  # FreeCell's layout check
        ("twice: {cards}; missing: {cards2}", "doppelt: {cards}; es fehlen: {cards2}"),
        ("twice: {cards}", "doppelt: {cards}"),
        ("missing: {cards}", "es fehlen: {cards}"),
    ),
    "bounds": (  # a number line of the Pyramid and TriPeaks layouts
        ("from {number} to {number2}", "zwischen {number} und {number2} liegen"),
        ("at least {number}", "mindestens {number} sein"),
    ),
    "state": (  # TriPeaks' layout check
        ("face up: nothing covers it", "offen (nichts liegt auf ihr)"),
        ("face down: a card still covers it", "verdeckt (eine Karte liegt noch auf ihr)"),
    ),
    "brackets": (("without", "ohne Klammern"), ("in", "in Klammern")),
}


# -- the catalogue: English template -> German template -------------------------------------

GERMAN: tuple[tuple[str, str], ...] = (
    # solitaire/game.py
    ("not a move: {text} (write e.g. w>f1, t2>t5x3, s>w)", "Kein Zug: {text} (schreib z. B. w>f1, t2>t5x3, s>w)"),
    ("unknown option {text} (known: {list})", "Unbekannte Option {text} (bekannt: {list})"),
    ("option {text} must be {choices}, not {text2}", "Die Option {text} muss {choices} sein, nicht {text2}"),
    ("deal numbers run from {number} to {number2}, not {number3}", "Spielnummern reichen von {number} bis {number2}, nicht {number3}"),
    ("the stock is used up", "Der Talon ist aufgebraucht"),
    # solitaire/cards.py
    (
        "not a card: {text} (write rank A 2-9 T J Q K and suit C D H S, e.g. QH)",
        "Keine Karte: {text} (schreib den Rang A 2-9 T J Q K und die Farbe C D H S, z. B. QH)",
    ),
    # solitaire/daily.py
    ("not a date: {text} (write YYYY-MM-DD, e.g. 2026-11-29)", "Kein Datum: {text} (schreib JJJJ-MM-TT, z. B. 2026-11-29)"),
    # solitaire/registry.py
    ("unknown game {text} (known: {list})", "Unbekanntes Spiel {text} (bekannt: {list})"),
    # solitaire/rng.py (a programming error: the bridge reports it as an internal error)
    ("bound must be in 1..2**32", "Die Grenze muss in 1..2**32 liegen"),
    # solitaire/session.py
    ("not a usable layout: {message}", "Kein brauchbarer Aufbau: {message}"),
    ("the game is already won", "Das Spiel ist schon gewonnen"),
    ("the game cannot be finished automatically yet", "Das Spiel lässt sich noch nicht automatisch beenden"),
    ("there is nothing to undo", "Es gibt nichts zurückzunehmen"),
    ("there is nothing to redo", "Es gibt nichts zu wiederholen"),
    ("the save is not a JSON object", "Der Spielstand ist kein JSON-Objekt"),
    ("the save has version {text}; this game reads version {number}", "Der Spielstand hat die Version {text}; dieses Spiel liest Version {number}"),
    ("the save's options are not a list of names and values", "Die Optionen im Spielstand sind keine Liste von Namen und Werten"),
    ("the save has no deal number", "Der Spielstand hat keine Spielnummer"),
    ("the save's daily date is not text", "Das Datum des Tagesspiels im Spielstand ist kein Text"),
    ("the save's clock is not a number of seconds", "Die Spielzeit im Spielstand ist keine Zahl von Sekunden"),
    ("the save's daily date is not a date: {message}", "Das Datum des Tagesspiels im Spielstand ist kein Datum: {message}"),
    ("the save's layout is not text", "Der Aufbau im Spielstand ist kein Text"),
    ("the save's assisted mark is not true or false", "Die Hilfe-Markierung des Spielstands ist weder wahr noch falsch"),
    ("the save does not replay: {message}", "Der Spielstand lässt sich nicht nachspielen: {message}"),
    ("the save's moves are not a list of turns", "Die Züge im Spielstand sind keine Liste von Spielzügen"),
    ("the save holds a bad move: {message}", "Der Spielstand enthält einen ungültigen Zug: {message}"),
    # solitaire/games/klondike.py
    ("a card must move to another pile", "Eine Karte muss auf einen anderen Stapel ziehen"),
    ("cards from the stock go to the waste", "Karten vom Talon kommen auf den Ablagestapel"),
    ("the stock is empty", "Der Talon ist leer"),
    ("the stock deals {number} card{s} at a time here", "Der Talon gibt hier jeweils {number} {number|Karte|Karten}"),
    ("the waste can be turned over only when the stock is empty", "Der Ablagestapel lässt sich erst umdrehen, wenn der Talon leer ist"),
    ("the waste is empty", "Der Ablagestapel ist leer"),
    ("Vegas allows {number} pass{es} through the stock", "Vegas erlaubt {number} {number|Durchgang|Durchgänge} durch den Talon"),
    ("the whole waste is turned over at once", "Der ganze Ablagestapel wird auf einmal umgedreht"),
    ("a move takes at least one card", "Ein Zug nimmt mindestens eine Karte"),
    ("only the top card of the waste can be played", "Nur die oberste Karte des Ablagestapels ist spielbar"),
    ("that foundation is empty", "Dieser Zielstapel ist leer"),
    ("foundation cards move one at a time", "Karten vom Zielstapel ziehen einzeln"),
    ("a foundation card can only go back to a column", "Eine Karte vom Zielstapel kann nur zurück auf eine Spalte"),
    ("that column does not hold so many cards", "So viele Karten liegen nicht in dieser Spalte"),
    ("face-down cards cannot be moved", "Verdeckte Karten lassen sich nicht ziehen"),
    ("only a run down in alternating colours moves together", "Nur eine absteigende Folge in wechselnden Farben zieht gemeinsam"),
    ("cards go to a foundation one at a time", "Karten kommen einzeln auf einen Zielstapel"),
    ("cannot move cards from {pile}", "Von {pile} lassen sich keine Karten ziehen"),
    ("a foundation starts with an Ace", "Ein Zielstapel beginnt mit einem Ass"),
    ("the {card} does not follow the {card2}", "{card} folgt nicht auf {card2}"),
    ("only a King can fill an empty column", "Nur ein König darf eine leere Spalte füllen"),
    (
        "the {card} cannot go on the {card2}: columns build down by one in alternating colours",
        "{card} passt nicht auf {card2}: In den Spalten wird absteigend in wechselnden Farben angelegt",
    ),
    ("cards cannot be put on {pile}", "Auf {pile} lassen sich keine Karten legen"),
    ("Draw {number}", "{number} {number|Karte|Karten} ziehen"),  # status line
    ("Draw {number} · pass {number2} of {number3}", "{number} {number|Karte|Karten} ziehen · Durchgang {number2} von {number3}"),
    ("a layout line reads 'pile: cards', not {text}", "Eine Zeile des Aufbaus lautet „Stapel: Karten“, nicht {text}"),
    ("unknown pile {pile}", "Unbekannter Stapel {pile}"),
    ("{pile}: face-down cards [..] must lie below the face-up ones", "{pile}: Verdeckte Karten [..] müssen unter den offenen liegen"),
    ("the layout must hold {amount}", "Der Aufbau muss {amount} enthalten"),
    ("{pile} must run from the Ace up in one suit", "{pile} muss vom Ass an aufwärts in einer Farbe liegen"),
    # solitaire/games/spider.py
    (
        "the {card} cannot go on the {card2}: columns build down by one rank",
        "{card} passt nicht auf {card2}: In den Spalten wird um einen Rang absteigend angelegt",
    ),
    ("a deal puts one card on every column (click the stock)", "Beim Austeilen bekommt jede Spalte eine Karte (klick auf den Talon)"),
    ("a deal puts one card on each of the {number} columns", "Beim Austeilen bekommt jede der {number} Spalten eine Karte"),
    ("the stock is empty: all five deals are used", "Der Talon ist leer: Alle fünf Runden sind ausgeteilt"),
    (
        "every column needs a card before a deal: fill the empty columns first",
        "Vor dem Austeilen braucht jede Spalte eine Karte: Füll zuerst die leeren Spalten",
    ),
    ("a completed run stays on its foundation", "Eine fertige Folge bleibt auf ihrem Zielstapel"),
    (
        "only a run down by rank in one suit moves together; move the cards one by one",
        "Nur eine absteigende Folge in einer Farbe zieht gemeinsam; zieh die Karten einzeln",
    ),
    (
        "no card moves to a foundation: a complete King-to-Ace run of one suit goes there by itself",
        "Keine Karte zieht auf einen Zielstapel: Eine vollständige Folge vom König bis zum Ass in einer Farbe kommt von selbst dorthin",
    ),
    ("Deals left {number} · runs {number2} of {number3}", "Noch {number} {number|Runde|Runden} · Folgen {number2} von {number3}"),  # status line
    ("the score must be a whole number, not {text}", "Die Punktzahl muss eine ganze Zahl sein, nicht {text}"),
    ("{pile} is given twice", "{pile} ist doppelt angegeben"),
    ("{pile}: {message}", "{pile}: {message}"),
    ("{pile}: {label} has no {cards}", "{pile}: Im {label} gibt es kein {cards}"),
    ("{pile}: {label} has only {number} copies of {cards}", "{pile}: Im {label} gibt es {cards} nur {number}-mal"),
    ("the layout must hold all 104 cards of {label}; missing: {cards}", "Der Aufbau muss alle 104 Karten enthalten ({label}); es fehlen: {cards}"),
    ("the stock holds {number} cards per deal left, not {number2}", "Der Talon enthält {number} Karten je verbleibende Runde, nicht {number2}"),
    (
        "{pile} must be empty or hold a whole run of one suit, Ace first up to the King",
        "{pile} muss leer sein oder eine ganze Folge einer Farbe enthalten, vom Ass unten bis zum König",
    ),
    (
        "{pile} holds a completed King-to-Ace run, which would have left the table",
        "{pile} enthält eine fertige Folge vom König bis zum Ass, die den Tisch schon verlassen hätte",
    ),
    # solitaire/games/freecell.py
    ("not a foundation rank: {text} (write 0, A, 2-9, T, J, Q or K)", "Kein Rang für einen Zielstapel: {text} (schreib 0, A, 2-9, T, J, Q oder K)"),
    (
        "only {number} card{s} can move at once now: (1 + {number2} free cell{s2}) × 2^{number3} for {number4} empty column{s3}",
        "Jetzt {number|kann|können} nur {number} {number|Karte|Karten} auf einmal ziehen: (1 + {number2} {number2|freie Zelle|freie Zellen})"
        " × 2^{number3} für {number4} {number4|leere Spalte|leere Spalten}",
    ),
    (
        "only {number} card{s} can move at once now: (1 + {number2} free cell{s2}) × 2^{number3} for {number4} empty column{s3}"
        " (the empty column you move to does not count)",
        "Jetzt {number|kann|können} nur {number} {number|Karte|Karten} auf einmal ziehen: (1 + {number2} {number2|freie Zelle|freie Zellen})"
        " × 2^{number3} für {number4} {number4|leere Spalte|leere Spalten} (die leere Spalte, in die du ziehst, zählt nicht)",
    ),
    ("cards may not come back from a foundation: Microsoft FreeCell forbids it", "Karten dürfen nicht vom Zielstapel zurück: Microsoft FreeCell verbietet das"),
    ("that free cell is empty", "Diese freie Zelle ist leer"),
    ("a free cell holds only one card", "Eine freie Zelle nimmt nur eine Karte auf"),
    ("that column is empty", "Diese Spalte ist leer"),
    ("that free cell is taken", "Diese freie Zelle ist belegt"),
    ("Free cells {number} of {number2} · can move {number3}", "Freie Zellen {number} von {number2} · {number3} {number3|Karte|Karten} auf einmal"),  # status line
    ("Free cells {number} of {number2}", "Freie Zellen {number} von {number2}"),  # status line, every card home
    ("the layout gives the foundations twice", "Der Aufbau nennt die Zielstapel zweimal"),
    ("the layout gives the free cells twice", "Der Aufbau nennt die freien Zellen zweimal"),
    (
        "a FreeCell layout has {number} column lines, not {number2} (write ':' for an empty column)",
        "Ein FreeCell-Aufbau hat {number} Spaltenzeilen, nicht {number2} (schreib „:“ für eine leere Spalte)",
    ),
    ("at most {number} foundations, not {number2}: {text}", "Höchstens {number} Zielstapel, nicht {number2}: {text}"),
    ("a foundation reads suit-rank, e.g. H-5 or S-0, not {text}", "Ein Zielstapel wird Farbe-Rang geschrieben, z. B. H-5 oder S-0, nicht {text}"),
    ("the foundations name suit {text} twice", "Die Zielstapel nennen die Farbe {text} zweimal"),
    ("FreeCell has {number} free cells, not {number2}: {text}", "FreeCell hat {number} freie Zellen, nicht {number2}: {text}"),
    ("the layout must hold each of the 52 cards exactly once ({problems})", "Der Aufbau muss jede der 52 Karten genau einmal enthalten ({problems})"),
    # solitaire/games/covering.py (Pyramid and TriPeaks)
    ("unknown line {text} (known: {list})", "Unbekannte Zeile {text} (bekannt: {list})"),
    ("{pile} must be a whole number, not {text}", "{pile} muss eine ganze Zahl sein, nicht {text}"),
    ("{pile} must be {bounds}, not {number}", "{pile} muss {bounds}, nicht {number}"),
    ("{pile} has {number} places, written as cards or {text}, not {number2}", "{pile} hat {number} Plätze, geschrieben als Karten oder {text}, nicht {number2}"),
    # solitaire/games/pyramid.py
    ("a card must go to another pile or pair with another card", "Eine Karte muss auf einen anderen Stapel ziehen oder mit einer anderen Karte ein Paar bilden"),
    ("cards cannot be put on the stock", "Auf den Talon lassen sich keine Karten legen"),
    ("removed cards stay on the discard pile", "Entfernte Karten bleiben auf dem Abwurfstapel"),
    ("only the top card of the waste is free", "Nur die oberste Karte des Ablagestapels ist frei"),
    ("pick a single card", "Wähle eine einzelne Karte"),
    ("only a King is removed alone; the {card} needs a partner making 13", "Nur ein König wird allein entfernt; {card} braucht eine Partnerkarte zur Summe 13"),
    ("a King is removed alone", "Ein König wird allein entfernt"),
    ("the {card} and the {card2} add up to {number}, not 13", "{card} und {card2} ergeben zusammen {number}, nicht 13"),
    ("there is no pile {pile}", "Es gibt keinen Stapel {pile}"),
    ("{pile} is empty", "{pile} ist leer"),
    ("the {card} is still covered by a card below it", "{card} ist noch von einer Karte der Reihe darunter bedeckt"),
    ("the stock turns one card at a time", "Der Talon deckt jeweils eine Karte auf"),
    ("the stock can be gone through only {number} times", "Der Talon kann nur {number}-mal durchgegangen werden"),
    ("Pass {number} of {number2}", "Durchgang {number} von {number2}"),  # status line
    ("pyramid cards lie face up: write QH, not [QH]", "Pyramidenkarten liegen offen: Schreib QH, nicht [QH]"),
    # solitaire/games/tripeaks.py
    ("the stock is gone through only once: the waste is not turned over", "Der Talon wird nur einmal durchgegangen: Der Ablagestapel wird nicht umgedreht"),
    ("cards on the waste stay there", "Karten auf dem Ablagestapel bleiben dort"),
    ("peak cards go to the waste", "Karten der Gipfel kommen auf den Ablagestapel"),
    (
        "{pile} is face down: it turns up when both cards covering it are gone",
        "Die Karte auf {pile} liegt verdeckt: Sie wird aufgedeckt, wenn beide Karten auf ihr weg sind",
    ),
    ("the {card} is not one rank above or below the {card2}", "{card} liegt nicht einen Rang über oder unter {card2}"),
    ("the stock is empty (it is gone through only once)", "Der Talon ist leer (er wird nur einmal durchgegangen)"),
    ("Stock {number} · run {number2}", "Talon {number} · Serie {number2}"),  # status line
    ("{pile} is {state}; write it {brackets} brackets", "{pile}: Die Karte liegt {state}; schreib sie {brackets}"),
    # solitaire_bridge.py
    ("a message must be a JSON object", "Eine Nachricht muss ein JSON-Objekt sein"),
    ("unknown message type {text}", "Unbekannte Nachrichtenart {text}"),
    ("the message is not valid JSON", "Die Nachricht ist kein gültiges JSON"),
    ("internal error ({text}); the game is unchanged", "Interner Fehler ({text}); das Spiel ist unverändert"),
    ("no game has been started", "Es wurde noch kein Spiel begonnen"),
    ("that card cannot go to a foundation now", "Diese Karte kann jetzt auf keinen Zielstapel"),
    ("that card has nowhere to go now", "Diese Karte kann jetzt nirgendwohin"),
    ("that card fits more than one place: choose where it goes", "Diese Karte passt an mehr als eine Stelle: Wähle, wohin sie kommt"),
    ("unknown language {text} (known: {list})", "Unbekannte Sprache {text} (bekannt: {list})"),
    ("the deal number must be a whole number, not {text}", "Die Spielnummer muss eine ganze Zahl sein, nicht {text}"),
    ("the first deal must be a whole number, not {text}", "Das erste Spiel muss eine ganze Zahl sein, nicht {text}"),
    ("the moves must be a list of moves in notation", "Die Züge müssen eine Liste von Zügen in Zugschreibweise sein"),
    ("a challenge holds at most {number} moves", "Eine Herausforderung hat höchstens {number} Züge"),
    ("nodes must be a whole number from 1 to {number}", "Die Knotenzahl muss eine ganze Zahl von 1 bis {number} sein"),
    ("ms must be a number of milliseconds from 1 to 1000", "ms muss eine Zahl von Millisekunden von 1 bis 1000 sein"),
    ("the solver's line puts a card on no foundation", "Der Lösungsweg des Lösers legt eine Karte auf keine Ablage"),
    ("the solver's line lost track of the stock", "Der Lösungsweg des Lösers passt nicht mehr zum Talon"),
    ("the solver's line takes back a card that is not home", "Der Lösungsweg des Lösers nimmt eine Karte zurück, die nicht auf einer Ablage liegt"),
    ("the solver's line plays a card that is not in the stock", "Der Lösungsweg des Lösers spielt eine Karte, die nicht im Talon ist"),
    ("move {number} ({text}) is not allowed: {message}", "Zug {number} ({text}) ist nicht erlaubt: {message}"),
    ("options must map names to text values", "Die Optionen müssen Namen auf Textwerte abbilden"),
    ("the picked card's index must be a whole number", "Die Position der gewählten Karte muss eine ganze Zahl sein"),
    ("{pile} has no card at index {number}", "{pile} hat keine Karte an Position {number}"),
    ("the message needs {text} as text", "Die Nachricht braucht {text} als Text"),
    ("something went wrong; the game is unchanged", "Etwas ist schiefgegangen; das Spiel ist unverändert"),
    # Python's own messages that the engine passes on (Klondike's layout reads "redeals: N" with int())
    ("invalid literal for int() with base 10: {text}", "Keine ganze Zahl: {text}"),
)


# -- the machinery ---------------------------------------------------------------------------

PLACEHOLDER = re.compile(r"\{(\w+)\}")
GERMAN_PLACEHOLDER = re.compile(r"\{(\w+)(?:\|([^|{}]*)\|([^|{}]*))?\}")


def kind_of(name: str) -> str:
    """The kind a placeholder is named after: 'card2' -> 'card'."""
    return name.rstrip("0123456789")


def english_pattern(template: str, named: bool = True) -> str:
    """The regular expression of an English template: its text as it is, a group per placeholder."""
    parts: list[str] = []
    position = 0
    for found in PLACEHOLDER.finditer(template):
        name = found[1]
        if kind_of(name) not in KINDS:
            raise ValueError(f"unknown placeholder {{{name}}} in {template!r}")
        inner = KINDS[kind_of(name)].pattern
        parts += [re.escape(template[position : found.start()]), f"(?P<{name}>{inner})" if named else f"(?:{inner})"]
        position = found.end()
    parts.append(re.escape(template[position:]))
    return "".join(parts)


@dataclass(frozen=True, slots=True)
class Entry:
    """One message: its English template, compiled, and its German template."""

    english: str
    german: str
    pattern: re.Pattern[str]


def compile_entries(pairs: Sequence[tuple[str, str]]) -> tuple[Entry, ...]:
    return tuple(Entry(english, german, re.compile(english_pattern(english))) for english, german in pairs)


def fill(template: str, values: Mapping[str, str]) -> str:
    """The German template with its placeholders filled; ``{n|one|many}`` picks a word by n."""

    def value(found: re.Match[str]) -> str:
        name, one, many = found[1], found[2], found[3]
        if one is None:
            return values[name]
        return one if values[name] == "1" else many

    return GERMAN_PLACEHOLDER.sub(value, template)


def render(entries: Sequence[Entry], text: str) -> tuple[str, bool] | None:
    """``text`` in German by the first entry that matches all of it, and whether
    every part of it was translated; None when no entry matches.

    An entry whose nested message is not known yields only if no later entry
    translates the whole text (so a general ``{pile}: {message}`` does not
    swallow a message of its own).
    """
    partial: tuple[str, bool] | None = None
    for entry in entries:
        found = entry.pattern.fullmatch(text)
        if not found:
            continue
        values: dict[str, str] = {}
        complete = True
        for name, part in found.groupdict().items():
            german = KINDS[kind_of(name)].german(part)
            complete = complete and german is not None
            values[name] = part if german is None else german
        result = fill(entry.german, values)
        if complete:
            return result, True
        partial = partial or (result, False)
    return partial


@cache
def german_entries() -> tuple[Entry, ...]:
    """The catalogue, compiled when German is first needed (an English page never pays for it)."""
    return compile_entries(GERMAN)


def german_message(text: str) -> str | None:
    """A whole message in German, or None if some part of it is not known."""
    rendered = render(german_entries(), text)
    return rendered[0] if rendered is not None and rendered[1] else None


def translate(text: str, language: str) -> str:
    """An engine message or status line in ``language``: unchanged for English,
    for a language we do not have, and for a message the catalogue does not know
    (a message known but for a nested part comes with that part in English)."""
    if language != "de":
        return text
    rendered = render(german_entries(), text.strip())
    return text if rendered is None else rendered[0]


def translate_status(text: str, language: str) -> str:
    """A game's status line (e.g. 'Draw 3 · pass 2 of 3') in ``language``."""
    return translate(text, language)


def phrase_kind(pairs: Sequence[tuple[str, str]]) -> Kind:
    """A kind that matches any of the English phrases and says it in German."""
    entries = cache(lambda: compile_entries(pairs))

    def german(text: str) -> str | None:
        rendered = render(entries(), text)
        return rendered[0] if rendered is not None and rendered[1] else None

    return Kind("|".join(f"(?:{english_pattern(english, named=False)})" for english, _ in pairs), german)


KINDS.update({kind: phrase_kind(pairs) for kind, pairs in PHRASES.items()})
