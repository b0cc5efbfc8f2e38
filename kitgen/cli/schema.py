"""`kitgen schema` and `kitgen new`: editor schemas and starter files."""

from __future__ import annotations

from typing import Annotated

import typer

from kitgen import registry
from kitgen.cli.check import echo
from kitgen.cli.common import friendly, not_empty

new_app = typer.Typer(
    name="new",
    help="Start a card file, a deck or a whole game folder, with comments that teach the format.",
    no_args_is_help=True,
    rich_markup_mode=None,
)

NameArgument = Annotated[
    str,
    typer.Argument(
        help="The name: printed where the files have a name, and made into file names "
        "('Tinker town' writes tinker-town).",
        metavar="NAME",
        show_default=False,
    ),
]
DirOption = Annotated[str, typer.Option("--dir", "-d", help="Folder to write into.")]
ForceOption = Annotated[bool, typer.Option("--force", help="Overwrite files that exist already.")]


def _games_help() -> str:
    """The built-in games, as `--game` lists them (no game is imported)."""
    ids = registry.builtin_ids()
    return (
        f"The game: {', '.join(ids)}, or custom for a card game of your own (a spreadsheet "
        "of cards and layout files; no Python)."
    )


def _file_starter_game() -> str:
    """The game whose starters `kitgen new cards` and `kitgen new deck` write: the first
    built-in game that has starter files of a kind on their own."""
    return next(g for g in registry.builtin_ids() if registry.get(g).supports("starter_file"))


def _write_new(what: str, name: str, folder: str, force: bool, game: str | None = None) -> None:
    """Plan, write and report a starter: paths on stdout, next steps on stderr."""
    from kitgen import starters

    game = _file_starter_game() if game is None else game
    planned = starters.plan(what, name, not_empty(folder, "--dir", "."), game)
    written = starters.write(planned, force=force)
    for path in written:
        echo(path)
    if what != "cards":  # a card file's name is only its file name
        _warn_undrawable(name.strip())
    for line in starters.next_steps(what, written):
        echo(line, err=True)


def _warn_undrawable(name: str) -> None:
    """Say which characters of a name no font of kitgen's can draw (Chinese, say): they
    print as ? wherever the name is printed, and `kitgen check` warns of them."""
    from kitgen.load.printable import unprintable

    missing = unprintable(name)
    if missing:
        from kitgen.render.fonts import describe_characters

        echo(
            f"kitgen: note: no font of kitgen's can draw {describe_characters(missing)}: "
            "where the name is printed (sheet labels, covers, page footers) they print as ?, "
            "and `kitgen check` warns of them (text-not-drawable); kitgen prints Latin, "
            "Greek and Cyrillic letters",
            err=True,
        )


@new_app.command("cards")
@friendly
def new_cards(name: NameArgument, folder: DirOption = ".", force: ForceOption = False) -> None:
    """Write NAME.yaml: Scratch cards of your own, with a new faction and a new power."""
    _write_new("cards", name, folder, force)


@new_app.command("deck")
@friendly
def new_deck(
    name: NameArgument,
    folder: DirOption = ".",
    force: ForceOption = False,
    game: Annotated[
        str | None,
        typer.Option(
            "--game",
            "-g",
            help="The game: scratch (the default), or the id of a game of your own whose "
            "game file is in --dir or a folder above it.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Write NAME.yaml: a legal deck (Scratch's official cards, with the deck rules, or a
    game of your own's cards, by its deck rules)."""
    _write_new("deck", name, folder, force, game)


@new_app.command("game")
@friendly
def new_game(
    name: NameArgument,
    game: Annotated[
        str,
        typer.Option("--game", "-g", help=_games_help()),
    ] = registry.builtin_ids()[0],
    folder: DirOption = ".",
    force: ForceOption = False,
) -> None:
    """Write a folder NAME/: a kit, house rules (and for Scratch cards and a deck), and
    the schemas that let an editor complete and check them. With `--game custom`, a
    card game of your own: a game file, a CSV of cards, a face and a back layout, an
    icon and a kit."""
    _write_new("game", name, folder, force, game)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""

    @app.command("schema")
    @friendly
    def schema(
        kind: Annotated[
            str,
            typer.Argument(
                help="The file kind: cards, deck, position, record, kit, rules, game or "
                "layout (a game of your own's: `-g custom` for its game and kit files).",
                metavar="KIND",
                show_default=False,
            ),
        ],
        game: Annotated[
            str | None,
            typer.Option(
                "--game",
                "-g",
                help="Only this game's files (default: every game's).",
                show_default=False,
            ),
        ] = None,
        output: Annotated[
            str | None,
            typer.Option(
                "--output",
                "-o",
                help="Write the schema to this file instead of stdout.",
                show_default=False,
            ),
        ] = None,
    ) -> None:
        """Print the JSON Schema of a file kind, for editors that complete and check YAML.

        Save it with `-o kit.schema.json`, then make this the first line of a YAML
        file (the path is relative to the YAML file):

        \b
          # yaml-language-server: $schema=kit.schema.json
        """
        from kitgen.schema import schema_text

        text = schema_text(kind, game)
        if output is None:
            typer.echo(text, nl=False)
            return
        not_empty(output, "--output", f"{kind}.schema.json")
        from kitgen.atomic import is_stdout, write_atomic
        from kitgen.errors import KitgenError

        try:
            write_atomic(output, text.encode("utf-8"))
        except OSError as err:
            raise KitgenError(f"cannot write {output}: {err.strerror or err}") from None
        if not is_stdout(output):  # `-o /dev/stdout`: the schema alone, as without -o
            echo(output)

    app.add_typer(new_app, name="new")
