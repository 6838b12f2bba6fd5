"""TriPeaks: the rules of the TriPeaks paragraph and of the issue, as tables of cases.

Places: row 1 (the peak tops) is peak-1..3, row 2 peak-4..9, row 3 peak-10..18,
row 4 (the ten cards dealt face up) peak-19..28.
"""

from __future__ import annotations

import pytest
from solitaire.game import IllegalMove, Move
from solitaire.games.tripeaks import COVERING, PEAK, TriPeaks, TriPeaksPosition
from tripeaks_helpers import cards, table

K = TriPeaks()

GOLDEN_DEAL_1 = """\
stock: [QC] [4S] [6C] [7C] [AS] [5C] [AH] [KS] [6H] [QS] [QH] [QD] [9D] [3D] [3S] [AC] [4C] [2H] [8C] [TC] [3H] [2S] [9H]
waste: 7S
row-1: [7D] [9C] [4D]
row-2: [8H] [8D] [5S] [JD] [6D] [9S]
row-3: [JC] [5D] [KD] [3C] [2D] [JH] [5H] [7H] [4H]
row-4: 2C AD 6S KC KH TH TS JS TD 8S"""

GOLDEN_DEAL_2 = """\
stock: [3H] [9D] [6D] [JS] [AS] [5C] [JC] [AH] [KC] [2H] [7C] [4S] [9C] [TH] [5D] [TS] [QS] [KS] [8S] [KD] [3D] [2C] [8D]
waste: 9H
row-1: [QH] [3S] [4C]
row-2: [5H] [7H] [2D] [KH] [TD] [AC]
row-3: [6C] [7S] [3C] [QC] [7D] [6H] [JH] [TC] [9S]
row-4: JD 8C 4D 5S 2S 4H AD QD 6S 8H"""


def peak(number: int) -> int:
    """The 0-based place index of peak-N."""
    return number - 1


# -- the deal ------------------------------------------------------------------


@pytest.mark.parametrize(("number", "golden"), [(1, GOLDEN_DEAL_1), (2, GOLDEN_DEAL_2)])
def test_golden_layouts(number: int, golden: str) -> None:
    assert K.text_layout(K.deal(number)) == golden


@pytest.mark.parametrize("number", [1, 2, 617, 2**31 - 1])
def test_deal_shape(number: int) -> None:
    position = K.deal(number)
    assert None not in position.peaks and len(position.peaks) == 28
    assert len(position.stock) == 23 and len(position.waste) == 1  # one stock card turned at the start
    assert position.run == 0 and position.score == 0
    assert K.face_up(position) == (False,) * 18 + (True,) * 10
    assert sorted(position.stock + position.waste + tuple(c for c in position.peaks if c is not None)) == list(range(52))


@pytest.mark.parametrize("number", [0, -1, 2**31])
def test_deal_numbers_out_of_range(number: int) -> None:
    with pytest.raises(ValueError, match="deal numbers run from 1"):
        K.deal(number)


def test_options_are_checked() -> None:
    with pytest.raises(ValueError, match="unknown option"):
        TriPeaks({"draw": "3"})


# -- the covering ----------------------------------------------------------------


def covering_numbers(number: int) -> tuple[int, ...]:
    return tuple(index + 1 for index in COVERING[peak(number)])


@pytest.mark.parametrize(
    ("number", "covered_by"),
    [
        (1, (4, 5)),
        (2, (6, 7)),
        (3, (8, 9)),  # each top by the two cards under it
        (4, (10, 11)),
        (5, (11, 12)),
        (6, (13, 14)),
        (7, (14, 15)),
        (8, (16, 17)),
        (9, (17, 18)),
        (10, (19, 20)),
        (12, (21, 22)),
        (13, (22, 23)),
        (18, (27, 28)),  # row 3 by the row of ten
        (19, ()),
        (28, ()),
    ],
)
def test_covering_of_the_issue(number: int, covered_by: tuple[int, ...]) -> None:
    assert covering_numbers(number) == covered_by


