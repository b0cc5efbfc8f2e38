"""How full a rule booklet's pages are: page count and each page's blank fraction.

A page's blank fraction is the part of its content frame (the page less the
booklet margins: 13 mm left and right, 12 mm top, 15 mm bottom, where the
running footer sits) below the lowest ink: the page is rendered, made grey,
and a row holds ink when one pixel in it is darker than 250 (tinted boxes are
ink; paper is 255). 0.0 is a page filled to its bottom edge, 1.0 a frame
without ink (a padding blank).

The saddle-stitched edition is cut back into its pages (two to a sheet side,
centred) and put in reading order with kitgen.layout.booklet.saddle_stitch,
so both editions are measured page by page in the same way.

    python bench/booklet_fill.py OUTDIR [OUTDIR2]

measures every `*-rules.pdf` and `*-rules-booklet.pdf` under each folder (as
`kitgen build all -o OUTDIR` writes them) and prints one table a folder; with
two folders (before, after) it prints both and the totals side by side.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image

from kitgen.layout.booklet import saddle_stitch

MM = 72 / 25.4
MARGIN_SIDE, MARGIN_TOP, MARGIN_BOTTOM = 13 * MM, 12 * MM, 15 * MM
INK_BELOW = 250  # grey levels under this are ink
SCALE = 1.0  # 72 dpi: a row is a point


@dataclass(frozen=True)
class PageFill:
    """One page: its blank fraction and its text (for finding headings and credits)."""

    blank: float
    text: str
    top_text: str  # the text in the top 16 pt of the content frame


def blank_fraction(image: Image.Image) -> float:
    """The part of a page image's content frame below its lowest ink (0.0 to 1.0)."""
    grey = image.convert("L")
    w, h = grey.size
    k = SCALE
    left, right = round(MARGIN_SIDE * k), w - round(MARGIN_SIDE * k)
    top, bottom = round(MARGIN_TOP * k), h - round(MARGIN_BOTTOM * k)
    frame = grey.crop((left, top, right, bottom))
    dark = frame.point(lambda v: 255 if v < INK_BELOW else 0)
    box = dark.getbbox()
    if box is None:
        return 1.0
    return (frame.height - box[3]) / frame.height


def _page_text(page: pdfium.PdfPage, box: tuple[float, float, float, float]) -> tuple[str, str]:
    text = page.get_textpage()
    x0, y0, x1, y1 = box
    whole = text.get_text_bounded(x0, y0, x1, y1)
    top = text.get_text_bounded(x0, y1 - MARGIN_TOP - 16, x1, y1 - MARGIN_TOP + 2)
    return whole, top


def reading_pages(path: Path) -> list[PageFill]:
    """Each page of a reading edition."""
    pdf = pdfium.PdfDocument(str(path))
    out = []
    for page in pdf:
        w, h = page.get_size()
        image = page.render(scale=SCALE).to_pil()
        whole, top = _page_text(page, (0, 0, w, h))
        out.append(PageFill(blank_fraction(image), whole, top))
    return out


def stitched_pages(path: Path, page_size: tuple[float, float]) -> list[PageFill]:
    """Each page of a saddle-stitched edition, in reading order (padding blanks too)."""
    pdf = pdfium.PdfDocument(str(path))
    pw, ph = page_size
    count = 2 * len(pdf)
    order = saddle_stitch(count)
    found: dict[int, PageFill] = {}
    for side, (left, right) in zip(pdf, order, strict=True):
        sw, sh = side.get_size()
        x0, y0 = (sw - 2 * pw) / 2, (sh - ph) / 2
        image = side.render(scale=SCALE).to_pil()
        for slot, number in enumerate((left, right)):
            bx = x0 + slot * pw
            crop = image.crop(
                (
                    round(bx * SCALE),
                    round((sh - y0 - ph) * SCALE),
                    round((bx + pw) * SCALE),
                    round((sh - y0) * SCALE),
                )
            )
            whole, top = _page_text(side, (bx, y0, bx + pw, y0 + ph))
            found[number] = PageFill(blank_fraction(crop), whole, top)
    return [found[n] for n in range(1, count + 1)]


def booklets(folder: Path) -> dict[str, tuple[list[PageFill], list[PageFill]]]:
    """Every game's (reading, saddle-stitched) pages under a build folder."""
    out = {}
    for reading in sorted(folder.rglob("*-rules.pdf")):
        stitched = reading.with_name(reading.name.replace("-rules.pdf", "-rules-booklet.pdf"))
        size = pdfium.PdfDocument(str(reading))[0].get_size()
        out[reading.name[: -len("-rules.pdf")]] = (
            reading_pages(reading),
            stitched_pages(stitched, size),
        )
    return out


def _row(name: str, pages: list[PageFill]) -> str:
    fractions = " ".join(f"{p.blank:.2f}" for p in pages)
    over = sum(p.blank > 0.25 for p in pages)
    blank = sum(p.blank for p in pages)
    return f"| {name} | {len(pages)} | {over} | {blank:.1f} | {fractions} |"


def table(folder: Path) -> tuple[list[str], dict[str, tuple[int, int]]]:
    """Markdown rows for a build folder, and each booklet's (pages, pages over 25 %)."""
    lines = [
        "| booklet | pages | pages > 25 % blank | blank pages' worth"
        " | blank fraction of each page |",
        "|---|---|---|---|---|",
    ]
    totals = {}
    for game, (reading, stitched) in booklets(folder).items():
        for edition, pages in (("reading", reading), ("saddle-stitched", stitched)):
            name = f"{game} {edition}"
            lines.append(_row(name, pages))
            totals[name] = (len(pages), sum(p.blank > 0.25 for p in pages))
    return lines, totals


def main(argv: list[str]) -> int:
    if not argv or len(argv) > 2:
        print("usage: booklet_fill.py OUTDIR [OUTDIR2]", file=sys.stderr)
        return 2
    results = []
    for folder in argv:
        lines, totals = table(Path(folder))
        print(f"\n{folder}\n")
        print("\n".join(lines))
        results.append(totals)
    if len(results) == 2:
        print("\n| booklet | pages before | pages after | > 25 % blank before | after |")
        print("|---|---|---|---|---|")
        for name, (pages, over) in results[0].items():
            after = results[1].get(name, (0, 0))
            print(f"| {name} | {pages} | {after[0]} | {over} | {after[1]} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
