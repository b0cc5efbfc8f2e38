"""The `kitgen` Typer app: its root, the small commands, and the command modules
registered on it. With the rest of `kitgen.cli` and `kitgen.entry`, the only code
that prints or sets the exit status."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer

from kitgen import __version__
from kitgen.cli.check import echo
from kitgen.cli.common import (
    GAME_IDS_TEXT,
    AllowOutsideOption,
    FormatOption,
    OutputFormat,
    ReportFormatOption,
    follows_references,
    friendly,
    print_options,
)
from kitgen.layout.print_options import BUILD_OPTIONS
from kitgen.terminal import shown

if TYPE_CHECKING:
    from kitgen.build import BuildOptions
    from kitgen.kit import GameSummary


app = typer.Typer(
    name="kitgen",
    help="Print-and-play game kits from YAML, checked against each game's rules.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


_friendly = friendly


def _version(value: bool) -> None:
    if value:
        echo(f"kitgen {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version."),
    ] = False,
) -> None:
    """Print-and-play game kits from YAML, checked against each game's rules."""


@app.command()
@_friendly
@follows_references
def check(
    files: Annotated[
        list[str],
        typer.Argument(
            help="kitgen YAML files to check (cards, deck, game...); a folder means "
            "every YAML file in it.",
            metavar="FILE",
            show_default=False,
        ),
    ],
    output: FormatOption = OutputFormat.human,
    allow_outside: AllowOutsideOption = False,
    stats: Annotated[
        bool,
        typer.Option(
            "--stats",
            help="Also show each deck's statistics (a game of your own's decks): the curve "
            "of each number, the cards by each field's values, and each deck rule with how "
            "much is to spare.",
        ),
    ] = False,
    play_format: Annotated[
        str | None,
        typer.Option(
            "--play-format",
            metavar="FORMAT",
            help="Check every deck against this format of play of its game (one of its "
            "deck rules' `formats:`), in place of the one the deck names.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Check kitgen files and report every problem with its file, line and column.

    Exit status: 0 when every file is ok (warnings allowed), 1 when any file has
    an error, 2 when the command is misused.
    """
    from kitgen.cli.check import run_check

    raise typer.Exit(run_check(files, output is OutputFormat.json, stats, play_format))


@app.command()
@_friendly
@follows_references
def score(
    files: Annotated[
        list[str],
        typer.Argument(
            help="Position files to score (a folder means every YAML file in it).",
            metavar="FILE",
            show_default=False,
        ),
    ],
    output: FormatOption = OutputFormat.human,
    allow_outside: AllowOutsideOption = False,
) -> None:
    """Score finished (or unfinished) positions, showing every line that scores.

    A position that the rules could not produce is not scored: its problems are
    reported as `kitgen check` reports them. Exit status as for check.
    """
    from kitgen.cli.check import run_score

    raise typer.Exit(run_score(files, output is OutputFormat.json))


@app.command("list")
@_friendly
def list_games(output: ReportFormatOption = OutputFormat.human) -> None:
    """List the games kitgen knows and what each game's kit contains (exit 1, after the
    list, when an installed game package is broken: one line on stderr names each)."""
    from kitgen.kit import list_games as games

    summaries, broken = games()
    if output is OutputFormat.json:
        echo(
            json.dumps(
                {
                    "games": [
                        {
                            "id": s.info.game,
                            "title": s.info.title,
                            "players": {"min": s.info.players.min, "max": s.info.players.max},
                            "playing_time": s.info.playing_time,
                            "printable": s.printable,
                            "facts": list(s.facts),
                            "components": [
                                {"id": c.id, "title": c.title, "description": c.description}
                                for c in s.info.components
                            ],
                        }
                        for s in summaries
                    ],
                    "broken": [{"id": game_id, "error": problem} for game_id, problem in broken],
                },
                indent=2,
            )
        )
    else:
        _list_lines(summaries)
    for _, problem in broken:  # a broken package is named; the others are listed
        echo(f"kitgen: error: {shown(problem)}", err=True)
    if broken:
        raise typer.Exit(1)


def _list_lines(summaries: list[GameSummary]) -> None:
    for s in summaries:
        players = s.info.players
        count = f"{players.min}" if players.min == players.max else f"{players.min}-{players.max}"
        echo(f"{s.info.game}: {s.info.title} ({count} players, {s.info.playing_time})")
        for fact in s.facts:
            echo(f"  {fact}")
        echo("  kit:" + ("" if s.printable else " (not printable yet)"))
        for c in s.info.components:
            echo(f"    {c.id:<13} {c.title}: {c.description}")


def _register(*modules: Any) -> None:
    for module in modules:
        module.register(app)


def _register_replay_and_simulate() -> None:
    from kitgen.cli import replay, simulate, tune

    _register(replay, simulate, tune)


_register_replay_and_simulate()


@app.command()
@_friendly
@follows_references
@print_options(*BUILD_OPTIONS)
def build(
    targets: Annotated[
        list[str],
        typer.Argument(
            help=f"What to build: a game id ({GAME_IDS_TEXT}), `all`, or a kit, deck or "
            "cards file.",
            metavar="GAME|FILE",
            show_default=False,
        ),
    ],
    options: BuildOptions,
    allow_outside: AllowOutsideOption = False,
) -> None:
    """Build print-and-play PDFs and print the paths written, one per line."""
    from kitgen.cli.results import run_build

    run_build(targets, options)


# Commands that live in their own modules (they import from kitgen.cli.common, not
# from here), registered in the order `kitgen --help` lists them.
def _register_modules() -> None:
    from kitgen.cli import calibrate, export, schema, watch

    _register(export, calibrate, watch, schema)


_register_modules()
