"""FreeCell: Microsoft's deals and the rules of the issue, as tables of cases."""

from __future__ import annotations

import hashlib

import pytest
from freecell_helpers import FC_SOLVE, MAKE_BOARD, cards, microsoft_board, solve, solver_move, table
from solitaire.cards import card_text
from solitaire.daily import candidate, daily
from solitaire.game import MAX_DEAL, IllegalMove, Move, OptionSpec, move_notation, parse_move
from solitaire.games.freecell import FreeCell, FreeCellPosition

F = FreeCell()

# Rosetta Code, "Deal cards for FreeCell", printed column by column (deepest card first).
GOLDEN_DEAL_1 = """\
JD KD 2S 4C 3S 6D 6S
2D KC KS 5C TD 8S 9C
9H 9S 9D TS 4S 8D 2H
JC 5S QD QH TH QS 6H
5D AD JS 4H 8H 6C
7H QC AS AC 2C 3D
7C KH AH 4D JH 8C
5H 3H 3C 7S 7D TC"""

GOLDEN_DEAL_617 = """\
7D TD TH KD 4C 4S JD
AD 7S QC 5H QS TS KS
5C QD 3H 9S 9C 2H KC
3S AC 9D 3C 9H 5D 4H
5S 6D 6S 8S 7C JC
8C 8H 8D 7H 6H 6C
2D AS 3D 4D 2C JH
AH KH TC JS 2S QH"""

needs_board_tool = pytest.mark.skipif(
    MAKE_BOARD is None, reason="make-microsoft-freecell-board is not installed (apt-get install freecell-solver-bin)"
)
needs_solver = pytest.mark.skipif(FC_SOLVE is None, reason="fc-solve is not installed (apt-get install freecell-solver-bin)")


# -- the deal ------------------------------------------------------------------


@pytest.mark.parametrize(("number", "golden"), [(1, GOLDEN_DEAL_1), (617, GOLDEN_DEAL_617)])
def test_golden_layouts(number: int, golden: str) -> None:
    assert F.text_layout(F.deal(number)) == golden


@pytest.mark.parametrize(
    ("number", "first_row"),
    [(1, "JD 2D 9H JC 5D 7H 7C 5H"), (617, "7D AD 5C 3S 5S 8C 2D AH")],
)
def test_first_row_as_rosetta_code_prints_it(number: int, first_row: str) -> None:
    assert " ".join(card_text(column[0]) for column in F.deal(number).tableau) == first_row


@pytest.mark.parametrize("number", [1, 617, 11982, 32000, 2**31 - 1])
def test_deal_shape(number: int) -> None:
    position = F.deal(number)
    assert [len(column) for column in position.tableau] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert position.cells == (None,) * 4 and position.foundations == ((),) * 4
    assert sorted(sum(position.tableau, ())) == list(range(52))


@pytest.mark.parametrize("number", [0, -1, 2**31])
def test_deal_numbers_out_of_range(number: int) -> None:
    with pytest.raises(ValueError, match="deal numbers run from 1"):
        F.deal(number)


# A few hundred deal numbers spread over 1..1,000,000, the extremes, and #11982
# (the only deal of the first 32000 that cannot be won; no solver here proves
# that, but it must at least be dealt right).
SPREAD = sorted({1, 2, 617, 11982, 32000, 32001, 1_000_000, 2**31 - 1} | set(range(1, 1_000_001, 3331)))


@needs_board_tool
def test_deals_match_make_microsoft_freecell_board() -> None:
    assert len(SPREAD) > 300
    for number in SPREAD:
        # The tool ends its output with a newline; text_layout, like the CLI's print(), leaves it out.
        assert F.text_layout(F.deal(number)) + "\n" == microsoft_board(number), f"deal {number}"


@needs_board_tool
def test_deal_11982_matches_make_microsoft_freecell_board() -> None:
    assert F.text_layout(F.deal(11982)) + "\n" == microsoft_board(11982)


# -- allowed and forbidden moves -------------------------------------------------

FULL_CELLS = ("2C", "2S", "3C", "3S")

