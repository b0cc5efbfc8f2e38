"""Designed games end to end: a folder made by `kitgen new game --game custom`, checked
and built through the command line, and every kind of bad input a finding at its
place with nothing written."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import edit, leftovers, run_in_process

from kitgen import registry
from kitgen.entry import main
from kitgen.paths import data_dir

EXAMPLE = data_dir() / "examples" / "emberwake"


@pytest.fixture
def game(tmp_path: Path) -> Path:
    """A fresh starter game: `kitgen new game "Star Lanterns" --game custom`."""
    status, _out, err = run_in_process(
        main, "new", "game", "Star Lanterns", "--game", "custom", "--dir", str(tmp_path)
    )
    assert status == 0, err
    folder = tmp_path / "star-lanterns"
    assert sorted(p.name for p in folder.iterdir()) == [
        "back.yaml",
        "cards.csv",
        "face.yaml",
        "game.yaml",
        "icons",
        "kit.yaml",
        "schemas",
    ]
    assert sorted(p.name for p in (folder / "schemas").iterdir()) == [
        "game.schema.json",
        "kit.schema.json",
        "layout.schema.json",
    ]
    return folder


def check(*paths: Path | str) -> tuple[int, list[dict[str, object]]]:
    """`kitgen check --format json PATHS`: the exit status and every finding (each with
    its file's path), without repeats."""
    status, out, _err = run_in_process(main, "check", "--format", "json", *map(str, paths))
    report = json.loads(out)
    found: list[dict[str, object]] = []
    for entry in report["files"]:
        for item in entry["findings"]:
            if item not in found:
                found.append(item)
    return status, found


def codes(found: list[dict[str, object]]) -> list[tuple[str, str, int, int]]:
    return [
        (str(f["code"]), Path(str(f["path"])).name, int(f["line"]), int(f["column"]))  # type: ignore[call-overload]
        for f in found
        if "line" in f
    ]


def build(*args: str) -> tuple[int, str, str]:
    return run_in_process(main, "build", *args)


def test_the_starter_checks_clean_and_builds_duplex_sheets(game: Path, tmp_path: Path) -> None:
    status, found = check(game)
    assert (status, found) == (0, [])
    out = tmp_path / "out"
    status, stdout, err = build(str(game / "kit.yaml"), "-o", str(out))
    assert status == 0, err
    pdf = out / "star-lanterns" / "star-lanterns-cards.pdf"
    assert str(pdf) in stdout
    from pypdf import PdfReader

    pages = PdfReader(str(pdf)).pages
    assert len(pages) == 4  # 12 cards: two sheets of nine, each a face page and a back page


def test_a_file_finds_its_game_from_a_folder_below(game: Path) -> None:
    (game / "more").mkdir()
    shutil.move(str(game / "back.yaml"), str(game / "more" / "back.yaml"))
    edit(game / "game.yaml", "back: back.yaml", "back: more/back.yaml")
    status, found = check(game / "more" / "back.yaml", game / "game.yaml")
    assert (status, found) == (0, [])
    near = registry.find("star-lanterns", str(game / "more" / "back.yaml"))
    assert near is not None and near.data_dir == game
    # never by its id alone: no memory of "the game near a file" outlives that file
    assert registry.find("star-lanterns") is None


def test_a_file_far_from_any_game_file_is_told_where_it_belongs(tmp_path: Path) -> None:
    (tmp_path / "lost.yaml").write_text("game: nowhere-game\nkind: layout\n", encoding="utf-8")
    status, found = check(tmp_path / "lost.yaml")
    assert status == 1
    assert found[0]["code"] == "unknown-game"
    assert "no game.yaml with `fields:` here or above" in str(found[0]["message"])


def test_a_built_in_games_id_is_refused(game: Path) -> None:
    edit(game / "game.yaml", "game: star-lanterns", "game: scratch")
    status, found = check(game / "game.yaml")
    assert status == 1
    line = (game / "game.yaml").read_text().splitlines().index(
        "game: scratch          # the game's id: files of the game name it"
    ) + 1
    assert codes(found) == [("invalid-value", "game.yaml", line, 7)]
    assert "kitgen's own games" in str(found[0]["message"])


def test_a_missing_column_and_a_bad_number_at_row_57_are_found_at_their_cells(
    game: Path,
) -> None:
    rows = ["name,suit,power,rules"]
    rows += [f"Card {i},sun,{i % 10},Text." for i in range(2, 57)]
    rows += ["Broken,moon,seven,Text.", "Late,moon,12,Text."]
    (game / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    status, found = check(game / "game.yaml")
    assert status == 1
    assert ("wrong-type", "cards.csv", 57, 3) in codes(found)
    assert ("out-of-range", "cards.csv", 58, 3) in codes(found)
    message = next(str(f["message"]) for f in found if f["code"] == "wrong-type")
    assert "'power'" in message and "'seven'" in message
    edit(game / "cards.csv", "name,suit,power,rules", "name,power,rules,colour")
    status, found = check(game / "game.yaml")
    assert ("missing-key", "cards.csv", 1, 1) in codes(found)  # no `suit` column
    assert ("unknown-key", "cards.csv", 1, 4) not in codes(found)  # `colour`: ignored
    edit(game / "game.yaml", "cards: cards.csv\n", "cards: cards.csv\nstrict: true\n")
    status, found = check(game / "game.yaml")
    assert ("unknown-key", "cards.csv", 1, 4) in codes(found)  # strict: no field's


def test_a_value_outside_its_list_names_the_values(game: Path) -> None:
    edit(game / "cards.csv", "Night Owl,moon", "Night Owl,mon")
    _status, found = check(game / "game.yaml")
    assert codes(found) == [("invalid-value", "cards.csv", 5, 2)]
    assert "sun, moon" in str(found[0]["message"])


def test_a_name_field_naming_no_text_field_is_found_where_written(game: Path) -> None:
    edit(game / "game.yaml", "cards: cards.csv\n", "cards: cards.csv\nname_field: nme\n")
    status, found = check(game / "game.yaml")
    assert status == 1
    assert codes(found) == [("unknown-key", "game.yaml", 31, 13)]
    assert "'nme', which is no field" in str(found[0]["message"])
    assert "(did you mean 'name'?)" in str(found[0]["message"])
    edit(game / "game.yaml", "name_field: nme", "name_field: power")
    _status, found = check(game / "game.yaml")
    assert codes(found) == [("invalid-value", "game.yaml", 31, 13)]
    assert "a field of type integer" in str(found[0]["message"])
    edit(game / "game.yaml", "name_field: power", "name_field: suit")  # a choice names too
    assert check(game / "game.yaml") == (0, [])


def test_fields_that_differ_only_in_case_are_found(game: Path) -> None:
    # Columns match fields with case aside: no column could tell these two apart.
    edit(game / "game.yaml", "  power: {", "  Name: {type: text, required: false}\n  power: {")
    status, found = check(game / "game.yaml")
    assert status == 1
    assert codes(found) == [("duplicate-key", "game.yaml", 24, 3)]  # (the column is name's)
    message = next(str(f["message"]) for f in found if f["code"] == "duplicate-key")
    assert "the fields 'name' and 'Name' differ only in case" in message


def test_a_workbook_cell_is_named_as_the_sheet_shows_it(game: Path) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Cards"
    sheet.append(["name", "suit", "power", "rules"])
    for i in range(2, 57):
        sheet.append([f"Card {i}", "sun", i % 10, "Text."])
    sheet.append(["Broken", "sun", "many", "Text."])
    book.save(game / "cards.xlsx")
    edit(game / "game.yaml", "cards: cards.csv", "cards: {file: cards.xlsx, sheet: Cards}")
    status, found = check(game / "game.yaml")
    assert status == 1
    assert [(f["code"], f["sheet"], f["line"], f["column"]) for f in found] == [
        ("wrong-type", "Cards", 57, 3)
    ]
    status, out, _err = run_in_process(main, "check", str(game / "game.yaml"))
    assert "cards.xlsx:Cards!C57" in out


def test_a_layout_naming_no_field_is_found_in_the_layout(game: Path) -> None:
    edit(game / "face.yaml", 'text: "{{ power }}"', 'text: "{{ powr }}"')
    status, found = check(game / "game.yaml")
    assert status == 1
    assert [f["code"] for f in found] == ["unknown-key"]
    assert found[0]["path"] == str(game / "face.yaml")
    assert "did you mean 'power'" in str(found[0]["message"])


def test_a_template_error_is_found_where_it_is_written(game: Path) -> None:
    edit(game / "face.yaml", 'text: "{{ name }}"', 'text: "{{ name | nosuch }}"')
    status, found = check(game / "face.yaml")
    assert status == 1
    assert [f["code"] for f in found] == ["template-error"]
    assert found[0]["path"] == str(game / "face.yaml")


def test_extends_in_a_circle_is_a_finding(game: Path) -> None:
    edit(game / "back.yaml", "kind: layout", "kind: layout\nextends: face.yaml")
    edit(game / "face.yaml", "kind: layout", "kind: layout\nextends: back.yaml")
    status, found = check(game / "game.yaml")
    assert status == 1
    assert any("goes round in a circle" in str(f["message"]) for f in found)


def test_a_mapping_missing_a_value_of_its_choice_is_a_finding(game: Path) -> None:
    edit(
        game / "face.yaml",
        'background: {suit: {sun: "#f6e7c1", moon: "#98a8c8"}}',
        'background: {suit: {sun: "#f6e7c1"}}',
    )
    status, found = check(game / "face.yaml")
    assert status == 1
    assert [f["code"] for f in found] == ["missing-key"]
    assert "'moon'" in str(found[0]["message"])


def test_an_element_of_a_layout_that_extends_another_changes_it_by_name(game: Path) -> None:
    (game / "plain.yaml").write_text(
        "game: star-lanterns\nkind: layout\nextends: face.yaml\nelements:\n"
        "  - name: title\n    colour: '#000000'\n"
        "  - name: nothing-like-it\n    colour: '#000000'\n",
        encoding="utf-8",
    )
    edit(game / "game.yaml", "face: face.yaml", "face: plain.yaml")
    status, found = check(game / "game.yaml")
    assert status == 1
    assert [f["code"] for f in found] == ["missing-key"]
    assert "no element 'nothing-like-it'" in str(found[0]["message"])


def test_bad_input_writes_nothing(game: Path, tmp_path: Path) -> None:
    edit(game / "cards.csv", "Moon Sage,moon,8", "Moon Sage,moon,eight")
    out = tmp_path / "out"
    status, stdout, err = build(str(game / "kit.yaml"), "-o", str(out))
    assert status == 1
    assert "cards.csv:7:3" in stdout + err
    assert not out.exists() or not any(out.rglob("*.pdf"))
    assert leftovers(tmp_path) == []


def test_the_example_game_checks_clean() -> None:
    status, found = check(EXAMPLE)
    assert (status, found) == (0, [])


def test_an_unknown_icon_in_text_is_found_at_its_cell(game: Path) -> None:
    edit(game / "cards.csv", ":star: Blocks one attack.", ":sword: Blocks one attack.")
    status, found = check(game / "game.yaml")
    assert status == 1
    assert [f["code"] for f in found] == ["invalid-value"]
    assert ":sword:" in str(found[0]["message"]) and "'Noon Guard'" in str(found[0]["message"])


def test_colons_that_could_name_no_icon_print_and_a_backslash_escapes_one(game: Path) -> None:
    """`10:30:45` (which holds `:30:`) and a code like `:0HB7:` blocked the build as
    icons that are not declared, with no way to write them."""
    edit(
        game / "cards.csv",
        ":star: Blocks one attack.",
        ":star: Blocks one attack at 10:30:45 (code :0HB7:).",
    )
    assert check(game / "game.yaml") == (0, [])
    edit(game / "cards.csv", "(code :0HB7:)", "(code :HB7:)")
    status, found = check(game / "game.yaml")
    assert status == 1 and [f["code"] for f in found] == ["invalid-value"]
    assert ":HB7:" in str(found[0]["message"]) and ":30:" not in str(found[0]["message"])
    edit(game / "cards.csv", "(code :HB7:)", "(code \\:HB7:)")
    assert check(game / "game.yaml") == (0, [])


def test_a_comparison_with_an_empty_number_is_false_and_type_errors_are_in_words(
    game: Path,
) -> None:
    """`when: "power > 4"` on a card with no power was Python's TypeError ('>' not
    supported between instances of 'str' and 'int')."""
    edit(
        game / "game.yaml",
        "power: {type: integer, min: 0, max: 9}",
        "power: {type: integer, min: 0, max: 9, required: false}",
    )
    edit(game / "cards.csv", "Moon Sage,moon,8,,1", "Moon Sage,moon,,,1")
    edit(
        game / "face.yaml",
        '    text: "{{ power }}"\n',
        '    text: "{{ power }}"\n    when: "power > 4"\n',
    )
    assert check(game / "game.yaml") == (0, [])
    edit(game / "face.yaml", 'when: "power > 4"', 'when: "power <= 4 or 4 < power"')
    assert check(game / "game.yaml") == (0, [])
    edit(game / "face.yaml", '    when: "power <= 4 or 4 < power"\n', "")
    edit(game / "face.yaml", 'text: "{{ power }}"', 'text: "{{ power + 1 }}"')
    status, found = check(game / "game.yaml")
    assert status == 1 and [f["code"] for f in found] == ["template-error"]
    message = str(found[0]["message"])
    assert "'Moon Sage'" in message and "`+` cannot take text and a whole number" in message
    assert "instances of" not in message and "concatenate" not in message
    edit(game / "face.yaml", 'text: "{{ power + 1 }}"', 'text: "{{ name - 1 }}"')
    status, found = check(game / "game.yaml")
    assert "`-` cannot take text and a whole number" in str(found[0]["message"])


def test_a_name_in_the_wrong_form_is_said_in_words(game: Path) -> None:
    """pydantic's `String should match pattern '^[A-Za-z][A-Za-z0-9_]*$'` reached the
    designer."""
    edit(game / "game.yaml", "  star: icons/star.svg", "  star: icons/star.svg\n  -dim: x.svg")
    edit(game / "game.yaml", "  power: {", "  2nd power: {type: text}\n  power: {")
    status, found = check(game / "game.yaml")
    assert status == 1
    messages = sorted(str(f["message"]) for f in found)
    assert messages == [
        "a key of fields should be letters, digits and _, starting with a letter (like "
        "`cost`), not the text '2nd power'",
        "a key of icons should be letters, digits, _ and -, starting with a letter or digit "
        "(like `sword`), not the text '-dim'",
    ]


def test_text_that_cannot_fit_names_the_card_the_element_and_how_much(game: Path) -> None:
    long = " ".join(["Every word here makes the rules longer than the box can hold."] * 8)
    edit(
        game / "cards.csv",
        "Tide Caller,moon,6,Return a card to its owner's hand.",
        f"Tide Caller,moon,6,{long}",
    )
    edit(game / "game.yaml", "max_length: 160", "max_length: 600")
    status, found = check(game / "game.yaml")
    assert status == 1
    assert [f["code"] for f in found] == ["text-overflow"]
    message = str(found[0]["message"])
    assert "'Tide Caller'" in message and "'rules'" in message and "7 pt" in message
    assert " mm too much" in message


def test_missing_corrupt_and_unsafe_pictures_are_findings(game: Path) -> None:
    icon = game / "icons" / "star.svg"
    icon.write_text("this is no svg", encoding="utf-8")
    status, found = check(game / "game.yaml")
    assert status == 1 and {f["code"] for f in found} == {"image-unreadable"}
    icon.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
        '<image xlink:href="file:///etc/passwd" width="10" height="10"/></svg>',
        encoding="utf-8",
    )
    status, found = check(game / "game.yaml")
    assert status == 1 and {f["code"] for f in found} == {"image-refused"}
    icon.unlink()
    status, found = check(game / "game.yaml")
    assert status == 1 and {f["code"] for f in found} == {"uses-not-found"}


def test_greek_and_cyrillic_print_in_the_default_font(game: Path, tmp_path: Path) -> None:
    edit(game / "cards.csv", "Moon Sage,moon,8,,1", "Μάγος Σελήνης,moon,8,Кириллица и Zażółć,1")
    status, found = check(game / "game.yaml")
    assert (status, found) == (0, [])
    edit(
        game / "face.yaml",
        "    bold: true\n    colour",
        "    bold: true\n    font: nosuch\n    colour",
    )
    status, found = check(game / "game.yaml")
    assert status == 1 and "no font 'nosuch'" in str(found[0]["message"])


def test_export_png_and_tabletop_simulator_take_designed_cards(game: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    status, _out, err = run_in_process(
        main, "export", "png", str(game / "kit.yaml"), "-o", str(out), "--dpi", "60"
    )
    assert status == 0, err
    pngs = sorted(out.rglob("*.png"))
    assert len(pngs) == 12 + 1  # every card, and the one back
    status, _stdout, err = run_in_process(
        main, "export", "tts", str(game / "kit.yaml"), "-o", str(out)
    )
    assert status == 0, err
    saved = json.loads(next(out.rglob("*.json")).read_text(encoding="utf-8"))
    names = [obj["Nickname"] for obj in saved["ObjectStates"][0]["ContainedObjects"]]
    assert names.count("Dawn Runner") == 3 and "Moon Sage" in names


@pytest.mark.parametrize(
    "options",
    [
        ["--duplex", "fold"],
        ["--paper", "letter", "--duplex", "short", "--back-offset", "0.5,-1"],
        ["--card-size", "tarot", "--bleed", "2mm", "--ink", "low"],
    ],
)
def test_every_print_option_prints_designed_cards(
    game: Path, tmp_path: Path, options: list[str]
) -> None:
    out = tmp_path / "out"
    status, stdout, err = build(str(game), "-o", str(out), *options)
    assert status == 0, err
    assert stdout.splitlines() == [str(out / "star-lanterns" / "star-lanterns-cards.pdf")]


def test_an_element_past_the_bleed_is_a_warning(game: Path) -> None:
    edit(game / "face.yaml", "    name: band\n    x: 0\n", "    name: band\n    x: -5mm\n")
    status, found = check(game / "game.yaml")
    assert status == 0
    assert [(f["code"], f["severity"]) for f in found] == [("outside-bleed", "warning")]


def test_the_starters_files_validate_against_the_schemas_they_name(game: Path) -> None:
    import yaml
    from jsonschema import Draft7Validator

    for name in ("game.yaml", "face.yaml", "back.yaml", "kit.yaml"):
        text = (game / name).read_text(encoding="utf-8")
        first = text.splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema=schemas/"), name
        schema = json.loads((game / first.split("=", 1)[1]).read_text(encoding="utf-8"))
        errors = list(Draft7Validator(schema).iter_errors(yaml.safe_load(text)))
        assert errors == [], (name, errors)


def add_art(game: Path, size: tuple[int, int]) -> None:
    """Give the starter an art field, a PNG per suit, and an image element drawing it."""
    from PIL import Image

    (game / "art").mkdir()
    for suit, colour in (("sun", (200, 60, 40)), ("moon", (40, 60, 160))):
        Image.new("RGB", size, colour).save(game / "art" / f"{suit}.png")
    edit(game / "game.yaml", "  rules: {type: text", "  art: {type: image}\n  rules: {type: text")
    edit(game / "cards.csv", "name,suit,power,rules,count", "name,suit,power,rules,count,art")
    rows = (game / "cards.csv").read_text(encoding="utf-8").splitlines()
    text = [rows[0]] + [f"{row},art/{row.split(',')[1]}.png" for row in rows[1:]]
    (game / "cards.csv").write_text("\n".join(text) + "\n", encoding="utf-8")
    edit(
        game / "face.yaml",
        "  - type: icon\n    icon: star",
        '  - type: image\n    src: "{{ art }}"\n    anchor: centre\n    y: -8mm\n'
        "    width: 80%\n    height: 30%\n    fit: crop\n  - type: icon\n    icon: star",
    )


def test_images_come_from_a_field_and_print_in_the_pdf(game: Path, tmp_path: Path) -> None:
    add_art(game, (900, 600))
    status, found = check(game / "game.yaml")
    assert (status, found) == (0, [])
    out = tmp_path / "out"
    status, _out, err = build(str(game), "-o", str(out))
    assert status == 0, err
    import pypdfium2 as pdfium

    page = pdfium.PdfDocument(str(out / "star-lanterns" / "star-lanterns-cards.pdf"))[0]
    image = page.render(scale=1).to_pil().convert("RGB")
    colours = {
        image.getpixel((x, y)) for x in range(0, image.width, 3) for y in range(0, image.height, 3)
    }
    assert (200, 60, 40) in colours and (40, 60, 160) in colours  # both suits' art


def test_small_missing_or_broken_art_is_found(game: Path) -> None:
    add_art(game, (60, 40))
    status, found = check(game / "game.yaml")
    assert status == 0
    assert {(f["code"], f["severity"]) for f in found} == {("image-low-resolution", "warning")}
    # One warning for the element, for both suits' art: 60 px across a box 80% of
    # 63 mm (50.4 mm, 142.9 pt: crop fills its width) is 30 dpi; 150 dpi there is 298
    # px, and 156 px down its 30% of 88 mm (26.4 mm).
    assert [f["message"] for f in found] == [
        "card 'Dawn Runner' (and 5 more): in the image element, 2 images print below 150 "
        "dpi: the first, 'art/sun.png', at 30 dpi, the lowest at 30 dpi; at 150 dpi or "
        "more they print sharp: 298 x 156 px or more for the element's 50.4 x 26.4 mm"
    ]
    (game / "art" / "moon.png").write_bytes(b"\x89PNG\r\n\x1a\nnot really")
    status, found = check(game / "game.yaml")
    assert status == 1 and "image-unreadable" in [f["code"] for f in found]
    (game / "art" / "moon.png").unlink()
    status, found = check(game / "game.yaml")
    assert status == 1 and "uses-not-found" in [f["code"] for f in found]
    assert "'Night Owl'" in str(next(f for f in found if f["code"] == "uses-not-found")["message"])


def test_a_projects_own_font_draws_and_a_broken_one_is_a_finding(
    game: Path, tmp_path: Path
) -> None:
    from kitgen.render.fonts import FONT_FOLDER

    shutil.copy(Path(FONT_FOLDER) / "DejaVuSerif.ttf", game / "mine.ttf")
    edit(game / "game.yaml", "icons:\n", "fonts:\n  house: {regular: mine.ttf}\nicons:\n")
    edit(game / "face.yaml", "    bold: true\n    colour", "    font: house\n    colour")
    status, found = check(game / "game.yaml")
    assert (status, found) == (0, [])
    status, _out, err = build(str(game), "-o", str(tmp_path / "out"))
    assert status == 0, err
    (game / "mine.ttf").write_text("not a font", encoding="utf-8")
    status, found = check(game / "game.yaml")
    assert status == 1
    assert "mine.ttf" in str(found[0]["message"])


def test_a_build_says_each_warning_once(game: Path, tmp_path: Path) -> None:
    edit(game / "face.yaml", "    name: band\n    x: 0\n", "    name: band\n    x: -5mm\n")
    status, out, err = build(str(game / "kit.yaml"), "-o", str(tmp_path / "out"))
    assert status == 0, err
    assert (out + err).count("outside-bleed") == 1
    status, out, err = build(
        str(game / "kit.yaml"), "-o", str(tmp_path / "out"), "--card-size", "tarot"
    )
    assert status == 0, err  # another size: the build's own drawing check reports it
    assert (out + err).count("outside-bleed") == 2


def test_layouts_by_a_field_cover_its_values(game: Path) -> None:
    edit(
        game / "game.yaml",
        "face: face.yaml",
        "face: {by: suit, layouts: {sun: face.yaml, star: face.yaml}}",
    )
    status, found = check(game / "game.yaml")
    assert status == 1
    assert sorted(str(f["code"]) for f in found) == ["invalid-value", "missing-key"]
    messages = " ".join(str(f["message"]) for f in found)
    assert "no value for suit 'moon'" in messages and "maps 'star', which suit never is" in messages
    edit(game / "game.yaml", "star: face.yaml", "else: face.yaml")
    status, found = check(game / "game.yaml")
    assert (status, found) == (0, [])


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("size: poker ", "size: huge ", "card size"),
        ("bleed: 3mm ", "bleed: 3 parsecs ", "unknown unit"),
        ("safe: 3mm ", "safe: 50mm ", "0 to 20 mm"),
        ("bleed: 3mm ", "bleed: 40mm ", "it may be 0 to"),
    ],
)
def test_a_layouts_card_settings_are_checked_where_written(
    game: Path, old: str, new: str, words: str
) -> None:
    edit(game / "face.yaml", old, new)
    status, found = check(game / "game.yaml")
    assert status == 1
    assert [Path(str(f["path"])).name for f in found] == ["face.yaml"]
    assert words in str(found[0]["message"])


