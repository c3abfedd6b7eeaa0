"""The rankings and showdown rules the generic_poker catalogue files added
with razzbadeucey, henway, the double qualifier and action razz need.

Expected outcomes come from the rules worked out by hand (in the comments),
from brute force written here independently of the package, and from the
catalogue's own ranking tables (``two_card_low``) and evaluation-type words
(``badugi_ah``: "lowest 4 unique ranks and suits (Ace is high)"), read as
facts.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from types import SimpleNamespace

import pytest
from rules_support import script as _script, script_first_actor as _first_to_act

from studrules.cards.card import Card, full_deck
from studrules.cards.rankings import get_ranking, ranking_for
from studrules.errors import StudrulesError
from studrules.game.hand import Hand
from studrules.spec.loader import load_variant, load_variant_text

DECK = full_deck()
_BETTING = ("bring_in", "complete", "bet", "raise", "call", "check", "fold")


def same_order(values, keys) -> None:
    """``values`` order the hands exactly as ``keys`` do (ties included)."""
    pairs = sorted(zip(values, keys))
    for (v1, k1), (v2, k2) in itertools.pairwise(pairs):
        assert (v1 < v2) == (k1 < k2) and (v1 == v2) == (k1 == k2), (v1, k1, v2, k2)


# --- badugi with the ace high ----------------------------------------------------

BADUGI_AH = get_ranking("badugi_ace_high")


def test_badugi_with_the_ace_high_is_best_at_five_four_three_two():
    # The ace is the highest card: A-4-3-2 of four suits is an ace-high
    # badugi, worse than K-Q-J-10; 5-4-3-2 of four suits is the best hand.
    best = BADUGI_AH.evaluate("5c 4d 3h 2s")
    assert BADUGI_AH.describe(best) == "four-card badugi, 5-4-3-2"
    assert BADUGI_AH.evaluate("Kc Qd Jh Ts") > BADUGI_AH.evaluate("Ac 4d 3h 2s")
    assert BADUGI_AH.describe(BADUGI_AH.evaluate("Ac 4d 3h 2s")) == "four-card badugi, A-4-3-2"
    rng = random.Random(3)
    for _ in range(300):
        assert BADUGI_AH.evaluate(rng.sample(DECK, 4)) <= best
    # any four-card badugi beats any three-card hand, the ace high or not
    assert BADUGI_AH.evaluate("Ac Kd Qh Js") > BADUGI_AH.evaluate("2c 3d 4h 4s")
    # from seven cards: Ac 2c 3d 4h 5s 6c Kd: 5s-4h-3d-2c is a four-card badugi
    assert BADUGI_AH.describe(BADUGI_AH.evaluate("Ac 2c 3d 4h 5s 6c Kd")) == "four-card badugi, 5-4-3-2"
    assert (BADUGI_AH.ace_high, BADUGI_AH.aims_low) == (True, True)


def _badugi_ace_high_key(hand):
    """Brute force: the largest set of cards of different suits and ranks,
    then the lowest ranks from the top, the ace 14."""
    best = None
    for size in range(1, 5):
        for subset in itertools.combinations(hand, size):
            if len({c.suit for c in subset}) == size and len({c.rank for c in subset}) == size:
                key = (size, tuple(-r for r in sorted((c.rank for c in subset), reverse=True)))
                best = key if best is None or key > best else best
    return best


def _four_card_classes():
    """Four cards, one hand for every multiset of ranks and every pattern of
    suits in order of first appearance (every value up to relabelling suits)."""
    patterns = [
        p for p in itertools.product(range(4), repeat=4) if all(p[i] <= max(p[:i], default=-1) + 1 for i in range(4))
    ]
    for ranks in itertools.combinations_with_replacement(range(2, 15), 4):
        if max(Counter(ranks).values()) > 4:
            continue
        for pattern in patterns:
            hand = [(r, "cdhs"[s]) for r, s in zip(ranks, pattern)]
            if len(set(hand)) == 4:
                yield tuple(Card(f"{'  23456789TJQKA'[r]}{s}") for r, s in hand)


def test_badugi_with_the_ace_high_has_1092_values_ordered_as_brute_force_finds():
    # 4-card badugis C(13,4) = 715, three-card 286, two-card 78, one-card 13.
    hands = list(_four_card_classes())
    values = [BADUGI_AH.evaluate(h) for h in hands]
    assert len(set(values)) == 715 + 286 + 78 + 13
    same_order(values, [_badugi_ace_high_key(h) for h in hands])


def test_badugi_with_the_ace_high_from_more_cards_is_its_best_four():
    rng = random.Random(4)
    for _ in range(200):
        hand = rng.sample(DECK, rng.choice((5, 6, 7)))
        assert BADUGI_AH.evaluate(hand) == max(BADUGI_AH.evaluate(four) for four in itertools.combinations(hand, 4))


# --- two-card ace-to-five low ----------------------------------------------------

TWO_LOW = get_ranking("two_card_ace_to_five_low")


def _two_low_key(hand):
    """Brute force: unpaired before paired, then the higher card, then the
    lower, the ace 1; smaller is better, so the key is negated."""
    ranks = sorted((1 if c.rank == 14 else c.rank for c in hand), reverse=True)
    return (-(ranks[0] == ranks[1]), tuple(-r for r in ranks))


def test_two_card_low_orders_all_1326_hands_as_brute_force_finds():
    hands = list(itertools.combinations(DECK, 2))
    values = [TWO_LOW.evaluate(h) for h in hands]
    assert len(set(values)) == 78 + 13
    same_order(values, [_two_low_key(h) for h in hands])


def test_two_card_low_follows_the_catalogues_table():
    # generic_poker's two_card_low table: 2-A, 3-A, 3-2, 4-A, ... K-Q (78
    # unpaired, ordinals 1 to 78), then the pairs A-A, 2-2, ... K-K.
    order = ["2c Ad", "3c Ad", "3c 2d", "4c Ad", "5c 4d", "Kc Qd", "Ac Ad", "2c 2d", "Kc Kd"]
    values = [TWO_LOW.evaluate(h) for h in order]
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values)
    assert TWO_LOW.evaluate("2h Ah") == TWO_LOW.evaluate("2c Ad")  # suits do not count
    assert [TWO_LOW.describe(v) for v in values[:3]] == ["two-ace low", "three-ace low", "three-two low"]
    assert TWO_LOW.describe(TWO_LOW.evaluate("Ac Ad")) == "pair of aces"


def test_two_card_low_from_more_cards_is_its_best_two():
    rng = random.Random(5)
    for _ in range(300):
        hand = rng.sample(DECK, rng.choice((3, 5, 7)))
        assert TWO_LOW.evaluate(hand) == max(TWO_LOW.evaluate(two) for two in itertools.combinations(hand, 2))
    assert TWO_LOW.describe_visible("Kc") == "king low"
    assert TWO_LOW.visible("Ac") > TWO_LOW.visible("2c")  # the ace is the lowest card


def test_razzbadeucey_the_ace_brings_in_and_the_pot_splits_ace_high_badugi_and_deuce_to_seven():
    # Door cards As, Kd, 2h: with the ace high Ann's As is the highest card
    # and brings in (with the ace low it would be Bob's Kd).
    # Boards, by ace-high badugi (more cards of different suits and ranks
    # first, then the lower top card):
    #   4th: Ann As 4h, Bob Kd 3d (one card: 3), Cat 2h Jc (J-2): Cat;
    #   5th: Ann 9-4, Bob Kd 3d 4s (4-3), Cat 2h Jc Tc (T-2): Bob;
    #   6th and 7th: Ann As 4h 9s 3c (9-4-3), Bob Kd 3d 4s 5s (two cards,
    #   4-3), Cat 2h Jc Tc Qs (Q-10-2): Ann.
    # Showdown: badugi (ace high): Ann 9-5-4-3, Bob 6-4-3-2 (6h 4s 3d 2c), Cat
    # 5-4-3-2 (5c 4d 3s 2h, the best hand); deuce-to-seven: Ann 8-7-5-4-3,
    # Bob 7-5-4-3-2 (no straight, no flush: the best hand), Cat 10-5-4-3-2.
    # Pot: antes 3 + bring-in 3 + two calls 6 = 12; Cat and Bob take 6 each.
    out = _script(
        "razzbadeucey",
        {
            "Ann": "7c 5d As 4h 9s 3c 8d",
            "Bob": "2c 6h Kd 3d 4s 5s 7h",
            "Cat": "4d 3s 2h Jc Tc Qs 5c",
        },
        ["Ann bring-in", "Bob call", "Cat call"]
        + ["Cat check", "Ann check", "Bob check"]
        + ["Bob check", "Cat check", "Ann check"]
        + ["Ann check", "Bob check", "Cat check"] * 2,
    )
    assert [_first_to_act(out, r) for r in (1, 2, 3, 4, 5)] == ["Ann", "Cat", "Bob", "Ann", "Ann"]
    assert out["result"]["pots"][0]["winners"] == {"Bob": 6, "Cat": 6}
    assert out["result"]["stacks"] == {"Ann": 96, "Bob": 102, "Cat": 102}


def test_henway_two_card_hands_a_pair_wins_high_and_any_unpaired_two_wins_low():
    # Up cards Ad, Qh, 2d, 9c: the lowest (the ace high) is Cat's 2d, who
    # brings in; Dan, Ann and Bob call. Pot: antes 4 + 4 x 3 = 16; each paid 4.
    # Ann and Bob declare high, Cat and Dan low. High: Ann's pair of aces
    # beats Bob's K-Q (any pair beats two unpaired cards). Low: Dan's K-9
    # beats Cat's pair of twos (any two unpaired cards beat any pair). Each
    # half 8.
    out = _script(
        "henway",
        {"Ann": "Ac Ad", "Bob": "Kc Qh", "Cat": "2s 2d", "Dan": "Kd 9c"},
        ["Cat bring-in", "Dan call", "Ann call", "Bob call"]
        + ["Ann declare high", "Bob declare high", "Cat declare low", "Dan declare low"],
    )
    assert _first_to_act(out, 1) == "Cat"
    assert out["result"]["pots"][0]["winners"] == {"Ann": 8, "Dan": 8}
    assert out["result"]["stacks"] == {"Ann": 104, "Bob": 96, "Cat": 96, "Dan": 104}


def test_a_showdown_needs_as_many_cards_as_its_rankings_hands():
    # Two cards make a two-card hand, not a badugi of four cards.
    base = "extends: henway\nname: x\nsteps:\n  - showdown: {id: showdown, rankings: [%s]}\n"
    assert load_variant_text(base % "two_card_ace_to_five_low, two_card_high").name == "x"
    with pytest.raises(StudrulesError, match="a showdown compares four-card hands, but each player has only 2 cards"):
        load_variant_text(base % "two_card_high, badugi")


# --- the double qualifier ------------------------------------------------------

# Seven cards each, in the order dealt (two down, four up, one down).
NINES_EIGHTS_FIVE = "9c 9d 8h 8s 5c 3d 2h"  # best high 9-9-8-8-5: the weakest that qualifies; no eight low
NINES_EIGHTS_FOUR = "9h 9s 8d 8c 4d 3c 2d"  # best high 9-9-8-8-4: just short; low 8-4-3-2 only: none
KING_HIGH = "Kc Qd Jh 7s 6c 4h Ts"  # no pair; three cards of eight or lower: no low
SEVEN_LOW = "Ac 2s 3h 4s 7c Kd Qh"  # low 7-4-3-2-A; high ace-king-queen, no pair


def _net(cards: dict[str, str]) -> dict[str, int]:
    """Every player checks or calls to the end: each puts in the ante (1) and
    the bring-in's 3, the highest door card bringing in."""
    variant = load_variant("7-card-stud-double-qualifier")
    hand = Hand(variant, list(cards), 100, seed=1, cards={p: c.split() for p, c in cards.items()})
    while not hand.is_over:
        hand.check_or_call()
    return hand.result().net


