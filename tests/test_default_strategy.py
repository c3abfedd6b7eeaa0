"""simulate and analyze play a shipped strategy that fits the game when no --strategy is given.

The default used to be ``basic`` (written for Caribbean stud) whatever the
game, so ``studrules simulate three-card-poker`` failed with errors located in
strategies/basic.yaml. Now the strategy the game's file names (``strategy:``)
plays, else the first shipped strategy, by name, that fits the game (one that
plays every hand alike, raise or fold, only when no other fits), and the
command names it.
"""

from __future__ import annotations

import json
import shutil

import pytest

import studrules.spec.strategies as strategies
from studrules.cli.main import main
from studrules.spec.resources import strategies_dir
from studrules.spec.strategy_fit import plays_alike

# Each shipped game against the house and the strategy that must be chosen for it, by hand:
# - every shipped game names its own (basic, queen-six-four, four-card-poker-basic: published
#   strategies, their house edges in the README; Let It Ride's and Mississippi Stud's optimal
#   play, as analyze --optimal --write wrote it);
# - a game that names none gets the first that fits, by name: below, Let It Ride without its
#   line skips ace-king-or-better and basic (they read 'hand' or 'ace_king', hands of five, and
#   the player holds 3 cards at the first decision), passes over fold (it plays every hand
#   alike) and gets let-it-ride-optimal, whose tables are of its hands.
EXPECTED = {
    "caribbean-stud-it": "basic",
    "three-card-poker": "queen-six-four",
    "three-card-poker-6-card-bonus": "queen-six-four",
    "four-card-poker": "four-card-poker-basic",
    "crazy-4-poker": "crazy-4-poker-basic",
    "double-down-stud": "double-down-stud-optimal",
    "high-card-flush": "high-card-flush-mousseau",
    "flush-rush": "flush-rush-wizard",
    "let-it-ride": "let-it-ride-optimal",
    "mississippi-stud": "mississippi-stud-optimal",
    "dj-wild": "dj-wild-basic",
}
NAMED_BY_THE_FILE = set(EXPECTED)


def _why(name: str) -> str:
    chosen = EXPECTED[name]
    if name in NAMED_BY_THE_FILE:
        return f"strategy: {chosen}, the one {name} names"
    return f"strategy: {chosen}, the first shipped strategy that fits {name}"


# analyze's exact counts of Four Card Poker, Caribbean and Mississippi stud take 5 to 20 s: the soak
# run covers them (as tests/test_simulate_agrees_with_analyze.py does)
SLOW_TO_COUNT = {
    "four-card-poker",
    "crazy-4-poker",
    "double-down-stud",
    "caribbean-stud-it",
    "mississippi-stud",
    "let-it-ride",
    "high-card-flush",
    "flush-rush",
    "dj-wild",
}  # (4-10 s each: soak; high-card-flush some 30 s)
# games analyze does not count (it says why: tests/test_simulate_agrees_with_analyze.py)
NOT_COUNTED: set[str] = set()


def _banked(capsys) -> set[str]:
    assert main(["list", "--json"]) == 0
    return {v["name"] for v in json.loads(capsys.readouterr().out) if v["kind"] == "banked"}


def test_every_shipped_banked_game_has_its_expected_default(capsys):
    assert _banked(capsys) == set(EXPECTED)