ALLOWED = [
    # (why, position, move, pile that must then read so)
    ("black 8 on red 9", table("9H", "8S"), Move("tableau-2", "tableau-1"), ("tableau-1", "9H 8S")),
    ("red 6 on black 7", table("7C", "6D"), Move("tableau-2", "tableau-1"), ("tableau-1", "7C 6D")),
    ("any card fills an empty column", table("QH 7C", ""), Move("tableau-1", "tableau-2"), ("tableau-2", "7C")),
    ("a run fills an empty column", table("KS QH JC", ""), Move("tableau-1", "tableau-2", 2), ("tableau-2", "QH JC")),
    ("a column card to a free cell", table("9H 8S"), Move("tableau-1", "cell-3"), ("cell-3", "8S")),
    ("a free-cell card to a column", table("9H", cells=("8S",)), Move("cell-1", "tableau-1"), ("tableau-1", "9H 8S")),
    ("a free-cell card to an empty column", table("9H", cells=("-", "4D")), Move("cell-2", "tableau-2"), ("tableau-2", "4D")),
    ("a free-cell card to another free cell", table("9H", cells=("4D",)), Move("cell-1", "cell-4"), ("cell-4", "4D")),
    ("an Ace starts any foundation", table("5C AH"), Move("tableau-1", "foundation-3"), ("foundation-3", "AH")),
    ("a column card to its foundation", table("3D 2H", foundations=("AH",)), Move("tableau-1", "foundation-1"), ("foundation-1", "AH 2H")),
    (
        "a free-cell card to its foundation",
        table(cells=("3S",), foundations=("", "AS 2S")),
        Move("cell-1", "foundation-2"),
        ("foundation-2", "AS 2S 3S"),
    ),
    # (1 + 1 free cell) x 2^0 = 2 cards.
    (
        "a run of 2 with one free cell",
        table("TS", "9H 8S", "KC", "KD", "KH", "KS", "QC", "QD", cells=("2C", "2S", "3C")),
        Move("tableau-2", "tableau-1", 2),
        ("tableau-1", "TS 9H 8S"),
    ),
    # (1 + 2) x 2^1 = 6 cards onto a column.
    (
        "a run of 6 with two free cells and an empty column",
        table("QH", "JS TH 9S 8H 7S 6H", "KC", "KD", "KH", "KS", "QC", cells=("2C", "2S")),
        Move("tableau-2", "tableau-1", 6),
        ("tableau-1", "QH JS TH 9S 8H 7S 6H"),
    ),
    # Into the empty column itself: (1 + 2) x 2^0 = 3 cards.
    (
        "a run of 3 into the only empty column",
        table("QH", "JS TH 9S 8H 7S 6H", "KC", "KD", "KH", "KS", "QC", cells=("2C", "2S")),
        Move("tableau-2", "tableau-8", 3),
        ("tableau-8", "8H 7S 6H"),
    ),
    # Nothing free at all: one card still moves.
    (
        "one card with no free cell and no empty column",
        table("9D", "9H 8S", "KC", "KD", "KH", "KS", "QC", "QD", cells=FULL_CELLS),
        Move("tableau-2", "tableau-1"),
        ("tableau-1", "9D 8S"),
    ),
]


@pytest.mark.parametrize(("why", "position", "move", "expected"), ALLOWED, ids=[case[0] for case in ALLOWED])
def test_allowed(why: str, position: FreeCellPosition, move: Move, expected: tuple[str, str]) -> None:
    assert move in F.legal_moves(position), why
    after = F.apply(position, move)
    pile, text = expected
    assert F.pile_cards(after, pile) == cards(text)
    assert len(F.pile_cards(after, move.source)) == len(F.pile_cards(position, move.source)) - move.count


