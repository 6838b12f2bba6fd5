"""Klondike: the rules of the two Klondike rule texts, as tables of cases."""

from __future__ import annotations

import pytest
from klondike_helpers import cards, table
from solitaire.game import IllegalMove, Move
from solitaire.games.klondike import Klondike, KlondikePosition

K = Klondike()

GOLDEN_DEAL_1 = """\
stock: [QC] [4S] [6C] [7C] [AS] [5C] [AH] [KS] [6H] [QS] [QH] [QD] [9D] [3D] [3S] [AC] [4C] [2H] [8C] [TC] [3H] [2S] [9H] [7S]
waste:
foundation-1:
foundation-2:
foundation-3:
foundation-4:
tableau-1: 7D
tableau-2: [9C] 6D
tableau-3: [4D] [9S] 2D
tableau-4: [8H] [JC] [JH] 2C
tableau-5: [8D] [5D] [5H] [AD] KH
tableau-6: [5S] [KD] [7H] [6S] [TH] JS
tableau-7: [JD] [3C] [4H] [KC] [TS] [TD] 8S"""


# -- the deal ------------------------------------------------------------------


def test_golden_layout_of_deal_1() -> None:
    assert K.text_layout(K.deal(1)) == GOLDEN_DEAL_1


@pytest.mark.parametrize("number", [1, 2, 617, 2**31 - 1])
def test_deal_shape(number: int) -> None:
    position = K.deal(number)
    assert [len(column) for column in position.tableau] == [1, 2, 3, 4, 5, 6, 7]
    assert position.hidden == (0, 1, 2, 3, 4, 5, 6)  # only the top card face up
    assert len(position.stock) == 24 and not position.waste
    assert sorted(position.stock + sum(position.tableau, ())) == list(range(52))


def test_draw_option_does_not_change_the_cards() -> None:
    assert Klondike({"draw": "3"}).deal(5) == K.deal(5)


@pytest.mark.parametrize("number", [0, -1, 2**31])
def test_deal_numbers_out_of_range(number: int) -> None:
    with pytest.raises(ValueError, match="deal numbers run from 1"):
        K.deal(number)


def test_layout_text_reads_back() -> None:
    position = K.deal(99)
    assert K.parse_layout(K.text_layout(position)) == position


# -- allowed and forbidden moves -------------------------------------------------

