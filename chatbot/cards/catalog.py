"""Which pictures the project ships, where they live, and the manifest that pins them.

Every picture has a name (``french/7H``, ``french/7H-manilha``, ``spanish/1E``,
``back``), a file ``images/<name>.webp`` (lossless WebP: decoding it gives back
exactly the drawn pixels) and two hashes in ``images/manifest.json``: the
SHA-256 of the drawn RGBA pixels and of the file's bytes. The pixel hashes
prove the drawing is stable (the tests redraw and compare); the file hashes say
the shipped files are the drawn ones; the deck versions derived from them tell
the bot when a Telegram sticker set is out of date.
"""

from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PIL import Image

from chatbot.cards.draw import Mark, draw_back, draw_card
from chatbot.rules.cards import Card, Family, card_code, french_deck, spanish_deck
from chatbot.rules.paulista import DIRTY_ORDER

IMAGES = Path(__file__).resolve().parent / "images"
MANIFEST = IMAGES / "manifest.json"
BACK = "back"
# The Brazilian decks (Paulista's and Mineiro's dirty deck hold every rank the clean
# ones do) are the only ones with a turned card and manilhas: only their cards get
# the marked variants. Le Truc's 8-10 and Put's full deck are drawn plain.
MARKED_RANKS = tuple(sorted(DIRTY_ORDER))


@dataclass(frozen=True, slots=True)
class Picture:
    """One shipped picture: a card face in a mark, or the back (``card is None``)."""

    name: str
    family: Family | None
    card: Card | None
    mark: Mark = Mark.PLAIN

    @property
    def path(self) -> Path:
        return IMAGES / f"{self.name}.webp"

    def draw(self) -> Image.Image:
        if self.card is None or self.family is None:
            return draw_back()
        return draw_card(self.card, self.family, self.mark)


def picture_name(card: Card | None, family: Family, mark: Mark = Mark.PLAIN) -> str:
    """The name of a card's picture; ``None`` (a face-down card) is the back."""
    if card is None:
        return BACK
    base = f"{family.value}/{card_code(card, family)}"
    return base if mark is Mark.PLAIN else f"{base}-{mark.value}"


def pictures() -> Iterator[Picture]:
    """Every picture the project ships, in a fixed order."""
    for card in french_deck(range(1, 14)):
        yield Picture(picture_name(card, Family.FRENCH), Family.FRENCH, card)
    for mark in (Mark.MANILHA, Mark.VIRA):
        for card in french_deck(MARKED_RANKS):
            yield Picture(picture_name(card, Family.FRENCH, mark), Family.FRENCH, card, mark)
    for card in spanish_deck():
        yield Picture(picture_name(card, Family.SPANISH), Family.SPANISH, card)
    yield Picture(BACK, None, None)


def pixel_hash(image: Image.Image) -> str:
    """SHA-256 of an image's size, mode and raw pixels: what "the same drawing" means."""
    digest = hashlib.sha256(f"{image.mode}{image.size}".encode())
    digest.update(image.tobytes())
    return digest.hexdigest()


def encode(image: Image.Image) -> bytes:
    """The shipped file: lossless WebP, decoded back to the very same pixels.

    ``method=2`` writes files as small as the slowest setting (about 10 KB a card) in
    a hundredth of its time, so drawing the whole deck takes seconds.
    """
    buffer = io.BytesIO()
    image.save(buffer, format="WEBP", lossless=True, quality=100, method=2, exact=True)
    return buffer.getvalue()


def build_manifest(entries: dict[str, dict[str, str | int]]) -> dict:
    """The manifest for a set of entries, with one version per sticker deck."""
    return {
        "about": "written by `python -m chatbot.cards draw`; do not edit by hand",
        "decks": {family.value: deck_version(entries, family) for family in Family},
        "images": dict(sorted(entries.items())),
    }


def deck_version(entries: dict[str, dict[str, str | int]], family: Family) -> str:
    """A short hash of every picture a family's sticker set holds (its cards and the back)."""
    digest = hashlib.sha256()
    for name in sorted(entries):
        if name == BACK or name.startswith(f"{family.value}/"):
            digest.update(f"{name}={entries[name]['pixels']}\n".encode())
    return digest.hexdigest()[:12]


def draw_all(target: Path = IMAGES) -> dict:
    """Draw every picture into ``target`` and write its manifest; returns the manifest."""
    entries: dict[str, dict[str, str | int]] = {}
    for picture in pictures():
        image = picture.draw()
        data = encode(image)
        path = target / f"{picture.name}.webp"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        entries[picture.name] = {"pixels": pixel_hash(image),
                                 "file": hashlib.sha256(data).hexdigest(), "bytes": len(data)}
    manifest = build_manifest(entries)
    (target / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n",
                                          encoding="utf-8")
    return manifest


@cache
def shipped_manifest() -> dict:
    """The manifest that ships with the package."""
    return json.loads(MANIFEST.read_text(encoding="utf-8"))


def load(name: str) -> Image.Image:
    """A shipped picture, decoded (RGBA)."""
    with Image.open(IMAGES / f"{name}.webp") as image:
        return image.convert("RGBA")
