"""Pyramid: the rules of the Pyramid paragraph and of the issue, as tables of cases.

Places: row 1 is pyramid-1, row 2 pyramid-2..3, row 3 pyramid-4..6, row 4
pyramid-7..10, row 5 pyramid-11..15, row 6 pyramid-16..21, row 7 pyramid-22..28.
"""

from __future__ import annotations

import pytest
from pyramid_helpers import cards, table
from solitaire.game import IllegalMove, Move
from solitaire.games.pyramid import COVERING, PYRAMID, Pyramid, PyramidPosition

K = Pyramid()

GOLDEN_DEAL_1 = """\
stock: [QC] [4S] [6C] [7C] [AS] [5C] [AH] [KS] [6H] [QS] [QH] [QD] [9D] [3D] [3S] [AC] [4C] [2H] [8C] [TC] [3H] [2S] [9H] [7S]
waste:
foundation-1:
row-1: 7D
row-2: 9C 4D
row-3: 8H 8D 5S
row-4: JD 6D 9S JC
row-5: 5D KD 3C 2D JH
row-6: 5H 7H 4H 2C AD 6S
row-7: KC KH TH TS JS TD 8S"""

GOLDEN_DEAL_2 = """\
stock: [3H] [9D] [6D] [JS] [AS] [5C] [JC] [AH] [KC] [2H] [7C] [4S] [9C] [TH] [5D] [TS] [QS] [KS] [8S] [KD] [3D] [2C] [8D] [9H]
waste:
foundation-1:
row-1: QH
row-2: 3S 4C
row-3: 5H 7H 2D
row-4: KH TD AC 6C
row-5: 7S 3C QC 7D 6H
row-6: JH TC 9S JD 8C 4D
row-7: 5S 2S 4H AD QD 6S 8H"""


# -- the deal ------------------------------------------------------------------


@pytest.mark.parametrize(("number", "golden"), [(1, GOLDEN_DEAL_1), (2, GOLDEN_DEAL_2)])
def test_golden_layouts(number: int, golden: str) -> None:
    assert K.text_layout(K.deal(number)) == golden


def test_the_deal_uses_the_same_shuffle_as_klondike() -> None:
    # Deal 1 of Klondike starts 7D 9C 4D 8H 8D 5S JD (one card to each column) and has the same stock.
    position = K.deal(1)
    assert position.pyramid[:7] == cards("7D 9C 4D 8H 8D 5S JD")
    assert position.stock[-1] == cards("7S")[0]


@pytest.mark.parametrize("number", [1, 2, 617, 2**31 - 1])
def test_deal_shape(number: int) -> None:
    position = K.deal(number)
    assert None not in position.pyramid and len(position.pyramid) == 28
    assert len(position.stock) == 24 and not position.waste and not position.discard
    assert position.redeals == 0 and position.score == 0
    assert sorted(position.stock + tuple(c for c in position.pyramid if c is not None)) == list(range(52))


@pytest.mark.parametrize("number", [0, -1, 2**31])
def test_deal_numbers_out_of_range(number: int) -> None:
    with pytest.raises(ValueError, match="deal numbers run from 1"):
        K.deal(number)


def test_options_are_checked() -> None:
    with pytest.raises(ValueError, match="unknown option"):
        Pyramid({"draw": "3"})
    assert Pyramid({}).options == {}


# -- the covering ----------------------------------------------------------------


def test_covering_of_the_issue() -> None:
    # Row r, position p is covered by row r+1, positions p and p+1.
    assert COVERING[0] == (1, 2)  # pyramid-1 by pyramid-2 and -3
    assert COVERING[1] == (3, 4) and COVERING[2] == (4, 5)
    assert COVERING[15] == (21, 22)  # pyramid-16 by pyramid-22 and -23
    assert COVERING[20] == (26, 27)  # pyramid-21 by pyramid-27 and -28
    assert all(COVERING[i] == () for i in range(21, 28))


def test_only_the_bottom_row_is_free_at_the_start() -> None:
    free = [pile for pile, _ in K.free_cards(K.deal(1))]
    assert free == [f"pyramid-{n}" for n in range(22, 29)]


# -- allowed and forbidden moves -------------------------------------------------

