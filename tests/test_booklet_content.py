"""Printed rule booklets are for players (issue 24, item 6; item 9's content defects).

Every booklet PDF that `kitgen build all` writes (reading edition, saddle-stitched
edition and quick reference of every game) is read back with pypdfium2. A booklet
holds rules, examples, figures, rules decisions and credits: no command lines,
file paths, YAML or talk of the program that printed it. The one line that may
name kitgen is the printer's credit, which comes from the booklet's own words
(kitgen.layout.words, not from a game's rules) and is printed once.
"""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from conftest import SharedBuild

from kitgen.layout.words import LANGUAGES, table
from kitgen.load.documents import read_document
from kitgen.model.rules import Block, RulesFile, Section
from kitgen.paths import data_dir, game_dir

GAMES = ("scratch", "shapeup", "scaffold", "staircase", "galliard", "emberwake")
# What a player never needs to read in a rule booklet.
TOOL_TALK = {
    "a command line": re.compile(r"\bkitgen\s+(build|check|score|replay|simulate|export)\b", re.I),
    "an option": re.compile(r"(?<![\w-])--?[a-z][\w-]*"),
    "a YAML file": re.compile(r"\.ya?ml\b", re.I),
    "a path": re.compile(r"\b(data|output|examples)/"),
    "a YAML key": re.compile(
        r"\bkind: (position|record|rules|deck|cards|kit|game)\b"
        r"|\bgame: (scratch|shapeup|scaffold|staircase|galliard|emberwake)\b"
        r"|\b[a-z]+_[a-z_]+:"
    ),
    "a file kind": re.compile(r"\b(position|record) files?\b", re.I),
    "a simulation": re.compile(r"\bsimulat", re.I),
    "the rules engine": re.compile(r"\b(rules engine|kitgen's)\b", re.I),
}


def flat(text: str) -> str:
    return " ".join(text.split())


def credit_chunks() -> list[str]:
    """The printer's credit in every language of the booklet's words
    (kitgen.layout.words), where it comes from: the only place kitgen may be named."""
    return sorted({flat(table(language)["credit"]) for language in LANGUAGES})


@pytest.fixture(scope="module")
def booklets(built_all: SharedBuild) -> dict[str, list[str]]:
    """Each booklet PDF `kitgen build all` writes (the run's shared build), as the
    flattened text of its pages."""
    assert built_all.status == 0, built_all.stderr
    written = [Path(line) for line in built_all.stdout.splitlines() if line.endswith(".pdf")]
    found = {
        path.name: [flat(page.get_textpage().get_text_range()) for page in pdfium.PdfDocument(path)]
        for path in written
        if re.search(r"rules|reference", path.stem)
    }
    for game in GAMES:  # reading edition, saddle-stitched edition, quick reference
        assert sum(name.startswith(game) for name in found) == 3, (game, sorted(found))
    return found


def without_credit(text: str) -> str:
    for chunk in credit_chunks():
        text = text.replace(chunk, " ")
    return text


def test_kitgen_is_named_only_in_the_printers_credit(booklets: dict[str, list[str]]) -> None:
    for name, pages in booklets.items():
        for number, text in enumerate(pages, start=1):
            rest = without_credit(text)
            hits = [m.start() for m in re.finditer("kitgen", rest, re.I)]
            assert not hits, (name, number, [rest[max(0, i - 60) : i + 40] for i in hits])
        # The credit itself is printed once a booklet at most, on one page.
        credited = [
            n
            for n, text in enumerate(pages, start=1)
            if any("kitgen" in c.lower() and c in text for c in credit_chunks())
        ]
        assert len(credited) <= 1, (name, credited)
        # The credit is on the back cover: the reading edition's last page, and the
        # saddle-stitched edition's first sheet (back cover beside front cover); a
        # quick reference has none.
        if name.endswith("-rules.pdf"):
            assert credited == [len(pages)], (name, credited, len(pages))
        elif name.endswith("-rules-booklet.pdf"):
            assert credited == [1], (name, credited)


