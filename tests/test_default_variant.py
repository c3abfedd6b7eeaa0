"""The default variant is data (variants/DEFAULT), and loading from YAML text.

DESIGN.md: "No variant's name ... appears in Python": the variant `studrules
play` starts with no argument is named in variants/DEFAULT; the README's quick
start plays the French text's five-card stud.
"""

from __future__ import annotations

import pytest
from cli_support import studrules_process

from studrules.errors import SpecError, SpecErrors
from studrules.spec.loader import load_variant, load_variant_text, shipped_variants
from studrules.spec.resources import default_variant, variants_dir


def test_the_default_variant_is_the_one_variants_default_names():
    assert default_variant() == (variants_dir() / "DEFAULT").read_text(encoding="utf-8").strip()


def test_the_default_is_the_readme_quick_starts_french_five_card_stud():
    assert default_variant() == "five-card-stud-fr"
    assert default_variant() in [p.stem for p in shipped_variants()]


def test_the_default_file_is_not_a_shipped_variant():
    assert all(p.suffix == ".yaml" for p in shipped_variants())
    assert "DEFAULT" not in [p.stem for p in shipped_variants()]


def test_play_without_a_variant_plays_the_default():
    out = studrules_process("play", "--seed", "5")
    assert out.returncode == 0, out.stderr
    assert load_variant(default_variant()).title in out.stdout


def test_a_variant_from_text_is_the_same_as_from_its_file(tmp_path):
    path = variants_dir() / f"{default_variant()}.yaml"
    from_file = load_variant(path, stakes={"low_limit": 40})
    from_text = load_variant_text(path.read_text(encoding="utf-8"), stakes={"low_limit": 40}, file=str(path))
    assert from_text == from_file


def test_a_variant_from_text_extends_a_shipped_one():
    v = load_variant_text(f"extends: {default_variant()}\nname: mine\n")
    assert v.name == "mine" and v.extends == default_variant()
    assert v.steps == load_variant(default_variant()).steps


def test_a_one_line_text_naming_a_file_is_read_as_text(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x").write_text((variants_dir() / f"{default_variant()}.yaml").read_text(encoding="utf-8"))
    with pytest.raises(SpecError, match="must be a mapping"):
        load_variant_text("x")


def test_errors_in_text_name_the_given_file_line_and_column():
    with pytest.raises(SpecErrors) as err:
        load_variant_text("name: mine\nkind: pot\nsteps:\n  - betting: {bet: nothing}\n", file="mine.yaml")
    assert all(str(e.location).startswith("mine.yaml:") for e in err.value.errors)
