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


# --- a declaration for each pot (per_pot: true, generic_poker's declare games) -----

# five-stud-hilo-declare (variants/catalogue/): ante 1, the low card brings in for 3,
# bets 10 and 20. Ann (11 chips) posts the bring-in with her 2d and calls Bob's
# completion to 10 all in; Bob bets 10 on fourth street and Cat calls; then checks.
# Main pot: 3 antes + 3 x 10 = 33 (Ann, Bob, Cat); side pot 1: 2 x 10 = 20 (Bob, Cat).
# Ann A-2-3-4-6 (the best low), Bob kings full of nines (the best high), Cat 8-7-5-3-2.
PER_POT_CARDS = {"Ann": "Ac 2d 3h 4s 6c", "Bob": "Ks Kd Kc 9h 9s", "Cat": "7d 5s 8h 2c 3d"}
PER_POT_BETS = ["Ann bring-in", "Bob complete 10", "Cat call", "Ann call", "Bob bet 10", "Cat call"] + [
    "Bob check",
    "Cat check",
] * 2


def test_each_pot_has_its_own_declarations_main_pot_first():
    from rules_support import script

    # Cat declares high for the main pot (where Ann's low would beat hers) and low for
    # the side pot, where nobody else goes low. Main pot: the high half (17, the odd
    # chip to the high) to Bob, the only high declared better than Cat's; the low half
    # (16) to Ann. Side pot: 10 to Bob (high), 10 to Cat (low).
    declarations = ["Ann declare low", "Bob declare high", "Bob declare high", "Cat declare high", "Cat declare low"]
    out = script(
        "five-stud-hilo-declare",
        PER_POT_CARDS,
        PER_POT_BETS + declarations,
        stacks={"Ann": 11, "Bob": 100, "Cat": 100},
    )
    said = [(e["player"], e["reason"], e["pot"]) for e in out["events"] if e["type"] == "declare"]
    assert said == [
        ("Ann", "low", 0),
        ("Bob", "high", 0),
        ("Bob", "high", 1),
        ("Cat", "high", 0),
        ("Cat", "low", 1),
    ]
    assert [p["winners"] for p in out["result"]["pots"]] == [{"Bob": 17, "Ann": 16}, {"Bob": 10, "Cat": 10}]
    assert out["result"]["stacks"] == {"Ann": 16, "Bob": 106, "Cat": 89}


def test_the_legal_declaration_names_its_pot_and_one_pot_declares_once():
    from studrules.game.policies import make_policy, play_hand

    hand = Hand(
        load_variant("five-stud-hilo-declare"),
        ["Ann", "Bob", "Cat"],
        {"Ann": 11, "Bob": 100, "Cat": 100},
        cards={p: c.split() for p, c in PER_POT_CARDS.items()},
    )
    for action in PER_POT_BETS + ["Ann declare low"]:
        hand.apply(action)
    (la,) = hand.legal_actions()
    assert (hand.to_act, la.pot, str(la)) == ("Bob", 0, "declare high/low/both for the main pot")
    hand.apply("Bob declare both")
    (la,) = hand.legal_actions()
    assert (hand.to_act, la.pot, la.to_dict()["pot"]) == ("Bob", 1, 1)
    # with no side pot, one declaration each and no pot named
    deep = Hand(load_variant("five-stud-hilo-declare"), ["Ann", "Bob", "Cat"], 100, seed=3)
    play_hand(deep, {p: make_policy("check-call") for p in ("Ann", "Bob", "Cat")})
    said = [e for e in deep.events if e.type == "declare"]
    assert len(said) == 3 and all(e.pot is None for e in said)
