"""Wild cards, jokers and the bug (studrules.cards.wild, wild_low).

Expected values come from hands worked out by hand, and from brute force
(studrules.cards.wild_reference: every five cards, every card for each wild
card among them, scored from scratch), read on the existing scale through
the natural hand a wild hand stands for: a wild hand must be worth exactly
what that natural hand is worth to ``evaluate`` or to the low rankings.
"""

from __future__ import annotations

import itertools
import pickle
import random

import pytest

from studrules.cards.card import Card, Joker, full_deck, is_joker, joker, parse_card, parse_cards
from studrules.cards.deck import Deck
from studrules.cards.evaluator import ACE_KING, MAX_VALUE, Category, category_floor, evaluate, visible_value
from studrules.cards.rankings import get_ranking
from studrules.cards.wild import (
    FIVE_OF_A_KIND,
    FIVE_WILDS,
    FIVE_WILDS_CATEGORY,
    NATURAL_BONUS,
    describe_wild,
    evaluate_wild,
    five_of_a_kind_floor,
    is_natural,
    of_ranks,
    signature_of,
    wild_cards_in,
)
from studrules.cards.wild_low import (
    describe_wild_low,
    evaluate_wild_ace_to_five,
    evaluate_wild_deuce_to_seven,
    evaluate_wild_eight_or_better,
)
from studrules.cards.wild_reference import (
    high_order,
    reference_deuce_to_seven,
    reference_high,
    reference_low,
    substitute_every_card,
)
from studrules.cards.wild_visible import (
    describe_visible_wild,
    visible_wild,
    visible_wild_ace_to_five,
    visible_wild_deuce_to_seven,
)
from studrules.errors import CardError

DECK = full_deck()
DEUCES = of_ranks("2")
PLACES = ("top", "below_straight_flush", "below_royal_flush")


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def high(text: str, wild: frozenset[Card] = frozenset(), **options: object) -> float:
    return evaluate_wild(cards(text), wild, **options)  # type: ignore[arg-type]


# --- jokers ------------------------------------------------------------------------


def test_a_joker_is_written_x_and_never_read_as_a_jack():
    assert parse_card("X1") is joker(1) is Joker(1) and str(joker(2)) == "X2"
    assert parse_card("Jc").rank == 11 and not is_joker(parse_card("Jc"))
    assert is_joker(parse_card("x1"))
    with pytest.raises(CardError):
        parse_card("Jk")


def test_a_deck_holds_the_jokers_asked_for_after_the_52_cards():
    deck = Deck(seed=3, jokers=2)
    held = deck.peek_remaining()
    assert len(held) == 54 == len(set(held)) and held[52:] == (joker(1), joker(2))
    shuffled = Deck(seed=3, jokers=2, shuffled=True).deal_many(54)
    assert sorted(shuffled) == sorted(held) and shuffled != held


def test_a_deck_without_jokers_deals_as_before():
    # the order random.shuffle gives the 52 cards in code order, seeded the same
    expected = list(full_deck())
    random.Random(1234).shuffle(expected)
    assert list(Deck(seed=1234, shuffled=True).deal_many(52)) == expected
    assert list(Deck(seed=1234, shuffled=True, jokers=0).deal_many(52)) == expected


def test_the_natural_evaluator_refuses_a_joker():
    for text in ("X1 Ah Kd Qc Js", "X1 Ah Kd Qc Js 2c 3d", "X1 Ah Kd Qc Js 2c"):
        with pytest.raises(CardError, match="X1 is a joker"):
            evaluate(text)
    with pytest.raises(CardError, match="X1 is a joker"):
        get_ranking("ace_to_five_low").evaluate("X1 Ah 2d 3c 4s")


def test_a_joker_pickles_to_itself():
    assert pickle.loads(pickle.dumps(joker(2))) is joker(2)


# --- high hands worked by hand -------------------------------------------------------


def test_four_aces_and_a_joker_are_five_aces():
    value = high("Ah Ad Ac As X1")
    assert signature_of(value) == (FIVE_OF_A_KIND, (14,)) and describe_wild(value) == "five aces"


def test_five_of_a_kind_beats_a_royal_flush_by_default():
    assert high("2h 2d X1 X2 2c") > evaluate("As Ks Qs Js Ts") == MAX_VALUE
    assert high("2h 2d X1 X2 2c") < high("3h 3d X1 X2 3c")


