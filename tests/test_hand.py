"""The interpreter's rules, one test each, with outcomes worked out by hand."""

from __future__ import annotations

import random

import pytest

from studrules.cards.deck import Deck
from studrules.errors import CardError, IllegalActionError
from studrules.game.actions import Action, LegalAction
from studrules.game.hand import Hand
from studrules.spec.loader import load_variant, load_variant_text

FR = load_variant("five-card-stud-fr")


def play(hand: Hand, *actions: str) -> Hand:
    for a in actions:
        hand.apply(a)
    return hand


def legal(hand: Hand) -> list[dict]:
    return [a.to_dict() for a in hand.legal_actions()]


def check_down(hand: Hand) -> Hand:
    while not hand.is_over:
        hand.check_or_call()
    return hand


# --- betting structures ----------------------------------------------------


def test_no_limit_minimum_raise_is_the_last_raise() -> None:
    # ante 1, minimum bet 2: Ann bets 10, Bob may raise to 20..99; Bob raises
    # to 30 (a raise of 20), so Cat's minimum raise is to 50.
    h = Hand(load_variant("five-card-stud-ru-home"), ["Ann", "Bob", "Cat"], 100, seed=1)
    play(h, "Ann bet 10")
    assert legal(h)[-1] == {"action": "raise", "to": "20..99", "min": 20, "max": 99}
    play(h, "Bob raise 30")
    assert legal(h) == [
        {"action": "fold"},
        {"action": "call", "amount": 30},
        {"action": "raise", "to": "50..99", "min": 50, "max": 99},
    ]


def test_pot_limit_bet_and_raise_at_most_the_pot() -> None:
    # antes 3: Ann may bet 2..3; she bets 3 (pot 6); Bob may raise to 3 + (6 + 3) = 12.
    h = Hand(
        load_variant("five-card-stud-ru-home", options={"structure": "pot_limit"}), ["Ann", "Bob", "Cat"], 100, seed=1
    )
    assert legal(h)[-1] == {"action": "bet", "to": "2..3", "min": 2, "max": 3}
    play(h, "Ann bet 3")
    assert legal(h)[-1] == {"action": "raise", "to": "6..12", "min": 6, "max": 12}


def test_raise_limited_to_double_the_bet() -> None:
    # "ограничено – например, удвоением ставки": after a bet of 10 a raise may only reach 20.
    h = Hand(load_variant("five-card-stud-ru-home", options={"reraise": "double"}), ["Ann", "Bob"], 100, seed=1)
    play(h, "Ann bet 10")
    assert legal(h)[-1] == {"action": "raise", "to": "20..20", "min": 20, "max": 20}


def test_no_reraise_allows_only_the_bet() -> None:
    h = Hand(load_variant("five-card-stud-ru-home", options={"reraise": "forbidden"}), ["Ann", "Bob"], 100, seed=1)
    play(h, "Ann bet 10")
    assert legal(h) == [{"action": "fold"}, {"action": "call", "amount": 10}]


def test_short_all_in_raise_does_not_reopen_the_betting() -> None:
    # Cat: 17 chips, ante 5, calls the bring-in 5, then raises all in to 12 over
    # Ann's completion to 10: a raise of 2, less than the 10 of a full one.
    # Ann and Bob, who have acted, may only call 2 or fold.
    h = Hand(
        FR,
        ["Ann", "Bob", "Cat"],
        {"Ann": 100, "Bob": 100, "Cat": 17},
        cards={"Ann": ["Kd", "9c"], "Bob": ["Qs", "2c"], "Cat": ["Js", "Th"]},
        seed=1,
    )
    play(h, "Bob bring-in", "Cat call", "Ann complete 10", "Bob call")
    assert legal(h)[-1] == {"action": "raise", "to": [12]}
    play(h, "Cat raise 12")
    assert h.to_act == "Ann"
    assert legal(h) == [{"action": "fold"}, {"action": "call", "amount": 2}]


# --- acting order -------------------------------------------------------------


