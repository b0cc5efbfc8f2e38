"""Editions of a designed game in other languages: `languages: [en, de]` in the game
file, `name@de` and `rules@de` columns of card text, `kitgen build --lang de|all`
printing each edition under its own names, and deck files naming cards in any of the
game's languages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import checked, pdf_names, pdf_text, run_in_process, starter_in_languages

from kitgen.entry import main

CARDS = """name,name@de,suit,power,rules,rules@de,count
Dawn Runner,Morgenläufer,sun,2,Draw a card.,Ziehe eine Karte.,1
Sun Herald,Sonnenbote,sun,7,Play first.,,1
Night Owl,Nachteule,moon,3,Look at a hand.,Sieh dir eine Hand an.,1
"""


@pytest.fixture
def game(tmp_path: Path) -> Path:
    """The starter game in English and German: row 3's `rules@de` cell is empty."""
    return starter_in_languages(tmp_path, CARDS)


def test_the_game_checks_clean_but_for_the_missing_german_text(game: Path) -> None:
    status, found = checked(game)
    # Sun Herald (row 3) has no German rules text: a warning at its `rules@de` cell.
    assert (status, found) == (0, [("language-missing-text", "warning", "cards.csv", 3, 6)])


def test_build_lang_de_prints_the_german_edition(game: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    status, stdout, err = run_in_process(main, "build", str(game), "--lang", "de", "-o", str(out))
    assert status == 0, err
    assert pdf_names(out) == ["star-lanterns-de-cards.pdf"]
    assert stdout.split() == [str(out / "star-lanterns" / "star-lanterns-de-cards.pdf")]
    text = pdf_text(out / "star-lanterns" / "star-lanterns-de-cards.pdf")
    for german in ("Morgenläufer", "Ziehe eine Karte.", "Sonnenbote", "Nachteule"):
        assert german in text
    assert "Dawn Runner" not in text and "Draw a card." not in text
    # The card with no German rules prints the English rules, and the build says so.
    assert "Play first." in text
    assert "cards.csv:3:6: warning language-missing-text" in err
    assert "Star Lanterns (de)" in text  # the sheets' label names the edition


def test_build_lang_all_prints_every_edition(game: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    status, _stdout, err = run_in_process(main, "build", str(game), "--lang", "all", "-o", str(out))
    assert status == 0, err
    assert pdf_names(out) == ["star-lanterns-cards.pdf", "star-lanterns-de-cards.pdf"]
    english = pdf_text(out / "star-lanterns" / "star-lanterns-cards.pdf")
    assert "Dawn Runner" in english and "Morgenläufer" not in english
    assert "Morgenläufer" in pdf_text(out / "star-lanterns" / "star-lanterns-de-cards.pdf")


def test_without_lang_the_first_languages_edition_keeps_its_names(
    game: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    status, _stdout, err = run_in_process(main, "build", str(game), "-o", str(out))
    assert status == 0, err
    assert pdf_names(out) == ["star-lanterns-cards.pdf"]
    assert "Dawn Runner" in pdf_text(out / "star-lanterns" / "star-lanterns-cards.pdf")


def test_an_undeclared_languages_column_is_a_finding_at_its_header(game: Path) -> None:
    path = game / "cards.csv"
    path.write_text(CARDS.replace("rules@de,", "rules@fr,", 1), encoding="utf-8")
    status, found = checked(game)
    assert status == 1
    assert ("unknown-key", "error", "cards.csv", 1, 6) in found
    # A column of the first language's text is the plain column: `name@en` is one too.
    path.write_text(CARDS.replace("name@de", "name@en", 1), encoding="utf-8")
    status, found = checked(game)
    assert ("unknown-key", "error", "cards.csv", 1, 2) in found


def test_lang_the_game_has_no_edition_in_is_a_usage_error(game: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    status, stdout, err = run_in_process(main, "build", str(game), "--lang", "fr", "-o", str(out))
    assert status == 2
    assert stdout == ""
    assert err.strip().splitlines()[-1].startswith("kitgen: error: --lang fr: star-lanterns")
    assert "en, de" in err
    assert not out.exists()


def test_a_game_without_languages_takes_only_its_own(game: Path, tmp_path: Path) -> None:
    path = game / "game.yaml"
    text = path.read_text(encoding="utf-8").replace("languages: [en, de]\n", "")
    path.write_text(text, encoding="utf-8")
    (game / "cards.csv").write_text(
        "name,suit,power,rules\nDawn Runner,sun,2,Draw a card.\n", encoding="utf-8"
    )
    out = tmp_path / "out"
    status, _stdout, err = run_in_process(main, "build", str(game), "--lang", "de", "-o", str(out))
    assert (status, out.exists()) == (2, False), err
    status, _stdout, err = run_in_process(main, "build", str(game), "--lang", "en", "-o", str(out))
    assert status == 0, err
    assert pdf_names(out) == ["star-lanterns-cards.pdf"]


def test_a_deck_names_cards_in_any_language(game: Path, tmp_path: Path) -> None:
    deck = game / "starter.yaml"
    deck.write_text(
        "game: star-lanterns\nkind: deck\nname: Starter\ncards:\n"
        "  Morgenläufer: 2\n  night owl: 1\n  nachteule: 1\n",
        encoding="utf-8",
    )
    status, found = checked(deck)
    assert status == 0
    # Nachteule is Night Owl: the two lines are one card's (added up, as ever).
    assert found == [("merged-entries", "warning", "starter.yaml", 7, 3)]
    out = tmp_path / "out"
    status, _stdout, err = run_in_process(main, "build", str(deck), "-o", str(out))
    assert status == 0, err
    english = pdf_text(out / "star-lanterns" / "star-lanterns-starter-deck.pdf")
    assert english.count("Dawn Runner") == 2 and english.count("Night Owl") == 2
    status, _stdout, err = run_in_process(main, "build", str(deck), "--lang", "de", "-o", str(out))
    assert status == 0, err
    german = pdf_text(out / "star-lanterns" / "star-lanterns-de-starter-deck.pdf")
    assert german.count("Morgenläufer") == 2 and "Dawn Runner" not in german


def test_a_name_two_cards_share_across_languages_is_ambiguous(game: Path) -> None:
    # Night Owl's German name is Sun Herald's English one.
    (game / "cards.csv").write_text(CARDS.replace("Nachteule", "Sun Herald", 1), encoding="utf-8")
    deck = game / "starter.yaml"
    deck.write_text(
        "game: star-lanterns\nkind: deck\nname: Starter\ncards:\n  Sun Herald: 1\n",
        encoding="utf-8",
    )
    status, found = checked(deck)
    assert status == 1
    assert ("duplicate-card", "error", "starter.yaml", 5, 3) in found


def test_languages_names_each_once_and_starts_with_the_games_language(game: Path) -> None:
    path = game / "game.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace("languages: [en, de]", "language: fr\nlanguages: [en, de, DE]"),
        encoding="utf-8",
    )
    status, found = checked(game)
    assert status == 1
    codes = {(code, name) for code, _severity, name, _line, _column in found}
    assert ("duplicate-key", "game.yaml") in codes  # DE is de
    assert ("invalid-value", "game.yaml") in codes  # language: fr, but en first


def _nicknames(node: object) -> list[str]:
    """Every `Nickname` in a Tabletop Simulator saved object, in order."""
    if isinstance(node, dict):
        own = [str(node["Nickname"])] if "Nickname" in node else []
        return own + [n for key, value in node.items() for n in _nicknames(value)]
    if isinstance(node, list):
        return [n for item in node for n in _nicknames(item)]
    return []


def test_export_lang_writes_each_edition_under_its_own_names(game: Path, tmp_path: Path) -> None:
    """`kitgen export png|pdf|tts --lang`: the German edition's files carry its tag and
    its card names (PNG file names, the single-card PDF's text, TTS nicknames); `all`
    writes both editions; a language the game lacks is a usage error, nothing written."""
    out = tmp_path / "png"
    status, _stdout, err = run_in_process(
        main, "export", "png", str(game), "--lang", "all", "-o", str(out)
    )
    assert status == 0, err
    pngs = sorted(
        p.relative_to(out / "star-lanterns" / "png").as_posix() for p in out.rglob("*.png")
    )
    assert pngs == [
        "star-lanterns-cards/001-dawn-runner.png",
        "star-lanterns-cards/002-sun-herald.png",
        "star-lanterns-cards/003-night-owl.png",
        "star-lanterns-cards/back.png",
        "star-lanterns-de-cards/001-morgenläufer.png",
        "star-lanterns-de-cards/002-sonnenbote.png",
        "star-lanterns-de-cards/003-nachteule.png",
        "star-lanterns-de-cards/back.png",
    ]
    out = tmp_path / "pdf"
    status, _stdout, err = run_in_process(
        main, "export", "pdf", str(game), "--lang", "de", "-o", str(out)
    )
    assert status == 0, err
    assert pdf_names(out) == ["star-lanterns-de-cards.pdf"]
    text = pdf_text(out / "star-lanterns" / "single-cards" / "star-lanterns-de-cards.pdf")
    assert "Morgenläufer" in text and "Dawn Runner" not in text
    out = tmp_path / "tts"
    status, _stdout, err = run_in_process(
        main, "export", "tts", str(game), "--lang", "de", "-o", str(out)
    )
    assert status == 0, err
    saved = out / "star-lanterns" / "tts" / "star-lanterns-de-cards" / "star-lanterns-de-cards.json"
    names = _nicknames(json.loads(saved.read_text(encoding="utf-8")))
    assert names == ["Star Lanterns (de)", "Morgenläufer", "Sonnenbote", "Nachteule"]
    out = tmp_path / "none"
    status, _stdout, err = run_in_process(
        main, "export", "pdf", str(game), "--lang", "fr", "-o", str(out)
    )
    assert status == 2 and not out.exists()
    assert err.startswith("kitgen: error: --lang fr: star-lanterns is printed in en, de only")


def test_build_all_lang_prints_the_games_that_have_that_edition(game: Path, tmp_path: Path) -> None:
    """`kitgen build all GAME --lang de`: the German edition of the game that has one;
    the games of `all` without one are left out, named in one note. A game named itself
    without that edition is a usage error, as is `all` when no game has it."""
    out = tmp_path / "out"
    status, stdout, err = run_in_process(
        main, "build", "all", str(game), "--lang", "de", "-o", str(out)
    )
    assert status == 0, err
    assert stdout.split() == [str(out / "star-lanterns" / "star-lanterns-de-cards.pdf")]
    assert pdf_names(out) == ["star-lanterns-de-cards.pdf"]
    assert (
        "kitgen: not printed in de, having no edition in it: scratch, shapeup, scaffold, "
        "staircase, galliard, caravanserai, emberwake, harbour-lights, prism-isles, thornwall\n"
    ) in err
    status, stdout, err = run_in_process(
        main, "build", "all", "scratch", str(game), "--lang", "de", "-o", str(tmp_path / "x")
    )
    assert (status, stdout) == (2, "")
    assert err == (
        "kitgen: error: --lang de: scratch is printed in en only (its game file's "
        "`languages:`, else its `language:`); give one of them, or all\n"
    )
    status, stdout, err = run_in_process(main, "build", "all", "--lang", "de", "-o", str(out))
    assert (status, stdout) == (2, "")
    assert err.startswith("kitgen: error: --lang de: no game of `all` is printed in de")
    assert not (tmp_path / "x").exists()


@pytest.mark.parametrize(
    "size",
    ["{language: {de: 9, else: 13}}", "\"{{ 9 if language == 'de' else 13 }}\""],
    ids=["mapping", "template"],
)
def test_a_layout_sets_a_size_per_language(game: Path, tmp_path: Path, size: str) -> None:
    """`language` is the edition's language to a layout's mappings and templates (no
    field of the game's has that name): the German names print at 9 pt, the English at
    13. The check reads it as no unknown field."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    face = game / "face.yaml"
    text = face.read_text(encoding="utf-8")
    assert "    size: 13 " in text
    face.write_text(text.replace("    size: 13 ", f"    size: {size} ", 1), encoding="utf-8")
    status, found = checked(game)
    assert (status, [f[0] for f in found]) == (0, ["language-missing-text"])
    out = tmp_path / "out"
    status, _stdout, err = run_in_process(main, "build", str(game), "--lang", "all", "-o", str(out))
    assert status == 0, err
    for edition, name, points in (("", "Dawn Runner", 13), ("-de", "Morgenläufer", 9)):
        pdf = pdfium.PdfDocument(str(out / "star-lanterns" / f"star-lanterns{edition}-cards.pdf"))
        textpage = pdf[0].get_textpage()
        at = textpage.get_text_range().find(name)
        assert at >= 0, name
        assert raw.FPDFText_GetFontSize(textpage, at) == pytest.approx(points), name
