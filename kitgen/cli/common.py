"""What every `kitgen` command shares: one-line errors, output formats, the print
options of `build`, `export` and `watch`, finding lines and the progress bar.

Command modules (`kitgen.cli.*`) import from here, never from `kitgen.cli.root`, so the
command line can be split over modules without import cycles.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any, ParamSpec, TypeVar

import typer

from kitgen import registry
from kitgen.cli.check import echo, finding_line
from kitgen.errors import KitgenError
from kitgen.terminal import shown

if TYPE_CHECKING:
    from typer import _click as click

    from kitgen.build import BuildOptions, BuildResult
    from kitgen.model.findings import Finding

P = ParamSpec("P")
R = TypeVar("R")


def friendly(command: Callable[P, R]) -> Callable[P, R]:
    """Report a KitgenError as one line on stderr with its exit status."""

    @functools.wraps(command)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except KitgenError as err:
            echo(f"kitgen: error: {shown(err)}", err=True)
            raise typer.Exit(err.exit_code) from None

    return run


AllowOutsideOption = Annotated[
    bool,
    typer.Option(
        "--allow-outside",
        help="Read the files that kitgen files name (uses:, decks:, rules:, art:) wherever "
        "they are; by default only from the naming file's folder and its project (the "
        "nearest folder above holding a kit file or a kitgen.toml).",
    ),
]


def follows_references(command: Callable[P, R]) -> Callable[P, R]:
    """Run a command that reads the files other files name with its `allow_outside`
    option (`--allow-outside`) in force, and only for as long as it runs."""

    @functools.wraps(command)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        from kitgen.load.references import allowing_outside

        with allowing_outside(bool(kwargs.get("allow_outside", False))):
            return command(*args, **kwargs)

    return run


class OutputFormat(StrEnum):
    """How a command prints its results."""

    human = "human"
    json = "json"


FormatOption = Annotated[
    OutputFormat,
    typer.Option(
        "--format", "-f", help="human: one line per finding, like a compiler; json: one object."
    ),
]
# For the commands that print a report rather than findings (list, simulate).
ReportFormatOption = Annotated[
    OutputFormat,
    typer.Option("--format", "-f", help="human: lines for people; json: one object."),
]


def opt(help_text: str, *names: str) -> typer.models.OptionInfo:
    """An option with no default shown (None means "not given")."""
    option: typer.models.OptionInfo = typer.Option(*names, help=help_text, show_default=False)
    return option


# The print settings `build`, `export` and `watch` share.
OutOption = Annotated[str, typer.Option("--out", "-o", help="Folder to write into.")]
PaperOption = Annotated[
    str | None,
    opt(
        "Paper: a4 (default), letter, a3, tabloid, a5, half-letter, or WxH like 210x297mm.",
        "--paper",
    ),
]
CardSizeOption = Annotated[
    str | None,
    opt(
        "Card size: poker (default, 63x88 mm), poker-us, bridge, mini-euro, mini-us, "
        "tarot, square, or WxH like 60x90mm.",
        "--card-size",
    ),
]
BleedOption = Annotated[
    str | None, opt("Bleed around each card (default 3mm; 0 butts cards together).", "--bleed")
]
MarginOption = Annotated[
    str | None, opt("Edge of the paper the printer cannot print (default 5mm).", "--margin")
]
GutterOption = Annotated[
    str | None, opt("Extra space between cards, beyond their bleed (default 0).", "--gutter")
]
DuplexOption = Annotated[
    str | None,
    opt(
        "Backs: long (default) or short for a duplex printer's flip edge, fold for "
        "fold-and-glue sheets, none for fronts only.",
        "--duplex",
    ),
]
BackOffsetOption = Annotated[
    str | None,
    opt(
        "Shift back pages by DX,DY millimetres to correct a printer (like 0.5,-1); "
        "`kitgen calibrate` measures it.",
        "--back-offset",
    ),
]
CutOption = Annotated[
    str | None,
    opt(
        "How to cut the card sheets: marks (default: crop marks at the corners), lines "
        "(full-length cut lines for a paper trimmer or guillotine), or silhouette (print "
        "and cut: Silhouette registration marks, and a cut file of the card outlines).",
        "--cut",
    ),
]
InkOption = Annotated[
    str | None, opt("normal (default), or low: no large fills, greyscale-friendly.", "--ink")
]
ExtraCommonsOption = Annotated[
    int | None,
    typer.Option(
        "--extra-commons",
        min=0,
        max=20,
        show_default=False,
        help="Extra copies of each common card (the Scratch kit prints 2 extra "
        "by default, so two players can build decks).",
    ),
]
# kitgen's own games, as the help of the commands that take a game id lists them.
GAME_IDS_TEXT = ", ".join(registry.builtin_ids())

StandardDeckOption = Annotated[
    bool | None,
    typer.Option(
        "--standard-deck/--no-standard-deck",
        show_default=False,
        help="Also print the standard deck with a game played with one: 52 cards, and the "
        "jokers when the game uses them (its kit file has `standard_deck`, which decides "
        "otherwise).",
    ),
]


def not_empty(value: str, option: str, example: str = "output") -> str:
    """A folder or file option as given; a UsageError if it is empty (`--out ''` would
    write into the current folder: an unset shell variable, not a choice)."""
    if not value:
        from kitgen.errors import UsageError

        raise UsageError(f"{option} is empty: give a name, like {option} {example}")
    return value


def build_options(
    *,
    out: str,
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
    )


def echo_findings(findings: Iterable[Finding], *, err: bool = True) -> None:
    """Print findings one per line (on stderr unless told otherwise)."""
    for f in findings:
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


# The options every game's `kitgen simulate <game>` shares.
GamesOption = Annotated[int, typer.Option("--games", "-n", help="How many games to play.")]
SeedOption = Annotated[
    int, typer.Option("--seed", help="The run's seed: same seed, same results.", min=0)
]
JobsOption = Annotated[
    int, typer.Option("--jobs", "-j", help="Processes to play in parallel.", min=1, max=64)
]


def game_command(name: str, command: Callable[..., None]) -> click.Command:
    """A game's command (its `kitgen simulate <name>`) as a click command, from a function
    typed as Typer reads it, with the settings of kitgen's other commands."""
    import typer.main

    app = typer.Typer(add_completion=False, pretty_exceptions_enable=False, rich_markup_mode=None)
    app.command(name)(command)
    return typer.main.get_command(app)


def with_progress(run: Callable[..., R], noun: str = "game", **options: object) -> R:
    """Call a simulation with a progress bar on a terminal (none when piped), counting
    `noun`s (games, rounds)."""
    with progress_bar(noun) as bar:
        return run(**options, progress=bar)


def show_report(
    report: dict[str, Any], output: OutputFormat, lines: Callable[[dict[str, Any]], list[str]]
) -> None:
    """Print a report: its JSON, or the lines `lines` makes of it for people."""
    if output is OutputFormat.json:
        import json

        echo(json.dumps(report, indent=2))
        return
    for line in lines(report):
        echo(line)
