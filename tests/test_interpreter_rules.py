"""The interpreter's rule mechanisms, each checked on cards chosen for it.

Every expected outcome below is worked out by hand, in the comment above the
assertion, from the rules of the variant used and its stakes. Small variants
are written next to the test (``extends:`` a shipped file, or a whole file
when a mechanism is easier to see alone).

Suit order of every variant used here, low to high: clubs, diamonds, hearts,
spades.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from studrules.cards.card import parse_card, parse_cards
from studrules.game.hand import Hand
from studrules.spec.loader import load_variant, load_variant_text


def play(hand: Hand, *actions: str) -> Hand:
    for a in actions:
        hand.apply(a)
    return hand


def legal(hand: Hand) -> list[dict]:
    return [a.to_dict() for a in hand.legal_actions()]


def finish_round(hand: Hand) -> Hand:
    """Everyone checks or calls (the bring-in posted when due) until the round ends."""
    rnd = hand.round
    while not hand.is_over and hand.phase == "betting" and hand.round == rnd:
        hand.check_or_call()
    return hand


def extend(tmp_path: Path, base: str, name: str, overlay: str):
    """A small variant built on a shipped one (``overlay``: YAML after the header)."""
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"extends: {base}\nname: {name}\ntitle: {name}\n{overlay}")
    return load_variant(path)


# ==========================================================================
# 1. who acts first on a later round, and how ties between seats break
#
# Base: five-card-stud-fr (ante 5, bring-in 5 by the lowest up card, suits
# breaking ties, low limit 10). Its round 2 is given another first_to_act.


def _round_2_first(tmp_path: Path, rule: str, tie_break: str):
    return extend(
        tmp_path,
        "five-card-stud-fr",
        f"round-2-{rule}-{tie_break}".replace("_", "-"),
        f"steps:\n  - betting: {{id: round-2, first_to_act: {{rule: {rule}, tie_break: {tie_break}}}}}\n",
    )


@pytest.mark.parametrize("tie_break, first", [("nearest_dealer", "Ann"), ("suit", "Bob")])
def test_worst_visible_acts_first_ties_by_seat_or_suit(tmp_path, tie_break, first) -> None:
    # Door cards 9h (Ann), 9c (Bob), As (Cat): the 9c is the lowest, Bob
    # brings in; all call. Third street: Ann shows 9h 8h, Bob 9c 8c, Cat As Ks.
    # The worst boards are Ann's and Bob's (nine-eight high each).
    # nearest_dealer: Ann, first clockwise from the dealer's left.
    # suit: each of Bob's cards is lower by suit than Ann's of the same rank
    # (clubs below hearts), so Bob's board is the worse one: Bob.
    h = Hand(
        _round_2_first(tmp_path, "worst_visible", tie_break),
        ["Ann", "Bob", "Cat"],
        100,
        cards={"Ann": ["Kd", "9h", "8h"], "Bob": ["Qs", "9c", "8c"], "Cat": ["Js", "As", "Ks"]},
        seed=1,
    )
    assert h.to_act == "Bob" and h.legal_actions()[0].action == "bring-in"
    finish_round(h)
    assert h.round == 2 and h.to_act == first


def test_worst_visible_without_a_tie_is_the_weakest_board(tmp_path) -> None:
    # Ann shows 9h 8h (nine high), Bob 9c 9d (a pair), Cat As Ks (ace high):
    # nine high is the worst board, whatever the tie break: Ann, although Bob's
    # pair would act first under best_visible.
    h = Hand(
        _round_2_first(tmp_path, "worst_visible", "suit"),
        ["Ann", "Bob", "Cat"],
        100,
        cards={"Ann": ["Kd", "9h", "8h"], "Bob": ["Qs", "9c", "9d"], "Cat": ["Js", "As", "Ks"]},
        seed=1,
    )
    finish_round(h)  # Bob (9c) brought in
    assert h.round == 2 and h.to_act == "Ann"


@pytest.mark.parametrize("tie_break, first", [("nearest_dealer", "Ann"), ("suit", "Bob")])
def test_lowest_up_card_acts_first_on_a_later_round(tmp_path, tie_break, first) -> None:
    # Doors 9c (Ann), 9h (Bob), As (Cat): Ann brings in. Third street: Ann's
    # up cards 9c 5h, Bob's 9h 5c, Cat's As 7d. The lowest up card is a five,
    # Ann's 5h and Bob's 5c. nearest_dealer: Ann; suit: the 5c is the lower,
    # Bob. (The best board, Cat's ace, does not matter here.)
    h = Hand(
        _round_2_first(tmp_path, "lowest_up_card", tie_break),
        ["Ann", "Bob", "Cat"],
        100,
        cards={"Ann": ["Kd", "9c", "5h"], "Bob": ["Qs", "9h", "5c"], "Cat": ["Js", "As", "7d"]},
        seed=1,
    )
    assert h.to_act == "Ann"
    finish_round(h)
    assert h.round == 2 and h.to_act == first


@pytest.mark.parametrize("tie_break, first", [("nearest_dealer", "Ann"), ("suit", "Bob")])
def test_highest_up_card_acts_first_on_a_later_round(tmp_path, tie_break, first) -> None:
    # Doors 9c (Ann), 9h (Bob), Td (Cat): Ann brings in. Third street: Ann's
    # up cards 9c Kc, Bob's 9h Kh, Cat's Td 7s. The highest up card is a king,
    # Ann's Kc and Bob's Kh. nearest_dealer: Ann; suit: the Kh is the higher, Bob.
    h = Hand(
        _round_2_first(tmp_path, "highest_up_card", tie_break),
        ["Ann", "Bob", "Cat"],
        100,
        cards={"Ann": ["2s", "9c", "Kc"], "Bob": ["3s", "9h", "Kh"], "Cat": ["4s", "Td", "7s"]},
        seed=1,
    )
    assert h.to_act == "Ann"
    finish_round(h)
    assert h.round == 2 and h.to_act == first


def test_dealer_left_acts_first_on_a_later_round_whatever_the_boards(tmp_path) -> None:
    # Doors 9c (Ann), 9h (Bob), As (Cat): Ann brings in, all call. Third
    # street: Cat shows a pair of aces, Ann 9c 3d, the worst board. The
    # player at the dealer's left acts first all the same: Ann.
    h = Hand(
        _round_2_first(tmp_path, "dealer_left", "nearest_dealer"),
        ["Ann", "Bob", "Cat"],
        100,
        cards={"Ann": ["2s", "9c", "3d"], "Bob": ["Qs", "9h", "Ah"], "Cat": ["Js", "As", "Ad"]},
        seed=1,
    )
    play(h, "Ann bring-in", "Bob call", "Cat call")
    assert h.round == 2 and h.to_act == "Ann"


def test_dealer_left_skips_a_player_who_folded(tmp_path) -> None:
    # As above, but Bob completes to 10 over Ann's bring-in, Cat calls and
    # Ann folds: the first player still in, clockwise from the dealer's left,
    # is Bob.
    h = Hand(
        _round_2_first(tmp_path, "dealer_left", "nearest_dealer"),
        ["Ann", "Bob", "Cat"],
        100,
        cards={"Ann": ["2s", "9c", "3d"], "Bob": ["Qs", "9h", "Ah"], "Cat": ["Js", "As", "Ad"]},
        seed=1,
    )
    play(h, "Ann bring-in", "Bob complete 10", "Cat call", "Ann fold")
    assert h.round == 2 and h.to_act == "Bob"


# ==========================================================================
# 2. razz: ace-to-five low, the highest up card brings in
#
# razz: ante 1, bring-in 3, low limit 10; "The highest up card brings in
# (kings high, aces low; suits break ties); the best low board acts first
# afterwards" (its description). Cards in order: down, down, door, fourth.

RAZZ = load_variant("razz")


def test_razz_highest_up_card_brings_in_suit_breaking_a_tie() -> None:
    # Doors Kc (Ann), Ks (Bob), 5d (Cat). The highest up card is a king; of
    # the two, the Ks is the higher by suit (spades above clubs): Bob brings
    # in, for 3 or completing to the low limit 10.
    h = Hand(
        RAZZ,
        ["Ann", "Bob", "Cat"],
        100,
        cards={"Ann": ["2h", "3h", "Kc"], "Bob": ["4h", "5h", "Ks"], "Cat": ["6h", "7h", "5d"]},
        seed=1,
    )
    assert h.to_act == "Bob"
    assert legal(h) == [{"action": "bring-in", "amount": 3}, {"action": "complete", "to": [10]}]


def test_razz_an_ace_is_low_and_never_brings_in() -> None:
    # Doors Ah (Ann), 2c (Bob), 3d (Cat). Aces are low: the ace is the lowest
    # door, the 3d the highest: Cat brings in (Ann would, were aces high).
    h = Hand(
        RAZZ,
        ["Ann", "Bob", "Cat"],
        100,
        cards={"Ann": ["2h", "3h", "Ah"], "Bob": ["4h", "5h", "2c"], "Cat": ["6h", "7h", "3d"]},
        seed=1,
    )
    assert h.to_act == "Cat"
    assert legal(h)[0] == {"action": "bring-in", "amount": 3}


def test_razz_best_low_board_acts_first_ace_two_beats_three_four() -> None:
    # Doors 3c (Ann), 5h (Bob), Ah (Cat): the highest is the 5h, Bob brings
    # in; all call. Fourth street: Ann shows 3c 4d, Bob 5h 5d (a pair, the
    # worst low board), Cat Ah 2c. Ace-to-five, A-2 is a better low than 4-3:
    # Cat acts first.
    h = Hand(
        RAZZ,
        ["Ann", "Bob", "Cat"],
        100,
        cards={"Ann": ["Jc", "Tc", "3c", "4d"], "Bob": ["Js", "Ts", "5h", "5d"], "Cat": ["Jh", "Th", "Ah", "2c"]},
        seed=1,
    )
    assert h.to_act == "Bob"
    finish_round(h)
    assert h.round == 2 and h.to_act == "Cat"


def test_razz_a_pair_showing_is_a_weak_low_board() -> None:
    # Doors 2c (Ann), Kc (Bob), Kh (Cat): the highest is the Kh (hearts above
    # clubs), Cat brings in; all call. Fourth street: Ann shows 2c 2d (a pair
    # of deuces), Bob Kc Jd, Cat Kh Qd. Any pair is a worse low than no pair,
    # and K-J is lower than K-Q: Bob acts first, not Ann's small cards.
    h = Hand(
        RAZZ,
        ["Ann", "Bob", "Cat"],
        100,
        cards={"Ann": ["2h", "3h", "2c", "2d"], "Bob": ["4h", "5h", "Kc", "Jd"], "Cat": ["6h", "7h", "Kh", "Qd"]},
        seed=1,
    )
    assert h.to_act == "Cat"
    finish_round(h)
    assert h.round == 2 and h.to_act == "Bob"


# ==========================================================================
# 3. live antes (dead: false): the ante counts toward the first round's bet
#
# A small game: ante 5, live; limit 10 on both rounds; no bring-in, the player
# at the dealer's left speaks first on round 1; three up cards before round 2.

LIVE_ANTE = """
name: live-ante
title: Live ante
kind: pot
deck: {suit_order: [clubs, diamonds, hearts, spades], ranking: high}
seats: {min: 2, max: 8}
stakes: {ante: 5, limit: 10}
steps:
  - ante: {id: ante, amount: ante, dead: false}
  - deal: {id: two-cards, players: [down, up]}
  - betting: {id: round-1, bet: limit, first_to_act: dealer_left, cap: 3}
  - deal: {id: last-cards, players: [up, up, up]}
  - betting: {id: round-2, bet: limit, first_to_act: best_visible, cap: 3}
  - showdown: {id: showdown, order: [last_aggressor, first_to_act], muck: false}
