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
    assert "either folds (his ante, blind and cards are collected) or raises 20 (twice the ante)" in text


def test_analyze_refuses_wild_cards_where_it_does_not_count_them(capsys, tmp_path):
    # a game paid on the hand alone: the counts take wild cards only against the house's hand
    from studrules.cli.main import main

    path = tmp_path / "wild-double-down.yaml"
    path.write_text("extends: double-down-stud\nname: wild-double-down\nwild: {ranks: '2'}\n", encoding="utf-8")
    assert main(["analyze", "--optimal", str(path)]) != 0
    err = capsys.readouterr().err
    assert (
        "analyze cannot count wild-double-down yet: it has wild cards, which it counts against the house's hand" in err
    )
    assert "Traceback" not in err


def test_analyze_will_not_write_a_table_of_hands_that_could_not_be_read_for_it(capsys, tmp_path):
    from studrules.cli.main import main

    target = tmp_path / "dj-wild-optimal.yaml"
    assert main(["analyze", "dj-wild", "--optimal", "--write", str(target)]) != 0
    err = capsys.readouterr().err
    assert "a joker has no rank" in err and "Traceback" not in err and not target.exists()


def test_the_batch_pays_five_wilds_five_of_a_kind_and_a_wild_royal_as_the_hand_machine_does():
    # deals written out (the player's five cards, then the house's), played by simulate's batch
    # and by the hand machine with the same strategy: the same raise and net, as worked by hand
    import numpy as np

    from studrules.analysis.batch_play import _play, _table
    from studrules.cards.card import parse_cards
    from studrules.game.policies import play_hand
    from studrules.game.strategy_policy import StrategyPolicy

    deals = {  # net worked from the rule card (ante 10, Play 20, Blind 10)
        "2c 2d 2h 2s X1 Ac Kd Qh Js 9c": 10 + 20 + 10_000,  # five wilds
        "Kh Kd Kc 2s X1 8h 9h Th Jh Qh": 10 + 20 + 100,  # five kings against a straight flush
        "As Ks Qs 2d X1 Ah Ad Ac 9c 9h": 10 + 20 + 500,  # a royal flush with two wild cards
        "3c 7d 9h Jc Ks Ah Ad 5c 6s 8h": -20,  # king high: folded (Ante and Blind lost)
    }
    strategy = studrules.load_strategy("dj-wild-basic", DJ)
    table = _table(DJ, strategy)
    rows = np.array([[c.code for c in parse_cards(d)] for d in deals], dtype=np.uint8)
    played = _play(table, rows)
    for i, (deal, net) in enumerate(deals.items()):
        cards = parse_cards(deal)
        hand = studrules.Hand(DJ, ["Ann"], 20_000, cards={"Ann": cards[:5], "house": cards[5:]})
        result = play_hand(hand, {"Ann": StrategyPolicy(strategy)})
        assert result.net["Ann"] == int(played["net"][i]) == net, deal


@pytest.mark.soak
def test_the_best_play_gives_the_published_house_edge():
    # "The full analysis of the game shows a house edge of about 3.5% of an Ante"
    # (discountgambling.net, June 2015), over every deal: C(53, 5) hands for the player
    # and C(48, 5) for the dealer
    from math import comb

    from studrules.analysis.exact import analyze

    best = analyze(DJ, optimal=True)
    assert best.deals == comb(53, 5) * comb(48, 5)
    assert 3.45 < 100 * best.house_edge < 3.55
    simple = analyze(DJ, studrules.load_strategy("dj-wild-basic", DJ))
    looser = analyze(DJ, studrules.load_strategy("pair-or-better", DJ))
    assert best.house_edge < simple.house_edge < looser.house_edge  # the best play is best


@pytest.mark.soak
def test_the_counts_against_the_dealer_agree_with_every_dealer_hand_tried():
    # brute force: each player hand against every one of the C(48, 5) dealer hands of the cards left
    import numpy as np

    from studrules.analysis.exact_house import _all_sets, house_counts
    from studrules.cards.batch import evaluate_rows_wild
    from studrules.cards.card import parse_cards
    from studrules.spec.hand_ranking import banked_ranking

    ranking = banked_ranking(DJ)
    players = ["2c X1 9h 9d Kc", "Qh Qd 7c 4s 3h", "2d 2h 5s 6s 7s"]
    rows = np.array([sorted(c.code for c in parse_cards(p)) for p in players])
    found = house_counts("high", 5, 5, 0, lambda v: True, players=rows, deck=53, valued_by=ranking)
    every = _all_sets(48, 5).astype(np.int64)
    for row, counts in zip(rows, found.counts.tolist()):
        left = np.array([c for c in range(53) if c not in row.tolist()])
        dealer = evaluate_rows_wild(left[every], ranking)
        mine = evaluate_rows_wild(row[None, :], ranking)[0]
        expected = [0, int((dealer < mine).sum()), int((dealer == mine).sum()), int((dealer > mine).sum())]
        assert counts == expected, row


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
        (  # wild cards said to count in a ranking the game against the house does not value its hands in
            BANKED.replace("stakes:", "wild: {ranks: '2', rankings: [ace_to_five_low]}\nstakes:")
            + "  - settle: {tie: push}\n",
            "'ace_to_five_low' is not the game's ranking",
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
