"""Reading kitgen files: whole-file problems, validation, pruning, and `uses:`."""

from __future__ import annotations

import os
from pathlib import Path

from conftest import write

from kitgen.games.scratch.model import ScratchCardsFile, ScratchDeckFile
from kitgen.kit import check_file
from kitgen.load.documents import read_document
from kitgen.load.yamlsrc import Limits

CARD = """  - name: {name}
    faction: monster
    rarity: common
    stats: {{top: 5, right: 5, bottom: 3, left: 6}}
"""


def cards_file(*names: str, extra: str = "") -> str:
    return (
        "game: scratch\nkind: cards\n"
        + extra
        + "cards:\n"
        + "".join(CARD.format(name=n) for n in names)
    )


def deck_file(cards: dict[str, int], uses: list[str] | None = None) -> str:
    lines = ["game: scratch", "kind: deck", "name: Test deck"]
    if uses is not None:
        lines.append(f"uses: [{', '.join(uses)}]")
    lines.append("cards:")
    lines += [f"  {name}: {count}" for name, count in cards.items()]
    return "\n".join(lines) + "\n"


# A legal deck of two custom commons and five official rares.
ORK_AND_IMP_DECK = {
    "Ork": 3,
    "Imp": 2,
    "Griffin": 1,
    "Owlbear": 1,
    "Wyvern": 1,
    "Gargoyle": 1,
    "Giant": 1,
}


def codes_at(path: str) -> list[tuple[str, str, int]]:
    report = check_file(path)
    return [
        (
            f.code,
            os.path.basename(f.location.path) if f.location else "",
            f.location.line if f.location else 0,
        )
        for f in report.findings
    ]


def test_missing_file(tmp_path: Path) -> None:
    report = check_file(str(tmp_path / "nope.yaml"))
    assert [f.code for f in report.findings] == ["file-not-found"]
    assert not report.ok and report.game is None


def test_folder_is_unreadable(tmp_path: Path) -> None:
    assert [f.code for f in check_file(str(tmp_path)).findings] == ["file-unreadable"]


def test_oversized_file(tmp_path: Path) -> None:
    path = write(tmp_path, "big.yaml", "# " + "x" * 2000 + "\n")
    doc = read_document(path, Limits(max_file_bytes=1000))
    assert [f.code for f in doc.findings] == ["file-too-large"]
    assert "1,000" in doc.findings[0].message


def test_every_problem_in_a_file_is_collected(tmp_path: Path) -> None:
    text = (
        cards_file("Ork", "Imp", "Elf")
        .replace(
            "    stats: {top: 5, right: 5, bottom: 3, left: 6}\n  - name: Imp",
            "    stats: {top: x, right: 5, bottom: 3, left: 6}\n  - name: Imp",
            1,
        )
        .replace("  - name: Elf\n    faction: monster", "  - name: Elf\n    factoin: monster")
    )
    path = write(tmp_path, "cards.yaml", text)
    doc = read_document(path)
    assert sorted(f.code for f in doc.findings) == ["missing-key", "unknown-key", "wrong-type"]
    # The broken cards are dropped; the good one is kept, located where it was written.
    assert isinstance(doc.model, ScratchCardsFile)
    [imp] = doc.model.cards
    assert imp.name == "Imp"
    where = imp.where("stats")
    assert where is not None and where.line == 11
    assert [p for p, _ in doc.dropped] == [("cards", 0), ("cards", 2)]


def test_schema_messages_name_the_card(tmp_path: Path) -> None:
    path = write(tmp_path, "c.yaml", cards_file("Ork").replace("left: 6", "left: 6, middle: 1"))
    [f] = read_document(path).findings
    assert f.code == "unknown-key"
    assert "'middle'" in f.message and "of 'Ork'" in f.message and "top, right" in f.message


def test_uses_files_join_the_pool(tmp_path: Path) -> None:
    write(tmp_path, "mine/cards.yaml", cards_file("Ork", "Imp"))
    deck = write(
        tmp_path,
        "deck.yaml",
        deck_file(
            ORK_AND_IMP_DECK,
            uses=["mine/cards.yaml"],
        ),
    )
    report = check_file(deck)
    assert report.findings == [] and report.ok


