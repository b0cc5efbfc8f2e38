"""The plain command lines kitgen runs without typer: a `kitgen check` or `kitgen
score` of files, and a `kitgen build` or `kitgen export png` of targets with a few
options. typer, click and what they import cost about a third of a one-file check's
start-up; `kitgen.entry` runs these without them, and both paths print the same bytes
and exit with the same status (tests/test_cli.py, tests/test_plain_build.py). The
build's options are the rows of the one table of print options
(kitgen.layout.print_options), with the flags the typer commands have.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, cast


def plain_command(args: list[str]) -> Callable[[], int] | None:
    """`check` or `score` with nothing but files, `--format`/`-f` human|json and
    `--allow-outside`, or `build` and `export png` with targets and a few options
    (`plain_build`, `plain_export_png`), ready to run without typer; None for anything
    else (typer parses it, and explains a mistake)."""
    if len(args) < 2 or os.name == "nt":
        return None  # (typer expands wildcards itself on Windows)
    if args[0] == "build":
        return plain_build(args[1:])
    if args[:2] == ["export", "png"]:
        return plain_export_png(args[2:])
    if args[0] not in ("check", "score"):
        return None
    parsed = plain_options(args[1:], {"--format": "format", "-f": "format"})
    if parsed is None:
        return None
    files, given, allow_outside = parsed
    if given.get("format", "human") not in ("human", "json"):
        return None
    as_json = given.get("format") == "json"
    from kitgen.cli import check as cli_check

    run = cli_check.run_check if args[0] == "check" else cli_check.run_score
    if not allow_outside:
        return lambda: run(files, as_json)

    def run_allowing_outside() -> int:
        from kitgen.load.references import allowing_outside

        with allowing_outside(True):
            return run(files, as_json)

    return run_allowing_outside


def plain_options(
    args: list[str], valued: dict[str, str]
) -> tuple[list[str], dict[str, str], bool] | None:
    """A plain command line's targets, its options' values (`valued` maps each option's
    names to its key: `--out DIR`, `-o DIR`, `--out=DIR`, each at most once) and whether
    `--allow-outside` was given; None for anything else (another option, a value that
    looks like an option, no target): typer parses those, and explains a mistake."""
    targets: list[str] = []
    given: dict[str, str] = {}
    allow_outside = False
    rest = iter(args)
    for arg in rest:
        name, equals, value = arg.partition("=")
        if arg == "--allow-outside":
            allow_outside = True
        elif name in valued and (name == arg or name.startswith("--")):  # not -o=DIR
            value = value if equals else next(rest, "")
            if valued[name] in given or (not equals and (not value or value.startswith("-"))):
                return None
            given[valued[name]] = value
        elif arg.startswith("-"):
            return None
        else:
            targets.append(arg)
    return (targets, given, allow_outside) if targets else None


def flags(*names: str) -> dict[str, str]:
    """Each flag (and short form) of these print options, to its option's name."""
    from kitgen.layout.print_options import OPTIONS

    return {flag: name for name in names for flag in OPTIONS[name].flags}


def plain_build(args: list[str]) -> Callable[[], int] | None:
    """`kitgen build` of targets with `--allow-outside` and any of its print options that
    take a word (`--out`/`-o`, `--paper`, `--bleed`, `--lang`...: every one but the
    number and the switches), as typer would run it; None for anything else."""
    from kitgen.layout.print_options import BUILD_OPTIONS, OPTIONS

    worded = [name for name in BUILD_OPTIONS if OPTIONS[name].kind is str]
    parsed = plain_options(args, flags(*worded))
    if parsed is None:
        return None
    targets, given, allow_outside = parsed

    def run() -> int:
        from kitgen.cli.results import build_options, run_build
        from kitgen.load.references import allowing_outside

        options = build_options(**cast(dict[str, Any], given))
        with allowing_outside(allow_outside):
            run_build(targets, options)
        return 0

    return run


def plain_export_png(args: list[str]) -> Callable[[], int] | None:
    """`kitgen export png` of targets with `--profile`/`-p`, `--jobs`/`-j` (1 to 64),
    `--out`/`-o` and `--allow-outside`, as typer would run it; None for anything else."""
    parsed = plain_options(args, flags("out") | {"--profile": "profile", "-p": "profile"} | _JOBS)
    if parsed is None:
        return None
    targets, given, allow_outside = parsed
    jobs = given.get("jobs")
    if jobs is not None and not (jobs.isdigit() and 1 <= int(jobs) <= 64):
        return None  # typer says what is wrong with it

    def run() -> int:
        from kitgen.cli.results import build_options, run_export_png
        from kitgen.load.references import allowing_outside

        with allowing_outside(allow_outside):
            run_export_png(
                targets,
                build_options(out=given.get("out", "output")),
                profile=given.get("profile", "home"),
                jobs=None if jobs is None else int(jobs),
            )
        return 0

    return run


_JOBS = {"--jobs": "jobs", "-j": "jobs"}
