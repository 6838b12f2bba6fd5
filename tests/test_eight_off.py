"""Eight Off: the deal and the rules (PySol's and Aisleriot's), as tables of cases."""

from __future__ import annotations

import pytest
from eight_off_helpers import cards, table
from solitaire.game import IllegalMove, Move, NotationError
from solitaire.games.eight_off import EightOff
from solitaire.games.freecell import FreeCellPosition
from solitaire.texts import render

E = EightOff()

GOLDEN_DEAL_1 = """\
Freecells: 3H 2S 9H 7S - - - -
7D 9S 7H TS AS 9D
9C JC 4H JS 5C 3D
4D 5D 2C TD AH 3S
8H KD AD 8S KS AC
8D 3C 6S QC 6H 4C
5S 2D KC 4S QS 2H
JD JH KH 6C QH 8C
6D 5H TH 7C QD TC"""

GOLDEN_DEAL_2 = """\
Freecells: 3D 2C 8D 9H - - - -
QH AC TC AD AS 9C
3S 6C 9S QD 5C TH
4C 7S JD 6S JC 5D
5H 3C 8C 8H AH TS
7H QC 4D 3H KC QS
2D 7D 5S 9D 2H KS
KH 6H 2S 6D 7C 8S
TD JH 4H JS 4S KD"""

FULL = ("2C", "2S", "3C", "3S", "4C", "4S", "5C", "5S")  # eight cards for the cells
FILLED = ("KC", "KD", "KH", "KS", "QC", "QD", "QH", "QS")  # columns that take nothing useful


# -- the deal ------------------------------------------------------------------


@pytest.mark.parametrize(("number", "golden"), [(1, GOLDEN_DEAL_1), (2, GOLDEN_DEAL_2)])
def test_golden_layouts(number: int, golden: str) -> None:
    assert E.text_layout(E.deal(number)) == golden


@pytest.mark.parametrize("number", [1, 2, 617, 2**31 - 1])
def test_deal_shape(number: int) -> None:
    """Eight columns of six, the other four cards in the first four of eight cells."""
    position = E.deal(number)
    assert [len(column) for column in position.tableau] == [6] * 8
    assert [card is not None for card in position.cells] == [True] * 4 + [False] * 4
    assert position.foundations == ((),) * 4
    every = sum(position.tableau, ()) + tuple(card for card in position.cells if card is not None)
    assert sorted(every) == list(range(52))


def test_deals_differ() -> None:
    assert E.deal(1) != E.deal(2)


@pytest.mark.parametrize("number", [0, -1, 2**31])
def test_deal_numbers_out_of_range(number: int) -> None:
    with pytest.raises(ValueError, match="deal numbers run from 1"):
        E.deal(number)


# -- allowed and forbidden moves -------------------------------------------------

ALLOWED = [
    # (why, position, move, pile that must then read so)
    ("7 of hearts on 8 of hearts", table("8H", "7H"), Move("tableau-2", "tableau-1"), ("tableau-1", "8H 7H")),
    ("a King into an empty column", table("QH KS", ""), Move("tableau-1", "tableau-2"), ("tableau-2", "KS")),
    ("a run led by a King into an empty column", table("5D KS QS JS", ""), Move("tableau-1", "tableau-2", 3), ("tableau-2", "KS QS JS")),
    ("a cell's King into an empty column", table("5D", cells=("KH",)), Move("cell-1", "tableau-2"), ("tableau-2", "KH")),
    ("a column card to the eighth cell", table("9H 8S"), Move("tableau-1", "cell-8"), ("cell-8", "8S")),
    ("a cell card onto its suit", table("9H", cells=("-", "-", "-", "-", "-", "8H")), Move("cell-6", "tableau-1"), ("tableau-1", "9H 8H")),
    ("a cell card to another cell", table("9H", cells=("4D",)), Move("cell-1", "cell-7"), ("cell-7", "4D")),
    ("an Ace starts any foundation", table("5C AH"), Move("tableau-1", "foundation-3"), ("foundation-3", "AH")),
    ("a cell card home", table(cells=("3S",), foundations=("", "AS 2S")), Move("cell-1", "foundation-2"), ("foundation-2", "AS 2S 3S")),
    # 1 + 1 free cell = 2 cards.
    ("a run of 2 with one free cell", table("TS", "9S 8S", cells=FULL[:7]), Move("tableau-2", "tableau-1", 2), ("tableau-1", "TS 9S 8S")),
    # 1 + 8 free cells = 9 cards.
    (
        "a run of 9 with eight free cells",
        table("KD", "QD JD TD 9D 8D 7D 6D 5D 4D"),
        Move("tableau-2", "tableau-1", 9),
        ("tableau-1", "KD QD JD TD 9D 8D 7D 6D 5D 4D"),
    ),
    ("one card with nothing free", table("9D", "8D", *FILLED[:6], cells=FULL), Move("tableau-2", "tableau-1"), ("tableau-1", "9D 8D")),
]


