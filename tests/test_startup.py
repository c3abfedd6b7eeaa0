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
