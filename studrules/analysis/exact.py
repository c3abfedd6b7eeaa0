"""The exact house edge of a game against the house, by enumeration (no sampling).

:func:`analyze` counts every deal of the small banked games and reads the
rules from the variant file (the qualifier, the pay tables, the ante bonus,
the side bets, the raises a player may choose), so a changed file changes
the figures. Two shapes of game are counted:

- **one decision against the house's hand**, at most one of its cards up:
  every player hand against every house hand from the cards left (three
  cards against three, five against five, the best four of five against
  the best four of six), by inclusion and exclusion over the player's
  cards (:mod:`.exact_house`); seven against seven where a hand is
  valued by its suits (the longest flush), suit by suit (:mod:`.exact_suits`).
  The strategy is a loaded :class:`~studrules.spec.strategies.Strategy` or,
  with ``optimal``, the choice of the best expectation hand by hand: a fold
  or, the expectation being linear in the raise, the least or the largest
  raise the file allows.
- **several decisions paid on the hand alone**: hole cards, then a decision before each community card, the five
  cards paid by the pay table. ``optimal`` finds the best raise or fold at every
  decision by working back from the last card (every raise the file allows,
  every card that can come; of two choices worth the same, the larger
  wager); two hole cards are counted by their 169 kinds
  (suits only matter together), weighted by how many hands each stands for.
- **several decisions on the player's own cards alone**, a deal between each two, of a
  ranking valued by suits (Flush Rush's longest flush or straight flush, with the raises
  paid by a table of their own): each decision's hands one per class of suit renaming,
  worked back from the last deal (:mod:`.exact_own`).

The house edge is the player's expected loss per unit of the ante; the
element of risk divides it by the average total wagered; a side bet has its
own edge per unit staked.

tests/test_exact.py checks the shipped games' figures against the published
ones.
"""

from __future__ import annotations

from typing import Any

from ..errors import ArgumentError, SpecError
from ..spec.arguments import loaded_variant
from ..spec.hand_ranking import banked_ranking
from ..spec.model import AnteStep, DealStep, DecisionStep, SettleStep, Variant
from ..spec.strategies import Strategy
from .exact_base import ExactResult, one_step, side_bet_result

__all__ = ["ExactResult", "analyze"]


def analyze(
    variant: Variant, strategy: Strategy | None = None, *, optimal: bool = False, record: list[Any] | None = None
) -> ExactResult:
    """The exact house edge of ``variant`` played with ``strategy`` (or the optimal play).

    A game of a shape not counted here is a :class:`~studrules.errors.SpecError` that says why.
    ``record``: the optimal play's choices are added to it, ``(street, cards, up, actions,
    wagered)`` per decision (rows of the player's cards and of the house's up cards, None when
    it shows none; each row's action as a strategy writes it; the antes out before it; against
    the house's hand also ``(weights, worth)``: how many situations each row stands for, and
    each choice's worth in antes per row), for :mod:`.strategy_writer`.
    """
    variant = loaded_variant(variant, "analyze")
    if strategy is not None and not isinstance(strategy, Strategy):
        raise ArgumentError(
            f"analyze takes a strategy loaded with studrules.load_strategy(NAME or FILE), not {strategy!r}"
        )
    if not variant.is_banked:
        raise SpecError(f"analyze is for games against the house; {variant.name} is a {variant.kind} game")
    if strategy is None and not optimal:
        raise SpecError("analyze needs a strategy (--strategy NAME) or --optimal")
    settle = one_step(variant, SettleStep, "settle")
    missing = _not_counted(variant, settle)
    if missing is not None:
        raise SpecError(f"analyze cannot count {variant.name} yet: {missing}; use simulate")
    decisions = variant.steps_of(DecisionStep)
    if strategy is not None:
        strategy.check_fits(variant)
    if not variant.deck.is_standard:  # (the counts are the standard deck's; simulate refuses it as well)
        raise SpecError(
            f"analyze counts hands dealt from the standard 52-card deck, where A-2-3-4-5 is a straight; "
            f"{variant.name} uses another: play its hands one by one (studrules play, or the Hand API) instead"
        )
    if settle.against == "pay_table":
        from ..spec.strategy_fit import offered_raises
        from .exact_own import on_own_cards, own_card_deals, valued_by_suits
        from .exact_streets import action_words, on_the_hand

        found: list[Any] | None = [] if record is not None else None
        if own_card_deals(variant) and valued_by_suits(variant.deck.ranking):
            result = on_own_cards(variant, settle, decisions, strategy, found)
        else:
            result = on_the_hand(variant, settle, decisions, strategy, found)
        if record is not None and found is not None:
            env = variant.stake_values()
            ante = int(one_step(variant, AnteStep, "ante").amount(env))
            offered = [offered_raises(d, env, ante, variant.deck.ranking) for d in decisions]
            for street, cards, choices, wagered in found:
                words = {int(c): action_words(int(c), offered[street], ante) for c in set(choices.tolist())}
                record.append((street, cards, None, [words[int(c)] for c in choices.tolist()], wagered))
        return result
    return _against_the_house(variant, settle, decisions, strategy, record)


