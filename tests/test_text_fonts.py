"""Text in any script: every string kitgen prints goes through fonts that draw what Vera
lacks in DejaVu Sans (kitgen.render.fonts.KitFont); what no font has prints as "?",
never as a box, and `kitgen check` says so (text-not-drawable) where the build does."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
import reportlab
from conftest import write
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from kitgen.build import BuildOptions, KitBuilder, build
from kitgen.kit import check_file
from kitgen.model.findings import Finding
from kitgen.paths import data_dir
from kitgen.render.fonts import (
    BOLD,
    BOLD_ITALIC,
    ITALIC,
    REGULAR,
    builtin_family,
    missing_glyphs,
    register_fonts,
    take_undrawn,
    text_width,
)
from kitgen.render.pdf import finish, new_canvas

POLISH = "Złote Żurawie"
GREEK = "Πελαργός"
CYRILLIC = "Журавль"
VIETNAMESE = "Tiếng Việt"
CJK = "城堡"


def _read(pdf: Path | bytes) -> list[tuple[str, list[str | None]]]:
    """Each page's text as pdfium reads it, with the font of each of its characters
    (the font's BaseFont name, None for what pdfium adds: spaces and line breaks)."""
    import ctypes

    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    document = pdfium.PdfDocument(pdf)
    name = ctypes.create_string_buffer(256)
    flags = ctypes.c_int()
    out = []
    try:
        for page in document:
            textpage = page.get_textpage()
            fonts: list[str | None] = []
            for index in range(textpage.count_chars()):
                size = raw.FPDFText_GetFontInfo(textpage, index, name, 256, ctypes.byref(flags))
                fonts.append(name.value.decode("utf-8", "replace") if size else None)
            out.append((textpage.get_text_range(), fonts))
    finally:
        document.close()
    return out


def pieces(pdf: Path | bytes) -> list[tuple[str, str]]:
    """Every piece of text in a PDF with the font it is drawn in (its BaseFont, without
    a subset's tag): each run of characters in one font."""
    out: list[tuple[str, str]] = []
    for text, fonts in _read(pdf):
        run: list[str] = []
        current: str | None = None
        for char, font in zip(text, fonts, strict=False):
            if font != current:
                if current is not None and "".join(run).strip():
                    out.append(("".join(run), current))
                run, current = [], font
            run.append(char)
        if current is not None and "".join(run).strip():
            out.append(("".join(run), current))
    return out


def assert_printed(pdf: Path | bytes, *names: str) -> None:
    """Each name is in the PDF's text, nothing is drawn as the empty glyph (code 0 or
    U+25A1), and every character Vera lacks is drawn in a DejaVu font."""
    # (pdfium breaks a line where a name is drawn in pieces, font by font: its
    # breaks are left out, its spaces kept)
    text = "".join(page.replace("\r\n", "") for page, _ in _read(pdf))
    for name in names:
        assert name in text, (name, text[:300])
    assert "\x00" not in text and "\u25a1" not in text and "\ufffd" not in text
    register_fonts()
    vera = pdfmetrics.getFont(REGULAR).own  # what Vera has a glyph for (all faces alike)
    for piece, font in pieces(pdf):
        letters = {ch for ch in piece if not ch.isspace()}
        if "BitstreamVera" in font:  # Vera draws only what it has, DejaVu the rest
            assert letters <= vera, (piece, font)
        else:
            assert "DejaVu" in font or "Project-" in font, (piece, font)


# --- The fonts ----------------------------------------------------------------------------


@pytest.mark.parametrize("font", [REGULAR, BOLD, ITALIC, BOLD_ITALIC])
def test_every_kit_face_draws_polish_greek_cyrillic_vietnamese(font: str) -> None:
    for text in (POLISH, GREEK, CYRILLIC, VIETNAMESE, "Ďáblice \u2012 \u2205"):
        assert missing_glyphs(text, font) == "", (font, text)
    assert missing_glyphs(f"{POLISH} {CJK}", font) == CJK
    assert missing_glyphs("Imp \x1b]0;x", font) == "\x1b"  # a control character
    # Invisible characters no font has are left out (not "?"): a variation selector, a
    # zero-width joiner, a direction mark.
    assert missing_glyphs("\u2764\ufe0f a\u200db \u202eX", font) == ""


def test_what_one_face_cannot_draw_no_face_can() -> None:
    """Every face's fallbacks end with every DejaVu Sans face, so the check, which asks
    KitSans, says what each face prints as ?."""
    text = "".join(chr(c) for c in range(0x1D400, 0x1D6A4)) + "\u1d15 \u26c4 城"
    missing = {missing_glyphs(text, font) for font in (REGULAR, BOLD, ITALIC, BOLD_ITALIC)}
    assert len(missing) == 1 and "城" in missing.pop()


def test_a_name_draws_per_character_in_vera_and_dejavu() -> None:
    canvas, buffer = new_canvas("fonts")
    canvas.setFont(REGULAR, 12)
    canvas.drawString(20, 700, POLISH)
    canvas.setFont(BOLD, 12)
    canvas.drawCentredString(200, 680, f"{GREEK} {CYRILLIC} {VIETNAMESE}")
    canvas.setFont(ITALIC, 12)
    canvas.drawRightString(500, 660, "Ďáblice")
    pdf = finish(canvas, buffer)
    assert_printed(pdf, POLISH, GREEK, CYRILLIC, VIETNAMESE, "Ďáblice")
    drawn = pieces(pdf)
    assert ("Ż", "DejaVuSans") in drawn  # the rest of the name is Vera's
    assert any(font == "BitstreamVeraSans-Roman" and "Złote" in p for p, font in drawn)
    assert any(font.endswith("DejaVuSans-Bold") for _, font in drawn)
    assert any(font.endswith("DejaVuSans-Oblique") and p == "Ď" for p, font in drawn)


def test_widths_are_those_of_the_font_that_draws() -> None:
    register_fonts()
    dejavu = builtin_family("sans").regular
    assert text_width("Ż", REGULAR, 10) == text_width("Ż", dejavu, 10)
    assert text_width("Złote", REGULAR, 10) == text_width("Zote", REGULAR, 10) + text_width(
        "ł", REGULAR, 10
    )
    vera_box = pdfmetrics.getFont(REGULAR).face.charWidths.get(ord("Ż"))
    assert text_width("Ż", REGULAR, 1000) != vera_box


def test_latin_1_text_draws_byte_for_byte_as_reportlabs_own_font() -> None:
    """Text Vera covers is drawn exactly as before: the built-in games' files do not
    change."""
    register_fonts()
    vera = os.path.join(os.path.dirname(reportlab.__file__), "fonts", "Vera.ttf")
    if "PlainVera" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont("PlainVera", vera))
    text = (
        "Scratch: Draw the Line \u2013 \u201cCafé\u201d crème, 3 \u00d7 4 \u2264 12 \u2026 £5 · ¶ ø"
    )

    def draw(font: str) -> bytes:
        canvas, buffer = new_canvas("same")
        canvas.setFont(font, 11)
        canvas.drawString(20, 700, text)
        canvas.drawCentredString(300, 600, text[::-1])
        return finish(canvas, buffer)

    assert draw(REGULAR) == draw("PlainVera")