FORBIDDEN = [
    # (why, position, move, words the reason must contain)
    ("red on red", table("9H", "8D"), Move("tableau-2", "tableau-1"), "alternating colours"),
    ("black on black", table("9C", "8S"), Move("tableau-2", "tableau-1"), "alternating colours"),
    ("not one rank lower", table("TH", "8S"), Move("tableau-2", "tableau-1"), "down by one"),
    ("a higher card on a lower", table("8H", "9S"), Move("tableau-2", "tableau-1"), "down by one"),
    ("a run that is no run", table("9H 4C", "TS"), Move("tableau-1", "tableau-2", 2), "run down in alternating colours"),
    ("more cards than the column has", table("9H", "TS"), Move("tableau-1", "tableau-2", 2), "so many"),
    ("from an empty column", table("", "TS"), Move("tableau-1", "tableau-2"), "column is empty"),
    (
        "a foundation card back to a column",
        table("4C", foundations=("AH 2H 3H",)),
        Move("foundation-1", "tableau-1"),
        "Microsoft FreeCell forbids",
    ),
    (
        "a foundation card to a free cell",
        table("4C", foundations=("AH 2H 3H",)),
        Move("foundation-1", "cell-1"),
        "may not come back from a foundation",
    ),
    ("foundation to foundation", table(foundations=("AH",)), Move("foundation-1", "foundation-2"), "may not come back"),
    ("two cards into a free cell", table("9H 8S"), Move("tableau-1", "cell-1", 2), "one card"),
    ("onto a taken free cell", table("9H 8S", cells=("4D",)), Move("tableau-1", "cell-1"), "free cell is taken"),
    ("from an empty free cell", table("9H"), Move("cell-2", "tableau-1"), "free cell is empty"),
    ("two cards from a free cell", table("9H", cells=("8S",)), Move("cell-1", "tableau-1", 2), "one card"),
    ("a free-cell card that does not fit", table("9H", cells=("8D",)), Move("cell-1", "tableau-1"), "alternating colours"),
    ("a 2 on an empty foundation", table("2H"), Move("tableau-1", "foundation-1"), "starts with an Ace"),
    ("the wrong suit on a foundation", table("2D", foundations=("AH",)), Move("tableau-1", "foundation-1"), "does not follow"),
    ("skipping a rank on a foundation", table("3H", foundations=("AH",)), Move("tableau-1", "foundation-1"), "does not follow"),
    ("two cards to a foundation at once", table("3S 2H", foundations=("AH",)), Move("tableau-1", "foundation-1", 2), "one at a time"),
    ("onto its own column", table("9H 8S"), Move("tableau-1", "tableau-1"), "another pile"),
    ("onto its own free cell", table(cells=("8S",)), Move("cell-1", "cell-1"), "another pile"),
    ("from a pile that does not exist", table("9H"), Move("tableau-9", "tableau-1"), "cannot move"),
    ("from the stock FreeCell does not have", table("9H"), Move("stock", "tableau-1"), "cannot move"),
    ("onto a pile that does not exist", table("9H"), Move("tableau-1", "cell-5"), "cannot be put"),
    ("onto the waste FreeCell does not have", table("9H"), Move("tableau-1", "waste"), "cannot be put"),
    ("zero cards", table("9H", "TS"), Move("tableau-1", "tableau-2", 0), "at least one"),
    # (1 + 1) x 2^0 = 2: a third card is one too many, and the reason says how many may move.
    (
        "a run of 3 with one free cell",
        table("JD", "TS 9H 8S", "KC", "KD", "KH", "KS", "QC", "QD", cells=("2C", "2S", "3C")),
        Move("tableau-2", "tableau-1", 3),
        r"only 2 cards can move at once now: \(1 \+ 1 free cell\) × 2\^0",
    ),
    (
        "a run of 2 with nothing free",
        table("TS", "9H 8S", "KC", "KD", "KH", "KS", "QC", "QD", cells=FULL_CELLS),
        Move("tableau-2", "tableau-1", 2),
        "only 1 card can move at once now",
    ),
    # (1 + 2) x 2^1 = 6 onto a column, but only (1 + 2) x 2^0 = 3 into the empty column.
    (
        "a run of 7 with two free cells and an empty column",
        table("KH", "QS JH TS 9H 8S 7H 6S", "KC", "KD", "QD", "KS", "QC", cells=("2C", "2S")),
        Move("tableau-2", "tableau-1", 7),
        r"only 6 cards can move at once now: \(1 \+ 2 free cells\) × 2\^1 for 1 empty column",
    ),
    (
        "a run of 4 into the only empty column",
        table("KH", "QS JH TS 9H 8S 7H 6S", "KC", "KD", "QD", "KS", "QC", cells=("2C", "2S")),
        Move("tableau-2", "tableau-8", 4),
        r"only 3 cards can move at once now.*empty column you move to does not count",
    ),
]


@pytest.mark.parametrize(("why", "position", "move", "reason"), FORBIDDEN, ids=[case[0] for case in FORBIDDEN])
def test_forbidden(why: str, position: FreeCellPosition, move: Move, reason: str) -> None:
    assert move not in F.legal_moves(position), why
    with pytest.raises(IllegalMove, match=reason):
        F.apply(position, move)


@pytest.mark.parametrize(
    ("free_cells", "empty_columns", "to_column", "to_empty_column"),
    [(0, 0, 1, 1), (1, 0, 2, 2), (4, 0, 5, 5), (0, 1, 2, 1), (1, 1, 4, 2), (2, 2, 12, 6), (4, 3, 40, 20), (4, 7, 640, 320)],
)
def test_move_capacity(free_cells: int, empty_columns: int, to_column: int, to_empty_column: int) -> None:
    fillers = ["KC", "KD", "KH", "KS", "QC", "QD", "QH", "QS"][: 8 - empty_columns]
    position = table(*fillers, cells=FULL_CELLS[: 4 - free_cells])
    assert F.move_capacity(position) == to_column
    if empty_columns:
        assert F.move_capacity(position, to_empty_column=True) == to_empty_column


def test_the_longest_allowed_run_is_the_capacity() -> None:
    # Two free cells, one empty column: the six cards from the JH onto the QC, up to 3 into the empty column.
    position = table("QC", "QS JH TS 9H 8S 7H 6S", "KC", "KD", "QD", "KS", "KH", cells=("2C", "2S"))
    moves = F.legal_moves(position)
    assert {m.count for m in moves if m.source == "tableau-2" and m.target == "tableau-1"} == {6}
    assert {m.count for m in moves if m.source == "tableau-2" and m.target == "tableau-8"} == {1, 2, 3}


