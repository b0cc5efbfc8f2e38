"""Benchmark: how fast `kitgen --help`, `kitgen check` and `kitgen score` start.

Run: python bench/startup.py [--runs N] [--quick]
Times each command as a fresh process (wall time, the median of N runs, 15 by
default) beside the reference `python -c "import yaml, pydantic"`, measured in
the same run. kitgen runs as `sys.executable -m kitgen`: the kitgen installed in
the interpreter running this script (in CI, the CI venv). Target: each command
within 2x of the reference.

Also shown, without a target: a script that imports yaml and validates one
pydantic model (as kitgen runs: pydantic's plugin search off, and the process
ended without the interpreter's teardown), the least that reading any kitgen
file costs, for scale.

Every command runs once per round, round after round, so load from other
processes falls on all of them alike. The runs write and read bytecode caches
in a temporary folder (PYTHONPYCACHEPREFIX), as an installed kitgen has them,
even when PYTHONDONTWRITEBYTECODE is set; the first round only warms them.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Row, all_ok, print_table

BENCHMARK = "start-up"
ROOT = Path(__file__).resolve().parent.parent
TARGET = 2.0
RUNS = 15
QUICK_RUNS = 3
KITGEN = ["-m", "kitgen"]
REFERENCE = ("python -c 'import yaml, pydantic' (reference)", ["-c", "import yaml, pydantic"])
FLOOR = (
    "python: import yaml, validate one pydantic model",
    [
        "-c",
        # as kitgen runs: pydantic without the plugin search, and the process ended
        # without the interpreter's teardown (kitgen.entry)
        "from kitgen.entry import exit_now, without_pydantic_plugins\n"
        "without_pydantic_plugins()\n"
        "import yaml\nfrom pydantic import BaseModel\nclass A(BaseModel):\n    x: int\nA(x=1)\n"
        "exit_now(0)",
    ],
)
DECK = str(ROOT / "data" / "scratch" / "decks" / "hold-the-line.yaml")
STAIRCASE = str(ROOT / "data" / "staircase" / "examples" / "seed-example.yaml")
CABALS = str(ROOT / "data" / "galliard" / "examples" / "cabals.yaml")
COMMANDS = [
    ("kitgen --help", [*KITGEN, "--help"]),
    ("kitgen check, a Scratch deck", [*KITGEN, "check", DECK]),
    ("kitgen check, a Staircase position", [*KITGEN, "check", STAIRCASE]),
    ("kitgen check, a Galliard position", [*KITGEN, "check", CABALS]),
    ("kitgen score, a Staircase position", [*KITGEN, "score", STAIRCASE]),
]


def run_once(args: list[str], env: dict[str, str], cwd: str) -> float:
    """Milliseconds from starting `python ARGS` to its exit; a failing command stops all."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, check=False
    )
    elapsed = (time.perf_counter() - start) * 1000
    if done.returncode != 0:
        raise SystemExit(f"python {' '.join(args)} failed ({done.returncode}):\n{done.stderr}")
    return elapsed


def medians(commands: list[list[str]], runs: int) -> list[float]:
    """Each command's median time in ms, every command run once per round."""
    # Run in an empty folder: `-m kitgen` imports the installed kitgen, not a source
    # tree that happens to be the working directory (the source tree when not installed).
    with tempfile.TemporaryDirectory(prefix="kitgen-startup-") as work:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = os.path.join(work, "pycache")
        probe = [sys.executable, "-c", "import kitgen"]
        if subprocess.run(probe, cwd=work, env=env, capture_output=True).returncode:
            env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
        for args in commands:  # warm-up: bytecode caches, the disk cache
            run_once(args, env, work)
        times: list[list[float]] = [[] for _ in commands]
        for _ in range(runs):
            for args, kept in zip(commands, times, strict=True):
                kept.append(run_once(args, env, work))
    return [statistics.median(t) for t in times]


def rows(quick: bool, runs: int = RUNS) -> list[Row]:
    """The reference, then each command's time and its ratio to the reference.

    `quick` runs each command QUICK_RUNS times instead of `runs` (a smoke test).
    """
    listed = [REFERENCE, FLOOR, *COMMANDS]
    figures = medians([args for _, args in listed], QUICK_RUNS if quick else runs)
    reference = figures[0]
    out = [Row(BENCHMARK, REFERENCE[0], reference, "ms")]
    for (name, _), ms in zip(listed[1:], figures[1:], strict=True):
        ratio = ms / reference
        out.append(Row(BENCHMARK, name, ms, "ms"))
        if name == FLOOR[0]:
            out.append(Row(BENCHMARK, "  ratio to the reference", ratio, "x"))
        else:
            target = f"<= {TARGET:.2f}x"
            out.append(
                Row(BENCHMARK, "  ratio to the reference", ratio, "x", target, ratio <= TARGET)
            )
    return out


def main() -> int:
    """Print the table; 1 when a command missed its target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=RUNS, help="runs of each command")
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_RUNS} runs (a smoke test)")
    args = parser.parse_args()
    runs = QUICK_RUNS if args.quick else max(1, args.runs)
    table = rows(args.quick, runs)
    print_table(
        f"Start-up: wall time, median of {runs} runs; kitgen is {sys.executable} -m kitgen", table
    )
    return 0 if all_ok(table) else 1


if __name__ == "__main__":
    sys.exit(main())
