"""Hostile files: each is refused quickly with a located message, and no
other file's content ever reaches a message (issue 15).

The files of ``tests/hostile/`` are small; the big ones are written here, in
the test, so nothing large is committed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_support import run

from studrules.cli.main import main
from studrules.errors import StudrulesError
from studrules.spec.loader import load_variant, load_variant_text

HOSTILE = Path(__file__).parent / "hostile"

#: A line a variant file never holds: text of the files an attack points at.
FOREIGN = ("root:", "Name:\t", "VmRSS", "Pid:", "hunter2")


def refused(call, *args, **kwargs) -> str:
    """The message of the error ``call`` raises (no timing here: a loaded machine made a
    one-second bound fail; the limits that keep hostile files cheap are checked by size)."""
    with pytest.raises(StudrulesError) as err:
        call(*args, **kwargs)
    return str(err.value)


def assert_no_foreign_text(message: str) -> None:
    for marker in FOREIGN:
        assert marker not in message


# --------------------------------------------------------------------------
# 1. extends, a script's or history's variant, --strategy: variant files only


@pytest.mark.parametrize(
    "name, said",
    [
        ("extends-etc-passwd.yaml", "'/etc/passwd' is not a variant file"),
        ("extends-proc-status.yaml", "'/proc/self/status' is not a variant file"),
        ("extends-a-folder.yaml", "'/' is a folder"),
        ("extends-up-two.yaml", "no variant '../../x.yaml'"),
    ],
)
def test_extends_reads_only_a_variant_file_and_says_so_at_the_extends_line(name, said):
    message = refused(load_variant, HOSTILE / name)
    assert f"{name}:2:10: extends:" in message  # line 2, the value after 'extends: '
    assert said in message
    assert_no_foreign_text(message)


def test_extends_does_not_leave_the_folder_of_the_file(tmp_path):
    # a real variant file outside the extending file's folder is not read either
    (tmp_path / "secret.yaml").write_text("name: s\nhunter2: 1\n", encoding="utf-8")
    (tmp_path / "sub").mkdir()
    for text in ("extends: ../secret.yaml\n", f"extends: {tmp_path / 'secret.yaml'}\n"):
        (tmp_path / "sub" / "v.yaml").write_text("name: v\n" + text, encoding="utf-8")
        message = refused(load_variant, tmp_path / "sub" / "v.yaml")
        assert "v.yaml:2:10: extends:" in message and "outside the folders" in message
        assert_no_foreign_text(message)
    # nor through a link beside it
    (tmp_path / "sub" / "link.yaml").symlink_to(tmp_path / "secret.yaml")
    (tmp_path / "sub" / "v.yaml").write_text("name: v\nextends: link.yaml\n", encoding="utf-8")
    assert "outside the folders" in refused(load_variant, tmp_path / "sub" / "v.yaml")


def test_a_variant_beside_or_below_the_file_and_a_shipped_name_still_extend(tmp_path):
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "base.yaml").write_text("extends: five-card-stud\nname: base\n", encoding="utf-8")
    (tmp_path / "v.yaml").write_text("extends: lib/base.yaml\nname: v\n", encoding="utf-8")
    assert load_variant(tmp_path / "v.yaml").name == "v"


def test_a_folder_a_pipe_or_another_file_given_as_the_variant_is_named_for_what_it_is(tmp_path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    assert "is a folder" in refused(load_variant, str(tmp_path))
    assert "not a regular file" in refused(load_variant, str(fifo))  # never opened: it would block
    assert "not a variant file" in refused(load_variant, "/etc/passwd")


def test_a_histories_variant_is_read_only_from_a_variant_file(tmp_path, capsys, monkeypatch):
    line = {"format": "studrules-history", "hand": 1, "variant": "/etc/passwd", "players": ["A", "B"]}
    path = tmp_path / "h.jsonl"
    path.write_text(json.dumps(line) + "\n", encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    message = capsys.readouterr().err
    assert "not a variant file" in message
    assert_no_foreign_text(message)
    # and a variant file elsewhere (not beside the history, the current folder or shipped) is not read
    (tmp_path / "sub").mkdir()
    line["variant"] = str(Path(__file__).parent / "hostile" / "extends-up-two.yaml")
    (tmp_path / "sub" / "h.jsonl").write_text(json.dumps(line) + "\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["replay", str(tmp_path / "sub" / "h.jsonl")]) == 1
    assert "outside the folders" in capsys.readouterr().err


def test_a_strategy_path_must_be_a_strategy_file(capsys):
    from studrules.spec.strategies import load_strategy

    message = refused(load_strategy, "/etc/passwd")
    assert "not a strategy file" in message
    assert_no_foreign_text(message)


def test_a_text_variant_extends_only_from_the_current_folder():
    message = refused(load_variant_text, "name: x\nextends: /etc/passwd\n", file="t.yaml")
    assert "t.yaml:2:10" in message and "not a variant file" in message


# --------------------------------------------------------------------------
# 2. hangs and memory: every stake bounded, limits on size and counts

PLAIN_STEPS = (
    "steps:\n"
    "  - ante: {amount: s1}\n"
    "  - deal: {players: [down, up, up, up, up]}\n"
    "  - betting: {bet: s1}\n"
    "  - showdown: {rankings: [high]}\n"
)


def test_a_stake_that_squares_the_one_above_is_stopped_at_the_first_past_the_limit():
    # s1 = 2, s_k = s_(k-1) squared: s_k = 2^(2^(k-1)); s5 = 65,536, s6 = 2^32 = 4,294,967,296,
    # the first past 999,999,999 (and without a bound s40 has 2^39 binary digits: a hang)
    stakes = "  s1: 2\n" + "".join(f"  s{k}: s{k - 1} * s{k - 1}\n" for k in range(2, 41))
    text = "name: squares\nkind: pot\nstakes:\n" + stakes + PLAIN_STEPS
    message = refused(load_variant_text, text, file="sq.yaml")
    # s6 stands on line 3 + 6 = 9, its value at column 7
    assert "sq.yaml:9:7: stakes.s6: stake 's6' works out to 4,294,967,296" in message


def test_too_many_stakes_is_one_located_error():
    stakes = "  s1: 1\n" + "".join(f"  s{k}: s{k - 1}\n" for k in range(2, 1502))
    text = "name: many\nkind: pot\nstakes:\n" + stakes + PLAIN_STEPS
    message = refused(load_variant_text, text, file="many.yaml")
    assert "many.yaml:4:3: stakes: 1501 stakes: a variant has at most 1000" in message
    # and only that one: the steps' amounts read 's1', a stake the file does name
    assert "unknown name" not in message


def test_an_expression_keeps_only_the_names_it_reads():
    # memory linear in the file: the 500th stake's expression holds one name, not the 499 above it
    stakes = "  s1: 1\n" + "".join(f"  s{k}: s{k - 1} + 1\n" for k in range(2, 501))
    variant = load_variant_text("name: chain\nkind: pot\nstakes:\n" + stakes + PLAIN_STEPS, file="c.yaml")
    expressions = dict(variant.stakes)
    assert expressions["s500"]._recipe[1] == {"s499": expressions["s500"].type}
    assert variant.stake_values()["s500"] == 500  # s_k = k, worked out from s1 = 1


def test_a_file_too_large_or_of_too_many_values_is_refused_before_it_is_built(tmp_path):
    from studrules.spec.source import MAX_BYTES, MAX_NODES

    big = tmp_path / "big.yaml"
    big.write_text("name: big\n# " + "x" * MAX_BYTES + "\n", encoding="utf-8")
    assert "larger than" in refused(load_variant, big)
    values = tmp_path / "values.yaml"
    values.write_text("name: values\nlist: [" + "1, " * (MAX_NODES + 10) + "]\n", encoding="utf-8")
    message = refused(load_variant, values)
    assert "values.yaml:2:" in message and f"more than {MAX_NODES:,} values" in message


def test_a_strategy_file_is_read_to_its_own_larger_limits_and_refused_beyond_them(tmp_path):
    import itertools

    from studrules.spec.source import MAX_BYTES, MAX_STRATEGY_BYTES, read_document
    from studrules.spec.strategies import load_strategy

    # a table of hands (every five ranks against every up rank: 1287 * 13 keys) larger than a
    # variant may be is read whole as a strategy
    ranks = "AKQJT98765432"
    keys = [f"{''.join(five)} / {up}" for five in itertools.combinations(ranks, 5) for up in ranks]
    assert len(keys) == 1287 * 13
    text = "name: wide\nrules:\n  - hands:\n" + "".join(f"      {k}: raise\n" for k in keys)
    wide = tmp_path / "wide.yaml"
    wide.write_text(text + "  - otherwise: fold\n", encoding="utf-8")
    assert MAX_BYTES < wide.stat().st_size < MAX_STRATEGY_BYTES
    assert "larger than 250,000 bytes" in refused(load_variant, wide)
    strategy = load_strategy(wide)
    assert strategy.decide("Ac Kd 9h 6s 2c", "9d") == "raise"  # the key 'AK962 / 9'
    assert strategy.decide("Ac Ad 9h 6s 2c", "9d") == "fold"  # a pair: no key, the default
    # beyond its bound, a strategy is refused before it is read, the file named
    big = tmp_path / "big.yaml"
    big.write_text("name: big\nrules: [{otherwise: fold}]\n# " + "x" * MAX_STRATEGY_BYTES + "\n", encoding="utf-8")
    message = refused(load_strategy, big)
    assert message.startswith(f"{big}: the file is larger than 4,000,000 bytes")
    # the bound on values holds for the values aliases expand to, at the limit given: the
    # mapping, 'a', its list and ten numbers, 'b' and its list (15), then 11 values per alias (48)
    aliases = "a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\nb: [*a, *a, *a]\n"
    assert len(read_document(aliases, file="s.yaml", max_nodes=48).data["b"]) == 3
    message = refused(read_document, aliases, file="s.yaml", max_nodes=40)  # the 41st: the third alias's 3
    assert message.startswith("s.yaml:1:14: b[2][2]: the document expands to more than 40 values")


@pytest.mark.parametrize(
    "dense",
    [
        "{" + "?," * 300 + "}",
        "?\n" * 300,
        "? " * 300 + "\n",
        "[" + "?:," * 300 + "]",
        "[" + "[? ]," * 300 + "]",
        "[" + "a," * 300 + "]",
        "-\n" * 300,
        "[" + "{?}," * 300 + "]",
        "[" + "?[]," * 300 + "]",
    ],
)
def test_no_yaml_text_holds_as_many_values_a_character_as_a_short_text_is_read_without_counting(dense):
    # a text under max_nodes / VALUES_A_CHARACTER characters is composed without the pass
    # that counts its values first: the densest YAML holds one value a character
    import yaml

    from studrules.spec.source import VALUES_A_CHARACTER

    kinds = (yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent)
    values = sum(isinstance(e, kinds) for e in yaml.parse(dense, Loader=yaml.SafeLoader))
    assert values >= len(dense) // 3  # (dense indeed)
    assert values <= len(dense) + 1 < len(dense) * VALUES_A_CHARACTER  # (+1: the document's own mapping)


def test_a_short_text_whose_aliases_expand_too_far_is_still_refused_as_it_is_built():
    from studrules.spec.source import VALUES_A_CHARACTER, read_document

    # 104 characters (no counting pass under 416 values) whose aliases expand to 960 values
    bomb = (
        "a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\nb: &b [*a, *a, *a, *a]\nc: &c [*b, *b, *b, *b]\nd: [*c, *c, *c, *c]\n"
    )
    limit = len(bomb) * VALUES_A_CHARACTER
    message = refused(read_document, bomb, file="s.yaml", max_nodes=limit)
    # (located at the anchored list the alias repeats, by the path that reached it under d)
    assert message.startswith("s.yaml:1:14: d[") and f"expands to more than {limit} values" in message


def test_a_chain_of_500_extends_is_a_located_error_not_a_recursion_error(tmp_path, capsys):
    for k in range(500):
        (tmp_path / f"v{k}.yaml").write_text(f"name: v{k}\nextends: v{k + 1}.yaml\n", encoding="utf-8")
    message = refused(load_variant, tmp_path / "v0.yaml")
    # the 32nd file (v31.yaml) names the 33rd: its extends line is refused
    assert "v31.yaml:2:10: extends: 'extends' chains more than 32 files" in message
    for command in ("explain", "play"):
        assert main([command, str(tmp_path / "v0.yaml")]) == 1
        assert "RecursionError" not in capsys.readouterr().err


def test_validate_reads_the_file_once_however_many_options_it_has(tmp_path, monkeypatch):
    import studrules.spec.loader as loader

    lines = ["name: opts", "kind: pot", "stakes: {s1: 1}", PLAIN_STEPS.rstrip("\n"), "options:"]
    for i in range(24):  # (the most options a file may have)
        lines += [f"  o{i}:", '    default: "c0"', "    choices:"]
        lines += [f"      c{j}: {{changes: {{stakes: {{s1: {j + 1}}}}}}}" for j in range(10)]
    path = tmp_path / "opts.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    reads = []
    real = loader.read_document
    monkeypatch.setattr(loader, "read_document", lambda *a, **k: reads.append(a) or real(*a, **k))
    assert main(["validate", str(path)]) == 0
    assert len(reads) == 1  # not once per choice (240 choices)


@pytest.mark.parametrize("value", ["1000000000", "-1", "2.5"])
def test_a_stake_given_on_the_command_line_is_held_to_the_bound_of_the_files(value, capsys):
    with pytest.raises(SystemExit) as stop:  # a malformed argument: a usage error
        main(["explain", "five-card-stud", "--stake", f"ante={value}"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "argument --stake: stake 'ante' must be" in err and "Traceback" not in err


def test_a_float_stake_from_python_is_refused_not_rounded():
    message = refused(load_variant, "five-card-stud", stakes={"ante": 2.5})
    assert "stake 'ante' must be a whole number of chips, not '2.5'" in message


# --------------------------------------------------------------------------
# 3. --history never writes over a file unless told


def test_history_refuses_an_existing_file_and_never_the_variant_being_played(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    mine = tmp_path / "mine.yaml"
    mine.write_text("extends: five-card-stud\nname: mine\n", encoding="utf-8")
    before = mine.read_text(encoding="utf-8")
    for extra in ([], ["--force"], ["--append"]):  # a variant's name ends in .yaml, a history's in .jsonl
        code, _, err = run(capsys, "play", "mine.yaml", "--history", "mine.yaml", "--seed", "1", *extra)
        assert code == 2 and "--history mine.yaml: a hand history's name ends in .jsonl" in err  # (a usage error)
    assert mine.read_text(encoding="utf-8") == before
    notes = tmp_path / "notes.jsonl"
    notes.write_text("keep me\n", encoding="utf-8")
    assert main(["play", "mine.yaml", "--history", "notes.jsonl", "--seed", "1"]) == 1
    assert "the file exists; --append continues it, --force replaces it" in capsys.readouterr().err
    assert main(["play", "mine.yaml", "--history", "notes.jsonl", "--seed", "1", "--append"]) == 1
    assert "this is not one" in capsys.readouterr().err
    assert notes.read_text(encoding="utf-8") == "keep me\n"


def test_history_append_continues_and_force_replaces(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["play", "five-card-stud", "--history", "h.jsonl", "--seed", "1"]) == 0
    assert main(["play", "five-card-stud", "--history", "h.jsonl", "--seed", "2", "--append"]) == 0
    assert len((tmp_path / "h.jsonl").read_text(encoding="utf-8").splitlines()) == 2  # one hand each
    assert main(["play", "five-card-stud", "--history", "h.jsonl", "--seed", "3", "--force"]) == 0
    assert len((tmp_path / "h.jsonl").read_text(encoding="utf-8").splitlines()) == 1
    capsys.readouterr()
    # the console numbers a continued history's hands as the file does (it said hand 1 for hand 2)
    assert main(["play", "five-card-stud", "--history", "h.jsonl", "--seed", "4", "--append"]) == 0
    assert "== Hand 2:" in capsys.readouterr().out


# --------------------------------------------------------------------------
# 4. a computed amount that can be zero or negative


def test_a_bet_that_the_pot_can_make_negative_is_an_error_at_the_rule():
    text = (
        "name: minus-pot\nkind: pot\nstakes: {ante: 1}\nsteps:\n  - ante: {amount: ante}\n"
        "  - deal: {players: [down, up, up, up, up]}\n  - betting: {bet: 5 - pot}\n"
        "  - showdown: {rankings: [high]}\n"
    )
    message = refused(load_variant_text, text, file="m.yaml")
    # 5 - pot is 0 once the pot holds 5 chips, and below 0 past that: the largest pot tried gives the lowest
    assert "m.yaml:7:20: steps[2].betting.bet: the bet can work out to -9999995 (when pot is 10000000)" in message
    # bounded, it loads
    assert load_variant_text(text.replace("5 - pot", '"max(1, 5 - pot)"'), file="m.yaml").name == "minus-pot"


def test_a_bet_that_is_zero_at_one_pot_the_rule_names_is_an_error_at_the_rule():
    # two antes of 1 and a bet of 5 called make 12 chips; a rule that turns at a pot it names is tried there
    text = (
        "name: turn\nkind: pot\nstakes: {ante: 1}\nsteps:\n  - ante: {amount: ante}\n"
        '  - deal: {players: [down, up]}\n  - betting: {bet: "if(pot == 12, 0, 5)"}\n'
        "  - showdown: {rankings: [high]}\n"
    )
    message = refused(load_variant_text, text, file="t.yaml")
    assert "t.yaml:7:21: steps[2].betting.bet: the bet can work out to 0 (when pot is 12)" in message


def test_a_bet_that_the_table_makes_zero_in_play_is_a_located_error_before_the_round_starts():
    from studrules.errors import SpecError
    from studrules.game.hand import Hand

    # a pot of exactly 35 written as 5 * 7 is not among the pots tried at load (those near the
    # numbers written, 5 and 7, near the ante's multiples 7 to 28, and the fixed ones); five antes of 7 make it
    text = (
        "name: trap\nkind: pot\nstakes: {ante: 7}\nsteps:\n  - ante: {amount: ante}\n"
        "  - deal: {players: [down, up]}\n"
        '  - betting: {bet: "if(pot == 5 * 7, 0, 5)"}\n'
        "  - deal: {players: [up, up, up]}\n  - betting: {bet: 5}\n  - showdown: {rankings: [high]}\n"
    )
    variant = load_variant_text(text, file="trap.yaml")
    with pytest.raises(SpecError) as err:
        Hand(variant, ["A", "B", "C", "D", "E"], 100, seed=1)
    assert str(err.value).startswith("trap.yaml:7:21: steps[2].betting.bet: the bet of betting round 1 works out to 0")


# --------------------------------------------------------------------------
# 5. fallback: community, as the load-time check counts it


def test_a_two_card_deal_that_falls_back_turns_up_two_community_cards():
    from studrules.game.hand import Hand
    from studrules.game.policies import CheckCall, play_hand

    text = (
        "name: short-deck-last\nkind: pot\nseats: {min: 2, max: 8}\nstakes: {ante: 1, bet: 2}\nsteps:\n"
        "  - ante: {amount: ante}\n"
        "  - deal: {players: [down, down, up]}\n  - betting: {bet: bet}\n"
        "  - deal: {players: [up]}\n  - deal: {players: [up]}\n  - deal: {players: [up]}\n"
        "  - deal: {players: [down, down], fallback: community}\n  - betting: {bet: bet}\n"
        "  - showdown: {rankings: [high]}\n"
    )
    variant = load_variant_text(text, file="s.yaml")
    # 8 players: 6 cards each take 48 of the 52; the last deal needs 16, 4 are left, so its two
    # cards become two community cards (50 dealt): every player plays 6 + 2 = 8 cards
    names = [f"P{k}" for k in range(8)]
    hand = Hand(variant, names, 100, seed=3)
    result = play_hand(hand, {p: CheckCall() for p in names})
    assert len(hand.community) == 2
    assert all(len(cards) == 6 for cards in hand.cards)
    assert sum(result.net.values()) == 0
    # two players: no fallback, eight cards each
    two = Hand(variant, ["A", "B"], 100, seed=3)
    play_hand(two, {p: CheckCall() for p in ["A", "B"]})
    assert len(two.community) == 0 and all(len(cards) == 8 for cards in two.cards)


# --------------------------------------------------------------------------
# 6. histories: every line checked, every problem named by hand and line


def _history(tmp_path, hands: int = 3) -> tuple[Path, list[dict]]:
    path = tmp_path / "h.jsonl"
    assert main(["play", "five-card-stud", "--history", str(path), "--seed", "5", "--hands", str(hands)]) == 0
    return path, [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _write(path: Path, records: list[dict]) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")


def test_an_edited_result_stacks_or_card_is_named_by_hand_and_line(tmp_path, capsys):
    path, records = _history(tmp_path)
    capsys.readouterr()
    first = records[0]["players"][0]
    records[0]["result"]["stacks"][first] += 10  # line 1: the result
    records[1]["stacks"][0] += 10  # line 2: a starting stack (the result is left as written)
    card = records[2]["cards"][first][0]
    records[2]["cards"][first][0] = "2c" if card != "2c" else "3c"  # line 3: a card, digest removed
    del records[2]["digest"]
    _write(path, records)
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 3
    assert err[0].endswith(
        f"h.jsonl:1:1: hand 1 states a result the replay does not give: stacks.{first}: "
        f"{records[0]['result']['stacks'][first]} stated, {records[0]['result']['stacks'][first] - 10} played"
    )
    assert "h.jsonl:2:1: hand 2 " in err[1]
    assert "h.jsonl:3:1: hand 3 has no digest" in err[2]


def test_a_line_without_its_digest_replays_only_when_told(tmp_path, capsys):
    path, records = _history(tmp_path, hands=1)
    del records[0]["digest"], records[0]["line_digest"]  # (a line of a writer that writes none)
    _write(path, records)
    assert main(["replay", str(path)]) == 1
    assert "has no digest" in capsys.readouterr().err
    assert main(["replay", str(path), "--unchecked"]) == 0
    # --unchecked leaves the events unchecked, not the result the line states
    first = next(iter(records[0]["result"]["stacks"]))
    records[0]["result"]["stacks"][first] += 1000
    _write(path, records)
    assert main(["replay", str(path), "--unchecked"]) == 1
    assert f"states a result the replay does not give: stacks.{first}" in capsys.readouterr().err
    # a line whose digest was taken out and its line digest kept was changed after it was written
    (tmp_path / "kept").mkdir()
    path, records = _history(tmp_path / "kept", hands=1)
    del records[0]["digest"]
    _write(path, records)
    assert main(["replay", str(path), "--unchecked"]) == 1
    assert "was changed after it was written" in capsys.readouterr().err


def test_a_history_of_a_pipe_or_a_deeply_nested_line_is_refused_at_once(tmp_path, capsys):
    deep = tmp_path / "deep.jsonl"
    deep.write_text("[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")
    for target in (deep, Path("/dev/zero")):
        assert main(["replay", str(target)]) == 1
        err = capsys.readouterr().err
        assert "Traceback" not in err and "RecursionError" not in err
        # /dev/zero is refused by its name before it is opened
        assert ("deep.jsonl:1:1: line 1 nests too deeply" in err) or ("'/dev/zero' is not a hand script" in err)


# --------------------------------------------------------------------------
# 7. the smaller ones


def test_a_player_named_like_markup_is_drawn_as_written():
    from rich.console import Console

    from studrules.game.hand import Hand
    from studrules.table.terminal import render_table

    variant = load_variant("five-card-stud")
    hand = Hand(variant, ["[/x]", "[bold]B"], 100, seed=1)
    console = Console(record=True, width=100, highlight=False)
    console.print(render_table(hand.view("[/x]"), "[bold]B", variant))
    screen = console.export_text()
    assert "[/x] *" in screen and "[bold]B (D)" in screen


def test_explain_markdown_writes_a_files_words_as_text_never_as_html(tmp_path, capsys):
    path = tmp_path / "q.yaml"
    path.write_text(
        'extends: five-card-stud\nname: quoted\ntitle: "Stud <script>alert(1)</script>"\n'
        'options:\n  o:\n    description: "<img src=x onerror=alert(1)>"\n'
        '    choices:\n      a: {description: "<b>a</b> & more"}\n      b: {description: b}\n',
        encoding="utf-8",
    )
    assert main(["explain", str(path), "--markdown"]) == 0
    out = capsys.readouterr().out
    assert "<" not in out and ">" not in out
    assert out.startswith("# Stud &lt;script&gt;alert(1)&lt;/script&gt;")
    assert "&lt;b&gt;a&lt;/b&gt; &amp; more" in out


def test_a_json_script_with_escaped_characters_beyond_the_basic_plane_reads(tmp_path):
    from studrules.records.script import run_script

    # JSON writes U+1F600 as the two escapes \ud83d\ude00 (json.dumps with ensure_ascii)
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"variant": "five-card-stud", "players": ["A\U0001f600", "B"]}), encoding="utf-8")
    assert "\\ud83d\\ude00" in path.read_text(encoding="utf-8")
    assert list(run_script(path).players) == ["A\U0001f600", "B"]


def test_a_control_character_is_located(tmp_path):
    path = tmp_path / "ctl.yaml"
    path.write_text("name: ctl\nkind: p\x01ot\n", encoding="utf-8")
    message = refused(load_variant, path)
    # line 2: 'kind: p' is 7 characters, the control character is the 8th
    assert "ctl.yaml:2:8: not valid YAML: the character U+0001" in message


def test_a_seat_count_error_is_located_at_the_players_whatever_the_variants_name(tmp_path):
    from studrules.errors import ScriptError
    from studrules.records.script import run_script

    # 'five-card-stud' holds the word 'card': the error is still about the players
    players = [f"P{k}" for k in range(12)]
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"variant": "five-card-stud", "players": players}), encoding="utf-8")
    with pytest.raises(ScriptError) as err:
        run_script(path)
    assert err.value.location.path == ("players",)
    assert "played by 2 to 10 players, not 12" in err.value.message


# --------------------------------------------------------------------------
# 8. simulate: a worker that dies stops the run with what was played


def test_a_simulation_whose_worker_dies_stops_with_a_clear_error_and_the_chunks_played(monkeypatch, capsys):
    import signal as signals

    import studrules.analysis.simulate as sim

    if "fork" not in __import__("multiprocessing").get_all_start_methods():
        pytest.skip("the workers see the patched chunk only when forked")
    real = sim._play_chunk

    def dies_on_the_third(table, seed, index, hands):
        if index == 2:
            os.kill(os.getpid(), signals.SIGKILL)  # as the kernel does when memory runs out
        return real(table, seed, index, hands)

    monkeypatch.setattr(sim, "CHUNK", 500)
    monkeypatch.setattr(sim, "_play_chunk", dies_on_the_third)
    start = time.perf_counter()
    banked = "caribbean-stud-it"
    code = main(["simulate", banked, "--strategy", "basic", "--hands", "5000", "--workers", "2", "--json"])
    assert time.perf_counter() - start < 10  # it never waits for the lost chunk
    out, err = capsys.readouterr()
    assert code == 1
    assert "simulate stopped: a worker process died (killed, or out of memory)" in err
    data = json.loads(out)
    # ten chunks of 500 hands; the third is lost, so at most nine were played, each whole
    assert data["failure"] and data["interrupted"] and data["hands"] % 500 == 0 and data["hands"] <= 4500


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (read from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the workers through /proc")
def test_sigterm_stops_a_simulation_without_a_traceback():
    import signal as signals
    import subprocess
    import sys

    root = Path(__file__).parent.parent
    env = dict(os.environ, PYTHONPATH=str(root) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen(
        [sys.executable, "-m", "studrules", "simulate", "caribbean-stud-it", "--hands", "100000000", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=root,
        env=env,
        text=True,
    )
    deadline = time.time() + 20
    while not _children(proc.pid) and time.time() < deadline:  # simulating once its workers run
        time.sleep(0.05)
    proc.send_signal(signals.SIGTERM)
    out, err = proc.communicate(timeout=20)
    assert "Traceback" not in err
    assert proc.returncode == 128 + signals.SIGTERM
    assert json.loads(out)["interrupted"] is True


def test_a_folder_named_like_a_shipped_variant_does_not_hide_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "razz").mkdir()
    assert load_variant("razz").name == "razz"


@pytest.mark.parametrize("command", ["replay", "validate", "play"])
def test_a_yaml_name_linked_to_a_file_of_another_kind_quotes_none_of_its_lines(tmp_path, command):
    # a password file's lines read as YAML are keys ("root:*:20228:0:99999:7::" then a colon):
    # the message says where and that it is no field, never what the line holds
    secret = tmp_path / "shadow"
    secret.write_text("root:*:20228:0:99999:7:::\ndaemon:$6$salt$hash:20228:0:99999:7:::\n", encoding="utf-8")
    (tmp_path / "sh.yaml").symlink_to(secret)
    done = subprocess.run(
        [sys.executable, "-m", "studrules", command, str(tmp_path / "sh.yaml")],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode != 0
    err = (done.stdout + done.stderr).replace(str(tmp_path), "DIR")
    assert "Traceback" not in err and "no field name" in err
    assert "99999:7" not in err and "root:" not in err and "$6$salt" not in err, err


@pytest.mark.parametrize(
    ("options", "choices", "said"),
    [(25, 2, "options has 25 entries: at most 24"), (2, 17, "choices has 17 entries: at most 16")],
)
def test_a_file_of_more_options_or_choices_than_are_checked_at_load_is_refused(tmp_path, options, choices, said):
    # an audit's finding: every choice is loaded to be checked, so 200 options of 20 choices
    # took 108 s to validate (and a browser upload held the server as long)
    from studrules.errors import SpecErrors
    from studrules.spec.loader import load_variant

    text = "extends: razz\nname: many\noptions:\n" + "".join(
        f"  o{i}:\n    description: x\n    choices:\n"
        + "".join(f"      c{j}: {{description: y}}\n" for j in range(choices))
        for i in range(options)
    )
    (tmp_path / "many.yaml").write_text(text)
    with pytest.raises(SpecErrors) as err:
        load_variant(tmp_path / "many.yaml")
    assert said in str(err.value)
