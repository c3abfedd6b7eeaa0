"""The shape names of a strategy (of_a_kind, pairs, pair_rank, flush_cards,
straight_span), and the published Let It Ride strategy written with them.

Each name is checked on hands worked out by hand, then on every hand of
three cards (and a sample of four and five) against a brute-force reading of
its definition, for one hand and for a batch; the strategy file against the
published figures and against the optimal play found by exact enumeration."""

from __future__ import annotations

import itertools
import json
import random

import numpy as np
import pytest

from studrules.cards.card import Card, parse_cards
from studrules.cli.main import main
from studrules.spec.loader import load_variant
from studrules.spec.strategies import load_strategy, load_strategy_text, view_features
from studrules.spec.strategy_shape import FLUSH_RANK_NAMES, NO_STRAIGHT, SHAPE_NAMES, shape_columns, shape_view


def view(text: str) -> dict:
    return view_features(text, names=SHAPE_NAMES)


def test_sets_of_a_rank_worked_out_by_hand():
    counted = {k: v for k, v in view("Ts Th 4c").items() if k not in FLUSH_RANK_NAMES}
    assert counted == {"of_a_kind": 2, "pairs": 1, "pair_rank": 10, "flush_cards": 1, "straight_span": 14}
    assert view("9s 9h 4c 4d")["pairs"] == 2 and view("9s 9h 4c 4d")["pair_rank"] == 9  # two pair: the higher
    assert view("7s 7h 7c Kd")["of_a_kind"] == 3 and view("7s 7h 7c Kd")["pairs"] == 1
    assert view("Ac Kd 9s")["pair_rank"] == 0 and view("Ac Kd 9s")["of_a_kind"] == 1


def test_suits_and_ranks_in_a_row_worked_out_by_hand():
    assert view("5h 6h 8h")["flush_cards"] == 3 and view("5h 6h 8h")["straight_span"] == 4  # spread 4
    assert view("9c Jd Ks")["straight_span"] == 5  # nine to king
    assert view("Ac 2d 3s")["straight_span"] == 3  # the ace low
    assert view("Qc Kd As")["straight_span"] == 3  # the ace high
    assert view("Ac 7d 2s")["straight_span"] == 7  # ace (low) to seven, not two to ace
    assert view("2c Kd")["straight_span"] == 12
    assert view("Ac Jd Tc 9c")["flush_cards"] == 3 and view("Ac Jd Tc 9c")["straight_span"] == 6


def test_the_longest_suits_ranks_worked_out_by_hand():
    # T-8-6 of spades is the longest suit; the other cards do not count
    assert [view("Ts 8s 6s Ad Kh Qc 2d")[n] for n in FLUSH_RANK_NAMES] == [10, 8, 6, 0, 0]
    # two three-card suits: the one whose cards rank higher, high to low (K-7-2 over Q-J-T)
    assert [view("Kc 7c 2c Qd Jd Td 3h")[n] for n in FLUSH_RANK_NAMES[:3]] == [13, 7, 2]
    # and of K-7-2 against K-8-2, the eight decides
    assert view("Kc 7c 2c Kd 8d 2d 3h")["flush_second_card"] == 8
    # a longer suit beats higher cards: the four clubs, not the three aces-high diamonds
    assert [view("5c 4c 3c 2c Ad Kd Qd")[n] for n in FLUSH_RANK_NAMES] == [5, 4, 3, 2, 0]
    assert [view("Ah Kh Qh Jh Th 9h 8h")[n] for n in FLUSH_RANK_NAMES] == [14, 13, 12, 11, 10]


def test_the_longest_suits_ranks_over_random_seven_card_hands():
    rng = random.Random(9)
    rows = [tuple(rng.sample(range(52), 7)) for _ in range(5000)]
    columns = shape_columns(np.array(rows), SHAPE_NAMES)
    for i, codes in enumerate(rows):
        expected = brute_force(codes)
        assert shape_view(codes, SHAPE_NAMES) == expected
        assert {name: int(columns[name][i]) for name in SHAPE_NAMES} == expected