def test_double_qualifier_nines_and_eights_with_a_five_qualify_high_and_take_the_whole_pot():
    # Ann's 9-9-8-8-5 qualifies high (generic_poker's ordinal 558); nobody
    # has an eight low: Ann takes the pot of 8, Bob's 4 with it.
    assert _net({"Ann": NINES_EIGHTS_FIVE, "Bob": KING_HIGH}) == {"Ann": 4, "Bob": -4}


def test_double_qualifier_when_neither_half_qualifies_the_pot_is_split_among_the_players_in():
    # 9-9-8-8-4 (ordinal 559) is short of the high qualifier, king high is
    # too; neither has an eight low: the pot of 8 is split, 4 each.
    assert _net({"Ann": NINES_EIGHTS_FOUR, "Bob": KING_HIGH}) == {"Ann": 0, "Bob": 0}


def test_double_qualifier_a_qualifying_low_takes_it_all_when_no_high_qualifies():
    # Ann's 9-9-8-8-4 is no qualifying high; Bob's 7-4-3-2-A is an eight low.
    assert _net({"Ann": NINES_EIGHTS_FOUR, "Bob": SEVEN_LOW}) == {"Ann": -4, "Bob": 4}


def test_double_qualifier_both_halves_qualify_and_split():
    # Pot 12: Ann's 9-9-8-8-5 takes the high half (6), Cat's seven low the low
    # half (6); Bob's king high nothing.
    assert _net({"Ann": NINES_EIGHTS_FIVE, "Bob": KING_HIGH, "Cat": SEVEN_LOW}) == {"Ann": 2, "Bob": -4, "Cat": 2}


