"""Every step kind is whole: each has its place in every layer.

A step kind (``ante``, ``deal``, ``betting``...) is one frozen class of the
model, and a new kind touches one place per layer (CONTRIBUTING.md, "Add a
step kind"). This test walks the model's kinds and fails, naming the kind and
the place, when one is missing, so a kind is never half there.
"""

from __future__ import annotations

import inspect

import pytest

from studrules.analysis import diff as diff_module, diff_rows, rulebook
from studrules.game.hand import Hand
from studrules.spec import build, model
from studrules.spec.loader import load_variant, shipped_variants
from studrules.spec.model import _STEP_KINDS, Step
from studrules.spec.schema import schema

#: What a hand shows of each kind when it is played: the events only that
#: kind's step makes. A new kind needs its line here.
EVENTS_OF = {
    "ante": {"ante"},
    "blinds": {"blind"},
    "deal": {"deal", "burn", "community"},
    "betting": {"bring_in", "complete", "bet", "raise", "call", "check"},
    "decision": {"fold", "raise"},
    "declare": {"declare"},
    "draw": {"discard"},
    "expose": {"expose"},
    "pass": {"pass", "receive"},
    "split": {"split"},
    "reveal": {"reveal"},
    "showdown": {"show", "muck"},
    "settle": {"settle", "push"},
}

KINDS = sorted(_STEP_KINDS.items(), key=lambda item: item[1])


def _shipped_with(cls: type[Step]):
    for name in shipped_variants():
        variant = load_variant(name)
        if any(isinstance(step, cls) for step in variant.steps):
            return variant
    return None


def test_every_model_step_class_is_a_kind():
    steps = {c for c in vars(model).values() if isinstance(c, type) and issubclass(c, Step) and c is not Step}
    assert steps == set(_STEP_KINDS), "a Step class without a kind (or a kind without its class)"


@pytest.mark.parametrize("cls, kind", KINDS, ids=[k for _, k in KINDS])
def test_the_schema_has_the_kind(cls, kind):
    defs = schema()["$defs"]
    ref = defs["step"]["properties"].get(kind, {}).get("$ref")
    assert ref == f"#/$defs/{kind}_step", f"the schema's $defs/step has no '{kind}'"
    assert f"{kind}_step" in defs
    assert kind in defs["step"]["description"], "the step's description lists every kind"


@pytest.mark.parametrize("cls, kind", KINDS, ids=[k for _, k in KINDS])
def test_the_builder_builds_the_kind(cls, kind):
    assert callable(getattr(build._Builder, f"_step_{kind}", None)), f"spec/build.py has no _step_{kind}"


@pytest.mark.parametrize("cls, kind", KINDS, ids=[k for _, k in KINDS])
def test_a_shipped_variant_plays_the_kind_and_the_hand_shows_it(cls, kind):
    variant = _shipped_with(cls)
    assert variant is not None, f"no shipped variant has a '{kind}' step: the invariant tests never play it"
    assert kind in EVENTS_OF, f"say here which events a '{kind}' step makes"
    seen: set[str] = set()
    for seed in range(8):
        players = [f"P{i}" for i in range(max(2, variant.seats.min))]
        hand = Hand(variant, players, 10_000, seed=seed)
        while not hand.is_over:
            hand.apply(hand.default_action())
        seen |= {e.type for e in hand.events}
    assert seen & EVENTS_OF[kind], f"{variant.name}: no event of its '{kind}' step in 8 hands"


@pytest.mark.parametrize("cls, kind", KINDS, ids=[k for _, k in KINDS])
def test_the_rule_book_and_diff_speak_of_the_kind(cls, kind):
    # the diff's rows of the steps where players choose something are in diff_rows
    for name, modules in (("rulebook", (rulebook,)), ("diff", (diff_module, diff_rows))):
        assert any(cls.__name__ in inspect.getsource(m) for m in modules), f"{name} never names {cls.__name__}"