def brute_force(codes: tuple[int, ...]) -> dict:
    """Each name read straight from its definition: counted, and the shortest run of ranks
    found by trying every run (an ace at either end)."""
    ranks = [c // 4 + 2 for c in codes]
    suits = [c % 4 for c in codes]
    counts = {r: ranks.count(r) for r in set(ranks)}
    if len(set(ranks)) < len(ranks):
        span = NO_STRAIGHT
    else:
        span = next(
            width
            for width in range(1, 14)
            for low in range(1, 16 - width)
            if all(low <= r < low + width or (r == 14 and low == 1) for r in ranks)
        )
    # the longest suit, of two as long the one whose ranks, high to low, compare higher
    suit_ranks = max(
        (sorted((r for r, s in zip(ranks, suits, strict=True) if s == suit), reverse=True) for suit in range(4)),
        key=lambda held: (len(held), held),
    )
    return {
        **dict(zip(FLUSH_RANK_NAMES, suit_ranks + [0] * 5, strict=False)),
        "of_a_kind": max(counts.values()),
        "pairs": sum(n >= 2 for n in counts.values()),
        "pair_rank": max((r for r, n in counts.items() if n >= 2), default=0),
        "flush_cards": max(suits.count(s) for s in range(4)),
        "straight_span": span,
    }


def test_every_three_card_hand_and_samples_of_four_and_five_agree_with_the_definitions():
    rng = random.Random(7)
    hands = list(itertools.combinations(range(52), 3))
    hands += [tuple(rng.sample(range(52), k)) for k in (4, 5) for _ in range(3000)]
    for size in (3, 4, 5):
        rows = [h for h in hands if len(h) == size]
        columns = shape_columns(np.array(rows), SHAPE_NAMES)
        for i, codes in enumerate(rows):
            expected = brute_force(codes)
            assert shape_view(codes, SHAPE_NAMES) == expected, [str(Card.from_code(c)) for c in codes]
            assert {name: int(columns[name][i]) for name in SHAPE_NAMES} == expected


def test_only_the_names_asked_for_are_worked_out():
    assert shape_view([0, 1], {"pairs"}) == {"pairs": 1}
    assert set(shape_columns(np.array([[0, 1]]), {"flush_cards"})) == {"flush_cards"}


def test_the_names_read_three_cards_where_hand_needs_five():
    # 'hand' values five cards and is refused at Let It Ride's first decision; these are not
    v = load_variant("let-it-ride")
    s = load_strategy_text(
        "name: x\nstreets:\n  - rules: [{when: pair_rank >= ten or of_a_kind == 3, action: raise}, {otherwise: stand}]\n"
        "  - rules: [{when: pairs == 2 or flush_cards == 4 or straight_span == 4, action: raise}, {otherwise: stand}]\n",
        v,
    )
    assert s.decide("Ts Th 4c", street=0) == "raise" and s.decide("9s 9h 4c", street=0) == "stand"
    assert s.decide("5s 6d 7h 8c", street=1) == "raise" and s.decide("5s 6d 7h 9c", street=1) == "stand"


# --- Let It Ride's published strategy -----------------------------------------


def test_the_published_let_it_ride_strategy_plays_every_three_card_hand_as_the_optimal_play():
    v = load_variant("let-it-ride")
    basic, optimal = load_strategy("let-it-ride-basic", v), load_strategy("let-it-ride-optimal", v)
    for hand in itertools.combinations([Card.from_code(c) for c in range(52)], 3):
        assert basic.decide(hand, street=0) == optimal.decide(hand, street=0), hand


@pytest.mark.parametrize(
    "cards, street, action",
    [
        ("Ts Th 2c", 0, "raise"),  # a paying hand
        ("9s 9h Ac", 0, "stand"),  # a pair below tens
        ("Jh Qh Ah", 0, "raise"),  # three to a royal flush
        ("3d 4d 5d", 0, "raise"),  # three suited in a row
        ("2d 3d 4d", 0, "stand"),  # ... but 2-3-4
        ("Ad 2d 3d", 0, "stand"),  # ... and ace-2-3
        ("7c 8c Tc", 0, "raise"),  # spread 4, one high card
        ("6c 7c 9c", 0, "stand"),  # spread 4, none
        ("Ac 2c 4c", 0, "stand"),  # spread 4, the ace playing low
        ("7s 9s Js", 0, "stand"),  # spread 5, one high card
        ("9s Ts Ks", 0, "raise"),  # spread 5, two
        ("4h 4d 9c 9s", 1, "raise"),  # two pair
        ("2h 5h 9h Kh", 1, "raise"),  # four to a flush
        ("5c 6d 7h 8s", 1, "raise"),  # four to an outside straight
        ("Jc Qd Kh As", 1, "raise"),  # an inside straight of four high cards
        ("Ac 2d 3h 4s", 1, "stand"),  # ace to four: only a five makes it
        ("5c 6d 8h 9s", 1, "stand"),  # an inside straight
    ],
)
def test_the_published_let_it_ride_strategy_hand_by_hand(cards, street, action):
    # each line of the published rules (webcasinoguide.com/letitride.asp), read as the file says
    assert load_strategy("let-it-ride-basic", load_variant("let-it-ride")).decide(
        parse_cards(cards), street=street
    ) == (action)


@pytest.mark.soak  # (some 7 s)
def test_the_published_let_it_ride_strategy_loses_what_its_authors_publish(capsys):
    # counted exactly: the house edge 3.51% of the ante, 1.23 bets left riding
    # and an element of risk of 2.85% (John Grochowski, "Let It Ride Redux"),
    # each as analyze --optimal finds it afresh
    assert main(["analyze", "let-it-ride", "--strategy", "let-it-ride-basic", "--json"]) == 0
    basic = json.loads(capsys.readouterr().out)
    assert round(100 * basic["house_edge"], 2) == 3.51
    assert round(basic["average_wager"], 2) == 1.23
    assert round(100 * basic["element_of_risk"], 2) == 2.85
    assert main(["analyze", "let-it-ride", "--optimal", "--json"]) == 0
    optimal = json.loads(capsys.readouterr().out)
    assert abs(basic["house_edge"] - optimal["house_edge"]) < 1e-12


def test_simulate_plays_the_published_strategy_hand_for_hand_as_the_optimal_table(capsys):
    # the batch path works the names out for every hand at once: on the same deals the two
    # strategies make the same choices, so every figure of the run is the same
    runs = []
    for strategy in ("let-it-ride-basic", "let-it-ride-optimal"):
        argv = ["simulate", "let-it-ride", "--strategy", strategy, "-n", "200000", "--seed", "3", "--workers", "1"]
        assert main([*argv, "--json"]) == 0
        report = json.loads(capsys.readouterr().out)
        runs.append({k: v for k, v in report.items() if k not in ("strategy", "speed", "seconds", "hands_per_second")})
    assert runs[0] == runs[1]
    assert 0.1 < runs[0]["raise_rate"] < 0.3  # (it rides some hands, not all: 16% at the first decision)
