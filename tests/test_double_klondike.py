"""Double Klondike: two decks, nine columns, eight foundations, shuffled redeals."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from random_play import random_positions
from solitaire.card_notation import parse_card
from solitaire.cards import make_card
from solitaire.game import IllegalMove, Move
from solitaire.games.double_klondike import DoubleKlondike
from solitaire.games.klondike import KlondikePosition

D = DoubleKlondike()
GOLDEN_DEAL_1 = (Path(__file__).parent / "golden" / "double-klondike-1.txt").read_text()


def cards(text: str, deck: int = 0) -> tuple[int, ...]:
    return tuple(parse_card(word, deck) for word in text.split())


def table(*columns: str, stock: str = "", waste: str = "", deal_number: int = 0) -> KlondikePosition:
    """A (partial) nine-column table; face-down cards in [brackets]."""
    padded = list(columns) + [""] * (9 - len(columns))
    return KlondikePosition(
        tableau=tuple(cards(column.replace("[", "").replace("]", "")) for column in padded),
        hidden=tuple(column.count("[") for column in padded),
        stock=cards(stock),
        waste=cards(waste),
        foundations=((),) * 8,
        redeals=0,
        score=0,
        deal_number=deal_number,
    )


def every_card(position: KlondikePosition) -> list[int]:
    return sorted(position.stock + position.waste + sum(position.tableau, ()) + sum(position.foundations, ()))


def test_golden_layout_of_deal_1() -> None:
    assert D.text_layout(D.deal(1)) + "\n" == GOLDEN_DEAL_1


def test_deal_shape() -> None:
    position = D.deal(42)
    assert [len(column) for column in position.tableau] == list(range(1, 10))
    assert position.hidden == tuple(range(9))
    assert len(position.stock) == 59 and len(position.foundations) == 8
    assert every_card(position) == list(range(104))


def test_the_rule_text_deals_the_right_column_first() -> None:
    """The nine-card column is dealt first: it holds the first nine shuffled cards."""
    from solitaire.rng import shuffled

    deck = shuffled(range(104), 42)
    position = D.deal(42)
    assert position.tableau[8] == tuple(deck[:9]) and position.tableau[0] == (deck[44],)


def test_both_aces_of_a_suit_start_foundations() -> None:
    position = D.deal(1)
    first, second = make_card(1, 3, 0), make_card(1, 3, 1)  # the two Aces of Spades
    position = KlondikePosition(
        tableau=((first,), (second,)) + ((),) * 7,
        hidden=(0,) * 9,
        stock=(),
        waste=(),
        foundations=((),) * 8,
        redeals=0,
        score=0,
    )
    after = D.apply(D.apply(position, Move("tableau-1", "foundation-1")), Move("tableau-2", "foundation-8"))
    assert after.foundations[0] == (first,) and after.foundations[7] == (second,)


def test_building_and_empty_columns_follow_klondike() -> None:
    position = table("9H", "8D", "QS", "")
    with pytest.raises(IllegalMove, match="alternating colours"):
        D.apply(position, Move("tableau-2", "tableau-1"))
    with pytest.raises(IllegalMove, match="only a King"):
        D.apply(position, Move("tableau-3", "tableau-4"))


def test_redeal_shuffles_the_waste_deterministically() -> None:
    position = D.deal(7)
    while position.stock:
        position = D.apply(position, Move("stock", "waste"))
    first = D.apply(position, Move("waste", "stock", 59))
    assert first == D.apply(position, Move("waste", "stock", 59))  # same deal, same shuffle
    assert sorted(first.stock) == sorted(position.waste)
    assert first.stock != position.waste[::-1]  # not merely turned over
    other_deal = replace(position, deal_number=8)
    assert D.apply(other_deal, Move("waste", "stock", 59)).stock != first.stock


def test_redeals_are_unlimited() -> None:
    position = D.deal(3)
    for _ in range(5):
        while position.stock:
            position = D.apply(position, Move("stock", "waste"))
        position = D.apply(position, Move("waste", "stock", len(position.waste)))
    assert position.redeals == 5


def test_vegas_is_not_offered() -> None:
    with pytest.raises(ValueError, match="scoring must be standard or none"):
        DoubleKlondike({"scoring": "vegas"})


def test_win_needs_all_104_cards() -> None:
    foundations = tuple(tuple(make_card(r, s, d) for r in range(1, 14)) for d in (0, 1) for s in range(4))
    won = KlondikePosition(((),) * 9, (0,) * 9, (), (), foundations, 0, 0)
    assert D.is_won(won)
    half = KlondikePosition(((),) * 9, (0,) * 9, (), (), foundations[:4] + ((),) * 4, 0, 0)
    assert not D.is_won(half)


def test_not_stuck_while_a_stock_card_could_come_up_after_a_shuffle() -> None:
    # Draw three: turning the waste over would only ever show the QD; a shuffle can show the 8H.
    three = DoubleKlondike({"draw": "3"})
    position = table("[AC] 9S", "[AD] 9C", "[AH] 4S", "[AS] 4C", "[2C] 6C", "[2D] 6S", "[2H] JC", "[2S] JS", "[3C] 3S", stock="QD 8H QH")
    assert not three.card_moves(position)
    assert not three.is_stuck(position)


def test_stuck_when_nothing_anywhere_fits() -> None:
    position = table(
        "[AC] 9S", "[AD] 9C", "[AH] 4S", "[AS] 4C", "[2C] 6C", "[2D] 6S", "[2H] JC", "[2S] JS", "[3C] 3S", stock="QD QH", waste="5C"
    )
    assert D.is_stuck(position)


def test_stuck_when_only_shuttling_moves_remain_and_no_card_of_the_stock_fits() -> None:
    position = table(
        "[AC] 8S 7H", "[AD] 8C", "[AH] 4S", "[AS] 4C", "[2C] TC", "[2D] TS", "[2H] JC", "[2S] JS", "[3C] 3S", stock="QD QH", waste="5C"
    )
    assert D.card_moves(position)  # the 7H goes back and forth between the black 8s
    assert D.is_stuck(position)
    said = D.stuck_reason(position)
    assert said is not None and str(said) == (
        "no move can change the game any more: the moves left only move cards back and forth,"
        " and no card of the stock or the waste fits anywhere, even where a shuffle brings it to the top"
    )


def test_not_stuck_when_a_stock_card_fits_after_moves_that_change_nothing() -> None:
    # Draw three, unshuffled, would never show the KD; after a shuffle it fits the column the QH leaves.
    three = DoubleKlondike({"draw": "3"})
    position = table("[AC] KS", "QH", "[AH] 4S", "[AS] 4C", "[2C] TC", "[2D] TS", "[2H] JC", "[2S] JS", "[3C] 3S", stock="KD 2D 3D 4D")
    assert not three.is_stuck(position)
    assert three.stuck_reason(position) is None


def test_layout_text_reads_back() -> None:
    text = D.text_layout(D.deal(5))
    assert D.text_layout(D.parse_layout(text)) == text


@given(deal=st.integers(1, 2**31 - 1), choices=st.lists(st.integers(0, 1000), max_size=150), draw=st.sampled_from("13"))
@settings(max_examples=40, deadline=None)
def test_random_play_keeps_every_card_exactly_once(deal: int, choices: list[int], draw: str) -> None:
    rules = DoubleKlondike({"draw": draw})
    for position in random_positions(rules, rules.deal(deal), choices):
        assert every_card(position) == list(range(104))
