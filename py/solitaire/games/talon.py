"""The talon of Klondike and Canfield: a stock dealt onto a waste ``draw`` cards at a time.

The cards are dealt one at a time from the stock's top, so a group of three lies on the
waste in the reverse order, and only the waste's top card plays. Once the stock is empty,
the whole waste is turned over (in order: its bottom card becomes the stock's top) as a
new stock, ``max_redeals`` times (None: as often as you like). Golf, TriPeaks and Forty
Thieves turn one card at a time, one pass only (``turn_one``).
"""

from __future__ import annotations

from typing import Generic, Protocol, TypeVar

from ..game import IllegalMove, Move
from ..texts import Reason, Said

Cards = tuple[int, ...]


class TalonPosition(Protocol):
    """The piles a talon game's position has."""

    @property
    def stock(self) -> Cards: ...  # the last card is dealt next

    @property
    def waste(self) -> Cards: ...

    @property
    def redeals(self) -> int: ...  # times the waste has been turned over


T = TypeVar("T", bound=TalonPosition)


def deal_onto(stock: Cards, waste: Cards, draw: int) -> tuple[Cards, Cards]:
    """The stock and the waste after ``draw`` cards (or what is left) are dealt."""
    count = min(draw, len(stock))
    return stock[:-count], waste + stock[-count:][::-1]


def turn_one(stock: Cards, waste: Cards, move: Move) -> tuple[Cards, Cards]:
    """The stock and the waste after ``move`` turns one card of a one-pass stock (Golf,
    TriPeaks, Forty Thieves); IllegalMove if it is not that."""
    if move.target != "waste":
        raise IllegalMove(Reason.STOCK_TO_WASTE)
    if not stock:
        raise IllegalMove(Reason.STOCK_EMPTY_ONE_PASS)
    if move.count != 1:
        raise IllegalMove(Reason.TURN_ONE)
    return stock[:-1], waste + stock[-1:]


class Talon(Generic[T]):
    """A game's stock and waste: its draws, its turning over and the cards they can bring."""

    draw: int
    max_redeals: int | None

    def can_redeal(self, position: T) -> bool:
        return self.max_redeals is None or position.redeals < self.max_redeals

    def stock_moves(self, position: T) -> list[Move]:
        """The draw, or the turning over of the waste, when allowed."""
        if position.stock:
            return [Move("stock", "waste", min(self.draw, len(position.stock)))]
        if position.waste and self.can_redeal(position):
            return [Move("waste", "stock", len(position.waste))]
        return []

    def dealt(self, position: T, move: Move) -> tuple[Cards, Cards]:
        """The stock and the waste after the draw ``move``; IllegalMove if it is not the draw."""
        if move.target != "waste":
            raise IllegalMove(Reason.STOCK_TO_WASTE)
        if not position.stock:
            raise IllegalMove(Reason.STOCK_EMPTY)
        count = min(self.draw, len(position.stock))
        if move.count != count:
            raise IllegalMove(Reason.DRAW_COUNT, number=count)
        return deal_onto(position.stock, position.waste, self.draw)

    def check_redeal(self, position: T, move: Move, used_up: Said) -> None:
        """IllegalMove unless ``move`` may turn the waste over now; ``used_up`` says why not
        once the passes are used up."""
        if position.stock:
            raise IllegalMove(Reason.REDEAL_STOCK_NOT_EMPTY)
        if not position.waste:
            raise IllegalMove(Reason.WASTE_EMPTY)
        if not self.can_redeal(position):
            raise IllegalMove(used_up)
        if move.count != len(position.waste):
            raise IllegalMove(Reason.REDEAL_WHOLE_WASTE)

    def coming_cards(self, position: T) -> tuple[set[int], Said]:
        """The cards that the stock and the waste can still bring to the top of the waste
        (the waste's top card included), and what to say when none of them fits anywhere.
        Drawing follows one path, so one walk along it finds them: it ends when a state
        repeats (unlimited passes) or nothing is left to draw or turn over."""
        stock, waste, redeals = position.stock, position.waste, position.redeals
        counted = self.max_redeals is not None
        tops: set[int] = set()
        seen: set[tuple[int, int]] = set()  # (cards in the stock, redeals) names a state on the one path
        while (len(stock), redeals if counted else 0) not in seen:
            if waste:
                tops.add(waste[-1])
            seen.add((len(stock), redeals if counted else 0))
            if stock:
                stock, waste = deal_onto(stock, waste, self.draw)
            elif waste and (self.max_redeals is None or redeals < self.max_redeals):
                stock, waste, redeals = waste[::-1], (), redeals + 1
            else:
                break
        if not position.stock and not position.waste:
            return tops, Said(Reason.STOCK_AND_WASTE_EMPTY)
        if not position.stock and not self.can_redeal(position):
            return tops, Said(Reason.NO_PASS_LEFT)
        return tops, Said(Reason.STOCK_NOTHING_FITS)
