"""The review of a game: the losing turn found by bisection, only from exact verdicts."""

from __future__ import annotations

from typing import Any

import pytest
from solitaire.cards import card_text
from solitaire.game import move_notation, parse_move
from solitaire.registry import make_rules
from solitaire.review import MAX_GIVE_UPS, Review
from solitaire.solver import Verdict, solver_for
from solitaire_bridge import Bridge
from test_bridge import send

# A Double Klondike endgame (found by a random search of endgames): no move of a deal's
# winning line that was tried could be proven lost within a small budget (two decks leave
# too much to search), but from here the solver proves some moves lost at once.
DOUBLE_KLONDIKE_ENDGAME = """
waste: JH JS
foundation-1: AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC
foundation-2: AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD
foundation-3: AH 2H 3H 4H 5H 6H
foundation-4: AS 2S 3S 4S 5S 6S
foundation-5: AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC
foundation-6: AD 2D 3D 4D 5D 6D
foundation-7: AH 2H 3H 4H 5H 6H 7H 8H 9H
foundation-8: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS
tableau-1: 8S 9S
tableau-2: [TH] [TS] KS
tableau-3: [TD] [TH] [JD] JH
tableau-4: KH
tableau-5: 7S 9D
tableau-6: [8H] [7H] [9H] QD
tableau-7: KH
tableau-8: QS QH KD 8D
tableau-9: [7D] QH
"""

# (game, options, deal or a layout, the first turn of the solver's winning line from which
# to look for a move that loses): each has such a move there or a few turns later, proven
# lost within CHILD_BUDGET positions.
LOSING: list[tuple[str, dict[str, str], int | str, int]] = [
    ("klondike", {"draw": "1", "scoring": "vegas"}, 5, 40),
    ("freecell", {}, 1, 12),
    ("pyramid", {}, 2, 47),
    ("tripeaks", {}, 4, 19),
    ("spider", {"suits": "1"}, 1, 82),
    ("spider", {"suits": "2"}, 5, 154),
    ("spider", {"suits": "4"}, 2, 362),
    ("double-klondike", {"draw": "1"}, DOUBLE_KLONDIKE_ENDGAME, 0),
    ("eight-off", {}, 4, 1),
    ("golf", {}, 2, 3),
    ("scorpion", {}, 16, 0),
    ("forty-thieves", {}, 1, 207),
    ("canfield", {}, 1, 40),
    ("yukon", {}, 1, 21),
]
CHILD_BUDGET = 3_000


def label(case: tuple[str, dict[str, str], int | str, int]) -> str:
    return "-".join([case[0], *case[1].values()])


MOVES_AFTER = 12  # moves played after the losing one (the first legal move each time)


def lost_game(game: str, options: dict[str, str], deal: int | str, first: int) -> tuple[Any, list[Any], int]:
    """Rules, the positions of a game of ``deal`` (or from a layout) that follows the solver's
    winning line, then at the first turn from ``first`` on where some other move is proven
    lost plays that move, then a few more; and the index of the losing turn."""
    rules = make_rules(game, options)
    solver = solver_for(rules)
    position = rules.deal(deal) if isinstance(deal, int) else rules.parse_layout(deal)
    line = solver.solve(position, 20_000)
    assert line.status == "winnable"
    positions = [position]
    for turn, move in enumerate(line.moves):
        if turn >= first:
            for other in rules.legal_moves(position):
                after = rules.apply(position, other)
                if other != move and solver.solve(after, CHILD_BUDGET).status == "unwinnable":
                    positions.append(after)
                    for _ in range(MOVES_AFTER):
                        moves = rules.legal_moves(positions[-1])
                        if not moves:
                            break
                        positions.append(rules.apply(positions[-1], moves[0]))
                    return rules, positions, turn
            assert turn < first + 30, "no losing move found: pick another turn or deal"
        position = rules.apply(position, move)
        positions.append(position)
    raise AssertionError("the line ended before a losing move was found")


@pytest.mark.parametrize(("game", "options", "deal", "first"), LOSING, ids=[label(case) for case in LOSING])
def test_the_review_names_the_turn_that_lost_the_game(game: str, options: dict[str, str], deal: int | str, first: int) -> None:
    rules, positions, losing = lost_game(game, options, deal, first)
    findings = Review(rules, positions).finish()
    assert findings.losing_turn == losing
    assert findings.last_winnable == losing and findings.first_lost == losing + 1 and findings.undecided is None
    assert findings.statuses == ("winnable",) * (losing + 1) + ("unwinnable",) * (len(positions) - losing - 1)
    # Bisection: a handful of searches, not one per position.
    assert findings.searched <= 2 + len(positions).bit_length()
    # The line from the last winnable position wins.
    position = positions[losing]
    for move in findings.line:
        position = rules.apply(position, move)
    assert rules.is_won(position)


