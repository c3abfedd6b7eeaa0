"""``studrules validate``, ``schema`` and ``list`` (issue 3, "Commands").

"`studrules validate FILE...` (exit 0 when all are valid, 1 otherwise;
`--json` for machine-readable errors)." "The CLI never prints a Python
traceback for a bad file."
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from studrules.cli.main import main
from studrules.spec.loader import shipped_variants
from studrules.spec.schema import schema_path, schema_text

BAD = Path(__file__).parent / "bad_variants"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


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
    # the choice 'one' adds a new betting step (round-7) without a bet: line 8, column 41
    assert line.endswith(":8:41: steps[3].betting: with option cap=one: missing field 'bet' in a betting step")


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


def test_list_shows_name_title_kind_and_source(capsys):
    code, out, _ = run(capsys, "list")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["name", "title", "kind", "source"]
    fr = next(line for line in lines if line.startswith("five-card-stud-fr "))
    assert "Five Card Stud (French rules)" in fr and " pot " in fr and "000_3b928888f2557435.txt" in fr


def test_list_json(capsys):
    code, out, _ = run(capsys, "list", "--json")
    rows = {r["name"]: r for r in json.loads(out)}
    assert code == 0
    assert rows["caribbean-stud-it"]["kind"] == "banked"
    assert rows["razz"]["extends"] == "seven-card-stud"
    assert set(rows) == {p.stem for p in shipped_variants()}
