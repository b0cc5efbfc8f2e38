"""Building PDFs: structure, fonts, reproducibility, drawing, options and findings."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from conftest import SharedBuild, kit_without_booklets, write
from pypdf import PdfReader
from typer.testing import CliRunner

from kitgen.build import BuildOptions, build
from kitgen.cli import app
from kitgen.games.scratch.load import official
from kitgen.layout.units import MM

runner = CliRunner()
A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)
CUSTOM_CARDS = """game: scratch
kind: cards
cards:
  - name: Bog Witch
    faction: kingdom
    rarity: common
    stats: {top: 3, right: 5, bottom: 6, left: 5}
  - name: Cave Bat
    faction: monster
    rarity: common
    stats: {top: 6, right: 4, bottom: 4, left: 4}
    power: Insult to injury!
"""
DECK = """game: scratch
kind: deck
name: Bats and Witches
uses: [cards.yaml]
cards:
  Bog Witch: 3
  Cave Bat: 2
  Griffin: 1
  Owlbear: 1
  Wyvern: 1
  Gargoyle: 1
  Giant: 1
"""


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout, result.stderr


def official_names() -> list[str]:
    return sorted({c.name for c in official().pool.cards.values()})


@pytest.fixture(scope="module")
def kit_a4(built_all: SharedBuild) -> Path:
    """The Scratch kit on A4: the run's shared `kitgen build all`'s (tests only read it)."""
    assert built_all.status == 0, built_all.stderr
    written = [Path(line) for line in built_all.stdout.splitlines()]
    assert [p.name for p in written if p.parent.name == "scratch"] == [
        "scratch-cards.pdf",
        "scratch-mat.pdf",
        "scratch-rules.pdf",
        "scratch-rules-booklet.pdf",
        "scratch-reference.pdf",
    ]
    return built_all.out / "scratch"


def text_of(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(str(path)).pages)


def test_scratch_kit_files_and_page_sizes(kit_a4: Path) -> None:
    cards = PdfReader(str(kit_a4 / "scratch-cards.pdf"))
    # 21 cards + 2 extra copies of 4 commons + 2 reference cards = 31: 4 sheets of 8 (a
    # landscape A4 grid with 3 mm bleed), each a front and a back page. The landscape grid
    # is drawn turned on portrait pages, so every card-sheet page is A4 portrait.
    assert len(cards.pages) == 8
    for page in cards.pages:
        size = (float(page.mediabox.width), float(page.mediabox.height))
        assert size == pytest.approx(A4, abs=0.01)
    mat = PdfReader(str(kit_a4 / "scratch-mat.pdf"))
    assert len(mat.pages) == 1
    assert (float(mat.pages[0].mediabox.width), float(mat.pages[0].mediabox.height)) == (
        pytest.approx(A4[0], abs=0.01),
        pytest.approx(A4[1], abs=0.01),
    )


def test_every_card_name_and_the_reference_cards_are_in_the_text(kit_a4: Path) -> None:
    text = " ".join(text_of(kit_a4 / "scratch-cards.pdf").split())
    for name in official_names():
        if name.startswith("Mysterious"):  # set on two lines
            assert "Mysterious Stranger in" in text and "the Corner of the Bar" in text
        else:
            assert name in text, name
    assert "Decks and turns" in text and "Capturing and winning" in text
    assert "10 cards, at least 5 of them commons." in text  # parameters filled in
    assert "Print at 100%" in text


def fonts_of(path: Path) -> list[tuple[str, bool]]:
    out = []
    for page in PdfReader(str(path)).pages:
        resources = page["/Resources"]
        fonts = resources.get("/Font", {})
        objects = [fonts[k].get_object() for k in fonts]
        xobjects = resources.get("/XObject")
        xobjects = {} if xobjects is None else xobjects.get_object()
        for key in xobjects:
            ref = xobjects.raw_get(key)
            form = ref.get_object()
            inner = form.get("/Resources", {}).get("/Font", {})
            objects += [inner[k].get_object() for k in inner]
        for font in objects:
            descendants = font.get("/DescendantFonts")
            target = descendants[0].get_object() if descendants else font
            descriptor = target.get("/FontDescriptor")
            embedded = descriptor is not None and any(
                k in descriptor.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3")
            )
            out.append((str(font["/BaseFont"]), embedded))
    return out


@pytest.mark.parametrize("name", ["scratch-cards.pdf", "scratch-mat.pdf"])
def test_every_font_is_embedded(kit_a4: Path, name: str) -> None:
    fonts = fonts_of(kit_a4 / name)
    assert fonts, "the document uses fonts"
    assert all(embedded for _, embedded in fonts), fonts
    standard = {"/Helvetica", "/Times-Roman", "/Courier", "/Symbol", "/ZapfDingbats"}
    assert not standard & {base for base, _ in fonts}


def test_builds_are_byte_identical(tmp_path: Path, kit_a4: Path) -> None:
    # (in this process, from a copy of the kit file without the booklets)
    assert build([kit_without_booklets(tmp_path, "scratch")], BuildOptions(out=str(tmp_path))).ok
    for name in ("scratch-cards.pdf", "scratch-mat.pdf"):
        assert (tmp_path / "scratch" / name).read_bytes() == (kit_a4 / name).read_bytes()


def render(path: Path, index: int, scale: float = 1.0) -> tuple[int, int, bytes]:
    page = pdfium.PdfDocument(str(path))[index]
    image = page.render(scale=scale, grayscale=True).to_pil().convert("L")
    return image.width, image.height, image.tobytes()


def test_a_card_face_is_drawn(kit_a4: Path) -> None:
    # A landscape A4 grid, 4x2 cards of 63x88 mm with 3 mm bleed, centred: the first card's
    # trim box starts at x = (297 - 4*69)/2 + 3 = 13.5 mm, from the top y = (210 - 2*94)/2
    # + 3 = 14 mm. The grid is drawn on portrait A4 turned a quarter turn anticlockwise (the
    # grid's top edge up the page's left edge), so that card lies 14 mm from the page's left
    # edge and 13.5 mm from its bottom (297 - 13.5 - 63 = 220.5 mm from its top), 88 mm
    # across and 63 mm high.
    width, _, pixels = render(kit_a4 / "scratch-cards.pdf", 0, scale=1.0)
    x0 = round(14 * MM)
    y0 = round(220.5 * MM)
    box = [
        pixels[y * width + x]
        for y in range(y0 + 10, y0 + round(63 * MM) - 10)
        for x in range(x0 + 10, x0 + round(88 * MM) - 10)
    ]
    dark = sum(1 for v in box if v < 128)
    light = sum(1 for v in box if v > 200)
    assert dark > 0.03 * len(box), "the face has ink: values, name, text"
    assert light > 0.3 * len(box), "and a light panel to read it on"
    # Outside every card, in the margin, the page stays white.
    corner = [pixels[y * width + x] for y in range(3) for x in range(3)]
    assert min(corner) > 250


def test_identical_backs_and_copies_are_drawn_once(kit_a4: Path) -> None:
    reader = PdfReader(str(kit_a4 / "scratch-cards.pdf"))
    card_forms: set[int] = set()
    grounds: set[int] = set()
    placed = ground_placed = 0
    ground_width = 63 * MM + 2 * 3 * MM  # a poker card and its bleed

    def walk(stream: Any, resources: Any) -> None:
        """Count what a page draws, through the forms that hold other forms (a sheet of
        backs, the crop marks), but not into a card's own form."""
        nonlocal placed, ground_placed
        xobjects = resources.get("/XObject")
        xobjects = {} if xobjects is None else xobjects.get_object()
        for name in re.findall(rb"/(\S+) Do", stream.get_data()):
            key = "/" + name.decode()
            ref = xobjects.raw_get(key)
            form = ref.get_object()
            box = [float(v) for v in form["/BBox"]]
            if key.startswith(("/FormXob.f-", "/FormXob.b-")):
                card_forms.add(ref.idnum)
                placed += 1
            elif abs(box[2] - box[0] - ground_width) < 0.01:
                grounds.add(ref.idnum)
                ground_placed += 1
            else:
                walk(form, form["/Resources"].get_object())

    for page in reader.pages:
        walk(page.get_contents(), page["/Resources"])
    commons = 4  # Worg, Goblin, Drake, Captain of the Guard: three copies each
    cards = len(official_names()) + 2 * commons + 2  # with the two reference cards
    # One form per repeated face, one for the cards' back and one for the reference
    # cards' own back (two of them); single faces are drawn in place.
    assert len(card_forms) == commons + 2
    assert placed == 3 * commons + cards  # each copy of a common, and every back
    # What every card of a faction and rarity shares (ground, panel, emblem, band,
    # value discs) is one form too, drawn by each single face (a repeated face's form
    # draws it inside).
    singles = len(official_names()) - commons
    assert ground_placed == singles
    assert 2 <= len(grounds) <= 12  # at most four factions by three rarities


