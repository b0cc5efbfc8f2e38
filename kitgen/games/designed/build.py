"""What a designed game's kit prints: its cards, face and back, from its layouts (and
the rules booklets, when the kit names a rules file), in each edition asked for."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kitgen.api import joined, name_slug

if TYPE_CHECKING:
    from kitgen.api import Document, KitBase, KitBuilder
    from kitgen.games.designed.load import Design
    from kitgen.games.designed.model import DesignedDeckFile


def build_kit(game_id: str, folder: str, b: KitBuilder, kit: KitBase, path: str, stem: str) -> None:
    """The cards (when the game reads without errors: its findings otherwise), and the
    rules: a game of several decks prints a file of cards per deck,
    `<stem>-<deck>-cards.pdf`, each at its deck's size. The face layout's card size
    and bleed are the kit's when it gives none; at another size (the command line's,
    kitgen.toml's) the layouts move with the card.

    Each edition `--lang` asks for (kitgen.build.KitBuilder.editions) prints its own
    cards and rules: the first language's under today's names, another's with its tag
    after the stem (`<stem>-de-cards.pdf`, `<stem>-de-<deck>-cards.pdf`,
    `<stem>-de-rules.pdf`), its booklet from the rules file the kit names in its
    language (`rules: {en: rules.yaml, de: rules-de.yaml}`), listing its own cards."""
    from kitgen.api import get
    from kitgen.games.designed.draw import deck, layout_settings, made_size
    from kitgen.games.designed.load import load_design

    design = load_design(game_id, folder)
    if not design.ok:
        b.result.findings += design.file_findings + design.findings
        return
    assert design.file is not None
    for language in b.editions(get(game_id, folder)):
        edition = design.edition(language)
        tag = edition_slug(edition)
        b.kit_decks = []  # (the edition's booklet lists its own cards)
        first = None
        for part in edition.parts():  # each deck of a game of several at its own size
            setup = b.setup(layout_settings(part, kit.settings))
            first = first or setup
            if b.part(kit, "cards"):
                made = made_size(part, kit.settings)
                name = joined(stem, tag, deck_slug(part), "cards")
                title = deck_title(part)
                b.cards(deck(part, name, setup.bleed, title=title, made=made), setup)
        assert first is not None  # (a game has a deck at least)
        b.kit_rules(kit, path, joined(stem, tag), first, edition.language)


def edition_slug(design: Design) -> str:
    """What an edition in another language than the game's first adds to its files'
    names: its language tag, in lower case (`de`, `pt-br`); nothing for the first's."""
    return "" if design.language is None else name_slug(design.language)


def deck_slug(design: Design) -> str:
    """What a deck of several adds to its files' names (its name's slug); nothing for a
    game of one deck."""
    return "" if design.deck is None else name_slug(design.deck)


def deck_title(design: Design) -> str | None:
    """A deck's title on its sheets: the game's title and, for a deck of several, its
    name, and an edition's language in brackets (None: the game's title, as `deck`
    makes it)."""
    if design.file is None or (design.deck is None and design.language is None):
        return None
    title = design.file.title if design.deck is None else f"{design.file.title}: {design.deck}"
    return title if design.language is None else f"{title} ({design.language})"


def build_deck(game_id: str, folder: str, b: KitBuilder, doc: Document, stem: str) -> bool:
    """A deck file's cards (its main deck, then its sideboard), `<id>-<name>-deck.pdf`,
    at the face layout's card size unless the command line says otherwise; in a game of
    several decks, from the deck it names (`deck:`), at that deck's size."""
    from kitgen.games.designed.load import load_design
    from kitgen.games.designed.model import DesignedDeckFile

    model = doc.model
    if not isinstance(model, DesignedDeckFile):
        return False
    from kitgen.api import get

    whole = load_design(game_id, folder)
    if not whole.ok:  # (the deck's check reported the game's errors)
        b.result.findings += whole.file_findings + whole.findings
        return True
    for language in b.editions(get(game_id, folder)):
        _build_deck(whole.edition(language), model, b, game_id, stem)
    return True


def _build_deck(
    design: Design, model: DesignedDeckFile, b: KitBuilder, game_id: str, stem: str
) -> None:
    """One edition of a deck file's cards (`build_deck`)."""
    from kitgen.games.designed.draw import deck, layout_settings, made_size
    from kitgen.games.designed.lookup import CardIndex

    part = design
    if model.deck is not None:  # (the deck's check found the deck)
        found = design.view(model.deck)
        assert found is not None
        part = found
    from kitgen.api import Entry
    from kitgen.games.designed.check import numbered_lines

    index = CardIndex(part.cards, design.name_of, design.names_of)
    copies: dict[int, int] = {}
    order = []
    lines = [Entry(n, c) for n, c in [*model.cards.items(), *model.sideboard.items()]]
    for line in numbered_lines(design, part, lines)[0]:
        name, count = line.name, line.count
        card = index.find(name)
        assert card is not None  # (the deck's check found every name)
        if id(card) not in copies:
            order.append(card)
        copies[id(card)] = copies.get(id(card), 0) + count
    chosen = [(card, copies[id(card)]) for card in order]
    setup = b.setup(layout_settings(part, None))
    name = joined(game_id, edition_slug(design), name_slug(model.name, stem), "deck")
    made = made_size(part, None)
    title = (
        f"{model.name} (deck)"
        if design.language is None
        else f"{model.name} (deck, {design.language})"
    )
    b.cards(deck(part, name, setup.bleed, chosen, title, made), setup)
