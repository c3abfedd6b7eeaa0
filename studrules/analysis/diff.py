"""Two rule sets compared rule by rule, in plain words.

:func:`rules` turns a loaded variant into comparable lines grouped by topic
(players, cards, the rules that make the game: wild cards, extra cards, draws,
declarations, kills...; stakes and forced bets, the deal, each betting round
by position, showdown, ties and odd chips, settlement, void hands). Each line's value is built from
the model's *meaning* (the words of :mod:`studrules.analysis.rule_words` and
:mod:`studrules.analysis.expression_words` plus the value with the stakes in
force), never from YAML text, so two files that say the same thing
differently give the same lines, and a rule inherited through ``extends`` or
chosen by an option is there like any other.

    >>> from studrules.spec.loader import load_variant_text
    >>> from studrules.spec.examples import example_text
    >>> text = example_text("bring-in")
    >>> a = load_variant_text(text)
    >>> b = load_variant_text(text.replace("bring_in: ante", "bring_in: bet / 2"))
    >>> diff(a, b)
    [Difference(topic='stakes and forced bets', rule='bring-in', a='equal to the ante (1)', b='half the bet (5)', same_now=False)]
    >>> diff(a, a)
    []

Equal values are not differences. A rule whose amount comes to the same
chips at the files' stakes but by another formula of the stakes (a plain 20
against twice the low limit of 10) is *the same now*: no difference at these
stakes, one as soon as a stake changes. :func:`diff` leaves such rules out,
or lists them flagged ``same_now`` when asked.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import ArgumentError
from ..spec.arguments import loaded_variant
from ..spec.expressions import canonical
from ..spec.model import (
    AnteStep,
    BettingStep,
    BlindsStep,
    DealStep,
    DecisionStep,
    Payout,
    RevealStep,
    SettleStep,
    ShowdownStep,
    Variant,
)
from .amounts_said import per_player
from .banked_words import bonus_rule_rows, raise_words, settle_rule_rows, stake_values_with_ante
from .diff_rows import check_rows, choice_step_rows
from .expression_words import amount_text, amount_value, condition_words, hand_words, house_hand_words, phrase
from .ranking_names import ranking_name
from .ranking_words import board_ranking, deck_ace
from .rule_words import (
    STRAIGHT_RANKINGS,
    TIED_RULES,
    ace_words,
    blind_names,
    bring_in_who_words,
    cap_words,
    cards_held,
    deck_words,
    face_words,
    first_to_act_words,
    low_card_all_in_value,
    odd_chip_words,
    payout_words,
    qualifier_values,
    suit_order_words,
    tie_break_words,
)
from .showdown_words import showdown_order_words
from .step_words import cards_used_sentences, up_card_rule_words
from .wild_words import a_or_an, wild_rule_rows

__all__ = [
    "Rule",
    "Difference",
    "DiffMatrix",
    "rules",
    "diff",
    "diff_matrix",
    "MISSING",
    "NO_ROUND",
    "topic_rank",
    "variant_label",
]

#: The value shown for a rule a variant does not have.
MISSING = "\u2014"

#: The value shown for the cards held in a betting round a variant does not have.
NO_ROUND = MISSING + " (no such round)"


@dataclass(frozen=True)
class Rule:
    """One rule of a variant: ``topic`` (``round 2``), ``rule`` (``bet size``),
    ``value_text`` (``the low limit (10)``) and ``key`` (``topic/rule``, the
    same in every variant that has that rule)."""

    topic: str
    rule: str
    value_text: str
    key: str


@dataclass(frozen=True)
class Difference:
    """A rule whose meaning differs: its value in ``a`` and in ``b``
    (:data:`MISSING` when one variant does not have it). ``same_now``: the
    amounts come to the same chips at these stakes, by different formulas of
    the stakes (they differ as soon as a stake changes)."""

    topic: str
    rule: str
    a: str
    b: str
    same_now: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {"topic": self.topic, "rule": self.rule, "a": self.a, "b": self.b, "same_now": self.same_now}


@dataclass(frozen=True)
class DiffMatrix:
    """Every variant against every rule: ``rows`` are ``(topic, rule,
    values)`` with one value per variant (in ``variants`` order);
    ``figures``: by ``(topic, rule)``, the values with every amount as its
    chips alone (see :func:`rules`)."""

    variants: tuple[str, ...]
    rows: tuple[tuple[str, str, tuple[str, ...]], ...]
    figures: Mapping[tuple[str, str], tuple[str, ...]] = field(default_factory=dict, compare=False)

    def differs(self, row: tuple[str, str, tuple[str, ...]]) -> bool:
        """Whether the variants do not all agree on this rule at their stakes
        (equal amounts by different formulas agree: see :meth:`same_now`)."""
        return len(set(row[2])) > 1 and not self.same_now(row)

    def same_now(self, row: tuple[str, str, tuple[str, ...]]) -> bool:
        """Whether the rule's values read differently but come to the same
        chips at every variant's stakes (different formulas of the stakes)."""
        figures = self.figures.get((row[0], row[1]))
        return len(set(row[2])) > 1 and figures is not None and len(set(figures)) == 1

    def as_dict(self) -> dict[str, Any]:
        """For ``--json``: ``{"variants": [...], "rows": [{"topic", "rule", "values", "differs"}]}``."""
        return {
            "variants": list(self.variants),
            "rows": [
                {
                    "topic": t,
                    "rule": r,
                    "values": list(values),
                    "differs": self.differs((t, r, values)),
                    "same_now": self.same_now((t, r, values)),
                }
                for t, r, values in self.rows
            ],
        }


