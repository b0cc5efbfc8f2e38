"""Build print-and-play PDFs: settings, content, layout, drawing, atomic writes.

Settings come from the command line first, then kitgen.toml, then the kit file,
then kitgen's defaults (A4, poker cards, 3 mm bleed, 5 mm margin, long-edge duplex, normal ink).

A build first plans every file of every target (its path and the file it comes from,
named by `kitgen.names`), drawing nothing; two that would write one path are a usage
error naming both sources, before any file is written. Then it draws and writes them.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from kitgen import registry
from kitgen.atomic import OutsideError, check_inside, write_atomic
from kitgen.errors import KitgenError, NoEdition, UsageError
from kitgen.kit import check_document
from kitgen.layout.cutting import FOLD_REFUSED
from kitgen.layout.geometry import LayoutError, Size
from kitgen.layout.impose import check_pages, sheet_layout
from kitgen.layout.limits import too_many_cards
from kitgen.layout.paper import paper_size
from kitgen.layout.print_options import SETTINGS, OptionError
from kitgen.layout.setup import PrintSetup
from kitgen.load.documents import Document, read_document
from kitgen.load.kits import rules_document, rules_entry
from kitgen.model.findings import Finding, finding, has_errors
from kitgen.model.game import GameFile
from kitgen.model.kit import (
    DEFAULTS,
    CutMode,
    DuplexMode,
    Ink,
    KitBase,
    PrintSettings,
)
from kitgen.model.source import whole_file
from kitgen.names import file_name, joined, name_slug

if TYPE_CHECKING:
    from kitgen.render.booklet import Figures
    from kitgen.render.padding import PaddingFacts
    from kitgen.render.sheets import Deck

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class BuildOptions:
    """What the command line asked for; None means "not given"."""

    out: str = "output"
    paper: str | None = None
    card_size: str | None = None
    bleed: str | None = None
    margin: str | None = None
    gutter: str | None = None
    duplex: str | None = None
    back_offset: str | None = None
    ink: str | None = None
    cut: str | None = None
    extra_commons: int | None = None
    standard_deck: bool | None = None  # print the 54-card deck with a standard-deck game
    # A draft (`--draft`, and `kitgen watch`): an image whose file is missing is drawn as
    # a labelled placeholder with a warning, and its sheets are labelled DRAFT.
    draft: bool = False
    # `--lang`: the language of the edition to print (a tag the game declares), `all`
    # for every one, None for the game's own (its first). Each edition prints its cards
    # and the rules file its kit names in its language (`rules: {en: ..., de: ...}`).
    language: str | None = None

    def settings(self) -> PrintSettings:
        """The options as print settings, to lay over a kit's (checked later, in one line)."""
        return PrintSettings.model_construct(
            paper=self.paper,
            card_size=self.card_size,
            bleed=self.bleed,
            margin=self.margin,
            gutter=self.gutter,
            duplex=cast(DuplexMode | None, self.duplex),
            back_offset=self.back_offset,
            ink=cast(Ink | None, self.ink),
            cut=cast(CutMode | None, self.cut),
        )


