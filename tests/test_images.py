"""Card art: header parsing, the check's findings at `art:`, and drawing it safely."""

from __future__ import annotations

import io
import os
import struct
import subprocess
import sys
import threading
import time
import zlib
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from typer.testing import CliRunner

from kitgen.build import BuildOptions, build
from kitgen.cli import app
from kitgen.errors import KitgenError
from kitgen.export import ExportOptions, export_png
from kitgen.games.scratch.cards import Geometry, fit_art
from kitgen.games.scratch.kit import LOW_INK_STRENGTH, ArtStore, _for_print, decode
from kitgen.games.scratch.model import ScratchCardsFile
from kitgen.kit import check_file
from kitgen.layout.paper import CARDS
from kitgen.load.documents import read_document
from kitgen.load.images import (
    Header,
    ImageLimits,
    ImageProblem,
    art_path,
    check_art,
    image_header,
    print_dpi,
    read_header,
    size_problem,
)
from kitgen.watch import Rebuild, watch

runner = CliRunner()
GREEN = (0, 200, 0)  # no faction's colour: any pixel this colour is art


def png(size: tuple[int, int] = (40, 20), colour: object = GREEN, mode: str = "RGB") -> bytes:
    out = io.BytesIO()
    Image.new(mode, size, colour).save(out, "PNG")  # type: ignore[arg-type]
    return out.getvalue()


def jpeg(size: tuple[int, int] = (40, 20), **options: object) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, GREEN).save(out, "JPEG", **options)
    return out.getvalue()


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_header_only(width: int, height: int) -> bytes:
    """A PNG signature and IHDR declaring a size, and no pixels at all."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IEND", b"")


def double_frame_jpeg(width: int, height: int) -> bytes:
    """A small JPEG with a second frame header declaring another size: kitgen's header
    check reads the first, Pillow believes the last."""
    data = jpeg((8, 8))
    at = data.index(b"\xff\xc0")
    length = int.from_bytes(data[at + 2 : at + 4], "big")
    frame = bytearray(data[at : at + 2 + length])
    frame[5:7] = height.to_bytes(2, "big")
    frame[7:9] = width.to_bytes(2, "big")
    return data[: at + 2 + length] + bytes(frame) + data[at + 2 + length :]


def card_yaml(*arts: str, power: bool = False) -> str:
    """A card file with one card per art (the first card's `art:` is on line 8)."""
    lines = ["game: scratch", "kind: cards", "cards:"]
    for i, art in enumerate(arts):
        lines += [
            f"  - name: Witch {i + 1}",
            "    faction: kingdom",
            "    rarity: common",
            "    stats: {top: 3, right: 5, bottom: 6, left: 5}"
            if not power
            else "    stats: {top: 3, right: 4, bottom: 6, left: 5}",
        ]
        if power:
            lines.append("    power: Insult to injury!")
        lines.append(f"    art: {art}")
    return "\n".join(lines) + "\n"


def art_place(text: str, value: str) -> tuple[int, int]:
    """The line and column (from 1) where `art: value` writes its value."""
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip() == f"art: {value}":
            return number, line.index(value) + 1
    raise AssertionError(value)


def write_cards(folder: Path, *arts: str, power: bool = False) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "cards.yaml"
    path.write_text(card_yaml(*arts, power=power), encoding="utf-8")
    return path


# --- Headers ---------------------------------------------------------------------------------


def test_png_header_gives_the_size() -> None:
    assert image_header(png((37, 21))) == Header("PNG", 37, 21)


@pytest.mark.parametrize(("progressive", "marker"), [(False, b"\xff\xc0"), (True, b"\xff\xc2")])
def test_jpeg_header_gives_the_size(progressive: bool, marker: bytes) -> None:
    data = jpeg((123, 45), progressive=progressive, quality=80)
    assert marker in data  # really baseline (SOF0) or progressive (SOF2)
    assert image_header(data) == Header("JPEG", 123, 45)


def test_jpeg_header_is_found_after_large_metadata_and_fill_bytes(tmp_path: Path) -> None:
    # A 200 kB ICC profile is split over several APP2 segments before the frame header.
    data = jpeg((64, 48), icc_profile=b"\x00" * 200_000)
    at = data.index(b"\xff\xdb")  # pad the quantisation table's marker with fill bytes
    padded = data[:at] + b"\xff" * 5 + data[at:]
    assert data.index(b"\xff\xc0") > 200_000
    assert image_header(padded) == Header("JPEG", 64, 48)
    path = tmp_path / "big-metadata.jpg"
    path.write_bytes(padded)
    assert read_header(str(path), "big-metadata.jpg") == Header("JPEG", 64, 48)


def test_a_crafted_huge_png_header_is_read_without_its_pixels() -> None:
    data = png_header_only(100_000, 100_000)
    assert len(data) < 64  # nothing to decode: only the header says 10^10 pixels
    header = image_header(data)
    assert header == Header("PNG", 100_000, 100_000)
    problem = size_problem("huge.png", header, ImageLimits())
    assert problem is not None and problem.code == "image-too-large"
    assert "100000 x 100000 px" in problem.message and "10,000 px a side" in problem.message


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"hello, world",
        b"GIF89a\x01\x00\x01\x00",
        os.urandom(0) + bytes(range(256)),
        png()[:20],  # cut inside IHDR
        jpeg()[:30],  # cut before the frame header
        png_header_only(0, 10),  # no size
        b"\xff\xd8\xff\xd9",  # start, then end: no frame
    ],
    ids=["empty", "text", "gif", "bytes", "png-cut", "jpeg-cut", "png-zero", "jpeg-no-frame"],
)
def test_anything_else_has_no_header(data: bytes) -> None:
    assert image_header(data) is None


