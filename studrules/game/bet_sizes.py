"""The sizes of bets and raises in a betting round of a :class:`~studrules.game.hand.Hand`:
fixed-limit sizes and their alternatives, pot-limit and spread-limit tops,
the cap, and the bring-in's amount.

:class:`_BetSizes` is the base of :class:`~studrules.game.betting._Betting`; every
attribute is declared in :class:`~studrules.game.state._HandState`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..spec.vocabulary import TABLE_NAMES
from .actions import LegalAction, _known, _option
from .plan import _TWO_OR_MORE
from .turns import _Turns


class _BetSizes(_Turns):
    """What a bet, completion or raise may be, for :class:`~studrules.game.betting._Betting`."""

    __slots__ = ()

    def _raise_allowed(self) -> bool:
        rules = self.round_rules
        cap = rules.cap if rules.cap_rule is None else self._cap_now()
        if cap is None:
            return True
        if self.capped:
            return False
        if self.raises < cap:
            return True
        return rules.step.heads_up_uncapped and self._heads_up()

    def _heads_up(self) -> bool:
        """Two players, not counting those all in, are left to bet against each other."""
        stacks = self.stacks
        return sum(1 for i in self._in if stacks[i] > 0) <= 2

    def _cap_now(self) -> int | None:
        """The raises allowed after the opening bet, as the table stands (None: no cap)."""
        rules = self.round_rules
        rule = rules.cap_rule
        return rules.cap if rule is None else int(rule(self._env()))

    def raises_left(self) -> int | None:
        """Raises still allowed in the betting round under way (None: no cap now, or no round), for a header."""
        if self.phase != "betting":
            return None
        if self.capped:
            return 0
        cap = None if self.round_rules.step.heads_up_uncapped and self._heads_up() else self._cap_now()
        return None if cap is None else max(0, cap - self.raises)

    def _sizes(self, kind: str) -> tuple[int, ...]:
        """Fixed-limit bet sizes allowed now for a bet (``bet``) or a raise (``raise``), smallest first."""
        if self.size_lock is not None:
            return (self.size_lock,)
        rules = self.round_rules
        alts = rules.alts
        if not alts:
            return (self.bet_size,)
        memo = None
        if rules.alts_steady:  # the same answer until the players in change what they read
            memo = self._sizes_memo or self._round_memo()
            known: tuple[int, ...] | None = memo.get(kind)
            if known is not None:
                return known
        sizes = {self.bet_size}
        env = self._env()
        for alt, value in alts:
            if kind in alt.actions and alt.when(env):
                sizes.add(value if value is not None else int(alt.bet(env)))
        known = tuple(sorted(sizes))
        if memo is not None:
            memo[kind] = known
        return known

    def _round_memo(self) -> dict[Any, Any]:
        """Where the round's steady alternative sizes and sized options are kept: one place
        for every hand of the plan with the same bet and the same values of the table
        names the alternatives read (all they depend on; the stakes are the plan's)."""
        rules = self.round_rules
        key = (self.bet_size, self._table_values(rules.alt_reads))
        memo = rules.memos.get(key)
        if memo is None:
            memo = {}
            if len(rules.memos) < 256:
                rules.memos[key] = memo
        self._sizes_memo = memo
        return memo

    def _table_values(self, names: tuple[str, ...]) -> tuple[int | bool, ...]:
        """The values of the table names ``names`` (:meth:`_env` gives them all, with the stakes).

        >>> from studrules.game.hand import Hand
        >>> from studrules.spec.examples import example_variant
        >>> h = Hand(example_variant("bring-in"), ["Ann", "Bob"], 100, cards={"Ann": ["Kd", "9c"], "Bob": ["Qs", "9d"]})
        >>> h._table_values(("open_pair", "players_in", "pot"))  # (each antes 1; no pair shows)
        (False, 2, 2)
        """
        values = []
        for name in names:  # (a loop: cheaper than a comprehension for the one or two names read)
            values.append(_TABLE_READERS[name](self))
        return tuple(values)

    def _sized(self, verb: str, base: int) -> LegalAction:
        """A plain round's bet (``base`` 0), completion (0) or raise (``base``: the bet
        to call) to each size allowed now, no size locked: kept with the sizes (a raise's
        by ``base`` alone, the others' by ``(verb, base)``)."""
        memo = self._sizes_memo or self._round_memo()
        key = base if verb == "raise" else (verb, base)  # (a raise's by the bet to call alone: base > 0)
        option: LegalAction | None = memo.get(key)
        if option is None:
            sizes = self._sizes("raise" if verb == "raise" else "bet")
            option = _option(verb, to=tuple([base + s for s in sizes]))
            if self.size_lock is None:  # (a locked size is the hand's alone: never kept for the plan's hands)
                memo[key] = option
        return option

    def _bring_in_amount(self, seat: int) -> int:
        rules = self.round_rules
        amount = rules.bring_in
        if amount is None:
            bring_in = rules.step.bring_in
            assert bring_in is not None  # (a bring-in is due only in a round that has one)
            amount = int(bring_in.amount(self._env()))
        return min(amount, self.stacks[seat])

    def _bet_option(self, verb: str, seat: int, all_in: int) -> LegalAction:
        rules = self.round_rules
        if rules.fixed:
            cur = self.cur
            if not rules.alts or self.size_lock is not None:  # one size: the bet or the size an alternative locked
                size = self.bet_size if self.size_lock is None else self.size_lock
                total = size if size < all_in else all_in
                return _known(verb, total if total > cur else all_in)
            sizes = self._sizes("bet")
            if all_in >= sizes[-1] and sizes[0] > cur:  # every size in full
                return _option(verb, to=sizes)
            totals = sorted({min(s, all_in) for s in sizes})
            totals = [t for t in totals if t > cur] or [all_in]
            return _option(verb, to=tuple(totals))
        structure = rules.step.structure
        low = min(self.bet_size, all_in)
        if low <= self.cur:
            low = min(self.cur + 1, all_in)
        high = all_in
        if structure == "pot_limit":
            high = min(all_in, max(low, self._pot_limit_total(seat)))
        elif structure == "spread_limit":
            high = min(all_in, max(low, self._max_bet_now()))
        return _option(verb, low=low, high=high)

    def _max_bet_now(self) -> int:
        """The top of a spread limit: the largest bet, and the most a raise adds."""
        rules = self.round_rules
        rule = rules.max_bet_rule
        if rule is not None:
            return int(rule(self._env()))
        assert rules.max_bet is not None  # (a spread-limit round has its max_bet: checked at load)
        return rules.max_bet

    def _pot_limit_total(self, seat: int) -> int:
        """The largest total a pot-limit bet or raise may reach: call, then the pot."""
        to_call = self.cur - self.bets[seat]
        return self.cur + self.pot + to_call

    def _raise_option(self, seat: int, all_in: int) -> LegalAction | None:
        rules = self.round_rules
        step = rules.step
        cur = self.cur
        limit = step.max_raise_multiple * cur if step.max_raise_multiple else None
        if rules.fixed:
            if not rules.alts or self.size_lock is not None:  # one size: the bet or the size an alternative locked
                total = cur + (self.bet_size if self.size_lock is None else self.size_lock)
                if total > all_in:
                    total = all_in
                if total <= cur or (limit is not None and total > limit):
                    return None
                return _known("raise", total)
            sizes = self._sizes("raise")
            if limit is None and cur + sizes[-1] <= all_in and sizes[0] > 0:  # every size in full
                return _option("raise", to=tuple([cur + s for s in sizes]))
            totals = sorted({min(cur + s, all_in) for s in sizes})
            if limit is not None:
                totals = [t for t in totals if t <= limit]
            totals = [t for t in totals if t > cur]
            return _option("raise", to=tuple(totals)) if totals else None
        # (every structure but fixed limit: a raise adds at least the round's last full bet or
        # raise; Robert's Rules: "any wager not all-in must be at least the size of the previous
        # bet or raise in that round", spread limit included)
        low = cur + self.full_size
        high = all_in
        if step.structure == "pot_limit":
            high = min(high, self._pot_limit_total(seat))
        elif step.structure == "spread_limit":
            high = min(high, cur + self._max_bet_now())
        if limit is not None:
            high = min(high, limit)
        if high <= cur:
            return None
        low = min(low, all_in)
        if low > high:
            low = high
        return _option("raise", low=low, high=high)


def _open_pair(hand: Any) -> bool:
    """Whether a player in shows a pair or more."""
    up_key = hand.up_key
    for i in hand._in:  # noqa: SIM110 -- any() of a generator, written out: cheaper
        if up_key[i] & _TWO_OR_MORE:
            return True
    return False


#: How a hand reads each of the table's names (TABLE_NAMES), for _table_values and _env.
_TABLE_READERS: dict[str, Callable[[Any], int | bool]] = {
    "open_pair": _open_pair,
    "heads_up": lambda hand: len(hand._in) == 2,
    "antes_posted": lambda hand: hand.antes_posted,
    "community_dealt": lambda hand: hand.community_dealt,
    "players_in": lambda hand: len(hand._in),
    "players": lambda hand: hand.n,
    "round": lambda hand: hand.round,
    "pot": lambda hand: hand.pot,
}
assert _TABLE_READERS.keys() == TABLE_NAMES.keys()  # (a name added to the vocabulary is read here too)
