"""Whose turn it is in a betting round of a :class:`~studrules.game.hand.Hand`: who
brings in and who acts first (the lowest or highest card, the best or worst
board, the player after the blinds), and who acts next.

:class:`_Turns` is the base of :class:`~studrules.game.betting._Betting`; every
attribute is declared in :class:`~studrules.game.state._HandState`.
"""

from __future__ import annotations

from ..cards.card import Card
from ..spec.model import BettingStep, BringIn
from .state import _HandState
from .wilds import joker_holes, turned_joker_showing

#: ``up_key`` from here up: a joker shows (its count is the fourteenth, above the thirteen ranks')
_JOKER_UP = 1 << 4 * 13


class _Turns(_HandState):
    """Whose turn it is, for :class:`~studrules.game.betting._Betting`."""

    __slots__ = ()

    def _bring_in_seat(self, bi: BringIn) -> int | None:
        key = self.plan.card_key if bi.ace is None else self.plan.ace_key(bi.ace)
        found = self._card_seat(self.up, bi.who == "lowest_up_card", bi.tie_break == "suit", key)
        return None if found is None else found[0]

    def _card_seat(
        self, pools: list[list[Card]], lowest: bool, by_suit: bool, key: list[int] | None = None
    ) -> tuple[int, Card] | None:
        """Of the players in, the one whose lowest (or highest) card of ``pools[seat]``
        is the lowest (highest) of all, and that card; ties by suit when ``by_suit``,
        else to the earliest seat. None when none of them holds a card. ``key``:
        the cards' order (default: the plan's ``card_key``)."""
        if key is None:
            key = self.plan.card_key
        best: int | None = None
        best_card: Card | None = None
        best_key = 0
        for i in self._in:
            cards = pools[i]
            if not cards:
                continue
            card = cards[0]
            if len(cards) > 1:
                card = min(cards, key=lambda c: key[c.code]) if lowest else max(cards, key=lambda c: key[c.code])
            k = key[card.code]
            if not by_suit:
                k >>= 2  # rank only: ties go to the earliest seat
            if best is None or (k < best_key if lowest else k > best_key):
                best, best_key, best_card = i, k, card
        return None if best is None or best_card is None else (best, best_card)

    def _best_visible(self, seats: list[int], highest: bool = True) -> list[int]:
        """Of ``seats``, those (in order) showing the best visible hand (the
        worst unless ``highest``); empty when none of them shows a card.
        Remembered until a card is turned up or a player folds (``seats`` are
        the players still in)."""
        memo = self._visible_memo
        if memo is not None and memo[0] == self._ups and memo[1] == len(seats) and memo[2] == highest:
            return memo[3]
        plan = self.plan
        cache = plan.visible_cache
        up, up_key = self.up, self.up_key
        target = None
        tied: list[int] = []
        for i in seats:
            cards = up[i]
            if not cards:
                continue
            v = cache.get(up_key[i]) if len(cards) < 5 and up_key[i] < _JOKER_UP else None
            if v is None:
                v = self._turned_joker_showing(i, cards) if up_key[i] >= _JOKER_UP else None
                if v is None:
                    v = plan.visible(cards, up_key[i])
            if target is None or (v > target if highest else v < target):
                target = v
                tied = [i]
            elif v == target:
                tied.append(i)
        self._visible_memo = (self._ups, len(seats), highest, tied)
        return tied

    def _turned_joker_showing(self, seat: int, cards: list[Card]) -> int | None:
        """The strength of ``cards`` shown by ``seat`` where they hold a joker dealt him face
        down and turned up since, under ``bug_dealt_up``: wild in the showing as in his hand,
        where a joker dealt face up shows as the bug. None where they hold no such joker."""
        variant = self.plan.variant
        if variant.wild.joker != "bug_dealt_up":
            return None
        turned = frozenset(c for c in joker_holes(variant.wild, (), self.events, self.players[seat]) if c in cards)
        if not turned:
            return None
        memo = self.plan.memo
        ranking = memo.get(("turned joker", turned))
        if ranking is None:
            ranking = memo[("turned joker", turned)] = turned_joker_showing(variant, turned)
        return ranking.visible(cards)

    def _best_with_community(self, seats: list[int], highest: bool) -> list[int]:
        """As :meth:`_best_visible`, each board judged with the community cards
        face up (a shared card may pair one player's card and not another's)."""
        shared = [e.card for e in self.events if e.type == "community" and e.face == "up" and e.card is not None]
        plan, up = self.plan, self.up
        target = None
        tied: list[int] = []
        for i in seats:
            if not up[i]:
                continue
            v = self._turned_joker_showing(i, up[i] + shared)
            if v is None:
                v = plan.visible(up[i] + shared)
            if target is None or (v > target if highest else v < target):
                target = v
                tied = [i]
            elif v == target:
                tied.append(i)
        return tied

    def _first_to_act(self, step: BettingStep, in_hand: list[int]) -> int:
        fta = step.first_to_act
        rule = fta.rule
        key = self.plan.card_key
        if rule in ("best_visible", "worst_visible"):
            if fta.community:
                tied = self._best_with_community(in_hand, rule == "best_visible")
            else:
                tied = self._best_visible(in_hand, rule == "best_visible")
            if not tied:
                return in_hand[0]
            if len(tied) > 1 and fta.tie_break == "suit":
                # the higher board by suit is the better one, the lower the worse
                pick = max if rule == "best_visible" else min
                return pick(tied, key=lambda i: max(key[c.code] for c in self.up[i]))
            return tied[0]
        if rule in ("lowest_card", "lowest_up_card", "highest_up_card"):
            pools = self.cards if rule == "lowest_card" else self.up
            found = self._card_seat(pools, rule != "highest_up_card", fta.tie_break == "suit")
            if found is None:
                return in_hand[0]
            best, card = found
            if fta.expose:
                self._expose(best, card, "it makes him first to act")
            return best
        if rule == "after_blinds" and self.last_blind is not None:
            for j in self._rotation[self.last_blind]:
                if j in in_hand:
                    return j
        # dealer_left (and bring_in with no bring-in to post)
        return in_hand[0]

    def _next_able(self, seat: int) -> int:
        folded, stacks = self.folded, self.stacks
        for j in self._rotation[seat]:
            if not folded[j] and stacks[j] > 0:
                return j
        return seat

    def _next_turn(self, seat: int) -> None:
        """The player to act after ``seat``, or the round's end (_check_or_call_at
        has a copy of the search, for speed: change both together)."""
        if len(self._in) == 1:
            self.to_act_seat = None
            self._win_uncontested()
            return
        folded, stacks, acted, bets, cur = self.folded, self.stacks, self.acted, self.bets, self.cur
        for j in self._rotation[seat]:
            if not folded[j] and stacks[j] > 0 and (not acted[j] or bets[j] < cur):
                self.to_act_seat = j
                return
        self.to_act_seat = None
        self.phase = "between"
