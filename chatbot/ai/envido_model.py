"""What an envido call says about the caller's count, for the hard bot's belief.

An opponent who sings envido usually holds a good count: a normal player
opens at 27 or more, a real envido at 30, a falta at 32 (the rule bot's
thresholds, :data:`chatbot.ai.rulebot.ENVIDO_CALL_AT`). Players differ,
though: an aggressive one opens on 24, a tight one waits for 29. The count a
seat held when it opened is public once it has shown its three cards face
up, so the bots keep those counts per seat (:meth:`TableReads.envido_counts`)
and move the seat's threshold so that the counts the model expects above it
match the counts it showed (shrunk towards a normal player's while there are
few). Worlds are then weighed by how likely the caller's count in each world
would make that call (:func:`call_likelihood`), with a floor for a bluff.

The counts' distribution is the variant's: it comes from the rules' deck
through :func:`chatbot.rules.envido.envido_count`, never from a table here.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from chatbot.ai.params import HARD
from chatbot.ai.rulebot import ENVIDO_CALL_AT
from chatbot.rules import actions as A
from chatbot.rules.cards import Card
from chatbot.rules.envido import envido_count

NORMAL_OPEN = ENVIDO_CALL_AT[A.ENVIDO]  # where a normal player opens
# (downwards there is no limit: a seat that sings on anything tells nothing by singing)


@lru_cache(maxsize=8)
def mean_above(deck: tuple[Card, ...]) -> dict[int, float]:
    """Mean count of a three-card hand of this deck, given it is at least T, for each T."""
    counts: dict[int, int] = {}
    for cards in combinations(deck, 3):
        c = envido_count(cards)
        counts[c] = counts.get(c, 0) + 1
    out: dict[int, float] = {}
    for threshold in range(min(counts), max(counts) + 1):
        above = [(c, k) for c, k in counts.items() if c >= threshold]
        total = sum(k for _, k in above)
        if total:
            out[threshold] = sum(c * k for c, k in above) / total
    return out


def threshold_shift(deck: tuple[Card, ...], shown: Sequence[int]) -> int:
    """How far this seat opens from a normal player, in points, judged by the counts it
    showed when it opened (none shown: 0)."""
    if not shown:
        return 0
    means = mean_above(deck)
    prior = means[NORMAL_OPEN]
    mean = (sum(shown) + prior * HARD.envido_prior_weight) / (len(shown) + HARD.envido_prior_weight)
    best = min((t for t in means if t - NORMAL_OPEN <= HARD.envido_shift_limit),
               key=lambda t: (abs(means[t] - mean), abs(t - NORMAL_OPEN)))
    return best - NORMAL_OPEN


def call_likelihood(count: int, call: str, shift: int) -> float:
    """Chance of singing ``call`` with ``count`` for a seat ``shift`` points off normal."""
    threshold = ENVIDO_CALL_AT.get(call, NORMAL_OPEN) + shift
    rise = 1.0 / (1.0 + math.exp(-(count - threshold + 0.5) / HARD.envido_softness))
    return HARD.envido_bluff + (1.0 - HARD.envido_bluff) * rise
