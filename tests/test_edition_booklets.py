"""Rules booklets per language: a designed game of `languages: [en, de]` whose kit
names a rules file per language (`rules: {en: rules.yaml, de: rules-de.yaml}`);
`kitgen build --lang de|all` prints each edition's booklets from its own rules file,
under its edition's names, and an edition without one prints none, with a warning."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import checked, pdf_names, pdf_text, run_in_process, starter_in_languages

from kitgen.entry import main

# Eight cards: a booklet printed with its kit lists them on a padding page.
NAMES = [
    ("Dawn Runner", "Morgenläufer"),
    ("Night Owl", "Nachteule"),
    ("Sun Herald", "Sonnenbote"),
    ("Moon Moth", "Mondfalter"),
    ("Star Fox", "Sternfuchs"),
    ("Comet Hare", "Kometenhase"),
    ("Dusk Crow", "Dämmerkrähe"),
    ("Frost Lynx", "Frostluchs"),
]
CARDS = "name,name@de,suit,power,rules,rules@de,count\n" + "".join(
    f"{en},{de},sun,{power},Draw a card.,Ziehe eine Karte.,1\n"
    for power, (en, de) in enumerate(NAMES, start=1)
)

RULES = """game: star-lanterns
kind: rules
title: {title}
sections:
  - title: {heading}
    blocks:
      - text: "{text}"
"""
ENGLISH = RULES.format(
    title="Star Lanterns", heading="Playing", text="Light every lantern before dawn."
)
# A figure names a card in any of the game's languages; it is drawn in the edition's.
GERMAN = (
    RULES.format(
        title="Sternlaternen",
        heading="Spielablauf",
        text="Entzünde jede Laterne vor der Morgendämmerung.",
    )
    + "      - figure: card\n        args: {card: Night Owl}\n"
)

KIT = """game: star-lanterns
kind: kit
name: Star Lanterns
components: [cards, rules]
rules:
  en: rules.yaml
  de: rules-de.yaml
