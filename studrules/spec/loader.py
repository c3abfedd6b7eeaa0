"""Loading a variant: file -> extends -> options -> schema -> model -> checks.

A variant is a shipped name (``studrules list`` shows them), a path to a YAML
file, or YAML text; stakes may be computed from other stakes, and a stake
replaced at load time carries the ones computed from it::

    >>> from studrules.spec.resources import default_variant
    >>> load_variant(default_variant()).name == default_variant()
    True
    >>> text = '''
    ... name: two-up
    ... kind: pot
    ... stakes: {low_limit: 10, ante: low_limit / 2}
    ... steps:
    ...   - ante: {amount: ante}
    ...   - deal: {players: [down, up, up, up, up]}
    ...   - betting: {bet: low_limit}
    ...   - showdown: {rankings: [high]}
    ... '''
    >>> load_variant_text(text, stakes={"low_limit": 20}).stake_values()["ante"]
    10

Every problem of a file is reported together in one :class:`~studrules.errors.SpecErrors`, each with file, line, column and field.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..errors import (
    ArgumentError,
    Location,
    SpecError,
    SpecErrors,
    StudrulesError,
    close_matches,
    in_order,
    some_names,
)
from . import resources
from .assignments import parse_assignments, stake_override_problems
from .build import build_options, build_variant
from .cache import cached
from .chosen_options import chosen_choices, with_the_options
from .file_kinds import refuse_a_hand_script, refuse_the_other_kind
from .lineage import ancestors
from .merge import changed_in, overlay, step_body, unused_new_stakes, without_fields
from .model import Option, Variant
from .resources import variants_dir
from .source import VARIANT_SUFFIXES, Document, LDict, check_data_file, is_file, locate, read_document, slash_hint

__all__ = [
    "load_variant",
    "load_variant_text",
    "load_variant_data",
    "resolve_variant_path",
    "shipped_variants",
    "shipped_names",
    "parse_assignments",
    "choice_errors",
    "variant_files",
]


def shipped_variants() -> list[Path]:
    """The variant files that ship with studrules: those of the variants
    folder by name, then each group's folder (``catalogue/``, ``house/``...)
    by folder and name.

    >>> files = shipped_variants()
    >>> all(p.suffix == ".yaml" for p in files), len({p.stem for p in files}) == len(files)
    (True, True)
    """
    root = variants_dir()
    skip = len(root.parts)
    return sorted(root.rglob("*.yaml"), key=lambda p: (len(p.parts) - skip, p.parts[skip:]))


def shipped_names() -> list[str]:
    """The names of the shipped variants, in the order of :func:`shipped_variants`.

    >>> from studrules.spec.resources import default_variant
    >>> names = shipped_names()
    >>> default_variant() in names, len(set(names)) == len(names)
    (True, True)
    """
    return [p.stem for p in shipped_variants()]


def _shipped_path(name: str) -> Path | None:
    """The shipped file of a variant's name, in the variants folder or a group's folder:
    the first of :func:`shipped_variants` with that name, found by looking in each folder
    rather than listing every file (a file of a group that ``extends`` another by name
    asks at every load).

    >>> from studrules.spec.resources import default_variant
    >>> _shipped_path(default_variant()).parent == variants_dir(), _shipped_path("no-such-game") is None
    (True, True)
    """
    root = variants_dir()
    file = f"{name}.yaml"
    if is_file(root / file):
        return root / file
    try:
        with os.scandir(root) as entries:  # (a folder's entries say whether they are folders: no stat each)
            groups = sorted(e.name for e in entries if e.is_dir())
    except OSError:
        groups = []
    for group in groups:  # (the order of shipped_variants: a group's folder by name)
        if is_file(root / group / file):
            return root / group / file
    return next((p for p in shipped_variants() if p.stem == name and len(p.parts) > len(root.parts) + 2), None)


def resolve_variant_path(
    name_or_path: str | Path,
    *,
    relative_to: Path | None = None,
    location: Location | None = None,
    within: tuple[Path, ...] | None = None,
) -> Path:
    """A shipped variant's name, or a path (relative to ``relative_to`` if given).

    Only a regular ``.yaml``/``.yml`` file is a variant; with ``within``, it
    must also stand inside one of those folders (or be shipped), so a file
    that names another (``extends``) cannot make a foreign file read.

    >>> resolve_variant_path("/etc/passwd")
    Traceback (most recent call last):
    ...
    studrules.errors.SpecError: '/etc/passwd' is not a variant file: its name must end in .yaml or .yml
    """
    text = str(name_or_path)
    if not text.strip():
        raise SpecError("the variant's name is empty: give a shipped variant's name or a file's path", location)
    if len(text) > 4096:  # (longer than any path a system takes: said shortly, not matched against names)
        raise SpecError(f"no variant '{text[:40]}...': a name or a path is at most 4,096 characters", location)
    candidates = []
    if relative_to is not None and not Path(text).is_absolute():
        candidates.append(relative_to / text)
    candidates.append(Path(text))
    if "/" not in text and not text.endswith(VARIANT_SUFFIXES):
        shipped = _shipped_path(text)
        if shipped is not None:
            candidates.append(shipped)
    roots = None if within is None else (*within, variants_dir(), resources.variants_dir())
    candidates += [root / Path(text).name for root in within or () if os.sep in text]  # (moved: found beside)
    refused: SpecError | None = None
    for c in candidates:
        if _exists(c):
            try:
                return check_data_file(c, within=roots, shown=text, location=location)
            except SpecError as err:  # a folder named like a shipped variant, say: try the next
                refused = refused or err
    if refused is not None:
        raise refused
    names = shipped_names()
    if "/" in text or "\\" in text or text.endswith(VARIANT_SUFFIXES):
        raise SpecError(
            f"no variant '{text}': no such file{slash_hint(text, relative_to) or _shipped_hint(text, names)}", location
        )
    close = [f"{text}{s}" for s in VARIANT_SUFFIXES for c in candidates[:1] if _exists(Path(f"{c}{s}"))]
    close = close or close_matches(text, names)  # (a file beside it, named by its path)
    if close:
        raise SpecError(f"no variant '{text}': did you mean '{close[0]}'?", location)
    listed = some_names(names, like=text, all_at="'studrules list' shows them all")
    raise SpecError(f"no variant '{text}'; shipped variants: {listed}", location)


def _shipped_hint(text: str, names: list[str]) -> str:
    """A path that is no file, whose last part names a shipped variant (or
    nearly): that variant's name and file (``house/NAME`` for ``NAME``).

    >>> from studrules.spec.resources import default_variant
    >>> name = default_variant()
    >>> _shipped_hint(f"nowhere/{name}.yaml", [name]) == f"; did you mean '{name}' (the shipped variants/{name}.yaml)?"
    True
    """
    stem = Path(text).name.removesuffix(".yaml").removesuffix(".yml")
    close = close_matches(stem, names)
    if (path := _shipped_path(close[0]) if close else None) is None:
        return ""
    shown = path.relative_to(variants_dir().parent).as_posix()
    return f"; did you mean '{close[0]}' (the shipped {shown})?"


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


#: The longest chain of ``extends`` followed.
MAX_EXTENDS = 32


def load_variant_data(
    name_or_path: str | Path,
    *,
    _seen: tuple[Path, ...] = (),
    location: Location | None = None,
    within: tuple[Path, ...] | None = None,
) -> tuple[Any, str]:
    """The variant's data with ``extends`` resolved (no options applied yet).

    A variant named by another (``_seen``: the files naming it) is read only
    from beside the last of them or below, or from the shipped ones;
    ``within`` gives those folders for a variant named by a text."""
    if len(_seen) >= MAX_EXTENDS:
        raise SpecError(f"'extends' chains more than {MAX_EXTENDS} files: {_seen[0].name} -> ...", location)
    within = (_seen[-1].parent,) if _seen else within
    path = resolve_variant_path(
        name_or_path, relative_to=_seen[-1].parent if _seen else None, location=location, within=within
    )
    real = path.resolve()
    if real in _seen:
        chain = " -> ".join(p.name for p in _seen + (real,))
        raise SpecError(f"'extends' makes a cycle: {chain}", location)
    if _READS is not None:
        _READS.append(real)
    return _document_data(read_document(path), str(path), _seen + (real,))


#: the files a load reads (for :func:`~studrules.spec.cache.cached`), while one records them
_READS: list[Path] | None = None


@contextlib.contextmanager
def _reads_into(read: list[Path]) -> Iterator[None]:
    global _READS
    outer, _READS = _READS, read
    try:
        yield
    finally:
        _READS = outer


def variant_files(name_or_path: str | Path) -> tuple[Path, ...]:
    """The files a load of the variant reads: its own, then each its ``extends``
    names in turn (as far as they can be read; nothing for what is no variant).

    >>> [p.name for p in variant_files("seven-card-stud-hi-lo")]
    ['seven-card-stud-hi-lo.yaml', 'seven-card-stud.yaml']
    """
    read: list[Path] = []
    with _reads_into(read), contextlib.suppress(StudrulesError):
        load_variant_data(name_or_path)
    return tuple(read)


def _assigned(values: Mapping[str, Any] | None) -> tuple[tuple[str, str], ...]:
    """Options or stakes as a cache key: their names and values' ``repr``, in order."""
    return tuple(sorted((str(k), repr(v)) for k, v in (values or {}).items()))