def test_letter_kit(tmp_path: Path) -> None:
    kit = kit_without_booklets(tmp_path, "scratch")
    result = build([kit], BuildOptions(out=str(tmp_path), paper="letter"))
    assert result.ok
    cards = PdfReader(str(tmp_path / "scratch" / "scratch-cards.pdf"))
    # Letter takes 6 poker cards with 3 mm bleed: 31 cards on 6 sheets.
    assert len(cards.pages) == 12
    first = cards.pages[0]
    assert {round(float(first.mediabox.width)), round(float(first.mediabox.height))} == {612, 792}
    mat = PdfReader(str(tmp_path / "scratch" / "scratch-mat.pdf"))
    assert len(mat.pages) == 2  # the 3x3 poker mat is taller than Letter: tiled


def test_deck_build_has_its_ten_cards_with_custom_cards(tmp_path: Path) -> None:
    write(tmp_path, "cards.yaml", CUSTOM_CARDS)
    deck = write(tmp_path, "deck.yaml", DECK)
    code, out, err = run("build", deck, "--out", str(tmp_path / "out"), "--duplex", "none")
    assert code == 0, err
    [path] = out.splitlines()
    assert path.endswith("scratch/scratch-bats-and-witches-deck.pdf")
    pdf = PdfReader(path)
    assert len(pdf.pages) == 2  # 10 cards, 8 a sheet, fronts only
    text = text_of(Path(path))
    assert text.count("Bog Witch") == 3 and text.count("Cave Bat") == 2
    assert "Griffin" in text


