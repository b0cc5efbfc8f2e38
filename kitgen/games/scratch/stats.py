"""Scratch balance simulation: play many games between two decks and count what happened.

Pure: it plays games through the engine and adds up statistics. Running
batches in parallel processes is the orchestrator's job; batches of games
merge in game order, so the numbers are the same however they were split.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from kitgen.api import comparison, game_seed, mean_95, rate_95, rate_difference, rounded, wilson
from kitgen.games.scratch.fast import KINDS, Played, fast
from kitgen.games.scratch.play import Outcome, Scratch
from kitgen.games.scratch.players import PLAYERS, play_game, played_of, run_match


@dataclass
class Tally:
    """Counts from a batch of games; add batches together with `merge`."""

    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])  # by deck: A, B
    points: list[int] = field(default_factory=lambda: [0, 0])
    # Games by the winner's deck and the points it scored (the loser scores none).
    scores: Counter[tuple[int, int]] = field(default_factory=Counter)
    lengths: Counter[int] = field(default_factory=Counter)  # games by their moves
    winners: list[int] = field(default_factory=list)  # each game's winning deck, in order
    first_wins: int = 0  # games won by the player who moved first
    reasons: Counter[str] = field(default_factory=Counter)
    played: Counter[tuple[int, str]] = field(default_factory=Counter)  # (deck, card)
    played_won: Counter[tuple[int, str]] = field(default_factory=Counter)
    captures: Counter[tuple[int, str]] = field(default_factory=Counter)
    captured: Counter[tuple[int, str]] = field(default_factory=Counter)
    # Games with the card in the opening hand (dealt before any play, so unlike
    # "drawn at some point" this does not favour long games).
    opening: Counter[tuple[int, str]] = field(default_factory=Counter)
    opening_won: Counter[tuple[int, str]] = field(default_factory=Counter)
    moves: int = 0
    matches: int = 0  # in match play: matches finished, and won by each deck
    match_wins: list[int] = field(default_factory=lambda: [0, 0])

    def merge(self, other: Tally) -> None:
        """Add another batch's counts to these."""
        self.games += other.games
        for i in (0, 1):
            self.wins[i] += other.wins[i]
            self.points[i] += other.points[i]
        self.first_wins += other.first_wins
        self.matches += other.matches
        for i in (0, 1):
            self.match_wins[i] += other.match_wins[i]
        self.moves += other.moves
        self.reasons.update(other.reasons)
        self.scores.update(other.scores)
        self.lengths.update(other.lengths)
        self.winners += other.winners
        for mine, theirs in (
            (self.played, other.played),
            (self.played_won, other.played_won),
            (self.captures, other.captures),
            (self.captured, other.captured),
            (self.opening, other.opening),
            (self.opening_won, other.opening_won),
        ):
            mine.update(theirs)


class _Counts:
    """A batch's counts as it plays: the per-card ones in flat lists, indexed
    `deck * size + card` (catalog indices), added into a Tally once at the end."""

    def __init__(self, engine: Scratch, tally: Tally, decks: tuple[list[int], list[int]]) -> None:
        self.tally = tally
        cards = engine.catalog.cards
        self.size = size = len(cards)
        # Only the decks' cards are counted (a deck's own card it took back is counted
        # as captured from it: under the other deck).
        self.keys = [
            (deck * size + card, (deck, cards[card].name))
            for deck in (0, 1)
            for card in sorted({*decks[0], *decks[1]})
        ]
        self.played, self.played_won = [0] * 2 * size, [0] * 2 * size
        self.captures, self.captured = [0] * 2 * size, [0] * 2 * size
        self.opening, self.opening_won = [0] * 2 * size, [0] * 2 * size
        # The last game each deck's card was counted in as played, and as dealt.
        self.played_in, self.dealt_in = [-1] * 2 * size, [-1] * 2 * size
        self.reasons: dict[str, int] = {}
        self.scores: dict[tuple[int, int], int] = {}
        self.lengths: dict[int, int] = {}

    def add(self, game: Played, deck_of_seat: tuple[int, int], first: int) -> None:
        """Add one game, in which seat `first` moved first, to the counts."""
        outcome, plies, opening = game
        tally = self.tally
        winner = outcome.winner
        winner_deck = deck_of_seat[winner]
        number = tally.games
        tally.games = number + 1
        tally.wins[winner_deck] += 1
        tally.winners.append(winner_deck)
        points = outcome.points
        tally.points[winner_deck] += points
        scores = self.scores
        result = (winner_deck, points)
        scores[result] = scores.get(result, 0) + 1
        if winner == first:
            tally.first_wins += 1
        reasons = self.reasons
        reasons[outcome.reason] = reasons.get(outcome.reason, 0) + 1
        moves = len(plies)
        tally.moves += moves
        lengths = self.lengths
        lengths[moves] = lengths.get(moves, 0) + 1
        size = self.size
        base = (deck_of_seat[0] * size, deck_of_seat[1] * size)
        played, played_won, played_in = self.played, self.played_won, self.played_in
        for seat, card, _, _, _, captured, _ in plies:
            key = base[seat] + card
            if played_in[key] != number:  # a card counts once a game, however often played
                played_in[key] = number
                played[key] += 1
                if seat == winner:
                    played_won[key] += 1
            if captured:
                self.captures[key] += len(captured)
                victims = base[1 - seat]
                for victim in captured:
                    self.captured[victims + victim] += 1
        dealt, dealt_won, dealt_in = self.opening, self.opening_won, self.dealt_in
        for seat in (0, 1):
            start = base[seat]
            won = seat == winner
            for card in opening[seat]:
                key = start + card
                if dealt_in[key] != number:
                    dealt_in[key] = number
                    dealt[key] += 1
                    if won:
                        dealt_won[key] += 1

    def close(self) -> Tally:
        """The tally, with the counts added to it by deck and card name."""
        tally = self.tally
        tally.reasons.update(self.reasons)
        tally.scores.update(self.scores)
        tally.lengths.update(self.lengths)
        for counter, counts in (
            (tally.played, self.played),
            (tally.played_won, self.played_won),
            (tally.captures, self.captures),
            (tally.captured, self.captured),
            (tally.opening, self.opening),
            (tally.opening_won, self.opening_won),
        ):
            for key, name in self.keys:
                if counts[key]:
                    counter[name] += counts[key]
        return tally