def test_every_straight_flush_beats_five_of_a_kind_when_the_house_says_so():
    below = {"five_of_a_kind": "below_straight_flush"}
    five_aces = high("Ah Ad Ac As X1", **below)
    assert evaluate("5s 4s 3s 2s As") > five_aces > high("Kh Kd Kc Ks X1", **below) > evaluate("Ah Ad Ac As Ks")


def test_five_of_a_kind_may_rank_between_the_straight_flushes_and_the_royal():
    # "Five wilds, Royal flush, Five of a kind, Straight flush, Four of a kind" (DJ Wild's order)
    dj = {"five_of_a_kind": "below_royal_flush", "five_wilds": "best"}
    ordered = [
        evaluate("Ah Ad Ac As Ks"),
        evaluate("Ks Qs Js Ts 9s"),
        high("3h 3d 2c X1 3s", DEUCES, **dj),  # five threes, the lowest five of a kind with deuces wild
        high("Ah Ad Ac As 2c", DEUCES, **dj),
        high("As Ks Qs 2c X1", DEUCES, **dj),  # a royal flush made with wild cards
        high("2c 2d 2h 2s X1", DEUCES, **dj),
    ]
    assert ordered == sorted(ordered) and len(set(ordered)) == len(ordered)
    assert high("As Ks Qs 2c X1", DEUCES, **dj) == evaluate("As Ks Qs Js Ts") == MAX_VALUE  # a royal is a royal
    assert describe_wild(ordered[2]) == "five threes" and describe_wild(ordered[-1]) == "five wild cards"
    assert signature_of(FIVE_WILDS) == (FIVE_WILDS_CATEGORY, ())


def test_five_wild_cards_are_the_best_hand_they_make_unless_the_house_says_otherwise():
    five = "2c 2d 2h 2s X1"
    assert describe_wild(high(five, DEUCES)) == "five aces"
    assert describe_wild(high(five, DEUCES, five_of_a_kind="below_straight_flush")) == "royal flush"
    for place in PLACES:  # a hand of its own, above five aces wherever five of a kind ranks
        best = high(five + " Kc Qd", DEUCES, five_of_a_kind=place, five_wilds="best")
        assert best == FIVE_WILDS > high("Ah Ad Ac As 2c", DEUCES, five_of_a_kind=place)
    assert high("2c 2d 2h Ac X1", DEUCES, five_wilds="best") < FIVE_WILDS  # four wild cards: five aces


def test_five_of_a_kind_floor_reads_five_of_a_kind_or_better():
    for place in PLACES:
        assert high("2h 2d X1 X2 2c", five_of_a_kind=place) == five_of_a_kind_floor(place)
        assert high("Ah Ad Ac As Ks", five_of_a_kind=place) < five_of_a_kind_floor(place)


def test_the_bug_completes_a_straight():
    value = high("Kh Qd Jc Ts X1", joker="bug")
    assert describe_wild(value) == "straight, ace high" and value == evaluate("Kh Qd Jc Ts Ac")


def test_the_bug_completes_a_straight_flush():
    assert high("9h 8h 7h 5h X1", joker="bug") == evaluate("9h 8h 7h 6h 5h")


def test_the_bug_elsewhere_is_an_ace():
    # 7-7-K-9-2 and the bug: a pair of sevens with an ace kicker, not three sevens
    value = high("7c 7d Kh 9s 2c X1", joker="bug")
    assert value == evaluate("7c 7d Kh 9s Ac") and describe_wild(value) == "pair of sevens, ace-king-nine kickers"
    assert high("7c 7d Kh 9s X1", joker="bug") == evaluate("7c 7d Kh 9s Ad")


def test_the_bug_makes_five_aces_but_not_five_kings():
    assert describe_wild(high("Ah Ad Ac As X1", joker="bug")) == "five aces"
    assert high("Kh Kd Kc Ks X1", joker="bug") == evaluate("Kh Kd Kc Ks Ah")


def test_the_bug_completes_a_flush_as_its_ace():
    assert high("Ks 9s 7s 4s X1 Kd", joker="bug") == evaluate("As Ks 9s 7s 4s")


def test_a_joker_listed_as_wild_is_fully_wild_even_with_the_bug():
    assert signature_of(high("Kh Kd Kc Ks X1", frozenset({joker(1)}), joker="bug")) == (FIVE_OF_A_KIND, (13,))


