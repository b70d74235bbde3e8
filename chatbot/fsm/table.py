"""The table: a plain domain object that the state machine drives.

It is not a database row (storage copies to and from it) and it holds no
machine: the machine is attached for one trigger and detached again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from chatbot.rules.base import TrickRules
from chatbot.rules.registry import rules_for
from chatbot.rules.serialize import match_from_dict, match_to_dict
from chatbot.rules.state import Match


@dataclass(slots=True)
class SeatInfo:
    """Who sits in a seat: a person (user_id) or a bot (user_id None)."""

    user_id: int | None
    name: str
    bot_level: str | None = None
    timeouts: int = 0  # consecutive turn time-outs
    away: bool = False  # a bot plays for this person until they come back

    @property
    def is_bot(self) -> bool:
        return self.user_id is None

    @property
    def bot_plays(self) -> bool:
        return self.is_bot or self.away


@dataclass(slots=True)
class Table:
    variant: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    seats: list[SeatInfo | None] = field(default_factory=list)
    match: Match[Any] | None = None
    state: str = "lobby"
    # bumped by every accepted move and lobby change, checked by buttons and timers
    seq: int = 0
    creator: int | None = None
    turn_seconds: int | None = None  # a person's time per turn; None: the service's default
    # the last lobby presses acted on, each [seq drawn on, user id, action, arg]: the same
    # press again is a double click (chatbot/handlers/lobby_presses.py)
    presses: list[list[Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.seats:
            self.seats = [None] * self.players

    @property
    def rules(self) -> TrickRules[Any]:
        return rules_for(self.variant, self.options)

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat is not None and seat.user_id == user_id:
                return index
        return None

    def team_of(self, seat: int) -> int:
        return self.rules.team_of(seat, self.players)

    def to_dict(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "players": self.players,
            "options": dict(self.options),
            "seats": [None if s is None else [s.user_id, s.name, s.bot_level, s.timeouts, s.away]
                      for s in self.seats],
            "match": None if self.match is None else match_to_dict(self.match),
            "state": self.state,
            "seq": self.seq,
            "creator": self.creator,
            "turn_seconds": self.turn_seconds,
            **({"presses": [list(p) for p in self.presses]} if self.presses else {}),
        }

    @classmethod
    def from_dict(cls, doc: dict[str, Any]) -> Table:
        return cls(
            variant=doc["variant"],
            players=doc["players"],
            options=dict(doc["options"]),
            seats=[None if s is None else SeatInfo(*s) for s in doc["seats"]],
            match=None if doc["match"] is None else match_from_dict(doc["match"]),
            state=doc["state"],
            seq=doc["seq"],
            creator=doc["creator"],
            turn_seconds=doc.get("turn_seconds"),  # absent from tables stored before it
            presses=[list(p) for p in doc.get("presses", ())],
        )
