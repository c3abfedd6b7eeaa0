"""Betting rules a house chooses in its file: a spread limit, a cap worked out
at the table, and no check-raise.

Every hand here is five-card stud (``variants/five-card-stud.yaml``: ante 1,
bring-in 3 by the lowest up card, then rounds at the low limit of 10) with
its second round changed by the variant text below; the cards are given, so
who acts when is worked out by hand:

- Ann 2c/3c, Bob Kd/9d, Cat Qh/8h: Ann's 3c is the lowest up card, she
  brings in for 3; Bob and Cat call; the round is over.
- Fourth card up: Ann Ac, Bob Ks, Cat 2s. Showing Ann 3c-Ac (ace high), Bob
  9d-Ks (king high), Cat 8h-2s: Ann's board is best, she acts first in round 2,
  then Bob, then Cat.
"""

from __future__ import annotations

import pytest

from studrules.errors import SpecErrors
from studrules.game.hand import Hand
from studrules.spec.loader import load_variant_text

ROUND_2 = "  - betting: {{id: round-2, {fields}}}\n"
CARDS = {"Ann": ["2c", "3c", "Ac"], "Bob": ["Kd", "9d", "Ks"], "Cat": ["Qh", "8h", "2s"]}


def variant(fields: str):
    return load_variant_text(
        "extends: five-card-stud\nname: house\nsteps:\n" + ROUND_2.format(fields=fields), file="house.yaml"
    )


def at_round_2(
    fields: str, *then: str, first_round: tuple[str, ...] = ("Ann bring-in", "Bob call", "Cat call")
) -> Hand:
    hand = Hand(variant(fields), ["Ann", "Bob", "Cat"], 200, seed=1, cards=CARDS)
    for action in (*first_round, *then):
        hand.apply(action)
    return hand


def legal(hand: Hand) -> dict[str, tuple]:
    return {a.action: (a.min, a.max) if a.to is None else a.to for a in hand.legal_actions()}


# --- spread limit -------------------------------------------------------------

SPREAD = "structure: spread_limit, bet: 2, max_bet: 10"


def test_a_spread_limit_bet_is_any_amount_from_bet_to_max_bet():
    hand = at_round_2(SPREAD)
    assert hand.to_act == "Ann"
    assert legal(hand)["bet"] == (2, 10)


def test_a_spread_limit_raise_adds_at_least_the_last_bet_or_raise_and_at_most_max_bet():
    # Robert's Rules of Poker, betting and raising, 5: "Any wager not all-in must be at
    # least the size of the previous bet or raise in that round."
    hand = at_round_2(SPREAD, "Ann bet 5")
    assert hand.to_act == "Bob"
    assert legal(hand)["raise"] == (10, 15)  # 5 + 5 (Ann's bet) to 5 + 10
    hand.apply("Bob raise 12")  # adds 7
    assert legal(hand)["raise"] == (19, 22)  # 12 + 7 (Bob's raise) to 12 + 10


def test_a_spread_limit_raise_smaller_than_the_last_raise_is_refused():
    hand = at_round_2(SPREAD, "Ann bet 8")
    with pytest.raises(Exception, match="not an allowed total"):
        hand.apply("Bob raise 10")  # adds 2 to a bet of 8


def test_a_spread_limit_small_opening_bet_leaves_the_whole_spread_to_the_raise():
    hand = at_round_2(SPREAD, "Ann bet 2")
    assert legal(hand)["raise"] == (4, 12)  # 2 + 2 to 2 + 10


def test_a_spread_limit_all_in_raise_short_of_the_last_raise_does_not_reopen_the_betting():
    # Cat has 25: ante 1 and 3 in round 1 leave her 21. Ann bets 8, Bob raises 8 to 16, Cat
    # is all in for 21, a raise of 5, short of Bob's 8: Bob, who has acted, may only call or fold.
    hand = Hand(variant(SPREAD), ["Ann", "Bob", "Cat"], {"Ann": 200, "Bob": 200, "Cat": 25}, seed=1, cards=CARDS)
    for action in ("Ann bring-in", "Bob call", "Cat call", "Ann bet 8", "Bob raise 16", "Cat raise 21"):
        hand.apply(action)
    assert "raise" in legal(hand)  # Ann has not acted since Bob's full raise
    hand.apply("Ann call")
    assert hand.to_act == "Bob"
    assert set(legal(hand)) == {"fold", "call"}


def test_a_spread_limit_refuses_a_bet_above_its_top():
    hand = at_round_2(SPREAD)
    with pytest.raises(Exception, match="not an allowed total"):
        hand.apply("Ann bet 11")


def test_a_spread_limit_needs_its_max_bet():
    with pytest.raises(SpecErrors) as err:
        variant("structure: spread_limit, bet: 2")
    assert "a spread-limit round needs 'max_bet'" in str(err.value.errors[0])


def test_max_bet_outside_a_spread_limit_is_an_error():
    with pytest.raises(SpecErrors) as err:
        variant("max_bet: 10")
    assert "'max_bet' is the top of a spread limit, but this round is fixed limit" in str(err.value.errors[0])


