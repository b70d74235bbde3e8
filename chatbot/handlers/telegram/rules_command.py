"""``/rules [game]``: the rules of each game, one section per page, paged with buttons.

Paging buttons carry only a game and a page number, nothing secret, but they
are signed for their chat like every button (a rules button replayed onto a
table message must not turn it into a rules page); the dispatcher in
buttons.py checks that and hands the press to :meth:`RulesCommand.page`.
They answer in the presser's own language, whatever the chat speaks.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from telegram import CallbackQuery, InlineKeyboardMarkup, Update
from telegram.error import BadRequest
from telegram.ext import ContextTypes

from chatbot.handlers.payload import NO_TABLE, Payload
from chatbot.handlers.telegram.answers import answer_query
from chatbot.handlers.telegram.keyboards import Keyboards
from chatbot.i18n.render import variant_name
from chatbot.i18n.rules_pages import RulesPage, rules_pages, rules_variants
from chatbot.i18n.table_text import button
from chatbot.i18n.translation import translate

ACTION = "rules"

LocaleOf = Callable[[Update], Awaitable[str]]


def page_text(page: RulesPage, number: int, total: int, locale: str) -> str:
    return translate("{title} ({page}/{total})", locale, title=page.title, page=number,
                     total=total) + "\n\n" + page.text


def menu(keyboards: Keyboards, chat: int, locale: str) -> InlineKeyboardMarkup:
    rows = [[keyboards.button(chat, variant_name_in(v, locale), NO_TABLE, 0, ACTION, f"{v}:0")]
            for v in rules_variants()]
    return InlineKeyboardMarkup(rows)


def variant_name_in(variant: str, locale: str) -> str:
    return translate(variant_name(variant), locale)


def pager(keyboards: Keyboards, chat: int, variant: str, index: int, total: int,
          locale: str) -> InlineKeyboardMarkup:
    row = []
    if index > 0:
        row.append(keyboards.button(chat, button("rules-prev", locale), NO_TABLE, 0, ACTION,
                                    f"{variant}:{index - 1}"))
    if index + 1 < total:
        row.append(keyboards.button(chat, button("rules-next", locale), NO_TABLE, 0, ACTION,
                                    f"{variant}:{index + 1}"))
    return InlineKeyboardMarkup([row] if row else [])


def render(keyboards: Keyboards, chat: int, variant: str, index: int,
           locale: str) -> tuple[str, InlineKeyboardMarkup]:
    pages = rules_pages(variant, locale)
    index = max(0, min(index, len(pages) - 1))
    return (page_text(pages[index], index + 1, len(pages), locale),
            pager(keyboards, chat, variant, index, len(pages), locale))


class RulesCommand:
    def __init__(self, locale_of: LocaleOf, keyboards: Keyboards) -> None:
        self.locale_of = locale_of
        self.keyboards = keyboards

    async def command(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        message = update.message
        if message is None:
            return
        locale = await self.locale_of(update)
        wanted = (context.args or [""])[0].lower()
        chat = message.chat_id
        if wanted in rules_variants():
            text, markup = render(self.keyboards, chat, wanted, 0, locale)
            await message.reply_text(text, reply_markup=markup)
            return
        await message.reply_text(translate("Which game?", locale),
                                 reply_markup=menu(self.keyboards, chat, locale))

    async def open(self, query: CallbackQuery, chat: int, payload: Payload,
                   locale: str) -> None:
        """A Rules button on a lobby or practice table: the first page of that table's
        game, with its pager, as a new message (the table's message stays)."""
        variant = payload.arg
        await answer_query(query)
        if variant not in rules_variants():
            return
        text, markup = render(self.keyboards, chat, variant, 0, locale)
        await query.get_bot().send_message(chat, text, reply_markup=markup)

    async def page(self, query: CallbackQuery, chat: int, payload: Payload,
                   locale: str) -> None:
        """A paging press, already checked (signed for this chat, on this message)."""
        variant, _, number = payload.arg.partition(":")
        if variant not in rules_variants() or not number.isdigit():
            await answer_query(query)
            return
        text, markup = render(self.keyboards, chat, variant, int(number), locale)
        await answer_query(query)
        try:
            await query.edit_message_text(text, reply_markup=markup)
        except BadRequest as exc:  # the same page pressed twice
            if "not modified" not in str(exc).lower():
                raise
