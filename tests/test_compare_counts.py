"""`compare` counts the deals of each pot size instead of keeping every deal's
pot (issue 18: a billion-deal comparison in bounded memory): a tally holds
one entry per pot size however many deals it counts, and the tallies of two
chunks added up are the tally of both."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from studrules.analysis import compare as compare_module, compare_tally
from studrules.analysis.compare_tally import _Tally, nearest_rank, pot_histogram
from studrules.spec.examples import example_variant

NAMES = ("P1", "P2", "P3")


def _job(policies: tuple[str, ...], bring_in_b: int = 1, seed: int = 4):
    # the made-up "bring-in" game: ante 1 (a tenth of the bet of 10), bring-in 1 (the ante)
    a = example_variant("bring-in")
    b = example_variant("bring-in", stakes={"bring_in": bring_in_b})
    return compare_module._Job(a, b, NAMES, policies, 1000, seed, 3)


def _play(job, start: int, end: int) -> _Tally:
    return compare_module._chunk_tally(job, start, end)


def _entries(x: object) -> int:
    """Every entry of every list, dict, set and tuple in ``x``, however deep (a tally's size)."""
    if isinstance(x, dict):
        return len(x) + sum(_entries(k) + _entries(v) for k, v in x.items())
    if isinstance(x, (list, tuple, set, frozenset)):
        return len(x) + sum(_entries(v) for v in x)
    if hasattr(x, "__dict__"):
        return _entries(vars(x))
    if hasattr(x, "__slots__"):
        return sum(_entries(getattr(x, s)) for s in x.__slots__)
    return 0


def test_a_check_call_tally_does_not_grow_with_the_deals():
    # check/call at three players: three antes of 1, the bring-in, two calls of it;
    # every pot is 3 + 3 * 1 = 6 under A and 3 + 3 * 3 = 12 with a bring-in of 3
    job = _job(("check-call",), bring_in_b=3)
    few, many = _play(job, 0, 200), _play(job, 0, 2000)
    assert many.deals == 2000
    assert many.pots == {"a": {6: 2000}, "b": {12: 2000}}
    # everything the tally keeps: as many entries after 2,000 deals as after 200
    assert _entries(many) == _entries(few)


def test_a_tally_holds_one_entry_per_pot_size(monkeypatch):
    # random bots fold, call and raise: pots of several sizes; each deal's pot is recorded on the side
    seen: list[int] = []
    pot = compare_tally._pot

    def recording(result, required=0):
        seen.append(pot(result, required))
        return seen[-1]

    monkeypatch.setattr(compare_tally, "_pot", recording)
    tally = _play(_job(("random",)), 0, 2000)
    pots = {"a": seen[0::2], "b": seen[1::2]}  # A's pot, then B's, deal by deal
    assert len(pots["a"]) == len(pots["b"]) == 2000
    for side, every in pots.items():
        assert tally.pots[side] == Counter(every)
        assert 1 < len(tally.pots[side]) == len(set(every)) < 100  # an entry per pot size, not per deal


def test_two_chunk_tallies_merged_are_the_tally_of_both():
    job = _job(("random", "check-call"), bring_in_b=2, seed=9)
    first, second, whole = _play(job, 0, 300), _play(job, 300, 700), _play(job, 0, 700)
    first.merge(second)
    assert first.deals == whole.deals == 700
    assert first.pots == whole.pots
    assert sum(first.pots["a"].values()) == 700

    def finish(tally: _Tally):
        return tally.finish(job.a, job.b, "A", "B", job.seed, 700, 700, job.stacks, False, 0.0)

    merged, alone = finish(first), finish(whole)
    assert merged == alone  # the pot means, their intervals, the histogram and every other measure
    assert (merged.pot_counts_a, merged.pot_counts_b) == (alone.pot_counts_a, alone.pot_counts_b)
    assert merged.to_dict() == alone.to_dict()


@pytest.mark.parametrize("seed", range(20))
def test_the_quantile_of_counted_pots_is_the_nearest_rank_of_every_pot(seed):
    rng = random.Random(seed)
    counts = {rng.randrange(2, 400): rng.randrange(1, 50) for _ in range(rng.randrange(1, 12))}
    every = sorted(Counter(counts).elements())
    for q in (0.05, 0.5, 0.95, 0.999, 1.0):
        assert nearest_rank(counts, q) == every[max(math.ceil(q * len(every)) - 1, 0)]


def test_the_histogram_of_counted_pots_bins_every_pot():
    # pots in steps of 5 chips (a gcd of 5), and a long tail: 8 deals of 400 in 200 deals
    a = {10: 50, 15: 30, 20: 10, 400: 8, 35: 2}
    b = {10: 60, 25: 40}
    h = pot_histogram(a, b)
    # 200 pots: the 190th is 25, 400 - 10 > 2 * (25 - 10): pots 10 to 25 in 5-chip bins, the rest "and more"
    assert h == {
        "edges": [10, 15, 20, 25, 30, 401],
        "a": [50, 30, 10, 0, 10],
        "b": [60, 0, 0, 40, 0],
        "last_bin_open": True,
    }
    assert pot_histogram({}, {})["a"] == []


def test_a_required_bet_counts_in_the_chips_wagered_against_the_house():
    # Crazy 4 Poker: Ann antes 10, stakes 10 on the Super Bonus and plays 10
    # (1x with a pair of kings): 30 chips wagered; folded, 20.
    from studrules.game.hand import Hand
    from studrules.spec.loader import load_variant

    variant = load_variant("crazy-4-poker")
    played = Hand(variant, ["Ann"], 500, cards={"Ann": "Kc Kd 7h 5s 2c", "house": "Qc Jd 9h 7s 3d"})
    played.apply("Ann raise 10")
    folded = Hand(variant, ["Ann"], 500, cards={"Ann": "Kc Kd 7h 5s 2c", "house": "Qc Jd 9h 7s 3d"})
    folded.apply("Ann fold")
    tally = compare_tally._Tally(("Ann",), ("strategy",), 0)  # (the seats' names, the bots')
    tally.add(0, 0, {"Ann": "strategy"}, played, folded)
    assert tally.pots == {"a": Counter({30: 1}), "b": Counter({20: 1})}