def _tie_variant(tmp_path, tie_break: str):
    path = tmp_path / f"tie-{tie_break}.yaml"
    path.write_text(
        "extends: five-card-stud-fr\nname: tie-test\ntitle: tie test\n"
        f"steps:\n  - betting: {{id: round-2, first_to_act: {{rule: best_visible, tie_break: {tie_break}}}}}\n"
    )
    return load_variant(path)


@pytest.mark.parametrize("tie_break, first", [("nearest_dealer", "Ann"), ("suit", "Bob")])
def test_best_visible_ties_broken_by_the_variants_rule(tmp_path, tie_break, first) -> None:
    # Ann shows 9c 8h, Bob 9h 8c: equal boards. Nearest the dealer: Ann; by
    # suit, the highest single card (9h) is Bob's.
    h = Hand(
        _tie_variant(tmp_path, tie_break),
        ["Ann", "Bob"],
        100,
        cards={"Ann": ["Kd", "9c", "8h"], "Bob": ["Qs", "9h", "8c"]},
        seed=1,
    )
    play(h, "Ann bring-in", "Bob call")  # 9c is lower than 9h: Ann brings in
    assert h.to_act == first


# --- illegal actions change nothing ----------------------------------------------


def test_illegal_action_changes_nothing_and_says_what_is_legal() -> None:
    h = Hand(FR, ["Ann", "Bob"], 100, cards={"Ann": ["Kd", "9c"], "Bob": ["Qs", "2c"]}, seed=1)
    before = (list(h.events), list(h.stacks), h.to_act, h.legal_actions())
    with pytest.raises(IllegalActionError) as info:
        h.apply("Bob raise 15")
    assert "bring-in 5" in str(info.value) and "complete to 10" in str(info.value)
    with pytest.raises(IllegalActionError, match="Bob's turn"):
        h.apply("Ann call")
    with pytest.raises(IllegalActionError):
        h.apply("Bob complete 15")
    assert (list(h.events), list(h.stacks), h.to_act, h.legal_actions()) == before


def test_legal_for_is_empty_unless_it_is_his_turn() -> None:
    h = Hand(FR, ["Ann", "Bob"], 100, cards={"Ann": ["Kd", "9c"], "Bob": ["Qs", "2c"]}, seed=1)
    assert h.legal_for("Ann") == ()
    assert h.legal_for("Bob") == (LegalAction("bring-in", amount=5), LegalAction("complete", to=(10,)))


# --- views ------------------------------------------------------------------------


def test_view_shows_own_down_cards_and_every_up_card_only() -> None:
    h = Hand(FR, ["Ann", "Bob"], 100, cards={"Ann": ["Kd", "9c"], "Bob": ["Qs", "2c"]}, seed=1)
    view = h.view("Ann")
    assert [str(c) for c in view.my_cards] == ["Kd", "9c"]
    assert [str(c) for c in view.up_cards["Bob"]] == ["2c"]
    shown = {str(e.card) for e in view.events if e.card is not None}
    assert "Qs" not in shown and "2c" in shown and "Kd" in shown
    assert view.legal == () and h.view("Bob").legal == h.legal_actions()


# --- deals --------------------------------------------------------------------------


def test_same_seed_same_history() -> None:
    a = check_down(Hand(FR, ["Ann", "Bob", "Cat"], 100, seed=11))
    b = check_down(Hand(FR, ["Ann", "Bob", "Cat"], 100, seed=11))
    c = check_down(Hand(FR, ["Ann", "Bob", "Cat"], 100, seed=12))
    assert a.events == b.events and a.events != c.events


def test_a_run_of_hands_shares_one_generator() -> None:
    """seed=random.Random(s): the first hand deals what seed=s deals, the next ones go on
    with the same generator (no deck of their own), and the run starts again the same."""
    names = ["Ann", "Bob", "Cat"]

    def run(rng: random.Random) -> list:
        return [check_down(Hand(FR, names, 100, seed=rng)).events for _ in range(3)]

    first = run(random.Random(11))
    assert first[0] == check_down(Hand(FR, names, 100, seed=11)).events
    assert first[1] != first[0] and first[2] != first[1]
    assert run(random.Random(11)) == first
    # the second hand dealt the cards that come after the first shuffle's draws
    rng = random.Random(11)
    Deck(rng, shuffled=True)
    assert check_down(Hand(FR, names, 100, seed=rng)).events == first[1]