# -- allowed and forbidden moves -------------------------------------------------

ALLOWED = [
    # (why, position, move)
    ("one rank up", table({19: "5C"}, waste="4D"), Move("peak-19", "waste")),
    ("one rank down", table({19: "3H"}, waste="4D"), Move("peak-19", "waste")),
    ("the same suit", table({19: "5D"}, waste="4D"), Move("peak-19", "waste")),
    ("an Ace on a King", table({28: "AS"}, waste="KD"), Move("peak-28", "waste")),
    ("a King on an Ace", table({28: "KS"}, waste="AD"), Move("peak-28", "waste")),
    ("a Queen on a King", table({28: "QS"}, waste="KD"), Move("peak-28", "waste")),
    ("a 2 on an Ace", table({28: "2S"}, waste="AD"), Move("peak-28", "waste")),
    ("a card whose covering cards are gone", table({10: "6C", 21: "9C"}, waste="5D"), Move("peak-10", "waste")),
    ("a peak top", table({1: "9C", 2: "2C"}, waste="8H"), Move("peak-1", "waste")),
    ("any card on an empty waste (set-up positions only)", table({19: "5C"}), Move("peak-19", "waste")),
]


@pytest.mark.parametrize(("why", "position", "move"), ALLOWED, ids=[case[0] for case in ALLOWED])
def test_allowed(why: str, position: TriPeaksPosition, move: Move) -> None:
    assert move in K.legal_moves(position), why
    after = K.apply(position, move)
    index = PEAK.index(move.source)
    assert after.peaks[index] is None
    assert after.waste == position.waste + (position.peaks[index],)


FORBIDDEN = [
    # (why, position, move, words the reason must contain)
    ("two ranks apart", table({19: "6C"}, waste="4D"), Move("peak-19", "waste"), "not one rank above or below the 4 of Diamonds"),
    ("the same rank", table({19: "4C"}, waste="4D"), Move("peak-19", "waste"), "not one rank above or below"),
    ("a King on a 2", table({19: "KC"}, waste="2D"), Move("peak-19", "waste"), "not one rank above or below"),
    ("an Ace on a Queen", table({19: "AC"}, waste="QD"), Move("peak-19", "waste"), "not one rank above or below"),
    ("a face-down card", table({10: "5C", 19: "2D", 20: "9S"}, waste="4D"), Move("peak-10", "waste"), "peak-10 is face down"),
    ("a half-covered card", table({10: "5C", 20: "9S"}, waste="4D"), Move("peak-10", "waste"), "face down"),
    ("a covered peak top", table({1: "5C", 5: "9S"}, waste="4D"), Move("peak-1", "waste"), "face down"),
    ("an empty place", table({20: "5C"}, waste="4D"), Move("peak-19", "waste"), "peak-19 is empty"),
    ("a peak card onto another peak card", table({19: "5C", 20: "4D"}, waste="4D"), Move("peak-19", "peak-20"), "go to the waste"),
    ("a peak card to a foundation", table({19: "5C"}, waste="4D"), Move("peak-19", "foundation-1"), "go to the waste"),
    ("two cards at once", table({19: "5C"}, waste="4D"), Move("peak-19", "waste", 2), "single card"),
    ("zero cards", table({19: "5C"}, waste="4D"), Move("peak-19", "waste", 0), "single card"),
    ("the waste card back to the peaks", table({19: "5C"}, waste="4D"), Move("waste", "peak-20"), "stay there"),
    ("turning the waste over", table({19: "5C"}, waste="4D"), Move("waste", "stock", 1), "only once"),
    ("draw from an empty stock", table({19: "5C"}, waste="4D"), Move("stock", "waste"), "stock is empty"),
    ("draw two at once", table({19: "5C"}, waste="4D", stock="2C 3C"), Move("stock", "waste", 2), "one card at a time"),
    ("the stock card onto the peaks", table({19: "5C"}, waste="4D", stock="2C"), Move("stock", "peak-19"), "go to the waste"),
    ("a pile that does not exist", table({19: "5C"}, waste="4D"), Move("peak-29", "waste"), "no pile"),
    ("a pile of another game", table({19: "5C"}, waste="4D"), Move("tableau-1", "waste"), "no pile"),
    ("onto itself", table({19: "5C"}, waste="4D"), Move("peak-19", "peak-19"), "another pile"),
]