def test_letters_and_accents_written_apart_print_composed() -> None:
    canvas, buffer = new_canvas("nfc")
    canvas.setFont(REGULAR, 12)
    canvas.drawString(20, 700, "Tie\u0302\u0301ng Vie\u0323\u0302t")
    pdf = finish(canvas, buffer)
    assert_printed(pdf, VIETNAMESE)
    assert text_width("Tie\u0302\u0301ng", REGULAR, 10) == text_width("Tiếng", REGULAR, 10)


def test_what_no_font_has_prints_as_a_question_mark_and_is_noted() -> None:
    take_undrawn()  # (what other tests drew)
    canvas, buffer = new_canvas("cjk")
    canvas.setFont(BOLD, 12)
    canvas.drawString(20, 700, f"{POLISH} {CJK}\x1b")
    pdf = finish(canvas, buffer)
    assert_printed(pdf, f"{POLISH} ???")
    assert text_width(CJK, BOLD, 10) == text_width("??", BOLD, 10)
    assert take_undrawn() == {f"{POLISH} {CJK}\x1b": f"{CJK}\x1b"}
    assert take_undrawn() == {}


def test_the_build_says_what_it_printed_as_question_marks_unless_a_finding_did() -> None:
    """Characters a finding the build reports names are not said again; a finding made
    and not reported (a card file's, when a deck that uses it is built) says nothing."""
    from kitgen.load.printable import check_printable, undrawn_findings
    from kitgen.model.findings import Location

    take_undrawn()  # (what other tests drew)
    said = check_printable(f"{CJK} card", Location("cards.yaml", 3, 9))
    canvas, buffer = new_canvas("cjk")
    canvas.setFont(REGULAR, 12)
    canvas.drawString(20, 700, f"{CJK} 鶴")
    finish(canvas, buffer)
    at = Location("deck.yaml")
    [net] = undrawn_findings(at, said)
    assert net.location == at and "printed 鶴 (U+9DB4) as ?" in net.message
    canvas, buffer = new_canvas("cjk")
    canvas.setFont(REGULAR, 12)
    canvas.drawString(20, 700, f"{CJK} card")
    finish(canvas, buffer)
    assert undrawn_findings(at, said) == []
    canvas, buffer = new_canvas("cjk")
    canvas.setFont(REGULAR, 12)
    canvas.drawString(20, 700, f"{CJK} card")
    finish(canvas, buffer)
    [again] = undrawn_findings(at)  # (its finding not reported: said at the file printed)
    assert "城 (U+57CE), 堡 (U+5821)" in again.message


