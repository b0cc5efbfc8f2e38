"""PDF documents: reproducible bytes, embedded fonts, and atomic writes."""

from __future__ import annotations

import io

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from kitgen import __version__
from kitgen.atomic import write_atomic as write_atomic  # where callers found it first
from kitgen.render.fonts import REGULAR, register_fonts


def new_canvas(title: str, subject: str = "") -> tuple[Canvas, io.BytesIO]:
    """A canvas writing to memory; the same drawing always gives the same bytes."""
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
    return canvas, buffer


def finish(canvas: Canvas, buffer: io.BytesIO) -> bytes:
    """Close the document and return its bytes."""
    canvas.save()
    return buffer.getvalue()
