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

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING, Any, ClassVar

from kitgen.errors import KitgenError, UsageError
from kitgen.names import game_id_problem

if TYPE_CHECKING:
    from pathlib import Path
    from typing import Protocol

    from pydantic import BaseModel
    from typer import _click as click

    from kitgen.load.fontfile import FontSource
    from kitgen.model.document import Document
    from kitgen.model.findings import CodeInfo, Finding
    from kitgen.model.kit import KitBase
    from kitgen.play.simulation import Simulation
    from kitgen.render.booklet import Figures
    from kitgen.render.cover import CoverCards

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
# Kinds of file that may leave out `game:`: one file shared by every game of a project
# that names it (a designed game's layout), read with this model and checked by each
# game that names it, against that game's fields.
SHARED_KINDS: dict[str, str] = {"layout": "kitgen.games.designed.model:LayoutFile"}


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
    # The kit components that are score sheets: a kit printing one has a score page among
    # its rule booklet's padding pages (kitgen.render.padding).
    score_parts: ClassVar[frozenset[str]] = frozenset()
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
    # The game's rules engines under the contract (kitgen.game.Engine), as "module:NAME"
    # of a dict from a set-up's name to a factory of its engine; None: no engine.
    engine: ClassVar[str | None] = None
    # Capabilities given as functions, each "module:NAME" (loaded when first used) in
    # place of a method: `build_kit`, `figures`, `cover`, `starter_files`, `replay`,
    # `simulate_command` (each called as the method of that name is), `simulation` (a
    # kitgen.play.simulation.Simulation, not a function), `check_position`
    # (a position's findings and the position, for `check` and `score`) and
    # `check_record` (a record's replay, whose findings `check` gives).
    provides: ClassVar[Mapping[str, str]] = {}
    # The cards of the booklet's cover of a game played with the standard deck (`2C 6D
    # JH QS KH`), when `provides` gives no `cover`.
    cover_cards: ClassVar[str | None] = None

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
        "simulation",
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
        """The game's own content: game.yaml, kit.yaml, rules.yaml: data/<id>/ for
        kitgen's games, the folder `data/` beside its module for a game of another
        package (which may say where its own are). Never a path made of an id that is
        not a valid game id (a KitgenError)."""
        import sys
        from pathlib import Path

        from kitgen.paths import game_dir

        problem = game_id_problem(self.id)
        if problem is not None:
            raise KitgenError(problem)
        module = type(self).__module__
        if BUILTIN.get(self.id) == module:  # one of kitgen's own
            return game_dir(self.id)
        file = getattr(sys.modules.get(module), "__file__", None)
        if file is None:
            raise KitgenError(f"the game {self.id!r} does not say where its files are")
        return Path(file).resolve().parent / "data"

    def supports(self, capability: str) -> bool:
        """Whether the game has a capability (overrides the method of that name, or
        `provides` it)."""
        if capability in self.provides:
            return True
        mine = getattr(type(self), capability, None)
        return mine is not None and mine is not getattr(Game, capability, None)

    def _provided(self, capability: str) -> Any:
        """The function `provides` gives for a capability, loaded; None: none."""
        where = self.provides.get(capability)
        return None if where is None else self._load(where)

    def model(self, kind: str) -> type[BaseModel] | None:
        """The model that reads one kind of file of this game (None: not a kind it has)."""
        where = self.kinds.get(kind)
        return None if where is None else self._load(where)

    def engines(self) -> dict[str, Callable[[], Any]]:
        """The game's rules engines under the contract (kitgen.game.Engine), each made
        when asked for, by set-up name; {} for a game with none."""
        return {} if self.engine is None else dict(self._load(self.engine))

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
        shares); a game file has nothing more to check. A game that `provides`
        `check_position` and `check_record` has its positions and records checked by
        them."""
        if doc.kind == "position" and (found := self._provided("check_position")):
            problems, position = found(doc)
            return Checked(problems, position=position)
        if doc.kind == "record" and (found := self._provided("check_record")):
            return Checked(found(doc).findings)
        return Checked()

    # `builder` is a kitgen.build.KitBuilder and `report` a kitgen.kit.FileReport: named
    # in words, not imported, since both modules look games up here (no import cycle,
    # not even for type checkers). A game's own methods name the types.
    def build_kit(self, builder: Any, kit: KitBase, path: str, stem: str) -> None:
        """Print what a kit file of this game lists, through the builder."""
        found = self._provided("build_kit")
        if found is None:
            raise self.unsupported("printable kit")
        found(builder, kit, path, stem)

    def build_file(self, builder: Any, report: Any, doc: Document, stem: str) -> bool:
        """Print a file that is not a kit or rules file (a deck, say); False when the
        game cannot print this kind of file."""
        return False

    def figures(self) -> Figures | None:
        """The figures the game's rules can name, ready to draw (None: none)."""
        found = self._provided("figures")
        return None if found is None else found()

    def facts(self) -> tuple[str, ...]:
        """Lines `kitgen list` shows about the game beyond its game.yaml."""
        return ()

    def edition_figures(self, language: str) -> Figures | None:
        """The figures of its edition in `language` (`kitgen build --lang`), for that
        edition's rules booklet: `figures()` unless the game's cards differ by language
        (a designed game's)."""
        return self.figures()

    def edition_cover(self, language: str) -> CoverCards | None:
        """The cover's cards of its edition in `language`, as `edition_figures`."""
        return self.cover()

    def cover(self) -> CoverCards | None:
        """A few of the game's cards for the rule booklet's front cover, drawn with its
        own card faces (`kitgen.render.cover.from_deck` makes them from a deck the kit
        prints); None: a cover of words only."""
        found = self._provided("cover")
        if found is not None:
            return found()  # type: ignore[no-any-return]
        if self.cover_cards is not None:
            from kitgen.render.cover import standard_cover

            return standard_cover(self.id, self.cover_cards)
        return None

    def starter_files(self, name: str) -> list[tuple[str, str]]:
        """The files of a new folder for the game (`kitgen new game NAME`): each as its
        path relative to the folder and its text, in the order they are written. The
        name is checked already (trimmed, at most 80 characters); the files put it where
        they have a name. kitgen adds the JSON Schema of each of the game's kinds under
        `schemas/` (`kitgen.starters.folder_schema(kind)` is the path a file's first line
        names). Every file should check clean and teach its format in comments;
        `kitgen.starters` has the shared kit and house-rules templates."""
        found = self._provided("starter_files")
        if found is None:
            raise self.unsupported("starter files")
        return found(name)  # type: ignore[no-any-return]

    def starter_file(self, kind: str, name: str, schema_path: str | None) -> str:
        """The text of a file of one kind on its own (`kitgen new cards NAME`, `kitgen new
        deck NAME`), named by `name` where it has a name. `schema_path` is the schema its
        first line names (None: none lies beside it, and `kitgen.starters.schema_line`
        says how to make one). A game without such a starter raises `Unsupported`."""
        raise self.unsupported(f"starter {kind} file")

    def booklet_fonts(self) -> Mapping[str, Mapping[str, FontSource]]:
        """The game's own font families, in order, by name, each as its faces' files
        ("regular", "bold", "italic", "bold_italic"), that its rules booklets draw what
        kitgen's type cannot in (Chinese, say: `kitgen.render.fonts.booklet_family`);
        none: the booklet is set in kitgen's type alone."""
        return {}

    def rules_language(self) -> str | None:
        """The language the game's rules are written in when the game says (a BCP 47
        tag), for the booklet's hyphenation and line breaking; None when it does not."""
        return None

    def languages(self) -> tuple[str, ...]:
        """The languages the game prints editions in (BCP 47 tags), its own first:
        `kitgen build --lang`. One edition, in its rules' language (else English),
        unless the game says otherwise (a designed game's `languages:`)."""
        return (self.rules_language() or "en",)

    def rules_context(self) -> dict[str, Any]:
        """Names rules text may use beyond the game file's parameters and facts (a
        designed game's deck rules: `deck`, `deck_summary`)."""
        return {}

    def deck_stats(self, doc: Document) -> dict[str, object] | None:
        """`kitgen check --stats` of a valid deck file of this game: a JSON-ready mapping
        (`cards`, `sideboard`, `curves`, `counts`, `rules`: docs/formats.md); of its game
        file, what the game reports of its card data (a designed game: `cards` and
        `sources`); None for a file of another kind."""
        return None

    def replay(self, doc: Document) -> Replay:
        """Replay a valid `record` file of this game move by move: the report (never
        raises for what is in the file; an illegal move is `illegal` and a finding)."""
        found = self._provided("replay")
        if found is None:
            raise self.unsupported("recorded games")
        return found(doc)  # type: ignore[no-any-return]

    def no_replay(self) -> dict[str, object]:
        """The JSON of a replay that never started (the file is not a valid record):
        the keys `replay` gives `Replay.data`, with nothing played."""
        return {"winner": None, "moves": 0}

    def simulate_command(self) -> click.Command:
        """`kitgen simulate <id>`: a click command (built with Typer, say) with only
        this game's options, whose help names its players and what each does. It
        prints through `kitgen.cli`. Imported only when the command is used."""
        found = self._provided("simulate_command")
        if found is None:
            raise self.unsupported("simulation")
        return found()  # type: ignore[no-any-return]

    def simulation(self) -> Simulation:
        """`kitgen simulate <id>` declared as data (kitgen.play.simulation), which the
        command line builds the command from; in place of `simulate_command`."""
        found = self._provided("simulation")
        if found is None:
            raise self.unsupported("simulation")
        return found  # type: ignore[no-any-return]

    def tune_command(self) -> click.Command:
        """`kitgen tune <id>`: a click command that tries changes to a deck (or the like)
        and lists those that raise its win rate, as `simulate_command`."""
        raise self.unsupported("deck tuner")


