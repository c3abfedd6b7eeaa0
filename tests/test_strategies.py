"""Strategies for games against the house: shipped files, decisions, batch decisions, located errors."""

from __future__ import annotations

import pickle
import textwrap
from pathlib import Path

import numpy as np
import pytest

from studrules.errors import SpecError, SpecErrors
from studrules.spec.loader import load_variant
from studrules.spec.strategies import Strategy, load_strategy, shipped_strategies, view_features

SHIPPED = ("fold", "raise", "pair-or-better", "ace-king-or-better", "basic")


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def test_the_issue_names_five_shipped_strategies():
    assert set(SHIPPED) <= set(shipped_strategies())


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_strategy_loads_and_fits_the_italian_casino_game(name):
    variant = load_variant("caribbean-stud-it")
    strategy = load_strategy(name, variant)
    assert isinstance(strategy, Strategy)
    # the Wizard of Odds' simple strategy is Caribbean Stud's alone; the others play any game against the house
    assert strategy.name == name and strategy.game == ("caribbean-stud-it" if name == "basic" else "banked")
    assert strategy.rules[-1].when is None  # ends with its default


def test_fold_and_raise_ignore_the_cards():
    for cards in ("As Ks Qs Js Ts", "7c 5d 4h 3s 2c"):
        assert load_strategy("fold").decide(cards, "Ah") == "fold"
        assert load_strategy("raise").decide(cards, "Ah") == "raise"


def test_pair_or_better_and_ace_king_or_better():
    pair, ace_king, ace_queen = "2c 2d 9h 7s 4c", "Ac Kd 9h 7s 4c", "Ac Qd 9h 7s 4c"
    assert [load_strategy("pair-or-better").decide(h) for h in (pair, ace_king, ace_queen)] == ["raise", "fold", "fold"]
    assert [load_strategy("ace-king-or-better").decide(h) for h in (pair, ace_king, ace_queen)] == [
        "raise",
        "raise",
        "fold",
    ]


@pytest.mark.parametrize(
    "cards, house_up, action, why",
    [
        ("7c 7d Ks 4h 2c", "Ah", "raise", "1: raise with a pair or higher"),
        ("Ac Qd Js 4h 2c", "2h", "fold", "1: fold with less than ace/king"),
        ("As Kd 9c 6h 3s", "9d", "raise", "2a: the dealer's 2-through-queen card matches one of yours"),
        ("As Kd 9c 6h 3s", "Th", "fold", "no rule of 2 holds"),
        ("As Kd Jc 6h 3s", "Ah", "raise", "2b: dealer's ace, and you have a jack"),
        ("As Kd Qc 6h 3s", "Kh", "raise", "2b: dealer's king, and you have a queen"),
        ("As Kd 9c 6h 3s", "Ah", "fold", "2a is for 2 through queen only; no queen or jack for 2b"),
        ("As Kd Qc 8h 3s", "7h", "raise", "2c: no match, a queen, the 7 is below your fourth card (8)"),
        ("As Kd Qc 6h 3s", "7h", "fold", "2c fails: the 7 is above your fourth card (6)"),
        ("As Kd Jc 8h 3s", "7h", "fold", "2c needs a queen"),
    ],
)
def test_basic_strategy_follows_the_published_simple_strategy(cards, house_up, action, why):
    # The Wizard of Odds' simple strategy, quoted in strategies/basic.yaml.
    assert load_strategy("basic").decide(cards, house_up) == action, why


def test_view_features_read_own_cards_and_the_house_up_card():
    v = view_features("3s Kd 9c Ah 6h", ["6d"])
    assert [v[n] for n in ("highest_card", "second_card", "third_card", "fourth_card", "fifth_card")] == [
        14,
        13,
        9,
        6,
        3,
    ]
    assert v["house_up"] == 6 and v["matches_house_up"] is True
    assert view_features("3s Kd 9c Ah 6h", "7d")["matches_house_up"] is False


