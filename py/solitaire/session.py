"""A game being played: its rules, deal, history with undo and redo, and clock.

Each player action is a *turn*: the move the player made plus the automatic
moves that followed it (safe cards to the foundations, when the player wants
them), so one undo takes back what one click did. The history is the list
of turns; positions are kept only every ``CHECKPOINT_TURNS`` turns, and undo
replays the turns since the last checkpoint, so a long game costs a few
bytes per move, not a position per move.

Saves are versioned JSON-ready dicts holding the game, options, deal, the
turns in move notation and the clock; loading replays every move through
the rules, so a save can never smuggle in an impossible position.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypedDict

from .daily import parse_date
from .game import IllegalMove, Move, OptionError, Rules, check_deal_number, move_notation, parse_move
from .registry import make_rules
from .texts import Explained, Reason, Said, said_of

SAVE_VERSION = 1


class Save(TypedDict):
    """A game as it is kept: replayed move by move when loaded."""

    version: int
    game: str
    options: dict[str, str]
    deal: int
    daily: str | None
    layout: str | None  # a set-up position (tests), else null
    turns: list[list[str]]  # every turn's moves, in notation
    undone: list[list[str]]  # turns taken back that can be redone
    seconds: int
    assisted: bool
    takenBack: int


MAX_SAVED_SECONDS = 10**8  # about three years of play: more is not a clock but a broken save
CHECKPOINT_TURNS = 32  # a position kept every so many turns: undo replays at most that many
Turn = tuple[Move, ...]


class SaveError(Explained):
    """A save that cannot be restored; its ``said`` says why."""


@dataclass(frozen=True, slots=True)
class LastTurn:
    """What the last action did, for the page to say and show: the turn that was played
    ("play", the player's move and the automatic moves after it), finished automatically
    ("complete"), taken back ("undo") or played again ("redo"), and the position the turn
    was played from (for an undo, the position it goes back to)."""

    action: Literal["play", "complete", "undo", "redo"]
    turn: Turn
    before: Any


class Session:
    """One game in progress."""

    def __init__(
        self,
        rules: Rules[Any],
        deal: int,
        daily: str | None = None,
        autoplay: bool = False,
        clock: Callable[[], float] = time.monotonic,
        layout: str | None = None,
    ) -> None:
        """A new game of deal ``deal``, or, when ``layout`` is given, of that
        position (in the game's text notation; used to set up tests)."""
        self.rules = rules
        self.deal = check_deal_number(deal)
        self.daily = daily
        self.autoplay = autoplay
        self.clock = clock
        self.layout = layout
        try:
            start = rules.deal(deal) if layout is None else rules.parse_layout(layout)
        except ValueError as error:
            raise SaveError(Reason.BAD_LAYOUT, message=said_of(error)) from None
        self.start_position = start
        self.current = start  # the position after the last turn
        self.checkpoints: list[Any] = [start]  # the positions after turns 0, CHECKPOINT_TURNS, 2 * CHECKPOINT_TURNS, ...
        self.turns: list[Turn] = []
        self.undone: list[Turn] = []  # turns taken back, the last one is redone first
        self.taken_back = 0  # moves taken back in all (the review of a won game counts them)
        # The turns in notation, written once: every view carries a save of them all.
        self.written: list[tuple[str, ...]] = []
        self.moves_made = 0
        self.banked_seconds = 0.0  # play time before the clock last started
        self.running_since: float | None = None
        # A hint or the "Winnable?" check was used: a win still counts, but apart (never undone).
        self.assisted = False
        self.last: LastTurn | None = None  # what the last action did (the bridge clears it per message)

    # -- state -----------------------------------------------------------------

    @property
    def position(self) -> Any:
        return self.current

    @property
    def positions(self) -> list[Any]:
        """Every position of the game so far, the start first (replayed: for tests and tools)."""
        positions = [self.start_position]
        for turn in self.turns:
            positions.append(self.replay(positions[-1], turn))
        return positions

    def replay(self, position: Any, turn: Turn) -> Any:
        for move in turn:
            position = self.rules.apply(position, move)
        return position

    @property
    def move_count(self) -> int:
        """Moves made, counting each draw and each automatic move."""
        return self.moves_made

    def is_won(self) -> bool:
        return self.rules.is_won(self.position)

    def is_stuck(self) -> bool:
        return self.rules.is_stuck(self.position)

    def stuck_reason(self) -> Said | None:
        """Why the game is lost (``Rules.stuck_reason``), or None while it is not."""
        return None if self.is_won() else self.rules.stuck_reason(self.position)

    def seconds(self) -> int:
        """Whole seconds played; the clock runs from the first move to the win."""
        running = 0.0 if self.running_since is None else self.clock() - self.running_since
        return int(self.banked_seconds + running)

    def score(self) -> int | None:
        return self.rules.score(self.position, self.seconds(), self.is_won())

    # -- playing -----------------------------------------------------------------

    def play(self, move: Move) -> None:
        """Make a move (and the automatic moves after it); IllegalMove changes nothing."""
        if self.is_won():
            raise IllegalMove(Reason.GAME_WON)
        position = self.rules.apply(self.position, move)
        turn = [move]
        # A card the player took back from a foundation stays where it was put: an automatic
        # move would only undo the player's move (automatic moves never cover it, they only
        # go to the foundations, so it stays the top of its pile all through this loop).
        kept = move.target if move.source.startswith("foundation") else None
        while self.autoplay and (safe := [m for m in self.rules.safe_moves(position) if m.source != kept]):
            position = self.rules.apply(position, safe[0])
            turn.append(safe[0])
        self.last = LastTurn("play", tuple(turn), self.position)
        self.push(tuple(turn), position)
        self.undone.clear()

    def complete(self) -> None:
        """Play out a game whose finish is certain (auto-complete)."""
        moves = self.rules.completion(self.position)
        if moves is None:
            raise IllegalMove(Reason.NO_FINISH_YET)
        position = self.position
        for move in moves:
            position = self.rules.apply(position, move)
        self.last = LastTurn("complete", tuple(moves), self.position)
        self.push(tuple(moves), position)
        self.undone.clear()

    def push(self, turn: Turn, position: Any) -> None:
        self.turns.append(turn)
        self.written.append(tuple(move_notation(m) for m in turn))
        self.moves_made += len(turn)
        self.current = position
        if len(self.turns) % CHECKPOINT_TURNS == 0:
            self.checkpoints.append(position)
        if self.is_won():
            self.pause()
        elif self.running_since is None:
            self.running_since = self.clock()

    def undo(self) -> None:
        if not self.turns:
            raise IllegalMove(Reason.NOTHING_TO_UNDO)
        self.undone.append(self.turns.pop())
        self.written.pop()
        self.moves_made -= len(self.undone[-1])
        self.taken_back += len(self.undone[-1])
        del self.checkpoints[len(self.turns) // CHECKPOINT_TURNS + 1 :]
        position = self.checkpoints[-1]
        for turn in self.turns[len(self.checkpoints) * CHECKPOINT_TURNS - CHECKPOINT_TURNS :]:
            position = self.replay(position, turn)
        self.current = position
        self.last = LastTurn("undo", self.undone[-1], position)

    def redo(self) -> None:
        if not self.undone:
            raise IllegalMove(Reason.NOTHING_TO_REDO)
        turn = self.undone[-1]
        position = self.replay(self.position, turn)
        self.undone.pop()
        self.last = LastTurn("redo", turn, self.position)
        self.push(turn, position)

    def pause(self) -> None:
        """Stop the clock (a hidden page, a won game)."""
        if self.running_since is not None:
            self.banked_seconds += self.clock() - self.running_since
            self.running_since = None

    def resume(self) -> None:
        """Restart the clock if a game is under way."""
        if self.running_since is None and self.turns and not self.is_won():
            self.running_since = self.clock()

    # -- saving ------------------------------------------------------------------

    def to_save(self) -> Save:
        return {
            "version": SAVE_VERSION,
            "game": self.rules.game_id,
            "options": dict(self.rules.options),
            "deal": self.deal,
            "daily": self.daily,
            "layout": self.layout,
            "turns": [list(turn) for turn in self.written],
            "undone": [[move_notation(m) for m in turn] for turn in self.undone],
            "seconds": self.seconds(),
            "assisted": self.assisted,
            "takenBack": self.taken_back,
        }

    @classmethod
    def from_save(cls, data: Mapping[str, Any], autoplay: bool = False, clock: Callable[[], float] = time.monotonic) -> Session:
        """Rebuild a game from a save, replaying every move; SaveError says what is wrong."""
        if not isinstance(data, Mapping):
            raise SaveError(Reason.SAVE_NOT_OBJECT)
        if data.get("version") != SAVE_VERSION:
            raise SaveError(Reason.SAVE_VERSION, text=data.get("version"), number=SAVE_VERSION)
        try:
            options = data.get("options")
            if not isinstance(options, Mapping) or not all(isinstance(v, str) for v in options.values()):
                raise SaveError(Reason.SAVE_OPTIONS)
            deal, daily, seconds = data.get("deal"), data.get("daily"), data.get("seconds")
            if not isinstance(deal, int) or isinstance(deal, bool):
                raise SaveError(Reason.SAVE_NO_DEAL)
            if daily is not None and not isinstance(daily, str):
                raise SaveError(Reason.SAVE_DAILY_NOT_TEXT)
            if not isinstance(seconds, (int, float)) or isinstance(seconds, bool) or not 0 <= seconds <= MAX_SAVED_SECONDS:
                raise SaveError(Reason.SAVE_CLOCK)
            if daily is not None:
                try:
                    parse_date(daily)
                except ValueError as error:
                    raise SaveError(Reason.SAVE_DAILY_NOT_DATE, message=said_of(error)) from None
            layout = data.get("layout")
            if layout is not None and not isinstance(layout, str):
                raise SaveError(Reason.SAVE_LAYOUT_NOT_TEXT)
            assisted = data.get("assisted", False)  # saves before it was kept have none
            if not isinstance(assisted, bool):
                raise SaveError(Reason.SAVE_ASSISTED)
            taken_back = data.get("takenBack", 0)  # saves before it was kept have none
            if not isinstance(taken_back, int) or isinstance(taken_back, bool) or taken_back < 0:
                raise SaveError(Reason.SAVE_TAKEN_BACK)
            session = cls(make_rules(str(data.get("game")), options), deal, daily, autoplay, clock, layout)
            for turn in read_turns(data.get("turns")):
                session.push(turn, session.replay(session.position, turn))
            session.pause()  # replaying is not playing: the clock is the save's
            session.undone = read_turns(data.get("undone"))
            position = session.position
            for turn in reversed(session.undone):  # redo must work too
                position = session.replay(position, turn)
            session.banked_seconds = float(seconds)
            session.assisted = assisted
            session.taken_back = taken_back
        except (OptionError, IllegalMove) as error:
            raise SaveError(Reason.SAVE_NO_REPLAY, message=error.said) from None
        return session


def read_turns(value: Any) -> list[Turn]:
    """Turns written as lists of moves in notation; SaveError if anything is off."""
    if not isinstance(value, list):
        raise SaveError(Reason.SAVE_MOVES)
    turns: list[Turn] = []
    for turn in value:
        if not isinstance(turn, list) or not turn or not all(isinstance(text, str) for text in turn):
            raise SaveError(Reason.SAVE_MOVES)
        try:
            turns.append(tuple(parse_move(text) for text in turn))
        except ValueError as error:
            raise SaveError(Reason.SAVE_BAD_MOVE, message=said_of(error)) from None
    return turns
