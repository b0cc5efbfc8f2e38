"""JSON Schemas of kitgen's file kinds, for editors that complete and check YAML.

The schemas are made from the same pydantic models that read the files, then
taught what the models' own validators accept (a number where a length is
text, a bare number where a card is text, non-empty text, ids and colours) and
what their model validators require (a record's `decks` or `deal`, a rules
block's one kind). They are draft-07, the dialect yaml-language-server (the
YAML extension of VS Code and others) supports best: one schema covers every
game that has a kind, `if`/`then` on `game:` choosing the game's model, so an
editor completes the keys of the game the file names. A rules block offers
its game's figures, and `if`/`then` on `figure:` checks that figure's `args:`.

Pure Python: no I/O.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from functools import cache
from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue, models_json_schema
from pydantic_core import core_schema

from kitgen import registry
from kitgen.layout.paper import CARDS, PAPERS
from kitgen.layout.units import UNITS
from kitgen.layout.words import ENGLISH, WHERE
from kitgen.load.documents import MODELS
from kitgen.model.base import _COLOUR, _ID, present
from kitgen.model.game import ANY_GAME, DECK_RULES
from kitgen.model.kinds import KINDS
from kitgen.model.kit import PrintSettings
from kitgen.model.rules import BLOCK_KINDS

DIALECT = "http://json-schema.org/draft-07/schema#"
_REF = "#/definitions/"

# What each kind holds, as docs/formats.md says it: the schema's hover text.
KIND_HELP = {
    "cards": "A card pool: Scratch card definitions, and new rarities, factions and powers.",
    "deck": "A Scratch deck list: a name and a mapping of card name to count, optionally "
    "`uses:` card files (paths relative to the deck file) with custom cards.",
    "position": "A board or table to score: a Shape Up! grid with victory cards, Staircase "
    "staircases, Galliard cabals, a Scaffold board.",
    "record": "A recorded game: its setup (a seed or an explicit deal) and the list of moves; "
    "kitgen replays it and names the first illegal move.",
    "kit": "What to print for a game: its components, and print settings (paper, card size, "
    "bleed, backs) that the command line can override.",
    "rules": "A game's rules as sections of blocks, for the rule booklets and the quick "
    "reference; `{{ name }}` prints a game parameter.",
    "game": "Facts about a game that the command line, the rules engine and the rule booklet "
    "share: title, players, components and the game's numbers.",
}

# Hover text for fields, by `Model.field` (one model) or `field` (every model with it):
# what every game's files share. A game adds its own (`Game.schema_help`). The models
# say most of this in comments; here it becomes the editor's hover text.
FIELD_HELP = {
    "game": "The game this file is for.",
    "kind": "What this file holds.",
    "id": "A short id: lowercase letters, digits and single dashes (like `first-strike`).",
    "components": "What to print; leave it out for everything the game's kit has.",
    "GameFile.components": "What the game's printed kit contains: each part's id, title and "
    "what it is for (`kitgen list` shows them).",
    "settings": "Print settings; the command line overrides them, and kitgen's defaults fill "
    "in what is left out.",
    "KitBase.name": "The kit's name, printed on its pages.",
    "KitBase.file_prefix": "What the kit's file names start with (`scratch` writes "
    "scratch-cards.pdf); without it, the kit's name in lower-case words joined by dashes.",
    "KitBase.rules": "A rules file, relative to this kit, for the rule booklets; or one per "
    "language of the game's editions (`{en: rules.yaml, de: rules-de.yaml}`), its first "
    "language's among them.",
    "standard_deck": "Also print kitgen's standard deck: 52 cards, and the jokers when the game "
    "uses them (most players own a deck).",
    "PrintSettings.paper": "a4, letter, a3, tabloid, a5, half-letter, or WxH like 210x297mm.",
    "PrintSettings.card_size": "poker (63x88 mm), poker-us, bridge, mini-euro, mini-us, tarot, "
    "square, or WxH like 60x90mm.",
    "PrintSettings.bleed": "Printed margin around each card, cut away (like 3mm; 0 butts cards "
    "together).",
    "PrintSettings.margin": "The edge of the paper the printer cannot print (like 5mm).",
    "PrintSettings.gutter": "Extra space between cards, beyond their bleed (like 2mm).",
    "PrintSettings.duplex": "Backs: long or short (a duplex printer's flip edge), fold "
    "(fold-and-glue sheets) or none (fronts only).",
    "PrintSettings.back_offset": "Shift back pages by DX,DY millimetres to correct a printer "
    "(like 0.5,-1); `kitgen calibrate` measures it.",
    "PrintSettings.ink": "normal, or low: no large fills, greyscale-friendly.",
    "seed": "The seed that shuffles the deal: the same seed always deals the same cards.",
    "moves": "The moves in the order they were played, in the game's move notation.",
    "hand_size": "Cards in each hand; leave it out for the game's number.",
    "RulesFile.title": "The booklet's title.",
    "RulesFile.subtitle": "A line under the title.",
    "RulesFile.credits": "Who made the game and the text, on the booklet's cover.",
    "RulesFile.playing_time": "The playing time the covers print (`20分`), in this file's "
    "language; unset: the game file's.",
    "RulesFile.summary": "The summary the covers print, in this file's language; unset: the "
    "game file's.",
    "RulesFile.sections": "The numbered sections of the booklet.",
    "RulesFile.quick_reference": "Sections for the one-page quick reference.",
    "RulesFile.language": (
        "The language the rules are written in, a BCP 47 tag (`de`, `ar`, `ja`): the "
        "booklet hyphenates words by its dictionary. Unset: the game file's `language:` "
        "when it writes one, else no word is hyphenated."
    ),
    "RulesFile.words": "The booklet's own words (`Contents`, `TIP`, the players ...) as "
    "this file words them, over those kitgen prints in the rules' language; a word may "
    "hold its placeholders (`{title}` ...).",
    **{
        f"BookletWords.{key}": f"The word for {WHERE[key]} (in English `{ENGLISH[key]}`)."
        for key in ENGLISH
    },
    "Section.blocks": "The section's paragraphs, lists, tables, call-outs and figures.",
    "Section.sections": "Subsections.",
    "Block.text": "A paragraph; **bold** and *italic* inline, `{{ name }}` for a game parameter.",
    "Block.list": "A bulleted list.",
    "Block.steps": "A numbered list.",
    "Block.figure": "A figure drawn by kitgen, by name (see `args`).",
    "Block.caption": "The figure's caption.",
    "Block.args": "What the figure shows.",
    "Block.kitgen": "How kitgen helps with this part of the game.",
    "GameFile.parameters": "The game's numbers, read by the rules engine and the booklet; "
    "rules text prints them as `{{ name }}`.",
    "GameFile.title": "The game's name, as the booklet's cover and `kitgen list` print it.",
    "GameFile.players": "How many can play: `min` and `max` (1 to 12).",
    "GameFile.playing_time": "How long a game takes, as printed (like `5 to 10 minutes`).",
    "GameFile.summary": "What the game is, in a sentence or two: on the booklet's cover and "
    "in `kitgen list`.",
    "GameFile.credits": "Who made the game.",
    "GameFile.language": (
        "The language of the game's text, a BCP 47 tag (`en`, `de`, `pt-BR`, `zh-Hans`, "
        "`ja`; default `en`): where a word of a card too long for its box is cut with "
        "a hyphen (never in Chinese or Japanese)."
    ),
    "PlayerCount.min": "The fewest players the game takes.",
    "PlayerCount.max": "The most players the game takes.",
    "Component.title": "The part's name (like Play mat).",
    "Component.description": "What the part is and what it is for.",
    "PrintSettings.cut": "How the sheets are cut: marks (crop marks outside the cards), lines "
    "(cut lines across the sheet, stopping short of every card's bleed) or silhouette "
    "(registration marks for a Silhouette cutter, and a cut file).",
    "ReferenceCard.title": "The reference card's title.",
    "ReferenceCard.sections": "Headings, each with its points.",
    "ReferenceSection.heading": "The heading of this part of the card.",
    "ReferenceSection.points": "Its points, a line each (1 to 20); `{{ name }}` prints a game "
    "parameter.",
    "Section.title": "The section's heading.",
    "Block.table": "A table: `columns` (the headings, 1 to 6) and `rows` (lists of cells).",
    "Block.tip": "A call-out with a tip for play.",
    "Block.strategy": "A call-out on strategy.",
    "Block.variant": "A call-out with a variant of the rules.",
    "Block.note": "A call-out with a rules decision: how a case the rules leave open is settled.",
    "Block.example": "A worked example, set apart in a box: a `title` and its `blocks`.",
    "Example.title": "The example's title, at the top of its box.",
    "Example.blocks": "The example's paragraphs, lists, tables, call-outs and figures.",
    "Table.columns": "The column headings (1 to 6).",
    "Table.rows": "The rows, each a list of cells, one for each column.",
    "deck_rules": "What a legal deck is: its size, copies of a card, counts of kinds of card, "
    "totals, banned and restricted cards, a sideboard; every key may be left out.",
    "DeckRules.size": "Cards in a deck: a number (exactly that many), or `min` and `max`.",
    "DeckRules.copies": "How many copies of one card a deck may hold (main deck and "
    "sideboard together): `max`, and `by` for fewer of some cards.",
    "DeckRules.at_least": "At least `count` cards for which `where` holds (like 15 commons).",
    "DeckRules.at_most": "At most `count` cards for which `where` holds.",
    "DeckRules.total": "The sum of an integer field over the deck's cards, each copy counted: "
    "`field`, and `min`, `max` or both.",
    "DeckRules.banned": "Cards no deck may hold, by name.",
    "DeckRules.restricted": "Cards a deck may hold one copy of, by name.",
    "DeckRules.sideboard": "How many cards a sideboard holds: `min`, `max`; without it a deck "
    "has no sideboard.",
    "DeckRules.in_play": "Limits on the cards in play at once, not on the deck: a deck may hold "
    "more, with a warning.",
    "Range.min": "At least this many: a number, or an expression giving one for the deck "
    "(like `identity.min_deck_size`).",
    "Range.max": "At most this many: a number, or an expression giving one for the deck.",
    "Copies.max": "The most copies of any one card.",
    "Copies.by": "Fewer copies for some cards: a field, then its values and their limits (like "
    "`{rarity: {rare: 1}}`).",
    "CountRule.where": "The cards counted: fields and the value, or list of values, each must "
    "have (like `{rarity: common}`), or an expression true for them (like `cost > 3`).",
    "CountRule.count": "How many cards: a number, or an expression giving one for the deck.",
    "TotalRule.field": "The integer field to add up (like `cost`).",
    "InPlayRule.where": "The cards the limit is about: fields and the value, or list of values, "
    "each must have.",
    "InPlayRule.one_per": "`card` (the default): one copy of each such card in play at once; "
    "a field's name: one such card per value of that field.",
    "InPlayRule.name": "What the rule is called: a format's `drop` takes it away by this name.",
    "CountRule.name": "What the rule is called: its findings begin with it, and a format's "
    "`drop` takes it away by this name.",
    "CountRule.when": "An expression: the rule holds only for the decks it is true for (like "
    "`identity.side == 'corp'`).",
    "TotalRule.name": "What the rule is called: its findings begin with it, and a format's "
    "`drop` takes it away by this name.",
    "TotalRule.when": "An expression: the rule holds only for the decks it is true for (like "
    "`identity.side == 'corp'`).",
    "TotalRule.where": "The cards added up (all of them when left out): fields and their "
    "values, or an expression true for them (like `faction != identity.faction`).",
    "DeckRules.identity": "A deck names one card as its identity (`identity:` in the deck "
    "file), not among its cards: `where` says which cards are identities; rules read its "
    "fields as `identity.FIELD`.",
    "DeckRules.same": "Fields every card of a deck (and its sideboard) shares with its "
    "identity (without one: with its first card), like `[side]`.",
    "DeckRules.formats": "Formats of play by name, each the deck rules with changes; a deck "
    "names its own (`format:`), else it is held to the first.",
    "IdentityRule.where": "Which cards are identities: fields and their values (like "
    "`{type: identity}`), or an expression true for them.",
    "SameRule.field": "The field every card shares with the identity.",
    "SameRule.name": "What the rule is called: its findings begin with it, and a format's "
    "`drop` takes it away by this name.",
    "SameRule.when": "An expression: the rule holds only for the decks it is true for.",
    "FormatRules.size": "This format's deck size, in place of the game's.",
    "FormatRules.copies": "This format's copies of a card, in place of the game's.",
    "FormatRules.identity": "This format's identity rule, in place of the game's.",
    "FormatRules.same": "Fields shared with the identity in this format, besides the game's.",
    "FormatRules.at_least": "Rules of at least so many cards of a kind, besides the game's.",
    "FormatRules.at_most": "Rules of at most so many cards of a kind, besides the game's.",
    "FormatRules.total": "Sums over the deck's cards, besides the game's.",
    "FormatRules.banned": "The cards this format bans, in place of the game's list.",
    "FormatRules.restricted": "The cards this format restricts to one copy, in place of the "
    "game's list.",
    "FormatRules.sideboard": "This format's sideboard size, in place of the game's.",
    "FormatRules.in_play": "Limits on the cards in play at once, besides the game's.",
    "FormatRules.drop": "The game's rules this format takes away: a rule's `name`, or a key "
    "(`copies`, `banned`, `at_least`, ...) for all of them.",
}


def _non_empty(schema: JsonSchemaValue) -> None:
    schema["pattern"] = r"\S"
    schema["patternErrorMessage"] = "This text is empty."


def _id(schema: JsonSchemaValue) -> None:
    schema["pattern"] = _ID.pattern
    schema["patternErrorMessage"] = (
        "Use lowercase letters, digits and single dashes, starting with a letter "
        "(like first-strike)."
    )


def _colour(schema: JsonSchemaValue) -> None:
    schema["pattern"] = _COLOUR.pattern
    schema["patternErrorMessage"] = "Write a colour as #rrggbb (like #b03a2e)."


def _one_kind(schema: JsonSchemaValue) -> None:
    # Block._one_kind: exactly one kind of block; `caption` and `args` only with `figure`.
    schema["oneOf"] = [present(kind) for kind in BLOCK_KINDS]
    schema["anyOf"] = [
        present("figure"),
        {"properties": {"caption": {"type": "null"}, "args": {"type": "null"}}},
    ]
    schema["description"] = (
        schema.get("description", "").rstrip()
        + " A block holds exactly one of: "
        + ", ".join(BLOCK_KINDS)
        + "; `caption` and `args` go with `figure`."
    )


# What each validator of the core's models means in a schema. A validator missing here
# (and not marked with `kitgen.model.base.in_schema`, as a game's own validators are)
# stops the schema: teach this table what it accepts before shipping it.
_AFTER: dict[str, Callable[[JsonSchemaValue], None]] = {
    "kitgen.model.base._check_text": _non_empty,
    "kitgen.model.base._check_id": _id,
    "kitgen.model.base._check_colour": _colour,
    "kitgen.model.rules.Block._one_kind": _one_kind,
}
# Before-validators that turn other values into the field's type: what they also take.
_BEFORE: dict[str, JsonSchemaValue] = {
    "kitgen.model.kit._number_as_text": {"type": "number"},  # `bleed: 0` means "0"
    "kitgen.model.base._number_as_text": {"type": "integer"},  # a card: a bare 10 is "10"
}


# --- print settings: the texts kitgen's units and paper sizes read -------------------
# ECMA-262 patterns (no flags), so a letter of a unit or a preset is written [mM].


def _anycase(word: str) -> str:
    return "".join(
        f"[{ch.lower()}{ch.upper()}]" if ch.isalpha() else "[-_]" if ch == "-" else re.escape(ch)
        for ch in word
    )


_NUM = r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)"
_NONZERO = r"(?:0*[1-9][0-9]*(?:\.[0-9]*)?|[0-9]*\.[0-9]*[1-9][0-9]*)"
_ZERO = r"(?:0+(?:\.0*)?|\.0+)"
_UNIT = "(?:" + "|".join(_anycase(unit) for unit in UNITS) + ")"
_S = r"\s*"


def _value(number: str) -> str:
    """A number or a fraction of one whose divisor is not zero, as kitgen reads lengths."""
    return f"(?:{number}{_S}/{_S}{_NONZERO}|{number})"


_SIZE = (
    rf"{_S}\+?{_S}{_value(_NONZERO)}{_S}{_UNIT}?{_S}[xX\u00d7]"
    rf"{_S}\+?{_S}{_value(_NONZERO)}{_S}{_UNIT}{_S}"
)
_LENGTH = (
    rf"{_S}\+?{_S}{_value(_NUM)}{_S}{_UNIT}{_S}"  # a length with a unit, not negative
    rf"|{_S}[+-]?{_S}{_value(_ZERO)}{_S}{_UNIT}?{_S}"  # or zero, with or without one
)
_OFFSET_PART = rf"{_S}[+-]?{_S}{_value(_NUM)}{_S}{_UNIT}?{_S}"


def _presets(names: Any) -> str:
    return rf"{_S}(?:{'|'.join(_anycase(name) for name in names)}){_S}"


_SETTINGS: dict[str, tuple[str, str, bool]] = {
    # key: (pattern, message, whether a bare number 0 is read as "0")
    "paper": (
        rf"^(?:{_presets(PAPERS)}|{_SIZE})$",
        f"Use one of {', '.join(PAPERS)}, or a size like 210x297mm.",
        False,
    ),
    "card_size": (
        rf"^(?:{_presets(CARDS)}|{_SIZE})$",
        f"Use one of {', '.join(CARDS)}, or a size like 63x88mm.",
        False,
    ),
    "bleed": (rf"^(?:{_LENGTH})$", "Give a length with a unit (mm, cm, in or pt), like 3mm.", True),
    "margin": (
        rf"^(?:{_LENGTH})$",
        "Give a length with a unit (mm, cm, in or pt), like 5mm.",
        True,
    ),
    "gutter": (
        rf"^(?:{_LENGTH})$",
        "Give a length with a unit (mm, cm, in or pt), like 2mm.",
        True,
    ),
    "back_offset": (
        rf"^{_OFFSET_PART},{_OFFSET_PART}$",
        "Give DX,DY in mm (like 0.5,-1), or with units (like 1mm,0.02in).",
        False,
    ),
}


def _print_settings(schema: JsonSchemaValue) -> None:
    """What kitgen reads in each print setting: the presets and the forms of a length, a
    size and an offset (ranges are left to kitgen check)."""
    for key, (pattern, message, zero) in _SETTINGS.items():
        for alternative in schema["properties"][key]["anyOf"]:
            if alternative.get("type") == "string":
                alternative["pattern"] = pattern
                alternative["patternErrorMessage"] = message
            elif alternative.get("type") == "number":
                assert zero, f"PrintSettings.{key} takes a number now"
                alternative["enum"] = [0]  # a bare number other than 0 needs a unit


def _name(function: Any) -> str:
    return f"{function.__module__}.{function.__qualname__}"


class _Generator(GenerateJsonSchema):
    """pydantic's schema generator, taught what kitgen's validators accept."""

    def function_after_schema(
        self, schema: core_schema.AfterValidatorFunctionSchema
    ) -> JsonSchemaValue:
        out = super().function_after_schema(schema)
        function = schema["function"]["function"]
        name = _name(function)
        edit = getattr(function, "kitgen_schema", None) or _AFTER.get(name)
        if edit is None:
            raise NotImplementedError(f"kitgen/schema.py does not know the validator {name}")
        edit(out)
        return out

    def function_before_schema(
        self, schema: core_schema.BeforeValidatorFunctionSchema
    ) -> JsonSchemaValue:
        out = super().function_before_schema(schema)
        function = schema["function"]["function"]
        name = _name(function)
        also = getattr(function, "kitgen_accepts", None) or _BEFORE.get(name)
        if also is None:
            raise NotImplementedError(f"kitgen/schema.py does not know the validator {name}")
        return {"anyOf": [out, copy.deepcopy(also)]}

    def function_plain_schema(
        self, schema: core_schema.PlainValidatorFunctionSchema
    ) -> JsonSchemaValue:
        name = _name(schema["function"]["function"])
        raise NotImplementedError(f"kitgen/schema.py does not know the validator {name}")

    def function_wrap_schema(
        self, schema: core_schema.WrapValidatorFunctionSchema
    ) -> JsonSchemaValue:
        name = _name(schema["function"]["function"])
        raise NotImplementedError(f"kitgen/schema.py does not know the validator {name}")


def _file_models(games: tuple[str, ...]) -> set[type[BaseModel]]:
    """The file models of the games, every kind."""
    return {MODELS[(g, kind)] for g in games for kind in KINDS if (g, kind) in MODELS}


def _models(games: tuple[str, ...]) -> list[type[BaseModel]]:
    """Every file model of the games and every figure's arguments, in a fixed order (so
    definition names never change by chance)."""
    figures = {
        model
        for game_id in registry.loaded_ids()
        for model in registry.get(game_id).figure_models().values()
    }
    return sorted({*_file_models(games), *figures}, key=lambda m: (m.__module__, m.__qualname__))


def _games(game: str | None) -> tuple[str, ...]:
    """The games whose models the schemas define: kitgen's, and the one asked for."""
    loaded = registry.loaded_ids()
    return loaded if game is None or game in loaded else (*loaded, game)


