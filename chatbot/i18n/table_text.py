"""The texts of a table in a chat: the lobby, the hand's table message, buttons and alerts.

Handlers ask for text here and never write a sentence themselves. A table
message is public: it is built from a seat-less viewer, so it can only show
public events; a player's own cards appear only in texts made for that player.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from chatbot.fsm.table import Table
from chatbot.i18n.cards import card_label
from chatbot.i18n.context import use_locale
from chatbot.i18n.envido_sung import with_sung
from chatbot.i18n.lists import separated
from chatbot.i18n.render import (
    SCORE_SEPARATOR,
    Viewer,
    action_label,
    leading_line,
    render_all,
    score_line,
    tricks_line,
    variant_name,
)
from chatbot.i18n.senas_text import known_lines
from chatbot.i18n.teaching import manilhas_line, stake_line
from chatbot.i18n.translation import N_, _, ngettext, pgettext, translate
from chatbot.rules.actions import PLAY, PLAY_HIDDEN, RAISE, TRUCO, Action
from chatbot.rules.events import CallMade, Event, HandStarted, TurnStarted
from chatbot.rules.views import seat_view, slot_index

MAX_EVENT_LINES = 8

BUTTONS: dict[str, str] = {
    "join-a": N_("Join team A"),
    "join-b": N_("Join team B"),
    "join": N_("Join"),
    "leave": N_("Leave"),
    "bot": N_("Add a bot"),
    # TRANSLATORS: cycles the level of the next bot added; {level} is e.g. "Hard"
    "bot-level": N_("Bot: {level}"),
    # TRANSLATORS: cycles who the player practises against; {level} is e.g. "Hard"
    "solo-level": N_("Opponent: {level}"),
    "variant": N_("Game: {variant}"),
    "players": N_("Players: {n}"),
    "start": N_("Start"),
    "cancel": N_("Close the table"),
    "cards": N_("My cards"),
    "inline": N_("Play from my cards"),
    "rematch": N_("Rematch"),
    "back": N_("I'm back"),
    "hint": N_("Hint"),
    "rules": N_("Rules"),
    "solo-1": N_("{variant}: me against the bot"),
    "solo-2": N_("{variant}: me and a bot against two bots"),
    "rules-next": N_("Next"),
    "rules-prev": N_("Back"),
    # TRANSLATORS: opens the list of señas (face signals to the partner)
    "senas": N_("Signal to my partner"),
    # TRANSLATORS: closes the list of señas without making one
    "senas-back": N_("Back to my moves"),
    # TRANSLATORS: opens the game's table as a web page inside Telegram (a Mini App)
    "web": N_("Open the table"),
    "replace": N_("Yes, replace it"),
    "keep": N_("No, keep it"),
}

ALERTS: dict[str, str] = {
    "stale": N_("That button is from an earlier moment of the game: nothing changed."),
    "forged": N_("That button is not valid."),
    "no-table": N_("There is no open table here. Start one with /new."),
    "not-at-table": N_("You are not at this table."),
    "not-your-turn": N_("Not your turn."),
    "seat-taken": N_("That seat is taken."),
    "already-seated": N_("You are already at this table."),
    "table-not-full": N_("Every seat needs a player or a bot before the game starts."),
    "not-now": N_("That is not possible at this moment of the game."),
    "only-creator": N_("Only the table's creator or a group admin can do that."),
    "table-exists": N_("A table is already open in this chat. /stop closes it."),
    "done": N_("Done."),
    "blind": N_("This is an iron hand: nobody sees their cards."),
    "seats-in-use": N_("Some players sit in seats that would disappear; they must leave first."),
    "elsewhere": N_("That button does not belong to this message: nothing changed."),
    "no-free-seat": N_("There is no free seat."),
    "team-full": N_("That team has no free seat: join the other one."),
    "seats-fixed": N_("The game has started: seats are fixed."),
    "already-done": N_("That was done already: nothing changed."),
    # a lobby button pressed once the game began (or a "Rematch" once the new one began)
    "game-started": N_("The game has already started."),
    # TRANSLATORS: a seña button pressed after its hand ended (señas: face signals)
    "sena-stale": N_("That hand is over: that signal was not made."),
    "already-open": N_("That game is open already: play on."),
    "decided": N_("That question was answered already: nothing changed."),
    # TRANSLATORS: the bot was removed from the group where this table plays
    "paused": N_("This table is paused: the bot is no longer in its group."),
    "only-players": N_("Only a player of the open game, its creator or a group admin can "
                       "replace it."),
}


# The words of the lobby's option values (the values are the rules' ``lobby_options``):
# per value, its button (showing the value in force) and its phrase in the lobby's text.
OPTION_TEXTS: dict[tuple[str, object], tuple[str, str]] = {
    ("deck", "dirty"): (N_("Deck: dirty"), N_("dirty deck")),
    ("deck", "clean"): (N_("Deck: clean"), N_("clean deck")),
    ("flor", "off"): (N_("Flor: off"), N_("no flor")),
    ("flor", "basic"): (N_("Flor: on"), N_("with flor")),
    ("flor", "contraflor"): (N_("Flor: with contraflor"), N_("flor and contraflor")),
    # TRANSLATORS: señas are face signals to the partner (glossary «sinais»)
    ("senas", "catch"): (N_("Signals: opponents may catch them"),
                         N_("signals to the partner that opponents may catch")),
    ("senas", "on"): (N_("Signals: never caught"), N_("signals nobody else sees")),
    ("senas", "off"): (N_("Signals: off"), N_("no signals")),
    ("envido_immediate", False): (N_("Envido: counted at the hand's end"),
                                  N_("envido counted at the hand's end")),
    ("envido_immediate", True): (N_("Envido: counted at once"),
                                 N_("envido counted at once (it can end the game)")),
}


def button(key: str, locale: str, **params: object) -> str:
    return translate(BUTTONS[key], locale, **params)


def option_button(name: str, value: Any, locale: str) -> str:
    """A lobby option's button: ``Deck: clean``, ``Points: 15``, ``Turn: 60 s``."""
    if name == "target":
        return translate("Points: {n}", locale, n=value)
    if name == "turn":
        # TRANSLATORS: the time each player has for a turn, in seconds
        return translate("Time per turn: {n} s", locale, n=value)
    texts = OPTION_TEXTS.get((name, value))
    return translate(texts[0], locale) if texts else f"{name}: {value}"


