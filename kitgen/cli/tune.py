"""`kitgen tune <game>`: one command per game that has a tuner (Scratch's deck
tuner), each from its game's package, routed as `kitgen simulate` is: files instead
of a game id (`kitgen tune MY_DECK --against DECK`) go to the game that tunes files
(`Game.tunes_files`)."""

from __future__ import annotations

import typer

from kitgen.cli.simulate import GameGroup

HELP = """Try changes to a deck and list those that raise its win rate.

`kitgen tune GAME --help` shows a game's options. Files instead of a game (`kitgen
tune MY_DECK --against DECK`) go to the game that tunes files (Scratch)."""


class TuneGroup(GameGroup):
    """The `tune` group: the registry's games with a tuner, loaded when used."""

    capability = "tune_command"
    files_flag = "tunes_files"
    help_attr = "tune_help"
    verb = "tune"


def register(app: typer.Typer) -> None:
    """Add `kitgen tune` to the app."""
    group = typer.Typer(cls=TuneGroup, help=HELP, no_args_is_help=True, rich_markup_mode=None)
    app.add_typer(group, name="tune")