# --- a hand holding one of some ranks first (action razz) ------------------------

BUTT_WHEEL = "Ah 2h 3s 4c 5d 6s 7c"  # 5-4-3-2-A, the nuts of razz, but no jack, queen or king
FACE_QUADS = "Kh Kd Ks Kc Qd Qs Qc"  # four kings and three queens: a "face" hand
FACE_EIGHT = "Jh 8h 2c 3d 4h 6d 9c"  # a jack, and the low 8-6-4-3-2


def test_a_hand_holding_a_face_card_beats_every_low_without_one():
    # BARGE, Action Razz: "any hand containing a face card defeats any hand
    # without a face card"; its own example: A-2-3-4-5-6-7 ("a Butt Five")
    # loses to K-K-K-K-Q-Q-Q ("a Face Queens full of Kings"). Between two
    # face hands, or two butt hands, the better low wins; the face card need
    # not play in the low (Cat's jack does not).
    faces = ranking_for(SimpleNamespace(ranks="23456789TJQKA", ace_low_straight=True), "ace_to_five_low", holding="JQK")
    assert faces.evaluate(FACE_QUADS) > faces.evaluate(BUTT_WHEEL)
    assert faces.evaluate(FACE_EIGHT) > faces.evaluate(FACE_QUADS)
    assert faces.evaluate(BUTT_WHEEL) > faces.evaluate("9h 8d 7s 6c 5h 2s 2d")  # butt against butt: razz
    assert faces.describe(faces.evaluate(FACE_EIGHT)) == "eight-six-four-three-two low, holding a jack, queen or king"
    assert faces.describe(faces.evaluate(BUTT_WHEEL)) == "five-four-three-two-ace low, holding no jack, queen or king"
    # the up cards rank as in razz: the class is the showdown's
    assert faces.visible("Kc Kd") == get_ranking("ace_to_five_low").visible("Kc Kd")


