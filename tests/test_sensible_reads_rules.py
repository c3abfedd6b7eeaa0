"""The sensible bot judges its hand by the rules of the game it plays: a wild
card counts (roughly as an ace, as a joker does), and in a hi-lo game a strong
low counts as much as a strong high. The same cards, played under two rule
sets, draw different decisions where the rules make the hand different."""

from __future__ import annotations

from studrules.game.hand import Hand
from studrules.game.policies import make_policy, play_hand
from studrules.spec.loader import load_variant


def first_decision(name: str, cards: dict[str, list[str]]) -> str:
    """The verb of the bring-in player's decision, a sensible bot at every seat."""
    variant = load_variant(name)
    hand = Hand(variant, list(cards), 1000, cards=cards, seed=1)
    seat = hand.to_act
    play_hand(hand, {p: make_policy("sensible", variant=variant) for p in cards})
    return next(a.verb for a in hand.actions if a.player == seat)


# A's up card is the lowest (the two): he owes the bring-in; two down cards of the same rank
WILD_PAIR = {"A": ["9h", "9d", "2c"], "B": ["Kd", "7s", "Qh"], "C": ["Jc", "8d", "Ts"]}


def test_a_pair_of_wild_cards_is_strong_where_the_rank_is_wild():
    # baseball: nines are wild, so A holds two wild cards and a deuce (three deuces at least):
    # he completes; in seven-card stud the same cards are a pair of nines, and he brings in
    assert first_decision("variants/house/baseball.yaml", WILD_PAIR) == "complete"
    assert first_decision("seven-card-stud", WILD_PAIR) == "bring-in"


def test_a_strong_low_start_plays_in_a_hi_lo_game():
    # A holds ace-deuce down and the three up: the best low start, an ace-high nothing for high
    cards = {"A": ["Ah", "2d", "3c"], "B": ["Kd", "7s", "Qh"], "C": ["Jc", "8d", "Ts"]}
    assert first_decision("seven-card-stud-hi-lo", cards) == "complete"
    assert first_decision("seven-card-stud", cards) == "bring-in"


NINE_WILD = """name: nine-wild
kind: pot
seats: {min: 2, max: 2}
stakes: {low_limit: 10}
wild: {ranks: 23456789TJQKA}
steps:
  - deal: {id: d1, players: [down, down, down, down, down, down, down, down, up]}
  - betting: {id: r1, bet: low_limit, first_to_act: dealer_left}
  - showdown: {id: showdown, rankings: [high]}
"""


def test_a_hand_of_more_wild_cards_than_there_are_jokers_is_judged_and_played():
    # every rank wild and nine cards each: the bot judged a wild card as one of eight jokers and
    # ran out at the ninth (a web table with an uploaded game stopped); he holds five wild cards
    # and more, the best hand: he bets, and the other (the same) raises
    from studrules.spec.loader import load_variant_text

    variant = load_variant_text(NINE_WILD)
    cards = {
        "A": ["2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "Tc"],
        "B": ["2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d", "Td"],
    }
    hand = Hand(variant, list(cards), 1000, cards=cards, seed=1)
    play_hand(hand, {p: make_policy("sensible", variant=variant) for p in cards})
    assert hand.is_over and [a.verb for a in hand.actions][:2] == ["bet", "raise"]
