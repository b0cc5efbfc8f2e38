"""A designed game's layouts at the card's edges and at other card sizes.

Into the bleed (issue 36, item 4): the starter's name band stopped exactly at the cut
line, so every mis-cut showed a sliver of the background; `bleed: true` runs an edge on
the cut line out to the bleed's edge, and `kitgen check` warns (`short-of-bleed`) about
a coloured element that stops at the cut line where the card beyond it differs.

Another size (item 5): Emberwake, made for poker cards, built with `--card-size
mini-euro` printed its rules text cut off at the card's edge and its names under the
cost disc, with exit 0. A layout now moves with the card (kitgen.games.designed.draw.box),
and text whose letters reach past the cut line is an error (`text-clipped`)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import edit, line_of, run_in_process

from kitgen.entry import main
from kitgen.games.designed import draw
from kitgen.games.designed.draw import Artist, Placed, box
from kitgen.games.designed.load import Layout, Part, load_design
from kitgen.games.designed.props import Compiled, read
from kitgen.layout.geometry import Size
from kitgen.layout.paper import CARDS
from kitgen.layout.units import MM
from kitgen.paths import data_dir

EXAMPLE = data_dir() / "examples" / "emberwake"
POKER, MINI = CARDS["poker"], CARDS["mini-euro"]
BLEED = 3 * MM


@pytest.fixture
def game(tmp_path: Path) -> Path:
    """A fresh starter game: `kitgen new game "Star Lanterns" --game custom`."""
    status, _out, err = run_in_process(
        main, "new", "game", "Star Lanterns", "--game", "custom", "--dir", str(tmp_path)
    )
    assert status == 0, err
    return tmp_path / "star-lanterns"


def check(path: Path) -> tuple[int, list[dict[str, object]]]:
    """`kitgen check --format json`: the exit status and every finding, without repeats
    (a layout's findings are said with each file of the game that reads it)."""
    status, out, _err = run_in_process(main, "check", "--format", "json", str(path))
    found: list[dict[str, object]] = []
    for entry in json.loads(out)["files"]:
        found += [item for item in entry["findings"] if item not in found]
    return status, found


def unbled(face: Path) -> None:
    """The starter's band without `bleed: true` (its line, comment and all)."""
    lines = face.read_text(encoding="utf-8").splitlines(keepends=True)
    kept = [line for line in lines if not line.startswith("    bleed: true")]
    assert len(kept) == len(lines) - 1
    face.write_text("".join(kept), encoding="utf-8")


def part_named(layout: Layout, name: str) -> Part:
    return next(p for p in layout.parts if p.name == name)


def edges(placed: Placed) -> tuple[float, float, float, float]:
    """(left, bottom, right, top) in mm, from the trim's bottom-left corner."""
    x0, x1 = sorted((placed.x, placed.x + placed.width))
    y0, y1 = sorted((placed.y, placed.y + placed.height))
    return (x0 / MM, y0 / MM, x1 / MM, y1 / MM)


# --- Into the bleed ------------------------------------------------------------------------


@pytest.mark.parametrize(("card", "bleed"), [(POKER, BLEED), (CARDS["tarot"], 2 * MM)])
def test_the_starters_band_runs_into_the_bleed(game: Path, card: Size, bleed: float) -> None:
    design = load_design("star-lanterns", str(game))
    assert design.ok and design.face is not None
    row = design.cards[0]
    layout = design.face.of(row.values)
    assert layout is not None
    artist = Artist(design, card, bleed)
    left, bottom, right, top = edges(artist.place(part_named(layout, "band"), artist.context(row)))
    w, h, b = card.width / MM, card.height / MM, bleed / MM
    # Top, left and right run out to the bleed's edge; its foot stays 16 mm down.
    assert (left, right, top) == pytest.approx((-b, w + b, h + b))
    assert bottom == pytest.approx(h - 16)


def test_a_band_that_stops_at_the_cut_line_is_a_warning_at_it(game: Path) -> None:
    face = game / "face.yaml"
    unbled(face)
    status, found = check(game)
    assert status == 0
    assert [(f["code"], f["severity"]) for f in found] == [("short-of-bleed", "warning")]
    band = line_of(face, "name: band") - 1  # its `- type: rect`
    assert (Path(str(found[0]["path"])).name, found[0]["line"]) == ("face.yaml", band)
    message = str(found[0]["message"])
    assert "'band'" in message and "at its top, left and right" in message
    assert "(and 5 more)" in message and "`bleed: true`" in message


@pytest.mark.parametrize(
    ("old", "new", "warned"),
    [
        # Into the bleed by hand, all the way: nothing to say.
        ("    x: 0\n    y: 0\n    width: 100%\n    height: 16mm\n",
         "    x: -3mm\n    y: -3mm\n    width: 69mm\n    height: 19mm\n", False),
        # Into the bleed, but not to its edge: a cut 2 mm off shows the background.
        ("    x: 0\n    y: 0\n", "    x: -1mm\n    y: -1mm\n", True),
        # The band 1 mm inside the cut line: a border of the background, meant.
        ("    x: 0\n    y: 0\n    width: 100%\n", "    x: 1mm\n    y: 1mm\n    width: 61mm\n",
         False),
        # The same colour as the background beyond it: no sliver to see.
        ('fill: {suit: {sun: "#d9541e", moon: "#1c2550"}}',
         'fill: {suit: {sun: "#f6e7c1", moon: "#98a8c8"}}', False),
    ],
)  # fmt: skip
def test_only_an_edge_at_the_cut_line_before_another_colour_is_said(
    game: Path, old: str, new: str, warned: bool
) -> None:
    face = game / "face.yaml"
    unbled(face)
    edit(face, old, new)
    status, found = check(game)
    assert status == 0
    assert [f["code"] for f in found] == (["short-of-bleed"] if warned else [])


def test_what_lies_beyond_the_edge_is_what_was_drawn_before_it(game: Path) -> None:
    """A full-bleed rect of the band's colour under it: its edges show that colour."""
    face = game / "face.yaml"
    unbled(face)
    ground = (
        "  - type: rect\n    bleed: true\n"
        '    fill: {suit: {sun: "#d9541e", moon: "#1c2550"}}\n    height: 20mm\n'
    )
    edit(face, "elements:\n", "elements:\n" + ground)
    assert check(game) == (0, [])
    edit(face, "    height: 20mm\n", "    height: 20mm\n    width: 50%\n")  # its left half
    _status, found = check(game)
    assert [f["code"] for f in found] == ["short-of-bleed"]
    assert "at its top and right" in str(found[0]["message"])


def test_full_bleed_art_is_said_and_bleed_true_runs_it_out(game: Path) -> None:
    from PIL import Image

    (game / "art.png").write_bytes(b"")
    Image.new("RGB", (900, 1300), (40, 90, 160)).save(game / "art.png")
    face = game / "face.yaml"
    art = "  - type: image\n    src: art.png\n    fit: crop\n    height: 40%\n"
    edit(face, "elements:\n", "elements:\n" + art)
    _status, found = check(game)
    assert [f["code"] for f in found] == ["short-of-bleed"]
    assert found[0]["line"] == line_of(face, "type: image")
    edit(face, "    fit: crop\n", "    fit: crop\n    bleed: true\n")
    assert check(game) == (0, [])


def test_emberwakes_elements_reach_the_bleed_or_keep_off_the_cut() -> None:
    status, found = check(EXAMPLE)
    assert (status, found) == (0, [])


# --- Another card size ---------------------------------------------------------------------


def part(kind: str = "rect", anchor: str = "top-left", **values: object) -> Part:
    props = {name: Compiled(name, constant=read(name, value)) for name, value in values.items()}
    return Part(kind, None, "it", None, anchor, props, {})


def test_an_element_moves_with_the_card() -> None:
    """Placed on the card it was made for, then each edge keeps its share of the card,
    or (in the bleed) its distance from the cut line."""
    fx, fy = MINI.width / POKER.width, MINI.height / POKER.height
    inside = edges(box(part(x=5, y=4, width=40, height=9), {}, MINI, POKER))
    assert inside == pytest.approx((5 * fx, 68 - 13 * fy, 45 * fx, 68 - 4 * fy))
    bled = edges(box(part(x=-3, y=-3, width=69, height=19), {}, MINI, POKER))
    assert bled == pytest.approx((-3, 68 - 16 * fy, 44 + 3, 68 + 3))
    right = edges(box(part(anchor="bottom-right", x=4, y=4, width=10, height=10), {}, MINI, POKER))
    assert right[2] == pytest.approx(44 - 4 * fx) and right[1] == pytest.approx(4 * fy)
    shares = {"x": "10%", "y": "5%", "width": "50%", "height": "20%"}
    same = box(part(**shares), {}, MINI, POKER)
    assert edges(same) == pytest.approx(edges(box(part(**shares), {}, MINI)))  # % is %
    disc = edges(
        box(part("ellipse", "top-right", x=4.5, y=4, width=10, height=10), {}, MINI, POKER)
    )
    assert disc[2] - disc[0] == pytest.approx(disc[3] - disc[1]) == pytest.approx(10 * fx)
    line = box(part("line", x=5, y=55.5, width=53, height=0), {}, MINI, POKER)
    assert edges(line) == pytest.approx((5 * fx, 68 - 55.5 * fy, 58 * fx, 68 - 55.5 * fy))


def test_emberwake_at_mini_euro_prints_its_cards_inside_the_cut(tmp_path: Path) -> None:
    """Every text's letters inside the cut line, the name clear of the cost disc, the
    discs round; and the build prints them, exit 0."""
    design = load_design("emberwake", str(EXAMPLE))
    assert design.ok and design.face is not None
    made = draw.made_size(design, None)
    assert made == POKER
    artist = Artist(design, MINI, BLEED, made=made)
    for row in design.cards:
        layout = design.face.of(row.values)
        assert layout is not None
        context = artist.context(row)
        placed = {p.name: artist.place(p, context) for p in layout.parts if p.name}
        for p in layout.parts:
            if p.type != "text":
                continue
            plan = artist.text(p, context, artist.place(p, context))
            assert plan.fitted.fits, (row.values["name"], p.name)
            left, bottom, right, top = edges(artist.text_extent(plan, artist.place(p, context)))
            assert left >= 0 and bottom >= 0 and right <= 44 and top <= 68, (p.name, row)
        name = artist.text(part_named(layout, "title"), context, placed["title"])
        title = edges(artist.text_extent(name, placed["title"]))
        disc = edges(placed["cost-disc"])
        assert title[2] < disc[0], row.values["name"]  # the name ends before the disc
        assert disc[2] - disc[0] == pytest.approx(disc[3] - disc[1])
    out = tmp_path / "out"
    status, stdout, err = run_in_process(
        main, "build", str(EXAMPLE), "-o", str(out), "--card-size", "mini-euro"
    )
    assert status == 0, err
    assert str(out / "emberwake" / "emberwake-cards.pdf") in stdout.splitlines()
    assert " error " not in err and "text-clipped" not in err


def test_text_past_the_cut_line_is_an_error_and_nothing_is_printed(
    game: Path, tmp_path: Path
) -> None:
    face = game / "face.yaml"
    edit(face, "    anchor: bottom\n    y: 5mm\n", "    anchor: bottom\n    y: -16mm\n")
    status, found = check(game)
    assert status == 1
    assert [(f["code"], f["severity"]) for f in found] == [("text-clipped", "error")]
    assert found[0]["line"] == line_of(face, "name: rules") - 1
    assert "'rules' reaches" in str(found[0]["message"])
    out = tmp_path / "out"
    status, _stdout, err = run_in_process(main, "build", str(game), "-o", str(out))
    assert status == 1 and "text-clipped" in err
    assert not (out / "star-lanterns" / "star-lanterns-cards.pdf").exists()


def test_a_smaller_card_whose_text_cannot_fit_is_refused_naming_both_sizes(
    tmp_path: Path,
) -> None:
    """Names that fit a poker card's title at 12 pt but not a mini card's, whose layout
    lets them shrink no further: the build says so, at that size, and prints no card."""
    folder = tmp_path / "emberwake"
    shutil.copytree(EXAMPLE, folder)
    edit(folder / "layouts" / "base.yaml", "    min_size: 8 ", "    min_size: 12 ")
    assert check(folder) == (0, [])  # at poker, every name fits at 12 pt or more
    out = tmp_path / "out"
    status, _stdout, err = run_in_process(
        main, "build", str(folder), "-o", str(out), "--card-size", "mini-euro"
    )
    assert status == 1
    assert "error text-overflow" in err and "'title' does not fit even at 12 pt" in err
    assert "(on a 44 x 68 mm card; the layouts are made for 63 x 88 mm" in err
    assert not (out / "emberwake" / "emberwake-cards.pdf").exists()