@pytest.mark.parametrize(("why", "position", "move", "reason"), FORBIDDEN, ids=[case[0] for case in FORBIDDEN])
def test_forbidden(why: str, position: TriPeaksPosition, move: Move, reason: str) -> None:
    assert move not in K.legal_moves(position), why
    with pytest.raises(IllegalMove, match=reason):
        K.apply(position, move)


def test_the_reason_never_names_a_face_down_card() -> None:
    with pytest.raises(IllegalMove) as caught:
        K.apply(table({10: "5C", 19: "2D", 20: "9S"}, waste="4D"), Move("peak-10", "waste"))
    assert "5" not in str(caught.value) and "Clubs" not in str(caught.value)


def test_a_card_turns_face_up_when_both_covering_cards_are_gone() -> None:
    position = table({10: "7C", 19: "5D", 20: "6H"}, waste="4S")
    assert not K.face_up(position)[peak(10)]
    position = K.apply(position, Move("peak-19", "waste"))
    assert not K.face_up(position)[peak(10)]  # the 6H still covers it
    assert Move("peak-10", "waste") not in K.legal_moves(position)
    position = K.apply(position, Move("peak-20", "waste"))
    assert K.face_up(position)[peak(10)]
    piles = {pile.name: pile for pile in K.piles(position)}
    assert piles["peak-10"].face_up == (True,)
    assert K.legal_moves(position) == [Move("peak-10", "waste")]


# -- the stock ---------------------------------------------------------------------


def test_a_draw_turns_the_top_card_onto_the_waste() -> None:
    after = K.apply(table({19: "5C"}, waste="9D", stock="2C 3C 4C"), Move("stock", "waste"))
    assert after.waste == cards("9D 4C") and after.stock == cards("2C 3C")


def test_the_stock_is_gone_through_once() -> None:
    position = table({19: "9C"}, waste="4D", stock="2C 3C")
    position = K.apply(K.apply(position, Move("stock", "waste")), Move("stock", "waste"))
    assert not position.stock and K.legal_moves(position) == []
    assert not any("stock" in (move.source, move.target) for move in K.legal_moves(position))


def test_a_click_on_the_stock() -> None:
    assert K.stock_move(table({19: "9C"}, waste="4D", stock="2C")) == Move("stock", "waste")
    spent = table({19: "9C"}, waste="4D")
    with pytest.raises(IllegalMove, match="only once"):
        K.apply(spent, K.stock_move(spent))


def test_status_line() -> None:
    assert str(K.status_line(K.deal(1))) == "Stock 23 · run 0"
    position = table({19: "5C", 20: "6C"}, waste="4D", stock="2C")
    position = K.apply(K.apply(position, Move("peak-19", "waste")), Move("peak-20", "waste"))
    assert str(K.status_line(position)) == "Stock 1 · run 2"
    assert str(K.status_line(K.apply(position, Move("stock", "waste")))) == "Stock 0 · run 0"


# -- scoring -----------------------------------------------------------------------

