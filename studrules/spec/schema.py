"""Validation against ``schemas/variant.schema.json``, in plain words.

The schema is the single definition of what a variant file may say; it is
read and compiled once, the first time it is needed. :func:`schema_errors`
reports *every* problem of a document, each located at the line and column
of the offending value (or of the misspelt key) and phrased for an author,
not in the validator's own words::

    >>> from studrules.spec.source import read_document
    >>> doc = read_document("name: x\\nsteps:\\n  - betting_round: {bet: 2}\\n", file="v.yaml")
    >>> for e in schema_errors(doc.data, doc.file): print(e)
    v.yaml:3:5: steps[0]: unknown step 'betting_round': did you mean 'betting'?

A file with ``extends`` is a partial document: it may leave out what it takes
from its parent. The loader validates the merged result in full
(``complete=True``, the default).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import YES_NO_WORDS, Location, SpecError, close_matches, field_words, in_order, some_names
from .expressions import KEYWORDS
from .merge import without_nulls
from .source import FieldPath, locate

if TYPE_CHECKING:  # pragma: no cover - jsonschema is imported when the schema is first used
    from jsonschema import Draft202012Validator, ValidationError

__all__ = ["schema_errors", "options_schema_errors", "schema_path", "schema_text", "schema", "SCHEMA_FILE"]

SCHEMA_FILE = "variant.schema.json"

_PATTERN_WORDS = {
    "^[a-z0-9][a-z0-9-]*$": "use lower-case letters, digits and hyphens (my-house-game)",
    "^[a-z_][a-z0-9_]*$": "use lower-case letters, digits and underscores, starting with a letter (low_limit)",
    "^[A-Za-z0-9][A-Za-z0-9_.-]*$": "use letters, digits, '-', '_' and '.' (round-1)",
    "^[A-Za-z0-9_][A-Za-z0-9_-]*$": "use letters, digits, '-' and '_'",
    "^[a-z]{2,3}(-[A-Za-z0-9]+)*$": "use an ISO language code such as fr, he, ru, it",
    "^[2-9TJQKA]$": "give one rank from 23456789TJQKA (T for ten), e.g. K",
    "^[2-9TJQKA]{5,13}$": "give 5 to 13 ranks from 23456789TJQKA (T for ten), each once, e.g. 6789TJQKA for a 36-card deck",
    "^[2-9TJQKA]{1,13}$": "give ranks from 23456789TJQKA (T for ten) written together, e.g. '2' for deuces wild, '39' for threes and nines",
    "^[a-z_]+$": "use lower-case letters and underscores (full_house)",
    "^[a-z][a-z0-9_]*$": "use lower-case letters, digits and underscores, starting with a letter (pair_plus)",
    "^[a-z0-9][a-z0-9._-]*$": "use lower-case letters, digits, '.', '_' and '-' (my-strategy)",
    "^[a-z][a-z0-9_]*:[A-Za-z0-9_.-]+$": "write CATALOGUE:ENTRY, e.g. generic_poker:7_card_stud",
    "^[0-9]{1,6} to [1-9][0-9]{0,5}$": "odds are a whole number (to 1) or 'A to B', e.g. 3 to 2",
}

_TYPE_WORDS = {
    "integer": "a whole number",
    "number": "a number",
    "string": "text",
    "boolean": "true or false",
    "object": "a mapping of fields",
    "array": "a list",
    "null": "nothing (null)",
}


def schema_path() -> Path:
    """Where the variant schema file is (for editors and ``studrules schema``).

    >>> schema_path().name
    'variant.schema.json'
    """
    from .resources import schemas_dir

    return schemas_dir() / SCHEMA_FILE


def schema_text() -> str:
    """The schema file's content (JSON text).

    >>> '"$schema"' in schema_text()
    True
    """
    return schema_path().read_text(encoding="utf-8")


@functools.cache
def schema() -> dict[str, Any]:
    """The schema as data (read once)."""
    loaded: dict[str, Any] = json.loads(schema_text())
    return loaded


@functools.cache
def _inlined_schema() -> dict[str, Any]:
    return _inlined(schema())


@functools.cache
def _validator() -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(_inlined_schema())


@functools.cache
def _options_validator() -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    options = _inlined_schema()["properties"]["options"]
    return Draft202012Validator({"type": "object", "properties": {"options": options}})


def _inlined(root: dict[str, Any]) -> dict[str, Any]:
    """The schema with every local ``$ref`` replaced by its definition.

    The variant schema has no recursive definitions, so this is finite; it
    spares the validator a reference lookup for every value it checks (about
    a third of the time of a load)."""
    defs = root.get("$defs", {})

    def walk(node: Any) -> Any:
        if isinstance(node, list):
            return [walk(n) for n in node]
        if not isinstance(node, dict):
            return node
        ref = node.get("$ref")
        out = {k: walk(v) for k, v in node.items() if k != "$ref" and k != "$defs"}
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            target = walk(defs[ref[len("#/$defs/") :]])
            return {**target, **out}
        if ref is not None:
            out["$ref"] = ref
        return out

    out: dict[str, Any] = walk(root)
    out["$defs"] = root.get("$defs", {})
    return out


_OPTION_KEYS = frozenset(("description", "default", "quote", "choices"))
_CHOICE_KEYS = frozenset(("description", "changes"))


def _options_look_right(data: Any) -> bool:
    """A quick look at the shape of ``options:`` (the common case: nothing wrong)."""
    options = data.get("options") if isinstance(data, dict) else None
    if options is None:
        return True
    if not isinstance(options, dict):
        return False
    for option in options.values():
        if (
            not isinstance(option, dict)
            or not _OPTION_KEYS.issuperset(option)
            or not isinstance(option.get("choices"), dict)
        ):
            return False
        if not isinstance(option.get("default", ""), str) or not option["choices"]:
            return False
        if not isinstance(option.get("description", ""), str) or not _is_quote(option.get("quote", "")):
            return False
        for choice in option["choices"].values():
            if choice is None:
                continue
            if not isinstance(choice, dict) or not _CHOICE_KEYS.issuperset(choice):
                return False
            if not isinstance(choice.get("changes", {}), dict) or not isinstance(choice.get("description", ""), str):
                return False
    return True


def _is_quote(value: Any) -> bool:
    return isinstance(value, str) or (isinstance(value, list) and all(isinstance(v, str) for v in value))


def options_schema_errors(data: Any, file: str | None) -> list[SpecError]:
    """Problems of the ``options:`` block alone: the loader checks it before it
    applies a choice (a full check follows once choices are applied).

    >>> options_schema_errors({"options": {"o": {"choices": {"a": {"change": {}}}}}}, "v.yaml")[0].message
    "unknown field 'change' in choice 'a' of option 'o': did you mean 'changes'?"
    """
    if _options_look_right(data):
        return []  # the full check after the choices are applied says the rest
    default = Location(file, 1, 1)
    errors: list[SpecError] = []
    for error in _options_validator().iter_errors(data):
        errors.extend(_translate(error, data, default))
    return in_order(errors)


def schema_errors(data: Any, file: str | None, *, complete: bool = True) -> list[SpecError]:
    """Every way ``data`` breaks the schema, located and in plain words.

    ``complete=True`` checks a whole variant (the loader's merged result, whose
    ``extends`` only records where it came from); ``complete=False`` checks a
    file as written, where a file with ``extends`` may leave fields out or set
    them to null to take the base's value out.

    >>> schema_errors({"name": "x", "steps": [{"deal": {"players": ["up"]}}], "kind": "pots"}, "v.yaml")[0].message
    "unknown kind 'pots': did you mean 'pot'? Choose one of: pot, banked"
    """
    default = Location(file, 1, 1)
    subject = data
    if complete and isinstance(data, dict) and "extends" in data:
        subject = {k: v for k, v in data.items() if k != "extends"}
    elif not complete and isinstance(data, dict) and "extends" in data:
        subject = without_nulls(data)
    errors: list[SpecError] = []
    for error in _validator().iter_errors(subject):
        errors.extend(_translate(error, data, default))
    errors.extend(_reserved_stake_names(data, default))
    errors.extend(_unprintable_text(data, default))
    return in_order(_drop_inside_malformed_steps(_type_errors_first(errors)))


# --- translation of the validator's errors ---------------------------------


def _translate(error: ValidationError, data: Any, default: Location) -> Iterable[SpecError]:
    path = tuple(error.absolute_path)
    kind = error.validator
    value: Any = error.instance  # the part of the document that is wrong
    constraint: Any = error.validator_value  # what the schema asks of it
    sub = error.schema if isinstance(error.schema, dict) else {}
    field = _field(path)
    where = _where_words(path)

    def at(p: FieldPath = path, *, key: bool = False) -> Location:
        return locate(data, p, key=key, default=default)

    if kind == "additionalProperties" and isinstance(value, dict):
        known = list(sub.get("properties", {}))
        extras = [k for k in value if k not in known]
        for key in extras:
            if sub.get("title") == "a step":
                message = f"unknown step '{key}'{_did_you_mean(key, known, listing='the steps are')}"
                yield SpecError(message, at(path))
            else:
                message = (
                    f"unknown {field_words(key)} {where}{_did_you_mean(key, known, listing='the fields here are')}"
                )
                yield SpecError(message, at(path + (key,), key=True))
        return
    if "propertyNames" in error.absolute_schema_path:
        # the instance is the offending key; the path is its mapping's
        key = value
        yield SpecError(_property_name_words(error, key, constraint, path), at(path + (key,), key=True))
        return
    if kind == "required":
        for name in constraint:
            if isinstance(value, dict) and name not in value:
                yield SpecError(f"missing field '{name}' {where}", at(path))
        return
    if kind == "enum":
        yield SpecError(_enum_words(value, constraint, field), at())
        return
    if kind == "const":
        yield SpecError(f"{field or 'this field'} can only be {_show(constraint)}, not {_show(value)}", at())
        return
    if kind == "type":
        yield SpecError(_type_words(value, constraint, sub, path), at())
        return
    if kind == "minimum":
        yield SpecError(f"{_show(value)} is too small for {field}: the least allowed is {constraint}", at())
        return
    if kind == "maximum":
        yield SpecError(f"{_show(value)} is too large for {field}: at most {constraint:,} is allowed", at())
        return
    if kind == "minLength":
        yield SpecError(f"{field or 'this text'} is empty", at())
        return
    if kind == "maxLength":
        yield SpecError(f"{field} is {len(value)} characters long; at most {constraint} are allowed", at())
        return
    if kind == "pattern":
        hint = _PATTERN_WORDS.get(constraint, "it does not have the expected form")
        yield SpecError(f"'{value}' is not valid for {field}: {hint}", at())
        return
    if kind in ("minItems", "maxItems"):
        n = constraint
        bound = "at least" if kind == "minItems" else "at most"
        yield SpecError(f"{field} needs {bound} {n} item{'s' if n != 1 else ''}, found {len(value)}", at())
        return
    if kind == "uniqueItems":
        seen: list[Any] = []
        dup = None
        for item in value:
            if item in seen:
                dup = item
                break
            seen.append(item)
        yield SpecError(f"{field} names {_show(dup)} twice", at())
        return
    if kind == "maxProperties" and sub.get("title") != "a step":  # (a step's keys are said elsewhere)
        yield SpecError(f"{field} has {len(value)} entries: at most {constraint} (each is checked at load)", at())
        return
    if kind == "minProperties":
        if sub.get("title") == "a step":
            yield SpecError(f"a step needs its kind as its one key: {', '.join(sub.get('properties', {}))}", at())
        else:
            yield SpecError(f"{field or 'this mapping'} is empty: it needs at least {constraint} entry", at())
        return
    if kind == "maxProperties" and sub.get("title") == "a step":
        keys = list(value)
        kinds = [k for k in keys if k in sub.get("properties", {})]
        hint = f" (are the fields of '{kinds[0]}:' indented under it?)" if kinds else ""
        yield SpecError(
            f"a step is a mapping with one key, its kind; this one has {len(keys)}: {', '.join(keys)}{hint}", at()
        )
        return
    # anything else: the validator's words are the best we have
    yield SpecError(error.message, at())


def _property_name_words(error: ValidationError, key: str, constraint: Any, path: FieldPath) -> str:
    container = _field(path)
    if error.validator == "enum":
        return _enum_words(key, constraint, "hand category" if container == "pay_table" else f"name in {container}")
    what = {"stakes": "stake name", "options": "option name", "choices": "choice name"}.get(container, "name")
    if error.validator == "pattern":
        hint = _PATTERN_WORDS.get(constraint, "it does not have the expected form")
    elif error.validator == "maxLength":
        hint = f"at most {constraint} characters"
    else:
        hint = error.message
    return f"'{key}' is not a valid {what}: {hint}"


_FIELD_WORDS = {
    "first_to_act": "first-to-act rule",
    "rule": "first-to-act rule",
    "who": "choice of who",
    "players": "face",
    "house": "face",
    "community": "face",
    "rankings": "ranking",
    "order": "showdown order entry",
    "structure": "betting structure",
    "actions": "action",
    "ante": "result",
    "raise": "result",
    "result": "result",
    "tie": "result",
    "suit_order": "suit",
    "odd_chip": "odd-chip rule",
    "ties": "tie rule",
    "compare": "way to compare hands",
}


def _enum_words(value: Any, allowed: list[Any], field: str) -> str:
    field = _FIELD_WORDS.get(field, field.replace("_", " "))
    words = [a for a in allowed if a is not None]
    listing = some_names(
        words, like=value if isinstance(value, str) else "", all_at="'studrules schema --print' has them all"
    )
    if isinstance(value, bool) and any(str(a) in ("yes", "no", "on", "off") for a in words):
        return f"found {_show(value)}: YAML reads yes/no/on/off as true/false; write the word in quotes. Choose one of: {listing}"
    if isinstance(value, str):
        close = close_matches(value, [str(a) for a in words])
        hint = f": did you mean '{close[0]}'? Choose" if close else ": choose"
        return f"unknown {field or 'word'} '{value}'{hint} one of: {listing}"
    return f"{_show(value)} is not allowed for {field or 'this field'}: choose one of: {listing}"


def _type_words(value: Any, expected: Any, sub: Mapping[str, Any], path: FieldPath) -> str:
    kinds = [expected] if isinstance(expected, str) else list(expected)
    wanted = sub.get("title") or " or ".join(_TYPE_WORDS.get(k, k) for k in kinds)
    if len(path) == 3 and path[0] == "steps" and isinstance(path[1], int) and value is None:
        return f"the {path[2]} step has no fields: give them as a mapping indented under '{path[2]}:'"
    message = f"expected {wanted}, found {_describe(value)}"
    if isinstance(value, bool) and "string" in kinds:
        message += YES_NO_WORDS
    elif isinstance(value, float) and "integer" in kinds:
        message += " (seats are counted whole)" if path[:1] == ("seats",) else " (amounts are whole numbers of chips)"
    elif isinstance(value, int) and "string" in kinds:
        message += f" (YAML reads digits as a number: write '{value}' in quotes)"
    return message


def _describe(value: Any) -> str:
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text '{value if len(value) <= 40 else value[:37] + '...'}'"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"'{value}'"
    return str(value)


def _did_you_mean(word: str, known: list[str], *, listing: str) -> str:
    close = close_matches(word, known)
    if close:
        return f": did you mean '{close[0]}'?"
    return f"; {listing}: {some_names(known, like=word)}" if known else ""


def _field(path: FieldPath) -> str:
    """The last named field of a path (``bet`` for steps[2].betting.bet)."""
    for part in reversed(path):
        if isinstance(part, str):
            return part
    return ""


def _where_words(path: FieldPath) -> str:
    """Where a field stands, as an author says it ("in a betting step")."""
    if not path:
        return "at the top level of the file"
    if path[0] == "steps" and len(path) >= 3 and isinstance(path[2], str):
        step = path[2]
        inner = [p for p in path[3:] if isinstance(p, str)]
        article = "an" if step[:1] in ("a", "e", "i", "o", "u") else "a"  # (an ante step, a deal step)
        return f"in '{inner[-1]}' of {article} {step} step" if inner else f"in {article} {step} step"
    if path[0] == "options" and len(path) >= 2:
        if len(path) >= 4 and path[2] == "choices":
            return f"in choice '{path[3]}' of option '{path[1]}'"
        return f"in option '{path[1]}'"
    return f"in '{_field(path)}'"


def _unprintable_text(data: Any, default: Location) -> list[SpecError]:
    """Text a terminal would act on (an escape sequence, a direction override), where it stands."""
    from .printable import unprintable, unprintable_words

    return [
        SpecError(unprintable_words(char, key), locate(data, path, key=key, default=default))
        for path, char, key in unprintable(data)
    ]


def _reserved_stake_names(data: Any, default: Location) -> list[SpecError]:
    stakes = data.get("stakes") if isinstance(data, dict) else None
    if not isinstance(stakes, dict):
        return []
    from .vocabulary import HOUSE_NAMES, TABLE_NAMES, hand_constants

    hands = set(hand_constants())
    out = []
    for name in stakes:
        if name in KEYWORDS:
            why = "a word of the expression language"
        elif name in hands:
            why = "a hand (as in 'hand >= pair')"
        elif name in TABLE_NAMES or (name in HOUSE_NAMES and name != "ante"):
            why = "something the table shows (as in 'when: heads_up')"
        else:
            continue
        out.append(
            SpecError(
                f"the stake name '{name}' is already {why}: choose another name",
                locate(data, ("stakes", name), key=True, default=default),
            )
        )
    return out


def _type_errors_first(errors: list[SpecError]) -> list[SpecError]:
    """A value of the wrong type is reported as such, not also as a wrong word."""
    typed = {e.location.path for e in errors if e.location and e.message.startswith("expected ")}
    return [e for e in errors if e.message.startswith("expected ") or not (e.location and e.location.path in typed)]


def _drop_inside_malformed_steps(errors: list[SpecError]) -> list[SpecError]:
    """A step with two keys (fields not indented) says so once, not once per symptom."""
    malformed = {
        e.location.path for e in errors if e.message.startswith("a step is a mapping with one key") and e.location
    }
    if not malformed:
        return errors
    return [
        e
        for e in errors
        if e.message.startswith("a step is a mapping with one key")
        or not (e.location and any(e.location.path[: len(p)] == p for p in malformed))
    ]