def test_positions_no_search_settles_stay_undecided() -> None:
    rules, positions, losing = lost_game(*LOSING[3])
    findings = Review(rules, positions, budget=2).finish()  # two positions per search: most give up
    assert findings.losing_turn is None and findings.undecided is not None
    first, last = findings.undecided
    assert first <= losing < losing + 1 <= last
    assert all(status == "unknown" for status in findings.statuses[first : last + 1])
    # What is known is right.
    assert all(status != "unwinnable" for status in findings.statuses[: losing + 1])
    assert all(status != "winnable" for status in findings.statuses[losing + 1 :])
    assert findings.searched <= MAX_GIVE_UPS + 1


def test_verdicts_the_analysis_has_are_not_searched_again() -> None:
    rules, positions, losing = lost_game(*LOSING[3])
    solver = solver_for(rules)
    known: dict[Any, Verdict] = {positions[losing]: solver.solve(positions[losing], 20_000)}
    known[positions[losing + 1]] = solver.solve(positions[losing + 1], 20_000)
    findings = Review(rules, positions, known.get).finish()
    assert findings.losing_turn == losing and findings.searched == 0 and findings.nodes == 0


def test_a_won_game_was_never_lost() -> None:
    rules = make_rules("tripeaks")
    position = rules.deal(4)
    positions = [position]
    for move in solver_for(rules).solve(position, 20_000).moves:
        positions.append(rules.apply(positions[-1], move))
    findings = Review(rules, positions).finish()
    assert findings.statuses == ("winnable",) * len(positions) and findings.losing_turn is None
    assert findings.undecided is None and findings.line == ()
    # Only the start is searched: the solver's line from the deal, to compare the player's with.
    assert findings.searched == 1 and findings.start_line
    position = positions[0]
    for move in findings.start_line:
        position = rules.apply(position, move)
    assert rules.is_won(position)


def test_a_game_given_up_while_still_winnable_has_no_losing_turn() -> None:
    rules = make_rules("freecell")
    positions = [rules.deal(1)]
    for move in solver_for(rules).solve(positions[0], 20_000).moves[:10]:
        positions.append(rules.apply(positions[-1], move))
    findings = Review(rules, positions).finish()
    assert findings.statuses == ("winnable",) * len(positions) and findings.losing_turn is None
    assert findings.searched == 1 and findings.line  # the newest position, and how to win from it


def test_slices_of_any_size_reach_the_same_findings() -> None:
    rules, positions, _ = lost_game(*LOSING[2])
    whole = Review(rules, positions).finish()
    review = Review(rules, positions)
    while (sliced := review.run(7)) is None:
        pass
    assert sliced == whole


@pytest.mark.parametrize(
    ("game", "options", "budget"), [("spider", {"suits": "4"}, 400_000), ("klondike", {"draw": "3"}, 150_000), ("freecell", {}, 100_000)]
)
def test_each_search_of_a_review_gets_the_analysis_budget_or_at_most_400_000(game: str, options: dict[str, str], budget: int) -> None:
    # 4-suit Spider's analysis has 3 million: a handful of such searches would take minutes.
    rules = make_rules(game, options)
    assert Review(rules, [rules.deal(1)]).budget == budget == min(solver_for(rules).analysis_budget, 400_000)


def test_a_review_needs_a_position() -> None:
    with pytest.raises(ValueError):
        Review(make_rules("tripeaks"), [])


def reviewed_bridge() -> tuple[Bridge, int, int]:
    """A bridge whose game is TriPeaks deal 4 lost at a known turn (loaded as a save)."""
    rules, positions, losing = lost_game(*LOSING[3])
    turns = []
    for before, after in zip(positions, positions[1:]):
        turns.append([next(move_notation(m) for m in rules.legal_moves(before) if rules.apply(before, m) == after)])
    bridge = Bridge()
    save = {"version": 1, "game": "tripeaks", "options": {}, "deal": 4, "turns": turns, "undone": [], "seconds": 60}
    assert send(bridge, type="load", save=save)["ok"]
    return bridge, losing, len(turns)


