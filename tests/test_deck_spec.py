"""The deck a variant names (issue 3): "the deck: ranks, the suit order used to
break ties, whether the ace plays low in straights".

``deck.ranks`` gives the ranks of a stripped deck (every card of those ranks in
the four suits); ``deck.ace_low_straight: false`` makes A-2-3-4-5 an ace-high
hand instead of a straight. Every expected result below is worked out by hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rules_support import net, play

from studrules.analysis.diff import diff
from studrules.analysis.rulebook import explain
from studrules.cards.card import Card
from studrules.errors import SpecError, SpecErrors
from studrules.game.hand import Hand
from studrules.records.script import run_script
from studrules.spec.loader import load_variant

LOW_RANKS = {2, 3, 4, 5}


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def errors_of(path: str) -> list[SpecError]:
    try:
        load_variant(path)
    except SpecErrors as err:
        return err.errors
    except SpecError as err:
        return [err]
    raise AssertionError(f"{path} loaded without an error")


def words(text: str) -> str:
    """The rule book's text with its line breaks as single spaces."""
    return " ".join(text.split())


@pytest.fixture
def short_deck_stud(tmp_path) -> str:
    """Five-card stud on a 36-card deck (6 to ace); 7 seats: 5 cards each is 35 <= 36."""
    return write(
        tmp_path,
        "short-deck-stud",
        ("name: short-deck-stud\nextends: five-card-stud\ndeck:\n  ranks: 6789TJQKA\nseats: {min: 2, max: 7}\n"),
    )


def no_wheel(tmp_path: Path, parent: str) -> str:
    return write(
        tmp_path,
        f"{parent}-no-wheel",
        (f"name: {parent}-no-wheel\nextends: {parent}\ndeck:\n  ace_low_straight: false\n"),
    )


# --- loading ---------------------------------------------------------------------------------


def test_ranks_and_ace_low_straight_load_into_the_model(short_deck_stud, tmp_path):
    v = load_variant(short_deck_stud)
    assert v.deck.ranks == "6789TJQKA" and v.deck.cards == 36 and v.deck.ace_low_straight
    assert load_variant(no_wheel(tmp_path, "seven-card-stud")).deck.ace_low_straight is False


def test_the_deck_defaults_to_52_cards_with_the_ace_low_in_the_wheel():
    deck = load_variant("seven-card-stud").deck
    assert (deck.ranks, deck.cards, deck.ace_low_straight) == ("23456789TJQKA", 52, True)


def test_a_standard_deck_written_out_is_the_same_as_omitted_and_shows_no_difference(tmp_path):
    path = write(
        tmp_path,
        "spelled-out",
        (
            "name: spelled-out\n"
            "extends: seven-card-stud\n"
            "deck:\n"
            "  ranks: AKQJT98765432\n"  # any order: the model keeps 2..A
            "  ace_low_straight: true\n"
            "  cards: 52\n"
        ),
    )
    base, spelled = load_variant("seven-card-stud"), load_variant(path)
    assert spelled.deck == base.deck
    assert diff(base, spelled) == []


def test_the_36_card_deck_holds_every_card_from_six_to_ace_in_four_suits(short_deck_stud):
    cards = load_variant(short_deck_stud).deck.contents()
    assert len(cards) == 36 == len(set(cards))
    assert {c.rank for c in cards} == set(range(6, 15))
    assert {c.suit for c in cards} == set("cdhs")
    assert Card("6c") in cards and Card("As") in cards and Card("5h") not in cards


# --- dealing -------------------------------------------------------------------------------


def test_a_36_card_deck_never_deals_a_two_to_five(short_deck_stud):
    v = load_variant(short_deck_stud)
    players = ["P1", "P2", "P3", "P4", "P5", "P6", "P7"]
    for seed in range(300):
        h = Hand(v, players, 1000, seed=seed)
        while not h.over:
            h.check_or_call()
        dealt = [c for seat in h.cards for c in seat]
        assert len(dealt) == 35  # every player sees five cards: 35 of the 36
        assert not [c for c in dealt if c.rank in LOW_RANKS], seed


