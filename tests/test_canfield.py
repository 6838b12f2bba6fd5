"""Canfield: the rules of PySolFC's and Aisleriot's Canfield, as tables of cases."""

from __future__ import annotations

import random

import pytest
from random_play import random_positions
from solitaire.card_notation import parse_card
from solitaire.cards import card_text
from solitaire.game import IllegalMove, Move, NotationError, parse_move
from solitaire.games.canfield import Canfield, CanfieldPosition
from solitaire.texts import Reason, Status, render

RULES = Canfield()
ANY_RUN = Canfield({"moves": "any-run"})
BACK = Canfield({"back": "on"})
DRAW_ONE = Canfield({"draw": "1"})

GOLDEN_DEAL_1 = """\
stock: [2C] [AD] [6S] [KC] [KH] [TH] [TS] [JS] [TD] [8S] [QC] [4S] [6C] [7C] [AS] [5C] [AH] [KS] [6H] [QS] [QH] [QD] [9D] [3D] [3S] [AC] [4C] [2H] [8C] [TC] [3H] [2S] [9H] [7S]
waste:
foundation-1: 7D
foundation-2:
foundation-3:
foundation-4:
reserve: [9C] [4D] [8H] [8D] [5S] [JD] [6D] [9S] [JC] [5D] [KD] [3C] 2D
tableau-1: JH
tableau-2: 5H
tableau-3: 7H
tableau-4: 4H
base: 7"""

GOLDEN_DEAL_2 = """\
stock: [JD] [8C] [4D] [5S] [2S] [4H] [AD] [QD] [6S] [8H] [3H] [9D] [6D] [JS] [AS] [5C] [JC] [AH] [KC] [2H] [7C] [4S] [9C] [TH] [5D] [TS] [QS] [KS] [8S] [KD] [3D] [2C] [8D] [9H]
waste:
foundation-1: QH
foundation-2:
foundation-3:
foundation-4:
reserve: [3S] [4C] [5H] [7H] [2D] [KH] [TD] [AC] [6C] [7S] [3C] [QC] 7D
tableau-1: 6H
tableau-2: JH
tableau-3: TC
tableau-4: 9S
base: Q"""


def table(rules: Canfield = RULES, **piles: str) -> CanfieldPosition:
    """A position with the given piles (``tableau_1="KS QH"``; ``base="7"``); every card not
    named goes to the stock."""
    named = {name.replace("_", "-"): text for name, text in piles.items() if name != "base"}
    used = {parse_card(word.strip("[]")) for text in named.values() for word in text.split()}
    rest = " ".join(card_text(card) for card in range(52) if card not in used)
    named["stock"] = (named.get("stock", "") + " " + rest).strip()
    lines = [f"{name}: {text}" for name, text in named.items()]
    if "base" in piles:
        lines.append(f"base: {piles['base']}")
    return rules.parse_layout("\n".join(lines))


def refused(rules: Canfield, position: CanfieldPosition, move: str) -> str:
    with pytest.raises(IllegalMove) as error:
        rules.apply(position, parse_move(move))
    return str(error.value)


# -- the deal --------------------------------------------------------------------


@pytest.mark.parametrize(("number", "golden"), [(1, GOLDEN_DEAL_1), (2, GOLDEN_DEAL_2)])
def test_golden_layouts(number: int, golden: str) -> None:
    assert RULES.text_layout(RULES.deal(number)) == golden


@pytest.mark.parametrize("number", [1, 2, 617, 2**31 - 1])
def test_deal_shape(number: int) -> None:
    position = RULES.deal(number)
    assert len(position.reserve) == 13 and len(position.stock) == 34 and not position.waste
    assert [len(column) for column in position.tableau] == [1, 1, 1, 1]
    assert len(position.foundations[0]) == 1 and not any(position.foundations[1:])
    assert position.base == position.foundations[0][0] % 13 + 1
    reserve = RULES.piles(position)[6]
    assert reserve.name == "reserve" and reserve.face_up == (False,) * 12 + (True,)


def test_every_variant_deals_the_same_cards() -> None:
    assert DRAW_ONE.deal(5) == ANY_RUN.deal(5) == BACK.deal(5) == RULES.deal(5)


def test_options_are_checked() -> None:
    with pytest.raises(ValueError, match="unknown option"):
        Canfield({"suits": "2"})
    with pytest.raises(ValueError, match="must be"):
        Canfield({"draw": "2"})


# -- moves: allowed and refused ------------------------------------------------------------

