"""The bridge: JSON messages in, a JSON view out, errors as sentences."""

from __future__ import annotations

import json
from typing import Any

import pytest
from solitaire.daily import daily_deal
from solitaire.game import IllegalMove, Move
from solitaire.registry import make_rules
from solitaire.solver import Verdict
from solitaire.solvers.klondike import KlondikeSolver
from solitaire_bridge import Bridge, Kind
from solitaire_bridge.table import tap_choice


def send(bridge: Bridge, **message: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(bridge.handle(json.dumps(message)))
    return answer


def started(deal: int = 1, **options: str) -> Bridge:
    bridge = Bridge()
    assert send(bridge, type="new", game="klondike", deal=deal, options=options)["ok"]
    return bridge


def rules_of(deal: int = 1, game: str = "klondike", **options: str) -> dict[str, Any]:
    """The rules a new game's first view carries (the views after it carry none)."""
    view = send(Bridge(), type="new", game=game, deal=deal, options=options)
    assert view["ok"]
    rules: dict[str, Any] = view["rules"]
    return rules


def test_view_of_a_new_game() -> None:
    view = send(started(), type="view")
    assert view["ok"] and view["game"] == "klondike" and view["deal"] == 1
    names = [pile["name"] for pile in view["piles"]]
    assert names[:2] == ["stock", "waste"] and "foundation-4" in names and "tableau-7" in names
    assert view["rules"] is None  # the game's rules came with its first view
    assert {slot["name"] for slot in rules_of()["slots"]} == set(names)
    column = next(p for p in view["piles"] if p["name"] == "tableau-7")["cards"]
    assert [c["card"] for c in column] == ["down"] * 6 + ["8S"]
    assert column[-1]["name"] == "8 of Spades"
    assert view["legal"] == {"tableau-1:0": ["tableau-7"]}  # deal 1: 7D on 8S
    assert view["stockAction"] == "draw" and view["status"] == "playing"
    assert view["score"] == 0 and view["moves"] == 0 and not view["canUndo"]


def test_face_down_cards_never_leave_python() -> None:
    text = started().handle(json.dumps({"type": "view"}))
    # The 8S is the only face-up card of tableau-7 in deal 1; its face-down JD must not appear.
    assert '"JD"' not in text and "Jack of Diamonds" not in text


def test_move_by_pile_and_index() -> None:
    bridge = started()
    view = send(bridge, type="move", **{"from": "tableau-1", "index": 0, "to": "tableau-7"})
    assert view["ok"] and view["moves"] == 1 and view["score"] == 0 and view["canUndo"]
    assert [c["card"] for c in view["piles"][-1]["cards"]][-2:] == ["8S", "7D"]


def test_illegal_move_answers_a_sentence_and_changes_nothing() -> None:
    bridge = started()
    before = send(bridge, type="view")
    answer = send(bridge, type="move", **{"from": "tableau-2", "index": 1, "to": "tableau-1"})
    assert answer == {
        "ok": False,
        "error": "The 6 of Diamonds cannot go on the 7 of Diamonds: columns build down by one in alternating colours.",
    }
    assert send(bridge, type="view") == before


@pytest.mark.parametrize(
    ("message", "error"),
    [
        ({"type": "fly"}, "Unknown message type"),
        ({"type": "move", "from": "tableau-1", "index": "0", "to": "tableau-7"}, "index"),
        ({"type": "move", "from": "tableau-9", "index": 0, "to": "tableau-7"}, "no pile"),
        ({"type": "move", "from": "tableau-7", "index": 3, "to": "tableau-1"}, "face-down"),
        ({"type": "move", "from": "tableau-1", "index": 5, "to": "tableau-7"}, "no card at index"),
        ({"type": "new", "game": "chess"}, "Unknown game"),
        ({"type": "new", "game": "klondike", "options": {"draw": "2"}}, "draw must be 1 or 3"),
        ({"type": "new", "game": "klondike", "deal": 0}, "deal numbers run"),
        ({"type": "new", "game": "klondike", "daily": "2026-13-01"}, "not a date"),
        ({"type": "load", "save": {"version": 1}}, "save"),
        ({"type": "undo"}, "nothing to undo"),
        ({"type": "complete"}, "cannot be finished automatically"),
    ],
)
def test_bad_messages(message: dict[str, Any], error: str) -> None:
    bridge = started()
    before = send(bridge, type="view")
    answer = send(bridge, **message)
    assert not answer["ok"] and error.lower() in answer["error"].lower()
    assert send(bridge, type="view") == before


def test_not_json() -> None:
    assert json.loads(Bridge().handle("{")) == {"ok": False, "error": "The message is not valid JSON."}


def test_stock_draws_then_redeals() -> None:
    bridge = started()
    for _ in range(24):
        view = send(bridge, type="stock")
    assert view["stockAction"] == "redeal" and len(view["piles"][1]["cards"]) == 24
    view = send(bridge, type="stock")
    assert view["score"] == 0 and len(view["piles"][0]["cards"]) == 24  # -100, but never below 0


def test_daily_deal_by_date() -> None:
    view = send(Bridge(), type="new", game="klondike", daily="2026-11-29", options={"draw": "3"})
    assert view["daily"] == "2026-11-29"
    assert view["deal"] == daily_deal("klondike", {"draw": "3"}, "2026-11-29")


def test_random_deal_when_none_is_given() -> None:
    view = send(Bridge(), type="new", game="klondike")
    assert 1 <= view["deal"] <= 2**31 - 1


def test_save_and_load() -> None:
    bridge = started(5)
    send(bridge, type="stock")
    send(bridge, type="stock")
    saved = send(bridge, type="save")["save"]
    other = Bridge()
    view = send(other, type="load", save=saved)
    assert view["ok"] and view["moves"] == 2 and view["piles"] == send(bridge, type="view")["piles"]


def test_setup_from_a_layout_and_win_by_auto_complete() -> None:
    layout = "\n".join(
        [f"foundation-{i + 1}: " + " ".join(r + s for r in "A23456789TJQ") for i, s in enumerate("CDHS")]
        + ["tableau-1: KC", "tableau-2: KD", "tableau-3: KH", "tableau-4: KS"]
    )
    bridge = Bridge()
    view = send(bridge, type="setup", game="klondike", layout=layout)
    assert view["ok"] and view["canComplete"]
    view = send(bridge, type="complete")
    assert view["status"] == "won" and view["score"] == 40


def test_a_lost_game_says_why_when_cards_can_only_shuttle() -> None:
    """Klondike's stuck verdict when cards can still move, but only back and forth: the view
    says "stuck" with the reason, in the player's language."""
    from klondike_helpers import one_move_from_shuttling

    bridge = Bridge()
    view = send(bridge, type="setup", game="klondike", layout=one_move_from_shuttling())
    assert view["status"] == "playing" and view["stuckText"] is None
    view = send(bridge, type="move", **{"from": "waste", "index": 0, "to": "tableau-1"})
    assert view["status"] == "stuck" and view["legal"]  # the King's run can still move
    assert view["stuckText"] == (
        "No move can change the game any more: the moves left only move cards back and forth, and the stock and the waste are empty."
    )
    view = send(bridge, type="language", language="de")
    assert view["stuckText"] == (
        "Kein Zug kann das Spiel mehr ändern: Die übrigen Züge schieben Karten nur hin und her, und Talon und Ablagestapel sind leer."
    )
    assert send(bridge, type="undo")["stuckText"] is None


def test_pyramid_s_stuck_view_says_why_the_stock_cannot_help() -> None:
    import random

    rules = make_rules("pyramid")
    generator = random.Random(3)
    position = rules.deal(2)
    while not rules.is_stuck(position):  # random play until no removal is left (a won game starts again)
        moves = rules.legal_moves(position)
        position = rules.apply(position, generator.choice(moves)) if moves else rules.deal(generator.randint(3, 999))
    bridge = Bridge()
    view = send(bridge, type="setup", game="pyramid", layout=rules.text_layout(position))
    said = rules.stuck_reason(position)
    assert view["status"] == "stuck" and said is not None
    assert view["stuckText"].startswith("No two free cards make 13") and view["stuckText"] == bridge.table.sentence(said)


def test_send_to_foundation() -> None:
    bridge = Bridge()
    send(bridge, type="setup", game="klondike", layout=open_layout())
    view = send(bridge, type="foundation", **{"from": "tableau-1", "index": 12})
    assert view["ok"] and view["piles"][2]["cards"][0]["card"] == "AC"
    assert not send(bridge, type="foundation", **{"from": "tableau-2", "index": 0})["ok"]


def open_layout() -> str:
    """Every card in columns, Aces on top of the first four."""
    ranks = "KQJT98765432"
    return "\n".join([f"tableau-{i + 1}: " + " ".join(r + s for r in ranks) + " A" + s for i, s in enumerate("CDHS")])


def test_autoplay_preference() -> None:
    bridge = Bridge()
    send(bridge, type="autoplay", on=True)
    send(bridge, type="setup", game="klondike", layout=open_layout())
    view = send(bridge, type="foundation", **{"from": "tableau-1", "index": 12})
    assert view["autoplay"]
    # After the AC, every other Ace and then the 2s and so on are safe: the whole game plays out.
    assert view["status"] == "won"


def test_a_refused_deal_says_why() -> None:
    """Spider deals only when no column is empty; the page is told so in words."""
    lines = make_rules("spider").text_layout(make_rules("spider").deal(1)).splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("tableau-1:"))
    moved = [f"[{word.strip('[]')}]" for word in lines[first].split()[1:]]
    lines[first + 1] = "tableau-2: " + " ".join(moved + lines[first + 1].split()[1:])
    lines[first] = "tableau-1:"
    bridge = Bridge()
    assert send(bridge, type="setup", game="spider", layout="\n".join(lines))["ok"]
    answer = send(bridge, type="stock")
    assert not answer["ok"] and "fill the empty columns" in answer["error"]


