"""Overlays: how ``extends`` and house-rule options change a variant.

One rule serves both. An overlay is a mapping laid over the base document:

- a mapping merges key by key, recursively; any other value replaces; a key
  set to null (``cap: null``, ``~``) takes the base's field out, so its
  default applies;
- ``steps`` merge by ``id``, never by position: a step of the overlay whose id
  is in the base changes only the fields it names (its kind must match), and
  moves ``before:`` or ``after:`` the step it names, if it says either;
  ``remove: true`` takes the step out; a step with a new id is inserted
  ``before:`` or ``after:`` the step it names (an id that matches no step and
  says neither is an error: a misspelt id must not add a step at the end);
- ``options`` merge by option name, like any mapping.

    >>> base = {"stakes": {"ante": 1, "bet": 2}, "steps": [{"ante": {"id": "a", "amount": "ante"}}, {"deal": {"id": "d"}}]}
    >>> over = {"stakes": {"ante": 5}, "steps": [{"ante": {"id": "a", "remove": True}}, {"burn": {"id": "b", "before": "d"}}]}
    >>> overlay(base, over)
    {'stakes': {'ante': 5, 'bet': 2}, 'steps': [{'burn': {'id': 'b'}}, {'deal': {'id': 'd'}}]}
    >>> overlay({"deck": {"ranks": "6789TJQKA", "ranking": "high"}}, {"deck": {"ranks": None}})
    {'deck': {'ranking': 'high'}}
"""

from __future__ import annotations

import copy
import re
from dataclasses import replace
from typing import Any

from ..errors import Location, SpecError, close_matches, some_names
from .source import FieldPath, LDict, LList, locate

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")  # a name in an amount, as the expression grammar reads it

__all__ = ["overlay", "without_nulls", "step_kind", "step_body", "changed_in", "MERGE_KEYS"]

# keys that steer a merge and never reach the merged step
MERGE_KEYS = ("remove", "before", "after")


def step_kind(step: Any) -> str | None:
    """The kind of a step written as a single-key mapping (``{'deal': {...}}``)."""
    if isinstance(step, dict) and len(step) == 1:
        kind: str = next(iter(step))
        return kind
    return None


def step_body(step: Any) -> Any:
    kind = step_kind(step)
    return step[kind] if kind is not None else None


def changed_in(step: Any, file: str) -> Location | None:
    """Where ``file`` changes this merged step of the variant it extends: the first
    field of the step the file sets (None: the file leaves the step as it is)."""
    body = step_body(step)
    mine = [loc for loc in getattr(body, "key_locs", {}).values() if loc.file == file and loc.line]
    return min(mine, key=lambda loc: (loc.line, loc.column)) if mine else None


def overlay(base: Any, over: Any, path: FieldPath = (), problems: list[SpecError] | None = None) -> Any:
    """``base`` with ``over`` laid on it; neither argument is changed.

    A step that cannot be laid over the base raises :class:`SpecError`; with
    ``problems``, it is added there and left out, and the rest is merged."""
    if isinstance(base, dict) and isinstance(over, dict):
        out = _copy_mapping(base)
        for key, value in over.items():
            if key == "steps" and not path and isinstance(value, list) and isinstance(base.get(key), list):
                found: list[SpecError] = []
                out[key] = _merge_steps(base[key], value, found)
                for err in found:  # its path is inside the list: name the list
                    if err.location is not None and err.location.path[:1] != ("steps",):
                        err.location = replace(err.location, path=("steps",) + tuple(err.location.path))
                if found and problems is None:
                    raise found[0]
                if problems is not None:
                    problems.extend(found)
            elif value is None and path:
                out.pop(key, None)  # the base's field taken out: its default applies
                continue
            elif key == "stakes" and not path and isinstance(value, dict) and isinstance(base.get(key), dict):
                merged = overlay(base[key], value, (key,))
                # (stakes it adds may come before base stakes that use them; a file's own order stands)
                out[key] = _in_use_order(merged) if any(k not in base[key] for k in value) else merged
            elif key in base:
                out[key] = overlay(base[key], value, path + (key,))
            else:
                out[key] = copy.deepcopy(value)
            _carry_location(out, over, key)
        return out
    return copy.deepcopy(over)