def _option_phrase(name: str, value: Any) -> str:
    """One option in the lobby's text (call inside ``use_locale``)."""
    if name == "target":
        return ngettext("game to {n} point", "game to {n} points", value)
    if name == "turn":
        return ngettext("{n} second a turn", "{n} seconds a turn", value)
    texts = OPTION_TEXTS.get((name, value))
    return _(texts[1]) if texts else f"{name}={value}"


def alert(key: str, locale: str, **params: object) -> str:
    return translate(ALERTS.get(key, ALERTS["not-now"]), locale, **params)


# Lobby presses that found their option changed by someone else (lobby_presses.py).
LOBBY_CHANGES = frozenset({"option-changed", "game-changed"})


def lobby_change(reason: str, params: Mapping[str, Any], locale: str) -> str:
    """What changed under a lobby press made on a keyboard a moment old: the option as
    its button reads now ("Deck: clean", "Game: Truco Mineiro", "Players: 4"), or the
    game, whose options are others."""
    value = params.get("value")
    with use_locale(locale):
        if reason == "game-changed":
            # TRANSLATORS: a lobby option button pressed after someone changed the game
            return _("Someone else changed the game: it is now {variant}.",
                     variant=variant_name(str(value)))
        name = str(params.get("option"))
        if name == "variant":
            label = button("variant", locale, variant=variant_name(str(value)))
        elif name == "players":
            label = button("players", locale, n=value)
        else:
            label = option_button(name, value, locale)
        # TRANSLATORS: {value} is the option's button as it reads now, e.g. “Deck: clean”
        return _("Someone else changed this option: it is now “{value}”.", value=label)


