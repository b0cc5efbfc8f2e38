"""A project's fonts in the formats designers have (issue 37, item 5, "Fonts"):
OpenType with PostScript (CFF) outlines (.otf), converted to TrueType outlines in
memory before reportlab embeds them, and collections (.ttc), one font of which is
chosen by index or by name. Each is checked byte by byte first
(kitgen/load/fontfile.py, fontcff.py) within FontLimits; a font kitgen check passes
is one the build embeds. The fonts are made by tests/fontmaker.py.
"""

from __future__ import annotations

import io
import random
import re
import struct
import time
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from conftest import run_in_process
from fontmaker import make_collection, make_font, with_subroutines
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics

from kitgen.entry import main
from kitgen.kit import check_file
from kitgen.load.fontfile import font_problem
from kitgen.render.fonts import project_family, text_width
from kitgen.render.pdf import finish, new_canvas

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz "


def embedded(pdf: bytes) -> dict[str, set[str]]:
    """Each embedded font's base name (its subset tag taken off, and a project font's
    digest, which kitgen adds to its PostScript name: `Curvy-Regular-1a2b3c4d`), with
    the kinds of font file the PDF holds for it (FontFile2: TrueType)."""
    found: dict[str, set[str]] = {}
    for page in PdfReader(io.BytesIO(pdf)).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            name = re.sub(r"-[0-9a-f]{8}$", "", str(font["/BaseFont"]).split("+", 1)[-1])
            descriptor = font["/FontDescriptor"].get_object()
            kinds = {k for k in ("/FontFile", "/FontFile2", "/FontFile3") if k in descriptor}
            found.setdefault(name, set()).update(kinds)
    return found


def ink(pdf: bytes) -> float:
    """The share of the first page's pixels that are not white (greyscale < 128)."""
    page = pdfium.PdfDocument(pdf)[0]
    image = page.render(scale=1).to_pil().convert("L")
    histogram = image.histogram()
    return sum(histogram[:128]) / (image.width * image.height)


def drawn(font: str, text: str) -> bytes:
    canvas, out = new_canvas("formats")
    canvas.setFont(font, 72)
    canvas.drawString(36, 400, text)
    canvas.showPage()
    return finish(canvas, out)


# --- OpenType with PostScript outlines ---------------------------------------------------


def test_a_cff_font_is_converted_checked_and_embedded_as_truetype(tmp_path: Path) -> None:
    data = make_font(LETTERS, "Curvy", width=500, cff=True)
    assert data[:4] == b"OTTO"
    assert font_problem(data) is None
    (tmp_path / "curvy.otf").write_bytes(data)
    family, problems = project_family({"regular": tmp_path / "curvy.otf"})
    assert family is not None and problems == []
    assert text_width("AB", family.regular, 10) == pytest.approx(10.0)
    pdf = drawn(family.regular, "ABCDEF")
    assert embedded(pdf) == {"Curvy-Regular": {"/FontFile2"}}
    # Six boxes, 72 pt tall at most: the glyphs' outlines are drawn, not empty.
    assert ink(pdf) > 0.01
    assert ink(drawn(family.regular, "AB")) < ink(pdf) / 2


def test_cff_glyphs_keep_their_shape(tmp_path: Path) -> None:
    """The converted glyph covers what the CFF glyph does: a box with a curved top,
    within a font unit (rasterized, the same pixels as its TrueType twin)."""
    (tmp_path / "a.otf").write_bytes(make_font("A", "Cubic", width=700, cff=True))
    (tmp_path / "a.ttf").write_bytes(make_font("A", "Quad", width=700))
    cubic, _ = project_family({"regular": tmp_path / "a.otf"})
    quad, _ = project_family({"regular": tmp_path / "a.ttf"})
    assert cubic is not None and quad is not None
    # The TrueType twin's top is one quadratic curve, the CFF one's a cubic: close.
    assert ink(drawn(cubic.regular, "AAAA")) == pytest.approx(
        ink(drawn(quad.regular, "AAAA")), rel=0.05
    )


def test_a_cff_game_checks_clean_and_builds(tmp_path: Path) -> None:
    folder = designed(tmp_path, make_font(LETTERS, "Curvy", width=500, cff=True), "house.otf")
    assert findings(folder) == []
    assert built(folder, tmp_path / "out") == {"Curvy-Regular": {"/FontFile2"}}


def test_subroutines_nested_without_end_are_refused_at_once() -> None:
    data = make_font("AB", cff=True)
    looping = with_subroutines(data, [500, -107, "callsubr", "endchar"], [[-107, "callsubr"]])
    wrong = font_problem(looping)
    assert wrong == "cannot be used: its PostScript outlines nest subroutines more than 10 deep"