def test_community_card_when_the_deck_runs_short() -> None:
    # Eight players to the seventh card need 8 x 7 = 56 cards: after six cards
    # each (48) four are left, fewer than eight: one community card instead,
    # and no betting in that round ("ставки в этом круге торговли не разрешаются").
    names = [f"P{i}" for i in range(8)]
    h = check_down(Hand(load_variant("stud-ru-casino"), names, 1000, seed=3))
    community = [e for e in h.events if e.type == "community"]
    assert len(community) == 1
    assert not any(e.round == 5 for e in h.events)
    assert all(len(h.cards_of(p)) == 6 for p in names)
    shows = [e for e in h.events if e.type == "show"]
    assert shows and all(len(e.cards) == 7 and community[0].card in e.cards for e in shows)


def test_burn_before_the_third_card() -> None:
    h = check_down(Hand(load_variant("five-card-stud-ru-home"), ["Ann", "Bob"], 100, seed=2))
    types = [e.type for e in h.events]
    assert types.count("burn") == 1
    assert types.index("burn") > types.index("check")  # after round 1


# --- void hands ----------------------------------------------------------------------


def test_wrong_card_count_makes_the_hand_void() -> None:
    h = Hand(FR, ["Ann", "Bob"], 100, cards={"Ann": ["Kd", "9c", "8h", "7s", "3d", "2h"]}, seed=1)
    check_down(h)
    assert h.events[-1].type == "void"
    assert h.result().net == {"Ann": 0, "Bob": 0} and h.result().void


def test_dealer_declares_a_banked_hand_void() -> None:
    h = Hand(load_variant("caribbean-stud-it"), ["Ann", "Bob"], 100, seed=1)
    play(h, "Ann raise", "dealer void")
    assert h.is_over and h.result().net == {"Ann": 0, "Bob": 0} and h.result().house_net == 0


def test_pot_game_without_declared_void_refuses_it() -> None:
    h = Hand(FR, ["Ann", "Bob"], 100, seed=1)
    with pytest.raises(IllegalActionError, match="does not let the dealer"):
        h.apply("dealer void")


# --- showdown ---------------------------------------------------------------------


def test_hi_lo_split_odd_chip_to_the_high_half() -> None:
    # Ante 1, bring-in 3: Bob (2d) brings in, Cat folds, Ann calls: pot 9.
    # Ann's three kings win high (5, with the odd chip), Bob's 8-7-5-3-2 low 4.
    h = Hand(
        load_variant("seven-card-stud-hi-lo"),
        ["Ann", "Bob", "Cat"],
        100,
        cards={
            "Ann": ["Kc", "Kd", "Ks", "9h", "Jc", "4s", "Th"],
            "Bob": ["3c", "5h", "2d", "7c", "8s", "Qd", "Jd"],
            "Cat": ["9c", "9d", "Qh"],
        },
        seed=1,
    )
    play(h, "Bob bring-in", "Cat fold", "Ann call")
    check_down(h)
    assert h.result().net == {"Ann": 1, "Bob": 0, "Cat": -1}


def test_mucked_hand_cannot_win() -> None:
    # Hebrew rules: "each player may show or muck; mucking gives up the pot".
    # Bob mucks the better hand: Ann wins.
    h = Hand(
        load_variant("five-card-stud-he"),
        ["Ann", "Bob"],
        100,
        cards={"Ann": ["Kd", "9c", "8h", "7s", "3d"], "Bob": ["As", "2c", "Ah", "Ad", "Ac"]},
        seed=1,
    )
    play(h, "Bob bring-in", "Ann call")
    while h.phase == "betting":
        h.check_or_call()
    shower = h.to_act
    if shower == "Ann":
        play(h, "Ann show", "Bob muck")
    else:
        play(h, "Bob muck")
    assert h.is_over and h.result().net["Ann"] > 0


