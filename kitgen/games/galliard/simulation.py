"""`kitgen simulate galliard`: its options and players, and the report it prints."""

from __future__ import annotations

from typing import Any

from kitgen.api import Simulation, Values, significance_lines, within
from kitgen.games.galliard.balance import balance_report
from kitgen.games.galliard.sim import ENDS
from kitgen.games.galliard.simulate import simulate_galliard

HELP = """Play many Galliard games between two built-in players: wins, rounds and wagers.

The two take turns starting the first round. Example: `kitgen simulate galliard
--players always,never`."""

PLAYERS = {
    "random": "any legal move, uniformly (a wagered play counts apart from the same "
    "play unwagered, so it wagers often)",
    "greedy": "plays to empty its hand: dances on while ahead in the number-card race, "
    "opens phase 2 when behind, stamps whenever it can; takes and trades royals for its "
    "cabal; wagers the royal with the best expected gain when that beats wagering nothing",
    "never": "greedy play that never wagers",
    "always": "greedy play that wagers a royal whenever it holds one",
    "wager-50": "greedy play that wagers (the same royal) half the time",
    "patient": "greedy, but behind in the race it opens phase 2 only with a stamp that "
    "leaves at least 80% of its other number cards stampable",
}


def lines(report: dict[str, Any], values: Values) -> list[str]:
    """The report for people: each player's wins, rounds and wagers; how rounds end."""
    out = [
        f"Galliard: {values['games']:,} games, seed {values['seed']}; the players take turns"
        " starting round 1"
    ]
    for row in report["players"]:
        low, high = row["win_rate_95"]
        out.append(
            f"  {row['player']:<9} wins {row['win_rate']:.1%} (95%: {low:.1%} to"
            f" {high:.1%}); wins {row['round_win_rate']:.1%}{_of(row['round_win_rate_95'])}"
            f" of rounds; wagers in {row['rounds_with_a_wager']:.1%}"
            f"{_of(row['rounds_with_a_wager_95'])} of rounds,"
            f" {row['royals_wagered_per_round']:.2f} royals a round"
            + within(row["royals_wagered_per_round_95"])
        )
    if report["seat_0_win_rate"] is not None:
        out.append(
            f"  the player who starts round 1 wins {report['seat_0_win_rate']:.1%}"
            f"{_of(report['seat_0_win_rate_95'])} of the games won"
        )
    ends = ", ".join(
        f"{ENDS[how]} {entry['share']:.0%}{_of(entry['share_95'], 0)}"
        for how, entry in report["round_ends"].items()
    )
    out.append(
        f"  {report['rounds_per_game']:.1f} rounds{within(report['rounds_per_game_95'])} and"
        f" {report['moves_per_game']:.0f} moves{within(report['moves_per_game_95'])} a"
        f" game; rounds with no wager {report['no_wager_rounds']:.1%}"
        + _of(report["no_wager_rounds_95"])
    )
    out.append(f"  rounds end: {ends}")
    if report["round_limit"]:
        out.append(f"  {report['round_limit']} games stopped at the round limit")
    out.extend(significance_lines(report["comparisons"]))
    return out


def _of(found: list[float] | None, digits: int = 1) -> str:
    """' (95%: LOW to HIGH)' for a rate's interval, or nothing without one."""
    if found is None:
        return ""
    return f" (95%: {found[0]:.{digits}%} to {found[1]:.{digits}%})"


SIMULATION = Simulation(
    help=HELP,
    players=PLAYERS,
    players_help="The two players, like always,never: random, greedy, never, always, "
    "wager-50 or patient.",
    players_default="random,random",
    options=("games", "players", "seed", "jobs", "format", "report"),
    run=simulate_galliard,
    lines=lines,
    run_line=("players", "games", "seed", "report"),
    charts=balance_report,
)
