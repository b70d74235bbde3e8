"""/rules paging: every page of every game reachable with Next/Back, in the reader's language."""

from __future__ import annotations

import pytest
from telegram import InlineKeyboardMarkup

from chatbot.handlers.payload import PayloadCodec, chat_scope
from chatbot.handlers.telegram.keyboards import Keyboards
from chatbot.handlers.telegram.rules_command import ACTION, menu
from chatbot.handlers.telegram.rules_command import render as render_in
from chatbot.i18n.locales import LOCALES
from chatbot.i18n.rules_pages import rules_pages, rules_variants

CODEC = PayloadCodec(b"secret")
KEYBOARDS = Keyboards(CODEC)
CHAT = -1001


def render(variant: str, index: int, locale: str) -> tuple[str, InlineKeyboardMarkup]:
    return render_in(KEYBOARDS, CHAT, variant, index, locale)


def args(markup: InlineKeyboardMarkup) -> list[str]:
    """The pages the buttons lead to, read from their payloads signed for the chat."""
    out = []
    for row in markup.inline_keyboard:
        for b in row:
            assert isinstance(b.callback_data, str) and len(b.callback_data.encode()) <= 64
            payload = CODEC.decode(b.callback_data, chat_scope(CHAT))
            assert payload.action == ACTION
            out.append(payload.arg)
    return out


@pytest.mark.parametrize("variant", rules_variants())
@pytest.mark.parametrize("locale", LOCALES)
def test_next_walks_every_page_and_back_returns(variant: str, locale: str) -> None:
    total = len(rules_pages(variant, locale))
    index, seen = 0, []
    while True:
        text, markup = render(variant, index, locale)
        seen.append(text)
        assert len(text) <= 4096
        data = args(markup)
        following = [d for d in data if d.endswith(f":{index + 1}")]
        if not following:
            break
        index += 1
    assert len(seen) == total == len(set(seen))
    _, markup = render(variant, total - 1, locale)
    assert args(markup) == [f"{variant}:{total - 2}"]


def test_out_of_range_pages_are_clamped() -> None:
    first, _ = render("paulista", -3, "en")
    last, _ = render("paulista", 99, "en")
    assert first == render("paulista", 0, "en")[0]
    assert last == render("paulista", len(rules_pages("paulista", "en")) - 1, "en")[0]


def test_menu_offers_every_game() -> None:
    assert args(menu(KEYBOARDS, CHAT, "fa")) == [f"{v}:0" for v in rules_variants()]
