"""The card stickers of each deck: stored whole, read back in the set's order."""

from __future__ import annotations

from chatbot.storage.repository import Repository


async def test_a_deck_is_stored_whole_and_read_back_in_order(repository: Repository) -> None:
    assert await repository.get_sticker_deck("french") is None
    stickers = [("french/7H", "CAAC-7h", "u7h"), ("french/AS", "CAAC-as", "uas"),
                ("back", "CAAC-back", "uback")]
    stored = await repository.replace_sticker_deck(
        "french", "truco_french_abc_by_TrucoBot", "abc", stickers)
    assert stored.set_name == "truco_french_abc_by_TrucoBot" and stored.version == "abc"
    assert list(stored.file_ids.items()) == [(p, f) for p, f, _ in stickers]
    assert stored.unique_ids["back"] == "uback"
    assert await repository.get_sticker_deck("french") == stored
    assert await repository.get_sticker_deck("spanish") is None


async def test_a_new_version_replaces_the_old_set_entirely(repository: Repository) -> None:
    await repository.replace_sticker_deck("spanish", "old_by_TrucoBot", "v1",
                                          [("spanish/1E", "old-1e", "u1"), ("back", "old-b", "u2")])
    await repository.replace_sticker_deck("french", "fr_by_TrucoBot", "v1",
                                          [("back", "fr-b", "u3")])
    new = await repository.replace_sticker_deck("spanish", "new_by_TrucoBot", "v2",
                                                [("spanish/1E", "new-1e", "u4")])
    assert new.file_ids == {"spanish/1E": "new-1e"} and new.version == "v2"
    french = await repository.get_sticker_deck("french")
    assert french is not None and french.file_ids == {"back": "fr-b"}
