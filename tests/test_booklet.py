"""Rule booklets: editions, page order, parameters in the text, and findings."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from conftest import FIXTURES, SharedBuild, write
from pypdf import PdfReader
from typer.testing import CliRunner

from kitgen.build import BuildOptions, build, game_figures
from kitgen.layout.paper import paper_size
from kitgen.load.documents import read_document
from kitgen.load.rules import game_context
from kitgen.model.rules import RulesFile
from kitgen.render.booklet import BookletFacts, booklet_pdfs

runner = CliRunner()
SAMPLE = FIXTURES / "valid" / "house-rules.yaml"
A5 = (419.53, 595.28)


def pages_text(data: bytes) -> list[str]:
    return [" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(data)).pages]


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("booklet")
    result = build([str(SAMPLE)], BuildOptions(out=str(out)))
    assert result.ok, [str(f) for f in result.findings]
    assert [Path(p).name for p in result.written] == [
        "scratch-house-rules.pdf",
        "scratch-house-rules-booklet.pdf",
        "scratch-house-reference.pdf",
    ]
    return out / "scratch"


def test_reading_edition_is_a5_in_order_with_every_heading(sample: Path) -> None:
    reader = PdfReader(str(sample / "scratch-house-rules.pdf"))
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(
            A5, abs=0.01
        )
    text = " ".join(pages_text((sample / "scratch-house-rules.pdf").read_bytes()))
    for heading in ("1 Getting ready", "2 Cards", "2.1 A capture"):
        assert heading in text
    assert "House rules" in text and "2 players" in text
    assert "Each player brings 10 cards, at least 5 of them commons." in text
    assert "A newer player may hold 6 cards." in text  # {{ hand_size + 1 }}
    for label in ("TIP", "STRATEGY", "VARIANT", "RULES DECISION", "EXAMPLE"):
        assert label in text
    top = [" ".join(o.title.split()) for o in reader.outline if not isinstance(o, list)]
    assert top == ["1 Getting ready", "2 Cards"]  # the PDF outline, for readers' side panels


def test_booklet_edition_is_saddle_stitched(sample: Path) -> None:
    reading = pages_text((sample / "scratch-house-rules.pdf").read_bytes())
    data = (sample / "scratch-house-rules-booklet.pdf").read_bytes()
    reader = PdfReader(io.BytesIO(data))
    assert len(reading) == 4 and len(reader.pages) == 2
    for page in reader.pages:  # landscape A4
        assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (842, 595)
    sides = pages_text(data)
    # 4 pages: the outside carries (4, 1), the inside (2, 3), left then right.
    assert sides[0].startswith(reading[3][:25]) and reading[0][:20] in sides[0]
    assert sides[1].startswith(reading[1][:25]) and reading[2][:20] in sides[1]


def test_quick_reference_is_one_page(sample: Path) -> None:
    reader = PdfReader(str(sample / "scratch-house-reference.pdf"))
    assert len(reader.pages) == 1
    assert "Refill to 5." in reader.pages[0].extract_text()


def test_booklets_are_byte_identical(tmp_path: Path, sample: Path) -> None:
    assert build([str(SAMPLE)], BuildOptions(out=str(tmp_path))).ok
    for name in (
        "scratch-house-rules.pdf",
        "scratch-house-rules-booklet.pdf",
        "scratch-house-reference.pdf",
    ):
        assert (tmp_path / "scratch" / name).read_bytes() == (sample / name).read_bytes()


def render_sample(**changes: object) -> list[str]:
    doc = read_document(str(SAMPLE))
    assert isinstance(doc.model, RulesFile)
    context = {**game_context("scratch"), **changes}
    facts = BookletFacts("2", "a while", "A test.")
    reading, _, found = booklet_pdfs(
        doc.model,
        context,
        game_figures("scratch"),
        facts,
        paper_size("a5"),
        paper_size("a4").rotated(),
        "normal",
    )
    assert found == []
    return pages_text(reading)


def test_changing_the_hand_size_changes_the_printed_rules() -> None:
    assert "Draw 5 cards." in " ".join(render_sample())
    changed = " ".join(render_sample(hand_size=7))
    assert "Draw 7 cards." in changed and "hold 8 cards" in changed
    assert "Draw 5 cards." not in changed


def test_letter_gives_half_letter_pages(tmp_path: Path) -> None:
    assert build([str(SAMPLE)], BuildOptions(out=str(tmp_path), paper="letter")).ok
    page = PdfReader(str(tmp_path / "scratch" / "scratch-house-rules.pdf")).pages[0]
    assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (396, 612)
    sheet = PdfReader(str(tmp_path / "scratch" / "scratch-house-rules-booklet.pdf")).pages[0]
    assert (round(float(sheet.mediabox.width)), round(float(sheet.mediabox.height))) == (792, 612)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{% if hand_size > 3 %}Big hands.", "template"),  # no endif: jinja2 finds it
        ("{{ ''.__class__.__mro__ }}", "template"),  # the sandbox refuses
        ("{{ hand_size | nonsense }}", "template"),
        ("{{ hand_size / 0 }}", "template"),
    ],
)
def test_template_errors_at_build_are_located_findings(
    tmp_path: Path, text: str, words: str
) -> None:
    path = write(
        tmp_path,
        "bad-rules.yaml",
        f"""game: scratch
