"""Rules text templates: a small, bounded part of jinja2, run in its sandbox.

Rules text may fill in the game's parameters with expressions
(`{{ hand_size + 1 }}`, `{{ harder_hands | join(' or ') }}`) and choose text
with `{% if %}`. Everything else jinja2 offers (loops, macros, calls, `set`,
includes) is refused before the template runs, so no template can loop, and
the operators that can build huge values (`*`, `**`, `%` on text) are capped
while it runs. Together with the YAML reader's string limit this bounds both
the time a template takes and the size of what it writes.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from jinja2 import StrictUndefined, nodes
from jinja2.exceptions import SecurityError
from jinja2.sandbox import SandboxedEnvironment


@dataclass(frozen=True)
class TemplateLimits:
    """How far rules text may grow when its template runs."""

    max_template: int = 20_000  # characters of template text (the YAML string limit)
    max_output: int = 20_000  # characters one piece of text may grow to
    max_repeat: int = 2_000  # the longest text or list `*` may build
    max_power_bits: int = 256  # the largest number `**` may build, in bits


TEMPLATE_LIMITS = TemplateLimits()

# The nodes a rules template may contain: output, names, constants, operators,
# filters and tests, conditions. No loops, calls, assignments or includes.
ALLOWED_NODES: tuple[type[nodes.Node], ...] = (
    nodes.Template,
    nodes.Output,
    nodes.TemplateData,
    nodes.If,
    nodes.Name,
    nodes.Const,
    nodes.List,
    nodes.Tuple,
    nodes.Getattr,
    nodes.Getitem,
    nodes.Slice,
    nodes.CondExpr,
    nodes.Compare,
    nodes.Operand,
    nodes.Concat,
    nodes.And,
    nodes.Or,
    nodes.Not,
    nodes.Neg,
    nodes.Pos,
    nodes.Add,
    nodes.Sub,
    nodes.Mul,
    nodes.Div,
    nodes.FloorDiv,
    nodes.Mod,
    nodes.Pow,
    nodes.Filter,
    nodes.Test,
)
# Filters whose output is no bigger than their input (and `join`, bounded by its list).
ALLOWED_FILTERS = frozenset(
    {
        "abs",
        "capitalize",
        "count",
        "d",
        "default",
        "first",
        "float",
        "int",
        "join",
        "last",
        "length",
        "lower",
        "max",
        "min",
        "round",
        "sort",
        "string",
        "sum",
        "title",
        "trim",
        "unique",
        "upper",
    }
)
# What a refused node is called in the message.
_STATEMENTS = {
    nodes.For: "`{% for %}` loops",
    nodes.Macro: "`{% macro %}`",
    nodes.CallBlock: "`{% call %}`",
    nodes.FilterBlock: "`{% filter %}` blocks",
    nodes.Assign: "`{% set %}`",
    nodes.AssignBlock: "`{% set %}`",
    nodes.Include: "`{% include %}`",
    nodes.Import: "`{% import %}`",
    nodes.FromImport: "`{% from ... import %}`",
    nodes.Extends: "`{% extends %}`",
    nodes.Block: "`{% block %}`",
    nodes.With: "`{% with %}`",
    nodes.Call: "function and method calls (use a filter: `{{ x | upper }}`)",
}


def escape_text(text: str) -> str:
    """Plain text as Platypus paragraph markup: `&`, `<` and `>` escaped."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _walk(node: nodes.Node) -> Iterator[nodes.Node]:
    yield node
    for child in node.iter_child_nodes():
        yield from _walk(child)


class RulesSandbox(SandboxedEnvironment):
    """jinja2's sandbox, held to the part of the language rules text needs."""

    intercepted_binops = frozenset({"*", "**", "%"})

    def __init__(self, limits: TemplateLimits = TEMPLATE_LIMITS) -> None:
        super().__init__(autoescape=True, undefined=StrictUndefined)
        self.limits = limits

    def call_binop(self, context: Any, op: str, left: Any, right: Any) -> Any:
        """`*`, `**` and `%`, refused when they would build something huge."""
        if op == "*":
            for seq, times in ((left, right), (right, left)):
                if (
                    isinstance(seq, (str, list, tuple))
                    and isinstance(times, int)
                    and len(seq) * max(times, 0) > self.limits.max_repeat
                ):
                    raise SecurityError(
                        f"`*` would build {len(seq) * times:,} characters or items; "
                        f"rules text allows {self.limits.max_repeat:,}"
                    )
            return operator.mul(left, right)
        if op == "**":
            if isinstance(left, int) and isinstance(right, int) and abs(left) > 1:
                bits = right * math.log2(abs(left)) if right > 0 else 0
                if bits > self.limits.max_power_bits:
                    raise SecurityError(
                        f"`**` would build a number of about {bits:,.0f} bits; "
                        "rules text has no use for one that large"
                    )
            return operator.pow(left, right)
        if isinstance(left, str):  # `%` formatting can pad text to any width
            raise SecurityError("`%` on text is not allowed in rules text; use filters")
        return operator.mod(left, right)

    def refused(self, tree: nodes.Template) -> str | None:
        """Why a parsed template may not run (None when it may)."""
        for node in _walk(tree):
            if isinstance(node, nodes.Filter) and node.name not in ALLOWED_FILTERS:
                return (
                    f"the filter `{node.name}` is not allowed in rules text; allowed: "
                    f"{', '.join(sorted(ALLOWED_FILTERS))}"
                )
            if not isinstance(node, ALLOWED_NODES):
                what = next(
                    (name for kind, name in _STATEMENTS.items() if isinstance(node, kind)),
                    f"`{type(node).__name__}`",
                )
                return f"{what} cannot be used in rules text; use `{{{{ }}}}` and `{{% if %}}`"
        return None

    def fill(self, text: str, context: dict[str, Any]) -> str:
        """Run a rules text template into Paragraph markup (raises TemplateError when it
        may not or fails).

        Everything comes out escaped: the values it prints (autoescape) and the
        template's own text, so `<`, `>` and `&` in rules text are drawn as written,
        never read as Platypus tags (`credits: <Runeward Games>`)."""
        if len(text) > self.limits.max_template:
            raise SecurityError(
                f"the text is {len(text):,} characters; rules text templates may be "
                f"{self.limits.max_template:,}"
            )
        tree = self.parse(text)  # parsed once: checked, then compiled from the tree
        why = self.refused(tree)
        if why is not None:
            raise SecurityError(why)
        for data in tree.find_all(nodes.TemplateData):
            data.data = escape_text(data.data)  # autoescape escapes only what is printed
        rendered = str(self.from_string(tree).render(**context))
        if len(rendered) > self.limits.max_output:
            raise SecurityError(
                f"the text grows to {len(rendered):,} characters; "
                f"rules text may grow to {self.limits.max_output:,}"
            )
        return rendered
