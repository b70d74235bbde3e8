"""The web table as one reader may see it: JSON built from the rules' views only.

A seated reader's cards come from :func:`chatbot.rules.views.seat_view` (their own
hand, their partner's where the rules show it, nothing else hidden); anyone else
gets the public table, built from what every seat sees: the cards face up on the
table, the turned card, the score. Nothing here reads a hand the reader may not
see, so no response can carry it. Every text is rendered here, in the reader's
language, by the same functions as the chat's messages; the page only lays it out.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from chatbot.cards.catalog import picture_name
from chatbot.cards.draw import Mark
from chatbot.fsm.table import Table
from chatbot.handlers.telegram.keyboards import action_arg
from chatbot.i18n.bidi import is_rtl
from chatbot.i18n.cards import card_label, card_name
from chatbot.i18n.context import use_locale
from chatbot.i18n.render import Viewer, action_label, render_all, variant_name, view_lines
from chatbot.i18n.senas_text import known_lines, sena_button
from chatbot.i18n.table_text import button, lobby_text, seat_names, table_text
from chatbot.i18n.translation import N_, _
from chatbot.rules.cards import Card, card_code
from chatbot.rules.events import Event, TurnStarted
from chatbot.rules.views import SeatView, seat_view, slot_index

EVENT_LINES = 6  # the last few things that happened, in words
WATCHING = N_("You are watching this table: only the cards on the table are shown.")


def card_json(card: Card, table: Table, locale: str, mark: Mark = Mark.PLAIN) -> dict[str, str]:
    """A face-up card: its code (for the move), its face, its spoken name (a screen
    reader's label) and its picture."""
    family = table.rules.family
    return {"code": card_code(card, family), "label": card_label(card, family, locale),
            "name": card_name(card, family, locale),
            "img": f"cards/{picture_name(card, family, mark)}.webp"}


def _mark(card: Card, manilhas: Sequence[Card]) -> Mark:
    return Mark.MANILHA if card in manilhas else Mark.PLAIN


def table_view(table: Table, code: str, *, user_id: int | None, locale: str,
               events: Sequence[Event] = (), deadline: datetime | None = None,
               version: int = 0, practice: bool = False) -> dict[str, Any]:
    """Everything the page shows to ``user_id`` (None, or not seated: a spectator).

    ``practice``: the reader's own practice table (a private chat's), the only one whose
    player is offered the hint, as in the chat."""
    seat = table.seat_of(user_id) if user_id is not None else None
    names = seat_names(table, locale)
    out: dict[str, Any] = {
        "code": code, "version": version, "seq": table.seq, "state": table.state,
        "lang": locale.replace("_", "-"), "dir": "rtl" if is_rtl(locale) else "ltr",
        "seat": seat, "deadline": deadline.isoformat() if deadline is not None else None,
    }
    # a finished game's players may start the next one, as the chat's button does
    out["rematch"] = (button("rematch", locale)
                      if seat is not None and table.state == "finished" else None)
    out["cards"] = out["hint"] = None  # the private looks (api/cards, api/hint), if any
    with use_locale(locale):
        out["title"] = variant_name(table.variant)
        if seat is None:
            out["notice"] = _(WATCHING)
    match = table.match
    hand = match.hand if match is not None else None
    to_act = table.rules.to_act(match) if match is not None and hand is not None else None
    out["seats"] = [{"seat": s, "name": names[s], "team": table.team_of(s),
                     "bot": info is None or info.is_bot, "turn": s == to_act,
                     "held": len(hand.cards[s]) if hand is not None else 0}
                    for s, info in enumerate(table.seats)]
    if match is None or hand is None:
        out["lines"] = lobby_text(table, code, locale).split("\n")
        out["events"], out["moves"], out["hand"], out["trick"] = [], [], None, []
        out["senas"] = []
        return out
    manilhas = table.rules.manilhas(hand.vira)
    out["vira"] = card_json(hand.vira, table, locale, Mark.VIRA) if hand.vira else None
    out["manilhas"] = [card_json(c, table, locale, Mark.MANILHA) for c in manilhas]
    out["trick"] = [{"seat": s, "name": names[s],
                     "card": card_json(c, table, locale, _mark(c, manilhas))
                     if c is not None else None}
                    for s, c in hand.table]
    out["score"] = list(match.score)
    out["stake"] = hand.stake
    shown = [e for e in events if not isinstance(e, TurnStarted)]
    if seat is None:
        out["lines"] = table_text(table, shown, locale).split("\n")[1:]
        out["events"], out["hand"], out["partners"], out["moves"] = [], None, [], []
        out["senas"] = []
        return out
    view = seat_view(table.rules, match, seat)
    viewer = Viewer(table.rules, table.players, names, seat, view.vira)
    out["lines"] = [*view_lines(view, viewer, locale),
                    *known_lines(table.rules, match, seat, names, locale)]
    out["events"] = render_all(shown, viewer, locale)[-EVENT_LINES:]
    out["hand"] = ([card_json(c, table, locale, _mark(c, manilhas)) for c in view.hand]
                   if view.hand is not None else None)
    out["held"] = view.hand_size
    out["partners"] = [{"seat": owner, "name": names[owner],
                        "cards": [card_json(c, table, locale, _mark(c, manilhas))
                                  for c in cards]}
                       for owner, cards in view.seen.items() if owner != seat and cards]
    out["moves"] = moves(view, table, locale, manilhas)
    out["cards"] = button("cards", locale)  # the chat's "My cards", said on the page
    out["hint"] = button("hint", locale) if practice and view.legal else None
    # señas at any moment of the hand, to the partner only (as in the chat's menu)
    out["hand_no"] = match.hand_no
    out["senas"] = [{"name": sena.name, "label": sena_button(sena, table.rules, locale)}
                    for sena in table.rules.senas_available(match, seat)]
    return out


def moves(view: SeatView, table: Table, locale: str,
          manilhas: Sequence[Card]) -> list[dict[str, Any]]:
    """The reader's legal moves now: what to send back (``arg``, the chat's own form of
    an action), the words on the button and, for a card, which card it plays."""
    family = table.rules.family
    out = []
    for action in view.legal:
        card = action.card
        face = card is not None and slot_index(card) is None
        out.append({"arg": action_arg(action, family), "kind": action.kind,
                    "label": action_label(action, view, table.rules, locale),
                    "card": card_code(card, family) if face and card is not None else None})
    return out