# --- one decision against the house's hand ------------------------------------------


def _against_the_house(
    variant: Variant,
    settle: SettleStep,
    decisions: tuple[DecisionStep, ...],
    strategy: Strategy | None,
    record: list[Any] | None = None,
) -> ExactResult:
    import numpy as np

    from ..game.settlement import pay_line, raise_odds
    from ..spec.raise_sizes import reads_hand
    from ..spec.strategy_fit import decision_cards, offered_raises
    from .exact_base import FOLD, side_bet_on_every_set, strategy_amounts, values_in_ranking
    from .exact_house import counts_the_ranking, house_counts
    from .exact_streets import action_words
    from .exact_suits import counts_by_suit, suit_counts

    deals = variant.steps_of(DealStep)
    player = sum(len(d.players) for d in deals)
    house = sum(len(d.house) for d in deals)
    house_up = sum(1 for d in deals for face in d.house if face == "up")
    ranking_name = variant.deck.ranking
    # a hand valued by its suits (the longest flush) is counted suit by suit, every card down
    by_suit = counts_by_suit(ranking_name) and house_up == 0
    if (
        len(decisions) != 1
        or house_up > 1
        or any(d.community for d in deals)
        or not variant.deck.is_standard
        or not (by_suit or counts_the_ranking(ranking_name))
        or (not by_suit and (player > 5 or house - house_up > 5))
    ):
        raise SpecError(
            f"analyze counts games of one decision against the house's hand (at most five cards a "
            f"player, at most five hidden house cards and one up, a standard deck, a ranking "
            f"evaluated in batch; any number of cards, all down, of a ranking valued by suits), or of "
            f"several decisions on the hand alone; {variant.name} deals "
            f"{player} and {house} cards ({house_up} up) with {len(decisions)} decision(s): use simulate"
        )
    if settle.max_payout is not None:
        raise SpecError(f"analyze does not count a payout cap; {variant.name} has one: use simulate")
    env = variant.stake_values()
    ante = int(one_step(variant, AnteStep, "ante").amount(env))
    step = decisions[0]
    names = dict(env, ante=ante, hand=0, house=0)
    offered = offered_raises(step, env, ante, ranking_name)
    options = ([0] if step.stand else []) + offered
    if reads_hand(step) and decision_cards(variant)[0] != player:
        raise SpecError(
            f"analyze counts a most raise that reads the hand where the player holds all his cards at the "
            f"decision; in {variant.name} he holds {decision_cards(variant)[0]} of {player}: use simulate"
        )

    def qualifies(value: float) -> bool:
        return bool(settle.qualify(dict(names, house=value)))  # type: ignore[arg-type]  # (a value may be a float)

    wild = variant.wild.order  # where cards are wild: the names of the hands they make
    found = (
        suit_counts(ranking_name, house, player, qualifies)
        if by_suit
        else house_counts(
            ranking_name,
            house,
            player,
            house_up,
            qualifies,
            deck=variant.deck.cards,
            valued_by=banked_ranking(variant) if wild is not None else None,
        )
    )
    hands, up, weights, values, counts = found.cards, found.up, found.weight, found.value, found.counts
    # every player hand, every up card, every set of the house's other cards
    deal_count = int(weights.sum()) * found.per_row
    # player-side odds per hand value: the raise's pay table, the ante bonus
    distinct, inverse = np.unique(values, return_inverse=True)
    inverse = inverse.reshape(-1)
    odds = np.array([raise_odds(settle, v, ranking_name) for v in distinct.tolist()], dtype=np.int64)[inverse]
    bonus_lines = [pay_line(settle, v, ranking_name, settle.ante_bonus, wild) for v in distinct.tolist()]
    bonus = np.array([line[1] if line else 0 for line in bonus_lines], dtype=np.int64)[inverse]
    labels = [label for label, _ in settle.ante_bonus]  # each row's line by its place (lines of equal odds apart)
    bonus_line = np.array([labels.index(line[0]) if line else -1 for line in bonus_lines], dtype=np.int8)[inverse]
    total = counts.sum(axis=1)
    tie_ante, tie_raise = {"win": (ante * settle.ante_odds, odds), "lose": (-ante, -1)}.get(settle.tie, (0, 0))
    # the chips won over every house hand of the row: on the ante, and per chip of the raise
    # (integers: exact); a raise of b chips wins ante + b * per chip
    parts = {
        "house does not qualify": (_unit(settle.not_qualified_ante) * ante, _unit(settle.not_qualified_raise)),
        "beats the house": (ante * settle.ante_odds, odds),
        "ties the house": (tie_ante, tie_raise),
        "loses to the house": (-ante, -1),
    }
    on_ante = sum(counts[:, k] * a for k, (a, _) in enumerate(parts.values())) + total * bonus * ante
    per_chip = sum(counts[:, k] * b for k, (_, b) in enumerate(parts.values()))
    # a required bet (staked at the ante) is the game's own: in what a hand played or folded wins
    on_fold = -ante * total
    for bet in settle.side_bets:
        if bet.required:
            played_net, folded_net = _required_nets(settle, bet, distinct, inverse, ranking_name, ante, env, wild)
            below = played_net == _BELOW
            beaten_net = -ante * counts[:, 3]  # below every line: lost only to a qualifying house hand that beats it
            if bet.against_house:  # paid on a win alone (the house always qualifies: not_counted), back on a tie
                on_ante = on_ante + np.where(below, 0, played_net * counts[:, 1]) + beaten_net
            else:
                pushes = bet.below == "push_unless_beaten"
                on_ante = on_ante + np.where(below, beaten_net if pushes else -ante * total, played_net * total)
            on_fold = on_fold + np.where(folded_net == _BELOW, -ante * total, folded_net * total)
    # each hand's raise for a raise of b chips: b, or where the most reads the hand, the largest
    # up to b its hand allows (as simulate and the bots bring a strategy's raise down)
    mine = _raises_of(step, env, ante, values, offered)
    if strategy is None:
        # the best choice, a raise worth as much as a smaller one or a fold taken (the larger wager);
        # a raise the hand may not make is not a choice (its own raise is, at its own size)
        chosen = np.full(len(hands), FOLD, dtype=np.int64)
        best = on_fold if step.fold or not options else None
        for b in options:
            worth = on_ante + b * per_chip
            better = np.ones(len(hands), dtype=bool) if best is None else worth >= best
            better &= mine(b) == b
            best = np.where(better, worth, best if best is not None else worth)
            chosen = np.where(better, b, chosen)
        label = "optimal"
    else:
        shown = up[:, None] if (up >= 0).all() else None
        chosen = mine(strategy_amounts(strategy, hands, shown, 0, step, offered, ante))
        label = strategy.name
    plays = chosen != FOLD
    raised = np.maximum(chosen, 0)
    if record is not None:
        shown = up[:, None] if (up >= 0).all() else None
        kinds, which = np.unique(chosen, return_inverse=True)
        words = np.array([action_words(int(c), offered, ante) for c in kinds.tolist()])[which.reshape(-1)]
        # each choice's worth (antes per situation) and each row's weight, for a shorter file
        worth = {action_words(b, offered, ante): (on_ante + mine(b) * per_chip) / total / ante for b in options}
        if step.fold:
            worth["fold"] = on_fold / total / ante  # (-1 ante, and a required bet lost with it)
        record.append((0, hands, shown, words, np.ones(len(hands), dtype=np.int64), (weights, worth)))
    every = float(weights.sum())
    share = weights / every  # each row's share of the player's situations
    won = np.where(plays, on_ante + raised * per_chip, on_fold)
    house_edge = -float(np.sum(won * share / total)) / ante
    played = float(share[plays].sum())
    required = [bet for bet in settle.side_bets if bet.required]
    average = float(ante * (1 + len(required)) + np.sum(share * raised)) / ante
    lines: dict[str, tuple[float, float]] = {"fold": (1 - played, -(1 - played))}
    for k, (what, (ante_won, chip_won)) in enumerate(parts.items()):
        prob = float(np.sum((counts[:, k] / total * share)[plays]))
        amount = counts[:, k] * (ante_won + raised * chip_won)
        lines[what] = (prob, float(np.sum((amount / total * share)[plays])) / ante)
    for k, (label_, line_odds) in enumerate(settle.ante_bonus):
        hit = float(share[plays & (bonus_line == k)].sum())
        lines[f"ante bonus: {label_}"] = (hit, hit * line_odds)
    side = {}
    beaten = counts[:, 3] / total  # per row: the share of the house's hands that qualify and beat it
    for bet in settle.side_bets:
        own = bet.ranking or ranking_name
        if bet.with_house:  # the player's and the house's cards together: every set of them alike
            side[bet.name] = side_bet_on_every_set(settle, bet, player + house, own, env, variant.name)
            continue
        paid_on = values if own == ranking_name else values_in_ranking(hands, own, variant.name)
        result = side_bet_result(
            settle,
            bet,
            paid_on,
            plays,
            own,
            share,
            env,
            ante=ante,
            beaten=beaten,
            wild_order=wild if own == ranking_name else None,
            won=counts[:, 1] / total,
        )
        if not bet.required:
            side[bet.name] = result
            continue
        for what, line in result["lines"].items():  # (a required bet's stake is the ante: per unit is per ante)
            lines[f"{bet.name}: {what}"] = (line["probability"], line["contribution"])
    return ExactResult(variant.name, label, house_edge, average, house_edge / average, deal_count, lines, side)


