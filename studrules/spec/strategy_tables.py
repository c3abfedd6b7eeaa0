"""A strategy's table of hands: the action for each hand, written card by card.

A rule of a strategy may be a table instead of a condition::

    - hands:
        "AK962 / 9": raise           # these ranks, any suits, the house showing a nine
        "AsKs9c6h2d / 9s": fold      # these cards up to a renaming of suits
        "77Q42": raise               # these ranks whatever the house shows

A key is the player's cards (his own and the community's), then, after
``/``, the house's up cards. Cards written with their suits match a hand
that is the same up to a renaming of the suits (``AsKs`` is any suited
ace-king); cards written as ranks match any suits. A hand is looked up in
that order, the most precise first: suits and up cards, ranks and up cards,
ranks alone. A hand the table does not hold goes on to the next rule. The
optimal strategies ``studrules analyze --optimal --write FILE`` writes are
such tables, where no condition says them shortly.

>>> t = HandTable.parse({"AK962 / 9": "raise", "AsKs9c6h2d / 9s": "fold"})
>>> t.lookup("Ah Kh 9c 6d 2s", "9h"), t.lookup("Ad Kc 9c 6h 2s", "9d"), t.lookup("Ad Kd 9c 6h 2s", "Td")
('fold', 'raise', None)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["HandTable", "KeyError_", "rank_key", "suit_key", "key_text"]

_RANKS = "23456789TJQKA"
_SUITS = "cdhs"
# the common key, every card with its suit as written out ('AsKd9c6h3s / Qh'): read at once
_CARD_CODES = {r + s: 4 * i + j for i, r in enumerate(_RANKS) for j, s in enumerate(_SUITS)}
_SUITED_KEY = re.compile(r" *((?:[2-9TJQKA][cdhs])+) *(?:/ *((?:[2-9TJQKA][cdhs])+) *)?")
# and the key of ranks alone ('A6532 / Q')
_RANK_CODES = {r: 4 * i for i, r in enumerate(_RANKS)}
_RANKS_KEY = re.compile(r" *([2-9TJQKA]+) *(?:/ *([2-9TJQKA]+) *)?")


class KeyError_(ValueError):
    """A key of a table of hands that does not read (the message says why)."""


def _codes(cards: Iterable[Any] | str) -> list[int]:
    from ..cards.card import Card, parse_cards

    if isinstance(cards, str):
        return [c.code for c in parse_cards(cards)] if cards.strip() else []
    return [Card(c).code for c in cards]


def rank_key(cards: Iterable[int]) -> int:
    """The ranks of some cards: three bits per rank, how many cards have it.

    >>> rank_key([48, 49]) == rank_key([50, 51])  # two aces, whatever their suits
    True
    """
    return sum(1 << 3 * (c // 4) for c in cards)


def suit_key(player: Iterable[int], up: Iterable[int] = ()) -> tuple[int, ...]:
    """The cards up to a renaming of suits: each suit's ranks (the player's, the house's), sorted.

    >>> suit_key([48, 44]) == suit_key([49, 45]), suit_key([48, 44]) == suit_key([48, 45])
    (True, False)
    """
    masks = [0, 0, 0, 0]
    for c in player:
        masks[c % 4] |= 1 << c // 4
    for c in up:
        masks[c % 4] |= 1 << 13 + c // 4
    return tuple(sorted(masks, reverse=True))


def key_text(player: Iterable[int], up: Iterable[int] = (), *, suits: bool) -> str:
    """A key as it is written: the cards high to low, with their suits or as ranks, then ``/`` and the up cards.

    >>> key_text([0, 51, 44], [30], suits=True), key_text([0, 51, 44], [30], suits=False)
    ('AsKc2c / 9h', 'AK2 / 9')
    """

    def text(cards: Iterable[int]) -> str:
        ordered = sorted(cards, key=lambda c: (-(c // 4), c % 4))
        return "".join(_RANKS[c // 4] + (_SUITS[c % 4] if suits else "") for c in ordered)

    ups = list(up)
    return text(player) + (f" / {text(ups)}" if ups else "")


def _parse_key(text: str) -> tuple[bool, list[int], list[int] | None]:
    """(with suits, player cards as codes, up cards or None when the key names none).
    Cards given as ranks get suit 0 (only their ranks are read)."""
    plain = _SUITED_KEY.fullmatch(text) if isinstance(text, str) else None
    if plain is not None:
        player, shown = plain.group(1), plain.group(2)
        held = [_CARD_CODES[player[i : i + 2]] for i in range(0, len(player), 2)]
        up = None if shown is None else [_CARD_CODES[shown[i : i + 2]] for i in range(0, len(shown), 2)]
        if len(set(held + (up or []))) == len(held) + len(up or ()):
            return True, held, up
    plain = _RANKS_KEY.fullmatch(text) if isinstance(text, str) else None
    if plain is not None:
        player, shown = plain.group(1), plain.group(2)
        if all(player.count(r) <= 4 for r in player) and (shown is None or all(shown.count(r) <= 4 for r in shown)):
            return False, [_RANK_CODES[r] for r in player], None if shown is None else [_RANK_CODES[r] for r in shown]
    if not isinstance(text, str) or not text.strip():
        raise KeyError_("a key is the player's cards, like 'AsKd9c6h3s' or 'AK963', then '/ UP' for the house's")
    parts = text.split("/")
    if len(parts) > 2:
        raise KeyError_(f"'{text}': one '/' at most, between the player's cards and the house's up cards")
    suited: set[bool] = set()
    sides: list[list[int]] = []
    for part in parts:
        chars = part.replace(" ", "")
        codes: list[int] = []
        i = 0
        while i < len(chars):
            rank = _RANKS.find(chars[i].upper())
            if rank < 0:
                raise KeyError_(f"'{text}': '{chars[i]}' is no rank (ranks: {_RANKS})")
            suit = _SUITS.find(chars[i + 1].lower()) if i + 1 < len(chars) else -1
            if suit >= 0:
                codes.append(4 * rank + suit)
                suited.add(True)
                i += 2
            else:
                codes.append(4 * rank)
                suited.add(False)
                i += 1
        sides.append(codes)
    if len(suited) > 1:
        raise KeyError_(f"'{text}': write every card with its suit, or every card as a rank only")
    with_suits = suited == {True}
    if with_suits:
        every = [c for side in sides for c in side]
        if len(set(every)) != len(every):
            raise KeyError_(f"'{text}' names a card twice")
    elif any(sum(1 for c in side if c // 4 == r) > 4 for side in sides for r in range(13)):
        raise KeyError_(f"'{text}' names a rank more than four times")
    if not sides[0]:
        raise KeyError_(f"'{text}' names none of the player's cards")
    return with_suits, sides[0], (sides[1] if len(sides) == 2 else None)


@dataclass(frozen=True)
class HandTable:
    """The actions of a table rule, by key: ``by_suits`` (cards up to suits, with the up cards),
    ``by_ranks`` (ranks with the up cards' ranks), ``by_ranks_alone`` (ranks whatever the house
    shows). ``sizes``: how many player cards each key names (for the load-time checks);
    ``texts``: each key as written, by the size it names."""

    by_suits: Mapping[tuple[int, ...], str] = field(default_factory=dict)
    by_ranks: Mapping[tuple[int, int], str] = field(default_factory=dict)
    by_ranks_alone: Mapping[int, str] = field(default_factory=dict)
    # (text, player cards, up cards, where it is written), as written
    keys: tuple[tuple[str, int, int, Any], ...] = ()

    @property
    def actions(self) -> frozenset[str]:
        """Every action the table gives."""
        return frozenset([*self.by_suits.values(), *self.by_ranks.values(), *self.by_ranks_alone.values()])

    @classmethod
    def parse(cls, raw: Mapping[Any, str], locate: Any = None) -> HandTable:
        """A table from ``{key: action}``; ``locate(key)``: where a key is written.
        A key that does not read raises :class:`KeyError_`."""
        by_suits: dict[tuple[int, ...], str] = {}
        by_ranks: dict[tuple[int, int], str] = {}
        alone: dict[int, str] = {}
        keys: list[tuple[str, int, int, Any]] = []
        for text, action in raw.items():
            with_suits, player, up = _parse_key(str(text))
            keys.append((str(text), len(player), len(up or ()), locate(text) if locate else None))
            if with_suits:
                by_suits[suit_key(player, up or ())] = action
            elif up is None:
                alone[rank_key(player)] = action
            else:
                by_ranks[(rank_key(player), rank_key(up))] = action
        return cls(by_suits, by_ranks, alone, tuple(keys))

    def lookup(self, cards: Iterable[Any] | str, house_up: Iterable[Any] | str = ()) -> str | None:
        """The action for one hand (None: the table does not hold it)."""
        player, up = _codes(cards), _codes(house_up)
        found = self.by_suits.get(suit_key(player, up)) if self.by_suits else None
        if found is None and self.by_ranks:
            found = self.by_ranks.get((rank_key(player), rank_key(up)))
        if found is None and self.by_ranks_alone:
            found = self.by_ranks_alone.get(rank_key(player))
        return found

    def lookup_batch(self, cards: Any, house_up: Any = None) -> list[str | None]:
        """The action for each row of ``cards`` (an (n, k) array of codes), with the house's up
        cards ``house_up`` ((n, u), or None): each distinct key is looked up once."""
        import numpy as np

        cards = np.asarray(cards, dtype=np.int64)
        n = len(cards)
        up = np.zeros((n, 0), dtype=np.int64) if house_up is None else np.asarray(house_up, dtype=np.int64)
        out: list[str | None] = [None] * n
        ranks = (np.left_shift(np.int64(1), 3 * (cards // 4))).sum(axis=1)
        up_ranks = (np.left_shift(np.int64(1), 3 * (up // 4))).sum(axis=1)
        if self.by_suits:
            masks = np.zeros((n, 4), dtype=np.int64)
            rows = np.arange(n)
            for j in range(cards.shape[1]):
                np.bitwise_or.at(masks, (rows, cards[:, j] % 4), np.left_shift(np.int64(1), cards[:, j] // 4))
            for j in range(up.shape[1]):
                np.bitwise_or.at(masks, (rows, up[:, j] % 4), np.left_shift(np.int64(1), 13 + up[:, j] // 4))
            masks = -np.sort(-masks, axis=1)
            distinct, inverse = np.unique(masks, axis=0, return_inverse=True)
            found = [self.by_suits.get(k) for k in map(tuple, distinct.tolist())]
            out = [found[k] for k in inverse.reshape(-1).tolist()]
        tables: tuple[tuple[Mapping[Any, str], Any], ...] = (
            (self.by_ranks, np.stack([ranks, up_ranks], axis=1)),
            (self.by_ranks_alone, ranks[:, None]),
        )
        for table, keys in tables:
            if not table:
                continue
            distinct, inverse = np.unique(keys, axis=0, return_inverse=True)
            found = [table.get(tuple(k) if len(k) > 1 else k[0]) for k in distinct.tolist()]
            for i, k in enumerate(inverse.reshape(-1).tolist()):
                if out[i] is None:
                    out[i] = found[k]
        return out
