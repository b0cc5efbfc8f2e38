"""Rules booklets in a designed game's own fonts (issue 37, item 5): a booklet is set
in KitSans (Vera, DejaVu Sans for what Vera lacks), and a character neither has
(Chinese, Japanese) prints in the first of the game's `fonts:` that has it, in check
and in print. Booklets whose text KitSans draws print byte for byte as without them;
padding pages shape a right-to-left game's or card's name."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from conftest import checked, edit, pdf_text, run_in_process
from fontmaker import make_font
from reportlab.platypus import SimpleDocTemplate
from test_shaping import _forms

from kitgen.entry import main
from kitgen.layout.words import table
from kitgen.render.fonts import KITSANS, booklet_family, project_families
from kitgen.render.padding import PaddingFacts, padding_pages
from kitgen.render.pdf import KitCanvas

# The game's font, with a bold face (headings are bold) and its regular file for
# italic (Japanese has none: upright text is its italic).
BOXES = "  boxes: {regular: fonts/boxes.ttf, bold: fonts/boxes-bold.ttf, italic: fonts/boxes.ttf}"
JAPANESE = "各プレイヤーはカードを五枚引く。「太陽」と月を組み合わせる。"
HEADING = "遊び方"
RULES = f"""game: star-lanterns
kind: rules
title: Star Lanterns
language: ja
sections:
  - title: {HEADING}
    blocks:
      - text: "{JAPANESE} **太陽**"
      - tip: "Emberwake {JAPANESE}"
