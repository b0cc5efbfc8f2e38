"""The games kitgen knows: one `Game` object per game, looked up by id.

The core (loading, checking, building, exporting, the command line) asks this
module for a game and never names one. The built-in games are listed here by
package; a game's package is imported only when a file or command names it, so
`kitgen check` pays only for the games it meets. A game from another installed
package comes through a `kitgen.games` entry point, read only when a name is not
a built-in game's (a scan of the installed packages' metadata costs start-up).

A game package (`kitgen/games/<id>/__init__.py`, or any importable package)
defines a subclass of `Game` and exposes an instance as `GAME`; an entry point
names that instance (`mygame = "mygame:GAME"`). `docs/adding-a-game.md` walks
through one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING, Any, ClassVar

from kitgen.errors import KitgenError, UsageError

if TYPE_CHECKING:
    from pathlib import Path
    from typing import Protocol

    from pydantic import BaseModel
    from typer import _click as click

    from kitgen.model.document import Document
    from kitgen.model.findings import CodeInfo, Finding
    from kitgen.model.kit import KitBase
    from kitgen.render.booklet import Figures

    class Scorable(Protocol):
        """A position as its check read it: its scores, and how they add up."""

        def result(self) -> tuple[dict[str, int], str | None, dict[str, Any]]:
            """The scores by player, the winner (None for none), and game-specific details."""
            ...

        def explain(self) -> tuple[str, list[str]]:
            """For people: the verdict, and the lines of how the scores add up."""
            ...


# The built-in games, in the order `kitgen list` and `kitgen build all` take them.
# Adding a game to kitgen itself is one line here and one folder under kitgen/games/.
BUILTIN: dict[str, str] = {
    "scratch": "kitgen.games.scratch",
    "shapeup": "kitgen.games.shapeup",
    "scaffold": "kitgen.games.scaffold",
    "staircase": "kitgen.games.staircase",
    "galliard": "kitgen.games.galliard",
}
ENTRY_POINT_GROUP = "kitgen.games"
# Designed games (a game file, card data and layouts, no Python) are found from their
# files: the nearest game file above a file that declares the id it names.
DESIGNED = "kitgen.games.designed.discover:find_near"
DESIGNED_FOLDER = "kitgen.games.designed.discover:is_designed_folder"
DESIGNED_STARTER = "kitgen.games.designed.starters:starter_files"


class Unsupported(UsageError):
    """A game lacks what a command asks of it (exit status 2: the command was wrong)."""


class Checked:
    """What a game's check of one valid file found, and what it read on the way.

    (Plain classes here, not dataclasses: every `kitgen check` imports this module,
    and making a dataclass costs start-up time.)"""

    __slots__ = ("findings", "position", "read")

    def __init__(
        self,
        findings: list[Finding] | None = None,
        read: object = None,
        position: Scorable | None = None,
    ) -> None:
        self.findings: list[Finding] = [] if findings is None else findings
        # What the check read that a later step needs (Scratch: the card pool a deck
        # or card file was checked against); not reported.
        self.read = read
        # A position file, ready to score; not reported.
        self.position = position


class Replay:
    """What replaying one record found, for `kitgen replay` to print."""

    __slots__ = ("data", "findings", "illegal", "lines")

    def __init__(
        self,
        data: dict[str, object],
        findings: list[Finding],
        illegal: tuple[int, int, str, str] | None = None,
        lines: Callable[[], list[str]] = list,
    ) -> None:
        # The JSON object `kitgen replay --format json` prints, as the game names its
        # keys (the command adds `illegal` and `findings`).
        self.data = data
        # Every finding of the record (its reading and its replay), sorted.
        self.findings = findings
        # The first illegal move: its index, line, text and the rule it breaks.
        self.illegal = illegal
        # For people: the lines to print (the moves, the end position, the result);
        # called only for the human format.
        self.lines = lines


class Game:
    """One game: its files, and what kitgen can do with them.

    A subclass sets the class attributes and overrides the capabilities the game
    has; a capability left alone raises `Unsupported`, which the command line turns
    into one line and exit status 2. `supports(name)` says which were overridden.
    Methods import their game's code when called, so looking a game up is cheap.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    # The file kinds the game reads, each as "module:Class" (module relative to the
    # game's package when it starts with a dot), e.g. {"kit": ".model:MyKitFile"}.
    kinds: ClassVar[Mapping[str, str]] = {}
    # The rule-booklet figures the game draws, each figure's `args:` model as above.
    # A model with a `figure_issues()` method (kitgen.model.figures.ChecksItself) says
    # what is wrong with its arguments beyond their shape; `kitgen check` reports it.
    figure_args: ClassVar[Mapping[str, str]] = {}
    # Finding codes of the game's own, beyond kitgen's catalogue (docs/formats.md):
    # code to `kitgen.model.findings.CodeInfo(severity, summary)`. Added to the
    # catalogue when the game is loaded; a code kitgen has, with another meaning, is
    # refused. Use kitgen's codes where one fits.
    finding_codes: ClassVar[Mapping[str, CodeInfo]] = {}
    # The kit components that are cards (what `kitgen export` exports).
    card_parts: ClassVar[frozenset[str]] = frozenset()
    # Hover text for the game's files in editors (`kitgen schema`), as "module:NAME" of
    # a dict from `Model.field` (or a bare `field`) to the text.
    schema_help: ClassVar[str | None] = None
    # One line for `kitgen simulate --help` (without importing the command).
    simulate_help: ClassVar[str] = ""
    # Whether `kitgen simulate FILE...` (files, no game id) is this game's simulation.
    simulates_files: ClassVar[bool] = False
    # The same for `kitgen tune`: one line for its help, and whether files go here.
    tune_help: ClassVar[str] = ""
    tunes_files: ClassVar[bool] = False

    CAPABILITIES: ClassVar[tuple[str, ...]] = (
        "check",
        "build_kit",
        "build_file",
        "figures",
        "facts",
        "starter_files",
        "starter_file",
        "replay",
        "simulate_command",
        "tune_command",
        "deck_stats",
        "rules_context",
    )

    @property
    def package(self) -> str:
        """The game's Python package (where relative `kinds` modules live)."""
        return type(self).__module__

    @property
    def data_dir(self) -> Path:
        """The game's own content: game.yaml, kit.yaml, rules.yaml (data/<id>/ for
        kitgen's games; a game from another package says where its own are)."""
        from kitgen.paths import game_dir

        return game_dir(self.id)

    def supports(self, capability: str) -> bool:
        """Whether the game has a capability (overrides the method of that name)."""
        mine = getattr(type(self), capability, None)
        return mine is not None and mine is not getattr(Game, capability, None)

    def model(self, kind: str) -> type[BaseModel] | None:
        """The model that reads one kind of file of this game (None: not a kind it has)."""
        where = self.kinds.get(kind)
        return None if where is None else self._load(where)

    def figure_model(self, name: str) -> type[BaseModel] | None:
        """The `args:` model of one of the game's figures (None: no such figure)."""
        where = self.figure_args.get(name)
        return None if where is None else self._load(where)

    def figure_models(self) -> dict[str, type[BaseModel]]:
        """Every figure the game's rules can name, with its `args:` model."""
        return {name: self._load(where) for name, where in self.figure_args.items()}

    def field_help(self) -> dict[str, str]:
        """The game's hover texts for editors (`schema_help`); {} when it has none."""
        return {} if self.schema_help is None else dict(self._load(self.schema_help))

    def _load(self, where: str) -> Any:
        module, _, name = where.partition(":")
        if module.startswith("."):
            module = self.package + module
        return getattr(import_module(module), name)

    def unsupported(self, what: str) -> Unsupported:
        """The error for a capability the game lacks."""
        return Unsupported(f"{self.title} has no {what}")

    # -- capabilities ---------------------------------------------------------------

    def check(self, doc: Document) -> Checked:
        """The findings of a valid file (of one of the game's kinds) under the game's
        rules: collect them all, never raise. The file's shape was checked already, and
        so were a kit's print settings and rules file (the core checks what every kit
        shares); a game file has nothing more to check."""
        return Checked()

    # `builder` is a kitgen.build.KitBuilder and `report` a kitgen.kit.FileReport: named
    # in words, not imported, since both modules look games up here (no import cycle,
    # not even for type checkers). A game's own methods name the types.
    def build_kit(self, builder: Any, kit: KitBase, path: str, stem: str) -> None:
        """Print what a kit file of this game lists, through the builder."""
        raise self.unsupported("printable kit")

    def build_file(self, builder: Any, report: Any, doc: Document, stem: str) -> bool:
        """Print a file that is not a kit or rules file (a deck, say); False when the
        game cannot print this kind of file."""
        return False

    def figures(self) -> Figures | None:
        """The figures the game's rules can name, ready to draw (None: none)."""
        return None

    def facts(self) -> tuple[str, ...]:
        """Lines `kitgen list` shows about the game beyond its game.yaml."""
        return ()

    def starter_files(self, name: str) -> list[tuple[str, str]]:
        """The files of a new folder for the game (`kitgen new game NAME`): each as its
        path relative to the folder and its text, in the order they are written. The
        name is checked already (trimmed, at most 80 characters); the files put it where
        they have a name. kitgen adds the JSON Schema of each of the game's kinds under
        `schemas/` (`kitgen.starters.folder_schema(kind)` is the path a file's first line
        names). Every file should check clean and teach its format in comments;
        `kitgen.starters` has the shared kit and house-rules templates."""
        raise self.unsupported("starter files")

    def starter_file(self, kind: str, name: str, schema_path: str | None) -> str:
        """The text of a file of one kind on its own (`kitgen new cards NAME`, `kitgen new
        deck NAME`), named by `name` where it has a name. `schema_path` is the schema its
        first line names (None: none lies beside it, and `kitgen.starters.schema_line`
        says how to make one). A game without such a starter raises `Unsupported`."""
        raise self.unsupported(f"starter {kind} file")

    def rules_context(self) -> dict[str, Any]:
        """Names rules text may use beyond the game file's parameters and facts (a
        designed game's deck rules: `deck`, `deck_summary`)."""
        return {}

    def deck_stats(self, doc: Document) -> dict[str, object] | None:
        """`kitgen check --stats` of a valid deck file of this game: a JSON-ready mapping
        (`cards`, `sideboard`, `curves`, `counts`, `rules`: docs/formats.md); None for a
        file of another kind."""
        return None

    def replay(self, doc: Document) -> Replay:
        """Replay a valid `record` file of this game move by move: the report (never
        raises for what is in the file; an illegal move is `illegal` and a finding)."""
        raise self.unsupported("recorded games")

    def no_replay(self) -> dict[str, object]:
        """The JSON of a replay that never started (the file is not a valid record):
        the keys `replay` gives `Replay.data`, with nothing played."""
        return {"winner": None, "moves": 0}

    def simulate_command(self) -> click.Command:
        """`kitgen simulate <id>`: a click command (built with Typer, say) with only
        this game's options, whose help names its players and what each does. It
        prints through `kitgen.cli`. Imported only when the command is used."""
        raise self.unsupported("simulation")

    def tune_command(self) -> click.Command:
        """`kitgen tune <id>`: a click command that tries changes to a deck (or the like)
        and lists those that raise its win rate, as `simulate_command`."""
        raise self.unsupported("deck tuner")