# -- lookup ---------------------------------------------------------------------------


class PackageError(KitgenError):
    """An installed package's game (a `kitgen.games` entry point) that cannot be loaded,
    or whose own code failed: the package's fault, not kitgen's. One line naming the
    package and its error, exit status 1."""


def builtin_ids() -> tuple[str, ...]:
    """The ids of kitgen's own games, in their order."""
    return tuple(BUILTIN)


def is_game(game_id: str, near: str | None = None) -> bool:
    """Whether a name is a game kitgen knows (built in, through an entry point, or a
    designed game whose game file lies at or above `near`)."""
    if game_id in BUILTIN or game_id in _registered:  # (without importing the game)
        return True
    return find(game_id, near) is not None


def get(game_id: str, near: str | None = None) -> Game:
    """The game of this id (a designed game's: the one whose game file lies at or above
    `near`); an unknown id is a KitgenError naming the games."""
    game = find(game_id, near)
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
    or a folder) or above it, or one of an installed package's entry points (a package
    that cannot give it is a PackageError).

    A designed game is found only near a file, never by its id alone: two folders may
    declare one id, and each file's game is its own folder's (so a caller with a file
    passes it). A file read for one of a game's files (a layout its game file names, the
    rules its kit names: `files_of`) is that game's, wherever it lies: a shared file
    never finds another game of the same id beside it. An id that is not a valid game
    id (`kitgen.names.game_id_problem`: a path, say) is no game's."""
    if game_id in BUILTIN:
        return _import(BUILTIN[game_id] + ":GAME", game_id)
    if game_id in _registered:
        return _registered[game_id]
    if game_id_problem(game_id) is not None:  # a name, never a path
        return None
    for owner in reversed(_owners):  # a file read for a game's file is that game's
        if owner.id == game_id:
            return owner
    if near is not None:  # (before the entry points: scanning them costs start-up)
        module, _, name = DESIGNED.partition(":")
        found: Game | None = getattr(import_module(module), name)(game_id, near)
        if found is not None:
            _seen_in_run(found)
            return found
    if game_id not in _entry_points():
        return None
    return _package(game_id)