def test_an_internal_error_is_reported_and_changes_nothing() -> None:
    bridge = started()
    before = send(bridge, type="view")

    def broken(_: dict[str, Any]) -> None:
        raise RuntimeError("a bug")

    bridge.kinds["undo"] = Kind(broken, "view")
    answer = send(bridge, type="undo")
    assert answer == {"ok": False, "error": "Internal error (RuntimeError); the game is unchanged."}
    assert send(bridge, type="view") == before


def test_verify_replays_a_winning_line_without_touching_the_game() -> None:
    bridge = started(5)
    before = send(bridge, type="view")
    answer = send(bridge, type="verify", game="klondike", deal=5, options={}, moves=["s>w"] * 24 + ["w>sx24"])
    assert answer == {"ok": True, "won": False, "moves": 25, "score": 0}
    assert send(bridge, type="view") == before


def test_verify_confirms_a_winning_line() -> None:
    """FreeCell deal 1 as Freecell Solver wins it, written in our move notation."""
    from freecell_helpers import FC_SOLVE, microsoft_board, solve, solver_move

    if FC_SOLVE is None:
        pytest.skip("fc-solve is not installed")
    rules = make_rules("freecell")
    position, moves = rules.deal(1), []
    for line in solve(microsoft_board(1)) or []:
        move = solver_move(rules, position, line)  # type: ignore[arg-type]
        position = rules.apply(position, move)
        moves.append(str(move))
    answer = send(Bridge(), type="verify", game="freecell", deal=1, moves=moves)
    assert answer == {"ok": True, "won": True, "moves": len(moves), "score": None}


