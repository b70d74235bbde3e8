"""Users and chats: get-or-create, languages and settings."""

from __future__ import annotations

import asyncio

import pytest

from chatbot.storage.errors import NotFound
from chatbot.storage.records import ChatRecord, UserRecord
from chatbot.storage.repository import Repository

USER = 6_000_000_001


async def test_get_or_create_user(repository: Repository) -> None:
    assert await repository.get_user(USER) is None
    user = await repository.get_or_create_user(USER, "Ana", "pt-br")
    assert user == UserRecord(USER, "Ana", None, "pt-br", False)
    assert await repository.get_or_create_user(USER, "Ana", "pt-br") == user
    assert await repository.get_user(USER) == user


async def test_get_or_create_user_follows_telegram(repository: Repository) -> None:
    await repository.get_or_create_user(USER, "Ana", "pt-br")
    renamed = await repository.get_or_create_user(USER, "Ana Maria")
    assert (renamed.name, renamed.telegram_language) == ("Ana Maria", "pt-br")
    moved = await repository.get_or_create_user(USER, "Ana Maria", "fa")
    assert moved.telegram_language == "fa"


async def test_first_sight_races_create_one_user(repository: Repository) -> None:
    users = await asyncio.gather(*(repository.get_or_create_user(USER, "Ana") for _ in range(5)))
    assert len(set(users)) == 1


async def test_user_language_and_private_start(repository: Repository) -> None:
    await repository.get_or_create_user(USER, "Ana", "en")
    assert (await repository.set_user_language(USER, "bn")).language == "bn"
    assert (await repository.set_user_language(USER, None)).language is None
    assert (await repository.set_started_private(USER)).started_private
    assert not (await repository.set_started_private(USER, False)).started_private
    with pytest.raises(NotFound):
        await repository.set_user_language(USER + 1, "ur")


async def test_get_or_create_chat(repository: Repository) -> None:
    assert await repository.get_chat(-1001234567890) is None
    chats = await asyncio.gather(*(repository.get_or_create_chat(-1001234567890) for _ in range(3)))
    assert chats == [ChatRecord(-1001234567890, None, {})] * 3


async def test_chat_language(repository: Repository) -> None:
    chat_id = -1001234567890
    # It works on a chat never seen before, and again on a known one.
    assert (await repository.set_chat_language(chat_id, "ur")).language == "ur"
    changed = await repository.set_chat_language(chat_id, "bn")
    assert changed == ChatRecord(chat_id, "bn", {})
    assert await repository.get_chat(chat_id) == changed
    assert (await repository.set_chat_language(chat_id, None)).language is None
    assert await repository.get_chat(-5) is None
