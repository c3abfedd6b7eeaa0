"""Jokers in a variant's deck (``deck: {jokers: N}``, ``wild: {joker: ...}``)
and the short-deck ranking over a deck stripped in the middle, played in
generic_poker's Mexican Poker (variants/catalogue/mexican-poker.yaml).

The expected hands are worked out by hand from the rules the files state;
the deck-order ranking is checked against the brute-force reference of the
wild-card evaluator (studrules.cards.wild_reference) and, over the whole
40-card deck, against the category counts worked out by combinatorics.
"""

from __future__ import annotations

import itertools
import random
from math import comb

import pytest
from rules_support import script as _script, script_first_actor as _first_to_act

from studrules.cards.card import full_deck, joker
from studrules.cards.rankings import get_ranking, ranking_for
from studrules.cards.rankings_deck_order import DeckOrderHigh
from studrules.cards.wild_reference import reference_high
from studrules.errors import CardError, SpecErrors
from studrules.game.hand import Hand
from studrules.game.policies import make_policy, play_hand
from studrules.spec.loader import load_variant, load_variant_text
from studrules.spec.model import DeckSpec

MEXICAN_RANKS = "234567JQKA"


def _shown(out: dict) -> dict[str, str]:
    return {e["player"]: e["hand"] for e in out["events"] if e["type"] == "show"}


# --- the deck-order ranking (cards level) ---------------------------------------

MEXICAN = DeckOrderHigh("short_deck_high", True, "", ranks=MEXICAN_RANKS)
MEXICAN_BUG = DeckOrderHigh("short_deck_high", True, "", ranks=MEXICAN_RANKS, joker="bug")


@pytest.mark.parametrize(
    ("hand", "words"),
    [
        ("Jc 7d 6h 5s 4c", "straight, jack high"),  # 8, 9 and 10 are out: J and 7 are in a row
        ("Ac Kd Qh Js 7c", "straight, ace high"),
        ("Ac 2d 3h 4s 5c", "straight, five high"),  # the ace low below the deck's lowest rank
        ("Kc Qd Jh 7s 5c", "king-queen-jack-seven-five high"),  # K-Q-J-7-6 would be one; 5 is not
        ("Qh Jh 7h 6h 5h", "straight flush, queen high"),
    ],
)
def test_straights_run_over_the_ranks_the_deck_holds(hand: str, words: str):
    assert MEXICAN.describe(MEXICAN.evaluate(hand)) == words


def test_a_flush_beats_a_full_house_and_five_of_a_kind_is_best():
    flush = MEXICAN.evaluate("2h 4h 7h Jh Kh")
    full_house = MEXICAN.evaluate("Ac Ad Ah Kc Kd")
    quads = MEXICAN.evaluate("2c 2d 2h 2s 3c")
    assert full_house < flush < quads
    wild = DeckOrderHigh("short_deck_high", True, "", ranks=MEXICAN_RANKS, joker="wild")
    assert wild.describe(wild.evaluate("Ac Ad Ah As X1")) == "five aces"
    assert wild.evaluate("Ac Ad Ah As X1") > MEXICAN.evaluate("Ah Kh Qh Jh 7h")


@pytest.mark.parametrize(
    ("hand", "words"),
    [
        # the bug is an ace: K-K-7-7 and the bug are two pair, not a full house
        ("Kc Kd 7h 7s X1", "two pair, kings and sevens, ace kicker"),
        ("Ac Ad Ah As X1", "five aces"),  # four aces and the bug
        ("Jc 7d 5h 4s X1", "straight, jack high"),  # the bug fills the six
        ("Kh 7h 5h 2h X1", "flush, ace-king-seven-five-two"),
        ("Kc Qd 9s 7h X1", None),  # 9s is not in the deck
    ],
)
def test_the_bug_is_an_ace_or_completes_a_straight_or_a_flush(hand: str, words: str | None):
    if words is None:
        with pytest.raises(CardError):
            MEXICAN_BUG.evaluate(hand)
    else:
        assert MEXICAN_BUG.describe(MEXICAN_BUG.evaluate(hand)) == words


def test_a_joker_listed_as_wild_is_fully_wild_even_where_jokers_are_the_bug():
    face_down = DeckOrderHigh("short_deck_high", True, "", ranks=MEXICAN_RANKS, joker="bug", wild=frozenset([joker(1)]))
    assert face_down.describe(face_down.evaluate("Kc Kd 7h 7s X1")) == "full house, kings over sevens"


