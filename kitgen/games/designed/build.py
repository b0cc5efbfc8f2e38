"""What a designed game's kit prints: its cards, face and back, from its layouts (and
the rules booklet, when the kit names a rules file)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kitgen.names import joined, name_slug

if TYPE_CHECKING:
    from kitgen.build import KitBuilder
    from kitgen.model.document import Document
    from kitgen.model.kit import KitBase


def build_kit(game_id: str, folder: str, b: KitBuilder, kit: KitBase, path: str, stem: str) -> None:
    """The cards (when the game reads without errors: its findings otherwise), and the
    rules. The face layout's card size and bleed are the kit's when it gives none; at
    another size (the command line's, kitgen.toml's) the layouts move with the card."""
    from kitgen.games.designed.draw import deck, layout_settings, made_size
    from kitgen.games.designed.load import load_design

    design = load_design(game_id, folder)
    if not design.ok:
        b.result.findings += design.file_findings + design.findings
        return
    setup = b.setup(layout_settings(design, kit.settings))
    if b.part(kit, "cards"):
        made = made_size(design, kit.settings)
        b.cards(deck(design, joined(stem, "cards"), setup.bleed, made=made), setup)
    b.kit_rules(kit, path, stem, setup)


def build_deck(game_id: str, folder: str, b: KitBuilder, doc: Document, stem: str) -> bool:
    """A deck file's cards (its main deck, then its sideboard), `<id>-<name>-deck.pdf`,
    at the face layout's card size unless the command line says otherwise."""
    from kitgen.games.designed.draw import deck, layout_settings, made_size
    from kitgen.games.designed.load import load_design
    from kitgen.games.designed.lookup import CardIndex
    from kitgen.games.designed.model import DesignedDeckFile

    model = doc.model
    if not isinstance(model, DesignedDeckFile):
        return False
    design = load_design(game_id, folder)
    if not design.ok:  # (the deck's check reported the game's errors)
        b.result.findings += design.file_findings + design.findings
        return True
    index = CardIndex(design.cards, design.name_of)
    copies: dict[int, int] = {}
    order = []
    for name, count in [*model.cards.items(), *model.sideboard.items()]:
        card = index.find(name)
        assert card is not None  # (the deck's check found every name)
        if id(card) not in copies:
            order.append(card)
        copies[id(card)] = copies.get(id(card), 0) + count
    chosen = [(card, copies[id(card)]) for card in order]
    setup = b.setup(layout_settings(design, None))
    name = joined(game_id, name_slug(model.name, stem), "deck")
    made = made_size(design, None)
    b.cards(deck(design, name, setup.bleed, chosen, f"{model.name} (deck)", made), setup)
    return True
