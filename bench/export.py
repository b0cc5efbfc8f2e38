"""Benchmark: export card PNGs and a Tabletop Simulator deck, one process and every core,
and `kitgen export png` against rasterizing the same PDF with pypdfium2 alone.

The PNGs are The Game Crafter's (825 x 1125 px); each export runs with one
worker process and with one per core.

The anchor (issue 25) is bench/anchor_png.py: pypdfium2 and Pillow rendering the
card-image PDF kitgen rasterizes, page by page, to the same PNG files (checked
byte for byte before timing). Both sides are whole processes, one process each
(`kitgen export png ... -j 1`), interleaved, medians of five: kitgen's time holds
everything it does (start-up, reading and checking the kit, drawing the PDF,
rasterizing, writing the files atomically); the anchor's holds only rasterizing a
PDF that is already there (kitgen's, made before the timing). Both run with their
bytecode cached (PYTHONPYCACHEPREFIX, warmed by a first untimed run), as an
installed kitgen has it, even when PYTHONDONTWRITEBYTECODE is set. Workloads: the
Scratch kit (`kitgen export png scratch -p tgc`: 31 cards, 24 distinct images, 32
files) and the 120 distinct cards below. Also shown, without a target: kitgen's PDF
build alone as a process (this script with `--pdf-only`: everything kitgen does
before rasterizing, without the command line's start-up), and kitgen's time over that
plus the anchor's, like with like.

Run: python bench/export.py [--cards N] [--runs R] [--quick]
Prints images a second for each, the speed-up the worker processes give, and the
targets: at least 15 card images a second on all cores, (with 2 cores or more)
workers at least 1.4x faster than one process, and kitgen's time within 1.2x of
the anchor's.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from common import Row, all_ok, at_least, at_most, print_table, process

from kitgen.build import BuildOptions
from kitgen.export import ExportOptions, ExportResult, export_png, export_tts
from kitgen.render import raster
from kitgen.render.raster import WORTH_A_POOL, PageJob, default_processes

NAME = "rasterizing"
CARDS = 120
QUICK_CARDS = 12  # under WORTH_A_POOL: everything renders in this process
MIN_IMAGES_PER_SECOND = 15.0
MIN_SPEEDUP = 1.4
MAX_ANCHOR_RATIO = 1.2  # issue 25: kitgen export png's time over the anchor's
RUNS = 5
QUICK_RUNS = 1
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ANCHOR = os.path.join(HERE, "anchor_png.py")


POWERS = [
    "Against all odds!",
    "Champion!",
    "Stand your ground!",
    "Insult to injury!",
    "First strike!",
    "The over under!",
    "Push the attack!",
    None,
]


def card_file(count: int, seed: int = 7) -> str:
    """A cards file of `count` distinct cards that meet the formula."""
    rng = random.Random(seed)
    lines = ["game: scratch", "kind: cards", "cards:"]
    for i in range(count):
        power = rng.choice(POWERS)
        rarity = rng.choice(["common", "rare", "unique"])
        budget = {"common": 18, "rare": 20, "unique": 22}[rarity] + (1 if power is None else 0)
        faction = rng.choice(["monster", "kingdom"])
        while True:
            sides = [rng.randint(2, 8) for _ in range(3)]
            last = budget - sum(sides)
            top, right, bottom = sides
            if 1 <= last <= 9 and (top >= bottom if faction == "monster" else bottom >= top):
                break
        lines += [
            f"  - name: Bench Card {i:04d}",
            f"    faction: {faction}",
            f"    rarity: {rarity}",
            f"    stats: {{top: {top}, right: {right}, bottom: {bottom}, left: {last}}}",
        ]
        if power:
            lines.append(f"    power: {power}")
    return "\n".join(lines) + "\n"


def timed(run: Callable[[], ExportResult]) -> tuple[float, int]:
    """Seconds an export took and the files it wrote; a failed export is an error."""
    start = time.perf_counter()
    result = run()
    elapsed = time.perf_counter() - start
    if not result.ok:
        raise RuntimeError(f"export failed: {[str(f) for f in result.findings]}")
    return elapsed, len(result.written)


def export_rows(quick: bool, cards: int = CARDS) -> list[Row]:
    """Images a second with one process and with every core; `quick` exports 12 cards."""
    n = QUICK_CARDS if quick else cards
    cores = default_processes()
    timings: list[tuple[str, int, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "bench-cards.yaml")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(card_file(n))
        for label, processes in (("one process", 1), (f"{cores} workers", cores)):
            options = ExportOptions(
                BuildOptions(out=os.path.join(tmp, f"out{processes}")),
                profile="tgc",
                processes=processes,
            )
            seconds, files = timed(partial(export_png, [path], options))
            timings.append((label, files, seconds))
        tts = ExportOptions(BuildOptions(out=os.path.join(tmp, "tts")), processes=cores)
        seconds, files = timed(partial(export_tts, [path], tts))
    (_, one_files, one_s), (_, all_files, all_s) = timings
    speed = all_files / all_s
    speedup = one_s / all_s
    what = f"{n} cards, 825 x 1125 px"
    out = [
        Row(NAME, f"PNG, The Game Crafter, {what}, one process", one_files / one_s, "images/s"),
        at_least(
            NAME,
            f"PNG, The Game Crafter, {what}, {cores} workers",
            speed,
            "images/s",
            MIN_IMAGES_PER_SECOND,
        ),
    ]
    figure = f"  speed-up of {cores} workers over one process"
    # With one core, or fewer images than are worth starting workers for, both runs
    # render in this process: the speed-up is shown but has no target.
    if cores >= 2 and n + 1 >= WORTH_A_POOL:
        out.append(at_least(NAME, figure, speedup, "x", MIN_SPEEDUP))
    else:
        out.append(Row(NAME, f"{figure} (no workers used)", speedup, "x"))
    sheets = files / seconds
    out.append(Row(NAME, f"Tabletop Simulator sheets, {cores} workers", sheets, "sheets/s"))
    return out


def recorded(
    target: str, out: str, rasterize: bool = True
) -> tuple[bytes, list[PageJob], list[str]]:
    """Export `target`'s PNGs (The Game Crafter's) in this process, keeping the one PDF
    kitgen rasterized and its pages' jobs: the anchor's input. Also the files written.
    Without `rasterize`, everything but rasterizing: kitgen's PDF build alone."""
    kept: list[tuple[bytes, list[PageJob]]] = []
    original = raster.Rasterizer.run

    def keep(self: raster.Rasterizer, pdf: bytes, jobs: list[PageJob], progress: object) -> None:
        kept.append((pdf, list(jobs)))
        if rasterize:
            original(self, pdf, jobs, progress)  # type: ignore[arg-type]

    raster.Rasterizer.run = keep  # type: ignore[assignment,method-assign]
    try:
        options = ExportOptions(BuildOptions(out=out), profile="tgc", processes=1)
        result = export_png([target], options)
    finally:
        raster.Rasterizer.run = original  # type: ignore[method-assign]
    if not result.ok or len(kept) != 1:
        raise RuntimeError(f"expected one deck exported from {target}: {result.findings}")
    return kept[0][0], kept[0][1], result.written


