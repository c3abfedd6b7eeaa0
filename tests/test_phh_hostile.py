"""Hostile input to the PHH commands (an audit's findings): ``export-phh``
overwrites nothing unless asked and never its own history; neither command
reads a file of another kind, a pipe or a device, or more than its limit;
every bad file is one located line with exit code 1, never a traceback; and
``replay-phh`` refuses what it used to play quietly (negative stakes, cards
that are not cards in a show).

The positions in the expected messages are counted by hand in the texts
written here (line, then column from 1; a text's column is that of its
first character, after the quote)."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from cli_support import run

from studrules.game.hand import Hand
from studrules.game.policies import CheckCall, play_hand
from studrules.records.history import line_digest, write_history
from studrules.records.phh_replay import MAX_PHH_BYTES
from studrules.spec.loader import load_variant

SECRET = "hunter2-private"

# p1 (AcAd2c) and p2 (KcKdQs), ante 1: p1's 2c is the lowest up card, he brings
# in 2, p2 folds: p1 wins p2's ante, 101 to 99 (as replay_phh's own example)
LINES = [
    'variant = "F7S"',
    "antes = [1, 1]",
    "bring_in = 2",
    "small_bet = 5",
    "big_bet = 10",
    "starting_stacks = [100, 100]",
    'actions = ["d dh p1 AcAd2c", "d dh p2 KcKdQs", "p1 pb", "p2 f"]',
]


def phh(*changes: tuple[int, str]) -> str:
    """The hand above, line ``i`` (from 1) replaced by each ``(i, text)``."""
    lines = list(LINES)
    for number, text in changes:
        lines[number - 1] = text
    return "\n".join(lines) + "\n"


def one_line_error(err: str) -> str:
    """The one message of a refusal: a single line, no traceback."""
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    return lines[0]


def played(seed: int, variant: str | Path = "seven-card-stud") -> Hand:
    hand = Hand(load_variant(variant), ["Ann", "Bob", "Cat"], 200, seed=seed)
    play_hand(hand, {p: CheckCall() for p in hand.players})
    return hand


@pytest.fixture
def here(tmp_path, monkeypatch) -> Path:
    """The test's folder as the current one: messages name files as given."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def history(here) -> Path:
    path = here / "h.jsonl"
    write_history(path, [played(1), played(2)])
    return path


# --- 1. export-phh -o: an existing file only with --force, never the history ----------


def test_the_base_hand_replays_and_exports(here, capsys):
    (here / "base.phh").write_text(phh())
    code, out, _ = run(capsys, "replay-phh", "base.phh")
    assert code == 0 and "finishing stacks [101, 99]" in out


def test_export_refuses_its_own_history_as_output_even_with_force(history, capsys):
    before = history.read_bytes()
    for extra in ([], ["--force"]):
        code, out, err = run(capsys, "export-phh", "h.jsonl", "-o", "h.jsonl", *extra)
        assert code == 1 and out == ""
        assert one_line_error(err).startswith("studrules: -o h.jsonl: ")
        assert history.read_bytes() == before
    # a link to it, or another name of the same file, is the same file
    (history.parent / "link.phh").symlink_to(history)
    os.link(history, history.parent / "hard.phh")
    for name in ("link.phh", "hard.phh"):
        code, _, err = run(capsys, "export-phh", "h.jsonl", "-o", name, "--force")
        assert code == 1 and one_line_error(err).startswith(f"studrules: -o {name}: ")
        assert history.read_bytes() == before


def test_export_replaces_an_existing_file_only_with_force(history, capsys):
    out = history.parent / "out.phh"
    out.write_text("keep me\n")
    code, _, err = run(capsys, "export-phh", "h.jsonl", "-o", "out.phh")
    assert code == 1
    assert one_line_error(err) == "studrules: -o out.phh: the file exists; --force replaces it"
    assert out.read_text() == "keep me\n"
    code, stdout, _ = run(capsys, "export-phh", "h.jsonl", "-o", "out.phh", "--force")
    assert code == 0 and stdout == "2 hands written to out.phh\n"
    assert [t["variant"] for t in tomllib.loads(out.read_text()).values()] == ["F7S", "F7S"]


def test_export_writes_only_a_phh_file(history, capsys):
    code, _, err = run(capsys, "export-phh", "h.jsonl", "-o", "out.txt")
    assert code == 1 and "a PHH file's name ends in .phh" in one_line_error(err)
    assert not (history.parent / "out.txt").exists()


# --- 2. a file of another kind is refused by its name, before it is read ---------------


