"""Export geometry: card images in exact pixels for each print-on-demand profile, and
Tabletop Simulator deck sheets. Pure numbers: nothing here draws or writes.

A card image is `width` x `height` pixels at `dpi`, with the card's trim centred in
it and the rest bleed. Drawing happens in pixel units (one PDF point per pixel),
so the rasterizer hits the pixel size exactly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from kitgen.layout.geometry import LayoutError, Size
from kitgen.layout.paper import CARDS
from kitgen.layout.units import INCH, format_mm

PROFILE_IDS = ("home", "tgc", "mpc")
HALF_MM = 72 / 25.4 / 2  # how near a custom size is to a preset to be its product


@dataclass(frozen=True)
class CardImage:
    """A card as an image: its pixel size, its resolution, and its trim (in points)."""

    width: int
    height: int
    dpi: float
    trim: Size

    @property
    def scale(self) -> float:
        """Pixels per point."""
        return self.dpi / 72

    @property
    def bleed_px(self) -> tuple[float, float]:
        """The bleed on each side, across and down, in pixels (can be a half pixel)."""
        return (
            (self.width - self.trim.width * self.scale) / 2,
            (self.height - self.trim.height * self.scale) / 2,
        )

    @property
    def bleed(self) -> float:
        """The bleed to draw (points): enough to cover the image on both axes."""
        return max(0.0, *self.bleed_px) / self.scale


@dataclass(frozen=True)
class Product:
    """One card product of a printing service: its image size with bleed, in pixels."""

    name: str
    width: int
    height: int
    bleed: float  # pixels on each side


@dataclass(frozen=True)
class Profile:
    """A printing service's card templates, by kitgen card-size family."""

    id: str
    name: str
    dpi: int
    products: dict[str, Product]


# Card sizes kitgen knows, by the service's product family.
FAMILIES: dict[str, str] = {
    "poker": "poker",
    "poker-us": "poker",
    "bridge": "bridge",
    "mini-euro": "mini",
    "mini-us": "mini",
    "tarot": "tarot",
}

# The Game Crafter: one RGB image per face at 300 dpi with 1/8 in of bleed a side.
TGC = Profile(
    "tgc",
    "The Game Crafter",
    300,
    {
        "poker": Product("poker (2.5 x 3.5 in)", 825, 1125, 37.5),
        "bridge": Product("bridge (2.25 x 3.5 in)", 750, 1125, 37.5),
        "mini": Product("mini (1.75 x 2.5 in)", 600, 825, 37.5),
        "tarot": Product("tarot (2.75 x 4.75 in)", 900, 1500, 37.5),
    },
)
# MakePlayingCards: 300 dpi with 36 px of bleed a side; its tarot cards are 70 x 120 mm.
MPC = Profile(
    "mpc",
    "MakePlayingCards",
    300,
    {
        "poker": Product("poker", 822, 1122, 36),
        "tarot": Product("tarot (70 x 120 mm)", 898, 1488, 36),
    },
)
SERVICES = {"tgc": TGC, "mpc": MPC}


def family_of(card_name: str, card: Size | None = None) -> str | None:
    """The product family of a kitgen card-size name, on its side or not (`poker
    landscape`), or, for a custom size (`88x63mm`), of the preset within half a
    millimetre of it either way round (None for square or other sizes)."""
    name = " ".join(card_name.strip().lower().replace("_", "-").split())
    found = FAMILIES.get(name.removesuffix(" landscape"))
    if found is not None or card is None:
        return found
    upright = Size(min(card.width, card.height), max(card.width, card.height))
    for preset, size in CARDS.items():
        near = abs(size.width - upright.width) <= HALF_MM
        if near and abs(size.height - upright.height) <= HALF_MM:
            return FAMILIES.get(preset)
    return None


def service_image(profile: Profile, card_name: str, card: Size) -> CardImage:
    """The image a service wants for a kit's cards; LayoutError when it has no product
    of that size. The card is drawn at the product's trim size: on its side for a
    landscape card (wider than tall: the services print a landscape image of their
    product's size turned a quarter turn)."""
    family = family_of(card_name, card)
    product = profile.products.get(family) if family is not None else None
    if product is not None and card.width > card.height:
        product = Product(product.name, product.height, product.width, product.bleed)
    if product is None:
        offered = ", ".join(p.name for p in profile.products.values())
        given = f"{format_mm(card.width)[:-3]}x{format_mm(card.height)}"
        raise LayoutError(
            f"{profile.name} has no card product for {card_name} cards ({given}); "
            f"its profile covers {offered}: choose one with --card-size, or use --profile home"
        )
    per_point = profile.dpi / 72
    trim = Size(
        (product.width - 2 * product.bleed) / per_point,
        (product.height - 2 * product.bleed) / per_point,
    )
    return CardImage(product.width, product.height, profile.dpi, trim)


