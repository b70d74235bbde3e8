"""What any front end does with a table's lobby beyond one table action: a bot's name,
the game asked for, a practice game.

Every change itself is a table action (``GameService.actions``, judged by
``chatbot/handlers/table_actions.py``); this module only chooses their arguments (a
bot named in the table's language, a game asked for as "variant:players[:level]")
and runs the one plan of several actions, a practice game: open, seat the bots,
start. Nothing here knows Telegram, so any front end over stored tables opens,
fills and starts a table the same way; the terminal game, which loads no storage,
runs the same table actions over ``Memory``.
"""

from __future__ import annotations

from collections.abc import Callable

from chatbot.ai import LEVELS
from chatbot.fsm.errors import Refused
from chatbot.handlers.service import GameService, Outcome
from chatbot.i18n.translation import translate
from chatbot.rules.registry import available_variants, rules_class


def bot_name(language: str) -> Callable[[int], str]:
    """A bot's name by its seat, in the table's language (everyone reads it there)."""
    def name_of(seat: int) -> str:
        return translate("Bot {number}", language, number=seat)
    return name_of


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
    table_id, name_of = outcome.record.id, bot_name(language)
    for seat in range(1, players):
        outcome = done(await service.actions.add_bot(table_id, name_of, level, seat))
    return done(await service.actions.start(table_id))


def done(outcome: Outcome | None) -> Outcome:
    """The outcome of a table action that always changes the table or is refused (a
    lobby action, stop, come back): only what is due on its own (``proceed``) or the
    bots' señas may find nothing to do, so None here is a bug, not an answer."""
    assert outcome is not None
    return outcome
