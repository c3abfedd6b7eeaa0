"""One grammar for every command: the same flags mean the same thing everywhere,
old spellings still work and say the new one, a misspelt flag, command or
choice gets a suggestion, and every ``--help`` shows an example."""

from __future__ import annotations

import argparse
import re
import shlex

import pytest

from studrules.cli.main import EXIT_CODES, build_parser, main


def _commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


COMMANDS = _commands()


def _visible(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    return [a for a in parser._actions if a.help is not argparse.SUPPRESS]


def test_a_flag_is_written_and_read_the_same_way_in_every_command():
    # one spelling per idea means one shape per spelling: the same metavar and the same kind of action
    shapes: dict[str, set[tuple[object, str]]] = {}
    for command in COMMANDS.values():
        for action in _visible(command):
            for flag in action.option_strings:
                shapes.setdefault(flag, set()).add((action.metavar, type(action).__name__))
    assert {flag: shape for flag, shape in shapes.items() if len(shape) > 1} == {}


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_minus_n_is_always_the_number_of_hands(name):
    for action in _visible(COMMANDS[name]):
        if "-n" in action.option_strings or "--hands" in action.option_strings:
            assert action.option_strings == ["-n", "--hands"]


SEEDED = {
    "play": ["play", "razz"],
    "session": ["session", "--variants", "razz"],
    "compare": ["compare", "razz", "razz"],
    "simulate": ["simulate", "three-card-poker"],
}


def test_the_commands_with_a_seed_are_the_ones_listed_here():
    assert {name for name, c in COMMANDS.items() if any("--seed" in a.option_strings for a in _visible(c))} == set(
        SEEDED
    )


@pytest.mark.parametrize("name", sorted(SEEDED))
@pytest.mark.parametrize("given, read", [("0", 0), ("7", 7), ("1,000", 1000), ("1_000", 1000)])
def test_every_seeded_command_reads_a_seed_the_same_way(name, given, read):
    assert build_parser().parse_args([*SEEDED[name], "--seed", given]).seed == read


@pytest.mark.parametrize("name", sorted(SEEDED))
@pytest.mark.parametrize("given", ["-1", "x", "1.5"])
def test_every_seeded_command_refuses_the_same_seeds_with_the_same_words(name, given, capsys):
    # one rule: a whole number from 0 (simulate's and compare's generators take no negative seed)
    with pytest.raises(SystemExit) as stop:
        build_parser().parse_args([*SEEDED[name], "--seed", given])
    assert stop.value.code == 2
    assert "argument --seed: a seed is a whole number from 0, not " in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv, old, new, dest, value",
    [
        (["compare", "razz", "razz", "--deals", "7"], "--deals", "--hands", "deals", 7),
        (
            ["compare", "razz", "razz", "--policy", "sensible", "random"],
            "--policy",
            "--bots",
            "bots",
            "sensible,random",
        ),
        (["compare", "razz", "razz", "--stacks", "500"], "--stacks", "--stack", "stack", 500),
        (["replay-phh", "x.phh", "--history"], "--history", "--show-history", "show_history", True),
    ],
)
def test_an_old_spelling_still_works_and_names_the_new_one(argv, old, new, dest, value, capsys):
    args = build_parser().parse_args(argv)
    assert getattr(args, dest) == value
    err = capsys.readouterr().err
    assert err == f"studrules: {old} is now spelt {new} (the old spelling still works for now)\n"


def test_the_old_and_new_spellings_read_the_same():
    parser = build_parser()
    new = parser.parse_args(["compare", "razz", "razz", "-n", "7", "--bots", "sensible,random", "--stack", "500"])
    old = parser.parse_args(
        ["compare", "razz", "razz", "--deals", "7", "--policy", "sensible", "random", "--stacks", "500"]
    )
    assert (new.deals, new.bots, new.stack) == (old.deals, old.bots, old.stack)


def test_the_old_spellings_are_hidden_from_help():
    text = COMMANDS["compare"].format_help()
    assert "--policy" not in text and "--deals" not in text and "--stacks" not in text


def test_bots_may_be_listed_with_commas_or_the_flag_repeated():
    parser = build_parser()
    assert parser.parse_args(["play", "--bots", "sensible", "--bots", "random"]).bots == "sensible,random"
    assert parser.parse_args(["play", "--bots", "sensible,random"]).bots == "sensible,random"
    assert parser.parse_args(["play"]).bots == "sensible"  # the default, replaced by what is given


def test_a_command_s_list_goes_on_after_its_flags():
    # a leftover of an audit: `studrules session razz -n 2 seven-card-stud` was refused
    # ("unrecognized argument: seven-card-stud"), where the flag may come first or last
    parser = build_parser()
    assert parser.parse_args(["session", "razz", "-n", "2", "seven-card-stud"]).games == ["razz", "seven-card-stud"]
    assert parser.parse_args(["validate", "a.yaml", "--json", "b.yaml"]).files == ["a.yaml", "b.yaml"]
    with pytest.raises(SystemExit):  # (a flag's value is still the flag's)
        parser.parse_args(["validate", "a.yaml", "--variant"])


