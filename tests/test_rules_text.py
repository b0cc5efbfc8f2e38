"""Rules text templates: the part of jinja2 they may use, and the limits on it."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from jinja2 import TemplateError
from pypdf import PdfReader
from typer.testing import CliRunner

from kitgen.cli import app
from kitgen.kit import check_file
from kitgen.model.findings import Location
from kitgen.render.booklet import Templater
from kitgen.render.rules_text import RulesSandbox, TemplateLimits

CONTEXT = {"hand_size": 5, "harder_hands": [7, 5, 3], "title": "Scratch", "turns": 16}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Draw {{ hand_size }} cards.", "Draw 5 cards."),
        ("{{ hand_size + 1 }} or {{ turns - 4 }}", "6 or 12"),
        ("{{ harder_hands | join(' or ') }}", "7 or 5 or 3"),
        ("{{ harder_hands[0] }}", "7"),
        ("{{ 52 - 13 - 2 * hand_size }}", "29"),
        ("{% if hand_size > 4 %}big{% else %}small{% endif %}", "big"),
        ("{{ title | upper }} {{ harder_hands | max }}", "SCRATCH 7"),
        ("{{ 'ab' * 3 }} {{ 2 ** 10 }} {{ 7 % 3 }}", "ababab 1024 1"),
        # Paragraph markup: the text's own <, > and & are escaped as well as what it prints
        ("a < b & c > d", "a &lt; b &amp; c &gt; d"),
        ("<b>{{ title }}</b> {{ '<i>' }}", "&lt;b&gt;Scratch&lt;/b&gt; &lt;i&gt;"),
        ("{% if hand_size < 9 %}<para>{% endif %}", "&lt;para&gt;"),
    ],
)
def test_what_rules_text_may_do(text: str, expected: str) -> None:
    assert RulesSandbox().fill(text, CONTEXT) == expected


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("{% for i in range(3) %}x{% endfor %}", "`{% for %}` loops"),
        ("{% for a in range(99999) %}{% for b in range(99999) %}x{% endfor %}{% endfor %}", "for"),
        ("{{ range(10) }}", "calls"),
        ("{{ 'x'.center(999999999) }}", "calls"),
        ("{% set x = 1 %}{{ x }}", "`{% set %}`"),
        ("{% macro m() %}x{% endmacro %}", "`{% macro %}`"),
        ("{% include 'x' %}", "`{% include %}`"),
        ("{{ title | wordwrap(5) }}", "the filter `wordwrap`"),
        ("{{ title | replace('', title) }}", "the filter `replace`"),
        ("{{ 'x' * 1000000000 }}", "`*` would build 1,000,000,000"),
        ("{{ 1000000000 * [1] }}", "`*` would build"),
        ("{{ 9 ** 9 ** 9 }}", "`**` would build"),
        ("{{ '%0999999999d' % 1 }}", "`%` on text"),
        ("x" * 20_001, "20,001 characters"),
    ],
)
def test_what_rules_text_may_not_do_is_refused_at_once(text: str, said: str) -> None:
    start = time.perf_counter()
    with pytest.raises(TemplateError) as err:
        RulesSandbox().fill(text, CONTEXT)
    assert said in str(err.value)
    assert time.perf_counter() - start < 1  # refused, not run: nothing here may take long


def test_the_output_limit() -> None:
    small = RulesSandbox(TemplateLimits(max_output=10))
    assert small.fill("{{ title }}", CONTEXT) == "Scratch"
    with pytest.raises(TemplateError, match="grows to 14 characters"):
        small.fill("{{ title ~ title }}", CONTEXT)


def test_the_sandbox_still_guards_attributes() -> None:
    with pytest.raises(TemplateError):
        RulesSandbox().fill("{{ ''.__class__.__mro__ }}", CONTEXT)


@pytest.mark.parametrize(
    "text",
    [
        "{{ " + "(" * 3000 + "1" + ")" * 3000 + " }}",
        "{{ 9 ** 9 ** 9 }}",
        "{% for i in title %}{% endfor %}",
        "{{ 1 / 0 }}",
        "{{ nowhere }}",
    ],
)
def test_the_booklet_turns_every_refusal_into_a_located_finding(text: str) -> None:
    templater = Templater(CONTEXT)
    out = templater(text, Location("rules.yaml", 7, 9))
    assert out  # the text is printed as written, escaped
    [found] = templater.findings
    assert (found.code, found.location) == ("template-error", Location("rules.yaml", 7, 9))


RULES = """game: scratch
kind: rules
title: House rules
sections:
  - title: Getting ready
    blocks:
      - text: "{text}"
