"""The game on the table: the turns played on it, its live analysis, and the view the page draws."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from typing import Any, Literal

from solitaire.analysis import Analyst
from solitaire.cards import card_text
from solitaire.difficulty import rating
from solitaire.game import MAX_DEAL, IllegalMove, Move, move_notation
from solitaire.registry import GAMES, make_rules, option_specs
from solitaire.session import Session
from solitaire.solver import Verdict
from solitaire.texts import DEFAULT_LANGUAGE, LANGUAGES, Reason, Said, card_name, render

from .messages import JsonObject, MessageError, in_time, options_field, replayed_moves, sentence, text_field
from .protocol import (
    AnalysisView,
    ClockAnswer,
    Drawn,
    GameEntry,
    HintAnswer,
    HomeGain,
    MovePlace,
    PeekAnswer,
    PileView,
    RulesView,
    SaveAnswer,
    TurnedOver,
    TurnMove,
    TurnView,
    VerdictAnswer,
    View,
    WhyAnswer,
)


class Table:
    """The game in progress and its analysis, the language the player reads and whether safe
    cards go home by themselves."""

    def __init__(self) -> None:
        self.session: Session | None = None
        self.analyst: Analyst | None = None
        self.autoplay = False
        self.language = DEFAULT_LANGUAGE
        self.rules_sent = False  # the game's rules went with a view (they go once per game)

    def sentence(self, said: Said) -> str:
        return sentence(render(said, self.language))

    def save(self, _message: JsonObject) -> SaveAnswer:
        return {"ok": True, "save": self.current().to_save()}

    def clock(self, _message: JsonObject) -> ClockAnswer:
        session = self.current()
        return {"ok": True, "seconds": session.seconds(), "score": session.score()}

    def hint_message(self, _message: JsonObject) -> HintAnswer:
        self.current().assisted = True
        return self.hint()

    def current(self) -> Session:
        if self.session is None:
            raise MessageError(Reason.NO_GAME)
        return self.session

    def start(self, session: Session, proof: Verdict | None = None, deep: bool = False) -> None:
        """Make ``session`` the game in progress, with a fresh analysis (and the daily's proof);
        ``deep``: a deep analysis (see ``Analyst``)."""
        self.session = session
        self.rules_sent = False
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
            "deal": session.deal,
            "daily": session.daily,
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
            "analysis": self.analysis_view(),
            # The page keeps it and stores it at once: a page closed right after a move loses nothing.
            "save": session.to_save(),
            "turn": self.turn_view(),
            "rules": self.rules_view(),
        }

    def rules_view(self) -> RulesView | None:
        """The game's rules as the page needs them, with the first view of a game only."""
        if self.rules_sent:
            return None
        self.rules_sent = True
        rules = self.current().rules
        return {
            "optionSpecs": [
                {"name": spec.name, "choices": list(spec.choices), "changesDeal": spec.changes_deal} for spec in type(rules).option_specs
            ],
            "slots": [
                {"name": slot.name, "x": slot.x, "y": slot.y, "fan": slot.fan, "hint": slot.empty_hint, "dealSize": slot.deal_size}
                for slot in rules.slots()
            ],
            "tapMoves": rules.tap_moves,
            "tapHome": rules.tap_home,
            "pairsCards": rules.pairs_cards,
            "scoreRunsWithClock": rules.score_runs_with_clock(),
            "scoreCarriesOver": rules.score_carries_over(),
            "scoreInDollars": rules.score_in_dollars(),
            "maxDeal": MAX_DEAL,
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

    def piles_answer(self, rules: Any, position: Any) -> PeekAnswer:
        return {
            "ok": True,
            "piles": self.piles_view(rules.piles(position)),
            "statusLine": render(rules.status_line(position), self.language),
        }

    def turn_view(self) -> TurnView | None:
        """What the message just answered did (see ``TurnView``); None when it played no turn."""
        session = self.current()
        last = session.last
        if last is None:
            return None
        rules, language = session.rules, self.language
        undone = last.action == "undo"
        # An undo goes back to ``before``: its moves were played from there.
        positions = [last.before]
        for move in last.turn:
            positions.append(rules.apply(positions[-1], move))
        moves = [turn_move(rules, position, move, language) for position, move in zip(positions, last.turn)]
        first = moves[0] if moves and last.action == "play" else None
        before, after = rules.piles(last.before), rules.piles(session.position)
        runs = 0 if undone else rules.runs_completed(last.before, session.position)
        paired = first is not None and first["kind"] == "pair"
        return {
            "action": last.action,
            "moves": moves,
            "automatic": len(last.turn) - 1 if last.action == "play" else 0,
            "runsHome": runs,
            "turnedOver": [] if undone else turned_over(before, after, language),
            "home": [] if undone or paired else home_gains(before, after, None if first is None else first["to"], runs > 0, language),
            "drawn": drawn_view(before, after, language) if first is not None and first["kind"] == "draw" else None,
        }


def turn_move(rules: Any, position: Any, move: Move, language: str) -> TurnMove:
    """A move of a turn, played from ``position``: its places, and its cards by name."""
    index, card, onto = move_cards(rules, position, move)
    return {
        "move": move_notation(move),
        "kind": rules.move_kind(move),
        "from": move.source,
        "index": index,
        "to": move.target,
        "count": move.count,
        "card": None if card is None else card_name(card, language),
        "onto": None if onto is None else card_name(onto, language),
    }


def turned_over(before: list[Any], after: list[Any], language: str) -> list[TurnedOver]:
    """Cards face up (or free) now that were face down (or covered) at the same place before;
    the stock and the waste turn cards over as they go, which is no news."""
    was = {pile.name: pile for pile in before}
    turned: list[TurnedOver] = []
    for pile in after:
        old = was.get(pile.name)
        if pile.name in ("stock", "waste") or old is None:
            continue
        for index, (card, up, locked) in enumerate(zip(pile.cards, pile.face_up, pile.locked)):
            if index >= len(old.cards) or not up:
                continue
            if not old.face_up[index]:
                turned.append({"pile": pile.name, "index": index, "card": card_name(card, language), "unlocked": False})
            elif old.locked[index] and not locked and old.cards[index] == card:
                turned.append({"pile": pile.name, "index": index, "card": card_name(card, language), "unlocked": True})
    return turned


def home_gains(before: list[Any], after: list[Any], own: str | None, runs: bool, language: str) -> list[HomeGain]:
    """What each foundation gained in the turn, but ``own``, the one the player's move went to;
    ``runs``: what they gained were runs that left the table by themselves (Spider)."""
    was = {pile.name: pile for pile in before}
    gains: list[HomeGain] = []
    for pile in after:
        old = was.get(pile.name)
        if not pile.name.startswith("foundation") or old is None or pile.name == own:
            continue
        gained = pile.cards[len(old.cards) :]
        if gained:
            gains.append({"pile": pile.name, "cards": [card_name(card, language) for card in gained], "run": runs})
    return gains


def drawn_view(before: list[Any], after: list[Any], language: str) -> Drawn | None:
    """What a draw gave: how many cards left the stock, and the waste's top card now (null when
    the card went on at once and the waste did not grow); None when the stock gave nothing."""
    was = {pile.name: pile for pile in before}
    now = {pile.name: pile for pile in after}
    stock_before, stock_after = was.get("stock"), now.get("stock")
    count = (len(stock_before.cards) if stock_before else 0) - (len(stock_after.cards) if stock_after else 0)
    if count <= 0:
        return None
    waste_before, waste_after = was.get("waste"), now.get("waste")
    grew = waste_after is not None and len(waste_after.cards) > (len(waste_before.cards) if waste_before else 0)
    return {"count": count, "top": card_name(waste_after.cards[-1], language) if grew and waste_after else None}


def move_cards(rules: Any, position: Any, move: Move) -> tuple[int, int | None, int | None]:
    """Where a move played from ``position`` takes its first card (its index in the pile), that
    card and the card it goes onto (None: none, or face down)."""
    piles = {pile.name: pile for pile in rules.piles(position)}
    source, target = piles.get(move.source), piles.get(move.target)
    index = (len(source.cards) if source else move.count) - move.count
    card = source.cards[index] if source and 0 <= index < len(source.cards) and source.face_up[index] else None
    onto = target.cards[-1] if target and target.cards and target.face_up[-1] else None
    return index, card, onto


def move_place(rules: Any, position: Any, move: Move) -> MovePlace:
    """A move as the page names it: what it does (``Rules.move_kind``), the pile it takes
    from, the index of its first card there, where it goes, and the cards it moves and
    goes onto."""
    index, card, onto = move_cards(rules, position, move)
    return {
        "move": rules.move_kind(move),
        "from": move.source,
        "index": index,
        "to": move.target,
        # The card moved and the one it goes onto, as the view writes cards (None: none, or face down).
        "card": None if card is None else card_text(card),
        "onto": None if onto is None else card_text(onto),
    }


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