def test_the_short_deck_ranking_follows_a_deck_stripped_in_the_middle():
    gapped = ranking_for(DeckSpec(ranks=MEXICAN_RANKS, ranking="short_deck_high"), "short_deck_high")
    assert gapped.describe(gapped.evaluate("Ac Kd Qh Js 7c")) == "straight, ace high"
    # a deck stripped at the bottom keeps the existing short-deck ranking
    assert ranking_for(DeckSpec(ranks="6789TJQKA"), "short_deck_high") is get_ranking("short_deck_high")


def _order_key(signature: tuple[int, tuple[int, ...]]) -> tuple[int, tuple[int, ...]]:
    """The reference's signature in the short-deck order (flush above full house)."""
    category, ranks = signature
    return ({5: 6, 6: 5}.get(category, category), ranks)


@pytest.mark.parametrize("role", ["wild", "bug"])
def test_on_a_full_deck_the_deck_order_ranking_agrees_with_the_brute_force_reference(role: str):
    # On 2..A the deck order is the usual one; the two rankings differ only in
    # putting the flush above the full house, so hands whose best is either
    # are compared by category order only when neither is a flush or a full house.
    ranking = DeckOrderHigh("short_deck_high", True, "", joker=role)
    rng = random.Random(12)
    deck = list(full_deck())
    checked = 0
    for _ in range(400):
        size = rng.choice((5, 6, 7))
        hand = rng.sample(deck, size - 1) + [joker(1)]
        expected, _ = reference_high(hand, joker=role)
        value = ranking.evaluate(hand)
        category = int(value) >> 20
        if expected[0] in (5, 6) or category in (5, 6):
            continue
        ranks = tuple(r for r in ((int(value) >> 4 * k) & 15 for k in range(4, -1, -1)) if r)
        assert (category, ranks) == _order_key(expected), " ".join(map(str, hand))
        checked += 1
    assert checked > 250


@pytest.mark.soak
def test_every_five_cards_of_the_forty_card_deck_fall_in_the_counted_categories():
    # Counted by hand: seven rows of ranks (A2345, 23456, 34567, 4567J, 567JQ,
    # 67JQK, 7JQKA); straight flushes 7 x 4; straights 7 x (4^5 - 4); flushes
    # 4 x (C(10,5) - 7); full houses 10 x 4 x 9 x 6; four of a kind 10 x 9 x 4;
    # three of a kind 10 x 4 x C(9,2) x 16; two pair C(10,2) x 36 x 8 x 4; one
    # pair 10 x 6 x C(9,3) x 64; no pair (C(10,5) - 7) x (4^5 - 4).
    expected = {
        8: 28,
        4: 7 * 1020,
        6: 4 * (comb(10, 5) - 7),
        5: 10 * 4 * 9 * 6,
        7: 10 * 9 * 4,
        3: 10 * 4 * comb(9, 2) * 16,
        2: comb(10, 2) * 36 * 8 * 4,
        1: 10 * 6 * comb(9, 3) * 64,
        0: (comb(10, 5) - 7) * 1020,
    }
    assert sum(expected.values()) == comb(40, 5)
    deck = DeckSpec(ranks=MEXICAN_RANKS).contents()
    counts: dict[int, int] = {}
    for five in itertools.combinations(deck, 5):
        category = MEXICAN.evaluate(five) >> 20
        counts[category] = counts.get(category, 0) + 1
    assert counts == expected


# --- jokers in a variant's deck ---------------------------------------------------


def _joker_stud(role: str) -> str:
    return f"extends: 5-card-stud\nname: joker-stud\ndeck: {{jokers: 1}}\nwild: {{joker: {role}}}\n"


def test_a_variant_deck_holds_its_jokers():
    variant = load_variant_text(_joker_stud("bug"))
    assert variant.deck.cards == 53 and variant.deck.contents()[-1] == joker(1)
    dealt = Hand(variant, ["Ann", "Bob", "Cat"], 100, seed=4)
    assert dealt.deck.remaining + 6 == 53


