"""kitgen export: exact pixel sizes per profile and card size, single-card PDFs for print
shops, Tabletop Simulator sheets and saved objects, staged folders, and the CLI."""

from __future__ import annotations

import io
import json
import os
import time
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas
from typer.testing import CliRunner

from kitgen.build import BuildOptions
from kitgen.cli import app
from kitgen.export import ExportOptions, export_pdf, export_png, export_tts
from kitgen.layout.export import (
    MPC,
    TGC,
    TTS_MAX_COLS,
    TTS_MAX_PX,
    TTS_MAX_ROWS,
    home_image,
    plan_tts,
    service_image,
    tts_card_scale,
)
from kitgen.layout.geometry import LayoutError, Size
from kitgen.layout.paper import CARDS
from kitgen.layout.units import INCH, MM
from kitgen.model.standard import full_deck
from kitgen.render.export import card_images_pdf, tts_sheets_pdf
from kitgen.render.raster import PageJob, Rasterizer
from kitgen.render.sheets import CardSource, Deck
from kitgen.render.standard_deck import standard_deck

runner = CliRunner()
FIXTURES = Path(__file__).parent / "fixtures"
DECK = """game: scratch
kind: deck
name: Export test
cards:
  Worg: 5
  Griffin: 1
  Owlbear: 1
  Wyvern: 1
  Gargoyle: 1
  Giant: 1
"""

# What The Game Crafter and MakePlayingCards ask for (PRINT.md), by kitgen card size.
TGC_PX = {
    "poker": (825, 1125),
    "poker-us": (825, 1125),
    "bridge": (750, 1125),
    "mini-euro": (600, 825),
    "mini-us": (600, 825),
    "tarot": (900, 1500),
}
MPC_PX = {"poker": (822, 1122), "poker-us": (822, 1122), "tarot": (898, 1488)}


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout, result.stderr


def options(tmp: Path, **kw: object) -> ExportOptions:
    build = {k: kw.pop(k) for k in list(kw) if k in ("card_size", "bleed", "standard_deck")}
    return ExportOptions(BuildOptions(out=str(tmp), **build), **kw)  # type: ignore[arg-type]


def deck_file(tmp: Path, text: str = DECK) -> str:
    path = tmp / "my-deck.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def sizes(paths: list[str]) -> set[tuple[int, int]]:
    return {Image.open(p).size for p in paths if p.endswith(".png")}


# --- Pixel sizes ------------------------------------------------------------------------------


@pytest.mark.parametrize("card", sorted(TGC_PX))
def test_tgc_images_are_exactly_the_template_size(tmp_path: Path, card: str) -> None:
    result = export_png(["galliard"], options(tmp_path, card_size=card, profile="tgc"))
    assert result.ok, result.findings
    assert sizes(result.written) == {TGC_PX[card]}
    for path in result.written:
        with Image.open(path) as image:
            assert image.mode == "RGB"  # no alpha: The Game Crafter wants RGB
            assert round(image.info["dpi"][0]) == 300


@pytest.mark.parametrize("card", sorted(MPC_PX))
def test_mpc_images_are_exactly_the_template_size(tmp_path: Path, card: str) -> None:
    result = export_png(["galliard"], options(tmp_path, card_size=card, profile="mpc"))
    assert sizes(result.written) == {MPC_PX[card]}


@pytest.mark.parametrize(
    ("profile", "card"), [("tgc", "square"), ("mpc", "bridge"), ("tgc", "90x90mm")]
)
def test_a_service_without_that_card_size_is_a_usage_error(
    tmp_path: Path, profile: str, card: str
) -> None:
    code, out, err = run(
        "export", "png", "galliard", "--profile", profile, "--card-size", card, "-o", str(tmp_path)
    )
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "no card product" in err
    assert not (tmp_path / "galliard").exists()