@cache
def _definitions(games: tuple[str, ...]) -> tuple[dict[type[BaseModel], str], dict[str, Any]]:
    """Every model's definition name, and every definition (draft-07 form)."""
    from kitgen.model.deck_rules import DeckRules

    models = _models(games)
    if DeckRules not in models:  # a field kept as written takes its schema (DECK_RULES)
        models = [*models, DeckRules]
    refs, top = models_json_schema(
        [(m, "validation") for m in models],
        ref_template=_REF + "{model}",
        schema_generator=_Generator,
    )
    names = {model: refs[(model, "validation")]["$ref"].removeprefix(_REF) for model in models}
    definitions = dict(top.get("$defs", {}))
    for model, name in names.items():
        _describe_fields(definitions, name, model)
    _print_settings(definitions[PrintSettings.__name__])  # every kit's settings
    for name in names.values():
        _game_names(definitions[name], games)
    for definition in definitions.values():
        _deck_rules(definition, names[DeckRules])
    return names, {name: _draft7(schema) for name, schema in definitions.items()}


def _deck_rules(definition: dict[str, Any], name: str) -> None:
    """A field kept as written whose schema is the deck-rules language's (DECK_RULES)."""
    for key, prop in definition.get("properties", {}).items():
        if prop.pop(DECK_RULES, False):
            about = prop.get("description", "")
            definition["properties"][key] = {
                "anyOf": [{"$ref": _REF + name}, {"type": "null"}],
                **({"description": about} if about else {}),
            }


