"""A rule book in English, written from a loaded variant.

Nothing here is stored text: every sentence is built from the model
(:mod:`studrules.spec.model`), so the rule book follows the file, its ``extends``,
the options chosen and the stakes given. :func:`explain` gives plain text or
Markdown. The words come from :mod:`studrules.analysis.expression_words`
(amounts and conditions) and :mod:`studrules.analysis.rule_words` (each rule),
the output from :mod:`studrules.analysis.rulebook_output`; this module puts
them together, section by section and step by step.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..cards.rankings import get_ranking
from ..errors import ArgumentError
from ..spec.arguments import loaded_variant
from ..spec.assignments import stake_override_problems
from ..spec.expressions import Expression, canonical
from ..spec.model import (
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
    PassStep,
    Payout,
    RevealStep,
    SettleStep,
    ShowdownStep,
    SplitStep,
    Step,
    Variant,
)
from .amounts_said import book_amount
from .banked_words import (
    bonus_sentences,
    cap_sentences,
    fold_words,
    pay_table_block,
    pay_table_sentences,
    raise_table_rows,
    raise_words,
    stake_values_with_ante,
)
from .expression_words import (
    amount_value,
    condition_words,
    house_hand_words,
    number_words,
    phrase,
    stake_words,
)
from .ranking_words import board_ranking, deck_ace, ranking_sentences, suit_sentence
from .rule_words import (
    TIED_RULES,
    actions_words,
    blind_names,
    blind_seat_words,
    blinds_time,
    bring_in_ties,
    bring_in_who_words,
    cards_held,
    cards_text,
    completion_raise_words,
    deck_sentence,
    faces_words,
    first_to_act_words,
    fixed_cap,
    held_caveats,
    house_tie_words,
    low_card_all_in_words,
    payout_words,
    seat_rule_words,
    short_all_in_words,
    ties_clause,
)
from .rulebook_output import Block, ListItem, render_markdown, render_text
from .showdown_words import showdown_items
from .source_words import LANGUAGE_NAMES
from .step_words import (
    choice_step_words,
    extra_card_sentences,
    kill_sentences,
)
from .wild_words import wild_sentences

__all__ = ["explain", "rule_book", "Block", "render_text", "render_markdown", "LANGUAGES"]

LANGUAGES = ("en",)  #: Languages a rule book can be written in.


def explain(variant: Variant, *, stakes: Mapping[str, int] | None = None, markdown: bool = False) -> str:
    """The variant's rules as a rule book: plain text, or Markdown.

    ``stakes`` overrides stake values (those computed from them follow).

        >>> from studrules.spec.examples import example_variant
        >>> v = example_variant("bring-in")
        >>> book = explain(v)
        >>> "lowest up card brings in for 1 (equal to the ante)" in book
        True
        >>> explain(v, markdown=True).startswith("# ")
        True
    """
    variant = loaded_variant(variant, "explain")
    if stakes:
        problems = stake_override_problems(stakes, (name for name, _ in variant.stakes), variant.name)
        if problems:
            raise ArgumentError("; ".join(problems))
    blocks = rule_book(variant, stakes=stakes)
    return render_markdown(blocks) if markdown else render_text(blocks)


def rule_book(variant: Variant, *, stakes: Mapping[str, int] | None = None) -> list[Block]:
    """The rule book as a list of :class:`Block` (for renderers)."""
    return _Writer(variant, stakes).write()


class _Writer:
    def __init__(self, variant: Variant, stakes: Mapping[str, int] | None):
        self.v = variant
        self.overridden = set(stakes or {})
        self.values = stake_values_with_ante(variant, stakes)  # (a decision's raise may read the ante)
        self.blocks: list[Block] = []

    # helpers
    def h1(self, text: str) -> None:
        self.blocks.append(Block("h1", text))

    def h2(self, text: str) -> None:
        self.blocks.append(Block("h2", text))

    def p(self, *sentences: str) -> None:
        text = " ".join(s for s in sentences if s)
        if text:
            self.blocks.append(Block("p", text))

    def ul(self, items: Sequence[ListItem], kind: str = "ul") -> None:
        if items:
            self.blocks.append(Block(kind, items=tuple(items)))

    def amount(self, expr: Expression, *, bare: bool = False) -> str:
        """``5 (equal to the ante)``: the value first, as a player says it (:func:`.amounts_said.book_amount`)."""
        return book_amount(expr, self.v, self.values, bare=bare)

    # sections
    def write(self) -> list[Block]:
        v = self.v
        self.h1(v.title)
        self.source()
        self.players()
        self.cards()
        self.wild_cards()
        self.stakes()
        self.forced_bets()
        if v.kill is not None:
            self.h2("Kill pots")
            self.p(*kill_sentences(v.kill, self.amount))
        self.play()
        for step in v.steps_of(ShowdownStep):
            self.showdown(step)
        for step in v.steps_of(SettleStep):
            self.settlement(step)
        self.void()
        self.options()
        return self.blocks

    def source(self) -> None:
        src = self.v.source
        bits = []
        language = LANGUAGE_NAMES.get(src.language or "", src.language)
        if src.title:
            bits.append(f"\u201c{src.title}\u201d" + (f", a text in {language}" if language else ""))
        elif src.text:
            bits.append(f"source text {src.text}" + (f" ({language})" if language else ""))
        if src.url:
            bits.append(src.url)
        line = f"Variant {self.v.name}"
        if self.v.extends:
            line += f", built on {self.v.extends}"
        if bits:
            line += "; from " + ", ".join(bits)
        self.p(line + ".")

    def players(self) -> None:
        s = self.v.seats
        self.h2("Players")
        if self.v.is_banked:
            table = (
                f"The table has {s.positions[0]} to {s.positions[1]} player positions (boxes). " if s.positions else ""
            )
            self.p(
                table
                + f"From {s.min} to {s.max} players, each playing one hand against the house"
                + (" (the dealer's hand);" if self._house_dealt() else " (its pay table);"),
                "a box may stay empty and nobody bets on an empty box.",
            )
        else:
            self.p(
                f"From {s.min} to {s.max} players, each playing for himself. Players are counted clockwise from the dealer's left."
            )

    def _house_dealt(self) -> bool:  # the house is dealt a hand of its own
        return any(d.house for d in self.v.steps_of(DealStep))

    def cards(self) -> None:
        d = self.v.deck
        self.h2("Cards")
        deck = deck_sentence(d)
        ranking_sentence = ranking_sentences(self.v)
        self.p(
            f"{deck} {ranking_sentence}",
            suit_sentence(self.v),
        )

    def wild_cards(self) -> None:
        if self.v.when_dealt_up:
            self.h2("Extra cards")
            self.p(*extra_card_sentences(self.v.when_dealt_up, self.amount))
        rounds = self.v.steps_of(BettingStep)
        reads = [
            what
            for what, found in (
                ("the bring-in", any(r.bring_in is not None for r in rounds)),
                ("who acts first", any(r.first_to_act.rule in TIED_RULES for r in rounds)),
            )
            if found
        ]
        sentences = wild_sentences(self.v.wild, " and ".join(reads))
        if sentences:
            self.h2("Wild cards")
            self.p(*sentences)

    def stakes(self) -> None:
        if not self.v.stakes:
            return
        self.h2("Stakes")
        items = []
        for name, expr in self.v.stakes:
            value = self.values[name]
            node = canonical(expr)
            said = f"{stake_words(name)} ({name}): {value}"  # (the name --stake takes, beside the words)
            if node[0] == "num" or name in self.overridden:
                items.append(said)
            else:
                words = f"equal to {phrase(node)}" if node[0] == "name" else phrase(node)
                items.append(f"{said} ({words})")
        self.ul(items)
        self.p("Change them with --stake NAME=VALUE, NAME as in brackets; stakes worked out from another follow it.")

    def forced_bets(self) -> None:
        self.h2("Forced bets")
        antes = self.v.steps_of(AnteStep)
        if not antes:
            self.p("There is no ante.")
        for step in antes:
            if self.v.is_banked:
                limits = ""
                if step.min is not None and step.max is not None:
                    limits = f", between the table minimum {self.amount(step.min, bare=True)} and maximum {self.amount(step.max, bare=True)}"
                if step.chosen_by_player:
                    text = f"Before the deal each player places an ante of his choice in his box{limits}."
                else:
                    text = f"Before the deal each player places an ante of {self.amount(step.amount, bare=True)} in his box{limits}."
                self.p(text, "An ante outside the table limits is refused." if limits else "")
            else:
                dead = (
                    "The ante is dead: it does not count toward later bets."
                    if step.dead
                    else "The ante is live: it counts toward the player's first bet."
                )
                who = "the dealer alone posts, for the whole table," if step.who == "dealer" else "every player posts"
                self.p(f"Before the deal {who} an ante of {self.amount(step.amount, bare=True)}.", dead)
            if step.when is not None:
                self.p(f"The ante is posted only when {condition_words(step.when)}.")
        for step in self.v.steps_of(BlindsStep):
            names = blind_names(len(step.amounts))
            posts = "; ".join(
                f"{blind_seat_words(seat)} posts {name} of {self.amount(a, bare=True)}"
                for seat, (name, a) in enumerate(zip(names, step.amounts))
            )
            rounds = self.v.steps_of(BettingStep)
            blind = max((amount_value(a, self.values) or 0 for a in step.amounts), default=0)
            bet = amount_value(rounds[0].bet, self.values) if rounds else None
            self.p(
                f"{blinds_time(self.v, step)}, blinds: {posts}.",
                "Blinds are live: each counts toward its player's bets in the first betting round, "
                "and the player after the last blind acts first there.",
                f"A blind smaller than the bet ({bet}) is completed like a bring-in: the next player calls it, "
                "or completes it to the bet, which is the opening bet, or folds."
                if bet is not None and 0 < blind < bet and rounds[0].structure == "fixed_limit"
                else "",
                f"The blinds are posted only when {condition_words(step.when)}." if step.when is not None else "",
                "Heads-up, the dealer posts the small blind and the other player the big blind, so the dealer acts "
                "first."
                if step.heads_up_dealer_small
                else "",
            )
        for step in self.v.steps_of(BettingStep):
            if step.bring_in is not None:
                self.p(
                    f"The bring-in is a forced opening bet of {self.amount(step.bring_in.amount, bare=True)}; see {self.round_name(step)}."
                )

    def round_name(self, step: BettingStep) -> str:
        return f"round {self.v.steps_of(BettingStep).index(step) + 1}"

    def play(self) -> None:
        self.h2("The play, step by step")
        dealt_before = False
        betting_before = False
        number = 0
        for step in self.v.steps:
            if isinstance(step, DealStep):
                number += 1
                self.blocks.append(Block("h3", f"{number}. Deal"))
                self.p(*self.deal(step, dealt_before, betting_before))
                dealt_before = True
            elif isinstance(step, BettingStep):
                number += 1
                down, up = cards_held(self.v, step)
                name = self.round_name(step).capitalize()
                self.blocks.append(
                    Block(
                        "h3",
                        f"{number}. {name}: betting ({step.structure.replace('_', ' ')}), each player holding {cards_text(down, up)}",
                    )
                )
                caveats = held_caveats(self.v, step)
                if caveats:
                    self.p(*caveats)
                self.betting(step)
                betting_before = True
            elif isinstance(step, DecisionStep):
                number += 1
                self.blocks.append(Block("h3", f"{number}. Decision"))
                self.decision(step)
            elif isinstance(step, (ExposeStep, PassStep, SplitStep, DrawStep, DeclareStep)):
                number += 1
                title, sentences = choice_step_words(step, self.amount)
                self.blocks.append(Block("h3", f"{number}. {title}"))
                self.p(*sentences, self.when(step))
            elif isinstance(step, RevealStep):
                number += 1
                self.blocks.append(Block("h3", f"{number}. Reveal"))
                who = (
                    "The house turns its cards face up."
                    if step.who == "house"
                    else "Every player turns his cards face up."
                )
                self.p(who, self.when(step))
        if not self.v.is_banked:
            self.p("Whenever all players but one fold, the last one takes the pot without showing.")

    def when(self, step: Step) -> str:
        if step.when is None:
            return ""
        node = canonical(step.when)
        if node[0] == "not":
            return f"This step is skipped when {condition_words(node[1])}."
        return f"This step happens only when {condition_words(node)}."

    def deal(self, step: DealStep, dealt_before: bool, betting_before: bool) -> list[str]:
        out = []
        if step.burn:
            out.append("The dealer burns the top card." if step.burn == 1 else f"The dealer burns {step.burn} cards.")
        who = "Each player still in the hand" if betting_before else "Each player"
        n = len(step.players)
        if step.house and len(step.house) == n and n > 1:
            out.append(
                f"{n} passes of one card each, clockwise from the dealer's left, the house taking one card after each pass round the players."
            )
            out.append(
                f"The players' cards: {faces_words(step.players)}. The house's cards: {faces_words(step.house)}."
            )
        else:
            if n == 1:
                out.append(
                    f"{who} gets {'one more card' if dealt_before else 'one card'} {faces_words(step.players)}, clockwise from the dealer's left."
                )
            elif n:
                out.append(
                    f"{who} gets {n} cards, one at a time clockwise from the dealer's left: {faces_words(step.players)}."
                )
            if step.house:
                out.append(
                    f"The house gets {len(step.house)} card{'s' if len(step.house) > 1 else ''}: {faces_words(step.house)}."
                )
        if step.community:
            out.append(
                f"{len(step.community)} community card{'s' if len(step.community) > 1 else ''} go{'es' if len(step.community) == 1 else ''} in the middle, {faces_words(step.community)}, and count{'s' if len(step.community) == 1 else ''} for every player."
            )
        if step.fallback == "community" and len(step.players) > 1:
            out.append(
                f"If the deck cannot give every player still in these {len(step.players)} cards, "
                f"{len(step.players)} community cards are turned face up in the middle instead and count as every player's cards."
            )
        elif step.fallback == "community":
            out.append(
                "If the deck cannot give every player still in a card, one community card is turned face up in the middle instead and counts as every player's card."
            )
        out.append(self.when(step))
        return out

    def betting(self, step: BettingStep) -> None:
        sentences = []
        bet = self.amount(step.bet)
        if step.bring_in is not None:
            sentences.extend(self.bring_in(step.bring_in, step, bet))
        elif step.first_to_act.rule in TIED_RULES:
            first = step.first_to_act
            base = seat_rule_words(first.rule)
            if first.rule in ("best_visible", "worst_visible") and board_ranking(self.v.deck):
                base += f" by {board_ranking(self.v.deck)}"
            if first.community:
                base += ", the community cards face up counted in every board,"
            expose = " and turns that card face up" if first.expose else ""
            sentences.append(f"{_cap(base)} acts first{expose}; {ties_clause(first.tie_break, self.v)}.")
        else:
            sentences.append(f"{_cap(first_to_act_words(step.first_to_act, board_ranking(self.v.deck)))} acts first.")
        if step.bring_in is None:
            sentences.append("Play goes clockwise.")
        if step.structure == "fixed_limit":
            sentences.append(f"Every bet and raise is {bet}.")
        elif step.structure == "no_limit":
            sentences.append(
                f"The smallest bet is {bet}; a player may bet up to his whole stack. A raise adds at least "
                "the last bet or raise of the round."
            )
        elif step.structure == "pot_limit":
            sentences.append(
                f"The smallest bet is {bet}; a bet or raise may be at most the size of the pot. A raise adds "
                "at least the last bet or raise of the round."
            )
        elif step.structure == "spread_limit" and step.max_bet is not None:
            top = self.amount(step.max_bet)
            sentences.append(
                f"Any bet from {bet} to {top}; a raise adds at least the last bet or raise of the round, "
                f"and at most {top}."
            )
        for alt in step.alternatives:
            sentences.append(self.alternative(alt))
        cap = fixed_cap(step)
        if step.cap is None:
            sentences.append("Raises are not limited in number.")
        elif cap is None:
            sentences.append(f"Raises allowed after the bet, as the table stands: {phrase(step.cap)}.")
        elif cap == 0:
            sentences.append("One bet and no raise per round.")
        else:
            sentences.append(f"One bet and at most {number_words(cap)} raise{'s' if cap != 1 else ''} per round.")
        if not step.check_raise:
            sentences.append("A player who has checked may not raise later in the round: he may call or fold.")
        if step.heads_up_uncapped and step.cap is not None:
            sentences.append(
                "There is no limit on raises while only two players not all in are in the hand (a round capped "
                "before it came down to two stays capped)."
            )
        sentences.append(short_all_in_words(step))
        if step.max_raise_multiple is not None:
            k = step.max_raise_multiple
            bound = "double the bet" if k == 2 else f"make the bet {k} times what it was"
            sentences.append(f"A raise may at most {bound}.")
        if step.bring_in is None:
            must = " or fold." if step.open_fold else " (he may fold only when facing a bet)."
            if step.check is None:
                fold = " or fold" if step.open_fold else "; he may fold only when facing a bet"
                sentences.append(f"A player facing no bet may check{fold}.")
            elif step.check.is_constant and step.check.value() is False:  # (check: false)
                sentences.append("A player facing no bet may not check: he must bet" + must)
            else:
                when = condition_words(step.check)
                sentences.append(f"A player facing no bet may check only when {when}; otherwise he must bet" + must)
        sentences.append("The round ends when all bets are level.")
        sentences.append(self.when(step).replace("This step", "This round"))
        self.p(*sentences)

    def bring_in(self, bi: BringIn, step: BettingStep, bet: str) -> list[str]:
        who = bring_in_who_words(bi.who, bi.ace or deck_ace(self.v.deck))
        ties = bring_in_ties(bi.who, bi.tie_break, self.v)
        out = [f"The player with {who} brings in for {self.amount(bi.amount, bare=True)}; {ties}."]
        if bi.complete:
            out.append(f"He may instead complete to {bet}.")
        out.append("He cannot check.")
        if bi.completion_is_raise:
            out.append(completion_raise_words(bi.complete))
        out.append("Then the others, clockwise, fold, call or raise.")
        out.append(low_card_all_in_words(bi.low_card_all_in, bi.complete))
        return out

    def alternative(self, alt: BetAlternative) -> str:
        text = f"If {condition_words(alt.when)}, {actions_words(alt.actions)} may be {self.amount(alt.bet)}"
        if alt.sticky:
            text += "; once one is made, the rest of the round follows it."
        else:
            text += "; the normal size stays allowed."
        return text

    def decision(self, step: DecisionStep) -> None:
        reads_ante = step.raise_amount is not None and "ante" in step.raise_amount.names  # (the position's)
        raise_text = raise_words(step, self.amount) + (" with the default ante" if reads_ante else "")
        if step.fold:
            self.p(
                f"Each player, having seen his cards, either folds (his "
                f"{fold_words(self.v, self.v.steps_of(DecisionStep).index(step) > 0)} are collected) or {raise_text}.",
                self.when(step),
            )
        else:
            self.p(f"Each player {raise_text}.", self.when(step))

    def showdown(self, step: ShowdownStep) -> None:
        self.h2("Showdown")
        self.ul(showdown_items(step, self.v))

    def settlement(self, step: SettleStep) -> None:
        self.h2("Settlement against the house")
        if step.against == "pay_table":
            self.ul(
                pay_table_sentences(step, self.v.deck.ranking)
                + bonus_sentences(step, lambda e: self.amount(e, bare=True))
                + cap_sentences(step, self.amount)
            )
            self.blocks.append(pay_table_block(step, self.v.deck.ranking))
            return
        hand = house_hand_words(step.qualify)
        always = step.qualify.source.strip() == "true"
        size = get_ranking(self.v.deck.ranking).fewest_cards
        mine = sum(cards_held(self.v, step)) + sum(len(d.community) for d in self.v.steps_of(DealStep))
        house = sum(len(d.house) for d in self.v.steps_of(DealStep))
        if get_ranking(self.v.deck.ranking).every_card_counts:
            self.p(f"A hand is all its cards: the player's {mine}, and the house's {house}.")
        elif size < max(mine, house):
            self.p(f"A hand is the best {size} cards: of the player's {mine}, and of the house's {house}.")
        self.p(
            "The house always plays: it needs no qualifying hand."
            if always
            else f"The house qualifies with {hand}."
            if hand
            else f"The house qualifies when {condition_words(step.qualify)}."
        )
        raise_paid = "paid by the table below" if step.pay_table else "paid at even money"
        self.ul(
            (
                []
                if always
                else [
                    f"House not qualified: the ante is {payout_words(step.not_qualified_ante)}; the raise is {payout_words(step.not_qualified_raise)}."
                ]
            )
            + [
                f"{'Each' if always else 'House qualified: each'} hand is compared with the house's. A losing hand loses its ante and raise; a winning hand has its ante {payout_words(Payout('win', step.ante_odds))} and its raise {raise_paid}.",
                f"A hand equal to the house's: {house_tie_words(step.tie)}.",
                *bonus_sentences(step, lambda e: self.amount(e, bare=True)),
            ]
            + cap_sentences(step, self.amount)
        )
        if step.pay_table:
            self.blocks.append(Block("table", items=raise_table_rows(step), header=("Player's hand", "Raise pays")))

    def void(self) -> None:
        vr = self.v.void
        cases = []
        whose = "a player's or the house's hand" if self._house_dealt() else "a player's hand"
        if vr.wrong_card_count:
            cases.append(f"when {whose} has the wrong number of cards")
        if vr.declared:
            why = f" (when {vr.declared_when})" if vr.declared_when else ""
            cases.append(f"when the dealer declares it void{why}")
        if cases:
            self.h2("Void hands")
            self.p(f"A hand is void, and every bet returned, {', or '.join(cases)}.")

    def options(self) -> None:
        self.h2("House options")
        if not self.v.options:
            self.p("None: this variant has no house-rule options.")
            return
        self.p("Choose with --option NAME=CHOICE; the current choice is marked.")
        chosen = dict(self.v.chosen)
        items = []
        for option in self.v.options:
            lines = []
            for c in option.choices:
                mark = " [current]" if chosen.get(option.name) == c.name else ""
                default = " (default)" if option.default == c.name else ""
                lines.append(f"{c.name}{mark}{default}" + (f": {c.description}" if c.description else ""))
            items.append((f"{option.name}: {option.description}", tuple(lines)))
        self.ul(items)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
