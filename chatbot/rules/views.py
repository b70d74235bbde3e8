"""What one seat may know: the only picture of a game that bots and messages get.

A view is built from the state and the rules' ``visible_cards``; nothing else of
the hidden state leaks into it, so a bot that decides from a view cannot peek.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from chatbot.rules import actions as A
from chatbot.rules.actions import Action
from chatbot.rules.base import TrickRules
from chatbot.rules.cards import Card
from chatbot.rules.errors import IllegalAction
from chatbot.rules.state import Match, Phase, Special


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    team: int
    players: int
    variant: str
    dealer: int
    mano: int
    score: tuple[int, ...]
    target: int
    stake: int
    level: int
    special: Special | None
    phase: Phase
    vira: Card | None
    hand: tuple[Card, ...] | None  # None when played blind
    hand_size: int
    seen: dict[int, tuple[Card, ...]]  # every held card this seat may see, by owner
    table: tuple[tuple[int, Card | None], ...]  # the current trick
    played: tuple[tuple[tuple[int, Card | None], ...], ...]  # finished tricks
    tricks: tuple[int | None, ...]
    pending_call: str | None
    pending_caller: int | None
    to_act: int | None
    legal: tuple[Action, ...]  # what this seat may do now; blind picks as blind_slot cards
    last_raiser: int | None
    calls: dict[str, dict[str, Any]]
    covered: tuple[Card, ...] = ()  # this seat's own face-down plays, in order (it knows them)
    decides_game: bool = False  # the hand's winner wins the game (rules.decides_game)
    # the señas this seat knows of this hand, as (signaller, name): its team's and the
    # ones it caught (rules.senas_seen); a bot reads its partner's hand from them
    senas: tuple[tuple[int, str], ...] = ()
    # the envido counts declared after a quiero, in order: (seat, count) or (seat, None)
    # for "son buenas" (rules.envido_sung); public, and a bot's worlds must agree with them
    sung: tuple[tuple[int, int | None], ...] = ()
    # what the answers to the pending call are worth (rules.answer_stakes), for the answer
    # buttons' texts; not compared: a bot's sampled world reads the envido chain as the
    # shortest one with the same answers (argentino_worlds), whose stakes may differ
    answer_stakes: tuple[int | None, int] | None = field(default=None, compare=False)
    # what meeting a flor with a flor, a contraflor or al resto is worth (rules.contest_
    # stakes), while this seat may choose among them; for the buttons' texts
    contest_stakes: tuple[int, int, int | None] | None = field(default=None, compare=False)


def blind_slot(index: int) -> Card:
    """A stand-in for the card at ``index`` of a hand played blind: rank 0 is no card."""
    return Card(0, f"#{index}")


def slot_index(card: Card | None) -> int | None:
    if card is None or card.rank != 0 or not card.suit.startswith("#"):
        return None
    return int(card.suit[1:])


def real_action(match: Match[Any], seat: int, action: Action) -> Action:
    """Turn a blind pick (by position) into the card it is; other actions pass through."""
    index = slot_index(action.card)
    if index is None:
        return action
    assert match.hand is not None
    held = match.hand.cards[seat]
    if not 0 <= index < len(held):
        raise IllegalAction("card-not-held", seat=seat)
    return Action(action.kind, held[index])


def _blind_legal(match: Match[Any], seat: int, legal: list[Action]) -> tuple[Action, ...]:
    """In a blind hand a seat may pick a position, never learn which card is there."""
    assert match.hand is not None
    held = match.hand.cards[seat]
    return tuple(Action(a.kind, blind_slot(held.index(a.card))) if a.card is not None else a
                 for a in legal)


def seat_view(rules: TrickRules[Any], match: Match[Any], seat: int) -> SeatView:
    hand = match.hand
    assert hand is not None
    seen = rules.visible_cards(match, seat)
    pending = hand.pending
    legal = rules.legal(match, seat)
    return SeatView(
        seat=seat,
        team=rules.team_of(seat, match.players),
        players=match.players,
        variant=rules.name,
        dealer=hand.dealer,
        mano=hand.mano,
        score=tuple(match.score),
        target=rules.target_score(),
        stake=hand.stake,
        level=hand.level,
        special=hand.special,
        phase=hand.phase,
        vira=hand.vira,
        hand=seen.get(seat),
        hand_size=len(hand.cards[seat]),
        seen=seen,
        table=tuple(hand.table),
        played=tuple(tuple(t) for t in hand.played),
        tricks=tuple(hand.tricks),
        pending_call=pending.call if pending else None,
        pending_caller=pending.caller if pending else None,
        to_act=rules.to_act(match),
        legal=tuple(legal) if seat in seen else _blind_legal(match, seat, legal),
        last_raiser=hand.last_raiser,
        calls=rules.resolved_calls(match),
        covered=own_covered(match, seat) if seat in seen else (),
        decides_game=rules.decides_game(hand),
        senas=rules.senas_seen(match, seat),
        sung=rules.envido_sung(match),
        answer_stakes=rules.answer_stakes(match) if pending is not None else None,
        contest_stakes=rules.contest_stakes(match)
        if any(a.kind == A.CONTRAFLOR for a in legal) else None,
    )


def played_by(view: SeatView) -> list[list[Card | None]]:
    """Cards each seat has put on the table this hand (None = face down)."""
    out: list[list[Card | None]] = [[] for _ in range(view.players)]
    for trick in (*view.played, view.table):
        for seat, card in trick:
            out[seat].append(card)
    return out


def own_covered(match: Match[Any], seat: int) -> tuple[Card, ...]:
    """The face-down cards ``seat`` played this hand: hidden from others, not from itself."""
    hand = match.hand
    assert hand is not None
    if not hand.covered:
        return ()
    dealt = set(hand.dealt[seat]) if seat < len(hand.dealt) else set()
    return tuple(c for c in hand.covered if c in dealt)