def shared_model(kind: str) -> type[BaseModel] | None:
    """The model of a file of this kind that names no game (`SHARED_KINDS`); None: a file
    of this kind names its game."""
    where = SHARED_KINDS.get(kind)
    if where is None:
        return None
    module, _, name = where.partition(":")
    model: type[BaseModel] = getattr(import_module(module), name)
    return model


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
    """Every game id: the built-in ones, then those of installed packages, sorted (an
    entry point whose name is no valid game id is left out: `package_problems`)."""
    extra = sorted((set(_entry_points()) | set(_registered)) - set(BUILTIN))
    return (*BUILTIN, *extra)


@cache
def _import(where: str, game_id: str) -> Game:
    game = _make(where, game_id)
    _add_codes(game)
    return game


def _make(where: str, game_id: str) -> Game:
    """The Game that `where` ("module:attr") names, checked to be the game `game_id`."""
    module, _, name = where.partition(":")
    try:
        game = getattr(import_module(module), name or "GAME")
    except (ImportError, AttributeError) as err:
        raise KitgenError(f"the game {game_id!r} cannot be loaded from {where}: {err}") from None
    if isinstance(game, type) and issubclass(game, Game):
        game = game()
    if not isinstance(game, Game) or getattr(game, "id", None) != game_id:
        raise KitgenError(f"{where} is not the kitgen game {game_id!r} (a kitgen.registry.Game)")
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


