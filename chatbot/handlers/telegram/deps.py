"""Everything the Telegram handlers work with, built once by the composition root
(``app.py``) and handed to each module's ``register(application, deps)``.

Frozen: no part is swapped or wired in after the bot is built. What a start-up
learns from Telegram (the card sticker sets and photos, the bot's own name) fills
parts that already exist (``StickerBook.take``, ``PhotoBook.take``,
``WebLinks.known_as``); it never replaces one.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.handlers.payload import PayloadCodec
from chatbot.handlers.service import GameService
from chatbot.handlers.telegram.aiohttp_request import AiohttpRequest
from chatbot.handlers.telegram.card_photos import PhotoBook
from chatbot.handlers.telegram.chat_lifecycle import ChatLifecycle
from chatbot.handlers.telegram.config import Settings
from chatbot.handlers.telegram.keyboards import Keyboards
from chatbot.handlers.telegram.language_command import LanguageCommand
from chatbot.handlers.telegram.openings import Openings
from chatbot.handlers.telegram.presenter import Presenter
from chatbot.handlers.telegram.private_hands import PrivateHands
from chatbot.handlers.telegram.records_commands import RecordsCommands
from chatbot.handlers.telegram.repeats import Repeats
from chatbot.handlers.telegram.rules_command import RulesCommand
from chatbot.handlers.telegram.stage import Stage
from chatbot.handlers.telegram.stickers import StickerBook
from chatbot.handlers.telegram.timers import TimerBoard
from chatbot.handlers.telegram.users import Users
from chatbot.handlers.telegram.web_menu import WebMenu
from chatbot.handlers.web.links import WebLinks
from chatbot.handlers.web.server import WebTable
from chatbot.storage import Repository


@dataclass(frozen=True, slots=True)
class Requests:
    """The bot's two HTTP clients: calls (sends, edits, answers) and the long poll apart,
    so a slow poll never holds a send; the lifecycle closes both even when start fails."""

    calls: AiohttpRequest
    updates: AiohttpRequest

    async def close(self) -> None:
        await self.calls.shutdown()
        await self.updates.shutdown()


@dataclass(frozen=True, slots=True)
class Deps:
    settings: Settings
    worker: bool  # one of several processes (truco-bot worker): no backlog, no resume
    requests: Requests
    engine: AsyncEngine
    repo: Repository
    service: GameService  # every table action goes through it
    codec: PayloadCodec  # button data and inline result ids, signed for where they go
    keyboards: Keyboards
    users: Users  # the sender's language
    presenter: Presenter  # a table's message in its chat
    private_hands: PrivateHands  # each player's hand in their private chat
    stage: Stage  # every outcome shown, followed and its deadline armed
    openings: Openings  # /new, the practice menu, "replace the open game?"
    rules: RulesCommand
    language: LanguageCommand
    records: RecordsCommands
    lifecycle: ChatLifecycle  # a group upgraded, the bot removed and added back
    repeats: Repeats  # an update delivered twice acts once
    stickers: StickerBook  # filled at start-up: cards as pictures
    photos: PhotoBook  # filled at start-up: a stood inline move as the card's photo
    web: WebTable | None  # the web table (TRUCO_WEBAPP_URL), else None
    web_links: WebLinks | None
    web_menu: WebMenu | None

    @property
    def timers(self) -> TimerBoard:
        return self.stage.timers
