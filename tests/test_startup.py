"""Start-up imports only what the command line asks for (issue 18).

A test on imports, not on time (the times are in benchmarks/startup.py):
each command runs in a fresh interpreter, which then lists the modules it
has imported.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: what no short command needs before it has its answer
HEAVY = ("jsonschema", "lark", "yaml", "numpy", "rich")

_PROBE = """
import json, sys
from studrules.cli.main import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


def imported_by(*argv: str) -> set[str]:
    """The modules a fresh interpreter holds after ``studrules ARGV``."""
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, *argv],
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": ""},
        capture_output=True,
        text=True,
        check=True,
    )
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


@pytest.mark.parametrize("argv", [["--version"], ["--help"], []])
def test_version_and_help_import_no_subcommand_and_no_library(argv):
    modules = imported_by(*argv)
    # the package, its command line's dispatcher, and nothing of the subcommands or layers below
    ours = {m for m in modules if m.startswith("studrules")}
    assert ours == {"studrules", "studrules.cli", "studrules.cli.main"}
    assert not {m.split(".")[0] for m in modules} & set(HEAVY)


def test_a_subcommand_imports_its_own_module_only():
    modules = imported_by("schema")
    commands = {m for m in modules if m.startswith("studrules.cli.") and m != "studrules.cli.main"}
    assert commands == {"studrules.cli.schema"}


def test_a_second_validate_of_an_unchanged_file_reads_its_check_from_the_cache_without_jsonschema(tmp_path):
    env_cache = tmp_path / "cache"
    razz = str(ROOT / "variants" / "razz.yaml")

    def run() -> set[str]:
        done = subprocess.run(
            [sys.executable, "-c", _PROBE, "validate", razz],
            cwd=ROOT,
            env={"PYTHONPATH": str(ROOT), "PATH": "", "STUDRULES_CACHE": str(env_cache)},
            capture_output=True,
            text=True,
            check=True,
        )
        assert done.stdout.startswith("ok ")
        return set(json.loads(done.stderr.strip().splitlines()[-1]))

    assert "jsonschema" in run()  # the first run checks the file against the schema
    assert "jsonschema" not in run()  # the second finds the same file's check kept


def test_an_edited_file_is_loaded_again_not_read_from_the_cache(tmp_path, monkeypatch):
    from studrules.spec.loader import load_variant

    monkeypatch.setenv("STUDRULES_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "mine.yaml"
    path.write_text("extends: five-card-stud\nname: mine\ntitle: First\n", encoding="utf-8")
    assert load_variant(path).title == "First"
    assert load_variant(path).title == "First"
    path.write_text("extends: five-card-stud\nname: mine\ntitle: Second\n", encoding="utf-8")
    assert load_variant(path).title == "Second"


def test_a_file_edited_while_it_is_loaded_is_not_kept_as_its_new_content(tmp_path, monkeypatch):
    # a leftover of an audit: the load kept its result against the digest of the file as it was
    # once the load was done, so an edit made after the file was read (here, while the variant
    # is built) was taken as the kept result's: the next load gave the old title for the new file
    from studrules.spec import loader

    monkeypatch.setenv("STUDRULES_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "mine.yaml"
    path.write_text("extends: five-card-stud\nname: mine\ntitle: First\n", encoding="utf-8")
    build = loader._build

    def build_while_edited(*args, **kwargs):
        path.write_text("extends: five-card-stud\nname: mine\ntitle: The second\n", encoding="utf-8")
        return build(*args, **kwargs)

    monkeypatch.setattr(loader, "_build", build_while_edited)
    assert loader.load_variant(path).title == "First"  # (what was read)
    monkeypatch.setattr(loader, "_build", build)
    assert loader.load_variant(path).title == "The second"


def test_a_variant_from_the_cache_is_the_variant_loaded_from_its_text(tmp_path, monkeypatch):
    from studrules.spec.loader import load_variant

    monkeypatch.setenv("STUDRULES_CACHE", "off")
    fresh = load_variant("seven-card-stud", stakes={"ante": 2})
    monkeypatch.setenv("STUDRULES_CACHE", str(tmp_path / "cache"))
    load_variant("seven-card-stud", stakes={"ante": 2})
    kept = load_variant("seven-card-stud", stakes={"ante": 2})
    assert kept == fresh
    # its expressions, compiled again at their first use, give the same amounts
    assert kept.stake_values() == fresh.stake_values() == fresh.stake_values({"ante": 2})
    assert kept.stake_values({"ante": 5}) == fresh.stake_values({"ante": 5})


def test_a_kept_rule_book_is_written_again_when_a_file_it_extends_changes(tmp_path, monkeypatch, capsys):
    # the rule book of child.yaml is kept with the files of the variant it
    # was written from -- the parent it extends included
    from studrules.cli.main import main

    monkeypatch.setenv("STUDRULES_CACHE", str(tmp_path / "cache"))
    parent = tmp_path / "parent.yaml"
    child = tmp_path / "child.yaml"
    parent.write_text("extends: five-card-stud\nname: parent\nstakes: {ante: 3}\n", encoding="utf-8")
    child.write_text("extends: parent.yaml\nname: child\n", encoding="utf-8")
    assert main(["explain", str(child)]) == 0
    first = capsys.readouterr().out
    assert main(["explain", str(child)]) == 0
    assert capsys.readouterr().out == first
    parent.write_text("extends: five-card-stud\nname: parent\nstakes: {ante: 7}\n", encoding="utf-8")
    assert main(["explain", str(child)]) == 0
    again = capsys.readouterr().out
    assert again != first and "7" in again


def test_a_second_explain_imports_neither_the_loader_nor_the_rule_book(tmp_path):
    env_cache = tmp_path / "cache"

    def run() -> set[str]:
        done = subprocess.run(
            [sys.executable, "-c", _PROBE, "explain", "razz"],
            cwd=ROOT,
            env={"PYTHONPATH": str(ROOT), "PATH": "", "STUDRULES_CACHE": str(env_cache)},
            capture_output=True,
            text=True,
            check=True,
        )
        assert "Razz" in done.stdout or "razz" in done.stdout
        return set(json.loads(done.stderr.strip().splitlines()[-1]))

    assert "studrules.analysis.rulebook" in run()
    second = run()
    assert "studrules.analysis.rulebook" not in second and "studrules.spec.loader" not in second


_TABLES_PROBE = """
import sys
from studrules.cli.main import main
main(sys.argv[1:])
from studrules.cards import evaluator
print(type(evaluator._FIVE).__name__, type(evaluator._SEVEN).__name__, file=sys.stderr)
"""


@pytest.mark.parametrize("argv", [["validate", "variants/razz.yaml"], ["explain", "caribbean-stud-it"]])
def test_checking_a_file_with_an_empty_cache_reads_no_hand_table(tmp_path, argv):
    # the evaluator's tables (10 MB, some 25 ms) are read at the first hand evaluated; a file's
    # checks evaluate none, even with nothing kept from an earlier run
    done = subprocess.run(
        [sys.executable, "-c", _TABLES_PROBE, *argv],
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "", "STUDRULES_CACHE": str(tmp_path / "empty")},
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stderr.split() == ["_Unloaded", "_Unloaded7"]
