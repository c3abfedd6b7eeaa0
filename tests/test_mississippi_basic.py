"""Mississippi Stud's rule-of-thumb strategy (strategies/mississippi-stud-basic.yaml), as
the Wizard of Odds publishes it: each line of the text on hands worked out by hand, every
hand of two and of three cards against the text's rules written again here apart from the
file, and (soak) the exact house edge against a count of every deal written apart from
studrules."""

from __future__ import annotations

import itertools
import json

import pytest

from studrules.cards.card import Card, parse_cards
from studrules.cli.main import main
from studrules.spec.loader import load_variant
from studrules.spec.strategies import load_strategy


@pytest.fixture(scope="module")
def basic():
    return load_strategy("mississippi-stud-basic", load_variant("mississippi-stud"))


@pytest.mark.parametrize(
    "cards, street, wagered, action",
    [
        # two cards: a pair 3x; two points (a high card, or two middle cards) 1x; 6-5 suited 1x
        ("2c 2d", 0, 1, "raise 3x"),
        ("Jc 5d", 0, 1, "raise 1x"),  # a high card: 2 points
        ("9c 7d", 0, 1, "raise 1x"),  # two middle cards: 1 + 1
        ("Tc 5d", 0, 1, "fold"),  # a middle and a low card: 1 point
        ("6h 5h", 0, 1, "raise 1x"),  # 6-5 suited
        ("6h 5c", 0, 1, "fold"),  # ... not offsuit
        ("7h 5h", 0, 1, "fold"),  # 7-5 suited: 1 point, not 6-5
        # three cards
        ("6c 6d 2h", 1, 2, "raise 3x"),  # a pair of sixes: a made hand
        ("Th Jh Kh", 1, 2, "raise 3x"),  # a royal flush draw
        ("5s 6s 7s", 1, 2, "raise 3x"),  # a straight flush draw, no gap, 5-6-7
        ("4s 5s 6s", 1, 2, "raise 1x"),  # ... 4-5-6 is below 5-6-7: three suited
        ("7d 8d Td", 1, 2, "raise 1x"),  # one gap, no high card: three suited
        ("8d 9d Jd", 1, 2, "raise 3x"),  # one gap, a high card
        ("7c 9c Jc", 1, 2, "raise 1x"),  # two gaps, one high card
        ("9c Jc Kc", 1, 2, "raise 3x"),  # two gaps, two high cards
        ("2c 7c Kc", 1, 2, "raise 1x"),  # three suited, no straight
        ("4c 4d 9h", 1, 2, "raise 1x"),  # a low pair
        ("Qc 7d 2h", 1, 2, "raise 1x"),  # 3 points: 2 + 1
        ("Qc 5d 2h", 1, 2, "fold"),  # 2 points
        ("8c 7d 6h", 1, 2, "raise 1x"),  # 3 points (three middle cards)
        ("4c 5d 6h", 1, 2, "raise 1x"),  # a straight draw, no gap, 4-5-6
        ("3c 4d 5h", 1, 2, "fold"),  # ... 3-4-5 is below 4-5-6, and no points
        ("4c 6d 7h", 1, 2, "raise 1x"),  # one gap, two middle cards
        ("3c 5d 6h", 1, 2, "fold"),  # one gap, one middle card: 1 point
        # four cards
        ("5c 5d 9h 9s", 2, 3, "raise 3x"),  # two pair
        ("2c 2d 2h 9s", 2, 3, "raise 3x"),  # three of a kind
        ("2h 5h 9h Kh", 2, 3, "raise 3x"),  # four to a flush
        ("5c 6d 7h 8s", 2, 3, "raise 3x"),  # four to an outside straight, eight high
        ("4c 5d 6h 7s", 2, 3, "raise 1x"),  # ... seven high: another straight draw
        ("Jc Qd Kh As", 2, 3, "raise 1x"),  # ace-high: one-ended, not outside: another straight draw
        ("3c 4d 6h 7s", 2, 3, "raise 1x"),  # an inside straight draw
        ("3c 3d 9h Ks", 2, 3, "raise 1x"),  # a low pair
        ("Kc 8d 7h 2s", 2, 3, "raise 1x"),  # 4 points: 2 + 1 + 1
        ("Kc 8d 3h 2s", 2, 3, "fold"),  # 3 points
        ("9c 8d 6h 2s", 2, 5, "raise 1x"),  # three middle cards after a 3x raise (1 + 3 + 1)
        ("9c 8d 6h 2s", 2, 3, "fold"),  # ... after two 1x raises (1 + 1 + 1)
    ],
)
def test_each_line_of_the_published_strategy(basic, cards, street, wagered, action):
    assert basic.decide(parse_cards(cards), street=street, wagered=wagered) == action


