"""Names from files never drive the terminal: control characters are shown escaped."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

from conftest import examples, write
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from kitgen.cli import app
from kitgen.paths import data_dir
from kitgen.terminal import safe_lines, shown

runner = CliRunner()
DATA = data_dir()

# What a terminal obeys: C0 (but the newline between lines), DEL, C1, bidi controls,
# the line separators, and lone surrogates (which could not even be written).
RAW = re.compile(
    "[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
    "\u2028\u2029\ud800-\udfff]"
)
CONTROLS = [chr(c) for c in [*range(0x20), *range(0x7F, 0xA0)]] + [
    "\u061c",
    "\u200e",
    "\u200f",
    *map(chr, range(0x202A, 0x202F)),
    *map(chr, range(0x2066, 0x206A)),
    "\u2028",
    "\u2029",
]
ATTACK = "\x1b]0;PWNED\x07\x1b[2J\u202e\x9b31m\r\x08\x7f"
names = st.text(
    alphabet=st.one_of(
        st.sampled_from(CONTROLS), st.characters(min_codepoint=0x20, max_codepoint=0x2100)
    ),
    min_size=1,
    max_size=24,
).filter(lambda s: bool(s.strip()) and len(s) <= 24)
NUMBERS = itertools.count()
EXAMPLES = settings(
    max_examples=examples(10),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)


def quoted(text: str) -> str:
    """`text` as a YAML double-quoted scalar (JSON's escapes are YAML's)."""
    return json.dumps(text)


def run(*args: str) -> tuple[int, str]:
    """Run kitgen; its exit code, and stdout then stderr, after checking that neither
    holds a raw control character (both are decoded as UTF-8: lone surrogates fail)."""
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    out = result.stdout_bytes.decode("utf-8") + result.stderr_bytes.decode("utf-8")
    found = RAW.search(out)
    assert found is None, f"raw {found.group()!r} in {out!r}"
    return result.exit_code, out


def no_injected_line(out: str) -> None:
    """A newline in a name is shown as `\\n`: no line starts with what followed it."""
    assert not any(line.startswith("INJECTED") for line in out.splitlines()), out


def record(tmp: Path, p1: str, p2: str) -> str:
    text = (DATA / "scratch" / "examples" / "game-one.yaml").read_text(encoding="utf-8")
    text = text.replace(
        "first: P1", f"first: P1\nplayers: {{P1: {quoted(p1)}, P2: {quoted(p2)}}}", 1
    )
    return write(tmp, "record.yaml", text)


def deck(tmp: Path, name: str, card: str, file: str = "deck.yaml") -> str:
    write(
        tmp,
        "cards.yaml",
        "game: scratch\nkind: cards\ncards:\n"
        f"  - name: {quoted(card)}\n    faction: monster\n    rarity: common\n"
        "    stats: {top: 5, right: 4, bottom: 4, left: 6}\n",
    )
    return write(
        tmp,
        file,
        f"game: scratch\nkind: deck\nname: {quoted(name)}\nuses: [cards.yaml]\ncards:\n"
        f"  {quoted(card)}: 5\n  Griffin: 1\n  Owlbear: 1\n  Wyvern: 1\n  Gargoyle: 1\n"
        "  Knight: 1\n",
    )


def position(tmp: Path, player: str) -> str:
    text = (
        "game: shapeup\nkind: position\ngrid:\n"
        "  - [green solid triangle, red hollow square, red solid circle]\n"
        "  - [blue solid triangle, blue solid square, green hollow triangle]\n"
        f"victory:\n  {quoted(player)}: green hollow circle\n  B: red solid triangle\n"
    )
    return write(tmp, "position.yaml", text)


@given(text=st.text())
def test_shown_leaves_no_control_and_safe_lines_only_newlines(text: str) -> None:
    assert RAW.search(shown(text)) is None
    assert "\n" not in shown(text)
    assert RAW.search(safe_lines(text)) is None
    assert safe_lines(text).count("\n") == text.count("\n")
    assert shown(shown(text)) == shown(text)  # escaping is idempotent
    if RAW.search(text) is None and "\n" not in text:
        assert shown(text) == text  # nothing else changes


def test_escapes_read_as_python_writes_them() -> None:
    assert shown(ATTACK) == "\\x1b]0;PWNED\\x07\\x1b[2J\\u202e\\x9b31m\\r\\x08\\x7f"
    assert shown("a\nb\tc") == "a\\nb\\tc"
    assert safe_lines("a\nb\x1b") == "a\nb\\x1b"


@EXAMPLES
@given(p1=names, p2=names)
def test_replay_shows_player_names_escaped(tmp_path: Path, p1: str, p2: str) -> None:
    path = record(tmp_path, p1, p2)
    code, out = run("replay", path)
    assert code == 0, out
    assert f" {shown(p1)}" in out
    run("replay", path, "--format", "json")


@EXAMPLES
@given(name=names, card=names)
def test_simulate_and_check_show_deck_and_card_names_escaped(
    tmp_path: Path, name: str, card: str
) -> None:
    card = f"Imp {card}"  # (not a card of the official set)
    # (a new file each time: simulate keeps the decks it read, by path)
    path = deck(tmp_path, name, card, f"deck-{next(NUMBERS)}.yaml")
    code, out = run("simulate", path, path, "--games", "2")
    assert code == 0, out
    assert shown(name) in out
    run("simulate", path, path, "--games", "2", "--format", "json")
    run("check", path, str(tmp_path / "cards.yaml"))


@EXAMPLES
@given(player=names)
def test_score_shows_player_names_escaped(tmp_path: Path, player: str) -> None:
    if player == "B":
        return
    code, out = run("score", position(tmp_path, player))
    assert code == 0, out
    assert shown(player) in out
    run("score", position(tmp_path, player), "--format", "json")


def test_a_newline_in_a_name_stays_on_its_line(tmp_path: Path) -> None:
    evil = "Eve\nINJECTED line"
    for args in (
        ("replay", record(tmp_path, evil, "Bob")),
        ("score", position(tmp_path, evil)),
        ("simulate", deck(tmp_path, evil, f"Imp\nINJECTED {ATTACK}"), str(tmp_path / "deck.yaml")),
    ):
        code, out = run(*args)
        assert code == 0, out
        no_injected_line(out)
        assert "Eve\\nINJECTED line" in out


def test_findings_quote_names_escaped(tmp_path: Path) -> None:
    """A finding about a name (an unknown card named in a deck) is one clean line."""
    path = write(
        tmp_path,
        "deck.yaml",
        "game: scratch\nkind: deck\nname: Bad\ncards:\n"
        f"  {quoted('Imp' + ATTACK + chr(10) + 'INJECTED')}: 10\n",
    )
    code, out = run("check", path)
    assert code == 1
    no_injected_line(out)
    assert "\\x1b]0;PWNED" in out


def test_export_tts_and_text_not_drawable_show_names_escaped(tmp_path: Path) -> None:
    """The deck's title in export tts's instructions, and a text-not-drawable finding."""
    path = deck(tmp_path, f"Deck {ATTACK}\nINJECTED", "Imp")
    code, out = run("export", "tts", path, "--out", str(tmp_path / "out"), "--jobs", "1")
    assert code == 0, out
    no_injected_line(out)
    assert "Deck \\x1b]0;PWNED" in out, out
    undrawable = deck(tmp_path, "Deck", f"Imp {ATTACK}\nINJECTED", "undrawable.yaml")
    for command in (("build",), ("export", "png")):
        code, out = run(*command, undrawable, "--out", str(tmp_path / "out"))
        assert code == 0  # (printed as ?, and said)
        no_injected_line(out)
        assert "text-not-drawable 'Imp \\x1b]0;PWNED" in out, out