# --- a cap worked out at the table --------------------------------------------

CAP = "cap: 'if(heads_up, 5, 1)', heads_up_uncapped: false"


def test_a_cap_formula_allows_one_raise_three_handed():
    hand = at_round_2(CAP, "Ann bet", "Bob raise")
    assert hand.to_act == "Cat"
    assert set(legal(hand)) == {"fold", "call"}  # one raise made: capped


def test_the_same_cap_formula_allows_more_raises_heads_up():
    # Cat folds in round 1: Ann (ace high showing) and Bob play round 2 heads-up
    hand = at_round_2(CAP, "Ann bet", "Bob raise", first_round=("Ann bring-in", "Bob call", "Cat fold"))
    assert hand.to_act == "Ann" and "raise" in legal(hand)  # heads-up: five raises
    for _ in range(4):
        hand.apply(f"{hand.to_act} raise")
    assert set(legal(hand)) == {"fold", "call"}  # the fifth raise was the last


def test_a_cap_that_works_out_below_zero_is_refused_at_load():
    with pytest.raises(SpecErrors) as err:
        variant("cap: 'low_limit - 20'")
    assert "the cap works out to -10" in str(err.value.errors[0])


# --- no check-raise ------------------------------------------------------------


def test_without_check_raise_a_player_who_checked_may_only_call_or_fold():
    hand = at_round_2("check_raise: false", "Ann check", "Bob bet", "Cat call")
    assert hand.to_act == "Ann"
    assert set(legal(hand)) == {"fold", "call"}


def test_with_check_raise_the_same_player_may_raise():
    hand = at_round_2("check_raise: true", "Ann check", "Bob bet", "Cat call")
    assert set(legal(hand)) == {"fold", "call", "raise"}


def test_without_check_raise_a_player_who_did_not_check_still_raises():
    hand = at_round_2("check_raise: false", "Ann check", "Bob bet")
    assert hand.to_act == "Cat" and "raise" in legal(hand)


def test_the_rule_book_states_the_spread_the_formula_cap_and_no_check_raise():
    from studrules.analysis.rulebook import explain

    book = " ".join(explain(variant(f"{SPREAD}, {CAP}, check_raise: false")).split())
    assert "Any bet from 2 to 10; a raise adds at least the last bet or raise of the round, and at most 10." in book
    assert "A player who has checked may not raise later in the round" in book
    assert (
        "Raises allowed after the bet, as the table stands: 5 when only two players are left in the hand, else 1."
        in book
    )


# --- blinds and a dealer ante ----------------------------------------------------

# generic_poker's Mississippi Stud 8 (variants/catalogue/): blinds of 5 and 10
# (half the small bet, the small bet), no ante, no bring-in; the player after
# the big blind acts first.
MISS = "mississippi-stud-8"


def blind_hand(players: list[str]) -> Hand:
    from studrules.spec.loader import load_variant

    return Hand(load_variant(MISS), players, 200, seed=4)


def test_blinds_are_posted_from_the_dealers_left_and_count_as_bets():
    hand = blind_hand(["Ann", "Bob", "Cat"])
    posted = [(e.player, e.amount, e.reason) for e in hand.events if e.type == "blind"]
    assert posted == [("Ann", 5, "the small blind"), ("Bob", 10, "the big blind")]
    assert not any(e.type == "ante" for e in hand.events)
    # Cat, after the big blind, acts first: to stay he calls the big blind's 10
    assert hand.to_act == "Cat"
    assert legal(hand) == {"fold": (None, None), "call": (None, None), "raise": (20,)}
    assert next(a for a in hand.legal_actions() if a.action == "call").amount == 10


def test_the_small_blind_completes_and_the_big_blind_has_the_option():
    hand = blind_hand(["Ann", "Bob", "Cat"])
    hand.apply("Cat call")
    assert hand.to_act == "Ann"
    assert next(a for a in hand.legal_actions() if a.action == "call").amount == 5  # 10 less her 5
    hand.apply("Ann call")
    assert hand.to_act == "Bob"  # his blind is called, not raised: he may still raise
    assert set(legal(hand)) == {"check", "raise"}
    hand.apply("Bob check")
    assert hand.pot == 30 and [hand.stacks[i] for i in range(3)] == [190, 190, 190]
    assert hand.round == 2  # the round is over: the next cards are dealt


def test_heads_up_the_small_blind_acts_first():
    hand = blind_hand(["Ann", "Bob"])
    assert hand.to_act == "Ann"  # after Bob's big blind comes Ann