def test_a_wild_card_may_double_the_ace_of_the_flush_suit():
    double_ace = high("As Ks 7s 5s 2d", DEUCES)
    assert signature_of(double_ace) == (Category.FLUSH, (14, 14, 13, 7, 5))
    assert describe_wild(double_ace) == "flush, ace-ace-king-seven-five"
    assert evaluate("As Ks Qs Js 9s") < double_ace < category_floor(Category.FULL_HOUSE)
    assert double_ace < high("As Ks Qs 7s 2d", DEUCES) < high("As 2s 7s 5s 2d", DEUCES)


def test_deuces_wild_make_the_hands_they_stand_for():
    assert high("2c 2d 7h 8h 9h", DEUCES) == evaluate("Jh Th 9h 8h 7h")
    assert high("2c Kd Kh 5s 9c", DEUCES) == evaluate("Kc Kd Kh 5s 9c")
    assert high("2c Kd Qh 5s 9c", DEUCES) == evaluate("Kc Kd Qh 5s 9c")
    assert high("2c 2h Kd Kh 5s 9c 3d", DEUCES) == evaluate("Kc Kd Kh Ks 9c")


def test_a_hand_without_wild_cards_is_its_natural_value():
    rng = random.Random(3)
    for n in (5, 6, 7, 8, 9):
        for _ in range(200):
            hand = rng.sample(DECK, n)
            assert evaluate_wild(hand, of_ranks("")) is evaluate(hand)
            assert evaluate_wild(hand, of_ranks("3"), joker="bug") == evaluate(hand) or any(c.rank == 3 for c in hand)


def test_a_natural_hand_beats_the_same_hand_made_with_a_wild_card_when_the_house_says_so():
    on = {"natural_beats_wild": True}
    natural = high("Kh Kd Kc 7s 7d 3c", **on)
    wild = high("Kh Kd X1 7s 7d 3c", **on)
    assert natural > wild and is_natural(natural) and not is_natural(wild)
    assert describe_wild(natural) == "full house, kings over sevens, natural"
    assert high("Ah Ad X1 7s 7d", **on) > natural  # a better hand still wins
    assert natural - NATURAL_BONUS == wild == high("Kh Kd X1 7s 7d 3c")
    assert high("Kh Kd X1 7s 7d 3c") == high("Kh Kd Kc 7s 7d 3c")  # equal when the house does not say so


def test_a_wild_card_standing_for_itself_is_not_natural():
    assert not is_natural(high("2c 3d 4h 5s 6c", DEUCES, natural_beats_wild=True))
    assert is_natural(high("2c Ah Kh Qh Jh Th", DEUCES, natural_beats_wild=True))  # the royal flush needs no deuce


def test_thresholds_keep_their_meaning_with_the_natural_bonus():
    on = {"natural_beats_wild": True}
    assert high("Ac Ad Kh 4s 3c", **on) >= category_floor(Category.PAIR)
    assert high("Ac X1 Kh 4s 3c", **on) >= category_floor(Category.PAIR) >= ACE_KING


def test_text_lists_and_other_wild_collections_give_the_same_value():
    expected = high("Ah 2c 2d Kh Qh Jh", DEUCES)
    assert evaluate_wild("Ah 2c 2d Kh Qh Jh", "2c 2d 2h 2s") == expected
    assert evaluate_wild(list(cards("Ah 2c 2d Kh Qh Jh")), set(DEUCES)) == expected
    assert evaluate_wild(cards("Ah 2c 2d Kh Qh Jh"), frozenset({"2c", "2d", "2h", "2s"})) == expected
    low = evaluate_wild_ace_to_five(cards("Ah 2c 9d Kh 5h Jh"), DEUCES)
    assert evaluate_wild_ace_to_five(cards("Ah 2c 9d Kh 5h Jh"), frozenset({"2c", "2d", "2h", "2s"})) == low
    assert wild_cards_in(cards("Ah 2c X1 Kd"), DEUCES) == (parse_card("2c"), joker(1))


