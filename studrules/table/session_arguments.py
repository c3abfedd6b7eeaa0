"""The checks a :class:`~studrules.table.session.Session` makes of what it is given from
Python, before any hand is dealt: each says which argument and what it takes, as an
:class:`~studrules.errors.ArgumentError` (the command line's own checks come first)."""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..errors import ArgumentError, close_matches
from ..game.players import check_names
from ..game.policy_base import policy_problem
from ..spec.model import Variant

__all__ = [
    "session_game",
    "session_games",
    "session_players",
    "session_policies",
    "session_stack",
    "session_stacks",
    "session_choices",
    "count_or_none",
    "known_to_some",
]


def session_games(variants: Any) -> list[str | os.PathLike | Variant]:
    """The session's games as given: a list of names, paths or loaded variants.

    >>> session_games("razz")
    Traceback (most recent call last):
    ...
    studrules.errors.ArgumentError: variants are a list of names, paths or loaded variants (['razz']), not 'razz'
    """
    if isinstance(variants, (str, os.PathLike, Variant)):
        shown = [variants.name if isinstance(variants, Variant) else str(variants)]
        given = f"the variant {variants.name}" if isinstance(variants, Variant) else repr(variants)
        raise ArgumentError(f"variants are a list of names, paths or loaded variants ({shown!r}), not {given}")
    if not isinstance(variants, Iterable):
        raise ArgumentError(f"variants are a list of names, paths or loaded variants, not {variants!r}")
    games = list(variants)
    if not games:
        raise ArgumentError("a session needs at least one variant")
    for game in games:
        if not isinstance(game, (str, os.PathLike, Variant)):
            raise ArgumentError(
                f"a session's games are names, paths or loaded variants (studrules.load_variant(NAME or FILE)), "
                f"not {game!r}"
            )
    return games


def session_game(v: Any, options: Mapping[str, Any] | None, stakes: Mapping[str, Any] | None) -> Any:
    """A game of a session: ``v`` as given, or loaded by name or path with the
    ``options`` it has and the ``stakes`` it names (the others are other games')."""
    if not isinstance(v, (str, os.PathLike)):
        return v
    from pathlib import Path

    from ..spec.loader import load_variant

    ref = v if isinstance(v, str) else Path(v)
    loaded = load_variant(ref)
    chosen = {k: c for k, c in (options or {}).items() if any(o.name == k for o in loaded.options)}
    known = dict(loaded.stakes)
    overrides = {k: s for k, s in (stakes or {}).items() if k in known}
    if chosen or overrides:
        loaded = load_variant(ref, options=chosen, stakes=overrides)
    return loaded


def session_players(players: Any) -> tuple[str, ...]:
    """The names of the players, clockwise, each different.

    >>> session_players(["Ann", "Bob"])
    ('Ann', 'Bob')
    >>> session_players(4)
    Traceback (most recent call last):
    ...
    studrules.errors.ArgumentError: players are a list of names, not 4
    """
    if isinstance(players, (str, bytes, Mapping)) or not isinstance(players, Iterable):
        raise ArgumentError(f"players are a list of names, not {players!r}")
    seating = tuple(str(p) for p in players)
    if len(set(seating)) != len(seating):
        raise ArgumentError(f"each player needs a different name: {', '.join(seating)}")
    check_names(seating)
    return seating


def session_stack(name: str, stack: Any) -> int:
    """A player's stack as a session seats him: a whole number of chips, 0 or more.

    >>> session_stack("Ann", 2.5)
    Traceback (most recent call last):
    ...
    studrules.errors.ArgumentError: Ann's stack must be a whole number of chips, not 2.5
    """
    if type(stack) is not int or stack < 0:
        raise ArgumentError(f"{name}'s stack must be a whole number of chips, not {stack!r}")
    return stack


