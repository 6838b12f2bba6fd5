"""What Golf and TriPeaks share: free cards played one at a time onto a single waste.

Nothing is built on the table. A free card goes onto the waste when it is one rank from
the waste's top card (what "one rank" means is the game's: ``plays_on``); an empty waste
(only in a position set up by hand) takes any card. The stock turns one card at a time
onto the waste, one pass, and a waste card never moves again. So the game is lost as soon
as no free card fits the waste's top nor any card the stock still holds: turning stock
cards changes only the waste's top, each stock card becomes it in turn, and only plays
change which cards are free. Every play changes the waste's top, which may matter, so there
are no safe moves and no sure finish without a search.

A game says which cards are free and where they lie (``free_cards``), what playing one
does (``play``, after the checks every move shares), how a draw changes its position
(``drawn``) and why a game is lost (``lost``).
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Protocol, TypeVar

from ..game import IllegalMove, Move, Rules
from ..texts import Reason, Said
from .table import pile_line
from .talon import turn_one


class WastePosition(Protocol):
    """The piles every single-waste game's position has."""

    @property
    def stock(self) -> tuple[int, ...]: ...  # the last card is turned next

    @property
    def waste(self) -> tuple[int, ...]: ...

    @property
    def score(self) -> int: ...


W = TypeVar("W", bound=WastePosition)


class SingleWaste(Rules[W]):
    """The moves, refusals and verdicts of a game where every card goes to one waste."""

    tap_moves = True  # every playable card has one place to go: the waste

    @abstractmethod
    def plays_on(self, card: int, top: int) -> bool:
        """Whether ``card`` goes on a waste whose top card is ``top``."""

    @abstractmethod
    def free_cards(self, position: W) -> list[tuple[str, int]]:
        """The pile and the card of every card that may be played now, if it fits."""

    @abstractmethod
    def play(self, position: W, move: Move) -> W:
        """``move`` of a table card to the waste, checked (``misfit`` says why a card does not fit)."""

    @abstractmethod
    def drawn(self, position: W, stock: tuple[int, ...], waste: tuple[int, ...]) -> W:
        """``position`` with a card turned from the stock: these piles, and whatever else a draw changes."""

    @abstractmethod
    def lost(self, position: W) -> Said:
        """Why the game is lost (no free card fits the waste's top ``position.waste[-1]`` nor
        any card the stock still holds, or the stock is empty), in the game's words."""

    def misfit(self, card: int, top: int) -> Said:
        """Why ``card`` does not go on the waste's top card ``top``."""
        return Said(Reason.NOT_NEXT_RANK, card=card, card2=top)

    def fits(self, position: W, card: int) -> bool:
        return not position.waste or self.plays_on(card, position.waste[-1])

    def card_moves(self, position: W) -> list[Move]:
        """Every free card that fits on the waste."""
        return [Move(pile, "waste") for pile, card in self.free_cards(position) if self.fits(position, card)]

    def legal_moves(self, position: W) -> list[Move]:
        return self.card_moves(position) + ([Move("stock", "waste")] if position.stock else [])

    def stock_move(self, position: W) -> Move:
        """A click on the stock always asks for a card, so ``apply`` can say why none comes."""
        return Move("stock", "waste")

    def refusal(self, position: W, source: str, count: int) -> Said | None:
        """A table card goes to the waste or nowhere: the waste's reason."""
        try:
            self.apply(position, Move(source, "waste", count))
        except IllegalMove as refused:
            return refused.said
        return None

    def apply(self, position: W, move: Move) -> W:
        if move.source == move.target:
            raise IllegalMove(Reason.SAME_PILE)
        if move.source == "stock":
            return self.draw(position, move)
        if move.source == "waste":
            if move.target == "stock":
                raise IllegalMove(Reason.ONE_PASS)
            raise IllegalMove(Reason.WASTE_STAYS)
        return self.play(position, move)

    def draw(self, position: W, move: Move) -> W:
        return self.drawn(position, *turn_one(position.stock, position.waste, move))

    def is_stuck(self, position: W) -> bool:
        """No free card plays now, nor on any card still to come from the stock (see the module docstring)."""
        if self.is_won(position) or self.card_moves(position):
            return False
        return not any(self.plays_on(card, coming) for _, card in self.free_cards(position) for coming in position.stock)

    def stuck_reason(self, position: W) -> Said | None:
        """Why no card plays: none fits the waste's top card, nor any card the stock still
        holds (or the stock is empty)."""
        if not self.is_stuck(position):
            return None
        if not position.waste:
            return super().stuck_reason(position)
        return self.lost(position)

    def safe_moves(self, position: W) -> list[Move]:
        """None: every play changes the waste top, and that may matter."""
        return []

    def completion(self, position: W) -> list[Move] | None:
        """Always None: a sure finish would need a search, which these modules do not do."""
        return None

    def score(self, position: W, seconds: int, won: bool) -> int | None:
        return position.score

    def talon_lines(self, position: W) -> list[str]:
        """The notation's ``stock`` (face down, last card turned next) and ``waste`` lines."""
        return [pile_line("stock", position.stock, len(position.stock)), pile_line("waste", position.waste)]
