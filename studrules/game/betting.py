"""The betting rounds of a :class:`~studrules.game.hand.Hand`: starting a
round, the legal amounts (fixed, pot and no limit, alternatives, caps), and
carrying out checks, calls, bets, completions, raises and folds (who brings
in and who acts first: :mod:`studrules.game.turns`).

:class:`_Betting` is one part of :class:`~studrules.game.hand.Hand`, which
runs the steps; every attribute is declared in :class:`~studrules.game.state._HandState`.
"""

from __future__ import annotations

from ..errors import SpecError
from .actions import _KNOWN, Action, LegalAction, _known, _option
from .events import Event
from .plan import _BettingPlan
from .state import _Round
from .turns import _Turns

_new = tuple.__new__
_FOLD = LegalAction("fold")
_CHECK = LegalAction("check")
_CHECK_ONLY = (_CHECK,)
_CHECK_FOLD = (_CHECK, _FOLD)
_FOLD_ONLY = (_FOLD,)
_CALL_OF = _KNOWN["call"]  # a call's legal action by its amount (see _known)
_RAISE_TO = _KNOWN["raise"]  # a fixed-limit raise's by its total
_BET_TO = _KNOWN["bet"]
_NO_MORE = (None,) * 10  # an event's fields after its type, player and round, none given


