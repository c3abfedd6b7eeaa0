"""Cards dealt face up that ask a price (``when_dealt_up`` with ``price``),
on the house game Baseball (variants/house/baseball.yaml) and its option
``up_cards``: a four up lets its player buy an extra card face down for the
low limit (10) or decline; a three up costs its player the pot, or he folds.
The offers are made once the street is dealt, in the order the cards fell.

Stakes of the seven-card stud the file extends: ante 1, bring-in 3, bets
10/20. Ann sits at the dealer's left, then Bob; each one's cards are listed
in the order received (an extra card bought is the next one of his list).
"""

from __future__ import annotations

import pytest

from studrules.errors import IllegalActionError, SpecErrors
from studrules.game.hand import Hand
from studrules.spec.loader import load_variant, load_variant_text


def third_street(choice: str, ann="Kd Qc 4h Ah", bob="7s 8s 3c", stacks=200) -> Hand:
    variant = load_variant("baseball", options={"up_cards": choice})
    cards = {"Ann": ann.split(), "Bob": bob.split()}
    return Hand(variant, ["Ann", "Bob"], stacks, seed=1, cards=cards)


def test_a_four_up_offers_an_extra_card_for_the_low_limit_and_a_three_up_the_pot():
    hand = third_street("four-bought-three-pays")
    # Ann's 4h fell first: her offer comes first; the pot holds the two antes
    assert hand.to_act == "Ann" and hand.pot == 2
    assert [la.to_dict() for la in hand.legal_actions()] == [{"action": "buy", "amount": 10}, {"action": "decline"}]
    hand.apply("Ann buy")
    assert hand.pot == 12 and hand.stacks[0] == 200 - 1 - 10
    assert [(str(c), f) for c, f in hand.view("Ann").cards][-1] == ("Ah", "down")
    # Bob's 3c: the pot is now 12; he pays it or folds
    assert hand.to_act == "Bob"
    assert [la.to_dict() for la in hand.legal_actions()] == [{"action": "buy", "amount": 12}, {"action": "fold"}]
    hand.apply("Bob buy")
    assert hand.pot == 24 and hand.stacks[1] == 200 - 1 - 12
    assert hand.phase == "betting"  # the offers are over: the first betting round
    bought = [e.describe() for e in hand.events if e.type == "buy"]
    assert bought == ["Ann pays 10 for a four up", "Bob pays 12 for a three up"]


def test_a_player_who_will_not_pay_for_his_three_folds_and_the_last_one_in_takes_the_pot():
    hand = third_street("four-bought-three-pays")
    hand.apply("Ann buy")
    hand.apply("Bob fold")
    # Ann put in 1 + 10 and takes the 12 in the pot: +1; Bob loses his ante
    assert hand.is_over and hand.result().net == {"Ann": 1, "Bob": -1}
    assert [e.describe() for e in hand.events if e.type == "fold"] == ["Bob folds (a three up: he does not pay)"]


def test_a_player_whose_stack_cannot_pay_the_price_may_only_fold():
    hand = third_street("four-bought-three-pays", stacks={"Ann": 200, "Bob": 5})
    hand.apply("Ann buy")  # the pot is 12; Bob has 4 left after his ante
    assert [la.to_dict() for la in hand.legal_actions()] == [{"action": "fold"}]
    with pytest.raises(IllegalActionError):
        hand.apply("Bob buy")


def test_a_declined_extra_card_is_not_dealt():
    hand = third_street("four-bought", ann="Kd Qc 4h")
    hand.apply("Ann decline")
    assert len(hand.cards_of("Ann")) == 3 and hand.pot == 2
    assert hand.phase == "betting"  # Bob's three asks nothing under this choice


def test_the_default_four_is_free_and_dealt_at_once():
    hand = third_street("four-free")
    assert hand.phase == "betting" and len(hand.cards_of("Ann")) == 4


@pytest.mark.parametrize(
    "rule, words",
    [
        ('{rank: "3", deal: none}', "this rule does nothing"),
        ('{rank: "3", decline: fold}', "decline: fold needs a price"),
    ],
)
def test_an_up_card_rule_that_cannot_be_played_is_refused_at_load(rule, words):
    with pytest.raises(SpecErrors) as err:
        load_variant_text(f"extends: seven-card-stud\nname: bad\nwhen_dealt_up: [{rule}]\n")
    assert any(words in str(e) for e in err.value.errors), err.value.errors


def test_the_offer_names_the_card_its_price_and_what_it_buys_in_the_api_and_at_the_terminal():
    import io

    from rich.console import Console

    from studrules.table.terminal import TerminalPlayer

    hand = third_street("four-bought-three-pays", stacks={"Ann": 200, "Bob": 5})
    answers = iter(["b", "f"])
    me = TerminalPlayer(Console(file=io.StringIO(), width=200, force_terminal=False), read=lambda _: next(answers))
    me.hand = hand
    # Ann's 4h: an extra card face down for the low limit (10), or she goes without
    assert (hand.offer.player, str(hand.offer.card), hand.offer.price) == ("Ann", "4h", 10)
    hand.apply(me.act(hand.view("Ann")))
    said = me.console.file.getvalue()
    assert "Your 4h up offers an extra card, face down, for 10: [b] buy it   [d] decline" in said
    # Bob's 3c asks the pot (1 + 1 antes and Ann's 10 = 12); his 4 chips left cannot pay it
    assert (hand.offer.player, str(hand.offer.card), hand.offer.price, hand.offer.decline) == ("Bob", "3c", 12, "fold")
    me.hand, me.console = hand, Console(file=io.StringIO(), width=200, force_terminal=False)
    hand.apply(me.act(hand.view("Bob")))
    assert "Your 3c up asks 12, paid into the pot, more than you have: [f] fold" in me.console.file.getvalue()
    assert hand.offer is None and hand.is_over  # Ann, alone, takes the pot


def test_a_wrong_key_at_an_offer_is_answered_with_the_offer_s_own_words():
    # an audit's finding: the choices said '[b] buy it' (or '[b] pay 12'), and a wrong key
    # was answered with '[b] buy 10'
    import io

    from rich.console import Console

    from studrules.table.terminal import TerminalPlayer

    hand = third_street("four-bought-three-pays", stacks={"Ann": 200, "Bob": 5})
    answers = iter(["x", "d"])
    me = TerminalPlayer(Console(file=io.StringIO(), width=200, force_terminal=False), read=lambda _: next(answers))
    me.hand = hand
    assert me.act(hand.view("Ann")).verb == "decline"
    said = me.console.file.getvalue()
    assert (
        "'x' is not one of your choices: Your 4h up offers an extra card, face down, for 10: "
        "[b] buy it   [d] decline   [q] leave" in said
    )
    assert "buy 10" not in said
