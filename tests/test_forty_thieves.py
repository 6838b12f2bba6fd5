"""Forty Thieves: the rules of PySolFC's and Aisleriot's rule texts, as tables of cases.

Tables are built with ``forty_thieves_helpers``: ``table`` lays out only the cards a case
needs (the foundations by their top cards: clubs are foundations 1-2, diamonds 3-4, hearts
5-6, spades 7-8), ``endgame`` a whole table with every card not given home.
"""

from __future__ import annotations

import pytest
from forty_thieves_helpers import endgame, table
from solitaire.card_notation import parse_card
from solitaire.game import IllegalMove, Move
from solitaire.games.forty_thieves import CARDS, FortyThieves, FortyThievesPosition
from solitaire.texts import render

K = FortyThieves()
UNSCORED = FortyThieves({"scoring": "none"})

GOLDEN_DEAL_1 = """\
stock: [6H] [KH] [3H] [KC] [JS] [TD] [5S] [5D] [2D] [3S] [2C] [8H] [7C] [4S] [8H] [2H] [JH] [2S] [9H] [2C] [5C] [9S] [5H] [7C] [3C] [6S] [2S] [AH] [TH] [4S] [9H] [QH] [4C] [4D] [QS] [QH] [2H] [9D] [4H] [QC] [KS] [TC] [7H] [6D] [5D] [5H] [AD] [TS] [2D] [KH] [QD] [3H] [8S] [QC] [3D] [8D] [TD] [KD] [JD] [TC] [JD] [AC] [4H] [7S]
waste:
foundation-1:
foundation-2:
foundation-3:
foundation-4:
foundation-5:
foundation-6:
foundation-7:
foundation-8:
tableau-1: 6H 5C JC 8D
tableau-2: 7H TH 9S 9D
tableau-3: JC KD JS QD
tableau-4: 8C JH KC 3D
tableau-5: KS AH 5S 6C
tableau-6: 7D QS 3S 7D
tableau-7: 6S TS 7S AS
tableau-8: 8C 4D AC AD
tableau-9: 6C 3C 8S AS
tableau-10: 9C 4C 9C 6D"""

GOLDEN_DEAL_2 = """\
stock: [AC] [TH] [4D] [TS] [3C] [2C] [6C] [8S] [8C] [4H] [AH] [QC] [5D] [3S] [2H] [QS] [9D] [5D] [TH] [2S] [AD] [5S] [3C] [3H] [QH] [2H] [6S] [3H] [4H] [8D] [JH] [7D] [6H] [6C] [7H] [TC] [8H] [QD] [7S] [5C] [JC] [JD] [5H] [AD] [5S] [9C] [2D] [JC] [JD] [3S] [7D] [4S] [8H] [KD] [KD] [QC] [9S] [5C] [3D] [JS] [TD] [TC] [KH] [9H]
waste:
foundation-1:
foundation-2:
foundation-3:
foundation-4:
foundation-5:
foundation-6:
foundation-7:
foundation-8:
tableau-1: TD AS 8C AS
tableau-2: AH 4S KS 4C
tableau-3: 6H KH 7C JH
tableau-4: JS 2C 4D TS
tableau-5: 2D KC 8S 7H
tableau-6: QS 6D 9H QD
tableau-7: 5H 4C 7S 6S
tableau-8: 3D 9C KC 9D
tableau-9: 7C 6D KS QH
tableau-10: AC 8D 9S 2S"""

# Every card home but the ones named: a table where only a few cards are left.
FEW = endgame(["KH", "QH", "KS QS", "", "KC QC", "KD", "QD"], waste="JD", stock="KC QC")


# Ten columns where no card fits on another (no empty column), the Aces buried.
FULL = ["AH 5C", "AH 5C", "AD 5S", "AD 5S", "AC 9H", "AC 9H", "AS 9D", "AS 9D", "2H JC", "2H JC"]


def card(text: str) -> int:
    return parse_card(text)


# -- the deal ------------------------------------------------------------------


@pytest.mark.parametrize(("number", "golden"), [(1, GOLDEN_DEAL_1), (2, GOLDEN_DEAL_2)])
def test_golden_layouts(number: int, golden: str) -> None:
    assert K.text_layout(K.deal(number)) == golden


@pytest.mark.parametrize("number", [1, 2, 617, 2**31 - 1])
def test_deal_shape(number: int) -> None:
    position = K.deal(number)
    assert [len(column) for column in position.tableau] == [4] * 10
    assert len(position.stock) == 64 and position.waste == () and position.foundations == ((),) * 8
    every = position.stock + sum(position.tableau, ())
    assert sorted(every) == list(range(CARDS))  # two decks: each card of each deck once


