"""Every finished game of a table, read from the table's event log by one pure function.

The live path (a game's end, in the transaction that saves it) and ``truco-bot
rebuild-stats`` both call :func:`finished_games` on the same log rows, so what is
recorded live and what a rebuild writes cannot drift apart: there is no second
place that counts.

The log holds the triggers' inputs (``{"trigger": "sit", "args": [seat, user, name]}``)
and the events they produced, as ``serialize.event_to_dict`` wrote them. Who sits
where comes from the inputs; everything counted comes from the public events. A
game is the stretch from ``GameStarted`` to ``GameWon``; a table stopped before
its ``GameWon`` yields no game, so it counts for nobody.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from chatbot.rules import actions as A
from chatbot.rules.registry import rules_for
from chatbot.rules.state import HandEnd


class LogRow(Protocol):
    """What the derivation reads of a log entry (``EventRecord`` has it)."""

    @property
    def seq(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def payload(self) -> Mapping[str, Any]: ...
    @property
    def created_at(self) -> datetime: ...


@dataclass(slots=True)
class SeatLine:
    """One seat of a finished game: who sat there and what they did.

    ``user_id`` None is a bot of ``bot_level``. ``own_moves`` and ``bot_moves`` count
    the seat's moves made by its person and by a bot in their place (a time-out, or
    every move while they were away): a person for whom a bot made most moves is
    not rated for that game.
    """

    seat: int
    team: int
    user_id: int | None
    bot_level: str | None = None
    own_moves: int = 0
    bot_moves: int = 0
    counts: Counter[str] = field(default_factory=Counter)

    @property
    def is_bot(self) -> bool:
        return self.user_id is None

    @property
    def bot_played_most(self) -> bool:
        return self.bot_moves > self.own_moves


@dataclass(slots=True)
class FinishedGame:
    """A game played to its end at a table: its seats, teams and winner."""

    table_id: int
    end_seq: int  # the log entry of its GameWon: a game's identity within its table
    ended_at: datetime
    variant: str
    winner: int
    seats: list[SeatLine]

    @property
    def format(self) -> str:
        """``1v1``, ``2v2``, ``3v3``; every seat for itself reads ``1v1v1`` and so on."""
        sizes = Counter(line.team for line in self.seats)
        return "v".join(str(sizes[team]) for team in sorted(sizes))

    @property
    def with_bots(self) -> bool:
        """A bot sat at the table: the game counts apart from games between people."""
        return any(line.is_bot for line in self.seats)

    def people(self) -> list[SeatLine]:
        return [line for line in self.seats if not line.is_bot]

    def order_key(self) -> tuple[datetime, int, int]:
        """The order games are counted in, live and in a rebuild (the streaks and
        the ratings depend on it)."""
        return (self.ended_at, self.table_id, self.end_seq)


@dataclass(slots=True)
class _Sitter:
    user_id: int | None
    bot_level: str | None


@dataclass(slots=True)
class _Reader:
    """Walks one table's log, entry by entry, collecting its finished games."""

    table_id: int
    options: Mapping[str, Any]
    sitters: dict[int, _Sitter] = field(default_factory=dict)
    away: set[int] = field(default_factory=set)
    game: FinishedGame | None = None
    # the raises of the hand being played: (seat, level) called, seats that accepted one
    called: list[tuple[int, int]] = field(default_factory=list)
    accepted: list[int] = field(default_factory=list)
    special: str | None = None
    # The calls counted as raises in the game being read: its rules' ladder (the first
    # step and every later one; Put's put). Envido and flor are scored apart (CallScored),
    # and a call off the ladder (Le Truc's mon reste) has no level to count it at.
    raises: frozenset[str] = frozenset()
    done: list[FinishedGame] = field(default_factory=list)

    def read(self, row: LogRow) -> None:
        payload = row.payload
        if row.kind == "input":
            self.on_input(str(payload.get("trigger")), list(payload.get("args") or ()))
            return
        handler = getattr(self, f"on_{row.kind}", None)
        if handler is not None:
            handler(payload, row)

    # -- seats, from the triggers' inputs --------------------------------------------
    def on_input(self, trigger: str, args: list[Any]) -> None:
        if trigger == "open" and args:
            self.sitters[0] = _Sitter(args[0], None)
        elif trigger == "sit" and len(args) >= 2:
            self.sitters[args[0]] = _Sitter(args[1], None)
        elif trigger == "add_bot" and args:
            self.sitters[args[0]] = _Sitter(None, args[2] if len(args) > 2 else "normal")
        elif trigger == "stand" and args:
            self.sitters = {s: p for s, p in self.sitters.items() if p.user_id != args[0]}
        elif trigger == "configure" and len(args) >= 2:
            self.sitters = {s: p for s, p in self.sitters.items() if s < args[1]}
        elif trigger == "move" and args:
            self.count_move(args[0], by_bot=args[0] in self.away)
        elif trigger == "time_out" and len(args) >= 2:
            self.count_move(args[1], by_bot=True)

    def count_move(self, seat: Any, *, by_bot: bool) -> None:
        if self.game is None or not isinstance(seat, int) or seat >= len(self.game.seats):
            return
        line = self.game.seats[seat]
        if by_bot:
            line.bot_moves += 1
        else:
            line.own_moves += 1

    # -- the game, from its events -------------------------------------------------------
    def on_GameStarted(self, payload: Mapping[str, Any], row: LogRow) -> None:
        variant, players = payload["variant"], payload["players"]
        rules = rules_for(variant, dict(self.options))
        self.raises = rules.ladder_kinds
        seats = []
        for seat in range(players):
            sitter = self.sitters.get(seat, _Sitter(None, "normal"))
            seats.append(SeatLine(seat, rules.team_of(seat, players), sitter.user_id,
                                  sitter.bot_level if sitter.user_id is None else None))
        self.game = FinishedGame(self.table_id, 0, row.created_at, variant, -1, seats)
        self.away = set()

    def on_SeatTimedOut(self, payload: Mapping[str, Any], row: LogRow) -> None:
        if payload.get("away"):
            self.away.add(payload["seat"])

    def on_PlayerReturned(self, payload: Mapping[str, Any], row: LogRow) -> None:
        self.away.discard(payload["seat"])

    def on_HandStarted(self, payload: Mapping[str, Any], row: LogRow) -> None:
        self.called, self.accepted = [], []
        self.special = payload.get("special")

    def on_CallMade(self, payload: Mapping[str, Any], row: LogRow) -> None:
        if payload["call"] in self.raises:
            self.called.append((payload["seat"], len(self.called) + 1))
            self.tally(payload["seat"], f"raises_called_{len(self.called)}")

    def on_CallAnswered(self, payload: Mapping[str, Any], row: LogRow) -> None:
        if payload["call"] not in self.raises:
            return
        if payload["accepted"]:
            self.accepted.append(payload["seat"])
            self.tally(payload["seat"], "raises_accepted")
        else:
            self.tally(payload["seat"], "runs")

    def on_CallScored(self, payload: Mapping[str, Any], row: LogRow) -> None:
        if payload["team"] is None or not payload.get("points"):
            return
        if payload["call"] in (A.ENVIDO, A.FLOR):
            self.tally_team(payload["team"], f"{payload['call']}_won")

    def on_SenaMade(self, payload: Mapping[str, Any], row: LogRow) -> None:
        self.tally(payload["seat"], "senas_made")

    def on_SenaCaught(self, payload: Mapping[str, Any], row: LogRow) -> None:
        self.tally(payload["catcher"], "senas_caught")

    def on_HandWon(self, payload: Mapping[str, Any], row: LogRow) -> None:
        game, team = self.game, payload["team"]
        if game is None or payload.get("reason") == HandEnd.RESHUFFLE:
            return
        self.tally_team(None, "hands")
        if team is not None:
            self.tally_team(team, "hands_won")
        if self.special == "eleven":
            self.tally_team(None, "eleven_played")
            if team is not None:
                self.tally_team(team, "eleven_won")
        for seat, level in self.called:
            if team is not None and game.seats[seat].team == team:
                self.tally(seat, f"raises_won_{level}")
        for seat in self.accepted:
            if team is not None and game.seats[seat].team == team:
                self.tally(seat, "raises_accepted_won")
        self.called, self.accepted, self.special = [], [], None

    def on_GameWon(self, payload: Mapping[str, Any], row: LogRow) -> None:
        game = self.game
        if game is None:
            return
        game.winner, game.end_seq, game.ended_at = payload["team"], row.seq, row.created_at
        self.tally_team(None, "games")
        self.tally_team(game.winner, "wins")
        for line in game.people():  # a record against each bot level faced ("vs hard: 12-7")
            for level in sorted({other.bot_level or "normal" for other in game.seats
                                 if other.is_bot and other.team != line.team}):
                line.counts[f"vs_bot_{level}_games"] += 1
                line.counts[f"vs_bot_{level}_wins"] += line.team == game.winner
        self.done.append(game)
        self.game = None

    def on_TableClosed(self, payload: Mapping[str, Any], row: LogRow) -> None:
        self.game = None  # stopped before its end: it counts for nobody

    # -- counting ----------------------------------------------------------------------------
    def tally(self, seat: Any, name: str) -> None:
        if self.game is not None and isinstance(seat, int) and 0 <= seat < len(self.game.seats):
            self.game.seats[seat].counts[name] += 1

    def tally_team(self, team: int | None, name: str) -> None:
        """Count ``name`` for every seat of ``team`` (None: every seat)."""
        if self.game is None:
            return
        for line in self.game.seats:
            if team is None or line.team == team:
                line.counts[name] += 1


def finished_games(table_id: int, options: Mapping[str, Any],
                   rows: Iterable[LogRow]) -> list[FinishedGame]:
    """The games played to their end in a table's log, in order.

    ``options`` are the table's (its row's ``options``): they are fixed in the lobby,
    before the first game, and say how seats form teams (Put with four may play every
    seat for itself). ``rows`` is the whole log of the table, in ``seq`` order.
    """
    reader = _Reader(table_id, options)
    for row in rows:
        reader.read(row)
    return reader.done