@dataclass
class BuildResult:
    """Files written, findings, and notes for the user."""

    written: list[str] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when nothing failed."""
        return not has_errors(self.findings)


def _pick(option: str, layers: list[PrintSettings]) -> str:
    for layer in layers:
        value = getattr(layer, option)
        if value is not None:
            return str(value)
    raise AssertionError(f"no default for {option}")


def resolve_setup(
    cli: PrintSettings,
    kit: PrintSettings | None = None,
    *,
    sheets: bool = True,
    config: bool = True,
) -> PrintSetup:
    """Layer the settings and turn them into a checked setup; bad values are UsageErrors.

    The command line comes first, then kitgen.toml (the printer's settings: the
    project's, then the user's; left out with `config=False`), then the kit file,
    then kitgen's defaults.
    """
    from kitgen.config import print_settings

    printer = [print_settings()] if config else []
    layers = [cli, *printer, *([kit] if kit is not None else []), DEFAULTS]
    texts = {option.name: _pick(option.name, layers) for option in SETTINGS}
    try:
        values = {
            option.name: option.value(
                texts[option.name], given=getattr(cli, option.name) is not None
            )
            for option in SETTINGS
        }
    except OptionError as err:
        raise UsageError(str(err)) from None
    if values["cut"] == "silhouette" and values["duplex"] == "fold":
        raise UsageError(f"--cut silhouette: {FOLD_REFUSED}: use --duplex long, short or none")
    setup = PrintSetup(
        texts["paper"].lower(),
        values["paper"],
        texts["card_size"].lower(),
        values["card_size"],
        values["bleed"],
        values["margin"],
        values["gutter"],
        values["duplex"],
        values["back_offset"],
        values["ink"],
        values["cut"],
    )
    if not sheets:  # exported one card at a time: the paper does not matter
        return setup
    try:  # fail now, in one line, when the cards cannot be laid out at all
        _sheet(setup)
    except LayoutError as err:
        raise UsageError(str(err)) from None
    return setup


def check_options(cli: PrintSettings) -> None:
    """The command line's print options on their own (over kitgen's defaults): a
    UsageError for one that no kit could use. `kitgen watch` checks them once, before
    its first build, so a bad option ends it at once instead of failing every build."""
    resolve_setup(cli, None, sheets=False, config=False)


def _sheet(setup: PrintSetup) -> tuple[int, int]:
    """The cards one sheet of the setup holds and the pages it takes (`sheet_layout`)."""
    return sheet_layout(
        setup.paper,
        setup.card,
        bleed=setup.bleed,
        margin=setup.margin,
        gutter=setup.gutter,
        duplex=setup.duplex,
        cut=setup.cut,
    )


def _targets(targets: list[str]) -> list[tuple[str, bool, bool]]:
    """The targets, `all` spelt out, each with whether it is a game (else a file) and
    whether `all` named it.

    A built-in game's id comes before a file of that name, as it always has; a game
    from another package (an entry point) comes after one, so naming a file never
    pays for reading the installed packages' entry points."""
    out: list[tuple[str, bool, bool]] = []
    named: set[tuple[str, bool]] = set()

    def add(target: str, is_game: bool, by_all: bool = False) -> None:
        if (target, is_game) not in named:
            named.add((target, is_game))
            out.append((target, is_game, by_all))
        elif not by_all:  # named itself too: not only as one of `all`'s
            out[:] = [(t, g, a and (t, g) != (target, is_game)) for t, g, a in out]

    for target in targets:
        if target == "all":
            for game in registry.builtin_ids():
                add(game, True, True)
            for folder in example_games():
                add(folder, False, True)
        elif target in registry.builtin_ids():
            add(target, True)
        elif os.path.isfile(target):
            add(target, False)
        elif registry.is_game(target):
            add(target, True)
        elif os.path.isdir(target) and _designed_folder(target):
            add(target, False)
        elif os.path.exists(target):  # a folder, a pipe or a device: never opened
            from kitgen.load.references import special_kind

            try:
                what = special_kind(os.stat(target).st_mode)
            except OSError:
                what = "a special file"
            raise UsageError(f"{target!r} is {what}, not a kit, deck, cards or rules file")
        else:
            raise UsageError(
                f"{target!r} is not a game ({', '.join(registry.known_ids())}), `all`, "
                "or an existing file"
            )
    return out


def _designed_folder(folder: str) -> bool:
    """Whether a folder is a designed game's (its game file declares `fields:`)."""
    return registry.designed_id(folder) is not None


def example_games() -> list[str]:
    """The folders of the designed games kitgen ships as examples (data/examples/*),
    which `kitgen build all` prints too."""
    from kitgen.paths import data_dir

    root = data_dir() / "examples"
    if not root.is_dir():
        return []
    return [str(p) for p in sorted(root.iterdir()) if p.is_dir() and _designed_folder(str(p))]


@dataclass(frozen=True)
class Planned:
    """Files a build will write: their paths, the file they come from (as the user
    named it), and the function that draws and writes them (None when only their names
    are wanted, as for an export's decks)."""

    paths: tuple[str, ...]
    source: str
    make: Callable[[], None] | None


def _key(path: str) -> str:
    """A path as a file system that ignores case would take it."""
    return os.path.normcase(os.path.abspath(path)).casefold()


def _real(path: str) -> str:
    return os.path.realpath(path)


