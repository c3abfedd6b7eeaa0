"""Whether a strategy fits a variant: the cards its rules read are there
at every decision, and the house shows the card they look at. Used by
:meth:`studrules.spec.strategies.Strategy.check_fits`, and by
:func:`fitting_strategy` to choose the shipped strategy a game is played
with when none is named (``simulate``, ``analyze``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from ..errors import Location, SpecError, SpecErrors
from .expressions import Expression

if TYPE_CHECKING:  # pragma: no cover
    from .model import Variant

__all__ = [
    "fit_errors",
    "decision_cards",
    "raise_choices",
    "offered_raises",
    "plays_alike",
    "fitting_strategy",
    "named_or_fitting",
    "default_help",
]


class _Named(Protocol):
    @property
    def name(self) -> str: ...


_S = TypeVar("_S", bound=_Named)  # a loaded strategy

_CARD_NAMES = ("highest_card", "second_card", "third_card", "fourth_card", "fifth_card")
_HOUSE_UP_NAMES = ("house_up", "matches_house_up")


def _rank_names() -> frozenset[str]:
    """The view names that read the cards' ranks or suits (every one but ``hand`` and ``wagered``)."""
    from .strategy_rules import VIEW_NAMES

    return frozenset(VIEW_NAMES) - {"hand", "wagered"}


def _name_location(expr: Expression, name: str) -> Location | None:
    match = re.search(rf"\b{re.escape(name)}\b", expr.source)
    if expr.location is None:
        return None
    return expr.location.shifted(match.start()) if match else expr.location


def fit_errors(
    name: str, streets: Sequence[Sequence[Any]], variant: Variant, game_location: Location
) -> list[SpecError]:
    """Why the strategy called ``name`` cannot play ``variant`` (none: it fits). ``streets``: the
    rules of each decision in order (one list: the rules of every decision)."""
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
    decisions = variant.steps_of(DecisionStep)
    if not decisions:
        errors.append(
            SpecError(f"{variant.name} has no decision step: its players never choose to raise or fold", game_location)
        )
    if len(streets) > 1 and len(streets) != len(decisions):
        errors.append(
            SpecError(
                f"strategy '{name}' gives the rules of {len(streets)} decisions, but in {variant.name} a player "
                f"decides {len(decisions)} time(s)",
                game_location,
            )
        )
    deals = variant.steps_of(DealStep)
    house_up = sum(1 for d in deals for face in d.house if face == "up")
    held = decision_cards(variant) or [sum(len(d.players) for d in deals)]
    # a list of rules read at several decisions is bound by the fewest cards held at one
    per_street = [
        (rules, min(held) if len(streets) == 1 else held[k], [decisions[k]] if len(streets) > 1 else list(decisions))
        for k, rules in enumerate(streets)
        if len(streets) == 1 or k < len(held)
    ]
    for rules, player_cards, steps in per_street:
        for rule in rules:
            errors += _action_errors(rule, steps, variant)
            if rule.table is not None:  # (read at several decisions: a key of any one's size matches there)
                holds = sorted(set(held)) if len(streets) == 1 else [player_cards]
                errors += _table_errors(rule, holds, house_up, variant)
            if rule.table is not None and variant.deck.jokers:
                errors.append(
                    SpecError(f"a table of hands reads the cards, but {variant.name} deals jokers", rule.location)
                )
            if rule.when is None:
                continue
            for read in sorted(rule.when.names):
                if variant.deck.jokers and read in _rank_names():
                    errors.append(
                        SpecError(
                            f"'{read}' reads the cards' ranks, but {variant.name} deals jokers, which have none "
                            "(read 'hand', which counts them)",
                            _name_location(rule.when, read),
                        )
                    )
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


def _action_errors(rule: Any, steps: Sequence[Any], variant: Variant) -> list[SpecError]:
    """A rule's actions the decisions it is read at do not allow: a stand where the player must
    fold or raise, a raise of a size the decision does not offer."""
    from .strategy_rules import action_size

    actions = set(rule.table.actions) if rule.table is not None else {rule.action}
    out: list[SpecError] = []
    for step in steps:
        for action in sorted(actions):
            where = f"decision '{step.id}' of {variant.name}" if step.id else f"a decision of {variant.name}"
            if action == "stand" and not step.stand:
                out.append(SpecError(f"'stand': at {where} the player may not go on without a wager", rule.location))
            size = action_size(action)
            if size is not None:
                ante, amounts = raise_choices(step, variant)
                if size * ante not in amounts:
                    offered = ", ".join(f"{a // ante}x" if a % ante == 0 else str(a) for a in amounts) or "none"
                    out.append(
                        SpecError(
                            f"'{action}': at {where} the raises are {offered} (the ante is {ante})", rule.location
                        )
                    )
    return out


def _table_errors(rule: Any, holds: list[int], house_up: int, variant: Variant) -> list[SpecError]:
    """The keys of a table of hands that name another number of cards than any decision it is
    read at holds (``holds``: the cards a player holds at each of them)."""
    out: list[SpecError] = []
    held = " or ".join(filter(None, [", ".join(map(str, holds[:-1])), str(holds[-1])]))
    for text, mine, up, location in rule.table.keys:
        if mine not in holds:
            out.append(
                SpecError(
                    f"the hand '{text}' has {mine} card(s), but in {variant.name} a player holds {held} "
                    f"at {'this decision' if len(holds) == 1 else 'a decision'}",
                    location or rule.location,
                )
            )
        if up and up != house_up:
            out.append(
                SpecError(
                    f"the hand '{text}' names {up} house up card(s), but in {variant.name} the house shows {house_up}",
                    location or rule.location,
                )
            )
    return out


