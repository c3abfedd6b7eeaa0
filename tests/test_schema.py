"""The variant schema (issue 3, "Schema and errors").

"schemas/variant.schema.json (JSON Schema 2020-12) is the single definition of
what is allowed." "Every error carries file, line, column, the field path and
a message in plain words; misspelt keys and names get 'did you mean'."
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from studrules.errors import SpecError, SpecErrors
from studrules.spec.loader import load_variant, shipped_variants
from studrules.spec.merge import without_nulls
from studrules.spec.schema import schema, schema_errors, schema_path, schema_text
from studrules.spec.source import plain, read_document

BAD = Path(__file__).parent / "bad_variants"


def errors_of(name: str) -> list[SpecError]:
    try:
        load_variant(BAD / name)
    except SpecErrors as err:
        return err.errors
    except SpecError as err:
        return [err]
    raise AssertionError(f"{name} loaded without an error")


def errors_in(text: str, *, complete: bool = True) -> list[SpecError]:
    doc = read_document(text, file="t.yaml")
    return schema_errors(doc.data, doc.file, complete=complete)


def test_the_schema_is_a_valid_2020_12_schema_with_an_id():
    s = json.loads(schema_path().read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(s)
    assert s["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert s["$id"].endswith("variant.schema.json")
    assert schema_text().startswith("{")


def _properties(node, where=""):
    if isinstance(node, dict):
        for name, sub in (node.get("properties") or {}).items():
            yield f"{where}.{name}", sub
        for key, value in node.items():
            yield from _properties(value, f"{where}/{key}")
    elif isinstance(node, list):
        for item in node:
            yield from _properties(item, where)


def test_every_property_has_a_description_for_editors():
    defs = schema()["$defs"]
    missing = []
    for where, sub in _properties(schema()):
        if "/then" in where or "/if" in where or "/else" in where:
            continue  # the conditional parts only add requirements to described fields
        target = defs[sub["$ref"].rsplit("/", 1)[1]] if "$ref" in sub else {}
        if not (sub.get("description") or target.get("description") or target.get("title")):
            missing.append(where)
    assert missing == []


@pytest.mark.parametrize("path", shipped_variants(), ids=lambda p: p.stem)
def test_every_shipped_file_is_valid_as_written(path):
    """A child file (extends) is a partial document: it may leave fields out,
    or set them to null to take the base's value out."""
    doc = read_document(path)
    assert schema_errors(doc.data, doc.file, complete=False) == []
    data = plain(doc.data)
    Draft202012Validator(schema()).validate(without_nulls(data) if "extends" in data else data)


def test_a_file_with_extends_may_leave_out_steps_but_not_its_name():
    assert errors_in("extends: five-card-stud\nname: mine\n", complete=False) == []
    (e,) = errors_in("extends: five-card-stud\ntitle: Mine\n", complete=False)
    assert (e.location.line, e.location.column) == (1, 1)
    assert e.message == "missing field 'name' at the top level of the file"


def test_a_complete_variant_needs_name_and_steps():
    messages = [e.message for e in errors_in("title: nothing\n")]
    assert messages == [
        "missing field 'name' at the top level of the file",
        "missing field 'steps' at the top level of the file",
    ]


def test_option_changes_are_checked_loosely_as_a_mapping():
    text = (
        "name: x\nsteps:\n  - deal: {players: [up]}\n"
        "options:\n  o:\n    choices:\n      a: {changes: {steps: [{deal: {id: d, remove: true}}]}}\n      b: {changes: [1]}\n"
    )
    (e,) = errors_in(text)
    assert (e.location.line, e.location.column) == (8, 20)
    assert e.message == "expected a mapping of fields, found a list"


# --- bad files: the words and the place of each message -------------------


def test_a_misspelt_step_kind_gets_did_you_mean():
    (e,) = errors_of("misspelt-step.yaml")
    assert (e.location.line, e.location.column) == (5, 5)
    assert e.message == "unknown step 'betting_round': did you mean 'betting'?"


def test_a_misspelt_key_points_at_the_key_with_did_you_mean():
    (e,) = errors_of("misspelt-key.yaml")
    assert (e.location.line, e.location.column) == (8, 7)
    assert e.message == "unknown field 'bringin' in a betting step: did you mean 'bring_in'?"
    assert str(e).endswith("misspelt-key.yaml:8:7: steps[1].betting.bringin: " + e.message)


def test_a_wrong_rule_word_lists_the_words_allowed():
    (e,) = errors_of("wrong-enum.yaml")
    assert (e.location.line, e.location.column) == (8, 18)
    assert e.message.startswith("unknown betting structure 'fixed_limits': did you mean 'fixed_limit'?")
    assert "fixed_limit, pot_limit, no_limit" in e.message


def test_a_betting_round_without_its_bet():
    (e,) = errors_of("missing-bet.yaml")
    assert (e.location.line, e.location.column) == (5, 14)
    assert e.message == "missing field 'bet' in a betting step"


