"""Colours that must be told apart print as clearly different greys (issue 24, item 2).

A mono printer keeps only lightness. Every set of colours a player must tell
apart (Shape Up!'s symbol colours, Scratch's factions, Emberwake's factions,
the designed starter's suits, the standard deck's red and black, Scaffold's
crews) lies at least 20 units of CIE L* apart, pair by pair: as sRGB colours,
and as the greys the printed cards become. The cards are the real ones: each
kit's decks, drawn by the painters the build uses (the print-shop PDF, one card
a page), rasterized with PDFium and turned to grey as Pillow does (ITU-R BT.601
`L`), then measured where each colour's main fill lies.
"""

from __future__ import annotations

import csv
import io
import itertools
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
import yaml
from PIL import Image

from kitgen.build import BuildOptions, collect_decks
from kitgen.games.designed.starters import starter_files
from kitgen.games.scaffold.kit import SIDE_INK
from kitgen.games.scratch.cards import POKER_H, POKER_W, Geometry, faces_of
from kitgen.games.scratch.cards import draw_face as draw_scratch_face
from kitgen.games.scratch.load import official
from kitgen.games.scratch.starters import NEW_FACTION
from kitgen.games.shapeup.cards import COLOUR_STYLES, FaceGeometry, outline, symbol_weight
from kitgen.layout.geometry import Size
from kitgen.layout.units import MM
from kitgen.paths import game_dir
from kitgen.render.cards.standard import BLACK, RED
from kitgen.render.export import single_cards_pdf
from kitgen.render.lightness import (
    APART,
    grey_lightness,
    lightness,
    luma,
    print_lightness,
)
from kitgen.render.pdf import finish, new_canvas
from kitgen.render.sheets import Deck

SCALE = 3.0  # 216 dpi: a symbol's ring is some 25 pixels wide
EMBERWAKE = game_dir("shapeup").parent / "examples" / "emberwake"
INKS = ("normal", "low")


def hex_of(colour: Any) -> str:
    """A reportlab colour as #rrggbb."""
    return "#" + str(colour.hexval())[2:]


def too_close(values: Mapping[str, float]) -> list[tuple[str, str, float]]:
    """The pairs whose lightness differs by less than APART."""
    return [
        (a, b, round(abs(values[a] - values[b]), 1))
        for a, b in itertools.combinations(sorted(values), 2)
        if abs(values[a] - values[b]) < APART
    ]


# --- The measure -----------------------------------------------------------------------------


def test_lightness_is_cie_lstar_and_grey_is_pillows_l() -> None:
    assert lightness("#000000") == 0 and round(lightness("#ffffff"), 6) == 100
    assert round(lightness("#777777"), 1) == 50.0  # mid grey, as CIE L* has it
    assert round(lightness("#ff0000"), 1) == 53.2 and round(lightness("#0000ff"), 1) == 32.3
    for hex_colour in ("#d0342c", "#2e8b3d", "#2262c6", "#1a2f7a", "#9bcc45", "#123456"):
        pixel = Image.new("RGB", (1, 1), hex_colour).convert("L").getpixel((0, 0))
        assert luma(hex_colour) == pixel, hex_colour
        assert print_lightness(hex_colour) == grey_lightness(pixel)
    # Today's greys of the issue: Shape Up!'s red, green and blue print as 98, 102, 90.
    assert [luma(h) for h in ("#d0342c", "#2e8b3d", "#2262c6")] == [98, 102, 90]


# --- The palettes, as values -------------------------------------------------------------------


def _starter_face() -> dict[str, Any]:
    files = dict(starter_files("Star Lanterns"))
    face: dict[str, Any] = yaml.safe_load(files["face.yaml"])
    return face


def _palettes() -> dict[str, dict[str, str]]:
    emberwake = yaml.safe_load((EMBERWAKE / "layouts" / "base.yaml").read_text(encoding="utf-8"))
    face = _starter_face()
    band = next(e for e in face["elements"] if e.get("name") == "band")
    return {
        "shapeup symbols": {k: hex_of(s.ink) for k, s in COLOUR_STYLES.items()},
        "scratch factions": {f.id: f.colour for f in official().pool.factions.values()},
        # `kitgen new cards`: the new faction beside the official ones with cards
        "scratch starter factions": {
            "tinkerer": str(NEW_FACTION["colour"]),
            **{
                f.id: f.colour
                for f in official().pool.factions.values()
                if f.id in ("monster", "kingdom")
            },
        },
        "emberwake factions": emberwake["background"]["faction"],
        "starter suit bands": band["fill"]["suit"],
        "starter suit grounds": face["background"]["suit"],
        "standard deck suits": {"red": hex_of(RED), "black": hex_of(BLACK)},
        "scaffold crews": {k: hex_of(line) for k, (line, _) in SIDE_INK.items()},
    }


