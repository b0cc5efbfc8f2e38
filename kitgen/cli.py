"""The `kitgen` command line (typer). With the other `cli_*` modules and
`kitgen.entry`, the only code that prints or sets the exit status."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

import typer

from kitgen import __version__
from kitgen.cli_check import echo, finding_line
from kitgen.cli_common import (
    AllowOutsideOption,
    BackOffsetOption,
    BleedOption,
    CardSizeOption,
    DuplexOption,
    ExtraCommonsOption,
    FormatOption,
    GutterOption,
    InkOption,
    MarginOption,
    OutOption,
    OutputFormat,
    PaperOption,
    StandardDeckOption,
    build_options,
    echo_result,
    follows_references,
    friendly,
    progress_bar,
)
from kitgen.errors import KitgenError
from kitgen.model.findings import Finding
from kitgen.terminal import shown

if TYPE_CHECKING:
    from kitgen.load.documents import Document

app = typer.Typer(
    name="kitgen",
    help="Print-and-play game kits from YAML, checked against each game's rules.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


_friendly = friendly


def _version(value: bool) -> None:
    if value:
        echo(f"kitgen {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version."),
    ] = False,
) -> None:
    """Print-and-play game kits from YAML, checked against each game's rules."""


@app.command()
@_friendly
@follows_references
def check(
    files: Annotated[
        list[str],
        typer.Argument(
            help="kitgen YAML files to check (cards, deck, game...); a folder means "
            "every YAML file in it.",
            metavar="FILE",
            show_default=False,
        ),
    ],
    output: FormatOption = OutputFormat.human,
    allow_outside: AllowOutsideOption = False,
) -> None:
    """Check kitgen files and report every problem with its file, line and column.

    Exit status: 0 when every file is ok (warnings allowed), 1 when any file has
    an error, 2 when the command is misused.
    """
    from kitgen.cli_check import run_check

    raise typer.Exit(run_check(files, output is OutputFormat.json))


@app.command()
@_friendly
@follows_references
def score(
    files: Annotated[
        list[str],
        typer.Argument(
            help="Position files to score (a folder means every YAML file in it).",
            metavar="FILE",
            show_default=False,
        ),
    ],
    output: FormatOption = OutputFormat.human,
    allow_outside: AllowOutsideOption = False,
) -> None:
    """Score finished (or unfinished) positions, showing every line that scores.

    A position that the rules could not produce is not scored: its problems are
    reported as `kitgen check` reports them. Exit status as for check.
    """
    from kitgen.cli_check import run_score

    raise typer.Exit(run_score(files, output is OutputFormat.json))


@app.command("list")
@_friendly
def list_games(output: FormatOption = OutputFormat.human) -> None:
    """List the games kitgen knows and what each game's kit contains."""
    from kitgen.kit import list_games as games

    summaries = games()
    if output is OutputFormat.json:
        echo(
            json.dumps(
                {
                    "games": [
                        {
                            "id": s.info.game,
                            "title": s.info.title,
                            "players": {"min": s.info.players.min, "max": s.info.players.max},
                            "playing_time": s.info.playing_time,
                            "printable": s.printable,
                            "facts": list(s.facts),
                            "components": [
                                {"id": c.id, "title": c.title, "description": c.description}
                                for c in s.info.components
                            ],
                        }
                        for s in summaries
                    ]
                },
                indent=2,
            )
        )
        return
    for s in summaries:
        players = s.info.players
        count = f"{players.min}" if players.min == players.max else f"{players.min}-{players.max}"
        echo(f"{s.info.game}: {s.info.title} ({count} players, {s.info.playing_time})")
        for fact in s.facts:
            echo(f"  {fact}")
        echo("  kit:" + ("" if s.printable else " (not printable yet)"))
        for c in s.info.components:
            echo(f"    {c.id:<13} {c.title}: {c.description}")