def test_default_showdown_mucks_a_beaten_hand() -> None:
    h = Hand(
        load_variant("five-card-stud-he"),
        ["Ann", "Bob"],
        100,
        cards={"Ann": ["As", "2c", "Ah", "Ad", "Ac"], "Bob": ["Kd", "9c", "8h", "7s", "3d"]},
        seed=1,
    )
    play(h, "Ann bring-in", "Bob call")
    check_down(h)
    types = [(e.type, e.player) for e in h.events if e.type in ("show", "muck")]
    assert types == [("show", "Ann"), ("muck", "Bob")]


# --- banked -------------------------------------------------------------------------


def test_ante_outside_the_table_limits_is_refused_before_the_deal() -> None:
    v = load_variant("caribbean-stud-it")
    with pytest.raises(IllegalActionError, match="above the table maximum of 100"):
        Hand(v, ["Ann"], 500, antes={"Ann": 200}, seed=1)
    with pytest.raises(IllegalActionError, match="below the table minimum of 5"):
        Hand(v, ["Ann"], 500, antes={"Ann": 2}, seed=1)


def test_action_round_trips_through_text() -> None:
    assert Action.parse(str(Action("Ann", "raise", 30))) == Action("Ann", "raise", 30)


def test_every_view_hides_exactly_the_cards_the_seat_may_not_see_as_the_hand_goes_on():
    """Another seat's down cards and the burns are hidden; everything else is as it happened,
    at every decision of the hand (the masked history grows with the hand)."""
    from studrules.game.policies import RandomPolicy

    for name, seed in [(n, s) for n in ("seven-card-stud", "five-card-stud-ru-home") for s in range(10)]:
        # the second burns a card before the third down card
        hand = Hand(load_variant(name), ["Ann", "Bob", "Cat", "Dan"], 500, seed=seed)
        policy = RandomPolicy(seed)
        while not hand.is_over:
            for p in hand.players:
                seen = hand.view(p).events
                assert len(seen) == len(hand.events)
                for mine, real in zip(seen, hand.events):
                    hidden = real.type == "burn" or (real.type == "deal" and real.face == "down" and real.player != p)
                    assert mine.card is None if hidden else mine == real
                    assert mine.type == real.type and mine.player == real.player
            hand.apply(policy.act(hand.view(hand.to_act)))


def test_cards_of_a_player_not_in_the_hand_is_an_argument_error_naming_the_players() -> None:
    from studrules.errors import ArgumentError

    h = Hand(FR, ["Ann", "Bob"], 100, seed=1)
    with pytest.raises(ArgumentError, match="'Zed' is not in this hand \\(players: Ann, Bob\\)"):
        h.cards_of("Zed")


def test_a_pot_games_own_antes_are_recorded_and_replay(tmp_path) -> None:
    # Hand(antes=...) in a pot game: the ante was posted but not written, so the history failed
    from studrules.records.history import replay_history, write_history

    h = Hand(FR, ["Ann", "Bob"], 200, seed=4, antes={"Ann": 20})
    while not h.is_over:
        h.apply(h.default_action())
    path = tmp_path / "h.jsonl"
    write_history(path, [h])
    assert '"antes":{"Ann":20,' in path.read_text(encoding="utf-8")
    assert replay_history(path)[0].net == h.result().net


def test_more_cards_than_a_player_is_ever_dealt_are_refused_where_they_would_not_void_the_hand() -> None:
    # with void.wrong_card_count (the default) the sixth card is the misdeal that voids the hand
    # (test_wrong_card_count_makes_the_hand_void); without it, the card would never be dealt
    text = "extends: five-card-stud-fr\nname: no-void\nvoid: {wrong_card_count: false}\n"
    variant = load_variant_text(text, file="no-void.yaml")
    with pytest.raises(CardError, match="6 cards are given for Ann, and no-void deals a player at most 5: 9h"):
        Hand(variant, ["Ann", "Bob"], 100, seed=1, cards={"Ann": "Ah Kh Qh Jh Th 9h"})
    with pytest.raises(CardError, match="1 community cards are given, and no-void deals at most 0 there"):
        Hand(variant, ["Ann", "Bob"], 100, seed=1, cards={"community": "Ah"})
