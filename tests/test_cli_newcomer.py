"""A newcomer's mistakes at the command line: each gets one clear line saying
where and what (exit code 2 for a usage error), changes nothing, and shows no
traceback."""

from __future__ import annotations

import pytest
from cli_support import run


def test_diff_of_one_variant_is_a_usage_error_that_asks_for_the_second(capsys):
    code, out, err = run(capsys, "diff", "razz")
    assert code == 2
    assert out == ""
    assert err.startswith("usage: studrules diff")
    assert "studrules diff: error: diff needs a second variant to set beside razz: studrules diff razz B" in err
    assert "Traceback" not in err


def test_diff_of_no_variant_is_a_usage_error(capsys):
    code, _, err = run(capsys, "diff")
    assert code == 2
    assert "diff needs two variants: studrules diff A B" in err


def test_diff_all_with_a_variant_is_a_usage_error(capsys):
    code, _, err = run(capsys, "diff", "razz", "--all")
    assert code == 2
    assert "give no variant names with it" in err


def test_the_compare_report_calls_the_players_bots_as_its_flag_does(capsys):
    # --bots chooses them and README says 'chips won per seat and per bot': the report says bot, never policy
    code, out, _ = run(capsys, "compare", "razz", "seven-card-stud", "-n", "4", "--bots", "check-call,random")
    assert code == 0
    assert "bots: check-call, random" in out
    assert "Chips won per deal, by bot" in out
    assert "polic" not in out.lower()


@pytest.mark.parametrize(
    "argv, unrelated",
    [
        (["version"], "did you mean 'session'"),  # 'studrules version': not the session command
        (["play", "--debug"], "did you mean '--rebuys'"),
        (["play", "--file", "x"], "did you mean '--force'"),
        (["play", "--games", "razz"], "did you mean '--name'"),
        (["play", "--user", "x"], "did you mean '--seed'"),
    ],
)
def test_a_word_like_no_command_or_flag_gets_no_unrelated_guess(argv, unrelated, capsys):
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert "did you mean" not in err, unrelated


def test_the_start_of_several_variant_names_gets_the_list_not_one_guess(capsys):
    # 'stud' begins studaha, stud-ru-casino and more: guessing studaha would mislead
    code, _, err = run(capsys, "explain", "stud")
    assert code == 1
    assert "did you mean" not in err
    assert "no variant 'stud'; shipped variants: " in err


def test_an_unknown_variant_lists_a_few_names_and_where_all_are(capsys):
    # ~94 shipped names on one line read as noise: eight of them, those holding the word first, and 'studrules list'
    from studrules.spec.loader import shipped_variants

    names = [p.stem for p in shipped_variants()]
    code, _, err = run(capsys, "explain", "qqq")
    assert code == 1
    assert err == (
        f"studrules: no variant 'qqq'; shipped variants: {', '.join(names[:8])} "
        f"and {len(names) - 8} more ('studrules list' shows them all)\n"
    )
    code, _, err = run(capsys, "explain", "mississippi")
    holding = [n for n in names if "mississippi" in n]  # the start of several: no guess
    assert err.startswith(f"studrules: no variant 'mississippi'; shipped variants: {', '.join(holding[:8])}")


def test_an_unknown_strategy_gets_the_guess_or_the_names(capsys):
    code, _, err = run(capsys, "simulate", "three-card-poker", "--strategy", "bsic", "-n", "2")
    assert (code, err) == (1, "studrules: no strategy 'bsic': did you mean 'basic'?\n")
    # no guess: the names of strategies/, whole while they are ten or fewer, else eight and where all are
    from studrules.spec.resources import strategies_dir

    names = sorted(p.stem for p in strategies_dir().glob("*.yaml"))
    code, _, err = run(capsys, "simulate", "three-card-poker", "--strategy", "qqq", "-n", "2")
    listed = (
        ", ".join(names)
        if len(names) <= 10
        else f"{', '.join(names[:8])} and {len(names) - 8} more ('studrules simulate --help' shows them all)"
    )
    assert (code, err) == (1, f"studrules: no strategy 'qqq'; shipped strategies: {listed}\n")


