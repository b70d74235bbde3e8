"""One card's picture, drawn with Pillow from primitives and Pillow's own font.

A card is 352 x 512 pixels (Telegram's static stickers want one side of exactly
512 and the other at most 512), drawn at twice that size and scaled down once,
which gives smooth edges without depending on a renderer's anti-aliasing. The
rank is printed large in two corners, because in Telegram's inline list a
sticker is shown a fifth of its size: there, the rank and the suit shape are
what a player reads. Colour only helps; every suit has its own shape.

Marks: a **manilha** gets a thick gold frame and a star badge; the **turned
card** (vira) gets a blue frame and an arrow badge. Both are shapes too, not
only colours.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from chatbot.cards import glyphs
from chatbot.rules.cards import FRENCH_RANK_CODES, Card, Family

WIDTH, HEIGHT = 352, 512
SCALE = 2  # drawn at twice the size, scaled down once
RADIUS = 30
INDEX_W = 84  # the corner column holding the rank and a small suit


class Mark(StrEnum):
    """How a card is shown: plain, as the hand's manilha, or as the turned card."""

    PLAIN = "plain"
    MANILHA = "manilha"
    VIRA = "vira"


PAPER = (252, 250, 244, 255)
EDGE = (60, 60, 66, 255)
MANILHA_GOLD = (232, 176, 0, 255)
MANILHA_DARK = (110, 70, 0, 255)
VIRA_BLUE = (24, 96, 200, 255)
BACK_BLUE = (28, 52, 92, 255)
BACK_LINE = (74, 110, 164, 255)


@cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's bundled font (Aileron) at a size: shipped with Pillow, nothing downloaded."""
    return ImageFont.load_default(size)


def rank_label(card: Card, family: Family) -> str:
    """What the corners print: A, 2..10, J, Q, K for French cards; 1..12 for Spanish."""
    if family is Family.FRENCH:
        code = FRENCH_RANK_CODES.get(card.rank, str(card.rank))
        return "10" if code == "T" else code
    return str(card.rank)


def _shape(family: Family, suit: str) -> glyphs.Shape:
    return (glyphs.FRENCH_SHAPES if family is Family.FRENCH else glyphs.SPANISH_SHAPES)[suit]


def _ink(family: Family, suit: str) -> glyphs.Ink:
    return (glyphs.FRENCH_INK if family is Family.FRENCH else glyphs.SPANISH_INK)[suit]


def _blank(s: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGBA", (WIDTH * s, HEIGHT * s), (0, 0, 0, 0))
    return image, ImageDraw.Draw(image)


def _paper(d: ImageDraw.ImageDraw, s: int, fill: glyphs.Ink = PAPER) -> None:
    d.rounded_rectangle((s, s, WIDTH * s - s, HEIGHT * s - s), radius=RADIUS * s,
                        fill=fill, outline=EDGE, width=3 * s)


# Pip positions (column, row) in the centre field, for 1..10 pips.
_L, _M, _R = 0.18, 0.5, 0.82
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((_M, 0.5),),
    2: ((_M, 0.08), (_M, 0.92)),
    3: ((_M, 0.08), (_M, 0.5), (_M, 0.92)),
    4: ((_L, 0.08), (_R, 0.08), (_L, 0.92), (_R, 0.92)),
    5: ((_L, 0.08), (_R, 0.08), (_M, 0.5), (_L, 0.92), (_R, 0.92)),
    6: ((_L, 0.08), (_R, 0.08), (_L, 0.5), (_R, 0.5), (_L, 0.92), (_R, 0.92)),
    7: ((_L, 0.08), (_R, 0.08), (_M, 0.29), (_L, 0.5), (_R, 0.5), (_L, 0.92), (_R, 0.92)),
    8: ((_L, 0.08), (_R, 0.08), (_M, 0.29), (_L, 0.5), (_R, 0.5), (_M, 0.71),
        (_L, 0.92), (_R, 0.92)),
    9: ((_L, 0.08), (_R, 0.08), (_L, 0.36), (_R, 0.36), (_M, 0.5), (_L, 0.64), (_R, 0.64),
        (_L, 0.92), (_R, 0.92)),
    10: ((_L, 0.08), (_R, 0.08), (_M, 0.22), (_L, 0.36), (_R, 0.36), (_L, 0.64), (_R, 0.64),
         (_M, 0.78), (_L, 0.92), (_R, 0.92)),
}
FIELD = (INDEX_W, 46, WIDTH - INDEX_W, HEIGHT - 46)  # the centre, between the corner columns


