"""A designed game's rule-booklet figures: `card`, one of its cards drawn from its
layout, as the card sheets draw it, at the size the booklet gives it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kitgen.api import MM, Size
from kitgen.games.designed.draw import Artist, made_size
from kitgen.games.designed.figure_args import CardArgs
from kitgen.games.designed.load import Design, load_design
from kitgen.games.designed.lookup import CardIndex

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from kitgen.api import CoverCards, Figures, Ink

# A designed card's name runs from its corner: its cover fan shows 40% of each card.
DESIGNED_SHOW = 0.4
FIGURE_HEIGHT = 64 * MM  # a card in a booklet: large enough to read, two on an A5 page


def designed_figures(game_id: str, folder: str, language: str | None = None) -> Figures:
    """The figures a designed game's rules can name, drawn in its edition in `language`
    (None: its first language's): there a figure may name a card in any of the game's
    languages."""
    from kitgen.api import Figures

    design = load_design(game_id, folder)
    names_of = None
    if language is not None and design.file is not None:
        design, names_of = design.edition(language), design.names_of

    def of(args: dict[str, Any]) -> tuple[Any, Design]:
        """The card a figure names (None: no card) and its deck (a game of several
        decks draws each card at its deck's size, with its deck's layouts)."""
        chosen = CardArgs.model_validate(args)
        card = CardIndex(design.cards, design.name_of, names_of).find(chosen.card)
        return card, design if card is None else design.view_of(card)

    def card_size(part: Design) -> Size:
        from kitgen.games.designed.draw import card_size_of

        sized = card_size_of(part, None)
        return sized[0] if sized is not None else Size(63 * MM, 88 * MM)

    def size(args: dict[str, Any], width: float) -> tuple[float, float]:
        card = card_size(of(args)[1])
        height = min(FIGURE_HEIGHT, width * card.height / card.width)
        return width, height

    def paint(c: Canvas, args: dict[str, Any], width: float, height: float, ink: Ink) -> None:
        chosen = CardArgs.model_validate(args)
        card, part = of(args)
        pick = part.face if chosen.side == "face" else part.back
        if card is None or pick is None:  # (kitgen check reports an unknown card)
            return
        layout = pick.of(card.values)
        size_ = card_size(part)
        scale = height / size_.height
        x0 = (width - size_.width * scale) / 2
        c.saveState()
        c.translate(x0, 0)
        c.scale(scale, scale)
        clip = c.beginPath()
        clip.roundRect(0, 0, size_.width, size_.height, 3 * MM)
        c.clipPath(clip, stroke=0, fill=0)
        Artist(part, size_, 0.0, ink, made_size(part, None)).paint(c, card, layout)
        c.restoreState()
        c.saveState()
        c.setLineWidth(0.5)
        c.setStrokeGray(0.55)
        c.roundRect(x0, 0, size_.width * scale, height, 3 * MM * scale, stroke=1, fill=0)
        c.restoreState()

    return Figures.of({"card": (size, paint)})


def cover_cards(game_id: str, folder: str, language: str | None = None) -> CoverCards | None:
    """Cards for the rule booklet's cover: up to five, spread evenly over the game's cards
    (the first and the last among them), drawn from its face layout as its card sheets
    (of its edition in `language`, None: its first language's) draw them (a game of
    several decks: from its first deck); None when the game cannot be read or has no
    face layout."""
    from kitgen.api import MOST_CARDS, from_deck
    from kitgen.games.designed.draw import card_size_of, deck

    design = load_design(game_id, folder)
    if not design.ok:
        return None
    if language is not None:
        design = design.edition(language)
    first = design.parts()[0]  # (a game of several decks: its first deck's cards)
    if first.face is None or not first.cards:
        return None
    sized = card_size_of(first, None)
    card = sized[0] if sized is not None else Size(63 * MM, 88 * MM)
    cards = first.cards
    count = min(MOST_CARDS, len(cards))
    picks = sorted({round(k * (len(cards) - 1) / max(count - 1, 1)) for k in range(count)})
    chosen = [(cards[i], 1) for i in picks]
    cover_deck = deck(first, f"{game_id}-cover", 0.0, chosen)
    return from_deck(cover_deck, range(len(chosen)), card, DESIGNED_SHOW)
