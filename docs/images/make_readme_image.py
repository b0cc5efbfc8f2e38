"""Make docs/images/designed-and-seed.png, the picture at the top of the README.

Left, a game of your own: one row of Emberwake's spreadsheet
(`data/examples/emberwake/cards.csv`) above the card kitgen draws from it with the
game's layout files, as `kitgen export png` writes it (bleed and all). Right, one of
kitgen's own games: the first card sheet of `kitgen build scratch` (A4, crop marks,
3 mm bleed) and the cover of its rule booklet, each page rasterized with PDFium as
`kitgen export png` rasterizes. Everything but the spreadsheet cells (drawn here in
kitgen's own DejaVu Sans) is kitgen's output. Run it from the repository's root after
changing how Emberwake's cards, Scratch's cards or the booklet's cover look:

    python docs/images/make_readme_image.py

The same kitgen gives the same picture, byte for byte.
"""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
import tempfile

import pypdfium2
from PIL import Image, ImageDraw, ImageFont

import kitgen

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TARGET = os.path.join(HERE, "designed-and-seed.png")
EMBERWAKE = os.path.join(ROOT, "data", "examples", "emberwake")
FONT = os.path.join(os.path.dirname(kitgen.__file__), "fonts", "DejaVuSans.ttf")
HEIGHT = 420  # pixels: a sheet readable as a sheet, the file small
CARD = "Pyre Drake"  # the designed card, and its spreadsheet row
COLUMNS = ("name", "type", "faction", "cost", "power")  # the cells shown above it
CARD_DPI = 90  # the exported card, 333 px tall under its row
GAP = 24
GRID = (150, 150, 150)
HEADER = (232, 236, 240)


def kitgen_run(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "kitgen", *args], check=True, stdout=subprocess.DEVNULL)


def first_page(path: str, height: int) -> Image.Image:
    page = pypdfium2.PdfDocument(path)[0]
    image: Image.Image = page.render(scale=height / page.get_height()).to_pil().convert("RGB")
    framed = ImageDraw.Draw(image)  # a white page needs an edge on a white picture
    framed.rectangle((0, 0, image.width - 1, image.height - 1), outline=(170, 170, 170))
    return image


def found(out: str, ending: str, containing: str = "") -> str:
    paths = sorted(
        os.path.join(root, name)
        for root, _, names in os.walk(out)
        for name in names
        if name.endswith(ending) and containing in name
    )
    return paths[0]


def spreadsheet_row(width: int) -> Image.Image:
    """The header and the card's row of the spreadsheet, as a spreadsheet shows them."""
    with open(os.path.join(EMBERWAKE, "cards.csv"), encoding="utf-8", newline="") as f:
        row = next(r for r in csv.DictReader(f) if r["name"] == CARD)
    font = ImageFont.truetype(FONT, 12)
    bold = ImageFont.truetype(FONT.replace("Sans.ttf", "Sans-Bold.ttf"), 12)
    pad, line = 5, 22
    widths = [max(font.getlength(row[c]), bold.getlength(c)) + 2 * pad for c in COLUMNS]
    scale = (width - 1) / sum(widths)
    widths = [w * scale for w in widths]
    image = Image.new("RGB", (width, 2 * line + 1), "white")
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, width - 1, line), fill=HEADER)
    x = 0.0
    for column, cell_width in zip(COLUMNS, widths, strict=True):
        for y, text, face in ((0, column, bold), (line, row[column], font)):
            draw.text((round(x) + pad, y + line // 2), text, fill="black", font=face, anchor="lm")
        x += cell_width
        draw.line((round(x), 0, round(x), 2 * line), fill=GRID)
    draw.rectangle((0, 0, width - 1, 2 * line), outline=GRID)
    draw.line((0, line, width - 1, line), fill=GRID)
    return image


def main() -> None:
    with tempfile.TemporaryDirectory() as out:
        kitgen_run("build", "scratch", "--paper", "a4", "-o", out)
        kit = os.path.join(EMBERWAKE, "kit.yaml")
        kitgen_run("export", "png", kit, "--dpi", str(CARD_DPI), "--no-backs", "-o", out)
        sheet = first_page(found(out, "-cards.pdf", "scratch"), HEIGHT)
        cover = first_page(found(out, "-rules.pdf", "scratch"), HEIGHT)
        slug = CARD.lower().replace(" ", "-")
        with Image.open(found(out, f"-{slug}.png")) as exported:
            card = exported.convert("RGB")
    row = spreadsheet_row(max(card.width, 300))
    left = max(card.width, row.width)
    picture = Image.new("RGB", (left + GAP + sheet.width + GAP + cover.width, HEIGHT), "white")
    picture.paste(row, (0, 0))
    card_top = HEIGHT - card.height
    arrow_x = left // 2  # from the row down to the card drawn from it
    arrow = ImageDraw.Draw(picture)
    arrow.line((arrow_x, row.height + 3, arrow_x, card_top - 4), fill=GRID, width=2)
    arrow.polygon(
        ((arrow_x - 5, card_top - 9), (arrow_x + 5, card_top - 9), (arrow_x, card_top - 3)),
        fill=GRID,
    )
    picture.paste(card, ((left - card.width) // 2, card_top))
    picture.paste(sheet, (left + GAP, 0))
    picture.paste(cover, (left + GAP + sheet.width + GAP, 0))
    small = picture.quantize(colors=128, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    data = io.BytesIO()
    small.save(data, "PNG", optimize=True)
    with open(TARGET, "wb") as f:
        f.write(data.getvalue())
    print(f"{TARGET}: {small.width}x{small.height}, {len(data.getvalue()):,} bytes")


if __name__ == "__main__":
    main()
