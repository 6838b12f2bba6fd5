"""The bridge between the page and the engine: JSON messages in, a JSON view out.

This is the only Python that serves the browser, yet it imports nothing of
it: the page calls ``Bridge.handle`` with a JSON text and draws the view it
returns, so the bridge runs (and is tested) under plain CPython too.

The messages, each kind's request and answer, are typed in ``protocol.py``; the
``kinds`` table below gives each kind its handler. A request with a field its kind does
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

import hashlib
import json
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from solitaire.analysis import Analyst
from solitaire.cards import card_text
from solitaire.daily import Daily, DailyFinder, WinnableFinder, daily, parse_date
from solitaire.difficulty import rating
from solitaire.game import MAX_DEAL, IllegalMove, Move, move_notation, parse_move
from solitaire.registry import GAMES, make_rules, option_specs
from solitaire.review import Review
from solitaire.session import Session
from solitaire.solver import Verdict
from solitaire.texts import DEFAULT_LANGUAGE, LANGUAGES, Explained, Reason, Said, card_name, render, said_of

from .protocol import (
    REQUESTS,
    AnalysisAnswer,
    AnalysisView,
    ChallengeLine,
    ClockAnswer,
    DailyAnswer,
    GameEntry,
    HintAnswer,
    LanguageChosen,
    MovePlace,
    PeekAnswer,
    PileView,
    ReviewAnswer,
    SaveAnswer,
    TurnView,
    VerdictAnswer,
    VerifyAnswer,
    View,
    WhyAnswer,
    WinnableAnswer,
)

JsonObject = dict[str, Any]


class MessageError(Explained):
    """A message the bridge cannot use."""


@dataclass(frozen=True, slots=True)
class Kind:
    """A kind of message: its handler, and what the answer is. "own": what the handler returns
    (it does not change the game); "view": the handler changes the game (a turn, a new game, a
    setting) and returns nothing, the answer is the whole view; "analysis": the handler moves
    the analysis on, the answer is its verdict alone."""

    handler: Callable[[JsonObject], Any]
    answers: Literal["own", "view", "analysis"]


class Bridge:
    """Holds the game in progress and answers the page's messages."""

    def __init__(self) -> None:
        self.session: Session | None = None
        self.analyst: Analyst | None = None
        self.autoplay = False
        self.finder: tuple[DailyKey, DailyFinder] | None = None  # the daily being searched for
        self.dailies: dict[DailyKey, Daily] = {}  # the dailies found
        self.seeker: tuple[DealKey, WinnableFinder] | None = None  # a winnable deal being searched for, from a first deal
        self.proofs: dict[DealKey, Verdict] = {}  # the winnable deals found
        # The review, and what it reviews: the game and its history (turns played, moves taken back).
        self.review: tuple[Session, int, int, Review] | None = None
        # A challenge's line (its positions, the start first) for the game it was shown with.
        self.challenge: tuple[Session, list[Any]] | None = None
        self.language = DEFAULT_LANGUAGE
        # Every kind of message, with its handler and what it answers (see ``Kind``).
        self.kinds: dict[str, Kind] = {
            # Answers of their own: the game is not changed (a hint marks it assisted).
            "save": Kind(self.save, "own"),
            "clock": Kind(self.clock, "own"),  # once a second while the clock runs and the score depends on it
            "games": Kind(lambda _: {"ok": True, "games": game_list()}, "own"),
            "verify": Kind(lambda message: verify(message, self.dailies), "own"),
            "hint": Kind(self.hint_message, "own"),
            "why": Kind(self.why, "own"),
            "daily": Kind(self.find_daily, "own"),
            "winnable": Kind(self.find_winnable, "own"),
            "review": Kind(self.review_slice, "own"),
            "peek": Kind(self.peek, "own"),
            "verdict": Kind(lambda _: self.verdict(), "own"),
            # They change the game: the answer is the view.
            "new": Kind(self.new_game, "view"),
            "move": Kind(self.move, "view"),
            "stock": Kind(self.stock, "view"),
            "foundation": Kind(self.to_foundation, "view"),
            "tap": Kind(self.tap, "view"),
            "check": Kind(self.check, "view"),
            "undo": Kind(lambda _: self.current().undo(), "view"),
            "redo": Kind(lambda _: self.current().redo(), "view"),
            "complete": Kind(lambda _: self.current().complete(), "view"),
            "pause": Kind(lambda _: self.current().pause(), "view"),
            "resume": Kind(lambda _: self.current().resume(), "view"),
            "autoplay": Kind(self.set_autoplay, "view"),
            "language": Kind(self.set_language, "view"),
            "back": Kind(self.back, "view"),
            "load": Kind(self.load, "view"),
            "setup": Kind(self.setup, "view"),
            "view": Kind(lambda _: None, "view"),
            # Frequent and small: they move the analysis on, the answer is just its verdict.
            "analyse": Kind(self.analyse, "analysis"),
            "deepen": Kind(self.deepen, "analysis"),
            "learn": Kind(self.learn, "analysis"),
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
            self.follow(lambda: kind.handler(message))
            if kind.answers == "analysis":
                analysis = self.analysis_view()
                searched: AnalysisAnswer = {"ok": True, "analysis": analysis, "done": analysis["status"] != "searching"}
                return json.dumps(searched)
            if name == "language" and self.session is None:  # chosen before the first game: no view yet
                chosen: LanguageChosen = {"ok": True, "language": self.language}
                return json.dumps(chosen)
            return json.dumps(self.view())
        except json.JSONDecodeError:
            return self.failure(Said(Reason.MESSAGE_NOT_JSON))
        except Exception as error:  # a bug must not freeze the page: report it, keep the game
            return self.failure(said_of(error))

    def save(self, _message: JsonObject) -> SaveAnswer:
        return {"ok": True, "save": self.current().to_save()}

    def clock(self, _message: JsonObject) -> ClockAnswer:
        session = self.current()
        return {"ok": True, "seconds": session.seconds(), "score": session.score()}

    def hint_message(self, _message: JsonObject) -> HintAnswer:
        self.current().assisted = True
        return self.hint()

    def failure(self, said: Said) -> str:
        """The answer to a message that failed: the reason as a sentence in the player's language."""
        return json.dumps({"ok": False, "error": self.sentence(said)})

    def sentence(self, said: Said) -> str:
        return sentence(render(said, self.language))

    def current(self) -> Session:
        if self.session is None:
            raise MessageError(Reason.NO_GAME)
        return self.session

    def start(self, session: Session, proof: Verdict | None = None, deep: bool = False) -> None:
        """Make ``session`` the game in progress, with a fresh analysis (and the daily's proof);
        ``deep``: a deep analysis (see ``Analyst``)."""
        self.session = session
        self.analyst = Analyst(session.rules, deep)
        if proof is not None:
            self.analyst.remember(session.start_position, proof)

    def follow(self, action: Callable[[], None]) -> None:
        """Run a handler; when it played a turn, let the analysis carry a winning line over."""
        if self.session is not None:
            self.session.last = None  # the view reports only what this message did
        action()
        session = self.session
        last = None if session is None else session.last
        if session is not None and last is not None and last.action != "undo" and self.analyst is not None:
            self.analyst.played(last.before, last.turn, session.position)

    # -- message handlers ----------------------------------------------------------

    def new_game(self, message: JsonObject) -> None:
        session, proof = new_session(message, self.autoplay, self.dailies)
        if proof is None and session.daily is None:
            proof = self.proofs.get(deal_key(session.rules.game_id, session.rules.options, session.deal))
        self.start(session, proof)

    def find_winnable(self, message: JsonObject) -> WinnableAnswer:
        """Search a slice for the first deal from ``first`` on that the solver proves winnable
        ("winnable deals only"); answered as ``daily`` is. A ``new`` message for the deal found
        then starts with its proof."""
        began = time.perf_counter()
        game = text_field(message, "game")
        rules = make_rules(game, options_field(message))
        first = message.get("first")
        if not isinstance(first, int) or isinstance(first, bool):
            raise MessageError(Reason.FIRST_NOT_A_NUMBER, text=first)
        key = deal_key(game, rules.options, first)
        if self.seeker is None or self.seeker[0] != key:
            self.seeker = (key, WinnableFinder(game, rules.options, first))
        seeker = self.seeker[1]
        in_time(message, lambda nodes: seeker.run(nodes) is not None, began)
        found = seeker.result
        if found is None:
            return {"ok": True, "found": False, "done": False, "tried": seeker.tried}
        self.seeker = None
        if found.verdict is not None:
            self.proofs[deal_key(game, rules.options, found.deal)] = found.verdict
        return {"ok": True, "found": True, "done": True, "tried": found.index + 1, "deal": found.deal, "proven": found.verdict is not None}

    def find_daily(self, message: JsonObject) -> DailyAnswer:
        """Search for a day's deal in a slice of nodes (see ``daily`` in the module's text)."""
        began = time.perf_counter()  # setting up a search counts against the slice's time too
        game = text_field(message, "game")
        rules = make_rules(game, options_field(message))
        key = daily_key(game, rules.options, text_field(message, "date"))
        found = self.dailies.get(key)
        if found is None:
            if self.finder is None or self.finder[0] != key:
                known = message.get("candidate")
                self.finder = (key, DailyFinder(game, rules.options, key[2], known if type(known) is int else None))
            finder = self.finder[1]
            in_time(message, lambda nodes: finder.run(nodes) is not None, began)
            found = finder.result
            if found is None:
                return {"ok": True, "found": False, "done": False, "tried": finder.tried}
            self.dailies[key] = found
            self.finder = None
        return {"ok": True, "found": True, "done": True, "tried": found.index + 1, "deal": found.deal, "candidate": found.index}

    def review_slice(self, message: JsonObject) -> ReviewAnswer:
        """A slice of the review of the game in progress (see ``review`` in the module's text)."""
        began = time.perf_counter()
        session = self.current()
        review = self.current_review()
        if review is None:
            analyst = self.analyst
            review = Review(session.rules, session.positions, None if analyst is None else analyst.verdict)
            self.review = (session, len(session.turns), session.taken_back, review)
        in_time(message, lambda nodes: review.run(nodes) is not None, began)
        findings = review.findings
        answer: ReviewAnswer = {"ok": True, "done": findings is not None, "searched": review.searched, "nodes": review.spent}
        if findings is None:
            return answer
        if self.analyst is not None:
            positions = review.positions
            for index, verdict in review.verdicts.items():
                self.analyst.remember(positions[index], verdict)
        positions = review.positions
        rules = session.rules
        never_free = () if findings.first_lost is None else review.solver.never_free(positions[findings.first_lost])
        line_places = []
        if findings.last_winnable is not None:
            position = positions[findings.last_winnable]
            for move in findings.line:
                line_places.append(move_place(rules, position, move))
                position = rules.apply(position, move)
        return answer | {
            "statuses": list(findings.statuses),
            "lastWinnable": findings.last_winnable,
            "firstLost": findings.first_lost,
            "losingTurn": findings.losing_turn,
            "turns": [list(turn) for turn in session.written],
            # Each turn's own move (the player's, before any automatic ones), as a hint names it.
            "turnMoves": [move_place(rules, before, turn[0]) for before, turn in zip(positions, session.turns)],
            "line": [move_notation(move) for move in findings.line],
            "lineMoves": line_places,
            "undecided": None if findings.undecided is None else list(findings.undecided),
            # Why the first lost position is lost, where the solver can tell: cards never freed.
            "neverFree": [card_text(card) for card in never_free[:NEVER_FREE_NAMED]],
            "neverFreeCount": len(never_free),
            # A won game: its moves, those taken back, and the length of the solver's line from the deal.
            "won": review.won,
            "moves": session.move_count,
            "takenBack": session.taken_back,
            "solverMoves": None if findings.start_line is None else len(findings.start_line),
            "challenge": None if "challenge" not in message else self.challenge_view(session, message["challenge"]),
        }

    def challenge_view(self, session: Session, claimed: Any) -> ChallengeLine:
        """A challenge's winning line beside the game under review: each of its moves as the
        timeline names them, and where the game left it (``parted``: the index of the game's
        turn that left the line, after ``shared`` of the challenger's moves; null when the
        game never left it). Its positions are kept for ``peek``."""
        moves = replayed_moves(claimed)
        position = session.start_position
        positions, places = [position], []
        for number, move in enumerate(moves, 1):
            try:
                places.append(move_place(session.rules, position, move))
                position = session.rules.apply(position, move)
            except ValueError as error:  # IllegalMove included
                raise MessageError(Reason.REPLAY_MOVE, number=number, name=move_notation(move), message=said_of(error)) from None
            positions.append(position)
        self.challenge = (session, positions)
        shared, parted = 0, None
        for index, turn in enumerate(session.turns):
            if tuple(moves[shared : shared + len(turn)]) != turn:
                parted = index
                break
            shared += len(turn)
        return {"moves": places, "won": session.rules.is_won(position), "parted": parted, "shared": shared}

    def current_review(self) -> Review | None:
        """The review of the game in progress as it is now, if one was started (a turn played
        or taken back since makes it stale)."""
        session = self.session
        if self.review is None or session is None:
            return None
        reviewed, turns, taken_back, review = self.review
        return review if reviewed is session and turns == len(session.turns) and taken_back == session.taken_back else None

    def back(self, message: JsonObject) -> None:
        """ "Take me back" to a position of the game's history (the review's last winnable one)."""
        session = self.current()
        position = message.get("position")
        if not isinstance(position, int) or isinstance(position, bool) or not 0 <= position <= len(session.turns):
            raise MessageError(Reason.NO_SUCH_POSITION, number=len(session.turns), text=position)
        while len(session.turns) > position:
            session.undo()
        session.assisted = True

    def move(self, message: JsonObject) -> None:
        session = self.current()
        source, count = self.picked(message)
        session.play(Move(source, text_field(message, "to"), count))

    def stock(self, _: JsonObject) -> None:
        session = self.current()
        session.play(session.rules.stock_move(session.position))

    def to_foundation(self, message: JsonObject) -> None:
        session = self.current()
        source, count = self.picked(message)
        for move in session.rules.legal_moves(session.position):
            if move.source == source and move.count == count and move.target.startswith("foundation"):
                session.play(move)
                return
        raise IllegalMove(Reason.NOT_HOME_NOW)

    def tap(self, message: JsonObject) -> None:
        """Play the picked cards to their best place (see ``tap_choice``)."""
        session = self.current()
        source, count = self.picked(message)
        moves = [
            move
            for move in session.rules.legal_moves(session.position)
            if move.source == source and move.count == count and move.target != "stock"
        ]
        sizes = {pile.name: len(pile.cards) for pile in session.rules.piles(session.position)}
        session.play(tap_choice(moves, sizes))

    def check(self, _: JsonObject) -> None:
        """The player asks "Winnable?": from now on the page shows the verdict, and the game is assisted."""
        self.current().assisted = True

    def set_autoplay(self, message: JsonObject) -> None:
        self.autoplay = bool(message.get("on"))
        if self.session is not None:
            self.session.autoplay = self.autoplay

    def set_language(self, message: JsonObject) -> None:
        language = text_field(message, "language")
        if language not in LANGUAGES:
            raise MessageError(Reason.UNKNOWN_LANGUAGE, text=language, list=list(LANGUAGES))
        self.language = language

    def load(self, message: JsonObject) -> None:
        self.start(Session.from_save(message.get("save"), self.autoplay))  # type: ignore[arg-type]

    def setup(self, message: JsonObject) -> None:
        rules = make_rules(text_field(message, "game"), options_field(message))
        self.start(Session(rules, 1, None, self.autoplay, layout=text_field(message, "layout")))

    def analyse(self, message: JsonObject) -> None:
        """Spend at most ``nodes`` nodes of search on the position on the table."""
        analyst, position = self.analyst, self.current().position
        assert analyst is not None
        in_time(message, lambda nodes: analyst.work(position, nodes) is not None)

    def deepen(self, message: JsonObject) -> None:
        """Make the save's game the game in progress, for a deep analysis of its position."""
        self.start(Session.from_save(message.get("save")), deep=True)  # type: ignore[arg-type]

    def verdict(self) -> VerdictAnswer:
        """The analysis's verdict on the position on the table, with its winning line."""
        session = self.current()
        assert self.analyst is not None
        known = self.analyst.verdict(session.position)
        if known is None:
            return {"ok": True, "status": "searching", "line": [], "nodes": 0}
        return {"ok": True, "status": known.status, "line": [move_notation(move) for move in known.moves], "nodes": known.nodes}

    def learn(self, message: JsonObject) -> None:
        """A deep analysis's verdict on a position of the game in progress (see ``learn``)."""
        session = self.current()
        assert self.analyst is not None
        other = Session.from_save(message.get("save"))  # type: ignore[arg-type]
        if game_of(other) != game_of(session):
            raise MessageError(Reason.VERDICT_OTHER_GAME)
        status = message.get("status")
        if status not in ("winnable", "unwinnable", "unknown"):
            raise MessageError(Reason.VERDICT_STATUS, text=status)
        nodes = message.get("nodes")
        if not isinstance(nodes, int) or isinstance(nodes, bool) or nodes < 0:
            raise MessageError(Reason.VERDICT_NODES)
        line = replayed_moves(message.get("line"))
        if line and status != "winnable":
            raise MessageError(Reason.VERDICT_LINE)
        self.analyst.learn(other.position, Verdict(status, tuple(line), nodes))

    def hint(self) -> HintAnswer:
        """The move to suggest now, as the page names cards: pile, card index, destination."""
        session = self.current()
        assert self.analyst is not None
        hint = self.analyst.hint(session.position)
        if hint.move is None:
            return {"ok": True, "hint": {"kind": hint.kind}}
        return {"ok": True, "hint": {"kind": hint.kind, **move_place(session.rules, session.position, hint.move)}}

    def why(self, message: JsonObject) -> WhyAnswer:
        """Why the picked cards cannot move now (see ``Rules.refusal``)."""
        session = self.current()
        source, count = self.picked(message)
        reason = session.rules.refusal(session.position, source, count)
        return {"ok": True, "reason": None if reason is None else self.sentence(reason)}

    def picked(self, message: JsonObject) -> tuple[str, int]:
        """The pile and number of cards of a pick given as pile and card index."""
        source = text_field(message, "from")
        index = message.get("index")
        if not isinstance(index, int) or isinstance(index, bool):
            raise MessageError(Reason.INDEX_NOT_A_NUMBER)
        session = self.current()
        size = next((len(p.cards) for p in session.rules.piles(session.position) if p.name == source), None)
        if size is None:
            raise IllegalMove(Reason.NO_SUCH_PILE, place=source)
        if not 0 <= index < size:
            raise IllegalMove(Reason.NO_CARD_AT, pile=source, number=index)
        return source, size - index

    # -- the view ---------------------------------------------------------------------

    def analysis_view(self) -> AnalysisView:
        """Still winnable? The verdict on the position on the table (or that it is being
        searched, and how much of the search's budget is spent), and the deal's difficulty
        once its start has been proven winnable."""
        session = self.current()
        analyst = self.analyst
        if analyst is None or analyst.solver is None:
            return {"status": "none", "difficulty": None, "progress": None, "deeper": False, "position": None}
        verdict = analyst.verdict(session.position)
        start = analyst.verdict(session.start_position)
        progress = analyst.progress(session.position)
        deeper = analyst.deeper(session.position)
        return {
            "status": "searching" if verdict is None else verdict.status,
            "difficulty": None if start is None else rating(session.rules.game_id, session.rules.options, start),
            # Whole percent of the search's budget spent, at most 99: while it runs, and where a
            # deep analysis may go on, the share the analysis spent (the deep one's start).
            "progress": None if progress is None else min(int(progress * 100), 99),
            "deeper": deeper,
            # The page runs one deep analysis at a time and ends it when the table's position changes.
            "position": position_digest(session.position) if deeper else None,
        }

    def view(self) -> View:
        """Everything the page draws: piles, legal moves, score, clock, status."""
        session = self.current()
        rules, position = session.rules, session.position
        won = session.is_won()
        stuck = session.stuck_reason()
        piles = rules.piles(position)
        sizes = {pile.name: len(pile.cards) for pile in piles}
        legal: dict[str, list[str]] = {}
        stock_action: Literal["draw", "redeal"] | None = None
        for move in rules.legal_moves(position):
            if "stock" in (move.source, move.target):
                stock_action = "draw" if move.source == "stock" else "redeal"
                continue
            key = f"{move.source}:{sizes[move.source] - move.count}"
            if move.target not in legal.setdefault(key, []):
                legal[key].append(move.target)
        return {
            "ok": True,
            "game": rules.game_id,
            "options": rules.options,
            "optionSpecs": [
                {"name": spec.name, "choices": list(spec.choices), "changesDeal": spec.changes_deal} for spec in type(rules).option_specs
            ],
            "deal": session.deal,
            "daily": session.daily,
            "slots": [
                {"name": slot.name, "x": slot.x, "y": slot.y, "fan": slot.fan, "hint": slot.empty_hint, "dealSize": slot.deal_size}
                for slot in rules.slots()
            ],
            "piles": self.piles_view(piles),
            "legal": legal,
            "stockAction": stock_action,
            "score": session.score(),
            "moves": session.move_count,
            "seconds": session.seconds(),
            "assisted": session.assisted,
            "clockRunning": session.running_since is not None,
            "status": "won" if won else "stuck" if stuck is not None else "playing",
            # Why the game is lost, as a sentence in the player's language (null unless stuck).
            "stuckText": None if stuck is None else self.sentence(stuck),
            "canUndo": bool(session.turns),
            "canRedo": bool(session.undone),
            "canComplete": not won and rules.completion(position) is not None,
            "autoplay": session.autoplay,
            "statusLine": render(rules.status_line(position), self.language),
            "language": self.language,
            "tapMoves": rules.tap_moves,
            "tapHome": rules.tap_home,
            "pairsCards": rules.pairs_cards,
            "analysis": self.analysis_view(),
            # The page keeps it and stores it at once: a page closed right after a move loses nothing.
            "save": session.to_save(),
            "turn": self.turn_view(),
            "scoreRunsWithClock": rules.score_runs_with_clock(),
            "scoreCarriesOver": rules.score_carries_over(),
            "scoreInDollars": rules.score_in_dollars(),
        }

    def piles_view(self, piles: list[Any]) -> list[PileView]:
        return [
            {
                "name": pile.name,
                "cards": [
                    {"card": card_text(card), "name": card_name(card, self.language), "locked": locked} if up else {"card": "down"}
                    for card, up, locked in zip(pile.cards, pile.face_up, pile.locked)
                ],
            }
            for pile in piles
        ]

    def peek(self, message: JsonObject) -> PeekAnswer:
        """The piles of a position of the game's history (``position``), or with ``line``, of
        the position that many moves into the finished review's winning line (from its last
        winnable position); the game in progress stays as it is."""
        session = self.current()
        review = self.current_review()
        # The slider asks for position after position: the review has them all at hand.
        positions = session.positions if review is None else review.positions
        index = message.get("position")
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(positions):
            raise MessageError(Reason.NO_SUCH_POSITION, number=len(positions) - 1, text=index)
        position = positions[index]
        if "challenge" in message:
            return self.challenge_peek(session, message["challenge"])
        steps = message.get("line", 0)
        if steps:
            findings = None if review is None else review.findings
            if findings is None or findings.last_winnable != index or not isinstance(steps, int) or not 0 < steps <= len(findings.line):
                raise MessageError(Reason.NO_SUCH_LINE_MOVE, number=0 if findings is None else len(findings.line), text=steps)
            for move in findings.line[:steps]:
                position = session.rules.apply(position, move)
        return self.piles_answer(session.rules, position)

    def challenge_peek(self, session: Session, steps: Any) -> PeekAnswer:
        """The position ``steps`` moves into the challenge's line shown by the review."""
        line = self.challenge[1] if self.challenge is not None and self.challenge[0] is session else []
        if not isinstance(steps, int) or isinstance(steps, bool) or not 0 <= steps < len(line):
            raise MessageError(Reason.NO_SUCH_CHALLENGE_MOVE, number=max(0, len(line) - 1), text=steps)
        return self.piles_answer(session.rules, line[steps])

    def piles_answer(self, rules: Any, position: Any) -> PeekAnswer:
        return {
            "ok": True,
            "piles": self.piles_view(rules.piles(position)),
            "statusLine": render(rules.status_line(position), self.language),
        }

    def turn_view(self) -> TurnView | None:
        """What the message just answered did, so the page need not work it out: the action,
        each move with its kind (``Rules.move_kind``), how many of them were automatic, and
        the runs that left the table by themselves. None when it played no turn."""
        session = self.current()
        last = session.last
        if last is None:
            return None
        return {
            "action": last.action,
            "moves": [{"move": move_notation(move), "kind": session.rules.move_kind(move)} for move in last.turn],
            "automatic": len(last.turn) - 1 if last.action == "play" else 0,
            # An undo goes back to ``before``: no run left the table.
            "runsHome": 0 if last.action == "undo" else session.rules.runs_completed(last.before, session.position),
        }


def move_place(rules: Any, position: Any, move: Move) -> MovePlace:
    """A move as the page names it: what it does (``Rules.move_kind``), the pile it takes
    from, the index of its first card there, where it goes, and the cards it moves and
    goes onto."""
    piles = {pile.name: pile for pile in rules.piles(position)}
    source, target = piles.get(move.source), piles.get(move.target)
    index = (len(source.cards) if source else move.count) - move.count
    card = source.cards[index] if source and 0 <= index < len(source.cards) and source.face_up[index] else None
    onto = target.cards[-1] if target and target.cards and target.face_up[-1] else None
    return {
        "move": rules.move_kind(move),
        "from": move.source,
        "index": index,
        "to": move.target,
        # The card moved and the one it goes onto, as the view writes cards (None: none, or face down).
        "card": None if card is None else card_text(card),
        "onto": None if onto is None else card_text(onto),
    }


DailyKey = tuple[str, tuple[tuple[str, str], ...], str]


def daily_key(game: str, options: Mapping[str, str], date: str) -> DailyKey:
    """What names a daily: game, options and date (checked)."""
    return game, tuple(sorted(options.items())), parse_date(date).isoformat()


DealKey = tuple[str, tuple[tuple[str, str], ...], int]


def deal_key(game: str, options: Mapping[str, str], deal: int) -> DealKey:
    """What names a deal: game, options and number."""
    return game, tuple(sorted(options.items())), deal


def new_session(
    message: JsonObject, autoplay: bool = False, dailies: Mapping[DailyKey, Daily] | None = None
) -> tuple[Session, Verdict | None]:
    """A fresh game as a message names it: game, options, and deal, daily or neither (random);
    with the solver's proof when it is a daily deal (found before, in ``dailies``, or now)."""
    game = text_field(message, "game")
    rules = make_rules(game, options_field(message))
    if message.get("daily") is not None:
        key = daily_key(game, rules.options, str(message["daily"]))
        day = (dailies or {}).get(key) or daily(game, rules.options, key[2])
        return Session(rules, day.deal, key[2], autoplay), day.verdict
    deal = message.get("deal")
    if deal is None:
        # os.urandom rather than the secrets module: one import less at start-up.
        deal = int.from_bytes(os.urandom(8), "big") % MAX_DEAL + 1
    if not isinstance(deal, int) or isinstance(deal, bool):
        raise MessageError(Reason.DEAL_NOT_A_NUMBER, text=deal)
    return Session(rules, deal, None, autoplay), None


def tap_rank(move: Move, sizes: Mapping[str, int]) -> int:
    """How good a place is for a tapped card, best first: a foundation, a column with
    cards, a free cell (an empty column is worth more than a cell), an empty column,
    anything else (a Pyramid partner, the TriPeaks waste)."""
    kind = move.target.split("-")[0]
    if kind == "foundation":
        return 0
    if kind == "tableau":
        return 1 if sizes.get(move.target) else 3
    if kind == "cell":
        return 2
    return 4


def tap_choice(moves: list[Move], sizes: Mapping[str, int]) -> Move:
    """The move a tap plays among one card's legal moves: the first of the best rank;
    places of the last rank are not alike (two Pyramid partners), so one of them must be the only one."""
    if not moves:
        raise IllegalMove(Reason.NOWHERE_TO_GO)
    best = min(tap_rank(move, sizes) for move in moves)
    choices = [move for move in moves if tap_rank(move, sizes) == best]
    if best == 4 and len(choices) > 1:
        raise IllegalMove(Reason.MORE_THAN_ONE_PLACE)
    return choices[0]


# Every kind's fields, ``type`` included: a request with another is refused.
FIELDS = {name: request.__required_keys__ | request.__optional_keys__ for name, request in REQUESTS.items()}

NEVER_FREE_NAMED = 4  # cards a review names as never freed (the lowest first)
MAX_SLICE = 1_000_000  # nodes one "analyse" or "daily" message may ask for
CHUNK_NODES = 20  # a timed slice looks at the clock after at most this many nodes
MAX_VERIFIED_MOVES = 20_000  # far more than any real game; bounds the work a link can ask for


def replayed_moves(moves: Any) -> list[Move]:
    """A challenge's moves, read (a list of at most ``MAX_VERIFIED_MOVES`` in notation)."""
    if not isinstance(moves, list) or not all(isinstance(text, str) for text in moves):
        raise MessageError(Reason.MOVES_NOT_A_LIST)
    if len(moves) > MAX_VERIFIED_MOVES:
        raise MessageError(Reason.CHALLENGE_TOO_LONG, number=MAX_VERIFIED_MOVES)
    read = []
    for number, text in enumerate(moves, 1):
        try:
            read.append(parse_move(text))
        except ValueError as error:
            raise MessageError(Reason.REPLAY_MOVE, number=number, name=text[:20], message=said_of(error)) from None
    return read


def verify(message: JsonObject, dailies: Mapping[DailyKey, Daily] | None = None) -> VerifyAnswer:
    """Replay a challenge's moves on its deal; IllegalMove and friends explain a bad one.
    A daily's deal comes from ``dailies`` when it was found before (no search again)."""
    moves = replayed_moves(message.get("moves"))
    session, _ = new_session(message, dailies=dailies)
    for number, move in enumerate(moves, 1):
        try:
            session.play(move)
        except ValueError as error:  # IllegalMove included
            raise MessageError(Reason.REPLAY_MOVE, number=number, name=move_notation(move), message=said_of(error)) from None
    won = session.is_won()
    return {"ok": True, "won": won, "moves": session.move_count, "score": session.rules.score(session.position, 0, won)}


def options_field(message: JsonObject) -> Mapping[str, str]:
    options = message.get("options", {})
    if not isinstance(options, Mapping) or not all(isinstance(v, str) for v in options.values()):
        raise MessageError(Reason.OPTIONS_NOT_TEXT)
    return options


def game_list() -> list[GameEntry]:
    """Every game's id and options, in the order the page lists them: the page checks the
    options it stored against them (the snapshot has every game module imported already)."""
    return [
        {"id": game_id, "options": [{"name": spec.name, "choices": list(spec.choices)} for spec in option_specs(game_id)]}
        for game_id in GAMES
    ]


def game_of(session: Session) -> tuple[Any, ...]:
    """What makes two sessions the same game, whatever was played since: the rules and the deal."""
    return (session.rules.game_id, session.rules.options, session.deal, session.daily, session.layout)


def position_digest(position: Any) -> str:
    """A short name for a position, the same in every engine (a position's repr is its numbers)."""
    return hashlib.blake2b(repr(position).encode(), digest_size=8).hexdigest()


def slice_nodes(message: JsonObject) -> int:
    """The ``nodes`` of a message that asks for a slice of search."""
    nodes = message.get("nodes")
    if not isinstance(nodes, int) or isinstance(nodes, bool) or not 1 <= nodes <= MAX_SLICE:
        raise MessageError(Reason.NODES_RANGE, number=MAX_SLICE)
    return nodes


def in_time(message: JsonObject, work: Callable[[int], bool], began: float | None = None) -> None:
    """Do a slice of search: ``work(nodes)`` until it says it is done, the message's
    ``nodes`` are spent, or its optional ``ms`` have passed. The clock is read
    after each chunk of nodes, a chunk being as many nodes as the pace so far
    fits in a quarter of the time left (at least one, at most ``CHUNK_NODES``):
    a node's cost varies a lot between games (a Klondike node costs about ten
    Spider nodes), and a slice must end on time, since the engine's answer to
    a move waits for it. The verdicts do not depend on slicing. The time counts
    from ``began`` when given."""
    nodes = slice_nodes(message)
    ms = message.get("ms")
    if ms is None:
        work(nodes)
        return
    if not isinstance(ms, (int, float)) or isinstance(ms, bool) or not 1 <= ms <= 1_000:
        raise MessageError(Reason.MS_RANGE)
    deadline = (time.perf_counter() if began is None else began) + ms / 1_000
    chunk = 1
    while nodes > 0:
        step = min(nodes, chunk)
        nodes -= step
        start = time.perf_counter()
        if work(step):
            return
        now = time.perf_counter()
        if now >= deadline:
            return
        per_node = max((now - start) / step, 1e-7)
        chunk = max(1, min(CHUNK_NODES, int((deadline - now) / 4 / per_node)))


def text_field(message: JsonObject, name: str) -> str:
    value = message.get(name)
    if not isinstance(value, str) or not value:
        raise MessageError(Reason.FIELD_NOT_TEXT, text=name)
    return value


def sentence(text: str) -> str:
    """An error message as a sentence: capitalised, with a full stop."""
    text = text.strip()
    if not text:
        return "Something went wrong; the game is unchanged."
    return text[0].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")