def test_cards_file_build(tmp_path: Path) -> None:
    path = write(tmp_path, "cards.yaml", CUSTOM_CARDS)
    code, out, err = run("build", path, "--out", str(tmp_path / "out"), "--extra-commons", "1")
    assert code == 0, err
    text = text_of(Path(out.strip()))
    assert text.count("Bog Witch") == 2 and text.count("Cave Bat") == 2


def test_fold_and_glue(tmp_path: Path) -> None:
    kit = kit_without_booklets(tmp_path, "scratch")
    result = build([kit], BuildOptions(out=str(tmp_path), duplex="fold"))
    assert result.ok
    pdf = PdfReader(str(tmp_path / "scratch" / "scratch-cards.pdf"))
    assert len(pdf.pages) == 8  # 31 cards, 4 a sheet, front and back on the same side
    assert "fold" in pdf.pages[0].extract_text()


def first_dark_column(path: Path, index: int, row_mm: float) -> int:
    width, _, pixels = render(path, index)
    row = round(row_mm * MM)
    return next(x for x in range(width) if pixels[row * width + x] < 100)


def test_back_offset_moves_only_the_backs(tmp_path: Path, kit_a4: Path) -> None:
    kit = kit_without_booklets(tmp_path, "scratch")
    moved = build([kit], BuildOptions(out=str(tmp_path / "b"), back_offset="2,0"))
    assert moved.ok
    a = kit_a4 / "scratch-cards.pdf"
    b = tmp_path / "b" / "scratch" / "scratch-cards.pdf"
    assert first_dark_column(a, 0, 100) == first_dark_column(b, 0, 100)  # fronts stay
    shift = first_dark_column(b, 1, 100) - first_dark_column(a, 1, 100)
    assert abs(shift - 2 * MM) <= 1.5  # backs move 2 mm to the right


def test_low_ink_uses_much_less_ink(tmp_path: Path, kit_a4: Path) -> None:
    low = build(
        [kit_without_booklets(tmp_path, "scratch")], BuildOptions(out=str(tmp_path), ink="low")
    )
    assert low.ok

    def coverage(path: Path) -> float:
        _, _, pixels = render(path, 0, scale=0.5)
        return sum(255 - v for v in pixels) / (255 * len(pixels))

    assert coverage(tmp_path / "scratch" / "scratch-cards.pdf") < 0.4 * coverage(
        kit_a4 / "scratch-cards.pdf"
    )


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--paper", "foo"], "foo"),
        (["--bleed", "-1mm"], "negative"),
        (["--bleed", "3"], "unit"),
        (["--card-size", "300x400mm"], "does not fit"),
        (["--duplex", "sideways"], "--duplex"),
        (["--ink", "neon"], "--ink"),
        (["--back-offset", "1;2"], "offset"),
        (["--extra-commons", "-1"], "extra-commons"),
    ],
)
def test_bad_options_give_one_line_errors(tmp_path: Path, args: list[str], words: str) -> None:
    code, out, err = run("build", "scratch", "--out", str(tmp_path), *args)
    assert code == 2
    assert out == ""
    assert words.lower() in err.lower()
    assert "Traceback" not in err
    if args[0] != "--extra-commons":  # checked by kitgen itself, not by the option parser
        assert len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "scratch").exists()


