"""What the engine says, as codes with parameters, and the one place that says it in words.

A refusal, an error or a status line is a ``Said``: a code (a ``Reason`` or a ``Status``)
and its parameters, e.g. ``Said(Reason.NOT_ALTERNATING, card=..., card2=...)``. The
exceptions the engine raises for the player (``Explained`` and its subclasses) carry one;
their ``str()`` is the English text, so the command line and the tests read English. The
page asks ``render(said, language)``.

The catalogue: each code's English template is its value; ``GERMAN`` holds the German
template of every code (tests/test_texts.py checks that none is missing). A placeholder
is named after its *kind* (``KINDS``), digits telling two of a kind apart: ``{card}`` and
``{card2}`` are card ids, shown by name; ``{pile}`` a pile name ("tableau-3", "Spalte 3");
``{place}`` a pile name quoted ('tableau-3', „Spalte 3“); ``{number}`` a whole number;
``{text}`` a value given by the player or the page, shown quoted; ``{name}`` a name
of the notation (an option), shown as it is; ``{cards}`` card texts
("QH 2C"); ``{list}`` names, ``{choices}`` alternatives; ``{ranks}`` card ranks (1-13) by
name ("5, 8 or Jack"); ``{message}`` a nested ``Said``.
``{number|card|cards}`` picks a word by the number (one, many).

>>> str(Said(Reason.NOT_ALTERNATING, card=37, card2=51))
'the Queen of Hearts cannot go on the King of Spades: columns build down by one in alternating colours'
>>> render(Said(Reason.NOT_ALTERNATING, card=37, card2=51), "de")
'Herz Dame passt nicht auf Pik König: In den Spalten wird absteigend in wechselnden Farben angelegt'
>>> render(Said(Status.DRAW_PASS, number=3, number2=2, number3=3), "de")
'3 Karten ziehen · Durchgang 2 von 3'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from typing import Any

from .cards import rank, suit
from .words import CARD_NAMES, PILE_NAMES

LANGUAGES = ("en", "de")
DEFAULT_LANGUAGE = "en"


class Reason(Enum):
    """Why something the player (or a saved game, an address, a layout) asked for cannot be
    done. The value is the English template."""

    # -- moves (every game) -------------------------------------------------------------
    NOT_A_MOVE = "not a move: {text} (write e.g. w>f1, t2>t5x3, s>w)"
    STOCK_USED_UP = "the stock is used up"
    GAME_WON = "the game is already won"
    NO_FINISH_YET = "the game cannot be finished automatically yet"
    NOTHING_TO_UNDO = "there is nothing to undo"
    NOTHING_TO_REDO = "there is nothing to redo"
    NOWHERE_TO_GO = "that card has nowhere to go now"
    NOT_HOME_NOW = "that card cannot go to a foundation now"
    MORE_THAN_ONE_PLACE = "that card fits more than one place: choose where it goes"
    # -- Klondike and Double Klondike ---------------------------------------------------------
    SAME_PILE = "a card must move to another pile"
    STOCK_TO_WASTE = "cards from the stock go to the waste"
    STOCK_EMPTY = "the stock is empty"
    DRAW_COUNT = "the stock deals {number} {number|card|cards} at a time here"
    REDEAL_STOCK_NOT_EMPTY = "the waste can be turned over only when the stock is empty"
    WASTE_EMPTY = "the waste is empty"
    VEGAS_PASSES = "Vegas allows {number} {number|pass|passes} through the stock"
    REDEAL_WHOLE_WASTE = "the whole waste is turned over at once"
    NO_CARDS = "a move takes at least one card"
    WASTE_TOP_ONLY = "only the top card of the waste can be played"
    FOUNDATION_EMPTY = "that foundation is empty"
    FOUNDATION_ONE_AT_A_TIME = "foundation cards move one at a time"
    FOUNDATION_TO_COLUMN_ONLY = "a foundation card can only go back to a column"
    TOO_MANY_CARDS = "that column does not hold so many cards"
    FACE_DOWN = "face-down cards cannot be moved"
    NOT_AN_ALTERNATING_RUN = "only a run down in alternating colours moves together"
    HOME_ONE_AT_A_TIME = "cards go to a foundation one at a time"
    NOT_A_SOURCE = "cannot move cards from {place}"
    ACE_FIRST = "a foundation starts with an Ace"
    DOES_NOT_FOLLOW = "the {card} does not follow the {card2}"
    KING_FILLS_COLUMN = "only a King can fill an empty column"
    NOT_ALTERNATING = "the {card} cannot go on the {card2}: columns build down by one in alternating colours"
    NOT_A_TARGET = "cards cannot be put on {place}"
    # -- Spider -------------------------------------------------------------------------------
    NOT_ONE_RANK_LOWER = "the {card} cannot go on the {card2}: columns build down by one rank"
    DEAL_TO_EVERY_COLUMN = "a deal puts one card on every column (click the stock)"
    DEAL_COUNT = "a deal puts one card on each of the {number} columns"
    DEALS_USED = "the stock is empty: all five deals are used"
    DEAL_NEEDS_FULL_COLUMNS = "every column needs a card before a deal: fill the empty columns first"
    RUN_STAYS_HOME = "a completed run stays on its foundation"
    NOT_A_SUIT_RUN = "only a run down by rank in one suit moves together; move the cards one by one"
    RUNS_GO_HOME_ALONE = "no card moves to a foundation: a complete King-to-Ace run of one suit goes there by itself"
    # -- Scorpion ------------------------------------------------------------------------------
    SCORPION_DEAL = "the stock deals its {number} cards at once, one each onto the first {number} columns (click the stock)"
    # -- FreeCell -----------------------------------------------------------------------------
    CAPACITY = (
        "only {number} {number|card|cards} can move at once now:"
        " (1 + {number2} free {number2|cell|cells}) × 2^{number3} for {number4} empty {number4|column|columns}"
    )
    CAPACITY_TO_EMPTY = (
        "only {number} {number|card|cards} can move at once now:"
        " (1 + {number2} free {number2|cell|cells}) × 2^{number3} for {number4} empty {number4|column|columns}"
        " (the empty column you move to does not count)"
    )
    NO_CARD_BACK = "cards may not come back from a foundation: Microsoft FreeCell forbids it"
    CELL_EMPTY = "that free cell is empty"
    CELL_HOLDS_ONE = "a free cell holds only one card"
    COLUMN_EMPTY = "that column is empty"
    CELL_TAKEN = "that free cell is taken"
    # -- FreeCell building in any colour order, and Eight Off ----------------------------------
    NOT_A_RANK_RUN = "only a run down by one rank moves together"
    NOT_IN_SUIT = "the {card} cannot go on the {card2}: columns build down by one in the same suit"
    CAPACITY_CELLS = (
        "only {number} {number|card|cards} can move at once now: 1 + {number2} free {number2|cell|cells}"
        " (an empty column takes only a King, so it does not count)"
    )
    FOUNDATION_CARDS_STAY = "cards on the foundations stay there"
    EIGHT_OFF_BLOCKED = "every free cell is taken, no King can go to an empty column, and no card fits on another column or a foundation"
    EIGHT_OFF_COLUMN_LINES = "an Eight Off layout has {number} column lines, not {number2} (write ':' for an empty column)"
    EIGHT_OFF_CELL_COUNT = "Eight Off has {number} free cells, not {number2}: {text}"
    # -- Pyramid and TriPeaks -----------------------------------------------------------------
    PAIR_OR_MOVE = "a card must go to another pile or pair with another card"
    NOTHING_ON_STOCK = "cards cannot be put on the stock"
    DISCARD_STAYS = "removed cards stay on the discard pile"
    WASTE_TOP_FREE = "only the top card of the waste is free"
    SINGLE_CARD = "pick a single card"
    NEEDS_PARTNER = "only a King is removed alone; the {card} needs a partner making 13"
    KING_ALONE = "a King is removed alone"
    NOT_THIRTEEN = "the {card} and the {card2} add up to {number}, not 13"
    NO_SUCH_PILE = "there is no pile {place}"
    PILE_EMPTY = "{pile} is empty"
    COVERED = "the {card} is still covered by a card below it"
    TURN_ONE = "the stock turns one card at a time"
    PASSES_USED = "the stock can be gone through only {number} times"
    ONE_PASS = "the stock is gone through only once: the waste is not turned over"
    WASTE_STAYS = "cards on the waste stay there"
    PEAKS_TO_WASTE = "peak cards go to the waste"
    FACE_DOWN_PEAK = "{pile} is face down: it turns up when both cards covering it are gone"
    NOT_NEXT_RANK = "the {card} is not one rank above or below the {card2}"
    STOCK_EMPTY_ONE_PASS = "the stock is empty (it is gone through only once)"
    # -- Golf ---------------------------------------------------------------------------------
    COLUMNS_TO_WASTE = "column cards go to the waste"
    COLUMN_TOP_ONLY = "only the top card of a column can be played"
    NOTHING_ON_KING = "nothing goes on the {card}: a King ends the run until the next stock card"
    KING_ACE_APART = "the {card} does not go on the {card2}: King and Ace do not connect here"
    # -- Forty Thieves ---------------------------------------------------------------------------
    RUN_CAPACITY = (
        "only {number} {number|card|cards} can move at once now: one card at a time,"
        " twice as many for each of the {number2} empty {number2|column|columns}"
    )
    RUN_CAPACITY_TO_EMPTY = (
        "only {number} {number|card|cards} can move at once now: one card at a time,"
        " twice as many for each of the {number2} other empty {number2|column|columns} (the one you move to does not count)"
    )
    # -- Canfield ----------------------------------------------------------------------------
    RESERVE_EMPTY = "the reserve is empty"
    RESERVE_TOP_ONLY = "only the top card of the reserve can be played"
    NOT_A_WRAPPING_RUN = "only a run down in alternating colours (a King on an Ace) moves together"
    TOP_OR_WHOLE_COLUMN = "only the top card or the whole column moves to another column"
    BASE_RANK_FIRST = "an empty foundation takes only a card of rank {ranks}, the rank of the first foundation card"
    NOT_ALTERNATING_WRAP = "the {card} cannot go on the {card2}: columns build down by one in alternating colours, a King on an Ace"
    FOUNDATION_ORDER_FROM_BASE = "{pile} must run up in one suit from rank {ranks}"
    BASE_RANK_LINE = "the base rank is written base: A, 2-9, T, J, Q or K, not {text}"
    # -- why a game is lost (``Rules.stuck_reason``: the sentence of the page's "No moves left") --
    NO_CARD_MOVES = "no card can move any more"
    KLONDIKE_LOST = "no move can change the game any more: {message}, and {message2}"
    TABLE_NO_MOVE = "no card on the table can move"
    TABLE_BACK_AND_FORTH = "the moves left only move cards back and forth"
    STOCK_AND_WASTE_EMPTY = "the stock and the waste are empty"
    NO_PASS_LEFT = "no pass through the stock is left and the top card of the waste fits nowhere"
    STOCK_NOTHING_FITS = "no card that the stock can still bring to the top fits anywhere"
    SHUFFLE_NOTHING_FITS = "no card of the stock or the waste fits anywhere, even where a shuffle brings it to the top"
    PYRAMID_NOTHING_LEFT = "no two free cards make 13, no King is free, and the stock and the waste are empty"
    PYRAMID_NO_PASS = (
        "no two free cards make 13, the {card} on the waste makes 13 with none of them,"
        " and no pass through the stock is left for the cards under it"
    )
    PYRAMID_PARTNERS = (
        "no two free cards make 13, and the {number} {number|card|cards} that the stock and the waste can still bring up"
        " would need a partner of rank {ranks} to make 13: every such partner is {message}"
    )
    PARTNERS_COVERED = "covered in the pyramid or already removed"
    PARTNERS_COVERED_OR_IN_STOCK = (
        "covered in the pyramid, already removed, or in the stock or the waste itself, where no two cards are free together"
    )
    SPIDER_NO_DEAL = "no card can move, and the stock is empty: all the deals are made"
    SPIDER_TOO_FEW_CARDS = "a deal needs a card on every column, and {number} {number|card is|cards are} left for {number2} columns"
    FREECELL_BLOCKED = "every free cell is taken, no column is empty, and no card fits on another column or a foundation"
    TRIPEAKS_STOCK_EMPTY = "no face-up card is one rank above or below the {card} on the waste, and the stock is empty"
    TRIPEAKS_STOCK_NO_HELP = (
        "no face-up card is one rank above or below the {card} on the waste, nor next to any of the cards left in the stock"
    )
    GOLF_STOCK_EMPTY = "no column's top card goes on the {card} on the waste, and the stock is empty"
    GOLF_STOCK_NO_HELP = "no column's top card goes on the {card} on the waste, nor on any of the cards left in the stock"
    SCORPION_NO_MOVE = "no card fits on another column, no King with cards under it can fill an empty column, and the stock is dealt"
    # -- Yukon ---------------------------------------------------------------------------------
    YUKON_LOST = "no move can change the game any more: {message}"
    # -- options, deals, dates, games -------------------------------------------------------
    UNKNOWN_OPTION = "unknown option {text} (known: {list})"
    BAD_OPTION_VALUE = "option {name} must be {choices}, not {text}"
    DEAL_RANGE = "deal numbers run from {number} to {number2}, not {text}"
    NOT_A_DATE = "not a date: {text} (write YYYY-MM-DD, e.g. 2026-11-29)"
    UNKNOWN_GAME = "unknown game {text} (known: {list})"
    # -- layouts (the text notation) ------------------------------------------------------------
    NOT_A_CARD = "not a card: {text} (write rank A 2-9 T J Q K and suit C D H S, e.g. QH)"
    BAD_LAYOUT = "not a usable layout: {message}"
    LINE_FORM = "a layout line reads 'pile: cards', not {text}"
    UNKNOWN_PILE = "unknown pile {place}"
    DOWN_BELOW_UP = "{pile}: face-down cards [..] must lie below the face-up ones"
    LAYOUT_MUST_HOLD = "the layout must hold {message}"
    EACH_CARD_ONCE = "each of the 52 cards exactly once"
    EACH_CARD_TIMES = "each card exactly {number} times"
    FOUNDATION_ORDER = "{pile} must run from the Ace up in one suit"
    NOT_A_NUMBER = "{pile} must be a whole number, not {text}"
    SCORE_NOT_A_NUMBER = "the score must be a whole number, not {text}"
    PILE_TWICE = "{pile} is given twice"
    IN_PILE = "{pile}: {message}"
    SUIT_GAME = "the {number}-suit game"
    NO_SUCH_CARD = "{pile}: {message} has no {cards}"
    TOO_MANY_COPIES = "{pile}: {message} has only {number} copies of {cards}"
    MISSING_CARDS = "the layout must hold all 104 cards of {message}; missing: {cards}"
    STOCK_SIZE = "the stock holds {number} cards per deal left, not {number2}"
    RUN_ON_FOUNDATION = "{pile} must be empty or hold a whole run of one suit, Ace first up to the King"
    RUN_LEFT_ON_TABLE = "{pile} holds a completed King-to-Ace run, which would have left the table"
    NOT_A_FOUNDATION_RANK = "not a foundation rank: {text} (write 0, A, 2-9, T, J, Q or K)"
    FOUNDATIONS_TWICE = "the layout gives the foundations twice"
    CELLS_TWICE = "the layout gives the free cells twice"
    COLUMN_LINES = "a FreeCell layout has {number} column lines, not {number2} (write ':' for an empty column)"
    TOO_MANY_FOUNDATIONS = "at most {number} foundations, not {number2}: {text}"
    FOUNDATION_FORM = "a foundation reads suit-rank, e.g. H-5 or S-0, not {text}"
    SUIT_TWICE = "the foundations name suit {name} twice"
    CELL_COUNT = "FreeCell has {number} free cells, not {number2}: {text}"
    DECK_ONCE = "the layout must hold each of the 52 cards exactly once ({message})"
    TWICE_AND_MISSING = "twice: {cards}; missing: {cards2}"
    TWICE = "twice: {cards}"
    MISSING = "missing: {cards}"
    UNKNOWN_LINE = "unknown line {text} (known: {list})"
    OUT_OF_BOUNDS = "{pile} must be {message}, not {number}"
    FROM_TO = "from {number} to {number2}"
    AT_LEAST = "at least {number}"
    ROW_PLACES = "{pile} has {number} places, written as cards or {name}, not {number2}"
    PYRAMID_FACE_UP = "pyramid cards lie face up: write QH, not [QH]"
    PEAK_STATE = "{pile} is {message}; write it {message2} brackets"
    FACE_UP_FREE = "face up: nothing covers it"
    FACE_DOWN_COVERED = "face down: a card still covers it"
    WITHOUT = "without"
    IN = "in"
    # -- saved games ------------------------------------------------------------------------------
    SAVE_NOT_OBJECT = "the save is not a JSON object"
    SAVE_VERSION = "the save has version {text}; this game reads version {number}"
    SAVE_OPTIONS = "the save's options are not a list of names and values"
    SAVE_NO_DEAL = "the save has no deal number"
    SAVE_DAILY_NOT_TEXT = "the save's daily date is not text"
    SAVE_CLOCK = "the save's clock is not a number of seconds"
    SAVE_DAILY_NOT_DATE = "the save's daily date is not a date: {message}"
    SAVE_LAYOUT_NOT_TEXT = "the save's layout is not text"
    SAVE_ASSISTED = "the save's assisted mark is not true or false"
    SAVE_TAKEN_BACK = "the save's count of moves taken back is not a whole number from 0 up"
    SAVE_NO_REPLAY = "the save does not replay: {message}"
    SAVE_MOVES = "the save's moves are not a list of turns"
    SAVE_BAD_MOVE = "the save holds a bad move: {message}"
    # -- messages from the page (the bridge) ------------------------------------------------------
    MESSAGE_NOT_OBJECT = "a message must be a JSON object"
    UNKNOWN_MESSAGE = "unknown message type {text}"
    UNKNOWN_FIELD = "a {name} message has no field {text}"
    MESSAGE_NOT_JSON = "the message is not valid JSON"
    INTERNAL = "internal error ({name}); the game is unchanged"
    NO_GAME = "no game has been started"
    UNKNOWN_LANGUAGE = "unknown language {text} (known: {list})"
    DEAL_NOT_A_NUMBER = "the deal number must be a whole number, not {text}"
    FIRST_NOT_A_NUMBER = "the first deal must be a whole number, not {text}"
    MOVES_NOT_A_LIST = "the moves must be a list of moves in notation"
    CHALLENGE_TOO_LONG = "a challenge holds at most {number} moves"
    NODES_RANGE = "nodes must be a whole number from 1 to {number}"
    MS_RANGE = "ms must be a number of milliseconds from 1 to 1000"
    LINE_NO_FOUNDATION = "the solver's line puts a card on no foundation"
    LINE_LOST_STOCK = "the solver's line lost track of the stock"
    LINE_TAKES_BACK = "the solver's line takes back a card that is not home"
    LINE_NOT_IN_STOCK = "the solver's line plays a card that is not in the stock"
    REPLAY_MOVE = "move {number} ({name}) is not allowed: {message}"
    OPTIONS_NOT_TEXT = "options must map names to text values"
    INDEX_NOT_A_NUMBER = "the picked card's index must be a whole number"
    NO_CARD_AT = "{pile} has no card at index {number}"
    FIELD_NOT_TEXT = "the message needs {text} as text"
    WENT_WRONG = "something went wrong; the game is unchanged"
    NO_SUCH_POSITION = "the game has positions 0 to {number}, not {text}"
    NO_SUCH_LINE_MOVE = "the review's winning line has moves 1 to {number} from its last winnable position, not {text}"
    NO_SUCH_CHALLENGE_MOVE = "the challenge's line in the review has positions 0 to {number}, not {text}"
    LINE_DOES_NOT_WIN = "the winning line does not win the game"
    VERDICT_OTHER_GAME = "the verdict is for another game than the one in progress"
    VERDICT_STATUS = "a verdict is winnable, unwinnable or unknown, not {text}"
    VERDICT_NODES = "a verdict's nodes must be a whole number from 0 up"
    VERDICT_LINE = "only a winnable verdict has a line"


class Status(Enum):
    """A game's status line (``Rules.status_line``). The value is the English template."""

    DRAW = "Draw {number}"
    DRAW_PASS = "Draw {number} · pass {number2} of {number3}"
    DEALS_LEFT = "Deals left {number} · runs {number2} of {number3}"
    FREE_CELLS = "Free cells {number} of {number2} · can move {number3}"
    FREE_CELLS_DONE = "Free cells {number} of {number2}"
    PASS = "Pass {number} of {number2}"
    STOCK_RUN = "Stock {number} · run {number2}"
    STOCK_LEFT = "Stock {number}"
    STOCK_CAN_MOVE = "Stock {number} · can move {number2}"
    CANFIELD = "Base {ranks} · reserve {number}"
    CANFIELD_PASS = "Base {ranks} · reserve {number} · pass {number2} of {number3}"
    FACE_DOWN_HOME = "Face down {number} · home {number2}"