def test_every_empty_foundation_and_cell_is_a_target() -> None:
    targets = {m.target for m in F.legal_moves(table("5C AS")) if m.source == "tableau-1"}
    assert {f"foundation-{n}" for n in range(1, 5)} | {f"cell-{n}" for n in range(1, 5)} <= targets


def test_the_deal_has_moves_and_no_foundation_move_back() -> None:
    moves = F.legal_moves(F.deal(1))
    assert moves and not any(m.source.startswith("foundation") for m in moves)


# -- win, no moves, safe moves, auto-complete ----------------------------------------

WON = table(foundations=tuple(" ".join(r + s for r in "A23456789TJQK") for s in "CDHS"))


def test_win() -> None:
    assert F.is_won(WON) and not F.is_stuck(WON)
    assert not F.is_won(F.deal(1))


def test_stuck_when_no_move_at_all_remains() -> None:
    # All black: nothing builds, every cell is taken, no column is empty, no Ace is out.
    position = table("KC", "KS", "QC", "QS", "JC", "JS", "TC", "TS", cells=("9C", "9S", "8C", "8S"))
    assert F.legal_moves(position) == []
    assert F.is_stuck(position)


def test_the_stuck_verdict_says_why() -> None:
    position = table("KC", "KS", "QC", "QS", "JC", "JS", "TC", "TS", cells=("9C", "9S", "8C", "8S"))
    assert str(F.stuck_reason(position)) == (
        "every free cell is taken, no column is empty, and no card fits on another column or a foundation"
    )
    assert F.stuck_reason(F.deal(1)) is None


def test_not_stuck_while_a_free_cell_is_empty() -> None:
    position = table("KC", "KS", "QC", "QS", "JC", "JS", "TC", "TS", cells=("9C", "9S", "8C"))
    assert F.legal_moves(position) and not F.is_stuck(position)


def test_the_deal_is_not_stuck() -> None:
    assert not F.is_stuck(F.deal(1))


def test_safe_moves_send_aces_and_twos() -> None:
    position = table("AH", "3C 2D", cells=("AS",), foundations=("AD",))
    # Each Ace is offered the first empty foundation.
    assert set(F.safe_moves(position)) == {
        Move("tableau-1", "foundation-2"),
        Move("tableau-2", "foundation-1"),
        Move("cell-1", "foundation-2"),
    }


def test_a_card_is_not_safe_while_a_lower_card_of_the_other_colour_may_need_it() -> None:
    # The 5H could still hold the black 4s, which are not yet on their foundations.
    position = table("5H", foundations=("AH 2H 3H 4H", "AC 2C 3C", "AS 2S 3S 4S"))
    assert F.safe_moves(position) == []
    # With both black 4s home it is safe.
    position = table("5H", foundations=("AH 2H 3H 4H", "AC 2C 3C 4C", "AS 2S 3S 4S"))
    assert F.safe_moves(position) == [Move("tableau-1", "foundation-1")]


def test_safe_moves_are_legal() -> None:
    position = table("AH", "3C 2D", cells=("AS",), foundations=("AD",))
    assert set(F.safe_moves(position)) <= set(F.legal_moves(position))


DESCENDING = table(
    "KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H",
    "KH QS JH TS 9H 8S 7H 6S 5H 4S 3H 2S",
    "KD QC JD TC 9D 8C 7D 6C 5D 4C 3D 2C",
    "KC QD JC TD 9C 8D 7C 6D 5C 4D",
    "AC",
    "3C",  # descending in any colours: the black 3 lies alone
    cells=("AH", "2D", "AS", "AD"),
)


def test_completion_when_every_column_descends() -> None:
    line = F.completion(DESCENDING)
    assert line is not None and len(line) == 52
    position = DESCENDING
    for move in line:
        position = F.apply(position, move)
    assert F.is_won(position)


RED_HOME = ("AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH")


def test_completion_ignores_colours() -> None:
    # Black on black is no run, but descending columns still let every card go home.
    position = table("KC QS JC TS 9C 8S 7C 6S 5C 4S 3C 2S", "KS QC JS TC 9S 8C 7S 6C 5S 4C 3S 2C", cells=("AC", "AS"), foundations=RED_HOME)
    line = F.completion(position)
    assert line is not None
    for move in line:
        position = F.apply(position, move)
    assert F.is_won(position)


def test_no_completion_while_a_column_is_out_of_order() -> None:
    # The AC lies under the 2S.
    position = table("KC QS JC TS 9C 8S 7C 6S 5C 4S 3C AC 2S", "KS QC JS TC 9S 8C 7S 6C 5S 4C 3S 2C", "AS", foundations=RED_HOME)
    assert F.completion(position) is None


