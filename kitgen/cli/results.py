"""What `kitgen build` (and export, watch) does once its options are read, without typer.

The typer commands in `kitgen.cli` call these, and so does the plain entry point
(`kitgen.entry`), which runs a plain `kitgen build FILE... [-o DIR] [--paper P]`
without importing typer, as it runs `kitgen check` (a third of a small build's
start-up was typer). Nothing here imports typer, click or rich (tests/test_cli.py).
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from kitgen.cli.check import echo, finding_line
from kitgen.errors import KitgenError
from kitgen.terminal import shown

if TYPE_CHECKING:
    from kitgen.build import BuildOptions, BuildResult
    from kitgen.model.findings import Finding


def not_empty(value: str, option: str, example: str = "output") -> str:
    """A folder or file option as given; a UsageError if it is empty (`--out ''` would
    write into the current folder: an unset shell variable, not a choice)."""
    if not value:
        from kitgen.errors import UsageError

        raise UsageError(f"{option} is empty: give a name, like {option} {example}")
    return value


def build_options(
    *,
    out: str = "output",
    paper: str | None = None,
    card_size: str | None = None,
    bleed: str | None = None,
    margin: str | None = None,
    gutter: str | None = None,
    duplex: str | None = None,
    back_offset: str | None = None,
    ink: str | None = None,
    extra_commons: int | None = None,
    standard_deck: bool | None = None,
    cut: str | None = None,
    draft: bool = False,
    language: str | None = None,
) -> BuildOptions:
    """The shared print options as the build's options."""
    from kitgen.build import BuildOptions

    return BuildOptions(
        out=not_empty(out, "--out"),
        paper=paper,
        card_size=card_size,
        bleed=bleed,
        margin=margin,
        gutter=gutter,
        duplex=duplex,
        back_offset=back_offset,
        ink=ink,
        cut=cut,
        extra_commons=extra_commons,
        standard_deck=standard_deck,
        draft=draft,
        language=None if language is None else not_empty(language, "--lang", "de"),
    )


def echo_findings(findings: Iterable[Finding], *, err: bool = True) -> None:
    """Print findings one per line (on stderr unless told otherwise), at most
    `FINDINGS_PER_FILE` of a file (the rest counted in one `too-many-findings`)."""
    from kitgen.layout.limits import FINDINGS_PER_FILE
    from kitgen.model.findings import capped

    for f in capped(findings, FINDINGS_PER_FILE):
        echo(finding_line(f), err=err)


def echo_result(result: BuildResult, failed: str, after: Iterable[str] = ()) -> None:
    """What a build or export did: findings and notes on stderr, the paths written on
    stdout, then `after` on stderr; a KitgenError saying `failed` when it had errors."""
    echo_findings(result.findings)
    for note in result.notes:
        echo(f"kitgen: {shown(note)}", err=True)
    for path in result.written:
        echo(shown(path))
    for line in after:
        echo(shown(line), err=True)
    if not result.ok:
        raise KitgenError(failed)


class Progress:
    """A progress bar on stderr for long jobs (only on a terminal): what it counts (a
    page, an image, a game) and how many of them are done, like `game 1,050/20,000`."""

    def __init__(self, noun: str = "page") -> None:
        self.shown = False
        self.noun = noun

    @classmethod
    def on_terminal(cls, noun: str = "page") -> Progress | None:
        """A bar when stderr is a terminal, else None (no bar in logs and pipes)."""
        return cls(noun) if sys.stderr.isatty() else None

    def __call__(self, done: int, total: int) -> None:
        if total < 8:
            return
        width = 30
        filled = width * done // total
        sys.stderr.write(
            f"\r  [{'#' * filled}{'.' * (width - filled)}] {self.noun} {done:,}/{total:,}"
        )
        sys.stderr.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            sys.stderr.write("\n")
            self.shown = False


@contextmanager
def progress_bar(noun: str = "page") -> Iterator[Progress | None]:
    """A progress bar on a terminal (None when piped), closed when the block ends."""
    bar = Progress.on_terminal(noun)
    try:
        yield bar
    finally:
        if bar is not None:
            bar.close()


def run_build(targets: list[str], options: BuildOptions) -> None:
    """Build the targets with a progress bar and print what was done (`echo_result`);
    a KitgenError when something could not be built."""
    from kitgen.build import build

    # What start-up made (modules, classes, pydantic's validators) lives as long as the
    # process: frozen, the garbage collector's full passes no longer go through it
    # again and again while a large deck is drawn (a few percent of a 1,000-card build).
    # Thawed after, for a program that runs kitgen inside itself (tests do).
    gc.freeze()
    try:
        with progress_bar() as bar:
            result = build(targets, options, progress=bar)
    finally:
        gc.unfreeze()
    echo_result(result, "some files were not built: fix the errors above")


def run_export_png(
    targets: list[str],
    options: BuildOptions,
    *,
    profile: str,
    jobs: int | None,
    dpi: float = 300.0,
    backs: bool = True,
) -> None:
    """`kitgen export png` once its options are read: the images, with a progress bar,
    and what was done (`echo_result`); a KitgenError when something was not exported."""
    from kitgen.export import ExportOptions, export_png

    export = ExportOptions(options, profile=profile, dpi=dpi, backs=backs, processes=jobs)
    with progress_bar("image") as bar:
        result = export_png(targets, export, bar)
    echo_result(result, EXPORT_FAILED)


EXPORT_FAILED = "some cards were not exported: fix the errors above"
