"""What kitgen agrees to read: regular files only (a pipe or a device never blocks a
command), named files inside their project unless `--allow-outside`, and folders of
any depth, an unreadable one reported rather than skipped."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import examples, write
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from kitgen.cli import app
from kitgen.kit import check_file
from kitgen.load.documents import read_bytes, read_document
from kitgen.model.findings import Finding
from kitgen.paths import data_dir

runner = CliRunner()
OFFICIAL_DECK = data_dir() / "scratch" / "decks" / "hold-the-line.yaml"
DECK = OFFICIAL_DECK.read_text(encoding="utf-8")
CARDS = """game: scratch
kind: cards
cards:
  - name: Secret Imp
    faction: monster
    rarity: common
    stats: {top: 5, right: 5, bottom: 3, left: 6}
"""
POSITION = (Path(__file__).parent / "fixtures" / "valid" / "shapeup-position.yaml").read_text(
    encoding="utf-8"
)
SECRET = "root:x:0:0:TOP-SECRET-LINE:/root:/bin/bash\ndaemon:x:1:1::/usr/sbin\n"


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout + result.stderr


class Hung(BaseException):
    """Raised by the alarm: no `except OSError` or `except Exception` in kitgen stops it."""


@pytest.fixture
def deadline() -> Iterator[None]:
    """Fail (not hang) when the test takes more than 20 s: a blocked open() of a pipe
    is interrupted by the alarm."""

    def expire(signum: int, frame: object) -> None:
        raise Hung("kitgen blocked for 20 s")

    old = signal.signal(signal.SIGALRM, expire)
    signal.alarm(20)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


@pytest.fixture
def contained(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """tmp_path as the only place a project can be: folders above it (/tmp, shared
    with other programs) never count as a project, whatever they hold."""
    from kitgen.load import references

    real = os.path.realpath(tmp_path)
    found = references.project_root

    def project_root(folder: str) -> str | None:
        root = found(folder)
        return root if root is not None and references._within(root, real) else None

    monkeypatch.setattr(references, "project_root", project_root)
    return tmp_path


def at(findings: list[Finding], code: str) -> list[tuple[str, int]]:
    return [
        (os.path.basename(f.location.path), f.location.line)
        for f in findings
        if f.code == code and f.location is not None
    ]


# --- Pipes, devices and other files that are not regular files -------------------------


def test_read_bytes_refuses_a_pipe_without_opening_it(tmp_path: Path, deadline: None) -> None:
    pipe = tmp_path / "p.yaml"
    os.mkfifo(pipe)
    data, problem = read_bytes(str(pipe))
    assert data is None and problem is not None
    assert problem.code == "file-unreadable" and "a pipe (FIFO)" in problem.message
    device = read_bytes(os.devnull)[1]
    assert device is not None and device.code == "file-unreadable" and "device" in device.message


def test_a_pipe_swapped_in_after_the_look_cannot_hang(
    tmp_path: Path, deadline: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A race: the file looked regular, then a pipe took its place before the open."""
    pipe = tmp_path / "p.yaml"
    os.mkfifo(pipe)
    real_stat = os.stat
    regular = real_stat(write(tmp_path, "plain.yaml", "game: scratch\n"))

    def stat(path: object, *args: object, **kwargs: object) -> os.stat_result:
        return regular if path == str(pipe) else real_stat(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "stat", stat)
    data, problem = read_bytes(str(pipe))
    assert data is None and problem is not None and "a pipe (FIFO)" in problem.message


KIT_HEAD = "game: scratch\nkind: kit\nname: Party\ncomponents: [cards]\n"


