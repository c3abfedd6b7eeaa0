"""Rows of the diff (:mod:`studrules.analysis.diff`) that read more than one
field: whether a player facing no bet may check or fold in a betting round,
at the file's stakes and options; and the steps where each player chooses
something (turning cards up, passing, drawing or buying, splitting,
declaring), each with where it falls in the hand.

    >>> from studrules.spec.examples import example_variant
    >>> v = example_variant("one-round")
    >>> check_rows(v, v.steps_of(BettingStep)[0], v.stake_values())
    [('checking', 'allowed'), ('folding', 'only when facing a bet')]
"""

from __future__ import annotations

from collections.abc import Mapping

from ..spec.model import (
    AnteStep,
    BettingStep,
    BlindsStep,
    DeclareStep,
    DrawStep,
    ExposeStep,
    PassStep,
    SplitStep,
    Step,
    Variant,
)
from .expression_words import amount_value, condition_words, number_words, phrase
from .rule_words import cards_held
from .step_words import declare_rule_rows

__all__ = ["check_rows", "choice_step_rows", "draw_rows", "placement_words"]

# the steps where each player chooses something: their topic, in the order the diff lists them
_CHOICE_TOPICS: tuple[tuple[type[Step], str], ...] = (
    (PassStep, "passing cards"),
    (ExposeStep, "turning cards up"),
    (DrawStep, "draws"),
    (SplitStep, "split hands"),
    (DeclareStep, "declare"),
)


def check_rows(variant: Variant, step: BettingStep, values: Mapping[str, int]) -> list[tuple[str, str]]:
    """A betting round's ``checking`` and ``folding`` rows: what a player
    facing no bet may do, as the stakes ``values`` and the steps before the
    round decide it where they can (a round that lets a player check only
    when antes were posted, in a game that posts none, never lets him check;
    one who may not check must bet, unless an open fold lets him fold).

    >>> from studrules.spec.loader import load_variant_text
    >>> from studrules.spec.examples import example_text
    >>> text = example_text("one-round").replace("bet: bet}", "bet: bet, check: antes_posted}")
    >>> v = load_variant_text(text)
    >>> check_rows(v, v.steps_of(BettingStep)[0], {"ante": 1, "bet": 2})[0]
    ('checking', 'allowed: only when antes were posted before the deal, always so in this game')
    >>> check_rows(v, v.steps_of(BettingStep)[0], {"ante": 0, "bet": 2})
    [('checking', 'never: only when antes were posted before the deal, never so in this game'), ('folding', 'only when facing a bet (facing none, he must bet)')]
    """
    allowed = _check_allowed(variant, step, values)
    if step.bring_in is not None and step.check is None:
        checking = "\u2014 (the bring-in opens)"  # (the diff's MISSING: no such rule here)
    elif step.check is None:
        checking = "allowed"
    elif step.check.is_constant and step.check.value() is False:  # (check: false)
        checking = "never"
    elif allowed is None:
        checking = f"only when {condition_words(step.check)}"
    else:
        so = "always" if allowed else "never"
        checking = f"{'allowed' if allowed else 'never'}: only when {condition_words(step.check)}, {so} so in this game"
    if step.open_fold:
        folding = "at any turn, even when he could check"
    elif allowed is False:
        folding = "only when facing a bet (facing none, he must bet)"
    elif allowed is None:
        folding = "only when facing a bet (facing none, he must bet when he may not check)"
    else:
        folding = "only when facing a bet"
    return [("checking", checking), ("folding", folding)]


def choice_step_rows(variant: Variant) -> list[tuple[str, str, str]]:
    """(topic, rule, value) rows of every step where each player chooses
    something: what he chooses, and where the step ``comes`` (which betting
    round it follows, and how many cards each player holds then); the rules
    of a second step of a kind numbered ``(2)``.

    >>> from studrules.spec.loader import load_variant_text
    >>> from studrules.spec.examples import example_text
    >>> text = example_text("one-round").replace("  - showdown", "  - expose: {count: 1}\\n  - showdown")
    >>> choice_step_rows(load_variant_text(text))
    [('turning cards up', 'cards', '1, simultaneous'), ('turning cards up', 'comes', 'after round 1, each holding 5 cards')]
    """
    out = []
    for kind, topic in _CHOICE_TOPICS:
        for n, step in enumerate(variant.steps_of(kind), 1):
            suffix = "" if n == 1 else f" ({n})"
            for rule, value in [*_what_rows(step), ("comes", placement_words(variant, step))]:
                out.append((topic, rule + suffix, value))
    return out


