"""Small things a booklet draws (issue 36): the Scratch card anatomy's leader lines stop
beside the parts they name, bullets and step numbers sit on their line's baseline, and
a captioned figure does not title itself with what its caption says."""

from __future__ import annotations

import ctypes

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from kitgen import registry
from kitgen.build import game_figures
from kitgen.games.scratch.cards import faces_of
from kitgen.games.scratch.load import official
from kitgen.layout.geometry import Box
from kitgen.layout.paper import paper_size
from kitgen.layout.units import MM
from kitgen.load.documents import read_document
from kitgen.load.rules import blocks, game_context
from kitgen.model.rules import RulesFile
from kitgen.render.booklet import BookletFacts, booklet_pdfs
from kitgen.render.pdf import finish, new_canvas


def crosses(segment: tuple[float, float, float, float], box: Box) -> bool:
    """Whether a straight line from (x0, y0) to (x1, y1) passes through a box."""
    x0, y0, x1, y1 = segment
    low, high = 0.0, 1.0
    for p, q in (
        (-(x1 - x0), x0 - box.x),
        (x1 - x0, box.right - x0),
        (-(y1 - y0), y0 - box.y),
        (y1 - y0, box.top - y0),
    ):
        if p == 0:
            if q < 0:
                return False
        elif p < 0:
            low = max(low, q / p)
        else:
            high = min(high, q / p)
    return low < high


def overlap(a: Box, b: Box) -> bool:
    return min(a.right, b.right) > max(a.x, b.x) and min(a.top, b.top) > max(a.y, b.y)


def test_a_line_through_a_box_is_seen() -> None:
    box = Box(10, 10, 10, 10)
    assert crosses((0, 15, 30, 15), box) and crosses((0, 0, 30, 30), box)
    assert not crosses((0, 15, 9, 15), box) and not crosses((0, 25, 30, 25), box)


@pytest.mark.parametrize("reconstructed", [False, True])
def test_the_card_anatomys_leaders_cross_none_of_the_cards_words(reconstructed: bool) -> None:
    from kitgen.games.scratch.figures import anatomy_layout

    pool = official().pool
    cards = [c for c in pool.cards.values() if c.reconstructed == reconstructed]
    assert cards
    for card in cards:
        face = faces_of([card], pool)[0].face
        layout = anatomy_layout(face, 118 * MM, 66 * MM)
        figure = Box(0, 0, 118 * MM, 66 * MM)
        power = 1 if face.power else 0  # (a card without a power has no power label)
        assert len(layout.leaders) == 8 + power + reconstructed
        for leader in layout.leaders:
            for name, part in layout.parts.items():
                assert not crosses(leader.line, part), (card.name, leader.text, name)
            assert leader.box.within(figure), (card.name, leader.text)
            assert not overlap(leader.box, layout.card), (card.name, leader.text)
            # Each leader ends beside its part, at most 1 mm away.
            x, y = leader.to
            near = [p for p in layout.parts.values() if p.inset(-1 * MM).contains(x, y)]
            assert near, (card.name, leader.text)
        boxes = [leader.box for leader in layout.leaders]
        for i, a in enumerate(boxes):
            assert not any(overlap(a, b) for b in boxes[i + 1 :]), card.name


def shipped(game: str) -> RulesFile:
    model = read_document(str(registry.get(game).data_dir / "rules.yaml")).model
    assert isinstance(model, RulesFile)
    return model


def test_bullets_and_step_numbers_sit_on_their_lines_baseline() -> None:
    rules = shipped("staircase")
    context = game_context("staircase")
    reading, _, found = booklet_pdfs(
        rules,
        context,
        game_figures("staircase"),
        BookletFacts("2 to 5", "30", "summary"),
        paper_size("a5"),
        paper_size("a4").rotated(),
        "normal",
    )
    assert not [f for f in found if f.is_error]
    document = pdfium.PdfDocument(reading)
    marks = 0
    for page in document:
        text = page.get_textpage()
        count = text.count_chars()

        def origin(i: int, text: pdfium.PdfTextPage = text) -> tuple[float, float]:
            x, y = ctypes.c_double(), ctypes.c_double()
            pdfium_c.FPDFText_GetCharOrigin(text.raw, i, x, y)
            return x.value, y.value

        chars = [text.get_text_range(i, 1) for i in range(count)]
        sizes = [pdfium_c.FPDFText_GetFontSize(text.raw, i) for i in range(count)]
        body = max(set(sizes), key=sizes.count)
        for i, ch in enumerate(chars):
            # A bullet, or a step's number: set at 0.9 of the text's size, a stop after it.
            mark = sizes[i] == pytest.approx(0.9 * body, abs=0.02)
            numbered = ch.isdigit() and "." in chars[i + 1 : i + 3]
            if not mark or (ch != "\u2022" and not numbered):
                continue
            j = i + 1
            while j < count and (not chars[j].strip() or chars[j] == "." or chars[j].isdigit()):
                j += 1
            (bx, by), (tx, ty) = origin(i), origin(j)
            assert 0 < tx - bx < 30, (ch, chars[j])  # the item's first word, beside it
            assert ty == pytest.approx(by, abs=0.05), (ch, chars[j], by, ty)
            marks += 1
    document.close()
    assert marks >= 10  # bullets and steps were found


