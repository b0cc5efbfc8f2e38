"""What a newcomer sees in every booklet (issue 36, items 6 and 7): no padding page is
left blank, no heading ends a page or a column, every back cover holds the quick
reference (or, where none fits, a designed page), short contents share their page, and
the quick reference page is filled.

Every game's kit is planned as `kitgen build GAME` plans it, on A4 and on Letter, and
only its rule booklets and quick reference are drawn (the card sheets are planned, not
drawn: their decks are what a booklet's card checklist lists). The PDFs are read back
with pypdfium2: page text, text in each column's bounds, and ink (bench/booklet_fill.py
measures a page's blank as the part of its frame below its lowest ink).
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
import yaml

from kitgen.build import BuildOptions, plan
from kitgen.paths import data_dir

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from booklet_fill import page_size, reading_pages, squeeze, stitched_pages

MM = 72 / 25.4
GAMES = {
    "scratch": data_dir() / "scratch",
    "shapeup": data_dir() / "shapeup",
    "scaffold": data_dir() / "scaffold",
    "staircase": data_dir() / "staircase",
    "galliard": data_dir() / "galliard",
    "emberwake": data_dir() / "examples" / "emberwake",
}
# The booklet's frame (13 mm at the sides, 12 mm at the top, 15 mm at the foot, where
# the footer and the back cover's credit line sit) and the back cover's column gap; the
# quick reference page's margin all round and its column gap.
SIDE, TOP, FOOT, BACK_GAP = 13 * MM, 12 * MM, 15 * MM, 5 * MM
REF_MARGIN, REF_GAP = 11 * MM, 7 * MM
LABELS = ("TIP", "STRATEGY", "VARIANT", "RULES DECISION", "WITH KITGEN", "EXAMPLE")
PADDING = ("Card checklist", "Scores", "Notes")
MOST_BLANK_REFERENCE = 0.25  # of the quick reference page's columns, on average


@pytest.fixture(scope="module")
def built(kits_on_each_paper: Path) -> Path:
    """Every game's kit on A4, then on Letter: its rules PDFs are read here."""
    for game in GAMES:
        assert (kits_on_each_paper / game / f"{game}-rules-booklet.pdf").is_file(), game
    return kits_on_each_paper


