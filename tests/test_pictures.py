"""Pictures in boxes: SVG safety checks, PNG/JPEG/SVG loading and drawing, fit, tint."""

from __future__ import annotations

import base64
import io
import subprocess
import sys

import pytest
from PIL import Image

from kitgen.load.images import ImageLimits, ImageProblem
from kitgen.load.svg import check_svg

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