Code = Reason | Status


class Said:
    """A code and its parameters: what the engine says, before it is put into words."""

    __slots__ = ("code", "params")

    def __init__(self, code: Code, **params: Any) -> None:
        self.code = code
        self.params: Mapping[str, Any] = params

    def __str__(self) -> str:
        return render(self, "en")

    def __repr__(self) -> str:
        return f"Said({self.code}, {', '.join(f'{name}={value!r}' for name, value in self.params.items())})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Said) and (self.code, dict(self.params)) == (other.code, dict(other.params))

    def __hash__(self) -> int:
        return hash((self.code, tuple(sorted((name, repr(value)) for name, value in self.params.items()))))


class Explained(ValueError):
    """An error the player may see: it carries what to say as a ``Said``; ``str()`` is English."""

    def __init__(self, code: Code | Said, **params: Any) -> None:
        self.said = code if isinstance(code, Said) else Said(code, **params)
        super().__init__(str(self.said))


def said_of(error: BaseException) -> Said:
    """What an error says: its own ``Said``, or, for an error the engine did not expect, that
    something went wrong inside (named by the error's type, never its English text)."""
    return error.said if isinstance(error, Explained) else Said(Reason.INTERNAL, name=type(error).__name__)


# -- German --------------------------------------------------------------------------------------