def test_size_limits_name_the_numbers() -> None:
    limits = ImageLimits()
    wide = size_problem("art.png", Header("PNG", 30000, 20000), limits)
    assert wide is not None
    assert (
        wide.message == "'art.png' is 30000 x 20000 px; kitgen draws images up to 10,000 px a side"
    )
    many = size_problem("art.png", Header("JPEG", 8000, 6000), limits)  # each side fits
    assert (
        many is not None and "48.0 megapixels" in many.message and "40 megapixels" in many.message
    )
    assert size_problem("art.png", Header("PNG", 10_000, 4_000), limits) is None  # exactly 40 MP


def test_print_dpi_of_art_fitted_whole() -> None:
    # 300 px across a one-inch-wide, very tall window: 300 dpi, whatever the height.
    assert print_dpi(300, 100, 72, 1000) == pytest.approx(300)
    # The same art in a short window is limited by its height: 100 px in half an inch.
    assert print_dpi(300, 100, 1000, 36) == pytest.approx(200)


# --- The check: findings at `art:` -------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "content", "code"),
    [
        ("missing.png", None, "image-not-found"),
        ("a-folder", "folder", "image-not-found"),
        ("garbage.png", b"not an image at all", "image-unreadable"),
        ("cut.jpg", jpeg()[:40], "image-unreadable"),
        ("huge.png", png_header_only(30_000, 20_000), "image-too-large"),
        ("many.png", png_header_only(9_000, 9_000), "image-too-large"),
    ],
)
def test_bad_art_is_a_finding_at_its_art_value(
    tmp_path: Path, name: str, content: bytes | str | None, code: str
) -> None:
    if content == "folder":
        (tmp_path / name).mkdir()
    elif isinstance(content, bytes):
        (tmp_path / name).write_bytes(content)
    path = write_cards(tmp_path, name)
    report = check_file(str(path))
    assert [f.code for f in report.findings] == [code]
    loc = report.findings[0].location
    assert loc is not None and loc.path == str(path)
    assert (loc.line, loc.column) == art_place(path.read_text(encoding="utf-8"), name)
    assert not report.ok


def test_a_file_over_the_byte_limit_is_too_large(tmp_path: Path) -> None:
    data = png((300, 300), GREEN)
    (tmp_path / "art.png").write_bytes(data)
    doc = read_document(str(write_cards(tmp_path, "art.png")))
    assert isinstance(doc.model, ScratchCardsFile)
    assert check_art(doc.model.cards) == []
    found = check_art(doc.model.cards, ImageLimits(max_file_bytes=len(data) - 1))
    assert [f.code for f in found] == ["image-too-large"]
    assert f"{len(data):,} bytes" in found[0].message


def test_art_is_relative_to_the_file_that_names_it_not_the_cwd(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cards = write_cards(tmp_path / "sub", "art/witch.png")
    (tmp_path / "sub" / "art").mkdir()
    (tmp_path / "sub" / "art" / "witch.png").write_bytes(png())
    # A deck one folder up uses the card file: the art is still found next to the cards.
    deck = tmp_path / "deck.yaml"
    deck.write_text(
        "game: scratch\nkind: deck\nname: Witches\nuses: [sub/cards.yaml]\n"
        "cards:\n  Witch 1: 3\n  Griffin: 1\n  Owlbear: 1\n  Wyvern: 1\n  Gargoyle: 1\n"
        "  Giant: 1\n  Worg: 2\n",
        encoding="utf-8",
    )
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "art").mkdir(parents=True)
    monkeypatch.chdir(elsewhere)
    assert check_file(str(cards)).findings == []
    assert check_file(str(deck)).findings == []
    # Art that exists only relative to the current folder is not found.
    (elsewhere / "art" / "only-here.png").write_bytes(png())
    other = write_cards(tmp_path / "other", "art/only-here.png")
    assert [f.code for f in check_file(str(other)).findings] == ["image-not-found"]


