"""Yukon: the rules of PySolFC's and Aisleriot's texts, as tables of cases."""

from __future__ import annotations

import pytest
from solitaire.card_notation import parse_card
from solitaire.cards import card_text
from solitaire.game import IllegalMove, Move
from solitaire.games.yukon import Yukon, YukonPosition, is_safe_home
from solitaire.texts import Reason, Said, Status, render
from yukon_helpers import endgame, table

K = Yukon()

GOLDEN_DEAL_1 = """\
foundation-1:
foundation-2:
foundation-3:
foundation-4:
tableau-1: 7D
tableau-2: [9C] 6D QC AH 9D 8C
tableau-3: [4D] [9S] 2D 4S KS 3D TC
tableau-4: [8H] [JC] [JH] 2C 6C 6H 3S 3H
tableau-5: [8D] [5D] [5H] [AD] KH 7C QS AC 2S
tableau-6: [5S] [KD] [7H] [6S] [TH] JS AS QH 4C 9H
tableau-7: [JD] [3C] [4H] [KC] [TS] [TD] 8S 5C QD 2H 7S"""

GOLDEN_DEAL_2 = """\
foundation-1:
foundation-2:
foundation-3:
foundation-4:
tableau-1: QH
tableau-2: [3S] TD 3H JC 9C 8S
tableau-3: [4C] [AC] 7D 9D AH TH KD
tableau-4: [5H] [6C] [6H] JD 6D KC 5D 3D
tableau-5: [7H] [7S] [JH] [8C] 2S JS 2H TS 2C
tableau-6: [2D] [3C] [TC] [4D] [4H] QD AS 7C QS 8D
tableau-7: [KH] [QC] [9S] [5S] [AD] [6S] 8H 5C 4S KS 9H"""


# -- the deal ------------------------------------------------------------------


@pytest.mark.parametrize(("number", "golden"), [(1, GOLDEN_DEAL_1), (2, GOLDEN_DEAL_2)])
def test_golden_layouts(number: int, golden: str) -> None:
    assert K.text_layout(K.deal(number)) == golden


@pytest.mark.parametrize("number", [1, 2, 617, 2**31 - 1])
def test_deal_shape(number: int) -> None:
    position = K.deal(number)
    # Column 1 one card face up; columns 2-7 1..6 face down with five face up on them.
    assert [len(column) for column in position.tableau] == [1, 6, 7, 8, 9, 10, 11]
    assert position.hidden == (0, 1, 2, 3, 4, 5, 6)
    assert sorted(sum(position.tableau, ())) == list(range(52))
    assert position.foundations == ((),) * 4


@pytest.mark.parametrize("number", [0, -1, 2**31])
def test_deal_numbers_out_of_range(number: int) -> None:
    with pytest.raises(ValueError, match="deal numbers run from 1"):
        K.deal(number)


def test_no_options() -> None:
    with pytest.raises(ValueError, match="unknown option"):
        Yukon({"draw": "3"})


def test_layout_text_reads_back() -> None:
    position = K.deal(99)
    assert K.parse_layout(K.text_layout(position)) == position


# -- allowed and forbidden moves -------------------------------------------------

# A table for the cases: column 1 a run-less pile on face-down cards, column 2 a black 10
# on top, column 3 empty, column 4 a King with cards on it, column 5 a King alone.
CASES = table(
    "[5S] [8D] 9H 2C KD 4H",
    "[3D] TS",
    "",
    "[6C] 7S KH QC 5D",
    "KC",
    "AH 3C",
    "2D",
    home=("AC 2C", "AD", "", ""),
)


