"""Pictures in boxes: SVG safety checks, PNG/JPEG/SVG loading and drawing, fit, tint."""

from __future__ import annotations

import base64
import io
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image
from pypdf import PdfReader

from kitgen.load.images import ImageLimits, ImageProblem
from kitgen.load.svg import check_svg
from kitgen.render.pdf import finish, new_canvas
from kitgen.render.pictures import Fit, Picture, draw_picture, load_picture, low_dpi, placement

SVG_NS = 'xmlns="http://www.w3.org/2000/svg"'
CLEAN = (
    f'<svg {SVG_NS} width="100" height="50" viewBox="0 0 100 50">'
    '<rect x="0" y="0" width="100" height="50" fill="#ff0000"/></svg>'
)


def png_bytes(size: tuple[int, int] = (30, 20), colour: tuple[int, ...] = (0, 128, 0)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB" if len(colour) == 3 else "RGBA", size, colour).save(out, "PNG")
    return out.getvalue()


def refused(svg: str | bytes, limits: ImageLimits | None = None) -> ImageProblem:
    data = svg.encode() if isinstance(svg, str) else svg
    problem = check_svg(data, "art.svg", limits) if limits else check_svg(data, "art.svg")
    assert problem is not None
    return problem


# SVG refusals, before svglib sees the bytes.


def test_a_clean_svg_is_accepted() -> None:
    assert check_svg(CLEAN.encode(), "art.svg") is None
    bare = '<svg width="1" height="1"><use href="#a"/><rect id="a" style="fill:url(#g)"/></svg>'
    assert check_svg(bare.encode(), "art.svg") is None  # no namespace is SVG too


@pytest.mark.parametrize(
    ("data", "says"),
    [
        ('<html xmlns="http://www.w3.org/1999/xhtml"/>', "its root element is <html>"),
        ('<svg xmlns="http://example.com/not-svg"/>', "in namespace http://example.com/not-svg"),
        ("<svg><rect></svg>", "not well-formed XML (line 1"),
        ("not xml at all", "not well-formed XML"),
    ],
)
def test_not_svg_is_unreadable(data: str, says: str) -> None:
    problem = refused(data)
    assert problem.code == "image-unreadable"
    assert says in problem.message and "'art.svg'" in problem.message


def test_a_doctype_is_refused_before_any_entity_expands() -> None:
    laughs = (
        '<?xml version="1.0"?>\n<!DOCTYPE svg [\n<!ENTITY a "lol">\n'
        + "".join(f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">\n' for i in range(9))
        + "]>\n<svg "
        + SVG_NS
        + "><text>&j;</text></svg>"
    )
    problem = refused(laughs)
    assert problem.code == "image-refused"
    assert "DOCTYPE" in problem.message and "(line 2)" in problem.message
    xxe = f'<!DOCTYPE svg SYSTEM "file:///etc/passwd"><svg {SVG_NS}/>'
    assert refused(xxe).code == "image-refused"


def test_an_undeclared_entity_is_unreadable() -> None:
    assert refused(f"<svg {SVG_NS}>&xxe;</svg>").code == "image-unreadable"


@pytest.mark.parametrize(
    "element",
    [
        '<image href="evil.png" width="1" height="1"/>',
        '<image xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="/etc/passwd"/>',
        '<use href="other.svg#icon"/>',
        '<image href="https://example.com/x.png"/>',
        '<image href="data:image/svg+xml;base64,PHN2Zy8+"/>',
        '<image href="file:///etc/passwd"/>',
    ],
)
def test_a_reference_to_another_file_is_refused(element: str) -> None:
    problem = refused(f"<svg {SVG_NS}>{element}</svg>")
    assert problem.code == "image-refused"
    assert "the SVG loads another file (href=" in problem.message
    assert problem.message.endswith("kitgen draws only self-contained SVG")


def test_the_message_names_the_href() -> None:
    problem = refused(f'<svg {SVG_NS}><image href="evil.png"/></svg>')
    assert "(href='evil.png')" in problem.message


def test_an_embedded_png_is_allowed_and_checked_like_any_image() -> None:
    small = base64.b64encode(png_bytes()).decode()
    assert (
        check_svg(
            f'<svg {SVG_NS}><image href="data:image/png;base64,{small}"/></svg>'.encode(), "a.svg"
        )
        is None
    )
    big = base64.b64encode(png_bytes((200, 10))).decode()
    problem = refused(
        f'<svg {SVG_NS}><image href="data:image/png;base64,{big}"/></svg>',
        ImageLimits(max_side_px=100),
    )
    assert problem.code == "image-too-large" and "200 x 10 px" in problem.message
    assert refused(f'<svg {SVG_NS}><image href="data:image/png;base64,!!!"/></svg>').code == (
        "image-unreadable"
    )


@pytest.mark.parametrize(
    "svg",
    [
        f'<svg {SVG_NS}><rect style="fill: url(http://example.com/p.svg#g)"/></svg>',
        f"<svg {SVG_NS}><rect fill=\"url('pattern.svg#p')\"/></svg>",
        f'<svg {SVG_NS}><rect filter="url(other.svg#blur)"/></svg>',
        f"<svg {SVG_NS}><style>rect {{ fill: url(p.png) }}</style></svg>",
        f'<svg {SVG_NS}><style>@import "evil.css";</style></svg>',
        f"<svg {SVG_NS}><style><![CDATA[@IMPORT url(x.css);]]></style></svg>",
        f"<svg {SVG_NS}><style>rect {{ fill: u\\72l(p.png) }}</style></svg>",
        f'<svg {SVG_NS}><rect style="background: u/**/rl(x)"/></svg>',
        '<?xml-stylesheet href="evil.css"?><svg ' + SVG_NS + "/>",
    ],
)
def test_css_that_loads_a_file_is_refused(svg: str) -> None:
    problem = refused(svg)
    assert problem.code == "image-refused", problem.message
    assert "self-contained" in problem.message or "cannot read" in problem.message


def test_css_url_to_an_id_is_allowed() -> None:
    svg = f"<svg {SVG_NS}><style>.a {{ fill: url( '#grad' ) }}</style><rect class='a'/></svg>"
    assert check_svg(svg.encode(), "a.svg") is None


def test_too_many_elements_too_deep_and_too_many_bytes() -> None:
    many = f"<svg {SVG_NS}>" + "<rect/>" * 30 + "</svg>"
    assert check_svg(many.encode(), "a.svg", ImageLimits(max_svg_elements=31)) is None
    problem = refused(many, ImageLimits(max_svg_elements=30))
    assert problem.code == "image-too-large" and "more than 30 elements" in problem.message
    assert refused(f"<svg {SVG_NS}>" + "<rect/>" * 20_001 + "</svg>").code == "image-too-large"
    deep = f"<svg {SVG_NS}>" + "<g>" * 100 + "</g>" * 100 + "</svg>"
    problem = refused(deep)
    assert problem.code == "image-too-large" and "more than 100 deep" in problem.message
    assert check_svg(deep.encode(), "a.svg", ImageLimits(max_svg_depth=101)) is None
    problem = refused(CLEAN, ImageLimits(max_svg_bytes=50))
    assert problem.code == "image-too-large" and "up to 50 bytes" in problem.message


def test_the_svg_check_loads_no_drawing_library() -> None:
    probe = (
        "import sys, kitgen.load.svg\n"
        "heavy = ('reportlab', 'PIL', 'svglib', 'lxml')\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


# Loading and drawing pictures.


def write(tmp_path: Path, name: str, data: bytes | str) -> str:
    path = tmp_path / name
    if isinstance(data, str):
        path.write_text(data, encoding="utf-8")
    else:
        path.write_bytes(data)
    return str(path)


def loaded(path: str, limits: ImageLimits | None = None) -> Picture:
    picture, problem = load_picture(path, limits) if limits else load_picture(path)
    assert problem is None and picture is not None
    return picture


def render(*placements: tuple[Picture, float, float, float, float, Fit, str | None]) -> bytes:
    canvas, buffer = new_canvas("pictures")
    for picture, x, y, w, h, fit, tint in placements:
        draw_picture(canvas, picture, x, y, w, h, fit, tint=tint)
    return finish(canvas, buffer)


def pixel(pdf: bytes, x_pt: float, y_pt: float, scale: float = 1.0) -> tuple[int, int, int]:
    """The colour at a point (PDF coordinates, from the bottom left) of page one."""
    document = pdfium.PdfDocument(pdf)
    try:
        image = document[0].render(scale=scale).to_pil().convert("RGB")
        height = image.size[1]
        r, g, b = image.getpixel((round(x_pt * scale), round(height - y_pt * scale)))
        return r, g, b
    finally:
        document.close()


def image_xobjects(pdf: bytes) -> int:
    """How many distinct image XObjects the PDF's first page uses, in forms too."""
    found: set[int] = set()

    def walk(resources: object) -> None:
        xobjects = resources.get("/XObject", {}) if isinstance(resources, dict) else {}
        for ref in xobjects.values():
            obj = ref.get_object()
            if obj["/Subtype"] == "/Image":
                found.add(ref.idnum)
            else:
                walk(obj.get("/Resources"))

    walk(PdfReader(io.BytesIO(pdf)).pages[0]["/Resources"])
    return len(found)


@pytest.mark.parametrize(
    ("fit", "expected"),
    [
        ("fit", (10.0, 35.0, 100.0, 50.0, False)),  # letterboxed, centred
        ("fill", (10.0, 20.0, 100.0, 80.0, False)),  # stretched
        ("crop", (-20.0, 20.0, 160.0, 80.0, True)),  # covers, sides clipped
    ],
)
def test_placement(fit: Fit, expected: tuple[float, float, float, float, bool]) -> None:
    # A 2:1 picture in a 100 x 80 box at (10, 20).
    assert placement(200, 100, (10, 20, 100, 80), fit) == pytest.approx(expected)


def test_placement_of_a_picture_the_shape_of_its_box_is_not_clipped() -> None:
    assert placement(50, 40, (0, 0, 100, 80), "crop") == (0, 0, 100, 80, False)
    assert placement(10, 100, (0, 0, 100, 100), "fit") == pytest.approx((45, 0, 10, 100, False))
    with pytest.raises(ValueError, match="unknown fit"):
        placement(1, 1, (0, 0, 1, 1), "stretch")  # type: ignore[arg-type]


def test_a_clean_svg_is_drawn_as_vectors(tmp_path: Path) -> None:
    picture = loaded(write(tmp_path, "red.svg", CLEAN))
    assert picture.kind == "svg"
    assert picture.width_pt / picture.height_pt == pytest.approx(2)
    assert picture.width_px is None and low_dpi(picture, 1, 1) is None
    pdf = render((picture, 100, 100, 200, 200, "fit", None))
    assert b"Helvetica" not in pdf
    assert pixel(pdf, 200, 200) == (255, 0, 0)  # inside the letterboxed shape
    assert pixel(pdf, 200, 120) == (255, 255, 255)  # the letterbox below it
    assert image_xobjects(pdf) == 0


def test_crop_clips_to_the_box(tmp_path: Path) -> None:
    picture = loaded(write(tmp_path, "red.svg", CLEAN))
    pdf = render((picture, 100, 100, 100, 100, "crop", None))
    assert pixel(pdf, 150, 150) == (255, 0, 0)
    assert pixel(pdf, 210, 150) == (255, 255, 255)  # would be red without the clip
    assert pixel(pdf, 90, 150) == (255, 255, 255)


def test_tint_recolours_an_svg_icon(tmp_path: Path) -> None:
    icon = (
        f'<svg {SVG_NS} width="10" height="10"><rect width="10" height="10" fill="black" '
        'stroke="none"/></svg>'
    )
    picture = loaded(write(tmp_path, "icon.svg", icon))
    pdf = render(
        (picture, 0, 0, 50, 50, "fit", "#0000ff"),
        (picture, 100, 0, 50, 50, "fit", None),
    )
    assert pixel(pdf, 25, 25) == (0, 0, 255)
    assert pixel(pdf, 125, 25) == (0, 0, 0)  # the cached picture itself is untouched


def test_tint_recolours_a_raster_icon_keeping_transparency(tmp_path: Path) -> None:
    image = Image.new("RGBA", (20, 20), (0, 0, 0, 0))
    image.paste((0, 0, 0, 255), (0, 0, 10, 20))  # left half black, right half clear
    out = io.BytesIO()
    image.save(out, "PNG")
    picture = loaded(write(tmp_path, "icon.png", out.getvalue()))
    pdf = render((picture, 0, 0, 100, 100, "fill", "red"))
    assert pixel(pdf, 25, 50) == (255, 0, 0)
    assert pixel(pdf, 75, 50) == (255, 255, 255)


def test_a_png_is_drawn_and_placed_a_thousand_times_embedded_once(tmp_path: Path) -> None:
    noisy = Image.effect_noise((200, 200), 100).convert("RGB")  # does not compress away
    out = io.BytesIO()
    noisy.save(out, "PNG")
    picture = loaded(write(tmp_path, "noise.png", out.getvalue()))
    once = render((picture, 0, 0, 10, 10, "fit", None))
    many = render(
        *[(picture, (i % 40) * 14, (i // 40) * 14, 12, 12, "fit", None) for i in range(1000)]
    )
    assert image_xobjects(many) == 1
    assert len(many) < len(once) + 40_000  # about 30 bytes a placement
    assert len(once) > 50_000  # so a copy a placement would be 50 MB


def test_a_png_is_read_once_while_it_stays_the_same(tmp_path: Path) -> None:
    path = write(tmp_path, "a.png", png_bytes())
    first = loaded(path)
    assert loaded(path) is first
    Path(path).write_bytes(png_bytes((31, 20)))  # another size: another file
    assert loaded(path) is not first


def test_raster_sizes_and_dpi(tmp_path: Path) -> None:
    plain = loaded(write(tmp_path, "plain.png", png_bytes((600, 300))))
    assert (plain.kind, plain.width_px, plain.height_px) == ("raster", 600, 300)
    assert (plain.width_pt, plain.height_pt) == pytest.approx((144, 72))  # at 300 dpi
    out = io.BytesIO()
    Image.new("RGB", (150, 150)).save(out, "PNG", dpi=(150, 150))
    stated = loaded(write(tmp_path, "stated.png", out.getvalue()))
    assert stated.width_pt == pytest.approx(72, abs=0.1)
    assert low_dpi(plain, 144, 72) is None
    assert low_dpi(plain, 720, 360) == pytest.approx(60)


def test_a_jpeg_is_embedded_as_it_is(tmp_path: Path) -> None:
    out = io.BytesIO()
    Image.effect_noise((100, 100), 50).convert("RGB").save(out, "JPEG", quality=80)
    picture = loaded(write(tmp_path, "photo.jpg", out.getvalue()))
    assert picture.jpeg is not None
    pdf = render((picture, 0, 0, 100, 100, "fit", None))
    assert b"/DCTDecode" in pdf


def test_a_png_too_large_is_refused_before_decoding(tmp_path: Path) -> None:
    # A header that claims 50,000 px a side: a decoder would try to allocate it all.
    data = png_bytes((10, 10))
    huge = data[:16] + (50_000).to_bytes(4, "big") * 2 + data[24:]
    picture, problem = load_picture(write(tmp_path, "huge.png", huge))
    assert picture is None and problem is not None
    assert problem.code == "image-too-large" and "50000 x 50000 px" in problem.message
    picture, problem = load_picture(
        write(tmp_path, "wide.png", png_bytes((300, 10))), ImageLimits(max_side_px=200)
    )
    assert problem is not None and problem.code == "image-too-large"


def test_corrupt_and_missing_files(tmp_path: Path) -> None:
    data = png_bytes((40, 40))
    cut = write(tmp_path, "cut.png", data[: len(data) // 2] + bytes(20))
    picture, problem = load_picture(cut)
    assert picture is None and problem is not None
    assert problem.code == "image-unreadable" and "cannot be decoded" in problem.message
    _, problem = load_picture(write(tmp_path, "notes.png", "just text"))
    assert problem is not None and problem.code == "image-unreadable"
    _, problem = load_picture(str(tmp_path / "gone.png"))
    assert problem is not None and problem.code == "image-not-found"
    _, problem = load_picture(
        write(tmp_path, "evil.svg", f'<svg {SVG_NS}><image href="x.png"/></svg>')
    )
    assert problem is not None and problem.code == "image-refused"


def test_svg_text_is_set_in_an_embedded_font(tmp_path: Path) -> None:
    svg = (
        f'<svg {SVG_NS} width="100" height="20">'
        '<text x="0" y="15" font-family="Helvetica">Hi</text></svg>'
    )
    pdf = render((loaded(write(tmp_path, "t.svg", svg)), 0, 0, 100, 20, "fit", None))
    assert b"Helvetica" not in pdf
    assert b"DejaVuSans" in pdf


def test_output_is_deterministic(tmp_path: Path) -> None:
    svg = loaded(write(tmp_path, "red.svg", CLEAN))
    png = loaded(write(tmp_path, "a.png", png_bytes()))

    def once() -> bytes:
        return render(
            (svg, 0, 0, 50, 50, "crop", None),
            (svg, 60, 0, 50, 50, "fit", "#123456"),
            (png, 120, 0, 50, 50, "fill", None),
        )

    assert once() == once()


def test_a_kept_placement_writes_what_a_fresh_one_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """draw_picture keeps what its clip and move write for each place: the same pictures
    in the same places (the second time, kept) give the bytes they give made afresh,
    with the clip's fill rule as the canvas has it."""
    from kitgen.render import pictures

    svg = loaded(write(tmp_path, "red.svg", CLEAN))
    png = loaded(write(tmp_path, "green.png", png_bytes()))
    places: list[tuple[Picture, float, float, float, float, Fit, str | None]] = [
        (picture, x, y, w, h, fit, tint)
        for picture in (svg, png)
        for x, y, w, h in ((10.5, 20.25, 100.0, 80.0), (0.1, 0.2, 33.3, 66.6))
        for fit in ("fit", "fill", "crop")
        for tint in (None, "#0000ff")
    ]

    def drawn() -> bytes:
        canvas, buffer = new_canvas("pictures")
        for even_odd in (True, False):
            canvas._fillMode = int(not even_odd)  # reportlab's FILL_EVEN_ODD is 0
            for picture, x, y, w, h, fit, tint in places * 2:
                draw_picture(canvas, picture, x, y, w, h, fit, tint=tint)
        return finish(canvas, buffer)

    pictures._PLACED.clear()
    kept = drawn()
    assert pictures._PLACED
    fresh_calls: list[int] = []

    class Fresh(dict[tuple[float | bool | int, ...], tuple[str, ...]]):
        def get(self, key: object, default: object = None) -> None:  # type: ignore[override]
            fresh_calls.append(1)
            return None

    monkeypatch.setattr(pictures, "_PLACED", Fresh())
    assert drawn() == kept
    assert len(fresh_calls) == 2 * 2 * len(places)


def _png(image: Image.Image, **options: object) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", **options)
    return out.getvalue()


def _rendered(pdf: bytes) -> bytes:
    document = pdfium.PdfDocument(pdf)
    try:
        return bytes(document[0].render(scale=2).to_pil().convert("RGB").tobytes())
    finally:
        document.close()


@pytest.mark.parametrize("mode", ["RGB", "L"])
def test_a_plain_png_is_embedded_as_it_is_with_the_same_pixels(tmp_path: Path, mode: str) -> None:
    """An 8-bit grey or RGB PNG keeps its own compressed rows in the PDF (no decoding
    and compressing again), and prints exactly the pixels the decoded picture does."""
    noisy = Image.effect_noise((64, 48), 90).convert(mode)  # every PNG row filter in use
    data = _png(noisy)
    picture = loaded(write(tmp_path, f"plain-{mode}.png", data))
    assert picture.png is not None
    kept = render((picture, 10, 10, 200, 150, "fit", None))
    rows = b"".join(
        data[at + 8 : at + 8 + int.from_bytes(data[at : at + 4], "big")]
        for at in range(8, len(data))
        if data[at + 4 : at + 8] == b"IDAT"
    )
    assert rows in kept  # the PNG's own bytes, unchanged
    decoded = render((replace(picture, png=None), 10, 10, 200, 150, "fit", None))  # as before
    assert rows not in decoded
    assert _rendered(kept) == _rendered(decoded)


@pytest.mark.parametrize(
    ("image", "options"),
    [
        (Image.new("RGBA", (8, 8), (1, 2, 3, 128)), {}),  # alpha
        (Image.new("LA", (8, 8), (1, 128)), {}),  # grey and alpha
        (Image.new("P", (8, 8), 3), {}),  # a palette
        (Image.new("I;16", (8, 8), 3000), {}),  # 16 bits
        (Image.new("RGB", (8, 8), (1, 2, 3)), {"transparency": (1, 2, 3)}),  # tRNS
    ],
)
def test_a_png_a_pdf_cannot_hold_as_it_is_is_decoded(
    tmp_path: Path, image: Image.Image, options: dict[str, object]
) -> None:
    picture = loaded(write(tmp_path, "other.png", _png(image, **options)))
    assert picture.png is None
    assert image_xobjects(render((picture, 0, 0, 10, 10, "fit", None))) >= 1


def test_an_interlaced_png_is_not_held_as_it_is() -> None:
    from kitgen.render.pictures import _png_as_is

    data = _png(Image.new("RGB", (8, 8), (1, 2, 3)))
    assert _png_as_is(data, (8, 8)) is not None
    interlaced = data[:28] + b"\x01" + data[29:]  # IHDR's interlace method: Adam7
    assert _png_as_is(interlaced, (8, 8)) is None
    assert _png_as_is(data, (8, 9)) is None  # not the size decoded
