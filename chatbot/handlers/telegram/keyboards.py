"""Inline keyboards: labels from i18n, payloads signed by the codec for the chat they go to.

Every method takes the chat the keyboard is sent to: its buttons are signed for
that chat and work nowhere else (chatbot/handlers/payload.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, WebAppInfo

from chatbot.fsm.machine import PLAY_STATES
from chatbot.fsm.table import Table
from chatbot.handlers.lobby_options import Setting
from chatbot.handlers.payload import NO_TABLE, Payload, PayloadCodec, chat_scope
from chatbot.handlers.web.links import WebLinks
from chatbot.i18n.levels import level_name
from chatbot.i18n.render import Viewer, action_label, variant_name
from chatbot.i18n.senas_text import sena_button
from chatbot.i18n.table_text import button, option_button, seat_names
from chatbot.rules.actions import Action, Kind
from chatbot.rules.cards import Family, card_code, parse_card
from chatbot.rules.views import blind_slot, seat_view, slot_index

LEVEL_ACTION = "level"  # a press that only cycles the bot level a menu shows (arg "where:level")
SOLO_DEFAULT_LEVEL = "hard"  # practice against the strongest bot unless the player picks another
LOBBY_DEFAULT_LEVEL = "normal"
SENAS_ACTION = "senas"  # opens the señas menu on a hand message (arg: the hand's number)
SENA_ACTION = "sena"  # makes one seña (arg "hand:name")
SENAS_BACK_ACTION = "senas-back"  # closes the señas menu (arg: the hand's number)
RULES_OPEN_ACTION = "rules-open"  # a Rules button on a lobby or practice table (arg: variant)
Content = tuple[str, InlineKeyboardMarkup | None]  # a message: its text and its buttons
# the lobby's buttons: judged on the lobby as it stands, so a keyboard a moment old works
LOBBY_ACTIONS = frozenset({"join", "leave", "bot", LEVEL_ACTION, "variant", "players",
                           "option", "start", "stop"})


def action_arg(action: Action, family: Family) -> str:
    """An action in a payload; a blind pick names its position, never its card."""
    if action.card is None:
        return action.kind
    index = slot_index(action.card)
    code = f"#{index}" if index is not None else card_code(action.card, family)
    return f"{action.kind}:{code}"


def parse_action_arg(arg: str, family: Family) -> Action:
    kind, _, code = arg.partition(":")
    if code.startswith("#") and code[1:].isdigit():
        return Action(Kind(kind), blind_slot(int(code[1:])))
    return Action(Kind(kind), parse_card(code, family) if code else None)


class Keyboards:
    def __init__(self, codec: PayloadCodec, web: WebLinks | None = None) -> None:
        self.codec = codec
        self.web = web  # the web table (TRUCO_WEBAPP_URL); None: no button opens it

    def web_rows(self, code: str, locale: str, private: bool) -> list[list[InlineKeyboardButton]]:
        """The button that opens the table on the web: a Mini App button in a private chat,
        the Mini App's direct link in a group (none without its short name)."""
        if self.web is None:
            return []
        text = button("web", locale)
        if private:
            return [[InlineKeyboardButton(text, web_app=WebAppInfo(self.web.private(code)))]]
        link = self.web.group(code)
        return [[InlineKeyboardButton(text, url=link)]] if link else []

    def data(self, chat: int, code: str, seq: int, action: str, arg: str = "") -> str:
        """A button's callback data, signed for ``chat``."""
        return self.codec.encode(Payload(code, seq, action, arg), chat_scope(chat))

    def button(self, chat: int, text: str, code: str, seq: int, action: str,
               arg: str = "") -> InlineKeyboardButton:
        return InlineKeyboardButton(text, callback_data=self.data(chat, code, seq, action, arg))

    def lobby(self, chat: int, table: Table, code: str, seq: int, locale: str,
              options: Sequence[Setting] = (),
              bot_level: str = LOBBY_DEFAULT_LEVEL) -> InlineKeyboardMarkup:
        """Seats, the game and seat count, one cycling button per offered option, start.

        The buttons that change something by steps carry what they were drawn on (the
        seat a bot will take, the game and seat count shown), so a double press does
        it once: the second one finds the table changed already. "Add a bot" also
        carries the level its neighbour shows; pressing that neighbour cycles the
        level (only this keyboard changes, not the table)."""
        def b(text: str, code: str, seq: int, action: str,
              arg: str = "") -> InlineKeyboardButton:
            return self.button(chat, text, code, seq, action, arg)
        free = next((s for s, info in enumerate(table.seats) if info is None), None)
        teams = table.rules.teams(table.players)
        join = ([b(button("join-a", locale), code, seq, "join", "0"),
                 b(button("join-b", locale), code, seq, "join", "1")] if teams == 2
                else [b(button("join", locale), code, seq, "join", "")])
        rows = [
            join,
            [b(button("bot", locale), code, seq, "bot",
               "" if free is None else f"{free}:{bot_level}"),
             b(button("bot-level", locale, level=level_label(bot_level, locale)), code, seq,
               LEVEL_ACTION, f"lobby:{bot_level}"),
             b(button("leave", locale), code, seq, "leave")],
            [b(button("variant", locale, variant=variant_name(table.variant)), code, seq,
               "variant", table.variant),
             b(button("players", locale, n=table.players), code, seq, "players",
               str(table.players))],
            *self._options(chat, options, code, seq, locale),
            [b(button("start", locale), code, seq, "start"),
             b(button("cancel", locale), code, seq, "stop"),
             self.rules_button(chat, table.variant, locale)],
        ]
        return InlineKeyboardMarkup(rows)

    def _options(self, chat: int, options: Sequence[Setting], code: str, seq: int,
                 locale: str) -> list[list[InlineKeyboardButton]]:
        """Two option buttons a row; each carries the value it shows, so a press on a
        button drawn before another change is recognized as stale."""
        buttons = [self.button(chat, option_button(s.name, s.value, locale), code, seq, "option",
                                f"{s.name}:{s.value}") for s in options]
        return [buttons[i:i + 2] for i in range(0, len(buttons), 2)]

    def group_hand(self, chat: int, table: Table, code: str, locale: str,
                   calls: bool = True) -> InlineKeyboardMarkup | None:
        """The hand's table message: inline play, a private look, and the calls of the moment
        (not on a message that rests or whose hand is over: they would only answer "stale")."""
        if table.state not in PLAY_STATES or table.match is None:
            return None
        seq = table.seq
        rows = [[InlineKeyboardButton(button("inline", locale),
                                      switch_inline_query_current_chat=f"{code} "),
                 self.button(chat, button("cards", locale), code, seq, "cards")]]
        if calls:
            rows += self._calls(chat, table, code, locale)
        rows += self.web_rows(code, locale, private=False)
        return InlineKeyboardMarkup(rows)

    def private_hand(self, chat: int, table: Table, code: str, seat: int, locale: str,
                     hint: bool = True) -> InlineKeyboardMarkup | None:
        """A private chat: the player's own legal actions as plain buttons, cards included;
        ``hint`` adds the practice table's Hint (not in a game against people)."""
        if table.state not in PLAY_STATES or table.match is None:
            return None
        rules = table.rules
        view = seat_view(rules, table.match, seat)
        cards: list[InlineKeyboardButton] = []
        calls: list[InlineKeyboardButton] = []
        for action in view.legal:
            label = action_label(action, view, rules, locale)
            target = cards if action.card is not None else calls
            target.append(self.button(chat, label, code, table.seq, "move",
                                       action_arg(action, rules.family)))
        rows = [cards[i:i + 3] for i in range(0, len(cards), 3)]
        rows += [calls[i:i + 2] for i in range(0, len(calls), 2)]
        if rows and hint:  # the practice table's teacher: what the strongest bot would do
            rows.append([self.button(chat, button("hint", locale), code, table.seq, "hint"),
                         self.rules_button(chat, table.variant, locale)])
        if rules.senas_available(table.match, seat):  # at any moment, turn or not
            rows.append([self.button(chat, button("senas", locale), code, table.seq,
                                     SENAS_ACTION, str(table.match.hand_no))])
        rows += self.web_rows(code, locale, private=True)
        return InlineKeyboardMarkup(rows) if rows else None

    def senas_menu(self, chat: int, table: Table, code: str, seat: int,
                   locale: str) -> InlineKeyboardMarkup | None:
        """The señas this seat may make now, each with its gesture and the card it names,
        and a way back to the moves; None when it may make none. Each button names its
        hand, so a press after the hand ended makes no seña in the next one."""
        match = table.match
        if table.state not in PLAY_STATES or match is None:
            return None
        available = table.rules.senas_available(match, seat)
        if not available:
            return None
        hand = str(match.hand_no)
        rows = [[self.button(chat, sena_button(sena, table.rules, locale), code, table.seq,
                             SENA_ACTION, f"{hand}:{sena.name}")] for sena in available]
        rows.append([self.button(chat, button("senas-back", locale), code, table.seq,
                                 SENAS_BACK_ACTION, hand)])
        return InlineKeyboardMarkup(rows)

    def rules_button(self, chat: int, variant: str, locale: str) -> InlineKeyboardButton:
        """Opens the /rules pages of the game at this table in a new message (the table's
        own message stays as it is); bound to no table, so it never goes stale."""
        return self.button(chat, button("rules", locale), NO_TABLE, 0, RULES_OPEN_ACTION,
                           variant)

    def _calls(self, chat: int, table: Table, code: str,
               locale: str) -> list[list[InlineKeyboardButton]]:
        """Buttons for the non-card actions of whoever may act now (checked on press)."""
        rules, match = table.rules, table.match
        assert match is not None
        seen: dict[str, Action] = {}
        for seat in range(table.players):
            for action in rules.legal(match, seat):
                if action.card is None:
                    seen.setdefault(action.kind, action)
        if not seen:
            return []
        acting = rules.to_act(match)
        view = seat_view(rules, match, acting if acting is not None else 0)
        buttons = [self.button(chat, action_label(a, view, rules, locale), code, table.seq,
                               "move", action_arg(a, rules.family)) for a in seen.values()]
        return [buttons[i:i + 3] for i in range(0, len(buttons), 3)]

    def finished(self, chat: int, code: str, seq: int, locale: str) -> InlineKeyboardMarkup:
        return InlineKeyboardMarkup([[self.button(chat, button("rematch", locale), code, seq,
                                                  "rematch")]])

    def solo_menu(self, chat: int, variants: list[str], locale: str,
                  level: str = SOLO_DEFAULT_LEVEL) -> InlineKeyboardMarkup:
        """The practice games, under a button that cycles the bots' level."""
        rows = [[self.button(chat, button("solo-level", locale,
                                          level=level_label(level, locale)),
                             NO_TABLE, 0, LEVEL_ACTION, f"solo:{level}")]]
        for name in variants:
            rows.append([self.button(chat, button("solo-1", locale, variant=variant_name(name)),
                                     NO_TABLE, 0, "solo", f"{name}:2:{level}")])
            rows.append([self.button(chat, button("solo-2", locale, variant=variant_name(name)),
                                     NO_TABLE, 0, "solo", f"{name}:4:{level}")])
        return InlineKeyboardMarkup(rows)

    def replace(self, chat: int, old_code: str, wanted: str,
                locale: str) -> InlineKeyboardMarkup:
        """The question "replace the running game?": its answers name the game they
        would replace, so once it is gone (replaced, stopped) they change nothing."""
        return InlineKeyboardMarkup([[
            self.button(chat, button("replace", locale), old_code, 0, "replace", wanted),
            self.button(chat, button("keep", locale), old_code, 0, "keep")]])


def level_label(code: str, locale: str) -> str:
    """A player level's name in ``locale`` ("Hard", «Difícil»)."""
    return level_name(code, locale)


def viewer_for(table: Table, seat: int | None, locale: str) -> Viewer:
    return Viewer(table.rules, table.players, seat_names(table, locale), seat)
