"""The rules of a strategy file: what a player sees (:data:`VIEW_NAMES`), the actions, and the
reading of a list of rules with every problem located (used by :mod:`studrules.spec.strategies`).

An action is ``fold``, ``stand`` (go on without a wager), ``raise`` (the least raise the
decision allows) or a raise of a size in antes, ``raise 3x``. A rule is
``{when: CONDITION, action: ACTION}``, a table ``{hands: {KEY: ACTION}}`` (see
:mod:`studrules.spec.strategy_tables`; with ``when``, read only when its condition holds), or the final ``{otherwise: ACTION}``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import YES_NO_WORDS, Location, SpecError, close_matches
from .expressions import BOOL, HAND, NUMBER, Expression, ExprType, compile_expression
from .source import Document, FieldPath
from .strategy_tables import HandTable, KeyError_

__all__ = ["ACTIONS", "VIEW_NAMES", "Rule", "action_size", "read_rules"]

ACTIONS = ("raise", "fold", "stand")

# What a player sees in a game against the house, by name.
VIEW_NAMES: Mapping[str, Any] = {
    "hand": HAND,  # the player's best five cards
    "highest_card": NUMBER,  # ranks (2..14, ace high) of the player's cards, high to low
    "second_card": NUMBER,
    "third_card": NUMBER,
    "fourth_card": NUMBER,
    "fifth_card": NUMBER,
    "house_up": NUMBER,  # rank of the house's (highest) up card
    "matches_house_up": BOOL,  # one of the player's cards has the rank of a house up card
    "wagered": NUMBER,  # what the player has wagered so far (ante and raises), in antes, rounded down
    # the shape of the player's cards, however many (.strategy_shape)
    "of_a_kind": NUMBER,  # the most of his cards that share a rank
    "pairs": NUMBER,  # how many ranks he holds two or more of
    "pair_rank": NUMBER,  # the highest rank he holds two or more of; 0: none
    "flush_cards": NUMBER,  # the most of his cards in one suit
    "straight_span": NUMBER,  # ranks in a row his cards need, ace high or low; 14: two share a rank
    # the ranks of his longest suit's cards, high to low (of two as long, the higher); 0 past its length
    "flush_highest_card": NUMBER,
    "flush_second_card": NUMBER,
    "flush_third_card": NUMBER,
    "flush_fourth_card": NUMBER,
    "flush_fifth_card": NUMBER,
}

_ACTION_WORDS = "raise or fold (or stand, or raise Nx: N antes)"


@dataclass(frozen=True)
class Rule:
    """One line of a strategy: when ``when`` holds (None: always), take ``action``; or, with
    ``table``, the action the table gives the hand (a hand it does not hold goes on)."""

    action: str
    when: Expression | None = None
    location: Location | None = field(default=None, compare=False, repr=False)
    table: HandTable | None = field(default=None, compare=False, repr=False)


def action_size(action: str) -> int | None:
    """How many antes a sized raise wagers (``raise 3x``: 3); None for any other action.

    >>> action_size("raise 3x"), action_size("raise")
    (3, None)
    """
    match = re.fullmatch(r"raise ([1-9]\d*)x", action)
    return int(match.group(1)) if match else None


def _is_action(value: Any) -> bool:
    return isinstance(value, str) and (value in ACTIONS or action_size(value) is not None)


def read_rules(
    raw: Any,
    doc: Document,
    errors: list[SpecError],
    constants: Mapping[str, tuple[ExprType, int]],
    base: FieldPath = ("rules",),
) -> tuple[Rule, ...]:
    """The rules of the list ``raw`` found at ``base`` in ``doc``; each problem is added to ``errors``."""

    def where(*path: str | int) -> Location:
        return doc.location((*base, *path))

    if not isinstance(raw, list) or not raw:
        errors.append(
            SpecError(
                "'rules' must be a list of {when: CONDITION, action: ACTION} ending with {otherwise: ACTION}",
                where(),
            )
        )
        return ()
    rules: list[Rule] = []
    for i, item in enumerate(raw):
        last = i == len(raw) - 1
        if not isinstance(item, dict):
            errors.append(
                SpecError(
                    "a rule is a mapping: {when: CONDITION, action: ACTION}, {hands: {KEY: ACTION}} "
                    "or {otherwise: ACTION}",
                    where(i),
                )
            )
            continue
        if "otherwise" in item:
            extra = [k for k in item if k != "otherwise"]
            if extra:
                errors.append(
                    SpecError(
                        f"'otherwise' stands alone; remove '{extra[0]}'", doc.location((*base, i, extra[0]), key=True)
                    )
                )
            if not last:
                errors.append(
                    SpecError(
                        "'otherwise' must be the last rule: the rules after it would never be used",
                        doc.location((*base, i, "otherwise"), key=True),
                    )
                )
            action = _action(item["otherwise"], doc, (*base, i, "otherwise"), errors)
            rules.append(Rule(action, None, where(i)))
            continue
        if "hands" in item:
            table = _table(item, doc, (*base, i), errors)
            guard = None
            if "when" in item:  # a table read only when its condition holds
                guard = _condition(item["when"], doc, (*base, i, "when"), errors, constants)
                if guard is not None and guard.is_constant and guard.value() is True:
                    guard = None  # always: as when it is left out (the schema's default)
            if table is not None:
                rules.append(Rule("table", guard, where(i), table))
            continue
        for k in item:
            if k not in ("when", "action"):
                close = close_matches(str(k), ("when", "action", "otherwise", "hands"))
                hint = f": did you mean '{close[0]}'?" if close else ""
                errors.append(SpecError(f"unknown key '{k}' in a rule{hint}", doc.location((*base, i, k), key=True)))
        if "when" not in item:
            errors.append(SpecError("a rule needs 'when' (a condition), or is the final {otherwise: ACTION}", where(i)))
            continue
        action = _action(item.get("action"), doc, (*base, i, "action"), errors)
        when = _condition(item["when"], doc, (*base, i, "when"), errors, constants)
        if when is not None:
            rules.append(Rule(action, when, where(i)))
    if not (isinstance(raw[-1], dict) and "otherwise" in raw[-1]):
        errors.append(
            SpecError("the rules must end with a default: add '- otherwise: fold' (or raise)", where(len(raw) - 1))
        )
    return tuple(rules)


def _condition(
    value: Any, doc: Document, path: FieldPath, errors: list[SpecError], constants: Mapping[str, tuple[ExprType, int]]
) -> Expression | None:
    if isinstance(value, bool):
        value = "true" if value else "false"
    try:
        return compile_expression(
            str(value) if not isinstance(value, str) else value,
            names=VIEW_NAMES,
            constants=constants,
            expect=BOOL,
            location=_expression_start(doc, path),
        )
    except SpecError as err:
        errors.append(err)
        return None


def _table(item: Mapping[str, Any], doc: Document, path: FieldPath, errors: list[SpecError]) -> HandTable | None:
    extra = [k for k in item if k not in ("hands", "when")]
    for k in extra:
        errors.append(
            SpecError(
                f"a table rule is {{hands: {{KEY: ACTION}}}}, with a 'when' if it is read only then; remove '{k}'",
                doc.location((*path, k), key=True),
            )
        )
    raw = item["hands"]
    if not isinstance(raw, dict) or not raw:
        errors.append(
            SpecError("'hands' maps hands to actions: {'AKQ / 9': raise, ...}", doc.location((*path, "hands")))
        )
        return None
    found = len(errors)
    for key, action in raw.items():
        if not _is_action(action):
            errors.append(
                SpecError(
                    f"the action must be {_ACTION_WORDS}, not {action!r}{YES_NO_WORDS if isinstance(action, bool) else ''}",
                    doc.location((*path, "hands", key)),
                )
            )
    if len(errors) == found:
        try:  # every key read once (a written optimal play holds tens of thousands)
            return HandTable.parse(raw, lambda key: doc.location((*path, "hands", key), key=True))
        except KeyError_:
            pass
    for key, action in raw.items():  # a key does not read: say which, each where it is written
        if _is_action(action):
            try:
                HandTable.parse({key: action})
            except KeyError_ as err:
                errors.append(SpecError(str(err), doc.location((*path, "hands", key), key=True)))
    return None


def _expression_start(doc: Document, path: FieldPath) -> Location:
    """Where the expression text starts (after an opening quote, if any)."""
    loc = doc.location(path)
    if loc.line is not None and loc.column is not None:
        line = doc.line_text(loc.line)
        if 0 < loc.column <= len(line) and line[loc.column - 1] in "\"'":
            return loc.shifted(1)
    return loc


def _action(value: Any, doc: Document, path: FieldPath, errors: list[SpecError]) -> str:
    if not _is_action(value):
        shown = "nothing" if value is None else repr(value) + (YES_NO_WORDS if isinstance(value, bool) else "")
        errors.append(SpecError(f"the action must be {_ACTION_WORDS}, not {shown}", doc.location(path)))
        return "fold"
    return str(value)
