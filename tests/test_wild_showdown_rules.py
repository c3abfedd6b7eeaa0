"""A showdown's ranking rules hold when cards are wild: a qualifier (``or_better``,
``at_least``) still decides who has a low or a high hand, ``compare:
combination`` drops the kickers of hands made with wild cards and of the
four-flush ranking without reordering them, and the rules the wild hand
evaluators cannot play (no ace-low straight with wild cards in high; the
short-deck ranking's fixed place for five of a kind) are refused when the file
is loaded rather than ignored. Every hand's outcome is worked out by hand in
its comment."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from studrules import Hand, load_variant_text
from studrules.cards.card import parse_cards
from studrules.cards.ranking_wilds import with_wilds
from studrules.cards.rankings import ranking_for
from studrules.cards.wild import of_ranks
from studrules.errors import SpecErrors

FULL_DECK = SimpleNamespace(ranks="23456789TJQKA", ace_low_straight=True)


def _awards(text, cards, options=None):
    """Who wins what when ``cards`` are dealt and everybody checks and calls."""
    variant = load_variant_text(text, options=options or {}, file="wild-test.yaml")
    hand = Hand(variant, list(cards), 1000, cards={p: c.split() for p, c in cards.items()}, seed=1)
    while not hand.is_over:
        hand.apply(hand.default_action())
    return hand.result().net, [e.describe() for e in hand.events if e.type == "award"]


def test_a_low_that_does_not_qualify_wins_nothing_when_a_rank_is_wild():
    # sevens wild, a nine-or-better low. Ann: K Q J T 6 4 3, no seven: her best low J-T-6-4-3 is no
    # nine low. Bob: A-K-Q-J-T straight. Bob scoops, as he does with no rank wild
    text = (
        "extends: seven-card-stud\nname: nine-low\n{wild}steps:\n  - showdown: {{id: showdown, "
        "rankings: [high, ace_to_five_low], or_better: {{ace_to_five_low: 9}}}}\n"
    )
    cards = {"Ann": "Kc Qd Jh Ts 6c 4d 3h", "Bob": "Ac Ad Kh Qs Jc Td 9h"}
    for wild in ("", "wild: {ranks: '7'}\n"):
        net, awards = _awards(text.format(wild=wild), cards)
        assert net["Bob"] == -net["Ann"] > 0 and len(awards) == 1 and awards[0].startswith("Bob wins")


def test_a_qualified_ranking_counts_the_wild_cards_inside_its_qualifier():
    # at least a pair of fours, sevens wild: ace-high does not qualify; a seven pairs the ace
    high = with_wilds(ranking_for(FULL_DECK, "high", at_least="4c 4d 5h 3s 2c"), of_ranks("7"))
    assert high.evaluate("Ac Kd Qh 9s 3c") is None and high.evaluate("Ac Kd Qh 9s 7c") is not None
    # a nine-or-better low with sevens wild: 8-6-4-3 and a wild seven is an eight low (the seven an ace)
    low = with_wilds(ranking_for(FULL_DECK, "ace_to_five_low", or_better=9), of_ranks("7"))
    assert low.describe(low.evaluate("8c 7d 6h 4s 3c")) == "eight-six-four-three-ace low"


def test_a_short_deck_qualifier_with_a_wild_rank_decides_the_pot():
    # kings wild on the 36-card deck, at least a pair of sixes: Ann's ace-high (no king) does not
    # qualify, Bob's pair of queens does and takes the pot (it crashed the showdown)
    text = (
        "extends: five-card-stud-36\nname: x\nwild: {ranks: K}\nsteps:\n  - showdown: {id: showdown, "
        "rankings: [short_deck_high], at_least: {short_deck_high: '6c 6d 7h 8s 9c'}}\n"
    )
    net, awards = _awards(text, {"Ann": "Ac Jd Th 7s 9c", "Bob": "Qc Qd 8h 6s 9d"})
    assert net["Bob"] > 0 > net["Ann"] and len(awards) == 1 and awards[0].startswith("Bob wins")


RU_DEUCES = "extends: five-card-stud-ru-home\nname: ru-deuces\nwild: {{ranks: '2'{more}}}\n"
SHOWING_ORDER = {"ties": "showing_order"}  # compare: combination


@pytest.mark.parametrize(
    ("ann", "bob", "more"),
    [
        # four kings and a wild deuce are five kings: above any pair (they sorted below one)
        ("Kc Kd Kh Ks 2c", "Ac Ad 7h 5s 3c", ""),
        # A-J-9-5 of spades and a wild deuce: a flush ace-ace-jack, above A-K-Q-J-9 of hearts (it crashed)
        ("As Js 9s 5s 2c", "Ah Kh Qh Jh 9h", ""),
        # natural hands where a natural beats a wild one: aces over kings (every natural hand crashed)
        ("Ac Ad 7h 5s 3c", "Kc Kd 8h 6s 4c", ", natural_beats_wild: true"),
    ],
)
def test_combination_compares_hands_made_with_wild_cards_in_their_order(ann, bob, more):
    net, awards = _awards(RU_DEUCES.format(more=more), {"Ann": ann, "Bob": bob}, SHOWING_ORDER)
    assert net["Ann"] > 0 > net["Bob"] and awards[0].startswith("Ann wins")


def test_combination_keeps_a_four_flush_above_one_pair():
    # Canadian stud: a four-flush ranks above one pair; with kickers dropped it tied a pair of aces
    text = (
        "extends: canadian-stud\nname: soko-combination\nsteps:\n  - showdown: {id: showdown, compare: combination}\n"
    )
    net, awards = _awards(text, {"Ann": "2h 4h 6h 8h Tc", "Bob": "Ac Ad Kh Qs 9c"})
    assert net["Ann"] > 0 > net["Bob"] and len(awards) == 1


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "extends: seven-card-stud\nname: x\ndeck: {ace_low_straight: false}\nwild: {ranks: K}\n",
            "deck.ace_low_straight: wild cards count in a high hand where A-2-3-4-5 is a straight",
        ),
        (
            "extends: five-card-stud-36\nname: x\nwild: {ranks: K, five_of_a_kind: below_straight_flush}\n",
            "wild.five_of_a_kind: wild.five_of_a_kind is not played in 'short_deck_high'",
        ),
        (
            "extends: five-card-stud-36\nname: x\nwild: {ranks: K, natural_beats_wild: true}\n",
            "wild.natural_beats_wild: wild.natural_beats_wild is not played in 'short_deck_high'",
        ),
        (  # razz on 36 cards with kings wild: a king played as a deuce the deck does not hold
            "extends: razz\nname: x\ndeck: {ranks: 6789TJQKA}\nseats: {max: 4}\nwild: {ranks: K}\n",
            "wild: a wild card in 'ace_to_five_low' may stand for a rank this deck (6789TJQKA) does not hold",
        ),
        (
            "extends: seven-card-stud-hi-lo\nname: x\ndeck: {jokers: 1}\nwild: {rankings: [high]}\n",
            "wild.rankings: a joker must count in every ranking the hand uses, and wild.rankings leaves out "
            "'eight_or_better_low'",
        ),
    ],
)
def test_wild_rules_the_evaluators_cannot_play_are_refused_where_they_are_written(text, said):
    with pytest.raises(SpecErrors) as caught:
        load_variant_text(text, file="wild-test.yaml")
    assert said in str(caught.value)


def test_the_rule_book_says_what_a_wild_card_in_a_flush_counts_as():
    # an audit's finding: the rule book said nothing of the default (in_flush: ace), where
    # a wild card in a flush is an ace even beside an ace: Ah 3c 7h 5h 2h (threes wild) is a
    # flush of two aces, which beats Ah Kh Qh Jh 9h
    import re

    from studrules import explain, load_variant

    ranking = with_wilds(ranking_for(load_variant("baseball").deck, "high"), of_ranks("3"))
    assert ranking.evaluate(parse_cards("Ah 3c 7h 5h 2h")) > ranking.evaluate(parse_cards("Ah Kh Qh Jh 9h"))
    said = re.sub(r"\s+", " ", explain(load_variant("baseball")))
    assert "In a flush it is an ace, even where the flush holds one" in said
    assert "no flush of two aces" in re.sub(r"\s+", " ", explain(load_variant("deuces-and-jacks")))