@pytest.mark.parametrize(
    ("name", "text", "line"),
    [
        ("deck.yaml", DECK.replace("cards:\n", "uses: [p.yaml]\ncards:\n", 1), None),
        ("kit.yaml", KIT_HEAD + "decks: [p.yaml]\n", 5),
        ("kit.yaml", KIT_HEAD + "card_files: [p.yaml]\n", 5),
        ("kit.yaml", KIT_HEAD + "rules: p.yaml\n", 5),
        ("record.yaml", "game: scratch\nkind: record\ndecks: {P1: p.yaml, P2: p.yaml}\n", 3),
    ],
    ids=["uses", "kit-decks", "kit-card-files", "kit-rules", "record-decks"],
)
def test_a_pipe_named_in_a_file_is_a_finding_at_its_entry(
    tmp_path: Path, deadline: None, name: str, text: str, line: int | None
) -> None:
    os.mkfifo(tmp_path / "p.yaml")
    path = write(tmp_path, name, text)
    if line is None:
        line = text.splitlines().index("uses: [p.yaml]") + 1
    report = check_file(path)
    assert (name, line) in at(report.findings, "uses-unreadable"), report.findings
    assert any("a pipe (FIFO)" in f.message for f in report.findings)
    assert not report.ok


def test_build_and_export_of_a_kit_naming_a_pipe_stop_at_once(
    tmp_path: Path, deadline: None
) -> None:
    os.mkfifo(tmp_path / "p.yaml")
    kit = write(tmp_path, "kit.yaml", KIT_HEAD + "decks: [p.yaml]\n")
    out = str(tmp_path / "out")
    for args in (["build", kit], ["export", "pdf", kit], ["export", "tts", kit]):
        code, text = run(*args, "--out", out)
        assert code == 1 and "kit.yaml:5:" in text and "a pipe (FIFO)" in text, (args, text)
    assert not os.path.exists(os.path.join(out, "scratch"))


def test_a_pipe_in_a_checked_folder_is_reported(tmp_path: Path, deadline: None) -> None:
    os.mkfifo(tmp_path / "p.yaml")
    write(tmp_path, "deck.yaml", DECK)
    code, text = run("check", str(tmp_path))
    assert code == 1 and "p.yaml:1:1: error file-unreadable this is a pipe (FIFO)" in text