def test_action_razz_the_face_queens_full_beat_the_butt_wheel_and_a_face_eight_beats_both():
    # Door cards 3s, Ks, 2c: the Ks brings in (Bob). From fourth street the
    # best low board acts first, read as in razz: Cat's 3-2, 4-3-2, 6-4-3-2
    # (Ann shows 4-3, 5-4-3, 6-5-4-3; Bob kings). Everyone checks to the end.
    # Showdown: Ann's wheel holds no face card; Bob's and Cat's hands do, and
    # Cat's eight low beats Bob's pairs. Pot: antes 3 + 3 x 3 = 12, to Cat.
    out = _script(
        "action-razz",
        {"Ann": BUTT_WHEEL, "Bob": FACE_QUADS, "Cat": FACE_EIGHT},
        ["Bob bring-in", "Cat call", "Ann call"] + ["Cat check", "Ann check", "Bob check"] * 4,
    )
    assert [_first_to_act(out, r) for r in (1, 2, 3, 4, 5)] == ["Bob", "Cat", "Cat", "Cat", "Cat"]
    assert out["result"]["pots"][0]["winners"] == {"Cat": 12}
    assert out["result"]["stacks"] == {"Ann": 96, "Bob": 96, "Cat": 108}


def test_action_razzdugi_the_face_rule_is_the_razz_halfs_only():
    # The same cards and play as above. Razz half: Cat (a face hand, the best
    # low among them). Badugi half, no face rule: Ann's Ah 3s 4c 5d is a
    # four-card badugi (5-4-3-A); Cat has no spade (4h 3d 2c: three cards),
    # Bob only kings and queens (two cards). Pot 12: 6 and 6.
    out = _script(
        "action-razzdugi",
        {"Ann": BUTT_WHEEL, "Bob": FACE_QUADS, "Cat": FACE_EIGHT},
        ["Bob bring-in", "Cat call", "Ann call"] + ["Cat check", "Ann check", "Bob check"] * 4,
    )
    assert out["result"]["pots"][0]["winners"] == {"Ann": 6, "Cat": 6}
    assert out["result"]["stacks"] == {"Ann": 102, "Bob": 96, "Cat": 102}


