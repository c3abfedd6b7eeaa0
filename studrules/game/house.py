"""Games against the house, and void hands, for :class:`~studrules.game.hand.Hand`:
the positions' antes checked against the table limits, the fold-or-raise
decision, revealing cards, the settlement of each position, and a hand made
void (the dealer's declaration, a deck run out, a wrong number of cards).

:class:`_House` is one part of :class:`~studrules.game.hand.Hand`, which
runs the steps; every attribute is declared in :class:`~studrules.game.state._HandState`.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..cards.rankings import get_ranking
from ..errors import ArgumentError, IllegalActionError
from ..spec.model import AnteStep, DecisionStep, RevealStep, SettleStep
from ..spec.raise_sizes import raises_at, reads_hand
from .actions import Action, LegalAction
from .events import Event
from .hand_values import _describe
from .result import PositionResult
from .settlement import required_bets, settle_position, side_bet_hands, side_bet_limits, side_bet_stakes
from .state import _HandState

#: The name the house goes by in events and scripts of banked games.
HOUSE = "house"
#: The name the dealer goes by when he declares a hand void.
DEALER = "dealer"
#: The names a player may not take: the hand's own words for somebody who is not a player.
RESERVED_NAMES = (HOUSE, DEALER, "community", "burns")
#: the longest player's name a hand takes (a table's are shorter: the web's 16)
MAX_NAME_LENGTH = 64

_new = tuple.__new__  # an event made from its thirteen fields
_NONE4, _NONE6, _NONE8, _NONE9, _NONE11 = ((None,) * k for k in (4, 6, 8, 9, 11))

_FOLD = LegalAction("fold")
_STAND = LegalAction("check")  # going on without a raise


class _House(_HandState):
    """The banked-game and void part of :class:`~studrules.game.hand.Hand`."""

    __slots__ = ()

    def _antes(
        self, antes: Mapping[str, int] | None, side_bets: Mapping[str, Mapping[str, int]] | None = None
    ) -> list[int] | None:
        """Banked games: each position's ante, checked against the table limits now, with
        its side bets (:meth:`_side_bets`: what each position stakes on them, checked too)."""
        step = self.plan.ante_step
        sides = self._side_bets(side_bets)
        if not antes and self.plan.plain_antes:
            return None  # every player posts the variant's ante
        if antes:
            if not isinstance(antes, Mapping):
                raise ArgumentError(f"antes map players to their antes, not {antes!r}")
            unknown = [p for p in antes if p not in self.seat]
            if unknown:
                raise ArgumentError(f"antes name players who are not in the hand: {', '.join(map(str, unknown))}")
            for p, a in antes.items():
                if type(a) is not int or a < 0:
                    raise ArgumentError(f"{p}'s ante is a whole number of chips, 0 or more, not {a!r}")
        if step is None:  # (antes are given: without them a variant with no ante step is plain)
            raise ArgumentError(f"{self.variant.name} has no ante")
        default, low, high, side = self._ante_limits(step)
        ways = 1 + self._required_bets()  # a required bet stakes the ante again
        if not antes and sides is None and (low is None or low <= default) and (high is None or default <= high):
            if not self.variant.is_banked or min(self.stacks) >= default * ways + side:
                return [default] * self.n  # (what the checks below would find)
        out = [int(antes.get(p, default)) for p in self.players] if antes else [default] * self.n
        for i, (p, a, stack) in enumerate(zip(self.players, out, self.stacks)):
            if sides is not None:
                side = sides[i]
            if low is not None and a < low:
                raise IllegalActionError(
                    f"{p}'s ante of {a} is below the table minimum of {low}: antes are {low} to {high}"
                )
            if high is not None and a > high:
                raise IllegalActionError(
                    f"{p}'s ante of {a} is above the table maximum of {high}: antes are {low} to {high}"
                )
            if self.variant.is_banked and a * ways + side > stack:
                bets = f"ante of {a}" + (f" (staked {ways} times: the required bets)" if ways > 1 else "")
                bets += f" and side bets of {side} are" if side else (" are" if ways > 1 else " is")
                raise IllegalActionError(f"{p}'s {bets} more than his stack of {stack}")
        return out

    def _staked_beside(self, seat: int) -> int:
        """The chips ``seat`` has staked beside his ante and raises, on the side bets (his own
        choice, or the game's) and the required bets: his until the settlement takes them."""
        stakes = self.side_stakes
        step = self.plan.ante_step
        if stakes is not None:
            side = sum(stakes[seat].values())
        elif step is not None:
            side = self._ante_limits(step)[3]  # (the game's own stakes, worked once per plan)
        else:
            side = sum(chips for _, chips in side_bet_stakes(self.variant, self.plan.stake_env))
        required = self._required_bets()
        return side + (required * self.antes[seat] if required and self.antes else 0)

    def _beside_words(self, seat: int, ante: int) -> str | None:
        """What ``seat`` stakes beside his ante of ``ante``, as his ante line says it: the
        required bets, then the side bets he makes (``with super_bonus 10 and queens_up 5``);
        None: nothing."""
        stakes = self.side_stakes
        mine = stakes[seat].items() if stakes is not None else side_bet_stakes(self.variant, self.plan.stake_env)
        bets = [f"{name} {ante}" for name in required_bets(self.variant)] + [
            f"{name} {chips}" for name, chips in mine if chips
        ]
        if not bets:
            return None
        return "with " + (" and ".join(bets) if len(bets) < 3 else f"{', '.join(bets[:-1])} and {bets[-1]}")

    def _lost_on_fold(self, seat: int) -> str:
        """What a fold gives up, in words: the ante, the required bets, the raises made so far
        (``ante lost``, ``ante and raise lost``, ``ante, super bonus and 2 raises lost``)."""
        lost = ["ante", *(name.replace("_", " ") for name in required_bets(self.variant))]
        if self.raise_amounts[seat]:
            name = self.players[seat]
            raises = sum(1 for e in self.events if e.type == "raise" and e.player == name)
            lost.append("raise" if raises == 1 else f"{raises} raises")
        return (", ".join(lost[:-1]) + " and " + lost[-1] if len(lost) > 1 else lost[0]) + " lost"

    def _required_bets(self) -> int:
        """How many side bets every position makes at his ante (``required``), once per plan."""
        memo = self.plan.memo
        count: int | None = memo.get("required bets")
        if count is None:
            count = memo["required bets"] = len(required_bets(self.variant))
        return count

    def _side_bets(self, chosen: Mapping[str, Mapping[str, int]] | None) -> list[int] | None:
        """Each position's stake on each side bet (:attr:`side_stakes`), checked against the
        bets' limits now; the chips each position stakes on them in all (None: nobody chose,
        and the game's own stakes are within the limits: :meth:`_ante_limits` has their total).
        A player ``chosen`` names makes the bets he names (0: none); any other the game's own."""
        self.side_stakes = None
        bets = self.plan.memo.get("side bets")
        if bets is None:
            env = self.plan.stake_env
            own = dict(side_bet_stakes(self.variant, env))
            bets = self.plan.memo["side bets"] = [
                (name, own[name], low, high) for name, low, high in side_bet_limits(self.variant, env)
            ]
        within = all(not d or low <= d and (high is None or d <= high) for _, d, low, high in bets)
        if chosen is None and within:
            return None
        if chosen is None:
            chosen = {}
        elif not isinstance(chosen, Mapping):
            raise ArgumentError(f"side_bets maps players to their side bets, not {chosen!r}")
        unknown = [p for p in chosen if p not in self.seat]
        if unknown:
            raise ArgumentError(f"side_bets name players who are not in the hand: {', '.join(map(str, unknown))}")
        names = [name for name, *_ in bets]
        required = required_bets(self.variant)
        stakes: list[dict[str, int]] = []
        for p in self.players:
            mine = chosen.get(p)
            if mine is None:
                mine = {name: d for name, d, _, _ in bets}
            elif not isinstance(mine, Mapping):
                raise ArgumentError(f"{p}'s side bets map each bet to its chips, not {mine!r}")
            for name, chips in mine.items():
                if name in required:
                    raise ArgumentError(
                        f"{p}'s side bet '{name}': every position makes it at his ante, "
                        "so it is not chosen (leave it out)"
                    )
                if name not in names:
                    offered = f"its side bets are {', '.join(names)}" if names else "it has no side bets"
                    raise ArgumentError(
                        f"{p}'s side bet '{name}': {self.variant.name} has none of that name: {offered}"
                    )
                if type(chips) is not int or chips < 0:
                    raise ArgumentError(f"{p}'s side bet {name} is a whole number of chips, 0 for none, not {chips!r}")
            stakes.append({name: mine.get(name, 0) for name in names})
        for p, mine in zip(self.players, stakes):
            for name, _, low, high in bets:
                chips = mine[name]
                limits = f"{low} to {high}" if high is not None else f"{low} or more"
                if chips and chips < low:
                    raise IllegalActionError(
                        f"{p}'s side bet {name} of {chips} is below the table minimum of {low}: "
                        f"its stakes are {limits} (0: none)"
                    )
                if chips and high is not None and chips > high:
                    raise IllegalActionError(
                        f"{p}'s side bet {name} of {chips} is above the table maximum of {high}: "
                        f"its stakes are {limits} (0: none)"
                    )
        self.side_stakes = stakes
        return [sum(mine.values()) for mine in stakes]

    def _ante_limits(self, step: AnteStep) -> tuple[int, int | None, int | None, int]:
        """The ante step's amount, the table minimum and maximum and the side bets' total:
        read from the stakes alone, once per plan."""
        memo = self.plan.memo
        limits: tuple[int, int | None, int | None, int] | None = memo.get("ante limits")
        if limits is None:
            env = self.plan.stake_env
            low = int(step.min(env)) if step.min is not None else None
            high = int(step.max(env)) if step.max is not None else None
            side = sum(chips for _, chips in side_bet_stakes(self.variant, env))
            limits = memo["ante limits"] = (int(step.amount(env)), low, high, side)
        return limits

    def _raise_amounts(self, seat: int) -> tuple[int, ...]:
        """Every raise this seat may make at the decision, the least first: at his ante
        and, where the most reads it, his hand (:func:`~studrules.spec.raise_sizes.raises_at`)."""
        step = self.decision_step
        if step.raise_amount is None:
            return (0,)
        ante = self.antes[seat] if self.antes else 0
        memo = self.plan.memo
        key = ("raises", id(step), ante)  # (the plan's variant keeps its steps)
        amounts: tuple[int, ...] | None = memo.get(key)
        if amounts is not None:
            return amounts
        if reads_hand(step):  # the same ante offers each hand its own raises
            return self._raises_by_hand(seat, step, ante)
        amounts = raises_at(step, self.plan.stake_env, ante)
        if len(memo) < 256:
            memo[key] = amounts
        return amounts

    def _raises_by_hand(self, seat: int, step: DecisionStep, ante: int) -> tuple[int, ...]:
        """:meth:`_raise_amounts` of a most that reads the hand: the value of the best hand of
        the cards the seat holds now (his own and the community's), the raises kept by it."""
        value = self.plan.ranking.evaluate(self.cards[seat] + self.community) or 0  # (as the settlement values it)
        memo = self.plan.memo
        key = ("raises by hand", id(step), ante)
        by_value: dict[float, tuple[int, ...]] | None = memo.get(key)
        if by_value is None:
            by_value = {}
            if len(memo) < 256:
                memo[key] = by_value
        amounts = by_value.get(value)
        if amounts is None:
            amounts = raises_at(step, self.plan.stake_env, ante, value)
            if len(by_value) >= 4096:
                by_value.clear()
            by_value[value] = amounts
        return amounts

    def _start_decision(self, step: DecisionStep) -> None:
        self.decision_step = step
        seats = self._in
        if not seats:
            return
        self.phase = "decision"
        self.to_act_seat = seats[0]
        self._legal = None

    def _decision_legal(self, seat: int) -> tuple[LegalAction, ...]:
        """At a banked game's decision: fold, or raise when the stack allows it."""
        every = self._raise_amounts(seat)
        stack = self.stacks[seat] - self._staked_beside(seat)  # (the side bets are his too, not yet taken)
        step = self.decision_step
        memo = self.plan.memo
        key = ("decision", id(step), every)
        if every[-1] <= stack:  # every raise allowed (the usual case): the same choices each time
            legal: tuple[LegalAction, ...] | None = memo.get(key)
            if legal is not None:
                return legal
        amounts = tuple(a for a in every if a <= stack)
        out = [_FOLD] if step.fold else []
        if step.stand:
            out.append(_STAND)
        if len(amounts) > 1:  # the player chooses the size
            out.append(LegalAction("raise", amount=amounts[0], to=amounts))
        elif amounts:
            out.append(LegalAction("raise", amount=amounts[0]))
        legal = tuple(out)
        if amounts == every and len(memo) < 256:
            memo[key] = legal
        return legal

    def _apply_decision(self, seat: int, action: Action) -> None:
        legal = self.legal_actions()
        verb = action.verb
        option = None
        for la in legal:
            if la.action == verb:
                option = la
                break
        if option is None:
            words = "/".join(la.action for la in legal)
            raise self._illegal(action, f"{action.player} chooses {words} here")
        name = self.players[seat]
        if verb == "check":
            self.events.append(_new(Event, ("check", name, *_NONE11)))
        elif verb == "fold":
            self.folded[seat] = True
            self._in.remove(seat)
            self.events.append(_new(Event, ("fold", name, *_NONE8, self._lost_on_fold(seat), None, None)))
        else:
            amount = option.amount
            assert amount is not None  # (a banked raise says its amount)
            allowed = option.to or (amount,)
            if action.amount is not None:
                if action.amount not in allowed:
                    words = ", ".join(map(str, allowed))
                    raise self._illegal(
                        action, f"the raise is {words}" if len(allowed) > 1 else f"the raise is {amount}"
                    )
                amount = action.amount
            self.stacks[seat] -= amount
            self.contrib[seat] += amount
            # each decision is a wager of its own: the raises add up
            self.raise_amounts[seat] = (self.raise_amounts[seat] or 0) + amount
            self.events.append(_new(Event, ("raise", name, None, amount, *_NONE9)))
        folded = self.folded
        nxt = None
        for j in range(seat + 1, self.n):
            if not folded[j]:
                nxt = j
                break
        self.to_act_seat = nxt
        if nxt is None:
            self.phase = "between"

    def _reveal(self, step: RevealStep) -> None:
        if step.who == "house":
            for k, card in enumerate(self.house_cards):
                if self.house_faces[k] != "up":
                    self.house_faces[k] = "up"
                    self.events.append(_new(Event, ("reveal", HOUSE, None, None, None, card, "up", *_NONE6)))
        else:
            for i in range(self.n):
                if self.folded[i]:
                    continue
                for card in self.cards[i]:
                    if card not in self.up[i]:
                        self.up[i].append(card)
                        self.up_key[i] += self.plan.rank_nibble[card.code]
                        self._ups += 1
                        self.events.append(Event("reveal", self.players[i], None, card=card, face="up"))

    def _settle(self, step: SettleStep) -> None:
        reason = self._wrong_count()
        if not reason and len(self.house_cards) != self.plan.max_house and self.variant.void.wrong_card_count:
            reason = "the house has the wrong number of cards"
        if reason:
            self._make_void(reason)
            return
        ranking = self.plan.ranking  # (its wild cards counted: spec.hand_ranking.banked_ranking)
        deck_ranking, wild_order = self.variant.deck.ranking, self.variant.wild.order
        house_value = ranking.evaluate(self.house_cards) if self.house_cards else 0
        assert house_value is not None  # (a banked game's ranking values every five cards)
        env = self.plan.stake_env
        positions: list[PositionResult] = []
        total = 0
        raises: dict[str | None, list[int]] = {name: [] for name in self.players}  # each one's raises in order
        for e in [e for e in self.events if e[0] == "raise"]:
            if e[1] in raises:
                raises[e[1]].append(e[3] or 0)
        # a settlement is worked out once for the same values and bets (the same deal under equal rules)
        settled = self.plan.memo.get("settled")
        if settled is None or len(settled) >= 4096:
            settled = self.plan.memo["settled"] = {}
        antes, raise_amounts, folded, cards, community = (
            self.antes,
            self.raise_amounts,
            self.folded,
            self.cards,
            self.community,
        )
        stacks, add_event, side_bets, side_stakes = self.stacks, self.events.append, step.side_bets, self.side_stakes
        # the side bets' own hands, whether one holds the house's cards, and whether one stands
        # when its player folds: worked out once a step
        hands = self.plan.memo.get(("side_bet_hands", id(step)))
        if hands is None:
            found = side_bet_hands(step, self.variant.deck.ranking)
            hands = self.plan.memo[("side_bet_hands", id(step))] = (
                found,
                any(w == "player_and_house" for _, w in found),
                any(bet.on_fold == "stand" for bet in side_bets),
            )
        others, with_house, stands = hands
        for i, name in enumerate(self.players):
            ante = antes[i] if antes else 0
            raised = raise_amounts[i]
            held = cards[i] + community  # the community cards count in every hand
            # a folded hand is valued only for its side bets that stand (it may hold too few
            # cards for a hand: a fold loses every other bet)
            valued = not folded[i] or stands
            value = ranking.evaluate(held) if valued else None
            if others and valued:  # the side bets' own hands: each one's cards valued in its ranking
                hands_of = {"player": held, "own": cards[i], "community": community}
                if with_house:
                    hands_of["player_and_house"] = held + self.house_cards
                values_in = {  # (wild cards count in the deck's ranking)
                    (r, whose): (ranking if r == deck_ranking else get_ranking(r)).evaluate(hands_of[whose]) or 0
                    for r, whose in others
                }
            else:
                values_in = None
            if not folded[i]:
                words = _describe(ranking, value, held)
                add_event(_new(Event, ("show", name, None, None, None, None, None, tuple(cards[i]), words, *_NONE4)))
            raise_amount = None if folded[i] else (raised or 0)
            mine = side_stakes[i] if side_stakes is not None else None  # (None: the game's own stakes)
            stakes = None if mine is None else tuple(mine.values())
            key: tuple[object, ...] = (id(step), value or 0, house_value, ante, raise_amount, raised or 0, stakes)
            if values_in:
                key += tuple(values_in.values())
            s = settled.get(key)
            if s is None:
                s = settled[key] = settle_position(
                    step,
                    player_value=value or 0,
                    house_value=house_value,
                    ante=ante,
                    raise_amount=raise_amount,
                    env=env,
                    forfeited=raised or 0,
                    ranking=deck_ranking,
                    side_stakes=mine,
                    values_in=values_in,
                    wild_order=wild_order,
                )
            net = s.net
            stacks[i] += ante + (raised or 0) + net
            total += net
            add_event(_new(Event, ("settle", name, None, net, *_NONE6, s.reason, s.ante_net, s.raise_net)))
            position: PositionResult = {
                "player": name,
                "ante": ante,
                "raise": raised,
                "raises": raises[name],
                "ante_net": s.ante_net,
                "raise_net": s.raise_net,
                "side_net": s.side_net,
                "net": net,
                "reason": s.reason,
            }
            if side_bets and side_stakes is not None:  # (chosen: a hand of the game's own is as it always was)
                position["side_bets"] = {bet: {"stake": chips, "net": won} for bet, chips, won in s.side_bets}
            positions.append(position)
        self.contrib = [0] * self.n
        self.positions = positions
        self.house_net = -total
        self._end()

    def _make_void(self, reason: str) -> None:
        self.void = reason
        self.events.append(Event("void", None, None, reason=reason))
        self.stacks = list(self.start)
        self.contrib = [0] * self.n
        self.dead_chips = None
        self.bets = [0] * self.n
        self.pots_result = []
        if self.variant.is_banked:
            self.positions = [
                {
                    "player": p,
                    "ante": self.antes[i] if self.antes else 0,
                    "raise": None,
                    "ante_net": 0,
                    "raise_net": 0,
                    "net": 0,
                    "reason": "void",
                }
                for i, p in enumerate(self.players)
            ]
            stakes = self.side_stakes
            if stakes is not None:  # the side bets chosen, returned with the rest
                for i, position in enumerate(self.positions):
                    position["side_bets"] = {bet: {"stake": chips, "net": 0} for bet, chips in stakes[i].items()}
            self.house_net = 0
        self._end()

    def _declare_void(self, action: Action) -> None:
        if action.player not in (DEALER, HOUSE):
            raise IllegalActionError(
                f"'{action}': only the dealer declares a hand void (write 'dealer void')", self.legal_actions()
            )
        if not self.variant.void.declared:
            raise IllegalActionError(
                f"'{action}': {self.variant.name} does not let the dealer declare a hand void", self.legal_actions()
            )
        if self.over:
            raise IllegalActionError(f"'{action}': the hand is over")
        self.actions.append(action)
        self._make_void("declared by the dealer")
