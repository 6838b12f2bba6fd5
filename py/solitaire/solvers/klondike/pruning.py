"""What a search may skip: one frozen configuration per search, the safe rule, and
the draw-three pointer dominance (the dead-end tests are in ``dead_ends``).

Safe moves (played at once, the node has no other child)
    A card ``c`` of rank ``r`` on a column (or the top of the waste in draw one, or
    anywhere in the talon where the talon is free: ``talon_always_free``) goes home
    when ``r <= 2``, or when every card of the other colour of rank ``r - 1`` and
    every card of rank ``r - 2`` or less (Aces excepted) are home.
    Foundation-to-column moves are allowed, so the classic "other colour within one"
    rule is not enough (a Five put home may be needed later as a base for a Four
    taken back to free a Three); with this rule every card that could ever be built
    on ``c`` is an Ace or a card that is home now, and a winning line that keeps
    ``c`` out can be copied move for move from the position with ``c`` home,
    skipping the moves of those cards (which only ever sit at the top of columns,
    above ``c``) and sending Aces home instead of onto them. So a winnable position
    stays winnable. Draw three with an unshuffled talon never plays a talon card
    automatically (taking one out shifts the groups of three).
"""

from __future__ import annotations

from ...games.klondike import Klondike, KlondikePosition
from .configuration import Kind, Pruning
from .encoding import BIT, KING, OTHER_COLOUR, RANK, SAME_COLOUR, SUIT, Node
from .talon import redeal_order

__all__ = ["Kind", "Pruning", "SafeRule", "dominated", "pruning_for", "talon_always_free"]


def pruning_for(rules: Klondike, start: KlondikePosition, kind: Kind = "exact") -> Pruning:
    """The configuration of a search of ``kind`` from ``start``."""
    relaxed = kind == "relaxed"
    plain = kind == "plain"
    free = relaxed or talon_always_free(rules, start)
    draw = 1 if free else rules.draw
    max_redeals = None if free else rules.max_redeals
    pointer_dominance = draw > 1 and max_redeals is None and not plain
    one_deck_three = pointer_dominance and rules.decks == 1
    dead_ends = kind not in ("plain", "quick")
    talon_order = dead_ends and (one_deck_three or (rules.decks == 1 and max_redeals is not None))
    return Pruning(
        columns=rules.columns,
        decks=rules.decks,
        draw=draw,
        max_redeals=max_redeals,
        compounds=not plain,
        strong_safe=not plain,
        dead_ends=dead_ends,
        pointer_dominance=pointer_dominance,
        talon_order=talon_order,
        free_arrangement=not plain,
        home_reversible=rules.decks == 1 and max_redeals is None and not plain,
        defer_emptying=kind == "exact" and draw > 1 and rules.decks == 1,
    )


def talon_always_free(rules: Klondike, start: KlondikePosition) -> bool:
    """Whether any talon card can be brought to the top of the waste at any time, the
    columns waiting: in draw one with unlimited passes (draw to it, or through the stock
    and a redeal, then to it), and wherever unlimited redeals shuffle the talon (Double
    Klondike, draw one or three): each redeal puts the cards in a new order, and draws
    and redeals go on until the card is on top (``line.engine_line`` does just that).
    There the game is the free talon's exactly, and a search of it both wins and proves."""
    if rules.max_redeals is not None:
        return False
    return rules.draw == 1 or redeal_order(rules, start, 12, 0) != tuple(range(12))


class SafeRule:
    """Which cards go home at once (see the module's text), remembered per foundations."""

    def __init__(self, pruning: Pruning) -> None:
        self.decks = pruning.decks
        self.strong = pruning.strong_safe
        # foundations -> the cards that fit on them and those safe to put home, as bits
        self.cache: dict[tuple[int, ...], tuple[int, int]] = {}

    def safe(self, card: int, found: tuple[int, ...]) -> bool:
        """True if ``card`` (which fits its foundation) can go home without losing a win."""
        rank = RANK[card]
        if rank <= 2:
            return True
        if not self.strong:
            return False
        decks = self.decks
        a, b = OTHER_COLOUR[SUIT[card]]
        if found[a * decks] < rank - 1 or found[b * decks] < rank - 1:
            return False
        if rank == 3:
            return True
        if found[SAME_COLOUR[SUIT[card]] * decks] < rank - 2:
            return False
        return decks == 1 or found[SUIT[card] * 2] >= rank - 2

    def foundation_cards(self, found: tuple[int, ...]) -> tuple[int, int]:
        """The cards that fit on their foundation, and those of them safe to put home,
        as bits."""
        known = self.cache.get(found)
        if known is None:
            fits = ready = 0
            for pile, height in enumerate(found):
                if height < KING:
                    card = pile // self.decks * 13 + height
                    fits |= BIT[card]
                    if self.safe(card, found):
                        ready |= BIT[card]
            if len(self.cache) > 100_000:
                self.cache.clear()
            known = self.cache[found] = fits, ready
        return known


def dominated(node: Node, key: bytes, draw: int, pointers: dict[bytes, list[int]]) -> bool:
    """Draw three with unlimited passes: is ``node`` no better than a position seen before
    with the same columns and talon? From pointer p the player can go on drawing, or turn
    the waste over and reach all that pointer 0 reaches, so p offers every top card that
    0 offers, and those of p + 3k besides; and p' <= p with p' = p (mod 3) offers every
    top card that p offers. Positions no better than one searched (or being searched) can
    be skipped: a win from them is a win from it, by the same moves. Otherwise notes
    ``node`` in ``pointers`` (columns and talon -> the least pointer seen per p mod 3, or
    -1 for none) and says False. ``key`` is the node's key: with unlimited passes,
    columns and talon followed by two bytes of pointer."""
    _, _, talon, pointer, _ = node
    whole = key[:-2]
    seen = pointers.get(whole)
    at_start = pointer % draw == 0 or pointer == len(talon)
    if seen is not None and (at_start or 0 <= seen[pointer % draw] <= pointer):
        return True
    if seen is None:
        seen = pointers[whole] = [-1] * draw
    if not at_start and (seen[pointer % draw] < 0 or pointer < seen[pointer % draw]):
        seen[pointer % draw] = pointer
    return False
