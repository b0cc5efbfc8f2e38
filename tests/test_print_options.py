"""The one table of print options (kitgen.layout.print_options): every command that
has an option has the table's flag and help, and the set-up reads each setting
through its row, with the same messages wherever the value came from."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from kitgen.build import resolve_setup
from kitgen.cli import app
from kitgen.cli.plain import flags
from kitgen.errors import UsageError
from kitgen.layout.print_options import (
    BUILD_OPTIONS,
    OPTIONS,
    PRINT_OPTIONS,
    SETTINGS,
    OptionError,
)
from kitgen.model.kit import PrintSettings

runner = CliRunner()

CARDS = ("out", "card_size", "bleed", "ink", "extra_commons", "standard_deck", "language")
COMMANDS = {
    ("build",): BUILD_OPTIONS,
    ("watch",): tuple(n for n in BUILD_OPTIONS if n != "draft"),
    ("export", "png"): CARDS,
    ("export", "pdf"): CARDS,
    ("export", "tts"): tuple(n for n in CARDS if n != "bleed"),
    ("calibrate",): ("out", "paper", "margin"),
}


def _words(text: str) -> str:
    """The text without its spaces (help wraps lines, after a hyphen too)."""
    return "".join(text.split())


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_each_command_has_the_tables_options(command: tuple[str, ...]) -> None:
    result = runner.invoke(app, [*command, "--help"])
    assert result.exit_code == 0, result.output
    listed = _words(result.output.split("Options:")[1])
    for name in COMMANDS[command]:
        row = OPTIONS[name]
        assert row.flag.split("/")[0] in listed, (command, name)
        assert _words(row.help) in listed, (command, name)
    # and no print option it does not list (calibrate's --duplex is its own)
    import typer.main

    found = typer.main.get_command(app)
    for word in command:
        found = found.commands[word]  # type: ignore[attr-defined]
    has = {opt for p in found.params for opt in (*p.opts, *p.secondary_opts)}
    for row in PRINT_OPTIONS:
        if row.name not in COMMANDS[command] and (command, row.name) != (
            ("calibrate",),
            "duplex",
        ):
            assert row.flag.split("/")[0] not in has, (command, row.name)
    offered = {row.flag.split("/")[0] for row in PRINT_OPTIONS if row.name in COMMANDS[command]}
    assert offered <= has


def test_every_setting_of_the_set_up_has_a_row_and_a_default() -> None:
    assert [row.name for row in SETTINGS] == sorted(
        PrintSettings.model_fields, key=[r.name for r in PRINT_OPTIONS].index
    )
    assert all(row.read in ("length", "parsed", "choice") for row in SETTINGS)
    assert flags("out") == {"--out": "out", "-o": "out"}
    assert flags("language") == {"--lang": "language"}


@pytest.mark.parametrize(
    ("name", "text", "given", "said"),
    [
        ("bleed", "-1mm", False, "--bleed cannot be negative (got -1mm)"),
        ("bleed", "11mm", False, "--bleed 11 mm is more than 10 mm"),
        ("margin", "x", False, "--margin: 'x' is not a length"),
        ("duplex", "both", False, "--duplex must be long, short, fold or none (got 'both')"),
        ("cut", "knife", True, "--cut must be marks, lines or silhouette (got 'knife')"),
        ("paper", "a9", True, "--paper: unknown paper 'a9'"),
        ("paper", "a9", False, "unknown paper 'a9'"),
    ],
)
def test_a_setting_that_cannot_be_read_says_why(
    name: str, text: str, given: bool, said: str
) -> None:
    with pytest.raises(OptionError) as caught:
        OPTIONS[name].value(text, given=given)
    assert str(caught.value).startswith(said)


def test_a_kit_files_bad_paper_is_not_blamed_on_a_flag() -> None:
    kit = PrintSettings.model_construct(paper="a9")
    with pytest.raises(UsageError) as caught:
        resolve_setup(PrintSettings(), kit, config=False)
    assert str(caught.value).startswith("unknown paper 'a9'")
    with pytest.raises(UsageError, match=r"^--paper: unknown paper 'a9'"):
        resolve_setup(PrintSettings.model_construct(paper="a9"), None, config=False)
    setup = resolve_setup(PrintSettings.model_construct(paper="Letter"), kit, config=False)
    assert setup.paper_name == "letter" and setup.card_name == "poker"
