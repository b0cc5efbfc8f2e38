"""Issue 20's limits and hangs: what a build may ask for, bounded before it is allocated.

Card and paper sizes, cards per sheet, cards and pages per file, the size of
every value a rules template builds, the digits of a whole number in YAML, and
loops that must shrink (wrapping, shorthand names, TTS sheets) proven to end.
"""

from __future__ import annotations

import io
import re
import tempfile
from pathlib import Path

import pytest
from conftest import examples, run_in_process
from hypothesis import given, settings
from hypothesis import strategies as st

from kitgen.entry import main

HUGE_HEX = "0x" + "f" * 4_400  # more digits than Python prints (4,300)


def kitgen(*args: str) -> tuple[int, str, str]:
    """Run `kitgen ARGS` in this process: (exit status, stdout, stderr); a bug raises."""
    return run_in_process(main, *args)


# --- item 7: whole numbers longer than Python prints ------------------------------


@pytest.mark.parametrize(
    "command",
    [["check"], ["score"], ["replay"], ["build", "-o", "OUT"], ["export", "png", "-o", "OUT"]],
)
@pytest.mark.parametrize("number", [HUGE_HEX, "0o" + "7" * 5_000, "9" * 5_000])
def test_a_huge_whole_number_is_a_finding_in_every_command(
    tmp_path: Path, command: list[str], number: str
) -> None:
    path = tmp_path / "record.yaml"
    path.write_text(f"game: scratch\nkind: record\nseed: {number}\nmoves: []\n", "utf-8")
    args = [str(tmp_path / "out") if a == "OUT" else a for a in command]
    status, out, err = kitgen(*args, str(path))
    assert status == 1, out + err
    assert f"{path}:3:7: error number-too-large" in out + err
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.*"))