@pytest.mark.parametrize(
    ("moves", "error"),
    [
        ("s>w", "list of moves"),
        (["t9>t1"], "move 1 (t9>t1) is not allowed"),
        (["zz"], "move 1 (zz) is not allowed"),
        (["s>w"] * 20_001, "at most"),
    ],
)
def test_verify_refuses_tampered_moves(moves: Any, error: str) -> None:
    answer = send(Bridge(), type="verify", game="klondike", deal=5, moves=moves)
    assert not answer["ok"] and error.lower() in answer["error"].lower()


# -- tap to move: the best place for a tapped card ---------------------------------------


def test_tap_plays_the_only_place() -> None:
    view = send(started(), type="tap", **{"from": "tableau-1", "index": 0})  # deal 1: the 7D on the 8S
    assert view["ok"] and view["moves"] == 1
    assert [c["card"] for c in view["piles"][-1]["cards"]][-2:] == ["8S", "7D"]


def test_tap_prefers_a_foundation() -> None:
    """FreeCell deal 3: an Ace that could also go to a free cell goes home."""
    bridge = Bridge()
    view = send(bridge, type="new", game="freecell", deal=3)
    assert view["legal"]["tableau-5:5"][0] == "foundation-1" and "cell-1" in view["legal"]["tableau-5:5"]
    view = send(bridge, type="tap", **{"from": "tableau-5", "index": 5})
    assert [c["card"] for c in next(p for p in view["piles"] if p["name"] == "foundation-1")["cards"]] == ["AH"]


def test_tap_prefers_a_column_to_a_free_cell() -> None:
    bridge = Bridge()
    view = send(bridge, type="new", game="freecell", deal=3)
    assert view["legal"]["tableau-2:6"] == ["tableau-8", "cell-1", "cell-2", "cell-3", "cell-4"]
    card = next(p for p in view["piles"] if p["name"] == "tableau-2")["cards"][6]["card"]
    view = send(bridge, type="tap", **{"from": "tableau-2", "index": 6})
    assert next(p for p in view["piles"] if p["name"] == "tableau-8")["cards"][-1]["card"] == card


@pytest.mark.parametrize(
    ("targets", "best"),
    [
        (["tableau-2", "foundation-3"], "foundation-3"),
        (["tableau-3", "tableau-2"], "tableau-2"),  # tableau-3 is empty
        (["tableau-3", "cell-1", "cell-2"], "cell-1"),  # an empty column is worth more than a cell
        (["tableau-3", "tableau-4"], "tableau-3"),  # both empty: the first
        (["waste"], "waste"),  # TriPeaks
    ],
)
def test_tap_choice(targets: list[str], best: str) -> None:
    sizes = {"tableau-2": 4, "tableau-3": 0, "tableau-4": 0, "cell-1": 0, "cell-2": 0, "foundation-3": 2, "waste": 1}
    assert tap_choice([Move("tableau-1", target) for target in targets], sizes).target == best