def seat_names(table: Table, locale: str) -> list[str]:
    with use_locale(locale):
        return [s.name if s is not None else _("empty seat") for s in table.seats]


def _team_letter(team: int) -> str:
    """A side's name in the lobby, in the letters the language's rules page and join buttons
    use (fa and ur write «الف» and «ب»), so the lobby and the rules name a team alike."""
    # TRANSLATORS: the two teams' letters, as "Join team A" and the rules page
    # ("A and B are the teams") name them.
    return pgettext("team", "A") if team == 0 else pgettext("team", "B")


def lobby_text(table: Table, code: str, locale: str,
               options: Sequence[tuple[str, Any]] = (), started: bool = False) -> str:
    """The lobby: the game, its options (name and value, so everybody sees what the
    buttons chose), its seats by team, and what to do next (``started``: its final
    state once the game began, the seats as they are then)."""
    with use_locale(locale):
        lines = [_("A table of {variant} for {n} players (code {code}).",
                   variant=variant_name(table.variant), n=table.players, code=code)]
        if options:
            lines.append(_("Table options: {options}.", options=separated(
                _option_phrase(name, value) for name, value in options)))
        teams = table.rules.teams(table.players)
        names = seat_names(table, locale)
        for team in range(teams):
            members = [names[s] for s in range(table.players) if table.team_of(s) == team]
            name = _team_letter(team) if teams == 2 else team + 1
            lines.append(_("Team {team}: {players}", team=name,
                           players=separated(members)))
        empty = sum(1 for s in table.seats if s is None)
        if started:
            lines.append(_("The game has started: follow it in the message below."))
        elif empty:
            lines.append(ngettext("{n} seat is free: join, or add a bot.",
                                  "{n} seats are free: join, or add bots.", empty))
        else:
            lines.append(_("Every seat is taken: start when you are ready."))
        return "\n".join(lines)


def _on_table(table: Table, viewer: Viewer) -> str | None:
    """``On the table: Ana: 7♥, Bot 1: face down`` (call inside ``use_locale``)."""
    match = table.match
    assert match is not None
    hand = match.hand
    if hand is None or not hand.table:
        return None
    plays = [_("{player}: {card}", player=viewer.name(seat),
               card=viewer.card(card) if card is not None else _("face down"))
             for seat, card in hand.table]
    return _("On the table: {plays}", plays=separated(plays))


def table_text(table: Table, events: Sequence[Event], locale: str) -> str:
    """The public table message of the current hand.

    Turn events are left out: the last line says whom the table waits for, and
    the few event lines are worth more for plays and calls.
    """
    match = table.match
    assert match is not None
    names = seat_names(table, locale)
    viewer = Viewer(table.rules, table.players, names, None)
    with use_locale(locale):
        lines = [variant_name(table.variant)]
        hand = match.hand
        live = hand is not None and not hand.over and match.winner is None
        # while the hand is played its own line below says the turned-up card, once
        shown = [replace(e, vira=None) if live and isinstance(e, HandStarted) else e
                 for e in events if not isinstance(e, TurnStarted)]
        shown = with_sung(shown, table.rules, match)
        lines += render_all(shown, viewer, locale)[-MAX_EVENT_LINES:]
        if hand is not None and live:
            if hand.vira is not None:
                lines.append(_("Turned-up card: {card}.", card=viewer.card(hand.vira)))
            manilhas = manilhas_line(table.rules, hand.vira)
            if manilhas and not any(manilhas in line for line in lines):  # fixed ones: the deal
                lines.append(manilhas)
            on_table = _on_table(table, viewer)
            if on_table:
                lines.append(on_table)
                leading = leading_line(replace(viewer, vira=hand.vira), hand.table)
                if leading:
                    lines.append(leading)
            tricks = tricks_line(viewer, hand.tricks, len(match.score))
            if tricks:
                lines.append(tricks)
            lines.append(stake_line(table.rules.decides_game(hand), hand.stake))
            seat = table.rules.to_act(match)
            if seat is not None:
                # TRANSLATORS: {player} is a name of any gender: Urdu, word it so the
                # verb does not inflect for it; Bengali, no case ending on it.
                lines.append(_("Waiting for {player}.", player=names[seat]))
        score = score_line(viewer, match.score, locale)
        if not any(score in line for line in lines):  # a hand's result says it already
            lines.append(score)
        return "\n".join(lines)