def test_a_build_warns_of_text_no_check_read(tmp_path: Path) -> None:
    """The last guard: a text drawn with "?" that no finding named is a warning at the
    file the build prints."""

    def drawn() -> bytes:
        canvas, buffer = new_canvas("net")
        canvas.setFont(ITALIC, 12)
        canvas.drawString(20, 700, "Unchecked 龍")
        return finish(canvas, buffer)

    builder = KitBuilder(BuildOptions(out=str(tmp_path / "out")), None)
    builder.source = str(tmp_path / "kit.yaml")
    builder.write("scratch", "net.pdf", drawn)
    result = builder.write_planned()
    assert [(f.code, f.severity, str(f.location)) for f in result.findings] == [
        ("text-not-drawable", "warning", f"{tmp_path / 'kit.yaml'}:1:1")
    ]
    assert "'Unchecked 龍' printed 龍 (U+9F8D) as ?" in result.findings[0].message
    assert_printed(tmp_path / "out" / "scratch" / "net.pdf", "Unchecked ?")


# --- Kits of every kind of game ------------------------------------------------------------


def copy_game(tmp_path: Path, game: str, name: str, components: str) -> Path:
    """A copy of a shipped game's folder whose kit is called `name`, printing
    `components`, with a short rules file titled in Greek."""
    source = data_dir() / game if game != "emberwake" else data_dir() / "examples" / game
    folder = tmp_path / game
    shutil.copytree(source, folder, ignore=shutil.ignore_patterns("examples"))
    kit = folder / "kit.yaml"
    lines = [
        line
        for line in kit.read_text(encoding="utf-8").splitlines()
        if not line.startswith(("name:", "components:", "rules:", "file_prefix:"))
    ]
    lines += [f'name: "{name}"', f"components: {components}", "rules: short-rules.yaml"]
    kit.write_text("\n".join(lines) + "\n", encoding="utf-8")
    write(
        folder,
        "short-rules.yaml",
        f"game: {game}\nkind: rules\ntitle: {GREEK}\nsubtitle: {VIETNAMESE}\n"
        "sections:\n"
        f"  - title: {CYRILLIC}\n"
        "    blocks:\n"
        f"      - text: 'For {{{{ players_min }}}} players: {POLISH}.'\n"
        f"      - tip: {GREEK}\n",
    )
    return folder