def test_replay_phh_refuses_another_suffix_without_quoting_the_file(here, capsys):
    # a valid hand, named as something else, is refused all the same: by the name alone
    (here / "x.toml").write_text(phh() + f'secret = "{SECRET}"\n')
    code, out, err = run(capsys, "replay-phh", "x.toml")
    assert code == 1 and out == ""
    assert one_line_error(err) == "studrules: 'x.toml' is not a PHH file: its name must end in .phh"
    assert SECRET not in err


def test_export_phh_refuses_another_suffix_without_quoting_the_file(here, capsys):
    (here / "x.json").write_text(json.dumps({"variant": SECRET, "players": [SECRET]}) + "\n")
    code, _, err = run(capsys, "export-phh", "x.json")
    assert code == 1
    assert one_line_error(err) == (
        "studrules: 'x.json' is not a hand history file: its name must end in .jsonl or .ndjson"
    )
    assert SECRET not in err


def test_export_phh_reads_the_other_history_suffix(history, capsys):
    history.rename(history.with_suffix(".ndjson"))
    code, out, _ = run(capsys, "export-phh", "h.ndjson")
    assert code == 0 and out.startswith("[1]\n")


# --- 3. not UTF-8 --------------------------------------------------------------------


def test_replay_phh_of_a_file_that_is_not_utf8(here, capsys):
    (here / "b.phh").write_bytes(b"\xff\xfe")
    code, _, err = run(capsys, "replay-phh", "b.phh")
    assert code == 1
    assert one_line_error(err) == "studrules: b.phh:1: the file is not UTF-8 text (invalid start byte at byte 0)"


# --- 4. numbers too long, lists too deep: located ------------------------------------


def test_a_number_of_thousands_of_digits_is_located(here, capsys):
    # line 3 is 'bring_in = 111...': 'bring_in = ' is 11 characters, the number starts at 12
    (here / "n.phh").write_text(phh((3, "bring_in = " + "1" * 5000)))
    code, _, err = run(capsys, "replay-phh", "n.phh")
    assert code == 1
    line = one_line_error(err)
    assert line.startswith("studrules: n.phh:3:12: a number of more than 4,300 digits")
    assert "111" not in line


def test_lists_nested_too_deeply_are_located(here, capsys):
    # 'x = ' is 4 characters; the 41st '[' (one deeper than 40) is at column 45
    (here / "d.phh").write_text("x = " + "[" * 1000 + "]" * 1000 + "\n")
    code, _, err = run(capsys, "replay-phh", "d.phh")
    assert code == 1
    assert one_line_error(err) == "studrules: d.phh:1:45: lists or tables nest too deeply to be read"


# --- 5. a history line whose hand number is not one ----------------------------------


@pytest.mark.parametrize("number", [1.5, {"a": 1}, True, "7"])
def test_export_refuses_a_hand_number_that_is_not_a_whole_number(history, capsys, number):
    lines = history.read_text().splitlines()
    record = json.loads(lines[1])
    record["hand"] = number
    del record["line_digest"]  # (a line without one: its other digest still holds)
    history.write_text(lines[0] + "\n" + json.dumps(record) + "\n")
    code, out, err = run(capsys, "export-phh", "h.jsonl")
    assert code == 1 and out == ""
    assert one_line_error(err) == "studrules: h.jsonl:2:1: hand: the hand's number must be a whole number from 0"


# --- 6. pipes, devices, sizes --------------------------------------------------------


def _command(cwd: Path, *argv: str) -> subprocess.CompletedProcess:
    """The command in a process of its own, at most 2 GB of memory and 60 s (it
    must answer at once: a pipe or a device is refused before it is opened)."""

    def bounded() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    return subprocess.run(
        [sys.executable, "-m", "studrules", *argv],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=bounded,
    )


def test_a_fifo_is_refused_without_waiting_for_a_writer(here):
    os.mkfifo(here / "p.phh")
    os.mkfifo(here / "p.jsonl")
    replay = _command(here, "replay-phh", "p.phh")
    assert replay.returncode == 1 and "Traceback" not in replay.stderr
    assert (
        replay.stderr == "studrules: 'p.phh' is not a regular file (a pipe or a device?): a PHH is read from a file\n"
    )
    export = _command(here, "export-phh", "p.jsonl")
    assert export.returncode == 1
    assert export.stderr == (
        "studrules: 'p.jsonl' is not a regular file (a pipe or a device?): a hand history is read from a file\n"
    )


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_device_is_refused_whatever_its_name(here, device):
    (here / "z.phh").symlink_to(device)
    (here / "z.jsonl").symlink_to(device)
    for argv in (["replay-phh", "z.phh"], ["export-phh", "z.jsonl"]):
        done = _command(here, *argv)
        assert done.returncode == 1 and "is not a regular file (a pipe or a device?)" in done.stderr
        assert "Traceback" not in done.stderr
    # named as a device, not a PHH file: refused by the name
    done = _command(here, "replay-phh", device)
    assert done.returncode == 1 and f"'{device}' is not a PHH file" in done.stderr