def test_service_templates_keep_their_bleed_and_trim() -> None:
    """The trim is the product's printed size; the bleed is 1/8 in (TGC) or 36 px (MPC)."""
    tgc = service_image(TGC, "poker", CARDS["poker"])
    assert (tgc.trim.width, tgc.trim.height) == pytest.approx((2.5 * INCH, 3.5 * INCH))
    assert tgc.bleed_px == pytest.approx((37.5, 37.5))
    tarot = service_image(TGC, "tarot", CARDS["tarot"])
    assert (tarot.trim.width, tarot.trim.height) == pytest.approx((2.75 * INCH, 4.75 * INCH))
    mpc = service_image(MPC, "poker_us", CARDS["poker-us"])
    assert mpc.bleed_px == pytest.approx((36, 36))
    assert mpc.trim.width == pytest.approx(750 / 300 * INCH)


@pytest.mark.parametrize("dpi", [72, 150, 300, 600])
@pytest.mark.parametrize("card", ["poker", "tarot", "mini-us", "square"])
def test_home_images_round_the_true_size_at_the_chosen_dpi(card: str, dpi: int) -> None:
    size = CARDS[card]
    image = home_image(size, 3 * MM, dpi)
    assert image.width == round((size.width + 6 * MM) / 72 * dpi)
    assert image.height == round((size.height + 6 * MM) / 72 * dpi)
    # The trim keeps its exact size; rounding only trims the bleed, by under a pixel.
    assert all(abs(b - 3 * MM / 72 * dpi) <= 0.5 for b in image.bleed_px)


def test_home_png_export_hits_the_computed_size(tmp_path: Path) -> None:
    result = export_png(["staircase"], options(tmp_path, dpi=200, bleed="0"))
    poker = CARDS["poker"]
    expected = (round(poker.width / 72 * 200), round(poker.height / 72 * 200))
    assert sizes(result.written) == {expected}


@pytest.mark.parametrize("dpi", [10, 5000])
def test_a_silly_dpi_is_a_one_line_error(tmp_path: Path, dpi: int) -> None:
    code, _, err = run("export", "png", "galliard", "--dpi", str(dpi), "-o", str(tmp_path))
    assert code == 2 and "--dpi" in err and len(err.strip().splitlines()) == 1


def trim_deck() -> Deck:
    """One card whose face is black exactly over its trim and white in its bleed."""

    def source(size: Size, bleed: float, ink: str) -> CardSource:
        def face(c: Canvas) -> None:
            c.setFillColorRGB(1, 1, 1)
            c.rect(-bleed, -bleed, size.width + 2 * bleed, size.height + 2 * bleed, 0, 1)
            c.setFillColorRGB(0, 0, 0)
            c.rect(0, 0, size.width, size.height, stroke=0, fill=1)

        return CardSource(size, bleed, lambda i: "f", lambda i: face, lambda i: "b", lambda i: face)

    return Deck("t", "t", "t", ("box",), source)


@pytest.mark.parametrize(
    ("profile", "card"), [("tgc", "poker"), ("mpc", "poker"), ("tgc", "tarot")]
)
def test_the_trim_is_centred_in_the_image_at_its_true_size(
    tmp_path: Path, profile: str, card: str
) -> None:
    from kitgen.layout.export import SERVICES

    image = service_image(SERVICES[profile], card, CARDS[card])
    pdf, pages = card_images_pdf(trim_deck(), image, "normal", backs=False)
    path = str(tmp_path / "box.png")
    with Rasterizer(1) as raster:
        raster.run(pdf, [PageJob(0, (path,), pages[0].size, 300)])
    with Image.open(path) as png:
        box = png.convert("L").point(lambda v: 255 if v < 128 else 0).getbbox()
    assert box is not None
    left, top, right, bottom = box
    bx, by = image.bleed_px
    assert left == pytest.approx(bx, abs=1) and top == pytest.approx(by, abs=1)
    assert right - left == pytest.approx(image.trim.width * image.scale, abs=1)
    assert bottom - top == pytest.approx(image.trim.height * image.scale, abs=1)


# --- Files, names and staging -------------------------------------------------------------------


