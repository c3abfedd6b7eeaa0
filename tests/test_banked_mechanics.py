"""The mechanics of games against the house as data: several decision
streets, raises the player sizes, settlement against a pay table on the
player's hand alone, and the located errors of a file that gets them wrong.
Outcomes are worked out by hand in the comments."""

from __future__ import annotations

import pytest

from studrules.analysis.diff import diff
from studrules.analysis.rulebook import explain
from studrules.errors import SpecErrors
from studrules.game.hand import Hand
from studrules.game.policies import make_policy
from studrules.spec.loader import load_variant, load_variant_text

BASE = """
name: on-the-hand
kind: banked
seats: {min: 1, max: 7}
stakes: {ante: 10, table_min: 5, table_max: 100}
steps:
  - ante: {amount: ante, min: table_min, max: table_max}
  - deal: {players: [down, down, down]}
  - decision: {id: first, fold: true, raise: ante, raise_max: 2 * ante, raise_unit: ante}
  - deal: {community: [up, up]}
  - decision: {id: second, fold: true, raise: ante}
  - settle: {id: settle, against: pay_table, pay_table: {pair_of_queens: 1, two_pair: 3}, push_from: pair_of_nines}
"""


def errors_of(text: str) -> list[str]:
    with pytest.raises(SpecErrors) as caught:
        load_variant_text(text)
    return [f"{e.location.line}: {e.message}" for e in caught.value.errors]


def test_two_streets_of_different_sizes_are_both_paid_by_the_line_the_hand_reaches():
    # Ann: Qc Qd 4s with the board 9h 2c: a pair of queens, 1 to 1 on the
    # ante 10, the first street 20 and the second 10: +40.
    v = load_variant_text(BASE)
    hand = Hand(v, ["Ann"], 100, cards={"Ann": "Qc Qd 4s", "community": "9h 2c"})
    hand.apply("Ann raise 20")
    hand.apply("Ann raise")
    assert hand.result().net == {"Ann": 40}
    # Bob: 9c 9d 4s: a pair of nines, below the queens but at the push line: 0.
    hand = Hand(v, ["Bob"], 100, cards={"Bob": "9c 9d 4s", "community": "Kh 2c"})
    hand.apply("Bob raise 10")
    hand.apply("Bob raise")
    assert hand.result().net == {"Bob": 0}
    # Cat: 8c 8d 4s: a pair of eights, below the push line: 10 + 10 + 10 lost.
    hand = Hand(v, ["Cat"], 100, cards={"Cat": "8c 8d 4s", "community": "Kh 2c"})
    hand.apply("Cat raise 10")
    hand.apply("Cat raise")
    assert hand.result().net == {"Cat": -30} and hand.result().stacks == {"Cat": 70}


def test_a_raise_is_limited_by_the_stack():
    # a stack of 25 after the ante of 10 leaves 15: the raise of 20 is not offered
    v = load_variant_text(BASE)
    hand = Hand(v, ["Ann"], 25, cards={"Ann": "Qc Qd 4s", "community": "9h 2c"})
    (raise_,) = [la for la in hand.legal_actions() if la.action == "raise"]
    assert raise_.amount == 10 and raise_.to is None


def test_a_decision_after_the_house_reveals_is_a_located_error():
    text = """
name: late
kind: banked
seats: {min: 1, max: 7}
stakes: {ante: 10}
steps:
  - ante: {amount: ante}
  - deal: {players: [down, down, down, down, down], house: [down, down, down, down, up]}
  - decision: {fold: true, raise: 2 * ante}
  - reveal: {who: house}
  - decision: {fold: true, raise: ante}
  - settle: {qualify: house >= ace_king, pay_table: {pair: 1}}
"""
    assert errors_of(text) == [
        "11: a decision after the house's cards are turned up: the players decide before the house reveals"
    ]


@pytest.mark.parametrize(
    "change, line, words",
    [
        ("raise_max: 2 * ante, raise_unit: ante}", 9, "is less than the least"),
        ("raise: ante, raise_max: 2 * ante, raise_unit: 2 * ante}", 9, "never reach the most"),
        ("raise_unit: ante}", 9, "'raise_unit' needs 'raise_max'"),
    ],
)
def test_raise_bounds_that_cannot_hold_are_located_errors(change, line, words):
    text = BASE.replace("raise: ante, raise_max: 2 * ante, raise_unit: ante}", change)
    if change.startswith("raise_max"):
        text = text.replace(change, "raise: 3 * ante, " + change)
    (error,) = errors_of(text)
    assert error.startswith(f"{line}:") and words in error


