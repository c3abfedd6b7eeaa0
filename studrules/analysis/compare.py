"""Two rule sets on the same cards: where and how often the outcome changes.

:func:`compare` deals the same decks to the same players under two variants
and reports side by side what a card room manager choosing house rules asks:
the average pot, how often a hand reaches the showdown, who pays the
bring-in, how often the first player to act changes, how often the winner
changes, chips won per seat and per policy (each with a 95% confidence
interval), and for games against the house the house edge under each::

    >>> from studrules.spec.loader import load_variant
    >>> from studrules.spec.resources import default_variant
    >>> v = load_variant(default_variant())
    >>> c = compare(v, v, deals=20, seed=1)
    >>> c.winner_changes.count, c.pot.a.mean == c.pot.b.mean, c.examples
    (0, True, ())

How the deals are the same:

- deal ``i`` uses a deck shuffled by :func:`deal_seed` ``(seed, i)``; both
  hands are built with that seed, so both draw the same card sequence from the
  top (a variant that deals or burns more cards simply draws further down it);
- the players are ``P1``..``Pn``, clockwise from the dealer's left, each with
  ``stacks`` chips at the start of every deal (deals are independent);
- each seat's policy is the same in both hands and, when it draws random
  numbers, is re-seeded with the same :func:`deal_seed` ``(seed, i, seat)``
  before each deal; with several policies they take turns round the table
  (deal ``i``, seat ``k`` gets policy ``(k + i) mod`` their number), so each
  policy sits in every seat equally often.

Measures, per deal: the *pot* is the chips in the pots of a pot game, or the
chips wagered against the house (antes, required bets and raises) in a banked game; a hand
*reaches the showdown* when a hand is shown or read; the *bring-in player* is
the one due to post it (who may complete instead), compared over the deals
where both rule sets have one; the *first to act* of a
round is the player of its first betting action; the *winners* are the
players who take a pot or a share of one, whatever their net (one who takes
back no more than his own bet still wins the pot), and against the house the
players who settle ahead of it. The *forced bets* differ when the
antes, blinds or kills posted differ (who or how much), or the bring-in (who
is due to post it; how much, where both post it): a player due to bring in
who completes instead makes a choice, not a forced bet; the *play*
changes when the players' decisions differ: their actions in order, who
does what, every chip amount set aside (an ante or a notice in one history
alone moves the other events, not the decisions); the *winner
changes* when the sets of winners differ; *someone's result changes* when a
player who won, lost or broke even under A does otherwise under B; *only the
amounts change* when the play and every player's result are the same but the
chips are not (the forced bets or the bet sizes alone); the *history*
changes when any event differs. The differences B - A have paired confidence
intervals: the same deals under both rule sets make them much narrower than
comparing two independent runs. Means have Student's t intervals, rates
Wilson's (:mod:`.intervals`): a few deals give wide ones, a single deal none.

The deals kept as examples are those where the winner changes, then those
where another player brings in, then those where the play changes; a deal
where every player acts alike and the same players win (its forced bets or
its amounts alone change) is never an example. An example's histories stand
side by side, the same event on one line (:mod:`.compare_lines`).
"""

from __future__ import annotations

import dataclasses
import gc
import hashlib
import random
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from ..errors import ArgumentError, StudrulesError
from ..game.hand import Hand
from ..game.needs import chips_needed
from ..game.policies import default_policies, make_policy, play_hand
from ..spec.arguments import loaded_variant, whole_number
from ..spec.expression_language import MAX_NUMBER
from ..spec.model import Variant
from .compare_tally import HISTOGRAM_BINS, _Tally, first_difference, pot_bins
from .comparison import Comparison
from .diff import variant_label
from .distributed import dask_address

# Comparison and its records live in .comparison; Comparison is named here too,
# beside the function that makes it.
__all__ = [
    "compare",
    "kinds_refusal",
    "bots_refusal",
    "Comparison",
    "deal_seed",
    "first_difference",
    "HISTOGRAM_BINS",
    "MAX_DEALS",
    "pot_bins",
]


#: Deals per chunk: a chunk's tally depends only on the seed and its deals,
#: and chunks are added up in order, in one process or on a Dask cluster.
CHUNK = 1000