def test_text_the_font_cannot_draw_is_a_finding(tmp_path: Path) -> None:
    """ő prints (DejaVu Sans draws what Vera lacks); 魔 no font has: it prints as ?, and
    the check and the build say so at the card's name."""
    path = write(tmp_path, "cards.yaml", CUSTOM_CARDS.replace("Bog Witch", "Bőg 魔 Witch"))
    code, out, err = run("check", path)
    assert code == 0 and "text-not-drawable" in out + err and f"{path}:4:" in out + err
    code, out, err = run("build", path, "--out", str(tmp_path / "out"))
    assert code == 0
    [pdf] = out.splitlines()
    assert "warning text-not-drawable" in err and "魔 (U+9B54) as ?" in err and f"{path}:4:" in err
    text = PdfReader(pdf).pages[0].extract_text()
    assert "Bőg ? Witch" in text and "\x00" not in text


def test_text_that_cannot_fit_is_a_finding(tmp_path: Path) -> None:
    long_power = (
        """powers:
  - id: ramble
    name: Ramble!
    text: >-
      """
        + " ".join(["This power goes on and on about very many things."] * 12)
        + "\n"
    )
    text = CUSTOM_CARDS.replace("cards:\n", long_power + "cards:\n", 1).replace(
        "power: Insult to injury!", "power: Ramble!"
    )
    path = write(tmp_path, "cards.yaml", text)
    code, _, err = run("build", path, "--out", str(tmp_path / "out"))
    assert code == 1
    assert "text-overflow" in err and "Cave Bat" in err
    assert not (tmp_path / "out").exists()


def test_unwritable_output_folder(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    code, out, err = run("build", "scratch", "--out", str(blocker))
    assert code == 1 and out == ""
    assert "cannot write" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_pdf_is_reproducible_in_memory() -> None:
    from kitgen.build import resolve_setup
    from kitgen.games.scratch.cards import faces_of
    from kitgen.games.scratch.kit import cards_pdf
    from kitgen.model.kit import PrintSettings

    pool = official().pool
    faces = faces_of([c for c in pool.cards.values()][:3], pool)
    setup = resolve_setup(PrintSettings())
    first, _ = cards_pdf("t", list(faces), setup)
    second, _ = cards_pdf("t", list(faces), setup)
    assert first == second and first.startswith(b"%PDF")
    assert len(PdfReader(io.BytesIO(first)).pages) == 2


def test_atomic_write_leaves_nothing_half_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from kitgen import atomic

    target = tmp_path / "kit.pdf"
    target.write_bytes(b"the last good build")

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic.os, "replace", broken_replace)
    with pytest.raises(OSError):
        atomic.write_atomic(str(target), b"%PDF-new")
    assert target.read_bytes() == b"the last good build"
    assert [p.name for p in tmp_path.iterdir()] == ["kit.pdf"]  # no temporary file left


def test_progress_bar_reports_pages(capsys: pytest.CaptureFixture[str]) -> None:
    from kitgen.cli.common import Progress as _Progress

    bar = _Progress()
    for page in range(1, 11):
        bar(page, 10)
    bar.close()
    err = capsys.readouterr().err
    assert "page 10/10" in err and err.endswith("\n")
    quiet = _Progress()
    quiet(1, 2)  # short builds show no bar
    quiet.close()
    assert capsys.readouterr().err == ""


