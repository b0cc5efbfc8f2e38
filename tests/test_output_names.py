"""Output file names: a kit's files take its name, other files read well, and two files
of one command that would go to one path are a usage error before anything is written
(issue 24, item 1; the scheme is docs/formats.md section 2.8)."""

from __future__ import annotations

import re
import unicodedata
from itertools import pairwise
from pathlib import Path

import pytest
from conftest import SharedBuild, run_in_process, write
from hypothesis import given
from hypothesis import strategies as st

from kitgen.entry import main
from kitgen.paths import data_dir

SCRATCH = data_dir() / "scratch"


def kit(folder: Path, name: str, file: str = "kit.yaml") -> str:
    """A Scratch kit of the official cards only (quick to draw), in its own folder."""
    text = f"game: scratch\nkind: kit\nname: {name!r}\ncomponents: [cards]\n"
    return write(folder, file, text)


def kitgen(*args: str) -> tuple[int, list[str], list[str]]:
    code, out, err = run_in_process(main, *args, seconds=120)
    return code, out.splitlines(), err.splitlines()


def files(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())


# --- Kits take their names -----------------------------------------------------------------


def test_two_kits_with_different_names_build_to_different_files(tmp_path: Path) -> None:
    tinker = kit(tmp_path / "tinker-town", "Tinker Town")
    other = kit(tmp_path / "other-town", "Other Town")
    out = tmp_path / "out"
    code, written, err = kitgen("build", tinker, other, "-o", str(out))
    assert code == 0, err
    assert written == [
        str(out / "scratch" / "tinker-town-cards.pdf"),
        str(out / "scratch" / "other-town-cards.pdf"),
    ]
    assert files(out) == ["scratch/other-town-cards.pdf", "scratch/tinker-town-cards.pdf"]
    assert (out / "scratch/tinker-town-cards.pdf").read_bytes() != (
        out / "scratch/other-town-cards.pdf"
    ).read_bytes()  # each kit's name is on its own sheets


def test_a_kit_whose_name_spells_nothing_takes_its_file_stem(tmp_path: Path) -> None:
    path = kit(tmp_path, "?!?", "tinker.yaml")
    out = tmp_path / "out"
    code, written, err = kitgen("build", path, "-o", str(out))
    assert code == 0, err
    assert written == [str(out / "scratch" / "tinker-cards.pdf")]


def test_a_kit_named_twice_or_by_its_game_is_built_once(tmp_path: Path) -> None:
    path = kit(tmp_path, "Tinker Town")
    out = tmp_path / "out"
    code, written, err = kitgen("build", path, path, "-o", str(out))
    assert code == 0, err
    assert written == [str(out / "scratch" / "tinker-town-cards.pdf")]
    code, written, err = kitgen(
        "build", "galliard", str(data_dir() / "galliard" / "kit.yaml"), "-o", str(out)
    )
    assert code == 0, err
    assert len(written) == len(set(written)) == 6  # mat, cards, tracker, three booklets


def test_a_kits_file_prefix_names_its_files_instead_of_its_name(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "kit.yaml",
        "game: scratch\nkind: kit\nname: Tinker Town\nfile_prefix: tt\ncomponents: [cards]\n",
    )
    out = tmp_path / "out"
    code, written, err = kitgen("build", path, "-o", str(out))
    assert code == 0, err
    assert written == [str(out / "scratch" / "tt-cards.pdf")]


def test_a_file_prefix_that_is_not_an_id_is_found_at_its_line(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "kit.yaml",
        "game: scratch\nkind: kit\nname: Tinker Town\nfile_prefix: Tinker Town\n",
    )
    code, out, _ = kitgen("check", path)
    assert code == 1
    assert any(":4:14: error invalid-value file_prefix:" in line for line in out), out


@pytest.mark.parametrize("game", ["scratch", "shapeup", "scaffold", "staircase", "galliard"])
def test_the_games_own_kits_name_their_files_after_the_game(
    game: str, built_all: SharedBuild
) -> None:
    # (the files of the run's shared `kitgen build all`, as it printed them)
    assert built_all.status == 0, built_all.stderr
    written = [p for p in built_all.stdout.splitlines() if Path(p).parent.name == game]
    assert written and all(Path(p).name.startswith(f"{game}-") for p in written), written


# --- Clashes: exit 2 naming both sources, nothing written ----------------------------------