def inline_context(table: Table, locale: str) -> str:
    """The moment in one line, for inline results (free to send, unlike an edit):
    a call waiting for an answer, the cards on the table, the stake. Public only."""
    match = table.match
    assert match is not None and match.hand is not None
    hand = match.hand
    viewer = Viewer(table.rules, table.players, seat_names(table, locale), None)
    with use_locale(locale):
        parts: list[str] = []
        pending = hand.pending
        if pending is not None:
            ladder = table.rules.ladder
            raising = pending.call in (TRUCO, RAISE) and 0 <= pending.level < len(ladder)
            call = CallMade(pending.caller, pending.call,
                            ladder[pending.level] if raising else None)
            parts += render_all([call], viewer, locale)
        parts.append(_on_table(table, viewer) or _("The table is empty."))
        parts.append(stake_line(table.rules.decides_game(hand), hand.stake))
        return " ".join(parts)


def cards_alert(table: Table, seat: int, locale: str) -> str:
    """A player's private look at the cards they may see (a callback alert, max 200 chars)."""
    match = table.match
    assert match is not None
    view = seat_view(table.rules, match, seat)
    names = seat_names(table, locale)
    viewer = Viewer(table.rules, table.players, names, seat, view.vira)
    with use_locale(locale):
        if view.hand is None:
            return alert("blind", locale)
        parts = [_("Your cards: {cards}", cards=viewer.hand(view.hand))]
        for owner, cards in view.seen.items():
            if owner != seat:
                parts.append(_("{partner} holds {cards}", partner=names[owner],
                               cards=viewer.hand(cards)))
        return "\n".join(parts)


def private_lines(table: Table, events: Sequence[Event], seat: int, locale: str) -> list[str]:
    """What one seat may read of these events (its own cards included)."""
    names = seat_names(table, locale)
    viewer = Viewer(table.rules, table.players, names, seat)
    return render_all(events, viewer, locale)


def held_lines(table: Table, seat: int, locale: str) -> list[str]:
    """The cards the seat holds *now* (the deal's line would still list the played ones),
    and the señas it knows of, while its hand is played; nothing once it is over."""
    match = table.match
    if match is None or match.hand is None or match.hand.over or match.winner is not None:
        return []
    view = seat_view(table.rules, match, seat)
    viewer = Viewer(table.rules, table.players, seat_names(table, locale), seat)
    with use_locale(locale):
        if view.hand is None:
            held = ngettext("You hold {n} card face down.", "You hold {n} cards face down.",
                            view.hand_size)
        else:
            held = _("Your cards: {cards}", cards=viewer.cards(view.hand))
    return [held, *known_lines(table.rules, match, seat, viewer.names, locale)]


def series_line(table: Table, wins: Sequence[int], locale: str) -> str:
    """``Games won here: Ana and Bot 2: 1 · Bia and Bot 3: 0``: each side's wins in this chat."""
    viewer = Viewer(table.rules, table.players, seat_names(table, locale), None)
    with use_locale(locale):
        parts = [_("{team}: {points}", team=viewer.team_name(t), points=n)
                 for t, n in enumerate(wins)]
        return _("Games won here: {scores}", scores=SCORE_SEPARATOR.join(parts))


