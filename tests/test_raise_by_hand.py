"""A decision against the house whose most raise reads the player's hand: "play
1x the ante, or up to 3x with a pair of aces or better" (Crazy 4 Poker's play
wager), written ``raise_max: "if(hand >= pair_of_aces, 3 * ante, ante)"``.

The hands are worked out by hand in the comments: in the four-card ranking a
hand is the best four of the player's five cards, and a pair of aces or
better there is a pair of aces, two pair, a straight (four in a row, A-2-3-4
the lowest, J-Q-K-A the highest), a flush (four of a suit), three or four of
a kind or a straight flush. The counts of the simulation and the exact
figures are checked against counts written here from those rules."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from studrules.analysis.diff import diff
from studrules.analysis.exact import analyze
from studrules.analysis.rulebook import explain
from studrules.analysis.simulate import chunk_generator, deal_batch, simulate
from studrules.cards.card import Card
from studrules.errors import IllegalActionError, SpecError, SpecErrors
from studrules.game.hand import Hand
from studrules.game.policies import StrategyPolicy, play_hand
from studrules.spec.loader import load_variant_text
from studrules.spec.strategies import load_strategy_text
from studrules.spec.vocabulary import hand_constants

FOUR = """
name: aces-up-to-three
kind: banked
deck: {ranking: four_card_high}
seats: {min: 1, max: 6}
stakes: {ante: 10}
steps:
  - ante: {amount: ante}
  - deal: {players: [down, down, down, down, down], house: [down, down, down, down, down]}
  - decision: {fold: true, raise: ante, raise_max: "if(hand >= pair_of_aces, 3 * ante, ante)", raise_unit: ante}
  - reveal: {who: house}
  - settle: {qualify: house >= king_high, not_qualified: {ante: win, raise: push}, tie: push}
