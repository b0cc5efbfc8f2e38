"""One fixture per finding code: each marks its offending lines with `# <- code`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kitgen.kit import check_file
from kitgen.model.findings import CODES

INVALID = Path(__file__).parent / "fixtures" / "invalid"
VALID = Path(__file__).parent / "fixtures" / "valid"
# Whole-file problems a fixture cannot hold; tests/test_loader.py makes them (and
# tests/test_designed_game.py a thousand and one findings of one file). A font file
# of a designed game needs the game's folder: test_font_unusable makes one, and
# test_font_face_missing one with a font of one face. A deck of
# a game whose game file is broken needs that game beside it: test_deck_not_checked.
# Two game files of one id take two folders: test_duplicate_game_id makes them. A deck
# file naming a card of another deck needs a game of several decks beside it:
# test_card_in_other_deck makes one (tests/severaldecks.py). A layout made for another
# card size than its game's needs the game: tests/test_shared_layouts.py. A card with no
# text in one of its game's languages is a cell of card data: test_language_missing_text.
# A deck rule that never applies is the game file's: test_rule_never_applies.
GENERATED = {
    "card-in-other-deck",
    "file-not-found",
    "file-unreadable",
    "file-too-large",
    "font-unusable",
    "font-face-missing",
    "too-many-findings",
    "deck-not-checked",
    "duplicate-game-id",
    "layout-size-mismatch",
    "language-missing-text",
    "rule-never-applies",
}
_MARK = re.compile(rb"#\s*<-\s*([a-z0-9][a-z0-9, -]*)")


def expected(path: Path) -> set[tuple[str, int]]:
    """The (code, line) pairs a fixture's markers promise."""
    out = set()
    for number, line in enumerate(path.read_bytes().split(b"\n"), start=1):
        match = _MARK.search(line)
        if match:
            for code in match.group(1).decode().split(","):
                out.add((code.strip(), number))
    return out


def invalid_fixtures() -> list[Path]:
    return sorted(INVALID.glob("*.yaml"))


def test_every_code_has_a_fixture() -> None:
    import kitgen.games.designed  # noqa: F401 (its codes, as the built-in games')
    from kitgen import registry

    for game_id in registry.builtin_ids():  # (each game's own codes join the catalogue)
        registry.get(game_id)
    have = {p.stem for p in invalid_fixtures()}
    # Codes found while drawing a kit are covered by tests/test_build.py.
    checked = {code for code, info in CODES.items() if info.stage == "check"}
    assert have | GENERATED == checked, (
        f"missing fixtures: {sorted(checked - have - GENERATED)}; "
        f"fixtures for other codes: {sorted(have - checked)}"
    )


@pytest.mark.parametrize("path", invalid_fixtures(), ids=lambda p: p.stem)
def test_invalid_fixture(path: Path) -> None:
    want = expected(path)
    assert (path.stem, min(line for code, line in want if code == path.stem)) in want, (
        "the fixture must mark its own code"
    )
    report = check_file(str(path))
    got = {
        (f.code, f.location.line)
        for f in report.findings
        if f.location is not None and f.location.path == str(path)
    }
    assert got == want, "\n".join(
        f"{f.location}: {f.severity} {f.code} {f.message}" for f in report.findings
    )
    severity = CODES[path.stem].severity
    assert any(f.code == path.stem and f.severity == severity for f in report.findings)
    assert report.ok is not any(f.is_error for f in report.findings)


@pytest.mark.parametrize("path", sorted(VALID.glob("*.yaml")), ids=lambda p: p.stem)
def test_valid_fixture(path: Path) -> None:
    report = check_file(str(path))
    assert report.findings == [], [str(f) for f in report.findings]
    assert report.ok


def test_font_unusable(tmp_path: Path) -> None:
    """A designed game (the starter) whose game file names a font that is no TrueType
    font: `font-unusable` at the font's entry, marked like a fixture's."""
    from kitgen.starters import plan, write

    write(plan("game", "Font Lanterns", str(tmp_path), "custom"))
    game = tmp_path / "font-lanterns" / "game.yaml"
    (game.parent / "house.ttf").write_bytes(b"\x00\x01\x00\x00" + bytes(40))
    text = game.read_text(encoding="utf-8")
    entry = "fonts:\n  house:\n    regular: house.ttf  # <- font-unusable\nicons:\n"
    game.write_text(text.replace("icons:\n", entry, 1), encoding="utf-8")
    report = check_file(str(game))
    got = {(f.code, f.location.line) for f in report.findings if f.location is not None}
    assert got == expected(game), [str(f) for f in report.findings]