"""


def _live_hand(stacks=100) -> Hand:
    return Hand(
        load_variant_text(LIVE_ANTE),
        ["Ann", "Bob", "Cat"],
        stacks,
        cards={"Ann": ["Kd", "9c", "8h"], "Bob": ["Qs", "2c", "3d"], "Cat": ["Js", "Ah", "Ad"]},
        seed=1,
    )


def test_live_ante_lets_the_first_player_check_or_complete_to_the_bet() -> None:
    # Each player has 5 in front of him, as a bet of this round: Ann owes
    # nothing, so she may check; a wager makes the round's bet a full 10 (her
    # 5 plus 5 more), completing the 5 everyone has in, as a bring-in is
    # completed. It is not a raise to 15: nobody has bet yet.
    h = _live_hand()
    assert h.to_act == "Ann"
    assert legal(h) == [{"action": "check"}, {"action": "complete", "to": [10]}]


def test_live_ante_counts_toward_the_call() -> None:
    # Ann completes to 10 (5 more); Bob, who anted 5, adds 5 to call 10;
    # Cat raises to 20 (15 more). Round 1 takes 20 from each of them in all.
    h = _live_hand()
    play(h, "Ann complete 10")
    assert h.to_act == "Bob"
    assert legal(h) == [{"action": "fold"}, {"action": "call", "amount": 5}, {"action": "raise", "to": [20]}]
    play(h, "Bob call", "Cat raise 20")
    betting = [e.to_dict() for e in h.events if e.round == 1]
    assert betting == [
        {"type": "complete", "player": "Ann", "round": 1, "amount": 5, "to": 10},
        {"type": "call", "player": "Bob", "round": 1, "amount": 5, "to": 10},
        {"type": "raise", "player": "Cat", "round": 1, "amount": 15, "to": 20},
    ]
    assert legal(h) == [{"action": "fold"}, {"action": "call", "amount": 10}, {"action": "raise", "to": [30]}]
    play(h, "Ann call", "Bob call")
    assert h.round == 2 and h.stacks == [80, 80, 80] and h.pot == 60


def test_live_ante_completion_opens_and_three_raises_follow() -> None:
    # Cap 3: the completion to 10 is the opening bet, then three raises, to
    # 20, 30 and 40; after that no more raises (the ante is not a bet).
    h = _live_hand()
    play(h, "Ann complete 10", "Bob raise 20", "Cat raise 30", "Ann raise 40")
    assert legal(h) == [{"action": "fold"}, {"action": "call", "amount": 20}]


def test_live_antes_checked_around_end_the_round_with_the_antes_in() -> None:
    # Everyone checks: the antes are the round's bets, 5 each; the pot is 15
    # and nothing more is owed.
    h = _live_hand()
    play(h, "Ann check", "Bob check", "Cat check")
    assert h.round == 2 and h.pot == 15 and h.stacks == [95, 95, 95]


def test_live_ante_uncontested_pot_after_a_completion() -> None:
    # Ann completes to 10, Bob and Cat fold: Ann takes 5 + 5 + 10 = 20 (her own
    # 10 among them): Ann +10, Bob -5, Cat -5.
    h = _live_hand()
    play(h, "Ann complete 10", "Bob fold", "Cat fold")
    assert h.is_over and h.result().net == {"Ann": 10, "Bob": -5, "Cat": -5}


# ==========================================================================
# 4. settlement against the house
#
# Base: caribbean-stud-it (ante 10, raise 2 x ante = 20, qualifies with
# ace-king, ante paid 1 to 1, the standard pay table, royal flush 100 to 1).
# Stacks of 1000. The house, unless said otherwise: Kh 7d 4c 2s Ad, ace-king
# high: it qualifies.

HOUSE_AK = ["Kh", "7d", "4c", "2s", "Ad"]
HOUSE_Q = ["Qh", "9d", "7c", "4s", "2d"]  # queen high: does not qualify


def _settle_variant(tmp_path: Path, name: str, settle: str):
    return extend(tmp_path, "caribbean-stud-it", name, f"steps:\n  - settle: {{id: settle, {settle}}}\n")


def _position(hand: Hand, player: str) -> dict:
    return next(p for p in hand.result().positions if p["player"] == player)


def test_max_payout_caps_the_total_a_position_wins(tmp_path) -> None:
    # Ann's royal flush beats the house: ante +10, raise 20 x 100 = +2000,
    # 2010 in all; the cap of 500 takes the excess (1510) off the raise's win:
    # ante +10, raise +490, net +500. Her stack: 1000 - 30 + 30 + 500 = 1500.
    v = _settle_variant(tmp_path, "capped", "max_payout: 500")
    h = Hand(v, ["Ann"], 1000, cards={"house": HOUSE_AK, "Ann": ["As", "Ks", "Qs", "Js", "Ts"]}, seed=1)
    play(h, "Ann raise")
    ann = _position(h, "Ann")
    assert (ann["ante_net"], ann["raise_net"], ann["net"]) == (10, 490, 500)
    assert h.result().stacks == {"Ann": 1500} and h.result().house_net == -500


def test_max_payout_leaves_a_smaller_win_alone(tmp_path) -> None:
    # Ann's pair of queens: ante +10, raise 20 x 1 = +20; 30 is under the cap.
    v = _settle_variant(tmp_path, "capped", "max_payout: 500")
    h = Hand(v, ["Ann"], 1000, cards={"house": HOUSE_AK, "Ann": ["Qc", "Qd", "5h", "8s", "3c"]}, seed=1)
    play(h, "Ann raise")
    assert _position(h, "Ann")["net"] == 30


@pytest.mark.parametrize("tie, net", [("push", 0), ("lose", -30), ("win", 30)])
def test_a_hand_equal_to_the_house_gets_the_tie_rule(tmp_path, tie, net) -> None:
    # Ann's Kc 7h 4d 2c As is A-K-7-4-2, exactly the house's hand.
    # push: both bets returned, 0. lose: ante and raise lost, -10 - 20 = -30.
    # win: paid as a win, ante 1 to 1 (+10) and the raise at the table's odds
    # for ace high, a line the table does not name, so even money (+20): +30.
    v = _settle_variant(tmp_path, f"tie-{tie}", f"tie: {tie}")
    h = Hand(v, ["Ann"], 1000, cards={"house": HOUSE_AK, "Ann": ["Kc", "7h", "4d", "2c", "As"]}, seed=1)
    play(h, "Ann raise")
    assert _position(h, "Ann")["net"] == net
    assert h.result().net == {"Ann": net} and h.result().house_net == -net


def test_house_not_qualified_ante_pushed_raise_lost(tmp_path) -> None:
    # The house holds queen high: it does not qualify. This house's rule:
    # ante returned (push), raise lost. Ann raised: 0 + (-20) = -20, whatever
    # her pair of jacks. Bob folded: his ante is lost, -10. House: +30.
    v = _settle_variant(tmp_path, "no-game-raise-lost", "not_qualified: {ante: {result: push}, raise: {result: lose}}")
    h = Hand(
        v,
        ["Ann", "Bob"],
        1000,
        cards={"house": HOUSE_Q, "Ann": ["Jc", "Jd", "5h", "8s", "3c"], "Bob": ["Tc", "Td", "6h", "5s", "9c"]},
        seed=1,
    )
    play(h, "Ann raise", "Bob fold")
    ann = _position(h, "Ann")
    assert (ann["ante_net"], ann["raise_net"]) == (0, -20)
    assert h.result().net == {"Ann": -20, "Bob": -10} and h.result().house_net == 30


SHORT_TABLE = """
name: short-table
title: A pay table with two lines
kind: banked
deck: {suit_order: [clubs, diamonds, hearts, spades], ranking: high}
seats: {min: 1, max: 7}
stakes: {ante: 10}
steps:
  - ante: {amount: ante}
  - deal: {players: [down, down, down, down, down], house: [down, down, down, down, up]}
  - decision: {fold: true, raise: 2 * ante}
  - reveal: {who: house}
  - settle: {qualify: house >= ace_king, ante_odds: 1, tie: push, pay_table: {three_of_a_kind: 3, straight_flush: 50},
             not_qualified: {ante: {result: win, odds: 1}, raise: {result: push}}}
