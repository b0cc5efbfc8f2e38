"""`kitgen build` and `kitgen export png` without typer: the same output, files and
exit status as through typer, for the command lines the plain path takes."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import write
from test_cli import BAD_DECK, BUFFERED, GOOD_DECK

from kitgen import entry


@pytest.mark.parametrize(
    ("args", "plain"),
    [
        (["build", "scratch"], True),
        (["build", "a.yaml", "b.yaml", "-o", "out", "--paper", "letter"], True),
        (["build", "--out=out", "--paper=a4", "a.yaml", "--allow-outside"], True),
        (["build", "a.yaml", "--out="], True),  # build_options says it is empty, as typer's
        (["build"], False),
        (["build", "-o", "out"], False),  # no target: typer says what is missing
        (["build", "a.yaml", "-o=out"], False),  # click reads the value as "=out"
        (["build", "a.yaml", "-oout"], False),
        (["build", "a.yaml", "-o", "a", "-o", "b"], False),  # the last one wins in typer
        (["build", "a.yaml", "-o", "--paper"], False),
        (["build", "a.yaml", "--paper"], False),
        (["build", "a.yaml", "--ink", "low", "--bleed=0", "--lang", "de"], True),
        (["build", "a.yaml", "--cut", "lines", "--duplex", "short", "--margin", "4mm"], True),
        (["build", "a.yaml", "--extra-commons", "2"], False),  # a number: typer checks it
        (["build", "a.yaml", "--draft"], False),
        (["build", "a.yaml", "--no-standard-deck"], False),
        (["build", "a.yaml", "--help"], False),
        (["build", "--", "a.yaml"], False),
        (["export", "png", "scratch", "-p", "tgc", "-j", "1", "-o", "out"], True),
        (["export", "png", "a.yaml", "--profile=mpc", "--jobs=64"], True),
        (["export", "png", "a.yaml", "-j", "0"], False),  # typer says it is out of range
        (["export", "png", "a.yaml", "-j", "65"], False),
        (["export", "png", "a.yaml", "-j", "two"], False),
        (["export", "png", "a.yaml", "--paper", "a4"], False),  # export has no --paper
        (["export", "png", "a.yaml", "--dpi", "150"], False),
        (["export", "pdf", "a.yaml"], False),
        (["export", "png"], False),
    ],
)
def test_the_plain_path_takes_only_what_it_runs_as_typer_does(args: list[str], plain: bool) -> None:
    assert (entry.plain_command(args) is not None) is plain


def run_main(args: list[str], *, fast: bool) -> tuple[int, bytes, bytes]:
    """Run `kitgen ARGS` in a fresh interpreter by the plain path (typer's app removed,
    so a command line the plain path does not take fails) or only through typer."""
    force = (
        "root.app = None; entry.run()"
        if fast
        else ("entry.plain_command = lambda args: None; entry.main()")
    )
    code = f"from kitgen import entry; from kitgen.cli import root; {force}"
    result = subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        check=False,
        env=BUFFERED,
    )
    return result.returncode, result.stdout, result.stderr


def files_in(folder: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


# Every print option that takes a word, each with a value that is not its default.
EVERY_OPTION = ["--card-size", "bridge", "--bleed", "0", "--ink", "low", "--cut", "lines"]
EVERY_OPTION += ["--duplex", "short", "--margin", "4mm", "--gutter", "1mm"]
EVERY_OPTION += ["--back-offset", "0.5,-1", "--paper", "letter"]


def test_build_and_export_print_and_write_what_typer_does(tmp_path: Path) -> None:
    good = write(tmp_path, "good.yaml", GOOD_DECK)
    bad = write(tmp_path, "bad.yaml", BAD_DECK)
    out = tmp_path / "out"
    cases = [
        ["build", good, "-o", str(out)],
        ["build", good, "--out", str(out), "--paper", "letter"],
        ["build", good, bad, "-o", str(out)],  # one with errors: exit 1, nothing of it
        ["build", str(tmp_path / "missing.yaml"), "-o", str(out)],
        ["build", good, "--paper", "a9", "-o", str(out)],
        ["build", good, "--out="],
        ["build", good, "-o", str(out), *EVERY_OPTION],
        ["build", good, "-o", str(out), "--duplex", "both"],
        ["build", good, "-o", str(out), "--lang="],
        ["export", "png", good, "-p", "tgc", "-j", "1", "-o", str(out)],
        ["export", "png", good, "--profile", "nope", "-o", str(out)],
    ]
    plain = []
    for args in cases:
        runs = []
        for fast in (True, False):
            shutil.rmtree(out, ignore_errors=True)
            code, stdout, stderr = run_main(args, fast=fast)
            runs.append((code, stdout, stderr, files_in(out) if out.exists() else {}))
        assert runs[0] == runs[1], args
        assert b"Traceback" not in runs[0][2], args
        plain.append(runs[0])
    # and the cases did what they say: built, refused, exported
    built, _letter, one_bad, _missing, a9, *_ = plain
    assert built[0] == 0 and built[1].decode().strip().endswith(".pdf") and built[3]
    assert a9[0] == 2 and one_bad[0] == 1
    every, both, no_lang = plain[6:9]
    assert every[0] == 0 and every[3] and both[0] == 2 and no_lang[0] == 2
    assert b"--duplex must be long, short, fold or none" in both[2]
    assert plain[9][0] == 0 and any(name.endswith(".png") for name in plain[9][3])


def test_a_plain_build_imports_no_typer(tmp_path: Path) -> None:
    good = write(tmp_path, "good.yaml", GOOD_DECK)
    probe = (
        "import sys\n"
        "from kitgen import entry\n"
        f"sys.argv = ['kitgen', 'build', {good!r}, '-o', {str(tmp_path / 'out')!r}]\n"
        "try:\n"
        "    entry.main()\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'typer', 'click', 'rich'}))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=False, env=BUFFERED
    )
    assert result.stdout.strip().splitlines()[-1] == "[]", result.stderr
    assert os.path.isdir(tmp_path / "out")  # it built
