"""``/language``: a person's language in a private chat, a group's language in a group.

In a group only an admin or the creator of the open table may change it; the
open table's messages switch at once. Alerts and inline answers always follow
each person's own language, whatever the group speaks.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from telegram import InlineKeyboardMarkup, Update
from telegram.constants import ChatMemberStatus, ChatType
from telegram.error import BadRequest, TelegramError
from telegram.ext import ContextTypes

from chatbot.handlers.payload import NO_TABLE, Payload
from chatbot.handlers.telegram.answers import answer_query
from chatbot.handlers.telegram.keyboards import Keyboards
from chatbot.handlers.telegram.rules_command import LocaleOf
from chatbot.i18n.locales import LOCALES
from chatbot.i18n.table_text import alert
from chatbot.i18n.translation import N_, translate
from chatbot.storage import Repository

ACTION = "lang"  # its buttons' payload action (signed for their chat like every button)

# Each language named in itself, so anyone can find their own.
NATIVE_NAMES = {"en": "English", "pt_BR": "Português (Brasil)", "fa": "فارسی", "ur": "اردو",
                "bn": "বাংলা"}
CHOSEN = N_("From now on I speak English here.")


def language_menu(keyboards: Keyboards, chat: int) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup([[keyboards.button(chat, NATIVE_NAMES[code], NO_TABLE, 0,
                                                   ACTION, code)]
                                 for code in LOCALES])


class LanguageCommand:
    def __init__(self, repo: Repository, locale_of: LocaleOf, keyboards: Keyboards,
                 forget_user: Callable[[int], None],
                 set_table_language: Callable[[int, str], Awaitable[object]]) -> None:
        self.repo = repo
        self.keyboards = keyboards
        self.locale_of = locale_of
        self.forget_user = forget_user  # drops a cached language when it changes
        # Through the game service, whose remembered copy of the table must stay current.
        self.set_table_language = set_table_language

    async def command(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        message = update.message
        if message is None:
            return
        locale = await self.locale_of(update)
        await message.reply_text(translate("Choose a language:", locale),
                                 reply_markup=language_menu(self.keyboards, message.chat_id))

    async def choose(self, update: Update, context: ContextTypes.DEFAULT_TYPE,
                     payload: Payload) -> None:
        """A press on the menu, already checked (signed for this chat, on this message)."""
        query, chat, user = update.callback_query, update.effective_chat, update.effective_user
        if query is None or chat is None or user is None:
            return
        code = payload.arg
        if code not in LOCALES:
            await answer_query(query)
            return
        if chat.type == ChatType.PRIVATE:
            await self.repo.get_or_create_user(user.id, user.full_name, user.language_code)
            await self.repo.set_user_language(user.id, code)
            self.forget_user(user.id)
        else:
            if not await self.may_set_group(chat.id, user.id, context):
                await answer_query(query, alert("only-creator", await self.locale_of(update)),
                                   show_alert=True)
                return
            await self.repo.get_or_create_chat(chat.id)
            await self.repo.set_chat_language(chat.id, code)
            await self.retitle_table(chat.id, code)
        await answer_query(query)
        try:
            await query.edit_message_text(translate(CHOSEN, code))
        except BadRequest as exc:  # the same language pressed twice
            if "not modified" not in str(exc).lower():
                raise

    async def may_set_group(self, chat_id: int, user_id: int,
                            context: ContextTypes.DEFAULT_TYPE) -> bool:
        table = await self.repo.get_active_table(chat_id)
        if table is not None and table.creator_id == user_id:
            return True
        try:
            member = await context.bot.get_chat_member(chat_id, user_id)
        except TelegramError:  # not a member (any more), or Telegram is down: not an admin
            return False
        return member.status in (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)

    async def retitle_table(self, chat_id: int, code: str) -> None:
        """The open table speaks the group's new language from its next message on."""
        table = await self.repo.get_active_table(chat_id)
        if table is not None and table.language != code:
            await self.set_table_language(table.id, code)
