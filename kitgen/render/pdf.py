"""PDF documents: reproducible bytes, embedded fonts, and atomic writes."""

from __future__ import annotations

import io
import os
import tempfile

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from kitgen import __version__
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


def write_atomic(path: str, data: bytes) -> None:
    """Write a file so that it is either complete or untouched, never half-written."""
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=".kitgen-", suffix=".part", dir=folder)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temp, 0o644)
        os.replace(temp, path)
    except BaseException:
        if os.path.exists(temp):
            os.unlink(temp)
        raise