@app.command()
@_friendly
@follows_references
def replay(
    file: Annotated[
        str,
        typer.Argument(
            help="A `record` file (Scratch, Shape Up!, Scaffold, Staircase or Galliard).",
            metavar="FILE",
            show_default=False,
        ),
    ],
    output: FormatOption = OutputFormat.human,
    allow_outside: AllowOutsideOption = False,
) -> None:
    """Replay a recorded game and print how it ended (exit 1 at an illegal move)."""
    from kitgen.games.galliard.model import GalliardRecordFile
    from kitgen.games.scaffold.model import ScaffoldRecordFile
    from kitgen.games.scratch.record import PLAYERS, replay_record
    from kitgen.games.scratch.record_model import ScratchRecordFile
    from kitgen.games.shapeup.model import ShapeUpRecordFile
    from kitgen.games.staircase.model import StaircaseRecordFile
    from kitgen.kit import check_document
    from kitgen.load.documents import read_document

    doc = read_document(file)
    if doc.model is None:  # not even a valid file: its findings, in the format asked for
        findings = sorted(check_document(doc).findings, key=Finding.sort_key)
        _finish_replay(doc.path, _no_replay(doc.game), None, findings, output, lambda: None)
        raise typer.Exit(1)  # a file without a model always has an error; to be sure
    if isinstance(doc.model, (StaircaseRecordFile, GalliardRecordFile)):
        from kitgen import cli_standard

        if isinstance(doc.model, StaircaseRecordFile):
            cli_standard.replay_staircase(doc, output)
        else:
            cli_standard.replay_galliard(doc, output)
        return
    if isinstance(doc.model, ShapeUpRecordFile):
        _replay_shapeup(doc, output)
        return
    if isinstance(doc.model, ScaffoldRecordFile):
        _replay_scaffold(doc, output)
        return
    if not isinstance(doc.model, ScratchRecordFile):
        for f in check_document(doc).findings:
            echo(finding_line(f, file), err=True)
        raise KitgenError(f"{file} is a {doc.game} {doc.kind} file, not a record")
    record = doc.model
    result = replay_record(doc)  # once: a record's check is its replay
    findings = sorted([*doc.findings, *result.findings], key=Finding.sort_key)
    outcome = result.outcome
    names = (shown(record.players.P1), shown(record.players.P2))  # for people only
    data: dict[str, object] = {
        "winner": PLAYERS[outcome.winner] if outcome else None,
        "points": outcome.points if outcome else 0,
        "reason": outcome.reason if outcome else None,
        "moves": len(result.moves),
    }

    def human() -> None:
        for i, move in enumerate(result.moves):
            echo(f"{i + 1:>3}. {names[(PLAYERS.index(record.first) + i) % 2]:<8} {shown(move)}")
        if result.states:
            state = result.states[-1]
            for row in range(3):
                cells = []
                for cell in range(row * 3, row * 3 + 3):
                    card = state.cards[cell]
                    name = shown(result.names[card]) if card >= 0 else "."
                    if len(name) > 14:
                        name = name[:13] + "\u2026"
                    cells.append(name if card < 0 else f"{name}/{PLAYERS[state.owner[cell]]}")
                echo("     " + "  ".join(f"{c:<16}" for c in cells).rstrip())
        if outcome is not None:
            echo(f"{names[outcome.winner]} wins {outcome.points} points: {outcome.reason}.")
        elif result.illegal is None and result.states:
            echo("The record stops before the game ends.")

    _finish_replay(doc.path, data, result.illegal, findings, output, human)


def _no_replay(game: str | None) -> dict[str, object]:
    """The JSON of a replay that never started (the file is not a valid record): each
    game's keys as its replay prints them, with nothing played."""
    data: dict[str, object] = {"winner": None}
    if game == "scratch":
        data.update(points=0, reason=None)
    elif game == "scaffold":
        data = {"mode": None, "winner": None, "scores": None, "reason": None}
    elif game == "shapeup":
        data.update(scores=None)
    elif game == "staircase":
        data.update(winners=[], scores=None)
    elif game == "galliard":
        data.update(reason=None, rounds=[], cabals=None)
    data["moves"] = 0
    return data


