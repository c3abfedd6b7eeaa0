"""Rules at the edges of a hand (issue 14): side pots at the showdown, odd
chips, raises against players all in, folding when checking is free, hi-lo
awards. Each expected outcome is worked out by hand in the comments.
"""

from __future__ import annotations

from rules_support import deal, events, legal

from studrules.game.policies import Sensible

# Seven-card stud, ante 1, bring-in 3, 10/20. P1 has 11 chips, P2 and P3 200.
# P3's 2c is the lowest up card: he brings in for 3; P1 completes to 10 and is
# all in (11 - ante 1); P2 calls 10, P3 calls 7 more. Fourth to sixth street
# are checked (P1 all in, P2's king board first); on the river P3 bets 20 and
# P2 calls. Put in: P1 11, P2 31, P3 31. Main pot 3 x 11 = 33 (everyone),
# side pot 2 x 20 = 40 (P2 and P3).
# P3 bet last, so he shows first (pair of queens), then clockwise P1 (four
# aces) and P2 (four kings). P2's kings lose the main pot to P1's aces but beat
# P3's queens for the side pot: he must show. Stacks: P1 33; P2 200 - 31 + 40
# = 209; P3 200 - 31 = 169 (the issue's figures).
SIDE_POT_CARDS = {
    "P1": "Ac Ad Ah 5d 6h 7s As",
    "P2": "Kc Kd Kh 8d 9h Ts Ks",
    "P3": "Qc Qd 2c 3d 4h Js 9c",
}
SIDE_POT_ACTIONS = [
    "P3 bring-in",
    "P1 complete 10",
    "P2 call",
    "P3 call",
    *["P2 check", "P3 check"] * 3,
    "P2 check",
    "P3 bet 20",
    "P2 call",
]


def _side_pot_hand():
    h = deal("seven-card-stud", SIDE_POT_CARDS, stacks={"P1": 11, "P2": 200, "P3": 200})
    for a in SIDE_POT_ACTIONS:
        h.apply(a)
    return h


def test_a_hand_that_can_still_win_a_side_pot_is_shown_by_default():
    h = _side_pot_hand()
    while not h.over:
        h.apply(h.default_action())
    assert [e.player for e in events(h, "show")] == ["P3", "P1", "P2"]
    assert h.result().stacks == {"P1": 33, "P2": 209, "P3": 169}


def test_the_sensible_bot_shows_a_hand_that_can_still_win_a_side_pot():
    h = _side_pot_hand()
    bot = Sensible()
    bot.begin(h.variant)
    while not h.over:
        h.apply(bot.act(h.view(h.to_act)))
    assert h.result().stacks == {"P1": 33, "P2": 209, "P3": 169}


def test_a_hand_beaten_in_every_pot_it_may_win_is_mucked():
    # The same betting, other cards: P2 ends with kings and eights (Kc Kd 8c
    # 8d 9h Ts 3s), P3 with queens full of twos (Qc Qd 2c 3d 4h Qs 2s); P2's
    # board 8-8 still speaks first on each street. P3 shows queens full, P1
    # four aces: P2 loses the main pot to P1 and the side pot to P3, so he mucks.
    cards = dict(SIDE_POT_CARDS, P2="Kc Kd 8c 8d 9h Ts 3s", P3="Qc Qd 2c 3d 4h Qs 2s")
    h = deal("seven-card-stud", cards, stacks={"P1": 11, "P2": 200, "P3": 200})
    for a in SIDE_POT_ACTIONS:
        h.apply(a)
    while not h.over:
        h.apply(h.default_action())
    assert [e.player for e in events(h, "muck")] == ["P2"]


# Razz, ante 1, bring-in 3, 10/20 (the seven-card-stud showdown: odd chip to
# the highest card by suit, clubs < diamonds < hearts < spades). Ann's Qh is
# the highest up card (kings high in razz, aces low): she brings in 3; Bob
# completes to 10, Cat folds, Ann calls 7. Pot: antes 3 + 10 + 10 = 23. Both
# end with 7-5-4-3-2. Ann's hand is 7s 5c 4c 3c 2c, Bob's 7d 5d 4d 3d 2d: the
# highest card of the hands is a seven each, Ann's spade above Bob's diamond,
# so Ann gets 12 and Bob 11. Bob's Ks (outside his low) is above Ann's Kc,
# but cards outside the hand decide nothing. Nets: Ann +1, Bob 0, Cat -1.
RAZZ_TIE = {
    "Ann": "7s 5c Qh 4c 3c 2c Kc",
    "Bob": "7d 5d Jd 4d 3d 2d Ks",
    "Cat": "Th 9h 6s",
}