@pytest.mark.parametrize(
    ("move", "after_column"),
    [
        (Move("tableau-1", "tableau-2", 4), ["3D", "TS", "9H", "2C", "KD", "4H"]),  # a group out of sequence, led by 9H
        (Move("tableau-4", "tableau-3", 3), ["KH", "QC", "5D"]),
        (Move("tableau-1", "tableau-3", 2), ["KD", "4H"]),  # a King with whatever lies on it fills an empty column
        (Move("tableau-5", "tableau-3", 1), ["KC"]),  # a King alone too
        (Move("tableau-6", "foundation-1", 1), ["AC", "2C", "3C"]),  # home by suit, one rank up
    ],
)
def test_allowed_moves(move: Move, after_column: list[str]) -> None:
    assert move in K.legal_moves(CASES)
    after = K.apply(CASES, move)
    pile = move.target
    if pile.startswith("tableau"):
        cards = after.tableau[int(pile[-1]) - 1]
    else:
        cards = after.foundations[int(pile[-1]) - 1]
    assert [card_text(card) for card in cards] == after_column


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        (Move("tableau-1", "tableau-7", 1), Reason.NOT_ALTERNATING),  # the 4 of hearts on the 2 of diamonds
        (Move("tableau-1", "tableau-5", 1), Reason.NOT_ALTERNATING),  # nor on the King of clubs
        (Move("tableau-1", "tableau-3", 1), Reason.KING_FILLS_COLUMN),  # only a King fills an empty column
        (Move("tableau-1", "tableau-2", 5), Reason.FACE_DOWN),  # a face-down card cannot move
        (Move("tableau-1", "tableau-2", 7), Reason.TOO_MANY_CARDS),
        (Move("tableau-1", "tableau-2", 0), Reason.NO_CARDS),
        (Move("tableau-3", "tableau-2", 1), Reason.COLUMN_EMPTY),
        (Move("tableau-1", "tableau-1", 1), Reason.SAME_PILE),
        (Move("tableau-6", "foundation-2", 1), Reason.DOES_NOT_FOLLOW),  # the 3C is no diamond
        (Move("tableau-7", "foundation-3", 1), Reason.ACE_FIRST),  # a foundation starts with an Ace
        (Move("tableau-6", "foundation-1", 2), Reason.HOME_ONE_AT_A_TIME),
        (Move("foundation-1", "tableau-7", 1), Reason.FOUNDATION_CARDS_STAY),  # cards home are out of play
        (Move("stock", "tableau-1", 1), Reason.NOT_A_SOURCE),
        (Move("tableau-1", "waste", 1), Reason.NOT_A_TARGET),
    ],
)
def test_forbidden_moves(move: Move, reason: Reason) -> None:
    assert move not in K.legal_moves(CASES)
    with pytest.raises(IllegalMove) as refused:
        K.apply(CASES, move)
    assert refused.value.said.code == reason


def test_refusals_say_why_in_words() -> None:
    def said(move: Move) -> str:
        with pytest.raises(IllegalMove) as refused:
            K.apply(CASES, move)
        return str(refused.value)

    assert said(Move("tableau-1", "tableau-7", 1)) == (
        "the 4 of Hearts cannot go on the 2 of Diamonds: columns build down by one in alternating colours"
    )
    assert said(Move("foundation-1", "tableau-7", 1)) == "cards on the foundations stay there"
    assert said(Move("tableau-1", "tableau-3", 1)) == "only a King can fill an empty column"
    assert render(Said(Reason.FOUNDATION_CARDS_STAY), "de") == "Karten auf den Zielstapeln bleiben dort"


def test_lifting_a_foundation_card_is_refused_in_words() -> None:
    said = K.refusal(CASES, "foundation-1", 1)
    assert said is not None and said.code == Reason.FOUNDATION_CARDS_STAY


def test_a_face_down_card_left_on_top_turns_up() -> None:
    after = K.apply(CASES, Move("tableau-1", "tableau-2", 4))
    assert after.tableau[0] == (parse_card("5S"), parse_card("8D")) and after.hidden[0] == 1
    after = K.apply(CASES, Move("tableau-4", "tableau-3", 3))
    assert after.tableau[3] == (parse_card("6C"), parse_card("7S")) and after.hidden[3] == 1  # the 7S was face up already


def test_every_face_up_card_of_a_column_can_lead_a_move() -> None:
    # 9H, 2C, KD, 4H each lead a group; 9H onto the TS, KD into the empty column.
    sources = {(move.count, move.target) for move in K.legal_moves(CASES) if move.source == "tableau-1"}
    assert (4, "tableau-2") in sources and (2, "tableau-3") in sources