GERMAN: dict[Code, str] = {
    Reason.NOT_A_MOVE: "Kein Zug: {text} (schreib z. B. w>f1, t2>t5x3, s>w)",
    Reason.STOCK_USED_UP: "Der Talon ist aufgebraucht",
    Reason.GAME_WON: "Das Spiel ist schon gewonnen",
    Reason.NO_FINISH_YET: "Das Spiel lässt sich noch nicht automatisch beenden",
    Reason.NOTHING_TO_UNDO: "Es gibt nichts zurückzunehmen",
    Reason.NOTHING_TO_REDO: "Es gibt nichts zu wiederholen",
    Reason.NOWHERE_TO_GO: "Diese Karte kann jetzt nirgendwohin",
    Reason.NOT_HOME_NOW: "Diese Karte kann jetzt auf keinen Zielstapel",
    Reason.MORE_THAN_ONE_PLACE: "Diese Karte passt an mehr als eine Stelle: Wähle, wohin sie kommt",
    Reason.SAME_PILE: "Eine Karte muss auf einen anderen Stapel ziehen",
    Reason.STOCK_TO_WASTE: "Karten vom Talon kommen auf den Ablagestapel",
    Reason.STOCK_EMPTY: "Der Talon ist leer",
    Reason.DRAW_COUNT: "Der Talon gibt hier jeweils {number} {number|Karte|Karten}",
    Reason.REDEAL_STOCK_NOT_EMPTY: "Der Ablagestapel lässt sich erst umdrehen, wenn der Talon leer ist",
    Reason.WASTE_EMPTY: "Der Ablagestapel ist leer",
    Reason.VEGAS_PASSES: "Vegas erlaubt {number} {number|Durchgang|Durchgänge} durch den Talon",
    Reason.REDEAL_WHOLE_WASTE: "Der ganze Ablagestapel wird auf einmal umgedreht",
    Reason.NO_CARDS: "Ein Zug nimmt mindestens eine Karte",
    Reason.WASTE_TOP_ONLY: "Nur die oberste Karte des Ablagestapels ist spielbar",
    Reason.FOUNDATION_EMPTY: "Dieser Zielstapel ist leer",
    Reason.FOUNDATION_ONE_AT_A_TIME: "Karten vom Zielstapel ziehen einzeln",
    Reason.FOUNDATION_TO_COLUMN_ONLY: "Eine Karte vom Zielstapel kann nur zurück auf eine Spalte",
    Reason.TOO_MANY_CARDS: "So viele Karten liegen nicht in dieser Spalte",
    Reason.FACE_DOWN: "Verdeckte Karten lassen sich nicht ziehen",
    Reason.NOT_AN_ALTERNATING_RUN: "Nur eine absteigende Folge in wechselnden Farben zieht gemeinsam",
    Reason.HOME_ONE_AT_A_TIME: "Karten kommen einzeln auf einen Zielstapel",
    Reason.NOT_A_SOURCE: "Von {place} lassen sich keine Karten ziehen",
    Reason.ACE_FIRST: "Ein Zielstapel beginnt mit einem Ass",
    Reason.DOES_NOT_FOLLOW: "{card} folgt nicht auf {card2}",
    Reason.KING_FILLS_COLUMN: "Nur ein König darf eine leere Spalte füllen",
    Reason.NOT_ALTERNATING: "{card} passt nicht auf {card2}: In den Spalten wird absteigend in wechselnden Farben angelegt",
    Reason.NOT_A_TARGET: "Auf {place} lassen sich keine Karten legen",
    Reason.NOT_ONE_RANK_LOWER: "{card} passt nicht auf {card2}: In den Spalten wird um einen Rang absteigend angelegt",
    Reason.DEAL_TO_EVERY_COLUMN: "Beim Austeilen bekommt jede Spalte eine Karte (klick auf den Talon)",
    Reason.DEAL_COUNT: "Beim Austeilen bekommt jede der {number} Spalten eine Karte",
    Reason.DEALS_USED: "Der Talon ist leer: Alle fünf Runden sind ausgeteilt",
    Reason.DEAL_NEEDS_FULL_COLUMNS: "Vor dem Austeilen braucht jede Spalte eine Karte: Füll zuerst die leeren Spalten",
    Reason.RUN_STAYS_HOME: "Eine fertige Folge bleibt auf ihrem Zielstapel",
    Reason.NOT_A_SUIT_RUN: "Nur eine absteigende Folge in einer Farbe zieht gemeinsam; zieh die Karten einzeln",
    Reason.RUNS_GO_HOME_ALONE: (
        "Keine Karte zieht auf einen Zielstapel: Eine vollständige Folge vom König bis zum Ass in einer Farbe kommt von selbst dorthin"
    ),
    Reason.SCORPION_DEAL: (
        "Der Talon teilt seine {number} Karten auf einmal aus, je eine auf die ersten {number} Spalten (klick auf den Talon)"
    ),
    Reason.CAPACITY: (
        "Jetzt {number|kann|können} nur {number} {number|Karte|Karten} auf einmal ziehen:"
        " (1 + {number2} {number2|freie Zelle|freie Zellen}) × 2^{number3} für {number4} {number4|leere Spalte|leere Spalten}"
    ),
    Reason.CAPACITY_TO_EMPTY: (
        "Jetzt {number|kann|können} nur {number} {number|Karte|Karten} auf einmal ziehen:"
        " (1 + {number2} {number2|freie Zelle|freie Zellen}) × 2^{number3} für {number4} {number4|leere Spalte|leere Spalten}"
        " (die leere Spalte, in die du ziehst, zählt nicht)"
    ),
    Reason.NO_CARD_BACK: "Karten dürfen nicht vom Zielstapel zurück: Microsoft FreeCell verbietet das",
    Reason.CELL_EMPTY: "Diese freie Zelle ist leer",
    Reason.CELL_HOLDS_ONE: "Eine freie Zelle nimmt nur eine Karte auf",
    Reason.COLUMN_EMPTY: "Diese Spalte ist leer",
    Reason.CELL_TAKEN: "Diese freie Zelle ist belegt",
    Reason.NOT_A_RANK_RUN: "Nur eine um je einen Rang absteigende Folge zieht gemeinsam",
    Reason.NOT_IN_SUIT: "{card} passt nicht auf {card2}: In den Spalten wird absteigend in derselben Farbe angelegt",
    Reason.CAPACITY_CELLS: (
        "Jetzt {number|kann|können} nur {number} {number|Karte|Karten} auf einmal ziehen: 1 + {number2}"
        " {number2|freie Zelle|freie Zellen} (eine leere Spalte nimmt nur einen König auf und zählt daher nicht)"
    ),
    Reason.FOUNDATION_CARDS_STAY: "Karten auf den Zielstapeln bleiben dort",
    Reason.EIGHT_OFF_BLOCKED: (
        "Alle freien Zellen sind belegt, kein König kann in eine leere Spalte, und keine Karte passt auf eine andere Spalte"
        " oder einen Zielstapel"
    ),
    Reason.EIGHT_OFF_COLUMN_LINES: "Ein Aufbau von „Acht Zellen“ hat {number} Spaltenzeilen, nicht {number2} (schreib „:“ für eine leere Spalte)",
    Reason.EIGHT_OFF_CELL_COUNT: "„Acht Zellen“ hat {number} freie Zellen, nicht {number2}: {text}",
    Reason.PAIR_OR_MOVE: "Eine Karte muss auf einen anderen Stapel ziehen oder mit einer anderen Karte ein Paar bilden",
    Reason.NOTHING_ON_STOCK: "Auf den Talon lassen sich keine Karten legen",
    Reason.DISCARD_STAYS: "Entfernte Karten bleiben auf dem Abwurfstapel",
    Reason.WASTE_TOP_FREE: "Nur die oberste Karte des Ablagestapels ist frei",
    Reason.SINGLE_CARD: "Wähle eine einzelne Karte",
    Reason.NEEDS_PARTNER: "Nur ein König wird allein entfernt; {card} braucht eine Partnerkarte zur Summe 13",
    Reason.KING_ALONE: "Ein König wird allein entfernt",
    Reason.NOT_THIRTEEN: "{card} und {card2} ergeben zusammen {number}, nicht 13",
    Reason.NO_SUCH_PILE: "Es gibt keinen Stapel {place}",
    Reason.PILE_EMPTY: "{pile} ist leer",
    Reason.COVERED: "{card} ist noch von einer Karte der Reihe darunter bedeckt",
    Reason.TURN_ONE: "Der Talon deckt jeweils eine Karte auf",
    Reason.PASSES_USED: "Der Talon kann nur {number}-mal durchgegangen werden",
    Reason.ONE_PASS: "Der Talon wird nur einmal durchgegangen: Der Ablagestapel wird nicht umgedreht",
    Reason.WASTE_STAYS: "Karten auf dem Ablagestapel bleiben dort",
    Reason.PEAKS_TO_WASTE: "Karten der Gipfel kommen auf den Ablagestapel",
    Reason.FACE_DOWN_PEAK: "Die Karte auf {pile} liegt verdeckt: Sie wird aufgedeckt, wenn beide Karten auf ihr weg sind",
    Reason.NOT_NEXT_RANK: "{card} liegt nicht einen Rang über oder unter {card2}",
    Reason.STOCK_EMPTY_ONE_PASS: "Der Talon ist leer (er wird nur einmal durchgegangen)",
    Reason.COLUMNS_TO_WASTE: "Karten der Spalten kommen auf den Ablagestapel",
    Reason.COLUMN_TOP_ONLY: "Nur die oberste Karte einer Spalte ist spielbar",
    Reason.NOTHING_ON_KING: "Auf {card} kommt nichts: Ein König beendet die Serie bis zur nächsten Karte vom Talon",
    Reason.KING_ACE_APART: "{card} passt nicht auf {card2}: König und Ass schließen hier nicht aneinander an",
    Reason.RUN_CAPACITY: (
        "Jetzt {number|kann|können} nur {number} {number|Karte|Karten} auf einmal ziehen: eine Karte,"
        " doppelt so viele für jede der {number2} {number2|leeren Spalte|leeren Spalten}"
    ),
    Reason.RUN_CAPACITY_TO_EMPTY: (
        "Jetzt {number|kann|können} nur {number} {number|Karte|Karten} auf einmal ziehen: eine Karte,"
        " doppelt so viele für jede der {number2} anderen {number2|leeren Spalte|leeren Spalten} (die, in die du ziehst, zählt nicht)"
    ),
    Reason.RESERVE_EMPTY: "Die Reserve ist leer",
    Reason.RESERVE_TOP_ONLY: "Nur die oberste Karte der Reserve ist spielbar",
    Reason.NOT_A_WRAPPING_RUN: "Nur eine absteigende Folge in wechselnden Farben (ein König auf einem Ass) zieht gemeinsam",
    Reason.TOP_OR_WHOLE_COLUMN: "Auf eine andere Spalte ziehen nur die oberste Karte oder die ganze Spalte",
    Reason.BASE_RANK_FIRST: "Ein leerer Zielstapel nimmt nur eine Karte vom Rang {ranks}, dem Rang der ersten Zielstapelkarte",
    Reason.NOT_ALTERNATING_WRAP: (
        "{card} passt nicht auf {card2}: In den Spalten wird absteigend in wechselnden Farben angelegt, ein König auf ein Ass"
    ),
    Reason.FOUNDATION_ORDER_FROM_BASE: "{pile} muss vom Rang {ranks} an aufwärts in einer Farbe liegen",
    Reason.BASE_RANK_LINE: "Der Grundrang wird base: A, 2-9, T, J, Q oder K geschrieben, nicht {text}",
    Reason.NO_CARD_MOVES: "Keine Karte lässt sich mehr bewegen",
    Reason.KLONDIKE_LOST: "Kein Zug kann das Spiel mehr ändern: {message}, und {message2}",
    Reason.TABLE_NO_MOVE: "Auf dem Tisch lässt sich keine Karte bewegen",
    Reason.TABLE_BACK_AND_FORTH: "Die übrigen Züge schieben Karten nur hin und her",
    Reason.STOCK_AND_WASTE_EMPTY: "Talon und Ablagestapel sind leer",
    Reason.NO_PASS_LEFT: "kein Durchgang durch den Talon bleibt, und die oberste Karte des Ablagestapels passt nirgends",
    Reason.STOCK_NOTHING_FITS: "keine Karte, die der Talon noch nach oben bringen kann, passt irgendwo",
    Reason.SHUFFLE_NOTHING_FITS: "keine Karte aus Talon oder Ablagestapel passt irgendwo, selbst wenn das Mischen sie nach oben bringt",
    Reason.PYRAMID_NOTHING_LEFT: "Keine zwei freien Karten ergeben 13, kein König ist frei, und Talon und Ablagestapel sind leer",
    Reason.PYRAMID_NO_PASS: (
        "Keine zwei freien Karten ergeben 13, {card} auf dem Ablagestapel ergibt mit keiner von ihnen 13,"
        " und für die Karten darunter bleibt kein Durchgang durch den Talon"
    ),
    Reason.PYRAMID_PARTNERS: (
        "Keine zwei freien Karten ergeben 13, und die {number} {number|Karte|Karten}, die Talon und Ablagestapel"
        " noch aufdecken können, {number|bräuchte|bräuchten} eine Partnerkarte vom Rang {ranks} zur Summe 13:"
        " Jede solche Partnerkarte ist {message}"
    ),
    Reason.PARTNERS_COVERED: "in der Pyramide bedeckt oder schon entfernt",
    Reason.PARTNERS_COVERED_OR_IN_STOCK: (
        "in der Pyramide bedeckt, schon entfernt oder selbst im Talon oder Ablagestapel, wo nie zwei Karten zugleich frei sind"
    ),
    Reason.SPIDER_NO_DEAL: "Keine Karte lässt sich bewegen, und der Talon ist leer: Alle Runden sind ausgeteilt",
    Reason.SPIDER_TOO_FEW_CARDS: (
        "Zum Austeilen braucht jede Spalte eine Karte, und für {number2} Spalten {number|bleibt|bleiben} {number} {number|Karte|Karten}"
    ),
    Reason.FREECELL_BLOCKED: (
        "Alle freien Zellen sind belegt, keine Spalte ist leer, und keine Karte passt auf eine andere Spalte oder einen Zielstapel"
    ),
    Reason.TRIPEAKS_STOCK_EMPTY: "Keine offene Karte liegt einen Rang über oder unter {card} auf dem Ablagestapel, und der Talon ist leer",
    Reason.TRIPEAKS_STOCK_NO_HELP: (
        "Keine offene Karte liegt einen Rang über oder unter {card} auf dem Ablagestapel"
        " oder neben einer der Karten, die noch im Talon liegen"
    ),
    Reason.GOLF_STOCK_EMPTY: "Keine oberste Karte einer Spalte passt auf {card} auf dem Ablagestapel, und der Talon ist leer",
    Reason.GOLF_STOCK_NO_HELP: (
        "Keine oberste Karte einer Spalte passt auf {card} auf dem Ablagestapel oder auf eine der Karten, die noch im Talon liegen"
    ),
    Reason.SCORPION_NO_MOVE: (
        "Keine Karte passt auf eine andere Spalte, kein König mit Karten unter sich kann eine leere Spalte füllen,"
        " und der Talon ist ausgeteilt"
    ),
    Reason.YUKON_LOST: "Kein Zug kann das Spiel mehr ändern: {message}",
    Reason.UNKNOWN_OPTION: "Unbekannte Option {text} (bekannt: {list})",
    Reason.BAD_OPTION_VALUE: "Die Option {name} muss {choices} sein, nicht {text}",
    Reason.DEAL_RANGE: "Spielnummern reichen von {number} bis {number2}, nicht {text}",
    Reason.NOT_A_DATE: "Kein Datum: {text} (schreib JJJJ-MM-TT, z. B. 2026-11-29)",
    Reason.UNKNOWN_GAME: "Unbekanntes Spiel {text} (bekannt: {list})",
    Reason.NOT_A_CARD: "Keine Karte: {text} (schreib den Rang A 2-9 T J Q K und die Farbe C D H S, z. B. QH)",
    Reason.BAD_LAYOUT: "Kein brauchbarer Aufbau: {message}",
    Reason.LINE_FORM: "Eine Zeile des Aufbaus lautet „Stapel: Karten“, nicht {text}",
    Reason.UNKNOWN_PILE: "Unbekannter Stapel {place}",
    Reason.DOWN_BELOW_UP: "{pile}: Verdeckte Karten [..] müssen unter den offenen liegen",
    Reason.LAYOUT_MUST_HOLD: "Der Aufbau muss {message} enthalten",
    Reason.EACH_CARD_ONCE: "jede der 52 Karten genau einmal",
    Reason.EACH_CARD_TIMES: "jede Karte genau {number}-mal",
    Reason.FOUNDATION_ORDER: "{pile} muss vom Ass an aufwärts in einer Farbe liegen",
    Reason.NOT_A_NUMBER: "{pile} muss eine ganze Zahl sein, nicht {text}",
    Reason.SCORE_NOT_A_NUMBER: "Die Punktzahl muss eine ganze Zahl sein, nicht {text}",
    Reason.PILE_TWICE: "{pile} ist doppelt angegeben",
    Reason.IN_PILE: "{pile}: {message}",
    Reason.SUIT_GAME: "Spiel mit {number} {number|Farbe|Farben}",
    Reason.NO_SUCH_CARD: "{pile}: Im {message} gibt es kein {cards}",
    Reason.TOO_MANY_COPIES: "{pile}: Im {message} gibt es {cards} nur {number}-mal",
    Reason.MISSING_CARDS: "Der Aufbau muss alle 104 Karten enthalten ({message}); es fehlen: {cards}",
    Reason.STOCK_SIZE: "Der Talon enthält {number} Karten je verbleibende Runde, nicht {number2}",
    Reason.RUN_ON_FOUNDATION: "{pile} muss leer sein oder eine ganze Folge einer Farbe enthalten, vom Ass unten bis zum König",
    Reason.RUN_LEFT_ON_TABLE: "{pile} enthält eine fertige Folge vom König bis zum Ass, die den Tisch schon verlassen hätte",
    Reason.NOT_A_FOUNDATION_RANK: "Kein Rang für einen Zielstapel: {text} (schreib 0, A, 2-9, T, J, Q oder K)",
    Reason.FOUNDATIONS_TWICE: "Der Aufbau nennt die Zielstapel zweimal",
    Reason.CELLS_TWICE: "Der Aufbau nennt die freien Zellen zweimal",
    Reason.COLUMN_LINES: "Ein FreeCell-Aufbau hat {number} Spaltenzeilen, nicht {number2} (schreib „:“ für eine leere Spalte)",
    Reason.TOO_MANY_FOUNDATIONS: "Höchstens {number} Zielstapel, nicht {number2}: {text}",
    Reason.FOUNDATION_FORM: "Ein Zielstapel wird Farbe-Rang geschrieben, z. B. H-5 oder S-0, nicht {text}",
    Reason.SUIT_TWICE: "Die Zielstapel nennen die Farbe {name} zweimal",
    Reason.CELL_COUNT: "FreeCell hat {number} freie Zellen, nicht {number2}: {text}",
    Reason.DECK_ONCE: "Der Aufbau muss jede der 52 Karten genau einmal enthalten ({message})",
    Reason.TWICE_AND_MISSING: "doppelt: {cards}; es fehlen: {cards2}",
    Reason.TWICE: "doppelt: {cards}",
    Reason.MISSING: "es fehlen: {cards}",
    Reason.UNKNOWN_LINE: "Unbekannte Zeile {text} (bekannt: {list})",
    Reason.OUT_OF_BOUNDS: "{pile} muss {message}, nicht {number}",
    Reason.FROM_TO: "zwischen {number} und {number2} liegen",
    Reason.AT_LEAST: "mindestens {number} sein",
    Reason.ROW_PLACES: "{pile} hat {number} Plätze, geschrieben als Karten oder {name}, nicht {number2}",
    Reason.PYRAMID_FACE_UP: "Pyramidenkarten liegen offen: Schreib QH, nicht [QH]",
    Reason.PEAK_STATE: "{pile}: Die Karte liegt {message}; schreib sie {message2}",
    Reason.FACE_UP_FREE: "offen (nichts liegt auf ihr)",
    Reason.FACE_DOWN_COVERED: "verdeckt (eine Karte liegt noch auf ihr)",
    Reason.WITHOUT: "ohne Klammern",
    Reason.IN: "in Klammern",
    Reason.SAVE_NOT_OBJECT: "Der Spielstand ist kein JSON-Objekt",
    Reason.SAVE_VERSION: "Der Spielstand hat die Version {text}; dieses Spiel liest Version {number}",
    Reason.SAVE_OPTIONS: "Die Optionen im Spielstand sind keine Liste von Namen und Werten",
    Reason.SAVE_NO_DEAL: "Der Spielstand hat keine Spielnummer",
    Reason.SAVE_DAILY_NOT_TEXT: "Das Datum des Tagesspiels im Spielstand ist kein Text",
    Reason.SAVE_CLOCK: "Die Spielzeit im Spielstand ist keine Zahl von Sekunden",
    Reason.SAVE_DAILY_NOT_DATE: "Das Datum des Tagesspiels im Spielstand ist kein Datum: {message}",
    Reason.SAVE_LAYOUT_NOT_TEXT: "Der Aufbau im Spielstand ist kein Text",
    Reason.SAVE_ASSISTED: "Die Hilfe-Markierung des Spielstands ist weder wahr noch falsch",
    Reason.SAVE_TAKEN_BACK: "Die Zahl der zurückgenommenen Züge im Spielstand ist keine ganze Zahl ab 0",
    Reason.SAVE_NO_REPLAY: "Der Spielstand lässt sich nicht nachspielen: {message}",
    Reason.SAVE_MOVES: "Die Züge im Spielstand sind keine Liste von Spielzügen",
    Reason.SAVE_BAD_MOVE: "Der Spielstand enthält einen ungültigen Zug: {message}",
    Reason.MESSAGE_NOT_OBJECT: "Eine Nachricht muss ein JSON-Objekt sein",
    Reason.UNKNOWN_MESSAGE: "Unbekannte Nachrichtenart {text}",
    Reason.UNKNOWN_FIELD: "Eine Nachricht der Art {name} hat kein Feld {text}",
    Reason.MESSAGE_NOT_JSON: "Die Nachricht ist kein gültiges JSON",
    Reason.INTERNAL: "Interner Fehler ({name}); das Spiel ist unverändert",
    Reason.NO_GAME: "Es wurde noch kein Spiel begonnen",
    Reason.UNKNOWN_LANGUAGE: "Unbekannte Sprache {text} (bekannt: {list})",
    Reason.DEAL_NOT_A_NUMBER: "Die Spielnummer muss eine ganze Zahl sein, nicht {text}",
    Reason.FIRST_NOT_A_NUMBER: "Das erste Spiel muss eine ganze Zahl sein, nicht {text}",
    Reason.MOVES_NOT_A_LIST: "Die Züge müssen eine Liste von Zügen in Zugschreibweise sein",
    Reason.CHALLENGE_TOO_LONG: "Eine Herausforderung hat höchstens {number} Züge",
    Reason.NODES_RANGE: "Die Knotenzahl muss eine ganze Zahl von 1 bis {number} sein",
    Reason.MS_RANGE: "ms muss eine Zahl von Millisekunden von 1 bis 1000 sein",
    Reason.LINE_NO_FOUNDATION: "Der Lösungsweg des Lösers legt eine Karte auf keine Ablage",
    Reason.LINE_LOST_STOCK: "Der Lösungsweg des Lösers passt nicht mehr zum Talon",
    Reason.LINE_TAKES_BACK: "Der Lösungsweg des Lösers nimmt eine Karte zurück, die nicht auf einer Ablage liegt",
    Reason.LINE_NOT_IN_STOCK: "Der Lösungsweg des Lösers spielt eine Karte, die nicht im Talon ist",
    Reason.REPLAY_MOVE: "Zug {number} ({name}) ist nicht erlaubt: {message}",
    Reason.OPTIONS_NOT_TEXT: "Die Optionen müssen Namen auf Textwerte abbilden",
    Reason.INDEX_NOT_A_NUMBER: "Die Position der gewählten Karte muss eine ganze Zahl sein",
    Reason.NO_CARD_AT: "{pile} hat keine Karte an Position {number}",
    Reason.FIELD_NOT_TEXT: "Die Nachricht braucht {text} als Text",
    Reason.WENT_WRONG: "Etwas ist schiefgegangen; das Spiel ist unverändert",
    Reason.NO_SUCH_POSITION: "Das Spiel hat die Stellungen 0 bis {number}, nicht {text}",
    Reason.NO_SUCH_LINE_MOVE: "Der Gewinnweg der Rückschau hat von ihrer letzten gewinnbaren Stellung aus die Züge 1 bis {number}, nicht {text}",
    Reason.NO_SUCH_CHALLENGE_MOVE: "Der Weg der Herausforderung in der Rückschau hat die Stellungen 0 bis {number}, nicht {text}",
    Reason.LINE_DOES_NOT_WIN: "Der Gewinnweg gewinnt das Spiel nicht",
    Reason.VERDICT_OTHER_GAME: "Das Urteil gilt für ein anderes Spiel als das laufende",
    Reason.VERDICT_STATUS: "Ein Urteil ist winnable, unwinnable oder unknown, nicht {text}",
    Reason.VERDICT_NODES: "Die Knotenzahl eines Urteils muss eine ganze Zahl ab 0 sein",
    Reason.VERDICT_LINE: "Nur ein gewinnbares Urteil hat einen Gewinnweg",
    Status.DRAW: "{number} {number|Karte|Karten} ziehen",
    Status.DRAW_PASS: "{number} {number|Karte|Karten} ziehen · Durchgang {number2} von {number3}",
    Status.DEALS_LEFT: "Noch {number} {number|Runde|Runden} · Folgen {number2} von {number3}",
    Status.FREE_CELLS: "Freie Zellen {number} von {number2} · {number3} {number3|Karte|Karten} je Zug",
    Status.FREE_CELLS_DONE: "Freie Zellen {number} von {number2}",
    Status.PASS: "Durchgang {number} von {number2}",
    Status.STOCK_RUN: "Talon {number} · Serie {number2}",
    Status.STOCK_LEFT: "Talon {number}",
    Status.STOCK_CAN_MOVE: "Talon {number} · {number2} {number2|Karte|Karten} je Zug",
    Status.CANFIELD: "Grundrang {ranks} · Reserve {number}",
    Status.CANFIELD_PASS: "Grundrang {ranks} · Reserve {number} · Durchgang {number2} von {number3}",
    Status.FACE_DOWN_HOME: "Verdeckt {number} · abgelegt {number2}",
}

