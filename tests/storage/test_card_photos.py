"""The card photos of each deck: stored whole, replaced whole, one deck apart from another."""

from __future__ import annotations

from chatbot.storage.repository import Repository


async def test_a_deck_of_photos_is_stored_whole_and_replaced_whole(
        repository: Repository) -> None:
    assert await repository.get_photo_deck("french") is None
    stored = await repository.replace_photo_deck(
        "french", "v1", [("french/7H", "AgAC-7h", "u7h"), ("back", "AgAC-back", "ub")])
    assert stored.version == "v1"
    assert stored.file_ids == {"french/7H": "AgAC-7h", "back": "AgAC-back"}
    assert await repository.get_photo_deck("french") == stored
    await repository.replace_photo_deck("spanish", "s1", [("back", "AgAC-sb", "us")])
    new = await repository.replace_photo_deck("french", "v2", [("french/AS", "AgAC-as", "ua")])
    assert new.file_ids == {"french/AS": "AgAC-as"} and new.version == "v2"
    spanish = await repository.get_photo_deck("spanish")
    assert spanish is not None and spanish.file_ids == {"back": "AgAC-sb"}
