"""Benchmark: export card PNGs (The Game Crafter's 825 x 1125 px) and a Tabletop
Simulator deck, with one worker process and with one per core.

Run: python bench/export.py [--cards N]
Prints images a second for each, the speed-up the worker processes give, and the
targets: at least 15 card images a second on all cores, and (with 2 cores or more)
workers at least 1.4x faster than one process.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from cards import card_file

from kitgen.build import BuildOptions
from kitgen.export import ExportOptions, export_png, export_tts
from kitgen.render.raster import WORTH_A_POOL, default_processes

MIN_IMAGES_PER_SECOND = 15.0
MIN_SPEEDUP = 1.4


def timed(run: object) -> tuple[float, int]:
    start = time.perf_counter()
    result = run()  # type: ignore[operator]
    elapsed = time.perf_counter() - start
    assert result.ok, result.findings
    return elapsed, len(result.written)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cards", type=int, default=120)
    args = parser.parse_args()
    cores = default_processes()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "bench-cards.yaml")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(card_file(args.cards))
        rows = []
        for label, processes in (("one process", 1), (f"{cores} workers", cores)):
            options = ExportOptions(
                BuildOptions(out=os.path.join(tmp, f"out{processes}")),
                profile="tgc",
                processes=processes,
            )
            seconds, files = timed(lambda o=options: export_png([path], o))
            rows.append((f"PNG, The Game Crafter, {label}", files, seconds))
        tts = ExportOptions(BuildOptions(out=os.path.join(tmp, "tts")), processes=cores)
        seconds, files = timed(lambda: export_tts([path], tts))
        rows.append((f"Tabletop Simulator sheets, {cores} workers", files, seconds))
    print(f"{args.cards} distinct poker cards, 825 x 1125 px PNGs (and a back)")
    print(f"{'':46}{'files':>7}{'time':>9}{'files/s':>10}")
    for label, files, seconds in rows:
        print(f"{label:46}{files:>7}{seconds:>8.2f}s{files / seconds:>10.1f}")
    speed = rows[1][1] / rows[1][2]
    speedup = rows[0][2] / rows[1][2]
    ok = speed >= MIN_IMAGES_PER_SECOND
    print(
        f"images a second on all cores: {speed:.1f} (target >= {MIN_IMAGES_PER_SECOND:.0f}) "
        f"{'OK' if ok else 'MISSED'}"
    )
    if cores >= 2 and args.cards + 1 >= WORTH_A_POOL:  # fewer render in one process
        fast = speedup >= MIN_SPEEDUP
        print(
            f"speed-up of {cores} workers over one process: {speedup:.2f}x "
            f"(target >= {MIN_SPEEDUP}x) {'OK' if fast else 'MISSED'}"
        )
        ok = ok and fast
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
