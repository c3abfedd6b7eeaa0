"""analyze of games dealt to the player alone, a decision between deals, valued by suits
(studrules/analysis/exact_own.py), against a brute force over every ordered deal.

The brute force plays each game from its rules written out here: every card dealt in turn,
the best choice worked back from the last card with plain Python over real cards (no suit
classes, none of studrules' rankings or settlement), each hand's net from its own flush
length and straight-flush run.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

import pytest
from suit_run_support import run_of

from studrules.analysis.exact import analyze
from studrules.analysis.strategy_writer import optimal_strategy_text
from studrules.errors import SpecError, SpecErrors
from studrules.spec.loader import load_variant_text
from studrules.spec.strategies import load_strategy_text

DECK = range(52)  # code = 4 * (rank - 2) + suit

RUN_GAME = """
name: one-two-one
kind: banked
seats: {min: 1, max: 6}
stakes: {ante: 10}
deck: {ranking: longest_suit_run}
steps:
  - ante: {amount: ante}
  - deal: {players: [down]}
  - decision: {id: first, fold: true, stand: true, raise: ante, raise_max: 2 * ante, raise_unit: ante}
  - deal: {players: [down, down]}
  - decision: {id: second, fold: true, raise: ante}
  - deal: {players: [down]}
  - settle:
      against: pay_table
      pay_table: {four_card_straight_flush: 60, four_card_flush: 12, three_card_straight_flush: 5, three_card_flush: 1}
      raise_pay_table: {three_card_flush: 2}
"""

FLUSH_GAME = """
name: two-one
kind: banked
seats: {min: 1, max: 6}
stakes: {ante: 5}
deck: {ranking: longest_flush}
steps:
  - ante: {amount: ante}
  - deal: {players: [down, down]}
  - decision: {id: only, fold: true, raise: ante}
  - deal: {players: [down]}
  - settle: {against: pay_table, pay_table: {three_card_flush: 7, two_card_flush: 1}}
