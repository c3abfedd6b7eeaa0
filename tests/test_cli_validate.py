"""``studrules validate``, ``schema`` and ``list`` (issue 3, "Commands").

"`studrules validate FILE...` (exit 0 when all are valid, 1 otherwise;
`--json` for machine-readable errors)." "The CLI never prints a Python
traceback for a bad file."
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import run

from studrules.spec.loader import shipped_variants
from studrules.spec.schema import schema_path, schema_text

BAD = Path(__file__).parent / "bad_variants"


def test_validate_every_shipped_variant_is_ok(capsys):
    code, out, err = run(capsys, "validate", *map(str, shipped_variants()))
    assert code == 0, out + err
    assert out.splitlines() == [f"ok {p}" for p in shipped_variants()]


def test_validate_prints_file_line_column_field_and_message(capsys):
    bad = BAD / "misspelt-key.yaml"
    code, out, _ = run(capsys, "validate", str(bad))
    assert code == 1
    (line,) = out.splitlines()
    assert line.endswith(
        "misspelt-key.yaml:8:7: steps[1].betting.bringin: unknown field 'bringin' in a betting step: did you mean 'bring_in'?"
    )


def test_validate_mixed_files_exits_1_and_reports_each(capsys):
    good = str(shipped_variants()[0])
    code, out, _ = run(capsys, "validate", good, str(BAD / "many-errors.yaml"))
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == f"ok {good}"
    assert len(lines) == 1 + 4  # all four errors of the bad file, together


def test_validate_json_lists_each_file_with_its_errors(capsys):
    code, out, _ = run(capsys, "validate", "--json", str(BAD / "wrong-enum.yaml"), "five-card-stud-fr")
    assert code == 1
    data = json.loads(out)
    assert [d["valid"] for d in data] == [False, True]
    (e,) = data[0]["errors"]
    assert (e["line"], e["column"], e["path"]) == (8, 18, "steps[1].betting.structure")
    assert e["file"].endswith("wrong-enum.yaml")
    assert e["message"].startswith("unknown betting structure 'fixed_limits'")
    assert data[1]["errors"] == []


def test_validate_tries_every_choice_of_every_option(tmp_path, capsys):
    text = (BAD / "option-default-missing.yaml").read_text(encoding="utf-8")
    text = text.replace("default: tree", "default: three").replace("id: round-1, cap: 1", "id: round-7, cap: 1")
    path = tmp_path / "v.yaml"
    path.write_text(text, encoding="utf-8")
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 1
    (line,) = out.splitlines()
    # the choice 'one' changes a step 'round-7' the file does not have (line 8, column 46): an error,
    # never a new step added at the end
    assert line.endswith(
        ":8:46: steps[0].betting.id: with option cap=one: step 'round-7' matches no step of the variant it"
        " changes (did you mean 'round-1'?); to add a step, say where with 'before:' or 'after:'"
        " (steps: deal, round-1, showdown)"
    )


@pytest.mark.parametrize("bad", sorted(BAD.glob("*.yaml")), ids=lambda p: p.stem)
def test_validate_never_prints_a_traceback(bad, capsys):
    code, out, err = run(capsys, "validate", str(bad))
    assert code == 1
    assert "Traceback" not in out + err
    assert out.strip()


def test_validate_a_missing_file(capsys):
    code, out, _ = run(capsys, "validate", "no/such/file.yaml")
    assert code == 1
    assert "no variant 'no/such/file.yaml'" in out


def test_schema_prints_its_path_or_content(capsys):
    code, out, _ = run(capsys, "schema")
    assert code == 0 and out.strip() == str(schema_path())
    code, out, _ = run(capsys, "schema", "--print")
    assert code == 0 and json.loads(out) == json.loads(schema_text())
    # the editor's first line names the schema by a path that holds from any folder
    code, out, _ = run(capsys, "schema", "--first-line")
    prefix = "# yaml-language-server: $schema="
    assert code == 0 and out.startswith(prefix) and out.count("\n") == 1
    named = Path(out.strip()[len(prefix) :])
    assert named.is_absolute() and json.loads(named.read_text()) == json.loads(schema_text())


def test_list_shows_name_title_kind_and_source(capsys):
    code, out, _ = run(capsys, "list")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "The five source texts:"
    assert lines[1].split() == ["name", "title", "kind", "source"]
    fr = next(line for line in lines if line.startswith("five-card-stud-fr "))
    assert "Five Card Stud (French rules)" in fr and " pot " in fr
    # the source by its title and language; its file name is for tools (list --json)
    assert "Le déroulement d´une partie de Five Card Stud (French)" in fr and ".txt" not in fr


def test_list_json(capsys):
    code, out, _ = run(capsys, "list", "--json")
    rows = {r["name"]: r for r in json.loads(out)}
    assert code == 0
    assert rows["caribbean-stud-it"]["kind"] == "banked"
    assert rows["razz"]["extends"] == "seven-card-stud"
    assert set(rows) == {p.stem for p in shipped_variants()}
    assert rows["five-card-stud-fr"]["group"] == "source texts"
    assert rows["seven-card-stud"]["group"] == "casino standards"


def test_list_groups_the_source_texts_before_the_casino_standards(capsys):
    code, out, _ = run(capsys, "list")
    titles = [line for line in out.splitlines() if line.endswith(":")]
    assert titles[:2] == ["The five source texts:", "Casino standards:"]
    texts, standards = out.split("Casino standards:")
    assert "razz " in standards and "razz " not in texts
    assert "five-card-stud-he " in texts and "five-card-stud-he " not in standards


def test_shipped_variant_names_are_unique_across_the_group_folders():
    names = [p.stem for p in shipped_variants()]
    assert len(names) == len(set(names))


def test_a_variant_in_a_group_folder_loads_by_its_name_and_shows_its_catalogue_entry(tmp_path, monkeypatch, capsys):
    import studrules.cli.list as list_command
    import studrules.spec.loader as loader

    (tmp_path / "catalogue").mkdir()
    (tmp_path / "catalogue" / "plain-stud.yaml").write_text(
        "extends: {}\nname: plain-stud\ncatalogue: generic_poker:5_card_stud\n".format(
            shipped_variants()[0].parent / "five-card-stud.yaml"
        ),
        encoding="utf-8",
    )
    monkeypatch.setattr(loader, "variants_dir", lambda: tmp_path)
    monkeypatch.setattr(list_command, "variants_dir", lambda: tmp_path)
    assert loader.load_variant("plain-stud").catalogue == "generic_poker:5_card_stud"
    code, out, _ = run(capsys, "list", "--json")
    (row,) = json.loads(out)
    assert code == 0
    assert (row["name"], row["group"], row["catalogue"]) == ("plain-stud", "catalogue", "generic_poker:5_card_stud")


def test_a_catalogue_entry_must_name_its_catalogue(tmp_path):
    from studrules.errors import SpecErrors
    from studrules.spec.loader import load_variant_text

    with pytest.raises(SpecErrors) as err:
        load_variant_text("extends: five-card-stud\nname: x\ncatalogue: 5_card_stud\n")
    assert "catalogue" in str(err.value.errors[0])


def test_a_game_whose_strategy_cannot_play_it_is_told_so_at_its_strategy_field(tmp_path, capsys):
    # an audit's finding: a game against the house naming a strategy that reads five cards,
    # where a player holds three at his first decision, validated; simulate and the bots then
    # stopped on it. validate says it at the file's strategy field, with the strategy's words.
    path = tmp_path / "three-then-two.yaml"
    path.write_text(
        "name: three-then-two\nkind: banked\nstrategy: pair-or-better\nseats: {min: 1, max: 6}\n"
        "stakes: {ante: 10, table_min: 5, table_max: 100}\nsteps:\n"
        "  - ante: {amount: ante, min: table_min, max: table_max}\n"
        "  - deal: {players: [down, down, up]}\n"
        "  - decision: {id: first, fold: true, raise: ante}\n"
        "  - deal: {players: [up, down]}\n"
        "  - settle: {id: settle, against: pay_table, pay_table: {pair: 1, two_pair: 3}}\n",
        encoding="utf-8",
    )
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 1
    assert f"{path}:3:11: strategy: its strategy 'pair-or-better' cannot play this game: " in out
    assert "a player holds 3 at a decision" in out


def test_a_file_of_many_problems_says_the_first_200_and_counts_the_rest(tmp_path, capsys):
    # an audit's finding: a strategy table of 150,000 bad keys printed 150,000 lines
    from studrules.cli.main import main

    path = tmp_path / "many.yaml"
    path.write_text("extends: razz\nname: many\n" + "".join(f"unknown_{i}: 1\n" for i in range(250)))
    assert main(["validate", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 201 and lines[-1] == f"{path}: and 50 more problems, not said (--json gives every one)"
    assert main(["validate", "--json", str(path)]) == 1
    assert len(__import__("json").loads(capsys.readouterr().out)[0]["errors"]) == 250
    # any command says the first 1,000, then the count
    path.write_text("extends: razz\nname: many\n" + "".join(f"unknown_{i}: 1\n" for i in range(1100)))
    assert main(["explain", str(path)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1001 and err[-1] == "studrules: and 100 more problems, not said"


def test_a_name_longer_than_any_path_is_said_shortly(capsys):
    # a review's finding: the message was short, but the name before it was quoted whole
    from studrules.cli.main import main

    assert main(["validate", "a" * 100_000]) == 1
    out = capsys.readouterr().out
    assert len(out) < 300 and "at most 4,096 characters" in out
