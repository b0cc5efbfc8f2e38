"""`text-overlap`: a text element whose letters run into another element drawn on the
card is a warning naming both, said once for all the cards that have it; text lying
wholly inside a shape (a title on its band, a number in its disc, text in a frame) is
not, nor are letters that only the text's box, not its lines, would reach."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from conftest import designed_game

from kitgen.games.designed.draw import check_drawn
from kitgen.games.designed.load import load_design

GAME = designed_game(
    "crowded",
    "  name: {type: text, max_length: 40}\n  rules: {type: text}\n  power: {type: integer}\n",
)
# A frame round everything, a band under the title, the power in a disc at the
# right, and the rules box reaching down past the disc: the disc sits 56 to 68 mm down
# the card, the rules start at 50 mm, left-aligned across the card's width.
FACE = """\
game: crowded
kind: layout
elements:
  - {type: rect, name: frame, x: 2mm, y: 2mm, width: 59mm, height: 84mm, stroke: "#000000"}
  - {type: rect, name: band, x: 2mm, y: 2mm, width: 59mm, height: 10mm, fill: "#b03a2e"}
  - {type: text, name: title, text: "{{ name }}", x: 4mm, y: 3mm, width: 55mm, height: 8mm,
     size: 12, colour: "#ffffff", valign: middle}
  - {type: text, name: rules, text: "{{ rules }}", x: 5mm, y: 50mm, width: 53mm,
     height: 34mm, size: 10, min_size: 10, valign: top}
  - {type: ellipse, name: disc, anchor: bottom-right, x: 4mm, y: 20mm, width: 12mm,
     height: 12mm, fill: "#333333"}
  - {type: text, name: power, text: "{{ power }}", anchor: bottom-right, x: 6mm, y: 22mm,
     width: 8mm, height: 8mm, size: 14, colour: "#ffffff", align: centre, valign: middle}