def _finish_replay(
    path: str,
    data: dict[str, object],
    illegal: tuple[int, int, str, str] | None,
    findings: list[Finding],
    output: OutputFormat,
    human: Callable[[], None],
) -> None:
    """What every game's replay does last: name the illegal move, print, set the status."""
    if illegal is not None:
        index, line, text, rule = illegal
        data["illegal"] = {"index": index, "line": line, "move": text, "rule": rule}
    if output is OutputFormat.json:
        from kitgen.kit import finding_json

        # The record's findings, as `check` reports them (an empty list when none).
        data["findings"] = [finding_json(f, path) for f in findings]
        echo(json.dumps(data, indent=2))
    else:
        human()
        for f in findings:
            echo(finding_line(f, path), err=True)
    if any(f.is_error for f in findings):
        raise typer.Exit(1)


def _replay_scaffold(doc: Document, output: OutputFormat) -> None:
    """`kitgen replay` for a Scaffold game: the moves, the board and the scores."""
    from kitgen.games.scaffold.load import replay_game
    from kitgen.games.scaffold.model import ScaffoldRecordFile
    from kitgen.games.scaffold.rules import SIZE

    record = doc.model
    assert isinstance(record, ScaffoldRecordFile)
    result = replay_game(doc)
    findings = sorted([*doc.findings, *result.findings], key=Finding.sort_key)
    outcome = result.outcome
    data: dict[str, object] = {
        "mode": record.mode,
        "winner": outcome.winner if outcome else None,
        "scores": outcome.scores if outcome else None,
        "reason": outcome.reason if outcome else None,
        "moves": len(result.moves),
    }

    def human() -> None:
        for i, (move, mover) in enumerate(zip(result.moves, result.movers, strict=True)):
            who = shown(getattr(record.players, mover, "both"))
            echo(f"{i + 1:>3}. {who:<8} {shown(move)}")
        if result.states and result.engine is not None:
            state = result.states[-1]
            board = result.engine.board
            for row in range(SIZE):
                cells = []
                for cell in range(row * SIZE, row * SIZE + SIZE):
                    stack = state.stacks[cell]
                    cells.append(
                        "/".join(map(str, stack)) if stack else "." if board.is_space(cell) else "-"
                    )
                echo("     " + "  ".join(f"{c:<10}" for c in cells).rstrip())
        if outcome is not None:
            if record.mode == "cooperative":
                verdict = f"Team score {outcome.scores['team']}"
            else:
                red, black = outcome.scores["red"], outcome.scores["black"]
                verdict = (
                    f"{outcome.winner} wins {max(red, black)}-{min(red, black)}"
                    if outcome.winner
                    else f"A tie, {red}-{black}"
                )
            echo(f"Game over: {outcome.reason}. {verdict[0].upper()}{verdict[1:]}.")
        elif result.illegal is None and result.states:
            echo("The record stops before the game ends.")

    _finish_replay(doc.path, data, result.illegal, findings, output, human)