@pytest.mark.parametrize(
    ("command", "clash"),
    [
        (["build"], "scratch/tinker-town-cards.pdf"),
        (["watch"], "scratch/tinker-town-cards.pdf"),
        (["export", "png"], "scratch/png/tinker-town-cards"),
        (["export", "pdf"], "scratch/single-cards/tinker-town-cards.pdf"),
        (["export", "tts"], "scratch/tts/tinker-town-cards"),
    ],
)
def test_two_kits_of_one_name_are_a_usage_error_before_anything_is_written(
    tmp_path: Path, command: list[str], clash: str
) -> None:
    tinker = kit(tmp_path / "tinker-town", "Tinker Town")
    other = kit(tmp_path / "other-town", "Tinker town!")  # the same name as a file name
    out = tmp_path / "out"
    write(out, "scratch/keep.pdf", "the user's own")
    code, written, err = kitgen(*command, tinker, other, "-o", str(out))
    assert code == 2 and written == [], err
    [line] = err
    assert line.startswith("kitgen: error: ")
    assert f"{tinker} and {other} would both write {out / clash}" in line
    assert files(out) == ["scratch/keep.pdf"]  # nothing new, nothing half-made


def test_a_cards_file_and_a_kit_that_would_write_one_file_clash(tmp_path: Path) -> None:
    """Not only kits: any two targets. The kit named `Scratch cards` and the cards
    file `cards.yaml` both print `scratch-cards.pdf`."""
    cards = str(SCRATCH / "cards.yaml")
    named = kit(tmp_path, "Scratch cards")
    out = tmp_path / "out"
    code, written, err = kitgen("build", cards, named, "-o", str(out))
    assert code == 2 and written == []
    assert err == [
        f"kitgen: error: {cards} and {named} would both write "
        f"{out / 'scratch' / 'scratch-cards.pdf'}; nothing was written (give one of "
        "them another name, or build it with another --out)"
    ]
    assert not out.exists()


def test_one_build_whose_two_files_would_clash_writes_nothing() -> None:
    from kitgen.build import Planned, check_clashes
    from kitgen.errors import UsageError

    made: list[str] = []
    one = Planned(("out/x/a-cards.pdf",), "a.yaml", lambda: made.append("one"))
    two = Planned(("out/x/A-Cards.pdf",), "a.yaml", lambda: made.append("two"))
    with pytest.raises(UsageError, match=r"^a\.yaml would write out/x/A-Cards\.pdf twice"):
        check_clashes([[one, two]])
    assert made == []


def test_watching_a_second_source_of_one_file_reports_it_and_writes_nothing(
    tmp_path: Path,
) -> None:
    """While watching, a kit renamed to clash: that rebuild is one error, no file."""
    from kitgen.build import BuildOptions
    from kitgen.watch import build_once

    tinker = kit(tmp_path / "a", "Tinker Town")
    other = kit(tmp_path / "b", "Tinker Town")
    out = tmp_path / "out"
    result, errors = build_once([tinker, other], BuildOptions(out=str(out)))
    assert result.written == [] and not out.exists()
    assert errors == [
        f"{tinker} and {other} would both write {out / 'scratch' / 'tinker-town-cards.pdf'}; "
        "nothing was written (give one of them another name, or build it with another --out)"
    ]


# --- Files from other inputs ---------------------------------------------------------------


def test_other_files_are_named_game_name_part_without_a_doubled_word(tmp_path: Path) -> None:
    out = tmp_path / "out"
    targets = [SCRATCH / "cards.yaml", SCRATCH / "decks" / "hold-the-line.yaml"]
    code, written, err = kitgen("build", *map(str, targets), "-o", str(out))
    assert code == 0, err
    names = [Path(p).name for p in written]
    assert names == ["scratch-cards.pdf", "scratch-hold-the-line-deck.pdf"]
    for name in names:
        words = name.removesuffix(".pdf").split("-")
        assert all(a != b for a, b in pairwise(words)), name


