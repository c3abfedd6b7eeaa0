"""Declaring high, low or both before the showdown (variants/house/
seven-card-stud-hi-lo-declare.yaml): the declarations decide who contends
for each half of the pot.

Every hand here: ante 1 each, the lowest up card (Ann's 2h) brings in for 3,
the others call, every later round is checked: a pot of 12, each player in
for 4. High hands rank as usual, the low half by ace-to-five low with no
qualifier; the declarations are made at once, clockwise from the dealer's
left (Ann, Bob, Cat).
"""

from __future__ import annotations

import pytest

from studrules.errors import IllegalActionError, SpecErrors
from studrules.game.hand import Hand
from studrules.spec.loader import load_variant, load_variant_text

# cards in the order dealt: two down, four up, one down
FLUSH = "Ah Kh 2h 9h 7h 3c Qd"  # Ann: a heart flush (low: 9-7-3-2-A)
WHEEL_LOW = "2c 3d Ac 4d 5s Kc Kd"  # Bob: the best low, 5-4-3-2-A (high: a five-high straight)
TRIP_QUEENS = "Qs Qc Qh Js Ts 8s 6d"  # Cat: three queens (low: Q-J-T-8-6)


def play(cards: dict[str, str], declarations: dict[str, str], variant=None) -> dict[str, int]:
    v = variant or load_variant("seven-card-stud-hi-lo-declare")
    hand = Hand(v, list(cards), 500, seed=1, cards={p: c.split() for p, c in cards.items()})
    while not hand.is_over:
        if hand.phase == "declare":
            assert {a.action for a in hand.legal_actions()} == {"declare"}
            hand.apply(f"{hand.to_act} declare {declarations[hand.to_act]}")
        else:
            hand.check_or_call()
    return hand.result().net


def test_the_pot_splits_between_the_best_high_and_the_best_low_declared():
    net = play({"Ann": FLUSH, "Bob": WHEEL_LOW, "Cat": TRIP_QUEENS}, {"Ann": "high", "Bob": "low", "Cat": "high"})
    assert net == {"Ann": 6 - 4, "Bob": 6 - 4, "Cat": -4}


def test_a_player_who_declares_both_and_loses_one_way_wins_nothing():
    # Cat's queens lose high to Ann's flush: she wins nothing, not even a share
    net = play({"Ann": FLUSH, "Bob": WHEEL_LOW, "Cat": TRIP_QUEENS}, {"Ann": "high", "Bob": "low", "Cat": "both"})
    assert net == {"Ann": 2, "Bob": 2, "Cat": -4}


def test_a_player_who_declares_both_and_wins_both_ways_takes_the_pot():
    six_four = "2c 3s As 4s 6s Kc Kd"  # Bob: 6-4-3-2-A
    steel_wheel = "Ad 2d 3d 4d 5d 9c 9s"  # Cat: a five-high straight flush, and the 5-4-3-2-A low
    net = play({"Ann": FLUSH, "Bob": six_four, "Cat": steel_wheel}, {"Ann": "high", "Bob": "low", "Cat": "both"})
    assert net == {"Ann": -4, "Bob": -4, "Cat": 12 - 4}


def test_under_keep_half_both_keeps_the_half_won():
    v = load_variant_text(
        "extends: seven-card-stud-hi-lo-declare\nname: keep-half\nsteps:\n  - declare: {id: declare, both: keep_half}\n"
    )
    six_four = "2c 3s As 4s 6s Kc Kd"  # Bob: 6-4-3-2-A
    wheel = "Ad 2d 3d 4c 5c 9c 9s"  # Cat: the 5-4-3-2-A low; high, a five-high straight loses to the flush
    net = play({"Ann": FLUSH, "Bob": six_four, "Cat": wheel}, {"Ann": "high", "Bob": "low", "Cat": "both"}, v)
    assert net == {"Ann": 2, "Bob": -4, "Cat": 2}


def test_when_nobody_declares_low_the_best_high_takes_the_whole_pot():
    net = play({"Ann": FLUSH, "Bob": WHEEL_LOW, "Cat": TRIP_QUEENS}, {"Ann": "high", "Bob": "high", "Cat": "high"})
    assert net == {"Ann": 8, "Bob": -4, "Cat": -4}


def test_simultaneous_declarations_show_only_when_everybody_has_declared():
    v = load_variant("seven-card-stud-hi-lo-declare")
    cards = {"Ann": FLUSH, "Bob": WHEEL_LOW, "Cat": TRIP_QUEENS}
    hand = Hand(v, list(cards), 500, seed=1, cards={p: c.split() for p, c in cards.items()})
    while hand.phase != "declare":
        hand.check_or_call()
    hand.apply("Ann declare high")
    assert not [e for e in hand.view("Bob").events if e.type == "declare"]  # Bob cannot see Ann's choice
    with pytest.raises(IllegalActionError):
        hand.apply("Bob declare sideways")
    hand.apply("Bob declare low")
    hand.apply("Cat declare both")
    said = [(e.player, e.reason) for e in hand.events if e.type == "declare"]
    assert said == [("Ann", "high"), ("Bob", "low"), ("Cat", "both")]


def test_a_declare_step_needs_a_showdown_with_two_rankings():
    with pytest.raises(SpecErrors) as err:
        load_variant_text("extends: seven-card-stud\nname: bad\nsteps:\n  - declare: {id: d, before: showdown}\n")
    assert "a declare step splits each pot between two rankings" in str(err.value.errors[0])


def test_a_declare_hand_saved_as_a_history_replays_exactly(tmp_path):
    from studrules.game.policies import make_policy, play_hand
    from studrules.records.history import replay_history, write_history

    v = load_variant("seven-card-stud-hi-lo-declare")
    hands = []
    for seed in range(6):
        hand = Hand(v, ["Ann", "Bob", "Cat"], 200, seed=seed)
        policies = {p: make_policy("random", seed=seed * 3 + i) for i, p in enumerate(hand.players)}
        play_hand(hand, policies)
        hands.append(hand)
    path = tmp_path / "declare.jsonl"
    assert write_history(path, hands) == 6
    assert [r.net for r in replay_history(path)] == [h.result().net for h in hands]
    assert any(e.type == "declare" for h in hands for e in h.events)


def test_a_hand_script_stops_at_the_declaration_and_lists_the_choices():
    import studrules

    cards = {"Ann": FLUSH, "Bob": WHEEL_LOW}
    hand = Hand(
        load_variant("seven-card-stud-hi-lo-declare"),
        list(cards),
        100,
        seed=3,
        cards={p: c.split() for p, c in cards.items()},
    )
    while hand.phase != "declare":
        hand.check_or_call()
    script = {
        "variant": "seven-card-stud-hi-lo-declare",
        "players": list(cards),
        "stacks": 100,
        "seed": 3,
        "cards": {p: c.split() for p, c in cards.items()},
        "actions": [str(a) for a in hand.actions] + ["Ann declare low"],
    }
    out = studrules.play_script(script)
    assert out["next"]["legal"] == [{"action": "declare", "choices": ["high", "low", "both"]}]
    assert out["next"]["player"] == "Bob"
