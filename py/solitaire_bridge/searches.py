"""The searches for deals: a day's deal (the daily), and the first deal the solver proves
winnable from a number on ("winnable deals only"); each runs in slices, and what they found
is kept for the games started from it."""

from __future__ import annotations

import os
import time
from collections.abc import Mapping

from solitaire.daily import Daily, DailyFinder, WinnableFinder, daily, parse_date
from solitaire.game import MAX_DEAL, move_notation
from solitaire.registry import make_rules
from solitaire.session import Session
from solitaire.solver import Verdict
from solitaire.texts import Reason, said_of

from .messages import JsonObject, MessageError, in_time, options_field, replayed_moves, text_field
from .protocol import DailyAnswer, VerifyAnswer, WinnableAnswer

DailyKey = tuple[str, tuple[tuple[str, str], ...], str]
DealKey = tuple[str, tuple[tuple[str, str], ...], int]


class Searches:
    """The search under way for a daily and for a winnable deal, and what they found."""

    def __init__(self) -> None:
        self.finder: tuple[DailyKey, DailyFinder] | None = None  # the daily being searched for
        self.dailies: dict[DailyKey, Daily] = {}  # the dailies found
        self.seeker: tuple[DealKey, WinnableFinder] | None = None  # a winnable deal being searched for, from a first deal
        self.proofs: dict[DealKey, Verdict] = {}  # the winnable deals found

    def deal(self, message: JsonObject, autoplay: bool) -> tuple[Session, Verdict | None]:
        """The fresh game a ``new`` message names, with the proof of its start when a search
        found it (a daily: found now if not before)."""
        session, proof = new_session(message, autoplay, self.dailies)
        if proof is None and session.daily is None:
            proof = self.proofs.get(deal_key(session.rules.game_id, session.rules.options, session.deal))
        return session, proof

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


def daily_key(game: str, options: Mapping[str, str], date: str) -> DailyKey:
    """What names a daily: game, options and date (checked)."""
    return game, tuple(sorted(options.items())), parse_date(date).isoformat()


def deal_key(game: str, options: Mapping[str, str], deal: int) -> DealKey:
    """What names a deal: game, options and number."""
    return game, tuple(sorted(options.items())), deal


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