def _play_out(h, actions=()):
    for a in actions:
        h.apply(a)
    while not h.over:
        h.apply(h.default_action())
    return h


def test_the_odd_chip_goes_by_the_cards_of_the_tied_hands_only():
    h = _play_out(deal("razz", RAZZ_TIE), ["Ann bring-in", "Bob complete 10", "Cat fold", "Ann call"])
    assert h.result().pots[0]["amount"] == 23
    assert h.result().net == {"Ann": 1, "Bob": 0, "Cat": -1}


def test_the_odd_chip_suits_may_differ_from_the_bring_in_suits(tmp_path):
    # The same razz hand where the house ranks the odd chip's suits spades
    # lowest (spades < hearts < diamonds < clubs): Bob's 7d is now above Ann's
    # 7s, so Bob gets 12 and Ann 11. The bring-in still follows the deck's
    # order: give Ann and Bob queens up, Ann's Qh above Bob's Qd (clubs <
    # diamonds < hearts < spades), so Ann still brings in.
    f = tmp_path / "razz-odd-suits.yaml"
    f.write_text(
        "extends: razz\nname: razz-odd-suits\n"
        "steps:\n  - showdown: {id: showdown, odd_chip_suits: [spades, hearts, diamonds, clubs]}\n"
    )
    cards = dict(RAZZ_TIE, Bob="7d 5d Qd 4d 3d 2d Ks")
    h = _play_out(deal(str(f), cards), ["Ann bring-in", "Bob complete 10", "Cat fold", "Ann call"])
    assert h.result().net == {"Ann": 0, "Bob": 1, "Cat": -1}


def test_no_raise_is_offered_when_every_opponent_is_all_in():
    # Seven-card stud heads-up, ante 1, bring-in 3, 10/20. Ann's 2c brings in
    # 3; Bob, 11 chips, completes to 10 and is all in (11 - ante 1). Ann may
    # call 7 or fold: nobody is left to call a raise.
    h = deal("seven-card-stud", {"Ann": "Kc Kd 2c", "Bob": "Qc Qd 9h"}, stacks={"Ann": 200, "Bob": 11})
    h.apply("Ann bring-in")
    h.apply("Bob complete 10")
    assert legal(h) == {"fold": None, "call": 7}


def test_a_raise_is_offered_while_one_opponent_still_has_chips():
    # The same with Cat (200 chips, 5h up) between them: Ann's 2c brings in,
    # Bob completes all in to 10, Cat may raise to 20: Ann has chips to call it.
    h = deal(
        "seven-card-stud",
        {"Ann": "Kc Kd 2c", "Bob": "Qc Qd 9h", "Cat": "Jc Jd 5h"},
        stacks={"Ann": 200, "Bob": 11, "Cat": 200},
    )
    h.apply("Ann bring-in")
    h.apply("Bob complete 10")
    assert legal(h) == {"fold": None, "call": 10, "raise": (20,)}
    # Cat folds: Ann, facing Bob alone all in, may only call or fold.
    h.apply("Cat fold")
    assert legal(h) == {"fold": None, "call": 7}


def test_no_betting_when_the_antes_leave_one_player_with_chips():
    # Bob and Cat each have 1 chip: the ante puts them all in. Nobody could
    # call a bet of Ann's: no bring-in, no betting; the cards go to the showdown.
    h = deal(
        "seven-card-stud",
        {"Ann": "Kc Kd 2c 3c 4c 5c 6c", "Bob": "Qc Qd 9h 9d 8h 7h Ts", "Cat": "Jc Jd 5h 5d 6h 6d 7d"},
        stacks={"Ann": 200, "Bob": 1, "Cat": 1},
    )
    assert h.phase == "showdown"
    assert not events(h, "bring_in", "bet", "complete", "raise")


# Seven-card stud hi-lo (eight or better), ante 1, bring-in 3. Up cards: Ann
# 9c, Bob's 4d (lowest: he brings in 3), Cat Qh. Cat folds, Ann calls; the rest
# is checked. Pot 3 + 3 + 3 = 9: the high half takes the odd chip, 5 and 4.
def _hi_lo(cards):
    h = deal("seven-card-stud-hi-lo", dict(cards, Cat="Th Jd Qh"))
    return _play_out(h, ["Bob bring-in", "Cat fold", "Ann call"])


