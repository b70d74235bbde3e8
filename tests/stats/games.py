"""Playing whole games through ``GameService`` for the records tests: seeded random
legal moves, started near the end so that a game takes a hand or two."""

from __future__ import annotations

import random

from chatbot.fsm.table import Table
from chatbot.handlers.service import GameService
from chatbot.rules.events import Event

MOVES_GUARD = 2_000  # a game that has not ended after this many moves is a bug


async def play_game(service: GameService, chat_id: int, variant: str,
                    seats: list[int | str], *, seed: int, stop: bool = False) -> int:
    """Open a table in ``chat_id``, seat ``seats`` in order (a user id, or a bot level),
    start it one point from the end for every side, play it out with random legal
    moves, and close it; ``stop`` closes it after the first move instead. Returns the
    table's id."""
    rng = random.Random(seed)
    first = seats[0]
    assert isinstance(first, int)
    opened = await service.open_table(chat_id=chat_id, creator_id=first,
                                      creator_name=f"P{first}", variant=variant,
                                      players=len(seats))
    table_id = opened.record.id
    for seat, who in enumerate(seats[1:], start=1):
        if isinstance(who, int):
            await service.act(table_id, "sit", seat, who, f"P{who}")
        else:
            await service.act(table_id, "add_bot", seat, f"Bot {seat}", who)
    await service.act(table_id, "start")

    def near_the_end(table: Table) -> list[Event]:
        assert table.match is not None
        target = table.rules.target_score()
        table.match.score = [target - 1] * len(table.match.score)
        return []

    await service.amend(table_id, near_the_end)
    for _ in range(MOVES_GUARD):
        record = await service.load(table_id)
        assert record is not None
        table = Table.from_dict(record.game)
        if table.state == "finished" or (stop and table.seq > 3):
            break
        if table.state == "scoring":
            await service.act(table_id, "next_hand")
            continue
        assert table.match is not None
        seat = table.rules.to_act(table.match)
        assert seat is not None
        action = rng.choice(sorted(table.rules.legal(table.match, seat), key=repr))
        await service.act(table_id, "move", seat, action, seq=table.seq)
    else:
        raise AssertionError("the game never ended")
    await service.act(table_id, "stop")
    return table_id
