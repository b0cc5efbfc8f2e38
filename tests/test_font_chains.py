"""Fonts per element, layout and game, fallback chains and missing faces (issue 37,
item 5: "Fonts" and "Bold or italic").

A text element's `font:` may be a fallback chain (`[house, symbols, sans]`): a
character the first font lacks comes from the next that has it, in `kitgen check`
(text-not-drawable) and in print; a layout's and the game file's `font:` are the
default of their text elements; bold or italic asked of a project font without that
face is `font-face-missing` at the element. The fonts are made by tests/fontmaker.py,
each drawing a few characters at a width of its own, so a width tells which font drew
a character.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from conftest import line_of, run_in_process
from fontmaker import make_font
from pypdf import PdfReader

from kitgen.entry import main
from kitgen.kit import check_file
from kitgen.model.findings import Finding
from kitgen.render.fonts import builtin_family, missing_glyphs, project_family, text_width
from kitgen.render.pdf import finish, new_canvas

HOUSE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz "
SYMBOLS = "\u25ce\u2298"  # ◎ ⊘


def fonts_in(pdf: bytes) -> set[str]:
    """The base names of the fonts a PDF's pages use (its subsets' tags taken off, and a
    project font's digest, which kitgen adds to its PostScript name)."""
    found = set()
    for page in PdfReader(io.BytesIO(pdf)).pages:
        for font in page["/Resources"]["/Font"].values():
            name = str(font.get_object()["/BaseFont"]).split("+", 1)[-1]
            found.add(re.sub(r"-[0-9a-f]{8}$", "", name))
    return found


def test_a_chain_draws_each_character_in_the_first_font_that_has_it(tmp_path: Path) -> None:
    from kitgen.render.fonts import chain_family

    (tmp_path / "house.ttf").write_bytes(make_font(HOUSE, "House", width=500))
    (tmp_path / "symbols.ttf").write_bytes(make_font(SYMBOLS, "Symbols", width=900))
    house, problems = project_family({"regular": str(tmp_path / "house.ttf")})
    symbols, more = project_family({"regular": str(tmp_path / "symbols.ttf")})
    assert house is not None and symbols is not None and not problems + more
    chain = chain_family((house, symbols, builtin_family("sans")))
    # A: house (500), the symbols: the symbols font (900 each), é: DejaVu Sans.
    assert text_width("A\u25ce\u2298", chain.regular, 10) == pytest.approx(23.0)
    alone = text_width("A\u25ce", house.regular, 10)  # ◎ from DejaVu Sans, not symbols
    assert alone != pytest.approx(14.0)
    assert text_width("A\u25ce", chain.regular, 10) == pytest.approx(14.0)
    assert text_width("A\u00e9", chain.regular, 10) == pytest.approx(
        5.0 + text_width("\u00e9", "DejaVuSans", 10)
    )
    # What no font of the chain (nor DejaVu Sans) has prints as ?, and is said.
    assert missing_glyphs("A\u25ce\u57ce", chain.regular) == "\u57ce"
    assert chain_family((house,)) is house
    # In print: each run embedded as its own font's subset, DejaVu Sans only for é.
    canvas, out = new_canvas("chain")
    canvas.setFont(chain.regular, 12)
    canvas.drawString(72, 72, "AB \u25ce\u2298")
    canvas.showPage()
    assert fonts_in(finish(canvas, out)) == {"House-Regular", "Symbols-Regular"}
    canvas, out = new_canvas("chain")
    canvas.setFont(chain.regular, 12)
    canvas.drawString(72, 72, "A \u00e9")
    canvas.showPage()
    assert fonts_in(finish(canvas, out)) == {"House-Regular", "DejaVuSans"}


# --- a designed game -------------------------------------------------------------------

GAME = """\
game: chains
kind: game
title: Chains
players: {min: 2, max: 4}
playing_time: 20 minutes
summary: Fonts in chains.
fields:
  name: {type: text}
cards: cards.csv
face: face.yaml
fonts:
  House: {regular: house.ttf}
  Noto Sans Symbols: {regular: symbols.ttf}
"""
LAYOUT = """\
game: chains
kind: layout
size: poker
elements:
  - type: text
    name: title
    text: "{{ name }}"
    x: 5mm
    y: 5mm
    width: 50%
    height: 20mm
"""
KIT = "game: chains\nkind: kit\nname: Chains\ncomponents: [cards]\n"


