"""Intervals everywhere: every rate and mean a simulation reports carries its 95%
interval, the intervals are the textbook ones, and the report says which
differences are significant and which are noise."""

from __future__ import annotations

import json
import math
import random
import statistics
from collections import Counter
from typing import Any, cast

import pytest
from typer.testing import CliRunner

from kitgen.cli import app
from kitgen.paths import data_dir
from kitgen.play.report import significance_lines
from kitgen.rules.simulate import (
    Clustered,
    comparison,
    mean_interval,
    rate_difference,
    wilson,
)

runner = CliRunner()
DECKS = data_dir() / "scratch" / "decks"
RUSH, COURT = str(DECKS / "monster-rush.yaml"), str(DECKS / "royal-court.yaml")


def simulate(*args: str) -> tuple[str, dict[str, Any]]:
    """The text and the JSON report of one `kitgen simulate` command line."""
    text = runner.invoke(app, ["simulate", *args])
    assert text.exit_code == 0, text.output
    data = runner.invoke(app, ["simulate", *args, "--format", "json"])
    assert data.exit_code == 0, data.output
    return text.stdout, json.loads(data.stdout)


def test_newcombe_interval_of_a_difference_matches_the_published_example() -> None:
    # Newcombe (1998), Statistics in Medicine 17, table II, method 10: 56/70 - 48/80.
    d, low, high = rate_difference(56, 70, 48, 80)  # type: ignore[misc]
    assert d == pytest.approx(0.2)
    assert (round(low, 4), round(high, 4)) == (0.0524, 0.3339)
    # Both extremes stay inside -1 to 1, and no trials is no interval.
    d, low, high = rate_difference(10, 10, 0, 10)  # type: ignore[misc]
    assert d == 1 and 0 < low < 1 and high == 1
    assert rate_difference(3, 0, 1, 4) is None


def test_mean_interval_is_the_normal_interval_of_the_values() -> None:
    rng = random.Random(3)
    values = [rng.randint(0, 9) for _ in range(500)]
    mean, low, high = mean_interval(Counter(values))  # type: ignore[misc]
    half = 1.959963984540054 * statistics.stdev(values) / math.sqrt(len(values))
    assert mean == pytest.approx(statistics.fmean(values))
    assert (low, high) == pytest.approx((mean - half, mean + half))
    assert mean_interval({4: 1}) is None  # one value has no spread
    assert mean_interval({4: 7}) == (4, 4, 4)


def _clustered(groups: list[list[int]]) -> Clustered:
    found = Clustered()
    for group in groups:
        found.add(sum(group), len(group))
    return found


def test_clustered_rates_widen_with_clusters_that_are_alike() -> None:
    rng = random.Random(5)
    # Rounds unlike within a game: about Wilson's interval of the rounds.
    loose = [[int(rng.random() < 0.3) for _ in range(rng.randint(2, 9))] for _ in range(400)]
    rounds = [x for game in loose for x in game]
    plain = wilson(sum(rounds), len(rounds))
    found = _clustered(loose).rate_95()
    assert found is not None
    assert found[1] - found[0] == pytest.approx(plain[1] - plain[0], rel=0.15)
    # Every round of a game alike: worth one unit a game, the games' own Wilson interval.
    alike = [[int(rng.random() < 0.3)] * 6 for _ in range(400)]
    wins = sum(game[0] for game in alike)
    found = _clustered(alike).rate_95()
    assert found == pytest.approx(list(wilson(wins, 400)), abs=1e-4)
    narrow = wilson(6 * wins, 2400)
    assert found[1] - found[0] > 2 * (narrow[1] - narrow[0])
    # Never narrower than the rounds taken one by one, even when games differ less
    # than chance would have them (each game exactly one success in three rounds).
    even = [[1, 0, 0] for _ in range(100)]
    assert _clustered(even).rate_95() == [round(x, 4) for x in wilson(100, 300)]


