"""`kitgen tune MY_DECK --against DECK` (and `kitgen tune scratch ...`): Scratch's deck
tuner, its options and the report it prints."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from kitgen.api import (
    AllowOutsideOption,
    JobsOption,
    OutputFormat,
    ReportFormatOption,
    SeedOption,
    echo,
    echo_findings,
    follows_references,
    friendly,
    game_command,
    progress_bar,
    show_report,
    shown,
)

if TYPE_CHECKING:
    from typer import _click as click


@friendly
@follows_references
def tune(
    deck: Annotated[
        str, typer.Argument(help="The Scratch deck to tune.", metavar="MY_DECK", show_default=False)
    ],
    against: Annotated[
        str,
        typer.Option(
            "--against", help="The deck it plays against.", metavar="DECK", show_default=False
        ),
    ],
    pool: Annotated[
        str | None,
        typer.Option(
            "--pool",
            help="A Scratch cards file whose cards may come in (default: every card in "
            "reach of MY_DECK: the official cards and those its `uses:` name).",
            metavar="CARDS",
            show_default=False,
        ),
    ] = None,
    players: Annotated[
        str,
        typer.Option(
            "--players",
            help="MY_DECK's player, then the other deck's: random, greedy, search or montecarlo.",
        ),
    ] = "greedy,greedy",
    games: Annotated[
        int,
        typer.Option(
            "--games",
            "-n",
            help="Games each swap plays in the first round (later rounds play more).",
        ),
    ] = 200,
    top: Annotated[int, typer.Option("--top", help="How many swaps to list.")] = 5,
    budget: Annotated[
        float | None,
        typer.Option(
            "--budget",
            help="Stop after this many seconds, with the swaps ranked on the games played.",
            metavar="SECONDS",
            show_default=False,
        ),
    ] = None,
    seed: SeedOption = 1,
    jobs: JobsOption = 1,
    output: ReportFormatOption = OutputFormat.human,
    allow_outside: AllowOutsideOption = False,
) -> None:
    """Try every one-card swap that keeps MY_DECK legal and list those that raise its
    win rate against DECK, best first.

    Each swap plays the same games (the same seeds) as the deck as it is, so its gain
    is measured game by game, with a 95% interval. Swaps are tried in rounds: all of
    them, then the best quarter with twice as many games again, then once more. The
    same seed gives the same answer (with --budget, for the same passes of 20 games
    played). Example: `kitgen
    tune my-deck.yaml --against data/scratch/decks/royal-court.yaml --players
    search,search --budget 600`.
    """
    from kitgen.api import UsageError
    from kitgen.games.scratch.tuning import tune as run

    chosen = [p.strip() for p in players.split(",")]
    if len(chosen) != 2:
        raise UsageError("--players takes two names separated by a comma, like greedy,greedy")
    with progress_bar("game") as bar:
        report, findings = run(
            deck,
            against,
            pool_path=pool,
            players=(chosen[0], chosen[1]),
            games=games,
            top=top,
            seed=seed,
            jobs=jobs,
            budget=budget,
            progress=bar,
        )
    echo_findings(findings)
    if report is None:
        raise typer.Exit(1)
    show_report(report, output, report_lines)
    if report["stopped"] == "Ctrl-C":
        echo("kitgen: stopped by Ctrl-C: the ranking is of the games played", err=True)
        raise typer.Exit(130)


def command() -> click.Command:
    """The click command `kitgen tune scratch` runs."""
    return game_command("scratch", tune)


def report_lines(report: dict[str, Any]) -> list[str]:
    """A tuning run's report for people: how it went, then the swaps, best first."""
    name, against = shown(report["deck"]), shown(report["against"])
    mine, theirs = report["players"]
    where = "the cards in reach of the deck" if report["pool"] is None else shown(report["pool"])
    out = [
        f"Tuning {name} ({mine}) against {against} ({theirs}): {report['swaps_tried']:,} legal "
        f"one-card swaps from {where}; seed {report['seed']}"
    ]
    rounds = [
        f"round {r['round']}: {r['swaps']:,} swaps, {r['games_each']:,} games each"
        for r in report["rounds"]
    ]
    out.append("  " + "; ".join(rounds))
    if report["stopped"]:
        planned = len(report["rounds_planned"])
        by = "the budget" if report["stopped"] == "budget" else "Ctrl-C"
        out.append(
            f"  stopped by {by} after {len(report['rounds'])} of {planned} rounds: the ranking "
            "is from the games played"
        )
    base = report["deck_as_it_is"]
    low, high = base["win_rate_95"]
    fresh = report["fresh_games"]
    games = f"{base['games']:,} fresh games" if fresh else f"{base['games']:,} games"
    out.append(
        f"  as it is, {name} wins {base['win_rate']:.1%} (95%: {low:.1%} to {high:.1%}) of {games}"
    )
    measured = (
        f"played again on {fresh:,} fresh games, where its gain is measured game by game "
        "against the deck as it is, with its 95% interval (* where it leaves out 0)"
        if fresh
        else "its gain measured game by game against the deck as it is on the games that "
        "chose it, which flatters the first, with its 95% interval (* where it leaves out 0)"
    )
    listed = report["raising"]
    if listed:
        out.append(
            f"  swaps that raised its win rate in the rounds, as they ranked them; each {measured}:"
        )
    else:
        listed = report["best"]
        out.append(f"  no swap raised its win rate in the rounds; the best tried, each {measured}:")
    width = max(len(f"-{shown(s['remove'])} +{shown(s['add'])}") for s in listed)
    for rank, s in enumerate(listed, 1):
        swap = f"-{shown(s['remove'])} +{shown(s['add'])}"
        low, high = s["gain_95"]
        star = "*" if s["significant"] else " "
        out.append(
            f"  {rank:>3}. {swap:<{width}}  wins {s['win_rate']:.1%}, {s['gain']:+.1%} "
            f"({low:+.1%} to {high:+.1%}){star}  {s['games']:,} games"
        )
    return out