def test_dealt_row_by_row() -> None:
    """One card to each column from the left, four rows: the deck's first ten cards are the
    columns' bottom cards."""
    from solitaire.rng import shuffled

    deck = shuffled(range(CARDS), 1)
    position = K.deal(1)
    assert tuple(column[0] for column in position.tableau) == tuple(deck[:10])
    assert tuple(column[3] for column in position.tableau) == tuple(deck[30:40])
    assert position.stock == tuple(deck[40:])


@pytest.mark.parametrize("number", [0, -1, 2**31])
def test_deal_numbers_out_of_range(number: int) -> None:
    with pytest.raises(ValueError, match="deal numbers run from 1"):
        K.deal(number)


def test_options_are_checked() -> None:
    assert K.options == {"scoring": "standard"}
    with pytest.raises(ValueError, match="scoring"):
        FortyThieves({"scoring": "vegas"})
    with pytest.raises(ValueError, match="unknown option"):
        FortyThieves({"draw": "3"})


# -- moves the rules allow --------------------------------------------------------


ALLOWED = [
    ("down by one in suit", table(["8H", "7H"]), Move("tableau-2", "tableau-1")),
    ("the waste's top card onto a column", table(["8H"], waste="7H"), Move("waste", "tableau-1")),
    ("any card fills an empty column", table(["8H", "", "5S"]), Move("tableau-1", "tableau-2")),
    ("the waste's card into an empty column", table(["8H", ""], waste="QC"), Move("waste", "tableau-2")),
    ("an Ace to any empty foundation", table(["8H AH"]), Move("tableau-1", "foundation-1")),
    ("the next card home", table(["2H"], home="AH"), Move("tableau-1", "foundation-5")),
    ("home from the waste", table(["9C"], waste="2H", home="AH"), Move("waste", "foundation-5")),
    ("two cards in suit with one empty column", table(["8H", "7H 6H", ""]), Move("tableau-2", "tableau-1", 2)),
    ("four cards in suit with two empty columns", table(["8H", "7H 6H 5H 4H", "", ""]), Move("tableau-2", "tableau-1", 4)),
    ("two cards into one of two empty columns", table(["9C", "7H 6H", "", ""]), Move("tableau-2", "tableau-3", 2)),
    ("a card off a run onto the other copy", table(["8H 7H", "8H"]), Move("tableau-1", "tableau-2")),
    ("the stock turns one card onto the waste", table(["8H"], stock="KC QC"), Move("stock", "waste")),
]


@pytest.mark.parametrize(("why", "position", "move"), ALLOWED, ids=[case[0] for case in ALLOWED])
def test_allowed(why: str, position: FortyThievesPosition, move: Move) -> None:
    assert move in K.legal_moves(position)
    after = K.apply(position, move)
    moved = K.pile_cards(position, move.source)[-move.count :]
    assert K.pile_cards(after, move.target)[-move.count :] == moved


FORBIDDEN = [
    (
        "another suit",
        table(["8S", "7H"]),
        Move("tableau-2", "tableau-1"),
        "the 7 of Hearts cannot go on the 8 of Spades: columns build down by one in the same suit",
    ),
    (
        "two ranks lower",
        table(["9H", "7H"]),
        Move("tableau-2", "tableau-1"),
        "the 7 of Hearts cannot go on the 9 of Hearts: columns build down by one in the same suit",
    ),
    (
        "up, not down",
        table(["7H", "8H"]),
        Move("tableau-2", "tableau-1"),
        "the 8 of Hearts cannot go on the 7 of Hearts: columns build down by one in the same suit",
    ),
    (
        "two cards without an empty column",
        table(["8H", "7H 6H", *FULL[2:]]),
        Move("tableau-2", "tableau-1", 2),
        "only 1 card can move at once now: one card at a time, twice as many for each of the 0 empty columns",
    ),
    (
        "four cards with one empty column",
        table(["8H", "7H 6H 5H 4H", "", *FULL[3:]]),
        Move("tableau-2", "tableau-1", 4),
        "only 2 cards can move at once now: one card at a time, twice as many for each of the 1 empty column",
    ),
    (
        "two cards into the only empty column",
        table(["9C", "7H 6H", "", *FULL[3:]]),
        Move("tableau-2", "tableau-3", 2),
        "only 1 card can move at once now: one card at a time, twice as many for each of the 0 other empty columns (the one you move to does not count)",
    ),
    (
        "cards not in suit",
        table(["8H", "7H 6S", "", ""]),
        Move("tableau-2", "tableau-1", 2),
        "only a run down by rank in one suit moves together; move the cards one by one",
    ),
    ("a foundation card back", table(["8H"], home="7H"), Move("foundation-5", "tableau-1"), "cards on the foundations stay there"),
    (
        "the waste turned over",
        table(["8H"], waste="KC"),
        Move("waste", "stock", 1),
        "the stock is gone through only once: the waste is not turned over",
    ),
    ("an empty stock", table(["8H"], waste="KC"), Move("stock", "waste"), "the stock is empty (it is gone through only once)"),
    ("the stock onto a column", table(["8H"], stock="KC"), Move("stock", "tableau-1"), "cards from the stock go to the waste"),
    ("two stock cards at once", table(["8H"], stock="KC QC"), Move("stock", "waste", 2), "the stock turns one card at a time"),
    ("two waste cards", table(["8H", ""], waste="QC JC"), Move("waste", "tableau-2", 2), "only the top card of the waste can be played"),
    ("an empty waste", table(["8H"]), Move("waste", "tableau-1"), "the waste is empty"),
    ("out of order home", table(["3H"], home="AH"), Move("tableau-1", "foundation-5"), "the 3 of Hearts does not follow the Ace of Hearts"),
    ("not an Ace on an empty foundation", table(["AH 8H"]), Move("tableau-1", "foundation-6"), "a foundation starts with an Ace"),
    ("two cards home", table(["3H 2H"], home="AH"), Move("tableau-1", "foundation-5", 2), "cards go to a foundation one at a time"),
    ("onto the waste", table(["8H"], waste="KC"), Move("tableau-1", "waste"), "cards cannot be put on 'waste'"),
    ("from an empty column", table(["8H", ""]), Move("tableau-2", "tableau-1"), "that column is empty"),
    (
        "more cards than the column holds",
        table(["9H", "8H 7H", "", ""]),
        Move("tableau-2", "tableau-1", 3),
        "that column does not hold so many cards",
    ),
    ("to the same pile", table(["8H"]), Move("tableau-1", "tableau-1"), "a card must move to another pile"),
]


