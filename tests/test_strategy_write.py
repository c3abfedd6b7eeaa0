"""Writing the optimal play as a strategy file (`studrules analyze --optimal --write FILE`), and
the strategy language it needs: rules per decision (`streets`), the actions `stand` and
`raise Nx`, tables of hands, the view name `wagered`.

Each written strategy is checked against the exact analysis it comes from: played back by
`analyze --strategy FILE`, it must lose exactly what the optimal play loses (the optimal figure
is computed independently of the file: by working back over every card, or by comparing the
raise with the fold for every hand)."""

from __future__ import annotations

import pytest
from cli_support import run

from studrules.analysis.exact import analyze
from studrules.analysis.strategy_writer import optimal_strategy_text
from studrules.cli.main import main
from studrules.errors import SpecErrors
from studrules.game.hand import Hand
from studrules.game.policies import StrategyPolicy, play_hand
from studrules.spec.loader import load_variant
from studrules.spec.strategies import load_strategy, load_strategy_text


def _written_plays_back_the_optimal_figure(name, tmp_path):
    variant = load_variant(name)
    text, optimal = optimal_strategy_text(variant)
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    strategy = load_strategy(path, variant)
    again = analyze(variant, strategy)
    assert again.house_edge == pytest.approx(optimal.house_edge, abs=1e-12)
    return strategy, optimal


def test_the_written_optimal_play_of_three_card_poker_plays_back_its_figure(tmp_path):
    strategy, optimal = _written_plays_back_the_optimal_figure("three-card-poker", tmp_path)
    # the optimal play is the published queen-six-four: raise every hand from Q-6-4 up
    assert strategy.decide("Qc 6d 4h") == "raise" and strategy.decide("Qc 6d 3h") == "fold"
    assert round(optimal.house_edge * 100, 2) == 3.37


@pytest.mark.soak
@pytest.mark.parametrize("name", ["mississippi-stud", "let-it-ride", "caribbean-stud-it"])
def test_the_written_optimal_play_of_each_banked_game_plays_back_its_figure(name, tmp_path):
    _written_plays_back_the_optimal_figure(name, tmp_path)


def test_the_write_command_refuses_an_existing_file_a_folder_and_a_write_without_optimal(tmp_path, capsys):
    target = tmp_path / "kept.yaml"
    target.write_text("# mine\n", encoding="utf-8")
    assert main(["analyze", "three-card-poker", "--optimal", "--write", str(target)]) != 0
    assert "the file exists; --force replaces it" in capsys.readouterr().err
    assert target.read_text(encoding="utf-8") == "# mine\n"
    assert main(["analyze", "three-card-poker", "--optimal", "--write", str(tmp_path)]) != 0
    assert "it is a folder" in capsys.readouterr().err
    code, _, err = run(
        capsys, "analyze", "three-card-poker", "--strategy", "raise", "--write", str(tmp_path / "s.yaml")
    )
    assert code == 2 and "give --optimal" in err  # (a usage error)
    assert main(["analyze", "three-card-poker", "--optimal", "--write", str(tmp_path / "s.txt")]) != 0
    assert "ends in .yaml" in capsys.readouterr().err


def test_the_write_command_replaces_a_file_with_force_and_the_bots_play_it(tmp_path, capsys):
    target = tmp_path / "tcp.yaml"
    target.write_text("# old\n", encoding="utf-8")
    assert main(["analyze", "three-card-poker", "--optimal", "--write", str(target), "--force"]) == 0
    assert "three-card-poker-optimal" in target.read_text(encoding="utf-8")
    capsys.readouterr()
    assert main(["play", "three-card-poker", "--bots", f"strategy:{target}", "--hands", "3", "--seed", "1"]) == 0


def test_a_table_beyond_a_strategy_files_bound_is_written_as_a_shorter_play_stating_what_it_loses(monkeypatch):
    # Three Card Poker's optimal play (queen-six-four, some 800 bytes) under a bound of 50 bytes,
    # too small for its table: the shorter play (hand thresholds, a table of a hand or two) states
    # its figure, which it loses when played back, more than the optimal play
    import re

    from studrules.analysis import strategy_writer

    variant = load_variant("three-card-poker")
    full, optimal = optimal_strategy_text(variant)
    assert full.startswith("# The optimal play")
    monkeypatch.setattr(strategy_writer, "MAX_STRATEGY_BYTES", 50)
    text, _ = optimal_strategy_text(variant)
    assert text.startswith("# A near-optimal play")
    (stated,) = re.findall(r"these rules .* lose (\d+\.\d+)% of the ante", text)
    again = analyze(variant, load_strategy_text(text, variant))
    assert round(again.house_edge * 100, 4) == float(stated)
    assert again.house_edge > optimal.house_edge