ALLOWED = [
    # (why, position, move, the discard pile after it)
    ("two free cards making 13", table({27: "6H", 28: "7C"}), Move("pyramid-27", "pyramid-28"), "6H 7C"),
    ("the same pair picked the other way round", table({27: "6H", 28: "7C"}), Move("pyramid-28", "pyramid-27"), "7C 6H"),
    ("Queen and Ace", table({22: "QS", 28: "AD"}), Move("pyramid-22", "pyramid-28"), "QS AD"),
    ("Jack and 2", table({23: "JD", 25: "2S"}), Move("pyramid-25", "pyramid-23"), "2S JD"),
    ("the waste top with a pyramid card", table({28: "8H"}, waste="2C 5D"), Move("waste", "pyramid-28"), "5D 8H"),
    ("a pyramid card with the waste top", table({28: "8H"}, waste="2C 5D"), Move("pyramid-28", "waste"), "8H 5D"),
    ("a free King alone", table({28: "KH", 27: "2C"}), Move("pyramid-28", "foundation-1"), "KH"),
    ("a King on the waste alone", table({28: "2H"}, waste="2C KS"), Move("waste", "foundation-1"), "KS"),
    ("a card whose two covering cards are gone", table({16: "4C", 24: "9D"}), Move("pyramid-16", "pyramid-24"), "4C 9D"),
    ("the top card once rows 2..7 are gone", table({1: "TC"}, waste="3H"), Move("pyramid-1", "waste"), "TC 3H"),
    ("onto cards removed before", table({27: "6H", 28: "7C"}, discard="KD"), Move("pyramid-27", "pyramid-28"), "KD 6H 7C"),
]


@pytest.mark.parametrize(("why", "position", "move", "discard"), ALLOWED, ids=[case[0] for case in ALLOWED])
def test_allowed(why: str, position: PyramidPosition, move: Move, discard: str) -> None:
    assert move in K.legal_moves(position), why
    after = K.apply(position, move)
    assert after.discard == cards(discard)
    for pile in (move.source, move.target):
        if pile.startswith("pyramid"):
            assert after.pyramid[PYRAMID.index(pile)] is None
    taken_from_waste = sum(pile == "waste" for pile in (move.source, move.target))
    assert after.waste == position.waste[: len(position.waste) - taken_from_waste]


@pytest.mark.parametrize(("low", "high"), [("A", "Q"), ("2", "J"), ("3", "T"), ("4", "9"), ("5", "8"), ("6", "7")])
def test_every_pair_adding_up_to_13(low: str, high: str) -> None:
    position = table({27: low + "C", 28: high + "D"})
    assert set(K.card_moves(position)) == {Move("pyramid-27", "pyramid-28"), Move("pyramid-28", "pyramid-27")}


FORBIDDEN = [
    # (why, position, move, words the reason must contain)
    ("a pair adding up to 14", table({27: "6H", 28: "8H"}), Move("pyramid-27", "pyramid-28"), "add up to 14, not 13"),
    ("two of a kind", table({27: "6H", 28: "6C"}), Move("pyramid-27", "pyramid-28"), "add up to 12, not 13"),
    ("a card under two cards", table({16: "6H", 22: "7H", 23: "2C"}), Move("pyramid-22", "pyramid-16"), "still covered"),
    ("a covered card as partner", table({16: "6H", 22: "2D", 23: "2C", 24: "7S"}), Move("pyramid-24", "pyramid-16"), "still covered"),
    ("a card half covered", table({16: "6H", 23: "2C", 24: "7S"}), Move("pyramid-24", "pyramid-16"), "still covered"),
    ("a card with the card covering it", table({16: "6H", 22: "7H"}), Move("pyramid-22", "pyramid-16"), "still covered"),
    ("a covered card picked first", table({16: "6H", 22: "7H"}), Move("pyramid-16", "pyramid-22"), "still covered"),
    ("a covered King alone", table({16: "KH", 22: "7H"}), Move("pyramid-16", "foundation-1"), "still covered"),
    ("a King with a partner", table({27: "KH", 28: "AC"}), Move("pyramid-27", "pyramid-28"), "King is removed alone"),
    ("a Queen alone", table({28: "QH"}), Move("pyramid-28", "foundation-1"), "only a King"),
    ("the card under the waste top", table({28: "7C"}, waste="6H 2C"), Move("waste", "pyramid-28", 2), "top card of the waste"),
    ("the waste top that does not make 13", table({28: "7C"}, waste="6H 2C"), Move("waste", "pyramid-28"), "add up to 9"),
    ("the stock top without turning it", table({28: "7C"}, stock="6H"), Move("stock", "pyramid-28"), "go to the waste"),
    ("from an empty waste", table({28: "KC"}), Move("waste", "foundation-1"), "waste is empty"),
    ("with an empty place", table({27: "6H"}), Move("pyramid-27", "pyramid-28"), "pyramid-28 is empty"),
    ("a pile that does not exist", table({28: "KH"}), Move("pyramid-29", "foundation-1"), "no pile"),
    ("a second discard pile", table({28: "KH"}), Move("pyramid-28", "foundation-2"), "no pile"),
    ("a tableau pile", table({28: "6H"}), Move("pyramid-28", "tableau-1"), "no pile"),
    ("from the discard pile", table(discard="KH"), Move("foundation-1", "waste"), "stay on the discard pile"),
    ("onto the stock", table({28: "KH"}), Move("pyramid-28", "stock"), "cannot be put on the stock"),
    ("a card with itself", table({28: "6H"}), Move("pyramid-28", "pyramid-28"), "another"),
    ("zero cards", table({27: "6H", 28: "7C"}), Move("pyramid-27", "pyramid-28", 0), "single card"),
    ("two cards from a place", table({27: "6H", 28: "7C"}), Move("pyramid-27", "pyramid-28", 2), "single card"),
    ("draw from an empty stock", table({28: "6H"}, waste="2C"), Move("stock", "waste"), "stock is empty"),
    ("draw two at once", table({28: "6H"}, stock="2C 3C"), Move("stock", "waste", 2), "one card at a time"),
    ("turn the waste over while the stock has cards", table({28: "6H"}, waste="2C", stock="3C"), Move("waste", "stock"), "stock is empty"),
    ("turn over an empty waste", table({28: "6H"}), Move("waste", "stock", 0), "waste is empty"),
    ("turn over part of the waste", table({28: "6H"}, waste="2C 3C"), Move("waste", "stock", 1), "whole waste"),
    ("a fourth pass", table({28: "6H"}, waste="2C 3C", redeals=2), Move("waste", "stock", 2), "only 3 times"),
]


