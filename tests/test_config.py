"""kitgen.toml: where it is found, what it may hold, how builds use it, and --save."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kitgen import config
from kitgen.build import resolve_setup
from kitgen.cli import app
from kitgen.config import ConfigError, print_settings, save_back_offset, user_file
from kitgen.layout.units import MM
from kitgen.model.kit import PrintSettings

runner = CliRunner()


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project folder as the current folder; the user's config points into tmp_path."""
    monkeypatch.setenv("KITGEN_CONFIG", str(tmp_path / "user" / "kitgen.toml"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    project = tmp_path / "project"
    project.mkdir()
    monkeypatch.chdir(project)
    return project


def user_path(tmp_path: Path) -> Path:
    return tmp_path / "user" / "kitgen.toml"


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def error_of(text: str) -> str:
    """The one-line error print_settings gives for a project kitgen.toml holding text."""
    write(Path("kitgen.toml"), text)
    with pytest.raises(ConfigError) as caught:
        print_settings()
    message = str(caught.value)
    assert "\n" not in message
    assert caught.value.exit_code == 2
    return message


# --- finding the files --------------------------------------------------------------------


def test_no_files_no_settings() -> None:
    assert print_settings() == PrintSettings()


def test_the_project_file_in_this_folder_or_the_nearest_parent(home: Path) -> None:
    write(home / "kitgen.toml", '[print]\npaper = "letter"\n')
    deep = home / "kits" / "mine"
    deep.mkdir(parents=True)
    os.chdir(deep)
    assert print_settings().paper == "letter"
    write(home / "kits" / "kitgen.toml", '[print]\nink = "low"\n')
    found = print_settings()
    assert (found.paper, found.ink) == (None, "low")  # the nearest file only


def test_the_user_file_when_the_project_has_none(tmp_path: Path) -> None:
    write(user_path(tmp_path), '[print]\nback_offset = "1,2"\nduplex = "short"\n')
    found = print_settings()
    assert (found.back_offset, found.duplex) == ("1,2", "short")


def test_the_project_wins_key_by_key(tmp_path: Path) -> None:
    write(user_path(tmp_path), '[print]\nback_offset = "1,2"\npaper = "a3"\n')
    write(Path("kitgen.toml"), '[print]\nback_offset = "0.5,-1"\n')
    found = print_settings()
    assert (found.back_offset, found.paper) == ("0.5,-1", "a3")


def test_user_file_locations(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert user_file() == user_path(tmp_path)
    monkeypatch.delenv("KITGEN_CONFIG")
    monkeypatch.setattr(sys, "platform", "linux")
    assert user_file() == tmp_path / "xdg" / "kitgen" / "kitgen.toml"
    monkeypatch.delenv("XDG_CONFIG_HOME")
    assert user_file() == tmp_path / "home" / ".config" / "kitgen" / "kitgen.toml"
    monkeypatch.setattr(sys, "platform", "darwin")
    mac = tmp_path / "home" / "Library" / "Application Support" / "kitgen" / "kitgen.toml"
    assert user_file() == mac
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setenv("APPDATA", str(tmp_path / "roaming"))
    assert user_file() == tmp_path / "roaming" / "kitgen" / "kitgen.toml"


def test_xdg_config_home_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KITGEN_CONFIG")
    monkeypatch.setattr(sys, "platform", "linux")
    write(tmp_path / "xdg" / "kitgen" / "kitgen.toml", '[print]\nmargin = "6mm"\n')
    assert print_settings().margin == "6mm"


def test_edits_show_at_once_for_watch() -> None:
    path = write(Path("kitgen.toml"), '[print]\nback_offset = "1,1"\n')
    assert print_settings().back_offset == "1,1"
    write(path, '[print]\nback_offset = "2,-2"\n')
    assert print_settings().back_offset == "2,-2"
    path.unlink()
    assert print_settings().back_offset is None


# --- what the file may hold ---------------------------------------------------------------


def test_values_as_on_the_command_line() -> None:
    write(
        Path("kitgen.toml"),
        '# my printer\n[print]\npaper = "Letter"\nmargin = 0\nduplex = "short"\n'
        'back_offset = "0.5, -1"\nink = "low"\n',
    )
    assert print_settings() == PrintSettings(
        paper="Letter", margin="0", duplex="short", back_offset="0.5, -1", ink="low"
    )


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        ("[print]\npaper = \n", "kitgen.toml:2:9:", "not valid TOML: invalid value"),
        ('[print]\nink = "low"\nink = "normal"\n', "kitgen.toml:3:", "not valid TOML"),
        ('[print]\nnote = """open\n', "kitgen.toml:", "not valid TOML"),
        (
            '[print]\npapr = "a4"\n',
            "kitgen.toml:2:1:",
            "unknown key 'papr' in [print] (did you mean 'paper'?)",
        ),
        ('[print]\nbackoffset = "1,1"\n', "kitgen.toml:2:1:", "did you mean 'back_offset'?"),
        (
            '[prnt]\npaper = "a4"\n',
            "kitgen.toml:1:1:",
            "unknown table [prnt] (did you mean 'print'?)",
        ),
        ('paper = "a4"\n', "kitgen.toml:1:1:", "put 'paper' under a [print] table"),
        ('[print]\nbleed = "3mm"\n', "kitgen.toml:2:1:", "'bleed' belongs to the kit"),
        (
            '[print]\n  card_size = "tarot"\n',
            "kitgen.toml:2:3:",
            "set it in the kit file or with --card-size",
        ),
        ("[print]\ngutter = 0\n", "kitgen.toml:2:1:", "'gutter' belongs to the kit"),
        ("[print]\nmargin = 5\n", "kitgen.toml:2:1:", "margin: '5' needs a unit"),
        ('[print]\nmargin = "-2mm"\n', "kitgen.toml:2:1:", "margin: cannot be negative"),
        ('[print]\npaper = "b9"\n', "kitgen.toml:2:1:", "paper: unknown paper 'b9'"),
        ('[print]\nduplex = "lng"\n', "kitgen.toml:2:1:", "must be long, short, fold or none"),
        (
            "[print]\nink = 1\n",
            "kitgen.toml:2:1:",
            'write it as a quoted string, like ink = "normal"',
        ),
        ('[print]\nink = "grey"\n', "kitgen.toml:2:1:", "must be normal or low"),
        ('\n[print]\nback_offset = "1;2"\n', "kitgen.toml:3:1:", "'1;2' is not an offset"),
        ("[print]\nback_offset = 0.5\n", "kitgen.toml:2:1:", "quoted string"),
        (
            '[print]\nback_offset = "99999999999,0"\n',
            "kitgen.toml:2:1:",
            "back_offset: offset '99999999999,0': DX is more than 25.4 mm (1 in) either way",
        ),
        ('[[print]]\npaper = "a4"\n', "kitgen.toml:1:1:", "write [print] once, as a table"),
        ("[print]\n[print.extra]\nx = 1\n", "kitgen.toml:2:1:", "unknown key 'extra'"),
    ],
)
def test_every_problem_is_one_line_with_its_place(text: str, where: str, words: str) -> None:
    message = error_of(text)
    assert message.startswith(where), message
    assert words in message


def test_errors_name_the_file_found_in_a_parent(home: Path) -> None:
    write(home / "kitgen.toml", '[print]\nduplex = "both"\n')
    (home / "sub").mkdir()
    os.chdir(home / "sub")
    with pytest.raises(ConfigError, match=r"^\.\./kitgen\.toml:2:1: duplex"):
        print_settings()


def test_errors_name_the_user_file(tmp_path: Path) -> None:
    write(user_path(tmp_path), "[print]\nink = 'lo'\n")
    with pytest.raises(ConfigError) as caught:
        print_settings()
    assert str(caught.value).startswith(f"{user_path(tmp_path)}:2:1: ink")


def test_not_utf8_is_one_line() -> None:
    Path("kitgen.toml").write_bytes(b'[print]\npaper = "a4"\n# caf\xe9\n')
    with pytest.raises(ConfigError, match=r"^kitgen\.toml:3: this file is not UTF-8"):
        print_settings()


# --- builds use it ------------------------------------------------------------------------


def test_build_uses_the_project_back_offset_and_the_command_line_wins() -> None:
    write(Path("kitgen.toml"), '[print]\nback_offset = "0.5,-1"\n')
    setup = resolve_setup(PrintSettings())
    assert setup.back_offset == pytest.approx((0.5 * MM, -1 * MM))
    cli = PrintSettings.model_construct(back_offset="2,3")
    assert resolve_setup(cli).back_offset == pytest.approx((2 * MM, 3 * MM))
    kit = PrintSettings(back_offset="4,4", paper="letter")
    setup = resolve_setup(PrintSettings(), kit)
    assert setup.back_offset == pytest.approx((0.5 * MM, -1 * MM))  # kitgen.toml over the kit
    assert setup.paper_name == "letter"  # the kit still fills in what kitgen.toml leaves out


def test_build_uses_the_user_file_when_the_project_has_none(tmp_path: Path) -> None:
    write(user_path(tmp_path), '[print]\nback_offset = "-1.5,0"\npaper = "letter"\n')
    setup = resolve_setup(PrintSettings())
    assert setup.back_offset == pytest.approx((-1.5 * MM, 0.0))
    assert setup.paper_name == "letter"
    write(Path("kitgen.toml"), '[print]\npaper = "a4"\n')
    setup = resolve_setup(PrintSettings())
    assert setup.paper_name == "a4"
    assert setup.back_offset[0] == pytest.approx(-1.5 * MM)


def test_a_broken_kitgen_toml_stops_a_build_in_one_line(tmp_path: Path) -> None:
    write(Path("kitgen.toml"), '[print]\nback_offset = "0.5,-1"\nduplex = "sideways"\n')
    result = runner.invoke(app, ["build", "shapeup", "--out", str(tmp_path / "out")])
    assert result.exit_code == 2, result.output
    assert result.stderr == (
        "kitgen: error: kitgen.toml:3:1: duplex: must be long, short, fold or none "
        "(got 'sideways')\n"
    )
    assert not (tmp_path / "out").exists()


def test_a_broken_kitgen_toml_through_the_real_command(tmp_path: Path) -> None:
    write(Path("kitgen.toml"), "[print]\npaper = a4\n")
    result = subprocess.run(
        [sys.executable, "-m", "kitgen", "build", "shapeup", "--out", str(tmp_path / "out")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr.startswith("kitgen: error: kitgen.toml:2:9: not valid TOML")
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


# --- kitgen calibrate --save --------------------------------------------------------------


def test_save_creates_a_commented_file(home: Path) -> None:
    path, written = save_back_offset("0.5, -1mm")
    assert (path, written) == (home / "kitgen.toml", "0.5,-1")
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# kitgen.toml:")
    assert '[print]\nback_offset = "0.5,-1"' in text
    assert print_settings().back_offset == "0.5,-1"
    assert oct(path.stat().st_mode & 0o777) == oct(0o644)


def test_save_normalises_to_millimetres() -> None:
    assert save_back_offset("1in,-0.02in")[1] == "25.4,-0.51"
    assert save_back_offset("+0.25,0")[1] == "0.25,0"


def test_save_replaces_a_value_and_keeps_every_other_line() -> None:
    before = (
        "# the office printer\n"
        "[print]\n"
        'paper = "letter"   # US paper\n'
        "back_offset = '1,1'  # measured in May\n"
        "\n"
        "# more later\n"
    )
    write(Path("kitgen.toml"), before)
    save_back_offset("-2,0.5")
    after = Path("kitgen.toml").read_text(encoding="utf-8")
    assert after == before.replace("'1,1'", '"-2,0.5"')


def test_save_adds_the_key_to_an_existing_print_table() -> None:
    before = '# mine\n[print]\npaper = "a4"\n'
    write(Path("kitgen.toml"), before)
    save_back_offset("1,2")
    after = Path("kitgen.toml").read_text(encoding="utf-8")
    assert after == '# mine\n[print]\nback_offset = "1,2"\npaper = "a4"\n'


def test_save_adds_a_print_table_when_there_is_none() -> None:
    write(Path("kitgen.toml"), "# nothing yet")
    save_back_offset("1,2")
    assert Path("kitgen.toml").read_text() == '# nothing yet\n\n[print]\nback_offset = "1,2"\n'


def test_save_keeps_windows_line_ends() -> None:
    Path("kitgen.toml").write_bytes(b'# mine\r\n[print]\r\nink = "low"\r\n')
    save_back_offset("1,2")
    assert Path("kitgen.toml").read_bytes() == (
        b'# mine\r\n[print]\r\nback_offset = "1,2"\r\nink = "low"\r\n'
    )


def test_save_goes_to_the_project_file_found_above(home: Path) -> None:
    write(home / "kitgen.toml", '[print]\nink = "low"\n')
    (home / "sub").mkdir()
    os.chdir(home / "sub")
    path, _ = save_back_offset("1,2")
    assert path == home / "kitgen.toml"
    assert not (home / "sub" / "kitgen.toml").exists()


def test_save_to_the_user_file(tmp_path: Path, home: Path) -> None:
    path, _ = save_back_offset("3,4", user=True)
    assert path == user_path(tmp_path)
    assert "user's printer settings" in path.read_text(encoding="utf-8")
    assert not (home / "kitgen.toml").exists()
    assert print_settings().back_offset == "3,4"


@pytest.mark.parametrize(
    ("text", "value", "words"),
    [
        ('[print]\npaper = "a4"\n', "1;2", "is not an offset"),
        ("[print]\npaper = a4\n", "1,2", "not valid TOML"),
        ('[print]\npapr = "a4"\n', "1,2", "did you mean 'paper'?"),
        ('print.paper = "a4"\n', "1,2", "cannot edit kitgen.toml safely"),
        ('print = {paper = "a4"}\n', "1,2", "cannot edit kitgen.toml safely"),
    ],
)
def test_save_never_breaks_a_file(text: str, value: str, words: str) -> None:
    path = write(Path("kitgen.toml"), text)
    with pytest.raises(ConfigError) as caught:
        save_back_offset(value)
    assert words in str(caught.value) and "\n" not in str(caught.value)
    assert path.read_text(encoding="utf-8") == text
    assert sorted(p.name for p in Path().iterdir()) == ["kitgen.toml"]  # no temp files left


def test_calibrate_save_prints_where(tmp_path: Path, home: Path) -> None:
    result = runner.invoke(app, ["calibrate", "--save", "-0.5,1"])
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{home / 'kitgen.toml'}\n"
    assert "saved back_offset = -0.5,1" in result.stderr
    assert resolve_setup(PrintSettings()).back_offset == pytest.approx((-0.5 * MM, 1 * MM))
    result = runner.invoke(app, ["calibrate", "--save=2,2", "--user"])
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{user_path(tmp_path)}\n"
    assert "kitgen.toml also sets back_offset, and it wins" in result.stderr


def test_calibrate_save_refuses_a_bad_value(home: Path) -> None:
    result = runner.invoke(app, ["calibrate", "--save", "left"])
    assert result.exit_code == 2
    assert result.stderr.startswith("kitgen: error: ") and result.stderr.count("\n") == 1
    assert not (home / "kitgen.toml").exists()


@pytest.mark.parametrize(
    "command",
    [
        ["calibrate", "--save", "99999999999,0"],
        ["calibrate", "--save", "0,-30mm", "--user"],
        ["calibrate", "--save=0,2in"],
        ["build", "scratch", "--back-offset", "99999999999,0", "-o", "out"],
    ],
)
def test_an_absurd_back_offset_is_refused_in_one_line(
    command: list[str], tmp_path: Path, home: Path
) -> None:
    result = runner.invoke(app, command)
    assert result.exit_code == 2, result.output
    [line] = result.stderr.splitlines()
    assert line.startswith("kitgen: error: ") and "more than 25.4 mm (1 in)" in line, line
    assert not (home / "kitgen.toml").exists() and not user_path(tmp_path).exists()
    assert not (home / "out").exists()


def test_the_module_is_light() -> None:
    # kitgen.config is read by every build and by `calibrate --save`: no drawing libraries.
    probe = (
        "import sys, kitgen.config\n"
        "print([m for m in ('reportlab', 'PIL', 'pypdfium2') if m in sys.modules])\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
    assert config.FILENAME == "kitgen.toml"