def _in_use_order(stakes: dict[str, Any]) -> dict[str, Any]:
    """``stakes`` with each after the stakes it uses, where a file laid over another
    makes a base's stake use one it adds (``unit: 5, low_limit: 2 * unit`` over a base
    whose low limit comes first); otherwise in their order (a cycle is left as it is,
    for the build to say).

    >>> list(_in_use_order({"low_limit": "2 * unit", "ante": 1, "unit": 5}))
    ['ante', 'unit', 'low_limit']
    """
    uses = {name: {n for n in _NAME.findall(str(value)) if n in stakes and n != name} for name, value in stakes.items()}
    left, order = list(stakes), list[str]()
    while left:
        ready = next((n for n in left if uses[n] <= set(order)), None)
        if ready is None:
            order += left
            break
        order.append(ready)
        left.remove(ready)
    if order == list(stakes):
        return stakes
    out = _copy_mapping(stakes)
    out.clear()
    for name in order:
        out[name] = stakes[name]
    return out


def without_nulls(data: Any) -> Any:
    """An overlay as the schema reads it: a key set to null takes a base field
    out, so it is no value of its own (list items keep their places).

    >>> without_nulls({"stakes": {"ante": None, "bet": 2}, "steps": [{"deal": {"id": "d", "burn": None}}]})
    {'stakes': {'bet': 2}, 'steps': [{'deal': {'id': 'd'}}]}
    """
    if isinstance(data, dict):
        return {k: without_nulls(v) for k, v in data.items() if v is not None}
    if isinstance(data, list):
        return [without_nulls(v) for v in data]
    return data


def without_fields(data: Any, paths: list[FieldPath]) -> Any:
    """``data`` without the mapping fields at ``paths`` (each its key path: ``("seats", "max")``,
    ``("steps", 2, "betting", "cap")``), so their defaults apply; the rest, positions and all,
    is shared. A path that ends at a list item or leads nowhere is passed over.

    >>> without_fields({"seats": {"max": "eight", "min": 2}, "steps": [{"ante": {"dead": "maybe"}}]},
    ...                [("seats", "max"), ("steps", 0, "ante", "dead"), ("steps", 5, "x")])
    {'seats': {'min': 2}, 'steps': [{'ante': {}}]}
    """
    for path in paths:
        data = _without_field(data, tuple(path))
    return data


def _without_field(node: Any, path: FieldPath) -> Any:
    if not path:
        return node
    key, rest = path[0], path[1:]
    if isinstance(node, dict) and isinstance(key, str) and key in node:
        out = _copy_mapping(node)
        if rest:
            out[key] = _without_field(node[key], rest)
        else:
            del out[key]
        return out
    if isinstance(node, list) and isinstance(key, int) and 0 <= key < len(node) and rest:
        if isinstance(node, LList):
            copied = LList(node, loc=node.loc)
            copied.item_locs = node.item_locs
        out_list = copied if isinstance(node, LList) else list(node)
        out_list[key] = _without_field(node[key], rest)
        return out_list
    return node


def _copy_mapping(m: dict[str, Any]) -> dict[str, Any]:
    if isinstance(m, LDict):
        out = LDict(m, loc=m.loc)
        out.key_locs.update(m.key_locs)
        out.value_locs.update(m.value_locs)
        return out
    return dict(m)


def _carry_location(out: dict[str, Any], over: dict[str, Any], key: str) -> None:
    if isinstance(out, LDict) and isinstance(over, LDict):
        if key in over.key_locs:
            out.key_locs[key] = over.key_locs[key]
        if key in over.value_locs:
            out.value_locs[key] = over.value_locs[key]


def _step_id(step: Any) -> Any:
    body = step_body(step)
    return body.get("id") if isinstance(body, dict) else None


