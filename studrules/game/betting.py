"""The betting rounds of a :class:`~studrules.game.hand.Hand`: starting a
round, the legal actions, and carrying out checks, calls, bets, completions,
raises and folds (the sizes allowed: :mod:`studrules.game.bet_sizes`; who
brings in and who acts first: :mod:`studrules.game.turns`).

:class:`_Betting` is one part of :class:`~studrules.game.hand.Hand`, which
runs the steps; every attribute is declared in :class:`~studrules.game.state._HandState`.
"""

from __future__ import annotations

from ..errors import SpecError
from .actions import _KNOWN, Action, LegalAction, _known
from .bet_sizes import _BetSizes
from .events import Event
from .plan import _TWO_OR_MORE, _BettingPlan
from .state import _Round

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


class _Betting(_BetSizes):
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
        record = self._new_round(rules, bet)
        if record.number == 1 and any(self.live_ante):
            bets = self.bets = list(self.live_ante)
            cur = self.cur = max(bets)
        else:
            bets = self.bets = [0] * n
            cur = self.cur = 0
        self.bring_in_due = False
        # live antes smaller than a bet do not open the round: the first wager completes them
        self.opened = cur > 0 and cur >= bet
        stacks = self.stacks
        margin = rules.deep_margin
        # deep: every stack is more than the bet to call can reach in this round, so nobody can be all
        # in (each bet or raise is full) and a bet or raise can always be called (_betting_legal)
        self._deep = margin is not None and min(stacks) > cur + margin
        self._plain_round = self._deep and rules.plain
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

    def _new_round(self, rules: _BettingPlan, bet: int) -> _Round:
        """What every betting round starts with, both ways (_start_round, _start_plain): its
        number, rules, record, shared check and fold events, no raise yet, nobody acted, the
        bet. The bets to call and who acts first are the caller's."""
        rnd = self.round = self.round + 1
        self.round_rules = rules
        checks = self._seating.checks.get(rnd)
        self._checks = checks if checks is not None else self._seating.check_row(rnd, self.n)
        record = self._last_round = _Round(rnd)
        self.rounds.append(record)
        self.raises = 0
        self.capped = False
        self.size_lock = None
        self._sizes_memo = None
        self.acted = [False] * self.n
        self.bet_size = self.full_size = bet
        return record

    def _start_plain(self, rules: _BettingPlan) -> bool:
        """_start_round's short way for a round that is plain and has a short start
        (``rules.start``), where two or more players are in, every stack is deep and no live
        ante is posted. False, nothing done, elsewhere."""
        in_hand = self._in
        margin: int = rules.deep_margin  # type: ignore[assignment]  # (plain: known)
        if len(in_hand) < 2 or min(self.stacks) <= margin or (not self.round and any(self.live_ante)):
            return False
        record = self._new_round(rules, rules.bet)  # type: ignore[arg-type]  # (plain: known)
        self.bets = [0] * self.n
        self.cur = 0
        self.opened = False
        self._deep = self._plain_round = True
        start = rules.start
        first: int | None
        if start == "bring_in":  # the lowest (or highest) up card brings in; none shown: the rule's first
            first = self._bring_in_seat(rules.step.bring_in)  # type: ignore[arg-type]  # (a bring-in: start)
            self.bring_in_due = first is not None
        else:  # the best (worst) board speaks first; a tie, or no card shown: the rule breaks it
            self.bring_in_due = False
            tied = self._best_visible(in_hand, start)  # type: ignore[arg-type]  # (True or False)
            first = tied[0] if len(tied) == 1 else None
        if first is None:
            first = self._first_to_act(rules.step, in_hand)
        self.phase = "betting"
        self.to_act_seat = first
        self._legal = None
        record.first = first
        record.played = True
        return True

    def legal_actions(self) -> tuple[LegalAction, ...]:
        """What the player to act may do, with the allowed amounts (empty when the hand is over)."""
        legal = self._legal
        if legal is not None:
            return legal
        seat = self.to_act_seat
        if not self._plain_round or self.phase != "betting" or seat is None:
            legal = self._legal = self._compute_legal()  # (a betting round's: _betting_legal)
            return legal
        rules = self.round_rules
        cur = self.cur
        # _betting_legal's answer where every stack is deep and the round plain: each size in full
        if self.bring_in_due:  # the bring-in (its amount known), or completing to each bet size
            amount: int | None = rules.bring_in
            if cur or amount is None:
                legal = self._legal = self._betting_legal(seat)
                return legal
            legal = (_known("bring-in", amount),)
            if rules.step.bring_in.complete and amount < self.bet_size:  # type: ignore[union-attr]  # (one is due)
                legal += (_known("complete", self.bet_size) if rules.one_size else self._sized("complete", 0),)
            self._legal = legal
            return legal
        mine = self.bets[seat]
        more = None  # the bet, completion or raise he may make, if any
        if not self.acted[seat]:
            lock = self.size_lock
            size = self.bet_size if lock is None else lock
            one = rules.one_size or lock is not None
            if cur == 0:
                more = (_BET_TO.get(size) or _known("bet", size)) if one else self._sized("bet", 0)
            elif not self.opened:
                more = _known("complete", size) if one else self._bet_option("complete", seat, mine + self.stacks[seat])
            elif not self.capped and (self.raises < rules.cap or rules.raise_room):  # type: ignore[operator]
                # (the cap a number: plain; past it and not capped: heads-up with no cap)
                if one:
                    more = _RAISE_TO.get(cur + size) or _known("raise", cur + size)
                else:  # (the round's raise options are kept by the bet to call: _sized)
                    memo = self._sizes_memo
                    more = (memo.get(cur) if memo is not None else None) or self._sized("raise", cur)
        # fold and call, or check (and fold, where an open fold is allowed), then the bet, completion or
        # raise: each tuple made at once
        to_call = cur - mine
        if to_call > 0:
            call = _CALL_OF.get(to_call) or _known("call", to_call)
            legal = (_FOLD, call) if more is None else (_FOLD, call, more)
        elif more is None:
            legal = _CHECK_FOLD if rules.open_fold else _CHECK_ONLY
        else:
            legal = (_CHECK, _FOLD, more) if rules.open_fold else (_CHECK, more)
        self._legal = legal
        return legal

    def _betting_legal(self, seat: int) -> tuple[LegalAction, ...]:
        """What the player to act (``seat``) may do in a betting round (legal_actions has
        the answer of a plain round with every stack deep, the short way)."""
        rules = self.round_rules
        head: tuple[LegalAction, ...]
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
        if to_call > 0:
            if to_call > stack:
                to_call = stack
            head = (_FOLD, _CALL_OF.get(to_call) or _known("call", to_call))
        elif rules.check_always or (rules.check is None and rules.step.check(self._env())):  # type: ignore[misc]
            head = _CHECK_FOLD if rules.open_fold else _CHECK_ONLY  # (open fold: he may give up his hand unbet)
        else:  # he may not check: he must bet (or fold, with an open fold)
            head = _FOLD_ONLY if rules.open_fold else ()
        if self.acted[seat] or (
            not self._deep and (all_in <= cur or (min(stacks) <= cur and self._others_all_in(seat)))
        ):
            return head or _FOLD_ONLY  # (nothing to bet: he may give up his hand)
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
        return head or _FOLD_ONLY

    def _past_cap(self, room: int) -> None:
        """Heads-up with no cap, a raise past the cap: the round's margin no longer bounds
        the bet to call, so the stacks stay deep (the short ways hold) only while each
        player in covers the bet to call and ``room`` more (a raise, one to spare)."""
        stacks, bets, cur = self.stacks, self.bets, self.cur + room
        for j in self._in:
            if stacks[j] + bets[j] <= cur:
                self._deep = self._plain_round = False
                return

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
            if stack > amount:  # (his event made once for the seating)
                key = ("call", seat, self.round, amount, mine + amount)
                self.events.append(self._seating.wagers.get(key) or self._seating.wager(key))
            else:
                self.events.append(
                    Event("call", self.players[seat], self.round, amount, mine + amount, reason="all in")
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

    def _fold_or_aggress_plain(self, seat: int, verb: str, total: int | None) -> bool:
        """In a plain round with every stack deep: ``seat`` folds, or bets, raises or
        completes to ``total`` (allowed; a completion may stand for the bring-in due), then
        the next player's turn: what _take, _aggress and _next_turn do there, in one call
        (_aggress has no short way of its own). True when the round is over (the hand then
        goes on: hand.act)."""
        rules = self.round_rules
        if verb == "fold":  # (_fold_at, written out: a fold is a call shorter)
            self.folded[seat] = True
            in_hand = self._in
            in_hand.remove(seat)
            if not rules.alts_fold_steady or self.up_key[seat] & _TWO_OR_MORE:
                self._sizes_memo = None  # (the players in changed what the alternatives read)
            self.events.append(self._checks[self.n + seat] or self._fold_event(seat))
            if len(in_hand) == 1:
                self.to_act_seat = None
                self._win_uncontested()
                return False
            acted = self.acted
            cur = self.cur
        else:  # every bet, raise or completion full, none all in (_aggress's short way)
            to: int = total  # type: ignore[assignment]  # (a bet, raise or completion has its total)
            old = self.cur
            bets, stacks = self.bets, self.stacks
            put = to - bets[seat]
            raised = verb == "raise"
            if rules.alts:
                size = to - old if raised else to
                for alt, value in rules.alts:  # (each value known: plain)
                    if alt.sticky and size == value and value != self.bet_size:
                        self.size_lock = value
            stacks[seat] -= put
            bets[seat] = to
            self.contrib[seat] += put
            cur = self.cur = to
            self.bring_in_due = False  # (a completion instead of the bring-in)
            acted = self.acted = [False] * self.n  # the others act again
            acted[seat] = True
            if raised or (verb == "complete" and old and rules.completion_is_raise):
                raises = self.raises = self.raises + 1
                if raises >= rules.cap:  # type: ignore[operator]  # (a number: plain)
                    if rules.raise_room and len(self._in) == 2:  # heads-up, no cap (nobody is all in)
                        self._past_cap(rules.raise_room)
                    else:
                        self.capped = True
            self.opened = True
            self._last_round.aggressive.append((seat, verb))
            key = (verb, seat, self.round, put, to)  # (nobody all in: his event made once for the seating)
            self.events.append(self._seating.wagers.get(key) or self._seating.wager(key))
        # the next player to act (_next_turn's search; nobody is all in: every stack is deep)
        folded, bets = self.folded, self.bets
        for j in self._rotation[seat]:
            if not folded[j] and (not acted[j] or bets[j] < cur):
                self.to_act_seat = j
                return False
        self.to_act_seat = None
        self.phase = "between"
        return not self.over

    def _fold_at(self, seat: int) -> None:
        """``seat`` folds in a betting round: out of the hand, its fold event (shared by the
        round's hands), and the alternatives' sizes forgotten where the fold changes them
        (the caller finds who acts next)."""
        self.folded[seat] = True
        self._in.remove(seat)
        if not self.round_rules.alts_fold_steady or self.up_key[seat] & _TWO_OR_MORE:
            self._sizes_memo = None  # (the players in changed what the alternatives read)
        self.events.append(self._checks[self.n + seat] or self._fold_event(seat))

    def _fold_event(self, seat: int) -> Event:
        """``seat``'s fold event in this round, made once into the round's check and fold
        events (``_checks``: each seat's check, then each seat's fold; shared by the hands)."""
        event = self._checks[self.n + seat] = _new(Event, ("fold", self.players[seat], self.round) + _NO_MORE)
        return event

    def _apply_bet(self, seat: int, action: Action) -> None:
        verb = action.verb
        # the common actions are checked directly; the others against legal_actions()
        if not self.bring_in_due and (
            (verb == "call" and action.amount is None and self.bets[seat] < self.cur)
            or (verb == "check" and self.bets[seat] >= self.cur and self.round_rules.plain_check)
        ):
            self._check_or_call_at(seat)  # (apply goes on when the round is over)
            return
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        for option in legal:
            if option.action == verb:
                break
        else:
            raise self._illegal(action, f"{action.player} cannot {verb} now")
        total = action.amount
        if verb == "raise" or verb == "bet" or verb == "complete":
            to = option.to
            if total is None:
                total = option.only_total()
                if total is None:
                    raise self._illegal(action, f"say the total to {verb} to")
            if not (total in to if to is not None else option.allows(total)):
                raise self._illegal(action, f"{total} is not an allowed total")
        elif verb == "call":
            if total is not None and total not in (option.amount, self.bets[seat] + option.amount):  # type: ignore[operator]
                raise self._illegal(action, f"a call is {option.amount}")
        elif verb == "bring-in" and total is not None and total != option.amount:
            raise self._illegal(action, f"the bring-in is {option.amount}")
        self._take(seat, option, total)

    def _take(self, seat: int, option: LegalAction, total: int | None) -> None:
        """``seat`` does ``option``, one of the legal actions now (``total``: the
        total of a bet, raise or completion, checked), then the next player's
        turn (the round may end: the caller goes on)."""
        verb = option.action
        if self._plain_round and verb != "check" and verb != "call" and verb != "bring-in":
            self._fold_or_aggress_plain(seat, verb, total)  # (a fold, bet, raise or completion: one short way)
            return
        if verb == "fold":
            self._fold_at(seat)
        elif verb == "raise" or verb == "bet" or verb == "complete":
            self._aggress(seat, verb, total)  # type: ignore[arg-type]  # (checked by the caller)
        elif verb == "check":
            self.acted[seat] = True
            if not self.round_rules.check_raise:
                record = self._last_round
                record.checked = record.checked | {seat}
            self.events.append(Event("check", self.players[seat], self.round))
        elif verb == "call":
            chips = option.amount
            assert chips is not None  # (a call says its amount)
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
        if stacks[seat]:  # (not all in: his event made once for the seating)
            key = ("bring_in", seat, self.round, amount, total)
            self.events.append(self._seating.wagers.get(key) or self._seating.wager(key))
        else:
            self.events.append(Event("bring_in", self.players[seat], self.round, amount, total, reason="all in"))

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
            full = size >= self.full_size
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
                if cap is not None and raises >= cap:
                    if not (rules.step.heads_up_uncapped and self._heads_up()):
                        self.capped = True
                    elif self._deep and rules.raise_room:
                        self._past_cap(rules.raise_room)
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