@pytest.mark.parametrize(("why", "position", "move", "reason"), FORBIDDEN, ids=[case[0] for case in FORBIDDEN])
def test_forbidden(why: str, position: PyramidPosition, move: Move, reason: str) -> None:
    assert move not in K.legal_moves(position), why
    with pytest.raises(IllegalMove, match=reason):
        K.apply(position, move)


def test_a_card_is_freed_when_both_covering_cards_are_gone() -> None:
    position = table({16: "4C", 22: "6H", 23: "7C", 24: "9D"})
    assert Move("pyramid-16", "pyramid-24") not in K.legal_moves(position)
    position = K.apply(position, Move("pyramid-22", "pyramid-23"))
    assert Move("pyramid-16", "pyramid-24") in K.legal_moves(position)


# -- the stock and its passes -------------------------------------------------------


def test_a_draw_turns_the_top_card_onto_the_waste() -> None:
    after = K.apply(table(stock="2C 3C 4C"), Move("stock", "waste"))
    assert after.waste == cards("4C") and after.stock == cards("2C 3C")


def test_redeal_turns_the_waste_over_unshuffled() -> None:
    position = table({28: "6H"}, stock="2C 3C 4C")
    for _ in range(3):
        position = K.apply(position, Move("stock", "waste"))
    assert position.waste == cards("4C 3C 2C")
    assert K.stock_moves(position) == [Move("waste", "stock", 3)]
    position = K.apply(position, Move("waste", "stock", 3))
    assert position.stock == cards("2C 3C 4C") and not position.waste and position.redeals == 1
    assert K.apply(position, Move("stock", "waste")).waste == cards("4C")


def test_three_passes_through_the_stock() -> None:
    position = table({28: "6H"}, stock="2C 3C")
    assert str(K.status_line(position)) == "Pass 1 of 3"
    for expected_pass in (2, 3):
        position = K.apply(K.apply(position, Move("stock", "waste")), Move("stock", "waste"))
        position = K.apply(position, Move("waste", "stock", 2))
        assert str(K.status_line(position)) == f"Pass {expected_pass} of 3"
    position = K.apply(K.apply(position, Move("stock", "waste")), Move("stock", "waste"))
    assert K.stock_moves(position) == []
    assert K.legal_moves(position) == []