@pytest.mark.parametrize(
    "amount, name, words",
    [
        # the first decision holds three cards: no hand of the five-card ranking yet
        ("if(hand >= pair_of_aces, 3 * ante, ante)", "hand", "'hand' reads the player's best 5 cards, but a player"),
        ("if(house >= ace_king, 2 * ante, ante)", "house", "unknown name 'house': the house's hand is not known"),
    ],
)
def test_a_decision_that_reads_a_hand_it_cannot_know_is_a_located_error(amount, name, words):
    # A raise_max that read 'hand' was once accepted and played as if every
    # hand were the lowest; it may now read the hand the player holds at the
    # decision, which here is three cards of a five-card ranking. The house's
    # cards are not known at all before they are revealed.
    text = BASE.replace("raise_max: 2 * ante", f'raise_max: "{amount}"')
    (error,) = errors_of_located(text)
    line = text.splitlines()[8]  # the decision's line (the text starts with a newline: line 9)
    assert (error.location.line, error.location.column) == (9, line.index(f"({name}") + 2)
    assert error.message.startswith(words)


def errors_of_located(text: str):
    with pytest.raises(SpecErrors) as caught:
        load_variant_text(text)
    return caught.value.errors


def test_pay_lines_the_settlement_cannot_read_are_located_errors():
    # a pair's line against the house (the raise is paid by category there)
    against_house = """
name: wrong-lines
kind: banked
seats: {min: 1, max: 7}
stakes: {ante: 10}
steps:
  - ante: {amount: ante}
  - deal: {players: [down, down, down, down, down], house: [down, down, down, down, up]}
  - decision: {fold: true, raise: 2 * ante}
  - reveal: {who: house}
  - settle: {qualify: house >= ace_king, pay_table: {pair_of_jacks: 1}, push_from: pair}
"""
    errors = errors_of(against_house)
    assert any("'pair_of_jacks' is not one" in e for e in errors)
    assert any("'push_from' is for a settlement against the pay table" in e for e in errors)
    # a push line at or above the lowest paying line
    (error,) = errors_of(BASE.replace("push_from: pair_of_nines", "push_from: pair_of_kings"))
    assert "not below every line" in error
    # a pay table with no line, or a negative one
    assert any(
        "at least one line" in e for e in errors_of(BASE.replace("pay_table: {pair_of_queens: 1, two_pair: 3}, ", ""))
    )
    assert errors_of(BASE.replace("two_pair: 3", "two_pair: -3"))


def test_the_rule_book_and_the_diff_say_the_raise_bounds_and_the_pay_table():
    book = explain(load_variant("mississippi-stud"))
    assert "raises from 5 (the ante) to 15 (three times the ante), in steps of 5 (the ante)" in " ".join(book.split())
    assert "Pair of jacks or better" in book and "at least a pair of sixes gets its wagers back" in " ".join(
        book.split()
    )
    rows = {(d.rule, d.a, d.b) for d in diff(load_variant("mississippi-stud"), load_variant("caribbean-stud-it"))}
    assert ("every wager pays on royal flush", "500 to 1", "—") in rows
    assert ("below the table", "push from a pair of sixes", "—") in rows


def test_the_default_bots_play_every_shipped_banked_game_by_its_own_strategy():
    # the strategy simulate and analyze play when none is named: the one the game's file
    # names (basic, queen-six-four, pair-or-better, the optimal tables); a bot that stays in
    # every hand (check-call, as the default bots of Mississippi Stud and Three Card Poker
    # were) plays Mississippi Stud at a house edge of 115% of the ante
    from studrules.cli.play import make_bots

    for name in ("caribbean-stud-it", "three-card-poker", "mississippi-stud", "let-it-ride", "four-card-poker"):
        variant = load_variant(name)
        bots = make_bots("", ["Bob", "Cat"], [variant], seed=1)
        assert {p.name for p in bots.values()} == {"strategy"}
        for bot in bots.values():
            bot.begin(variant)
            assert bot.strategy.name == variant.strategy, name
        sensible = make_policy("sensible")
        sensible.begin(variant)  # 'sensible' at a table against the house plays the same
        assert sensible._house is not None and sensible._house.strategy.name == variant.strategy


