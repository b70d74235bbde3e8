"""The web table's question "is this user in that group?", asked of Telegram.

``getChatMember`` through the bot (chatbot/handlers/web/members.py keeps the answers a
short while). A user Telegram does not know in the chat, or a group the bot was
removed from, is no member; a network failure or a flood wait answers "cannot tell".
"""

from __future__ import annotations

import logging
from typing import Any

from telegram import ChatMember, ChatMemberRestricted
from telegram.error import BadRequest, Forbidden, TelegramError
from telegram.ext import ExtBot

from chatbot.handlers.web.members import Lookup

log = logging.getLogger(__name__)
MEMBERS = frozenset({ChatMember.OWNER, ChatMember.ADMINISTRATOR, ChatMember.MEMBER})


def chat_member_lookup(bot: ExtBot[Any]) -> Lookup:
    async def lookup(chat_id: int, user_id: int) -> bool | None:
        try:
            member = await bot.get_chat_member(chat_id, user_id)
        except (BadRequest, Forbidden):
            return False
        except TelegramError as error:
            log.info("membership of %s in %s unknown: %s", user_id, chat_id, error)
            return None
        if isinstance(member, ChatMemberRestricted):
            return member.is_member
        return member.status in MEMBERS
    return lookup