@pytest.mark.parametrize("palette", sorted(_palettes()))
def test_each_palette_lies_apart_in_lightness(palette: str) -> None:
    colours = _palettes()[palette]
    assert len(colours) >= 2
    assert too_close({k: lightness(v) for k, v in colours.items()}) == [], "CIE L*"
    assert too_close({k: print_lightness(v) for k, v in colours.items()}) == [], "greyscale"


def test_scratch_has_its_four_factions_and_the_starter_its_two_suits() -> None:
    palettes = _palettes()
    assert set(palettes["scratch factions"]) == {"monster", "kingdom", "wild", "undead"}
    assert set(palettes["emberwake factions"]) == {"flame", "tide", "grove", "neutral"}
    assert set(palettes["starter suit bands"]) == set(palettes["starter suit grounds"])


# --- The printed cards, rasterized -----------------------------------------------------------


class Printed:
    """A deck's faces as printed (one card a page), rasterized on demand and made grey."""

    def __init__(self, deck: Deck, card_w: float, card_h: float, bleed: float, ink: str) -> None:
        self.deck, self.bleed = deck, bleed
        self.w, self.h = card_w, card_h
        data = single_cards_pdf(deck, Size(card_w, card_h), bleed, ink)  # type: ignore[arg-type]
        self.pdf = pdfium.PdfDocument(data)

    def face(self, name: str) -> Image.Image:
        index = self.deck.names.index(name)
        page = self.pdf[2 * index]  # each card's face, then its back
        return page.render(scale=SCALE).to_pil().convert("RGB").convert("L")

    def at(self, x: float, y: float) -> tuple[int, int]:
        """A point in card coordinates (points, y up) as a pixel."""
        return (
            round((self.bleed + x) * SCALE),
            round((self.h + self.bleed - y) * SCALE),
        )


def printed(target: str, stem: str, ink: str, **options: Any) -> Printed:
    decks, result = collect_decks([target], BuildOptions(ink=ink, **options))
    assert result.ok, [str(f) for f in result.findings]
    deck, setup = next((d, s) for d, s in decks if d.stem == stem)
    return Printed(deck, setup.card.width, setup.card.height, setup.bleed, ink)


