"""From merged, schema-valid data to the typed :class:`~studrules.spec.model.Variant`.

Expressions are compiled here, each against the names its place allows
(:mod:`studrules.spec.vocabulary`), so an unknown name or a type error is reported
at load time with the file, line and column of the expression. Problems are
collected, not raised one by one: :func:`build_variant` reports them all.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypedDict

from ..errors import Location, SpecError
from .expressions import BOOL, MAX_NUMBER, NUMBER, Expression, ExprType, parse_amount_or_expression
from .merge import step_body, step_kind
from .model import (
    STANDARD_RANKS,
    AnteStep,
    BetAlternative,
    BettingStep,
    BlindsStep,
    BringIn,
    Choice,
    DealStep,
    DecisionStep,
    DeckSpec,
    DeclareStep,
    DrawStep,
    ExposeStep,
    FirstToAct,
    KillRules,
    Option,
    PassStep,
    Payout,
    RevealStep,
    Seats,
    SettleStep,
    ShowdownStep,
    SideBet,
    Source,
    SplitStep,
    Step,
    UpCardRule,
    Variant,
    VoidRules,
    WildRules,
)
from .source import FieldPath, locate
from .vocabulary import DECISION_NAMES, DECISION_REFUSED, HOUSE_NAMES, RAISE_MAX_NAMES, TABLE_NAMES, hand_constants
from .wagers import odds_of

__all__ = ["build_variant", "SUIT_WORDS", "normalise_suit"]

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


#: The most stakes a variant declares (each may use the ones above it).
MAX_STAKES = 1000


def _stake_value(expr: Expression, values: Mapping[str, int]) -> int | None:
    """A stake's number from the stakes above it (None if it cannot be worked out)."""
    try:
        number = expr(values)
    except (SpecError, ArithmeticError, KeyError, TypeError):
        return None
    return number if isinstance(number, int) and not isinstance(number, bool) else None