def built(tmp_path: Path, target: Path) -> Iterator[Path]:
    result = build([str(target)], BuildOptions(out=str(tmp_path / "out")))
    assert result.ok, [str(f) for f in result.findings]
    assert not [f for f in result.findings if f.code == "text-not-drawable"]
    yield from (Path(p) for p in result.written)


@pytest.mark.parametrize(
    ("game", "components", "labelled"),
    [
        ("scratch", "[mat, cards, rules]", ("mat", "cards")),  # the box on every label
        ("galliard", "[mat, rules]", ("mat",)),
        ("shapeup", "[score-sheets, rules]", ("score-sheets",)),
        ("emberwake", "[cards, rules]", ()),  # its sheets carry the game's title
    ],
)
def test_a_polish_kit_name_prints_on_labels_covers_and_footers(
    tmp_path: Path, game: str, components: str, labelled: tuple[str, ...]
) -> None:
    folder = copy_game(tmp_path, game, POLISH, components)
    assert check_file(str(folder / "kit.yaml")).findings == []
    written = list(built(tmp_path, folder / "kit.yaml"))
    assert any(p.name.endswith("-rules.pdf") for p in written)
    for path in written:
        if path.suffix != ".pdf":
            continue
        if path.name.endswith(("-rules.pdf", "-rules-booklet.pdf")):
            # The cover, every page's footer, the headings, body and call-outs.
            assert_printed(path, GREEK, VIETNAMESE, CYRILLIC, POLISH)
        elif any(path.name.endswith(f"-{part}.pdf") for part in labelled):
            assert_printed(path, POLISH)
        else:
            assert_printed(path)


def test_a_greek_kit_and_a_scratch_card_file_of_every_script(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "scratch", GREEK, "[cards]")
    write(
        folder,
        "mine.yaml",
        "game: scratch\nkind: cards\n"
        f"factions: [{{id: storks, name: {GREEK}, colour: '#336699', tendency: top}}]\n"
        f"powers: [{{id: wings, name: Skrzydła, text: '{CYRILLIC}: {VIETNAMESE}.'}}]\n"
        f"rarities: [{{id: odd, name: Ďáblice, budget: 15}}]\n"
        "cards:\n"
        f"  - {{name: {POLISH}, faction: storks, rarity: odd, power: wings,\n"
        "     stats: {top: 6, right: 3, bottom: 3, left: 3}}\n",
    )
    kit = folder / "kit.yaml"
    kit.write_text(kit.read_text(encoding="utf-8") + "card_files: [mine.yaml]\n", "utf-8")
    assert [f.code for f in check_file(str(kit)).findings] == []
    [cards] = built(tmp_path, kit)
    # The label, the card's name, faction (in capitals too), rarity, power and text.
    assert_printed(cards, GREEK, POLISH, "ΠΕΛΑΡΓΌΣ", "Skrzydła", CYRILLIC, VIETNAMESE)
    assert_printed(cards, "ĎÁBLICE")


# --- What no font has: check and build say the same ----------------------------------------


def places(findings: list[Finding]) -> set[tuple[str, str, int, int]]:
    return {
        (f.code, f.location.path, f.location.line, f.location.column)
        for f in findings
        if f.location is not None and f.code == "text-not-drawable"
    }


@pytest.mark.parametrize("game", ["scratch", "staircase", "emberwake"])
def test_check_and_build_agree_on_text_no_font_has(tmp_path: Path, game: str) -> None:
    folder = copy_game(tmp_path, game, f"{POLISH} {CJK}", "[cards, rules]")
    rules = folder / "short-rules.yaml"
    rules.write_text(
        rules.read_text(encoding="utf-8").replace(f"tip: {GREEK}", f"tip: {GREEK} 鶴"), "utf-8"
    )
    kit = folder / "kit.yaml"
    if game == "staircase":  # (its kit prints no cards of its own)
        kit.write_text(kit.read_text(encoding="utf-8").replace("[cards, ", "[action-cards, "))
    name_line = kit.read_text("utf-8").split("\n").index(f'name: "{POLISH} {CJK}"') + 1
    want = {
        ("text-not-drawable", str(kit), name_line, 7),
        ("text-not-drawable", str(rules), 9, 14),
    }
    checked = check_file(str(kit)).findings
    assert places(checked) == want, [str(f) for f in checked]
    assert all(f.severity == "warning" for f in checked if f.code == "text-not-drawable")
    messages = " ".join(f.message for f in checked)
    assert "prints 城 (U+57CE), 堡 (U+5821) as ?" in messages
    assert "prints 鶴 (U+9DB4) as ?" in messages
    # The build says the same, once each, and prints them as ?, never as boxes.
    result = build([str(kit)], BuildOptions(out=str(tmp_path / "out")))
    assert result.ok and places(result.findings) == want
    assert len([f for f in result.findings if f.code == "text-not-drawable"]) == 2
    booklet = next(Path(p) for p in result.written if p.endswith("-rules.pdf"))
    assert_printed(booklet, f"{GREEK} ?", GREEK, VIETNAMESE)
    for path in result.written:
        if path.endswith(".pdf"):
            assert_printed(Path(path))