def test_a_strategy_that_plays_every_hand_alike_is_chosen_only_when_no_other_fits(tmp_path, monkeypatch, capsys):
    # Let It Ride without its strategy: line; shipped: basic (it does not fit: three cards at
    # the first decision), fold and raise (both fit, both play every hand alike): fold, by name
    assert [plays_alike(strategies.load_strategy(n)) for n in ("basic", "fold", "raise")] == [False, True, True]
    text = (strategies_dir().parent / "variants" / "let-it-ride.yaml").read_text()
    bare = tmp_path / "bare-ride.yaml"
    bare.write_text("\n".join(line for line in text.splitlines() if not line.startswith("strategy:")) + "\n")
    (tmp_path / "shipped").mkdir()
    for name in ("basic", "fold", "raise"):
        shutil.copy(strategies_dir() / f"{name}.yaml", tmp_path / "shipped" / f"{name}.yaml")
    monkeypatch.setattr(strategies, "strategies_dir", lambda: tmp_path / "shipped")
    assert main(["simulate", str(bare), "-n", "10", "--workers", "1"]) == 0
    assert "strategy: fold, the first shipped strategy that fits let-it-ride" in capsys.readouterr().err


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_simulate_with_no_strategy_plays_the_first_that_fits_and_names_it(name, capsys):
    assert main(["simulate", name, "-n", "300", "--seed", "2", "--workers", "1"]) == 0
    out, err = capsys.readouterr()
    chosen = EXPECTED[name]
    assert out.splitlines()[0] == f"{name}, strategy {chosen}: 300 hands, seed 2"
    assert _why(name) in err
    assert "Traceback" not in err and "basic.yaml" not in err


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_simulate_with_no_strategy_plays_as_with_that_strategy_named(name, capsys):
    args = ["simulate", name, "-n", "300", "--seed", "3", "--workers", "1", "--json"]
    assert main(args) == 0
    default = json.loads(capsys.readouterr().out)
    assert main([*args, "--strategy", EXPECTED[name]]) == 0
    named, err = capsys.readouterr()
    named = json.loads(named)
    assert default["strategy"] == EXPECTED[name] and err == ""  # a named strategy: no note
    for key in ("house_edge", "ci95", "raise_rate", "mean_net", "by_hand"):
        assert default[key] == named[key], key


def _analyze_cases():
    for name in sorted(set(EXPECTED) - NOT_COUNTED):
        marks = [pytest.mark.soak] if name in SLOW_TO_COUNT else []
        yield pytest.param(name, marks=marks)


@pytest.mark.parametrize("name", list(_analyze_cases()))
def test_analyze_with_no_strategy_counts_the_first_that_fits_and_names_it(name, capsys):
    assert main(["analyze", name, "--json"]) == 0
    out, err = capsys.readouterr()
    default = json.loads(out)
    chosen = EXPECTED[name]
    assert default["strategy"] == chosen
    assert _why(name) in err
    assert 0 < default["house_edge"] < 2 and default["deals"] > 0


def test_analyze_with_no_strategy_counts_as_with_that_strategy_named(capsys):
    # three-card-poker: queen-six-four (the count takes a fraction of a second)
    assert main(["analyze", "three-card-poker"]) == 0
    default = capsys.readouterr().out
    assert default.splitlines()[0] == "three-card-poker, strategy queen-six-four: exact, over 407,170,400 deals"
    assert main(["analyze", "three-card-poker", "--strategy", "queen-six-four"]) == 0
    named, err = capsys.readouterr()
    assert named == default and err == ""


