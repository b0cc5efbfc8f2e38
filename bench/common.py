"""What every benchmark returns: rows of figures with their targets, printed as one table."""

from __future__ import annotations

import atexit
import math
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Row:
    """One measured figure: `ok` is None when the figure has no target (a reference)."""

    benchmark: str  # which script: "start-up", "engines", "rendering", "rasterizing"
    figure: str  # what was measured, in words
    value: float
    unit: str  # "ms", "x", "games/s", "cards/s", "KiB", ...
    target: str = ""  # like "<= 2.00x" or ">= 20,000"; empty for a reference figure
    ok: bool | None = None


def verdict(row: Row) -> str:
    """OK, MISSED, or nothing for a figure without a target."""
    return "" if row.ok is None else ("OK" if row.ok else "MISSED")


def number(value: float) -> str:
    """A figure as people read it: thousands separated, two decimals below 100."""
    if math.isnan(value):
        return "-"  # nothing measured: the benchmark failed
    if abs(value) >= 100:
        return f"{value:,.0f}"
    return f"{value:,.2f}"


def bound(value: float) -> str:
    """A target's number: whole numbers without decimals, others with two."""
    return f"{value:,.0f}" if value == int(value) else f"{value:,.2f}"


def at_least(benchmark: str, figure: str, value: float, unit: str, least: float) -> Row:
    """A figure that should be `least` or more (a speed)."""
    shown = f"{least:.2f}x" if unit == "x" else bound(least)
    return Row(benchmark, figure, value, unit, f">= {shown}", value >= least)


def at_most(benchmark: str, figure: str, value: float, unit: str, most: float) -> Row:
    """A figure that should be `most` or less (a ratio of times)."""
    shown = f"{most:.2f}x" if unit == "x" else bound(most)
    return Row(benchmark, figure, value, unit, f"<= {shown}", value <= most)


def below(benchmark: str, figure: str, value: float, unit: str, limit: float) -> Row:
    """A figure that should stay under `limit` (a size)."""
    return Row(benchmark, figure, value, unit, f"< {bound(limit)}", value < limit)


def print_table(title: str, rows: Sequence[Row]) -> None:
    """Print rows as one aligned table under a title, the verdict last on each line."""
    print(title)
    values = [f"{number(r.value)} {r.unit}".rstrip() for r in rows]
    bench = max([len(r.benchmark) for r in rows] + [len("benchmark")])
    width = max([len(r.figure) for r in rows] + [len("figure")])
    shown = max([len(v) for v in values] + [len("value")])
    goal = max([len(r.target) for r in rows] + [len("target")])
    header = f"{'benchmark':<{bench}}  {'figure':<{width}}  {'value':>{shown}}  {'target':<{goal}}"
    print(f"{header}  result")
    for r, value in zip(rows, values, strict=True):
        line = f"{r.benchmark:<{bench}}  {r.figure:<{width}}  {value:>{shown}}  {r.target:<{goal}}"
        print(f"{line}  {verdict(r)}".rstrip())


def all_ok(rows: Sequence[Row]) -> bool:
    """True when no figure missed its target."""
    return all(r.ok is not False for r in rows)


def summary(rows: Sequence[Row]) -> str:
    """One line: "all N targets met", or "M of N targets MISSED: " and the figures."""
    targets = [r for r in rows if r.ok is not None]
    missed = [name for name, r in named(rows) if r.ok is False]
    if not missed:
        return f"all {len(targets)} targets met"
    return f"{len(missed)} of {len(targets)} targets MISSED: {'; '.join(missed)}"


def named(rows: Sequence[Row]) -> list[tuple[str, Row]]:
    """Each row with a name that stands alone: an indented figure (like "  its time")
    belongs to the figure above it, so it is named after that one too."""
    out: list[tuple[str, Row]] = []
    above: tuple[str, str] | None = None  # the benchmark and figure of the last main row
    for r in rows:
        if r.figure.startswith(" ") and above and above[0] == r.benchmark:
            name = f"{r.benchmark}: {above[1]}, {r.figure.strip()}"
        else:
            above = (r.benchmark, r.figure.strip())
            name = f"{r.benchmark}: {above[1]}"
        out.append((name, r))
    return out


# The shared anchors (../shared/anchors from the repository, or the folder
# $KITGEN_ANCHORS names, for a checkout elsewhere): the references speed is measured
# against, whole processes, in the same run.
ANCHORS = os.environ.get("KITGEN_ANCHORS") or os.path.join(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
    "shared",
    "anchors",
)


def anchor(name: str) -> str:
    """The path of a shared anchor script; SystemExit saying so when it is not there."""
    path = os.path.join(ANCHORS, name)
    if not os.path.isfile(path):
        raise SystemExit(f"the shared anchors are not there ({path}): nothing to compare with")
    return path


_PYCACHE: list[str] = []


def bench_env() -> dict[str, str]:
    """The environment measured processes run in: bytecode cached (in a folder of this
    run's own, PYTHONPYCACHEPREFIX), as an installed kitgen has it, even when
    PYTHONDONTWRITEBYTECODE is set, so no side pays for compiling its imports. The
    first run of each command writes the caches: `warm` it before timing."""
    if not _PYCACHE:
        _PYCACHE.append(tempfile.mkdtemp(prefix="kitgen-bench-pycache-"))
        atexit.register(shutil.rmtree, _PYCACHE[0], True)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = _PYCACHE[0]
    return env


def warm(*commands: list[str], cwd: str) -> None:
    """Run each command once, untimed: its bytecode caches and the disk cache."""
    for args in commands:
        subprocess.run(args, cwd=cwd, env=bench_env(), check=True, stdout=subprocess.DEVNULL)


@dataclass(frozen=True)
class Measured:
    """A command run as a fresh process: wall time (s), CPU time (user and system, s),
    peak resident size (MiB), exit status, and what it printed (when kept)."""

    wall: float
    cpu: float
    peak_mib: float
    status: int
    output: str


def measure(args: list[str], cwd: str, env: dict[str, str], keep: bool = False) -> Measured:
    """Run a command as a fresh process, measured by a small parent process of its own
    so other runs do not count; its standard output is kept with `keep`, else thrown
    away as it is written."""
    out = "subprocess.PIPE" if keep else "subprocess.DEVNULL"
    probe = (
        "import resource, subprocess, sys, time\n"
        "t = time.perf_counter()\n"
        f"done = subprocess.run(sys.argv[1:], stdout={out}, text=True)\n"
        "t = time.perf_counter() - t\n"
        "r = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
        "sys.stdout.write(f'{t} {r.ru_utime + r.ru_stime} {r.ru_maxrss} {done.returncode}\\n')\n"
        "sys.stdout.write(done.stdout or '')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, *args],
        cwd=cwd,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    head, _, output = done.stdout.partition("\n")
    wall, cpu, peak, status = head.split()
    return Measured(float(wall), float(cpu), float(peak) / 1024, int(status), output)


def process(args: list[str], cwd: str, env: dict[str, str]) -> tuple[float, float, float]:
    """Run a command as a fresh process (`measure`): its wall time (s), CPU time (user
    and system, s) and peak resident size (MiB); CalledProcessError when it fails."""
    done = measure(args, cwd, env)
    if done.status != 0:
        raise subprocess.CalledProcessError(done.status, args)
    return done.wall, done.cpu, done.peak_mib


def run(args: list[str], cwd: str) -> tuple[float, float]:
    """Run a command as a fresh process (in `bench_env`): its wall time (s) and peak
    resident size (MiB)."""
    wall, _, peak = process(args, cwd, bench_env())
    return wall, peak
