"""A table's settings checked as a whole, and the host's change of them between hands.

:func:`check_table` checks a table's settings as the server makes a table:
every game known and played by as many players as the table seats, every
stake and option one of its games has, and each game loaded with them (a
table its games refuse is never made). :func:`check_change` checks the
host's change of a table in play the same way: ``changes`` names any of
:data:`CHANGEABLE`, each replacing the table's; the seats, the buy-in and the
seed (:data:`FIXED`) stay for the table's life. It gives the new settings,
the games loaded with them and the lines that tell everybody what changed::

    >>> from studrules.spec.resources import default_variant
    >>> before = TableConfig(variants=(default_variant(),), seats=2, timeout=30)
    >>> change = check_change(before, {"timeout": 20, "pause": 0})
    >>> change.config.timeout, change.lines
    (20.0, ['The host changed the time to act: 30 s -> 20 s', 'The host changed the pause between hands: 4 s -> 0 s'])
    >>> check_change(before, {"seats": 3})
    Traceback (most recent call last):
    ...
    studrules.web.config.TableError: 'seats' cannot change: the seats, the buy-in and the seed stay for the table's life
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import StudrulesError, format_path
from ..table.session import Session
from .config import TableConfig, TableError, rebuy_words

__all__ = [
    "CHANGEABLE",
    "FIXED",
    "Change",
    "check_table",
    "check_change",
    "stake_notes",
    "public_settings",
    "without_file",
]

#: What the host may change between hands.
CHANGEABLE = ("variants", "rotate", "stakes", "options", "timeout", "pause", "rebuys", "rebuy_limit")
#: What stays for the table's life.
FIXED = ("seats", "buy_in", "seed")

_ROTATION_WORDS = {"turn": "each game in turn", "dealer": "dealer's choice"}


@dataclass
class Change:
    """A checked change: the new ``config``, its ``games`` loaded with its stakes and
    options (None: the games, stakes and options are as they were) and the ``lines``
    that tell the table what changed."""

    config: TableConfig
    games: list[Any] | None
    lines: list[str]


def without_file(err: StudrulesError) -> str:
    """What an error of a game's file says, with the field but not the file's
    path (where the server is installed)."""
    out = []
    for e in getattr(err, "errors", None) or [err]:
        path = format_path(e.location.path) if e.location is not None else ""
        out.append(f"{path}: {e.message}" if path else e.message)
    return "; ".join(out[:3])


def _known(config: TableConfig, games: Mapping[str, Any] | None, resolve: Callable[[str], Any]) -> dict[str, Any]:
    """The table's games by name: those the server deals, or (None) each loaded as it is named."""
    if games is not None:
        return {n: games[n] for n in config.variants}
    from ..spec.loader import load_variant

    out = {}
    for name in config.variants:
        try:
            out[name] = load_variant(resolve(name))
        except StudrulesError:
            raise TableError(f"'{name[:64]}' is not a game this table deals") from None
    return out


def check_table(
    config: TableConfig,
    games: Mapping[str, Any] | None = None,
    resolve: Callable[[str], Any] = lambda name: name,
    *,
    seats_word: str = "",
) -> list[Any]:
    """The table's games loaded with its stakes and options, once each is known
    to take them (a :class:`TableError` says what is wrong). ``games``: the
    games the server deals by name (``config`` was read with them); ``resolve``:
    a game's name -> what a session loads."""
    known = _known(config, games, resolve)
    low = max(v.seats.min for v in known.values())
    high = min(v.seats.max for v in known.values())
    if not low <= config.seats <= high:
        said = seats_word or f"'seats' is not {config.seats}"
        raise TableError(f"these games are played by {low} to {high} players: {said}")
    for key in config.options:
        if not any(o.name == key for v in known.values() for o in v.options):
            raise TableError(f"no game of this table has the option '{key}'")
    for key in config.stakes:
        if not any(key == k for v in known.values() for k, _ in v.stakes):
            raise TableError(f"no game of this table has the stake '{key}'")
    loaded = []
    for name in config.variants:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # (a stake that turns the bets round is the host's to choose)
                loaded.append(Session.load_game(resolve(name), config.options, config.stakes))
        except StudrulesError as err:
            raise TableError(f"{name} with these stakes and options: {without_file(err)}") from None
    for name, v in zip(config.variants, loaded):
        # (a buy-in below what a hand against the house needs seats players who can never be dealt in)
        need = Session.needs(v)
        if config.buy_in < need:
            raise TableError(
                f"a hand of {name} needs {need} chips (the ante, the side bets the table stakes and the raises):"
                f" the buy-in of {config.buy_in} does not cover it"
            )
    return loaded


def stake_notes(
    config: TableConfig, loaded: Sequence[Any], resolve: Callable[[str], Any] = lambda name: name
) -> list[str]:
    """What the table's stakes do that the host may not mean, a line per game (as the command
    line warns of it): a stake worked out to a fraction of a chip (played without it), bets
    put in the other order than the file's.

    >>> from studrules.spec.resources import default_variant
    >>> config = TableConfig(variants=(default_variant(),), seats=2, stakes={"low_limit": 3})
    >>> stake_notes(config, check_table(config, None))[0].split(": ", 1)[1]
    'the stake low_limit=3 makes ante (low_limit / 2) 1.5 of a chip: it is played as 1; give it too (ante=N in the stakes) or stakes that make it whole'
    """
    from ..spec.stake_order import stake_order_warnings

    out = []
    for name, game in zip(config.variants, loaded):
        given = {k: v for k, v in config.stakes.items() if any(k == s for s, _ in game.stakes)}
        if not given:
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            written = Session.load_game(resolve(name), config.options, {})
        out += [f"{name}: {line}" for line in stake_order_warnings(written, game, given, "the stake")]
    return out