def _document_data(doc: Document, file: str, seen: tuple[Path, ...]) -> tuple[Any, str]:
    """A read document's variant data with ``extends`` resolved (``seen``: the files being read)."""
    data = doc.data
    if data is None:
        raise SpecError("the file is empty: a variant needs at least 'name' and 'steps'", Location(doc.file, 1, 1))
    if not isinstance(data, LDict):  # read_document makes an LDict of every mapping
        raise SpecError("a variant file must be a mapping of fields (name:, steps:, ...)", doc.location(()))
    refuse_a_hand_script(data, doc.file, doc.location())
    parent = data.get("extends")
    if parent is not None:
        if not isinstance(parent, str):
            raise SpecError("'extends' names one variant (a shipped name or a path)", doc.location(("extends",)))
        base, _ = load_variant_data(
            parent, _seen=seen, location=doc.location(("extends",)), within=None if seen else (Path.cwd(),)
        )
        child = LDict({k: v for k, v in data.items() if k != "extends"}, loc=data.loc)
        child.key_locs.update(data.key_locs)
        child.value_locs.update(data.value_locs)
        # a child is a new variant: it does not inherit the parent's identity
        problems = list(getattr(base, "problems", ()))
        merged = overlay(base, child, problems=problems)  # a step that cannot be merged: reported with the rest
        merged["extends"] = parent
        problems += unused_new_stakes(base, child, merged, parent)
        if isinstance(merged, LDict):
            merged.value_locs["extends"] = data.value_locs["extends"]  # every key read has its place
            merged.problems = tuple(_steps_by_id(problems, child.get("steps")))
            merged.ancestors = ancestors(base)
        data = merged
    return data, doc.file or file


