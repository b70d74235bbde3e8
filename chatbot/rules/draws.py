"""Shuffles and samples of cards, drawn exactly as ``random`` draws them, for less.

Every deal shuffles (or samples) a deck, and so does every world a bot imagines:
``random.Random.shuffle`` calls the interpreted ``_randbelow`` once per card, which
made the draw a large part of a simulated hand. These functions take the same
numbers from the same stream in the same order (``random``'s own algorithms,
written out with the bit lengths looked up), so a seed deals exactly the cards it
always dealt: ``tests/rules/test_draws.py`` holds them to ``random`` for many seeds
and sizes. A generator of another class (one that may draw its numbers otherwise)
gets ``random``'s own methods.
"""

from __future__ import annotations

import random
from math import ceil, log
from typing import TypeVar

T = TypeVar("T")

# (i, i + 1, the bit length of i + 1) for the positions a shuffle of n items swaps,
# from the last down to the second, as ``random.Random.shuffle`` visits them.
_SHUFFLE_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}
# How ``random.Random.sample`` draws k of n, found once per (n, k): from a copied pool,
# as (i, n - i, its bit length, n - i - 1) for each draw; None: by rejecting repeats
# from a set, which these functions leave to ``random``.
_SAMPLE_STEPS: dict[tuple[int, int], tuple[tuple[int, int, int, int], ...] | None] = {}

def shuffle(rng: random.Random, items: list[T]) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` would."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    steps = _SHUFFLE_STEPS.get(len(items))
    if steps is None:
        steps = _SHUFFLE_STEPS[len(items)] = tuple(
            (i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, len(items))))
    getrandbits = rng.getrandbits
    for i, below, bits in steps:  # ``_randbelow_with_getrandbits(i + 1)``, inlined
        j = getrandbits(bits)
        while j >= below:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def sample(rng: random.Random, population: list[T] | tuple[T, ...], k: int) -> list[T]:
    """``k`` distinct items of ``population`` exactly as ``rng.sample(population, k)``
    would draw them (a deal of only the cards dealt)."""
    n = len(population)
    steps = _SAMPLE_STEPS.get((n, k), ())
    if steps == ():  # first seen: ``random.Random.sample``'s own test
        setsize = 21 + (4 ** ceil(log(k * 3, 4)) if k > 5 else 0)
        steps = _SAMPLE_STEPS[n, k] = tuple(
            (i, n - i, (n - i).bit_length(), n - i - 1) for i in range(k)
        ) if 0 <= k <= n <= setsize else None
    if steps is None or type(rng) is not random.Random:
        return rng.sample(population, k)
    getrandbits = rng.getrandbits
    pool = list(population)
    result = pool[:k]  # every slot is overwritten below
    for i, left, bits, last in steps:  # ``_randbelow_with_getrandbits(n - i)``, inlined
        j = getrandbits(bits)
        while j >= left:
            j = getrandbits(bits)
        result[i] = pool[j]
        pool[j] = pool[last]
    return result
