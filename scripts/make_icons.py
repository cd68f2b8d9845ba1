"""Draw the app's icons (static/scorepads/icons/): three tally marks of the pad,
tall, short, tall, on its green, as on a paper pad's first inning.

    .venv/bin/python scripts/make_icons.py

The PNGs are committed; run this again only to change them.
"""

from pathlib import Path

from PIL import Image, ImageDraw

ICONS = Path(__file__).resolve().parents[1] / "static" / "scorepads" / "icons"
GREEN = (30, 107, 58)  # --made in static/card_table/site.css
PAPER = (251, 250, 246)  # --paper


def draw(size: int, *, safe_zone: float = 1.0, rounded: bool = True) -> Image.Image:
    """The icon at ``size`` pixels; its marks inside ``safe_zone`` of the middle
    (a maskable icon keeps them in the inner 80%, the platform crops the rest)."""
    scale = 4  # drawn large, then shrunk: smooth edges
    big = size * scale
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    if rounded:
        pen.rounded_rectangle((0, 0, big - 1, big - 1), radius=big // 5, fill=GREEN)
    else:
        pen.rectangle((0, 0, big, big), fill=GREEN)
    inner = big * safe_zone
    left = (big - inner) / 2
    base = left + inner * 0.80  # the inning's base line
    width = inner * 0.09
    for index, tall in enumerate((True, False, True)):
        x = left + inner * (0.27 + index * 0.2)
        top = left + inner * (0.20 if tall else 0.38)
        bottom = base if tall else base - inner * 0.12
        pen.rounded_rectangle((x, top, x + width, bottom), radius=width / 3, fill=PAPER)
    pen.rectangle((left + inner * 0.17, base + inner * 0.02, left + inner * 0.83, base + inner * 0.055), fill=PAPER)
    return image.resize((size, size), Image.LANCZOS)


def svg() -> str:
    """The icon as SVG, drawn as :func:`draw` draws it, on a 100-unit square."""
    marks = "".join(
        f'<rect x="{27 + index * 20}" y="{20 if tall else 38}" width="9" height="{60 if tall else 30}" rx="3"/>'
        for index, tall in enumerate((True, False, True))
    )
    green = "#{:02x}{:02x}{:02x}".format(*GREEN)
    paper = "#{:02x}{:02x}{:02x}".format(*PAPER)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        f'<rect width="100" height="100" rx="20" fill="{green}"/>'
        f'<g fill="{paper}">{marks}<rect x="17" y="82" width="66" height="3.5"/></g></svg>\n'
    )


def main() -> None:
    ICONS.mkdir(parents=True, exist_ok=True)
    draw(192).save(ICONS / "icon-192.png", optimize=True)
    draw(512).save(ICONS / "icon-512.png", optimize=True)
    draw(512, safe_zone=0.8, rounded=False).save(ICONS / "icon-maskable-512.png", optimize=True)
    draw(180, rounded=False).convert("RGB").save(ICONS / "apple-touch-icon.png", optimize=True)
    (ICONS / "icon.svg").write_text(svg())  # the pages' icon: a few hundred bytes
    draw(48).save(ICONS / "favicon.ico", sizes=[(16, 16), (32, 32), (48, 48)])  # for /favicon.ico


if __name__ == "__main__":
    main()
