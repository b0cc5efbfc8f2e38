"""Benchmark: build 1,000 custom Scratch cards; compare with a bare reportlab script.

Run: python bench/cards.py [--cards N]
Prints cards per second and PDF size for kitgen and for a plain reportlab loop
drawing similar cards (background, panel, four value discs, name, band, power
text, and a back per card) in the same run, with the targets:
kitgen within 2x of the bare script's time, and the 1,000-card PDF under 1 MB.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import sys
import tempfile
import time

from reportlab.lib.colors import HexColor, white
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from kitgen.build import BuildOptions, build
from kitgen.layout.units import MM
from kitgen.render.fonts import BOLD, REGULAR, register_fonts

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


def bare_reportlab(count: int) -> bytes:
    """The same number of similar cards drawn with plain reportlab calls, backs each time."""
    register_fonts()
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(842, 595), invariant=1, initialFontName=REGULAR)
    w, h, bleed = 63 * MM, 88 * MM, 3 * MM
    text = "+1 to every side while this card touches two or more other Monster cards."
    positions = [
        (30 + col * (w + 2 * bleed), 300 - row * (h + 2 * bleed))
        for row in range(2)
        for col in range(4)
    ]
    for page_start in range(0, count, 8):
        for side in ("front", "back"):
            for i, (x, y) in enumerate(positions):
                if page_start + i >= count:
                    break
                c.saveState()
                c.translate(x, y)
                c.setFillColor(HexColor("#a8322d") if side == "front" else HexColor("#26313b"))
                c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
                c.setFillColor(white)
                c.roundRect(8, 8, w - 16, h - 16, 7, stroke=1, fill=1)
                if side == "front":
                    c.setFillColor(HexColor("#1b1b1b"))
                    for cx, cy in ((w / 2, h - 25), (w / 2, 35), (25, h / 2), (w - 25, h / 2)):
                        c.circle(cx, cy, 16, stroke=1, fill=1)
                        c.setFillColor(white)
                        c.setFont(BOLD, 21)
                        c.drawCentredString(cx, cy - 7, str((page_start + i) % 9 + 1))
                        c.setFillColor(HexColor("#1b1b1b"))
                    c.setFont(BOLD, 12)
                    c.drawCentredString(w / 2, h - 60, f"Bench Card {page_start + i:04d}")
                    c.rect(8, h / 2 + 20, w - 16, 15, stroke=0, fill=1)
                    c.setFont(REGULAR, 7.5)
                    for n, line in enumerate(simpleSplit(text, REGULAR, 7.5, w - 30)):
                        c.drawCentredString(w / 2, 90 - n * 9, line)
                else:
                    c.setFont(BOLD, 17)
                    c.drawCentredString(w / 2, h / 2, "SCRATCH")
                c.restoreState()
            c.showPage()
    c.save()
    return buffer.getvalue()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000)
    args = parser.parse_args()
    n = args.cards
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "bench-cards.yaml")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(card_file(n))
        start = time.perf_counter()
        bare = bare_reportlab(n)
        bare_s = time.perf_counter() - start
        start = time.perf_counter()
        result = build([path], BuildOptions(out=os.path.join(tmp, "out")))
        kit_s = time.perf_counter() - start
        if not result.ok or len(result.written) != 1:
            print("kitgen build failed:", [str(f) for f in result.findings], file=sys.stderr)
            return 1
        size = os.path.getsize(result.written[0])
    ratio = kit_s / bare_s
    rows = [
        (
            "kitgen build (load, check, lay out, draw)",
            f"{n / kit_s:,.0f} cards/s",
            f"{kit_s:.2f} s",
            f"{size / 1024:,.0f} KiB",
        ),
        (
            "bare reportlab loop",
            f"{n / bare_s:,.0f} cards/s",
            f"{bare_s:.2f} s",
            f"{len(bare) / 1024:,.0f} KiB",
        ),
    ]
    print(f"{n:,} distinct poker cards, A4, 3 mm bleed, duplex backs")
    print(f"{'':44} {'speed':>14} {'time':>8} {'PDF':>10}")
    for row in rows:
        print(f"{row[0]:44} {row[1]:>14} {row[2]:>8} {row[3]:>10}")
    time_ok = ratio <= 2.0
    size_ok = size < 1024 * 1024
    print(f"time ratio kitgen / bare: {ratio:.2f} (target <= 2.00) {'OK' if time_ok else 'MISSED'}")
    print(
        f"kitgen PDF size: {size / 1024:,.0f} KiB (target < 1,024 KiB) "
        f"{'OK' if size_ok else 'MISSED'}"
    )
    return 0 if time_ok and size_ok else 1


if __name__ == "__main__":
    sys.exit(main())
