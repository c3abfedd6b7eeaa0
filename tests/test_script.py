"""Hand scripts: reading, located errors, the output's shape."""

from __future__ import annotations

import json

import pytest

from studrules.errors import IllegalActionError, ScriptError
from studrules.records.script import load_script, play_script

BASE = """\
variant: five-card-stud-fr
players: [Ann, Bob]
stacks: 100
cards: {Ann: [Kd, 9c], Bob: [Qs, 2c]}
seed: 1
"""


def write(tmp_path, text: str, name: str = "hand.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_output_has_events_next_and_result(tmp_path) -> None:
    out = play_script(write(tmp_path, BASE + "actions: [Bob bring-in]\n"))
    assert set(out) == {"events", "next", "result"}
    assert out["result"] is None
    assert out["next"] == {
        "player": "Ann",
        "legal": [{"action": "fold"}, {"action": "call", "amount": 5}, {"action": "complete", "to": [10]}],
    }
    assert out["events"][-1] == {"type": "bring_in", "player": "Bob", "round": 1, "amount": 5, "to": 5}


def test_json_scripts_work_too(tmp_path) -> None:
    data = {
        "variant": "five-card-stud-fr",
        "players": ["Ann", "Bob"],
        "stacks": [100, 50],
        "cards": {"Ann": ["Kd", "9c"], "Bob": ["Qs", "2c"]},
        "actions": ["Bob bring-in", "Ann fold"],
    }
    out = play_script(write(tmp_path, json.dumps(data), "hand.json"))
    assert out["next"] is None and out["result"]["stacks"] == {"Ann": 95, "Bob": 55}


def test_illegal_action_names_number_player_and_legal(tmp_path) -> None:
    path = write(tmp_path, BASE + "actions:\n  - Bob bring-in\n  - Ann raise 30\n")
    with pytest.raises(IllegalActionError) as info:
        play_script(path)
    text = str(info.value)
    assert "action 2 (Ann raise 30)" in text and "call 5" in text and "complete to 10" in text
    assert f"{path}:8:5" in text


def test_out_of_turn_action(tmp_path) -> None:
    with pytest.raises(IllegalActionError, match="action 1 .*it is Bob's turn, not Ann's"):
        play_script(write(tmp_path, BASE + "actions: [Ann call]\n"))


@pytest.mark.parametrize(
    "text, where, words",
    [
        ("players: [Ann]\n", None, "needs 'variant'"),
        (BASE + "actoins: []\n", ":6:1", "did you mean 'actions'"),
        (BASE + "actions: [Bob jump]\n", ":6:11", "action 1: 'Bob jump': unknown action"),
        (BASE.replace("9c", "9x"), ":4:19", "'9x' is not a card"),
        (BASE + "actions: Bob fold\n", ":6:10", "'actions' is a list"),
        (BASE.replace("stacks: 100", "stacks: lots"), ":3:9", "'stacks' is a number"),
    ],
)
def test_malformed_scripts_are_located(tmp_path, text, where, words) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ScriptError) as info:
        play_script(path)
    assert words in str(info.value)
    if where:
        assert f"{path}{where}" in str(info.value)


def test_player_not_in_cards_is_an_error(tmp_path) -> None:
    with pytest.raises(ScriptError, match="not a player"):
        play_script(write(tmp_path, BASE.replace("Bob: [Qs, 2c]", "Zed: [Qs, 2c]")))


def test_load_script_keeps_expectations(tmp_path) -> None:
    script = load_script(write(tmp_path, BASE + "expect: {next: null}\n"))
    assert script.expect == {"next": None} and script.seed == 1


@pytest.mark.parametrize("given", ["nosuch.yaml", "games/nosuch.yaml", "nosuch"])
def test_a_script_path_to_no_file_is_said_to_be_no_such_file(tmp_path, monkeypatch, given):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ScriptError) as err:
        play_script(given)
    assert str(err.value) == f"no such file '{given}' (a hand script is a mapping, a file's path, or YAML text)"


@pytest.mark.parametrize("seed", ["-5", "2.5", "true"])
def test_a_scripts_seed_is_a_whole_number_from_0_as_every_commands_is(tmp_path, seed):
    # -5 once dealt as 5 did: two seeds for one deal, where the command line refuses -5
    path = write(tmp_path, BASE.replace("seed: 1", f"seed: {seed}"))
    with pytest.raises(ScriptError, match="'seed' is a whole number from 0") as err:
        load_script(path)
    assert err.value.location.line is not None


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ("{open_fold: bogus}", "options.open_fold: option 'open_fold' has no choice 'bogus'"),
        ("{open_fol: x}", "options.open_fol: unknown option 'open_fol': did you mean 'open_fold'?"),
    ],
)
def test_an_option_the_script_gets_wrong_is_said_at_the_scripts_own_line(tmp_path, options, said):
    # (it was said against the shipped variant's file, with no line of the script)
    from studrules.records.script import run_script

    path = write(tmp_path, BASE + f"options: {options}\n")
    with pytest.raises(ScriptError) as err:
        run_script(path)
    assert str(err.value).startswith(f"{path}:6:") and said in str(err.value)


def test_a_script_file_of_another_kind_is_named_and_never_read(tmp_path, monkeypatch):
    # an audit's finding: play_script read any file and quoted it ("cfg.txt:1:11: password:
    # unknown field"), and said a file with no suffix did not exist
    from studrules.errors import ScriptError
    from studrules.records.script import play_script

    monkeypatch.chdir(tmp_path)
    (tmp_path / "cfg.txt").write_text("password: hunter2\n")
    (tmp_path / "notes").write_text("password: hunter2\n")
    for given in ("cfg.txt", tmp_path / "cfg.txt", "notes"):
        with pytest.raises(ScriptError) as err:
            play_script(given)
        assert "is not a hand script file: its name must end in .yaml, .yml or .json" in str(err.value)
        assert "hunter2" not in str(err.value) and "password" not in str(err.value)
