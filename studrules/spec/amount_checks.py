"""The checks of a variant's amounts that need its stakes: each ante, bet,
cap, bring-in and raise works out to a sensible number of chips (an ante within
the table's limits, a bet of at least 1 chip, a bring-in no larger than the bet
of its round), and one that reads the table cannot fall below that whatever the
table shows. :mod:`studrules.spec.checks` runs them with the other checks::

    >>> from studrules.spec.loader import load_variant_text
    >>> load_variant_text('''
    ... name: big-bring-in
    ... kind: pot
    ... stakes: {bet: 2, bring_in: 3}
    ... steps:
    ...   - deal: {players: [down, up, up, up, up]}
    ...   - betting: {bet: bet, bring_in: {who: lowest_up_card, amount: bring_in}}
    ...   - showdown: {rankings: [high]}
    ... ''', file="big.yaml")
    Traceback (most recent call last):
    ...
    studrules.errors.SpecErrors: big.yaml:7:65: steps[1].betting.bring_in.amount: the bring-in (3) is more than the bet (2) of its round: it could not be completed
"""

from __future__ import annotations

from ..errors import StudrulesError
from .amount_range import describe_table, lowest
from .card_checks import _CheckerBase
from .expressions import Expression
from .model import AnteStep, BettingStep, DecisionStep
from .source import FieldPath

__all__: list[str] = []


class _AmountChecks(_CheckerBase):
    """The amounts at the file's stakes (see the module's documentation)."""

    def amounts(self) -> None:
        if self.stakes is None or any(v < 0 for v in self.stakes.values()):
            return  # a negative stake is reported once, at the stake
        for i, step in enumerate(self.v.steps):
            if isinstance(step, AnteStep):
                self._non_negative(step.amount, self.step_path(i, "amount"), "the ante")
                low, high = self.value(step.min), self.value(step.max)
                if low is not None and high is not None and low > high:
                    self.fail(f"the smallest ante ({low}) is more than the largest ({high})", self.step_path(i, "min"))
                    continue
                ante = self.value(step.amount)  # (the ante a position posts unless he chooses his own)
                limits = f"the table's antes go from {low} to {high}" if high is not None else f"at least {low}"
                if ante is not None and low is not None and ante < low:
                    self.fail_at_stakes(
                        f"the ante works out to {ante}, below the table minimum: {limits}",
                        self.step_path(i, "amount"),
                        step.amount,
                        step.min,
                    )
                elif ante is not None and high is not None and ante > high:
                    self.fail_at_stakes(
                        f"the ante works out to {ante}, above the table maximum: {limits}",
                        self.step_path(i, "amount"),
                        step.amount,
                        step.max,
                    )
            elif isinstance(step, BettingStep):
                bet = self._worked_out(step.bet, self.step_path(i, "bet"), "the bet")
                if bet is not None and bet <= 0:
                    self.fail_at_stakes(
                        f"the bet works out to {bet}; a betting round needs a bet of at least 1 chip",
                        self.step_path(i, "bet"),
                        step.bet,
                    )
                elif bet is None:
                    self._table_low(step.bet, self.step_path(i, "bet"), "the bet", least=1)
                if step.structure == "spread_limit":
                    if step.max_bet is None:
                        self.fail(
                            "a spread-limit round needs 'max_bet': bets and raises go from 'bet' to 'max_bet'",
                            self.step_path(i, "structure"),
                        )
                    else:
                        top = self.value(step.max_bet)
                        if top is not None and bet is not None and top < bet:
                            self.fail(
                                f"max_bet ({top}) is less than the bet ({bet}): a spread goes from 'bet' up to 'max_bet'",
                                self.step_path(i, "max_bet"),
                            )
                elif step.max_bet is not None:
                    self.fail(
                        f"'max_bet' is the top of a spread limit, but this round is {step.structure.replace('_', ' ')}: "
                        "say structure: spread_limit, or leave max_bet out",
                        self.step_path(i, "max_bet"),
                        key=True,
                    )
                if step.cap is not None:
                    self._non_negative(step.cap, self.step_path(i, "cap"), "the cap")
                if step.bring_in is not None:
                    bring_in = self._non_negative(
                        step.bring_in.amount, self.step_path(i, "bring_in", "amount"), "the bring-in"
                    )
                    if bring_in == 0:
                        self.fail_at_stakes(
                            "the bring-in works out to 0: a bring-in is at least 1 chip (a round without one "
                            "leaves bring_in out)",
                            self.step_path(i, "bring_in", "amount"),
                            step.bring_in.amount,
                        )
                    elif bring_in is not None and bet is not None and bring_in > bet:
                        self.fail_at_stakes(
                            f"the bring-in ({bring_in}) is more than the bet ({bet}) of its round: it could not be completed",
                            self.step_path(i, "bring_in", "amount"),
                            step.bring_in.amount,
                            step.bet,
                        )
            elif isinstance(step, DecisionStep) and step.raise_amount is not None:
                self._non_negative(step.raise_amount, self.step_path(i, "raise"), "the raise")

    def _worked_out(self, expr: Expression | None, path: FieldPath, what: str) -> int | None:
        """:meth:`value`, with an amount the file's stakes cannot work out (a division by zero) said at ``path``."""
        if expr is not None and self.stakes is not None and expr.names <= set(self.stakes):
            try:
                expr(self.stakes)
            except StudrulesError as err:
                self.fail(f"{what} cannot be worked out with the file's stakes: {err.message}", path)
                return None
        return self.value(expr)

    def _non_negative(self, expr: Expression, path: FieldPath, what: str) -> int | None:
        amount = self._worked_out(expr, path, what)
        if amount is not None and amount < 0:
            self.fail_at_stakes(
                f"{what} works out to {amount} with the file's stakes; it must be 0 or more", path, expr
            )
        elif amount is None:
            self._table_low(expr, path, what, least=0)
        return amount

    def _table_low(self, expr: Expression, path: FieldPath, what: str, *, least: int) -> None:
        """An amount that reads the table must not fall below ``least`` whatever the table shows."""
        rounds = sum(isinstance(s, BettingStep) for s in self.v.steps)
        low = lowest(expr, self.stakes or {}, seats=self.v.seats.max, rounds=rounds)
        if low is not None and low[0] < least:
            need = "at least 1 chip" if least else "0 or more"
            self.fail(
                f"{what} can work out to {low[0]} (when {describe_table(low[1])}); it must be {need} "
                f"whatever the table shows: bound it, as max({least}, ...)",
                path,
            )
