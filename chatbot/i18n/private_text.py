"""The private copy of a group hand: what one seat may see, for its player's private chat.

Built only from that seat's view (``seat_view``) and the events whose audience
admits the seat, so it can never show a card the seat may not see: in an iron
hand no face at all, in a hand of eleven the partner's cards only to the
deciding team. Turn events are left out, so the text changes only when what
the seat sees changes (its cards, its moves, the table), and an edit is rare.
"""

from __future__ import annotations

from collections.abc import Sequence

from chatbot.fsm.table import Table
from chatbot.i18n.context import use_locale
from chatbot.i18n.envido_sung import with_sung
from chatbot.i18n.render import Viewer, render_all, score_line, variant_name, view_lines
from chatbot.i18n.senas_text import known_lines
from chatbot.i18n.table_text import seat_names
from chatbot.i18n.terms import Term, special_hand_term, term
from chatbot.i18n.translation import N_, _, translate
from chatbot.rules.events import (
    CardsDealt,
    Event,
    HandStarted,
    PartnerCardsShown,
    TurnStarted,
)
from chatbot.rules.views import seat_view

RECENT = 3  # the last moves worth repeating above the seat's view
# The view's own lines say these (the deal's line would repeat the turned-up card).
SKIPPED = (TurnStarted, CardsDealt, PartnerCardsShown, HandStarted)

STOPPED = N_("Done: I will not send your hands here any more. Send /start to have them "
             "again.")
STOP_BUTTON = N_("Stop sending my hands here")
HELP = N_("Playing in a group? Send me /start in a private chat once, and during each hand "
          "I also show you your cards and your moves there. A button on those messages stops "
          "them.")


def private_header(table: Table, locale: str, group: str | None, code: str) -> str:
    """Which game this is: the group's name when known, else the table's code."""
    with use_locale(locale):
        variant = variant_name(table.variant)
        if group:
            return _("{variant} in {group}", variant=variant, group=group)
        return _("{variant}, table {code}", variant=variant, code=code)


def private_hand_text(table: Table, seat: int, events: Sequence[Event], locale: str,
                      group: str | None, code: str) -> str:
    """One seat's hand for its private chat: the last moves, its view, whose turn."""
    header = private_header(table, locale, group, code)
    match = table.match
    names = seat_names(table, locale)
    viewer = Viewer(table.rules, table.players, names, seat)
    if match is None or match.hand is None:
        return header
    view = seat_view(table.rules, match, seat)
    recent = render_all(with_sung([e for e in events if not isinstance(e, SKIPPED)],
                                  table.rules, match), viewer, locale)
    hand = match.hand
    lines = [header, *_special(table, hand.special, locale), *recent[-RECENT:]]
    if hand.over or match.winner is not None:
        score = score_line(viewer, match.score, locale)
        if not any(score in line for line in lines):  # the hand's result says it already
            lines.append(score)
        return "\n".join(lines)
    lines += view_lines(view, viewer, locale)
    lines += known_lines(table.rules, match, seat, names, locale)
    with use_locale(locale):
        if view.legal:
            lines.append(_("Your turn: your moves are below."))
        elif view.to_act is not None:
            lines.append(_("Waiting for {player}.", player=names[view.to_act]))
    return "\n".join(lines)


def _special(table: Table, special: str | None, locale: str) -> list[str]:
    """A hand of eleven or an iron hand says so all along (the same words as its deal)."""
    with use_locale(locale):
        if special == "iron":
            return [_("This is an {special}: nobody sees their cards.",
                      special=term(Term.IRON_HAND))]
        if special == "eleven":
            name = special_hand_term(table.rules.special_at)
            return [_("This is a {special}.", special=term(name))]
        return []


def closed_line(locale: str) -> str:
    return translate("The table is closed.", locale)


def stopped_alert(locale: str) -> str:
    return translate(STOPPED, locale)


def stop_button_label(locale: str) -> str:
    return translate(STOP_BUTTON, locale)


def private_help(locale: str) -> str:
    return translate(HELP, locale)
