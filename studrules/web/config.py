"""A table's settings, as the host chose them and checked (:class:`TableConfig`).

>>> TableConfig.from_dict({"variants": ["house-special"], "seats": 4}).seats
4
>>> rebuy_words(TableConfig(("house-special",))), rebuy_words(TableConfig(("house-special",), rebuy_limit=None))
('up to 3 a player', 'unlimited')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..errors import StudrulesError

__all__ = ["TableConfig", "TableError", "REBUY_LIMIT", "rebuy_words"]

_ROTATIONS = ("turn", "dealer")

#: The most rebuys a player may make at a table, unless the host chooses otherwise.
REBUY_LIMIT = 3


class TableError(StudrulesError):
    """Something a player asked that the table does not allow now."""


@dataclass(frozen=True)
class TableConfig:
    """What the host chose: ``variants`` (names of shipped games), ``rotate``
    (``turn``: each in turn; ``dealer``: the dealer picks), ``seats``,
    ``buy_in`` (each player's first stack), ``stakes`` and ``options``
    (applied to each game that has them), ``timeout`` (seconds to act),
    ``pause`` (seconds between hands), ``seed`` (None: random deals),
    ``rebuys`` (whether a player who has lost his chips may buy in again, for
    the buy-in) and ``rebuy_limit`` (how many times each: None, unlimited)."""

    variants: tuple[str, ...]
    rotate: str = "turn"
    seats: int = 6
    buy_in: int = 1000
    stakes: dict[str, int] = field(default_factory=dict)
    options: dict[str, str] = field(default_factory=dict)
    timeout: float = 30.0
    pause: float = 4.0
    seed: int | None = None
    rebuys: bool = True
    rebuy_limit: int | None = REBUY_LIMIT

    def to_dict(self) -> dict[str, Any]:
        return {
            "variants": list(self.variants),
            "rotate": self.rotate,
            "seats": self.seats,
            "buy_in": self.buy_in,
            "stakes": dict(self.stakes),
            "options": dict(self.options),
            "timeout": self.timeout,
            "pause": self.pause,
            "seed": self.seed,
            "rebuys": self.rebuys,
            "rebuy_limit": self.rebuy_limit,
        }

    @classmethod
    def from_dict(cls, data: Any, allowed: Callable[[str], bool] | None = None) -> TableConfig:
        """A config from JSON data, every field checked (a :class:`TableError` says which is wrong)."""
        if not isinstance(data, dict):
            raise TableError("a table is described by a JSON object")
        known = {"variants", "rotate", "seats", "buy_in", "stakes", "options", "timeout", "pause", "seed"}
        known |= {"rebuys", "rebuy_limit"}
        extra = set(data) - known
        if extra:
            raise TableError(f"unknown table settings: {', '.join(sorted(str(k)[:20] for k in extra))}")
        names = data.get("variants")
        if not isinstance(names, list) or not 1 <= len(names) <= 20 or not all(isinstance(n, str) for n in names):
            raise TableError("'variants' is a list of 1 to 20 game names")
        for n in names:
            if allowed is not None and not allowed(n):
                raise TableError(f"'{n[:64]}' is not a game this server deals")
        rotate = data.get("rotate", "turn")
        if rotate not in _ROTATIONS:
            raise TableError("'rotate' is 'turn' or 'dealer'")
        seats = _whole(data, "seats", 6, 2, 10)
        buy_in = _whole(data, "buy_in", 1000, 1, 10**7)
        stakes = data.get("stakes") or {}
        options = data.get("options") or {}
        if not isinstance(stakes, dict) or len(stakes) > 20:
            raise TableError("'stakes' maps at most 20 stake names to whole numbers")
        for k, v in stakes.items():
            if not isinstance(k, str) or len(k) > 32 or isinstance(v, bool) or not isinstance(v, int):
                raise TableError("'stakes' maps stake names to whole numbers")
            if not 0 <= v <= 10**6:
                raise TableError(f"the stake {k} is from 0 to 1000000")
        if not isinstance(options, dict) or len(options) > 20:
            raise TableError("'options' maps at most 20 option names to choices")
        if not all(
            isinstance(k, str) and isinstance(v, str) and len(k) <= 32 and len(v) <= 32 for k, v in options.items()
        ):
            raise TableError("'options' maps option names to choices (text)")
        timeout = _number(data, "timeout", 30.0, 1.0, 600.0)
        pause = _number(data, "pause", 4.0, 0.0, 60.0)
        seed = data.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**32):
            raise TableError("'seed' is a whole number from 0 to 2**32-1, or none")
        rebuys = data.get("rebuys", True)
        if not isinstance(rebuys, bool):
            raise TableError("'rebuys' is true (a player out of chips may buy in again) or false")
        limit = data.get("rebuy_limit", REBUY_LIMIT)
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= 1000):
            raise TableError("'rebuy_limit' is a whole number from 1 to 1000, or null (unlimited)")
        return cls(
            tuple(names), rotate, seats, buy_in, dict(stakes), dict(options), timeout, pause, seed, rebuys, limit
        )


def _whole(data: dict, key: str, default: int, low: int, high: int) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise TableError(f"'{key}' is a whole number from {low} to {high}")
    return value


def _number(data: dict, key: str, default: float, low: float, high: float) -> float:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise TableError(f"'{key}' is a number of seconds from {low:g} to {high:g}")
    return float(value)


def rebuy_words(config: TableConfig) -> str:
    """The table's rebuys in words: not allowed, up to N a player, or unlimited."""
    if not config.rebuys:
        return "not allowed"
    return "unlimited" if config.rebuy_limit is None else f"up to {config.rebuy_limit} a player"
