"""The public names as a type checker sees them: ``studrules/__init__.py`` imports them
lazily at run time, and states each one's module for the checker (an audit's finding:
every name was ``Any`` to a user's mypy, and ``class Mine(studrules.Policy)`` an error)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import studrules

INIT = Path(studrules.__file__)


def test_the_checker_s_imports_are_the_lazy_exports_name_for_name():
    tree = ast.parse(INIT.read_text(encoding="utf-8"))
    block = next(
        n
        for n in tree.body
        if isinstance(n, ast.If)
        and getattr(n.test, "id", "") == "TYPE_CHECKING"
        and any(isinstance(b, ast.ImportFrom) and b.level == 1 for b in n.body)
    )
    stated = {
        alias.name: node.module for node in block.body if isinstance(node, ast.ImportFrom) for alias in node.names
    }
    assert stated == studrules._EXPORTS  # type: ignore[attr-defined]
    assert (INIT.parent / "py.typed").exists()  # (PEP 561: the package's own hints are read)


def test_a_user_program_is_typed_with_the_library_s_classes(tmp_path):
    pytest.importorskip("mypy")
    program = tmp_path / "mine.py"
    program.write_text(
        "import studrules\n\n"
        "class Mine(studrules.Policy):\n"
        "    def act(self, view: studrules.View) -> studrules.Action:\n"
        "        return studrules.Action(view.player, 'call')\n\n"
        "hand = studrules.Hand(studrules.load_variant('razz'), ['Ann', 'Bob'], 100)\n"
        "reveal_type(hand.legal_actions())\n"
        "hand.legal_actoins()\n"
    )
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--no-incremental",
            "--cache-dir",
            str(tmp_path / "c"),
            str(program),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert 'Revealed type is "tuple[studrules.game.actions.LegalAction, ...]"' in run.stdout, run.stdout
    assert '"Hand" has no attribute "legal_actoins"' in run.stdout  # a typo is found
    assert "Class cannot subclass" not in run.stdout
