"""From merged, schema-valid data to the typed :class:`~studrules.spec.model.Variant`.

Expressions are compiled here, each against the names its place allows
(:mod:`studrules.spec.vocabulary`), so an unknown name or a type error is reported
at load time with the file, line and column of the expression. Problems are
collected, not raised one by one: :func:`build_variant` reports them all. The
steps are built by :mod:`studrules.spec.build_steps`; this module builds the
rest (the deck, seats, stakes, wild cards, void and kill rules, options).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..errors import SpecError
from .build_steps import _quote, _StepBuilder
from .expressions import MAX_NUMBER, NUMBER, Expression
from .model import (
    STANDARD_RANKS,
    Choice,
    DeckSpec,
    KillRules,
    Option,
    Seats,
    Source,
    UpCardRule,
    Variant,
    VoidRules,
    WildRules,
)
from .source import FieldPath
from .vocabulary import TABLE_NAMES

__all__ = ["build_variant", "build_options"]

#: The most stakes a variant declares (each may use the ones above it).
MAX_STAKES = 1000


def _stake_value(expr: Expression, values: Mapping[str, int]) -> int | None:
    """A stake's number from the stakes above it (None if it cannot be worked out)."""
    try:
        number = expr(values)
    except (SpecError, ArithmeticError, KeyError, TypeError):
        return None
    return number if isinstance(number, int) and not isinstance(number, bool) else None


class _Builder(_StepBuilder):
    """The whole variant: the document's fields around its steps."""

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
            in_flush=str(wild_d.get("in_flush", "ace")),
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
