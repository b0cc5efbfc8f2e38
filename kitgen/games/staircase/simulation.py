"""`kitgen simulate staircase`: its options and players, and the report it prints."""

from __future__ import annotations

from typing import Any

from kitgen.api import SimulateOption, Simulation, Values, significance_lines, within
from kitgen.games.staircase.balance import balance_report
from kitgen.games.staircase.simulate import simulate_staircase

HELP = """Play many Staircase games between built-in players and report each one's share.

One player per seat; seats rotate every game, so each player starts as often.
Example: `kitgen simulate staircase --players interferer,greedy,greedy --interfere`."""

PLAYERS = {
    "random": "any legal move, uniformly",
    "greedy": "the build, scrap or recycle that leaves the most: its staircase's points, "
    "its hand's, the sequences it can still make, less what the new scrap top is worth "
    "to the next player",
    "interferer": "greedy, but with --interfere it also weighs every interfere (what "
    "showing a pair costs it against what the named player gains) and takes it when it "
    "measures best; the report says how close the best interfere came (an interfere "
    "costs two of its own cards and gives the named player one, so it seldom pays)",
    "spoiler": "aggressive: with --interfere, whenever it holds two cards it interferes "
    "with the leader; otherwise it plays like greedy",
}


def lines(report: dict[str, Any], values: Values) -> list[str]:
    """The report for people: each player's share of the wins, points and actions."""
    interfere = values["interfere"]
    option = "with interfere" if interfere else "without interfere"
    out = [
        f"The Staircase game, {len(values['players'])} players {option}: "
        f"{values['games']:,} games, seed {values['seed']}; seats rotate, so each player "
        "starts as often"
    ]
    for row in report["players"]:
        low, high = row["top_share_95"]
        acts = row["actions_per_game"]
        used = ", ".join(f"{name} {acts[name]:.2f}" for name in acts if acts[name])
        share = row["win_share_95"]
        within_share = "" if share is None else f"95%: {share[0]:.1%} to {share[1]:.1%}; "
        out.append(
            f"  {row['player'] + 1}. {row['name']:<10} wins {row['win_share']:.1%}"
            f" ({within_share}a shared win counted 1/k); wins or shares the top"
            f" {row['top_share']:.1%} (95%: {low:.1%} to {high:.1%})"
        )
        lo, hi = row["outright_win_rate_95"]
        out.append(f"     wins alone {row['outright_win_rate']:.1%} (95%: {lo:.1%} to {hi:.1%})")
        out.append(
            f"     mean {row['mean_total']:.1f} points{within(row['mean_total_95'])} ="
            f" base {row['mean_base']:.1f} + bonus {row['mean_bonus']:.1f}"
            f" ({row['mean_sequences']:.2f} sequences)"
        )
        out.append(f"     actions a game: {used or 'none'}")
        if interfere:
            out.append(f"     {_interfere_line(row)}")
    first = report["first_player"]
    lo, hi = first["outright_win_rate_95"]
    out.append(
        f"  the first player wins alone {first['outright_win_rate']:.1%} (95%: {lo:.1%} to"
        f" {hi:.1%}; a fair share is {report['fair_share']:.1%})"
    )
    lo, hi = report["tie_share_95"]
    out.append(
        f"  {report['turns_per_game']:.1f} turns a game{within(report['turns_per_game_95'])};"
        f" ties for first {report['tie_share']:.1%} (95%: {lo:.1%} to {hi:.1%})"
    )
    out.extend(significance_lines(report["comparisons"]))
    return out


def _interfere_line(row: dict[str, Any]) -> str:
    """What a player did with its chances to interfere; for the interferer, also how
    close the best interfere came to its best other action."""
    chances = row["interfere_chances"]
    taken = row["actions_per_game"]["interfere"]
    line = f"interfere: {taken:.2f} a game of {chances:.1f} chances"
    margin = row.get("interfere_margin")
    if margin is None:
        return line
    best, median = margin["best"], margin["median"]
    if best < 0:
        return (
            f"{line}; none was worth it: the best interfere came {-best} points short of"
            f" the best other action (median {-median} short), since an interfere gives"
            " away two of its own cards and one to the named player"
        )
    return f"{line}; the best beat the best other action by {best} points (median {median})"


SIMULATION = Simulation(
    help=HELP,
    players=PLAYERS,
    players_help="The players, one per seat, 2 to 5 of them, like interferer,greedy,greedy: "
    "random, greedy, interferer or spoiler.",
    players_default="random,random",
    options=(
        "games",
        "players",
        SimulateOption(
            "interfere",
            "--interfere/--no-interfere",
            "Play with the optional interfere action.",
            default=False,
        ),
        "seed",
        "jobs",
        "format",
        "report",
    ),
    run=simulate_staircase,
    lines=lines,
    run_line=("players", "interfere", "games", "seed", "report"),
    charts=balance_report,
)