def home_image(card: Size, bleed: float, dpi: float) -> CardImage:
    """A card image at the kit's own size and bleed (points) at `dpi`, rounded to whole
    pixels (the trim keeps its exact size; the bleed takes the rounding)."""
    if not 36 <= dpi <= 1200:
        raise LayoutError(f"--dpi must be between 36 and 1200 (got {dpi:g})")
    scale = dpi / 72
    width = max(1, round((card.width + 2 * bleed) * scale))
    height = max(1, round((card.height + 2 * bleed) * scale))
    if width * height > 40_000_000:
        raise LayoutError(f"a {width} x {height} px card is too large: lower --dpi")
    return CardImage(width, height, dpi, card)


# --- Tabletop Simulator ------------------------------------------------------------------------

TTS_MAX_COLS = 10
TTS_MAX_ROWS = 7
TTS_MIN_SIDE = 2  # the deck importer takes grids from 2 x 2
TTS_MAX_PX = 4096
TTS_MAX_CARD_HEIGHT = 1024  # sharper cards only cost memory at the table


@dataclass(frozen=True)
class TtsSheet:
    """One deck sheet: the cards on it (deck indices, left to right, top to bottom) and
    its grid. The grid's last slot holds the back, which TTS shows for hidden cards."""

    cards: tuple[int, ...]
    cols: int
    rows: int

    @property
    def hidden_slot(self) -> int:
        """The slot (from 0) TTS shows as the hidden card: the last one."""
        return self.cols * self.rows - 1

    def slot(self, index: int) -> tuple[int, int]:
        """The (column, row) of slot `index`, rows counted from the top."""
        return index % self.cols, index // self.cols


@dataclass(frozen=True)
class TtsPlan:
    """A deck's sheets and the pixel size of one card on them (trim size, no bleed)."""

    sheets: tuple[TtsSheet, ...]
    card_width: int
    card_height: int

    def sheet_size(self, sheet: TtsSheet) -> tuple[int, int]:
        """A sheet's image size in pixels."""
        return sheet.cols * self.card_width, sheet.rows * self.card_height


def _grid(slots: int) -> tuple[int, int]:
    """The smallest importable grid (columns, rows) with at least `slots` slots."""
    rows = min(TTS_MAX_ROWS, max(TTS_MIN_SIDE, math.ceil(slots / TTS_MAX_COLS)))
    cols = min(TTS_MAX_COLS, max(TTS_MIN_SIDE, math.ceil(slots / rows)))
    return cols, rows


def plan_tts(count: int, trim: Size) -> TtsPlan:
    """Sheets for `count` cards: at most 10 x 7 slots, the last slot of each kept for
    the hidden card, no side over 4096 px, every sheet with the same card size."""
    if count < 1:
        raise LayoutError("a Tabletop Simulator deck needs at least one card")
    per_sheet = TTS_MAX_COLS * TTS_MAX_ROWS - 1
    sheets: list[TtsSheet] = []
    for start in range(0, count, per_sheet):
        cards = tuple(range(start, min(count, start + per_sheet)))
        cols, rows = _grid(len(cards) + 1)
        sheets.append(TtsSheet(cards, cols, rows))
    aspect = trim.width / trim.height
    most_cols = max(s.cols for s in sheets)
    most_rows = max(s.rows for s in sheets)
    height = min(TTS_MAX_CARD_HEIGHT, TTS_MAX_PX // most_rows)
    width = min(TTS_MAX_PX // most_cols, math.floor(height * aspect))
    height = min(height, math.floor(width / aspect + 0.5))
    if width < 1 or height < 1:  # a card thinner than a pixel cannot be drawn at all
        raise LayoutError(
            f"a {format_mm(trim.width)[:-3]} x {format_mm(trim.height)} card is too thin "
            "for a Tabletop Simulator sheet"
        )
    return TtsPlan(tuple(sheets), width, height)


def tts_card_scale(card: Size) -> float:
    """How much longer than a poker card's proportions the card is (TTS draws every
    custom card at poker proportions; scaling its length by this keeps the shape). A
    landscape card is a sideways one (`tts_sideways`): its length is its width."""
    poker = 3.5 * INCH / (2.5 * INCH)
    if tts_sideways(card):
        return (card.width / card.height) / poker
    return (card.height / card.width) / poker


def tts_sideways(card: Size) -> bool:
    """Whether TTS shows the card sideways (`SidewaysCard`): a landscape card."""
    return card.width > card.height