def test_no_completion_from_a_deal_or_a_won_game() -> None:
    assert F.completion(F.deal(1)) is None
    assert F.completion(WON) is None


# -- presentation ----------------------------------------------------------------------


def test_slots() -> None:
    slots = {slot.name: slot for slot in F.slots()}
    assert [(slots[f"cell-{n}"].x, slots[f"cell-{n}"].y) for n in range(1, 5)] == [(0, 0), (1, 0), (2, 0), (3, 0)]
    assert [(slots[f"foundation-{n}"].x, slots[f"foundation-{n}"].y) for n in range(1, 5)] == [(4, 0), (5, 0), (6, 0), (7, 0)]
    assert [(slots[f"tableau-{n}"].x, slots[f"tableau-{n}"].y) for n in range(1, 9)] == [(x, 1) for x in range(8)]
    assert all(slots[f"tableau-{n}"].fan == "down" for n in range(1, 9))
    assert all(slots[f"foundation-{n}"].empty_hint == "A" for n in range(1, 5))
    assert all(slots[f"cell-{n}"].empty_hint == "cell" for n in range(1, 5))  # unlike the foundations
    assert len(slots) == 16


def test_piles_show_every_card_face_up_in_slot_order() -> None:
    position = F.apply(F.deal(1), Move("tableau-5", "cell-2"))
    piles = F.piles(position)
    assert [pile.name for pile in piles] == [slot.name for slot in F.slots()]
    views = {pile.name: pile for pile in piles}
    assert views["cell-2"].cards == cards("6C") and views["cell-1"].cards == ()
    assert all(all(pile.face_up) and not any(pile.locked) for pile in piles)
    assert sorted(sum((pile.cards for pile in piles), ())) == list(range(52))


def test_not_scored() -> None:
    assert F.score(F.deal(1), 100, False) is None
    assert F.score(WON, 100, True) is None


@pytest.mark.parametrize(
    ("position", "line"),
    [
        (F.deal(1), "Free cells 4 of 4 · can move 5"),
        (table("KC", "KS", "QC", "QS", "JC", "JS", cells=("9C", "9S")), "Free cells 2 of 4 · can move 12"),
        (table("KC", "KS", "QC", "QS", "JC", "JS", "TC", "TS", cells=FULL_CELLS), "Free cells 0 of 4 · can move 1"),
        (table("KC", cells=()), "Free cells 4 of 4 · can move 13"),  # 5 x 2**7 by the rule: no run is longer than a suit
        (WON, "Free cells 4 of 4"),  # all home: nothing left to move
    ],
)
def test_status_line(position: FreeCellPosition, line: str) -> None:
    assert str(F.status_line(position)) == line


def test_the_building_option() -> None:
    """Alternating colours by default; any colour order deals the same cards and has its own dailies."""
    assert FreeCell.option_specs == (OptionSpec("building", ("alternate", "any"), own_daily=True, added_later=True),)
    assert F.options == {"building": "alternate"} and not F.any_colour and ANY.any_colour
    assert ANY.deal(617) == F.deal(617)
    with pytest.raises(ValueError, match="unknown option"):
        FreeCell({"draw": "3"})
    with pytest.raises(ValueError, match="must be"):
        FreeCell({"building": "suit"})


# -- building in any colour order (option building=any) ------------------------------------

ANY = FreeCell({"building": "any"})

ALLOWED_ANY = [
    ("red 8 on red 9", table("9H", "8D"), Move("tableau-2", "tableau-1"), ("tableau-1", "9H 8D")),
    ("black 8 on black 9", table("9C", "8S"), Move("tableau-2", "tableau-1"), ("tableau-1", "9C 8S")),
    ("black 8 on red 9, as ever", table("9H", "8S"), Move("tableau-2", "tableau-1"), ("tableau-1", "9H 8S")),
    ("the same suit", table("9H", "8H"), Move("tableau-2", "tableau-1"), ("tableau-1", "9H 8H")),
    ("a free-cell card of the same colour", table("9H", cells=("8D",)), Move("cell-1", "tableau-1"), ("tableau-1", "9H 8D")),
    ("a run in one colour", table("TS", "9C 8S 7C"), Move("tableau-2", "tableau-1", 3), ("tableau-1", "TS 9C 8S 7C")),
    ("a mixed run into an empty column", table("KS QH JD TD", ""), Move("tableau-1", "tableau-2", 3), ("tableau-2", "QH JD TD")),
    # (1 + 2) x 2^1 = 6 cards onto a column: the supermove count is FreeCell's.
    (
        "a run of 6 with two free cells and an empty column",
        table("QH", "JH TD 9D 8H 7H 6D", "KC", "KD", "KH", "KS", "QC", cells=("2C", "2S")),
        Move("tableau-2", "tableau-1", 6),
        ("tableau-1", "QH JH TD 9D 8H 7H 6D"),
    ),
]


