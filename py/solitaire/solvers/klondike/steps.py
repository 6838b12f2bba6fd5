"""The search's moves ("steps"), one named type per kind.

Columns are indexes into the node's columns, cards the one-deck card numbers,
``target`` a column or -1 for the card's foundation. Drawing is never a step of
its own (see ``moves``): a talon step names the card by its place in the talon and
carries the clicks on the stock that bring it to the top of the waste.
"""

from __future__ import annotations

from typing import NamedTuple, Union


class ToHome(NamedTuple):
    """The top card of a column to its foundation."""

    column: int


class Run(NamedTuple):
    """The top ``cards`` cards of a column onto another column (``count`` is tuple's)."""

    column: int
    target: int
    cards: int


class FromTalon(NamedTuple):
    """The card ``talon[q - 1]``, brought to the top of the waste by ``clicks`` clicks
    (``redealt`` 1 if they turn the waste over), onto ``target``."""

    q: int
    clicks: int
    redealt: int
    target: int
    talon: bytes


class Back(NamedTuple):
    """The foundation card of ``suit`` and ``rank`` (1 = Ace) onto a column."""

    suit: int
    rank: int
    target: int


class TalonCard(NamedTuple):
    """Where the talon is free (``pruning.talon_always_free``): the talon card ``card``
    onto ``target``, however many clicks it takes."""

    card: int
    target: int


class Compound(NamedTuple):
    """Steps played one after the other, as one move of the search."""

    parts: tuple[Step, ...]


# A Union, not ``|``: tools/on_pypy.py runs this under the language of Python 3.9.
Step = Union[ToHome, Run, FromTalon, Back, TalonCard, Compound]  # noqa: UP007


def parts(step: Step) -> tuple[Step, ...]:
    """The simple steps a step plays."""
    return step.parts if isinstance(step, Compound) else (step,)


def target(step: Step) -> int:
    """The column a step puts cards on, or -1."""
    if isinstance(step, (Run, FromTalon, Back, TalonCard)):
        return step.target
    return -1


def ends_with_back(step: Step) -> bool:
    """Whether a step's last part takes a card back from the foundations."""
    return isinstance(parts(step)[-1], Back)