def test_an_unknown_ranking_lists_a_few_and_where_all_are(tmp_path, capsys):
    # schemas/variant.schema.json's $defs/ranking: 16 names; eight, then the count and where they are
    import json

    from studrules.spec.resources import schemas_dir

    rankings = json.loads((schemas_dir() / "variant.schema.json").read_text())["$defs"]["ranking"]["enum"]
    path = tmp_path / "mine.yaml"
    path.write_text("extends: razz\nname: mine\ndeck: {ranking: qqq}\n", encoding="utf-8")
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 1
    assert (
        f"unknown ranking 'qqq': choose one of: {', '.join(rankings[:8])} and {len(rankings) - 8} more "
        "('studrules schema --print' has them all)" in out
    )


@pytest.mark.parametrize(
    "argv, hint",
    [
        (["plya"], "did you mean 'play'?"),
        (["play", "--histroy", "h.jsonl"], "did you mean '--history'?"),
        (["compare", "razz", "razz", "--policies", "x"], "did you mean '--bots'?"),
    ],
)
def test_a_near_miss_is_still_named(argv, hint, capsys):
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert hint in err


@pytest.mark.parametrize(
    "word, meant",
    [("seven-card-stut", "seven-card-stud"), ("Razz", "razz"), ("caribbean", "caribbean-stud-it")],
)
def test_a_near_miss_of_a_variant_name_is_named(word, meant, capsys):
    code, _, err = run(capsys, "explain", word)
    assert code == 1
    assert f"no variant '{word}': did you mean '{meant}'?" in err


def test_a_misspelt_stake_in_a_file_that_extends_another_is_refused_at_its_name(tmp_path, capsys):
    # 'low_limt' would be a new stake no amount names, and seven-card stud's low limit would stay 10
    path = tmp_path / "mine.yaml"
    path.write_text("extends: seven-card-stud\nname: mine\nstakes:\n  low_limt: 5\n", encoding="utf-8")
    code, out, err = run(capsys, "validate", str(path))
    assert code == 1
    assert f"{path}:4:3: stakes.low_limt: seven-card-stud has no stake 'low_limt'" in out + err
    assert "did you mean 'low_limit'?" in out + err
    code, _, err = run(capsys, "play", str(path), "-n", "1")
    assert code == 1 and "Traceback" not in err


def test_a_new_stake_an_extending_file_uses_is_taken(tmp_path, capsys):
    path = tmp_path / "mine.yaml"
    path.write_text(
        "extends: seven-card-stud\nname: mine\nstakes:\n  big_ante: 4\n"
        "steps:\n  - ante: {id: ante, amount: big_ante}\n",
        encoding="utf-8",
    )
    code, _, _ = run(capsys, "validate", str(path))
    assert code == 0


@pytest.mark.parametrize(
    "argv, said",
    [
        # razz.yaml: seats 2 to 8 (from seven-card-stud.yaml); three-card-poker.yaml: positions 1 to 7
        (
            ["play", "razz", "--players", "20", "-n", "1"],
            "argument --players: razz is played by 2 to 8 players, not 20",
        ),
        (["play", "razz", "--players", "1", "-n", "1"], "argument --players: razz is played by 2 to 8 players, not 1"),
        (
            ["play", "three-card-poker", "--players", "20", "-n", "1"],
            "argument --players: three-card-poker is played by 1 to 7 positions, not 20",
        ),
        (
            ["session", "--variants", "razz,five-card-stud-fr", "--players", "9", "-n", "1"],
            "argument --players: razz is played by 2 to 8 players, not 9",
        ),
        (
            ["compare", "razz", "seven-card-stud", "--players", "20", "-n", "2"],
            "argument --players: razz and seven-card-stud are played by 2 to 8 players, not 20",
        ),
    ],
)
def test_more_players_than_the_game_seats_is_a_usage_error_with_its_range(argv, said, capsys):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert said in err


