"""The side bets (and the ante) a seated player chooses at a browser table of games against the house.

Between hands (or during one, for the next) a player stakes what he likes on
each side bet of the table's games, within its limits, or 0 for none
(:meth:`_SideBets.choose_side_bet`, a part of :class:`~studrules.web.room.Room`;
the ``side_bet`` message); a bet he never chose is staked as the table stakes it.
Each hand keeps his stakes within its own game's limits, and one his stack
cannot cover with the ante and the raises is the game's own that hand
(:func:`~studrules.table.side_bets.fitted_side_bets`). An ante is refused
when his stack cannot cover it with the raises in any game of the table
(:meth:`_SideBets.ante_uncovered`), and a hand that deals him the game's
own ante instead says so in the table log. What a seat sees of
them: :func:`banked_facts`, the table's facts against the house with each
side bet's limits, the game's own stake and the seat's choice.

    >>> import pathlib, tempfile
    >>> from studrules.spec.examples import example_text
    >>> from studrules.web.room import Room, TableConfig
    >>> game = pathlib.Path(tempfile.mkdtemp()) / "side-bet.yaml"
    >>> _ = game.write_text(example_text("side-bet"))
    >>> room = Room("t1", TableConfig(variants=(str(game),), seats=2), clock=lambda: 0.0)
    >>> ann = room.join("Ann")
    >>> room.choose_side_bet(ann.token, "bonus", 10)
    >>> room.side_bets, banked_facts(room, "Ann")["side_bets"]
    ({'Ann': {'bonus': 10}}, [{'name': 'bonus', 'words': 'bonus', 'low': 5, 'high': 50, 'own': 0, 'chosen': 10}])
    >>> room.choose_side_bet(ann.token, "bonus", 60)
    Traceback (most recent call last):
    ...
    studrules.web.config.TableError: the bonus side bet at this table is from 5 to 50 (0: none), not 60
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from ..game.settlement import side_bet_limits, side_bet_stakes
from ..table.session import Session
from ..table.side_bets import fitted_side_bets, side_bet_names, side_bet_problem, side_bet_range
from .banked_view import ante_limits, ante_range, bet_words, position_antes, table_facts, table_games
from .config import TableError

if TYPE_CHECKING:
    from .seat import Seat

__all__ = ["banked_facts", "side_bet_facts"]


class _SideBets:
    """The side bets each seat chose: a part of :class:`~studrules.web.room.Room`, whose
    attributes and methods these read (declared here for the type checker)."""

    if TYPE_CHECKING:
        side_bets: dict[str, dict[str, int]]
        antes: dict[str, int]
        state: str
        session: Session | None

        @property
        def hand(self) -> Any: ...

        def _seat(self, who: Seat | str) -> Seat: ...
        def _changed(self) -> None: ...
        def _seats_changed(self) -> None: ...
        def _say(self, line: str) -> None: ...

    def choose_side_bet(self, who: Seat | str, name: Any, amount: Any) -> None:
        """Against the house: the seat ``who`` stakes ``amount`` on the side bet ``name``
        from the next hand (0: none), within the limits of the table's games that have it;
        a :class:`~studrules.web.config.TableError` saying them otherwise, and nothing changes."""
        seat = self._seat(who)
        problem = side_bet_problem(table_games(self), name, amount) or self._uncovered(seat, name, amount)
        if problem is not None:
            raise TableError(problem)
        self.side_bets.setdefault(seat.name, {})[name] = amount
        self._changed()
        self._seats_changed()  # (the store keeps them with the session)

    def _uncovered(self, seat: Seat, name: str, amount: int) -> str | None:
        """Why ``seat``'s stack cannot cover ``amount`` on the side bet ``name`` with his ante
        and the raises in any game of the table that has it, with the most he can stake now; None
        where one game covers it, or where his stack is not known yet (a hand he is in is being
        played; he is out of chips and may buy in again)."""
        hand, session = self.hand, self.session
        if not amount or session is not None and seat.name not in session.active:
            return None
        if self.state == "playing" and hand is not None and not hand.is_over and seat.name in hand.players:
            return None
        me, stack = seat.name, seat.stack
        # (the session's own checks, on a session of him alone with the stack he has now)
        probe: Any = SimpleNamespace(active=[me], stacks={me: stack}, needs=Session.needs)
        chosen = {me: self.antes[me]} if me in self.antes else {}
        most = 0
        for v in table_games(self):
            limits = (
                {bet: (low, high) for bet, low, high in side_bet_limits(v, v.stake_values())} if v.is_banked else {}
            )
            if name not in limits:
                continue
            ante = (position_antes(probe, v, chosen) or {}).get(me)
            if fitted_side_bets(
                probe, v, {me: self.side_bets.get(me, {}) | {name: amount}}, {me: ante} if ante else None
            ):
                return None
            without = fitted_side_bets(
                probe, v, {me: self.side_bets.get(me, {}) | {name: 0}}, {me: ante} if ante else None
            )
            if without is not None:
                low, high = limits[name]
                room = stack - Session.needs(v, ante, without[me])
                room = room if high is None else min(room, high)
                most = max(most, room if room >= low else 0)
        words = bet_words(name)
        can = f"the most you can stake on it now is {most}" if most else f"your stack covers no {words} now"
        return (
            f"your stack of {stack} cannot cover a {words} of {amount} with your ante and the raises: {can} (0: none)"
        )

    def ante_uncovered(self, seat: Seat, amount: int) -> str | None:
        """Why ``seat``'s stack cannot cover the ante ``amount`` with the raises in any game of
        the table, with the most it covers now; None where one game covers it, or where his
        stack is not known yet (a hand he is in is being played; he is out of chips)."""
        hand, session = self.hand, self.session
        if session is not None and seat.name not in session.active:
            return None
        if self.state == "playing" and hand is not None and not hand.is_over and seat.name in hand.players:
            return None
        me, stack = seat.name, seat.stack
        # (what the next hand does with it: position_antes, on a session of him alone with his stack)
        probe: Any = SimpleNamespace(active=[me], stacks={me: stack}, needs=Session.needs)
        games = [v for v in table_games(self) if ante_limits(v) is not None]

        def covers(ante: int) -> bool:
            return any(position_antes(probe, v, {me: ante}) for v in games)

        if not games or covers(amount):
            return None
        low = (ante_range(games) or (1, None))[0]
        most, top = None, amount - 1  # (a larger ante needs more chips: the most is found by halving)
        while low <= top:
            middle = (low + top) // 2
            if covers(middle):
                most, low = middle, middle + 1
            else:
                top = middle - 1
        can = f"the most you can ante now is {most}" if most is not None else "you ante each game's own"
        return f"your stack of {stack} cannot cover an ante of {amount} with the raises: {can}"

    def _note_uncovered(self, report: Any) -> None:
        """Tell the table of each player whose chosen ante or side bets the hand of ``report``
        was dealt without: his stack could not cover them with the raises."""
        variant, hand = report.variant, report.hand
        limits_of_ante = ante_limits(variant)
        for i, player in enumerate(hand.players):
            if limits_of_ante is None or hand.antes is None:
                break  # (no ante of his choosing in this game)
            if player not in self.antes:
                continue
            low, high = limits_of_ante
            chosen = self.antes[player]
            wanted = max(low, chosen if high is None else min(chosen, high))
            if hand.antes[i] != wanted:
                self._say(
                    f"{player}'s stack of {hand.start[i]} cannot cover his ante of {wanted} with the raises:"
                    f" this hand he antes {hand.antes[i]}"
                )
        if not report.unstaked:  # (the session says who was dealt in without his choice)
            return
        env = variant.stake_values()
        limits = {bet: (low, high) for bet, low, high in side_bet_limits(variant, env)}
        own = dict(side_bet_stakes(variant, env))
        for i, player in enumerate(hand.players):
            if player not in report.unstaked:
                continue
            staked = hand.side_stakes[i] if hand.side_stakes is not None else own
            for bet, chips in self.side_bets.get(player, {}).items():
                if bet not in limits or not chips:
                    continue
                low, high = limits[bet]
                wanted = max(low, chips if high is None else min(chips, high))
                if staked.get(bet, 0) != wanted:
                    instead = f"the table's {own[bet]}" if own.get(bet) else "none"
                    self._say(
                        f"{player}'s stack of {hand.start[i]} cannot cover his {bet_words(bet)} of {wanted} with"
                        f" his ante and the raises: this hand he stakes {instead}"
                    )


def side_bet_facts(room: Any, me: str | None) -> list[dict[str, Any]]:
    """Each side bet of ``room``'s games, as JSON data: its ``name`` and ``words``,
    the stakes a position may choose (``low``, ``high``: None for no maximum),
    the table's own stake (``own``, of the first game that has it) and ``me``'s choice."""
    games = table_games(room)
    chosen = room.side_bets.get(me, {}) if me is not None else {}
    out = []
    for name in side_bet_names(games):
        low, high = side_bet_range(games, name) or (1, None)
        own = next(
            chips for v in games if v.is_banked for bet, chips in side_bet_stakes(v, v.stake_values()) if bet == name
        )
        out.append(
            {"name": name, "words": bet_words(name), "low": low, "high": high, "own": own, "chosen": chosen.get(name)}
        )
    return out


def banked_facts(room: Any, me: str | None) -> dict[str, Any] | None:
    """:func:`~studrules.web.banked_view.table_facts` with ``side_bets``, the side bets
    a seat chooses (:func:`side_bet_facts`); None where the table has no game against the house."""
    facts = table_facts(room, me)
    if facts is not None:
        facts["side_bets"] = side_bet_facts(room, me)
    return facts
