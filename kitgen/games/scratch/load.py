"""Scratch files in context: the official pool, `uses:` files, and the checks they need."""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, cast

from kitgen.api import (
    Document,
    Finding,
    KitgenError,
    Location,
    check_all_printable,
    check_printable,
    check_reference,
    finding,
    game_dir,
    has_errors,
    normalise,
    read_document,
    unprintable,
)
from kitgen.games.scratch import rules
from kitgen.games.scratch.model import (
    FactionSpec,
    RaritySpec,
    ScratchCard,
    ScratchCardsFile,
    ScratchDeckFile,
    ScratchGameFile,
    ScratchParameters,
    ScratchPool,
)

if TYPE_CHECKING:
    from kitgen.api import DeckRules
    from kitgen.games.scratch.record_model import ScratchRecordFile


@dataclass(frozen=True)
class Official:
    """The shipped Scratch data: the card pool and the game's parameters."""

    pool: ScratchPool
    params: ScratchParameters
    game: ScratchGameFile
    cards_path: str

    @property
    def deck_rules(self) -> DeckRules | None:
        """The game file's deck rules, for the deck checks."""
        try:
            return self.game.deck_rules_model()
        except ValueError as err:
            raise KitgenError(
                f"kitgen's own Scratch data is broken ({game_dir('scratch') / 'game.yaml'}: "
                f"{err}); reinstall kitgen"
            ) from None


def _official_cards_path() -> str:
    return str(game_dir("scratch") / "cards.yaml")


@cache
def official() -> Official:
    """Load the shipped Scratch pool and parameters once; they must be clean."""
    cards_path = _official_cards_path()
    game = read_document(str(game_dir("scratch") / "game.yaml"))
    cards = read_document(cards_path)
    for doc in (game, cards):
        if doc.model is None or has_errors(doc.findings):
            first = next((f for f in doc.findings if f.is_error), None)
            raise KitgenError(
                f"kitgen's own Scratch data is broken ({doc.path}"
                + (f": {first.location}: {first.message}" if first else "")
                + "); reinstall kitgen"
            )
    assert isinstance(game.model, ScratchGameFile) and isinstance(cards.model, ScratchCardsFile)
    pool = ScratchPool()
    pool.add(cards.model)
    return Official(pool, game.model.parameters, game.model, cards_path)


def _note_broken(doc: Document, pool: ScratchPool) -> None:
    """Remember cards dropped for errors, so a deck can say why it cannot use them."""
    for path, raw in doc.dropped:
        if len(path) == 2 and path[0] == "cards" and isinstance(raw, dict):
            name = raw.get("name")
            if isinstance(name, str) and doc.source is not None:
                rarity = raw.get("rarity")
                _mark_broken(
                    pool, name, doc.source.at(path), rarity if isinstance(rarity, str) else ""
                )


def _mark_broken(pool: ScratchPool, name: str, where: Location | None, rarity: str) -> None:
    """Remember a card whose definition has errors: where it is, and the rarity it
    declares (a deck counts it by that: one error for it, not a missing common too)."""
    key = normalise(name)
    if key not in pool.broken:
        pool.broken[key] = where
        pool.broken_rarities[key] = rarity


def _add_cards_file(doc: Document, pool: ScratchPool, params: ScratchParameters) -> list[Finding]:
    """Add a card file's declarations and cards to the pool and check its cards and their
    art. A card with an error of its own (its sides break the formula, its rarity is
    not declared, its art cannot be read) is noted as broken: a deck that uses it is
    told so (`broken-card`), a deck that does not is not."""
    assert isinstance(doc.model, ScratchCardsFile)
    found = pool.add(doc.model)
    found += printed_names(doc.model)
    _note_broken(doc, pool)
    broken: list[ScratchCard] = []
    for card in doc.model.cards:
        own = rules.check_card(card, pool, params)
        found += own
        if has_errors(own):
            broken.append(card)
    if any(card.art for card in doc.model.cards):
        from kitgen.api import check_art  # (Pillow-free, but not free to import)

        art = check_art(doc.model.cards)
        found += art
        bad = {f.location for f in art if f.is_error}
        broken += [card for card in doc.model.cards if card.art and card.where("art") in bad]
    for card in broken:
        if pool.card(card.name) is card:  # (not another file's card of that name)
            _mark_broken(pool, card.name, card.where(), card.rarity)
    return found


def printed_names(file: ScratchCardsFile) -> list[Finding]:
    """text-not-drawable for what a card face prints that kitgen's fonts cannot: card,
    rarity, faction and power names and power text, at their declarations. A rarity's
    and a faction's name print in capitals too (the card's band)."""
    texts: list[tuple[str, Location | None]] = []
    named: list[RaritySpec | FactionSpec] = [*file.rarities, *file.factions]
    for item in named:
        texts.append((item.name, item.where("name")))
        if not unprintable(item.name):
            texts.append((item.name.upper(), item.where("name")))
    for power in file.powers:
        texts += [(power.name, power.where("name")), (power.text, power.where("text"))]
    texts += [(card.name, card.where("name")) for card in file.cards]
    return check_all_printable(texts)