def test_a_hi_lo_award_names_the_half_and_the_hand_that_won_it():
    # Ann: Kc Kd 9c 9d Jh Qs 3s, kings and nines (no low: one card under 9).
    # Bob: 7d 5d 4d 3d 2h Ks 2s, a pair of twos high and a 7-5-4-3-2 low.
    h = _hi_lo({"Ann": "Kc Kd 9c 9d Jh Qs 3s", "Bob": "7d 5d 4d 3d 2h Ks 2s"})
    awards = [(e.player, e.amount, e.reason, e.hand) for e in events(h, "award")]
    assert [a[:3] for a in awards] == [("Ann", 5, "high half"), ("Bob", 4, "low half")]
    assert "kings and nines" in awards[0][3]
    assert awards[1][3].startswith("seven-five-four-three-two")  # his low, not his pair of twos
    assert events(h, "award")[1].describe().startswith("Bob wins 4 from the low half with seven-five")


def test_a_hi_lo_scoop_is_awarded_half_by_half():
    # Bob: Ad 2d 3c 4d 5h Ks 9s, the wheel: a five-high straight for high and
    # 5-4-3-2-A for low; his 3c is the lowest up card. He wins both halves.
    h = _hi_lo({"Ann": "Kc Kd 9c 9d Jh Qs 3s", "Bob": "Ad 2d 3c 4d 5h Ks 9s"})
    awards = [(e.player, e.amount, e.reason) for e in events(h, "award")]
    assert awards == [("Bob", 5, "high half"), ("Bob", 4, "low half")]
    assert "straight" in events(h, "award")[0].hand and "low" in events(h, "award")[1].hand
    assert h.result().pots[0]["winners"] == {"Bob": 9}


# The open fold. Two players; Bob's 2d is the lowest up card and brings in,
# Ann calls; on the next round Ann's A-9 board speaks first, facing no bet.
OPEN_FOLD_CARDS = {"Ann": "Kc Ah 9s 8s 7s", "Bob": "Qc 2d 5h 4h 3c"}


def _second_round(variant, **kw):
    h = deal(variant, OPEN_FOLD_CARDS, **kw)
    h.apply("Bob bring-in")
    h.apply("Ann call")
    assert h.to_act == "Ann" and h.round == 2
    return h


def test_the_french_text_lets_a_player_fold_when_he_could_check():
    # "Celui-ci a le choix entre se coucher, checker, ou relancer"
    h = _second_round("five-card-stud-fr")
    assert legal(h) == {"check": None, "fold": None, "bet": (10,)}
    h.apply("Ann fold")
    # antes 5 + 5 (dead), bring-in 5, call 5: pot 20, Bob wins it: +10 each way
    assert h.result().net == {"Ann": -10, "Bob": 10}


def test_the_french_text_read_narrowly_allows_the_open_fold_on_fourth_street_only():
    h = _second_round("five-card-stud-fr", options={"open_fold": "fourth_street"})
    assert legal(h) == {"check": None, "bet": (10,)}
    h.apply("Ann check")
    h.apply("Bob check")
    assert h.round == 3 and h.to_act == "Ann"  # A-9-8 against 2-5-4
    assert legal(h) == {"check": None, "fold": None, "bet": (20,)}


def test_the_hebrew_text_lets_a_player_fold_when_he_could_check():
    # "לא לעשות כלום(check), להעלות או לפרוש"; ante 2, bring-in 5, low limit 10
    h = _second_round("five-card-stud-he")
    assert legal(h) == {"check": None, "fold": None, "bet": (10,)}


def test_casino_stud_refuses_a_fold_when_checking_is_free():
    h = _second_round("five-card-stud")
    assert "fold" not in legal(h)


# The French file's two readings of round 1 (ante 5, bring-in 5, low limit 10,
# "une ouverture et trois relances"). Bob's 2d is the lowest up card.
def test_the_french_bring_in_player_may_complete_or_by_option_only_bring_in():
    # "Ce joueur doit poser le Bring-in": read as "at least the bring-in" by default
    h = deal("five-card-stud-fr", OPEN_FOLD_CARDS)
    assert legal(h) == {"bring-in": 5, "complete": (10,)}
    h = deal("five-card-stud-fr", OPEN_FOLD_CARDS, options={"bring_in_player": "bring_in_only"})
    assert legal(h) == {"bring-in": 5}
    h.apply("Bob bring-in")
    assert legal(h) == {"fold": None, "call": 5, "complete": (10,)}  # the others still may


