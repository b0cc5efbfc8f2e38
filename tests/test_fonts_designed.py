"""Designed games' fonts: DejaVu shipped in the package, a project's own TrueType files,
and KitSans left as it was."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from reportlab.pdfbase import pdfmetrics

from kitgen.render import fonts
from kitgen.render.fonts import (
    BOLD,
    FONT_FOLDER,
    REGULAR,
    Family,
    builtin_family,
    missing_glyphs,
    project_family,
    register_fonts,
    text_width,
)
from kitgen.render.pdf import finish, new_canvas

POLISH = "Zażółć gęślą jaźń"
GREEK = "Ελληνικά"
CYRILLIC = "Кириллица"
SANS = Path(FONT_FOLDER) / "DejaVuSans.ttf"


def test_the_eight_dejavu_files_and_their_licence_ship_in_the_package() -> None:
    folder = Path(FONT_FOLDER)
    assert folder == Path(fonts.__file__).parents[1] / "fonts"
    ttf = sorted(p.name for p in folder.glob("*.ttf"))
    assert ttf == sorted(
        f"{name}.ttf"
        for faces in (builtin_family("sans"), builtin_family("serif"))
        for name in (faces.regular, faces.bold, faces.italic, faces.bold_italic)
    )
    assert len(ttf) == 8
    assert "Bitstream Vera" in (folder / "LICENSE").read_text(encoding="utf-8")


def test_family_face_picks_by_bold_and_italic() -> None:
    family = Family("R", "B", "I", "BI")
    assert [family.face(b, i) for b in (False, True) for i in (False, True)] == [
        "R",
        "I",
        "B",
        "BI",
    ]


@pytest.mark.parametrize("name", ["sans", "serif"])
def test_builtin_families_register_and_draw_polish_greek_cyrillic(name: str) -> None:
    family = builtin_family(name)
    assert builtin_family(name) is family  # registered once per process
    assert family.regular in pdfmetrics.getRegisteredFontNames()
    for face in (family.regular, family.bold, family.italic, family.bold_italic):
        # Each face is registered when first measured or looked into (not before: a
        # face's file takes time to read, and most cards use two faces).
        for text in (POLISH, GREEK, CYRILLIC):
            assert missing_glyphs(text, face) == "", (face, text)
        assert face in pdfmetrics.getRegisteredFontNames()
        assert text_width(GREEK, face, 10) > 0


def test_builtin_family_names() -> None:
    assert builtin_family("sans").regular == "DejaVuSans"
    assert builtin_family("serif").bold_italic == "DejaVuSerif-BoldItalic"
    with pytest.raises(ValueError, match="no built-in font family 'comic'"):
        builtin_family("comic")


def test_kitsans_is_vera_and_draws_greek_and_cyrillic_in_dejavu() -> None:
    """KitSans is Vera, unchanged: the built-in games draw what they drew before; what
    Vera has no glyph for is drawn in DejaVu Sans (tests/test_text_fonts.py)."""
    register_fonts()
    vera = pdfmetrics.getFont(REGULAR)
    assert Path(vera.face.filename).name == "Vera.ttf"
    assert set(GREEK).isdisjoint(vera.own) and set(CYRILLIC).isdisjoint(vera.own)
    assert set("żęśąźń").isdisjoint(vera.own)
    for text in (POLISH, GREEK, CYRILLIC):
        assert missing_glyphs(text, REGULAR) == missing_glyphs(text, BOLD) == ""


def test_a_project_ttf_registers_under_a_name_from_its_content(tmp_path: Path) -> None:
    mine = tmp_path / "my.ttf"
    shutil.copyfile(SANS, mine)
    family, problems = project_family({"regular": str(mine)})
    assert problems == []
    assert family is not None
    # Missing faces fall back to the regular one.
    assert family.bold == family.italic == family.bold_italic == family.regular
    assert family.regular.startswith("Project-")
    assert missing_glyphs(GREEK, family.regular) == ""
    # The same bytes under another name and folder: the same font name (deterministic).
    other = tmp_path / "sub"
    other.mkdir()
    shutil.copyfile(SANS, other / "Title.ttf")
    again, _ = project_family({"regular": other / "Title.ttf", "bold": None})
    assert again == family
    # Other bytes: another name, so two projects' fonts never clash.
    serif, _ = project_family({"regular": Path(FONT_FOLDER) / "DejaVuSerif.ttf"})
    assert serif is not None and serif.regular != family.regular


def test_project_faces(tmp_path: Path) -> None:
    family, problems = project_family(
        {
            "regular": Path(FONT_FOLDER) / "DejaVuSerif.ttf",
            "bold": Path(FONT_FOLDER) / "DejaVuSerif-Bold.ttf",
            "italic": tmp_path / "gone.ttf",
        }
    )
    assert family is not None
    assert family.bold != family.regular
    assert family.italic == family.bold_italic == family.regular
    assert [(p.face, str(p)) for p in problems] == [
        ("italic", f"the italic font {str(tmp_path / 'gone.ttf')!r} does not exist")
    ]


def test_a_text_file_named_ttf_is_a_problem(tmp_path: Path) -> None:
    fake = tmp_path / "fake.ttf"
    fake.write_text("this is not a font\n", encoding="utf-8")
    family, problems = project_family({"regular": str(fake)})
    assert family is None
    assert [p.message for p in problems] == [
        f"the regular font {str(fake)!r} is not a TrueType or OpenType font"
    ]


def test_a_missing_file_and_a_folder_are_problems(tmp_path: Path) -> None:
    family, problems = project_family({"regular": tmp_path / "nope.ttf"})
    assert family is None
    assert "does not exist" in problems[0].message and "nope.ttf" in problems[0].message
    family, problems = project_family({"regular": tmp_path})
    assert family is None
    assert "is a folder" in problems[0].message


def test_broken_cff_opentype_and_broken_truetype_are_problems(tmp_path: Path) -> None:
    """(An OpenType font with CFF outlines is read since issue 37: a broken one is a
    problem as a broken TrueType font is; tests/test_font_formats.py.)"""
    cff = tmp_path / "cff.otf"
    cff.write_bytes(b"OTTO" + bytes(200))
    broken = tmp_path / "broken.ttf"
    broken.write_bytes(b"\x00\x01\x00\x00" + bytes(40))
    family, problems = project_family({"regular": SANS, "bold": cff, "italic": broken})
    assert family is not None and family.bold == family.regular
    bold, italic = problems
    assert bold.message.startswith(f"the bold font {str(cff)!r} cannot be used: ")
    assert italic.message.startswith(f"the italic font {str(broken)!r} cannot be used: ")
    assert "\n" not in italic.message


def test_a_family_needs_a_regular_face() -> None:
    family, problems = project_family({"bold": SANS})
    assert family is None
    assert problems[0].face == "regular"
    with pytest.raises(ValueError, match="unknown font faces"):
        project_family({"regular": SANS, "heavy": SANS})


def test_text_in_dejavu_is_embedded_and_deterministic(tmp_path: Path) -> None:
    def render() -> bytes:
        canvas, buffer = new_canvas("fonts")
        family = builtin_family("serif")
        canvas.setFont(family.face(True, False), 12)
        canvas.drawString(20, 700, f"{POLISH} {GREEK} {CYRILLIC}")
        return finish(canvas, buffer)

    first = render()
    assert first == render()
    assert b"DejaVuSerif-Bold" in first and b"/FontFile2" in first