def test_an_absolute_art_path_is_used_as_it_is(tmp_path: Path) -> None:
    art = tmp_path / "cards" / "art" / "witch.png"  # (inside the card file's folder)
    art.parent.mkdir(parents=True)
    art.write_bytes(png())
    cards = write_cards(tmp_path / "cards", str(art))
    assert art_path(str(art), str(cards)) == str(art)
    assert check_file(str(cards)).findings == []


def test_check_with_art_does_not_load_drawing_libraries(tmp_path: Path) -> None:
    (tmp_path / "ok.png").write_bytes(png())
    (tmp_path / "bad.png").write_bytes(b"nope")
    path = write_cards(tmp_path, "ok.png", "bad.png")
    probe = (
        "import sys\n"
        "from kitgen.entry import main\n"
        f"sys.argv = ['kitgen', 'check', {str(path)!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "heavy = [m for m in ('reportlab', 'PIL', 'jinja2', 'pypdfium2') if m in sys.modules]\n"
        "print('HEAVY', heavy)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=False
    )
    assert "image-unreadable" in result.stdout  # the art was really looked at
    assert "HEAVY []" in result.stdout, result.stdout


# --- Building and drawing ------------------------------------------------------------------


def built_pdf(out: Path) -> bytes:
    pdfs = sorted(out.rglob("*.pdf"))
    assert len(pdfs) == 1, pdfs
    return pdfs[0].read_bytes()


def test_art_used_on_many_cards_is_stored_once(tmp_path: Path) -> None:
    (tmp_path / "shared.png").write_bytes(png((300, 120), GREEN))
    (tmp_path / "other.png").write_bytes(png((300, 120), (200, 0, 200)))
    cards = write_cards(tmp_path, "shared.png", "shared.png", "shared.png", "other.png")
    first = build([str(cards)], BuildOptions(out=str(tmp_path / "a"), extra_commons=2))
    assert first.ok and first.findings == [], first.findings
    data = built_pdf(tmp_path / "a")
    # Four cards, three copies each, two art files: two images in the PDF.
    assert data.count(b"/Subtype /Image") == 2
    again = build([str(cards)], BuildOptions(out=str(tmp_path / "b"), extra_commons=2))
    assert again.ok and built_pdf(tmp_path / "b") == data  # same input, same bytes


def test_jpeg_art_is_embedded_as_it_is_and_png_transparency_kept(tmp_path: Path) -> None:
    photo = jpeg((240, 100), quality=85)
    (tmp_path / "photo.jpg").write_bytes(photo)
    (tmp_path / "cutout.png").write_bytes(png((100, 100), (200, 0, 200, 0), mode="RGBA"))
    cards = write_cards(tmp_path, "photo.jpg", "cutout.png")
    result = build([str(cards)], BuildOptions(out=str(tmp_path / "out")))
    assert result.ok, result.findings
    data = built_pdf(tmp_path / "out")
    assert b"/DCTDecode" in data and photo in data  # the JPEG's own bytes, not re-encoded
    assert b"/SMask" in data  # the PNG's alpha went in as a soft mask


def test_a_decompression_bomb_passes_the_check_but_is_refused_before_drawing(
    tmp_path: Path,
) -> None:
    # The first frame header says 8 x 8; Pillow reads the second: 30000 x 20000.
    (tmp_path / "bomb.jpg").write_bytes(double_frame_jpeg(30_000, 20_000))
    cards = write_cards(tmp_path, "bomb.jpg")
    assert check_file(str(cards)).findings == []  # the header check sees a small image
    out = tmp_path / "out"
    result = build([str(cards)], BuildOptions(out=str(out)))
    assert [f.code for f in result.findings] == ["image-too-large"]
    loc = result.findings[0].location
    assert loc is not None and (loc.line, loc.column) == art_place(cards.read_text(), "bomb.jpg")
    assert result.written == [] and not list(out.rglob("*.pdf"))
    # The command line says it in one line per finding, without a traceback.
    cli = runner.invoke(app, ["build", str(cards), "-o", str(out)])
    assert cli.exit_code == 1
    assert "Traceback" not in cli.output and "image-too-large" in cli.output
    assert not list(out.rglob("*.pdf"))


