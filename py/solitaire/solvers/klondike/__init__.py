"""A full-information solver for Klondike and Double Klondike.

One module per job:

- ``encoding``: a position as the search's node (columns as ``bytes``, foundation
  heights, the talon as one ``bytes`` and a pointer) and its key in the
  transposition tables;
- ``steps``: the search's moves, one named type per kind;
- ``talon``: stock moves as "K+" macro moves (the cards draws bring to the top);
- ``pruning``: one frozen configuration per search (``Pruning``, made by
  ``pruning_for`` for a search of a ``Kind``), the safe rule and the pointer
  dominance; ``dead_ends``: positions known lost without a search;
- ``moves``: ``Model``, a node's moves best first and the node after each;
- ``search``: resumable depth-first and best-first searches and their portfolio;
- ``line``: a found line as the engine's moves, checked by ``rules.apply``;
- ``solver``: the portfolio for a position, and ``KlondikeSolver``.

What this package's ``__init__`` names is its public surface, for the engine, the tools and
the tests alike (tests/test_layers.py holds them to it): the solver and its searches, the
model and its steps, which the tests use to check each technique against a search without it.

Exactness: ``winnable`` comes with a line replayed through the engine.
``unwinnable`` needs an exact search (or the relaxed one, which allows every real
line) to run out of positions with no pruning but the exact kinds (the tests check
them against searches without them, and against a search of every legal move of
the rules on random endgames).
"""

from __future__ import annotations

from .encoding import FACE_DOWN, Node
from .line import clicks_to, engine_line
from .moves import Model
from .pruning import Kind, Pruning, pruning_for
from .search import EXHAUSTED, GAVE_UP, PAUSE_AFTER, WON, BestFirst, DepthFirst, Tandem
from .solver import DAILY_BUDGET, DEFAULT_BUDGET, KlondikeSolver, model_for
from .steps import Back, Compound, Run, Step, ToHome, parts, target

__all__ = [
    "DAILY_BUDGET",
    "DEFAULT_BUDGET",
    "EXHAUSTED",
    "FACE_DOWN",
    "GAVE_UP",
    "PAUSE_AFTER",
    "WON",
    "Back",
    "BestFirst",
    "Compound",
    "DepthFirst",
    "Kind",
    "KlondikeSolver",
    "Model",
    "Node",
    "Pruning",
    "Run",
    "Step",
    "Tandem",
    "ToHome",
    "clicks_to",
    "engine_line",
    "model_for",
    "parts",
    "pruning_for",
    "target",
]
