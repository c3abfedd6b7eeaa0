"""The checks of a variant's cards: qualifiers and the cards each hand uses,
hole-card rankings, wild cards and jokers; and the base the checks share
(where a field is, a located failure). :mod:`studrules.spec.checks` runs them
with the checks of the hand's order.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..cards.ranking_wilds import WILD_FORMS
from ..errors import Location, SpecError, StudrulesError
from .expressions import Expression
from .merge import step_kind
from .model import STANDARD_RANKS, ShowdownStep, Variant
from .source import FieldPath, locate

__all__: list[str] = []


class _CheckerBase:
    """What every check needs: the variant, its document, the errors found."""

    def __init__(self, variant: Variant, data: Mapping[str, Any]):
        self.v = variant
        self.data = data
        self.errors: list[SpecError] = []
        raw_steps = data.get("steps")
        self.raw_steps = raw_steps if isinstance(raw_steps, list) else []
        self.stakes: dict[str, int] | None = None

    # -- helpers -------------------------------------------------------------
    def where(self, path: FieldPath, *, key: bool = False) -> Location:
        return locate(self.data, path, key=key, default=Location(self.v.file, 1, 1))

    def fail(self, message: str, path: FieldPath, *, key: bool = False) -> None:
        self.errors.append(SpecError(message, self.where(path, key=key)))

    def fail_at_cause(self, message: str, index: int, causes: tuple[FieldPath, ...]) -> None:
        """A problem of step ``index`` that other fields cause: located at the
        step where this file writes it, else at the first of ``causes`` this file
        sets (the message then names the step and where it stands), else at the
        step (the loader places a base's step at ``extends:``)."""
        at_step = self.where(self.step_path(index))
        if self._written_here(at_step):
            self.errors.append(SpecError(message, at_step))
            return
        for cause in causes:
            there = self.where(cause)
            if self._present(cause) and self._written_here(there):
                step = f"step '{self.v.steps[index].id}' ({Path(at_step.file or '').name}:{at_step.line})"
                self.errors.append(SpecError(message.replace("this step", step), there))
                return
        self.errors.append(SpecError(message, at_step))

    def fail_at_stakes(self, message: str, path: FieldPath, *amounts: Expression | None) -> None:
        """A problem of an amount at ``path`` that the stakes work out: located there when
        this file writes it, else at the first stake the amounts read that this file sets
        (a file that extends another and changes a stake: the message then names the step
        and where it stands), else at ``path`` (the loader places a base's step at ``extends:``)."""
        at = self.where(path)
        if not self._written_here(at):
            for name in sorted(set().union(*(a.names for a in amounts if a is not None))):
                cause = ("stakes", name)
                there = self.where(cause)
                if self._present(cause) and self._written_here(there):
                    index = path[1] if len(path) > 1 and isinstance(path[1], int) else None
                    step = f"step '{self.v.steps[index].id}'" if index is not None else "the amount"
                    where = f"{Path(at.file or '').name}:{at.line}"
                    self.errors.append(SpecError(f"{message} (the stake '{name}', read by {step} at {where})", there))
                    return
        self.errors.append(SpecError(message, at))

    def _written_here(self, where: Location) -> bool:
        return where.file is not None and self.v.file is not None and Path(where.file) == Path(self.v.file)

    def _present(self, path: FieldPath) -> bool:
        node: Any = self.data
        for part in path:
            if isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
                node = node[part]  # (a step of the list of steps)
            elif not isinstance(node, Mapping) or part not in node:
                return False
            else:
                node = node[part]
        return True

    def step_path(self, index: int, *more: str | int) -> FieldPath:
        kind = self.v.steps[index].kind
        if index < len(self.raw_steps):
            kind = step_kind(self.raw_steps[index]) or kind
        return ("steps", index, kind) + more

    def value(self, expr: Expression | None) -> int | None:
        """An amount worked out from the file's stakes, or None when it needs the table."""
        if expr is None or self.stakes is None or not expr.names <= set(self.stakes):
            return None
        try:
            result = expr(self.stakes)
        except StudrulesError:
            return None
        return result if isinstance(result, int) and not isinstance(result, bool) else None


class _CardChecks(_CheckerBase):
    """The checks of the cards (see the module's documentation)."""

    def _qualifiers(self, index: int, step: ShowdownStep) -> None:
        """Each qualifier names a ranking of this showdown and can qualify a hand."""
        from ..cards.rankings import ranking_for
        from ..errors import CardError

        for field, pairs in (("or_better", step.or_better), ("at_least", step.at_least)):
            for name, value in pairs:
                path = self.step_path(index, field, name)
                if name not in step.rankings:
                    self.fail(
                        f"'{name}' is not a ranking of this showdown ({', '.join(step.rankings)})", path, key=True
                    )
                    continue
                try:
                    if isinstance(value, int):
                        ranking_for(self.v.deck, name, or_better=value)
                    else:
                        ranking_for(self.v.deck, name, at_least=value)
                except (ValueError, CardError) as err:
                    self.fail(f"{field} of {name}: {err}", path)
        for name, ranks in step.holding_first:
            path = self.step_path(index, "holding_first", name)
            if name not in step.rankings:
                self.fail(f"'{name}' is not a ranking of this showdown ({', '.join(step.rankings)})", path, key=True)
            elif self.v.wild.any:
                self.fail("holding_first cannot be combined with wild cards: a wild card's rank is not settled", path)
            elif not set(ranks) <= set(self.v.deck.ranks):
                self.fail(
                    f"holding_first of {name}: the deck has no {', '.join(sorted(set(ranks) - set(self.v.deck.ranks)))}",
                    path,
                )

    def _cards_used(self, index: int, step: ShowdownStep, own: int, community: int) -> None:
        """Each hand's cards can be found, and two hands of one ranking differ."""
        used = step.cards_used
        if used and len(used) != len(step.rankings):
            self.fail(
                f"cards_used says how {len(used)} hand{'s are' if len(used) != 1 else ' is'} made, "
                f"but the showdown has {len(step.rankings)} ranking{'s' if len(step.rankings) != 1 else ''}",
                self.step_path(index, "cards_used"),
            )
            return
        parts = list(zip(step.rankings, used or [(None, None)] * len(step.rankings)))
        if len(set(parts)) != len(parts):
            self.fail(
                "the same ranking twice needs cards_used to tell the two hands apart (own cards, community cards)",
                self.step_path(index, "rankings"),
            )
        for k, (want_own, want_community) in enumerate(used):
            path = self.step_path(index, "cards_used", k)
            if want_community and want_community > community:
                self.fail(f"the hand uses {want_community} community cards, but {community} are dealt by now", path)
            if want_own is not None and want_own > own:
                self.fail(f"the hand uses {want_own} of a player's cards, but he holds {own} by now", path)
            if (want_own or 0) + (want_community or 0) > 5:
                self.fail("a hand is five cards: own and community add up to more", path)

    def hole_card_rankings(self) -> None:
        """A ranking of one face-down card decides a part of a pot, never acting order."""
        from ..cards.rankings import get_ranking

        if get_ranking(self.v.deck.ranking).hole_cards_only:
            self.fail(
                f"'{self.v.deck.ranking}' ranks one face-down card: it cannot order the up cards; "
                "choose a hand ranking for the deck and list it in the showdown's rankings",
                ("deck", "ranking"),
            )

    def wild_rules(self) -> None:
        """Wild ranks the deck holds, in rankings that have a wild form and are played."""
        wild = self.v.wild
        deck = self.v.deck.ranks
        for rank in wild.ranks:
            if rank not in deck:
                self.fail(
                    f"wild rank '{rank}' is not in the deck (its ranks are {deck}): no card of it is ever dealt",
                    ("wild", "ranks"),
                )
        first_of: dict[str, int] = {}
        for i, rule in enumerate(self.v.when_dealt_up):
            if rule.rank in first_of:  # (the engine reads one rule a rank: the other would never apply)
                self.fail(
                    f"rank '{rule.rank}' has a rule already (when_dealt_up[{first_of[rule.rank]}]): "
                    "a rank takes one rule (only one would apply)",
                    ("when_dealt_up", i, "rank"),
                )
            first_of.setdefault(rule.rank, i)
            if rule.rank not in deck:
                self.fail(f"rank '{rule.rank}' is not in the deck (its ranks are {deck})", ("when_dealt_up", i, "rank"))
            if rule.price is None and rule.deal == "none":
                self.fail("deal: none and no price: this rule does nothing", ("when_dealt_up", i, "deal"))
            if rule.price is None and rule.decline == "fold":
                self.fail("decline: fold needs a price to decline", ("when_dealt_up", i, "decline"))
        if wild.follow is not None and wild.follow not in deck:
            self.fail(f"wild.follow '{wild.follow}' is not in the deck (its ranks are {deck})", ("wild", "follow"))
        if wild.low_ace and not (wild.low_card or wild.low_hole):
            self.fail(
                "wild.low_ace lets the ace count low for the low card, but no low card is wild: add low_card or low_hole",
                ("wild", "low_ace"),
            )
        if wild.low_needs is not None:
            if not (wild.low_card or wild.low_hole):
                self.fail(
                    "wild.low_needs says what a player must hold for his low card to be wild, but no low card "
                    "is wild: add low_card or low_hole",
                    ("wild", "low_needs"),
                )
            elif wild.low_needs not in deck:
                self.fail(
                    f"wild.low_needs '{wild.low_needs}' is not in the deck (its ranks are {deck}): "
                    "no low card would ever be wild",
                    ("wild", "low_needs"),
                )
        if not wild.any:
            return
        played = {r for s in self.v.steps_of(ShowdownStep) for r in s.rankings}
        if self.v.is_banked:  # every hand is valued in the deck's ranking, each player's and the house's alike
            played = {self.v.deck.ranking}
            for name, given in (("follow", wild.follow), ("low_hole", wild.low_hole), ("low_card", wild.low_card)):
                if given:
                    self.fail(
                        "against the house the wild cards are the same in every hand "
                        "(wild ranks and jokers); a wild card that changes with the cards is for a game with a showdown",
                        ("wild", name),
                    )
            if wild.jokers and wild.joker not in ("wild", "bug"):
                self.fail(
                    f"{wild.joker} reads which way up a joker lies; against the house every hand is "
                    "valued face down: a joker is wild or the bug",
                    ("wild", "joker"),
                )
        for i, name in enumerate(wild.rankings):
            if name not in WILD_FORMS:
                self.fail(
                    f"wild cards cannot count in '{name}': they count in {', '.join(WILD_FORMS)}",
                    ("wild", "rankings", i),
                )
            elif name not in played:
                where = "the game's ranking (its deck's)" if self.v.is_banked else "a ranking of the showdown"
                self.fail(f"'{name}' is not {where}: wild cards would count nowhere", ("wild", "rankings", i))
        self._wild_forms_played(set(wild.rankings) or played & set(WILD_FORMS))
        if not wild.rankings and not played & set(WILD_FORMS):
            # wild cards that are the deck's jokers alone: said at deck.jokers, which makes them
            jokers = not (wild.ranks or wild.follow or wild.low_hole or wild.low_card)
            if jokers and self.v.is_banked:  # (said at deck.jokers by the jokers' check)
                return
            why = (
                f"the game's ranking, {self.v.deck.ranking}, has no wild form ({', '.join(WILD_FORMS)})"
                if self.v.is_banked
                else f"no ranking of the showdown has a wild form ({', '.join(WILD_FORMS)})"
            )
            self.fail(
                f"{why}: the {'jokers' if jokers else 'wild cards'} would count nowhere",
                ("deck", "jokers") if jokers else ("wild",),
                key=not jokers,
            )

    def _wild_forms_played(self, counted: set[str]) -> None:
        """The deck and wild rules the rankings the wild cards count in (``counted``) play."""
        wild, deck = self.v.wild, self.v.deck
        if wild.in_flush != "ace" and (deck.ranks != STANDARD_RANKS or "short_deck_high" in counted):
            self.fail(
                "wild.in_flush: missing is played in the high ranking of a full deck; on this deck a wild card "
                "in a flush is an ace (leave it out)",
                ("wild", "in_flush"),
            )
        if "high" in counted and not deck.ace_low_straight and all(r in deck.ranks for r in "A2345"):
            self.fail(
                "wild cards count in a high hand where A-2-3-4-5 is a straight: ace_low_straight: false "
                "is not played with wild cards counting in 'high' (leave one of them out)",
                ("deck", "ace_low_straight"),
            )
        lows = sorted(counted - {"high", "short_deck_high"}) if deck.ranks != STANDARD_RANKS else []
        if lows:  # (a low's wild card is the lowest rank not held, which the deck may not have)
            self.fail(
                f"a wild card in '{lows[0]}' may stand for a rank this deck ({deck.ranks}) does not hold: "
                "on a stripped deck wild cards count in the high rankings",
                ("wild", "rankings") if wild.rankings else ("wild",),
            )
        if "short_deck_high" in counted:
            for field, given in (
                ("five_of_a_kind", wild.five_of_a_kind != "top"),
                ("natural_beats_wild", wild.natural_beats_wild),
                ("five_wilds", wild.five_wilds != "as_cards"),
            ):
                if given and field in (self.data.get("wild") or {}):
                    self.fail(
                        f"wild.{field} is not played in 'short_deck_high', where five of a kind is the best "
                        "hand and a natural hand ties the same hand made with wild cards: leave it out",
                        ("wild", field),
                    )

    def jokers(self) -> None:
        """Jokers have no rank: they count only where a ranking can read them."""
        wild, deck = self.v.wild, self.v.deck
        raw = self.data.get("wild")
        if not deck.jokers:
            if isinstance(raw, Mapping) and "joker" in raw:
                self.fail("wild.joker says what a joker is, but the deck has none: add deck.jokers", ("wild", "joker"))
            return
        why = "a joker has no rank"
        if wild.follow is not None:
            self.fail(f"{why}: jokers and a followed wild rank are not played together", ("deck", "jokers"))
        if wild.low_hole:
            self.fail(f"{why}: jokers and the low hole card wild are not played together", ("deck", "jokers"))
        if wild.low_card:
            self.fail(f"{why}: jokers and the low card wild are not played together", ("deck", "jokers"))
        if self.v.when_dealt_up:
            self.fail(f"{why}: jokers and extra cards for an up card are not played together", ("deck", "jokers"))
        played = [deck.ranking] + [r for s in self.v.steps_of(ShowdownStep) for r in s.rankings]
        for name in dict.fromkeys(played):
            if name not in WILD_FORMS:
                self.fail(
                    f"a joker must count in every ranking the hand uses, and it cannot in '{name}': "
                    f"jokers count in {', '.join(WILD_FORMS)}",
                    ("deck", "jokers"),
                )
            elif wild.rankings and name != deck.ranking and name not in wild.rankings:
                self.fail(
                    f"a joker must count in every ranking the hand uses, and wild.rankings leaves out '{name}': "
                    "add it there",
                    ("wild", "rankings"),
                )
