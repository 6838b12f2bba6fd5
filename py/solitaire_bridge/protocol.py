"""The messages between the page and the engine, typed: every kind's request and answer.

The page sends a request (a JSON object whose ``type`` names its kind) and gets one answer.
Every answer has ``ok``; a failed one is a ``Failure``, and then the game is unchanged.
The tables at the end, ``REQUESTS`` and ``ANSWERS``, name every kind's types: the bridge
checks requests against them, ``tools/make_protocol.py`` writes them as TypeScript
declarations that type-check the page's code, and the tests check real answers against them.

Conventions across the wire: a card is named by its pile and its index in that pile
(0 = the bottom card; a pick takes the card and all above it), in requests, ``legal``'s
keys, hints, the review's moves and the turn alike; how many cards a move takes is the
engine's business. Cards are written in the engine's notation ("QH", "TD"; "down" for a
face-down card), or by name where the page says them; moves in move notation. A ``save`` is
opaque to the page but for the fields it keeps beside it.
"""

# No "from __future__ import annotations": TypedDict tells required from optional keys only
# from annotations it can evaluate.
from typing import Any, Literal, NotRequired, TypedDict

from solitaire.game import Fan
from solitaire.session import Save

Options = dict[str, str]  # option names and their values, as text
Status = Literal["winnable", "unwinnable", "unknown"]


# -- what the answers carry -------------------------------------------------------------


class CardView(TypedDict):
    card: str  # "down" for a face-down card (then nothing else is said)
    name: NotRequired[str]  # the card's name in the chosen language
    locked: NotRequired[bool]  # face up but covered (Pyramid, TriPeaks): it cannot move yet


class PileView(TypedDict):
    name: str
    cards: list[CardView]  # the bottom card first


class SlotView(TypedDict):
    """Where a pile lies, in card widths and heights, and how it fans."""

    name: str
    x: float
    y: float
    fan: Fan
    hint: str  # what fills the empty slot ("A", "K", "cell", "run", "13"), or ""
    dealSize: int  # cards a stock deals at a time, shown as a stack per deal (Spider), else 0


class OptionSpecView(TypedDict):
    name: str
    choices: list[str]  # the default first
    changesDeal: bool  # another value deals other cards from the same number


class AnalysisView(TypedDict):
    """Still winnable? The verdict on the position on the table."""

    status: Literal["winnable", "unwinnable", "unknown", "searching", "none"]  # none: no solver
    difficulty: str | None  # "easy" .. "expert" once the deal's start is proven winnable
    progress: int | None  # whole percent of the search's budget spent, at most 99
    deeper: bool  # the search ended unknown and a deep analysis could settle it
    position: str | None  # a digest of the position, when ``deeper``


TurnMove = TypedDict(
    "TurnMove",
    {
        "move": str,  # in notation
        "kind": str,  # Rules.move_kind: "draw", "redeal", "deal", "home", "pair" or "move"
        "from": str,
        "index": int,  # of the first card moved, in the pile it left
        "to": str,
        "count": int,  # cards moved
        "card": str | None,  # the first card moved, by name (null: face down)
        "onto": str | None,  # the card it went onto, by name (null: none, or face down)
    },
)


class TurnedOver(TypedDict):
    """A card the turn turned face up (or, in open mode, freed) where it lies."""

    pile: str
    index: int
    card: str  # by name
    unlocked: bool  # it was face up but covered (Pyramid, TriPeaks, open mode), and is free now


class HomeGain(TypedDict):
    """Cards a foundation gained besides the player's own move: safe moves, or a whole run."""

    pile: str
    cards: list[str]  # by name, in the order they went
    run: bool  # a completed run that left the table by itself (Spider)


class Drawn(TypedDict):
    count: int  # cards the stock gave
    top: str | None  # the waste's top card after the turn, by name; null when it went on at once


class TurnView(TypedDict):
    """What the message just answered did, so the page says and shows it without comparing
    views: each move with its places and cards, the cards turned over, the foundations'
    gains besides the player's own move, and what was drawn."""

    action: Literal["play", "complete", "undo", "redo"]
    moves: list[TurnMove]  # an undo's are the moves taken back
    automatic: int  # how many of the moves were automatic (played after the player's own)
    runsHome: int  # runs that left the table by themselves (Spider)
    turnedOver: list[TurnedOver]  # none for an undo
    home: list[HomeGain]  # none for an undo, or for a pair (Pyramid)
    drawn: Drawn | None  # when the player's move drew from the stock


# A move as the page names it: what it does, the pile it takes from and the index of its
# first card there, where it goes, and the cards it moves and goes onto (null: none, or face down).
MovePlace = TypedDict(
    "MovePlace",
    {"move": str, "from": str, "index": int, "to": str, "card": str | None, "onto": str | None},
)
HintPlace = TypedDict(
    "HintPlace",
    {
        "kind": Literal["winning", "promising", "stock", "none"],
        "move": NotRequired[str],
        "from": NotRequired[str],
        "index": NotRequired[int],
        "to": NotRequired[str],
        "card": NotRequired[str | None],
        "onto": NotRequired[str | None],
    },
)


