"""The README's benchmark commands run as written: every script it names is in
``benchmarks/``, every script there is in the README, and (soak: together they
take minutes) each command runs to its figures, with ``DIR`` (the tree a
``--base-tree`` or ``random_ab.py`` compares with) a copy of this one. A
time target a script reports as not met is no failure here: timings are
the benchmarks' to print, not the tests' to judge.

The peers (PokerKit, eval7, treys) are the ``bench`` extra. ``simulate.py``
measures studrules alone without PokerKit; ``evaluator.py`` needs both of its
peers, and its command is skipped where one is missing."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# the README and the page that keeps the longer story of its figures
README = "\n".join((ROOT / name).read_text(encoding="utf-8") for name in ("README.md", "docs/performance.md"))


def _commands() -> list[str]:
    """Every ``python benchmarks/NAME.py ...`` of the README, once each, as written:
    in backticks (a table cell or the text, wrapped or not) or on a line of a code block."""
    inline = re.findall(r"`(python\s+benchmarks/[^`]*)`", README)
    blocks = [
        line.split(" #")[0]
        for lang, block in re.findall(r"```(\w*)\n(.*?)```", README, re.S)
        if lang in ("", "sh", "bash", "text")
        for line in block.splitlines()
        if line.startswith("python benchmarks/")
    ]
    return sorted({" ".join(c.split()) for c in inline + blocks})


def test_the_readme_names_every_benchmark_and_only_those_there():
    named = {re.match(r"python benchmarks/(\w+\.py)", c).group(1) for c in _commands()}  # type: ignore[union-attr]
    there = {p.name for p in (ROOT / "benchmarks").glob("*.py") if not p.name.startswith("_")}
    assert named, "the README names no benchmark"
    assert named <= there, f"the README names scripts that are not in benchmarks/: {sorted(named - there)}"
    assert there <= named, f"scripts in benchmarks/ that the README does not show: {sorted(there - named)}"


@pytest.fixture(scope="module")
def base_tree(tmp_path_factory) -> Path:
    """A copy of this tree for the commands' DIR (the code before a change, in the README's use)."""
    tree = tmp_path_factory.mktemp("base") / "tree"
    shutil.copytree(
        ROOT,
        tree,
        ignore=shutil.ignore_patterns(".git", "__pycache__", "artifacts", ".venv", "*.egg-info", ".mypy_cache"),
    )
    return tree


#: The peers a script cannot run without (the others measure studrules alone without theirs).
NEEDS = {"evaluator.py": ("treys", "eval7")}


@pytest.mark.soak
@pytest.mark.parametrize("command", _commands())
def test_a_readme_benchmark_runs(command, base_tree, tmp_path):
    script = re.match(r"python benchmarks/(\w+\.py)", command).group(1)  # type: ignore[union-attr]
    for module in NEEDS.get(script, ()):
        pytest.importorskip(module, reason=f"{script} compares with {module}: pip install '.[bench]'")
    args = [str(base_tree) if a == "DIR" else a for a in shlex.split(command)]
    assert args[0] == "python"
    done = subprocess.run(
        [sys.executable, *args[1:]],
        cwd=ROOT,
        env=dict(os.environ, HOME=str(tmp_path)),  # (a script's caches go there, not to the user's)
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    # a script that says a time target is "NOT met" exits 1: a verdict on this machine's
    # speed, which a test does not judge (the figures are the benchmark's business); any
    # other failure (a traceback, a disagreement with a reference) fails
    timing_verdict = done.returncode == 1 and "NOT met" in done.stdout
    assert done.returncode == 0 or timing_verdict, done.stdout[-2000:] + done.stderr[-3000:]
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
    assert re.search(r"\d", done.stdout), f"no figures printed: {done.stdout[-2000:]!r}"