def _own_fields(body: dict[str, Any]) -> dict[str, Any]:
    """A step body without the keys that steer a merge (the positions of its values kept)."""
    out = _copy_mapping(body)
    for k in MERGE_KEYS:
        out.pop(k, None)
    return out


def _step_like(step: Any, kind: str, body: Any) -> LDict:
    """The step ``{kind: body}``, placed where ``step`` stands in its file."""
    out = LDict({kind: body}, loc=getattr(step, "loc", None))
    if isinstance(step, LDict):
        out.key_locs.update(step.key_locs)
        out.value_locs.update(step.value_locs)
    return out


def _merge_steps(base: list[Any], over: list[Any], problems: list[SpecError]) -> LList:
    """The base's steps with the overlay's laid on them by id; a step that
    cannot be is added to ``problems`` and left out."""
    result = LList(loc=getattr(base, "loc", None))
    locs: list[Location | None] = list(getattr(base, "item_locs", [None] * len(base)))
    result.extend(base)
    result.item_locs = locs + [None] * (len(result) - len(locs))

    def index_of(step_id: Any) -> int | None:
        for i, s in enumerate(result):
            if _step_id(s) == step_id:
                return i
        return None

    named: dict[Any, int] = {}  # id -> the overlay's first step naming it
    for n, step in enumerate(over):
        kind, body = step_kind(step), step_body(step)
        where = locate(over, (n,))
        if kind is None or not isinstance(body, dict):
            problems.append(SpecError("a step must be a mapping with one key, its kind (for example 'deal:')", where))
            continue
        step_id = body.get("id")
        if step_id is None:
            problems.append(
                SpecError("a step laid over another variant needs an 'id' to say which step it changes", where)
            )
            continue
        if isinstance(step_id, str) and named.setdefault(step_id, n) != n:
            # (the second would silently change, or replace, what the first added or changed)
            problems.append(
                SpecError(
                    f"the step id '{step_id}' is already used by step {named[step_id] + 1} of this list: "
                    "each step here adds or changes one step; give a new step an id of its own",
                    locate(over, (n, kind, "id")),
                )
            )
            continue
        at = index_of(step_id)
        if at is not None:
            old_kind = step_kind(result[at])
            if old_kind != kind:
                problems.append(
                    SpecError(
                        f"step '{step_id}' is a '{old_kind}' step; it cannot be changed into a '{kind}' step",
                        locate(over, (n, kind)),
                    )
                )
                continue
            if body.get("remove") is True:
                others = [k for k in body if k not in ("id", "remove")]
                if others:  # (what else it says would be dropped with the step, unread)
                    problems.append(
                        SpecError(
                            f"step '{step_id}' is removed, so its {', '.join(repr(k) for k in others)} would be "
                            "read by nothing: remove the step, or change it",
                            locate(over, (n, kind, others[0]), key=True),
                        )
                    )
                    continue
                del result[at]
                del result.item_locs[at]
                continue
            merged_body = overlay(step_body(result[at]), _own_fields(body), ("steps", at, kind))
            result[at] = _step_like(result[at], kind, merged_body)
            move = "before" if "before" in body else "after" if "after" in body else None
            if move is not None:  # the step moves to its new place
                _move(result, at, move, body[move], step_id, locate(over, (n, kind, move)), problems)
            continue
        if body.get("remove") is True:
            problems.append(SpecError(f"there is no step '{step_id}' to remove", locate(over, (n, kind, "id"))))
            continue
        new_step = _step_like(step, kind, _own_fields(body))
        anchor_key = "before" if "before" in body else "after" if "after" in body else None
        if anchor_key is None:
            ids = [i for i in (_step_id(s) for s in result) if isinstance(i, str)]
            problems.append(
                SpecError(
                    f"step '{step_id}' matches no step of the variant it changes{_closest(step_id, ids)}; "
                    f"to add a step, say where with 'before:' or 'after:' (steps: {', '.join(ids)})",
                    locate(over, (n, kind, "id")),
                )
            )
            continue
        anchor = index_of(body[anchor_key])
        if anchor is None:
            problems.append(
                SpecError(
                    f"there is no step '{body[anchor_key]}' to put step '{step_id}' {anchor_key}"
                    f"{_closest(body[anchor_key], [_step_id(s) for s in result])}",
                    locate(over, (n, kind, anchor_key)),
                )
            )
            continue
        pos = anchor if anchor_key == "before" else anchor + 1
        result.insert(pos, new_step)
        result.item_locs.insert(pos, where)
    return result


