"""``/rules [game]``: the rules of each game, one section per page, paged with buttons.

Paging buttons carry only a game and a page number, nothing secret, so they
need no signature; they answer in the presser's own language, whatever the chat
speaks.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.error import BadRequest
from telegram.ext import ContextTypes

from chatbot.i18n.render import variant_name
from chatbot.i18n.rules_pages import RulesPage, rules_pages, rules_variants
from chatbot.i18n.table_text import button
from chatbot.i18n.translation import translate

PREFIX = "rules:"
PATTERN = r"^rules:"

LocaleOf = Callable[[Update], Awaitable[str]]


def page_text(page: RulesPage, number: int, total: int, locale: str) -> str:
    return translate("{title} ({page}/{total})", locale, title=page.title, page=number,
                     total=total) + "\n\n" + page.text


def menu(locale: str) -> InlineKeyboardMarkup:
    rows = [[InlineKeyboardButton(variant_name_in(v, locale), callback_data=f"{PREFIX}{v}:0")]
            for v in rules_variants()]
    return InlineKeyboardMarkup(rows)


def variant_name_in(variant: str, locale: str) -> str:
    return translate(variant_name(variant), locale)


def pager(variant: str, index: int, total: int, locale: str) -> InlineKeyboardMarkup:
    row = []
    if index > 0:
        row.append(InlineKeyboardButton(button("rules-prev", locale),
                                        callback_data=f"{PREFIX}{variant}:{index - 1}"))
    if index + 1 < total:
        row.append(InlineKeyboardButton(button("rules-next", locale),
                                        callback_data=f"{PREFIX}{variant}:{index + 1}"))
    return InlineKeyboardMarkup([row] if row else [])


def render(variant: str, index: int, locale: str) -> tuple[str, InlineKeyboardMarkup]:
    pages = rules_pages(variant, locale)
    index = max(0, min(index, len(pages) - 1))
    return (page_text(pages[index], index + 1, len(pages), locale),
            pager(variant, index, len(pages), locale))


class RulesCommand:
    def __init__(self, locale_of: LocaleOf) -> None:
        self.locale_of = locale_of

    async def command(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        message = update.message
        if message is None:
            return
        locale = await self.locale_of(update)
        wanted = (context.args or [""])[0].lower()
        if wanted in rules_variants():
            text, markup = render(wanted, 0, locale)
            await message.reply_text(text, reply_markup=markup)
            return
        await message.reply_text(translate("Which game?", locale), reply_markup=menu(locale))

    async def page(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        if query is None or not (query.data or "").startswith(PREFIX):
            return
        locale = await self.locale_of(update)
        variant, _, number = query.data[len(PREFIX):].partition(":")
        if variant not in rules_variants() or not number.isdigit():
            await query.answer()
            return
        text, markup = render(variant, int(number), locale)
        await query.answer()
        try:
            await query.edit_message_text(text, reply_markup=markup)
        except BadRequest as exc:  # the same page pressed twice
            if "not modified" not in str(exc).lower():
                raise
