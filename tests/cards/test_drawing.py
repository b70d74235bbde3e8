"""The card pictures: complete for every deck, pinned by the manifest, legible without colour."""

from __future__ import annotations

import hashlib
import io
import itertools
import json

import pytest
from PIL import Image, ImageChops, ImageStat

from chatbot.cards.__main__ import main
from chatbot.cards.catalog import (
    BACK,
    IMAGES,
    load,
    picture_name,
    pictures,
    pixel_hash,
    shipped_manifest,
)
from chatbot.cards.draw import HEIGHT, WIDTH, Mark, draw_card
from chatbot.rules.cards import Card, Family
from chatbot.rules.registry import rules_for

DECKS = [("paulista", {"deck": "dirty"}), ("paulista", {"deck": "clean"}),
         ("mineiro", {"deck": "dirty"}), ("mineiro", {"deck": "clean"}),
         ("argentino", {}), ("le-truc", {}), ("put", {})]


@pytest.mark.parametrize(("variant", "options"), DECKS)
def test_every_card_of_every_variant_has_a_shipped_picture(variant: str, options: dict) -> None:
    rules = rules_for(variant, options)
    names = {picture_name(card, rules.family) for card in rules.deck()}
    assert len(names) == len(rules.deck())
    assert all((IMAGES / f"{name}.webp").is_file() for name in names)
    assert names <= set(shipped_manifest()["images"])


@pytest.mark.parametrize("variant", ["paulista", "mineiro"])
def test_every_possible_turned_card_and_manilha_has_its_marked_picture(variant: str) -> None:
    rules = rules_for(variant, {"deck": "dirty"})
    for card in rules.deck():
        for mark in (Mark.MANILHA, Mark.VIRA):
            assert picture_name(card, Family.FRENCH, mark) in shipped_manifest()["images"]


def test_every_shipped_file_is_the_drawing_the_manifest_names() -> None:
    """Lossless files: decoding each gives the very pixels that were drawn, at sticker size."""
    entries = shipped_manifest()["images"]
    assert set(entries) == {picture.name for picture in pictures()}
    total = 0
    for name, entry in entries.items():
        data = (IMAGES / f"{name}.webp").read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["file"], name
        image = load(name)
        assert image.size == (WIDTH, HEIGHT) and max(image.size) == 512
        assert pixel_hash(image) == entry["pixels"], name
        assert len(data) <= 512 * 1024  # Telegram's limit for a static sticker
        total += len(data)
    assert total < 4 * 1024 * 1024


@pytest.mark.parametrize(("card", "family", "mark"), [
    (Card(4, "C"), Family.FRENCH, Mark.MANILHA), (Card(7, "H"), Family.FRENCH, Mark.PLAIN),
    (Card(10, "D"), Family.FRENCH, Mark.PLAIN), (Card(13, "S"), Family.FRENCH, Mark.VIRA),
    (Card(1, "E"), Family.SPANISH, Mark.PLAIN), (Card(12, "O"), Family.SPANISH, Mark.PLAIN),
])
def test_drawing_a_card_again_gives_the_pixels_of_the_manifest(card, family, mark) -> None:
    name = picture_name(card, family, mark)
    assert pixel_hash(draw_card(card, family, mark)) == shipped_manifest()["images"][name]["pixels"]


def test_the_draw_command_reproduces_the_shipped_manifest(tmp_path, capsys) -> None:
    assert main(["draw", "--into", str(tmp_path)]) == 0
    fresh = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    shipped = shipped_manifest()
    assert fresh["decks"] == shipped["decks"]
    assert {name: e["pixels"] for name, e in fresh["images"].items()} == {
        name: e["pixels"] for name, e in shipped["images"].items()}
    assert "drew 173 pictures" in capsys.readouterr().out


def _grey_difference(a: Image.Image, b: Image.Image) -> float:
    """How different two pictures look to someone who sees no colour at all."""
    return ImageStat.Stat(ImageChops.difference(a.convert("L"), b.convert("L"))).mean[0]


@pytest.mark.parametrize(("family", "suits"), [(Family.FRENCH, "CHSD"),
                                                (Family.SPANISH, "EBOC")])
def test_suits_differ_in_shape_not_only_in_colour(family: Family, suits: str) -> None:
    """In grey, any two aces (and any two sixes) still differ clearly: the shapes differ."""
    for rank in (1, 6):
        grey = {suit: load(picture_name(Card(rank, suit), family)) for suit in suits}
        for a, b in itertools.combinations(suits, 2):
            assert _grey_difference(grey[a], grey[b]) > 5.0, (rank, a, b)


def test_marked_cards_differ_from_plain_ones_without_colour() -> None:
    plain = load(picture_name(Card(4, "C"), Family.FRENCH))
    manilha = load(picture_name(Card(4, "C"), Family.FRENCH, Mark.MANILHA))
    vira = load(picture_name(Card(4, "C"), Family.FRENCH, Mark.VIRA))
    assert _grey_difference(plain, manilha) > 3.0
    assert _grey_difference(manilha, vira) > 1.0
    assert _grey_difference(plain, load(BACK)) > 30.0


def test_the_docs_pictures_are_the_example_hands_composed_from_the_shipped_cards() -> None:
    from chatbot.cards.__main__ import DOCS, example_hands

    for name, data in example_hands().items():
        fresh = Image.open(io.BytesIO(data))
        with Image.open(DOCS / name) as shipped:
            assert pixel_hash(shipped.convert("RGB")) == pixel_hash(fresh.convert("RGB")), name
    readme = (DOCS.parent / "README.md").read_text(encoding="utf-8")
    assert "](docs/paulista-hand.png)" in readme and "](docs/argentino-hand.png)" in readme


def test_a_hand_picture_shows_the_turned_card_apart_and_backs_for_unseen_cards() -> None:
    from chatbot.cards.compose import CARD_H, CARD_W, MARGIN, Shown, hand_picture

    three = hand_picture(Family.FRENCH, [Shown(Card(4, "C"), Mark.MANILHA), Shown(None),
                                         Shown(Card(7, "H"))], vira=Card(3, "D"))
    plain = hand_picture(Family.FRENCH, [Shown(Card(4, "C"), Mark.MANILHA), Shown(None),
                                         Shown(Card(7, "H"))])
    assert three.height == plain.height == CARD_H + 2 * MARGIN
    assert three.width - plain.width > CARD_W  # the turned card, set apart
    back = plain.crop((MARGIN + CARD_W + 14, MARGIN, MARGIN + 2 * CARD_W + 14, MARGIN + CARD_H))
    expected = load(BACK).resize((CARD_W, CARD_H), Image.Resampling.LANCZOS)
    felt = Image.new("RGBA", expected.size, (22, 92, 58, 255))
    felt.alpha_composite(expected)
    assert _grey_difference(back, felt.convert("RGB")) < 1.0