def test_png_files_are_numbered_in_deck_order_with_one_shared_back(tmp_path: Path) -> None:
    result = export_png([deck_file(tmp_path)], options(tmp_path / "out"))
    names = [os.path.basename(p) for p in result.written]
    assert names[:6] == [
        "001-worg.png",
        "002-worg.png",
        "003-worg.png",
        "004-worg.png",
        "005-worg.png",
        "006-griffin.png",
    ]
    assert names[-1] == "back.png" and len(names) == 11
    folder = tmp_path / "out" / "scratch" / "png" / "scratch-export-test-deck"
    assert sorted(os.listdir(folder)) == sorted(names)
    # Copies of a card are the same image.
    assert (folder / "001-worg.png").read_bytes() == (folder / "005-worg.png").read_bytes()


def test_a_smaller_card_file_leaves_no_stale_files(tmp_path: Path) -> None:
    out = tmp_path / "out"
    text = (FIXTURES / "valid" / "pirate-cards.yaml").read_text(encoding="utf-8")
    path = tmp_path / "pirates.yaml"
    path.write_text(text, encoding="utf-8")
    first = export_png([str(path)], options(out))
    assert len(first.written) == 5  # four cards and the back
    cut = text.index("  # common with Plunder!")
    end = text.index("  - name", text.index("  - name: Cabin Boy") + 1)
    path.write_text(text[:cut] + text[end:], encoding="utf-8")
    second = export_png([str(path)], options(out))
    folder = out / "scratch" / "png" / "scratch-pirates-cards"
    assert sorted(os.listdir(folder)) == sorted(os.path.basename(p) for p in second.written)
    assert len(second.written) == 4 and "002-cabin-boy.png" not in os.listdir(folder)
    assert [n for n in os.listdir(folder.parent) if n.startswith(".")] == []


def test_a_failed_export_leaves_the_last_one_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"
    path = deck_file(tmp_path)
    export_png([path], options(out))
    folder = out / "scratch" / "png" / "scratch-export-test-deck"
    before = {n: (folder / n).read_bytes() for n in os.listdir(folder)}

    def broken(self: Rasterizer, pdf: bytes, jobs: list[PageJob], progress: object) -> None:
        first = jobs[0]
        Path(first.paths[0]).write_bytes(b"half")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Rasterizer, "run", broken)
    code, _, err = run("export", "png", path, "-o", str(out))
    assert code == 1 and "No space left on device" in err
    assert {n: (folder / n).read_bytes() for n in os.listdir(folder)} == before
    assert [n for n in os.listdir(folder.parent) if n.startswith(".")] == []


