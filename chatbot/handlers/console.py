"""A whole game in the terminal against bots, through the same machine, events and texts.

The console is a front end like Telegram: every table action (opening the table,
seating the bots, the start, a move, a seña, the bots' turns, the next deal, the
hint) is one call on the table actions the Telegram bot and the web table use
(:mod:`chatbot.handlers.table_actions`), over a table kept in memory; it renders the
events for its seat with the i18n renderer, and a bot of the chosen level acts for
every other seat. Input and output are injected so that tests can drive a game line
by line.

What a person can type at their turn: a move's number (in any script's digits:
``3``, ``۳``, ``৩``, ``³``), ``?`` for the rules of the game being played
(``?2`` for its second page), ``h`` for the hint Telegram's Hint button gives,
and ``q`` to leave (asked twice, so a slip does not end the game). Ctrl-C and
Ctrl-D leave at once. Whatever happens, the game ends with the score so far; the
exit status is 0, or 130 after a Ctrl-C (what a shell reports for a command
stopped by one, so a script can tell).
"""

from __future__ import annotations

import argparse
import random
import shutil
import textwrap
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from chatbot.ai import LEVELS
from chatbot.fsm.errors import JudgedAt, Refused
from chatbot.fsm.table import Table
from chatbot.handlers.cli_choices import closest, pick_locale
from chatbot.handlers.cli_help import Parser, for_terminal
from chatbot.handlers.ctrl_c import CtrlC
from chatbot.handlers.lobby_options import rule_options
from chatbot.handlers.refusal import refusal_text
from chatbot.handlers.table_actions import Changed, Memory, TableActions, advice, open_table
from chatbot.i18n.bidi import CLOSE, LRM, OPEN, RLM, is_rtl, rtl_lines
from chatbot.i18n.context import use_locale
from chatbot.i18n.envido_sung import with_sung
from chatbot.i18n.hints import hint_line
from chatbot.i18n.locales import LOCALES
from chatbot.i18n.numbers import format_number
from chatbot.i18n.prompts import menu_line, move_prompt, not_a_move, signal_prompt
from chatbot.i18n.render import (
    VARIANT_NAMES,
    Viewer,
    action_label,
    render_all,
    score_line,
    variant_name,
    view_lines,
)
from chatbot.i18n.rules_pages import rules_pages
from chatbot.i18n.senas_text import known_lines, sena_phrase_in
from chatbot.i18n.teaching import in_rank_order
from chatbot.i18n.translation import _, ngettext, translate
from chatbot.rules.errors import SetupError
from chatbot.rules.events import Event, TurnStarted
from chatbot.rules.put_events import CardPassed
from chatbot.rules.registry import available_variants, find_variant, rules_class
from chatbot.rules.state import Match
from chatbot.rules.views import SeatView, seat_view

HUMAN = 0
HUMAN_ID = 1
MAX_MOVES = 100_000  # a safety net: no real game comes near it
DEFAULT_LEVEL = "normal"
INTERRUPTED = 130  # the exit status after a Ctrl-C: 128 + SIGINT, as a shell reports it

InputFn = Callable[[str], str]
Output = Callable[[str], object]

# Command-line flag -> (rules option, {word typed: option value}). The values a
# variant accepts are the lobby's (rule_options): the terminal offers the same
# table options as a Telegram lobby, under words a person can type.
FLAGS: dict[str, tuple[str, dict[str, Any]]] = {
    "deck": ("deck", {"dirty": "dirty", "clean": "clean"}),
    "flor": ("flor", {"off": "off", "on": "basic", "contraflor": "contraflor"}),
    "envido": ("envido_immediate", {"end": False, "immediate": True}),
    "senas": ("senas", {"catch": "catch", "on": "on", "off": "off"}),
}


class Leave(Exception):
    """The person chose to leave (q twice, or Ctrl-D at a prompt)."""


def own_turn_first(events: Sequence[Event]) -> list[Event]:
    """The events without the other seats' turn lines: in the terminal a bot moves the
    moment its turn comes, so "Bot 3's turn." only repeats the line of its move that
    follows, and in a phase where several play at once (Put's discards with four
    players) "Your turn." and "Bot 3's turn." back to back read as if the bot went
    first while the person's menu is on screen. The person's own turn line stays."""
    return [e for e in events if not isinstance(e, TurnStarted) or e.seat == HUMAN]


def read_number(text: str) -> int | None:
    """A whole number typed in any script's digits (Persian ۳, Bengali ৩, superscript ³,
    fullwidth ３), or None when any character is not a digit."""
    text = text.strip()
    if not text:
        return None
    value = 0
    for char in text:
        digit = unicodedata.digit(char, None)
        if digit is None:
            return None
        value = value * 10 + digit
    return value


