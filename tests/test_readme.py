"""The README runs as written: its hand script plays, its variant example
loads, its strategy example loads, its Python blocks run without a warning,
and (soak: they take a minute together)
every `studrules` command of its shell blocks exits 0 in an empty folder
with no terminal."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```(\w*)\n(.*?)```", README, re.S)


def _yaml_blocks(key: str) -> list[str]:
    return [b for lang, b in BLOCKS if lang == "yaml" and re.search(rf"^{key}:", b, re.M)]


def _example_files() -> dict[str, str]:
    """The YAML examples a reader saves under the name their first line gives (``# friday.yaml: ...``)."""
    named = (re.match(r"# ([\w.-]+\.yaml):", b) for lang, b in BLOCKS if lang == "yaml")
    return {m.group(1): m.string for m in named if m}


def _commands() -> list[str]:
    out = []
    for lang, block in BLOCKS:
        if lang not in ("sh", "bash"):
            continue
        for line in block.splitlines():
            line = line.split(" #")[0].strip()
            if line.startswith("studrules "):
                out.append(line)
    return out


def test_the_readme_hand_script_plays_as_written():
    from studrules.records.script import play_script

    (script,) = _yaml_blocks("actions")
    out = play_script(yaml.safe_load(script))
    assert out["events"]  # it played: an illegal or out-of-turn action would have raised


def test_the_readme_variant_example_loads(tmp_path):
    from studrules.spec.loader import load_variant

    (text,) = [b for b in _yaml_blocks("name") if "steps:" in b and b not in _example_files().values()]
    (tmp_path / "notes.txt").write_text("my notes\n", encoding="utf-8")
    path = tmp_path / "my-stud.yaml"
    path.write_text(text, encoding="utf-8")
    assert load_variant(path).name == "my-stud"


def test_the_readme_strategy_examples_load_for_their_games(tmp_path):
    # each is a whole file, as a reader saves it and gives it to --strategy
    from studrules.spec.loader import load_variant
    from studrules.spec.strategies import load_strategy

    blocks = [b for b in _yaml_blocks("name") if "rules:" in b and "steps:" not in b]
    assert len(blocks) == 2
    for block, game in zip(blocks, ("caribbean-stud-it", "mississippi-stud"), strict=True):
        path = tmp_path / "strategy.yaml"
        path.write_text(block, encoding="utf-8")
        assert load_strategy(path, load_variant(game)).name.startswith("my-")


def test_the_readme_house_rule_example_changes_what_its_diff_says(tmp_path):
    from studrules.analysis.diff import diff
    from studrules.spec.loader import load_variant

    files = _example_files()
    assert "friday.yaml" in files
    (tmp_path / "friday.yaml").write_text(files["friday.yaml"], encoding="utf-8")
    found = diff(load_variant("seven-card-stud"), load_variant(tmp_path / "friday.yaml"))
    # the three rules the file writes (the wild twos also make five of a kind, the best hand, and
    # a wild card in a flush an ace: wild.in_flush's default)
    assert {d.rule for d in found} == {"wild ranks", "five of a kind", "wild card in a flush", "bring-in", "raise cap"}
    cap = next(d for d in found if d.rule == "raise cap")
    assert (cap.topic, "4 raises" in cap.b) == ("round 5", True)


def test_the_readme_shows_commands():
    assert len(_commands()) >= 10


@pytest.mark.soak
@pytest.mark.parametrize("command", _commands())
def test_a_readme_command_runs(command, tmp_path):
    for name, text in _example_files().items():  # (saved as a reader saves them)
        (tmp_path / name).write_text(text, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    args = shlex.split(command)
    done = subprocess.run(
        [sys.executable, "-m", "studrules", *args[1:]],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]


def test_the_readme_python_blocks_run_without_a_warning():
    # run from the repository, as its paths (tests/scenarios/...) are written; a
    # warning (a stake order turned round, a deprecation) is an error here
    blocks = [b for lang, b in BLOCKS if lang == "python"]
    assert blocks
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    for block in blocks:
        done = subprocess.run(
            [sys.executable, "-W", "error", "-c", block],
            cwd=ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr[-2000:]
