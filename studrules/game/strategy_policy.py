"""The bots of games against the house: :class:`StrategyPolicy` plays a banked
strategy (:mod:`studrules.spec.strategies`) from its seat's view; made by
:func:`studrules.game.policies.make_policy` as ``strategy:NAME``.
:class:`GameStrategyPolicy` (``strategy``) plays each game's own: the one
``simulate`` and ``analyze`` play when none is named."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..spec.strategy_rules import action_size
from .actions import Action
from .policy_base import Policy, _legal, _passive

if TYPE_CHECKING:
    from ..spec.model import Variant
    from ..spec.strategies import Strategy
    from .view import View

__all__ = ["StrategyPolicy", "GameStrategyPolicy"]


class StrategyPolicy(Policy):
    """A banked game's strategy: raise (of the size it says), stand or fold by the strategy's
    rules of the decision at hand, reading only this seat's cards, the community cards and the
    house's up cards. At a decision that offers no fold, ``fold`` goes on without a raise (stand).

    The strategy's answer depends on nothing else: policies with equal strategies share
    their answers (the last few thousand), so the same hand met again -- the same deal under
    another rule set -- is decided once."""

    def __init__(self, strategy: Strategy | str):
        if isinstance(strategy, str):
            from ..spec.strategies import load_strategy

            strategy = load_strategy(strategy)
        self.strategy = strategy
        self.name = f"strategy:{strategy.name}"
        self._choices = _shared_choices(strategy)
        self._read_for: Variant | None = None

    def begin(self, variant: Variant) -> None:
        """Before each hand: the strategy as ``variant`` reads it (its ranking's hand values:
        a strategy named for a table of several games is loaded for each one it meets; one that
        does not fit the game raises the located reason)."""
        if variant is self._read_for or not variant.is_banked:
            return
        file = self.strategy.file
        if file and not file.startswith("<"):  # (a strategy from text stays as it was read)
            from ..spec.strategies import load_strategy

            strategy = load_strategy(file, variant)
            if strategy is not self.strategy:
                self.strategy = strategy
                self._choices = _shared_choices(strategy)
        self._read_for = variant

    def act(self, view: View) -> Action:
        legal = _legal(view)
        if legal and legal.keys() <= _BANKED_VERBS and ("raise" in legal or "fold" in legal):
            me = view.player
            # the decisions this seat has made so far (a banked decision is a raise, a stand or a
            # fold), its ante (the first) and its raises
            street = out = 0
            ante = None
            for e in view.own_events:
                kind = e[0]
                if kind == "raise":
                    street += 1
                    out += e.amount or 0
                elif kind == "check":
                    street += 1
                elif kind == "ante" and ante is None:
                    ante = e.amount or 0
            ante = ante or 0
            out += ante
            held, community, house_up = view.cards, view.community, view.house_up_cards
            wagered = out // ante if ante else 1
            key = (held, community, house_up, street, wagered)  # (his cards with their faces)
            choices = self._choices
            known = choices.get(key)
            if known is None:
                cards = tuple([c for c, _ in held]) + community
                choice = self.strategy.decide(cards, house_up, street=street, wagered=wagered)
                if len(choices) >= _CHOICES_KEPT:
                    choices.clear()
                # the choice, its verb and its size in antes
                known = choices[key] = ("check" if choice == "stand" else choice.split()[0], action_size(choice))
            verb, size = known
            if verb == "fold" and "fold" not in legal and "check" in legal:
                verb = "check"  # a decision with no fold: going on without a raise
            if verb not in legal:
                verb = next(iter(legal))
            if verb != "raise":
                return Action(me, verb)
            offered = legal["raise"].to or (legal["raise"].amount,)
            if size is None:
                return Action(me, "raise", offered[0])
            # the size in antes; the nearest below it the table offers (the least if none is)
            amount = max((a for a in offered if a is not None and a <= size * ante), default=offered[0])
            return Action(me, "raise", amount)
        return _passive(view)


class GameStrategyPolicy(StrategyPolicy):
    """``strategy``: each hand's game played by its own strategy, the one its file names, else
    the first shipped strategy that fits it (:func:`~studrules.spec.strategy_fit.fitting_strategy`:
    the strategy ``simulate`` and ``analyze`` play when none is named), chosen at
    :meth:`begin`. Where no strategy fits the game (a pot game), it checks and calls.

    >>> from studrules.spec.examples import example_variant
    >>> bot = GameStrategyPolicy()
    >>> bot.begin(example_variant("against-the-house")); bot.strategy.name  # it names none: the first that fits
    'ace-king-or-better'
    >>> bot.begin(example_variant("one-round")); bot.strategy is None  # a pot game: none fits
    True
    """

    def __init__(self) -> None:
        self.name = "strategy"
        self.strategy = None  # type: ignore[assignment]  # (none until a game begins)
        self._choices = {}
        self._games: dict[int, tuple[Variant, Strategy | None]] = {}  # by the variant's id (kept with it)

    def begin(self, variant: Variant) -> None:
        known = self._games.get(id(variant))
        if known is None or known[0] is not variant:
            from ..errors import SpecError
            from ..spec.strategies import load_strategy, shipped_strategies
            from ..spec.strategy_fit import fitting_strategy

            try:
                found: Strategy | None = fitting_strategy(variant, shipped_strategies(), load_strategy)
            except SpecError:  # nothing fits: a pot game
                found = None
            if len(self._games) >= 64:
                self._games.clear()
            known = self._games[id(variant)] = (variant, found)
        self.strategy = known[1]  # type: ignore[assignment]
        self._choices = _shared_choices(known[1]) if known[1] is not None else {}

    def act(self, view: View) -> Action:
        if self.strategy is None:
            return _passive(view)
        return super().act(view)


_BANKED_VERBS = frozenset(("raise", "fold", "check"))
_CHOICES_KEPT = 4096  # answers kept per strategy
_CHOICES: dict[tuple[Strategy, str, Any], dict[tuple[Any, ...], tuple[str, int | None]]] = {}


def _shared_choices(strategy: Strategy) -> dict[tuple[Any, ...], tuple[str, int | None]]:
    """The answers of ``strategy`` so far, shared by every policy with an equal strategy
    (valuing hands in the same ranking, with the same wild cards)."""
    key = (strategy, strategy.ranking, strategy.valued_by)
    try:
        choices = _CHOICES.get(key)
    except TypeError:  # (a strategy that cannot be hashed keeps its answers to itself)
        return {}
    if choices is None:
        if len(_CHOICES) >= 64:
            _CHOICES.clear()
        choices = _CHOICES[key] = {}
    return choices
