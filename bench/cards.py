"""Benchmark: card sheets of custom Scratch cards, kitgen against the bare reportlab floor.

Run: python bench/cards.py [--cards N] [--big N] [--runs R] [--quick]
Both sides are whole processes, interleaved, as the shared anchors' README says:
`kitgen build POOL.yaml... --paper a4` of pools written by the anchors' `big_cards.py`
(5,000 cards a file at most, kitgen's limit: 10,000 cards are two files in one
command), and the anchors' `floor_render.py` drawing as many cards. Medians of R runs (the big
run: of its own count, fewer). Targets (issue 25): kitgen within 1.5x of the floor's
time at 1,000 and at 10,000 cards, its PDF at most 1.5x the floor's, its peak memory
for 10,000 cards at most 2x the floor's.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from common import Row, all_ok, anchor, at_most, print_table, run, warm

NAME = "rendering"
CARDS = 1000
BIG = 10_000
QUICK_CARDS = 200
RUNS = 5
BIG_RUNS = 3
QUICK_RUNS = 2
FILE_CARDS = 5000  # the most cards kitgen reads from one file (docs/limits.md)
MAX_TIME = 1.5  # kitgen's time over the floor's
MAX_SIZE = 1.5  # kitgen's PDF over the floor's
MAX_MEMORY = 2.0  # kitgen's peak memory over the floor's, at the big count


def pool_files(count: int, tmp: str) -> list[str]:
    """Card files of `count` custom cards in all, written by the anchors' big_cards.py,
    at most FILE_CARDS a file (kitgen's limit); each file's names made its own."""
    paths = []
    for part, start in enumerate(range(0, count, FILE_CARDS)):
        size = min(FILE_CARDS, count - start)
        path = os.path.join(tmp, f"pool-{count}-{part + 1}.yaml")
        subprocess.run([sys.executable, anchor("big_cards.py"), str(size), path], check=True)
        if part:  # the anchor is seeded: give the second file's cards their own names
            with open(path, encoding="utf-8") as f:
                text = f.read().replace("Bench Card ", f"Bench Card {part + 1}-")
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        paths.append(path)
    return paths


def measure(count: int, runs: int, tmp: str) -> tuple[float, float, float, float, float, float]:
    """kitgen's and the floor's median time (s), peak memory (MiB) and PDF size (KiB)."""
    pools = pool_files(count, tmp)
    out = os.path.join(tmp, f"out-{count}")
    floor_pdf = os.path.join(tmp, f"floor-{count}.pdf")
    kitgen = [sys.executable, "-m", "kitgen", "build", *pools, "--paper", "a4", "--out", out]
    floor = [sys.executable, anchor("floor_render.py"), str(count), floor_pdf]
    warm(kitgen, floor, cwd=tmp)
    ours, theirs = [], []
    for _ in range(runs):  # interleaved, so a busy moment hits both alike
        ours.append(run(kitgen, tmp))
        theirs.append(run(floor, tmp))
    pdfs = [
        os.path.join(root, name)
        for root, _, names in os.walk(out)
        for name in names
        if name.endswith(".pdf")
    ]
    if len(pdfs) != len(pools):
        raise RuntimeError(f"kitgen build wrote {pdfs}, not one card-sheet PDF a pool")
    return (
        statistics.median(t for t, _ in ours),
        statistics.median(t for t, _ in theirs),
        max(m for _, m in ours),
        max(m for _, m in theirs),
        sum(os.path.getsize(pdf) for pdf in pdfs) / 1024,
        os.path.getsize(floor_pdf) / 1024,
    )


def rows(quick: bool, cards: int = CARDS, big: int = BIG, runs: int | None = None) -> list[Row]:
    """kitgen build against the floor at `cards` and (unless quick) `big` cards."""
    counts = [(QUICK_CARDS, runs or QUICK_RUNS)] if quick else [(cards, runs or RUNS)]
    if not quick and big:
        counts.append((big, runs or BIG_RUNS))
    table: list[Row] = []
    with tempfile.TemporaryDirectory() as tmp:
        for count, repeat in counts:
            mine, base, memory, base_memory, size, base_size = measure(count, repeat, tmp)
            what = f"{count:,} cards"
            table += [
                Row(NAME, f"kitgen build, {what} (whole process)", mine, "s"),
                Row(NAME, f"bare reportlab floor, {what} (shared anchor)", base, "s"),
                at_most(NAME, f"time, kitgen / floor, {what}", mine / base, "x", MAX_TIME),
                at_most(NAME, f"PDF size, kitgen / floor, {what}", size / base_size, "x", MAX_SIZE),
                Row(NAME, f"  kitgen PDF, {what}", size, "KiB"),
                Row(NAME, f"  kitgen peak memory, {what}", memory, "MiB"),
                Row(NAME, f"  floor peak memory, {what}", base_memory, "MiB"),
            ]
            if count == big:
                table.append(
                    at_most(
                        NAME,
                        f"peak memory, kitgen / floor, {what}",
                        memory / base_memory,
                        "x",
                        MAX_MEMORY,
                    )
                )
    return table


def main() -> int:
    """Print the table; 1 when kitgen missed a target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=CARDS, help="the first count of cards")
    parser.add_argument("--big", type=int, default=BIG, help="the large count (0: none)")
    parser.add_argument("--runs", type=int, default=None, help="runs of each command")
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_CARDS} cards (a smoke test)")
    args = parser.parse_args()
    table = rows(args.quick, max(1, args.cards), max(0, args.big), args.runs)
    print_table("Rendering: custom Scratch cards, A4, against the shared floor", table)
    return 0 if all_ok(table) else 1


if __name__ == "__main__":
    sys.exit(main())