STOCK_CLICKS = [
    # (why, position, the move a click on the stock makes, the reason it is refused or None)
    ("a card to turn", table({28: "6H"}, stock="2C", waste="3C"), Move("stock", "waste"), None),
    ("the waste to turn over", table({28: "6H"}, waste="2C 3C", redeals=1), Move("waste", "stock", 2), None),
    ("the passes are spent", table({28: "6H"}, waste="2C 3C", redeals=2), Move("waste", "stock", 2), "only 3 times"),
    ("stock and waste are empty", table({28: "6H"}), Move("stock", "waste"), "stock is empty"),
]


@pytest.mark.parametrize(("why", "position", "move", "reason"), STOCK_CLICKS, ids=[case[0] for case in STOCK_CLICKS])
def test_a_click_on_the_stock(why: str, position: PyramidPosition, move: Move, reason: str | None) -> None:
    assert K.stock_move(position) == move, why
    if reason is None:
        K.apply(position, move)
    else:
        with pytest.raises(IllegalMove, match=reason):
            K.apply(position, move)


def test_pairs_are_listed_in_both_orders_and_kings_alone() -> None:
    position = table({25: "KC", 26: "5H", 27: "8S", 28: "3D"}, waste="TH")
    assert set(K.legal_moves(position)) == {
        Move("pyramid-25", "foundation-1"),
        Move("pyramid-26", "pyramid-27"),
        Move("pyramid-27", "pyramid-26"),
        Move("pyramid-28", "waste"),
        Move("waste", "pyramid-28"),
        Move("waste", "stock", 1),
    }


# -- scoring -----------------------------------------------------------------------

SCORING = [
    # (why, position, move, points)
    ("a pair", table({26: "2C", 27: "6H", 28: "7C"}), Move("pyramid-27", "pyramid-28"), 5),
    ("a pair with the waste", table({28: "8H", 27: "2C"}, waste="5D"), Move("waste", "pyramid-28"), 5),
    ("a King from the pyramid", table({27: "2C", 28: "KH"}), Move("pyramid-28", "foundation-1"), 5),
    ("a King from the waste", table({28: "2C"}, waste="KS"), Move("waste", "foundation-1"), 5),
    ("a draw", table({28: "2C"}, stock="3C"), Move("stock", "waste"), 0),
    ("a redeal", table({28: "2C"}, waste="3C"), Move("waste", "stock", 1), 0),
    ("clearing row 7", table({21: "3C", 27: "6H", 28: "7C"}), Move("pyramid-27", "pyramid-28"), 5 + 25),
    ("clearing row 6", table({11: "2D", 16: "4C"}, waste="9H"), Move("pyramid-16", "waste"), 5 + 50),
    ("clearing row 5", table({7: "2D", 11: "KC"}), Move("pyramid-11", "foundation-1"), 5 + 75),
    ("clearing row 4", table({4: "2D", 7: "4C", 10: "9C"}), Move("pyramid-7", "pyramid-10"), 5 + 100),
    ("clearing row 3", table({2: "2D", 5: "4C"}, waste="9C"), Move("waste", "pyramid-5"), 5 + 150),
    ("clearing row 2", table({1: "3C", 2: "6H", 3: "7C"}), Move("pyramid-2", "pyramid-3"), 5 + 250),
    ("clearing the pyramid with the waste", table({1: "5D"}, waste="8S"), Move("waste", "pyramid-1"), 5 + 500),
    ("clearing the pyramid with a King", table({1: "KD"}), Move("pyramid-1", "foundation-1"), 5 + 500),
]


@pytest.mark.parametrize(("why", "position", "move", "points"), SCORING, ids=[case[0] for case in SCORING])
def test_scoring(why: str, position: PyramidPosition, move: Move, points: int) -> None:
    assert K.apply(position, move).score - position.score == points, why


def test_score_ignores_the_clock() -> None:
    assert K.score(table(score=40), 1000, False) == 40
    assert K.score(K.deal(1), 0, False) == 0


# -- win, stuck, safe moves ------------------------------------------------------------


def test_won_when_the_pyramid_is_cleared_whatever_the_stock_holds() -> None:
    position = table(stock="2C 3C", waste="QD")
    assert K.is_won(position) and not K.is_stuck(position)
    assert not K.is_won(K.deal(1))
    assert not K.is_won(table({1: "5D"}))


def test_the_deal_is_not_stuck() -> None:
    assert not K.is_stuck(K.deal(1)) and not K.is_stuck(K.deal(2))


def test_stuck_when_no_pass_brings_a_partner() -> None:
    position = table({28: "5H"}, stock="2C", waste="3D")
    assert K.legal_moves(position)  # draws and redeals remain, but no 8 ever comes
    assert K.is_stuck(position)


