"""Who wins a hand of Put and what it pays: pure functions, kept apart from the flow.

Put does not use the Truco family's C6: two sides follow 6.1.4 (two wins, or one
win and two ties), individual players 6.3.5 (most tricks, if unique). Both are
plain functions of the trick list so that they are cheap and easy to test.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from chatbot.rules.cards import Card

# 6.1.1: 3 > 2 > A > K > Q > J > 10 > ... > 4 (A=1, J=11, Q=12, K=13).
RANK_STRENGTH: dict[int, int] = {3: 13, 2: 12, 1: 11} | {r: r - 3 for r in range(4, 14)}


def card_strength(card: Card) -> int:
    """Put strength of a card: 3 = 13 down to 4 = 1, whatever the suit."""
    return RANK_STRENGTH[card.rank]


def two_sided_result(tricks: Sequence[int | None]) -> tuple[bool, int | None]:
    """6.1.4 after each trick: (decided, winning side or None for a draw).

    Only two wins end the hand early; after three tricks one win and two ties
    wins, anything else (one each and a tie, three ties) is a draw.
    """
    first = tricks.count(0)
    second = tricks.count(1)
    if first == 2:
        return True, 0
    if second == 2:
        return True, 1
    if len(tricks) < 3:
        return False, None
    if first == 1 and second == 0:
        return True, 0
    if second == 1 and first == 0:
        return True, 1
    return True, None


def most_tricks(tricks: Iterable[int | None], active: Sequence[int]) -> int | None:
    """6.3.5: the active seat with the most tricks if unique, else None (nobody scores).

    Tricks won by players who resigned stay theirs but they cannot win, so only
    active seats are compared.
    """
    counts = dict.fromkeys(active, 0)
    for seat in tricks:
        if seat in counts:
            counts[seat] += 1
    best = max(counts.values())
    top = [seat for seat, count in counts.items() if count == best]
    return top[0] if len(top) == 1 else None


def collect(
    sides: int, winner: int, payers: Iterable[int], unit: int, *, ledger: bool
) -> list[int]:
    """Points of one hand per side.

    Race: the winner scores ``unit``. Ledger: the winner takes ``unit`` chips from
    each payer, so the hand's points add up to zero.
    """
    points = [0] * sides
    if not ledger:
        points[winner] = unit
        return points
    for payer in payers:
        if payer != winner:
            points[payer] -= unit
            points[winner] += unit
    return points