def test_the_bridge_reviews_the_game_in_slices_and_takes_it_back() -> None:
    bridge, losing, turns = reviewed_bridge()
    answer = send(bridge, type="review", nodes=5)
    slices = 1
    while not answer["done"]:
        assert answer["ok"] and answer["searched"] >= 1
        answer = send(bridge, type="review", nodes=5)
        slices += 1
    assert slices > 1 and answer["losingTurn"] == losing and answer["undecided"] is None
    assert answer["statuses"][losing] == "winnable" and answer["statuses"][losing + 1] == "unwinnable"
    assert len(answer["turns"]) == turns and answer["line"]
    # The verdicts serve the live analysis: the position on the table is known lost at once.
    assert send(bridge, type="analyse", nodes=1)["analysis"]["status"] == "unwinnable"
    view = send(bridge, type="back", position=losing)
    assert view["ok"] and view["moves"] == losing and view["assisted"] and view["canRedo"]
    assert send(bridge, type="analyse", nodes=1)["analysis"]["status"] == "winnable"
    assert send(bridge, type="review", nodes=1_000)["statuses"] == ["winnable"] * (losing + 1)


@pytest.mark.parametrize("position", [-1, 10_000, "3", True, None])
def test_taking_back_to_a_position_the_game_has_not_is_explained(position: object) -> None:
    bridge, _, turns = reviewed_bridge()
    answer = send(bridge, type="back", position=position)
    assert not answer["ok"] and f"positions 0 to {turns}" in answer["error"]
    assert send(bridge, type="view")["moves"] == turns


def test_peeking_shows_a_position_of_the_history_or_of_the_winning_line_and_changes_nothing() -> None:
    bridge, losing, turns = reviewed_bridge()
    before = send(bridge, type="view")
    start = send(bridge, type="peek", position=0)
    assert start["ok"] and start["piles"] == send(Bridge(), type="new", game="tripeaks", deal=4)["piles"]
    assert send(bridge, type="peek", position=turns)["piles"] == before["piles"]
    with_line = send(bridge, type="peek", position=losing, line=1)
    assert not with_line["ok"] and "line" in with_line["error"]  # no review has finished yet
    review = send(bridge, type="review", nodes=100_000)
    assert review["done"]
    end = send(bridge, type="peek", position=losing, line=len(review["line"]))
    peaks = [pile for pile in end["piles"] if pile["name"].startswith("peak-")]
    assert len(peaks) == 28 and not any(pile["cards"] for pile in peaks)  # won: the peaks cleared
    for bad in (
        {"position": losing, "line": len(review["line"]) + 1},
        {"position": losing + 1, "line": 1},
        {"position": -1},
        {"position": "0"},
    ):
        assert not send(bridge, type="peek", **bad)["ok"]
    assert send(bridge, type="view")["piles"] == before["piles"]
    # A move taken back (and played again: the same turns) makes the review stale.
    send(bridge, type="undo")
    send(bridge, type="redo")
    assert not send(bridge, type="peek", position=losing, line=1)["ok"]
    assert send(bridge, type="review", nodes=100_000)["losingTurn"] == losing


def test_a_challenges_line_shows_beside_the_game_and_where_the_game_left_it() -> None:
    bridge, losing, turns = reviewed_bridge()
    # The challenger won by the solver's line from the deal: the lost game followed it up to its losing turn.
    rules = make_rules("tripeaks")
    theirs = [move_notation(move) for move in solver_for(rules).solve(rules.deal(4), 20_000).moves]
    before = send(bridge, type="view")
    answer = send(bridge, type="review", nodes=1_000_000, challenge=theirs)
    assert answer["done"] and answer["losingTurn"] == losing
    challenge = answer["challenge"]
    assert challenge["won"] and len(challenge["moves"]) == len(theirs)
    assert challenge["parted"] == losing and challenge["shared"] == losing  # TriPeaks: one move a turn
    assert challenge["moves"][0]["from"] == parse_move(theirs[0]).source
    # Its positions, as the slider walks them: the start, and the won end.
    assert send(bridge, type="peek", position=0, challenge=0)["piles"] == send(bridge, type="peek", position=0)["piles"]
    end = send(bridge, type="peek", position=0, challenge=len(theirs))["piles"]
    assert not any(pile["cards"] for pile in end if pile["name"].startswith("peak-"))
    for bad in (len(theirs) + 1, -1, "1", True):
        refused = send(bridge, type="peek", position=0, challenge=bad)
        assert not refused["ok"] and f"positions 0 to {len(theirs)}" in refused["error"]
    # A game that is the challenger's line so far never left it.
    follower = Bridge()
    save = {"version": 1, "game": "tripeaks", "options": {}, "deal": 4, "turns": [[move] for move in theirs[:5]], "undone": []}
    assert send(follower, type="load", save=save | {"seconds": 1})["ok"]
    assert send(follower, type="review", nodes=1_000_000, challenge=theirs)["challenge"] | {"moves": []} == {
        "moves": [],
        "won": True,
        "parted": None,
        "shared": 5,
    }
    # A line that does not replay is explained, and the game stays as it was.
    refused = send(bridge, type="review", nodes=1_000_000, challenge=["t9>t1"])
    assert not refused["ok"] and "move 1 (t9>t1)" in refused["error"].lower()
    assert not send(bridge, type="review", nodes=1, challenge="t1>f")["ok"]
    assert send(bridge, type="view")["piles"] == before["piles"] and turns == before["moves"]