# TRANSLATORS: the last edit a group's table message gets in this hand; {button} is the
# label of the button that opens the player's cards (inline mode).
PAUSED = N_("This message will not change again until the next hand (the group's "
            "message limit): tap “{button}” to follow the play.")


def paused_line(locale: str) -> str:
    """Why the table message stops changing for the rest of the hand, and how to follow."""
    return translate(PAUSED, locale, button=button("inline", locale))


def inline_pending(table: Table, seat: int, locale: str) -> str:
    """What a chosen inline result posts before the bot has judged the move: the player's
    name only. Telegram posts it the moment it is chosen, and a move that comes too late
    is refused, so it may name nothing the move would reveal (a card still in the hand,
    a flor); the bot edits it into ``inline_said`` once the move stands."""
    name = seat_names(table, locale)[seat]
    with use_locale(locale):
        # TRANSLATORS: posted in the group the moment a player picks a move in inline
        # mode, before the bot has taken it; edited into the move a moment later.
        return _("{player}: …", player=name)


def inline_refused(locale: str) -> str:
    """What that post becomes when the move is refused (the hand moved on, another move
    came first): it says so, and still names no card."""
    with use_locale(locale):
        return _("Too late: this move does not count.")


def inline_busy(locale: str) -> str:
    """The one inline result while the bot cannot reach its queue (several processes,
    Redis away): the asker's cards and moves come back in a moment."""
    with use_locale(locale):
        # TRANSLATORS: the only inline result while the bot's queue is out of reach for
        # a moment; typing the query again shows the player's cards and moves
        return _("The table is busy: try again in a moment.")


def inline_not_counted(reason: str, locale: str) -> str:
    """What that post becomes when the move was not the chooser's to make (a refusal in
    words, ``reason``: "You are not at this table.", "It is Bia's turn, not yours.")."""
    with use_locale(locale):
        # TRANSLATORS: {reason} is a whole sentence saying why, e.g. “It is Bia's turn,
        # not yours.”; the player's inline move post is edited into this
        return _("{reason} This move does not count.", reason=reason)


def inline_not_valid(locale: str) -> str:
    """What that post becomes for a result that was never offered to its chooser."""
    with use_locale(locale):
        return _("This move is not valid: it does not count.")


def inline_said(table: Table, seat: int, action: Action, locale: str) -> str:
    """What a player posts to the group by choosing an inline result: the move as the table
    hears it, so the chat reads as the game even when the table message rests.

    A card played face up is public the moment it is played, so its face is shown; a
    card played face down, a pick in a hand played blind, and the cards passed or
    discarded in Put are not, so those say only that a card moved. A raise says what
    the hand would be worth; an answer's label already carries its stake.
    """
    match = table.match
    assert match is not None and match.hand is not None
    rules = table.rules
    view = seat_view(rules, match, seat)
    name = seat_names(table, locale)[seat]
    with use_locale(locale):
        card = action.card
        if card is not None and action.kind == PLAY:
            if slot_index(card) is not None or view.hand is None:
                return _("{player} plays a card.", player=name)
            return _("{player} plays {card}", player=name,
                     card=card_label(card, rules.family))
        if card is not None and action.kind == PLAY_HIDDEN:
            return _("{player} plays a card face down.", player=name)
        if card is not None:  # passed, discarded, or a signal to the partner: private
            return _("{player} makes a move.", player=name)
        label = action_label(action, view, rules, locale)
        if action.kind in (TRUCO, RAISE):
            raising = view.pending_call in (TRUCO, RAISE)
            level = view.level + (2 if raising else 1)
            if level < len(rules.ladder):
                # TRANSLATORS: {call} is the shout ("Truco!", "Six!"); {n} what the hand is
                # worth if it is accepted.
                return ngettext("{player}: {call} For {n} point.",
                                "{player}: {call} For {n} points.", rules.ladder[level],
                                player=name, call=label)
        return _("{player}: {call}", player=name, call=label)
