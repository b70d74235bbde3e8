"""Who may close or replace a group's table: its creator, a group admin, or (to replace
it) one of its players. Asked of Telegram only when the stored table cannot say."""

from __future__ import annotations

import logging
from typing import Any

from telegram.constants import ChatMemberStatus
from telegram.error import TelegramError
from telegram.ext import ExtBot

from chatbot.fsm.table import Table
from chatbot.storage import TableRecord

log = logging.getLogger(__name__)


async def may_manage(bot: ExtBot[Any], record: TableRecord, chat_id: int,
                     user_id: int) -> bool:
    """Close the table: its creator, anyone in a private chat, or a group admin."""
    if record.creator_id == user_id or chat_id > 0:
        return True
    return await is_admin(bot, chat_id, user_id)


async def may_replace(bot: ExtBot[Any], record: TableRecord, chat_id: int,
                      user_id: int) -> bool:
    """Who may close a game to open another: a player of it, its creator, an admin."""
    if Table.from_dict(record.game).seat_of(user_id) is not None:
        return True
    return await may_manage(bot, record, chat_id, user_id)


async def is_admin(bot: ExtBot[Any], chat_id: int, user_id: int) -> bool:
    try:
        member = await bot.get_chat_member(chat_id, user_id)
    except TelegramError as exc:  # not a member (any more), or Telegram is down
        log.info("no membership of user %s in chat %s: %s", user_id, chat_id, exc)
        return False
    return member.status in (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)