@pytest.mark.parametrize(("why", "position", "move", "expected"), ALLOWED_ANY, ids=[case[0] for case in ALLOWED_ANY])
def test_allowed_in_any_colour(why: str, position: FreeCellPosition, move: Move, expected: tuple[str, str]) -> None:
    assert move in ANY.legal_moves(position), why
    after = ANY.apply(position, move)
    pile, text = expected
    assert ANY.pile_cards(after, pile) == cards(text)


FORBIDDEN_ANY = [
    ("not one rank lower", table("TH", "8D"), Move("tableau-2", "tableau-1"), "columns build down by one rank"),
    ("a higher card on a lower", table("8H", "9H"), Move("tableau-2", "tableau-1"), "columns build down by one rank"),
    ("the same rank", table("8H", "8S"), Move("tableau-2", "tableau-1"), "columns build down by one rank"),
    ("a run with a gap", table("9H 7C", "TS"), Move("tableau-1", "tableau-2", 2), "only a run down by one rank moves together"),
    ("a run going up", table("8H 9H", "TS"), Move("tableau-1", "tableau-2", 2), "only a run down by one rank moves together"),
    (
        "a run of 7 with two free cells and an empty column",
        table("KH", "QH JD TD 9D 8H 7H 6D", "KC", "KD", "QD", "KS", "QC", cells=("2C", "2S")),
        Move("tableau-2", "tableau-1", 7),
        r"only 6 cards can move at once now",
    ),
    (
        "a run of 4 into the only empty column",
        table("KH", "QH JD TD 9D 8H 7H 6D", "KC", "KD", "QD", "KS", "QC", cells=("2C", "2S")),
        Move("tableau-2", "tableau-8", 4),
        r"only 3 cards can move at once now.*empty column you move to does not count",
    ),
    ("a foundation card back", table("4C", foundations=("AH 2H 3H",)), Move("foundation-1", "tableau-1"), "may not come back"),
]


@pytest.mark.parametrize(("why", "position", "move", "reason"), FORBIDDEN_ANY, ids=[case[0] for case in FORBIDDEN_ANY])
def test_forbidden_in_any_colour(why: str, position: FreeCellPosition, move: Move, reason: str) -> None:
    assert move not in ANY.legal_moves(position), why
    with pytest.raises(IllegalMove, match=reason):
        ANY.apply(position, move)


def test_in_any_colour_the_alternating_rule_still_refuses_what_it_did() -> None:
    assert Move("tableau-2", "tableau-1") not in F.legal_moves(table("9H", "8D"))
    with pytest.raises(IllegalMove, match="only a run down in alternating colours"):
        F.apply(table("TS", "9C 8S 7C"), Move("tableau-2", "tableau-1", 3))


def test_in_any_colour_a_card_is_safe_only_when_every_lower_card_is_home() -> None:
    # The 5H could hold the 4D too, which is out: not safe under the any-colour rule (it is when alternating).
    position = table("5H 4D", foundations=("AH 2H 3H 4H", "AC 2C 3C 4C", "AS 2S 3S 4S", "AD 2D 3D"))
    moved = F.apply(position, Move("tableau-1", "cell-1"))
    assert Move("tableau-1", "foundation-1") in F.safe_moves(moved)
    assert ANY.safe_moves(moved) == [Move("cell-1", "foundation-4")]  # the 4D goes, the 5H waits for it
    after = ANY.apply(moved, Move("cell-1", "foundation-4"))
    assert ANY.safe_moves(after) == [Move("tableau-1", "foundation-1")]


def test_in_any_colour_the_status_line_and_the_layout_are_freecells() -> None:
    assert str(ANY.status_line(ANY.deal(1))) == "Free cells 4 of 4 · can move 5"
    assert ANY.text_layout(ANY.deal(1)) == GOLDEN_DEAL_1


def test_the_any_colour_rule_has_its_own_dailies_and_the_default_keeps_its_own() -> None:
    date = "2026-12-06"
    # The default's candidates are those of a FreeCell without the option: the date and the game alone.
    digest = hashlib.sha256(f"{date}|freecell|".encode()).digest()
    assert candidate("freecell", {}, date, 0) == int.from_bytes(digest[:8], "big") % MAX_DEAL + 1
    assert candidate("freecell", {"building": "alternate"}, date, 0) == candidate("freecell", {}, date, 0)
    digest = hashlib.sha256(f"{date}|freecell|building=any".encode()).digest()
    assert candidate("freecell", {"building": "any"}, date, 0) == int.from_bytes(digest[:8], "big") % MAX_DEAL + 1
    day = daily("freecell", {"building": "any"}, date)
    assert day.verdict is not None and day.verdict.status == "winnable"
    position = ANY.deal(day.deal)
    for move in day.verdict.moves:
        position = ANY.apply(position, move)
    assert ANY.is_won(position)
    assert day.deal != daily("freecell", {}, date).deal