def _game_names(definition: dict[str, Any], games: tuple[str, ...]) -> None:
    """A field that takes any game's id (a file model shared by games: the file's `game:`
    chose the model) lists the games' ids."""
    for prop in definition.get("properties", {}).values():
        if prop.pop(ANY_GAME, False):
            prop["enum"] = list(games)


def _draft7(node: Any) -> Any:
    """A copy of a schema in draft-07 form: nothing beside `$ref` (draft-07 ignores it)."""
    if isinstance(node, list):
        return [_draft7(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _draft7(value) for key, value in node.items()}
    if "$ref" in out and len(out) > 1:
        out = {"allOf": [{"$ref": out.pop("$ref")}], **out}
    return out


def _describe_fields(
    definitions: dict[str, Any],
    name: str,
    model: type[BaseModel],
    table: dict[str, str] | None = None,
) -> None:
    """Hover text for the fields of a model and of the models inside it (from `table`
    over the usual ones, when given)."""
    seen: set[str] = set()

    def visit(def_name: str, cls: type[BaseModel]) -> None:
        if def_name in seen or def_name not in definitions:
            return
        seen.add(def_name)
        schema = definitions[def_name]
        for field_name, info in cls.model_fields.items():
            key = info.alias or field_name
            prop = schema.get("properties", {}).get(key)
            if prop is None:
                continue
            text = field_help(cls, key, table)
            if text and "description" not in prop:
                prop["description"] = text
            for inner in _inner_models(info.annotation):
                visit(inner.__name__, inner)

    visit(name, model)


def _inner_models(annotation: Any) -> list[type[BaseModel]]:
    """The models a field's type mentions (inside lists, dicts, unions)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    found: list[type[BaseModel]] = []
    for arg in getattr(annotation, "__args__", ()) or ():
        found += _inner_models(arg)
    return found


def _field_help_table() -> dict[str, str]:
    """The shared hover texts and those of every game the registry has loaded."""
    table = dict(FIELD_HELP)
    for game_id in registry.loaded_ids():
        table.update(registry.get(game_id).field_help())
    return table


def field_help(model: type[BaseModel], key: str, extra: dict[str, str] | None = None) -> str | None:
    """The hover text of a model's field: its own, a base class's, or the shared one
    (`extra` over the tables of kitgen and its games)."""
    table = _field_help_table() | (extra or {})
    for cls in model.__mro__:
        text = table.get(f"{cls.__name__}.{key}")
        if text is not None:
            return text
    return table.get(key)


def games_with(kind: str) -> list[str]:
    """The games that have files of a kind, in kitgen's order (kitgen's own games, and
    those registered in this process: no installed package's entry points are read)."""
    return [game for game in registry.loaded_ids() if (game, kind) in MODELS]


def _reachable(roots: list[str], definitions: dict[str, Any]) -> list[str]:
    """The definitions the roots use, directly or not, sorted."""
    found: set[str] = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name in found:
            continue
        found.add(name)
        todo += _refs(definitions[name])
    return sorted(found)


def _refs(node: Any) -> list[str]:
    if isinstance(node, list):
        return [name for item in node for name in _refs(item)]
    if not isinstance(node, dict):
        return []
    own = [node["$ref"].removeprefix(_REF)] if isinstance(node.get("$ref"), str) else []
    return own + [name for value in node.values() for name in _refs(value)]


# The rules file's definitions that lead to a block, made once per game so that each
# game's blocks name that game's figures and check their `args:`.
_RULES_CHAIN = ("RulesFile", "Section", "Example", "Block")


def _rules_definitions(game: str, games: tuple[str, ...]) -> dict[str, Any]:
    """A game's own copy of the rules file's definitions, `RulesFile-<game>` first."""
    names, definitions = _definitions(games)
    renamed = {name: f"{name}-{game}" for name in _RULES_CHAIN}
    out = {renamed[name]: _renamed(definitions[name], renamed) for name in _RULES_CHAIN}
    figures = registry.get(game).figure_models()
    if not figures:
        return out
    block = out[renamed["Block"]]
    prop = block["properties"]["figure"]
    prop["anyOf"] = [{"enum": sorted(figures), "type": "string"}, {"type": "null"}]
    prop["description"] = f"A figure kitgen draws: {', '.join(sorted(figures))} (see `args`)."
    block["allOf"] = [
        _figure_rule(name, names[model], definitions) for name, model in sorted(figures.items())
    ]
    return out


def _figure_rule(figure: str, args_name: str, definitions: dict[str, Any]) -> dict[str, Any]:
    """A block showing this figure takes its `args:` (which it must give if any are required)."""
    args = {"$ref": _REF + args_name}
    if definitions[args_name].get("required"):
        then: dict[str, Any] = {"required": ["args"], "properties": {"args": args}}
    else:
        then = {"properties": {"args": {"anyOf": [args, {"type": "null"}]}}}
    return {
        "if": {"properties": {"figure": {"const": figure}}, "required": ["figure"]},
        "then": then,
    }


def _renamed(node: Any, renamed: dict[str, str]) -> Any:
    """A copy of a schema whose references follow the renamed definitions."""
    if isinstance(node, list):
        return [_renamed(item, renamed) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _renamed(value, renamed) for key, value in node.items()}
    ref = out.get("$ref")
    if isinstance(ref, str) and ref.removeprefix(_REF) in renamed:
        out["$ref"] = _REF + renamed[ref.removeprefix(_REF)]
    return out


# `kitgen schema KIND -g custom`: the files of a designed game (any id of its own).
CUSTOM = "custom"
DESIGNED_MODELS = "kitgen.games.designed.model"
DESIGNED_FIELD_HELP = "kitgen.games.designed.schema_help"
DESIGNED_KINDS = {
    "game": f"{DESIGNED_MODELS}:DesignedGameFile",
    "layout": f"{DESIGNED_MODELS}:LayoutFile",
    "kit": f"{DESIGNED_MODELS}:DesignedKitFile",
    "deck": f"{DESIGNED_MODELS}:DesignedDeckFile",
    "rules": "kitgen.model.rules:RulesFile",
}
DESIGNED_HELP = {
    "layout": "Where a designed game's card fields go: card size, bleed, safe area, and "
    "elements (shapes, text, images, icons) placed from any corner.",
    "game": "A designed game: its facts, its cards' fields, the file of card data, its face "
    "and back layouts, icons and fonts.",
    "kit": "What to print for a designed game: its cards (and rules), and print settings.",
    "deck": "A deck of a designed game: card name to copies, and a sideboard, checked against "
    "the game's deck_rules.",
    "rules": "A designed game's rules for the booklets; figure `card` draws one of its cards, "
    "and `{{ deck_summary }}` prints its deck rules.",
}


def designed_schema(kind: str) -> dict[str, Any]:
    """The JSON Schema of a designed game's game, layout or kit file."""
    from importlib import import_module

    from kitgen.errors import UsageError

    if kind not in DESIGNED_KINDS:
        raise UsageError(f"a game of your own has {', '.join(DESIGNED_KINDS)} files, not {kind}")
    module, _, name = DESIGNED_KINDS[kind].partition(":")
    model = getattr(import_module(module), name)
    refs, top = models_json_schema(
        [(model, "validation")], ref_template=_REF + "{model}", schema_generator=_Generator
    )
    name = refs[(model, "validation")]["$ref"].removeprefix(_REF)
    definitions = dict(top.get("$defs", {}))
    _describe_fields(definitions, name, model, import_module(DESIGNED_FIELD_HELP).FIELD_HELP)
    if PrintSettings.__name__ in definitions:
        _print_settings(definitions[PrintSettings.__name__])
    for definition in definitions.values():
        for prop in definition.get("properties", {}).values():
            if prop.pop(ANY_GAME, False):
                prop["description"] = "The game's own id: every file of the game names it."
    definitions = {key: _draft7(value) for key, value in definitions.items()}
    return {
        "$schema": DIALECT,
        "title": f"kitgen {kind} file of a game of your own",
        "description": DESIGNED_HELP[kind],
        "type": "object",
        "required": ["kind"] if kind in registry.SHARED_KINDS else ["game", "kind"],
        "properties": {
            "game": {
                "description": "The game's own id"
                + (
                    " (left out: a layout any game of the project may name)."
                    if kind in registry.SHARED_KINDS
                    else "."
                ),
                "type": "string",
            },
            "kind": {"const": kind, "description": DESIGNED_HELP[kind], "type": "string"},
        },
        "allOf": [{"$ref": _REF + name}],
        "definitions": {key: definitions[key] for key in _reachable([name], definitions)},
    }


def kind_schema(kind: str, game: str | None = None) -> dict[str, Any]:
    """The JSON Schema of a file kind: for every game that has it, or for one game
    (`custom`: a designed game's; `layout` files are only theirs)."""
    from kitgen.errors import UsageError

    if kind not in KINDS:
        raise UsageError(f"{kind!r} is not a file kind; kinds: {', '.join(KINDS)}")
    if game == CUSTOM or (kind == "layout" and game is None):
        return designed_schema(kind)
    games = games_with(kind)
    if game is not None:
        if kind not in registry.named(game).kinds:
            raise UsageError(
                f"{game} has no {kind} files; the games with {kind} files: {', '.join(games)}"
            )
        games = [game]
    names, shared = _definitions(_games(game))
    definitions = dict(shared)
    # Games that read a kind with the same model share one branch; rules files differ in
    # their figures, so each game has its own.
    groups: dict[str, list[str]] = {}
    for g in games:
        if kind == "rules":
            own = _rules_definitions(g, _games(game))
            definitions.update(own)
            groups[next(iter(own))] = [g]
        else:
            groups.setdefault(names[MODELS[(g, kind)]], []).append(g)
    if len(groups) == 1:
        (only,) = groups
        rules: list[Any] = [{"$ref": _REF + only}]
        body = definitions[only]
        about = body.get("description", KIND_HELP[kind])
    else:
        rules = [
            {
                "if": {
                    "properties": {"game": {"enum": members}},
                    "required": ["game"],
                },
                "then": {"$ref": _REF + name},
            }
            for name, members in groups.items()
        ]
        about = KIND_HELP[kind]
    game_rule: dict[str, Any] = {"description": FIELD_HELP["game"], "type": "string"}
    game_rule["enum"] = games
    return {
        "$schema": DIALECT,
        "title": f"kitgen {game} {kind} file" if game else f"kitgen {kind} file",
        "description": about,
        "type": "object",
        "required": ["game", "kind"],
        "properties": {
            "game": game_rule,
            "kind": {"const": kind, "description": KIND_HELP[kind], "type": "string"},
        },
        "allOf": rules,
        "definitions": {
            name: copy.deepcopy(definitions[name]) for name in _reachable(list(groups), definitions)
        },
    }


def schema_text(kind: str, game: str | None = None) -> str:
    """A kind's schema as JSON text: indented, keys sorted, the same bytes every time."""
    return json.dumps(kind_schema(kind, game), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