# -- installed packages ----------------------------------------------------------------
#
# A game of another package runs that package's code: importing it, making its Game,
# and every capability kitgen calls. What goes wrong there is the package's, not
# kitgen's: it is reported in one line naming the package (`PackageError`, `blamed`),
# never as kitgen's internal error, and one broken package leaves the others usable.


def _package(game_id: str) -> Game:
    """The game of an installed package's entry point, loaded once. Whatever loading it
    raises (an exception, `sys.exit()` included) is a PackageError naming the package,
    remembered: the package is not imported again."""
    if game_id in _loaded:
        return _loaded[game_id]
    if game_id in _broken:
        raise _broken[game_id]
    where, label = _entry_points()[game_id], _labels().get(game_id, "")
    top = where.partition(":")[0].partition(".")[0]
    if top and top != "kitgen":  # (an entry point into kitgen itself is kitgen's code)
        _modules[top] = label
    try:
        game = _make(where, game_id)
        _add_codes(game)
    except KitgenError as err:
        problem = PackageError(f"{_package_name(label)} is broken: {err}")
    except SystemExit as err:
        problem = PackageError(
            f"{_package_name(label)} is broken: loading its game {game_id!r} called "
            f"sys.exit({err.code!r})"
        )
    except Exception as err:
        problem = PackageError(
            f"{_package_name(label)} is broken: loading its game {game_id!r} raised "
            f"{_error_text(err)}"
        )
    else:
        _loaded[game_id] = game
        return game
    _broken[game_id] = problem
    raise problem


def _package_name(label: str) -> str:
    return f"the installed package {label}" if label else "an installed package"


def _error_text(err: BaseException) -> str:
    text = str(err)
    return f"{type(err).__name__}: {text}" if text else type(err).__name__


def package_of(game_id: str) -> str | None:
    """The installed package (`name version`) a game comes from; None for kitgen's own
    games, designed games and games registered in this process."""
    if game_id in BUILTIN or game_id in _registered:
        return None
    return _labels().get(game_id)


def package_problems() -> list[tuple[str, str]]:
    """Each installed package's game that cannot be used, as (its id, one line naming the
    package and what is wrong): an entry point whose name is no valid game id, and every
    game whose package could not be loaded so far (`kitgen list` loads them all)."""
    bad = [
        (name, f"{_package_name(_labels().get(name, ''))} names a game {game_id_problem(name)}")
        for name in _invalid_entry_points()
    ]
    return bad + [(game_id, str(err)) for game_id, err in sorted(_broken.items())]


def note_broken(game_id: str, problem: str) -> None:
    """Remember that a loaded package's game failed in its own code (`blamed`), as one
    that could not be loaded is: `package_problems` lists it."""
    _loaded.pop(game_id, None)
    _broken[game_id] = PackageError(problem)