def test_tap_refuses_a_choice_it_cannot_make() -> None:
    """Two Pyramid partners are not alike: the player chooses."""
    with pytest.raises(IllegalMove, match="more than one place"):
        tap_choice([Move("pyramid-22", "pyramid-23"), Move("pyramid-22", "waste")], {"waste": 1})
    with pytest.raises(IllegalMove, match="nowhere to go"):
        tap_choice([], {})


def test_a_refused_tap_changes_nothing() -> None:
    bridge = started()
    before = send(bridge, type="view")
    answer = send(bridge, type="tap", **{"from": "tableau-2", "index": 1})  # the 6D has no place
    assert answer == {"ok": False, "error": "That card has nowhere to go now."}
    assert send(bridge, type="view") == before
    german = Bridge()
    send(german, type="language", language="de")
    send(german, type="new", game="klondike", deal=1)
    assert send(german, type="tap", **{"from": "tableau-2", "index": 1})["error"] == "Diese Karte kann jetzt nirgendwohin."


def test_daily_found_in_slices_is_the_daily_that_new_starts() -> None:
    bridge = Bridge()
    request = {"game": "freecell", "options": {}, "date": "2026-11-29"}
    answers: list[dict[str, Any]] = []
    while not answers or not answers[-1]["found"]:
        answers.append(json.loads(bridge.handle(json.dumps({"type": "daily", "nodes": 50, **request}))))
        assert answers[-1]["ok"] and len(answers) < 10_000
    found = answers[-1]
    assert len(answers) > 1  # really sliced
    assert found["deal"] == daily_deal("freecell", {}, "2026-11-29")
    view = send(bridge, type="new", game="freecell", daily="2026-11-29")
    assert view["deal"] == found["deal"] and view["daily"] == "2026-11-29"


def test_a_remembered_candidate_is_taken_when_proven_and_ignored_when_not() -> None:
    from solitaire.daily import MAX_CANDIDATES, daily, published_candidate

    date = "2030-11-14"  # past the published table: searched
    assert published_candidate("pyramid", {}, date) is None
    truth = daily("pyramid", {}, date)
    assert truth.index == 2  # candidates 0 and 1 are not proven within the daily budget

    def first_answer(known: object, date: str = date) -> dict[str, Any]:
        request = {"type": "daily", "game": "pyramid", "options": {}, "date": date, "candidate": known}
        return send(Bridge(), **request, nodes=1_000_000)

    remembered = first_answer(2)
    assert remembered["found"] and remembered["deal"] == truth.deal and remembered["tried"] == 3
    for wrong in (0, 1, -1, MAX_CANDIDATES, "2", None):
        answer = first_answer(wrong)
        assert not answer["found"]  # the slice ends with a candidate not proven: the search goes on from 0
    # A published date's candidate is the table's, whatever the page remembers.
    published = daily("pyramid", {}, "2026-11-30")
    assert published_candidate("pyramid", {}, "2026-11-30") == published.index == 2
    for wrong in (0, 1, 5, None):
        answer = first_answer(wrong, "2026-11-30")
        assert answer["found"] and answer["deal"] == published.deal


@pytest.mark.parametrize(
    "fields, error",
    [
        ({"nodes": 0}, "nodes must be"),
        ({"nodes": True}, "nodes must be"),
        ({"nodes": 100, "date": "yesterday"}, "not a date"),
        ({"nodes": 100, "game": "chess"}, "chess"),
    ],
)
def test_bad_daily_requests_are_explained(fields: dict[str, object], error: str) -> None:
    message = {"type": "daily", "game": "klondike", "options": {}, "date": "2026-11-29", **fields}
    answer = json.loads(Bridge().handle(json.dumps(message)))
    assert not answer["ok"] and error.lower() in answer["error"].lower()


def test_timed_slices_reach_the_same_daily_and_verdict() -> None:
    bridge = Bridge()
    request = {"type": "daily", "game": "pyramid", "options": {}, "date": "2026-11-30", "nodes": 1_000_000, "ms": 5}
    answer = send(bridge, **request)
    while not answer["found"]:
        answer = send(bridge, **request)
    assert answer["deal"] == daily_deal("pyramid", {}, "2026-11-30")
    view = send(bridge, type="new", game="pyramid", daily="2026-11-30")
    assert view["deal"] == answer["deal"]
    status = "searching"
    while status == "searching":
        status = send(bridge, type="analyse", nodes=1_000_000, ms=5)["analysis"]["status"]
    assert status == "winnable"


@pytest.mark.parametrize("ms", [0, -5, 1_001, "25", True])
def test_a_bad_time_for_a_slice_is_explained(ms: object) -> None:
    bridge = Bridge()
    send(bridge, type="new", game="klondike", deal=41)
    answer = send(bridge, type="analyse", nodes=100, ms=ms)
    assert not answer["ok"] and "ms must be" in answer["error"].lower()