def test_exports_are_byte_identical_and_do_not_depend_on_the_workers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import concurrent.futures

    started = []
    pool = concurrent.futures.ProcessPoolExecutor  # the rasterizer imports it when it starts one

    def counted(*args: object, **kw: object) -> object:
        started.append(args)
        return pool(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", counted)
    wanted = options(tmp_path / "a", processes=1, dpi=100, standard_deck=True)
    first = export_png(["galliard"], wanted)
    assert started == []
    again = options(tmp_path / "b", processes=2, dpi=100, standard_deck=True)
    second = export_png(["galliard"], again)
    assert len(started) == 1  # 55 standard-deck pages are worth the workers
    assert len(first.written) == 54 + 1 + 2 + 1
    for a, b in zip(first.written, second.written, strict=True):
        assert Path(a).read_bytes() == Path(b).read_bytes()


def test_a_deck_with_errors_exports_nothing(tmp_path: Path) -> None:
    path = deck_file(tmp_path, DECK.replace("Worg: 5", "Worgg: 5"))
    code, out, err = run("export", "png", path, "-o", str(tmp_path / "out"))
    assert code == 1 and out == ""
    assert "my-deck.yaml:5:3: error unknown-card" in err
    assert not (tmp_path / "out").exists()


def test_an_unknown_profile_is_misuse(tmp_path: Path) -> None:
    code, _, err = run("export", "png", "galliard", "--profile", "dtc", "-o", str(tmp_path))
    assert code == 2 and "--profile" in err


def test_a_rules_file_has_nothing_to_export(tmp_path: Path) -> None:
    from kitgen.paths import game_dir

    code, out, err = run("export", "png", str(game_dir("galliard") / "rules.yaml"))
    assert code == 0 and out == ""
    assert "no cards to export" in err


# --- Single-card PDFs -------------------------------------------------------------------------


def test_single_card_pdfs_carry_trim_and_bleed_boxes(tmp_path: Path) -> None:
    result = export_pdf(["staircase"], options(tmp_path, standard_deck=True))
    deck = next(p for p in result.written if p.endswith("staircase-deck.pdf"))
    reader = PdfReader(deck)
    assert len(reader.pages) == 2 * 52  # a face and a back for each card (no jokers)
    bleed, poker = 3 * MM, CARDS["poker"]
    for page in reader.pages[:4]:
        assert [float(v) for v in page.mediabox] == pytest.approx(
            [0, 0, poker.width + 2 * bleed, poker.height + 2 * bleed]
        )
        assert [float(v) for v in page.bleedbox] == [float(v) for v in page.mediabox]
        assert [float(v) for v in page.trimbox] == pytest.approx(
            [bleed, bleed, bleed + poker.width, bleed + poker.height]
        )


def test_single_card_pdfs_at_a_service_size(tmp_path: Path) -> None:
    result = export_pdf(["galliard"], options(tmp_path, profile="mpc"))
    page = PdfReader(result.written[0]).pages[0]
    # 822 x 1122 px at 300 dpi, 36 px of bleed.
    assert [float(v) for v in page.mediabox][2:] == pytest.approx([822 * 0.24, 1122 * 0.24])
    assert float(page.trimbox[0]) == pytest.approx(36 * 0.24)
    assert "tgc" not in result.written[0] and os.sep + "mpc" + os.sep in result.written[0]


def test_single_card_pages_draw_nothing_outside_the_card(tmp_path: Path) -> None:
    """No crop marks: the page is the card and its bleed, the same colour to the edge."""
    import pypdfium2 as pdfium

    result = export_pdf(["galliard"], options(tmp_path))
    page = pdfium.PdfDocument(result.written[0])[1]  # the back: a dark fill to the edge
    image = page.render(scale=2).to_pil().convert("RGB")
    w, h = image.size
    corners = {image.getpixel(p) for p in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)]}
    assert len(corners) == 1 and corners != {(255, 255, 255)}


# --- Tabletop Simulator ------------------------------------------------------------------------


@pytest.mark.parametrize("count", [1, 2, 5, 31, 54, 69, 70, 139, 300])
@pytest.mark.parametrize("card", ["poker", "tarot", "square", "mini-us"])
def test_tts_sheets_respect_the_limits(count: int, card: str) -> None:
    trim = CARDS[card]
    plan = plan_tts(count, trim)
    placed = [i for sheet in plan.sheets for i in sheet.cards]
    assert placed == list(range(count))  # every card once, in order
    for sheet in plan.sheets:
        assert 2 <= sheet.cols <= TTS_MAX_COLS and 2 <= sheet.rows <= TTS_MAX_ROWS
        assert len(sheet.cards) <= sheet.cols * sheet.rows - 1  # the hidden slot stays free
        width, height = plan.sheet_size(sheet)
        assert width <= TTS_MAX_PX and height <= TTS_MAX_PX
    # Cards keep their shape to within a pixel.
    assert plan.card_height == pytest.approx(plan.card_width * trim.height / trim.width, abs=1)


def test_tts_grids_are_no_bigger_than_needed() -> None:
    assert [(s.cols, s.rows) for s in plan_tts(5, CARDS["poker"]).sheets] == [(3, 2)]
    assert [(s.cols, s.rows) for s in plan_tts(54, CARDS["poker"]).sheets] == [(10, 6)]
    assert [(s.cols, s.rows) for s in plan_tts(70, CARDS["poker"]).sheets] == [(10, 7), (2, 2)]


def test_tts_needs_a_card() -> None:
    with pytest.raises(LayoutError):
        plan_tts(0, CARDS["poker"])