def test_a_files_findings_stop_at_a_thousand_and_the_last_counts_the_rest(
    game: Path, tmp_path: Path
) -> None:
    # Issue 35, item 7: a mistake made down a whole column is a finding on every row;
    # a file's findings stop at a thousand (check as text and JSON, and build), and
    # one last finding says how many more there are, at the first left out.
    from kitgen.layout.limits import FINDINGS_PER_FILE

    rows = "".join(f"Card {i},sun,x,Text.,1\n" for i in range(2, 1_502))
    (game / "cards.csv").write_text("name,suit,power,rules,count\n" + rows, encoding="utf-8")
    status, found = check(game / "game.yaml")
    assert status == 1
    in_table = [f for f in found if Path(str(f["path"])).name == "cards.csv"]
    assert len(in_table) == FINDINGS_PER_FILE + 1 == 1_001
    *shown, last = in_table
    assert {f["code"] for f in shown} == {"wrong-type"}
    assert [f["line"] for f in shown] == list(range(2, 1_002))
    assert (last["code"], last["severity"], last["line"], last["column"]) == (
        "too-many-findings",
        "error",
        1_002,
        3,
    )
    assert str(last["message"]).startswith("500 more findings (500 errors, 0 warnings)")
    status, out, _err = run_in_process(main, "check", str(game / "game.yaml"))
    lines = [line for line in out.splitlines() if "cards.csv:" in line]
    assert len(lines) == 1_001 and "cards.csv:1002:3: error too-many-findings" in lines[-1]
    status, _out, err = build(str(game / "kit.yaml"), "-o", str(tmp_path / "out"))
    assert status == 1 and err.count("cards.csv:") == 1_001