def rules_of(game: str) -> dict[str, Any]:
    data = yaml.safe_load((GAMES[game] / "rules.yaml").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def headings(rules: dict[str, Any]) -> set[str]:
    """Everything kept with what follows it, as printed (white space squeezed out): the
    numbered section titles, the quick reference's headings, the call-out and example
    labels and the examples' titles."""
    found = {squeeze("Quick reference"), squeeze(f"{rules['title']}: quick reference")}
    found |= {squeeze(label) for label in LABELS}

    def walk(sections: list[dict[str, Any]], prefix: str) -> None:
        for number, section in enumerate(sections, start=1):
            found.add(squeeze(f"{prefix}{number} {section['title']}"))
            for block in section.get("blocks", []):
                if "example" in block:
                    found.add(squeeze(block["example"]["title"]))
            walk(section.get("sections", []), f"{prefix}{number}.")

    walk(rules["sections"], "")
    walk(rules.get("quick_reference", []), "")
    return found


def columns(page: pdfium.PdfPage, frame: tuple[float, float, float, float], gap: float) -> list:
    """The columns (x0, x1) a page's text is set in within `frame` (x0, y0, x1, y1): the
    most, of one to three `gap` apart, whose gutters no character falls in."""
    text = page.get_textpage()
    centres = []
    for i in range(text.count_chars()):
        if text.get_text_range(i, 1).strip():
            left, bottom, right, top = text.get_charbox(i)
            centres.append(((left + right) / 2, (bottom + top) / 2))
    x0, y0, x1, y1 = frame
    for count in (3, 2, 1):
        width = (x1 - x0 - (count - 1) * gap) / count
        cols = [(x0 + i * (width + gap), x0 + i * (width + gap) + width) for i in range(count)]
        gutters = [(cols[i][1] + 0.5, cols[i + 1][0] - 0.5) for i in range(count - 1)]
        in_gutter = any(a <= x <= b and y0 <= y <= y1 for x, y in centres for a, b in gutters)
        used = all(any(a <= x <= b and y0 <= y <= y1 for x, y in centres) for a, b in cols)
        if count == 1 or (used and not in_gutter):
            return cols
    raise AssertionError("unreachable")


def last_lines(page: pdfium.PdfPage, box: tuple[float, float, float, float]) -> list[str]:
    """The lines of text within a box, top to bottom."""
    lines = page.get_textpage().get_text_bounded(*box).splitlines()
    return [line.strip() for line in lines if line.strip()]


def stranded(lines: list[str], heads: set[str]) -> str | None:
    """The heading that ends these lines (over one to three of them), if one does."""
    for k in (1, 2, 3):
        tail = squeeze("".join(lines[-k:]))
        if len(lines) >= k and tail in heads:
            return " ".join(lines[-k:])
    return None


@pytest.mark.parametrize("game", list(GAMES))
def test_no_page_or_column_ends_with_a_heading(built: Path, game: str) -> None:
    heads = headings(rules_of(game))
    problems = []
    reading = pdfium.PdfDocument(str(built / game / f"{game}-rules.pdf"))
    for number, page in enumerate(reading, start=1):
        w, h = page.get_size()
        frame = (SIDE - 1, FOOT, w - SIDE + 1, h - TOP + 1)
        cols = columns(page, frame, BACK_GAP) if number == len(reading) else [frame[::2]]
        for x0, x1 in cols:
            head = stranded(last_lines(page, (x0 - 1, FOOT, x1 + 1, h)), heads)
            if head:
                problems.append(f"reading edition page {number}: {head}")
    reference = pdfium.PdfDocument(str(built / game / f"{game}-reference.pdf"))[0]
    w, h = reference.get_size()
    frame = (REF_MARGIN - 1, REF_MARGIN - 1, w - REF_MARGIN + 1, h - REF_MARGIN + 1)
    for x0, x1 in columns(reference, frame, REF_GAP):
        head = stranded(last_lines(reference, (x0 - 1, 0, x1 + 1, h)), heads)
        if head:
            problems.append(f"quick reference: {head}")
    assert not problems, f"{game}: headings that end a page or column: {problems}"


def reference_texts(rules: dict[str, Any]) -> list[str]:
    """The quick reference's section titles and its plain text (no template, no markup),
    each white space squeezed out."""
    texts: list[str] = []

    def plain(text: str) -> None:
        if "{{" not in text and "{%" not in text:
            texts.append(squeeze(text.replace("**", "").replace("*", "")))

    def walk(sections: list[dict[str, Any]]) -> None:
        for section in sections:
            plain(section["title"])
            for block in section.get("blocks", []):
                for key in ("text", "tip", "strategy", "variant", "note"):
                    if key in block:
                        plain(block[key])
                for item in block.get("list", []) + block.get("steps", []):
                    plain(item)
                for row in block.get("table", {}).get("rows", []):
                    for cell in row:
                        plain(str(cell))
            walk(section.get("sections", []))

    walk(rules.get("quick_reference", []))
    return texts


@pytest.mark.parametrize("game", list(GAMES))
def test_every_back_cover_holds_the_quick_reference(built: Path, game: str) -> None:
    rules = rules_of(game)
    path = built / game / f"{game}-rules.pdf"
    back = squeeze(reading_pages(path)[-1].text)
    stitched = stitched_pages(built / game / f"{game}-rules-booklet.pdf", page_size(path))
    assert squeeze(stitched[-1].text) == back  # the same back cover in both editions
    back = back.replace(squeeze("Printed with kitgen"), "", 1)  # (its foot, drawn first)
    assert back.startswith(squeeze("Quick reference")), back[:80]
    missing = [text for text in reference_texts(rules) if text not in back]
    assert not missing, f"{game}: the back cover lacks {missing}"


@pytest.mark.parametrize("game", list(GAMES))
def test_no_padding_page_is_blank(built: Path, game: str) -> None:
    """The pages that make the saddle-stitched edition's count a multiple of four (before
    its back cover) each say what they are and reach the foot of their frame: a card
    checklist first when the kit prints eight or more different cards (naming each), a
    score page when it prints a score sheet, then notes."""
    path = built / game / f"{game}-rules.pdf"
    pages = reading_pages(path)
    stitched = stitched_pages(built / game / f"{game}-rules-booklet.pdf", page_size(path))
    assert len(stitched) % 4 == 0 and len(stitched) - len(pages) < 4
    body = len(pages) - 1
    assert [squeeze(p.text) for p in stitched[:body]] == [squeeze(p.text) for p in pages[:body]]
    padding = stitched[body:-1]
    kinds = []
    for number, page in enumerate(padding, start=body + 1):
        assert page.blank < 0.25, f"{game}: padding page {number} is {page.blank:.0%} blank"
        kind = next((k for k in PADDING if squeeze(page.top_text).startswith(squeeze(k))), None)
        assert kind is not None, f"{game}: padding page {number} says {page.text[:60]!r}"
        kinds.append(PADDING.index(kind))
        assert squeeze(rules_of(game)["title"]) in squeeze(page.text)
    assert kinds == sorted(kinds), f"{game}: padding pages out of order: {kinds}"


def test_a_kits_cards_are_listed_on_its_checklist(built: Path) -> None:
    """Emberwake prints 54 cards of 31 names: its 8-page booklet's first padding page
    lists every name (the card file's first column)."""
    path = built / "emberwake" / "emberwake-rules.pdf"
    stitched = stitched_pages(built / "emberwake" / "emberwake-rules-booklet.pdf", page_size(path))
    padding = stitched[len(reading_pages(path)) - 1 : -1]
    assert padding, "Emberwake's booklet has padding pages"
    checklist = squeeze(padding[0].text)
    assert squeeze(padding[0].top_text).startswith(squeeze("Card checklist"))
    with (GAMES["emberwake"] / "cards.csv").open(encoding="utf-8", newline="") as file:
        names = {row["name"] for row in csv.DictReader(file)}
    assert names and all(squeeze(name) in checklist for name in names)


@pytest.mark.parametrize("game", list(GAMES))
def test_short_contents_share_their_page(built: Path, game: str) -> None:
    """A contents list that leaves more than half its page blank has the first chapter
    under it (Emberwake's six chapters left three quarters of a page blank)."""
    path = built / game / f"{game}-rules.pdf"
    pages = reading_pages(path)
    contents = [n for n, p in enumerate(pages) if squeeze(p.top_text).startswith("Contents")]
    if len(rules_of(game)["sections"]) <= 4:  # (a booklet of four chapters has none)
        assert not contents
        return
    [last] = contents
    while last + 1 < len(pages) and ". . ." in pages[last + 1].text:
        last += 1  # the contents run on
    assert pages[last].blank <= 0.5, f"{game}: contents page {last + 1} {pages[last].blank:.0%}"


def column_blank(path: Path) -> float:
    """The quick reference page's blank: the part of each column (read from its text)
    below its lowest ink, averaged over the columns the page is set in."""
    page = pdfium.PdfDocument(str(path))[0]
    w, h = page.get_size()
    frame = (REF_MARGIN, REF_MARGIN, w - REF_MARGIN, h - REF_MARGIN)
    image = page.render(scale=1).to_pil().convert("L")
    blanks = []
    for x0, x1 in columns(page, frame, REF_GAP):
        crop = image.crop((round(x0), round(REF_MARGIN), round(x1), round(h - REF_MARGIN)))
        box = crop.point(lambda v: 255 if v < 250 else 0).getbbox()
        blanks.append(1.0 if box is None else (crop.height - box[3]) / crop.height)
    return sum(blanks) / len(blanks)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_quick_reference_page_is_filled(built: Path, game: str) -> None:
    """Emberwake's short reference was one column of 11 pt on an A4 page set for two
    (60% of it blank): the reference fills its page in the largest type that fits."""
    blank = column_blank(built / game / f"{game}-reference.pdf")
    assert blank <= MOST_BLANK_REFERENCE, f"{game}: the quick reference is {blank:.0%} blank"


def test_a_back_cover_without_room_for_the_quick_reference_is_designed(tmp_path: Path) -> None:
    """A quick reference too long for the back cover even at the readable floor leaves a
    designed page there: the title, players and time, the summary, what the kit holds,
    where the quick reference is, and the credits (Staircase's back cover had its title
    alone)."""
    parts = "\n".join(
        f"  - title: Part {n}\n    blocks:\n      - text: {'Words of the reference. ' * 12!r}"
        for n in range(30)
    )
    path = tmp_path / "rules.yaml"
    path.write_text(
        "game: galliard\nkind: rules\ntitle: Galliard\ncredits: Designed by A. Writer.\n"
        "sections:\n  - title: Dancers\n    blocks:\n      - text: Two players.\n"
        f"quick_reference:\n{parts}\n",
        encoding="utf-8",
    )
    out = tmp_path / "out"
    result = plan([str(path)], BuildOptions(out=str(out))).write_planned()
    reading = out / "galliard" / "galliard-rules.pdf"
    back = squeeze(reading_pages(reading)[-1].text)
    assert "Part0" not in back
    game = yaml.safe_load((GAMES["galliard"] / "game.yaml").read_text(encoding="utf-8"))
    expected = [
        "Galliard",
        f"{game['players']['min']} players",
        game["summary"],
        "In the kit",
        *(c["title"] for c in game["components"]),
        "QUICK REFERENCE",
        "galliard-reference.pdf",
        "Designed by A. Writer.",
    ]
    assert all(squeeze(text) in back for text in expected), back
    assert result.ok, [str(f) for f in result.findings]  # the reference page is printed
    assert (out / "galliard" / "galliard-reference.pdf").exists()


def test_a_heading_never_ends_a_frame() -> None:
    """A heading before a call-out box (kept together) or before a conditional page break
    that breaks, with room for itself but not for what follows, opens the next frame."""
    import io

    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import (
        CondPageBreak,
        Frame,
        KeepTogether,
        PageTemplate,
        Paragraph,
        Spacer,
    )

    from kitgen.render.booklet import _Paged
    from kitgen.render.fonts import register_fonts

    register_fonts()
    body = ParagraphStyle("body", fontName="KitSans", fontSize=10, leading=12)
    head = ParagraphStyle("head", parent=body, fontName="KitSans-Bold", keepWithNext=1)
    box = KeepTogether([Paragraph("Boxed call-out. " * 30, body)])  # about 70 pt tall
    for after in ([box], [CondPageBreak(60), Paragraph("Next heading", head), box]):
        buffer = io.BytesIO()
        doc = _Paged(buffer, pagesize=(300, 400), invariant=1)
        frame = Frame(0, 0, 300, 400, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        doc.addPageTemplates([PageTemplate("page", [frame])])
        doc.build([Spacer(1, 350), Paragraph("The heading", head), *after])
        pages = pdfium.PdfDocument(buffer.getvalue())
        first = pages[0].get_textpage().get_text_range()
        assert "The heading" not in first, "a heading left at the foot of its page"
        assert "The heading" in pages[1].get_textpage().get_text_range()


def test_padding_that_does_not_come_out_as_counted_falls_back_to_blanks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """(A safeguard: padding pages that would make the booklet longer than its multiple of
    four are dropped for blanks, so its sheets still fold.)"""
    from kitgen.render import booklet, padding

    def one_too_many(facts: Any, count: int, *args: Any) -> list[Any]:
        return padding.padding_pages(facts, count + 1, *args)

    monkeypatch.setattr(booklet, "padding_pages", one_too_many)
    path = tmp_path / "rules.yaml"
    path.write_text(
        "game: galliard\nkind: rules\ntitle: Galliard\n"
        "sections:\n  - title: Dancers\n    blocks:\n      - text: Two players.\n",
        encoding="utf-8",
    )
    out = tmp_path / "out"
    assert plan([str(path)], BuildOptions(out=str(out))).write_planned().ok
    reading = out / "galliard" / "galliard-rules.pdf"
    pages = reading_pages(reading)
    assert len(pages) == 3  # the cover, the rules, the back cover
    stitched = stitched_pages(out / "galliard" / "galliard-rules-booklet.pdf", page_size(reading))
    assert len(stitched) == 4 and stitched[2].blank == 1.0


@pytest.mark.parametrize(("names", "count", "checklists"), [(9, 1, 1), (150, 3, 2), (400, 3, 0)])
def test_a_checklist_takes_the_pages_it_needs_or_none(
    names: int, count: int, checklists: int
) -> None:
    """A checklist runs on over as many padding pages as it needs; one that needs more
    than there are is left out (notes instead), and the pages are always `count`."""
    import io

    from reportlab.platypus import Frame, PageTemplate

    from kitgen.render.booklet import _Paged
    from kitgen.render.fonts import register_fonts
    from kitgen.render.padding import PaddingFacts, padding_pages

    register_fonts()
    cards = (("Deck", tuple((f"Card number {n}", 1 + n % 5) for n in range(names))),)
    width, height = 346.0, 519.0
    flow = padding_pages(PaddingFacts("A game", cards), count, 9.5, width, height)
    buffer = io.BytesIO()
    doc = _Paged(buffer, pagesize=(width, height), invariant=1)
    frame = Frame(0, 0, width, height, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    doc.addPageTemplates([PageTemplate("page", [frame])])
    doc.build(flow[1:])  # (the first page break is the one after the rules)
    pages = pdfium.PdfDocument(buffer.getvalue())
    tops = [squeeze(page.get_textpage().get_text_range())[:13] for page in pages]
    assert len(tops) == count
    assert sum(top.startswith("Cardchecklist") for top in tops) == checklists, tops
    text = squeeze("".join(page.get_textpage().get_text_range() for page in pages))
    assert all(squeeze(f"Card number {n}") in text for n in range(names) if checklists)


def body_size(page: pdfium.PdfPage) -> float:
    """The type size most of a page's characters are set in (its body type)."""
    import ctypes

    import pypdfium2.raw as raw

    text = page.get_textpage()
    sizes: dict[float, int] = {}
    for i in range(text.count_chars()):
        if text.get_text_range(i, 1).strip():
            size = round(raw.FPDFText_GetFontSize(text.raw, ctypes.c_int(i)), 2)
            sizes[size] = sizes.get(size, 0) + 1
    return max(sizes, key=lambda s: sizes[s])


@pytest.mark.parametrize("game", list(GAMES))
def test_the_back_cover_is_set_in_the_largest_type_that_fits(built: Path, game: str) -> None:
    """Scaffold's back cover was 7 pt with half a column empty, Emberwake's 9.5 pt and a
    third of its page blank: the quick reference is set in the largest type that fits
    the back cover. One step larger, it fits in no column count whose lines keep a
    readable measure; the back cover as printed is in that type."""
    from kitgen.build import game_figures
    from kitgen.layout.booklet import MEASURE, TYPE_STEP, line_chars
    from kitgen.layout.geometry import Size
    from kitgen.load.documents import read_document
    from kitgen.load.rules import game_context
    from kitgen.model.rules import RulesFile
    from kitgen.render.booklet import (
        BACK_COLUMN_GAP,
        BACK_COVER_LARGEST,
        _fits_a_page,
        _reference_flow,
        back_cover_fit,
    )

    reading = pdfium.PdfDocument(str(built / game / f"{game}-rules.pdf"))
    back = reading[len(reading) - 1]
    page = Size(*back.get_size())
    doc = read_document(str(GAMES[game] / "rules.yaml"))
    rules, name = doc.model, doc.game
    assert isinstance(rules, RulesFile) and name is not None
    context, figures = game_context(name, doc.path), game_figures(name, doc.path)
    fit = back_cover_fit(rules, context, figures, page, "normal")
    assert fit is not None, f"{game}: the quick reference does not fit its back cover"
    assert body_size(back) == pytest.approx(fit.size, abs=0.01)
    larger = fit.size + TYPE_STEP
    if larger > BACK_COVER_LARGEST:
        return
    width, room = page.width - 2 * SIDE, page.height - TOP - FOOT
    for count in (1, 2, 3):
        if not MEASURE[0] <= line_chars(width, count, BACK_COLUMN_GAP, larger) <= MEASURE[1]:
            continue
        column = Size((width - (count - 1) * BACK_COLUMN_GAP) / count, room)
        flow = _reference_flow(rules, context, figures, "normal", larger, column, "Q")[0]
        assert not _fits_a_page(flow, width, room, count), f"{game}: {larger} pt fits"


def test_a_deck_file_built_after_a_kit_is_not_on_its_checklist(tmp_path: Path) -> None:
    """A deck file planned after a kit in the same build is no card of the kit's: the
    kit's booklet lists its own 54 cards (Emberwake's), not the deck's besides."""
    import re

    kit = GAMES["emberwake"] / "kit.yaml"
    deck = GAMES["emberwake"] / "decks" / "ember-rush.yaml"

    def checklist(targets: list[str], out: Path) -> str:
        builder = plan(targets, BuildOptions(out=str(out)))
        booklets = [i for i in builder.planned if any("-rules-booklet" in p for p in i.paths)]
        assert builder.write_planned(booklets).ok
        pages = pdfium.PdfDocument(str(out / "emberwake" / "emberwake-rules-booklet.pdf"))
        text = " ".join(page.get_textpage().get_text_range() for page in pages)
        return squeeze(text[text.index("Card checklist") :])

    alone = checklist([str(kit)], tmp_path / "alone")
    with_deck = checklist([str(kit), str(deck)], tmp_path / "both")
    counts = [re.findall(r"(\d+)cards\.", text) for text in (alone, with_deck)]
    assert counts[0] and counts[1] == counts[0], counts
    title = yaml.safe_load(deck.read_text(encoding="utf-8"))["name"]
    assert squeeze(title) not in with_deck