def test_clustered_intervals_are_the_ratio_estimators_and_add_up_by_batches() -> None:
    rng = random.Random(9)
    games = [[rng.randint(0, 3) for _ in range(rng.randint(1, 7))] for _ in range(300)]
    whole = _clustered(games)
    halves = _clustered(games[:137])
    halves.merge(_clustered(games[137:]))
    assert halves == whole
    # The mean per round and its variance from the residuals y_i - r n_i, by hand.
    n = sum(len(g) for g in games)
    r = sum(map(sum, games)) / n
    residuals = [sum(g) - r * len(g) for g in games]
    k = len(games)
    variance = k / (k - 1) * sum(e * e for e in residuals) / n**2
    low, high = whole.mean_95()  # type: ignore[misc]
    assert (low + high) / 2 == pytest.approx(r, abs=1e-3)
    assert (high - low) / 2 == pytest.approx(1.959964 * math.sqrt(variance), abs=1e-3)
    assert Clustered().rate_95() is None and _clustered([[1, 2]]).mean_95() is None


def report(*args: str) -> dict[str, Any]:
    """The JSON report of one `kitgen simulate` command line."""
    data = runner.invoke(app, ["simulate", *args, "--format", "json"])
    assert data.exit_code == 0, data.output
    return cast(dict[str, Any], json.loads(data.stdout))


def test_galliards_round_figures_allow_for_rounds_of_one_game_being_alike() -> None:
    data = report("galliard", "-n", "100", "-j", "2")
    again = report("galliard", "-n", "100", "-j", "1")
    assert data == again  # the same sums, however the games are split
    rounds = sum(int(k) * v for k, v in data["games_by_rounds"].items())

    def ratio(rate: float, interval: list[float]) -> float:
        """The interval's width over Wilson's for the rounds taken one by one."""
        low, high = interval
        assert low <= rate <= high
        plain = wilson(round(rate * rounds), rounds)
        return (high - low) / (plain[1] - plain[0])

    widths = [ratio(e["share"], e["share_95"]) for e in data["round_ends"].values()]
    for row in data["players"]:
        widths.append(ratio(row["round_win_rate"], row["round_win_rate_95"]))
        widths.append(ratio(row["rounds_with_a_wager"], row["rounds_with_a_wager_95"]))
    widths.append(ratio(data["no_wager_rounds"], data["no_wager_rounds_95"]))
    assert min(widths) > 0.99  # never narrower (but for the rates' rounding to 4 places)
    # Random players wager in some games far more than in others: those rounds are
    # alike within a game, and the intervals of wagering are clearly wider.
    assert max(widths) > 1.25


def test_a_comparison_is_significant_when_its_interval_leaves_out_no_difference() -> None:
    assert comparison("x", 0.56, 0.51, 0.61, 0.5)["significant"] is True
    assert comparison("x", 0.54, 0.49, 0.59, 0.5)["significant"] is False
    assert comparison("x", -0.2, -0.3, -0.1)["significant"] is True
    lines = " ".join(
        significance_lines(
            [
                comparison("A's win rate", 0.56, 0.51, 0.61, 0.5),
                comparison("B's lift", 0.1, 0.02, 0.2, group="card lifts"),
                comparison("C's lift", 0.1, -0.02, 0.2, group="card lifts"),
                comparison("D's lift", 0.0, -0.1, 0.1, group="card lifts"),
                comparison("the first player's edge", 0.3, -0.1, 0.7, unit="points"),
            ]
        )
    )
    assert "significant at 95%: A's win rate 56.0% (51.0% to 61.0%); 1 card lifts" in lines
    assert "noise at 95%" in lines and "the first player's edge; 2 card lifts" in lines


RUNS = [
    (RUSH, COURT, "-n", "300", "--players", "greedy,random"),
    (RUSH, COURT, "-n", "60", "--players", "greedy,random", "--match"),
    ("shapeup", "-n", "200", "--players", "greedy,random"),
    ("shapeup", "-n", "60", "--setup", "3p-18", "--rounds", "2"),
    ("scaffold", "-n", "60", "--players", "greedy,random"),
    ("scaffold", "-n", "40", "--mode", "cooperative", "--hand", "7,5"),
    ("staircase", "-n", "80", "--players", "greedy,random,random"),
    ("galliard", "-n", "40", "--players", "greedy,random"),
]

# What a rate is judged against, and figures that are not measured rates: no interval.
# (a full Shape Up! game's rounds are --rounds)
NOT_RATES = {"fair_share", ".full_games.rounds_per_game"}