def check_change(
    before: TableConfig,
    changes: Any,
    games: Mapping[str, Any] | None = None,
    resolve: Callable[[str], Any] = lambda name: name,
    *,
    players: int | None = None,
    current: Sequence[Any] | None = None,
    when: str = "",
) -> Change:
    """The host's ``changes`` to the settings ``before``, checked whole as a new
    table's are (a :class:`TableError` says which field and what, and nothing
    changes). ``players``: how many play at the table now (each game must take
    them); ``current``: the games loaded with ``before`` (None: loaded here if
    need be); ``when``: words the lines say when the change applies."""
    if not isinstance(changes, dict) or not changes:
        raise TableError(f"a change of the table's settings names one or more of: {', '.join(CHANGEABLE)}")
    fixed = [k for k in FIXED if k in changes]
    if fixed:
        names = ", ".join(f"'{k}'" for k in fixed)
        raise TableError(f"{names} cannot change: the seats, the buy-in and the seed stay for the table's life")
    unknown = sorted(str(k)[:20] for k in changes if k not in CHANGEABLE)
    if unknown:
        raise TableError(f"unknown table settings: {', '.join(unknown)} (the host may change {', '.join(CHANGEABLE)})")
    config = TableConfig.from_dict(before.to_dict() | changes, None if games is None else games.__contains__)
    if config == before:
        raise TableError("nothing changes: these are the table's settings already")
    rules = (config.variants, config.stakes, config.options) != (before.variants, before.stakes, before.options)
    loaded = check_table(config, games, resolve, seats_word=f"this table has {config.seats} seats") if rules else None
    for v in loaded or ():
        if players is not None and players < v.seats.min:
            raise TableError(f"{v.name} is played by {v.seats.min} players at least: {players} play at this table")
    if current is None and config.stakes != before.stakes:
        current = check_table(before, games, resolve)
    notes = stake_notes(config, loaded, resolve) if loaded is not None and config.stakes != before.stakes else []
    return Change(config, loaded, _lines(before, config, current or [], loaded or current or [], when) + notes)


def _lines(before: TableConfig, after: TableConfig, old: Sequence[Any], new: Sequence[Any], when: str) -> list[str]:
    """What changed, a line for each setting, in plain words."""
    out = []
    if before.variants != after.variants:
        out.append(f"the games{when}: {', '.join(before.variants)} -> {', '.join(after.variants)}")
    if before.rotate != after.rotate:
        out.append(f"the rotation{when}: {_ROTATION_WORDS[before.rotate]} -> {_ROTATION_WORDS[after.rotate]}")
    keys = sorted(k for k in set(before.stakes) | set(after.stakes) if before.stakes.get(k) != after.stakes.get(k))
    if keys:
        said = (f"{k} {_stake(k, old)} -> {_stake(k, new)}" for k in keys)
        out.append(f"the stakes{when}: {', '.join(said)}")
    keys = sorted(k for k in set(before.options) | set(after.options) if before.options.get(k) != after.options.get(k))
    if keys:
        said = (f"{k} {_option(k, before, old or new)} -> {_option(k, after, new)}" for k in keys)
        out.append(f"the options{when}: {', '.join(said)}")
    if before.timeout != after.timeout:
        out.append(f"the time to act{when}: {before.timeout:g} s -> {after.timeout:g} s")
    if before.pause != after.pause:
        out.append(f"the pause between hands{when}: {before.pause:g} s -> {after.pause:g} s")
    if rebuy_words(before) != rebuy_words(after):
        out.append(f"the rebuys{when}: {rebuy_words(before)} -> {rebuy_words(after)}")
    elif before.rebuy_limit != after.rebuy_limit:  # (rebuys not allowed: the limit for when they are)
        limits = ["unlimited" if n is None else str(n) for n in (before.rebuy_limit, after.rebuy_limit)]
        out.append(f"the rebuys' limit, once allowed{when}: {limits[0]} -> {limits[1]}")
    return [f"The host changed {line}" for line in out]


def _stake(key: str, games: Sequence[Any]) -> str:
    """The stake ``key`` in force in ``games``: its value, or 'each game's own' where they differ."""
    values = {v.stake_values()[key] for v in games if key in v.stake_values()}
    return str(next(iter(values))) if len(values) == 1 else "each game's own" if values else "none"


def _option(key: str, config: TableConfig, games: Sequence[Any]) -> str:
    """The choice of the option ``key``: the table's, else the games' own default."""
    if key in config.options:
        return config.options[key]
    defaults = {o.default for v in games for o in v.options if o.name == key}
    return next(iter(defaults)) if len(defaults) == 1 else "each game's own"


def public_settings(config: TableConfig) -> dict[str, Any]:
    """What every seat may know of the table's settings (not the seed: it would tell the deals)."""
    return {k: v for k, v in config.to_dict().items() if k != "seed"}
