"""What every policy is (:class:`Policy`) and the passive choice bots fall back on:
the part of :mod:`studrules.game.policies` that the bots of other modules
(:mod:`studrules.game.strategy_policy`) build on too."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, LegalAction, fewest_cards

if TYPE_CHECKING:
    from ..spec.model import Variant
    from .view import View

__all__ = ["Policy"]


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
