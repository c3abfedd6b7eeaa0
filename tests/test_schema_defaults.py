"""The schemas' defaults are the loader's (schemas/*.schema.json).

An editor that reads the schema (every shipped file names it on its first
line) shows a field's ``default`` to whoever writes a variant: a default the
loader does not apply would mislead him. For every property of the schemas
that states a default, a small valid file holding that property's mapping is
loaded twice, once without the property and once with it set to the schema's
default, and the two loaded models must be equal. The cases come from the
schemas themselves, so a default added later is tested too; a mapping the
table below has no file for fails the test until it gets one.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from studrules.spec.loader import load_variant_text
from studrules.spec.resources import schemas_dir
from studrules.spec.strategies import load_strategy_text

SCHEMAS = ("variant", "strategy")


def _schema(kind: str) -> dict[str, Any]:
    return json.loads((schemas_dir() / f"{kind}.schema.json").read_text(encoding="utf-8"))


def stated_defaults(schema: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """``(mapping, property, its schema)`` for each property that states a default.

    ``mapping`` names the object that holds the property: ``""`` for the top
    level, a ``$defs`` entry by its name (``betting_step``), and a mapping
    inside either by the way there: ``.deck``, ``.when_dealt_up[]`` (an item),
    ``settle_step.side_bets{}`` (any entry), ``expose_step.count:else`` (the
    branch of an if/then/else), ``rules[]|1`` (the second of a oneOf)."""

    def walk(node: Any, where: str) -> Iterator[tuple[str, str, dict[str, Any]]]:
        if not isinstance(node, dict):
            return
        for name, sub in (node.get("properties") or {}).items():
            if isinstance(sub, dict) and "default" in sub:
                yield where, name, sub
            yield from walk(sub, f"{where}.{name}")
        for key, mark in (("items", "[]"), ("additionalProperties", "{}")):
            yield from walk(node.get(key), where + mark)
        for key in ("if", "then", "else"):
            yield from walk(node.get(key), f"{where}:{key}")
        for key in ("oneOf", "anyOf", "allOf"):
            for i, sub in enumerate(node.get(key) or ()):
                yield from walk(sub, f"{where}|{i}")

    yield from walk(schema, "")
    for name, definition in (schema.get("$defs") or {}).items():
        yield from walk(definition, name)


# --- the small files: one that holds each kind of mapping, and where -------

POT: dict[str, Any] = {
    "name": "host",
    "seats": {"min": 2, "max": 6},
    "stakes": {"ante": 1, "bring_in": 1, "bet": 2},
    "steps": [
        {"ante": {"id": "ante", "amount": "ante"}},
        {"deal": {"id": "deal", "players": ["down", "up"]}},
        {"betting": {"id": "first", "bet": "bet", "bring_in": {"amount": "bring_in"}}},
        {"deal": {"id": "more", "players": ["up", "up", "down"]}},
        {"betting": {"id": "last", "bet": "bet", "first_to_act": {"rule": "best_visible"}}},
        {"showdown": {"id": "showdown"}},
    ],
}


def pot(**top: Any) -> dict[str, Any]:
    """The pot game above with top-level fields added or replaced."""
    return {**copy.deepcopy(POT), **top}


def pot_with(index: int, *steps: dict[str, Any]) -> dict[str, Any]:
    """The pot game with ``steps`` put in before its step number ``index``."""
    doc = pot()
    doc["steps"][index:index] = [copy.deepcopy(s) for s in steps]
    return doc


def draw_steps(draw: dict[str, Any]) -> dict[str, Any]:
    """The pot game with five cards down and a draw before the last round."""
    doc = pot_with(4, {"draw": draw})
    doc["steps"][3] = {"deal": {"id": "more", "players": ["down", "down", "down"]}}
    return doc


def two_ways(doc: dict[str, Any]) -> dict[str, Any]:
    """The game with its pots split high and low (for a declare)."""
    doc["steps"][-1]["showdown"]["rankings"] = ["high", "ace_to_five_low"]
    return doc


def split_hands() -> dict[str, Any]:
    """The pot game with seven cards, split into a five-card and a two-card hand."""
    doc = two_ways(pot_with(5, {"split": {"id": "split"}}))
    doc["steps"][3] = {"deal": {"id": "more", "players": ["up", "up", "up", "up", "down"]}}
    doc["steps"][-1]["showdown"]["rankings"] = ["high", "two_card_high"]
    return doc


BANKED: dict[str, Any] = {
    "name": "host",
    "kind": "banked",
    "seats": {"min": 1, "max": 5, "positions": [1, 5]},
    "stakes": {"ante": 10},
    "steps": [
        {"ante": {"id": "ante", "amount": "ante"}},
        {"deal": {"id": "deal", "players": ["down"] * 5, "house": ["down"] * 4 + ["up"]}},
        {"decision": {"id": "decision", "raise": "2 * ante"}},
        {"reveal": {"id": "reveal"}},
        {"settle": {"id": "settle", "qualify": "house >= ace_king", "pay_table": {"pair": 1, "flush": 5}}},
    ],
}


def banked_settle(**fields: Any) -> dict[str, Any]:
    doc = copy.deepcopy(BANKED)
    doc["steps"][4]["settle"].update(fields)
    return doc


BETTING = ("steps", 4, "betting")
SETTLE = ("steps", 4, "settle")
STRATEGY: dict[str, Any] = {"name": "host", "rules": [{"hands": {"AA": "raise"}}, {"otherwise": "fold"}]}

#: for each schema: mapping (as :func:`stated_defaults` names it) -> (a file holding it, the path to it)
VARIANT_HOSTS: dict[str, tuple[dict[str, Any], tuple[Any, ...]]] = {
    "": (pot(), ()),
    ".deck": (pot(), ("deck",)),
    # a joker and a wild rank: the wild rules are read
    ".wild": (pot(deck={"jokers": 1}, wild={"ranks": "2"}), ("wild",)),
    ".when_dealt_up[]": (pot(when_dealt_up=[{"rank": "4", "price": "bet"}]), ("when_dealt_up", 0)),
    ".seats": (pot(), ("seats",)),
    ".void": (pot(), ("void",)),
    # an empty kill is no kill at all: give it a field of its own
    ".kill": (pot(kill={"min_pot": 10}), ("kill",)),
    "first_to_act:else": (pot(), BETTING + ("first_to_act",)),
    "bring_in": (pot(), ("steps", 2, "betting", "bring_in")),
    "alternative": (
        pot_with(4, {"betting": {"id": "open", "bet": "bet", "alternatives": [{"bet": 4}]}}),
        ("steps", 4, "betting", "alternatives", 0),
    ),
    "ante_step": (pot(), ("steps", 0, "ante")),
    "blinds_step": (
        {
            "name": "host",
            "steps": [
                {"blinds": {"id": "blinds", "amounts": [1, 2]}},
                {"deal": {"id": "deal", "players": ["down", "down", "up", "up", "up"]}},
                {"betting": {"id": "round", "bet": 2, "first_to_act": "after_blinds"}},
                {"showdown": {"id": "showdown"}},
            ],
        },
        ("steps", 0, "blinds"),
    ),
    # a deal beside those the showdown needs: without its players' cards it is still a game
    "deal_step": (pot_with(5, {"deal": {"id": "board", "community": ["up"]}}), ("steps", 5, "deal")),
    "draw_step": (draw_steps({"id": "draw", "discard": {"max": 3}}), ("steps", 4, "draw")),
    "draw_step.discard": (
        draw_steps({"id": "draw", "discard": {"max": 3}}),
        ("steps", 4, "draw", "discard"),
    ),
    "expose_step": (pot_with(4, {"expose": {"id": "expose"}}), ("steps", 4, "expose")),
    "expose_step.count:else": (
        pot_with(4, {"expose": {"id": "expose", "count": {"max": 1}}}),
        ("steps", 4, "expose", "count"),
    ),
    "betting_step": (pot(), BETTING),
    "declare_step": (two_ways(pot_with(5, {"declare": {"id": "declare"}})), ("steps", 5, "declare")),
    "showdown_step": (pot(), ("steps", 5, "showdown")),
    "pass_step": (pot_with(4, {"pass": {"id": "pass"}}), ("steps", 4, "pass")),
    "split_step": (split_hands(), ("steps", 5, "split")),
    "decision_step": (copy.deepcopy(BANKED), ("steps", 2, "decision")),
    "reveal_step": (copy.deepcopy(BANKED), ("steps", 3, "reveal")),
    "settle_step": (copy.deepcopy(BANKED), SETTLE),
    "settle_step.not_qualified": (banked_settle(), SETTLE + ("not_qualified",)),
    # a payout written as a mapping (a word has no odds of its own)
    "payout:else": (
        banked_settle(not_qualified={"ante": {"result": "win"}}),
        SETTLE + ("not_qualified", "ante"),
    ),
    "settle_step.side_bets{}": (
        banked_settle(side_bets={"pair_plus": {"amount": 0, "pay_table": {"pair": 1}}}),
        SETTLE + ("side_bets", "pair_plus"),
    ),
}
STRATEGY_HOSTS: dict[str, tuple[dict[str, Any], tuple[Any, ...]]] = {
    "": (STRATEGY, ()),
    "rules[]|1": (STRATEGY, ("rules", 0)),  # a table of hands
}
HOSTS = {"variant": VARIANT_HOSTS, "strategy": STRATEGY_HOSTS}

#: defaults no file of the table can show, with the reason (keep it short)
UNREACHABLE: dict[tuple[str, str, str], str] = {}


def _cases() -> list[tuple[str, str, str, Any]]:
    return [
        (kind, where, name, sub["default"])
        for kind in SCHEMAS
        for where, name, sub in stated_defaults(_schema(kind))
        if (kind, where, name) not in UNREACHABLE
    ]


def _host(kind: str, where: str) -> tuple[dict[str, Any], tuple[Any, ...]]:
    if where not in HOSTS[kind]:
        raise AssertionError(f"no file in the test holds the {kind} schema's '{where}': add one to its table")
    doc, path = HOSTS[kind][where]
    return copy.deepcopy(doc), path


def _mapping_at(doc: dict[str, Any], path: tuple[Any, ...]) -> dict[str, Any]:
    """The mapping at ``path`` (made, empty, where the file leaves it out)."""
    node: Any = doc
    for key in path:
        if isinstance(node, dict) and key not in node:
            node[key] = {}
        node = node[key]
    assert isinstance(node, dict), path
    return node


def _load(kind: str, doc: dict[str, Any]) -> Any:
    text = json.dumps(doc, indent=1)  # JSON is YAML
    return load_variant_text(text) if kind == "variant" else load_strategy_text(text)


@pytest.mark.parametrize(("kind", "where", "name", "default"), _cases(), ids=lambda v: repr(v) if v == "" else None)
def test_a_property_left_out_loads_as_its_schema_default(kind, where, name, default):
    doc, path = _host(kind, where)
    without = copy.deepcopy(doc)
    _mapping_at(without, path).pop(name, None)
    written = copy.deepcopy(doc)
    _mapping_at(written, path)[name] = copy.deepcopy(default)
    assert _load(kind, written) == _load(kind, without)


def test_every_mapping_with_a_default_has_a_file_and_none_is_left_unused():
    wanted = {(kind, where) for kind in SCHEMAS for where, _, _ in stated_defaults(_schema(kind))}
    given = {(kind, where) for kind in SCHEMAS for where in HOSTS[kind]}
    assert wanted - given == set()
    assert given - wanted == set()


@pytest.mark.parametrize("kind", SCHEMAS)
def test_the_schema_is_valid_and_each_default_is_a_value_its_field_allows(kind):
    schema = _schema(kind)
    Draft202012Validator.check_schema(schema)
    refused = [
        f"{where}.{name}: {error.message}"
        for where, name, sub in stated_defaults(schema)
        for error in Draft202012Validator({**sub, "$defs": schema.get("$defs", {})}).iter_errors(sub["default"])
    ]
    assert refused == []


def test_the_files_of_the_table_are_valid_as_they_stand():
    for kind in SCHEMAS:
        validator = Draft202012Validator(_schema(kind))
        for where, (doc, _) in HOSTS[kind].items():
            assert list(validator.iter_errors(doc)) == [], where
            _load(kind, doc)