def test_tts_card_scale_keeps_a_poker_card_unscaled() -> None:
    assert tts_card_scale(Size(2.5 * INCH, 3.5 * INCH)) == pytest.approx(1)
    assert tts_card_scale(CARDS["tarot"]) > 1.2


def test_tts_export_writes_sheets_and_a_saved_object_naming_every_card(tmp_path: Path) -> None:
    result = export_tts(["staircase"], options(tmp_path, standard_deck=True))
    saved = [p for p in result.written if p.endswith("staircase-deck.json")]
    data = json.loads(Path(saved[0]).read_text(encoding="utf-8"))
    deck = data["ObjectStates"][0]
    assert deck["Name"] == "Deck"
    names = [card["Nickname"] for card in deck["ContainedObjects"]]
    assert names == [card.name for card in full_deck(jokers=False)]  # the game has none
    assert deck["DeckIDs"] == [card["CardID"] for card in deck["ContainedObjects"]]
    sheet = deck["CustomDeck"]["1"]
    assert (sheet["NumWidth"], sheet["NumHeight"]) == (9, 6)  # 52 cards and the hidden slot
    assert sheet["BackIsHidden"] is True and sheet["UniqueBack"] is False
    for url in (sheet["FaceURL"], sheet["BackURL"]):
        path = unquote(urlparse(url).path)
        assert os.path.isfile(path), url
    with Image.open(unquote(urlparse(sheet["FaceURL"]).path)) as face:
        width, height = face.size
        assert width % 9 == 0 and height % 6 == 0 and max(width, height) < 4096
        assert (width // 9) / (height // 6) == pytest.approx(63 / 88, abs=0.01)
        assert face.mode == "RGB"
    assert any("Saved Objects" in line for line in result.instructions)
    assert len({c["GUID"] for c in deck["ContainedObjects"]}) == 52


def test_a_one_card_tts_deck_is_a_card(tmp_path: Path) -> None:
    text = (FIXTURES / "valid" / "pirate-cards.yaml").read_text(encoding="utf-8")
    one = tmp_path / "one.yaml"
    one.write_text(text[: text.index("  # common with Plunder!")], encoding="utf-8")
    result = export_tts([str(one)], options(tmp_path / "out"))
    assert result.ok, result.findings
    saved = next(p for p in result.written if p.endswith(".json"))
    state = json.loads(Path(saved).read_text(encoding="utf-8"))["ObjectStates"][0]
    assert state["Name"] == "Card" and state["Nickname"] == "Deckhand"
    assert state["CardID"] == 100


def test_tts_hidden_slot_shows_the_back(tmp_path: Path) -> None:
    deck = standard_deck("t", "t", "t", full_deck()[:5])
    plan = plan_tts(5, CARDS["poker"])
    pdf, pages, shared = tts_sheets_pdf(deck, plan, CARDS["poker"], "normal")
    assert shared and [p.side for p in pages] == ["face", "back"]
    paths = [str(tmp_path / f"{n}.png") for n in range(2)]
    with Rasterizer(1) as raster:
        raster.run(pdf, [PageJob(n, (paths[n],), pages[n].size, 72) for n in range(2)])
    sheet, back = Image.open(paths[0]), Image.open(paths[1])
    w, h = plan.card_width, plan.card_height
    hidden = sheet.crop((2 * w, h, 3 * w, 2 * h))  # slot 5 of a 3 x 2 grid
    assert hidden.size == back.size
    diff = sum(abs(a - b) for a, b in zip(hidden.tobytes(), back.tobytes(), strict=True))
    assert diff / len(back.tobytes()) < 2  # the same picture, to rounding
    first = sheet.crop((0, 0, w, h))
    assert first.tobytes() != back.tobytes()


def test_tts_unique_backs_get_back_sheets(tmp_path: Path) -> None:
    base = standard_deck("t", "t", "t", full_deck()[:3])

    def source(size: Size, bleed: float, ink: str) -> CardSource:
        inner = base.source(size, bleed, ink)  # type: ignore[arg-type]
        return CardSource(
            size, bleed, inner.front_key, inner.front, lambda i: f"back{i}", inner.front
        )

    deck = Deck("t", "t", "t", base.names, source)
    plan = plan_tts(3, CARDS["poker"])
    _, pages, shared = tts_sheets_pdf(deck, plan, CARDS["poker"], "normal")
    assert not shared and [p.side for p in pages] == ["face", "back"]
    assert pages[1].size == plan.sheet_size(plan.sheets[0])


def test_tts_cli_prints_paths_and_instructions(tmp_path: Path) -> None:
    code, out, err = run("export", "tts", "galliard", "-o", str(tmp_path))
    assert code == 0
    written = out.split()
    assert {os.path.basename(p) for p in written} == {
        "galliard-cabal-cards-1.png",
        "galliard-cabal-cards-back.png",
        "galliard-cabal-cards.json",
    }
    assert "Saved Objects" in err and "Cloud Manager" in err


def test_the_pixel_pdf_pages_are_the_image_sizes() -> None:
    deck = standard_deck("t", "t", "t", full_deck()[:2])
    image = service_image(TGC, "bridge", CARDS["bridge"])
    pdf, pages = card_images_pdf(deck, image, "low", backs=False)
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 2 == len(pages)
    assert [float(v) for v in reader.pages[0].mediabox][2:] == [750, 1125]


def test_a_card_too_big_for_the_paper_still_exports(tmp_path: Path) -> None:
    """Exports draw one card at a time: only sheets need the card to fit the paper."""
    result = export_png(["galliard"], options(tmp_path, card_size="250x350mm", dpi=72))
    expected = (round((250 + 6) * MM), round((350 + 6) * MM))
    assert sizes(result.written) == {expected}
    code, _, err = run("build", "galliard", "--card-size", "250x350mm", "-o", str(tmp_path))
    assert code == 2 and "does not fit" in err


# --- Rasterizing in this process --------------------------------------------------------------


def pages_pdf(count: int, size: tuple[int, int] = (40, 60), *more: tuple[int, int]) -> bytes:
    """A PDF of `count` pages in pixel units, each with its own grey; the pages are
    `size`, or `size` and `more` in turn."""
    sizes = [size, *more]
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=size, invariant=1)
    for n in range(count):
        size = sizes[n % len(sizes)]
        canvas.setPageSize(size)
        canvas.setFillGray(n / count)
        canvas.rect(5, 5, size[0] - 10, size[1] - 10, stroke=0, fill=1)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_pages_rendered_here_are_the_pngs_pdfium_and_pillow_make(tmp_path: Path) -> None:
    import pypdfium2

    pdf = pages_pdf(5)
    jobs = [
        PageJob(n, (str(tmp_path / f"{n}.png"), str(tmp_path / f"{n}b.png")), (40, 60), 300)
        for n in range(5)
    ]
    seen: list[tuple[int, int]] = []
    with Rasterizer(1) as raster:
        raster.run(pdf, jobs, lambda done, total: seen.append((done, total)))
    assert seen == [(n, 5) for n in range(1, 6)]
    document = pypdfium2.PdfDocument(pdf)
    for n in range(5):
        plain = io.BytesIO()
        document[n].render(scale=1).to_pil().save(plain, format="PNG", dpi=(300, 300))
        assert (tmp_path / f"{n}.png").read_bytes() == plain.getvalue()
        assert (tmp_path / f"{n}b.png").read_bytes() == plain.getvalue()
        assert (tmp_path / f"{n}.png").stat().st_mode & 0o777 == 0o644