# --- item 2: card and paper sizes, cards a sheet, cards and pages a file ----------


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project folder as the current folder, no user config in reach."""
    monkeypatch.setenv("KITGEN_CONFIG", str(tmp_path / "user" / "kitgen.toml"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    folder = tmp_path / "project"
    folder.mkdir()
    monkeypatch.chdir(folder)
    return folder


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        ("10x10mm", True),
        ("400x400mm", True),
        ("1x1cm", True),
        ("9.99x60mm", False),
        ("60x400.01mm", False),
        ("0.001x0.001mm", False),
        ("0.001x1000mm", False),
        ("1000x0.001mm", False),
        ("16x16in", False),
    ],
)
def test_card_sizes_stay_within_real_world_cards(text: str, ok: bool) -> None:
    from kitgen.layout.geometry import LayoutError
    from kitgen.layout.paper import card_size

    if ok:
        assert card_size(text).width > 0
    else:
        with pytest.raises(LayoutError, match="out of range: each side must be 10 to 400 mm"):
            card_size(text)


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        ("50x50mm", True),
        ("841x1189mm", True),  # A0
        ("1200x1200mm", True),
        ("44x44in", False),  # 1,117.6 mm: fine; 44 in x 44 in is a roll cut square...
        ("49.9x100mm", False),
        ("1200.1x100mm", False),
        ("1000000x1000000mm", False),
    ],
)
def test_paper_sizes_stay_within_real_world_paper(text: str, ok: bool) -> None:
    from kitgen.layout.geometry import LayoutError
    from kitgen.layout.paper import paper_size

    if ok or text == "44x44in":
        assert paper_size(text).width > 0
    else:
        with pytest.raises(LayoutError, match="each side must be 50 to 1,200 mm"):
            paper_size(text)


@settings(max_examples=examples(300), deadline=None)
@given(
    width=st.floats(min_value=0.0001, max_value=1e7),
    height=st.floats(min_value=0.0001, max_value=1e7),
)
def test_a_card_size_is_read_exactly_when_both_sides_are_in_range(
    width: float, height: float
) -> None:
    from kitgen.layout.geometry import LayoutError
    from kitgen.layout.paper import card_size

    text = f"{width:.4f}x{height:.4f}mm"
    w, h = float(f"{width:.4f}"), float(f"{height:.4f}")
    inside = 10 <= w <= 400 and 10 <= h <= 400
    try:
        card_size(text)
    except LayoutError as err:
        assert not inside, err
        assert "out of range" in str(err)
    else:
        assert inside


@settings(max_examples=examples(200), deadline=None)
@given(
    card=st.tuples(st.floats(10, 400), st.floats(10, 400)),
    paper=st.tuples(st.floats(50, 1200), st.floats(50, 1200)),
    bleed=st.sampled_from([0.0, 0.5, 3.0]),
    margin=st.sampled_from([0.0, 5.0]),
    fold=st.booleans(),
)
def test_no_sheet_in_range_holds_more_slots_than_the_limit(
    card: tuple[float, float],
    paper: tuple[float, float],
    bleed: float,
    margin: float,
    fold: bool,
) -> None:
    from kitgen.layout.geometry import LayoutError, Size
    from kitgen.layout.impose import plan_fold, plan_grid
    from kitgen.layout.limits import PRINT_LIMITS
    from kitgen.layout.units import MM

    sizes = dict(bleed=bleed * MM, margin=margin * MM)
    card_box, paper_box = Size(card[0] * MM, card[1] * MM), Size(paper[0] * MM, paper[1] * MM)
    try:
        grid = (
            (plan_fold(paper_box, card_box, **sizes)[0])
            if fold
            else plan_grid(paper_box, card_box, **sizes)
        )
    except LayoutError as err:
        assert "does not fit" in str(err) or "at most 10,000 on a sheet" in str(err)
    else:
        assert 1 <= len(grid.slots) == grid.per_page <= PRINT_LIMITS.max_cards_per_sheet


def test_tiny_cards_on_huge_paper_are_refused_before_a_slot_is_made() -> None:
    from kitgen.layout.geometry import LayoutError, Size
    from kitgen.layout.impose import plan_grid
    from kitgen.layout.units import MM

    with pytest.raises(LayoutError, match=r"119 x 119 cards would fit on one sheet"):
        plan_grid(Size(1200 * MM, 1200 * MM), Size(10 * MM, 10 * MM), bleed=0, margin=0)
    ok = plan_grid(Size(841 * MM, 1189 * MM), Size(10 * MM, 10 * MM), bleed=0, margin=5 * MM)
    assert ok.per_page == 82 * 117


@pytest.mark.parametrize(
    ("count", "per_page", "sides", "said"),
    [
        (10_001, 9, 2, "10,001 cards are more than kitgen prints in one file (10,000)"),
        (2_501, 1, 2, "need 5,002 pages"),
        (5_001, 1, 1, "need 5,001 pages"),
    ],
)
def test_cards_and_pages_a_file_are_counted_before_pages_are_planned(
    count: int, per_page: int, sides: int, said: str
) -> None:
    from kitgen.layout.geometry import LayoutError
    from kitgen.layout.impose import check_pages

    with pytest.raises(LayoutError, match=re.escape(said)):
        check_pages(count, per_page, sides)
    check_pages(10_000, 4, 2)  # the edge: 2,500 sheets, 5,000 pages
    check_pages(5_000, 1, 1)


@settings(max_examples=examples(300), deadline=None)
@given(
    count=st.integers(0, 30_000),
    per_page=st.integers(1, 10_000),
    sides=st.sampled_from([1, 2]),
)
def test_the_page_limit_is_exact(count: int, per_page: int, sides: int) -> None:
    from kitgen.layout.geometry import LayoutError
    from kitgen.layout.impose import check_pages

    pages = -(-count // per_page) * sides
    refused = count > 10_000 or pages > 5_000
    try:
        check_pages(count, per_page, sides)
    except LayoutError:
        assert refused
    else:
        assert not refused


KIT = "game: scratch\nkind: kit\nname: Tiny\n"


@pytest.mark.parametrize(
    ("settings_text", "line", "said"),
    [
        ("  card_size: 0.001x0.001mm\n  bleed: 0\n", 5, "card_size: a card of 0.001 x 0.001 mm"),
        ("  paper: 1000000x1000000mm\n", 5, "paper: a paper of 1,000,000 x 1,000,000 mm"),
        ("  bleed: 0\n  card_size: 0.001x1000mm\n", 6, "out of range"),
    ],
)
def test_check_and_build_refuse_sizes_out_of_range_at_their_line(
    project: Path, settings_text: str, line: int, said: str
) -> None:
    kit = project / "kit.yaml"
    kit.write_text(KIT + "settings:\n" + settings_text, "utf-8")
    for command in (["check"], ["build", "-o", "out"]):
        status, out, err = kitgen(*command, str(kit))
        assert status == 1, out + err
        assert f"{kit}:{line}:" in out + err and "invalid-setting" in out + err
        assert said in out + err
    assert not (project / "out").exists()


@pytest.mark.parametrize(
    "command",
    [
        ["build", "scratch", "-o", "out"],
        ["calibrate", "-o", "out"],
        ["export", "png", "scratch", "-o", "out", "--card-size", "0.001x0.001mm"],
        ["export", "pdf", "scratch", "-o", "out", "--card-size", "0.001x0.001mm"],
        ["export", "tts", "scratch", "-o", "out", "--card-size", "0.001x1000mm"],
        ["export", "tts", "scratch", "-o", "out", "--card-size", "1000x0.001mm"],
        ["build", "scratch", "-o", "out", "--card-size", "1000x0.001mm"],
    ],
)
def test_options_out_of_range_are_one_line_usage_errors(project: Path, command: list[str]) -> None:
    if "--card-size" not in command:
        command = [*command, "--paper", "1000000x1000000mm"]
    status, out, err = kitgen(*command)
    assert status == 2, out + err
    [line] = err.splitlines()
    assert line.startswith("kitgen: error: --") and "out of range" in line, line
    assert not (project / "out").exists()


def test_kitgen_toml_paper_out_of_range_is_a_located_config_error(project: Path) -> None:
    (project / "kitgen.toml").write_text('[print]\npaper = "1000000x1000000mm"\n', "utf-8")
    status, _out, err = kitgen("build", "scratch", "-o", "out")
    assert status != 0 and status != 70
    assert "kitgen.toml:2:1: paper: a paper of 1,000,000 x 1,000,000 mm is out of range" in err


def _card_file(count: int) -> str:
    lines = ["game: scratch", "kind: cards", "cards:"]
    for i in range(count):
        lines += [
            f"  - name: Imp {i}",
            "    faction: monster",
            "    rarity: common",
            "    stats: {top: 5, right: 5, bottom: 3, left: 6}",
        ]
    return "\n".join(lines) + "\n"


def test_a_small_kit_asking_for_millions_of_cards_is_found_at_its_entry(project: Path) -> None:
    """200 bytes: one 5,000-card file listed 50 times with 20 extra commons (5.25 million)."""
    (project / "cards.yaml").write_text(_card_file(5_000), "utf-8")
    kit = project / "kit.yaml"
    kit.write_text(KIT + "extra_commons: 20\ndecks:\n" + "  - cards.yaml\n" * 50, "utf-8")
    for command in (["check"], ["build", "-o", "out"], ["export", "png", "-o", "out"]):
        status, out, err = kitgen(*command, str(kit))
        assert status == 1, out + err
        said = out + err
        assert f"{kit}:6:5: error build-too-large with 'cards.yaml', the kit's 105,000 cards" in (
            said
        ), said
    assert not (project / "out").exists()


def test_the_card_limit_counts_every_entry_and_the_command_lines_extra_commons(
    project: Path,
) -> None:
    (project / "cards.yaml").write_text(_card_file(1_000), "utf-8")
    kit = project / "kit.yaml"
    kit.write_text(
        KIT + "components: [cards]\nextra_commons: 4\ncard_files:\n" + "  - cards.yaml\n" * 2,
        "utf-8",
    )
    status, out, err = kitgen("check", str(kit))  # 2 x 5,000 cards: exactly at the limit
    assert status == 0, out + err
    status, out, err = kitgen("build", str(kit), "-o", "out", "--extra-commons", "5")
    assert status == 1
    assert f"{kit}:8:5: error build-too-large with 'cards.yaml', the kit's 12,000 cards" in err
    assert not (project / "out").exists()
    status, out, err = kitgen("build", "cards.yaml", "-o", "out", "--extra-commons", "10")
    assert status == 1
    assert "cards.yaml:3:1: error build-too-large with --extra-commons 10, 11,000 cards" in err


def test_more_pages_than_one_pdf_holds_is_one_line_before_drawing(project: Path) -> None:
    (project / "cards.yaml").write_text(_card_file(2_501), "utf-8")
    status, out, err = kitgen(
        "build", "cards.yaml", "-o", "out", "--card-size", "150x250mm", "--paper", "a4"
    )
    assert status == 1, out + err
    assert "2,501 cards, 1 to a sheet, need 5,002 pages; kitgen prints at most 5,000" in err
    assert not (project / "out").exists()


# --- item 2: every value a rules template builds is bounded ----------------------

CONTEXT = {"hand_size": 5, "harder_hands": [7, 5, 3], "title": "Scratch", "turns": 16}
BOMBS = [
    "{{ [[[1] * 2000] * 2000] * 2000 }}",
    "{{ ([[[1] * 2000] * 2000] * 2000) | join }}",
    "{{ ([[1] * 2000] * 2000) | join(',') }}",
    "{{ ([1] * 2000) | join('x' * 2000) }}",
    "{{ ([[1] * 2000] * 20) | sum(none, []) | length }}",
    "{{ ([[1] * 2000] * 2000) ~ '' }}",
    "{{ ('x' * 2000) ~ ('x' * 2000) ~ ([[1] * 2000] * 10) }}",
    "{{ ([[1] * 2000] * 2000) | string | length }}",
    "{{ ([[1] * 2000] * 6) + ([[1] * 2000] * 6) }}",
    "{{ [" + ", ".join(["'x' * 2000"] * 11) + "] | join }}",
    "{{ [" + ", ".join(["[1] * 2000"] * 11) + "] }}",
    "{{ (" + ", ".join(["'x' * 2000"] * 11) + ") | length }}",
    "{% if ([[1] * 2000] * 2000) | unique | list %}x{% endif %}",
    "{{ ([[1] * 2000] * 2000) | sort | first }}",
    "{{ " + " * ".join(["(2 ** 256)"] * 300) + " }}",
    "{{ 1.5 | round(1000000000, 'floor') }}",  # 10 ** 1,000,000,000 inside the filter
    "{{ 7 | round(-100000000) }}",
    "{{ 0 + 1e999 }}",  # inf written into the compiled code: a NameError
]


@pytest.mark.parametrize("text", BOMBS, ids=range(len(BOMBS)))
def test_a_template_that_would_build_a_huge_value_is_refused_before_it_does(text: str) -> None:
    import time

    from jinja2 import TemplateError

    from kitgen.render.rules_text import RulesSandbox

    start = time.perf_counter()
    with pytest.raises(TemplateError):
        RulesSandbox().fill(text, CONTEXT)
    assert time.perf_counter() - start < 1


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("{{ harder_hands | join(' or ') }}", "7 or 5 or 3"),
        ("{{ ('x' * 2000) ~ ('y' * 2000) | length }}", "x" * 2000 + "2000"),  # `|` binds first
        ("{{ (('ab' * 1000) ~ ('cd' * 1000)) | length }}", "4000"),
        ("{{ ([1] * 2000 + [2] * 2000) | length }}", "4000"),
        ("{{ ([[1] * 2000] * 9) | sum(none, []) | length }}", "18000"),
        ("{{ ([[1] * 1000] * 19) | length }}", "19"),
        ("{{ [title, title] | join('-') }}", "Scratch-Scratch"),
        ("{{ 2 ** 256 * 2 ** 256 > 0 }}", "True"),
        ("{{ 7.25 | round(1) }} {{ 1234 | round(-100) }}", "7.2 0"),
        ("{{ 0 + (1 / 2.2250738585e-313) }} {{ 1 + ('nan' | float) }}", "inf nan"),
    ],
)
def test_what_stays_within_the_value_limit_still_runs(text: str, expected: str) -> None:
    from kitgen.render.rules_text import RulesSandbox

    assert RulesSandbox().fill(text, CONTEXT) == expected


nested = st.recursive(
    st.integers(-(10**30), 10**30) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=6) | st.tuples(inner, inner),
    max_leaves=60,
)


def _true_size(value: object) -> int:
    if isinstance(value, str):
        return max(1, len(value))
    if isinstance(value, bool) or value is None:
        return 1
    if isinstance(value, int):
        digits = len(str(abs(value)))
        estimate = value.bit_length() * 30103 // 100000 + 1  # from its bits: no str() of it
        assert digits <= estimate <= digits + 1
        return estimate
    if isinstance(value, (list, tuple)):
        return 1 + sum(_true_size(v) for v in value)
    return 1


@settings(max_examples=examples(300), deadline=None)
@given(value=nested, limit=st.integers(0, 400), repeat=st.integers(1, 50))
def test_value_size_is_exact_up_to_the_limit_and_stops_past_it(
    value: object, limit: int, repeat: int
) -> None:
    from kitgen.render.rules_text import value_size

    shared = [value] * repeat  # one value seen many times counts every time
    for v in (value, shared):
        size = value_size(v, limit)
        true = _true_size(v)
        if true <= limit:
            assert size == true
        else:
            assert size > limit


@settings(max_examples=examples(150), deadline=None)
@given(
    inner=st.integers(0, 3000),
    outer=st.integers(0, 3000),
    times=st.integers(0, 3000),
    how=st.sampled_from(["{{ v | length }}", "{{ v | join | length }}", "{{ (v ~ '') | length }}"]),
)
def test_nested_repetition_runs_exactly_when_its_value_fits(
    inner: int, outer: int, times: int, how: str
) -> None:
    from jinja2 import TemplateError

    from kitgen.render.rules_text import TEMPLATE_LIMITS, RulesSandbox, value_size

    expr = f"([[1] * {inner}] * {outer})"
    text = how.replace("v", expr)
    value = [[1] * min(inner, 3000)] * min(outer, 3000)
    fits = (
        inner <= 2000
        and outer <= 2000
        and value_size(value, TEMPLATE_LIMITS.max_value) <= TEMPLATE_LIMITS.max_value
    )
    try:
        out = RulesSandbox().fill(text, CONTEXT)
    except TemplateError:
        assert not fits or "join" in how or "~" in how  # joined text may still be too long
    else:
        assert fits
        if how == "{{ v | length }}":
            assert out == str(outer)


RULES = """game: scratch
kind: rules
title: House rules
sections:
  - title: Getting ready
    blocks:
      - text: "Draw."
      - text: "{text}"
