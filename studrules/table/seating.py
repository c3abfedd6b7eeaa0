"""Who sits at a session's table between hands (:class:`_Seating`, a part of
:class:`~studrules.table.session.Session`): a late arrival sits down, a
player stands up with his stack, a player out of chips buys in again where
the table lets him (``may_buy_again``), and the deal passes clockwise among
those still in the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..errors import ArgumentError, StudrulesError
from ..game.players import check_names
from ..game.policies import Policy
from ..game.policy_base import policy_problem
from .session_arguments import session_stack

__all__ = ["_Seating", "games_once"]


def games_once(variants):
    """A session's games with each name once, in the order they are first listed: the
    dealer's choices where a session lists a game twice (to deal it more often in turn).

    >>> from types import SimpleNamespace as G
    >>> [g.name for g in games_once([G(name="one"), G(name="two"), G(name="one")])]
    ['one', 'two']
    """
    first: dict[str, object] = {}
    for v in variants:
        first.setdefault(v.name, v)
    return list(first.values())


class _Seating:
    """The seats between hands: a part of :class:`~studrules.table.session.Session`,
    whose attributes these read (declared here for the type checker)."""

    if TYPE_CHECKING:
        seating: tuple[str, ...]
        active: list[str]
        stacks: dict[str, int]
        start: dict[str, int]
        won: dict[str, int]
        rebuys: dict[str, int]
        bought_again: dict[str, int]
        policies: dict[str, Policy]
        dealer: str
        reason: str | None
        legs: tuple[str, int] | None
        killer: str | None
        may_buy_again: Callable[[str], bool] | None
        played: int
        last_dealer: str | None
        out_since: dict[str, int]
        departed: list[dict]

        current: Any
        variants: list[Any]

        @property
        def is_over(self) -> bool: ...

        @classmethod
        def _check_seats(cls, variants: Any, seated: int) -> None: ...

    def waiting_for(self) -> list[str]:
        """The players out of chips (left out of the game for want of them) whom
        ``may_buy_again`` lets buy in again, clockwise."""
        if self.may_buy_again is None:
            return []
        out = (p for p in self.seating if p not in self.active or self.stacks[p] <= 0)
        return [p for p in out if self.may_buy_again(p)]

    def _move_dealer(self, after: str | None = None) -> None:
        """The deal passes to the next player clockwise (from ``after``, else the dealer) who
        is still in the game (none: who is still seated, out of chips, as the session waits for
        him to buy in again)."""
        seating = self.seating
        i = seating.index(after if after in seating else self.dealer)
        ring = [seating[(i + k) % len(seating)] for k in range(1, len(seating) + 1)]  # (he himself last)
        self.dealer = next((p for p in ring if p in self.active), ring[0])

    def add_player(self, name: str, stack: int, policy: Policy, before: str | None = None) -> None:
        """Seat ``name`` with ``stack`` chips between hands (a late arrival):
        he sits in from the next hand, clockwise just before ``before`` (None:
        at the end of the seating).

        >>> from studrules.game.policies import CheckCall
        >>> from studrules.spec.resources import default_variant
        >>> from studrules.table.session import Session
        >>> s = Session([default_variant()], ["Ann", "Bob"], {"Ann": CheckCall(), "Bob": CheckCall()})
        >>> s.add_player("Cat", 50, CheckCall(), before="Bob")
        >>> s.order(), s.remove_player("Ann"), s.order()
        (['Ann', 'Cat', 'Bob'], 100, ['Cat', 'Bob'])
        """
        if self.is_over:
            raise StudrulesError(f"the session is over: {self.reason}")
        if name in self.seating:
            raise StudrulesError(f"{name} is already seated")
        check_names([name])
        if session_stack(name, stack) <= 0:
            raise StudrulesError(f"{name}'s stack must be a positive number of chips, not {stack}")
        problem = policy_problem(name, policy)
        if problem is not None:
            raise ArgumentError(problem)
        self._check_seats(self.variants, len(self.seating) + 1)
        seating = list(self.seating)
        seating.insert(seating.index(before) if before in seating else len(seating), name)
        self.seating = tuple(seating)
        self.active = [p for p in self.seating if p in self.active or p == name]
        self.policies[name] = policy
        self.stacks[name] = self.start[name] = stack
        # a newcomer, even under the name of one who left
        self.won[name] = self.rebuys[name] = self.bought_again[name] = 0

    def rebuy(self, name: str, chips: int) -> None:
        """``name``, seated and out of chips (left out of the game for want of them),
        buys ``chips`` more: he plays from the next hand. Counted in :attr:`rebuys`,
        and the summary's chips bought (his net is against all of them).

        >>> from studrules.game.policies import CheckCall
        >>> from studrules.spec.resources import default_variant
        >>> from studrules.table.session import Session
        >>> s = Session([default_variant()], ["Ann", "Bob"], {"Ann": CheckCall(), "Bob": CheckCall()},
        ...             stacks={"Ann": 0, "Bob": 200}, may_buy_again=lambda name: True)
        >>> s.waits(), s.play_next(), s.reason
        (True, None, None)
        >>> s.rebuy("Ann", 100)
        >>> s.active, s.stacks["Ann"], s.rebuys["Ann"], s.summary().rows[0]["bought"]
        (['Ann', 'Bob'], 100, 1, 100)
        """
        self._between_hands(name, "buy in again")
        if self.is_over:
            raise StudrulesError(f"the session is over: {self.reason}")
        if name in self.active and self.stacks[name] > 0:
            raise StudrulesError(f"{name} still has chips ({self.stacks[name]})")
        if isinstance(chips, bool) or not isinstance(chips, int) or chips <= 0:
            raise StudrulesError(f"a rebuy is a positive number of chips, not {chips}")
        self._buy(name, chips)
        self.active = [p for p in self.seating if p in self.active or p == name]
        if self.out_since.get(name) == self.played and self.last_dealer is not None:
            # he sat through no hand: the deal passes from the last dealer as if he had never left
            self._move_dealer(self.last_dealer)

    def top_up(self, name: str, to: int) -> int:
        """``name``, seated, buys chips between hands to bring his stack up to ``to`` (the
        table's buy-in), never past it: he plays from the next hand with ``to``. A top-up is a
        purchase like a rebuy: counted in :attr:`rebuys` (the table's limit on rebuys is a
        limit on purchases) and in the summary's chips bought. Returns the chips bought.

        >>> from studrules.game.policies import CheckCall
        >>> from studrules.spec.resources import default_variant
        >>> from studrules.table.session import Session
        >>> s = Session([default_variant()], ["Ann", "Bob"], {"Ann": CheckCall(), "Bob": CheckCall()},
        ...             stacks={"Ann": 30, "Bob": 170})
        >>> s.top_up("Ann", 100), s.stacks["Ann"], s.rebuys["Ann"], s.summary().rows[0]["bought"]
        (70, 100, 1, 100)
        >>> s.top_up("Ann", 100)
        Traceback (most recent call last):
        ...
        studrules.errors.StudrulesError: Ann has 100 chips: a top-up brings a stack up to 100, not past it
        """
        self._between_hands(name, "top up")
        if self.is_over:
            raise StudrulesError(f"the session is over: {self.reason}")
        if isinstance(to, bool) or not isinstance(to, int) or to <= 0:
            raise StudrulesError(f"a top-up is to a positive number of chips, not {to}")
        if self.stacks[name] >= to:
            raise StudrulesError(
                f"{name} has {self.stacks[name]} chips: a top-up brings a stack up to {to}, not past it"
            )
        chips = to - self.stacks[name]
        if name in self.active and self.stacks[name] > 0:
            self._buy(name, chips)
        else:  # (out of chips, or sitting out with too few for a hand: back in the game)
            self.rebuy(name, chips)
        return chips

    def _between_hands(self, name: str, what: str) -> None:
        """StudrulesError unless ``name`` is seated and not in the hand being played (his stack
        is the hand's until it is over)."""
        if name not in self.seating:
            raise StudrulesError(f"{name} is not seated")
        if self.current is not None and name in self.current.players:
            raise StudrulesError(f"{name} is in the hand being played: he may {what} once it is over")

    def _buy(self, name: str, chips: int) -> None:
        self.stacks[name] += chips
        self.rebuys[name] += 1
        self.bought_again[name] += chips

    def _standing(self, name: str) -> dict:
        """``name``'s row of the summary: start, rebuys, chips bought, final stack, net, hands won."""
        bought = self.start[name] + self.bought_again[name]
        return {
            "player": name,
            "start": self.start[name],
            "rebuys": self.rebuys[name],
            "bought": bought,
            "final": self.stacks[name],
            "net": self.stacks[name] - bought,
            "hands_won": self.won[name],
        }

    def remove_player(self, name: str) -> int:
        """``name`` stands up between hands: out of the seating, his stack (returned) with him;
        a dealer who stands up passes the deal to the next player clockwise."""
        self._between_hands(name, "stand up")
        self.departed.append(self._standing(name) | {"left": True})
        if name in self.active:
            self.active.remove(name)
        if self.dealer == name:
            self._move_dealer()
        self.seating = tuple(p for p in self.seating if p != name)
        if self.legs is not None and self.legs[0] == name:
            self.legs = None
        if self.killer == name:
            self.killer = None
        return self.stacks.get(name, 0)