#: The most diverging deals a comparison keeps to show.
MAX_EXAMPLES = 1000

#: The most deals one comparison plays: the bound of every count and amount
#: the command line and the files take (a billion deals is days on one core).
MAX_DEALS = MAX_NUMBER


Progress = Callable[[int, int], None]


# --------------------------------------------------------------------------
# the comparison


def compare(
    a: Variant,
    b: Variant,
    *,
    deals: int,
    seed: int,
    players: int = 4,
    policies: Sequence[str] | None = None,
    stacks: int | None = None,
    progress: Progress | None = None,
    examples: int = 3,
    labels: tuple[str, str] | None = None,
    dask: str | None = None,
    exact: bool = False,
    optimal: bool = False,
) -> Comparison:
    """Play ``deals`` deals under ``a`` and under ``b`` with the same cards and
    policies and compare them (see the module's documentation).

    ``policies``: names for :func:`studrules.game.policies.make_policy` (default
    :func:`~studrules.game.policies.default_policies`: bots that play, folding
    and raising), taking turns round the table. ``stacks``: each
    player's chips at the start of every deal (default: 100 times the largest
    stake of either variant, at least 1,000). ``progress(done, total)`` is
    called now and then. ``examples``: how many diverging deals to keep.
    ``labels``: the names the report gives A and B. ``dask``: a Dask
    scheduler's address, or ``"local"``, to play the deals on
    (:mod:`studrules.analysis.distributed`): the deals are played in chunks
    of :data:`CHUNK`, whose tallies are added up in order wherever they were
    played, so the same seed gives the same comparison. ``exact``: two games
    against the house are also counted exactly under each bot's strategy
    (:func:`~.compare_exact.exact_pairs`, in ``exact``), before any deal is played;
    ``optimal``: each game under its optimal play too.

    Ctrl-C stops early: the result covers the deals played (``interrupted``).

    >>> from studrules.spec.examples import example_variant  # (ante 1, bet 10)
    >>> a, b = (example_variant("bring-in", stakes={"bring_in": chips}) for chips in (2, 5))
    >>> c = compare(a, b, deals=10, seed=3, players=3, policies=["check-call"])
    >>> c.pot.a.mean, c.pot.b.mean  # check/call: 3 antes, then the bring-in and two calls of it
    (9.0, 18.0)
    >>> c.forced_bet_changes.count, c.play_changes.count, c.amounts_only_changes.count
    (10, 0, 10)
    """
    a, b = loaded_variant(a, "compare"), loaded_variant(b, "compare")
    if (why := kinds_refusal(a, b)) is not None:
        raise StudrulesError(why)
    whole_number(deals, "the number of deals", 1, MAX_DEALS)
    seed = whole_number(seed, "the seed", 0)
    examples = whole_number(examples, "examples", 0, MAX_EXAMPLES)
    dask = dask_address(dask)
    for variant in (a, b):
        _check_seats(variant, players)
    names = tuple(f"P{i + 1}" for i in range(players))
    if isinstance(policies, str):  # (a name alone would be read letter by letter)
        raise ArgumentError(f"policies are a list of bot names (['{policies}']), not the name '{policies}'")
    policy_names = tuple(policies or default_policies((a, b)))
    if (why := bots_refusal(a, policy_names)) is not None:
        raise ArgumentError(why)
    if stacks is None:
        stacks = _default_stacks(a, b)
    stacks = whole_number(stacks, "stacks", 1, MAX_NUMBER)
    for variant in (a, b):  # (a smaller stack would play another game: a wager cut short, a hand not dealt)
        if variant.is_banked and stacks < (need := chips_needed(variant)):
            raise ArgumentError(
                f"stacks of {stacks:,} chips: a hand of {variant.name} needs {need:,} "
                "(its ante, its side bets and its raises)"
            )
    if labels is not None:
        given = labels if isinstance(labels, str) or not isinstance(labels, Iterable) else tuple(labels)
        if not isinstance(given, tuple) or len(given) != 2 or not all(isinstance(x, str) for x in given):
            raise ArgumentError(f"labels are two names, A's and B's (('ours', 'theirs')), not {labels!r}")
        labels = given
    label_a, label_b = labels or _labels(a, b)
    counted: tuple = ()
    if exact or optimal:  # counted before any deal is played: a refusal stops the run at once
        from .compare_exact import exact_pairs

        counted = exact_pairs(a, b, policy_names if exact else (), optimal=optimal)
    # equal rule sets play as one (the same plan of the hand: what it works out once serves both)
    job = _Job(a, a if b is not a and b == a else b, names, policy_names, stacks, seed, examples)
    chunks = _chunks(deals)  # made as they are played: a long run's list of them would fill the memory first
    tally = _Tally(names, policy_names, examples)
    started = time.perf_counter()
    interrupted = False
    if dask is None:
        step = max(1, deals // 200)

        def tick(done: int) -> None:
            if progress is not None and (done % step == 0 or done == deals):
                progress(done, deals)

        try:
            for start, end in chunks:
                part = _Tally(names, policy_names, examples)
                try:
                    _play_deals(job, start, end, part, tick)
                finally:  # a chunk cut short by Ctrl-C counts the deals it played
                    tally.merge(part)
        except KeyboardInterrupt:
            interrupted = True
    else:
        from .distributed import play_chunks

        def take(index: int, part: _Tally) -> None:  # in the chunks' order, as one process adds them
            tally.merge(part)
            if progress is not None:
                progress(tally.deals, deals)

        try:
            play_chunks(dask, _chunk_tally, job, chunks, take, in_order=True)
        except KeyboardInterrupt:  # the chunks before the first missing one are counted
            interrupted = True
    done = tally.deals
    if done == 0:
        raise KeyboardInterrupt
    seconds = time.perf_counter() - started
    result = tally.finish(a, b, label_a, label_b, seed, deals, done, stacks, interrupted, seconds)
    return dataclasses.replace(result, exact=counted) if counted else result


def _play_deals(job: _Job, start: int, end: int, tally: _Tally, tick: Callable[[int], None] | None = None) -> _Tally:
    """Deals ``start`` to ``end`` (excluded) played under both rule sets, counted in ``tally``."""
    a, b, names, policy_names = job.a, job.b, job.names, job.policy_names
    players = len(names)
    # one policy object per (variant, seat, name): made once, re-seeded each deal
    made = {}
    for side, variant in (("a", a), ("b", b)):
        for name in dict.fromkeys(policy_names):
            for seat in range(players):
                made[side, seat, name] = make_policy(name, seed=0, variant=variant)
    # A deal makes no reference cycles: its hands are freed by reference counting as the next
    # begins. The cycle collector, which walks every live object now and then, is paused meanwhile.
    collecting = gc.isenabled()
    gc.disable()
    try:
        _deals(job, start, end, tally, tick, made)
    finally:
        if collecting:
            gc.enable()
    return tally


def _deals(job: _Job, start: int, end: int, tally: _Tally, tick: Callable[[int], None] | None, made: dict) -> None:
    """The loop of :func:`_play_deals`, with ``made`` its policies by (side, seat, name)."""
    a, b, names, policy_names, seed = job.a, job.b, job.names, job.policy_names, job.seed
    players = len(names)
    turns = len(policy_names)
    # who sits where and which policy objects play, by deal number modulo the policies' turns;
    # the policies that draw random numbers, re-seeded before each deal (the others need no seed)
    seatings = []
    for r in range(turns):
        seating = {names[k]: policy_names[(k + r) % turns] for k in range(players)}
        sides = []
        for side, variant in (("a", a), ("b", b)):
            chosen = {p: made[side, k, seating[p]] for k, p in enumerate(names)}
            drawing = [
                (k, rng)
                for k, p in enumerate(names)
                if isinstance(rng := getattr(chosen[p], "rng", None), random.Random)
            ]
            sides.append((variant, chosen, drawing))
        seatings.append((seating, sides))
    for i in range(start, end):
        deck = deal_seed(seed, i)
        seating, sides = seatings[i % turns]
        seat_seeds: dict[int, int] = {}
        hands = []
        for variant, chosen, drawing in sides:
            hand = Hand(variant, names, job.stacks, seed=deck)
            for k, rng in drawing:
                if k not in seat_seeds:
                    seat_seeds[k] = deal_seed(seed, i, k)
                rng.seed(seat_seeds[k])
            play_hand(hand, chosen)
            hands.append(hand)
        tally.add(i, deck, seating, hands[0], hands[1])
        if tick is not None:
            tick(i + 1)


def _chunks(deals: int) -> Iterator[tuple[int, int]]:
    """The chunks of ``deals`` deals, in order, one at a time: ``(first deal, last + 1)``.

    >>> list(_chunks(2 * CHUNK + 5))[-2:]
    [(1000, 2000), (2000, 2005)]
    """
    for start in range(0, deals, CHUNK):
        yield start, min(start + CHUNK, deals)


def _chunk_tally(job: _Job, start: int, end: int) -> _Tally:
    """One chunk's tally (a task on a Dask worker)."""
    return _play_deals(job, start, end, _Tally(job.names, job.policy_names, job.examples))


def bots_refusal(a: Variant, bots: Sequence[str]) -> str | None:
    """Why these bots cannot measure a comparison of ``a`` with a game of its kind: the
    ``strategy`` bot in a pot game, which has no strategy of its own (None when they can).

    >>> from studrules.spec.examples import example_variant
    >>> bots_refusal(example_variant("one-round"), ["sensible"]) is None
    True
    """
    if "strategy" not in bots or a.is_banked:
        return None
    return (
        f"the 'strategy' bot plays a game against the house by its own strategy, and {a.name} is a pot game "
        "with none: it would check and call every deal, the same pot each time (use sensible or random)"
    )


def kinds_refusal(a: Variant, b: Variant) -> str | None:
    """Why ``a`` and ``b`` cannot be compared on the same cards: a pot game
    beside a game against the house (None when both are of one kind). Their
    figures measure different things: chips won from the other players out of
    one pot, against chips the house pays or takes hand by hand.

    >>> from studrules.spec.examples import example_variant
    >>> kinds_refusal(example_variant("one-round"), example_variant("bring-in")) is None
    True
    """
    if a.is_banked == b.is_banked:
        return None
    pot, house = (b, a) if a.is_banked else (a, b)
    return (
        f"cannot compare {a.name} with {b.name}: {pot.name} is a pot game (the players play against each "
        f"other) and {house.name} a game against the house (each hand is settled against the house's), so "
        "their pots, winners and chips won measure different things on the same cards; compare two pot games "
        f"or two games against the house ('studrules diff {a.name} {b.name}' sets their rules side by side)"
    )


def deal_seed(seed: int, *parts: int) -> int:
    """The seed of deal ``parts[0]`` (and of seat ``parts[1]``'s policy) under the run's ``seed``.

    A hash, so each deal's deck depends only on the seed and its number.

    >>> deal_seed(7, 0) == deal_seed(7, 0) != deal_seed(7, 1)
    True
    """
    text = ":".join(str(x) for x in ("studrules-compare", seed, *parts))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


# --------------------------------------------------------------------------
# helpers


def _check_seats(variant: Variant, players: int) -> None:
    seats = variant.seats
    low, high = seats.min, seats.max
    if seats.positions:
        high = max(high, seats.positions[1])
    if not isinstance(players, int) or isinstance(players, bool) or not low <= players <= high:
        what = "positions" if variant.is_banked else "players"
        raise ArgumentError(f"{variant.name} is played by {low} to {high} {what}, not {players!r}")


def _default_stacks(a: Variant, b: Variant) -> int:
    biggest = max([*a.stake_values().values(), *b.stake_values().values(), 0])
    return min(max(1000, 100 * biggest), MAX_NUMBER)  # (within what stacks may be)


def _labels(a: Variant, b: Variant) -> tuple[str, str]:
    la, lb = variant_label(a), variant_label(b)
    if la == lb:
        return f"{la} (A)", f"{lb} (B)"
    return la, lb


@dataclass(frozen=True)
class _Job:
    """What every chunk of a comparison plays with (sent once to each Dask worker)."""

    a: Variant
    b: Variant
    names: tuple[str, ...]
    policy_names: tuple[str, ...]
    stacks: int
    seed: int
    examples: int