def build_pdf(target: str, pdf_path: str, out: str) -> None:
    """kitgen's PDF build alone, as a process (`--pdf-only`): what `kitgen export png`
    does before rasterizing, the PDF written to `pdf_path`."""
    pdf, _, _ = recorded(target, out, rasterize=False)
    with open(pdf_path, "wb") as handle:
        handle.write(pdf)


def anchor_input(target: str, tmp: str, label: str) -> tuple[list[str], int]:
    """Write the anchor's PDF and listing for `target` and check the anchor's files are
    kitgen's, byte for byte: the anchor's command and the pages it renders."""
    pdf, jobs, written = recorded(target, os.path.join(tmp, f"check-{label}"))
    folder = os.path.join(tmp, f"anchor-{label}")
    os.makedirs(folder)
    pdf_path = os.path.join(tmp, f"{label}.pdf")
    with open(pdf_path, "wb") as handle:
        handle.write(pdf)
    listing = os.path.join(tmp, f"{label}.txt")
    with open(listing, "w", encoding="utf-8") as handle:
        for job in jobs:
            names = [os.path.join(folder, os.path.basename(p)) for p in job.paths]
            handle.write("\t".join(names) + "\n")
    dpis = {job.dpi for job in jobs}
    if len(dpis) != 1:
        raise RuntimeError(f"pages at several resolutions: {dpis}")
    command = [sys.executable, ANCHOR, pdf_path, str(dpis.pop()), listing]
    subprocess.run(command, check=True)
    same_files(written, folder)
    return command, len(jobs)


