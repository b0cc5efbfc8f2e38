"""SVG drawn by kitgen.render.svgdraw: nothing outside the SVG's bytes is opened and no
program runs (its text prints in kitgen's DejaVu, whatever families it names), svglib's
log never reaches stderr (a warning at the SVG instead), and embedded PNG and JPEG
images are drawn, within kitgen's image limits."""

from __future__ import annotations

import base64
import io
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from conftest import run_in_process
from PIL import Image, ImageDraw
from pypdf import PdfReader

from kitgen.entry import main
from kitgen.load.images import ImageLimits
from kitgen.load.svg import check_svg
from kitgen.paths import data_dir
from kitgen.render.pdf import finish, new_canvas
from kitgen.render.pictures import Picture, draw_picture, load_picture

EXAMPLE = data_dir() / "examples" / "emberwake"
SVG = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'

# Run in a child process: load an SVG and draw it into a PDF in memory with an audit
# hook on, and say which files outside Python's and kitgen's own folders were opened
# or listed, which programs were started, and how long it took.
AUDIT = r"""
import json, os, sys, sysconfig, time
import kitgen
from kitgen.render import pictures
from kitgen.render.pdf import finish, new_canvas

svg_path = os.path.realpath(sys.argv[1])
roots = {sysconfig.get_paths()[key] for key in ("stdlib", "platstdlib", "purelib", "platlib")}
roots.add(os.path.dirname(kitgen.__file__))
roots = [os.path.realpath(root) for root in roots]
on_path = {os.path.realpath(entry or ".") for entry in sys.path}
found = []
RUN = ("subprocess.Popen", "os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork",
       "os.forkpty", "pty.spawn", "os.startfile")

def hook(event, args):
    if event in RUN:
        found.append(f"{event} {args[:2]!r}")
    elif event in ("open", "os.listdir", "os.scandir") and args:
        if not isinstance(args[0], (str, bytes)):
            return
        path = os.path.realpath(os.fsdecode(args[0]))
        if path == svg_path or any(path.startswith(root + os.sep) for root in roots):
            return
        if path in on_path:  # (imports looking for a module)
            return
        found.append(f"{event} {path}")

sys.addaudithook(hook)
start = time.monotonic()
picture, problem = pictures.load_picture(svg_path)
if picture is not None:
    canvas, buffer = new_canvas("audit")
    pictures.draw_picture(canvas, picture, 0, 0, 200, 200, "fit")
    pictures.draw_picture(canvas, picture, 0, 300, 200, 200, "fit", tint="#aa0000")
    finish(canvas, buffer)
print(json.dumps({
    "seconds": time.monotonic() - start,
    "problem": None if problem is None else problem.message,
    "found": found,
    "note": getattr(picture, "note", None),
}))
"""


def audited(folder: Path, svg: str) -> dict[str, object]:
    """Load and draw `svg` (written to folder/icon.svg) in a child process working in
    `folder`: what it opened outside Python and kitgen, ran, took, and said."""
    (folder / "icon.svg").write_text(svg, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-I", "-c", AUDIT, str(folder / "icon.svg")],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    result["stderr"] = done.stderr
    return result


def decoy_font(path: Path) -> None:
    """A TrueType font that is none of kitgen's: Vera with its names changed."""
    import reportlab

    vera = (Path(reportlab.__file__).parent / "fonts" / "Vera.ttf").read_bytes()
    old, new = b"BitstreamVeraSans-Roman", b"KitgenDecoyFontTestOnly"
    assert len(old) == len(new) and old in vera
    utf16 = (old.decode().encode("utf-16-be"), new.decode().encode("utf-16-be"))
    path.write_bytes(vera.replace(old, new).replace(*utf16))


def png(size: tuple[int, int], colour: tuple[int, ...] = (0, 0, 0, 255)) -> bytes:
    image = Image.new("RGBA" if len(colour) == 4 else "RGB", size, (255, 255, 255, 0))
    ImageDraw.Draw(image).ellipse((0, 0, size[0] - 1, size[1] - 1), fill=colour)
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def jpeg(size: tuple[int, int], colour: tuple[int, int, int]) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, "JPEG", quality=95)
    return out.getvalue()


def data_uri(data: bytes, kind: str = "png") -> str:
    return f"data:image/{kind};base64,{base64.b64encode(data).decode()}"