# -- cards and piles in words ------------------------------------------------------------------------

# German card names: suit first, then rank (the view carries them to the page).

# Pile names as the page's German labels have them (words.py).
GERMAN_PILES = {
    **PILE_NAMES["de"],
    "row": "Reihe",  # a line of the Pyramid and TriPeaks layout notation
}
# A kind named without a number (Spider's deal goes to "tableau": every column).
GERMAN_PILE_KINDS = {"tableau": "Spalten", "foundation": "Zielstapel", "cell": "Freie Zellen", "pyramid": "Pyramide", "peak": "Gipfel"}


def card_name(card: int, language: str) -> str:
    """The card's name as the page says it: 'Queen of Hearts', 'Herz Dame'.

    >>> from solitaire.cards import HEARTS, SPADES, QUEEN, make_card
    >>> card_name(make_card(QUEEN, HEARTS), "de"), card_name(make_card(10, SPADES), "de"), card_name(make_card(QUEEN, HEARTS), "en")
    ('Herz Dame', 'Pik 10', 'Queen of Hearts')
    """
    names = CARD_NAMES["de" if language == "de" else "en"]
    ranked, suited = names["ranks"][rank(card)], names["suits"][suit(card)]
    return f"{suited} {ranked}" if language == "de" else f"{ranked} of {suited}"


