"""What every policy is (:class:`Policy`) and the passive choice bots fall back on:
the part of :mod:`studrules.game.policies` that the bots of other modules
(:mod:`studrules.game.strategy_policy`) build on too."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from ..errors import IllegalActionError
from .actions import VERBS, Action, LegalAction, fewest_cards
from .view import lazy_seat_view

if TYPE_CHECKING:
    from ..spec.model import Variant
    from .hand import Hand
    from .view import View

__all__ = ["Policy", "policy_action", "policy_problem"]

# how many references a value has (CPython); elsewhere a kept view is always filled
_refs = getattr(sys, "getrefcount", lambda value: 3)


class Policy:
    """Decides for one seat from that seat's view only.

    Subclasses set ``name`` and implement :meth:`act`."""

    name: str = "policy"
    #: True for a policy that, in a betting round where a player not facing
    #: a bet may always check, checks, calls or posts the bring-in whatever
    #: its view shows: :func:`~studrules.game.policies.play_hand` then lets the hand do it
    #: (:meth:`~studrules.game.hand.Hand.check_or_call`, the same action)
    #: without making a view or asking :meth:`act`.
    checks_and_calls: bool = False

    def act(self, view: View) -> Action:  # pragma: no cover - interface
        """The action to take now; ``view.to_act`` is this seat, ``view.legal`` what it may do."""
        raise NotImplementedError

    def begin(self, variant: Variant) -> None:
        """Called by :func:`~studrules.game.policies.play_hand` before each hand with the variant being
        played (its rules are public; the cards are not). Does nothing by default."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


# --------------------------------------------------------------------------
# helpers on legal actions


def _legal(view: View) -> dict[str, LegalAction]:
    return {la.action: la for la in view.legal}


_PASSIVE_VERBS = ("check", "call", "bring-in", "show")
_PASSIVE = {verb: rank for rank, verb in enumerate(_PASSIVE_VERBS)}


def _passive(view: View) -> Action:
    """Check, call or post the bring-in; at a showdown, show."""
    me = view.player
    first = 4
    for la in view.legal:  # the first of check, call, bring-in and show offered, without a dict
        rank = _PASSIVE.get(la.action, 4)
        if rank < first:
            first = rank
    if first < 4:
        return Action(me, _PASSIVE_VERBS[first])
    legal = _legal(view)
    if "declare" in legal:
        return Action(me, "declare", word="high")
    if "decline" in legal:  # a card for a price: keep his own
        return Action(me, "decline")
    if "discard" in legal or "buy" in legal:
        la = legal.get("discard") or legal["buy"]
        return Action(me, la.action, word=fewest_cards(la))
    for verb in ("expose", "pass"):
        if verb in legal:
            return Action(me, verb, word=fewest_cards(legal[verb]))
    if "split" in legal and legal["split"].choices:  # any allowed second hand
        return Action(me, "split", word=legal["split"].choices[0])
    if "raise" in legal and legal["raise"].amount is not None:  # a banked decision
        return Action(me, "raise")
    for verb in ("complete", "bet", "raise"):
        if verb in legal:
            return Action(me, verb, legal[verb].least_total())
    return Action(me, next(iter(legal)))


def policy_action(policy: Policy, hand: Hand, seat: int, player: str) -> Action:
    """What ``policy`` does for ``player``, to act at ``seat`` of ``hand``, asked with his seat's
    view: each of its fields read from the hand only when the policy reads it (and all of
    them at once if the policy keeps the view, so that it keeps what the seat saw then).
    An answer for another player raises :class:`~studrules.errors.IllegalActionError`;
    the action is not applied (the caller applies it, which checks it is legal).

    >>> from studrules.game.hand import Hand
    >>> from studrules.game.policies import CheckCall
    >>> from studrules.spec.examples import example_variant
    >>> h = Hand(example_variant("bring-in"), ["Ann", "Bob"], 100, cards={"Ann": ["Kd", "9c"], "Bob": ["Qs", "2c"]})
    >>> str(policy_action(CheckCall(), h, h.to_act_seat, h.to_act))  # Bob's 2c, the low card, brings in
    'Bob bring-in'
    """
    view = lazy_seat_view(hand, seat, player)
    action = policy.act(view)
    if _refs(view) > 2:  # the policy kept it (only this name and the call's own hold it else)
        view._fill()  # so it keeps what the seat saw now
    del view
    if type(action) is not Action:
        action = _answer(policy, action, player)
    if action.player != player:
        raise IllegalActionError(f"{policy.name} answered '{action}' for {action.player}, but {player} is to act")
    return action


def _answer(policy: Policy, answer: Any, player: str) -> Action:
    """A policy's answer that is not an :class:`Action`: its text (``"Bob call"``, or the verb alone
    for the player to act); anything else is an :class:`~studrules.errors.IllegalActionError`."""
    if isinstance(answer, Action):
        return answer
    if not isinstance(answer, str):
        raise IllegalActionError(
            f"{policy.name} answered {answer if isinstance(answer, LegalAction) else type(answer).__name__} for "
            f"{player}: act(view) returns an Action, or its text ('{player} call'); a choice of view.legal is "
            "made one with Action(view.player, choice.action, amount)"
        )
    words = answer.split()
    if not words:
        raise IllegalActionError(f"{policy.name} answered nothing for {player}: act(view) returns an Action")
    verb_first = words[0].lower() in VERBS and (words[0] != player or len(words) == 1)  # ('fold' alone: the verb)
    return Action.parse(f"{player} {answer}" if verb_first else answer)


def policy_problem(player: str, policy: Any) -> str | None:
    """What makes ``policy`` no policy for ``player``, in words (None: it is one).

    >>> policy_problem("Ann", Policy), policy_problem("Ann", Policy())
    ("Ann's policy is the class Policy: give one of it, Policy()", None)
    """
    if isinstance(policy, type):
        return f"{player}'s policy is the class {policy.__name__}: give one of it, {policy.__name__}()"
    if not callable(getattr(policy, "act", None)):
        return f"{player}'s policy has no act(view): give a studrules.Policy, not {policy!r}"
    return None