class ChallengeLine(TypedDict):
    """A challenge's winning line beside the game under review."""

    moves: list[MovePlace]
    won: bool
    parted: int | None  # the game's turn that left the line, or null
    shared: int  # the challenger's moves played before it


class GameOption(TypedDict):
    name: str
    choices: list[str]  # the default first


class GameEntry(TypedDict):
    id: str
    options: list[GameOption]


# -- answers ------------------------------------------------------------------------------


class Failure(TypedDict):
    ok: Literal[False]
    error: str  # a sentence for the player, in the chosen language


class RulesView(TypedDict):
    """What the page needs of a game's rules: the same all game long, so sent once per game."""

    optionSpecs: list[OptionSpecView]
    slots: list[SlotView]
    tapMoves: bool  # a tap plays a card to its best place
    tapHome: bool  # a tap sends a card home when it can go there
    pairsCards: bool  # cards leave in pairs (Pyramid): hints and the review say "pair"
    scoreRunsWithClock: bool  # the page asks for the score as the clock runs
    scoreCarriesOver: bool  # Vegas, cumulative: the bank carries over from game to game
    scoreInDollars: bool
    maxDeal: int  # deals are numbered from 1 to this ("Choose a deal")


class View(TypedDict):
    """Everything the page draws: the answer to every message that changes the game."""

    ok: Literal[True]
    game: str
    options: Options
    deal: int
    daily: str | None
    piles: list[PileView]
    legal: dict[str, list[str]]  # "pile:index" -> the piles the pick may go to
    stockAction: Literal["draw", "redeal"] | None
    score: int | None
    moves: int
    seconds: int
    assisted: bool
    clockRunning: bool
    status: Literal["playing", "won", "stuck"]
    stuckText: str | None  # why the game is lost, a sentence (null unless stuck)
    canUndo: bool
    canRedo: bool
    canComplete: bool
    autoplay: bool
    statusLine: str
    language: str
    analysis: AnalysisView
    save: Save  # the page stores it at once: a page closed right after a move loses nothing
    turn: TurnView | None  # null when the message played no turn
    rules: RulesView | None  # with a game's first view only (after new, load, setup), else null


class LanguageChosen(TypedDict):
    """The answer to ``language`` before the first game: there is no view yet."""

    ok: Literal[True]
    language: str


class SaveAnswer(TypedDict):
    ok: Literal[True]
    save: Save


class ClockAnswer(TypedDict):
    ok: Literal[True]
    seconds: int
    score: int | None


class GamesAnswer(TypedDict):
    ok: Literal[True]
    games: list[GameEntry]


class VerifyAnswer(TypedDict):
    ok: Literal[True]
    won: bool
    moves: int
    score: int | None


class HintAnswer(TypedDict):
    ok: Literal[True]
    hint: HintPlace


class WhyAnswer(TypedDict):
    ok: Literal[True]
    reason: str | None  # null when the picked cards can move


class DailyAnswer(TypedDict):
    ok: Literal[True]
    found: bool
    done: bool
    tried: int  # candidates searched
    deal: NotRequired[int]
    candidate: NotRequired[int]


class WinnableAnswer(TypedDict):
    ok: Literal[True]
    found: bool
    done: bool
    tried: int
    deal: NotRequired[int]
    proven: NotRequired[bool]  # false when no deal of the first 256 was proven


class ReviewAnswer(TypedDict):
    """A slice of the review of the game in progress; the findings come once it is done."""

    ok: Literal[True]
    done: bool
    searched: int  # positions searched
    nodes: int
    statuses: NotRequired[list[Status]]  # per position, the start first
    lastWinnable: NotRequired[int | None]
    firstLost: NotRequired[int | None]
    losingTurn: NotRequired[int | None]  # turn i leads from position i to i + 1
    turns: NotRequired[list[list[str]]]  # every turn's moves, in notation
    turnMoves: NotRequired[list[MovePlace]]  # each turn's own move (the player's)
    line: NotRequired[list[str]]  # a winning line from the last winnable position
    lineMoves: NotRequired[list[MovePlace]]
    undecided: NotRequired[list[int] | None]  # the first and last position no search settled
    neverFree: NotRequired[list[str]]  # up to four cards the first lost position can never free
    neverFreeCount: NotRequired[int]
    won: NotRequired[bool]
    moves: NotRequired[int]
    takenBack: NotRequired[int]
    solverMoves: NotRequired[int | None]  # the solver's winning line from the deal, its length
    challenge: NotRequired[ChallengeLine | None]


class PeekAnswer(TypedDict):
    ok: Literal[True]
    piles: list[PileView]
    statusLine: str


class VerdictAnswer(TypedDict):
    ok: Literal[True]
    status: Status | Literal["searching"]
    line: list[str]  # a winning line, in notation, else empty
    nodes: int


class AnalysisAnswer(TypedDict):
    """The answer to the frequent search messages: the analysis's verdict alone."""

    ok: Literal[True]
    analysis: AnalysisView
    done: bool  # true once there is a verdict


# -- requests ------------------------------------------------------------------------------


class Plain(TypedDict):
    """A message with nothing but its kind."""

    type: str