def test_analyze_optimal_still_needs_no_strategy(capsys):
    assert main(["analyze", "three-card-poker", "--optimal", "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["strategy"] != "queen-six-four" and err == ""


@pytest.mark.parametrize("command", ["simulate", "analyze"])
def test_when_no_shipped_strategy_fits_one_line_says_so(command, tmp_path, monkeypatch, capsys):
    # Let It Ride without its strategy: line, and only basic ships (a copy): basic does not fit
    # it (three cards at the first decision)
    text = (strategies_dir().parent / "variants" / "let-it-ride.yaml").read_text()
    bare = tmp_path / "bare-ride.yaml"
    bare.write_text("\n".join(line for line in text.splitlines() if not line.startswith("strategy:")) + "\n")
    (tmp_path / "shipped").mkdir()
    shutil.copy(strategies_dir() / "basic.yaml", tmp_path / "shipped" / "basic.yaml")
    monkeypatch.setattr(strategies, "strategies_dir", lambda: tmp_path / "shipped")
    hands = ["-n", "10"] if command == "simulate" else []
    assert main([command, str(bare), *hands]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines() == [
        "studrules: no shipped strategy fits let-it-ride: write one for it and give --strategy FILE (tried basic)"
    ]


def test_the_strategy_a_file_names_is_checked(tmp_path, capsys):
    from studrules.errors import SpecErrors
    from studrules.spec.loader import load_variant, load_variant_text
    from studrules.spec.resources import variants_dir

    text = (variants_dir() / "three-card-poker.yaml").read_text()
    with pytest.raises(SpecErrors, match="no shipped strategy 'no-such-one'; shipped strategies: ace-king-or-better"):
        load_variant_text(text.replace("strategy: queen-six-four", "strategy: no-such-one"))
    # a misspelt one: the closest shipped name
    with pytest.raises(SpecErrors, match="no shipped strategy 'queen-six-for': did you mean 'queen-six-four'[?]$"):
        load_variant_text(text.replace("strategy: queen-six-four", "strategy: queen-six-for"))
    pot = (variants_dir() / "seven-card-stud.yaml").read_text().replace("kind: pot\n", "kind: pot\nstrategy: basic\n")
    with pytest.raises(SpecErrors, match="'strategy' is the strategy of a game against the house; this is a pot game"):
        load_variant_text(pot)
    # a file naming a shipped strategy that does not fit it: said when it is played, in one line
    path = tmp_path / "ride.yaml"
    path.write_text("extends: let-it-ride\nname: ride\nstrategy: basic\n")
    assert load_variant(path).strategy == "basic"
    assert main(["simulate", str(path), "-n", "10"]) == 1
    err = capsys.readouterr().err
    assert "basic" in err and "Traceback" not in err


@pytest.mark.parametrize("command", ["simulate", "analyze"])
def test_a_pot_game_with_no_strategy_is_refused_in_one_line(command, capsys):
    assert main([command, "seven-card-stud"]) == 1
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "pot game" in err and "Traceback" not in err


def test_a_game_naming_no_strategy_gets_the_first_that_fits(tmp_path, capsys):
    path = tmp_path / "ride.yaml"
    path.write_text("extends: let-it-ride\nname: ride\n")  # its base's strategy: line is its own
    from studrules.spec.loader import load_variant

    assert load_variant(path).strategy == "let-it-ride-optimal"  # (a file extending it keeps the line)
    text = (strategies_dir().parent / "variants" / "let-it-ride.yaml").read_text()
    bare = tmp_path / "bare-ride.yaml"
    bare.write_text("\n".join(line for line in text.splitlines() if not line.startswith("strategy:")) + "\n")
    assert main(["simulate", str(bare), "-n", "300", "--seed", "2", "--workers", "1"]) == 0
    err = capsys.readouterr().err
    assert "strategy: let-it-ride-basic, the first shipped strategy that fits let-it-ride" in err  # (by name)


@pytest.mark.parametrize(
    "game, published",
    # the Wizard of Odds; Shackleford (each game's two exact counts take 5-8 s: soak)
    [
        pytest.param("let-it-ride", 3.51, marks=pytest.mark.soak),
        pytest.param("mississippi-stud", 4.91, marks=pytest.mark.soak),
    ],
)
def test_the_shipped_optimal_tables_lose_what_the_published_optimal_play_loses(game, published, capsys):
    # the file's own strategy, counted exactly, against the published optimal house edge (two
    # decimals) and against analyze --optimal, which works the optimal play out afresh
    assert main(["analyze", game, "--json"]) == 0
    shipped = json.loads(capsys.readouterr().out)
    assert shipped["strategy"] == f"{game}-optimal"
    assert round(100 * shipped["house_edge"], 2) == published  # (the JSON's edge: a fraction of the ante)
    assert main(["analyze", game, "--optimal", "--json"]) == 0
    optimal = json.loads(capsys.readouterr().out)
    assert abs(shipped["house_edge"] - optimal["house_edge"]) < 1e-9


def test_the_strategy_a_file_names_is_said_to_be_for_its_default_rules_under_another_option(capsys):
    # an audit's finding: Mississippi Stud's own optimal play, worked out for the standard pay
    # table, was named with another table as though it were that table's optimal play
    args = ["simulate", "mississippi-stud", "-n", "200", "--seed", "2", "--workers", "1"]
    assert main([*args, "--option", "pay_table=straight_pays_5"]) == 0
    err = capsys.readouterr().err
    assert (
        "the file names it for its default rules, not for pay_table=straight_pays_5: 'studrules analyze "
        "mississippi-stud --option pay_table=straight_pays_5 --optimal' finds the best play under them"
    ) in err
    assert main([*args, "--option", "pay_table=standard"]) == 0  # the default, named: nothing more to say
    assert "default rules" not in capsys.readouterr().err
