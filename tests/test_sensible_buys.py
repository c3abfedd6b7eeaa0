"""The sensible bot buys a card for a price when the rules make it worth it,
and declines when it is not (see :class:`studrules.game.policies.Sensible`):
it counts the cards it has not seen that would make its hand better by the
rankings in play, and buys when some card helps, the price leaves it chips
behind, no board beats a hand it would fold to a bet, and the price is at
most a fifth of the pot or the chance of a better hand pays it (outs / unseen
cards at least price / the pot after paying). Where declining folds (a three
up costs the pot or a fold), it pays when it would call that price.

The games: Baseball (variants/house/baseball.yaml: threes and nines wild; a
four up lets its player buy an extra card for the low limit, 10, under the
option ``four-bought``; a three up costs the pot or a fold under
``four-free-three-pays``) and English stud (variants/house/english-stud.yaml:
at each twist a player may give up one card and buy another for the low
limit, 10). Ann sits at the dealer's left, then Bob; the betting before a
decision is checked and called down. A card the bot has not seen is one of
the deck's 52 that is neither his nor showing.
"""

from __future__ import annotations

from studrules.game.hand import Hand
from studrules.game.policies import make_policy, play_hand, policy_action
from studrules.spec.loader import load_variant


def decision(name: str, cards: dict[str, str], *, options=None, stakes=None, stacks=200) -> str:
    """What a sensible Ann answers at the hand's first offer of a card or first draw."""
    variant = load_variant(name, options=options or {})
    hand = Hand(variant, list(cards), stacks, seed=1, stakes=stakes, cards={p: c.split() for p, c in cards.items()})
    while hand.phase not in ("offer", "draw"):
        hand.check_or_call()
    assert hand.to_act == "Ann"
    return str(policy_action(make_policy("sensible", variant=variant), hand, hand.to_act_seat, "Ann"))


# -- an extra card a four up offers (Baseball, four-bought)

# Ann: kings down, the four of hearts up; Bob shows a deuce. Cards she has not seen: 52 - 3 - 1 = 48,
# of which 13 make her hand better: Kh Ks (three kings), 4c 4d 4s (two pair), and the eight threes
# and nines (wild: three kings at least). Anything else leaves a pair of kings.
FOUR_UP = {"Ann": "Kd Kc 4h", "Bob": "7s 8s 2c"}


def test_an_extra_card_that_may_well_help_is_bought_when_the_price_is_small_against_the_pot():
    # antes of 25: the pot is 50 and the price 10, a fifth of it
    assert decision("baseball", FOUR_UP, options={"up_cards": "four-bought"}, stakes={"ante": 25}) == "Ann buy"


def test_the_same_card_is_declined_when_the_price_is_large_against_the_pot():
    # antes of 1: the pot is 2; 10 is more than a fifth of it, and 13/48 of a better hand is
    # worth 13 * (2 + 10) = 156 chips' chance against 10 * 48 = 480: less than the price
    assert decision("baseball", FOUR_UP, options={"up_cards": "four-bought"}) == "Ann decline"


def test_a_card_that_would_put_him_all_in_is_declined():
    # 35 chips less the ante of 25 leaves 10 behind: the price is all of it
    stacks = {"Ann": 35, "Bob": 200}
    assert (
        decision("baseball", FOUR_UP, options={"up_cards": "four-bought"}, stakes={"ante": 25}, stacks=stacks)
        == "Ann decline"
    )


# -- a new card at a twist (English stud)

# The betting before the twist: antes of 25 each (50); Bob's up card is the lower and he brings in
# for 3, Ann calls: the pot is 56 and a new card costs 10, less than a fifth of it.
TWIST = {"ante": 25}
BOB = "Qh Jd 7s 8s 3h"  # Qh Jd down; 7s 8s 3h up: none of the ranks below


def test_at_a_twist_he_gives_up_the_lowest_card_that_does_not_play_and_buys():
    # Ann: Kd Kc down, 9h 5c 2d up. A new card for the 2d: Kh Ks (three kings), 9c 9d 9s or
    # 5d 5h 5s (two pair), 8 of 48; for the 5c or the 9h the same 8 (the deuce pairs instead);
    # for a king, the pair is gone. Of the three that tie, the lowest goes.
    assert decision("english-stud", {"Ann": "Kd Kc 9h 5c 2d", "Bob": BOB}, stakes=TWIST) == "Ann buy 2d"


def test_a_new_card_that_cannot_make_the_hand_better_is_declined():
    # Ann holds a royal flush: no card makes a better hand, whatever the pot
    assert decision("english-stud", {"Ann": "As Ks Qs Js Ts", "Bob": BOB}, stakes=TWIST) == "Ann decline"