def test_decide_batch_agrees_with_decide_on_random_hands():
    rng = np.random.default_rng(11)
    basic = load_strategy("basic")
    hands, ups, views = [], [], []
    for _ in range(3000):
        codes = rng.choice(52, size=6, replace=False).tolist()
        hands.append(codes[:5])
        ups.append(codes[5:])
        views.append(view_features(codes[:5], codes[5:]))
    features = {n: np.array([int(v[n]) for v in views]) for n in basic.names}
    batch = basic.decide_batch(features)
    single = [basic.decide(h, u) == "raise" for h, u in zip(hands, ups)]
    assert batch.tolist() == single
    # and again, now from the remembered decisions
    assert basic.decide_batch(features).tolist() == single


def test_decide_batch_of_a_strategy_that_reads_nothing_needs_the_size():
    assert load_strategy("raise").decide_batch({}, size=3).tolist() == [True, True, True]


def test_a_strategy_survives_pickling_for_worker_processes():
    basic = load_strategy("basic")
    copy = pickle.loads(pickle.dumps(basic))
    assert copy == basic
    assert copy.decide("As Kd 9c 6h 3s", "9d") == "raise"


# --- located load errors -------------------------------------------------


def test_an_unknown_predicate_is_a_located_error(tmp_path):
    path = write(
        tmp_path,
        "bad.yaml",
        """
        name: bad
        game: banked
        rules:
          - when: hand >= pairr
            action: raise
          - otherwise: fold
        """,
    )
    with pytest.raises(SpecErrors) as info:
        load_strategy(path)
    (err,) = info.value.errors
    # "  - when: " is 10 characters: the condition starts at column 11, 'pairr' 8 further
    assert (err.location.file, err.location.line, err.location.column) == (str(path), 4, 19)
    assert "unknown name 'pairr'" in err.message and "pair" in err.message


def test_a_misindented_strategy_file_says_to_check_the_indentation(tmp_path):
    # `action: raise` two spaces deeper than `when:`: read as a key inside the condition
    path = write(
        tmp_path,
        "bad.yaml",
        """
        name: bad
        rules:
          - when: hand >= pair
              action: raise
        """,
    )
    with pytest.raises(SpecError) as info:
        load_strategy(path)
    err = info.value
    # line 4 col 13: "      action" is 12 characters, then the ':' the parser stops at
    assert (err.location.line, err.location.column) == (4, 13)
    assert err.message.startswith("not valid YAML: mapping values are not allowed")
    assert err.message.endswith("a line indented under a value: check the indentation, or quote the text")


def test_a_quoted_condition_is_located_inside_the_quotes(tmp_path):
    path = write(
        tmp_path,
        "bad.yaml",
        """
        name: bad
        rules:
          - when: "flop > 2"
            action: raise
          - otherwise: fold
        """,
    )
    with pytest.raises(SpecErrors) as info:
        load_strategy(path)
    assert (info.value.errors[0].location.line, info.value.errors[0].location.column) == (3, 12)


def test_a_strategy_for_the_house_on_a_pot_game_is_a_located_error(tmp_path):
    path = write(
        tmp_path,
        "s.yaml",
        """
        name: s
        game: banked
        rules:
          - otherwise: raise
        """,
    )
    with pytest.raises(SpecErrors) as info:
        load_strategy(path, load_variant("five-card-stud-fr"))
    (err,) = info.value.errors
    assert (err.location.line, err.location.column) == (2, 7)
    assert "against the house" in err.message and "pot" in err.message


def test_reading_a_house_up_card_the_house_does_not_show_is_a_located_error(tmp_path):
    variant_path = write(
        tmp_path,
        "all-down.yaml",
        """
        name: all-down
        extends: caribbean-stud-it
        steps:
          - deal: {id: deal, house: [down, down, down, down, down]}
        """,
    )
    variant = load_variant(variant_path)
    path = write(
        tmp_path,
        "s.yaml",
        """
        name: s
        game: banked
        rules:
          - when: hand >= ace_king and house_up >= king
            action: raise
          - otherwise: fold
        """,
    )
    with pytest.raises(SpecErrors) as info:
        load_strategy(path, variant)
    (err,) = info.value.errors
    assert (err.location.line, err.location.column) == (4, 11 + len("hand >= ace_king and "))
    assert "house_up" in err.message and "no card face up" in err.message
    load_strategy(path)  # without a variant it is a valid file
    with pytest.raises(SpecErrors):
        load_strategy("basic", variant)


