"""Benchmark: a designed game of 1,000 cards from a CSV, built as a whole process, beside
the shared anchors' bare reportlab floor drawing as many cards, in the same run.

Run: python bench/designed.py [--cards N] [--runs R] [--quick]
The game, as issue 22 sets it: two text fields (a name, and rules text with an inline
icon and **bold**) and an image per card (ten PNGs in turn), with a frame, a band
coloured by a mapping of the card's faction, and a back layout. Each command runs R
times (median) as a fresh process; its peak memory is the largest resident size it
reached. Targets: kitgen's time within 2x of the
floor's, its peak memory under 200 MiB.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from common import Row, all_ok, anchor, at_most, below, print_table, run, warm

NAME = "designed"
CARDS = 1000
QUICK_CARDS = 200
RUNS = 5
QUICK_RUNS = 2
MAX_RATIO = 2.0
MAX_MIB = 200

GAME = """\
game: bench-game
kind: game
title: Bench Game
players: {min: 2, max: 2}
playing_time: 10 minutes
summary: A game for measuring.
fields:
  name: {type: text, max_length: 40}
  faction: {type: choice, values: [red, blue, green]}
  cost: {type: integer, min: 0, max: 9}
  rules: {type: text}
  art: {type: image}
cards: cards.csv
face: face.yaml
back: back.yaml
icons:
  bolt: bolt.svg
"""

FACE = """\
game: bench-game
kind: layout
background: "#ffffff"
elements:
  - {type: rect, x: 2mm, y: 2mm, width: 59mm, height: 84mm, radius: 2mm, stroke: "#000000"}
  - type: rect
    x: 2mm
    y: 2mm
    width: 59mm
    height: 10mm
    fill: {faction: {red: "#b03a2e", blue: "#2e5cb0", green: "#2e8b57"}}
  - {type: text, text: "{{ name }}", x: 5mm, y: 3mm, width: 45mm, height: 8mm, size: 12,
     bold: true, colour: "#ffffff", valign: middle}
  - {type: image, src: "{{ art }}", x: 5mm, y: 14mm, width: 53mm, height: 38mm, fit: crop}
  - {type: text, text: "{{ rules }}", x: 5mm, y: 55mm, width: 53mm, height: 28mm, size: 10,
     min_size: 6, align: centre, valign: middle}
"""

BACK = """\
game: bench-game
kind: layout
background: "#33264d"
elements:
  - {type: text, text: BENCH, y: 0, height: 100%, size: 20, bold: true, colour: "#ffffff",
     align: centre, valign: middle}
"""

KIT = "game: bench-game\nkind: kit\nname: Bench Game\ncomponents: [cards]\n"
BOLT = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10">'
    '<path d="M6 0 L1 6 L5 6 L4 10 L9 4 L5 4 Z" fill="#000000"/></svg>\n'
)
WORDS = ["strike", "draw", "guard", "flank", "rally", "burn", "heal", "swap", "scout", "hold"]


def game_folder(folder: str, count: int, seed: int = 11) -> str:
    """Write the benchmark's designed game into `folder`; its kit's path."""
    from PIL import Image

    rng = random.Random(seed)
    for i in range(10):
        image = Image.new("RGB", (640, 460), (40 + 20 * i, 90, 200 - 15 * i))
        image.save(os.path.join(folder, f"art{i}.png"))
    rows = ["name,faction,cost,rules,art"]
    for i in range(count):
        words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(6, 14)))
        rules = f"**{rng.choice(WORDS).title()}:** {words} :bolt: {rng.randint(1, 5)}."
        faction = rng.choice(["red", "blue", "green"])
        rows.append(f"Card {i:04d},{faction},{rng.randint(0, 9)},{rules},art{i % 10}.png")
    files = {
        "game.yaml": GAME,
        "face.yaml": FACE,
        "back.yaml": BACK,
        "kit.yaml": KIT,
        "bolt.svg": BOLT,
        "cards.csv": "\n".join(rows) + "\n",
    }
    for name, text in files.items():
        with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
            f.write(text)
    return os.path.join(folder, "kit.yaml")


def rows(quick: bool, cards: int | None = None, runs: int | None = None) -> list[Row]:
    count = cards or (QUICK_CARDS if quick else CARDS)
    runs = runs or (QUICK_RUNS if quick else RUNS)
    floor_script = anchor("floor_render.py")
    with tempfile.TemporaryDirectory() as tmp:
        kit = game_folder(tmp, count)
        out = os.path.join(tmp, "out")
        kitgen = [sys.executable, "-m", "kitgen", "build", kit, "--paper", "a4", "-o", out]
        floor = [sys.executable, floor_script, str(count), os.path.join(tmp, "floor.pdf")]
        warm(kitgen, floor, cwd=tmp)
        ours, theirs, peaks = [], [], []
        for _ in range(runs):  # interleaved, so a busy moment hits both alike
            seconds, peak = run(kitgen, tmp)
            ours.append(seconds)
            peaks.append(peak)
            theirs.append(run(floor, tmp)[0])
        pdf = os.path.join(out, "bench-game", "bench-game-cards.pdf")
        size = os.path.getsize(pdf) / 1024
        floor_size = os.path.getsize(os.path.join(tmp, "floor.pdf")) / 1024
    mine, base = statistics.median(ours), statistics.median(theirs)
    return [
        Row(NAME, f"kitgen build, designed game of {count:,} cards (CSV)", mine, "s"),
        Row(NAME, f"bare reportlab floor, {count:,} cards (shared anchor)", base, "s"),
        at_most(NAME, "time, kitgen build / floor", mine / base, "x", MAX_RATIO),
        below(NAME, "kitgen peak memory", max(peaks), "MiB", MAX_MIB),
        Row(NAME, "kitgen PDF size", size, "KiB"),
        Row(NAME, "floor PDF size", floor_size, "KiB"),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=None)
    parser.add_argument("--runs", type=int, default=None)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    start = time.perf_counter()
    table = rows(args.quick, args.cards, args.runs)
    print_table(f"designed-game benchmark ({time.perf_counter() - start:.1f} s)", table)
    return 0 if all_ok(table) else 1


if __name__ == "__main__":
    sys.exit(main())