def fill_at(image: Image.Image, pixel: tuple[int, int], reach: int = 2) -> int:
    """The grey of a fill: the median of the pixels around a point."""
    x, y = pixel
    values = sorted(
        int(image.getpixel((x + dx, y + dy)))  # type: ignore[arg-type]
        for dx in range(-reach, reach + 1)
        for dy in range(-reach, reach + 1)
    )
    return values[len(values) // 2]


def ink_near(image: Image.Image, pixel: tuple[int, int], reach: int) -> int:
    """The grey of a line crossing a window round a point: its darkest pixel."""
    x, y = pixel
    return min(
        int(image.getpixel((x + dx, y + dy)))  # type: ignore[arg-type]
        for dx in range(-reach, reach + 1)
        for dy in range(-reach, reach + 1)
    )


def assert_apart(greys: Mapping[str, int], what: str) -> None:
    lstar = {k: grey_lightness(v) for k, v in greys.items()}
    assert too_close(lstar) == [], (what, dict(greys))


@pytest.mark.parametrize("ink", INKS)
def test_shapeup_symbols_print_as_three_greys(ink: str) -> None:
    cards = printed("shapeup", "shapeup-cards", ink)
    geo = FaceGeometry(cards.w, cards.h)
    cx, cy = geo.centre
    circle = outline("circle", cx, cy, geo.symbol)
    ring = symbol_weight(geo.symbol, ink)  # type: ignore[arg-type]
    # A solid symbol's middle; or, on a hollow symbol (and a low-ink solid one, hatched
    # inside), its ring left of the centre, nearer its outer edge than the colour's
    # white line along its middle.
    on_ring = cards.at(cx - circle.apothem + 0.18 * ring, cy)
    assert ring * 0.18 * SCALE > 3  # clear of the anti-aliased edge
    for fill in ("hollow", "solid"):
        spot = cards.at(cx, cy) if fill == "solid" and ink == "normal" else on_ring
        greys: dict[str, int] = {}
        for colour, style in COLOUR_STYLES.items():
            greys[colour] = fill_at(cards.face(f"{colour} {fill} circle"), spot, 1)
            assert abs(greys[colour] - luma(hex_of(style.ink))) <= 2, (colour, fill)
        assert_apart(greys, f"{fill} symbols")


def _line_share(image: Image.Image, points: list[tuple[int, int]]) -> float:
    return sum(1 for p in points if image.getpixel(p) > 200) / len(points)  # type: ignore[operator]


@pytest.mark.parametrize("ink", INKS)
def test_shapeup_symbols_carry_their_colours_line_inside_the_outline(ink: str) -> None:
    """Along the middle of the ring: a continuous white line for red, dashes for green,
    dots for blue; hollow and solid alike, so the mark never reads as the fill."""
    cards = printed("shapeup", "shapeup-cards", ink)
    geo = FaceGeometry(cards.w, cards.h)
    cx, cy = geo.centre
    middle = symbol_weight(geo.symbol, ink) / 2  # type: ignore[arg-type]
    square = outline("square", cx, cy, geo.symbol)
    x = cx - square.apothem + middle  # the left side's ring, down its middle
    span = square.apothem * 0.8
    steps = 200
    points = [cards.at(x, cy - span + 2 * span * i / steps) for i in range(steps + 1)]
    for fill in ("hollow", "solid"):
        share = {c: _line_share(cards.face(f"{c} {fill} square"), points) for c in COLOUR_STYLES}
        assert share["red"] > 0.95, (fill, share)  # one continuous line
        assert 0.5 < share["green"] < 0.85, (fill, share)  # dashes
        assert 0.1 < share["blue"] < 0.5, (fill, share)  # dots
        assert share["green"] - share["blue"] > 0.2, (fill, share)
    # Small symbols (the corner indices) carry no line: it would be a blur.
    image = cards.face("green solid square")
    index = cards.at(geo.index_x, geo.mini_y)
    assert fill_at(image, index, 1) < 200


def _scratch_factions() -> dict[str, str]:
    pool = official().pool
    return {card.name: card.faction for card in pool.cards.values()}


@pytest.mark.parametrize("ink", INKS)
def test_scratch_factions_print_as_different_greys(ink: str) -> None:
    cards = printed("scratch", "scratch-cards", ink)
    faction_of = _scratch_factions()
    geo = Geometry(cards.w, cards.h)
    ground = cards.at(geo.safe / 2, cards.h / 2)  # the faction's ground, inside the cut
    greys: dict[str, int] = {}
    for name in cards.deck.names:
        faction = faction_of.get(name)  # None for the reference cards at the end
        if faction is not None and faction not in greys:
            greys[faction] = fill_at(cards.face(name), ground)
    assert set(greys) == {"monster", "kingdom"}  # the factions with cards
    if ink == "normal":
        assert_apart(greys, "faction grounds")
    else:  # the low-ink edition prints no faction colour: its name and emblem tell it
        assert set(greys.values()) == {255}, greys


def test_every_scratch_faction_prints_as_its_own_grey() -> None:
    """Wild and Undead have no cards yet: a card of each, drawn as the kit draws them."""
    pool = official().pool
    card = next(iter(pool.cards.values()))
    base = faces_of([card], pool)[0].face
    bleed = 3 * MM
    canvas, buffer = new_canvas("factions")
    factions = list(pool.factions.values())
    for faction in factions:
        face = replace(base, faction=faction.name, faction_id=faction.id, colour=faction.colour)
        canvas.setPageSize((POKER_W + 2 * bleed, POKER_H + 2 * bleed))
        canvas.translate(bleed, bleed)
        draw_scratch_face(canvas, face, POKER_W, POKER_H, bleed, "normal")
        canvas.showPage()
    pdf = pdfium.PdfDocument(finish(canvas, buffer))
    geo = Geometry(POKER_W, POKER_H)
    spots = {
        "ground": (bleed + geo.safe / 2, bleed + POKER_H / 2),
        "band": (bleed + POKER_W / 2, bleed + geo.band_y + 0.15 * geo.band_h),
    }
    for where, (x, y) in spots.items():
        greys = {}
        for i, faction in enumerate(factions):
            image = pdf[i].render(scale=SCALE).to_pil().convert("RGB").convert("L")
            pixel = (round(x * SCALE), round((POKER_H + 2 * bleed - y) * SCALE))
            greys[faction.id] = fill_at(image, pixel)
            assert abs(greys[faction.id] - luma(faction.colour)) <= 2, (where, faction.id)
        assert_apart(greys, where)


def _emberwake_factions() -> dict[str, str]:
    with (EMBERWAKE / "cards.csv").open(encoding="utf-8", newline="") as f:
        return {row["name"]: row["faction"] for row in csv.DictReader(f)}


@pytest.mark.parametrize("ink", INKS)
def test_emberwake_factions_print_as_different_greys(ink: str) -> None:
    cards = printed(str(EMBERWAKE / "kit.yaml"), "emberwake-cards", ink)
    faction_of = _emberwake_factions()
    ground = cards.at(1 * MM, cards.h / 2)  # the background, outside the panel
    greys: dict[str, int] = {}
    for name in cards.deck.names:
        greys.setdefault(faction_of[name], fill_at(cards.face(name), ground))
    assert set(greys) == {"flame", "tide", "grove", "neutral"}
    if ink == "normal":
        assert_apart(greys, "faction backgrounds")
    else:  # the low-ink edition leaves the background out
        assert set(greys.values()) == {255}, greys


@pytest.mark.parametrize("ink", INKS)
def test_the_designed_starters_suits_print_as_different_greys(tmp_path: Path, ink: str) -> None:
    folder = tmp_path / "star-lanterns"
    for name, text in starter_files("Star Lanterns"):
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    cards = printed(str(folder / "kit.yaml"), "star-lanterns-cards", ink)
    with (folder / "cards.csv").open(encoding="utf-8", newline="") as f:
        suit_of = {row["name"]: row["suit"] for row in csv.DictReader(f)}
    spots = {"band": (cards.w * 0.68, cards.h - 1.5 * MM), "ground": (1.5 * MM, cards.h * 0.55)}
    for where, (x, y) in spots.items():
        greys: dict[str, int] = {}
        for name in cards.deck.names:
            greys.setdefault(suit_of[name], fill_at(cards.face(name), cards.at(x, y)))
        assert set(greys) == {"sun", "moon"}
        if where == "ground" and ink == "low":  # the low-ink edition leaves it out
            assert set(greys.values()) == {255}, greys
        else:
            assert_apart(greys, where)


@pytest.mark.parametrize("ink", INKS)
def test_the_standard_decks_red_and_black_print_as_different_greys(ink: str) -> None:
    """Galliard's, Staircase's and Scaffold's cards: a three's middle pip, red and black."""
    cards = printed("galliard", "galliard-deck", ink, standard_deck=True)
    middle = cards.at(cards.w / 2, cards.h / 2)
    greys = {
        suit: fill_at(cards.face(f"3 of {suit}"), middle, 1)
        for suit in ("hearts", "diamonds", "spades", "clubs")
    }
    assert greys["hearts"] == greys["diamonds"] == luma(hex_of(RED)), greys
    assert greys["spades"] == greys["clubs"] == luma(hex_of(BLACK)), greys
    assert_apart({"red": greys["hearts"], "black": greys["spades"]}, "suits")


@pytest.mark.parametrize("ink", INKS)
def test_scaffolds_crews_print_as_different_greys(ink: str) -> None:
    cards = printed("scaffold", "scaffold-team-cards", ink)
    if ink == "normal":  # the crew's band, across the top
        spot, measure = cards.at(1.5 * MM, cards.h - 1.5 * MM), fill_at
    else:  # no band: the crew's frame line, half way down the left side
        spot = cards.at(3 * MM, cards.h / 2)

        def measure(image: Image.Image, pixel: tuple[int, int], reach: int = 4) -> int:
            return ink_near(image, pixel, reach)

    greys = {
        crew: measure(cards.face(f"{crew.title()} Crew card"), spot) for crew in ("red", "black")
    }
    assert_apart(greys, "crews")


def test_the_rasterized_greys_are_the_palettes_greys() -> None:
    """What the test measures is the ink itself: Pillow's grey of the colour."""
    image = Image.open(io.BytesIO(_swatch("#9bcc45"))).convert("RGB").convert("L")
    assert image.getpixel((5, 5)) == luma("#9bcc45")


def _swatch(hex_colour: str) -> bytes:
    canvas, buffer = new_canvas("swatch")
    canvas.setPageSize((10, 10))
    canvas.setFillColor(hex_colour)
    canvas.rect(0, 0, 10, 10, stroke=0, fill=1)
    canvas.showPage()
    image = pdfium.PdfDocument(finish(canvas, buffer))[0].render(scale=1).to_pil()
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