def render(picture: Picture, tint: str | None = None, size: float = 200) -> Image.Image:
    canvas, buffer = new_canvas("svg")
    canvas.setPageSize((size, size))
    draw_picture(canvas, picture, 0, 0, size, size, "fill", tint=tint)
    page = pdfium.PdfDocument(finish(canvas, buffer))[0]
    return page.render(scale=1).to_pil().convert("RGB")


def loaded(path: Path) -> Picture:
    picture, problem = load_picture(str(path))
    assert problem is None and picture is not None, problem
    return picture


def fonts_in(pdf: bytes) -> set[str]:
    """The BaseFont of every font a PDF's pages and forms use, subset tag removed."""
    names: set[str] = set()

    def walk(resources: object, seen: set[int]) -> None:
        if not isinstance(resources, dict):
            return
        for font in dict(resources.get("/Font", {})).values():
            names.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
        for ref in dict(resources.get("/XObject", {})).values():
            if ref.idnum not in seen:
                seen.add(ref.idnum)
                walk(ref.get_object().get("/Resources"), seen)

    for page in PdfReader(io.BytesIO(pdf)).pages:
        walk(page.get("/Resources"), set())
    return names


# Item 2: SVG text opens no file and starts no program.

FAMILIES = [
    "Evil",
    "evil",
    "'Evil', serif",
    '"../../x", Evil',
    "../../etc/x",
    "/etc/hostname",
    "/etc/hostname, /usr/share/fonts/truetype/dejavu/DejaVuSansMono",
    "serif",
    "sans-serif",
    "monospace",
    "cursive",
    "Times New Roman",
    "Helvetica",
    "Courier New",
    "a\u202eb, \u0085",
    "x" * 300,
    " , ,",
    "Segoe UI, Evil Sans",
    "DejaVuSansMono",
]


def test_svg_text_opens_no_font_file_and_starts_no_program(tmp_path: Path) -> None:
    for name in ("Evil.ttf", "evil.ttf", "Evilbd.ttf", "Evili.ttf", "Evilbi.ttf", "x.ttf"):
        decoy_font(tmp_path / name)
    texts = []
    for i, family in enumerate(FAMILIES):
        quoted = family.replace("&", "&amp;").replace('"', "&quot;")
        for weight, style in (("normal", "normal"), ("bold", "italic"), ("700", "oblique")):
            texts.append(
                f'<text x="1" y="{i + 1}" font-family="{quoted}" font-weight="{weight}" '
                f'font-style="{style}">Hi <tspan font-family="Evil">there</tspan></text>'
            )
    svg = (
        f'<svg {SVG} width="100" height="100"><style>.c {{ font-family: Evil, serif }}</style>'
        + "".join(texts)
        + '<text class="c" x="1" y="90" style="font-family: \'Evil\'; font-weight: bold">'
        "Styled</text></svg>"
    )
    result = audited(tmp_path, svg)
    assert result["problem"] is None
    assert result["found"] == [], result["found"]


def test_twenty_thousand_families_draw_quickly(tmp_path: Path) -> None:
    decoy_font(tmp_path / "f0.ttf")
    families = ", ".join(f"f{i}" if i % 2 else f"'f {i}'" for i in range(20_000))
    svg = (
        f'<svg {SVG} width="100" height="20"><text x="0" y="15" font-family="{families}">'
        "Hi</text></svg>"
    )
    result = audited(tmp_path, svg)
    assert result["problem"] is None and result["found"] == [], result["found"]
    assert isinstance(result["seconds"], float) and result["seconds"] < 10


def test_a_font_named_like_a_family_in_the_working_folder_is_not_embedded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    decoy_font(tmp_path / "Decoy.ttf")
    decoy_font(tmp_path / "Decoybd.ttf")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "t.svg").write_text(
        f'<svg {SVG} width="100" height="40">'
        '<text x="0" y="15" font-family="Decoy">Hi</text>'
        '<text x="0" y="35" font-family="Decoy" font-weight="bold">Hi</text></svg>',
        encoding="utf-8",
    )
    picture = loaded(tmp_path / "t.svg")
    canvas, buffer = new_canvas("svg")
    draw_picture(canvas, picture, 0, 0, 100, 40, "fit")
    fonts = fonts_in(finish(canvas, buffer))
    assert not any("Decoy" in font for font in fonts), fonts
    assert "DejaVuSans" in fonts and "DejaVuSans-Bold" in fonts