def test_pages_of_several_sizes_in_turn_render_as_alone(tmp_path: Path) -> None:
    # One bitmap and one image are kept for the next page of their size: a page of
    # another size between two does not leave its pixels in the next.
    import pypdfium2

    sizes = [(40, 60), (60, 40), (40, 60), (40, 60), (30, 30)]
    pdf = pages_pdf(5, *sizes)
    jobs = [PageJob(n, (str(tmp_path / f"{n}.png"),), sizes[n], 72) for n in range(5)]
    with Rasterizer(1) as raster:
        raster.run(pdf, jobs)
    document = pypdfium2.PdfDocument(pdf)
    for n in range(5):
        plain = io.BytesIO()
        document[n].render(scale=1).to_pil().save(plain, format="PNG", dpi=(72, 72))
        assert (tmp_path / f"{n}.png").read_bytes() == plain.getvalue(), n


def test_the_next_page_renders_while_the_last_is_encoded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # One process: page n's PNG is encoded (in a thread) while page n + 1 renders, so
    # an encoder that waits for the next page's rendering is not waiting on itself.
    import threading

    from kitgen.render import raster

    count = 6
    rendered = threading.Condition()
    pages_rendered = [0]
    order: list[str] = []
    real_render, real_encode = raster.render, raster.encode

    def render(document: object, job: PageJob, *kept: raster.Slot | None) -> raster.Slot:
        slot = real_render(document, job, *kept)
        with rendered:
            pages_rendered[0] += 1
            order.append(f"render {job.page}")
            rendered.notify_all()
        return slot

    def encode(image: Image.Image, dpi: float) -> bytes:
        encoded = sum(1 for step in order if step.startswith("encode"))
        with rendered:  # page `encoded` waits for the page after it to be rendered
            assert rendered.wait_for(
                lambda: pages_rendered[0] >= min(encoded + 2, count), timeout=10
            ), "the next page did not render while this one was encoded"
            order.append(f"encode {encoded}")
        return real_encode(image, dpi)

    monkeypatch.setattr(raster, "render", render)
    monkeypatch.setattr(raster, "encode", encode)
    jobs = [PageJob(n, (str(tmp_path / f"{n}.png"),), (40, 60), 72) for n in range(count)]
    with Rasterizer(1) as ras:
        ras.run(pages_pdf(count), jobs)
    assert order.index("render 1") < order.index("encode 0")
    assert len(list(tmp_path.iterdir())) == count


