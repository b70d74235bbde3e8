"""The written-out draws take exactly what ``random`` takes: a seed deals what it dealt."""

from __future__ import annotations

import random

import pytest

from chatbot.rules import draws


@pytest.mark.parametrize("size", [0, 1, 2, 3, 5, 8, 17, 24, 32, 36, 40, 52, 100])
def test_shuffle_is_randoms_shuffle(size: int) -> None:
    for seed in range(200):
        ours, theirs = random.Random(seed), random.Random(seed)
        mine, reference = list(range(size)), list(range(size))
        draws.shuffle(ours, mine)
        theirs.shuffle(reference)
        assert mine == reference
        assert ours.random() == theirs.random()  # the stream left where random leaves it


@pytest.mark.parametrize(("n", "k"), [(40, 0), (40, 1), (40, 5), (40, 6), (40, 12), (40, 18),
                                      (40, 40), (3, 3), (200, 6), (1000, 30)])
def test_sample_is_randoms_sample(n: int, k: int) -> None:
    population = tuple(range(n))
    for seed in range(200):
        ours, theirs = random.Random(seed), random.Random(seed)
        assert draws.sample(ours, population, k) == theirs.sample(population, k)
        assert ours.random() == theirs.random()


class _Other(random.Random):
    """A generator that draws its numbers its own way: it keeps its own methods."""

    def random(self) -> float:
        return 0.5

    def getrandbits(self, k: int) -> int:
        return 0


def test_another_generator_keeps_its_own_draws() -> None:
    mine, reference = list(range(10)), list(range(10))
    draws.shuffle(_Other(), mine)
    _Other().shuffle(reference)
    assert mine == reference
    assert draws.sample(_Other(), tuple(range(40)), 6) == _Other().sample(tuple(range(40)), 6)


def test_a_sample_too_large_is_refused_as_random_refuses_it() -> None:
    with pytest.raises(ValueError):
        draws.sample(random.Random(1), (1, 2, 3), 4)
