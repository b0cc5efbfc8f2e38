"""Random mutations of valid card and deck files yield findings, never an exception."""

from __future__ import annotations

import copy
import tempfile
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kitgen.kit import check_file
from kitgen.model.findings import CODES
from kitgen.paths import data_dir

SCRATCH = data_dir() / "scratch"
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
SOURCES: list[tuple[str, str]] = [
    ("cards.yaml", (SCRATCH / "cards.yaml").read_text(encoding="utf-8")),
    *[(p.name, p.read_text(encoding="utf-8")) for p in sorted((SCRATCH / "decks").glob("*.yaml"))],
    *[
        (p.name, p.read_text(encoding="utf-8"))
        for game in ("scratch", "shapeup", "scaffold", "staircase", "galliard")
        for p in sorted((data_dir() / game / "examples").glob("*.yaml"))
    ],
    *[
        (f"{game}-kit.yaml", (data_dir() / game / "kit.yaml").read_text(encoding="utf-8"))
        for game in ("scaffold", "staircase", "galliard")
    ],
    ("my-cards.yaml", MY_CARDS),
    ("my-deck.yaml", MY_DECK),
]
WORKDIR = Path(tempfile.mkdtemp(prefix="kitgen-fuzz-"))
(WORKDIR / "my-cards.yaml").write_text(MY_CARDS, encoding="utf-8")

ODD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
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
            "9" * 5000,
            "x" * 300,
            "A little slow!",
            "none",
            "monster",
            "common",
            "#zzzzzz",
            "../../etc",
            "RJ",
            "KS/QS/AS/2S",
            "10H@r9c9",
            "trade RJ BJ",
            ".",
            "-",
            "cooperative",
        ]
    ),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)


def check_text(name: str, data: bytes) -> None:
    path = WORKDIR / f"mutant-{name}"
    path.write_bytes(data)
    report = check_file(str(path))
    for f in report.findings:
        assert f.code in CODES
        assert f.severity in ("error", "warning")
        assert f.message.strip()
        assert f.location is not None and f.location.line >= 1 and f.location.column >= 1
    assert report.ok is not any(f.is_error for f in report.findings)


def paths_of(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths_of(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += paths_of(v, (*prefix, i))
    return out


def mutate(doc: Any, path: tuple[Any, ...], how: str, new: Any) -> Any:
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
    return doc


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    source=st.sampled_from(SOURCES),
    picks=st.lists(
        st.tuples(
            st.integers(min_value=0),
            st.sampled_from(["replace", "drop", "duplicate", "rename", "wrap", "empty", "huge"]),
            ODD_VALUES,
        ),
        min_size=1,
        max_size=4,
    ),
)
def test_structural_mutations_only_give_findings(
    source: tuple[str, str], picks: list[tuple[int, str, Any]]
) -> None:
    name, text = source
    doc = yaml.safe_load(text)
    for index, how, new in picks:
        paths = paths_of(doc)
        doc = mutate(doc, paths[index % len(paths)], how, new)
    try:
        data = yaml.safe_dump(doc, allow_unicode=True, sort_keys=False).encode("utf-8")
    except (yaml.YAMLError, ValueError, RecursionError):
        return  # not representable as YAML: nothing to check
    check_text(name, data)


@settings(max_examples=300, deadline=None)
@given(
    source=st.sampled_from(SOURCES),
    edits=st.lists(
        st.tuples(
            st.integers(min_value=0),
            st.integers(min_value=0, max_value=40),
            st.one_of(
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
                        b"{",
                        b"]",
                        b"'",
                        b'"',
                        b"---\n",
                        b"\xff",
                        b"\xc3",
                        b"\x00",
                        b"<<: ",
                        b"? ",
                        b"|\n",
                    ]
                ),
            ),
        ),
        min_size=1,
        max_size=6,
    ),
)
def test_byte_mutations_only_give_findings(
    source: tuple[str, str], edits: list[tuple[int, int, bytes]]
) -> None:
    name, text = source
    data = bytearray(text.encode("utf-8"))
    for at, cut, insert in edits:
        at %= len(data) + 1
        data[at : at + cut] = insert
    check_text(name, bytes(data))
