"""Table events: what happens around the cards (seats, start, stop). All public."""

from __future__ import annotations

from dataclasses import dataclass

from chatbot.rules.events import Event


@dataclass(frozen=True, slots=True)
class PlayerSat(Event):
    seat: int
    name: str
    is_bot: bool


@dataclass(frozen=True, slots=True)
class PlayerLeft(Event):
    seat: int
    name: str


@dataclass(frozen=True, slots=True)
class TableConfigured(Event):
    variant: str
    players: int


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    variant: str
    players: int


@dataclass(frozen=True, slots=True)
class SeatTimedOut(Event):
    """A turn ran out; ``away`` when a bot now keeps the seat until its player returns."""

    seat: int
    away: bool


@dataclass(frozen=True, slots=True)
class PlayerReturned(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class TableClosed(Event):
    reason: str