class FakeClock:
    """time.perf_counter for in_time: work advances it by a cost per node."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize("cost_ms", [0.01, 0.4, 3.0])
def test_a_timed_slice_ends_on_time_whatever_a_node_costs(monkeypatch: pytest.MonkeyPatch, cost_ms: float) -> None:
    """The engine's answer to a move waits for the slice in progress: a slice of 4 ms must end
    near 4 ms, for nodes of a hundredth of a millisecond and of several milliseconds alike."""
    from solitaire_bridge import messages

    clock = FakeClock()
    monkeypatch.setattr("time.perf_counter", clock)  # the module in_time reads the clock from
    chunks: list[int] = []

    def work(nodes: int) -> bool:
        chunks.append(nodes)
        clock.now += nodes * cost_ms / 1_000
        return False

    messages.in_time({"nodes": 1_000_000, "ms": 4}, work)
    spent_ms = (clock.now - 100.0) * 1_000
    assert 4 <= spent_ms <= 4 + max(cost_ms, 4 / 4)  # past the deadline by at most a node or a quarter
    assert chunks[0] == 1 and max(chunks) <= messages.CHUNK_NODES


def test_a_challenge_of_a_daily_found_before_is_not_searched_for_again(monkeypatch: pytest.MonkeyPatch) -> None:
    from solitaire_bridge import searches

    bridge = Bridge()
    request = {"type": "daily", "game": "pyramid", "options": {}, "date": "2026-11-30", "nodes": 1_000_000}
    while not send(bridge, **request)["found"]:
        pass

    def no_search(*_: object) -> None:
        raise AssertionError("the daily was searched for again")

    monkeypatch.setattr(searches, "daily", no_search)
    answer = send(bridge, type="verify", game="pyramid", options={}, daily="2026-11-30", moves=[])
    assert answer["ok"] and answer["won"] is False


@pytest.mark.parametrize(
    ("game", "pile", "index", "reason"),
    [
        ("klondike", "tableau-1", 0, None),  # deal 3's lone card of column 1 can move
        ("klondike", "tableau-2", 0, "Face-down cards cannot be moved."),
        ("klondike", "tableau-3", 2, "That card has nowhere to go now."),
        ("freecell", "tableau-1", 0, "Only a run down in alternating colours moves together."),
        ("spider", "tableau-1", 0, "Face-down cards cannot be moved."),
        ("pyramid", "pyramid-1", 0, "The Ace of Diamonds is still covered by a card below it."),
        ("tripeaks", "peak-20", 0, "The 4 of Spades is not one rank above or below the 10 of Clubs."),
        ("tripeaks", "peak-1", 0, "Peak-1 is face down: it turns up when both cards covering it are gone."),
    ],
)
def test_why_a_card_cannot_move(game: str, pile: str, index: int, reason: str | None) -> None:
    """The page asks when a player tries to lift a card that cannot move; the game is unchanged."""
    bridge = Bridge()
    before = send(bridge, type="new", game=game, deal=3)
    answer = send(bridge, type="why", **{"from": pile, "index": index})
    assert answer == {"ok": True, "reason": reason}
    assert send(bridge, type="view") == before | {"rules": None}  # the rules went with the first view


def test_why_in_german_and_for_a_card_that_is_not_there() -> None:
    bridge = Bridge()
    send(bridge, type="language", language="de")
    send(bridge, type="new", game="klondike", deal=1)
    assert send(bridge, type="why", **{"from": "tableau-2", "index": 0})["reason"] == "Verdeckte Karten lassen sich nicht ziehen."
    assert send(bridge, type="why", **{"from": "tableau-2", "index": 9})["ok"] is False


def test_a_hint_or_the_winnable_check_marks_the_game_assisted_and_the_mark_stays() -> None:
    bridge = started()
    assert send(bridge, type="view")["assisted"] is False
    send(bridge, type="complete")  # Finish is not help: nothing to finish here, and no mark either
    assert send(bridge, type="view")["assisted"] is False
    send(bridge, type="hint")
    view = send(bridge, type="undo")  # nothing to undo: refused
    view = send(bridge, type="view")
    assert view["assisted"] is True and view["save"]["assisted"] is True
    again = Bridge()
    assert send(again, type="load", save=view["save"])["assisted"] is True
    checked = started()
    assert send(checked, type="check")["assisted"] is True


def test_winnable_deals_only_finds_a_proven_deal_and_new_starts_with_its_proof() -> None:
    """Klondike draw three from deal 12 on (12 is unknown within the budget, 13 unwinnable):
    the first deal the solver proves winnable."""
    bridge = Bridge()
    answer = {"done": False}
    slices = 0
    while not answer["done"]:
        answer = send(bridge, type="winnable", game="klondike", options={"draw": "3"}, first=12, nodes=300)
        slices += 1
    assert answer["found"] and answer["proven"] and answer["deal"] >= 14 and slices > 1
    rules = make_rules("klondike", {"draw": "3"})
    from solitaire.solver import solver_for

    solver = solver_for(rules)
    for deal in range(12, answer["deal"]):  # the deals before it were not proven
        assert solver.solve(rules.deal(deal), solver.daily_budget).status != "winnable"
    view = send(bridge, type="new", game="klondike", options={"draw": "3"}, deal=answer["deal"])
    assert view["analysis"]["status"] == "winnable" and view["analysis"]["difficulty"] is not None


@pytest.mark.parametrize("first", [0, 2**31])
def test_winnable_deals_only_refuses_a_bad_first_deal(first: object) -> None:
    answer = send(Bridge(), type="winnable", game="klondike", options={}, first=first, nodes=10)
    assert answer["ok"] is False and answer["error"].startswith("Deal numbers run from 1 to ")


@pytest.mark.parametrize("first", ["7", None, 7.5, True])
def test_winnable_deals_only_needs_a_whole_first_deal(first: object) -> None:
    answer = send(Bridge(), type="winnable", game="klondike", options={}, first=first, nodes=10)
    assert answer["ok"] is False and "first deal must be a whole number" in answer["error"]


def test_the_view_says_what_the_turn_did() -> None:
    """The page is told the turn's moves, their kinds, places and cards, what turned over, what
    went home besides and what was drawn; it never works them out."""
    bridge = started(1, draw="1")
    assert send(bridge, type="view")["turn"] is None
    drawn = send(bridge, type="stock")
    draw = {"move": "s>w", "kind": "draw", "from": "stock", "index": 23, "to": "waste", "count": 1, "card": None, "onto": None}
    assert drawn["turn"] == {
        "action": "play",
        "moves": [draw],
        "automatic": 0,
        "runsHome": 0,
        "turnedOver": [],
        "home": [],
        "drawn": {"count": 1, "top": drawn["piles"][1]["cards"][-1]["name"]},
    }
    assert send(bridge, type="view")["turn"] is None  # only the message that played it reports a turn
    moved = send(bridge, type="move", **{"from": "tableau-1", "index": 0, "to": "tableau-7"})
    assert [(move["move"], move["kind"], move["from"], move["to"], move["count"]) for move in moved["turn"]["moves"]] == [
        ("t1>t7", "move", "tableau-1", "tableau-7", 1)
    ]
    undone = send(bridge, type="undo")
    assert undone["turn"]["action"] == "undo" and [move["move"] for move in undone["turn"]["moves"]] == ["t1>t7"]
    assert undone["turn"]["turnedOver"] == [] and undone["turn"]["drawn"] is None
    assert send(bridge, type="redo")["turn"]["action"] == "redo"
    for _ in range(23):
        send(bridge, type="stock")
    redeal = send(bridge, type="stock")["turn"]
    assert [(move["move"], move["kind"]) for move in redeal["moves"]] == [("w>sx24", "redeal")] and redeal["drawn"] is None


def test_the_turn_says_what_turned_over_and_what_went_home_besides() -> None:
    """The 2 of Spades goes home, the 3 of Hearts under it turns over, and autoplay sends the
    Ace of Clubs home after it: the turn says each, the player's own move once."""
    placed = {"foundation-1": "AS", "tableau-1": "[3H] 2S", "tableau-2": "AC"}
    used = {word.strip("[]") for cards in placed.values() for word in cards.split()}
    rest = [rank + suit for suit in "CDHS" for rank in "A23456789TJQK" if rank + suit not in used]
    layout = "\n".join([f"stock: {' '.join(rest)}", *(f"{pile}: {cards}" for pile, cards in placed.items())])
    bridge = Bridge()
    send(bridge, type="setup", game="klondike", options={}, layout=layout)
    send(bridge, type="autoplay", on=True)
    turn = send(bridge, type="foundation", **{"from": "tableau-1", "index": 1})["turn"]
    assert (turn["moves"][0]["card"], turn["moves"][0]["to"], turn["automatic"]) == ("2 of Spades", "foundation-1", 1)
    assert turn["turnedOver"] == [{"pile": "tableau-1", "index": 0, "card": "3 of Hearts", "unlocked": False}]
    assert turn["home"] == [{"pile": "foundation-2", "cards": ["Ace of Clubs"], "run": False}]


