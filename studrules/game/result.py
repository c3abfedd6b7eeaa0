"""How a hand ended: :class:`HandResult`, with the record of each pot
(:class:`PotResult`) and, in games against the house, of each position
(:class:`PositionResult`)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, NotRequired, TypedDict

__all__ = ["HandResult", "PotResult", "PositionResult"]


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a finished hand ended.

    ``stacks``/``net``: per player. ``pots``: each pot's amount, who could win
    it and each winner's share. ``showdown_order``: who showed (or mucked) in
    order. ``void``: the hand was void. Banked games: ``positions`` (each
    position's ante, raise and settlement) and ``house_net``."""

    stacks: dict[str, int]
    net: dict[str, int]
    pots: tuple[PotResult, ...] = ()
    showdown_order: tuple[str, ...] = ()
    void: bool = False
    positions: tuple[PositionResult, ...] | None = None
    house_net: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON data."""
        out: dict[str, Any] = {
            "stacks": dict(self.stacks),
            "net": dict(self.net),
            "pots": [dict(p) for p in self.pots],
            "showdown_order": list(self.showdown_order),
        }
        if self.void:
            out["void"] = True
        if self.positions is not None:
            out["positions"] = [dict(p) for p in self.positions]
            out["house_net"] = self.house_net
        return out


def _made_result(
    stacks: dict[str, int],
    net: dict[str, int],
    pots: tuple[PotResult, ...],
    showdown_order: tuple[str, ...],
    void: bool,
    positions: tuple[PositionResult, ...] | None,
    house_net: int | None,
) -> HandResult:
    """``HandResult(...)`` of the same fields, without the frozen class's ``__init__``
    (a hand makes one result, and makes it often: the fields set straight into the slots)::

        >>> _made_result({"Ann": 5}, {"Ann": 0}, (), (), False, None, None) == HandResult({"Ann": 5}, {"Ann": 0})
        True
    """
    result = _new_result(HandResult)
    _set_stacks(result, stacks)
    _set_net(result, net)
    _set_pots(result, pots)
    _set_order(result, showdown_order)
    _set_void(result, void)
    _set_positions(result, positions)
    _set_house_net(result, house_net)
    return result


_new_result = object.__new__
_set_stacks, _set_net, _set_pots, _set_order, _set_void, _set_positions, _set_house_net = (
    HandResult.__dict__[f.name].__set__ for f in fields(HandResult)
)


class PotResult(TypedDict):
    """One pot: its chips, the players who could win it and each winner's
    chips; ``uncalled``: a bet nobody called, returned."""

    amount: int
    eligible: list[str]
    winners: dict[str, int]
    uncalled: NotRequired[bool]


#: One position of a game against the house: its ante and raise (None: it
#: folded), what each won or lost, the net and why; in a game with side bets
#: the positions chose (``Hand(side_bets=...)``), ``side_bets``: each one's
#: stake (0: not made) and its win or loss, by name.
PositionResult = TypedDict(
    "PositionResult",
    {
        "player": str,
        "ante": int,
        "raise": int | None,
        "raises": NotRequired[list[int]],
        "ante_net": int,
        "raise_net": int,
        "side_net": NotRequired[int],
        "side_bets": NotRequired[dict[str, dict[str, int]]],
        "net": int,
        "reason": str,
    },
)