def check_clashes(groups: Iterable[list[Planned]]) -> list[list[Planned]]:
    """The planned files of each group (a group is one build's), or a UsageError naming
    both sources and the path when two would write one path, so that nothing is written.
    A file that two groups plan from the same source (a target watched twice, under two
    names) is written once: the later group's is left out."""
    first: dict[str, Planned] = {}
    kept: list[list[Planned]] = []
    for number, group in enumerate(groups):
        mine: list[Planned] = []
        owner: dict[str, int] = {}
        for item in group:
            repeats = False
            for path in item.paths:
                earlier = first.get(_key(path))
                if earlier is None:
                    continue
                same_build = owner.get(_key(path)) == number
                if same_build or _real(earlier.source) != _real(item.source):
                    raise UsageError(_clash(earlier.source, item.source, path))
                repeats = True
            if repeats:
                continue
            for path in item.paths:
                first[_key(path)] = item
                owner[_key(path)] = number
            mine.append(item)
        kept.append(mine)
    return kept


def _clash(one: str, other: str, path: str) -> str:
    if one == other:
        return f"{one} would write {path} twice; nothing was written"
    return (
        f"{one} and {other} would both write {path}; nothing was written "
        "(give one of them another name, or build it with another --out)"
    )


def _shown(path: str) -> str:
    """A path kitgen found for itself (a game's kit), relative when under this folder."""
    relative = os.path.relpath(path) if os.path.isabs(path) else path
    return path if relative.startswith(os.pardir) else relative


