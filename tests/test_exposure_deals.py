"""Exposure by choice and deals whose face follows it: generic_poker's Low
Todd, Seven Card Reverse and Mexican Stud (variants/catalogue/), each played
on chosen cards and worked out by hand.

The stakes are the files' own: ante 1, bring-in 3, small bet 10, big bet 20.
Players sit clockwise from the dealer's left in the order listed; each one's
cards are listed in the order he gets them.
"""

from __future__ import annotations

import pytest
from rules_support import script as _script, script_first_actor as _first_to_act

from studrules.errors import IllegalActionError, SpecErrors
from studrules.game.hand import Hand
from studrules.spec.loader import load_variant, load_variant_text

_BETTING = ("bring_in", "complete", "bet", "raise", "call", "check", "fold")


def _faces(out: dict, player: str) -> list[str]:
    return [e["face"] for e in out["events"] if e["type"] == "deal" and e["player"] == player]


# --- Low Todd ----------------------------------------------------------------


def test_low_todd_the_lowest_chosen_card_brings_in_and_both_must_win_both_ways():
    # Two down each; Ann turns up Kc (keeps 4d), Bob 8s (keeps 2c), at once.
    # The lowest up card brings in: Bob's eight. Ann calls: pot 2 + 3 + 3 = 8.
    # Then three up cards; the best high board acts first each time: Ann's
    # K-9, K-T-9, K-J-T-9 against Bob's 8-3, 8-5-3, 8-6-5-3. Ann declares
    # high, Bob both: his 8-6-5-3-2 is the only low, but his eight high loses
    # the high to Ann's king high, so he wins nothing and Ann takes the pot.
    out = _script(
        "low-todd",
        {"Ann": "Kc 4d 9h Ts Jh", "Bob": "2c 8s 3h 5d 6c"},
        ["Ann expose Kc", "Bob expose 8s", "Bob bring-in", "Ann call"]
        + ["Ann check", "Bob check"] * 3
        + ["Ann declare high", "Bob declare both"],
    )
    assert [(e["player"], e["card"]) for e in out["events"] if e["type"] == "expose"] == [
        ("Ann", "Kc"),
        ("Bob", "8s"),
    ]
    assert [_first_to_act(out, r) for r in (1, 2, 3, 4)] == ["Bob", "Ann", "Ann", "Ann"]
    assert out["result"]["stacks"] == {"Ann": 104, "Bob": 96}


def test_low_todd_nobody_sees_anothers_choice_before_making_his_own():
    hand = Hand(load_variant("low-todd"), ["Ann", "Bob"], 100, seed=1, cards={"Ann": ["Kc", "4d"], "Bob": ["2c", "8s"]})
    hand.apply("Ann expose Kc")
    assert not [e for e in hand.view("Bob").events if e.type == "expose"]


# --- Seven Card Reverse ------------------------------------------------------


def test_seven_card_reverse_a_blind_bring_in_five_exposures_and_two_discards():
    # Seven down each. No card is up, so the dealer's left (Ann) brings in
    # blind for 3 (the file's reading); Bob, after her, acts first and calls;
    # Ann checks her option: pot 2 + 3 + 3 = 8. Ann turns up Ts, Js, Qs, Ks,
    # As; Bob Ah, 2h, 3h, 4h, 5c. Round 2: Bob's ace beats Ann's ten; rounds
    # 3 to 5: his ace high still beats her T-J, T-J-Q, T-J-Q-K; round 6: her
    # ace-high straight beats his five-high straight, so she acts first.
    # Each discards his last two face-down cards and keeps his five up cards.
    # Ann declares high (a royal flush), Bob both: A-2-3-4-5 is the low, but
    # his straight loses the high, so he wins nothing: Ann takes 8.
    out = _script(
        "seven-card-reverse",
        {"Ann": "As Ks Qs Js Ts 2c 3d", "Bob": "Ah 2h 3h 4h 5c Kd Kc"},
        ["Bob call", "Ann check"]
        + ["Ann expose Ts", "Bob expose Ah", "Bob check", "Ann check"]
        + ["Ann expose Js", "Bob expose 2h", "Bob check", "Ann check"]
        + ["Ann expose Qs", "Bob expose 3h", "Bob check", "Ann check"]
        + ["Ann expose Ks", "Bob expose 4h", "Bob check", "Ann check"]
        + ["Ann expose As", "Bob expose 5c", "Ann check", "Bob check"]
        + ["Ann discard 2c 3d", "Bob discard Kd Kc", "Ann declare high", "Bob declare both"],
    )
    assert [(e["type"], e["player"], e["amount"]) for e in out["events"] if e["type"] == "blind"] == [
        ("blind", "Ann", 3)
    ]
    assert _faces(out, "Ann") == ["down"] * 7
    assert [_first_to_act(out, r) for r in range(1, 7)] == ["Bob", "Bob", "Bob", "Bob", "Bob", "Ann"]
    assert out["result"]["stacks"] == {"Ann": 104, "Bob": 96}