def test_the_french_completion_opens_and_three_raises_follow_it():
    # Bob brings in 5, Ann completes to 10 (the opening), then three raises: 20, 30, 40.
    h = deal("five-card-stud-fr", OPEN_FOLD_CARDS)
    for a in ["Bob bring-in", "Ann complete 10", "Bob raise 20", "Ann raise 30"]:
        h.apply(a)
    assert legal(h) == {"fold": None, "call": 10, "raise": (40,)}
    h.apply("Bob raise 40")
    assert legal(h) == {"fold": None, "call": 10}


def test_the_french_completion_read_as_the_first_raise_leaves_two():
    # Option completion: raise. The bring-in is the opening, Ann's completion
    # the first "relance", Bob's 20 the second, Ann's 30 the third: capped.
    h = deal("five-card-stud-fr", OPEN_FOLD_CARDS, options={"completion": "raise"})
    for a in ["Bob bring-in", "Ann complete 10", "Bob raise 20", "Ann raise 30"]:
        h.apply(a)
    assert legal(h) == {"fold": None, "call": 10}
    # When the bring-in player completes himself, nothing was posted to raise:
    # his completion opens and three raises follow (20, 30, 40).
    h = deal("five-card-stud-fr", OPEN_FOLD_CARDS, options={"completion": "raise"})
    for a in ["Bob complete 10", "Ann raise 20", "Bob raise 30"]:
        h.apply(a)
    assert legal(h) == {"fold": None, "call": 10, "raise": (40,)}


# The low card all in for the ante. Seven-card stud, ante 1, bring-in 3:
# Bob (2c, the lowest up card) has 1 chip and the ante takes it. Ann sits at
# the dealer's left, Cat after Bob.
LOW_ALL_IN = {"Ann": "Kc Kd Kh 3s 4s 5h 7h", "Bob": "Qc Qd 2c 3d 4d 6c 8c", "Cat": "Jc Jd 9d"}


def test_the_player_after_an_all_in_low_card_must_bring_in_complete_or_fold():
    # WSOP, TDA: the player to the low card's left acts first and must open for
    # at least the bring-in, or fold. Cat is next after Bob.
    h = deal("seven-card-stud", LOW_ALL_IN, stacks={"Ann": 200, "Bob": 1, "Cat": 200})
    assert h.to_act == "Cat"
    assert legal(h) == {"fold": None, "bring-in": 3, "complete": (10,)}
    h.apply("Cat fold")
    # the duty passes on: Ann now brings in, completes or folds
    assert h.to_act == "Ann"
    assert legal(h) == {"fold": None, "bring-in": 3, "complete": (10,)}
    h.apply("Ann bring-in")
    # Nobody is left to bet against: the cards are dealt out. Ann's three kings
    # beat Bob's queens (Qc Qd 2c 3d 4d 6c 8c: no straight, four clubs). Pot:
    # the antes 3 (Ann and Bob may win it); Ann's bring-in of 3 is uncalled and
    # comes back. Ann +2, Bob -1, Cat -1.
    _play_out(h)
    assert h.result().net == {"Ann": 2, "Bob": -1, "Cat": -1}


def test_a_house_may_open_at_the_dealers_left_with_a_free_check(tmp_path):
    f = tmp_path / "stud-no-bring-in-all-in.yaml"
    f.write_text(
        "extends: seven-card-stud\nname: stud-no-bring-in-all-in\n"
        "steps:\n  - betting: {id: round-1, bring_in: {low_card_all_in: no_bring_in}}\n"
    )
    h = deal(str(f), LOW_ALL_IN, stacks={"Ann": 200, "Bob": 1, "Cat": 200})
    assert h.to_act == "Ann"
    assert legal(h) == {"check": None, "bet": (10,)}


# Short all-in raises. Seven-card stud, ante 1, bring-in 3, 10/20. Bob's 2c
# brings in 3, Cat completes to 10, Ann raises all in: with 17 chips she has
# 16 after the ante, a raise of 6 (at least half of 10); with 14, of 3 (less).
# Bob calls; then Cat, who completed, faces Ann's short raise.
SHORT_CARDS = {"Ann": "Kc Kd 9h", "Bob": "Qc Qd 2c", "Cat": "Jc Jd 5h"}


def _short_raise(ann, variant="seven-card-stud"):
    h = deal(variant, SHORT_CARDS, stacks={"Ann": ann, "Bob": 200, "Cat": 200})
    for a in ["Bob bring-in", "Cat complete 10", f"Ann raise {ann - 1}", "Bob call"]:
        h.apply(a)
    assert h.to_act == "Cat"
    return h


def _half_bet_file(tmp_path):
    f = tmp_path / "stud-half-bet.yaml"
    f.write_text(
        "extends: seven-card-stud\nname: stud-half-bet\nsteps:\n  - betting: {id: round-1, short_all_in: half_bet}\n"
    )
    return str(f)