class KitBuilder:
    """Builds targets: plans every file (`plan`), then writes them (`write_planned`),
    or (`decks_only`) collects the card decks for an export without drawing anything.
    A game's `build_kit` prints its kit through it: `setup`, `part`, `cards`, `write`,
    `deck_if_asked`, `kit_rules`; it names its files with
    `kitgen.names.joined` and `file_name`, from the `stem` it is given."""

    def __init__(
        self,
        options: BuildOptions,
        progress: Progress | None,
        *,
        decks_only: bool = False,
        deck_path: Callable[[str, str], str] | None = None,
    ) -> None:
        self.options = options
        self.progress = progress
        self.result = BuildResult()
        self.decks_only = decks_only
        self.decks: list[tuple[Deck, PrintSetup]] = []
        self.planned: list[Planned] = []
        self.source = ""  # the file the target being planned comes from
        # the decks the kit being planned prints (its booklet's card checklist)
        self.kit_decks: list[Deck] = []
        self._sources: set[str] = set()  # their real paths: a file named twice is built once
        # where an export puts a deck (game, stem): named in a clash
        self.deck_path = deck_path or (lambda game, stem: self._path(game, file_name(stem)))

    def setup(self, kit: PrintSettings | None = None) -> PrintSetup:
        """The print setup for a kit's settings (an export need not fit cards on paper)."""
        return resolve_setup(self.options.settings(), kit, sheets=not self.decks_only)

    def part(self, kit: KitBase, component: str) -> bool:
        """Whether to make one of a kit's components now."""
        if component not in kit.components:
            return False
        return (
            not self.decks_only or component in registry.get(kit.game, kit.source_path).card_parts
        )

    def _plan(self, paths: list[str], make: Callable[[], None] | None) -> None:
        for path in paths:  # before anything is written: a path out of --out stops it all
            try:
                check_inside(self.options.out, path)
            except OutsideError as err:
                raise KitgenError(f"cannot write {path}: {err.strerror}") from None
        self.planned.append(Planned(tuple(paths), self.source, make))

    def _path(self, game: str, name: str) -> str:
        return os.path.join(self.options.out, game, name)

    def cards(self, deck: Deck, setup: PrintSetup) -> None:
        """A deck's card sheets, `<stem>.pdf` (or, collecting, the deck itself)."""
        too_many = too_many_cards(deck.count)
        if too_many is not None:  # the kit or file check names the line; this is the last guard
            raise KitgenError(f"{deck.stem}: {too_many}")
        self.kit_decks.append(deck)
        if self.decks_only:  # the export checks the deck at the size it draws
            self.decks.append((deck, setup))
            self._plan([self.deck_path(deck.game, deck.stem)], None)
            return
        try:  # pages counted before any is laid out
            check_pages(deck.count, *_sheet(setup))
        except LayoutError as err:
            raise KitgenError(f"{deck.stem}: {err}") from None
        path = self._path(deck.game, file_name(deck.stem))
        cut_path = None
        if setup.cut == "silhouette":  # and the file the machine cuts along
            cut_path = self._path(deck.game, file_name(deck.stem, "cut", ext=".svg"))

        def make() -> None:
            from kitgen.render.sheets import deck_sheets_pdf

            found = deck.check(setup.card, setup.card_name) if deck.check is not None else []
            self.result.findings += found
            if has_errors(found):
                return
            self._put(path, deck_sheets_pdf(deck, setup, self.progress))
            if cut_path is not None:
                from kitgen.layout.cutting import plan_print_and_cut
                from kitgen.render.cutfile import cut_svg

                grid, marks = plan_print_and_cut(
                    setup.paper,
                    setup.card,
                    bleed=setup.bleed,
                    gutter=setup.gutter,
                    margin=setup.margin,
                )
                self._put(cut_path, cut_svg(deck.title, grid, marks, deck.shape))

        self._plan([path] if cut_path is None else [path, cut_path], make)

    def write(self, game: str, name: str, data: bytes | Callable[[], bytes]) -> None:
        """Write one file, OUT/GAME/NAME (NAME from `kitgen.names.file_name`), atomically,
        once the whole build is planned; `data` is the file's bytes or, better, the
        function that draws them (not called when the build stops on a clash)."""
        path = self._path(game, name)
        self._plan([path], lambda: self._put(path, data() if callable(data) else data))

    def _put(self, path: str, data: bytes) -> None:
        try:
            write_atomic(path, data, within=self.options.out)
        except OSError as err:
            raise KitgenError(f"cannot write {path}: {err.strerror or err}") from None
        self.result.written.append(path)

    def write_planned(self, planned: list[Planned] | None = None) -> BuildResult:
        """Draw and write the planned files (those `check_clashes` kept), in order; a
        text-not-drawable warning, at the file they come from, for any text they printed
        with characters as "?" that the check did not name."""
        from kitgen.load.images import drafting
        from kitgen.load.printable import forget_undrawn, undrawn_findings

        for item in self.planned if planned is None else planned:
            if item.make is not None:
                forget_undrawn()  # (what was drawn before is not this item's)
                with drafting(self.options.draft):
                    item.make()
                where = whole_file(item.source) if item.source else None
                self.result.findings += undrawn_findings(where, self.result.findings)
        return self.result

    def again(self, source: str) -> bool:
        """Whether a target's source file was planned already (then it is not again),
        as when `kitgen build scratch data/scratch/kit.yaml` names one kit twice."""
        real = _real(source)
        if real in self._sources:
            return True
        self._sources.add(real)
        self.source = source
        return False

    def kit(self, kit: KitBase, path: str, fallback: str) -> None:
        """Print what a kit file lists, for its game; its files are named by the kit's
        name (`fallback`, its file's stem or its game, when the name has no letter or
        digit to name a file with)."""
        planned, found = len(self.planned), len(self.result.findings)
        stem = kit.file_prefix or name_slug(kit.name, fallback)
        self.kit_decks = []  # (a new list: the kit's booklet keeps the one it was given)
        game = registry.get(kit.game, path)
        self.editions(game)  # (`--lang` that the game has no edition in: before anything)
        with registry.files_of(game):  # (the rules it names are its game's, wherever)
            game.build_kit(self, kit, path, stem)
        self.kit_decks = []  # a deck file planned next is no card of this kit's
        nothing = len(self.planned) == planned and len(self.result.findings) == found
        if nothing and not self.decks_only:  # a build never writes nothing and calls it done
            self.result.findings.append(
                finding(
                    "out-of-range",
                    "with these components the kit prints nothing "
                    f"({', '.join(map(str, kit.components)) or 'none'}); list what to print",
                    kit.where("components"),
                )
            )

    def kit_name_ok(self, kit: KitBase, path: str) -> bool:
        """Whether the kit may be printed under its name: always, now. A name kitgen's
        fonts cannot print in full prints those characters as "?", and the kit's check
        (kitgen.load.kits.check_kit_settings), which comes before every build, warns of
        them (text-not-drawable). Kept for game packages that ask."""
        del kit, path
        return True

    def deck_if_asked(
        self,
        kit: KitBase,
        stem: str,
        setup: PrintSetup,
        *,
        jokers: bool = True,
    ) -> None:
        """The standard deck, when the kit or the command line asks for it: the 52 cards,
        and the two jokers when the game plays with them (`jokers`)."""
        wanted = self.options.standard_deck
        if wanted is None:
            wanted = bool(getattr(kit, "standard_deck", False))
        if wanted:
            from kitgen.model.standard import full_deck
            from kitgen.render.standard_deck import standard_deck

            deck = standard_deck(
                kit.game, joined(stem, "deck"), "Standard deck", full_deck(jokers=jokers)
            )
            self.cards(deck, setup)

    def kit_rules(
        self, kit: KitBase, path: str, stem: str, setup: PrintSetup, language: str | None = None
    ) -> None:
        """The booklets of the rules file a kit names, if it lists the rules component:
        for an edition in another language (`language`, None for the game's first), its
        own rules file (`rules: {en: rules.yaml, de: rules-de.yaml}`), set in that
        language; an edition the kit names no rules file for prints no booklet, and
        says so (`language-missing-rules`, a warning at the kit's `rules:`)."""
        if self.part(kit, "rules") and kit.rules is not None:
            # Checked with the kit (a missing file, or one of the wrong kind, is a finding
            # at its `rules:` entry); only a file changed since then has errors here.
            if rules_entry(kit, path, language) is None:
                tag = language or registry.get(kit.game, path).languages()[0]
                self.result.findings.append(_no_rules(kit, tag))
                return
            rules_doc, found = rules_document(kit, path, language)
            if rules_doc is None:
                self.result.findings += found
            else:
                self.rules(rules_doc, stem, setup, kit, language)

    def rules(
        self,
        doc: Document,
        prefix: str,
        setup: PrintSetup,
        kit: KitBase | None = None,
        language: str | None = None,
    ) -> None:
        """The reading, booklet and quick-reference editions of a rules file,
        `<prefix>-rules.pdf`, `<prefix>-rules-booklet.pdf` and `<prefix>-reference.pdf`.
        Printed with a kit, the booklet's padding pages may list the kit's cards and hold
        a score page (kitgen.render.padding), and a back cover without the quick
        reference lists the kit's components. They are set (hyphenated, lines broken)
        in the rules file's `language:`, else the edition's (`language`), else the
        game's."""
        from kitgen.model.rules import RulesFile  # (a build without rules never loads it)

        rules, game = doc.model, doc.game
        assert isinstance(rules, RulesFile) and game is not None
        decks = self.kit_decks if kit is not None else []  # (filled in as the kit plans)
        reading = self._path(game, file_name(prefix, "rules"))
        booklet = self._path(game, file_name(prefix, "rules-booklet"))
        reference = self._path(game, file_name(prefix, "reference"))
        # The game as planned: drawn later, a kit's shared rules file stays its kit's game's
        # (registry.files_of), never another game of the same id beside the rules file.
        owner = registry.get(game, doc.path)

        def make() -> None:
            with registry.files_of(owner):
                drawn()

        def drawn() -> None:
            from kitgen.load.rules import game_context
            from kitgen.render.booklet import (
                BookletFacts,
                booklet_pdfs,
                booklet_words,
                reference_pdf,
            )
            from kitgen.render.fonts import booklet_family, project_families

            context = game_context(game, doc.path)
            figures = game_figures(game, doc.path, language)
            # The rules file's own language, else its edition's, else the game's (a
            # designed game's file).
            setting = rules.language or language or owner.rules_language()
            low, high = str(context["players_min"]), str(context["players_max"])
            players = (
                low
                if low == high
                else booklet_words(rules, setting).text("player_range", low=low, high=high)
            )
            # (the rules file's own playing time and summary first: an edition's words)
            summary = rules.summary or game_summary(game, doc.path)
            facts = BookletFacts(
                players,
                rules.playing_time or str(context["playing_time"]),
                summary,
                cover=owner.cover() if language is None else owner.edition_cover(language),
                components=game_components(game, doc.path, kit),
                reference_file=os.path.basename(reference) if rules.quick_reference else "",
            )
            page, sheet = booklet_sizes(setup)
            # (KitSans, and the game's own fonts for what it lacks: Chinese, say)
            family = booklet_family(project_families(tuple(owner.booklet_fonts().values())))
            pages, folded, found = booklet_pdfs(
                rules,
                context,
                figures,
                facts,
                page,
                sheet,
                setup.ink,
                padding_facts(rules.title, game, doc.path, kit, decks, context),
                setting,
                family,
            )
            self.result.findings += found
            if has_errors(found):
                return
            self._put(reading, pages)
            self._put(booklet, folded)
            if rules.quick_reference:
                paper = sheet.rotated() if sheet.width > sheet.height else sheet
                data, found = reference_pdf(
                    rules, context, figures, paper, setup.ink, setting, family
                )
                self.result.findings += found
                if not has_errors(found):
                    self._put(reference, data)

        self._plan([reading, booklet, *([reference] if rules.quick_reference else [])], make)

    def folder(self, folder: str) -> None:
        """A designed game's folder: the kit file in it, named by the kit's name (or the
        game's id)."""
        kit_path = os.path.join(folder, "kit.yaml")
        if not os.path.isfile(kit_path):
            self.result.notes.append(f"{folder}: a designed game without a kit.yaml, skipped")
            return
        if self.again(_shown(kit_path)):
            return
        doc = read_document(kit_path)
        report = check_document(doc)
        self.result.findings += report.findings
        if report.ok and isinstance(doc.model, KitBase):
            self.kit(doc.model, kit_path, registry.designed_id(folder) or doc.model.game)

    def game_of_file(self, game_id: str, path: str) -> registry.Game:
        """The game a file is of, once `--lang` is known to name one of its editions."""
        game = registry.get(game_id, path)
        self.editions(game)
        return game

    def editions(self, game: registry.Game) -> tuple[str, ...]:
        """The languages of the editions to print of a game (`--lang`: its first
        language's when not given, every one for `all`); a UsageError when `--lang`
        names a language the game has no edition in."""
        declared = game.languages()
        wanted = self.options.language
        if wanted is None:
            return declared[:1]
        if wanted.casefold() == "all":
            return declared
        chosen = [tag for tag in declared if tag.casefold() == wanted.casefold()]
        if not chosen:
            raise NoEdition(
                f"--lang {wanted}: {game.id} is printed in {', '.join(declared)} only (its "
                "game file's `languages:`, else its `language:`); give one of them, or all"
            )
        return (chosen[0],)

    def file(self, target: str) -> None:
        if os.path.isdir(target):
            self.folder(target)
            return
        if self.again(target):
            return
        doc = read_document(target)
        report = check_document(doc)
        self.result.findings += report.findings
        if not report.ok:
            return
        stem = name_slug(os.path.splitext(os.path.basename(target))[0])
        model = doc.model
        if isinstance(model, KitBase):
            self.kit(model, target, stem)
        elif doc.kind == "rules" and self.decks_only:
            self.result.notes.append(f"{target}: a rules file has no cards to export")
        elif doc.kind == "rules":
            assert doc.game is not None
            # `rules.yaml` (a game's own) prints `<game>-rules.pdf`; `house-rules.yaml`
            # and `house.yaml` print `<game>-house-rules.pdf`
            name = "" if stem == "rules" else stem.removesuffix("-rules")
            self.rules(doc, joined(doc.game, name), self.setup())
        elif doc.game is None or not self.game_of_file(doc.game, doc.path).build_file(
            self, report, doc, stem
        ):
            self.result.notes.append(
                f"{target}: kitgen cannot print "
                f"{'shared' if doc.game is None else doc.game} {doc.kind} files yet"
            )