def _replay_shapeup(doc: Document, output: OutputFormat) -> None:
    """`kitgen replay` for a Shape Up! round: the turns, the table and the scores."""
    from kitgen.games.shapeup.load import replay_round
    from kitgen.games.shapeup.rules import bounds, score

    result = replay_round(doc)
    findings = sorted([*doc.findings, *result.findings], key=Finding.sort_key)
    outcome = result.result
    players = result.players
    data: dict[str, object] = {
        "winner": players[outcome.winner] if outcome and outcome.winner is not None else None,
        "scores": dict(zip(players, outcome.scores, strict=True)) if outcome else None,
        "moves": len(result.moves),
    }

    def human() -> None:
        start = result.states[0].to_move if result.states else 0
        players = [shown(p) for p in result.players]
        for i, move in enumerate(result.moves):
            echo(f"{i + 1:>3}. {players[(start + i) % len(players)]:<8} {shown(move)}")
        if result.states:
            cards = result.states[-1].cards
            box = bounds(cards)
            if box is not None:
                left, top, width, height = box
                echo(f"     table (top left is {left},{top}):")
                for y in range(top, top + height):
                    row = [
                        shown(cards[(x, y)]) if (x, y) in cards else "."
                        for x in range(left, left + width)
                    ]
                    echo("       " + " | ".join(f"{c:<21}" for c in row).rstrip())
        if outcome is not None and result.engine is not None:
            victory = result.engine.victory(result.states[-1])
            for player, card, total in zip(players, victory, outcome.scores, strict=True):
                echo(f"  {player} ({shown(card)}): {total}")
                for run in score(result.states[-1].cards, card).lines:
                    echo(f"    {shown(run.describe())}")
            if outcome.winner is None:
                echo("A tie.")
            else:
                echo(f"{players[outcome.winner]} wins.")
        elif result.illegal is None and result.states:
            echo("The record stops before the round ends.")

    _finish_replay(doc.path, data, result.illegal, findings, output, human)


