"""PDF documents: reproducible bytes, embedded fonts, and atomic writes."""

from __future__ import annotations

import io

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from kitgen import __version__
from kitgen.atomic import write_atomic as write_atomic  # where callers found it first
from kitgen.render.fonts import REGULAR, register_fonts

# How a print dialog should turn sheets over, by kitgen's duplex setting.
_DUPLEX = {
    "long": "DuplexFlipLongEdge",
    "short": "DuplexFlipShortEdge",
    "none": "Simplex",
    "fold": "Simplex",  # fold-and-glue sheets print on one side
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
    canvas = Canvas(
        buffer, invariant=1, pageCompression=1, initialFontName=REGULAR, initialFontSize=8
    )
    canvas.setTitle(title)
    canvas.setSubject(subject)
    canvas.setAuthor("kitgen")
    canvas.setCreator(f"kitgen {__version__}")
    canvas.setProducer(f"kitgen {__version__}")
    canvas.setViewerPreference("PrintScaling", PDFName("None"))
    if duplex is not None:
        canvas.setViewerPreference("Duplex", PDFName(_DUPLEX[duplex]))
    return canvas, buffer


def finish(canvas: Canvas, buffer: io.BytesIO) -> bytes:
    """Close the document and return its bytes."""
    canvas.save()
    return buffer.getvalue()