def test_a_variant_path_written_with_backslashes_is_answered_with_slashes(tmp_path, monkeypatch, capsys):
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "mine.yaml").write_text("extends: razz\nname: mine\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "explain", "games\\mine.yaml")
    assert code == 1
    assert err == (
        "studrules: no variant 'games\\mine.yaml': no such file; did you mean 'games/mine.yaml'? "
        "(a path is written with / here, not \\)\n"
    )
    # a file that is not there either: the path as it is written here, not the shipped list
    code, _, err = run(capsys, "play", "games\\yours", "-n", "1")
    assert code == 1
    assert (
        err
        == "studrules: no variant 'games\\yours': no such file; a path is written with / here, not \\: 'games/yours'\n"
    )


def test_a_strategy_path_written_with_backslashes_is_answered_with_slashes(capsys):
    code, _, err = run(capsys, "simulate", "three-card-poker", "--strategy", "mine\\s.yaml", "-n", "2")
    assert code == 1
    assert "no strategy 'mine\\s.yaml'; a path is written with / here, not \\: 'mine/s.yaml'" in err


def test_a_name_given_with_no_terminal_is_said_to_take_no_seat(capsys):
    # bots play every seat when standard input is not a terminal (the tests' is not): --name seats nobody
    code, out, err = run(capsys, "play", "razz", "--name", "Zed", "-n", "1", "--seed", "1")
    assert code == 0
    assert err == (
        "studrules: warning: --name names your seat at a terminal; here bots play every seat "
        "(standard input is not a terminal, or --bots-only), so no seat takes it\n"
    )
    assert "Zed" not in out
    code, _, err = run(capsys, "play", "razz", "-n", "1", "--seed", "1")
    assert code == 0 and err == ""


def _topping_up(capsys, monkeypatch, person):
    """Three hands of the rebuy tests' session, you ``person`` (a Topper); you and what it printed."""
    from test_cli_rebuys import _session

    from studrules.cli import play

    made: list = []
    monkeypatch.setattr(play, "interactive", lambda args: True)
    monkeypatch.setattr(play, "TerminalPlayer", lambda console=None: made.append(person()) or made[-1])
    code, out, err = _session(capsys, "--rebuys", "1", "--hands", "3")
    (me,) = made
    assert code == 0 and "Traceback" not in err
    return me, out


def test_ctrl_d_at_the_top_up_question_is_no(capsys, monkeypatch):
    from test_cli_rebuys import Topper

    class CtrlD(Topper):
        def _answer(self, prompt: str) -> str:
            if prompt.startswith("Top up"):
                self.prompts.append(prompt)
                raise EOFError
            return super()._answer(prompt)

    me, out = _topping_up(capsys, monkeypatch, CtrlD)
    # as n: nothing bought, the session goes on and the top-up is offered again after hand 2
    asked = [p for p in me.prompts if p.startswith(("Enter", "Top up"))]
    assert asked[:3] == [
        "Enter for the next hand, t to top up to 15, q to leave: ",
        "Top up to 15: buy 5 more (rebuy 1 of 1)? [y/N] ",
        "Enter for the next hand, t to top up to 15, q to leave: ",
    ]
    assert "Session over after 3 hands" in out and "rebuys" not in out


def test_studrules_alone_is_a_usage_error_that_lists_the_commands(capsys):
    # as argparse answers a missing argument: the usage on standard error and exit code 2
    code, out, err = run(capsys)
    assert code == 2
    assert out == ""
    assert err.startswith("usage: studrules [-h] [--version] COMMAND ...\n")
    assert "studrules: error: give a command: list, play, session," in err
    assert "('studrules --help' says what each does)" in err


def test_an_escape_sequence_or_line_break_in_a_name_given_is_shown_not_acted_on(tmp_path, capsys):
    # ESC [2J clears a terminal's screen: a message that repeats the name writes it as \x1b, on one line
    code, _, err = run(capsys, "explain", "\x1b[2Jx.yaml")
    assert code == 1
    assert err == "studrules: no variant '\\x1b[2Jx.yaml': no such file\n"
    code, _, err = run(capsys, "\x1b[2J")
    assert code == 2 and "\x1b" not in err and "'\\x1b[2J'" in err
    path = tmp_path / "two\nlines.yaml"
    path.write_text("extends: razz\nname: x\nstakes:\n  antee: 2\n", encoding="utf-8")
    code, out, err = run(capsys, "validate", str(path))
    assert code == 1 and out.count("\n") == 1 and "two\\nlines.yaml:4:3: stakes.antee: razz has no stake 'antee'" in out
    code, _, err = run(capsys, "explain", str(path))
    assert code == 1 and err.count("\n") == 1 and "two\\nlines.yaml:4:3:" in err


@pytest.mark.parametrize(
    "argv, said",
    [
        (["explain", ""], "argument VARIANT: empty; give a shipped variant's name (studrules list) or a YAML file"),
        (["compare", " ", "razz"], "argument A: empty; give a shipped variant's name"),
        (["session", "--variants", " , "], "give the variants to play: 'studrules session razz seven-card-stud'"),
        (["play", "razz", "-n", "1", "--history", ""], "argument --history: empty; give a file's name"),
        (["compare", "razz", "razz", "-n", "2", "--html", ""], "argument --html: empty; give a file's name"),
        (["replay", ""], "argument SCRIPT: empty; give a file's name"),
        (["validate", "razz", ""], "argument FILE: empty; give a file's name"),
    ],
)
def test_an_empty_variant_or_file_name_is_a_usage_error(argv, said, capsys):
    # an empty path read as the current folder ("'' is a folder"), or an empty --history as none: nothing saved
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert said in err


@pytest.mark.parametrize("argv, same_as", [(["help"], ["--help"]), (["help", "play"], ["play", "--help"])])
def test_help_as_a_command_is_the_help_flag(argv, same_as, capsys):
    # 'studrules help' and 'studrules help play', as git and pip read them: the help --help prints, exit code 0
    code, out, err = run(capsys, *argv)
    flag_code, flag_out, _ = run(capsys, *same_as)
    assert (code, err) == (0, "")
    assert out == flag_out and flag_code == 0
    assert out.startswith(f"usage: studrules {' '.join(argv[1:])}".rstrip() + " [-h]")


def test_help_of_a_word_that_is_no_command_is_a_usage_error(capsys):
    code, out, err = run(capsys, "help", "plya")
    assert code == 2 and out == ""
    assert "invalid choice: 'plya'" in err and "(did you mean 'play'?)" in err


@pytest.mark.parametrize(
    "argv, said",
    [
        # variants/DEFAULT names five-card-stud-fr, whose stakes hold an ante; argparse took 5 for the VARIANT
        (
            ["play", "--ante", "5"],
            "unrecognized argument: --ante (a stake of five-card-stud-fr: did you mean '--stake ante=5'?)",
        ),
        # seven-card-stud.yaml (razz extends it): low_limit, high_limit, ante, bring_in
        (
            ["play", "razz", "--ante", "5", "-n", "1"],
            "unrecognized arguments: --ante (a stake of razz: did you mean '--stake ante=5'?) 5",
        ),
        (["explain", "razz", "--low-limit=4"], "--low-limit=4 (a stake of razz: did you mean '--stake low_limit=4'?)"),
        (["play", "razz", "--bring-in"], "--bring-in (a stake of razz: did you mean '--stake bring_in=N'?)"),
        # a session's games: the first that has the stake (not the default variant's)
        (["session", "razz", "--ante", "5"], "--ante (a stake of razz: did you mean '--stake ante=5'?)"),
        (
            ["session", "three-card-poker", "--variants", "razz", "--low-limit", "4"],
            "--low-limit (a stake of razz: did you mean '--stake low_limit=4'?)",
        ),
        # three-card-poker.yaml: pair_plus, the side bet's stake
        (
            ["simulate", "three-card-poker", "--pair-plus", "5"],
            "--pair-plus (a stake of three-card-poker: did you mean '--stake pair_plus=5'?) 5",
        ),
    ],
)
def test_a_stake_given_as_a_flag_is_answered_with_the_stake_flag(argv, said, capsys):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert said in err


def test_a_flag_that_names_no_stake_gets_no_stake_hint(capsys):
    # razz has no stake 'colour'; a variant that is no file gives no stakes to guess from
    for argv in (["play", "razz", "--colour", "red"], ["play", "nosuch", "--ante", "5"]):
        code, _, err = run(capsys, *argv)
        assert code == 2 and "--stake" not in err.splitlines()[-1]


@pytest.mark.parametrize("markdown", [[], ["--markdown"]])
def test_explain_names_each_stake_as_stake_takes_it(markdown, capsys):
    # three-card-poker.yaml's stakes: table_min 5, table_max 100, ante 10, pair_plus 0 (words: 'pair plus')
    code, out, _ = run(capsys, "explain", "three-card-poker", *markdown)
    assert code == 0
    out = out.replace("\\_", "_")  # (Markdown writes table_min as table\_min: it reads as table_min)
    for line in (
        "- table minimum (table_min): 5",
        "- table maximum (table_max): 100",
        "- ante (ante): 10",
        "- pair plus (pair_plus): 0",
    ):
        assert line + "\n" in out
    assert "Change them with --stake NAME=VALUE, NAME as in brackets;" in " ".join(out.split())
    # the name read there is the one --stake takes: the pair plus stake becomes 5
    code, out, _ = run(capsys, "explain", "three-card-poker", "--stake", "pair_plus=5", *markdown)
    assert code == 0 and "- pair plus (pair_plus): 5\n" in out.replace("\\_", "_")


@pytest.mark.parametrize(
    "argv",
    [
        # australian-stud's rule book: "An all-in bet ..." (its betting rounds); 7-card-stud-hilo-regular's "ace-to-five"
        ["explain", "australian-stud"],
        ["explain", "7-card-stud-hilo-regular"],
        # the names of the shipped strategies in simulate's help: mississippi-stud-basic, ...
        ["simulate", "--help"],
    ],
)
def test_lines_break_between_words_never_inside_a_hyphenated_one(argv, capsys):
    code, out, _ = run(capsys, *argv)
    assert code == 0
    broken = [line for line in out.splitlines() if line.rstrip()[-2:-1].isalpha() and line.rstrip().endswith("-")]
    assert broken == []


def test_a_backslash_path_under_extends_is_answered_from_the_extending_files_folder(tmp_path, monkeypatch, capsys):
    # extends reads a path from the folder of the file that writes it: games/sub/base.yaml for games/mine.yaml
    (tmp_path / "games" / "sub").mkdir(parents=True)
    (tmp_path / "games" / "sub" / "base.yaml").write_text("extends: razz\nname: base\n", encoding="utf-8")
    (tmp_path / "games" / "mine.yaml").write_text("extends: sub\\base.yaml\nname: mine\n", encoding="utf-8")
    (tmp_path / "other").mkdir()  # other/base.yaml from the current folder, which extends would not read
    (tmp_path / "other" / "base.yaml").write_text("extends: razz\nname: other\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "explain", "games/mine.yaml")
    assert code == 1
    assert (
        "no variant 'sub\\base.yaml': no such file; did you mean 'sub/base.yaml'? (a path is written with / here" in err
    )
    # a file there from the current folder only: no 'did you mean' for a file extends would not read
    (tmp_path / "games" / "yours.yaml").write_text("extends: other\\base.yaml\nname: yours\n", encoding="utf-8")
    code, _, err = run(capsys, "explain", "games/yours.yaml")
    assert code == 1
    assert (
        "no variant 'other\\base.yaml': no such file; a path is written with / here, not \\: 'other/base.yaml'" in err
    )


def test_session_takes_its_games_as_play_does_or_by_list_with_or_without_spaces(capsys):
    forms = (
        ["session", "seven-card-stud", "razz"],
        ["session", "seven-card-stud,razz"],
        ["session", "--variants", "seven-card-stud,razz"],
        ["session", "--variants", "seven-card-stud,", "razz"],  # (a space after the comma)
    )
    outputs = []
    for form in forms:
        code, out, err = run(capsys, *form, "--hands", "2", "--seed", "4")
        assert (code, err) == (0, "")
        outputs.append(out)
    assert all(out == outputs[0] for out in outputs)
    assert "the game changes to Razz" in outputs[0]


def test_after_a_top_up_the_between_hands_question_comes_back_and_ctrl_d_leaves(capsys, monkeypatch):
    # an audit's finding: after `t` (or `s`) the next hand was dealt at once, and Ctrl-D at the
    # side bets' questions dealt it too: nobody could top up and then leave
    from test_cli_rebuys import Topper

    class ThenCtrlD(Topper):
        def _answer(self, prompt: str) -> str:
            if prompt.startswith("Enter") and any(p.startswith("Top up") for p in self.prompts):
                self.prompts.append(prompt)
                raise EOFError
            return super()._answer(prompt)

    me, out = _topping_up(capsys, monkeypatch, ThenCtrlD)
    asked = [p for p in me.prompts if p.startswith(("Enter", "Top up"))]
    assert asked == [
        "Enter for the next hand, t to top up to 15, q to leave: ",
        "Top up to 15: buy 5 more (rebuy 1 of 1)? [y/N] ",
        "Enter for the next hand, q to leave: ",  # (bought: no top-up left to offer)
    ]
    assert "you left the table" in out and "Session over after 1 hand" in out
