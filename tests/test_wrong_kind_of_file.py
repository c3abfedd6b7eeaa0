"""A strategy file given where a variant is read, or a variant where a strategy is, is named for
what it is, in one located message, not as every field the other kind of file lacks."""

from __future__ import annotations

import pytest

from studrules.cli.main import main
from studrules.errors import SpecErrors
from studrules.spec.loader import load_variant
from studrules.spec.strategies import load_strategy


def test_a_strategy_file_read_as_a_variant_is_said_to_be_a_strategy():
    # strategies/basic.yaml: name, game, rules (no steps)
    with pytest.raises(SpecErrors) as e:
        load_variant("strategies/basic.yaml")
    (error,) = e.value.errors
    assert str(error) == (
        "strategies/basic.yaml:1:1: this is a strategy file (it has 'rules'), not a variant (which has 'steps'): "
        "a strategy is given with --strategy FILE"
    )


def test_a_variant_file_read_as_a_strategy_is_said_to_be_a_variant():
    with pytest.raises(SpecErrors) as e:
        load_strategy("variants/three-card-poker.yaml")
    (error,) = e.value.errors
    assert "this is a variant file (it has 'steps'), not a strategy" in str(error)


def test_the_command_line_says_it_in_one_line_and_exits_1(capsys):
    assert main(["analyze", "three-card-poker", "--strategy", "variants/three-card-poker.yaml"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "not a strategy" in err[0]