def test_the_turn_counts_the_automatic_moves() -> None:
    bridge = Bridge()
    send(bridge, type="autoplay", on=True)
    send(bridge, type="setup", game="klondike", layout=open_layout())
    turn = send(bridge, type="foundation", **{"from": "tableau-1", "index": 12})["turn"]
    assert turn["action"] == "play" and turn["automatic"] == 51 == len(turn["moves"]) - 1
    assert {move["kind"] for move in turn["moves"]} == {"home"}


def test_a_pyramid_pair_is_named() -> None:
    bridge = Bridge()
    for deal in range(1, 30):
        view = send(bridge, type="new", game="pyramid", deal=deal)
        pairs = [(source, targets) for source, targets in view["legal"].items() if any(target.startswith("pyramid") for target in targets)]
        if pairs:
            break
    source, targets = pairs[0]
    pile, index = source.split(":")
    target = next(target for target in targets if target.startswith("pyramid"))
    turn = send(bridge, type="move", **{"from": pile, "index": int(index), "to": target})["turn"]
    assert turn["moves"][0]["kind"] == "pair"


def test_a_clock_message_answers_time_and_score_only() -> None:
    bridge = started(1, scoring="standard", timed="on")
    assert rules_of(1, scoring="standard", timed="on")["scoreRunsWithClock"] is True
    answer = send(bridge, type="clock")
    assert answer == {"ok": True, "seconds": 0, "score": 0}
    assert rules_of(1)["scoreRunsWithClock"] is False


