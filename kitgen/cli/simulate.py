"""`kitgen simulate <game>`: one command per game, each from its game's package.

The group asks the registry: `kitgen simulate --help` lists the games that simulate
with the one line each game's class gives (`Game.simulate_help`), without loading
any game's command; `kitgen simulate <id>` loads that game's command only
(`Game.simulate_command`). Files instead of a game id (`kitgen simulate DECK_A
DECK_B`) go to the game that simulates files (`Game.simulates_files`). An option of
another game is a one-line error, exit status 2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer
import typer.core

from kitgen import registry
from kitgen.cli.check import echo

if TYPE_CHECKING:
    from typer import _click as click

HELP = """Play many games between built-in players and report how each side fares.

`kitgen simulate GAME --help` shows a game's options and players. Files instead of
a game (`kitgen simulate FILE...`) are played by the game that simulates files."""


class GameGroup(typer.core.TyperGroup):
    """A group whose commands are the registry's games that have one capability
    (`capability`, a Game method giving the click command), loaded when used; files
    instead of a game id go to the game whose `files_flag` is set."""

    capability = "simulate_command"
    # The capability that declares the command as data (kitgen.play.simulation), which
    # kitgen.cli.declared builds; None: the group's commands are the games' own.
    declared: str | None = None
    files_flag = "simulates_files"
    help_attr = "simulate_help"
    verb = "simulate"

    def game(self, game_id: str) -> registry.Game | None:
        """The game of this id when it has the group's command (None for a game of an
        installed package that cannot be loaded: `broken`)."""
        try:
            game = registry.find(game_id)
        except registry.PackageError:
            return None
        if game is None:
            return None
        has = game.supports(self.capability) or (
            self.declared is not None and game.supports(self.declared)
        )
        return game if has else None

    def command_of(self, game: registry.Game) -> click.Command:
        """The game's command: built from its declaration, or its own."""
        if self.declared is not None and game.supports(self.declared):
            from kitgen.cli.declared import simulate_command

            return simulate_command(game.id, getattr(game, self.declared)())
        return getattr(game, self.capability)()  # type: ignore[no-any-return]

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [g for g in registry.known_ids() if self.game(g) is not None]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in dict(registry.package_problems()):  # a broken package's: one line
            registry.find(cmd_name)
        game = self.game(cmd_name)
        return None if game is None else self.command_of(game)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, self.routed(ctx, args))

    def routed(self, ctx: click.Context, args: list[str]) -> list[str]:
        """ARGS with the game first: a game named after options moves to the front;
        with no game named, the game that takes files takes them all."""
        if not args or args[0] in ctx.help_option_names or self.game(args[0]):
            return args
        if args[0] in dict(registry.package_problems()):  # a broken package's: say why
            return args
        for i, arg in enumerate(args):
            if not arg.startswith("-") and self.game(arg) is not None:
                return [arg, *args[:i], *args[i + 1 :]]
        for game_id in registry.known_ids():
            game = self.game(game_id)
            if game is not None and getattr(game, self.files_flag):
                return [game_id, *args]
        return args

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        for game_id in self.list_commands(ctx):
            game = self.game(game_id)
            assert game is not None
            rows.append((game_id, getattr(game, self.help_attr) or game.title))
        for game_id, problem in registry.package_problems():  # (listing loaded them all)
            rows.append((game_id, f"(cannot be used: {problem})"))
        if rows:
            with formatter.section("Games"):
                formatter.write_dl(rows)

    def invoke(self, ctx: click.Context) -> Any:
        from typer._click.exceptions import NoSuchOption

        try:
            return super().invoke(ctx)
        except NoSuchOption as err:
            game_id = err.ctx.info_name if err.ctx is not None else None
            game = self.game(game_id) if game_id else None
            others = self.games_with_option(err.option_name, game_id)
            if not others or game is None:
                raise
            echo(
                f"kitgen: error: {err.option_name} is for {' and '.join(others)}; "
                f"`kitgen {self.verb} {game_id} --help` lists {game.title}'s options",
                err=True,
            )
            raise typer.Exit(2) from None

    def games_with_option(self, option: str, but: str | None) -> list[str]:
        """The games (their titles and commands) whose command here has OPTION."""
        found = []
        for game_id in registry.known_ids():
            game = self.game(game_id)
            if game is None or game_id == but:
                continue
            command = self.command_of(game)
            if any(option in (*p.opts, *p.secondary_opts) for p in command.params):
                found.append(f"{game.title} (`kitgen {self.verb} {game_id}`)")
        return found


class SimulateGroup(GameGroup):
    """The `simulate` group: its commands are the registry's games, loaded when used."""

    declared = "simulation"


def register(app: typer.Typer) -> None:
    """Add `kitgen simulate` to the app."""
    group = typer.Typer(cls=SimulateGroup, help=HELP, no_args_is_help=True, rich_markup_mode=None)
    app.add_typer(group, name="simulate")