@pytest.mark.parametrize(
    ("role", "ann", "stacks"),
    [
        # the bug is an ace: a pair of nines, which Bob's kings beat
        ("bug", "pair of nines, ace-seven-two kickers", {"Ann": 96, "Bob": 104}),
        # wild: the third nine
        ("wild", "three nines, seven-two kickers", {"Ann": 104, "Bob": 96}),
    ],
)
def test_a_joker_showing_never_brings_in_low_and_counts_as_it_plays(role, ann, stacks, tmp_path):
    # Ann's up card is the joker, Bob's the 3d: the lowest up card brings in,
    # and a joker is the highest card: Bob. Ann calls (pot 2 + 3 + 3 = 8).
    # Round 2: Ann's joker and 7c show as ace-seven (the bug) or a pair of
    # sevens (wild) against Bob's king-three: Ann acts first. Rounds 3 and 4:
    # Bob's pair of kings beats Ann's A-7-2 or pair of sevens, and then her
    # A-9-7-2 or pair of nines: Bob acts first. Showdown: Ann holds 9h X1 7c
    # 2d 9c, Bob a pair of kings.
    path = tmp_path / "joker-stud.yaml"
    path.write_text(_joker_stud(role), encoding="utf-8")
    out = _script(
        str(path),
        {"Ann": "9h X1 7c 2d 9c", "Bob": "2c 3d Kd Kh 4s"},
        ["Bob bring-in", "Ann call"] + ["Ann check", "Bob check"] + ["Bob check", "Ann check"] * 2,
    )
    assert [_first_to_act(out, r) for r in (1, 2, 3, 4)] == ["Bob", "Ann", "Bob", "Bob"]
    assert _shown(out)["Ann"] == ann
    assert out["result"]["stacks"] == stacks


def test_a_joker_cannot_be_given_to_a_deck_without_one():
    with pytest.raises(CardError, match="has no joker"):
        Hand(load_variant("five-card-stud"), ["Ann", "Bob"], 100, seed=1, cards={"Ann": ["X1"]})


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("wild: {joker: bug}\n", "the deck has none"),
        ("deck: {jokers: 1}\nwild: {follow: Q}\n", "a joker has no rank"),
        ("deck: {jokers: 1, ranking: four_flush_high}\n", "cannot in 'four_flush_high'"),
    ],
)
def test_jokers_are_refused_where_nothing_could_read_them(text: str, message: str):
    with pytest.raises(SpecErrors) as err:
        load_variant_text("extends: five-card-stud\nname: bad\n" + text)
    assert message in str(err.value)


def test_jokers_against_the_house_count_in_the_game_s_ranking_and_are_refused_where_it_has_no_wild_form():
    # Mississippi Stud's hands are high poker hands: a joker counts in them (every hand is
    # valued with it, as DJ Wild's are)
    assert load_variant_text("extends: mississippi-stud\nname: wild-ms\ndeck: {jokers: 1}\n").wild.jokers == 1
    # Three Card Poker's three-card ranking has no wild form: the jokers would count nowhere. The
    # file writes no wild: the problem is its deck.jokers (line 3, column 16, the 1)
    with pytest.raises(SpecErrors) as err:
        load_variant_text("extends: three-card-poker\nname: bad\ndeck: {jokers: 1}\n")
    (e,) = err.value.errors
    assert e.message.startswith("a joker must count in every ranking the hand uses, and it cannot in 'three_card_high'")
    assert (e.location.line, e.location.column, e.location.path) == (3, 16, ("deck", "jokers"))


# --- Mexican Poker ------------------------------------------------------------------


def test_mexican_poker_the_joker_up_brings_in_and_plays_as_the_bug():
    # Ann shows the joker, Bob the ace of spades: the joker is the highest up
    # card, so Ann brings in; Bob calls (pot 8). Both keep their hole cards:
    # Kd and Ah come up. Round 2: Bob's pair of aces beats Ann's ace-king (the
    # bug shows as an ace): Bob first. Ann turns her Kc up, so her fourth
    # card, 7h, comes down; Bob keeps 2h down and 2s comes up. Round 3: Bob's
    # aces beat Ann's kings. Ann keeps 7h (7c comes up); Bob turns 2h up (Jd
    # comes down). Round 4: Bob's aces and deuces beat Ann's kings and
    # sevens. At the showdown Ann's joker is face up: the bug, an ace, so
    # K-K-7-7 with an ace kicker (no full house); Bob's aces and deuces win 8.
    out = _script(
        "mexican-poker",
        {"Ann": "Kc X1 Kd 7h 7c", "Bob": "2h As Ah 2s Jd"},
        ["Ann bring-in", "Bob call"]
        + ["Ann expose", "Bob expose", "Bob check", "Ann check"]
        + ["Ann expose Kc", "Bob expose", "Bob check", "Ann check"]
        + ["Ann expose", "Bob expose 2h", "Bob check", "Ann check"],
    )
    assert [_first_to_act(out, r) for r in (1, 2, 3, 4)] == ["Ann", "Bob", "Bob", "Bob"]
    assert _shown(out) == {
        "Ann": "two pair, kings and sevens, ace kicker",
        "Bob": "two pair, aces and twos, jack kicker",
    }
    assert out["result"]["stacks"] == {"Ann": 96, "Bob": 104}