def test_a_phh_file_larger_than_the_limit_is_not_read(here, capsys):
    (here / "big.phh").write_text(phh() + "#" * MAX_PHH_BYTES)
    code, _, err = run(capsys, "replay-phh", "big.phh")
    assert code == 1
    assert one_line_error(err) == (
        f"studrules: big.phh: the file is larger than {MAX_PHH_BYTES:,} bytes: at most {MAX_PHH_BYTES:,} are read"
    )


# --- 7. export-phh locates as replay does, and reads the variant where replay does ----


def test_export_names_the_file_and_line_of_a_bad_action_as_replay_does(history, capsys):
    lines = history.read_text().splitlines()
    record = json.loads(lines[1])
    record["actions"].insert(3, "Ann fly")
    history.write_text(lines[0] + "\n" + json.dumps(record) + "\n")
    code, _, err = run(capsys, "export-phh", "h.jsonl")
    assert code == 1
    exported = one_line_error(err)
    assert exported.startswith("studrules: h.jsonl:2:1: actions[3]: hand 2: action 4: 'Ann fly': unknown action 'fly'")
    code, _, err = run(capsys, "replay", "h.jsonl")
    assert code == 1 and one_line_error(err) == exported


def test_export_names_the_line_of_a_hand_without_its_digest(history, capsys):
    lines = history.read_text().splitlines()
    record = json.loads(lines[0])
    del record["digest"], record["line_digest"]
    history.write_text(json.dumps(record) + "\n" + lines[1] + "\n")
    code, _, err = run(capsys, "export-phh", "h.jsonl")
    assert code == 1 and one_line_error(err).startswith("studrules: h.jsonl:1:1: hand 1 has no digest")


def test_a_relative_variant_is_read_beside_the_history_as_replay_reads_it(here, capsys):
    folder = here / "games"
    folder.mkdir()
    (folder / "house.yaml").write_text("extends: seven-card-stud\nname: house\n")
    write_history(folder / "h.jsonl", [played(3, folder / "house.yaml")])
    record = json.loads((folder / "h.jsonl").read_text())
    record["variant"] = "house.yaml"  # as a history moved with its variant names it
    record["line_digest"] = line_digest(record)
    (folder / "h.jsonl").write_text(json.dumps(record) + "\n")
    code, _, err = run(capsys, "replay", "games/h.jsonl")
    assert code == 0, err
    code, out, err = run(capsys, "export-phh", "games/h.jsonl")
    assert code == 0, err
    fields = tomllib.loads(out)
    assert fields["variant"] == "F7S" and fields["_studrules_variant"] == "house"


# --- 8. replay-phh: the hand over, negative stakes, shown cards ------------------------


def test_an_action_after_antes_put_everyone_all_in_says_the_hand_is_over(here, capsys):
    # antes of 5 from stacks of 5: nobody can bet, the cards are dealt out and
    # the hand is over before p1's bring-in; item 3 of line 7 starts at column 49
    # ('actions = [' is 11 characters, each deal item with its ', ' is 18)
    (here / "a.phh").write_text(
        phh(
            (2, "antes = [5, 5]"),
            (6, "starting_stacks = [5, 5]"),
            (7, 'actions = ["d dh p1 AcAd2c", "d dh p2 KcKdQs", "p1 pb"]'),
        )
    )
    code, _, err = run(capsys, "replay-phh", "a.phh")
    assert code == 1
    assert one_line_error(err) == (
        "studrules: a.phh:7:49: action 3 ('p1 pb'): the hand is over, nobody is to act: "
        "the antes left no one able to bet"
    )


@pytest.mark.parametrize(
    ("line", "text", "where", "message"),
    [
        (2, "antes = [-5, -5]", "2:10", "item 1 of 'antes' is -5: chips are a whole number from 0 to 999,999,999"),
        (2, "antes = -5", "2:9", "'antes' is -5: chips are a whole number from 0 to 999,999,999"),
        (3, "bring_in = -2", "3:12", "'bring_in' is -2: chips are a whole number from 1 to 999,999,999"),
        (4, "small_bet = -5", "4:13", "'small_bet' is -5: chips are a whole number from 1 to 999,999,999"),
        (
            6,
            "starting_stacks = [100, -100]",
            "6:25",
            "item 2 of 'starting_stacks' is -100: chips are a whole number from 1 to 999,999,999,999,999",
        ),
        # a text: its first character, after the quote at 25
        (6, 'starting_stacks = [100, "x"]', "6:26", "item 2 of 'starting_stacks' is not a whole number of chips"),
    ],
)
def test_negative_stakes_and_stacks_are_refused_where_they_stand(here, capsys, line, text, where, message):
    (here / "s.phh").write_text(phh((line, text)))
    code, _, err = run(capsys, "replay-phh", "s.phh")
    assert code == 1
    assert one_line_error(err) == f"studrules: s.phh:{where}: {message}"