def test_stuck_when_nothing_at_all_remains() -> None:
    position = table({28: "5H"}, waste="8C 3D", redeals=2)  # the 8C lies under the top for good
    assert K.card_moves(position) == [] and K.stock_moves(position) == []
    assert K.is_stuck(position)


def test_not_stuck_when_a_partner_comes_round_after_a_redeal() -> None:
    # The 8C lies under the waste top; turning the waste over brings it back.
    position = table({28: "5H"}, waste="8C 2D")
    assert not K.card_moves(position)
    assert not K.is_stuck(position)


def test_not_stuck_when_a_partner_waits_in_the_stock() -> None:
    assert not K.is_stuck(table({28: "5H"}, stock="8C 2D"))


# What the stuck verdict says: why the cards of the stock and the waste cannot help.
# (why, position, English, German)
STUCK_REASONS = [
    (
        "their partners are covered or removed",
        table({16: "JC", 22: "5H", 23: "6S"}, stock="2C", waste="3D", discard="TD 3S"),
        "no two free cards make 13, and the 2 cards that the stock and the waste can still bring up would need a partner"
        " of rank 10 or Jack to make 13: every such partner is covered in the pyramid or already removed",
        "Keine zwei freien Karten ergeben 13, und die 2 Karten, die Talon und Ablagestapel noch aufdecken können, bräuchten"
        " eine Partnerkarte vom Rang 10 oder Bube zur Summe 13: Jede solche Partnerkarte ist in der Pyramide bedeckt oder"
        " schon entfernt",
    ),
    (
        "a partner lies in the stock itself",
        table({22: "9H", 23: "6S"}, stock="8C", waste="2D 5D"),
        "no two free cards make 13, and the 3 cards that the stock and the waste can still bring up would need a partner"
        " of rank 5, 8 or Jack to make 13: every such partner is covered in the pyramid, already removed, or in the stock"
        " or the waste itself, where no two cards are free together",
        None,
    ),
    (
        "the last pass: only the stock and the waste's top card come up",
        table({22: "9H", 23: "6S"}, stock="2C", waste="8D 3D", redeals=2),
        "no two free cards make 13, and the 2 cards that the stock and the waste can still bring up would need a partner"
        " of rank 10 or Jack to make 13: every such partner is covered in the pyramid or already removed",
        None,
    ),
    (
        "the last pass with the waste empty",
        table({22: "9H", 23: "6S"}, stock="2C 3D", redeals=2),
        "no two free cards make 13, and the 2 cards that the stock and the waste can still bring up would need a partner"
        " of rank 10 or Jack to make 13: every such partner is covered in the pyramid or already removed",
        None,
    ),
    (
        "no pass is left",
        table({28: "5H"}, waste="8C 3D", redeals=2),
        "no two free cards make 13, the 3 of Diamonds on the waste makes 13 with none of them,"
        " and no pass through the stock is left for the cards under it",
        "Keine zwei freien Karten ergeben 13, Karo 3 auf dem Ablagestapel ergibt mit keiner von ihnen 13,"
        " und für die Karten darunter bleibt kein Durchgang durch den Talon",
    ),
    (
        "nothing is left in the stock or the waste",
        table({28: "5H"}),
        "no two free cards make 13, no King is free, and the stock and the waste are empty",
        None,
    ),
]


@pytest.mark.parametrize(("why", "position", "english", "german"), STUCK_REASONS, ids=[case[0] for case in STUCK_REASONS])
def test_the_stuck_verdict_says_why(why: str, position: PyramidPosition, english: str, german: str | None) -> None:
    from solitaire.texts import render

    assert K.is_stuck(position), why
    said = K.stuck_reason(position)
    assert said is not None and str(said) == english
    if german is not None:
        assert render(said, "de") == german


def test_no_reason_while_a_removal_may_come() -> None:
    assert K.stuck_reason(K.deal(1)) is None
    assert K.stuck_reason(table({28: "5H"}, waste="8C 2D")) is None


def test_safe_moves_remove_free_kings() -> None:
    position = table({16: "KD", 22: "2C", 27: "6C", 28: "KH"}, waste="2S KS")
    assert set(K.safe_moves(position)) == {Move("pyramid-28", "foundation-1"), Move("waste", "foundation-1")}
    assert K.safe_moves(table({27: "6C", 28: "7H"})) == []


def test_no_completion_is_claimed() -> None:
    assert K.completion(table({1: "KD"})) is None


# -- presentation ----------------------------------------------------------------------


