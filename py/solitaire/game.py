"""The contract every game implements, and the values it trades in.

A game is a *rules* object, built from its validated options, with pure
methods: ``deal`` makes the first position from a deal number, ``apply``
returns the next position or raises ``IllegalMove``. Positions are immutable
and hashable (frozen dataclasses of tuples), so undo is a stack of positions
and a solver can keep a transposition table.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, Literal, TypeVar

from .texts import Explained, Reason, Said
from .words import PILE_NAMES

MIN_DEAL = 1
MAX_DEAL = 2**31 - 1

Fan = Literal["down", "right", "none", "deals"]  # deals: squared stacks of a deal each, side by side (Spider's stock)
P = TypeVar("P")


class IllegalMove(Explained):
    """A move the rules forbid; its ``said`` says why, for the player."""


class OptionError(Explained):
    """An option name or value the game does not know."""


class NotationError(Explained):
    """A move or layout written in a form the notation does not have."""


@dataclass(frozen=True, slots=True)
class Move:
    """Take ``count`` cards from the top of ``source`` and put them on ``target``.

    Pile names are those of the page (``tableau-3``, ``foundation-1``,
    ``waste``, ``stock``). Drawing from the stock is ``stock -> waste``;
    turning the waste over into a new stock is ``waste -> stock``.
    """

    source: str
    target: str
    count: int = 1

    def __str__(self) -> str:
        return move_notation(self)


# Short pile codes of the move notation: t3 = tableau-3, f1 = foundation-1, ...
# A code without a number names a whole kind (Spider deals "s>t": one card to every column).
# A kind's code is its first letter (the kinds are those words.PILE_NAMES names, so a new kind of
# pile is its names there); "peak" takes "k", as "p" is Pyramid's. tests/test_words.py checks
# that no two kinds share a code.
CODE_EXCEPTIONS = {"peak": "k"}
PILE_CODES = {kind: CODE_EXCEPTIONS.get(kind, kind[0]) for kind in PILE_NAMES["en"]}
CODE_PILES = {code: name for name, code in PILE_CODES.items()}
MOVE_PATTERN = re.compile(r"^([a-z])(\d*)>([a-z])(\d*)(?:x(\d+))?$")


def pile_code(name: str) -> str:
    kind, _, number = name.partition("-")
    return PILE_CODES[kind] + number


def move_notation(move: Move) -> str:
    """The compact form: ``t1>t4x3`` moves three cards from tableau 1 to 4.

    >>> move_notation(Move("waste", "foundation-2"))
    'w>f2'
    >>> move_notation(Move("tableau-1", "tableau-4", 3))
    't1>t4x3'
    """
    text = f"{pile_code(move.source)}>{pile_code(move.target)}"
    return text if move.count == 1 else f"{text}x{move.count}"


def parse_move(text: str) -> Move:
    """Read the compact notation back; a ``ValueError`` names what is wrong.

    >>> parse_move("t1>t4x3")
    Move(source='tableau-1', target='tableau-4', count=3)
    """
    found = MOVE_PATTERN.match(text.strip())
    if not found or found[1] not in CODE_PILES or found[3] not in CODE_PILES:
        raise NotationError(Reason.NOT_A_MOVE, text=text)

    def pile(code: str, number: str) -> str:
        return CODE_PILES[code] + (f"-{number}" if number else "")

    return Move(pile(found[1], found[2]), pile(found[3], found[4]), int(found[5] or 1))


@dataclass(frozen=True, slots=True)
class Slot:
    """Where a pile lies on the table and how its cards spread.

    ``x`` counts card columns from the left, ``y`` card rows from the top
    (fractions allowed); ``fan`` says whether the cards spread downwards,
    to the right, or lie squared; ``empty_hint`` is what an empty slot shows
    ("A": a foundation that starts with an Ace, "K": a column only a King fills,
    "cell": a free cell, "run": a place for a completed run, "13": where pairs of 13 go);
    ``deal_size`` is how many cards one stack holds where ``fan`` is "deals".
    """

    name: str
    x: float
    y: float
    fan: Fan
    empty_hint: str = ""
    deal_size: int = 0


@dataclass(frozen=True, slots=True)
class PileView:
    """A pile as the player sees it: its cards bottom first, which of them
    show their face, and which face-up cards are still locked (open mode
    shows cards that the rules treat as face down)."""

    name: str
    cards: tuple[int, ...]
    face_up: tuple[bool, ...]
    locked: tuple[bool, ...]


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """An option of a game: its allowed values (the first is the default),
    whether it changes the cards dealt (and so the daily deal), and whether,
    dealing the same cards, it still makes a game of its own that has its own
    daily deals (``own_daily``: FreeCell's building rule, where a deal proven
    for one rule is no proof for the other). ``daily.candidate`` names both kinds in the
    text it hashes.

    ``added_later`` marks an option a game gained after players had kept games, statistics
    and dailies of it: at its default it is left out of the daily's candidate and of the
    names the page keeps games and statistics by (``QUIET_DEFAULTS`` in static/words.js,
    read by static/saves.js), so that the game as it was keeps its dailies, its kept games
    and its statistics."""

    name: str
    choices: tuple[str, ...]
    changes_deal: bool = False
    own_daily: bool = False
    added_later: bool = False

    @property
    def default(self) -> str:
        return self.choices[0]


def validate_options(specs: Sequence[OptionSpec], given: Mapping[str, str]) -> dict[str, str]:
    """All options of a game, defaults filled in; unknown names or values raise."""
    known = {spec.name: spec for spec in specs}
    for name, value in given.items():
        if name not in known:
            raise OptionError(Reason.UNKNOWN_OPTION, text=name, list=list(known))
        if value not in known[name].choices:
            raise OptionError(Reason.BAD_OPTION_VALUE, name=name, choices=known[name].choices, text=value)
    return {spec.name: given.get(spec.name, spec.default) for spec in specs}


def whole_number(name: str, text: str) -> int:
    """The number of a layout line (``redeals: 1``): ASCII digits, perhaps a minus sign.
    (int() alone also reads "١٢" and fails past 4,300 digits.)"""
    cleaned = text.strip()
    if not re.fullmatch(r"-?[0-9]{1,12}", cleaned):
        raise NotationError(Reason.NOT_A_NUMBER, pile=name, text=cleaned)
    return int(cleaned)


def check_deal_number(number: int) -> int:
    if not MIN_DEAL <= number <= MAX_DEAL:
        raise OptionError(Reason.DEAL_RANGE, number=MIN_DEAL, number2=MAX_DEAL, text=number)
    return number


class Rules(ABC, Generic[P]):
    """What every game provides. One instance per set of options."""

    game_id: str
    option_specs: tuple[OptionSpec, ...]  # what options the game has (class attribute)
    options: dict[str, str]  # the validated values of this instance
    # True where tapping a card that has a single legal destination should play it
    # at once (TriPeaks: the waste is the only place any card goes).
    tap_moves: bool = False
    # True where tapping a card whose only legal move is to a foundation should play it at
    # once (Pyramid: a King is removed alone, with nothing to pair it with).
    tap_home: bool = False
    # True where cards leave the table in pairs (Pyramid): a move onto a card pairs the two, a
    # move to the foundation removes a card, and a card is never freed but paired away.
    pairs_cards: bool = False

    @abstractmethod
    def deal(self, number: int) -> P:
        """The starting position of deal ``number`` (1 .. 2**31-1)."""

    @abstractmethod
    def legal_moves(self, position: P) -> list[Move]:
        """Every move the rules allow now."""

    @abstractmethod
    def apply(self, position: P, move: Move) -> P:
        """The position after ``move``; raises ``IllegalMove`` and changes nothing if it is not allowed."""

    def stock_move(self, position: P) -> Move:
        """The move a click on the stock makes: the legal draw or redeal.
        Games override it to let ``apply`` explain why a deal is refused."""
        for move in self.legal_moves(position):
            if "stock" in (move.source, move.target):
                return move
        raise IllegalMove(Reason.STOCK_USED_UP)

    def refusal(self, position: P, source: str, count: int) -> Said | None:
        """Why the top ``count`` cards of ``source`` cannot move now, or None when they can:
        the rules' reason when every place but the stock refuses them for the same one
        (a face-down card, cards that are not a run, a covered card), else that they have
        nowhere to go. Games where cards go to one place only override it."""
        if any(move.source == source and move.count == count for move in self.legal_moves(position)):
            return None
        reasons = set()
        for pile in self.slots():
            if pile.name not in (source, "stock"):
                try:
                    self.apply(position, Move(source, pile.name, count))
                except IllegalMove as refused:
                    reasons.add(refused.said)
        return reasons.pop() if len(reasons) == 1 else Said(Reason.NOWHERE_TO_GO)

    def move_kind(self, move: Move) -> str:
        """What ``move`` does, for the page to say and show: "draw" (stock
        to waste), "redeal" (waste to stock), "deal" (a card to every column), "home" (to a
        foundation), "pair" (two cards leave together: Pyramid), or "move"."""
        if move.source == "stock":
            return "deal" if move.target == "tableau" else "draw"
        if move.target == "stock":
            return "redeal"
        return "home" if move.target.startswith("foundation") else "move"

    def daily_proof_options(self) -> dict[str, str]:
        """The options under which a daily deal must be proven winnable: these rules' own,
        or where an option that leaves the cards alone only makes the game harder (Klondike's
        Vegas scoring limits the passes), the hardest, so that its players all get one deal."""
        return self.options

    def runs_completed(self, before: P, after: P) -> int:
        """Runs that left the table by themselves between the two positions (Spider)."""
        return 0

    # True where the score depends on the time played (Klondike's timed Standard scoring):
    # the page asks for it as the clock runs.
    def score_runs_with_clock(self) -> bool:
        return False

    # True where a game's score is carried over to the next game (cumulative Vegas):
    # the page keeps the balance in the statistics.
    def score_carries_over(self) -> bool:
        return False

    # True where the score is money (Vegas): the page writes it in dollars.
    def score_in_dollars(self) -> bool:
        return False

    @abstractmethod
    def safe_moves(self, position: P) -> list[Move]:
        """Moves to the foundations that can never hurt (played automatically when the player wants)."""

    @abstractmethod
    def is_won(self, position: P) -> bool: ...

    @abstractmethod
    def is_stuck(self, position: P) -> bool:
        """True only when the game is surely lost: no move can bring it nearer a win, now or after
        any number of draws (each game says which moves count; never True on a mere guess)."""

    def stuck_reason(self, position: P) -> Said | None:
        """Why the game is lost, for the page's "No moves left", or None while it is not
        stuck. Games override it to say their own reason; this one says only that no card
        can move."""
        return Said(Reason.NO_CARD_MOVES) if self.is_stuck(position) else None

    @abstractmethod
    def completion(self, position: P) -> list[Move] | None:
        """Moves that surely finish the game from here, or None when that is not certain."""

    @abstractmethod
    def slots(self) -> list[Slot]:
        """The table layout: one slot per pile, empty or not."""

    @abstractmethod
    def piles(self, position: P) -> list[PileView]:
        """Every pile as the player sees it, in the order of ``slots``."""

    @abstractmethod
    def score(self, position: P, seconds: int, won: bool) -> int | None:
        """The score to show after ``seconds`` of play, or None when the game is not scored."""

    @abstractmethod
    def text_layout(self, position: P) -> str:
        """The position in the documented text notation (every card shown)."""

    @abstractmethod
    def parse_layout(self, text: str) -> P:
        """A position written in the notation of ``text_layout`` (to set up a game)."""

    @abstractmethod
    def status_line(self, position: P) -> Said:
        """A short line on the stock or passes, e.g. 'Draw 3 · pass 2 of 3'."""