def topic_rank(topic: str) -> tuple[int, int]:
    """Where a topic stands in a rule book (``round 10`` after ``round 9``)."""
    m = re.fullmatch(r"round (\d+)", topic)
    if m:
        return (40, int(m.group(1)))
    return (_TOPIC_ORDER.get(topic, 90), 0)


_TOPIC_ORDER = {
    "players": 0,
    "cards": 10,
    # the rules that make a game what it is, right after its cards
    "wild cards": 11,
    "extra cards": 12,
    "passing cards": 13,
    "turning cards up": 14,
    "draws": 15,
    "split hands": 16,
    "declare": 17,
    "kill pots": 18,
    "stakes and forced bets": 20,
    "the deal": 30,
    "decisions": 50,
    "showdown": 60,
    "ties and odd chips": 70,
    "settlement": 80,
    "void hands": 85,
}


def rules(
    variant: Variant, *, stakes: Mapping[str, int] | None = None, figures: bool = False, stake_words: bool = False
) -> list[Rule]:
    """The variant's meaning as comparable rule lines, grouped by topic.

    ``figures``: every amount whose value the stakes give as that value alone
    (``5``, not ``half the low limit (5)``): what the rules come to at these
    stakes, whatever formulas give them. ``stake_words``: a stake given as a
    plain number in words too (``the low limit (10)``, not ``10``), so it
    differs from a plain ``10`` written in the rule.

    >>> from studrules.spec.examples import example_variant
    >>> v = example_variant("bring-in")
    >>> [r.value_text for r in rules(v) if r.key == "stakes and forced bets/ante"]
    ['a tenth of the bet (1)']
    >>> [r.value_text for r in rules(v, figures=True) if r.key == "stakes and forced bets/ante"]
    ['1']
    """
    out: list[Rule] = []
    values = stake_values_with_ante(variant, stakes)  # (a decision's raise may read the ante)

    def add(topic: str, rule: str, value: str) -> None:
        out.append(Rule(topic, rule, value, f"{topic}/{rule}"))

    def amount(expr) -> str:
        if (per := per_player(expr)) is not None:  # a dealer ante of so much a player
            return f"{amount(per[0])} for each {per[1]}"
        if figures:
            value = amount_value(expr, values)
            if value is not None:
                return str(value)
        return amount_text(expr, variant, values, stake_words=stake_words)

    # players and cards
    s = variant.seats
    add(
        "players",
        "against",
        "the house (each hand against the house's)" if variant.is_banked else "each other (one pot)",
    )
    add("players", "players", f"{s.min} to {s.max}")
    if s.positions:
        add("players", "player positions", f"{s.positions[0]} to {s.positions[1]}")
    deck = deck_words(variant.deck)  # "a 36-card deck (6 to ace)": the ranks in brackets
    rest = deck[deck.index(" (") :] if " (" in deck else deck[deck.index(" cards") + 6 :]  # and the jokers
    add("cards", "deck", f"{4 * len(variant.deck.ranks)} cards" + rest)
    add("cards", "suit order", suit_order_words(variant))
    add("cards", "ranking", ranking_name(variant.deck.ranking))
    played = {variant.deck.ranking, *(r for step in variant.steps_of(ShowdownStep) for r in step.rankings)}
    if played & STRAIGHT_RANKINGS:
        add("cards", "ace in straights", ace_words(variant.deck))
    for r in variant.when_dealt_up:
        add("extra cards", f"{a_or_an(r.rank)} dealt up", up_card_rule_words(r))
    # every game has these rows (a game without wild cards says none), so that against a wild
    # game only what differs shows
    showdown = [r for step in variant.steps_of(ShowdownStep) for r in step.rankings]
    for rule, value in wild_rule_rows(variant.wild, showdown):
        add("wild cards", rule, value)

    # stakes and forced bets
    topic = "stakes and forced bets"
    antes = variant.steps_of(AnteStep)
    if not antes:
        add(topic, "ante", "none")
    blinds = variant.steps_of(BlindsStep)
    add(
        topic,
        "blinds",
        "; ".join(f"{n} {amount(a)}" for b in blinds for n, a in zip(blind_names(len(b.amounts)), b.amounts)) or "none",
    )
    if blinds:
        dealer_small = any(b.heads_up_dealer_small for b in blinds)
        add(topic, "heads-up blinds", "the dealer posts the small blind" if dealer_small else "as at a full table")
    if variant.kill is not None:
        kill = variant.kill
        add(
            "kill pots",
            "legs",
            f"{kill.legs} in a row" + (f", the last pot at least {amount(kill.min_pot)}" if kill.min_pot else ""),
        )
        for name, expr in kill.stakes:
            add("kill pots", f"killed {name.replace('_', ' ')}", phrase(expr))
        add("kill pots", "kill blind", phrase(kill.blind) if kill.blind is not None else "none")
    for i, step in enumerate(antes):
        name = "ante" if i == 0 else f"ante {i + 1}"
        add(topic, name, "chosen by the player" if step.chosen_by_player else amount(step.amount))
        add(topic, f"{name} posted by", "the dealer, for the table" if step.who == "dealer" else "every player")
        add(topic, f"{name} counts toward bets", "no (dead)" if step.dead else "yes (live)")
        if step.min is not None or step.max is not None:
            low = amount(step.min) if step.min is not None else "none"
            high = amount(step.max) if step.max is not None else "none"
            add(topic, f"{name} limits", f"from {low} to {high}")
        if step.when is not None:
            add(topic, f"{name} posted", f"only when {condition_words(step.when)}")
    rounds = variant.steps_of(BettingStep)
    bring_ins = [(n, r.bring_in) for n, r in enumerate(rounds, 1) if r.bring_in is not None]
    if not bring_ins:
        add(topic, "bring-in", "none")
    for n, bi in bring_ins:
        suffix = "" if n == 1 else f" (round {n})"
        add(topic, f"bring-in{suffix}", amount(bi.amount))
        ace = bi.ace or deck_ace(variant.deck) or ("high" if "A" in variant.deck.ranks else None)  # (said both sides)
        add(topic, f"bring-in by{suffix}", bring_in_who_words(bi.who, ace))
        add(topic, f"bring-in ties{suffix}", tie_break_words(bi.tie_break, variant))
        add(topic, f"bring-in may complete{suffix}", "yes, to the full bet" if bi.complete else "no")
        add(topic, f"a completion counts as{suffix}", "a raise" if bi.completion_is_raise else "the opening bet")
        add(topic, f"bring-in player all in{suffix}", low_card_all_in_value(bi.low_card_all_in))

    # the deal
    topic = "the deal"
    down = sum(d.players.count("down") for d in variant.steps_of(DealStep))
    up = sum(d.players.count("up") for d in variant.steps_of(DealStep))
    chosen = sum(d.players.count("down_if_all_up") for d in variant.steps_of(DealStep))
    either = f", {chosen} down only if all his cards are up" if chosen else ""
    add(topic, "cards per player", f"{down + up + chosen} ({down} down, {up} up{either})")
    add(topic, "betting rounds", str(len(rounds)) if rounds else "none")
    house = [f for d in variant.steps_of(DealStep) for f in d.house]
    if house:
        add(topic, "house cards", f"{len(house)} ({house.count('down')} down, {house.count('up')} up)")
    for i, step in enumerate(variant.steps_of(DealStep), 1):
        add(topic, f"deal {i}", _deal_text(step))

    # betting rounds, by position
    for n, step in enumerate(rounds, 1):
        topic = f"round {n}"
        down_n, up_n = cards_held(variant, step)
        add(topic, "cards held", f"{down_n + up_n} ({down_n} down, {up_n} up)")
        add(topic, "structure", step.structure.replace("_", " "))
        size = amount(step.bet)
        if step.structure == "spread_limit" and step.max_bet is not None:
            add(topic, "bet size", f"from {size} to {amount(step.max_bet)}")
        else:
            add(topic, "bet size", size if step.structure == "fixed_limit" else f"at least {size}")
        add(topic, "exception", "; ".join(_alternative_text(a, amount) for a in step.alternatives) or "none")
        add(topic, "first to act", first_to_act_words(step.first_to_act, board_ranking(variant.deck)))
        if step.first_to_act.rule in TIED_RULES:
            add(topic, "first-to-act ties", tie_break_words(step.first_to_act.tie_break, variant))
        add(topic, "raise cap", cap_words(step))
        add(topic, "largest raise", _largest_raise(step))
        for rule, value in check_rows(variant, step, values):
            add(topic, rule, value)
        add(
            topic, "short all-in", "half a bet counts as full" if step.short_all_in == "half_bet" else "does not reopen"
        )
        add(topic, "played", _when_text(step.when))

    for topic, rule, value in choice_step_rows(variant):
        add(topic, rule, value)

    # decisions against the house, reveal
    for i, step in enumerate(variant.steps_of(DecisionStep), 1):
        words = raise_words(step, amount).removeprefix("goes on without a raise, or ").removeprefix("raises ")
        words = words if step.raise_amount is not None else "none"
        choices = " or ".join(c for c, allowed in (("fold", step.fold), ("stand", step.stand)) if allowed)
        add(
            "decisions",
            "decision" if i == 1 else f"decision {i}",
            f"{choices} or raise {words}" if choices else f"raise {words}",
        )
    for i, step in enumerate(variant.steps_of(RevealStep), 1):
        add("decisions", "reveal" if i == 1 else f"reveal {i}", f"{step.who} turns the cards face up")

    # showdown, ties
    for i, step in enumerate(variant.steps_of(ShowdownStep), 1):
        suffix = "" if i == 1 else f" ({i})"
        add("showdown", f"who shows first{suffix}", showdown_order_words(step))
        add(
            "showdown",
            f"mucking{suffix}",
            "allowed (a mucked hand gives up the pot)" if step.muck else "no: every hand still in is shown",
        )
        add(
            "showdown",
            f"hands{suffix}",
            " and ".join(ranking_name(r) for r in step.rankings) + (" (split)" if len(step.rankings) > 1 else ""),
        )
        qualifiers = qualifier_values(step, variant.deck)
        add("showdown", f"qualifiers{suffix}", "; ".join(qualifiers) or "none beyond the rankings'")
        made = cards_used_sentences(step.rankings, step.cards_used)
        add("showdown", f"cards used{suffix}", " ".join(made) if made else "any five of his cards and the community's")
        add(
            "showdown",
            f"kickers{suffix}",
            "all five cards count" if step.compare == "full" else "ignored: only the combination counts",
        )
        add(
            "ties and odd chips",
            f"equal hands{suffix}",
            "split the pot"
            if step.ties == "split"
            else "the first shown takes the pot"
            if step.ties == "first_shown"
            else step.ties,
        )
        if step.ties == "split":
            # the suits the odd chip goes by, its own or the deck's: the same order written or left
            # to the deck says the same
            chip = odd_chip_words(step.odd_chip, step.odd_chip_suits or variant.deck.suit_order)
        else:
            chip = MISSING + " (pots are not split)"
        add("ties and odd chips", f"odd chip{suffix}", chip)

    # settlement
    topic = "settlement"
    add(topic, "winner", "each hand against the house" if variant.is_banked else "the best hand takes the pot")
    for step in variant.steps_of(SettleStep):
        if step.against == "pay_table":
            for rule, value in settle_rule_rows(step, variant.deck.ranking):
                add(topic, rule, value)
        else:
            add(topic, "house qualifies with", house_hand_words(step.qualify) or condition_words(step.qualify))
            add(topic, "house not qualified: ante", payout_words(step.not_qualified_ante))
            add(topic, "house not qualified: raise", payout_words(step.not_qualified_raise))
            add(topic, "ante pays", payout_words(Payout("win", step.ante_odds)))
            for label, odds in step.pay_table:
                add(topic, f"raise pays on {hand_words(label).removeprefix('a ')}", f"{odds} to 1")
        # the ante bonus, the side bets and the cap, whatever the hand is settled against
        for rule, value in bonus_rule_rows(step, amount):
            add(topic, rule, value)
        if step.against != "pay_table":
            add(topic, "tie with the house", {"push": "bets returned"}.get(step.tie, step.tie))
        add(topic, "largest payout", amount(step.max_payout) if step.max_payout is not None else "no limit")

    # void hands
    add("void hands", "wrong number of cards", "void" if variant.void.wrong_card_count else "not void")
    when = f": when {variant.void.declared_when}" if variant.void.declared_when else ""
    add("void hands", "dealer may declare void", f"yes{when}" if variant.void.declared else "no")
    return sorted(out, key=lambda r: topic_rank(r.topic))  # (stable: each topic's rules in their order)