def test_the_view_says_whether_the_score_carries_over() -> None:
    """Cumulative Vegas: the page adds the game's score to the balance it keeps."""
    assert rules_of(1, scoring="vegas-cumulative")["scoreCarriesOver"] is True
    assert rules_of(1, scoring="vegas")["scoreCarriesOver"] is False
    assert rules_of(1, "spider")["scoreCarriesOver"] is False


def test_the_view_says_whether_the_score_is_in_dollars() -> None:
    """Vegas scores are money: the page writes them in dollars without testing option names."""
    assert rules_of(1, scoring="vegas")["scoreInDollars"] is True
    assert rules_of(1, scoring="vegas-cumulative")["scoreInDollars"] is True
    assert rules_of(1, scoring="standard")["scoreInDollars"] is False
    assert rules_of(1, "double-klondike")["scoreInDollars"] is False
    assert rules_of(1, "pyramid")["scoreInDollars"] is False


@pytest.mark.slow
def test_the_analysis_says_how_much_of_its_budget_it_has_spent() -> None:
    bridge = started(66)  # draw one deal 66: proven lost in about a quarter of its 150,000 positions
    spent = []
    analysis = send(bridge, type="analyse", nodes=500)["analysis"]
    while analysis["status"] == "searching":
        spent.append(analysis["progress"])
        analysis = send(bridge, type="analyse", nodes=500)["analysis"]
    assert analysis == {"status": "unwinnable", "difficulty": None, "progress": None, "deeper": False, "position": None}
    assert len(spent) > 20 and spent == sorted(spent) and spent[0] == 0 and 10 <= spent[-1] < 100


# -- the deep analysis: a longer search in an engine of its own --------------------------------


@pytest.fixture
def small_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Draw three with budgets small enough for a test: the page's analysis 1,000 positions,
    a deep analysis 5,000 (deal 26 is won in 2,743; deal 21 is lost in 1,121; deal 12 is
    unknown at either)."""
    monkeypatch.setattr(KlondikeSolver, "analysis_budget", 1_000)
    monkeypatch.setattr(KlondikeSolver, "draw_three_budget", 5_000)


def analysed(bridge: Bridge) -> dict[str, Any]:
    """Run the analysis of the position on the table to its verdict."""
    while (answer := send(bridge, type="analyse", nodes=500))["analysis"]["status"] == "searching":
        assert answer["ok"] and not answer["done"]
    assert answer["done"]
    analysis: dict[str, Any] = answer["analysis"]
    return analysis


def deep_verdict(save: dict[str, Any]) -> dict[str, Any]:
    """What the page's deep engine finds on the position of ``save``."""
    deep = Bridge()
    assert send(deep, type="deepen", save=save)["analysis"]["status"] == "searching"
    analysed(deep)
    return send(deep, type="verdict")


@pytest.mark.parametrize(("deal", "status"), [(26, "winnable"), (21, "unwinnable")])
@pytest.mark.usefixtures("small_budgets")
def test_a_deep_analysis_settles_what_the_analysis_left_unknown(deal: int, status: str) -> None:
    bridge = started(deal, draw="3")
    analysis = analysed(bridge)
    assert analysis["status"] == "unknown" and analysis["deeper"] is True and len(analysis["position"]) == 16
    save = send(bridge, type="save")["save"]
    verdict = deep_verdict(save)
    assert verdict["status"] == status and 1_000 < verdict["nodes"] <= 5_000 and bool(verdict["line"]) == (status == "winnable")
    learned = send(bridge, type="learn", save=save, **{k: verdict[k] for k in ("status", "line", "nodes")})
    assert learned["ok"] and learned["analysis"]["status"] == status
    assert learned["analysis"]["deeper"] is False and learned["analysis"]["position"] is None
    if status == "winnable":
        assert send(bridge, type="hint")["hint"]["kind"] == "winning"


