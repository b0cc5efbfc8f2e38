"""`kitgen simulate scratch DECK_A DECK_B` (and `kitgen simulate DECK_A DECK_B`): its
options, and the report it prints."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from kitgen.api import (
    AllowOutsideOption,
    BalanceReportOption,
    JobsOption,
    OutputFormat,
    ReportFormatOption,
    ReportPaperOption,
    SeedOption,
    check_report_path,
    command_line,
    echo_findings,
    follows_references,
    friendly,
    game_command,
    progress_bar,
    show_simulation,
    shown,
    significance_lines,
    within,
)

if TYPE_CHECKING:
    from typer import _click as click


@friendly
@follows_references
def simulate(
    decks: Annotated[
        list[str],
        typer.Argument(
            help="The two Scratch deck files.", metavar="DECK_A DECK_B", show_default=False
        ),
    ],
    games: Annotated[
        int, typer.Option("--games", "-n", help="How many games (or matches) to play.")
    ] = 1000,
    match: Annotated[
        bool,
        typer.Option(
            "--match",
            help="Play matches to the game's target score instead of single games; "
            "the player behind chooses who starts each game.",
        ),
    ] = False,
    players: Annotated[
        str,
        typer.Option(
            "--players",
            help="The players, one per deck, like greedy,random: random, greedy, search "
            "or montecarlo.",
        ),
    ] = "random,random",
    seed: SeedOption = 1,
    jobs: JobsOption = 1,
    output: ReportFormatOption = OutputFormat.human,
    allow_outside: AllowOutsideOption = False,
    report_file: BalanceReportOption = None,
    report_paper: ReportPaperOption = None,
) -> None:
    """Play many games between two decks and report how each deck and card fares.

    Seats swap every game (every match with --match), so each deck moves first about
    half the time. `kitgen simulate DECK_A DECK_B` is the same command.

    \b
    Players:
      random      picks uniformly among the legal moves
      greedy      takes the move whose immediate result looks best (ties at random)
      search      the strongest: a tree search (ISMCTS) over random deals of the
                  cards it cannot see, with greedy play-outs; a fixed number of
                  deals a move, so the same seed gives the same games
      montecarlo  the search player before it, to compare with: flat Monte Carlo,
                  greedy play-outs from every candidate move
    """
    from kitgen.api import UsageError
    from kitgen.games.scratch.simulate import simulate as run

    if len(decks) != 2:
        raise UsageError(
            "give two Scratch deck files (DECK_A DECK_B), or a game: "
            "`kitgen simulate --help` lists them"
        )
    chosen = [p.strip() for p in players.split(",")]
    if len(chosen) != 2:
        raise UsageError("--players takes two names separated by a comma, like greedy,random")
    target = check_report_path(report_file, report_paper)
    with progress_bar("match" if match else "game") as bar:
        report, findings = run(
            (decks[0], decks[1]),
            games=games,
            players=(chosen[0], chosen[1]),
            seed=seed,
            jobs=jobs,
            matches=match,
            progress=bar,
        )
    echo_findings(findings)
    if report is None:
        raise typer.Exit(1)
    run_line = command_line(
        "kitgen", "simulate", decks[0], decks[1], "--games", str(games),
        "--players", ",".join(chosen), "--seed", str(seed), "--match" if match else None,
        "--allow-outside" if allow_outside else None, "--report", report_file,
    )  # fmt: skip

    def charts() -> Any:
        from kitgen.games.scratch.balance import balance_report

        return balance_report(report, run_line)

    show_simulation(report, output, report_lines, target, charts)


def command() -> click.Command:
    """The click command `kitgen simulate scratch` runs."""
    return game_command("scratch", simulate)


def report_lines(report: dict[str, Any]) -> list[str]:
    """A simulation's report for people: the decks' win rates, then card by card."""
    out: list[str] = []
    a, b = (_shown_deck(d) for d in report["decks"])
    matches = report["matches"]
    played = f"{report['games']:,} games"
    if matches:
        played = f"{matches['played']:,} matches to {matches['target']} points, {played}"
    out.append(
        f"{a['name']} ({a['player']}) against {b['name']} ({b['player']}): "
        f"{played}, seed {report['seed']}"
    )
    if matches:
        for i, deck in enumerate((a, b)):
            low, high = matches["win_rate_95"][i]
            out.append(
                f"  {deck['name']}: wins {matches['win_rate'][i]:.1%} of the matches "
                f"(95%: {low:.1%} to {high:.1%})"
            )
        out.append(f"  {matches['games_per_match']} games a match; game by game:")
    for deck in (a, b):
        low, high = deck["win_rate_95"]
        out.append(
            f"  {deck['name']}: wins {deck['win_rate']:.1%} (95%: {low:.1%} to "
            f"{high:.1%}), {deck['points_per_game']:.2f} points a game"
            + within(deck["points_per_game_95"])
        )
    first = report["first_player"]
    out.append(
        f"  the player who moves first wins {first['win_rate']:.1%} (95%: "
        f"{first['win_rate_95'][0]:.1%} to {first['win_rate_95'][1]:.1%}); "
        f"{report['moves_per_game']} moves a game{within(report['moves_per_game_95'])}"
    )
    out.append(
        "  how games end (95%): "
        + ", ".join(
            f"{reason} {count / report['games']:.0%} "
            f"({report['endings_95'][reason][0]:.0%} to {report['endings_95'][reason][1]:.0%})"
            for reason, count in sorted(report["endings"].items(), key=lambda kv: -kv[1])
        )
    )
    out.append(
        "  per card: 'opening' counts games with the card in the opening hand and 'won'\n"
        "  the win rate in them, 'without' the win rate in the others, 'lift' the gap\n"
        "  and '95%' its interval (* where it leaves out 0: significant); 'played'\n"
        "  counts games it was played and 'won' the win rate in them; 'took' and 'lost'\n"
        "  count the cards it captured and the times it was captured. After each rate,\n"
        "  its 95% interval in whole percents."
    )
    for deck in (a, b):
        cards = sorted(deck["cards"], key=lambda c: (-(c["lift"] or 0), c["card"]))
        width = max([len(c["card"]) for c in cards] + [4])
        out.append(f"  {deck['name']}:")
        out.append(
            f"    {'card':<{width}} {'opening':>7} {'won':>12} {'without':>12} {'lift':>7} "
            f"{'95%':^17} {'played':>7} {'won':>12} {'took':>6} {'lost':>6}"
        )
        for card in cards:
            out.append(
                f"    {card['card']:<{width}} {card['games_in_opening_hand']:>7} "
                f"{_rate_cell(card, 'win_rate_in_opening_hand'):>12} "
                f"{_rate_cell(card, 'win_rate_not_in_opening_hand'):>12} "
                f"{_percent(card['lift'], sign=True):>7} {_interval(card['lift_95']):<17} "
                f"{card['games_played']:>7} {_rate_cell(card, 'win_rate_when_played'):>12} "
                f"{card['captures_made']:>6} {card['times_captured']:>6}"
            )
    out += significance_lines(report["comparisons"])
    return out


def _rate_cell(card: dict[str, Any], key: str) -> str:
    """`58.8% 52-66`: a rate and its 95% interval in whole percents."""
    rate, found = card[key], card[f"{key}_95"]
    if rate is None or found is None:
        return "-"
    return f"{rate:.1%} {found[0] * 100:.0f}-{found[1] * 100:.0f}"


def _interval(found: list[float] | None) -> str:
    """A lift's interval, starred when it leaves out 0."""
    if found is None:
        return "-"
    low, high = found
    star = "*" if low > 0 or high < 0 else ""
    return f"{low:+.1%}..{high:+.1%}{star}"


def _shown_deck(deck: dict[str, Any]) -> dict[str, Any]:
    """A deck's report with its name and its cards' names as a terminal may show them."""
    cards = [{**card, "card": shown(card["card"])} for card in deck["cards"]]
    return {**deck, "name": shown(deck["name"]), "cards": cards}


def _percent(value: float | None, *, sign: bool = False) -> str:
    if value is None:
        return "-"
    return f"{value:+.1%}" if sign else f"{value:.1%}"
