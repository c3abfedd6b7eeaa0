"""The steps of a variant file, from their merged, schema-valid data to the typed
steps of :mod:`studrules.spec.model`: one builder a kind of step (``deal``,
``betting``, ``showdown``...), each compiling its amounts and conditions
against the names its place allows. :mod:`studrules.spec.build` builds the
rest of the variant on top of it::

    >>> from studrules.spec.loader import load_variant
    >>> [(step.id, type(step).__name__) for step in load_variant("razz").steps][:3]
    [('ante', 'AnteStep'), ('third-street', 'DealStep'), ('round-1', 'BettingStep')]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypedDict

from ..errors import Location, SpecError
from .expressions import BOOL, NUMBER, Expression, ExprType, parse_amount_or_expression
from .merge import step_body, step_kind
from .model import (
    AnteStep,
    BetAlternative,
    BettingStep,
    BlindsStep,
    BringIn,
    DealStep,
    DecisionStep,
    DeclareStep,
    DrawStep,
    ExposeStep,
    FirstToAct,
    PassStep,
    Payout,
    RevealStep,
    SettleStep,
    ShowdownStep,
    SideBet,
    SplitStep,
    Step,
)
from .source import FieldPath, locate
from .vocabulary import DECISION_NAMES, DECISION_REFUSED, HOUSE_NAMES, RAISE_MAX_NAMES, TABLE_NAMES, hand_constants
from .wagers import odds_of

__all__ = ["SUIT_WORDS", "normalise_suit"]

SUIT_WORDS = {"clubs": "c", "diamonds": "d", "hearts": "h", "spades": "s", "c": "c", "d": "d", "h": "h", "s": "s"}


def normalise_suit(word: str) -> str:
    """``'spades'`` or ``'s'`` -> ``'s'``.

    >>> normalise_suit("Hearts")
    'h'
    """
    return SUIT_WORDS[str(word).lower()]


def _quote(value: Any) -> tuple[str, ...] | None:
    if value is None or isinstance(value, str):
        return value if value is None else (value,)
    return tuple(str(v) for v in value)


class _Common(TypedDict):
    """The fields every step has, read the same way for each kind."""

    id: str
    when: Expression | None
    quote: tuple[str, ...] | None
    location: Location


class _BuilderBase:
    """What every part of the builder shares: the data, the problems found, the stakes' names
    and how an amount or condition is compiled and a problem located."""

    def __init__(self, data: Mapping[str, Any], file: str | None):
        self.data = data
        self.file = file
        self.errors: list[SpecError] = []
        self.stake_names: dict[str, ExprType] = {}
        deck = data.get("deck")
        ranking = deck.get("ranking", "high") if isinstance(deck, Mapping) else "high"
        self.ranking_name = ranking if isinstance(ranking, str) else "high"  # whose thresholds an expression names

    # -- helpers -----------------------------------------------------------
    def where(self, path: FieldPath) -> Location:
        return locate(self.data, path, default=Location(self.file, 1, 1))

    def fail(self, message: str, path: FieldPath) -> None:
        self.errors.append(SpecError(message, self.where(path)))

    def expr(
        self,
        value: Any,
        path: FieldPath,
        *,
        expect: ExprType,
        names: Mapping[str, ExprType] | None = None,
        refused: Mapping[str, str] | None = None,
    ) -> Expression:
        """An amount or a condition at ``path`` compiled (``refused``: why a name known elsewhere is not known
        here); a problem is recorded and a stand-in (0, or false) returned: no variant is built then."""
        allowed = dict(self.stake_names)
        if names:
            allowed.update(names)
        try:
            return parse_amount_or_expression(
                value, allowed, hand_constants(self.ranking_name), expect, self.where(path), refused=refused
            )
        except SpecError as err:
            self.errors.append(err)
            return parse_amount_or_expression(False if expect is BOOL else 0)

    def condition_or_none(self, body: Mapping[str, Any], key: str, path: FieldPath) -> Expression | None:
        """A condition that may be left out (a step's ``when``, a round's ``check``):
        None when it is, or when it always holds (``true``, the schema's default), so
        a file that writes the default loads as one that leaves it out."""
        if key not in body:
            return None
        condition = self.expr(body[key], path + (key,), expect=BOOL, names=TABLE_NAMES)
        return None if condition.is_constant and condition.value() is True else condition

    def suits(self, order: Sequence[str], path: FieldPath) -> tuple[str, ...]:
        """A suit order, lowest first, as suit letters (each of the four once)."""
        suits: list[str] = []
        for i, word in enumerate(order):
            try:
                suits.append(normalise_suit(word))
            except KeyError:
                self.fail(f"'{word}' is not a suit: clubs, diamonds, hearts, spades (or c d h s)", path + (i,))
        if len(set(suits)) != len(suits) or (suits and len(suits) != 4):
            self.fail("the suit order must name each of the four suits once, lowest first", path)
        return tuple(suits)


class _StepBuilder(_BuilderBase):
    """The steps, one builder a kind (see the module's documentation)."""

    def step(self, index: int, raw: Any) -> Step | None:
        kind = step_kind(raw)
        body = step_body(raw)
        if kind is None or not isinstance(body, dict):
            self.fail("a step must be a mapping with one key, its kind (for example 'deal:')", ("steps", index))
            return None
        path: FieldPath = ("steps", index, kind)
        method: Callable[[Mapping[str, Any], FieldPath, _Common], Step] | None = getattr(self, f"_step_{kind}", None)
        if method is None:
            self.fail(f"unknown step '{kind}'", ("steps", index))
            return None
        common: _Common = {
            "id": str(body.get("id") or f"{kind}-{index + 1}"),
            "when": self.condition_or_none(body, "when", path),
            "quote": _quote(body.get("quote")),
            "location": self.where(path),
        }
        return method(body, path, common)

    def _step_ante(self, b: Mapping[str, Any], path: FieldPath, common: _Common) -> Step:
        who = str(b.get("who", "every_player"))
        # a dealer ante is often so much a player at the table: it may read 'players'
        names = TABLE_NAMES if who == "dealer" else None
        return AnteStep(
            amount=self.expr(b.get("amount", "ante"), path + ("amount",), expect=NUMBER, names=names),
            who=who,
            dead=bool(b.get("dead", True)),
            min=self.expr(b["min"], path + ("min",), expect=NUMBER) if "min" in b else None,
            max=self.expr(b["max"], path + ("max",), expect=NUMBER) if "max" in b else None,
            chosen_by_player=bool(b.get("chosen_by_player", False)),
            **common,
        )

    def _step_blinds(self, b: Mapping[str, Any], path: FieldPath, common: _Common) -> Step:
        amounts = b.get("amounts") or []
        return BlindsStep(
            amounts=tuple(self.expr(a, path + ("amounts", i), expect=NUMBER) for i, a in enumerate(amounts)),
            heads_up_dealer_small=bool(b.get("heads_up_dealer_small", False)),
            **common,
        )

    def _step_draw(self, b: Mapping[str, Any], path: FieldPath, common: _Common) -> Step:
        discard = b.get("discard") or {}
        return DrawStep(
            discard_min=int(discard.get("min", 0)),
            discard_max=int(discard.get("max", 1)),
            source=str(b.get("from", "down")),
            replace=bool(b.get("replace", True)),
            face=str(b.get("face", "down")),
            price=(
                self.expr(b["price"], path + ("price",), expect=NUMBER, names=TABLE_NAMES)
                if b.get("price") is not None
                else None
            ),
            pat_stays_pat=bool(b.get("pat_stays_pat", False)),
            **common,
        )

    def _step_expose(self, b: Mapping[str, Any], path: FieldPath, common: _Common) -> Step:
        count = b.get("count", 1)
        if isinstance(count, Mapping):  # {min, max}: he chooses how many
            return ExposeStep(
                count=int(count["max"]),
                count_min=int(count.get("min", 0)),
                mode=str(b.get("mode", "simultaneous")),
                **common,
            )
        return ExposeStep(count=int(count), mode=str(b.get("mode", "simultaneous")), **common)

    def _step_declare(self, b: Mapping[str, Any], path: FieldPath, common: _Common) -> Step:
        return DeclareStep(
            mode=str(b.get("mode", "simultaneous")),
            both=str(b.get("both", "lose_all")),
            per_pot=bool(b.get("per_pot", False)),
            **common,
        )

    def _step_pass(self, b: Mapping[str, Any], path: FieldPath, common: _Common) -> Step:
        return PassStep(count=int(b.get("count", 1)), to=str(b.get("to", "left")), **common)

    def _step_split(self, b: Mapping[str, Any], path: FieldPath, common: _Common) -> Step:
        return SplitStep(
            sizes=tuple(int(n) for n in b.get("sizes") or (5, 2)),
            down_in_each=bool(b.get("down_in_each", False)),
            ordered=bool(b.get("ordered", False)),
            **common,
        )

    def _step_deal(self, b: Mapping[str, Any], path: FieldPath, common: _Common) -> Step:
        return DealStep(
            players=tuple(b.get("players") or ()),
            house=tuple(b.get("house") or ()),
            community=tuple(b.get("community") or ()),
            burn=int(b.get("burn", 0)),
            fallback=b.get("fallback"),
            **common,
        )

    def _first_to_act(self, value: Any) -> FirstToAct:
        if isinstance(value, str):
            return FirstToAct(rule=value)
        value = value or {}
        return FirstToAct(
            rule=str(value.get("rule", "best_visible")),
            tie_break=str(value.get("tie_break", "nearest_dealer")),
            expose=bool(value.get("expose", False)),
            community=bool(value.get("community", False)),
            quote=_quote(value.get("quote")),
        )

    def _step_betting(self, b: Mapping[str, Any], path: FieldPath, common: _Common) -> Step:
        bring_in = None
        if "bring_in" in b:
            bi = b["bring_in"]
            bring_in = BringIn(
                who=str(bi.get("who", "lowest_up_card")),
                tie_break=str(bi.get("tie_break", "suit")),
                amount=self.expr(bi.get("amount", "bring_in"), path + ("bring_in", "amount"), expect=NUMBER),
                complete=bool(bi.get("complete", True)),
                completion_is_raise=bool(bi.get("completion_is_raise", False)),
                low_card_all_in=str(bi.get("low_card_all_in", "next_player")),
                ace=bi.get("ace"),
                quote=_quote(bi.get("quote")),
            )
        alternatives = tuple(
            BetAlternative(
                bet=self.expr(a.get("bet"), path + ("alternatives", i, "bet"), expect=NUMBER, names=TABLE_NAMES),
                when=self.expr(
                    a.get("when", "true"), path + ("alternatives", i, "when"), expect=BOOL, names=TABLE_NAMES
                ),
                actions=tuple(a.get("actions") or ("bet", "raise")),
                sticky=bool(a.get("sticky", True)),
                quote=_quote(a.get("quote")),
            )
            for i, a in enumerate(b.get("alternatives") or ())
        )
        default_first = "bring_in" if bring_in else "best_visible"
        return BettingStep(
            bet=self.expr(b.get("bet"), path + ("bet",), expect=NUMBER, names=TABLE_NAMES),
            structure=str(b.get("structure", "fixed_limit")),
            first_to_act=self._first_to_act(b.get("first_to_act", default_first)),
            bring_in=bring_in,
            alternatives=alternatives,
            cap=None
            if b.get("cap") is None
            else self.expr(b["cap"], path + ("cap",), expect=NUMBER, names=TABLE_NAMES),
            heads_up_uncapped=bool(b.get("heads_up_uncapped", False)),
            check=self.condition_or_none(b, "check", path),
            max_raise_multiple=None if b.get("max_raise_multiple") is None else int(b["max_raise_multiple"]),
            max_bet=None
            if b.get("max_bet") is None
            else self.expr(b["max_bet"], path + ("max_bet",), expect=NUMBER, names=TABLE_NAMES),
            check_raise=bool(b.get("check_raise", True)),
            open_fold=bool(b.get("open_fold", False)),
            short_all_in=str(b.get("short_all_in", "full_bet")),
            **common,
        )

    def _step_decision(self, b: Mapping[str, Any], path: FieldPath, common: _Common) -> Step:
        def amount(key: str, names: Mapping[str, ExprType]) -> Expression | None:  # (the most reads the hand)
            if key not in b:
                return None
            return self.expr(b[key], path + (key,), expect=NUMBER, names=names, refused=DECISION_REFUSED)

        return DecisionStep(
            fold=bool(b.get("fold", True)),
            stand=bool(b.get("stand", False)),
            raise_amount=amount("raise", DECISION_NAMES),
            raise_max=amount("raise_max", RAISE_MAX_NAMES),
            raise_unit=amount("raise_unit", DECISION_NAMES),
            **common,
        )

    def _step_reveal(self, b: Mapping[str, Any], path: FieldPath, common: _Common) -> Step:
        return RevealStep(who=str(b.get("who", "house")), **common)

    def _step_showdown(self, b: Mapping[str, Any], path: FieldPath, common: _Common) -> Step:
        rankings = b.get("rankings") or [self.data.get("deck", {}).get("ranking", "high")]
        return ShowdownStep(
            order=tuple(b.get("order") or ("last_aggressor", "first_to_act")),
            scope=str(b.get("scope", "last_round")),
            muck=bool(b.get("muck", True)),
            rankings=tuple(str(r) for r in rankings),
            ties=str(b.get("ties", "split")),
            odd_chip=str(b.get("odd_chip", "nearest_dealer")),
            odd_chip_suits=self.suits(b.get("odd_chip_suits") or (), path + ("odd_chip_suits",)),
            compare=str(b.get("compare", "full")),
            or_better=tuple((str(k), int(v)) for k, v in (b.get("or_better") or {}).items()),
            at_least=tuple((str(k), str(v)) for k, v in (b.get("at_least") or {}).items()),
            cards_used=tuple(_cards_used(u) for u in b.get("cards_used") or ()),
            holding_first=tuple((str(k), str(v)) for k, v in (b.get("holding_first") or {}).items()),
            **common,
        )

    def _payout(self, value: Any, default: Payout) -> Payout:
        if value is None:
            return default
        if isinstance(value, str):
            return Payout(value, 1)
        return Payout(str(value.get("result", default.result)), int(value.get("odds", 1)))

    def _step_settle(self, b: Mapping[str, Any], path: FieldPath, common: _Common) -> Step:
        nq = b.get("not_qualified") or {}
        return SettleStep(
            qualify=self.expr(b.get("qualify", "true"), path + ("qualify",), expect=BOOL, names=HOUSE_NAMES),
            ante_odds=int(b.get("ante_odds", 1)),
            not_qualified_ante=self._payout(nq.get("ante"), Payout("win", 1)),
            not_qualified_raise=self._payout(nq.get("raise"), Payout("push")),
            pay_table=tuple((str(k), int(v)) for k, v in (b.get("pay_table") or {}).items()),
            raise_pay_table=tuple((str(k), int(v)) for k, v in (b.get("raise_pay_table") or {}).items()),
            tie=str(b.get("tie", "push")),
            against=str(b.get("against", "house")),
            push_from=str(b["push_from"]) if b.get("push_from") is not None else None,
            ante_bonus=tuple((str(k), int(v)) for k, v in (b.get("ante_bonus") or {}).items()),
            side_bets=tuple(self._side_bet(str(name), bet, path) for name, bet in (b.get("side_bets") or {}).items()),
            max_payout=self.expr(b["max_payout"], path + ("max_payout",), expect=NUMBER, names=HOUSE_NAMES)
            if b.get("max_payout") is not None
            else None,
            **common,
        )

    def _side_bet(self, name: str, bet: Mapping[str, Any], path: FieldPath) -> SideBet:
        def number(key: str) -> Expression | None:
            return None if bet.get(key) is None else self.expr(bet[key], path + ("side_bets", name, key), expect=NUMBER)

        return SideBet(
            name=name,
            amount=self.expr(bet.get("amount", 0), path + ("side_bets", name, "amount"), expect=NUMBER),
            pay_table=tuple((str(k), odds_of(v)) for k, v in (bet.get("pay_table") or {}).items()),
            on_fold=str(bet.get("on_fold", "lose")),
            required=bool(bet.get("required", False)),
            below=str(bet.get("below", "lose")),
            against_house=bool(bet.get("against_house", False)),
            pays=str(bet.get("pays", "odds")),
            meter=number("meter"),
            meter_share=tuple((str(k), int(v)) for k, v in (bet.get("meter_share") or {}).items()),
            min=number("min"),
            max=number("max"),
            ranking=str(bet["ranking"]) if bet.get("ranking") is not None else None,
            cards=str(bet.get("cards", "player")),
        )


def _cards_used(used: Mapping[str, Any] | None) -> tuple[int | None, int | None]:
    used = used or {}
    own, community = used.get("own"), used.get("community")
    return (None if own is None else int(own), None if community is None else int(community))
