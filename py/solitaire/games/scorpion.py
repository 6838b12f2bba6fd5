"""Scorpion, as PySolFC's and GNOME Aisleriot's Scorpion rules describe it.

One deck, 52 cards. Seven columns of seven cards: in the first four columns the
bottom three cards lie face down, every other card of the seven columns face up.
The three cards left make the stock. Columns build down in suit (the 6 of Hearts
goes on the 7 of Hearts). Any face-up card may move, together with every card
lying on it, whether or not those cards are in sequence, as long as the card
itself fits where it goes. Only a King, with whatever lies on it, fills an empty
column. A face-down card left on top of a column turns face up. Clicking the
stock, once, at any time (empty columns or not), deals its three cards face up,
one each onto the first three columns (tableau-1, tableau-2, tableau-3, an empty
one included). The goal is four complete King-to-Ace runs of one suit.

Option ``runs`` (it does not change the cards dealt), where the references differ:

- ``leave`` (the default; PySolFC: "such groups can be moved to the foundations"):
  a complete King-to-Ace run of one suit on top of a column (all 13 face up) leaves
  the table at once, to the next empty foundation, as part of the move or deal
  that completed it, as Spider's runs do here; so does a completed run it uncovers
  (a run can lie on another's Ace: any cards move along with a card). The game is
  won when the four runs are out.
- ``stay`` (Aisleriot: "create four piles of thirteen cards each"): runs stay in
  the columns; the game is won when four columns each hold exactly one whole
  King-to-Ace run of one suit (the other three are empty).

Scorpion is not scored here (PySolFC does not score it; Aisleriot's points count
progress up to a win at 100).

Choices where the rule texts are silent:

- The deal shuffles the 52 card ids (in id order) with the deal number as seed
  and deals row by row across the seven columns, as by hand (Aisleriot's order:
  three rows face down on columns 1-4 and face up on 5-7, then four rows face up
  on all seven); the three cards left are the stock, the last one on top. The
  deal gives the top card to tableau-1, the next to tableau-2, the last to
  tableau-3. It is the move ``s>tx3`` (``Move("stock", "tableau", 3)``).
- A run leaves the table only when all 13 of its cards are face up. A completed
  run lies on its foundation Ace first, King on top; runs completed by one deal
  on several columns go to the foundations in column order. Nothing moves to or
  from a foundation by hand.
- Moving a King that lies at the bottom of its column into an empty column is
  allowed (before the deal it changes where the deal lands; after it, it only
  renumbers the columns, so it does not count against ``is_stuck``).
- ``completion``: once the stock is dealt and every King lies at the bottom of its
  column (or is gone with its run), every move that changes the game puts a card on
  the next higher card of its suit; when playing the first such move, again and
  again until none is left, wins, those moves finish the game. Otherwise None (the
  page then offers no Finish; the game may still be won by other moves).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from ..card_notation import CardError, parse_card
from ..cards import ACE, KING, rank
from ..game import (
    IllegalMove,
    Move,
    NotationError,
    OptionSpec,
    PileView,
    Rules,
    Slot,
    check_deal_number,
    validate_options,
)
from ..rng import shuffled
from ..texts import Reason, Said, Status
from .table import (
    Column,
    builds_down_in_suit,
    check_every_card_once,
    clear_completed_runs,
    completed_run,
    face_down_count,
    is_whole_run,
    layout_lines,
    lift,
    pile_index,
    pile_line,
    pile_names,
    replace_at,
    turned_up,
)

COLUMNS = 7
FOUNDATIONS = 4
FACE_DOWN_COLUMNS = 4  # the first four columns ...
FACE_DOWN_ROWS = 3  # ... have three face-down cards at the bottom
ROWS = 7
DEAL_SIZE = 3  # the stock's cards, one each onto the first three columns
TABLEAU = pile_names("tableau", COLUMNS)
FOUNDATION = pile_names("foundation", FOUNDATIONS)
DEAL_MOVE = Move("stock", "tableau", DEAL_SIZE)  # notation s>tx3

OPTIONS = (OptionSpec("runs", ("leave", "stay")),)


@dataclass(frozen=True, slots=True)
class ScorpionPosition:
    """A Scorpion table. Every pile lists its cards bottom first."""

    tableau: tuple[Column, ...]
    hidden: tuple[int, ...]  # how many cards at the bottom of each column are face down
    stock: Column  # three cards before the deal (the last is dealt first), none after
    foundations: tuple[Column, ...]  # each empty or a completed run, Ace first (``runs=leave``)


class Scorpion(Rules[ScorpionPosition]):
    """Scorpion for one ``runs`` option (completed runs leave the table, or stay)."""

    game_id = "scorpion"
    option_specs = OPTIONS

    def __init__(self, options: Mapping[str, str] | None = None) -> None:
        self.options = validate_options(OPTIONS, options or {})
        self.runs_leave = self.options["runs"] == "leave"
        self.foundation_names = FOUNDATION if self.runs_leave else ()

    # -- dealing -------------------------------------------------------------

    def deal(self, number: int) -> ScorpionPosition:
        """Shuffle the 52 cards with the deal number as seed and lay them out row by row."""
        deck = shuffled(range(52), check_deal_number(number))
        columns: list[list[int]] = [[] for _ in range(COLUMNS)]
        for index, card in enumerate(deck[: COLUMNS * ROWS]):
            columns[index % COLUMNS].append(card)
        return ScorpionPosition(
            tableau=tuple(tuple(column) for column in columns),
            hidden=tuple(FACE_DOWN_ROWS if i < FACE_DOWN_COLUMNS else 0 for i in range(COLUMNS)),
            stock=tuple(deck[COLUMNS * ROWS :]),
            foundations=((),) * len(self.foundation_names),
        )

    # -- moves ---------------------------------------------------------------

    def card_moves(self, position: ScorpionPosition) -> list[Move]:
        """Every legal move of cards between columns: for each column top, the one card of
        the suit one rank lower (if face up on another column); for each empty column,
        every face-up King."""
        where: dict[int, tuple[int, int]] = {}
        for index, column in enumerate(position.tableau):
            for depth in range(position.hidden[index], len(column)):
                where[column[depth]] = (index, depth)
        moves: list[Move] = []
        empty = [i for i, column in enumerate(position.tableau) if not column]
        for target, column in enumerate(position.tableau):
            if column and rank(column[-1]) > ACE:
                found = where.get(column[-1] - 1)
                if found is not None and found[0] != target:
                    source, depth = found
                    moves.append(Move(TABLEAU[source], TABLEAU[target], len(position.tableau[source]) - depth))
        if empty:
            for card, (source, depth) in sorted(where.items(), key=lambda item: item[1]):
                if rank(card) == KING:
                    count = len(position.tableau[source]) - depth
                    moves += [Move(TABLEAU[source], TABLEAU[target], count) for target in empty]
        return moves

    def legal_moves(self, position: ScorpionPosition) -> list[Move]:
        return self.card_moves(position) + ([DEAL_MOVE] if position.stock else [])

    def stock_move(self, position: ScorpionPosition) -> Move:
        """A click on the stock always asks for the deal, so apply can say why one is refused."""
        return DEAL_MOVE

    def apply(self, position: ScorpionPosition, move: Move) -> ScorpionPosition:
        if move.source == move.target:
            raise IllegalMove(Reason.SAME_PILE)
        if move.source == "stock":
            return self.deal_from_stock(position, move)
        if move.target == "stock":
            raise IllegalMove(Reason.NOTHING_ON_STOCK)
        source = self.source_column(position, move)
        target = self.target_column(move.target)
        if source == target:
            raise IllegalMove(Reason.SAME_PILE)
        cards = position.tableau[source][-move.count :]
        column = position.tableau[target]
        if not column:
            if rank(cards[0]) != KING:
                raise IllegalMove(Reason.KING_FILLS_COLUMN)
        elif not builds_down_in_suit(cards[0], column[-1]):
            raise IllegalMove(Reason.NOT_IN_SUIT, card=cards[0], card2=column[-1])
        tableau = replace_at(position.tableau, source, position.tableau[source][: -move.count])
        tableau = replace_at(tableau, target, column + cards)
        return self.settle(replace(position, tableau=tableau))

    def deal_from_stock(self, position: ScorpionPosition, move: Move) -> ScorpionPosition:
        """The three stock cards face up onto the first three columns, the top card on tableau-1."""
        if move.target != "tableau" or move.count != DEAL_SIZE:
            raise IllegalMove(Reason.SCORPION_DEAL, number=DEAL_SIZE)
        if not position.stock:
            raise IllegalMove(Reason.STOCK_EMPTY)
        dealt = position.stock[::-1]
        tableau = tuple(column + (dealt[i],) if i < len(dealt) else column for i, column in enumerate(position.tableau))
        return self.settle(replace(position, tableau=tableau, stock=()))

    def source_column(self, position: ScorpionPosition, move: Move) -> int:
        """The column a move lifts its cards from, after checking that it may lift them."""
        if move.source.startswith("foundation") and move.source in self.foundation_names:
            raise IllegalMove(Reason.RUN_STAYS_HOME)
        index = pile_index(move.source, "tableau", COLUMNS)
        if index is None:
            raise IllegalMove(Reason.NOT_A_SOURCE, place=move.source)
        lift(position.tableau[index], move.count, position.hidden[index])
        return index

    def target_column(self, target: str) -> int:
        if target in self.foundation_names:
            raise IllegalMove(Reason.RUNS_GO_HOME_ALONE)
        index = pile_index(target, "tableau", COLUMNS)
        if index is None:
            raise IllegalMove(Reason.NOT_A_TARGET, place=target)
        return index

    def settle(self, position: ScorpionPosition) -> ScorpionPosition:
        """After a move or the deal: send completed runs to the foundations (``runs=leave``)
        and turn up face-down cards left on top."""
        tableau, foundations = position.tableau, position.foundations
        if self.runs_leave:
            tableau, foundations, _ = clear_completed_runs(tableau, position.hidden, foundations)
        return replace(position, tableau=tableau, hidden=turned_up(position.hidden, tableau), foundations=foundations)

    def runs_completed(self, before: ScorpionPosition, after: ScorpionPosition) -> int:
        """A completed King-to-Ace run goes to a foundation by itself (``runs=leave``)."""
        return sum(1 for run in after.foundations if run) - sum(1 for run in before.foundations if run)

    # -- verdicts ------------------------------------------------------------

    def runs_done(self, position: ScorpionPosition) -> int:
        """Completed runs: on the foundations, or (``runs=stay``) each alone in a column, face up."""
        if self.runs_leave:
            return sum(1 for run in position.foundations if run)
        return sum(1 for i, column in enumerate(position.tableau) if is_whole_run(column) and position.hidden[i] == 0)

    def is_won(self, position: ScorpionPosition) -> bool:
        return self.runs_done(position) == FOUNDATIONS

    def progress_moves(self, position: ScorpionPosition) -> list[Move]:
        """The legal moves but those that only renumber the columns (a whole column led by a
        King into an empty column once the stock is dealt)."""
        if position.stock:
            return self.legal_moves(position)
        lengths = dict(zip(TABLEAU, map(len, position.tableau)))
        return [move for move in self.card_moves(position) if lengths[move.target] or move.count != lengths[move.source]]

    def is_stuck(self, position: ScorpionPosition) -> bool:
        """No move left that changes more than the columns' numbers: the stock is dealt and no
        card fits on another column, nor a King with cards under it into an empty column."""
        return not self.is_won(position) and not self.progress_moves(position)

    def stuck_reason(self, position: ScorpionPosition) -> Said | None:
        if not self.is_stuck(position):
            return None
        return Said(Reason.SCORPION_NO_MOVE)

    def safe_moves(self, position: ScorpionPosition) -> list[Move]:
        """Nothing plays by itself but the run removal, which ``apply`` does."""
        return []

    def completion(self, position: ScorpionPosition) -> list[Move] | None:
        """The moves that finish the game once the win is certain (see the module docstring)."""
        if self.is_won(position) or position.stock:
            return None
        for column in position.tableau:
            if any(rank(card) == KING for card in column[1:]):
                return None
        moves: list[Move] = []
        current = position
        while not self.is_won(current):
            found = self.progress_moves(current)  # each puts a card on its higher card for good
            if not found:
                return None
            moves.append(found[0])
            current = self.apply(current, found[0])
        return moves

    # -- presentation ----------------------------------------------------------

    def slots(self) -> list[Slot]:
        top = [Slot("stock", 0, 0, "none")]
        top += [Slot(name, 3 + i, 0, "none", "run") for i, name in enumerate(self.foundation_names)]
        return top + [Slot(name, i, 1, "down", "K") for i, name in enumerate(TABLEAU)]

    def piles(self, position: ScorpionPosition) -> list[PileView]:
        def view(name: str, cards: Column, face_down: int = 0) -> PileView:
            return PileView(
                name,
                cards,
                tuple(i >= face_down for i in range(len(cards))),
                tuple(i < face_down for i in range(len(cards))),
            )

        result = [view("stock", position.stock, len(position.stock))]
        result += [view(name, cards) for name, cards in zip(self.foundation_names, position.foundations)]
        result += [view(name, column, hidden) for name, column, hidden in zip(TABLEAU, position.tableau, position.hidden)]
        return result

    def score(self, position: ScorpionPosition, seconds: int, won: bool) -> int | None:
        return None

    def status_line(self, position: ScorpionPosition) -> Said:
        return Said(Status.DEALS_LEFT, number=1 if position.stock else 0, number2=self.runs_done(position), number3=FOUNDATIONS)

    def text_layout(self, position: ScorpionPosition) -> str:
        """Every pile on a line, bottom card first; face-down cards in brackets.

        ``stock`` lists its cards bottom first too, so the last card is the one dealt to
        tableau-1. The foundations (``runs=leave``) list their runs Ace first.
        """
        lines = [pile_line("stock", position.stock, len(position.stock))]
        lines += [pile_line(name, cards) for name, cards in zip(self.foundation_names, position.foundations)]
        lines += [pile_line(name, column, hidden) for name, column, hidden in zip(TABLEAU, position.tableau, position.hidden)]
        return "\n".join(lines)

    def parse_layout(self, text: str) -> ScorpionPosition:
        """Read the notation of ``text_layout`` back.

        Lines starting with # are comments; missing piles are empty. The layout holds each of
        the 52 cards once; the stock holds its three cards or none; a foundation is empty or a
        whole run, Ace first; no column may still hold a completed run (``runs=leave``).
        A NotationError says what is wrong.
        """
        known = ("stock",) + self.foundation_names + TABLEAU
        piles: dict[str, list[str]] = {}
        for name, rest in layout_lines(text):
            if name not in known:
                raise NotationError(Reason.UNKNOWN_PILE, place=name)
            if name in piles:
                raise NotationError(Reason.PILE_TWICE, pile=name)
            piles[name] = rest.split()

        def read(name: str) -> tuple[Column, int]:
            words = piles.get(name, [])
            face_down = face_down_count(name, words)
            try:
                return tuple(parse_card(word.strip("[]")) for word in words), face_down
            except CardError as error:
                raise NotationError(Reason.IN_PILE, pile=name, message=error.said) from None

        stock = read("stock")[0]
        foundations = tuple(read(name)[0] for name in self.foundation_names)
        columns = [read(name) for name in TABLEAU]
        check_every_card_once([*stock, *(card for run in foundations for card in run), *(card for cards, _ in columns for card in cards)])
        if len(stock) not in (0, DEAL_SIZE):
            raise NotationError(Reason.STOCK_SIZE, number=DEAL_SIZE, number2=len(stock))
        for name, foundation in zip(self.foundation_names, foundations):
            if foundation and not is_whole_run(foundation[::-1]):
                raise NotationError(Reason.RUN_ON_FOUNDATION, pile=name)
        tableau = tuple(cards for cards, _ in columns)
        hidden = tuple(min(down, max(len(cards) - 1, 0)) for cards, down in columns)
        if self.runs_leave:
            for name, column, down in zip(TABLEAU, tableau, hidden):
                if completed_run(column, down):
                    raise NotationError(Reason.RUN_LEFT_ON_TABLE, pile=name)
        return ScorpionPosition(tableau=tableau, hidden=hidden, stock=stock, foundations=foundations)
