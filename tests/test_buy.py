"""Buying a card (a draw step with a price) and standing pat for good
(``pat_stays_pat``), on the house game English stud
(variants/house/english-stud.yaml) and generic_poker's English Stud
(variants/catalogue/english-stud-generic-poker.yaml).

English stud, as the Hoyle text has it: "each active player may reject one
of his cards and receive another. If he rejects a face-up card his new card
is dealt face up, if he rejects a face-down card, his new card is face down
[...] any player who stands pat on the sixth round must also do so on the
seventh." The house file charges the low limit (10) for a new card.

Every hand below is checked and called down: ante 1, the lowest up card
brings in for 3 and is called, so the pot holds 8 at the first twist.
"""

from __future__ import annotations

import pytest

from studrules.errors import IllegalActionError, SpecErrors
from studrules.game.hand import Hand
from studrules.spec.loader import load_variant, load_variant_text

# Ann: Ah Kd down, 9c 2c 5d up, then the cards she may buy; Bob: Qh Qd down, 7s 8s 3h up.
ANN = "Ah Kd 9c 2c 5d Ac"
BOB = "Qh Qd 7s 8s 3h Jd"  # (a script lists exactly the cards dealt: Jd only where Bob buys)


def to_the_twist(stacks=200, option=None, bob=BOB) -> Hand:
    variant = load_variant("english-stud", options=option) if option else load_variant("english-stud")
    cards = {"Ann": ANN.split(), "Bob": bob.split()}
    hand = Hand(variant, ["Ann", "Bob"], stacks, seed=1, cards=cards)
    while hand.phase != "draw" and not hand.is_over:
        hand.check_or_call()
    return hand


def test_at_a_twist_a_player_may_buy_a_new_card_for_any_of_his_or_decline():
    hand = to_the_twist()
    assert hand.to_act == "Ann" and hand.pot == 8
    assert [la.to_dict() for la in hand.legal_actions()] == [
        {"action": "buy", "choices": ["Ah", "Kd", "9c", "2c", "5d"], "min": 1, "max": 1, "price": 10},
        {"action": "decline"},
    ]
    with pytest.raises(IllegalActionError, match="from 1 to 1 cards, not 2"):
        hand.apply("Ann buy 2c 5d")
    with pytest.raises(IllegalActionError, match="only his cards"):
        hand.apply("Ann buy 7s")  # Bob's card


def test_the_price_goes_into_the_pot_and_an_up_card_is_replaced_face_up():
    hand = to_the_twist()
    hand.apply("Ann buy 2c")
    assert hand.stacks[0] == 200 - 1 - 3 - 10 and hand.pot == 18
    assert [(str(c), f) for c, f in hand.view("Ann").cards] == [
        ("Ah", "down"),
        ("Kd", "down"),
        ("9c", "up"),
        ("5d", "up"),
        ("Ac", "up"),  # her next card, dealt as the card it replaces
    ]
    assert [e.describe() for e in hand.view("Bob").events if e.type in ("buy", "draw")] == [
        "Ann pays 10 for his draw",  # (one card or several)
        "Ann draws Ac face up",  # an up card: Bob sees it
    ]


def test_a_down_card_is_replaced_face_down_and_the_others_do_not_see_it():
    hand = to_the_twist()
    hand.apply("Ann buy Kd")
    assert ("Ac", "down") in [(str(c), f) for c, f in hand.view("Ann").cards]
    seen = [e.describe(hidden=e.card is None) for e in hand.view("Bob").events if e.type in ("discard", "draw")]
    assert seen == ["Ann discards 1 card", "Ann draws a card face down"]


def test_a_player_who_stood_pat_at_the_first_twist_is_not_asked_at_the_second():
    hand = to_the_twist()
    hand.apply("Ann decline")
    hand.apply("Bob buy 3h")  # Bob's next card, Jd, comes up in its place
    while hand.phase != "draw":
        hand.check_or_call()
    assert hand.to_act == "Bob"  # Ann, who stood pat, is passed by
    hand.apply("Bob decline")
    assert hand.phase != "draw"