# --- Spelling a name -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Scratch: Draw the Line", "scratch-draw-the-line"),
        ("Shape Up!", "shape-up"),
        ("  Tinker__Town -- 2  ", "tinker-town-2"),
        # Letters of every script are kept with their accents (issue 37, item 5).
        ("Café Crème Brûlée", "café-crème-brûlée"),
        ("Æsir, Ørsted & Þór", "æsir-ørsted-þór"),
        ("Straße", "straße"),
        ("Zażółć gęślą jaźń", "zażółć-gęślą-jaźń"),
        ("Don't Panic", "dont-panic"),
        (
            "\uff26\uff55\uff4c\uff4c \uff37\uff49\uff44\uff54\uff48",
            "\uff46\uff55\uff4c\uff4c-\uff57\uff49\uff44\uff54\uff48",
        ),
        ("Fire\u2014Ice", "fire-ice"),  # punctuation of any script parts words
        ('a/b\\c:d*e?f"g<h>i|j', "a-b-c-d-e-f-g-h-i-j"),  # nothing Windows refuses
        ("..", ""),
        # Letters ASCII cannot spell are kept, lower-cased (issue 35, item 15).
        ("城堡", "城堡"),
        ("Πελαργός", "πελαργός"),
        ("ΠΕΛΑΡΓΌΣ", "πελαργός"),  # a capital sigma ends a word as ς
        ("Буря на море", "буря-на-море"),
        ("Πελαργο\u0301ς", "πελαργός"),  # an accent typed as a combining mark: NFC
        ("Café Буря", "café-буря"),
        ("ドラゴンの巣", "ドラゴンの巣"),
        ("قلعة التنين", "قلعة-التنين"),
        ("हिन्दी नाम", "हिन्दी-नाम"),  # marks kept with their letters
        ("城堡、王国", "城堡-王国"),  # punctuation beyond ASCII parts words next to them
        ("Ŋgoni", "ŋgoni"),  # a Latin letter with no ASCII spelling is a letter too
        ("Π\u202eλ\u200bε/\\:*?<>|\x00ς", "πλε-ς"),  # bidi, zero-width, path, control
        ("\uff0f\uff3c\u2215", ""),  # full-width solidi and a division slash: no letter
        ("☃ ♠", ""),
        ("", ""),
        ("\u202e\u200b", ""),
        ("CON", "con"),  # a word; file_name keeps it off a whole file name
    ],
)
def test_slug(name: str, expected: str) -> None:
    from kitgen.names import slug

    assert slug(name) == expected


def test_a_long_name_is_cut_after_a_whole_word() -> None:
    from kitgen.names import CUT_MARK, MAX_SLUG, cut_mark, slug

    # 10 words, then the mark made from the whole name: 58 characters
    assert slug("word " * 30) == "-".join(["word"] * 10 + [cut_mark("word " * 30)])
    assert slug("word " * 12) == "-".join(["word"] * 12)  # 59 characters: it fits whole
    assert slug("x" * 60) == "x" * MAX_SLUG
    assert slug("x" * 100) == "x" * (MAX_SLUG - CUT_MARK - 1) + "-" + cut_mark("x" * 100)
    assert len(slug("Tinker Town " * 20)) <= MAX_SLUG


@pytest.mark.parametrize(
    ("parts", "expected"),
    [
        (("con",), "con_.pdf"),
        (("nul",), "nul_.pdf"),
        (("com1",), "com1_.pdf"),
        (("lpt9",), "lpt9_.pdf"),
        (("com\u00b9",), "com\u00b9_.pdf"),  # Windows reads a superscript digit as the digit
        (("con", "cards"), "con-cards.pdf"),
        (("",), "untitled.pdf"),
        (("scratch", "cards", "cards"), "scratch-cards.pdf"),
        (("scratch", "scratch-starter", "deck"), "scratch-starter-deck.pdf"),
        (("house-rules", "rules-booklet"), "house-rules-booklet.pdf"),
        (("my-cards", "cards"), "my-cards.pdf"),
        (("tinker-town", "cards"), "tinker-town-cards.pdf"),
    ],
)
def test_file_name(parts: tuple[str, ...], expected: str) -> None:
    from kitgen.names import file_name

    assert file_name(*parts) == expected


def safe_slug(made: str) -> bool:
    """Words of letters and digits (of any script, with their accents) joined by single
    dashes, lower case, NFC: no space, punctuation, symbol, control, format (bidi,
    zero-width) or unassigned character, nothing a file system or Windows refuses."""
    words = made.split("-")
    return (
        all(words)
        and unicodedata.is_normalized("NFC", made)
        and made == made.lower()
        and all(
            (ch.isascii() and ch in "abcdefghijklmnopqrstuvwxyz0123456789")
            or (not ch.isascii() and unicodedata.category(ch)[0] in "LMN")
            for word in words
            for ch in word
        )
        and all(unicodedata.category(word[0])[0] != "M" for word in words)
    )