def _check_mappings(options: Any, stakes: Any) -> None:
    for what, given in (("options", options), ("stakes", stakes)):
        if given is not None and not isinstance(given, Mapping):
            raise ArgumentError(f"{what} map names to values ({{'ante': 2}}), not {given!r}")


def load_variant(
    name_or_path: str | Path,
    options: Mapping[str, Any] | None = None,
    stakes: Mapping[str, Any] | None = None,
    *,
    within: tuple[Path, ...] | None = None,
) -> Variant:
    """Load, validate and build a variant, with house-rule choices and stake overrides.

    ``name_or_path``: a shipped variant's name (the stem of a file in
    ``variants/``, as ``studrules list`` shows it) or a path to a YAML file. ``options``: ``{option: choice}``; unknown names or
    choices are errors that list the valid ones. ``stakes``: ``{stake: int}``
    replacing the file's values (stakes computed from them follow); stakes
    that put two bet sizes in the other order than the file's own (a low limit
    above the high limit) are loaded, with a
    :class:`~studrules.errors.StakeOrderWarning` (``warnings.warn``) naming both.
    ``within``: the folders a path may lead into (for a name read from a
    file: a script's or history's ``variant``); shipped variants always.

    >>> razz = load_variant("razz", stakes={"ante": 2})
    >>> razz.deck.ranking, razz.stake_values()["ante"]
    ('ace_to_five_low', 2)
    """
    _check_mappings(options, stakes)
    if isinstance(name_or_path, Variant):  # (its repr is the whole file: say its name)
        raise ArgumentError(f"{name_or_path.name} is loaded already: load_variant reads a name or a path")
    if not isinstance(name_or_path, (str, os.PathLike)):
        raise ArgumentError(f"a variant is a shipped name or a path, not {name_or_path!r}")
    path = resolve_variant_path(name_or_path, within=within)

    def load(read: list[Path]) -> Variant:
        with _reads_into(read):
            data, file = load_variant_data(name_or_path, within=within)
        return _build(data, file, options, stakes)

    key = (str(path.resolve()), str(name_or_path), _assigned(options), _assigned(stakes), within)
    variant = cached("variant", key, load)
    if stakes:
        from .stake_order import warn_stake_order

        warn_stake_order(load_variant(name_or_path, options, within=within), variant, stakes)
    return variant


