"""What every `kitgen` command shares: one-line errors, output formats, the print
options of `build`, `export` and `watch`, finding lines and the progress bar.

Command modules (`kitgen.cli.*`) import from here, never from `kitgen.cli.root`, so the
command line can be split over modules without import cycles.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any, NamedTuple, ParamSpec, TypeVar

import typer

from kitgen import registry
from kitgen.cli.check import echo

# kitgen.cli.common's names, kept where the commands and games' CLIs import them.
from kitgen.cli.results import Progress as Progress
from kitgen.cli.results import build_options as build_options
from kitgen.cli.results import echo_findings as echo_findings
from kitgen.cli.results import echo_result as echo_result
from kitgen.cli.results import not_empty as not_empty
from kitgen.cli.results import progress_bar as progress_bar
from kitgen.errors import KitgenError, UsageError
from kitgen.terminal import shown

if TYPE_CHECKING:
    from typer import _click as click


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


def print_option(name: str) -> Any:
    """One print option (kitgen.layout.print_options) as Typer reads a parameter's type."""
    from kitgen.layout.print_options import OPTIONS

    row = OPTIONS[name]
    bounded = row.kind is int  # (a number's bounds; Typer shows them in the help)
    info = typer.Option(
        *row.flags,
        help=row.help,
        show_default=row.shows_default,
        min=row.least if bounded else None,
        max=row.most if bounded else None,
    )
    kind = row.kind if row.default is not None else row.kind | None
    return Annotated[kind, info]


def print_options(*names: str, **fixed: Any) -> Callable[[Callable[..., R]], Callable[..., R]]:
    """Give a command the print options `names`, in that order, where its parameter
    `options` stands, and call it with them read into one BuildOptions (`fixed` gives
    the values of options it does not offer: `kitgen watch` is always a draft). The
    options are the table's rows (kitgen.layout.print_options), so every command
    that has one has the same flag, help and type."""
    import inspect
    from typing import get_type_hints

    from kitgen.layout.print_options import OPTIONS

    def decorate(command: Callable[..., R]) -> Callable[..., R]:
        # (`options: BuildOptions` names a type only for readers: kitgen.build is not
        # imported to read the command's other parameters)
        hints = get_type_hints(command, localns={"BuildOptions": Any}, include_extras=True)
        keyword = inspect.Parameter.KEYWORD_ONLY
        parameters = []
        for parameter in inspect.signature(command).parameters.values():
            if parameter.name != "options":
                parameters.append(parameter.replace(kind=keyword, annotation=hints[parameter.name]))
                continue
            parameters += [
                inspect.Parameter(
                    n, keyword, annotation=print_option(n), default=OPTIONS[n].default
                )
                for n in names
            ]

        @functools.wraps(command)
        def run(**given: Any) -> R:
            picked = {name: given.pop(name) for name in names}
            return command(options=build_options(**picked, **fixed), **given)

        run.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
        run.__annotations__ = {p.name: p.annotation for p in parameters}
        return run

    return decorate


# The print options `kitgen calibrate` has, as the other commands' (the table's rows).
OutOption = print_option("out")
PaperOption = print_option("paper")
MarginOption = print_option("margin")

# kitgen's own games, as the help of the commands that take a game id lists them.
GAME_IDS_TEXT = ", ".join(registry.builtin_ids())

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
    """Print a report: its JSON, or the lines `lines` makes of it for people.

    A simulation Ctrl-C stopped early (its `interrupted` note) is reported all the
    same, of the games it finished, with a line on stderr saying so and the status
    of an interrupted run (130); one that finished no game prints only that line."""
    stopped = report.get("interrupted")
    if stopped is not None and stopped["finished"] == 0:
        echo(f"kitgen: stopped by Ctrl-C before any of the {stopped['unit']} finished", err=True)
        raise typer.Exit(130)
    if output is OutputFormat.json:
        import json

        echo(json.dumps(report, indent=2))
    else:
        for line in lines(report):
            echo(line)
    if stopped is not None:
        echo(
            f"kitgen: stopped by Ctrl-C: the report is of the {stopped['finished']:,} "
            f"{stopped['unit']} finished, of {stopped['planned']:,}",
            err=True,
        )
        raise typer.Exit(130)


