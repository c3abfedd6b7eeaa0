"""Semantic checks: what a schema-valid variant may still get wrong.

The schema says which fields exist and what words they take; these checks
look at the hand as a whole: a bring-in needs up cards to choose its player,
the cards dealt must fit the deck, a banked game needs a decision and a
settlement, and so on. Each problem is located at the field it is about::

    >>> from studrules.spec.loader import load_variant
    >>> from studrules.spec.resources import default_variant
    >>> check_variant(load_variant(default_variant()), {})
    []
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import Location, SpecError, StudrulesError, close_matches, some_names
from .amount_bounds import oversized_amounts, oversized_words
from .amount_checks import _AmountChecks
from .banked_checks import _BankedChecks
from .blind_checks import _BlindChecks
from .card_checks import _CardChecks
from .merge import MERGE_KEYS, step_body
from .model import (
    BettingStep,
    BlindsStep,
    DealStep,
    DecisionStep,
    DeclareStep,
    DrawStep,
    ExposeStep,
    PassStep,
    RevealStep,
    SettleStep,
    ShowdownStep,
    SplitStep,
    Variant,
)
from .source import locate

__all__ = ["check_variant", "option_errors"]

# first-to-act rules that read the up cards on the table
_NEEDS_UP_CARDS = ("best_visible", "worst_visible", "lowest_up_card", "highest_up_card")


def check_variant(variant: Variant, data: Any) -> list[SpecError]:
    """Every semantic problem of a built variant; ``data`` is the merged document
    it was built from (for locations)."""
    return _Checker(variant, data if isinstance(data, Mapping) else {}).run()


def option_errors(data: Any, file: str | None) -> list[SpecError]:
    """Problems of the ``options:`` block that must be caught before any choice is applied:
    a default that names no choice, a choice that changes the options or what the file extends.

    >>> option_errors({"options": {"o": {"default": "c", "choices": {"a": {}, "b": {}}}}}, "v.yaml")[0].message
    "option 'o' has no choice 'c' for its default: choose one of a, b"
    """
    out: list[SpecError] = []
    options = data.get("options") if isinstance(data, Mapping) else None
    if not isinstance(options, Mapping):
        return out
    for name, option in options.items():
        if not isinstance(option, Mapping) or not isinstance(option.get("choices"), Mapping):
            continue
        names = [str(c) for c in option["choices"]]
        default = option.get("default")
        if isinstance(default, str) and default not in names:  # a non-text default is the schema's to report
            close = close_matches(str(default), names)
            hint = f"did you mean '{close[0]}'? " if close else ""
            out.append(
                SpecError(
                    f"option '{name}' has no choice '{default}' for its default: {hint}choose one of {', '.join(names)}",
                    locate(data, ("options", name, "default"), default=Location(file, 1, 1)),
                )
            )
        for choice, body in option["choices"].items():
            changes = body.get("changes") if isinstance(body, Mapping) else None
            for key in ("options", "extends"):
                if isinstance(changes, Mapping) and key in changes:
                    out.append(
                        SpecError(
                            f"choice '{choice}' of option '{name}' changes '{key}', which a choice cannot: "
                            + (
                                "options are chosen together, not one within another"
                                if key == "options"
                                else "the file a variant extends is read before any choice is made"
                            ),
                            locate(
                                data,
                                ("options", name, "choices", choice, "changes", key),
                                key=True,
                                default=Location(file, 1, 1),
                            ),
                        )
                    )
    return out


class _Checker(_CardChecks, _BankedChecks, _BlindChecks, _AmountChecks):
    # -- the checks ----------------------------------------------------------
    def run(self) -> list[SpecError]:
        self.seats()
        self.stake_values()
        self.kind()
        self.step_ids()
        self.overlay_keys()
        self.hand_order()
        self.deck_fits()
        self.amounts()
        self.blind_order()
        self.wild_rules()
        self.jokers()
        self.hole_card_rankings()
        self.banked()
        self.kill()
        return self.errors

    def kill(self) -> None:
        """A kill names the variant's stakes, plays between players, and posts a
        kill blind only where there are blinds to join."""
        kill = self.v.kill
        if kill is not None:
            known = dict(self.v.stakes)
            for name, _ in kill.stakes:
                if name not in known:
                    self.fail(
                        f"'{name}' is not a stake of this variant (its stakes: {some_names(known, like=name)})",
                        ("kill", "stakes", name),
                    )
            if self.v.is_banked:
                self.fail("a kill raises the stakes between players: a banked variant has none", ("kill",))
            if kill.blind is not None and not any(isinstance(s, BlindsStep) for s in self.v.steps):
                self.fail(
                    "a kill blind is live, like the blinds it joins: this game has none (its first round opens "
                    "with a bring-in or a bet); leave the blind out and let the kill raise the stakes",
                    ("kill", "blind"),
                )

    def seats(self) -> None:
        s = self.v.seats
        if s.min > s.max:
            self.fail(f"seats.min ({s.min}) is more than seats.max ({s.max})", ("seats", "min"))
        elif s.min < 2 and not self.v.is_banked:
            self.fail(
                f"seats.min is {s.min}, but a pot game is played by players against each other: at least 2",
                ("seats", "min"),
            )
        if s.positions is not None:
            low, high = s.positions
            if low > high:
                self.fail(
                    f"positions go from fewest to most: [{low}, {high}] is the wrong way round", ("seats", "positions")
                )
            if not self.v.is_banked:
                self.fail(
                    "positions are the boxes of a banked game; a pot game has only seats.min and seats.max",
                    ("seats", "positions"),
                )
            elif s.max > high:
                self.fail(f"seats.max ({s.max}) is more than the table's {high} positions", ("seats", "max"))

    def stake_values(self) -> None:
        try:
            values = self.v.stake_values()
        except StudrulesError as err:
            self.errors.append(err if isinstance(err, SpecError) else SpecError(err.message, err.location))
            return
        self.stakes = values
        for name, value in values.items():
            if value < 0:
                self.fail(
                    f"the stake '{name}' works out to {value}; stakes are amounts of chips, 0 or more", ("stakes", name)
                )
        for field, expr, value in oversized_amounts(self.v.steps, values):
            self.errors.append(SpecError(oversized_words(field, expr, value, values), expr.location))

    def kind(self) -> None:
        kinds = [s.kind for s in self.v.steps]
        if self.v.is_banked:
            for needed in ("decision", "settle"):
                if needed not in kinds:
                    self.fail(f"a banked variant needs a '{needed}' step (players play against the house)", ("steps",))
            for i, step in enumerate(self.v.steps):
                if isinstance(step, (BettingStep, ShowdownStep)):
                    self.fail(
                        f"a banked variant has no '{step.kind}' step: players play against the house (decision and settle)",
                        self.step_path(i),
                    )
        else:
            if "showdown" not in kinds:
                self.fail("a pot variant needs a 'showdown' step to say who wins the pot", ("steps",))
            for i, step in enumerate(self.v.steps):
                if isinstance(step, (DecisionStep, SettleStep)):
                    self.fail(
                        f"a '{step.kind}' step plays against the house: only a variant of kind 'banked' has one",
                        self.step_path(i),
                    )
                elif isinstance(step, DealStep) and step.house:
                    self.fail(
                        "cards to the house are for a banked variant; a pot variant has no house hand",
                        self.step_path(i, "house"),
                    )

    def step_ids(self) -> None:
        seen: dict[str, int] = {}
        for i, step in enumerate(self.v.steps):
            if step.id in seen:
                self.fail(
                    f"the step id '{step.id}' is already used by step {seen[step.id] + 1}: ids must be unique",
                    self.step_path(i, "id"),
                )
            else:
                seen[step.id] = i

    def overlay_keys(self) -> None:
        for i in range(len(self.v.steps)):
            body = step_body(self.raw_steps[i]) if i < len(self.raw_steps) else None
            for key in MERGE_KEYS:
                if isinstance(body, Mapping) and key in body:
                    self.fail(
                        f"'{key}' changes another variant's steps: it belongs in a file with 'extends' or in an option's changes",
                        self.step_path(i, key),
                        key=True,
                    )

    def hand_order(self) -> None:
        """Walk the hand in order, knowing what is showing at each step."""
        up_cards = 0  # up cards each player shows so far
        player_cards = 0
        house_cards = 0
        community = 0
        dealt = False
        bring_ins = 0
        blinds = False
        opened_by_blinds: int | None = None  # the blinds step whose bets open the next round
        turned = 0  # face-down cards a player's choices may have turned up besides (a draw dealt up...)
        for i, step in enumerate(self.v.steps):
            # up_cards counts the cards surely up by now; down, the fewest a player may hold down
            down = max(0, player_cards - up_cards - turned)
            holds = f"{'may hold' if turned else 'holds'} only {down} face down by now"
            if isinstance(step, ExposeStep):
                if step.count_min is not None and step.count_min > step.count:
                    self.fail(
                        f"count.min ({step.count_min}) is more than count.max ({step.count})",
                        self.step_path(i, "count", "min"),
                    )
                elif down < step.least:
                    self.fail(
                        f"each player turns up {step.least} face-down card{'s' if step.least != 1 else ''}, "
                        f"but {holds}",
                        self.step_path(i, "count"),
                    )
                up_cards += step.least
                turned += step.count - step.least
            if isinstance(step, PassStep) and down < step.count:
                self.fail(
                    f"each player passes {step.count} face-down card{'s' if step.count != 1 else ''}, but {holds}",
                    self.step_path(i, "count"),
                )
            if isinstance(step, SplitStep):
                self._split(i, step, player_cards, down)
            if isinstance(step, DrawStep) and step.replace and step.face == "up":
                turned += step.discard_max  # (face-down cards given up for new ones dealt face up)
            if isinstance(step, BettingStep) and step.first_to_act.expose:
                turned += 1
            if isinstance(step, DrawStep):
                if step.discard_min > step.discard_max:
                    self.fail(
                        f"discard.min ({step.discard_min}) is more than discard.max ({step.discard_max})",
                        self.step_path(i, "discard", "min"),
                    )
                if player_cards == 0:
                    self.fail("a draw needs cards to discard: deal before it", self.step_path(i))
                if not step.replace:
                    player_cards -= step.discard_max
                    if step.price is not None:
                        self.fail(
                            "a price buys new cards, but this draw replaces none (replace: false)",
                            self.step_path(i, "price"),
                        )
                if step.pat_stays_pat and not any(isinstance(s, DrawStep) for s in self.v.steps[:i]):
                    self.fail(
                        "pat_stays_pat: no draw comes before this one, so nobody has stood pat yet",
                        self.step_path(i, "pat_stays_pat"),
                    )
            if isinstance(step, DeclareStep):
                later = [s for s in self.v.steps[i + 1 :] if isinstance(s, ShowdownStep)]
                if not later or len(later[0].rankings) != 2:
                    self.fail(
                        "a declare step splits each pot between two rankings: the showdown after it needs two "
                        "(for example rankings: [high, eight_or_better_low])",
                        self.step_path(i),
                    )
            if isinstance(step, BlindsStep):
                blinds, opened_by_blinds = True, i
                if self.v.is_banked:
                    self.fail(
                        "blinds are bets between players: a banked variant has none (each position antes)",
                        self.step_path(i),
                    )
                if len(step.amounts) > self.v.seats.min:
                    self.fail(
                        f"{len(step.amounts)} blinds, but the table may have only {self.v.seats.min} players: "
                        "raise seats.min or post fewer blinds",
                        self.step_path(i, "amounts"),
                    )
                if step.heads_up_dealer_small and len(step.amounts) != 2:
                    self.fail(
                        f"heads_up_dealer_small needs a small and a big blind, not {len(step.amounts)} blinds",
                        self.step_path(i, "heads_up_dealer_small"),
                    )
            elif isinstance(step, DealStep):
                up_cards += step.players.count("up")
                player_cards += len(step.players)
                house_cards += len(step.house)
                community += len(step.community)
                dealt = dealt or bool(step.players or step.house or step.community)
                if step.fallback == "community" and not step.players:
                    self.fail(
                        "a community fallback replaces a card dealt to each player; this deal gives the players none",
                        self.step_path(i, "fallback"),
                    )
            elif isinstance(step, BettingStep):
                rule = step.first_to_act.rule
                if opened_by_blinds is not None and step.bring_in is not None:
                    self.fail(
                        f"the blinds open the betting of round '{step.id}', which has a bring-in as well: "
                        "a player would owe both; take the round's bring_in out (bring_in: null) or the blinds",
                        self.step_path(opened_by_blinds),
                    )
                opened_by_blinds = None
                if step.bring_in is not None:
                    bring_ins += 1
                    if up_cards == 0:
                        self.fail(
                            "a bring-in is posted by the lowest or highest up card, but no up card has been dealt before this round",
                            self.step_path(i, "bring_in"),
                        )
                    if rule != "bring_in":
                        self.fail(
                            f"a round with a bring-in is opened by it: first_to_act must be 'bring_in', not '{rule}'",
                            self.step_path(i, "first_to_act"),
                        )
                elif rule == "bring_in":
                    self.fail(
                        "first_to_act is 'bring_in' but this round has no bring_in: add a bring_in or choose another rule",
                        self.step_path(i, "first_to_act"),
                    )
                if rule == "after_blinds" and not blinds:
                    self.fail(
                        "first_to_act 'after_blinds' needs a blinds step before this round",
                        self.step_path(i, "first_to_act"),
                    )
                if rule in _NEEDS_UP_CARDS and up_cards == 0:
                    self.fail(
                        f"first_to_act '{rule}' reads the up cards, but none has been dealt before this round: "
                        "use dealer_left or lowest_card, or deal an up card first",
                        self.step_path(i, "first_to_act"),
                    )
                if rule == "lowest_card" and player_cards == 0:
                    self.fail(
                        "first_to_act 'lowest_card' needs the players to hold cards: deal before this round",
                        self.step_path(i, "first_to_act"),
                    )
                if step.first_to_act.community and rule not in ("best_visible", "worst_visible"):
                    self.fail(
                        f"first_to_act 'community' judges boards: it goes with best_visible or worst_visible, not '{rule}'",
                        self.step_path(i, "first_to_act", "community"),
                    )
            elif isinstance(step, DecisionStep):
                if player_cards == 0:
                    self.fail("players decide on their cards: deal before this decision", self.step_path(i))
            elif isinstance(step, RevealStep):
                if step.who == "house" and house_cards == 0:
                    self.fail(
                        "the house reveals its cards, but no card has been dealt to the house", self.step_path(i, "who")
                    )
            elif isinstance(step, ShowdownStep):
                self._qualifiers(i, step)
                self._cards_used(i, step, player_cards, community)
                fewest = _fewest_cards(step.rankings)
                if player_cards + community < fewest:
                    self.fail(
                        f"a showdown compares {_NUMBER_WORDS.get(fewest, str(fewest))}-card hands, but each player "
                        f"has only {player_cards + community} card{'s' if player_cards + community != 1 else ''} by now",
                        self.step_path(i),
                    )
            elif isinstance(step, SettleStep):
                least = _fewest_cards((self.v.deck.ranking,))
                if step.against == "pay_table":  # the player's hand alone, the community's cards counted
                    if player_cards + community < least:
                        self.fail(
                            f"the pay table reads {_NUMBER_WORDS.get(least, str(least))}-card hands, but each "
                            f"player has {player_cards + community} by now",
                            self.step_path(i),
                        )
                elif player_cards + community < least or house_cards < least:
                    self.fail(
                        f"settling compares {_NUMBER_WORDS.get(least, str(least))}-card hands, but the players hold "
                        f"{player_cards + community} and the house {house_cards} by now",
                        self.step_path(i),
                    )

    def _split(self, index: int, step: SplitStep, held: int, down: int) -> None:
        """A split uses every card held, and the showdown after it reads two hands."""
        from ..cards.rankings import get_ranking

        if sum(step.sizes) != held:
            self.fail(
                f"the hands ({' and '.join(map(str, step.sizes))} cards) must use the {held} cards a player holds by now",
                self.step_path(index, "sizes"),
            )
        if step.down_in_each and down < len(step.sizes):
            self.fail(f"each hand needs a face-down card, but a player holds {down} by now", self.step_path(index))
        later = [s for s in self.v.steps[index + 1 :] if isinstance(s, ShowdownStep)]
        if not later or len(later[0].rankings) != len(step.sizes):
            self.fail("the showdown after a split needs one ranking for each hand", self.step_path(index))
            return
        for name, size in zip(later[0].rankings, step.sizes):
            if get_ranking(name).fewest_cards > size:
                self.fail(f"'{name}' reads hands of more than {size} cards", self.step_path(index, "sizes"))

    def deck_fits(self) -> None:
        seats = self.v.seats.max
        if self.v.is_banked and self.v.seats.positions:
            seats = max(seats, self.v.seats.positions[1])
        short = self._short_deal(seats)
        if short is None:
            return
        i, step, needed = short
        fit = max((n for n in range(1, self.v.deck.cards + 1) if self._short_deal(n) is None), default=0)
        hint = f" (at most {fit} fit)" if fit else ""
        # a banked table's boxes, where they are more than its players, are what to lower
        boxes = seats > self.v.seats.max
        table, lower = ("positions", "seats.positions") if boxes else ("players", "seats.max")
        if isinstance(step, DrawStep):
            advice = f"lower {lower} or the most cards a player may draw"
        elif step.fallback == "community":
            advice = f"lower {lower}"
        else:
            advice = f"lower {lower} or add 'fallback: community' to a deal"
        # (in a file that extends another: the table, the deck, or a deal before this one that it writes)
        earlier = [
            self.step_path(j, *field)
            for j in range(i - 1, -1, -1)
            if isinstance(self.v.steps[j], (DealStep, DrawStep))
            for field in (("players",), ("community",), ("house",), ("burn",), ("discard",), ())
        ]
        self.fail_at_cause(
            f"with {seats} {table} the deal needs {needed} cards by this step, more than the {self.v.deck.cards} of the deck: "
            f"{advice}{hint}",
            i,
            (("seats", "positions") if boxes else ("seats", "max"), ("deck", "ranks"), ("deck",), *earlier),
        )

    def _short_deal(self, seats: int) -> tuple[int, DealStep | DrawStep, int] | None:
        """The first deal the deck cannot give ``seats`` players (its index and
        the step), with the cards needed by then; None when every deal fits.
        A draw counts as a deal of its most replacement cards, and the extra
        cards of ``when_dealt_up`` as many as the deck holds of their ranks (no
        more than the up cards dealt by then)."""
        size = self.v.deck.cards
        used = 0
        extra_ranks = {r.rank for r in self.v.when_dealt_up if r.deal != "none"}
        most_extra = 4 * sum(1 for rank in self.v.deck.ranks if rank in extra_ranks)
        ups = extra = 0  # the players' up cards dealt by now, and the extra cards they may earn
        for i, step in enumerate(self.v.steps):
            if isinstance(step, DrawStep):
                if step.replace:
                    if used + step.discard_max * seats > size:
                        return i, step, used + step.discard_max * seats
                    used += step.discard_max * seats
                continue
            if not isinstance(step, DealStep):
                continue
            need = step.burn + len(step.players) * seats + len(step.house) + len(step.community)
            if most_extra:  # an up card (one that may be up) of a rank in when_dealt_up earns one more
                ups += sum(1 for face in step.players if face != "down") * seats
                earned = min(most_extra, ups) - extra
                extra += earned
                need += earned
            if used + need <= size:
                used += need
                continue
            if step.fallback == "community":
                # the players' cards become one community card per card of the deal
                shared = step.burn + len(step.players) + len(step.house) + len(step.community)
                if used + shared <= size:
                    used += shared
                    continue
            return i, step, used + need
        return None


_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


def _fewest_cards(rankings: tuple[str, ...]) -> int:
    """The most cards any of the showdown's rankings needs for a hand (five
    for most; four for badugi, two for the two-card hands)."""
    from ..cards.rankings import get_ranking

    return max((get_ranking(name).fewest_cards for name in rankings), default=5)