def test_a_short_all_in_raise_does_not_reopen_the_betting_by_default():
    # Full-bet rule: Ann's 6 is not a full raise; Cat has acted, he may call 6 or fold.
    assert legal(_short_raise(17)) == {"fold": None, "call": 6}


def test_under_the_half_bet_rule_an_all_in_raise_of_half_a_bet_reopens(tmp_path):
    # Robert's Rules, WSOP: 6 >= 5, a full raise: Cat may raise again (16 + 10 = 26).
    assert legal(_short_raise(17, _half_bet_file(tmp_path))) == {"fold": None, "call": 6, "raise": (26,)}


def test_under_the_half_bet_rule_less_than_half_a_bet_does_not_reopen(tmp_path):
    # Ann's 13 is a raise of 3 < 5: Cat may only call 3 or fold.
    assert legal(_short_raise(14, _half_bet_file(tmp_path))) == {"fold": None, "call": 3}


def test_the_half_bet_raise_counts_toward_the_cap(tmp_path):
    # Four players, Dan (8s up) after Cat. Cap: a bet and three raises. Bob
    # brings in, Cat completes to 10 (the bet), Dan calls, Ann raises all in to
    # 16 (raise 1: 6 >= 5), Bob calls, Cat raises to 26 (2), Dan to 36 (3): the
    # cap. Bob, Cat and Dan still have chips (not heads-up): Bob may only call.
    cards = dict(SHORT_CARDS, Dan="Tc Td 8s")
    h = deal(_half_bet_file(tmp_path), cards, stacks={"Ann": 17, "Bob": 200, "Cat": 200, "Dan": 200})
    for a in [
        "Bob bring-in",
        "Cat complete 10",
        "Dan call",
        "Ann raise 16",
        "Bob call",
        "Cat raise 26",
        "Dan raise 36",
    ]:
        h.apply(a)
    assert h.to_act == "Bob"
    assert legal(h) == {"fold": None, "call": 20}


def test_heads_up_uncapping_counts_the_players_not_all_in():
    # Bob brings in 3, Cat completes to 10, Ann calls all in (11 chips: 10
    # after the ante). Bob 20, Cat 30, Bob 40: three raises, the cap, but only
    # Bob and Cat can still bet: heads-up, the raises are unlimited.
    h = deal("seven-card-stud", SHORT_CARDS, stacks={"Ann": 11, "Bob": 200, "Cat": 200})
    for a in ["Bob bring-in", "Cat complete 10", "Ann call", "Bob raise 20", "Cat raise 30", "Bob raise 40"]:
        h.apply(a)
    assert legal(h) == {"fold": None, "call": 10, "raise": (50,)}


def _showdown_choice(ann: str, bob: str) -> tuple[str, str]:
    """Baseball (threes and nines wild), Ann and Bob checking and calling to the showdown:
    who is asked to show or muck once the other's hand is shown, and what the sensible bot
    does with his hand."""
    from studrules import Hand, load_variant
    from studrules.game.policies import make_policy

    variant = load_variant("baseball")
    hand = Hand(variant, ["Ann", "Bob"], 1000, cards={"Ann": ann.split(), "Bob": bob.split()})
    bot = make_policy("sensible", seed=1, variant=variant)
    while not hand.over:
        shown = any(e.type == "show" for e in hand.events)
        if shown and any(la.action == "muck" for la in hand.legal_actions()):
            return hand.to_act, bot.act(hand.view(hand.to_act)).verb
        hand.apply(hand.default_action())
    raise AssertionError("nobody was asked to show or muck after a show")


def test_the_sensible_bot_counts_wild_cards_before_it_mucks():
    # an audit's finding: the bot read the shown hands without their wild cards, so it mucked
    # winners (four deuces made with a three). Ann's 3c (down) is wild: three kings, where Bob,
    # whose jack-high board is shown first, has a pair of aces: she shows (read plain, her
    # pair of kings lost to his aces). (Her board is eight-high; no three or four is dealt up.)
    kings = "3c Kd 2d 6d 8h 7s Ks"
    assert _showdown_choice(kings, "Ah Ad 5c 7d Ts Jh 2c") == ("Ann", "show")
    # Bob's 9s (down) is wild too: three aces, his ace-high board shown first; Ann's three
    # kings lose, so she mucks (her wild card counted and not his, she would show a loser)
    assert _showdown_choice(kings, "Ah 9s Ad 7d 5c Jh 2c") == ("Ann", "muck")
