"""Golf: the rules of PySolFC's Golf, Dead King Golf and Relaxed Golf and of Aisleriot's Golf,
as tables of cases. Columns are tableau-1..7, each listed bottom card first (its last card is
its top, the one that plays)."""

from __future__ import annotations

import pytest
from solitaire.card_notation import parse_card
from solitaire.game import IllegalMove, Move
from solitaire.games.golf import TABLEAU, Golf, GolfPosition
from solitaire.texts import render

STRICT = Golf()  # the defaults: nothing on a King, no wrap
QUEEN = Golf({"king": "queen"})  # PySolFC's Golf
RELAXED = Golf({"king": "queen", "wrap": "on"})  # PySolFC's Relaxed Golf
DEAD_WRAP = Golf({"wrap": "on"})  # nothing on a King, but a King goes on an Ace

GOLDEN_DEAL_1 = """\
stock: [KS] [6H] [QS] [QH] [QD] [9D] [3D] [3S] [AC] [4C] [2H] [8C] [TC] [3H] [2S] [9H]
waste: 7S
tableau-1: 7D 6D JH KC QC
tableau-2: 9C 9S 5H KH 4S
tableau-3: 4D JC 7H TH 6C
tableau-4: 8H 5D 4H TS 7C
tableau-5: 8D KD 2C JS AS
tableau-6: 5S 3C AD TD 5C
tableau-7: JD 2D 6S 8S AH"""

GOLDEN_DEAL_2 = """\
stock: [AH] [KC] [2H] [7C] [4S] [9C] [TH] [5D] [TS] [QS] [KS] [8S] [KD] [3D] [2C] [8D]
waste: 9H
tableau-1: QH TD 6H 5S 3H
tableau-2: 3S AC JH 2S 9D
tableau-3: 4C 6C TC 4H 6D
tableau-4: 5H 7S 9S AD JS
tableau-5: 7H 3C JD QD AS
tableau-6: 2D QC 8C 6S 5C
tableau-7: KH 7D 4D 8H JC"""


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(word.strip("[]")) for word in text.split())


def table(*columns: str, stock: str = "", waste: str = "", score: int = 0) -> GolfPosition:
    """A (partial) table: the columns given in order from tableau-1, the others empty."""
    given = [cards(column) for column in columns]
    return GolfPosition(tableau=tuple(given + [()] * (7 - len(given))), stock=cards(stock), waste=cards(waste), score=score)


# -- the deal ------------------------------------------------------------------


@pytest.mark.parametrize(("number", "golden"), [(1, GOLDEN_DEAL_1), (2, GOLDEN_DEAL_2)])
def test_golden_layouts(number: int, golden: str) -> None:
    assert STRICT.text_layout(STRICT.deal(number)) == golden


@pytest.mark.parametrize("rules", [STRICT, QUEEN, RELAXED, DEAD_WRAP])
def test_the_options_deal_the_same_cards(rules: Golf) -> None:
    assert rules.deal(7) == STRICT.deal(7)


@pytest.mark.parametrize("number", [1, 2, 617, 2**31 - 1])
def test_deal_shape(number: int) -> None:
    position = STRICT.deal(number)
    assert [len(column) for column in position.tableau] == [5] * 7
    assert len(position.stock) == 16 and len(position.waste) == 1  # one stock card turned at the start
    assert position.score == 0
    everything = position.stock + position.waste + tuple(card for column in position.tableau for card in column)
    assert sorted(everything) == list(range(52))


@pytest.mark.parametrize("number", [0, -1, 2**31])
def test_deal_numbers_out_of_range(number: int) -> None:
    with pytest.raises(ValueError, match="deal numbers run from 1"):
        STRICT.deal(number)


def test_options_are_checked() -> None:
    with pytest.raises(ValueError, match="unknown option"):
        Golf({"draw": "3"})
    with pytest.raises(ValueError, match="option king must be"):
        Golf({"king": "ace"})
    assert [spec.name for spec in Golf.option_specs] == ["king", "wrap"]
    assert [spec.default for spec in Golf.option_specs] == ["dead", "off"]
    assert not any(spec.changes_deal for spec in Golf.option_specs)


def test_a_daily_is_proven_under_the_strictest_rules() -> None:
    for rules in (STRICT, QUEEN, RELAXED, DEAD_WRAP):
        assert rules.daily_proof_options() == {"king": "dead", "wrap": "off"}


# -- allowed and forbidden moves -------------------------------------------------

EVERY = (STRICT, QUEEN, RELAXED, DEAD_WRAP)

