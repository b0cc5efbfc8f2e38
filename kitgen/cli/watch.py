"""`kitgen watch`: rebuild on every save."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Annotated

import typer

from kitgen.cli.check import echo
from kitgen.cli.common import (
    GAME_IDS_TEXT,
    AllowOutsideOption,
    Progress,
    echo_findings,
    follows_references,
    friendly,
    print_options,
)
from kitgen.layout.print_options import BUILD_OPTIONS
from kitgen.terminal import shown

if TYPE_CHECKING:
    from kitgen.build import BuildOptions
    from kitgen.watch import Rebuild

# `kitgen watch`'s print options: `kitgen build`'s but --draft (a watch always is one).
WATCH_OPTIONS = tuple(name for name in BUILD_OPTIONS if name != "draft")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def summary(event: Rebuild) -> str:
    """The timestamped line for one build, like `[14:02:31] built: 3 files written`."""
    result = event.result
    errors = sum(1 for f in result.findings if f.is_error) + len(event.errors)
    warnings = sum(1 for f in result.findings if not f.is_error)
    written = _plural(len(result.written), "file")
    if event.ok:
        line = f"built: {written} written"
        if warnings:
            line += f", {_plural(warnings, 'warning')}"
    elif result.written:
        line = f"partly built: {_plural(errors, 'error')}, {written} written"
    else:
        line = f"not built: {_plural(errors, 'error')}"
    return time.strftime("[%H:%M:%S] ", time.localtime(event.when)) + line


def show(event: Rebuild) -> None:
    """Print one build: its line and findings on stderr, the paths written on stdout."""
    echo(summary(event), err=True)
    echo_findings(event.result.findings)
    for error in event.errors:
        echo(f"kitgen: error: {shown(error)}", err=True)
    for note in event.result.notes:
        echo(f"kitgen: {shown(note)}", err=True)
    for path in event.result.written:
        echo(shown(path))
    if event.number == 1:
        files = _plural(event.watched, "file")
        echo(f"kitgen: watching {files} for changes (Ctrl-C to stop)", err=True)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""

    @app.command()
    @friendly
    @follows_references
    @print_options(*WATCH_OPTIONS, draft=True)  # a missing image is a placeholder
    def watch(
        targets: Annotated[
            list[str],
            typer.Argument(
                help=f"What to build: a game id ({GAME_IDS_TEXT}), `all`, or a kit, deck "
                "or cards file.",
                metavar="GAME|FILE",
                show_default=False,
            ),
        ],
        options: BuildOptions,
        debounce: Annotated[
            float,
            typer.Option(
                "--debounce",
                metavar="SECONDS",
                help="Rebuild once nothing has changed for this long, so an editor's "
                "several writes make one build (0 to 60).",
            ),
        ] = 0.4,
        interval: Annotated[
            float,
            typer.Option(
                "--interval",
                metavar="SECONDS",
                help="How often to look at the files for changes when they cannot be "
                "watched (0.01 to 60; with watchfiles, a change is seen at once).",
            ),
        ] = 0.25,
        allow_outside: AllowOutsideOption = False,
    ) -> None:
        """Build like `kitgen build`, then rebuild after every save until Ctrl-C.

        Watches the YAML, TOML and image files in each file target's folder (and
        its subfolders, but not hidden ones or the output folder), a game's data
        folder for a game id, the project's kitgen.toml, and every such file the
        last build read wherever it is (card files named by `uses:`, art). Each
        build prints a timestamped line and its findings on stderr and the paths
        written on stdout. A save with errors writes nothing: the last good PDF
        stays. Ctrl-C stops it at once, in the middle of a build too. Like
        `kitgen build --draft`, an image whose file is missing is drawn as a
        labelled placeholder with a warning, its sheets labelled DRAFT.
        """
        from kitgen.build import check_options
        from kitgen.watch import watch as run_watch

        check_options(options.settings())  # a bad option: exit 2 now, not at every build
        bar = Progress.on_terminal()

        def report(event: Rebuild) -> None:
            if bar is not None:
                bar.close()
            show(event)

        try:
            run_watch(
                targets,
                options,
                interval=interval,
                debounce=debounce,
                report=report,
                progress=bar,
            )
        except KeyboardInterrupt:
            if bar is not None:
                bar.close()
            echo("kitgen: stopped watching", err=True)
            from kitgen.processes import interrupted_status, terminated

            if terminated():  # SIGTERM: say so in the exit status
                raise typer.Exit(interrupted_status()) from None
