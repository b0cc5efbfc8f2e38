"""What a Scratch kit prints: card sheets (from decks and card files, or the official
pool), reference cards, the play mat and rules; and a deck or card file on its own."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kitgen.api import file_name, finding, has_errors, joined, name_slug, too_many_cards

if TYPE_CHECKING:
    from kitgen.api import Document, FileReport, KitBuilder, PrintSetup, Reference
    from kitgen.games.scratch.cards import FaceItem
    from kitgen.games.scratch.kit_model import KitFile
    from kitgen.games.scratch.model import ScratchCard, ScratchDeckFile, ScratchPool


def expand_commons(cards: list[ScratchCard], pool: ScratchPool, extra: int) -> list[ScratchCard]:
    """Each common card followed by `extra` more copies of it."""
    out: list[ScratchCard] = []
    for card in cards:
        rarity = pool.rarity(card.rarity)
        out += [card] * (1 + (extra if rarity is not None and rarity.id == "common" else 0))
    return out


def deck_cards(deck: ScratchDeckFile, pool: ScratchPool) -> list[ScratchCard]:
    """A deck's cards, each as many times as the deck lists it."""
    return [c for name, n in deck.cards.items() for c in [pool.card(name)] * n if c is not None]


def _cards(
    b: KitBuilder,
    title: str,
    stem: str,
    faces: list[FaceItem],
    setup: PrintSetup,
    references: list[Reference] | None = None,
) -> None:
    from kitgen.games.scratch.kit import scratch_deck

    b.cards(scratch_deck(title, stem, [*faces, *(references or [])]), setup)


def build_kit(b: KitBuilder, kit: KitFile, path: str, stem: str) -> None:
    """The cards of the kit's decks and card files (or the official pool), its reference
    cards, the mat and the rules."""
    from kitgen.games.scratch.cards import faces_of
    from kitgen.games.scratch.kit import mat_pdf
    from kitgen.games.scratch.kit_check import card_sources, reference_cards
    from kitgen.games.scratch.load import official
    from kitgen.games.scratch.model import ScratchCardsFile, ScratchDeckFile

    setup = b.setup(kit.settings)
    extra = b.options.extra_commons
    if extra is None:
        extra = kit.extra_commons
    faces: list[FaceItem] = []
    # The kit's check read these files and reported their findings, the wrong kinds
    # among them; a kit reaches the build only when its check has no error. Counted
    # again here with the command line's --extra-commons, before a card is made.
    sources, found = card_sources(kit, path, extra)
    if has_errors(found):  # too many cards, or the files changed since the check
        b.result.findings += found
        return
    for _entry, _where, sub, pool in sources:
        if isinstance(sub.model, ScratchCardsFile):
            faces += faces_of(expand_commons(list(sub.model.cards), pool, extra), pool)
        elif isinstance(sub.model, ScratchDeckFile):
            faces += faces_of(deck_cards(sub.model, pool), pool)
    if not kit.card_files and not kit.decks:
        pool = official().pool
        unique = list({id(c): c for c in pool.cards.values()}.values())
        faces = faces_of(expand_commons(unique, pool, extra), pool)
    refs, _ = reference_cards(kit)  # their findings came with the kit file's check
    if b.part(kit, "cards"):
        _cards(
            b,
            kit.name,
            joined(stem, "cards"),
            faces,
            setup,
            refs if "reference" in kit.components else [],
        )
    if b.part(kit, "mat"):
        b.write(kit.game, file_name(stem, "mat"), lambda: mat_pdf(kit.name, setup))
    b.kit_rules(kit, path, stem, setup)


def build_file(b: KitBuilder, report: FileReport, doc: Document, stem: str) -> bool:
    """A deck's cards, `scratch-<deck's name>-deck.pdf`, or a card file's (with
    --extra-commons), `scratch-<file's stem>-cards.pdf`; False for other files."""
    from kitgen.games.scratch.cards import faces_of
    from kitgen.games.scratch.kit_check import card_count
    from kitgen.games.scratch.model import ScratchCardsFile, ScratchDeckFile, ScratchPool

    model = doc.model
    if not isinstance(model, (ScratchDeckFile, ScratchCardsFile)):
        return False
    pool = report.read
    assert isinstance(pool, ScratchPool)  # a checked deck or card file carries its pool
    if isinstance(model, ScratchDeckFile):
        _cards(
            b,
            f"{model.name} (deck)",
            joined("scratch", name_slug(model.name, stem), "deck"),
            faces_of(deck_cards(model, pool), pool),
            b.setup(),
        )
        return True
    extra = b.options.extra_commons or 0
    too_many = too_many_cards(card_count(model, pool, extra))
    if too_many is not None:  # counted before any card is made
        message = f"with --extra-commons {extra}, {too_many}"
        b.result.findings.append(
            finding("build-too-large", message, model.where("cards", key=True))
        )
        return True
    cards = expand_commons(list(model.cards), pool, extra)
    name = joined("scratch", stem, "cards")
    _cards(b, f"{stem} (cards)", name, faces_of(cards, pool), b.setup())
    return True
