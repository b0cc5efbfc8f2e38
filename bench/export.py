"""Benchmark: export card PNGs and a Tabletop Simulator deck, one process and every core.

The PNGs are The Game Crafter's (825 x 1125 px); each export runs with one
worker process and with one per core.

Run: python bench/export.py [--cards N] [--quick]
Prints images a second for each, the speed-up the worker processes give, and the
targets: at least 15 card images a second on all cores, and (with 2 cores or more)
workers at least 1.4x faster than one process.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from common import Row, all_ok, at_least, print_table

from kitgen.build import BuildOptions
from kitgen.export import ExportOptions, ExportResult, export_png, export_tts
from kitgen.render.raster import WORTH_A_POOL, default_processes

NAME = "rasterizing"
CARDS = 120
QUICK_CARDS = 12  # under WORTH_A_POOL: everything renders in this process
MIN_IMAGES_PER_SECOND = 15.0
MIN_SPEEDUP = 1.4


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


def rows(quick: bool, cards: int = CARDS) -> list[Row]:
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


def main() -> int:
    """Print the table; 1 when an export missed its target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=CARDS, help="how many cards to export")
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_CARDS} cards (a smoke test)")
    args = parser.parse_args()
    table = rows(args.quick, max(1, args.cards))
    print_table("Rasterizing: card PNGs (and a back), one process and one worker per core", table)
    return 0 if all_ok(table) else 1


if __name__ == "__main__":
    sys.exit(main())
