"""Rule booklets: rules text through sandboxed jinja2, into reportlab Platypus pages.

Three editions come from one rules file: the reading edition (A5 or
half-Letter pages in order), the booklet edition (the same pages imposed two
to a landscape sheet side for saddle stitching), and a one-page quick
reference. Figures are drawn by the game's own figure painters.

Booklet pages fill (kitgen.render.page_fill): a figure travels with its text and
fits itself to the room left, an example box flows in strips, a figure that
cannot fit floats past the text after it to the next page, and a heading never
ends a page or a column (_Paged, in every edition). Short contents share their
page with the first chapter (CONTENTS_SHARE). The last page is the back cover: the
quick reference in the largest type that fits, from BACK_COVER_LARGEST down to
kitgen.layout.booklet.READABLE_FLOOR, in one to three columns (back_cover_fit),
else a designed page (the title, the summary, the kit's components, where the
quick reference is, the credits), and at its foot the one credit line that names
kitgen. The booklet's own words (`Contents`, `TIP`, the credit line ...) are those of
the rules' language, with the rules file's `words:` over them (kitgen.layout.words).
The saddle-stitched edition fills the pages that make its count a multiple of four,
before the back cover, with a card checklist, a score page or notes
(kitgen.render.padding). The quick reference page
fills its sheet the same way, up to REFERENCE_LARGEST.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from jinja2 import TemplateError, TemplateSyntaxError
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    HRFlowable,
    KeepTogether,
    ListFlowable,
    ListItem,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.doctemplate import FrameBreak, LayoutError
from reportlab.platypus.tableofcontents import TableOfContents

from kitgen.layout.booklet import (
    MOVE_LIMIT,
    READABLE_FLOOR,
    TypeFit,
    fit_type,
    padded_count,
    saddle_stitch,
    type_sizes,
)
from kitgen.layout.geometry import Size
from kitgen.layout.units import MM
from kitgen.layout.words import Words, fill, words_for
from kitgen.model.findings import Finding, Location, finding
from kitgen.model.kit import Ink
from kitgen.model.rules import CALLOUTS, Block, RulesFile, Section
from kitgen.render.cover import CardFan, CoverCards
from kitgen.render.emphasis import emphasis_markup
from kitgen.render.figure_titles import untitled
from kitgen.render.fonts import KITSANS, Family, register_fonts, text_width
from kitgen.render.padding import PaddingFacts, padding_pages
from kitgen.render.page_fill import Boxed, FigureGroup, float_figure, strands_heading
from kitgen.render.pdf import KitCanvas, document_info
from kitgen.render.rules_text import RulesSandbox, escape_text
from kitgen.render.script_paragraph import (
    ScriptParagraph,
    draw_text_line,
    hyphenation_language,
    is_rtl,
    needs_script,
    paragraph,
)
from kitgen.render.shaping import needs_shaping

INK = colors.HexColor("#1b1b1b")
TINTS = {
    "tip": "#e8f1e4",
    "strategy": "#e6edf6",
    "variant": "#f6efe0",
    "note": "#eeeeee",
    "kitgen": "#efe8f4",
}
BARS = {
    "tip": "#4f8a3c",
    "strategy": "#2c5aa0",
    "variant": "#a3782a",
    "note": "#555555",
    "kitgen": "#6a4c93",
}
CONTENTS_AFTER = 4  # more top-level sections than this get a contents list
CONTENTS_SHARE = 0.5
"""The first chapter starts under the contents when they leave at least this part of
their page (a short booklet's contents do not take a page to themselves)."""


def _cell_font(family: Family) -> tuple[str, tuple[int, int], tuple[int, int], str]:
    """A table style's font for every cell: tables set each cell's font before drawing
    it, Paragraph cells included, and the default is Helvetica, a standard font that
    would go unembedded."""
    return ("FONTNAME", (0, 0), (-1, -1), family.regular)


def _is_body(flowable: Flowable) -> bool:
    """A plain paragraph of body text."""
    return type(flowable) in (Paragraph, ScriptParagraph) and flowable.style.name == "body"


# Paragraph styles that head what follows (a figure group sets them across its width).
_TOPS = ("h1", "h2", "label", "boxtitle")


# A figure painter: (canvas, args, width, height, ink) draws at the origin.
FigurePainter = Callable[[Canvas, dict[str, Any], float, float, Ink], None]
# Figure sizes: (args, available width) -> (width, height).
FigureSizer = Callable[[dict[str, Any], float], tuple[float, float]]


def sized_by(geometry: Callable[[dict[str, Any], float], Any]) -> FigureSizer:
    """A figure's sizer from its geometry (anything with a `width` and a `height`, worked
    out from the figure's args and the width it may take)."""

    def size(args: dict[str, Any], width: float) -> tuple[float, float]:
        geo = geometry(args, width)
        return geo.width, geo.height

    return size


@dataclass(frozen=True)
class Figures:
    """A game's figures: how big each is and how to draw it."""

    sizes: dict[str, FigureSizer]
    painters: dict[str, FigurePainter]

    @classmethod
    def of(cls, built: dict[str, tuple[FigureSizer, FigurePainter]]) -> Figures:
        """Figures from each name's (sizer, painter) pair."""
        return cls({n: b[0] for n, b in built.items()}, {n: b[1] for n, b in built.items()})


@functools.cache
def _sandbox() -> RulesSandbox:
    """The sandbox booklets' rules text runs in (the same settings for every game)."""
    return RulesSandbox()


class Templater:
    """Renders rules text in a bounded jinja2 sandbox with the game's parameters."""

    def __init__(self, context: dict[str, Any]) -> None:
        self.env = _sandbox()  # one for every booklet: it keeps what it compiled
        self.context = context
        self.findings: list[Finding] = []

    def __call__(self, text: str, at: Location | None) -> str:
        """Paragraph markup for a piece of rules text (escaped, parameters filled)."""
        try:
            rendered = self.env.fill(text, self.context)
        except TemplateSyntaxError as err:
            where = at
            if at is not None and err.lineno and err.lineno > 1:
                where = Location(at.path, at.line + err.lineno - 1, 1)
            self.findings.append(finding("template-error", f"template: {err.message}", where))
            rendered = escape_text(text)
        except (TemplateError, ArithmeticError, TypeError, ValueError, RecursionError) as err:
            self.findings.append(finding("template-error", f"template: {err}", at))
            rendered = escape_text(text)
        # (Characters no font can draw are the rules check's: kitgen.load.rules.printed.)
        return inline_markup(rendered)


def inline_markup(escaped: str) -> str:
    """`**bold**` and `*italic*` to Platypus tags that always nest (the text is already
    escaped, its template filled): see kitgen.render.emphasis."""
    return emphasis_markup(escaped)


@dataclass
class Styles:
    """Paragraph styles for one edition, scaled by `size`."""

    size: float = 9.5
    table: dict[str, ParagraphStyle] = field(default_factory=dict)
    # The rules' language (a BCP 47 tag, "" for none): where words are hyphenated.
    language: str = ""
    # The type: KitSans, with the game's own fonts for what it lacks (`booklet_family`).
    family: Family = KITSANS

    def __post_init__(self) -> None:
        s = self.size
        lead = s * 1.32
        # reportlab hyphenates a Paragraph by pyphen's dictionary of its style's
        # `hyphenationLang` (a ScriptParagraph by kitgen's, the same); none: none.
        hyphens = {"hyphenationLang": hyphenation_language(self.language)} if self.language else {}
        regular, bold, italic = self.family.regular, self.family.bold, self.family.italic

        def style(name: str, **kw: Any) -> ParagraphStyle:
            base = dict(
                fontName=regular,
                fontSize=s,
                leading=lead,
                textColor=INK,
                spaceAfter=s * 0.45,
                **hyphens,
            )
            base.update(kw)
            return ParagraphStyle(name, **base)

        self.table = {
            "body": style("body"),
            "cell": style("cell", fontSize=s * 0.92, leading=s * 1.18, spaceAfter=0),
            "head": style("head", fontName=bold, fontSize=s * 0.92, leading=s * 1.18, spaceAfter=0),
            "h1": style(
                "h1",
                fontName=bold,
                fontSize=s * 1.45,
                leading=s * 1.8,
                spaceBefore=s * 0.9,
                spaceAfter=s * 0.5,
                keepWithNext=1,
            ),
            "h2": style(
                "h2",
                fontName=bold,
                fontSize=s * 1.12,
                leading=s * 1.45,
                spaceBefore=s * 0.6,
                spaceAfter=s * 0.3,
                keepWithNext=1,
            ),
            "boxtitle": style(
                "boxtitle",
                fontName=bold,
                fontSize=s * 1.05,
                leading=s * 1.35,
                spaceAfter=s * 0.3,
            ),
            "label": style(
                "label", fontName=bold, fontSize=s * 0.85, leading=s * 1.1, spaceAfter=s * 0.15
            ),
            "caption": style(
                "caption",
                fontName=italic,
                fontSize=s * 0.85,
                leading=s * 1.1,
                alignment=TA_CENTER,
                spaceAfter=s * 0.8,
            ),
            "side": style(
                "side", fontName=italic, fontSize=s * 0.85, leading=s * 1.1, spaceAfter=s * 0.8
            ),
            "title": style(
                "title",
                fontName=bold,
                fontSize=s * 2.6,
                leading=s * 3.1,
                alignment=TA_CENTER,
                spaceAfter=s,
            ),
            "subtitle": style(
                "subtitle",
                fontName=italic,
                fontSize=s * 1.35,
                leading=s * 1.7,
                alignment=TA_CENTER,
                spaceAfter=s * 2,
            ),
            "centre": style("centre", alignment=TA_CENTER),
            "small": style("small", fontSize=s * 0.8, leading=s * 1.05, alignment=TA_CENTER),
            "toc1": style("toc1", leftIndent=0, spaceAfter=s * 0.2),
            "toc2": style("toc2", leftIndent=s * 1.5, spaceAfter=0, fontSize=s * 0.92),
        }

    def __getitem__(self, name: str) -> ParagraphStyle:
        return self.table[name]


def _flush_right(cell: Paragraph) -> Paragraph:
    """A cell of a right-to-left table: reportlab's paragraphs set flush right (kitgen's
    right-to-left ones are already)."""
    if type(cell) is not Paragraph:
        return cell
    style = ParagraphStyle(cell.style.name, parent=cell.style, alignment=TA_RIGHT)
    return Paragraph(cell.text, style)


def _column_widths(
    columns: list[str], rows: list[list[str]], width: float, size: float, font: str
) -> list[float]:
    """Widths in proportion to each column's text, never narrower than its longest word."""
    count = len(columns)
    cells = [[columns[i]] + [row[i] for row in rows if i < len(row)] for i in range(count)]
    pad = 6.5
    floors = [
        max(text_width(word, font, size) for text in col for word in (text.split() or [""])) + pad
        for col in cells
    ]
    weights = [min(max(max(len(text) for text in col), 4), 60) for col in cells]
    spare = width - sum(floors)
    if spare <= 0:  # even the longest words do not fit: share the width by need, but a
        # column whose words fit in an even share keeps its floor, and the others split
        # what is left evenly (Platypus breaks their long words), so no column is starved
        # by one long word in another
        widths = [0.0] * count
        left, todo = width, sorted(range(count), key=lambda i: floors[i])
        while todo:
            share = left / len(todo)
            i = todo.pop(0)
            widths[i] = min(floors[i], share) if todo else share
            left -= widths[i]
        return widths
    return [f + spare * w / sum(weights) for f, w in zip(floors, weights, strict=True)]


class FigureFlowable(Flowable):  # type: ignore[misc]
    """A figure drawn by its game's painter, centred in the frame."""

    def __init__(
        self, painter: FigurePainter, args: dict[str, Any], width: float, height: float, ink: Ink
    ) -> None:
        super().__init__()
        self.painter, self.args, self.ink = painter, args, ink
        self.fig_width, self.fig_height = width, height
        self.hAlign = "CENTER"

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        """The figure's fixed size."""
        return self.fig_width, self.fig_height

    def draw(self) -> None:
        """Draw with the painter, origin at the figure's lower-left corner."""
        self.canv.saveState()
        self.painter(self.canv, self.args, self.fig_width, self.fig_height, self.ink)
        self.canv.restoreState()


class Heading(Paragraph):  # type: ignore[misc]
    """A numbered heading that the contents list picks up."""

    def __init__(self, text: str, style: ParagraphStyle, level: int) -> None:
        super().__init__(text, style)
        self.toc_level = level


class ScriptHeading(ScriptParagraph, Heading):
    """A heading in a script reportlab does not set (see ScriptParagraph)."""

    def __init__(self, text: str, style: ParagraphStyle, level: int, language: str) -> None:
        ScriptParagraph.__init__(self, text, style, language)
        self.toc_level = level


def heading(text: str, style: ParagraphStyle, level: int, language: str) -> Heading:
    """A heading for the contents list, kitgen's paragraph where its text needs it."""
    if needs_script(text):
        return ScriptHeading(text, style, level, language)
    return Heading(text, style, level)


class Story:
    """Turns rules sections into flowables."""

    def __init__(
        self,
        styles: Styles,
        text: Templater,
        figures: Figures,
        width: float,
        ink: Ink,
        frame_height: float | None = None,
        words: Words | None = None,
    ) -> None:
        self.styles, self.text, self.figures = styles, text, figures
        # The booklet's own words (the labels of call-outs and examples).
        self.words = words or words_for(styles.language)
        self.width, self.ink = width, ink
        self.boxed = 0  # inside an example box, where KeepTogether cannot work
        # Pages and columns (a frame height: the booklet's, the back cover's and the
        # quick reference's) fill: a figure travels with its lead text and fits itself
        # to the room left, and an example box flows in strips (page_fill.py). Without
        # a frame height, figures and boxes are kept whole.
        self.frame_height = frame_height

    def para(self, text: str, at: Location | None, style: str = "body") -> Paragraph:
        """One paragraph of rules text."""
        return paragraph(self.text(text, at), self.styles[style], self.styles.language)

    def sections(
        self, sections: list[Section], prefix: str = "", contents: bool = True
    ) -> list[Flowable]:
        """Numbered sections with their blocks and subsections; their headings go into
        the contents list unless `contents` is false."""
        out: list[Flowable] = []
        for number, section in enumerate(sections, start=1):
            label = f"{prefix}{number}"
            level = 1 if not prefix else 2
            title = self.text(section.title, section.where("title"))
            out.append(CondPageBreak(self.styles.size * (8 if level == 1 else 5)))
            text, style = f"{label}&nbsp;&nbsp;{title}", self.styles[f"h{level}"]
            language = self.styles.language
            out.append(
                heading(text, style, level, language)
                if contents
                else paragraph(text, style, language)
            )
            out += self.blocks(section.blocks, self.width)
            out += self.sections(section.sections, f"{label}.", contents)
        return self.gather(out)

    def gather(self, flowables: list[Flowable]) -> list[Flowable]:
        """Each figure group takes its text: the body paragraphs just before it, with the
        headings (or a box's label and title) over them; a figure with none (the first
        thing under its heading) takes the paragraph after it, which explains it.
        Figures in a row, with no text between them, make one group."""
        if self.frame_height is None:
            return flowables
        out: list[Flowable] = []
        items = list(flowables)
        while items:
            item = items.pop(0)
            if isinstance(item, FigureGroup) and item.bare():
                if out and isinstance(out[-1], FigureGroup) and not out[-1].after:
                    out[-1].panels += item.panels  # figures in a row go together
                    if not out[-1].before and items and _is_body(items[0]):
                        out[-1].after.append(items.pop(0))
                    continue
                while out and _is_body(out[-1]):
                    item.before.insert(0, out.pop())
                while out and isinstance(out[-1], Paragraph) and out[-1].style.name in _TOPS:
                    item.top.insert(0, out.pop())
                if not item.before and items and _is_body(items[0]):
                    item.after.append(items.pop(0))
            out.append(item)
        return out

    def blocks(self, blocks: list[Block], width: float) -> list[Flowable]:
        """The flowables of a list of blocks."""
        out: list[Flowable] = []
        for block in blocks:
            out += self.block(block, width)
        return out

    def block(self, block: Block, width: float) -> list[Flowable]:
        """The flowables of one block."""
        kind = block.kind
        s = self.styles
        if kind == "text":
            return [self.para(block.text or "", block.where("text"))]
        if kind in ("list", "steps"):
            items = block.bullets if kind == "list" else block.steps
            paras = [self.para(item, block.where(kind, i)) for i, item in enumerate(items or [])]
            entries = [ListItem(p) for p in paras]
            # Right to left when every item is (its bullets or numbers on the right).
            rtl = bool(paras) and all(getattr(p, "_rtl", False) for p in paras)
            return [_list_flowable(entries, kind, s, rtl), Spacer(1, s.size * 0.3)]
        if kind == "table":
            return [self.table(block, width), Spacer(1, s.size * 0.6)]
        if kind in CALLOUTS:
            return [self.callout(kind, getattr(block, kind), block.where(kind), width)]
        if kind == "figure":
            return self.figure(block, width)
        assert block.example is not None
        example = self.example(block, width)
        return example if isinstance(example, list) else [example]

    def table(self, block: Block, width: float) -> Table:
        """A table with a bold heading row."""
        assert block.table is not None
        t = block.table
        head = [
            self.para(c, block.where("table", "columns", i), "head")
            for i, c in enumerate(t.columns)
        ]
        rows = [
            [
                self.para(cell, block.where("table", "rows", r, i), "cell")
                for i, cell in enumerate(row)
            ]
            for r, row in enumerate(t.rows)
        ]
        cols = len(t.columns)
        rows = [row + [Paragraph("", self.styles["cell"])] * (cols - len(row)) for row in rows]
        grid = [head, *[r[:cols] for r in rows]]
        s = self.styles
        widths = _column_widths(t.columns, t.rows, width, s.size * 0.92, s.family.bold)
        # A table whose headings all run right to left reads from the right: its first
        # column is the rightmost.
        rtl = all(getattr(cell, "_rtl", False) for cell in head)
        if rtl:  # (and its cells of numbers or Latin text set flush right too)
            grid = [[_flush_right(cell) for cell in row[::-1]] for row in grid]
            widths = widths[::-1]
        table = Table(
            grid,
            colWidths=widths,
            repeatRows=1,
            hAlign="RIGHT" if rtl else "LEFT",
            splitInRow=1,  # a row taller than a page goes on over the page break
        )
        table.setStyle(
            TableStyle(
                [
                    _cell_font(self.styles.family),
                    ("LINEBELOW", (0, 0), (-1, 0), 0.8, INK),
                    ("LINEBELOW", (0, 1), (-1, -1), 0.3, colors.HexColor("#9a9a9a")),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("TOPPADDING", (0, 0), (-1, -1), 2.5),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
                    ("LEFTPADDING", (0, 0), (-1, -1), 3),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 3),
                ]
            )
        )
        return table

    def callout(self, kind: str, text: str, at: Location | None, width: float) -> Flowable:
        """A tinted box with a coloured bar and its label (Tip, Strategy...)."""
        content = [self.label(kind), self.para(text, at)]
        return self._box(content, width, kind)

    def label(self, key: str) -> Paragraph:
        """A box's label: the booklet's word for it, in capitals (TIP, EXAMPLE ...)."""
        word = escape_text(self.words[key].upper())
        return paragraph(word, self.styles["label"], self.styles.language)

    def _box(self, content: list[Flowable], width: float, kind: str) -> Flowable:
        tint = "#ffffff" if self.ink == "low" else TINTS[kind]
        box = Table([[content]], colWidths=[width], hAlign="LEFT")
        box.setStyle(
            TableStyle(
                [
                    _cell_font(self.styles.family),
                    ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor(tint)),
                    ("LINEBEFORE", (0, 0), (0, -1), 2.2, colors.HexColor(BARS[kind])),
                    (
                        "BOX",
                        (0, 0),
                        (-1, -1),
                        0.4 if self.ink == "low" else 0,
                        colors.HexColor(BARS[kind]),
                    ),
                    ("LEFTPADDING", (0, 0), (-1, -1), 7),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 6),
                    ("TOPPADDING", (0, 0), (-1, -1), 4),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
                ]
            )
        )
        return self._together([box, Spacer(1, self.styles.size * 0.6)])

    def _together(self, parts: list[Flowable]) -> Flowable:
        """Keep parts on one page; inside a box (a table cell) they already are."""
        if self.boxed:
            return Table(
                [[parts]],
                colWidths=[None],
                hAlign="CENTER",
                style=[
                    _cell_font(self.styles.family),
                    ("LEFTPADDING", (0, 0), (-1, -1), 0),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                    ("TOPPADDING", (0, 0), (-1, -1), 0),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
                ],
            )
        return KeepTogether(parts)

    def figure(self, block: Block, width: float) -> list[Flowable]:
        """A figure and its caption, kept together (in booklet pages, with its lead text
        too: see gather); a captioned figure is drawn without its own title (`_drawn`)."""
        name = block.figure or ""
        args = dict(block.args or {})
        sizer, painter = _drawn(self.figures, name, bool(block.caption))
        fig_w, fig_h = sizer(args, width)
        if self.frame_height is not None:
            figure = FigureFlowable(painter, args, fig_w, fig_h, self.ink)
            captions = None
            if block.caption:
                at = block.where("caption")
                captions = (
                    self.para(block.caption, at, "caption"),
                    self.para(block.caption, at, "side"),
                )
            gap = self.styles.size * 0.4
            return [FigureGroup(figure, captions, gap, self.frame_height)]
        parts: list[Flowable] = [
            Spacer(1, self.styles.size * 0.3),
            FigureFlowable(painter, args, fig_w, fig_h, self.ink),
        ]
        if block.caption:
            parts += [
                Spacer(1, self.styles.size * 0.35),
                self.para(block.caption, block.where("caption"), "caption"),
            ]
        else:
            parts.append(Spacer(1, self.styles.size * 0.6))
        return [self._together(parts)]

    def example(self, block: Block, width: float) -> Flowable | list[Flowable]:
        """A worked example in a box: its title and its blocks."""
        assert block.example is not None
        inner = width - 14
        if self.frame_height is not None:
            return self.flowing_example(block, inner)
        self.boxed += 1
        try:
            content: list[Flowable] = [
                self.label("example"),
                self.para(block.example.title, block.where("example", "title"), "boxtitle"),
                *self.blocks(block.example.blocks, inner),
            ]
        finally:
            self.boxed -= 1
        tint = "#ffffff" if self.ink == "low" else "#f7f5f0"
        # One row per flowable, so a long example can continue on the next page; the
        # label, the title and the first block share the first row, so they never part.
        rows = [[content[:3]], *[[part] for part in content[3:]]]
        box = Table(rows, colWidths=[width], hAlign="LEFT", splitByRow=1)
        box.setStyle(
            TableStyle(
                [
                    _cell_font(self.styles.family),
                    ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor(tint)),
                    ("BOX", (0, 0), (-1, -1), 0.6, colors.HexColor("#8a8a8a")),
                    ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                    ("LEFTPADDING", (0, 0), (-1, -1), 7),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 7),
                    ("TOPPADDING", (0, 0), (-1, -1), 1),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
                    ("TOPPADDING", (0, 0), (-1, 0), 5),
                    ("BOTTOMPADDING", (0, -1), (-1, -1), 5),
                ]
            )
        )
        return box

    def flowing_example(self, block: Block, inner: float) -> list[Flowable]:
        """A worked example as strips of one box that flow down the pages: its label and
        title stay with its first block, a figure in it fits itself to the page."""
        assert block.example is not None
        label = self.label("example")
        title = self.para(block.example.title, block.where("example", "title"), "boxtitle")
        for head in (label, title):
            head.keepWithNext = 1
        parts = self.gather([label, title, *self.blocks(block.example.blocks, inner)])
        box = {
            "tint": "#ffffff" if self.ink == "low" else "#f7f5f0",
            "line": "#8a8a8a",
            "line_width": 0.6,
            "pad_left": 7.0,
            "pad_right": 7.0,
            "pad_top": 6.0,
            "pad_bottom": 6.0,
            "space_before": 0.0,
            "space_after": self.styles.size * 0.6,
        }
        last = len(parts) - 1
        return [Boxed(part, box, i == 0, i == last) for i, part in enumerate(parts)]


