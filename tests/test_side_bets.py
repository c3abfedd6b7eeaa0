"""Side bets each position chooses, hand by hand, in games against the house:
the limits a file states (``min``/``max`` of a side bet, checked at load), the
stakes a position makes (``Hand(..., side_bets=...)``, checked before any card
is dealt), how each is settled, said and written down.

Every net below is worked out by hand from the variant files' pay tables:
``variants/three-card-poker.yaml`` (ante 10, play 10; the house qualifies with
queen high; ante bonus straight flush 5, three of a kind 4, straight 1; Pair
Plus straight flush 40, three of a kind 30, straight 6, flush 4, pair 1, lost
on a fold), ``variants/four-card-poker.yaml`` (Aces Up pair of aces 1 to 1,
standing on a fold) and ``variants/caribbean-stud-it.yaml`` (the progressive
of ``jackpot_500``: "an optional $1 side bet", "a fixed £1").
"""

from __future__ import annotations

import json

import pytest
from rules_support import net, play

from studrules.errors import IllegalActionError, SpecErrors
from studrules.game.hand import Hand
from studrules.game.settlement import side_bet_limits
from studrules.records.history import read_history, replay_history, write_history
from studrules.records.script import play_script
from studrules.spec.loader import load_variant, load_variant_text
from studrules.spec.resources import variants_dir

TCP, FCP, IT = "three-card-poker", "four-card-poker", "caribbean-stud-it"

# Ann A-9-4 of hearts (a flush), Bob three kings; the house Q-J-3 (queen high: it qualifies)
FLUSH_AND_TRIPS = {"Ann": "Ah 9h 4h", "Bob": "Kc Kd Ks", "house": "Qs Jh 3d"}


def _tcp(side_bets=None, **kw):
    return play(TCP, FLUSH_AND_TRIPS, ["Ann raise", "Bob raise"], side_bets=side_bets, **kw)


# --- the stakes each position chooses ------------------------------------------------------


def test_ann_makes_pair_plus_10_and_bob_none_each_is_settled_on_his_own_stake():
    h = _tcp({"Ann": {"pair_plus": 10}, "Bob": {}})
    # Ann: her flush beats the house's queen high: ante 10 and play 10 at even money (+20), no
    # ante bonus (a flush is no bonus line); her Pair Plus of 10 pays a flush 4 to 1 (+40): +60.
    # Bob: three kings beat it (+20) and earn the ante bonus, 4 to 1 on his ante of 10 (+40):
    # +60; he made no Pair Plus, so it is 0, though three of a kind would have paid 30 to 1.
    assert net(h) == {"Ann": 60, "Bob": 60}
    result = h.result()
    assert result.house_net == -120
    ann, bob = result.positions
    assert ann["side_bets"] == {"pair_plus": {"stake": 10, "net": 40}} and ann["side_net"] == 40
    assert bob["side_bets"] == {"pair_plus": {"stake": 0, "net": 0}} and bob["side_net"] == 0
    # the settlement's words say the stake and what it won; Bob's say no Pair Plus
    said = [e.describe() for e in h.events if e.type == "settle"]
    assert said[0] == "Ann wins 60 (beats the house: flush pays 1 to 1; pair_plus 10 wins 40: flush pays 4 to 1)"
    assert "pair_plus" not in said[1]


def test_without_side_bets_every_position_stakes_the_games_own_as_before():
    # the table's Pair Plus of 5 for everybody: Ann +20 and a flush 4 to 1 on 5 (+20): +40;
    # Bob +60 and three of a kind 30 to 1 on 5 (+150): +210
    h = _tcp(stakes={"pair_plus": 5})
    assert net(h) == {"Ann": 40, "Bob": 210}
    # its words and result as they always were, so that a history written before replays
    said = [e.describe() for e in h.events if e.type == "settle"]
    assert said[0] == "Ann wins 40 (beats the house: flush pays 1 to 1; pair_plus wins: flush pays 4 to 1)"
    assert all("side_bets" not in p for p in h.result().positions)
    # a position not named stakes the game's own: Bob's 5, Ann her 10 (+20 + 40)
    assert net(_tcp({"Ann": {"pair_plus": 10}}, stakes={"pair_plus": 5})) == {"Ann": 60, "Bob": 210}
    # and a stake of 0 is none, even where the table stakes 5: Bob +60
    assert net(_tcp({"Bob": {"pair_plus": 0}}, stakes={"pair_plus": 5})) == {"Ann": 40, "Bob": 60}


