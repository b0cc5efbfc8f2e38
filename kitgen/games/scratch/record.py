"""Replaying recorded Scratch games: decks or deal, then every move through the engine."""

from __future__ import annotations

from dataclasses import dataclass, field

from kitgen.api import (
    Document,
    Finding,
    check_reference,
    finding,
    has_errors,
    read_document,
    replay_moves,
    suggest,
)
from kitgen.games.scratch.load import check_deck_file, merge_pool, official, scratch_pool
from kitgen.games.scratch.model import ScratchDeckFile, ScratchPool
from kitgen.games.scratch.play import Catalog, IllegalMove, Move, Outcome, Scratch, State
from kitgen.games.scratch.record_model import ScratchRecordFile

PLAYERS = ("P1", "P2")


@dataclass
class Replay:
    """What replaying a record gave: the states, the moves, and where it stopped."""

    states: list[State] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    illegal: tuple[int, int, str, str] | None = None  # index, line, move text, rule
    names: tuple[str, ...] = ()  # card names by engine index

    @property
    def outcome(self) -> Outcome | None:
        """The result, when the game ended."""
        return self.states[-1].outcome if self.states else None


def _deck_cards(
    doc: Document, player: str, record: ScratchRecordFile, found: list[Finding]
) -> tuple[list[str], ScratchPool] | None:
    """A player's cards from a deck file (checked) and the pool they come from (with
    the deck's own `uses:` cards), or None when it cannot be used."""
    assert record.decks is not None
    entry = record.decks[player]  # type: ignore[index]
    at = record.where("decks", player)
    path, problem = check_reference(entry, doc.path, at, "the deck file")
    if problem is not None:  # outside the project, missing, a folder or a pipe
        found.append(problem)
        return None
    deck_doc = read_document(path)
    found += deck_doc.findings
    if not isinstance(deck_doc.model, ScratchDeckFile):
        if deck_doc.model is not None:
            found.append(finding("uses-wrong-kind", f"{entry!r} is not a Scratch deck", at))
        return None
    deck_found, pool = check_deck_file(deck_doc)  # (all at the deck: its card files' own
    found += deck_found  # findings are theirs)
    if has_errors(found):
        return None
    cards = [pool.card(name) for name, count in deck_doc.model.cards.items() for _ in range(count)]
    return [card.name for card in cards if card is not None], pool


def replay_record(doc: Document) -> Replay:
    """Replay a valid record document; findings say what is wrong and where."""
    record = doc.model
    assert isinstance(record, ScratchRecordFile)
    result = Replay()
    pool, found = scratch_pool(doc)
    result.findings += found
    decks: dict[str, list[str]] = {}
    if record.deal is None:
        for player in PLAYERS:
            read = _deck_cards(doc, player, record, result.findings)
            if read is not None:  # a deck's own card files' cards join the game's pool
                decks[player], deck_pool = read
                merge_pool(pool, deck_pool)
    engine = Scratch(Catalog(pool), official().params)
    result.names = tuple(c.name for c in engine.catalog.cards)
    hands: list[list[str]] = []
    for player in PLAYERS:
        if record.deal is not None:
            names = record.deal[player]  # type: ignore[index]
            known = [c.name for c in engine.catalog.cards]
            for i, name in enumerate(names):
                try:
                    engine.catalog.find(name)
                except IllegalMove:
                    result.findings.append(
                        finding(
                            "unknown-card",
                            f"no card called {name!r}{suggest(name, known)}",
                            record.where("deal", player, i),
                        )
                    )
            hands.append(list(names))
        else:
            hands.append(decks.get(player, []))
    if has_errors(result.findings):
        return result
    state = engine.new_game(
        (hands[0], hands[1]),
        seed=record.seed,
        first=PLAYERS.index(record.first),
        shuffle=record.deal is None,
    )
    seats = (record.players.P1, record.players.P2)

    def kept(after: State, move: Move) -> Move:
        assert after.last is not None  # the engine's own reading of the move
        return after.last

    log = replay_moves(
        record,
        record.moves,
        state,
        parse=Move.parse,
        apply=engine.apply,
        ended=lambda s: None if s.outcome is None else "",
        who=lambda s, m: seats[s.to_move],
        rejects=IllegalMove,
        recorded=kept,
    )
    result.states, result.moves, result.illegal = log.states, log.moves, log.illegal
    result.findings += log.findings
    return result
