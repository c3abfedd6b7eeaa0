"""simulate plays every shipped game against the house, and plays it as the hand machine does.

For every shipped banked variant, each choice of its options, and every
shipped strategy that fits it, the batch path of simulate
(analysis/batch_play.py: each decision in order, the settlement and the side
bets as arrays) and one :class:`~studrules.game.hand.Hand` per deal (the
strategy deciding through :class:`~studrules.game.policies.StrategyPolicy`)
play the same cards, with every side bet placed, and must agree deal by
deal: the same raises and the same net (side bets included). The chip
conservation of these games is tests/test_invariants.py's
(``run_banked``: random hands of every shipped banked game and option).
"""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest

from studrules.analysis.batch_play import _play, _table
from studrules.analysis.simulate import deal_batch, simulate
from studrules.cards.card import Card, joker
from studrules.errors import SpecError, SpecErrors
from studrules.game.hand import Hand
from studrules.game.policies import StrategyPolicy, play_hand
from studrules.spec.loader import load_variant, shipped_variants
from studrules.spec.model import SettleStep
from studrules.spec.strategies import load_strategy, shipped_strategies

PLAYER = "Ann"
STACK = 1_000_000  # more than any hand can cost, a progressive meter's win included
DEALS = 250

BANKED = sorted(v.name for v in map(load_variant, shipped_variants()) if v.is_banked)


def _side_stakes(name: str, options=None) -> dict[str, int]:
    """Every side bet placed: each stake its amount reads set to 3."""
    variant = load_variant(name, options=options)
    names: set[str] = set()
    for step in variant.steps_of(SettleStep):
        for bet in step.side_bets:
            names |= bet.amount.names
    return dict.fromkeys(sorted(names), 3)


@cache
def _fitting(name: str, options_key: tuple, strategy: str):
    options = dict(options_key)
    variant = load_variant(name, options=options or None, stakes=_side_stakes(name, options or None))
    try:
        return variant, load_strategy(strategy, variant)
    except (SpecError, SpecErrors):
        return variant, None


def _cases():
    for name in BANKED:
        variant = load_variant(name)
        choices = [{}] + [{o.name: c.name} for o in variant.options for c in o.choices if c.name != o.default]
        for options in choices:
            for strategy in shipped_strategies():
                if _fitting(name, tuple(sorted(options.items())), strategy)[1] is not None:
                    yield name, options, strategy


def test_every_shipped_banked_game_is_here():
    assert {"caribbean-stud-it", "three-card-poker", "mississippi-stud", "let-it-ride", "four-card-poker"} <= set(
        BANKED
    )
    # and every one is played by at least one shipped strategy, under every option
    played = {(name, tuple(sorted(options.items()))) for name, options, _ in _cases()}
    for name in BANKED:
        variant = load_variant(name)
        assert (name, ()) in played
        for option in variant.options:
            for choice in option.choices:
                assert choice.name == option.default or (name, ((option.name, choice.name),)) in played


@pytest.mark.parametrize(("name", "options", "strategy_name"), list(_cases()))
def test_simulate_plays_each_deal_as_the_hand_machine_does(name, options, strategy_name):
    variant, strategy = _fitting(name, tuple(sorted(options.items())), strategy_name)
    _agree(variant, strategy, seed=len(name) * 1000 + len(strategy_name))


# A strategy that reads the cards at every decision of a game of several
# streets: the player's two highest cards among those he holds then (his own
# and the community cards turned so far), which change from street to street.
STREETS = """
name: high-cards
game: banked
rules:
  - when: highest_card >= jack and second_card >= six
    action: raise
  - otherwise: fold
"""


@pytest.mark.parametrize("name", BANKED)
def test_a_strategy_reading_the_cards_at_each_street_is_played_as_the_hand_machine_plays_it(name, tmp_path):
    path = tmp_path / "high-cards.yaml"
    path.write_text(STREETS, encoding="utf-8")
    variant = load_variant(name, stakes=_side_stakes(name))
    if variant.deck.jokers:  # a joker has no rank: a strategy reading the ranks is refused where it reads them
        with pytest.raises(SpecErrors, match="'highest_card' reads the cards' ranks, but .* deals jokers"):
            load_strategy(path, variant)
        return
    _agree(variant, load_strategy(path, variant), seed=99)


def _agree(variant, strategy, seed):
    table = _table(variant, strategy)
    deals = deal_batch(np.random.default_rng(seed), DEALS, table.cards, table.deck)  # (53 with a joker)
    played = _play(table, deals)
    side = sum(net for _, net, _ in played["side_bets"].values())
    batch_net = (played["net"] + side).tolist()
    batch_raise = played["raise_total"].tolist()
    policy = StrategyPolicy(strategy)
    own, house = table.player_cards, table.house_cards
    for i, row in enumerate(deals.tolist()):
        cards = [Card.from_code(c) if c < 52 else joker(c - 51) for c in row]
        given = {PLAYER: cards[:own], "house": cards[own : own + house], "community": cards[own + house :]}
        hand = Hand(variant, [PLAYER], STACK, cards=given)
        result = play_hand(hand, {PLAYER: policy})
        (position,) = result.positions
        assert result.house_net == -result.net[PLAYER]
        shown = " ".join(map(str, cards))
        assert (position["raise"] or 0, result.net[PLAYER]) == (batch_raise[i], batch_net[i]), (
            f"deal {i} ({shown}): {position['reason']}"
        )


@pytest.mark.parametrize("name", BANKED)
def test_simulate_reports_each_game_with_its_interval_risk_and_side_bets(name):
    variant = load_variant(name, stakes=_side_stakes(name))
    strategy = next(s for s in ("basic", "queen-six-four", "raise") if _fitting(name, (), s)[1] is not None)
    result = simulate(variant, strategy, 3000, seed=5, workers=1)
    assert result.hands == 3000
    assert result.ci95[0] < result.house_edge < result.ci95[1]
    assert result.element_of_risk == pytest.approx(-100 * result.net / result.wagered)
    placed = [b.name for st in variant.steps_of(SettleStep) for b in st.side_bets if not b.required]
    assert [b.name for b in result.side_bets] == placed
    for bet in result.side_bets:
        assert bet.hands == 3000 and bet.ci95[0] <= bet.house_edge <= bet.ci95[1]


# A ranking with no batch form of its own (four_flush_high) is valued hand
# by hand: the slow path, and the same settlement.
SLOW = """
name: four-flush-against-the-house
kind: banked
deck: {ranking: four_flush_high}
seats: {min: 1, max: 7}
stakes: {ante: 10, bonus: 2}
steps:
  - ante: {amount: ante}
  - deal: {players: [down, down, down, down, down], house: [down, down, down, down, up]}
  - decision: {fold: true, raise: 2 * ante}
  - reveal: {who: house}
  - settle:
      qualify: house >= pair
      tie: push
      pay_table: {two_pair: 2, flush: 5}
      side_bets:
        bonus: {amount: bonus, pay_table: {pair: 1, straight: 4}}
"""


def test_a_ranking_without_a_batch_form_is_simulated_hand_by_hand_and_agrees_with_the_hand_machine():
    from studrules.spec.loader import load_variant_text

    variant = load_variant_text(SLOW)
    _agree(variant, load_strategy("pair-or-better", variant), seed=3)
    result = simulate(variant, "pair-or-better", 2000, seed=1, workers=1)
    assert result.hands == 2000 and [b.name for b in result.side_bets] == ["bonus"]