"""


def test_a_winning_hand_missing_from_the_pay_table_is_paid_even_money() -> None:
    # The table names trips (3 to 1) and straight flushes (50 to 1) only.
    # Ann's straight 5-6-7-8-9 beats the house's ace-king: ante +10, raise at
    # even money +20: +30. Bob's three nines: ante +10, raise 20 x 3 = +60:
    # +70. Cat's royal flush, with no royal line, is paid as a straight flush:
    # ante +10, raise 20 x 50 = +1000: +1010. House: -1110.
    h = Hand(
        load_variant_text(SHORT_TABLE),
        ["Ann", "Bob", "Cat"],
        1000,
        cards={
            "house": HOUSE_AK,
            "Ann": ["5c", "6d", "7h", "8s", "9d"],
            "Bob": ["9c", "9s", "9h", "Jc", "3d"],
            "Cat": ["As", "Ks", "Qs", "Js", "Ts"],
        },
        seed=1,
    )
    play(h, "Ann raise", "Bob raise", "Cat raise")
    assert h.result().net == {"Ann": 30, "Bob": 70, "Cat": 1010} and h.result().house_net == -1110


# ==========================================================================
# 5. the community card when the deck runs short (seven-card-stud, 8 players)
#
# seven-card-stud: ante 1, bring-in 3, no burns; 3 + 1 + 1 + 1 = 6 cards each
# before seventh street: 8 x 6 = 48 dealt. Here the community card is given
# (Ks), so 52 - 48 - 1 = 3 cards are left in the deck (4 without it): fewer
# than the 8 the seventh street needs, so one card is turned up in the middle
# for everybody ("a community card when the deck runs short").
#
# Cards: down, down, door, fourth, fifth, sixth.
EIGHT = {
    "P0": "2d 9s 6c Jh 3s Td",
    "P1": "4d Ts 7c 2h Js 8d",
    "P2": "6d 4s 9c 3h 5s Ah",
    "P3": "Kc Kd Kh 8c 5d 4h",
    "P4": "7d 6s Tc 5h 8s Jd",
    "P5": "Ac 3d Qc Qd Qh 7s",
    "P6": "9d Qs 2c 6h 2s 8h",
    "P7": "Ad As 3c 7h Jc 9h",
}


def test_community_card_for_everybody_when_eight_players_reach_seventh_street() -> None:
    names = list(EIGHT)
    cards = {p: c.split() for p, c in EIGHT.items()}
    cards["community"] = ["Ks"]
    h = Hand(load_variant("seven-card-stud"), names, 100, cards=cards, seed=1)
    # Doors 6c 7c 9c Kh Tc Qc 2c 3c: the 2c (P6) is the lowest: P6 brings in 3.
    assert h.to_act == "P6" and legal(h)[0] == {"action": "bring-in", "amount": 3}
    while h.phase == "betting" and h.round < 5:
        h.check_or_call()
    # Exactly one community card, the Ks, face up; nobody got a seventh card.
    community = [e for e in h.events if e.type == "community"]
    assert [(str(e.card), e.face) for e in community] == [("Ks", "up")]
    assert all(len(h.cards_of(p)) == 6 for p in names)
    # Round 5 is played (this file does not skip it). Boards: P5 shows
    # Qc Qd Qh 7s, three queens; nobody else shows more than a pair (P6's
    # deuces), with or without the Ks: P5 acts first.
    assert h.round == 5 and h.to_act == "P5"
    while h.phase == "betting":
        h.check_or_call()
    # Everyone checked round 5: no aggressor, the best visible hand (P5) shows
    # first, then clockwise. Each shows 7 cards: his six and the Ks.
    while h.phase == "showdown":
        h.apply(f"{h.to_act} show")
    shows = [e for e in h.events if e.type == "show"]
    assert [e.player for e in shows] == ["P5", "P6", "P7", "P0", "P1", "P2", "P3", "P4"]
    ks = parse_card("Ks")
    for e in shows:
        assert len(e.cards) == 7 and ks in e.cards
        assert set(e.cards) == set(parse_cards(EIGHT[e.player])) | {ks}
    # P3's Kc Kd Kh and the Ks: four kings, the only hand beating P5's three
    # queens (nobody holds a straight flush). The pot: 8 x (ante 1 + 3) = 32,
    # nothing bet after round 1: P3 +28, everyone else -4.
    net = h.result().net
    assert net == {p: (28 if p == "P3" else -4) for p in names}


# ==========================================================================
# 6. pot limit and no limit amounts
#
# Base: five-card-stud-ru-home (dead ante, the player after the dealer opens
# round 1, checking allowed with antes) with stakes ante 10, min_bet 10.

RU_STAKES = {"ante": 10, "min_bet": 10}


def test_pot_limit_raise_is_call_then_the_pot() -> None:
    # Antes 3 x 10 = 30. Ann may bet 10 (the minimum) to 30 (the pot); she
    # bets 20: pot 50. Bob's raise: at least a raise of 20 (the bet), to 40;
    # at most: call 20 (pot 70), then raise by the pot, 70: to 90.
    # Bob raises to 90: pot 140. Cat's raise: at least by Bob's raise of 70,
    # to 160; at most: call 90 (pot 230), then raise 230: to 320.
    v = load_variant("five-card-stud-ru-home", options={"structure": "pot_limit"}, stakes=RU_STAKES)
    h = Hand(v, ["Ann", "Bob", "Cat"], 1000, seed=1)
    assert h.to_act == "Ann"
    assert legal(h) == [{"action": "check"}, {"action": "bet", "to": "10..30", "min": 10, "max": 30}]
    play(h, "Ann bet 20")
    assert legal(h) == [
        {"action": "fold"},
        {"action": "call", "amount": 20},
        {"action": "raise", "to": "40..90", "min": 40, "max": 90},
    ]
    play(h, "Bob raise 90")
    assert legal(h) == [
        {"action": "fold"},
        {"action": "call", "amount": 90},
        {"action": "raise", "to": "160..320", "min": 160, "max": 320},
    ]


def test_pot_limit_raise_is_capped_by_the_stack() -> None:
    # As above, but Cat has 300 (290 after the ante): his pot-size raise of
    # 320 is more than he has; he may raise to 160..290, all in at most.
    v = load_variant("five-card-stud-ru-home", options={"structure": "pot_limit"}, stakes=RU_STAKES)
    h = Hand(v, ["Ann", "Bob", "Cat"], {"Ann": 1000, "Bob": 1000, "Cat": 300}, seed=1)
    play(h, "Ann bet 20", "Bob raise 90")
    assert legal(h)[-1] == {"action": "raise", "to": "160..290", "min": 160, "max": 290}


def test_no_limit_minimum_raise_equals_the_last_raise() -> None:
    # Ann bets 25: Bob's smallest raise is by 25, to 50; the largest his
    # whole stack, 990 after the ante. Bob raises to 85, a raise of 60: Cat's
    # smallest raise is by 60, to 145.
    v = load_variant("five-card-stud-ru-home", stakes=RU_STAKES)
    h = Hand(v, ["Ann", "Bob", "Cat"], 1000, seed=1)
    assert legal(h)[-1] == {"action": "bet", "to": "10..990", "min": 10, "max": 990}
    play(h, "Ann bet 25")
    assert legal(h)[-1] == {"action": "raise", "to": "50..990", "min": 50, "max": 990}
    play(h, "Bob raise 85")
    assert legal(h)[-1] == {"action": "raise", "to": "145..990", "min": 145, "max": 990}


def test_no_limit_short_all_in_raise_does_not_reopen_for_who_has_acted() -> None:
    # Bob has 80 (70 after the ante). Ann bets 50; Bob may only go all in
    # for 70 as a raise, 20 more: less than a full raise (50). Cat has not
    # acted: he may still raise, by at least the last full raise, to 120.
    # Cat calls 70. Ann, who bet, faces only Bob's short raise: she may call
    # 20 or fold, not raise.
    v = load_variant("five-card-stud-ru-home", stakes=RU_STAKES)
    h = Hand(v, ["Ann", "Bob", "Cat"], {"Ann": 1000, "Bob": 80, "Cat": 1000}, seed=1)
    play(h, "Ann bet 50")
    assert legal(h) == [
        {"action": "fold"},
        {"action": "call", "amount": 50},
        {"action": "raise", "to": "70..70", "min": 70, "max": 70},
    ]
    play(h, "Bob raise 70")
    assert legal(h) == [
        {"action": "fold"},
        {"action": "call", "amount": 70},
        {"action": "raise", "to": "120..990", "min": 120, "max": 990},
    ]
    play(h, "Cat call")
    assert h.to_act == "Ann"
    assert legal(h) == [{"action": "fold"}, {"action": "call", "amount": 20}]


def test_no_limit_full_raise_after_a_short_all_in_reopens_the_betting() -> None:
    # As above, but Cat raises to 120, a full raise over Bob's 70 (by 50):
    # Ann may raise again, by at least 50, to 170 (Cat has 990 in all).
    v = load_variant("five-card-stud-ru-home", stakes=RU_STAKES)
    h = Hand(v, ["Ann", "Bob", "Cat"], {"Ann": 1000, "Bob": 80, "Cat": 1000}, seed=1)
    play(h, "Ann bet 50", "Bob raise 70", "Cat raise 120")
    assert legal(h) == [
        {"action": "fold"},
        {"action": "call", "amount": 70},
        {"action": "raise", "to": "170..990", "min": 170, "max": 990},
    ]
