"""The players of a hand and their stacks, checked before the hand starts.

>>> starting_stacks(("Ann", "Bob"), {"Ann": 0, "Bob": 1}, {"Ann": 50, "Bob": 80})
[50, 80]
>>> starting_stacks(("Ann", "Bob"), {"Ann": 0, "Bob": 1}, [50])
Traceback (most recent call last):
...
studrules.errors.ArgumentError: 1 stacks for 2 players
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..errors import ArgumentError
from ..spec.model import Variant
from .house import MAX_NAME_LENGTH, RESERVED_NAMES


def check_players(variant: Variant, names: tuple[str, ...]) -> None:
    """ArgumentError unless ``names`` are different printable words, none reserved,
    as many as ``variant`` seats."""
    check_names(names)
    seats = variant.seats
    low, high = seats.min, seats.max
    if seats.positions:
        high = max(high, seats.positions[1])
    if not low <= len(names) <= high:
        what = "positions" if variant.is_banked else "players"
        raise ArgumentError(f"{variant.name} is played by {low} to {high} {what}, not {len(names)}")


def check_names(names: Sequence[str]) -> None:
    """ArgumentError unless ``names`` are different printable words, none reserved.

    >>> check_names(["Ann", "house"])
    Traceback (most recent call last):
    ...
    studrules.errors.ArgumentError: 'house' is a reserved name: choose another player's name
    """
    for p in names:
        if len(p) > MAX_NAME_LENGTH:
            raise ArgumentError(f"a player's name has at most {MAX_NAME_LENGTH} characters, not {len(p):,}")
        if not p or any(ch.isspace() for ch in p) or not p.isprintable():
            raise ArgumentError(f"a player's name is one printable word, not {p!r}")
        if p in RESERVED_NAMES:
            raise ArgumentError(f"'{p}' is a reserved name: choose another player's name")
    if len(set(names)) != len(names):
        twice = ", ".join(sorted({p for p in names if names.count(p) > 1}))
        raise ArgumentError(f"each player must have a different name: {twice} given more than once")


def starting_stacks(
    players: tuple[str, ...], seat: Mapping[str, int], stacks: int | Sequence[int] | Mapping[str, int]
) -> list[int]:
    """Each player's stack, in seat order, from one number, a list or a mapping by name
    (``seat``: each player's seat); ArgumentError for anything else."""
    n = len(players)
    if isinstance(stacks, Mapping):
        missing = [p for p in players if p not in stacks]
        extra = [p for p in stacks if p not in seat]
        if missing or extra:
            raise ArgumentError(f"stacks must give every player: missing {missing}, unknown {extra}")
        out = [stacks[p] for p in players]
    elif isinstance(stacks, int) and not isinstance(stacks, bool):
        out = [stacks] * n
    elif isinstance(stacks, Sequence) and not isinstance(stacks, (str, bytes)):
        out = list(stacks)
        if len(out) != n:
            raise ArgumentError(f"{len(out)} stacks for {n} players")
    else:  # (True, "100", 2.5: neither a number of chips nor a list of them)
        raise ArgumentError(f"stacks are a whole number of chips, a list of them or a mapping by name, not {stacks!r}")
    for p, s in zip(players, out):
        if not isinstance(s, int) or isinstance(s, bool) or s <= 0:
            raise ArgumentError(f"{p}'s stack must be a positive whole number of chips, not {s!r}")
    return out