ALLOWED = [
    # (why, rules that allow it, position, move)
    ("one rank up", EVERY, table("5C", waste="4D"), Move("tableau-1", "waste")),
    ("one rank down", EVERY, table("3H", waste="4D"), Move("tableau-1", "waste")),
    ("the same suit", EVERY, table("5D", waste="4D"), Move("tableau-1", "waste")),
    ("from the last column", EVERY, table("", "", "", "", "", "", "TS 5C", waste="4D"), Move("tableau-7", "waste")),
    ("a 2 on an Ace", EVERY, table("2S", waste="AD"), Move("tableau-1", "waste")),
    ("an Ace on a 2", EVERY, table("AS", waste="2D"), Move("tableau-1", "waste")),
    ("a King on a Queen", EVERY, table("KS", waste="QD"), Move("tableau-1", "waste")),
    ("a Queen on a King (PySolFC's Golf)", (QUEEN, RELAXED), table("QS", waste="KD"), Move("tableau-1", "waste")),
    ("an Ace on a King (Relaxed Golf)", (RELAXED,), table("AS", waste="KD"), Move("tableau-1", "waste")),
    ("a King on an Ace (ranks wrap)", (RELAXED, DEAD_WRAP), table("KS", waste="AD"), Move("tableau-1", "waste")),
    ("any card on an empty waste (set-up positions only)", EVERY, table("9C"), Move("tableau-1", "waste")),
    ("a draw", EVERY, table("9C", waste="4D", stock="2C"), Move("stock", "waste")),
    ("a draw when a card plays", EVERY, table("5C", waste="4D", stock="2C"), Move("stock", "waste")),
    ("a draw of a King", EVERY, table("5C", waste="KD", stock="KC"), Move("stock", "waste")),
]


@pytest.mark.parametrize(("why", "allowing", "position", "move"), ALLOWED, ids=[case[0] for case in ALLOWED])
def test_allowed(why: str, allowing: tuple[Golf, ...], position: GolfPosition, move: Move) -> None:
    for rules in allowing:
        assert move in rules.legal_moves(position), (why, rules.options)
        after = rules.apply(position, move)
        if move.source == "stock":
            assert after.waste == position.waste + position.stock[-1:] and after.stock == position.stock[:-1]
            assert after.score == position.score
        else:
            index = TABLEAU.index(move.source)
            assert after.tableau[index] == position.tableau[index][:-1]
            assert after.waste == position.waste + position.tableau[index][-1:]
            assert after.score == position.score + 1
    for rules in EVERY:
        if rules not in allowing:
            assert move not in rules.legal_moves(position), (why, rules.options)


FORBIDDEN = [
    # (why, rules, position, move, the words of the reason)
    (
        "two ranks apart",
        STRICT,
        table("6C", waste="4D"),
        Move("tableau-1", "waste"),
        "the 6 of Clubs is not one rank above or below the 4 of Diamonds",
    ),
    ("the same rank", RELAXED, table("4C", waste="4D"), Move("tableau-1", "waste"), "not one rank above or below"),
    (
        "a Queen on a King",
        STRICT,
        table("QC", waste="KD"),
        Move("tableau-1", "waste"),
        "nothing goes on the King of Diamonds: a King ends the run",
    ),
    ("an Ace on a King (dead)", DEAD_WRAP, table("AC", waste="KD"), Move("tableau-1", "waste"), "nothing goes on the King of Diamonds"),
    ("an Ace on a King (no wrap)", QUEEN, table("AC", waste="KD"), Move("tableau-1", "waste"), "King and Ace do not connect here"),
    (
        "a King on an Ace",
        STRICT,
        table("KC", waste="AD"),
        Move("tableau-1", "waste"),
        "the King of Clubs does not go on the Ace of Diamonds: King and Ace",
    ),
    ("a King on a 2", RELAXED, table("KC", waste="2D"), Move("tableau-1", "waste"), "not one rank above or below"),
    ("a card under the top", STRICT, table("5C 9S", waste="4D"), Move("tableau-1", "waste", 2), "only the top card of a column"),
    ("more cards than the column has", STRICT, table("5C", waste="4D"), Move("tableau-1", "waste", 2), "does not hold so many cards"),
    ("zero cards", STRICT, table("5C", waste="4D"), Move("tableau-1", "waste", 0), "at least one card"),
    ("an empty column", STRICT, table("", "5C", waste="4D"), Move("tableau-1", "waste"), "tableau-1 is empty"),
    ("onto another column", STRICT, table("5C", "4D", waste="4S"), Move("tableau-1", "tableau-2"), "column cards go to the waste"),
    ("to a foundation", STRICT, table("5C", waste="4D"), Move("tableau-1", "foundation-1"), "column cards go to the waste"),
    ("the waste card back", STRICT, table("5C", waste="4D"), Move("waste", "tableau-1"), "stay there"),
    ("turning the waste over", STRICT, table("5C", waste="4D"), Move("waste", "stock"), "only once"),
    ("a draw from an empty stock", STRICT, table("5C", waste="4D"), Move("stock", "waste"), "the stock is empty"),
    ("two stock cards at once", STRICT, table("5C", waste="4D", stock="2C 3C"), Move("stock", "waste", 2), "one card at a time"),
    ("a stock card onto a column", STRICT, table("5C", waste="4D", stock="2C"), Move("stock", "tableau-1"), "go to the waste"),
    ("a pile that does not exist", STRICT, table("5C", waste="4D"), Move("tableau-8", "waste"), "no pile"),
    ("a pile of another game", STRICT, table("5C", waste="4D"), Move("peak-1", "waste"), "no pile"),
    ("onto itself", STRICT, table("5C", waste="4D"), Move("tableau-1", "tableau-1"), "another pile"),
]