def test_every_bitmap_rendered_into_is_closed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Pages of two sizes in turn make new bitmaps as they go; every one is closed once,
    # and no more are open at once than the pages in flight need. (Closing is counted
    # by the calls: pypdfium2 4 keeps `raw` on a bitmap of its own memory it closes.)
    import pypdfium2

    made: list[pypdfium2.PdfBitmap] = []
    closed: list[int] = []
    real_new, real_close = pypdfium2.PdfBitmap.new_native, pypdfium2.PdfBitmap.close

    def new_native(*args: object, **kwargs: object) -> pypdfium2.PdfBitmap:
        bitmap = real_new(*args, **kwargs)
        made.append(bitmap)
        assert len(made) - len(closed) <= 3
        return bitmap

    def close(self: pypdfium2.PdfBitmap, *args: object, **kwargs: object) -> object:
        closed.append(id(self))
        return real_close(self, *args, **kwargs)

    monkeypatch.setattr(pypdfium2.PdfBitmap, "new_native", new_native)
    monkeypatch.setattr(pypdfium2.PdfBitmap, "close", close)
    sizes = [(40, 60), (40, 60), (60, 40), (40, 60), (40, 60), (40, 60)]
    pdf = pages_pdf(6, *sizes)
    jobs = [PageJob(n, (str(tmp_path / f"{n}.png"),), sizes[n], 72) for n in range(6)]
    with Rasterizer(1) as raster:
        raster.run(pdf, jobs)
    assert len(made) >= 3 and sorted(closed) == sorted(id(bitmap) for bitmap in made)


def test_a_file_that_cannot_be_written_stops_the_pages_after_it(tmp_path: Path) -> None:
    pdf = pages_pdf(8)
    paths = [tmp_path / f"{n}.png" for n in range(8)]
    paths[2] = tmp_path / "missing" / "2.png"  # no such folder
    jobs = [PageJob(n, (str(p),), (40, 60), 72) for n, p in enumerate(paths)]
    with Rasterizer(1) as raster, pytest.raises(FileNotFoundError):
        raster.run(pdf, jobs)
    written = sorted(p.name for p in tmp_path.iterdir() if p.is_file())
    assert written[:2] == ["0.png", "1.png"] and len(written) < 7