@dataclass
class Game:
    """One terminal game: the table, who sits where, and how to talk to the person."""

    table: Table
    locale: str
    read: InputFn
    write: Output
    # every change of the table: the same actions as Telegram's, over a table in memory
    actions: TableActions[Table, Changed | None]
    viewer: Viewer = field(init=False)
    sat_out: bool = field(init=False, default=False)  # the person sat out this hand
    ctrl_c: CtrlC = field(default_factory=CtrlC)  # whether an EOF at a prompt was a Ctrl-C
    # the event lines printed since the person's last screen: the screen leaves out what
    # they just said (the deal's turned-up card, manilhas and cards, a hand's score)
    recent: list[str] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        names = [seat.name if seat is not None else "" for seat in self.table.seats]
        self.viewer = Viewer(self.table.rules, self.table.players, names, HUMAN)

    def say(self, line: str) -> None:
        self.write(for_terminal(line))

    def show(self, events: Sequence[Event]) -> None:
        shown = with_sung(own_turn_first(events), self.table.rules, self.table.match)
        for line in render_all(shown, self.viewer, self.locale):
            self.say(line)
            self.recent.append(line)

    def score_so_far(self) -> str | None:
        match = self.table.match
        return score_line(self.viewer, match.score, self.locale) if match is not None else None

    def show_changed(self, changed: Changed | None) -> None:
        """Show what an action changed (None: nothing to do, nothing to show)."""
        if changed is not None:
            self.show(changed.events)

    def play(self) -> int:
        self.show_changed(self.actions.start(self.table))
        try:
            return self._loop()
        except (Leave, KeyboardInterrupt) as left:
            self.say(_("You left the game."))
            score = self.score_so_far()
            if score:
                self.say(score)
            return INTERRUPTED if isinstance(left, KeyboardInterrupt) else 0

    def _loop(self) -> int:
        table, rules = self.table, self.table.rules
        for _move in range(MAX_MOVES):
            if table.state == "finished":
                return 0
            if table.state == "scoring":
                self._after_sitting_out()
                self.show_changed(self.actions.proceed(table, table.seq))
                continue
            match = table.match
            assert match is not None
            seat = rules.to_act(match)
            assert seat is not None
            if seat != HUMAN and seat_view(rules, match, HUMAN).legal:
                seat = HUMAN  # several play at once (Put's discards): the person first
            # the bots signal once a hand, before any of them plays (as in a group game)
            self.show_changed(self.actions.bot_senas(table))
            if seat != HUMAN:  # the bot whose turn it is moves (a bot of the game's level)
                self.show_changed(self.actions.proceed(table, table.seq))
                continue
            self._human_turn(seat_view(rules, match, seat))
        self.say(_("The game was stopped: too many moves."))
        return 1

    def _after_sitting_out(self) -> None:
        """A hand the person sat out scrolled past in one go: let them read it before the
        next deal."""
        if not self.sat_out:
            return
        self.sat_out = False
        self._ask(_("Press Enter for the next hand: "))

    def _signal(self) -> None:
        """``s``: the señas the person may make now, by number; Enter makes none."""
        table = self.table
        assert table.match is not None
        available = table.rules.senas_available(table.match, HUMAN)
        if not available:
            self.say(translate("That is not possible at this moment of the game.",
                               self.locale))
            return
        for position, sena in enumerate(available, start=1):
            self.say(menu_line(position, sena_phrase_in(sena, table.rules, self.locale),
                               self.locale))
        answer = self._ask(signal_prompt(len(available)))
        number = read_number(answer.strip().lower())
        if number is None or not 1 <= number <= len(available):
            return
        try:
            self.show_changed(self.actions.sena(table, HUMAN_ID, available[number - 1].name))
        except Refused as refused:
            self.say(refusal_text(refused, self.locale, JudgedAt(table, HUMAN)))

    def _match(self) -> Match[Any]:
        """The match in play: a turn is asked only while one is."""
        match = self.table.match
        assert match is not None
        return match

    def _human_turn(self, view: SeatView) -> None:
        """Ask until one move is made; rules, hints and refusals re-ask the same turn."""
        table, rules = self.table, self.table.rules
        for line in view_lines(view, self.viewer, self.locale):
            if not any(line in said for said in self.recent):
                self.say(line)
        self.recent.clear()
        for line in known_lines(rules, table.match, HUMAN, self.viewer.names, self.locale):
            self.say(line)
        menu = in_rank_order(view.legal, rules, view.vira)  # strongest card first
        for position, action in enumerate(menu, start=1):
            self.say(menu_line(position, action_label(action, view, rules, self.locale),
                               self.locale))
        if rules.senas_available(self._match(), HUMAN):
            self.say(_("Type s to signal to your partner."))
        count = len(menu)
        while True:
            answer = self._ask(move_prompt(count))
            word = answer.strip().lower()
            if word in ("q", "quit"):
                self._confirm_leaving()
                continue
            if word.startswith("?"):
                self._rules(word[1:])
                continue
            if word in ("h", "hint"):
                self._hint()
                continue
            if word in ("s", "signal"):
                self._signal()
                continue
            number = read_number(word)
            if number is None or not 1 <= number <= count:
                self.say(not_a_move(count))
                continue
            try:
                changed = self.actions.play(table, HUMAN_ID, menu[number - 1], table.seq)
            except Refused as refused:
                self.say(refusal_text(
                    refused, self.locale, JudgedAt(table, HUMAN),
                    otherwise=translate("That move is not possible now.", self.locale)))
                continue
            events = changed.events if changed is not None else []
            self.show(events)
            # Put with four: a passer gives their cards away and sits the hand out
            passed = [e for e in events if isinstance(e, CardPassed) and e.seat == HUMAN]
            if passed:
                self.sat_out = True
                # TRANSLATORS: Put with four, after passing; {partner} is a name of any
                # gender: Urdu, word it so no verb inflects for it; Bengali, no case ending.
                self.say(_("You sit out the rest of this hand: {partner} plays it for "
                           "your side.", partner=self.viewer.name(passed[0].to)))
            return

    def _ask(self, prompt: str) -> str:
        try:
            return self.read(for_terminal(prompt))
        except EOFError:
            self.write("")  # end the prompt's line
            if self.ctrl_c.seen:
                raise KeyboardInterrupt from None
            raise Leave from None
        except KeyboardInterrupt:
            self.write("")
            raise

    def _confirm_leaving(self) -> None:
        answer = self._ask(_("Leave the game? Type q again to leave, or anything else to "
                             "go on: "))
        if answer.strip().lower() in ("q", "quit"):
            raise Leave

    def _rules(self, which: str) -> None:
        """``?N``: page N of the rules of the game being played, wrapped to the terminal,
        with the table's own target where it is not the one the pages name."""
        pages = rules_pages(self.table.variant, self.locale)
        number = read_number(which) if which.strip() else 1
        if number is None or not 1 <= number <= len(pages):
            self.say(ngettext("There is no page {page}: the rules have {n} page.",
                              "There is no page {page}: the rules have {n} pages.",
                              len(pages), page=which.strip()))
            self._say_wrapped(_("Pages: {pages}", pages=" · ".join(
                self._page_key(n, p.title) for n, p in enumerate(pages, start=1))))
            return
        page = pages[number - 1]
        self.say(_("{title} ({page}/{total})", title=page.title, page=number,
                   total=len(pages)))
        target = self.table.rules.target_score()
        if target != rules_class(self.table.variant)({}).target_score():
            # TRANSLATORS: under a rules page in the terminal: the table chose another
            # target than the usual one the page names.
            self.say(ngettext("At this table the game is played to {n} point.",
                              "At this table the game is played to {n} points.", target))
        self._say_wrapped(page.text)
        others = [self._page_key(n, p.title) for n, p in enumerate(pages, start=1)
                  if n != number]
        self._say_wrapped(_("Other pages: {pages}", pages=" · ".join(others)))

    def _page_key(self, number: int, title: str) -> str:
        """``?2 The deck``, the page number in the locale's digits like the rest of the
        line (``?২``): the reader types what it shows, and ``?2`` is read as well."""
        return f"?{format_number(number, self.locale)} {title}"

    def _say_wrapped(self, text: str) -> None:
        """Long text cut to the terminal's width (COLUMNS, else what the terminal says)."""
        width = shutil.get_terminal_size((80, 24)).columns - 1
        for line in page_lines(text, width, rtl=is_rtl(self.locale)):
            self.say(line)

    def _hint(self) -> None:
        """``h``: the hint Telegram's Hint button gives for this turn (the same search,
        seeded by the turn)."""
        asked = advice(self.table, HUMAN, self.table.seq)
        action, reason = asked.search()
        self.say(hint_line(action, reason, asked.view, asked.rules, self.locale))


