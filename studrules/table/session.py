"""Sessions: hand after hand at one table, the house rules switching between hands.

A :class:`Session` seats the players clockwise and plays hands in a row:

- stacks carry over from hand to hand;
- the dealer position moves one seat clockwise each hand: the players of a
  hand are listed from the dealer's left, so the list rotates;
- the variant of each hand is chosen from the session's list in turn
  (``rotate="turn"``) or by the dealer (``rotate="dealer"``, a seeded choice);
  every switch is announced with the rule differences from the previous hand
  (:func:`studrules.analysis.diff.diff`);
- a player who cannot afford a hand of any of the games (a pot game: no chips left; a
  game against the house: not enough for an ante, the side bets and the raises) leaves;
  one who can afford some game, but not the next hand's, sits that hand out (a game
  that too few can afford is passed over in turn, and not offered to the dealer);
  where the table lets him buy in again (``may_buy_again``), he stays seated out
  of chips and plays again once he does (:meth:`Session.rebuy`), and while no
  hand can be dealt without him the session waits for him rather than end;
- in a game against the house a player may choose his ante and his side bets
  (:meth:`Session.begin_next`), from hand to hand;
- a variant's ``kill`` carries from hand to hand: the session counts each
  player's legs (hands he wins whole, in a row) and passes the killer to
  the next hand of a game with a kill;
- the session ends when one player has every chip, when fewer players remain
  than a game needs, or after ``hands`` hands; :meth:`Session.summary` gives
  the hands played and each player's chips bought, final stack, net (against
  every chip he bought) and hands won.

Pot games only move chips between the players, so their total is conserved;
in a game against the house each position plays its own stack against the
house (the summary also gives the house's net)::

    >>> from studrules.game.policies import CheckCall
    >>> from studrules.spec.loader import load_variant_text
    >>> from studrules.spec.examples import example_text
    >>> text = example_text("one-round")
    >>> dearer = load_variant_text(text.replace("one-round", "dearer"), stakes={"ante": 5})
    >>> s = Session([load_variant_text(text), dearer], ["Ann", "Bob", "Cat"],
    ...             {p: CheckCall() for p in ("Ann", "Bob", "Cat")}, stacks=100, hands=4, seed=1)
    >>> reports = s.play()
    >>> [r.dealer for r in reports], [r.variant.name for r in reports][:2]
    (['Cat', 'Ann', 'Bob', 'Cat'], ['one-round', 'dearer'])
    >>> sum(s.stacks.values())
    300
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..errors import ArgumentError, StudrulesError
from ..game.needs import chips_needed
from ..game.policies import Policy, play_hand
from .antes import position_antes
from .kill_legs import legs_after
from .seating import _Seating, games_once
from .session_arguments import (
    count_or_none,
    known_to_some,
    session_choices,
    session_game,
    session_games,
    session_players,
    session_policies,
    session_stacks,
)
from .session_report import HandReport, SessionSummary
from .side_bets import chosen_stakes, fitted_side_bets

if TYPE_CHECKING:
    from ..analysis.diff import Difference
    from ..game.hand import Hand

__all__ = ["Session", "HandReport", "SessionSummary", "ROTATIONS"]

#: How the game changes between hands: ``turn`` (each variant in turn) or
#: ``dealer`` (the dealer picks, seeded).
ROTATIONS = ("turn", "dealer")


class Session(_Seating):
    """Many hands in a row at one table (see the module's documentation).

    ``variants``: names, paths or loaded variants (``options``/``stakes`` apply
    to those loaded by name, each only the options it has). ``players``:
    names clockwise; the first sits at the first dealer's left.
    ``policies``: who decides for each player. ``stacks``: one number, a list
    or a mapping. ``hands``: the most hands to play (None: until one player
    has the chips). ``history``: a :class:`~studrules.records.history.HistoryWriter`
    that receives each hand as it ends. ``on_start``: called with each
    hand's :class:`HandReport` (``result`` still None) before it is played,
    to announce it; :attr:`current` is the hand being played.
    ``dealer_choice``: with ``rotate="dealer"``, called with the dealer's name
    and the variants before each hand; the variant it returns is played (None:
    the seeded choice stands), so a person who deals chooses the game.
    ``keep_hands``: how many of the last reports keep their played
    :class:`~studrules.game.hand.Hand` (its events, views and cards: about
    20 KB a hand); older reports keep their result and drop the hand, so a
    session's memory stays flat however long it runs (the whole of each hand
    goes to ``history``). ``None`` keeps every hand. ``keep_reports``: how
    many of the last reports :attr:`reports` keeps (``None``: all of them;
    :attr:`played` counts every hand, and the summary reads running totals).
    ``may_buy_again``: called with the name of a player out of chips, whether
    he may buy in again (:meth:`rebuy`); while no hand can be dealt and one
    may, the session waits (:meth:`begin_next` returns None, :attr:`reason`
    stays None) rather than end. A stack of 0 seats a player out of chips.
    ``resumed``: a session taken up again (a restarted server's table) seats
    fewer players than a game needs; each hand is dealt to those who can play it.
    """

    def __init__(
        self,
        variants: Sequence[Any],
        players: Sequence[str],
        policies: Mapping[str, Policy],
        *,
        stacks: int | Sequence[int] | Mapping[str, int] = 100,
        hands: int | None = None,
        rotate: str = "turn",
        seed: int | None = None,
        history=None,
        options: Mapping[str, str] | None = None,
        stakes: Mapping[str, int] | None = None,
        on_start=None,
        dealer_choice=None,
        keep_hands: int | None = 1,
        keep_reports: int | None = None,
        may_buy_again: Callable[[str], bool] | None = None,
        resumed: bool = False,
    ):
        if rotate not in ROTATIONS:
            raise ArgumentError(f"unknown rotation '{rotate}': choose {' or '.join(ROTATIONS)}")
        games = session_games(variants)
        for what, given in (("options", options), ("stakes", stakes)):
            if given is not None and not isinstance(given, Mapping):
                raise ArgumentError(f"{what} map each name to its {what[:-1]}, not {given!r}")
        if seed is not None and type(seed) is not int:
            raise ArgumentError(f"seed is None or a whole number, not {seed!r}")
        self.variants = [self.load_game(v, options, stakes) for v in games]
        known_to_some("option", options or {}, (o.name for v in self.variants for o in v.options))
        known_to_some("stake", stakes or {}, (k for v in self.variants for k, _ in v.stakes))
        self.seating = session_players(players)
        self.policies = session_policies(policies, self.seating)
        self.stacks = session_stacks(stacks, self.seating)
        self.start = dict(self.stacks)
        self.max_hands = count_or_none(hands, "hands", 1)
        keep_hands = count_or_none(keep_hands, "keep_hands", 0)
        keep_reports = count_or_none(keep_reports, "keep_reports", 0)
        self.rotate = rotate
        self.seed = seed
        self.rng = random.Random(seed)
        self._dealer_rng = random.Random()  # (unseeded: the dealer's choice when no seed is given)
        self.dealt_before = 0  # hands played before the session was restored (:meth:`carry`)
        self.history = history
        self.on_start = on_start
        self.dealer_choice = dealer_choice
        self.keep_hands = keep_hands
        self.keep_reports = keep_reports
        self.played = 0  # hands played (reports kept or not)
        self.banked_played = False  # a hand against the house was played
        self.current: Hand | None = None  # the hand being played
        self.active = [p for p in self.seating if self.stacks[p] > 0]
        self.may_buy_again = may_buy_again
        self.rebuys = dict.fromkeys(self.seating, 0)  # how many times each bought in again
        self.bought_again = dict.fromkeys(self.seating, 0)  # the chips each bought in again
        # the dealer of the first hand sits at the right of the first player
        self.dealer = self.seating[-1]
        self.last_dealer: str | None = None  # who dealt the last hand
        self.out_since: dict[str, int] = {}  # who went out of chips at the end of a hand: the hands played then
        self.reports: list[HandReport] = []
        self.won = dict.fromkeys(self.seating, 0)
        self.departed: list[dict] = []  # who stood up, as the summary counts him (his row then)
        self.house_net = 0
        self.reason: str | None = None
        self._last_variant = None
        self._differences: dict[tuple[int, int], list[Difference]] = {}  # one diff per pair of variants
        self._needs: dict[int, int] = {}  # what a hand of each game needs (:meth:`_least`)
        self.legs: tuple[str, int] | None = None  # a kill's legs: who has them and how many in a row
        self.killer: str | None = None  # who kills the next hand
        self.turn_from = 0  # the hand (counted by played) the list of games in turn began at
        self._check_seats(self.variants, len(self.seating), least=0 if resumed else None)

    # ---------------------------------------------------------------- setup

    load_game = staticmethod(session_game)

    @classmethod
    def _check_seats(cls, variants, seated: int, least: int | None = None) -> None:
        """ArgumentError unless each of ``variants`` seats ``seated`` players (at least ``least``)."""
        for v in variants:
            low, high = cls._seat_range(v)
            if not (low if least is None else least) <= seated <= high:
                what = "positions" if v.is_banked else "players"
                raise ArgumentError(f"{v.name} is played by {low} to {high} {what}, not {seated}")

    @staticmethod
    def _seat_range(variant) -> tuple[int, int]:
        low, high = variant.seats.min, variant.seats.max
        if variant.seats.positions:
            high = max(high, variant.seats.positions[1])
        return low, high

    # ---------------------------------------------------------------- state

    @property
    def is_over(self) -> bool:
        return self.reason is not None

    @property
    def last_variant(self):
        """The variant of the last hand played (None before the first); the
        next switch is announced with what changes from it."""
        return self._last_variant

    @last_variant.setter
    def last_variant(self, variant) -> None:  # a session restored from a store
        self._last_variant = variant

    def ended(self) -> bool:
        """Whether the session is over (checked now: :attr:`reason` says why)."""
        return self.is_over or self._check_end()

    def order(self) -> list[str]:
        """The players of the next hand, from the dealer's left, clockwise."""
        seating = self.seating
        d = seating.index(self.dealer)
        ring = seating[d + 1 :] + seating[: d + 1]
        return [p for p in ring if p in self.active]

    def next_variant(self, side_bets: Mapping[str, Mapping[str, int]] | None = None):
        """The variant the next hand is played under: in turn, the next game enough players can
        cover (a game nobody can is passed over); the dealer's choice among those games."""
        if self.rotate == "turn" or len(self.variants) == 1:
            turn = self._in_turn()
            return next((v for v in turn if self._can_deal(v, side_bets)), turn[0])
        games = games_once(self.variants)  # (a game listed twice is one choice)
        games = [v for v in games if self._can_deal(v, side_bets)] or games
        seeded = self._dealer_draw(games)  # drawn every hand: the same seed, the same bots' choices
        if self.dealer_choice is not None:
            chosen = self.dealer_choice(self.dealer, tuple(games))
            if chosen is not None:
                if not any(chosen is v for v in self.variants):
                    raise ArgumentError(f"dealer_choice gave {chosen!r}: not one of this session's games")
                return chosen
        return seeded

    def _dealer_draw(self, games: list):
        """The dealer's seeded choice among ``games``: drawn from the seed and the hand's number
        alone, so a session restored (:meth:`carry`) chooses on as it would have."""
        if self.seed is None:
            return self._dealer_rng.choice(games)
        return random.Random(f"{self.seed} dealer {self.dealt_before + self.played}").choice(games)

    def _in_turn(self) -> list:
        """The games in turn, from the next hand's (the games go in turn)."""
        number = self.played - self.turn_from
        return [self.variants[(number + k) % len(self.variants)] for k in range(len(self.variants))]

    needs = staticmethod(chips_needed)

    def needed(self, player: str, side_bets: Mapping[str, int] | None = None) -> int:
        """Chips ``player`` needs to stay in the game: the least any game of the session needs,
        with his chosen side bets (``side_bets``) where his stack covers them, as :meth:`begin_next`
        fits them. With fewer he leaves (he may buy in again); with as many, but fewer than the
        next hand's game needs, he sits that hand out and plays the next he can cover."""
        return min(self._needed_in(player, v, side_bets) for v in self.variants)

    def _needed_in(self, player: str, variant, side_bets: Mapping[str, int] | None = None) -> int:
        least = self._least(variant)
        if side_bets and variant.is_banked:
            mine = self.needs(variant, None, chosen_stakes(variant, side_bets))
            least = mine if mine <= self.stacks[player] else least
        return least

    def _least(self, variant) -> int:
        """:meth:`needs` of ``variant`` at its own stakes, worked out once a game (each hand asks it
        of every game, for every player)."""
        key = id(variant)  # (the session's variants live as long as it does)
        if key not in self._needs:
            self._needs[key] = self.needs(variant)
        return self._needs[key]

    def _can_deal(self, variant, side_bets: Mapping[str, Mapping[str, int]] | None = None) -> bool:
        """Whether enough players in the game cover a hand of ``variant`` to deal it."""
        low, _ = self._seat_range(variant)
        chosen = side_bets or {}
        covered = sum(self.stacks[p] >= self._needed_in(p, variant, chosen.get(p)) for p in self.active)
        return covered >= low and (variant.is_banked or covered >= 2)

    def sits_out(self, player: str, side_bets: Mapping[str, int] | None = None) -> bool:
        """Whether ``player``, in the game, has too few chips for a hand of any game (:meth:`needed`):
        then he is left out of the game now, as :meth:`begin_next` would leave him, and may buy in
        again before it (:meth:`rebuy`, where ``may_buy_again`` lets him)."""
        if player not in self.active or self.stacks[player] >= self.needed(player, side_bets):
            return False
        self.active.remove(player)
        self.out_since[player] = self.played
        return True

    def waits(self) -> bool:
        """Whether no hand can be dealt until a player out of chips buys in again."""
        return not self.is_over and self._short_of_chips() is not None and bool(self.waiting_for())

    def _short_of_chips(self) -> str | None:
        """Why too few players have chips to go on (None: enough have)."""
        with_chips = [p for p in self.active if self.stacks[p] > 0]
        all_pot = not any(v.is_banked for v in self.variants)
        if all_pot and len(with_chips) == 1:
            if len(self.seating) == 1:  # (the others stood up, with their chips)
                return f"every other player has left: {with_chips[0]} is alone at the table"
            return f"{with_chips[0]} has all the chips"
        return None if with_chips else "every player is out of chips"

    def _check_end(self) -> bool:
        if self.max_hands is not None and self.played >= self.max_hands:
            self.reason = f"{self.max_hands} hand{'s' if self.max_hands != 1 else ''} played"
            return True
        short = self._short_of_chips()
        if short is None or self.waiting_for():  # (one may buy in again: the session waits for him)
            return False
        self.reason = short
        return True

    # ---------------------------------------------------------------- play

    def play_next(
        self, side_bets: Mapping[str, Mapping[str, int]] | None = None, antes: Mapping[str, int] | None = None
    ) -> HandReport | None:
        """Play one hand; None (and :attr:`reason` set) when the session is over, or
        (:attr:`reason` None) when it waits for a player to buy in again.
        ``side_bets`` and ``antes``: as :meth:`begin_next` takes them."""
        report = self.begin_next(antes=antes, side_bets=side_bets)
        if report is None:
            return None
        order = report.players
        result = play_hand(report.hand, {p: self.policies[p] for p in order})
        self.finish(report, result)
        return report

    def begin_next(
        self,
        variant=None,
        antes: Mapping[str, int] | None = None,
        side_bets: Mapping[str, Mapping[str, int]] | None = None,
    ) -> HandReport | None:
        """Deal the next hand without playing it: its report (``result`` still
        None, :attr:`current` its hand), or None when the session is over.
        Whoever drives the hand (a web table waiting for its players) applies
        the actions, then calls :meth:`finish`. None with :attr:`reason` None:
        no hand can be dealt until a player out of chips buys in again. ``variant``: the one the dealer
        picked, one of :attr:`variants` (None: :meth:`next_variant`). ``antes``:
        in a game against the house, the ante some positions chose (by name; fitted
        to the game's limits, the game's own where his stack cannot cover it:
        :func:`~studrules.table.antes.position_antes`).
        ``side_bets``: the side bets some players chose (by name: a stake by
        bet, 0 for none), fitted to the game's limits and their stacks
        (:func:`~studrules.table.side_bets.fitted_side_bets`)."""
        from ..analysis.diff import diff
        from ..game.hand import Hand

        if self.current is not None:
            raise StudrulesError("a hand is being played: finish it before the next is dealt")
        side_bets = session_choices("side_bets", side_bets, self.seating)
        antes = session_choices("antes", antes, self.seating)
        if self.is_over or self._check_end():
            return None
        if variant is not None and not any(variant is v for v in self.variants):
            raise StudrulesError(f"{getattr(variant, 'name', variant)} is not one of this session's games")
        # too few chips for every game: out of the game (he may buy in again)
        left_now = [p for p in self.active if self.stacks[p] < self.needed(p, side_bets.get(p))]
        for p in left_now:
            self.active.remove(p)
            self.out_since[p] = self.played
        if variant is None:
            variant = self.next_variant(side_bets)
        # (each chosen ante within this game's limits, where the stack covers it: else the game's own)
        chosen = position_antes(self, variant, antes) if variant.is_banked else None
        sides = fitted_side_bets(self, variant, side_bets, chosen) or {}
        need = self._least(variant)
        # too few for this game alone: he sits this hand out
        sitting = [
            p for p in self.active if self.stacks[p] < (self.needs(variant, None, sides[p]) if p in sides else need)
        ]
        low, high = self._seat_range(variant)
        order = [p for p in self.order() if p not in sitting]
        if len(order) < low or (not variant.is_banked and len(order) < 2):
            if not self.waiting_for():  # (else: a player out of chips may buy in again, and is waited for)
                self.reason = (
                    "nobody has chips enough to play"
                    if not order
                    else f"only {len(order)} player{'s' if len(order) != 1 else ''} can play"
                )
            return None
        if self.rotate == "turn" or len(self.variants) == 1:  # (a game passed over: the turn goes on after this one)
            self.turn_from -= next((k for k, v in enumerate(self._in_turn()) if v is variant), 0)
        seed = self.rng.randrange(2**32)
        killer = self.killer if variant.kill is not None and self.killer in order else None
        chosen = {p: a for p, a in (chosen or {}).items() if p in order}
        sides = {p: bets for p, bets in sides.items() if p in order}
        unstaked = tuple(
            p
            for p, bets in side_bets.items()
            if variant.is_banked and p in order and p not in sides and any(chosen_stakes(variant, bets).values())
        )
        hand = Hand(
            variant,
            order,
            {p: self.stacks[p] for p in order},
            seed=seed,
            killer=killer,
            antes=chosen or None,
            side_bets=sides or None,
        )
        previous = self._last_variant
        differences: list[Difference] = []
        if previous is not None and previous is not variant:
            pair = (id(previous), id(variant))  # the session's variants live as long as it does
            if pair not in self._differences:
                self._differences[pair] = diff(previous, variant)
            differences = self._differences[pair]
        # (a game listed twice, razz after razz, is no switch: the same name and the same rules)
        switched = previous is None or (
            previous is not variant and (previous.name != variant.name or bool(differences))
        )
        number = self.played + 1
        report = HandReport(
            number,
            variant,
            self.dealer,
            tuple(order),
            hand,
            None,
            seed,
            switched=switched,
            previous=previous,
            differences=differences,
            left=tuple(left_now),
            stacks_left={p: self.stacks[p] for p in left_now},
            sat_out=tuple(sitting),
            killer=killer,
            unstaked=unstaked,
        )
        self.current = hand
        if self.on_start is not None:
            self.on_start(report)
        return report

    def finish(self, report: HandReport, result=None) -> None:
        """Close the hand :meth:`begin_next` dealt, once it is over: stacks,
        hands won, a kill's legs, who leaves, the history and the next dealer."""
        hand = self.current
        if hand is None or report.hand is not hand:
            raise StudrulesError("that is not the hand being played: finish the report begin_next gave, once")
        variant, order, killer, number, seed = report.variant, report.players, report.killer, report.number, report.seed
        left_now = list(report.left)
        if result is None:
            result = hand.result()
        self.current = None
        report.result = result
        for p in order:
            self.stacks[p] = result.stacks[p]
            if result.net[p] > 0:
                self.won[p] += 1
        if result.house_net is not None:
            self.house_net += result.house_net
        self._count_legs(variant, hand, result, killer)
        gone = [p for p in self.active if self.stacks[p] <= 0]
        for p in gone:
            self.active.remove(p)
            self.out_since[p] = self.played + 1
        report.left = tuple(left_now + gone)
        report.stacks_left = {**report.stacks_left, **dict.fromkeys(gone, 0)}
        self.reports.append(report)
        self.played += 1
        self.banked_played = self.banked_played or variant.is_banked
        if self.keep_hands is not None and len(self.reports) > self.keep_hands:
            self.reports[-self.keep_hands - 1].hand = None  # its history is written; its result stays
        if self.keep_reports is not None and len(self.reports) > self.keep_reports:
            del self.reports[: len(self.reports) - self.keep_reports]
        self._last_variant = variant
        if self.history is not None:
            self.history.write(hand, number=number, seed=seed, dealer=self.dealer)
        self.last_dealer = self.dealer
        self._move_dealer()
        self._check_end()

    def _count_legs(self, variant, hand: Hand, result, killer: str | None) -> None:
        """A kill's legs after a hand (:func:`~studrules.table.kill_legs.legs_after`); a hand of a
        game without a kill ends them, and the kill."""
        if variant.kill is None:
            self.legs = self.killer = None
            return
        # (the pot's set size at the game's usual stakes: a killed hand's doubled limits do not double it)
        self.legs, self.killer = legs_after(variant.kill, variant.stake_values(), result.pots, self.legs, killer)

    def carried(self) -> dict[str, Any]:
        """What passes from hand to hand besides stacks, dealer and seats, as
        JSON data: hands won, starting stacks, rebuys, a kill's legs and killer, the house's net.
        :meth:`carry` puts it back (a session restored from a store)."""
        return {
            "won": dict(self.won),
            "start": dict(self.start),
            "rebuys": {p: n for p, n in self.rebuys.items() if n},
            "bought_again": {p: n for p, n in self.bought_again.items() if n},
            "legs": list(self.legs) if self.legs is not None else None,
            "killer": self.killer,
            "house_net": self.house_net,
            "banked_played": self.banked_played,
            "games": [v.name for v in self.variants],
            "turn": self.played - self.turn_from,
        }

    def carry(self, data: Mapping[str, Any], hands: int = 0) -> None:
        """Put back what :meth:`carried` gave (players no longer seated are ignored).
        The games in turn go on where they were (``hands``: the hands played, for
        data written before ``turn`` was); a list of games changed since begins with its first.
        A seeded session deals on from hand ``hands`` + 1 (a hand that was in play: the same cards),
        and its dealer's seeded choice of game chooses on as it would have."""
        for _ in range(hands if self.seed is not None else 0):  # (each hand dealt draws its deal's seed)
            self.rng.randrange(2**32)
        self.dealt_before = hands  # (the dealer's seeded choice: drawn by the hand's number)
        games = data.get("games")
        turn = int(data.get("turn", hands)) if games in (None, [v.name for v in self.variants]) else 0
        self.turn_from = self.played - turn
        counted = {"won": self.won, "start": self.start, "rebuys": self.rebuys, "bought_again": self.bought_again}
        for key, counts in counted.items():
            for p, n in (data.get(key) or {}).items():
                if p in self.seating:
                    counts[p] = int(n)
        legs, killer = data.get("legs"), data.get("killer")
        self.legs = (str(legs[0]), int(legs[1])) if legs and legs[0] in self.seating else None
        self.killer = killer if killer in self.seating else None
        self.house_net = int(data.get("house_net") or 0)
        self.banked_played = bool(data.get("banked_played"))

    def change_rules(self, variants=None, *, rotate=None, options=None, stakes=None) -> None:
        """From the next hand, play ``variants`` (names, paths or loaded, as the
        session takes them, with ``options`` and ``stakes``) and change games by
        ``rotate`` (None: as now). The dealer, seats, stacks and hands won stay;
        a new list of games in turn begins with its first; a kill's legs stay
        while a game has a kill. The next hand is announced with what changes."""
        if rotate is not None and rotate not in ROTATIONS:
            raise ArgumentError(f"unknown rotation '{rotate}': choose {' or '.join(ROTATIONS)}")
        if variants is None:
            if options is not None or stakes is not None:
                raise ArgumentError("options and stakes apply to the games given with them: give variants too")
            loaded = self.variants
        else:
            loaded = [self.load_game(v, options, stakes) for v in session_games(variants)]
            known_to_some("option", options or {}, (o.name for v in loaded for o in v.options))
            known_to_some("stake", stakes or {}, (k for v in loaded for k, _ in v.stakes))
            self._check_seats(loaded, len(self.seating))
        if [v.name for v in loaded] != [v.name for v in self.variants]:
            self.turn_from = self.played
        self.variants, self.rotate = loaded, rotate or self.rotate
        self._differences.clear()  # (kept by the variants' ids: the games let go may lend theirs)
        self._needs.clear()
        if not any(v.kill is not None for v in loaded):
            self.legs = self.killer = None

    def play(self) -> list[HandReport]:
        """Play until the session ends; every hand's report."""
        while self.play_next() is not None:
            pass
        return self.reports

    def stop(self, reason: str = "stopped") -> None:
        """End the session now (e.g. the user pressed Ctrl-C)."""
        if self.reason is None:
            self.reason = reason

    def summary(self) -> SessionSummary:
        """Hands played, each player's start, rebuys, chips bought (his start and
        rebuys), final stack, net (against every chip he bought) and hands won; a
        player who stood up (:meth:`remove_player`) after those seated, as he left
        (``"left": True``), so the chips bought and the final stacks add up."""
        rows = [self._standing(p) for p in self.seating] + [dict(r) for r in self.departed]
        banked = self.banked_played
        with_chips = [p for p in self.seating if self.stacks[p] > 0]
        winner = with_chips[0] if len(with_chips) == 1 and not banked else None
        return SessionSummary(
            self.played, self.reason or "in progress", rows, self.house_net if banked else None, winner
        )