def session_stacks(stacks: Any, seating: tuple[str, ...]) -> dict[str, int]:
    """The players' first stacks: one number for all, a list in seat order, or a mapping by name.

    >>> session_stacks([100, 0], ("Ann", "Bob"))
    {'Ann': 100, 'Bob': 0}
    >>> session_stacks({"Ann": 100}, ("Ann", "Bob"))
    Traceback (most recent call last):
    ...
    studrules.errors.ArgumentError: stacks must give every player: missing Bob
    """
    if isinstance(stacks, Mapping):
        missing = [p for p in seating if p not in stacks]
        if missing:
            raise ArgumentError(f"stacks must give every player: missing {', '.join(missing)}")
        out = {p: stacks[p] for p in seating}
    elif isinstance(stacks, int) and not isinstance(stacks, bool):
        out = dict.fromkeys(seating, stacks)
    elif isinstance(stacks, Sequence) and not isinstance(stacks, (str, bytes)):
        values = list(stacks)
        if len(values) != len(seating):
            raise ArgumentError(f"{len(values)} stacks for {len(seating)} players")
        out = dict(zip(seating, values))
    else:
        raise ArgumentError(f"stacks are a whole number of chips, a list of them or a mapping by name, not {stacks!r}")
    for p, s in out.items():
        session_stack(p, s)
    if not any(out.values()):
        raise ArgumentError("a session needs a player with chips")
    return out


def session_choices(what: str, given: Any, seating: tuple[str, ...]) -> dict:
    """Players' choices for the next hand as a session takes them (``what``: ``antes``, chips by
    player; ``side_bets``, by player a stake by bet name: a bet no game of the hand has is
    left aside, as the bets of the session's other games are): each player seated, each
    stake a whole number of chips, 0 or more.

    >>> session_choices("antes", 5, ("Ann",))
    Traceback (most recent call last):
    ...
    studrules.errors.ArgumentError: antes map players' names to chips, not 5
    >>> session_choices("side_bets", {"Ann": {"pair_plus": -5}}, ("Ann",))
    Traceback (most recent call last):
    ...
    studrules.errors.ArgumentError: side_bets: Ann's pair_plus is a whole number of chips, 0 or more, not -5
    """
    if given is None:
        return {}
    shape = "chips" if what == "antes" else "a stake by side bet"
    if not isinstance(given, Mapping):
        raise ArgumentError(f"{what} map players' names to {shape}, not {given!r}")
    for player, chosen in given.items():
        if player not in seating:
            raise ArgumentError(f"{what}: {player!r} is not seated at this table")
        stakes = {"ante": chosen} if what == "antes" else chosen
        if not isinstance(stakes, Mapping):
            raise ArgumentError(f"{what}: {player}'s are {shape}, not {chosen!r}")
        for bet, chips in stakes.items():
            if not isinstance(bet, str):
                raise ArgumentError(f"{what}: {player}'s side bets are named, not {bet!r}")
            if type(chips) is not int or chips < 0:
                mine = player if what == "antes" else f"{player}'s {bet}"
                raise ArgumentError(f"{what}: {mine} is a whole number of chips, 0 or more, not {chips!r}")
    return dict(given)


def session_policies(policies: Any, seating: tuple[str, ...]) -> dict[str, Any]:
    """Who decides for each player: a mapping by name, each with an ``act(view)``."""
    if not isinstance(policies, Mapping):
        raise ArgumentError(f"policies map each player's name to his policy, not {policies!r}")
    missing = [p for p in seating if p not in policies]
    if missing:
        raise ArgumentError(f"no policy for {', '.join(missing)}")
    for p in seating:
        problem = policy_problem(p, policies[p])
        if problem is not None:
            raise ArgumentError(problem)
    return dict(policies)


def count_or_none(value: Any, name: str, least: int) -> int | None:
    """``value`` if it is None or a whole number at least ``least``.

    >>> count_or_none(-1, "hands", 1)
    Traceback (most recent call last):
    ...
    studrules.errors.ArgumentError: hands is None or a whole number, 1 or more, not -1
    """
    if value is None or (type(value) is int and value >= least):
        return value
    raise ArgumentError(f"{name} is None or a whole number, {least} or more, not {value!r}")


def known_to_some(what: str, given: Mapping[str, object], known: Iterable[str]) -> None:
    """Every option or stake given names one that some game of the session has (each
    applies to the games that have it): a misspelt name is an error, not ignored.

    >>> known_to_some("stake", {"antee": 5}, ["ante", "bring_in"])
    Traceback (most recent call last):
    ...
    studrules.errors.ArgumentError: no variant of the session has the stake antee (did you mean 'ante'?)
    """
    names = sorted(set(known))
    unknown = [k for k in given if k not in names]
    if unknown:
        close = close_matches(unknown[0], names)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        raise ArgumentError(f"no variant of the session has the {what} {', '.join(map(str, unknown))}{hint}")