def test_the_standard_deck_shuffles_as_before(tmp_path):
    # the same seed gives the same cards whether the standard deck is written out or not
    path = write(tmp_path, "explicit", "name: explicit\nextends: five-card-stud\ndeck:\n  ranks: 23456789TJQKA\n")
    a, b = load_variant("five-card-stud"), load_variant(path)
    for seed in range(20):
        ha, hb = Hand(a, ["A", "B", "C"], 100, seed=seed), Hand(b, ["A", "B", "C"], 100, seed=seed)
        assert ha.cards == hb.cards and ha.deck.peek_remaining() == hb.deck.peek_remaining()


def test_a_script_giving_a_card_outside_the_deck_is_refused(short_deck_stud):
    with pytest.raises(SpecError) as info:
        run_script(
            {
                "variant": short_deck_stud,
                "players": ["Ann", "Bob"],
                "cards": {"Ann": ["5h", "Kd"], "Bob": ["9c", "Tc"]},
                "actions": [],
            }
        )
    assert "5h is not in the deck of short-deck-stud: its 36 cards have only the ranks 6789TJQKA" in info.value.message
    assert info.value.location.path == ("cards",)


def test_given_cards_of_the_deck_are_dealt_and_the_rest_comes_from_it(short_deck_stud):
    h = Hand(load_variant(short_deck_stud), ["Ann", "Bob"], 100, seed=3, cards={"Ann": ["6h", "Kd"]})
    assert h.cards[0] == [Card("6h"), Card("Kd")]
    assert h.cards[1][0].rank >= 6 and h.deck.remaining == 36 - 4


# --- the wheel ---------------------------------------------------------------------------------

# Seven-card stud: the first two cards down, the third up, three more up, the last down.
# Ann: A 2 3 4 5 9 K, no pair and no flush: with the ace low, a straight five high (the
# wheel); without, ace high (A-K-9-5-4). Bob: a pair of twos (2 2 7 8 T J Q, no straight:
# 9 is missing; suits d h c d s c h, no flush).
ANN_WHEEL = ["Ah", "2c", "3d", "4s", "5h", "9c", "Kd"]
BOB_TWOS = ["2d", "2h", "7c", "8d", "Ts", "Jc", "Qh"]


def check_down(variant: str) -> Hand:
    h = Hand(load_variant(variant), ["Ann", "Bob"], 1000, cards={"Ann": ANN_WHEEL, "Bob": BOB_TWOS}, seed=1)
    while not h.over:
        h.check_or_call()
    return h


def test_with_the_default_deck_the_wheel_beats_a_pair_of_twos():
    # "L'Asso vale uno nelle sole combinazioni a scala e della scala a colore."
    h = check_down("seven-card-stud")
    assert net(h)["Ann"] > 0 and net(h)["Bob"] == -net(h)["Ann"]
    shown = {e.player: e.hand for e in h.events if e.type == "show"}
    assert shown["Ann"] == "straight, five high"


def test_without_ace_low_straights_a_pair_of_twos_beats_a_5_4_3_2(tmp_path):
    h = check_down(no_wheel(tmp_path, "seven-card-stud"))
    assert net(h)["Bob"] > 0 and net(h)["Ann"] == -net(h)["Bob"]
    # no bet or raise: the best board shows first, Bob's J-T-8-7 over Ann's 9-5-4-3; Ann's
    # ace high cannot beat his pair, so she mucks
    assert [(e.type, e.player, e.hand) for e in h.events if e.type in ("show", "muck")] == [
        ("show", "Bob", "pair of twos, queen-jack-ten kickers"),
        ("muck", "Ann", None),
    ]


