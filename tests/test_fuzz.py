"""Fuzzing: every file kind, mutated, through every command that reads it.

Each file kind (cards, deck, position, record, kit, rules) gets a thousand
mutants: structural ones (keys dropped, renamed, retyped, duplicated; lists
emptied or made huge; numbers at and past their limits; strange Unicode) and
byte-level ones (bytes cut, inserted, corrupted). Every mutant goes through
`kitgen check` and through the commands that read its kind (`score`,
`replay`, `simulate`); a smaller run also builds and exports them. The answer
must be findings or a one-line error with the right exit status: never a
traceback, never a hang, never a half-written file.

The commands run in this process through `kitgen.entry.main` (as the `kitgen`
script does), with KITGEN_DEBUG set so that a bug surfaces as the exception
itself instead of the "internal error" line.
"""

from __future__ import annotations

import copy
import io
import json
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import fuzz_examples, leftovers, run_in_process
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from PIL import Image

from kitgen.entry import main
from kitgen.kit import check_file
from kitgen.model.findings import CODES
from kitgen.paths import data_dir

DATA = data_dir()
FIXTURES = Path(__file__).parent / "fixtures" / "valid"
GAMES = ("scratch", "shapeup", "scaffold", "staircase", "galliard")
# The bar: a thousand fuzzed files per kind in CI (KITGEN_TEST_PROFILE=full),
# a hundred in a plain `pytest`; KITGEN_FUZZ_EXAMPLES sets the count outright (more
# for a long local hunt, fewer while editing, a hundred on CI's floors run).
PER_KIND = fuzz_examples(1000)
BUILT_PER_KIND = max(1, PER_KIND // 10)  # mutants also built and exported: drawing costs more
HANG = 60  # seconds one command may take before the test calls it a hang

MY_CARDS = """game: scratch
kind: cards
factions:
  - {id: swamp, name: Swamp, colour: "#447744", tendency: left}
powers:
  - {id: sink, name: Sink!, text: The card sinks., faction: swamp}
cards:
  - name: Bog Witch
    faction: swamp
    rarity: common
    stats: {top: 4, right: 4, bottom: 4, left: 6}
    power: Sink!
  - name: Mire Troll
    faction: swamp
    rarity: rare
    stats: {top: 5, right: 4, bottom: 5, left: 7}
"""
ART_CARDS = """game: scratch
kind: cards
cards:
  - name: Painted Imp
    faction: monster
    rarity: common
    stats: {top: 5, right: 4, bottom: 3, left: 7}
    art: art/imp.png
  - name: Painted Guard
    faction: kingdom
    rarity: common
    stats: {top: 3, right: 4, bottom: 6, left: 6}
    art: art/imp.png
"""
MY_DECK = """game: scratch
kind: deck
name: Swamp
uses: [my-cards.yaml]
cards:
  Bog Witch: 5
  Mire Troll: 1
  Griffin: 1
  Owlbear: 1
  Wyvern: 1
  Gargoyle: 1
"""


_Dumper: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def short_rules(game: str) -> str:
    """A game's rules file cut to its first two sections and quick reference, so a
    thousand mutants stay quick to write and read (the structure is all there)."""
    doc = yaml.load((DATA / game / "rules.yaml").read_text(encoding="utf-8"), Loader=_Loader)
    doc["sections"] = doc["sections"][:2]
    doc["quick_reference"] = doc.get("quick_reference", [])[:1]
    return yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _kind_of(text: str) -> str:
    match = re.search(r"^kind:\s*(\w+)", text, re.M)
    assert match, text[:80]
    return match.group(1)


# Valid sources for each kind: (game folder to run in, file name, text).
Source = tuple[str, str, str]
SOURCES: dict[str, list[Source]] = {
    "cards": [
        ("scratch", "cards.yaml", _read(DATA / "scratch" / "cards.yaml")),
        ("scratch", "my-cards.yaml", MY_CARDS),
        ("scratch", "pirate-cards.yaml", _read(FIXTURES / "pirate-cards.yaml")),
        ("scratch", "art-cards.yaml", ART_CARDS),
    ],
    "deck": [
        *[("scratch", p.name, _read(p)) for p in sorted((DATA / "scratch" / "decks").glob("*"))],
        ("scratch", "my-deck.yaml", MY_DECK),
        ("scratch", "pirate-deck.yaml", _read(FIXTURES / "pirate-deck.yaml")),
        ("scratch", "anchors-deck.yaml", _read(FIXTURES / "anchors-deck.yaml")),
    ],
    "position": [],
    "record": [],
    "kit": [(game, "kit.yaml", _read(DATA / game / "kit.yaml")) for game in GAMES],
    "rules": [
        ("scratch", "house-rules.yaml", _read(FIXTURES / "house-rules.yaml")),
        *[(game, "rules.yaml", short_rules(game)) for game in GAMES],
    ],
}
for _game in GAMES:
    for _path in sorted((DATA / _game / "examples").glob("*.yaml")):
        SOURCES[_kind_of(_read(_path))].append((_game, _path.name, _read(_path)))
SOURCES["position"].append(("shapeup", "position.yaml", _read(FIXTURES / "shapeup-position.yaml")))

# One folder per game holding what the sources refer to (`uses:`, `rules:`), so a
# mutant written beside them resolves its references as the original does.
WORKDIR = Path(tempfile.mkdtemp(prefix="kitgen-fuzz-"))
for _game in GAMES:
    (WORKDIR / _game).mkdir()
    shutil.copy(DATA / _game / "rules.yaml", WORKDIR / _game / "rules.yaml")
(WORKDIR / "scratch" / "my-cards.yaml").write_text(MY_CARDS, encoding="utf-8")
shutil.copy(FIXTURES / "pirate-cards.yaml", WORKDIR / "scratch" / "pirate-cards.yaml")
# Art for the art-cards source, and files a mutated `art:` may point at.
(WORKDIR / "scratch" / "art").mkdir()
_png = io.BytesIO()
Image.new("RGB", (60, 24), "#884422").save(_png, format="PNG")
(WORKDIR / "scratch" / "art" / "imp.png").write_bytes(_png.getvalue())
shutil.copy(FIXTURES.parent / "invalid" / "_support" / "huge-header.png", WORKDIR / "scratch")
shutil.copy(FIXTURES.parent / "invalid" / "_support" / "not-an-image.png", WORKDIR / "scratch")
(WORKDIR / "scratch" / "cut.png").write_bytes(_png.getvalue()[:40])
GOOD_DECK = str(DATA / "scratch" / "decks" / "hold-the-line.yaml")

ODD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.sampled_from([0, -1, 1, 9, 10, 13, 52, 60, 61, 99, 100, 2**31, 2**63, 2**64]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
    st.sampled_from(
        [
            "",
            " ",
            "no",
            "~",
            "ß\u202e\u0301",
            "\U0001f409",
            "\u200b",
            "\ufeff",
            "A\u0000B",
            "e\u0301\u0301\u0301\u0301",
            "\u4e0a\u624b",
            "9" * 5000,
            "x" * 300,
            "x" * 20001,
            "A little slow!",
            "none",
            "monster",
            "common",
            "#zzzzzz",
            "../../etc",
            "/etc/passwd",
            "RJ",
            "KS/QS/AS/2S",
            "10H@r9c9",
            "trade RJ BJ",
            ".",
            "-",
            "cooperative",
            "{{ hand_size }}",
            "{{ 9 ** 9 ** 9 }}",
            "{{ 'x' * 1000000000 }}",
            "{% for a in range(99999) %}{% for b in range(99999) %}x{% endfor %}{% endfor %}",
            "{{ ''.__class__.__mro__ }}",
            "**bold** *it*",
            "<b>&amp;</b>",
            "tarot",
            "bridge",
            "letter",
            "200x200mm",
            "1x1mm",
            "0mm",
            "99mm",
            "short",
            "cards",
            "rules",
            "art",
            "art/imp.png",
            "huge-header.png",
            "not-an-image.png",
            "cut.png",
            "/dev/zero",
            "/dev/stdin",
            "art/",
        ]
    ),
    st.lists(st.integers(min_value=-5, max_value=60), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)

BYTE_EDITS = st.one_of(
    st.binary(max_size=8),
    st.sampled_from(
        [
            b":",
            b"- ",
            b"\n  ",
            b"\t",
            b"&a ",
            b"*a",
            b"!!python/name:os.system ",
            b"!!binary ",
            b"{",
            b"]",
            b"'",
            b'"',
            b"---\n",
            b"...\n",
            b"\xff",
            b"\xc3",
            b"\x00",
            b"\xef\xbb\xbf",
            b"<<: ",
            b"? ",
            b"|\n",
            b">-\n",
            b"%YAML 1.1\n",
            b"\r\n",
            b"\xe2\x80\xae",
        ]
    ),
)


def paths_of(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a parsed document: () is the whole document."""
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths_of(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += paths_of(v, (*prefix, i))
    return out


def mutate(doc: Any, path: tuple[Any, ...], how: str, new: Any) -> Any:
    """A copy of `doc` with one change at `path`."""
    doc = copy.deepcopy(doc)
    if not path:
        return new if how == "replace" else doc
    parent = doc
    for part in path[:-1]:
        parent = parent[part]
    last = path[-1]
    if how == "replace":
        parent[last] = new
    elif how == "drop":
        del parent[last]
    elif how == "duplicate" and isinstance(parent, list):
        parent.insert(last, copy.deepcopy(parent[last]))
    elif how == "rename" and isinstance(parent, dict):
        parent[str(new)[:20] or "x"] = parent.pop(last)
    elif how == "wrap":
        parent[last] = [parent[last]]
    elif how == "empty":
        parent[last] = type(parent[last])() if isinstance(parent[last], (list, dict, str)) else None
    elif how == "huge" and isinstance(parent[last], list) and parent[last]:
        parent[last] = parent[last] * 50
    elif how == "bump" and isinstance(parent[last], int) and not isinstance(parent[last], bool):
        parent[last] = parent[last] + new if isinstance(new, int) else -parent[last]
    return doc


STRUCTURAL = st.lists(
    st.tuples(
        st.integers(min_value=0),
        st.sampled_from(
            ["replace", "drop", "duplicate", "rename", "wrap", "empty", "huge", "bump"]
        ),
        ODD_VALUES,
    ),
    min_size=1,
    max_size=4,
)
BYTES = st.lists(
    st.tuples(st.integers(min_value=0), st.integers(min_value=0, max_value=40), BYTE_EDITS),
    min_size=1,
    max_size=6,
)


_PARSED: dict[str, Any] = {}


def parsed(text: str) -> Any:
    """A source's YAML as plain data, parsed once (mutate copies it)."""
    if text not in _PARSED:
        _PARSED[text] = yaml.load(text, Loader=_Loader)
    return _PARSED[text]


@st.composite
def mutants(draw: st.DrawFn, kind: str) -> tuple[str, str, bytes]:
    """(game folder, original name, mutant bytes) for a file of `kind`."""
    game, name, text = draw(st.sampled_from(SOURCES[kind]))
    if draw(st.booleans()):
        doc = parsed(text)
        for index, how, new in draw(STRUCTURAL):
            places = paths_of(doc)
            doc = mutate(doc, places[index % len(places)], how, new)
        try:
            dumped = yaml.dump(doc, Dumper=_Dumper, allow_unicode=True, sort_keys=False)
            return game, name, dumped.encode()
        except (yaml.YAMLError, ValueError, RecursionError):
            return game, name, text.encode()  # not representable as YAML: the original
    data = bytearray(text.encode("utf-8"))
    for at, cut, insert in draw(BYTES):
        at %= len(data) + 1
        data[at : at + cut] = insert
    return game, name, bytes(data)


def place(game: str, name: str, data: bytes) -> Path:
    """Write a mutant beside its original's neighbours."""
    path = WORKDIR / game / f"mutant-{name}"
    path.write_bytes(data)
    return path


FINDING_LINE = re.compile(r"^.+:\d+:\d+: (error|warning) ([a-z0-9-]+) \S")


def kitgen(*args: str) -> tuple[int, str, str]:
    """Run `kitgen ARGS` in this process: (exit status, stdout, stderr); a bug or a hang
    raises."""
    return run_in_process(main, *args, seconds=HANG)


def answered(args: tuple[str, ...], code: int, out: str, err: str, json_out: bool) -> None:
    """Findings or one line of error, and an exit status that matches them."""
    shown = f"kitgen {' '.join(args)} -> {code}\n{out[-2000:]}\n{err[-2000:]}"
    assert "Traceback" not in out + err, shown
    assert code in (0, 1, 2), shown
    if json_out and out.strip():
        report = json.loads(out)
        for entry in report.get("files", []):
            for f in entry["findings"]:
                assert f["code"] in CODES, shown
                assert f["line"] >= 1 and f["column"] >= 1, shown
    # stderr carries summaries ("3 files checked: ..."), findings when stdout holds
    # results, and at most one error line.
    errors = [line for line in err.splitlines() if line.startswith("kitgen: ")]
    assert len(errors) <= 1, shown
    if code == 0:
        assert not errors, shown
        return
    # Findings go to stdout, or to stderr when stdout carries results (simulate).
    findings = [m for m in map(FINDING_LINE.match, (out + err).splitlines()) if m]
    for m in findings:
        assert m.group(2) in CODES, shown
    said = any(m.group(1) == "error" for m in findings)
    if json_out:
        said = said or '"severity": "error"' in out or '"ok": false' in out
    assert said or errors, shown


def run(*args: str) -> tuple[int, str, str]:
    """Run a command and hold it to `answered`."""
    code, out, err = kitgen(*args)
    answered(args, code, out, err, json_out="json" in args)
    return code, out, err


FUZZ = settings(
    max_examples=PER_KIND,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@FUZZ
@given(mutant=mutants("cards"), json_out=st.booleans())
def test_fuzzed_card_files(mutant: tuple[str, str, bytes], json_out: bool) -> None:
    path = place(*mutant)
    run("check", str(path), *(["--format", "json"] if json_out else []))


@FUZZ
@given(mutant=mutants("deck"), json_out=st.booleans())
def test_fuzzed_decks(mutant: tuple[str, str, bytes], json_out: bool) -> None:
    path = place(*mutant)
    run("check", str(path), *(["--format", "json"] if json_out else []))
    run("simulate", str(path), GOOD_DECK, "--games", "2", "--players", "greedy,random")


@FUZZ
@given(mutant=mutants("position"), json_out=st.booleans())
def test_fuzzed_positions(mutant: tuple[str, str, bytes], json_out: bool) -> None:
    path = place(*mutant)
    fmt = ["--format", "json"] if json_out else []
    run("check", str(path), *fmt)
    run("score", str(path), *fmt)


@FUZZ
@given(mutant=mutants("record"), json_out=st.booleans())
def test_fuzzed_records(mutant: tuple[str, str, bytes], json_out: bool) -> None:
    path = place(*mutant)
    fmt = ["--format", "json"] if json_out else []
    run("check", str(path), *fmt)
    run("replay", str(path), *fmt)


@FUZZ
@given(mutant=mutants("kit"), json_out=st.booleans())
def test_fuzzed_kits(mutant: tuple[str, str, bytes], json_out: bool) -> None:
    path = place(*mutant)
    run("check", str(path), *(["--format", "json"] if json_out else []))


@FUZZ
@given(mutant=mutants("rules"), json_out=st.booleans())
def test_fuzzed_rules(mutant: tuple[str, str, bytes], json_out: bool) -> None:
    path = place(*mutant)
    run("check", str(path), *(["--format", "json"] if json_out else []))


@settings(
    max_examples=BUILT_PER_KIND,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    kind=st.sampled_from(["cards", "deck", "kit", "rules"]),
    data=st.data(),
)
def test_fuzzed_files_build_and_export_or_say_why(kind: str, data: st.DataObject) -> None:
    path = place(*data.draw(mutants(kind)))
    out = Path(tempfile.mkdtemp(prefix="kitgen-fuzz-out-"))
    try:
        code, out_text, _ = run("build", str(path), "-o", str(out))
        event(f"{kind} build exit {code}")  # shown by --hypothesis-show-statistics
        written = sorted(p for p in out.rglob("*") if p.is_file())
        # A kit can build some files and refuse others ("some files were not
        # built"); every file there is whole, and it is one the build named.
        for p in written:
            data = p.read_bytes()
            assert data.startswith(b"%PDF-") and b"%%EOF" in data[-64:], p
            assert str(p) in out_text.splitlines(), p
        if code == 0:
            assert written, "a build that succeeds writes something"
        assert not leftovers(out)
        if kind in ("cards", "deck"):
            run("export", "pdf", str(path), "-o", str(out / "pdf"))
            run("export", "png", str(path), "--dpi", "40", "-o", str(out / "png"))
            assert not leftovers(out)
    finally:
        shutil.rmtree(out, ignore_errors=True)


def test_the_fuzz_sources_cover_every_kind_and_game() -> None:
    assert sorted(SOURCES) == ["cards", "deck", "kit", "position", "record", "rules"]
    for kind, sources in SOURCES.items():
        assert sources, kind
        for game, name, text in sources:
            assert check_file(str(place(game, name, text.encode()))).ok, (kind, name)
    games = {game for sources in SOURCES.values() for game, _, _ in sources}
    assert games == set(GAMES)
    assert {g for g, _, _ in SOURCES["record"]} == set(GAMES)
    assert {g for g, _, _ in SOURCES["position"]} == set(GAMES) - {"scratch"}


@pytest.mark.parametrize(
    "args",
    [
        ("check", "{bad}"),
        ("score", "{bad}"),
        ("replay", "{bad}"),
        ("build", "{bad}", "-o", "{out}"),
        ("export", "png", "{bad}", "-o", "{out}"),
        ("simulate", "{bad}", "{bad}", "--games", "2"),
    ],
)
def test_the_answer_check_itself_rejects_a_traceback(args: tuple[str, ...]) -> None:
    """`answered` fails on an internal error, and passes a plain finding."""
    bad = WORKDIR / "scratch" / "broken.yaml"
    bad.write_text("game: scratch\nkind: deck\ncards: {Nobody: 1}\n", encoding="utf-8")
    real = [a.format(bad=bad, out=WORKDIR / "out") for a in args]
    code, out, err = kitgen(*real)
    answered(tuple(real), code, out, err, json_out=False)
    assert code != 0
    with pytest.raises(AssertionError):
        answered(tuple(real), 70, "", "Traceback (most recent call last):\n", json_out=False)
    with pytest.raises(AssertionError):
        answered(tuple(real), 1, "", "kitgen: error: one\nkitgen: error: two\n", json_out=False)
    with pytest.raises(AssertionError):
        answered(tuple(real), 1, "", "", json_out=False)  # failed, and said nothing