def test_fields_not_indented_under_the_step_kind_are_said_once():
    (e,) = errors_of("fields-not-indented.yaml")
    assert (e.location.line, e.location.column) == (4, 5)
    assert e.message == (
        "a step is a mapping with one key, its kind; this one has 2: deal, players "
        "(are the fields of 'deal:' indented under it?)"
    )


def test_an_unquoted_yes_read_as_true_gets_a_hint():
    (e,) = errors_of("yes-unquoted.yaml")
    assert (e.location.line, e.location.column) == (6, 14)
    assert "found true" in e.message and "put the word in quotes" in e.message


def test_an_unknown_ranking_in_a_list_points_at_the_item():
    (e,) = errors_of("unknown-ranking.yaml")
    assert (e.location.line, e.location.column) == (6, 47)
    assert e.location.path == ("steps", 2, "showdown", "rankings", 1)
    # the nearest real name, since ace-to-six low is a ranking too
    assert e.message.startswith("unknown ranking 'ace_to_6_low': did you mean 'ace_to_six_low'?")


def test_a_stake_may_not_take_the_name_of_a_hand():
    (e,) = errors_of("reserved-stake-name.yaml")
    assert (e.location.line, e.location.column) == (4, 3)
    assert e.message == "the stake name 'pair' is already a hand (as in 'hand >= pair'): choose another name"


def test_all_errors_of_a_file_are_reported_together_in_order():
    errors = errors_of("many-errors.yaml")
    assert [(e.location.line, e.location.column) for e in errors] == [(2, 7), (5, 50), (6, 49), (7, 40)]
    assert errors[0].message.startswith("unknown kind 'pots': did you mean 'pot'?")
    assert errors[1].message.startswith("unknown face 'upp': did you mean 'up'?")
    assert errors[2].message == "-1 is too small for cap: the least allowed is 0"
    assert errors[3].message.startswith("unknown odd-chip rule 'closest': choose one of")


def test_a_stake_name_that_is_not_a_word_points_at_the_key():
    (e,) = errors_in("name: x\nstakes:\n  Low Limit: 2\nsteps:\n  - deal: {players: [up]}\n")
    assert (e.location.line, e.location.column) == (3, 3)
    assert e.message.startswith("'Low Limit' is not a valid stake name: use lower-case letters")


def test_a_float_amount_is_not_a_number_of_chips():
    (e,) = errors_in("name: x\nstakes: {ante: 2.5}\nsteps:\n  - deal: {players: [up]}\n")
    assert (e.location.line, e.location.column) == (2, 16)
    assert e.message.startswith("expected an amount")
    assert "(amounts are whole numbers of chips)" in e.message


def test_a_step_without_fields_says_so():
    (e,) = errors_in("name: x\nsteps:\n  - deal:\n")
    assert (e.location.line, e.location.column) == (3, 10)
    assert e.message == "the deal step has no fields: give them as a mapping indented under 'deal:'"


def test_the_schema_words_are_the_models_words():
    """The schema and the Python vocabulary must not drift apart."""
    from studrules.cards.rankings import RANKING_NAMES
    from studrules.spec.model import FIRST_TO_ACT_RULES, SHOWDOWN_ORDER, STRUCTURES, TIE_BREAKS
    from studrules.spec.vocabulary import hand_constants

    defs = schema()["$defs"]
    assert tuple(defs["ranking"]["enum"]) == RANKING_NAMES
    assert tuple(defs["first_to_act"]["then"]["enum"]) == FIRST_TO_ACT_RULES
    assert tuple(defs["tie_break"]["enum"]) == TIE_BREAKS
    assert tuple(defs["showdown_step"]["properties"]["order"]["items"]["enum"]) == SHOWDOWN_ORDER
    assert tuple(defs["betting_step"]["properties"]["structure"]["enum"]) == STRUCTURES
    pay_table = defs["settle_step"]["properties"]["pay_table"]["propertyNames"]["anyOf"][0]["enum"]
    assert set(pay_table) == set(hand_constants()) - {"ace_king"}


def _patterns(node: object) -> set[str]:
    if isinstance(node, dict):
        found = {node["pattern"]} if isinstance(node.get("pattern"), str) else set()
        return found.union(*(_patterns(v) for v in node.values()))
    if isinstance(node, list):
        return set().union(*(_patterns(v) for v in node))
    return set()


def test_every_pattern_of_the_schema_is_explained_in_words():
    from studrules.spec.schema import _PATTERN_WORDS

    unexplained = _patterns(schema()) - set(_PATTERN_WORDS)
    assert not unexplained, f"patterns a misspelt value would meet with no words: {sorted(unexplained)}"


def test_a_wild_rank_written_as_a_card_says_how_to_write_ranks():
    (e,) = errors_in("name: x\nwild: {ranks: 2s}\nsteps:\n  - deal: {players: [up]}\n")
    assert (e.location.line, e.location.column) == (2, 15)
    assert e.message == (
        "'2s' is not valid for ranks: give ranks from 23456789TJQKA (T for ten) written together, "
        "e.g. '2' for deuces wild, '39' for threes and nines"
    )