"""


def _starter(tmp: Path, fonts: str | None) -> Path:
    """The starter game with a Japanese rules file in its kit, and `fonts` (a game
    file's `fonts:` entry) when given, its font a box for each Japanese character."""
    status, _out, err = run_in_process(
        main, "new", "game", "Star Lanterns", "--game", "custom", "--dir", str(tmp)
    )
    assert status == 0, err
    folder = tmp / "star-lanterns"
    (folder / "rules.yaml").write_text(RULES, encoding="utf-8")
    edit(folder / "kit.yaml", "components: [cards]", "components: [rules]\nrules: rules.yaml")
    if fonts is not None:
        text = JAPANESE + HEADING + "太陽" + "".join(table("ja").values())  # (kitgen's words)
        chars = "".join(sorted({ch for ch in text if ord(ch) > 0x2000}))
        (folder / "fonts").mkdir()
        (folder / "fonts" / "boxes.ttf").write_bytes(make_font(chars, "Boxes", width=1000))
        bold = make_font(chars, "Boxes", width=1000, style="Bold")
        (folder / "fonts" / "boxes-bold.ttf").write_bytes(bold)
        edit(folder / "game.yaml", "\nicons:", f"\nfonts:\n{fonts}\n\nicons:")
    return folder


def _flat(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _check(folder: Path) -> list[tuple[str, str]]:
    """The findings of `kitgen check FOLDER`, each (code, message) once (the kit's
    findings hold its rules file's)."""
    status, out, _err = run_in_process(main, "check", "--format", "json", str(folder))
    found = [
        (f["code"], f["message"]) for entry in json.loads(out)["files"] for f in entry["findings"]
    ]
    assert status == 0, found
    return sorted(set(found))


def test_japanese_rules_print_in_the_games_own_font(tmp_path: Path) -> None:
    folder = _starter(tmp_path, BOXES)
    assert _check(folder) == []
    status, _out, err = run_in_process(
        main, "build", str(folder / "kit.yaml"), "--out", str(tmp_path / "out")
    )
    assert status == 0, err
    assert "text-not-drawable" not in err
    text = pdf_text(tmp_path / "out" / "star-lanterns" / "star-lanterns-rules.pdf")
    flat = re.sub(r"\s+", "", text)
    assert "?" not in flat
    assert re.sub(r"\s+", "", JAPANESE) in flat
    assert HEADING in flat and "Emberwake" in flat
    # The Japanese is drawn in the game's font (a box 1 em wide for each character), the
    # Latin in KitSans: each kana and kanji is as wide as the type is large.
    page = pdfium.PdfDocument(str(tmp_path / "out" / "star-lanterns" / "star-lanterns-rules.pdf"))[
        1
    ]
    textpage = page.get_textpage()
    chars = textpage.get_text_range()
    boxes = [textpage.get_charbox(i) for i in range(len(chars))]
    widths = {ch: round(box[2] - box[0], 1) for ch, box in zip(chars, boxes, strict=True)}
    assert widths["各"] == widths["枚"] > widths.get("E", 0) > 0


def test_without_a_font_that_has_them_japanese_rules_are_a_warning(tmp_path: Path) -> None:
    folder = _starter(tmp_path, None)
    found = _check(folder)
    codes = {code for code, _ in found}
    assert codes == {"text-not-drawable"}
    assert any("no font of kitgen's has them" in message for _, message in found)


def test_a_character_no_font_has_names_the_games_own_fonts(tmp_path: Path) -> None:
    folder = _starter(tmp_path, BOXES)
    edit(folder / "rules.yaml", "**太陽**", "**太陽** 龍")  # (no font has 龍)
    found = _check(folder)
    assert [code for code, _ in found] == ["text-not-drawable"]
    message = found[0][1]
    assert "U+9F8D" in message and "the game's own (boxes)" in message, message


def test_a_booklet_kitsans_draws_prints_the_same_with_the_games_own_fonts(
    tmp_path: Path,
) -> None:
    # The same booklet with and without a font of the game's own that none of its text
    # needs: byte for byte the same files.
    made = []
    for fonts in (None, BOXES):
        folder = _starter(tmp_path / str(len(made)), fonts)
        rules = (folder / "rules.yaml").read_text(encoding="utf-8")
        latin = re.sub(r"[^\x00-\x7f]+", "Lanterns", rules.replace("language: ja", "language: en"))
        (folder / "rules.yaml").write_text(latin, encoding="utf-8")
        out = tmp_path / f"out{len(made)}"
        status, _out, err = run_in_process(
            main, "build", str(folder / "kit.yaml"), "--out", str(out)
        )
        assert status == 0, err
        made.append(sorted((p.name, p.read_bytes()) for p in out.rglob("*.pdf")))
    assert [name for name, _ in made[0]] == [name for name, _ in made[1]]
    assert made[0] == made[1]


def test_the_family_is_kitsans_alone_without_fonts_of_the_games_own() -> None:
    assert booklet_family(()) == KITSANS
    assert booklet_family(project_families(())) == KITSANS


def _padding_pdf(tmp: Path, title: str, names: list[str]) -> Path:
    """A PDF of padding pages: a checklist of `names`, titled."""
    facts = PaddingFacts(title, (("Deck", tuple((name, 1) for name in names)),))
    pdf = tmp / "padding.pdf"
    doc = SimpleDocTemplate(str(pdf), pagesize=(420, 595))
    doc.build(padding_pages(facts, 1, 9.5, 380, 540), canvasmaker=KitCanvas)
    return pdf


@pytest.mark.parametrize("where", ["title", "card"])
def test_padding_pages_join_arabic_letters(where: str, tmp_path: Path) -> None:
    # A checklist of eight cards, one named in Arabic, or under an Arabic game title:
    # the letters print joined (DejaVu's presentation forms), not one by one.
    arabic = "نجم الليل"
    names = [f"Card {n}" for n in range(8)]
    title = "Star Lanterns"
    if where == "card":
        names[3] = arabic
    else:
        title = arabic
    pdf = _padding_pdf(tmp_path, title, names)
    assert "Card 0" in pdf_text(pdf) and "نجم" in pdf_text(pdf)
    # Noon, jeem and meem joined (initial, medial, final), and the second word's lam
    # initial and yeh medial: the glyphs the embedded fonts draw are Unicode's
    # presentation forms (unshaped, each letter would be its base letter, U+06xx).
    assert {0xFEE7, 0xFEA0, 0xFEE2, 0xFEDF, 0xFEF4} <= _forms(pdf)


def test_a_heading_in_a_font_with_no_bold_face_is_a_warning(tmp_path: Path) -> None:
    # The heading and the bold span of the text need the font's bold face: one warning,
    # at the first (the heading), naming the font and the face and how to give it.
    folder = _starter(tmp_path, "  boxes: {regular: fonts/boxes.ttf}")
    status, found = checked(folder / "rules.yaml")
    assert status == 0
    assert found == [("font-face-missing", "warning", "rules.yaml", 6, 12)]
    message = _check(folder)[0][1]
    assert "'遊び方' in bold" in message and "`bold:` under `fonts: boxes:`" in message


def test_kitgens_own_words_a_font_lacks_are_a_warning_at_the_rules_language(
    tmp_path: Path,
) -> None:
    # The booklet prints kitgen's Japanese words (目次, ヒント ...) in the game's font
    # too: one without them is text-not-drawable at the rules file's `language:`.
    folder = _starter(tmp_path, BOXES)
    chars = "".join(sorted({ch for ch in JAPANESE + HEADING if ord(ch) > 0x2000}))
    for face in ("Regular", "Bold"):
        name = "boxes.ttf" if face == "Regular" else "boxes-bold.ttf"
        (folder / "fonts" / name).write_bytes(make_font(chars, "Boxes", width=1000, style=face))
    status, found = checked(folder / "rules.yaml")
    assert status == 0
    assert ("text-not-drawable", "warning", "rules.yaml", 4, 11) in found


def test_the_rules_files_playing_time_and_summary_print_on_the_cover(tmp_path: Path) -> None:
    folder = _starter(tmp_path, BOXES)
    edit(folder / "rules.yaml", "language: ja\n", 'language: ja\nplaying_time: "20分"\n')
    edit(folder / "rules.yaml", "sections:", "summary: 月を組み合わせる。 龍\nsections:")
    # Its text is checked where it is written (the game's font has no 分, no font 龍) ...
    status, found = checked(folder / "rules.yaml")
    assert status == 0
    assert found == [
        ("text-not-drawable", "warning", "rules.yaml", 5, 15),
        ("text-not-drawable", "warning", "rules.yaml", 6, 10),
    ]
    # ... and printed on the cover, over the game file's.
    status, _out, err = run_in_process(
        main, "build", str(folder / "kit.yaml"), "--out", str(tmp_path / "out")
    )
    assert status == 0, err
    cover = pdf_text(tmp_path / "out" / "star-lanterns" / "star-lanterns-rules.pdf")
    cover = _flat(cover.split("\f")[0])
    assert "20?" in cover and "月を組み合わせる。" in cover
    assert "minutes" not in cover and "Saysomething" not in cover.replace(" ", "")