def game(
    folder: Path, names: list[str], *, element: str = "", layout: str = "", file: str = ""
) -> Path:
    """A designed game of one text element per card (`element`: more of its
    properties), its layout's own settings (`layout`) and the game file's (`file`)."""
    folder.mkdir(exist_ok=True)
    (folder / "house.ttf").write_bytes(make_font(HOUSE, "House", width=500))
    (folder / "symbols.ttf").write_bytes(make_font(SYMBOLS, "Symbols", width=900))
    (folder / "game.yaml").write_text(GAME + file, encoding="utf-8")
    text = LAYOUT.replace("elements:\n", layout + "elements:\n") + element
    (folder / "face.yaml").write_text(text, encoding="utf-8")
    rows = "".join(f'"{name}"\n' for name in names)
    (folder / "cards.csv").write_text("name\n" + rows, encoding="utf-8")
    (folder / "kit.yaml").write_text(KIT, encoding="utf-8")
    return folder


def findings(folder: Path) -> list[Finding]:
    """The findings of checking the game file and the layout, each once."""
    found: list[Finding] = []
    for name in ("game.yaml", "face.yaml"):
        found += [f for f in check_file(str(folder / name)).findings if f not in found]
    return found


def built_fonts(folder: Path, out: Path) -> set[str]:
    status, _out, err = run_in_process(main, "build", str(folder / "kit.yaml"), "-o", str(out))
    assert status == 0, err
    pdfs = sorted(out.rglob("*cards*.pdf"))
    assert pdfs
    # (The sheet's labels are in KitSans, Bitstream Vera: the cards' fonts are the rest.)
    return {f for f in fonts_in(pdfs[0].read_bytes()) if not f.startswith("BitstreamVera")}


def test_a_layout_chain_checks_and_prints_what_its_first_font_lacks(tmp_path: Path) -> None:
    folder = game(
        tmp_path / "g",
        ["Star \u25ce", "Moon \u2298"],
        element='    font: [house, "Noto Sans Symbols"]\n',
    )
    assert findings(folder) == []
    assert built_fonts(folder, tmp_path / "out") == {"House-Regular", "Symbols-Regular"}


def test_a_chain_is_also_written_as_text_with_commas(tmp_path: Path) -> None:
    folder = game(tmp_path / "g", ["Star \u25ce"], element="    font: HOUSE, noto sans symbols\n")
    assert findings(folder) == []
    assert built_fonts(folder, tmp_path / "out") == {"House-Regular", "Symbols-Regular"}


def test_a_character_no_font_of_the_chain_has_is_text_not_drawable(tmp_path: Path) -> None:
    folder = game(
        tmp_path / "g", ["Star \u25ce \u57ce"], element='    font: [house, "Noto Sans Symbols"]\n'
    )
    found = [f for f in findings(folder) if f.code == "text-not-drawable"]
    assert len(found) == 1, [str(f) for f in findings(folder)]
    assert found[0].location is not None
    assert found[0].location.line == line_of(folder / "face.yaml", "text:")
    assert "\u57ce (U+57CE)" in found[0].message
    assert "\u25ce" not in found[0].message.split("prints", 1)[1]
    assert "(house, Noto Sans Symbols)" in found[0].message


def test_without_the_chain_the_symbol_comes_from_dejavu(tmp_path: Path) -> None:
    folder = game(tmp_path / "g", ["Star \u25ce"], element="    font: house\n")
    assert findings(folder) == []
    assert built_fonts(folder, tmp_path / "out") == {"House-Regular", "DejaVuSans"}


def test_the_game_file_and_the_layout_give_a_default_font(tmp_path: Path) -> None:
    chain = 'font: [house, "Noto Sans Symbols"]\n'
    folder = game(tmp_path / "g", ["Star \u25ce"], file=chain)
    assert findings(folder) == []
    assert built_fonts(folder, tmp_path / "a") == {"House-Regular", "Symbols-Regular"}
    # The layout's own `font:` comes before the game file's; an element's before both.
    folder = game(tmp_path / "g", ["Star \u25ce"], file=chain, layout="font: serif\n")
    assert built_fonts(folder, tmp_path / "b") == {"DejaVuSerif"}
    folder = game(
        tmp_path / "g",
        ["Star \u25ce"],
        file=chain,
        layout="font: serif\n",
        element="    font: sans\n",
    )
    assert built_fonts(folder, tmp_path / "c") == {"DejaVuSans"}


def test_a_default_font_naming_no_font_is_a_finding_at_it(tmp_path: Path) -> None:
    folder = game(tmp_path / "g", ["Star"], file="font: [house, comic]\n")
    found = [f for f in findings(folder) if f.is_error]
    assert [(f.code, f.location.line if f.location else 0) for f in found] == [
        ("invalid-value", line_of(folder / "game.yaml", "font: [house, comic]"))
    ], [str(f) for f in found]
    assert "no font 'comic'" in found[0].message