def german_pile(name: str) -> str | None:
    """'tableau-3' -> 'Spalte 3', 'stock' -> 'Talon', 'tableau' -> 'Spalten'; None for a name we do not know."""
    kind, dash, number = name.partition("-")
    if dash and number.isascii() and number.isdigit() and kind in GERMAN_PILES:
        return f"{GERMAN_PILES[kind]} {number}"
    if not dash and kind in GERMAN_PILES and kind not in GERMAN_PILE_KINDS:  # a pile of its own: "Talon"
        return GERMAN_PILES[kind]
    if not dash and kind in GERMAN_PILE_KINDS:
        return GERMAN_PILE_KINDS[kind]
    return None


def pile_words(name: object, language: str, quoted: bool) -> str:
    text = str(name)
    if language == "de":
        german = german_pile(text)
        return f"„{text}“" if german is None else f"„{german}“" if quoted else german
    return repr(text) if quoted else text


def value_words(value: object, language: str) -> str:
    """A value of the player's or the page's, shown as it is: quoted if it is text."""
    if language == "de" and isinstance(value, str):
        return f"„{value}“"
    return repr(value)


def names_words(names: Sequence[str], language: str) -> str:
    return ", ".join(f"„{name}“" for name in names) if language == "de" else ", ".join(names)