def page_lines(text: str, width: int, rtl: bool = False) -> list[str]:
    """A rules page cut into lines that fit ``width`` columns, between words only (never a
    word split); a bullet's later lines are indented under its text. In a right-to-left
    language every cut line starts right to left, as the page's own lines do."""
    lines: list[str] = []
    for line in text.splitlines():
        indent = "  " if line.lstrip(RLM).startswith("• ") else ""
        cut = textwrap.wrap(line, max(width, 20), subsequent_indent=indent,
                            break_long_words=False, break_on_hyphens=False) or [""]
        lines += closed_marks(cut, indent)
    return rtl_lines("\n".join(lines)).split("\n") if rtl else lines


def closed_marks(cut: list[str], indent: str) -> list[str]:
    """The lines of one cut line, each left-to-right fragment marked on every line it spans.

    A fragment (LRM … LRM, docs/bidi.md) cut in two, say a ranking ``7♣ > 7♥ > 7♠``,
    would leave its second half unmarked, and a terminal that lays out bidi would show it
    mirrored (``7♠ < 7♥``): the first half is closed at its line's end and the second
    opened again after the indent."""
    out: list[str] = []
    inside = False
    for line in cut:
        if inside:
            body = line[len(indent):] if line.startswith(indent) else line
            line = line[:len(line) - len(body)] + OPEN + body
        inside = line.count(LRM) % 2 == 1
        out.append(line + CLOSE if inside else line)
    return out