@given(st.text(max_size=200), st.sampled_from(["cards", "mat", "rules-booklet", "deck"]))
def test_any_name_makes_a_safe_file_name(name: str, part: str) -> None:
    from kitgen.names import MAX_SLUG, MAX_SLUG_BYTES, WINDOWS_RESERVED, file_name, name_slug, slug

    made = slug(name)
    assert made == "" or safe_slug(made), made
    assert len(made) <= MAX_SLUG and len(made.encode()) <= MAX_SLUG_BYTES
    if any(unicodedata.category(ch)[0] in "LN" for ch in name):
        assert made  # a name with a letter or a digit of any script spells something
    stem = name_slug(name, "")
    assert stem and safe_slug(stem)
    for parts in ((stem, part), (stem,)):
        base = file_name(*parts).removesuffix(".pdf")
        assert base.removesuffix("_") and base not in WINDOWS_RESERVED
        assert safe_slug(base.removesuffix("_")) and len(base.encode()) < 160


def ascii_slug_of_before(text: str) -> str:
    """The slug kitgen wrote before names kept letters of every script (issue 35): the
    reference a name ASCII can spell must still meet, or shipped outputs change name."""
    letters = str.maketrans(
        {"æ": "ae", "œ": "oe", "ø": "o", "ð": "d", "þ": "th", "ł": "l", "đ": "d", "ħ": "h"}
        | {"\u0131": "i"}
    )
    text = re.sub(r"(?<=\w)['\u2019](?=\w)", "", text.casefold().translate(letters))
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    out = ""
    for word in re.findall(r"[a-z0-9]+", plain):
        longer = f"{out}-{word}" if out else word
        if len(longer) > 60:
            return out or word[:60]
        out = longer
    return out


LATIN_AND_MORE = st.text(
    st.sampled_from(
        list(
            "aZ09 -_'\u2019.!—、ßæÆøŁıİéÉ\u0301\u0308ﬁ\uff21①½²℡ΣσςπБй城☃\u202e\u200b\u00ad\u3000ŋ"
        )
    ),
    max_size=150,
)


@given(st.text(st.characters(max_codepoint=127), max_size=150))
def test_an_ascii_name_keeps_the_file_name_it_always_had(name: str) -> None:
    """A name in ASCII spells as kitgen always spelt it (a name longer than a file name
    takes now ends in its mark); so no shipped output changes its name. (A name with
    letters beyond ASCII kept them, issue 37: `Café` is `café`, no longer `cafe`.)"""
    from kitgen.names import MAX_SLUG, slug

    made = slug(name)
    before = ascii_slug_of_before(name)
    if len(made) < MAX_SLUG - 9 or "-".join(re.findall(r"[a-z0-9]+", name.lower())) == before:
        assert made == before


@given(LATIN_AND_MORE)
def test_a_name_keeps_its_letters_in_order(name: str) -> None:
    """Every letter and digit of a name that fits is in its slug, in order, lower-cased
    with its accents; nothing else is."""
    from kitgen.names import MAX_SLUG, slug

    nfc = re.sub(r"(?<=\w)['\u2019](?=\w)", "", unicodedata.normalize("NFC", name).lower())
    kept, keeping = [], False
    for ch in nfc:  # a letter or digit and the marks after it; a mark after aught else goes
        kind = unicodedata.category(ch)
        if kind[0] != "M":
            keeping = kind[0] in "LN"
        if keeping:
            kept.append(ch)
    made = slug(name)
    if len(made) < MAX_SLUG - 9:
        assert made.replace("-", "") == unicodedata.normalize("NFC", "".join(kept))


def test_a_long_name_in_any_script_is_cut_in_bytes_too() -> None:
    from kitgen.names import MAX_SLUG, MAX_SLUG_BYTES, cut_mark, slug

    greek = slug("Πελαργός " * 20)
    # 5 words and the mark: 53 characters, 93 bytes (a sixth word and the mark: 111 bytes,
    # 62 characters)
    assert greek == "-".join(["πελαργός"] * 5 + [cut_mark("Πελαργός " * 20)])
    assert len(slug("城堡 " * 40).encode()) <= MAX_SLUG_BYTES  # 40 letters of 3 bytes
    assert slug("城" * 100) == "城" * 37 + "-" + cut_mark("城" * 100)  # 120 bytes
    alpha = "\u03b1"  # more accents than fit: the letter (with the first) stays
    name = alpha + "\u0301" * 200
    assert slug(name) == unicodedata.normalize("NFC", alpha + "\u0301") + "-" + cut_mark(name)
    assert len(slug("é" * 100)) == MAX_SLUG
