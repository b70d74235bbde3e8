"""Inline mode: a seated player's own moves as inline results, and the move a chosen
result makes.

The results name the asker's own cards and legal actions, nobody else's, ever; a
result's id is signed for that user, so a result chosen by anyone else changes
nothing. A chosen result posts a name-only line that is edited once the move is
judged (``inline_posts.py``): into the move as the table hears it, with its card's
photo when one was uploaded at start-up, or into why it was refused.
"""

from __future__ import annotations

import logging

from telegram import (
    InlineQueryResult,
    InlineQueryResultArticle,
    InlineQueryResultCachedSticker,
    InputTextMessageContent,
    Update,
)
from telegram.ext import Application, ChosenInlineResultHandler, InlineQueryHandler

from chatbot.fsm.errors import Refused
from chatbot.fsm.table import Table
from chatbot.handlers.payload import BadPayload, Payload, PayloadCodec, user_scope
from chatbot.handlers.telegram.answers import answer_inline
from chatbot.handlers.telegram.card_pictures import move_photo, move_sticker
from chatbot.handlers.telegram.deps import Deps
from chatbot.handlers.telegram.inline_posts import (
    pending_content,
    pending_keyboard,
    settle,
    settled_text,
)
from chatbot.handlers.telegram.inline_refusals import (
    refused_post,
    unsigned_fields,
    unsigned_post,
)
from chatbot.handlers.telegram.keyboards import action_arg
from chatbot.handlers.telegram.moves import play
from chatbot.handlers.telegram.presses import Context
from chatbot.handlers.telegram.senas_entry import senas_entry
from chatbot.handlers.telegram.stickers import StickerBook
from chatbot.i18n.cards import card_label
from chatbot.i18n.render import action_label
from chatbot.i18n.table_text import alert, inline_context
from chatbot.i18n.translation import N_, translate
from chatbot.rules.actions import Action
from chatbot.rules.views import seat_view
from chatbot.storage import TableRecord

log = logging.getLogger(__name__)

PAUSED_HOW = N_("Add the bot back to the group within a day and the game goes on; "
                "after that the table closes with its score.")


def register(application: Application, deps: Deps) -> None:
    async def asked(update: Update, context: Context) -> None:
        await on_inline_query(deps, update)

    async def chosen(update: Update, context: Context) -> None:
        await on_inline_chosen(deps, update, context)
    application.add_handler(InlineQueryHandler(asked))
    application.add_handler(ChosenInlineResultHandler(chosen))


async def on_inline_query(deps: Deps, update: Update) -> None:
    query, user = update.inline_query, update.effective_user
    if query is None or user is None:
        return
    locale = await deps.users.locale(update)
    code = (query.query or "").strip().split(" ")[0]
    record = await deps.service.by_code(code) if code else None
    results = inline_results(deps.codec, record, user.id, locale,
                             deps.stickers) if record else []
    await answer_inline(query, results, cache_time=0, is_personal=True,
                        button=senas_entry(record, user.id, locale))


def inline_results(codec: PayloadCodec, record: TableRecord, user_id: int, locale: str,
                   book: StickerBook | None = None) -> list[InlineQueryResult]:
    """The asker's own cards and legal actions; nobody else's cards, ever.

    With sticker sets (``book``) a card played face up is offered as its sticker,
    which the player posts in the chat as the card goes on the table; calls and
    face-down plays stay text (card_pictures.py says why). Out of turn the
    asker's cards are a text result only: a sticker chosen then would show a
    card that is not played."""
    table = Table.from_dict(record.game)
    seat = table.seat_of(user_id)
    if seat is None or table.match is None or not record.active:
        return []
    if record.paused_at is not None:  # the bot is out of its group: no moves now
        return [paused_result(codec, record, user_id, locale)]
    rules = table.rules
    view = seat_view(rules, table.match, seat)
    context = inline_context(table, locale)  # the table as it is now: edits lag behind
    # every move posts the same name-only line, edited once judged (inline_posts.py)
    pending, keyboard = pending_content(table, seat, locale), pending_keyboard(
        record.code, locale)
    results: list[InlineQueryResult] = []
    scope = user_scope(user_id)  # a result id works only as this user's choice
    for action in view.legal:
        label = action_label(action, view, rules, locale)
        result_id = codec.encode(Payload(record.code, record.turn_seq, "move",
                                         action_arg(action, rules.family)), scope)
        sticker = move_sticker(book, rules, view.vira, action) if book else None
        if sticker is not None:
            results.append(InlineQueryResultCachedSticker(
                result_id, sticker, reply_markup=keyboard, input_message_content=pending))
            continue
        results.append(InlineQueryResultArticle(
            id=result_id, title=label, description=context,
            input_message_content=pending, reply_markup=keyboard))
    if not results and view.hand:
        shown = " ".join(card_label(c, rules.family) for c in view.hand)
        results.append(InlineQueryResultArticle(
            id=codec.encode(Payload(record.code, record.turn_seq, "look"), scope),
            title=shown, description=f"{alert('not-your-turn', locale)} {context}",
            input_message_content=InputTextMessageContent("👀")))
    return results


def paused_result(codec: PayloadCodec, record: TableRecord, user_id: int,
                  locale: str) -> InlineQueryResult:
    """The one inline answer of a paused table: why, and how it plays on."""
    paused = alert("paused", locale)
    return InlineQueryResultArticle(
        id=codec.encode(Payload(record.code, record.turn_seq, "look"), user_scope(user_id)),
        title=paused, description=translate(PAUSED_HOW, locale),
        input_message_content=InputTextMessageContent(paused))


async def on_inline_chosen(deps: Deps, update: Update, context: Context) -> None:
    chosen, user = update.chosen_inline_result, update.effective_user
    if chosen is None or user is None:
        return
    locale = await deps.users.locale(update)
    try:
        payload = deps.codec.decode(chosen.result_id, user_scope(user.id))
    except BadPayload:  # not a result of ours for this user: nothing changes
        fields = unsigned_fields(chosen.result_id)
        record = await deps.service.by_code(fields.code) if fields else None
        await settle(context.bot, chosen.inline_message_id,
                     unsigned_post(fields, record, user.id, locale))
        return
    if payload.action != "move":
        return
    # the move as the table hears it, and its card's photo, told on the table judged
    said: list[tuple[str, str | None]] = []

    def told(table: Table, action: Action) -> None:
        seat = table.seat_of(user.id)
        photo = move_photo(deps.photos, table, seat, action) if seat is not None else None
        said.append((settled_text(table, seat, action, locale), photo))

    try:
        outcome = await play(deps.service, payload, user.id, told=told)
    except Refused as refused:
        log.info("inline move refused: %s", refused.reason)
        await settle(context.bot, chosen.inline_message_id, refused_post(refused, locale))
        return
    await settle(context.bot, chosen.inline_message_id, *said[-1])
    await deps.stage.after(outcome)