def test_two_columns_for_one_field_are_a_duplicate_key_at_the_second(game: Path) -> None:
    # Issue 35, item 12: `power` and `Power` both hold the field power; the later one's
    # values silently won. The first keeps the column; the second is duplicate-key at
    # its header cell.
    (game / "cards.csv").write_text(
        "name,power,suit,Power,rules\nDawn Runner,2,sun,9,Draw a card.\n", encoding="utf-8"
    )
    status, found = check(game / "game.yaml")
    assert status == 1
    assert codes(found) == [("duplicate-key", "cards.csv", 1, 4)]
    assert "'Power' holds the field 'power', as the column 'power'" in str(found[0]["message"])
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Cards"
    sheet.append(["name", "suit", "power", "POWER", "rules"])
    sheet.append(["Dawn Runner", "sun", 2, 9, "Draw a card."])
    book.save(game / "cards.xlsx")
    edit(game / "game.yaml", "cards: cards.csv", "cards: {file: cards.xlsx, sheet: Cards}")
    status, found = check(game / "game.yaml")
    assert [(f["code"], f["sheet"], f["line"], f["column"]) for f in found] == [
        ("duplicate-key", "Cards", 1, 4)
    ]
    status, out, _err = run_in_process(main, "check", str(game / "game.yaml"))
    assert "cards.xlsx:Cards!D1: error duplicate-key" in out
