"""One position against the house, for :mod:`studrules.analysis.simulate`:
the variant's rules read once (:func:`_table`) and whole batches of deals
decided and settled (:func:`_play`).

The decisions are played in order on the hands still in, each with the cards
the player holds then (his own and the community cards turned so far) and
the house's up cards; a strategy's rules are read at every decision, and its
``raise`` is the least raise the decision allows, its ``raise Nx`` the largest
up to N antes that the hand may make (a most that reads the hand: each hand's
own, :func:`within_most`; a decision that offers no fold makes ``fold`` mean
going on without a raise: ``stand``). The
settlement is :func:`~studrules.analysis.batch_settlement.settle_batch` and
:func:`~studrules.analysis.batch_settlement.side_bets_batch`, the same rules
as the hand machine's.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..errors import SpecError
from ..game.settlement import side_bet_hands
from ..spec.expressions import Expression
from ..spec.hand_ranking import banked_ranking
from ..spec.model import AnteStep, DealStep, DecisionStep, SettleStep, Variant
from ..spec.raise_sizes import reads_hand
from ..spec.strategies import Strategy
from ..spec.strategy_fit import _CARD_NAMES, raise_choices
from ..spec.strategy_rules import action_size
from ..spec.strategy_shape import SHAPE_NAMES, shape_columns
from .batch_settlement import _over_values, settle_batch

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

__all__: list[str] = []


@dataclass(frozen=True)
class _Street:
    """One decision: what the player may do, the least raise, and the cards he holds then."""

    fold: bool
    stand: bool
    amount: int | None  # the least raise in chips (None: the decision offers none)
    own: int  # his own cards dealt before it
    community: int  # community cards turned before it
    location: Any = field(default=None, compare=False)
    offered: tuple[int, ...] = ()  # every raise it allows some hand, the least first
    most: Expression | None = None  # the most a hand may raise, where it reads the hand (raise_max)
    unit: int = 1  # the raises' unit


@dataclass(frozen=True)
class _Table:
    """Everything a chunk needs, read from the variant once (and picklable).

    A deal is a row of card codes: the player's own cards, then the house's,
    then the community cards, each in the order the steps deal them."""

    strategy: Strategy
    settle: SettleStep
    raise_amount: Expression | None  # the first decision's amount (for one-decision callers)
    may_fold: bool
    ante: int
    env: tuple[tuple[str, int], ...]  # stake values
    player_cards: int
    house_cards: int
    house_up: tuple[int, ...]  # which of the house's cards are dealt face up
    groups: tuple[tuple[str, float], ...]  # hand groups for the report: (name, lowest value), ascending
    community_cards: int = 0
    streets: tuple[_Street, ...] = ()
    ranking: str = "high"
    deck: int = 52  # the cards dealt from: codes 0..51, and the jokers 52.. after them
    valued_by: Any = None  # where cards are wild: the ranking counting them (spec.hand_ranking.banked_ranking)
    wild_order: tuple[str, str] | None = None  # where cards are wild: WildRules.order (the names of hands)

    @property
    def cards(self) -> int:
        return self.player_cards + self.house_cards + self.community_cards

    def values(self, columns: np.ndarray, ranking: str | None = None) -> np.ndarray:
        """The values of hands laid out by card (``columns[j]``: every hand's card ``j``) in
        ``ranking`` (the deck's by default); in the deck's, where cards are wild, a hand holding
        one is valued hand by hand with them counted (``float64``), the others in batch."""
        from ..cards.batch import evaluate_columns, evaluate_rows_wild

        ranking = ranking or self.ranking
        if self.valued_by is None or ranking != self.ranking:
            return evaluate_columns(columns, ranking)
        return evaluate_rows_wild(columns.T, self.valued_by, ranking)

    def held(self, columns: np.ndarray, own: int, community: int) -> np.ndarray:
        """The cards the player holds, laid out by card (``columns[j]``: every deal's card ``j``):
        his first ``own`` and the first ``community`` community cards."""
        import numpy as np

        if not community:
            return columns[:own]
        start = self.player_cards + self.house_cards
        return np.concatenate([columns[:own], columns[start : start + community]])


def _table(variant: Variant, strategy: Strategy) -> _Table:
    name = variant.name
    if not variant.is_banked:
        raise SpecError(
            f"simulate plays games against the house; {name} is a {variant.kind} game (players against each other)"
        )
    strategy.check_fits(variant)
    if not variant.deck.is_standard:
        deck = variant.deck
        what = (
            f"a {deck.cards}-card deck (ranks {deck.ranks})"
            if deck.cards != 52
            else "a deck where the ace is never low (A-2-3-4-5 is not a straight)"
        )
        raise SpecError(
            f"simulate deals from the standard 52-card deck, where A-2-3-4-5 is a straight; {name} uses {what}: "
            "play its hands one by one (studrules play, or the Hand API) instead"
        )
    antes = variant.steps_of(AnteStep)
    decisions = variant.steps_of(DecisionStep)
    settles = variant.steps_of(SettleStep)
    for kind, found in (("ante", antes), ("settle", settles)):
        if len(found) != 1:
            raise SpecError(f"simulate needs exactly one {kind} step in {name}; it has {len(found)}")
    if not decisions:
        raise SpecError(f"simulate needs a decision step in {name}; it has none")
    for step in variant.steps:
        if step.when is not None:
            raise SpecError(
                f"simulate cannot play {name}: its step '{step.id}' is played only when '{step.when.source}'",
                step.location,
            )
    env = variant.stake_values()
    ante_step = antes[0]
    ante = int(ante_step.amount(env))
    if ante <= 0:  # (one outside the table limits is refused when the variant is loaded)
        raise SpecError(f"the ante of {name} is {ante}: simulate plays a position's ante of 1 chip or more")
    # the decisions, each with the cards the player holds when he makes it
    names = dict(env, ante=ante)  # as the hand machine works a decision's amounts
    streets: list[_Street] = []
    own = community = 0
    house_faces: list[str] = []
    for step in variant.steps:
        if isinstance(step, DealStep):
            own += len(step.players)
            community += len(step.community)
            house_faces += list(step.house)
        elif isinstance(step, DecisionStep):
            amount = int(step.raise_amount(names)) if step.raise_amount is not None else None
            offered = tuple(raise_choices(step, variant)[1])
            most = step.raise_max if reads_hand(step) else None
            unit = max(int(step.raise_unit(names)), 1) if step.raise_unit is not None else 1
            streets.append(_Street(step.fold, step.stand, amount, own, community, step.location, offered, most, unit))
    ranking = variant.deck.ranking
    from ..cards.rankings import get_ranking

    fewest = int(getattr(get_ranking(ranking), "hand_cards", get_ranking(ranking).fewest_cards))
    for who, count in (("a player", own + community), ("the house", len(house_faces))):
        if count and not fewest <= count <= 9:
            raise SpecError(
                f"simulate plays hands of {fewest} to 9 cards in the {ranking} ranking; in {name} {who} gets {count}"
            )
    if any(rule.action == "raise" for rule in strategy.rules):
        for step, street in zip(decisions, streets):
            if street.amount is None and not street.stand:
                raise SpecError(
                    f"strategy '{strategy.name}' raises, but the decision step '{step.id}' of {name} gives no "
                    "raise amount",
                    step.location,
                )
    return _Table(
        strategy=strategy,
        settle=settles[0],
        raise_amount=decisions[0].raise_amount,
        may_fold=decisions[0].fold,
        ante=ante,
        env=tuple(env.items()),
        player_cards=own,
        house_cards=len(house_faces),
        house_up=tuple(i for i, face in enumerate(house_faces) if face == "up"),
        groups=_groups(ranking, variant.wild.order),
        community_cards=community,
        streets=tuple(streets),
        ranking=ranking,
        deck=variant.deck.cards,
        valued_by=banked_ranking(variant) if variant.wild.any else None,
        wild_order=variant.wild.order,
    )


def _groups(ranking: str, wild_order: tuple[str, str] | None = None) -> tuple[tuple[str, float], ...]:
    """The report's kinds of hands in ``ranking``, each with its lowest value, ascending (where
    cards are wild, ``wild_order``: five of a kind, and five wild cards where they rank apart)."""
    from ..spec.vocabulary import category_constants, hand_constants, wild_hand_constants

    if ranking == "high":
        found: list[tuple[str, float]] = [(n, v) for n, (_, v) in category_constants().items()]
        if wild_order is not None:
            found += [(n, v) for n, (_, v) in wild_hand_constants(ranking, wild_order).items() if n.startswith("five")]
    else:
        from ..cards.rankings import get_ranking

        category = getattr(get_ranking(ranking), "category", None)
        found = [(n, v) for n, (_, v) in hand_constants(ranking).items() if category and category(v) == n]
    if not found:  # a ranking without categories of its own: one group
        return (("any_hand", -(1 << 62)),)
    return tuple(sorted(found, key=lambda item: item[1]))


# --- one batch of deals -------------------------------------------------------


def _play_deals(table: _Table, cards: np.ndarray) -> tuple[np.ndarray, ...]:
    """Decide and settle every deal, a row of ``cards``: the player's cards, the house's, the community's.

    Returns ``(player_value, raised, qualified, net, raise_amount)``, one entry per deal
    (``raised``: the player made a raise; ``raise_amount``: the chips he raised in all;
    ``net``: the ante and the raises, side bets apart).
    The cards of a row must be distinct (:func:`deal_batch` deals them so): they are not checked.
    """
    played = _play(table, cards)
    return tuple(played[k] for k in ("player_value", "raised", "qualified", "net", "raise_total"))


def _play(table: _Table, cards: np.ndarray) -> dict[str, Any]:
    """Every decision in order for the hands still in, then the settlement (see :func:`_play_deals`).

    The work is done on the cards laid out by card (``cards.T``, contiguous for
    :func:`~studrules.analysis.simulate.deal_batch`'s deals): every card position a
    row of small integers, so a hand's values are a few whole-row operations."""
    import numpy as np

    from .batch_settlement import side_bets_batch

    columns = np.asarray(cards).T
    hands = columns.shape[1]
    house = columns[table.player_cards : table.player_cards + table.house_cards]
    alive = np.ones(hands, dtype=bool)
    raise_total = np.zeros(hands, dtype=np.int64)
    final_value = None  # the final hands' values, when a decision of every deal had them already
    everyone = True  # no deal has folded yet
    for index, street in enumerate(table.streets):
        rows = None if everyone else np.flatnonzero(alive)
        if rows is not None and not len(rows):
            break
        held = table.held(columns, street.own, street.community)
        house_now = house
        if rows is not None:
            held, house_now = held[:, rows], house[:, rows]
        size = held.shape[1]
        value = None
        if "hand" in table.strategy.names or street.most is not None:
            value = table.values(held)
            if rows is None and (street.own, street.community) == (table.player_cards, table.community_cards):
                final_value = value
        features = _view_columns(table, held, house_now, value)
        if "wagered" in table.strategy.names:  # the antes out so far: the ante and the raises
            features["wagered"] = (table.ante + (raise_total if rows is None else raise_total[rows])) // table.ante
        actions, which = table.strategy.choose_batch(features, size=size, street=index)
        # what each action does here, looked up by the hands' action numbers
        forced = not street.fold and not street.stand  # nothing else to do: the raise is forced
        verbs = [action.split()[0] for action in actions]
        raises = [forced or verb == "raise" for verb in verbs]
        if street.fold:  # a stand where the decision has none is a fold, as a fold where it has no fold is a stand
            # (a hand that raises plays on)
            folds = np.array(
                [not r and (v == "fold" or (v == "stand" and not street.stand)) for v, r in zip(verbs, raises)]
            )
            if folds.any():
                folded = np.take(folds, which)
                if rows is None:
                    alive &= ~folded
                else:
                    alive[rows[folded]] = False
                everyone = everyone and not folded.any()
        if street.offered:
            sizes = np.array(
                [_raise_size(table, street, a) if r else 0 for a, r in zip(actions, raises)], dtype=np.int64
            )
            chosen = np.take(sizes, which)
            if street.most is not None:  # each hand's raise, brought down to the most it allows
                assert value is not None and street.amount is not None
                most = _over_values(street.most, {"hand": value}, dict(table.env, ante=table.ante))
                chosen = np.where(chosen > 0, within_most(chosen, most, street.amount, street.unit), 0)
            if rows is None:
                raise_total += chosen
            else:
                raise_total[rows] += chosen
    player_value = final_value
    if player_value is None:
        player_value = table.values(table.held(columns, table.player_cards, table.community_cards))
    house_value = table.values(house) if table.house_cards else np.zeros(hands, dtype=np.int64)
    env = dict(table.env)
    net, qualified, _ = settle_batch(
        table.settle,
        player_value=player_value,
        house_value=house_value,
        ante=table.ante,
        raised=alive,
        env=env,
        raise_total=raise_total,
        ranking=table.ranking,
        wild_order=table.wild_order,
    )
    beaten = qualified & (house_value > player_value) if table.house_cards else np.zeros(hands, dtype=bool)
    others = side_bet_hands(table.settle, table.ranking)  # the side bets' own hands: the cards valued in each
    held = table.held(columns, table.player_cards, table.community_cards) if others else columns
    hands_of = {"player": held, "own": held[: table.player_cards], "community": held[table.player_cards :]}
    if any(whose == "player_and_house" for _, whose in others):
        hands_of["player_and_house"] = np.concatenate([held, house])
    values_in = {(r, whose): table.values(hands_of[whose], r) for r, whose in others}
    side = side_bets_batch(
        table.settle,
        player_value=player_value,
        played=alive,
        env=env,
        ranking=table.ranking,
        ante=table.ante,
        beaten=beaten,
        values_in=values_in,
        house_value=house_value,
        wild_order=table.wild_order,
    )
    for bet in table.settle.side_bets:  # a required bet is the game's own: in its net, not beside it
        if bet.required and bet.name in side:
            net = net + side.pop(bet.name)[1]
    return {
        "player_value": player_value,
        "raised": raise_total > 0,
        "qualified": qualified,
        "net": net,
        "raise_total": raise_total,
        "alive": alive,
        "side_bets": side,
    }


def within_most(chosen: np.ndarray, most: np.ndarray, low: int, unit: int) -> np.ndarray:
    """Each raise ``chosen`` (of the raises some hand may make), brought down to the largest raise
    its own hand allows (from ``low`` up to its ``most`` in steps of ``unit``): the largest up to
    the chosen, the least if none is, as :func:`_raise_size` chooses among one hand's raises.

    >>> import numpy as np
    >>> within_most(np.array([30, 30, 20, 10]), np.array([30, 10, 15, 30]), 10, 5).tolist()
    [30, 10, 15, 10]
    """
    import numpy as np

    top = np.maximum(np.minimum(chosen, most), low)
    return low + (top - low) // unit * unit


def _raise_size(table: _Table, street: _Street, action: str) -> int:
    """The chips an action raises at ``street``: ``raise Nx`` the largest raise the decision
    allows up to N antes (the least if none is), any other raise the least (as the strategy's bots do);
    where the most reads the hand, of the raises some hand may make (:func:`within_most` then
    brings each hand's down to its own)."""
    size = action_size(action)
    if size is None:
        return street.offered[0]
    return max((a for a in street.offered if a <= size * table.ante), default=street.offered[0])


def _view_batch(table: _Table, player: np.ndarray, house: np.ndarray, player_value: np.ndarray | None) -> dict:
    """The strategy's view names for every hand, as arrays (see :data:`~studrules.spec.strategies.VIEW_NAMES`):
    ``player`` the cards the player holds at the decision, ``house`` the house's cards, a hand a row."""
    import numpy as np

    return _view_columns(table, np.asarray(player).T, np.asarray(house).T, player_value)


def _view_columns(table: _Table, player: np.ndarray, house: np.ndarray, player_value: np.ndarray | None) -> dict:
    """:func:`_view_batch` of the cards laid out by card (``player[j]``: every hand's card ``j``).
    Ranks are sorted by a network of row minimums and maximums (no per-hand sort)."""
    import numpy as np

    wanted = table.strategy.names
    features: dict[str, Any] = {}
    if table.strategy.reads_cards:  # a table of hands reads the cards themselves
        features["cards"] = player.T
        if table.house_up:
            features["house_up_cards"] = house[list(table.house_up)].T
    if "hand" in wanted:
        # whole values, as a player's view gives them (spec.strategy_view.view_features): where cards
        # are wild, a hand only wild cards make reads as the whole hand below it, or the royal flush
        if table.valued_by is not None and player_value is not None:
            from ..cards.evaluator import MAX_VALUE

            player_value = np.minimum(player_value.astype(np.int64), MAX_VALUE)
        features["hand"] = player_value
    if wanted & set(_CARD_NAMES) or "matches_house_up" in wanted:  # the names below that read ranks
        ranks = [row >> 2 for row in player]  # rank - 2
    if wanted & set(_CARD_NAMES):
        ordered = _descending(ranks)
        for i, n in enumerate(_CARD_NAMES[: len(ordered)]):
            if n in wanted:
                features[n] = ordered[i] + 2
    if not SHAPE_NAMES.isdisjoint(wanted):
        features.update(shape_columns(player.T, wanted))
    if table.house_up and wanted & {"house_up", "matches_house_up"}:
        up = [house[i] >> 2 for i in table.house_up]
        if "house_up" in wanted:
            features["house_up"] = functools.reduce(np.maximum, up) + 2
        if "matches_house_up" in wanted:
            features["matches_house_up"] = functools.reduce(np.logical_or, [r == u for r in ranks for u in up])
    return features


def _descending(rows: list[np.ndarray]) -> list[np.ndarray]:
    """The rows sorted element by element, the largest first: an odd-even transposition network.

    >>> import numpy as np
    >>> [r.tolist() for r in _descending([np.array([3, 9]), np.array([7, 1]), np.array([5, 5])])]
    [[7, 9], [5, 5], [3, 1]]
    """
    import numpy as np

    out = list(rows)
    for step in range(len(out)):
        for i in range(step % 2, len(out) - 1, 2):
            out[i], out[i + 1] = np.maximum(out[i], out[i + 1]), np.minimum(out[i], out[i + 1])
    return out