def test_blinds_are_refused_in_stud(here, capsys):
    (here / "b.phh").write_text(phh() + "blinds_or_straddles = [0, 5]\n")
    code, _, err = run(capsys, "replay-phh", "b.phh")
    assert code == 1 and one_line_error(err).startswith("studrules: b.phh:8:23: 'blinds_or_straddles'")
    (here / "z.phh").write_text(phh() + "blinds_or_straddles = [0, 0]\n")
    assert run(capsys, "replay-phh", "z.phh")[0] == 0


# item 5 of line 7 starts at column 66: 'actions = [' 11, two deal items of 18,
# '"p1 pb", ' 9 and '"p2 f", ' 8 make 64; the quote is at 65
SHOWN = 'actions = ["d dh p1 AcAd2c", "d dh p2 KcKdQs", "p1 pb", "p2 f", "p2 sm {}"]'


def test_a_show_of_something_that_is_not_a_card_is_refused(here, capsys):
    (here / "c.phh").write_text(phh((7, SHOWN.format("ZZ"))))
    code, _, err = run(capsys, "replay-phh", "c.phh")
    assert code == 1
    assert one_line_error(err) == (
        "studrules: c.phh:7:66: action 5 ('p2 sm ZZ'): 'ZZ' is not a card: ranks are 2-9 T J Q K A, suits c d h s"
    )


def test_a_show_of_a_card_the_player_was_never_dealt_is_refused(here, capsys):
    (here / "c.phh").write_text(phh((7, SHOWN.format("KcAh"))))
    code, _, err = run(capsys, "replay-phh", "c.phh")
    assert code == 1
    assert one_line_error(err) == (
        "studrules: c.phh:7:66: action 5 ('p2 sm KcAh'): p2 shows Ah, and the record deals it to him nowhere"
    )
    (here / "ok.phh").write_text(phh((7, SHOWN.format("KcKdQs"))))  # his own cards: read
    code, out, _ = run(capsys, "replay-phh", "ok.phh")
    assert code == 0 and "finishing stacks [101, 99]" in out


def test_a_hand_of_a_file_of_several_is_located_in_its_own_section(history, capsys):
    assert run(capsys, "export-phh", "h.jsonl", "-o", "two.phh")[0] == 0
    path = history.parent / "two.phh"
    lines = path.read_text().split("\n")
    second = lines.index("[2]")
    at = lines.index("small_bet = 10", second)  # hand 2's, not hand 1's
    lines[at] = "small_bet = -10"
    path.write_text("\n".join(lines))
    assert run(capsys, "replay-phh", "two.phh", "--hand", "1")[0] == 0
    code, _, err = run(capsys, "replay-phh", "two.phh", "--hand", "2")
    assert code == 1
    assert one_line_error(err) == (
        f"studrules: two.phh:{at + 1}:13: 'small_bet' is -10: chips are a whole number from 1 to 999,999,999"
    )


def test_a_hand_without_its_actions_says_so(here, capsys):
    # an audit's finding: it said "the record ends before the hand does: p1 is to act"
    (here / "a.phh").write_text(phh((7, "finishing_stacks = [101, 99]")))
    code, _, err = run(capsys, "replay-phh", "a.phh")
    assert code == 1
    assert one_line_error(err) == (
        "studrules: a.phh: the record has no 'actions': a list of texts ('d dh p1 AcKd7h', 'p1 pb'...)"
    )


def test_a_byte_order_mark_before_the_first_line_is_read_as_yaml_reads_it(here, capsys):
    # an audit's finding: "Invalid statement" at 1:1, where a variant file with one loads
    (here / "plain.phh").write_text(phh())
    (here / "bom.phh").write_bytes("\ufeff".encode() + phh().encode())
    plain = run(capsys, "replay-phh", "plain.phh")
    assert run(capsys, "replay-phh", "bom.phh") == plain and plain[0] == 0
    from studrules.records.phh_replay import read_phh_file  # (and in Python: a review's finding)

    assert read_phh_file(here / "bom.phh")["variant"] == read_phh_file(here / "plain.phh")["variant"] == "F7S"