"""

# the same rules with three cards each (the three-card ranking): small enough to count every deal
THREE = (
    FOUR.replace("four_card_high", "three_card_high")
    .replace("[down, down, down, down, down]", "[down, down, down]")
    .replace("house >= king_high", "house >= queen_high")
)


def strategy(action: str, variant):
    return load_strategy_text(f"name: always\ngame: banked\nrules:\n  - otherwise: {action}\n", variant)


def raise_option(hand: Hand):
    (option,) = [la for la in hand.legal_actions() if la.action == "raise"]
    return option.to or (option.amount,)


# --- the hand machine ---------------------------------------------------------


def test_each_hand_is_offered_the_raises_its_own_hand_allows():
    v = load_variant_text(FOUR)
    cards = {
        "Ann": "Ac Ad 7s 5h 2c",  # a pair of aces: 1x to 3x
        "Bob": "Kc Kd 9h 5s 2d",  # a pair of kings, below the aces: 1x only
        "Cat": "7c 7d 4h 4s Jd",  # two pair, above any pair: 1x to 3x
        "Dan": "Ah Qh Th 8c 3s",  # ace high (three hearts: no flush of four): 1x only
        "Eve": "9s 8d 7h 6h 2s",  # 9-8-7-6 among the five: a straight, 1x to 3x
        "house": "Ks Js 8h 6d 3h",  # king high: the house qualifies
    }
    hand = Hand(v, list(cards)[:-1], 100, cards=cards)
    offered = {}
    for player in ("Ann", "Bob", "Cat", "Dan", "Eve"):
        assert hand.to_act == player
        offered[player] = raise_option(hand)
        hand.apply(f"{player} raise {offered[player][-1]}")
    assert offered == {"Ann": (10, 20, 30), "Bob": (10,), "Cat": (10, 20, 30), "Dan": (10,), "Eve": (10, 20, 30)}
    # the raise made is the one paid: Ann's aces beat the house's king high, ante 10 and raise 30
    # at even money (+40); Bob's kings too, with his raise of 10 (+20)
    net = hand.result().net
    assert (net["Ann"], net["Bob"]) == (40, 20)


@pytest.mark.parametrize(
    "cards, most",
    [
        ("Ac Ad 7s 5h 2c", 30),  # a pair of aces
        ("Kc Kd 9h 5s 2d", 10),  # a pair of kings
        ("7c 7d 4h 4s Jd", 30),  # two pair
        ("Ah Qh Th 8c 3s", 10),  # ace high: three hearts are no flush of four
        ("9s 8d 7h 6h 2s", 30),  # 9-8-7-6: a straight
        ("Ah 2c 3d 4s 9h", 30),  # A-2-3-4: the lowest straight
        ("Kh Ac 2d 3s 9h", 10),  # K-A-2-3 is no straight: ace high
        ("Ah 5h 9h Jh 2c", 30),  # four hearts: a flush
    ],
)
def test_the_most_is_read_from_the_best_four_of_the_five_cards(cards, most):
    # the independent rule of the simulation's count (aces_or_better) reads these hands alike
    v = load_variant_text(FOUR)
    hand = Hand(v, ["Ann"], 100, cards={"Ann": cards, "house": "Ks Js 8h 6d 3h"})
    assert raise_option(hand) == tuple(range(10, most + 1, 10))
    assert aces_or_better([Card.parse(c).code for c in cards.split()]) == (most == 30)


def test_a_raise_the_hand_does_not_allow_is_refused_and_changes_nothing():
    v = load_variant_text(FOUR)
    cards = {"Ann": "Ac Ad 7s 5h 2c", "Bob": "Kc Kd 9h 5s 2d", "house": "Ks Js 8h 6d 3h"}
    hand = Hand(v, ["Ann", "Bob"], 100, cards=cards)
    hand.apply("Ann raise 30")
    for attempt in (lambda: hand.apply("Bob raise 30"), lambda: hand.act("raise", 30), lambda: hand.act("raise", 20)):
        with pytest.raises(IllegalActionError) as caught:
            attempt()
        assert "the raise is 10" in caught.value.message
        assert [(la.action, la.amount, la.to) for la in caught.value.legal] == [
            ("fold", None, None),
            ("raise", 10, None),
        ]
        assert hand.to_act == "Bob" and hand.stacks[1] == 90  # (his ante out, nothing more)
    hand.apply("Bob raise 10")
    assert hand.over


def test_the_stack_still_limits_a_hand_allowed_three_antes():
    # 35 chips: 25 after the ante of 10, so the aces may raise 10 or 20, not 30
    v = load_variant_text(FOUR)
    hand = Hand(v, ["Ann"], 35, cards={"Ann": "Ac Ad 7s 5h 2c", "house": "Ks Js 8h 6d 3h"})
    assert raise_option(hand) == (10, 20)


@pytest.mark.parametrize("size, aces, kings", [("raise 3x", 30, 10), ("raise 2x", 20, 10), ("raise", 10, 10)])
def test_the_strategy_bot_raises_the_largest_its_hand_allows_up_to_its_size(size, aces, kings):
    v = load_variant_text(FOUR)
    bot = StrategyPolicy(strategy(size, v))
    cards = {"Ann": "Ac Ad 7s 5h 2c", "Bob": "Kc Kd 9h 5s 2d", "house": "Ks Js 8h 6d 3h"}
    result = play_hand(Hand(v, ["Ann", "Bob"], 100, cards=cards), {"Ann": bot, "Bob": bot})
    assert [p["raise"] for p in result.positions] == [aces, kings]


# --- located load errors ------------------------------------------------------


def located(text: str) -> list[tuple[int, int, str]]:
    with pytest.raises(SpecErrors) as caught:
        load_variant_text(text)
    return [(e.location.line, e.location.column, e.message) for e in caught.value.errors]


def place(text: str, needle: str, offset: int = 0) -> tuple[int, int]:
    """The line and column (1-based) of ``needle`` in ``text``, ``offset`` characters into it."""
    for number, line in enumerate(text.splitlines(), 1):
        if needle in line:
            return number, line.index(needle) + 1 + offset
    raise AssertionError(needle)


@pytest.mark.parametrize(
    "old, new, at, words",
    [
        (
            'raise_max: "if(hand',
            'raise_max: "if(house',
            "(house",
            "unknown name 'house': the house's hand is not known at a decision",
        ),
        (
            "raise: ante,",
            'raise: "if(hand >= pair, 2 * ante, ante)",',
            "(hand >= pair,",
            "unknown name 'hand': a decision's least raise and its unit are the same for every hand",
        ),
        (
            "raise_unit: ante",
            'raise_unit: "if(hand >= two_pair, 2 * ante, ante)"',
            "(hand >= two_pair",
            "unknown name 'hand': a decision's least raise and its unit are the same for every hand",
        ),
    ],
)
def test_a_hand_where_a_decision_cannot_read_one_is_a_located_error(old, new, at, words):
    text = FOUR.replace(old, new)
    line, column = place(text, at, 1)  # (the name, past its parenthesis)
    ((found_line, found_column, message),) = located(text)
    assert (found_line, found_column) == (line, column)
    assert message.startswith(words)


def test_a_most_that_reads_the_hand_before_a_hand_is_held_is_a_located_error():
    # three cards at the decision, two more after it: no four-card hand yet
    text = FOUR.replace(
        "  - deal: {players: [down, down, down, down, down], house: [down, down, down, down, down]}\n",
        "  - deal: {players: [down, down, down], house: [down, down, down, down, down]}\n",
    ).replace("  - reveal:", "  - deal: {players: [down, down]}\n  - reveal:")
    ((line, column, message),) = located(text)
    assert (line, column) == place(text, "(hand", 1)
    assert message.startswith("'hand' reads the player's best 4 cards, but a player holds 3 at this decision")
    # the same decision with a most of every hand is a game
    load_variant_text(text.replace('"if(hand >= pair_of_aces, 3 * ante, ante)"', "3 * ante"))
    # two of his own and two community cards make four: a hand
    two_and_two = text.replace(
        "players: [down, down, down], house", "players: [down, down], community: [up, up], house"
    )
    load_variant_text(two_and_two.replace("  - deal: {players: [down, down]}\n", "  - deal: {players: [down]}\n"))


@pytest.mark.parametrize(
    "most, words",
    [
        # at a pair of aces the most is 5, below the least raise of 10 (every lower hand: 10)
        (
            "if(hand >= two_pair, 2 * ante, if(hand >= pair_of_aces, ante / 2, ante))",
            "with an ante of 10 and a hand of pair_of_aces the most a player may raise (5) is less than the least (10)",
        ),
        # from a pair of aces the most is 35: 10, 20, 30 never reach it
        (
            "if(hand >= pair_of_aces, 3 * ante + 5, ante)",
            "with an ante of 10 and a hand of pair_of_aces the raises run from 10 in steps of 10 and never reach "
            "the most, 35",
        ),
        # below every named hand (and up to a pair) the most is 5
        (
            "if(hand >= pair, 3 * ante, ante / 2)",
            "with an ante of 10 and a hand below every named one (hand 0) the most a player may raise (5) is less "
            "than the least (10)",
        ),
    ],
)
def test_raise_bounds_are_checked_at_every_named_hand(most, words):
    text = FOUR.replace('"if(hand >= pair_of_aces, 3 * ante, ante)"', f'"{most}"')
    ((line, column, message),) = located(text)
    assert (line, column) == place(text, f'"{most}"', 1)  # (the field's text, inside its quotes)
    assert message == words


def test_a_strategy_may_name_any_raise_some_hand_is_allowed():
    v = load_variant_text(FOUR)
    strategy("raise 3x", v)  # (the aces' most)
    with pytest.raises((SpecError, SpecErrors)) as caught:
        strategy("raise 4x", v)
    assert "the raises are 1x, 2x, 3x (the ante is 10)" in str(caught.value)


# --- simulate -----------------------------------------------------------------


def aces_or_better(codes) -> bool:
    """Whether the best four of these cards (codes: (rank - 2) * 4 + suit) reach a pair of
    aces in the four-card ranking, by the rules in the module's documentation."""
    ranks = [c // 4 + 2 for c in codes]
    counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
    suits = [c % 4 for c in codes]
    if counts[0] >= 3 or counts[:2] == [2, 2] or ranks.count(14) >= 2:
        return True
    if max(suits.count(s) for s in set(suits)) >= 4:
        return True
    present = set(ranks) | ({1} if 14 in ranks else set())
    return any(all(r + k in present for k in range(4)) for r in range(1, 12))


@pytest.mark.parametrize("size, antes", [("raise 3x", 3), ("raise 2x", 2), ("raise 1x", 1)])
def test_simulate_raises_each_hand_the_largest_its_hand_allows(size, antes):
    # n hands of one chunk: the cards simulate deals are deal_batch's of chunk 0. Each hand raises
    # N antes with a pair of aces or better, one otherwise: the wagers are the n antes and those raises.
    v = load_variant_text(FOUR)
    n, seed = 4000, 11
    result = simulate(v, strategy(size, v), n, seed=seed, workers=1)
    deals = deal_batch(chunk_generator(seed, 0), n, 10)
    better = sum(aces_or_better(row[:5].tolist()) for row in deals)
    assert 0 < better < n
    assert result.wagered == n * 10 + 10 * (n - better) + 10 * antes * better
    assert result.raise_rate == 1.0


def test_simulate_and_the_bots_raise_alike_hand_by_hand():
    # the first deals of the same chunk played one by one with the strategy's bot
    v = load_variant_text(FOUR)
    bot = StrategyPolicy(strategy("raise 3x", v))
    for row in deal_batch(chunk_generator(11, 0), 300, 10).tolist():
        words = [str(Card.from_code(c)) for c in row]
        cards = {"Ann": " ".join(words[:5]), "house": " ".join(words[5:])}
        result = play_hand(Hand(v, ["Ann"], 100, cards=cards), {"Ann": bot})
        assert result.positions[0]["raise"] == (30 if aces_or_better(row[:5]) else 10)


# --- analyze: every deal of the three-card game counted here ---------------------------------


def three_card_better(codes) -> bool:
    """A pair of aces or better in the three-card ranking: a pair of aces, a flush (three of a
    suit), a straight (three in a row, A-2-3 and Q-K-A too) or three of a kind."""
    ranks = sorted(c // 4 + 2 for c in codes)
    flush = len({c % 4 for c in codes}) == 1
    straight = len(set(ranks)) == 3 and (ranks[2] - ranks[0] == 2 or ranks == [2, 3, 14])
    return ranks.count(14) >= 2 or len(set(ranks)) == 1 or flush or straight


def counted(choose) -> float:
    """The house edge (per ante) of the three-card game, every player hand against every house
    hand of the cards left: ``choose(fold, raises)`` is a hand's result, given what a fold
    (-1) and each raise it may make in antes (k -> expected antes) are worth."""
    from studrules.cards.batch_table import evaluate_table_batch

    combos = np.array(list(itertools.combinations(range(52), 3)))
    values = evaluate_table_batch(combos, "three_card_high")
    queen = hand_constants("three_card_high")["queen_high"][1]
    qualifies = values >= queen
    holds = np.zeros((len(combos), 52), dtype=bool)
    holds[np.arange(len(combos))[:, None], combos] = True
    # the player's hands, one of each class of suit renaming (their worth is the same), weighted
    classes: dict[tuple[int, ...], list[int]] = {}
    for i, hand in enumerate(combos.tolist()):
        masks = [0, 0, 0, 0]
        for c in hand:
            masks[c % 4] |= 1 << c // 4
        classes.setdefault(tuple(sorted(masks)), [i, 0])[1] += 1
    total = 0.0
    for i, weight in classes.values():
        rest = ~holds[:, combos[i]].any(axis=1)
        house, q = values[rest], qualifies[rest]
        mine = values[i]
        # not qualified: the ante wins, the raise is returned; else the higher hand wins both, a tie pushes
        out, win, lose = (~q).sum(), (q & (house < mine)).sum(), (q & (house > mine)).sum()
        deals = rest.sum()
        raises = {
            k: float(out + (win - lose) * (1 + k)) / deals
            for k in ((1, 2, 3) if three_card_better(combos[i]) else (1,))
        }
        total += weight * choose(-1.0, raises)
    return -total / len(combos)


def test_the_optimal_play_makes_only_the_raises_each_hand_allows_and_loses_what_a_count_finds():
    v = load_variant_text(THREE)
    record: list = []
    result = analyze(v, optimal=True, record=record)
    (_, hands, _, actions, _, _) = record[0]
    allowed = np.array([three_card_better(h) for h in hands.tolist()])
    actions = np.asarray(actions)
    assert set(actions.tolist()) == {"fold", "raise 1x", "raise 3x"}
    assert allowed[np.isin(actions, ["raise 2x", "raise 3x"])].all()
    assert (actions[~allowed] != "raise 3x").all() and (actions[allowed] == "raise 3x").any()
    best = counted(lambda fold, raises: max(fold, *raises.values()))
    assert result.house_edge == pytest.approx(best, abs=1e-12)


def test_a_strategy_that_always_raises_three_antes_is_counted_at_each_hands_own_most():
    # the four-card game's most first: the same text in another ranking, whose values at each
    # hand must not be taken for this one's (a pair of aces is another value there)
    four = load_variant_text(FOUR)
    simulate(four, strategy("raise 3x", four), 1000, seed=1, workers=1)
    v = load_variant_text(THREE)
    result = analyze(v, strategy("raise 3x", v))
    assert result.house_edge == pytest.approx(counted(lambda fold, raises: raises[max(raises)]), abs=1e-12)
    # a raise of 3 antes with a pair of aces or better (the share of such hands: p), 1 otherwise
    combos = list(itertools.combinations(range(52), 3))
    p = sum(three_card_better(h) for h in combos) / len(combos)
    assert result.average_wager == pytest.approx(1 + 1 + 2 * p, abs=1e-12)


def test_simulate_agrees_with_the_exact_figure_of_the_same_strategy():
    v = load_variant_text(THREE)
    exact = analyze(v, strategy("raise 3x", v)).house_edge * 100
    low, high = simulate(v, strategy("raise 3x", v), 200_000, seed=5, workers=1).ci95
    assert low < exact < high


# --- words ----------------------------------------------------------------------


def test_the_rule_book_and_the_diff_say_the_most_by_the_hand():
    v = load_variant_text(FOUR)
    book = " ".join(explain(v).split())
    assert (
        "either folds (his ante and cards are collected) or raises 10 (the ante), or up to 30 (three times the "
        "ante) with a pair of aces or better, in steps of 10 (the ante)"
    ) in book
    fixed = load_variant_text(FOUR.replace('"if(hand >= pair_of_aces, 3 * ante, ante)"', "3 * ante"))
    (row,) = [d for d in diff(fixed, v) if d.rule == "decision"]
    assert row.a == "fold or raise from 10 to three times the ante (30), in steps of 10"
    assert row.b == "fold or raise 10, or up to three times the ante (30) with a pair of aces or better, in steps of 10"
