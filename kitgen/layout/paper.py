"""Named paper and card sizes, and reading a preset name or a custom size."""

from __future__ import annotations

from collections.abc import Callable

from kitgen.layout.geometry import LayoutError, Size
from kitgen.layout.limits import check_card_size, check_paper_size
from kitgen.layout.units import INCH, MM, parse_size

# Portrait (width <= height).
PAPERS: dict[str, Size] = {
    "a4": Size(210 * MM, 297 * MM),
    "letter": Size(8.5 * INCH, 11 * INCH),
    "a3": Size(297 * MM, 420 * MM),
    "tabloid": Size(11 * INCH, 17 * INCH),
    "a5": Size(148 * MM, 210 * MM),
    "half-letter": Size(5.5 * INCH, 8.5 * INCH),
}

CARDS: dict[str, Size] = {
    "poker": Size(63 * MM, 88 * MM),
    "poker-us": Size(2.5 * INCH, 3.5 * INCH),
    "bridge": Size(2.25 * INCH, 3.5 * INCH),
    "mini-euro": Size(44 * MM, 68 * MM),
    "mini-us": Size(41 * MM, 63 * MM),
    "tarot": Size(70 * MM, 120 * MM),
    "square": Size(70 * MM, 70 * MM),
}

DEFAULT_PAPER = "a4"
DEFAULT_CARD = "poker"


def _lookup(
    text: str, presets: dict[str, Size], what: str, example: str, bound: Callable[[Size], Size]
) -> Size:
    """A preset by name (any case, '_' for '-') or a custom size within the print limits
    (`bound`); LayoutError otherwise."""
    name = text.strip().lower().replace("_", "-")
    if name in presets:
        return presets[name]
    if any(ch.isdigit() for ch in name) and any(ch in name for ch in "x\u00d7"):
        return bound(parse_size(text))
    names = ", ".join(presets)
    raise LayoutError(
        f"unknown {what} '{text.strip()}': use one of {names}, or a size like {example}"
    )


def paper_size(text: str) -> Size:
    """The paper named by a preset ("a4", "letter", ...) or a custom size ("210x297mm")."""
    return _lookup(text, PAPERS, "paper", "210x297mm", check_paper_size)


LANDSCAPE = " landscape"  # after a preset's name: the card on its side ("poker landscape")


def card_size(text: str) -> Size:
    """The card named by a preset ("poker", "tarot", ...), a preset on its side ("poker
    landscape": 88 x 63 mm), or a custom size ("63x88mm", "88x63mm")."""
    name = " ".join(text.strip().lower().split())
    if name.endswith(LANDSCAPE) and name[: -len(LANDSCAPE)].replace("_", "-") in CARDS:
        card = CARDS[name[: -len(LANDSCAPE)].replace("_", "-")]
        return card if card.width >= card.height else card.rotated()
    return _lookup(text, CARDS, "card size", "63x88mm", check_card_size)