def _list_flowable(
    entries: list[ListItem], kind: str, styles: Styles, rtl: bool = False
) -> ListFlowable:
    """A bulleted list (`kind` "list") or numbered steps. The bullet or number is set a
    little smaller than the text, on the baseline of its item's first line: Platypus puts
    a bullet's baseline its own size under the item's top, and the text's a full size
    under it, so the bullet is lowered by the difference (`bulletOffsetY`). A list whose
    items all run right to left has its bullets or numbers on the right, its indent
    there."""
    size = styles.size
    bullet_size = size * 0.9
    bullet = (
        {"bulletType": "bullet", "start": "\u2022"}
        if kind == "list"
        else {"bulletType": "1", "bulletFormat": "%s."}
    )
    if rtl:
        return ListFlowable(
            entries,
            rightIndent=size * 1.4,
            bulletDir="rtl",
            bulletFontName=styles.family.bold,
            bulletFontSize=bullet_size,
            bulletOffsetY=-(styles["body"].fontSize - bullet_size),
            **bullet,
        )
    return ListFlowable(
        entries,
        leftIndent=size * 1.4,
        bulletFontName=styles.family.bold,
        bulletFontSize=bullet_size,
        bulletOffsetY=-(styles["body"].fontSize - bullet_size),
        **bullet,
    )


