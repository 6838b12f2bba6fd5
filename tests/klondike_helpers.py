"""Building Klondike tables from card text, for the rule tables of the tests."""

from __future__ import annotations

from solitaire.card_notation import parse_card
from solitaire.games.klondike import KlondikePosition


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(word.strip("[]")) for word in text.split())


def table(
    *columns: str,
    waste: str = "",
    stock: str = "",
    foundations: tuple[str, ...] = ("", "", "", ""),
    redeals: int = 0,
    score: int = 0,
) -> KlondikePosition:
    """A (partial) table: columns as '[9C] 6D' with face-down cards in brackets."""
    padded = list(columns) + [""] * (7 - len(columns))
    return KlondikePosition(
        tableau=tuple(cards(column) for column in padded),
        hidden=tuple(column.count("[") for column in padded),
        stock=cards(stock),
        waste=cards(waste),
        foundations=tuple(cards(f) for f in foundations),
        redeals=redeals,
        score=score,
    )


def one_move_from_shuttling() -> str:
    """A whole Klondike layout (every card once) where the JC on the waste, played onto the
    QH, is the last move that changes anything: then the KS-QH-JC run can only shuttle between
    its column and the empty one, nothing fits anywhere, and the stock and the waste are empty."""
    foundations = ["AC 2C 3C", "AD 2D", "AH 2H", "AS 2S"]
    tops = ["9C", "9S", "6D", "6H", "QC"]
    used = set(" ".join(foundations + tops + ["KS QH JC"]).split())
    rest = [r + s for s in "CDHS" for r in "A23456789TJQK" if r + s not in used]
    lines = [f"foundation-{n}: {cards_}" for n, cards_ in enumerate(foundations, 1)]
    lines += ["waste: JC", "tableau-1: KS QH", "tableau-2:"]
    for n, top in enumerate(tops, 3):
        lines.append(f"tableau-{n}: " + " ".join(f"[{card}]" for card in rest[(n - 3) * 7 : (n - 2) * 7]) + f" {top}")
    return "\n".join(lines)
