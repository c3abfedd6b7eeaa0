"""The end of a :class:`~studrules.game.hand.Hand` of players against each other:
the showdown order, showing and mucking, the hands' values, the winners of
each pot, odd chips and the awards (and the pot of a hand won uncontested).

:class:`_Showdown` is one part of :class:`~studrules.game.hand.Hand`, which
runs the steps; every attribute is declared in :class:`~studrules.game.state._HandState`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import filterfalse
from typing import TYPE_CHECKING

from ..cards.card import Card
from ..spec.model import ShowdownStep
from .actions import Action, LegalAction
from .events import Event
from .hand_values import _combination_value, _describe, _evaluator, _words_of, best_of_nine, made_of_value
from .odd_chips import cards_of_hand, cards_of_made_hand, no_hand_words, part_names
from .plan import _ShowdownPlan
from .pots import contested, divide, side_pots, split_pot, split_pot_parts
from .state import _HandState, _Round
from .wilds import counted_ranking, joker_holes

if TYPE_CHECKING:
    from ..cards.rankings import Ranking
    from .pots import Pot

_new = tuple.__new__
_SHOW = LegalAction("show")
_MUCK = LegalAction("muck")


__all__ = ["shows_as_first_worded"]


def shows_as_first_worded(hand: _Showdown) -> list[Event]:
    """The events of a finished hand with each show worded as studrules worded it before
    a show named every hand the showdown ranks: the first ranking's hand alone (the high
    hand of a hi-lo game, even for a player who declared low), nothing where he has none.
    A history written then is checked against these events.

    >>> from studrules.game.hand import Hand
    >>> from studrules.spec.examples import example_text
    >>> from studrules.spec.loader import load_variant_text
    >>> v = load_variant_text(example_text("one-round").replace("[high]", "[high, eight_or_better_low]"))
    >>> h = Hand(v, ["Ann", "Bob"], 100, cards={"Ann": "Ac 2d 3h 5s 8c".split(), "Bob": "Kd Kh 9c 7d 6s".split()})
    >>> while not h.over:
    ...     h.check_or_call()
    >>> [e.describe() for e in h.events if e.type == "show"]  # (Bob's board is the best: he shows first)
    ['Bob shows Kd Kh 9c 7d 6s: pair of kings, nine-seven-six kickers; no low', 'Ann shows Ac 2d 3h 5s 8c: ace-eight-five-three-two high; eight-five-three-two-ace low']
    >>> [e.hand for e in shows_as_first_worded(h) if e.type == "show"]
    ['pair of kings, nine-seven-six kickers', 'ace-eight-five-three-two high']
    """
    if getattr(hand, "showdown_rules", None) is None:
        return list(hand.events)  # (no showdown step: a hand against the house shows at its settlement)
    seat = {p: i for i, p in enumerate(hand.players)}
    out = []
    for e in hand.events:
        if e.type == "show" and e.player in seat and e.cards is not None:
            e = e._replace(hand=hand._show_words(seat[e.player], e.cards, first_only=True))
        out.append(e)
    return out


class _Showdown(_HandState):
    """The showdown part of :class:`~studrules.game.hand.Hand`."""

    __slots__ = ()

    def _start_showdown(self, rules: _ShowdownPlan) -> None:
        self.showdown_rules = rules
        step = rules.step
        if len(self._in) < 2:
            self._win_uncontested()
            return
        reason = None if self._plain else self._wrong_count()
        if reason:
            self._make_void(reason)
            return
        rankings = rules.rankings
        values = self._values_for(rankings)
        first = self._showdown_first(step)
        folded = self.folded
        order = list(filterfalse(folded.__getitem__, self._rotation[first - 1]))  # from the first, clockwise
        self.showdown_order = order
        if step.muck:
            self.show_queue = list(order)
            self.phase = "showdown"
            self._next_shower()
            return
        if step.compare == "combination" or len(rankings) > 1:
            for i in order:
                self._show(i)
        else:  # one ranking: _show for each, its values already known
            ranking = rankings[0]
            row = values[0]
            words = _words_of(ranking)
            wild = not rules.plain
            cards, community, events, names, shown = self.cards, self.community, self.events, self.players, self.shown
            for i in order:
                shown.append(i)
                held = cards[i] + community if community else cards[i]
                value = row[i]
                said = words.get(value) if value is not None and not wild else None
                if said is None:
                    said = _describe(self._ranking_at(ranking, i) if wild else ranking, value, held)
                    if value is None:
                        said = no_hand_words(ranking)
                events.append(
                    _new(
                        Event,
                        ("show", names[i], None, None, None, None, None, tuple(held), said, None, None, None, None),
                    )
                )
        self._settle_pots(rules)

    def _best(self, row: Sequence[float | None], seats: Sequence[int], first_shown: bool) -> list[int]:
        """The seats with the best value of ``row`` (the first shown of them with ``first_shown``)."""
        best = None
        tied: list[int] = []
        for s in seats:
            v = row[s]
            if v is None:
                continue
            if best is None or v > best:
                best = v
                tied = [s]
            elif v == best:
                tied.append(s)
        if first_shown and len(tied) > 1:
            order_pos = {s: k for k, s in enumerate(self.showdown_order)}
            tied = [min(tied, key=lambda s: order_pos.get(s, 0))]
        return tied

    def _ranking_at(self, ranking: Ranking, seat: int) -> Ranking:
        """``ranking`` as it counts for ``seat`` now: with the cards wild for him."""
        rules = self.variant.wild
        if not rules.any:
            return ranking
        down = [c for c in self.cards[seat] if c not in self.up[seat]] if rules.reads_hole_cards else []
        holes = joker_holes(rules, down, self.events, self.players[seat])
        return counted_ranking(ranking, rules, self.wild_rank, down, self.cards[seat], holes)

    def _showdown_first(self, step: ShowdownStep) -> int:
        folded = self.folded
        in_hand = self._in
        if step.scope == "last_round":
            scope: Sequence[_Round] = ()
            for r in reversed(self.rounds):
                if r.played:
                    scope = (r,)
                    break
        else:
            scope = [r for r in self.rounds if r.played]
        for rule in step.order:
            if rule in ("last_raiser", "last_aggressor"):
                verbs = ("raise",) if rule == "last_raiser" else ("bet", "complete", "raise")
                for r in reversed(scope):
                    for s, verb in reversed(r.aggressive):
                        if verb in verbs and not folded[s]:
                            return s
            elif rule == "opener":
                for r in reversed(scope):
                    for s, verb in r.aggressive:
                        if verb in ("bet", "complete"):
                            if not folded[s]:
                                return s
                            break
            elif rule == "first_to_act":
                for r in reversed(scope):
                    if r.first is not None:
                        s = r.first
                        if folded[s]:
                            s = next((j for j in self._rotation[s] if not folded[j]), in_hand[0])
                        return s
            elif rule == "best_visible":
                tied = self._best_visible(in_hand)
                if tied:
                    return tied[0]
            elif rule == "dealer_left":
                return in_hand[0]
        return in_hand[0]

    def _next_shower(self) -> None:
        while self.show_queue:
            seat = self.show_queue[0]
            others = [i for i in self.showdown_order if i != seat and not self.mucked[i]]
            if not others:
                self.show_queue.pop(0)
                continue  # everyone else mucked: he wins without showing
            self.to_act_seat = seat
            self._legal = None
            return
        self.to_act_seat = None
        self._settle_pots(self.showdown_rules)

    def _showdown_legal(self, seat: int) -> tuple[LegalAction, ...]:
        """At a showdown where mucking is allowed: show or muck."""
        return (_SHOW, _MUCK)

    def _apply_show(self, seat: int, action: Action) -> None:
        if action.verb == "show":
            self._show(seat)
        elif action.verb == "muck":
            self.mucked[seat] = True
            self.events.append(Event("muck", self.players[seat], None))
        else:
            raise self._illegal(action, f"at the showdown {action.player} shows or mucks")
        self.show_queue.pop(0)
        self.to_act_seat = None
        self._next_shower()

    def _show(self, seat: int) -> None:
        self.shown.append(seat)
        cards = self._hand_cards(seat)
        words = self._show_words(seat, cards)
        self.events.append(
            _new(
                Event,
                ("show", self.players[seat], None, None, None, None, None, tuple(cards), words, None, None, None, None),
            )
        )

    def _show_words(self, seat: int, cards: Sequence[Card], *, first_only: bool = False) -> str | None:
        """The words of the seat's hand as he shows it: the hand each ranking of the
        showdown ranks for him (in a declare game, of each way he declared), in the
        rankings' order and joined by "; ", as "no low" where he has none.

        ``first_only``: the first ranking's hand alone, nothing where he has none, as
        shows were worded before they named every hand (histories written then are
        checked against these words: :func:`shows_as_first_worded`)."""
        rules = self.showdown_rules
        rankings = rules.rankings
        combination = rules.step.compare == "combination"
        said = []
        for k in (0,) if first_only else self._declared_ways(seat, len(rankings)):
            ranking = rankings[k]
            mine = ranking if rules.plain else self._ranking_at(ranking, seat)
            if combination:  # (the full hand, kickers and all; before, read by the ranking without wild cards)
                value = (ranking if first_only else mine).evaluate(cards)
            else:
                value = self._values_for(rankings)[k][seat]
            words = _describe(mine, value, cards)
            if value is None and not first_only:
                words = no_hand_words(ranking)
            if words:
                said.append(words)
        return "; ".join(said) or None

    def _can_still_win(self, seat: int) -> bool:
        """Whether the seat's hand may still win or share some pot he plays
        for, judged pot by pot against the hands shown by the players who
        may win that pot (a side pot is not lost to an all-in player's hand)."""
        rules = self.showdown_rules
        values = self._values_for(rules.rankings)
        tie_wins = rules.tie_wins
        shown = self.shown
        if 0 not in self.stacks:  # nobody all in: one pot, every player still in plays for it
            for row in values:
                mine = row[seat]
                if mine is None:
                    continue
                best = None  # the best hand shown so far
                for i in shown:
                    value = row[i]
                    if value is not None and (best is None or value > best):
                        best = value
                if best is None or mine > best or (tie_wins and mine == best):
                    return True
            return _nobody_qualifies(values, [seat, *shown])  # (the pot is then split among the players in it)
        for eligible in self._pot_seats():
            if seat not in eligible:
                continue
            rivals = [i for i in shown if i in eligible]
            for row in values:
                mine = row[seat]
                if mine is None:
                    continue
                best_shown = None  # the best hand shown so far by a rival for this pot
                for i in rivals:
                    value = row[i]
                    if value is not None and (best_shown is None or value > best_shown):
                        best_shown = value
                if best_shown is None or mine > best_shown or (tie_wins and mine == best_shown):
                    return True
            if _nobody_qualifies(values, [seat, *rivals]):
                return True
        return False

    def _pot_seats(self) -> list[tuple[int, ...]]:
        """The seats that may win each contested pot, main pot first."""
        return contested(self.contrib, [not f for f in self.folded], self.dead_chips)

    def _values_for(self, rankings: Sequence[Ranking]) -> list[list[float | None]]:
        """values[k][seat]: the seat's hand under the k-th ranking (None: no qualifying hand)."""
        values = self._values
        if values is None:
            rules = self.showdown_rules
            combination = rules.step.compare == "combination"
            folded, cards, community = self.folded, self.cards, self.community
            values = []
            if rules.whole and self.split_hands is None:  # nothing wild, whole hands: the evaluators alone
                for ranking in rankings:
                    evaluate = _evaluator(ranking)
                    whole: list[float | None] = []
                    for i in range(self.n):
                        if folded[i]:
                            whole.append(None)
                        else:
                            held = cards[i] + community if community else cards[i]
                            whole.append(evaluate(held) if len(held) <= 9 else best_of_nine(evaluate, held))
                    values.append(whole)
                self._values = values
                return values
            used = rules.step.cards_used
            for k, ranking in enumerate(rankings):
                evaluate = _evaluator(ranking)
                hole_only = not rules.plain and ranking.hole_cards_only
                made_of = used[k] if used and used[k] != (None, None) else None
                row: list[float | None] = []
                for i in range(self.n):
                    if folded[i]:
                        row.append(None)
                        continue
                    if self.split_hands is not None and self.split_hands[i] is not None:
                        hands = self.split_hands[i]
                        assert hands is not None
                        value = self._ranking_at(ranking, i).evaluate(hands[k])
                    elif made_of is not None:
                        value = made_of_value(self._ranking_at(ranking, i).evaluate, cards[i], community, *made_of)
                    elif rules.plain:
                        held = cards[i] + community if community else cards[i]
                        value = evaluate(held) if len(held) <= 9 else best_of_nine(evaluate, held)
                    elif hole_only:  # the face-down cards alone
                        value = ranking.evaluate([c for c in cards[i] if c not in self.up[i]])
                    else:
                        held = cards[i] + community if community else cards[i]
                        value = best_of_nine(self._ranking_at(ranking, i).evaluate, held)
                    if combination and value is not None:
                        value = _combination_value(self._ranking_at(ranking, i), value)
                    row.append(value)
                values.append(row)
            self._values = values
        return values

    def _hand_cards(self, seat: int) -> list[Card]:
        return self.cards[seat] + self.community if self.community else self.cards[seat]

    def _settle_one_pot(self, rules: _ShowdownPlan) -> bool:
        """_settle_pots' short way where every player in put the same chips in (one pot, no
        side pot, nothing dead) and one hand is best under the showdown's one ranking
        (``rules.one_pot``): he takes the pot. False, nothing done, elsewhere."""
        contrib = self.contrib
        level = 0
        eligible = []
        for i in self._in:
            c = contrib[i]
            if not c or (level and c != level):
                return False
            level = c
            eligible.append(i)
        if self.dead_chips is not None and any(self.dead_chips):
            return False
        mucked = self.mucked
        contenders = ([i for i in eligible if not mucked[i]] or eligible) if any(mucked) else eligible
        row = self._values_for(rules.rankings)[0]
        best = self._best(row, contenders, rules.step.ties == "first_shown")
        if len(best) != 1:
            return False  # (a tie: the pot is split by the odd-chip rules)
        seat = best[0]
        total = sum(contrib)
        value = row[seat]
        ranking = rules.rankings[0]
        words = _words_of(ranking).get(value) if value is not None else None
        if words is None:
            words = _describe(ranking, value, None)
        names = self.players
        name = names[seat]
        self.stacks[seat] += total
        self.events.append(
            _new(Event, ("award", name, None, total, None, None, None, None, words, 0, None, None, None))
        )
        eligible_names = list(map(names.__getitem__, eligible))  # (no comprehension: a call less)
        self.pots_result.append({"amount": total, "eligible": eligible_names, "winners": {name: total}})
        self._end()
        return True

    def _settle_pots(self, rules: _ShowdownPlan) -> None:
        if rules.one_pot and self._settle_one_pot(rules):
            return
        step = rules.step
        rankings = rules.rankings
        values = self._values_for(rankings)
        live = []
        for f in self.folded:
            live.append(not f)
        mucked = self.mucked
        first_shown = step.ties == "first_shown"
        combination = step.compare == "combination"
        first = rankings[0]
        said = _words_of(first)
        for index, pot in enumerate(side_pots(self.contrib, live, self.dead_chips)):
            if len(pot.eligible) == 1 and pot.uncalled:
                seat = pot.eligible[0]
                self.stacks[seat] += pot.amount
                name = self.players[seat]
                self.events.append(Event("return", name, None, pot.amount, pot=index, reason="uncalled"))
                self.pots_result.append(
                    {"amount": pot.amount, "eligible": [name], "winners": {name: pot.amount}, "uncalled": True}
                )
                continue
            contenders: Sequence[int]
            if any(mucked):
                contenders = [s for s in pot.eligible if not mucked[s]] or list(pot.eligible)
            else:
                contenders = pot.eligible  # (only read)
            parts: list[Sequence[int]]
            if len(values) == 1:
                parts = [self._best(values[0], contenders, first_shown)]
            elif self.declared is not None and len(values) == 2:
                parts = list(self._declared_parts(values, contenders, first_shown, pot.eligible))
            else:
                parts = [self._best(row, contenders, first_shown) for row in values]
            if len(parts) > 1 and sum(1 for part in parts if part) > 1:
                # a pot divided between rankings: an award for each part, naming it and the hand that won it
                orders = self._odd_chip_orders(step, len(parts)) if any(len(p) > 1 for p in parts) else None
                names = part_names(rankings)
                order = self.showdown_order
                won = []
                for k, part in enumerate(split_pot_parts(pot.amount, parts, sorted, orders)):
                    seats = sorted(part, key=lambda s: order.index(s) if s in order else s) if len(part) > 1 else part
                    for s in seats:
                        won.append((s, part[s], self._won_with(s, k, values), names[k]))
                self._award_parts(index, pot, won)
                continue
            if len(parts) == 1 and len(parts[0]) == 1:
                shares = {parts[0][0]: pot.amount}  # one winner takes it all
            else:
                if not any(parts):
                    parts = [contenders]
                shares = split_pot(pot.amount, parts, sorted, self._odd_chip_orders(step, len(parts)))
            words: dict[int, str | None] = {}
            for s in shares:
                # the hand that won: the first ranking's, unless he won only another part (the low half)
                k = 0 if len(parts) == 1 else next((k for k, part in enumerate(parts) if s in part), 0)
                if combination or k:
                    words[s] = self._won_with(s, k, values)
                else:
                    value = values[0][s]
                    mine = first if rules.plain else self._ranking_at(first, s)
                    words[s] = said.get(value) if value is not None and mine is first else None
                    if words[s] is None:
                        words[s] = _describe(mine, value, None)
            self._award(index, pot, shares, words)
        self._end()

    def _won_with(self, seat: int, k: int, values: Sequence[Sequence[float | None]]) -> str | None:
        """The words of the seat's hand under the k-th ranking."""
        rules = self.showdown_rules
        rankings = rules.rankings
        ranking = rankings[k] if k < len(rankings) else rankings[0]
        mine = ranking if rules.plain else self._ranking_at(ranking, seat)
        if rules.step.compare == "combination":
            cards = self._hand_cards(seat)
            return _describe(mine, mine.evaluate(cards), cards)
        value = values[k][seat] if k < len(values) else values[0][seat]
        return _describe(mine, value, None)

    def _award_parts(self, index: int, pot: Pot, won: Sequence[tuple[int, int, str | None, str]]) -> None:
        """Award a pot divided between rankings: one event for each part a
        seat wins (``reason``: the part, as "low half"), part by part."""
        names, stacks = self.players, self.stacks
        totals: dict[int, int] = {}
        events = self.events
        for seat, chips, words, part in won:  # part by part, each in showdown order
            stacks[seat] += chips
            totals[seat] = totals.get(seat, 0) + chips
            events.append(
                _new(Event, ("award", names[seat], None, chips, None, None, None, None, words, index, part, None, None))
            )
        self.pots_result.append(
            {
                "amount": pot.amount,
                "eligible": [names[s] for s in pot.eligible],
                "winners": {names[s]: totals[s] for s in sorted(totals)},
            }
        )

    def _odd_chip_orders(self, step: ShowdownStep, parts: int) -> list[Callable[[Sequence[int]], Sequence[int]]] | None:
        """The odd-chip order among the tied winners of each part of a pot:
        the holder of the highest card of the hand he won that part with, by
        rank (the ace as that part's ranking plays it) then suit (no card
        outside that hand counts); None: nearest the dealer's left (seat order)."""
        if step.odd_chip != "high_card_suit":
            return None
        rules = self.showdown_rules

        def order(k: int) -> Callable[[Sequence[int]], Sequence[int]]:
            key = rules.odd_keys[k] if k < len(rules.odd_keys) else rules.card_key

            def by_card(seats: Sequence[int]) -> Sequence[int]:
                top = {s: max((key[c.code] for c in self._played_cards(s, k)), default=-1) for s in seats}
                return sorted(seats, key=lambda s: (-top[s], s))  # no hand (nobody qualified): seat order

            return by_card

        return [order(k) for k in range(parts)]

    def _played_cards(self, seat: int, k: int) -> Sequence[Card]:
        """The cards of the seat's hand under the k-th ranking: the fewest of
        his cards that make its value (empty when he has no such hand)."""
        rules = self.showdown_rules
        rankings, values = rules.rankings, self._values_for(rules.rankings)
        target = values[k][seat] if k < len(rankings) else None
        if target is None:
            return ()
        ranking = rankings[k] if rules.plain else self._ranking_at(rankings[k], seat)
        hands = self.split_hands[seat] if self.split_hands is not None else None
        if hands is not None:
            return hands[k]
        adjust = _combination_value if rules.step.compare == "combination" else None
        used = rules.step.cards_used[k] if rules.step.cards_used else (None, None)
        if used != (None, None):  # (the hand made as the showdown made it)
            return cards_of_made_hand(ranking, self.cards[seat], self.community, used, target, rules.card_key, adjust)
        down = not rules.plain and ranking.hole_cards_only  # (the face-down cards alone)
        held = [c for c in self.cards[seat] if c not in self.up[seat]] if down else self._hand_cards(seat)
        return cards_of_hand(ranking, held, target, rules.card_key, adjust)

    def _award(self, index: int, pot: Pot, shares: dict[int, int], words: Mapping[int, str | None]) -> None:
        names = self.players
        seats: Iterable[int]
        if len(shares) > 1:
            order = self.showdown_order
            seats = sorted(shares, key=lambda s: order.index(s) if s in order else s)
            winners = {names[s]: shares[s] for s in sorted(shares)}
        else:
            seats = shares
            winners = {}
        stacks, events = self.stacks, self.events
        for seat in seats:
            chips = shares[seat]
            stacks[seat] += chips
            if len(shares) == 1:
                winners[names[seat]] = chips
            events.append(
                _new(
                    Event,
                    (
                        "award",
                        names[seat],
                        None,
                        chips,
                        None,
                        None,
                        None,
                        None,
                        words.get(seat),
                        index,
                        None,
                        None,
                        None,
                    ),
                )
            )
        eligible = []
        for s in pot.eligible:
            eligible.append(names[s])
        self.pots_result.append({"amount": pot.amount, "eligible": eligible, "winners": winners})

    def _win_uncontested(self) -> None:
        winner = self.folded.index(False)
        total = sum(self.contrib)
        self.stacks[winner] += total
        name = self.players[winner]
        key = (winner, total)  # (his award of these chips made once for the seating)
        self.events.append(self._seating.awards.get(key) or self._seating.award(key))
        self.pots_result.append({"amount": total, "eligible": [name], "winners": {name: total}})
        self._end()

    def _finish_without_showdown(self) -> None:
        """No showdown step: the players still in share the pot as if they had tied."""
        live = [not f for f in self.folded]
        if sum(live) == 1:
            self._win_uncontested()
            return
        if self.variant.is_banked:
            self._end()
            return
        for index, pot in enumerate(side_pots(self.contrib, live, self.dead_chips)):
            shares = divide(pot.amount, list(pot.eligible))
            self._award(index, pot, shares, {})
        self._end()


def _nobody_qualifies(values: Sequence[Sequence[float | None]], seats: Sequence[int]) -> bool:
    """Whether none of these seats' hands qualifies under any ranking: a pot nobody
    qualifies for is split among the players in it, so a hand of them may still share it."""
    return all(row[i] is None for row in values for i in seats)
