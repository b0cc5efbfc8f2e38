"""Starter files for `kitgen new`: a card file, a deck, or a game's folder.

Each starter is YAML with comments that teach its format, and checks clean.
The numbers in it (deck size, commons, card budgets, a staircase's score) come
from kitgen's game data and rules, so the comments stay true when they change.
The text around them lives in `templates/new/`.
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import shutil
import tempfile
import textwrap
import unicodedata
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kitgen.errors import KitgenError
from kitgen.model.kinds import GAME_IDS
from kitgen.paths import templates_dir

if TYPE_CHECKING:
    from kitgen.games.scratch.model import RaritySpec, ScratchParameters, ScratchPool

MAX_NAME = 80  # the longest `name:` the file models take
STARTERS = ("cards", "deck", "game")

# What each kit component prints, for the kit file's comments.
COMPONENT_HELP = {
    "cards": "the card sheets, fronts and backs",
    "mat": "the play mat",
    "reference": "the reference cards listed under `reference:`",
    "rules": "the rule booklets of the `rules:` file",
    "score-sheets": "a score sheet for each player",
    "score-pad": "the score pad for 2, 3 and 4 players",
    "mats": "the two boards, tiled over several sheets",
    "team-cards": "the red and black team cards",
    "turn-track": "the cooperative turn track",
    "score-sheet": "the score sheet",
    "action-cards": "the action reference cards, one per player",
    "cabal-cards": "the cabal reference cards, one per player",
    "tracker": "the score tracker",
}

# Official Scratch cards a starter deck prefers, in order; any others fill in.
_COMMONS = ("Worg", "Goblin", "Drake", "Captain of the Guard")
_OTHERS = ("Griffin", "Knight", "Dragon", "Queen", "Ranger", "Owlbear", "Wyvern")
_SIDES = ("top", "right", "bottom", "left")


@dataclass(frozen=True)
class Starter:
    """One file to write: where, and its text."""

    path: str
    text: str


@dataclass(frozen=True)
class CardIdea:
    """A card of the starter card file, before its sides are worked out."""

    name: str
    faction: str  # as written in the file: an id or a printed name
    rarity: str
    power: str | None  # as written: a printed name or an id
    lean: int  # points moved from the side opposite the strong one to it
    teaches: str  # the comment above it; `{sum}` becomes its budget in words


# The starter card file: a new faction and power, and cards that show each field.
NEW_FACTION = {"id": "tinkerer", "name": "Tinkerer", "colour": "#b5651d", "tendency": "right"}
NEW_POWER = {
    "id": "spare-parts",
    "name": "Spare parts!",
    "faction": "tinkerer",
    "text": "After this card captures, you may discard one card from your hand; you refill "
    "your hand at the end of the turn as usual.",
}
CARD_IDEAS = (
    CardIdea(
        "Cogwright",
        "tinkerer",
        "common",
        None,
        1,
        "A common with no power: its sides add up to {sum}. Leave `power:` out for a card "
        "without one.",
    ),
    CardIdea(
        "Scrap Hound",
        "Tinkerer",
        "common",
        "Spare parts!",
        1,
        "A common with the new power, named by its printed name (ids work too, as for "
        "factions and rarities): its sides add up to {sum}.",
    ),
    CardIdea(
        "Gate Warden",
        "Kingdom",
        "rare",
        "Stand your ground!",
        2,
        "An official faction and power in a card of your own: a rare, so its sides add "
        "up to {sum}.",
    ),
    CardIdea(
        "Clockwork Colossus",
        "tinkerer",
        "unique",
        "a-little-slow",
        2,
        "A unique whose power pays for a drawback, named by its id: its sides add up to {sum}.",
    ),
)


# --- names -----------------------------------------------------------------------------


def check_name(name: str) -> str:
    """The name, trimmed, or a UsageError saying why it cannot name a file's contents."""
    from kitgen.errors import UsageError

    text = name.strip()
    if not text:
        raise UsageError("give a name with at least one letter or digit, like 'Tinker town'")
    if len(text) > MAX_NAME:
        raise UsageError(f"the name has {len(text)} characters; at most {MAX_NAME}, please")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise UsageError("the name is not valid text (check the terminal's encoding)") from None
    return text