def _no_rules(kit: KitBase, language: str) -> Finding:
    """`language-missing-rules` at a kit's `rules:`: the edition in `language` prints no
    booklet, the kit naming no rules file in it."""
    return finding(
        "language-missing-rules",
        f"the kit names no rules file in {language!r}, so its {language} edition prints no "
        f"rules booklet: name one under `rules:` (`{language}: rules-{language}.yaml`, a "
        "`kind: rules` file), or leave the booklet to the other editions",
        kit.where("rules", key=True),
    )


def booklet_sizes(setup: PrintSetup) -> tuple[Size, Size]:
    """Booklet pages and the sheet they are imposed on: A5 on A4, or half-Letter on Letter."""
    if setup.paper_name in ("letter", "tabloid", "half-letter"):
        return paper_size("half-letter"), paper_size("letter").rotated()
    return paper_size("a5"), paper_size("a4").rotated()


def game_figures(game: str, near: str | None = None, language: str | None = None) -> Figures:
    """The figures a game's rules can name (`near`: a file of the game, for a designed
    game, which is its folder's), drawn as its edition in `language` prints them (None:
    its first language's)."""
    from kitgen.render.booklet import Figures

    owner = registry.get(game, near)
    figures = owner.figures() if language is None else owner.edition_figures(language)
    return Figures({}, {}) if figures is None else figures


