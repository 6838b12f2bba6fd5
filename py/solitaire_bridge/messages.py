"""Reading the page's requests: their fields, checked, and the errors that say what is wrong."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

from solitaire.game import Move, parse_move
from solitaire.texts import Explained, Reason, said_of

from .protocol import REQUESTS

JsonObject = dict[str, Any]


class MessageError(Explained):
    """A message the bridge cannot use."""


# Every kind's fields, ``type`` included: a request with another is refused.
FIELDS = {name: request.__required_keys__ | request.__optional_keys__ for name, request in REQUESTS.items()}

MAX_SLICE = 1_000_000  # nodes one "analyse" or "daily" message may ask for
CHUNK_NODES = 20  # a timed slice looks at the clock after at most this many nodes
MAX_VERIFIED_MOVES = 20_000  # far more than any real game; bounds the work a link can ask for


def replayed_moves(moves: Any) -> list[Move]:
    """A challenge's moves, read (a list of at most ``MAX_VERIFIED_MOVES`` in notation)."""
    if not isinstance(moves, list) or not all(isinstance(text, str) for text in moves):
        raise MessageError(Reason.MOVES_NOT_A_LIST)
    if len(moves) > MAX_VERIFIED_MOVES:
        raise MessageError(Reason.CHALLENGE_TOO_LONG, number=MAX_VERIFIED_MOVES)
    read = []
    for number, text in enumerate(moves, 1):
        try:
            read.append(parse_move(text))
        except ValueError as error:
            raise MessageError(Reason.REPLAY_MOVE, number=number, name=text[:20], message=said_of(error)) from None
    return read


def options_field(message: JsonObject) -> Mapping[str, str]:
    options = message.get("options", {})
    if not isinstance(options, Mapping) or not all(isinstance(v, str) for v in options.values()):
        raise MessageError(Reason.OPTIONS_NOT_TEXT)
    return options


def slice_nodes(message: JsonObject) -> int:
    """The ``nodes`` of a message that asks for a slice of search."""
    nodes = message.get("nodes")
    if not isinstance(nodes, int) or isinstance(nodes, bool) or not 1 <= nodes <= MAX_SLICE:
        raise MessageError(Reason.NODES_RANGE, number=MAX_SLICE)
    return nodes


def in_time(message: JsonObject, work: Callable[[int], bool], began: float | None = None) -> None:
    """Do a slice of search: ``work(nodes)`` until it says it is done, the message's
    ``nodes`` are spent, or its optional ``ms`` have passed. The clock is read
    after each chunk of nodes, a chunk being as many nodes as the pace so far
    fits in a quarter of the time left (at least one, at most ``CHUNK_NODES``):
    a node's cost varies a lot between games (a Klondike node costs about ten
    Spider nodes), and a slice must end on time, since the engine's answer to
    a move waits for it. The verdicts do not depend on slicing. The time counts
    from ``began`` when given."""
    nodes = slice_nodes(message)
    ms = message.get("ms")
    if ms is None:
        work(nodes)
        return
    if not isinstance(ms, (int, float)) or isinstance(ms, bool) or not 1 <= ms <= 1_000:
        raise MessageError(Reason.MS_RANGE)
    deadline = (time.perf_counter() if began is None else began) + ms / 1_000
    chunk = 1
    while nodes > 0:
        step = min(nodes, chunk)
        nodes -= step
        start = time.perf_counter()
        if work(step):
            return
        now = time.perf_counter()
        if now >= deadline:
            return
        per_node = max((now - start) / step, 1e-7)
        chunk = max(1, min(CHUNK_NODES, int((deadline - now) / 4 / per_node)))


def text_field(message: JsonObject, name: str) -> str:
    value = message.get(name)
    if not isinstance(value, str) or not value:
        raise MessageError(Reason.FIELD_NOT_TEXT, text=name)
    return value


def sentence(text: str) -> str:
    """An error message as a sentence: capitalised, with a full stop."""
    text = text.strip()
    if not text:
        return "Something went wrong; the game is unchanged."
    return text[0].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")