def slug(name: str) -> str:
    """A file name for a name: lowercase ASCII words joined by dashes (`Tinker town!` ->
    `tinker-town`); when nothing is left, the letters and digits of other scripts
    (`城堡`), then symbols beyond ASCII (`☃☃☃`, `♠ ♥` -> `♠-♥`); "" when the name has
    none of these (`!!!`)."""
    ascii_form = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    out = re.sub(r"[^a-z0-9]+", "-", ascii_form.casefold()).strip("-")
    if not out:
        out = re.sub(r"[\W_]+", "-", name.casefold()).strip("-")
    if not out:
        out = "-".join("".join(ch if _symbol(ch) else " " for ch in name).split())
    return out[:60].rstrip("-")


def _symbol(ch: str) -> bool:
    """A symbol beyond ASCII that no file system minds (`☃`, `♠`, `€`), and none that
    stands for ASCII punctuation (a fullwidth less-than sign or solidus)."""
    return (
        not ch.isascii()
        and unicodedata.category(ch).startswith("S")
        and not unicodedata.normalize("NFKC", ch).isascii()
    )


_PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9 '!?.,()&-]*")
_NOT_PLAIN = {"y", "n", "yes", "no", "on", "off", "true", "false", "null"}


def yaml_text(text: str) -> str:
    """Text as a YAML value that reads back as exactly this text (quoted when needed)."""
    if (
        _PLAIN.fullmatch(text)
        and not text.endswith(" ")
        and ": " not in text
        and " #" not in text
        and text.casefold() not in _NOT_PLAIN
    ):
        return text
    return '"' + "".join(_escape(ch) for ch in text) + '"'


def _is_printable(ch: str) -> bool:
    """Characters YAML allows as they are inside double quotes (line breaks excepted)."""
    code = ord(ch)
    return (
        0x20 <= code <= 0x7E
        or 0xA0 <= code <= 0xD7FF
        or (0xE000 <= code <= 0xFFFD and code != 0xFEFF)
        or 0x10000 <= code <= 0x10FFFF
    ) and ch not in "\u2028\u2029"


def _escape(ch: str) -> str:
    if ch in '"\\':
        return "\\" + ch
    if _is_printable(ch):
        return ch
    code = ord(ch)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def comment_text(text: str) -> str:
    """Text safe inside a `#` comment: one line, printable."""
    return "".join(ch if _is_printable(ch) else " " for ch in text)


# --- templates -------------------------------------------------------------------------


def _template(name: str) -> str:
    """A starter template from `templates/new/`."""
    path = templates_dir() / "new" / f"{name}.tmpl"
    try:
        return path.read_text(encoding="utf-8")
    except OSError as err:
        raise KitgenError(f"cannot read {path}: {err.strerror}; reinstall kitgen") from None


def _fill(template: str, **values: str) -> str:
    """Replace each `[[ name ]]` with its value; every name must be given."""

    def swap(match: re.Match[str]) -> str:
        key = match.group(1)
        if key not in values:
            raise KeyError(f"the starter template names [[ {key} ]], which is not given")
        return values[key]

    text = re.sub(r"\[\[ ([a-z_]+) \]\]", swap, template)
    return "\n".join(_wrap_comment(line) for line in text.split("\n"))


_COMMENT = re.compile(r"^(\s*# *)(- )?(.*)$")


def _wrap_comment(line: str, width: int = 79) -> str:
    """A long comment line as several (list items keep their hanging indent)."""
    found = _COMMENT.match(line)
    if len(line) <= width or found is None or "yaml-language-server:" in line:
        return line
    lead, bullet, body = found.group(1), found.group(2) or "", found.group(3)
    return textwrap.fill(
        body,
        width,
        initial_indent=lead + bullet,
        subsequent_indent=lead + " " * len(bullet),
        break_long_words=False,
        break_on_hyphens=False,
    )


def schema_line(kind: str, schema_path: str | None) -> str:
    """The first line of a starter: where an editor finds the file's schema."""
    if schema_path is None:
        return (
            f"# For completion and checks in your editor: `kitgen schema {kind} -o "
            f"{kind}.schema.json`, then see the README (Editor support)."
        )
    return f"# yaml-language-server: $schema={schema_path}"


# --- Scratch ---------------------------------------------------------------------------