def diff(
    a: Variant,
    b: Variant,
    *,
    stakes_a: Mapping[str, int] | None = None,
    stakes_b: Mapping[str, int] | None = None,
    same_now: bool = False,
) -> list[Difference]:
    """The rules whose meaning differs between ``a`` and ``b``, by topic.

    A rule one variant lacks shows against :data:`MISSING`, every rule of a
    topic it lacks altogether (a kill, a draw) included; but a betting
    round it lacks (a fifth) shows as one line, the cards held then against
    :data:`NO_ROUND`, and none where it has no betting round at all (the
    deal's ``betting rounds`` row says so). A rule whose amounts come to
    the same chips at these stakes by different formulas is no difference;
    with ``same_now`` it is listed too, flagged ``same_now``.

    >>> from studrules.spec.loader import load_variant_text
    >>> text = '''
    ... name: one-round
    ... kind: pot
    ... stakes: {low_limit: 10, high_limit: 20}
    ... steps:
    ...   - deal: {players: [down, up, up, up, up]}
    ...   - betting: {bet: high_limit}
    ...   - showdown: {rankings: [high]}
    ... '''
    >>> a = load_variant_text(text)
    >>> b = load_variant_text(text.replace("high_limit: 20", "high_limit: 2 * low_limit"))
    >>> diff(a, b)
    []
    >>> [(d.a, d.b, d.same_now) for d in diff(a, b, same_now=True)]
    [('20', 'twice the low limit (20)', True)]
    """
    a, b = loaded_variant(a, "diff"), loaded_variant(b, "diff")
    ra = rules(a, stakes=stakes_a)
    rb = rules(b, stakes=stakes_b)
    va = {r.key: r for r in ra}
    vb = {r.key: r for r in rb}
    fa = {r.key: r.value_text for r in rules(a, stakes=stakes_a, figures=True)}
    fb = {r.key: r.value_text for r in rules(b, stakes=stakes_b, figures=True)}
    # a stake given as a plain number reads as that number: here it reads as the stake,
    # so a rule that takes it where the other game writes the number shows as by other formulas
    wa = {r.key: r.value_text for r in rules(a, stakes=stakes_a, stake_words=True)}
    wb = {r.key: r.value_text for r in rules(b, stakes=stakes_b, stake_words=True)}
    topics_a = {r.topic for r in ra}
    topics_b = {r.topic for r in rb}
    both_bet = any(_is_round(t) for t in topics_a) and any(_is_round(t) for t in topics_b)
    out: list[Difference] = []
    for key in _merged_keys(ra, rb):
        ref = va.get(key) or vb[key]
        x = va[key].value_text if key in va else MISSING
        y = vb[key].value_text if key in vb else MISSING
        if _is_round(ref.topic) and (ref.topic not in topics_a or ref.topic not in topics_b):
            # a betting round one game lacks: its first rule only, and none where one game has no
            # betting round at all (the deal's "betting rounds" row says so once)
            if not both_bet or ref.rule != "cards held":
                continue
            x, y = (x, NO_ROUND) if y == MISSING else (NO_ROUND, y)
        if x == y:
            if key not in wa or key not in wb or wa[key] == wb[key] or not same_now:
                continue
            x, y = wa[key], wb[key]  # (the same number, one a stake's: they part when it changes)
        now = key in fa and key in fb and fa[key] == fb[key]
        if now and not same_now:
            continue
        out.append(Difference(ref.topic, ref.rule, x, y, now))
    return out