@pytest.mark.parametrize(("why", "position", "move", "expected"), ALLOWED, ids=[case[0] for case in ALLOWED])
def test_allowed(why: str, position: FreeCellPosition, move: Move, expected: tuple[str, str]) -> None:
    assert move in E.legal_moves(position), why
    after = E.apply(position, move)
    pile, text = expected
    assert E.pile_cards(after, pile) == cards(text)
    assert len(E.pile_cards(after, move.source)) == len(E.pile_cards(position, move.source)) - move.count


FORBIDDEN = [
    # (why, position, move, words the reason must contain)
    ("another suit of the same colour", table("8H", "7D"), Move("tableau-2", "tableau-1"), "down by one in the same suit"),
    ("alternating colours", table("8H", "7S"), Move("tableau-2", "tableau-1"), "down by one in the same suit"),
    ("not one rank lower", table("8H", "6H"), Move("tableau-2", "tableau-1"), "down by one in the same suit"),
    ("a higher card on a lower", table("7H", "8H"), Move("tableau-2", "tableau-1"), "down by one in the same suit"),
    ("a Queen into an empty column", table("KH QS", ""), Move("tableau-1", "tableau-2"), "only a King can fill an empty column"),
    ("a run led by a Queen into an empty column", table("5D QS JS", ""), Move("tableau-1", "tableau-2", 2), "only a King"),
    ("a cell's Queen into an empty column", table("5D", cells=("QH",)), Move("cell-1", "tableau-2"), "only a King"),
    ("a run in alternating colours", table("9H 8S", "TH"), Move("tableau-1", "tableau-2", 2), "only a run down by rank in one suit"),
    ("a cell card of another suit", table("9H", cells=("8D",)), Move("cell-1", "tableau-1"), "in the same suit"),
    # 1 + 1 free cell = 2: the empty column does not help (only a King may lie in it).
    (
        "a run of 3 with one free cell and an empty column",
        table("JD", "TD 9D 8D", *FILLED[:5], cells=FULL[:7]),
        Move("tableau-2", "tableau-1", 3),
        r"only 2 cards can move at once now: 1 \+ 1 free cell \(an empty column takes only a King",
    ),
    (
        "a run of 10 with eight free cells",
        table("KD", "QD JD TD 9D 8D 7D 6D 5D 4D 3D"),
        Move("tableau-2", "tableau-1", 10),
        "only 9 cards can move at once now: 1 \\+ 8 free cells",
    ),
    ("a run of 2 with nothing free", table("TS", "9S 8S", *FILLED[:6], cells=FULL), Move("tableau-2", "tableau-1", 2), "only 1 card"),
    ("a foundation card back", table("4C", foundations=("AH 2H 3H",)), Move("foundation-1", "tableau-1"), "stay there"),
    ("a foundation card to a cell", table("4C", foundations=("AH 2H 3H",)), Move("foundation-1", "cell-5"), "stay there"),
    ("two cards into a cell", table("9H 8H"), Move("tableau-1", "cell-1", 2), "one card"),
    ("onto a taken cell", table("9H 8S", cells=("4D",)), Move("tableau-1", "cell-1"), "free cell is taken"),
    ("from an empty cell", table("9H"), Move("cell-8", "tableau-1"), "free cell is empty"),
    ("a 2 on an empty foundation", table("2H"), Move("tableau-1", "foundation-1"), "starts with an Ace"),
    ("the wrong suit on a foundation", table("2D", foundations=("AH",)), Move("tableau-1", "foundation-1"), "does not follow"),
    ("onto a cell that does not exist", table("9H"), Move("tableau-1", "cell-9"), "cannot be put"),
    ("from the stock Eight Off does not have", table("9H"), Move("stock", "tableau-1"), "cannot move"),
    ("onto its own column", table("9H 8S"), Move("tableau-1", "tableau-1"), "another pile"),
]


