"""Reading standard cards out of a file, with a finding for each one that cannot be."""

from __future__ import annotations

from dataclasses import dataclass, field

from kitgen.model.findings import Finding, Location, finding
from kitgen.model.standard import Card


@dataclass
class CardReader:
    """Reads cards one by one, remembering where each was seen so a card used twice
    is named with its first place."""

    jokers: bool = True  # whether the game uses the jokers
    game: str = "this game"
    seen: dict[Card, str] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)

    def read(self, text: str, place: str, at: Location | None) -> Card | None:
        """The card `text` at `place` (in words, like "ada's staircase"), or None with a
        finding: unreadable (`unknown-card`), a joker where the game has none
        (`joker-in-play`) or already seen (`card-twice`)."""
        try:
            card = Card.parse(text)
        except ValueError as err:
            message = str(err)
            parts = text.replace(",", " ").split()
            if len(parts) > 1 and all(_readable(p) for p in parts):
                message = (
                    f"{text!r} is {len(parts)} cards in one: separate cards with commas,"
                    f" like [{', '.join(parts)}]"
                )
            self.findings.append(finding("unknown-card", message, at))
            return None
        if card.is_joker and not self.jokers:
            self.findings.append(
                finding("joker-in-play", f"{card} in {place}: {self.game} has no jokers", at)
            )
            return None
        if card in self.seen:
            first = self.seen[card]
            where = f"twice in {place}" if first == place else f"in {place} and in {first}"
            self.findings.append(
                finding("card-twice", f"{card} is {where}; a deck has one of each card", at)
            )
            return None
        self.seen[card] = place
        return card


def _readable(text: str) -> bool:
    try:
        Card.parse(text)
    except ValueError:
        return False
    return True