def test_a_card_name_no_font_has_is_found_by_the_card_files_check(tmp_path: Path) -> None:
    cards = write(
        tmp_path,
        "cards.yaml",
        "game: scratch\nkind: cards\ncards:\n"
        "  - name: Bog 魔女\n    faction: kingdom\n    rarity: common\n"
        "    stats: {top: 3, right: 5, bottom: 6, left: 5}\n",
    )
    assert places(check_file(cards).findings) == {("text-not-drawable", cards, 4, 11)}
    result = build([cards], BuildOptions(out=str(tmp_path / "out")))
    assert places(result.findings) == {("text-not-drawable", cards, 4, 11)}
    [pdf] = result.written
    assert_printed(Path(pdf), "Bog ??")


def test_rules_text_is_checked_as_the_booklet_prints_it(tmp_path: Path) -> None:
    """Templates filled (a computed one run), figures' arguments, title and subtitle:
    each at its place."""
    rules = write(
        tmp_path,
        "house-rules.yaml",
        "game: staircase\nkind: rules\n"
        f"title: {GREEK} 城\n"  # line 3
        "sections:\n"
        "  - title: One\n"
        "    blocks:\n"
        "      - text: '{% if players_min > 1 %}鶴 {{ players_min }}{% endif %}'\n"  # line 7
        f"      - text: '{POLISH} {{{{ players_max }}}}'\n"
        "      - figure: staircase\n"
        "        caption: A staircase\n"
        "        args: {cards: [5H, 6S, 7D], total: 60, name: Bo 亀}\n",  # line 11
    )
    found = check_file(rules).findings
    assert places(found) == {
        ("text-not-drawable", rules, 3, 8),
        ("text-not-drawable", rules, 7, 15),
        ("text-not-drawable", rules, 11, 54),
    }, [str(f) for f in found]
    assert any("'鶴 2' prints 鶴 (U+9DB4) as ?" in f.message for f in found)
    result = build([rules], BuildOptions(out=str(tmp_path / "out")))
    assert result.ok and places(result.findings) == places(found)
    assert len([f for f in result.findings if f.code == "text-not-drawable"]) == 3
    reading = next(Path(p) for p in result.written if p.endswith("-rules.pdf"))
    assert_printed(reading, f"{GREEK} ?", "? 2", f"{POLISH} 5", "Bo ?")


def test_a_balance_report_draws_names_as_the_kits_do() -> None:
    """Per character, in the kit's fonts: Vera, DejaVu Sans for what Vera lacks, and ?
    for what no font has (named on stderr by `report_missing`)."""
    from kitgen.render.balance import report_missing, report_pdf
    from kitgen.rules.balance import BalanceReport, Forest

    report = BalanceReport(
        f"Balance report: {POLISH} 城", (f"{GREEK} facts",), ("verdict",), (Forest("empty", ()),)
    )
    pdf = report_pdf(report)
    assert_printed(pdf, f"Balance report: {POLISH} ?", f"{GREEK} facts")
    drawn = pieces(pdf)
    assert any("Balance report: Z" in p and "BitstreamVera" in f for p, f in drawn), drawn
    assert report_missing(report) == "城"
