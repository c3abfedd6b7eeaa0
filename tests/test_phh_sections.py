"""A PHH file of many hands is read a section at a time
(:func:`studrules.records.phh_sections.iter_phh_hands`): it reads what tomllib
reads from the whole file, a file of any length replays (each hand up to the
limit), a message names the line in the whole file, and ``--hand`` reads its
own section only.

The hand of every section is test_phh_hostile's: p1 (AcAd2c) brings in with the
lowest up card, p2 folds, so p1 wins p2's ante of 1 from stacks of S each:
finishing stacks [S + 1, S - 1], worked out by hand."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from cli_support import run

from studrules.errors import StudrulesError
from studrules.records import phh_sections
from studrules.records.phh_sections import iter_phh_hands


def hand(stack: int, *extra: str) -> str:
    """One section's lines: the hand above from stacks of ``stack``, and ``extra`` lines."""
    return "\n".join(
        [
            'variant = "F7S"',
            "antes = [1, 1]",
            "bring_in = 2",
            "small_bet = 5",
            "big_bet = 10",
            f"starting_stacks = [{stack}, {stack}]",
            'actions = ["d dh p1 AcAd2c", "d dh p2 KcKdQs", "p1 pb", "p2 f"]',
            f"finishing_stacks = [{stack + 1}, {stack - 1}]",
            *extra,
        ]
    )


def sections(*bodies: str, top: str = "") -> str:
    return top + "".join(f"\n[{n}]\n{body}\n" for n, body in enumerate(bodies, 1))