def blamed(err: BaseException) -> str | None:
    """One line for an error that an installed package's own code raised: the package,
    its module and the error. An exception is the package's when its traceback runs
    through one of the package's modules (its code was running when it failed); a
    SystemExit when the package's code called `sys.exit()` itself (a command of its own
    ends by returning or `raise typer.Exit(code)`, which click turns into kitgen's
    exit). None for kitgen's own error."""
    if not _modules:
        return None
    modules: list[str] = []
    trace = err.__traceback__
    while trace is not None:
        modules.append(str(trace.tb_frame.f_globals.get("__name__", "")))
        trace = trace.tb_next
    if isinstance(err, SystemExit):
        modules = modules[-1:]
    for module in reversed(modules):  # the innermost of the package's frames
        top = module.partition(".")[0]
        if top in _modules:
            what = (
                f"called sys.exit({err.code!r})"
                if isinstance(err, SystemExit)
                else f"raised {_error_text(err)}"
            )
            return (
                f"{_package_name(_modules[top])} failed: its code ({module}) {what}; "
                "it is the package's to fix, not kitgen's"
            )
    return None


def _entry_point(game_id: str) -> str | None:
    return _entry_points().get(game_id)


def _entry_points() -> Mapping[str, str]:
    """The `kitgen.games` entry points of installed packages whose names are valid game
    ids: id to "module:attr"."""
    return _scan()[0]


def _labels() -> Mapping[str, str]:
    """Each entry point's package, as `name version`."""
    return _scan()[1]


def _invalid_entry_points() -> tuple[str, ...]:
    return _scan()[2]


@cache
def _scan() -> tuple[dict[str, str], dict[str, str], tuple[str, ...]]:
    from importlib.metadata import entry_points

    valid: dict[str, str] = {}
    labels: dict[str, str] = {}
    invalid: list[str] = []
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        dist = getattr(ep, "dist", None)
        name = getattr(dist, "name", None)
        if name:
            labels.setdefault(ep.name, f"{name} {getattr(dist, 'version', '')}".strip())
        if game_id_problem(ep.name) is None:
            valid.setdefault(ep.name, ep.value)
        else:
            invalid.append(ep.name)
    return valid, labels, tuple(invalid)


def register(game: Game | type[Game]) -> Callable[[], None]:
    """Make a game known in this process without a package (tests, notebooks): returns
    the function that forgets it again. Its id must be a valid game id (a KitgenError
    says why not)."""
    instance = game() if isinstance(game, type) else game
    problem = game_id_problem(getattr(instance, "id", ""))
    if problem is not None:
        raise KitgenError(problem)
    _add_codes(instance)
    _registered[instance.id] = instance

    def forget() -> None:
        _registered.pop(instance.id, None)

    return forget


# -- runs -----------------------------------------------------------------------------
#
# A run is one command's pass over its files (`kitgen check a/ b/`, a build's plan, one
# rebuild of `watch`). Within it the designed games found near its files are noted by
# id, so that a second folder declaring an id that an earlier one declared is said
# (`earlier`): nothing is looked up by the note, and it ends with the run.


@contextmanager
def one_run() -> Iterator[None]:
    """A run over files; a run inside another is part of it."""
    if _run:
        yield
        return
    _run.append({})
    try:
        yield
    finally:
        _run.clear()


@contextmanager
def files_of(game: Game) -> Iterator[None]:
    """Within the block, every file that names `game`'s id is `game`'s: the files a
    game's file names (its layouts, its kit's rules) belong to the game that names them,
    not to whichever game file of that id lies nearest them (a shared folder's, say)."""
    _owners.append(game)
    try:
        yield
    finally:
        _owners.pop()


def _seen_in_run(game: Game) -> None:
    if _run:
        _run[0].setdefault(game.id, game)


def earlier(game: Game) -> Game | None:
    """The game of the same id, from another folder, that a file of this run found
    first; None when there is none (or no run is going)."""
    if not _run:
        return None
    first = _run[0].get(game.id)
    if first is None or first is game or _same_folder(first, game):
        return None
    return first


def _same_folder(one: Game, other: Game) -> bool:
    import os

    return os.path.realpath(one.data_dir) == os.path.realpath(other.data_dir)


_registered: dict[str, Game] = {}
_loaded: dict[str, Game] = {}  # installed packages' games, loaded
_broken: dict[str, PackageError] = {}  # and those that could not be
_modules: dict[str, str] = {}  # each loaded package's top-level module: its package
_run: list[dict[str, Game]] = []  # the designed games of the run going on, by id
_owners: list[Game] = []  # the games whose files are being read (`files_of`), innermost last