def _drawn(figures: Figures, name: str, captioned: bool) -> tuple[FigureSizer, FigurePainter]:
    """How a figure is measured and drawn: with a caption, untitled (the caption says what
    it shows, so the figure does not title itself too: kitgen.render.figure_titles)."""
    sizer, painter = figures.sizes[name], figures.painters[name]
    return (untitled(sizer), untitled(painter)) if captioned else (sizer, painter)


@dataclass(frozen=True)
class BookletFacts:
    """What the cover says besides the rules file: players, time, summary, and the
    game's cards it shows (kitgen.render.cover; None: none); and for the back cover
    when the quick reference does not fit it, the kit's components (title and
    description) and the quick reference's file name."""

    players: str
    playing_time: str
    summary: str
    cover: CoverCards | None = None
    components: tuple[tuple[str, str], ...] = ()
    reference_file: str = ""


class _Paged(BaseDocTemplate):  # type: ignore[misc]
    """A document whose headings keep with what follows them: a heading (anything kept
    with the next) that would end a page or a column opens the next one instead
    (kitgen.render.page_fill.strands_heading). Every edition is laid out by one: the
    reading and saddle-stitched pages, the back cover, the quick reference."""

    def handle_keepWithNext(self, flowables: list[Flowable]) -> None:
        """Platypus's keep-with-next, after moving stranded headings on."""
        frame = getattr(self, "frame", None)
        if frame is not None and strands_heading(flowables, frame, self.canv):
            flowables.insert(0, FrameBreak)
            return
        super().handle_keepWithNext(flowables)