def load_variant_text(
    text: str,
    options: Mapping[str, Any] | None = None,
    stakes: Mapping[str, Any] | None = None,
    *,
    file: str = "<text>",
) -> Variant:
    """:func:`load_variant` for a variant written out as YAML text (``file``
    names it in messages; ``extends`` finds shipped names, and paths from the
    current folder).

    >>> v = load_variant_text('''
    ... name: two-up
    ... kind: pot
    ... stakes: {ante: 1, bet: 2}
    ... steps:
    ...   - ante: {amount: ante}
    ...   - deal: {players: [down, up, up, up, up]}
    ...   - betting: {bet: bet}
    ...   - showdown: {rankings: [high]}
    ... ''', stakes={"bet": 4})
    >>> v.name, v.kind, v.stake_values()
    ('two-up', 'pot', {'ante': 1, 'bet': 4})
    >>> load_variant_text("name: x\\nkind: pot\\n", file="mine.yaml")
    Traceback (most recent call last):
    ...
    studrules.errors.SpecErrors: mine.yaml:1:1: missing field 'steps' at the top level of the file
    """
    if not isinstance(text, str):
        raise ArgumentError(f"a variant's text is a string of YAML, not {type(text).__name__}")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as err:  # (a lone surrogate: no character a file can hold)
        raise ArgumentError(
            f"a variant's text holds a character no file can (at {err.start}: a lone surrogate)"
        ) from None
    _check_mappings(options, stakes)
    # a one-line text that happens to name a file must still be read as text
    doc = read_document(text if "\n" in text else text + "\n", file=file)
    data, file = _document_data(doc, file, ())
    variant = _build(data, file, options, stakes)
    if stakes:
        from .stake_order import warn_stake_order

        warn_stake_order(_build(data, file, options, None), variant, stakes)
    return variant


def choice_errors(name_or_path: str | Path) -> tuple[Variant, list[tuple[str, str, list[SpecError]]]]:
    """The variant with its options' defaults, and the problems of each other
    choice: ``[(option, choice, errors)]`` for the choices that have some.

    The file is read once; each choice's changes are laid over its data and
    checked, the options block (checked with the defaults) left out, so a
    file of many options is checked in time linear in its choices.
    A problem of the defaults raises :class:`~studrules.errors.SpecErrors`.

    >>> from studrules.spec.resources import default_variant
    >>> choice_errors(default_variant())[1]
    []
    """
    path = resolve_variant_path(name_or_path)

    def check(read: list[Path]) -> tuple[Variant, list[tuple[str, str, list[SpecError]]]]:
        with _reads_into(read):
            data, file = load_variant_data(name_or_path)
        return _choice_errors(data, file)

    return cached("choices", (str(path.resolve()), str(name_or_path)), check)


