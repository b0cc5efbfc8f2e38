"""Rules text templates: the part of jinja2 they may use, and the limits on it."""

from __future__ import annotations

import gc
import math
import time
import unicodedata
from pathlib import Path

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st
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
        ("{{ ('x' * 2000) | replace('', 'y' * 2000) }}", "`replace` would build"),
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


# --- emphasis: `**bold**` and `*italic*` to tags that always nest ----------------------


def _parsed(markup: str) -> list[tuple[str, bool, bool]]:
    """What Platypus reads from paragraph markup: (text, bold, italic) fragments; its
    paraparser raises ValueError on tags that do not nest."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus.paraparser import ParaParser

    parsed = ParaParser().parse(markup, ParagraphStyle("t"))
    assert parsed is not None, markup
    return [(f.text, bool(f.bold), bool(f.italic)) for f in parsed[1]]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("***bold italic***", "<i><b>bold italic</b></i>"),
        # Crossed: CommonMark's reading, with every tag closed in order.
        ("*a **b* c**", "<i>a <i><i>b</i> c</i></i>"),
        ("**a *b* c**", "<b>a <i>b</i> c</b>"),
        ("*foo**bar**baz*", "<i>foo<b>bar</b>baz</i>"),
        ("*a **b*", "*a *<i>b</i>"),
        ("**x** *y* and 3 * 4 * 5", "<b>x</b> <i>y</i> and 3 * 4 * 5"),
        ("x <*y*> & *z*", "x &lt;<i>y</i>&gt; &amp; <i>z</i>"),
        ("*unclosed and ** alone", "*unclosed and ** alone"),
        ("snake_case _not_ marked", "snake_case _not_ marked"),
        # A backslash before punctuation makes it plain, as in CommonMark.
        ("\\*not italic\\* and \\\\*a*", "*not italic* and \\<i>a</i>"),
        ("C:\\Games \\& \\<b\\>", "C:\\Games &amp; &lt;b&gt;"),
        # Emphasis a template prints is read as if written out.
        ("{{ '*' }}a*", "<i>a</i>"),
        ("{{ '**' }}{{ title }}* x*", "<i><i>Scratch</i> x</i>"),
        ("{{ '***' }}a{{ '**' }} b*", "<i><b>a</b> b</i>"),
    ],
)
def test_emphasis_always_nests(text: str, expected: str) -> None:
    """Found by the attack of issue 20: `***bold italic***` and crossed emphasis gave
    `<b><i>..</b></i>`, which Platypus refused at build time while `check` passed it."""
    markup = Templater(CONTEXT)(text, None)
    assert markup == expected
    _parsed(markup)  # Platypus reads it


def _minus_stars(text: str, shown: str) -> bool:
    """Whether `shown` is `text` with some of its `*` taken out, and nothing else."""
    j = 0
    for ch in text:
        if j < len(shown) and shown[j] == ch:
            j += 1
        elif ch != "*":
            return False
    return j == len(shown)


@settings(max_examples=examples(500), deadline=None)
@given(st.text(alphabet="*_ab <&\n", max_size=40))
def test_any_text_gives_markup_platypus_reads(text: str) -> None:
    """Whatever the stars, the markup parses, its text is the input less the markers
    used, two per italic and four per bold, and nothing is emphasised without them."""
    from kitgen.render.emphasis import emphasis_markup
    from kitgen.render.rules_text import escape_text

    markup = emphasis_markup(escape_text(text))
    frags = _parsed(markup)
    shown = "".join(t for t, _, _ in frags)
    assert _minus_stars(text, shown), (text, markup, shown)
    used = len(text) - len(shown)
    assert used == 2 * markup.count("<i>") + 4 * markup.count("<b>"), (text, markup)
    if not used:
        assert markup == escape_text(text) and not any(b or i for _, b, i in frags)


@pytest.mark.parametrize(
    "text",
    [
        "*" * 10_000 + "a" + "*" * 9_999,  # nested 5,000 deep
        "*a " * 6_600,  # openers that never close
        " b*" * 6_600,  # closers that never open
        "a*" * 10_000,  # runs that may both open and close
        "**a*" * 5_000,
        "*a **b* c**" * 1_800,
    ],
    ids=["deep", "openers", "closers", "both", "mixed", "crossed"],
)
def test_emphasis_of_the_longest_texts_is_quick_and_reads(text: str) -> None:
    """Rules text may grow to 20,000 characters: any of them converts in time linear in
    its length (no backtracking, no recursion) into markup Platypus reads.

    Linear against a reference measured in the same run, so load on the machine
    slows both alike: five passes of plain Python over the same text, looking at each
    character, about as long as the conversion (so a busy moment is as likely to hit
    either). The best of five runs of each, taken in turn. On a quiet machine the
    conversion takes 0.7x to 2.2x the reference (25 to 90 ms); a conversion that went
    back over the text for each marker (quadratic: 20,000 x 20,000 steps) takes
    hundreds of times it, and so does a regular expression that backtracks."""
    from kitgen.render.emphasis import emphasis_markup

    assert len(text) <= TemplateLimits().max_output

    def reference() -> object:
        return [[(ch, unicodedata.category(ch), ch.isspace()) for ch in text] for _ in range(5)]

    taken: dict[str, float] = {"markup": math.inf, "reference": math.inf}
    # Without the garbage collector while timing: deep in a run of the whole suite a
    # worker holds millions of objects, and a full collection landing in one of the
    # conversions took it to 10x the reference (seen once, on CI's floors run). What
    # is measured is the conversion's own steps.
    gc.collect()
    gc.disable()
    try:
        for _ in range(5):
            for name, work in (("markup", lambda: emphasis_markup(text)), ("reference", reference)):
                start = time.perf_counter()
                work()
                taken[name] = min(taken[name], time.perf_counter() - start)
    finally:
        gc.enable()
    assert taken["markup"] < 10 * taken["reference"], taken
    markup = emphasis_markup(text)
    shown = "".join(t for t, _, _ in _parsed(markup))
    assert _minus_stars(text, shown)


def test_a_booklet_with_any_emphasis_builds(tmp_path: Path) -> None:
    """What `check` passes builds: emphasis that nests, crosses or a template prints,
    in section titles, text, table cells, credits and the quick reference."""
    odd = ["***bold italic***", "*a **b* c**", "{{ '*' }}a*", "**x *y** z*", "*** ** *"]
    cells = "".join(f'          - ["{t}", "{t} 2"]\n' for t in odd)
    texts = "".join(f'      - text: "{t}"\n' for t in odd)
    path = tmp_path / "rules.yaml"
    path.write_text(
        "game: scratch\nkind: rules\ntitle: House rules\n"
        f'credits: "{odd[0]} and {odd[1]}"\n'
        "sections:\n"
        f'  - title: "{odd[1]}"\n    blocks:\n{texts}'
        f'      - table:\n          columns: ["{odd[0]}", "{odd[2]}"]\n          rows:\n{cells}'
        f'quick_reference:\n  - title: "{odd[0]}"\n    blocks:\n{texts}',
        encoding="utf-8",
    )
    assert check_file(str(path)).ok
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["build", str(path), "-o", str(out)])
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in out.rglob("*.pdf"))
    assert names == ["scratch-reference.pdf", "scratch-rules-booklet.pdf", "scratch-rules.pdf"]
    pages = PdfReader(str(out / "scratch" / "scratch-rules.pdf")).pages
    cover, body = (" ".join(p.extract_text().split()) for p in pages[:2])
    assert "bold italic and a b c" in cover  # the credits, markers used up
    # The section title, then each text: used markers gone, unmatched ones printed.
    assert "1 a b c bold italic a b c a x y z *** ** * bold italic a" in body


def test_a_table_with_a_long_word_or_rows_taller_than_a_page_builds(tmp_path: Path) -> None:
    """A cell of 2,000 letters without a space starved its neighbours of width (a
    negative width, an internal error), and a row taller than a page could not be
    placed: what `check` passes builds, the long words broken, the rows split."""
    word = "A" * 2000
    six = ", ".join([f'"{word}"'] * 6)
    path = tmp_path / "rules.yaml"
    path.write_text(
        "game: scratch\nkind: rules\ntitle: Tables\nsections:\n  - title: Long\n    blocks:\n"
        "      - table:\n          columns: [Rarity, Budget]\n"
        f'          rows: [[common, "{word}"]]\n'
        f"      - table:\n          columns: [A, B, C, D, E, F]\n          rows: [[{six}]]\n",
        encoding="utf-8",
    )
    assert check_file(str(path)).ok
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["build", str(path), "-o", str(out)])
    assert result.exit_code == 0, result.output
    reader = PdfReader(str(out / "scratch" / "scratch-rules.pdf"))
    text = "".join(page.extract_text() for page in reader.pages).replace("\n", "")
    assert "Rarity" in text and "common" in text
    assert text.count("A") >= 7 * 2000  # every letter of every cell is printed
    assert len(reader.pages) > 3  # the six-column row goes on over several pages


# --- compiled once ------------------------------------------------------------------------


def test_a_text_is_compiled_once_and_run_with_each_context(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    env = RulesSandbox()
    compiled: list[object] = []
    real = env.from_string

    def counting(source: object) -> object:
        compiled.append(source)
        return real(source)  # type: ignore[arg-type]

    monkeypatch.setattr(env, "from_string", counting)
    text = "Draw {{ n }} cards & <keep> them."
    assert env.fill(text, {"n": 2}) == "Draw 2 cards &amp; &lt;keep&gt; them."
    assert env.fill(text, {"n": 5}) == "Draw 5 cards &amp; &lt;keep&gt; them."
    assert env.plain(text).render(n=3) == "Draw 3 cards & <keep> them."  # not escaped
    assert env.plain(text).render(n=4) == "Draw 4 cards & <keep> them."
    assert len(compiled) == 2  # once escaped, once plain


def test_a_refused_text_is_refused_every_time() -> None:
    env = RulesSandbox()
    for _ in range(2):
        with pytest.raises(TemplateError, match="not allowed"):
            env.fill("{{ 'x' | attr('y') }}", {})
    assert not env._compiled


def test_the_compiled_templates_kept_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("kitgen.render.rules_text.COMPILED_KEPT", 3)
    env = RulesSandbox()
    for n in range(5):
        assert env.fill(f"{n} {{{{ n }}}}", {"n": n}) == f"{n} {n}"
    assert [text for _, text in env._compiled] == ["2 {{ n }}", "3 {{ n }}", "4 {{ n }}"]
