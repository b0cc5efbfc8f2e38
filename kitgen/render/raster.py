"""Rasterize PDF pages to PNG files with PDFium, in parallel over processes.

PDFium is not thread-safe, so each worker process opens the document once and
renders its share of the pages. Pages drawn in pixel units (one point per pixel)
come out at exactly their page size. PNG encoding costs about three times what
rendering does, so it happens in the workers too, and each worker writes its files.

Fewer pages than starting the workers is worth (`WORTH_A_POOL`), or any number
with one process, render in this process, page after page, while a thread encodes
and writes the pages already rendered: Pillow lets go of the interpreter while it
compresses a PNG and PDFium while it renders, so the next page renders while the
last is encoded, and writing's wait for the disk holds up neither. (PDFium is only
ever called from the one thread.) The pool's modules (multiprocessing) are imported
only when workers start.

The files go into a folder that is new and this run's alone (a staged export,
`kitgen.atomic.staged_dir`, which puts the whole folder in place at the end), so
each is written once, as a new file, and flushed to disk before the folder moves.
"""

from __future__ import annotations

import io
import os
import queue
import re
import shutil
import tempfile
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kitgen.atomic import NEW_FILE_MODE, remove_stale
from kitgen.processes import held_signals, stop_pool, worker_init

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor
    from types import TracebackType

    from PIL.Image import Image


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


# A bitmap PDFium renders into, and the Pillow image its pixels are copied to.
Slot = tuple[Any, "Image"]

# A worker's last bitmap and image, by size, for its next page of that size: a new
# pair each page costs two allocations of a few MiB, cleared, every time.
_reused: dict[tuple[int, int], Slot] = {}


def render(document: object, job: PageJob, kept: Slot | None = None) -> Slot:
    """One page as a Pillow image, RGB (no alpha) on white, and the bitmap it was
    rendered into. PDFium: one thread only.

    A `kept` bitmap and image of the page's size are rendered into again (they are
    returned); otherwise a new pair is made, and the caller closes `kept`'s bitmap."""
    import pypdfium2
    import pypdfium2.raw as pdfium_c
    from PIL import Image as PILImage

    assert isinstance(document, pypdfium2.PdfDocument)
    page = document[job.page]
    width = page.get_width()

    def bitmap_maker(width: int, height: int, format: int, rev_byteorder: bool = False) -> Any:
        if kept is not None and (kept[0].width, kept[0].height, kept[0].format) == (
            width,
            height,
            format,
        ):
            return kept[0]  # (render fills it with the background first)
        return pypdfium2.PdfBitmap.new_native(width, height, format, rev_byteorder=rev_byteorder)

    # Pages are in pixel units; the tiny shortfall stops PDFium rounding a size up.
    scale = (job.size[0] - 1e-6) / width
    # Four bytes a pixel, in RGBX order: Pillow's own layout for RGB, so the pixels are
    # copied out of PDFium's bitmap as they are (the same pixels as a BGR bitmap).
    bitmap = page.render(
        scale=scale,
        fill_color=(255, 255, 255, 255),
        force_bitmap_format=pdfium_c.FPDFBitmap_BGRx,
        rev_byteorder=True,
        bitmap_maker=bitmap_maker,
    )
    size = (bitmap.width, bitmap.height)
    if size != job.size:
        if kept is None or bitmap is not kept[0]:
            bitmap.close()
        raise RuntimeError(f"page {job.page} rendered at {size}, not {job.size}")
    if kept is not None and kept[0] is bitmap:
        image = kept[1]
        image.frombytes(bitmap.buffer, "raw", "RGBX", bitmap.stride, 1)
        return kept
    image = PILImage.frombytes("RGB", size, bitmap.buffer, "raw", "RGBX", bitmap.stride, 1)
    return bitmap, image


def _forget_bitmaps() -> None:
    for bitmap, _ in _reused.values():
        bitmap.close()
    _reused.clear()


def encode(image: Image, dpi: float) -> bytes:
    """An image as PNG bytes, with its resolution recorded (any thread)."""
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(dpi, dpi))
    return out.getvalue()


def png_bytes(document: object, job: PageJob) -> bytes:
    """One page as PNG bytes: RGB (no alpha) on white, with its resolution recorded.
    The page renders into this process's last bitmap of its size (`_reused`)."""
    kept = _reused.get(job.size)
    slot = render(document, job, kept)
    if slot is not kept:
        _forget_bitmaps()
        _reused[job.size] = slot
    return encode(slot[1], job.dpi)