def game_components(
    game: str, near: str | None = None, kit: KitBase | None = None
) -> tuple[tuple[str, str], ...]:
    """The components the game file lists (each its title and description), those the
    kit prints when there is a kit."""
    doc = read_document(str(registry.get(game, near).data_dir / "game.yaml"))
    if not isinstance(doc.model, GameFile):
        return ()
    return tuple(
        (c.title, c.description)
        for c in doc.model.components
        if kit is None or c.id in kit.components
    )


def padding_facts(
    title: str,
    game: str,
    near: str | None,
    kit: KitBase | None,
    decks: list[Deck],
    context: dict[str, Any],
) -> PaddingFacts:
    """What a booklet printed with a kit may put on its padding pages: the kit's cards
    (its decks, read when the booklet is drawn, after the whole kit is planned) and,
    when the kit prints one of the game's score parts, a score page for its most
    players. Without a kit: notes only."""
    from kitgen.render.padding import PaddingFacts, card_list

    if kit is None:
        return PaddingFacts(title)
    scores = any(part in kit.components for part in registry.get(game, near).score_parts)
    return PaddingFacts(
        title,
        card_list([(deck.title, deck.names) for deck in decks]),
        int(context.get("players_max", 2)) if scores else 0,
    )


def game_summary(game: str, near: str | None = None) -> str:
    """The one-paragraph summary from a game's game.yaml (`near` as for `game_figures`)."""
    doc = read_document(str(registry.get(game, near).data_dir / "game.yaml"))
    return doc.model.summary if isinstance(doc.model, GameFile) else ""