def ranks_words(ranks: Sequence[int], language: str) -> str:
    """Ranks by name, the last after "or": '5, 8 or Jack', '5, 8 oder Bube'."""
    names = [CARD_NAMES["de" if language == "de" else "en"]["ranks"][rank] for rank in ranks]
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + (" oder " if language == "de" else " or ") + names[-1]


def choices_words(choices: Sequence[str], language: str) -> str:
    return (" oder " if language == "de" else " or ").join(choices)


KINDS: dict[str, Callable[[Any, str], str]] = {
    "card": lambda value, language: card_name(value, language),
    "cards": lambda value, language: str(value),
    "pile": lambda value, language: pile_words(value, language, quoted=False),
    "place": lambda value, language: pile_words(value, language, quoted=True),
    "number": lambda value, language: str(value),
    "name": lambda value, language: str(value),  # a name of the notation, the same in every language
    "text": value_words,
    "list": names_words,
    "choices": choices_words,
    "ranks": ranks_words,
    "message": lambda value, language: render(value, language),
}

PLACEHOLDER = re.compile(r"\{(\w+)(?:\|([^|{}]*)\|([^|{}]*))?\}")


def kind_of(name: str) -> str:
    """The kind a placeholder is named after: 'card2' -> 'card'."""
    return name.rstrip("0123456789")


def template(code: Code, language: str) -> str:
    return GERMAN[code] if language == "de" and code in GERMAN else code.value


def render(said: Said, language: str = DEFAULT_LANGUAGE) -> str:
    """What ``said`` says, in ``language`` (English for a language we do not have)."""

    def fill(found: re.Match[str]) -> str:
        name, one, many = found[1], found[2], found[3]
        value = said.params[name]
        if one is not None:
            return one if value == 1 else many
        return str(KINDS[kind_of(name)](value, language))

    return PLACEHOLDER.sub(fill, template(said.code, language))


def placeholders(text: str) -> set[str]:
    """The parameter names a template uses."""
    return {found[1] for found in PLACEHOLDER.finditer(text)}
