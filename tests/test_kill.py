"""Kill pots: what carries from hand to hand at a session (the variant's
``kill``), after Robert's Rules of Poker, section 13: "a player who scoops a
pot bigger than a set size must kill the next pot"; "a player who wins two
consecutive pots must kill the next pot"; "A full kill [...] doubles the
betting limits"; "If a player with one 'leg up' splits the next pot, that
player still has a 'leg up' [...] If the player who split the pot was the
kill in the previous hand, then that player must also kill the next pot."
"""

from __future__ import annotations

import pytest

from studrules.errors import SpecErrors
from studrules.game.hand import Hand
from studrules.game.policies import CheckCall, make_policy
from studrules.spec.loader import load_variant, load_variant_text
from studrules.table.session import Session

TWO_LEGS = """
extends: five-card-stud
name: two-legs
kill:
  legs: 2
  stakes: {low_limit: 2 * low_limit, high_limit: 2 * high_limit}
"""
# generic_poker's Mississippi Stud 8: blinds of half the low limit and the
# low limit (5 and 10), no ante, no bring-in
BLINDS_KILL = """
extends: mississippi-stud-8
name: blinds-kill
kill:
  stakes: {low_limit: 2 * low_limit, high_limit: 2 * high_limit}
  blind: low_limit
"""


def test_a_killed_hand_is_played_at_the_killed_stakes():
    # five-card-stud: ante 1, bring-in 3, limits 10/20; killed: 20/40
    v = load_variant_text(TWO_LEGS)
    cards = {"Ann": ["Kd", "9c"], "Bob": ["Qs", "2c"]}
    hand = Hand(v, ["Ann", "Bob"], 200, seed=1, cards=cards, killer="Ann")
    assert hand.events[0].describe() == "Ann kills this hand: low limit 20, high limit 40"
    # Bob's 2c brings in (3); completing is to the killed low limit, 20
    assert hand.to_act == "Bob"
    assert [str(a) for a in hand.legal_actions()] == ["bring-in 3", "complete to 20"]


def test_a_kill_blind_is_live_and_stands_instead_of_the_killers_blind():
    # killed: limits 20/40 and blinds read from them, 10 and 20 (half the low
    # limit and the low limit). Cat kills and posts the kill blind of the
    # killed low limit, 20; Ann and Bob post their blinds; the player after
    # the big blind, Cat, acts first ("the killer acts in proper turn").
    v = load_variant_text(BLINDS_KILL)
    hand = Hand(v, ["Ann", "Bob", "Cat"], 200, seed=1, killer="Cat")
    posted = [(e.player, e.amount, e.reason) for e in hand.events if e.type == "blind"]
    assert posted == [("Cat", 20, "the kill blind"), ("Ann", 10, "the small blind"), ("Bob", 20, "the big blind")]
    assert hand.to_act == "Cat"  # the player after the big blind, in proper turn
    # where the killer is a blind (Ann, the small blind), his kill blind stands instead of it
    killed_ann = Hand(v, ["Ann", "Bob", "Cat"], 200, seed=1, killer="Ann")
    posted = [(e.player, e.amount, e.reason) for e in killed_ann.events if e.type == "blind"]
    assert posted == [("Ann", 20, "the kill blind"), ("Bob", 20, "the big blind")]


def test_a_kill_blind_in_a_game_without_blinds_is_refused_at_load():
    with pytest.raises(SpecErrors) as err:
        load_variant_text(TWO_LEGS.replace("name: two-legs", "name: blind-stud") + "  blind: low_limit\n")
    assert any("a kill blind is live" in str(e) for e in err.value.errors), err.value.errors