@pytest.mark.parametrize(
    "text, line, column, words",
    [
        ("name: s\nrules:\n  - when: hand >= pair\n    action: raise\n", 3, 5, "end with a default"),
        ("name: s\nrules:\n  - when: hand >= pair\n    action: call\n  - otherwise: fold\n", 4, 13, "raise or fold"),
        ("name: s\nrule:\n  - otherwise: fold\n", 2, 1, "did you mean 'rules'"),
        (
            "name: s\nrules:\n  - otherwise: fold\n  - when: hand >= pair\n    action: raise\n",
            3,
            5,
            "must be the last rule",
        ),
        ("name: s\nrules:\n  - when: hand\n    action: raise\n  - otherwise: fold\n", 3, 11, "condition"),
    ],
)
def test_malformed_strategies_are_located_errors(tmp_path, text, line, column, words):
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SpecErrors) as info:
        load_strategy(path)
    err = info.value.errors[0]
    assert (err.location.line, err.location.column) == (line, column), str(info.value)
    assert words in str(info.value)


def test_an_unknown_strategy_lists_the_shipped_ones():
    with pytest.raises(SpecError) as info:
        load_strategy("always-win")
    said = str(info.value)
    files = sorted(p.stem for p in (Path(__file__).resolve().parents[1] / "strategies").glob("*.yaml"))
    assert set(SHIPPED) <= set(files)
    listed = said.split("shipped strategies: ")[1].split(" and ")[0].split(", ")
    assert listed == files[: len(listed)]  # the shipped files, in order, and where the rest are
    assert len(listed) == len(files) or "'studrules simulate --help' shows them all" in said


TWO_CARD_DECISION = """
name: two-card-decision
kind: banked
seats: {min: 1, max: 7}
stakes: {ante: 10}
steps:
  - ante: {amount: ante}
  - deal: {players: [down, down], house: [down, down, down, down, up]}
  - decision: {id: first, fold: true, raise: ante}
  - deal: {players: [down, down, down]}
  - decision: {id: second, fold: true, raise: ante}
  - reveal: {who: house}
  - settle: {qualify: house >= ace_king, pay_table: {pair: 1}}
"""


def test_a_rule_reading_five_cards_at_a_two_card_decision_is_a_located_error(tmp_path):
    # 'pair-or-better' reads 'hand' (the best five cards); the first decision
    # of this file comes after two cards: loading the strategy for it names
    # the rule's line and column, and a bot made from it never starts a hand.
    from studrules.game.policies import make_policy

    variant = load_variant(write(tmp_path, "two.yaml", TWO_CARD_DECISION))
    with pytest.raises(SpecErrors) as caught:
        load_strategy("pair-or-better", variant)
    (error,) = caught.value.errors
    assert "holds 2 at a decision" in str(error) and "'hand'" in str(error)
    assert error.location.file.endswith("pair-or-better.yaml") and error.location.line == 6
    with pytest.raises(SpecErrors):
        make_policy("strategy:pair-or-better", variant=variant)
    # a rule that reads only the cards a player holds at every decision fits
    rules = write(
        tmp_path, "s.yaml", "name: s\nrules:\n  - when: second_card >= ten\n    action: raise\n  - otherwise: fold\n"
    )
    assert load_strategy(rules, variant).decide("Ac Td") == "raise"
    third = write(
        tmp_path, "t.yaml", "name: t\nrules:\n  - when: third_card >= ten\n    action: raise\n  - otherwise: fold\n"
    )
    with pytest.raises(SpecErrors, match="card number 3"):
        load_strategy(third, variant)


