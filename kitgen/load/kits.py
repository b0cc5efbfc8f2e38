"""Kit files: what every game's kit shares: its print settings and its rules file.

The files a kit names (`rules:`, and whatever a game's own kit lists) are read and
checked, for `kitgen check` and for the build alike, through `named_document`: one
of the wrong kind (a deck as the rules, the kit itself, another game's file) is a
`uses-wrong-kind` finding at its entry, and the files' own findings are the kit's
too, so a kit that checks clean builds. A game's own kit checks (its card files,
its reference cards) live in its package and build on these.
"""

from __future__ import annotations

from kitgen.layout.geometry import LayoutError
from kitgen.layout.limits import PRINT_LIMITS, too_many_cards
from kitgen.layout.paper import card_size, paper_size
from kitgen.layout.units import format_mm, parse_length, parse_offset
from kitgen.load.documents import Document, read_document
from kitgen.load.printable import check_printable
from kitgen.load.references import check_reference
from kitgen.model.findings import Finding, Location, finding, has_errors
from kitgen.model.kit import DEFAULTS, KitBase

_SETTING_PARSERS = {
    "paper": paper_size,
    "card_size": card_size,
    "bleed": parse_length,
    "margin": parse_length,
    "gutter": parse_length,
    "back_offset": parse_offset,
}


def named_document(
    path: str,
    entry: str,
    at: Location | None,
    kinds: tuple[tuple[str, str], ...],
    wanted: str,
    found: list[Finding],
) -> Document | None:
    """A file a kit names, read, when it is a valid file of one of `kinds`; None (and a
    finding at the entry, or the file's own findings) when it is not."""
    doc = read_document(path)
    if doc.game is None or doc.kind is None:  # not read as far as its kind: it says why
        found += doc.findings
        return None
    if (doc.game, doc.kind) not in kinds:
        found.append(
            finding(
                "uses-wrong-kind", f"{entry!r} is a {doc.game} {doc.kind} file, not {wanted}", at
            )
        )
        return None
    found += doc.findings
    return doc if doc.model is not None else None


def over_card_limit(total: int, entry: str) -> str | None:
    """The message when a kit's cards, up to and with `entry`, are more than one file prints."""
    why = too_many_cards(total)
    return None if why is None else f"with {entry!r}, the kit's {why}"


def check_kit_settings(kit: KitBase, path: str) -> list[Finding]:
    """What any game's kit file needs checked: its settings, its name (printed on every
    sheet label, page footer, cover and mat: text-not-drawable when kitgen's fonts
    cannot print it) and its rules file."""
    found: list[Finding] = []
    for key, parse in _SETTING_PARSERS.items():
        value = getattr(kit.settings, key)
        if value is None:
            continue
        try:
            parsed = parse(value)
        except LayoutError as err:
            found.append(finding("invalid-setting", f"{key}: {err}", kit.where("settings", key)))
            continue
        if isinstance(parsed, float) and parsed < 0:
            found.append(
                finding("invalid-setting", f"{key} cannot be negative", kit.where("settings", key))
            )
        elif key == "bleed" and isinstance(parsed, float) and parsed > PRINT_LIMITS.max_bleed:
            found.append(
                finding(
                    "invalid-setting",
                    f"bleed: {format_mm(parsed)} is more than {format_mm(PRINT_LIMITS.max_bleed)}",
                    kit.where("settings", key),
                )
            )
    if not found:
        found += _sheet_findings(kit)
    found += check_printable(kit.name, kit.where("name"))
    found += check_rules_files(kit, path)
    return found


def prints_nothing(kit: KitBase) -> list[Finding]:
    """A kit that would print nothing: no components, or only `rules` without a rules
    file. Found by the kit's check, so `kitgen check` says it and `kitgen build` never
    writes nothing and calls it done."""
    listed = list(kit.components)
    if listed and listed != ["rules"]:
        return []
    field = type(kit).model_fields["components"]
    every = field.default_factory() if field.default_factory is not None else []  # type: ignore[call-arg]
    if not listed:
        message = (
            "the kit lists no components, so it prints nothing; list at least one of "
            f"{', '.join(map(str, every))}, or leave `components:` out for all of them"
        )
        return [finding("out-of-range", message, kit.where("components"))]
    if kit.rules is None:
        message = (
            "the kit lists only `rules` but names no rules file, so it prints nothing; "
            "add `rules: rules.yaml` (a `kind: rules` file) or list other components"
        )
        return [finding("missing-key", message, kit.where("components"))]
    return []