def _choice_errors(data: Any, file: str) -> tuple[Variant, list[tuple[str, str, list[SpecError]]]]:
    variant = _build(data, file, None, None)
    declared = variant.options
    bare = LDict({k: v for k, v in data.items() if k != "options"}, loc=getattr(data, "loc", None))
    bare.key_locs.update(getattr(data, "key_locs", {}))
    bare.value_locs.update(getattr(data, "value_locs", {}))
    defaults = {o.name: o.default for o in declared}
    out: list[tuple[str, str, list[SpecError]]] = []
    for option in declared:
        default_changes = option.choice(option.default).changes
        for choice in option.choices:
            if choice.name == option.default or not (choice.changes or default_changes):
                continue  # the same data as the defaults': checked already
            try:
                _build(bare, file, None, None, declared=(declared, {**defaults, option.name: choice.name}))
            except SpecErrors as err:
                out.append((option.name, choice.name, list(err.errors)))
            except StudrulesError as err:
                out.append((option.name, choice.name, [SpecError(err.message, err.location or Location(file))]))
    return variant, out


def _build(
    data: Any,
    file: str,
    options: Mapping[str, Any] | None,
    stakes: Mapping[str, Any] | None,
    *,
    declared: tuple[tuple[Option, ...], Mapping[str, str]] | None = None,
) -> Variant:
    """Options, stakes, schema, model and checks over a variant's data.

    ``declared``: the options already read and checked, with the choices to
    apply (``data`` then holds no options block)."""
    refuse_the_other_kind(data, file, "variant")
    errors: list[SpecError] = []
    merging = list(getattr(data, "problems", ()))  # the steps that could not be laid over the base

    from .checks import option_errors
    from .schema import options_schema_errors, schema_errors

    if declared is not None:
        return _build_chosen(data, file, stakes, declared[0], dict(declared[1]), errors, merging)
    # a broken options block cannot be applied: report it with the rest of the file
    option_problems = options_schema_errors(data, file) + option_errors(data, file)
    if option_problems:
        raise SpecErrors(in_order(merging + option_problems + schema_errors(data, file)))
    options_read = build_options(data) if isinstance(data.get("options"), dict) else ()
    chosen = chosen_choices(options_read, options, data.get("name"), file)
    # (errors: none yet, and each build below gathers its own)
    variant = with_the_options(
        lambda pick: _build_chosen(data, file, stakes, options_read, pick, [], merging), options_read, chosen
    )
    return replace(variant, lineage=(variant.name, *getattr(data, "ancestors", ())))


def _build_chosen(
    data: Any,
    file: str,
    stakes: Mapping[str, Any] | None,
    declared: tuple[Option, ...],
    chosen: dict[str, str],
    errors: list[SpecError],
    merging: list[SpecError],
) -> Variant:
    """The chosen options' changes, the stakes, schema, model and checks
    (``merging``: the problems of laying the file over the one it extends)."""
    from .schema import schema_errors

    steps_moved = False  # a choice that adds or removes steps: their places are no longer the file's
    changed: dict[str, Location] = {}  # a step a chosen option of this file changes: where it does
    misspelt: list[SpecError] = []  # the stakes a choice adds that nothing names
    for option in declared:
        changes = option.choice(chosen[option.name]).changes
        if changes:
            before, data = data, overlay(data, changes)
            # a stake the choice adds that nothing names: a misspelt stake of the game's, as in a file that extends
            misspelt += unused_new_stakes(before, changes, data, str(before.get("name") or "the variant"))
            steps_moved = steps_moved or "steps" in changes
            listed = changes.get("steps")
            for item in listed if isinstance(listed, list) else ():
                body = step_body(item)
                if isinstance(body, Mapping) and isinstance(body.get("id"), str) and getattr(item, "loc", None):
                    changed.setdefault(body["id"], item.loc)

    if stakes:
        known = data.get("stakes") or {}
        errors.extend(SpecError(p, Location(file)) for p in stake_override_problems(stakes, known, data.get("name")))
        if errors:
            raise SpecErrors(errors)
        data = overlay(data, {"stakes": {k: int(v) for k, v in stakes.items()}})

    if errors:
        raise SpecErrors(_as_the_user_reads(errors, data, file, steps_moved, changed))
    # one pass: the schema's errors and the expressions' together (the build reads
    # what the schema let through; the semantic checks need a sound model)
    shape = merging + misspelt + schema_errors(data, file)
    errors.extend(shape)
    try:
        variant, build_errors = build_variant(data, file=file, chosen=chosen, options=declared)
    except Exception:  # data the schema refused may break the model's reading of it: the rest is
        if not shape:  # read again without the fields refused (their defaults in their place)
            raise
        variant, build_errors = None, []
        refused = without_fields(data, [e.location.path for e in shape if e.location])
        with contextlib.suppress(Exception):
            build_errors = build_variant(refused, file=file, chosen=chosen, options=declared)[1]
    errors.extend(e for e in build_errors if not _said_already(e, shape))
    if variant is not None and not errors:
        from .checks import check_variant

        errors.extend(check_variant(variant, data))
    if errors or variant is None:  # no variant: its problems are among the errors
        raise SpecErrors(_as_the_user_reads(in_order(errors), data, file, steps_moved, changed))
    return variant