def play_game(
    variant: str = "paulista",
    players: int = 2,
    seed: int | None = None,
    locale: str = "en",
    input_fn: InputFn = input,
    output: Output = print,
    name: str | None = None,
    *,
    options: dict[str, Any] | None = None,
    level: str = DEFAULT_LEVEL,
) -> int:
    """Play one game; returns 0 when it ends (won or left), 130 when left by Ctrl-C,
    2 for a bad setup."""
    locale = pick_locale(locale) or "en"
    with use_locale(locale):
        rng = random.Random(seed)
        actions = TableActions(Memory(rng, random.Random(rng.random())))
        table = _setup(actions, variant, players, options or {}, name, level, output)
        if table is None:
            return 2
        with CtrlC() as ctrl_c:
            return Game(table, locale, input_fn, output, actions, ctrl_c).play()


def _setup(actions: TableActions[Table, Changed | None], variant: str, players: int,
           options: dict[str, Any], name: str | None, level: str,
           output: Output) -> Table | None:
    """The table opened with the person in seat 0 and a bot of ``level`` in every other."""
    cls = rules_class(variant)
    if players not in cls.seat_counts:
        output(for_terminal(_("{variant} is not played by {players} players; choose {counts}.",
                 variant=_(variant_name(variant)), players=players,
                 counts=", ".join(str(n) for n in cls.seat_counts))))
        return None
    try:
        table = open_table(variant, players, options, HUMAN_ID, name or _("Player")).table
        table.rules  # noqa: B018 - builds the rules, which checks the options
    except SetupError:
        output(for_terminal(_("These table options do not fit {variant}.",
                              variant=_(variant_name(variant)))))
        return None
    for seat in range(1, players):
        actions.add_bot(table, lambda n: _("Bot {number}", number=n), level, seat)
    return table


def parser() -> argparse.ArgumentParser:
    """``truco-bot play [game] [--players N] [options]``, its help in the terminal's language."""
    p = Parser(prog="truco-bot play",
               description=_("Play a whole game in the terminal against bots, offline."),
               epilog=play_epilog())
    p.add_argument("variant", nargs="?", default="paulista", metavar=_("GAME"),
                   help=_("the game: {games} (default: paulista)",
                          games=", ".join(available_variants())))
    p.add_argument("--players", type=str, default="2", metavar="N",
                   help=_("how many play, you included (default: 2)"))
    p.add_argument("--lang", default="en", metavar=_("LANGUAGE"),
                   help=_("the game's language: {languages} (default: en)",
                          languages=", ".join(LOCALES)))
    p.add_argument("--level", default=DEFAULT_LEVEL, metavar=_("LEVEL"),
                   help=_("the bots' level: {levels} (default: {default})",
                          levels=", ".join(LEVELS), default=DEFAULT_LEVEL))
    p.add_argument("--deck", metavar="dirty|clean",
                   help=_("Paulista and Mineiro: the dirty (40 cards) or clean deck"))
    p.add_argument("--target", metavar=_("POINTS"),
                   help=_("the points that win the game, where the game offers a choice "
                          "(see below)"))
    p.add_argument("--flor", metavar="off|on|contraflor",
                   help=_("Argentine Truco: play without flor, with flor, or with contraflor"))
    p.add_argument("--envido", metavar="end|immediate",
                   help=_("Argentine Truco: envido points count at the hand's end, or at once "
                          "(which may end the game mid-hand)"))
    p.add_argument("--senas", metavar="catch|on|off",
                   help=_("Paulista, Mineiro and Argentine Truco with partners: signals "
                          "to your partner that opponents may catch, that nobody catches, "
                          "or none"))
    p.add_argument("--seed", type=str, default=None, metavar="S",
                   help=_("a number that fixes the shuffles, to replay a game"))
    p.add_argument("--name", default=None, metavar=_("NAME"),
                   help=_("your name at the table"))
    return p