def plan(targets: list[str], options: BuildOptions, progress: Progress | None = None) -> KitBuilder:
    """Plan every file the targets print (`KitBuilder.planned`), drawing nothing."""
    builder = KitBuilder(options, progress)
    _plan(builder, targets)
    return builder


def build(
    targets: list[str], options: BuildOptions, progress: Progress | None = None
) -> BuildResult:
    """Build every target: a game id, `all`, or a kit, deck or cards file. Two files
    that would be written to one path are a UsageError before any file is written."""
    builder = plan(targets, options, progress)
    [planned] = check_clashes([builder.planned])
    return builder.write_planned(planned)


def collect_decks(
    targets: list[str],
    options: BuildOptions,
    deck_path: Callable[[str, str], str] | None = None,
) -> tuple[list[tuple[Deck, PrintSetup]], BuildResult]:
    """The card decks the targets would print, each with its print setup, without
    drawing anything; the result holds the findings and notes (and no files). Two decks
    that would be exported to one place (`deck_path(game, stem)`) are a UsageError."""
    builder = KitBuilder(options, None, decks_only=True, deck_path=deck_path)
    _plan(builder, targets)
    check_clashes([builder.planned])
    return builder.decks, builder.result


def _plan(builder: KitBuilder, targets: list[str]) -> None:
    from kitgen.load.images import drafting

    # (two games of one id in the targets are a finding)
    with registry.one_run(), drafting(builder.options.draft):
        _plan_targets(builder, targets)


def _plan_targets(builder: KitBuilder, targets: list[str]) -> None:
    """Plan each target. With `--lang TAG`, a game that `all` names and that has no
    edition in that language is left out, and a note names it (named itself, it is a
    usage error); `all` with no game in that language at all is one too."""
    missing: list[str] = []
    listed = _targets(targets)
    for target, is_game, by_all in listed:
        try:
            _plan_target(builder, target, is_game)
        except NoEdition:
            if not by_all:
                raise
            missing.append(target if is_game else os.path.basename(os.path.normpath(target)))
    if not missing:
        return
    language = builder.options.language
    if len(missing) == len(listed):
        raise UsageError(
            f"--lang {language}: no game of `all` is printed in {language} (a game file's "
            "`languages:` says which a game is)"
        )
    builder.result.notes.append(
        f"not printed in {language}, having no edition in it: {', '.join(missing)}"
    )


def _plan_target(builder: KitBuilder, target: str, is_game: bool) -> None:
    if not is_game:
        builder.file(target)
        return
    kit_path = str(registry.get(target).data_dir / "kit.yaml")
    if not os.path.isfile(kit_path):
        builder.result.notes.append(f"{target}: no printable kit yet, skipped")
        return
    if builder.again(_shown(kit_path)):
        return
    doc = read_document(kit_path)
    if not isinstance(doc.model, KitBase) or not check_document(doc).ok:
        raise KitgenError(f"kitgen's own {target} kit is broken ({kit_path})")
    builder.kit(doc.model, kit_path, target)
