"""Named rankings: hand-worked examples for each low ranking."""

import itertools
import random

import pytest

from studrules.cards.card import full_deck, parse_cards
from studrules.cards.evaluator import evaluate
from studrules.cards.rankings import ALL_RANKING_NAMES, RANKING_NAMES, Ranking, get_ranking
from studrules.errors import CardError

DECK = full_deck()


def test_ranking_names():
    assert RANKING_NAMES[:4] == ("high", "ace_to_five_low", "deuce_to_seven_low", "eight_or_better_low")
    assert set(RANKING_NAMES[4:]) == {
        "badugi",
        "four_flush_high",
        "short_deck_high",
        "ace_to_six_low",
        "ace_to_five_high",
        "two_card_high",
        "high_spade_in_the_hole",
        "low_spade_in_the_hole",
        "badugi_ace_high",
        "two_card_ace_to_five_low",
        "three_card_high",
        "four_card_high",
        "longest_flush",
        "longest_suit_run",
    }
    for name in RANKING_NAMES:
        ranking = get_ranking(name)
        assert isinstance(ranking, Ranking) and ranking.name == name
    assert get_ranking("ace-to-five low") is get_ranking("ace_to_five_low")


def test_unknown_ranking_lists_the_valid_names():
    with pytest.raises(ValueError, match="unknown ranking 'razz': choose one of high, ace_to_five_low"):
        get_ranking("razz")
    with pytest.raises(KeyError):
        get_ranking("razz")


def test_high_is_the_evaluator():
    high = get_ranking("high")
    assert high.ace_high
    assert high.evaluate("Qh Qd Ah Kc 7s") == evaluate("Qh Qd Ah Kc 7s")
    assert high.describe(high.evaluate("As Ks Qs Js Ts")) == "royal flush"
    assert high.visible("2c 2d") > high.visible("Ah Kd")
    assert high.describe_visible("2c 2d") == "pair of twos"


# --- ace-to-five low ---------------------------------------------------------

A5 = get_ranking("ace_to_five_low")


def test_ace_to_five_best_hand_is_the_wheel_even_suited():
    best = A5.evaluate("5c 4d 3h 2s Ac")
    assert A5.evaluate("5c 4c 3c 2c Ac") == best  # straights and flushes ignored
    rng = random.Random(1)
    for _ in range(300):
        assert A5.evaluate(rng.sample(DECK, 5)) <= best
    assert A5.describe(best) == "five-four-three-two-ace low"


@pytest.mark.parametrize(
    "better, worse",
    [
        ("6c 4d 3h 2s Ac", "6c 5d 3h 2s Ac"),  # compare the highest card down
        ("7c 5d 4h 3s 2c", "7c 6d 4h 3s 2c"),
        ("8c 7d 6h 5s 4c", "9c 4d 3h 2s Ac"),  # any eight beats any nine
        ("Kc Qd Jh Ts 9c", "Ac Ad 2h 3s 4c"),  # no pair beats any pair
        ("Ac Ad 2h 3s 4c", "2c 2d Ah 3s 4c"),  # a pair of aces is the lowest pair
        ("Kc Kd Qh Js Tc", "2c 2d 3h 3s 4c"),  # a pair beats two pair
    ],
)
def test_ace_to_five_order(better, worse):
    assert A5.evaluate(better) > A5.evaluate(worse)


def test_ace_to_five_best_five_of_seven():
    assert A5.evaluate("Kc Kd 5h 4s 3c 2d Ah") == A5.evaluate("5h 4s 3c 2d Ah")
    assert A5.describe(A5.evaluate("Ac Ad 2c 2d 3c 3d 4h")) == "pair of aces, four-three-two kickers"
    rng = random.Random(2)
    for _ in range(200):
        hand = rng.sample(DECK, 7)
        assert A5.evaluate(hand) == max(A5.evaluate(five) for five in itertools.combinations(hand, 5))


def test_razz_showing_best_low_is_strongest():
    assert not A5.ace_high
    assert A5.visible("Ac 2d") > A5.visible("2c 3d")  # ace is low
    assert A5.visible("Qc Jd 9s") > A5.visible("Kc Kd 2s")  # pairs are bad
    assert A5.visible("7c 5d 3h") > A5.visible("8c 2d Ah")  # highest card decides first
    assert A5.visible("5c 4d") == A5.visible("4h 5s")
    assert A5.describe_visible("Kc Kd 2s") == "pair of kings, two kicker"
    assert A5.describe_visible("7c 5d 3h") == "seven-five-three low"


# --- deuce-to-seven low -------------------------------------------------------

D7 = get_ranking("deuce_to_seven_low")


def test_deuce_to_seven_best_hand_is_seven_five_four_three_two():
    best = D7.evaluate("7c 5d 4h 3s 2c")
    rng = random.Random(3)
    for _ in range(300):
        assert D7.evaluate(rng.sample(DECK, 5)) <= best
    assert D7.describe(best) == "seven-five-four-three-two low"
    assert D7.ace_high


