"""Words for the rules of games against the house that the rule book
(:mod:`studrules.analysis.rulebook`) and the diff
(:mod:`studrules.analysis.diff`) share: a raise the player sizes, and a
settlement against the pay table on the player's hand alone.

    >>> from studrules.spec.loader import load_variant
    >>> v = load_variant("mississippi-stud")
    >>> from studrules.spec.model import SettleStep
    >>> pay_table_sentences(v.steps_of(SettleStep)[0])[1]
    'A hand below every line of the table but at least a pair of sixes gets its wagers back; any other hand loses them.'
"""

from __future__ import annotations

from collections.abc import Callable

from ..spec.expressions import Expression
from ..spec.model import DecisionStep, SettleStep
from ..spec.vocabulary import hand_constants
from .expression_words import hand_words

__all__ = ["raise_words", "pay_table_sentences", "pay_table_rows", "settle_rule_rows"]


def raise_words(step: DecisionStep, amount: Callable[[Expression], str]) -> str:
    """The raise of a decision: ``raises 10`` or ``raises 5 to 15, in steps of 5``.

    ``amount``: how the caller writes an amount (with or without its value).

    >>> from studrules.spec.loader import load_variant
    >>> step = load_variant("mississippi-stud").steps_of(DecisionStep)[0]
    >>> raise_words(step, lambda e: e.source)
    'raises from ante to 3 * ante, in steps of ante'
    """
    if step.raise_amount is None:
        return "plays on"
    if step.raise_max is None:
        return f"raises {amount(step.raise_amount)}"
    unit = f", in steps of {amount(step.raise_unit)}" if step.raise_unit is not None else ""
    return f"raises from {amount(step.raise_amount)} to {amount(step.raise_max)}{unit}"


def pay_table_sentences(step: SettleStep) -> list[str]:
    """A settlement against the pay table in sentences."""
    out = [
        "The house plays no hand: each position's five best cards (his own and the community cards) are paid "
        "by the table below, the ante and every raise alike, at the odds of the highest line the hand reaches."
    ]
    if step.push_from is not None:
        out.append(
            f"A hand below every line of the table but at least {hand_words(step.push_from)} gets its wagers back; "
            "any other hand loses them."
        )
    else:
        out.append("A hand below every line of the table loses its wagers.")
    return out


def pay_table_rows(step: SettleStep) -> tuple[tuple[str, str], ...]:
    """The pay table's lines, best first, as (hand, odds) rows.

    >>> from studrules.spec.loader import load_variant
    >>> pay_table_rows(load_variant("mississippi-stud").steps_of(SettleStep)[0])[-1]
    ('Pair of jacks or better', '1 to 1')
    """
    constants = hand_constants()
    lines = sorted(step.pay_table, key=lambda line: -constants[line[0]][1])
    out = []
    for label, odds in lines:
        words = hand_words(label).removeprefix("a ")
        if step.against == "pay_table" and label.startswith("pair_of_"):
            words += " or better"
        out.append((words[:1].upper() + words[1:], f"{odds} to 1"))
    return tuple(out)


def settle_rule_rows(step: SettleStep) -> list[tuple[str, str]]:
    """A settlement against the pay table as (rule, value) rows for the diff."""
    rows = [("settled against", "the pay table, on the player's hand alone")]
    rows += [(f"every wager pays on {hand.lower()}", odds) for hand, odds in pay_table_rows(step)]
    rows.append(("below the table", f"push from {hand_words(step.push_from)}" if step.push_from else "lose"))
    return rows
