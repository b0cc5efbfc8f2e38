"""The Scratch kit's PDFs: card sheets (faces, backs, reference cards) and the play mat."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from reportlab.lib.colors import black
from reportlab.pdfgen.canvas import Canvas

from kitgen.layout.geometry import Grid, PagePlan
from kitgen.layout.impose import impose, impose_fold, plan_fold, plan_grid
from kitgen.layout.mat import plan_mat
from kitgen.layout.notes import place_label, place_scale_bar
from kitgen.layout.tile import tile
from kitgen.model.findings import Finding, Location, finding
from kitgen.model.kit import Reference
from kitgen.render.cards.scratch import (
    FaceItem,
    Geometry,
    draw_back,
    draw_face,
    draw_reference,
    fit_face,
)
from kitgen.render.fonts import BOLD, REGULAR, missing_glyphs, text_width
from kitgen.render.mat import draw_scratch_mat
from kitgen.render.pdf import finish, new_canvas
from kitgen.render.poster import render_tiles
from kitgen.render.sheets import CardSource, Painter, SheetRenderer, draw_scale_bar

if TYPE_CHECKING:
    from kitgen.build import PrintSetup

Item = FaceItem | Reference


def text_findings(items: list[Item], setup: PrintSetup) -> list[Finding]:
    """Text the font cannot draw, and text that cannot fit its box at the smallest size."""
    found: list[Finding] = []
    geo = Geometry(setup.card.width, setup.card.height)
    seen: set[Item] = set()
    for item in items:
        if item in seen:
            continue
        seen.add(item)
        texts: list[tuple[str, str, Location | None]]
        if isinstance(item, Reference):
            texts = [(item.title, BOLD, None)]
            for heading, points in item.sections:
                texts += [(heading, BOLD, None), *((p, REGULAR, None) for p in points)]
        else:
            f = item.face
            texts = [
                (f.name, BOLD, item.name_at),
                (f.faction, BOLD, item.name_at),
                (f.rarity, BOLD, item.name_at),
            ]
            if f.power is not None:
                texts += [
                    (f.power, BOLD, item.power_at),
                    (f.power_text or "", REGULAR, item.power_at),
                ]
            for part in fit_face(f, geo).overflow:
                found.append(
                    finding(
                        "text-overflow",
                        f"the {part} of {f.name!r} does not fit on a {setup.card_name} card even "
                        "at the smallest type size; shorten it or print on a larger card",
                        item.power_at if part == "power text" else item.name_at,
                    )
                )
        for text, font, at in texts:
            missing = missing_glyphs(text, font)
            if missing:
                found.append(
                    finding(
                        "text-not-drawable",
                        f"{text[:40]!r} has characters the embedded font cannot draw: "
                        f"{' '.join(missing)} (it covers Latin-1 letters and common punctuation)",
                        at,
                    )
                )
    return found


def _label(c: Canvas, grid: Grid, margin: float, lines: tuple[str, ...]) -> None:
    """The sheet's label: one or two lines of small type between the first cut lines."""
    box = place_label(grid, margin=margin)
    if box is None:
        return
    size = 5.5
    shown = lines if box.height >= 2 * size * 1.15 else lines[:1]
    c.saveState()
    c.setFillColor(black)
    c.setFont(REGULAR, size)
    y = box.y + box.height / 2 + (len(shown) - 1) * size * 0.58 - size * 0.36
    for line in shown:
        while text_width(line, REGULAR, size) > box.width and len(line) > 4:
            line = line[:-2] + "\u2026"
        c.drawString(box.x, y, line)
        y -= size * 1.15
    c.restoreState()


def cards_pdf(
    title: str,
    items: list[Item],
    setup: PrintSetup,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[bytes, list[Finding]]:
    """The card sheets PDF, and the findings about its text (nothing is drawn on errors)."""
    found = text_findings(items, setup)
    if any(f.is_error for f in found):
        return b"", found
    card, bleed = setup.card, setup.bleed
    plans: list[PagePlan]
    if setup.duplex == "fold":
        grid, backs, fold = plan_fold(
            setup.paper, card, bleed=bleed, margin=setup.margin, gutter=setup.gutter
        )
        plans = impose_fold(len(items), grid, backs, fold)
    else:
        grid = plan_grid(setup.paper, card, bleed=bleed, margin=setup.margin, gutter=setup.gutter)
        plans = impose(len(items), grid, setup.duplex, back_offset=setup.back_offset)
    keys: dict[Item, str] = {}
    references = [i for i in items if isinstance(i, Reference)]

    def front_key(index: int) -> str:
        return keys.setdefault(items[index], f"card{len(keys)}-{setup.ink}")

    def front(index: int) -> Painter:
        item = items[index]
        if isinstance(item, Reference):
            ref = item
            footer = f"Scratch reference {references.index(item) + 1} of {len(references)}"

            def paint_reference(c: Canvas) -> None:
                draw_reference(c, ref, footer, card.width, card.height, bleed, setup.ink)

            return paint_reference
        face = item.face

        def paint_face(c: Canvas) -> None:
            draw_face(c, face, card.width, card.height, bleed, setup.ink)

        return paint_face

    def back(index: int) -> Painter:
        return lambda c: draw_back(c, card.width, card.height, bleed, setup.ink)

    canvas, buffer = new_canvas(title, f"kitgen card sheets: {setup.describe()}")
    source = CardSource(card, bleed, front_key, front, lambda i: f"scratch-{setup.ink}", back)
    renderer = SheetRenderer(canvas, source, plans)
    sheets = max((p.sheet for p in plans), default=-1) + 1
    for number, plan in enumerate(plans):
        side = "" if setup.duplex in ("none", "fold") else f" \u00b7 {plan.side}"
        label = (f"{title} \u00b7 sheet {plan.sheet + 1} of {sheets}{side}", setup.describe())

        def decorate(c: Canvas, label: tuple[str, ...] = label, first: bool = number == 0) -> None:
            _label(c, grid, setup.margin, label)
            if first:
                place = place_scale_bar(grid, margin=setup.margin)
                if place is not None:
                    draw_scale_bar(c, place.bar, place.note, place.length_mm)

        renderer.page(plan, decorate=decorate)
        if progress is not None:
            progress(number + 1, len(plans))
    return finish(canvas, buffer), found


def mat_pdf(title: str, setup: PrintSetup) -> bytes:
    """The 3x3 play mat, sized for the card size, tiled over sheets when needed."""
    plan = plan_mat(setup.card)
    tiles = tile(plan.size, setup.paper, margin=setup.margin)
    hint = (
        "Play cards on the spaces. Mark the cards you hold with a coin: heads for one "
        "player, tails for the other."
    )

    canvas, buffer = new_canvas(f"{title}: play mat", f"kitgen play mat: {setup.describe()}")
    render_tiles(
        canvas, tiles, lambda c: draw_scratch_mat(c, plan, setup.ink, f"{title}: play mat", hint)
    )
    return finish(canvas, buffer)
