"""A game's commands built from what it declares (issue 40): `kitgen simulate <id>`
from its `Simulation` (kitgen.play.simulation), with the options every game shares,
the list of its players in the help, the progress bar, the balance report's file
and the command line that repeats the run. The game writes no command-line code."""

from __future__ import annotations

import inspect
from contextlib import nullcontext
from typing import TYPE_CHECKING, Annotated, Any

import typer

from kitgen.cli.common import (
    AllowOutsideOption,
    BalanceReportOption,
    GamesOption,
    JobsOption,
    OutputFormat,
    ReportFormatOption,
    ReportPaperOption,
    SeedOption,
    check_report_path,
    command_line,
    echo_findings,
    friendly,
    game_command,
    progress_bar,
    show_report,
    show_simulation,
)
from kitgen.play.simulation import Option, Simulation, player_names, repeated_flags

if TYPE_CHECKING:
    from typer import _click as click

# The shared options by name: each one's parameters (name, type as Typer reads it,
# default), in the order the help shows them.
_SHARED: dict[str, tuple[tuple[str, Any, Any], ...]] = {
    "games": (("games", GamesOption, 1000),),
    "seed": (("seed", SeedOption, 1),),
    "jobs": (("jobs", JobsOption, 1),),
    "format": (("output", ReportFormatOption, OutputFormat.human),),
    "report": (
        ("report_file", BalanceReportOption, None),
        ("report_paper", ReportPaperOption, None),
    ),
    "allow-outside": (("allow_outside", AllowOutsideOption, False),),
}
# The parameters of the shared options that are not values the game plays with.
_OUTPUT = frozenset({"output", "report_file", "report_paper", "allow_outside"})


def simulate_command(game_id: str, simulation: Simulation) -> click.Command:
    """`kitgen simulate <game_id>` as a click command, from the game's declaration."""

    def simulate(**given: Any) -> None:
        run_simulation(game_id, simulation, given)

    parameters = [p for entry in simulation.options for p in _parameters(entry, simulation)]
    simulate.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    simulate.__annotations__ = {p.name: p.annotation for p in parameters}
    simulate.__doc__ = simulation.full_help()
    return game_command(game_id, friendly(simulate))


def run_simulation(game_id: str, simulation: Simulation, given: dict[str, Any]) -> None:
    """Play as the options given ask, then print (and write) the reports."""
    values = dict(given)
    for option in simulation.own():
        if option.parse is not None:
            values[option.name] = option.parse(given[option.name])
    if "players" in values:
        values["players"] = player_names(given["players"])
    shared = simulation.shared()
    target = None
    if "report" in shared:
        target = check_report_path(given["report_file"], given["report_paper"])
    played = {k: v for k, v in values.items() if k not in _OUTPUT}
    outside = nullcontext()
    if simulation.reads_files:
        from kitgen.load.references import allowing_outside

        outside = allowing_outside(bool(given.get("allow_outside", False)))  # type: ignore[assignment]
    with outside:
        with progress_bar(simulation.unit(values)) as bar:
            result = simulation.run(**played, progress=bar)
        if simulation.reads_files:
            report, findings = result
            echo_findings(findings)
            if report is None:
                raise typer.Exit(1)
        else:
            report = result
        texts = {**given, "report": given.get("report_file")}
        named = () if simulation.reads_files else (game_id,)
        run_line = command_line(
            "kitgen", "simulate", *named, *repeated_flags(simulation, values, texts)
        )

        def lines(report: dict[str, Any]) -> list[str]:
            return simulation.lines(report, values)

        if "report" not in shared:
            show_report(report, given["output"], lines)
            return
        charts = simulation.charts

        def balance() -> Any:
            assert charts is not None
            return charts(report, run_line)

        show_simulation(report, given["output"], lines, target, balance)


def _parameters(entry: Option | str, simulation: Simulation) -> list[inspect.Parameter]:
    """The function parameters (as Typer reads them) of one entry of `options`."""
    keyword = inspect.Parameter.KEYWORD_ONLY
    if isinstance(entry, str) and entry == "players":
        players = Annotated[str, typer.Option("--players", help=simulation.players_help)]
        return [
            inspect.Parameter(
                "players", keyword, annotation=players, default=simulation.players_default
            )
        ]
    if isinstance(entry, str):
        return [
            inspect.Parameter(name, keyword, annotation=kind, default=default)
            for name, kind, default in _SHARED[entry]
        ]
    if entry.argument:
        files = Annotated[
            list[str],
            typer.Argument(help=entry.help, metavar=entry.metavar, show_default=False),
        ]
        return [inspect.Parameter(entry.name, keyword, annotation=files)]
    flags = (entry.flag,) if entry.short is None else (entry.flag, entry.short)
    words = entry.help() if callable(entry.help) else entry.help
    info = typer.Option(*flags, help=words, metavar=entry.metavar)
    default = entry.default() if callable(entry.default) else entry.default
    kind = Annotated[type(default), info]  # type: ignore[valid-type]
    return [inspect.Parameter(entry.name, keyword, annotation=kind, default=default)]