def test_without_ace_low_straights_a_suited_wheel_is_an_ace_high_flush(tmp_path):
    # Ann: the steel wheel in hearts; Bob: a straight, 9 high (5 6 7 8 9) with K Q.
    # Default: a straight flush beats the straight. Without: a flush (A-5-4-3-2) still beats it.
    ann = ["Ah", "2h", "3h", "4h", "5h", "Jc", "Kd"]
    bob = ["5c", "6d", "7s", "8c", "9d", "Ks", "Qc"]
    v = load_variant(no_wheel(tmp_path, "seven-card-stud"))
    h = Hand(v, ["Ann", "Bob"], 1000, cards={"Ann": ann, "Bob": bob}, seed=1)
    while not h.over:
        h.check_or_call()
    shown = {e.player: e.hand for e in h.events if e.type == "show"}
    assert shown["Ann"] == "flush, ace-five-four-three-two"
    assert net(h)["Ann"] > 0


def test_without_ace_low_straights_the_wheel_ranks_between_king_high_and_ace_six_high():
    from studrules.cards.rankings import ranking_for
    from studrules.spec.model import DeckSpec

    high = ranking_for(DeckSpec(ace_low_straight=False), "high")
    wheel = high.evaluate("Ac 2d 3h 4s 5c")
    assert high.evaluate("Kc Qd Jh Ts 8c") < wheel < high.evaluate("Ac 6d 4h 3s 2c")
    assert wheel < high.evaluate("2c 2d 3h 4s 5c")  # any pair beats it
    # with a sixth card the best five may be another hand: 2-3-4-5-6 is a straight, six high
    assert high.describe(high.evaluate("Ac 2d 3h 4s 5c 6d")) == "straight, six high"
    # three fives with the wheel: trips, not ace high
    assert high.describe(high.evaluate("Ac 2d 3h 4s 5c 5d 5h")) == "three fives, ace-four kickers"


def test_settlement_against_the_house_reads_the_wheel_the_same_way(tmp_path):
    # The Italian file: ante 10, raise 20, the house qualifies with ace-king, a straight pays 4 to 1.
    house_ak = "Ah Kc 8d 5s 3c"
    # Ann's A-2-3-4-5: a straight, +10 ante and +80 raise; without the wheel ace high, losing to A-K: -30.
    it = "caribbean-stud-it"
    assert net(play(it, {"Ann": "Ac 2d 3h 4s 5d", "house": house_ak}, ["Ann raise"])) == {"Ann": 90}
    plain = no_wheel(tmp_path, it)
    assert net(play(plain, {"Ann": "Ac 2d 3h 4s 5d", "house": house_ak}, ["Ann raise"])) == {"Ann": -30}
    # The house's A-2-3-4-5 against Ann's kings: a straight qualifies and wins (-30); without
    # the wheel it is ace-five high, below ace-king: the ante is paid, the raise returned (+10).
    house_wheel = "Ah 2c 3d 4h 5c"
    assert net(play(it, {"Ann": "Kd Ks 9c 7d 6s", "house": house_wheel}, ["Ann raise"])) == {"Ann": -30}
    assert net(play(plain, {"Ann": "Kd Ks 9c 7d 6s", "house": house_wheel}, ["Ann raise"])) == {"Ann": 10}


# --- checks and errors ----------------------------------------------------------------------------


def test_cards_dealt_to_the_most_seats_must_fit_a_32_card_deck(tmp_path):
    # 8 seats of seven-card stud, no fallback: 24 cards on third street, 32 after fourth,
    # 40 after fifth > 32. Seven cards a player fit 4 players (28), not 5 (35).
    path = write(
        tmp_path,
        "piquet-stud",
        (
            "name: piquet-stud\n"
            "deck: {ranks: 789TJQKA}\n"
            "seats: {min: 2, max: 8}\n"
            "stakes: {bet: 2}\n"
            "steps:\n"
            "  - deal: {id: third, players: [down, down, up]}\n"
            "  - betting: {id: round-1, bet: bet}\n"
            "  - deal: {id: fourth, players: [up]}\n"
            "  - deal: {id: fifth, players: [up]}\n"
            "  - deal: {id: sixth, players: [up]}\n"
            "  - deal: {id: seventh, players: [down]}\n"
            "  - showdown: {id: showdown}\n"
        ),
    )
    (e,) = errors_of(path)
    assert (e.location.line, e.location.column) == (9, 11)
    assert e.message == (
        "with 8 players the deal needs 40 cards by this step, more than the 32 of the deck: "
        "lower seats.max or add 'fallback: community' to a deal (at most 4 fit)"
    )