# -- lookup ---------------------------------------------------------------------------


def builtin_ids() -> tuple[str, ...]:
    """The ids of kitgen's own games, in their order."""
    return tuple(BUILTIN)


def is_game(game_id: str, near: str | None = None) -> bool:
    """Whether a name is a game kitgen knows (built in, through an entry point, or a
    designed game whose game file lies at or above `near`)."""
    if game_id in BUILTIN or game_id in _registered:  # (without importing the game)
        return True
    return find(game_id, near) is not None


def get(game_id: str) -> Game:
    """The game of this id; an unknown id is a KitgenError naming the games."""
    game = find(game_id)
    if game is None:
        raise KitgenError(f"{game_id!r} is not a game; games: {', '.join(known_ids())}")
    return game


def named(game_id: str) -> Game:
    """The game a command names: an unknown id is a UsageError naming the games (exit
    status 2: the command was wrong)."""
    game = find(game_id)
    if game is None:
        raise UsageError(f"{game_id!r} is not a game; games: {', '.join(known_ids())}")
    return game


def find(game_id: str, near: str | None = None) -> Game | None:
    """The game of this id, or None when no game has it: a built-in game, one registered
    in this process, a designed game whose game file is in the folder of `near` (a file
    or a folder) or above it, or one of an installed package's entry points.

    A designed game found near a file stays the one its id names, in this process,
    until another file finds another game of that id: commands take their files one at
    a time, so what a file's game is asked later (building its kit) reaches the game of
    that file's folder."""
    if game_id in BUILTIN:
        return _import(BUILTIN[game_id] + ":GAME", game_id)
    if game_id in _registered:
        return _registered[game_id]
    if near is not None:  # (before the entry points: scanning them costs start-up)
        module, _, name = DESIGNED.partition(":")
        found: Game | None = getattr(import_module(module), name)(game_id, near)
        if found is not None:
            _near[game_id] = found
            return found
    elif game_id in _near:  # the designed game a file of this run found
        return _near[game_id]
    where = _entry_point(game_id)
    return None if where is None else _import(where, game_id)


