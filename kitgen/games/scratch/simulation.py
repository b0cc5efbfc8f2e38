"""`kitgen simulate scratch DECK_A DECK_B` (and `kitgen simulate DECK_A DECK_B`): its
options and players, and the report it prints."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kitgen.api import (
    Finding,
    SimulateOption,
    Simulation,
    UsageError,
    Values,
    shown,
    significance_lines,
    within,
)
from kitgen.games.scratch.balance import balance_report

HELP = """Play many games between two decks and report how each deck and card fares.

Seats swap every game (every match with --match), so each deck moves first about
half the time. `kitgen simulate DECK_A DECK_B` is the same command."""

PLAYERS = {
    "random": "picks uniformly among the legal moves",
    "greedy": "takes the move whose immediate result looks best (ties at random)",
    "search": "the strongest: a tree search (ISMCTS) over random deals of the cards it "
    "cannot see, with greedy play-outs; a fixed number of deals a move, so the same seed "
    "gives the same games",
    "montecarlo": "the search player before it, to compare with: flat Monte Carlo, greedy "
    "play-outs from every candidate move",
}


def run(
    *,
    decks: tuple[str, str],
    games: int,
    match: bool,
    players: tuple[str, ...],
    seed: int,
    jobs: int,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[dict[str, Any] | None, list[Finding]]:
    """Play the two decks' games (or matches): the report, or None, and the findings."""
    from kitgen.games.scratch.simulate import simulate

    if len(players) != 2:
        raise UsageError("--players takes two names separated by a comma, like greedy,random")
    return simulate(
        decks,
        games=games,
        players=(players[0], players[1]),
        seed=seed,
        jobs=jobs,
        matches=match,
        progress=progress,
    )


def _two_decks(decks: list[str]) -> tuple[str, str]:
    if len(decks) != 2:
        raise UsageError(
            "give two Scratch deck files (DECK_A DECK_B), or a game: "
            "`kitgen simulate --help` lists them"
        )
    return decks[0], decks[1]


def lines(report: dict[str, Any], values: Values) -> list[str]:
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


SIMULATION = Simulation(
    help=HELP,
    players=PLAYERS,
    players_help="The players, one per deck, like greedy,random: random, greedy, search "
    "or montecarlo.",
    players_default="random,random",
    options=(
        SimulateOption(
            "decks",
            "DECK_A DECK_B",
            "The two Scratch deck files.",
            argument=True,
            metavar="DECK_A DECK_B",
            parse=_two_decks,
        ),
        SimulateOption(
            "games", "--games", "How many games (or matches) to play.", default=1000, short="-n"
        ),
        SimulateOption(
            "match",
            "--match",
            "Play matches to the game's target score instead of single games; the player "
            "behind chooses who starts each game.",
            default=False,
        ),
        "players",
        "seed",
        "jobs",
        "format",
        "allow-outside",
        "report",
    ),
    run=run,
    lines=lines,
    run_line=("decks", "games", "players", "seed", "match", "allow-outside", "report"),
    charts=balance_report,
    unit=lambda values: "match" if values["match"] else "game",
    reads_files=True,
)
