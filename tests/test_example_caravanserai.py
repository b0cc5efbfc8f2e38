"""Caravanserai, the example game in three languages (issue 37): a multi-type deck
(goods, guests, rooms, events) from one spreadsheet with a column per language,
one set of layouts shared by every type and every edition, a rules file per
language; English, Japanese (in the game's own Noto Sans CJK JP) and Arabic (right
to left, joined) print from its own files with no converter."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest
from conftest import SharedBuild, pdf_text, run_in_process
from test_shaping import _forms

from kitgen.entry import main
from kitgen.paths import data_dir

GAME = data_dir() / "examples" / "caravanserai"
EDITIONS = {"en": "caravanserai", "ja": "caravanserai-ja", "ar": "caravanserai-ar"}


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every edition of the game, as `kitgen build GAME --lang all` prints them."""
    out = tmp_path_factory.mktemp("caravanserai")
    status, _out, err = run_in_process(main, "build", str(GAME), "--lang", "all", "--out", str(out))
    assert status == 0, err
    assert "warning" not in err, err
    return out / "caravanserai"


def _cards() -> list[dict[str, str]]:
    with open(GAME / "cards.csv", encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def _flat(text: str) -> str:
    return re.sub(r"\s+", "", text)


def test_the_example_checks_clean() -> None:
    status, out, err = run_in_process(main, "check", str(GAME))
    assert status == 0, out + err
    assert "no problems" in out + err


def test_every_edition_prints_its_own_cards_and_booklets(printed: Path) -> None:
    names = sorted(p.name for p in printed.iterdir())
    assert names == sorted(
        f"{stem}-{part}.pdf"
        for stem in EDITIONS.values()
        for part in ("cards", "rules", "rules-booklet")
    )
    cards = _cards()
    types = {card["type"] for card in cards}
    assert types == {"good", "guest", "room", "event"}  # four layouts, one base
    for language, stem in EDITIONS.items():
        text = _flat(pdf_text(printed / f"{stem}-cards.pdf"))
        suffix = "" if language == "en" else f"@{language}"
        for card in cards:
            if language != "ar":  # (pdfium reads Arabic in its own order: below)
                assert _flat(card[f"name{suffix}"]) in text, (language, card["name"])
                assert _flat(card[f"label{suffix}"]) in text
        if language != "en":  # no English name is left in another edition
            assert "Camel" not in text and "Silk" not in text
        assert "?" not in text


def test_japanese_prints_in_the_games_own_font_on_cards_and_in_the_booklet(
    printed: Path,
) -> None:
    from pypdf import PdfReader

    for part in ("cards", "rules"):
        pdf = printed / f"caravanserai-ja-{part}.pdf"
        fonts = {
            str(font.get_object()["/BaseFont"])
            for page in PdfReader(str(pdf)).pages
            for font in page["/Resources"]["/Font"].values()
        }
        assert any("NotoSansCJKjp-Regular" in f for f in fonts), fonts
        assert any("NotoSansCJKjp-Bold" in f for f in fonts), fonts  # names, headings
    rules = _flat(pdf_text(printed / "caravanserai-ja-rules.pdf"))
    assert "遊び方" in rules and "キャラバン" in rules
    assert "同点なら、客の多いプレイヤーの勝ちです。" in rules
    assert "?" not in rules
    # The cover in Japanese: the rules file's playing time and summary, kitgen's words.
    assert "2〜4人·20分" in rules and "シルクロードの宿の主人たちが" in rules
    assert "minutes" not in rules and "players" not in rules and "Innkeepers" not in rules


def test_arabic_prints_joined_on_cards_and_in_the_booklet(printed: Path) -> None:
    # Kaf, alef and feh of قافلة ("caravan"), joined: their presentation forms.
    for part in ("cards", "rules"):
        forms = _forms(printed / f"caravanserai-ar-{part}.pdf")
        assert {0xFED7, 0xFE8E, 0xFED4} <= forms, part
    rules = pdf_text(printed / "caravanserai-ar-rules.pdf")
    assert "?" not in rules
    assert "خان القوافل" in rules  # (its title, as typed)


def test_build_all_prints_the_first_edition(printed: Path, built_all: SharedBuild) -> None:
    # `kitgen build all` prints the game's first language: the same bytes as --lang all
    # prints for it.
    folder = built_all.out / "caravanserai"
    assert sorted(p.name for p in folder.iterdir()) == [
        "caravanserai-cards.pdf",
        "caravanserai-rules-booklet.pdf",
        "caravanserai-rules.pdf",
    ]
    for pdf in folder.iterdir():
        assert pdf.read_bytes() == (printed / pdf.name).read_bytes()
