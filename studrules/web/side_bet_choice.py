"""The side bets a seated player chooses at a browser table of games against the house.

Between hands (or during one, for the next) a player stakes what he likes on
each side bet of the table's games, within its limits, or 0 for none
(:meth:`_SideBets.choose_side_bet`, a part of :class:`~studrules.web.room.Room`;
the ``side_bet`` message); a bet he never chose is staked as the table stakes it.
Each hand keeps his stakes within its own game's limits, and one his stack
cannot cover with the ante and a raise is the game's own that hand
(:func:`~studrules.table.side_bets.fitted_side_bets`). What a seat sees of
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

from typing import TYPE_CHECKING, Any

from ..game.settlement import side_bet_stakes
from ..table.side_bets import side_bet_names, side_bet_problem, side_bet_range
from .banked_view import bet_words, table_facts, table_games
from .config import TableError

if TYPE_CHECKING:
    from .seat import Seat

__all__ = ["banked_facts", "side_bet_facts"]


class _SideBets:
    """The side bets each seat chose: a part of :class:`~studrules.web.room.Room`, whose
    attributes and methods these read (declared here for the type checker)."""

    if TYPE_CHECKING:
        side_bets: dict[str, dict[str, int]]

        def _seat(self, who: Seat | str) -> Seat: ...
        def _changed(self) -> None: ...
        def _seats_changed(self) -> None: ...

    def choose_side_bet(self, who: Seat | str, name: Any, amount: Any) -> None:
        """Against the house: the seat ``who`` stakes ``amount`` on the side bet ``name``
        from the next hand (0: none), within the limits of the table's games that have it;
        a :class:`~studrules.web.config.TableError` saying them otherwise, and nothing changes."""
        seat = self._seat(who)
        problem = side_bet_problem(table_games(self), name, amount)
        if problem is not None:
            raise TableError(problem)
        self.side_bets.setdefault(seat.name, {})[name] = amount
        self._changed()
        self._seats_changed()  # (the store keeps them with the session)


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