def string_fonts(picture: Picture) -> list[str]:
    from reportlab.graphics.shapes import String

    def walk(node: object) -> list[str]:
        out = []
        for shape in getattr(node, "contents", ()):
            if isinstance(shape, String):
                out.append(str(shape.fontName))
            out += walk(shape)
        return out

    return walk(picture.content)


@pytest.mark.parametrize(
    ("family", "weight", "style", "face"),
    [
        ("Helvetica", "normal", "normal", "DejaVuSans"),
        ("serif", "normal", "normal", "DejaVuSerif"),
        ("Times New Roman", "bold", "normal", "DejaVuSerif-Bold"),
        ("'Georgia', serif", "700", "italic", "DejaVuSerif-BoldItalic"),
        ("Unknown Face, Georgia", "normal", "italic", "DejaVuSerif-Italic"),
        ("Unknown Face, sans-serif, serif", "normal", "oblique", "DejaVuSans-Oblique"),
        ("Noto Serif Display", "600", "normal", "DejaVuSerif-Bold"),
        ("PT Sans", "bolder", "normal", "DejaVuSans-Bold"),
        ("monospace", "300", "normal", "DejaVuSans"),
        ("/etc/passwd", "bold", "italic", "DejaVuSans-BoldOblique"),
        ("'Unclosed, Georgia", "normal", "normal", "DejaVuSans"),
    ],
)
def test_text_prints_in_kitgens_faces_as_the_svg_asks(
    tmp_path: Path, family: str, weight: str, style: str, face: str
) -> None:
    svg = (
        f'<svg {SVG} width="100" height="20"><text x="0" y="15" font-family="{family}" '
        f'font-weight="{weight}" font-style="{style}">Hi</text></svg>'
    )
    (tmp_path / "t.svg").write_text(svg, encoding="utf-8")
    assert string_fonts(loaded(tmp_path / "t.svg")) == [face]


def test_family_lists_are_read_as_css_reads_them() -> None:
    from kitgen.render import svgdraw

    names = list(svgdraw._family_names(" 'A, B' ,  \"C  D\",E ,, 'unclosed, F"))
    assert names == ["a, b", "c d", "e", "", "unclosed, f"]
    assert svgdraw._family_kind("") == "sans"
    assert svgdraw._family_kind("x, " * 63 + "serif") == "serif"
    assert svgdraw._family_kind("x, " * 64 + "serif") == "sans"  # (the first 64 names)
    assert svgdraw._family_kind("x" * 10**6 + ", serif") == "serif"


# svglib's log: a warning at the SVG file, never raw text on stderr.

FORGED = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">\n'
    '  <path d="M10 10 H90 V90 Z" fill="#000000"/>\n'
    '  <rect width="5" height="5" fill="red&#10;kitgen: error: forged&#x202e;&#x9b;31m"/>\n'
    '  <rect width="5" height="5" clip-path="url(#nowhere)"/>\n'
    "</svg>\n"
)


