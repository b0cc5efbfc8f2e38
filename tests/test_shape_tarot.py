"""A real tarot as a designer has it (issue 37, "Done when": the tarot shape): the 78
cards of the 1909 Rider-Waite-Smith deck, their list a JSON file as its repository keeps
it (an object holding the list, with keys no field reads) and a scan per card, built
with no converter at tarot size (70 x 120 mm). With one scan deleted, a real build stops
at the layout's line and a draft prints all 78 with a labelled placeholder.

The data and its licences: tests/fixtures/tarot/README.md."""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import checked, leftovers, line_of, run_in_process

from kitgen.entry import main

FIXTURE = Path(__file__).parent / "fixtures" / "tarot"
CARDS = json.loads((FIXTURE / "card_data.json").read_text(encoding="utf-8"))["cards"]
PDF = Path("rws-tarot") / "rider-waite-smith-tarot-cards.pdf"
MISSING = "ar13"  # Death's scan, deleted for the draft


def roman(number: int) -> str:
    """A major arcanum's numeral as the 1909 deck prints it (0 for the Fool)."""
    if number == 0:
        return "0"
    out = ""
    for value, letters in ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        count, number = divmod(number, value)
        out += letters * count
    return out


NUMERALS = ", ".join(f'{n}: "{roman(n)}"' for n in range(22))

GAME = """\
game: rws-tarot
kind: game
title: Rider-Waite-Smith Tarot
players: {min: 1, max: 2}
playing_time: 15 minutes
summary: The 78 cards of the 1909 Rider-Waite-Smith tarot, from their scans.
fields:
  name: {type: text, max_length: 40}
  type: {type: choice, values: [major, minor]}
  suit: {type: choice, values: [wands, cups, swords, pentacles], required: false}
  value_int: {type: integer, min: 0, max: 21}
  name_short: {type: text, max_length: 4}
cards: card_data.json
face: face.yaml
back: back.yaml
"""

KIT = """\
game: rws-tarot
kind: kit
name: Rider-Waite-Smith Tarot
components: [cards]
settings:
  paper: a4
  duplex: long
"""

FACE = f"""\
game: rws-tarot
kind: layout
size: tarot
bleed: 3mm
safe: 3mm
background: "#f3ead8"
elements:
  - type: image
    name: art
    src: "scans/{{{{ name_short }}}}.jpg"
    anchor: top
    y: 4mm
    width: 60mm
    height: 100mm
    fit: crop
  - type: text
    name: title
    text: "{{{{ name }}}}"
    anchor: bottom
    y: 4mm
    width: 62mm
    height: 9mm
    size: 12
    min_size: 8
    bold: true
    align: centre
    valign: middle
  - type: ellipse
    when: {{type: major}}
    anchor: top
    y: 6mm
    width: 12mm
    height: 12mm
    fill: "#1c2550"
  - type: text
    name: numeral
    when: {{type: major}}
    text: {{value_int: {{{NUMERALS}}}}}
    anchor: top
    y: 6mm
    width: 12mm
    height: 12mm
    size: 10
    min_size: 6
    bold: true
    colour: "#ffffff"
    align: centre
    valign: middle
"""

BACK = """\
game: rws-tarot
kind: layout
background: "#1c2550"
elements:
  - type: rect
    anchor: centre
    width: 86%
    height: 92%
    radius: 3mm
    stroke: "#d4af37"
    stroke_width: 1pt
"""


def make_game(folder: Path, *, missing: str = "") -> Path:
    """The designed game in `folder`: its own files, the fixture's JSON list as it is and
    a copy of its scans (less `missing`'s)."""
    game = folder / "rws"
    game.mkdir(parents=True)
    for name, text in (("game.yaml", GAME), ("kit.yaml", KIT), ("face.yaml", FACE)):
        (game / name).write_text(text, encoding="utf-8")
    (game / "back.yaml").write_text(BACK, encoding="utf-8")
    shutil.copy(FIXTURE / "card_data.json", game / "card_data.json")
    shutil.copytree(FIXTURE / "scans", game / "scans")
    if missing:
        (game / "scans" / f"{missing}.jpg").unlink()
    return game


@dataclass(frozen=True)
class Run:
    game: Path
    out: Path
    status: int
    stdout: str
    stderr: str


def build(game: Path, out: Path, *args: str) -> Run:
    status, stdout, stderr = run_in_process(main, "build", str(game), "-o", str(out), *args)
    return Run(game, out, status, stdout, stderr)


@pytest.fixture(scope="module")
def real(tmp_path_factory: pytest.TempPathFactory) -> Run:
    """The game with every scan, built once."""
    tmp = tmp_path_factory.mktemp("tarot-real")
    return build(make_game(tmp), tmp / "out")