SCORING = [
    # (why, position, move, points)
    ("the first card of a run", table({19: "5C"}, waste="4D"), Move("peak-19", "waste"), 1),
    ("the second card of a run", table({19: "5C"}, waste="4D", run=1), Move("peak-19", "waste"), 2),
    ("the fifth card of a run", table({19: "5C"}, waste="4D", run=4), Move("peak-19", "waste"), 5),
    ("a draw", table({19: "5C"}, waste="4D", stock="2C", run=3), Move("stock", "waste"), 0),
    ("the first peak cleared", table({1: "9C", 2: "5D", 3: "5H"}, waste="8H"), Move("peak-1", "waste"), 1 + 15),
    ("the second peak cleared", table({2: "5D", 3: "9H"}, waste="8H", run=1), Move("peak-3", "waste"), 2 + 15),
    ("the third peak cleared", table({2: "9D"}, waste="8H", run=2), Move("peak-2", "waste"), 3 + 30),
]


@pytest.mark.parametrize(("why", "position", "move", "points"), SCORING, ids=[case[0] for case in SCORING])
def test_scoring(why: str, position: TriPeaksPosition, move: Move, points: int) -> None:
    assert K.apply(position, move).score - position.score == points, why


def test_a_draw_ends_the_run() -> None:
    position = table({19: "5C", 20: "6C", 21: "7C", 22: "9D"}, waste="4D", stock="8H")
    for number in (19, 20, 21):
        position = K.apply(position, Move(f"peak-{number}", "waste"))
    assert position.score == 1 + 2 + 3 and position.run == 3
    position = K.apply(position, Move("stock", "waste"))
    assert position.run == 0
    position = K.apply(position, Move("peak-22", "waste"))
    assert position.score == 1 + 2 + 3 + 1 and position.run == 1


def test_score_ignores_the_clock() -> None:
    assert K.score(table(score=40), 1000, True) == 40


# -- win, stuck ------------------------------------------------------------------------


def test_won_when_all_three_peaks_are_cleared() -> None:
    position = table(waste="4D", stock="2C 3C")
    assert K.is_won(position) and not K.is_stuck(position)
    assert not K.is_won(K.deal(1))
    assert not K.is_won(table({28: "5C"}, waste="4D"))


def test_the_deal_is_not_stuck() -> None:
    assert not K.is_stuck(K.deal(1)) and not K.is_stuck(K.deal(2))


STUCK = [
    # (why, position, stuck)
    ("a card plays now", table({19: "5C"}, waste="4D"), False),
    ("nothing plays and the stock is empty", table({19: "9C"}, waste="4D"), True),
    ("a card plays on a stock card to come", table({19: "9C"}, waste="4D", stock="8H 2C"), False),
    ("a card plays on the last stock card", table({19: "9C"}, waste="4D", stock="TH"), False),
    ("no stock card will ever fit", table({19: "9C"}, waste="4D", stock="2C 4H"), True),
    ("only a face-down card would fit", table({10: "5C", 19: "9C", 20: "9D"}, waste="4D"), True),
    ("a King waits for an Ace in the stock", table({19: "KC"}, waste="4D", stock="AH 2C"), False),
]


@pytest.mark.parametrize(("why", "position", "stuck"), STUCK, ids=[case[0] for case in STUCK])
def test_stuck(why: str, position: TriPeaksPosition, stuck: bool) -> None:
    assert K.is_stuck(position) == stuck, why


def test_the_stuck_verdict_says_why() -> None:
    said = K.stuck_reason(table({19: "9C"}, waste="4D"))
    assert str(said) == "no face-up card is one rank above or below the 4 of Diamonds on the waste, and the stock is empty"
    said = K.stuck_reason(table({19: "9C"}, waste="4D", stock="2C 4H"))
    assert str(said) == (
        "no face-up card is one rank above or below the 4 of Diamonds on the waste, nor next to any of the cards left in the stock"
    )
    assert K.stuck_reason(K.deal(1)) is None


def test_no_safe_moves_and_no_completion() -> None:
    position = table({19: "5C"}, waste="4D")
    assert K.safe_moves(position) == [] and K.completion(position) is None


# -- presentation ----------------------------------------------------------------------


