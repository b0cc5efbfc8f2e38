"""Prism Isles, the gallery example (issue 38): three decks whose layouts use spans,
groups, a component, gradients, see-through panels, clipped art, outlines and
shadows, a sideways ICE strip, polygons with rounded corners, stars, an SVG path, and
cards that are hex tiles and round tokens. It checks clean and prints from its own
files; what it prints is read back from the PDFs."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from conftest import pdf_text, run_in_process

from kitgen.entry import main
from kitgen.layout.units import MM
from kitgen.paths import data_dir

GAME = data_dir() / "examples" / "prism-isles"


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("prism-isles")
    status, _out, err = run_in_process(main, "build", str(GAME), "--out", str(out))
    assert status == 0, err
    assert "warning" not in err, err
    return out / "prism-isles"


def test_the_example_checks_clean() -> None:
    status, out, err = run_in_process(main, "check", str(GAME))
    assert status == 0, out + err
    assert "no problems" in out + err


def test_the_gallery_uses_every_feature_of_a_layout() -> None:
    """Its files hold each thing the gallery is for (so it stays a gallery)."""
    layouts = "\n".join(p.read_text(encoding="utf-8") for p in (GAME / "layouts").glob("*.yaml"))
    game = (GAME / "game.yaml").read_text(encoding="utf-8")
    cards = (GAME / "cards.csv").read_text(encoding="utf-8")
    for written in (
        "styles:",
        "type: group",
        "type: component",
        "params:",
        "clip: round",
        "opacity:",
        "outline:",
        "shadow:",
        "rotate: 90",
        "linear(",
        "radial(",
        "type: star",
        "type: path",
        "type: arc",
        "radius:",
        "dash:",
        "| roman",
        'when: {number: "7-9"}',
        "extends:",
        "tint:",
    ):
        assert written in layouts, written
    assert "shape: hex flat" in game and "shape: round" in game
    assert re.search(r"\{keyword\}.+?\{/\}", cards) and "{big}" in cards and "{sup}" in cards


def test_each_deck_prints_at_its_size_and_shape(printed: Path) -> None:
    files = sorted(p.name for p in printed.iterdir())
    assert files == [
        "prism-isles-cards.pdf",
        "prism-isles-tiles-cards.pdf",
        "prism-isles-tokens-cards.pdf",
    ]
    text = re.sub(r"\s+", " ", pdf_text(printed / "prism-isles-cards.pdf"))
    for words in ("Lamplighter", "Requires: 1 sunlit tile", "ICE · FROST GATE", "PRISM ISLES"):
        assert words in text, words
    assert "{" not in text  # (no span's braces printed)
    tiles = pdf_text(printed / "prism-isles-tiles-cards.pdf")
    assert "Whispering" in tiles and "SHALLOWS" in tiles


def test_a_token_is_round_with_its_bleed(printed: Path) -> None:
    """On the tokens' first sheet, the first token (a blue shard) is a disc 29 mm across
    (25 mm and its 2 mm bleed each side), down its middle and across it, and the
    corners of the box round it are the paper's."""
    page = pdfium.PdfDocument(printed / "prism-isles-tokens-cards.pdf")[0]
    scale = 4
    image = page.render(scale=scale).to_pil().convert("RGB")
    pixels = image.load()

    def is_blue(x: int, y: int) -> bool:  # (the shard's ground towards its edge)
        return bool(pixels[x, y][2] > pixels[x, y][0] + 60 and pixels[x, y][2] > 150)

    near = round(40 * MM * scale)  # (the first token lies in the sheet's top-left corner)
    blue = [(x, y) for y in range(0, 3 * near, 2) for x in range(0, 2 * near, 2) if is_blue(x, y)]
    top = min(y for _, y in blue)
    row = sorted(x for x, y in blue if y == top)
    run = [row[0]]
    for x in row[1:]:
        if x - run[-1] > 2:
            break  # (the next token's top)
        run.append(x)
    cx = (run[0] + run[-1]) // 2
    reach = round(15 * MM * scale)  # (just past the disc's radius, short of the next)
    column = [y for y in range(top - 4, top + 2 * reach) if is_blue(cx, y)]
    top, bottom = min(column), max(column)
    cy = (top + bottom) // 2
    across = [x for x in range(cx - reach, cx + reach) if is_blue(x, cy)]
    left, right = min(across), max(across)
    assert (bottom - top) / (MM * scale) == pytest.approx(29, abs=0.5)
    assert (right - left) / (MM * scale) == pytest.approx(29, abs=0.5)
    for x, y in ((left + 3, top + 3), (right - 3, top + 3), (left + 3, bottom - 3)):
        assert pixels[x, y] == (255, 255, 255)
