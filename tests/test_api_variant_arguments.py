"""The analysis functions of the Python API take loaded variants; a name or anything else given
in their place is a StudrulesError that says how to load one, not an AttributeError from inside."""

from __future__ import annotations

import pytest

import studrules
from studrules.errors import StudrulesError

FR = "five-card-stud-fr"


@pytest.mark.parametrize(
    "call",
    [
        lambda v: studrules.diff(FR, v),
        lambda v: studrules.diff(v, FR),
        lambda v: studrules.explain(FR),
        lambda v: studrules.compare(FR, v, deals=3, seed=1),
        lambda v: studrules.diff_matrix([v, FR]),
    ],
)
def test_a_name_given_for_a_variant_is_told_how_to_load_it(call):
    v = studrules.load_variant(FR)
    with pytest.raises(StudrulesError, match=r"takes loaded variants: studrules\.load_variant\('five-card-stud-fr'\)"):
        call(v)


def test_something_else_given_for_a_variant_is_named():
    with pytest.raises(
        StudrulesError, match=r"compare takes loaded variants \(studrules\.load_variant\(NAME or FILE\)\), not 3"
    ):
        studrules.compare(studrules.load_variant(FR), 3, deals=3, seed=1)
