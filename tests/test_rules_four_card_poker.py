"""Four Card Poker, the casino table game, rule by rule on real cards:
variants/four-card-poker.yaml.

Sources: Live! Casino Philadelphia, "How to Play Four Card Poker" (five
cards to the player, six to the dealer with his top card up, the best four
of each; "fold or bet 1x to 3x your Ante"; "If your hand beats or ties the
dealer's, your Ante and Play bets win even money"; the automatic bonuses
four of a kind 25, straight flush 20, three of a kind 2 to 1 on the ante
"even if you lose to the dealer"; Aces Up 50, 40, 8, 6, 4, 2, 1 on a pair of
aces or better); Great Blue Heron Casino ("the dealer always qualifies",
Aces Up 50, 40, 8, 5, 4, 3, 1); Danske Spil ("The Aces Up bet is evaluated
regardless of if the Player makes a Play bet or chooses to Fold"). The
file's ante is 10. Each outcome is worked out by hand.
"""

import pytest
from rules_support import net, play

FCP = "four-card-poker"


def hand(player: str, house: str, action: str = "raise 10", **kw):
    return play(FCP, {"Ann": player, "house": house}, [f"Ann {action}"], **kw)


def test_the_play_is_one_to_three_times_the_ante_or_a_fold():
    h = play(FCP, {"Ann": "2c 5d 9h Js Kc", "house": "3c 4d 6h 8s Tc Qd"}, [])
    assert {la.action: la.to for la in h.legal_actions()} == {"fold": None, "raise": (10, 20, 30)}


def test_a_hand_worked_out_by_hand_the_best_four_of_five_against_the_best_four_of_six():
    # Ann: 9c 9d 4h 4s Ac. Her best four: two pair, nines and fours (9 9 4 4),
    # the ace left over. The house: Kc Kd 7h 7s 2c, and its up card Qd: its
    # best four is two pair, kings and sevens (K K 7 7), above Ann's. Ann
    # plays 3x (30): ante and play lost, -40; two pair earns no ante bonus.
    assert net(hand("9c 9d 4h 4s Ac", "Kc Kd 7h 7s 2c Qd", "raise 30")) == {"Ann": -40}
    # Kings and sevens again (Ks Kd 7c 7s 2c, up Qd) against Ann's 5h 6h 7h 8h
    # Kc: her best four is a straight flush (5-6-7-8 of hearts; the king left
    # over), above two pair: ante +10, play 2x +20, and the straight flush's
    # ante bonus, 20 to 1 on the ante: +200.
    assert net(hand("5h 6h 7h 8h Kc", "Ks Kd 7c 7s 2c Qd", "raise 20")) == {"Ann": 230}


def test_three_of_a_kind_beats_a_flush_and_a_straight():
    # Ann's three twos (2c 2d 2h, kicker 3s; the 4c left over) against the
    # house's A-K-Q-9 of spades (a flush; its 5d and 6c left over): three of
    # a kind is the better four-card hand. Ante +10, play +10, ante bonus
    # for three of a kind 2 to 1 (+20): +40.
    assert net(hand("2c 2d 2h 3s 4c", "As Ks Qs 9s 5d 6c")) == {"Ann": 40}
    # Against a straight (J-Q-K-A of mixed suits) the same.
    assert net(hand("2c 2d 2h 3s 4c", "Jd Qh Kc Ad 5d 6c")) == {"Ann": 40}


def test_the_dealer_always_plays_and_a_tie_goes_to_the_player():
    # The house holds nothing better than K-J-8-6 high (Kc Jd 8h 6s 3c 2d);
    # Ann's A-9-5-4 high beats it: ante +10, play +10 (no qualifier to miss).
    assert net(hand("Ad 9c 5s 4d 2h", "Kc Jd 8h 6s 3c 2s")) == {"Ann": 20}
    # A tie: Ann's best four K-J-8-6 (Kd Js 8c 6d, her 2h left over) equals
    # the house's K-J-8-6 (its 3c and 2d below): ties win, +20.
    assert net(hand("Kd Js 8c 6d 2h", "Kc Jd 8h 6s 3c 2d")) == {"Ann": 20}


def test_the_ante_bonus_is_paid_when_the_dealer_wins_but_not_on_a_fold():
    # Ann's three eights (8c 8d 8h Ac 2d: best four 8 8 8 A) lose to the
    # house's four queens: ante and play lost (-20), three of a kind's bonus
    # 2 to 1 on the ante (+20): 0.
    assert net(hand("8c 8d 8h Ac 2d", "Qc Qd Qh Qs 3c 4d")) == {"Ann": 0}
    # folded, the same hand loses the ante and gets no bonus
    assert net(hand("8c 8d 8h Ac 2d", "Qc Qd Qh Qs 3c 4d", "fold")) == {"Ann": -10}