def test_the_review_of_a_won_game_counts_the_moves_taken_back() -> None:
    bridge = Bridge()
    send(bridge, type="new", game="tripeaks", deal=4)
    line = send(bridge, type="review", nodes=100_000)["line"]  # still winnable at the start: the way to win
    send(bridge, type="stock")
    send(bridge, type="undo")
    view: dict[str, Any] = {}
    for text in line:
        move = parse_move(text)
        if move.source == "stock":
            view = send(bridge, type="stock")
        else:
            size = next(len(pile["cards"]) for pile in send(bridge, type="view")["piles"] if pile["name"] == move.source)
            view = send(bridge, type="move", **{"from": move.source, "index": size - move.count, "to": move.target})
        assert view["ok"], text
    assert view["status"] == "won"
    review = send(bridge, type="review", nodes=100_000)
    assert review["won"] and review["takenBack"] == 1 and review["moves"] == len(line)
    assert review["solverMoves"] == len(line) and review["losingTurn"] is None
    saved = send(bridge, type="save")["save"]
    assert saved["takenBack"] == 1
    assert not send(Bridge(), type="load", save=saved | {"takenBack": -1})["ok"]


def test_the_review_says_which_cards_the_losing_move_left_never_free() -> None:
    rules, positions, losing = lost_game(*LOSING[0])  # Klondike, Vegas: a draw that buries cards for good
    solver = solver_for(rules)
    stuck = solver.never_free(positions[losing + 1])
    assert stuck and solver.never_free(positions[losing]) == ()
    assert [card % 13 for card in stuck] == sorted(card % 13 for card in stuck)  # lowest rank first
    # Never a card of a position that can still be won: along a winning line, none.
    position = rules.deal(LOSING[0][2])
    for move in solver.solve(position, 20_000).moves:
        assert solver.never_free(position) == ()
        position = rules.apply(position, move)
    # Games whose solvers have no such test say nothing.
    other, others, lost_at = lost_game(*LOSING[1])
    assert solver_for(other).never_free(others[lost_at + 1]) == ()


PYRAMID_APEX_ALONE = """
stock: [QC] [4S] [AS] [5C] [AH] [KS] [QS] [QH] [QD] [9D] [3D] [3S] [AC] [4C] [2H] [8C] [TC] [3H] [2S] [9H]
foundation-1: 6C 7C 6H 7S
row-1: 7D
row-2: 9C 4D
row-3: 8H 8D 5S
row-4: JD 6D 9S JC
row-5: 5D KD 3C 2D JH
row-6: 5H 7H 4H 2C AD 6S
row-7: KC KH TH TS JS TD 8S
"""


def test_a_pyramid_card_whose_partners_all_lie_under_it_is_never_free() -> None:
    # Pyramid deal 1 with two Sixes and two Sevens paired away: the other Sixes lie under the
    # Seven on top, and the Six of Diamonds covers the last Seven but that one.
    rules = make_rules("pyramid")
    solver = solver_for(rules)
    position = rules.parse_layout(PYRAMID_APEX_ALONE)
    assert [card_text(card) for card in solver.never_free(position)] == ["6D", "7D"]
    assert solver.solve(position, 10_000).status == "unwinnable"
    position = rules.deal(1)
    for move in solver.solve(position, 20_000).moves:
        assert solver.never_free(position) == ()
        position = rules.apply(position, move)


def test_the_bridge_names_the_cards_never_freed() -> None:
    rules, positions, losing = lost_game(*LOSING[0])
    turns = [[next(move_notation(m) for m in rules.legal_moves(a) if rules.apply(a, m) == b)] for a, b in zip(positions, positions[1:])]
    bridge = Bridge()
    save = {"version": 1, "game": "klondike", "options": LOSING[0][1], "deal": LOSING[0][2], "turns": turns, "undone": [], "seconds": 1}
    assert send(bridge, type="load", save=save)["ok"]
    answer = send(bridge, type="review", nodes=1_000_000)
    while not answer["done"]:
        answer = send(bridge, type="review", nodes=1_000_000)
    assert answer["losingTurn"] == losing
    assert 1 <= len(answer["neverFree"]) <= 4 <= answer["neverFreeCount"] or len(answer["neverFree"]) == answer["neverFreeCount"]
    assert all(len(card) == 2 for card in answer["neverFree"])