@pytest.mark.parametrize(
    ("move", "text"),
    [
        (Move("tableau-3", "cell-1"), "t3>c1"),
        (Move("cell-1", "tableau-5"), "c1>t5"),
        (Move("tableau-2", "tableau-7", 4), "t2>t7x4"),
        (Move("cell-2", "foundation-1"), "c2>f1"),
        (Move("tableau-4", "foundation-3"), "t4>f3"),
        (Move("cell-2", "cell-4"), "c2>c4"),
    ],
)
def test_move_notation(move: Move, text: str) -> None:
    assert move_notation(move) == text and parse_move(text) == move


# -- text notation (Freecell Solver's board format) ------------------------------------

# Deal 617 after 39 moves of fc-solve's solution: foundations, free cells and an empty column.
MID_GAME = table(
    "7D TD TH KD 4C 4S 3D",
    "AD 7S QC JH TC 9H",
    "5C QD 3H 9S 9C 2H KC QH JS",
    "",
    "5S 6D 6S 8S 7C JC",
    "8C 8H 8D 7H 6H 6C 5H",
    "4H 3C 2D",
    "KH QS JD TS 9D",
    cells=("KS", "-", "4D", "5D"),
    foundations=("", "AC 2C", "AS 2S 3S", "AH"),
)
MID_GAME_TEXT = """\
Foundations: D-0 C-2 S-3 H-A
Freecells: KS - 4D 5D
7D TD TH KD 4C 4S 3D
AD 7S QC JH TC 9H
5C QD 3H 9S 9C 2H KC QH JS
:
5S 6D 6S 8S 7C JC
8C 8H 8D 7H 6H 6C 5H
4H 3C 2D
KH QS JD TS 9D"""


def test_mid_game_layout() -> None:
    assert F.text_layout(MID_GAME) == MID_GAME_TEXT
    assert F.parse_layout(MID_GAME_TEXT) == MID_GAME


def test_only_the_lines_in_use_are_written() -> None:
    only_cells = F.apply(F.deal(1), Move("tableau-5", "cell-3"))
    assert F.text_layout(only_cells).splitlines()[0] == "Freecells: - - 6C -"
    assert F.text_layout(only_cells).splitlines()[1:] == GOLDEN_DEAL_1.replace("8H 6C", "8H").splitlines()