def test_font_face_missing(tmp_path: Path) -> None:
    """The starter, its titles set in a font of the project's own that has only a
    regular face: the title's `bold: true` is `font-face-missing`, marked like a
    fixture's."""
    from kitgen.render.fonts import FONT_FOLDER
    from kitgen.starters import plan, write

    write(plan("game", "Face Lanterns", str(tmp_path), "custom"))
    game = tmp_path / "face-lanterns" / "game.yaml"
    (game.parent / "house.ttf").write_bytes((Path(FONT_FOLDER) / "DejaVuSans.ttf").read_bytes())
    text = game.read_text(encoding="utf-8")
    game.write_text(
        text.replace("icons:\n", "fonts:\n  house: {regular: house.ttf}\nicons:\n", 1),
        encoding="utf-8",
    )
    face = game.parent / "face.yaml"
    layout = face.read_text(encoding="utf-8")
    old = "    bold: true\n    colour"
    assert old in layout
    new = "    font: house\n    bold: true  # <- font-face-missing\n    colour"
    face.write_text(layout.replace(old, new, 1), encoding="utf-8")
    report = check_file(str(game))  # (the game's check draws its cards)
    got = {
        (f.code, f.location.line)
        for f in report.findings
        if f.location is not None and f.location.path == str(face)
    }
    assert got == expected(face), [str(f) for f in report.findings]
    assert report.ok


# A designed game whose deck rules cannot be read (`sideboard` is a mapping), and a deck
# of it: never "no problems".
FIXTURES_ROOT = Path(__file__).parent / "fixtures"
BROKEN_GAME = FIXTURES_ROOT / "game.yaml"  # (broken by each test)
NOT_CHECKED = """game: fixture-duel
kind: deck
name: Two goblins
cards:  # <- deck-not-checked
  Goblin: 2
  Gobbo: 1  # <- unknown-card
"""


@pytest.mark.parametrize(
    ("old", "new"), [("sideboard: {max: 2}", "sideboard: 2"), ("banned: [Doom]", "banned: [Dom]")]
)
def test_deck_not_checked(tmp_path: Path, old: str, new: str) -> None:
    text = BROKEN_GAME.read_text(encoding="utf-8")
    assert old in text
    (tmp_path / "game.yaml").write_text(text.replace(old, new), encoding="utf-8")
    for name in ("fixture-cards.csv", "fixture-face.yaml"):
        (tmp_path / name).write_bytes((FIXTURES_ROOT / name).read_bytes())
    path = tmp_path / "deck-not-checked.yaml"
    path.write_text(NOT_CHECKED, encoding="utf-8")
    want = expected(path)
    if "sideboard" in old:  # the game file cannot be read: nor can its cards
        want = {(code, line) for code, line in want if code == "deck-not-checked"}
    report = check_file(str(path))
    got = {
        (f.code, f.location.line)
        for f in report.findings
        if f.location is not None and f.location.path == str(path)
    }
    assert got == want, [str(f) for f in report.findings]
    assert not report.ok


def test_rule_never_applies(tmp_path: Path) -> None:
    """The fixture game with a `copies.by` limit above `copies.max`, and an `in_play` rule
    over a field most of its cards leave empty: `rule-never-applies`, a warning at each,
    marked like a fixture's."""
    text = BROKEN_GAME.read_text(encoding="utf-8")
    for old, new in (
        ("by: {type: {relic: 1}}}", "by: {type: {relic: 3}}}  # <- rule-never-applies"),
        (
            "in_play: [{where: {type: relic}, one_per: type}]",
            "in_play: [{where: {type: [unit, relic]}, one_per: colour}]  # <- rule-never-applies",
        ),
    ):
        assert old in text
        text = text.replace(old, new)
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    for name in ("fixture-cards.csv", "fixture-face.yaml"):
        (tmp_path / name).write_bytes((FIXTURES_ROOT / name).read_bytes())
    report = check_file(str(path))
    got = {(f.code, f.location.line) for f in report.findings if f.location is not None}
    assert got == expected(path), [str(f) for f in report.findings]
    assert all(f.severity == "warning" for f in report.findings) and report.ok