"""


def _masks(cards) -> list[int]:
    masks = [0, 0, 0, 0]
    for c in cards:
        masks[c % 4] |= 1 << (c // 4)
    return masks


@cache
def _run_game_net(hand: frozenset) -> tuple[int, int]:
    """RUN_GAME's net on the ante and per chip raised: the best line held (a flush of that many
    cards, or a straight flush of that run), the raises paid 2 with a three-card flush."""
    masks = _masks(hand)
    length = max(m.bit_count() for m in masks)
    run = max(run_of(m) for m in masks)
    held = [odds for need, odds in ((4, 60), (3, 5)) if run >= need]
    held += [odds for need, odds in ((4, 12), (3, 1)) if length >= need]
    return (10 * max(held) if held else -10), (2 if length >= 3 else -1)


def _best(options: list[tuple[float, int]]) -> tuple[float, int]:
    """The best (worth, raised) of the choices, ties to the larger wager."""
    best = options[0]
    for worth, raised in options[1:]:
        if worth >= best[0] - 1e-9:
            best = (worth, raised) if worth > best[0] + 1e-9 or raised > best[1] else best
    return best


def _run_game_brute() -> tuple[float, float]:
    """(house edge, average wager) in antes: every ordered deal, the best play worked back."""

    @cache
    def last_card(held: frozenset) -> tuple[float, float]:  # three cards held: the ante's and a chip's mean net
        nets = [_run_game_net(held | {c}) for c in DECK if c not in held]
        return sum(a for a, _ in nets) / len(nets), sum(r for _, r in nets) / len(nets)

    def second(held: frozenset, out: int) -> tuple[float, float]:  # three cards held, ``out`` raised
        ante, chip = last_card(held)
        worth, raised = _best([(-10.0 - out, -1), (ante + (out + 10) * chip, 10)])
        return worth, (10 + out if raised < 0 else 20 + out)

    total = wager = 0.0
    for first in DECK:
        rest = [c for c in DECK if c != first]
        pairs = list(combinations(rest, 2))
        choices = [(-10.0, -1, 10.0)]  # fold
        for b in (0, 10, 20):  # stand, raise 1x, raise 2x
            found = [second(frozenset((first, *p)), b) for p in pairs]
            choices.append((sum(w for w, _ in found) / len(pairs), b, sum(s for _, s in found) / len(pairs)))
        worth, raised = _best([(w, b) for w, b, _ in choices])
        total += worth
        wager += next(s for w, b, s in choices if b == raised)
    return -total / 52 / 10, wager / 52 / 10


def test_the_optimal_play_of_a_suit_run_game_is_the_brute_forces():
    found = analyze(load_variant_text(RUN_GAME), optimal=True)
    edge, average = _run_game_brute()
    assert found.house_edge == pytest.approx(edge, abs=1e-12)
    assert found.average_wager == pytest.approx(average, abs=1e-12)
    assert found.deals == 52 * 51 * 50 // 2 * 49
    assert sum(p for p, _ in found.lines.values()) == pytest.approx(1, abs=1e-12)
    assert -sum(c for _, c in found.lines.values()) == pytest.approx(found.house_edge, abs=1e-12)


def test_the_optimal_play_of_a_longest_flush_game_is_the_brute_forces():
    found = analyze(load_variant_text(FLUSH_GAME), optimal=True)
    total = folds = 0.0
    for two in combinations(DECK, 2):
        rest = [c for c in DECK if c not in two]
        # both wagers paid by the line: 7 with three of a suit, 1 with two, else lost
        nets = [max(m.bit_count() for m in _masks((*two, c))) for c in rest]
        play = sum(10 * {3: 7, 2: 1}.get(n, -1) for n in nets) / len(rest)
        worth = max(play, -5.0)
        folds += worth == -5.0 and play < -5.0
        total += worth
    hands = 52 * 51 // 2
    assert found.house_edge == pytest.approx(-total / hands / 5, abs=1e-12)
    assert found.lines["fold: only"][0] == pytest.approx(folds / hands, abs=1e-12)


def test_a_last_deal_of_two_cards_is_counted_as_the_brute_force_counts_it():
    # one card, then the decision, then two: the last deal holds more than one card
    variant = load_variant_text(
        FLUSH_GAME.replace("[down, down]}", "[down]}").replace("[down]}\n  - settle", "[down, down]}\n  - settle")
    )
    found = analyze(variant, optimal=True)
    total = 0.0
    for first in DECK:
        pairs = list(combinations([c for c in DECK if c != first], 2))
        nets = [max(m.bit_count() for m in _masks((first, *p))) for p in pairs]
        total += max(sum(10 * {3: 7, 2: 1}.get(n, -1) for n in nets) / len(pairs), -5.0)
    assert found.deals == 52 * 51 * 50 // 2
    assert found.house_edge == pytest.approx(-total / 52 / 5, abs=1e-12)


def test_a_strategys_play_is_counted_as_it_reads_each_hand():
    # raise with two cards of a suit or with a nine or better, else fold: the brute force reads the same
    variant = load_variant_text(FLUSH_GAME)
    strategy = load_strategy_text(
        "name: suited-or-nine\ngame: two-one\nstreets:\n  - rules:\n"
        "      - {when: flush_cards >= 2 or highest_card >= 9, action: raise}\n      - otherwise: fold\n",
        variant,
    )
    found = analyze(variant, strategy)
    total = raised = 0.0
    for two in combinations(DECK, 2):
        if two[0] % 4 != two[1] % 4 and max(two) // 4 + 2 < 9:
            total -= 5
            continue
        rest = [c for c in DECK if c not in two]
        nets = [max(m.bit_count() for m in _masks((*two, c))) for c in rest]
        total += sum(10 * {3: 7, 2: 1}.get(n, -1) for n in nets) / len(rest)
        raised += 1
    hands = 52 * 51 // 2
    assert found.strategy == "suited-or-nine"
    assert found.house_edge == pytest.approx(-total / hands / 5, abs=1e-12)
    assert found.average_wager == pytest.approx(1 + raised / hands, abs=1e-12)


def test_the_optimal_play_is_written_as_a_strategy_that_reads_back_to_the_same_edge():
    variant = load_variant_text(RUN_GAME)
    text, best = optimal_strategy_text(variant)
    written = load_strategy_text(text, variant)
    assert written.name == "one-two-one-optimal"
    assert analyze(variant, written).house_edge == pytest.approx(best.house_edge, abs=1e-12)
    assert analyze(variant, written).average_wager == pytest.approx(best.average_wager, abs=1e-12)


def test_a_game_of_another_shape_or_ranking_is_refused_with_the_reason():
    # a high-hand game of own cards in three deals is not this count's (the hole-card count's shape neither)
    high = RUN_GAME.replace("deck: {ranking: longest_suit_run}\n", "").replace("[down]}", "[down, down]}", 1)
    high = high.replace(
        "pay_table: {four_card_straight_flush: 60, four_card_flush: 12, three_card_straight_flush: 5, "
        "three_card_flush: 1}\n      raise_pay_table: {three_card_flush: 2}",
        "pay_table: {pair: 1}",
    )
    with pytest.raises(SpecError, match="is dealt otherwise, and is not counted yet"):
        analyze(load_variant_text(high), optimal=True)
    short = high.replace("[down, down]}", "[down]}", 1)  # four cards: too few for a high pay table
    with pytest.raises(SpecErrors, match="the pay table reads five-card hands, but each player has 4 by now"):
        load_variant_text(short)
    # seven cards, then seven more at once: 4.5 trillion deals of the next cards to weigh
    big = (
        FLUSH_GAME.replace("max: 6", "max: 1")
        .replace("[down, down]}", "[down, down, down, down, down, down, down]}")
        .replace("[down]}\n  - settle", "[down, down, down, down, down, down, down]}\n  - settle")
    )
    with pytest.raises(SpecError, match="at most 300,000,000 .* use simulate"):
        analyze(load_variant_text(big), optimal=True)
    capped = FLUSH_GAME.replace("two_card_flush: 1}", "two_card_flush: 1}, max_payout: 20")
    with pytest.raises(SpecError, match="does not count a payout cap"):
        analyze(load_variant_text(capped), optimal=True)