@pytest.mark.parametrize(
    "cards, option, odds",
    [
        ("Ac Ad 7h 5s 2c", "two_pair_2", 1),  # a pair of aces
        ("Kc Kd 7h 5s 2c", "two_pair_2", -1),  # a pair of kings: below the table
        ("9c 9d 4h 4s Ac", "two_pair_2", 2),  # two pair
        ("9c 9d 4h 4s Ac", "two_pair_3", 3),
        ("2h 7h 9h Jh Kc", "two_pair_2", 6),  # a flush
        ("2h 7h 9h Jh Kc", "two_pair_3", 5),
        ("5c 6d 7h 8s Kc", "two_pair_2", 4),  # a straight
        ("7c 7d 7h 2s 4c", "two_pair_2", 8),  # three of a kind
        ("5h 6h 7h 8h Kc", "two_pair_2", 40),  # a straight flush
        ("Jc Jd Jh Js 2c", "two_pair_2", 50),  # four of a kind
    ],
)
def test_aces_up_is_paid_on_the_players_best_four_cards_and_stands_on_a_fold(cards, option, odds):
    # Ann folds, so her ante of 10 is lost whatever she holds; Aces Up of 5
    # is paid at its line's odds (or lost) all the same.
    h = hand(cards, "3c 3d 3h 3s Qd Td", "fold", stakes={"aces_up": 5}, options={"aces_up_table": option})
    assert net(h) == {"Ann": -10 + 5 * odds}


def _independent_counts() -> dict[str, int]:
    """The best four-card category of every five-card hand, counted from the rules alone with numpy
    (rank and suit counts, four-card runs), not by the ranking's code."""
    import itertools

    import numpy as np

    five = np.array(list(itertools.combinations(range(52), 5)), dtype=np.int64)
    ranks, suits = five // 4, five % 4
    rows = np.arange(len(five))[:, None]
    by_rank = np.bincount((rows * 13 + ranks).ravel(), minlength=len(five) * 13).reshape(-1, 13)
    most = by_rank.max(axis=1)
    pairs = (by_rank >= 2).sum(axis=1)
    # a four-card run among rank bits 2..A, the ace also below the two
    bits = np.left_shift(1, ranks)

    def has_run(mask):
        low = (mask << 1) | ((mask >> 12) & 1)
        return (low & (low >> 1) & (low >> 2) & (low >> 3)) != 0

    straight = has_run(np.bitwise_or.reduce(bits, axis=1))
    flush = np.zeros(len(five), dtype=bool)
    straight_flush = np.zeros(len(five), dtype=bool)
    for s in range(4):
        mine = suits == s
        flush |= mine.sum(axis=1) >= 4
        straight_flush |= has_run(np.bitwise_or.reduce(np.where(mine, bits, 0), axis=1))
    category = np.select(
        [most == 4, straight_flush, most == 3, flush, straight, pairs >= 2, by_rank[:, 12] == 2],
        ["four_of_a_kind", "straight_flush", "three_of_a_kind", "flush", "straight", "two_pair", "pair_of_aces"],
        "loses",
    )
    names, counts = np.unique(category, return_counts=True)
    return dict(zip(names.tolist(), counts.tolist()))


@pytest.mark.soak
def test_aces_up_over_every_five_card_hand_is_the_counts_times_the_pay_table():
    # Counts by hand where they are short: four of a kind 13 x 48 = 624; a
    # four-card straight flush 44 x 48 = 2,112 less the 40 five-card straight
    # flushes counted twice = 2,072; three of a kind 13 x 4 x C(48,2) = 58,656.
    counts = _independent_counts()
    assert (counts["four_of_a_kind"], counts["straight_flush"], counts["three_of_a_kind"]) == (624, 2072, 58656)
    assert sum(counts.values()) == 2_598_960
    import itertools

    import numpy as np

    from studrules.analysis.batch_settlement import side_bets_batch
    from studrules.cards.batch import evaluate_batch_in
    from studrules.spec.loader import load_variant
    from studrules.spec.model import SettleStep

    values = evaluate_batch_in(np.array(list(itertools.combinations(range(52), 5))), "four_card_high")
    for option in ("two_pair_2", "two_pair_3"):
        variant = load_variant(FCP, options={"aces_up_table": option}, stakes={"aces_up": 1})
        step = variant.steps_of(SettleStep)[0]
        table = dict(step.side_bets[0].pay_table)
        expected = sum(counts[k] * table[k] for k in table) - counts["loses"]
        ((_, won, _),) = side_bets_batch(
            step,
            player_value=values,
            played=np.zeros(len(values), dtype=bool),
            env=variant.stake_values(),
            ranking="four_card_high",
        ).values()
        assert int(won.sum()) == expected  # -110,080 (4.236%) and -101,144 (3.892%) of 2,598,960