# --- helpers -------------------------------------------------------------------------


def _not_counted(variant: Variant, settle: SettleStep) -> str | None:
    """Why the exact counts cannot take a game against the house yet, in words; None where
    they can. Wild cards are counted in one decision against the house's hand; a bet paid
    only on a win where the house always qualifies."""
    if (variant.deck.jokers or variant.wild.any) and settle.against != "house":
        return "it has wild cards, which it counts against the house's hand"
    paid_on_a_win = [bet.name for bet in settle.side_bets if bet.against_house]
    if paid_on_a_win and settle.qualify.source not in ("", "true"):
        return f"the side bet {paid_on_a_win[0]} is paid only on a win, which it counts where the house always plays"
    return None


_BELOW = -(1 << 62)  # a required bet's hand below every line (settled against the house's)


def _required_nets(
    settle: Any,
    bet: Any,
    distinct: Any,
    inverse: Any,
    ranking: str,
    ante: int,
    env: Any,
    wild_order: tuple[str, str] | None = None,
) -> tuple[Any, Any]:
    """Per row, what a required bet of ``ante`` chips nets on the player's hand alone when he
    plays and when he folds: the line's pay, or :data:`_BELOW` (below every line; folded,
    a bet that does not stand is lost: -ante)."""
    import numpy as np

    from ..game.settlement import pay_line, side_bet_net

    found = [pay_line(settle, v, ranking, bet.lines, wild_order) for v in distinct.tolist()]
    nets = np.array([_BELOW if line is None else side_bet_net(bet, line, ante, env) for line in found], dtype=np.int64)
    played = nets[inverse]
    folded = played if bet.on_fold == "stand" else np.full(len(played), -ante, dtype=np.int64)
    return played, folded


