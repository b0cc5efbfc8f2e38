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
two folders (before, after) it prints both and the totals side by side. Pages that
may be more than a quarter blank (exempt_pages: front matter, a chapter's last page,
the back cover, padding) are starred and counted apart.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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


def squeeze(text: str) -> str:
    """Text without its white space (extracted line breaks differ from the source's)."""
    return re.sub(r"\s+", "", text)


def page_size(path: Path) -> tuple[float, float]:
    """A PDF's first page size in points."""
    width, height = pdfium.PdfDocument(str(path))[0].get_size()
    return float(width), float(height)


def _mark_page(mark: Any) -> int | None:
    """The page index (from 0) an outline entry points to: pypdfium2 5 gives a
    destination (`get_dest`), 4.x (the floor) a `page_index` field."""
    if hasattr(mark, "get_dest"):
        dest = mark.get_dest()
        return None if dest is None else int(dest.get_index())
    index = getattr(mark, "page_index", None)
    return None if index is None else int(index)


def exempt_pages(reading: Path, count: int, stitched: int | None = None) -> set[int]:
    """The pages (from 1) that may be more than a quarter blank, read from the reading
    edition `reading` of `count` pages: the cover and the contents (before the first
    chapter's page), a chapter's last page (the page before one whose top text is a
    chapter heading of the outline), the last page before the back cover and the back
    cover. With `stitched`, the pages of the saddle-stitched edition of that many pages:
    the same, and the padding blanks before its back cover."""
    pdf = pdfium.PdfDocument(str(reading))
    chapters: list[tuple[int, str]] = []
    for mark in pdf.get_toc():
        if mark.level == 0 and (index := _mark_page(mark)) is not None:
            title = mark.get_title() if hasattr(mark, "get_title") else mark.title
            chapters.append((index + 1, title))
    exempt = {*range(1, min(p for p, _ in chapters)), count - 1, count}
    for page, title in chapters:
        top = _page_text(pdf[page - 1], (0, 0, *pdf[page - 1].get_size()))[1]
        if squeeze(top).startswith(squeeze(title)):
            exempt.add(page - 1)
    if stitched is not None:
        exempt = {p for p in exempt if p < count} | set(range(count, stitched + 1))
    return exempt


Measured = tuple[list[PageFill], set[int]]


def booklets(folder: Path) -> dict[str, tuple[Measured, Measured]]:
    """Every game's reading and saddle-stitched pages under a build folder, each with
    the pages exempt from the quarter rule."""
    out = {}
    for reading in sorted(folder.rglob("*-rules.pdf")):
        stitched = reading.with_name(reading.name.replace("-rules.pdf", "-rules-booklet.pdf"))
        pages = reading_pages(reading)
        folded = stitched_pages(stitched, page_size(reading))
        out[reading.name[: -len("-rules.pdf")]] = (
            (pages, exempt_pages(reading, len(pages))),
            (folded, exempt_pages(reading, len(pages), len(folded))),
        )
    return out


def _row(name: str, pages: list[PageFill], exempt: set[int]) -> tuple[str, tuple[int, ...]]:
    marked = " ".join(
        f"{p.blank:.2f}{'*' if n in exempt else ''}" for n, p in enumerate(pages, start=1)
    )
    over = sum(p.blank > 0.25 for p in pages)
    bad = sum(p.blank > 0.25 and n not in exempt for n, p in enumerate(pages, start=1))
    blank = sum(p.blank for p in pages)
    counts = (len(pages), over, bad)
    return f"| {name} | {len(pages)} | {over} | {bad} | {blank:.1f} | {marked} |", counts


def table(folder: Path) -> tuple[list[str], dict[str, tuple[int, ...]]]:
    """Markdown rows for a build folder, and each booklet's (pages, pages over a quarter
    blank, of those not exempt)."""
    lines = [
        "| booklet | pages | > 25 % blank | of those, not exempt | blank pages' worth"
        " | blank fraction of each page (* exempt) |",
        "|---|---|---|---|---|---|",
    ]
    totals = {}
    for game, editions in booklets(folder).items():
        for edition, (pages, exempt) in zip(("reading", "saddle-stitched"), editions, strict=True):
            name = f"{game} {edition}"
            line, counts = _row(name, pages, exempt)
            lines.append(line)
            totals[name] = counts
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
        print(
            "\n| booklet | pages before | after | > 25 % blank before | after"
            " | not exempt before | after |"
        )
        print("|---|---|---|---|---|---|---|")
        for name, (pages, over, bad) in results[0].items():
            a = results[1].get(name, (0, 0, 0))
            print(f"| {name} | {pages} | {a[0]} | {over} | {a[1]} | {bad} | {a[2]} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