@pytest.mark.parametrize(
    "hand, options, message",
    [
        ("Ah Kd Qc X1", {}, "5 to 9 cards, not 4"),
        ("Ah Kd Qc X1 Ah", {}, "Ah is given twice"),
        ("Ah Kd 2c X1 2c", {}, "2c is given twice"),
        ("Ah Kd 2c X1 X1", {"joker": "bug"}, "X1 is given twice"),
        ("Ah Kd Qc X1 Js", {"joker": "half"}, "joker is 'half'"),
        ("Ah Kd Qc X1 Js", {"five_of_a_kind": "never"}, "five_of_a_kind is 'never'"),
    ],
)
def test_bad_hands_and_options_are_card_errors(hand, options, message):
    with pytest.raises(CardError, match=message):
        evaluate_wild(hand, DEUCES, **options)


# --- low hands worked by hand ---------------------------------------------------------


def test_an_ace_to_five_wild_card_is_the_lowest_rank_missing():
    low = get_ranking("ace_to_five_low")
    assert evaluate_wild_ace_to_five("Ac 3d 5h X1 Ks 4c") == low.evaluate("Ac 2d 3h 4s 5c")
    assert evaluate_wild_ace_to_five("Kc Kd 9h 9s X1 X2") == low.evaluate("Kc 9d 9h 2s Ac")


def test_eight_or_better_counts_the_wild_card():
    eight = get_ranking("eight_or_better_low")
    assert evaluate_wild_eight_or_better("Ac 3d 9h X1 Ks 2d 7c") == eight.evaluate("Ac 3d 4h 2d 7c")
    assert evaluate_wild_eight_or_better("Ac 3d 9h X1 Ks Qd 8c") is None


def test_a_deuce_to_seven_wild_card_avoids_the_straight_and_the_flush():
    low = get_ranking("deuce_to_seven_low")
    assert evaluate_wild_deuce_to_seven("3c 4d 5h 6s X1") == low.evaluate("8c 6d 5h 4s 3c")
    assert evaluate_wild_deuce_to_seven("2c 4c 5c 7c X1") == low.evaluate("7c 5c 4c 3d 2c")
    assert describe_wild_low(evaluate_wild_deuce_to_seven("2c 4c 5c 7c X1")) == "seven-five-four-three-two low"


def test_a_low_hand_without_wild_cards_is_its_ranking_value():
    rng = random.Random(4)
    rankings = {
        evaluate_wild_ace_to_five: get_ranking("ace_to_five_low"),
        evaluate_wild_eight_or_better: get_ranking("eight_or_better_low"),
        evaluate_wild_deuce_to_seven: get_ranking("deuce_to_seven_low"),
    }
    for n in (5, 6, 7, 8, 9):
        for _ in range(60):
            hand = rng.sample(DECK, n)
            for ours, theirs in rankings.items():
                assert ours(hand) == theirs.evaluate(hand)


def test_a_natural_low_beats_the_same_low_made_with_a_wild_card_when_the_house_says_so():
    natural = evaluate_wild_ace_to_five("5c 4d 3h 2s Ac 9d", natural_beats_wild=True)
    wild = evaluate_wild_ace_to_five("5c 4d 3h X1 Ac 9d", natural_beats_wild=True)
    assert natural > wild and describe_wild_low(natural) == "five-four-three-two-ace low, natural"


# --- showings ------------------------------------------------------------------------


def test_a_wild_up_card_shows_as_the_rank_that_shows_best():
    assert visible_wild("Kc Kd 2h", DEUCES) == visible_value("Kc Kd Kh")
    assert visible_wild("Kc 7d 2h", DEUCES) == visible_value("Kc Kd 7h")
    assert visible_wild("X1 X2") == visible_value("Ac Ad")
    assert describe_visible_wild("Kc Kd X1") == "three kings"


def test_the_bug_shows_as_an_ace():
    assert visible_wild("9c X1", joker="bug") == visible_value("9c Ad")
    assert visible_wild("Ac X1", joker="bug") == visible_value("Ac Ad")


def test_a_wild_low_up_card_shows_as_the_lowest_rank_missing():
    assert visible_wild_ace_to_five("Kc X1") == get_ranking("ace_to_five_low").visible("Kc Ad")
    assert visible_wild_ace_to_five("Ac X1") == get_ranking("ace_to_five_low").visible("Ac 2d")
    assert visible_wild_deuce_to_seven("2c X1") == get_ranking("deuce_to_seven_low").visible("2c 3d")


def test_five_up_cards_show_the_whole_hand():
    assert visible_wild("Ah Ad Ac As X1") > visible_value("As Ks Qs Js Ts")
    below = visible_wild("Ah Ad Ac As X1", five_of_a_kind="below_straight_flush")
    assert visible_value("Ah Ad Ac As Ks") < below < visible_value("5s 4s 3s 2s As")
    assert visible_wild("Ah Kd 9c 7s 3h 2c") == visible_value("Ah Kd 9c 7s 3h 2c")