def test_a_default_bot_folds_what_the_game_s_strategy_folds():
    # Mississippi Stud, optimal play: 7-2 offsuit folds at the first decision, a pair raises 3x
    from studrules.game.hand import Hand
    from studrules.game.policies import play_hand

    variant = load_variant("mississippi-stud")
    for cards, first in ((["7c", "2d"], "fold"), (["9c", "9d"], "raise")):
        hand = Hand(variant, ["Bob"], 1000, cards={"Bob": cards}, seed=5)
        bot = make_policy("strategy")
        play_hand(hand, {"Bob": bot})
        verbs = [a.verb for a in hand.actions if a.player == "Bob"]
        assert verbs[0] == first
    assert [a.amount for a in hand.actions if a.verb == "raise"][0] == 3 * variant.stake_values()["ante"]


def test_a_decision_to_stand_reads_in_the_rule_book_and_the_diff_and_one_with_no_choice_is_refused():
    book = " ".join(explain(load_variant("let-it-ride")).split())
    assert "Each player goes on without a raise, or raises 10 (the ante) with the default ante" in book
    rows = {(d.rule, d.a) for d in diff(load_variant("let-it-ride"), load_variant("caribbean-stud-it"))}
    assert ("decision", "stand or raise the ante (10)") in rows
    nothing = BASE.replace("{id: second, fold: true, raise: ante}", "{id: second, fold: false}")
    (error,) = errors_of(nothing)
    assert error.startswith("11:") and "nothing to choose" in error


def test_a_raise_never_takes_the_chips_staked_on_side_bets():
    # Four Card Poker with the Aces Up at 10: Ann's 25 chips stake the ante
    # (10) and the Aces Up (10), which the settlement takes: 5 are left, less
    # than the play of 10, so she may only fold. Once a raise of 10 was
    # offered, and losing every bet left her at -5.
    variant = load_variant("four-card-poker", stakes={"aces_up": 10})
    cards = {"Ann": "2c 5d 9h Js Kc", "house": "Ac Ad Ah As Qc 3d"}
    assert [la.action for la in Hand(variant, ["Ann"], 25, cards=cards).legal_actions()] == ["fold"]
    # with 30 chips the play of 10 fits (1x only: 2x would need 20); she loses all three bets: 0 left
    hand = Hand(variant, ["Ann"], 30, cards=cards)
    assert [(la.action, la.to or la.amount) for la in hand.legal_actions()] == [("fold", None), ("raise", 10)]
    hand.apply("Ann raise 10")
    assert hand.result().stacks == {"Ann": 0}
    # a required bet the same: Crazy 4 Poker's Super Bonus (the ante again) leaves 5 of 25
    crazy = Hand(load_variant("crazy-4-poker"), ["Ann"], 25, cards={"Ann": "2c 5d 9h Js Kc"})
    assert [la.action for la in crazy.legal_actions()] == ["fold"]


def test_a_fold_before_the_hand_is_whole_loses_its_side_bet_without_valuing_the_cards():
    # an audit's finding: a side bet on the player's five cards, and a fold holding three of
    # them, stopped the hand ("a hand to evaluate has 5 to 9 cards, not 3"). A fold loses the
    # bet (it does not stand): Ann loses her ante 10 and the side bet 5, -15; Bob plays on to
    # Ac Ad Kh 4s 5s, a pair: the pay table's even money for the ante and both raises
    # (10 + 20 + 10) and 1 to 1 on the side bet (5): +45.
    text = """
name: side-bet-fold
kind: banked
seats: {min: 1, max: 6}
stakes: {ante: 10, table_min: 5, table_max: 100, lucky: 5}
steps:
  - ante: {amount: ante, min: table_min, max: table_max}
  - deal: {players: [down, down, up]}
  - decision: {id: first, fold: true, raise: ante, raise_max: 2 * ante, raise_unit: ante}
  - deal: {players: [up, down]}
  - decision: {id: second, fold: true, raise: ante}
  - settle:
      id: settle
      against: pay_table
      pay_table: {pair: 1, two_pair: 3}
      side_bets: {lucky: {amount: lucky, pay_table: {pair: 1, three_of_a_kind: 20}}}
"""
    v = load_variant_text(text)
    hand = Hand(v, ["Ann", "Bob"], 500, cards={"Ann": "2c 7d 9h", "Bob": "Ac Ad Kh 4s 5s"})
    hand.apply("Ann fold")
    hand.apply("Bob raise 20")
    hand.apply("Bob raise")
    assert hand.result().net == {"Ann": -15, "Bob": 45}
