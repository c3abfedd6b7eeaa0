"""DJ Wild Stud Poker (variants/dj-wild.yaml): wild cards in a game against the house and
a Blind paid only on a win.

The rules, as Red Dragon Casino's rule card gives them: a 53-card deck, the deuces and the
joker wild; "Five wilds, Royal flush, Five of a kind, Straight flush, Four of a kind, ...";
an Ante and an equal Blind; fold, or a Play bet "equal to two times the Ante"; "If the
dealer has the higher hand, then the player shall lose the Ante, Blind, and Play bets. If
the two hands tie, then the Ante, Blind, and Play bets shall push. If the player has the
higher hand, then the Ante and Play bets shall pay even money. The Blind bet will pay
according to the pay table": five wilds 1000 to 1, royal flush 50, five of a kind 10,
straight flush 9, four of a kind 4, full house 3, flush 2, straight 1; "All Other" push
(aresponsiblegambler.com). Every net below is worked from those lines with the file's ante
of 10 (a Play of 20, a Blind of 10).
"""

from __future__ import annotations

import pytest

import studrules
from studrules.errors import SpecErrors

DJ = studrules.load_variant("dj-wild")


def settle(mine: str, house: str, play: bool = True) -> tuple[int, str]:
    """One position's net and the settlement's words, his cards and the house's given."""
    hand = studrules.Hand(DJ, ["Ann"], 20_000, cards={"Ann": mine, "house": house})
    hand.apply("Ann raise 20" if play else "Ann fold")
    (settled,) = [e for e in hand.events if e.type == "settle"]
    return hand.result().net["Ann"], settled.reason


@pytest.mark.parametrize(
    ("mine", "house", "net"),
    [
        # five wild cards beat everything: 10 + 20 on the Ante and the Play, 1000 x 10 on the Blind
        ("2c 2d 2h 2s X1", "As Ks Qs Js Ts", 10 + 20 + 10_000),
        # a royal flush made with two wild cards beats five aces: Blind 50 to 1
        ("As Ks Qs 2d X1", "Ah Ad Ac 2c 9h", 10 + 20 + 500),
        # five kings (a wild deuce and the joker) beat a queen-high straight flush: Blind 10 to 1
        ("Kh Kd Kc 2s X1", "8h 9h Th Jh Qh", 10 + 20 + 100),
        # a straight flush with one wild card: Blind 9 to 1
        ("9c 8c 7c 6c 2d", "Ah Ad Kc Ks 3h", 10 + 20 + 90),
        # three of a kind with a deuce beats two pair: the Blind is returned (below a straight)
        ("Jh Jd 2c 7s 4h", "Qh Qd 9c 9s 3d", 10 + 20),
        # five aces lose to a royal flush: Ante, Play and Blind lost
        ("Ah Ad Ac As 2c", "Ks Qs Js Ts X1", -(10 + 20 + 10)),
        # a flush lost to a full house: every bet lost, the Blind's line no help
        ("Ah Kh 9h 6h 3h", "Qc Qd Qs 4c 4d", -40),
        # equal straights, one made with the joker: a tie, everything returned
        ("9c 8d 7h 6s 5c", "9d 8c 7s X1 5h", 0),
    ],
)
def test_each_bet_is_settled_as_the_rule_card_says(mine, house, net):
    assert settle(mine, house)[0] == net


def test_a_fold_loses_the_ante_and_the_blind_whatever_the_hands():
    net, words = settle("2c 2d 2h 2s X1", "3c 4d 7h 9s Jc", play=False)
    assert net == -20 and words == "folded; blind 10 loses"


def test_the_settlement_names_the_wild_hands():
    assert settle("Kh Kd Kc 2s X1", "8h 9h Th Jh Qh")[1] == (
        "beats the house: five_of_a_kind pays 1 to 1; blind 10 wins 100: five_of_a_kind pays 10 to 1"
    )
    assert settle("2c 2d 2h 2s X1", "As Ks Qs Js Ts")[1].endswith("blind 10 wins 10000: five_wilds pays 1000 to 1")
    assert settle("Jh Jd 2c 7s 4h", "Qh Qd 9c 9s 3d")[1].endswith("blind 10 pushes")


def test_the_rule_book_says_the_wild_cards_and_the_blind():
    text = " ".join(studrules.explain(DJ).split())
    assert "Twos are wild." in text and "A joker is wild: it stands for any card." in text
    assert "for who acts first" not in text  # nothing is read face up against the house
    assert "five wild cards 1000 to 1" in text
    assert "returned on a tie, lost when the house's hand is the better" in text


def test_analyze_says_it_cannot_count_it_yet(capsys):
    from studrules.cli.main import main

    assert main(["analyze", "dj-wild", "--optimal"]) != 0
    err = capsys.readouterr().err
    assert "analyze cannot count dj-wild yet: it has wild cards" in err and "Traceback" not in err


def test_simulate_pays_the_hands_only_wild_cards_make_as_the_rule_card_says():
    # the report's hands by kind: each mean in antes is the Ante and the Play won (1 + 2) and the
    # Blind's line (a five of a kind never loses here: only a royal flush or five wilds beat it)
    from studrules.analysis.simulate import simulate

    result = simulate(DJ, "pair-or-better", 400_000, seed=3, workers=1)
    groups = {g.name: g for g in result.by_hand}
    assert groups["royal_flush"].hands > 0 and groups["five_of_a_kind"].hands > 0
    assert groups["five_of_a_kind"].mean_net == pytest.approx(1 + 2 + 10, abs=0.2)
    assert groups["straight_flush"].mean_net == pytest.approx(1 + 2 + 9, abs=0.3)


BANKED = """\
name: blind-test
kind: banked
seats: {min: 1, max: 7}
stakes: {ante: 10}
steps:
  - ante: {amount: ante}
  - deal: {players: [down, down, down, down, down], house: [down, down, down, down, down]}
  - decision: {fold: true, raise: 2 * ante}
  - reveal: {who: house}
"""


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (  # a Blind paid on a win, but told what to do below every line as well
            BANKED + "  - settle: {tie: push, side_bets: {blind: {amount: ante, required: true, "
            "against_house: true, below: push_unless_beaten, pay_table: {straight: 1}}}}\n",
            "against_house",
        ),
        (  # a wild card that changes with the cards shown has no place against the house
            BANKED.replace("stakes:", "wild: {follow: Q}\nstakes:") + "  - settle: {tie: push}\n",
            "wild.follow",
        ),
        (  # five of a kind named where nothing is wild
            BANKED + "  - settle: {tie: push, ante_bonus: {five_of_a_kind: 5}}\n",
            "five_of_a_kind",
        ),
    ],
)
def test_a_file_that_cannot_be_played_so_is_refused_where_it_says_it(text, says):
    with pytest.raises(SpecErrors) as caught:
        studrules.load_variant_text(text)
    assert says in str(caught.value)