def test_subroutines_calling_each_other_over_and_over_are_refused_in_bounded_time() -> None:
    """Nine subroutines, each calling the next thirty times: 30**9 calls, within the
    nesting limit. The work limit stops it in a fraction of a second."""
    data = make_font("AB", cff=True)
    calls = [[*([n + 1 - 107, "callsubr"] * 30), "return"] for n in range(9)]
    bomb = with_subroutines(data, [500, -107, "callsubr", "endchar"], [*calls, ["return"]])
    start = time.monotonic()
    wrong = font_problem(bomb)
    assert time.monotonic() - start < 10
    assert wrong is not None and "run far longer than a font's" in wrong


def test_a_cff_font_within_the_limits_is_read() -> None:
    """Subroutines nested ten deep, the Type 2 format's own limit, are read."""
    data = make_font("AB", cff=True)
    chain = [[n + 1 - 107, "callsubr", "return"] for n in range(9)] + [["return"]]
    fine = with_subroutines(data, [500, 0, 0, "rmoveto", -107, "callsubr", "endchar"], chain)
    assert font_problem(fine) is None


def test_a_cut_short_cff_font_is_a_problem() -> None:
    data = make_font("AB", cff=True)
    offset, length = table_place(data, b"CFF ")
    cut = bytearray(data)
    cut[offset + 4 : offset + length] = bytes(length - 4)  # its INDEXes zeroed
    wrong = font_problem(bytes(cut))
    assert wrong is not None and wrong.startswith("cannot be used: ")
    assert "\n" not in wrong


def table_place(data: bytes, tag: bytes) -> tuple[int, int]:
    count = struct.unpack_from(">H", data, 4)[0]
    for n in range(count):
        name, _sum, offset, length = struct.unpack_from(">4sLLL", data, 12 + 16 * n)
        if name == tag:
            return offset, length
    raise AssertionError(tag)


def test_mutated_cff_fonts_are_a_problem_or_embed() -> None:
    """A CFF font with random bytes changed: kitgen's check says what is wrong, or the
    font it passes is one reportlab reads and embeds (never a crash after the check)."""
    from reportlab.pdfbase.ttfonts import TTFont

    from kitgen.load.fontfile import usable_font

    data = make_font("ABC", "Mutant", cff=True)
    offset, length = table_place(data, b"CFF ")
    chance = random.Random(37)
    for round_ in range(150):
        bad = bytearray(data)
        for _ in range(chance.randint(1, 4)):
            bad[offset + chance.randrange(length)] = chance.randrange(256)
        usable, wrong = usable_font(bytes(bad))
        if usable is None:
            assert wrong is not None and "\n" not in wrong
            continue
        font = TTFont(f"Mutant{round_}", io.BytesIO(usable))
        pdfmetrics.registerFont(font)
        drawn(f"Mutant{round_}", "ABC")


# --- collections ---------------------------------------------------------------------


@pytest.fixture
def pair(tmp_path: Path) -> Path:
    """A collection of two fonts: First (400 units wide) and Second (800), TrueType."""
    path = tmp_path / "pair.ttc"
    first = make_font(LETTERS, "First", width=400)
    second = make_font(LETTERS, "Second", width=800)
    path.write_bytes(make_collection(first, second))
    return path


@pytest.mark.parametrize(
    ("choice", "width"),
    [(None, 4.0), (0, 4.0), (1, 8.0), ("Second-Regular", 8.0), ("second regular", 8.0)],
)
def test_a_font_of_a_collection_is_chosen_by_index_or_name(
    pair: Path, choice: int | str | None, width: float
) -> None:
    from kitgen.load.fontfile import FontSource

    family, problems = project_family({"regular": FontSource(str(pair), choice)})
    assert family is not None and problems == []
    assert text_width("A", family.regular, 10) == pytest.approx(width)


def test_two_fonts_of_one_collection_are_two_fonts(pair: Path) -> None:
    from kitgen.load.fontfile import FontSource

    family, _ = project_family(
        {"regular": FontSource(str(pair), 0), "bold": FontSource(str(pair), 1)}
    )
    assert family is not None and family.regular != family.bold
    canvas, out = new_canvas("pair")
    canvas.setFont(family.regular, 12)
    canvas.drawString(72, 72, "AB")
    canvas.setFont(family.bold, 12)
    canvas.drawString(72, 144, "AB")
    canvas.showPage()
    assert embedded(finish(canvas, out)) == {
        "First-Regular": {"/FontFile2"},
        "Second-Regular": {"/FontFile2"},
    }