# Base 7: diamonds stand at 7 (8D next), clubs at 7 (8C next). Column 1 is a run, column 4 a
# King on an Ace (turning the corner); the reserve's top card is the QD, the waste's the 6D.
START = {
    "base": "7",
    "foundation_1": "7D",
    "foundation_2": "7C",
    "tableau_1": "9S 8H 7S",
    "tableau_2": "8D",
    "tableau_3": "2C",
    "tableau_4": "AH KS",
    "reserve": "[5H] QD",
    "waste": "2S 6D",
}


def pile_text(rules: Canfield, position: CanfieldPosition, pile: str) -> str:
    cards = {view.name: view.cards for view in rules.piles(position)}[pile]
    return " ".join(card_text(card) for card in cards)


@pytest.mark.parametrize(
    ("rules", "move", "piles"),
    [
        (RULES, "w>t1", {"tableau-1": "9S 8H 7S 6D", "waste": "2S"}),  # a red 6 on a black 7
        (RULES, "t1>t2", {"tableau-1": "9S 8H", "tableau-2": "8D 7S"}),  # the top card alone
        (RULES, "t4>t3x2", {"tableau-3": "2C AH KS", "tableau-4": "QD", "reserve": "5H"}),  # a whole column; the reserve fills it
        (RULES, "r>t4", {"tableau-4": "AH KS QD", "reserve": "5H"}),  # the reserve's top card
        (RULES, "t2>f1", {"foundation-1": "7D 8D", "tableau-2": "QD", "reserve": "5H"}),  # home, and the reserve fills the space
        (RULES, "s>wx3", {"waste": "2S 6D QS JS TS"}),  # three cards, the stock's top one (QS) first
        (BACK, "f2>t2", {"foundation-2": "", "tableau-2": "8D 7C"}),  # a foundation card back to a column
    ],
)
def test_allowed_moves(rules: Canfield, move: str, piles: dict[str, str]) -> None:
    position = table(rules, **START)
    assert parse_move(move) in rules.legal_moves(position)
    after = rules.apply(position, parse_move(move))
    for pile, cards in piles.items():
        assert pile_text(rules, after, pile) == cards, pile


@pytest.mark.parametrize(
    ("rules", "move", "reason"),
    [
        (RULES, "t1>t2x2", "only the top card or the whole column moves to another column"),
        (
            RULES,
            "t1>t2x3",
            "the 9 of Spades cannot go on the 8 of Diamonds: columns build down by one in alternating colours, a King on an Ace",
        ),
        (
            ANY_RUN,
            "t1>t2x2",
            "the 8 of Hearts cannot go on the 8 of Diamonds: columns build down by one in alternating colours, a King on an Ace",
        ),
        (
            RULES,
            "w>t3",
            "the 6 of Diamonds cannot go on the 2 of Clubs: columns build down by one in alternating colours, a King on an Ace",
        ),
        (RULES, "r>f2", "the Queen of Diamonds does not follow the 7 of Clubs"),
        (RULES, "r>f3", "an empty foundation takes only a card of rank 7, the rank of the first foundation card"),
        (RULES, "t4>f3", "an empty foundation takes only a card of rank 7, the rank of the first foundation card"),
        (RULES, "t1>f1", "the 7 of Spades does not follow the 7 of Diamonds"),
        (RULES, "t4>f1x2", "cards go to a foundation one at a time"),
        (RULES, "f2>t2", "cards on the foundations stay there"),
        (BACK, "f2>f3", "a foundation card can only go back to a column"),
        (RULES, "w>t1x2", "only the top card of the waste can be played"),
        (RULES, "r>t4x2", "only the top card of the reserve can be played"),
        (RULES, "t1>r", "cards cannot be put on 'reserve'"),
        (RULES, "t1>t4x4", "that column does not hold so many cards"),
        (RULES, "t1>t1", "a card must move to another pile"),
        (RULES, "s>w", "the stock deals 3 cards at a time here"),
        (RULES, "w>sx2", "the waste can be turned over only when the stock is empty"),
        (RULES, "t1>t2x0", "a move takes at least one card"),
    ],
)
def test_refused_moves(rules: Canfield, move: str, reason: str) -> None:
    position = table(rules, **START)
    assert parse_move(move) not in rules.legal_moves(position)
    with pytest.raises(IllegalMove) as error:
        rules.apply(position, parse_move(move))
    assert str(error.value) == reason


def test_a_card_in_the_middle_of_a_column_says_why_it_cannot_move() -> None:
    position = table(RULES, **START)
    assert str(RULES.refusal(position, "tableau-1", 2)) == "only the top card or the whole column moves to another column"
    assert str(RULES.refusal(position, "reserve", 2)) == "only the top card of the reserve can be played"