def test_ranks_outside_23456789TJQKA_are_a_located_error(tmp_path):
    path = write(tmp_path, "bad", "name: bad\nextends: five-card-stud\ndeck:\n  ranks: 6789XJQKA\n")
    (e,) = errors_of(path)
    assert (e.location.line, e.location.column) == (4, 10)
    assert "'6789XJQKA' is not valid for ranks" in e.message
    assert "5 to 13 ranks from 23456789TJQKA" in e.message


def test_ranks_written_as_bare_digits_get_a_hint_to_quote_them(tmp_path):
    """YAML reads `ranks: 23456` as a number; the message says to quote it."""
    path = write(tmp_path, "bad", "name: bad\nextends: five-card-stud\ndeck:\n  ranks: 23456\n")
    (e,) = errors_of(path)
    assert (e.location.line, e.location.column) == (4, 10)
    assert e.message == "expected text, found the number 23456 (YAML reads digits as a number: write '23456' in quotes)"


def test_a_rank_named_twice_is_a_located_error(tmp_path):
    path = write(
        tmp_path, "twice", "name: twice\nextends: five-card-stud\ndeck:\n  ranks: 66789TJQKA\nseats: {max: 7}\n"
    )
    (e,) = errors_of(path)
    assert (e.location.line, e.location.column) == (4, 10)
    assert e.message.startswith("'66789TJQKA' names '6' more than once: give each rank once")


def test_a_card_count_that_disagrees_with_the_ranks_is_a_located_error(tmp_path):
    path = write(
        tmp_path,
        "count",
        "name: count\nextends: five-card-stud\ndeck:\n  ranks: 6789TJQKA\n  cards: 52\nseats: {max: 7}\n",
    )
    (e,) = errors_of(path)
    assert (e.location.line, e.location.column) == (5, 10)
    assert e.message.startswith("52 cards, but the 9 ranks 6789TJQKA make a 36-card deck")


def test_simulate_refuses_a_deck_it_cannot_deal(tmp_path):
    from studrules.analysis.simulate import simulate

    with pytest.raises(SpecError, match="simulate deals from the standard 52-card deck.*the ace is never low"):
        simulate(load_variant(no_wheel(tmp_path, "caribbean-stud-it")), "raise", 100, seed=1, workers=1)


# --- rule book and diff -----------------------------------------------------------------------------


def test_the_rule_book_names_a_stripped_deck(short_deck_stud):
    book = words(explain(load_variant(short_deck_stud)))
    assert "A 36-card deck (6 to ace)." in book
    assert "A-2-3-4-5 cannot be dealt from this deck, and A-6-7-8-9 is not a straight" in book


def test_the_rule_book_says_when_the_ace_is_never_low(tmp_path):
    book = words(explain(load_variant(no_wheel(tmp_path, "seven-card-stud"))))
    assert "the ace is never low (A-2-3-4-5 is not a straight" in book
    assert "A standard deck of 52 cards." in book
    assert "the ace is never low" not in words(explain(load_variant("seven-card-stud")))


def test_diff_shows_decks_that_differ(short_deck_stud, tmp_path):
    base = load_variant("five-card-stud")
    found = {(d.topic, d.rule): (d.a, d.b) for d in diff(base, load_variant(short_deck_stud))}
    assert found[("cards", "deck")] == ("52 cards", "36 cards (6 to ace)")
    assert found[("players", "players")] == ("2 to 10", "2 to 7")
    found = {(d.topic, d.rule): (d.a, d.b) for d in diff(base, load_variant(no_wheel(tmp_path, "five-card-stud")))}
    assert found == {
        ("cards", "ace in straights"): ("high, and low only in A-2-3-4-5", "never low (A-2-3-4-5 is not a straight)")
    }