def test_a_strategy_loaded_for_a_three_card_game_values_hand_in_its_ranking():
    # queen-six-four for Three Card Poker: a pair (the three-card ranking's
    # 'pair') plays; K-3-2 plays; Q-6-4 and Q-7-2 play; Q-6-3 and J-T-8 fold.
    variant = load_variant("three-card-poker")
    q64 = load_strategy("queen-six-four", variant)
    decided = {h: q64.decide(h) for h in ("2c 2d 3h", "Kc 3d 2h", "Qc 6d 4h", "Qc 7d 2h", "Qc 6d 3h", "Jc Td 8h")}
    assert decided == {
        "2c 2d 3h": "raise",
        "Kc 3d 2h": "raise",
        "Qc 6d 4h": "raise",
        "Qc 7d 2h": "raise",
        "Qc 6d 3h": "fold",
        "Jc Td 8h": "fold",
    }
    # a three-card flush is above a pair in that ranking: it plays too
    assert q64.decide("9h 5h 2h") == "raise"
    # 'hand' reads three cards there, so pair-or-better fits the game
    assert load_strategy("pair-or-better", variant).decide("7c 7d 2h") == "raise"


def test_the_keys_read_at_once_read_as_the_general_reading_does(monkeypatch):
    # a written table's keys (cards with suits, or ranks alone, then '/ UP') take a short
    # path; the general reading, with the short path turned off, must give the same
    import random
    import re

    import studrules.spec.strategy_tables as tables

    cards = [r + s for r in tables._RANKS for s in tables._SUITS]
    rng = random.Random(3)
    texts = []
    for _ in range(3000):
        k = rng.randint(1, 7)
        hand = rng.sample(cards, k + rng.randint(0, 2))
        texts.append("".join(hand[:k]) + (" / " + "".join(hand[k:]) if len(hand) > k else ""))
        ranks = "".join(rng.choice(tables._RANKS) for _ in range(rng.randint(1, 6)))
        texts.append(ranks + ("/" + rng.choice(tables._RANKS) if rng.random() < 0.5 else ""))

    def read(text):
        try:
            return tables._parse_key(text)
        except tables.KeyError_ as err:
            return str(err)

    texts += ["AAAAA", "22222 / 3", "AsAs", "AsKd / As", "Ax", "A/K/Q"]  # refused: each says why
    short = [read(t) for t in texts]
    never = re.compile("(?!)")
    monkeypatch.setattr(tables, "_SUITED_KEY", never)
    monkeypatch.setattr(tables, "_RANKS_KEY", never)
    assert [read(t) for t in texts] == short
    assert sum(isinstance(r, str) for r in short) >= 6


@pytest.mark.parametrize("field", ["name", "title", "description"])
def test_a_strategys_text_that_a_terminal_would_act_on_is_refused_where_it_stands(tmp_path, field):
    # a report's headline prints the name: an escape sequence in it would recolour the terminal
    text = f'name: plain\n{field}: "evil\\e[31m red"\nrules:\n  - otherwise: fold\n'.replace(
        "name: plain\nname", "name"
    )
    path = write(tmp_path, "s.yaml", text)
    with pytest.raises(SpecErrors) as err:
        load_strategy(path, load_variant("let-it-ride"))
    (e,) = [e for e in err.value.errors if "U+001B" in e.message]
    assert "which a terminal would act on" in e.message and e.location.line == (1 if field == "name" else 2)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("name: no\nrules:\n  - otherwise: fold\n", "a strategy needs a 'name' (text) (YAML reads yes/no/on/off"),
        ("name: s\nrules:\n  - when: hand >= pair\n    action: on\n  - otherwise: fold\n", "not True (YAML reads"),
    ],
)
def test_a_word_yaml_read_as_true_or_false_is_said_so(tmp_path, text, said):
    with pytest.raises(SpecErrors) as err:
        load_strategy(write(tmp_path, "s.yaml", text), load_variant("let-it-ride"))
    assert any(said in str(e) for e in err.value.errors), str(err.value)