def test_any_run_moves_part_of_a_column() -> None:
    position = table(
        ANY_RUN, base="7", foundation_1="7D", tableau_1="9S 8H 7S", tableau_2="9C", tableau_3="2C", tableau_4="KH", reserve="QD"
    )
    after = ANY_RUN.apply(position, parse_move("t1>t2x2"))
    assert pile_text(ANY_RUN, after, "tableau-2") == "9C 8H 7S" and pile_text(ANY_RUN, after, "tableau-1") == "9S"
    assert parse_move("t1>t2x2") not in RULES.legal_moves(
        table(RULES, base="7", foundation_1="7D", tableau_1="9S 8H 7S", tableau_2="9C", tableau_3="2C", tableau_4="KH", reserve="QD")
    )


def test_columns_and_foundations_turn_the_corner() -> None:
    position = table(base="J", foundation_1="JH QH KH", tableau_1="AS", tableau_2="2D", tableau_3="5C", tableau_4="9D", waste="KD AH")
    home = RULES.apply(position, parse_move("w>f1"))  # the Ace follows the King
    assert pile_text(RULES, home, "foundation-1") == "JH QH KH AH"
    king_on_ace = RULES.apply(home, parse_move("w>t1"))  # a red King on a black Ace
    assert pile_text(RULES, king_on_ace, "tableau-1") == "AS KD"
    assert RULES.apply(position, parse_move("t1>t2")).tableau[1] == (parse_card("2D"), parse_card("AS"))  # and an Ace on a 2


def test_an_empty_column_takes_any_card_once_the_reserve_is_used_up() -> None:
    position = table(base="7", foundation_1="7D", tableau_1="9S 8H", tableau_3="2C", tableau_4="KH", waste="QC")
    assert RULES.apply(position, parse_move("w>t2")).tableau[1] == (parse_card("QC"),)
    assert RULES.apply(position, parse_move("t1>t2")).tableau[1] == (parse_card("8H"),)
    assert parse_move("t1>t2x2") in RULES.legal_moves(position)


def test_a_layout_with_an_empty_column_and_cards_in_the_reserve_is_filled() -> None:
    position = table(base="7", foundation_1="7D", tableau_1="9S", tableau_3="2C", tableau_4="KH", reserve="5H QC")
    assert position.tableau[1] == (parse_card("QC"),) and position.reserve == (parse_card("5H"),)


def test_draw_one_goes_through_the_stock_three_times() -> None:
    position = table(DRAW_ONE, base="7", foundation_1="7D", tableau_1="9S", tableau_2="8D", tableau_3="2C", tableau_4="KH")
    position = CanfieldPosition(position.tableau, position.reserve, (), position.stock[::-1], position.foundations, 7, redeals=2)
    assert DRAW_ONE.stock_moves(position) == []
    with pytest.raises(IllegalMove, match="the stock can be gone through only 3 times"):
        DRAW_ONE.apply(position, DRAW_ONE.stock_move(position))
    again = DRAW_ONE.apply(
        CanfieldPosition(position.tableau, position.reserve, (), position.waste, position.foundations, 7, redeals=1),
        Move("waste", "stock", len(position.waste)),
    )
    assert again.redeals == 2 and again.stock == position.waste[::-1]
    assert render(DRAW_ONE.status_line(again)) == "Base 7 · reserve 0 · pass 3 of 3"


def test_draw_three_passes_without_limit() -> None:
    position = RULES.deal(1)
    for _ in range(12):
        position = RULES.apply(position, RULES.stock_move(position))
    assert not position.stock and len(position.waste) == 34
    turned = RULES.apply(position, RULES.stock_move(position))
    assert turned.stock == position.waste[::-1] and turned.redeals == 1
    assert RULES.stock_moves(turned.__class__(turned.tableau, turned.reserve, (), turned.stock, turned.foundations, 7, 99))


# -- verdicts, safe moves, finishing -------------------------------------------------------


def test_safe_moves_wait_for_the_partners() -> None:
    # Base 7: the 8D is safe once both black 7s are home (they are the base cards); the 9D needs both black 8s.
    position = table(
        base="7", foundation_1="7D", foundation_2="7C", foundation_3="7S", tableau_1="8D", tableau_2="8S", tableau_3="7H", tableau_4="KH"
    )
    assert Move("tableau-1", "foundation-1") in RULES.safe_moves(position)
    assert Move("tableau-2", "foundation-3") not in RULES.safe_moves(position)  # the 7H is not home
    assert not any(move.source == "tableau-3" for move in RULES.safe_moves(position))  # a base card holds the last cards