def _move(
    result: LList, at: int, key: str, anchor_id: Any, step_id: Any, where: Any, problems: list[SpecError]
) -> None:
    """Move the step at ``at`` of ``result`` ``key`` (before or after) the step ``anchor_id``."""
    anchor = next((i for i, s in enumerate(result) if _step_id(s) == anchor_id), None)
    if anchor is None or anchor == at:
        others = [_step_id(s) for i, s in enumerate(result) if i != at]
        why = "itself" if anchor == at else f"step '{anchor_id}', which is not there{_closest(anchor_id, others)}"
        problems.append(SpecError(f"step '{step_id}' cannot move {key} {why}", where))
        return
    step, loc = result.pop(at), result.item_locs.pop(at)
    anchor = anchor - (anchor > at)
    pos = anchor if key == "before" else anchor + 1
    result.insert(pos, step)
    result.item_locs.insert(pos, loc)


def _closest(step_id: Any, ids: list[Any]) -> str:
    """`` (did you mean 'X'?)`` for the step id closest to ``step_id``, or nothing.

    >>> _closest("seventh-streat", ["sixth-street", "seventh-street", "showdown"])
    " (did you mean 'seventh-street'?)"
    >>> _closest("river", ["sixth-street", "showdown"])
    ''
    """
    close = close_matches(str(step_id), [i for i in ids if isinstance(i, str)])
    return f" (did you mean '{close[0]}'?)" if close else ""


def unused_new_stakes(base: Any, child: Any, merged: Any, parent: str) -> list[SpecError]:
    """The stakes a file that ``extends`` ``parent`` adds beside its base's and
    no amount uses: a misspelt stake (``low_limt: 5``) would leave the base's
    as it was and be taken silently, where in a file of its own the amounts
    naming the stake would be refused. Each is said at its name, with the
    base's stake closest to it.

    >>> from .source import read_document
    >>> base = {"stakes": {"ante": 1}, "steps": [{"ante": {"id": "a", "amount": "ante"}}]}
    >>> child = read_document("stakes:\\n  antee: 2\\n", file="mine.yaml").data
    >>> [str(e) for e in unused_new_stakes(base, child, overlay(base, child), "base")]
    ["mine.yaml:2:3: stakes.antee: base has no stake 'antee' and no amount of the game names it: did you mean 'ante'? (the stakes of base: ante)"]
    """
    stakes, known = child.get("stakes"), base.get("stakes") if isinstance(base, dict) else None
    if not isinstance(stakes, dict) or not isinstance(known, dict):
        return []
    used: set[str] = set()
    for text in _texts({k: v for k, v in merged.items() if k != "stakes"} if isinstance(merged, dict) else merged):
        used.update(_NAME.findall(text))
    for value in (merged.get("stakes") or {}).values() if isinstance(merged, dict) else ():
        used.update(_NAME.findall(str(value)))
    out = []
    for name in stakes:
        if name in known or name in used:
            continue
        close = close_matches(name, known)
        hint = f": did you mean '{close[0]}'?" if close else ""
        out.append(
            SpecError(
                f"{parent} has no stake '{name}' and no amount of the game names it{hint} "
                f"(the stakes of {parent}: {some_names(known, like=name)})",
                locate(child, ("stakes", name), key=True),
            )
        )
    return out


def _texts(data: Any) -> list[str]:
    """Every text in ``data``, however deep."""
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [t for v in data.values() for t in _texts(v)]
    if isinstance(data, list):
        return [t for v in data for t in _texts(v)]
    return []
