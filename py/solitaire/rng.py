"""The project's own random numbers: SplitMix64 and a Fisher-Yates shuffle.

Deals must be identical under every Python version and in Pyodide, so we do
not use the ``random`` module (its algorithms may change between versions).

SplitMix64 (Steele, Lea and Flood, 2014) keeps a 64-bit state; each step adds
the constant 0x9E3779B97F4A7C15 and mixes the result:

    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB
    z =  z ^ (z >> 31)                       (all modulo 2**64)

``below(n)`` draws an unbiased integer in [0, n) by rejection, and
``shuffle`` is Fisher-Yates from the last position down: for i = n-1 .. 1,
swap item i with item ``below(i + 1)``.

>>> hex(SplitMix64(0).next())  # the published first output for seed 0
'0xe220a8397b1dcdaf'
>>> shuffled(range(5), 42)
[1, 2, 0, 4, 3]
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

MASK64 = (1 << 64) - 1
T = TypeVar("T")


class SplitMix64:
    """A tiny, well-known 64-bit generator, explicitly seeded."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """An integer in [0, bound), without modulo bias."""
        if not 0 < bound <= 1 << 32:
            raise ValueError("bound must be in 1..2**32")
        limit = (1 << 64) - (1 << 64) % bound
        while True:
            value = self.next()
            if value < limit:
                return value % bound


def shuffled(items: Iterable[T], seed: int) -> list[T]:
    """A new list with the items in the order the seed gives."""
    result = list(items)
    generator = SplitMix64(seed)
    for i in range(len(result) - 1, 0, -1):
        j = generator.below(i + 1)
        result[i], result[j] = result[j], result[i]
    return result