def test_a_fold_loses_the_pair_plus_chosen_and_aces_up_stands():
    # Ann folds a pair of kings with a Pair Plus of 10: the ante (10) and the Pair Plus (10) lost
    h = play(TCP, {"Ann": "Kc Kd 3h", "house": "Jc Td 5s"}, ["Ann fold"], side_bets={"Ann": {"pair_plus": 10}})
    assert net(h) == {"Ann": -20}
    # Four Card Poker: Ann folds a pair of aces with an Aces Up of 20: her ante (10) is lost, the
    # Aces Up stands and pays a pair of aces 1 to 1 (+20): +10
    h = play(
        FCP,
        {"Ann": "Ac Ad 7h 4s 2c", "house": "3c 3d 3h 3s Qd Td"},
        ["Ann fold"],
        side_bets={"Ann": {"aces_up": 20}},
    )
    assert net(h) == {"Ann": 10}


def test_a_fixed_progressive_is_its_chip_or_nothing():
    # the progressive of jackpot_500 is one chip or none: Ann's full house (100 for the chip,
    # collected: +99) raised against a house that does not qualify (ante +10, raise returned): +109;
    # Bob's flush would pay 50 for a chip, but he makes none: +10
    cards = {"Ann": "9c 9d 9h 4s 4c", "Bob": "Ah Jh 8h 6h 2h", "house": "2c 3d 6c 8c Td"}
    h = play(
        IT,
        cards,
        ["Ann raise", "Bob raise"],
        options={"progressive": "jackpot_500"},
        side_bets={"Ann": {"progressive": 1}, "Bob": {}},
        stacks=100,
    )
    assert net(h) == {"Ann": 10 + 99, "Bob": 10}
    with pytest.raises(IllegalActionError, match="Ann's side bet progressive of 2 is above the table maximum of 1"):
        play(IT, cards, [], options={"progressive": "jackpot_500"}, side_bets={"Ann": {"progressive": 2}})


LIMITED = (
    (variants_dir() / "three-card-poker.yaml")
    .read_text(encoding="utf-8")
    .replace(
        "          amount: pair_plus\n",
        "          amount: pair_plus\n          min: table_min\n          max: table_max\n",
    )
)


@pytest.mark.parametrize(
    "side_bets, error, words",
    [
        (
            {"Ann": {"pair_plus": 4}},
            IllegalActionError,
            "Ann's side bet pair_plus of 4 is below the table minimum of 5: its stakes are 5 to 100",
        ),
        (
            {"Bob": {"pair_plus": 101}},
            IllegalActionError,
            "Bob's side bet pair_plus of 101 is above the table maximum of 100: its stakes are 5 to 100",
        ),
        # ante 10 and a Pair Plus of 95: more than a stack of 100
        (
            {"Ann": {"pair_plus": 95}},
            IllegalActionError,
            "Ann's ante of 10 and side bets of 95 are more than his stack of 100",
        ),
        (
            {"Ann": {"pairplus": 10}},
            ValueError,
            "Ann's side bet 'pairplus': limited has none of that name: its side bets are pair_plus",
        ),
        ({"Ann": {"pair_plus": -5}}, ValueError, "Ann's side bet pair_plus is a whole number of chips"),
        ({"Ann": {"pair_plus": True}}, ValueError, "Ann's side bet pair_plus is a whole number of chips"),
        ({"Cat": {"pair_plus": 10}}, ValueError, "side_bets name players who are not in the hand: Cat"),
        ({"Ann": 10}, ValueError, "Ann's side bets map each bet to its chips"),
    ],
)
def test_a_side_bet_out_of_its_limits_or_unknown_is_refused_before_any_card(side_bets, error, words):
    variant = load_variant_text(LIMITED.replace("name: three-card-poker", "name: limited"))
    with pytest.raises(error) as caught:
        Hand(variant, ["Ann", "Bob"], 100, side_bets=side_bets)
    assert words in str(caught.value)
    # within them, the same hand is dealt
    assert Hand(variant, ["Ann", "Bob"], 100, side_bets={"Ann": {"pair_plus": 5}, "Bob": {"pair_plus": 100 - 10}})


def test_a_game_without_side_bets_has_none_to_make():
    with pytest.raises(ValueError, match="razz has none of that name: it has no side bets"):
        Hand(load_variant("razz"), ["Ann", "Bob"], 100, side_bets={"Ann": {"pair_plus": 10}})
    with pytest.raises(ValueError, match="caribbean-stud-it has none of that name: it has no side bets"):
        Hand(load_variant(IT), ["Ann"], 100, side_bets={"Ann": {"progressive": 1}})
    # none made is nothing to refuse: Ann's three nines against a house that does not qualify, +10
    h = play(IT, {"Ann": "9c 9d 9h 4s 2c", "house": "2d 3d 6h 8c Td"}, ["Ann raise"], side_bets={"Ann": {}})
    assert net(h) == {"Ann": 10} and "side_bets" not in h.result().positions[0]


# --- the limits a file states -------------------------------------------------------------