BalanceReportOption = Annotated[
    str | None,
    typer.Option(
        "--report",
        help="Also write a balance report with charts to FILE: a PDF, or a PNG for a name "
        "ending in .png.",
        metavar="FILE",
        show_default=False,
    ),
]


# The papers a balance report prints on (its layout is made for these two).
REPORT_PAPERS = ("a4", "letter")

ReportPaperOption = Annotated[
    str | None,
    typer.Option(
        "--paper",
        help="The balance report's paper: a4 or letter (default: the paper of kitgen.toml "
        "when it is one of them, else a4).",
        show_default=False,
    ),
]


class ReportTarget(NamedTuple):
    """Where a balance report goes, and the paper it prints on."""

    path: str
    paper: str


def check_report_path(path: str | None, paper: str | None = None) -> ReportTarget | None:
    """The balance report's file and paper; a UsageError, before anything is played, for
    a `--report` file that cannot be written (not a .pdf or .png name, a folder, or in a
    folder that does not exist) or a `--paper` it cannot print on. Without `--paper`,
    kitgen.toml's paper when it is a4 or letter, else a4."""
    import os

    if paper is not None and paper.strip().lower() not in REPORT_PAPERS:
        raise UsageError(f"--paper: a balance report prints on a4 or letter, not {paper!r}")
    if path is None:
        return None
    if not path.lower().endswith((".pdf", ".png")):
        raise UsageError(f"--report: give a file name ending in .pdf or .png (got {path!r})")
    if os.path.isdir(path):
        raise UsageError(f"--report: {path!r} is a folder; give a file name ending in .pdf or .png")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise UsageError(f"--report: the folder {os.path.dirname(path)!r} does not exist")
    if paper is None:
        from kitgen.config import print_settings

        configured = (print_settings().paper or "").strip().lower()
        return ReportTarget(path, configured if configured in REPORT_PAPERS else "a4")
    return ReportTarget(path, paper.strip().lower())


def command_line(*parts: str | None) -> str:
    """A command line as a shell would take it (for a report to name the run); parts
    that are None are left out."""
    import shlex

    return " ".join(shlex.quote(p) for p in parts if p is not None)


def write_balance_report(
    target: ReportTarget | None, report: dict[str, Any], build: Callable[[], Any]
) -> tuple[str, int] | None:
    """Write the balance report `build` makes of `report` to its file (atomically),
    unless there is none or the run finished no game; say so on stderr.

    A file that cannot be written (a full disk, a read-only folder) and a Ctrl-C while
    the write waits (on a FIFO's reader, say) are not raised: the finished run's text
    report is still to be printed. They come back as the line to print after it and
    the exit status (1, or 130 for Ctrl-C); None when the report was written."""
    stopped = report.get("interrupted")
    if target is None or (stopped is not None and stopped["finished"] == 0):
        return None
    from kitgen.atomic import write_atomic
    from kitgen.render.balance import report_bytes, report_missing

    charts = build()
    path = target.path
    try:
        write_atomic(path, report_bytes(charts, path, target.paper))
    except OSError as err:
        reason = shown(err.strerror or err)
        return f"kitgen: error: cannot write the balance report {shown(path)}: {reason}", 1
    except KeyboardInterrupt:
        return f"kitgen: stopped by Ctrl-C before the balance report {shown(path)} was written", 130
    echo(f"kitgen: balance report written to {shown(path)}", err=True)
    gone = report_missing(charts)
    if gone:
        echo(
            f"kitgen: note: the report's fonts cannot draw {shown(gone)}: shown as ? on it",
            err=True,
        )
    return None


def show_simulation(
    report: dict[str, Any],
    output: OutputFormat,
    lines: Callable[[dict[str, Any]], list[str]],
    target: ReportTarget | None,
    charts: Callable[[], Any],
) -> None:
    """Write a simulation's balance report (`--report`), then print the simulation's
    report (`show_report`). When the balance report could not be written, the text
    report is printed all the same, then one line says why, and the run ends with
    status 1 (130 when Ctrl-C stopped the write, or the run before it)."""
    failed = write_balance_report(target, report, charts)
    if failed is None:
        show_report(report, output, lines)
        return
    line, status = failed
    try:
        show_report(report, output, lines)
    except typer.Exit as stopped:  # a run Ctrl-C stopped: 130 stands
        status = max(status, stopped.exit_code)
    echo(line, err=True)
    raise typer.Exit(status)
