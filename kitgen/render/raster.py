"""Rasterize PDF pages to PNG files with PDFium, in parallel over processes.

PDFium is not thread-safe, so each worker process opens the document once and
renders its share of the pages. Pages drawn in pixel units (one point per pixel)
come out at exactly their page size. PNG encoding costs more than rendering, so
it happens in the workers too, and each worker writes its files atomically.
"""

from __future__ import annotations

import io
import multiprocessing
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass

from kitgen.atomic import remove_stale, write_atomic
from kitgen.processes import held_signals, stop_pool, worker_init


@dataclass(frozen=True)
class PageJob:
    """Render page `page` to a PNG of exactly `size` pixels, written to every path."""

    page: int
    paths: tuple[str, ...]
    size: tuple[int, int]
    dpi: float


# The rasterizer's temporary folder: `kitgen-raster-PID-XXXX` in the temporary folder.
RASTER_PREFIX = "kitgen-raster-"
_RASTER_FOLDER = re.compile(rf"^{RASTER_PREFIX}(\d+)-[a-z0-9_]+$")


def raster_folder_pid(name: str) -> int | None:
    """The id of the process that made a rasterizer's folder named `name`; None for a
    name that is not one."""
    found = _RASTER_FOLDER.match(name)
    return int(found.group(1)) if found else None


# Starting the workers costs about as much as rendering this many pages here.
WORTH_A_POOL = 32

_documents: dict[str, object] = {}  # each process's open document, by path


def _document(path: str) -> object:
    """The PDF at `path`, opened once per process (the last one only: exports go deck
    by deck)."""
    if path not in _documents:
        import pypdfium2

        for old in _documents.values():
            assert isinstance(old, pypdfium2.PdfDocument)
            old.close()
        _documents.clear()
        _documents[path] = pypdfium2.PdfDocument(path)
    return _documents[path]


def png_bytes(document: object, job: PageJob) -> bytes:
    """One page as PNG bytes: RGB (no alpha) on white, with its resolution recorded."""
    import pypdfium2

    assert isinstance(document, pypdfium2.PdfDocument)
    page = document[job.page]
    width = page.get_width()
    # Pages are in pixel units; the tiny shortfall stops PDFium rounding a size up.
    scale = (job.size[0] - 1e-6) / width
    bitmap = page.render(scale=scale, fill_color=(255, 255, 255, 255))
    image = bitmap.to_pil().convert("RGB")
    if image.size != job.size:
        raise RuntimeError(f"page {job.page} rendered at {image.size}, not {job.size}")
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(job.dpi, job.dpi))
    return out.getvalue()


def _run(path: str, job: PageJob) -> int:
    data = png_bytes(_document(path), job)
    for target in job.paths:
        write_atomic(target, data)
    return len(job.paths)


def _forget() -> None:
    """Close this process's documents (so their files can be removed)."""
    for document in _documents.values():
        close = getattr(document, "close", None)
        if close is not None:
            close()
    _documents.clear()


def default_processes() -> int:
    """Workers to use: one per core the process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


class Rasterizer:
    """Renders pages to PNG files over a pool of worker processes, started on first
    need and kept for every later document; use it as a context manager.

    `processes` workers (default: one per core); with 1, or for fewer pages than
    starting the workers costs, it renders in this process. The files are the
    same either way.
    """

    def __init__(self, processes: int | None = None) -> None:
        self.processes = default_processes() if processes is None else max(1, processes)
        self.pool: ProcessPoolExecutor | None = None
        temp = tempfile.gettempdir()
        remove_stale(temp, raster_folder_pid)  # what killed runs left
        self.folder = tempfile.mkdtemp(prefix=f"{RASTER_PREFIX}{os.getpid()}-", dir=temp)
        self.documents = 0

    def __enter__(self) -> Rasterizer:
        return self

    def __exit__(self, kind: object, *exc: object) -> None:
        if self.pool is not None:
            if kind is None:
                self.pool.shutdown(wait=True, cancel_futures=True)
            else:  # interrupted, or failed: end the workers now
                stop_pool(self.pool)
            self.pool = None
        _forget()
        shutil.rmtree(self.folder, ignore_errors=True)

    def run(
        self,
        pdf: bytes,
        jobs: Sequence[PageJob],
        progress: Callable[[int, int], None] | None = None,
    ) -> None:
        """Render every job's page of the PDF to its PNG files."""
        self.documents += 1
        pdf_path = os.path.join(self.folder, f"document-{self.documents}.pdf")
        with open(pdf_path, "wb") as handle:
            handle.write(pdf)
        done = 0
        if self.processes == 1 or (self.pool is None and len(jobs) < WORTH_A_POOL):
            for job in jobs:
                _run(pdf_path, job)
                done += 1
                if progress is not None:
                    progress(done, len(jobs))
            _forget()
            return
        if self.pool is None:
            # "spawn": a fresh interpreter per worker, never a forked copy of PDFium's state.
            context = multiprocessing.get_context("spawn")
            self.pool = ProcessPoolExecutor(
                self.processes,
                mp_context=context,
                initializer=worker_init,
                initargs=(os.getpid(),),
            )
        with held_signals():  # the workers start at the first submit
            futures = [self.pool.submit(_run, pdf_path, job) for job in jobs]
        try:
            for future in as_completed(futures):
                future.result()
                done += 1
                if progress is not None:
                    progress(done, len(jobs))
        except BaseException:
            for future in futures:
                future.cancel()
            raise