# --- the text's rules written again, apart from the file ----------------------------------


def _points(ranks):
    return sum(2 if r >= 11 else 1 if r >= 6 else 0 for r in ranks)


def _gaps(ranks):
    """Gaps of a straight draw of distinct ranks (the ace high or low); None: no straight holds them."""
    if len(set(ranks)) < len(ranks):
        return None
    spans = [max(rs) - min(rs) + 1 for rs in (ranks, [1 if r == 14 else r for r in ranks])]
    fitting = [s - len(ranks) for s in spans if s <= 5]
    return min(fitting) if fitting else None


def _text_two(cards):
    ranks = [c.rank for c in cards]
    if ranks[0] == ranks[1]:
        return "raise 3x"
    if _points(ranks) >= 2 or (cards[0].suit == cards[1].suit and sorted(ranks) == [5, 6]):
        return "raise 1x"
    return "fold"


def _text_three(cards):
    ranks = [c.rank for c in cards]
    pair = len(set(ranks)) < 3
    if max(ranks.count(r) for r in ranks) == 3 or (pair and max(r for r in ranks if ranks.count(r) > 1) >= 6):
        return "raise 3x"  # a made hand: a pair of sixes or better
    gaps, highs, mids = _gaps(ranks), sum(r >= 11 for r in ranks), sum(6 <= r <= 10 for r in ranks)
    if len({c.suit for c in cards}) == 1:
        if min(ranks) >= 10:
            return "raise 3x"  # royal flush draw
        if (gaps == 0 and min(ranks) >= 5) or (gaps == 1 and highs >= 1) or (gaps == 2 and highs >= 2):
            return "raise 3x"  # the straight flush draws
        return "raise 1x"  # any other three suited
    if pair or _points(ranks) >= 3 or (gaps == 0 and min(ranks) >= 4) or (gaps == 1 and mids >= 2):
        return "raise 1x"
    return "fold"


def test_every_hand_of_two_and_of_three_cards_is_played_as_the_text_says(basic):
    deck = [Card.from_code(c) for c in range(52)]
    for hand in itertools.combinations(deck, 2):
        assert basic.decide(hand, street=0) == _text_two(hand), hand
    for hand in itertools.combinations(deck, 3):
        assert basic.decide(hand, street=1, wagered=2) == _text_three(hand), hand


@pytest.mark.soak
def test_its_exact_house_edge_is_the_count_of_every_deal(capsys):
    # tests/data/counts/mississippi_basic_count.py, written apart from studrules (its own
    # five-card classifier and its own reading of the text), plays every one of the 1,326 x 50 x
    # 49 x 48 = 155,937,600 deals: the player loses 7,685,648 antes in all, 4.92867% of the ante
    assert main(["analyze", "mississippi-stud", "--strategy", "mississippi-stud-basic", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["deals"] == 155_937_600
    assert round(report["house_edge"] * report["deals"]) == 7_685_648
    # the rule of thumb gives up little to the optimal play's 4.9149% (the published 4.91%)
    assert main(["analyze", "mississippi-stud", "--optimal", "--json"]) == 0
    optimal = json.loads(capsys.readouterr().out)
    assert 0 < report["house_edge"] - optimal["house_edge"] < 0.0002