@pytest.mark.parametrize(
    ("choice", "message"),
    [
        (2, "cannot be used: it has no font 2 (its fonts are numbered 0 to 1)"),
        (
            "Third",
            "cannot be used: it has no font named 'Third'; its fonts: First-Regular, "
            "Second-Regular",
        ),
    ],
)
def test_a_font_the_collection_lacks_is_a_problem(
    pair: Path, choice: int | str, message: str
) -> None:
    assert font_problem(pair.read_bytes(), choice=choice) == message


def test_an_index_of_a_font_that_is_no_collection_is_a_problem() -> None:
    wrong = font_problem(make_font("AB"), choice=1)
    assert wrong == "is one font, not a collection (.ttc): `index` and `name` choose none"


def test_a_collection_of_cff_fonts_is_read(tmp_path: Path) -> None:
    from kitgen.load.fontfile import FontSource

    path = tmp_path / "cff.ttc"
    path.write_bytes(
        make_collection(
            make_font(LETTERS, "CffOne", width=300, cff=True),
            make_font(LETTERS, "CffTwo", width=600, cff=True),
        )
    )
    family, problems = project_family({"regular": FontSource(str(path), "CffTwo-Regular")})
    assert family is not None and problems == []
    assert text_width("A", family.regular, 10) == pytest.approx(6.0)
    assert embedded(drawn(family.regular, "AB")) == {"CffTwo-Regular": {"/FontFile2"}}


def test_broken_collections_are_problems(pair: Path) -> None:
    data = pair.read_bytes()
    many = data[:8] + struct.pack(">L", 100_000) + data[12:]
    assert font_problem(many) == (
        "cannot be used: it is a collection of 100,000 fonts, more than kitgen reads (256)"
    )
    none = data[:8] + struct.pack(">L", 0) + data[12:]
    assert font_problem(none) == "cannot be used: it is a collection of no fonts"
    past = data[:16] + struct.pack(">L", len(data) + 10) + data[20:]
    assert font_problem(past, choice=1) == (
        "cannot be used: its font 1 lies past the end of the file (cut short?)"
    )
    assert font_problem(data[:10]) == "cannot be used: its collection header is cut short"
    cut = data[: len(data) - 40]
    wrong = font_problem(cut, choice=1)
    assert wrong is not None and "runs past the end of the file" in wrong


# --- in a designed game ---------------------------------------------------------------

GAME = """\
game: formats
kind: game
title: Formats
players: {min: 2, max: 4}
playing_time: 20 minutes
summary: Fonts in their formats.
fields:
  name: {type: text}
cards: cards.csv
face: face.yaml
fonts:
  house:
    regular: FACE
"""
LAYOUT = """\
game: formats
kind: layout
size: poker
font: house
elements:
  - type: text
    text: "{{ name }}"
    x: 5mm
    y: 5mm
    width: 50%
    height: 20mm
"""


def designed(folder: Path, font: bytes, name: str, face: str | None = None) -> Path:
    game = folder / "g"
    game.mkdir(exist_ok=True)
    (game / name).write_bytes(font)
    text = GAME.replace("FACE", face or name)
    (game / "game.yaml").write_text(text, encoding="utf-8")
    (game / "face.yaml").write_text(LAYOUT, encoding="utf-8")
    (game / "cards.csv").write_text("name\nStar\nMoon\n", encoding="utf-8")
    (game / "kit.yaml").write_text(
        "game: formats\nkind: kit\nname: Formats\ncomponents: [cards]\n", encoding="utf-8"
    )
    return game


def findings(folder: Path) -> list[tuple[str, int, str]]:
    found: list[tuple[str, int, str]] = []
    for name in ("game.yaml", "face.yaml"):
        for f in check_file(str(folder / name)).findings:
            entry = (f.code, f.location.line if f.location else 0, f.message)
            if entry not in found:
                found.append(entry)
    return found


def built(folder: Path, out: Path) -> dict[str, set[str]]:
    status, _out, err = run_in_process(main, "build", str(folder / "kit.yaml"), "-o", str(out))
    assert status == 0, err
    pdf = sorted(out.rglob("*cards*.pdf"))[0].read_bytes()
    return {k: v for k, v in embedded(pdf).items() if not k.startswith("BitstreamVera")}


@pytest.mark.parametrize(
    ("face", "name"),
    [
        ("{file: pair.ttc, index: 1}", "Second-Regular"),
        ("{file: pair.ttc, name: second-regular}", "Second-Regular"),
        ("pair.ttc", "First-Regular"),
    ],
)
def test_a_game_names_a_font_of_a_collection(tmp_path: Path, face: str, name: str) -> None:
    pair = make_collection(make_font(LETTERS, "First"), make_font(LETTERS, "Second"))
    folder = designed(tmp_path, pair, "pair.ttc", face)
    assert findings(folder) == []
    assert built(folder, tmp_path / "out") == {name: {"/FontFile2"}}