def drawn_text(figures_game: str, name: str, args: dict[str, object], captioned: bool) -> str:
    """The words a figure draws, as the booklet draws it with or without a caption."""
    from kitgen.render.booklet import _drawn

    figures = game_figures(figures_game)
    sizer, painter = _drawn(figures, name, captioned)
    width, height = sizer(args, 110 * MM)
    canvas, buffer = new_canvas("figure", "test")
    canvas.setPageSize((width, height))
    painter(canvas, args, width, height, "normal")
    document = pdfium.PdfDocument(finish(canvas, buffer))
    words = " ".join(document[0].get_textpage().get_text_range().split())
    document.close()
    return words


def test_a_figure_titles_itself_only_without_a_caption() -> None:
    args: dict[str, object] = {
        "dancers": [["5H"], ["9C", "8D"]],
        "play": "stamp 7S on 8D",
        "legal": True,
    }
    plain = drawn_text("galliard", "floor", args, captioned=False)
    captioned = drawn_text("galliard", "floor", args, captioned=True)
    assert "stamp 7S on 8D: allowed." in plain
    assert "stamp 7S on 8D" not in captioned
    assert "Allowed. 7 and 8 are exactly one apart." in captioned  # the verdict stays


@pytest.mark.parametrize("game", ["galliard", "scaffold", "staircase", "scratch", "shapeup"])
def test_no_captioned_figure_of_the_rules_repeats_its_caption_as_a_title(game: str) -> None:
    """The play a figure shows is said once, by its caption: the figure under a caption
    names no play of its own (`...: allowed.`, a staircase's move)."""
    captioned = [b for b in blocks(shipped(game)) if b.figure and b.caption]
    assert captioned
    titled = 0
    for block in captioned:
        args = dict(block.args or {})
        plain = drawn_text(game, block.figure or "", args, captioned=False)
        words = drawn_text(game, block.figure or "", args, captioned=True)
        assert ": allowed." not in words and ": not allowed." not in words, (block.caption, words)
        titled += plain != words
        assert words.lower() != (block.caption or "").lower()
    if game in ("galliard", "scaffold", "staircase"):
        assert titled  # their figures title themselves when they have no caption


# --- The front cover -------------------------------------------------------------------------


def test_a_fan_of_cards_lies_in_its_room_turned_evenly() -> None:
    from kitgen.layout.geometry import Size
    from kitgen.render.cover import STEP, bounds, fan

    card = Size(63 * MM, 88 * MM)
    for count in range(1, 6):
        for room in (Size(300, 200), Size(120, 260), Size(400, 90)):
            placed = fan(count, card, room)
            assert len(placed) == count
            box = bounds(placed, card)
            assert box.within(Box(0, 0, room.width, room.height), eps=1e-6)
            # As large as the room allows: it touches two opposite sides.
            touches_w = box.width == pytest.approx(room.width)
            touches_h = box.height == pytest.approx(room.height)
            assert touches_w or touches_h
            angles = [p.angle for p in placed]
            assert angles == pytest.approx([STEP * ((count - 1) / 2 - k) for k in range(count)])


def cover_page(
    game: str, near: str | None = None, ink: str = "normal", cards: bool = True
) -> bytes:
    """A game's booklet's reading edition, on A5, with the game's cover cards (none when
    not `cards`)."""
    game_obj = registry.get(game, near)
    model = read_document(str(game_obj.data_dir / "rules.yaml")).model
    assert isinstance(model, RulesFile)
    reading, _, found = booklet_pdfs(
        model,
        game_context(game, near),
        game_figures(game, near),
        BookletFacts("2", "20", "summary", game_obj.cover())
        if cards
        else BookletFacts("2", "20", "summary"),
        paper_size("a5"),
        paper_size("a4").rotated(),
        "low" if ink == "low" else "normal",
    )
    assert not [f for f in found if f.is_error]
    return reading


def cover_text_and_paths(
    game: str, near: str | None = None, ink: str = "normal"
) -> tuple[str, int]:
    """The words and the number of drawn shapes on a game's booklet's front cover."""
    document = pdfium.PdfDocument(cover_page(game, near, ink))
    page = document[0]
    words = " ".join(page.get_textpage().get_text_range().split())
    shapes = len(list(page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_PATH], max_depth=8)))
    document.close()
    return words, shapes


