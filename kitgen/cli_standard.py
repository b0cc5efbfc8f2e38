"""`kitgen replay` and `kitgen simulate` for the Staircase game and Galliard.

Kept apart from `kitgen.cli` so that module stays readable; the commands there
call these once they know the file or target is one of these games.
"""

from __future__ import annotations

import json
from typing import Any

from kitgen.cli import _finish_replay, _with_progress
from kitgen.cli_check import echo
from kitgen.cli_common import OutputFormat
from kitgen.load.documents import Document
from kitgen.model.findings import Finding
from kitgen.terminal import shown


def replay_staircase(doc: Document, output: OutputFormat) -> None:
    """`kitgen replay` for a Staircase game: the moves, the staircases and the scores."""
    from kitgen.games.staircase.load import explain_score, replay_game
    from kitgen.games.staircase.play import move_text

    result = replay_game(doc)
    findings = sorted([*doc.findings, *result.findings], key=Finding.sort_key)
    outcome = result.outcome
    names = result.names
    winners = [names[s] for s in outcome.winners] if outcome else []
    data: dict[str, object] = {
        "winner": winners[0] if len(winners) == 1 else None,
        "winners": winners,
        "scores": {names[s]: t for s, t in enumerate(outcome.scores)} if outcome else None,
        "moves": len(result.moves),
    }

    def human() -> None:
        names = [shown(name) for name in result.names]
        winners = [names[s] for s in outcome.winners] if outcome else []
        for i, (move, who) in enumerate(zip(result.moves, result.movers, strict=True)):
            echo(f"{i + 1:>3}. {shown(who):<8} {shown(move_text(move, names))}")
        if result.states and outcome is None and result.illegal is None:
            echo("The record stops before the game ends.")
        if outcome is None:
            return
        for seat, detail in enumerate(outcome.detail):
            cards = " ".join(shown(c) for c in detail.cards) or "(no cards)"
            echo(f"     {names[seat]:<8} {cards}")
            echo(f"     {'':<8} {shown(explain_score(detail))}")
        best = max(outcome.scores)
        if len(winners) == 1:
            echo(f"Game over: {winners[0]} wins with {best} points.")
        else:
            echo(f"Game over: {', '.join(winners)} share the win with {best} points.")

    _finish_replay(doc.path, data, result.illegal, findings, output, human)


def simulate_staircase(
    players: tuple[str, ...],
    games: int,
    interfere: bool,
    seed: int,
    jobs: int,
    output: OutputFormat,
) -> None:
    """`kitgen simulate staircase`: each player's share of wins, points and actions."""
    from kitgen.simulation import simulate_staircase as run

    report: dict[str, Any] = _with_progress(
        run, games=games, players=players, interfere=interfere, seed=seed, jobs=jobs
    )
    if output is OutputFormat.json:
        echo(json.dumps(report, indent=2))
        return
    option = "with interfere" if interfere else "without interfere"
    echo(
        f"The Staircase game, {len(players)} players {option}: {games:,} games, seed {seed};"
        " seats rotate, so each player starts as often"
    )
    for row in report["players"]:
        low, high = row["win_share_95"]
        acts = row["actions_per_game"]
        used = ", ".join(f"{name} {acts[name]:.2f}" for name in acts if acts[name])
        topped = (row["outright_wins"] + row["shared_wins"]) / report["games"]
        echo(
            f"  {row['player'] + 1}. {row['name']:<10} wins {row['win_share']:.1%}"
            f" (a shared win counted 1/k); wins or shares the top {topped:.1%}"
            f" (95%: {low:.1%} to {high:.1%})"
        )
        echo(
            f"     mean {row['mean_total']:.1f} points = base {row['mean_base']:.1f}"
            f" + bonus {row['mean_bonus']:.1f} ({row['mean_sequences']:.2f} sequences)"
        )
        echo(f"     actions a game: {used or 'none'}")
    echo(f"  {report['turns_per_game']:.1f} turns a game; ties for first {report['tie_share']:.1%}")


def replay_galliard(doc: Document, output: OutputFormat) -> None:
    """`kitgen replay` for a Galliard game: the moves round by round, and how it ended."""
    from kitgen.games.galliard.load import named, replay_game

    result = replay_game(doc)
    findings = sorted([*doc.findings, *result.findings], key=Finding.sort_key)
    outcome = result.outcome
    names = result.names
    rounds = result.rounds()
    data: dict[str, object] = {
        "winner": names[outcome.winner] if outcome and outcome.winner is not None else None,
        "reason": named(outcome.reason, names) if outcome else None,
        "rounds": [r.text(names) for r in rounds],
        "cabals": (
            {names[s]: [str(c) for c in cabal] for s, cabal in enumerate(outcome.cabals)}
            if outcome
            else None
        ),
        "moves": len(result.moves),
    }

    def human() -> None:
        names = [shown(name) for name in result.names]
        round_shown = 0
        for i, (move, who, state) in enumerate(
            zip(result.moves, result.movers, result.states, strict=False)
        ):
            if state.round > round_shown:
                round_shown = state.round
                echo(f"Round {round_shown}, {names[state.starter]} starts:")
            echo(f"{i + 1:>5}. {shown(who):<8} {shown(move)}")
            after = result.states[i + 1]
            if len(after.results) > len(state.results):  # this move ended a round
                echo(f"       {shown(after.results[len(state.results)].text(names))}")
        if outcome is None:
            if result.illegal is None and result.states:
                echo("The record stops before the game ends.")
            return
        for seat, cabal in enumerate(outcome.cabals):
            echo(f"  {names[seat]:<8} cabal: {' '.join(map(shown, cabal)) or '(none)'}")
        echo(f"Game over after {outcome.rounds} rounds: {shown(named(outcome.reason, names))}.")

    _finish_replay(doc.path, data, result.illegal, findings, output, human)


def simulate_galliard(
    players: tuple[str, ...], games: int, seed: int, jobs: int, output: OutputFormat
) -> None:
    """`kitgen simulate galliard`: each player's wins, and how wagering pays."""
    from kitgen.games.galliard.sim import ENDS
    from kitgen.simulation import simulate_galliard as run

    report: dict[str, Any] = _with_progress(run, games=games, players=players, seed=seed, jobs=jobs)
    if output is OutputFormat.json:
        echo(json.dumps(report, indent=2))
        return
    echo(f"Galliard: {games:,} games, seed {seed}; the players take turns starting round 1")
    for row in report["players"]:
        low, high = row["win_rate_95"]
        echo(
            f"  {row['player']:<9} wins {row['win_rate']:.1%} (95%: {low:.1%} to {high:.1%});"
            f" wins {row['round_win_rate']:.1%} of rounds; wagers in"
            f" {row['rounds_with_a_wager']:.1%} of rounds,"
            f" {row['royals_wagered_per_round']:.2f} royals a round"
        )
    ends = ", ".join(
        f"{ENDS[how]} {entry['share']:.0%}" for how, entry in report["round_ends"].items()
    )
    echo(
        f"  {report['rounds_per_game']:.1f} rounds and {report['moves_per_game']:.0f} moves a"
        f" game; rounds with no wager {report['no_wager_rounds']:.1%}"
    )
    echo(f"  rounds end: {ends}")
    if report["round_limit"]:
        echo(f"  {report['round_limit']} games stopped at the round limit")
