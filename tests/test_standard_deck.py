"""The standard 54-card deck: pip layouts, the printed sheets, low ink and the back."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageFilter, ImageStat
from pypdf import PdfReader
from test_build import fonts_of

from kitgen.build import resolve_setup
from kitgen.layout.geometry import Box
from kitgen.layout.impose import impose, plan_grid
from kitgen.layout.paper import CARDS
from kitgen.layout.pips import Pip, pip_layout
from kitgen.layout.setup import PrintSetup
from kitgen.model.kit import Ink, PrintSettings
from kitgen.model.standard import Card, full_deck
from kitgen.render.cards.standard import FaceLayout, draw_back, draw_face
from kitgen.render.pdf import finish, new_canvas
from kitgen.render.sheets import page_box
from kitgen.render.standard_deck import deck_pdf

SYMMETRIC = (1, 2, 3, 4, 5, 6, 8, 9, 10)  # 7 is the one layout a half-turn changes
PER_SHEET = 8  # poker cards with 3 mm bleed on a landscape A4 grid
LABEL = "Standard deck"


# --- Pip layouts ------------------------------------------------------------------------------


def turned(pip: Pip) -> Pip:
    """The pip after a half-turn of the card (a centre pip stays upright)."""
    x, y = round(1 - pip.x, 9), round(1 - pip.y, 9)
    return Pip(x, y, y < 0.5)


def rounded(pips: tuple[Pip, ...]) -> set[Pip]:
    return {Pip(round(p.x, 9), round(p.y, 9), p.flipped) for p in pips}


@pytest.mark.parametrize("rank", range(1, 11))
def test_a_number_card_has_as_many_pips_as_its_rank(rank: int) -> None:
    pips = pip_layout(rank)
    assert len(pips) == rank
    assert len(set(pips)) == rank
    for pip in pips:
        assert 0 <= pip.x <= 1 and 0 <= pip.y <= 1
        assert pip.x in (0.0, 0.5, 1.0)  # three columns
        assert pip.flipped == (pip.y < 0.5)  # the lower half is upside down


@pytest.mark.parametrize("rank", SYMMETRIC)
def test_layouts_read_the_same_after_a_half_turn(rank: int) -> None:
    pips = pip_layout(rank)
    assert {turned(p) for p in pips} == rounded(pips)


def test_the_seven_has_its_odd_pip_above_the_middle() -> None:
    pips = pip_layout(7)
    assert {turned(p) for p in pips} != rounded(pips)
    assert Pip(0.5, 0.75, False) in pips


def test_traditional_layouts() -> None:
    assert pip_layout(1) == (Pip(0.5, 0.5, False),)
    assert {(p.x, p.y) for p in pip_layout(4)} == {(0, 0), (0, 1), (1, 0), (1, 1)}
    assert {(p.x, p.y) for p in pip_layout(5)} - {(p.x, p.y) for p in pip_layout(4)} == {(0.5, 0.5)}
    centre = sorted(p.y for p in pip_layout(10) if p.x == 0.5)
    assert centre == pytest.approx([1 / 6, 5 / 6])
    assert sum(p.x == 0.5 for p in pip_layout(8)) == 2


@pytest.mark.parametrize("rank", [0, 11, -1])
def test_only_number_cards_have_a_pip_layout(rank: int) -> None:
    with pytest.raises(ValueError, match="ace"):
        pip_layout(rank)


@pytest.mark.parametrize("name", sorted(CARDS))
def test_pips_and_panels_keep_clear_of_the_indices(name: str) -> None:
    size = CARDS[name]
    layout = FaceLayout(size.width, size.height)
    x, y, w, h = layout.pip_box
    assert x - 0.5 * layout.pip >= layout.clear_x - 1e-6
    assert x + w + 0.5 * layout.pip <= size.width - layout.clear_x + 1e-6
    assert y - 0.5 * layout.pip > 0 and y + h + 0.5 * layout.pip < size.height
    px, py, pw, ph = layout.panel
    assert px >= layout.clear_x - 1e-6 and px + pw <= size.width - layout.clear_x + 1e-6
    assert py > 0 and py + ph < size.height
    assert layout.ace < min(size.width, size.height) - 2 * layout.clear_x


# --- The printed deck -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def setup() -> PrintSetup:
    return resolve_setup(PrintSettings(paper="a4", card_size="poker", bleed="3mm", duplex="long"))


@pytest.fixture(scope="module")
def deck(setup: PrintSetup) -> bytes:
    return deck_pdf(LABEL, full_deck(), setup)


def card_lines(text: str) -> list[str]:
    """The lines of a page's text drawn on the cards: the sheet label and scale bar left out."""
    lines = [line.strip() for line in text.splitlines()]
    return [line for line in lines if line and LABEL not in line and "mm" not in line]