@pytest.mark.parametrize(("why", "position", "move", "reason"), FORBIDDEN, ids=[case[0] for case in FORBIDDEN])
def test_forbidden(why: str, position: FreeCellPosition, move: Move, reason: str) -> None:
    assert move not in E.legal_moves(position), why
    with pytest.raises(IllegalMove, match=reason):
        E.apply(position, move)


@pytest.mark.parametrize(
    ("english", "german"),
    [
        (
            "the 7 of Diamonds cannot go on the 8 of Hearts: columns build down by one in the same suit",
            "Karo 7 passt nicht auf Herz 8: In den Spalten wird absteigend in derselben Farbe angelegt",
        ),
    ],
)
def test_refusals_in_words(english: str, german: str) -> None:
    with pytest.raises(IllegalMove) as refused:
        E.apply(table("8H", "7D"), Move("tableau-2", "tableau-1"))
    assert str(refused.value) == english and render(refused.value.said, "de") == german


@pytest.mark.parametrize(("free_cells", "empty_columns", "capacity"), [(0, 0, 1), (1, 0, 2), (8, 0, 9), (0, 1, 1), (2, 3, 3), (4, 7, 5)])
def test_move_capacity_counts_the_cells_only(free_cells: int, empty_columns: int, capacity: int) -> None:
    position = table(*FILLED[: 8 - empty_columns], cells=FULL[: 8 - free_cells])
    assert E.move_capacity(position) == capacity
    assert E.move_capacity(position, to_empty_column=True) == capacity


def test_every_empty_cell_and_foundation_is_a_target() -> None:
    targets = {m.target for m in E.legal_moves(table("5C AS")) if m.source == "tableau-1"}
    assert {f"foundation-{n}" for n in range(1, 5)} | {f"cell-{n}" for n in range(1, 9)} <= targets


def test_only_kings_are_offered_the_empty_columns() -> None:
    position = table("KS QD", "JC", "5H", cells=("QH", "KD"))
    into_empty = {m.source for m in E.legal_moves(position) if m.target.startswith("tableau") and not E.pile_cards(position, m.target)}
    assert into_empty == {"cell-2"}


# -- win, no moves, safe moves, auto-complete ----------------------------------------

WON = table(foundations=tuple(" ".join(r + s for r in "A23456789TJQK") for s in "CDHS"))


def test_win() -> None:
    assert E.is_won(WON) and not E.is_stuck(WON)
    assert not E.is_won(E.deal(1))


# Every cell taken, no King free for the two empty columns, nothing builds, no Ace out.
BLOCKED = table("KC 9D", "KS 9H", "QC 7C", "QS 7S", "JC 5D", "JS 5H", "", "", cells=("TD", "TH", "3C", "3S", "2D", "2H", "4C", "4S"))


def test_stuck_when_no_move_at_all_remains() -> None:
    assert E.legal_moves(BLOCKED) == []
    assert E.is_stuck(BLOCKED)
    assert str(E.stuck_reason(BLOCKED)) == (
        "every free cell is taken, no King can go to an empty column, and no card fits on another column or a foundation"
    )
    assert E.stuck_reason(E.deal(1)) is None