def test_a_strategy_file_changed_is_read_again(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text("name: s\nrules: [{otherwise: fold}]\n", encoding="utf-8")
    assert load_strategy(path).decide("Ac Ad Ah") == "fold"
    assert load_strategy(path) is load_strategy(path)  # read once, shared by the bots of a table
    path.write_text("name: s\nrules: [{otherwise: raise}]\n", encoding="utf-8")
    assert load_strategy(path).decide("Ac Ad Ah") == "raise"


MISSISSIPPI_STREETS = """
name: three-sizes
streets:
  - rules: [{hands: {"AA": raise 3x, "72": fold}}, {otherwise: raise}]
  - rules: [{when: "wagered >= 4", action: raise 2x}, {otherwise: raise}]
  - rules: [{otherwise: raise 3x}]
"""


def test_a_bot_raises_the_size_each_street_says_and_folds_where_it_says():
    # street 1: aces raise 3 antes; street 2: with 4 antes out (1 + 3) raise 2; street 3: 3
    variant = load_variant("mississippi-stud")
    strategy = load_strategy_text(MISSISSIPPI_STREETS, variant)
    hand = Hand(variant, ["Ann"], 200, cards={"Ann": "Ac Ad", "community": "9h 2c 5d"})
    play_hand(hand, {"Ann": StrategyPolicy(strategy)})
    assert [e.amount for e in hand.events if e.type == "raise"] == [15, 10, 15]
    hand = Hand(variant, ["Bob"], 200, cards={"Bob": "7c 2d", "community": "9h 2c 5d"})
    play_hand(hand, {"Bob": StrategyPolicy(strategy)})
    assert [e.type for e in hand.events if e.player == "Bob"][-2:] == ["fold", "settle"]


def test_a_bot_stands_where_the_strategy_takes_the_wager_back():
    variant = load_variant("let-it-ride")
    strategy = load_strategy_text(
        "name: pull-then-ride\nstreets: [{rules: [{otherwise: stand}]}, {rules: [{otherwise: raise}]}]", variant
    )
    hand = Hand(variant, ["Ann"], 100, cards={"Ann": "Qc Qd 4s", "community": "9h 2c"})
    play_hand(hand, {"Ann": StrategyPolicy(strategy)})
    assert [e.type for e in hand.events if e.player == "Ann" and e.type in ("check", "raise")] == ["check", "raise"]


@pytest.mark.parametrize(
    "text, words, line",
    [
        # a key of three cards where Mississippi Stud decides first on two
        (
            "name: s\nstreets:\n  - rules:\n    - hands: {AKQ: fold}\n    - otherwise: raise\n"
            "  - rules: [{otherwise: raise}]\n  - rules: [{otherwise: raise}]\n",
            "the hand 'AKQ' has 3 card(s), but in mississippi-stud a player holds 2",
            4,
        ),
        # four antes is no raise of Mississippi Stud (one to three)
        ("name: s\nrules:\n  - otherwise: raise 4x\n", "'raise 4x': at decision 'third_street'", 3),
        # the rules of two decisions for a game of three
        (
            "name: s\nstreets: [{rules: [{otherwise: raise}]}, {rules: [{otherwise: raise}]}]\n",
            "gives the rules of 2 decisions, but in mississippi-stud a player decides 3",
            None,
        ),
    ],
)
def test_a_strategy_that_does_not_fit_the_game_is_a_located_error_at_load(text, words, line, tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SpecErrors) as info:
        load_strategy(path, load_variant("mississippi-stud"))
    assert words in str(info.value)
    if line is not None:
        assert any(e.location.line == line for e in info.value.errors), str(info.value)


def test_stand_is_refused_where_the_player_must_fold_or_raise(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text("name: s\nrules:\n  - when: hand >= pair\n    action: stand\n  - otherwise: fold\n")
    with pytest.raises(SpecErrors, match="may not go on without a wager") as info:
        load_strategy(path, load_variant("caribbean-stud-it"))
    assert info.value.errors[0].location.line == 3


def test_a_table_key_that_does_not_read_is_located_at_the_key(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text("name: s\nrules:\n  - hands:\n      AKQ: raise\n      AXQ: fold\n  - otherwise: fold\n")
    with pytest.raises(SpecErrors, match="'X' is no rank") as info:
        load_strategy(path)
    assert (info.value.errors[0].location.line, info.value.errors[0].location.column) == (5, 7)


def test_a_table_matches_the_cards_up_to_a_renaming_of_suits_and_ranks_alone_any_suits():
    strategy = load_strategy_text(
        'name: t\nrules:\n  - hands: {"AsKs / 9s": raise, "AK / 9": fold, "QQ": raise}\n  - otherwise: fold'
    )
    # suited ace-king with the up card of their suit, whichever suit: the suited entry
    assert strategy.decide("Ah Kh", "9h") == strategy.decide("Ac Kc", "9c") == "raise"
    # offsuit, or the up card of another suit: the ranks' entry
    assert strategy.decide("Ah Kd", "9h") == strategy.decide("Ah Kh", "9c") == "fold"
    assert strategy.decide("Qh Qd", "2c") == "raise" and strategy.decide("Jh Jd", "2c") == "fold"


def test_the_readme_strategy_of_several_streets_loads_for_mississippi_stud():
    import re
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    (block,) = [b for b in re.findall(r"```yaml\n(.*?)```", readme, re.S) if "\nstreets:" in b]
    strategy = load_strategy_text(block, load_variant("mississippi-stud"))  # (a whole file: its name too)
    assert strategy.decide("Ac Ad") == "raise 3x" and strategy.decide("Tc 7d 6d 5d", street=2, wagered=3) == "fold"
    assert strategy.decide("Tc 7d 6d 5d", street=2, wagered=4) == "raise 1x"


def test_the_strategy_schema_accepts_every_shipped_strategy_and_a_written_one_and_refuses_a_bad_action(tmp_path):
    import json
    from pathlib import Path

    import yaml
    from jsonschema import Draft202012Validator

    root = Path(__file__).resolve().parents[1]
    validator = Draft202012Validator(json.loads((root / "schemas/strategy.schema.json").read_text(encoding="utf-8")))
    files = sorted((root / "strategies").glob("*.yaml"))
    assert files
    for path in files:
        assert not list(validator.iter_errors(yaml.safe_load(path.read_text(encoding="utf-8")))), path
    text, _ = optimal_strategy_text(load_variant("three-card-poker"))
    assert not list(validator.iter_errors(yaml.safe_load(text)))
    assert list(validator.iter_errors({"name": "s", "rules": [{"otherwise": "raise 0x"}]}))
    assert list(validator.iter_errors({"name": "s", "rules": [{"otherwise": "call"}]}))


def test_a_written_optimal_play_is_named_with_the_options_it_was_worked_out_under():
    # the optimal play under another pay table is another strategy: its name says which
    import yaml

    from studrules.analysis.strategy_writer import optimal_strategy_text
    from studrules.spec.loader import load_variant

    text, _ = optimal_strategy_text(load_variant("three-card-poker", options={"pair_plus_table": "flush_3"}))
    assert yaml.safe_load(text)["name"] == "three-card-poker-optimal (pair_plus_table=flush_3)"
    text, _ = optimal_strategy_text(load_variant("three-card-poker"))
    assert yaml.safe_load(text)["name"] == "three-card-poker-optimal"


def test_a_table_in_rules_read_at_every_decision_takes_keys_of_the_size_of_any_of_them(tmp_path):
    # Mississippi Stud decides holding 2, 3 and 4 cards: "AKQJ" matches at the third decision
    # (it was refused, checked against the first alone); five cards match at none
    from studrules.errors import SpecErrors
    from studrules.spec.loader import load_variant
    from studrules.spec.strategies import load_strategy

    v = load_variant("mississippi-stud")
    ok = tmp_path / "ok.yaml"
    ok.write_text('name: s\nrules:\n  - hands: {"AA": raise 3x, "AKQJ": raise 3x}\n  - otherwise: fold\n')
    assert load_strategy(ok, v).name == "s"
    bad = tmp_path / "bad.yaml"
    bad.write_text('name: s\nrules:\n  - hands: {"AKQJT": raise}\n  - otherwise: fold\n')
    with pytest.raises(SpecErrors, match="'AKQJT' has 5 card.s., but in mississippi-stud a player holds 2, 3 or 4"):
        load_strategy(bad, v)