"""


@pytest.fixture
def game(tmp_path: Path) -> Path:
    """The starter game in English and German, with a rules file in each."""
    folder = starter_in_languages(tmp_path, CARDS)
    (folder / "rules.yaml").write_text(ENGLISH, encoding="utf-8")
    (folder / "rules-de.yaml").write_text(GERMAN, encoding="utf-8")
    (folder / "kit.yaml").write_text(KIT, encoding="utf-8")
    return folder


def build(game: Path, out: Path, *options: str) -> tuple[int, str]:
    status, _stdout, err = run_in_process(main, "build", str(game), "-o", str(out), *options)
    return status, err


def test_the_game_with_rules_per_language_checks_clean(game: Path) -> None:
    assert checked(game) == (0, [])


def test_build_lang_de_prints_the_german_rules(game: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    status, err = build(game, out, "--lang", "de")
    assert status == 0, err
    assert pdf_names(out) == [
        "star-lanterns-de-cards.pdf",
        "star-lanterns-de-rules-booklet.pdf",
        "star-lanterns-de-rules.pdf",
    ]
    folder = out / "star-lanterns"
    for name in ("star-lanterns-de-rules.pdf", "star-lanterns-de-rules-booklet.pdf"):
        text = pdf_text(folder / name)
        assert "Sternlaternen" in text and "Spielablauf" in text, name
        assert "Laterne" in text and "Morgendämmerung" in text.replace("\r\n", "")
        assert "Light every lantern" not in text and "Playing" not in text
        assert "Nachteule" in text and "Night Owl" not in text  # (the figure)
    # The German booklet's cover and card list are the German edition's cards.
    booklet = pdf_text(folder / "star-lanterns-de-rules-booklet.pdf")
    assert "Morgenläufer" in booklet and "Frostluchs" in booklet
    assert "Dawn Runner" not in booklet and "Frost Lynx" not in booklet
    assert "warning" not in err


def test_build_lang_all_prints_every_editions_booklets(game: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    status, err = build(game, out, "--lang", "all")
    assert status == 0, err
    assert pdf_names(out) == [
        "star-lanterns-cards.pdf",
        "star-lanterns-de-cards.pdf",
        "star-lanterns-de-rules-booklet.pdf",
        "star-lanterns-de-rules.pdf",
        "star-lanterns-rules-booklet.pdf",
        "star-lanterns-rules.pdf",
    ]
    english = pdf_text(out / "star-lanterns" / "star-lanterns-rules.pdf")
    assert "Light every lantern" in english and "Spielablauf" not in english
    german = pdf_text(out / "star-lanterns" / "star-lanterns-de-rules.pdf")
    assert "Spielablauf" in german and "Light every lantern" not in german
    # Without --lang: the first language's edition alone, under the kit's own names.
    status, err = build(game, tmp_path / "plain")
    assert status == 0, err
    assert pdf_names(tmp_path / "plain") == [
        "star-lanterns-cards.pdf",
        "star-lanterns-rules-booklet.pdf",
        "star-lanterns-rules.pdf",
    ]


@pytest.mark.parametrize("rules", ["rules: rules.yaml\n", "rules:\n  en: rules.yaml\n"])
def test_an_edition_without_rules_prints_no_booklet_and_says_so(
    game: Path, tmp_path: Path, rules: str
) -> None:
    kit = game / "kit.yaml"
    kit.write_text(KIT.split("rules:\n")[0] + rules, encoding="utf-8")
    assert checked(game) == (0, [])
    out = tmp_path / "out"
    status, err = build(game, out, "--lang", "all")
    assert status == 0, err
    assert pdf_names(out) == [
        "star-lanterns-cards.pdf",
        "star-lanterns-de-cards.pdf",
        "star-lanterns-rules-booklet.pdf",
        "star-lanterns-rules.pdf",
    ]
    said = [line for line in err.splitlines() if "language-missing-rules" in line]
    assert len(said) == 1 and said[0].startswith(f"{kit}:5:1: warning language-missing-rules ")
    assert "'de'" in said[0]
    # The English edition alone has its rules: no warning.
    status, err = build(game, tmp_path / "en", "--lang", "en")
    assert status == 0 and "language-missing-rules" not in err, err


def test_a_bad_key_in_the_rules_mapping_is_a_finding_at_it(game: Path) -> None:
    kit = game / "kit.yaml"
    # fr is no language of the game's; DE repeats de; the line and column are the key's.
    kit.write_text(KIT + "  fr: rules.yaml\n  DE: rules.yaml\n", encoding="utf-8")
    status, found = checked(game)
    assert status == 1
    assert ("unknown-key", "error", "kit.yaml", 8, 3) in found
    assert ("duplicate-key", "error", "kit.yaml", 9, 3) in found
    # The first language's rules must be there.
    kit.write_text(KIT.replace("  en: rules.yaml\n", ""), encoding="utf-8")
    status, found = checked(game)
    assert (status, found) == (1, [("missing-key", "error", "kit.yaml", 5, 1)])
    # Each rules file is checked at its own entry: one that is missing, say.
    kit.write_text(KIT.replace("rules-de.yaml", "regeln.yaml"), encoding="utf-8")
    status, found = checked(game)
    assert (status, found) == (1, [("uses-not-found", "error", "kit.yaml", 7, 7)])


@pytest.mark.parametrize(
    ("rules", "place", "says"),
    [
        ("7", (5, 8), "rules should be text or a mapping of keys to values, not the number 7"),
        ("[rules.yaml]", (5, 8), "rules should be text or a mapping of keys to values, not a list"),
        ("{en: rules.yaml, de: 7}", (5, 29), "rules.de should be text, not the number 7"),
        (
            "{en: rules.yaml, 7: rules-de.yaml}",
            (5, 25),
            "a key here should be text, not the number 7",
        ),
    ],
)
def test_a_rules_entry_of_the_wrong_kind_is_one_finding_in_words(
    game: Path, rules: str, place: tuple[int, int], says: str
) -> None:
    """`rules:` takes a file name or a mapping of language tags to file names: a value
    that is neither is one finding saying both, a bad entry of the mapping one finding
    at it (never pydantic's names of the two kinds, `dict[str,function-after[...]]`)."""
    (game / "kit.yaml").write_text(KIT.split("rules:\n")[0] + f"rules: {rules}\n", encoding="utf-8")
    status, out, _err = run_in_process(main, "check", "--format", "json", str(game / "kit.yaml"))
    assert status == 1
    [entry] = json.loads(out)["files"]
    wrong = [f for f in entry["findings"] if f["code"] == "wrong-type"]
    assert [(f["line"], f["column"], f["message"]) for f in wrong] == [(*place, says)]


def test_a_figure_may_name_its_card_in_the_editions_language(game: Path, tmp_path: Path) -> None:
    """The German rules name the card in German (`Nachteule`): the check finds it, as
    the drawing does, and the German booklet's figure draws it."""
    german = GERMAN.replace("{card: Night Owl}", "{card: Nachteule}")
    assert german != GERMAN
    (game / "rules-de.yaml").write_text(german, encoding="utf-8")
    status, found = checked(game)
    assert status == 0 and not [f for f in found if f[1] == "error"], found
    out = tmp_path / "out"
    status, _stdout, err = run_in_process(main, "build", str(game), "--lang", "de", "-o", str(out))
    assert status == 0, err
    text = pdf_text(out / "star-lanterns" / "star-lanterns-de-rules.pdf")
    assert "Nachteule" in text