def test_mexican_poker_the_joker_down_is_wild_and_a_flush_beats_a_full_house():
    # Bob's Ah is the highest up card: he brings in, Ann calls (pot 8). Both
    # keep their hole cards all hand, so their later cards come up. Ann's
    # boards K-K, K-K-7, K-K-7-7 beat Bob's A-Q, A-Q-5, A-Q-5-3: she acts
    # first in rounds 2 to 4. Her joker stays face down: wild, it makes kings
    # full of sevens; Bob's five hearts are a flush, which beats a full house
    # in this ranking: Bob wins 8.
    out = _script(
        "mexican-poker",
        {"Ann": "X1 Kc Kd 7c 7d", "Bob": "2h Ah Qh 5h 3h"},
        ["Bob bring-in", "Ann call"] + ["Ann expose", "Bob expose", "Ann check", "Bob check"] * 3,
    )
    assert [_first_to_act(out, r) for r in (1, 2, 3, 4)] == ["Bob", "Ann", "Ann", "Ann"]
    assert _shown(out) == {"Ann": "full house, kings over sevens", "Bob": "flush, ace-queen-five-three-two"}
    assert out["result"]["stacks"] == {"Ann": 96, "Bob": 104}


def test_mexican_poker_a_joker_dealt_down_stays_wild_when_its_player_turns_it_up():
    # The joker is wild "in all cases when dealt face down; however, when dealt
    # face up, it is wild only with Aces, Flushes and Straights"
    # (turlockpoker.com, "Mexican Poker"; luckyladyla.com says the same;
    # pokernewsheadlines.com: "This is true even if it is later shown"), and
    # generic_poker sets the joker's role when it deals the card
    # (Game._apply_wild_card_rules_to_card, given the face it is dealt with).
    # Bob's Ah is the highest up card: he brings in 3, Ann calls (pot 1 + 1 +
    # 3 + 3 = 8). Ann turns her hole joker up, so her third card, Kd, comes
    # down; she keeps it down, and 7c and 7d come up. Bob keeps his 2h down:
    # Ac, As, 3d come up. Bob's aces lead each later round; all check.
    # Showdown: Ann's joker, face up now but dealt face down, is wild: K-K-K
    # with 7-7, kings full of sevens (as the bug it would be an ace: two pair,
    # kings and sevens, ace kicker). Bob: three aces, three-two kickers. The
    # full house wins the 8: Ann 100 - 4 + 8 = 104, Bob 96.
    out = _script(
        "mexican-poker",
        {"Ann": "X1 Kc Kd 7c 7d", "Bob": "2h Ah Ac As 3d"},
        ["Bob bring-in", "Ann call"]
        + ["Ann expose X1", "Bob expose", "Bob check", "Ann check"]
        + ["Ann expose", "Bob expose", "Bob check", "Ann check"] * 2,
    )
    assert _shown(out) == {"Ann": "full house, kings over sevens", "Bob": "three aces, three-two kickers"}
    assert out["result"]["stacks"] == {"Ann": 104, "Bob": 96}


def test_wild_cards_count_in_the_short_deck_ranking_of_a_deck_stripped_at_the_bottom():
    from studrules.cards.ranking_wilds import with_wilds
    from studrules.cards.wild import of_ranks

    # 36 cards, sixes wild: the 6c stands for the ten of hearts, a royal flush.
    # A-7-8-9 and the wild six: as itself it makes A-6-7-8-9, the lowest
    # straight (the ace low next to the six); as a ten, A-T-9-8-7 is no
    # straight, so the straight, nine high, is the best.
    sixes = with_wilds(get_ranking("short_deck_high"), of_ranks("6"))
    assert sixes.describe(sixes.evaluate("Ah Kh Qh Jh 6c")) == "royal flush"
    assert sixes.describe(sixes.evaluate("Ac 7d 8h 9s 6c")) == "straight, nine high"


def test_the_sensible_bot_reads_a_joker_showing_as_the_table_does():
    # seven-card stud with one joker: B shows the joker. A's 2c is the lowest up card
    # (a joker showing is the highest for the bring-in), so A owes it; A holds K-9-2,
    # nothing (class 0): he brings in rather than complete. B's joker counts roughly as
    # an ace (A-Q-7, class 1) and no board beats his whole hand (A shows a deuce, C a
    # ten): he calls. Reading B's board used to raise "X1 is a joker" in the bot.
    variant = load_variant_text("extends: seven-card-stud\nname: one-joker\ndeck: {jokers: 1}\n")
    cards = {"A": ["9h", "Kd", "2c"], "B": ["7s", "Qh", "X1"], "C": ["Jc", "8d", "Ts"]}
    hand = Hand(variant, list(cards), 1000, cards=cards, seed=1)
    play_hand(hand, {p: make_policy("sensible", variant=variant) for p in cards})
    first = {}
    for action in hand.actions:
        first.setdefault(action.player, action.verb)
    assert (first["A"], first["B"]) == ("bring-in", "call")
    assert hand.is_over


