"""Galliard's table mat: the deck, the wager pile and the dancers' floor.

The mat is one poster (tiled over sheets by `kitgen.layout.tile`) for the middle
of the table. From the top: the title strip; two rows of card spaces, whose left
column holds the deck (above) and the wager pile (below), then an aisle with a
rule down it, then the dancers' floor of `columns` x 2 spaces; and along the
bottom edge the strip that sums up the round: phase 1, phase 2 and the stamp
rule, side by side. With three columns or more, the strip's panels line up with
the columns above them (phase 1 under the deck and the first dancers, the stamp
rule under the last), so the gaps between columns run the mat's whole height: a
mat tiled over sheets is cut there, between spaces and panels, never through
one (`kitgen.layout.tile`).

Every space is a card plus `clearance` on each side. Stamps go straight on top
of a dancer, so a space holds one card's footprint however tall its pile grows.
For poker cards (and the US poker size) the mat is about 373 x 258 mm: three
portrait sheets of A4 or Letter, side by side, cut between the columns.

Pure geometry, in points, y up.
"""

from __future__ import annotations

from dataclasses import dataclass

from kitgen.api import MM, Box, LayoutError, Size

MIN_CLEARANCE = 1.5 * MM
STRIP_SHARES = (0.36, 0.34, 0.30)  # phase 1, phase 2, the stamp rule


@dataclass(frozen=True)
class GalliardMatPlan:
    """A mat: its size, the deck's, wager pile's and dancers' spaces, and the text panels."""

    size: Size
    card: Size
    clearance: float
    deck: Box
    wager: Box
    floor: tuple[Box, ...]  # the dancers' spaces: the top row left to right, then the bottom row
    title: Box
    strip: tuple[Box, Box, Box]  # along the bottom edge: phase 1, phase 2, the stamp rule
    aisle_x: float  # the rule between the deck's column and the floor

    @property
    def spaces(self) -> dict[str, Box]:
        """Every card space by name: `deck`, `wager`, `dancer 1` and on."""
        named = {"deck": self.deck, "wager": self.wager}
        named.update({f"dancer {i + 1}": box for i, box in enumerate(self.floor)})
        return named

    def card_box(self, space: Box) -> Box:
        """Where an upright card lies when centred on a space."""
        return space.inset(self.clearance)

    @property
    def aisle_rule(self) -> Box:
        """Where the rule down the aisle prints (1 pt wide)."""
        return Box(self.aisle_x - 0.5, self.wager.y, 1.0, self.deck.top - self.wager.y)


def plan_galliard_mat(
    card: Size,
    *,
    clearance: float = 2.5 * MM,
    columns: int = 4,
    gap: float = 5 * MM,
    aisle: float = 12 * MM,
    title_height: float = 18 * MM,
    strip_height: float = 38 * MM,
    edge: float = 3 * MM,
) -> GalliardMatPlan:
    """Lay the mat out for cards of size `card`, with `columns` x 2 spaces for dancers.

    `edge` is left blank all round, so no outline touches the poster's edge."""
    if clearance < MIN_CLEARANCE:
        raise LayoutError("the clearance around a card must be at least 1.5 mm")
    if columns < 1:
        raise LayoutError("the dancers' floor needs at least one column")
    cell = Size(card.width + 2 * clearance, card.height + 2 * clearance)
    inner = cell.width + aisle + columns * cell.width + (columns - 1) * gap
    rows_bottom = edge + strip_height + gap
    rows_top = rows_bottom + 2 * cell.height + gap
    upper_y, lower_y = rows_top - cell.height, rows_bottom
    deck = Box(edge, upper_y, cell.width, cell.height)
    wager = Box(edge, lower_y, cell.width, cell.height)
    floor_x = edge + cell.width + aisle
    floor = tuple(
        Box(floor_x + col * (cell.width + gap), y, cell.width, cell.height)
        for y in (upper_y, lower_y)
        for col in range(columns)
    )
    strip: list[Box] = []
    if columns >= 3:  # under the deck and dancer 1, the middle columns, the last column
        top_row = floor[:columns]
        spans = (
            (edge, top_row[0].right),
            (top_row[1].x, top_row[-2].right),
            (top_row[-1].x, top_row[-1].right),
        )
        strip = [Box(a, edge, b - a, strip_height) for a, b in spans]
    else:
        room = inner - (len(STRIP_SHARES) - 1) * gap
        x = edge
        for share in STRIP_SHARES:
            strip.append(Box(x, edge, share * room, strip_height))
            x += share * room + gap
    title = Box(edge, rows_top, inner, title_height)
    return GalliardMatPlan(
        Size(inner + 2 * edge, rows_top + title_height + edge),
        card,
        clearance,
        deck,
        wager,
        floor,
        title,
        (strip[0], strip[1], strip[2]),
        edge + cell.width + aisle / 2,
    )


__all__ = ["MIN_CLEARANCE", "GalliardMatPlan", "plan_galliard_mat"]
