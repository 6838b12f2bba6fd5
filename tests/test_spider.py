"""Spider: the rules of the Spider rule text, as tables of cases."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from solitaire.cards import card_text
from solitaire.game import IllegalMove, Move, move_notation, parse_move
from solitaire.games.spider import DEAL_MOVE, Spider, SpiderPosition, card_set
from spider_helpers import is_whole_run, run, table, texts

S = Spider()
TWO = Spider({"suits": "2"})
FOUR = Spider({"suits": "4"})

NO_FOUNDATIONS = "\n".join(f"foundation-{n}:" for n in range(1, 9))

GOLDEN_DEAL_1_ONE_SUIT = f"""\
stock: [8S] [2S] [JS] [2S] [9S] [2S] [5S] [9S] [5S] [7S] [3S] [6S] [2S] [AS] [TS] [4S] [9S] [QS] [4S] [4S] [QS] [QS] [2S] [9S] [4S] [QS] [KS] [TS] [7S] [6S] [5S] [5S] [AS] [TS] [2S] [KS] [QS] [3S] [8S] [QS] [3S] [8S] [TS] [KS] [JS] [TS] [JS] [AS] [4S] [7S]
{NO_FOUNDATIONS}
tableau-1: [6S] [5S] [JS] [8S] [6S] 2S
tableau-2: [7S] [TS] [9S] [9S] [KS] 8S
tableau-3: [JS] [KS] [JS] [QS] [3S] 7S
tableau-4: [8S] [JS] [KS] [3S] [KS] 4S
tableau-5: [KS] [AS] [5S] [6S] JS
tableau-6: [7S] [QS] [3S] [7S] TS
tableau-7: [6S] [TS] [7S] [AS] 5S
tableau-8: [8S] [4S] [AS] [AS] 5S
tableau-9: [6S] [3S] [8S] [AS] 2S
tableau-10: [9S] [4S] [9S] [6S] 3S"""

GOLDEN_DEAL_1_TWO_SUITS = f"""\
stock: [8H] [2H] [JH] [2S] [9H] [2H] [5H] [9S] [5H] [7H] [3H] [6S] [2S] [AH] [TH] [4S] [9H] [QH] [4H] [4S] [QS] [QH] [2H] [9S] [4H] [QH] [KS] [TH] [7H] [6S] [5S] [5H] [AS] [TS] [2S] [KH] [QS] [3H] [8S] [QH] [3S] [8S] [TS] [KS] [JS] [TH] [JS] [AH] [4H] [7S]
{NO_FOUNDATIONS}
tableau-1: [6H] [5H] [JH] [8S] [6H] 2H
tableau-2: [7H] [TH] [9S] [9S] [KH] 8H
tableau-3: [JH] [KS] [JS] [QS] [3H] 7H
tableau-4: [8H] [JH] [KH] [3S] [KH] 4S
tableau-5: [KS] [AH] [5S] [6H] JS
tableau-6: [7S] [QS] [3S] [7S] TS
tableau-7: [6S] [TS] [7S] [AS] 5S
tableau-8: [8H] [4S] [AH] [AS] 5S
tableau-9: [6H] [3H] [8S] [AS] 2S
tableau-10: [9H] [4H] [9H] [6S] 3S"""

GOLDEN_DEAL_1_FOUR_SUITS = f"""\
stock: [8H] [2H] [JH] [2S] [9H] [2C] [5C] [9S] [5H] [7C] [3C] [6S] [2S] [AH] [TH] [4S] [9H] [QH] [4C] [4D] [QS] [QH] [2H] [9D] [4H] [QC] [KS] [TC] [7H] [6D] [5D] [5H] [AD] [TS] [2D] [KH] [QD] [3H] [8S] [QC] [3D] [8D] [TD] [KD] [JD] [TC] [JD] [AC] [4H] [7S]
{NO_FOUNDATIONS}
tableau-1: [6H] [5C] [JC] [8D] [6H] 2C
tableau-2: [7H] [TH] [9S] [9D] [KH] 8H
tableau-3: [JC] [KD] [JS] [QD] [3H] 7C
tableau-4: [8C] [JH] [KC] [3D] [KC] 4S
tableau-5: [KS] [AH] [5S] [6C] JS
tableau-6: [7D] [QS] [3S] [7D] TD
tableau-7: [6S] [TS] [7S] [AS] 5S
tableau-8: [8C] [4D] [AC] [AD] 5D
tableau-9: [6C] [3C] [8S] [AS] 2D
tableau-10: [9C] [4C] [9C] [6D] 3S"""

GOLDEN_DEAL_617_FOUR_SUITS = f"""\
stock: [JC] [6H] [7C] [2D] [8S] [JS] [7H] [2H] [5C] [6S] [2S] [KD] [4H] [7C] [2S] [JH] [8C] [AH] [KC] [2D] [AS] [7D] [3C] [QD] [8D] [8H] [QH] [5H] [4S] [8S] [JD] [JC] [KC] [4D] [7S] [9D] [9C] [6D] [3C] [QC] [AC] [TD] [9H] [9C] [9H] [TC] [QS] [5H] [4S] [KH]
{NO_FOUNDATIONS}
tableau-1: [8H] [QH] [3D] [3D] [KS] 7H
tableau-2: [9D] [KS] [TH] [6H] [2C] 7S
tableau-3: [3H] [5D] [5S] [8C] [AC] 4C
tableau-4: [QD] [AH] [7D] [3S] [3H] 6C
tableau-5: [AD] [8D] [TS] [9S] 9S
tableau-6: [AD] [2H] [JH] [3S] 5C
tableau-7: [6S] [4H] [6C] [QC] 2C
tableau-8: [TH] [5S] [TS] [JD] 5D
tableau-9: [KD] [4D] [JS] [6D] TC
tableau-10: [KH] [AS] [4C] [TD] QS"""

GOLDEN_DEAL_2147483647_TWO_SUITS = f"""\
stock: [3H] [AH] [QS] [4H] [8S] [6S] [QS] [AH] [QH] [5S] [9H] [QH] [KS] [JH] [KS] [TH] [2H] [KH] [2H] [KH] [5H] [7H] [AH] [9H] [4H] [6H] [7S] [3S] [9H] [7S] [JS] [2H] [QH] [6S] [JH] [6H] [3H] [AS] [TH] [KH] [QH] [3H] [2S] [TS] [3S] [6S] [8H] [5H] [JH] [6H]
{NO_FOUNDATIONS}
tableau-1: [7H] [AS] [TS] [AS] [TS] 4S
tableau-2: [3S] [4H] [7S] [KH] [8S] 3S
tableau-3: [7S] [AH] [TH] [JS] [9S] QS
tableau-4: [JS] [2S] [4S] [4S] [8H] TH
tableau-5: [JS] [TS] [2H] [6S] 9S
tableau-6: [KS] [8S] [QS] [AS] 5S
tableau-7: [9H] [5S] [3H] [4H] 8H
tableau-8: [5H] [4S] [JH] [9S] 8S
tableau-9: [2S] [2S] [5H] [9S] KS
tableau-10: [7H] [8H] [7H] [6H] 5S"""


def pile_text(rules: Spider, position: SpiderPosition, name: str) -> str:
    return next(texts(pile.cards) for pile in rules.piles(position) if pile.name == name)


def stock_dealing(*cards: str) -> str:
    """A stock text whose next deal gives ``cards[0]`` to tableau-1, ``cards[1]`` to tableau-2, ..."""
    return " ".join(reversed(cards))


FULL_TABLE = ["5H"] * 10  # no column empty, so a deal is allowed; nothing fits on a 5H here
TEN_CARDS = stock_dealing("2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC")


# -- the deal ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "number", "golden"),
    [
        (S, 1, GOLDEN_DEAL_1_ONE_SUIT),
        (TWO, 1, GOLDEN_DEAL_1_TWO_SUITS),
        (FOUR, 1, GOLDEN_DEAL_1_FOUR_SUITS),
        (FOUR, 617, GOLDEN_DEAL_617_FOUR_SUITS),
        (TWO, 2**31 - 1, GOLDEN_DEAL_2147483647_TWO_SUITS),
    ],
    ids=["deal 1, 1 suit", "deal 1, 2 suits", "deal 1, 4 suits", "deal 617, 4 suits", "deal 2147483647, 2 suits"],
)
def test_golden_layouts(rules: Spider, number: int, golden: str) -> None:
    assert rules.text_layout(rules.deal(number)) == golden


@pytest.mark.parametrize("suits", ["1", "2", "4"])
@pytest.mark.parametrize("number", [1, 2, 617, 2**31 - 1])
def test_deal_shape(suits: str, number: int) -> None:
    rules = Spider({"suits": suits})
    position = rules.deal(number)
    assert [len(column) for column in position.tableau] == [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]
    assert position.hidden == (5, 5, 5, 5, 4, 4, 4, 4, 4, 4)  # only the top card face up
    assert len(position.stock) == 50
    assert position.foundations == ((),) * 8
    assert position.score == 500
    every_card = position.stock + sum(position.tableau, ())
    assert len(every_card) == 104 and sorted(every_card) == list(card_set(suits))
    assert str(rules.status_line(position)) == "Deals left 5 · runs 0 of 8"


@pytest.mark.parametrize(
    ("suits", "copies"),
    [
        ("1", {r + "S": 8 for r in "A23456789TJQK"}),
        ("2", {r + s: 4 for r in "A23456789TJQK" for s in "SH"}),
        ("4", {r + s: 2 for r in "A23456789TJQK" for s in "CDHS"}),
    ],
)
def test_the_suits_option_sets_the_cards(suits: str, copies: dict[str, int]) -> None:
    ids = card_set(suits)
    assert len(set(ids)) == 104  # every copy has its own id
    assert Counter(card_text(card) for card in ids) == copies


def test_four_suits_is_two_plain_decks() -> None:
    assert card_set("4") == tuple(range(104))


def test_the_default_is_one_suit() -> None:
    assert S.options == {"suits": "1"}
    assert Spider.option_specs[0].changes_deal


@pytest.mark.parametrize("number", [0, -1, 2**31])
def test_deal_numbers_out_of_range(number: int) -> None:
    with pytest.raises(ValueError, match="deal numbers run from 1"):
        S.deal(number)


def test_options_are_checked() -> None:
    with pytest.raises(ValueError, match="suits must be 1 or 2 or 4"):
        Spider({"suits": "3"})
    with pytest.raises(ValueError, match="unknown option"):
        Spider({"draw": "1"})


# -- allowed and forbidden moves -------------------------------------------------

ALLOWED = [
    # (why, position, move, pile that must then read so)
    ("a red 7 on a black 8: any suit builds down", table("8S", "7H"), Move("tableau-2", "tableau-1"), ("tableau-1", "8S 7H")),
    ("a 7 on an 8 of its own suit", table("8S", "7S"), Move("tableau-2", "tableau-1"), ("tableau-1", "8S 7S")),
    ("a one-suit run moves together", table("[2C] 9S 8S 7S", "TH"), Move("tableau-1", "tableau-2", 3), ("tableau-2", "TH 9S 8S 7S")),
    ("part of a one-suit run", table("9S 8S 7S", "9D"), Move("tableau-1", "tableau-2", 2), ("tableau-2", "9D 8S 7S")),
    ("the top card of a mixed-suit run moves alone", table("9S 8H", "9D"), Move("tableau-1", "tableau-2"), ("tableau-2", "9D 8H")),
    ("the one-suit top of a mixed run", table("TD 9S 8S", "TH"), Move("tableau-1", "tableau-2", 2), ("tableau-2", "TH 9S 8S")),
    ("a card onto a mixed-suit run", table("9S 8H", "7C"), Move("tableau-2", "tableau-1"), ("tableau-1", "9S 8H 7C")),
    ("any single card to an empty column", table("9S 8H", ""), Move("tableau-1", "tableau-2"), ("tableau-2", "8H")),
    ("a one-suit run to an empty column", table("[2C] 9S 8S", ""), Move("tableau-1", "tableau-2", 2), ("tableau-2", "9S 8S")),
    ("a King to an empty column", table("[2C] KH", ""), Move("tableau-1", "tableau-2"), ("tableau-2", "KH")),
    ("a whole column to an empty column", table("9S 8S", ""), Move("tableau-1", "tableau-2", 2), ("tableau-2", "9S 8S")),
    ("the deal", table(*FULL_TABLE, stock=TEN_CARDS), DEAL_MOVE, ("tableau-1", "5H 2C")),
]


@pytest.mark.parametrize(("why", "position", "move", "expected"), ALLOWED, ids=[case[0] for case in ALLOWED])
def test_allowed(why: str, position: SpiderPosition, move: Move, expected: tuple[str, str]) -> None:
    assert move in S.legal_moves(position), why
    after = S.apply(position, move)
    pile, text = expected
    assert pile_text(S, after, pile) == text


FORBIDDEN = [
    # (why, position, move, words the reason must contain)
    ("a mixed-suit run as a group", table("9S 8H", "TD"), Move("tableau-1", "tableau-2", 2), "one suit"),
    ("a mixed-suit run to an empty column", table("9S 8H", ""), Move("tableau-1", "tableau-2", 2), "one suit"),
    ("cards that do not run down", table("9S 4S", "TD"), Move("tableau-1", "tableau-2", 2), "run down by rank"),
    ("not one rank lower", table("TH", "8S"), Move("tableau-2", "tableau-1"), "down by one rank"),
    ("a higher card on a lower", table("8H", "9S"), Move("tableau-2", "tableau-1"), "down by one rank"),
    ("a King on a card", table("QH", "KS"), Move("tableau-2", "tableau-1"), "down by one rank"),
    ("an Ace on an Ace", table("AH", "AS"), Move("tableau-2", "tableau-1"), "down by one rank"),
    ("a face-down card", table("[9H] 8H", "TS"), Move("tableau-1", "tableau-2", 2), "face-down"),
    ("more cards than the column has", table("9H", "TS"), Move("tableau-1", "tableau-2", 2), "so many"),
    ("from an empty column", table("", "TS"), Move("tableau-1", "tableau-2"), "column is empty"),
    ("zero cards", table("9H", "TS"), Move("tableau-1", "tableau-2", 0), "at least one"),
    ("onto its own column", table("9H 8H"), Move("tableau-1", "tableau-1"), "another pile"),
    ("a card to a foundation", table("AS"), Move("tableau-1", "foundation-1"), "no card moves to a foundation"),
    ("a run to a foundation", table(run("S")[3:], "KS QS"), Move("tableau-1", "foundation-1", 11), "no card moves to a foundation"),
    ("a card back from a foundation", table("2S", completed="S"), Move("foundation-1", "tableau-1"), "stays on its foundation"),
    ("onto the stock", table("4H"), Move("tableau-1", "stock"), "cannot be put"),
    ("onto every column at once", table("4H", "5S"), Move("tableau-1", "tableau"), "cannot be put"),
    ("from a column that does not exist", table("9H"), Move("tableau-11", "tableau-1"), "cannot move"),
    ("from a waste Spider does not have", table("9H"), Move("waste", "tableau-1"), "cannot move"),
    ("a deal while a column is empty", table(*FULL_TABLE[:9], "", stock=TEN_CARDS), DEAL_MOVE, "fill the empty columns"),
    ("a deal from an empty stock", table(*FULL_TABLE), DEAL_MOVE, "stock is empty"),
    ("a deal of one card", table(*FULL_TABLE, stock=TEN_CARDS), Move("stock", "tableau", 1), "each of the 10 columns"),
    ("a deal to one column", table(*FULL_TABLE, stock=TEN_CARDS), Move("stock", "tableau-1"), "every column"),
    ("a deal to a foundation", table(*FULL_TABLE, stock=TEN_CARDS), Move("stock", "foundation-1", 10), "every column"),
]


@pytest.mark.parametrize(("why", "position", "move", "reason"), FORBIDDEN, ids=[case[0] for case in FORBIDDEN])
def test_forbidden(why: str, position: SpiderPosition, move: Move, reason: str) -> None:
    assert move not in S.legal_moves(position), why
    with pytest.raises(IllegalMove, match=reason):
        S.apply(position, move)


def test_a_mixed_suit_run_offers_only_its_top_card() -> None:
    moves = S.legal_moves(table("9S 8H", "9D", *FULL_TABLE[2:]))
    assert [m for m in moves if m.source == "tableau-1"] == [Move("tableau-1", "tableau-2")]


def test_an_exposed_card_turns_face_up() -> None:
    after = S.apply(table("[4D] [9S] 2D", "3C"), Move("tableau-1", "tableau-2"))
    assert after.hidden[0] == 1 and pile_text(S, after, "tableau-1") == "4D 9S"


def test_emptied_column_has_nothing_hidden() -> None:
    after = S.apply(table("[4D] 5D", "6C"), Move("tableau-1", "tableau-2"))
    after = S.apply(after, Move("tableau-1", "tableau-2"))
    assert after.hidden[0] == 0 and after.tableau[0] == ()


# -- the stock -------------------------------------------------------------------


def test_a_deal_puts_one_card_face_up_on_every_column() -> None:
    position = table(*(f"[KD] {c}" for c in "AC 2C 3C 4C 5C 6C 7C 8C 9C TC".split()), stock="9H 9H " + TEN_CARDS)
    after = S.apply(position, DEAL_MOVE)
    dealt = "2C 3C 4C 5C 6C 7C 8C 9C TC JC".split()
    for n, card in enumerate(dealt, start=1):
        assert pile_text(S, after, f"tableau-{n}").endswith(" " + card)
    assert after.hidden == position.hidden  # the dealt cards lie face up
    assert texts(after.stock) == "9H 9H"


def test_the_deal_move_notation_round_trips() -> None:
    assert move_notation(DEAL_MOVE) == "s>tx10"
    assert parse_move("s>tx10") == DEAL_MOVE


def test_five_deals_in_all() -> None:
    position = S.deal(1)
    for deals_left in (5, 4, 3, 2, 1):
        assert str(S.status_line(position)) == f"Deals left {deals_left} · runs 0 of 8"
        assert DEAL_MOVE in S.legal_moves(position)
        position = S.apply(position, DEAL_MOVE)
    assert str(S.status_line(position)) == "Deals left 0 · runs 0 of 8"
    assert not position.stock and DEAL_MOVE not in S.legal_moves(position)
    assert [len(column) for column in position.tableau] == [11, 11, 11, 11, 10, 10, 10, 10, 10, 10]
    with pytest.raises(IllegalMove, match="all five deals are used"):
        S.apply(position, DEAL_MOVE)


def test_no_deal_is_offered_while_a_column_is_empty() -> None:
    position = table(*FULL_TABLE[:9], "", stock=TEN_CARDS)
    assert all(move.source != "stock" for move in S.legal_moves(position))
    filled = S.apply(position, Move("tableau-1", "tableau-10"))  # a 5H moves over; tableau-1 is now empty
    assert DEAL_MOVE not in S.legal_moves(filled)


# -- completed runs ----------------------------------------------------------------


def test_a_move_that_completes_a_run_sends_it_out() -> None:
    position = table("[4H] " + run("S", "K", "2"), "[5D] AS")
    after = S.apply(position, Move("tableau-2", "tableau-1"))
    assert texts(after.foundations[0]) == " ".join(reversed(run("S").split()))  # Ace first, King on top
    assert is_whole_run(after.foundations[0])
    assert pile_text(S, after, "tableau-1") == "4H" and pile_text(S, after, "tableau-2") == "5D"
    assert after.hidden[:2] == (0, 0)  # the cards under the run and under the Ace turn face up
    assert after.score == 500 - 1 + 100
    assert str(S.status_line(after)) == "Deals left 0 · runs 1 of 8"
    assert S.runs_completed(position, after) == 1  # what the page is told (the view's turn)
    assert S.runs_completed(after, S.apply(after, Move("tableau-2", "tableau-3"))) == 0


def test_a_run_moved_as_a_group_completes_too() -> None:
    position = table("KS QS JS TS 9S", run("S", "8", "A"))
    after = S.apply(position, Move("tableau-2", "tableau-1", 8))
    assert after.tableau[:2] == ((), ()) and is_whole_run(after.foundations[0])


def test_a_run_goes_to_the_next_empty_foundation() -> None:
    position = table(run("H", "K", "2"), "AH", completed="SS")
    after = TWO.apply(position, Move("tableau-2", "tableau-1"))
    assert texts(after.foundations[2]) == " ".join(reversed(run("H").split()))
    assert after.foundations[3:] == ((),) * 5
    assert str(TWO.status_line(after)) == "Deals left 0 · runs 3 of 8"


def test_a_deal_that_completes_runs_on_two_columns() -> None:
    position = table(
        "[4H] " + run("S", "K", "2"),
        "9D",
        "[7C] [8C] " + run("H", "K", "2"),
        *FULL_TABLE[3:],
        stock="6D " * 10 + stock_dealing("AS", "2C", "AH", "2C", "2C", "2C", "2C", "2C", "2C", "2C"),
        completed="D",
    )
    after = FOUR.apply(position, DEAL_MOVE)
    assert is_whole_run(after.foundations[1]) and texts(after.foundations[1]).endswith("KS")
    assert is_whole_run(after.foundations[2]) and texts(after.foundations[2]).endswith("KH")
    assert pile_text(FOUR, after, "tableau-1") == "4H" and after.hidden[0] == 0
    assert pile_text(FOUR, after, "tableau-3") == "7C 8C" and after.hidden[2] == 1  # only the top card turns
    assert pile_text(FOUR, after, "tableau-2") == "9D 2C"
    assert after.score == 500 - 1 + 200
    assert str(FOUR.status_line(after)) == "Deals left 1 · runs 3 of 8"
    assert DEAL_MOVE in FOUR.legal_moves(after)  # no column was emptied


def test_a_deal_that_empties_a_column_blocks_the_next_deal() -> None:
    position = table(run("S", "K", "2"), *FULL_TABLE[1:], stock=TEN_CARDS + " " + stock_dealing("AS", *["2C"] * 9))
    after = S.apply(position, DEAL_MOVE)
    assert after.tableau[0] == () and after.foundations[0]
    assert DEAL_MOVE not in S.legal_moves(after)
    with pytest.raises(IllegalMove, match="fill the empty columns"):
        S.apply(after, DEAL_MOVE)


@pytest.mark.parametrize(
    ("why", "column"),
    [
        ("mixed suits", "KS QS JS TS 9S 8S 7H 6S 5S 4S 3S 2S"),
        ("the King still face down", "[KS] QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"),
        ("only Queen to Ace", "4D QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"),
    ],
)
def test_no_run_leaves_unless_complete_face_up_and_of_one_suit(why: str, column: str) -> None:
    after = S.apply(table(column, "AS"), Move("tableau-2", "tableau-1"))
    assert not any(after.foundations), why
    assert len(after.tableau[0]) == 13
    assert after.score == 499


def test_completing_the_eighth_run_wins() -> None:
    position = table(run("S", "K", "2"), "AS", completed="SSSSSSS")
    assert not S.is_won(position)
    after = S.apply(position, Move("tableau-2", "tableau-1"))
    assert S.is_won(after) and not S.is_stuck(after)
    assert S.legal_moves(after) == []
    assert after.score == 600 - 1
    assert str(S.status_line(after)) == "Deals left 0 · runs 8 of 8"


# -- scoring -----------------------------------------------------------------------

SCORING = [
    # (why, position, move, points)
    ("a move costs 1", table("9H", "8S"), Move("tableau-2", "tableau-1"), -1),
    ("a run of cards costs 1 as well", table("9S 8S 7S", "TH"), Move("tableau-1", "tableau-2", 3), -1),
    ("a deal costs 1", table(*FULL_TABLE, stock=TEN_CARDS), DEAL_MOVE, -1),
    ("a completed run earns 100", table(run("S", "K", "2"), "AS"), Move("tableau-2", "tableau-1"), 99),
    ("the score may drop below 0", table("9H", "8S", score=0), Move("tableau-2", "tableau-1"), -1),
]


@pytest.mark.parametrize(("why", "position", "move", "points"), SCORING, ids=[case[0] for case in SCORING])
def test_scoring(why: str, position: SpiderPosition, move: Move, points: int) -> None:
    assert S.apply(position, move).score - position.score == points, why


def test_the_score_starts_at_500_and_ignores_the_clock() -> None:
    position = S.deal(7)
    assert S.score(position, 0, False) == 500
    assert S.score(position, 10_000, True) == 500
    assert S.score(table(score=-20), 5, False) == -20


# -- win, stuck, safe moves, completion ----------------------------------------------


def test_the_deal_is_neither_won_nor_stuck() -> None:
    position = S.deal(1)
    assert not S.is_won(position) and not S.is_stuck(position)


def test_stuck_when_no_move_and_no_deal_is_left() -> None:
    position = table(*["[2H] 5S"] * 10)
    assert S.legal_moves(position) == []
    assert S.is_stuck(position)


def test_not_stuck_while_a_deal_remains() -> None:
    position = table(*["[2H] 5S"] * 10, stock=TEN_CARDS)
    assert S.legal_moves(position) == [DEAL_MOVE]
    assert not S.is_stuck(position)


def test_not_stuck_with_an_empty_column() -> None:
    # The deal is blocked, but any top card may move into the empty column.
    position = table(*["[2H] 5S"] * 9, "", stock=TEN_CARDS)
    assert not S.is_stuck(position)
    assert Move("tableau-1", "tableau-10") in S.legal_moves(position)


def test_stuck_when_a_deal_is_left_but_too_few_cards_remain_to_fill_every_column() -> None:
    """Seed 002: a loss when a column is empty and cannot be filled. Moving the cards between
    empty columns is still legal, but no sequence of such moves ever allows the deal (the
    audit of issue 17: "No moves left" never appeared)."""
    position = table("5S", "9S", "[3S] 2S", stock=TEN_CARDS, completed="SSSSSSS")
    assert Move("tableau-1", "tableau-4") in S.legal_moves(position)
    assert S.is_stuck(position)
    assert not S.is_stuck(table(*["5S"] * 10, stock=TEN_CARDS, completed="SSSSSS")), "ten cards: every column can be filled"


def test_the_stuck_verdict_says_why() -> None:
    assert str(S.stuck_reason(table(*["[2H] 5S"] * 10))) == "no card can move, and the stock is empty: all the deals are made"
    position = table("5S", "9S", "[3S] 2S", stock=TEN_CARDS, completed="SSSSSSS")
    assert str(S.stuck_reason(position)) == "a deal needs a card on every column, and 4 cards are left for 10 columns"
    assert S.stuck_reason(S.deal(1)) is None


def test_not_stuck_when_a_buried_run_can_move() -> None:
    position = table("[2H] 9S 8S", *["[2H] 5S"] * 8, "TD")
    assert S.legal_moves(position) == [Move("tableau-1", "tableau-10", 2)]
    assert not S.is_stuck(position)


def test_no_safe_moves() -> None:
    assert S.safe_moves(S.deal(1)) == []
    assert S.safe_moves(table(run("S", "K", "2"), "AS")) == []


def test_completion_joins_clean_runs() -> None:
    position = table(
        "KS QS JS",
        run("S", "T", "A"),
        run("H", "K", "7"),
        "6H 5H 4H",
        "3H 2H AH",
        completed="SSSSSH",
    )
    line = TWO.completion(position)
    assert line is not None
    for move in line:
        position = TWO.apply(position, move)
    assert TWO.is_won(position)


def test_completion_with_copies_of_the_same_cards() -> None:
    position = table("KS QS", "KS QS JS TS", "JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS", run("S", "9", "A"), completed="SSSSSS")
    line = S.completion(position)
    assert line is not None and len(line) == 2
    for move in line:
        position = S.apply(position, move)
    assert S.is_won(position)


@pytest.mark.parametrize(
    ("why", "position"),
    [
        ("a card is face down", table("[KS] QS", run("S", "J", "A"), completed="SSSSSSS")),
        ("the stock still has cards", table("KS QS", run("S", "J", "A"), stock=TEN_CARDS, completed="SSSSSSS")),
        ("a column is not one run", table("KS QH", run("S", "J", "A"), "QS", completed="SSSSSS")),
        ("the game is won", table(completed="SSSSSSSS")),
    ],
)
def test_no_completion(why: str, position: SpiderPosition) -> None:
    assert S.completion(position) is None, why


# -- layout, piles, text notation ----------------------------------------------------


def test_slots() -> None:
    slots = S.slots()
    names = [slot.name for slot in slots]
    assert names == ["stock"] + [f"foundation-{n}" for n in range(1, 9)] + [f"tableau-{n}" for n in range(1, 11)]
    assert (slots[0].x, slots[0].y) == (0, 0)
    assert [(slot.x, slot.y) for slot in slots[1:9]] == [(x, 0) for x in range(2, 10)]
    assert [(slot.x, slot.y, slot.fan) for slot in slots[9:]] == [(x, 1, "down") for x in range(10)]
    assert [slot.empty_hint for slot in slots[1:9]] == ["run"] * 8  # a completed run's place, marked
    assert all(slot.empty_hint == "" for slot in slots[:1] + slots[9:])  # any card fills an empty column


def test_piles_hide_face_down_cards() -> None:
    position = S.deal(1)
    piles = {pile.name: pile for pile in S.piles(position)}
    assert [pile.name for pile in S.piles(position)] == [slot.name for slot in S.slots()]
    assert not any(piles["stock"].face_up) and all(piles["stock"].locked)
    assert piles["tableau-1"].face_up == (False,) * 5 + (True,)
    assert piles["tableau-1"].locked == (True,) * 5 + (False,)
    assert piles["foundation-1"].cards == ()


@pytest.mark.parametrize("suits", ["1", "2", "4"])
def test_layout_text_reads_back(suits: str) -> None:
    rules = Spider({"suits": suits})
    position = rules.deal(99)
    for _ in range(2):
        position = rules.apply(position, DEAL_MOVE)
    read = rules.parse_layout(rules.text_layout(position))
    assert rules.text_layout(read) == rules.text_layout(position)
    assert read.hidden == position.hidden and read.score == 500
    assert sorted(read.stock + sum(read.tableau, ())) == list(card_set(suits))


def seven_runs_face_down() -> str:
    """91 spades for one column: seven King-to-Ace runs, all face down but the top Ace."""
    words = run("S").split() * 7
    return " ".join(f"[{w}]" for w in words[:-1]) + " " + words[-1]


def test_a_layout_with_a_run_out_and_a_score_reads_back() -> None:
    full = " ".join(reversed(run("S").split()))
    read = S.parse_layout(f"# one run out\nscore: 42\nfoundation-1: {full}\ntableau-3: {seven_runs_face_down()}")
    assert read.score == 42
    assert is_whole_run(read.foundations[0]) and read.hidden[2] == 90
    assert str(S.status_line(read)) == "Deals left 0 · runs 1 of 8"
    # The text has no score line; the ids come back the same, as the copies are read in the same order.
    assert S.parse_layout(S.text_layout(read)) == replace(read, score=500)


def test_a_column_of_face_down_cards_gets_its_top_turned_up() -> None:
    read = S.parse_layout(f"tableau-1: {seven_runs_face_down().replace(' AS', ' [AS]')}\ntableau-2: {run('S')[:-3]}\ntableau-3: AS")
    assert read.hidden[0] == 90


def one_suit_layout(**changes: str) -> str:
    """The layout of deal 1 (one suit) with some lines replaced."""
    lines = dict(line.split(":", 1) for line in GOLDEN_DEAL_1_ONE_SUIT.splitlines())
    lines.update({name: " " + text if text else "" for name, text in changes.items()})
    return "\n".join(f"{name}:{text}" for name, text in lines.items())


BAD_LAYOUTS = [
    # (why, rules, text, words of the error)
    ("a card the option does not have", S, one_suit_layout(**{"tableau-1": "[6S] [5S] [JS] [8S] [6S] 2H"}), "1-suit game has no 2H"),
    ("a card once too often", S, one_suit_layout(**{"tableau-1": "[6S] [5S] [JS] [8S] [6S] 2S 7S"}), "only 8 copies of 7S"),
    ("a card missing", S, one_suit_layout(**{"tableau-1": "[6S] [5S] [JS] [8S] [6S]"}), "missing: 2S"),
    ("a 4-suit layout read as 2 suits", TWO, GOLDEN_DEAL_1_FOUR_SUITS, "2-suit game has no"),
    ("not a card", S, one_suit_layout(**{"tableau-1": "[6S] [5S] [JS] [8S] [6S] 2X"}), "not a card"),
    ("an unknown pile", S, GOLDEN_DEAL_1_ONE_SUIT + "\nwaste:", "unknown pile 'waste'"),
    ("a line without a colon", S, GOLDEN_DEAL_1_ONE_SUIT + "\nhello", "pile: cards"),
    ("a pile twice", S, GOLDEN_DEAL_1_ONE_SUIT + "\nfoundation-1:", "given twice"),
    ("face-down over face-up", S, one_suit_layout(**{"tableau-1": "[6S] [5S] [JS] [8S] 2S [6S]"}), "must lie below"),
    ("a bad score", S, GOLDEN_DEAL_1_ONE_SUIT + "\nscore: many", "whole number"),
]


@pytest.mark.parametrize(("why", "rules", "text", "error"), BAD_LAYOUTS, ids=[case[0] for case in BAD_LAYOUTS])
def test_bad_layouts(why: str, rules: Spider, text: str, error: str) -> None:
    with pytest.raises(ValueError, match=error):
        rules.parse_layout(text)


def test_a_stock_that_is_not_whole_deals_is_refused() -> None:
    stock = GOLDEN_DEAL_1_ONE_SUIT.splitlines()[0].split(": ")[1].split()
    text = one_suit_layout(stock=" ".join(stock[1:]), **{"tableau-1": "[6S] [5S] [JS] [8S] [6S] [8S] 2S"})
    with pytest.raises(ValueError, match="10 cards per deal left, not 49"):
        S.parse_layout(text)


def test_a_foundation_must_hold_a_whole_run() -> None:
    short = " ".join(reversed(run("S", "Q").split()))
    with pytest.raises(ValueError, match="foundation-1 must be empty or hold a whole run"):
        S.parse_layout(f"foundation-1: {short}\ntableau-1: {seven_runs_face_down()}\ntableau-2: KS")


def test_a_column_may_not_hold_a_completed_run() -> None:
    with pytest.raises(ValueError, match="tableau-2 holds a completed King-to-Ace run"):
        S.parse_layout(f"tableau-1: {seven_runs_face_down()}\ntableau-2: {run('S')}")


def test_a_completed_run_under_a_face_down_king_is_fine() -> None:
    read = S.parse_layout(f"tableau-1: {seven_runs_face_down()}\ntableau-2: [KS] {run('S', 'Q')}")
    assert not any(read.foundations)
