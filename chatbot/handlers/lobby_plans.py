"""The lobby's plans carried out on the service: what any front end does with a table's lobby.

``lobby_presses.py`` decides what one press does on the lobby as it stands (pure
functions of a ``Table``); this module runs those decisions through
``GameService.perform`` and holds the few that need more than one step (a practice
game: open, seat the bots, start). Nothing here knows Telegram, so the chat, the
web table and the terminal game can open, fill and start a table the same way.
"""

from __future__ import annotations

from collections.abc import Callable

from chatbot.ai import LEVELS
from chatbot.fsm.errors import Refused
from chatbot.fsm.table import Table
from chatbot.handlers import lobby_presses
from chatbot.handlers.lobby_presses import LobbyPress
from chatbot.handlers.service import GameService, Outcome, Step
from chatbot.i18n.translation import translate
from chatbot.rules.registry import available_variants, rules_class
from chatbot.storage import TableRecord

Decide = Callable[[Table], list[Step]]


async def perform(service: GameService, table_id: int, press: LobbyPress | None,
                  decide: Decide) -> Outcome:
    """A lobby change decided on the table as stored now; a button's ``press`` is
    remembered with it, so that only its double click is told it was done already
    (chatbot/handlers/lobby_presses.py)."""
    async def plan(record: TableRecord, table: Table) -> list[Step]:
        return decide(table)
    outcome = await service.perform(
        table_id, plan if press is None else lobby_presses.judged(press, decide))
    assert outcome is not None  # a lobby plan always does something or is refused
    return outcome


async def join(service: GameService, table_id: int, user_id: int, name: str,
               team: int | None = None) -> Outcome:
    """A free seat (of ``team``, if given), chosen on the table as stored now, so two
    people joining at once get two seats."""
    return await perform(service, table_id, None,
                         lambda table: lobby_presses.join(table, user_id, name, team))


def bot_name(language: str) -> Callable[[int], str]:
    """A bot's name by its seat, in the table's language (everyone reads it there)."""
    def name_of(seat: int) -> str:
        return translate("Bot {number}", language, number=seat)
    return name_of


def add_bot(language: str, arg: str, default_level: str) -> Decide:
    """"Add a bot" as drawn ("seat:level"), the bot named in the table's language."""
    return lambda table: lobby_presses.add_bot(table, arg, bot_name(language), default_level)


def wanted_game(wanted: str, default_level: str) -> tuple[str, int, str]:
    """A game asked for as "variant:players[:level]" (a menu button's or /new's),
    checked: the variant, a seat count it plays and a bot level (the default when
    none or an unknown one is named). Anything else was not drawn by us: forged."""
    variant, _, rest = wanted.partition(":")
    players_text, _, level = rest.partition(":")
    if level not in LEVELS:
        level = default_level
    if variant not in available_variants():
        raise Refused("forged")
    seats = rules_class(variant).seat_counts
    players = int(players_text) if players_text.isdigit() else seats[0]
    if players not in seats:
        raise Refused("forged")
    return variant, players, level


async def practice(service: GameService, *, chat_id: int, user_id: int, name: str,
                   variant: str, players: int, level: str, language: str) -> Outcome:
    """A practice game: the person in seat 0, bots of ``level`` in the other seats,
    started at once. The outcome of the start is the one to show."""
    outcome = await service.open_table(
        chat_id=chat_id, creator_id=user_id, creator_name=name,
        variant=variant, players=players, language=language)
    name_of = bot_name(language)
    for seat in range(1, players):
        outcome = await service.act(outcome.record.id, "add_bot", seat, name_of(seat), level)
    return await service.act(outcome.record.id, "start")
