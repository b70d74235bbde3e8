"""What ``/new`` was asked for, and the question it asks when a game is open.

``/new [game] [players]`` takes each at most once, in any order; anything else
is answered with a usage line (or the seat counts of the game named), never a
guess. The question "close it and open a new game of …?" names both games.
"""

from __future__ import annotations

from dataclasses import dataclass

from chatbot.fsm.table import Table
from chatbot.i18n import use_locale
from chatbot.i18n.lists import separated
from chatbot.i18n.numbers import format_number
from chatbot.i18n.render import variant_name
from chatbot.i18n.translation import translate
from chatbot.rules.registry import available_variants, rules_class
from chatbot.storage import TableRecord

DEFAULT_PLAYERS = 4


@dataclass(frozen=True, slots=True)
class NewUsage:
    """Arguments of /new that name no game or seat count: what to say instead."""

    variant: str | None = None  # set when only the seat count was wrong

    def text(self, locale: str) -> str:
        variants = available_variants()
        with use_locale(locale):
            if self.variant is not None:
                counts = rules_class(self.variant).seat_counts
                return translate("{variant} is played by {counts} players.", locale,
                                 variant=variant_name(self.variant),
                                 counts=separated(format_number(n, locale) for n in counts))
            example = " ".join((variants[0], str(DEFAULT_PLAYERS)))
            return translate("Usage: /new [game] [players], for example /new {example}. "
                             "Games: {games}.", locale, example=example,
                             games=separated(variants))


def parse_new_args(args: list[str]) -> tuple[str, int] | NewUsage:
    """/new [game] [players], in any order, each at most once; anything else is junk."""
    variants = available_variants()
    variant: str | None = None
    players: int | None = None
    for arg in args:
        word = arg.lower()
        if word in variants and variant is None:
            variant = word
        elif word.isdigit() and players is None and len(word) <= 2:
            players = int(word)
        else:
            return NewUsage()
    variant = variant or variants[0]
    seats = rules_class(variant).seat_counts
    if players is None:
        players = DEFAULT_PLAYERS if DEFAULT_PLAYERS in seats else seats[0]
    elif players not in seats:
        return NewUsage(variant)
    return variant, players


def replace_question(old: TableRecord, wanted: str, locale: str) -> str:
    """The question: a game of X is open here, close it and open a game of Y?"""
    new, _, players = wanted.partition(":")
    with use_locale(locale):
        return translate("A game of {variant} is open here. Close it and open a new game of "
                         "{new} for {n} players?", locale, variant=variant_name(old.variant),
                         new=variant_name(new), n=int(players) if players.isdigit() else 2)


def same_game(record: TableRecord, wanted: str) -> bool:
    """Whether the table is the game ``wanted`` ("variant:players") names."""
    return f"{record.variant}:{Table.from_dict(record.game).players}" == wanted