@pytest.mark.parametrize(("why", "position", "move", "reason"), FORBIDDEN, ids=[case[0] for case in FORBIDDEN])
def test_forbidden(why: str, position: FortyThievesPosition, move: Move, reason: str) -> None:
    assert move not in K.legal_moves(position)
    with pytest.raises(IllegalMove) as refused:
        K.apply(position, move)
    assert str(refused.value) == reason


def test_refusals_are_said_in_german_too() -> None:
    position = table(["8S", "7H"])
    with pytest.raises(IllegalMove) as refused:
        K.apply(position, Move("tableau-2", "tableau-1"))
    assert render(refused.value.said, "de") == "Herz 7 passt nicht auf Pik 8: In den Spalten wird absteigend in derselben Farbe angelegt"


def test_a_card_that_cannot_move_says_why() -> None:
    assert str(K.refusal(table(["8S", "7H", *FULL[2:]]), "tableau-2", 1)) == "that card has nowhere to go now"
    assert str(K.refusal(table(["8H", "7H 6S", "", ""]), "tableau-2", 2)) == (
        "only a run down by rank in one suit moves together; move the cards one by one"
    )


def test_a_click_on_the_stock() -> None:
    position = table(["8H"], stock="KC QC")
    assert K.stock_move(position) == Move("stock", "waste")
    after = K.apply(position, Move("stock", "waste"))
    assert after.waste == (card("QC"),) and after.stock == (card("KC"),)


def test_the_stock_is_gone_through_once() -> None:
    position = table(["8H"], stock="KC")
    position = K.apply(position, K.stock_move(position))
    assert not any("stock" in (move.source, move.target) for move in K.legal_moves(position))


def test_status_line() -> None:
    assert str(K.status_line(K.deal(1))) == "Stock 64 · can move 1"
    assert str(K.status_line(table(["8H", "", "", "", *FULL[4:]], stock="KC"))) == "Stock 1 · can move 8"
    assert str(K.status_line(table(["8H"], stock="KC"))) == "Stock 1 · can move 13"  # at most a whole suit
    assert render(K.status_line(K.deal(1)), "de") == "Talon 64 · 1 Karte je Zug"


# -- scoring -------------------------------------------------------------------------------


def test_scoring_counts_cards_home_and_complete_foundations() -> None:
    assert K.score(K.deal(1), 0, False) == 0
    # 11 cards are out; one foundation each of hearts, diamonds and spades is complete.
    assert K.score(FEW, 100, False) == 5 * (CARDS - 11) + 60 * 3
    assert UNSCORED.score(FEW, 0, False) is None


def test_a_won_game_scores_1000() -> None:
    won = endgame([])
    assert K.is_won(won) and K.score(won, 0, True) == 1000


# -- safe moves, completion, verdicts --------------------------------------------------


