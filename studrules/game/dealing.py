"""The cards and the antes of a :class:`~studrules.game.hand.Hand`: the given cards
and the deck, posting antes, dealing (with a fast path for players' cards
that all come from the deck), exposing a card, and checking that every
player received the cards he was given.

:class:`_Dealing` is one part of :class:`~studrules.game.hand.Hand`, which
runs the steps; every attribute is declared in :class:`~studrules.game.state._HandState`.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..cards.card import Card, full_deck, is_joker, parse_cards
from ..cards.deck import Deck
from ..errors import ArgumentError, CardError
from ..spec.model import BlindsStep, DealStep, DrawStep, UpCardRule
from .events import Event
from .house import HOUSE
from .plan import _AntePlan
from .state import _HandState
from .wilds import a_or_an, rank_char, rank_name, rank_words

_new = tuple.__new__
_NOTHING: tuple[Card, ...] = ()  # no given cards
_HOUSE_DEALS = "house "  # + face: the key of the house's deal events in a seating's deal tables


#: What players call the blinds of a table with one or two.
_BLIND_NAMES = {(1, 0): "the blind", (2, 0): "the small blind", (2, 1): "the big blind"}


def _whole_seed(seed: Any) -> int:
    """A seed given as another whole number (NumPy's) as an int; anything else an
    :class:`~studrules.errors.ArgumentError` (a text or 1.5 would seed a deck no int seeds)."""
    if not isinstance(seed, (bool, float, str, bytes)):
        try:
            return operator.index(seed)
        except TypeError:
            pass
    raise ArgumentError(f"seed is a whole number, a random.Random or None, not {seed!r}")


class _Dealing(_HandState):
    """The cards and antes part of :class:`~studrules.game.hand.Hand`."""

    __slots__ = ()

    def _setup_cards(self, cards: Mapping[str, Any] | None, seed: int | random.Random | None) -> None:
        if seed is not None and type(seed) is not int and not isinstance(seed, random.Random):
            seed = _whole_seed(seed)
        if not cards:  # every card from the deck (the lists of given cards are only read)
            self.given = [_NOTHING] * self.n
            self.given_house = self.given_community = self.given_burns = _NOTHING
            self._plain = True
            stripped = self.plan.deck_cards
            self.deck = Deck(seed, shuffled=True) if stripped is None else Deck(seed, stripped, shuffled=True)
            return
        if not isinstance(cards, Mapping):
            raise ArgumentError(f"cards map players (or 'house', 'community', 'burns') to their cards, not {cards!r}")
        given: list[Sequence[Card]] = [[] for _ in range(self.n)]
        every: list[Card] = []
        extra: dict[str, list[Card]] = {"house": [], "community": [], "burns": []}
        for key, value in cards.items():
            parsed = list(parse_cards(value)) if value is not None else []
            if key in extra:
                if key == "house" and not self.variant.is_banked:
                    raise ArgumentError("cards for the house: only a game against the house has one")
                extra[key] = parsed
            elif key in self.seat:
                given[self.seat[key]] = parsed
            else:
                raise ArgumentError(
                    f"cards are given for '{key}', who is not a player (players: {', '.join(self.players)})"
                )
            every.extend(parsed)
        self._check_given_counts(given, extra)
        if len(set(every)) != len(every):
            seen: set[Card] = set()
            for c in every:
                if c in seen:
                    raise CardError(f"{c} is given twice")
                seen.add(c)
        self.given = given
        self.given_house = extra["house"]
        self.given_community = extra["community"]
        self.given_burns = extra["burns"]
        self._plain = not every  # every card comes from the deck
        stripped = self.plan.deck_cards
        if stripped is None and any(map(is_joker, every)):
            raise CardError(
                f"{', '.join(str(c) for c in every if is_joker(c))}: the deck of {self.variant.name} has no joker"
            )
        if stripped is not None:
            outside = [c for c in every if c not in stripped]
            if outside:
                d = self.variant.deck
                raise CardError(
                    f"{', '.join(map(str, outside))} {'is' if len(outside) == 1 else 'are'} not in the deck of "
                    f"{self.variant.name}: its {d.cards} cards have only the ranks {d.ranks}"
                )
        if every:
            taken = set(every)
            self.deck = Deck(seed, [c for c in stripped or full_deck() if c not in taken], shuffled=True)
        else:
            self.deck = Deck(seed, shuffled=True) if stripped is None else Deck(seed, stripped, shuffled=True)

    def _check_given_counts(self, given: list[Sequence[Card]], extra: Mapping[str, list[Card]]) -> None:
        """Where a wrong number of cards does not void the hand (``void.wrong_card_count:
        false``; where it does, the extra cards are the misdeal that voids it), refuse more
        cards for a player, the house, the community or the burns than the variant's steps
        can ever deal there: they would be left in the deck unseen, and a typo in a script
        would change the hand silently. No bound where an up card brings extra cards
        (``when_dealt_up``) or a short deck falls back to the community."""
        if self.variant.void.wrong_card_count:
            return
        steps = self.variant.steps
        deals = [s for s in steps if isinstance(s, DealStep)]
        player = sum(len(s.players) for s in deals) + sum(
            s.discard_max for s in steps if isinstance(s, DrawStep) and s.replace
        )
        fallback = any(s.fallback for s in deals)
        most = {
            "house": sum(len(s.house) for s in deals),
            "community": None if fallback else sum(len(s.community) for s in deals),
            "burns": sum(s.burn for s in deals),
        }
        unbounded = bool(self.variant.when_dealt_up) or fallback
        for seat, cards in enumerate(given):
            if not unbounded and len(cards) > player:
                raise CardError(
                    f"{len(cards)} cards are given for {self.players[seat]}, and {self.variant.name} deals a "
                    f"player at most {player}: {', '.join(map(str, cards[player:]))} would never be dealt"
                )
        for key, cards in extra.items():
            bound = most[key]
            if bound is not None and len(cards) > bound and not (key == "burns" and unbounded):
                raise CardError(
                    f"{len(cards)} {key} cards are given, and {self.variant.name} deals at most {bound} there: "
                    f"{', '.join(map(str, cards[bound:]))} would never be dealt"
                )

    def _ante(self, rules: _AntePlan) -> None:
        step = rules.step
        amount = rules.amount
        if amount is None:
            amount = int(step.amount(self._env()))
        dealer = step.who == "dealer"
        stacks, contrib = self.stacks, self.contrib
        if not dealer and self.antes is None and 0 < amount <= min(stacks):
            # every player posts the same ante in full: the lists at once, the events made once per amount
            n = self.n
            stack, put = stacks[0], contrib[0]
            if stacks.count(stack) == n and contrib.count(put) == n:  # (everybody alike, the usual start: C speed)
                stacks[:] = [stack - amount] * n
                contrib[:] = [put + amount] * n
            else:
                for i in range(n):  # (a loop: cheaper than two list comprehensions)
                    stacks[i] -= amount
                    contrib[i] += amount
            if not step.dead:
                self.live_ante[:] = [a + amount for a in self.live_ante]
            self.events.extend(self._seating.ante_row(amount))
            self.antes_posted = True
            return
        if dealer:  # the dealer antes for the table: the last seat
            amounts = [0] * (self.n - 1) + [amount]
        else:
            amounts = self.antes if self.antes is not None else [amount] * self.n
        live = not (step.dead or dealer)
        banked = self.variant.is_banked
        events = self.events
        posted = False
        made = self._seating.antes
        for i, name in enumerate(self.players):
            a = amounts[i]
            if a > stacks[i]:
                a = stacks[i]
            if a <= 0:
                continue
            stacks[i] -= a
            contrib[i] += a
            if live:
                self.live_ante[i] += a
            elif dealer:  # posted for the whole table: the main pot's, not a bet of his
                self._pay_dead(i, a, paid=True)
            beside = self._beside_words(i, a) if banked else None  # (the line names his side bets)
            event = made[i].get(a) if beside is None else None
            if event is None:
                event = _new(Event, ("ante", name, None, a, None, None, None, None, None, None, beside, None, None))
                if beside is None:
                    made[i][a] = event
            events.append(event)
            posted = True
        self.antes_posted = self.antes_posted or posted

    def _pay_dead(self, seat: int, chips: int, *, paid: bool = False) -> None:
        """``chips`` of ``seat`` that are no bet (a card's price, an ante
        posted for the table): into the main pot, setting no side-pot level
        (``paid``: his stack and contribution already count them)."""
        if not paid:
            self.stacks[seat] -= chips
            self.contrib[seat] += chips
        if self.dead_chips is None:
            self.dead_chips = [0] * self.n
        self.dead_chips[seat] += chips

    def _post_kill(self, killer: str) -> None:
        """The killer's kill blind, live, before anything else; it stands
        instead of a blind of his (not in addition)."""
        kill = self.variant.kill
        assert kill is not None
        seat = self.seat.get(killer)
        if seat is None:
            raise ArgumentError(f"the killer {killer} is not in this hand")
        killed = ", ".join(f"{name.replace('_', ' ')} {self.plan.stakes[name]}" for name, _ in kill.stakes)
        self.events.append(Event("kill", killer, None, reason=killed or None))
        if kill.blind is None:
            return
        amount = min(int(kill.blind(self.plan.stakes)), self.stacks[seat])
        if amount > 0:
            self.stacks[seat] -= amount
            self.contrib[seat] += amount
            self.live_ante[seat] += amount
            self.kill_seat = seat
            self.events.append(Event("blind", killer, None, amount, reason="the kill blind"))

    def _blinds(self, step: BlindsStep) -> None:
        """Each blind posted live by its seat, clockwise from the dealer's left."""
        env = self._env()
        stacks, contrib, live = self.stacks, self.contrib, self.live_ante
        count = len(step.amounts)
        seats = list(range(min(count, self.n)))
        if step.heads_up_dealer_small and self.n == 2:
            seats = [1, 0]  # the dealer (the last seat) posts the small blind
        for index, expr in enumerate(step.amounts[: self.n]):
            seat = seats[index]
            if seat == self.kill_seat:  # his kill blind stands instead of this blind
                self.last_blind = seat
                continue
            amount = min(int(expr(env)), stacks[seat])
            if amount <= 0:
                continue
            stacks[seat] -= amount
            contrib[seat] += amount
            live[seat] += amount
            self.last_blind = seat
            name = _BLIND_NAMES.get((count, index), "a blind")
            self.events.append(Event("blind", self.players[seat], None, amount, reason=name))
        self.antes_posted = True

    def _deal(self, step: DealStep) -> None:
        events = self.events
        players = self.players
        seats = self._in
        deal = self.deck.deal
        try:
            for _ in range(step.burn):
                card = self._draw(self.given_burns, len(self.burns))
                self.burns.append(card)
                events.append(Event("burn", None, None, card=card))
            faces = step.players
            if step.fallback == "community" and faces:
                need = 0
                for i in seats:
                    have = len(self.cards[i])
                    left = max(0, len(self.given[i]) - have)
                    need += max(0, len(faces) - left)
                if need > self.deck.remaining:
                    # one community card for each card of the deal (as the load-time check counts them);
                    # the step's house and community cards follow as usual
                    for _ in faces:
                        card = self._draw(self.given_community, len(self.community))
                        self.community.append(card)
                        events.append(Event("community", None, None, card=card, face="up"))
                    self.community_dealt = True
                    faces = ()
            house = step.house
            follow = self.variant.wild.follow
            extra = self.plan.up_card_rules
            passes = max(len(faces), len(house))
            for k in range(passes):
                if k < len(faces):
                    face = faces[k]
                    up = face == "up"
                    for i in seats:
                        if faces[k] == "down_if_all_up":  # he keeps one card hidden
                            face = "down" if len(self.up[i]) == len(self.cards[i]) else "up"
                            up = face == "up"
                        cards_i = self.cards[i]
                        given = self.given[i]
                        have = len(cards_i) + self.discards[i]  # every card received, discards included
                        card = given[have] if have < len(given) else deal()
                        cards_i.append(card)
                        if up:
                            self.up[i].append(card)
                            self.up_key[i] += self.plan.rank_nibble[card.code]
                            self._ups += 1
                        events.append(
                            _new(
                                Event,
                                ("deal", players[i], None, None, None, card, face, None, None, None, None, None, None),
                            )
                        )
                        if up and follow is not None:
                            self._follow(card, follow)
                        if up and extra:
                            self._extra_cards(i, card, extra, follow)
                if k < len(house):
                    card = self._draw(self.given_house, len(self.house_cards))
                    self.house_cards.append(card)
                    self.house_faces.append(house[k])
                    events.append(Event("deal", HOUSE, None, card=card, face=house[k]))
            for face in step.community:
                card = self._draw(self.given_community, len(self.community))
                self.community.append(card)
                events.append(Event("community", None, None, card=card, face=face))
                if face == "up" and follow is not None:
                    self._follow(card, follow)
        except CardError:
            self._make_void("the deck ran out of cards")

    def _deal_plain(self, step: DealStep) -> bool:
        """Deal a step of players' and house cards only, all from the deck (False, nothing
        dealt, when the deck cannot give them all: the general path says so)."""
        seats = self._in
        faces = step.players
        house = step.house
        deck = self.deck
        pack = deck._cards
        pos = deck._dealt
        if pos + len(seats) * len(faces) + len(house) > len(pack):
            return False
        events = self.events
        cards, up_cards, up_key = self.cards, self.up, self.up_key
        nibble = self.plan.rank_nibble
        seating = self._seating
        for k, face in enumerate(faces):
            up = face == "up"
            if up:
                self._ups += len(seats)
            table = seating.deals.get(face) or seating.deal_table(face, self.n)
            for i in seats:
                card = pack[pos]
                pos += 1
                cards[i].append(card)
                code = card.code
                if up:
                    up_cards[i].append(card)
                    up_key[i] += nibble[code]
                events.append(table[i][code] or self._deal_event(table, i, card, face))
            if house and k < len(house):  # the house's card of this pass, after the players'
                pos = self._deal_house_card(house[k], pack, pos)
        for face in house[len(faces) :]:  # the house's cards beyond the players'
            pos = self._deal_house_card(face, pack, pos)
        deck._dealt = pos
        return True

    def _deal_event(self, table: list[list[Event | None]], seat: int, card: Card, face: str) -> Event:
        """The event of ``card`` dealt to ``seat`` with ``face``, made once into the seating's ``table``."""
        event = table[seat][card.code] = _new(
            Event, ("deal", self.players[seat], None, None, None, card, face, None, None, None, None, None, None)
        )
        return event

    def _deal_house_card(self, face: str, pack: list[Card], pos: int) -> int:
        """Deal the house the card at ``pos`` of ``pack`` with ``face``; the next position."""
        card = pack[pos]
        self.house_cards.append(card)
        self.house_faces.append(face)
        seating = self._seating
        row = (seating.deals.get(_HOUSE_DEALS + face) or seating.deal_table(_HOUSE_DEALS + face, 1))[0]
        event = row[card.code]
        if event is None:
            event = row[card.code] = _new(
                Event, ("deal", HOUSE, None, None, None, card, face, None, None, None, None, None, None)
            )
        self.events.append(event)
        return pos + 1

    def _dealt_up(self, seat: int, card: Card) -> None:
        """A card dealt face up outside a deal (a twist's card drawn face up): the card after a
        ``follow`` rank makes its rank wild, and a rank may earn an extra card or an offer."""
        follow = self.variant.wild.follow
        if follow is not None:
            self._follow(card, follow)
        if self.plan.up_card_rules:
            self._extra_cards(seat, card, self.plan.up_card_rules, follow)

    def _extra_cards(self, seat: int, card: Card, extra: dict[str, UpCardRule], follow: str | None) -> None:
        """What a card dealt face up earns: extra cards dealt at once (an
        extra card dealt up may earn another), or an offer made once the deal
        is over where the rule has a price."""
        trigger: Card | None = card
        while trigger is not None:
            rule = extra.get(rank_char(trigger))
            if rule is None:
                return
            if rule.price is not None:
                if self.offers is None:
                    self.offers = []
                self.offers.append((seat, rule, trigger))
                return
            trigger = self._deal_extra(seat, rule, trigger, follow)

    def _deal_extra(self, seat: int, rule: UpCardRule, trigger: Card, follow: str | None) -> Card | None:
        """Deal the extra card ``trigger`` earned (while the deck has one); the
        new card when it is dealt face up (it may earn another), else None."""
        if rule.deal == "none":
            return None
        cards, given = self.cards[seat], self.given[seat]
        have = len(cards) + self.discards[seat]
        if have >= len(given) and not self.deck.remaining:
            return None  # no card left to give
        new = given[have] if have < len(given) else self.deck.deal()
        cards.append(new)
        face = rule.deal
        if face == "up":
            self.up[seat].append(new)
            self.up_key[seat] += self.plan.rank_nibble[new.code]
            self._ups += 1
        reason = f"{a_or_an(rank_name(rank_char(trigger)))} up earns an extra card"
        self.events.append(Event("deal", self.players[seat], None, card=new, face=face, reason=reason))
        if face == "up" and follow is not None:
            self._follow(new, follow)
        return new if face == "up" else None

    def _follow(self, card: Card, follow: str) -> None:
        """A card dealt face up, where the card after a ``follow`` rank makes its rank wild."""
        rank = rank_char(card)
        if rank == follow:
            self.follow_armed = True
            if self.wild_rank is not None:
                self.wild_rank = None
                self.events.append(Event("wild", None, None, card=card, reason="the next card up sets the wild rank"))
        elif self.follow_armed:
            self.follow_armed = False
            if rank != self.wild_rank:
                self.wild_rank = rank
                self.events.append(Event("wild", None, None, card=card, reason=f"{rank_words(rank)} are wild"))

    def _draw(self, given: Sequence[Card], index: int) -> Card:
        if index < len(given):
            return given[index]
        return self.deck.deal()

    def _expose(self, seat: int, card: Card, reason: str) -> None:
        self.cards[seat].index(card)  # (a card he holds)
        if card in self.up[seat]:
            return
        self.up[seat].append(card)
        self.up_key[seat] += self.plan.rank_nibble[card.code]
        self._ups += 1
        self.events.append(Event("expose", self.players[seat], self.round or None, card=card, face="up", reason=reason))

    def _wrong_count(self) -> str | None:
        if self._plain or not self.variant.void.wrong_card_count:
            return None  # (every card from the deck: nobody was given more than he received)
        for i, p in enumerate(self.players):
            # a player who folded simply never received the rest of his cards
            if not self.folded[i] and len(self.given[i]) > len(self.cards[i]) + self.discards[i]:
                return f"{p} has the wrong number of cards"
        if len(self.given_house) > len(self.house_cards):
            return "the house has the wrong number of cards"
        return None