EXTRA
"""
SHORT = "Draw a card."
LONG = " ".join(["Each player discards a card, then draws two cards."] * 3)


def _found(tmp_path: Path, rules: list[str], extra: str = "", face: str = "") -> list[str]:
    table = io.StringIO()
    writer = csv.writer(table, lineterminator="\n")
    writer.writerow(["name", "rules", "power"])
    writer.writerows([f"Card {i}", text, i] for i, text in enumerate(rules))
    for name, text in {
        "game.yaml": GAME,
        "face.yaml": face or FACE.replace("EXTRA", extra),
        "cards.csv": table.getvalue(),
    }.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    design = load_design("crowded", str(tmp_path))
    assert design.ok, design.findings
    return [
        f"{f.severity} {f.message}" for f in check_drawn(design, None) if f.code == "text-overlap"
    ]


def test_text_inside_its_frame_band_and_disc_is_no_overlap(tmp_path: Path) -> None:
    assert _found(tmp_path, [SHORT, SHORT]) == []


def test_rules_running_into_the_disc_are_said_once_for_every_card_that_does(
    tmp_path: Path,
) -> None:
    found = _found(tmp_path, [SHORT, LONG, LONG, SHORT])
    assert found == [
        "warning card 'Card 1' (and 1 more): 'rules' runs into 'disc': its letters overlap "
        "the ellipse (move it, or make its box smaller)",
        "warning card 'Card 1' (and 1 more): 'rules' runs into 'power': its letters overlap "
        "the text (move it, or make its box smaller)",
    ]


def test_a_line_only_the_rules_box_reaches_is_no_overlap(tmp_path: Path) -> None:
    """Three centred short lines: the box reaches beside the disc, no letter does."""
    text = "Draw a card.\\nThen another.\\nThen one more."
    found = _found(tmp_path, [text.replace("\\n", "\n")])
    assert found == []


def test_two_texts_and_a_line_through_text_each_overlap(tmp_path: Path) -> None:
    extra = (
        '  - {type: text, name: stamp, text: "PROMO", x: 5mm, y: 48mm, width: 30mm, '
        "height: 8mm, size: 14}\n"
        '  - {type: line, name: rule, x: 2mm, y: 52mm, width: 59mm, height: 0, stroke: "#000000"}'
    )
    found = _found(tmp_path, [LONG], extra)
    assert any("'rules' runs into 'stamp'" in f for f in found), found
    assert any("'stamp' runs into 'rule'" in f for f in found), found
    assert not any("'stamp' runs into 'rules'" in f for f in found), found  # (said once)


def test_an_ellipse_counts_by_its_curve_not_its_box() -> None:
    """A disc of radius 10 at (10, 10): a line in its box's corner misses it, one
    across its edge hits it, one wholly inside it sits on it."""
    from kitgen.games.designed.draw import Placed, _runs_into

    disc = Placed(0, 0, 20, 20)
    assert not _runs_into(Placed(-1, 18, 2, 2), disc, ellipse=True)  # (the box's corner)
    assert _runs_into(Placed(-1, 18, 2, 2), disc, ellipse=False)  # (a rect's edge: hit)
    assert _runs_into(Placed(15, 8, 10, 4), disc, ellipse=True)  # (across the edge)
    assert not _runs_into(Placed(6, 8, 8, 4), disc, ellipse=True)  # (inside: on the disc)
    assert not _runs_into(Placed(25, 8, 10, 4), disc, ellipse=True)  # (beside it)


def test_a_text_placed_card_by_card_is_looked_at_card_by_card(tmp_path: Path) -> None:
    """The stamp moves with a field: it meets the rules on the cards it is placed low
    on, and only on those (what is placed alike on every card is looked at once)."""
    extra = (
        '  - {type: text, name: stamp, text: "PROMO", x: 5mm, width: 18mm, height: 8mm, '
        "size: 14, y: {power: {'0': 14mm, '1': 52mm, '2': 14mm, else: 14mm}}}"
    )
    found = _found(tmp_path, [LONG, LONG, LONG], extra)
    assert [f for f in found if "'stamp'" in f] == [
        "warning card 'Card 1': 'rules' runs into 'stamp': its letters overlap the text "
        "(move it, or make its box smaller)"
    ]


def test_what_the_texts_backdrop_hides_is_no_overlap(tmp_path: Path) -> None:
    """A half-width ground drawn before the band lies under the band where the title is:
    no overlap. Drawn over the title, the same rect covers its letters."""
    under = '  - {type: rect, name: ground, x: 0, y: 0, width: 30mm, height: 14mm, fill: "#222222"}'
    face = FACE.replace("elements:\n", "elements:\n" + under + "\n").replace("EXTRA", "")
    assert _found(tmp_path, [SHORT], face=face) == []
    over = under.replace("ground", "sticker")
    assert _found(tmp_path, [SHORT], extra=over) == [
        "warning card 'Card 0': 'title' runs into 'sticker': its letters overlap the rect "
        "(move it, or make its box smaller)"
    ]


def test_a_polygon_counts_by_its_corners_not_its_box(tmp_path: Path) -> None:
    """Text beside a hexagon, inside the hexagon's box but clear of its slanted side:
    no overlap; text across the side: an overlap."""
    face = (
        "game: crowded\nkind: layout\nelements:\n"
        "  - {type: polygon, name: hex, sides: 6, x: 10mm, y: 10mm, width: 40mm, "
        "height: 40mm, fill: '#2e8b57'}\n"
        "  - {type: text, name: note, text: '{{ name }}', x: %s, y: %s, width: %s, "
        "height: 5mm, size: 7, min_size: 7}\n"
    )
    clear = face % ("10.5mm", "10.5mm", "6mm")  # (the box's top-left corner: off the hexagon)
    across = face % ("12mm", "18mm", "16mm")  # (over its upper left side)
    assert _found(tmp_path, [SHORT], face=clear) == []
    found = _found(tmp_path, [SHORT], face=across)
    assert len(found) == 1 and "'note' runs into 'hex'" in found[0]