def _raises_of(step: DecisionStep, env: Any, ante: int, values: Any, offered: list[int]) -> Any:
    """``mine(b)``: each hand's choice (a row per value of ``values``) for the choice ``b`` (a
    raise in chips of those some hand may make, 0 a stand, :data:`~.exact_base.FOLD`; one or a
    row each): ``b`` itself, but a raise where the most reads the hand: the largest up to ``b``
    that hand is allowed (the least if none is)."""
    import numpy as np

    from ..spec.raise_sizes import reads_hand
    from .batch_play import within_most
    from .batch_settlement import _over_values

    def rows(b: Any) -> Any:
        return np.broadcast_to(np.asarray(b, dtype=np.int64), values.shape)

    if not reads_hand(step) or not offered:
        return rows
    assert step.raise_max is not None
    most = _over_values(step.raise_max, {"hand": values}, dict(env, ante=ante))
    unit = max(int(step.raise_unit(dict(env, ante=ante))), 1) if step.raise_unit is not None else 1
    return lambda b: np.where(rows(b) > 0, within_most(rows(b), most, offered[0], unit), rows(b))


def _unit(payout: Any) -> int:
    """What a payout does to one chip: +odds, 0 or -1."""
    return payout.odds if payout.result == "win" else (-1 if payout.result == "lose" else 0)
