"""Designed games: a designer's own card game, from a game file, a spreadsheet of card
data and layout files, printed with everything kitgen prints its own games with.

Each designed game is a folder (see kitgen.games.designed.model); kitgen finds it
from any of its files (kitgen.games.designed.discover) and makes it a game of the
registry whose capabilities come from its files: `check` reads the card data and
lays out every card, `build_kit` prints them.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from kitgen.api import Checked, Game, game_id_problem
from kitgen.games.designed.codes import CODES

if TYPE_CHECKING:
    from pydantic import BaseModel

    from kitgen.api import CoverCards, Document, Figures, Finding, FontSource, KitBase, KitBuilder


class DesignedGame(Game):
    """A designed game: its id and title from its game file, its files in `folder`
    (spelt as the file it was found from spells it), and where the game file says its
    id (line, column)."""

    folder: ClassVar[str]
    declared_at: ClassVar[tuple[int, int]] = (1, 1)
    finding_codes: ClassVar = CODES  # (kitgen.games.designed.codes)
    kinds: ClassVar = {
        "game": "kitgen.games.designed.model:DesignedGameFile",
        "layout": "kitgen.games.designed.model:LayoutFile",
        "kit": "kitgen.games.designed.model:DesignedKitFile",
        "deck": "kitgen.games.designed.model:DesignedDeckFile",
        "rules": "kitgen.model.rules:RulesFile",
    }
    card_parts = frozenset({"cards"})
    figure_args: ClassVar = {"card": "kitgen.games.designed.figure_args:CardArgs"}

    def figure_model(self, name: str) -> type[BaseModel] | None:
        """The card figure's model knows the game's cards (to name one that is not)."""
        if name != "card":
            return None
        from kitgen.games.designed.figure_args import for_cards
        from kitgen.games.designed.load import load_design
        from kitgen.games.designed.lookup import CardIndex

        design = load_design(self.id, self.folder)
        # (a figure names a card in any of the game's languages, as a deck does: an
        # edition's rules name its cards in its own)
        return for_cards(CardIndex(design.cards, design.name_of, design.names_of))

    def cover(self) -> CoverCards | None:
        from kitgen.games.designed.figures import cover_cards

        return cover_cards(self.id, self.folder)

    def figures(self) -> Figures:
        from kitgen.games.designed.figures import designed_figures

        return designed_figures(self.id, self.folder)

    def edition_cover(self, language: str) -> CoverCards | None:
        """The cover's cards with their text in `language` (their first language's where
        they have none in it), as that edition's card sheets print them."""
        from kitgen.games.designed.figures import cover_cards

        return cover_cards(self.id, self.folder, language)

    def edition_figures(self, language: str) -> Figures:
        """`card` figures drawn in the edition in `language`: the card a figure names (in
        any of the game's languages) with its text in that one."""
        from kitgen.games.designed.figures import designed_figures

        return designed_figures(self.id, self.folder, language)

    @property
    def package(self) -> str:
        return "kitgen.games.designed"

    @property
    def data_dir(self) -> Path:
        return Path(self.folder)

    def check(self, doc: Document) -> Checked:
        from kitgen.games.designed.check import check_file

        return Checked([*self.duplicate(), *check_file(self.id, self.folder, doc)])

    @property
    def game_file(self) -> str:
        """The game file, as the folder is spelt."""
        return str(Path(self.folder) / "game.yaml")

    def duplicate(self) -> list[Finding]:
        """`duplicate-game-id` at this game file's `game:` when a game file of another
        folder declared the same id earlier in this run (`registry.earlier`): the files
        of both name one game, and their outputs would share one folder."""
        from kitgen.api import Location, finding, registry

        first = registry.earlier(self)
        if first is None:
            return []
        other = getattr(first, "game_file", str(first.data_dir))
        return [
            finding(
                "duplicate-game-id",
                f"{self.id!r} is the id of the game in {other} too, read earlier in this "
                "run: two games need ids of their own (every file names its game by id, "
                f"and both would print into OUT/{self.id}/)",
                Location(self.game_file, *self.declared_at),
            )
        ]

    def booklet_fonts(self) -> dict[str, dict[str, FontSource]]:
        """The game file's `fonts:` (those kitgen can embed), in the order it lists them:
        a character of the rules that kitgen's type lacks prints in the first of them
        that has it."""
        from kitgen.games.designed.load import load_design

        return load_design(self.id, self.folder).fonts

    def rules_language(self) -> str | None:
        """The game file's `language:` when it writes one (unwritten, the game's text is
        English for card text's sake, and its booklet hyphenates nothing, as before)."""
        from kitgen.games.designed.load import load_design

        design = load_design(self.id, self.folder)
        if design.file is None:
            return None
        if "language" not in design.file.model_fields_set and not design.file.languages:
            return None
        return design.file.first_language

    def languages(self) -> tuple[str, ...]:
        """The game file's `languages:` (else its `language:`): its editions."""
        from kitgen.games.designed.load import load_design

        design = load_design(self.id, self.folder)
        return ("en",) if design.file is None else design.file.editions

    def rules_context(self) -> dict[str, Any]:
        """`deck` (the game file's deck rules, every key present) and `deck_summary`
        (them in sentences), for rules text: `{{ deck.size.max }}`."""
        from kitgen.api import DeckRules, summary
        from kitgen.games.designed.load import load_design

        design = load_design(self.id, self.folder)
        if design.file is None:
            return {}
        rules = design.file.deck_rules or DeckRules()
        fields = design.field_infos()
        return {"deck": rules.model_dump(), "deck_summary": " ".join(summary(rules, fields))}

    def deck_stats(self, doc: Document) -> dict[str, object] | None:
        from kitgen.games.designed.check import deck_stats
        from kitgen.games.designed.load import load_design

        return deck_stats(load_design(self.id, self.folder), doc)

    def build_kit(self, builder: KitBuilder, kit: KitBase, path: str, stem: str) -> None:
        from kitgen.games.designed.build import build_kit

        build_kit(self.id, self.folder, builder, kit, path, stem)

    def build_file(self, builder: KitBuilder, report: object, doc: Document, stem: str) -> bool:
        from kitgen.games.designed.build import build_deck

        return build_deck(self.id, self.folder, builder, doc, stem)

    def starter_file(self, kind: str, name: str, schema_path: str | None) -> str:
        from kitgen.games.designed.starters import starter_deck

        if kind != "deck":
            raise self.unsupported(f"starter {kind} file")
        return starter_deck(self.id, self.folder, name, schema_path)

    def facts(self) -> tuple[str, ...]:
        return (f"a designed game: {self.folder}",)


@cache
def designed_game(
    game_id: str, title: str, folder: str, declared_at: tuple[int, int] = (1, 1)
) -> DesignedGame:
    """The game object of one designed game's folder (one per id, title, folder and
    place of its id, so an edited title makes a new one). It holds no data of the game:
    what it reads comes from its folder's files each time they change (`load_design`).
    An id that is not a valid game id is a ValueError: a caller checks ids first."""
    problem = game_id_problem(game_id)
    if problem is not None:
        raise ValueError(problem)
    kind: type[DesignedGame] = type(
        "DesignedGame",
        (DesignedGame,),
        {
            "id": game_id,
            "title": title,
            "folder": folder,
            "declared_at": declared_at,
            "__module__": __name__,
        },
    )
    return kind()
