"""`kitgen simulate fifteen`: its options, the games played, and the report."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Annotated, Any

import typer

from kitgen.api import (
    FormatOption,
    GamesOption,
    OutputFormat,
    SeedOption,
    UsageError,
    friendly,
    game_command,
    game_seed,
    show_report,
    wilson,
)
from kitgen_fifteen.rules import PLAYERS, State, apply, choose, outcome

if TYPE_CHECKING:
    from typer import _click as click

BUILT_IN = ("random", "greedy")


def play(players: tuple[str, str], seed: int) -> str | None:
    """One game between two built-in players: the winning seat's name, or None."""
    rng = random.Random(seed)
    state = State()
    while (end := outcome(state)) is None:
        state = apply(state, choose(state, players[state.to_move], rng.random()))
    return end.winner


def run(games: int, players: tuple[str, str], seed: int) -> dict[str, Any]:
    """Play `games` games and count each seat's wins and the draws."""
    wins = {p: 0 for p in PLAYERS}
    draws = 0
    for index in range(games):
        winner = play(players, game_seed(seed, index))
        if winner is None:
            draws += 1
        else:
            wins[winner] += 1
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


@friendly
def simulate(
    games: GamesOption = 1000,
    players: Annotated[
        str,
        typer.Option("--players", help="The two players, first's then second's: random or greedy."),
    ] = "random,random",
    seed: SeedOption = 1,
    output: FormatOption = OutputFormat.human,
) -> None:
    """Play many games of Fifteen between two built-in players: each seat's wins.

    \b
    Players:
      random  takes any card still on the table
      greedy  takes a card that makes 15 if it can, else blocks the other's 15,
              else any card
    """
    chosen = tuple(p.strip() for p in players.split(","))
    if len(chosen) != 2 or any(p not in BUILT_IN for p in chosen):
        raise UsageError(f"--players takes two of: {', '.join(BUILT_IN)} (got {players!r})")
    if games < 1:
        raise UsageError("--games must be at least 1")
    report = run(games, (chosen[0], chosen[1]), seed)

    def lines(report: dict[str, Any]) -> list[str]:
        out = [f"Fifteen: {games:,} games, seed {seed}"]
        for row in report["players"]:
            low, high = row["win_rate_95"]
            out.append(
                f"  {row['seat']:<6} ({row['player']}) wins {row['win_rate']:.1%}"
                f" (95%: {low:.1%} to {high:.1%})"
            )
        out.append(f"  draws {report['draws'] / games:.1%}")
        return out

    show_report(report, output, lines)


def command() -> click.Command:
    """The click command `kitgen simulate fifteen` runs."""
    return game_command("fifteen", simulate)