class _Doc(_Paged):
    """Pages with a running footer; headings feed the contents list and the outline."""

    def __init__(
        self,
        buffer: io.BytesIO,
        page: Size,
        title: str,
        outline: bool,
        credit: Paragraph | None = None,
        subject: str = "",
        family: Family = KITSANS,
    ) -> None:
        margin = 13 * MM
        super().__init__(
            buffer,
            pagesize=(page.width, page.height),
            leftMargin=margin,
            rightMargin=margin,
            topMargin=12 * MM,
            bottomMargin=15 * MM,
            **document_info(title, subject),
            invariant=1,
            initialFontName=family.regular,
        )
        self.family = family
        self.running_title = title
        self.outline = outline
        self.credit = credit
        frame = Frame(
            self.leftMargin,
            self.bottomMargin,
            self.width,
            self.height,
            id="body",
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
        )
        self.addPageTemplates(
            [
                PageTemplate("cover", [frame]),
                PageTemplate("body", [frame], onPage=self._footer),
                *(
                    PageTemplate(f"back{n}", _columns(frame, n), onPage=self._credit_line)
                    for n in (1, 2, 3)
                ),
            ]
        )
        self._heading = 0

    def _credit_line(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        """The back cover's one credit line, at its foot (where the footer is elsewhere)."""
        if self.credit is None:
            return
        self.credit.wrap(self.width, self.bottomMargin)
        self.credit.drawOn(canvas, self.leftMargin, 8 * MM)

    def _footer(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        canvas.saveState()
        italic = self.family.italic
        canvas.setFont(self.family.regular, 7.5)
        canvas.setFillColor(INK)
        canvas.drawCentredString(self.pagesize[0] / 2, 8 * MM, str(doc.page))
        canvas.setFont(italic, 6.5)
        title = self.running_title
        if is_rtl(title):  # (a right-to-left title runs from the right margin)
            right = self.pagesize[0] - self.rightMargin
            draw_text_line(canvas, right, 8 * MM, title, italic, 6.5, "right")
        elif needs_shaping(title):
            draw_text_line(canvas, self.leftMargin, 8 * MM, title, italic, 6.5)
        else:
            canvas.drawString(self.leftMargin, 8 * MM, title)
        canvas.restoreState()

    def filterFlowables(self, flowables: list[Flowable]) -> None:
        """A figure without text of its own that does not fit the room left, even at its
        smallest, floats: the text after it fills this page, and the figure opens the
        next (page_fill.float_figure). A page is never left more than a quarter blank
        for it, nor is a figure moved past the end of a page with less room than that."""
        frame = getattr(self, "frame", None)
        if not flowables or frame is None:
            return
        room = frame._y - frame._y1p
        if room > MOVE_LIMIT * frame._aH:
            float_figure(flowables, self.canv, frame._getAvailableWidth(), room)

    def afterFlowable(self, flowable: Flowable) -> None:
        """Headings go into the contents list (and the PDF outline, when pages are pages),
        those a figure group sets too."""
        inside = flowable.headings() if isinstance(flowable, FigureGroup | Boxed) else []
        for heading in [flowable, *inside]:
            if not isinstance(heading, Heading):
                continue
            text = heading.getPlainText()  # (the contents are markup again; the outline not)
            self.notify("TOCEntry", (heading.toc_level - 1, escape_text(text), self.page))
            if self.outline:
                self._heading += 1
                key = f"h{self._heading}"
                self.canv.bookmarkPage(key)
                self.canv.addOutlineEntry(text, key, level=heading.toc_level - 1)


def _cover(
    rules: RulesFile, facts: BookletFacts, story: Story, styles: Styles, height: float
) -> list[Flowable]:
    """The front cover: the title and subtitle, the game's cards fanned out when the game
    gives some and the page has room (`_cover_fan`), the players and time, the summary
    and the credits."""
    language = styles.language
    heading: list[Flowable] = [paragraph(escape_text(rules.title), styles["title"], language)]
    if rules.subtitle:
        heading.append(paragraph(escape_text(rules.subtitle), styles["subtitle"], language))
    rest: list[Flowable] = [
        _who_and_how_long(facts, story),
        Spacer(1, styles.size * 2),
        paragraph(escape_text(facts.summary), styles["centre"], language),
    ]
    if rules.credits:
        rest += [
            Spacer(1, styles.size * 3),
            story.para(rules.credits, rules.where("credits"), "small"),
        ]
    fan = _cover_fan(facts, story, styles, height, [*heading, *rest])
    if fan is None:
        return [Spacer(1, height * 0.22), *heading, *rest]
    return [Spacer(1, height * 0.05), *heading, fan, Spacer(1, styles.size * 1.5), *rest]


def _who_and_how_long(facts: BookletFacts, story: Story) -> Paragraph:
    """The cover's line of players and time (`2 to 4 players · 30 minutes`), in the
    booklet's words."""
    players = fill(escape_text(story.words["players"]), players=escape_text(facts.players))
    line = f"{players} &nbsp;\u00b7&nbsp; {escape_text(facts.playing_time)}"
    return paragraph(line, story.styles["centre"], story.styles.language)


COVER_FAN_MOST = 0.40  # of the page's height, at the most
COVER_FAN_LEAST = 0.16  # and at the least: with less room, no fan


def _cover_fan(
    facts: BookletFacts, story: Story, styles: Styles, height: float, text: list[Flowable]
) -> Flowable | None:
    """The fan of the game's cards for the cover, as tall as the page's frame leaves
    beside the cover's text (COVER_FAN_MOST of the page at the most); None when the game
    gives no cards or the room is less than COVER_FAN_LEAST of the page."""
    if facts.cover is None or not facts.cover.faces or story.frame_height is None:
        return None
    used = height * 0.05 + styles.size * 1.5
    for part in text:
        _, h = part.wrap(story.width, story.frame_height)
        used += h + part.getSpaceBefore() + part.getSpaceAfter()
    room = min(story.frame_height - used - styles.size * 2, height * COVER_FAN_MOST)
    if room < height * COVER_FAN_LEAST:
        return None
    return CardFan(facts.cover, story.width, room, story.ink)


BACK_COVER_LARGEST = 12.0
"""The largest type of the quick reference on a back cover (an A5 or half-Letter page):
a short reference grows to fill the page up to it, a long one shrinks to
kitgen.layout.booklet.READABLE_FLOOR, in one to three columns."""
REFERENCE_LARGEST = 24.0
"""The largest type of the quick reference page (A4 or Letter), read across the table."""


def credit_line(page: Size, words: Words, family: Family = KITSANS) -> Paragraph:
    """The one line that names kitgen, at the foot of the back cover (the booklet's
    word `credit`: `Printed with kitgen`)."""
    styles = Styles(9.5 if page.width >= 140 * MM else 9, language=words.language, family=family)
    return paragraph(escape_text(words["credit"]), styles["small"], words.language)


BACK_COLUMN_GAP = 5 * MM
REFERENCE_COLUMN_GAP = 7 * MM


def _columns(frame: Frame, count: int = 2, gap: float = BACK_COLUMN_GAP) -> list[Frame]:
    """`count` columns in a frame, `gap` apart."""
    width = (frame._width - (count - 1) * gap) / count
    return [
        Frame(
            frame._x1 + i * (width + gap),
            frame._y1,
            width,
            frame._height,
            id=f"column{i + 1}",
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
        )
        for i in range(count)
    ]


class _SecondPage(Exception):
    """A trial layout began a second page: it does not fit one."""


class _Trial(_Paged):
    """A trial layout of one page: it stops where a second page would begin."""

    def handle_pageBegin(self) -> None:
        if self.page >= 1:
            raise _SecondPage
        super().handle_pageBegin()


class _Unsaved(Canvas):  # type: ignore[misc]
    """A trial layout's canvas: nothing is written (no fonts subset, no PDF made)."""

    def save(self) -> None:
        pass


def _fits_a_page(
    flow: list[Flowable], width: float, height: float, columns: int, gap: float = BACK_COLUMN_GAP
) -> bool:
    """Whether flowables fit one page of `width` by `height` in `columns` columns."""
    doc = _Trial(io.BytesIO(), pagesize=(width, height), invariant=1)
    frame = Frame(0, 0, width, height, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    doc.addPageTemplates([PageTemplate("page", _columns(frame, columns, gap))])
    try:
        doc.build(flow, canvasmaker=_Unsaved)
    except (LayoutError, _SecondPage):
        return False
    return bool(doc.page == 1)


def _reference_flow(
    rules: RulesFile,
    context: dict[str, Any],
    figures: Figures,
    ink: Ink,
    size: float,
    column: Size,
    heading: str,
    language: str = "",
    words: Words | None = None,
    family: Family = KITSANS,
) -> tuple[list[Flowable], list[Finding]]:
    """The quick reference's flowables in `size` type for a column of that size, under
    its heading (markup), and the findings about its text. Its figures fit themselves
    to the room left in a column as a booklet page's do (kitgen.render.page_fill)."""
    styles = Styles(size, language=language, family=family)
    ref = Story(styles, Templater(context), figures, column.width, ink, column.height, words)
    sections = ref.sections(rules.quick_reference, contents=False)
    flow = [paragraph(heading, styles["h1"], language), *sections]
    return [f for f in flow if not isinstance(f, CondPageBreak)], ref.text.findings


def back_cover_fit(
    rules: RulesFile,
    context: dict[str, Any],
    figures: Figures,
    page: Size,
    ink: Ink,
    language: str = "",
    words: Words | None = None,
    family: Family = KITSANS,
) -> TypeFit | None:
    """How the back cover sets the quick reference: the largest type from
    BACK_COVER_LARGEST down to READABLE_FLOOR, in one to three columns, that fits the
    page (kitgen.layout.booklet.fit_type); None when it does not fit even so (or there
    is none), and the back cover holds the designed page instead (_back_page)."""
    if not rules.quick_reference:
        return None
    register_fonts()
    width, room = page.width - 26 * MM, page.height - 27 * MM
    words = words or words_for(language)
    heading = escape_text(words["quick_reference"])

    def fits(size: float, columns: int) -> bool:
        column = Size((width - (columns - 1) * BACK_COLUMN_GAP) / columns, room)
        flow = _reference_flow(
            rules, context, figures, ink, size, column, heading, language, words, family
        )[0]
        return _fits_a_page(flow, width, room, columns)

    return fit_type(width, BACK_COLUMN_GAP, type_sizes(BACK_COVER_LARGEST), fits)


def _back_cover(
    rules: RulesFile,
    context: dict[str, Any],
    figures: Figures,
    facts: BookletFacts,
    page: Size,
    ink: Ink,
    story: Story,
    fit: TypeFit | None,
) -> tuple[str, list[Flowable]]:
    """The back cover's page template and flowables: the quick reference as `fit` sets
    it, else the designed page (_back_page). Its credit line is drawn by the page (see
    _Doc)."""
    if fit is None:
        return "back1", _back_page(rules, facts, story, page)
    width = page.width - 26 * MM
    column = Size(
        (width - (fit.columns - 1) * BACK_COLUMN_GAP) / fit.columns, page.height - 27 * MM
    )
    heading = escape_text(story.words["quick_reference"])
    styles = story.styles
    flow, found = _reference_flow(
        rules,
        context,
        figures,
        ink,
        fit.size,
        column,
        heading,
        styles.language,
        story.words,
        styles.family,
    )
    story.text.findings += found
    return f"back{fit.columns}", flow


def _back_page(rules: RulesFile, facts: BookletFacts, story: Story, page: Size) -> list[Flowable]:
    """The back cover without the quick reference (the rules have none, or it does not
    fit in readable type): the title, who plays and how long, the summary; under a rule
    what the kit holds (the game's components, each with what it is); where the quick
    reference is, in a box, when there is one (a page of its own in the kit); and the
    credits."""
    styles = story.styles
    s = styles.size
    title = ParagraphStyle("backtitle", parent=styles["h1"], alignment=TA_CENTER, spaceBefore=0)
    item = ParagraphStyle(
        "item",
        parent=styles["body"],
        leftIndent=s * 1.4,
        bulletIndent=0,
        bulletFontName=styles.family.bold,
    )
    words = story.words
    parts: list[Flowable] = [
        Spacer(1, page.height * 0.06),
        paragraph(escape_text(rules.title), title, styles.language),
        _who_and_how_long(facts, story),
        Spacer(1, s * 0.6),
        paragraph(escape_text(facts.summary), styles["centre"], styles.language),
        Spacer(1, s),
    ]
    if facts.components:
        parts += [
            HRFlowable(width="100%", thickness=0.6, color=INK, spaceBefore=0, spaceAfter=s),
            paragraph(escape_text(words["in_the_kit"]), styles["h2"], styles.language),
            *(
                paragraph(
                    f"<b>{escape_text(name)}.</b> {escape_text(what)}",
                    item,
                    styles.language,
                    "\u2022",
                )
                for name, what in facts.components
            ),
            Spacer(1, s * 0.6),
        ]
    if rules.quick_reference:
        where = f" (<i>{escape_text(facts.reference_file)}</i>)" if facts.reference_file else ""
        note = fill(escape_text(words["reference_note"]), file=where)
        content = [story.label("quick_reference"), paragraph(note, styles["body"], styles.language)]
        parts.append(story._box(content, page.width - 26 * MM, "note"))
    if rules.credits:
        parts += [Spacer(1, s), story.para(rules.credits, rules.where("credits"), "small")]
    return parts


def _body_size(page: Size) -> float:
    """The booklet's body type: 9.5 pt on A5 pages, 9 pt on narrower ones."""
    return 9.5 if page.width >= 140 * MM else 9


def _story(
    rules: RulesFile,
    context: dict[str, Any],
    figures: Figures,
    facts: BookletFacts,
    page: Size,
    ink: Ink,
    back: TypeFit | None = None,
    padding: list[Flowable] | None = None,
    language: str = "",
    family: Family = KITSANS,
) -> tuple[list[Flowable], list[Finding]]:
    """The booklet's flowables: the cover, the contents, the sections, the padding pages
    (the saddle-stitched edition's) and the back cover (the quick reference as `back`
    sets it, else the designed page)."""
    register_fonts()
    styles = Styles(_body_size(page), language=language, family=family)
    templater = Templater(context)
    width = page.width - 26 * MM
    words = booklet_words(rules, language)
    story = Story(styles, templater, figures, width, ink, page.height - 27 * MM, words)
    flow: list[Flowable] = [
        NextPageTemplate("body"),
        *_cover(rules, facts, story, styles, page.height),
    ]
    flow.append(PageBreak())
    if len(rules.sections) > CONTENTS_AFTER:
        toc = Contents(language)
        toc.levelStyles = [styles["toc1"], styles["toc2"]]
        toc.dotsMinLevel = 0
        # The contents are a table too (see _cell_font).
        toc.tableStyle = TableStyle(
            [
                _cell_font(family),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ]
        )
        chapters = story.sections(rules.sections)
        toc._entries = _contents_entries(chapters)
        flow += [
            paragraph(escape_text(words["contents"]), styles["h1"], language),
            toc,
            CondPageBreak((page.height - 27 * MM) * CONTENTS_SHARE),
            *chapters,
        ]
    else:
        flow += story.sections(rules.sections)
    flow += padding or []
    template, cover = _back_cover(rules, context, figures, facts, page, ink, story, back)
    flow += [NextPageTemplate(template), PageBreak(), *cover]
    return flow, templater.findings


def _shaped_entry(text: str, key: object) -> bool:
    """Whether a contents entry is set as rules text is (`ContentsEntry`): its heading
    holds letters to join or reorder (Arabic, Hebrew, Devanagari...). kitgen's entries
    have no key (the PDF outline links the headings); one with a key stays reportlab's
    (a link around its text)."""
    return key is None and (needs_shaping(text) or is_rtl(text))


class ContentsEntry(ScriptParagraph):
    """A contents entry whose heading needs shaping, set as rules text is (kitgen's
    paragraph: joined, in UAX #9's order, a right-to-left one flush right) with its page
    number and the dots up to it on its last line, as reportlab's entries have them
    (`drawPageNumbers`) but on the side the entry ends: the number at the right margin
    after a left-to-right entry, at the left margin before a right-to-left one."""

    def __init__(
        self, text: str, style: ParagraphStyle, language: str, page: str, dots: str
    ) -> None:
        super().__init__(text, style, language)
        self.page, self.dots = page, dots

    def draw(self) -> None:
        super().draw()
        if not self.spans:
            return
        x, y, width = self.spans[-1]
        style, canvas = self.style, self.canv
        size = style.fontSize
        free = x if self._rtl else self.width - (x + width)
        number = text_width(self.page, style.fontName, size)
        while number > free and size >= 1.0:  # (reportlab's: 10% smaller till it fits)
            size *= 0.9
            number = text_width(self.page, style.fontName, size)
        dot = text_width(self.dots, style.fontName, size) if self.dots else 0.0
        count = max(0, int((free - number) / dot)) if dot else 0
        if self._rtl:
            text, left = self.page + self.dots * count, 0.0
        else:
            text, left = self.dots * count + self.page, self.width - count * dot - number
        canvas.saveState()
        canvas.setFillColor(style.textColor)
        canvas.setFont(style.fontName, size)
        canvas.drawString(left, y, text)
        canvas.restoreState()


class Contents(TableOfContents):  # type: ignore[misc]  # (reportlab has no type hints)
    """The contents list: reportlab's, but an entry whose heading needs shaping is a
    `ContentsEntry`, set as the heading is. A list with no such entry is reportlab's
    own table, byte for byte."""

    def __init__(self, language: str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.language = language

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        # reportlab's table of the last run's entries, and the callback its entries'
        # `<onDraw>` calls to draw their dots and page numbers (`drawTOCEntryEnd`).
        size: tuple[float, float] = super().wrap(availWidth, availHeight)
        entries = self._lastEntries
        if not any(_shaped_entry(text, key) for _, text, _, key in entries):
            return size
        rows: list[list[Flowable]] = []
        for level, text, page, key in entries:  # (as reportlab's wrap makes its rows)
            style = self.getLevelStyle(level)
            if style.spaceBefore:
                rows.append([Spacer(1, style.spaceBefore)])
            if _shaped_entry(text, key):
                dots = " . " if 0 <= self.dotsMinLevel <= level else ""
                number = str(self.formatter(page) if self.formatter else page)
                rows.append([ContentsEntry(text, style, self.language, number, dots)])
            else:
                link = repr(key).replace(",", "\\x2c").replace('"', "\\x2c") if key else None
                if key:
                    text = f'<a href="#{key}">{text}</a>'
                end = f'<onDraw name="drawTOCEntryEnd" label="{page},{level},{link}"/>'
                rows.append([Paragraph(text + end, style)])
        self._table = Table(rows, colWidths=(availWidth,), style=self.tableStyle)
        self.width, self.height = self._table.wrapOn(self.canv, availWidth, availHeight)
        return self.width, self.height


def _contents_entries(flow: list[Flowable]) -> list[tuple[int, str, int, None]]:
    """The contents list's entries as the first layout will find them (page numbers
    aside), so that it is as tall from the start: whether the first chapter fits under
    it is decided once, and the layout does not take a pass more to settle."""
    entries = []
    for flowable in flow:
        inside = flowable.headings() if isinstance(flowable, FigureGroup | Boxed) else []
        for heading in [flowable, *inside]:
            if isinstance(heading, Heading):
                entries.append(
                    (heading.toc_level - 1, escape_text(heading.getPlainText()), 0, None)
                )
    return entries


# What each edition is, in its document information (a PDF reader's properties).
READING_SUBJECT = "kitgen rules: reading edition, a page a side"
BOOKLET_SUBJECT = (
    "kitgen rules booklet: print double-sided, flip on the short edge, fold and staple"
)


class _ActualSize(KitCanvas):
    """A booklet's canvas: print dialogs print it at actual size (`PrintScaling /None`),
    as every kitgen PDF asks (kitgen.render.pdf)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        from reportlab.pdfbase.pdfdoc import PDFName

        super().__init__(*args, **kwargs)
        self.setViewerPreference("PrintScaling", PDFName("None"))


class _CaptureCanvas(_ActualSize):
    """Records each page as a form, then prints the forms two to a sheet side; its
    sheets are landscape, turned over on their short edge (`Duplex`)."""

    page_size: Size = Size(0, 0)
    sheet: Size = Size(0, 0)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        from reportlab.pdfbase.pdfdoc import PDFName

        super().__init__(*args, **kwargs)
        self.setViewerPreference("Duplex", PDFName("DuplexFlipShortEdge"))
        self._pages = 0
        self._begin()

    def _begin(self) -> None:
        self.beginForm(f"page{self._pages + 1}", 0, 0, self.page_size.width, self.page_size.height)

    def showPage(self) -> None:
        """End the current page's form and start the next."""
        self.endForm()
        self._pages += 1
        self._begin()

    def save(self) -> None:
        """Print the recorded pages in saddle-stitch order, then save. The last page is
        the back cover: the pages that make the count a multiple of four go before it
        (booklet_pdfs lays them out as padding pages; any still missing are blank)."""
        self.endForm()
        pages = self._pages
        padded = padded_count(pages)
        for left, right in saddle_stitch(pages):
            self.setPageSize((self.sheet.width, self.sheet.height))
            x0 = (self.sheet.width - 2 * self.page_size.width) / 2
            y0 = (self.sheet.height - self.page_size.height) / 2
            for slot, number in enumerate((left, right)):
                form = pages if number == padded else number if number < pages else None
                if form is not None:
                    self.saveState()
                    self.translate(x0 + slot * self.page_size.width, y0)
                    self.doForm(f"page{form}")
                    self.restoreState()
            Canvas.showPage(self)
        Canvas.save(self)


class TooLarge(Exception):
    """Something in the rules cannot fit on a page at all."""


def _build(
    flow_maker: Callable[[], list[Flowable]],
    page: Size,
    title: str,
    outline: bool,
    canvasmaker: type[Canvas] = _ActualSize,
    credit: Paragraph | None = None,
    subject: str = "",
    contents: list[Any] | None = None,
    family: Family = KITSANS,
) -> tuple[bytes, int, list[Any] | None]:
    """The PDF, its number of pages and its contents list's entries (None without one).

    reportlab lays the pages out until the contents list's page numbers settle: twice
    at least. `contents`, the entries another edition of the same pages settled on, is
    where the list starts: when the layout finds them again it is done in one pass
    (else it goes on as ever). The same flowables are laid out on every pass, so
    nothing may change them on one (kitgen.render.page_fill copies what it moves)."""
    buffer = io.BytesIO()
    doc = _Doc(buffer, page, title, outline, credit, subject, family)
    flow = flow_maker()
    toc = next((f for f in flow if isinstance(f, TableOfContents)), None)
    if toc is not None and contents is not None:
        toc._entries = list(contents)
    try:
        doc.multiBuild(flow, canvasmaker=canvasmaker)
    except LayoutError as err:
        raise TooLarge(str(err).split(" too large")[0][:160]) from None
    return buffer.getvalue(), int(doc.page), (None if toc is None else list(toc._entries))


def rules_language(rules: RulesFile, language: str | None = None) -> str:
    """The language rules text is set in: the one asked for (an edition's, the game's),
    else the rules file's `language:`, else "" (none: no word is hyphenated)."""
    return language or rules.language or ""


def booklet_words(rules: RulesFile, language: str | None = None) -> Words:
    """The booklet's own words: kitgen's in the rules' language (`rules_language`;
    English where kitgen has none, kitgen.layout.words), with the rules file's
    `words:` over them."""
    own = rules.words.given() if rules.words is not None else None
    return words_for(rules_language(rules, language), own)


def booklet_pdfs(
    rules: RulesFile,
    context: dict[str, Any],
    figures: Figures,
    facts: BookletFacts,
    page: Size,
    sheet: Size,
    ink: Ink,
    padding: PaddingFacts | None = None,
    language: str | None = None,
    family: Family = KITSANS,
) -> tuple[bytes, bytes, list[Finding]]:
    """The reading edition and the saddle-stitch edition, and findings about the text.
    The saddle-stitched edition fills the pages that make its count a multiple of four,
    before its back cover, with what `padding` allows (kitgen.render.padding: a card
    checklist, a score page, notes); without it, with notes. `language` is the rules
    text's (a BCP 47 tag: where words are hyphenated), else the rules file's
    `language:`, else none (no word is hyphenated). `family` is the type
    (`kitgen.render.fonts.booklet_family`: KitSans, with the game's own fonts for what it
    lacks)."""
    register_fonts()
    lang = rules_language(rules, language)
    words = booklet_words(rules, lang)
    back = back_cover_fit(rules, context, figures, page, ink, lang, words, family)
    _, found = _story(rules, context, figures, facts, page, ink, back, None, lang, family)
    if any(f.is_error for f in found):
        return b"", b"", found
    pad = padding or PaddingFacts(rules.title)
    pages = 0  # the reading edition's, once built
    padded = True  # (False: the padding pages did not come out as counted; blanks then)

    def flow() -> list[Flowable]:
        extra = padded_count(pages) - pages if pages and padded else 0
        filler = (
            padding_pages(
                pad,
                extra,
                _body_size(page),
                page.width - 26 * MM,
                page.height - 27 * MM,
                words,
                family,
            )
            if extra
            else []
        )
        return _story(rules, context, figures, facts, page, ink, back, filler, lang, family)[0]

    credit = credit_line(page, words, family)
    try:
        reading, pages, contents = _build(
            flow,
            page,
            rules.title,
            outline=True,
            credit=credit,
            subject=READING_SUBJECT,
            family=family,
        )
        capture = type("Capture", (_CaptureCanvas,), {"page_size": page, "sheet": sheet})

        def stitched() -> tuple[bytes, int]:
            made, count, _ = _build(
                flow,
                page,
                rules.title,
                outline=False,
                canvasmaker=capture,
                credit=credit,
                subject=BOOKLET_SUBJECT,
                contents=contents,  # the same pages: the reading edition's contents
                family=family,
            )
            return made, count

        booklet, count = stitched()
        if count != padded_count(pages):  # never seen: a safeguard, blank padding then
            padded = False
            booklet, count = stitched()
    except TooLarge as err:
        return (
            b"",
            b"",
            [
                *found,
                finding(
                    "text-overflow",
                    f"part of the rules is larger than a page: {err}",
                    rules.where("sections", key=True),
                ),
            ],
        )
    return reading, booklet, found


def reference_pdf(
    rules: RulesFile,
    context: dict[str, Any],
    figures: Figures,
    paper: Size,
    ink: Ink,
    language: str | None = None,
    family: Family = KITSANS,
) -> tuple[bytes, list[Finding]]:
    """A one-page quick reference that fills its page: the largest type from
    REFERENCE_LARGEST down to READABLE_FLOOR, in one to three columns, that fits
    (kitgen.layout.booklet.fit_type); below the floor it is a text-overflow error.
    `language` as for `booklet_pdfs`."""
    register_fonts()
    lang = rules_language(rules, language)
    words = booklet_words(rules, lang)
    margin = 11 * MM
    width, height = paper.width - 2 * margin, paper.height - 2 * margin
    heading = fill(escape_text(words["reference_title"]), title=escape_text(rules.title))

    def flow(size: float, columns: int) -> tuple[list[Flowable], list[Finding]]:
        column = Size((width - (columns - 1) * REFERENCE_COLUMN_GAP) / columns, height)
        return _reference_flow(
            rules, context, figures, ink, size, column, heading, lang, words, family
        )

    fit = fit_type(
        width,
        REFERENCE_COLUMN_GAP,
        type_sizes(REFERENCE_LARGEST),
        lambda size, columns: _fits_a_page(
            flow(size, columns)[0], width, height, columns, REFERENCE_COLUMN_GAP
        ),
    )
    story, found = flow(fit.size if fit else READABLE_FLOOR, fit.columns if fit else 2)
    if any(f.is_error for f in found):
        return b"", found
    if fit is None:
        return b"", [
            *found,
            finding(
                "text-overflow",
                f"the quick reference does not fit one page even at {READABLE_FLOOR:g} pt; "
                "shorten `quick_reference`",
                rules.where("quick_reference", key=True),
            ),
        ]
    buffer = io.BytesIO()
    doc = _Paged(
        buffer,
        pagesize=(paper.width, paper.height),
        invariant=1,
        **document_info(words.text("reference_title", title=rules.title), "kitgen quick reference"),
        initialFontName=family.regular,
    )
    frame = Frame(margin, margin, width, height)
    doc.addPageTemplates([PageTemplate("ref", _columns(frame, fit.columns, REFERENCE_COLUMN_GAP))])
    doc.build(story, canvasmaker=_ActualSize)
    return buffer.getvalue(), found
