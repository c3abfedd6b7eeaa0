"""The wagers of a game against the house beside the steps: what a bet is
paid (:class:`Payout`) and a side bet (:class:`SideBet`). Re-exported by
:mod:`studrules.spec.model`.

>>> Payout("win", 2)
Payout(result='win', odds=2)

A side bet's line may pay odds that are not to 1 (``flush: 3 to 2``): they
are a :class:`~fractions.Fraction`, and a win is paid in whole chips,
rounded down, as a casino pays it:

>>> odds_of("3 to 2"), odds_of(5), odds_of("4 to 2")
(Fraction(3, 2), 5, 2)
>>> odds_words(odds_of("3 to 2")), odds_words(5), paid(15, odds_of("3 to 2"))
('3 to 2', '5 to 1', 22)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from .expressions import Expression

__all__ = ["Payout", "SideBet", "Odds", "odds_of", "odds_words", "paid"]

#: A pay line's odds: a whole number (to 1), or a fraction (3 to 2).
Odds = int | Fraction

_ODDS_TEXT = re.compile(r"([0-9]{1,6}) to ([1-9][0-9]{0,5})")


def odds_of(value: int | str) -> Odds:
    """A pay line's odds as a file writes them: a whole number (to 1) or ``"A to B"``
    (whole when B divides A). ValueError for anything else (the schema refuses it first)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    found = _ODDS_TEXT.fullmatch(value.strip()) if isinstance(value, str) else None
    if found is None:
        raise ValueError(f"odds are a whole number or 'A to B', not {value!r}")
    odds = Fraction(int(found[1]), int(found[2]))
    return odds.numerator if odds.denominator == 1 else odds


def odds_words(odds: Odds) -> str:
    """Odds as a pay table says them: ``3 to 2``, ``5 to 1``."""
    if isinstance(odds, Fraction):
        return f"{odds.numerator} to {odds.denominator}"
    return f"{odds} to 1"


def paid(stake: int, odds: Odds) -> int:
    """The chips a win of ``stake`` at ``odds`` is paid (the stake comes back besides),
    rounded down to a whole chip."""
    if isinstance(odds, Fraction):
        return stake * odds.numerator // odds.denominator
    return stake * odds


@dataclass(frozen=True)
class Payout:
    """What a bet is paid: ``win`` (at ``odds`` to 1), ``push`` (returned) or ``lose``."""

    result: str
    odds: int = 1


@dataclass(frozen=True)
class SideBet:
    """A wager beside the game, paid by its own pay table on the player's hand
    alone (the highest line the hand reaches; below every line it loses).
    ``amount``: what each position stakes on it unless he chooses his own
    (0: not placed). ``min``/``max``: the table's limits on a stake a
    position chooses (None: no minimum but a chip, no maximum but his
    stack); a stake outside them is refused before any card is dealt.
    ``on_fold``: ``lose`` (a position that folds loses it) or ``stand``.
    ``pays``: ``odds`` (a line is odds to 1, the stake returned with the win)
    or ``chips`` (a line is the chips won whatever the stake, "for one": the
    stake is collected either way, as a progressive jackpot's fixed lines).
    ``meter``: the amount on a progressive meter; ``meter_share``: lines paid
    a percentage of it (``royal_flush: 100``), beside the fixed lines.
    ``required``: every position makes the bet, staking his own ante on it
    (its ``amount`` is ``ante``; he cannot leave it out or size it), and it
    counts in the game's house edge. ``below``: what a hand below every
    line gets: ``lose`` (the default), or ``push_unless_beaten`` (its stake
    back, unless the house qualifies and its hand beats the player's: then
    it loses). ``against_house``: paid only when the player's hand beats the
    house's: beaten it loses, a tie returns it, a win pays the highest line
    reached or, below every line, returns the stake (a Blind bet).
    ``ranking``: the ranking the bet's lines are of, where it is
    not the deck's (the player's cards valued again in it). ``cards``:
    ``player`` (his own and the community's), ``own`` (his own alone, the
    community's left out: "The bet is based on your three cards only"),
    ``community`` (the community cards alone: "Three card bonus wagers are
    based on the three community cards") or
    ``player_and_house`` (the house's too: "the best five-card hand made out
    of the player's and the dealer's six cards")."""

    name: str
    amount: Expression
    pay_table: tuple[tuple[str, Odds], ...]
    on_fold: str = "lose"
    pays: str = "odds"
    meter: Expression | None = None
    meter_share: tuple[tuple[str, int], ...] = ()
    min: Expression | None = None
    max: Expression | None = None
    required: bool = False
    below: str = "lose"
    ranking: str | None = None
    against_house: bool = False
    cards: str = "player"

    @property
    def with_house(self) -> bool:
        """Whether the bet is paid on the player's cards and the house's together."""
        return self.cards == "player_and_house"

    @property
    def own_hand(self) -> bool:
        """Whether the bet is paid on the player's hand as the game values it (his cards and the
        community's, in the deck's ranking: ``ranking`` is the deck's)."""
        return self.cards == "player"

    @property
    def lines(self) -> tuple[tuple[str, Odds], ...]:
        """Every line the bet pays on: the fixed ones, then the shares of the meter."""
        return self.pay_table + self.meter_share