@app.command()
@_friendly
@follows_references
def simulate(
    targets: Annotated[
        list[str],
        typer.Argument(
            help="Two Scratch deck files (DECK_A DECK_B), or `shapeup`, `scaffold`, "
            "`staircase` or `galliard`.",
            metavar="DECK_A DECK_B | shapeup | scaffold | staircase | galliard",
            show_default=False,
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
            help="The players, one per deck (Scratch: random, greedy or search, like "
            "greedy,random) or per seat (Shape Up!, Scaffold: random or greedy; Staircase: "
            "random, greedy, interferer or spoiler, 2 to 5 of them; Galliard: see "
            "`kitgen simulate --help`).",
        ),
    ] = "random,random",
    setup: Annotated[
        str,
        typer.Option(
            "--setup", help="Shape Up! set-up: 2p-18, 3p-18, 3p-24, 4p-24 (or -advanced)."
        ),
    ] = "2p-18",
    rounds: Annotated[
        int,
        typer.Option(
            "--rounds",
            help="Shape Up!: play full games of this many rounds (4 is the game for two "
            "players; one per player for three or four) and report full-game wins too.",
        ),
    ] = 1,
    mode: Annotated[
        str, typer.Option("--mode", help="Scaffold: competitive or cooperative.")
    ] = "competitive",
    hand: Annotated[
        str,
        typer.Option(
            "--hand",
            help="Scaffold: the hand size, or several to compare, like 7,5,3.",
        ),
    ] = "7",
    turns: Annotated[
        str,
        typer.Option(
            "--turns",
            help="Scaffold cooperative: the turn counters, or several to compare, like 16,12,8.",
        ),
    ] = "16",
    interfere: Annotated[
        bool,
        typer.Option(
            "--interfere/--no-interfere",
            help="Staircase: play with the optional interfere action.",
        ),
    ] = False,
    seed: Annotated[
        int, typer.Option("--seed", help="The run's seed: same seed, same results.", min=0)
    ] = 1,
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", help="Processes to play in parallel.", min=1, max=64)
    ] = 1,
    output: FormatOption = OutputFormat.human,
    allow_outside: AllowOutsideOption = False,
) -> None:
    """Play many games between built-in players and report how each side fares.

    Scratch: two decks; seats swap every game (every match with --match), so each
    deck moves first about half the time. Shape Up!: `kitgen simulate shapeup
    --setup 3p-24 --players greedy,random,random`; the first player rotates.
    Scaffold: `kitgen simulate scaffold --mode cooperative --hand 7,5,3 --turns
    16,12`; players are red's then black's, and red plays first. Staircase:
    `kitgen simulate staircase --players interferer,greedy,greedy --interfere`,
    one player per seat, seats rotating. Galliard: `kitgen simulate galliard
    --players always,never`; the two take turns starting the first round.
    """
    from kitgen.errors import UsageError
    from kitgen.simulation import simulate as run

    chosen = [p.strip() for p in players.split(",")]
    if targets == ["shapeup"]:
        if match:
            raise UsageError("--match is for Scratch; Shape Up! rounds are played one by one")
        _simulate_shapeup(setup, games, tuple(chosen), seed, jobs, rounds, output)
        return
    if targets == ["scaffold"]:
        if match:
            raise UsageError("--match is for Scratch")
        hands, counts = _numbers(hand, "--hand"), _numbers(turns, "--turns")
        _simulate_scaffold(mode, hands, counts, games, tuple(chosen), seed, jobs, output)
        return
    if targets in (["staircase"], ["galliard"]):
        if match:
            raise UsageError("--match is for Scratch")
        from kitgen import cli_standard

        if targets == ["staircase"]:
            cli_standard.simulate_staircase(tuple(chosen), games, interfere, seed, jobs, output)
        else:
            cli_standard.simulate_galliard(tuple(chosen), games, seed, jobs, output)
        return
    if len(targets) != 2:
        raise UsageError(
            "give two Scratch deck files, or one of shapeup, scaffold, staircase, galliard"
        )
    deck_a, deck_b = targets
    if len(chosen) != 2:
        raise UsageError("--players takes two names separated by a comma, like greedy,random")
    with progress_bar("match" if match else "game") as bar:
        report, findings = run(
            (deck_a, deck_b),
            games=games,
            players=(chosen[0], chosen[1]),
            seed=seed,
            jobs=jobs,
            matches=match,
            progress=bar,
        )
    for f in findings:
        echo(finding_line(f), err=True)
    if report is None:
        raise typer.Exit(1)
    if output is OutputFormat.json:
        echo(json.dumps(report, indent=2))
        return
    a, b = (_shown_deck(d) for d in report["decks"])
    matches = report["matches"]
    played = f"{report['games']:,} games"
    if matches:
        played = f"{matches['played']:,} matches to {matches['target']} points, {played}"
    echo(
        f"{a['name']} ({a['player']}) against {b['name']} ({b['player']}): "
        f"{played}, seed {report['seed']}"
    )
    if matches:
        for i, deck in enumerate((a, b)):
            low, high = matches["win_rate_95"][i]
            echo(
                f"  {deck['name']}: wins {matches['win_rate'][i]:.1%} of the matches "
                f"(95%: {low:.1%} to {high:.1%})"
            )
        echo(f"  {matches['games_per_match']} games a match; game by game:")
    for deck in (a, b):
        low, high = deck["win_rate_95"]
        echo(
            f"  {deck['name']}: wins {deck['win_rate']:.1%} (95%: {low:.1%} to "
            f"{high:.1%}), {deck['points_per_game']:.2f} points a game"
        )
    first = report["first_player"]
    echo(
        f"  the player who moves first wins {first['win_rate']:.1%} (95%: "
        f"{first['win_rate_95'][0]:.1%} to {first['win_rate_95'][1]:.1%}); "
        f"{report['moves_per_game']} moves a game"
    )
    echo(
        "  how games end: "
        + ", ".join(
            f"{reason} {count / report['games']:.0%}"
            for reason, count in sorted(report["endings"].items(), key=lambda kv: -kv[1])
        )
    )
    echo(
        "  per card: 'opening' counts games with the card in the opening hand and 'won'\n"
        "  the win rate in them, 'without' the win rate in the others, 'lift' the gap;\n"
        "  'played' counts games it was played and 'won' the win rate in them; 'took'\n"
        "  and 'lost' count the cards it captured and the times it was captured."
    )
    for deck in (a, b):
        cards = sorted(deck["cards"], key=lambda c: (-(c["lift"] or 0), c["card"]))
        width = max([len(c["card"]) for c in cards] + [4])
        echo(f"  {deck['name']}:")
        echo(
            f"    {'card':<{width}} {'opening':>7} {'won':>6} {'without':>7} {'lift':>7} "
            f"{'played':>7} {'won':>6} {'took':>6} {'lost':>6}"
        )
        for card in cards:
            echo(
                f"    {card['card']:<{width}} {card['games_in_opening_hand']:>7} "
                f"{_percent(card['win_rate_in_opening_hand']):>6} "
                f"{_percent(card['win_rate_not_in_opening_hand']):>7} "
                f"{_percent(card['lift'], sign=True):>7} "
                f"{card['games_played']:>7} {_percent(card['win_rate_when_played']):>6} "
                f"{card['captures_made']:>6} {card['times_captured']:>6}"
            )


