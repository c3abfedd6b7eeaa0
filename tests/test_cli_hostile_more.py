"""Hostile input, a second audit's findings: amounts the stakes multiply past the bound of
chips, outputs that are the command's own inputs under another name, a history whose last
line was cut off, PHH records that deal more cards than a deck holds, text a terminal would
act on, and messages that repeat a huge input. Each is refused with a located message and
changes nothing."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from cli_support import run

from studrules import load_variant
from studrules.errors import ArgumentError, CardError, SpecErrors
from studrules.game.hand import Hand
from studrules.spec.loader import load_variant_text

ROOT = Path(__file__).resolve().parent.parent
MOST = 999_999_999  # the most chips any amount may be: as for a stake


def _file(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# --- amounts the stakes work out past the bound ------------------------------------------


BIG_RAISE = """name: big-raise
extends: three-card-poker
steps:
  - decision: {id: play, raise: ante * 999999999}
"""


def test_a_raise_the_stakes_multiply_past_the_bound_is_refused_where_it_is_written(tmp_path, capsys):
    path = _file(tmp_path, "big-raise.yaml", BIG_RAISE)
    code, out, err = run(capsys, "validate", str(path))
    # three-card-poker's ante is 10 (its file): 10 x 999,999,999 = 9,999,999,990
    assert code == 1 and f"{path}:4:33: steps[play].decision.raise:" in out + err
    assert "works out to 9,999,999,990 chips with the stakes (ante 10): an amount is at most 999,999,999" in out + err
    for command in (["simulate", "-n", "100"], ["analyze"]):
        code, _, err = run(capsys, *command, str(path))
        assert code == 1 and "an amount is at most 999,999,999" in err and "Traceback" not in err


def test_an_amount_at_the_bound_is_played_and_one_chip_more_is_refused():
    # three-card-poker's ante is 10: 10 x 99,999,999 + 9 = 999,999,999
    at = "name: at\nextends: three-card-poker\nsteps:\n  - decision: {id: play, raise: ante * 99999999 + 9}\n"
    assert load_variant_text(at).step("play").raise_amount({"ante": 10}) == MOST
    with pytest.raises(SpecErrors, match="works out to 1,000,000,000 chips"):
        load_variant_text(at.replace("+ 9", "+ 10"))


def test_a_stake_given_on_the_command_line_that_multiplies_past_the_bound_is_refused(tmp_path, capsys):
    text = "name: small\nextends: three-card-poker\nsteps:\n  - decision: {id: play, raise: ante * 1000}\n"
    path = _file(tmp_path, "small.yaml", text)
    assert run(capsys, "validate", str(path))[0] == 0  # ante 10: a raise of 10,000
    code, _, err = run(capsys, "simulate", "-n", "100", str(path), "--stake", "ante=1000000")
    assert code == 1 and "with --stake ante=1000000" in err
    assert "works out to 1,000,000,000 chips with the stakes (ante 1,000,000)" in err


def test_a_hand_given_stakes_that_multiply_past_the_bound_is_refused_before_a_card_is_dealt(tmp_path):
    text = "name: small\nextends: three-card-poker\nsteps:\n  - decision: {id: play, raise: ante * 1000}\n"
    variant = load_variant(_file(tmp_path, "small.yaml", text))
    with pytest.raises(ArgumentError, match="the raise 'ante \\* 1000' works out to 1,000,000,000 chips"):
        Hand(variant, ["Ann"], 10**10, stakes={"ante": 1_000_000})
    assert Hand(variant, ["Ann"], 10**10, stakes={"ante": 100}).stacks  # the table's most: a raise of 100,000


def test_a_bet_of_a_pot_game_past_the_bound_is_refused_and_its_rule_book_not_printed(tmp_path, capsys):
    text = (
        "name: huge\nextends: five-card-stud\nsteps:\n"
        "  - betting: {id: round-1, bet: low_limit * 999999999 * 999999999}\n"
    )
    path = _file(tmp_path, "huge.yaml", text)
    code, out, err = run(capsys, "explain", str(path))
    assert code == 1 and "steps[round-1].betting.bet: the bet" in err and "complete to" not in out


# --- outputs that are the command's inputs under another name ----------------------------


def test_history_and_phh_naming_one_new_file_are_refused_before_a_hand(tmp_path, capsys, monkeypatch):
    same = tmp_path / "same.jsonl"
    argv = ["play", "seven-card-stud", "--bots-only", "-n", "1", "--history", str(same), "--phh", str(same)]
    code, _, err = run(capsys, *argv)
    assert code == 1 and "that is a file this command also uses" in err and not same.exists()
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, *argv[:-3], "./x.jsonl", "--phh", "x.jsonl")
    assert code == 1 and "--phh x.jsonl: that is a file this command also uses" in err


@pytest.mark.parametrize("link", ["symbolic", "hard"])
def test_a_forced_history_through_a_link_to_the_variant_is_refused(tmp_path, capsys, link):
    original = (ROOT / "variants" / "seven-card-stud.yaml").read_text(encoding="utf-8")
    variant = _file(tmp_path, "s7.yaml", original)
    history = tmp_path / "v.jsonl"
    if link == "symbolic":
        history.symlink_to(variant.name)
    else:
        os.link(variant, history)
    code, _, err = run(capsys, "play", str(variant), "--bots-only", "-n", "1", "--history", str(history), "--force")
    assert code == 1 and f"--history {history}: that is a file this command also uses" in err
    assert variant.read_text(encoding="utf-8") == original


def test_a_forced_output_is_never_written_over_the_file_a_variant_extends(tmp_path, capsys, monkeypatch):
    # the base a variant is built on is read too: diff's page, analyze's strategy and play's PHH
    # refuse it even with --force (they replaced it, and every later load of the child failed)
    monkeypatch.chdir(tmp_path)
    original = (ROOT / "variants" / "three-card-poker.yaml").read_text(encoding="utf-8")
    base = _file(tmp_path, "base.yaml", original.replace("name: three-card-poker", "name: base", 1))
    _file(tmp_path, "child.yaml", "name: child\nextends: base.yaml\n")
    before = base.read_text(encoding="utf-8")
    for argv in (
        ["diff", "child.yaml", "razz", "--html", "base.yaml", "--force"],
        ["analyze", "child.yaml", "--optimal", "--write", "base.yaml", "--force"],
        ["diff", "seven-card-stud-hi-lo", "razz", "--html", str(ROOT / "variants" / "seven-card-stud.yaml"), "--force"],
    ):
        code, _, err = run(capsys, *argv)
        assert code == 1 and "that is a file this command also uses" in err, argv
    assert base.read_text(encoding="utf-8") == before
    seven = (ROOT / "variants" / "seven-card-stud.yaml").read_text(encoding="utf-8")
    base7 = _file(tmp_path, "base7.yaml", seven.replace("name: seven-card-stud", "name: base7", 1))
    _file(tmp_path, "child7.yaml", "name: child7\nextends: base7.yaml\n")
    argv = ["play", "child7.yaml", "--bots-only", "-n", "1", "--history", "h.jsonl", "--phh"]
    code, _, err = run(capsys, *argv, "base7.yaml", "--force")
    assert code == 1 and "--phh base7.yaml: that is a file this command also uses" in err
    assert base7.read_text(encoding="utf-8").startswith(seven.split("\n", 1)[0]) and not Path("h.jsonl").exists()
    code, _, err = run(capsys, *argv, "hands.txt")  # (play's PHH is named as export-phh's is)
    assert code == 2 and "--phh hands.txt: a PHH file's name ends in .phh" in err and not Path("hands.txt").exists()


def test_a_forced_strategy_is_never_written_over_the_variant_it_is_worked_out_for(tmp_path, capsys):
    original = (ROOT / "variants" / "three-card-poker.yaml").read_text(encoding="utf-8")
    variant = _file(tmp_path, "tcp.yaml", original)
    code, _, err = run(capsys, "analyze", "--optimal", str(variant), "--write", str(variant), "--force")
    assert code == 1 and "that is a file this command also uses" in err
    assert variant.read_text(encoding="utf-8") == original


def test_append_refuses_a_history_whose_last_line_was_cut_off(tmp_path, capsys):
    whole = tmp_path / "whole.jsonl"
    assert run(capsys, "play", "razz", "--bots-only", "-n", "2", "--seed", "2", "--history", str(whole))[0] == 0
    text = whole.read_text(encoding="utf-8")
    cut = _file(tmp_path, "cut.jsonl", text[:-50])  # the second hand's line lost its end
    code, _, err = run(capsys, "play", "razz", "--bots-only", "-n", "1", "--history", str(cut), "--append")
    assert code == 1 and "its last line is cut off" in err
    assert cut.read_text(encoding="utf-8") == text[:-50]
    assert run(capsys, "play", "razz", "--bots-only", "-n", "1", "--history", str(whole), "--append")[0] == 0
    assert len(whole.read_text(encoding="utf-8").splitlines()) == 3


def test_append_continues_a_history_whose_last_record_only_lacks_its_newline(tmp_path, capsys):
    # a whole record without the final newline (an editor that strips it): appending adds
    # the newline first, and both hands replay (it was refused as "cut off")
    whole = tmp_path / "whole.jsonl"
    assert run(capsys, "play", "razz", "--bots-only", "-n", "1", "--seed", "2", "--history", str(whole))[0] == 0
    bare = _file(tmp_path, "bare.jsonl", whole.read_text(encoding="utf-8").rstrip("\n"))
    code, out, err = run(capsys, "play", "razz", "--bots-only", "-n", "1", "--history", str(bare), "--append")
    assert code == 0 and len(bare.read_text(encoding="utf-8").splitlines()) == 2
    # (an audit's finding: "history saved to ... (1 hand)" read as the file's whole count)
    assert f"history added to the end of {bare} (1 hand)" in out + err
    code, out, _ = run(capsys, "replay", str(bare))
    assert code == 0 and out.count("-- result") == 2


def test_validate_reads_a_large_strategy_as_simulate_does(tmp_path, capsys):
    # 300 KB: beyond a variant's 250,000 bytes, within a strategy's 4,000,000 (simulate ran it,
    # validate refused it); a variant that large is still told its size
    pad = "\n# " + "x" * 300_000 + "\n"
    strategy = _file(tmp_path, "big.yaml", (ROOT / "strategies" / "basic.yaml").read_text(encoding="utf-8") + pad)
    code, out, _ = run(capsys, "validate", str(strategy))
    assert code == 0 and "(a strategy for caribbean-stud-it)" in out
    variant = _file(tmp_path, "bigv.yaml", (ROOT / "variants" / "razz.yaml").read_text(encoding="utf-8") + pad)
    code, out, err = run(capsys, "validate", str(variant))
    assert code == 1 and "the file is larger than 250,000 bytes" in out + err


def test_a_variant_or_strategy_given_as_a_script_and_a_script_given_as_a_strategy_are_named(tmp_path, capsys):
    variant = _file(tmp_path, "r.yaml", (ROOT / "variants" / "razz.yaml").read_text(encoding="utf-8"))
    code, _, err = run(capsys, "replay", str(variant))
    assert code == 1 and "this is a variant file (it has 'steps'), not a hand script" in err
    assert f"'studrules play {variant}' plays it" in err
    code, _, err = run(capsys, "replay", str(ROOT / "strategies" / "basic.yaml"))
    assert code == 1 and "this is a strategy file (it has 'rules'), not a hand script" in err
    script = _file(tmp_path, "s.yaml", "variant: three-card-poker\nplayers: [Ann]\nactions: []\n")
    code, _, err = run(capsys, "simulate", "three-card-poker", "--strategy", str(script))
    assert code == 1 and f"this is a hand script, not a strategy: 'studrules replay {script}' plays it" in err


SECRET = "database:\n  password: hunter2\nname: SECRET-TOKEN-789\nsteps: SECRET-TOKEN-DEF\n"


def test_a_yaml_file_that_a_history_script_or_strategy_names_is_named_not_quoted(tmp_path, capsys, monkeypatch):
    # a downloaded history (or script, or strategy) naming a YAML file beside it that is no
    # variant: the message names the file and sends to validate, and none of its values appear
    monkeypatch.chdir(tmp_path)
    _file(tmp_path, "config.yaml", SECRET)
    assert run(capsys, "play", "razz", "--bots-only", "-n", "1", "--history", "h.jsonl")[0] == 0
    line = Path("h.jsonl").read_text(encoding="utf-8")
    _file(tmp_path, "downloaded.jsonl", line.replace('"variant":"razz"', '"variant":"config.yaml"'))
    _file(tmp_path, "s.yaml", "variant: config.yaml\nplayers: [Ann, Bob]\nactions: []\n")
    _file(tmp_path, "st.yaml", "name: basic\ngame: config.yaml\nrules:\n  - {otherwise: raise}\n")
    for argv in (
        ["replay", "downloaded.jsonl"],
        ["export-phh", "downloaded.jsonl"],
        ["replay", "s.yaml"],
        ["validate", "st.yaml"],
        ["simulate", "caribbean-stud-it", "--strategy", "st.yaml", "--hands", "10"],
    ):
        code, out, err = run(capsys, *argv)
        assert code == 1 and "config" in err + out, argv
        assert not any(word in out + err for word in ("SECRET", "hunter2", "password")), (argv, out + err)
    code, _, err = run(capsys, "replay", "s.yaml")
    assert "config.yaml is not a variant studrules can load (3 problems): 'studrules validate config.yaml'" in err


def test_a_file_a_variant_extends_that_is_not_utf8_is_named_not_the_variant(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "parent.yaml").write_bytes(b'name: a\nsteps: []\ntitle: "caf\xe9"\n')
    _file(tmp_path, "kid.yaml", "name: b\nextends: parent.yaml\n")
    for argv in (["explain", "kid.yaml"], ["play", "kid.yaml", "--bots-only", "-n", "1"], ["diff", "kid.yaml", "razz"]):
        code, _, err = run(capsys, *argv)
        # (8 + 10 bytes of lines, then 'title: "caf' (11): the byte 0xe9 on line 3 at column 12)
        assert code == 1 and "parent.yaml:3:12: the file is not UTF-8 text" in err and "kid.yaml" not in err, argv


def test_empty_names_and_addresses_are_usage_errors_that_say_empty(tmp_path, capsys):
    from studrules.cli.play import seat_names
    from studrules.errors import UsageError

    code, _, err = run(capsys, "diff", "", "razz")  # (two were given: one is empty)
    assert code == 2 and "argument A: empty" in err
    code, _, err = run(capsys, "compare", "razz", "seven-card-stud", "--dask", "")
    assert code == 2 and "argument --dask: empty" in err
    with pytest.raises(UsageError, match="--name: your name is one printable word"):
        seat_names(3, "")
    empty = _file(tmp_path, "e.yaml", 'name: b\nextends: ""\n')
    code, out, err = run(capsys, "validate", str(empty))
    assert code == 1 and "extends: the variant's name is empty" in out + err and "folder" not in out + err


# --- PHH records dealing too many cards ----------------------------------------------------


def _phh(tmp_path: Path, deals: list[str]) -> Path:
    actions = ", ".join(f"'{a}'" for a in deals)
    return _file(
        tmp_path,
        "h.phh",
        "variant = 'F7S'\nantes = [1, 1]\nbring_in = 5\nsmall_bet = 10\nbig_bet = 20\n"
        f"starting_stacks = [1000, 1000]\nactions = [{actions}]\nfinishing_stacks = [1000, 1000]\n",
    )


def test_a_phh_record_dealing_more_unseen_cards_than_the_deck_holds_is_refused_at_that_deal(tmp_path, capsys):
    path = _phh(tmp_path, ["d dh p1 " + "??" * 51, "d dh p2 ??????"])  # 51 cards to one player
    code, _, err = run(capsys, "replay-phh", str(path))
    assert code == 1 and "Traceback" not in err
    assert "action 1 ('d dh p1 ????" in err and "the record deals p1 51 cards, and seven-card-stud deals" in err
    # eight players, seven cards each: 56, more than the deck holds, said at the deal past it
    deals = ", ".join(f"'d dh p{i} {'??' * 7}'" for i in range(1, 9))
    eight = _file(
        tmp_path,
        "eight.phh",
        "variant = 'F7S'\nantes = [1, 1, 1, 1, 1, 1, 1, 1]\nbring_in = 5\nsmall_bet = 10\nbig_bet = 20\n"
        f"starting_stacks = [1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000]\nactions = [{deals}]\n",
    )
    code, _, err = run(capsys, "replay-phh", str(eight))
    assert code == 1 and "Traceback" not in err
    assert "action 8 ('d dh p8 ??????????????'): the record deals 56 cards by here, more than the deck's 52" in err
    assert f"{eight}:7:" in err


def test_a_card_dealt_twice_in_one_phh_action_is_refused_where_it_is(tmp_path, capsys):
    code, _, err = run(capsys, "replay-phh", str(_phh(tmp_path, ["d dh p1 TdTdTd", "d dh p2 ??????"])))
    assert code == 1 and ":7:13: action 1 ('d dh p1 TdTdTd'): Td is dealt twice" in err


def test_an_empty_phh_file_or_one_whose_variant_is_no_code_is_named_in_the_message(tmp_path, capsys):
    empty = _file(tmp_path, "empty.phh", "")
    code, _, err = run(capsys, "replay-phh", str(empty))
    assert code == 1 and f"{empty}: the record has no 'variant'" in err
    five = _file(tmp_path, "five.phh", "variant = 5\n")
    code, _, err = run(capsys, "replay-phh", str(five))
    assert code == 1 and f"{five}:1:11: the record has 'variant = 5', not a game code in quotes" in err


# --- text a terminal would act on -------------------------------------------------------


@pytest.mark.parametrize(
    ("title", "named"),
    [("\\e[31mRED\\e[0m", "U+001B"), ("\\u202eevil", "U+202E (RIGHT-TO-LEFT OVERRIDE)"), ("ring\\a", "U+0007")],
)
def test_a_title_with_an_escape_sequence_or_a_direction_override_is_refused(tmp_path, capsys, title, named):
    path = _file(tmp_path, "evil.yaml", f'name: evil\nextends: seven-card-stud\ntitle: "{title}"\n')
    code, out, err = run(capsys, "validate", str(path))
    assert code == 1 and f"{path}:3:9: title: the text holds {named}" in out + err
    code, out, _ = run(capsys, "explain", str(path))
    assert code == 1 and "\x1b" not in out and "\u202e" not in out


def test_line_breaks_tabs_and_any_printable_script_are_text(tmp_path, capsys):
    text = 'name: fine\nextends: seven-card-stud\ntitle: "Стад\\tסטאד"\ndescription: "one line\\nanother line\\n"\n'
    assert run(capsys, "validate", str(_file(tmp_path, "fine.yaml", text)))[0] == 0


# --- messages that would repeat a huge input ------------------------------------------------


def test_a_huge_player_name_is_refused_without_repeating_it():
    with pytest.raises(ArgumentError) as caught:
        Hand(load_variant("razz"), ["A" * 100_000, "Bob"], 100)
    assert str(caught.value) == "a player's name has at most 64 characters, not 100,000"
    Hand(load_variant("razz"), ["A" * 64, "Bob"], 100)  # at the most: played


def test_names_given_twice_are_named_once_each():
    with pytest.raises(ArgumentError, match="^each player must have a different name: Ann, Cy given more than once$"):
        Hand(load_variant("razz"), ["Ann", "Bob", "Ann", "Cy", "Cy", "Ann"], 100)


def test_a_card_given_twice_in_a_long_run_is_said_with_the_run_shortened():
    from studrules.cards.card import parse_cards

    with pytest.raises(CardError) as caught:
        parse_cards(["9s", "8s"] * 50_000)
    message = str(caught.value)
    assert message.startswith("9s is given twice in '9s 8s 9s") and message.endswith("... (100,000 cards)'")
    assert len(message) < 120


# --- a history whose variant lies in another folder ------------------------------------------


def test_a_history_naming_a_variant_in_another_folder_is_replayed_when_its_folder_is_given(
    tmp_path, capsys, monkeypatch
):
    games, hands = tmp_path / "games", tmp_path / "hands"
    games.mkdir()
    hands.mkdir()
    text = (ROOT / "variants" / "razz.yaml").read_text(encoding="utf-8").replace("name: razz", "name: my-razz", 1)
    _file(games, "my-razz.yaml", text)
    monkeypatch.chdir(hands)
    argv = ["play", "../games/my-razz.yaml", "--bots-only", "-n", "1", "--seed", "3", "--history", "h.jsonl"]
    assert run(capsys, *argv)[0] == 0
    code, _, err = run(capsys, "replay", "h.jsonl")  # the history names the variant by its whole path
    assert code == 1 and f"'{games / 'my-razz.yaml'}' is outside the folders a variant may be read from: {hands}" in err
    assert "(--variants-in FOLDER reads the variant files there)" in err
    code, out, _ = run(capsys, "replay", "h.jsonl", "--variants-in", str(games))
    assert code == 0 and "(my-razz)" in out
    code, out, _ = run(capsys, "export-phh", "h.jsonl", "--variants-in", "../games")
    assert code == 0 and out.startswith("variant = ")
    code, _, err = run(capsys, "replay", "h.jsonl", "--variants-in", "../nowhere")
    assert code == 2 and "--variants-in ../nowhere: there is no folder ../nowhere" in err


# --- an output in a folder that takes no file -------------------------------------------------


def test_an_output_in_a_folder_that_takes_no_file_is_refused_before_a_hand_is_played(tmp_path, capsys, monkeypatch):
    # the folder "ro" takes no file (as the system says of a folder without write permission to a
    # user who is not root: the tests run as root, who may write anywhere)
    from studrules.cli import _outputs

    locked = tmp_path / "ro"
    locked.mkdir()
    real = os.access
    monkeypatch.setattr(_outputs.os, "access", lambda path, mode: Path(path).resolve() != locked and real(path, mode))
    monkeypatch.chdir(tmp_path)
    cases = [
        (["play", "razz", "--bots-only", "-n", "1", "--history", "p.jsonl", "--phh", "ro/h.phh"], "--phh ro/h.phh"),
        (["play", "razz", "--bots-only", "-n", "1", "--history", "ro/h.jsonl"], "--history ro/h.jsonl"),
        (["analyze", "three-card-poker", "--optimal", "--write", "ro/s.yaml"], "--write ro/s.yaml"),
        (["export-phh", "h.jsonl", "-o", "ro/h.phh"], "-o ro/h.phh"),
    ]
    _file(tmp_path, "h.jsonl", "")  # (export-phh's history: refused for its output before it is read)
    for argv, flag in cases:
        code, out, err = run(capsys, *argv)
        assert code == 1 and f"{flag}: no file can be made in ro (no permission)" in err
        assert "Hand 1" not in out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["h.jsonl", "ro"] and not list(locked.iterdir())


# --- a script's own stakes ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("stakes", "said"),
    [
        ("{ante: -1}", "3:16: stakes.ante: stake 'ante' must be between 0 and 999,999,999, not -1"),
        ("{ante: x}", "3:16: stakes.ante: stake 'ante' must be a whole number of chips, not 'x'"),
        ("{antee: 3}", "3:17: stakes.antee: unknown stake 'antee': did you mean 'ante'?"),
    ],
)
def test_a_script_s_wrong_stake_is_said_at_the_script_s_line_not_the_variant_s(tmp_path, capsys, stakes, said):
    script = _file(
        tmp_path, "s.yaml", f"variant: five-card-stud-fr\nplayers: [Ann, Bob]\nstakes: {stakes}\nactions: []\n"
    )
    code, _, err = run(capsys, "replay", str(script))
    assert code == 1 and f"{script}:{said}" in err and "five-card-stud-fr.yaml" not in err


def test_diff_all_refuses_a_side_s_option_or_stake_rather_than_ignore_it(capsys):
    for flag, value in (("--option-a", "x=y"), ("--stake-b", "ante=2")):
        code, _, err = run(capsys, "diff", "--all", flag, value)
        assert code == 2 and f"{flag} has no side" in err


@pytest.mark.parametrize(
    ("key", "value", "said"),
    [
        ("format", "x", "hand 1: its format is 'x', not 'studrules-history'"),
        ("version", 9, "hand 1: its version is '9': this studrules reads histories of version 1"),
    ],
)
def test_a_history_line_of_another_format_or_a_later_version_is_refused_at_its_line(tmp_path, capsys, key, value, said):
    import json

    played = tmp_path / "h.jsonl"
    assert run(capsys, "play", "razz", "--bots-only", "-n", "1", "--seed", "4", "--history", str(played))[0] == 0
    line = json.loads(played.read_text(encoding="utf-8")) | {key: value}
    other = _file(tmp_path, "other.jsonl", json.dumps(line) + "\n")
    for argv in (["replay", str(other)], ["replay", str(other), "--unchecked"], ["export-phh", str(other)]):
        code, _, err = run(capsys, *argv)
        assert code == 1 and f"{other}:1:1: {said}" in err


def test_a_stop_while_the_phh_file_is_written_says_it_was_not_written(tmp_path, capsys, monkeypatch):
    # an audit's finding: Ctrl-C while --phh was being written (some seconds for thousands
    # of hands) left the old file in place and said only "interrupted"
    import studrules.records.phh as phh

    def stopped(history, out):
        out.write("[hand part")
        raise KeyboardInterrupt

    monkeypatch.setattr(phh, "write_history_phh", stopped)
    old = _file(tmp_path, "g.phh", "old text\n")
    history = tmp_path / "h.jsonl"
    code, _, err = run(
        capsys, "play", "razz", "--bots-only", "-n", "2", "--history", str(history), "--phh", str(old), "--force"
    )
    assert code == 130
    assert f"--phh {old}: not written, stopped while writing it; the file there is as it was" in err
    assert old.read_text(encoding="utf-8") == "old text\n"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")] == []
    new = tmp_path / "new.phh"
    code, _, err = run(
        capsys, "play", "razz", "--bots-only", "-n", "2", "--history", str(history), "--phh", str(new), "--force"
    )
    assert code == 130 and f"--phh {new}: not written, stopped while writing it\n" in err and not new.exists()


def test_a_history_moved_with_its_variant_file_is_replayed_from_the_file_beside_it(tmp_path, capsys, monkeypatch):
    # an audit's finding: a history names its variant file by the whole path it was played
    # with; moved to another folder with that file beside it (the first folder gone), every
    # line failed "no such file", with or without --variants-in
    import shutil

    first = tmp_path / "first"
    (first / "games").mkdir(parents=True)
    (first / "games" / "my-razz.yaml").write_text("extends: razz\nname: my-razz\n", encoding="utf-8")
    monkeypatch.chdir(first)
    assert (
        run(capsys, "play", "games/my-razz.yaml", "--bots-only", "-n", "2", "--seed", "3", "--history", "h.jsonl")[0]
        == 0
    )
    assert str(first / "games" / "my-razz.yaml") in (first / "h.jsonl").read_text(encoding="utf-8")
    moved = tmp_path / "moved"
    moved.mkdir()
    shutil.copy(first / "h.jsonl", moved / "h.jsonl")
    shutil.copy(first / "games" / "my-razz.yaml", moved / "my-razz.yaml")
    monkeypatch.chdir(moved)
    shutil.rmtree(first)
    code, out, err = run(capsys, "replay", "h.jsonl")
    assert code == 0, err
    assert "(my-razz)" in out
    # a file of that name beside it that is another game is caught by the lines' checks
    (moved / "my-razz.yaml").write_text("extends: seven-card-stud\nname: my-razz\n", encoding="utf-8")
    code, _, err = run(capsys, "replay", "h.jsonl")
    assert code == 1 and "h.jsonl:1:1:" in err


@pytest.mark.parametrize("command", [["diff", "razz", "seven-card-stud"], ["compare", "razz", "razz", "-n", "2"]])
def test_an_html_page_must_be_named_html_and_a_variant_file_is_never_written_over(tmp_path, capsys, command):
    # an audit's finding: --html took any name, so `--html mine.yaml --force` wrote a page
    # over a variant file of one's own (--history, --phh and --write check their names)
    mine = _file(tmp_path, "mine.yaml", "extends: razz\nname: mine\n")
    code, _, err = run(capsys, *command, "--html", str(mine), "--force")
    assert code == 2 and f"--html {mine}: an HTML page's name ends in .html" in err
    assert mine.read_text(encoding="utf-8") == "extends: razz\nname: mine\n"
    page = tmp_path / "report.HTML"
    assert run(capsys, *command, "--html", str(page))[0] == 0 and page.read_text(encoding="utf-8").startswith(
        "<!DOCTYPE html>"
    )


@pytest.mark.parametrize(
    "flag, command",
    [
        ("--html", ["diff", "razz", "razz"]),
        ("--history", ["play", "razz", "--bots-only", "-n", "1"]),
        ("-o", ["export-phh", "HISTORY"]),
    ],
)
def test_an_output_named_by_a_link_is_refused_without_force(tmp_path, capsys, flag, command):
    # an audit's finding: an output whose name was a link (to a file, or to nowhere) was
    # written without --force: the link replaced, or a file made where the link pointed
    history = tmp_path / "h.jsonl"
    assert run(capsys, "play", "seven-card-stud", "--bots-only", "-n", "1", "--history", str(history))[0] == 0
    suffix = {"--html": ".html", "--history": ".jsonl", "-o": ".phh"}[flag]
    kept = _file(tmp_path, f"kept{suffix}", "mine\n")
    for target in (kept, tmp_path / f"nowhere{suffix}"):
        link = tmp_path / f"link{suffix}"
        link.unlink(missing_ok=True)
        link.symlink_to(target)
        argv = [str(history) if word == "HISTORY" else word for word in command]
        code, _, err = run(capsys, *argv, flag, str(link))
        said = "a link is there; --force replaces it"
        if flag == "--history":  # (a history through a link to a file: that file exists)
            said = (
                "the file exists; --append continues it, --force replaces it"
                if target == kept
                else "a link to no file is there; name another file"
            )
        assert code == 1 and f"{flag} {link}: {said}" in err
        assert link.is_symlink() and kept.read_text(encoding="utf-8") == "mine\n"
        assert not (tmp_path / f"nowhere{suffix}").exists()


def test_a_flag_is_never_taken_from_its_first_letters(capsys):
    # an audit's finding: argparse took `serve --seed` for --seeded-tables (tables whose seed a
    # client gives, so he knows every card) and `--f` for --force, silently
    code, _, err = run(capsys, "serve", "--seed")
    assert code == 2 and "unrecognized argument: --seed (did you mean '--seeded-tables'?)" in err
    code, _, err = run(capsys, "play", "razz", "--bots-only", "--f")
    assert code == 2 and "unrecognized argument: --f" in err
