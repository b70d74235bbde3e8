"""A match to JSON and back, exactly: what storage writes and a restart reads.

Cards become their codes and tuples stay tuples, so a restored match compares
equal to the one saved and plays on identically.
"""

from __future__ import annotations

from typing import Any

from chatbot.rules import events as E
from chatbot.rules import put_events  # noqa: F401  (Put's own Event subclasses)
from chatbot.rules.cards import Card, Family, card_code, parse_card
from chatbot.rules.registry import rules_class
from chatbot.rules.state import Extras, Hand, Match, Pending, Phase, Special

FORMAT_VERSION = 1


def match_to_dict(match: Match[Any]) -> dict[str, Any]:
    family = rules_class(match.variant).family
    hand = match.hand
    return {
        "format": FORMAT_VERSION,
        "variant": match.variant,
        "options": dict(match.options),
        "players": match.players,
        "score": list(match.score),
        "dealer": match.dealer,
        "hand_no": match.hand_no,
        "winner": match.winner,
        "hand": None if hand is None else _hand_to_dict(hand, family),
    }


def match_from_dict(doc: dict[str, Any]) -> Match[Any]:
    cls = rules_class(doc["variant"])
    hand = doc["hand"]
    return Match(
        variant=doc["variant"],
        options=dict(doc["options"]),
        players=doc["players"],
        score=list(doc["score"]),
        dealer=doc["dealer"],
        hand=None if hand is None else _hand_from_dict(hand, cls.family, cls.extras),
        hand_no=doc["hand_no"],
        winner=doc["winner"],
    )


def _hand_to_dict(hand: Hand[Any], family: Family) -> dict[str, Any]:
    enc = _Encoder(family).encode
    pending = hand.pending
    return {
        "dealer": hand.dealer,
        "mano": hand.mano,
        "cards": enc(hand.cards),
        "dealt": enc(hand.dealt),
        "vira": enc(hand.vira),
        "stock": enc(hand.stock),
        "special": hand.special,
        "phase": hand.phase,
        "turn": hand.turn,
        "leader": hand.leader,
        "table": enc(hand.table),
        "tricks": list(hand.tricks),
        "played": enc(hand.played),
        "stake": hand.stake,
        "level": hand.level,
        "last_raiser": hand.last_raiser,
        "pending": None if pending is None else [
            pending.call, pending.caller, pending.level, pending.answerer],
        "winner": hand.winner,
        "points": list(hand.points),
        "reason": hand.reason,
        "covered": enc(hand.covered),
        "x": enc(hand.x.to_doc()),
    }


def _hand_from_dict(doc: dict[str, Any], family: Family, extras: type[Extras]) -> Hand[Any]:
    dec = _Decoder(family).decode
    pending = doc["pending"]
    return Hand(
        dealer=doc["dealer"],
        mano=doc["mano"],
        cards=dec(doc["cards"]),
        dealt=dec(doc["dealt"]),
        vira=dec(doc["vira"]),
        stock=dec(doc["stock"]),
        special=None if doc["special"] is None else Special(doc["special"]),
        phase=Phase(doc["phase"]),
        turn=doc["turn"],
        leader=doc["leader"],
        table=dec(doc["table"]),
        tricks=list(doc["tricks"]),
        played=dec(doc["played"]),
        stake=doc["stake"],
        level=doc["level"],
        last_raiser=doc["last_raiser"],
        pending=None if pending is None else Pending(*pending),
        winner=doc["winner"],
        points=list(doc["points"]),
        reason=doc["reason"],
        covered=dec(doc["covered"]),
        x=extras.from_doc(dec(doc["x"])),
    )


class _Encoder:
    """Cards -> {"$c": code}, tuples -> {"$t": [...]}, non-string keys -> {"$d": pairs}."""

    def __init__(self, family: Family) -> None:
        self.family = family

    def encode(self, value: Any) -> Any:
        if isinstance(value, Card):
            return {"$c": card_code(value, self.family)}
        if isinstance(value, tuple):
            return {"$t": [self.encode(v) for v in value]}
        if isinstance(value, list):
            return [self.encode(v) for v in value]
        if isinstance(value, dict):
            if all(isinstance(k, str) for k in value):
                return {k: self.encode(v) for k, v in value.items()}
            return {"$d": [[self.encode(k), self.encode(v)] for k, v in value.items()]}
        return value


class _Decoder:
    def __init__(self, family: Family) -> None:
        self.family = family

    def decode(self, value: Any) -> Any:
        if isinstance(value, list):
            return [self.decode(v) for v in value]
        if isinstance(value, dict):
            if "$c" in value and len(value) == 1:
                return parse_card(value["$c"], self.family)
            if "$t" in value and len(value) == 1:
                return tuple(self.decode(v) for v in value["$t"])
            if "$d" in value and len(value) == 1:
                return {self.decode(k): self.decode(v) for k, v in value["$d"]}
            return {k: self.decode(v) for k, v in value.items()}
        return value


def event_to_dict(event: Any, family: Family) -> dict[str, Any]:
    """An event for the append-only log: its type, audience and fields, cards as codes."""
    enc = _Encoder(family).encode
    fields = {name: enc(getattr(event, name)) for name in event.__dataclass_fields__
              if name != "audience"}
    audience = event.audience
    return {"type": type(event).__name__, "audience": [audience.kind, audience.who], **fields}


def _event_type(name: str) -> type[E.Event]:
    """The Event subclass called ``name``, looked up when asked: subclasses defined in
    modules imported later (the table's own events) are found too."""
    known = _EVENT_TYPES.get(name)
    if known is None:
        todo = [E.Event]
        while todo:
            for sub in todo.pop().__subclasses__():
                _EVENT_TYPES[sub.__name__] = sub
                todo.append(sub)
        known = _EVENT_TYPES[name]
    return known


_EVENT_TYPES: dict[str, type[E.Event]] = {}


def event_from_dict(doc: dict[str, Any], family: Family) -> E.Event:
    """An event back from the log (for redrawing a hand after a restart); equal to the
    event that was written. Raises KeyError for a type this code does not know."""
    cls = _event_type(doc["type"])
    dec = _Decoder(family).decode
    kind, who = doc["audience"]
    fields = {name: dec(doc[name]) for name in cls.__dataclass_fields__ if name != "audience"}
    return cls(**fields, audience=E.Audience(kind, who))