def test_every_card_that_can_go_home_is_safe() -> None:
    """Building in suit, nothing could ever need a card whose next lower card is home."""
    position = table(
        "9C", "KH 5D", cells=("QS",), foundations=("AC 2C 3C 4C 5C 6C 7C 8C", "AD 2D 3D 4D", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS")
    )
    assert set(E.safe_moves(position)) == {
        Move("tableau-1", "foundation-1"),
        Move("tableau-2", "foundation-2"),
        Move("cell-1", "foundation-3"),
    }
    assert set(E.safe_moves(position)) <= set(E.legal_moves(position))


def test_completion_when_every_column_descends() -> None:
    position = table(
        "KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H",
        "KH QS JH TS 9H 8S 7H 6S 5H 4S 3H 2S",
        "KD QC JD TC 9D 8C 7D 6C 5D 4C 3D 2C",
        "KC QD JC TD 9C 8D 7C 6D 5C 4D",
        "3C",
        cells=("AH", "2D", "AS", "AD", "-", "AC"),
    )
    line = E.completion(position)
    assert line is not None and len(line) == 52
    for move in line:
        position = E.apply(position, move)
    assert E.is_won(position)
    assert E.completion(E.deal(1)) is None


# -- presentation ----------------------------------------------------------------------


def test_slots() -> None:
    """Aisleriot's table: foundations down the left, eight cells above eight columns (nine card widths)."""
    slots = {slot.name: slot for slot in E.slots()}
    assert [(slots[f"foundation-{n}"].x, slots[f"foundation-{n}"].y) for n in range(1, 5)] == [(0, 0), (0, 1), (0, 2), (0, 3)]
    assert [(slots[f"cell-{n}"].x, slots[f"cell-{n}"].y) for n in range(1, 9)] == [(x, 0) for x in range(1, 9)]
    assert [(slots[f"tableau-{n}"].x, slots[f"tableau-{n}"].y) for n in range(1, 9)] == [(x, 1) for x in range(1, 9)]
    assert all(slots[f"tableau-{n}"].fan == "down" and slots[f"tableau-{n}"].empty_hint == "K" for n in range(1, 9))
    assert all(slots[f"cell-{n}"].empty_hint == "cell" for n in range(1, 9))
    assert len(slots) == 20 and max(slot.x for slot in slots.values()) + 1 <= 10


def test_piles_show_every_card_face_up_in_slot_order() -> None:
    piles = E.piles(E.apply(E.deal(1), Move("tableau-5", "cell-6")))
    assert [pile.name for pile in piles] == [slot.name for slot in E.slots()]
    views = {pile.name: pile for pile in piles}
    assert views["cell-6"].cards == cards("4C") and views["cell-5"].cards == ()
    assert all(all(pile.face_up) and not any(pile.locked) for pile in piles)
    assert sorted(sum((pile.cards for pile in piles), ())) == list(range(52))


def test_not_scored_and_no_options() -> None:
    assert E.score(E.deal(1), 100, False) is None and E.score(WON, 100, True) is None
    assert EightOff.option_specs == () and E.options == {}
    with pytest.raises(ValueError, match="unknown option"):
        EightOff({"building": "any"})


@pytest.mark.parametrize(
    ("position", "line"),
    [
        (E.deal(1), "Free cells 4 of 8 · can move 5"),
        (table(*FILLED[:6], cells=FULL[:6]), "Free cells 2 of 8 · can move 3"),
        (table(*FILLED, cells=FULL), "Free cells 0 of 8 · can move 1"),
        (WON, "Free cells 8 of 8"),
    ],
)
def test_status_line(position: FreeCellPosition, line: str) -> None:
    assert str(E.status_line(position)) == line


# -- the text notation ---------------------------------------------------------------


def test_mid_game_layout_reads_back() -> None:
    position = E.deal(1)
    for move in (Move("tableau-4", "foundation-1"), Move("tableau-1", "cell-7"), Move("tableau-1", "foundation-2")):
        position = E.apply(position, move)
    text = E.text_layout(position)
    assert text.splitlines()[:2] == ["Foundations: C-A S-A H-0 D-0", "Freecells: 3H 2S 9H 7S - - 9D -"]
    assert E.parse_layout(text) == position


@pytest.mark.parametrize("number", [1, 2, 2**31 - 1])
def test_a_deal_reads_back(number: int) -> None:
    assert E.parse_layout(E.text_layout(E.deal(number))) == E.deal(number)


LAYOUT_ERRORS = [
    ("nine cells", "Freecells: " + " ".join(["-"] * 9) + "\n" + GOLDEN_DEAL_1.split("\n", 1)[1], "Eight Off has 8 free cells, not 9"),
    ("seven columns", GOLDEN_DEAL_1.rsplit("\n", 1)[0], "an Eight Off layout has 8 column lines, not 7"),
    ("a card missing", GOLDEN_DEAL_1.replace("3H ", "", 1), "missing: 3H"),
]


@pytest.mark.parametrize(("why", "text", "reason"), LAYOUT_ERRORS, ids=[case[0] for case in LAYOUT_ERRORS])
def test_layout_errors(why: str, text: str, reason: str) -> None:
    with pytest.raises(NotationError, match=reason):
        E.parse_layout(text)