def designed_id(folder: str) -> str | None:
    """The id of the designed game whose game file is in `folder` (None: none is)."""
    module, _, name = DESIGNED_FOLDER.partition(":")
    found: str | None = getattr(import_module(module), name)(folder)
    return found


def designed_starter(name: str) -> list[tuple[str, str]]:
    """The files of a new designed game called `name` (`kitgen new game NAME --game
    custom`): each as its path in the game's folder and its text."""
    module, _, attr = DESIGNED_STARTER.partition(":")
    files: list[tuple[str, str]] = getattr(import_module(module), attr)(name)
    return files


def loaded_ids() -> tuple[str, ...]:
    """The built-in games and those registered in this process (no entry points read)."""
    return (*BUILTIN, *sorted(set(_registered) - set(BUILTIN)))


def known_ids() -> tuple[str, ...]:
    """Every game id: the built-in ones, then those of installed packages, sorted."""
    extra = sorted((set(_entry_points()) | set(_registered)) - set(BUILTIN))
    return (*BUILTIN, *extra)


@cache
def _import(where: str, game_id: str) -> Game:
    module, _, name = where.partition(":")
    try:
        game = getattr(import_module(module), name or "GAME")
    except (ImportError, AttributeError) as err:
        raise KitgenError(f"the game {game_id!r} cannot be loaded from {where}: {err}") from None
    if isinstance(game, type) and issubclass(game, Game):
        game = game()
    if not isinstance(game, Game) or getattr(game, "id", None) != game_id:
        raise KitgenError(f"{where} is not the kitgen game {game_id!r} (a kitgen.registry.Game)")
    _add_codes(game)
    return game


def _add_codes(game: Game) -> None:
    """A game's own finding codes into kitgen's catalogue; a clash is a KitgenError."""
    if not game.finding_codes:
        return
    from kitgen.model.findings import add_codes

    try:
        add_codes(game.finding_codes, f"the game {game.id!r}")
    except ValueError as err:
        raise KitgenError(str(err)) from None


def _entry_point(game_id: str) -> str | None:
    return _entry_points().get(game_id)


@cache
def _entry_points() -> Mapping[str, str]:
    """The `kitgen.games` entry points of installed packages: id to "module:attr"."""
    from importlib.metadata import entry_points

    return {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}


def register(game: Game | type[Game]) -> Callable[[], None]:
    """Make a game known in this process without a package (tests, notebooks): returns
    the function that forgets it again."""
    instance = game() if isinstance(game, type) else game
    _add_codes(instance)
    _registered[instance.id] = instance

    def forget() -> None:
        _registered.pop(instance.id, None)

    return forget


_registered: dict[str, Game] = {}
_near: dict[str, Game] = {}  # designed games, by id: the one last found near a file