ALLOWED = [
    # (why, position, move, column or pile that must then read so)
    ("black 8 on red 9", table("9H", "8S"), Move("tableau-2", "tableau-1"), ("tableau-1", "9H 8S")),
    ("red 6 on black 7", table("7C", "6D"), Move("tableau-2", "tableau-1"), ("tableau-1", "7C 6D")),
    ("a face-up run moves together", table("[2C] 9H 8S 7D", "TS"), Move("tableau-1", "tableau-2", 3), ("tableau-2", "TS 9H 8S 7D")),
    ("part of a run, down to the end", table("9H 8S 7D", "9D"), Move("tableau-1", "tableau-2", 2), ("tableau-2", "9D 8S 7D")),
    ("a King fills an empty column", table("[2C] KH", ""), Move("tableau-1", "tableau-2"), ("tableau-2", "KH")),
    ("a King-led run fills an empty column", table("[2C] KH QS", ""), Move("tableau-1", "tableau-2", 2), ("tableau-2", "KH QS")),
    ("waste top to a column", table("TD", waste="2C 9S"), Move("waste", "tableau-1"), ("tableau-1", "TD 9S")),
    ("waste King to an empty column", table(waste="KC"), Move("waste", "tableau-1"), ("tableau-1", "KC")),
    ("an Ace starts a foundation", table(waste="AD"), Move("waste", "foundation-3"), ("foundation-3", "AD")),
    (
        "next card of the suit from a column",
        table("3D 2H", foundations=("AH", "", "", "")),
        Move("tableau-1", "foundation-1"),
        ("foundation-1", "AH 2H"),
    ),
    (
        "a foundation card back to a column",
        table("4C", foundations=("AH 2H 3H", "", "", "")),
        Move("foundation-1", "tableau-1"),
        ("tableau-1", "4C 3H"),
    ),
    (
        "a foundation King to an empty column",
        table("", foundations=("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "", "", "")),
        Move("foundation-1", "tableau-1"),
        ("tableau-1", "KH"),
    ),
]


@pytest.mark.parametrize(("why", "position", "move", "expected"), ALLOWED, ids=[case[0] for case in ALLOWED])
def test_allowed(why: str, position: KlondikePosition, move: Move, expected: tuple[str, str]) -> None:
    assert move in K.legal_moves(position), why
    after = K.apply(position, move)
    pile, text = expected
    assert K.pile_cards(after, pile) == cards(text)


FORBIDDEN = [
    # (why, position, move, words the reason must contain)
    ("red on red", table("9H", "8D"), Move("tableau-2", "tableau-1"), "alternating colours"),
    ("black on black", table("9C", "8S"), Move("tableau-2", "tableau-1"), "alternating colours"),
    ("not one rank lower", table("TH", "8S"), Move("tableau-2", "tableau-1"), "down by one"),
    ("a higher card on a lower", table("8H", "9S"), Move("tableau-2", "tableau-1"), "down by one"),
    ("a Queen to an empty column", table("QH", ""), Move("tableau-1", "tableau-2"), "only a King"),
    ("a run led by a Queen to an empty column", table("KS QH JC", ""), Move("tableau-1", "tableau-2", 2), "only a King"),
    ("a face-down card", table("[9H] 5C", "TS"), Move("tableau-1", "tableau-2", 2), "face-down"),
    ("a run that is no run", table("9H 4C", "TS"), Move("tableau-1", "tableau-2", 2), "run"),
    ("more cards than the column has", table("9H", "TS"), Move("tableau-1", "tableau-2", 2), "so many"),
    ("the card under the waste top", table("TD", waste="9S 2C"), Move("waste", "tableau-1", 2), "top card of the waste"),
    ("from an empty waste", table("TD"), Move("waste", "tableau-1"), "waste is empty"),
    ("a 2 on an empty foundation", table("2H"), Move("tableau-1", "foundation-1"), "starts with an Ace"),
    ("the wrong suit on a foundation", table("2D", foundations=("AH", "", "", "")), Move("tableau-1", "foundation-1"), "does not follow"),
    ("skipping a rank on a foundation", table("3H", foundations=("AH", "", "", "")), Move("tableau-1", "foundation-1"), "does not follow"),
    (
        "two cards to a foundation at once",
        table("2H AS", foundations=("AH", "", "", "")),
        Move("tableau-1", "foundation-1", 2),
        "one at a time",
    ),
    ("foundation to foundation", table(foundations=("AH", "", "", "")), Move("foundation-1", "foundation-2"), "back to a column"),
    (
        "foundation card that does not fit",
        table("4H", foundations=("AH 2H 3H", "", "", "")),
        Move("foundation-1", "tableau-1"),
        "alternating colours",
    ),
    ("onto the stock", table("4H"), Move("tableau-1", "stock"), "cannot be put"),
    ("onto the waste", table("4H"), Move("tableau-1", "waste"), "cannot be put"),
    ("onto its own column", table("9H 8S"), Move("tableau-1", "tableau-1"), "another pile"),
    ("from a pile that does not exist", table("9H"), Move("tableau-9", "tableau-1"), "cannot move"),
    ("draw from an empty stock", table("9H", waste="2C"), Move("stock", "waste"), "stock is empty"),
    ("turn the waste over while the stock has cards", table("9H", waste="2C", stock="3C"), Move("waste", "stock"), "stock is empty"),
    ("zero cards", table("9H", "TS"), Move("tableau-1", "tableau-2", 0), "at least one"),
]


@pytest.mark.parametrize(("why", "position", "move", "reason"), FORBIDDEN, ids=[case[0] for case in FORBIDDEN])
def test_forbidden(why: str, position: KlondikePosition, move: Move, reason: str) -> None:
    assert move not in K.legal_moves(position), why
    with pytest.raises(IllegalMove, match=reason):
        K.apply(position, move)


def test_an_exposed_card_turns_face_up() -> None:
    after = K.apply(table("[4D] [9S] 2D", "3C"), Move("tableau-1", "tableau-2"))
    assert after.hidden[0] == 1 and after.tableau[0] == cards("4D 9S")


def test_emptied_column_has_nothing_hidden() -> None:
    after = K.apply(table("[4D] KD", ""), Move("tableau-1", "tableau-2"))
    assert after.hidden[:2] == (0, 0)


def test_every_empty_foundation_takes_an_ace() -> None:
    targets = {m.target for m in K.legal_moves(table(waste="AS")) if m.source == "waste"}
    assert {"foundation-1", "foundation-2", "foundation-3", "foundation-4"} <= targets


# -- the stock -------------------------------------------------------------------


def test_draw_one_puts_the_top_card_on_the_waste() -> None:
    after = K.apply(table(stock="2C 3C 4C"), Move("stock", "waste"))
    assert after.waste == cards("4C") and after.stock == cards("2C 3C")


def test_draw_three_puts_three_cards_with_the_deepest_on_top() -> None:
    three = Klondike({"draw": "3"})
    after = three.apply(table(stock="2C 3C 4C 5C"), Move("stock", "waste", 3))
    assert after.waste == cards("5C 4C 3C") and after.stock == cards("2C")
    assert three.legal_moves(after)[-1] == Move("stock", "waste", 1)  # fewer left: draws what there is


def test_draw_three_only_the_top_waste_card_plays() -> None:
    three = Klondike({"draw": "3"})
    position = three.apply(table("4H", stock="2C 3S 4C"), Move("stock", "waste", 3))
    # waste is 4C 3S 2C: the 3S under the top would fit on 4H, but may not move.
    assert not three.card_moves(position)


def test_redeal_turns_the_waste_over_unshuffled() -> None:
    position = table(stock="2C 3C 4C")
    for _ in range(3):
        position = K.apply(position, Move("stock", "waste"))
    assert position.waste == cards("4C 3C 2C")
    position = K.apply(position, Move("waste", "stock", 3))
    assert position.stock == cards("2C 3C 4C") and position.redeals == 1


@pytest.mark.parametrize(
    ("options", "passes"),
    [({"scoring": "vegas"}, 1), ({"scoring": "vegas", "draw": "3"}, 3), ({"scoring": "vegas-cumulative", "draw": "3"}, 3)],
)
def test_vegas_limits_the_passes(options: dict[str, str], passes: int) -> None:
    rules = Klondike(options)
    for redeals in range(passes - 1):
        after = rules.apply(table("KS", waste="2C", redeals=redeals), Move("waste", "stock", 1))
        assert after.redeals == redeals + 1
    spent = table("KS", waste="2C", redeals=passes - 1)
    assert not rules.stock_moves(spent)
    with pytest.raises(IllegalMove, match="Vegas allows"):
        rules.apply(spent, Move("waste", "stock", 1))


@pytest.mark.parametrize("scoring", ["standard", "none"])
def test_unlimited_passes_outside_vegas(scoring: str) -> None:
    rules = Klondike({"scoring": scoring})
    position = table("KS", waste="2C")
    for _ in range(50):
        position = rules.apply(position, Move("waste", "stock", 1))
        position = rules.apply(position, Move("stock", "waste", 1))
    assert position.redeals == 50


# -- scoring -----------------------------------------------------------------------

SCORING = [
    # (scoring, draw, position, move, points)
    ("standard", 1, table("TD", waste="9S"), Move("waste", "tableau-1"), 5),
    ("standard", 1, table(waste="AS"), Move("waste", "foundation-1"), 10),
    ("standard", 1, table("AS"), Move("tableau-1", "foundation-1"), 10),
    ("standard", 1, table("[5C] AS"), Move("tableau-1", "foundation-1"), 15),  # +10, +5 for the turned card
    ("standard", 1, table("9H", "[5C] 8S"), Move("tableau-2", "tableau-1"), 5),
    ("standard", 1, table("9H", "8S"), Move("tableau-2", "tableau-1"), 0),
    ("standard", 1, table("4C", foundations=("AH 2H 3H", "", "", ""), score=100), Move("foundation-1", "tableau-1"), -15),
    ("standard", 1, table(waste="2C", score=150), Move("waste", "stock", 1), -100),
    ("standard", 1, table(waste="2C", score=40), Move("waste", "stock", 1), -40),  # never below 0
    ("standard", 3, table(waste="2C", redeals=0, score=50), Move("waste", "stock", 1), 0),
    ("standard", 3, table(waste="2C", redeals=1, score=50), Move("waste", "stock", 1), 0),
    ("standard", 3, table(waste="2C", redeals=2, score=50), Move("waste", "stock", 1), -20),
    ("standard", 3, table(waste="2C", redeals=7, score=50), Move("waste", "stock", 1), -20),
    ("standard", 1, table(stock="2C"), Move("stock", "waste"), 0),
    ("vegas", 1, table(waste="AS", score=-52), Move("waste", "foundation-1"), 5),
    ("vegas", 1, table("TD", waste="9S", score=-52), Move("waste", "tableau-1"), 0),
    ("vegas", 1, table("[5C] 9S", "TD", score=-52), Move("tableau-1", "tableau-2"), 0),
    ("vegas", 1, table("4C", foundations=("AH 2H 3H", "", "", ""), score=-37), Move("foundation-1", "tableau-1"), -5),
    ("vegas-cumulative", 3, table(waste="AS", score=-52), Move("waste", "foundation-1"), 5),
    ("none", 1, table(waste="AS"), Move("waste", "foundation-1"), 0),
    ("none", 1, table(waste="2C"), Move("waste", "stock", 1), 0),
]


@pytest.mark.parametrize(("scoring", "draw", "position", "move", "points"), SCORING)
def test_scoring(scoring: str, draw: int, position: KlondikePosition, move: Move, points: int) -> None:
    rules = Klondike({"scoring": scoring, "draw": str(draw)})
    assert rules.apply(position, move).score - position.score == points


def test_scores_at_the_start() -> None:
    assert Klondike({"scoring": "vegas"}).deal(3).score == -52
    assert K.deal(3).score == 0
    assert Klondike({"scoring": "none"}).score(K.deal(3), 0, False) is None


def test_a_vegas_win_earns_208() -> None:
    rules = Klondike({"scoring": "vegas"})
    assert rules.deal(1).score + 52 * 5 == 208


@pytest.mark.parametrize(
    ("seconds", "won", "expected"),
    [
        (0, False, 500),
        (9, False, 500),
        (10, False, 498),
        (95, False, 482),
        (30, True, 494),
        (31, True, 500 - 6 + 700000 // 31),
        (140, True, 500 - 28 + 5000),
    ],
)
def test_timed_standard_score(seconds: int, won: bool, expected: int) -> None:
    rules = Klondike({"timed": "on"})
    assert rules.score(table(score=500), seconds, won) == expected


def test_untimed_score_ignores_the_clock() -> None:
    assert K.score(table(score=500), 1000, True) == 500


def test_time_penalty_never_below_zero() -> None:
    assert Klondike({"timed": "on"}).score(table(score=10), 600, False) == 0


# -- win, no moves, safe moves, auto-complete ----------------------------------------

WON = table(foundations=tuple(" ".join(r + s for r in "A23456789TJQK") for s in "CDHS"))


def test_win() -> None:
    assert K.is_won(WON) and not K.is_stuck(WON)
    assert not K.is_won(K.deal(1))


def test_stuck_when_no_move_remains_through_every_redeal() -> None:
    position = table("[AC] 2S", "[AD] 2H", waste="9C 9D", stock="5H 5S")
    assert K.is_stuck(position)


def test_not_stuck_when_a_move_appears_after_a_redeal() -> None:
    # Nothing plays now, but the 8H buried in the waste fits on the 9S.
    position = table("[AC] 9S", waste="8H 4D", stock="5C")
    assert not K.card_moves(position)
    assert not K.is_stuck(position)


def test_not_stuck_in_draw_three_when_a_later_card_fits() -> None:
    three = Klondike({"draw": "3"})
    # Drawn three at a time, the 8H comes to the top of the waste on the second deal.
    position = table("[AC] 9S", stock="8H 2D 3D 4D 5D 6C")
    assert not three.is_stuck(position)


def test_stuck_in_vegas_when_the_passes_are_spent() -> None:
    rules = Klondike({"scoring": "vegas"})
    position = table("[AC] 9S", waste="8H 4D", score=-52)
    assert rules.is_stuck(position)
    assert not K.is_stuck(position)  # with unlimited passes the 8H comes round again


def test_the_deal_is_not_stuck() -> None:
    assert not K.is_stuck(K.deal(1))


# Lost although cards can still move: every move left only moves cards back and forth (it turns
# up no card, takes no card from the stock and adds nothing to the foundations).
# (why, position, rules)
SHUTTLING = [
    ("a King run shuttles between empty columns", table("KS QH", "", "[2C] 5D", "[2H] 9C"), K),
    ("a run goes back and forth between two equal targets", table("[2C] 8S 7H", "[2D] 8C", "[3S] 5D"), K),
    (
        "a card goes down from a foundation and back up",
        table("[2H] 7H", "[3S] 9D", foundations=("AC 2C 3C 4C 5C 6C", "", "", "")),
        K,
    ),
    (
        "foundation cards come down onto each other and go back",
        table("[2H] 7H", "[3S] 9D", foundations=("AC 2C 3C 4C 5C 6C", "AD 2D 3D 4D 5D", "", "")),
        K,
    ),
    ("shuttling, and no stock card fits anywhere", table("KS QH", "", "[2C] 5D", stock="9C 4H", waste="3S 2D"), K),
    (
        "shuttling, and no pass through the stock is left",
        table("KS QH", "", "[2C] 5D", waste="8H 4D", score=-52),
        Klondike({"scoring": "vegas"}),
    ),
    (
        "draw three: the card that would fit never comes to the top",
        table("KS QH", "", "[AC] 9S", stock="2D 8H 3D 4D 5D 6D"),
        Klondike({"draw": "3"}),
    ),
]


@pytest.mark.parametrize(("why", "position", "rules"), SHUTTLING, ids=[case[0] for case in SHUTTLING])
def test_stuck_when_only_shuttling_moves_remain(why: str, position: KlondikePosition, rules: Klondike) -> None:
    assert rules.card_moves(position), why  # cards can still move ...
    assert rules.is_stuck(position), why  # ... but nothing they do changes the game


# Not lost: a chain of moves that change nothing leads to one that does.
# (why, position)
NEUTRAL_CHAINS = [
    (
        "a foundation card comes down, another onto it, then a column card turns a card up",
        table("[2C] 7H", "[AD] 4C", foundations=("AC 2C 3C 4C 5C 6C", "", "AH 2H 3H 4H 5H", "")),
    ),
    (
        "a foundation card comes down and the waste card fits on it",
        table("[AH] JD", waste="9H", foundations=("AC 2C 3C 4C 5C 6C 7C 8C 9C TC", "", "", "")),
    ),
    (
        "a card moves onto a King run, uncovering a card for the foundation",
        table("KS QH", "", "[2C] 5D", "[3C] 2H JC", foundations=("", "", "AH", "")),
    ),
    (
        "a card goes over to an equal target, uncovering one for the foundation",
        table("[2C] 9D", "7D 9H 8C", foundations=("", "", "AH 2H 3H 4H 5H 6H 7H 8H", "")),
    ),
    (
        "a foundation card comes down and a run from over a face-down card goes onto it",
        table("[2H] 7H", "[3S] 5D 4C", foundations=("AC 2C 3C 4C 5C 6C", "", "", "")),
    ),
]


@pytest.mark.parametrize(("why", "position"), NEUTRAL_CHAINS, ids=[case[0] for case in NEUTRAL_CHAINS])
def test_not_stuck_when_a_chain_of_neutral_moves_leads_to_progress(why: str, position: KlondikePosition) -> None:
    assert not K.is_stuck(position), why


def test_a_search_that_hits_its_bound_claims_no_loss(monkeypatch: pytest.MonkeyPatch) -> None:
    import solitaire.games.klondike as klondike

    position = table("[2C] 8S 7H", "[2D] 8C", "[3S] 5D")
    assert K.is_stuck(position)
    monkeypatch.setattr(klondike, "STUCK_SEARCH_LIMIT", 1)
    assert not K.is_stuck(position)


# What the stuck verdict says, in English (tests/test_texts.py checks the German).
# (position, rules, sentence)
STUCK_REASONS = [
    (
        table("KS QH", "", "[2C] 5D", stock="9C 4H", waste="3S 2D"),
        K,
        "no move can change the game any more: the moves left only move cards back and forth,"
        " and no card that the stock can still bring to the top fits anywhere",
    ),
    (
        table("[AC] 2S", "[AD] 2H"),
        K,
        "no move can change the game any more: no card on the table can move, and the stock and the waste are empty",
    ),
    (
        table("KS QH", "", "[2C] 5D", waste="8H 4D", score=-52),
        Klondike({"scoring": "vegas"}),
        "no move can change the game any more: the moves left only move cards back and forth,"
        " and no pass through the stock is left and the top card of the waste fits nowhere",
    ),
]


@pytest.mark.parametrize(("position", "rules", "sentence"), STUCK_REASONS)
def test_the_stuck_verdict_says_why(position: KlondikePosition, rules: Klondike, sentence: str) -> None:
    said = rules.stuck_reason(position)
    assert said is not None and str(said) == sentence


def test_no_reason_while_the_game_goes_on() -> None:
    assert K.stuck_reason(K.deal(1)) is None
    assert K.stuck_reason(WON) is None


def test_safe_moves_send_aces_and_twos() -> None:
    position = table("AH", "3C 2D", foundations=("AD", "", "", ""))
    assert set(K.safe_moves(position)) == {Move("tableau-1", "foundation-2"), Move("tableau-2", "foundation-1")}


def test_a_card_is_not_safe_while_a_lower_card_of_the_other_colour_may_need_it() -> None:
    # The 5H could still hold the black 4s, which are not yet on their foundations.
    position = table("5H", foundations=("AH 2H 3H 4H", "AC 2C 3C", "", ""))
    assert K.safe_moves(position) == []


def test_completion_when_every_card_is_face_up() -> None:
    position = table(
        "KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H",
        "KH QS JH TS 9H 8S 7H 6S 5H 4S 3H 2S",
        "KD QC JD TC 9D 8C 7D 6C 5D 4C 3D 2C",
        "KC QD JC TD 9C 8D 7C 6D 5C 4D",
        waste="3C 2D",
        stock="AH AS AD AC",
    )
    line = K.completion(position)
    assert line is not None
    for move in line:
        position = K.apply(position, move)
    assert K.is_won(position)


def test_no_completion_while_cards_are_face_down() -> None:
    assert K.completion(table("[KS] AH", waste="")) is None


def test_no_completion_when_vegas_passes_run_out() -> None:
    rules = Klondike({"scoring": "vegas"})
    others = (
        "",
        "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
        "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
    )
    playable = table("KC QC JC TC 9C 8C 7C 6C 5C 4C 3C", waste="2C AC", foundations=others, score=-52)
    assert rules.completion(playable) is not None
    # The AC under the 2C would need another pass, which Vegas draw one does not give.
    blocked = table("KC QC JC TC 9C 8C 7C 6C 5C 4C 3C", waste="AC 2C", foundations=others, score=-52)
    assert rules.completion(blocked) is None
    assert K.completion(blocked) is not None  # with unlimited passes the AC comes round


# -- open mode ------------------------------------------------------------------------


def test_open_mode_shows_every_card_but_keeps_them_locked() -> None:
    rules = Klondike({"open": "on"})
    position = rules.deal(1)
    piles = {pile.name: pile for pile in rules.piles(position)}
    assert all(all(pile.face_up) for pile in piles.values())
    assert piles["tableau-7"].locked == (True,) * 6 + (False,)
    assert rules.legal_moves(position) == K.legal_moves(position)


def test_normal_mode_hides_face_down_cards() -> None:
    piles = {pile.name: pile for pile in K.piles(K.deal(1))}
    assert piles["tableau-7"].face_up == (False,) * 6 + (True,)
    assert not any(piles["stock"].face_up)


def test_options_are_checked() -> None:
    with pytest.raises(ValueError, match="draw must be 1 or 3"):
        Klondike({"draw": "2"})
    with pytest.raises(ValueError, match="unknown option"):
        Klondike({"colour": "red"})


@pytest.mark.slow
@pytest.mark.parametrize("draw", ["1", "3"])
def test_a_game_found_stuck_is_one_the_solver_cannot_win(draw: str) -> None:
    """Random games played until the stuck verdict: the solver never finds a win from there."""
    import random

    from solitaire.registry import make_rules
    from solitaire.solver import solver_for

    rules = make_rules("klondike", {"draw": draw})
    solver = solver_for(rules)
    rng = random.Random(7)
    stuck = 0
    for _ in range(40):
        position = rules.deal(rng.randrange(1, 10**6))
        for _ in range(400):
            if rules.is_won(position):
                break
            if rules.is_stuck(position):
                stuck += 1
                assert solver.solve(position, 20_000).status != "winnable", rules.stuck_reason(position)
                break
            moves = rules.legal_moves(position)
            forward = [move for move in moves if move.target.startswith("foundation") or move.source == "waste"]
            position = rules.apply(position, rng.choice(forward if forward and rng.random() < 0.5 else moves))
    assert stuck >= 10  # the games did end stuck often enough to say something