def test_a_corrupt_body_behind_a_good_header_is_a_finding(tmp_path: Path) -> None:
    data = bytearray(png((64, 64), GREEN))
    at = data.index(b"IDAT") + 4
    data[at : at + 8] = b"\x00" * 8  # the pixels (and their checksum) no longer agree
    (tmp_path / "broken.png").write_bytes(bytes(data))
    cards = write_cards(tmp_path, "broken.png")
    assert check_file(str(cards)).findings == []
    out = tmp_path / "out"
    result = build([str(cards)], BuildOptions(out=str(out)))
    assert [f.code for f in result.findings] == ["image-unreadable"]
    assert "cannot be decoded" in result.findings[0].message
    assert not out.exists() or not list(out.rglob("*.pdf"))


@pytest.mark.parametrize("side", [12, 20])  # 144 px: Pillow warns; 400 px: Pillow refuses
def test_pillows_guard_follows_the_limits(side: int) -> None:
    before = Image.MAX_IMAGE_PIXELS
    got = decode(png((side, side)), "art.png", ImageLimits(max_pixels=100))
    assert isinstance(got, ImageProblem) and got.code == "image-too-large"
    assert before == Image.MAX_IMAGE_PIXELS  # the limit is Pillow's only while decoding
    assert not isinstance(decode(png((side, side)), "art.png", ImageLimits()), ImageProblem)


def test_art_that_changed_since_its_check_is_not_drawn(tmp_path: Path) -> None:
    art = tmp_path / "art.png"
    art.write_bytes(png((50, 20), GREEN))
    store = ArtStore()
    assert store.check(str(art)) == (50, 20)
    art.write_bytes(png((50, 20), (200, 0, 200)))
    with pytest.raises(KitgenError, match="changed while kitgen was drawing"):
        store.art(str(art), "normal")


def test_a_turned_photo_is_drawn_upright(tmp_path: Path) -> None:
    exif = Image.Exif()
    exif[0x0112] = 6  # taken on its side: turn a quarter to view
    out = io.BytesIO()
    Image.new("RGB", (80, 30), GREEN).save(out, "JPEG", exif=exif)
    (tmp_path / "photo.jpg").write_bytes(out.getvalue())
    assert ArtStore().check(str(tmp_path / "photo.jpg")) == (30, 80)


def test_low_ink_art_is_a_light_grey_wash_and_16_bit_grey_keeps_its_tone() -> None:
    grey = _for_print(Image.new("RGB", (4, 4), GREEN), "low")
    luma = round(0.299 * GREEN[0] + 0.587 * GREEN[1] + 0.114 * GREEN[2])
    assert grey.mode == "L"
    assert grey.getpixel((0, 0)) == pytest.approx(255 - (255 - luma) * LOW_INK_STRENGTH, abs=1)
    sixteen = _for_print(Image.new("I;16", (4, 4), 40000), "normal")
    assert sixteen.mode == "L" and sixteen.getpixel((0, 0)) == pytest.approx(40000 / 257, abs=1)


def test_low_resolution_art_is_a_warning_with_the_numbers(tmp_path: Path) -> None:
    (tmp_path / "tiny.png").write_bytes(png((60, 24)))
    (tmp_path / "fine.png").write_bytes(png((600, 240)))
    cards = write_cards(tmp_path, "tiny.png", "fine.png")
    result = build([str(cards)], BuildOptions(out=str(tmp_path / "out")))
    assert result.ok and len(result.written) == 1  # a warning does not stop the build
    assert [f.code for f in result.findings] == ["image-low-resolution"]
    warning = result.findings[0]
    assert warning.severity == "warning"
    loc = warning.location
    assert loc is not None and loc.line == art_place(cards.read_text(), "tiny.png")[0]
    # 60 px across the 31 mm wide window is 49 dpi: 150 dpi needs 60 x 150 / 49.2 = 183.1,
    # so 184 px (and 74 for the height, 24 x 150 / 49.2 = 73.2).
    assert "49 dpi" in warning.message and "31 x 12.4 mm" in warning.message
    assert "184 x 74 px" in warning.message


@pytest.mark.parametrize("card", sorted(CARDS))
def test_the_art_window_clears_the_values_the_band_and_the_power(card: str) -> None:
    size = CARDS[card]
    geo = Geometry(size.width, size.height)
    x, y, w, h = geo.art_box
    assert w > 0 and h > 0
    assert x > geo.left_c[0] + geo.radius and x + w < geo.right_c[0] - geo.radius
    assert y + h < geo.band_y
    assert y > geo.power_box[1] + geo.power_box[3]  # above the power text's box


