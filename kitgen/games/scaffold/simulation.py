"""`kitgen simulate scaffold`: its options and players, and the report it prints."""

from __future__ import annotations

from typing import Any

from kitgen.api import (
    SimulateOption,
    Simulation,
    Values,
    significance_lines,
    whole_numbers,
    within,
)
from kitgen.games.scaffold.balance import balance_report
from kitgen.games.scaffold.sim import ENDS
from kitgen.games.scaffold.simulate import simulate_scaffold

HELP = """Play many Scaffold games between built-in players for each set-up asked.

Red plays first. Example: `kitgen simulate scaffold --mode cooperative --hand
7,5,3 --turns 16,12`."""

PLAYERS = {
    "random": "any legal move, uniformly (a trade is one move among the plays)",
    "greedy": "the play that looks best now for its side: competitive, the most spaces "
    "ahead, then the most own capped spaces, then the lowest card; cooperative, the most "
    "correct side spaces, then own-colour cards",
}


def lines(report: dict[str, Any], values: Values) -> list[str]:
    """The report for people: each set-up's wins (or completed buildings), ends."""
    mode, games, seed = values["mode"], values["games"], values["seed"]
    who = report["players"]
    out = [
        f"Scaffold, {mode}: red {who['red']} (plays first), black {who['black']};"
        f" {games:,} games a set-up, seed {seed}"
    ]
    for row in report["setups"]:
        n = row["games"]
        if mode == "cooperative":
            done = row["complete"]["rate"]
            low, high = row["complete"]["rate_95"]
            kept = row["score_not_negative"]
            out.append(
                f"  hand {row['hand_size']}, {row['turns']} turns: building completed"
                f" {done:.1%} (95%: {low:.1%} to {high:.1%}); score 0 or more"
                f" {kept['rate']:.1%} (95%: {kept['rate_95'][0]:.1%} to"
                f" {kept['rate_95'][1]:.1%}); mean score {row['mean_score']:+.2f}"
                + within(row["mean_score_95"])
                + f"; {row['trades_per_game']:.2f} trades a game"
                + within(row["trades_per_game_95"])
            )
        else:
            red = row["red_wins"]["rate"]
            low, high = row["red_wins"]["rate_95"]
            black = row["black_wins"]
            out.append(
                f"  hand {row['hand_size']}: red wins {red:.1%} (95%: {low:.1%} to"
                f" {high:.1%}), black {black['rate']:.1%} (95%: {black['rate_95'][0]:.1%}"
                f" to {black['rate_95'][1]:.1%}), ties {row['ties'] / n:.1%} (95%:"
                f" {row['ties_95'][0]:.1%} to {row['ties_95'][1]:.1%});"
                f" spaces {row['red_spaces']:.2f}{within(row['red_spaces_95'])} to"
                f" {row['black_spaces']:.2f}{within(row['black_spaces_95'])}"
            )
        ends = ", ".join(
            f"{ENDS[code]} {count / n:.0%} ({row['ends_95'][code][0]:.0%} to"
            f" {row['ends_95'][code][1]:.0%})"
            for code, count in row["ends"].items()
        )
        out.append(
            f"    {row['moves_per_game']} moves a game{within(row['moves_per_game_95'])};"
            f" ends (95%): {ends}"
        )
    out.extend(significance_lines(report["comparisons"]))
    return out


def _numbers() -> Any:
    """The game's numbers (its game file), read when the command is made."""
    from kitgen.games.scaffold.load import parameters

    return parameters()


SIMULATION = Simulation(
    help=HELP,
    players=PLAYERS,
    players_help="Red's player then black's (or one name for both), like greedy,random: "
    "random or greedy.",
    players_default="random,random",
    options=(
        "games",
        "players",
        SimulateOption("mode", "--mode", "competitive or cooperative.", default="competitive"),
        SimulateOption(
            "hands",
            "--hand",
            "The hand size, or several to compare, like 7,5,3.",
            default=lambda: str(_numbers().hand_size),
            parse=whole_numbers("--hand"),
        ),
        SimulateOption(
            "turns",
            "--turns",
            "Cooperative: the turn counters, or several to compare, like 16,12,8.",
            default=lambda: str(_numbers().turns),
            parse=whole_numbers("--turns"),
            repeated=lambda values: values["mode"] == "cooperative",
        ),
        "seed",
        "jobs",
        "format",
        "report",
    ),
    run=simulate_scaffold,
    lines=lines,
    run_line=("mode", "players", "hands", "turns", "games", "seed", "report"),
    charts=balance_report,
)
