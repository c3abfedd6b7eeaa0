"""Policies act on their seat's view only; bots are legal, seeded and sensible."""

from __future__ import annotations

import pytest

from studrules.errors import IllegalActionError, StudrulesError
from studrules.game.actions import Action
from studrules.game.hand import Hand
from studrules.game.policies import (
    CheckCall,
    Policy,
    RandomPolicy,
    Sensible,
    StrategyPolicy,
    make_policy,
    play_hand,
    strength_class,
)
from studrules.spec.loader import load_variant

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


@pytest.fixture(scope="module")
def fr():
    return load_variant("five-card-stud-fr")


def test_every_bot_plays_whole_hands_and_pot_chips_are_conserved(fr):
    for seed in range(30):
        h = Hand(fr, PLAYERS, 200, seed=seed)
        bots = ["check-call", "random", "sensible", "sensible"]
        r = play_hand(h, {p: make_policy(b, seed=seed, variant=fr) for p, b in zip(PLAYERS, bots)})
        assert h.is_over and sum(r.net.values()) == 0


def test_random_policy_with_the_same_seed_plays_the_same_way(fr):
    def once():
        h = Hand(fr, PLAYERS, 200, seed=4)
        play_hand(h, {p: RandomPolicy(seed=i) for i, p in enumerate(PLAYERS)})
        return [str(a) for a in h.actions]

    assert once() == once()


class Spy(Policy):
    """Records what it is given: it must be a View of its own seat, never the Hand."""

    name = "spy"

    def __init__(self):
        self.seen = []

    def act(self, view):
        self.seen.append(view)
        return CheckCall().act(view)


def test_a_policy_receives_only_its_seats_view(fr):
    h = Hand(fr, PLAYERS, 200, seed=2)
    spy = Spy()
    play_hand(h, {"Ann": spy, "Bob": CheckCall(), "Cat": CheckCall(), "Dan": CheckCall()})
    assert spy.seen
    for view in spy.seen:
        assert type(view).__name__ == "View" and view.player == "Ann"
        # "A player's view holds only what that seat may see": others' down cards are hidden
        for e in view.events:
            if e.type == "deal" and e.face == "down" and e.player != "Ann":
                assert e.card is None


def test_a_view_a_policy_keeps_is_what_its_seat_saw_when_asked(fr):
    # play_hand reads a view's fields from the hand only when the policy asks for
    # them; a view the policy keeps must still show the hand as it stood at that
    # decision. The reference: Hand.view taken at the same decisions of the same
    # hand, played by the same actions (check or call) without policies.
    h = Hand(fr, PLAYERS, 200, seed=2)
    spy = Spy()
    play_hand(h, {"Ann": spy, "Bob": CheckCall(), "Cat": CheckCall(), "Dan": CheckCall()})
    again = Hand(fr, PLAYERS, 200, seed=2)
    expected = []
    while not again.is_over:
        if again.to_act == "Ann":
            expected.append(again.view("Ann"))
        again.apply(again.default_action())
    assert len(spy.seen) == len(expected) > 1
    assert spy.seen == expected
    assert [len(v.events) for v in spy.seen] == [len(v.events) for v in expected]


def test_a_policy_answering_for_another_seat_is_refused(fr):
    class Cheat(Policy):
        name = "cheat"

        def act(self, view):
            return Action("Zed", "fold")

    h = Hand(fr, PLAYERS, 200, seed=2)
    with pytest.raises(IllegalActionError):
        play_hand(h, {p: Cheat() for p in PLAYERS})


def test_unknown_bot_name_lists_the_valid_ones():
    with pytest.raises(StudrulesError) as err:
        make_policy("shark")
    text = str(err.value)
    for name in ("check-call", "random", "sensible", "strategy:"):
        assert name in text


def test_strategy_policy_folds_or_raises_by_the_banked_strategy():
    v = load_variant("caribbean-stud-it")
    h = Hand(v, ["Ann", "Bob"], 500, seed=1)
    r = play_hand(h, {"Ann": make_policy("strategy:fold"), "Bob": make_policy("strategy:raise")})
    folds = [e.player for e in h.events if e.type == "fold"]
    raises = [e.player for e in h.events if e.type == "raise"]
    assert folds == ["Ann"] or r.void
    assert raises == ["Bob"] or r.void
    assert isinstance(make_policy("strategy:basic"), StrategyPolicy)


