"""The generic_poker catalogue (variants/catalogue/): every file is a valid
variant that names the config it encodes, reads back as a rule book, and
plays random hands to the end with every chip and card accounted for; and
one hand per family of games, played on chosen cards, ends as the game's
rules say it must.

tests/test_invariants.py already plays random hands of every shipped file
(the catalogue's too) at 2 to 8 players and replays them; here each file is
also played at exactly its smallest and largest table, every stack short
or mixed, by the random bot through its view of the table.

The hands are worked out by hand from the games' rules and the files'
stakes: ante 1, bring-in 3, small bet 10, big bet 20, a bet and three raises
(none of the hands reaches the cap); the blinds games have blinds of 5 and 10
instead of the ante and the bring-in. Players sit clockwise from the dealer's
left in the order listed; each one's cards are listed in the order he gets
them.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from rules_support import script as _script, script_first_actor as _first_to_act

from studrules.cli.main import main
from studrules.game.hand import Hand
from studrules.game.policies import make_policy
from studrules.spec.loader import load_variant, shipped_variants
from studrules.spec.resources import variants_dir

CATALOGUE = sorted((variants_dir() / "catalogue").glob("*.yaml"))
NAMES = [p.stem for p in CATALOGUE]
_BETTING = ("bring_in", "complete", "bet", "raise", "call", "check", "fold")


#: The stud configs of generic_poker the language writes today (see each file).
WRITTEN = {
    "27_razz", "5_card_stud", "5_card_stud_8", "5_card_stud_lowball", "6_card_stud",
    "7_card_stud", "7_card_stud_8", "7_card_stud_hilo_regular", "8_card_stud",
    "alligator_stud", "blind_stud", "canadian_stud", "last_card_down", "mississippi_razz",
    "mississippi_stud", "mississippi_stud_8", "nine_card_stud", "oklahoma_lowball",
    "pistol_pete", "razz_high", "razzdeucey", "razzdugi", "zanetti_sound",
    # wild cards, declare, the spade in the hole
    "follow_the_queen", "follow_the_king", "deuces_and_jacks", "low_hole_wild",
    "ben_franklin", "woolworth_stud", "dr_pepper", "eighty_eight", "ninety_nine",
    "four_forty_four", "four_forty_two", "three_forty_five", "three_thirty_three",
    "7_card_stud_hilo_declare", "five_stud_hilo_declare", "beelzebub", "satan",
    "one_three_one", "chicago", "low_chicago",
    # buying a card
    "english_stud", "english_stud_8",
    # community cards, hands of so many own and community cards
    "oxford_stud", "studaha", "razzaho",
    # chosen exposure: exactly one card, or none, with the next card's face following it
    "low_todd", "seven_card_reverse", "mexican_stud",
    # jokers, and the short-deck ranking over a deck stripped in the middle
    "mexican_poker",
    # the plain razz, badugi with the ace high, two-card hands, a high qualifier
    "razz", "razzbadeucey", "super_razzbadeucey", "henway", "7_card_stud_double_qualifier",
    "action_razz", "action_razzdugi",
    # split hands (category Other in generic_poker, dealt as seven-card stud)
    "cowpie",
}  # fmt: skip

#: Files whose name is not the config's, because another game has that name:
#: mississippi-stud is the casino table game, canadian-stud the house game
#: (variants/house/), which a catalogue file of that name would shadow; so
#: are follow-the-queen, low-chicago and mexican-stud.
RENAMED = {
    "mississippi-stud-poker": "mississippi_stud",
    "canadian-stud-generic-poker": "canadian_stud",
    "follow-the-queen-generic-poker": "follow_the_queen",
    "low-chicago-generic-poker": "low_chicago",
    "english-stud-generic-poker": "english_stud",
    "mexican-stud-generic-poker": "mexican_stud",
    "razz-generic-poker": "razz",
}


def test_the_catalogue_holds_the_stud_configs_the_language_can_write():
    configs = {(load_variant(p).catalogue or "").partition(":")[2] for p in CATALOGUE}
    assert configs >= WRITTEN


# --- each file ---------------------------------------------------------------


@pytest.mark.parametrize("path", CATALOGUE, ids=NAMES)
def test_a_catalogue_file_validates(path: Path, capsys):
    assert main(["validate", str(path)]) == 0
    assert capsys.readouterr().out.startswith("ok ")


@pytest.mark.parametrize("path", CATALOGUE, ids=NAMES)
def test_a_catalogue_file_is_named_after_the_generic_poker_config_it_encodes(path: Path):
    variant = load_variant(path)
    assert variant.name == path.stem
    source, _, config = (variant.catalogue or "").partition(":")
    assert source == "generic_poker"
    if path.stem in RENAMED:
        assert config == RENAMED[path.stem]
    else:
        assert config.replace("_", "-") == path.stem
    assert path.read_text(encoding="utf-8").startswith(
        "# yaml-language-server: $schema=../../schemas/variant.schema.json\n"
    )


def test_no_catalogue_file_shares_its_name_with_another_shipped_variant():
    # a variant loads by name, and the first file of that name wins
    others = [p.stem for p in shipped_variants() if p.parent.name != "catalogue"]
    assert not set(NAMES) & set(others)


@pytest.mark.parametrize("name", NAMES)
def test_a_catalogue_variant_explains_by_its_name(name: str, capsys):
    assert main(["explain", name]) == 0
    assert capsys.readouterr().out.startswith(load_variant(name).title)


# --- random hands at the smallest and the largest table ----------------------


def _play_random(variant, players: int, stacks: list[int], seed: int) -> Hand:
    names = [f"P{i}" for i in range(players)]
    hand = Hand(variant, names, stacks, seed=seed)
    bots = {name: make_policy("random", seed=seed + i) for i, name in enumerate(names)}
    for bot in bots.values():
        bot.begin(variant)
    for _ in range(2000):
        if hand.is_over:
            return hand
        player = hand.to_act
        assert player is not None
        hand.apply(bots[player].act(hand.view(player)))
    raise AssertionError(f"{variant.name}, seed {seed}: the hand does not end")


def _check_every_chip_and_card(variant, hand: Hand) -> None:
    result = hand.result()
    assert sum(result.stacks.values()) == sum(hand.start), "chips are not conserved"
    assert sum(result.net.values()) == 0
    assert all(s >= 0 for s in result.stacks.values())
    for pot in result.pots:
        assert sum(pot["winners"].values()) == pot["amount"]
    dealt = [e.card for e in hand.events if e.type in ("deal", "burn", "community")]
    assert len(dealt) == len(set(dealt)), "a card was dealt twice"
    assert len(dealt) <= 4 * len(variant.deck.ranks)


def _soak(name: str, hands: int, seed: int) -> None:
    variant = load_variant(name)
    rng = random.Random(seed)
    for k in range(hands):
        players = (variant.seats.min if k % 2 else variant.seats.max) if k < 4 else rng.randint(2, variant.seats.max)
        players = max(players, 2)
        short = k % 4 in (0, 1)
        stacks = [rng.choice((1, 2, 4, 7)) if short else rng.choice((3, 30, 100, 400)) for _ in range(players)]
        hand_seed = rng.randrange(1 << 30)
        try:
            hand = _play_random(variant, players, stacks, hand_seed)
            _check_every_chip_and_card(variant, hand)
        except AssertionError as err:
            raise AssertionError(f"{name}, {players} players, stacks {stacks}, seed {hand_seed}: {err}") from None


@pytest.mark.parametrize("name", NAMES)
def test_random_hands_at_the_smallest_and_largest_table_account_for_every_chip_and_card(name: str):
    _soak(name, hands=6, seed=12)


@pytest.mark.soak
@pytest.mark.parametrize("name", NAMES)
def test_random_hands_account_for_every_chip_and_card_soak(name: str):
    _soak(name, hands=2000, seed=7)


# --- one hand per family, worked out by hand ---------------------------------


def _shown(out: dict) -> list[str]:
    return [e["player"] for e in out["events"] if e["type"] == "show"]


def test_seven_card_stud_every_hand_is_shown_clockwise_from_the_dealers_left():
    # 3c is the lowest door card: Bob brings in. On 4th street Cat's T-7 is the
    # best board, on 5th to 7th Bob's J-high. Nobody mucks (the config has no
    # mucking): Ann, Bob, Cat show in turn; Ann's aces beat kings and queens.
    # Pot: antes 3 + 3 x 3 + 3 x 20 = 72; each paid 24.
    out = _script(
        "7-card-stud",
        {
            "Ann": "Ah Ad 9c 2d 5s 7h Kc",
            "Bob": "Kh Kd 3c 8d Jh 4s 6c",
            "Cat": "Qs Qh 7c Td 9s 2h 3d",
        },
        [
            "Bob bring-in", "Cat call", "Ann call",
            "Cat check", "Ann check", "Bob check",
            "Bob bet 20", "Cat call", "Ann call",
            "Bob check", "Cat check", "Ann check",
            "Bob check", "Cat check", "Ann check",
        ],
    )  # fmt: skip
    assert [_first_to_act(out, r) for r in (1, 2, 3, 4, 5)] == ["Bob", "Cat", "Bob", "Bob", "Bob"]
    assert _shown(out) == ["Ann", "Bob", "Cat"]
    assert not any(e["type"] == "muck" for e in out["events"])
    assert out["result"]["showdown_order"] == ["Ann", "Bob", "Cat"]
    assert out["result"]["stacks"] == {"Ann": 148, "Bob": 76, "Cat": 76}


def test_seven_card_stud_8_splits_high_and_a_qualifying_low_the_odd_chip_to_the_high_hand():
    # Cat's 2c brings in; Ann folds; Bob calls. Pot 3 antes + 3 + 3 = 9.
    # Cat: three kings (high); Bob: 7-6-5-3-A, a low of eight or better;
    # Cat has no low. High half 5 (the odd chip), low half 4. No open pair on
    # 4th street. Cat's K-high board acts first from 4th street on.
    out = _script(
        "7-card-stud-8",
        {
            "Ann": "Qs Qc 9c",
            "Bob": "Ah 3h 5c 6d 7s Td Jc",
            "Cat": "Kh Kd 2c Ks 9d 8c 4h",
        },
        ["Cat bring-in", "Ann fold", "Bob call"] + ["Cat check", "Bob check"] * 4,
    )
    assert [_first_to_act(out, r) for r in (1, 2, 3, 4, 5)] == ["Cat", "Cat", "Cat", "Cat", "Cat"]
    assert out["result"]["pots"][0]["winners"] == {"Bob": 4, "Cat": 5}
    assert out["result"]["stacks"] == {"Ann": 99, "Bob": 100, "Cat": 101}


def test_seven_card_stud_hilo_regular_king_of_spades_brings_in_low_board_acts_and_any_low_takes_half():
    # As in razz (BARGE): the highest card brings in, kings high, aces low:
    # Ks and Kh tie on rank, spades is higher, Ann brings in (Cat's ace is the
    # lowest card). Cat's A-3, A-3-4, A-3-4-Q boards are the best lows and act
    # first. Ann: kings full of twos (high); Cat: 9-6-4-3-A, no qualifier
    # needed (low). Pot 3 + 9 = 12, 6 each; everyone paid 4.
    out = _script(
        "7-card-stud-hilo-regular",
        {
            "Ann": "Kc Kd Ks 9c 2h 2d 7s",
            "Bob": "Jh Th Kh Qd 8h 5h 3h",
            "Cat": "9s 6c Ad 3s 4c Qc Qs",
        },
        ["Ann bring-in", "Bob call", "Cat call"] + ["Cat check", "Ann check", "Bob check"] * 4,
    )
    assert [_first_to_act(out, r) for r in (1, 2, 3, 4, 5)] == ["Ann", "Cat", "Cat", "Cat", "Cat"]
    assert out["result"]["pots"][0]["winners"] == {"Ann": 6, "Cat": 6}
    assert out["result"]["stacks"] == {"Ann": 102, "Bob": 96, "Cat": 102}


def test_deuce_to_seven_razz_the_ace_is_high_and_seven_five_low_wins():
    # BARGE: aces are high, the A♠ the highest card: Ann's As brings in. Her
    # A-x boards are the worst lows, so Bob (K-x) acts first from 4th street.
    # Ann: 7-5-4-3-2 offsuit, the best deuce-to-seven low; Bob: 9-8-6-4-2.
    # Pot 2 + 6 + 40 = 48; each paid 24.
    out = _script(
        "27-razz",
        {"Ann": "2c 3d As 4h 5s 7c 8d", "Bob": "2h 4d Kd 6c 8h 9s Ts"},
        [
            "Ann bring-in", "Bob call",
            "Bob check", "Ann check",
            "Bob check", "Ann check",
            "Bob bet 20", "Ann call",
            "Bob check", "Ann check",
        ],
    )  # fmt: skip
    assert [_first_to_act(out, r) for r in (1, 2, 3, 4, 5)] == ["Ann", "Bob", "Bob", "Bob", "Bob"]
    assert out["result"]["stacks"] == {"Ann": 124, "Bob": 76}


def test_razzdeucey_splits_the_ace_to_five_low_and_the_deuce_to_seven_low():
    # Up cards rank as in razz: Bob's 4d is higher than Ann's 3h and Cat's 2s,
    # so Bob brings in; Cat folds, Ann calls: pot 3 + 3 + 3 = 9. Ann's
    # 5-4-3-2-A is the best ace-to-five low but only Q-5-4-3-2 at deuce-to-
    # seven (her ace plays high); Bob's 7-5-4-3-2 offsuit is the best
    # deuce-to-seven low. Ace-to-five half 5 (the odd chip: the first listed
    # half), deuce-to-seven half 4. Ann's 4-3 and 5-4-3 boards lead on 4th and
    # 5th street, Bob's J-7-5-4 (better than K-5-4-3) on 6th and 7th.
    out = _script(
        "razzdeucey",
        {
            "Ann": "Ac 2d 3h 4s 5c Kd Qh",
            "Bob": "2h 3c 4d 5h 7s Js 9d",
            "Cat": "Qc Qd 2s",
        },
        [
            "Bob bring-in", "Cat fold", "Ann call",
            "Ann check", "Bob check",
            "Ann check", "Bob check",
            "Bob check", "Ann check",
            "Bob check", "Ann check",
        ],
    )  # fmt: skip
    assert [_first_to_act(out, r) for r in (1, 2, 3, 4, 5)] == ["Bob", "Ann", "Ann", "Bob", "Bob"]
    assert out["result"]["pots"][0]["winners"] == {"Ann": 5, "Bob": 4}
    assert out["result"]["stacks"] == {"Ann": 101, "Bob": 100, "Cat": 99}


def test_blind_stud_the_first_up_card_brings_in_and_the_hole_card_comes_last():
    # No hole card at first: Ann's 2c is the lowest first card, she brings in;
    # Cat completes, both call (pot 3 + 30 = 33). Cat's open tens act first
    # from the second card on (five-card stud has no open-pair bet: Cat bets
    # the small bet, 10); Ann folds. The fifth card comes face down; Cat's
    # pair of tens beats Bob's ace high. Pot 33 + 20 + 40 = 93.
    out = _script(
        "blind-stud",
        {"Ann": "2c 7d", "Bob": "Ah Kh 5d 3s 4c", "Cat": "Td Tc 8s 6h 2h"},
        [
            "Ann bring-in", "Bob call", "Cat complete 10", "Ann call", "Bob call",
            "Cat bet 10", "Ann fold", "Bob call",
            "Cat check", "Bob check",
            "Cat check", "Bob check",
            "Cat bet 20", "Bob call",
        ],
    )  # fmt: skip
    faces = [(e["player"], e["face"]) for e in out["events"] if e["type"] == "deal" and e["player"] == "Bob"]
    assert [face for _, face in faces] == ["up", "up", "up", "up", "down"]
    assert [_first_to_act(out, r) for r in (1, 2, 3, 4, 5)] == ["Ann", "Cat", "Cat", "Cat", "Cat"]
    assert out["result"]["showdown_order"] == ["Bob", "Cat"]
    assert out["result"]["stacks"] == {"Ann": 89, "Bob": 59, "Cat": 152}


def test_five_card_stud_lowball_the_king_brings_in_and_the_lowest_hand_wins():
    # Kings are the highest card, aces the lowest: Ann's Kd brings in. Bob's
    # 6-4, 8-6-4, 9-8-6-4 boards are the better lows and act first. Bob's
    # 9-8-6-4-A beats Ann's K-7-5-3-2. Heads-up raising is open. Pot 148;
    # each paid 1 + 3 + 10 + 20 + 40 = 74.
    out = _script(
        "5-card-stud-lowball",
        {"Ann": "3c Kd 5h 7s 2d", "Bob": "Ac 4d 6h 8c 9s"},
        [
            "Ann bring-in", "Bob call",
            "Bob bet 10", "Ann call",
            "Bob bet 20", "Ann call",
            "Bob bet 20", "Ann raise 40", "Bob call",
        ],
    )  # fmt: skip
    assert [_first_to_act(out, r) for r in (1, 2, 3, 4)] == ["Ann", "Bob", "Bob", "Bob"]
    assert out["result"]["stacks"] == {"Ann": 26, "Bob": 174}


# --- blinds games: blinds 5 and 10 (half the small bet, the small bet), no
# ante, no bring-in; the player at the dealer's left posts the small blind.


def _blinds(out: dict) -> list[tuple[str, int, str]]:
    return [(e["player"], e["amount"], e["reason"]) for e in out["events"] if e["type"] == "blind"]


MISSISSIPPI = {
    "Ann": "Ah Kd 2c 7s 8d Jc 4h",
    "Bob": "Qs Qh 5d 5s 9c 3h Td",
    "Cat": "Kh Kc 6c Js 4s 9d 2s",
    "Dan": "3c 3d Ts",
}


def test_mississippi_stud_blinds_the_player_after_the_big_blind_acts_first_and_the_big_blind_may_raise():
    # Ann (the dealer's left) posts the small blind 5, Bob the big blind 10;
    # nobody antes and nobody brings in. Cat, after the big blind, acts first
    # and calls 10; Dan folds; Ann completes her blind with 5. Bob's blind is
    # only called: he has the option, to check or to raise (to 20).
    out = _script("mississippi-stud-poker", MISSISSIPPI, ["Cat call", "Dan fold", "Ann call"])
    assert _blinds(out) == [("Ann", 5, "the small blind"), ("Bob", 10, "the big blind")]
    assert not any(e["type"] in ("ante", "bring_in") for e in out["events"])
    assert out["next"] == {"player": "Bob", "legal": [{"action": "check"}, {"action": "raise", "to": [20]}]}


def test_mississippi_stud_after_the_first_round_the_best_board_acts_and_the_best_high_hand_wins():
    # Bob raises his option to 20, Cat and Ann call: pot 60. Two up cards
    # come at once: Bob's 5-5-9 is the only pair showing, so he acts first on
    # every later round (5-5-9-3 and 5-5-9-3-T stay the best boards). At the
    # showdown every hand is shown from the dealer's left: Ann ace high, Bob
    # queens and fives, Cat a pair of kings; Bob takes 60. Each paid 20.
    out = _script(
        "mississippi-stud-poker",
        MISSISSIPPI,
        ["Cat call", "Dan fold", "Ann call", "Bob raise 20", "Cat call", "Ann call"]
        + ["Bob check", "Cat check", "Ann check"] * 3,
    )
    assert [_first_to_act(out, r) for r in (1, 2, 3, 4)] == ["Cat", "Bob", "Bob", "Bob"]
    assert _first_to_act(out, 5) is None  # four betting rounds only
    assert out["result"]["showdown_order"] == ["Ann", "Bob", "Cat"]
    assert out["result"]["stacks"] == {"Ann": 80, "Bob": 140, "Cat": 80, "Dan": 100}


def test_mississippi_razz_the_best_low_board_acts_first_and_the_lowest_hand_wins():
    # Heads-up: Ann posts the small blind, Bob (the dealer) the big blind;
    # after Bob comes Ann, who calls 5; Bob checks. Pot 20. Boards after the
    # two up cards: Ann 4-3-2 (the better low) against Bob's K-Q-J: Ann acts
    # first, and on every later round (9-4-3-2 and 10-9-4-3-2 against
    # K-Q-J-8 and K-Q-J-8-7). Ann's 5-4-3-2-A beats Bob's J-10-9-8-7 (no
    # straight in ace-to-five). Each paid 10.
    out = _script(
        "mississippi-razz",
        {"Ann": "Ac 5d 2c 3d 4h 9s Th", "Bob": "9c Td Kh Qs Jd 8s 7s"},
        ["Ann call", "Bob check"] + ["Ann check", "Bob check"] * 3,
    )
    assert [_first_to_act(out, r) for r in (1, 2, 3, 4)] == ["Ann", "Ann", "Ann", "Ann"]
    assert out["result"]["stacks"] == {"Ann": 110, "Bob": 90}


def test_pistol_pete_bets_on_the_hole_card_alone_then_the_dealers_left_acts_first():
    # A round on one face-down card: Cat, after Bob's big blind, calls 10;
    # Ann folds her small blind (5); Bob checks his option. Pot 25. From the
    # second card on, the first player still in at the dealer's left acts
    # first (generic_poker's default for blinds): Bob, although Cat's ace and
    # A-Q are the best boards. Bob's nines and fives beat Cat's ace high.
    # Pot 25 + 2 x 10 + 2 x 20 = 85; Bob and Cat paid 40 each.
    out = _script(
        "pistol-pete",
        {"Ann": "7h", "Bob": "9c 2d 9h 5s 5c", "Cat": "Kd As Qh Jc 4d"},
        [
            "Cat call", "Ann fold", "Bob check",
            "Bob check", "Cat bet 10", "Bob call",
            "Bob check", "Cat check",
            "Bob bet 20", "Cat call",
            "Bob check", "Cat check",
        ],
    )  # fmt: skip
    faces = [e["face"] for e in out["events"] if e["type"] == "deal" and e["player"] == "Bob"]
    assert faces == ["down", "up", "up", "up", "up"]
    assert [_first_to_act(out, r) for r in (1, 2, 3, 4, 5)] == ["Cat", "Bob", "Bob", "Bob", "Bob"]
    assert out["result"]["stacks"] == {"Ann": 95, "Bob": 145, "Cat": 60}


def test_oklahoma_lowball_heads_up_the_small_blind_acts_first_and_seven_five_low_beats_the_ace():
    # Ann (small blind) acts after Bob's big blind, calls 5, Bob checks; Ann,
    # at the dealer's left, acts first on every later round even though Bob's
    # 2 and 3-2 are the better low boards. Deuce-to-seven: Ann's 7-5-4-3-2
    # offsuit is the best hand; Bob's A-5-4-3-2 is ace high (the ace is high,
    # no straight). Pot 20; each paid 10.
    out = _script(
        "oklahoma-lowball",
        {"Ann": "7c 5d 4h 3s 2d", "Bob": "Ac 2h 3c 4d 5s"},
        ["Ann call", "Bob check"] + ["Ann check", "Bob check"] * 3,
    )
    assert _blinds(out) == [("Ann", 5, "the small blind"), ("Bob", 10, "the big blind")]
    assert [_first_to_act(out, r) for r in (1, 2, 3, 4)] == ["Ann", "Ann", "Ann", "Ann"]
    assert out["result"]["stacks"] == {"Ann": 110, "Bob": 90}


# --- the other new rankings --------------------------------------------------


def test_razzdugi_splits_the_razz_low_and_the_best_badugi_a_three_card_one_when_nobody_has_four():
    # As in razz the highest up card brings in: Cat's Jh (Ann 3h, Bob 4h).
    # The best low board acts first: Ann's 4-3 and 5-4-3, then Bob's 8-7-6-4
    # (better than Ann's K-5-4-3). Ann's 5-4-3-2-A is the best razz hand. No
    # four-card badugi: Ann holds only clubs and one heart (3-A), Bob no club
    # (4-3-2 of three suits), Cat no club (Q-J-10 at best); BARGE: "the best
    # three-card hand wins half the pot", so Bob. Pot 3 + 9 = 12, 6 and 6.
    out = _script(
        "razzdugi",
        {
            "Ann": "Ac 2c 3h 4c 5c Kc Qc",
            "Bob": "2d 3s 4h 6d 7s 8h 9d",
            "Cat": "Qs Qd Jh Js Td Kh Kd",
        },
        ["Cat bring-in", "Ann call", "Bob call"]
        + ["Ann check", "Bob check", "Cat check"] * 2
        + ["Bob check", "Cat check", "Ann check"] * 2,
    )
    assert [_first_to_act(out, r) for r in (1, 2, 3, 4, 5)] == ["Cat", "Ann", "Ann", "Bob", "Bob"]
    assert out["result"]["pots"][0]["winners"] == {"Ann": 6, "Bob": 6}
    assert out["result"]["stacks"] == {"Ann": 102, "Bob": 102, "Cat": 96}


def test_canadian_stud_a_four_flush_showing_acts_before_a_pair_and_beats_it():
    # Cat's 2d is the lowest door card: she brings in, both call (pot 12).
    # Bob's open queens act first on the second and third up cards; Cat
    # folds to his bet of 10. With four hearts up Ann shows a four-flush,
    # which ranks above a pair: she acts first on the last round, bets 20,
    # Bob calls. Ann's K-9-5-3 four-flush beats Bob's pair of queens. Pot
    # 12 + 20 + 40 = 72; Ann and Bob paid 34, Cat 4.
    out = _script(
        "canadian-stud-generic-poker",
        {"Ann": "2c 9h Kh 5h 3h", "Bob": "8d Qs Qd 6c 4s", "Cat": "7s 2d Tc"},
        [
            "Cat bring-in", "Ann call", "Bob call",
            "Bob bet 10", "Cat fold", "Ann call",
            "Bob check", "Ann check",
            "Ann bet 20", "Bob call",
        ],
    )  # fmt: skip
    assert [_first_to_act(out, r) for r in (1, 2, 3, 4)] == ["Cat", "Bob", "Bob", "Ann"]
    assert out["result"]["showdown_order"] == ["Ann", "Bob"]
    assert out["result"]["stacks"] == {"Ann": 138, "Bob": 66, "Cat": 96}


def test_razz_high_the_ace_brings_in_an_unpaired_board_leads_and_the_highest_unpaired_hand_wins():
    # The lowest up card brings in, the ace lowest: Ann's Ad, not Bob's 2c.
    # On fourth street any unpaired board beats a paired one, higher cards
    # better: Cat's K-Q leads (Bob shows 2-2). Then Cat pairs her queens and
    # Ann's 6-5-A, 7-6-5-A lead. At the showdown Bob's 8-7-6-4-3 beats Ann's
    # 7-6-5-4-3 and Cat's pair of kings (kings full of queens in high poker;
    # any hand without a pair beats any pair). Pot 3 + 9 + 60 = 72; each
    # paid 24.
    out = _script(
        "razz-high",
        {
            "Ann": "3c 4h Ad 5s 6h 7d Ah",
            "Bob": "3d 4d 2c 2h 6s 7c 8d",
            "Cat": "Ks Kc Kh Qd Qs 9c 8h",
        },
        [
            "Ann bring-in", "Bob call", "Cat call",
            "Cat check", "Ann check", "Bob check",
            "Ann check", "Bob check", "Cat check",
            "Ann check", "Bob check", "Cat check",
            "Ann check", "Bob bet 20", "Cat call", "Ann call",
        ],
    )  # fmt: skip
    assert [_first_to_act(out, r) for r in (1, 2, 3, 4, 5)] == ["Ann", "Cat", "Ann", "Ann", "Ann"]
    assert out["result"]["stacks"] == {"Ann": 76, "Bob": 148, "Cat": 76}


# --- wild cards, declarations, the spade in the hole -------------------------


def _said(out: dict, kind: str) -> list[tuple[str | None, str | None]]:
    return [(e.get("card"), e.get("reason")) for e in out["events"] if e["type"] == kind]


def test_follow_the_queen_generic_poker_the_rank_after_the_last_queen_up_is_wild_and_queens_are_not():
    # Up cards in dealing order (Ann, then Bob, each street): Qh, 5c (fives
    # wild); 7d, 9s; 2c, Qs (a queen: the fives are wild no more); 7s (sevens
    # wild), Jd. The last down cards take no part. Ann: K-K and her two
    # sevens, now wild: four kings. Bob: A-A and 5-5, the fives no longer
    # wild, his queen never wild: aces up. Without the wild sevens Bob's aces
    # up would beat Ann's kings up. Bob's 5c brings in, Ann calls (pot 8);
    # Ann's Q-7 leads on 4th street, Bob's Q-9-5 on 5th, Ann's open sevens
    # on 6th and 7th; everyone checks. Each paid 4.
    out = _script(
        "follow-the-queen-generic-poker",
        {"Ann": "Kc Kd Qh 7d 2c 7s 3h", "Bob": "Ah Ad 5c 9s Qs Jd 5d"},
        [
            "Bob bring-in", "Ann call",
            "Ann check", "Bob check",
            "Bob check", "Ann check",
            "Ann check", "Bob check",
            "Ann check", "Bob check",
        ],
    )  # fmt: skip
    assert [card for card, _ in _said(out, "wild")] == ["5c", "Qs", "7s"]
    assert [_first_to_act(out, r) for r in (1, 2, 3, 4, 5)] == ["Bob", "Ann", "Bob", "Ann", "Ann"]
    assert out["result"]["stacks"] == {"Ann": 104, "Bob": 96}


def test_low_hole_wild_the_lowest_face_down_card_is_wild_for_its_holder_and_the_ace_is_high():
    # Ann's face-down cards Ah 7c Ad: with the ace high her seven is the
    # lowest, so sevens are wild for her: K-K, A-A and the seven make kings
    # full of aces (were the ace low, her aces would be wild: four kings).
    # Bob's face-down cards 9d 6h Jc: his six is wild: Q-Q-Q and the six are
    # four queens, which beat Ann's full house. Bob's Qc brings in (below
    # Ann's Kh), Ann calls: pot 8. Ann's open kings lead on 4th street (no
    # big bet: no open-pair exception), Bob's three queens after; all check.
    out = _script(
        "low-hole-wild",
        {"Ann": "Ah 7c Kh Ks 8d 3c Ad", "Bob": "9d 6h Qc Qd Qh 2s Jc"},
        [
            "Bob bring-in", "Ann call",
            "Ann check", "Bob check",
            "Bob check", "Ann check",
            "Bob check", "Ann check",
            "Bob check", "Ann check",
        ],
    )  # fmt: skip
    shown = {e["player"]: e.get("hand", "") for e in out["events"] if e["type"] == "show"}
    assert shown["Ann"].startswith("full house")
    assert shown["Bob"].startswith("four queens")
    assert [_first_to_act(out, r) for r in (1, 2, 3, 4, 5)] == ["Bob", "Ann", "Bob", "Bob", "Bob"]
    assert out["result"]["stacks"] == {"Ann": 96, "Bob": 104}


def test_four_forty_four_blinds_on_four_hole_cards_the_dealers_left_acts_after_and_two_wild_fours_make_four_aces():
    # Ann posts 5, Bob 10; on four face-down cards Cat, after the big blind,
    # calls 10, Ann completes, Bob checks: pot 30. From the first up card on
    # Ann, at the dealer's left, acts first, although Bob's 9s is the best
    # up card. Every four is wild: Ann's A-A and her two fours are four aces,
    # beating Bob's natural kings full of nines (without the wild fours,
    # Ann's aces and fours would lose to it); Cat has queens. Each paid 10.
    out = _script(
        "four-forty-four",
        {
            "Ann": "4c 4d Ah Ad 7s 2h 9c Jd",
            "Bob": "Kc Kd Kh 9d 9s 3c 6h Td",
            "Cat": "Qc Qd Jh Tc 8d 5c 2d 3h",
        },
        ["Cat call", "Ann call", "Bob check"] + ["Ann check", "Bob check", "Cat check"] * 4,
    )
    assert _blinds(out) == [("Ann", 5, "the small blind"), ("Bob", 10, "the big blind")]
    faces = [e["face"] for e in out["events"] if e["type"] == "deal" and e["player"] == "Cat"]
    assert faces == ["down"] * 4 + ["up"] * 3 + ["down"]
    assert [_first_to_act(out, r) for r in (1, 2, 3, 4, 5)] == ["Cat", "Ann", "Ann", "Ann", "Ann"]
    assert out["result"]["stacks"] == {"Ann": 120, "Bob": 90, "Cat": 90}


def test_seven_card_stud_hilo_declare_both_must_win_both_ways_or_the_halves_go_to_the_others():
    # The highest up card brings in (kings high, aces low): Ann's Ks; Bob and
    # Cat call: pot 12. The best high board acts first: Ann's king (K-9,
    # K-9-4, K-9-4-2 against Bob's 4-3, 6-4-3, J-6-4-3 and Cat's 8-7, T-8-7,
    # J-T-8-7).
    # Declarations, all at once: Ann high, Bob low, Cat both. Cat's club
    # flush is the best high hand, but her T-8-7-5-2 loses the low to Bob's
    # 6-4-3-2-A: declaring both she wins nothing. The high half goes to the
    # best high hand declared high, Ann's three kings; the low half to Bob.
    # 6 and 6; everyone paid 4.
    out = _script(
        "7-card-stud-hilo-declare",
        {
            "Ann": "Kc Kd Ks 9c 4d 2h 7s",
            "Bob": "Ah 2s 3d 4s 6c Jh Qh",
            "Cat": "5d 5h 7c 8c Tc Jc 2c",
        },
        ["Ann bring-in", "Bob call", "Cat call"]
        + ["Ann check", "Bob check", "Cat check"] * 4
        + ["Ann declare high", "Bob declare low", "Cat declare both"],
    )
    assert [_first_to_act(out, r) for r in (1, 2, 3, 4, 5)] == ["Ann", "Ann", "Ann", "Ann", "Ann"]
    assert [(e["player"], e.get("reason")) for e in out["events"] if e["type"] == "declare"] == [
        ("Ann", "high"),
        ("Bob", "low"),
        ("Cat", "both"),
    ]
    assert out["result"]["pots"][0]["winners"] == {"Ann": 6, "Bob": 6}
    assert out["result"]["stacks"] == {"Ann": 102, "Bob": 102, "Cat": 96}


def test_one_three_one_deals_one_down_two_up_one_down_one_up_and_when_nobody_declares_low_the_high_takes_all():
    # Bob's 3c is the lowest single up card (Ann's lowest is a nine): he
    # brings in, Ann calls (pot 8). After the face-down fourth card the big
    # bet: Ann's open nines act first, bet 20, Bob calls (pot 48); the last
    # card up, both check. Both declare high: nobody contends for the low
    # half, so the best high hand, Ann's nines against Bob's queen high,
    # takes the whole pot. Each paid 24.
    out = _script(
        "one-three-one",
        {"Ann": "Ah 9c 9d Kc 2s", "Bob": "Qh 3c 5d 7h 8s"},
        [
            "Bob bring-in", "Ann call",
            "Ann bet 20", "Bob call",
            "Ann check", "Bob check",
            "Ann declare high", "Bob declare high",
        ],
    )  # fmt: skip
    faces = [e["face"] for e in out["events"] if e["type"] == "deal" and e["player"] == "Bob"]
    assert faces == ["down", "up", "up", "down", "up"]
    assert [_first_to_act(out, r) for r in (1, 2, 3, 4)] == ["Bob", "Ann", "Ann", None]
    assert out["result"]["stacks"] == {"Ann": 124, "Bob": 76}


CHICAGO = {
    "Ann": "Qs 3c As 7h 9c Jd 2h",
    "Bob": "Ks 4d 5c 8h Td 6d 3h",
    "Cat": "Tc Th 8d 8c 2c 4c 5h",
}
# Bob's 5c brings in, Cat and Ann call: pot 12. Cat's open eights lead from
# 4th street on; everybody checks. Spades in the hole: Ann's queen (her ace
# of spades is face up and does not count), Bob's king.
CHICAGO_ACTIONS = ["Bob bring-in", "Cat call", "Ann call"] + ["Cat check", "Ann check", "Bob check"] * 4


def test_chicago_half_to_the_best_high_hand_half_to_the_highest_spade_in_the_hole():
    # Cat's tens and eights take the high half; Bob's K♠ in the hole beats
    # Ann's Q♠ (her A♠ is up): 6 and 6; everyone paid 4.
    out = _script("chicago", CHICAGO, CHICAGO_ACTIONS)
    assert [_first_to_act(out, r) for r in (1, 2, 3, 4, 5)] == ["Bob", "Cat", "Cat", "Cat", "Cat"]
    assert out["result"]["pots"][0]["winners"] == {"Bob": 6, "Cat": 6}
    assert out["result"]["stacks"] == {"Ann": 96, "Bob": 102, "Cat": 102}


def test_low_chicago_generic_poker_half_to_the_lowest_spade_in_the_hole_an_up_spade_does_not_count():
    # The same cards: Ann's Q♠ is the lowest spade in the hole (Bob's is the
    # K♠; her A♠ is up), so she takes the spade half, Cat the high half.
    out = _script("low-chicago-generic-poker", CHICAGO, CHICAGO_ACTIONS)
    assert out["result"]["pots"][0]["winners"] == {"Ann": 6, "Cat": 6}
    assert out["result"]["stacks"] == {"Ann": 102, "Bob": 96, "Cat": 102}
