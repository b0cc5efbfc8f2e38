"""`kitgen simulate shapeup`: its options and players, and the report it prints."""

from __future__ import annotations

from typing import Any

from kitgen.api import SimulateOption, Simulation, Values, significance_lines, within
from kitgen.games.shapeup.balance import balance_report
from kitgen.games.shapeup.simulate import simulate_shapeup

HELP = """Play many Shape Up! rounds between built-in players and report how each seat fares.

The first player rotates. Example: `kitgen simulate shapeup --setup 3p-24
--players greedy,random,random`."""

PLAYERS = {
    "random": "a random legal play, and every other turn on average a random move",
    "greedy": "the play that scores best for its own victory card, then the best move if "
    "it scores more still; it does not guess the others' cards",
}


def lines(report: dict[str, Any], values: Values) -> list[str]:
    """A simulation's report for people: each seat's wins and points, the first player's."""
    out = [
        f"Shape Up! {report['setup']}: {report['games']:,} rounds, seed {report['seed']}; "
        "the first player rotates"
    ]
    for p in report["players"]:
        low, high = p["win_rate_95"]
        out.append(
            f"  seat {p['seat']} ({p['player']}): wins {p['win_rate']:.1%} (95%: {low:.1%} to "
            f"{high:.1%}), {p['points_per_game']:.2f} points a round"
            + within(p["points_per_game_95"])
        )
    first = report["first_player"]
    out.append(
        f"  the first player wins {first['win_rate']:.1%} (95%: {first['win_rate_95'][0]:.1%} "
        f"to {first['win_rate_95'][1]:.1%}; a fair share is {first['fair_share']:.1%}) and "
        f"scores {first['points_per_game']:.2f} a round against "
        f"{first['others_points_per_game']:.2f} for the others"
        + ("" if first["points_edge"] is None else f", {first['points_edge']:+.2f}")
        + within(first["points_edge_95"])
    )
    ties = report["ties"] / report["games"] if report["games"] else 0
    low, high = report["ties_95"]
    margin = report["winning_margin"]
    out.append(
        f"  ties {ties:.1%} (95%: {low:.1%} to {high:.1%}); a round is won by {margin} points "
        f"on average{within(report['winning_margin_95'])}"
    )
    full = report["full_games"]
    if full:
        out.append(f"  full games of {full['rounds_per_game']:g} rounds: {full['played']:,}")
        for p, rate, (low, high) in zip(
            report["players"], full["win_rate"], full["win_rate_95"], strict=True
        ):
            out.append(
                f"    seat {p['seat']} ({p['player']}) wins {rate:.1%} of them "
                f"(95%: {low:.1%} to {high:.1%})"
            )
        low, high = full["ties_95"]
        out.append(f"    tied: {full['ties'] / full['played']:.1%} (95%: {low:.1%} to {high:.1%})")
    out += significance_lines(report["comparisons"])
    return out


def _plain_setups() -> list[str]:
    """The game file's set-ups, without their advanced variants."""
    from kitgen.games.shapeup.load import setups

    return [name for name, setup in setups().items() if not setup.advanced]


SIMULATION = Simulation(
    help=HELP,
    players=PLAYERS,
    players_help="The players, one per seat (or one name for every seat), like "
    "greedy,random: random or greedy.",
    players_default="random",
    options=(
        "games",
        "players",
        SimulateOption(
            "setup",
            "--setup",
            lambda: f"The set-up: {', '.join(_plain_setups())} (or -advanced).",
            default=lambda: _plain_setups()[0],
        ),
        SimulateOption(
            "rounds",
            "--rounds",
            "Play full games of this many rounds (4 is the game for two players; one per "
            "player for three or four) and report full-game wins too.",
            default=1,
        ),
        "seed",
        "jobs",
        "format",
        "report",
    ),
    run=simulate_shapeup,
    lines=lines,
    run_line=("setup", "players", "games", "rounds", "seed", "report"),
    charts=balance_report,
    unit=lambda values: "game" if values["rounds"] > 1 else "round",
)
