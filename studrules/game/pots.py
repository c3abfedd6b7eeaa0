"""Pots: the main pot and side pots from what each player put in, and their division.

A player who is all in can win from each other player at most what he put
in himself. :func:`side_pots` cuts the chips into pots at every all-in
level; each pot is then settled on its own between the players eligible for
it::

    >>> pots = side_pots([50, 100, 100], live=[True, True, True])
    >>> [(p.amount, p.eligible) for p in pots]
    [(150, (0, 1, 2)), (100, (1, 2))]

Folded players' chips stay in the pots (dead money) but folded players are
eligible for none::

    >>> [(p.amount, p.eligible) for p in side_pots([30, 20, 20], live=[False, True, True])]
    [(70, (1, 2))]

:func:`divide` shares an amount between tied winners, the odd chips going one
by one in the order of the variant's odd-chip rule; :func:`split_pot` divides
a pot between several rankings (high and low) first.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TypeVar

__all__ = ["Pot", "side_pots", "contested", "divide", "split_pot", "split_pot_parts"]

Seat = TypeVar("Seat", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Pot:
    """A pot: its chips and the seats (indices) that may win it.

    ``contributors``: seats that put chips in it (folded ones included); a
    pot with one eligible seat that nobody else paid into is an uncalled bet
    to give back."""

    amount: int
    eligible: tuple[int, ...]
    contributors: tuple[int, ...] = ()

    @property
    def uncalled(self) -> bool:
        """Only its one eligible player put chips in it: an uncalled bet."""
        return len(self.eligible) == 1 and self.contributors == self.eligible


def side_pots(contributions: Sequence[int], live: Sequence[bool], dead: Sequence[int] | None = None) -> list[Pot]:
    """The pots, main pot first, from each seat's total contribution.

    ``live[i]``: seat ``i`` is still in the hand (not folded). A level is cut
    at each live player's total; chips above the highest live total (a folded
    player's) go into the last pot. ``dead[i]``: the part of seat ``i``'s
    contribution that is not a bet (a price paid for a card, an ante posted
    for the whole table): it goes to the main pot and sets no level.

    >>> [(p.amount, p.eligible, p.uncalled) for p in side_pots([10, 40, 25], [True, True, True])]
    [(30, (0, 1, 2), False), (30, (1, 2), False), (15, (1,), True)]
    >>> side_pots([0, 0], [True, True])
    []
    >>> [(p.amount, p.eligible, p.uncalled) for p in side_pots([24, 14], [True, True], dead=[10, 0])]
    [(38, (0, 1), False)]
    """
    if dead is not None and any(dead):
        return _with_dead(contributions, live, dead)
    n = len(contributions)
    level = 0  # the one level of the live players (-1: several)
    for i in range(n):
        c = contributions[i]
        if c > 0 and live[i]:
            if not level:
                level = c
            elif c != level:
                level = -1
                break
    if level > 0:
        # every live player put in the same: one pot (the common case, cut short)
        total = 0
        contributors = []
        eligible = []
        for i in range(n):
            c = contributions[i]
            if c > 0:
                total += c
                contributors.append(i)
                if live[i]:
                    eligible.append(i)
        return [Pot(total, tuple(eligible), tuple(contributors))]
    levels = sorted({c for c, alive in zip(contributions, live) if alive and c > 0})
    pots: list[Pot] = []
    previous = 0
    for index, level in enumerate(levels):
        top = index == len(levels) - 1
        amount = 0
        contributors = []
        for i in range(n):
            c = contributions[i]
            part = (c if top else min(c, level)) - previous if c > previous else 0
            if part > 0:
                amount += part
                contributors.append(i)
        winners = tuple(i for i in range(n) if live[i] and contributions[i] >= level)  # who may win it
        if amount:
            pots.append(Pot(amount, winners, tuple(contributors)))
        previous = level
    if not levels and any(contributions):
        # nobody live put anything in: the dead chips go to every live seat
        pots.append(
            Pot(
                sum(contributions),
                tuple(i for i in range(n) if live[i]),
                tuple(i for i in range(n) if contributions[i]),
            )
        )
    return _merge_equal(pots)


def contested(
    contributions: Sequence[int], live: Sequence[bool], dead: Sequence[int] | None = None
) -> list[tuple[int, ...]]:
    """The seats that may win each pot that more than one player may win,
    main pot first: what a player at the showdown plays for.

    >>> contested([10, 40, 40], [True, True, True])
    [(0, 1, 2), (1, 2)]
    >>> contested([10, 40, 25], [True, True, True])  # the top 15 is Bob's own
    [(0, 1, 2), (1, 2)]
    """
    return [p.eligible for p in side_pots(contributions, live, dead) if len(p.eligible) > 1]


def _with_dead(contributions: Sequence[int], live: Sequence[bool], dead: Sequence[int]) -> list[Pot]:
    """The pots of the bets alone, the dead chips added to the main pot."""
    pots = side_pots([c - d for c, d in zip(contributions, dead)], live)
    chips = sum(dead)
    payers = {i for i, d in enumerate(dead) if d}
    if not pots:
        return [Pot(chips, tuple(i for i, alive in enumerate(live) if alive), tuple(sorted(payers)))]
    main = pots[0]
    pots[0] = Pot(main.amount + chips, main.eligible, tuple(sorted(set(main.contributors) | payers)))
    return pots


def _merge_equal(pots: list[Pot]) -> list[Pot]:
    """Adjacent pots with the same eligible seats are one pot."""
    out: list[Pot] = []
    for pot in pots:
        if out and out[-1].eligible == pot.eligible:
            last = out[-1]
            contributors = tuple(sorted(set(last.contributors) | set(pot.contributors)))
            out[-1] = Pot(last.amount + pot.amount, last.eligible, contributors)
        else:
            out.append(pot)
    return out


def divide(
    amount: int, winners: Sequence[Seat], odd_chip_order: Callable[[Sequence[Seat]], Sequence[Seat]] | None = None
) -> dict[Seat, int]:
    """Share ``amount`` equally between ``winners``; the chips that do not
    divide go one each to the winners in ``odd_chip_order(winners)`` order
    (default: the order given).

    >>> divide(25, ["Ann", "Bob"])
    {'Ann': 13, 'Bob': 12}
    >>> divide(11, [0, 1, 2], lambda seats: sorted(seats, reverse=True))
    {0: 3, 1: 4, 2: 4}
    """
    if not winners:
        raise ValueError("a pot needs at least one winner")
    each, odd = divmod(amount, len(winners))
    shares = dict.fromkeys(winners, each)
    if odd:
        order = list(odd_chip_order(winners)) if odd_chip_order else list(winners)
        for w in order[:odd]:
            shares[w] += 1
    return shares


def split_pot(
    amount: int,
    parts: Sequence[Sequence[Seat]],
    odd_chip_order: Callable[[Sequence[Seat]], Sequence[Seat]] | None = None,
    part_orders: Sequence[Callable[[Sequence[Seat]], Sequence[Seat]]] | None = None,
) -> dict[Seat, int]:
    """Divide a pot between rankings, then each part between its tied winners.

    ``parts[k]``: the winners under the k-th ranking (empty when no hand
    qualifies, e.g. no low of eight or better). The pot is divided equally
    between the parts that have a winner; the odd chip of that division
    goes to the first listed part. A seat winning several parts gets each share.
    ``part_orders[k]``: the odd-chip order among the winners of part ``k``
    (the cards of the k-th hand may decide it), instead of ``odd_chip_order``.

    >>> split_pot(31, [["Ann"], ["Bob"]])
    {'Ann': 16, 'Bob': 15}
    >>> split_pot(31, [["Ann"], []])
    {'Ann': 31}
    >>> split_pot(30, [["Ann"], ["Ann", "Bob"]])
    {'Ann': 23, 'Bob': 7}
    """
    if len(parts) == 1 and len(parts[0]) == 1:
        return {parts[0][0]: amount}  # one winner takes it all
    shares: dict[Seat, int] = {}
    for part in split_pot_parts(amount, parts, odd_chip_order, part_orders):
        for seat, chips in part.items():
            shares[seat] = shares.get(seat, 0) + chips
    return shares


def split_pot_parts(
    amount: int,
    parts: Sequence[Sequence[Seat]],
    odd_chip_order: Callable[[Sequence[Seat]], Sequence[Seat]] | None = None,
    part_orders: Sequence[Callable[[Sequence[Seat]], Sequence[Seat]]] | None = None,
) -> list[dict[Seat, int]]:
    """:func:`split_pot`, each part's shares apart (empty for a part nobody won).

    >>> split_pot_parts(31, [["Ann"], ["Ann", "Bob"]])
    [{'Ann': 16}, {'Ann': 8, 'Bob': 7}]
    >>> split_pot_parts(31, [["Ann"], []])
    [{'Ann': 31}, {}]
    """
    used = [k for k, p in enumerate(parts) if p]
    if not used:
        raise ValueError("a pot needs at least one winner")
    halves = divide(amount, list(range(len(used))))
    out: list[dict[Seat, int]] = [{} for _ in parts]
    for index, k in enumerate(used):
        order = part_orders[k] if part_orders is not None else odd_chip_order
        out[k] = divide(halves[index], list(parts[k]), order)
    return out