def raise_choices(step: Any, variant: Variant) -> tuple[int, list[int]]:
    """The ante and every raise a decision offers some hand, the least first, at the variant's stakes."""
    from .model import AnteStep

    env = variant.stake_values()
    antes = variant.steps_of(AnteStep)
    ante = int(antes[0].amount(env)) if antes else 1
    return ante, offered_raises(step, env, ante, variant.deck.ranking)


def offered_raises(step: Any, env: Mapping[str, int], ante: int, ranking: str = "high") -> list[int]:
    """Every raise a decision allows some hand at the stakes ``env`` and this ante, the least
    first (a most that reads the hand, valued in ``ranking``: up to the largest most of any
    hand, :func:`~studrules.spec.raise_sizes.every_raise`)."""
    from .raise_sizes import every_raise

    return list(every_raise(step, env, ante, ranking))


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


def plays_alike(strategy: Any) -> bool:
    """Whether ``strategy`` plays every hand the same way (each rule of each decision
    unconditional: a yardstick such as always raise or always fold).

    >>> from studrules.spec.strategies import load_strategy
    >>> plays_alike(load_strategy("fold")), plays_alike(load_strategy("basic"))
    (True, False)
    """
    decisions = tuple(strategy.streets) or (strategy.rules,)
    return all(rule.when is None and rule.table is None for rules in decisions for rule in rules)


def fitting_strategy(variant: Variant, shipped: Iterable[str], load: Callable[[str, Variant], _S]) -> _S:
    """The strategy the file of ``variant`` names (``strategy:``), else the first of the
    ``shipped`` strategies, by name, that fits ``variant`` (one that :func:`plays_alike`
    only when no other fits), as ``load(name, variant)`` loads it (``load`` raises a :class:`~studrules.errors.SpecError`
    or :class:`~studrules.errors.SpecErrors` for one that does not fit): what ``simulate`` and
    ``analyze`` play when no strategy is named. None fits: a :class:`~studrules.errors.SpecError`
    of one line. (The loader is given, not imported: :mod:`studrules.spec.strategies` imports
    this module.)

    >>> from studrules.spec.examples import example_variant
    >>> from studrules.spec.strategies import load_strategy, shipped_strategies
    >>> fitting_strategy(example_variant("against-the-house"), shipped_strategies(), load_strategy).name
    'ace-king-or-better'
    """
    if not variant.is_banked:
        raise SpecError(
            f"strategies are for games against the house, but {variant.name} is a {variant.kind} game "
            "(players against each other)"
        )
    if variant.strategy is not None:  # the file's own: played, or its misfit said
        return load(variant.strategy, variant)
    order = sorted(shipped)
    yardstick = None
    for name in order:
        try:
            strategy = load(name, variant)
        except (SpecError, SpecErrors):  # it does not fit: the next one
            continue
        if not plays_alike(strategy):
            return strategy
        yardstick = yardstick or strategy
    if yardstick is not None:
        return yardstick
    raise SpecError(
        f"no shipped strategy fits {variant.name}: write one for it and give --strategy FILE (tried {', '.join(order)})"
    )


def named_or_fitting(
    name: str | None, variant: Variant, shipped: Iterable[str], load: Callable[[str, Variant], _S]
) -> tuple[_S, str | None]:
    """The strategy ``name`` (a shipped name or a file) loaded for ``variant``, and None; with no
    ``name``, :func:`fitting_strategy` and a line that names the strategy chosen.

    >>> from studrules.spec.examples import example_variant
    >>> from studrules.spec.strategies import load_strategy, shipped_strategies
    >>> named_or_fitting(None, example_variant("against-the-house"), shipped_strategies(), load_strategy)[1]
    'strategy: ace-king-or-better, the first shipped strategy that fits against-the-house (--strategy NAME or FILE plays another)'
    """
    if name is not None:
        return load(name, variant), None
    strategy = fitting_strategy(variant, shipped, load)
    why = (
        f"the one {variant.name} names"
        if variant.strategy is not None
        else f"the first shipped strategy that fits {variant.name}"
    )
    line = f"strategy: {strategy.name}, {why} (--strategy NAME or FILE plays another)"
    changed = variant.changed_options()
    if changed and variant.strategy is not None:  # (the file names the play of its own rules)
        flags = " ".join(f"--option {pair}" for pair in changed.split(", "))
        line += (
            f"; the file names it for its default rules, not for {changed}: "
            f"'studrules analyze {variant.name} {flags} --optimal' finds the best play under them"
        )
    return strategy, line


def default_help() -> str:
    """What a command's help says of the strategy played when none is named."""
    return (
        "the one the game's file names (strategy:), else the first shipped strategy, by name, that fits "
        "the game (one that plays every hand alike, such as raise or fold, only when no other fits)"
    )