@pytest.mark.parametrize(
    "showdown, words",
    [
        ("rankings: [ace_to_five_low], holding_first: {high: JQK}", "'high' is not a ranking of this showdown"),
        (
            "rankings: [ace_to_five_low], holding_first: {ace_to_five_low: J1}",
            "'J1' is not valid for ace_to_five_low: give ranks",
        ),
    ],
)
def test_a_holding_first_that_cannot_apply_is_refused_at_load(showdown, words):
    with pytest.raises(StudrulesError, match=words):
        load_variant_text(f"extends: razz\nname: x\nsteps:\n  - showdown: {{id: showdown, {showdown}}}\n")


def test_holding_first_with_wild_cards_or_a_rank_the_deck_lacks_is_refused_at_load():
    base = "extends: razz\nname: x\n%s\nsteps:\n  - showdown: {id: showdown, holding_first: {ace_to_five_low: %s}}\n"
    with pytest.raises(StudrulesError, match="holding_first cannot be combined with wild cards"):
        load_variant_text(base % ("wild: {ranks: '2'}", "JQK"))
    with pytest.raises(StudrulesError, match="the deck has no 2"):
        load_variant_text(base % ("deck: {ranks: 6789TJQKA}", "2K"))


# --- the ace for the bring-in, apart from the deck's ranking ---------------------


def _first_actors_played(name: str, cards: dict[str, str], options: dict[str, str] | None = None) -> list[str]:
    """Three check/call players; the first to act in each betting round."""
    from studrules.game.policies import make_policy, play_hand

    names = ["Ann", "Bob", "Cat"]
    hand = Hand(load_variant(name, options), names, 200, seed=1, cards={k: v.split() for k, v in cards.items()})
    play_hand(hand, {p: make_policy("check-call") for p in names})
    seen: dict[int, str] = {}
    for e in hand.events:
        if e.type in _BETTING and e.round is not None:
            seen.setdefault(e.round, e.player)
    return [seen[r] for r in sorted(seen)]