def test_duplicate_game_id(tmp_path: Path) -> None:
    """Two folders whose game files declare one id, checked in one run: the second game
    file's `game:` is `duplicate-game-id` (tests/test_designed_paths.py has the rest)."""
    import shutil

    from kitgen.cli.check import each_file
    from kitgen.kit import check_document
    from kitgen.paths import data_dir

    for name in ("first", "second"):
        shutil.copytree(data_dir() / "examples" / "emberwake", tmp_path / name)
    second = str(tmp_path / "second" / "game.yaml")
    reports = each_file([str(tmp_path / "first"), second], check_document)
    found = {(f.code, f.severity, str(f.location)) for r in reports for f in r.findings}
    assert found == {("duplicate-game-id", CODES["duplicate-game-id"].severity, f"{second}:4:7")}


def test_card_in_other_deck(tmp_path: Path) -> None:
    """A deck file drawing from one deck of a game of several that names a card of the
    other: `card-in-other-deck` at its line, marked like a fixture's."""
    from severaldecks import make_game

    folder = make_game(tmp_path / "harbour").parent
    path = folder / "card-in-other-deck.yaml"
    path.write_text(
        "game: harbour\nkind: deck\nname: Trade\ndeck: resources\ncards:\n  Timber: 2\n"
        "  Lighthouse: 1  # <- card-in-other-deck\n",
        encoding="utf-8",
    )
    report = check_file(str(path))
    got = {(f.code, f.location.line) for f in report.findings if f.location is not None}
    assert got == expected(path), [str(f) for f in report.findings]
    assert not report.ok


def in_two_languages(folder: Path, cards: str) -> None:
    """The broken fixture game in `folder`, printed in English and German, its card
    data `cards` (a CSV text with `@de` columns)."""
    text = BROKEN_GAME.read_text(encoding="utf-8")
    text = text.replace("cards: fixture-cards.csv", "cards: cards.csv\nlanguages: [en, de]")
    (folder / "game.yaml").write_text(text, encoding="utf-8")
    (folder / "fixture-face.yaml").write_bytes((FIXTURES_ROOT / "fixture-face.yaml").read_bytes())
    (folder / "cards.csv").write_text(cards, encoding="utf-8")


def test_language_missing_text(tmp_path: Path) -> None:
    """A game of two languages whose card data leaves a card's `name@de` cell empty:
    `language-missing-text`, a warning at that cell (tests/test_designed_editions.py
    has the rest)."""
    in_two_languages(
        tmp_path,
        "name,name@de,type,cost\nGoblin,Kobold,unit,1\nKnight,,unit,2\nDoom,Verderben,spell,9\n",
    )
    report = check_file(str(tmp_path / "game.yaml"))
    csv = str(tmp_path / "cards.csv")
    found = [
        (f.code, f.severity, str(f.location))
        for f in report.findings
        if f.location is not None and f.location.path == csv
    ]
    info = CODES["language-missing-text"]
    assert found == [("language-missing-text", info.severity, f"{csv}:3:2")]
    assert info.severity == "warning" and report.ok


def test_language_missing_rules(tmp_path: Path) -> None:
    """A game of two languages whose kit names rules in the first only: `kitgen build
    --lang all` prints no German booklet and says so, a warning at the kit's `rules:`
    marked like a fixture's (a build's finding: tests/test_edition_booklets.py has
    the rest)."""
    from kitgen.build import BuildOptions, build

    in_two_languages(
        tmp_path, "name,name@de,type,cost\nGoblin,Kobold,unit,1\nDoom,Verderben,spell,9\n"
    )
    (tmp_path / "rules.yaml").write_text(
        "game: fixture-duel\nkind: rules\ntitle: Fixture Duel\nsections:\n"
        "  - title: Play\n    blocks:\n      - text: Play a card.\n",
        encoding="utf-8",
    )
    kit = tmp_path / "kit.yaml"
    kit.write_text(
        "game: fixture-duel\nkind: kit\nname: Fixture Duel\ncomponents: [cards, rules]\n"
        "rules:  # <- language-missing-rules\n  en: rules.yaml\n",
        encoding="utf-8",
    )
    result = build([str(kit)], BuildOptions(out=str(tmp_path / "out"), language="all"))
    got = {(f.code, f.location.line) for f in result.findings if f.location is not None}
    assert got == expected(kit), [str(f) for f in result.findings]
    assert CODES["language-missing-rules"].severity == "warning" and result.ok
    assert sorted(p.name for p in (tmp_path / "out").rglob("*.pdf")) == [
        "fixture-duel-cards.pdf",
        "fixture-duel-de-cards.pdf",
        "fixture-duel-rules-booklet.pdf",
        "fixture-duel-rules.pdf",
    ]
