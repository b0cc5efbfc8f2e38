"""A designed game of several decks (`decks:` in its game file): each deck with its own
card data, size and layouts, sharing the game's fields, icons and layouts, printed in
one build as a file per deck; landscape cards on sheets (their backs behind them), in
Tabletop Simulator and in the print-on-demand profiles; deck files drawing from one
deck; and every mistake a finding at its place."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import edit, line_of, run_in_process
from severaldecks import make_game

from kitgen.entry import main

MM = 72 / 25.4


def check(*paths: Path | str) -> tuple[int, list[tuple[str, str, int]]]:
    """`kitgen check --format json`: the exit status and each finding as (code, file
    name, line)."""
    status, out, _err = run_in_process(main, "check", "--format", "json", *map(str, paths))
    found = []
    for entry in json.loads(out)["files"]:
        for item in entry["findings"]:
            where = (item["code"], Path(str(item.get("path", ""))).name, int(item.get("line", 0)))
            if where not in found:
                found.append(where)
    return status, found


def marks(page: object, colour: str) -> list[tuple[float, float]]:
    """The centres (points from the page's top-left, as shown) of the green or red
    marks drawn on a page, rendered at a pixel a point."""
    from PIL import ImageChops

    image = page.render(scale=1).to_pil().convert("RGB")  # type: ignore[attr-defined]
    red, green, blue = image.split()
    if colour == "green":
        parts = (green.point(lambda v: 255 if v > 150 else 0), red, blue)
    else:
        parts = (red.point(lambda v: 255 if v > 180 else 0), green, blue)
    mask = parts[0]
    for other in parts[1:]:
        mask = ImageChops.multiply(mask, other.point(lambda v: 255 if v < 80 else 0))
    width = mask.width
    points = [(i % width, i // width) for i, v in enumerate(mask.tobytes()) if v]
    blobs: list[list[tuple[int, int]]] = []
    for x, y in points:
        for blob in blobs:
            if abs(blob[0][0] - x) < 20 and abs(blob[0][1] - y) < 20:
                blob.append((x, y))
                break
        else:
            blobs.append([(x, y)])
    return sorted(
        (sum(p[0] for p in blob) / len(blob) + 0.5, sum(p[1] for p in blob) / len(blob) + 0.5)
        for blob in blobs
        if len(blob) > 50
    )


@pytest.fixture
def harbour(tmp_path: Path) -> Path:
    return make_game(tmp_path / "harbour").parent


def test_two_decks_check_clean_with_the_sheets_extra_column_ignored(harbour: Path) -> None:
    assert check(harbour) == (0, [])
    status, out, _err = run_in_process(
        main, "check", "--stats", "--format", "json", str(harbour / "game.yaml")
    )
    assert status == 0
    stats = json.loads(out)["files"][0]["stats"]
    assert stats["cards"] == 4 + 6
    sources = [
        (Path(s["path"]).name, s["sheet"], s["rows"], s["ignored"]) for s in stats["sources"]
    ]
    assert sources == [
        ("deck.xlsx", "Specials", 3, ["VP + Climb"]),
        ("resources.csv", None, 3, []),
    ]
    assert [s["deck"] for s in stats["sources"]] == ["specials", "Resources"]
    status, out, _err = run_in_process(main, "check", "--stats", str(harbour / "game.yaml"))
    assert "resources.csv (deck Resources): 3 rows" in out
    # A deck file's statistics are of its deck's cards.
    path = harbour / "trade.yaml"
    path.write_text(DECK, encoding="utf-8")
    status, out, _err = run_in_process(main, "check", "--stats", "--format", "json", str(path))
    assert status == 0
    assert json.loads(out)["files"][0]["stats"]["cards"] == 3


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_one_build_prints_each_deck_at_its_size_with_its_backs_behind_its_faces(
    harbour: Path, tmp_path: Path, duplex: str
) -> None:
    import pypdfium2 as pdfium

    out = tmp_path / "out"
    status, _out, err = run_in_process(
        main, "build", str(harbour / "kit.yaml"), "--out", str(out), "--duplex", duplex
    )
    assert status == 0, err
    files = sorted(p.name for p in (out / "harbour").iterdir())
    assert files == ["harbour-lights-resources-cards.pdf", "harbour-lights-specials-cards.pdf"]
    decks = {
        name: pdfium.PdfDocument(out / "harbour" / f"harbour-lights-{name}-cards.pdf")
        for name in ("specials", "resources")
    }
    # Resources: 88 x 63 mm cards, 3 mm bleed, butted: a card every 94 mm across and 69 mm
    # down on a portrait A4 sheet, two across and three down; one sheet, front and back.
    pdf = decks["resources"]
    assert len(pdf) == 2
    front, back = pdf[0], pdf[1]
    width, height = front.get_size()
    assert (round(width), round(height)) == (595, 842)
    faces = marks(front, "green")
    assert len(faces) == 6
    columns = sorted({round(x / MM) for x, _y in faces})
    rows = sorted({round(y / MM) for _x, y in faces})
    assert len(columns) == 2 and len(rows) == 3
    across = sorted(x for x, _y in faces)
    down = sorted(y for _x, y in faces)
    assert (across[3] - across[0]) / MM == pytest.approx(94, abs=0.5)
    assert (down[2] - down[0]) / MM == pytest.approx(69, abs=0.5)
    assert (down[4] - down[2]) / MM == pytest.approx(69, abs=0.5)
    # Seen through the sheet (turned over the long or the short edge), each back's mark
    # is behind its face's top-right corner: 88 - 2 * 5 mm from the face's own mark.
    flipped = [
        (width - x, y) if duplex == "long" else (x, height - y) for x, y in marks(back, "red")
    ]
    assert len(flipped) == 6
    for x, y in faces:
        want = (x + (88 - 10) * MM, y)
        assert any(
            abs(bx - want[0]) < 0.5 * MM and abs(by - want[1]) < 0.5 * MM for bx, by in flipped
        ), (
            (x, y),
            flipped,
        )
    # Specials: 63 x 88 mm portrait cards, 4 to a sheet of this deck, their own file.
    specials = decks["specials"]
    assert len(specials) == 2 and len(marks(specials[0], "green")) == 4


def test_tabletop_simulator_shows_the_landscape_deck_sideways(
    harbour: Path, tmp_path: Path
) -> None:
    from PIL import Image

    out = tmp_path / "out"
    status, _out, err = run_in_process(
        main, "export", "tts", str(harbour / "kit.yaml"), "-o", str(out)
    )
    assert status == 0, err
    seen = {}
    for name in ("specials", "resources"):
        folder = out / "harbour" / "tts" / f"harbour-lights-{name}-cards"
        saved = json.loads((folder / f"harbour-lights-{name}-cards.json").read_text("utf-8"))
        state = saved["ObjectStates"][0]
        sheet = state["CustomDeck"]["1"]
        with Image.open(folder / f"harbour-lights-{name}-cards-1.png") as image:
            cell = (image.width / sheet["NumWidth"], image.height / sheet["NumHeight"])
        seen[name] = (state["SidewaysCard"], state["Transform"]["scaleZ"], cell[0] > cell[1])
        names = [card["Nickname"] for card in state["ContainedObjects"]]
        assert len(names) == (4 if name == "specials" else 6)
    # 88 x 63 mm is a poker card on its side: sideways, at poker proportions (scale 1).
    assert seen["resources"][0] is True and seen["resources"][2] is True
    assert seen["resources"][1] == pytest.approx(1, abs=0.01)
    assert seen["specials"][0] is False and seen["specials"][2] is False


@pytest.mark.parametrize(
    ("profile", "size", "pixels"),
    [
        ("tgc", "poker landscape", (1125, 825)),  # The Game Crafter's poker card, on its side
        ("mpc", "tarot", (898, 1488)),  # MakePlayingCards' 70 x 120 mm tarot card
        ("mpc", "70x120mm", (898, 1488)),  # a custom size that is the tarot's
        ("mpc", "120x70mm", (1488, 898)),  # and on its side
    ],
)
def test_print_on_demand_profiles_take_landscape_and_tarot_decks(
    harbour: Path, tmp_path: Path, profile: str, size: str, pixels: tuple[int, int]
) -> None:
    from PIL import Image

    edit(harbour / "game.yaml", "size: poker landscape", f"size: {size}")
    out = tmp_path / "out"
    status, _out, err = run_in_process(
        main, "export", "png", str(harbour / "kit.yaml"), "-p", profile, "-o", str(out)
    )
    assert status == 0, err
    folder = out / "harbour" / profile / "harbour-lights-resources-cards"
    images = sorted(folder.glob("*.png"))
    assert len(images) == 6 + 1  # every card, and the back
    for path in images:
        with Image.open(path) as image:
            assert image.size == pixels, path.name
    specials = sorted((out / "harbour" / profile / "harbour-lights-specials-cards").glob("*.png"))
    with Image.open(specials[0]) as image:
        assert image.size == ((825, 1125) if profile == "tgc" else (822, 1122))


def test_a_size_no_service_prints_is_one_line_naming_the_deck(
    harbour: Path, tmp_path: Path
) -> None:
    edit(harbour / "game.yaml", "size: poker landscape", "size: square")
    status, _out, err = run_in_process(
        main, "export", "png", str(harbour / "kit.yaml"), "-p", "mpc", "-o", str(tmp_path / "o")
    )
    assert status != 0
    assert "MakePlayingCards has no card product for square cards" in err
    assert "Traceback" not in err


DECK = """game: harbour
kind: deck
name: Trade route
deck: resources
cards:
  Timber: 2
  Gold: 1
"""


def test_a_deck_file_draws_from_its_deck_at_that_decks_size(harbour: Path, tmp_path: Path) -> None:
    import pypdfium2 as pdfium

    path = harbour / "trade.yaml"
    path.write_text(DECK.replace("deck: resources", "deck: RESOURCES"), encoding="utf-8")
    assert check(path) == (0, [])
    out = tmp_path / "out"
    status, _out, err = run_in_process(main, "build", str(path), "--out", str(out))
    assert status == 0, err
    pdf = pdfium.PdfDocument(out / "harbour" / "harbour-trade-route-deck.pdf")
    assert len(pdf) == 2 and len(marks(pdf[0], "green")) == 3
    across = sorted(x for x, _y in marks(pdf[0], "green"))
    assert (across[-1] - across[0]) / MM == pytest.approx(94, abs=0.5)  # landscape slots


def test_a_deck_file_naming_another_decks_card_is_found_at_its_line(harbour: Path) -> None:
    path = harbour / "trade.yaml"
    path.write_text(DECK + "  Lighthouse: 1\n  Ligthouse: 1\n", encoding="utf-8")
    status, found = check(path)
    assert status != 0
    assert found == [
        ("card-in-other-deck", "trade.yaml", 8),
        ("unknown-card", "trade.yaml", 9),
    ]


@pytest.mark.parametrize(
    ("old", "new", "want"),
    [
        ("deck: resources\n", "", ("missing-key", 3)),  # a game of several: which deck?
        ("deck: resources", "deck: resorces", ("unknown-key", 4)),
    ],
)
def test_a_deck_file_must_name_one_of_the_games_decks(
    harbour: Path, old: str, new: str, want: tuple[str, int]
) -> None:
    path = harbour / "trade.yaml"
    path.write_text(DECK.replace(old, new), encoding="utf-8")
    status, found = check(path)
    assert status != 0
    assert found == [(want[0], "trade.yaml", want[1])]


def test_a_deck_file_of_a_game_of_one_deck_names_no_deck(tmp_path: Path) -> None:
    status, _out, err = run_in_process(
        main, "new", "game", "Star Lanterns", "--game", "custom", "--dir", str(tmp_path)
    )
    assert status == 0, err
    path = tmp_path / "star-lanterns" / "deck.yaml"
    path.write_text(
        "game: star-lanterns\nkind: deck\nname: Mine\ndeck: main\ncards:\n  Moon Sage: 1\n",
        encoding="utf-8",
    )
    assert check(path)[1] == [("unknown-key", "deck.yaml", 4)]


def test_mistakes_in_the_decks_are_findings_where_they_are_written(harbour: Path) -> None:
    game = harbour / "game.yaml"
    # Two decks whose names differ only in case and composition (Re + a combining acute,
    # then RÉ composed), and a deck naming no face layout.
    edit(game, "  Resources:\n", "  Re\u0301serve:\n")
    edit(game, "icons:", "  RÉSERVE:\n    cards: more.csv\n    face: resource.yaml\nicons:")
    edit(game, "    face: special.yaml\n", "")
    status, found = check(game)
    assert status != 0
    assert found == [
        ("missing-key", "game.yaml", line_of(game, "specials:") + 1),
        ("duplicate-key", "game.yaml", line_of(game, "RÉSERVE:")),
    ]


def test_a_deck_whose_cards_fit_no_sheet_is_found_at_its_size(harbour: Path) -> None:
    game = harbour / "game.yaml"
    edit(game, "size: poker landscape", "size: 300x200mm")
    status, found = check(game)
    assert status != 0
    assert found == [("invalid-setting", "game.yaml", line_of(game, "size: 300x200mm"))]


def test_a_game_gives_its_cards_at_the_top_or_in_decks_not_both(harbour: Path) -> None:
    game = harbour / "game.yaml"
    edit(game, "decks:\n", "face: special.yaml\ndecks:\n")
    status, found = check(game)
    assert status != 0
    assert found == [("invalid-value", "game.yaml", 1)]


RULES = """game: harbour
kind: rules
title: Harbour Lights
subtitle: Rules of play
credits: "A test game."
sections:
  - title: The cards
    blocks:
      - text: "Specials and resources."
      - figure: card
        caption: "Gold, a resource: a landscape card."
        args: {card: Gold}
      - figure: card
        caption: "Storm, a special."
        args: {card: Storm}
"""


def test_a_rules_figure_draws_each_card_from_its_own_deck(harbour: Path, tmp_path: Path) -> None:
    """A rules booklet of a game of several decks: a landscape card's figure is drawn
    landscape, with its deck's layout (its own green mark, at its top-left)."""
    import pypdfium2 as pdfium

    (harbour / "rules.yaml").write_text(RULES, encoding="utf-8")
    edit(
        harbour / "kit.yaml", "components: [cards]", "components: [cards, rules]\nrules: rules.yaml"
    )
    assert check(harbour) == (0, [])
    out = tmp_path / "out"
    status, _out, err = run_in_process(main, "build", str(harbour / "kit.yaml"), "--out", str(out))
    assert status == 0, err
    booklets = sorted((out / "harbour").glob("*booklet*.pdf"))
    assert booklets, sorted(p.name for p in (out / "harbour").iterdir())
    pdf = pdfium.PdfDocument(booklets[0])
    text = "".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    assert "Gold, a resource" in text and "Storm, a special" in text
    found = [m for i in range(len(pdf)) for m in marks(pdf[i], "green")]
    assert len(found) >= 2
    # The resources' brown ground (#7a4b1c) spans a box wider than tall: the figure is
    # drawn landscape, from the resources' layout.
    page = next(pdf[i] for i in range(len(pdf)) if "Gold" in pdf[i].get_textpage().get_text_range())
    image = page.render(scale=1).to_pil().convert("RGB")
    data = image.tobytes()
    spots = [
        (i % image.width, i // image.width)
        for i in range(image.width * image.height)
        if _brown(data[3 * i], data[3 * i + 1], data[3 * i + 2])
    ]
    assert len(spots) > 500
    across = max(x for x, _y in spots) - min(x for x, _y in spots)
    down = max(y for _x, y in spots) - min(y for _x, y in spots)
    assert across > 1.3 * down, (across, down)


def _brown(r: int, g: int, b: int) -> bool:
    return abs(r - 0x7A) < 12 and abs(g - 0x4B) < 12 and abs(b - 0x1C) < 12


def test_a_fields_column_is_the_whole_games_across_its_decks(harbour: Path) -> None:
    """A field's `column:` is the game's: one that is not required may be the column of
    one deck's table alone (the resources' flavour text); a required one is a column of
    every deck's every table, `missing-key` at the entry for each that lacks it."""
    game = harbour / "game.yaml"
    edit(
        game,
        "  text: {",
        '  flavour: {type: text, required: false, column: "Flavour text"}\n  text: {',
    )
    csv = harbour / "resources.csv"
    lines = csv.read_text(encoding="utf-8").splitlines()
    rows = [lines[0] + ",Flavour text"] + [line + ",Smells of the sea." for line in lines[1:]]
    csv.write_text("\n".join(rows) + "\n", encoding="utf-8")
    assert check(game) == (0, [])
    edit(game, "required: false, column", "column")
    status, found = check(game)
    assert status != 0
    assert found == [("missing-key", "game.yaml", line_of(game, "Flavour text"))]


def test_the_example_game_of_two_decks_checks_clean_and_its_deck_is_legal() -> None:
    from kitgen.paths import data_dir

    example = data_dir() / "examples" / "harbour-lights"
    assert check(example) == (0, [])
    assert check(example / "decks" / "first-lights.yaml") == (0, [])
    _status, out, _err = run_in_process(
        main, "check", "--stats", "--format", "json", str(example / "game.yaml")
    )
    stats = json.loads(out)["files"][0]["stats"]
    assert stats["cards"] == 14 + 18
    ignored = {Path(s["path"]).name: s["ignored"] for s in stats["sources"]}
    assert ignored == {"cards.xlsx": ["VP + Climb", "Notes"], "resources.csv": []}


def test_a_new_deck_of_a_game_of_several_draws_from_its_first_deck(harbour: Path) -> None:
    status, _out, err = run_in_process(
        main, "new", "deck", "Quick start", "--game", "harbour", "--dir", str(harbour)
    )
    assert status == 0, err
    path = harbour / "quick-start.yaml"
    text = path.read_text(encoding="utf-8")
    assert "deck: specials\n" in text and "Timber" not in text
    assert check(path) == (0, [])


def test_two_decks_whose_files_would_be_one_are_found(harbour: Path) -> None:
    game = harbour / "game.yaml"
    edit(game, "  Resources:\n", "  Resources!:\n")
    edit(game, "icons:", "  resources?:\n    cards: more.csv\n    face: resource.yaml\nicons:")
    status, found = check(game)
    assert status != 0
    assert found == [("duplicate-key", "game.yaml", line_of(game, "resources?:"))]


def test_a_layout_made_for_another_size_than_its_decks_is_found_once_naming_the_deck(
    harbour: Path,
) -> None:
    # The landscape deck's face says `size: poker` (portrait): it is held to its own
    # deck's size, not the first deck's (where poker is right), and said once.
    layout = harbour / "resource.yaml"
    edit(layout, "bleed: 3mm\n", "size: poker\nbleed: 3mm\n")
    status, out, _err = run_in_process(main, "check", str(harbour / "game.yaml"))
    assert status == 0
    assert out.count("layout-size-mismatch") == 1
    assert "resource.yaml:3:7: warning layout-size-mismatch" in out
    assert "but the cards of deck 'Resources' (the deck's `size:`" in out
    assert "are made for 88 mm x 63 mm" in out
    # The portrait deck's layout of the same size says nothing.
    assert "special.yaml" not in out
