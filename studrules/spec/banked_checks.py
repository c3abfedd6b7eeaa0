"""The checks of a game against the house that the schema cannot say: the
decisions come before the house's cards are turned, a chosen raise has
bounds that fit together and fit the table's limits, a pay table is read as
its settlement reads it, and a side bet's limits fit together and hold its stake. :mod:`studrules.spec.checks` runs them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..errors import SpecError, StudrulesError, unknown_name_hint
from .card_checks import _CheckerBase
from .expressions import Expression
from .model import AnteStep, DealStep, DecisionStep, RevealStep, SettleStep, SideBet
from .raise_sizes import named_hands, reads_hand
from .resources import strategies_dir
from .vocabulary import category_constants, hand_constants, wild_hand_constants
from .wagers import Odds

__all__: list[str] = []

#: Where every shipped strategy's name is read (--strategy's help lists them).
ALL_STRATEGIES = "'studrules simulate --help' shows them all"

# The lines a settlement against the house reads: a hand's category.
_CATEGORY_LINES = frozenset(category_constants()) - {"ace_king"}


class _BankedChecks(_CheckerBase):
    """The checks of a banked game's decisions and settlements (see the module's documentation)."""

    def _strategy_name(self) -> None:
        """``strategy`` names a shipped strategy, in a game against the house (whether it
        fits the game is checked when it is played, as a strategy given by name is)."""
        name = self.v.strategy
        if name is None:
            return
        if not self.v.is_banked:
            self.fail("'strategy' is the strategy of a game against the house; this is a pot game", ("strategy",))
        elif not (strategies_dir() / f"{name}.yaml").is_file():
            names = sorted(p.stem for p in strategies_dir().glob("*.yaml"))
            self.fail(
                f"no shipped strategy '{name}'{unknown_name_hint(name, names, listing='shipped strategies', all_at=ALL_STRATEGIES)}",
                ("strategy",),
            )

    def banked(self) -> None:
        self._strategy_name()
        if not self.v.is_banked:
            return
        revealed = False
        held = 0  # the cards a player holds: his own and the community's dealt so far
        for i, step in enumerate(self.v.steps):
            if isinstance(step, RevealStep) and step.who == "house":
                revealed = True
            elif isinstance(step, DealStep):
                held += len(step.players) + len(step.community)
            elif isinstance(step, DecisionStep):
                if revealed:
                    self.fail(
                        "a decision after the house's cards are turned up: the players decide before the house reveals",
                        self.step_path(i),
                    )
                self._hand_held(step, held)
                self._raise_bounds(i, step)
            elif isinstance(step, SettleStep):
                self._pay_table(i, step)
                self._side_bet_limits(i, step)

    def _hand_held(self, step: DecisionStep, held: int) -> None:
        """A most that reads the hand needs a hand of the ranking among the cards held then."""
        if step.raise_max is None or not reads_hand(step):
            return
        from ..cards.rankings import get_ranking

        try:
            least = int(get_ranking(self.v.deck.ranking).fewest_cards)
        except (KeyError, ValueError):  # (an unknown ranking is said where the deck is checked)
            return
        if held < least:
            self.errors.append(
                SpecError(
                    f"'hand' reads the player's best {least} cards, but a player holds {held} at this decision "
                    f"(the most he may raise can read his hand only once he holds {least})",
                    step.raise_max.name_location("hand"),
                )
            )

    def _raise_bounds(self, i: int, step: DecisionStep) -> None:
        if not step.fold and not step.stand and step.raise_amount is None:
            self.fail(
                "a decision with no fold, no stand and no raise leaves the player nothing to choose", self.step_path(i)
            )
        if step.raise_max is not None and step.raise_amount is None:
            self.fail("'raise_max' needs 'raise', the least raise", self.step_path(i, "raise_max"))
        if step.raise_unit is not None and step.raise_max is None:
            self.fail(
                "'raise_unit' needs 'raise_max': a raise of one size has no unit", self.step_path(i, "raise_unit")
            )
        if self.stakes is None:
            return
        antes = [s for s in self.v.steps if isinstance(s, AnteStep)]
        # the bounds at every ante the table allows: its least and its most
        ante_values = {self.value(a.amount) for a in antes[:1]}
        for a in antes[:1]:
            ante_values |= {self.value(a.min), self.value(a.max)}
        # a most that reads the hand: at every named hand of the ranking, and below them all
        hands = named_hands(self.v.deck.ranking) if reads_hand(step) else (0,)
        for ante in sorted(v for v in ante_values if v is not None):
            for hand in hands:
                env = dict(self.stakes, ante=ante, hand=hand)
                low = _worked(step.raise_amount, env)
                high = _worked(step.raise_max, env)
                unit = _worked(step.raise_unit, env)
                with_ = f"with an ante of {ante}" + (self._hand_words(hand, step) if len(hands) > 1 else "")
                if low is not None and high is not None and high < low:
                    self.fail(
                        f"{with_} the most a player may raise ({high}) is less than the least ({low})",
                        self.step_path(i, "raise_max"),
                    )
                    return
                if unit is not None and unit <= 0:
                    self.fail(
                        f"{with_} the raise's unit works out to {unit}; it must be 1 or more",
                        self.step_path(i, "raise_unit"),
                    )
                    return
                if unit is not None and low is not None and high is not None and (high - low) % unit:
                    self.fail(
                        f"{with_} the raises run from {low} in steps of {unit} and never reach the most, {high}",
                        self.step_path(i, "raise_max"),
                    )
                    return

    def _hand_words(self, hand: int, step: DecisionStep) -> str:
        """`` and a hand of pair_of_aces``: a hand value as the file names it (a name the most
        reads first), or `` and a hand below every named one (hand 0)``."""
        known = hand_constants(self.v.deck.ranking)
        names = [name for name, (_, value) in known.items() if value == hand]
        if not names:
            return f" and a hand below every named one (hand {hand})"
        source = step.raise_max.source if step.raise_max is not None else ""
        read = [name for name in names if re.search(rf"\b{name}\b", source)]
        return f" and a hand of {(read or names)[0]}"

    def _pay_table(self, i: int, step: SettleStep) -> None:
        self._lines(i, step)
        if step.against == "pay_table":
            if not step.pay_table:
                self.fail(
                    "a settlement against the pay table needs a 'pay_table' with at least one line", self.step_path(i)
                )
                return
            if step.push_from is not None:
                constants = wild_hand_constants(self.v.deck.ranking, self.v.wild.order)
                known = [constants[label][1] for label, _ in step.pay_table if label in constants]  # (others: _lines)
                push = constants.get(step.push_from)
                if push is not None and known and push[1] >= min(known):
                    self.fail(
                        f"'push_from: {step.push_from}' is not below every line of the pay table: no hand would push",
                        self.step_path(i, "push_from"),
                    )
            return
        for field, given in (
            ("push_from", step.push_from is not None),
            ("raise_pay_table", bool(step.raise_pay_table)),
        ):
            if given:
                self.fail(
                    f"'{field}' is for a settlement against the pay table (against: pay_table)",
                    self.step_path(i, field),
                )
        wild = set(wild_hand_constants(self.v.deck.ranking, self.v.wild.order)) - set(hand_constants())
        for label, _ in step.pay_table:
            if label not in _CATEGORY_LINES and label not in wild:  # (five of a kind, where cards are wild)
                self.fail(
                    f"against the house the raise is paid by the hand's category; '{label}' is not one "
                    "(lines like it are for against: pay_table)",
                    self.step_path(i, "pay_table", label),
                    key=True,
                )

    def _lines(self, i: int, step: SettleStep) -> None:
        """Every line read on the hand alone names a threshold of the variant's ranking (a side
        bet's: of its own ranking, where it names one)."""
        deck = self.v.deck.ranking
        tables: list[tuple[tuple[str | int, ...], tuple[tuple[str, Odds], ...], str]] = [
            (("ante_bonus",), step.ante_bonus, deck)
        ]
        for bet in step.side_bets:
            tables.append((("side_bets", bet.name, "pay_table"), bet.pay_table, bet.ranking or deck))
            tables.append((("side_bets", bet.name, "meter_share"), bet.meter_share, bet.ranking or deck))
        if step.against == "pay_table":
            tables.append((("pay_table",), step.pay_table, deck))
            tables.append((("raise_pay_table",), step.raise_pay_table, deck))
        for path, lines, ranking in tables:
            wild = self.v.wild.order if ranking == deck else None  # (the wild cards count in the deck's ranking)
            known = set(wild_hand_constants(ranking, wild)) | set(_ranking_lines(ranking))
            for label, _ in lines:
                if label not in known:
                    hint = unknown_name_hint(label, sorted(known), listing="its hands are")
                    self.fail(
                        f"'{label}' is not a hand of the {ranking} ranking{hint}",
                        self.step_path(i, *path, label),
                        key=True,
                    )
        for bet in step.side_bets:
            if (bet.meter_share or bet.meter is not None) and (
                bet.pays != "chips" or bet.meter is None or not bet.meter_share
            ):
                self.fail(
                    f"the side bet '{bet.name}' pays a share of a meter: it needs pays: chips, a meter "
                    "(its amount) and meter_share (the lines paid a percentage of it)",
                    self.step_path(i, "side_bets", bet.name),
                )
            if not bet.pay_table:
                self.fail(
                    f"the side bet '{bet.name}' needs a pay table with at least one line",
                    self.step_path(i, "side_bets", bet.name),
                )
            self._side_bet_kind(i, step, bet)

    def _side_bet_kind(self, i: int, step: SettleStep, bet: SideBet) -> None:
        """A required bet is staked at the ante and chosen by nobody; a bet that pushes unless
        beaten is settled against the house's hand; a line paid in chips is whole chips."""
        path = self.step_path(i, "side_bets", bet.name)
        if bet.pays == "chips":
            for label, odds in bet.pay_table:
                if not isinstance(odds, int):
                    self.fail(
                        f"the side bet '{bet.name}' pays chips: its line '{label}' is a whole number of chips, "
                        "not odds",
                        path + ("pay_table", label),
                    )
        if bet.required:
            if bet.amount.source.strip() != "ante" or bet.min is not None or bet.max is not None:
                self.fail(
                    f"the side bet '{bet.name}' is required: every position stakes his ante on it, so its "
                    "amount is 'ante' and it has no min or max",
                    path + ("required",),
                )
            if bet.pays == "chips":
                self.fail(
                    f"the side bet '{bet.name}' is required: it is staked at the ante and paid odds, not chips for one",
                    path + ("required",),
                )
            if bet.with_house:
                self.fail(
                    f"the side bet '{bet.name}' is required: it is paid on the player's own cards (cards: player)",
                    path + ("cards",),
                )
        if bet.against_house and (step.against != "house" or bet.below != "lose"):
            self.fail(
                f"the side bet '{bet.name}' is paid only when the hand beats the house's, which says what a "
                "hand below every line gets: leave out below"
                if step.against == "house"
                else f"the side bet '{bet.name}' is paid only when the hand beats the house's: that needs a house "
                "hand (against: house)",
                path + ("against_house",),
            )
        if bet.below == "push_unless_beaten" and step.against != "house":
            self.fail(
                f"the side bet '{bet.name}' pushes unless the house beats the hand: that needs a house hand "
                "(against: house)",
                path + ("below",),
            )
        deals = self.v.steps_of(DealStep)
        if bet.with_house and not any(d.house for d in deals):
            self.fail(
                f"the side bet '{bet.name}' is paid on the player's and the house's cards: the house is dealt none",
                path + ("cards",),
            )
            return
        self._side_bet_cards(bet, deals, path)

    def _own_cards_after_a_fold(self) -> bool:
        """Whether a player is dealt cards of his own after a decision where he may fold."""
        may_fold = False
        for step in self.v.steps:
            if isinstance(step, DecisionStep) and step.fold:
                may_fold = True
            elif isinstance(step, DealStep) and step.players and may_fold:
                return True
        return False

    def _side_bet_cards(self, bet: SideBet, deals: tuple[DealStep, ...], path: tuple[str | int, ...]) -> None:
        """A side bet's cards make a hand of its ranking: as many as the ranking reads at least,
        and at most nine where it takes the best five of them."""
        from ..cards.rankings import UnknownRankingError, get_ranking

        if bet.on_fold == "stand" and bet.cards != "community" and self._own_cards_after_a_fold():
            self.fail(
                f"the side bet '{bet.name}' stands when the player folds and is paid on his cards, but he may "
                "fold before all of them are dealt (a folded hand is dealt no more): let a fold lose it "
                "(on_fold: lose), or pay it on cards dealt before the fold",
                path + ("on_fold",),
            )
        held = 0 if bet.cards == "community" else sum(len(d.players) for d in deals)
        held += 0 if bet.cards == "own" else sum(len(d.community) for d in deals)
        held += sum(len(d.house) for d in deals) if bet.with_house else 0
        name = bet.ranking or self.v.deck.ranking
        try:
            ranking = get_ranking(name)
        except UnknownRankingError:  # (reported where the ranking is read)
            return
        if ranking.hole_cards_only:
            self.fail(
                f"the side bet '{bet.name}' is paid in the {name} ranking, which reads a player's face-down cards "
                "at a showdown of the pot: a side bet's lines are of a ranking of the cards themselves",
                path + ("ranking",),
            )
            return
        if held < ranking.fewest_cards or (held > 9 and not ranking.every_card_counts):
            takes = f"{ranking.fewest_cards} or more" if ranking.every_card_counts else f"{ranking.fewest_cards} to 9"
            self.fail(
                f"the side bet '{bet.name}' values {held} card{'s' if held != 1 else ''} as a {name} hand, which "
                f"takes {takes} cards",
                path + ("cards" if bet.cards != "player" or bet.ranking is None else "ranking",),
            )

    def _side_bet_limits(self, i: int, step: SettleStep) -> None:
        """A side bet's least stake is a chip or more and not above its most, and the stake
        a position places unless he chooses (its amount, when placed) is within them."""
        for bet in step.side_bets:
            path = self.step_path(i, "side_bets", bet.name)
            low, high = self.value(bet.min), self.value(bet.max)
            if low is not None and low < 1:
                self.fail(
                    f"the side bet '{bet.name}' has a minimum of {low}: a stake is 1 chip or more (0 is no bet)",
                    path + ("min",),
                )
                continue
            if low is not None and high is not None and low > high:
                self.fail(
                    f"the side bet '{bet.name}' has a minimum ({low}) above its maximum ({high})", path + ("min",)
                )
                continue
            if low is None and high is not None and high < 1:  # (the least is then a chip)
                self.fail(
                    f"the side bet '{bet.name}' has a maximum of {high}: a stake is 1 chip or more (0 is no bet)",
                    path + ("max",),
                )
                continue
            stake = self.value(bet.amount)
            if stake is None or stake <= 0:  # (0: not placed unless a position chooses it)
                continue
            limits = f"from {low or 1} to {high}" if high is not None else f"{low or 1} or more"
            if low is not None and stake < low:
                self.fail(
                    f"the side bet '{bet.name}' is staked {stake}, below its table minimum: its stakes are {limits}",
                    path + ("amount",),
                )
            elif high is not None and stake > high:
                self.fail(
                    f"the side bet '{bet.name}' is staked {stake}, above its table maximum: its stakes are {limits}",
                    path + ("amount",),
                )


def _worked(expr: Expression | None, env: Mapping[str, int]) -> int | None:
    if expr is None or not expr.names <= set(env):
        return None
    try:
        value = expr(env)
    except StudrulesError:  # (an amount the table decides: nothing to check here)
        return None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _ranking_lines(ranking: str) -> tuple[str, ...]:
    """The lines a ranking names besides its thresholds (``lines()``: each held or not), if any."""
    from ..cards.rankings import UnknownRankingError, get_ranking

    try:
        return tuple(getattr(get_ranking(ranking), "lines", tuple)())
    except UnknownRankingError:  # (reported where the deck is checked)
        return ()
