"""Where an output lands: kitgen writes into what the user named, never over it.

A FIFO, a device or a stream (`/dev/stdout`) is written into; a symlink is written
through to its target (which is replaced in one step; the link stays a link); a
folder where a file belongs is one line of error. Every command that writes a file
goes through one writer (`kitgen.atomic.write_atomic`), checked here command by
command. Under an output folder (`--out` of build and export) a symlink is followed
only while it stays inside that folder: one that leads out is refused in one line,
and what it points at is left alone (`kitgen.atomic.check_inside`).

Running as root, a test never points old code at a real device: it makes its own
device node (a copy of /dev/null) in a temporary folder.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import signal
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import leftovers
from typer.testing import CliRunner

from kitgen.atomic import write_atomic
from kitgen.cli import app
from kitgen.paths import data_dir

runner = CliRunner()
DECK = str(data_dir() / "scratch" / "decks" / "hold-the-line.yaml")
STEM = "scratch-hold-the-line-deck"
WATCHDOG_SECONDS = 120


@pytest.fixture(autouse=True)
def no_real_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Never read or write the real user's or a surrounding project's kitgen.toml."""
    monkeypatch.setenv("KITGEN_CONFIG", str(tmp_path / "user" / "kitgen.toml"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    return work


class FifoReader:
    """A thread that opens a FIFO for reading and reads it to its end.

    A watchdog ends a wait that would never end (a command that reads the FIFO
    instead of writing it, maybe twice): now and then it connects a writer that writes
    nothing, so every reader sees the end of the FIFO and the test fails instead of
    hanging."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.data: bytes | None = None
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()
        self.stop = threading.Event()
        threading.Thread(target=self._watch, daemon=True).start()

    def _watch(self) -> None:
        while not self.stop.wait(WATCHDOG_SECONDS):
            self._release()

    def _read(self) -> None:
        with open(self.path, "rb") as handle:
            self.data = handle.read()

    def _release(self) -> None:
        # (if the FIFO was replaced, the thread waits on nothing real: a daemon)
        with contextlib.suppress(OSError):
            os.close(os.open(self.path, os.O_WRONLY | os.O_NONBLOCK))

    def result(self) -> bytes:
        deadline = time.monotonic() + WATCHDOG_SECONDS
        while self.thread.is_alive() and time.monotonic() < deadline:
            if not stat.S_ISFIFO(os.lstat(self.path).st_mode):
                break  # replaced by a file: nothing will come
            self.thread.join(timeout=0.1)
        if self.thread.is_alive():  # nobody wrote into it: let the thread go
            self._release()
            self.thread.join(timeout=5)
        self.stop.set()
        assert self.data is not None, "nothing was written into the FIFO"
        return self.data


def make_device(path: Path) -> Path:
    """A character device at `path`, the device: as root, a fresh node like /dev/null
    (so old code that replaces it harms nothing real); otherwise a symlink to
    /dev/null, which a user cannot replace."""
    if os.geteuid() == 0:
        try:
            os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
            return path
        except OSError:
            pass
    path.symlink_to(os.devnull)
    return Path(os.devnull)


def is_char_device(path: Path) -> bool:
    return stat.S_ISCHR(os.lstat(path).st_mode)


# --- the writer -----------------------------------------------------------------------------


def test_a_fifo_is_written_into(tmp_path: Path) -> None:
    fifo = tmp_path / "out.json"
    os.mkfifo(fifo)
    reader = FifoReader(fifo)
    write_atomic(str(fifo), b"through the pipe")
    assert reader.result() == b"through the pipe"
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert leftovers(tmp_path) == []


def test_a_device_is_written_into_and_stays_a_device(tmp_path: Path) -> None:
    device = make_device(tmp_path / "null")
    write_atomic(str(tmp_path / "null"), b"%PDF-1.4 nothing")
    assert is_char_device(device)
    assert leftovers(tmp_path) == []


def test_a_symlink_is_written_through_and_stays_a_link(tmp_path: Path) -> None:
    real = tmp_path / "elsewhere" / "kit.schema.json"
    real.parent.mkdir()
    real.write_bytes(b"old")
    real.chmod(0o600)
    link = tmp_path / "here" / "link.json"
    link.parent.mkdir()
    link.symlink_to(os.path.relpath(real, link.parent))
    write_atomic(str(link), b"new")
    assert link.is_symlink() and os.readlink(link) == os.path.relpath(real, link.parent)
    assert real.read_bytes() == b"new"
    assert stat.S_IMODE(real.stat().st_mode) == 0o600  # the file's own permissions stay
    assert leftovers(tmp_path) == []


def test_a_chain_of_symlinks_through_a_linked_folder_reaches_the_file(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "folder-link").symlink_to("real")
    (tmp_path / "real" / "file").write_bytes(b"old")
    (tmp_path / "real" / "second").symlink_to("file")
    (tmp_path / "first").symlink_to("folder-link/second")
    write_atomic(str(tmp_path / "first"), b"new")
    assert (tmp_path / "real" / "file").read_bytes() == b"new"
    assert (tmp_path / "first").is_symlink() and (tmp_path / "real" / "second").is_symlink()


def test_a_dangling_symlink_makes_its_target(tmp_path: Path) -> None:
    link = tmp_path / "link.pdf"
    link.symlink_to("made.pdf")
    write_atomic(str(link), b"made")
    assert link.is_symlink()
    assert (tmp_path / "made.pdf").read_bytes() == b"made"
    assert stat.S_IMODE((tmp_path / "made.pdf").stat().st_mode) == 0o644


def test_a_dangling_symlink_into_a_missing_folder_makes_no_folder(tmp_path: Path) -> None:
    link = tmp_path / "link.pdf"
    link.symlink_to(tmp_path / "nowhere" / "made.pdf")
    with pytest.raises(FileNotFoundError):
        write_atomic(str(link), b"made")
    assert not (tmp_path / "nowhere").exists()


def test_a_symlink_loop_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "a").symlink_to("b")
    (tmp_path / "b").symlink_to("a")
    with pytest.raises(OSError) as caught:
        write_atomic(str(tmp_path / "a"), b"x")
    assert caught.value.errno == errno.ELOOP
    assert (tmp_path / "a").is_symlink() and (tmp_path / "b").is_symlink()


@pytest.mark.parametrize("through_link", [False, True])
def test_a_folder_is_an_error_and_stays(tmp_path: Path, through_link: bool) -> None:
    folder = tmp_path / "out.pdf"
    folder.mkdir()
    (folder / "mine").write_bytes(b"mine")
    named = folder
    if through_link:
        named = tmp_path / "link"
        named.symlink_to(folder)
    with pytest.raises(IsADirectoryError):
        write_atomic(str(named), b"x")
    assert (folder / "mine").read_bytes() == b"mine"
    assert leftovers(tmp_path) == []


def test_a_name_ending_in_a_slash_is_a_folder_not_a_file(tmp_path: Path) -> None:
    with pytest.raises(IsADirectoryError):
        write_atomic(f"{tmp_path / 'new'}/", b"x")
    assert not (tmp_path / "new").exists()


def test_a_replaced_file_keeps_its_mode_but_never_set_user_id(tmp_path: Path) -> None:
    target = tmp_path / "kitgen.toml"
    target.write_bytes(b"old")
    target.chmod(0o4640)
    write_atomic(str(target), b"new")
    assert target.read_bytes() == b"new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


# --- every command that writes a file ----------------------------------------------------------


@dataclass(frozen=True)
class Writer:
    """A command, the file it writes (relative to the test's folder), and a check of
    what it writes there."""

    name: str
    args: Callable[[Path], list[str]]
    file: str
    valid: Callable[[bytes], bool]
    out: bool = False  # the file is under the command's output folder, `out/`


def elsewhere(writer: Writer, work: Path) -> Path:
    """A folder away from the writer's file that it may still write into: inside the
    output folder for a command that has one, beside the test's folder otherwise."""
    return (work / "out" if writer.out else work) / "elsewhere"


def pdf(data: bytes) -> bool:
    return data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")


WRITERS = [
    Writer(
        "schema -o",
        lambda t: ["schema", "kit", "-o", str(t / "kit.schema.json")],
        "kit.schema.json",
        lambda d: json.loads(d)["properties"]["kind"]["const"] == "kit",
    ),
    Writer(
        "build",
        lambda t: ["build", DECK, "-o", str(t / "out")],
        f"out/scratch/{STEM}.pdf",
        pdf,
        out=True,
    ),
    Writer(
        "export pdf",
        lambda t: ["export", "pdf", DECK, "-o", str(t / "out")],
        f"out/scratch/single-cards/{STEM}.pdf",
        pdf,
        out=True,
    ),
    Writer(
        "calibrate",
        lambda t: ["calibrate", "-o", str(t / "out")],
        "out/calibration-a4-long.pdf",
        pdf,
    ),
    Writer(
        "calibrate --save",
        lambda t: ["calibrate", "--save", "0.5,-1"],
        "kitgen.toml",
        lambda d: b'back_offset = "0.5,-1"' in d,
    ),
    Writer(
        "calibrate --save --user",
        lambda t: ["calibrate", "--save", "0.5,-1", "--user"],
        "../user/kitgen.toml",
        lambda d: b'back_offset = "0.5,-1"' in d,
    ),
    Writer(
        "new deck --force",
        lambda t: ["new", "deck", "Mine", "--dir", str(t), "--force"],
        "mine.yaml",
        lambda d: b"kind: deck" in d,
    ),
]
IDS = [w.name for w in WRITERS]


def target_of(writer: Writer, work: Path) -> Path:
    path = Path(os.path.normpath(work / writer.file))
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


@pytest.mark.parametrize("writer", WRITERS, ids=IDS)
def test_each_command_writes_into_a_fifo(writer: Writer, no_real_config: Path) -> None:
    fifo = target_of(writer, no_real_config)
    os.mkfifo(fifo)
    reader = FifoReader(fifo)
    result = runner.invoke(app, writer.args(no_real_config))
    assert result.exit_code == 0, result.output
    assert writer.valid(reader.result())
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert leftovers(fifo.parent) == []


@pytest.mark.parametrize("writer", WRITERS, ids=IDS)
def test_each_command_writes_into_a_device(writer: Writer, no_real_config: Path) -> None:
    path = target_of(writer, no_real_config)
    device = make_device(path)
    result = runner.invoke(app, writer.args(no_real_config))
    if writer.out and device != path:  # (not root: a symlink to /dev/null, out of out/)
        assert result.exit_code == 1, result.output
        assert "leads outside the output folder" in result.stderr
    else:
        assert result.exit_code == 0, result.output
    assert is_char_device(device)
    assert leftovers(path.parent) == []


@pytest.mark.parametrize("writer", WRITERS, ids=IDS)
def test_each_command_writes_through_a_symlink(writer: Writer, no_real_config: Path) -> None:
    real = elsewhere(writer, no_real_config) / "real-file"
    real.parent.mkdir(parents=True)
    real.write_bytes(b"# old\n")
    link = target_of(writer, no_real_config)
    link.symlink_to(real)
    result = runner.invoke(app, writer.args(no_real_config))
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and Path(os.readlink(link)) == real
    assert writer.valid(real.read_bytes())
    assert leftovers(link.parent) == [] and leftovers(real.parent) == []


@pytest.mark.parametrize("writer", WRITERS, ids=IDS)
def test_each_command_makes_the_target_of_a_dangling_symlink(
    writer: Writer, no_real_config: Path
) -> None:
    real = elsewhere(writer, no_real_config) / "real-file"
    real.parent.mkdir(parents=True)
    link = target_of(writer, no_real_config)
    link.symlink_to(real)
    result = runner.invoke(app, writer.args(no_real_config))
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and writer.valid(real.read_bytes())


@pytest.mark.parametrize("writer", WRITERS, ids=IDS)
def test_each_command_refuses_a_folder_in_one_line(writer: Writer, no_real_config: Path) -> None:
    folder = target_of(writer, no_real_config)
    folder.mkdir()
    (folder / "mine").write_bytes(b"mine")
    result = runner.invoke(app, writer.args(no_real_config))
    assert result.exit_code in (1, 2), result.output
    [line] = result.stderr.splitlines()
    assert line.startswith("kitgen: error: ") and "Is a directory" in line, line
    assert folder.is_dir() and (folder / "mine").read_bytes() == b"mine"
    assert leftovers(folder.parent) == []


# --- streams ---------------------------------------------------------------------------------


def schema_alone() -> str:
    result = runner.invoke(app, ["schema", "kit"])
    assert result.exit_code == 0
    return result.stdout


@pytest.fixture(
    params=["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1", "link"],
    ids=["dev-stdout", "dev-fd-1", "proc-self-fd-1", "link-to-dev-stdout"],
)
def stdout_path(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param != "link":
        return str(request.param)
    link = tmp_path / "to-stdout"
    link.symlink_to("/dev/stdout")
    return str(link)


def test_schema_to_dev_stdout_prints_the_schema_alone(stdout_path: str, tmp_path: Path) -> None:
    """Into a pipe, and into a file the shell opened (`> file`): the schema, exactly as
    without -o, and nothing else (not the path it wrote)."""
    command = [sys.executable, "-m", "kitgen", "schema", "kit", "-o", stdout_path]
    piped = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert piped.returncode == 0, piped.stderr
    assert piped.stdout == schema_alone()
    redirected = tmp_path / "redirected.json"
    with open(redirected, "wb") as handle:
        to_file = subprocess.run(command, stdout=handle, stderr=subprocess.PIPE, timeout=120)
    assert to_file.returncode == 0, to_file.stderr
    assert redirected.read_text(encoding="utf-8") == schema_alone()
    assert os.path.islink("/dev/stdout") or stat.S_ISCHR(os.stat("/dev/stdout").st_mode)


def test_a_fifo_nobody_reads_waits_and_ctrl_c_ends_it(tmp_path: Path) -> None:
    """A writer waits for a FIFO's reader, as a shell's `>` does, and Ctrl-C ends the
    wait at once: exit 130, no traceback, the FIFO still a FIFO."""
    fifo = tmp_path / "nobody-reads"
    os.mkfifo(fifo)
    child = subprocess.Popen(
        [sys.executable, "-m", "kitgen", "schema", "kit", "-o", str(fifo)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    time.sleep(2)
    assert child.poll() is None, "it did not wait for a reader"
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=30)
    assert child.returncode in (130, -signal.SIGINT), err  # -2: before Python's handler
    assert "Traceback" not in err
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


# --- commands that write a folder of files ---------------------------------------------------

FOLDER_WRITERS = [
    ("export png", ["export", "png", DECK, "--dpi", "40"], f"out/scratch/png/{STEM}"),
    ("export tts", ["export", "tts", DECK], f"out/scratch/tts/{STEM}"),
]


@pytest.mark.parametrize(("command", "folder"), [(c, f) for _, c, f in FOLDER_WRITERS])
def test_a_symlinked_export_folder_is_written_through(
    command: list[str], folder: str, no_real_config: Path
) -> None:
    real = no_real_config / "out" / "elsewhere" / "images"
    real.mkdir(parents=True)
    (real / "stale.png").write_bytes(b"from a deck of before")
    link = no_real_config / folder
    link.parent.mkdir(parents=True)
    link.symlink_to(real)
    result = runner.invoke(app, [*command, "-o", str(no_real_config / "out")])
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and Path(os.readlink(link)) == real
    made = sorted(p.name for p in real.iterdir())
    assert made and "stale.png" not in made  # the folder was replaced whole, as always
    assert all(p.name in made for p in map(Path, result.stdout.splitlines()))
    assert leftovers(real.parent) == [] and leftovers(link.parent) == []


@pytest.mark.parametrize("kind", ["file", "fifo", "device", "dangling"])
@pytest.mark.parametrize(("command", "folder"), [(c, f) for _, c, f in FOLDER_WRITERS])
def test_what_is_not_a_folder_where_an_export_folder_goes_is_left_alone(
    command: list[str], folder: str, kind: str, no_real_config: Path
) -> None:
    path = no_real_config / folder
    path.parent.mkdir(parents=True)
    if kind == "file":
        path.write_bytes(b"mine")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":
        make_device(path)
    else:
        path.symlink_to(no_real_config / "out" / "made")
    result = runner.invoke(app, [*command, "-o", str(no_real_config / "out")])
    if kind == "dangling":  # the link's target is made, as for a file
        assert result.exit_code == 0, result.output
        assert path.is_symlink() and (no_real_config / "out" / "made").is_dir()
        return
    assert result.exit_code == 1, result.output
    [line] = result.stderr.splitlines()
    assert line == f"kitgen: error: cannot write {path}: Not a directory"
    before = {"file": stat.S_ISREG, "fifo": stat.S_ISFIFO, "device": stat.S_ISCHR}[kind]
    assert before(os.stat(path).st_mode)
    assert leftovers(path.parent) == []


# --- symlinks that lead out of the output folder ---------------------------------------------

OUT_LINKS = [
    ("build", ["build", DECK], f"out/scratch/{STEM}.pdf", "file"),
    ("export pdf", ["export", "pdf", DECK], f"out/scratch/single-cards/{STEM}.pdf", "file"),
    ("export png", ["export", "png", DECK, "--dpi", "40"], f"out/scratch/png/{STEM}", "folder"),
    ("export tts", ["export", "tts", DECK], f"out/scratch/tts/{STEM}", "folder"),
    ("a folder on the way", ["build", DECK], "out/scratch", "folder"),
    ("a dangling link", ["build", DECK], f"out/scratch/{STEM}.pdf", "nothing"),
]


@pytest.mark.parametrize(
    ("command", "link_at", "target"), [c[1:] for c in OUT_LINKS], ids=[c[0] for c in OUT_LINKS]
)
def test_a_symlink_that_leads_out_of_the_output_folder_is_refused(
    command: list[str], link_at: str, target: str, no_real_config: Path
) -> None:
    """A symlink inside --out (a file's, an export folder's, a folder on the way) that
    leads out of it: one line, exit 1, and what it points at untouched: no file written
    or replaced there, no folder of the user's replaced by an export."""
    mine = no_real_config / "mine"
    mine.mkdir()
    (mine / "keep.txt").write_bytes(b"the user's own")
    real = mine / "real-file" if target == "file" else mine
    if target == "file":
        real.write_bytes(b"the user's own file")
    if target == "nothing":
        real = mine / "made.pdf"
    link = no_real_config / link_at
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(real)
    result = runner.invoke(app, [*command, "-o", str(no_real_config / "out")])
    assert result.exit_code == 1, result.output
    [line] = result.stderr.splitlines()
    assert line.startswith("kitgen: error: cannot write "), line
    assert "leads outside the output folder" in line and f"through the symlink {link} ->" in line
    assert sorted(p.name for p in mine.iterdir()) == sorted(
        ["keep.txt", *(["real-file"] if target == "file" else [])]
    )
    assert (mine / "keep.txt").read_bytes() == b"the user's own"
    if target == "file":
        assert real.read_bytes() == b"the user's own file"
    assert link.is_symlink() and leftovers(link.parent) == [] and leftovers(mine) == []


@pytest.mark.parametrize(
    "command", [["build", DECK], ["export", "png", DECK, "--dpi", "40"]], ids=["build", "png"]
)
def test_a_symlinked_output_folder_itself_is_where_the_user_pointed(
    command: list[str], no_real_config: Path
) -> None:
    """--out may be a symlink (or lie below one): its target is the output folder."""
    real = no_real_config / "disk" / "kits"
    real.mkdir(parents=True)
    (no_real_config / "out").symlink_to(real)
    result = runner.invoke(app, [*command, "-o", str(no_real_config / "out")])
    assert result.exit_code == 0, result.output
    assert (real / "scratch").is_dir() and any((real / "scratch").rglob("*.p*"))


@pytest.mark.parametrize(
    "name",
    ["../escaped/x.pdf", "../../x.pdf", "/abs/x.pdf", "a/../../x.pdf", "a\0b/x.pdf", "", "."],
)
def test_the_writer_refuses_a_path_out_of_the_output_folder(name: str, tmp_path: Path) -> None:
    from kitgen.atomic import OutsideError, check_inside, folder_inside

    out = tmp_path / "work" / "out"
    out.mkdir(parents=True)
    path = os.path.join(str(out), name)
    with pytest.raises(OutsideError) as refused:
        check_inside(str(out), path)
    assert refused.value.filename == path and "\n" not in str(refused.value.strerror)
    with pytest.raises(OutsideError):
        write_atomic(path, b"x", within=str(out))
    with pytest.raises(OutsideError):
        folder_inside(str(out), path)
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*")) == [
        "work",
        "work/out",
    ]
    write_atomic(str(out / "scratch" / "fine.pdf"), b"x", within=str(out))  # inside: written
    assert (out / "scratch" / "fine.pdf").read_bytes() == b"x"


def test_a_symlink_inside_the_output_folder_to_another_place_in_it_is_followed(
    tmp_path: Path,
) -> None:
    from kitgen.atomic import check_inside

    out = tmp_path / "out"
    (out / "real").mkdir(parents=True)
    (out / "game").symlink_to(out / "real")
    path = str(out / "game" / "x.pdf")
    assert check_inside(str(out), path) == path
    write_atomic(path, b"x", within=str(out))
    assert (out / "real" / "x.pdf").read_bytes() == b"x"


# --- an empty output option ------------------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        ["build", "scratch", "--out", ""],
        ["export", "png", DECK, "--out", ""],
        ["export", "pdf", DECK, "-o", ""],
        ["export", "tts", DECK, "--out="],
        ["calibrate", "--out", ""],
        ["schema", "kit", "-o", ""],
        ["schema", "kit", "--output="],
        ["new", "deck", "Empty", "--dir", ""],
        ["new", "game", "Empty", "-d", ""],
    ],
)
def test_an_empty_output_option_is_a_usage_error(command: list[str], no_real_config: Path) -> None:
    """`--out ''` (an unset shell variable) would write into the current folder."""
    result = runner.invoke(app, command)
    assert result.exit_code == 2, result.output
    [line] = result.stderr.splitlines()
    assert line.startswith("kitgen: error: --") and " is empty: give a name" in line, line
    assert list(no_real_config.iterdir()) == []


def test_watch_with_an_empty_out_is_a_usage_error(no_real_config: Path) -> None:
    command = [sys.executable, "-m", "kitgen", "watch", DECK, "--out", ""]
    result = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert result.stderr == "kitgen: error: --out is empty: give a name, like --out output\n"
    assert list(no_real_config.iterdir()) == []


def test_a_killed_runs_temporary_copy_is_removed_by_the_next_write(tmp_path: Path) -> None:
    """write_atomic's temporary copy carries its process id: one that a killed run left
    (its process gone) goes with the next write there; a live run's stays."""
    folder = tmp_path / "out"
    folder.mkdir()
    ended = subprocess.Popen(["true"])
    ended.wait()  # its process id now names no running process
    left = folder / f".a.pdf.kitgen-{ended.pid}-x1y2.part"
    live = folder / f".a.pdf.kitgen-{os.getppid()}-x1y2.part"
    other = folder / ".a.pdf.someone-else.part"
    for path in (left, live, other):
        path.write_bytes(b"half")
    write_atomic(str(folder / "b.pdf"), b"whole")
    assert sorted(p.name for p in folder.iterdir()) == sorted([live.name, other.name, "b.pdf"])


def test_an_export_leaves_a_live_builds_temporary_copy_alone(tmp_path: Path) -> None:
    """A staged export folder, holding the folder's lock, removes the other staged
    folders there (every writer of folders takes that lock); a file's temporary copy is
    written without it, so a live run's copy stays, and only a dead run's goes."""
    from kitgen.atomic import staged_dir

    folder = tmp_path / "out"
    folder.mkdir()
    ended = subprocess.Popen(["true"])
    ended.wait()
    live = folder / f".a.pdf.kitgen-{os.getppid()}-x1y2.part"
    dead = folder / f".a.pdf.kitgen-{ended.pid}-x1y2.part"
    for path in (live, dead):
        path.write_bytes(b"half")
    with staged_dir(str(folder / "images")) as stage:
        Path(stage, "card.png").write_bytes(b"png")
    assert sorted(p.name for p in folder.iterdir()) == sorted([live.name, "images"])