def test_no_booklet_page_talks_to_the_program(booklets: dict[str, list[str]]) -> None:
    problems = []
    for name, pages in booklets.items():
        for number, text in enumerate(pages, start=1):
            rest = without_credit(text)
            for what, pattern in TOOL_TALK.items():
                for m in pattern.finditer(rest):
                    problems.append(
                        f"{name} p{number}: {what}: ...{rest[m.start() - 50 : m.end() + 30]}..."
                    )
    assert not problems, "\n".join(problems)


def shipped_rules(game: str) -> RulesFile:
    path = (
        data_dir() / "examples" / "emberwake" / "rules.yaml"
        if game == "emberwake"
        else game_dir(game) / "rules.yaml"
    )
    doc = read_document(str(path))
    assert isinstance(doc.model, RulesFile)
    return doc.model


def block_texts(blocks: list[Block]) -> list[str]:
    out: list[str] = []
    for b in blocks:
        out += [t for t in (b.text, b.tip, b.strategy, b.variant, b.note, b.caption) if t]
        out += [*(b.bullets or []), *(b.steps or [])]
        if b.table is not None:
            out += [cell for row in b.table.rows for cell in row]
        if b.example is not None:
            out += block_texts(b.example.blocks)
    return out


def section_texts(section: Section) -> list[str]:
    out = block_texts(section.blocks)
    for sub in section.sections:
        out += section_texts(sub)
    return out


def sections_named(rules: RulesFile, title: str) -> list[Section]:
    found: list[Section] = []
    todo = list(rules.sections)
    while todo:
        s = todo.pop()
        found += [s] if s.title == title else []
        todo += s.sections
    return found


@pytest.mark.parametrize("game", GAMES)
def test_rules_decisions_settle_rules_not_notation(game: str) -> None:
    """A rules decision answers a question about play; how a program writes moves
    down is no rules decision (Galliard listed its record notation as one)."""
    for section in sections_named(shipped_rules(game), "Rules decisions"):
        for text in section_texts(section):
            assert not re.search(r"notation|record|written form|file", text, re.I), text


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_name_no_program(game: str) -> None:
    """The source of every booklet's text, the credits included, is free of kitgen."""
    rules = shipped_rules(game)
    texts = [rules.credits or ""]
    for section in [*rules.sections, *rules.quick_reference]:
        texts += section_texts(section)
    assert not [t for t in texts if "kitgen" in t.lower()]


def test_galliards_deck_out_ending_is_in_the_main_rules() -> None:
    """Most rounds between good players end with the deck used up (docs/games.md gives
    the simulation): the booklet's own account of how a round ends must say so,
    not only the rules decisions."""
    rules = shipped_rules("galliard")
    (brief,) = sections_named(rules, "The game in brief")
    (end,) = sections_named(rules, "The end of a round")
    for section in (brief, end):
        text = " ".join(section_texts(section))
        assert "fewer number cards" in text, section.title
    assert "did not start" in " ".join(section_texts(end))


def test_shapeups_table_depth_tip_holds_for_both_boxes() -> None:
    """The tip on the table's depth must hold in the 5 by 4 box of the 24-card games,
    where a table four cards wide may still grow five deep."""
    from kitgen.games.shapeup.load import setups
    from kitgen.games.shapeup.model import Card
    from kitgen.games.shapeup.rules import placement_problem

    assert {s.box for s in setups().values()} == {(5, 3), (5, 4)}
    card = Card.parse("red solid circle")
    table = {(x, 0): card for x in range(4)} | {(0, 1): card, (0, 2): card}  # 4 wide, 3 deep
    assert placement_problem(table, (0, 3), setups()["2p-18"]) is not None  # 4 by 4: no
    assert placement_problem(table, (0, 3), setups()["3p-24"]) is None  # 4 by 4 fits 5 by 4
    table[(0, 3)] = card
    assert placement_problem(table, (0, 4), setups()["3p-24"]) is None  # four wide, five deep
    rules = shipped_rules("shapeup")
    tips = [
        t for t in block_texts(sections_named(rules, "Tips and strategy")[0].blocks) if "deep" in t
    ]
    assert len(tips) == 1
    tip = tips[0]
    assert "5 by 3" in tip and "5 by 4" in tip, tip