def test_safe_moves() -> None:
    # Aces and 2s are safe (an Ace to the first empty foundation); any other card when the
    # lower foundation of its suit is at most two ranks below it: the 7 of hearts still out
    # can go home on the 6 whenever it could go on the 8.
    assert K.safe_moves(table(["AH 8H", "AS"], waste="2D", home="AD")) == [Move("waste", "foundation-3"), Move("tableau-2", "foundation-1")]
    assert K.safe_moves(table(["8H"], home="7H 7H")) == [Move("tableau-1", "foundation-5")]
    assert K.safe_moves(table(["8H"], home="7H 6H")) == [Move("tableau-1", "foundation-5")]
    assert K.safe_moves(table(["8H"], home="7H 5H")) == []


def test_completion_once_everything_descends() -> None:
    position = endgame(["KH QH JH", "KH QH"], waste="JH")
    line = K.completion(position)
    assert line is not None
    for move in line:
        position = K.apply(position, move)
    assert K.is_won(position)
    assert K.completion(endgame(["QH KH JH", "KH QH JH"])) is None
    assert K.completion(endgame(["KH QH", "KH QH JH"], stock="JH")) is None


def test_the_deal_is_not_stuck() -> None:
    assert not K.is_stuck(K.deal(1)) and K.stuck_reason(K.deal(1)) is None


def test_a_stock_card_left_is_never_stuck() -> None:
    assert not K.is_stuck(table(FULL, stock="KH"))


STUCK = [
    ("nothing moves and the waste fits nowhere", table(FULL, waste="TD"), True),
    ("only back and forth", table(["AH 9H 8H", "9H", *FULL[2:]]), True),
    ("a card goes home", table(FULL, home="4C"), False),
    ("the waste's card fits", table(FULL, waste="8H 4C"), False),
    ("the waste's card goes home", table(FULL, waste="8H KS", home="QS"), False),
    ("a move between columns lets a card home", table(["AS 2D 8H", "9H", *FULL[2:]], home="AD"), False),
]


@pytest.mark.parametrize(("why", "position", "stuck"), STUCK, ids=[case[0] for case in STUCK])
def test_stuck(why: str, position: FortyThievesPosition, stuck: bool) -> None:
    assert K.is_stuck(position) == stuck


def test_the_stuck_verdict_says_why() -> None:
    assert str(K.stuck_reason(STUCK[0][1])) == (
        "no move can change the game any more: no card on the table can move,"
        " and no pass through the stock is left and the top card of the waste fits nowhere"
    )
    assert str(K.stuck_reason(STUCK[1][1])) == (
        "no move can change the game any more: the moves left only move cards back and forth, and the stock and the waste are empty"
    )


def test_won_when_every_card_is_home() -> None:
    assert K.is_won(endgame([])) and not K.is_won(FEW)
    assert not K.is_stuck(endgame([]))


# -- presentation ----------------------------------------------------------------------


def test_slots_and_piles_match() -> None:
    names = [slot.name for slot in K.slots()]
    assert names == ["stock", "waste"] + [f"foundation-{n}" for n in range(1, 9)] + [f"tableau-{n}" for n in range(1, 11)]
    views = K.piles(K.deal(1))
    assert [view.name for view in views] == names
    stock = views[0]
    assert not any(stock.face_up) and all(stock.locked)
    assert all(all(view.face_up) for view in views[1:])


def test_slot_geometry() -> None:
    """Ten card columns wide: stock, waste and eight foundations on top, ten columns below."""
    slots = K.slots()
    assert max(slot.x for slot in slots) == 9 and min(slot.x for slot in slots) == 0
    assert {slot.y for slot in slots if slot.name.startswith("tableau")} == {1}
    assert all(slot.fan == "down" for slot in slots if slot.name.startswith("tableau"))
    assert all(slot.empty_hint == "A" for slot in slots if slot.name.startswith("foundation"))


def test_layout_text_reads_back() -> None:
    for position in (K.deal(1), K.deal(2), FEW):
        text = K.text_layout(position)
        assert K.text_layout(K.parse_layout(text)) == text
    # The text does not say which deck a card is from: the same cards, perhaps other copies.
    read = K.parse_layout(K.text_layout(K.deal(1)))
    assert [[card % 52 for card in column] for column in read.tableau] == [[card % 52 for card in column] for column in K.deal(1).tableau]


BAD_LAYOUTS = [
    ("a card missing", GOLDEN_DEAL_1.replace(" JC 8D", " 8D"), "the layout must hold each card exactly 2 times"),
    ("an unknown pile", GOLDEN_DEAL_1 + "\ncell-1: AS", "unknown pile 'cell-1'"),
    ("a pile twice", GOLDEN_DEAL_1 + "\nwaste:", "waste is given twice"),
    (
        "a foundation out of order",
        K.text_layout(endgame([])).replace("foundation-1: AC 2C", "foundation-1: 2C AC"),
        "must run from the Ace up",
    ),
]


@pytest.mark.parametrize(("why", "text", "reason"), BAD_LAYOUTS, ids=[case[0] for case in BAD_LAYOUTS])
def test_bad_layouts(why: str, text: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        K.parse_layout(text)
