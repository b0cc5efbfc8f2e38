"""Issue 20's limits and hangs: what a build may ask for, bounded before it is allocated.

Card and paper sizes, cards per sheet, cards and pages per file, the size of
every value a rules template builds, the digits of a whole number in YAML, and
loops that must shrink (wrapping, shorthand names, TTS sheets) proven to end.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from pathlib import Path

import pytest

from kitgen.entry import main

HUGE_HEX = "0x" + "f" * 4_400  # more digits than Python prints (4,300)


def kitgen(*args: str) -> tuple[int, str, str]:
    """Run `kitgen ARGS` in this process: (exit status, stdout, stderr); a bug raises."""
    out, err = io.StringIO(), io.StringIO()
    argv, debug = sys.argv, os.environ.get("KITGEN_DEBUG")
    sys.argv = ["kitgen", *args]
    os.environ["KITGEN_DEBUG"] = "1"  # an internal error raises here instead of exit 70
    status: int | str | None = 0
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            main()
    except SystemExit as stop:
        status = stop.code
    finally:
        sys.argv = argv
        if debug is None:
            os.environ.pop("KITGEN_DEBUG", None)
        else:
            os.environ["KITGEN_DEBUG"] = debug
    return int(status or 0), out.getvalue(), err.getvalue()


# --- item 7: whole numbers longer than Python prints ------------------------------


@pytest.mark.parametrize(
    "command",
    [["check"], ["score"], ["replay"], ["build", "-o", "OUT"], ["export", "png", "-o", "OUT"]],
)
@pytest.mark.parametrize("number", [HUGE_HEX, "0o" + "7" * 5_000, "9" * 5_000])
def test_a_huge_whole_number_is_a_finding_in_every_command(
    tmp_path: Path, command: list[str], number: str
) -> None:
    path = tmp_path / "record.yaml"
    path.write_text(f"game: scratch\nkind: record\nseed: {number}\nmoves: []\n", "utf-8")
    args = [str(tmp_path / "out") if a == "OUT" else a for a in command]
    status, out, err = kitgen(*args, str(path))
    assert status == 1, out + err
    assert f"{path}:3:7: error number-too-large" in out + err
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.*"))
