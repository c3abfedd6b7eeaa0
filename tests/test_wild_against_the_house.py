"""Wild cards in a game against the house other than DJ Wild: Caribbean Stud with the deuces
wild (a house's variation), its house card up, its ace-king qualifier and its raise paid by the
hand's category, five of a kind among them where the file pays it."""

from __future__ import annotations

import pytest

import studrules

WILD_CARIBBEAN = "extends: caribbean-stud-it\nname: wild-caribbean\nwild: {ranks: '2'}\n"
JOKER_CARIBBEAN = "extends: caribbean-stud-it\nname: joker-caribbean\ndeck: {jokers: 1}\n"  # the joker wild


@pytest.mark.parametrize("text", [WILD_CARIBBEAN, JOKER_CARIBBEAN])
def test_wild_cards_in_caribbean_stud_are_settled_alike_by_simulate_and_by_the_hand_machine(text):
    # the house's up card, its ace-king qualifier and the raise's pay table all read hands made
    # with wild deuces: simulate's batch and the hand machine agree deal by deal
    import numpy as np

    from studrules.analysis.batch_play import _play, _table
    from studrules.analysis.simulate import deal_batch
    from studrules.cards.card import Card, joker
    from studrules.game.policies import play_hand
    from studrules.game.strategy_policy import StrategyPolicy

    variant = studrules.load_variant_text(text)
    strategy = studrules.load_strategy("pair-or-better", variant)
    table = _table(variant, strategy)
    deals = deal_batch(np.random.default_rng(4), 300, table.cards, table.deck)
    played = _play(table, deals)
    for i, row in enumerate(deals.tolist()):
        cards = [Card.from_code(c) if c < 52 else joker(c - 51) for c in row]  # (the joker, code 52, up or down)
        hand = studrules.Hand(variant, ["Ann"], 20_000, cards={"Ann": cards[:5], "house": cards[5:]})
        result = play_hand(hand, {"Ann": StrategyPolicy(strategy)})
        assert result.net["Ann"] == int(played["net"][i]), " ".join(map(str, cards))


def test_the_raise_may_pay_five_of_a_kind_where_cards_are_wild():
    # five kings (three and two wild deuces) against the house's qualifying pair of aces: the ante
    # 10 wins even money and the raise 20 is paid five of a kind's 200 to 1 (the line the file adds)
    text = WILD_CARIBBEAN + "steps:\n  - settle: {id: settle, pay_table: {five_of_a_kind: 200}}\n"
    variant = studrules.load_variant_text(text)
    cards = {"Ann": "Kh Kd Kc 2s 2d", "house": "Ah Ad 7c 5s 9h"}
    hand = studrules.Hand(variant, ["Ann"], 10_000, cards=cards)
    hand.apply("Ann raise 20")
    assert hand.result().net == {"Ann": 10 + 20 * 200}
    with pytest.raises(studrules.StudrulesError, match="'five_of_a_kind' is not one"):
        studrules.load_variant_text(text.replace("wild: {ranks: '2'}\n", ""))  # nothing wild: no such hand


@pytest.mark.soak
@pytest.mark.parametrize("text", [WILD_CARIBBEAN, JOKER_CARIBBEAN])
def test_the_exact_count_agrees_with_simulate(text):
    # the house card up (the joker among them) and the qualifier read wild hands in the counts as
    # in the deals (some 30 s each); every deal: the house's up card, the player's five, its four others
    from math import comb

    from studrules.analysis.exact import analyze
    from studrules.analysis.simulate import simulate

    variant = studrules.load_variant_text(text)
    strategy = studrules.load_strategy("pair-or-better", variant)
    found = analyze(variant, strategy)
    cards = variant.deck.cards
    assert found.deals == cards * comb(cards - 1, 5) * comb(cards - 6, 4)
    exact = 100 * found.house_edge
    low, high = simulate(variant, strategy, 2_000_000, seed=9, workers=1).ci95
    middle, half = (low + high) / 2, (high - low) / 2 * 3.2905 / 1.96  # the 99.9% interval
    assert middle - half <= exact <= middle + half
