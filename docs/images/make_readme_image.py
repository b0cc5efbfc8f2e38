"""Make docs/images/scratch-kit.png, the picture at the top of the README.

Everything in it comes from kitgen itself: `kitgen build scratch` writes the card
sheets (the left of the picture is their first page, rasterized with PDFium as
`kitgen export png` rasterizes) and `kitgen export png scratch` one card at 100 dpi
(the right, as exported, bleed and all). Run it from the repository's root after
changing how Scratch's cards look:

    python docs/images/make_readme_image.py

The same kitgen gives the same picture, byte for byte.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import tempfile

import pypdfium2
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
TARGET = os.path.join(HERE, "scratch-kit.png")
SHEET_HEIGHT = 420  # pixels: a sheet readable as a sheet, the file small
CARD = "Dragon"  # the exported card shown beside it
GAP = 24


def kitgen(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "kitgen", *args], check=True, stdout=subprocess.DEVNULL)


def main() -> None:
    with tempfile.TemporaryDirectory() as out:
        kitgen("build", "scratch", "--paper", "a4", "-o", out)
        kitgen("export", "png", "scratch", "--dpi", "100", "--no-backs", "-o", out)
        sheets = sorted(
            os.path.join(root, name)
            for root, _, names in os.walk(out)
            for name in names
            if name.endswith("-cards.pdf")
        )
        page = pypdfium2.PdfDocument(sheets[0])[0]
        scale = SHEET_HEIGHT / page.get_height()
        sheet = page.render(scale=scale).to_pil().convert("RGB")
        cards = sorted(
            os.path.join(root, name)
            for root, _, names in os.walk(out)
            for name in names
            if name.endswith(".png") and CARD.lower() in name.lower()
        )
        card = Image.open(cards[0]).convert("RGB")
    top = (SHEET_HEIGHT - card.height) // 2
    picture = Image.new("RGB", (sheet.width + GAP + card.width, SHEET_HEIGHT), "white")
    picture.paste(sheet, (0, 0))
    picture.paste(card, (sheet.width + GAP, max(0, top)))
    small = picture.quantize(colors=128, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    data = io.BytesIO()
    small.save(data, "PNG", optimize=True)
    with open(TARGET, "wb") as f:
        f.write(data.getvalue())
    print(f"{TARGET}: {small.width}x{small.height}, {len(data.getvalue()):,} bytes")


if __name__ == "__main__":
    main()