def test_strength_classes_by_hand():
    # high: two pair 3, a pair of tens or better 2, small pair or ace/king high 1, else 0
    from studrules.cards.card import parse_cards

    assert strength_class(None, parse_cards("7c 7d 2s 2h")) == 3
    assert strength_class(None, parse_cards("Tc Td 2s")) == 2
    assert strength_class(None, parse_cards("4c 4d 9s")) == 1
    assert strength_class(None, parse_cards("8c 6d")) == 0
    # razz: a seven-low draw is strong, a pair is nothing
    assert strength_class("ace_to_five_low", parse_cards("Ac 4d 7s")) == 3
    assert strength_class("ace_to_five_low", parse_cards("Kc Kd 2s")) == 0


def test_sensible_folds_nothing_against_a_visibly_stronger_board(fr):
    # Ann holds 7-2 offsuit and faces Bob's pair of aces showing and a bet: she folds
    cards = {"Ann": ["7c", "2d", "3h"], "Bob": ["Kc", "Ad", "Ah"]}
    h = Hand(fr, ["Ann", "Bob"], 200, seed=1, cards=cards)
    sensible = Sensible()
    while not h.is_over and h.round < 2:
        h.apply(h.default_action())
    # round 2: play until Ann faces a bet
    while not h.is_over:
        if h.to_act == "Bob":
            legal = {la.action: la for la in h.legal_actions()}
            if "bet" in legal:
                h.apply(Action("Bob", "bet", legal["bet"].to[0] if legal["bet"].to else legal["bet"].min))
                continue
            h.apply(h.default_action())
            continue
        action = sensible.act(h.view("Ann"))
        if "call" in {la.action for la in h.legal_actions()}:
            assert action.verb == "fold"
            return
        h.apply(action)
    pytest.fail("Ann never faced a bet")


def test_sensible_raises_a_strong_made_hand(fr):
    # fourth card: Ann holds three nines (two showing); Bob's pair of aces showing acts
    # first and bets; Ann's whole hand beats his board, so she raises
    cards = {"Ann": ["9c", "2d", "9h", "9s"], "Bob": ["Kc", "3d", "Ah", "Ad"]}
    h = Hand(fr, ["Ann", "Bob"], 500, seed=1, cards=cards)
    sensible = Sensible()
    sensible.begin(fr)
    while not h.is_over:
        if h.to_act == "Ann":
            legal = {la.action for la in h.legal_actions()}
            action = sensible.act(h.view("Ann"))
            if "call" in legal and "raise" in legal and len(h.cards_of("Ann")) >= 4:
                assert action.verb == "raise"
                return
            h.apply(action)
        else:
            legal = {la.action: la for la in h.legal_actions()}
            if "bet" in legal and h.round >= 2:  # Bob only calls on the first round
                la = legal["bet"]
                h.apply(Action("Bob", "bet", la.to[0] if la.to else la.min))
            else:
                h.apply(h.default_action())
    pytest.fail("Ann never faced a bet she could raise")


def test_a_policy_answering_with_no_action_is_told_what_a_policy_answers():
    # an audit's finding: a LegalAction (what view.legal holds) or None failed with an
    # AttributeError inside play_hand; the verb alone failed to parse
    from studrules.errors import IllegalActionError
    from studrules.game.hand import Hand
    from studrules.game.policies import Policy, play_hand
    from studrules.spec.loader import load_variant

    class Answers(Policy):
        def __init__(self, answer):
            self.answer = answer

        def act(self, view):
            return self.answer(view)

    razz = load_variant("razz")
    for answer, words in [
        (lambda view: view.legal[0], "answered bring-in 3 for"),
        (lambda view: None, "answered NoneType for"),
    ]:
        hand = Hand(razz, ["Ann", "Bob"], 100, seed=1)
        with pytest.raises(IllegalActionError, match=words) as err:
            play_hand(hand, {p: Answers(answer) for p in hand.players})
        assert "act(view) returns an Action, or its text" in str(err.value)
    # the verb alone is the player's to act: check or call, every decision
    hand = Hand(razz, ["Ann", "Bob"], 100, seed=1)
    verb = {"bring-in": "bring-in", "check": "check", "call": "call", "show": "show"}
    alone = Answers(lambda view: next(verb[la.action] for la in view.legal if la.action in verb))
    result = play_hand(hand, dict.fromkeys(hand.players, alone))
    assert sum(result.net.values()) == 0 and hand.is_over
    # one word is the verb, even where a player is named like one; nothing at all is refused
    named = Hand(razz, ["fold", "Bob"], 100, seed=1)
    play_hand(named, dict.fromkeys(named.players, alone))
    assert named.is_over
    with pytest.raises(IllegalActionError, match="answered nothing for"):
        play_hand(Hand(razz, ["Ann", "Bob"], 100, seed=1), {p: Answers(lambda view: " ") for p in ("Ann", "Bob")})