def _spread(total: int, strong: str | None, lean: int, low: int, high: int) -> dict[str, int]:
    """Four side values adding up to total, `lean` points moved from the side opposite the
    strong one to it (so the strong side is never the lower of the two)."""
    start = _SIDES.index(strong) if strong is not None else 0
    order = [_SIDES[(start + i) % 4] for i in range(4)]  # strong, next, opposite, last
    values = [total // 4] * 4
    for i in (0, 1, 3, 2)[: total % 4]:
        values[i] += 1
    shift = max(0, min(lean, values[2] - low, high - values[0]))
    values[0] += shift
    values[2] -= shift
    if not all(low <= v <= high for v in values) or sum(values) != total:
        raise KitgenError(f"no starter card adds up to {total} with sides {low} to {high}")
    return dict(zip(order, values, strict=True))


@dataclass(frozen=True)
class _Card:
    name: str
    faction_id: str
    rarity_id: str


def _flow(stats: dict[str, int]) -> str:
    return "{" + ", ".join(f"{side}: {stats[side]}" for side in _SIDES) + "}"


def _power_words(pool: ScratchPool, ref: str | None) -> tuple[int, str]:
    """A power's budget bonus and how the comments name it."""
    power = pool.power(ref)
    bonus = power.budget_bonus if power is not None else 0
    if ref is None:
        return bonus, "no power"
    return bonus, power.name if power is not None else ref


def _starter_pool() -> tuple[ScratchPool, ScratchParameters]:
    """The official pool with the starter's faction and power added, and the parameters."""
    from kitgen.games.scratch.load import official
    from kitgen.games.scratch.model import FactionSpec, PowerSpec, ScratchCardsFile

    base = official()
    pool = base.pool.copy()
    extra = ScratchCardsFile(
        game="scratch",
        kind="cards",
        factions=[FactionSpec.model_validate(NEW_FACTION)],
        powers=[PowerSpec.model_validate(NEW_POWER)],
    )
    pool.add(extra)
    return pool, base.params


def starter_cards(pool: ScratchPool, params: ScratchParameters) -> tuple[list[str], list[_Card]]:
    """The `cards:` entries of the starter card file, and the cards for a deck."""
    from kitgen.games.scratch.rules import card_budget

    lines: list[str] = []
    cards: list[_Card] = []
    for idea in CARD_IDEAS:
        rarity, faction = pool.rarity(idea.rarity), pool.faction(idea.faction)
        assert rarity is not None and faction is not None, idea
        power = pool.power(idea.power)
        total = card_budget(rarity, power)
        bonus, words = _power_words(pool, idea.power)
        sum_words = f"{rarity.budget} + {bonus} ({words}) = {total}" if bonus else str(total)
        stats = _spread(total, faction.tendency, idea.lean, params.stat_min, params.stat_max)
        limit = _limit_sentence(rarity)
        lines += [
            f"  # {idea.teaches.format(sum=sum_words)}" + (f" {limit}" if limit else ""),
            f"  - name: {yaml_text(idea.name)}",
            f"    faction: {yaml_text(idea.faction)}",
            f"    rarity: {idea.rarity}",
            f"    stats: {_flow(stats)}",
        ]
        if idea.power is not None:
            lines.append(f"    power: {yaml_text(idea.power)}")
        cards.append(_Card(idea.name, faction.id, rarity.id))
    return lines, cards


def _official_cards(pool: ScratchPool) -> list[_Card]:
    """The official cards, the starter's favourites first."""
    from kitgen.games.scratch.load import official

    cards = []
    for card in {id(c): c for c in official().pool.cards.values()}.values():
        rarity, faction = pool.rarity(card.rarity), pool.faction(card.faction)
        if rarity is not None and faction is not None:
            cards.append(_Card(card.name, faction.id, rarity.id))
    rank = {name: i for i, name in enumerate((*_COMMONS, *_OTHERS))}
    return sorted(cards, key=lambda c: rank.get(c.name, len(rank)))


def compose_deck(
    cards: list[_Card], pool: ScratchPool, params: ScratchParameters
) -> dict[str, int]:
    """A legal deck from cards in order of preference: strong cards up to what the rules
    leave after the commons, one of each and one unique per faction, then commons in pairs."""
    from kitgen.games.scratch.rules import COMMON

    deck: dict[str, int] = {}
    others = params.deck_size - params.min_commons
    per_faction: set[str] = set()  # factions with a one-per-faction card already
    for card in cards:
        rarity = pool.rarity(card.rarity_id)
        if card.rarity_id == COMMON or rarity is None or len(deck) >= others:
            continue
        if rarity.limit == "one-per-faction":
            if card.faction_id in per_faction:
                continue
            per_faction.add(card.faction_id)
        deck[card.name] = 1  # one copy: a second of a limited card only waits in the hand
    commons = [c.name for c in cards if c.rarity_id == COMMON]
    if not commons:
        raise KitgenError("kitgen's card pool has no common cards for a starter deck")
    i = 0
    while sum(deck.values()) < params.deck_size:
        name = commons[(i // 2) % len(commons)]
        deck[name] = deck.get(name, 0) + 1
        i += 1
    return deck


def _deck_lines(deck: dict[str, int], pool: ScratchPool, cards: list[_Card]) -> list[str]:
    """The deck's `cards:` entries, grouped by rarity with a comment each."""
    by_name = {c.name: c for c in cards}
    lines: list[str] = []
    for rarity in _rarities(pool):
        names = [n for n in deck if by_name[n].rarity_id == rarity.id]
        if not names:
            continue
        lines.append(f"  # {rarity.name} ({sum(deck[n] for n in names)})")
        lines += [f"  {yaml_text(n)}: {deck[n]}" for n in names]
    return lines


def _rarities(pool: ScratchPool) -> list[RaritySpec]:
    """Each rarity once, in the order declared."""
    return list({r.id: r for r in pool.rarities.values()}.values())


def _limit_sentence(rarity: RaritySpec) -> str | None:
    """What a rarity's play limit means, or None when it has none."""
    if rarity.limit == "one-per-name":
        return f"Only one {rarity.name} of each name can be in play at a time."
    if rarity.limit == "one-per-faction":
        return f"Only one {rarity.name} of each faction can be in play at a time."
    return None


def _deck_rule(rarity: RaritySpec) -> str:
    """A rarity's limit as a deck rule, for the deck's comments."""
    advice = "one copy is enough" if rarity.limit == "one-per-name" else "take one per faction"
    return (
        f"{_limit_sentence(rarity)} So {advice}: another only waits in your hand, and "
        "`kitgen check` warns about it."
    )


def _scratch_values(pool: ScratchPool, params: ScratchParameters) -> dict[str, str]:
    """What the Scratch templates name: the game's numbers and the card formula in words."""
    rarities = _rarities(pool)
    none_bonus, _ = _power_words(pool, None)
    slow = pool.power("a-little-slow")
    budgets = ", ".join(f"{r.name} {r.budget}" for r in rarities)
    bonuses = f"no power +{none_bonus}" + (
        f", {slow.name} +{slow.budget_bonus}" if slow is not None and slow.budget_bonus else ""
    )
    return {
        "deck_size": str(params.deck_size),
        "min_commons": str(params.min_commons),
        "hand_size": str(params.hand_size),
        "stat_min": str(params.stat_min),
        "stat_max": str(params.stat_max),
        "budgets": budgets,
        "bonuses": bonuses,
        "rarity_rules": "\n".join(f"#   - {_deck_rule(r)}" for r in rarities if r.limit != "none"),
    }


def cards_file(name: str, schema_path: str | None) -> str:
    """The text of a starter Scratch card file."""
    pool, params = _starter_pool()
    lines, _ = starter_cards(pool, params)
    return _fill(
        _template("cards.yaml"),
        schema_line=schema_line("cards", schema_path),
        title=comment_text(name),
        faction_id=NEW_FACTION["id"],
        faction_name=yaml_text(NEW_FACTION["name"]),
        faction_colour=NEW_FACTION["colour"],
        faction_tendency=NEW_FACTION["tendency"],
        power_id=NEW_POWER["id"],
        power_name=yaml_text(NEW_POWER["name"]),
        power_faction=NEW_POWER["faction"],
        power_text=textwrap.fill(NEW_POWER["text"], 72, subsequent_indent="      "),
        cards="\n".join(lines),
        **_scratch_values(pool, params),
    )


def deck_file(name: str, schema_path: str | None, uses: str | None = None) -> str:
    """The text of a legal starter deck: official cards, or with `uses` the starter's own too."""
    pool, params = _starter_pool()
    official_cards = _official_cards(pool)
    cards = official_cards
    if uses is not None:
        cards = starter_cards(pool, params)[1] + official_cards
    deck = compose_deck(cards, pool, params)
    if uses is None:
        uses_lines = (
            "# Custom cards come from card files, named here relative to this deck\n"
            "# (`kitgen new cards NAME` writes one). Uncomment and change to use yours:\n"
            "# uses: [my-cards.yaml]"
        )
    else:
        uses_lines = (
            "# Card files with custom cards, relative to this deck. Their cards join\n"
            f"# the official ones.\nuses: [{uses}]"
        )
    return _fill(
        _template("deck.yaml"),
        schema_line=schema_line("deck", schema_path),
        title=comment_text(name),
        name=yaml_text(name),
        uses=uses_lines,
        cards="\n".join(_deck_lines(deck, pool, cards)),
        **_scratch_values(pool, params),
    )


# --- games -----------------------------------------------------------------------------


def _settings_lines() -> tuple[str, str]:
    """What each print setting takes (a comment), and the settings: two set, the rest
    commented out with kitgen's default."""
    from kitgen.model.kit import DEFAULTS, PrintSettings
    from kitgen.schema import field_help

    shown = {"card_size", "duplex"}
    about, lines = [], []
    for key in PrintSettings.model_fields:
        about.append(f"#   - {key}: {field_help(PrintSettings, key)}")
        default = getattr(DEFAULTS, key)
        lines.append(f"  {key}: {default}" if key in shown else f"  # {key}: {default}")
    return "\n".join(about), "\n".join(lines)


def _kit_model(game: str) -> Any:
    from kitgen.load.documents import MODELS

    return MODELS[(game, "kit")]


def _components(game: str) -> tuple[str, str]:
    """The kit's component list, and a comment line for each."""
    model = _kit_model(game)
    components = list(model.model_fields["components"].get_default(call_default_factory=True))
    about = "\n".join(f"#   {c}: {COMPONENT_HELP[c]}" for c in components)
    return "[" + ", ".join(components) + "]", about


def _standard_deck(game: str) -> str:
    if "standard_deck" not in _kit_model(game).model_fields:
        return ""
    return (
        "# This game is played with a standard deck of cards, which most players own.\n"
        "# Set this to true (or build with --standard-deck) to print kitgen's 54-card\n"
        "# deck as well.\n"
        "standard_deck: false\n"
    )


def _figure(game: str) -> str:
    """A figure block for the starter rules: one each game draws, with valid `args:`."""
    from kitgen.model.figures import CardArgs, ShapeUpCardArgs

    if game == "scratch":
        card = CardArgs().card
        return (
            "      - figure: card-anatomy\n"
            f"        caption: {yaml_text('The parts of a card: ' + card)}\n"
            f"        args: {{card: {yaml_text(card)}}}"
        )
    if game == "shapeup":
        card = ShapeUpCardArgs().card
        return (
            "      - figure: card\n"
            "        caption: A card has a colour, a fill and a shape.\n"
            f"        args: {{card: {card}}}"
        )
    if game == "scaffold":
        from kitgen.games.scaffold.rules import BOARDS, CENTRE, SIZE

        board = BOARDS["competitive"]
        rows = []
        for r in range(SIZE):
            cells = [
                "KH" if r * SIZE + c == CENTRE else "." if board.is_space(r * SIZE + c) else "-"
                for c in range(SIZE)
            ]
            rows.append("            - [" + ", ".join(cells) + "]")
        return (
            "      - figure: board\n"
            "        caption: The competitive board at the start, the centre turned up.\n"
            "        args:\n"
            "          mode: competitive\n"
            "          board:\n" + "\n".join(rows)
        )
    if game == "staircase":
        from kitgen.games.staircase.figure_args import StaircaseArgs, read_staircase

        cards = ["5H", "6S", "7D", "KH"]
        score = read_staircase(StaircaseArgs(cards=cards, total=0)).score
        assert score is not None
        return (
            "      - figure: staircase\n"
            "        caption: A staircase and its score; the check verifies the total it "
            "claims.\n"
            f"        args: {{cards: [{', '.join(cards)}], total: {score.total}}}"
        )
    from kitgen.games.galliard.figure_args import CabalArgs, read_cabal

    cards = ["QH", "QS", "QD", "QC", "KH"]
    supported = read_cabal(CabalArgs(cards=cards, supported=False)).supported
    return (
        "      - figure: cabal\n"
        "        caption: A cabal of royals; the check verifies whether it is supported.\n"
        f"        args: {{cards: [{', '.join(cards)}], supported: {str(supported).lower()}}}"
    )


def _game_values(game: str, name: str) -> dict[str, str]:
    """What every game template names: the game, its title, players, and the new name."""
    from kitgen.load.rules import game_context

    context = game_context(game)
    low, high = context.get("players_min"), context.get("players_max")
    players = "{{ players_min }}" if low == high else "{{ players_min }} to {{ players_max }}"
    return {
        "players": players + " players",
        "game": game,
        "game_title": comment_text(str(context.get("title", game))),
        "name": yaml_text(name),
        "title": comment_text(name),
    }


def kit_file(game: str, name: str, schema_path: str) -> str:
    """The text of a starter kit file for a game."""
    components, about = _components(game)
    settings_help, settings = _settings_lines()
    template = "kit-scratch.yaml" if game == "scratch" else "kit.yaml"
    return _fill(
        _template(template),
        schema_line=schema_line("kit", schema_path),
        components=components,
        components_help=about,
        standard_deck=_standard_deck(game),
        settings_help=settings_help,
        settings=settings,
        **_game_values(game, name),
    )


def rules_file(game: str, name: str, schema_path: str) -> str:
    """The text of a short house-rules file for a game."""
    values = _game_values(game, name)
    if game == "scratch":
        pool, _ = _starter_pool()
        rows = "\n".join(
            f'            - [{yaml_text(r.name)}, "{r.budget}"]' for r in _rarities(pool)
        )
        return _fill(
            _template("rules-scratch.yaml"),
            schema_line=schema_line("rules", schema_path),
            figure=_figure(game),
            rarity_rows=rows,
            **values,
        )
    return _fill(
        _template("rules.yaml"),
        schema_line=schema_line("rules", schema_path),
        figure=_figure(game),
        **values,
    )


def game_folder(game: str, name: str) -> list[Starter]:
    """The files of a starter game folder, paths relative to it."""
    from kitgen.schema import schema_text

    if game not in GAME_IDS:
        from kitgen.errors import UsageError

        raise UsageError(f"{game!r} is not a game; games: {', '.join(GAME_IDS)}")
    files = [Starter("kit.yaml", kit_file(game, name, "schemas/kit.schema.json"))]
    if game == "scratch":
        files += [
            Starter("cards.yaml", cards_file(name, "schemas/cards.schema.json")),
            Starter(
                "deck.yaml", deck_file("Starter deck", "schemas/deck.schema.json", "cards.yaml")
            ),
        ]
    files.append(Starter("rules.yaml", rules_file(game, name, "schemas/rules.schema.json")))
    files += [
        Starter(f"schemas/{kind}.schema.json", schema_text(kind, game)) for kind in kinds_of(game)
    ]
    return files


def kinds_of(game: str) -> list[str]:
    """The kinds of file a game has, in kitgen's order."""
    from kitgen.model.kinds import KINDS
    from kitgen.schema import games_with

    return [kind for kind in KINDS if game in games_with(kind)]


# --- planning and writing --------------------------------------------------------------


def plan(what: str, name: str, folder: str, game: str = "scratch") -> list[Starter]:
    """The files `kitgen new` writes, with their paths under folder."""
    from kitgen.errors import UsageError

    name = check_name(name)
    if os.path.lexists(folder) and not os.path.isdir(folder):
        raise KitgenError(f"{folder} is a file, not a folder to write into")
    if what not in STARTERS:
        raise UsageError(f"kitgen new makes one of: {', '.join(STARTERS)}")
    stem = slug(name)
    if not stem:
        raise UsageError(
            "the name makes no file name: give it a letter, a digit or a symbol beyond "
            "ASCII, like 'Tinker town'"
        )
    if what == "game":
        base = os.path.join(folder, stem)
        return [
            Starter(os.path.normpath(os.path.join(base, s.path)), s.text)
            for s in game_folder(game, name)
        ]
    if game != "scratch":
        raise UsageError(f"{what} files are Scratch's; other games have none")
    own = os.path.join(folder, "schemas", f"{what}.schema.json")
    schema_path = f"schemas/{what}.schema.json" if os.path.isfile(own) else None
    text = cards_file(name, schema_path) if what == "cards" else deck_file(name, schema_path)
    return [Starter(os.path.normpath(os.path.join(folder, f"{stem}.yaml")), text)]


def write(starters: list[Starter], *, force: bool = False) -> list[str]:
    """Write the starters (none when one would overwrite a file, unless forced)."""
    if not force:
        taken = [s.path for s in starters if os.path.lexists(s.path)]
        if taken:
            more = f" (and {len(taken) - 1} more)" if len(taken) > 1 else ""
            raise KitgenError(
                f"{taken[0]} exists{more}; use --force to overwrite, or pick another name"
            )
    base = os.path.commonpath([s.path for s in starters]) if len(starters) > 1 else None
    if base is not None and not os.path.lexists(base):
        _write_staged(base, starters)
    else:
        _write_each(starters)
    return [s.path for s in starters]


def _write_one(starter: Starter, path: str) -> None:
    from kitgen.atomic import write_atomic

    try:
        write_atomic(path, starter.text.encode("utf-8"))
    except OSError as err:
        raise KitgenError(f"cannot write {starter.path}: {err.strerror or err}") from None


def _write_staged(base: str, starters: list[Starter]) -> None:
    """A new folder of starters: written into a hidden folder beside it, which takes its
    name only when whole. A full disk or Ctrl-C leaves no half-made folder to block
    the next try, and the one a killed run left goes with the next run."""
    from kitgen.atomic import STAGE_TAG, remove_stale, stage_name_pid

    parent = os.path.dirname(os.path.abspath(base))
    # Named with this process's id, as export's staged folders are: a killed run's is
    # removed by the next one.
    prefix = f".{os.path.basename(base)}.{STAGE_TAG}-{os.getpid()}-"
    try:
        os.makedirs(parent, exist_ok=True)
        remove_stale(parent, stage_name_pid)
        stage = tempfile.mkdtemp(prefix=prefix, suffix=".part", dir=parent)
    except OSError as err:
        raise KitgenError(f"cannot write {base}: {err.strerror or err}") from None
    try:
        for s in starters:
            _write_one(s, os.path.join(stage, os.path.relpath(s.path, base)))
        os.chmod(stage, 0o755)
        try:
            os.rename(stage, base)  # never over a folder made meanwhile (but an empty one)
        except OSError as err:
            raise KitgenError(f"cannot write {base}: {err.strerror or err}") from None
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)
        raise


def _write_each(starters: list[Starter]) -> None:
    """Starters into folders that exist: each file whole; if one fails, the files this
    run made are removed again (those it overwrote, with --force, stay new)."""
    made: list[str] = []
    try:
        for s in starters:
            new = not os.path.lexists(s.path)
            _write_one(s, s.path)
            if new:
                made.append(s.path)
    except BaseException:
        for path in made:
            with contextlib.suppress(OSError):
                os.unlink(path)
        raise


def next_steps(what: str, written: list[str]) -> list[str]:
    """What to do with the new files, as commands to type."""
    main = next((p for p in written if p.endswith("kit.yaml")), written[0])
    folder = os.path.dirname(main) or "."
    steps = [
        (
            f"kitgen check {shlex.quote(folder if what == 'game' else main)}",
            "every problem, with its line and column",
        ),
        (f"kitgen build {shlex.quote(main)}", "print-and-play PDFs, into output/"),
    ]
    if what != "game" or os.path.isfile(os.path.join(folder, "cards.yaml")):
        steps.append(
            (f"kitgen export png {shlex.quote(main)}", "one PNG per card (pdf, tts: more exports)")
        )
    else:
        steps.append(("kitgen export --help", "PNG images and other exports"))
    width = max(len(command) for command, _ in steps)
    return ["Next steps:", *(f"  {command:<{width}}  # {why}" for command, why in steps)]
