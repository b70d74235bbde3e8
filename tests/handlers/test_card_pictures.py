"""Which picture a move or a hand is shown as: only what its viewer may see."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from chatbot.handlers.telegram.card_pictures import (
    CAPTION_LIMIT,
    SHORTENED,
    caption_length,
    fit_caption,
    manilhas,
    move_sticker,
)
from chatbot.handlers.telegram.stickers import StickerBook, deck_pictures
from chatbot.rules import actions as A
from chatbot.rules.actions import Action
from chatbot.rules.cards import Card, Family
from chatbot.rules.registry import rules_for
from chatbot.rules.views import blind_slot, seat_view
from chatbot.storage import StickerDeckRecord


def book() -> StickerBook:
    decks = {}
    for family in Family:
        names = [p.name for p in deck_pictures(family)]
        decks[family] = StickerDeckRecord(family.value, f"{family.value}_by_Bot", "v",
                                          {name: f"id:{name}" for name in names})
    return StickerBook(decks)


def test_the_manilhas_of_each_game() -> None:
    paulista = rules_for("paulista")
    assert manilhas(paulista, Card(3, "D")) == {Card(4, s) for s in "CHSD"}
    assert manilhas(paulista, Card(13, "S")) == {Card(1, s) for s in "CHSD"}
    assert manilhas(rules_for("mineiro"), None) == {Card(4, "C"), Card(7, "H"), Card(1, "S"),
                                                    Card(7, "D")}
    for variant in ("argentino", "le-truc", "put"):
        assert manilhas(rules_for(variant), None) == frozenset()


def test_face_up_plays_are_stickers_and_the_rest_stays_text() -> None:
    stickers, rules = book(), rules_for("paulista")
    vira = Card(3, "D")
    assert move_sticker(stickers, rules, vira, Action(A.PLAY, Card(7, "H"))) == "id:french/7H"
    assert move_sticker(stickers, rules, vira,
                        Action(A.PLAY, Card(4, "C"))) == "id:french/4C-manilha"
    assert move_sticker(stickers, rules, vira, Action(A.PLAY, blind_slot(1))) == "id:back"
    # a card played face down would show its face to all, or not tell its owner which
    assert move_sticker(stickers, rules, vira, Action(A.PLAY_HIDDEN, Card(7, "H"))) is None
    assert move_sticker(stickers, rules, vira, Action(A.TRUCO)) is None
    assert move_sticker(StickerBook(), rules, vira, Action(A.PLAY, Card(7, "H"))) is None
    spanish = rules_for("argentino")
    assert move_sticker(stickers, spanish, None, Action(A.PLAY, Card(1, "E"))) == "id:spanish/1E"
    put = rules_for("put")
    assert move_sticker(stickers, put, None, Action(A.DISCARD, Card(5, "S"))) is None


def test_an_iron_hand_offers_only_backs() -> None:
    rules = rules_for("paulista")
    match = rules.new_match(4, 3, [11, 11])
    rules.deal(match, random.Random(3))
    assert match.hand is not None and match.hand.special == "iron"
    seat = rules.to_act(match)
    assert seat is not None
    view = seat_view(rules, match, seat)
    offered = {move_sticker(book(), rules, view.vira, a) for a in view.legal}
    assert offered == {"id:back"}


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\n"),
                        max_size=300), min_size=1, max_size=30))
def test_a_caption_keeps_the_first_line_and_the_newest_whole(lines: list[str]) -> None:
    """A text past 1024 UTF-16 units loses its oldest lines after the first, whole; the
    newest lines stay, as many as fit."""
    text = "\n".join(lines)
    caption = fit_caption(text)
    assert caption_length(caption) <= CAPTION_LIMIT
    caption.encode("utf-16-le")  # no half of a surrogate pair
    if caption_length(text) <= CAPTION_LIMIT:
        assert caption == text
        return
    kept = caption.split("\n")
    if kept[:2] == [lines[0], SHORTENED] and text.endswith("\n".join(kept[2:])):
        tail = lines[len(lines) - len(kept) + 2:]
        assert kept[2:] == tail
        longer = "\n".join([lines[0], SHORTENED, *lines[len(lines) - len(tail) - 1:]])
        assert caption_length(longer) > CAPTION_LIMIT  # no line left out that would fit
    else:  # the first line with the last is too long already: the text is cut
        assert caption_length("\n".join([lines[0], SHORTENED, lines[-1]])) > CAPTION_LIMIT
        assert caption.endswith(SHORTENED) and text.startswith(caption[:-1])


def test_a_caption_counts_what_telegram_counts() -> None:
    """Outside the Basic Multilingual Plane a character is two UTF-16 units, as Telegram
    counts a caption: a line of 500 such characters is too long for one beside the rest,
    one of 400 is not."""
    fancy = "𝓐"
    assert caption_length(fancy) == 2 and caption_length("7♥") == 2
    text = "\n".join(["Truco Paulista", "Ana played 7♥.", fancy * 500, "Your cards: 4♣ A♠"])
    assert len(text) < CAPTION_LIMIT < caption_length(text)
    assert fit_caption(text) == "\n".join(["Truco Paulista", SHORTENED, "Your cards: 4♣ A♠"])
    fits = text.replace(fancy * 500, fancy * 400)
    assert fit_caption(fits) == fits
