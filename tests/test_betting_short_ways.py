"""The betting's and the showdown's short ways give the general answers (issue 18: random play).

A plain round (fixed limit, sizes known before the table, a numbered cap,
checks and check-raises always allowed) with deep stacks takes short ways:
the legal actions without the all-in tests, bets and raises without the
size tests, the alternative sizes remembered across a fold that cannot
change them (and by the plan for the same bet and the same values of the
table names they read), a round started without the general path's tests,
and a single pot's one best hand paid without the side pots worked out. Every shipped pot game is played at random, with deep and short
stacks: at each betting decision the legal actions must be those the general
path works out with nothing remembered, and a whole hand played with the
short ways turned off must give the same events and result.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from studrules.cards.card import is_joker
from studrules.game.actions import Action
from studrules.game.hand import Hand
from studrules.game.plan import _BettingPlan, _plan, _ShowdownPlan
from studrules.spec.loader import load_variant
from studrules.spec.vocabulary import TABLE_NAMES

VARIANTS = Path(__file__).resolve().parent.parent / "variants"
NAMES = tuple(TABLE_NAMES)


@pytest.fixture(scope="module")
def pot_variants():
    return [v for v in (load_variant(p) for p in sorted(VARIANTS.glob("**/*.yaml"))) if not v.is_banked]


def _general_legal(hand: Hand):
    """The legal actions the general path works out, nothing remembered (by the hand or its plan)."""
    rules = hand.round_rules
    kept = hand._plain_round, hand._sizes_memo, rules.memos
    hand._plain_round, hand._sizes_memo, rules.memos = False, None, {}
    try:
        return hand._betting_legal(hand.to_act_seat)
    finally:
        hand._plain_round, hand._sizes_memo, rules.memos = kept


def _table_seen(hand: Hand) -> dict:
    """The table's names as a player reads them off the table: the cards showing, the
    players still in, the chips in the pot (not the hand's own bookkeeping of them)."""
    still_in = [i for i in range(hand.n) if not hand.folded[i]]
    # (a joker shows as a joker: two of them are a pair of jokers, one beside a king no pair)
    showing = [["joker" if is_joker(c) else c.rank for c in hand.up[i]] for i in still_in]
    return {
        "open_pair": any(len(set(ranks)) < len(ranks) for ranks in showing),
        "heads_up": len(still_in) == 2,
        "antes_posted": any(e.type in ("ante", "blind") for e in hand.events),  # (blinds: the forced bets)
        "community_dealt": hand.community_dealt,  # (the short deck's fallback: a flag, nothing to count)
        "players_in": len(still_in),
        "players": len(hand.players),
        "round": len(hand.rounds),
        "pot": sum(hand.start) - sum(hand.stacks),
    }


def _play(variant, names, seed: int, stacks: int, check_each: bool, choose=None) -> Hand:
    """A hand played with every betting decision ``choose(legal, rng)``'s (an action and its
    total; default: one at random); ``check_each``: each decision's legal actions checked
    against the general path's."""
    hand = Hand(variant, names, stacks, seed=seed)
    rng = random.Random(seed)
    while not hand.is_over:
        if hand.phase != "betting":
            hand.apply(hand.default_action())
            continue
        legal = hand.legal_actions()
        if check_each:
            assert legal == _general_legal(hand), (variant.name, seed, stacks, [str(e) for e in hand.events[-3:]])
            table = _table_seen(hand)  # what the alternatives' memo key and every condition read
            assert hand._table_values(NAMES) == tuple(table[name] for name in NAMES), (variant.name, seed)
            assert {k: hand._env()[k] for k in NAMES} == table, (variant.name, seed)
        la, total = (choose or _at_random)(legal, rng)
        hand.apply(Action(hand.to_act, la.action, total))
    return hand


def _at_random(legal, rng):
    la = legal[rng.randrange(len(legal))]
    total = None
    if la.to is not None:
        total = la.to[rng.randrange(len(la.to))]
    elif la.min is not None and la.max is not None and la.action in ("bet", "raise", "complete"):
        total = rng.randint(la.min, la.max)
    return la, total


def test_plain_rounds_are_met(pot_variants):
    """The shipped classic games have plain rounds (else this file checks nothing)."""
    plain = [v.name for v in pot_variants if any(getattr(s, "plain", False) for s in _plan(v, None).steps)]
    assert len(plain) >= 10


@pytest.mark.parametrize("stacks", [2000, 40])
def test_short_ways_answer_as_the_general_path(pot_variants, stacks):
    for v in pot_variants:
        players = max(v.seats.min, min(6, v.seats.max))
        names = [f"P{i + 1}" for i in range(players)]
        for seed in range(6):
            _play(v, names, seed, stacks, check_each=True)


@pytest.mark.parametrize("stacks", [2000, 40])
def test_hands_with_the_short_ways_off_end_the_same(pot_variants, stacks):
    for v in pot_variants:
        players = max(v.seats.min, min(6, v.seats.max))
        names = [f"P{i + 1}" for i in range(players)]
        plan = _plan(v, None)
        rounds = [s for s in plan.steps if isinstance(s, _BettingPlan)]
        showdowns = [s for s in plan.steps if isinstance(s, _ShowdownPlan)]
        for seed in range(6):
            short = _play(v, names, seed, stacks, check_each=False)
            kept = [(r.plain, r.alts_fold_steady, r.start) for r in rounds]
            kept_one_pot = [s.one_pot for s in showdowns]
            try:
                for r in rounds:
                    r.plain = r.alts_fold_steady = False
                    r.start = None
                for s in showdowns:
                    s.one_pot = False
                general = _play(v, names, seed, stacks, check_each=False)
            finally:
                for r, (plain, steady, start) in zip(rounds, kept):
                    r.plain, r.alts_fold_steady, r.start = plain, steady, start
                for s, one_pot in zip(showdowns, kept_one_pot):
                    s.one_pot = one_pot
            assert short.events == general.events, (v.name, seed, stacks)
            assert short.result() == general.result(), (v.name, seed, stacks)


PAIR_RAISES = """\
name: pair-raises
kind: pot
stakes: {ante: 1, low: 10, high: 20}
steps:
  - ante: {amount: ante}
  - deal: {players: [down, up]}
  - betting: {bet: low, bring_in: {who: lowest_up_card, amount: ante}, cap: 3}
  - deal: {players: [up]}
  - betting:
      bet: low
      first_to_act: {rule: best_visible}
      alternatives: [{bet: high, when: open_pair, actions: [bet, raise], sticky: true}]
      cap: 3
  - deal: {players: [up, up]}
  - showdown: {rankings: [high]}
"""


def test_the_high_bet_goes_when_the_open_pair_folds():
    """The alternative sizes are remembered in a round, but not past the fold of the one open pair."""
    from studrules.spec.loader import load_variant_text

    v = load_variant_text(PAIR_RAISES)
    cards = {"Ann": ["2c", "9c", "9d"], "Bob": ["3c", "Kd", "4s", "5d", "6d"], "Cat": ["5c", "Qh", "7s", "8d", "Jd"]}
    h = Hand(v, ["Ann", "Bob", "Cat"], 1000, cards=cards)
    for line in ("Ann bring-in", "Bob call", "Cat call"):  # the lowest up card (9c) brings in
        h.apply(line)
    assert h.round == 2 and h.to_act == "Ann"  # the open pair of nines speaks first
    assert [str(a) for a in h.legal_actions()] == ["check", "bet to 10 or 20"]
    for line in ("Ann check", "Bob check", "Cat bet 10"):
        h.apply(line)
    assert [str(a) for a in h.legal_actions()] == ["fold", "call 10", "raise to 20 or 30"]
    h.apply("Ann fold")  # the only open pair is out: the high bet with it
    assert h.to_act == "Bob"
    assert [str(a) for a in h.legal_actions()] == ["fold", "call 10", "raise to 20"]


def _raise_every_time(legal, rng):
    """Raise (or bet, or complete) to the most allowed whenever allowed, else call or check."""
    la = next((a for a in legal if a.action in ("raise", "bet", "complete")), None)
    if la is None:
        la = next(a for a in legal if a.action in ("call", "check", "bring-in"))
    return la, None if la.to is None and la.max is None else (max(la.to) if la.to is not None else la.max)


@pytest.mark.parametrize("stacks", [60, 75, 100, 131, 400, 5000])
@pytest.mark.parametrize("name", ["five-card-stud", "seven-card-stud"])
def test_heads_up_raising_past_the_cap_ends_as_the_general_path(name, stacks):
    # no cap heads-up: the short ways hold past the cap only while both stacks cover a call
    # and another raise; the raising war runs the stacks down to all in, one way or the other
    variant = load_variant(VARIANTS / f"{name}.yaml")
    plan = _plan(variant, None)
    rounds = [s for s in plan.steps if isinstance(s, _BettingPlan)]
    assert all(r.plain and r.raise_room for r in rounds)  # (else the short ways are not met here)
    for seed in range(3):
        short = _play(variant, ["P1", "P2"], seed, stacks, True, _raise_every_time)
        assert short.result().net and set(short.stacks) <= {0, 2 * stacks}  # one player won it all
        kept = [r.plain for r in rounds]
        try:
            for r in rounds:
                r.plain = False
            general = _play(variant, ["P1", "P2"], seed, stacks, False, _raise_every_time)
        finally:
            for r, plain in zip(rounds, kept):
                r.plain = plain
        assert short.events == general.events, (name, seed, stacks)
        assert short.result() == general.result(), (name, seed, stacks)
