"""Shape Up! positions: read the table and the victory cards, and check they can happen."""

from __future__ import annotations

from dataclasses import dataclass, field

from kitgen.load.documents import Document
from kitgen.model.findings import Finding, finding
from kitgen.model.shapeup import Card, ShapeUpPositionFile, card_set
from kitgen.rules.shapeup import SETUPS, Point, Score, Setup, bounds, score


@dataclass
class Position:
    """A checked position: the cards on the table, the victory cards, the set-up."""

    cards: dict[Point, Card] = field(default_factory=dict)
    victory: dict[str, Card] = field(default_factory=dict)
    setup: Setup | None = None

    def scores(self) -> dict[str, Score]:
        """Each player's score in the file's order, rows and columns numbered as in the file."""
        return {player: score(self.cards, card, (0, 0)) for player, card in self.victory.items()}


def check_position(doc: Document) -> tuple[list[Finding], Position]:
    """Every way the position breaks the rules, and what could be read of it."""
    model = doc.model
    assert isinstance(model, ShapeUpPositionFile)
    found: list[Finding] = []
    position = Position()
    places: dict[Card, str] = {}  # where each card was first seen, for `card-twice`

    def read(text: str, *at: object) -> Card | None:
        try:
            card = Card.parse(text)
        except ValueError as err:
            found.append(finding("unknown-card", str(err), model.where(*at)))
            return None
        if card in places:
            found.append(
                finding("card-twice", f"{card} is already {places[card]}", model.where(*at))
            )
            return None
        return card

    widths = {len(row) for row in model.grid}
    if len(widths) > 1:
        found.append(
            finding(
                "uneven-rows",
                "the rows of the grid have "
                + " and ".join(str(w) for w in sorted(widths))
                + " cells; give every row the same number (`.` for an empty cell)",
                model.where("grid", key=True),
            )
        )
    for y, row in enumerate(model.grid):
        for x, text in enumerate(row):
            if text.strip() == ".":
                continue
            card = read(text, "grid", y, x)
            if card is not None:
                places[card] = f"on the table in row {y + 1}, column {x + 1}"
                position.cards[(x, y)] = card
    for player, text in model.victory.items():
        card = read(text, "victory", player)
        if card is not None:
            places[card] = f"the victory card of {player}"
            position.victory[player] = card

    stars = any(c.shape == "star" for c in places)
    players = len(model.victory)
    if model.setup is not None:
        setup = SETUPS[model.setup]
        if setup.players != players:
            found.append(
                finding(
                    "setup-mismatch",
                    f"set-up {setup.id} is for {setup.players} players, but {players} "
                    f"victory card{'s are' if players != 1 else ' is'} given",
                    model.where("victory", key=True),
                )
            )
    else:
        setup_id = f"{players}p-{24 if stars else 18}"
        if setup_id not in SETUPS:
            options = ", ".join(s for s in SETUPS if "advanced" not in s)
            found.append(
                finding(
                    "setup-mismatch",
                    f"no set-up is for {players} player{'s' if players != 1 else ''} with the "
                    f"{24 if stars else 18}-card set; give `setup:` ({options})",
                    model.where("victory", key=True),
                )
            )
            return found, position
        setup = SETUPS[setup_id]
    position.setup = setup

    in_set = set(card_set(setup.set_size))
    for (x, y), card in position.cards.items():
        if card not in in_set:
            found.append(
                finding(
                    "card-not-in-set",
                    f"{card} is a star card, not in the 18-card set of set-up {setup.id}",
                    model.where("grid", y, x),
                )
            )
    for player, card in position.victory.items():
        if card not in in_set:
            found.append(
                finding(
                    "card-not-in-set",
                    f"{card} is a star card, not in the 18-card set of set-up {setup.id}",
                    model.where("victory", player),
                )
            )
    box = bounds(position.cards)
    if box is not None:
        _, _, width, height = box
        if not setup.fits(width, height):
            long, short = setup.box
            found.append(
                finding(
                    "grid-too-large",
                    f"the cards spread over {width} columns and {height} rows; in set-up "
                    f"{setup.id} they must fit in {long}x{short} or {short}x{long}",
                    model.where("grid", key=True),
                )
            )
    if len(position.cards) > setup.to_play:
        found.append(
            finding(
                "too-many-cards",
                f"{len(position.cards)} cards are on the table; set-up {setup.id} deals only "
                f"{setup.to_play} to play",
                model.where("grid", key=True),
            )
        )
    return found, position