# Door cards Ad, Kc, 5h: with "high card" read as generic_poker's engine does
# (king high, ace low), Bob's king brings in. Fourth street: Ann Ad Ac (a pair
# of aces), Bob Kc 7c, Cat 5h 4h: the best HIGH board is Ann's, the best
# ace-to-five low board Cat's 5-4. Fifth street: Ann 2s, Bob Kd (kings), Cat
# 3h: Ann's aces still lead.
_HILO_CARDS = {
    "Ann": "9s 8s Ad Ac 2s 3c 6d",
    "Bob": "Th Jh Kc 7c Kd 4c 9c",
    "Cat": "Qd Jd 5h 4h 3h Js Ts",
}


@pytest.mark.parametrize("name", ["7-card-stud-double-qualifier", "7-card-stud-hilo-declare"])
def test_high_card_hi_lo_games_bring_in_with_the_king_and_let_the_best_high_board_act(name):
    assert _first_actors_played(name, _HILO_CARDS)[:3] == ["Bob", "Ann", "Ann"]


def test_super_stud_hi_lo_regular_brings_in_with_the_king_and_lets_the_best_high_board_act():
    # Four down and one up: the up cards are the fifth of each list; two down
    # cards are discarded after the first round, then up cards as above.
    cards = {
        "Ann": "9s 8s Tc Td Ad Ac 2s 3c",
        "Bob": "Th Jh 9h 9d Kc 7c Kd 4c",
        "Cat": "Qd Jd Qs Qc 5h 4h 3h Js",
    }
    assert _first_actors_played("super-stud-hilo-regular", cards)[:3] == ["Bob", "Ann", "Ann"]


def test_the_hi_lo_regular_game_keeps_its_razz_order_from_the_barge_rules():
    # 7-card-stud-hilo-regular (BARGE: "Action starts with the lowest hand
    # showing"): the king brings in as above, then Cat's 5-4 low board acts.
    assert _first_actors_played("7-card-stud-hilo-regular", _HILO_CARDS)[:2] == ["Bob", "Cat"]


def test_deuce_to_seven_razz_brings_in_with_the_ace_or_by_option_the_king():
    # Door cards Ad (Ann), Ks (Bob), 7c (Cat): the BARGE rulebook's ace is the
    # highest card; generic_poker's "high card" makes the king the highest.
    cards = {"Ann": "9s 8s Ad", "Bob": "Th Jh Ks", "Cat": "Qd Jd 7c"}
    assert _first_actors_played("27-razz", cards)[0] == "Ann"
    assert _first_actors_played("27-razz", cards, {"bring_in_ace": "low"})[0] == "Bob"


@pytest.mark.parametrize("name", ["woolworth-stud", "ben-franklin", "deuces-and-jacks", "follow-the-king"])
def test_a_wild_card_in_a_flush_stands_for_a_card_the_hand_lacks_as_high_wild_bug_says(name):
    # an audit's finding: the configs score wild hands by "high_wild_bug", where a wild card
    # stands only for a card not already in the hand; the files doubled the ace of a flush.
    # Woolworth (fives and tens wild): Ann's Ah Kh 7h 4h and the wild 5c are A-K-Q-7-4 of
    # hearts, below Bob's natural A-K-Q-9-8 of diamonds (A-A-K-7-4 won before).
    from studrules.analysis.rulebook import explain

    v = load_variant(name)
    assert v.wild.in_flush == "missing"
    assert "In a flush it stands only for a card of the suit the hand lacks" in " ".join(explain(v).split())
    if name != "woolworth-stud":
        return
    cards = {"Ann": "Ah Kh 7h 4h 5c 2s 3d", "Bob": "Ad Kd Qd 9d 8d 2c 3c"}
    hand = Hand(v, ["Ann", "Bob"], 200, cards=cards)
    while not hand.is_over:
        hand.check_or_call()
    shown = [e.describe() for e in hand.events if e.type == "show"]
    assert shown[0].endswith(": flush, ace-king-queen-seven-four") and shown[1].endswith(
        ": flush, ace-king-queen-nine-eight"
    )
    assert hand.result().net == {"Ann": -10, "Bob": 10}