def test_slots_and_piles_match() -> None:
    position = K.deal(3)
    names = [slot.name for slot in K.slots()]
    assert names == ["stock", "waste", "foundation-1"] + [f"pyramid-{n}" for n in range(1, 29)]
    assert [pile.name for pile in K.piles(position)] == names
    piles = {pile.name: pile for pile in K.piles(position)}
    assert piles["stock"].face_up == (False,) * 24
    assert all(len(piles[f"pyramid-{n}"].cards) == 1 and piles[f"pyramid-{n}"].face_up == (True,) for n in range(1, 29))
    after = K.apply(table({27: "6H", 28: "7C"}), Move("pyramid-27", "pyramid-28"))
    assert {pile.name: pile for pile in K.piles(after)}["pyramid-28"].cards == ()


def test_slot_geometry() -> None:
    slots = {slot.name: slot for slot in K.slots()}
    assert (slots["pyramid-1"].x, slots["pyramid-1"].y) == (3, 0)
    assert [slots[f"pyramid-{n}"].x for n in range(22, 29)] == [0, 1, 2, 3, 4, 5, 6]
    assert {slots[f"pyramid-{n}"].y for n in range(22, 29)} == {3}
    # Each card lies centred over the two cards covering it, half a row higher.
    for index, covering in enumerate(COVERING):
        if covering:
            here, left, right = slots[PYRAMID[index]], slots[PYRAMID[covering[0]]], slots[PYRAMID[covering[1]]]
            assert here.x == (left.x + right.x) / 2 and here.y == left.y - 0.5 == right.y - 0.5
    # Stock, waste and discard pile overlap nothing (a card is at most one column by one row).
    others = [slots[name] for name in ("stock", "waste", "foundation-1")]
    for slot in others:
        for other in slots.values():
            if other is not slot:
                assert abs(slot.x - other.x) >= 1 or abs(slot.y - other.y) >= 1, (slot.name, other.name)


def test_layout_text_reads_back() -> None:
    position = K.deal(99)
    assert K.parse_layout(K.text_layout(position)) == position
    played = table({27: "6H", 28: "7C"})
    played = K.apply(played, Move("pyramid-27", "pyramid-28"))
    assert "row-7: -- -- -- -- -- -- --" in K.text_layout(played)


def test_layout_with_redeals_and_score() -> None:
    text = GOLDEN_DEAL_1.replace("row-7: KC KH", "row-7: -- KH").replace("foundation-1:", "foundation-1: KC")
    position = K.parse_layout(text + "\nredeals: 2\nscore: 5")
    assert position.redeals == 2 and position.score == 5 and position.discard == cards("KC")
    assert K.text_layout(position).endswith("redeals: 2\nscore: 5")
    assert K.parse_layout(K.text_layout(position)) == position


BAD_LAYOUTS = [
    ("a missing card", GOLDEN_DEAL_1.replace(" [7S]", ""), "exactly once"),
    ("a card twice", GOLDEN_DEAL_1.replace("[7S]", "[QC]"), "exactly once"),
    ("a short row", GOLDEN_DEAL_1.replace("row-2: 9C 4D", "row-2: 9C"), "row-2 has 2 places"),
    ("a face-down pyramid card", GOLDEN_DEAL_1.replace("row-1: 7D", "row-1: [7D]"), "face up"),
    ("no such card", GOLDEN_DEAL_1.replace("row-1: 7D", "row-1: 7X"), "not a card"),
    ("an unknown line", GOLDEN_DEAL_1 + "\ntableau-1: 2C", "unknown line"),
    ("a line twice", GOLDEN_DEAL_1 + "\nwaste:", "twice"),
    ("no colon", GOLDEN_DEAL_1 + "\nwaste", "pile: cards"),
    ("too many redeals", GOLDEN_DEAL_1 + "\nredeals: 3", "redeals must be from 0 to 2"),
    ("a word for redeals", GOLDEN_DEAL_1 + "\nredeals: two", "whole number"),
]


@pytest.mark.parametrize(("why", "text", "reason"), BAD_LAYOUTS, ids=[case[0] for case in BAD_LAYOUTS])
def test_bad_layouts(why: str, text: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        K.parse_layout(text)


def test_comments_and_missing_piles_in_a_layout() -> None:
    text = "# a set-up\n" + "\n".join(line for line in GOLDEN_DEAL_1.splitlines() if line not in ("waste:", "foundation-1:"))
    assert K.parse_layout(text) == K.deal(1)
