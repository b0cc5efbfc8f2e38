"""`kitgen simulate fifteen`: the games played, the report, and the command's options
and players declared as data (kitgen builds the command)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from kitgen.api import Simulation, UsageError, Values, game_seed, wilson
from kitgen_fifteen.rules import PLAYERS, State, apply, choose, outcome

BUILT_IN = {
    "random": "takes any card still on the table",
    "greedy": "takes a card that makes 15 if it can, else blocks the other's 15, else any card",
}


def play(players: tuple[str, str], seed: int) -> str | None:
    """One game between two built-in players: the winning seat's name, or None."""
    rng = random.Random(seed)
    state = State()
    while (end := outcome(state)) is None:
        state = apply(state, choose(state, players[state.to_move], rng.random()))
    return end.winner


def run(
    *,
    games: int,
    players: tuple[str, ...],
    seed: int,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play `games` games and count each seat's wins and the draws."""
    if len(players) != 2 or any(p not in BUILT_IN for p in players):
        raise UsageError(f"--players takes two of: {', '.join(BUILT_IN)} (got {players!r})")
    if games < 1:
        raise UsageError("--games must be at least 1")
    wins = {p: 0 for p in PLAYERS}
    draws = 0
    for index in range(games):
        winner = play((players[0], players[1]), game_seed(seed, index))
        if winner is None:
            draws += 1
        else:
            wins[winner] += 1
        if progress:
            progress(index + 1, games)
    return {
        "game": "fifteen",
        "seed": seed,
        "games": games,
        "players": [
            {
                "seat": seat,
                "player": player,
                "wins": wins[seat],
                "win_rate": wins[seat] / games,
                "win_rate_95": [round(x, 4) for x in wilson(wins[seat], games)],
            }
            for seat, player in zip(PLAYERS, players, strict=True)
        ],
        "draws": draws,
    }


def lines(report: dict[str, Any], values: Values) -> list[str]:
    """The report for people: each seat's wins, and the draws."""
    games = report["games"]
    out = [f"Fifteen: {games:,} games, seed {report['seed']}"]
    for row in report["players"]:
        low, high = row["win_rate_95"]
        out.append(
            f"  {row['seat']:<6} ({row['player']}) wins {row['win_rate']:.1%}"
            f" (95%: {low:.1%} to {high:.1%})"
        )
    out.append(f"  draws {report['draws'] / games:.1%}")
    return out


SIMULATION = Simulation(
    help="Play many games of Fifteen between two built-in players: each seat's wins.",
    players=BUILT_IN,
    players_help="The two players, first's then second's: random or greedy.",
    players_default="random,random",
    options=("games", "players", "seed", "format"),
    run=run,
    lines=lines,
)