@pytest.mark.parametrize(
    "better, worse",
    [
        ("7c 5d 4h 3s 2c", "7c 6d 4h 3s 2c"),
        ("8c 6d 4h 3s 2c", "6c 5d 4h 3s 2c"),  # 6-5-4-3-2 is a straight
        ("Kc Qd Jh 9s 8c", "Ac 5d 4h 3s 2c"),  # A-5-4-3-2 is ace high, not a straight
        ("Ac 5d 4h 3s 2c", "2c 2d 3h 4s 5c"),  # ace high still beats a pair
        ("7c 5d 4h 3s 2c", "7h 5h 4h 3h 2h"),  # a flush counts against
        ("Ac Kd Qh Js 9c", "Ac Kd Qh Js Tc"),  # broadway is a straight
    ],
)
def test_deuce_to_seven_order(better, worse):
    assert D7.evaluate(better) > D7.evaluate(worse)


def test_deuce_to_seven_best_five_of_seven_and_showing():
    assert D7.evaluate("7c 5d 4h 3s 2c Ah Ad") == D7.evaluate("7c 5d 4h 3s 2c")
    assert D7.visible("7c 2d") > D7.visible("Ac 2d")  # the ace is high
    assert D7.visible("6c 5d 4h 3s") > D7.visible("2c 2d")  # no straights in part hands


# --- eight or better -----------------------------------------------------------

E8 = get_ranking("eight_or_better_low")


@pytest.mark.parametrize(
    "hand, qualifies",
    [
        ("8c 7d 6h 5s 4c", True),
        ("9c 7d 5h 3s 2c", False),  # nine high does not qualify
        ("8c 8d 5h 3s 2c", False),  # only four different low ranks
        ("Ac 2c 3c 4c 5c", True),  # the wheel, suited, is still the best low
        ("Kc Qd 8h 5s 3c 2d Ah", True),  # seven cards: 8-5-3-2-A
        ("Kc Qd 9h 5s 3c 2d Ah", False),
    ],
)
def test_eight_or_better_qualifier(hand, qualifies):
    assert (E8.evaluate(hand) is not None) == qualifies


def test_eight_or_better_compares_like_ace_to_five():
    assert E8.evaluate("5c 4d 3h 2s Ac") == A5.evaluate("5c 4d 3h 2s Ac")
    assert E8.evaluate("Kc Qd 8h 5s 3c 2d Ah") == A5.evaluate("8h 5s 3c 2d Ah")
    assert E8.evaluate("8c 7d 6h 5s 4c") < E8.evaluate("8c 7d 6h 5s Ac")
    assert E8.describe(E8.evaluate("Kc 7d 8h 5s 3c 2d Ah")) == "seven-five-three-two-ace low"


@pytest.mark.parametrize("name", [n for n in RANKING_NAMES if not get_ranking(n).hole_cards_only])
def test_rankings_reject_bad_hands(name):
    ranking = get_ranking(name)
    with pytest.raises(CardError):
        ranking.evaluate("Ah" if ranking.fewest_cards > 1 else "")  # too few for the ranking
    if ranking.fewest_cards > 1:
        with pytest.raises(CardError):
            ranking.evaluate("Ah Kd" if not name.startswith("two_card") else "Ah")
    with pytest.raises(CardError):
        ranking.evaluate("Ah Ah Kd Qc Js")
    with pytest.raises(CardError):
        ranking.visible(parse_cards("Ah") + parse_cards("Ah"))


def test_the_wheel_values_counted_without_the_tables_are_the_evaluators():
    # studrules.cards.rankings counts these four values at import (so that the
    # import reads no table); the evaluator must agree with the count
    from studrules.cards import rankings
    from studrules.cards.evaluator import evaluate

    assert evaluate("5c 4d 3h 2s Ac") == rankings._WHEEL
    assert evaluate("5c 4c 3c 2c Ac") == rankings._STEEL_WHEEL
    assert evaluate("6c 4d 3h 2s Ac") == rankings._ACE_SIX_HIGH
    assert evaluate("6c 4c 3c 2c Ac") == rankings._ACE_SIX_FLUSH


# --- describe takes a value from evaluate, and only that ---------------------------


@pytest.mark.parametrize("name", ALL_RANKING_NAMES)
def test_describe_of_none_is_a_card_error_that_says_what_none_is(name):
    # evaluate gives None for a hand that does not qualify: it has no words
    with pytest.raises(CardError, match="None is no hand value: it is what evaluate gives a hand that does not"):
        get_ranking(name).describe(None)


@pytest.mark.parametrize("name", ALL_RANKING_NAMES)
@pytest.mark.parametrize("value", ["x", -1.0, 0, float("nan"), float("inf"), 1e30, True])
def test_describe_of_a_number_no_hand_has_is_a_card_error(name, value):
    # every hand value of every ranking is a finite number above 0 (the least hand is 1 or more)
    with pytest.raises(CardError, match="is no hand value of the"):
        get_ranking(name).describe(value)
