"""A line of the search's steps as the engine's moves, each checked by ``rules.apply``."""

from __future__ import annotations

from collections.abc import Iterator

from ...game import IllegalMove, Move
from ...games.klondike import Klondike, KlondikePosition
from ...games.table import fits_on_foundation
from ...texts import Reason
from .steps import Back, FromTalon, Run, Step, TalonCard, ToHome

# A free talon's card is brought to the top within one pass and a redeal where redeals keep
# the order; where they shuffle it, each pass has about one chance in three (draw three) of
# showing it. Past this many passes the line is refused (about (2/3)**64: never seen).
MOST_PASSES_TO_A_CARD = 64


def engine_line(rules: Klondike, start: KlondikePosition, steps: list[Step]) -> list[Move]:
    """The moves that play ``steps`` from ``start``: IllegalMove if one does not apply."""
    return list(engine_moves(rules, start, steps))


def engine_moves(rules: Klondike, start: KlondikePosition, steps: list[Step]) -> Iterator[Move]:
    """``engine_line`` a step at a time, so that a long line (Double Klondike's draw and
    redeal until each talon card is on top: a thousand moves and more) can be turned into
    moves in slices."""
    position = start
    for step in steps:
        moves, position = step_moves(rules, position, step)
        yield from moves


def step_moves(rules: Klondike, start: KlondikePosition, step: Step) -> tuple[list[Move], KlondikePosition]:
    """The moves that play one step from ``start``, and the position after them."""
    tableau = rules.tableau_names
    foundations = rules.foundation_names
    position = start
    moves: list[Move] = []

    def do(move: Move) -> None:
        nonlocal position
        position = rules.apply(position, move)
        moves.append(move)

    def home_for(card: int) -> str:
        for index, foundation in enumerate(position.foundations):
            if fits_on_foundation(card, foundation):
                return foundations[index]
        raise IllegalMove(Reason.LINE_NO_FOUNDATION)

    def waste_to(to: int) -> None:
        do(Move("waste", home_for(position.waste[-1]) if to < 0 else tableau[to]))

    if isinstance(step, ToHome):
        do(Move(tableau[step.column], home_for(position.tableau[step.column][-1])))
    elif isinstance(step, Run):
        do(Move(tableau[step.column], tableau[step.target], step.cards))
    elif isinstance(step, FromTalon):
        for _ in range(step.clicks):
            do(rules.stock_moves(position)[0])  # draw, or turn the waste over
        if not position.waste or position.waste[-1] % 52 != step.talon[step.q - 1]:
            raise IllegalMove(Reason.LINE_LOST_STOCK)
        waste_to(step.target)
    elif isinstance(step, Back):
        for index, foundation in enumerate(position.foundations):
            if foundation and foundation[-1] % 52 == step.suit * 13 + step.rank - 1:
                do(Move(foundations[index], tableau[step.target]))
                break
        else:
            raise IllegalMove(Reason.LINE_TAKES_BACK)
    else:
        assert isinstance(step, TalonCard), step  # the searches unpack compound moves
        clicks, position = clicks_to(rules, position, step.card)
        moves += clicks
        waste_to(step.target)
    return moves, position


def clicks_to(rules: Klondike, start: KlondikePosition, card: int) -> tuple[list[Move], KlondikePosition]:
    """The clicks on the stock (draws and redeals) that bring the talon card ``card``
    (a one-deck number) to the top of the waste, and the position then: IllegalMove if
    none do."""
    position = start
    clicks: list[Move] = []
    for _ in range((len(start.stock) + len(start.waste) + 1) * MOST_PASSES_TO_A_CARD):
        if position.waste and position.waste[-1] % 52 == card:
            return clicks, position
        click = rules.stock_moves(position)[0]
        position = rules.apply(position, click)
        clicks.append(click)
    raise IllegalMove(Reason.LINE_NOT_IN_STOCK)
