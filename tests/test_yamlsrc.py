"""The YAML reader: values, marks, YAML 1.2 scalars, and refusal of hostile input."""

from __future__ import annotations

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from kitgen.load.yamlsrc import Limits, decode_utf8, parse_yaml, resolve_plain


def codes(text: str, limits: Limits = Limits()) -> list[str]:
    return [f.code for f in parse_yaml(text, "t.yaml", limits).findings]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("5", 5),
        ("-3", -3),
        ("0x1F", 31),
        ("0o17", 15),
        ("1.5", 1.5),
        ("true", True),
        ("False", False),
        ("null", None),
        ("~", None),
        ("", None),
        # YAML 1.1 surprises that YAML 1.2 (and kitgen) read as text:
        ("no", "no"),
        ("yes", "yes"),
        ("on", "on"),
        ("2024-01-01", "2024-01-01"),
        ("0755", 755),
        ("1_000", "1_000"),
        # Text whatever its first letter, and the letters that start null, true, false:
        ("name", "name"),
        ("Monster", "Monster"),
        ("nothing", "nothing"),
        ("NULLS", "NULLS"),
        ("trueish", "trueish"),
        ("Falsehood", "Falsehood"),
        ("TRUE", True),
        ("NULL", None),
        (".inf", float("inf")),
        ("-.INF", float("-inf")),
        ("e5", "e5"),
        ("E", "E"),
    ],
)
def test_plain_scalars_follow_yaml_1_2(text: str, value: object) -> None:
    assert resolve_plain(text) == value
    assert type(resolve_plain(text)) is type(value)


def test_huge_integer_stays_text_instead_of_failing() -> None:
    digits = "9" * 5000
    assert resolve_plain(digits) == digits


def test_values_and_marks() -> None:
    parsed = parse_yaml("a: 1\nb:\n  - x\n  - 'y'\nc: {d: true}\n", "t.yaml")
    assert parsed.value == {"a": 1, "b": ["x", "y"], "c": {"d": True}}
    assert parsed.findings == []
    src = parsed.source
    assert src.values[("a",)] == (1, 4)
    assert src.keys[("b",)] == (2, 1)
    assert src.values[("b", 1)] == (4, 5)
    assert src.values[("c", "d")] == (5, 8)
    # A path that does not exist falls back to its nearest ancestor.
    loc = src.at(("c", "d", "zzz"))
    assert (loc.line, loc.column) == (5, 8)


def test_quoted_numbers_stay_text() -> None:
    assert parse_yaml("a: '5'\nb: \"true\"\n", "t.yaml").value == {"a": "5", "b": "true"}


def test_duplicate_key_is_reported_at_the_second_and_first_value_kept() -> None:
    parsed = parse_yaml("a: 1\nb: 2\na: 3\n", "t.yaml")
    assert parsed.value == {"a": 1, "b": 2}
    [dup] = parsed.findings
    assert dup.code == "duplicate-key"
    assert dup.location is not None and dup.location.line == 3
    assert "line 1" in dup.message


def test_anchors_aliases_and_merge_keys() -> None:
    text = "base: &b {x: 1, y: 2}\nitem:\n  <<: *b\n  y: 5\nlist: [*b, *b]\n"
    parsed = parse_yaml(text, "t.yaml")
    assert parsed.findings == []
    assert parsed.value["item"] == {"x": 1, "y": 5}
    assert parsed.value["list"] == [{"x": 1, "y": 2}, {"x": 1, "y": 2}]
    assert parsed.source.values[("item", "x")] == (3, 7)  # merged values point at the merge


def test_alias_bomb_is_refused_quickly() -> None:
    lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]']
    for prev, name in zip("abcdefgh", "bcdefghi", strict=True):
        lines.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
    parsed = parse_yaml("\n".join(lines) + "\n", "t.yaml")
    assert parsed.value is None
    assert [f.code for f in parsed.findings] == ["too-many-values"]
    assert "aliases" in parsed.findings[0].message


def test_too_many_plain_values() -> None:
    text = "a: [" + ",".join(["1"] * 200) + "]\n"
    assert codes(text, Limits(max_values=100)) == ["too-many-values"]
    assert codes(text, Limits(max_values=1000)) == []


def test_deep_nesting_is_refused_without_recursion() -> None:
    depth = 100_000
    parsed = parse_yaml("a: " + "[" * depth + "]" * depth + "\n", "t.yaml")
    assert [f.code for f in parsed.findings] == ["yaml-too-deep"]
    assert codes("a: " + "[" * 10 + "]" * 10, Limits(max_depth=12)) == []


def test_long_strings_are_reported() -> None:
    assert codes("a: " + "x" * 50, Limits(max_string=40)) == ["string-too-long"]


@pytest.mark.parametrize(
    "text",
    [
        "a: !!python/object:os.system ls\n",
        "a: !!python/name:os.system\n",
        "a: !custom 5\n",
        "a: !!set {x: null}\n",
        "a: !!binary aGVsbG8=\n",
    ],
)
def test_non_standard_tags_are_refused(text: str) -> None:
    parsed = parse_yaml(text, "t.yaml")
    assert [f.code for f in parsed.findings] == ["yaml-tag"]


