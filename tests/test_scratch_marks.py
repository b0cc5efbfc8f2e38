"""The mark on Scratch's reconstructed cards, and the play mat's header clearance."""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops
from reportlab.pdfgen.canvas import Canvas

from kitgen.games.scratch.cards import FaceData, Geometry, draw_face, faces_of
from kitgen.games.scratch.load import official
from kitgen.layout.paper import CARDS
from kitgen.layout.tile import seam_lines
from kitgen.layout.units import MM

RULES = Path(__file__).parent.parent / "data" / "scratch" / "rules.yaml"
W, H = 63 * MM, 88 * MM
SCALE = 4.0


def goblin() -> FaceData:
    pool = official().pool
    card = next(c for c in pool.cards.values() if c.name == "Goblin")
    assert card.reconstructed
    return faces_of([card], pool)[0].face


def face_pdf(face: FaceData) -> pdfium.PdfDocument:
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(W, H))
    draw_face(c, face, W, H, 0, "normal")
    c.showPage()
    c.save()
    return pdfium.PdfDocument(buffer.getvalue())


def mark_box() -> tuple[float, float, float, float]:
    """The corner the mark takes (points, y up): bottom right, inside the safe zone."""
    geo = Geometry(W, H)
    right, bottom = W - geo.safe, geo.safe
    return right - 5 * MM, bottom, right, bottom + 5 * MM


def test_the_reconstructed_mark_is_no_letter_in_a_circle() -> None:
    """A circled R reads as the registered-trademark sign: no letter is set in the mark's
    corner, yet the corner carries a mark that an ordinary card does not."""
    face = goblin()
    page = face_pdf(face)[0]
    text = page.get_textpage()
    x0, y0, x1, y1 = mark_box()
    for i in range(text.count_chars()):
        left, bottom, right, top = text.get_charbox(i)
        inside = left < x1 and right > x0 and bottom < y1 and top > y0
        assert not inside, f"{text.get_text_range(i, 1)!r} is set in the mark's corner"

    def corner(f: FaceData) -> Image.Image:
        image = face_pdf(f)[0].render(scale=SCALE, grayscale=True).to_pil().convert("L")
        px = [round(v * SCALE) for v in (x0, H - y1, x1, H - y0)]
        return image.crop((px[0], px[1], px[2], px[3]))

    marked, plain = corner(face), corner(dataclasses.replace(face, reconstructed=False))
    assert ImageChops.difference(marked, plain).getbbox() is not None
    dark = marked.point(lambda v: 255 if v < 100 else 0).histogram()[255]
    assert dark >= 40  # a solid mark, not a hairline, at 288 dpi


def test_the_booklet_explains_the_mark_the_cards_carry() -> None:
    rules = RULES.read_text(encoding="utf-8")
    assert "circled R" not in rules and "(R)" not in rules
    assert "**Dagger** (\u2020) in the bottom right corner" in rules
    assert "Cards marked \u2020 were reconstructed" in rules


# --- The play mat's header -------------------------------------------------------------------

CLEAR_PT = 2.0  # the least room between a glyph of the header and the line below it


def header_glyphs_and_cells(
    card: str,
) -> tuple[list[tuple[str, float, tuple[float, float, float, float]]], float]:
    """The first sheet's header glyphs (character, font size, tight box, y up) and its
    spaces' top edge (the outside of their stroke), from the printed PDF."""
    import pypdfium2.raw as pdfium_c

    from kitgen.build import resolve_setup
    from kitgen.games.scratch.kit import mat_pdf
    from kitgen.model.kit import PrintSettings

    setup = resolve_setup(PrintSettings(card_size=card))
    page = pdfium.PdfDocument(mat_pdf("Scratch: Draw the Line", setup))[0]
    paths = page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_PATH])
    # get_bounds from pypdfium2 5, get_pos before
    bounds = [(getattr(o, "get_bounds", None) or o.get_pos)() for o in paths]
    spaces = [b for b in bounds if abs((b[3] - b[1]) - (setup.card.height + 2 * MM)) < 2]
    assert len(spaces) >= 3, card
    top = max(s[3] for s in spaces)
    text = page.get_textpage()
    glyphs = []
    for i in range(text.count_chars()):
        char = text.get_text_range(i, 1)
        box = text.get_charbox(i)
        if char.strip() and box[1] >= top - 1 and box[3] - box[1] > 0.5:
            glyphs.append((char, pdfium_c.FPDFText_GetFontSize(text.raw, i), box))
    return glyphs, top