def test_the_deck_prints_both_indices_of_every_card(deck: bytes, setup: PrintSetup) -> None:
    cards = full_deck()
    doc = pdfium.PdfDocument(deck)
    grid = plan_grid(setup.paper, setup.card, bleed=setup.bleed, margin=setup.margin)
    plans = impose(len(cards), grid, setup.duplex)
    assert len(doc) == len(plans) == 2 * 7  # 8 cards a sheet, each a front and a back
    layout = FaceLayout(setup.card.width, setup.card.height)
    seen = []
    for number, plan in enumerate(plans):
        text = doc[number].get_textpage()
        if plan.side == "back":
            assert card_lines(text.get_text_range()) == [], number
            continue
        for placement in plan.placements:
            card, trim = cards[placement.item], placement.slot.trim
            reach = 0.45 * trim.height
            corners = (  # on the grid; the page shows a landscape grid turned (page_box)
                Box(trim.x, trim.top - reach, layout.clear_x, reach),
                Box(trim.right - layout.clear_x, trim.y, layout.clear_x, reach),
            )
            for corner in corners:
                area = page_box(plan.page, corner)
                index = "".join(text.get_text_bounded(area.x, area.y, area.right, area.top).split())
                if card.rank_text == "JOKER":
                    # JOKER runs down the card's edge a letter a line; on a page turned a
                    # quarter turn the text reader lists those lines in an order of its own
                    assert sorted(index) == sorted(card.rank_text), (card, index)
                else:
                    assert index == card.rank_text, (card, index)
            seen.append(card)
    assert seen == list(cards)
    jokers = card_lines(doc[12].get_textpage().get_text_range())
    assert {"JOKER", "RED", "BLACK", "10", "QUEEN"} <= set(jokers)


def test_the_deck_embeds_its_fonts(deck: bytes, tmp_path: Path) -> None:
    path = tmp_path / "deck.pdf"
    path.write_bytes(deck)
    fonts = fonts_of(path)
    assert fonts and all(embedded for _, embedded in fonts), fonts
    assert all("Vera" in base for base, _ in fonts), fonts


def test_builds_are_byte_identical(deck: bytes, setup: PrintSetup) -> None:
    assert deck_pdf(LABEL, full_deck(), setup) == deck


def test_the_back_is_drawn_once(deck: bytes) -> None:
    pages = PdfReader(io.BytesIO(deck)).pages
    forms = set()

    def backs(resources: Any) -> set[int]:
        """The back forms a page reaches, directly or through the forms it draws."""
        found = set()
        for name, ref in resources.get("/XObject", {}).items():
            if name == "/FormXob.b-std-normal":
                found.add(ref.idnum)
            else:
                found |= backs(ref.get_object().get("/Resources", {}))
        return found

    for page in pages[1::2]:
        reached = backs(page["/Resources"])
        assert len(reached) == 1
        forms |= reached
    assert len(forms) == 1  # one form, reused behind every card


# --- Rendering checks -------------------------------------------------------------------------

# A card size whole in pixels at scale 1, so a half-turn maps pixels onto pixels.
W, H = 180.0, 252.0


def render(card: Card | None, ink: Ink) -> Image.Image:
    """One face or the back, alone on a page the size of the card, in greyscale."""
    c, buffer = new_canvas("t")
    c.setPageSize((W, H))
    if card is None:
        draw_back(c, W, H, 0, ink)
    else:
        draw_face(c, card, W, H, 0, ink)
    c.showPage()
    page = pdfium.PdfDocument(finish(c, buffer))[0]
    return page.render(scale=1, grayscale=True).to_pil().convert("L")


def ink_cover(image: Image.Image) -> float:
    """How much ink an image takes, 0 (white) to 255 (solid black)."""
    return 255 - ImageStat.Stat(image).mean[0]


def solid_area(image: Image.Image, across: int = 25) -> int:
    """Pixels inside a dark area at least `across` pixels (about 9 mm here) each way."""
    widest = image.filter(ImageFilter.MaxFilter(across))  # light wherever light is near
    return sum(widest.point(lambda v: 255 if v < 160 else 0).histogram()[255:])


def half_turn_difference(image: Image.Image) -> float:
    return ImageStat.Stat(ImageChops.difference(image, image.rotate(180))).mean[0]


@pytest.mark.parametrize("ink", ["normal", "low"])
def test_the_back_is_the_same_turned_round(ink: Ink) -> None:
    assert half_turn_difference(render(None, ink)) < 1.0
    # The measure does notice a card that is not: the seven's odd pip.
    assert half_turn_difference(render(Card.parse("7S"), ink)) > 2.0


@pytest.mark.parametrize("card", ["AS", "AH", "AD", "AC", "KH", "QS", "JD", "RJ", "BJ", None])
def test_low_ink_has_no_large_solid_areas(card: str | None) -> None:
    face = None if card is None else Card.parse(card)
    normal, low = render(face, "normal"), render(face, "low")
    assert solid_area(low) == 0
    assert ink_cover(low) < 0.8 * ink_cover(normal)


@pytest.mark.parametrize("card", ["AS", "AH", "RJ", None])
def test_the_normal_edition_has_solid_areas(card: str | None) -> None:
    # The measure above finds big solid shapes where there are some.
    assert solid_area(render(None if card is None else Card.parse(card), "normal")) > 0


@pytest.mark.parametrize("card", ["10C", "7H", "8D", "KH", "QS", "JD"])
def test_pips_and_letters_are_no_large_solid_areas(card: str) -> None:
    assert solid_area(render(Card.parse(card), "normal")) == 0


def test_the_jokers_differ_in_greyscale() -> None:
    red, black = render(Card(0, "R"), "normal"), render(Card(0, "B"), "normal")
    assert ImageStat.Stat(ImageChops.difference(red, black)).mean[0] > 5


def test_other_card_sizes() -> None:
    for name in ("mini-us", "tarot", "square"):
        setup = resolve_setup(PrintSettings.model_construct(card_size=name))
        data = deck_pdf(LABEL, [Card.parse("10H"), Card.parse("QS"), Card(0, "B")], setup)
        text = pdfium.PdfDocument(data)[0].get_textpage().get_text_range()
        assert {"10", "Q", "JOKER"} <= set(card_lines(text)), name
