"""`kitgen replay`: a recorded game replayed by its game (`Game.replay`), printed here."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from kitgen.cli.check import echo, finding_line
from kitgen.cli.common import (
    AllowOutsideOption,
    FormatOption,
    OutputFormat,
    follows_references,
    friendly,
)
from kitgen.registry import Replay


@friendly
@follows_references
def replay(
    file: Annotated[
        str,
        typer.Argument(
            help="A `record` file: a recorded game of any game that has them.",
            metavar="FILE",
            show_default=False,
        ),
    ],
    output: FormatOption = OutputFormat.human,
    allow_outside: AllowOutsideOption = False,
) -> None:
    """Replay a recorded game and print how it ended (exit 1 at an illegal move)."""
    from kitgen import registry
    from kitgen.errors import KitgenError
    from kitgen.kit import check_document
    from kitgen.load.documents import read_document
    from kitgen.model.findings import Finding

    doc = read_document(file)
    if doc.model is None:  # not even a valid file: its findings, in the format asked for
        findings = sorted(check_document(doc).findings, key=Finding.sort_key)
        game = registry.find(doc.game, doc.path) if doc.game else None
        keys = (game or registry.Game()).no_replay()
        show_replay(doc.path, Replay(keys, findings), output)
        raise typer.Exit(1)  # a file without a model always has an error; to be sure
    if doc.game is None:  # (a shared layout names no game)
        raise KitgenError(f"{file} is a {doc.kind} file, not a record")
    game = registry.get(doc.game, doc.path)
    if not game.supports("replay"):
        raise game.unsupported("recorded games")
    if doc.kind != "record":
        for f in check_document(doc).findings:
            echo(finding_line(f, file), err=True)
        raise KitgenError(f"{file} is a {doc.game} {doc.kind} file, not a record")
    show_replay(doc.path, game.replay(doc), output)


def show_replay(path: str, report: Replay, output: OutputFormat) -> None:
    """Print a replay (naming the illegal move, if any) and set the exit status. A
    finding comes once, however many times the replay met it (a deck file both players
    name)."""
    from kitgen.kit import reported

    report.findings = reported(report.findings)
    data = report.data
    if report.illegal is not None:
        index, line, text, rule = report.illegal
        data["illegal"] = {"index": index, "line": line, "move": text, "rule": rule}
    if output is OutputFormat.json:
        from kitgen.kit import finding_json

        # The record's findings, as `check` reports them (an empty list when none).
        data["findings"] = [finding_json(f, path) for f in report.findings]
        echo(json.dumps(data, indent=2))
    else:
        for text in report.lines():
            echo(text)
        for f in report.findings:
            echo(finding_line(f, path), err=True)
    if any(f.is_error for f in report.findings):
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add `kitgen replay` to the app."""
    app.command()(replay)