class _Betting(_Turns):
    """The betting part of :class:`~studrules.game.hand.Hand`."""

    __slots__ = ()

    def _start_round(self, rules: _BettingPlan) -> None:
        self.round_rules = rules
        step = rules.step
        n = self.n
        folded = self.folded
        in_hand = self._in
        if len(in_hand) < 2:
            return
        bet = rules.bet
        if bet is None:  # worked out before the round starts: a bad amount changes nothing
            env = self._env()
            env["round"] = self.round + 1
            bet = int(step.bet(env))
            if bet <= 0:
                raise SpecError(
                    f"the bet of betting round {self.round + 1} works out to {bet} at this table "
                    f"(pot {env['pot']}, {env['players_in']} players in): a bet is at least 1 chip",
                    step.bet.location,
                )
        rnd = self.round = self.round + 1
        checks = self._seating.checks.get(rnd)
        self._checks = checks if checks is not None else self._seating.check_row(rnd, n)
        record = _Round(rnd)
        self.rounds.append(record)
        self._last_round = record
        if rnd == 1 and any(self.live_ante):
            bets = self.bets = list(self.live_ante)
            cur = self.cur = max(bets)
        else:
            bets = self.bets = [0] * n
            cur = self.cur = 0
        self.raises = 0
        self.capped = False
        self.bring_in_due = False
        self.size_lock = None
        self._sizes_memo = None
        self.acted = [False] * n
        self.bet_size = bet
        self.full_size = bet
        # live antes smaller than a bet do not open the round: the first wager completes them
        self.opened = cur > 0 and cur >= bet
        stacks = self.stacks
        margin = rules.deep_margin
        # deep: every stack is more than the bet to call can reach in this round, so nobody can be all
        # in (each bet or raise is full) and a bet or raise can always be called (_betting_legal)
        self._deep = margin is not None and min(stacks) > cur + margin
        if 0 in stacks:  # (else every player in has chips: two or more)
            able = 0  # players in with chips left: how many, and the last of them
            last = 0
            for i in in_hand:
                if stacks[i] > 0:
                    able += 1
                    last = i
            if not able or (able == 1 and bets[last] >= max(bets[i] for i in in_hand)):
                return  # nobody left to bet against
        first = None
        if step.bring_in is not None:
            first = self._bring_in_seat(step.bring_in)
            if first is not None and stacks[first] > 0:
                self.bring_in_due = True
            elif first is not None and step.bring_in.low_card_all_in == "next_player":
                # the low card is all in: the next player with chips opens for at least the bring-in, or folds
                first = self._next_able(first)
                self.bring_in_due = True
                record.bring_in_fold = True
        if first is None or not self.bring_in_due:
            first = self._first_to_act(step, in_hand)
        if stacks[first] == 0 or folded[first]:
            first = self._next_able(first)
        self.phase = "betting"
        self.to_act_seat = first
        self._legal = None
        record.first = first
        record.played = True

    def _raise_allowed(self) -> bool:
        rules = self.round_rules
        cap = rules.cap if rules.cap_rule is None else self._cap_now()
        if cap is None:
            return True
        if self.capped:
            return False
        if self.raises < cap:
            return True
        return rules.step.heads_up_uncapped and self._heads_up()

    def _heads_up(self) -> bool:
        """Two players, not counting those all in, are left to bet against each other."""
        stacks = self.stacks
        return sum(1 for i in self._in if stacks[i] > 0) <= 2

    def _cap_now(self) -> int | None:
        """The raises allowed after the opening bet, as the table stands (None: no cap)."""
        rules = self.round_rules
        rule = rules.cap_rule
        return rules.cap if rule is None else int(rule(self._env()))

    def raises_left(self) -> int | None:
        """Raises still allowed in the betting round under way (None: no cap now, or no round), for a header."""
        if self.phase != "betting":
            return None
        if self.capped:
            return 0
        cap = None if self.round_rules.step.heads_up_uncapped and self._heads_up() else self._cap_now()
        return None if cap is None else max(0, cap - self.raises)

    def _sizes(self, kind: str) -> tuple[int, ...]:
        """Fixed-limit bet sizes allowed now for a bet (``bet``) or a raise (``raise``), smallest first."""
        if self.size_lock is not None:
            return (self.size_lock,)
        rules = self.round_rules
        alts = rules.alts
        if not alts:
            return (self.bet_size,)
        steady = rules.alts_steady
        if steady:  # the same answer in the round until a player folds (open_pair, heads_up): kept until then
            memo = self._sizes_memo
            if memo is None:
                memo = self._sizes_memo = {}
            known = memo.get(kind)
            if known is not None:
                return known
        sizes = {self.bet_size}
        env = self._env()
        for alt, value in alts:
            if kind in alt.actions and alt.when(env):
                sizes.add(value if value is not None else int(alt.bet(env)))
        out = tuple(sorted(sizes))
        if steady:
            self._sizes_memo[kind] = out  # type: ignore[index]  # (set above)
        return out

    def _betting_legal(self, seat: int) -> tuple[LegalAction, ...]:
        """What the player to act (``seat``) may do in a betting round."""
        rules = self.round_rules
        stacks = self.stacks
        stack = stacks[seat]
        mine = self.bets[seat]
        all_in = mine + stack
        if self.bring_in_due:
            amount = self._bring_in_amount(seat)
            out = [_known("bring-in", amount)]
            bring_in = rules.step.bring_in
            if bring_in is not None and bring_in.complete and all_in > amount and amount < self.bet_size:
                out.append(self._bet_option("complete", seat, all_in))
            if self._last_round.bring_in_fold:
                out.insert(0, _FOLD)
            return tuple(out)
        cur = self.cur
        to_call = cur - mine
        head: tuple[LegalAction, ...]
        if to_call > 0:
            if to_call > stack:
                to_call = stack
            head = (_FOLD, _CALL_OF.get(to_call) or _known("call", to_call))
        elif rules.check_always or (rules.check is None and rules.step.check(self._env())):  # type: ignore[misc]
            head = _CHECK_FOLD if rules.open_fold else _CHECK_ONLY  # (open fold: he may give up his hand unbet)
        else:
            head = _FOLD_ONLY
        if self.acted[seat] or (
            not self._deep and (all_in <= cur or (min(stacks) <= cur and self._others_all_in(seat)))
        ):
            return head
        if cur == 0:
            if rules.one_size:  # _bet_option's answer: the bet, or all in
                total = self.bet_size if self.size_lock is None else self.size_lock
                return head + (
                    _BET_TO.get(total if total < all_in else all_in) or self._bet_option("bet", seat, all_in),
                )
            return head + (self._bet_option("bet", seat, all_in),)
        if not self.opened:
            return head + (self._bet_option("complete", seat, all_in),)
        if (
            # _raise_allowed's answer when the cap is a number not reached yet, without the call
            (rules.cap_fixed and not self.capped and self.raises < rules.cap)  # type: ignore[operator]
            or self._raise_allowed()
        ) and (rules.check_raise or seat not in self._last_round.checked):
            if rules.one_size:  # _raise_option's answer: the size more, or all in
                total = cur + (self.bet_size if self.size_lock is None else self.size_lock)
                if total > all_in:
                    total = all_in
                return head + (_RAISE_TO.get(total) or _known("raise", total),)
            option = self._raise_option(seat, all_in)
            if option is not None:
                return head + (option,)
        return head

    def _others_all_in(self, seat: int) -> bool:
        """Every other player still in is all in, or has no more chips than
        the bet to call: a bet or raise could not be called, so none is
        offered (only check, call or fold)."""
        stacks = self.stacks
        cur = self.cur
        if min(stacks) > cur:  # the common case, at C speed
            return False
        bets = self.bets
        return all(stacks[j] + bets[j] <= cur for j in self._in if j != seat)

    def _bring_in_amount(self, seat: int) -> int:
        rules = self.round_rules
        amount = rules.bring_in
        if amount is None:
            bring_in = rules.step.bring_in
            assert bring_in is not None  # (a bring-in is due only in a round that has one)
            amount = int(bring_in.amount(self._env()))
        return min(amount, self.stacks[seat])

    def _bet_option(self, verb: str, seat: int, all_in: int) -> LegalAction:
        rules = self.round_rules
        if rules.fixed:
            cur = self.cur
            if not rules.alts or self.size_lock is not None:  # one size: the bet or the size an alternative locked
                size = self.bet_size if self.size_lock is None else self.size_lock
                total = size if size < all_in else all_in
                return _known(verb, total if total > cur else all_in)
            sizes = self._sizes("bet")
            if all_in >= sizes[-1] and sizes[0] > cur:  # every size in full
                return _option(verb, to=sizes)
            totals = sorted({min(s, all_in) for s in sizes})
            totals = [t for t in totals if t > cur] or [all_in]
            return _option(verb, to=tuple(totals))
        structure = rules.step.structure
        low = min(self.bet_size, all_in)
        if low <= self.cur:
            low = min(self.cur + 1, all_in)
        high = all_in
        if structure == "pot_limit":
            high = min(all_in, max(low, self._pot_limit_total(seat)))
        elif structure == "spread_limit":
            high = min(all_in, max(low, self._max_bet_now()))
        return _option(verb, low=low, high=high)

    def _max_bet_now(self) -> int:
        """The top of a spread limit: the largest bet, and the most a raise adds."""
        rules = self.round_rules
        rule = rules.max_bet_rule
        if rule is not None:
            return int(rule(self._env()))
        assert rules.max_bet is not None  # (a spread-limit round has its max_bet: checked at load)
        return rules.max_bet

    def _pot_limit_total(self, seat: int) -> int:
        """The largest total a pot-limit bet or raise may reach: call, then the pot."""
        to_call = self.cur - self.bets[seat]
        return self.cur + self.pot + to_call

    def _raise_option(self, seat: int, all_in: int) -> LegalAction | None:
        rules = self.round_rules
        step = rules.step
        cur = self.cur
        limit = step.max_raise_multiple * cur if step.max_raise_multiple else None
        if rules.fixed:
            if not rules.alts or self.size_lock is not None:  # one size: the bet or the size an alternative locked
                total = cur + (self.bet_size if self.size_lock is None else self.size_lock)
                if total > all_in:
                    total = all_in
                if total <= cur or (limit is not None and total > limit):
                    return None
                return _known("raise", total)
            sizes = self._sizes("raise")
            if limit is None and cur + sizes[-1] <= all_in and sizes[0] > 0:  # every size in full
                return _option("raise", to=tuple([cur + s for s in sizes]))
            totals = sorted({min(cur + s, all_in) for s in sizes})
            if limit is not None:
                totals = [t for t in totals if t <= limit]
            totals = [t for t in totals if t > cur]
            return _option("raise", to=tuple(totals)) if totals else None
        spread = step.structure == "spread_limit"
        low = cur + (self.bet_size if spread else self.full_size)
        high = all_in
        if step.structure == "pot_limit":
            high = min(high, self._pot_limit_total(seat))
        elif spread:
            high = min(high, cur + self._max_bet_now())
        if limit is not None:
            high = min(high, limit)
        if high <= cur:
            return None
        low = min(low, all_in)
        if low > high:
            low = high
        return _option("raise", low=low, high=high)

    def _check_or_call_at(self, seat: int) -> bool:
        """``seat`` checks (nothing to call) or calls, no bring-in due and checking
        plain; then the next player to act. True when the round is over (the
        hand then goes on: hand.check_or_call and apply)."""
        bets = self.bets
        mine = bets[seat]
        cur = self.cur
        if mine >= cur:
            checks = self._checks  # (the round's check events, shared)
            event = checks[seat]
            if event is None:
                event = checks[seat] = _new(Event, ("check", self.players[seat], self.round) + _NO_MORE)
            self.events.append(event)
            stacks = self.stacks
        else:
            stacks = self.stacks
            stack = stacks[seat]
            amount = cur - mine
            if amount > stack:
                amount = stack
            stacks[seat] = stack - amount
            bets[seat] = mine + amount
            self.contrib[seat] += amount
            self.events.append(
                _new(
                    Event,
                    (
                        "call",
                        self.players[seat],
                        self.round,
                        amount,
                        mine + amount,
                        None,
                        None,
                        None,
                        None,
                        None,
                        None if stack > amount else "all in",
                        None,
                        None,
                    ),
                )
            )
        acted = self.acted
        acted[seat] = True
        # the next player to act: _next_turn's search, written out here (a call costs ~5% of a
        # decision); a check or a call leaves two or more players in, so its test for a last player is not needed
        folded = self.folded
        for j in self._rotation[seat]:
            if not folded[j] and stacks[j] and (not acted[j] or bets[j] < cur):
                self.to_act_seat = j
                return False
        self.to_act_seat = None
        self.phase = "between"
        return not self.over

    def _apply_bet(self, seat: int, action: Action) -> None:
        verb = action.verb
        # the common actions are checked directly; the others against legal_actions()
        if not self.bring_in_due and (
            (verb == "call" and action.amount is None and self.bets[seat] < self.cur)
            or (verb == "check" and self.bets[seat] >= self.cur and self.round_rules.plain_check)
        ):
            self._check_or_call_at(seat)  # (apply goes on when the round is over)
            return
        mine = self.bets[seat]
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        for option in legal:
            if option.action == verb:
                break
        else:
            raise self._illegal(action, f"{action.player} cannot {verb} now")
        if verb == "fold":
            self.folded[seat] = True
            self._in.remove(seat)
            self._sizes_memo = None  # (the players in changed)
            self.events.append(_new(Event, ("fold", self.players[seat], self.round) + _NO_MORE))
        elif verb == "raise" or verb == "bet" or verb == "complete":
            total = action.amount
            to = option.to
            if total is None:
                if to is not None and len(to) == 1:
                    total = to[0]
                elif option.min is not None and option.min == option.max:
                    total = option.min
                else:
                    raise self._illegal(action, f"say the total to {verb} to")
            if not (total in to if to is not None else option.allows(total)):
                raise self._illegal(action, f"{total} is not an allowed total")
            self._aggress(seat, verb, total)
        elif verb == "check":
            self.acted[seat] = True
            if not self.round_rules.check_raise:
                record = self._last_round
                record.checked = record.checked | {seat}
            self.events.append(Event("check", self.players[seat], self.round))
        elif verb == "call":
            chips = option.amount
            assert chips is not None  # (a call says its amount)
            if action.amount is not None and action.amount not in (chips, mine + chips):
                raise self._illegal(action, f"a call is {chips}")
            self._put(seat, chips)
            self.acted[seat] = True
            self.events.append(
                Event(
                    "call",
                    self.players[seat],
                    self.round,
                    chips,
                    self.bets[seat],
                    reason="all in" if self.stacks[seat] == 0 else None,
                )
            )
        else:  # bring-in
            chips = option.amount
            assert chips is not None  # (a bring-in says its amount)
            if action.amount is not None and action.amount != chips:
                raise self._illegal(action, f"the bring-in is {chips}")
            self._bring_in(seat, chips)
        self._next_turn(seat)

    def _bring_in(self, seat: int, amount: int) -> None:
        stacks, bets = self.stacks, self.bets
        stacks[seat] -= amount
        total = bets[seat] = bets[seat] + amount
        self.contrib[seat] += amount
        self.acted[seat] = True
        self.bring_in_due = False
        if total > self.cur:
            self.cur = total
        if amount >= self.bet_size:
            self.opened = True
            self._last_round.aggressive.append((seat, "bet"))
        self.events.append(
            _new(
                Event,
                (
                    "bring_in",
                    self.players[seat],
                    self.round,
                    amount,
                    total,
                    None,
                    None,
                    None,
                    None,
                    None,
                    "all in" if stacks[seat] == 0 else None,
                    None,
                    None,
                ),
            )
        )

    def _put(self, seat: int, amount: int) -> None:
        self.stacks[seat] -= amount
        self.bets[seat] += amount
        self.contrib[seat] += amount

    def _aggress(self, seat: int, verb: str, total: int) -> None:
        rules = self.round_rules
        old = self.cur
        bets, stacks = self.bets, self.stacks
        put = total - bets[seat]
        stack = stacks[seat] - put
        raised = verb == "raise"
        size = total - old if raised else total  # the raise, or the bet
        fixed = rules.fixed
        if fixed:  # a full bet or raise is at least the least size allowed
            least = self.size_lock
            if least is None:
                least = self._sizes("raise" if raised else "bet")[0] if rules.alts else self.bet_size
            # (short_all_in half_bet: an all-in of at least half a bet counts as a full one: it reopens and counts)
            full = size >= least or (not stack and rules.half_bet and 2 * size >= least)
            if full and rules.alts:
                env = None
                for alt, value in rules.alts:
                    if value is None:
                        env = env or self._env()
                        value = int(alt.bet(env))
                    if alt.sticky and size == value and value != self.bet_size:
                        self.size_lock = value
        elif raised:
            full = size >= (self.bet_size if rules.step.structure == "spread_limit" else self.full_size)
        else:
            full = total >= self.bet_size
        stacks[seat] = stack
        bets[seat] = total
        self.contrib[seat] += put
        self.cur = total
        self.bring_in_due = False
        if full:
            acted = self.acted = [False] * self.n  # the others act again
            if raised or (verb == "complete" and old and rules.completion_is_raise):
                # (a completion of the posted bring-in counts as a raise where the house says so)
                raises = self.raises = self.raises + 1
                cap = rules.cap if rules.cap_rule is None else self._cap_now()
                if cap is not None and raises >= cap and not (rules.step.heads_up_uncapped and self._heads_up()):
                    self.capped = True
                if not fixed:
                    self.full_size = size if raised else max(total, self.bet_size)
            elif not fixed:
                self.full_size = max(total, self.bet_size)
        else:
            acted = self.acted
        acted[seat] = True
        self.opened = True
        self._last_round.aggressive.append((seat, verb))
        self.events.append(
            _new(
                Event,
                (
                    verb,
                    self.players[seat],
                    self.round,
                    put,
                    total,
                    None,
                    None,
                    None,
                    None,
                    None,
                    None if stack else "all in",
                    None,
                    None,
                ),
            )
        )
