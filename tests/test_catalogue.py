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
(none of the hands reaches the cap). Players sit clockwise from the dealer's
left in the order listed; each one's cards are listed in the order he gets
them.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from studrules.cli.main import main
from studrules.game.hand import Hand
from studrules.game.policies import make_policy
from studrules.records.script import play_script
from studrules.spec.loader import load_variant
from studrules.spec.resources import variants_dir

CATALOGUE = sorted((variants_dir() / "catalogue").glob("*.yaml"))
NAMES = [p.stem for p in CATALOGUE]
_BETTING = ("bring_in", "complete", "bet", "raise", "call", "check", "fold")


#: The stud configs of generic_poker the language writes today (see each file).
WRITTEN = {
    "27_razz", "5_card_stud", "5_card_stud_8", "5_card_stud_lowball", "6_card_stud",
    "7_card_stud", "7_card_stud_8", "7_card_stud_hilo_regular", "8_card_stud",
    "alligator_stud", "blind_stud", "last_card_down", "nine_card_stud", "razzdeucey",
    "zanetti_sound",
}  # fmt: skip


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
    assert config.replace("_", "-") == path.stem
    assert path.read_text(encoding="utf-8").startswith(
        "# yaml-language-server: $schema=../../schemas/variant.schema.json\n"
    )


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


def _script(variant: str, cards: dict[str, str], actions: list[str], **extra) -> dict:
    data = {
        "variant": variant,
        "players": list(cards),
        "stacks": 100,
        "seed": 1,
        "cards": {p: c.split() for p, c in cards.items()},
        "actions": actions,
        **extra,
    }
    return play_script(data)


def _first_to_act(out: dict, round_number: int) -> str | None:
    return next((e["player"] for e in out["events"] if e["type"] in _BETTING and e.get("round") == round_number), None)


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