@pytest.fixture(scope="module")
def draft(tmp_path_factory: pytest.TempPathFactory) -> Run:
    """The game without Death's scan, built once with `--draft`."""
    tmp = tmp_path_factory.mktemp("tarot-draft")
    return build(make_game(tmp, missing=MISSING), tmp / "out", "--draft")


def codes(stderr: str) -> list[tuple[str, str]]:
    """(severity, code) of each finding line kitgen printed."""
    return re.findall(r": (error|warning) ([a-z-]+) ", stderr)


def fronts(pdf: Path) -> list[tuple[str, int]]:
    """Each front sheet's text and how many images it draws (duplex: long, so every
    other page is a sheet of backs)."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(str(pdf))
    try:
        pages = [document[i] for i in range(0, len(document), 2)]
        return [
            (
                page.get_textpage().get_text_range(),
                sum(
                    obj.type == pdfium.raw.FPDF_PAGEOBJ_IMAGE
                    for obj in page.get_objects(max_depth=4)
                ),
            )
            for page in pages
        ]
    finally:
        document.close()


def names_and_numerals(text: str) -> None:
    """Every card's name is on a front, each major arcanum's followed by its numeral,
    and the fronts hold the 22 numerals in the list's order: no minor arcanum has one.
    (pdfium joins two names on one row with a space.)"""
    majors = [card for card in CARDS if card["type"] == "major"]
    assert len(majors) == 22 and len(CARDS) == 78
    for card in CARDS:
        assert card["name"] in text, card["name"]
    for card in majors:
        assert f"{card['name']}\r\n{roman(card['value_int'])}\r\n" in text, card["name"]
    numerals = re.findall(r"^(?:0|[IVX]+)\r?$", text, re.M)
    assert [n.rstrip("\r") for n in numerals] == [roman(card["value_int"]) for card in majors]


def test_the_list_and_scans_check_clean(tmp_path: Path) -> None:
    """No error; the one warning is the fixture's small scans (120 px wide: 51 dpi at
    60 mm), once a card at the image element's line."""
    game = make_game(tmp_path)
    status, found = checked(game)
    assert status == 0
    assert [f[:3] for f in found] == [("image-low-resolution", "warning", "face.yaml")]
    assert found[0][3] == line_of(game / "face.yaml", "src: ")


def scan_dpi(name_short: str) -> float:
    """The dpi a fixture scan prints at cropped to the 60 x 100 mm art box: scaled to
    cover it, each pixel is the larger of the box's sides over the scan's."""
    from PIL import Image

    with Image.open(FIXTURE / "scans" / f"{name_short}.jpg") as scan:
        width, height = scan.size
    points_per_px = max(60 / 25.4 * 72 / width, 100 / 25.4 * 72 / height)
    return 72 / points_per_px


def test_the_small_scans_are_one_warning_for_the_art_element(tmp_path: Path, real: Run) -> None:
    """78 small scans are one warning at the image element, not one a card: its first
    card and scan, how many, the lowest dpi, and the pixels the 60 x 100 mm box needs
    at 150 dpi (60 mm is 354.3 px, 100 mm 590.6 px); `check` and `build` alike."""
    game = make_game(tmp_path)
    status, out, _err = run_in_process(main, "check", "--format", "json", str(game))
    assert status == 0
    # (The game's check and the kit's, which draws the cards at the kit's size, each
    # give it: the JSON lists it under both files.)
    found = {
        (f["code"], Path(f["path"]).name, f["message"])
        for entry in json.loads(out)["files"]
        for f in entry["findings"]
    }
    first = CARDS[0]
    lowest = min(scan_dpi(card["name_short"]) for card in CARDS)
    message = (
        f"card {first['name']!r} (and 77 more): in 'art', 78 images print below 150 dpi: "
        f"the first, 'scans/{first['name_short']}.jpg', at "
        f"{scan_dpi(first['name_short']):.0f} dpi, the lowest at {lowest:.0f} dpi; at 150 "
        "dpi or more they print sharp: 355 x 591 px or more for the element's 60 x 100 mm"
    )
    assert found == {("image-low-resolution", "face.yaml", message)}
    line = line_of(game / "face.yaml", "src: ")
    warned = [row for row in real.stderr.splitlines() if "image-low-resolution" in row]
    assert warned == [
        f"{real.game / 'face.yaml'}:{line}:10: warning image-low-resolution {message}"
    ]


