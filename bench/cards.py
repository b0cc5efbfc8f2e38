"""Benchmark: build 1,000 custom Scratch cards; compare with a bare reportlab script.

Run: python bench/cards.py [--cards N] [--quick]
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

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from common import Row, all_ok, at_most, below, print_table

from kitgen.build import BuildOptions, build
from kitgen.layout.units import MM
from kitgen.render.fonts import BOLD, REGULAR, register_fonts

NAME = "rendering"
CARDS = 1000
QUICK_CARDS = 200  # enough that the fixed costs leave the ratio near the full run's
MAX_RATIO = 2.0  # kitgen's time over the bare loop's
MAX_KIB = 1024  # the kitgen PDF of 1,000 cards

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


def rows(quick: bool, cards: int = CARDS) -> list[Row]:
    """kitgen build against the bare loop, and the PDF's size; `quick` builds 200 cards."""
    n = QUICK_CARDS if quick else cards
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
            raise RuntimeError(f"kitgen build failed: {[str(f) for f in result.findings]}")
        size = os.path.getsize(result.written[0])
    what = f"{n:,} cards"
    return [
        Row(NAME, f"kitgen build of {what} (load, check, lay out, draw)", n / kit_s, "cards/s"),
        Row(NAME, "  its time", kit_s, "s"),
        Row(NAME, f"bare reportlab loop, the same {what}", n / bare_s, "cards/s"),
        Row(NAME, "  its time", bare_s, "s"),
        at_most(NAME, "time, kitgen build / bare loop", kit_s / bare_s, "x", MAX_RATIO),
        below(NAME, "kitgen PDF size", size / 1024, "KiB", MAX_KIB),
        Row(NAME, "bare reportlab PDF size", len(bare) / 1024, "KiB"),
    ]


def main() -> int:
    """Print the table; 1 when kitgen missed a target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=CARDS, help="how many cards to build")
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_CARDS} cards (a smoke test)")
    args = parser.parse_args()
    table = rows(args.quick, max(1, args.cards))
    print_table("Rendering: distinct poker cards, A4, 3 mm bleed, duplex backs", table)
    return 0 if all_ok(table) else 1


if __name__ == "__main__":
    sys.exit(main())