def test_kit_file_prints_its_decks_and_card_files(tmp_path: Path) -> None:
    write(tmp_path, "cards.yaml", CUSTOM_CARDS)
    write(tmp_path, "deck.yaml", DECK)
    kit = write(
        tmp_path,
        "party.yaml",
        """game: scratch
kind: kit
name: Party kit
components: [cards]
settings: {paper: letter, bleed: 0, duplex: none}
card_files: [cards.yaml]
decks: [deck.yaml]
extra_commons: 0
""",
    )
    code, out, err = run("build", kit, "--out", str(tmp_path / "out"))
    assert code == 0, err
    [path] = out.splitlines()
    assert path.endswith("scratch/party-kit-cards.pdf")
    pdf = PdfReader(path)
    # 2 cards from the file + 10 from the deck, butted on Letter: 8 a sheet, fronts only.
    assert len(pdf.pages) == 2
    assert {
        round(float(pdf.pages[0].mediabox.width)),
        round(float(pdf.pages[0].mediabox.height)),
    } == {612, 792}
    assert text_of(Path(path)).count("Bog Witch") == 1 + 3


def test_kit_file_naming_a_broken_deck_builds_nothing(tmp_path: Path) -> None:
    write(tmp_path, "cards.yaml", CUSTOM_CARDS)
    write(tmp_path, "deck.yaml", DECK.replace("Griffin: 1", "Griffon: 1"))
    kit = write(
        tmp_path, "party.yaml", "game: scratch\nkind: kit\nname: Party\ndecks: [deck.yaml]\n"
    )
    code, out, err = run("build", kit, "--out", str(tmp_path / "out"))
    assert code == 1 and out == ""
    assert "unknown-card" in err and "deck.yaml:8:3" in err
    assert not (tmp_path / "out").exists()


def test_kit_naming_a_file_of_another_kind(tmp_path: Path) -> None:
    write(tmp_path, "game.yaml", "game: scratch\nkind: record\ndeal: {P1: [Worg], P2: [Worg]}\n")
    kit = write(
        tmp_path, "party.yaml", "game: scratch\nkind: kit\nname: Party\ndecks: [game.yaml]\n"
    )
    code, out, err = run("build", kit, "--out", str(tmp_path / "out"))
    assert code == 1 and out == ""
    assert "uses-wrong-kind" in err and "party.yaml:4" in err
    assert not (tmp_path / "out").exists()


WRONG_KIND_KITS = [
    # (kit file text, the files beside it, (line, column) of each uses-wrong-kind)
    ("game: scratch\nkind: kit\nname: K\nrules: deck.yaml\n", ["deck.yaml"], [(4, 8)]),
    ("game: scratch\nkind: kit\nname: K\nrules: kit.yaml\n", [], [(4, 8)]),
    ("game: scaffold\nkind: kit\nname: K\nrules: kit.yaml\n", [], [(4, 8)]),
    # Another game's rules file.
    ("game: galliard\nkind: kit\nname: K\nrules: s-rules.yaml\n", ["s-rules.yaml"], [(4, 8)]),
    ("game: scratch\nkind: kit\nname: K\nrules: s-rules.yaml\n", ["s-rules.yaml"], [(4, 8)]),
    # decks: a rules file, the kit itself, a record, another game's position; each is
    # located at its own entry.
    (
        "game: scratch\nkind: kit\nname: K\n"
        "decks: [rules.yaml, kit.yaml, record.yaml, position.yaml]\n",
        ["rules.yaml", "record.yaml", "position.yaml"],
        [(4, 9), (4, 21), (4, 31), (4, 44)],
    ),
    ("game: scratch\nkind: kit\nname: K\ncard_files:\n  - rules.yaml\n", ["rules.yaml"], [(5, 5)]),
]


@pytest.mark.parametrize(("text", "beside", "places"), WRONG_KIND_KITS)
def test_check_and_build_refuse_a_kit_naming_a_file_of_the_wrong_kind(
    tmp_path: Path, text: str, beside: list[str], places: list[tuple[int, int]]
) -> None:
    """Found by the attack of issue 20: `check` passed these kits and `build` failed on
    an assertion (an internal error). The check now reads what a kit names, and the
    build refuses the kit on the check's findings."""
    from kitgen.kit import check_file
    from kitgen.paths import data_dir

    files = {
        "deck.yaml": (data_dir() / "scratch" / "decks" / "monster-rush.yaml").read_text(),
        "rules.yaml": (data_dir() / "scratch" / "rules.yaml").read_text(),
        "s-rules.yaml": (data_dir() / "scaffold" / "rules.yaml").read_text(),
        "record.yaml": (data_dir() / "scratch" / "examples" / "game-one.yaml").read_text(),
        "position.yaml": (data_dir() / "galliard" / "examples" / "cabals.yaml").read_text(),
    }
    for name in beside:
        write(tmp_path, name, files[name])
    kit = write(tmp_path, "kit.yaml", text)
    report = check_file(kit)
    assert [
        (f.code, f.location.line, f.location.column) for f in report.findings if f.location
    ] == [("uses-wrong-kind", line, column) for line, column in places]
    assert not report.ok
    code, out, err = run("build", kit, "--out", str(tmp_path / "out"))
    assert code == 1 and out == "" and "internal error" not in err
    for line, column in places:
        assert f"kit.yaml:{line}:{column}: error uses-wrong-kind" in err
    assert not (tmp_path / "out").exists()