@pytest.mark.parametrize("command", ["check", "build"])
def test_svglib_log_is_a_warning_at_the_svg_and_never_raw_on_stderr(
    tmp_path: Path, command: str
) -> None:
    game = tmp_path / "emberwake"
    shutil.copytree(EXAMPLE, game)
    (game / "icons" / "grove.svg").write_text(FORGED, encoding="utf-8")
    args = [command, str(game)] + (["-o", str(tmp_path / "out")] if command == "build" else [])
    done = subprocess.run(
        [sys.executable, "-m", "kitgen", *args],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    shown = done.stdout + done.stderr
    for raw in ("\u202e", "\x9b", "\nkitgen: error: forged", "Can't handle"):
        assert raw not in shown, shown
    warning = [line for line in shown.splitlines() if "image-partly-drawn" in line]
    assert len(warning) == 1, shown
    assert warning[0].startswith(f"{game / 'icons' / 'grove.svg'}:3:1: warning image-partly-drawn")
    assert "the icon 'grove' is not drawn as its SVG says: the colour 'red\\n" in warning[0]
    assert "\\u202e\\x9b31m' cannot be read; that paint is left out (and 1 more)" in warning[0]


def test_check_reads_the_icons_text_names_as_the_build_draws_them(tmp_path: Path) -> None:
    game = tmp_path / "emberwake"
    shutil.copytree(EXAMPLE, game)  # (:spark: is drawn in rules text only)
    (game / "icons" / "spark.svg").write_text(f"<!DOCTYPE svg>\n<svg {SVG}/>", encoding="utf-8")
    status, out, _err = run_in_process(main, "check", str(game))
    assert status == 1 and "error image-refused card 'Cinder Pup' (and 3 more): the icon" in out
    (game / "icons" / "spark.svg").write_text(FORGED, encoding="utf-8")
    status, out, _err = run_in_process(main, "check", str(game))
    assert status == 0 and f"{game / 'icons' / 'spark.svg'}:3:1: warning image-partly-drawn" in out


def test_nothing_svglib_logs_reaches_a_handler_of_the_root_logger(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    (tmp_path / "f.svg").write_text(FORGED, encoding="utf-8")
    picture = loaded(tmp_path / "f.svg")
    assert picture.note is not None and picture.note[0] == 3
    assert caplog.records == []


def test_uses_past_the_limit_are_left_out_with_a_note(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from kitgen.render import svgdraw

    monkeypatch.setattr(svgdraw, "MAX_USES", 50)
    parts = [f'<svg {SVG} width="10" height="10"><defs><rect id="g0" width="1" height="1"/>']
    for k in range(1, 7):  # a million copies of one rectangle, in six levels of ten
        uses = "".join(f'<use xlink:href="#g{k - 1}"/>' for _ in range(10))
        parts.append(f'<g id="g{k}">{uses}</g>')
    parts.append('</defs>\n<use xlink:href="#g6"/></svg>')
    (tmp_path / "u.svg").write_text("".join(parts), encoding="utf-8")
    picture = loaded(tmp_path / "u.svg")
    assert picture.note is not None
    assert picture.note[1].startswith("more than 50 <use> copies; the rest are left out")


# Item 8: embedded PNG and JPEG images are drawn.


def quarters() -> bytes:
    """A 40 x 20 PNG: red top left, blue bottom right, white elsewhere."""
    image = Image.new("RGB", (40, 20), (255, 255, 255))
    image.paste((255, 0, 0), (0, 0, 20, 10))
    image.paste((0, 0, 255), (20, 10, 40, 20))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def framed(image: str, attrs: str = "") -> str:
    return (
        f'<svg {SVG} viewBox="0 0 100 100" width="100" height="100">'
        '<rect width="100" height="100" fill="#00ff00"/>'
        f'<image x="10" y="20" width="80" height="80" {attrs} xlink:href="{image}"/></svg>'
    )


def test_an_embedded_png_is_drawn_upright_and_letterboxed(tmp_path: Path) -> None:
    (tmp_path / "q.svg").write_text(framed(data_uri(quarters())), encoding="utf-8")
    pixels = render(loaded(tmp_path / "q.svg"))  # 2 px a unit, y down
    assert pixels.getpixel((40, 100)) == (255, 0, 0)  # top left quarter, at y 40..60
    assert pixels.getpixel((140, 140)) == (0, 0, 255)  # bottom right, at y 60..80
    assert pixels.getpixel((140, 100)) == (255, 255, 255)
    assert pixels.getpixel((100, 60)) == (0, 255, 0)  # letterbox: xMidYMid meet
    assert pixels.getpixel((100, 190)) == (0, 255, 0)


def test_preserve_aspect_ratio_none_and_slice(tmp_path: Path) -> None:
    (tmp_path / "n.svg").write_text(
        framed(data_uri(quarters()), 'preserveAspectRatio="none"'), encoding="utf-8"
    )
    pixels = render(loaded(tmp_path / "n.svg"))
    assert pixels.getpixel((40, 60)) == (255, 0, 0)  # stretched over the whole box
    assert pixels.getpixel((160, 180)) == (0, 0, 255)
    (tmp_path / "s.svg").write_text(
        framed(data_uri(quarters()), 'preserveAspectRatio="xMinYMax slice"'), encoding="utf-8"
    )
    pixels = render(loaded(tmp_path / "s.svg"))
    assert pixels.getpixel((100, 60)) == (255, 0, 0)  # the left half, scaled 4 times
    assert pixels.getpixel((100, 180)) == (255, 255, 255)
    assert pixels.getpixel((190, 100)) == (0, 255, 0)  # clipped to its box


def test_a_jpeg_and_a_png_are_drawn_tinted_and_untinted(tmp_path: Path) -> None:
    svg = (
        f'<svg {SVG} width="20" height="10">'
        f'<image width="10" height="10" href="{data_uri(jpeg((8, 8), (0, 0, 0)), "jpeg")}"/>'
        f'<image x="10" width="10" height="10" href="{data_uri(png((8, 8)))}"/></svg>'
    )
    (tmp_path / "two.svg").write_text(svg, encoding="utf-8")
    picture = loaded(tmp_path / "two.svg")
    plain, tinted = render(picture), render(picture, "#0000ff")
    assert plain.getpixel((50, 100)) == (0, 0, 0) and plain.getpixel((150, 100)) == (0, 0, 0)
    assert tinted.getpixel((50, 100)) == (0, 0, 255) and tinted.getpixel((150, 100)) == (0, 0, 255)
    assert tinted.getpixel((101, 2)) == (255, 255, 255)  # the PNG's clear corner


def test_an_svg_with_embedded_images_builds_and_prints_them(tmp_path: Path) -> None:
    game = tmp_path / "emberwake"
    shutil.copytree(EXAMPLE, game)
    disc = png((64, 64))
    black = jpeg((32, 32), (0, 0, 0))
    for icon, image in (("flame", data_uri(disc)), ("tide", data_uri(black, "jpeg"))):
        (game / "icons" / f"{icon}.svg").write_text(
            f'<svg {SVG} viewBox="0 0 100 100" width="100" height="100">'
            f'<image width="100" height="100" href="{image}"/></svg>',
            encoding="utf-8",
        )
    status, out, err = run_in_process(main, "check", str(game))
    assert status == 0, out + err
    status, out, err = run_in_process(main, "build", str(game), "-o", str(tmp_path / "out"))
    assert status == 0, out + err
    pdf = pdfium.PdfDocument(str(tmp_path / "out" / "emberwake" / "emberwake-cards.pdf"))
    colours: set[tuple[int, int, int]] = set()
    for index in range(len(pdf)):
        image = pdf[index].render(scale=0.5).to_pil().convert("RGB")
        colours |= {colour for _, colour in image.getcolors(image.width * image.height)}
    assert (0x7A, 0x24, 0x18) in colours  # flame's emblem tint, on the embedded PNG disc
    assert (0x17, 0x3F, 0x66) in colours  # tide's, on the embedded JPEG


def test_an_embedded_image_opens_no_file(tmp_path: Path) -> None:
    # (svglib 1.5 writes each embedded image to a temporary file it never deletes.)
    svg = (
        f'<svg {SVG} width="30" height="10">'
        f'<image id="i" width="10" height="10" href="{data_uri(png((8, 8)))}"/>'
        f'<image x="10" width="10" height="10" href="{data_uri(jpeg((8, 8), (9, 9, 9)), "jpg")}"/>'
        '<use href="#i" x="20"/></svg>'
    )
    result = audited(tmp_path, svg)
    assert result["problem"] is None and result["found"] == [], result["found"]


def test_an_embedded_image_used_two_thousand_times_is_read_once(tmp_path: Path) -> None:
    noise = Image.effect_noise((700, 700), 100).convert("RGB")  # does not compress away
    out = io.BytesIO()
    noise.save(out, "PNG")
    svg = (
        f'<svg {SVG} width="10" height="10"><defs><image id="i" width="10" height="10" '
        f'href="{data_uri(out.getvalue())}"/></defs>' + '<use href="#i"/>' * 2000 + "</svg>"
    )
    (tmp_path / "many.svg").write_text(svg, encoding="utf-8")
    start = time.monotonic()
    picture = loaded(tmp_path / "many.svg")
    assert time.monotonic() - start < 20
    canvas, buffer = new_canvas("svg")
    draw_picture(canvas, picture, 0, 0, 100, 100, "fit")
    reader = PdfReader(io.BytesIO(finish(canvas, buffer)))
    images = {
        ref.idnum
        for form in reader.pages[0]["/Resources"]["/XObject"].values()
        for ref in form.get_object()["/Resources"]["/XObject"].values()
    }
    assert len(images) == 1  # the 2,000 copies draw one image object


def test_an_embedded_image_that_does_not_decode_is_unreadable_at_its_line(
    tmp_path: Path,
) -> None:
    broken = png((16, 16))
    broken = broken[:40] + b"\x00" * 20 + broken[60:]  # the header stands, the rows do not
    (tmp_path / "b.svg").write_text(
        f'<svg {SVG} width="10" height="10">\n<image width="10" height="10" '
        f'href="{data_uri(broken)}"/></svg>',
        encoding="utf-8",
    )
    picture, problem = load_picture(str(tmp_path / "b.svg"))
    assert picture is None and problem is not None and problem.code == "image-unreadable"
    assert "(line 2): an image embedded in the SVG cannot be decoded" in problem.message


def test_embedded_images_together_are_held_to_one_pictures_pixels() -> None:
    image = f'<image href="{data_uri(png((10, 10)))}"/>'
    limits = ImageLimits(max_pixels=250)
    assert check_svg(f"<svg {SVG}>{image * 2}</svg>".encode(), "a.svg", limits) is None
    problem = check_svg(f"<svg {SVG}>{image * 3}</svg>".encode(), "a.svg", limits)
    assert problem is not None and problem.code == "image-too-large"
    assert "embedded in the SVG hold 0.0 megapixels so far" in problem.message


@pytest.mark.parametrize(
    "element",
    [
        '<rect width="inf" height="5"/>',
        '<circle r="1e999"/>',
        '<rect width="5" height="5" transform="scale(inf)"/>',
        f'<image width="inf" height="5" href="{data_uri(png((4, 4)))}"/>',
    ],
)
def test_what_cannot_be_drawn_is_found_when_read_not_when_built(
    tmp_path: Path, element: str
) -> None:
    (tmp_path / "n.svg").write_text(f'<svg {SVG} width="9" height="9">{element}</svg>', "utf-8")
    picture, problem = load_picture(str(tmp_path / "n.svg"))
    assert picture is None and problem is not None and problem.code == "image-unreadable"
    assert "infinite or not a number" in problem.message


@pytest.mark.parametrize("accelerated", [True, False])
def test_an_infinite_size_is_found_with_or_without_reportlabs_accelerator(
    tmp_path: Path, accelerated: bool
) -> None:
    """reportlab's Python refuses to write `inf` into a page, its C accelerator (the fast
    extra) writes it: kitgen finds such a number itself, whichever reportlab runs."""
    svg = tmp_path / "n.svg"
    svg.write_text(f'<svg {SVG} width="9" height="9"><circle r="1e999"/></svg>', "utf-8")
    script = (
        ("" if accelerated else "import sys; sys.modules['_rl_accel'] = None\n")
        + "from reportlab.lib import rl_accel\n"
        + "from kitgen.render.pictures import load_picture\n"
        + f"picture, problem = load_picture({str(svg)!r})\n"
        + "print(sorted(rl_accel._c_funcs) != [], picture, problem and problem.code)\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == [str(accelerated), "None", "image-unreadable"]


def test_the_renderer_opens_no_file_an_image_names(tmp_path: Path) -> None:
    """Behind kitgen.load.svg (which refuses such a file): svgdraw itself reads nothing."""
    from kitgen.render import svgdraw

    (tmp_path / "evil.png").write_bytes(png((4, 4)))
    svg = (
        f'<svg {SVG} width="10" height="10"><image width="10" height="10" href="evil.png"/>'
        f'<image width="10" height="10" href="{tmp_path / "evil.png"}"/>'
        '<image width="10" height="10" href="file:///etc/hostname"/></svg>'
    )
    calls: list[bytes] = []
    converted = svgdraw.convert(svg.encode(), "e.svg", lambda data, line: calls.append(data))
    assert isinstance(converted, svgdraw.Converted) and calls == []
    assert converted.note == (1, "<image> cannot draw another file; it is left out (and 2 more)")
    canvas, buffer = new_canvas("svg")
    svgdraw.draw(converted.drawing, canvas, lambda c, picture: calls.append(b"painted"))
    finish(canvas, buffer)
    assert calls == []