def test_the_mat_header_clears_the_spaces() -> None:
    """The hint's descenders (y, p, g) stand clear of the spaces' top edge, and the title's
    descenders clear of the hint's tallest glyphs: measured on the printed page."""
    for card in ("poker", "poker-us", "mini-us", "tarot"):
        glyphs, top = header_glyphs_and_cells(card)
        title = [box for _, size, box in glyphs if size > 10]  # the 11 pt title
        hint = [box for _, size, box in glyphs if 6 < size < 7]  # the 6.5 pt line under it
        assert {"y", "p"} <= {c for c, size, _ in glyphs if 6 < size < 7}  # descenders
        assert title and hint
        lowest = min(box[1] for _, _, box in glyphs)
        assert lowest - top >= CLEAR_PT, (card, lowest - top)
        title_bottom, hint_top = min(b[1] for b in title), max(b[3] for b in hint)
        assert title_bottom - hint_top >= 1.0, (card, title_bottom - hint_top)


def test_the_shared_ground_drawn_as_a_form_prints_the_same_pixels(monkeypatch: Any) -> None:
    """Every card of a faction and rarity draws its ground, panel, emblem, band and value
    discs from one form XObject; a card drawn so and one drawn in place rasterize the
    same."""
    from kitgen.games.scratch import cards

    def page(face: FaceData, ink: str, bleed: float) -> tuple[bytes, bytes]:
        buffer = io.BytesIO()
        c = Canvas(buffer, pagesize=(W + 2 * bleed, H + 2 * bleed))
        c.translate(bleed, bleed)
        draw_face(c, face, W, H, bleed, ink)  # type: ignore[arg-type]
        c.showPage()
        c.save()
        data = buffer.getvalue()
        image = pdfium.PdfDocument(data)[0].render(scale=SCALE).to_pil().convert("RGB")
        return data, image.tobytes()

    pool = official().pool
    faces = [f.face for f in faces_of(list(pool.cards.values()), pool)][:12]
    for ink, bleed in (("normal", 3 * MM), ("low", 0.0)):
        formed = [page(face, ink, bleed) for face in faces]
        monkeypatch.setattr(
            cards,
            "_ground_form",
            lambda c, face, geo, w, h, b, i: cards._draw_ground(c, face, geo, w, h, b, i, None),
        )
        inline = [page(face, ink, bleed) for face in faces]
        monkeypatch.undo()
        for (data, pixels), (plain, plain_pixels) in zip(formed, inline, strict=True):
            assert b"/FormXob.kf1 " in data and b"FormXob" not in plain
            assert pixels == plain_pixels


@pytest.mark.parametrize("paper", ["a4", "letter", "a3", "tabloid"])
@pytest.mark.parametrize("card", sorted(CARDS))
def test_no_seam_cuts_the_mats_spaces_or_words(paper: str, card: str) -> None:
    """A mat tiled over sheets is cut between its spaces and its header's words (on
    Letter, the poker mat's two sheets meet in the gap under the top row)."""
    from test_layout_tile import check_cover, crossings

    from kitgen.build import resolve_setup
    from kitgen.games.scratch.kit import mat_tiles
    from kitgen.model.kit import PrintSettings

    setup = resolve_setup(PrintSettings(paper=paper, card_size=card))
    plan, content, tiles = mat_tiles("Scratch: Draw the Line", setup)
    check_cover(tiles, plan.size)
    assert crossings(tiles, list(content)) == []
    assert len(content) == len(plan.cells) + 4  # the spaces, three lines and the scale bar
    if (paper, card) == ("letter", "poker"):
        assert len(tiles) == 2
        (seam,) = seam_lines(tiles[0], tiles)
        y = seam.y0 - tiles[0].origin[1]
        top_row, middle_row = plan.cells[0], plan.cells[3]
        assert middle_row.top < y < top_row.y