def test_showings_agree_with_the_best_natural_showing():
    rng = random.Random(17)
    low, deuce = get_ranking("ace_to_five_low"), get_ranking("deuce_to_seven_low")
    for _ in range(150):
        hand, wild = random_hand(rng, sizes=(1, 2, 3, 4), wilds=(0, 1, 2), jokers=(0, 0, 1))
        natural = [c for c in hand if c not in wild and not is_joker(c)]
        # every rank for each wild card, as a card not showing yet
        showings = []
        for ranks in itertools.combinations_with_replacement(range(2, 15), len(hand) - len(natural)):
            shown = list(natural)
            for r in ranks:
                shown.append(next(c for c in DECK if c.rank == r and c not in shown))
            showings.append(shown)
        assert visible_wild(hand, wild) == max(visible_value(s) for s in showings)
        assert visible_wild_ace_to_five(hand, wild) == max(low.visible(s) for s in showings)
        assert visible_wild_deuce_to_seven(hand, wild) == max(deuce.visible(s) for s in showings)


# --- against brute force ---------------------------------------------------------------


def natural_cards(signature: tuple[int, tuple[int, ...]]) -> list[Card]:
    """Five natural cards making a signature (ranks 1..14, the ace as 1 or 14)."""
    category, ranks = signature
    shapes = {0: (1,) * 5, 1: (2, 1, 1, 1), 2: (2, 2, 1), 3: (3, 1, 1), 6: (3, 2), 7: (4, 1)}
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        five = [ranks[0] - i for i in range(5)] if ranks[0] > 5 else [5, 4, 3, 2, 14]
    elif category == Category.FLUSH:
        five = list(ranks)
    else:
        five = [r for r, count in zip(ranks, shapes[category]) for _ in range(count)]
    five = sorted(14 if r == 1 else r for r in five)
    suited = category in (Category.FLUSH, Category.STRAIGHT_FLUSH)
    return [Card.from_code((r - 2) * 4 + (0 if suited else i % 4)) for i, r in enumerate(five)]


def random_hand(rng: random.Random, sizes=(5, 6, 7), wilds=(1, 2, 3, 4), jokers=(0, 1, 2)):
    n = rng.choice(sizes)
    count = min(rng.choice(jokers), n)
    hand = rng.sample(DECK, n - count) + [joker(i + 1) for i in range(count)]
    rng.shuffle(hand)
    chosen = max(0, min(rng.choice(wilds) - count, n - count))
    naturals = [c for c in hand if not is_joker(c)]
    wild = frozenset(rng.sample(naturals, chosen))
    return hand, wild


def check_high(hand, wild, joker_role="wild", five_wilds="as_cards", in_flush="ace"):
    for place in PLACES:
        rules = {"five_of_a_kind": place, "joker": joker_role, "five_wilds": five_wilds, "in_flush": in_flush}
        signature, natural = reference_high(hand, wild, **rules)
        plain = evaluate_wild(hand, wild, **rules)
        marked = evaluate_wild(hand, wild, natural_beats_wild=True, **rules)
        assert signature_of(plain) == signature == signature_of(marked), (hand, sorted(wild), place)
        assert is_natural(marked) == natural and marked - plain == (NATURAL_BONUS if natural else 0)
        double_ace = signature[0] == Category.FLUSH and signature[1][:2] == (14, 14)
        if signature[0] not in (FIVE_OF_A_KIND, FIVE_WILDS_CATEGORY) and not double_ace:
            assert plain == evaluate(natural_cards(signature)), (hand, sorted(wild), place)


def check_lows(hand, wild):
    lows = (
        (evaluate_wild_ace_to_five, reference_low(hand, wild), "ace_to_five_low"),
        (evaluate_wild_eight_or_better, reference_low(hand, wild, qualifier=8), "eight_or_better_low"),
        (evaluate_wild_deuce_to_seven, reference_deuce_to_seven(hand, wild), "deuce_to_seven_low"),
    )
    for ours, reference, name in lows:
        plain = ours(hand, wild)
        marked = ours(hand, wild, natural_beats_wild=True)
        if reference is None:
            assert plain is None and marked is None, (hand, sorted(wild), name)
            continue
        signature, natural = reference
        assert plain == get_ranking(name).evaluate(natural_cards(signature)), (hand, sorted(wild), name)
        assert marked - plain == (NATURAL_BONUS if natural else 0), (hand, sorted(wild), name)


