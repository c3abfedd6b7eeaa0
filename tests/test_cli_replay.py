"""``studrules replay``: exit codes, JSON and text output."""

from __future__ import annotations

import json

from studrules.cli.main import main

SCRIPT = """\
variant: five-card-stud-fr
players: [Ann, Bob, Cat]
stacks: 100
cards: {Ann: [Ks, 9c], Bob: [Qs, 2c], Cat: [Js, Th]}
actions: [Bob bring-in, Cat fold, Ann fold]
"""


def test_replay_prints_a_readable_history(tmp_path, capsys) -> None:
    path = tmp_path / "h.yaml"
    path.write_text(SCRIPT)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Bob brings in for 5" in out and "Cat folds" in out and "Bob wins 20" in out


def test_replay_json(tmp_path, capsys) -> None:
    path = tmp_path / "h.yaml"
    path.write_text(SCRIPT)
    assert main(["replay", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["next"] is None and data["result"]["net"] == {"Ann": -5, "Bob": 10, "Cat": -5}


def test_illegal_action_exits_2_with_one_message(tmp_path, capsys) -> None:
    path = tmp_path / "h.yaml"
    path.write_text(SCRIPT.replace("Cat fold", "Cat raise 50"))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "action 2 (Cat raise 50)" in err[0] and "call 5" in err[0]


def test_malformed_script_exits_1(tmp_path, capsys) -> None:
    path = tmp_path / "h.yaml"
    path.write_text("variant: five-card-stud-fr\nplayers: Ann\n")
    assert main(["replay", str(path)]) == 1
    assert "players" in capsys.readouterr().err


def test_a_script_with_a_tab_says_yaml_indents_with_spaces(tmp_path, capsys) -> None:
    path = tmp_path / "h.yaml"
    path.write_text(SCRIPT.replace("actions:", "\tactions:"))
    assert main(["replay", str(path)]) == 1
    (line,) = capsys.readouterr().err.strip().splitlines()
    # line 5 col 1: the tab before `actions:`
    assert line.startswith(f"studrules: {path}:5:1: not valid YAML: found character")
    assert line.endswith("; YAML indents with spaces, not tabs")


def test_a_misspelt_verb_gets_the_closest_one(tmp_path, capsys) -> None:
    path = tmp_path / "h.yaml"
    path.write_text(SCRIPT.replace("Cat fold", "Cat flod"))
    assert main(["replay", str(path)]) == 1  # a malformed script, as README says
    (line,) = capsys.readouterr().err.strip().splitlines()
    # line 5 col 25: "actions: [Bob bring-in, " is 24 characters, then `Cat flod`
    assert line == (
        f"studrules: {path}:5:25: actions[1]: action 2: 'Cat flod': unknown action 'flod' (did you mean 'fold'?): "
        "the verbs are bring-in, complete, bet, raise, call, check, fold, show, muck, void, declare, discard, "
        "expose, buy, decline, pass, split"
    )


def test_replay_writes_a_settlements_pay_lines_in_words(tmp_path, capsys) -> None:
    # Three Card Poker: Ann antes 20 and stakes 10 on the Pair Plus with As Ks Qs, a straight
    # flush; the house's 5-3-2 does not qualify (queen high does). Her ante wins 1 to 1 (+20),
    # her play of 20 pushes, the ante bonus pays 5 to 1 (+100), the Pair Plus 40 to 1 (+400):
    # +520. Bob folds his ante of 10.
    path = tmp_path / "tcp.yaml"
    path.write_text(
        "variant: three-card-poker\nplayers: [Ann, Bob]\nstacks: 1000\nantes: {Ann: 20}\n"
        "side_bets: {Ann: {pair_plus: 10}, Bob: {}}\n"
        "cards: {Ann: [As, Ks, Qs], Bob: [2h, 7d, 9c], house: [2c, 3d, 5h]}\n"
        "actions: [Ann raise, Bob fold]\n"
    )
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    # as play and the table write it: no straight_flush, no pair_plus
    assert (
        "Ann wins 520 (the house does not qualify; ante bonus: straight flush pays 5 to 1; "
        "pair plus 10 wins 400: straight flush pays 40 to 1)"
    ) in out
    assert "Bob loses 10 (folded)" in out and "Ann: 1520 (+520)" in out


def test_replay_says_a_settlement_s_pay_line_in_words(tmp_path, capsys) -> None:
    # Italian text: "Se il croupier possiede la combinazione Asso/Re o meglio, il gioco prosegue"
    # (if the croupier holds ace/king or better, play goes on) "... al pagamento di quelle
    # vincenti" (the winning hands are paid); "Le puntate iniziali sono sempre pagate alla pari"
    # (the antes are always paid at even money). The house's A-K-4-3-2 qualifies; Ann's three
    # sevens beat it: ante 10 at even money (+10), raise 2 x 10 = 20 at the standard table's
    # 3 to 1 (+60): +70, said as the table and `play` say it, not by the pay table's key.
    path = tmp_path / "it.yaml"
    path.write_text(
        "variant: caribbean-stud-it\nplayers: [Ann]\nstacks: 100\n"
        "cards: {Ann: [7c, 7d, 7h, 3c, 2d], house: [Ah, Kc, 4d, 3s, 2h]}\nactions: [Ann raise]\n"
    )
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Ann wins 70 (beats the house: three of a kind pays 3 to 1)" in out
    assert "three_of_a_kind" not in out


def test_a_history_of_many_bad_lines_says_the_first_problems_and_counts_the_rest(tmp_path, capsys):
    # an audit's finding: every problem was kept (some 3 KB each): a million bad lines took
    # 3.3 GB, and under a memory limit replay and export-phh ended in a MemoryError traceback
    from studrules.cli.main import main
    from studrules.records.history_file import MAX_PROBLEMS

    bad = tmp_path / "bad.jsonl"
    bad.write_text("x\n" * (MAX_PROBLEMS + 1234))
    for argv in (["replay", str(bad)], ["export-phh", str(bad), "-o", str(tmp_path / "b.phh")]):
        assert main(argv) == 1
        lines = capsys.readouterr().err.splitlines()
        assert len(lines) == MAX_PROBLEMS + 1 and "line 1 is not JSON" in lines[0]
        assert lines[-1].endswith(f"and 1,234 more problems, not said: the first {MAX_PROBLEMS} are")
    assert not (tmp_path / "b.phh").exists()


def test_the_problems_said_are_the_file_s_first_whatever_their_kind(tmp_path, capsys):
    # a review's finding: lines that are no JSON and hands that do not replay were kept 200 of
    # each, so lines 201 to 300 went unsaid while lines 301 on were said
    from studrules.cli.main import main
    from studrules.records.history_file import MAX_PROBLEMS

    bad = tmp_path / "mixed.jsonl"
    record = '{"format": "studrules-history", "version": 1, "variant": "no-such-game", "players": ["A", "B"]}\n'
    bad.write_text("x\n" * (MAX_PROBLEMS + 100) + record * 5)
    assert main(["replay", str(bad)]) == 1
    lines = capsys.readouterr().err.splitlines()
    assert f"line {MAX_PROBLEMS} is not JSON" in lines[-2]
    assert lines[-1].endswith(f"and 105 more problems, not said: the first {MAX_PROBLEMS} are")