class NewRequest(TypedDict):
    """A fresh game: a deal by number, a daily (YYYY-MM-DD), or neither (a random deal)."""

    type: Literal["new"]
    game: str
    options: NotRequired[Options]
    deal: NotRequired[int | None]
    daily: NotRequired[str | None]


# Move the picked cards (see the conventions above) onto a pile.
MoveRequest = TypedDict("MoveRequest", {"type": Literal["move"], "from": str, "index": int, "to": str})
# The picked cards: to a foundation ("foundation"), to their best place ("tap"), or why they
# cannot move now ("why").
PickRequest = TypedDict("PickRequest", {"type": Literal["foundation", "tap", "why"], "from": str, "index": int})


class AutoplayRequest(TypedDict):
    type: Literal["autoplay"]
    on: bool


class LanguageRequest(TypedDict):
    type: Literal["language"]
    language: str


class LoadRequest(TypedDict):
    """Restore a save (``load``), or make it the game of a deep analysis's engine (``deepen``)."""

    type: Literal["load", "deepen"]
    save: Save


class VerifyRequest(TypedDict):
    """Replay a challenge link's moves on a fresh deal, leaving the game in progress alone."""

    type: Literal["verify"]
    game: str
    options: NotRequired[Options]
    deal: NotRequired[int | None]
    daily: NotRequired[str | None]
    moves: list[str]


class AnalyseRequest(TypedDict):
    """A slice of search on the position on the table (at most ``nodes``, about ``ms``)."""

    type: Literal["analyse"]
    nodes: int
    ms: NotRequired[float]


class LearnRequest(TypedDict):
    """A deep analysis's verdict on a position of the game in progress (any point of its play)."""

    type: Literal["learn"]
    save: Save
    status: Status
    line: list[str]
    nodes: int


class DailyRequest(TypedDict):
    """A slice of the search for a day's deal; ``candidate``: one found before."""

    type: Literal["daily"]
    game: str
    options: NotRequired[Options]
    date: str
    nodes: int
    ms: NotRequired[float]
    candidate: NotRequired[int | None]


class WinnableRequest(TypedDict):
    """A slice of the search for the first deal from ``first`` on that the solver proves winnable."""

    type: Literal["winnable"]
    game: str
    options: NotRequired[Options]
    first: int
    nodes: int
    ms: NotRequired[float]


class ReviewRequest(TypedDict):
    """A slice of the review; ``challenge``: a challenge link's moves, verified before."""

    type: Literal["review"]
    nodes: int
    ms: NotRequired[float]
    challenge: NotRequired[list[str]]


class PeekRequest(TypedDict):
    """The piles of a position of the history, or ``line`` moves into the review's winning
    line from it, or ``challenge`` moves into the challenge's line."""

    type: Literal["peek"]
    position: int
    line: NotRequired[int]
    challenge: NotRequired[int]


class BackRequest(TypedDict):
    """ "Take me back" to a position of the game's history."""

    type: Literal["back"]
    position: int


class SetupRequest(TypedDict):
    """Start from a position in the game's text notation (tests set positions up with it)."""

    type: Literal["setup"]
    game: str
    options: NotRequired[Options]
    layout: str


# -- the tables ------------------------------------------------------------------------------

REQUESTS: dict[str, Any] = {  # TypedDict classes
    "new": NewRequest,
    "move": MoveRequest,
    "stock": Plain,
    "foundation": PickRequest,
    "tap": PickRequest,
    "why": PickRequest,
    "undo": Plain,
    "redo": Plain,
    "complete": Plain,
    "view": Plain,
    "pause": Plain,
    "resume": Plain,
    "check": Plain,
    "hint": Plain,
    "save": Plain,
    "clock": Plain,
    "games": Plain,
    "verdict": Plain,
    "autoplay": AutoplayRequest,
    "language": LanguageRequest,
    "load": LoadRequest,
    "deepen": LoadRequest,
    "verify": VerifyRequest,
    "analyse": AnalyseRequest,
    "learn": LearnRequest,
    "daily": DailyRequest,
    "winnable": WinnableRequest,
    "review": ReviewRequest,
    "peek": PeekRequest,
    "back": BackRequest,
    "setup": SetupRequest,
}

# What a kind is answered with when it succeeds (a failure is always a ``Failure``); a union
# is written as a tuple.
ANSWERS: dict[str, type | tuple[type, ...]] = {
    **{kind: View for kind in ("new", "move", "stock", "foundation", "tap", "undo", "redo", "complete", "view")},
    **{kind: View for kind in ("pause", "resume", "check", "autoplay", "load", "back", "setup")},
    "language": (View, LanguageChosen),
    "why": WhyAnswer,
    "hint": HintAnswer,
    "save": SaveAnswer,
    "clock": ClockAnswer,
    "games": GamesAnswer,
    "verdict": VerdictAnswer,
    "verify": VerifyAnswer,
    "analyse": AnalysisAnswer,
    "deepen": AnalysisAnswer,
    "learn": AnalysisAnswer,
    "daily": DailyAnswer,
    "winnable": WinnableAnswer,
    "review": ReviewAnswer,
    "peek": PeekAnswer,
}