def test_two_fonts_named_alike_with_case_aside_are_duplicates(tmp_path: Path) -> None:
    folder = game(tmp_path / "g", ["Star"], file="  house: {regular: house.ttf}\n")
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(text.replace("font: ", "fonts: "), encoding="utf-8")
    found = [f for f in findings(folder) if f.code == "duplicate-key"]
    assert len(found) == 1 and "'House'" in found[0].message, [str(f) for f in findings(folder)]


@pytest.mark.parametrize(
    ("written", "message"),
    [
        ("[house, 'a, b']", "without a comma"),
        ("[]", "1 to 8 fonts"),
        ("[a, b, c, d, e, f, g, h, i]", "1 to 8 fonts"),
    ],
)
def test_a_bad_chain_is_a_finding(tmp_path: Path, written: str, message: str) -> None:
    folder = game(tmp_path / "g", ["Star"], element=f"    font: {written}\n")
    found = [f for f in findings(folder) if f.is_error]
    assert found and message in found[0].message, [str(f) for f in found]
    assert found[0].location is not None
    assert found[0].location.line == line_of(folder / "face.yaml", "font:")


# --- bold or italic of a family without that face -----------------------------------------


def test_bold_asked_of_a_font_without_a_bold_face_is_said(tmp_path: Path) -> None:
    folder = game(tmp_path / "g", ["Star"], element="    font: house\n    bold: true\n")
    found = [f for f in findings(folder) if f.code == "font-face-missing"]
    assert len(found) == 1, [str(f) for f in findings(folder)]
    assert found[0].severity == "warning"
    assert found[0].location is not None
    assert found[0].location.line == line_of(folder / "face.yaml", "bold: true")
    assert "'title' asks for bold text" in found[0].message
    assert "'house' has no bold face" in found[0].message


def test_emphasis_asked_of_a_font_without_the_face_is_said(tmp_path: Path) -> None:
    folder = game(tmp_path / "g", ["Star *bright* **big**"], element="    font: house\n")
    found = sorted(f.message for f in findings(folder) if f.code == "font-face-missing")
    assert len(found) == 2, found
    assert "asks for bold text" in found[0] and "asks for italic text" in found[1]


def test_a_face_the_project_gives_is_used_and_not_said(tmp_path: Path) -> None:
    folder = game(tmp_path / "g", ["Star"], element="    font: house\n    bold: true\n")
    (folder / "bold.ttf").write_bytes(make_font(HOUSE, "House", width=700, style="Bold"))
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    text = text.replace("{regular: house.ttf}", "{regular: house.ttf, bold: bold.ttf}")
    (folder / "game.yaml").write_text(text, encoding="utf-8")
    assert findings(folder) == []
    assert built_fonts(folder, tmp_path / "out") == {"House-Bold"}


def test_kitgen_s_own_fonts_have_every_face(tmp_path: Path) -> None:
    folder = game(tmp_path / "g", ["Star *bright*"], element="    font: serif\n    bold: true\n")
    assert findings(folder) == []


def test_a_later_font_of_a_chain_without_the_face_is_said_where_it_draws(
    tmp_path: Path,
) -> None:
    """Bold text in [house (regular and bold), symbols (regular only)]: the letters are
    house's bold, the symbol is drawn by symbols in its regular face, which is said;
    bold text without a symbol draws nothing in symbols, and says nothing."""
    folder = game(
        tmp_path / "g",
        ["Star \u25ce"],
        element='    font: [house, "Noto Sans Symbols"]\n    bold: true\n',
    )
    (folder / "bold.ttf").write_bytes(make_font(HOUSE, "House", width=700, style="Bold"))
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    text = text.replace("{regular: house.ttf}", "{regular: house.ttf, bold: bold.ttf}")
    (folder / "game.yaml").write_text(text, encoding="utf-8")
    found = [f for f in findings(folder) if f.code == "font-face-missing"]
    assert len(found) == 1, [str(f) for f in findings(folder)]
    assert "the font 'Noto Sans Symbols' has no bold face" in found[0].message
    (folder / "cards.csv").write_text('name\n"Star"\n', encoding="utf-8")
    assert findings(folder) == []


def test_bold_text_another_font_of_the_chain_draws_is_not_said(tmp_path: Path) -> None:
    """Bold symbols in [house (regular only), sans]: house draws none of them (sans
    does, in bold), so nothing prints in house's regular face for want of a bold."""
    folder = game(
        tmp_path / "g", ["\u25ce\u2298"], element="    font: [house, sans]\n    bold: true\n"
    )
    assert findings(folder) == []
