"""A strategy file's ``game:``: the game it is written for.

``banked`` plays any game against the house whose cards fit; a variant's name (or a path to
its file) plays that game and the variants that extend it, and is refused elsewhere, with a
message at the file's ``game:`` that names both games. The shipped strategies written for
one game say so (the expected bindings are the games their files' comments name: the Wizard
of Odds' simple strategy is Caribbean Stud's, Q-6-4 is Three Card Poker's, and so on).
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from cli_support import run

from studrules.errors import SpecErrors
from studrules.spec.loader import load_variant, load_variant_text
from studrules.spec.strategies import load_strategy, load_strategy_text, shipped_strategies
from studrules.spec.strategy_game import shipped_strategy_games

BOUND = {
    "basic": "caribbean-stud-it",
    "four-card-poker-basic": "four-card-poker",
    "crazy-4-poker-basic": "crazy-4-poker",
    "double-down-stud-optimal": "double-down-stud",
    "dj-wild-basic": "dj-wild",
    "flush-rush-wizard": "flush-rush",
    "high-card-flush-mousseau": "high-card-flush",
    "let-it-ride-basic": "let-it-ride",
    "let-it-ride-optimal": "let-it-ride",
    "mississippi-stud-basic": "mississippi-stud",
    "mississippi-stud-optimal": "mississippi-stud",
    "queen-six-four": "three-card-poker",
}
GENERIC = ("ace-king-or-better", "fold", "pair-or-better", "raise")
BANKED = (
    "caribbean-stud-it",
    "crazy-4-poker",
    "double-down-stud",
    "flush-rush",
    "four-card-poker",
    "high-card-flush",
    "let-it-ride",
    "mississippi-stud",
    "three-card-poker",
)


def write(folder, name, text):
    path = folder / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def test_a_variant_s_lineage_is_its_name_then_each_variant_it_extends(tmp_path):
    assert load_variant("razz").lineage == ("razz", "seven-card-stud")  # variants/razz.yaml: extends: seven-card-stud
    assert load_variant("let-it-ride").lineage == ("let-it-ride",)
    write(tmp_path, "house-ride.yaml", "extends: let-it-ride\nname: house-ride\ntitle: Our Let It Ride\n")
    write(tmp_path, "late-ride.yaml", "extends: house-ride.yaml\nname: late-ride\n")
    assert load_variant(tmp_path / "late-ride.yaml").lineage == ("late-ride", "house-ride", "let-it-ride")


def test_the_lineage_follows_a_long_chain_of_names_and_survives_options_and_text():
    # each file's extends: read by hand from variants/catalogue (five files, then the shipped one)
    studugi = ("mississippi-studugi", "mississippi-stud-poker", "mississippi-stud-8", "7-card-stud-8", "7-card-stud")
    assert load_variant("variants/catalogue/mississippi-studugi.yaml").lineage == (*studugi, "seven-card-stud")
    # a house rule chosen lays its changes over the data: the chain read with extends stays
    baseball = load_variant("variants/house/baseball.yaml")
    other = next(c.name for c in baseball.options[0].choices if c.name != baseball.options[0].default)
    chosen = load_variant("variants/house/baseball.yaml", {baseball.options[0].name: other})
    assert chosen.chosen != baseball.chosen and chosen.lineage == ("baseball", "seven-card-stud")
    assert load_variant_text("extends: let-it-ride\nname: mine\n").lineage == ("mine", "let-it-ride")


def test_every_shipped_strategy_names_its_game():
    assert set(BOUND) | set(GENERIC) == set(shipped_strategies())
    games = shipped_strategy_games()
    assert {n: g for n, g in games.items() if g != "banked"} == BOUND
    for name in shipped_strategies():
        assert load_strategy(name).game == games[name]


@pytest.mark.parametrize("name", sorted(BOUND))
def test_a_strategy_for_one_game_plays_it_and_is_refused_by_the_others(name):
    game = BOUND[name]
    assert load_strategy(name, load_variant(game)).game == game
    for other in BANKED:
        if other == game:
            continue
        with pytest.raises(SpecErrors) as caught:
            load_strategy(name, load_variant(other))
        (error,) = caught.value.errors
        assert error.message.startswith(f"strategy '{name}' is for {game}, not {other}:")
        assert error.location.file.endswith(f"{name}.yaml") and error.location.line > 1  # at its game: line


@pytest.mark.parametrize("name", GENERIC)
def test_a_strategy_for_any_game_against_the_house_is_never_refused_for_its_game(name):
    for game in BANKED:
        try:
            assert load_strategy(name, load_variant(game)).game == "banked"
        except SpecErrors as err:  # its rules may not fit the game's cards or ranking: never its game
            assert all(" is for " not in e.message for e in err.errors), err
    # fold and raise read nothing: they play every game against the house
    for game in BANKED:
        if name in ("fold", "raise"):
            assert load_strategy(name, load_variant(game)).name == name


def test_a_variant_that_extends_the_game_plays_its_strategies(tmp_path):
    house = write(tmp_path, "house-tcp.yaml", "extends: three-card-poker\nname: house-tcp\ntitle: Ours\n")
    assert load_strategy("queen-six-four", load_variant(house)).name == "queen-six-four"
    # a copy that does not extend it is another game
    original = Path(load_variant("three-card-poker").file or "")
    text = original.read_text(encoding="utf-8").replace("name: three-card-poker", "name: copied-tcp")
    path = tmp_path / "copied-tcp.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SpecErrors, match="is for three-card-poker, not copied-tcp: .*'game: copied-tcp'"):
        load_strategy("queen-six-four", load_variant(path))


def test_game_may_be_a_path_to_a_variant_file_from_the_strategy_s_folder(tmp_path):
    (tmp_path / "games").mkdir()
    write(tmp_path / "games", "ours.yaml", "extends: three-card-poker\nname: ours\n")
    text = "name: ours-q64\ngame: games/ours.yaml\nrules: [{when: highest_card >= queen, action: raise}, {otherwise: fold}]\n"
    strategy_file = write(tmp_path, "ours-q64.yaml", text)
    assert load_strategy(strategy_file).game == "games/ours.yaml"
    assert load_strategy(strategy_file, load_variant(tmp_path / "games" / "ours.yaml")).name == "ours-q64"
    with pytest.raises(SpecErrors, match="is for ours, not three-card-poker"):
        load_strategy(strategy_file, load_variant("three-card-poker"))


def test_a_game_that_is_no_file_or_no_name_is_a_located_error(tmp_path):
    rules = "rules: [{otherwise: fold}]\n"
    missing = write(tmp_path, "a.yaml", f"name: a\ngame: nowhere/game.yaml\n{rules}")
    with pytest.raises(SpecErrors) as caught:
        load_strategy(missing)
    (error,) = caught.value.errors
    assert (error.location.line, error.location.column) == (2, 7)
    assert error.message.startswith("'game': no variant 'nowhere/game.yaml': no such file")
    with pytest.raises(SpecErrors, match="'game' is 'banked' .* or the variant the strategy is for"):
        load_strategy_text(f"name: b\ngame: 5\n{rules}")
    with pytest.raises(SpecErrors, match="'game' is 'banked'"):
        load_strategy_text(f"name: c\ngame: ''\n{rules}")
    # no variant is called so (a name is lowercase letters, digits and dashes, at most 60)
    for game in ("Three Card Poker", "x" * 61):
        with pytest.raises(SpecErrors, match="is no variant's name .* nor a path to a variant file"):
            load_strategy_text(f"name: d\ngame: {game}\n{rules}")


def test_a_misspelt_game_is_pointed_to_the_one_it_is_played_with():
    strategy = load_strategy_text("name: q\ngame: three-card-pokr\nrules: [{otherwise: fold}]\n")
    with pytest.raises(
        SpecErrors, match=r"is for three-card-pokr, not three-card-poker: .*did you mean 'game: three-card-poker'\?"
    ):
        strategy.check_fits(load_variant("three-card-poker"))


def test_a_misspelt_game_played_elsewhere_is_pointed_to_the_shipped_one(tmp_path, capsys):
    # 'mississipi-stud' (one p short) ships nowhere and is like mississippi-stud alone
    path = write(tmp_path, "mine.yaml", "name: mine\ngame: mississipi-stud\nrules: [{otherwise: fold}]\n")
    with pytest.raises(SpecErrors) as caught:
        load_strategy(str(path), load_variant("three-card-poker"))
    (error,) = caught.value.errors
    assert "is for mississipi-stud, not three-card-poker" in error.message
    assert "no variant 'mississipi-stud' ships: did you mean 'game: mississippi-stud'?" in error.message
    assert (error.location.line, error.location.column) == (2, 7)  # at the value of game:
    code, out, err = run(capsys, "analyze", "three-card-poker", "--strategy", str(path))
    assert code == 1 and not out and "Traceback" not in err
    assert "mine.yaml:2:7:" in err and "did you mean 'game: mississippi-stud'?" in err, err


def test_the_written_optimal_play_names_its_game(tmp_path, capsys):
    target = tmp_path / "tcp-optimal.yaml"
    code, _, err = run(capsys, "analyze", "three-card-poker", "--optimal", "--write", str(target))
    assert code == 0, err
    assert "\ngame: three-card-poker" in target.read_text(encoding="utf-8")
    assert load_strategy(target, load_variant("three-card-poker")).game == "three-card-poker"
    with pytest.raises(SpecErrors, match="is for three-card-poker, not caribbean-stud-it"):
        load_strategy(target, load_variant("caribbean-stud-it"))


def test_the_commands_refuse_a_strategy_for_another_game_where_it_is_written(capsys):
    for argv in (
        ("simulate", "let-it-ride", "--strategy", "queen-six-four", "-n", "100", "--workers", "1"),
        ("analyze", "let-it-ride", "--strategy", "queen-six-four"),
        ("play", "let-it-ride", "--bots", "strategy:queen-six-four", "--hands", "1", "--seed", "1"),
    ):
        code, out, err = run(capsys, *argv)
        assert code == 1, argv  # as every error in a file (studrules/cli/main.py)
        assert "Traceback" not in out + err
        assert "queen-six-four.yaml:18:7:" in err and "is for three-card-poker, not let-it-ride" in err, err


def test_list_strategies_gives_each_strategy_s_game(capsys):
    code, out, _ = run(capsys, "list", "--strategies")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["name", "game", "title"]
    row = next(line for line in lines if line.startswith("queen-six-four "))
    assert row.split()[1] == "three-card-poker"
    assert next(line for line in lines if line.startswith("fold ")).split()[1:4] == ["any", "against", "the"]
    code, out, _ = run(capsys, "list", "--strategies", "--json")
    rows = {r["name"]: r for r in json.loads(out)}
    assert rows["basic"]["game"] == "caribbean-stud-it" and rows["raise"]["game"] == "banked"
    assert rows["raise"]["title"] == "Always raise"


def test_the_strategy_help_names_each_strategy_s_game(capsys):
    code, out, _ = run(capsys, "simulate", "--help")
    assert code == 0
    flat = " ".join(out.split())
    assert "queen-six-four (three-card-poker)" in flat and "basic (caribbean-stud-it)" in flat
    assert "raise (any game against the house)" in flat


def test_an_unknown_game_name_is_no_error_until_played(tmp_path):
    # a game of one's own need not ship: the name is compared with the variant's lineage
    strategy = load_strategy_text("name: mine\ngame: my-own-game\nrules: [{otherwise: raise}]\n")
    write(tmp_path, "my-own-game.yaml", "extends: caribbean-stud-it\nname: my-own-game\n")
    assert strategy.check_fits(load_variant(tmp_path / "my-own-game.yaml")) is None
    with pytest.raises(SpecErrors, match="is for my-own-game, not caribbean-stud-it"):
        strategy.check_fits(load_variant("caribbean-stud-it"))


def test_validate_checks_a_strategy_file_against_the_game_it_names(tmp_path, capsys):
    shipped = sorted((Path(__file__).resolve().parents[1] / "strategies").glob("*.yaml"))
    code, out, _ = run(capsys, "validate", *map(str, shipped))
    assert code == 0, out
    lines = dict(line.split(" (a strategy for ") for line in out.splitlines())
    assert lines[f"ok {shipped[[p.stem for p in shipped].index('queen-six-four')]}"] == "three-card-poker)"
    assert lines[f"ok {shipped[[p.stem for p in shipped].index('fold')]}"] == "any game against the house)"
    # its game's cards: Mississippi Stud decides first on two, and the rule reads a third
    bad = write(
        tmp_path,
        "third.yaml",
        "name: third\ngame: mississippi-stud\nrules:\n  - when: third_card >= queen\n    action: raise\n  - otherwise: fold\n",
    )
    code, out, _ = run(capsys, "validate", str(bad))
    assert code == 1
    assert out.strip().endswith(
        "third.yaml:4:11: rules[0].when: 'third_card' reads the player's card number 3, but in mississippi-stud a"
        " player holds 2 at a decision"
    )


def test_validate_takes_a_shipped_strategy_s_name_and_another_game(capsys):
    code, out, _ = run(capsys, "validate", "fold", "queen-six-four", "--variant", "let-it-ride", "--json")
    assert code == 1
    fold, q64 = json.loads(out)
    assert (fold["kind"], fold["valid"]) == ("strategy", True)
    assert (q64["kind"], q64["valid"]) == ("strategy", False)
    (error,) = q64["errors"]
    assert (error["line"], error["column"]) == (18, 7)
    assert error["message"].startswith("strategy 'queen-six-four' is for three-card-poker, not let-it-ride")


def test_validate_says_a_strategy_for_a_game_that_does_not_ship_is_checked_alone(tmp_path, capsys):
    mine = write(tmp_path, "mine.yaml", "name: mine\ngame: my-own-game\nrules: [{otherwise: raise}]\n")
    code, out, _ = run(capsys, "validate", str(mine))
    assert code == 0
    assert (
        out.strip()
        == f"ok {mine} (a strategy for my-own-game, which does not ship: give --variant FILE to check it against its file)"
    )
    broken = write(
        tmp_path, "broken.yaml", "name: broken\nrules: [{when: hnd >= pair, action: raise}, {otherwise: fold}]\n"
    )
    code, out, _ = run(capsys, "validate", str(broken))
    assert code == 1 and "broken.yaml:2:16: rules[0].when: unknown name 'hnd': did you mean 'hand'?" in out


def test_a_session_checks_the_named_strategy_against_each_game_before_a_hand(capsys):
    # the bots' strategy meets Caribbean Stud, then Three Card Poker: refused before the first hand
    argv = ("session", "--variants", "caribbean-stud-it,three-card-poker", "--bots-only", "-n", "2", "--seed", "1")
    code, out, err = run(capsys, *argv, "--bots", "strategy:basic")
    assert code == 1 and not out
    assert "basic.yaml:25:7: game: strategy 'basic' is for caribbean-stud-it, not three-card-poker" in err
    # one for any game against the house plays each game in its ranking (it valued Three Card
    # Poker's three cards as a five-card hand and stopped: "a hand to evaluate has 5 to 9 cards")
    code, out, err = run(capsys, *argv, "--bots", "strategy:pair-or-better")
    assert code == 0, err
    assert "Session over after 2 hands" in out and "Three Card Poker" in out
    # whose rules read five cards, where Let It Ride decides on three: refused before the first hand
    argv = ("session", "--variants", "caribbean-stud-it,let-it-ride", "--bots-only", "-n", "2", "--seed", "1")
    code, out, err = run(capsys, *argv, "--bots", "strategy:pair-or-better")
    assert code == 1 and not out
    assert "pair-or-better.yaml:6:11: rules[0].when: 'hand' reads the player's best 5 cards, but in let-it-ride" in err


def test_a_strategy_loaded_alone_reads_its_games_hands_in_that_games_ranking(tmp_path):
    # high-card-flush-mousseau names four_card_flush, a hand of the longest_flush ranking
    # (variants/high-card-flush.yaml's deck), which the high ranking has not
    alone = load_strategy("high-card-flush-mousseau")
    assert alone.ranking == "longest_flush"
    assert alone.decide("6d 5d 4d 3d Ah Kh 8c") == "raise 3x" and alone.decide("Ts 7s 5s Ad Kh Qc 2d") == "fold"
    # a game that is only a name (no file) leaves the high ranking: its names are read there
    mine = load_strategy_text(
        "name: mine\ngame: my-own-game\nrules: [{when: hand >= pair, action: raise}, {otherwise: fold}]\n"
    )
    assert mine.ranking == "high"
    with pytest.raises(SpecErrors, match="unknown name 'four_card_flush'"):
        load_strategy_text(
            "name: m\ngame: my-own-game\nrules: [{when: hand >= four_card_flush, action: raise}, {otherwise: fold}]\n"
        )


def test_a_game_file_that_is_no_variant_binds_the_strategy_to_no_game_and_is_named_not_quoted(tmp_path):
    # a broken sec/let-it-ride.yaml once bound the strategy to the shipped let-it-ride by its stem
    from studrules.errors import SpecErrors
    from studrules.spec.loader import load_variant
    from studrules.spec.strategies import load_strategy

    (tmp_path / "sec").mkdir()
    (tmp_path / "sec" / "let-it-ride.yaml").write_text("password: hunter2\n", encoding="utf-8")
    strategy = tmp_path / "s.yaml"
    strategy.write_text("name: s\ngame: sec/let-it-ride.yaml\nrules:\n  - otherwise: stand\n", encoding="utf-8")
    with pytest.raises(SpecErrors) as err:
        load_strategy(strategy, load_variant("let-it-ride"))
    said = str(err.value)
    assert "sec/let-it-ride.yaml is not a variant studrules can load" in said and "hunter2" not in said