@pytest.mark.parametrize(
    "argv, usage, hint",
    [
        (["play", "--seeds", "3"], "usage: studrules play", "did you mean '--seed'?"),
        (["compare", "razz", "razz", "--policies", "x"], "usage: studrules compare", "did you mean '--bots'?"),
        (["compare", "razz", "razz", "--bost", "x"], "usage: studrules compare", "did you mean '--bots'?"),
        (["simulate", "let-it-ride", "--hnads", "3"], "usage: studrules simulate", "did you mean '--hands'?"),
        (
            ["session", "--variants", "razz", "--rotate", "dealers"],
            "usage: studrules session",
            "did you mean 'dealer'?",
        ),
        (["plya"], "usage: studrules [-h]", "did you mean 'play'?"),
    ],
)
def test_a_misspelt_flag_command_or_choice_gets_the_commands_usage_and_a_suggestion(argv, usage, hint, capsys):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2  # a usage error
    err = capsys.readouterr().err
    assert err.startswith(usage)
    assert hint in err


BOTS = {
    "play": ["play", "razz", "--bots-only"],
    "session": ["session", "--variants", "razz", "--bots-only"],
    "compare": ["compare", "razz", "razz", "-n", "2"],
}


def test_the_commands_with_bots_are_the_ones_listed_here():
    assert {name for name, c in COMMANDS.items() if any("--bots" in a.option_strings for a in _visible(c))} == set(BOTS)


@pytest.mark.parametrize("name", sorted(BOTS))
def test_a_misspelt_bot_name_is_a_usage_error_with_a_suggestion_in_every_command_that_takes_bots(name, capsys):
    with pytest.raises(SystemExit) as stop:
        main([*BOTS[name], "--bots", "random,sensibel"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"usage: studrules {name}")
    assert f"studrules {name}: error: argument --bots: unknown bot 'sensibel' (did you mean 'sensible'?)" in err


#: Each command that takes --option and --stake (or one of A's and B's), and a variant for it.
ASSIGNED = {
    "play": (["play", "razz", "--bots-only"], "--option", "--stake"),
    "session": (["session", "--variants", "razz", "--bots-only"], "--option", "--stake"),
    "compare": (["compare", "razz", "razz", "-n", "2"], "--option-b", "--stake-a"),
    "diff": (["diff", "razz", "razz"], "--option-a", "--stake-b"),
    "explain": (["explain", "razz"], "--option", "--stake"),
    "simulate": (["simulate", "three-card-poker", "-n", "2"], "--option", "--stake"),
    "analyze": (["analyze", "three-card-poker"], "--option", "--stake"),
}


def test_the_commands_with_options_and_stakes_are_the_ones_listed_here():
    def takes(c):
        return any(f.startswith(("--option", "--stake")) for a in _visible(c) for f in a.option_strings)

    assert {name for name, c in COMMANDS.items() if takes(c)} == set(ASSIGNED)


@pytest.mark.parametrize("name", sorted(ASSIGNED))
@pytest.mark.parametrize(
    "which, given, words",
    [
        (1, "bring_in_player", "'bring_in_player' must be written NAME=CHOICE"),
        (1, "=yes", "'=yes' must be written NAME=CHOICE"),
        (2, "ante", "'ante' must be written NAME=VALUE"),
        (2, "ante=abc", "stake 'ante' must be a whole number of chips, not 'abc'"),
        (2, "ante=2.5", "stake 'ante' must be a whole number of chips, not '2.5'"),
    ],
)
def test_a_malformed_option_or_stake_is_a_usage_error_in_every_command(name, which, given, words, capsys):
    argv, flag = ASSIGNED[name][0], ASSIGNED[name][which]
    with pytest.raises(SystemExit) as stop:
        main([*argv, flag, given])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"usage: studrules {name}")
    assert err.endswith(f"studrules {name}: error: argument {flag}: {words}\n")


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_help_ends_with_examples_the_command_line_reads(name):
    text = COMMANDS[name].format_help()
    examples = text.split("\nexamples:\n", 1)[1].strip().splitlines()
    assert examples
    for line in examples:
        words = shlex.split(line)
        assert words[:2] == ["studrules", name]
        build_parser().parse_args(words[1:])  # exits on a usage error


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_descriptions_are_sentences_and_argument_helps_are_phrases(name):
    command = COMMANDS[name]
    assert command.description[0].isupper() and command.description.endswith(".")
    for action in _visible(command):
        if action.help and not isinstance(action, argparse._HelpAction):
            assert action.help[0].islower() or action.help[0] in "'-", action.help
            assert not action.help.endswith("."), action.help
            assert "(default " not in action.help and "; default" not in action.help, action.help


def test_compare_help_prints_per_cent_signs_once():
    assert "%%" not in COMMANDS["compare"].format_help()


def test_the_exit_codes_are_in_the_top_level_help(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert EXIT_CODES in out
    for code in ("0", "1", "2", "3", "130"):
        assert re.search(rf"^  {code} ", out, re.M)


def test_exit_codes_are_what_the_help_says(tmp_path, capsys):
    assert main(["validate", "razz"]) == 0
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nkind: pot\n", encoding="utf-8")
    assert main(["validate", str(bad)]) == 1  # validate found errors
    with pytest.raises(SystemExit) as stop:
        main(["play", "--no-such-flag"])
    assert stop.value.code == 2  # a usage error