class _Uses:
    """Follows `uses:` lists depth-first, once per file, refusing circles."""

    def __init__(self, pool: ScratchPool, params: ScratchParameters) -> None:
        self.pool = pool
        self.params = params
        self.seen: set[str] = {os.path.realpath(_official_cards_path())}
        self.findings: list[Finding] = []

    def follow(self, doc: Document, stack: tuple[str, ...]) -> None:
        model = cast("ScratchCardsFile | ScratchDeckFile | ScratchRecordFile", doc.model)
        for index, entry in enumerate(model.uses):
            at = model.where("uses", index)
            shown, problem = check_reference(entry, doc.path, at, "the card file")
            if problem is not None:  # outside the project, missing, a folder or a pipe
                self.findings.append(problem)
                continue
            real = os.path.realpath(shown)
            if real in stack:
                self.findings.append(
                    finding(
                        "uses-cycle",
                        f"{entry!r} leads back to {os.path.basename(real)}: files that name each "
                        "other in `uses:` go round in a circle",
                        at,
                    )
                )
                continue
            if real in self.seen:
                continue
            self.seen.add(real)
            self.use(shown, entry, at, (*stack, real))

    def use(self, shown: str, entry: str, at: Location | None, stack: tuple[str, ...]) -> None:
        sub = read_document(shown)
        if sub.source is None:  # could not even be read as text
            reason = sub.findings[0].message if sub.findings else "cannot be read"
            self.findings.append(
                finding("uses-unreadable", f"the card file {entry!r} cannot be used: {reason}", at)
            )
            return
        self.findings += sub.findings
        if (
            sub.game is not None
            and sub.kind is not None
            and (sub.game, sub.kind) != ("scratch", "cards")
        ):
            self.findings.append(
                finding(
                    "uses-wrong-kind",
                    f"{entry!r} is a {sub.game} {sub.kind} file; `uses:` takes Scratch card files "
                    "(game: scratch, kind: cards)",
                    at,
                )
            )
            return
        if sub.model is None:  # its findings say why; the entry says it cannot be used
            first = next((f for f in sub.findings if f.is_error), None)
            reason = "it has errors" if first is None else f"{first.location}: {first.message}"
            self.findings.append(
                finding("uses-unreadable", f"the card file {entry!r} cannot be used: {reason}", at)
            )
            return
        self.follow(sub, stack)
        self.findings += _add_cards_file(sub, self.pool, self.params)


def scratch_pool(doc: Document) -> tuple[ScratchPool, list[Finding]]:
    """The pool a Scratch deck or card file draws from, with every finding in reach."""
    off = official()
    # The official pool is always underneath; a file that repeats its
    # declarations exactly (the official file itself, or a copy) adds nothing.
    pool = off.pool.copy()
    uses = _Uses(pool, off.params)
    uses.follow(doc, (os.path.realpath(doc.path),))
    found = uses.findings
    if isinstance(doc.model, ScratchCardsFile):
        found += _add_cards_file(doc, pool, off.params)
    elif isinstance(doc.model, ScratchDeckFile):
        _note_broken(doc, pool)
    return pool, found


def check_scratch(doc: Document) -> tuple[list[Finding], ScratchPool | None]:
    """The findings of a valid Scratch document in context (pool, uses, rules).

    For a deck or card file, also the pool it was checked against, so that a
    caller that goes on to use it need not build it again.
    """
    if isinstance(doc.model, ScratchGameFile):
        return _check_deck_rules(doc), None
    if isinstance(doc.model, ScratchDeckFile):
        return check_deck_file(doc)
    pool, found = scratch_pool(doc)
    return found, pool


def check_deck_file(doc: Document) -> tuple[list[Finding], ScratchPool]:
    """A deck's findings, all at the deck (the card files it uses have their own: a card
    the deck uses that one of them breaks is `broken-card` at the deck's line, a file it
    cannot use `uses-unreadable` at its entry, and the rest is not the deck's), and the
    pool it was checked against."""
    assert isinstance(doc.model, ScratchDeckFile)
    pool, found = scratch_pool(doc)
    here = doc.source.path if doc.source is not None else doc.path
    found = [f for f in found if f.location is None or f.location.path == here]
    # Its name heads the label of every sheet of the deck's own PDF.
    found += check_printable(doc.model.name, doc.model.where("name"))
    found += rules.check_deck(doc.model, pool, official().params, official().deck_rules)
    return found, pool


def _check_deck_rules(doc: Document) -> list[Finding]:
    """The game file's deck rules, validated in full (each problem at its place), and in
    agreement with its parameters."""
    from kitgen.api import DeckRulesHolder, validate

    game = doc.model
    assert isinstance(game, ScratchGameFile)
    if game.deck_rules is None or doc.source is None:
        return []
    checked = validate(DeckRulesHolder, {"deck_rules": game.deck_rules}, doc.source)
    if checked.findings or checked.model is None:
        return checked.findings
    return rules.deck_rules_agree(game.parameters, checked.model.deck_rules)


def merge_pool(pool: ScratchPool, other: ScratchPool) -> None:
    """Add to `pool` what `other` declares and `pool` does not: the cards, rarities,
    factions and powers of another deck's own card files, for a game between two decks
    (a replay, a simulation)."""
    for key, rarity in other.rarities.items():
        pool.rarities.setdefault(key, rarity)
    for key, faction in other.factions.items():
        pool.factions.setdefault(key, faction)
    for key, power in other.powers.items():
        pool.powers.setdefault(key, power)
    for key, card in other.cards.items():
        pool.cards.setdefault(key, card)
