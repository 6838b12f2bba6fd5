"""The bridge between the page and the engine: JSON messages in, a JSON view out.

This is the only Python that serves the browser, yet it imports nothing of
it: the page calls ``Bridge.handle`` with a JSON text and draws the view it
returns, so the bridge runs (and is tested) under plain CPython too.

The messages, each kind's request and answer, are typed in ``protocol.py``; the
``kinds`` table below gives each kind its handler, in the part of the bridge it concerns:
``table.py`` the game on the table (its turns, its live analysis, the view), ``searches.py``
the searches for deals (dailies, winnable deals), ``reviews.py`` the review and a
challenge's line; ``messages.py`` reads the requests' fields. A request with a field its kind does
not declare is refused. Every answer has ``ok``. On success a message that changes the
game is answered with the whole view (``View``); on failure only ``error``, a sentence for
the player in the chosen language, and the game is unchanged.

A few kinds, in words:

- ``tap``: play the picked cards to their best place (the page's "tap to move"): a
  foundation, else a column with cards, else a free cell, else an empty column; a card with
  nowhere to go, or with more than one place of another kind (a Pyramid card that pairs
  with two), is refused and the page lets the player choose.
- ``daily`` and ``winnable``: a slice of the search for a day's deal, or for the first deal
  from ``first`` on that the solver proves winnable ("winnable deals only"); a ``new``
  message for the deal found then starts at once, with its proof.
- ``analyse``: a slice of search on the position on the table; ``deepen``: a *deep*
  analysis, in an engine of its own that the page ends with it (the save becomes its game
  in progress, so never send it to the engine of the game being played); ``learn``: the
  deep analysis's verdict joins the analysis of the game in progress; ``verdict``: the
  verdict with its winning line.
- ``review``: a slice of the review of the game in progress (``solitaire.review``: where it
  was lost); a turn played or taken back since starts it again, and its verdicts serve the
  live analysis too. ``peek`` shows the review's positions, ``back`` ("Take me back")
  returns to one (the game then counts as assisted).
- ``verify``: replays a challenge link's moves on a fresh deal, leaving the game in
  progress alone (a daily found before is not searched for again).
- ``setup``: start from a position in the game's text notation (tests use it).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from solitaire.texts import Reason, Said, said_of

from .messages import FIELDS, JsonObject, MessageError
from .protocol import AnalysisAnswer, LanguageChosen
from .reviews import Reviews
from .searches import Searches, verify
from .table import Table, game_list

__all__ = ["Bridge", "Kind"]


@dataclass(frozen=True, slots=True)
class Kind:
    """A kind of message: its handler, and what the answer is. "own": what the handler returns
    (it does not change the game); "view": the handler changes the game (a turn, a new game, a
    setting) and returns nothing, the answer is the whole view; "analysis": the handler moves
    the analysis on, the answer is its verdict alone."""

    handler: Callable[[JsonObject], Any]
    answers: Literal["own", "view", "analysis"]


class Bridge:
    """Answers the page's messages: each kind goes to the part of the bridge it concerns, and
    each part keeps its own state."""

    def __init__(self) -> None:
        self.table = Table()
        self.searches = Searches()
        self.reviews = Reviews(self.table)
        table, searches, reviews = self.table, self.searches, self.reviews
        # Every kind of message, with its handler and what it answers (see ``Kind``).
        self.kinds: dict[str, Kind] = {
            # Answers of their own: the game is not changed (a hint marks it assisted).
            "save": Kind(table.save, "own"),
            "clock": Kind(table.clock, "own"),  # once a second while the clock runs and the score depends on it
            "games": Kind(lambda _: {"ok": True, "games": game_list()}, "own"),
            "verify": Kind(lambda message: verify(message, searches.dailies), "own"),
            "hint": Kind(table.hint_message, "own"),
            "why": Kind(table.why, "own"),
            "verdict": Kind(lambda _: table.verdict(), "own"),
            "daily": Kind(searches.find_daily, "own"),
            "winnable": Kind(searches.find_winnable, "own"),
            "review": Kind(reviews.review_slice, "own"),
            "peek": Kind(reviews.peek, "own"),
            # They change the game: the answer is the view.
            "new": Kind(self.new_game, "view"),
            "move": Kind(table.move, "view"),
            "stock": Kind(table.stock, "view"),
            "foundation": Kind(table.to_foundation, "view"),
            "tap": Kind(table.tap, "view"),
            "check": Kind(table.check, "view"),
            "undo": Kind(lambda _: table.current().undo(), "view"),
            "redo": Kind(lambda _: table.current().redo(), "view"),
            "complete": Kind(lambda _: table.current().complete(), "view"),
            "pause": Kind(lambda _: table.current().pause(), "view"),
            "resume": Kind(lambda _: table.current().resume(), "view"),
            "autoplay": Kind(table.set_autoplay, "view"),
            "language": Kind(table.set_language, "view"),
            "back": Kind(reviews.back, "view"),
            "load": Kind(table.load, "view"),
            "setup": Kind(table.setup, "view"),
            "view": Kind(lambda _: None, "view"),
            # Frequent and small: they move the analysis on, the answer is just its verdict.
            "analyse": Kind(table.analyse, "analysis"),
            "deepen": Kind(table.deepen, "analysis"),
            "learn": Kind(table.learn, "analysis"),
        }

    def handle(self, text: str) -> str:
        """Answer one JSON message with a JSON text; never raises."""
        try:
            message = json.loads(text)
            if not isinstance(message, dict):
                raise MessageError(Reason.MESSAGE_NOT_OBJECT)
            name = message.get("type")
            kind = self.kinds.get(name) if isinstance(name, str) else None
            if kind is None or not isinstance(name, str):
                raise MessageError(Reason.UNKNOWN_MESSAGE, text=name)
            unknown = sorted(set(message) - FIELDS[name])
            if unknown:
                raise MessageError(Reason.UNKNOWN_FIELD, name=name, text=unknown[0])
            if kind.answers == "own":
                return json.dumps(kind.handler(message))
            self.table.follow(lambda: kind.handler(message))
            if kind.answers == "analysis":
                analysis = self.table.analysis_view()
                searched: AnalysisAnswer = {"ok": True, "analysis": analysis, "done": analysis["status"] != "searching"}
                return json.dumps(searched)
            if name == "language" and self.table.session is None:  # chosen before the first game: no view yet
                chosen: LanguageChosen = {"ok": True, "language": self.table.language}
                return json.dumps(chosen)
            return json.dumps(self.table.view())
        except json.JSONDecodeError:
            return self.failure(Said(Reason.MESSAGE_NOT_JSON))
        except Exception as error:  # a bug must not freeze the page: report it, keep the game
            return self.failure(said_of(error))

    def new_game(self, message: JsonObject) -> None:
        """A fresh game on the table: the deal the message names, with the proof a search found."""
        self.table.start(*self.searches.deal(message, self.table.autoplay))

    def failure(self, said: Said) -> str:
        """The answer to a message that failed: the reason as a sentence in the player's language."""
        return json.dumps({"ok": False, "error": self.table.sentence(said)})
