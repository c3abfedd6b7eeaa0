"""What a variant's source text itself says, step by step (``studrules explain
--quotes``): each step's quotes in the text's own words (a bring-in's, who acts
first, an alternative bet size's), each house option's, and the steps that
quote nothing, which are the file's own readings of the text or the engine's
defaults. A reader sets the rule book beside them to tell the text's rules from
the file's choices.

    >>> from studrules.spec.examples import example_variant
    >>> print(quote_list(example_variant("one-round")), end="")
    one-round: no source text quoted (its rules are the file's own)
"""

from __future__ import annotations

from ..spec.model import Step, Variant
from .source_words import source_line

__all__ = ["quote_list"]


def quote_list(variant: Variant) -> str:
    """The source text's words for each step and option of ``variant``, one quote a
    line under the step's id and kind, then the steps that quote nothing.

    >>> from studrules.spec.loader import load_variant_text
    >>> v = load_variant_text('''
    ... name: quoted
    ... source: {text: t.txt, title: Une partie, language: fr}
    ... stakes: {bet: 2}
    ... steps:
    ...   - deal: {id: deal, players: [down, up, up, up, up], quote: "Chaque joueur reçoit cinq cartes."}
    ...   - betting: {id: round, bet: bet}
    ...   - showdown: {id: showdown}
    ... ''')
    >>> print(quote_list(v), end="")
    quoted: the source text's words, step by step (Une partie (French))
      deal (deal)
        « Chaque joueur reçoit cinq cartes. »
    Quoting nothing (the file's own reading, or the engine's default): round (betting), showdown (showdown)
    """
    quoted: list[str] = []
    silent: list[str] = []
    for step in variant.steps:
        lines = _step_quotes(step)
        if lines:
            quoted.append(f"  {step.id} ({step.kind})")
            quoted.extend(lines)
        else:
            silent.append(f"{step.id} ({step.kind})")
    for option in variant.options:
        if option.quote:
            quoted.append(f"  option {option.name}")
            quoted.extend(_said(option.quote))
    if not quoted:
        return f"{variant.name}: no source text quoted (its rules are the file's own)\n"
    where = source_line(variant.source) if variant.source.text or variant.source.title else "its source"
    lines = [f"{variant.name}: the source text's words, step by step ({where})", *quoted]
    if silent:
        lines.append(f"Quoting nothing (the file's own reading, or the engine's default): {', '.join(silent)}")
    return "\n".join(lines) + "\n"


def _step_quotes(step: Step) -> list[str]:
    """The quotes of ``step`` and of the rules it holds (bring-in, who acts first, alternatives)."""
    lines = _said(step.quote)
    for label, part in (
        ("bring-in", getattr(step, "bring_in", None)),
        ("who acts first", getattr(step, "first_to_act", None)),
    ):
        if part is not None and part.quote:
            lines.extend(_said(part.quote, label))
    for alt in getattr(step, "alternatives", ()):
        if alt.quote:
            lines.extend(_said(alt.quote, f"a bet of {alt.bet.source} when {alt.when.source}"))
    return lines


def _said(quotes: tuple[str, ...] | None, label: str | None = None) -> list[str]:
    head = f"{label}: " if label else ""
    return [f"    {head}« {q.strip()} »" for q in quotes or ()]