@pytest.fixture
def here(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


# Text TOML reads in ways a line-by-line cut could get wrong: a heading in a string
# over lines (basic and literal, an escaped quote before the end), a list over lines
# holding a list that looks like a heading, brackets in comments and in strings.
TRICKY = sections(
    hand(100, 'note = """\n[2]\nan escaped quote \\""" still open\n[3]\n"""'),
    hand(200, "odds = [\n[3],\n  [4] ,\n]", "# [5] a comment", "words = '[6]' # ]]", 'k = ["""a"""", "b"]'),
    hand(300, "lines = '''\n[7]\n'''", 'last = "a ] \\" [ b"'),
    # (a review's findings) a string over lines whose text ends in quotes, in a list; a table
    # of a hand whose quoted key holds a bracket
    hand(400, 'ends = ["""a"""", \'\'\'b\'\'\'\'\', [\n"""c\n""""", [\n1]], "d"]', '[4."a]b"]\nx = 1'),
    hand(500),
    top="# a file of five hands [1]\n",
)


def test_the_sections_read_are_the_tables_tomllib_reads_from_the_whole_file(here):
    (here / "t.phh").write_text(TRICKY)
    whole = tomllib.loads(TRICKY)
    read = list(iter_phh_hands("t.phh"))
    assert [label for label, _ in read] == ["1", "2", "3", "4", "5"] == list(whole)
    assert [dict(fields) for _, fields in read] == [whole[k] for k in whole]
    assert "[2]" in read[0][1]["note"] and read[1][1]["odds"] == [[3], [4]]
    assert read[1][1]["k"] == ['a"', "b"] and read[3][1]["ends"][:2] == ['a"', "b''"]
    assert read[3][1]["a]b"] == {"x": 1}


def test_a_file_of_tricky_sections_replays_each_hand(here, capsys):
    (here / "t.phh").write_text(TRICKY)
    code, out, _ = run(capsys, "replay-phh", "t.phh")
    assert code == 0
    assert "finishing stacks [101, 99]" in out and "finishing stacks [301, 299]" in out
    assert out.splitlines()[-1] == "5 hands replayed; against the recorded finishing stacks all match"


def test_a_hand_s_tables_stay_with_it_and_a_quoted_heading_is_read(here):
    text = "[1]\n" + hand(100) + '\n[1.meta]\nseat = 3\n["2"]\n' + hand(200) + "\n"
    (here / "m.phh").write_text(text)
    read = list(iter_phh_hands("m.phh"))
    assert [label for label, _ in read] == ["1", "2"]
    assert read[0][1]["meta"] == {"seat": 3} and read[1][1]["starting_stacks"] == [200, 200]


def test_a_hand_s_tables_apart_are_refused_at_the_second_heading(here, capsys):
    text = "[1]\n" + hand(100) + "\n[2]\n" + hand(200) + "\n[1.meta]\nseat = 3\n"
    (here / "apart.phh").write_text(text)
    heading = text.split("\n").index("[1.meta]") + 1  # (line 19: 1 + 8 + 1 + 8 + 1 counted by hand)
    assert heading == 19
    code, out, err = run(capsys, "replay-phh", "apart.phh")
    assert code == 1 and out == ""
    assert err.strip() == (
        f"studrules: apart.phh:{heading}:1: a second heading of hand [1]: a file of several hands keeps "
        "each hand's tables together, as export-phh writes them"
    )


def test_a_problem_in_a_later_hand_is_said_alone_at_its_line_in_the_whole_file(here, capsys):
    third = hand(300).replace("small_bet = 5", "small_bet = [5")
    text = sections(hand(100), hand(200), third)
    (here / "bad.phh").write_text(text)
    line = text.split("\n").index("small_bet = [5") + 1
    code, out, err = run(capsys, "replay-phh", "bad.phh")
    assert code == 1 and out == ""  # (hands 1 and 2 played, but only the problem is shown)
    assert err.startswith(f"studrules: bad.phh:{line + 1}:1: not a PHH (TOML) text")  # (tomllib: the next line)
    # --hand reads its own section only: the problem of hand 3 does not stop hand 1
    code, out, _ = run(capsys, "replay-phh", "bad.phh", "--hand", "1")
    assert code == 0 and out.splitlines() == [
        "[1]",
        "seven-card-stud: finishing stacks [101, 99]",
        "matches the recorded finishing stacks",
    ]


def test_a_file_longer_than_the_limit_replays_a_hand_at_a_time_and_a_long_hand_is_refused(here, capsys, monkeypatch):
    monkeypatch.setattr(phh_sections, "MAX_PHH_BYTES", 500)
    text = sections(*(hand(100 + n) for n in range(20)))
    assert len(text) > 5 * 500 and all(len(hand(100 + n)) < 500 for n in range(20))
    (here / "long.phh").write_text(text)
    code, out, _ = run(capsys, "replay-phh", "long.phh")
    assert code == 0 and "finishing stacks [120, 118]" in out
    assert out.splitlines()[-1] == "20 hands replayed; against the recorded finishing stacks all match"
    long_hand = hand(100, "note = '" + "x" * 500 + "'")
    text = sections(hand(100), long_hand)
    (here / "big.phh").write_text(text)
    code, out, err = run(capsys, "replay-phh", "big.phh")
    line = text.split("\n").index("[2]") + 1
    assert code == 1 and out == ""
    assert err.strip() == f"studrules: big.phh:{line}: hand [2] is larger than 500 bytes: at most 500 are read a hand"


def test_a_file_of_one_hand_keeps_the_whole_file_limit(here, capsys, monkeypatch):
    monkeypatch.setattr(phh_sections, "MAX_PHH_BYTES", 2_000)
    (here / "one.phh").write_text(hand(100, "note = '" + "x" * 2_000 + "'"))
    code, _, err = run(capsys, "replay-phh", "one.phh")
    assert code == 1
    assert err.strip() == "studrules: one.phh: the file is larger than 2,000 bytes: at most 2,000 are read"


def test_a_list_of_tables_is_no_hand_and_is_said_at_its_heading(here):
    # ([[1]]: a hand written as a list of tables was left out without a word)
    (here / "list.phh").write_text("[1]\n" + hand(100) + "\n[[2]]\nx = 1\n")
    with pytest.raises(StudrulesError) as caught:
        list(iter_phh_hands("list.phh"))
    assert str(caught.value) == "list.phh:10:1: [[2]] is a list of tables, not a hand: a hand is a section [2]"


@pytest.mark.soak
def test_an_export_longer_than_four_megabytes_replays_back(here):
    """A history of 5,000 six-player hands exports to more than 4,000,000 bytes of PHH
    (the limit of the whole file before) and replays back, every hand matching."""

    def studrules(*argv: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "studrules", *argv], capture_output=True, text=True, timeout=900, check=True
        )
        return done.stdout

    studrules(
        "session", "--variants", "seven-card-stud", "--players", "6", "--bots-only", "-n", "5000",
        "--stack", "100000", "--seed", "2", "--history", "h.jsonl",
    )  # fmt: skip
    studrules("export-phh", "h.jsonl", "-o", "h.phh")
    assert (here / "h.phh").stat().st_size > 4_000_000
    out = studrules("replay-phh", "h.phh")
    assert out.splitlines()[-1] == "5000 hands replayed; against the recorded finishing stacks all match"
