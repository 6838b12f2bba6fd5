"""The review of the game in progress (where it was lost), a challenge's line beside it, and
the positions the review shows."""

from __future__ import annotations

import time
from typing import Any

from solitaire.cards import card_text
from solitaire.game import move_notation
from solitaire.review import Review
from solitaire.session import Session
from solitaire.texts import Reason, said_of

from .messages import JsonObject, MessageError, in_time, replayed_moves
from .protocol import ChallengeLine, PeekAnswer, ReviewAnswer
from .table import Table, move_place

NEVER_FREE_NAMED = 4  # cards a review names as never freed (the lowest first)


class Reviews:
    """The review of the game on ``table`` and the challenge shown with it."""

    def __init__(self, table: Table) -> None:
        self.table = table
        # The review, and what it reviews: the game and its history (turns played, moves taken back).
        self.review: tuple[Session, int, int, Review] | None = None
        # A challenge's line (its positions, the start first) for the game it was shown with.
        self.challenge: tuple[Session, list[Any]] | None = None

    def review_slice(self, message: JsonObject) -> ReviewAnswer:
        """A slice of the review of the game in progress (see ``review`` in the module's text)."""
        began = time.perf_counter()
        session = self.table.current()
        review = self.current_review()
        if review is None:
            analyst = self.table.analyst
            review = Review(session.rules, session.positions, None if analyst is None else analyst.verdict)
            self.review = (session, len(session.turns), session.taken_back, review)
        in_time(message, lambda nodes: review.run(nodes) is not None, began)
        findings = review.findings
        answer: ReviewAnswer = {"ok": True, "done": findings is not None, "searched": review.searched, "nodes": review.spent}
        if findings is None:
            return answer
        if self.table.analyst is not None:
            positions = review.positions
            for index, verdict in review.verdicts.items():
                self.table.analyst.remember(positions[index], verdict)
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
        session = self.table.session
        if self.review is None or session is None:
            return None
        reviewed, turns, taken_back, review = self.review
        return review if reviewed is session and turns == len(session.turns) and taken_back == session.taken_back else None

    def back(self, message: JsonObject) -> None:
        """ "Take me back" to a position of the game's history (the review's last winnable one)."""
        session = self.table.current()
        position = message.get("position")
        if not isinstance(position, int) or isinstance(position, bool) or not 0 <= position <= len(session.turns):
            raise MessageError(Reason.NO_SUCH_POSITION, number=len(session.turns), text=position)
        while len(session.turns) > position:
            session.undo()
        session.assisted = True

    def peek(self, message: JsonObject) -> PeekAnswer:
        """The piles of a position of the game's history (``position``), or with ``line``, of
        the position that many moves into the finished review's winning line (from its last
        winnable position); the game in progress stays as it is."""
        session = self.table.current()
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
        return self.table.piles_answer(session.rules, position)

    def challenge_peek(self, session: Session, steps: Any) -> PeekAnswer:
        """The position ``steps`` moves into the challenge's line shown by the review."""
        line = self.challenge[1] if self.challenge is not None and self.challenge[0] is session else []
        if not isinstance(steps, int) or isinstance(steps, bool) or not 0 <= steps < len(line):
            raise MessageError(Reason.NO_SUCH_CHALLENGE_MOVE, number=max(0, len(line) - 1), text=steps)
        return self.table.piles_answer(session.rules, line[steps])