def test_a_game_with_no_move_left_is_stuck() -> None:
    # Every other card lies under the 5H in the reserve, which fits nowhere.
    position = table(
        base="7",
        foundation_1="7D",
        tableau_1="9S",
        tableau_2="9C",
        tableau_3="2C",
        tableau_4="KH",
        reserve=" ".join(card_text(card) for card in range(52) if card_text(card) not in ("7D", "9S", "9C", "2C", "KH", "5H")) + " 5H",
    )
    assert RULES.legal_moves(position) == [] and RULES.is_stuck(position)
    assert str(RULES.stuck_reason(position)) == (
        "no move can change the game any more: no card on the table can move, and the stock and the waste are empty"
    )


def test_back_and_forth_is_stuck_too() -> None:
    rest = [card_text(card) for card in range(52) if card_text(card) not in ("7D", "9S", "9C", "8H", "2C", "5H")]
    position = table(base="7", foundation_1="7D", tableau_1="9S 8H", tableau_2="9C", tableau_3="2C", reserve=" ".join(rest) + " 5H")
    assert RULES.legal_moves(position) and RULES.is_stuck(position)
    assert "only move cards back and forth" in str(RULES.stuck_reason(position))
    assert not RULES.is_stuck(RULES.deal(1))


def test_completion_plays_out_a_won_game() -> None:
    suits = "CDHS"
    ranks = "789TJQKA23456"
    foundations = {f"foundation_{i + 1}": " ".join(rank + suit for rank in ranks[:12]) for i, suit in enumerate(suits)}
    position = table(RULES, base="7", tableau_1="6C", tableau_2="6D", waste="6H", **foundations)
    moves = RULES.completion(position)
    assert moves is not None and len(moves) >= 3
    for move in moves:
        position = RULES.apply(position, move)
    assert RULES.is_won(position) and RULES.score(position, 0, True) == 52


# -- words ---------------------------------------------------------------------------


def test_status_line() -> None:
    said = RULES.status_line(RULES.deal(1))
    assert said.code == Status.CANFIELD
    assert render(said, "en") == "Base 7 · reserve 13"
    assert render(said, "de") == "Grundrang 7 · Reserve 13"


def test_refusals_in_german() -> None:
    position = table(RULES, **START)
    with pytest.raises(IllegalMove) as error:
        RULES.apply(position, parse_move("r>f3"))
    assert render(error.value.said, "de") == "Ein leerer Zielstapel nimmt nur eine Karte vom Rang 7, dem Rang der ersten Zielstapelkarte"
    with pytest.raises(IllegalMove) as error:
        RULES.apply(position, parse_move("t1>r"))
    assert render(error.value.said, "de") == "Karten lassen sich nicht auf „Reserve“ legen" or "Reserve" in render(error.value.said, "de")


@pytest.mark.parametrize(
    ("layout", "reason"),
    [
        (GOLDEN_DEAL_1.replace("base: 7", "base: 1"), Reason.BASE_RANK_LINE),
        (GOLDEN_DEAL_1.replace("foundation-1: 7D", "foundation-1: 7D 9D").replace("[9D] ", ""), Reason.FOUNDATION_ORDER_FROM_BASE),
        (
            GOLDEN_DEAL_1.replace("foundation-1: 7D", "foundation-1:").replace("base: 7", "").replace("tableau-1: JH", "tableau-1: JH 7D"),
            Reason.BASE_RANK_LINE,
        ),
    ],
)
def test_bad_layouts(layout: str, reason: Reason) -> None:
    with pytest.raises(NotationError) as error:
        RULES.parse_layout(layout)
    assert error.value.said.code == reason


def test_the_layout_reads_back() -> None:
    position = RULES.deal(3)
    for _ in range(5):
        position = RULES.apply(position, RULES.legal_moves(position)[-1])
    assert RULES.parse_layout(RULES.text_layout(position)) == position


def test_in_draw_three_no_waste_card_goes_home_by_itself() -> None:
    """Automatic moves leave the waste alone in draw three (taking a card out would shift the
    groups of three behind it); in draw one its top card goes home when it is safe."""
    rng = random.Random(7)
    seen_waste_home = False
    for deal in range(1, 31):
        for rules in (RULES, DRAW_ONE):
            for position in random_positions(rules, rules.deal(deal), [rng.randrange(1000) for _ in range(150)], rules.safe_moves):
                sources = {move.source for move in rules.safe_moves(position)}
                if rules is RULES:
                    assert "waste" not in sources
                else:
                    seen_waste_home |= "waste" in sources
    assert seen_waste_home  # draw one still plays a safe waste card home