@pytest.mark.usefixtures("small_budgets")
def test_the_progress_goes_on_from_the_analysis_to_the_deep_analysis() -> None:
    """One scale for both searches: the analysis's 1,000 positions and the deep one's 5,000."""
    bridge = started(12, draw="3")
    progress = [send(bridge, type="analyse", nodes=100)["analysis"]["progress"] for _ in range(9)]
    assert progress == [1, 3, 5, 6, 8, 10, 11, 13, 15]  # 100 of 6,000 positions a slice
    assert analysed(bridge)["progress"] == 16  # unknown: where the deep analysis goes on from
    deep = Bridge()
    send(deep, type="deepen", save=send(bridge, type="save")["save"])
    progress = [send(deep, type="analyse", nodes=1_000)["analysis"]["progress"] for _ in range(4)]
    assert progress == [33, 50, 66, 83]


@pytest.mark.usefixtures("small_budgets")
def test_a_deep_analysis_that_stays_unknown_is_not_asked_for_again() -> None:
    bridge = started(12, draw="3")
    assert analysed(bridge)["deeper"]
    save = send(bridge, type="save")["save"]
    verdict = deep_verdict(save)
    assert verdict == {"ok": True, "status": "unknown", "line": [], "nodes": 5_000}
    learned = send(bridge, type="learn", save=save, status="unknown", line=[], nodes=5_000)["analysis"]
    assert learned["status"] == "unknown" and learned["deeper"] is False


@pytest.mark.usefixtures("small_budgets")
def test_a_deep_verdict_on_an_earlier_position_is_kept_for_undo() -> None:
    bridge = started(26, draw="3")
    analysed(bridge)
    save = send(bridge, type="save")["save"]
    assert send(bridge, type="stock")["ok"]  # the player moves on while the deep search runs
    verdict = deep_verdict(save)
    learned = send(bridge, type="learn", save=save, **{k: verdict[k] for k in ("status", "line", "nodes")})
    assert learned["analysis"]["status"] == "searching"  # the table's position is another one
    assert send(bridge, type="undo")["analysis"]["status"] == "winnable"


def test_only_a_game_whose_command_line_budget_is_larger_can_be_deepened() -> None:
    bridge = started(12)  # draw one: the page's analysis has the command line's budget
    bridge.table.analyst.remember(bridge.table.current().position, Verdict("unknown", (), 150_000))  # type: ignore[union-attr]
    analysis = send(bridge, type="view")["analysis"]
    assert analysis["status"] == "unknown" and analysis["deeper"] is False and analysis["position"] is None


def test_a_position_digest_is_the_same_in_every_engine() -> None:
    first, second = started(26, draw="3"), started(26, draw="3")
    for bridge in (first, second):
        bridge.table.analyst.remember(bridge.table.current().position, Verdict("unknown", (), 150_000))  # type: ignore[union-attr]
    digests = [send(bridge, type="view")["analysis"]["position"] for bridge in (first, second)]
    assert digests[0] is not None and digests[0] == digests[1]
    send(second, type="stock")
    second.table.analyst.remember(second.table.current().position, Verdict("unknown", (), 150_000))  # type: ignore[union-attr]
    assert send(second, type="view")["analysis"]["position"] != digests[0]


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"line": ["t1-f1"]}, "not allowed"),
        ({"line": "won"}, "list of moves"),
        ({"status": "won"}, "winnable, unwinnable or unknown"),
        ({"nodes": -1}, "whole number from 0 up"),
        ({"nodes": True}, "whole number from 0 up"),
        ({"save": {"version": 0}}, "save"),
        ({"save": "other game"}, "another game"),
        ({"save": "other deal"}, "another game"),
        ({"status": "unwinnable"}, "winnable verdict has a line"),
        ({"line": "short"}, "does not win"),
    ],
)
@pytest.mark.usefixtures("small_budgets")
def test_a_bad_deep_verdict_is_refused_and_changes_nothing(change: dict[str, Any], error: str) -> None:
    bridge = started(26, draw="3")
    analysed(bridge)
    save = send(bridge, type="save")["save"]
    verdict = deep_verdict(save)
    message = {"save": save, "status": "winnable", "line": verdict["line"], "nodes": verdict["nodes"]} | change
    if message["line"] == "short":
        message["line"] = verdict["line"][:-1]
    if message["save"] == "other game":
        message["save"] = send(started(26, draw="1"), type="save")["save"]
    if message["save"] == "other deal":
        message["save"] = send(started(27, draw="3"), type="save")["save"]
    before = send(bridge, type="view")
    answer = send(bridge, type="learn", **message)
    assert not answer["ok"] and error in answer["error"]
    assert send(bridge, type="view") == before