def _index(d: ImageDraw.ImageDraw, s: int, card: Card, family: Family) -> None:
    """The top-left corner: the rank, large, and a suit shape under it."""
    label = rank_label(card, family)
    size = 84 if len(label) == 1 else 66
    d.text(((INDEX_W // 2 + 6) * s, 58 * s), label, font=font(size * s),
           fill=_ink(family, card.suit), anchor="mm", stroke_width=s,
           stroke_fill=_ink(family, card.suit))
    pip = 54
    _shape(family, card.suit)(d, (INDEX_W // 2 + 6 - pip // 2) * s, 104 * s, pip * s)


def _face_panel(d: ImageDraw.ImageDraw, s: int, card: Card, family: Family) -> None:
    """J, Q, K (and the Spanish 10, 11, 12): a framed panel with the figure's sign."""
    x0, y0, x1, y1 = FIELD
    ink = _ink(family, card.suit)
    d.rounded_rectangle((x0 * s, (y0 + 10) * s, x1 * s, (y1 - 10) * s), radius=14 * s,
                        outline=ink, width=5 * s)
    cx = (x0 + x1) / 2
    big = 132
    _shape(family, card.suit)(d, (cx - big / 2) * s, (HEIGHT / 2 + 10) * s, big * s)
    top = HEIGHT / 2 - 150
    if family is Family.FRENCH:
        letter = rank_label(card, family)
        d.text((cx * s, (top + 70) * s), letter, font=font(120 * s), fill=ink, anchor="mm",
               stroke_width=2 * s, stroke_fill=ink)
    elif card.rank == 12:  # rey: a crown
        _crown(d, s, cx, top + 70, 120, ink)
    elif card.rank == 11:  # caballo: a horseshoe
        d.arc(((cx - 46) * s, (top + 20) * s, (cx + 46) * s, (top + 120) * s), 150, 390 + 0,
              fill=ink, width=18 * s)
    else:  # sota: a page's plumed cap
        d.pieslice(((cx - 50) * s, (top + 30) * s, (cx + 50) * s, (top + 130) * s), 180, 360,
                   fill=ink)
        d.ellipse(((cx + 20) * s, (top + 10) * s, (cx + 60) * s, (top + 70) * s),
                  outline=ink, width=8 * s)


def _crown(d: ImageDraw.ImageDraw, s: int, cx: float, cy: float, w: float,
           ink: glyphs.Ink) -> None:
    h = w * 0.7
    left, right, top, bottom = cx - w / 2, cx + w / 2, cy - h / 2, cy + h / 2
    points = [(left, bottom), (left, top), (cx - w / 4, cy), (cx, top - 6), (cx + w / 4, cy),
              (right, top), (right, bottom)]
    d.polygon([(px * s, py * s) for px, py in points], fill=ink)
    for px in (left, cx, right):
        d.ellipse(((px - 9) * s, (top - 16 if px == cx else top - 12) * s, (px + 9) * s,
                   (top + 4) * s), fill=ink)


def _pips(d: ImageDraw.ImageDraw, s: int, card: Card, family: Family, count: int) -> None:
    x0, y0, x1, y1 = FIELD
    shape = _shape(family, card.suit)
    if count == 1:
        size = 170 if family is Family.FRENCH else 200
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        shape(d, (cx - size / 2) * s, (cy - size / 2) * s, size * s)
        return
    size = 64 if count <= 6 else 56
    for u, v in PIPS[count]:
        cx = x0 + u * (x1 - x0)
        cy = y0 + size / 2 + v * (y1 - y0 - size)
        shape(d, (cx - size / 2) * s, (cy - size / 2) * s, size * s)


def _badge(d: ImageDraw.ImageDraw, s: int, mark: Mark) -> None:
    """The frame and the top-right badge of a marked card."""
    if mark is Mark.PLAIN:
        return
    colour = MANILHA_GOLD if mark is Mark.MANILHA else VIRA_BLUE
    dark = MANILHA_DARK if mark is Mark.MANILHA else (10, 40, 90, 255)
    d.rounded_rectangle((5 * s, 5 * s, (WIDTH - 5) * s, (HEIGHT - 5) * s),
                        radius=(RADIUS - 3) * s, outline=colour, width=14 * s)
    d.rounded_rectangle((5 * s, 5 * s, (WIDTH - 5) * s, (HEIGHT - 5) * s),
                        radius=(RADIUS - 3) * s, outline=dark, width=3 * s)
    cx, cy, r = WIDTH - 54, 56, 38
    if mark is Mark.MANILHA:
        glyphs.star(d, cx * s, cy * s, r * s, colour, dark)
    else:  # an arrow pointing up in a disc: the card turned face up
        d.ellipse(((cx - r) * s, (cy - r) * s, (cx + r) * s, (cy + r) * s), fill=colour,
                  outline=dark, width=3 * s)
        d.polygon([(cx * s, (cy - 26) * s), ((cx + 22) * s, (cy - 2) * s),
                   ((cx + 9) * s, (cy - 2) * s), ((cx + 9) * s, (cy + 24) * s),
                   ((cx - 9) * s, (cy + 24) * s), ((cx - 9) * s, (cy - 2) * s),
                   ((cx - 22) * s, (cy - 2) * s)], fill=glyphs.WHITE)


def draw_card(card: Card, family: Family, mark: Mark = Mark.PLAIN) -> Image.Image:
    """The picture of one card face, 352 x 512 RGBA, the same pixels on every run."""
    s = SCALE
    image, d = _blank(s)
    _paper(d, s)
    half, hd = _blank(s)  # the corner index, drawn once and turned for the other corner
    _index(hd, s, card, family)
    image.alpha_composite(half)
    image.alpha_composite(half.rotate(180))
    figures = (11, 12, 13) if family is Family.FRENCH else (10, 11, 12)
    if card.rank in figures:
        _face_panel(d, s, card, family)
    else:
        _pips(d, s, card, family, card.rank)
    _badge(d, s, mark)
    return image.resize((WIDTH, HEIGHT), Image.Resampling.LANCZOS)


def draw_back() -> Image.Image:
    """The back of every card: a blue lattice with a light emblem, shape-only, no text."""
    s = SCALE
    image, d = _blank(s)
    _paper(d, s, fill=BACK_BLUE)
    pattern, pd = _blank(s)
    step = 32
    for k in range(-HEIGHT, WIDTH + HEIGHT, step):
        pd.line(((k * s, 0), ((k + HEIGHT) * s, HEIGHT * s)), fill=BACK_LINE, width=3 * s)
        pd.line(((k * s, HEIGHT * s), ((k + HEIGHT) * s, 0)), fill=BACK_LINE, width=3 * s)
    mask = Image.new("L", image.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((22 * s, 22 * s, (WIDTH - 22) * s, (HEIGHT - 22) * s),
                                           radius=(RADIUS - 10) * s, fill=255)
    image.paste(pattern, (0, 0), Image.composite(pattern, Image.new("RGBA", image.size),
                                                 mask).getchannel("A"))
    d.rounded_rectangle((22 * s, 22 * s, (WIDTH - 22) * s, (HEIGHT - 22) * s),
                        radius=(RADIUS - 10) * s, outline=PAPER, width=5 * s)
    cx, cy, r = WIDTH / 2, HEIGHT / 2, 92
    d.ellipse(((cx - r) * s, (cy - r) * s, (cx + r) * s, (cy + r) * s), fill=PAPER,
              outline=BACK_LINE, width=6 * s)
    pip = 56
    for suit, (dx, dy) in zip("SHCD", ((-1, -1), (1, -1), (-1, 1), (1, 1)), strict=True):
        px, py = cx + dx * 34 - pip / 2, cy + dy * 34 - pip / 2
        glyphs.FRENCH_SHAPES[suit](d, px * s, py * s, pip * s, BACK_BLUE)
    return image.resize((WIDTH, HEIGHT), Image.Resampling.LANCZOS)
