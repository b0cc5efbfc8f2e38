"""The anchor for `kitgen export png`: rasterize a PDF with pypdfium2 and Pillow alone.

Run: python bench/anchor_png.py PDF DPI LISTING
PDF is the card-image document `kitgen export png` rasterizes (one page per distinct
image, one PDF point per pixel); LISTING has one line per page: the PNG files that
page goes to, separated by tabs (a card printed three times is one page, three
files). Each page is rendered at scale 1 and saved as PNG with its DPI recorded,
the simplest way a user with only pypdfium2 would write it: the same pixels and the
same files as kitgen's (bench/export.py checks that, byte for byte).

It imports no kitgen on purpose: it is the reference kitgen's time is measured against.
"""

from __future__ import annotations

import io
import sys

import pypdfium2 as pdfium


def main() -> None:
    pdf_path, dpi, listing = sys.argv[1], float(sys.argv[2]), sys.argv[3]
    with open(listing, encoding="utf-8") as handle:
        files = [line.split("\t") for line in handle.read().splitlines()]
    pdf = pdfium.PdfDocument(pdf_path)
    for page, paths in zip(pdf, files, strict=True):
        out = io.BytesIO()
        page.render(scale=1).to_pil().save(out, format="PNG", dpi=(dpi, dpi))
        for path in paths:
            with open(path, "wb") as handle:
                handle.write(out.getvalue())


if __name__ == "__main__":
    main()
