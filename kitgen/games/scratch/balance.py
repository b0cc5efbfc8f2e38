"""Scratch's balance report: the charts of `kitgen simulate DECK_A DECK_B --report`.

Win rates with their intervals, the first player's advantage, how games end, points
and game lengths, and each deck's cards by lift (a forest plot, sorted). Pure.
"""

from __future__ import annotations

from typing import Any

from kitgen.api import (
    BalanceReport,
    Distribution,
    Forest,
    balance_of,
    estimate,
    mean_caption,
    on_one_scale,
    rows,
    series,
)


def balance_report(report: dict[str, Any], command: str) -> BalanceReport:
    """The charts of a Scratch simulation report (`stats.summary`'s)."""
    a, b = report["decks"]
    matches = report["matches"]
    n = report["games"]
    played = f"{n:,} games"
    if matches:
        played = f"{matches['played']:,} matches to {matches['target']} points ({played})"
    facts = (
        f"Scratch: {a['name']} ({a['player']}) against {b['name']} ({b['player']}); "
        f"{played}, seed {report['seed']}. Seats swap every game"
        + (" (every match)." if matches else "."),
        f"Command: {command}",
    )
    wins = [
        estimate(f"{d['name']} wins", d["win_rate"], d["win_rate_95"], 0.5, f"{d['wins']:,} games")
        for d in (a, b)
    ]
    if matches:
        wins += [
            estimate(
                f"{d['name']} wins a match",
                matches["win_rate"][i],
                matches["win_rate_95"][i],
                0.5,
                f"{matches['wins'][i]:,} matches",
            )
            for i, d in enumerate((a, b))
        ]
    first = report["first_player"]
    wins.append(
        estimate("the player who moves first", first["win_rate"], first["win_rate_95"], 0.5)
    )
    panels: list[Any] = [
        Forest(
            "Who wins",
            rows(wins),
            against=0.5,
            caption="Win rates with 95% intervals; the dashed line is an even share. "
            "A filled dot's interval leaves out 50%: a real edge.",
        ),
        Forest(
            "How games end",
            rows(
                estimate(reason, count / n, report["endings_95"][reason])
                for reason, count in sorted(report["endings"].items(), key=lambda kv: -kv[1])
            )
            if n
            else (),
            bars=True,
            caption="Share of the games, with 95% intervals.",
        ),
        Distribution(
            "Points a game",
            "points",
            (series(a["name"], a["points"]), series(b["name"], b["points"])),
            caption="Points the deck scored in each game: none in a game it lost.",
        ),
        Distribution(
            "Game length",
            "moves a game",
            (series("all games", report["game_lengths"]),),
            caption=mean_caption(
                "moves a game", report["moves_per_game"], report["moves_per_game_95"]
            ),
        ),
    ]
    lifts: list[Forest] = []
    for deck in (a, b):
        cards = sorted(
            (c for c in deck["cards"] if c["lift"] is not None),
            key=lambda c: (-c["lift"], c["card"]),
        )
        lifts.append(
            Forest(
                f"{deck['name']}: card lift",
                rows(
                    estimate(
                        c["card"],
                        c["lift"],
                        c["lift_95"],
                        0.0,
                        f"n = {c['games_in_opening_hand']:,}",
                    )
                    for c in cards
                ),
                against=0.0,
                signed=True,
                wide=True,
                caption="The deck's win rate with the card in its opening hand less without "
                "it, with 95% intervals, best first; n counts the games with the card in the "
                "opening hand. Filled dots are significant; hollow ones are noise at this "
                "many games.",
            )
        )
    panels += on_one_scale(lifts)  # the two decks' lifts read on one axis
    return balance_of(f"Balance report: {a['name']} against {b['name']}", facts, report, panels)