def _rates(node: Any, path: str = "") -> list[tuple[str, dict[str, Any], str]]:
    """Every (path, dict, key) of a rate or mean in a report."""
    found = []
    if isinstance(node, dict):
        for key, value in node.items():
            here = f"{path}.{key}"
            if key.endswith("_per_game") and isinstance(value, dict):  # a mean by name
                for name in value:
                    found.append((f"{here}.{name}", node, f"{key}.{name}"))
            elif isinstance(value, (dict, list)):
                found += _rates(value, here)
            elif (
                isinstance(value, float)
                and key not in NOT_RATES
                and here not in NOT_RATES
                and (
                    key.endswith(("rate", "share", "_per_game", "per_round"))
                    or key.startswith("mean_")
                    or key in {"winning_margin", "red_spaces", "black_spaces"}
                )
            ):
                found.append((here, node, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += _rates(value, f"{path}[{i}]")
    return found


@pytest.mark.parametrize("args", RUNS, ids=[" ".join(a[:1] + a[2:]) for a in RUNS])
def test_every_rate_and_mean_has_its_interval_and_the_text_judges_them(
    args: tuple[str, ...],
) -> None:
    text, report = simulate(*args)
    rates = _rates(report)
    assert len(rates) >= 4
    for path, node, key in rates:
        key, _, name = key.partition(".")
        value, interval = node[key], node.get(f"{key}_95")
        if name:
            value, interval = value[name], (interval or {}).get(name)
        assert interval is not None, f"{path} has no {key}_95"
        low, high = interval
        assert low - 1e-3 <= value <= high + 1e-3, (path, value, interval)
    comparisons = report["comparisons"]
    assert comparisons
    for c in comparisons:
        low, high = c["estimate_95"]
        assert low <= c["estimate"] <= high
        assert c["significant"] == (not low <= c["against"] <= high)
    assert "significant at 95%: " in text and "noise at 95% " in text
    # What the text calls significant is what the JSON does.
    plain = " ".join(line.strip() for line in text.splitlines())
    for c in comparisons:
        if "group" not in c:
            assert c["what"] in plain


def test_scratch_card_lifts_carry_newcombe_intervals_and_stars() -> None:
    text, report = simulate(RUSH, COURT, "-n", "400", "--players", "greedy,greedy")
    n = report["games"]
    starred = 0
    for deck in report["decks"]:
        for card in deck["cards"]:
            dealt = card["games_in_opening_hand"]
            won = round(card["win_rate_in_opening_hand"] * dealt)
            rest = deck["wins"] - won
            _, low, high = rate_difference(won, dealt, rest, n - dealt)  # type: ignore[misc]
            assert card["lift_95"] == [round(low, 4), round(high, 4)]
            significant = low > 0 or high < 0
            starred += significant
            row = next(
                line for line in text.splitlines() if line.startswith(f"    {card['card']} ")
            )
            assert row.rstrip().split()[-6].endswith("*") == significant, row
    assert 0 < starred < sum(len(d["cards"]) for d in report["decks"])
    low, high = wilson(report["decks"][0]["wins"], n)
    assert report["decks"][0]["win_rate_95"] == [round(low, 4), round(high, 4)]
    # The distribution of points and of game lengths add up to the games.
    assert sum(report["decks"][0]["points"].values()) == n
    assert sum(report["game_lengths"].values()) == n


def test_the_text_gives_the_intervals_too() -> None:
    """Rates the text shows come with their intervals, as the JSON has them."""
    text, report = simulate("staircase", "-n", "80", "--players", "greedy,random")
    low, high = report["players"][0]["win_share_95"]
    assert f"wins {report['players'][0]['win_share']:.1%} (95%: {low:.1%} to {high:.1%};" in text
    text, report = simulate("scaffold", "-n", "60", "--players", "greedy,random")
    low, high = report["setups"][0]["ties_95"]
    assert f"ties {report['setups'][0]['ties'] / 60:.1%} (95%: {low:.1%} to {high:.1%})" in text
    text, report = simulate("shapeup", "-n", "30", "--rounds", "2")
    low, high = report["full_games"]["ties_95"]
    assert f"(95%: {low:.1%} to {high:.1%})" in text.split("tied: ")[1]
    text, report = simulate(RUSH, COURT, "-n", "200")
    card = report["decks"][0]["cards"][0]
    low, high = card["win_rate_when_played_95"]
    row = next(line for line in text.splitlines() if line.startswith(f"    {card['card']} "))
    assert f"{card['win_rate_when_played']:.1%} {low * 100:.0f}-{high * 100:.0f}" in row