# --- Mexican Stud (generic_poker) ---------------------------------------------

MEXICAN = {"Ann": "Kc 7d 9s Ks 3c", "Bob": "2h Qs 2d 5c Qh"}


def test_mexican_stud_the_next_card_comes_down_only_to_a_player_whose_cards_are_all_up():
    # Bob's Qs is the highest up card: he brings in, Ann calls (pot 8).
    # Before the third card Ann turns her Kc up (all her cards up: 9s comes
    # down); Bob keeps 2h down (2d comes up). Before the fourth Ann keeps 9s
    # (Ks up), Bob turns 2h up (5c down). Before the fifth Ann turns 9s up
    # (3c down), Bob keeps 5c (Qh up). Each always holds one card down.
    # Boards: round 2 K-7 against Q-2 (Ann first); round 3 K-K-7 against
    # Q-2-2 (Ann); round 4 K-K-9-7 against Q-Q-2-2 (Bob). Bob's queens and
    # deuces beat Ann's kings: he takes the pot of 8.
    out = _script(
        "mexican-stud-generic-poker",
        MEXICAN,
        ["Bob bring-in", "Ann call"]
        + ["Ann expose Kc", "Bob expose", "Ann check", "Bob check"]
        + ["Ann expose", "Bob expose 2h", "Ann check", "Bob check"]
        + ["Ann expose 9s", "Bob expose", "Bob check", "Ann check"],
    )
    assert _faces(out, "Ann") == ["down", "up", "down", "up", "down"]
    assert _faces(out, "Bob") == ["down", "up", "up", "down", "up"]
    assert [_first_to_act(out, r) for r in (1, 2, 3, 4)] == ["Bob", "Ann", "Ann", "Bob"]
    assert out["result"]["stacks"] == {"Ann": 96, "Bob": 104}


def test_mexican_stud_a_player_turns_up_one_card_or_none_in_turn_seeing_the_earlier_choices():
    hand = Hand(
        load_variant("mexican-stud-generic-poker"),
        list(MEXICAN),
        100,
        seed=1,
        cards={p: c.split() for p, c in MEXICAN.items()},
    )
    hand.apply("Bob bring-in")
    hand.apply("Ann call")
    assert hand.phase == "expose" and hand.to_act == "Ann"
    (legal,) = hand.legal_actions()
    assert legal.to_dict() == {"action": "expose", "choices": ["Kc"], "min": 0, "max": 1}
    with pytest.raises(IllegalActionError):
        hand.apply("Ann expose 7d")  # already up
    hand.apply("Ann expose Kc")
    # in turn: Bob sees her card turned before he chooses
    assert [str(e.card) for e in hand.view("Bob").events if e.type == "expose"] == ["Kc"]
    hand.apply("Bob expose")  # none: he keeps 2h down
    assert [str(c) for c in hand.view("Bob").up_cards["Ann"]] == ["7d", "Kc"]
    assert [str(c) for c in hand.view("Ann").up_cards["Bob"]] == ["Qs", "2d"]


def test_an_exposure_range_must_run_upward():
    with pytest.raises(SpecErrors) as err:
        load_variant_text(
            "extends: five-card-stud\nname: bad\nsteps:\n"
            "  - expose: {id: e, count: {min: 2, max: 1}, after: second-street}\n"
        )
    assert "count.min (2) is more than count.max (1)" in str(err.value.errors[0])


def test_the_schema_faces_of_a_players_card_are_the_models():
    from studrules.spec.model import PLAYER_FACES
    from studrules.spec.schema import schema

    assert tuple(schema()["$defs"]["player_face"]["enum"]) == PLAYER_FACES
