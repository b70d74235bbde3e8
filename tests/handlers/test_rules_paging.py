"""/rules paging: every page of every game reachable with Next/Back, in the reader's language."""

from __future__ import annotations

import pytest

from chatbot.handlers.telegram.rules_command import PREFIX, menu, render
from chatbot.i18n.locales import LOCALES
from chatbot.i18n.rules_pages import rules_pages, rules_variants


@pytest.mark.parametrize("variant", rules_variants())
@pytest.mark.parametrize("locale", LOCALES)
def test_next_walks_every_page_and_back_returns(variant: str, locale: str) -> None:
    total = len(rules_pages(variant, locale))
    index, seen = 0, []
    while True:
        text, markup = render(variant, index, locale)
        seen.append(text)
        assert len(text) <= 4096
        data = [b.callback_data for row in markup.inline_keyboard for b in row]
        assert all(d.startswith(PREFIX) and len(d.encode()) <= 64 for d in data)
        following = [d for d in data if d.endswith(f":{index + 1}")]
        if not following:
            break
        index += 1
    assert len(seen) == total == len(set(seen))
    _, markup = render(variant, total - 1, locale)
    back = [b.callback_data for row in markup.inline_keyboard for b in row]
    assert back == [f"{PREFIX}{variant}:{total - 2}"]


def test_out_of_range_pages_are_clamped() -> None:
    first, _ = render("paulista", -3, "en")
    last, _ = render("paulista", 99, "en")
    assert first == render("paulista", 0, "en")[0]
    assert last == render("paulista", len(rules_pages("paulista", "en")) - 1, "en")[0]


def test_menu_offers_every_game() -> None:
    data = [b.callback_data for row in menu("fa").inline_keyboard for b in row]
    assert data == [f"{PREFIX}{v}:0" for v in rules_variants()]