class _Builder:
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

    # -- the document ------------------------------------------------------
    def variant(self, chosen: Mapping[str, str], options: tuple[Option, ...]) -> Variant | None:
        d = self.data
        deck = self.deck(d.get("deck") or {})
        seats_d = d.get("seats") or {}
        positions = seats_d.get("positions")
        if positions:
            first, last = positions  # the schema asks for two
            boxes: tuple[int, int] | None = (int(first), int(last))
        else:
            boxes = None
        seats = Seats(
            min=int(seats_d.get("min", 2)),
            max=int(seats_d.get("max", 10)),
            positions=boxes,
        )
        stakes = self.stakes(d.get("stakes") or {})
        steps = tuple(s for s in (self.step(i, s) for i, s in enumerate(d.get("steps") or [])) if s is not None)
        void_d = d.get("void") or {}
        void = VoidRules(
            wrong_card_count=bool(void_d.get("wrong_card_count", True)),
            declared=bool(void_d.get("declared", False)),
            declared_when=void_d.get("declared_when"),
            quote=_quote(void_d.get("quote")),
        )
        wild_d = d.get("wild") or {}
        wild = WildRules(
            ranks=str(wild_d.get("ranks", "")),
            follow=wild_d.get("follow"),
            follow_itself=bool(wild_d.get("follow_itself", False)),
            low_hole=bool(wild_d.get("low_hole", False)),
            low_card=bool(wild_d.get("low_card", False)),
            low_needs=wild_d.get("low_needs"),
            low_ace=bool(wild_d.get("low_ace", False)),
            rankings=tuple(wild_d.get("rankings") or ()),
            five_of_a_kind=str(wild_d.get("five_of_a_kind", "top")),
            natural_beats_wild=bool(wild_d.get("natural_beats_wild", False)),
            five_wilds=str(wild_d.get("five_wilds", "as_cards")),
            quote=_quote(wild_d.get("quote")),
            jokers=deck.jokers,
            joker=str(wild_d.get("joker", "wild")),
        )
        src = d.get("source") or {}
        source = Source(
            text=src.get("text"),
            title=src.get("title"),
            language=src.get("language") or d.get("language"),
            url=src.get("url"),
        )
        if self.errors:
            return None
        return Variant(
            name=str(d.get("name")),
            title=str(d.get("title") or d.get("name")),
            kind=str(d.get("kind", "pot")),
            deck=deck,
            seats=seats,
            stakes=stakes,
            steps=steps,
            options=options,
            chosen=tuple(sorted(chosen.items())),
            void=void,
            wild=wild,
            when_dealt_up=tuple(
                self._up_card_rule(r, ("when_dealt_up", i)) for i, r in enumerate(d.get("when_dealt_up") or ())
            ),
            kill=self._kill(d["kill"]) if d.get("kill") else None,
            description=d.get("description"),
            source=source,
            catalogue=d.get("catalogue"),
            file=self.file,
            extends=d.get("extends"),
            strategy=d.get("strategy"),
        )

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

    def deck(self, d: Mapping[str, Any]) -> DeckSpec:
        order = d.get("suit_order") or ["clubs", "diamonds", "hearts", "spades"]
        suits = self.suits(order, ("deck", "suit_order"))
        ranks = self.ranks(d)
        return DeckSpec(
            suit_order=tuple(suits) or ("c", "d", "h", "s"),
            ranking=str(d.get("ranking", "high")),
            ranks=ranks,
            ace_low_straight=bool(d.get("ace_low_straight", True)),
            jokers=int(d.get("jokers", 0)),
        )

    def ranks(self, d: Mapping[str, Any]) -> str:
        """``deck.ranks`` in the standard order (the schema has checked its characters)."""
        text = d.get("ranks")
        if not isinstance(text, str):
            return STANDARD_RANKS
        twice = sorted({r for r in text if text.count(r) > 1}, key=STANDARD_RANKS.find)
        if twice:
            self.fail(
                f"'{text}' names {', '.join(repr(r) for r in twice)} more than once: give each rank once "
                "(6789TJQKA is a 36-card deck)",
                ("deck", "ranks"),
            )
        ranks = "".join(r for r in STANDARD_RANKS if r in text)
        cards = d.get("cards")
        if isinstance(cards, int) and not isinstance(cards, bool) and cards != 4 * len(ranks):
            self.fail(
                f"{cards} cards, but the {len(ranks)} ranks {ranks} make a {4 * len(ranks)}-card deck "
                "(four suits of each rank): correct cards or leave it out",
                ("deck", "cards"),
            )
        return ranks

    def stakes(self, d: Mapping[str, Any]) -> tuple[tuple[str, Expression], ...]:
        out: list[tuple[str, Expression]] = []
        names = list(d)
        if len(names) > MAX_STAKES:
            self.fail(f"{len(names)} stakes: a variant has at most {MAX_STAKES}", ("stakes",))
            self.stake_names.update(dict.fromkeys(names, NUMBER))  # (the steps' amounts are not unknown names)
            return ()
        values: dict[str, int] = {}  # each stake worked out in turn: none may grow past the limit
        for i, (name, value) in enumerate(d.items()):
            before = len(self.errors)
            expr = self.expr(value, ("stakes", name), expect=NUMBER)
            if len(self.errors) == before:
                number = _stake_value(expr, values)
                if number is None or abs(number) >= MAX_NUMBER:  # a negative one is reported by the checks
                    shown = "cannot be worked out" if number is None else f"works out to {number:,}"
                    self.fail(
                        f"stake '{name}' {shown}: a stake is a number of chips from 0 to {MAX_NUMBER - 1:,}",
                        ("stakes", name),
                    )
                    number = 0
                else:
                    out.append((name, expr))
                values[name] = number
            elif isinstance(value, str):
                later = [n for n in names[i:] if re.search(rf"\b{re.escape(n)}\b", value)]
                if later:
                    err = self.errors[-1]
                    self.errors[-1] = SpecError(
                        f"stake '{name}' uses '{later[0]}', which is "
                        + ("itself" if later[0] == name else "defined below it")
                        + ": a stake may only use the stakes above it",
                        err.location,
                    )
            self.stake_names[name] = NUMBER
            values.setdefault(name, 0)
        return tuple(out)

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

    def _kill(self, k: Mapping[str, Any]) -> KillRules:
        path: FieldPath = ("kill",)
        stakes = k.get("stakes") or {}
        return KillRules(
            legs=int(k.get("legs", 1)),
            min_pot=self.expr(k["min_pot"], path + ("min_pot",), expect=NUMBER) if "min_pot" in k else None,
            stakes=tuple(
                (str(name), self.expr(value, path + ("stakes", name), expect=NUMBER)) for name, value in stakes.items()
            ),
            blind=self.expr(k["blind"], path + ("blind",), expect=NUMBER) if "blind" in k else None,
            quote=_quote(k.get("quote")),
        )

    def _up_card_rule(self, r: Mapping[str, Any], path: FieldPath) -> UpCardRule:
        price = r.get("price")
        return UpCardRule(
            str(r.get("rank")),
            str(r.get("deal", "down")),
            price=None if price is None else self.expr(price, path + ("price",), expect=NUMBER, names=TABLE_NAMES),
            decline=str(r.get("decline", "keep")),
            quote=_quote(r.get("quote")),
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


def build_options(data: Mapping[str, Any]) -> tuple[Option, ...]:
    """The ``options:`` block as :class:`~studrules.spec.model.Option` objects."""
    out: list[Option] = []
    for name, o in (data.get("options") or {}).items():
        choices = tuple(
            Choice(name=str(cname), description=(c or {}).get("description"), changes=(c or {}).get("changes"))
            for cname, c in (o.get("choices") or {}).items()
        )
        out.append(
            Option(
                name=str(name),
                description=str(o.get("description", "")),
                choices=choices,
                default=str(o.get("default", choices[0].name if choices else "")),
                quote=_quote(o.get("quote")),
            )
        )
    return tuple(out)


def build_variant(
    data: Mapping[str, Any], *, file: str | None, chosen: Mapping[str, str], options: tuple[Option, ...]
) -> tuple[Variant | None, list[SpecError]]:
    """Build the model; returns it (None on errors) and every problem found."""
    builder = _Builder(data, file)
    variant = builder.variant(chosen, options)
    return variant, builder.errors


def _cards_used(used: Mapping[str, Any] | None) -> tuple[int | None, int | None]:
    used = used or {}
    own, community = used.get("own"), used.get("community")
    return (None if own is None else int(own), None if community is None else int(community))