def diff_matrix(variants: Sequence[Variant]) -> DiffMatrix:
    """Every variant against every rule (a rule-book appendix)."""
    if isinstance(variants, (str, Variant)) or not isinstance(variants, Iterable):
        raise ArgumentError(f"diff_matrix takes a list of loaded variants, not {variants!r}")
    variants = [loaded_variant(v, "diff_matrix") for v in variants]
    per = [{r.key: r for r in rules(v)} for v in variants]
    per_figures = [{r.key: r.value_text for r in rules(v, figures=True)} for v in variants]
    keys = _merged_keys(*(rules(v) for v in variants))
    rows = []
    figures = {}
    for key in keys:
        ref = next(p[key] for p in per if key in p)
        rows.append((ref.topic, ref.rule, tuple(p[key].value_text if key in p else MISSING for p in per)))
        figures[ref.topic, ref.rule] = tuple(p.get(key, MISSING) for p in per_figures)
    return DiffMatrix(tuple(v.name for v in variants), tuple(rows), figures)


def variant_label(variant: Variant, stakes: Sequence[str] = ()) -> str:
    """The name reports give a variant: its name, and in brackets the
    options chosen away from their defaults and the ``stakes`` set
    (``NAME=VALUE``, as given).

    >>> from studrules.spec.examples import example_variant
    >>> variant_label(example_variant("one-round"), ["ante=2"])
    'one-round (ante=2)'
    """
    chosen = [f"{k}={v}" for k, v in variant.chosen if any(o.name == k and o.default != v for o in variant.options)]
    extra = ", ".join([*chosen, *stakes])
    return f"{variant.name} ({extra})" if extra else variant.name


