"""Envido and flor arithmetic of Argentine truco (rules.md 3.5-3.6): pure functions and tables.

Kept apart from the flow of a hand so that it can be tested exhaustively and used
by bots that reason about counts without touching a game.
"""

from __future__ import annotations

from collections.abc import Sequence

from chatbot.rules import actions as A
from chatbot.rules.cards import SPANISH_RANKS, Card

ENVIDO = A.ENVIDO
REAL = A.REAL_ENVIDO
FALTA = A.FALTA_ENVIDO
ENVIDO_CALLS = frozenset({ENVIDO, REAL, FALTA})
OPENINGS: tuple[A.Kind, ...] = (ENVIDO, REAL, FALTA)
STAKE: dict[str, int] = {ENVIDO: 2, REAL: 3}  # the falta's stake depends on the score (3.5.6)
MAX_ENVIDOS = 2

LEADER_NEEDS = "leader_needs"
MALAS_WINS_GAME = "malas_wins_game"

FLOR_EACH = 3  # basic flor, and an uncontested flor under contraflor (3.6.3, 3.6.4)
ACHICO = 4  # "con flor me achico": the first flor side scores this (decision 17)
CONTRAFLOR_WON = 6  # contraflor quiero: the best flor scores this
CONTEST_REFUSED = 4  # contraflor or contraflor al resto refused: the caller's side


VALUE = {rank: rank if rank <= 7 else 0 for rank in SPANISH_RANKS}


def card_value(card: Card) -> int:
    """A card's envido value: face value, figures (10, 11, 12) nothing."""
    return VALUE[card.rank]


def envido_count(cards: Sequence[Card]) -> int:
    """3.5.1: 20 + the two best of a suit held twice or more, else the best single value."""
    if len(cards) == 3:  # every deal: the short way
        (ra, sa), (rb, sb), (rc, sc) = cards
        va, vb, vc = VALUE[ra], VALUE[rb], VALUE[rc]
        if sa == sb:
            if sa == sc:
                return 20 + va + vb + vc - min(va, vb, vc)
            return 20 + va + vb
        if sa == sc:
            return 20 + va + vc
        if sb == sc:
            return 20 + vb + vc
        return max(va, vb, vc)
    by_suit: dict[str, list[int]] = {}
    best_single = 0
    for card in cards:
        value = card_value(card)
        by_suit.setdefault(card.suit, []).append(value)
        best_single = max(best_single, value)
    best = best_single
    for values in by_suit.values():
        if len(values) >= 2:
            values.sort(reverse=True)
            best = max(best, 20 + values[0] + values[1])
    return best


def flor_count(cards: Sequence[Card]) -> int:
    """3.6.1: 20 + all three values when the cards share one suit; 0 when there is no flor."""
    if len(cards) != 3 or len({c.suit for c in cards}) != 1:
        return 0
    return 20 + sum(card_value(c) for c in cards)


def envido_cards(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards that make the envido count: what a player shows to prove it."""
    by_suit: dict[str, list[Card]] = {}
    for card in cards:
        by_suit.setdefault(card.suit, []).append(card)
    for same in by_suit.values():
        if len(same) >= 2:
            return tuple(sorted(same, key=card_value, reverse=True)[:2])
    return (max(cards, key=card_value),)


def envido_raises(chain: Sequence[str]) -> tuple[A.Kind, ...]:
    """3.5.3: the calls that may follow ``chain`` (the openings when it is empty).

    At most two envidos, one real envido, and the falta ends the chain; this
    admits exactly E, E-E, R, E-R, E-E-R and each of them followed by F, or F alone.
    """
    if not chain:
        return OPENINGS
    last = chain[-1]
    if last == FALTA:
        return ()
    if last == REAL:
        return (FALTA,)
    if chain.count(ENVIDO) >= MAX_ENVIDOS:
        return (REAL, FALTA)
    return OPENINGS


def envido_points(chain: Sequence[str], accepted: bool, falta: int) -> int:
    """3.5.4: quiero pays every stake (or the falta); no quiero pays the stakes before the
    last call, at least 1, because each raise accepted what it raised."""
    if accepted:
        if FALTA in chain:
            return falta
        return sum(STAKE[c] for c in chain)
    return max(1, sum(STAKE[c] for c in chain[:-1]))


def in_malas(score: int, target: int) -> bool:
    """Decision 15: the malas are the first half of the target (1-15 of 30)."""
    return 2 * score <= target


def falta_value(score: Sequence[int], winner: int, target: int, mode: str) -> int:
    """3.5.6: what the leader still needs; under ``malas_wins_game``, with both sides in the
    malas, whatever takes the winner to the target (decision 15)."""
    if mode == MALAS_WINS_GAME and all(in_malas(s, target) for s in score):
        return target - score[winner]
    return target - max(score)


def best_seat(counts: Sequence[int], seats: Sequence[int]) -> int:
    """The seat with the best count; ``seats`` in play order from the mano, so that on equal
    counts the earlier one wins (3.5.5, 3.6.3)."""
    best = seats[0]
    top = counts[best]
    for seat in seats[1:]:
        if counts[seat] > top:
            best, top = seat, counts[seat]
    return best


def singing(counts: Sequence[int], order: Sequence[int],
            team_of: dict[int, int]) -> tuple[tuple[int, int | None], ...]:
    """The declarations of 3.5.5 for these counts, ``order`` from the mano: the mano says
    his count; a player of the other side says his own only when it beats the best so far
    (higher, or equal from a seat earlier in the order), otherwise "son buenas" (None); when
    a count takes the lead, the other side's players who have not spoken get their turn."""
    rank = {seat: i for i, seat in enumerate(order)}
    best = order[0]
    voices: list[tuple[int, int | None]] = [(best, counts[best])]
    spoken = {best}
    changed = True
    while changed:
        changed = False
        for seat in order:
            if seat in spoken or team_of[seat] == team_of[best]:
                continue
            spoken.add(seat)
            changed = True
            beats = counts[seat] > counts[best] or (
                counts[seat] == counts[best] and rank[seat] < rank[best])
            if beats:
                best = seat
                voices.append((seat, counts[seat]))
            else:
                voices.append((seat, None))
    return tuple(voices)