def run_batch(
    engine: Scratch,
    decks: tuple[list[str], list[str]],
    players: tuple[str, str],
    seed: int,
    indices: range,
    *,
    matches: bool = False,
) -> Tally:
    """Play games `indices` of a run (or matches, with `matches`).

    Deck A takes the first seat in even games; in match play it takes the first
    seat in even matches, and the player behind chooses who starts each game.
    Random and greedy players play on the fast path; a search player needs the
    State engine, and the same seed plays the same game either way.
    """
    find = engine.catalog.find
    cards = ([find(n) for n in decks[0]], [find(n) for n in decks[1]])
    counts = _Counts(engine, Tally(), cards)
    tally = counts.tally
    if not matches and players[0] in KINDS and players[1] in KINDS:
        # Single games on the fast path: one generator, seeded again for each game
        # (as a new one seeded so would draw), and each deal played where it lies.
        kinds = (KINDS[players[0]], KINDS[players[1]])
        play = fast(engine).deal_play
        rng = random.Random()
        add = counts.add
        # By the game's parity: the deck of each seat (and the seat of each deck), the
        # seats' cards and the seats' players.
        tables = [
            (
                seat_of,
                (cards[seat_of[0]], cards[seat_of[1]]),
                (kinds[seat_of[0]], kinds[seat_of[1]]),
            )
            for seat_of in ((0, 1), (1, 0))
        ]
        for index in indices:
            seat_of, seats, seated = tables[index % 2]
            game = game_seed(seed, index)
            rng.seed(game)
            add(play(seats, seated, rng, game), seat_of, 0)
        return counts.close()
    for index in indices:
        deck_of_seat = (1, 0) if index % 2 == 1 else (0, 1)
        table = _Table(engine, counts, deck_of_seat, players, decks, cards)
        if matches:
            match = run_match(
                engine.params.match_target, table.players, game_seed(seed, index), table.play
            )
            assert match.winner is not None
            tally.matches += 1
            tally.match_wins[deck_of_seat[match.winner]] += 1
        else:
            table.play(0, game_seed(seed, index))
    return counts.close()


class _Table:
    """Two decks in their seats for a game or a match, adding each game to the counts."""

    def __init__(
        self,
        engine: Scratch,
        counts: _Counts,
        deck_of_seat: tuple[int, int],
        players: tuple[str, str],
        decks: tuple[list[str], list[str]],
        cards: tuple[list[int], list[int]],
    ) -> None:
        self.engine, self.counts, self.deck_of_seat = engine, counts, deck_of_seat
        a, b = deck_of_seat
        self.names = (players[a], players[b])
        self.players = (PLAYERS[self.names[0]](), PLAYERS[self.names[1]]())
        self.decks = (decks[a], decks[b])
        self.cards = (cards[a], cards[b])
        self.kinds = None
        if self.names[0] in KINDS and self.names[1] in KINDS:
            self.kinds = (KINDS[self.names[0]], KINDS[self.names[1]])

    def play(self, first: int, seed: int) -> Outcome:
        """Play one game (on the fast path when both players have one) and count it."""
        played: Played
        if self.kinds is not None:
            rng = random.Random(seed)
            played = fast(self.engine).deal_play(self.cards, self.kinds, rng, seed, first)
        else:
            states = play_game(self.engine, self.decks, self.players, seed=seed, first=first)
            played = played_of(self.engine, states)
        self.counts.add(played, self.deck_of_seat, first)
        return played[0]