@pytest.mark.parametrize(
    "command",
    [
        ["check"],
        ["score"],
        ["replay"],
        ["simulate", "{pipe}"],
        ["build"],
        ["export", "png"],
        ["export", "tts"],
        ["watch"],
    ],
    ids=lambda c: "-".join(c[:2]).replace("{pipe}", "decks"),
)
def test_no_command_waits_on_a_pipe_named_on_the_command_line(
    tmp_path: Path, command: list[str]
) -> None:
    pipe = str(tmp_path / "p.yaml")
    os.mkfifo(pipe)
    args = [a.replace("{pipe}", pipe) for a in command] + [pipe]
    if command[0] in ("build", "export", "watch"):
        args += ["--out", str(tmp_path / "out")]
    result = subprocess.run(
        [sys.executable, "-m", "kitgen", *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=tmp_path,
    )
    said = result.stdout + result.stderr
    assert result.returncode in (1, 2), said
    assert "Traceback" not in said, said
    if command[0] != "watch":  # (watch refuses what is not a regular file by its own words)
        assert "pipe (FIFO)" in said, said


# --- Files outside the project ------------------------------------------------------------


def _outside_cases(tmp: Path) -> list[tuple[str, str, str, int]]:
    """(file, text, entry, line): each way a file names another, pointing outside."""
    secret = tmp / "elsewhere" / "passwd"
    secret.parent.mkdir(exist_ok=True)
    secret.write_text(SECRET, encoding="utf-8")
    (tmp / "elsewhere" / "cards.yaml").write_text(CARDS, encoding="utf-8")
    (tmp / "elsewhere" / "deck.yaml").write_text(DECK, encoding="utf-8")
    (tmp / "elsewhere" / "rules.yaml").write_text(
        (data_dir() / "scratch" / "rules.yaml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    (tmp / "elsewhere" / "imp.png").write_bytes(
        (
            Path(__file__).parent / "fixtures" / "invalid" / "_support" / "not-an-image.png"
        ).read_bytes()
    )
    uses = DECK.replace("cards:\n", "uses: [@@]\ncards:\n", 1)
    uses_line = uses.splitlines().index("uses: [@@]") + 1
    art = CARDS.replace("    stats:", "    art: @@\n    stats:")
    return [
        ("deck.yaml", uses, str(secret), uses_line),
        ("deck.yaml", uses, "../elsewhere/passwd", uses_line),
        ("deck.yaml", uses, "../elsewhere/cards.yaml", uses_line),
        ("kit.yaml", KIT_HEAD + "decks: [@@]\n", "../elsewhere/deck.yaml", 5),
        ("kit.yaml", KIT_HEAD + "card_files: [@@]\n", str(tmp / "elsewhere" / "cards.yaml"), 5),
        ("kit.yaml", KIT_HEAD + "rules: @@\n", "../elsewhere/rules.yaml", 5),
        ("record.yaml", "game: scratch\nkind: record\ndecks: {P1: @@, P2: @2}\n", "", 3),
        ("cards.yaml", art, "../elsewhere/imp.png", 7),
    ]


def fill(text: str, entry: str, tmp: Path) -> str:
    """A case's text with its entry (a record: one relative deck, one absolute)."""
    if "@2" in text:
        return text.replace("@@", "../elsewhere/deck.yaml").replace(
            "@2", str(tmp / "elsewhere" / "deck.yaml")
        )
    return text.replace("@@", entry)


@pytest.mark.parametrize("case", range(8))
def test_a_file_named_outside_the_project_is_refused_unread(
    contained: Path, case: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    name, text, entry, line = _outside_cases(contained)[case]
    project = contained / "project"
    project.mkdir()
    text = fill(text, entry, contained)
    path = write(project, name, text)
    opened: list[str] = []
    real_open = os.open

    def spy(file: str, *args: object, **kwargs: object) -> int:
        opened.append(os.path.realpath(file))
        return real_open(file, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", spy)
    report = check_file(path)
    assert (name, line) in at(report.findings, "path-outside-project"), report.findings
    assert not report.ok
    said = " ".join(f.message for f in report.findings)
    assert "SECRET" not in said and "root:x" not in said
    elsewhere = os.path.realpath(contained / "elsewhere")
    assert not [p for p in opened if p.startswith(elsewhere)], opened
    code, text_out = run("check", path)
    assert code == 1 and "path-outside-project" in text_out and "--allow-outside" in text_out


@pytest.mark.parametrize("case", [2, 3, 4, 6])
def test_allow_outside_reads_them(contained: Path, case: int) -> None:
    name, text, entry, _ = _outside_cases(contained)[case]
    project = contained / "project"
    project.mkdir()
    text = fill(text, entry, contained)
    path = write(project, name, text)
    code, said = run("check", "--allow-outside", path)
    assert "path-outside-project" not in said and code == 0, said
    # ...for that run only
    code, said = run("check", path)
    assert code == 1 and "path-outside-project" in said


def test_a_symlink_cannot_lead_out(contained: Path) -> None:
    project = contained / "project"
    project.mkdir()
    (contained / "elsewhere").mkdir()
    (contained / "elsewhere" / "cards.yaml").write_text(CARDS, encoding="utf-8")
    (project / "cards.yaml").symlink_to(contained / "elsewhere" / "cards.yaml")
    (project / "linked").symlink_to(contained / "elsewhere")
    for entry in ("cards.yaml", "linked/cards.yaml"):
        path = write(project, "deck.yaml", DECK.replace("cards:\n", f"uses: [{entry}]\ncards:\n"))
        assert at(check_file(path).findings, "path-outside-project"), entry


def test_the_project_root_is_the_nearest_folder_with_a_kit_or_kitgen_toml(
    contained: Path,
) -> None:
    """A deck in project/decks/ may name project/cards/: the kit file (any name, `kind:
    kit`) or a kitgen.toml in project/ makes it one project. Above it, nothing is."""
    project = contained / "project"
    write(project, "cards/cards.yaml", CARDS)
    write(contained, "stray/cards.yaml", CARDS)
    deck = write(
        project,
        "decks/deck.yaml",
        DECK.replace("cards:\n", "uses: [../cards/cards.yaml]\ncards:\n"),
    )
    assert at(check_file(deck).findings, "path-outside-project")
    write(project, "party.yaml", "# my kit\ngame: scratch\nkind: 'kit'  # the kit\nname: Party\n")
    assert not at(check_file(deck).findings, "path-outside-project")
    stray = write(
        project,
        "decks/stray.yaml",
        DECK.replace("cards:\n", "uses: [../../stray/cards.yaml]\ncards:\n"),
    )
    assert at(check_file(stray).findings, "path-outside-project")
    os.remove(project / "party.yaml")
    assert at(check_file(deck).findings, "path-outside-project")
    (project / "kitgen.toml").write_text("[print]\n", encoding="utf-8")
    assert not at(check_file(deck).findings, "path-outside-project")


def test_kitgen_data_may_be_named_and_builds_need_no_option(tmp_path: Path) -> None:
    record = write(
        tmp_path,
        "r.yaml",
        f"game: scratch\nkind: record\ndecks: {{P1: {OFFICIAL_DECK}, P2: {OFFICIAL_DECK}}}\n",
    )
    assert check_file(record).findings == []
    for folder in sorted(p for p in data_dir().iterdir() if p.is_dir()):
        for path in sorted(folder.rglob("*.yaml")):
            assert not at(check_file(str(path)).findings, "path-outside-project"), path


def test_the_fast_path_takes_allow_outside(tmp_path: Path) -> None:
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "cards.yaml").write_text(CARDS, encoding="utf-8")
    deck = write(
        tmp_path / "p",
        "deck.yaml",
        DECK.replace("cards:\n", "uses: [/nonexistent/x.yaml]\ncards:\n"),
    )
    from kitgen import entry

    assert entry.plain_command(["check", "--allow-outside", deck]) is not None
    for fast in (
        "root.app = None; entry.run()",
        "entry.plain_command = lambda a: None; entry.main()",
    ):
        for extra, code, needle in (
            ([], 1, "path-outside-project"),
            (["--allow-outside"], 1, "uses-not-found"),
        ):
            result = subprocess.run(
                [
                    sys.executable,
                    "-c",
                    f"from kitgen import entry; from kitgen.cli import root; {fast}",
                    "check",
                    *extra,
                    deck,
                ],
                capture_output=True,
                text=True,
                timeout=60,
                check=False,
            )
            assert result.returncode == code and needle in result.stdout, (
                result.stdout + result.stderr
            )


def test_a_file_that_is_no_mapping_is_not_quoted(tmp_path: Path) -> None:
    path = write(tmp_path, "passwd", SECRET)
    doc = read_document(path)
    assert [f.code for f in doc.findings] == ["not-a-mapping"]
    assert "SECRET" not in doc.findings[0].message and "root" not in doc.findings[0].message


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.sampled_from(["..", "a", "b", ".", "link", "/", "tmp"]), min_size=1, max_size=6))
def test_outside_agrees_with_the_real_path(parts: list[str]) -> None:
    """Whatever the entry, it is refused exactly when its real path leaves the folder
    (no project above the test folder, kitgen's data aside)."""
    import tempfile

    from kitgen.load import references

    with tempfile.TemporaryDirectory() as tmp:
        base = os.path.realpath(tmp)
        os.makedirs(os.path.join(base, "p", "a", "b"))
        os.symlink(os.path.join(base, "outer"), os.path.join(base, "p", "link"))
        entry = os.path.join(*parts)
        naming = os.path.join(base, "p", "deck.yaml")
        # (the path is normalised as written, then its links resolved: what is opened)
        real = os.path.realpath(os.path.normpath(os.path.join(base, "p", entry)))
        inside = real == os.path.join(base, "p") or real.startswith(os.path.join(base, "p") + "/")
        original = references.project_root
        references.project_root = lambda folder: None  # type: ignore[assignment]
        try:
            refused = references.outside(entry, naming, None) is not None
        finally:
            references.project_root = original  # type: ignore[assignment]
        data = references._within(real, os.path.realpath(data_dir()))
        assert refused is not (inside or data), (entry, real)


# --- Folders: any depth, unreadable ones reported -----------------------------------------


def _nested(top: Path, depth: int) -> Path:
    """`depth` folders inside each other (made without recursion), a position at the
    bottom."""
    here = str(top)
    os.mkdir(here)
    for _ in range(depth):
        here = os.path.join(here, "d")
        os.mkdir(here)
    return Path(write(Path(here), "position.yaml", POSITION))


@pytest.mark.parametrize("command", ["check", "score"])
def test_deeply_nested_folders_are_walked(tmp_path: Path, command: str) -> None:
    from kitgen.kit import walk_yaml

    deck = _nested(tmp_path / "deep", 1100)
    try:
        os.symlink(tmp_path / "deep", tmp_path / "deep" / "d" / "loop")  # a loop: not followed
        assert walk_yaml(str(tmp_path / "deep")) == ([str(deck)], [])
        code, said = run(command, str(tmp_path / "deep"))
        assert "internal error" not in said and "Recursion" not in said
        assert code == 0, said
        assert ("1 file checked: no problems" if command == "check" else "A wins") in said
    finally:  # (shutil.rmtree, as pytest cleans up, recurses: take it down from below)
        os.remove(tmp_path / "deep" / "d" / "loop")
        os.remove(deck)
        here = deck.parent
        while here != tmp_path:
            os.rmdir(here)
            here = here.parent


@given(st.integers(min_value=0, max_value=40), st.integers(min_value=0, max_value=3))
@settings(max_examples=examples(25), deadline=None)
def test_walk_finds_what_os_walk_finds(depth: int, width: int) -> None:
    import tempfile

    from kitgen.kit import walk_yaml

    with tempfile.TemporaryDirectory() as tmp:
        here = tmp
        for level in range(depth):
            for i in range(width):
                Path(here, f"f{level}-{i}.yaml").write_text("x", encoding="utf-8")
                Path(here, f"n{i}.txt").write_text("x", encoding="utf-8")
            here = os.path.join(here, f"s{level}")
            os.mkdir(here)
        walked = sorted(
            os.path.join(root, n)
            for root, _, names in os.walk(tmp)
            for n in names
            if n.endswith((".yaml", ".yml"))
        )
        files, unlisted = walk_yaml(tmp)
        assert sorted(files) == walked and unlisted == []


def _unreadable(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make `folder` unlistable: by its mode, and (for root, whom modes do not stop)
    by os.scandir refusing it as the system would."""
    folder.chmod(0)
    real_scandir = os.scandir

    def scandir(path: str) -> object:
        if os.path.realpath(path) == os.path.realpath(folder):
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)


# chmod 000 does not stop root, as the tests may run: then os.scandir refusing the
# folder (as the system does for others) stands in for it.
MECHANISMS = ["scandir"] + (["chmod"] if os.geteuid() != 0 else [])


@pytest.mark.parametrize("mechanism", MECHANISMS)
def test_an_unreadable_folder_inside_is_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mechanism: str
) -> None:
    from kitgen.kit import list_inputs

    write(tmp_path, "top/position.yaml", POSITION)
    locked = tmp_path / "top" / "locked"
    write(locked, "position.yaml", POSITION)
    try:
        if mechanism == "chmod":
            locked.chmod(0)
            assert not os.access(locked, os.R_OK)
        else:
            _unreadable(locked, monkeypatch)
        assert list_inputs([str(tmp_path / "top")]) == [
            (str(locked), "cannot read this folder: Permission denied"),
            (str(tmp_path / "top" / "position.yaml"), None),
        ]
        for command in ("check", "score"):
            code, said = run(command, str(tmp_path / "top"))
            assert code != 0, said
            assert f"{locked}:1:1: error file-unreadable cannot read this folder" in said
        code, said = run("check", "-f", "json", str(tmp_path / "top"))
        assert code == 1 and '"file-unreadable"' in said
    finally:
        locked.chmod(0o755)


def _outside_deck(tmp: Path) -> str:
    """project/deck.yaml, a legal deck whose card file is outside its project."""
    write(tmp, "elsewhere/cards.yaml", CARDS)
    text = DECK.replace("cards:\n", "uses: [../elsewhere/cards.yaml]\ncards:\n", 1)
    return write(tmp, "project/deck.yaml", text.replace("  Knight: 1\n", "  Secret Imp: 1\n"))


def test_build_replay_and_simulate_take_allow_outside(contained: Path) -> None:
    deck = _outside_deck(contained)
    kit = write(contained, "project/kit.yaml", KIT_HEAD + "decks: [deck.yaml]\n")
    record = write(
        contained,
        "project/r.yaml",
        "game: scratch\nkind: record\ndecks: {P1: deck.yaml, P2: deck.yaml}\nmoves: []\n",
    )
    out = str(contained / "out")
    for args in (
        ["build", kit, "--out", out],
        ["replay", record],
        ["simulate", "-n", "60", "-j", "2", deck, deck],
    ):
        code, said = run(*args)
        assert code == 1 and "deck.yaml:7:8: error path-outside-project" in said, (args, said)
        code, said = run(*args, "--allow-outside")
        assert code == 0 and "path-outside-project" not in said, (args, said)
    assert os.path.isfile(os.path.join(out, "scratch", "party-cards.pdf"))


def test_simulation_workers_read_the_decks_as_the_run_allows(contained: Path) -> None:
    """A worker process reads the decks again: --allow-outside goes with each batch."""
    from kitgen.games.scratch import simulate as simulation

    deck = _outside_deck(contained)
    simulation._setup.cache_clear()
    try:
        tally = simulation._batch((deck, deck), ("random", "random"), 1, False, True, (0, 3))
        assert tally.games == 3
    finally:
        simulation._setup.cache_clear()


def test_a_record_plays_the_cards_its_decks_bring(tmp_path: Path) -> None:
    """A record's decks may use card files of their own: their cards join the game
    (the replay stopped with an internal error, `no card called 'Secret Imp'`)."""
    write(tmp_path, "cards.yaml", CARDS)
    deck = DECK.replace("cards:\n", "uses: [cards.yaml]\ncards:\n", 1)
    write(tmp_path, "deck.yaml", deck.replace("  Knight: 1\n", "  Secret Imp: 1\n"))
    record = write(
        tmp_path,
        "r.yaml",
        "game: scratch\nkind: record\nseed: 3\ndecks: {P1: deck.yaml, P2: deck.yaml}\nmoves: []\n",
    )
    from kitgen.games.scratch.record import replay_record

    replay = replay_record(read_document(record))
    assert replay.findings == []
    hands = replay.states[0].hands
    dealt = [replay.names[i] for i in (*hands[0], *replay.states[0].decks[0])]
    assert sorted(dealt).count("Secret Imp") == 1 and len(dealt) == 10
    code, said = run("replay", record)
    assert code == 0 and "The record stops before the game ends." in said


@pytest.mark.parametrize(
    ("name", "text", "code"),
    [
        ("deck.yaml", DECK.replace("cards:\n", 'uses: ["a\\0b"]\ncards:\n', 1), "uses-not-found"),
        ("kit.yaml", KIT_HEAD + 'decks: ["a\\0b"]\n', "uses-not-found"),
        ("kit.yaml", KIT_HEAD + 'rules: "a\\0b"\n', "uses-not-found"),
        (
            "r.yaml",
            'game: scratch\nkind: record\ndecks: {P1: "a\\0b", P2: "a\\0b"}\n',
            "uses-not-found",
        ),
        (
            "cards.yaml",
            CARDS.replace("    stats:", '    art: "a\\0b.png"\n    stats:'),
            "image-unreadable",
        ),
    ],
    ids=["uses", "kit-decks", "kit-rules", "record-decks", "art"],
)
def test_a_nul_in_a_named_path_is_a_finding(
    tmp_path: Path, name: str, text: str, code: str
) -> None:
    report = check_file(write(tmp_path, name, text))
    assert code in [f.code for f in report.findings], report.findings