def test_foundation_line_follows_the_piles() -> None:
    position = table(foundations=("", "AS 2S 3S", "", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH"))
    assert F.text_layout(position).splitlines()[0] == "Foundations: C-0 S-3 D-0 H-T"


@pytest.mark.parametrize("number", [1, 617, 11982, 2**31 - 1])
def test_a_deal_reads_back(number: int) -> None:
    position = F.deal(number)
    assert F.parse_layout(F.text_layout(position)) == position


# What fc-solve -p -t prints for MID_GAME: foundations in its own suit order with a trailing
# space, aligned free cells (four characters each, blanks for an empty cell), a colon before
# every column and ": " for an empty one.
FC_SOLVE_STATE = (
    "Foundations: H-A C-2 D-0 S-3 \n"
    "Freecells:  KS      4D  5D\n"
    ": 7D TD TH KD 4C 4S 3D\n"
    ": AD 7S QC JH TC 9H\n"
    ": 5C QD 3H 9S 9C 2H KC QH JS\n"
    ": \n"
    ": 5S 6D 6S 8S 7C JC\n"
    ": 8C 8H 8D 7H 6H 6C 5H\n"
    ": 4H 3C 2D\n"
    ": KH QS JD TS 9D\n"
)


def test_reads_fc_solve_state_output() -> None:
    position = F.parse_layout(FC_SOLVE_STATE)
    assert position.tableau == MID_GAME.tableau and position.cells == MID_GAME.cells
    # The piles follow the line's order: hearts, clubs, diamonds (not started), spades.
    assert position.foundations == (cards("AH"), cards("AC 2C"), (), cards("AS 2S 3S"))


@pytest.mark.parametrize(
    ("header", "cells"),
    [
        ("FC: 3D 8C", ("3D", "8C", "", "")),
        ("Freecells: - 3D", ("", "3D", "", "")),
        ("Freecells:  QS  3S  -  KD", ("QS", "3S", "", "KD")),
        ("Freecells:      3D      8C", ("", "3D", "", "8C")),
        ("Freecells:", ("", "", "", "")),
    ],
)
def test_free_cell_lines_of_other_programs(header: str, cells: tuple[str, ...]) -> None:
    held = {"3D", "8C", "QS", "3S", "KD"} & set(header.split())
    rest = [c for c in GOLDEN_DEAL_1.split() if c not in held]
    columns = [" ".join(rest[i : i + 7]) for i in range(0, len(rest), 7)]
    columns += [""] * (8 - len(columns))
    text = header + "\n" + "\n".join(column or ":" for column in columns)
    position = F.parse_layout(text)
    assert position.cells == tuple(None if c == "" else cards(c)[0] for c in cells)


def test_reads_other_spellings() -> None:
    text = "# deal 1, as the README of Freecell Solver writes boards\n\nFounds: H-0\n" + GOLDEN_DEAL_1.replace("T", "10").replace(
        "JD KD", ": JD KD"
    )
    assert F.parse_layout(text) == F.deal(1)


def test_reads_a_king_high_foundation() -> None:
    position = F.parse_layout("Founds: H-K C-K D-K S-K\n:\n:\n:\n:\n:\n:\n:\n:")
    assert F.is_won(position) and F.text_layout(position).splitlines()[0] == "Foundations: H-K C-K D-K S-K"


LAYOUT_ERRORS = [
    ("seven columns", "\n".join(GOLDEN_DEAL_1.splitlines()[:7]), "8 column lines, not 7"),
    ("nine columns", GOLDEN_DEAL_1 + "\n:", "8 column lines, not 9"),
    ("a card twice", GOLDEN_DEAL_1.replace("TC", "JD"), r"twice: JD; missing: TC"),
    ("a card missing", GOLDEN_DEAL_1.replace(" TC", ""), "missing: TC"),
    ("a card in a column and on a foundation", "Foundations: H-A\n" + GOLDEN_DEAL_1, "twice: AH"),
    ("not a card", GOLDEN_DEAL_1.replace("TC", "XC"), "not a card"),
    ("five free cells", "FC: AH - - - -\n" + GOLDEN_DEAL_1, "4 free cells, not 5"),
    ("a bad foundation", "Foundations: H5\n" + GOLDEN_DEAL_1, "suit-rank"),
    ("a bad foundation rank", "Foundations: H-X\n" + GOLDEN_DEAL_1, "not a foundation rank"),
    ("a suit twice", "Foundations: H-0 H-0\n" + GOLDEN_DEAL_1, "suit H twice"),
    ("five foundations", "Foundations: H-0 C-0 D-0 S-0 H-0\n" + GOLDEN_DEAL_1, "at most 4 foundations"),
    ("foundations twice", "Foundations: H-0\nFoundations: H-0\n" + GOLDEN_DEAL_1, "foundations twice"),
    ("free cells twice", "FC: -\nFreecells: -\n" + GOLDEN_DEAL_1, "free cells twice"),
]


@pytest.mark.parametrize(("why", "text", "reason"), LAYOUT_ERRORS, ids=[case[0] for case in LAYOUT_ERRORS])
def test_layout_errors(why: str, text: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        F.parse_layout(text)


# -- Freecell Solver plays our positions -------------------------------------------------


def play_solution(position: FreeCellPosition, lines: list[str]) -> list[FreeCellPosition]:
    positions = [position]
    for line in lines:
        move = solver_move(F, positions[-1], line)
        assert move in F.legal_moves(positions[-1]), f"{line} -> {move}"
        positions.append(F.apply(positions[-1], move))
    return positions


@needs_solver
@pytest.mark.parametrize("number", [1, 617])
def test_fc_solve_solutions_replay_as_legal_moves(number: int) -> None:
    """fc-solve's solution of a deal (with its supermoves) is legal here and wins."""
    lines = solve(F.text_layout(F.deal(number)))
    assert lines is not None
    assert F.is_won(play_solution(F.deal(number), lines)[-1])


@needs_solver
def test_fc_solve_reads_our_mid_game_positions() -> None:
    """A position with foundations, free cells and an empty column, as we write it, is one fc-solve solves."""
    lines = solve(F.text_layout(F.deal(1)))
    assert lines is not None
    positions = play_solution(F.deal(1), lines)
    middle = next(p for p in positions if any(p.foundations) and any(p.cells) and not all(p.tableau) and None in p.cells)
    text = F.text_layout(middle)
    assert text.startswith("Foundations: ") and "\nFreecells: " in text and "\n:" in text
    assert F.parse_layout(text) == middle
    rest = solve(text)
    assert rest is not None
    assert F.is_won(play_solution(middle, rest)[-1])


@needs_solver
def test_fc_solve_reads_the_mid_game_golden_text() -> None:
    lines = solve(MID_GAME_TEXT)
    assert lines is not None
    assert F.is_won(play_solution(MID_GAME, lines)[-1])