def _shown_deck(deck: dict[str, Any]) -> dict[str, Any]:
    """A deck's report with its name and its cards' names as a terminal may show them."""
    cards = [{**card, "card": shown(card["card"])} for card in deck["cards"]]
    return {**deck, "name": shown(deck["name"]), "cards": cards}


def _with_progress(
    run: Callable[..., dict[str, Any]], noun: str = "game", **options: Any
) -> dict[str, Any]:
    """Call a simulation with a progress bar on a terminal (none when piped), counting
    `noun`s (games, or a Shape Up! run's rounds)."""
    with progress_bar(noun) as bar:
        return run(**options, progress=bar)


def _simulate_shapeup(
    setup: str,
    games: int,
    players: tuple[str, ...],
    seed: int,
    jobs: int,
    rounds: int,
    output: OutputFormat,
) -> None:
    from kitgen.simulation import simulate_shapeup

    report = _with_progress(
        simulate_shapeup,
        "game" if rounds > 1 else "round",
        setup=setup,
        games=games,
        players=players,
        seed=seed,
        jobs=jobs,
        rounds=rounds,
    )
    if output is OutputFormat.json:
        echo(json.dumps(report, indent=2))
        return
    echo(
        f"Shape Up! {report['setup']}: {report['games']:,} rounds, seed {report['seed']}; "
        "the first player rotates"
    )
    for p in report["players"]:
        low, high = p["win_rate_95"]
        echo(
            f"  seat {p['seat']} ({p['player']}): wins {p['win_rate']:.1%} (95%: {low:.1%} to "
            f"{high:.1%}), {p['points_per_game']:.2f} points a round"
        )
    first = report["first_player"]
    echo(
        f"  the first player wins {first['win_rate']:.1%} (95%: {first['win_rate_95'][0]:.1%} "
        f"to {first['win_rate_95'][1]:.1%}; a fair share is {first['fair_share']:.1%}) and "
        f"scores {first['points_per_game']:.2f} a round against "
        f"{first['others_points_per_game']:.2f} for the others"
    )
    ties = report["ties"] / report["games"] if report["games"] else 0
    margin = report["winning_margin"]
    echo(f"  ties {ties:.1%}; a round is won by {margin} points on average")
    full = report["full_games"]
    if full:
        echo(f"  full games of {full['rounds_per_game']:g} rounds: {full['played']:,}")
        for p, rate, (low, high) in zip(
            report["players"], full["win_rate"], full["win_rate_95"], strict=True
        ):
            echo(
                f"    seat {p['seat']} ({p['player']}) wins {rate:.1%} of them "
                f"(95%: {low:.1%} to {high:.1%})"
            )
        echo(f"    tied: {full['ties'] / full['played']:.1%}")


def _numbers(text: str, option: str) -> list[int]:
    """`7,5,3` as numbers, each once, in the order given."""
    from kitgen.errors import UsageError

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