# --- helpers ---------------------------------------------------------------------


def _is_round(topic: str) -> bool:
    return topic.startswith("round ")


def _merged_keys(*lists: Sequence[Rule]) -> list[str]:
    # every variant's rules in its own order, topic by topic: a rule another list lacks goes
    # after the rule it follows in its own list (a pay table's lines stay together, not
    # interleaved line by line with another table's), the first of its topic first
    merged: list[str] = []
    topics: dict[str, str] = {}
    for li in lists:
        previous: Rule | None = None
        for r in li:
            if r.key not in topics:
                topics[r.key] = r.topic
                if previous is not None and previous.topic == r.topic:
                    merged.insert(merged.index(previous.key) + 1, r.key)
                else:
                    first = next((i for i, k in enumerate(merged) if topics[k] == r.topic), len(merged))
                    merged.insert(first, r.key)
            previous = r
    return sorted(merged, key=lambda k: topic_rank(topics[k]))


def _deal_text(step: DealStep) -> str:
    parts = []
    if step.burn:
        parts.append(f"burn {step.burn}")
    if step.players:
        parts.append("players: " + ", ".join(face_words(f).removeprefix("face ") for f in step.players))
    if step.house:
        parts.append("house: " + ", ".join(step.house))
    if step.community:
        parts.append("community: " + ", ".join(step.community))
    if step.fallback == "community":
        count = len(step.players)
        parts.append(f"{'one community card' if count < 2 else f'{count} community cards'} up if the deck runs short")
    if step.when is not None:
        parts.append(_when_text(step.when))
    return "; ".join(parts)


def _alternative_text(alt, amount) -> str:
    acts = " and ".join(f"{a}s" for a in alt.actions)
    text = f"if {condition_words(alt.when)}: {acts} of {amount(alt.bet)}"
    return text + ("; the rest of the round follows" if alt.sticky else "")


def _largest_raise(step: BettingStep) -> str:
    if step.max_raise_multiple is not None:
        k = step.max_raise_multiple
        return "double the bet" if k == 2 else f"{k} times the bet"
    if step.structure == "fixed_limit":
        return "one bet"
    if step.structure == "pot_limit":
        return "the pot"
    if step.structure == "spread_limit" and step.max_bet is not None:
        return f"adds {phrase(step.max_bet)}"
    return "the whole stack"


def _when_text(when) -> str:
    if when is None:
        return "always"
    node = canonical(when)
    if node[0] == "not":
        return f"skipped when {condition_words(node[1])}"
    return f"only when {condition_words(node)}"