def test_a_foundation_card_never_comes_back() -> None:
    assert not [move for move in K.legal_moves(CASES) if move.source.startswith("foundation")]


# -- safe moves, verdicts, completion -------------------------------------------------


@pytest.mark.parametrize(
    ("card", "heights", "safe"),
    [
        ("AH", (0, 0, 0, 0), True),  # an Ace always
        ("2H", (0, 0, 1, 0), False),  # a 2 not while a black Ace, with cards on it, may need it
        ("2H", (1, 0, 1, 1), True),
        ("5D", (4, 4, 1, 3), False),  # the 4 of spades may still need it
        ("5D", (4, 4, 1, 4), True),
    ],
)
def test_the_safe_rule(card: str, heights: tuple[int, int, int, int], safe: bool) -> None:
    assert is_safe_home(parse_card(card), heights) is safe


def test_safe_moves_are_offered_and_unsafe_ones_not() -> None:
    position = table("AS", "2D", "[5C] AD", home=("AC", "", "", ""))
    assert K.safe_moves(position) == [Move("tableau-1", "foundation-2"), Move("tableau-3", "foundation-2")]


def test_a_won_game() -> None:
    home = tuple(" ".join(rank + suit for rank in "A23456789TJQK") for suit in "CDHS")
    won = table(home=home)
    assert K.is_won(won) and not K.is_stuck(won) and K.stuck_reason(won) is None
    assert K.score(won, 60, True) == 52


def test_completion_plays_a_descending_table_home() -> None:
    position = endgame("KD QS JD TS", "KH QC JH TC", "KS QD JS TD", "KC QH JC TH")
    line = K.completion(position)
    assert line is not None and len(line) == 16
    for move in line:
        position = K.apply(position, move)
    assert K.is_won(position)


def test_completion_is_none_when_moves_home_alone_do_not_finish() -> None:
    assert K.completion(endgame("KD QS JD TS", "KH QC JH TC", "KS QD JS TD", "KC QH JC TH", home_to=9)) is not None
    assert K.completion(endgame("TS KD QS JD", "KH QC JH TC", "KS QD JS TD", "KC QH JC TH")) is None


def test_a_deal_is_not_stuck() -> None:
    assert not K.is_stuck(K.deal(1)) and K.stuck_reason(K.deal(1)) is None


def test_a_table_with_no_move_at_all_says_so() -> None:
    # The Jacks need the Queens, home needs the 10s, all face down; the Kings need an empty column.
    position = endgame("[TC] [QD] [QH] JC", "[TD] [QC] JD", "[TH] [QS] JH", "[TS] [KC] JS", "KD", "KH", "KS")
    assert not K.legal_moves(position) and K.is_stuck(position)
    said = K.stuck_reason(position)
    assert said is not None
    assert str(said) == "no move can change the game any more: no card on the table can move"


def test_the_status_line_and_the_score() -> None:
    position = K.apply(CASES, Move("tableau-6", "foundation-1", 1))
    assert K.status_line(position) == Said(Status.FACE_DOWN_HOME, number=4, number2=4)
    assert render(K.status_line(position), "en") == "Face down 4 · home 4"
    assert render(K.status_line(position), "de") == "Verdeckt 4 · abgelegt 4"
    assert K.score(position, 0, False) == 4


def test_the_layout_is_seven_columns_wide() -> None:
    slots = K.slots()
    assert max(slot.x for slot in slots) == 6
    assert [slot.name for slot in slots if slot.fan == "down"] == [f"tableau-{n}" for n in range(1, 8)]
    assert all(slot.empty_hint == "K" for slot in slots if slot.name.startswith("tableau"))


def test_piles_show_face_down_cards_locked() -> None:
    views = {view.name: view for view in K.piles(K.deal(1))}
    assert views["tableau-2"].face_up == (False, True, True, True, True, True)
    assert views["tableau-2"].locked == (True, False, False, False, False, False)


def test_positions_are_values() -> None:
    assert isinstance(K.deal(3), YukonPosition) and K.deal(3) == K.deal(3) and hash(K.deal(3)) == hash(K.deal(3))