"""


def test_check_refuses_statements_other_than_if_without_jinja(tmp_path: Path) -> None:
    path = tmp_path / "rules.yaml"
    path.write_text(RULES.format(text="{% for i in range(9) %}x{% endfor %}"), encoding="utf-8")
    report = check_file(str(path))
    codes = [(f.code, f.location.line if f.location else 0) for f in report.findings]
    assert ("template-error", 7) in codes
    assert all("endfor" in f.message or "for" in f.message for f in report.findings)
    for text in (
        "{% if hand_size > 3 %}Many.{% endif %}",
        "{%- if hand_size > 3 -%}Many.{%+ else %}Few.{% endif -%}",  # whitespace control
    ):
        path.write_text(RULES.format(text=text), encoding="utf-8")
        assert check_file(str(path)).ok, text
    path.write_text(RULES.format(text="{%  %}"), encoding="utf-8")
    assert [f.code for f in check_file(str(path)).findings] == ["template-error"]


def test_a_booklet_with_a_template_bomb_is_refused_and_not_written(tmp_path: Path) -> None:
    path = tmp_path / "rules.yaml"
    path.write_text(RULES.format(text="Draw {{ 'x' * 10 ** 9 }} cards."), encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["build", str(path), "-o", str(out)])
    assert result.exit_code == 1, result.output
    said = result.stdout + result.stderr  # findings go with the build's report
    assert "rules.yaml:7:" in said and "template-error" in said and "would build" in said
    assert not list(out.rglob("*.pdf"))


def test_angle_brackets_and_ampersands_in_rules_text_are_printed_as_written(
    tmp_path: Path,
) -> None:
    """`credits: <Runeward Games>` once reached Platypus as an unclosed tag and the
    build failed with an internal error (found by the fuzz tests)."""
    path = tmp_path / "rules.yaml"
    path.write_text(
        RULES.format(text="Rock & roll: <b>bold</b> a <para")
        + "credits: <Runeward Games> & friends\n",
        encoding="utf-8",
    )
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["build", str(path), "-o", str(out)])
    assert result.exit_code == 0, result.output
    pdfs = sorted(out.rglob("*.pdf"))
    assert [p.name for p in pdfs] == ["scratch-rules-booklet.pdf", "scratch-rules.pdf"]
    for pdf in pdfs:
        pages = PdfReader(str(pdf)).pages
        text = " ".join(" ".join(p.extract_text().split()) for p in pages)
        assert "<Runeward Games> & friends" in text, pdf.name
        assert "Rock & roll: <b>bold</b> a <para" in text, pdf.name


def test_section_titles_with_angle_brackets_reach_the_contents_as_written(tmp_path: Path) -> None:
    from kitgen.render.booklet import CONTENTS_AFTER

    sections = "".join(
        f'  - title: "<Setup & play {i}>"\n    blocks:\n      - text: "x"\n'
        for i in range(CONTENTS_AFTER + 1)
    )
    path = tmp_path / "rules.yaml"
    path.write_text(f"game: scratch\nkind: rules\ntitle: Lots\nsections:\n{sections}", "utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["build", str(path), "-o", str(out)])
    assert result.exit_code == 0, result.output
    pages = PdfReader(str(out / "scratch" / "scratch-rules.pdf")).pages
    contents = " ".join(pages[1].extract_text().split())
    assert "Contents" in contents
    for i in range(CONTENTS_AFTER + 1):
        assert f"{i + 1} <Setup & play {i}>" in contents