def exported_face(cards: Path, out: Path, ink: str, dpi: int) -> Image.Image:
    """The one card of a card file, exported as a PNG without bleed."""
    build_options = BuildOptions(out=str(out), bleed="0", ink=ink)
    result = export_png(
        [str(cards)], ExportOptions(build_options, dpi=dpi, backs=False, processes=1)
    )
    assert result.ok, result.findings
    (face,) = (p for p in result.written if p.endswith(".png"))
    return Image.open(face).convert("RGB")


@pytest.mark.parametrize("ink", ["normal", "low"])
def test_art_is_drawn_whole_in_its_window_and_not_over_the_values(tmp_path: Path, ink: str) -> None:
    # 4:1 art in a window about 5:2: it fills the width and is centred top to bottom.
    (tmp_path / "banner.png").write_bytes(png((400, 100), GREEN))
    cards = write_cards(tmp_path, "banner.png", power=True)
    dpi = 200
    image = exported_face(cards, tmp_path / "out", ink, dpi)
    size, k = CARDS["poker"], dpi / 72
    assert image.size == (round(size.width * k), round(size.height * k))
    geo = Geometry(size.width, size.height)
    fx, fy, fw, fh = fit_art(400, 100, geo)
    assert fw == pytest.approx(geo.art_box[2]) and fh == pytest.approx(fw / 4)
    assert fy + fh / 2 == pytest.approx(geo.art_box[1] + geo.art_box[3] / 2)
    # The fitted rectangle in pixels (the PNG's rows run top down).
    left, right = round(fx * k), round((fx + fw) * k)
    top, bottom = round(image.height - (fy + fh) * k), round(image.height - fy * k)
    if ink == "low":
        # A light neutral grey fills the fitted rectangle (but for its 2 px edges), the
        # rest of the window stays white paper, and nothing on the card has colour.
        luma = 0.299 * GREEN[0] + 0.587 * GREEN[1] + 0.114 * GREEN[2]
        wash = 255 - (255 - luma) * LOW_INK_STRENGTH
        inside = [
            image.getpixel((x, y))
            for x in range(left + 2, right - 2)
            for y in range(top + 2, bottom - 2)
        ]
        assert all(p[0] == pytest.approx(wash, abs=2) for p in inside)
        window_top = round(image.height - (geo.art_box[1] + geo.art_box[3]) * k)
        assert image.getpixel(((left + right) // 2, (window_top + top) // 2)) == (255, 255, 255)
        red, green, blue = image.split()
        assert ImageChops.difference(red, green).getbbox() is None
        assert ImageChops.difference(green, blue).getbbox() is None
        return
    art = {
        (x, y)
        for x in range(image.width)
        for y in range(image.height)
        if image.getpixel((x, y)) == GREEN
    }
    xs, ys = {x for x, _ in art}, {y for _, y in art}
    # Every art pixel lies inside the fitted rectangle, and fills it but for its edges
    # (the frame, half a point, and anti-aliasing take up to 2 px a side).
    assert left - 1 <= min(xs) and max(xs) <= right + 1
    assert top - 1 <= min(ys) and max(ys) <= bottom + 1
    assert len(art) >= (right - left - 4) * (bottom - top - 4)
    # Nothing of it on the value discs left and right.
    for cx, cy in (geo.left_c, geo.right_c):
        disc_x = range(round((cx - geo.radius) * k), round((cx + geo.radius) * k))
        disc_y = range(
            round(image.height - (cy + geo.radius) * k), round(image.height - (cy - geo.radius) * k)
        )
        assert not any(x in disc_x and y in disc_y for x, y in art)


def test_changing_the_art_rebuilds_while_watching(tmp_path: Path) -> None:
    art = tmp_path / "art" / "witch.png"
    art.parent.mkdir()
    art.write_bytes(png((300, 120), GREEN))
    cards = write_cards(tmp_path, "art/witch.png")
    builds: list[Rebuild] = []
    stop = threading.Event()
    options = BuildOptions(out=str(tmp_path / "out"))
    thread = threading.Thread(
        target=watch,
        args=([str(cards)], options),
        kwargs={"interval": 0.02, "debounce": 0.05, "stop": stop, "report": builds.append},
        daemon=True,
    )
    thread.start()
    try:
        deadline = time.monotonic() + 10
        while not builds and time.monotonic() < deadline:
            time.sleep(0.01)
        assert builds and builds[0].ok
        before = built_pdf(tmp_path / "out")
        art.write_bytes(png((300, 120), (200, 0, 200)))
        while len(builds) < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert len(builds) == 2 and builds[1].ok
        assert built_pdf(tmp_path / "out") != before
    finally:
        stop.set()
        thread.join(5)
