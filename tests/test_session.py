"""Undo, redo, automatic moves, the clock and saves of a game in progress."""

from __future__ import annotations

import json

import pytest
from solitaire.game import IllegalMove, Move
from solitaire.registry import make_rules
from solitaire.session import CHECKPOINT_TURNS, SaveError, Session


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def new(deal: int = 1, **options: str) -> Session:
    return Session(make_rules("klondike", options), deal, clock=FakeClock())


def play_some(session: Session, count: int) -> None:
    """Play the first legal move, preferring card moves, ``count`` times."""
    for _ in range(count):
        moves = session.rules.legal_moves(session.position)
        session.play(moves[0])


def test_undo_and_redo_round_trip() -> None:
    session = new()
    play_some(session, 12)
    history = list(session.positions)
    for _ in range(12):
        session.undo()
    assert session.positions == history[:1]
    for _ in range(12):
        session.redo()
    assert session.positions == history


def test_a_new_move_clears_redo() -> None:
    session = new()
    play_some(session, 3)
    session.undo()
    play_some(session, 1)
    with pytest.raises(IllegalMove, match="nothing to redo"):
        session.redo()


def test_nothing_to_undo_at_the_start() -> None:
    with pytest.raises(IllegalMove, match="nothing to undo"):
        new().undo()


def test_illegal_move_changes_nothing() -> None:
    session = new()
    before = (list(session.positions), list(session.turns))
    with pytest.raises(IllegalMove):
        session.play(Move("tableau-1", "tableau-2"))
    assert (session.positions, session.turns) == before


def test_autoplay_moves_safe_cards_and_undo_takes_them_back_with_the_move() -> None:
    session = Session(make_rules("klondike"), 1, autoplay=True, clock=FakeClock())
    start = session.position
    # Deal 1 draws the 7S, then play on until an automatic move happens.
    while all(len(turn) == 1 for turn in session.turns):
        session.play(session.rules.legal_moves(session.position)[0])
    assert any(len(turn) > 1 for turn in session.turns)
    while session.turns:
        session.undo()
    assert session.position == start


def test_autoplay_never_sends_back_the_card_the_player_took_from_a_foundation() -> None:
    """The rules allow a card back from a foundation; the automatic moves must not undo it
    (the audit of issue 17: f4>t1 was followed by t1>f4, and the score dropped by 5)."""
    placed = ["AS", "2S", "3H", "AC"]
    rest = [rank + suit for suit in "CDHS" for rank in "A23456789TJQK" if rank + suit not in placed]
    layout = "\n".join(["foundation-4: AS 2S", "tableau-1: 3H", "tableau-2: AC", "stock: " + " ".join(f"[{card}]" for card in rest)])
    rules = make_rules("klondike")
    session = Session(rules, 1, autoplay=True, clock=FakeClock(), layout=layout)
    score = session.score()
    assert score is not None
    session.play(Move("foundation-4", "tableau-1"))
    assert session.turns[-1] == (Move("foundation-4", "tableau-1"), Move("tableau-2", "foundation-1"))  # the AC still goes home
    piles = {pile.name: pile.cards for pile in rules.piles(session.position)}
    assert len(piles["tableau-1"]) == 2 and len(piles["foundation-4"]) == 1
    assert session.score() == max(0, score - 15) + 10  # Standard: -15 for the 2S taken back (never below 0), +10 for the AC
    session.undo()
    assert session.position == session.positions[0]


def test_clock_runs_from_the_first_move_and_pauses() -> None:
    clock = FakeClock()
    session = Session(make_rules("klondike"), 1, clock=clock)
    clock.now += 50
    assert session.seconds() == 0  # not started before the first move
    play_some(session, 1)
    clock.now += 30
    assert session.seconds() == 30
    session.pause()
    clock.now += 100
    assert session.seconds() == 30
    session.resume()
    clock.now += 5
    assert session.seconds() == 35


def test_timed_score_uses_the_clock() -> None:
    clock = FakeClock()
    session = Session(make_rules("klondike", {"timed": "on"}), 1, clock=clock)
    play_some(session, 1)
    base = session.position.score
    clock.now += 25
    assert session.score() == max(base - 4, 0)


def test_save_round_trip() -> None:
    session = new(7, draw="3", scoring="vegas")
    play_some(session, 20)
    session.undo()
    session.undo()
    saved = json.loads(json.dumps(session.to_save()))
    restored = Session.from_save(saved, clock=FakeClock())
    assert restored.positions == session.positions
    assert restored.turns == session.turns and restored.undone == session.undone
    assert restored.rules.options == session.rules.options
    restored.redo()
    restored.redo()


