"""PDF documents: reproducible bytes, embedded fonts, and atomic writes."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from kitgen import __version__
from kitgen.atomic import write_atomic as write_atomic  # where callers found it first
from kitgen.render.fonts import REGULAR, register_fonts


class KitPath(PDFPathObject):  # type: ignore[misc]  # (reportlab has no type hints)
    """reportlab's path, with every ellipse and circle a closed subpath.

    reportlab draws an ellipse as four Bezier curves from its rightmost point back to
    it, and leaves the subpath open (no `h`): a stroke then has two butt ends meeting
    there instead of a join, which pdfium, poppler and MuPDF show as a hairline seam
    across the outline (Emberwake's neutral emblem, a stroked SVG circle, had one at
    300 dpi and in the PDF at any zoom). A closed subpath is stroked all round."""

    def ellipse(self, x: float, y: float, width: float, height: float) -> None:
        super().ellipse(x, y, width, height)
        self.close()


class KitCanvas(Canvas):  # type: ignore[misc]  # (reportlab has no type hints)
    """reportlab's canvas, with forms that hold every resource their drawing names,
    and closed ellipses.

    reportlab gives a form (`beginForm` ... `endForm`, kitgen's repeated drawings and
    a booklet's pages) only its fonts and the forms it draws: the graphics states of
    its transparency (`gRLs0 gs`), its shadings and its colour spaces were left out,
    so readers other than pdfium dropped them ("cannot find ExtGState resource") and
    a print shop's preflight rejects the file. Here a form's resources are a page's:
    a form that names none of those is written exactly as before.

    Its ellipses and circles (`ellipse`, `circle`, and those of the paths `beginPath`
    gives) are closed subpaths (KitPath): every shape kitgen and the SVG renderer draw
    is closed, so no stroked outline shows a seam."""

    def beginPath(self) -> KitPath:
        return KitPath()

    def ellipse(
        self, x1: float, y1: float, x2: float, y2: float, stroke: int = 1, fill: int = 0
    ) -> None:
        KitPath(code=self._code).ellipse(x1, y1, x2 - x1, y2 - y1)
        self._strokeAndFill(stroke, fill)

    def endForm(self, **extra_attributes: Any) -> None:
        from reportlab.pdfbase.pdfdoc import PDFResourceDictionary, xObjectName

        name = self._formData[0]
        shading = dict(self._shadingUsed)  # (the form's own: endForm starts anew)
        super().endForm(**extra_attributes)
        form = self._doc.idToObject[xObjectName(name)]
        resources = PDFResourceDictionary()
        resources.basicFonts()
        resources.allProcs()  # (as reportlab gives a form: it draws images)
        if form.XObjects:
            resources.XObject = form.XObjects
        if getattr(form, "ExtGState", None):
            resources.ExtGState = form.ExtGState
        resources.setShading(shading)
        resources.setColorSpace(getattr(form, "_colorsUsed", {}))
        form.Resources = resources


def trace(path: object, commands: Sequence[tuple[object, ...]]) -> None:
    """A shape's outline commands (kitgen.layout.shapes) onto a reportlab path."""
    for command in commands:
        kind = command[0]
        numbers = [float(v) for v in command[1:]]  # type: ignore[arg-type]
        if kind == "M":
            path.moveTo(*numbers)  # type: ignore[attr-defined]
        elif kind == "L":
            path.lineTo(*numbers)  # type: ignore[attr-defined]
        elif kind == "C":
            path.curveTo(*numbers)  # type: ignore[attr-defined]
        else:
            path.close()  # type: ignore[attr-defined]


# How a print dialog should turn sheets over, by kitgen's duplex setting.
_DUPLEX = {
    "long": "DuplexFlipLongEdge",
    "short": "DuplexFlipShortEdge",
    "none": "Simplex",
    "fold": "Simplex",  # fold-and-glue sheets print on one side
}


def document_info(title: str, subject: str) -> dict[str, str]:
    """A PDF's document information as every kitgen PDF has it (a platypus document
    takes these keywords; `new_canvas` sets the same): its title (the game's or kit's
    name first), what it is, and kitgen as author, creator and producer. Its dates are
    reportlab's invariant ones, so a rebuild gives the same bytes."""
    made = f"kitgen {__version__}"
    return {
        "title": title,
        "subject": subject,
        "author": "kitgen",
        "creator": made,
        "producer": made,
    }


def new_canvas(
    title: str, subject: str = "", duplex: str | None = None
) -> tuple[Canvas, io.BytesIO]:
    """A canvas writing to memory; the same drawing always gives the same bytes.

    Every document asks print dialogs for actual size (`PrintScaling /None`: "fit to
    page" would shrink cards and their marks); card sheets also say how to turn the
    paper over (`duplex`: kitgen's long, short, none or fold)."""
    from reportlab.pdfbase.pdfdoc import PDFName

    register_fonts()
    rl_config.useA85 = 0  # binary streams: smaller files, nothing lost
    buffer = io.BytesIO()
    # The initial font is the embedded one too: reportlab would name Helvetica.
    canvas = KitCanvas(
        buffer, invariant=1, pageCompression=1, initialFontName=REGULAR, initialFontSize=8
    )
    info = document_info(title, subject)
    canvas.setTitle(info["title"])
    canvas.setSubject(info["subject"])
    canvas.setAuthor(info["author"])
    canvas.setCreator(info["creator"])
    canvas.setProducer(info["producer"])
    canvas.setViewerPreference("PrintScaling", PDFName("None"))
    if duplex is not None:
        canvas.setViewerPreference("Duplex", PDFName(_DUPLEX[duplex]))
    return canvas, buffer


def finish(canvas: Canvas, buffer: io.BytesIO) -> bytes:
    """Close the document and return its bytes."""
    canvas.save()
    return buffer.getvalue()
