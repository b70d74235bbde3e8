"""Which picture a move or a hand is shown as: only what its viewer may see."""

from __future__ import annotations

import random

from chatbot.handlers.telegram.card_pictures import manilhas, move_sticker
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
