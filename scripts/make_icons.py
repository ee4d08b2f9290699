"""Draw the app's home-screen icons (the web app manifest's) with Pillow.

    .venv/bin/python scripts/make_icons.py

writes ``static/icons/``: ``icon-192.png`` and ``icon-512.png`` (a rounded square, for any
launcher), ``icon-maskable-512.png`` (full bleed, everything that matters inside the central
circle of 80 % that a launcher's mask always keeps) and ``apple-touch-icon.png`` (180 px, for
iOS's "Add to Home Screen"). The picture is the favicon's: two playing cards fanned out on the
app's blue, a diamond on the front card. Drawn four times larger, then scaled down (smooth
edges); no font is needed.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parents[1] / "static" / "icons"
BLUE = (11, 61, 145, 255)  # --primary in static/css/app.css
RED = (176, 0, 32, 255)
CARD = (255, 255, 255, 255)
EDGE = (7, 42, 102, 255)  # --primary-dark
SCALE = 4


def _card(width: int, height: int, diamond: int) -> Image.Image:
    """A white card with a red diamond in its middle, on a transparent layer."""
    layer = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    r = width // 9
    draw.rounded_rectangle((0, 0, width - 1, height - 1), radius=r, fill=CARD,
                           outline=EDGE, width=max(2, width // 40))
    cx, cy = width // 2, height // 2
    draw.polygon([(cx, cy - diamond), (cx + diamond * 3 // 4, cy), (cx, cy + diamond),
                  (cx - diamond * 3 // 4, cy)], fill=RED)
    return layer


def picture(size: int, *, maskable: bool) -> Image.Image:
    """The icon at ``size`` pixels."""
    big = size * SCALE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    if maskable:
        draw.rectangle((0, 0, big, big), fill=BLUE)
        # The cards fit in the safe circle (radius 40 % of the side) whatever the mask.
        extent = 0.56
    else:
        draw.rounded_rectangle((0, 0, big - 1, big - 1), radius=big // 5, fill=BLUE)
        extent = 0.74
    card_h = int(big * extent * 0.86)
    card_w = int(card_h * 0.68)
    for angle, dx, diamond in ((16, -0.09, card_w // 6), (-10, 0.07, card_w // 3)):
        card = _card(card_w, card_h, diamond).rotate(angle, expand=True,
                                                    resample=Image.Resampling.BICUBIC)
        x = (big - card.width) // 2 + int(big * dx)
        y = (big - card.height) // 2
        image.alpha_composite(card, (x, y))
    return image.resize((size, size), Image.Resampling.LANCZOS)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, size, maskable in (("icon-192.png", 192, False), ("icon-512.png", 512, False),
                                 ("icon-maskable-512.png", 512, True),
                                 ("apple-touch-icon.png", 180, True)):
        picture(size, maskable=maskable).save(OUT / name, optimize=True)
        print(OUT / name)


if __name__ == "__main__":
    main()