kind: rules
title: Bad
sections:
  - title: One
    blocks:
      - text: ok
      - text: "{text}"
""",
    )
    result = runner.invoke(
        __import__("kitgen.cli", fromlist=["app"]).app,
        ["build", path, "--out", str(tmp_path / "out")],
    )
    assert result.exit_code == 1, result.output
    assert f"{path}:8:" in result.stderr and "template-error" in result.stderr
    assert words in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists()


def test_a_rules_file_for_another_game_builds_without_figures(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "rules.yaml",
        """game: galliard
kind: rules
title: Galliard
sections:
  - title: Dancers
    blocks:
      - text: "Up to {{ players_max }} players."
""",
    )
    result = build([path], BuildOptions(out=str(tmp_path / "out")))
    assert result.ok
    assert [Path(p).name for p in result.written] == [
        "galliard-rules.pdf",
        "galliard-rules-booklet.pdf",
    ]
    text = pages_text((tmp_path / "out" / "galliard" / "galliard-rules.pdf").read_bytes())
    assert "Up to 2 players." in " ".join(text)


@pytest.fixture(scope="module")
def scratch_rules(built_all: SharedBuild) -> tuple[RulesFile, str]:
    """The Scratch rules and the text of their reading edition, as the kit prints it
    (the run's shared `kitgen build all`; a rules file printed alone:
    tests/test_booklet_fill.py)."""
    from kitgen.paths import data_dir

    doc = read_document(str(data_dir() / "scratch" / "rules.yaml"))
    assert isinstance(doc.model, RulesFile)
    assert built_all.status == 0, built_all.stderr
    reading = built_all.out / "scratch" / "scratch-rules.pdf"
    text = " ".join(pages_text(reading.read_bytes()))
    return doc.model, text


def test_scratch_rules_check_clean() -> None:
    from kitgen.kit import check_file
    from kitgen.paths import data_dir

    assert check_file(str(data_dir() / "scratch" / "rules.yaml")).findings == []


def test_every_section_heading_of_the_scratch_rules_is_printed(
    scratch_rules: tuple[RulesFile, str],
) -> None:
    rules, text = scratch_rules
    for number, section in enumerate(rules.sections, start=1):
        assert f"{number} {' '.join(section.title.split())}" in text, section.title
        for sub_number, sub in enumerate(section.sections, start=1):
            assert f"{number}.{sub_number} {' '.join(sub.title.split())}" in text, sub.title


def test_scratch_rules_cover_what_a_newcomer_needs(scratch_rules: tuple[RulesFile, str]) -> None:
    _, text = scratch_rules
    for power in (
        "Against all odds!",
        "Champion!",
        "Stand your ground!",
        "Insult to injury!",
        "First strike!",
        "A little slow!",
        "The over under!",
        "Push the attack!",
        "Loyal to the end!",
    ):
        assert power in text
    for fact in (
        "10 cards",
        "at least 5",
        "3x3",
        "Example game one",
        "Example game two",
        "Contents",
    ):
        assert fact in text, fact


def test_booklets_embed_every_font(sample: Path) -> None:
    # Platypus tables (the contents, call-out boxes, tables) set a cell font before
    # drawing; left at its default that is Helvetica, which is never embedded.
    from test_build import fonts_of

    for name in ("scratch-house-rules.pdf", "scratch-house-rules-booklet.pdf",
                 "scratch-house-reference.pdf"):  # fmt: skip
        fonts = fonts_of(sample / name)
        assert fonts and all(embedded for _, embedded in fonts), (name, sorted(set(fonts)))