def draw_rows(step: DrawStep) -> list[tuple[str, str]]:
    """A draw (or buy) step as (rule, value) rows.

    >>> draw_rows(DrawStep("d", source="any"))[0]
    ('discard', 'up to one of his cards, face up or down')
    >>> draw_rows(DrawStep("d", discard_min=2, discard_max=2, replace=False))[:2]
    [('discard', 'exactly two of his face-down cards'), ('replaced', 'no')]
    """
    low, high = step.discard_min, step.discard_max
    if low == high:
        count = f"exactly {number_words(high)}"
    elif low == 0:
        count = f"up to {number_words(high)}"
    else:
        count = f"from {number_words(low)} to {number_words(high)}"
    cards = "of his face-down cards" if step.source == "down" else "of his cards, face up or down"
    face = "as the card replaced" if step.face == "same" else f"face {step.face}"
    return [
        ("discard", f"{count} {cards}"),
        ("replaced", f"yes, {face}" if step.replace else "no"),
        ("price of a new card", "free" if step.price is None else phrase(step.price)),
        ("a player who stood pat before", "stands pat here too" if step.pat_stays_pat else "may draw here"),
    ]


def placement_words(variant: Variant, step: Step) -> str:
    """Where a step falls in the hand: after which betting round, with how
    many cards each player holds then, and the condition it is played on.

    >>> from studrules.spec.examples import example_variant
    >>> v = example_variant("bring-in")
    >>> placement_words(v, v.steps[-1])
    'after round 1, each holding 5 cards'
    """
    rounds = 0
    for s in variant.steps:
        if s is step:
            break
        rounds += isinstance(s, BettingStep)
    down, up = cards_held(variant, step)
    if rounds:
        where = f"after round {rounds}"
    else:
        where = "before round 1" if variant.steps_of(BettingStep) else "before any betting"
    text = f"{where}, each holding {down + up} card{'s' if down + up != 1 else ''}"
    if step.when is not None:
        text += f"; only when {condition_words(step.when)}"
    return text


# --- helpers ---------------------------------------------------------------------


def _what_rows(step: Step) -> list[tuple[str, str]]:
    """What each player chooses at a step, as rows."""
    if isinstance(step, ExposeStep):
        many = str(step.count) if step.least == step.count else f"{step.least} to {step.count}, his choice"
        return [("cards", f"{many}, {step.mode.replace('_', ' ')}")]
    if isinstance(step, PassStep):
        return [("cards", f"{step.count}, to the {step.to}")]
    if isinstance(step, SplitStep):
        rule = " and ".join(map(str, step.sizes)) + " cards"
        rule += "; a face-down card in each" if step.down_in_each else ""
        return [("hands", rule + ("; the first must beat the second" if step.ordered else ""))]
    if isinstance(step, DrawStep):
        return draw_rows(step)
    assert isinstance(step, DeclareStep)
    return declare_rule_rows(step)


def _check_allowed(variant: Variant, step: BettingStep, values: Mapping[str, int]) -> bool | None:
    """Whether a player facing no bet may check in the round, where the
    stakes and the steps before it decide it (None: the table does)."""
    if step.check is None:
        return True
    known: dict[str, int | bool] = dict(values)
    before = variant.steps[: variant.steps.index(step)]
    rounds = [s for s in before if isinstance(s, BettingStep)]
    if all(s.when is None for s in rounds):  # no round skipped: its number is known
        known["round"] = len(rounds) + 1
    posted = _antes_posted(before, values)
    if posted is not None:
        known["antes_posted"] = posted
    if not step.check.names <= known.keys():
        return None
    try:
        return bool(step.check(known))
    except Exception:  # (a value the table would give otherwise: leave it to the table)
        return None


def _antes_posted(before: tuple[Step, ...], values: Mapping[str, int]) -> bool | None:
    """Whether antes or blinds are posted in every hand by the steps
    ``before`` (None: it depends on the hand)."""
    posted: bool | None = False
    for s in before:
        if isinstance(s, BlindsStep):  # blinds count as antes posted
            posted = True if s.when is None else posted or None
        elif isinstance(s, AnteStep):
            amount = None if s.chosen_by_player or s.when is not None else amount_value(s.amount, values)
            if amount is None:
                posted = posted or None
            elif amount > 0:
                posted = True
    return posted