BAD_SAVES = [
    ("not an object", [], "not a JSON object"),
    ("another version", {"version": 99}, "version 99"),
    ("unknown game", {"game": "chess"}, "unknown game"),
    ("bad option", {"options": {"draw": "7"}}, "draw must be 1 or 3"),
    ("no deal", {"deal": "one"}, "no deal number"),
    ("deal out of range", {"deal": 0}, "deal numbers run"),
    ("moves not a list", {"turns": "s>w"}, "not a list of turns"),
    ("a bad move", {"turns": [["s>w"], ["zz"]]}, "bad move"),
    ("a move that does not replay", {"turns": [["t1>t2"]]}, "does not replay"),
    ("a redo that does not replay", {"undone": [["t1>t2"]]}, "does not replay"),
    ("bad clock", {"seconds": -5}, "clock"),
    ("an endless clock", {"seconds": 1e308}, "clock"),
    ("a clock that is not a number", {"seconds": float("nan")}, "clock"),
    ("a daily date that does not exist", {"daily": "2026-02-30"}, "daily date is not a date"),
    ("a daily date that is not one", {"daily": "yesterday"}, "daily date is not a date"),
    ("an assisted mark that is not true or false", {"assisted": "yes"}, "assisted mark"),
]


@pytest.mark.parametrize(("why", "change", "message"), BAD_SAVES, ids=[case[0] for case in BAD_SAVES])
def test_bad_saves_are_refused_with_a_reason(why: str, change: object, message: str) -> None:
    good = new(3).to_save()
    data = change if not isinstance(change, dict) else {**good, **change}
    with pytest.raises(SaveError, match=message):
        Session.from_save(data)  # type: ignore[arg-type]


def test_won_game_stops_the_clock_and_refuses_moves() -> None:
    layout = "\n".join(
        [f"foundation-{i + 1}: " + " ".join(r + s for r in "A23456789TJQ") for i, s in enumerate("CDH")]
        + ["foundation-4: " + " ".join(r + "S" for r in "A23456789TJQ"), "tableau-1: KC", "tableau-2: KD", "tableau-3: KH", "tableau-4: KS"]
    )
    session = Session(make_rules("klondike"), 1, clock=FakeClock(), layout=layout)
    session.complete()
    assert session.is_won() and session.running_since is None
    with pytest.raises(IllegalMove, match="already won"):
        session.play(Move("foundation-1", "tableau-1"))


def test_the_save_and_the_move_count_follow_every_play_undo_and_redo() -> None:
    """The session writes each turn's notation once and counts moves as it goes (a save
    after every move must not rewrite the whole history): both stay those of the turns."""
    import random

    from solitaire.game import move_notation

    session = new(5)
    session.autoplay = True
    chooser = random.Random(5)
    for _ in range(400):
        action = chooser.random()
        if action < 0.2 and session.turns:
            session.undo()
        elif action < 0.3 and session.undone:
            session.redo()
        elif moves := session.rules.legal_moves(session.position):
            session.play(chooser.choice(moves))
        saved = session.to_save()
        assert saved["turns"] == [[move_notation(m) for m in turn] for turn in session.turns]
        assert session.move_count == sum(len(turn) for turn in session.turns)
    assert len(session.turns) > 100


def test_undo_through_many_checkpoints_gives_back_every_position() -> None:
    """The history keeps positions only every CHECKPOINT_TURNS turns: undo replays from the last one."""
    session = new(11)
    expected = [session.position]
    for _ in range(3 * CHECKPOINT_TURNS + 5):
        move = session.rules.legal_moves(session.position)[0]
        session.play(move)
        expected.append(session.position)
    assert len(session.checkpoints) == 4
    while session.turns:
        session.undo()
        assert session.position == expected[len(session.turns)]
    for _ in range(len(expected) - 1):
        session.redo()
    assert session.position == expected[-1] and session.positions == expected


@pytest.mark.slow
def test_a_long_session_holds_at_most_2_kb_per_move_of_history() -> None:
    """5,000 moves through the bridge with the live analysis after each: what the bridge and
    the engine's modules hold then, per move of history, including the analysis's verdicts and
    winning lines."""
    from history_memory import long_session

    result = long_session("klondike", moves=5_000)
    assert result["history"] >= 4_000, result
    assert result["perMove"] <= 2_048, result


def test_the_memory_measure_counts_what_a_session_keeps() -> None:
    """The measure of the test above sees a history kept as whole positions (the design it replaced)."""
    from history_memory import held_bytes

    session = new(3)
    lean = held_bytes(session)
    kept = [session.rules.deal(deal) for deal in range(1, 101)]
    assert held_bytes(session, kept) - lean > 100 * 1_000  # a Klondike position is over 1 KB


def test_the_assisted_mark_is_saved_and_a_save_without_one_is_unassisted() -> None:
    session = new(3)
    assert Session.from_save(session.to_save()).assisted is False
    session.assisted = True
    assert Session.from_save(session.to_save()).assisted is True
    older = {key: value for key, value in session.to_save().items() if key != "assisted"}
    assert Session.from_save(older).assisted is False
