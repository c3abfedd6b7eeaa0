"""Discards and draws (the draw step), on generic_poker's Super Stud
(variants/catalogue/super-stud.yaml): four down and one up, a betting round,
then each player discards exactly two of his face-down cards, not replaced;
three more up and one down.

The cards below are each player's nine in the order received. Bob's 8s is
the lowest up card: he brings in; everybody checks and calls from then on.
"""

from __future__ import annotations

import pytest

from studrules.errors import IllegalActionError, SpecErrors
from studrules.game.hand import Hand
from studrules.spec.loader import load_variant, load_variant_text

CARDS = {
    "Ann": "Ah Ad 2c 3d Kh Ks 7c 9d 4h",  # keeps Ah Ad: aces and kings
    "Bob": "Qh Qd 5c 6d 8s 8c 2s Jd Th",  # keeps Qh Qd: queens and eights
}


def to_the_discard() -> Hand:
    hand = Hand(load_variant("super-stud"), list(CARDS), 200, seed=1, cards={p: c.split() for p, c in CARDS.items()})
    while hand.phase != "draw":
        hand.check_or_call()
    return hand


def test_each_player_discards_exactly_two_face_down_cards_clockwise_from_the_dealers_left():
    hand = to_the_discard()
    assert hand.to_act == "Ann"
    (legal,) = hand.legal_actions()
    assert legal.to_dict() == {"action": "discard", "choices": ["Ah", "Ad", "2c", "3d"], "min": 2, "max": 2}
    with pytest.raises(IllegalActionError, match="from 2 to 2 cards, not 1"):
        hand.apply("Ann discard 2c")
    with pytest.raises(IllegalActionError, match="only his cards"):
        hand.apply("Ann discard Kh 2c")  # the king is up
    hand.apply("Ann discard 2c 3d")
    assert hand.to_act == "Bob" and [str(c) for c in hand.cards_of("Ann")] == ["Ah", "Ad", "Kh"]


def test_the_others_see_how_many_cards_were_discarded_not_which():
    hand = to_the_discard()
    hand.apply("Ann discard 2c 3d")
    (seen_by_bob,) = [e for e in hand.view("Bob").events if e.type == "discard"]
    (seen_by_ann,) = [e for e in hand.view("Ann").events if e.type == "discard"]
    assert (seen_by_bob.amount, seen_by_bob.cards) == (2, None)
    assert [str(c) for c in seen_by_ann.cards] == ["2c", "3d"]
    assert seen_by_bob.describe() == "Ann discards 2 cards"


def test_the_cards_after_the_discard_come_in_order_and_the_best_seven_kept_win():
    hand = to_the_discard()
    hand.apply("Ann discard 2c 3d")
    hand.apply("Bob discard 5c 6d")
    while not hand.is_over:
        hand.check_or_call()
    assert [str(c) for c in hand.cards_of("Ann")] == ["Ah", "Ad", "Kh", "Ks", "7c", "9d", "4h"]
    net = hand.result().net
    assert net["Ann"] > 0 and net["Bob"] == -net["Ann"]  # aces and kings beat queens and eights


def test_a_draw_with_replacement_deals_as_many_new_cards():
    v = load_variant_text(
        "extends: five-card-stud\nname: draw-one\nseats: {min: 2, max: 8}\n"
        "steps:\n  - draw: {id: draw, discard: {max: 1}, after: round-1}\n"
    )
    # in the order received: Ann's third card (Ac) is the one that replaces her discard
    cards = {"Ann": "2c Kh Ac Qd Jh 9s", "Bob": "3d 7s 8c 4h 5s"}
    hand = Hand(v, list(cards), 200, seed=1, cards={p: c.split() for p, c in cards.items()})
    while hand.phase != "draw":
        hand.check_or_call()
    hand.apply("Ann discard 2c")
    assert [str(c) for c in hand.cards_of("Ann")] == ["Kh", "Ac"]  # the 2c out, the ace of clubs in, face down
    hand.apply("Bob discard")  # stands pat
    assert [e.describe(hidden=True) for e in hand.view("Bob").events if e.type == "draw"] == [
        "Ann draws a card face down"
    ]
    while not hand.is_over:
        hand.check_or_call()
    assert [str(c) for c in hand.cards_of("Ann")] == ["Kh", "Ac", "Qd", "Jh", "9s"]