def test_slots_and_piles_match() -> None:
    position = K.deal(3)
    names = [slot.name for slot in K.slots()]
    assert names == ["stock", "waste"] + [f"peak-{n}" for n in range(1, 29)]
    assert [pile.name for pile in K.piles(position)] == names
    piles = {pile.name: pile for pile in K.piles(position)}
    assert piles["stock"].face_up == (False,) * 23 and piles["waste"].face_up == (True,)
    assert all(piles[f"peak-{n}"].face_up == (n >= 19,) for n in range(1, 29))
    assert all(piles[f"peak-{n}"].locked == (n < 19,) for n in range(1, 29))


def test_slot_geometry() -> None:
    slots = {slot.name: slot for slot in K.slots()}
    assert [slots[f"peak-{n}"].x for n in (1, 2, 3)] == [1.5, 4.5, 7.5]
    assert [slots[f"peak-{n}"].x for n in range(4, 10)] == [1, 2, 4, 5, 7, 8]
    assert [slots[f"peak-{n}"].x for n in range(10, 19)] == [j + 0.5 for j in range(9)]
    assert [slots[f"peak-{n}"].x for n in range(19, 29)] == list(range(10))
    # Each card lies centred over the two cards covering it, half a row higher.
    for index, covering in enumerate(COVERING):
        if covering:
            here, left, right = slots[PEAK[index]], slots[PEAK[covering[0]]], slots[PEAK[covering[1]]]
            assert here.x == (left.x + right.x) / 2 and here.y == left.y - 0.5 == right.y - 0.5
    for name in ("stock", "waste"):
        for other in slots.values():
            if other.name != name:
                assert abs(slots[name].x - other.x) >= 1 or abs(slots[name].y - other.y) >= 1, (name, other.name)


def test_layout_text_reads_back() -> None:
    position = K.deal(99)
    assert K.parse_layout(K.text_layout(position)) == position


def test_layout_mid_game_with_run_and_score() -> None:
    text = GOLDEN_DEAL_1.replace("row-4: 2C AD 6S KC", "row-4: 2C AD -- KC").replace("waste: 7S", "waste: 7S 6S")
    position = K.parse_layout(text + "\nrun: 1\nscore: 1")
    assert position.run == 1 and position.score == 1 and position.peaks[peak(21)] is None
    assert K.text_layout(position) == text + "\nrun: 1\nscore: 1"
    opened = GOLDEN_DEAL_1.replace("row-4: 2C AD", "row-4: -- --").replace("waste: 7S", "waste: 7S 2C AD")
    opened = opened.replace("row-3: [JC]", "row-3: JC")
    assert K.parse_layout(opened).peaks[peak(10)] == cards("JC")[0]


BAD_LAYOUTS = [
    ("a missing card", GOLDEN_DEAL_1.replace(" [9H]", ""), "exactly once"),
    ("a card twice", GOLDEN_DEAL_1.replace("[9H]", "[QC]"), "exactly once"),
    ("a short row", GOLDEN_DEAL_1.replace("row-1: [7D] [9C] [4D]", "row-1: [7D] [9C]"), "row-1 has 3 places"),
    ("a covered card shown face up", GOLDEN_DEAL_1.replace("row-1: [7D]", "row-1: 7D"), "peak-1 is face down"),
    ("a free card written face down", GOLDEN_DEAL_1.replace("row-4: 2C", "row-4: [2C]"), "peak-19 is face up"),
    ("an unknown line", GOLDEN_DEAL_1 + "\nfoundation-1: 2C", "unknown line"),
    ("a negative run", GOLDEN_DEAL_1 + "\nrun: -1", "run must be at least 0"),
]


@pytest.mark.parametrize(("why", "text", "reason"), BAD_LAYOUTS, ids=[case[0] for case in BAD_LAYOUTS])
def test_bad_layouts(why: str, text: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        K.parse_layout(text)
