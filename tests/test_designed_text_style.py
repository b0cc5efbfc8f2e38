"""A text element's style (its size, face, colour, alignment ...) is worked out once
when no template or mapping sets it, and card by card when one does: each card is set
in its own style, and a style that is wrong on one card is a finding on that card."""

from __future__ import annotations

from pathlib import Path

from conftest import designed_game

from kitgen.games.designed.draw import Artist, check_drawn
from kitgen.games.designed.load import load_design
from kitgen.layout.geometry import Size
from kitgen.layout.units import MM

CARD = Size(63 * MM, 88 * MM)

GAME = designed_game(
    "styled",
    "  name: {type: text, max_length: 40}\n  rank: {type: choice, values: [low, mid, high]}\n",
)
FACE = """\
game: styled
kind: layout
elements:
  - {type: text, text: "{{ name }}", x: 5mm, y: 5mm, width: 53mm, height: 20mm, size: 12,
     bold: true, colour: "#202020", align: centre}
  - type: text
    text: "{{ name }}"
    x: 5mm
    y: 40mm
    width: 53mm
    height: 20mm
    size: {rank: {low: 8, mid: 11, high: 16}}
    min_size: MIN
    colour: {rank: {low: "#888888", mid: "#333333", high: "#b03a2e"}}
    align: {rank: {low: left, mid: centre, high: right}}
"""


def _folder(tmp_path: Path, min_size: float) -> Path:
    rows = ["name,rank", "Ash,low", "Birch,mid", "Cedar,high", "Dogwood,mid"]
    files = {
        "game.yaml": GAME,
        "face.yaml": FACE.replace("MIN", f"{min_size:g}"),
        "cards.csv": "\n".join(rows) + "\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def _plans(folder: Path) -> list[tuple[tuple[float, str, str, str], ...]]:
    """Each card's text elements as set: (size, colour, align, first line's text) each."""
    design = load_design("styled", str(folder))
    assert design.ok, design.findings
    artist = Artist(design, CARD, 0.0)
    assert design.face is not None
    out = []
    for card in design.cards:
        layout = design.face.of(card.values)
        context = artist.context(card)
        plans = []
        for part in layout.parts:
            plan = artist.text(part, context, artist.place(part, context))
            first = "".join(p.text for p in plan.fitted.lines[0].pieces)
            plans.append((plan.fitted.size, plan.colour, plan.align, first))
        out.append(tuple(plans))
    return out


def test_each_card_is_set_in_the_style_its_mappings_give_it(tmp_path: Path) -> None:
    plans = _plans(_folder(tmp_path, 6))
    title = [p[0] for p in plans]
    assert title == [(12.0, "#202020", "centre", n) for n in ("Ash", "Birch", "Cedar", "Dogwood")]
    body = [p[1] for p in plans]
    assert body == [
        (8.0, "#888888", "left", "Ash"),
        (11.0, "#333333", "centre", "Birch"),
        (16.0, "#b03a2e", "right", "Cedar"),
        (11.0, "#333333", "centre", "Dogwood"),
    ]


def test_a_style_wrong_on_some_cards_is_a_finding_on_each_of_them(tmp_path: Path) -> None:
    """`min_size: 9` is more than the low rank's 8 pt: Ash's card, and only Ash's, is
    refused (the other cards, and the constant title, are set as ever)."""
    design = load_design("styled", str(_folder(tmp_path, 9)))
    assert design.ok, design.findings
    found = [f for f in check_drawn(design, None) if f.code == "out-of-range"]
    assert len(found) == 1, found
    assert "`min_size` (9 pt) is more than `size` (8 pt)" in found[0].message
    assert "Ash" in found[0].message