@pytest.mark.parametrize(("why", "rules", "position", "move", "reason"), FORBIDDEN, ids=[case[0] for case in FORBIDDEN])
def test_forbidden(why: str, rules: Golf, position: GolfPosition, move: Move, reason: str) -> None:
    assert move not in rules.legal_moves(position), why
    with pytest.raises(IllegalMove, match=reason):
        rules.apply(position, move)


def test_refusals_say_why_in_german_too() -> None:
    position = table("9S QC", waste="KD")
    said = STRICT.refusal(position, "tableau-1", 1)
    assert said is not None
    assert render(said, "de") == "Auf Karo König kommt nichts: Ein König beendet die Serie bis zur nächsten Karte vom Talon"
    said = STRICT.refusal(position, "tableau-1", 2)
    assert said is not None and str(said) == "only the top card of a column can be played"
    assert render(said, "de") == "Nur die oberste Karte einer Spalte ist spielbar"
    assert QUEEN.refusal(table("QC"), "tableau-1", 1) is None


def test_a_tap_plays_the_only_move() -> None:
    assert STRICT.tap_moves
    assert STRICT.stock_move(table("5C", waste="4D", stock="2C")) == Move("stock", "waste")
    spent = table("9C", waste="4D")
    with pytest.raises(IllegalMove, match="only once"):
        STRICT.apply(spent, STRICT.stock_move(spent))


def test_legal_moves_in_column_order_then_the_draw() -> None:
    position = table("5C", "9H", "3D", "", "3S", stock="KH", waste="4D")
    assert STRICT.legal_moves(position) == [
        Move("tableau-1", "waste"),
        Move("tableau-3", "waste"),
        Move("tableau-5", "waste"),
        Move("stock", "waste"),
    ]


def test_an_empty_column_stays_empty() -> None:
    position = STRICT.apply(table("5C", "6C", waste="4D"), Move("tableau-1", "waste"))
    assert position.tableau[0] == () and not any(move.target == "tableau-1" for move in STRICT.legal_moves(position))


# -- scoring and status ------------------------------------------------------------


def test_each_card_played_from_a_column_scores_one() -> None:
    position = table("9C 7D 6C 5C", waste="4D", stock="8S")
    for _ in range(3):
        position = STRICT.apply(position, Move("tableau-1", "waste"))
    assert position.score == 3 and STRICT.score(position, 1000, False) == 3
    position = STRICT.apply(position, Move("stock", "waste"))
    assert position.score == 3
    assert STRICT.apply(position, Move("tableau-1", "waste")).score == 4


def test_status_line() -> None:
    assert str(STRICT.status_line(STRICT.deal(1))) == "Stock 16"
    assert render(STRICT.status_line(STRICT.deal(1)), "de") == "Talon 16"


# -- win, stuck ------------------------------------------------------------------------


def test_won_when_the_columns_are_cleared() -> None:
    position = table(waste="4D", stock="2C 3C")
    assert STRICT.is_won(position) and not STRICT.is_stuck(position)
    assert not STRICT.is_won(STRICT.deal(1)) and not STRICT.is_won(table("5C", waste="4D"))


def test_the_deals_are_not_stuck() -> None:
    assert not any(STRICT.is_stuck(STRICT.deal(number)) for number in range(1, 20))


