"""Settling one position against the house: a pure function of the rules and the hands.

The interpreter calls :func:`settle_position` for every position of a banked
game, and a vectorised simulator must agree with it hand for hand, so it
reads only its arguments and has no side effects.

The rules, from a :class:`~studrules.spec.model.SettleStep`:

1. A position that folded (``raise_amount is None``) loses its ante.
2. The house qualifies when ``step.qualify`` holds (the names ``house``,
   ``hand`` and ``ante`` plus the stakes). When it does not, the ante and the
   raise are settled by ``not_qualified_ante`` and ``not_qualified_raise``
   (``win`` at their odds, ``push``: returned, ``lose``).
3. Otherwise the player's hand is compared with the house's. A better hand
   wins the ante at ``ante_odds`` to 1 and the raise at the pay table's odds
   for the hand's category; a worse one loses both; an equal one gets
   ``step.tie`` (``push``: both returned; ``lose``; ``win``: paid as a win).
4. The pay table is keyed by category names in lower case (``pair``,
   ``two_pair``, ``three_of_a_kind``, ``straight``, ``flush``, ``full_house``,
   ``four_of_a_kind``, ``straight_flush``) plus ``royal_flush`` for the
   ace-high straight flush (which falls back to ``straight_flush`` when the
   table does not name it). A category the table does not name (a winning
   high card, ace-king) is paid at even money.
5. ``max_payout`` (an amount) caps the total a position wins in one hand:
   the excess is taken off the raise's win first, then the ante's.

6. Several decision steps are several wagers: ``raise_amount`` is their sum
   (a payout is linear in the stake, so the sum is paid as each would be),
   and a position that folds after raising (``forfeited``) loses those
   raises with its ante.
8. ``ante_bonus``: a hand played (not folded) has its ante paid also by the
   highest bonus line it reaches, whatever the house holds. ``side_bets``:
   each stake is paid by its own table on the player's hand alone, or lost
   (and lost by a position that folds, unless it stands). A position's stake
   on a side bet is the bet's amount, or the one he chose
   (``side_stakes``: a bet he does not name is not made).
7. ``against='pay_table'``: no comparison with the house. The ante and the
   raises are paid together by the highest pay-table line the player's hand
   reaches (:func:`pay_line`); below every line, a hand at least
   ``push_from`` gets them back and any other loses them.

All amounts are chips; ``net = ante_net + raise_net`` is what the position
wins (positive) or loses (negative) in the hand; the house's net is minus
the sum over positions.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeVar

from ..spec.model import Payout, SettleStep, SideBet
from ..spec.wagers import Odds, odds_words, paid

_O = TypeVar("_O", bound=Odds)  # a pay table's odds: whole (the raise's, the ante bonus) or not (a side bet's)

__all__ = [
    "PositionSettlement",
    "settle_position",
    "house_qualifies",
    "category_key",
    "raise_odds",
    "pay_line",
    "side_bet_net",
    "side_bet_stakes",
    "side_bet_hands",
    "side_bet_limits",
]


@dataclass(frozen=True, slots=True)
class PositionSettlement:
    """What one position wins or loses: on the ante, on the raise, in all, and why."""

    ante_net: int
    raise_net: int
    net: int
    reason: str
    side_net: int = 0  # the side bets' win or loss, in ``net`` too
    side_bets: tuple[tuple[str, int, int], ...] = ()  # each side bet of the step: (name, stake, win or loss)


@lru_cache(maxsize=1)
def _category_table() -> tuple[tuple[int, ...], tuple[str, ...], int]:
    from ..spec.vocabulary import category_constants

    constants = category_constants()
    floors = sorted((value, name) for name, (_, value) in constants.items() if name not in ("ace_king", "royal_flush"))
    return tuple(v for v, _ in floors), tuple(n for _, n in floors), constants["royal_flush"][1]


def _category(value: float, ranking: str) -> str:
    """The pay-table key of a value in ``ranking`` (its own categories when it names them)."""
    if ranking != "high":
        from ..cards.rankings import get_ranking

        own = getattr(get_ranking(ranking), "category", None)
        if own is not None:
            return str(own(value))
    return category_key(value)


def category_key(value: float) -> str:
    """The pay-table key of a high hand's value: ``pair``, ``full_house``, ``royal_flush``...

    >>> from studrules.cards.evaluator import evaluate
    >>> category_key(int(evaluate("As Ks Qs Js Ts"))), category_key(int(evaluate("2c 2d 5h 9s Kc")))
    ('royal_flush', 'pair')
    """
    floors, names, royal = _category_table()
    if value > royal or value % 1:  # perhaps a hand only wild cards make
        from ..cards.wild import FIVE_OF_A_KIND, made_by_wilds

        category = made_by_wilds(value)
        if category is not None:
            return "five_of_a_kind" if category == FIVE_OF_A_KIND else "five_wilds"
    if value >= royal:
        return "royal_flush"
    index = bisect_right(floors, value) - 1
    return names[max(index, 0)]


def raise_odds(step: SettleStep, player_value: float, ranking: str = "high") -> int:
    """The pay table's odds (to 1) for a winning raise with this hand.

    >>> from studrules.spec.examples import example_variant
    >>> v = example_variant("against-the-house")
    >>> from studrules.cards.evaluator import evaluate
    >>> step = v.steps[-1]
    >>> raise_odds(step, int(evaluate("7c 7d 7h 2s 4c"))), raise_odds(step, int(evaluate("Ac Kd 7h 2s 4c")))
    (3, 1)
    """
    table = dict(step.pay_table)
    key = _category(player_value, ranking)
    if key == "royal_flush" and key not in table:
        key = "straight_flush"
    return int(table.get(key, 1))


def pay_line(
    step: SettleStep,
    player_value: float,
    ranking: str = "high",
    lines: tuple[tuple[str, _O], ...] | None = None,
    wild_order: tuple[str, str] | None = None,
) -> tuple[str, _O] | None:
    """Against the pay table: the highest line the hand reaches and its odds (None: below every line);
    in a ranking whose lines are each held or not (``holds``), the best paid line it holds.
    ``wild_order``: the wild rules' order (``WildRules.order``), which names ``five_of_a_kind``
    and ``five_wilds``.

    >>> from studrules.spec.loader import load_variant_text
    >>> v = load_variant_text('''
    ... name: on-the-hand
    ... kind: banked
    ... seats: {min: 1, max: 7}
    ... stakes: {ante: 10}
    ... steps:
    ...   - ante: {amount: ante}
    ...   - deal: {players: [down, down, down, down, down]}
    ...   - decision: {fold: true, raise: ante}
    ...   - settle: {against: pay_table, pay_table: {pair_of_jacks: 1, two_pair: 2}}
    ... ''')
    >>> from studrules.cards.evaluator import evaluate
    >>> step = v.steps[-1]
    >>> [pay_line(step, int(evaluate(h))) for h in ("Qc Qd 7h 2s 4c", "8c 8d 7h 7s 4c", "Tc Td 7h 2s 4c")]
    [('pair_of_jacks', 1), ('two_pair', 2), None]
    """
    from ..spec.vocabulary import wild_hand_constants

    table: tuple[tuple[str, Any], ...] = step.pay_table if lines is None else lines
    holds = _line_test(ranking)
    if holds is not None:  # lines held or not, in no one order: the best paid of those held
        held = [(label, odds) for label, odds in table if holds(player_value, label)]
        return max(held, key=lambda line: line[1]) if held else None
    constants = wild_hand_constants(ranking, wild_order)
    best: tuple[float, str, Any] | None = None
    for label, odds in table:
        floor = constants[label][1]
        if player_value >= floor and (best is None or floor > best[0]):
            best = (floor, label, odds)
    return None if best is None else (best[1], best[2])


def _line_test(ranking: str) -> Any:
    """A ranking's own test of whether a hand holds a line (``holds``), or None: its lines
    are floors of its order, a hand holding every line at or below it."""
    if ranking == "high":
        return None
    from ..cards.rankings import get_ranking

    return getattr(get_ranking(ranking), "holds", None)


def _on_the_hand(
    step: SettleStep, player_value: float, ante: int, raised: int, ranking: str, wild: tuple[str, str] | None
) -> PositionSettlement:
    from ..spec.vocabulary import wild_hand_constants

    line: tuple[str, int] | None = pay_line(step, player_value, ranking, None, wild)
    pushes = step.push_from is not None and player_value >= wild_hand_constants(ranking, wild)[step.push_from][1]
    raise_line = pay_line(step, player_value, ranking, step.raise_pay_table, wild) if step.raise_pay_table else None
    if raise_line is not None or (line is not None and step.raise_pay_table):  # the raises by their own table
        ante_net, ante_words = _by_line(line, ante, pushes, "the ante")
        raise_net, raise_words = _by_line(raise_line, raised, pushes, "the raises")
        return PositionSettlement(ante_net, raise_net, ante_net + raise_net, f"{ante_words}; {raise_words}")
    if line is not None:
        label, odds = line
        return PositionSettlement(ante * odds, raised * odds, (ante + raised) * odds, f"{label} pays {odds} to 1")
    if pushes:
        return PositionSettlement(0, 0, 0, "below the pay table's lines: wagers returned")
    return PositionSettlement(-ante, -raised, -ante - raised, "below the pay table's lines: wagers lost")


def _by_line(line: tuple[str, int] | None, stake: int, pushes: bool, wager: str) -> tuple[int, str]:
    """What ``stake`` nets by its table's ``line`` (None: below every line; ``pushes``: at least
    ``push_from``), and the words for it."""
    if line is not None:
        return stake * line[1], f"{wager}: {line[0]} pays {line[1]} to 1"
    if pushes:
        return 0, f"{wager}: below the table's lines, returned"
    return -stake, f"{wager}: below the table's lines, lost"


def house_qualifies(step: SettleStep, house_value: float, env: Mapping[str, int]) -> bool:
    """Whether the house's hand qualifies (``step.qualify`` with ``house`` set).

    ``env`` gives the stakes (and may give ``hand``/``ante``; the qualification
    of the files shipped reads only ``house``)."""
    names: dict[str, float] = dict(env)
    names["house"] = house_value
    names.setdefault("hand", 0)
    names.setdefault("ante", 0)
    return bool(step.qualify(names))  # type: ignore[arg-type]  # a hand's value may be a half step (float); spec's Env says int | bool


def _payout(payout: Payout, stake: int) -> int:
    if payout.result == "win":
        return stake * payout.odds
    if payout.result == "lose":
        return -stake
    return 0


def settle_position(
    step: SettleStep,
    *,
    player_value: float,
    house_value: float,
    ante: int,
    raise_amount: int | None,
    env: Mapping[str, int],
    forfeited: int = 0,
    ranking: str = "high",
    side_stakes: Mapping[str, int] | None = None,
    values_in: Mapping[tuple[str, str], float] | None = None,
    wild_order: tuple[str, str] | None = None,
) -> PositionSettlement:
    """Settle one position (see the module's rules 1-8).

    ``player_value``/``house_value``: the best-five values (higher is better);
    ``ante``: this position's ante; ``raise_amount``: its raise, or None when
    it folded; ``env``: the stake values; ``forfeited``: what a folded
    position had raised at earlier decisions (lost with the ante);
    ``ranking``: the name of the ranking the values are of (its categories
    and thresholds read the pay tables). A folded position's ``player_value``
    still settles its side bets that stand. ``side_stakes``: the position's
    own stake on each side bet (by name; a bet not named, or 0: not made),
    which the reason says with what each won or lost; None: each bet's
    amount at ``env`` (the reason says which won or lost, as it always has).
    ``values_in``: the value of each other hand a side bet is paid on
    (:func:`side_bet_hands`), by ``(ranking, cards)``. ``wild_order``: the variant's wild
    rules' order (``WildRules.order``), where wild cards count in ``ranking``.

    >>> from studrules.spec.examples import example_variant
    >>> v = example_variant("against-the-house")
    >>> from studrules.cards.evaluator import evaluate
    >>> step, env = v.steps[-1], v.stake_values()
    >>> trips, ak = int(evaluate("7c 7d 7h 2s 4c")), int(evaluate("Ac Kd 8h 3s 5c"))
    >>> settle_position(step, player_value=trips, house_value=ak, ante=10, raise_amount=20, env=env)
    PositionSettlement(ante_net=10, raise_net=60, net=70, reason='beats the house: three_of_a_kind pays 3 to 1', side_net=0, side_bets=())
    >>> settle_position(step, player_value=trips, house_value=int(evaluate("Qc Jd 8h 3s 5c")), ante=10, raise_amount=20, env=env).net
    10
    >>> settle_position(step, player_value=trips, house_value=ak, ante=10, raise_amount=None, env=env).net
    -10

    A side bet of 20 chosen by the position: three of a kind reaches the pair line, 1 to 1::

    >>> step = example_variant("side-bet").steps[-1]
    >>> s = settle_position(step, player_value=trips, house_value=ak, ante=10, raise_amount=20, env=env,
    ...                     side_stakes={"bonus": 20})
    >>> s.net, s.side_bets, s.reason
    (90, (('bonus', 20, 20),), 'beats the house: three_of_a_kind pays 3 to 1; bonus 20 wins 20: pair pays 1 to 1')
    """
    main = _main(step, player_value, house_value, ante, raise_amount, env, forfeited, ranking, wild_order)
    if not step.ante_bonus and not step.side_bets:
        return main
    ante_net, reason = main.ante_net, main.reason
    if raise_amount is not None and step.ante_bonus:
        bonus = pay_line(step, player_value, ranking, step.ante_bonus, wild_order)
        if bonus is not None:
            ante_net += ante * bonus[1]
            reason += f"; ante bonus: {bonus[0]} pays {bonus[1]} to 1"
    side = 0
    bets = []
    beaten: bool | None = None  # whether the house qualifies and beats the hand (worked out once, if asked)
    for bet in step.side_bets:
        if bet.required:  # staked at the position's own ante, whatever he chose
            stake = ante
        else:
            stake = int(bet.amount(env)) if side_stakes is None else int(side_stakes.get(bet.name, 0))
        if stake <= 0:
            bets.append((bet.name, 0, 0))
            continue
        paid_in = bet.ranking or ranking
        if raise_amount is None and bet.on_fold == "lose":
            line = None
        elif paid_in == ranking and bet.own_hand:
            line = pay_line(step, player_value, ranking, bet.lines, wild_order)
        else:  # the bet's own hand: its cards valued in its ranking (wild cards count in the deck's)
            other = (values_in or {})[paid_in, bet.cards]
            line = pay_line(step, other, paid_in, bet.lines, wild_order if paid_in == ranking else None)
        pushed = False
        if bet.against_house and raise_amount is not None:  # paid on a win alone: lost when beaten, back on a tie
            if house_value > player_value:
                line = None
            else:
                pushed = line is None or house_value == player_value
        elif line is None and raise_amount is not None and bet.below == "push_unless_beaten":
            if beaten is None:
                beaten = house_value > player_value and house_qualifies(step, house_value, env)
            pushed = not beaten
        won = 0 if pushed else side_bet_net(bet, line, stake, env)
        side += won
        bets.append((bet.name, stake, won))
        own = side_stakes is None and not bet.required  # the game's own stakes: the words a history written before says
        if pushed:
            reason += f"; {bet.name} pushes" if own else f"; {bet.name} {stake} pushes"
        elif own:
            reason += f"; {bet.name} " + (f"wins: {line[0]} {_side_words(bet, line, won + stake)}" if line else "loses")
        elif line is None:
            reason += f"; {bet.name} {stake} loses"
        else:
            result = f"wins {won}" if won >= 0 else f"loses {-won}"
            reason += f"; {bet.name} {stake} {result}: {line[0]} {_side_words(bet, line, won + stake)}"
    return PositionSettlement(ante_net, main.raise_net, ante_net + main.raise_net + side, reason, side, tuple(bets))


def side_bet_hands(step: SettleStep, ranking: str) -> tuple[tuple[str, str], ...]:
    """The hands a side bet is paid on other than the player's in the deck's ``ranking``, each
    ``(ranking, cards)`` (``cards``: a side bet's, whose cards): valued for
    :func:`settle_position`'s ``values_in``.

    >>> from studrules.spec.loader import load_variant
    >>> side_bet_hands(load_variant("high-card-flush").steps_of(SettleStep)[0], "longest_flush")
    (('longest_suit_run', 'player'),)
    """
    hands = ((bet.ranking or ranking, bet.cards) for bet in step.side_bets)
    return tuple(hand for hand in dict.fromkeys(hands) if hand != (ranking, "player"))


def side_bet_stakes(
    variant: Any, env: Mapping[str, int], chosen: Mapping[str, int] | None = None
) -> list[tuple[str, int]]:
    """The side bets a position of ``variant`` places, each ``(name, chips)``: at the
    stakes ``env`` (each bet's amount), or as he chose them (``chosen``: a stake by
    bet name; a bet he does not name is not made). A stake of 0: the bet is not
    placed, but listed. The one place a position's side bets are worked out: what
    he must cover, what the table shows. A bet every position makes at his ante
    (``required``, :func:`required_bets`) is not among them: it is no choice.

    >>> from studrules.spec.examples import example_variant
    >>> v = example_variant("side-bet", stakes={"bonus": 5})
    >>> side_bet_stakes(v, v.stake_values()), side_bet_stakes(v, v.stake_values(), {})
    ([('bonus', 5)], [('bonus', 0)])
    >>> sum(chips for _, chips in side_bet_stakes(v, v.stake_values(), {"bonus": 25}))
    25
    """
    bets = [bet for step in variant.steps_of(SettleStep) for bet in step.side_bets if not bet.required]
    if chosen is None:
        return [(bet.name, int(bet.amount(env))) for bet in bets]
    return [(bet.name, int(chosen.get(bet.name, 0))) for bet in bets]


def side_bet_limits(variant: Any, env: Mapping[str, int]) -> list[tuple[str, int, int | None]]:
    """Each side bet of ``variant`` with the least and the most a position may stake on it
    at the stakes ``env``: ``(name, least, most)`` (most None: no limit but his stack).

    >>> from studrules.spec.examples import example_variant
    >>> v = example_variant("side-bet")
    >>> side_bet_limits(v, v.stake_values())
    [('bonus', 5, 50)]
    """
    return [
        (
            bet.name,
            max(1, int(bet.min(env))) if bet.min is not None else 1,
            int(bet.max(env)) if bet.max is not None else None,
        )
        for step in variant.steps_of(SettleStep)
        for bet in step.side_bets
        if not bet.required
    ]


def required_bets(variant: Any) -> list[str]:
    """The side bets of ``variant`` every position makes at his own ante (``required``): not
    a choice, so not among :func:`side_bet_stakes` nor :func:`side_bet_limits`.

    >>> from studrules.spec.examples import example_variant
    >>> required_bets(example_variant("side-bet"))
    []
    """
    return [bet.name for step in variant.steps_of(SettleStep) for bet in step.side_bets if bet.required]


def side_bet_net(bet: SideBet, line: tuple[str, Odds] | None, stake: int, env: Mapping[str, int]) -> int:
    """What a side bet of ``stake`` chips wins (positive) or loses on the pay line its hand reached.

    ``pays: odds``: the line's odds to 1, the stake returned; ``pays: chips``:
    the line's chips (a meter line: its percentage of the meter, rounded
    down), the stake collected either way ("for one"). No line: the stake is lost.

    >>> from studrules.spec.expressions import NUMBER, compile_expression
    >>> from studrules.spec.model import SideBet
    >>> meter = compile_expression("meter", names={"meter": NUMBER})
    >>> bet = SideBet("progressive", meter, (("flush", 50),), pays="chips", meter=meter,
    ...               meter_share=(("royal_flush", 100), ("straight_flush", 10)))
    >>> [side_bet_net(bet, line, 1, {"meter": 12345}) for line in (("flush", 50), ("straight_flush", 10), None)]
    [49, 1233, -1]
    """
    if line is None:
        return -stake
    label, value = line
    if bet.pays != "chips":
        return paid(stake, value)
    if bet.meter is not None and label in dict(bet.meter_share):
        return int(bet.meter(env)) * int(value) // 100 - stake
    return int(value) - stake  # (a line paid in chips is whole: the checks see to it)


def _side_words(bet: SideBet, line: tuple[str, Odds], paid: int) -> str:
    if bet.pays != "chips":
        return f"pays {odds_words(line[1])}"
    if line[0] in dict(bet.meter_share):
        return f"pays {line[1]}% of the meter: {paid}"
    return f"pays {paid}"


def _main(
    step: SettleStep,
    player_value: float,
    house_value: float,
    ante: int,
    raise_amount: int | None,
    env: Mapping[str, int],
    forfeited: int,
    ranking: str,
    wild: tuple[str, str] | None = None,
) -> PositionSettlement:
    """The ante and the raises (rules 1-7)."""
    if raise_amount is None:
        return PositionSettlement(-ante, -forfeited, -ante - forfeited, "folded")
    if step.against == "pay_table":
        return _on_the_hand(step, player_value, ante, raise_amount, ranking, wild)
    names: dict[str, float] = dict(env)
    names["house"] = house_value
    names["hand"] = player_value
    names["ante"] = ante
    if not step.qualify(names):  # type: ignore[arg-type]  # a hand's value may be a half step (float); spec's Env says int | bool
        ante_net = _payout(step.not_qualified_ante, ante)
        raise_net = _payout(step.not_qualified_raise, raise_amount)
        reason = "the house does not qualify"
    elif player_value > house_value or (player_value == house_value and step.tie == "win"):
        odds = raise_odds(step, player_value, ranking)
        ante_net = ante * step.ante_odds
        raise_net = raise_amount * odds
        key = _category(player_value, ranking)
        reason = f"beats the house: {key} pays {odds} to 1"
        if player_value == house_value:
            reason = f"ties the house, paid as a win: {key} pays {odds} to 1"
    elif player_value == house_value and step.tie != "lose":
        ante_net = raise_net = 0
        reason = "ties the house: bets returned"
    else:
        ante_net, raise_net = -ante, -raise_amount
        reason = "loses to the house" if player_value != house_value else "ties the house and loses"
    if step.max_payout is not None:
        cap = int(step.max_payout(names))  # type: ignore[arg-type]  # a hand's value may be a half step (float); spec's Env says int | bool
        won = max(ante_net, 0) + max(raise_net, 0)
        if won > cap:
            excess = won - cap
            if raise_net > 0:
                cut = min(excess, raise_net)
                raise_net -= cut
                excess -= cut
            if excess and ante_net > 0:
                ante_net -= min(excess, ante_net)
            reason += f" (capped at {cap})"
    return PositionSettlement(ante_net, raise_net, ante_net + raise_net, reason)