def test_uses_problems_are_reported_in_their_own_file(tmp_path: Path) -> None:
    # The card file's error is the card file's; the deck that uses the broken card is
    # told so at its own line (issue 35: a deck's findings are all at the deck).
    mine = write(tmp_path, "mine.yaml", cards_file("Ork").replace("top: 5", "top: 7"))
    deck = write(tmp_path, "deck.yaml", deck_file({"Ork": 5, "Worg": 5}, uses=["mine.yaml"]))
    assert codes_at(mine) == [("stat-budget", "mine.yaml", 7)]
    assert codes_at(deck) == [("broken-card", "deck.yaml", 6)]
    assert not check_file(deck).ok


def test_uses_cycle_through_two_files(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", cards_file("Ork", extra="uses: [b.yaml]\n"))
    write(tmp_path, "b.yaml", cards_file("Imp", extra="uses: [a.yaml]\n"))
    assert codes_at(str(tmp_path / "a.yaml")) == [("uses-cycle", "b.yaml", 3)]


def test_shared_uses_file_is_read_once(tmp_path: Path) -> None:
    write(tmp_path, "base.yaml", cards_file("Ork"))
    write(tmp_path, "b.yaml", cards_file("Imp", extra="uses: [base.yaml]\n"))
    deck = write(
        tmp_path,
        "deck.yaml",
        deck_file(
            ORK_AND_IMP_DECK,
            uses=["base.yaml", "b.yaml"],
        ),
    )
    assert check_file(deck).findings == []


def test_using_the_official_pool_is_harmless(tmp_path: Path, scratch_data: Path) -> None:
    deck = write(
        tmp_path,
        "deck.yaml",
        deck_file(
            {"Worg": 5, "Griffin": 1, "Owlbear": 1, "Wyvern": 1, "Gargoyle": 1, "Giant": 1},
            uses=[str(scratch_data / "cards.yaml")],
        ),
    )
    assert check_file(deck).findings == []


def test_a_custom_card_cannot_take_an_official_name(tmp_path: Path) -> None:
    path = write(tmp_path, "c.yaml", cards_file("worg"))
    [f] = check_file(path).findings
    assert f.code == "duplicate-card" and "cards.yaml line" in f.message


def test_deck_model_keeps_card_counts(tmp_path: Path) -> None:
    path = write(tmp_path, "d.yaml", deck_file({"Worg": 5, "Griffin": 5}))
    doc = read_document(path)
    assert isinstance(doc.model, ScratchDeckFile)
    assert doc.model.cards == {"Worg": 5, "Griffin": 5}
    where = doc.model.where("cards", "Griffin", key=True)
    assert where is not None and (where.line, where.column) == (6, 3)


def test_a_copy_of_the_official_pool_checks_clean(tmp_path: Path, scratch_data: Path) -> None:
    text = (scratch_data / "cards.yaml").read_text(encoding="utf-8")
    assert check_file(write(tmp_path, "copy.yaml", text)).findings == []
    changed = text.replace(
        "stats: {top: 7, right: 3, bottom: 6, left: 6}\n    power: Against",
        "stats: {top: 6, right: 3, bottom: 6, left: 7}\n    power: Against",
    )
    assert changed != text
    [f] = check_file(write(tmp_path, "changed.yaml", changed)).findings
    assert f.code == "duplicate-card" and "different card called 'Hydra'" in f.message


def test_redeclaring_a_faction_differently_clashes(tmp_path: Path) -> None:
    extra = 'factions:\n  - {id: monster, name: Monster, colour: "#000000", tendency: top}\n'
    [f] = check_file(write(tmp_path, "c.yaml", cards_file("Ork", extra=extra))).findings
    assert f.code == "duplicate-id" and "different 'Monster'" in f.message


def test_messages_quote_a_long_name_by_its_start(tmp_path: Path) -> None:
    """A 15,000-character card name is named in a few dozen characters, once per
    finding, not written out whole in every message about it."""
    name = "z" * 15_000
    cards = write(tmp_path, "c.yaml", f"game: scratch\nkind: cards\ncards:\n  - name: {name}\n")
    deck = write(
        tmp_path, "d.yaml", f"game: scratch\nkind: deck\nname: D\ncards:\n  ? {name}\n  : 3\n"
    )
    found = check_file(cards).findings + check_file(deck).findings
    shown = "'" + "z" * 37 + "...'"
    assert {f.code for f in found} >= {"missing-key", "out-of-range"}
    for f in found:
        assert len(f.message) < 160, f.message[:200]
    assert sum(shown in f.message for f in found) >= 4  # 3 missing keys, the name, the deck key
