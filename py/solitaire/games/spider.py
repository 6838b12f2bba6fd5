"""Spider, as the Spider rule text of the project describes it (Microsoft's game).

Two decks, 104 cards. Ten columns of 6, 6, 6, 6, 5, 5, 5, 5, 5, 5 cards, only
the top card of each face up; the other 50 cards make the stock. Columns build
down by rank whatever the suit (a 7 of any suit on an 8 of any suit), but only
a descending run of one suit moves as a group; any single face-up card moves
alone. Any card or one-suit run may go to an empty column. Clicking the stock
deals one card face up on every column, allowed only while no column is empty;
the 50 cards give five deals. A complete one-suit run from King down to Ace
leaves the table at once, as part of the move or deal that completed it, to
the next empty foundation; the card under it, and any face-down card left on
top of a column, turns face up. The game is won when all eight runs are out,
lost (stuck) when no move is left and no deal is possible.

Option ``suits`` (changes the cards dealt): ``1`` (the default, Microsoft's
beginner level) plays eight sets of spades, ``2`` four sets each of spades and
hearts, ``4`` two full decks. Every card keeps a distinct id: the copies of a
set are numbered as decks 0, 1, 2, ... (``deck * 52 + suit * 13 + rank - 1``,
so eight sets of spades use decks 0..7); the text form drops the deck.

Scoring (Microsoft Spider): the score starts at 500, every move costs 1 (a
deal counts as one move; removing a completed run does not), and every
completed run earns 100. Our choice where the rule text is silent: the score
may drop below 0, so it always equals 500 - moves + 100 x runs. Undo is the
page's business and costs nothing here.

Choices where the rule text is silent:

- The deal shuffles the 104 card ids (in id order) with the deal number as
  seed and deals row by row across the ten columns, as by hand (54 cards);
  the 50 left are the stock, the last one on top. A stock deal gives the top
  card to tableau-1, the next to tableau-2, and so on.
- A run leaves the table only when all 13 of its cards are face up (a King
  still face down under its Queen is not known to the player).
- A completed run lies on its foundation Ace first, King on top, as on a
  Klondike foundation, so the King shows. When one deal completes runs on
  several columns they go to the foundations in column order.
- There is no move to or from a foundation: the foundations fill only by the
  automatic run removal.
- Moving a whole column into an empty column is allowed (pointless, but the
  rules do not forbid it); so a table with an empty column and a card is
  never stuck.
- ``completion``: once the stock is empty, no card is face down and every
  column is a single one-suit descending run, the game is surely won (the
  runs of each suit fit together end to end); the finishing moves join the
  runs. Otherwise None.
- ``parse_layout`` gives the copies of a card their deck indexes in reading
  order, so reading a layout back gives the same cards up to which copy is
  which (the rules never look at the deck index).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from ..card_notation import CardError, parse_card
from ..cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    HEARTS,
    KING,
    SPADES,
    card_text,
    make_card,
    rank,
    suit,
)
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
    whole_number,
)
from ..rng import shuffled
from ..texts import Reason, Said, Status
from .table import (
    RUN_LENGTH,
    clear_completed_runs,
    completed_run,
    face_down_count,
    is_suit_run,
    layout_lines,
    lift,
    pile_index,
    pile_line,
    pile_names,
    replace_at,
    turned_up,
)

COLUMNS = 10
FOUNDATIONS = 8
DEAL_SIZE = COLUMNS  # a stock deal puts one card on every column
FIRST_DEAL_SIZES = (6, 6, 6, 6, 5, 5, 5, 5, 5, 5)
TABLEAU = pile_names("tableau", COLUMNS)
FOUNDATION = pile_names("foundation", FOUNDATIONS)
DEAL_MOVE = Move("stock", "tableau", DEAL_SIZE)  # notation s>tx10

OPTIONS = (OptionSpec("suits", ("1", "2", "4"), changes_deal=True),)

# The suit of each of the eight 13-card sets, per option value.
SUIT_SETS: dict[str, tuple[int, ...]] = {
    "1": (SPADES,) * 8,
    "2": (SPADES, HEARTS) * 4,
    "4": (CLUBS, DIAMONDS, HEARTS, SPADES) * 2,
}

# Microsoft Spider scoring.
START_SCORE = 500
MOVE_COST = -1
RUN_BONUS = 100


@dataclass(frozen=True, slots=True)
class SpiderPosition:
    """A Spider table. Every pile lists its cards bottom first."""

    tableau: tuple[tuple[int, ...], ...]
    hidden: tuple[int, ...]  # how many cards at the bottom of each column are face down
    stock: tuple[int, ...]  # the last card is dealt first
    foundations: tuple[tuple[int, ...], ...]  # each empty or a completed run, Ace first
    score: int


def card_set(suits: str) -> tuple[int, ...]:
    """The 104 distinct card ids of a game with this ``suits`` option, in id order.

    >>> ids = card_set("1")
    >>> len(set(ids)), {card_text(card) for card in ids if rank(card) == KING}
    (104, {'KS'})
    """
    copies: dict[int, int] = {}
    ids: list[int] = []
    for suit_ in SUIT_SETS[suits]:
        deck = copies.get(suit_, 0)
        copies[suit_] = deck + 1
        ids += [make_card(rank_, suit_, deck) for rank_ in range(ACE, KING + 1)]
    return tuple(sorted(ids))


def fits_on_tableau(card: int, column: tuple[int, ...]) -> bool:
    """Anything fills an empty column; otherwise one rank lower, any suit."""
    return not column or rank(column[-1]) == rank(card) + 1


class Spider(Rules[SpiderPosition]):
    """Spider for one ``suits`` option (1, 2 or 4 suits)."""

    game_id = "spider"
    option_specs = OPTIONS

    def __init__(self, options: Mapping[str, str] | None = None) -> None:
        self.options = validate_options(OPTIONS, options or {})
        self.suits = self.options["suits"]
        self.cards = card_set(self.suits)

    # -- dealing -------------------------------------------------------------

    def deal(self, number: int) -> SpiderPosition:
        """Shuffle the 104 cards with the deal number as seed and lay them out.

        The cards are dealt as by hand: one to each column from the left, row
        after row, the last row reaching only the first four columns; the 50
        cards left, in order, are the stock, the last one on top.
        """
        deck = shuffled(self.cards, check_deal_number(number))
        columns: list[list[int]] = [[] for _ in range(COLUMNS)]
        position = 0
        for row in range(max(FIRST_DEAL_SIZES)):
            for column in range(COLUMNS):
                if row < FIRST_DEAL_SIZES[column]:
                    columns[column].append(deck[position])
                    position += 1
        return SpiderPosition(
            tableau=tuple(tuple(column) for column in columns),
            hidden=tuple(len(column) - 1 for column in columns),
            stock=tuple(deck[position:]),
            foundations=((),) * FOUNDATIONS,
            score=START_SCORE,
        )

    # -- moves ---------------------------------------------------------------

    def can_deal(self, position: SpiderPosition) -> bool:
        return bool(position.stock) and all(position.tableau)

    def card_moves(self, position: SpiderPosition) -> list[Move]:
        """Every legal move of cards between columns."""
        moves: list[Move] = []
        for source_index, column in enumerate(position.tableau):
            start = len(column) - 1
            # Walk down the one-suit run on top of the column, longest last.
            while start >= position.hidden[source_index]:
                run = column[start:]
                if not is_suit_run(run):
                    break
                moves += [
                    Move(TABLEAU[source_index], TABLEAU[i], len(run))
                    for i, target in enumerate(position.tableau)
                    if i != source_index and fits_on_tableau(run[0], target)
                ]
                start -= 1
        return moves

    def legal_moves(self, position: SpiderPosition) -> list[Move]:
        return self.card_moves(position) + ([DEAL_MOVE] if self.can_deal(position) else [])

    def stock_move(self, position: SpiderPosition) -> Move:
        """A click on the stock always asks for a deal, so apply can say why one is refused."""
        return DEAL_MOVE

    def apply(self, position: SpiderPosition, move: Move) -> SpiderPosition:
        if move.source == move.target:
            raise IllegalMove(Reason.SAME_PILE)
        if move.source == "stock":
            return self.deal_from_stock(position, move)
        run = self.take(position, move)
        target = self.target_column(position, move.target)
        column = position.tableau[target]
        if not fits_on_tableau(run[0], column):
            raise IllegalMove(Reason.NOT_ONE_RANK_LOWER, card=run[0], card2=column[-1])
        source = pile_index(move.source, "tableau", COLUMNS)
        assert source is not None
        tableau = replace_at(position.tableau, source, position.tableau[source][: -move.count])
        tableau = replace_at(tableau, target, column + run)
        return self.settle(replace(position, tableau=tableau))

    def deal_from_stock(self, position: SpiderPosition, move: Move) -> SpiderPosition:
        """One card face up on every column, the top stock card on tableau-1."""
        if move.target != "tableau":
            raise IllegalMove(Reason.DEAL_TO_EVERY_COLUMN)
        if move.count != DEAL_SIZE:
            raise IllegalMove(Reason.DEAL_COUNT, number=COLUMNS)
        if not position.stock:
            raise IllegalMove(Reason.DEALS_USED)
        if not all(position.tableau):
            raise IllegalMove(Reason.DEAL_NEEDS_FULL_COLUMNS)
        dealt = position.stock[-DEAL_SIZE:][::-1]
        tableau = tuple(column + (card,) for column, card in zip(position.tableau, dealt))
        return self.settle(replace(position, tableau=tableau, stock=position.stock[:-DEAL_SIZE]))

    def take(self, position: SpiderPosition, move: Move) -> tuple[int, ...]:
        """The cards a move lifts from a column, after checking that it may lift them."""
        if move.source.startswith("foundation"):
            raise IllegalMove(Reason.RUN_STAYS_HOME)
        index = pile_index(move.source, "tableau", COLUMNS)
        if index is None:
            raise IllegalMove(Reason.NOT_A_SOURCE, place=move.source)
        run = lift(position.tableau[index], move.count, position.hidden[index])
        if not is_suit_run(run):
            raise IllegalMove(Reason.NOT_A_SUIT_RUN)
        return run

    def target_column(self, position: SpiderPosition, target: str) -> int:
        if target.startswith("foundation"):
            raise IllegalMove(Reason.RUNS_GO_HOME_ALONE)
        index = pile_index(target, "tableau", COLUMNS)
        if index is None:
            raise IllegalMove(Reason.NOT_A_TARGET, place=target)
        return index

    def settle(self, position: SpiderPosition) -> SpiderPosition:
        """After a move or deal: send completed runs to the foundations, turn up
        face-down cards left on top, and charge the move and credit the runs."""
        tableau, foundations, runs = clear_completed_runs(position.tableau, position.hidden, position.foundations)
        return replace(
            position,
            tableau=tableau,
            hidden=turned_up(position.hidden, tableau),
            foundations=foundations,
            score=position.score + MOVE_COST + RUN_BONUS * runs,
        )

    # -- verdicts ------------------------------------------------------------

    def is_won(self, position: SpiderPosition) -> bool:
        return all(position.foundations)

    def is_stuck(self, position: SpiderPosition) -> bool:
        """No move between columns and no deal (the stock is empty or a column is), or a deal
        left that can never be made: fewer cards on the table than columns, so a column stays
        empty whatever moves between columns are made (seed 002: "a column is empty and cannot
        be filled" ends the game as a loss). With as many cards as columns or more, a column's
        top card can always fill an empty column, so the deal can be reached."""
        if self.is_won(position):
            return False
        if position.stock and sum(map(len, position.tableau)) < len(position.tableau):
            return True
        return not self.legal_moves(position)

    def stuck_reason(self, position: SpiderPosition) -> Said | None:
        """Why the game is lost: no move and no deal left, or a deal that too few cards can
        ever make possible."""
        if not self.is_stuck(position):
            return None
        if position.stock:
            return Said(Reason.SPIDER_TOO_FEW_CARDS, number=sum(map(len, position.tableau)), number2=len(position.tableau))
        return Said(Reason.SPIDER_NO_DEAL)

    def safe_moves(self, position: SpiderPosition) -> list[Move]:
        """Nothing in Spider plays by itself except the run removal, which ``apply`` does."""
        return []

    def completion(self, position: SpiderPosition) -> list[Move] | None:
        """The moves that join the runs, once the win is certain; else None.

        Certain means: the stock is empty, nothing is face down and every
        column is one one-suit descending run. Then every rank of a suit is
        left equally often, so for each run not led by a King some column of
        that suit ends one rank higher, and moving the run there always helps.
        """
        if self.is_won(position) or position.stock or any(position.hidden):
            return None
        if not all(is_suit_run(column) for column in position.tableau):
            return None
        moves: list[Move] = []
        current = position
        while not self.is_won(current):
            step = self.joining_move(current)
            if step is None:  # cannot happen for a position reached in play
                return None
            moves.append(step)
            current = self.apply(current, step)
        return moves

    def joining_move(self, position: SpiderPosition) -> Move | None:
        """A whole column moved onto the column whose top card is one rank higher in its suit."""
        for source, column in enumerate(position.tableau):
            if not column or rank(column[0]) == KING:
                continue
            for target, other in enumerate(position.tableau):
                if other and suit(other[-1]) == suit(column[0]) and rank(other[-1]) == rank(column[0]) + 1:
                    return Move(TABLEAU[source], TABLEAU[target], len(column))
        return None

    # -- presentation ----------------------------------------------------------

    def slots(self) -> list[Slot]:
        top = [Slot("stock", 0, 0, "deals", deal_size=len(TABLEAU))]  # a stack per deal left: five look unlike one
        top += [Slot(name, 2 + i, 0, "none", "run") for i, name in enumerate(FOUNDATION)]
        return top + [Slot(name, i, 1, "down") for i, name in enumerate(TABLEAU)]

    def piles(self, position: SpiderPosition) -> list[PileView]:
        def view(name: str, cards: tuple[int, ...], face_down: int = 0) -> PileView:
            return PileView(
                name,
                cards,
                tuple(i >= face_down for i in range(len(cards))),
                tuple(i < face_down for i in range(len(cards))),
            )

        result = [view("stock", position.stock, len(position.stock))]
        result += [view(name, cards) for name, cards in zip(FOUNDATION, position.foundations)]
        result += [view(name, column, hidden) for name, column, hidden in zip(TABLEAU, position.tableau, position.hidden)]
        return result

    def score(self, position: SpiderPosition, seconds: int, won: bool) -> int | None:
        return position.score

    def runs_completed(self, before: SpiderPosition, after: SpiderPosition) -> int:
        """A completed King-to-Ace run goes to a foundation by itself (no move goes there)."""
        return sum(1 for run in after.foundations if run) - sum(1 for run in before.foundations if run)

    def status_line(self, position: SpiderPosition) -> Said:
        deals = len(position.stock) // DEAL_SIZE
        runs = sum(1 for foundation in position.foundations if foundation)
        return Said(Status.DEALS_LEFT, number=deals, number2=runs, number3=FOUNDATIONS)

    def text_layout(self, position: SpiderPosition) -> str:
        """Every pile on a line, bottom card first; face-down cards in brackets.

        ``stock`` lists its cards bottom first too, so the last card is the
        next one dealt (to tableau-1). Card texts drop the deck index.
        """

        lines = [pile_line("stock", position.stock, len(position.stock))]
        lines += [pile_line(name, cards) for name, cards in zip(FOUNDATION, position.foundations)]
        lines += [pile_line(name, column, hidden) for name, column, hidden in zip(TABLEAU, position.tableau, position.hidden)]
        return "\n".join(lines)

    def parse_layout(self, text: str) -> SpiderPosition:
        """Read the notation of ``text_layout`` back.

        Lines starting with # are comments; missing piles are empty; ``score:
        N`` may be given (else 500). The card texts must be exactly those of
        this option's 104 cards (e.g. eight of each spade in the 1-suit game);
        the copies of a card get their deck indexes in reading order. The stock
        holds 10 cards per deal left; a foundation is empty or a whole run,
        Ace first; no column may still hold a completed run. A ValueError says
        what is wrong.
        """
        piles: dict[str, list[str]] = {}
        score = START_SCORE
        for name, rest in layout_lines(text):
            if name == "score":
                try:
                    score = whole_number(name, rest)
                except NotationError:
                    raise NotationError(Reason.SCORE_NOT_A_NUMBER, text=rest.strip()) from None
            elif name in ("stock",) + FOUNDATION + TABLEAU:
                if name in piles:
                    raise NotationError(Reason.PILE_TWICE, pile=name)
                piles[name] = rest.split()
            else:
                raise NotationError(Reason.UNKNOWN_PILE, place=name)

        available: dict[str, list[int]] = {}
        for card in self.cards:
            available.setdefault(card_text(card), []).append(card)
        label = Said(Reason.SUIT_GAME, number=int(self.suits))

        def read(name: str) -> tuple[tuple[int, ...], int]:
            words = piles.get(name, [])
            face_down = face_down_count(name, words)
            cards: list[int] = []
            for word in words:
                try:
                    canonical = card_text(parse_card(word.strip("[]")))
                except CardError as error:
                    raise NotationError(Reason.IN_PILE, pile=name, message=error.said) from None
                copies = available.get(canonical)
                if copies is None:
                    raise NotationError(Reason.NO_SUCH_CARD, pile=name, message=label, cards=canonical)
                if not copies:
                    count = sum(1 for c in self.cards if card_text(c) == canonical)
                    raise NotationError(Reason.TOO_MANY_COPIES, pile=name, message=label, number=count, cards=canonical)
                cards.append(copies.pop(0))
            return tuple(cards), face_down

        stock = read("stock")[0]
        foundations = tuple(read(name)[0] for name in FOUNDATION)
        columns = [read(name) for name in TABLEAU]
        missing = sorted(text for text, copies in available.items() for _ in copies)
        if missing:
            raise NotationError(Reason.MISSING_CARDS, message=label, cards=" ".join(missing))
        if len(stock) % DEAL_SIZE:
            raise NotationError(Reason.STOCK_SIZE, number=DEAL_SIZE, number2=len(stock))
        for name, foundation in zip(FOUNDATION, foundations):
            if foundation and not (len(foundation) == RUN_LENGTH and rank(foundation[0]) == ACE and is_suit_run(foundation[::-1])):
                raise NotationError(Reason.RUN_ON_FOUNDATION, pile=name)
        tableau = tuple(cards for cards, _ in columns)
        hidden = tuple(min(down, max(len(cards) - 1, 0)) for cards, down in columns)
        for name, column, down in zip(TABLEAU, tableau, hidden):
            if completed_run(column, down):
                raise NotationError(Reason.RUN_LEFT_ON_TABLE, pile=name)
        return SpiderPosition(tableau=tableau, hidden=hidden, stock=stock, foundations=foundations, score=score)