def test_check_of_a_kit_reports_its_rules_file_s_errors(tmp_path: Path) -> None:
    """What the build would refuse in the rules file a kit names, the kit's check says."""
    from kitgen.kit import check_file

    write(
        tmp_path,
        "rules.yaml",
        "game: scaffold\nkind: rules\ntitle: T\nsections:\n"
        "  - title: S\n    blocks:\n      - figure: no-such-figure\n",
    )
    kit = write(tmp_path, "kit.yaml", "game: scaffold\nkind: kit\nname: K\nrules: rules.yaml\n")
    report = check_file(kit)
    assert [(f.code, f.location.path, f.location.line) for f in report.findings if f.location] == [
        ("unknown-figure", str(tmp_path / "rules.yaml"), 7)
    ]
    code, out, err = run("build", kit, "--out", str(tmp_path / "out"))
    assert code == 1 and out == "" and "rules.yaml:7:" in err and "unknown-figure" in err


def test_a_staged_folder_replaces_the_old_one_whole_or_not_at_all(tmp_path: Path) -> None:
    from kitgen.atomic import staged_dir

    final = tmp_path / "cards"
    final.mkdir()
    (final / "old.png").write_bytes(b"old")
    with pytest.raises(RuntimeError), staged_dir(str(final)) as stage:
        Path(stage, "new.png").write_bytes(b"new")
        raise RuntimeError("interrupted")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards"]  # the stage is gone
    assert [p.name for p in final.iterdir()] == ["old.png"]
    with staged_dir(str(final)) as stage:
        Path(stage, "new.png").write_bytes(b"new")
    assert [p.name for p in final.iterdir()] == ["new.png"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards"]  # no old copy left


@pytest.mark.parametrize(
    ("text", "code", "stage"),
    [
        ("game: shapeup\nkind: kit\nname: X\ncomponents: []\n", "out-of-range", "check"),
        ("game: galliard\nkind: kit\nname: X\ncomponents: [rules]\n", "missing-key", "check"),
        ("game: scratch\nkind: kit\nname: X\ncomponents: [reference]\n", "out-of-range", "build"),
    ],
)
def test_a_kit_that_prints_nothing_is_an_error_not_a_quiet_success(
    tmp_path: Path, text: str, code: str, stage: str
) -> None:
    """A kit whose components print nothing: `check` says so where it can tell (no
    components; only rules without a rules file), and `build` never exits 0 having
    written nothing (the fuzz test found `components: []` doing that)."""
    kit = write(tmp_path, "kit.yaml", text)
    checked, out, _ = run("check", kit)
    assert (checked, code in out) == ((1, True) if stage == "check" else (0, False))
    built, out, err = run("build", kit, "-o", str(tmp_path / "out"))
    assert built == 1
    assert f"kit.yaml:4:13: error {code}" in out + err
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.pdf"))


def test_a_build_leaves_nothing_frozen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`kitgen build` freezes what start-up made while it draws (the garbage collector
    then skips it) and thaws it after, also when the build fails: a program running
    kitgen inside itself gets its collector back as it was."""
    import gc

    frozen: list[int] = []
    freeze = gc.freeze

    def watched_freeze() -> None:
        freeze()
        frozen.append(gc.get_freeze_count())

    monkeypatch.setattr(gc, "freeze", watched_freeze)
    before = gc.get_freeze_count()
    deck = Path(__file__).resolve().parent.parent / "data/examples/emberwake/decks/deep-tide.yaml"
    status, _out, _err = run("build", str(deck), "-o", str(tmp_path / "out"))
    assert status == 0
    assert frozen and frozen[0] > before
    status, _out, _err = run("build", str(tmp_path / "missing.yaml"), "-o", str(tmp_path / "x"))
    assert status != 0
    assert gc.get_freeze_count() == before