@pytest.mark.parametrize(
    ("game", "near", "faces"),
    [
        ("scratch", None, ("Queen", "Chancellor", "Chimera")),
        ("galliard", None, ("JOKER",)),
        ("emberwake", "data/examples/emberwake/game.yaml", ("Spark of Dawn",)),
    ],
)
def test_the_cover_shows_a_fan_of_the_games_own_cards(
    game: str, near: str | None, faces: tuple[str, ...]
) -> None:
    from kitgen.paths import data_dir

    where = None if near is None else str(data_dir().parent / near)
    words, shapes = cover_text_and_paths(game, where)
    for face in faces:  # words of the cards' faces, printed on the cover
        assert face in words, (face, words[:300])
    assert shapes >= 10  # the cards' shapes (a cover of words only has none)
    title = registry.get(game, where).title
    assert words.startswith(title) or title in words[:80]


def test_a_fan_shows_the_share_of_each_card_it_is_asked_to() -> None:
    """Two neighbours' top left corners lie `show` of a card's width apart (as drawn), so
    a Scratch or designed card, whose numbers and name stand in from its edge, shows
    them and not only its blank border."""
    import itertools
    import math

    from kitgen.layout.geometry import Size
    from kitgen.render.cover import SHOW, fan

    card = Size(63 * MM, 88 * MM)
    for show in (SHOW, 0.4, 0.55):
        placed = fan(5, card, Size(400, 300), show)
        tops = [p.corners(card)[3] for p in placed]
        for (x0, y0), (x1, y1) in itertools.pairwise(tops):
            gap = math.hypot(x1 - x0, y1 - y0) / (card.width * placed[0].scale)
            assert gap == pytest.approx(show, rel=0.02)


@pytest.mark.parametrize(
    ("game", "near", "show"),
    [
        ("scratch", None, 0.4),
        ("galliard", None, 0.25),
        ("emberwake", "data/examples/emberwake/game.yaml", 0.4),
    ],
)
def test_the_cover_fan_shows_enough_of_each_card_below_the_title_in_either_ink(
    game: str, near: str | None, show: float
) -> None:
    """The fan lies wholly below the subtitle, shows `show` of each card, and prints in low
    ink too (the same faces, drawn the low-ink way, without the grey shadow)."""
    from kitgen.paths import data_dir

    where = None if near is None else str(data_dir().parent / near)
    cards = registry.get(game, where).cover()
    assert cards is not None and cards.show == pytest.approx(show)
    subtitle = read_document(str(registry.get(game, where).data_dir / "rules.yaml")).model
    assert isinstance(subtitle, RulesFile) and subtitle.subtitle
    words_by_ink = {}
    for ink in ("normal", "low"):
        document = pdfium.PdfDocument(cover_page(game, where, ink))
        page = document[0]
        text = page.get_textpage()
        found = text.search(subtitle.subtitle).get_next()
        assert found is not None
        first, count = found
        bottom = min(text.get_charbox(first + k)[1] for k in range(count))
        paths = list(page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_PATH], max_depth=8))
        bounds = [
            # get_bounds from pypdfium2 5, get_pos in 4.x (the floor CI tests too)
            (obj.get_bounds() if hasattr(obj, "get_bounds") else obj.get_pos())
            for obj in paths
        ]
        assert len(bounds) >= 10
        assert max(b[3] for b in bounds) < bottom - 6  # clear of the subtitle
        words_by_ink[ink] = " ".join(text.get_text_range().split())
        document.close()
    assert words_by_ink["normal"] == words_by_ink["low"]


def test_the_printed_card_anatomy_has_no_leader_through_a_word() -> None:
    """On the page (not the layout numbers): no leader line of Scratch's card-anatomy
    figure runs through a piece of text (it struck through the side values' digits)."""
    document = pdfium.PdfDocument(cover_page("scratch", cards=False))
    try:
        pages = [
            p for p in document if "Here is what a card shows" in p.get_textpage().get_text_range()
        ]
        assert pages
        page = pages[0]
        text = page.get_textpage()
        kinds = [pdfium_c.FPDF_PAGEOBJ_PATH, pdfium_c.FPDF_PAGEOBJ_TEXT]
        leaders, words = [], []
        for obj in page.get_objects(filter=kinds, max_depth=8):
            # get_bounds from pypdfium2 5, get_pos in 4.x (the floor CI tests too)
            box = obj.get_bounds() if hasattr(obj, "get_bounds") else obj.get_pos()
            if (
                obj.type == pdfium_c.FPDF_PAGEOBJ_PATH
                and box[3] - box[1] < 1
                and box[2] - box[0] > 8
            ):
                leaders.append(box)
            elif obj.type == pdfium_c.FPDF_PAGEOBJ_TEXT:
                words.append((box, text.get_text_bounded(*box).strip()))
        assert len(leaders) >= 9  # one a part: four values, name, faction, rarity, power, shorthand
        struck = [
            word
            for left, bottom, right, top in leaders
            for (w_left, w_bottom, w_right, w_top), word in words
            if left < w_right - 0.3
            and right > w_left + 0.3
            and w_bottom < (bottom + top) / 2 < w_top
        ]
        assert struck == []
    finally:
        document.close()