def _simulate_scaffold(
    mode: str,
    hands: list[int],
    turns: list[int],
    games: int,
    players: tuple[str, ...],
    seed: int,
    jobs: int,
    output: OutputFormat,
) -> None:
    from kitgen.games.scaffold.sim import ENDS
    from kitgen.simulation import simulate_scaffold

    report = _with_progress(
        simulate_scaffold,
        mode=mode,
        hands=hands,
        turns=turns,
        games=games,
        players=players,
        seed=seed,
        jobs=jobs,
    )
    if output is OutputFormat.json:
        echo(json.dumps(report, indent=2))
        return
    who = report["players"]
    echo(
        f"Scaffold, {mode}: red {who['red']} (plays first), black {who['black']};"
        f" {games:,} games a set-up, seed {seed}"
    )
    for row in report["setups"]:
        n = row["games"]
        if mode == "cooperative":
            done = row["complete"]["rate"]
            low, high = row["complete"]["rate_95"]
            echo(
                f"  hand {row['hand_size']}, {row['turns']} turns: building completed"
                f" {done:.1%} (95%: {low:.1%} to {high:.1%}); score 0 or more"
                f" {row['score_not_negative']['rate']:.1%}; mean score {row['mean_score']:+.2f};"
                f" {row['trades_per_game']:.2f} trades a game"
            )
        else:
            red = row["red_wins"]["rate"]
            low, high = row["red_wins"]["rate_95"]
            echo(
                f"  hand {row['hand_size']}: red wins {red:.1%} (95%: {low:.1%} to {high:.1%}),"
                f" black {row['black_wins']['rate']:.1%}, ties {row['ties'] / n:.1%};"
                f" spaces {row['red_spaces']:.2f} to {row['black_spaces']:.2f}"
            )
        ends = ", ".join(f"{ENDS[code]} {count / n:.0%}" for code, count in row["ends"].items())
        echo(f"    {row['moves_per_game']} moves a game; ends: {ends}")


def _percent(value: float | None, *, sign: bool = False) -> str:
    if value is None:
        return "-"
    return f"{value:+.1%}" if sign else f"{value:.1%}"


@app.command()
@_friendly
@follows_references
def build(
    targets: Annotated[
        list[str],
        typer.Argument(
            help="What to build: a game id (scratch, shapeup, scaffold, staircase, galliard), "
            "`all`, or a kit, deck or cards file.",
            metavar="GAME|FILE",
            show_default=False,
        ),
    ],
    out: OutOption = "output",
    paper: PaperOption = None,
    card_size: CardSizeOption = None,
    bleed: BleedOption = None,
    margin: MarginOption = None,
    gutter: GutterOption = None,
    duplex: DuplexOption = None,
    back_offset: BackOffsetOption = None,
    ink: InkOption = None,
    extra_commons: ExtraCommonsOption = None,
    standard_deck: StandardDeckOption = None,
    allow_outside: AllowOutsideOption = False,
) -> None:
    """Build print-and-play PDFs and print the paths written, one per line."""
    from kitgen.build import build as run_build

    options = build_options(
        out=out,
        paper=paper,
        card_size=card_size,
        bleed=bleed,
        margin=margin,
        gutter=gutter,
        duplex=duplex,
        back_offset=back_offset,
        ink=ink,
        extra_commons=extra_commons,
        standard_deck=standard_deck,
    )
    with progress_bar() as bar:
        result = run_build(targets, options, progress=bar)
    echo_result(result, "some files were not built: fix the errors above")


# Commands that live in their own modules (they import from cli_common, not from here).
def _register_modules() -> None:
    from kitgen import cli_calibrate, cli_export, cli_schema, cli_watch

    for module in (cli_export, cli_calibrate, cli_watch, cli_schema):
        module.register(app)


_register_modules()


def main() -> None:
    """Entry point (kept for scripts that call `kitgen.cli.main`): see kitgen.entry."""
    from kitgen.entry import main as run

    run()
