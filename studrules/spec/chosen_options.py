"""The house-rule choices given at load (``--option NAME=CHOICE``, or
``options=`` from Python): read against the options a file declares, and the
problems a choice causes said with it.

A choice's changes are laid over the file before the checks, so a problem
they cause is placed in the file like any other; the message then names the
choice, as ``studrules validate`` names it when it checks every choice::

    >>> from studrules.spec.loader import load_variant_text
    >>> text = '''
    ... name: late-bet
    ... kind: pot
    ... stakes: {bet: 2}
    ... options:
    ...   late_bet:
    ...     default: normal
    ...     choices:
    ...       normal: {}
    ...       none: {changes: {stakes: {bet: 0}}}
    ... steps:
    ...   - deal: {players: [down, up, up, up, up]}
    ...   - betting: {bet: bet}
    ...   - showdown: {rankings: [high]}
    ... '''
    >>> load_variant_text(text, options={"late_bet": "none"}, file="late.yaml")
    Traceback (most recent call last):
    ...
    studrules.errors.SpecErrors: late.yaml:13:20: steps[1].betting.bet: with option late_bet=none: the bet works out to 0; a betting round needs a bet of at least 1 chip
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..errors import Location, SpecError, SpecErrors, StudrulesError, close_matches, some_names
from .model import Option, Variant

__all__ = ["chosen_choices", "with_the_options", "said_with_choices"]


def chosen_choices(
    declared: tuple[Option, ...], given: Mapping[str, Any] | None, name: Any, file: str
) -> dict[str, str]:
    """Each declared option's choice: the one ``given`` names, else its default. An
    unknown option or choice is a :class:`~studrules.errors.SpecErrors` listing the
    valid ones (``name``: the variant's, to say whose options they are)."""
    chosen: dict[str, str] = {o.name: o.default for o in declared}
    errors: list[SpecError] = []
    for option_name, choice in (given or {}).items():
        option = next((o for o in declared if o.name == option_name), None)
        if option is None:
            valid = some_names([o.name for o in declared], like=option_name)
            close = close_matches(option_name, [o.name for o in declared])
            hint = f"did you mean '{close[0]}'? " if close else ""
            errors.append(
                SpecError(f"unknown option '{option_name}': {hint}options of {name}: {valid}", Location(file))
            )
            continue
        # YAML and Python may give yes/no as booleans
        choice = ("yes" if choice else "no") if isinstance(choice, bool) else str(choice)
        names = [c.name for c in option.choices]
        if choice not in names:
            errors.append(
                SpecError(
                    f"option '{option_name}' has no choice '{choice}': choose one of {', '.join(names)}", Location(file)
                )
            )
            continue
        chosen[option_name] = choice
    if errors:
        raise SpecErrors(errors)
    return chosen


def with_the_options(
    build: Callable[[dict[str, str]], Variant], declared: tuple[Option, ...], chosen: dict[str, str]
) -> Variant:
    """``build(chosen)``; where that fails and the defaults do not, each problem is
    said with the choices that cause it (``with option late_bet=none: ...``): those
    that fail alone, else (two choices that fail only together) all the choices made."""
    try:
        return build(chosen)
    except SpecErrors as err:
        defaults = {o.name: o.default for o in declared}
        picked = [(name, choice) for name, choice in chosen.items() if choice != defaults.get(name)]
        if not picked or _fails(build, defaults):
            raise  # (the file's own problems, or its stakes')
        blamed = [(name, choice) for name, choice in picked if _fails(build, {**defaults, name: choice})] or picked
        said = ", ".join(f"{name}={choice}" for name, choice in blamed)
        prefix = f"with option{'s' if len(blamed) > 1 else ''} {said}: "
        raise SpecErrors([type(e)(prefix + e.message, e.location) for e in err.errors]) from None


def _fails(build: Callable[[dict[str, str]], Variant], chosen: dict[str, str]) -> bool:
    try:
        build(chosen)
    except StudrulesError:
        return True
    return False


def said_with_choices(problems: list[tuple[str, str, list[SpecError]]]) -> list[SpecError]:
    """The problems of each choice (:func:`~studrules.spec.loader.choice_errors`) worded with
    it, each problem once: ``with option late_bet=none: the bet works out to 0 ...``.

    >>> [str(e) for e in said_with_choices([("o", "c", [SpecError("x", Location("f.yaml", 3))] * 2)])]
    ['f.yaml:3: with option o=c: x']
    """
    out: list[SpecError] = []
    seen: set[tuple[str, str]] = set()
    for option, choice, found in problems:
        for e in found:
            key = (str(e.location), e.message)
            if key not in seen:
                seen.add(key)
                out.append(SpecError(f"with option {option}={choice}: {e.message}", e.location))
    return out
