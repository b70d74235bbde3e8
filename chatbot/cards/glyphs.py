"""Suit shapes drawn from Pillow primitives: no font glyph, no picture from elsewhere.

Every shape is drawn inside a square box ``(x, y, size)`` so the card layout can
place pips of any size. The shapes, not their colours, tell the suits apart: a
player who cannot tell red from green still sees a heart, a cup or a sword. The
French red suits are also told apart by outline (the diamond is hollow-edged),
and the Spanish suits are four quite different objects (coin, cup, sword, club).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PIL import ImageDraw

Ink = tuple[int, int, int, int]

RED: Ink = (196, 22, 44, 255)
BLACK: Ink = (24, 24, 28, 255)
GOLD: Ink = (222, 164, 20, 255)
GOLD_DARK: Ink = (128, 84, 0, 255)
CUP_RED: Ink = (190, 30, 45, 255)
CUP_DARK: Ink = (100, 10, 20, 255)
SWORD_BLUE: Ink = (40, 90, 170, 255)
SWORD_DARK: Ink = (16, 36, 80, 255)
CLUB_GREEN: Ink = (46, 130, 60, 255)
CLUB_DARK: Ink = (20, 64, 26, 255)
WHITE: Ink = (252, 250, 244, 255)  # the card paper

Shape = Callable[[ImageDraw.ImageDraw, float, float, float], None]


class InkedShape(Protocol):
    """A French suit's glyph: in its own ink, or in the one given (the card back's pips)."""

    def __call__(self, d: ImageDraw.ImageDraw, x: float, y: float, s: float,
                 ink: Ink = ...) -> None: ...


def _pt(x: float, y: float, size: float, u: float, v: float) -> tuple[float, float]:
    """A point given in box units (0..1) turned into pixels."""
    return (x + u * size, y + v * size)


def heart(d: ImageDraw.ImageDraw, x: float, y: float, s: float, ink: Ink = RED) -> None:
    r = s * 0.27
    d.ellipse((x + s * 0.5 - 2 * r, y + s * 0.08, x + s * 0.5, y + s * 0.08 + 2 * r), fill=ink)
    d.ellipse((x + s * 0.5, y + s * 0.08, x + s * 0.5 + 2 * r, y + s * 0.08 + 2 * r), fill=ink)
    d.polygon([_pt(x, y, s, 0.5 - 0.52, 0.38), _pt(x, y, s, 0.5 + 0.52, 0.38),
               _pt(x, y, s, 0.5, 0.95)], fill=ink)
    d.polygon([_pt(x, y, s, 0.5 - 0.535, 0.33), _pt(x, y, s, 0.5 + 0.535, 0.33),
               _pt(x, y, s, 0.5, 0.95)], fill=ink)


def diamond(d: ImageDraw.ImageDraw, x: float, y: float, s: float, ink: Ink = RED) -> None:
    d.polygon([_pt(x, y, s, 0.5, 0.02), _pt(x, y, s, 0.9, 0.5),
               _pt(x, y, s, 0.5, 0.98), _pt(x, y, s, 0.1, 0.5)], fill=ink)
    # a pale inner lozenge: a diamond is never a filled blob like the heart
    d.polygon([_pt(x, y, s, 0.5, 0.3), _pt(x, y, s, 0.68, 0.5),
               _pt(x, y, s, 0.5, 0.7), _pt(x, y, s, 0.32, 0.5)], fill=WHITE)


def spade(d: ImageDraw.ImageDraw, x: float, y: float, s: float, ink: Ink = BLACK) -> None:
    r = s * 0.25
    cy = y + s * 0.42
    d.ellipse((x + s * 0.5 - 2 * r + s * 0.02, cy, x + s * 0.5 + s * 0.02, cy + 2 * r), fill=ink)
    d.ellipse((x + s * 0.5 - s * 0.02, cy, x + s * 0.5 + 2 * r - s * 0.02, cy + 2 * r), fill=ink)
    d.polygon([_pt(x, y, s, 0.5, 0.02), _pt(x, y, s, 0.96, 0.62),
               _pt(x, y, s, 0.04, 0.62)], fill=ink)
    d.polygon([_pt(x, y, s, 0.5, 0.62), _pt(x, y, s, 0.7, 0.98),
               _pt(x, y, s, 0.3, 0.98)], fill=ink)


def club(d: ImageDraw.ImageDraw, x: float, y: float, s: float, ink: Ink = BLACK) -> None:
    r = s * 0.2
    for cu, cv in ((0.5, 0.25), (0.27, 0.56), (0.73, 0.56)):
        cx, cy = _pt(x, y, s, cu, cv)
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ink)
    cx, cy = _pt(x, y, s, 0.5, 0.52)
    d.ellipse((cx - r * 0.6, cy - r * 0.6, cx + r * 0.6, cy + r * 0.6), fill=ink)
    d.polygon([_pt(x, y, s, 0.5, 0.5), _pt(x, y, s, 0.7, 0.98),
               _pt(x, y, s, 0.3, 0.98)], fill=ink)


def coin(d: ImageDraw.ImageDraw, x: float, y: float, s: float) -> None:
    """Oros: a gold coin with a rim and a centre, dark outlines so it reads in grey too."""
    w = max(2.0, s * 0.05)
    d.ellipse((x + s * 0.04, y + s * 0.04, x + s * 0.96, y + s * 0.96),
              fill=GOLD, outline=GOLD_DARK, width=round(w))
    d.ellipse((x + s * 0.2, y + s * 0.2, x + s * 0.8, y + s * 0.8),
              outline=GOLD_DARK, width=round(w))
    d.ellipse((x + s * 0.4, y + s * 0.4, x + s * 0.6, y + s * 0.6), fill=GOLD_DARK)


def cup(d: ImageDraw.ImageDraw, x: float, y: float, s: float) -> None:
    """Copas: a chalice (bowl, stem, foot), the only suit with a wide top and a foot."""
    w = round(max(2.0, s * 0.04))
    d.pieslice((x + s * 0.14, y - s * 0.28, x + s * 0.86, y + s * 0.58), 0, 180,
               fill=CUP_RED, outline=CUP_DARK, width=w)
    d.rectangle((x + s * 0.1, y + s * 0.1, x + s * 0.9, y + s * 0.18),
                fill=CUP_RED, outline=CUP_DARK, width=w)
    d.rectangle((x + s * 0.44, y + s * 0.56, x + s * 0.56, y + s * 0.8),
                fill=CUP_RED, outline=CUP_DARK, width=w)
    d.ellipse((x + s * 0.38, y + s * 0.56, x + s * 0.62, y + s * 0.68),
              fill=CUP_RED, outline=CUP_DARK, width=w)
    d.polygon([_pt(x, y, s, 0.22, 0.96), _pt(x, y, s, 0.78, 0.96),
               _pt(x, y, s, 0.6, 0.8), _pt(x, y, s, 0.4, 0.8)],
              fill=CUP_RED, outline=CUP_DARK, width=w)


def sword(d: ImageDraw.ImageDraw, x: float, y: float, s: float) -> None:
    """Espadas: a straight sword, point up: long thin blade, cross-guard, grip and pommel."""
    w = round(max(2.0, s * 0.035))
    d.polygon([_pt(x, y, s, 0.5, 0.0), _pt(x, y, s, 0.63, 0.14),
               _pt(x, y, s, 0.61, 0.64), _pt(x, y, s, 0.39, 0.64),
               _pt(x, y, s, 0.37, 0.14)], fill=SWORD_BLUE, outline=SWORD_DARK, width=w)
    d.line([_pt(x, y, s, 0.5, 0.08), _pt(x, y, s, 0.5, 0.62)], fill=SWORD_DARK, width=w)
    d.rectangle((x + s * 0.12, y + s * 0.64, x + s * 0.88, y + s * 0.74),
                fill=SWORD_DARK)
    d.rectangle((x + s * 0.43, y + s * 0.74, x + s * 0.57, y + s * 0.9),
                fill=SWORD_BLUE, outline=SWORD_DARK, width=w)
    d.ellipse((x + s * 0.38, y + s * 0.86, x + s * 0.62, y + s * 1.0), fill=SWORD_DARK)


def cudgel(d: ImageDraw.ImageDraw, x: float, y: float, s: float) -> None:
    """Bastos: a knotted wooden club, thick at the top, with knots on its sides."""
    w = round(max(2.0, s * 0.04))
    d.polygon([_pt(x, y, s, 0.3, 0.06), _pt(x, y, s, 0.7, 0.06),
               _pt(x, y, s, 0.6, 0.96), _pt(x, y, s, 0.4, 0.96)],
              fill=CLUB_GREEN, outline=CLUB_DARK, width=w)
    d.ellipse((x + s * 0.27, y + s * 0.0, x + s * 0.73, y + s * 0.16),
              fill=CLUB_GREEN, outline=CLUB_DARK, width=w)
    for cu, cv, side in ((0.68, 0.3, 1), (0.33, 0.5, -1), (0.63, 0.7, 1)):
        cx, cy = _pt(x, y, s, cu, cv)
        r = s * 0.09
        d.ellipse((cx - r + side * r * 0.4, cy - r, cx + r + side * r * 0.4, cy + r),
                  fill=CLUB_GREEN, outline=CLUB_DARK, width=w)
    d.line([_pt(x, y, s, 0.5, 0.2), _pt(x, y, s, 0.5, 0.88)], fill=CLUB_DARK, width=w)


FRENCH_SHAPES: dict[str, InkedShape] = {"C": club, "H": heart, "S": spade, "D": diamond}
SPANISH_SHAPES: dict[str, Shape] = {"O": coin, "C": cup, "E": sword, "B": cudgel}
FRENCH_INK: dict[str, Ink] = {"C": BLACK, "H": RED, "S": BLACK, "D": RED}
SPANISH_INK: dict[str, Ink] = {"O": GOLD_DARK, "C": CUP_DARK, "E": SWORD_DARK, "B": CLUB_DARK}


def star(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: Ink,
         outline: Ink) -> None:
    """A five-pointed star: the manilha badge."""
    import math

    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.42
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    d.polygon(points, fill=fill, outline=outline, width=max(2, round(r * 0.08)))
