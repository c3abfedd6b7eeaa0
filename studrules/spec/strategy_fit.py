"""Whether a strategy fits a variant: the cards its rules read are there
at every decision, and the house shows the card they look at. Used by
:meth:`studrules.spec.strategies.Strategy.check_fits`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..errors import Location, SpecError
from .expressions import Expression

if TYPE_CHECKING:  # pragma: no cover
    from .model import Variant

__all__ = ["fit_errors", "decision_cards"]

_CARD_NAMES = ("highest_card", "second_card", "third_card", "fourth_card", "fifth_card")
_HOUSE_UP_NAMES = ("house_up", "matches_house_up")


def _name_location(expr: Expression, name: str) -> Location | None:
    match = re.search(rf"\b{re.escape(name)}\b", expr.source)
    if expr.location is None:
        return None
    return expr.location.shifted(match.start()) if match else expr.location


def fit_errors(name: str, rules: Sequence[Any], variant: Variant, game_location: Location) -> list[SpecError]:
    """Why the strategy called ``name`` with these ``rules`` cannot play ``variant`` (none: it fits)."""
    from .model import DealStep, DecisionStep

    errors: list[SpecError] = []
    if not variant.is_banked:
        errors.append(
            SpecError(
                f"strategy '{name}' is for games against the house, but {variant.name} is a "
                f"{variant.kind} game (players against each other)",
                game_location,
            )
        )
        return errors
    if not variant.steps_of(DecisionStep):
        errors.append(
            SpecError(f"{variant.name} has no decision step: its players never choose to raise or fold", game_location)
        )
    deals = variant.steps_of(DealStep)
    house_up = sum(1 for d in deals for face in d.house if face == "up")
    # a rule is read at every decision: the fewest cards a player holds at one
    # (his own and the community's) bound the cards it may name
    player_cards = min(decision_cards(variant) or (sum(len(d.players) for d in deals),))
    for rule in rules:
        if rule.when is None:
            continue
        for read in sorted(rule.when.names):
            if read in _HOUSE_UP_NAMES and house_up == 0:
                errors.append(
                    SpecError(
                        f"'{read}' reads the house's up card, but in {variant.name} the house has no card face up",
                        _name_location(rule.when, read),
                    )
                )
            if read in _CARD_NAMES and _CARD_NAMES.index(read) >= player_cards:
                errors.append(
                    SpecError(
                        f"'{read}' reads the player's card number {_CARD_NAMES.index(read) + 1}, but in "
                        f"{variant.name} a player holds {player_cards} at a decision",
                        _name_location(rule.when, read),
                    )
                )
            if read == "hand" and player_cards < (least := _fewest(variant)):
                errors.append(
                    SpecError(
                        f"'hand' reads the player's best {least} cards, but in {variant.name} a player holds "
                        f"{player_cards} at a decision",
                        _name_location(rule.when, read),
                    )
                )
    return errors


def _fewest(variant: Variant) -> int:
    """The fewest cards a hand of the variant's ranking is made of."""
    from ..cards.rankings import get_ranking

    return int(get_ranking(variant.deck.ranking).fewest_cards)


def decision_cards(variant: Variant) -> list[int]:
    """How many cards a player holds (his own and the community's) at each decision step, in order.

    >>> from studrules.spec.loader import load_variant_text
    >>> v = load_variant_text('''
    ... name: two-decisions
    ... kind: banked
    ... seats: {min: 1, max: 6}
    ... stakes: {ante: 5}
    ... steps:
    ...   - ante: {amount: ante}
    ...   - deal: {players: [down, down]}
    ...   - decision: {id: first, fold: true, raise: ante}
    ...   - deal: {community: [up, up, up]}
    ...   - decision: {id: second, fold: true, raise: ante}
    ...   - settle: {qualify: "true", against: pay_table, pay_table: {pair_of_jacks: 1}}
    ... ''')
    >>> decision_cards(v)
    [2, 5]
    """
    from .model import DealStep, DecisionStep

    out: list[int] = []
    held = 0
    for step in variant.steps:
        if isinstance(step, DealStep):
            held += len(step.players) + len(step.community)
        elif isinstance(step, DecisionStep):
            out.append(held)
    return out
