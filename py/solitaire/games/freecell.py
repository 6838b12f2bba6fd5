"""FreeCell, as the project's rule texts and Microsoft's game describe it.

All 52 cards are dealt face up into eight columns of 7, 7, 7, 7, 6, 6, 6, 6
cards; there is no stock. Four free cells hold one card each; four
foundations build up by suit from the Ace (any Ace starts any empty
foundation, as in our Klondike; the page numbers them 1-4 from the left).
Columns build down in alternating colours; any card or run fills an empty
column. Cards never come back from a foundation (Microsoft FreeCell forbids
it). The game is won when all 52 cards are on the foundations.

Runs ("supermoves"): a run down in alternating colours moves in one go when
it has at most (1 + empty free cells) x 2^(empty columns) cards, the number
of cards that could be moved one at a time through the free cells and empty
columns. A column that is the target of the move does not count as empty.

Deal numbers are Microsoft's, card for card, for every number from 1 to
2**31-1: the generator of Microsoft's C library, seeded with the deal number
(``seed = (seed * 214013 + 2531011) mod 2**31``, each draw ``seed >> 16``),
picks cards from a deck ordered Ace of clubs, Ace of diamonds, Ace of hearts,
Ace of spades, 2 of clubs, ...; each pick goes to the next column, row by row,
and the last card of the deck takes the picked card's place. This matches
Rosetta Code's "Deal cards for FreeCell" and Freecell Solver's
``make-microsoft-freecell-board``. Deal 11982 is the only one of the first
32000 that cannot be won.

Option ``building``: ``alternate`` (the default: the rule page and
Microsoft's game build down in alternating colours) or ``any`` (down by one
rank whatever the colours, as the rule texts' table of variants gives
FreeCell's building rule, "Beliebige Farbfolge"; PySol calls it Relaxed
building). It deals the same cards, but has dailies of its own
(``OptionSpec.own_daily``): a deal proven for one rule is not the other's proof.
It came after FreeCell had players (``added_later``): at its default it leaves FreeCell's
dailies, kept games and statistics as they were.
Under ``any`` a run is any sequence down by one rank, it moves by the same
supermove count, and a card is safe to play home when every card one rank
lower (of any suit) is home.

The class is shared with Eight Off (``games/eight_off.py``), which changes
what is its own through a few methods (``builds_on``, ``fills_empty``,
``move_capacity``, the refusals' words, the cells, the deal).

Choices where the rule texts are silent:

- A card may move from one free cell to another empty one (pointless but
  harmless; Microsoft's game and PySol allow it).
- Safe moves (played automatically when the player wants): Aces and 2s, and
  any card whose two foundations of the other colour are at most one rank
  lower, the same rule as our Klondike (no card still out could need it).
  Microsoft's own auto-play is a little more cautious; ours never plays a
  card that a lower card of the other colour might still need.
- ``is_stuck`` is True only when no legal move at all remains (moves between
  cells and columns nearly always exist, so this is rare).
- ``completion`` is offered when every column is in descending rank order
  (any colours), because then the lowest card left is always free to go home.
- No score: FreeCell is not scored (``score`` returns None); the status line
  shows the free cells and how many cards can move at once.

Text notation: Freecell Solver's board format, so positions can be exchanged
with ``fc-solve`` and ``make-microsoft-freecell-board``. One line per column,
deepest card first, cards separated by spaces, T for ten; an empty column is
written ``:`` (Freecell Solver's optional leading colon, so it is not a
blank line). A ``Foundations:`` line comes first when a foundation holds a
card, and a ``Freecells:`` line when a cell holds one; a fresh deal is
therefore exactly what ``make-microsoft-freecell-board -t`` prints.

- ``Foundations: H-A S-3 C-0 D-0`` gives the top rank of each suit (0 when
  none). The entries are written in the order of foundation-1..4, so the
  text says which pile holds which suit; an empty foundation is written as a
  suit not yet started, with 0.
- ``Freecells: 8H - - QS`` lists cell-1..4, ``-`` for an empty cell.

``parse_layout`` also reads ``Founds:``/``FC:``, column lines with a leading
``:``, ``10`` for ten, fewer than four free-cell entries, and the aligned
``Freecells:`` line that ``fc-solve -p`` prints (four characters per cell).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace

from ..card_notation import CardError, parse_card
from ..cards import (
    ACE,
    RANK_LETTERS,
    SUIT_LETTERS,
    card_text,
    full_deck,
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
)
from ..texts import Reason, Said, Status
from .table import (
    builds_down_alternating,
    check_home,
    fits_on_foundation,
    home_lowest_first,
    is_descending,
    lift,
    pile_index,
    pile_names,
    replace_at,
    safe_to_play_home,
    supermove_capacity,
)

COLUMNS = 8
CELLS = 4
FOUNDATIONS = 4
TABLEAU = pile_names("tableau", COLUMNS)
CELL = pile_names("cell", CELLS)
FOUNDATION = pile_names("foundation", FOUNDATIONS)

# The building rule deals the same cards but is a game of its own for the daily deal.
OPTIONS: tuple[OptionSpec, ...] = (OptionSpec("building", ("alternate", "any"), own_daily=True, added_later=True),)

# Microsoft's C library generator (the FreeCell deal numbers).
MS_MULTIPLIER = 214013
MS_INCREMENT = 2531011
MS_MODULUS = 2**31

# Freecell Solver writes the foundations in this suit order.
FCS_SUIT_ORDER = "HCDS"
FOUNDATIONS_HEADERS = ("foundations:", "founds:")
FREECELLS_HEADERS = ("freecells:", "fc:")
CELL_WIDTH = 4  # fc-solve -p prints each free cell as "  QS" or four blanks


@dataclass(frozen=True, slots=True)
class FreeCellPosition:
    """A FreeCell table. Columns and foundations list their cards bottom first."""

    tableau: tuple[tuple[int, ...], ...]
    cells: tuple[int | None, ...]  # None: an empty free cell
    foundations: tuple[tuple[int, ...], ...]


def microsoft_deal(number: int) -> tuple[tuple[int, ...], ...]:
    """The eight columns of Microsoft FreeCell deal ``number``, bottom card first.

    >>> " ".join(card_text(column[0]) for column in microsoft_deal(1))
    'JD 2D 9H JC 5D 7H 7C 5H'
    """
    seed = number
    # Microsoft's deck: rank by rank, each rank in suit order C D H S (ours too).
    deck = [make_card(index // 4 + 1, index % 4) for index in range(52)]
    columns: list[list[int]] = [[] for _ in range(COLUMNS)]
    for dealt in range(52):
        seed = (seed * MS_MULTIPLIER + MS_INCREMENT) % MS_MODULUS
        pick = (seed >> 16) % len(deck)
        columns[dealt % COLUMNS].append(deck[pick])
        deck[pick] = deck[-1]
        deck.pop()
    return tuple(tuple(column) for column in columns)


def builds_down_by_rank(card: int, top: int) -> bool:
    """``card`` goes on ``top`` under the any-colour rule: one rank lower, any suit."""
    return rank(top) == rank(card) + 1


def builds_down_in_suit(card: int, top: int) -> bool:
    """``card`` goes on ``top`` in a column built by suit (Eight Off, Baker's Game)."""
    return rank(top) == rank(card) + 1 and suit(top) == suit(card)


def rank_letter(rank_: int) -> str:
    return "0" if rank_ == 0 else RANK_LETTERS[rank_ - 1]


def parse_rank(text: str) -> int:
    """A foundation rank as fc-solve writes it: 0, A, 2-9, T or 10, J, Q, K."""
    cleaned = text.strip().upper()
    if cleaned == "0":
        return 0
    if cleaned == "10":
        cleaned = "T"
    if cleaned == "1":
        cleaned = "A"
    if len(cleaned) != 1 or cleaned not in RANK_LETTERS:
        raise NotationError(Reason.NOT_A_FOUNDATION_RANK, text=text)
    return RANK_LETTERS.index(cleaned) + 1


class FreeCell(Rules[FreeCellPosition]):
    """FreeCell with Microsoft's deal numbers; building in alternating colours or any.

    The games of free cells and columns (Eight Off) share this class and change what
    is their own: the number of cells, the deal, the building rule, what fills an
    empty column, how many cards move at once, and the words of their refusals.
    """

    game_id = "freecell"
    option_specs = OPTIONS
    cell_piles = CELL  # the free cells' page names

    def __init__(self, options: Mapping[str, str] | None = None) -> None:
        self.options = validate_options(type(self).option_specs, options or {})
        self.any_colour = self.options.get("building") == "any"

    # -- the building rule -----------------------------------------------------

    def builds_on(self, card: int, top: int) -> bool:
        """Whether ``card`` may lie on ``top`` in a column."""
        return builds_down_by_rank(card, top) if self.any_colour else builds_down_alternating(card, top)

    def fills_empty(self, card: int) -> bool:
        """Whether ``card`` (alone or leading a run) may fill an empty column: any card here."""
        return True

    def is_run(self, cards: tuple[int, ...]) -> bool:
        """Cards that move together: each may lie on the one below it."""
        return all(self.builds_on(upper, lower) for lower, upper in zip(cards, cards[1:]))

    def fits(self, card: int, column: tuple[int, ...]) -> bool:
        return self.fills_empty(card) if not column else self.builds_on(card, column[-1])

    def not_a_run(self) -> Said:
        return Said(Reason.NOT_A_RANK_RUN if self.any_colour else Reason.NOT_AN_ALTERNATING_RUN)

    def misfit(self, card: int, column: tuple[int, ...]) -> Said:
        """Why ``card`` does not fit on ``column`` (never empty here: any card fills one)."""
        if self.any_colour:
            return Said(Reason.NOT_ONE_RANK_LOWER, card=card, card2=column[-1])
        return Said(Reason.NOT_ALTERNATING, card=card, card2=column[-1])

    def no_card_back(self) -> Said:
        """Why a card may not leave its foundation."""
        return Said(Reason.NO_CARD_BACK)

    def wrong_column_count(self, found: int) -> Said:
        """Why a layout with ``found`` column lines does not fit."""
        return Said(Reason.COLUMN_LINES, number=COLUMNS, number2=found)

    def wrong_cell_count(self, found: int, text: str) -> Said:
        """Why a free-cell line of ``found`` entries does not fit."""
        return Said(Reason.CELL_COUNT, number=len(self.cell_piles), number2=found, text=text)

    def is_safe_home(self, card: int, lowest: list[int]) -> bool:
        """Whether no card still out could need ``card`` in a column (``lowest``: each
        suit's foundation height): an Ace or a 2, or every card that could lie on it home."""
        if self.any_colour:
            return rank(card) <= 2 or all(lowest[other] >= rank(card) - 1 for other in range(4) if other != suit(card))
        return safe_to_play_home(card, lowest)

    # -- dealing -------------------------------------------------------------

    def deal(self, number: int) -> FreeCellPosition:
        """Microsoft FreeCell deal ``number`` (1 .. 2**31-1)."""
        return FreeCellPosition(
            tableau=microsoft_deal(check_deal_number(number)),
            cells=(None,) * CELLS,
            foundations=((),) * FOUNDATIONS,
        )

    # -- how many cards move at once -----------------------------------------

    def free_cells(self, position: FreeCellPosition) -> int:
        return sum(1 for card in position.cells if card is None)

    def empty_columns(self, position: FreeCellPosition) -> int:
        return sum(1 for column in position.tableau if not column)

    def move_capacity(self, position: FreeCellPosition, to_empty_column: bool = False) -> int:
        """The longest run that may move at once: (1 + free cells) x 2^(empty columns),
        not counting the empty column the run moves to."""
        return supermove_capacity(self.free_cells(position), self.empty_columns(position), to_empty_column)

    def capacity_reason(self, position: FreeCellPosition, to_empty_column: bool) -> Said:
        """Why a run longer than ``move_capacity`` may not move."""
        capacity = self.move_capacity(position, to_empty_column)
        empty = max(self.empty_columns(position) - (1 if to_empty_column else 0), 0)
        cells = self.free_cells(position)
        if to_empty_column:
            return Said(Reason.CAPACITY_TO_EMPTY, number=capacity, number2=cells, number3=empty, number4=empty)
        return Said(Reason.CAPACITY, number=capacity, number2=cells, number3=empty, number4=empty)

    # -- moves ---------------------------------------------------------------

    def foundation_targets(self, position: FreeCellPosition, card: int) -> list[str]:
        return [FOUNDATION[i] for i, foundation in enumerate(position.foundations) if fits_on_foundation(card, foundation)]

    def single_cards(self, position: FreeCellPosition) -> list[tuple[str, int]]:
        """The cards that can be picked up alone: column tops and free-cell cards."""
        tops = [(name, column[-1]) for name, column in zip(TABLEAU, position.tableau) if column]
        return tops + [(name, card) for name, card in zip(self.cell_piles, position.cells) if card is not None]

    def legal_moves(self, position: FreeCellPosition) -> list[Move]:
        moves: list[Move] = []
        for source, card in self.single_cards(position):
            moves += [Move(source, target) for target in self.foundation_targets(position, card)]
        to_filled = self.move_capacity(position)
        to_empty = self.move_capacity(position, to_empty_column=True)
        for source_index, column in enumerate(position.tableau):
            for count in range(1, len(column) + 1):
                run = column[-count:]
                if not self.is_run(run):
                    break
                for target_index, target in enumerate(position.tableau):
                    if target_index == source_index or not self.fits(run[0], target):
                        continue
                    if count <= (to_filled if target else to_empty):
                        moves.append(Move(TABLEAU[source_index], TABLEAU[target_index], count))
        for source, held in zip(self.cell_piles, position.cells):
            if held is not None:
                moves += [Move(source, TABLEAU[i]) for i, column in enumerate(position.tableau) if self.fits(held, column)]
        empty_cells = [name for name, card in zip(self.cell_piles, position.cells) if card is None]
        for source, _ in self.single_cards(position):
            moves += [Move(source, target) for target in empty_cells if target != source]
        return moves

    def apply(self, position: FreeCellPosition, move: Move) -> FreeCellPosition:
        if move.source == move.target:
            raise IllegalMove(Reason.SAME_PILE)
        cards = self.take(position, move)
        self.check_target(position, move, cards)
        return self.put(self.remove(position, move.source, move.count), move.target, cards)

    def take(self, position: FreeCellPosition, move: Move) -> tuple[int, ...]:
        """The cards a move lifts, after checking that it may lift them."""
        if move.count < 1:
            raise IllegalMove(Reason.NO_CARDS)
        if pile_index(move.source, "foundation", FOUNDATIONS) is not None:
            raise IllegalMove(self.no_card_back())
        if (index := pile_index(move.source, "cell", len(self.cell_piles))) is not None:
            card = position.cells[index]
            if card is None:
                raise IllegalMove(Reason.CELL_EMPTY)
            if move.count != 1:
                raise IllegalMove(Reason.CELL_HOLDS_ONE)
            return (card,)
        if (index := pile_index(move.source, "tableau", COLUMNS)) is not None:
            run = lift(position.tableau[index], move.count)
            if not self.is_run(run):
                raise IllegalMove(self.not_a_run())
            return run
        raise IllegalMove(Reason.NOT_A_SOURCE, place=move.source)

    def check_target(self, position: FreeCellPosition, move: Move, cards: tuple[int, ...]) -> None:
        """Raise IllegalMove unless ``target`` takes ``cards`` in ``position`` (before they leave)."""
        target = move.target
        if (index := pile_index(target, "foundation", FOUNDATIONS)) is not None:
            check_home(cards, position.foundations[index])
        elif (index := pile_index(target, "cell", len(self.cell_piles))) is not None:
            if len(cards) != 1:
                raise IllegalMove(Reason.CELL_HOLDS_ONE)
            if position.cells[index] is not None:
                raise IllegalMove(Reason.CELL_TAKEN)
        elif (index := pile_index(target, "tableau", COLUMNS)) is not None:
            column = position.tableau[index]
            if not self.fits(cards[0], column):
                raise IllegalMove(self.misfit(cards[0], column))
            if len(cards) > self.move_capacity(position, to_empty_column=not column):
                raise IllegalMove(self.capacity_reason(position, to_empty_column=not column))
        else:
            raise IllegalMove(Reason.NOT_A_TARGET, place=target)

    def remove(self, position: FreeCellPosition, source: str, count: int) -> FreeCellPosition:
        if (index := pile_index(source, "cell", len(self.cell_piles))) is not None:
            cells = position.cells[:index] + (None,) + position.cells[index + 1 :]
            return replace(position, cells=cells)
        index = pile_index(source, "tableau", COLUMNS)
        assert index is not None
        return replace(position, tableau=replace_at(position.tableau, index, position.tableau[index][:-count]))

    def put(self, position: FreeCellPosition, target: str, cards: tuple[int, ...]) -> FreeCellPosition:
        """Lay ``cards`` on ``target`` (already checked by ``check_target``)."""
        if (index := pile_index(target, "foundation", FOUNDATIONS)) is not None:
            foundations = replace_at(position.foundations, index, position.foundations[index] + cards)
            return replace(position, foundations=foundations)
        if (index := pile_index(target, "cell", len(self.cell_piles))) is not None:
            cells = position.cells[:index] + (cards[0],) + position.cells[index + 1 :]
            return replace(position, cells=cells)
        index = pile_index(target, "tableau", COLUMNS)
        assert index is not None
        return replace(position, tableau=replace_at(position.tableau, index, position.tableau[index] + cards))

    def pile_cards(self, position: FreeCellPosition, pile: str) -> tuple[int, ...]:
        """The cards of any pile by its page name, bottom first."""
        if (index := pile_index(pile, "cell", len(self.cell_piles))) is not None:
            card = position.cells[index]
            return () if card is None else (card,)
        if (index := pile_index(pile, "foundation", FOUNDATIONS)) is not None:
            return position.foundations[index]
        if (index := pile_index(pile, "tableau", COLUMNS)) is not None:
            return position.tableau[index]
        raise KeyError(pile)

    # -- verdicts ------------------------------------------------------------

    def is_won(self, position: FreeCellPosition) -> bool:
        return sum(len(foundation) for foundation in position.foundations) == 52

    def is_stuck(self, position: FreeCellPosition) -> bool:
        """No legal move at all (with no stock, nothing else could free the game)."""
        return not self.is_won(position) and not self.legal_moves(position)

    def stuck_reason(self, position: FreeCellPosition) -> Said | None:
        """No legal move at all: so every cell is taken (else a column's card could go there)
        and no column is empty (else a cell's card could)."""
        return Said(Reason.FREECELL_BLOCKED) if self.is_stuck(position) else None

    def safe_moves(self, position: FreeCellPosition) -> list[Move]:
        """Moves to a foundation that no later play could need undone.

        A card is safe on its foundation when it is an Ace or a 2, or when
        both foundations of the other colour (of every other suit, building
        in any colour) are no more than one rank behind (no card that could
        go on it in a column is still out).
        One move per card: an Ace goes to the first empty foundation.
        """
        lowest = [0, 0, 0, 0]  # one foundation per suit: its top rank
        for foundation in position.foundations:
            if foundation:
                lowest[suit(foundation[-1])] = rank(foundation[-1])
        moves = []
        for source, card in self.single_cards(position):
            if self.is_safe_home(card, lowest):
                moves += [Move(source, target) for target in self.foundation_targets(position, card)[:1]]
        return moves

    def completion(self, position: FreeCellPosition) -> list[Move] | None:
        """Every card home, lowest first, once every column is in descending order.

        Then the lowest card not yet home is always a column top or in a
        cell (every card above it in its column would be lower still), and
        its foundation is ready for it, so the line never fails.
        """
        if self.is_won(position) or not all(is_descending(column) for column in position.tableau):
            return None
        return home_lowest_first(self, position, self.single_cards, self.foundation_targets)

    # -- presentation ----------------------------------------------------------

    def slots(self) -> list[Slot]:
        top = [Slot(name, i, 0, "none", "cell") for i, name in enumerate(self.cell_piles)]
        top += [Slot(name, CELLS + i, 0, "none", "A") for i, name in enumerate(FOUNDATION)]
        return top + [Slot(name, i, 1, "down") for i, name in enumerate(TABLEAU)]

    def piles(self, position: FreeCellPosition) -> list[PileView]:
        def view(name: str, cards: tuple[int, ...]) -> PileView:
            return PileView(name, cards, (True,) * len(cards), (False,) * len(cards))

        return [view(slot.name, self.pile_cards(position, slot.name)) for slot in self.slots()]

    def score(self, position: FreeCellPosition, seconds: int, won: bool) -> int | None:
        """FreeCell is not scored."""
        return None

    def status_line(self, position: FreeCellPosition) -> Said:
        """Empty free cells and the longest run that may move now, e.g. 'Free cells 2 of 4 · can move 6':
        at most a whole suit (13), and nothing about moving once every card is home."""
        if self.is_won(position):
            return Said(Status.FREE_CELLS_DONE, number=self.free_cells(position), number2=len(self.cell_piles))
        capacity = min(self.move_capacity(position), len(RANK_LETTERS))
        return Said(Status.FREE_CELLS, number=self.free_cells(position), number2=len(self.cell_piles), number3=capacity)

    def text_layout(self, position: FreeCellPosition) -> str:
        """Freecell Solver's board format (see the module docstring).

        >>> print(FreeCell().text_layout(FreeCell().deal(617)).splitlines()[0])  # column 1, bottom first
        7D TD TH KD 4C 4S JD
        """
        lines = []
        if any(position.foundations):
            lines.append("Foundations: " + " ".join(self.foundation_entries(position)))
        if any(card is not None for card in position.cells):
            lines.append("Freecells: " + " ".join("-" if card is None else card_text(card) for card in position.cells))
        lines += [" ".join(card_text(card) for card in column) if column else ":" for column in position.tableau]
        return "\n".join(lines)

    def foundation_entries(self, position: FreeCellPosition) -> list[str]:
        """``S-3`` for each foundation in pile order; an empty one borrows a suit not yet started."""
        started = {suit(foundation[0]) for foundation in position.foundations if foundation}
        unstarted = [letter for letter in FCS_SUIT_ORDER if SUIT_LETTERS.index(letter) not in started]
        entries = []
        for foundation in position.foundations:
            if foundation:
                entries.append(f"{SUIT_LETTERS[suit(foundation[-1])]}-{rank_letter(rank(foundation[-1]))}")
            else:
                entries.append(f"{unstarted.pop(0)}-0")
        return entries

    def parse_layout(self, text: str) -> FreeCellPosition:
        """Read Freecell Solver's board format (see the module docstring).

        Blank lines and lines starting with # are skipped. Every card of the
        deck must appear exactly once, counting the cards the foundations
        imply; a ValueError says what is wrong.
        """
        columns: list[tuple[int, ...]] = []
        foundations: tuple[tuple[int, ...], ...] | None = None
        cells: tuple[int | None, ...] | None = None
        try:
            for raw in text.splitlines():
                line = raw.strip()
                if not line or line.startswith("#"):
                    continue
                head, colon, rest = raw.lstrip().partition(":")
                header = (head.strip() + colon).lower()
                if header in FOUNDATIONS_HEADERS:
                    if foundations is not None:
                        raise NotationError(Reason.FOUNDATIONS_TWICE)
                    foundations = self.parse_foundations(rest)
                elif header in FREECELLS_HEADERS:
                    if cells is not None:
                        raise NotationError(Reason.CELLS_TWICE)
                    cells = self.parse_cells(rest)
                else:
                    words = line[1:].split() if line.startswith(":") else line.split()
                    columns.append(tuple(parse_card(word) for word in words))
        except CardError as error:
            raise NotationError(error.said) from None
        if len(columns) != COLUMNS:
            raise NotationError(self.wrong_column_count(len(columns)))
        position = FreeCellPosition(
            tableau=tuple(columns),
            cells=cells if cells is not None else (None,) * len(self.cell_piles),
            foundations=foundations if foundations is not None else ((),) * FOUNDATIONS,
        )
        self.check_every_card_once(position)
        return position

    def parse_foundations(self, rest: str) -> tuple[tuple[int, ...], ...]:
        """``H-A S-3 C-0 D-0``: entry N is foundation-N (a 0 entry leaves it empty)."""
        entries = rest.split()
        if len(entries) > FOUNDATIONS:
            raise NotationError(Reason.TOO_MANY_FOUNDATIONS, number=FOUNDATIONS, number2=len(entries), text=rest.strip())
        foundations: list[tuple[int, ...]] = [()] * FOUNDATIONS
        seen: set[str] = set()
        for index, entry in enumerate(entries):
            suit_letter, dash, rank_text = entry.upper().partition("-")
            if not dash or suit_letter not in SUIT_LETTERS:
                raise NotationError(Reason.FOUNDATION_FORM, text=entry)
            if suit_letter in seen:
                raise NotationError(Reason.SUIT_TWICE, name=suit_letter)
            seen.add(suit_letter)
            top = parse_rank(rank_text)
            foundations[index] = tuple(make_card(r, SUIT_LETTERS.index(suit_letter)) for r in range(ACE, top + 1))
        return tuple(foundations)

    def parse_cells(self, rest: str) -> tuple[int | None, ...]:
        """``8H - - QS`` (``-`` for an empty cell), or fc-solve's aligned four characters a cell."""
        words = rest.split()
        aligned = rest.rstrip()
        chunks = [aligned[i : i + CELL_WIDTH] for i in range(0, len(aligned), CELL_WIDTH)]
        if (
            "-" not in words
            and chunks
            and all(chunk == " " * CELL_WIDTH or (chunk[:2] == "  " and len(chunk.strip()) == 2) for chunk in chunks)
        ):
            words = [chunk.strip() or "-" for chunk in chunks]
        count = len(self.cell_piles)
        if len(words) > count:
            raise NotationError(self.wrong_cell_count(len(words), rest.strip()))
        cells = [None if word == "-" else parse_card(word) for word in words]
        return tuple(cells + [None] * (count - len(cells)))

    def check_every_card_once(self, position: FreeCellPosition) -> None:
        every_card = sum(position.tableau, ()) + sum(position.foundations, ())
        every_card += tuple(card for card in position.cells if card is not None)
        counts = Counter(every_card)
        twice = sorted(card for card, count in counts.items() if count > 1)
        missing = sorted(set(full_deck()) - set(counts))
        if twice or missing:
            twice_text, missing_text = (" ".join(card_text(card) for card in cards) for cards in (twice, missing))
            if twice and missing:
                problems = Said(Reason.TWICE_AND_MISSING, cards=twice_text, cards2=missing_text)
            else:
                problems = Said(Reason.TWICE, cards=twice_text) if twice else Said(Reason.MISSING, cards=missing_text)
            raise NotationError(Reason.DECK_ONCE, message=problems)