def test_the_shipped_files_keep_their_stakes_and_state_only_the_progressives_limits():
    # no source states a Pair Plus or an Aces Up limit: a chip or more, no maximum but the stack
    for name, bet in ((TCP, "pair_plus"), (FCP, "aces_up")):
        variant = load_variant(name)
        assert side_bet_limits(variant, variant.stake_values()) == [(bet, 1, None)]
    # "an optional $1 side bet", "a fixed £1": the progressive's one chip
    variant = load_variant(IT, options={"progressive": "jackpot_100"})
    assert side_bet_limits(variant, variant.stake_values()) == [("progressive", 1, 1)]


@pytest.mark.parametrize(
    "limits, line, column, words",
    [
        ("min: 0", 99, 16, "the side bet 'pair_plus' has a minimum of 0: a stake is 1 chip or more"),
        # no minimum: the least is a chip, so a maximum of 0 allows no stake
        ("max: 0", 99, 16, "the side bet 'pair_plus' has a maximum of 0: a stake is 1 chip or more"),
        ("min: 50, max: table_min", 99, 16, "the side bet 'pair_plus' has a minimum (50) above its maximum (5)"),
        (
            "min: table_min, max: 8",
            98,
            19,
            "the side bet 'pair_plus' is staked 10, above its table maximum: its stakes are from 5 to 8",
        ),
        (
            "min: 20",
            98,
            19,
            "the side bet 'pair_plus' is staked 10, below its table minimum: its stakes are 20 or more",
        ),
        ("min: nope", 99, 16, "unknown name 'nope'"),
    ],
)
def test_a_bad_limit_is_refused_at_load_with_its_place(tmp_path, limits, line, column, words):
    text = (variants_dir() / "three-card-poker.yaml").read_text(encoding="utf-8")
    text = text.replace("  pair_plus: 0", "  pair_plus: 10")  # a Pair Plus the table stakes unless one chooses
    lines = "".join(f"          {item.strip()}\n" for item in limits.split(","))
    path = tmp_path / "limits.yaml"
    path.write_text(
        text.replace("          amount: pair_plus\n", "          amount: pair_plus\n" + lines), encoding="utf-8"
    )
    with pytest.raises(SpecErrors) as caught:
        load_variant(path)
    (error,) = caught.value.errors
    assert words in error.message
    assert (error.location.file, error.location.line, error.location.column) == (str(path), line, column)


# --- written down -----------------------------------------------------------------------------


def test_a_history_keeps_each_positions_side_bets_and_replays_them(tmp_path):
    h = _tcp({"Ann": {"pair_plus": 10}, "Bob": {}})
    path = tmp_path / "h.jsonl"
    write_history(path, [h])
    (record,) = read_history(path)
    assert record["side_bets"] == {"Ann": {"pair_plus": 10}, "Bob": {}}
    (result,) = replay_history(path)
    assert result.net == {"Ann": 60, "Bob": 60}
    # and a script says them the same way
    out = play_script(
        {
            "variant": TCP,
            "players": ["Ann", "Bob"],
            "stacks": 200,
            "cards": {k: v.split() for k, v in FLUSH_AND_TRIPS.items()},
            "side_bets": {"Ann": {"pair_plus": 10}, "Bob": {}},
            "actions": ["Ann raise", "Bob raise"],
        }
    )
    assert out["result"]["net"] == {"Ann": 60, "Bob": 60}
    assert json.dumps(out["result"]["positions"][0]["side_bets"]) == '{"pair_plus": {"stake": 10, "net": 40}}'


def test_a_void_hand_returns_the_side_bets_made():
    h = play(
        IT,
        {"Ann": "9c 9d 9h 4s 4c", "house": "2c 3d 6c 8c Td"},
        ["dealer void"],
        options={"progressive": "jackpot_500"},
        side_bets={"Ann": {"progressive": 1}},
        stacks=100,
    )
    # every bet returned: the ante and the progressive's chip
    assert net(h) == {"Ann": 0}
    assert h.result().positions[0]["side_bets"] == {"progressive": {"stake": 1, "net": 0}}


def test_the_rule_book_and_the_diff_say_the_limits():
    from studrules.analysis.diff import diff
    from studrules.analysis.rulebook import explain

    limited = load_variant_text(LIMITED.replace("name: three-card-poker", "name: limited"))
    (difference,) = diff(load_variant(TCP), limited)
    # the default limits written out (1 chip, no limit); the file's, table_min and table_max at its stakes
    assert (difference.rule, difference.a, difference.b) == ("pair plus limits", "from 1 to no limit", "from 5 to 100")
    book = " ".join(explain(limited).split())
    assert (
        "Side bet pair plus (the stake pair_plus, 0; 0: not placed; a position may choose his own stake, from 5 to 100)"
        in book
    )
    book = " ".join(explain(load_variant(TCP)).split())
    assert "a position may choose his own stake, 1 chip or more" in book