def _rate(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


def summary(
    tally: Tally,
    names: tuple[str, str],
    players: tuple[str, str],
    seed: int,
    target: int | None = None,
) -> dict[str, Any]:
    """The report of a run, as plain data (the JSON output).

    Every rate and difference carries its 95% interval (`..._95`); `comparisons`
    lists the differences the report judges (each deck's win rate against an even
    share, the first player's, each card's lift) and whether each is significant.
    """
    n = tally.games
    decks = []
    comparisons = []
    for i in (0, 1):
        cards = []
        wins = tally.wins[i]
        for card in sorted({c for d, c in (*tally.opening, *tally.played) if d == i}):
            key = (i, card)
            played, dealt = tally.played[key], tally.opening[key]
            won_dealt = tally.opening_won[key]
            lift = lift_95 = None
            found = rate_difference(won_dealt, dealt, wins - won_dealt, n - dealt)
            if found is not None:
                lift, lift_95 = round(found[0], 4), rounded(found[1:])
                comparisons.append(
                    comparison(f"{card}'s lift ({names[i]})", *found, group="card lifts")
                )
            cards.append(
                {
                    "card": card,
                    "games_in_opening_hand": dealt,
                    "win_rate_in_opening_hand": _rate(won_dealt, dealt),
                    "win_rate_in_opening_hand_95": rate_95(won_dealt, dealt),
                    "win_rate_not_in_opening_hand": _rate(wins - won_dealt, n - dealt),
                    "win_rate_not_in_opening_hand_95": rate_95(wins - won_dealt, n - dealt),
                    "lift": lift,
                    "lift_95": lift_95,
                    "games_played": played,
                    "win_rate_when_played": _rate(tally.played_won[key], played),
                    "win_rate_when_played_95": rate_95(tally.played_won[key], played),
                    "captures_made": tally.captures[key],
                    "times_captured": tally.captured[key],
                }
            )
        points = Counter({p: k for (d, p), k in tally.scores.items() if d == i})
        points[0] += n - wins
        decks.append(
            {
                "name": names[i],
                "player": players[i],
                "wins": wins,
                "win_rate": _rate(wins, n),
                "win_rate_95": rounded(wilson(wins, n)),
                "points_per_game": round(tally.points[i] / n, 3) if n else None,
                "points_per_game_95": mean_95(points),
                "points": {str(p): k for p, k in sorted(points.items()) if k},
                "cards": cards,
            }
        )
    if n:
        low, high = wilson(tally.wins[0], n)
        comparisons.insert(
            0,
            comparison(
                f"{names[0]}'s win rate against {names[1]}", tally.wins[0] / n, low, high, 0.5
            ),
        )
    matches = None
    if tally.matches:
        m = tally.matches
        matches = {
            "played": m,
            "target": target,
            "games_per_match": round(n / m, 2),
            "wins": list(tally.match_wins),
            "win_rate": [round(w / m, 4) for w in tally.match_wins],
            "win_rate_95": [rounded(wilson(w, m)) for w in tally.match_wins],
        }
        low, high = wilson(tally.match_wins[0], m)
        comparisons.insert(
            0,
            comparison(
                f"{names[0]}'s match win rate against {names[1]}",
                tally.match_wins[0] / m,
                low,
                high,
                0.5,
            ),
        )
    first = None
    if n:
        low, high = wilson(tally.first_wins, n)
        first = comparison("the first player's win rate", tally.first_wins / n, low, high, 0.5)
        comparisons.insert(2 if tally.matches else 1, first)
    return {
        "games": n,
        "matches": matches,
        "seed": seed,
        "decks": decks,
        "first_player": {
            "win_rate": _rate(tally.first_wins, n),
            "win_rate_95": rounded(wilson(tally.first_wins, n)),
            "significant": None if first is None else first["significant"],
        },
        "endings": {reason: count for reason, count in sorted(tally.reasons.items())},
        "endings_95": {
            reason: rounded(wilson(count, n)) for reason, count in sorted(tally.reasons.items())
        },
        "moves_per_game": round(tally.moves / n, 2) if n else None,
        "moves_per_game_95": mean_95(tally.lengths),
        "game_lengths": {str(k): v for k, v in sorted(tally.lengths.items())},
        "comparisons": comparisons,
    }