def test_heads_up_the_dealer_may_post_the_small_blind_and_act_first():
    # the usual heads-up rule: the dealer (Bob, the last seat) posts the small
    # blind, Ann the big one, and the player after the big blind, Bob, acts
    # first; at three players the blinds stay where they were
    from studrules.spec.loader import load_variant

    base = load_variant(MISS)
    v = load_variant_text(
        f"extends: {base.name}\nname: hu\nsteps:\n  - blinds: {{id: blinds, heads_up_dealer_small: true}}\n"
    )
    hand = Hand(v, ["Ann", "Bob"], 200, seed=4)
    posted = [(e.player, e.amount, e.reason) for e in hand.events if e.type == "blind"]
    assert posted == [("Bob", 5, "the small blind"), ("Ann", 10, "the big blind")]
    assert hand.to_act == "Bob"
    hand = Hand(v, ["Ann", "Bob", "Cat"], 200, seed=4)
    assert [e.player for e in hand.events if e.type == "blind"] == ["Ann", "Bob"]


def test_a_dealer_ante_is_posted_by_the_dealer_alone_for_the_table():
    v = load_variant_text(
        "extends: five-card-stud\nname: dealer-ante\nsteps:\n  - ante: {id: ante, who: dealer, amount: players}\n"
    )
    hand = Hand(v, ["Ann", "Bob", "Cat"], 100, seed=2)
    antes = [(e.player, e.amount) for e in hand.events if e.type == "ante"]
    assert antes == [("Cat", 3)]  # the dealer is the last seat; one chip a player
    assert hand.pot == 3


@pytest.mark.parametrize(
    "text, words",
    [
        (
            "steps:\n  - betting: {id: round-1, bring_in: null, first_to_act: after_blinds}\n",
            "first_to_act 'after_blinds' needs a blinds step before this round",
        ),
        (
            "seats: {min: 2, max: 8}\nsteps:\n  - blinds: {id: b, amounts: [1, 2, 4], before: second-street}\n",
            "3 blinds, but the table may have only 2 players",
        ),
    ],
)
def test_blinds_that_cannot_be_played_are_refused_at_load(text, words):
    with pytest.raises(SpecErrors) as err:
        load_variant_text("extends: five-card-stud\nname: bad\n" + text)
    assert any(words in str(e) for e in err.value.errors), err.value.errors


BACKWARDS = (
    "extends: five-card-stud\nname: bad\nstakes: {ante: null}\nsteps:\n"
    "  - ante: {id: ante, remove: true}\n"
    "  - blinds: {id: blinds, amounts: [5, 2], before: second-street}\n"
    "  - betting: {id: round-1, bring_in: null, first_to_act: after_blinds}\n"
)


def test_a_big_blind_below_the_small_blind_is_refused_where_it_is_written():
    # the blinds are posted from the dealer's left, the small blind, then the big blind
    with pytest.raises(SpecErrors) as err:
        load_variant_text(BACKWARDS, file="bad.yaml")
    (e,) = err.value.errors
    assert (e.location.file, e.location.line, e.location.column) == ("bad.yaml", 6, 39)  # the 2
    assert "the big blind (2) is less than the small blind (5)" in e.message


def test_blinds_out_of_order_are_refused_and_equal_blinds_are_not():
    with pytest.raises(SpecErrors) as err:
        load_variant_text(BACKWARDS.replace("[5, 2]", "[1, 4, 2]"), file="bad.yaml")
    assert any("blind 3 (2) is less than blind 2 (4)" in str(e) for e in err.value.errors), err.value.errors
    assert load_variant_text(BACKWARDS.replace("[5, 2]", "[2, 2]"), file="ok.yaml").name == "bad"


def test_a_stake_that_puts_the_small_blind_above_the_big_one_is_refused():
    from studrules.spec.loader import load_variant

    with pytest.raises(SpecErrors) as err:
        load_variant(MISS, stakes={"small_blind": 30})  # the big blind is the small bet, 10
    assert any("the big blind (10) is less than the small blind (30)" in str(e) for e in err.value.errors)


@pytest.mark.parametrize(
    "extra, stacks, after, put",
    [
        # one ante of 1 from equal stacks: everybody alike before and after
        ("", 100, [99, 99, 99], [1, 1, 1]),
        # from unequal stacks: each pays 1 from his own
        ("", [100, 50, 80], [99, 49, 79], [1, 1, 1]),
        # a second, dead ante of 3 after the first: 1 + 3 from each
        ("  - ante: {id: second-ante, amount: 3, dead: true, before: second-street}\n", 100, [96, 96, 96], [4, 4, 4]),
        # Ann's blind of 1 first leaves the stacks equal (101 - 1 = 100) but her chips in
        # one more than the others': the ante adds 1 to each
        (
            "  - blinds: {id: blinds, amounts: [1], before: ante}\n"
            "  - betting: {id: round-1, bring_in: null, first_to_act: after_blinds}\n",
            [101, 100, 100],
            [99, 99, 99],
            [2, 1, 1],
        ),
    ],
)
def test_an_ante_everybody_posts_in_full_takes_it_from_each_stack(extra, stacks, after, put):
    v = load_variant_text("extends: five-card-stud\nname: antes\n" + ("steps:\n" + extra if extra else ""))
    hand = Hand(v, ["Ann", "Bob", "Cat"], stacks, seed=2)
    assert hand.stacks == after
    assert hand.contrib == put
    assert hand.pot == sum(put)