def test_a_font_a_collection_lacks_is_font_unusable_at_its_entry(tmp_path: Path) -> None:
    pair = make_collection(make_font(LETTERS, "First"), make_font(LETTERS, "Second"))
    folder = designed(tmp_path, pair, "pair.ttc", "{file: pair.ttc, index: 5}")
    found = [f for f in findings(folder) if f[0] == "font-unusable"]
    line = GAME.splitlines().index("    regular: FACE") + 1
    assert found == [
        (
            "font-unusable",
            line,
            "the regular font 'pair.ttc' cannot be used: it has no font 5 (its fonts are "
            "numbered 0 to 1)",
        )
    ]


def test_index_and_name_together_are_a_finding(tmp_path: Path) -> None:
    pair = make_collection(make_font(LETTERS, "First"), make_font(LETTERS, "Second"))
    folder = designed(tmp_path, pair, "pair.ttc", "{file: pair.ttc, index: 1, name: First}")
    found = [f for f in findings(folder) if "not both" in f[2]]
    assert found, findings(folder)


def test_a_real_design_converted_from_cff_prints_as_its_truetype_original(
    tmp_path: Path,
) -> None:
    """DejaVu Sans's letters written as a CFF font, then converted back by kitgen: the
    page looks as the TrueType original's does (rasterized at 2x, the pixels that
    differ are a small part of the letters' own)."""
    from fontmaker import cff_of
    from PIL import ImageChops

    from kitgen.render.fonts import FONT_FOLDER

    text = "Quartz glyph job vex 0123 & g@"
    original = (Path(FONT_FOLDER) / "DejaVuSans.ttf").read_bytes()
    (tmp_path / "dv.otf").write_bytes(cff_of(original, text, "DejaVuCff"))
    family, problems = project_family({"regular": tmp_path / "dv.otf"})
    assert family is not None and problems == []
    assert text_width(text, family.regular, 10) == pytest.approx(text_width(text, "DejaVuSans", 10))
    pages = []
    for font in (family.regular, "DejaVuSans"):
        canvas, out = new_canvas("real")
        canvas.setFont(font, 40)
        canvas.drawString(20, 700, text)
        canvas.showPage()
        page = pdfium.PdfDocument(finish(canvas, out))[0]
        pages.append(page.render(scale=2).to_pil().convert("L"))
    converted, truetype = pages
    inked = sum(truetype.histogram()[:128])
    differ = sum(ImageChops.difference(converted, truetype).histogram()[64:])
    assert inked > 10_000
    assert differ < inked * 0.02


@pytest.mark.parametrize("name", ["pair.ttc", "PAIR.TTC", "cjk.otc", "house.otf", "house.ttf"])
def test_watch_rebuilds_when_a_font_file_changes(name: str) -> None:
    from kitgen.watch import is_watched_name

    assert is_watched_name(name)


def test_two_files_of_one_font_name_are_two_fonts(tmp_path: Path) -> None:
    # Two versions of one font (the same PostScript name, other glyphs), as a designer
    # saves a font again while `kitgen watch` runs, or two games bring two subsets of
    # one family: each prints its own glyphs. reportlab took the second for the first.
    from kitgen.render.fonts import missing_glyphs

    first, second = tmp_path / "v1.ttf", tmp_path / "v2.ttf"
    first.write_bytes(make_font("AB", "House", width=500))
    second.write_bytes(make_font("ABC\u76ee", "House", width=700))
    one, _ = project_family({"regular": first})
    two, _ = project_family({"regular": second})
    assert one is not None and two is not None and one.regular != two.regular
    assert missing_glyphs("\u76ee", two.regular) == ""
    assert missing_glyphs("\u76ee", one.regular) == "\u76ee"
    assert text_width("A", two.regular, 10) == pytest.approx(7.0)
    assert text_width("A", one.regular, 10) == pytest.approx(5.0)
    # Both in one PDF: two fonts, each under its PostScript name and its own digest.
    canvas, buffer = new_canvas("two versions")
    for y, font in ((20, one.regular), (60, two.regular)):
        canvas.setFont(font, 12)
        canvas.drawString(10, y, "AB")
    pdf = finish(canvas, buffer)
    names = {
        str(font.get_object()["/BaseFont"]).split("+", 1)[-1]
        for page in PdfReader(io.BytesIO(pdf)).pages
        for font in page["/Resources"]["/Font"].values()
    }
    assert len(names) == 2 and all(re.fullmatch(r"House-Regular-[0-9a-f]{8}", n) for n in names)
