"""`kitgen simulate scaffold`: its options, and the report it prints."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from kitgen.api import (
    BalanceReportOption,
    GamesOption,
    JobsOption,
    OutputFormat,
    ReportFormatOption,
    ReportPaperOption,
    SeedOption,
    check_report_path,
    command_line,
    friendly,
    game_command,
    show_simulation,
    significance_lines,
    with_progress,
    within,
)

if TYPE_CHECKING:
    from typer import _click as click


@friendly
def simulate(
    games: GamesOption = 1000,
    players: Annotated[
        str,
        typer.Option(
            "--players",
            help="Red's player then black's (or one name for both), like greedy,random: "
            "random or greedy.",
        ),
    ] = "random,random",
    mode: Annotated[str, typer.Option("--mode", help="competitive or cooperative.")] = (
        "competitive"
    ),
    hand: Annotated[
        str, typer.Option("--hand", help="The hand size, or several to compare, like 7,5,3.")
    ] = "7",
    turns: Annotated[
        str,
        typer.Option(
            "--turns",
            help="Cooperative: the turn counters, or several to compare, like 16,12,8.",
        ),
    ] = "16",
    seed: SeedOption = 1,
    jobs: JobsOption = 1,
    output: ReportFormatOption = OutputFormat.human,
    report_file: BalanceReportOption = None,
    report_paper: ReportPaperOption = None,
) -> None:
    """Play many Scaffold games between built-in players for each set-up asked.

    Red plays first. Example: `kitgen simulate scaffold --mode cooperative --hand
    7,5,3 --turns 16,12`.

    \b
    Players:
      random  any legal move, uniformly (a trade is one move among the plays)
      greedy  the play that looks best now for its side: competitive, the most
              spaces ahead, then the most own capped spaces, then the lowest card;
              cooperative, the most correct side spaces, then own-colour cards
    """
    from kitgen.games.scaffold.sim import ENDS
    from kitgen.games.scaffold.simulate import simulate_scaffold

    chosen = tuple(p.strip() for p in players.split(","))
    hands, counts = _numbers(hand, "--hand"), _numbers(turns, "--turns")
    target = check_report_path(report_file, report_paper)
    report = with_progress(
        simulate_scaffold,
        mode=mode,
        hands=hands,
        turns=counts,
        games=games,
        players=chosen,
        seed=seed,
        jobs=jobs,
    )

    def lines(report: dict[str, Any]) -> list[str]:
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

    run_line = command_line(
        "kitgen", "simulate", "scaffold", "--mode", mode, "--players", ",".join(chosen),
        "--hand", hand, "--turns" if mode == "cooperative" else None,
        turns if mode == "cooperative" else None, "--games", str(games), "--seed", str(seed),
        "--report", report_file,
    )  # fmt: skip

    def charts() -> Any:
        from kitgen.games.scaffold.balance import balance_report

        return balance_report(report, run_line)

    show_simulation(report, output, lines, target, charts)


def command() -> click.Command:
    """The click command `kitgen simulate scaffold` runs."""
    return game_command("scaffold", simulate)


def _numbers(text: str, option: str) -> list[int]:
    """`7,5,3` as numbers, each once, in the order given."""
    from kitgen.api import UsageError

    out: list[int] = []
    for part in text.split(","):
        try:
            number = int(part.strip())
        except ValueError:
            raise UsageError(
                f"{option} takes whole numbers separated by commas, not {text!r}"
            ) from None
        if number not in out:
            out.append(number)
    return out