def test_a_hand_beaten_on_the_board_buys_nothing():
    # Ann: nine high; Bob shows a pair of aces: a hand she would fold to a bet, so she
    # does not pay for a card, though pairing any of her five ranks would make it better
    bob = "8c 6h Ah Ad Kd"
    assert decision("english-stud", {"Ann": "7d 2c 9h 5c 3d", "Bob": bob}, stakes=TWIST) == "Ann decline"


def test_at_a_free_twist_he_takes_a_new_card_where_one_may_help_and_else_stands_pat():
    # the house option twist: free: the same reading, without a price to weigh
    free = {"twist": "free"}
    assert decision("english-stud", {"Ann": "Kd Kc 9h 5c 2d", "Bob": BOB}, options=free) == "Ann discard 2d"
    assert decision("english-stud", {"Ann": "As Ks Qs Js Ts", "Bob": BOB}, options=free) == "Ann discard"


# -- a three up that costs the pot or a fold (Baseball, four-free-three-pays)


def test_a_three_up_is_paid_for_with_a_hand_worth_a_call():
    # the three is wild (read as an ace): a pair of kings, Bob showing a deuce: she calls 2 chips
    options = {"up_cards": "four-free-three-pays"}
    assert decision("baseball", {"Ann": "Kd Kc 3h", "Bob": "7s 8s 2c"}, options=options) == "Ann buy"


def test_a_three_up_is_folded_with_a_hand_a_board_beats():
    # seven-deuce and a wild three (an ace at best: ace high) against Bob's ace up, which beats
    # her cards as they show (seven high): a hand she folds to a bet, so she folds here
    options = {"up_cards": "four-free-three-pays"}
    assert decision("baseball", {"Ann": "7d 2h 3h", "Bob": "8s 6s Ac"}, options=options) == "Ann fold"


# -- over many hands


def choices(name: str, hands: int, options=None) -> tuple[int, int]:
    """(buys, declines) of four sensible bots over ``hands`` seeded hands."""
    variant = load_variant(name, options=options or {})
    players = ["Ann", "Bob", "Cat", "Dan"]
    buys = declines = 0
    for seed in range(hands):
        hand = Hand(variant, players, 400, seed=seed)
        play_hand(hand, {p: make_policy("sensible", variant=variant) for p in players})
        buys += sum(1 for e in hand.events if e.type == "buy")
        declines += sum(1 for e in hand.events if e.type == "decline")
    return buys, declines


def test_over_many_hands_the_sensible_bots_both_buy_and_decline():
    # a price against pots that grow: neither always (the bots declined every card before)
    for name, options in (("english-stud", None), ("baseball", {"up_cards": "four-bought"})):
        buys, declines = choices(name, 40, options)
        total = buys + declines
        assert total >= 20, (name, buys, declines)
        assert 0.1 * total <= buys <= 0.9 * total, (name, buys, declines)


def test_the_sensible_bots_buy_the_same_way_every_time_on_the_same_deal():
    variant = load_variant("english-stud")
    players = ["Ann", "Bob", "Cat", "Dan"]

    def once() -> list[str]:
        actions = []
        for seed in range(10):
            hand = Hand(variant, players, 400, seed=seed)
            play_hand(hand, {p: make_policy("sensible", variant=variant) for p in players})
            actions += [str(a) for a in hand.actions]
        return actions

    first = once()
    assert any(a.split()[1] == "buy" for a in first)
    assert once() == first


def test_a_sensible_bot_holding_more_than_nine_cards_still_decides():
    # Baseball, a four up free: Ann's three fours up (4h 4d 4s) each earn a card down (7c, 8c, 9d),
    # so she holds ten cards on seventh street; the bot reads its hand as the best of every nine
    # (it stopped with "a hand to evaluate has 5 to 9 cards, not 10")
    variant = load_variant("baseball", options={"up_cards": "four-free"})
    cards = {
        "Ann": ["Kd", "Kc", "4h", "7c", "4d", "8c", "4s", "9d", "5h", "6s"],
        "Bob": ["Qs", "Qd", "2c", "Jc", "Tc", "2s", "Ts"],
    }
    hand = Hand(variant, ["Ann", "Bob"], 400, seed=1, cards=cards)
    while not (len(hand.cards_of("Ann")) == 10 and hand.to_act == "Ann"):
        hand.check_or_call()
    bots = {p: make_policy("sensible", variant=variant) for p in hand.players}
    hand.apply(policy_action(bots["Ann"], hand, hand.to_act_seat, "Ann"))
    play_hand(hand, bots)
    assert hand.is_over and sum(hand.result().net.values()) == 0