def test_a_build_prints_78_cards_on_tarot_sheets(real: Run) -> None:
    import pypdfium2 as pdfium

    assert real.status == 0, real.stderr
    assert real.stdout.splitlines() == [str(real.out / PDF)]
    assert set(codes(real.stderr)) == {("warning", "image-low-resolution")}
    metadata = pdfium.PdfDocument(str(real.out / PDF)).get_metadata_dict()
    assert metadata["Title"] == "Rider-Waite-Smith Tarot"
    assert "A4 · tarot 70x120 mm" in metadata["Subject"]
    sheets = fronts(real.out / PDF)
    # Four tarot cards a sheet of A4, each its scan: 19 full sheets and 2 cards over.
    assert [images for _, images in sheets] == [4] * 19 + [2]
    text = "\n".join(page for page, _ in sheets)
    names_and_numerals(text)
    assert "MISSING ART" not in text
    assert all("DRAFT" not in page for page, _ in sheets)


def test_the_scans_are_drawn(real: Run) -> None:
    """Rasterized, the first sheet holds the scans' colours, not a blank art box."""
    import pypdfium2 as pdfium

    page = pdfium.PdfDocument(str(real.out / PDF))[0]
    image = page.render(scale=1).to_pil().convert("RGB")
    colours = image.getcolors(image.width * image.height) or []
    assert len(colours) > 5000
    # The Magician's red robe, from the scan (the layout draws no red).
    assert any(r > 150 and g < 80 and b < 80 for _, (r, g, b) in colours)


def test_a_real_build_stops_at_the_missing_scan(tmp_path: Path) -> None:
    game = make_game(tmp_path, missing=MISSING)
    out = tmp_path / "out"
    run = build(game, out)
    assert run.status == 1 and run.stdout == ""
    line = line_of(game / "face.yaml", "src: ")
    assert (
        f"face.yaml:{line}:10: error uses-not-found card 'Death': image 'scans/{MISSING}.jpg'"
        " does not exist"
    ) in run.stderr
    assert "placeholder" not in run.stderr
    assert not out.exists() or not any(out.rglob("*"))


def test_a_draft_prints_all_78_with_a_labelled_placeholder(draft: Run) -> None:
    import pypdfium2 as pdfium

    assert draft.status == 0, draft.stderr
    assert draft.stdout.splitlines() == [str(draft.out / PDF)]
    assert set(codes(draft.stderr)) == {
        ("warning", "image-low-resolution"),
        ("warning", "image-placeholder"),
    }
    line = line_of(draft.game / "face.yaml", "src: ")
    placeholders = [line for line in draft.stderr.splitlines() if "image-placeholder" in line]
    assert len(placeholders) == 1
    assert placeholders[0].startswith(
        f"{draft.game / 'face.yaml'}:{line}:10: warning image-placeholder card 'Death': "
        f"image 'scans/{MISSING}.jpg' does not exist"
    )
    sheets = fronts(draft.out / PDF)
    # Every card printed; Death's art box holds the placeholder, not an image.
    assert [images for _, images in sheets] == [4, 4, 4, 3] + [4] * 15 + [2]
    text = "\n".join(page for page, _ in sheets)
    names_and_numerals(text)
    assert text.count("MISSING ART") == 1
    assert f"MISSING ART\r\n'art'\r\nscans/{MISSING}.jpg\r\nDeath\r\nXIII" in sheets[3][0]
    assert all("DRAFT · Rider-Waite-Smith Tarot · sheet" in page for page, _ in sheets)
    title = pdfium.PdfDocument(str(draft.out / PDF)).get_metadata_dict()["Title"]
    assert title == "DRAFT · Rider-Waite-Smith Tarot"
    assert leftovers(draft.out) == []


def test_an_export_for_makeplayingcards_tarot(tmp_path: Path) -> None:
    """MakePlayingCards' tarot: 898 x 1488 px a card, 78 faces and the back."""
    from PIL import Image

    game = make_game(tmp_path)
    out = tmp_path / "out"
    status, stdout, stderr = run_in_process(
        main, "export", "png", str(game / "kit.yaml"), "--profile", "mpc", "-o", str(out)
    )
    assert status == 0, stderr
    assert "78 cards as MakePlayingCards images (898 x 1488 px" in stderr
    folder = out / "rws-tarot" / "mpc" / "rider-waite-smith-tarot-cards"
    faces = sorted(p for p in folder.glob("*.png") if p.name != "back.png")
    assert [p.name for p in faces][:2] == ["001-the-magician.png", "002-the-high-priestess.png"]
    assert len(faces) == 78 and (folder / "back.png").is_file()
    assert stdout.splitlines() == [str(p) for p in sorted(folder.glob("*.png"))]
    for path in faces:
        with Image.open(path) as image:
            assert image.size == (898, 1488)
