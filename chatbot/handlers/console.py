"""A whole game in the terminal against bots, through the same machine, events and texts.

The console is a front end like Telegram: it fires triggers on a :class:`Table`
with :func:`fire`, renders the events for its seat with the i18n renderer, and
lets the rule bot act for every other seat. Input and output are injected so
that tests can drive a game line by line.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence

from chatbot.ai.rulebot import choose
from chatbot.fsm.errors import Refused
from chatbot.fsm.machine import fire
from chatbot.fsm.table import Table
from chatbot.i18n.context import use_locale
from chatbot.i18n.locales import canonical_locale
from chatbot.i18n.refusals import explain_at_table, explain_to_player
from chatbot.i18n.render import Viewer, action_label, render_all, view_lines
from chatbot.i18n.translation import _, translate
from chatbot.rules.errors import IllegalAction
from chatbot.rules.events import Event
from chatbot.rules.registry import UnknownVariant, available_variants, rules_class
from chatbot.rules.views import real_action, seat_view

HUMAN = 0
HUMAN_ID = 1
MAX_MOVES = 100_000  # a safety net: no real game comes near it

InputFn = Callable[[str], str]
Output = Callable[[str], object]


def refusal_text(refused: Refused, locale: str, table: Table | None = None,
                 seat: int | None = None) -> str:
    """Why the table refused, in words for the player at ``seat`` (names from ``table``)."""
    error = refused.params.get("error")
    if isinstance(error, IllegalAction):
        if table is not None:
            return explain_at_table(error, table, seat, locale)
        return explain_to_player(error, None, locale)
    return translate("That move is not possible now.", locale)


def play_game(
    variant: str = "paulista",
    players: int = 2,
    seed: int | None = None,
    locale: str = "en",
    input_fn: InputFn = input,
    output: Output = print,
    name: str | None = None,
) -> int:
    """Play one game; returns 0 when it ends (won or quit), 2 for a bad setup."""
    locale = canonical_locale(locale)
    with use_locale(locale):
        return _play(variant, players, seed, locale, input_fn, output, name)


def _play(variant: str, players: int, seed: int | None, locale: str,
          input_fn: InputFn, output: Output, name: str | None) -> int:
    try:
        cls = rules_class(variant)
    except UnknownVariant:
        output(_("Unknown game {variant}. Choose one of: {variants}.", variant=variant,
                 variants=", ".join(available_variants())))
        return 2
    if players not in cls.seat_counts:
        output(_("{variant} is not played by {players} players; choose {counts}.",
                 variant=variant, players=players,
                 counts=", ".join(str(n) for n in cls.seat_counts)))
        return 2
    rng = random.Random(seed)
    bot_rng = random.Random(rng.random())
    table = Table(variant, players)
    names = [name or _("Player")] + [_("Bot {number}", number=s) for s in range(1, players)]
    fire(table, "sit", HUMAN, HUMAN_ID, names[0])
    for seat in range(1, players):
        fire(table, "add_bot", seat, names[seat])
    viewer = Viewer(table.rules, players, names, HUMAN)

    def show(events: Sequence[Event]) -> None:
        for line in render_all(events, viewer, locale):
            output(line)

    show(fire(table, "start", rng=rng))
    rules = table.rules
    for _move in range(MAX_MOVES):
        if table.state == "finished":
            return 0
        if table.state == "scoring":
            show(fire(table, "next_hand", rng=rng))
            continue
        match = table.match
        assert match is not None
        seat = rules.to_act(match)
        assert seat is not None
        view = seat_view(rules, match, seat)
        if seat != HUMAN:
            pick = real_action(match, seat, choose(rules, view, bot_rng))
            show(fire(table, "move", seat, pick, rng=rng))
            continue
        for line in view_lines(view, viewer, locale):
            output(line)
        for number, action in enumerate(view.legal, start=1):
            output(f"  {number}) {action_label(action, view, rules, locale)}")
        answer = input_fn(_("Your choice (number, or q to quit): ")).strip().lower()
        if answer in ("q", "quit"):
            output(_("You left the game."))
            return 0
        if not answer.isdigit() or not 1 <= int(answer) <= len(view.legal):
            output(_("Please type a number from 1 to {count}, or q to quit.",
                     count=len(view.legal)))
            continue
        try:
            pick = real_action(match, HUMAN, view.legal[int(answer) - 1])
            show(fire(table, "move", HUMAN, pick, seq=table.seq, rng=rng))
        except Refused as refused:
            output(refusal_text(refused, locale, table, HUMAN))
    output(_("The game was stopped: too many moves."))
    return 1


def parser() -> argparse.ArgumentParser:
    """``truco-bot play [variant] [--players N] [--seed S] [--lang L]``."""
    p = argparse.ArgumentParser(prog="truco-bot play", description="Play against bots offline.")
    p.add_argument("variant", nargs="?", default="paulista")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--lang", default="en")
    p.add_argument("--name", default=None)
    return p


def main(argv: Sequence[str], input_fn: InputFn = input, output: Output = print) -> int:
    """Entry for ``truco-bot play``; end of input counts as quitting."""
    args = parser().parse_args(list(argv))
    try:
        canonical_locale(args.lang)
    except ValueError as exc:
        output(str(exc))
        return 2

    def read(prompt: str) -> str:
        try:
            return input_fn(prompt)
        except EOFError:
            return "q"

    return play_game(args.variant, args.players, args.seed, args.lang, read, output, args.name)