"""


@pytest.mark.parametrize("text", BOMBS[:4] + BOMBS[5:6])
def test_check_finds_a_template_bomb_at_its_line(tmp_path: Path, text: str) -> None:
    path = tmp_path / "rules.yaml"
    path.write_text(RULES.replace("{text}", text.replace("'", '\\"')), "utf-8")
    status, out, err = kitgen("check", str(path))
    assert status == 1, out + err
    assert f"{path}:8:15: error template-error template: " in out, out + err
    assert "would build" in out


def test_check_runs_only_text_that_computes() -> None:
    from kitgen.load.rules import computes

    assert not computes("Draw {{ hand_size }} cards.")
    assert not computes("plain text")
    assert computes("{{ turns - 4 }}")
    assert computes("{% if hand_size > 3 %}x{% endif %}")
    assert computes("{{ harder_hands | join(' or ') }}")


# --- item 3: loops that must shrink, and wrapping in about linear time ------------


def _plain_wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """wrap() done plainly, every cut tried from the longest down (the reference output
    its faster search must give), with its rule of where to cut: the longest head that
    fits at a break inside the word (nothing added) or a point of the dictionary (a
    hyphen added), else the longest between two characters (nothing added) that puts
    no closing punctuation first on the next line nor an opening bracket last on this
    one, else the longest between two characters, else one character."""
    from kitgen.layout.linebreak import (
        CL,
        CM,
        CP,
        EX,
        IS,
        NS,
        OP,
        SY,
        ZWJ,
        classes,
        grapheme_starts,
        line_chunks,
    )
    from kitgen.render.fonts import text_width
    from kitgen.render.hyphenation import cut_points

    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word, spaced in line_chunks(paragraph):
            candidate = (f"{line} {word}" if spaced else line + word) if line else word
            if text_width(candidate, font, size) <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            points = list(cut_points(word, "en"))
            while text_width(word, font, size) > width:
                heads = [
                    (k, h)
                    for k, h in points
                    if 0 < k < len(word)
                    and text_width(word[:k] + ("-" if h else ""), font, size) <= width
                ]
                cuts = grapheme_starts(word)
                fit = [(k, False) for k in cuts if text_width(word[:k], font, size) <= width]
                cls = classes(word)  # no line starts with `.`, `,` or `-` where one can
                tidy = [p for p in fit if cls[p[0]] not in (CL, CP, EX, IS, NS, SY, CM, ZWJ)]
                fit = [p for p in tidy if cls[p[0] - 1] != OP] or fit
                if not heads and not fit and not cuts:
                    break  # one character: it overflows
                cut, hyphen = max(heads) if heads else fit[-1] if fit else (cuts[0], False)
                lines.append(word[:cut] + ("-" if hyphen else ""))
                word = word[cut:]
                points = [(k - cut, h) for k, h in points if k > cut]
            line = word
        lines.append(line)
    return lines


@settings(max_examples=examples(300), deadline=None)
@given(
    text=st.text(
        alphabet=st.sampled_from([*"iIlWMmwa .,-\u00e9\u00df\n", "\u2014", "x"]),
        max_size=300,
    ),
    font=st.sampled_from(["KitSans", "KitSans-Bold", "KitSans-Italic"]),
    size=st.sampled_from([4.8, 5.2, 6.4, 7.8, 9.5]),
    width=st.floats(0.0, 200.0),
)
def test_wrap_breaks_every_text_exactly_where_it_did(
    text: str, font: str, size: float, width: float
) -> None:
    from kitgen.render.fonts import register_fonts
    from kitgen.render.text import wrap

    register_fonts()
    assert wrap(text, font, size, width) == _plain_wrap(text, font, size, width)


@pytest.mark.parametrize("letter", ["i", "a", "W"])
@pytest.mark.parametrize("width", [1.0, 20.0, 150.0, 600.0])
def test_a_long_word_is_wrapped_in_few_measurements(
    monkeypatch: pytest.MonkeyPatch, letter: str, width: float
) -> None:
    """Five powers of 2,000 letters without spaces took minutes: each cut was tried at
    every length from the longest down, every length measured again."""
    from kitgen.render import text as text_module
    from kitgen.render.fonts import REGULAR, register_fonts, text_width

    register_fonts()
    measured = [0]

    def counting(text: str, font: str, size: float) -> float:
        measured[0] += len(text)
        return text_width(text, font, size)

    monkeypatch.setattr(text_module, "text_width", counting)
    word = letter * 2_000
    lines = text_module.wrap(word, REGULAR, 7.8, width)
    assert "".join(line.rstrip("-") for line in lines) == word
    # characters measured: the remaining word once a line, and about 2 log2(line) heads
    bound = len(lines) * (2_000 + 2 * 12 * max(len(line) for line in lines)) + 4_000
    assert measured[0] <= bound, (measured[0], bound, len(lines))


def test_the_shorthand_line_ends_on_a_card_too_small_for_an_ellipsis() -> None:
    """`tail[:-2] + '…'` stopped shrinking at '…': export png/pdf of a 0.001 mm card
    looped for ever."""
    import threading

    from reportlab.pdfgen.canvas import Canvas

    from kitgen.games.scratch import cards
    from kitgen.games.scratch.load import official
    from kitgen.layout.units import MM

    pool = official().pool
    face = cards.faces_of([pool.cards[next(iter(pool.cards))]], pool)[0].face
    done = threading.Event()
    errors: list[BaseException] = []

    def draw() -> None:
        try:
            for side in (0.001, 0.5, 5.0, 63.0):
                c = Canvas(io.BytesIO(), pagesize=(side * MM, side * MM))
                cards.draw_face(c, face, side * MM, 88 * MM * side / 63, 0.0, "normal")
        except BaseException as err:  # reported below
            errors.append(err)
        finally:
            done.set()

    worker = threading.Thread(target=draw, daemon=True)
    worker.start()
    assert done.wait(20), "drawing a tiny card did not end"
    assert not errors, errors


@pytest.mark.parametrize("trim", [(0.001, 1000.0), (1000.0, 0.001), (0.01, 400.0), (400.0, 0.01)])
def test_a_tts_plan_for_a_card_thinner_than_a_pixel_is_refused(trim: tuple[float, float]) -> None:
    """`export tts --card-size 0.001x1000mm` hung and `1000x0.001mm` crashed."""
    from kitgen.layout.export import plan_tts
    from kitgen.layout.geometry import LayoutError, Size
    from kitgen.layout.units import MM

    with pytest.raises(LayoutError, match="too thin for a Tabletop Simulator sheet"):
        plan_tts(10, Size(trim[0] * MM, trim[1] * MM))


@settings(max_examples=examples(300), deadline=None)
@given(
    count=st.integers(1, 500),
    width=st.floats(10, 400),
    height=st.floats(10, 400),
)
def test_every_tts_plan_in_range_has_cards_of_at_least_a_pixel(
    count: int, width: float, height: float
) -> None:
    from kitgen.layout.export import TTS_MAX_PX, plan_tts
    from kitgen.layout.geometry import Size
    from kitgen.layout.units import MM

    plan = plan_tts(count, Size(width * MM, height * MM))
    assert plan.card_width >= 1 and plan.card_height >= 1
    for sheet in plan.sheets:
        w, h = plan.sheet_size(sheet)
        assert w <= TTS_MAX_PX and h <= TTS_MAX_PX


@pytest.mark.parametrize(
    ("settings_text", "line", "said"),
    [
        ("  bleed: 11mm\n", 5, "bleed: 11 mm is more than 10 mm"),
        ("  card_size: 300x400mm\n", 5, "card_size: a 300 x 400 mm card with 3 mm bleed does not"),
        ("  paper: 60x60mm\n", 5, "paper: a 63 x 88 mm card"),
        ("  card_size: 10x10mm\n  paper: 1200x1200mm\n  bleed: 0\n  margin: 0\n", 5, "on a sheet"),
    ],
)
def test_check_lays_out_a_kits_cards_as_its_settings_stand(
    project: Path, settings_text: str, line: int, said: str
) -> None:
    kit = project / "kit.yaml"
    kit.write_text(KIT + "settings:\n" + settings_text, "utf-8")
    status, out, err = kitgen("check", str(kit))
    assert status == 1, out + err
    assert f"{kit}:{line}:" in out and "invalid-setting" in out and said in out, out


def test_check_counts_a_kits_pages_as_its_settings_lay_them_out(project: Path) -> None:
    (project / "cards.yaml").write_text(_card_file(2_501), "utf-8")
    kit = project / "kit.yaml"
    kit.write_text(
        KIT + "settings:\n  card_size: 400x400mm\n  paper: 420x420mm\n  bleed: 0\n"
        "components: [cards]\ncard_files:\n  - cards.yaml\n",
        "utf-8",
    )
    status, out, err = kitgen("check", str(kit))
    assert status == 1, out + err
    assert f"{kit}:10:5: error build-too-large with 'cards.yaml', the kit's 2,501 cards" in out
    assert "need 5,002 pages; kitgen prints at most 5,000 in one PDF" in out


FILTERS_SEEN = sorted(
    [
        "abs", "capitalize", "count", "d", "default", "first", "float", "int", "join", "last",
        "length", "lower", "max", "min", "round", "sort", "string", "sum", "title", "trim",
        "unique", "upper",
    ]
)  # fmt: skip
leaf = st.one_of(
    st.integers(-(10**12), 10**12).map(str),
    st.sampled_from(["hand_size", "harder_hands", "title", "turns", "none", "true"]),
    st.sampled_from(["'ab'", "''", "'x' * 2000", "[1] * 2000", "[[1] * 2000] * 2000"]),
    st.floats(allow_nan=False, allow_infinity=False).map(repr),
)
expression = st.recursive(
    leaf,
    lambda inner: st.one_of(
        st.tuples(
            inner, st.sampled_from(["+", "-", "*", "/", "//", "%", "**", "~", "==", "in"]), inner
        ).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        st.tuples(inner, st.sampled_from(FILTERS_SEEN)).map(lambda t: f"({t[0]} | {t[1]})"),
        st.tuples(inner, st.sampled_from(FILTERS_SEEN), inner).map(
            lambda t: f"({t[0]} | {t[1]}({t[2]}))"
        ),
        st.tuples(inner, st.sampled_from(FILTERS_SEEN), inner, inner).map(
            lambda t: f"({t[0]} | {t[1]}({t[2]}, {t[3]}))"
        ),
        st.lists(inner, min_size=1, max_size=4).map(lambda xs: "[" + ", ".join(xs) + "]"),
    ),
    max_leaves=12,
)


@settings(max_examples=examples(400), deadline=None)
@given(expr=expression)
def test_no_template_runs_long_or_builds_much(expr: str) -> None:
    """Any expression of allowed operators and filters ends at once, in text or a
    template-error, whatever numbers and lists it is given."""
    import time

    from jinja2 import TemplateError

    from kitgen.render.rules_text import RulesSandbox

    start = time.perf_counter()
    try:
        out = RulesSandbox().fill("{{ " + expr + " }}", CONTEXT)
    except (TemplateError, ArithmeticError, TypeError, ValueError, RecursionError):
        pass  # the booklet and the check report these as template-error
    else:
        assert len(out) <= 20_000
    assert time.perf_counter() - start < 2, expr


@pytest.mark.parametrize(
    ("value", "where"),
    [
        ("0x" + "f" * 5_000, "kitgen.toml:2:1: margin: a whole number of more than 100 digits"),
        ("1" + "0" * 400, "kitgen.toml:2:1: margin: a whole number of more than 100 digits"),
        ("9" * 5_000, "kitgen.toml:2:10: a whole number of more than 100 digits"),
        ("0o" + "7" * 200, "kitgen.toml:2:1: margin: a whole number of more than 100 digits"),
    ],
    ids=["hex", "decimal-401", "decimal-5000", "octal"],
)
def test_a_huge_whole_number_in_kitgen_toml_is_a_located_error(
    project: Path, value: str, where: str
) -> None:
    """The same numbers in kitgen.toml crashed every build (OverflowError, ValueError)."""
    (project / "kitgen.toml").write_text(f"[print]\nmargin = {value}\n", "utf-8")
    status, out, err = kitgen("build", "scratch", "-o", "out")
    assert status not in (0, 70), out + err
    [line] = err.splitlines()
    assert line.startswith(f"kitgen: error: {where}"), line
    assert not (project / "out").exists()


@pytest.mark.parametrize(("bleed", "ok"), [("10mm", True), ("1cm", True), ("10.01mm", False)])
def test_a_kits_bleed_is_held_to_the_limit_at_its_edge(project: Path, bleed: str, ok: bool) -> None:
    kit = project / "kit.yaml"
    kit.write_text(KIT + f"components: [mat]\nsettings:\n  bleed: {bleed}\n", "utf-8")
    status, out, err = kitgen("check", str(kit))
    assert (status == 0) is ok, out + err
    if not ok:
        assert f"{kit}:6:10: error invalid-setting bleed: 10.01 mm is more than 10 mm" in out


@pytest.mark.parametrize("places", [99, 100, 101, -100, -101, 10**6])
def test_round_places_are_held_to_the_limit_at_its_edge(places: int) -> None:
    from jinja2 import TemplateError

    from kitgen.render.rules_text import TEMPLATE_LIMITS, RulesSandbox

    text = f"{{{{ 1234.5678 | round({places}) }}}} {{{{ 7 | round({places}, 'floor') }}}}"
    if abs(places) <= TEMPLATE_LIMITS.max_round:
        assert RulesSandbox().fill(text, CONTEXT)
    else:
        with pytest.raises(TemplateError, match="`round` to"):
            RulesSandbox().fill(text, CONTEXT)


@pytest.mark.parametrize("digits", [99, 100, 101])
def test_kitgen_toml_whole_numbers_at_the_digit_limit(project: Path, digits: int) -> None:
    (project / "kitgen.toml").write_text(f"[print]\nmargin = {'1' * digits}\n", "utf-8")
    status, _out, err = kitgen("build", "scratch", "-o", "out")
    assert status not in (0, 70)
    said = "more than 100 digits" if digits > 100 else "is not a length"  # read, then refused
    assert said in err, err


@settings(max_examples=examples(40), deadline=None)
@given(
    commons=st.integers(min_value=1, max_value=300),
    entries=st.integers(min_value=1, max_value=40),
    extra=st.integers(min_value=0, max_value=20),  # a kit's extra_commons: 0 to 20
)
def test_the_card_limit_is_found_exactly_at_the_entry_that_passes_it(
    commons: int, entries: int, extra: int
) -> None:
    """A kit naming one card file `entries` times, each common `extra` more times: the
    check finds build-too-large exactly when the cards pass 10,000, at the first entry
    that takes them past it."""
    from kitgen.kit import check_file
    from kitgen.layout.limits import PRINT_LIMITS

    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "cards.yaml").write_text(_card_file(commons), "utf-8")
        kit = Path(folder, "kit.yaml")
        kit.write_text(
            f"{KIT}extra_commons: {extra}\ncard_files:\n" + "  - cards.yaml\n" * entries, "utf-8"
        )
        found = [f for f in check_file(str(kit)).findings if f.code == "build-too-large"]
    each = commons * (1 + extra)
    limit = PRINT_LIMITS.max_cards
    if each * entries <= limit:
        assert found == []
    else:
        [too_many] = found
        first = limit // each + 1  # the 1-based entry whose cards pass the limit
        assert too_many.location is not None and too_many.location.line == 5 + first