def test_standard_tags_are_honoured() -> None:
    parsed = parse_yaml("a: !!str 5\nb: !!int '7'\nc: !!int x\n", "t.yaml")
    assert parsed.value["a"] == "5" and parsed.value["b"] == 7
    assert [f.code for f in parsed.findings] == ["yaml-tag"]  # !!int x


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [("a: [1, 2\nb: 3\n", 2, 2), ("a: b: c\n", 1, 5), ("a:\n\t- x\n", 2, 1), ("a: 'x\n", 2, 1)],
)
def test_syntax_errors_are_located(text: str, line: int, column: int) -> None:
    parsed = parse_yaml(text, "t.yaml")
    [err] = parsed.findings
    assert err.code == "yaml-syntax"
    assert err.location is not None
    assert (err.location.line, err.location.column) == (line, column)


def test_control_characters_are_a_located_syntax_error() -> None:
    [err] = parse_yaml("a: 1\nb: x\x07y\n", "t.yaml").findings
    assert err.code == "yaml-syntax" and err.location is not None and err.location.line == 2


def test_empty_and_comment_only_files() -> None:
    assert codes("") == ["empty-file"]
    assert codes("# only a comment\n") == ["empty-file"]


def test_second_document_is_refused() -> None:
    assert codes("a: 1\n---\nb: 2\n") == ["yaml-multiple-documents"]


def test_mapping_as_key_is_reported() -> None:
    parsed = parse_yaml("? [a, b]\n: 1\nc: 2\n", "t.yaml")
    assert [f.code for f in parsed.findings] == ["wrong-type"]
    assert parsed.value == {"c": 2}


def test_utf8_decoding() -> None:
    assert decode_utf8("a: é\n".encode(), "t.yaml") == ("a: é\n", None)
    assert decode_utf8(b"\xef\xbb\xbfa: 1\n", "t.yaml") == ("a: 1\n", None)
    text, problem = decode_utf8(b"a: 1\nb: \xc3\xa9\xff\n", "t.yaml")
    assert text is None and problem is not None
    assert problem.code == "invalid-utf8"
    assert problem.location is not None
    assert (problem.location.line, problem.location.column) == (2, 5)
    _, utf16 = decode_utf8("a: 1".encode("utf-16"), "t.yaml")
    assert utf16 is not None and "UTF-16" in utf16.message


@pytest.mark.parametrize("text", ["null\n", "~\n", "null\n...\n", "--- ~\n"])
def test_a_file_that_is_only_null_is_not_a_mapping(tmp_path: object, text: str) -> None:
    """Found by fuzzing: `null` alone used to pass `kitgen check` with no finding."""
    from pathlib import Path

    from kitgen.load.documents import read_document

    path = Path(str(tmp_path)) / "null.yaml"
    path.write_text(text, encoding="utf-8")
    doc = read_document(str(path))
    assert [(f.code, f.location.line if f.location else 0) for f in doc.findings] == [
        ("not-a-mapping", 1)
    ]


# --- whole numbers longer than kitgen reads (issue 20, item 7) ------------------

MAX_DIGITS = Limits().max_int_digits


def _forms(digits: int) -> list[str]:
    """A whole number of `digits` digits written each way YAML 1.2 reads one."""
    return [
        "9" * digits,
        "-" + "9" * digits,
        "+" + "1" * digits,
        "0x" + "f" * digits,
        "0o" + "7" * digits,
    ]


def _value(text: str) -> int:
    if text.startswith(("0x", "0o")):
        return int(text[2:], 16 if text[1] == "x" else 8)
    return int(text)


@pytest.mark.parametrize("text", _forms(MAX_DIGITS - 1) + _forms(MAX_DIGITS), ids=lambda v: v[:12])
def test_whole_numbers_up_to_the_limit_are_read(text: str) -> None:
    for doc in (f"seed: {text}\n", f"seed: !!int {text}\n"):
        parsed = parse_yaml(doc, "t.yaml")
        assert parsed.findings == []
        assert parsed.value == {"seed": _value(text)}


@pytest.mark.parametrize(
    "text",
    [t for n in (MAX_DIGITS + 1, 4_301, 10_000) for t in _forms(n)],
    ids=lambda v: f"{v[:6]}..{len(v)}",
)
def test_a_longer_whole_number_is_a_located_finding_not_a_crash(text: str) -> None:
    """A 4,400-digit hex seed crashed every command: Python prints no int over 4,300 digits."""
    digits = len(text.lstrip("+-").removeprefix("0x").removeprefix("0o"))
    for doc in (f"a: 1\nseed: {text}\n", f"a: 1\nseed: !!int {text}\n"):
        parsed = parse_yaml(doc, "t.yaml")
        [found] = parsed.findings
        assert found.code == "number-too-large"
        assert found.location is not None
        assert (found.location.line, found.location.column) == (2, 7)
        assert f"{digits:,} digits" in found.message
        assert parsed.value == {"a": 1, "seed": text}  # kept as the text, never converted


@settings(max_examples=examples(200), deadline=None)
@given(
    digits=st.integers(min_value=1, max_value=3 * MAX_DIGITS),
    form=st.sampled_from(["", "-", "+", "0x", "0o"]),
    limit=st.integers(min_value=1, max_value=2 * MAX_DIGITS),
)
def test_the_digit_limit_holds_at_every_length(digits: int, form: str, limit: int) -> None:
    text = form + ("7" * digits)
    parsed = parse_yaml(f"n: {text}\n", "t.yaml", Limits(max_int_digits=limit))
    if digits <= limit:
        assert parsed.findings == []
        assert parsed.value == {"n": _value(text)}
    else:
        assert [f.code for f in parsed.findings] == ["number-too-large"]
        assert parsed.value == {"n": text}
