"""Hostile input at the command line (an audit's findings): nothing is
overwritten unless asked, no file the user did not mean to load is read or
quoted, and no traceback, hang or endless hand reaches the user."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_support import run

from studrules.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
SECRET = "hunter2-secret-value"


def history(tmp_path: Path, capsys, name: str = "h.jsonl") -> Path:
    path = tmp_path / name
    assert run(capsys, "play", "razz", "--bots-only", "-n", "1", "--seed", "1", "--history", str(path))[0] == 0
    return path


# --- nothing overwritten unless asked ---------------------------------------------


def test_phh_refuses_an_existing_file_unless_forced_and_never_a_file_the_command_uses(tmp_path, capsys):
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    h = tmp_path / "h.jsonl"
    code, _, err = run(capsys, "play", "razz", "--bots-only", "-n", "1", "--history", str(h), "--phh", str(notes))
    assert code == 1 and f"--phh {notes}: the file exists; --force replaces it" in err
    assert notes.read_text() == "my notes\n" and not h.exists()  # checked before a hand is played
    variant = tmp_path / "myrazz.yaml"
    variant.write_text((ROOT / "variants" / "razz.yaml").read_text())
    for target in (variant, h):
        if target == h:
            h.write_text("")  # an existing history, replaced with --force: still not the PHH file's
        argv = ["play", str(variant), "--bots-only", "-n", "1", "--history", str(h), "--phh", str(target), "--force"]
        code, _, err = run(capsys, *argv)
        assert code == 1 and "that is a file this command also uses; name another" in err
    assert variant.read_text() == (ROOT / "variants" / "razz.yaml").read_text()
    code, _, err = run(
        capsys, "play", "razz", "--bots-only", "-n", "1", "--history", str(h), "--phh", str(notes), "--force"
    )
    assert code == 2 and "a PHH file's name ends in .phh" in err and notes.read_text() == "my notes\n"
    phh = tmp_path / "hands.phh"
    phh.write_text("old\n")
    code, out, _ = run(
        capsys, "play", "razz", "--bots-only", "-n", "1", "--history", str(h), "--phh", str(phh), "--force"
    )
    assert code == 0 and phh.read_text().startswith("variant = ")


def test_append_continues_only_a_file_of_hand_records(tmp_path, capsys):
    log = tmp_path / "log.jsonl"
    log.write_text("not a history\n")
    code, _, err = run(capsys, "play", "razz", "--bots-only", "-n", "1", "--history", str(log), "--append")
    assert code == 1 and "--append continues a hand history, and this is not one" in err
    assert log.read_text() == "not a history\n"
    h = history(tmp_path, capsys)
    assert run(capsys, "play", "razz", "--bots-only", "-n", "1", "--history", str(h), "--append")[0] == 0
    assert len(h.read_text().splitlines()) == 2


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_pipe_is_never_opened_as_a_history_or_a_script(tmp_path, capsys):
    for name in ("fifo.jsonl", "fifo.yaml"):
        os.mkfifo(tmp_path / name)
    code, _, err = run(capsys, "play", "razz", "--bots-only", "--history", str(tmp_path / "fifo.jsonl"), "--append")
    assert code == 1 and "not a regular file" in err
    for name in ("fifo.jsonl", "fifo.yaml"):
        code, _, err = run(capsys, "replay", str(tmp_path / name))
        assert code == 1 and "is not a regular file (a pipe or a device?)" in err


# --- no file read or quoted that the user did not mean ----------------------------


def test_replay_reads_no_file_of_another_kind_and_quotes_nothing_of_it(tmp_path, capsys):
    for name in ("shadow", "creds.txt", "settings.toml"):
        path = tmp_path / name
        path.write_text(f"password: {SECRET}\n")
        code, _, err = run(capsys, "replay", str(path))
        assert code == 1 and SECRET not in err
        assert "is not a hand script or history file: its name must end in .yaml, .yml, .json, .jsonl or .ndjson" in err


# --- no traceback -----------------------------------------------------------------


def test_a_loop_of_symbolic_links_is_a_message(tmp_path, capsys):
    (tmp_path / "a.yaml").symlink_to(tmp_path / "b.yaml")
    (tmp_path / "b.yaml").symlink_to(tmp_path / "a.yaml")
    for command in ("validate", "replay"):
        code, out, err = run(capsys, command, str(tmp_path / "a.yaml"))
        said = out + err  # (validate reports on standard output)
        assert code == 1 and "a.yaml" in said and "Traceback" not in said


def test_a_history_line_with_a_number_of_thousands_of_digits_is_located(tmp_path, capsys):
    h = history(tmp_path, capsys)
    line = h.read_text().rstrip().removesuffix("}")
    h.write_text(line + ', "note": ' + "9" * 5000 + "}\n")  # (Python reads at most 4,300 digits)
    code, _, err = run(capsys, "replay", str(h))
    assert code == 1 and "line 1 holds a number too long to be a hand record" in err


def test_a_closed_or_narrow_output_stops_no_command(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    # the shell's '>&-': the program starts with no standard output at all
    closed = subprocess.run(
        ["sh", "-c", f"'{sys.executable}' -m studrules list >&-"], stderr=subprocess.PIPE, text=True, env=env
    )
    assert closed.returncode == 0 and "Traceback" not in closed.stderr
    ascii_env = dict(env, PYTHONIOENCODING="ascii")
    done = subprocess.run([sys.executable, "-m", "studrules", "list"], capture_output=True, text=True, env=ascii_env)
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert "Five Card Stud (Hebrew rules)" in done.stdout and "?" in done.stdout  # the Hebrew source's words


@pytest.mark.parametrize("argv", [["play", "razz", "-n", "1"], ["session", "razz", "seven-card-stud", "-n", "1"]])
def test_a_closed_input_is_no_terminal(argv):
    # the shell's '<&-': no standard input at all (Python's sys.stdin is None); the table is
    # not a terminal's, so the bots play and the hands are printed (it was a traceback)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        ["sh", "-c", f"'{sys.executable}' -m studrules {' '.join(argv)} <&-"], capture_output=True, text=True, env=env
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr and "-- result" in done.stdout


def test_a_dask_address_dask_cannot_read_is_one_line(capsys):
    pytest.importorskip("distributed")
    code, _, err = run(capsys, "simulate", "caribbean-stud-it", "-n", "20000", "--dask", "garbage")
    last = err.splitlines()[-1]
    assert code == 1 and last.startswith("studrules: --dask garbage: not a scheduler's address")
    assert "Traceback" not in err


# --- bounds -----------------------------------------------------------------------


def test_a_stack_is_at_most_the_largest_amount_a_file_may_write(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["play", "razz", "--bots-only", "--stack", "99999999999999999999999"])
    assert stop.value.code == 2
    assert "argument --stack: must be at most 1,000,000,000" in capsys.readouterr().err


# --- messages ---------------------------------------------------------------------


def test_validate_works_out_every_amount_the_stakes_decide(tmp_path, capsys):
    path = tmp_path / "div0.yaml"
    path.write_text(
        "name: div0\nkind: pot\nstakes: {ante: 1, bet: 10}\nsteps:\n"
        "  - ante: {amount: ante}\n  - deal: {players: [down, up, up, up, up]}\n"
        '  - betting: {bet: bet, bring_in: {who: lowest_up_card, amount: "ante / (ante - 1)"}}\n'
        "  - showdown: {rankings: [high]}\n"
    )
    code, err, _ = run(capsys, "validate", str(path))  # (validate reports on standard output)
    assert code == 1
    assert "div0.yaml:7:66: steps[2].betting.bring_in.amount: the bring-in cannot be worked out" in err
    assert "division by zero while evaluating 'ante / (ante - 1)'" in err


def test_replaying_a_history_names_its_invalid_variant_and_validate_says_each_problem(tmp_path, capsys):
    variant = tmp_path / "myrazz.yaml"
    variant.write_text((ROOT / "variants" / "razz.yaml").read_text())
    h = tmp_path / "h.jsonl"
    assert run(capsys, "play", str(variant), "--bots-only", "-n", "1", "--seed", "1", "--history", str(h))[0] == 0
    with variant.open("a") as f:
        f.write("zzz: 1\nyyy: 2\n")
    code, _, err = run(capsys, "replay", str(h))
    # the history names the file, which is not quoted (a history may name any file beside it):
    # validate says each problem
    assert code == 1 and f"hand 1: {variant} is not a variant studrules can load (2 problems)" in err
    code, out, err = run(capsys, "validate", str(variant))
    assert code == 1 and "unknown field 'zzz'" in out + err and "unknown field 'yyy'" in out + err


@pytest.mark.parametrize(
    "change, said",
    [
        ({"antes": {"Ann": "x"}}, "antes.Ann: an ante is a whole number of chips, 0 or more"),
        ({"cards": {"Ann": None}}, "cards.Ann: a player's cards are a list of cards or a line of them"),
        ({"players": ["Ann\u001b[2J", "Bob"]}, "players[0]: a player's name is printable text"),
    ],
)
def test_a_script_field_of_the_wrong_kind_is_said_at_its_field(tmp_path, capsys, change, said):
    script = {"variant": "razz", "players": ["Ann", "Bob"], "actions": []} | change
    path = tmp_path / "s.json"
    path.write_text(json.dumps(script))
    code, _, err = run(capsys, "replay", str(path))
    assert code == 1 and said in err and "\u001b" not in err


def test_a_name_with_a_control_character_is_refused_at_the_table(capsys):
    code, _, err = run(capsys, "play", "razz", "--name", "Ann\u001b[2J", "--bots-only")
    assert code == 0 or "printable" in err  # bots only: the name is not seated
    from studrules.game.hand import Hand
    from studrules.spec.examples import example_variant

    with pytest.raises(ValueError, match="one printable word"):
        Hand(example_variant("bring-in"), ["Ann\u001b[2J", "Bob"], 100)


def test_an_empty_strategy_name_is_no_strategy_not_a_folder(capsys):
    code, _, err = run(capsys, "simulate", "caribbean-stud-it", "--strategy", "", "-n", "10")
    assert code == 1 and err.startswith("studrules: no strategy ''; shipped strategies: ")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="a device that is always full")
def test_help_or_a_report_that_cannot_be_written_is_said(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    for argv in (["--help"], ["explain", "--help"], ["list"]):
        line = f"'{sys.executable}' -m studrules {' '.join(argv)} > /dev/full"
        done = subprocess.run(["sh", "-c", line], capture_output=True, text=True, env=env)
        assert done.returncode == 1 and done.stderr == "studrules: No space left on device\n", argv
    done = subprocess.run(
        [sys.executable, "-m", "studrules", "diff", "razz", "seven-card-stud", "--html", "/dev/full", "--force"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert done.returncode == 1
    assert done.stderr.endswith("--html /dev/full: that is not a regular file; give a file name\n")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="a device that is always full")
def test_an_error_that_standard_error_cannot_take_keeps_its_exit_code(tmp_path):
    # the message is lost with the device, not the exit code: 2 for a usage
    # error and for an action out of turn in a script, 1 for a bad file
    # (README, "Exit codes"); and no traceback is written in its place
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out_of_turn = tmp_path / "turn.yaml"  # Bob's card is the low one: he brings in, Ann may not raise first
    out_of_turn.write_text(
        "variant: five-card-stud-fr\nplayers: [Ann, Bob]\ncards: {Ann: [Kd, 9c], Bob: [Qs, 2c]}\n"
        "actions: ['Ann raise 500']\n"
    )
    bad_file = tmp_path / "bad.yaml"
    bad_file.write_text("variant: no-such-game\nplayers: [Ann, Bob]\nactions: []\n")
    for argv, code in (
        (["list", "--bogus"], 2),
        (["simulate", "caribbean-stud-it", "-n", "x"], 2),
        (["replay", str(out_of_turn)], 2),
        (["replay", str(bad_file)], 1),
    ):
        for where in ("", " 2>/dev/full"):
            line = f"'{sys.executable}' -m studrules {' '.join(argv)}{where}"
            done = subprocess.run(["sh", "-c", line], capture_output=True, text=True, env=env)
            assert done.returncode == code, (argv, where, done.stderr)
            assert (done.stderr == "") == bool(where), (argv, where)


def test_a_write_that_fails_names_the_file_and_leaves_an_output_as_it_was(tmp_path, capsys):
    # a file size limit of 1,024 bytes (ulimit -f 1): the history is cut after what fitted and
    # the message names it; a PHH or HTML output is written whole or not at all
    h = tmp_path / "six.jsonl"
    assert run(capsys, "play", "razz", "--bots-only", "-n", "6", "--seed", "1", "--history", str(h))[0] == 0
    old = tmp_path / "e.phh"
    old.write_text("old\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    me = f"'{sys.executable}' -m studrules"
    lines = {
        "history": f"{me} play seven-card-stud --bots-only -n 50 --history '{tmp_path / 'cut.jsonl'}' > /dev/null",
        "phh": f"{me} export-phh '{h}' -o '{old}' --force",
    }
    said = {
        "history": f"--history {tmp_path / 'cut.jsonl'}: cannot write it (File too large)",
        "phh": f"-o {old}: cannot write it (File too large)",
    }
    for what, line in lines.items():
        done = subprocess.run(["sh", "-c", f"ulimit -f 1; {line}"], capture_output=True, text=True, env=env)
        assert done.returncode == 1 and "Traceback" not in done.stderr, what
        assert said[what] in done.stderr, (what, done.stderr)
    assert old.read_text() == "old\n" and not [p for p in tmp_path.iterdir() if p.name.endswith(".part")]


def test_a_file_name_with_an_escape_sequence_is_written_escaped_when_it_is_saved(tmp_path, monkeypatch, capsys):
    # an audit's finding: the messages escaped such a name, the line saying it was saved did not
    from studrules.cli.main import main

    monkeypatch.chdir(tmp_path)
    name = "x\x1b[31m\u202e.jsonl"
    assert main(["play", "razz", "-n", "1", "--bots-only", "--seed", "1", "--history", name]) == 0
    said = capsys.readouterr()
    line = next(x for x in (said.out + said.err).splitlines() if x.startswith("history saved to"))
    assert line == "history saved to x\\x1b[31m\\u202e.jsonl (1 hand)"