def write_new(path: str, data: bytes) -> None:
    """Write a new file into a folder that is this run's alone (a staged export): made
    exclusively (never over another file), flushed to disk, mode NEW_FILE_MODE."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags, NEW_FILE_MODE)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.fsync(fd)
        if hasattr(os, "fchmod"):  # whatever the umask: as kitgen.atomic makes files
            os.fchmod(fd, NEW_FILE_MODE)
    finally:
        os.close(fd)


def _write(paths: tuple[str, ...], data: bytes) -> int:
    for target in paths:
        write_new(target, data)
    return len(paths)


class _Encoder:
    """A thread that encodes rendered pages to PNG and writes their files, in order,
    while the caller renders the next page. `SLOTS` bitmaps (each with its image) go
    round between the two: the caller takes a free one (`slot`), renders into it and
    hands it over (`put`); the thread gives it back once its PNG is written. Use it
    as a context manager: leaving waits for every page handed over (or, on an error,
    for the page in hand, dropping the rest) and then closes the bitmaps, in the
    caller's thread (PDFium's only); the first error encoding or writing is raised by
    the next `slot` or by leaving."""

    SLOTS = 2  # one rendering, one encoding: rendering is the quicker of the two

    def __init__(self) -> None:
        self.free: queue.Queue[Slot | None] = queue.Queue()
        for _ in range(self.SLOTS):
            self.free.put(None)  # (none made yet)
        self.waiting: queue.Queue[tuple[PageJob, Slot] | None] = queue.Queue()
        self.bitmaps: list[Any] = []  # every bitmap made and not yet closed
        self.error: BaseException | None = None
        self.stop = False
        self.thread = threading.Thread(target=self._work, name="kitgen-png-encoder", daemon=True)
        self.thread.start()

    def _work(self) -> None:
        while (item := self.waiting.get()) is not None:
            job, slot = item
            try:
                if not self.stop and self.error is None:  # else drain: the caller is leaving
                    _write(job.paths, encode(slot[1], job.dpi))
            except BaseException as error:  # the caller raises it
                self.error = error
            finally:
                self.free.put(slot)

    def _raise(self) -> None:
        if self.error is not None:
            error, self.error = self.error, None
            raise error

    def slot(self) -> Slot | None:
        """A bitmap and image free to render into (None: none made yet), waiting while
        every one is the thread's."""
        kept = self.free.get()
        self._raise()
        return kept

    def put(self, job: PageJob, kept: Slot | None, slot: Slot) -> None:
        """Hand over `job`'s page, rendered into `slot` (`kept`, or a new pair that
        replaces it)."""
        if slot is not kept:
            if kept is not None:
                self.bitmaps.remove(kept[0])
                kept[0].close()
            self.bitmaps.append(slot[0])
        self.waiting.put((job, slot))

    def __enter__(self) -> _Encoder:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if kind is not None:
            self.stop = True
        self.waiting.put(None)
        self.thread.join()
        for bitmap in self.bitmaps:
            bitmap.close()
        self.bitmaps.clear()
        if kind is None:
            self._raise()


def _run(path: str, job: PageJob) -> int:
    return _write(job.paths, png_bytes(_document(path), job))


def _forget() -> None:
    """Close this process's documents (so their files can be removed) and free the
    bitmaps kept for the next page."""
    _forget_bitmaps()
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
        with held_signals():  # (a Ctrl-C half-way through would leave the folder)
            shutil.rmtree(self.folder, ignore_errors=True)

    def run(
        self,
        pdf: bytes,
        jobs: Sequence[PageJob],
        progress: Callable[[int, int], None] | None = None,
    ) -> None:
        """Render every job's page of the PDF to its PNG files: new files, in a folder
        that is this run's alone (a staged folder, `kitgen.atomic.staged_dir`). No jobs
        (a deck of no cards): nothing to render, and no document to open."""
        if not jobs:
            return
        self.documents += 1
        pdf_path = os.path.join(self.folder, f"document-{self.documents}.pdf")
        with open(pdf_path, "wb") as handle:
            handle.write(pdf)
        if self.processes == 1 or (self.pool is None and len(jobs) < WORTH_A_POOL):
            try:
                self._here(pdf_path, jobs, progress)
            finally:
                _forget()
            return
        done = 0
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor, as_completed

        if self.pool is None:
            # "spawn": a fresh interpreter per worker, never a forked copy of PDFium's state.
            context = multiprocessing.get_context("spawn")
            self.pool = ProcessPoolExecutor(
                self.processes,
                mp_context=context,
                initializer=worker_init,
                initargs=(os.getpid(),),
            )
        try:
            with held_signals():  # the workers start at the first submit
                futures = [self.pool.submit(_run, pdf_path, job) for job in jobs]
            for future in as_completed(futures):
                future.result()
                done += 1
                if progress is not None:
                    progress(done, len(jobs))
        except BaseException:
            # The workers are stopped before the error goes on: one still running would
            # write into the staged folder as the caller removes it, leaving it behind.
            pool, self.pool = self.pool, None
            stop_pool(pool)
            raise

    def _here(
        self,
        pdf_path: str,
        jobs: Sequence[PageJob],
        progress: Callable[[int, int], None] | None,
    ) -> None:
        """Render in this thread, page after page, while a thread encodes the pages
        rendered and writes their files."""
        document = _document(pdf_path)
        with _Encoder() as encoder:
            for done, job in enumerate(jobs, 1):
                kept = encoder.slot()
                encoder.put(job, kept, render(document, job, kept))
                if progress is not None:
                    progress(done, len(jobs))