def test_the_sensible_bot_declares_counting_its_joker_as_the_showdown_does():
    # seven-card stud hi-lo declare (ace-to-five low, no qualifier) with one joker, wild.
    # A holds the joker, 2d 3h 5s 7c and K Q: the joker makes his low 7-5-3-2-A and his
    # high only a pair of kings (no three of a kind): he declares low. Reading the joker
    # as a card of no rank used to raise "X1 is a joker" in the bot's declaration.
    variant = load_variant_text("extends: seven-card-stud-hi-lo-declare\nname: one-joker\ndeck: {jokers: 1}\n")
    cards = {"A": ["X1", "2d", "3h", "5s", "7c", "Kd", "Qh"], "B": ["9c", "9d", "Ts", "Jc", "Jd", "4s", "8h"]}
    hand = Hand(variant, list(cards), 1000, cards=cards, seed=1)
    while hand.phase != "declare":
        hand.check_or_call()
    seat = hand.to_act
    bot = make_policy("sensible", variant=variant)
    action = bot.act(hand.view(seat))
    assert (seat, action.verb, action.word) == ("A", "declare", "low")


def test_mexican_poker_a_joker_turned_up_is_wild_in_the_showing_that_orders_the_betting():
    # BARGE's Mexican Poker (the rule book generic_poker's config names): "A Joker that
    # is dealt face down and exposed by a player is still a completely wild card, rather
    # than a bug"; only "A Joker dealt face-up is considered to be an ace for the purposes
    # of the high hand". Ann's Kc is the highest up card: she brings in, Bob calls. Ann
    # turns her hole joker up (her third card, 4s, comes down); Bob keeps 3c down, and
    # 2d comes up. Round 2: Ann shows X1 Kc, wild: a pair of kings, above Bob's pair of
    # deuces (as the bug it would be ace-king, below them): Ann acts first.
    out = _script(
        "mexican-poker",
        {"Ann": "X1 Kc 4s", "Bob": "3c 2h 2d"},
        ["Ann bring-in", "Bob call", "Ann expose X1", "Bob expose", "Ann check"],
    )
    assert [_first_to_act(out, r) for r in (1, 2)] == ["Ann", "Ann"]


def test_the_rule_book_says_a_joker_turned_up_shows_as_it_plays():
    from studrules.analysis.rulebook import explain

    book = " ".join(explain(load_variant("mexican-poker")).split())
    assert (
        "A joker showing counts as the bug, an ace (one dealt face down and turned up, as the card that "
        "makes the best showing), for who acts first" in book
    )


def test_wild_ranks_count_only_in_their_rankings_where_the_deck_holds_jokers_too():
    # an audit's finding: with jokers in the deck the deuces were wild in every ranking, where
    # wild.rankings counts them in the low alone (the jokers count everywhere, as they must).
    # High: Ann's deuces are deuces, two pair, kings and twos, which Bob's queens full beat.
    # Low: her two deuces wild stand for the ace and the two: 9-7-5-2-A, where Bob, with four
    # ranks, has a pair of eights. The pot of 8 (antes 2, bring-in 3 called) is split 4 and 4.
    text = (
        "extends: seven-card-stud\nname: deuces-in-the-low\ndeck: {jokers: 1}\n"
        'wild: {ranks: "2", rankings: [ace_to_five_low]}\n'
        "steps:\n  - showdown: {id: showdown, rankings: [high, ace_to_five_low]}\n"
    )
    cards = {"Ann": ["Kc", "Kd", "2h", "2s", "9c", "7d", "5h"], "Bob": ["Qc", "Qd", "Qh", "8s", "8c", "4d", "Th"]}
    hand = Hand(load_variant_text(text), ["Ann", "Bob"], 1000, cards=cards)
    while not hand.is_over:
        hand.apply(hand.default_action())
    shown = {e.player: e.hand for e in hand.events if e.type == "show"}
    assert shown["Ann"] == "two pair, kings and twos, nine kicker; nine-seven-five-two-ace low"
    awards = [(e.player, e.amount, e.reason) for e in hand.events if e.type == "award"]
    assert sorted(awards) == [("Ann", 4, "low half"), ("Bob", 4, "high half")]
