"""Buying chips at the terminal table between hands: buying in again when out of
chips (or with too few for a hand against the house), and topping a stack up to
the buy-in. Both are purchases: the table's limit on rebuys (``--rebuys``)
counts every one, and a session's summary counts each player's net against
every chip he bought.

    >>> within_limit(2, 3), within_limit(3, 3), within_limit(99, None)
    (True, False, True)
"""

from __future__ import annotations

from typing import Any

__all__ = ["within_limit", "buys_again", "offers_top_up", "tops_up"]


def within_limit(used: int, limit: int | None) -> bool:
    """Whether a player who has made ``used`` purchases may make one more under ``limit``
    (None: unlimited)."""
    return limit is None or used < limit


def _count(session: Any, me: str, limit: int | None) -> str:
    return f"rebuy {session.rebuys[me] + 1}" + (f" of {limit}" if limit is not None else "")


def buys_again(
    human: Any, session: Any, chips: int, limit: int | None, side_bets: dict[str, int] | None = None
) -> bool:
    """Out of chips (or with too few for a hand: ``side_bets``, his chosen ones, count), the
    person at the terminal is asked whether he buys in again for ``chips`` (while the session
    is on and ``limit`` rebuys are not used up): y or yes, n, no or Enter (no); anything else
    is asked again. True once he has (he plays from the next hand)."""
    me = next((p for p, policy in session.policies.items() if policy is human), None)
    if me is None or session.is_over or me not in session.waiting_for():
        return False
    left = session.stacks[me]
    why = "You are out of chips."
    if left > 0:
        why = f"You have too few chips for a hand ({left}; a hand needs {session.needed(me, side_bets)})."
    question = f"{why} Buy in again for {chips} ({_count(session, me, limit)})? [y/N] "
    if not _yes(human, question, "Type y to buy in again, or n (or Enter) to leave the table."):
        return False
    session.rebuy(me, chips)
    human.console.print(f"You buy in again for {chips}: you play from the next hand.", markup=False)
    return True


def offers_top_up(session: Any, me: str | None, buy_in: int, limit: int | None) -> bool:
    """Whether ``me``, in the game between hands with fewer chips than ``buy_in``, may top his
    stack up to it (``limit`` rebuys not used up).

    >>> from types import SimpleNamespace
    >>> s = SimpleNamespace(is_over=False, active=["Ann"], stacks={"Ann": 40}, rebuys={"Ann": 1})
    >>> offers_top_up(s, "Ann", 100, 3), offers_top_up(s, "Ann", 100, 1), offers_top_up(s, "Ann", 40, 3)
    (True, False, False)
    """
    return (
        me is not None
        and not session.is_over
        and me in session.active
        and 0 < session.stacks[me] < buy_in
        and within_limit(session.rebuys[me], limit)
    )


def tops_up(human: Any, session: Any, me: str, buy_in: int, limit: int | None) -> bool:
    """``t`` between hands: the person at the terminal is asked to confirm topping his stack up
    to ``buy_in`` (y or yes; n, no or Enter: no). True once he has."""
    chips = buy_in - session.stacks[me]
    question = f"Top up to {buy_in}: buy {chips} more ({_count(session, me, limit)})? [y/N] "
    if not _yes(human, question, "Type y to top up, or n (or Enter) not to."):
        return False
    session.top_up(me, buy_in)
    human.console.print(f"You buy {chips} more: you play the next hand with {buy_in}.", markup=False)
    return True


def _yes(human: Any, question: str, again: str) -> bool:
    """Ask ``question`` until y or yes (True), or n, no, Enter or Ctrl-D (False)."""
    while True:
        try:
            answer = human.read(question).strip().lower()
        except EOFError:  # Ctrl-D: no
            return False
        if answer in ("y", "yes"):
            return True
        if answer in ("", "n", "no"):
            return False
        human.console.print(again, markup=False)