def test_an_interrupted_rasterizing_writes_no_more_pages(tmp_path: Path) -> None:
    pdf = pages_pdf(8)
    jobs = [PageJob(n, (str(tmp_path / f"{n}.png"),), (40, 60), 72) for n in range(8)]

    def interrupt(done: int, total: int) -> None:
        if done == 2:
            raise KeyboardInterrupt

    with Rasterizer(1) as raster, pytest.raises(KeyboardInterrupt):
        raster.run(pdf, jobs, interrupt)
    assert len(list(tmp_path.iterdir())) <= 2


def test_an_interrupted_pool_stops_its_workers_before_the_error_goes_on(tmp_path: Path) -> None:
    """The caller removes the staged folder as the error passes: no worker may still be
    writing into it then (a `.part` folder was left behind)."""
    pdf = pages_pdf(40, (1500, 2100))  # pages that take a worker a while
    jobs = [PageJob(n, (str(tmp_path / f"{n}.png"),), (1500, 2100), 72) for n in range(40)]

    def interrupt(done: int, total: int) -> None:
        raise KeyboardInterrupt

    with Rasterizer(2) as raster:
        with pytest.raises(KeyboardInterrupt):
            raster.run(pdf, jobs, interrupt)
        assert raster.pool is None
        written = sorted(os.listdir(tmp_path))
        time.sleep(1.5)
        assert sorted(os.listdir(tmp_path)) == written
    assert len(written) < 40


def test_a_staged_file_is_new(tmp_path: Path) -> None:
    from kitgen.render.raster import write_new

    path = tmp_path / "a.png"
    old = os.umask(0o077)
    try:
        write_new(str(path), b"png")
    finally:
        os.umask(old)
    assert path.read_bytes() == b"png" and path.stat().st_mode & 0o777 == 0o644
    with pytest.raises(FileExistsError):
        write_new(str(path), b"other")
    assert path.read_bytes() == b"png"


NO_CARDS = """game: scratch
kind: cards
factions:
- id: pirate
  name: Pirate
  colour: '#1f6f78'
  tendency: left
cards: []
"""


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_cards_file_of_no_cards_exports_no_images(tmp_path: Path, jobs: str) -> None:
    """A deck of no cards has no page to rasterize: no document is opened (PDFium
    refuses a PDF of no pages), nothing is written, no error (found by tests/test_fuzz.py)."""
    path = tmp_path / "pirate-cards.yaml"
    path.write_text(NO_CARDS, encoding="utf-8")
    code, out, err = run("export", "png", str(path), "-j", jobs, "-o", str(tmp_path / "out"))
    assert (code, out) == (0, ""), err
    assert "error" not in err
    assert not [p for p in (tmp_path / "out").rglob("*") if p.is_file()]


def test_a_landscape_card_is_the_services_product_on_its_side() -> None:
    from kitgen.layout.paper import card_size

    card = card_size("poker landscape")
    assert (card.width, card.height) == pytest.approx((88 * MM, 63 * MM))
    tgc = service_image(TGC, "poker landscape", card)
    assert (tgc.width, tgc.height) == (1125, 825)
    assert (tgc.trim.width, tgc.trim.height) == pytest.approx((3.5 * INCH, 2.5 * INCH))
    mpc = service_image(MPC, "120x70mm", card_size("120x70mm"))
    assert (mpc.width, mpc.height) == (1488, 898)
    assert card_size("tarot landscape") == card_size("120x70mm")


def test_tts_lays_a_landscape_card_sideways_at_its_own_proportions() -> None:
    from kitgen.layout.export import tts_sideways
    from kitgen.layout.paper import card_size

    assert tts_sideways(card_size("poker landscape")) and not tts_sideways(CARDS["poker"])
    assert tts_card_scale(card_size("poker landscape")) == pytest.approx(1, abs=0.01)
    assert tts_card_scale(card_size("tarot landscape")) == pytest.approx(
        tts_card_scale(CARDS["tarot"])
    )