def test_a_player_buys_only_what_his_stack_pays_for_in_full():
    hand = to_the_twist(stacks=13)  # 13 - 1 ante - 3 called = 9 left, the price is 10
    assert [la.to_dict() for la in hand.legal_actions()] == [{"action": "decline"}]
    with pytest.raises(IllegalActionError):
        hand.apply("Ann buy 2c")


def test_the_house_option_of_a_free_twist_is_a_plain_draw():
    hand = to_the_twist(option={"twist": "free"})
    assert [la.to_dict() for la in hand.legal_actions()] == [
        {"action": "discard", "choices": ["Ah", "Kd", "9c", "2c", "5d"], "min": 0, "max": 1}
    ]
    hand.apply("Ann discard 2c")
    assert hand.stacks[0] == 200 - 1 - 3 and hand.pot == 8


def test_the_card_bought_counts_for_the_winner_and_the_price_is_his_to_win():
    # Ann buys an ace for her deuce; Bob declines; checked down: her aces beat
    # Bob's queens and she takes the 8 of antes and bring-in plus her own 10.
    hand = to_the_twist(bob="Qh Qd 7s 8s 3h")
    hand.apply("Ann buy 2c")
    hand.apply("Bob decline")
    while not hand.is_over:
        hand.check_or_call()
    assert hand.result().net == {"Ann": 4, "Bob": -4}


def test_generic_poker_english_stud_buys_one_card_face_down_for_the_big_bet():
    # seven cards each (two down, four up, one down), then the buy: Ann gives
    # up her 9c, an up card, for the big bet (20), and gets Jc face down.
    cards = {"Ann": ["Ah", "Kd", "9c", "2c", "5d", "6h", "7h", "Jc"], "Bob": ["Qh", "Qd", "7s", "8s", "3h", "4d", "2d"]}
    hand = Hand(load_variant("english-stud-generic-poker"), ["Ann", "Bob"], 200, seed=1, cards=cards)
    while hand.phase != "draw":
        hand.check_or_call()
    (buy, decline) = hand.legal_actions()
    assert (buy.action, buy.amount, buy.max, decline.action) == ("buy", 20, 1, "decline")
    hand.apply("Ann buy 9c")
    assert [str(c) for c in hand.up[0]] == ["2c", "5d", "6h"]
    assert ("Jc", "down") in [(str(c), f) for c, f in hand.view("Ann").cards]


def test_a_dealer_ante_belongs_to_the_pot_not_to_the_dealer():
    # the dealer (the last seat) antes 2 for the table; checked down, Ann's
    # pair of kings wins the 2 of the ante and the 3 + 3 of the bring-in called.
    v = load_variant_text(
        "extends: five-card-stud\nname: dealer-ante\nsteps:\n  - ante: {id: ante, who: dealer, amount: players}\n"
    )
    cards = {"Ann": ["Kd", "Ks", "4c", "5c", "6c"], "Bob": ["Qh", "2s", "8d", "9d", "Jd"]}
    hand = Hand(v, ["Ann", "Bob"], 100, seed=1, cards=cards)
    while not hand.is_over:
        hand.check_or_call()
    assert hand.result().net == {"Ann": 3 + 2, "Bob": -5}


@pytest.mark.parametrize(
    "draw, words",
    [
        ("{id: d, discard: {max: 1}, replace: false, price: low_limit, after: round-1}", "replaces none"),
        ("{id: d, discard: {max: 1}, pat_stays_pat: true, after: round-1}", "no draw comes before this one"),
    ],
)
def test_a_buy_that_cannot_be_played_is_refused_at_load(draw, words):
    with pytest.raises(SpecErrors) as err:
        load_variant_text(f"extends: five-card-stud\nname: bad\nsteps:\n  - draw: {draw}\n")
    assert any(words in str(e) for e in err.value.errors), err.value.errors
