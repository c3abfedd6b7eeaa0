"""Exact counts where a hand is valued by its suits (studrules/analysis/exact_suits.py): each
counted row against every house hand dealt from the cards left, valued one by one; the
classes of suit renaming against the count of every hand; and High Card Flush's figures
against the published ones."""

import itertools
from math import comb

import numpy as np
import pytest

from studrules.analysis.exact_suits import counts_by_suit, suit_counts
from studrules.cards.rankings import get_ranking
from studrules.errors import SpecError
from studrules.spec.vocabulary import hand_constants

FLUSH = get_ranking("longest_flush")
NINE_HIGH = hand_constants("longest_flush")["nine_high_three_card_flush"][1]


def _brute_force(player: list[int], house_cards: int, least: int) -> list[int]:
    """Not qualified, qualified and beaten, tied, beating the player: every house hand valued
    by the ranking's own evaluate."""
    from studrules.cards.card import Card

    mine = FLUSH.evaluate([Card(c) for c in player])
    rest = [c for c in range(52) if c not in player]
    out = [0, 0, 0, 0]
    for house in itertools.combinations(rest, house_cards):
        theirs = FLUSH.evaluate([Card(c) for c in house])
        out[0 if theirs < least else 1 if theirs < mine else 2 if theirs == mine else 3] += 1
    return out


@pytest.mark.parametrize(("player", "house"), [(3, 3), (5, 3), (4, 4)])
def test_rows_against_every_house_hand(player, house):
    found = suit_counts("longest_flush", house, player, lambda v: v >= NINE_HIGH)
    assert found.per_row == comb(52 - player, house)
    rng = np.random.default_rng(player * 10 + house)
    for row in rng.choice(len(found.weight), 6, replace=False):
        cards = found.cards[row].tolist()
        assert int(found.value[row]) == FLUSH.evaluate(" ".join(str(c) for c in _cards(cards)))
        assert found.counts[row].tolist() == _brute_force(cards, house, NINE_HIGH), cards


def _cards(codes):
    from studrules.cards.card import Card

    return [Card(c) for c in codes]


def test_the_classes_weigh_every_hand_once():
    # three cards: every hand once, each class standing for its renamings of the suits
    found = suit_counts("longest_flush", 2, 3, lambda v: True)
    assert int(found.weight.sum()) == comb(52, 3)
    seen = {}
    for hand in itertools.combinations(range(52), 3):
        masks = [0, 0, 0, 0]
        for c in hand:
            masks[c & 3] |= 1 << (c >> 2)
        key = tuple(sorted(masks))
        seen[key] = seen.get(key, 0) + 1
    rows = {}
    for cards, weight in zip(found.cards.tolist(), found.weight.tolist(), strict=True):
        masks = [0, 0, 0, 0]
        for c in cards:
            masks[c & 3] |= 1 << (c >> 2)
        rows[tuple(sorted(masks))] = weight
    assert rows == seen


def test_a_qualifier_that_is_not_at_least_a_hand_is_refused():
    with pytest.raises(SpecError, match="qualifies with at least some hand"):
        suit_counts("longest_flush", 2, 2, lambda v: v % 2 == 0)


def test_only_the_suit_valued_ranking_is_counted_by_suit():
    assert counts_by_suit("longest_flush") and not counts_by_suit("high") and not counts_by_suit("four_card_high")


@pytest.mark.soak  # some 70 s, and some 4 GB: every class of seven cards, three times
def test_high_card_flush_counted_exactly_agrees_with_the_published_figures():
    """Published: "Ideally, when you play the game correctly, you will call 67.86% of the
    time. The dealer will typically have a qualifying hand 75.36% of the time, and there is a
    0.08% chance the dealer will push" (worldcasinoindex.com, High Card Flush); Gordon
    Michaels' advanced strategy "a house edge of 2.6855%", Charles Mousseau's "0.06% higher
    than optimal strategy" (Wizard of Odds). The optimal play is at most as dear as the
    advanced one, and Mousseau's at least; the count finds Mousseau's 0.047% above the optimal
    (published: 0.06%)."""
    from studrules.analysis.exact import analyze
    from studrules.spec.loader import load_variant
    from studrules.spec.strategies import load_strategy

    variant = load_variant("high-card-flush")
    best = analyze(variant, optimal=True)
    mousseau = analyze(variant, load_strategy("high-card-flush-mousseau", variant))
    assert round(100 * (1 - best.lines["fold"][0]), 2) == 67.86
    assert round(100 * best.lines["ties the house"][0], 2) == 0.08  # (of all deals: a tie is of a hand played)
    # the dealer, over every deal, whatever the player holds
    every = suit_counts("longest_flush", 7, 7, lambda v: v >= NINE_HIGH)
    share = every.weight / every.weight.sum()
    assert round(100 * (1 - float((every.counts[:, 0] / every.per_row * share).sum())), 2) == 75.36
    assert 100 * best.house_edge < 2.6855 < 100 * mousseau.house_edge
    assert round(100 * mousseau.house_edge, 4) == 2.7114 and round(100 * best.house_edge, 4) == 2.6645


def test_a_ranking_by_suit_where_a_longer_suit_is_not_worth_more_is_refused(monkeypatch):
    from studrules.cards.rankings_flush import LongestFlush

    table = LongestFlush("longest_flush", True, "").suit_table()
    reverse = tuple(8192 - v if v else 0 for v in table)  # a shorter suit worth more
    monkeypatch.setattr(LongestFlush, "suit_table", lambda self: reverse)
    with pytest.raises(SpecError, match="a ranking where a longer suit is worth more"):
        suit_counts("longest_flush", 3, 3, lambda v: True)