def play_epilog() -> str:
    """Every game with its seat counts and the table options it offers."""
    lines = [_("Games:")]
    for variant in available_variants():
        counts = ", ".join(str(n) for n in rules_class(variant).seat_counts)
        flags = []
        for option, values in rule_options(variant).items():
            flag = next((f for f, (name, _words) in FLAGS.items() if name == option), option)
            words = FLAGS.get(flag, (option, {str(v): v for v in values}))[1]
            shown = [w for w, v in words.items() if v in values]
            flags.append(f"--{flag} {'|'.join(shown)}")
        lines.append(f"  {variant:<10} {_(variant_name(variant))}")
        lines.append("    " + _("players: {counts}", counts=counts))
        if flags:
            lines.append("    " + _("options: {options}", options="  ".join(flags)))
    lines.append(_("The turn time is a Telegram table option: in the terminal you take "
                   "the time you need."))
    lines.append(_("At your turn: a move's number, ? for the rules, h for a hint, q to quit."))
    return "\n".join(lines)


def table_options(variant: str, args: argparse.Namespace) -> dict[str, Any]:
    """The rules options the flags ask for, checked against what ``variant`` offers.

    Raises ValueError with a sentence for the person when a flag does not apply or
    a value is not one of the game's.
    """
    offered = rule_options(variant)
    chosen: dict[str, Any] = {}
    given = {flag: getattr(args, flag) for flag in (*FLAGS, "target")}
    for flag, raw in given.items():
        if raw is None:
            continue
        option, words = FLAGS.get(flag, (flag, {}))
        if option not in offered:
            raise ValueError(_("{variant} has no --{flag} option.",
                               variant=_(variant_name(variant)), flag=flag))
        values = offered[option]
        value = _option_value(raw, words, values)
        if value is None:
            shown = [w for w, v in words.items() if v in values] or [str(v) for v in values]
            raise ValueError(_("--{flag} takes one of: {values}.", flag=flag,
                               values=", ".join(shown)))
        chosen[option] = value
    return chosen


def _option_value(raw: str, words: dict[str, Any], values: tuple[Any, ...]) -> Any:
    if words:
        value = words.get(raw.strip().lower())
        return value if value in values else None
    number = read_number(raw)
    return number if number in values else None


def main(argv: Sequence[str], input_fn: InputFn = input, output: Output = print) -> int:
    """Entry for ``truco-bot play``; a bad name or number is answered with the valid ones."""
    try:
        args = parser().parse_args(list(argv))
    except SystemExit as done:  # --help, or argparse's own refusal (already printed)
        return int(done.code or 0)
    errors: list[str] = []
    variant = find_variant(args.variant)
    if variant is None:
        errors.append(_("Unknown game {name}.", name=args.variant) + " "
                      + _suggestion(args.variant, available_variants(), VARIANT_NAMES))
    locale = pick_locale(args.lang)
    if locale is None:
        errors.append(_("Unknown language {name}.", name=args.lang) + " "
                      + _suggestion(args.lang, list(LOCALES)))
    level = args.level.strip().lower()
    if level not in LEVELS:
        errors.append(_("Unknown bot level {name}.", name=args.level) + " "
                      + _suggestion(level, list(LEVELS)))
    players = read_number(args.players)
    if players is None:
        errors.append(_("--players takes a number, not {value}.", value=args.players))
    seed = read_number(args.seed) if args.seed is not None else None
    if args.seed is not None and seed is None:
        errors.append(_("--seed takes a whole number, not {value}.", value=args.seed))
    options: dict[str, Any] = {}
    if variant is not None:
        try:
            options = table_options(variant, args)
        except ValueError as error:
            errors.append(str(error))
    if errors or variant is None or players is None or locale is None:
        for line in errors:
            output(for_terminal(line))
        return 2
    return play_game(variant, players, seed, locale, input_fn, output, args.name,
                     options=options, level=level)


def _suggestion(name: str, valid: Sequence[str],
                aliases: Mapping[str, str] | None = None) -> str:
    """The closest valid names, every one that is near (a game's full name counts)."""
    near = closest(name, valid, count=len(valid), aliases=aliases)
    if near:
        return _("Did you mean {names}?", names=" / ".join(near))
    return _("Choose one of: {names}.", names=", ".join(valid))
