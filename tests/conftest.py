"""Shared test helpers."""

from __future__ import annotations

import contextlib
import io
import os
import signal
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType

import pytest

from kitgen.paths import data_dir

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def scratch_data() -> Path:
    """The shipped Scratch data folder."""
    return data_dir() / "scratch"


def write(tmp: Path, name: str, text: str) -> str:
    """Write a file under tmp and return its path as text."""
    path = tmp / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return str(path)


def leftovers(folder: Path) -> list[str]:
    """Temporary files or folders a write left behind under `folder`: kitgen's are
    hidden (`.kitgen-*.part`, `.NAME.*.part` staged folders)."""
    return sorted(
        str(p.relative_to(folder))
        for p in folder.rglob("*")
        if p.name.startswith(".") or p.name.endswith((".part", ".tmp"))
    )


def pytest_report_header() -> str:
    """Name the kitgen under test (the installed wheel in CI)."""
    import kitgen

    return f"kitgen {kitgen.__version__} from {Path(kitgen.__file__).parent}"


@pytest.fixture(autouse=True)
def _no_user_kitgen_toml(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Never read the developer's own kitgen.toml: point the user file at nothing."""
    missing = tmp_path_factory.getbasetemp() / "no-user-kitgen.toml"
    monkeypatch.setenv("KITGEN_CONFIG", str(missing))


@contextlib.contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    """Fail (instead of waiting for ever) when the block runs too long."""

    def hang(signum: int, frame: FrameType | None) -> None:
        raise TimeoutError(f"still running after {seconds} s: a hang")

    old = signal.signal(signal.SIGALRM, hang)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def run_in_process(
    main: Callable[[], object], *args: str, seconds: int = 0
) -> tuple[int, str, str]:
    """Run `kitgen ARGS` through `main` in this process: (exit status, stdout, stderr).
    An internal error raises here (KITGEN_DEBUG) instead of printing a line; with
    `seconds`, so does a command that runs longer."""
    out, err = io.StringIO(), io.StringIO()
    argv, debug = sys.argv, os.environ.get("KITGEN_DEBUG")
    sys.argv = ["kitgen", *args]
    os.environ["KITGEN_DEBUG"] = "1"
    status: int | str | None = 0
    limit = time_limit(seconds) if seconds else contextlib.nullcontext()
    try:
        with limit, contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            main()
    except SystemExit as stop:
        status = stop.code
    finally:
        sys.argv = argv
        if debug is None:
            os.environ.pop("KITGEN_DEBUG", None)
        else:
            os.environ["KITGEN_DEBUG"] = debug
    code = status if isinstance(status, int) else (0 if status is None else 1)
    return code, out.getvalue(), err.getvalue()