def _steps_by_id(errors: list[SpecError], steps: Any) -> list[SpecError]:
    """Errors whose path counts ``steps`` (a file's own list) with the steps named by id."""
    out = []
    for e in errors:
        loc = e.location
        path = loc.path if loc else ()
        if loc and len(path) > 1 and path[0] == "steps" and isinstance(path[1], int) and isinstance(steps, list):
            body = step_body(steps[path[1]]) if 0 <= path[1] < len(steps) else None
            step_id = body.get("id") if isinstance(body, Mapping) else None
            if isinstance(step_id, str):
                e = type(e)(e.message, Location(loc.file, loc.line, loc.column, ("steps", f"[{step_id}]", *path[2:])))
        out.append(e)
    return out


def _said_already(error: SpecError, others: list[SpecError]) -> bool:
    """Whether one of ``others`` is about the same field (or one holding it)."""
    path = error.location.path if error.location else ()
    for other in others:
        there = other.location.path if other.location else ()
        if there and path[: len(there)] == there:
            return True
    return False


def _as_the_user_reads(
    errors: list[SpecError], data: Any, file: str, steps_moved: bool, changed: Mapping[str, Location] | None = None
) -> list[SpecError]:
    """Errors located in the file the user wrote.

    In a file that extends another (or under a choice that adds or removes
    steps), a step is named by its id, not by its place among the merged
    steps; an error in a part of the base the file does not change is placed
    at its ``extends:`` and says where in the base; one in a step of the base
    that a chosen option of this file changes (``changed``: where, by the
    step's id), at that change."""
    changed = changed or {}
    parent = data.get("extends") if isinstance(data, Mapping) else None
    if not parent and not steps_moved:
        return errors
    steps = data.get("steps") if isinstance(data.get("steps"), list) else []
    here = locate(data, ("extends",), default=Location(file, 1, 1)) if parent else Location(file)
    out = []
    for e in errors:
        loc = e.location
        if loc is None:
            out.append(e)
            continue
        path = loc.path
        step_id, at = None, path[1] if len(path) > 1 and isinstance(path[1], int) else -1
        if path[:1] == ("steps",) and 0 <= at < len(steps):
            body = step_body(steps[at])
            step_id = body.get("id") if isinstance(body, Mapping) else None
            if isinstance(step_id, str):
                path = ("steps", f"[{step_id}]", *path[2:])
        message = e.message
        if parent and loc.file is not None and here.file is not None and Path(loc.file) != Path(here.file):
            where = f"{Path(loc.file).name}:{loc.line}" if loc.line else Path(loc.file).name
            what = f"step '{step_id}'" if isinstance(step_id, str) else "that part"
            if isinstance(step_id, str) and step_id in changed:
                message = f"{message}; step '{step_id}' is {parent}'s ({where}), as this option changes it"
                loc = changed[step_id]
            elif isinstance(step_id, str) and (mine := changed_in(steps[at], here.file)) is not None:
                message = f"{message}; step '{step_id}' is {parent}'s ({where}), as this file changes it"
                loc = mine
            else:
                message = f"{message}; {what} is {parent}'s ({where}), which this file does not change"
                loc = here
        out.append(type(e)(message, Location(loc.file, loc.line, loc.column, path)))
    return out
