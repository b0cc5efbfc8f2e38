"""`kitgen check` and `kitgen score` without typer: what they print and their exit status.

The typer commands in `kitgen.cli` call these functions, and so does the plain
entry point (`kitgen.entry`), which runs them without importing typer: a one-file
check is the command people run most, and typer costs a third of its start-up.
Nothing here imports typer, click or rich (tests/test_cli.py asserts it).
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO, TypeVar

from kitgen.terminal import safe_lines, shown

if TYPE_CHECKING:
    from kitgen.load.documents import Document
    from kitgen.model.findings import Finding

R = TypeVar("R")


def echo(text: str, *, err: bool = False) -> None:
    """One line on stdout (or stderr), flushed, as `typer.echo` writes it, with every
    control character in it but the newline shown escaped (`kitgen.terminal`): all a
    command prints comes through here, and nothing read from a file may drive the
    terminal it is shown on.

    A stream that cannot be written (`kitgen check -f json ... > out.json` on a full
    disk) is the user's to fix: a KitgenError naming the stream. A reader that went
    away (BrokenPipeError) is left to the caller."""
    stream: TextIO = sys.stderr if err else sys.stdout
    try:
        stream.write(safe_lines(text) + "\n")
        stream.flush()
    except BrokenPipeError:
        raise
    except OSError as error:
        from kitgen.errors import KitgenError

        name = "stderr" if err else "stdout"
        raise KitgenError(f"cannot write to {name}: {error.strerror or error}") from None


def started() -> None:
    """Start-up is over: turn the cyclic garbage collector back on.

    A plain check or score runs with it off (`run_plain`). Its start-up (imports,
    and pydantic building the validators of the first file's models) creates about
    a hundred thousand objects that live as long as the process and no garbage
    worth collecting; the collector would go through them again and again for
    nothing, about 5% of a one-file check. Turned back on, it goes through them
    once, at the next allocation, so a one-file check never turns it back on: it
    exits first. A check of many files does, before its second file.
    """
    gc.enable()


def plural(n: int, word: str) -> str:
    """`1 file`, `2 files`."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def finding_line(f: Finding, path: str | None = None) -> str:
    """One finding, like a compiler: `path:line:column: severity code message`, on one
    line whatever its path and message hold (`kitgen.terminal.shown`)."""
    loc = f.location
    if loc is not None:
        where = f"{shown(loc.path)}:{shown(loc.place)}: "
    else:
        where = f"{shown(path)}:1:1: " if path else ""
    return f"{where}{f.severity} {f.code} {shown(f.message)}"


def each_file(files: list[str], use: Callable[[Document], R]) -> list[R]:
    """USE every file named (a folder: its YAML files), read, in order; a folder inside
    that cannot be listed comes as a document with a `file-unreadable` finding. The
    garbage collector comes back on before the second file (`started`)."""
    from kitgen.kit import list_inputs
    from kitgen.load.documents import Document, read_document
    from kitgen.model.findings import finding
    from kitgen.model.source import whole_file
    from kitgen.registry import one_run

    done: list[R] = []
    with one_run():  # (two games of one id in the files are a finding)
        for index, (path, problem) in enumerate(list_inputs(files)):
            if index:
                started()
            if problem is None:
                doc = read_document(path)
            else:
                found = [finding("file-unreadable", problem, whole_file(path))]
                doc = Document(path, findings=found)
            done.append(use(doc))
    return done


def run_check(
    files: list[str], as_json: bool, stats: bool = False, play_format: str | None = None
) -> int:
    """Check FILES and print the findings (with `stats`, each deck's statistics too; with
    `play_format`, every deck held to that format of its game); the exit status (0 ok,
    1 an error)."""
    if play_format is not None:
        from kitgen.model.deck_rules import playing

        with playing(play_format):
            return run_check(files, as_json, stats)
    from kitgen.kit import FileReport, check_document

    def checked(doc: Document) -> FileReport:
        report = check_document(doc)
        if stats and doc.kind in ("deck", "game") and doc.model is not None and doc.game:
            from kitgen import registry

            game = registry.find(doc.game, doc.path)
            report.stats = None if game is None else game.deck_stats(doc)
        return report

    reports = each_file(files, checked)
    status = 0 if all(r.ok for r in reports) else 1
    if as_json:
        import json

        echo(json.dumps({"files": [r.to_json() for r in reports]}, indent=2))
        return status
    shown: dict[tuple[str, Finding], None] = {}
    for report in reports:
        for f in report.findings:  # a `uses:` file's findings are shown once
            shown.setdefault((f.location.path if f.location else report.path, f), None)
    for path, f in shown:
        echo(finding_line(f, path))
    for report in reports:
        if report.stats is not None:
            for line in stats_lines(report.path, report.stats):
                echo(line)
    errors = sum(1 for _, f in shown if f.is_error)
    warnings = sum(1 for _, f in shown if not f.is_error)
    bad = sum(1 for r in reports if not r.ok)
    summary = f"{plural(len(reports), 'file')} checked: "
    if errors or warnings:
        summary += f"{plural(errors, 'error')}, {plural(warnings, 'warning')}"
        if bad:
            summary += f"; {plural(bad, 'file')} not ok"
    else:
        summary += "no problems"
    echo(summary, err=True)
    return status


def run_score(files: list[str], as_json: bool) -> int:
    """Score the positions in FILES and print them; the exit status as for check."""
    from kitgen.kit import score_document

    reports = each_file(files, score_document)
    status = 0 if all(r.check.ok for r in reports) else 1
    if as_json:
        import json

        echo(json.dumps({"files": [r.to_json() for r in reports]}, indent=2))
        return status
    for report in reports:
        for f in report.check.findings:
            echo(finding_line(f, report.check.path), err=True)
        if report.scores is None:
            echo(f"{shown(report.check.path)}: not scored", err=True)
            continue
        totals = ", ".join(f"{shown(player)} {total}" for player, total in report.scores.items())
        echo(f"{shown(report.check.path)}: {totals}; {shown(report.verdict)}")
        for line in report.breakdown:
            echo(f"  {shown(line)}")
    return status


def stats_lines(path: str, stats: dict[str, object]) -> list[str]:
    """A deck's statistics for people: its size, each curve as a bar chart, the counts by
    each field, and its rules with how much is to spare (`close` ones marked); a game
    file's: its cards, each source of its card data and the columns no field reads."""
    from typing import Any

    data: dict[str, Any] = stats
    if "sources" in data:  # a game file's: its card data, and the columns it leaves alone
        lines = [
            f"{path}: {plural(data['cards'], 'card')} from {plural(len(data['sources']), 'source')}"
        ]
        for source in data["sources"]:
            sheet = f" (sheet {source['sheet']})" if source["sheet"] else ""
            deck = f" (deck {source['deck']})" if source.get("deck") else ""
            language = f" ({source['language']} text)" if source.get("language") else ""
            rows = plural(source["rows"], "row")
            lines.append(f"  {source['path']}{sheet}{deck}{language}: {rows}")
            if source["ignored"]:
                names = ", ".join(source["ignored"])
                lines.append(f"    columns no field reads (ignored): {names}")
        return lines
    side = f", sideboard {data['sideboard']}" if data["sideboard"] else ""
    lines = [f"{path}: {plural(data['cards'], 'card')}{side}"]
    for field, curve in data["curves"].items():
        lines.append(f"  {field}:")
        width = max((len(v) for v in curve), default=1)
        for value, count in curve.items():
            lines.append(f"    {value:>{width}} {'#' * count} {count}")
    for field, counts in data["counts"].items():
        shown = ", ".join(f"{value} {count}" for value, count in counts.items())
        lines.append(f"  {field}: {shown}")
    for rule in data["rules"]:
        spare = rule["spare"]
        if spare < 0:
            verdict = "broken"
        elif spare == 0:
            verdict = "at its limit"
        else:
            verdict = f"{spare} to spare" + (" (close)" if rule["close"] else "")
        named = f"{rule['name']}: " if rule.get("name") else ""
        lines.append(f"  {named}{rule['says']} This deck: {rule['value']}, {verdict}.")
    return lines