def kit_sheet(kit: KitBase) -> tuple[int, int]:
    """How many cards one sheet holds with the kit's settings over kitgen's defaults (the
    command line and kitgen.toml may change them), and the pages a sheet takes; LayoutError
    when the cards do not fit or a sheet would hold more than kitgen prints."""
    from kitgen.layout.impose import sheet_layout

    def pick(key: str) -> str:
        value = getattr(kit.settings, key)
        return str(value if value is not None else getattr(DEFAULTS, key))

    paper, card = paper_size(pick("paper")), card_size(pick("card_size"))
    sizes = {k: parse_length(pick(k)) for k in ("bleed", "margin", "gutter")}
    return sheet_layout(paper, card, **sizes, duplex=pick("duplex"), cut=pick("cut"))


def _sheet_findings(kit: KitBase) -> list[Finding]:
    """An `invalid-setting` at the card size (or paper) when the kit's cards cannot be
    laid out on its paper as its settings stand."""
    from kitgen.layout.cutting import CutError

    try:
        kit_sheet(kit)
    except LayoutError as err:
        key = "card_size" if kit.settings.card_size is not None else "paper"
        if isinstance(err, CutError) and kit.settings.cut is not None:
            key = "cut"
        return [finding("invalid-setting", f"{key}: {err}", kit.where("settings", key))]
    return []


def rules_document(
    kit: KitBase, path: str, language: str | None = None
) -> tuple[Document | None, list[Finding]]:
    """The rules file a kit names for one edition (`language`: None for the game's first
    language's), read and checked (None when it names none for that language, or one
    that is missing, of the wrong kind or in error), and the findings. The build reads
    an edition's rules file through this; the kit's check reads every one
    (`check_rules_files`)."""
    picked = rules_entry(kit, path, language)
    if picked is None:
        return None, []
    return _rules_document(kit, path, *picked)


def rules_entry(
    kit: KitBase, path: str, language: str | None = None
) -> tuple[str, Location | None] | None:
    """The rules file a kit names for an edition (`language`: None for the game's first
    language's) and where the kit names it; None when it names none for that language.
    A plain `rules:` path is the first language's rules; a mapping names each
    language's (tags alike with case aside, as `--lang` takes them)."""
    if kit.rules is None:
        return None
    if isinstance(kit.rules, str) and language is None:
        return kit.rules, kit.where("rules")
    first = _languages(kit, path)[0]
    wanted = (first if language is None else language).casefold()
    if isinstance(kit.rules, str):
        return (kit.rules, kit.where("rules")) if wanted == first.casefold() else None
    for key, name in kit.rules.items():
        if key.casefold() == wanted:
            return name, kit.where("rules", key)
    return None


def _languages(kit: KitBase, path: str) -> tuple[str, ...]:
    """The languages of the editions of the kit's game, its first first."""
    from kitgen import registry

    return registry.get(kit.game, path).languages()


def _rules_document(
    kit: KitBase, path: str, name: str, at: Location | None
) -> tuple[Document | None, list[Finding]]:
    from kitgen.load.rules import check_rules

    rules_path, problem = check_reference(name, path, at, "the rules file")
    if problem is not None:
        return None, [problem]
    found: list[Finding] = []
    wanted = f"a {kit.game} rules file"
    doc = named_document(rules_path, name, at, ((kit.game, "rules"),), wanted, found)
    if doc is None:
        return None, found
    found += check_rules(doc)
    return (None if has_errors(found) else doc), found


def check_rules_files(kit: KitBase, path: str) -> list[Finding]:
    """Every rules file a kit names, checked (its findings at its entry), and a mapping
    of rules per language: each key one of the game's languages (`unknown-key` at one
    that is not), named once (`duplicate-key` at a tag alike with case aside), the
    game's first language among them (`missing-key` at `rules:`)."""
    if kit.rules is None:
        return []
    if isinstance(kit.rules, str):
        return _rules_document(kit, path, kit.rules, kit.where("rules"))[1]
    languages = _languages(kit, path)
    declared = {tag.casefold(): tag for tag in languages}
    found: list[Finding] = []
    seen: dict[str, str] = {}
    for key, name in kit.rules.items():
        at = kit.where("rules", key, key=True)
        folded = key.casefold()
        if folded not in declared:
            why = (
                f"{key!r} is not a language of {kit.game}'s editions ({', '.join(languages)}: "
                "its game file's `languages:`, else its `language:`); name the rules file "
                "of each of those, or declare the language in the game file"
            )
            found.append(finding("unknown-key", why, at))
            continue
        if folded in seen:
            why = (
                f"{key!r} names the language {seen[folded]!r} names already (language tags "
                "are alike with case aside): give each language's rules file once"
            )
            found.append(finding("duplicate-key", why, at))
            continue
        seen[folded] = key
        found += _rules_document(kit, path, name, kit.where("rules", key))[1]
    if languages[0].casefold() not in seen:
        why = (
            f"the rules files name none for {languages[0]!r}, {kit.game}'s first language, "
            f"whose edition prints under the kit's own names: add `{languages[0]}: "
            "rules.yaml` (a `kind: rules` file) to `rules:`"
        )
        found.append(finding("missing-key", why, kit.where("rules", key=True)))
    return found