STUCK = [
    # (why, rules, position, stuck)
    ("a card plays now", STRICT, table("5C", waste="4D"), False),
    ("nothing plays and the stock is empty", STRICT, table("9C", waste="4D"), True),
    ("a card plays on a stock card to come", STRICT, table("9C", waste="4D", stock="8H 2C"), False),
    ("no stock card will ever fit", STRICT, table("9C", waste="4D", stock="2C 4H"), True),
    ("only a covered card would fit", STRICT, table("5C 9C", waste="4D"), True),
    ("a Queen on a King, and nothing goes on a King", STRICT, table("QC", waste="KD", stock="KS"), True),
    ("a Queen on a King where it goes", QUEEN, table("QC", waste="KD", stock="KS"), False),
    ("a King waits for an Ace, no wrap", QUEEN, table("KC", waste="4D", stock="AH"), True),
    ("a King waits for an Ace, wrap", DEAD_WRAP, table("KC", waste="4D", stock="AH"), False),
]


@pytest.mark.parametrize(("why", "rules", "position", "stuck"), STUCK, ids=[case[0] for case in STUCK])
def test_stuck(why: str, rules: Golf, position: GolfPosition, stuck: bool) -> None:
    assert rules.is_stuck(position) == stuck, why


def test_the_stuck_verdict_says_why() -> None:
    said = STRICT.stuck_reason(table("9C", waste="4D"))
    assert str(said) == "no column's top card goes on the 4 of Diamonds on the waste, and the stock is empty"
    said = STRICT.stuck_reason(table("QC", waste="KD", stock="KS"))
    assert str(said) == "no column's top card goes on the King of Diamonds on the waste, nor on any of the cards left in the stock"
    assert said is not None and render(said, "de").startswith("Keine oberste Karte einer Spalte passt auf Karo König")
    assert STRICT.stuck_reason(STRICT.deal(1)) is None


def test_no_safe_moves_and_no_completion() -> None:
    position = table("5C", waste="4D")
    assert STRICT.safe_moves(position) == [] and STRICT.completion(position) is None


# -- presentation ----------------------------------------------------------------------


def test_slots_and_piles_match() -> None:
    position = STRICT.deal(3)
    names = [slot.name for slot in STRICT.slots()]
    assert names == ["stock", "waste"] + [f"tableau-{n}" for n in range(1, 8)]
    assert [pile.name for pile in STRICT.piles(position)] == names
    piles = {pile.name: pile for pile in STRICT.piles(position)}
    assert piles["stock"].face_up == (False,) * 16 and piles["waste"].face_up == (True,)
    assert all(piles[name].face_up == (True,) * 5 and piles[name].locked == (False,) * 5 for name in TABLEAU)


def test_slot_geometry() -> None:
    slots = {slot.name: slot for slot in STRICT.slots()}
    assert (slots["stock"].x, slots["stock"].y, slots["waste"].x, slots["waste"].y) == (0, 0, 1, 0)
    assert [(slots[name].x, slots[name].y, slots[name].fan) for name in TABLEAU] == [(i, 1, "down") for i in range(7)]
    assert max(slot.x for slot in slots.values()) + 1 <= 10


def test_layout_text_reads_back() -> None:
    position = STRICT.deal(99)
    assert STRICT.parse_layout(STRICT.text_layout(position)) == position


def test_layout_mid_game_with_score() -> None:
    text = GOLDEN_DEAL_1.replace("tableau-1: 7D 6D JH KC QC", "tableau-1: 7D 6D JH KC").replace("waste: 7S", "waste: 7S QC")
    position = STRICT.parse_layout(text + "\nscore: 1")
    assert position.score == 1 and position.tableau[0] == cards("7D 6D JH KC")
    assert STRICT.text_layout(position) == text + "\nscore: 1"


BAD_LAYOUTS = [
    ("a missing card", GOLDEN_DEAL_1.replace(" [9H]", ""), "exactly once"),
    ("a card twice", GOLDEN_DEAL_1.replace("[9H]", "[QC]"), "exactly once"),
    ("not a card", GOLDEN_DEAL_1.replace("7D 6D", "7D 1D"), "not a card"),
    ("an unknown line", GOLDEN_DEAL_1 + "\nfoundation-1: 2C", "unknown line"),
    ("a line twice", GOLDEN_DEAL_1 + "\ntableau-1: 2C", "given twice"),
    ("a negative score", GOLDEN_DEAL_1 + "\nscore: -1", "score must be at least 0"),
]


@pytest.mark.parametrize(("why", "text", "reason"), BAD_LAYOUTS, ids=[case[0] for case in BAD_LAYOUTS])
def test_bad_layouts(why: str, text: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        STRICT.parse_layout(text)