def test_a_scoop_of_a_big_enough_pot_kills_the_next_hand_of_seven_card_stud_hi_lo():
    # the option kill=scoop: one leg, the pot at least five big bets (100)
    v = load_variant("seven-card-stud-hi-lo", options={"kill": "scoop"})
    players = ["Ann", "Bob", "Cat"]
    policies = {p: make_policy("random", seed=i) for i, p in enumerate(players)}
    session = Session([v], players, policies, stacks=2000, hands=40, seed=3, keep_hands=None)
    reports = session.play()
    kills = 0
    for before, after in zip(reports, reports[1:]):
        pots = [p for p in before.result.pots if not p.get("uncalled")]
        winners = {w for p in pots for w, chips in p["winners"].items() if chips}
        # "a pot bigger than a set size": five big bets of the usual stakes, 100, a killed hand's
        # pot too (it read the killed big bet, 40, and a killer's scoop of 124 did not kill again)
        big = sum(p["amount"] for p in pots) >= 100
        if len(winners) == 1:
            expected = next(iter(winners)) if big else None
        else:
            expected = before.killer  # a killer who splits kills again; otherwise nobody
        assert after.killer == expected, after.number
        if after.killer is not None:
            kills += 1
            # killed at double stakes: 20/40, ante 2, bring-in 6
            assert after.hand.plan.stakes["low_limit"] == 20 and after.hand.plan.stakes["ante"] == 2
            assert after.hand.events[0].type == "kill"
    assert kills > 0  # the seeds above reach at least one kill


def test_legs_must_come_in_a_row_from_the_same_player():
    v = load_variant_text(TWO_LEGS)
    players = ["Ann", "Bob", "Cat"]
    session = Session([v], players, {p: CheckCall() for p in players}, stacks=500, hands=30, seed=5)
    reports = session.play()
    holder, legs = None, 0
    for before, after in zip(reports, reports[1:]):
        winners = {w for p in before.result.pots if not p.get("uncalled") for w, c in p["winners"].items() if c}
        if len(winners) == 1:
            (w,) = winners
            legs = legs + 1 if w == holder else 1
            holder = w
            assert after.killer == (w if legs >= 2 else None)
        else:
            assert after.killer == before.killer


def test_a_kill_naming_a_stake_the_variant_has_not_is_refused_at_load():
    with pytest.raises(SpecErrors) as err:
        load_variant_text("extends: five-card-stud\nname: bad\nkill: {stakes: {big_blind: 2 * low_limit}}\n")
    assert any("'big_blind' is not a stake" in str(e) for e in err.value.errors), err.value.errors


def test_only_a_variant_with_a_kill_can_be_killed():
    with pytest.raises(ValueError, match="has no kill"):
        Hand(load_variant("five-card-stud"), ["Ann", "Bob"], 100, seed=1, killer="Ann")


def test_a_killed_hand_is_saved_with_its_killer_and_replays_the_same(tmp_path):
    # the history records the usual stakes and the killer; replayed, the kill
    # doubles them again, the kill event and the same actions follow
    from studrules.records.history import hand_record
    from studrules.records.script import run_script

    v = load_variant("seven-card-stud-hi-lo", options={"kill": "scoop"})
    hand = Hand(v, ["Ann", "Bob"], 500, seed=2, killer="Bob")
    while not hand.is_over:
        hand.check_or_call()
    record = hand_record(hand, seed=2)
    assert record["killer"] == "Bob" and record["stakes"] == {}
    again = run_script(
        {k: record[k] for k in ("variant", "options", "stakes", "players", "stacks", "cards", "killer", "actions")}
    )
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in hand.events]
    assert again.plan.stakes["high_limit"] == 40


@pytest.mark.parametrize(
    "variant, killer, words",
    [("five-card-stud", "Ann", "has no kill"), ("two-legs.yaml", "Zed", "'killer' is one of the players")],
)
def test_a_script_whose_killer_cannot_kill_says_so_at_the_killer_field(tmp_path, variant, killer, words):
    from studrules.errors import ScriptError
    from studrules.records.script import run_script

    (tmp_path / "two-legs.yaml").write_text(TWO_LEGS, encoding="utf-8")
    script = tmp_path / "hand.yaml"
    script.write_text(f"variant: {variant}\nplayers: [Ann, Bob]\nkiller: {killer}\nactions: []\n", encoding="utf-8")
    with pytest.raises(ScriptError, match=words) as err:
        run_script(script)
    assert err.value.location.line == 3  # the killer's line