def same_files(written: list[str], folder: str) -> None:
    """RuntimeError unless `folder` holds the files `written` (by name), byte for byte."""
    ours = {os.path.basename(p): p for p in written}
    theirs = sorted(os.listdir(folder))
    if sorted(ours) != theirs:
        raise RuntimeError(f"the anchor wrote {theirs}, kitgen {sorted(ours)}")
    for name in theirs:
        with open(ours[name], "rb") as a, open(os.path.join(folder, name), "rb") as b:
            if a.read() != b.read():
                raise RuntimeError(f"the anchor's {name} is not kitgen's")


def timed_process(args: list[str], env: dict[str, str], cwd: str) -> tuple[float, float]:
    """Run a command as a fresh process: its wall time and CPU time (user and system, s)."""
    wall, cpu, _ = process(args, cwd, env)
    return wall, cpu


def anchor_rows(quick: bool, cards: int = CARDS, runs: int = RUNS) -> list[Row]:
    """`kitgen export png -p tgc -j 1` against the anchor on the same PDF, both whole
    processes, interleaved: images a second each and the ratio of times, for the
    Scratch kit and for `cards` distinct cards."""
    runs = QUICK_RUNS if quick else runs
    out: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="kitgen-bench-png-") as tmp:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = os.path.join(tmp, "pycache")
        probe = [sys.executable, "-c", "import kitgen"]
        if subprocess.run(probe, cwd=tmp, env=env, capture_output=True).returncode:
            env["PYTHONPATH"] = os.pathsep.join(filter(None, [ROOT, env.get("PYTHONPATH")]))
        pool = os.path.join(tmp, "bench-cards.yaml")
        with open(pool, "w", encoding="utf-8") as handle:
            handle.write(card_file(QUICK_CARDS if quick else cards))
        workloads = [
            ("the Scratch kit", "scratch"),
            (f"{QUICK_CARDS if quick else cards} cards", pool),
        ]
        for label, target in workloads:
            key = "kit" if target == "scratch" else "pool"
            anchor, pages = anchor_input(target, tmp, key)
            kitgen = [sys.executable, "-m", "kitgen", "export", "png", target]
            kitgen += ["-p", "tgc", "-j", "1", "-o", os.path.join(tmp, f"out-{key}")]
            build = [sys.executable, os.path.abspath(__file__), "--pdf-only", target]
            build += [os.path.join(tmp, f"{key}-again.pdf"), os.path.join(tmp, f"pdf-{key}")]
            times: list[list[tuple[float, float]]] = [[], [], []]
            for n in range(runs + 1):  # the first round warms the bytecode caches
                done = [timed_process(command, env, tmp) for command in (kitgen, anchor, build)]
                if n:
                    for kept, one in zip(times, done, strict=True):
                        kept.append(one)
            wall = [statistics.median(t for t, _ in kept) for kept in times]
            cpu = [statistics.median(c for _, c in kept) for kept in times]
            what = f"{label}, {pages} images, one process"
            out += [
                Row(NAME, f"kitgen export png, {what}", pages / wall[0], "images/s"),
                Row(NAME, f"anchor: pypdfium2 alone, {what}", pages / wall[1], "images/s"),
                at_most(
                    NAME,
                    "  kitgen's time over the anchor's",
                    wall[0] / wall[1],
                    "x",
                    MAX_ANCHOR_RATIO,
                ),
                Row(NAME, "  kitgen's CPU time over the anchor's", cpu[0] / cpu[1], "x"),
                Row(NAME, "  kitgen's PDF build alone (no rasterizing)", wall[2], "s"),
                Row(
                    NAME,
                    "  kitgen's time over its PDF build's plus the anchor's",
                    wall[0] / (wall[1] + wall[2]),
                    "x",
                ),
            ]
    return out


def rows(quick: bool, cards: int = CARDS, runs: int = RUNS) -> list[Row]:
    """The export rows, then kitgen against the anchor."""
    return export_rows(quick, cards) + anchor_rows(quick, cards, runs)


def main() -> int:
    """Print the table; 1 when an export missed its target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=CARDS, help="how many cards to export")
    parser.add_argument("--runs", type=int, default=RUNS, help="timed runs of each side")
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_CARDS} cards (a smoke test)")
    parser.add_argument(
        "--pdf-only",
        nargs=3,
        metavar=("TARGET", "PDF", "OUT"),
        help="only build the PDF kitgen would rasterize (the benchmark times this process)",
    )
    args = parser.parse_args()
    if args.pdf_only:
        build_pdf(*args.pdf_only)
        return 0
    table = rows(args.quick, max(1, args.cards), max(1, args.runs))
    print_table("Rasterizing: card PNGs (and a back), one process and one worker per core", table)
    return 0 if all_ok(table) else 1


if __name__ == "__main__":
    sys.exit(main())