def test_a_draw_the_deck_cannot_give_the_full_table_is_refused_at_load():
    with pytest.raises(SpecErrors) as err:
        load_variant_text(
            "extends: seven-card-stud\nname: big-draw\nsteps:\n"
            "  - draw: {id: draw, discard: {max: 5}, after: round-4}\n"
        )
    assert any("lower seats.max or the most cards a player may draw" in str(e) for e in err.value.errors)


def test_a_card_drawn_face_up_is_dealt_face_up_for_the_wild_card_that_follows_and_what_a_rank_earns():
    # an audit's finding: a twist's card drawn face up neither set the wild rank after a queen
    # nor earned what a rank dealt up earns. Seven stud, fourth street, then a twist of one
    # card, the new card as the old (face: same); a queen up makes the next card up wild, a
    # three up costs the pot or a fold.
    text = (
        "extends: seven-card-stud\nname: twist-queen\nseats: {max: 5}\n"
        "wild: {follow: Q}\nwhen_dealt_up:\n  - {rank: '3', deal: none, price: pot, decline: fold}\n"
        "steps:\n  - draw: {id: twist, after: round-2, discard: {max: 1}, from: any, face: same}\n"
    )
    v = load_variant_text(text)
    # Ann's Qh up on third street makes Bob's 5s, the next card up, wild; at the twist Bob's
    # 8s up goes and his next card, Qc, comes face up: the wild rank waits for the next card
    # up, Ann's fifth street Th: tens are wild
    cards = {"Ann": "Ah Kh Qh Jh Th", "Bob": "2c 2d 5s 8s Qc 4c", "Cat": "Tc Td 7s 7c 6c"}
    hand = Hand(v, list(cards), 300, cards={p: c.split() for p, c in cards.items()})
    while hand.phase != "draw":
        hand.check_or_call()
    hand.apply("Ann discard")
    hand.apply("Bob discard 8s")
    hand.apply("Cat discard")
    assert hand.phase != "draw"
    while hand.wild_rank is None and not hand.is_over:
        hand.check_or_call()
    wild = [e.describe() for e in hand.events if e.type == "wild"]
    assert wild == [
        "5s is up: fives are wild",
        "Qc is up: the next card up sets the wild rank",
        "Th is up: tens are wild",
    ]
    # the same with a three drawn up: Bob is asked the pot or a fold at once
    cards["Bob"] = "2c 2d 5s 8s 3c 4c"
    hand = Hand(v, list(cards), 300, cards={p: c.split() for p, c in cards.items()})
    while hand.phase != "draw":
        hand.check_or_call()
    for action in ("Ann discard", "Bob discard 8s", "Cat discard"):
        hand.apply(action)
    assert (hand.phase, hand.to_act) == ("offer", "Bob")
    assert [la.action for la in hand.legal_actions()] == ["buy", "fold"]


def test_a_twist_that_swaps_an_up_card_for_an_up_card_asks_again_who_shows_the_best_board():
    # an audit's finding, the house english-stud (a twist's new card comes as the old: face up for
    # an up card). Ann: Ah 3d down, 9c 2c 5d up; Bob: Qh Qd down, 7s 8s Th up. Round 3: Bob's
    # ten high beats her nine high, he acts first. At the twist she gives up her 2c and draws the
    # 9d up: her 9c 5d 9d shows a pair, above his ten high, so she opens round 4 (the count of up
    # cards unchanged, the answer remembered before was given again: Bob)
    cards = {"Ann": "Ah 3d 9c 2c 5d 9d", "Bob": "Qh Qd 7s 8s Th"}
    hand = Hand(load_variant("english-stud"), ["Ann", "Bob"], 200, cards={p: c.split() for p, c in cards.items()})
    for action in ("Bob bring-in", "Ann call", "Ann check", "Bob check", "Bob check", "Ann check"):
        hand.apply(action)
    hand.apply("Ann buy 2c")
    hand.apply("Bob decline")
    assert hand.to_act == "Ann"