def test_high_hands_agree_with_brute_force():
    rng = random.Random(12)
    for _ in range(120):
        check_high(*random_hand(rng, wilds=(1, 1, 2, 2, 3), jokers=(0, 0, 1)))
    for _ in range(30):
        check_high(*random_hand(rng, sizes=(5,), wilds=(3, 4), jokers=(0, 1, 2)))


def test_five_wilds_as_a_hand_of_their_own_agree_with_brute_force():
    rng = random.Random(17)
    for _ in range(12):  # hands rich in wild cards: five wilds, five of a kind, royal flushes
        check_high(*random_hand(rng, sizes=(5,), wilds=(3, 5, 5), jokers=(0, 1, 2)), five_wilds="best")
    for _ in range(4):
        check_high(*random_hand(rng, sizes=(5,), wilds=(5,), jokers=(1, 2)), joker_role="bug", five_wilds="best")


def test_a_wild_card_standing_for_a_missing_card_of_the_flush_agrees_with_brute_force():
    # in_flush="missing": five of one suit are five different cards, so no double-ace flush.
    # Hands rich in one suit and in wild cards, where the two rules part
    rng = random.Random(18)
    parted = 0
    for _ in range(150):
        suit = rng.choice("cdhs")
        n = rng.choice((5, 6, 7))
        spades = rng.sample([c for c in DECK if str(c)[1] == suit], rng.choice((3, 4)))
        others = rng.sample([c for c in DECK if c not in spades], n - len(spades) - 1)
        hand = spades + others + [joker(1)]
        wild = frozenset(rng.sample(others, min(len(others), rng.choice((0, 1)))))
        check_high(hand, wild, in_flush="missing")
        check_high(hand, wild, joker_role="bug", in_flush="missing")
        parted += evaluate_wild(hand, wild) != evaluate_wild(hand, wild, in_flush="missing")
    assert parted > 10  # (the hands do reach the flushes the rule changes)


def test_the_bug_agrees_with_brute_force():
    rng = random.Random(13)
    for _ in range(60):
        check_high(*random_hand(rng, sizes=(5, 6), wilds=(0, 0, 1), jokers=(1, 1, 2)), joker_role="bug")


def test_low_hands_agree_with_brute_force():
    rng = random.Random(14)
    for _ in range(120):
        check_lows(*random_hand(rng, wilds=(1, 1, 2, 2, 3), jokers=(0, 0, 1)))


def test_values_order_as_the_brute_force_hands_do():
    # hands rich in wild cards reach five of a kind and double-ace flushes
    rng = random.Random(15)
    for place in PLACES:
        seen = []
        for _ in range(80):
            hand, wild = random_hand(rng, sizes=(5,), wilds=(2, 3), jokers=(0, 1))
            seen.append(
                (
                    high_order(reference_high(hand, wild, five_of_a_kind=place)[0], place),
                    evaluate_wild(hand, wild, five_of_a_kind=place),
                )
            )
        seen.sort()
        for (key_a, value_a), (key_b, value_b) in zip(seen, seen[1:]):
            assert (value_a < value_b) if key_a < key_b else (value_a == value_b)


def test_the_every_card_brute_force_agrees_with_the_reference():
    rng = random.Random(16)
    for _ in range(4):
        hand, wild = random_hand(rng, sizes=(5,), wilds=(1, 2), jokers=(0,))
        assert substitute_every_card(hand, wild) == reference_high(hand, wild)[0]


@pytest.mark.soak
def test_many_more_hands_agree_with_brute_force():
    rng = random.Random(99)
    for _ in range(1000):
        hand, wild = random_hand(rng, wilds=(1, 2, 2, 3, 4), jokers=(0, 0, 1, 2))
        check_high(hand, wild)
        check_lows(hand, wild)
    for _ in range(400):
        check_high(*random_hand(rng, sizes=(5, 6, 7), wilds=(0, 1, 2), jokers=(1, 2)), joker_role="bug")
    for _ in range(300):
        check_high(*random_hand(rng, sizes=(8, 9), wilds=(1, 2), jokers=(0, 1)))
