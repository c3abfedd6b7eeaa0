"""The batch simulator and the hand machine settle the same deal the same way.

studrules/settlement.py: "The interpreter calls settle_position for every
position of a banked game, and a vectorised simulator must agree with it hand
for hand". Here both paths play exactly the same cards of
variants/caribbean-stud-it.yaml (seed 004), one position against the house:

- the batch path is the simulator's own chain (studrules/simulate.py): the
  variant read once (``_table``), then ``_play_deals`` on the dealt codes
  (``evaluate_batch``, the strategy's view as arrays, ``Strategy.decide_batch``
  and ``settle_batch``), the piece ``_play_chunk`` runs on every chunk; and
  ``_play_chunk`` itself on the deals of its own chunk;
- the hand path is one :class:`~studrules.game.hand.Hand` per deal with those
  cards, the strategy deciding on the player's view through
  :class:`~studrules.game.policies.StrategyPolicy`, and ``result.net``.

For every shipped strategy, under the default pay table and the other
choice(s) of the ``pay_table`` option, every deal must get the same decision,
the same raise and the same net on both paths. The deals are seeded: uniform
deals, deals built to hold every paying category (royal flush down to a pair,
ace-king, less), and ties (the house holding the player's ranks in other
suits). A few deals worked out by hand from the file pin the numbers.
"""

from __future__ import annotations

import itertools
from collections import Counter
from functools import cache, lru_cache

import numpy as np
import pytest

from studrules.analysis.simulate import _play_chunk, _play_deals, _table, deal_batch
from studrules.cards.batch import codes_of, evaluate_batch
from studrules.cards.card import Card
from studrules.errors import SpecError, SpecErrors
from studrules.game.hand import Hand
from studrules.game.policies import StrategyPolicy, play_hand
from studrules.spec.loader import load_variant
from studrules.spec.strategies import load_strategy, shipped_strategies

IT = "caribbean-stud-it"
PLAYER = "Ann"
STACK = 5000  # more than any one hand can cost: ante 10 + raise 20
SEED = 20040
UNIFORM = 1500  # uniform deals
PER_CATEGORY = 50  # built deals for each kind of player hand
TIES = 250  # deals where the house holds the player's hand in other suits


# --- the variant under each choice of its pay table ---------------------------


def _pay_table_choices() -> list[str]:
    """The default choice first, then the others, as the file declares them."""
    option = next(o for o in load_variant(IT).options if o.name == "pay_table")
    return [option.default] + [c.name for c in option.choices if c.name != option.default]


PAY_TABLES = _pay_table_choices()


@cache
def _variant(pay_table: str):
    return load_variant(IT, options={"pay_table": pay_table})


# --- the deals -------------------------------------------------------------------
# Card codes: (rank - 2) * 4 + suit index (Card.from_code), ranks 2..14.


def _code(rank: int, suit: int) -> int:
    return (rank - 2) * 4 + suit


def _is_straight(ranks) -> bool:
    r = sorted(ranks)
    return r == list(range(r[0], r[0] + 5)) or r == [2, 3, 4, 5, 14]


def _grouped(rng, counts) -> list[int]:
    """Ranks in groups of ``counts`` (e.g. 3, 2: a full house), each group in distinct suits."""
    ranks = rng.choice(np.arange(2, 15), len(counts), replace=False)
    out = []
    for rank, n in zip(ranks.tolist(), counts):
        out += [_code(rank, int(s)) for s in rng.choice(4, n, replace=False)]
    return out


def _unpaired(rng, ranks, flush: bool) -> list[int]:
    """Five distinct ranks: all in one suit, or in suits that are not all one."""
    while True:
        suits = [int(rng.integers(4))] * 5 if flush else rng.integers(0, 4, 5).tolist()
        if flush or len(set(suits)) > 1:
            return [_code(int(r), s) for r, s in zip(ranks, suits)]


def _run(rng) -> list[int]:
    """Five ranks in a row, A-2-3-4-5 included."""
    low = int(rng.integers(1, 11))  # 1: the ace low
    return [14 if r == 1 else r for r in range(low, low + 5)]


def _no_royal_run(rng) -> list[int]:
    while True:
        ranks = _run(rng)
        if ranks != [10, 11, 12, 13, 14]:  # the royal flush has its own line
            return ranks


def _no_run(rng, pick) -> list[int]:
    while True:
        ranks = pick()
        if not _is_straight(ranks):
            return ranks


def _high_ranks(rng) -> list[int]:
    return rng.choice(np.arange(2, 15), 5, replace=False).tolist()


def _ace_king_ranks(rng) -> list[int]:
    return [14, 13] + rng.choice(np.arange(2, 13), 3, replace=False).tolist()


def _below_ace_king_ranks(rng) -> list[int]:
    while True:
        ranks = _high_ranks(rng)
        if not (14 in ranks and 13 in ranks):
            return ranks


# Each kind of five-card hand, built at random.
BUILDERS = {
    "royal_flush": lambda rng: _unpaired(rng, [10, 11, 12, 13, 14], flush=True),
    "straight_flush": lambda rng: _unpaired(rng, _no_royal_run(rng), flush=True),
    "four_of_a_kind": lambda rng: _grouped(rng, (4, 1)),
    "full_house": lambda rng: _grouped(rng, (3, 2)),
    "flush": lambda rng: _unpaired(rng, _no_run(rng, lambda: _high_ranks(rng)), flush=True),
    "straight": lambda rng: _unpaired(rng, _run(rng), flush=False),
    "three_of_a_kind": lambda rng: _grouped(rng, (3, 1, 1)),
    "two_pair": lambda rng: _grouped(rng, (2, 2, 1)),
    "pair": lambda rng: _grouped(rng, (2, 1, 1, 1)),
    "ace_king": lambda rng: _unpaired(rng, _no_run(rng, lambda: _ace_king_ranks(rng)), flush=False),
    "below_ace_king": lambda rng: _unpaired(rng, _no_run(rng, lambda: _below_ace_king_ranks(rng)), flush=False),
}


def _uniform(rng, n: int) -> np.ndarray:
    """``n`` rows of 10 distinct codes from one deck: the player's 5, then the house's 5."""
    return rng.random((n, 52)).argsort(axis=1)[:, :10]


def _built(rng) -> np.ndarray:
    """For every kind of hand, PER_CATEGORY deals giving it to the player; the
    house gets a random hand from the other 47 cards, or (every other deal) a
    built hand of a random kind."""
    rows = []
    kinds = list(BUILDERS)
    for kind in kinds:
        for i in range(PER_CATEGORY):
            player = BUILDERS[kind](rng)
            while True:
                if i % 2:
                    house = BUILDERS[kinds[int(rng.integers(len(kinds)))]](rng)
                    if set(house).isdisjoint(player):
                        break
                else:
                    rest = [c for c in range(52) if c not in player]
                    house = rng.choice(rest, 5, replace=False).tolist()
                    break
            rows.append(player + house)
    return np.array(rows, dtype=np.int64)


def _ties(rng, n: int) -> np.ndarray:
    """The house holds the player's ranks with the suits permuted so that no
    card stays the player's: other cards, the same hand value. (Three or four
    of a rank cannot be moved so: those kinds are drawn again.)"""
    rows = []
    kinds = list(BUILDERS)
    perms = list(itertools.permutations(range(4)))
    while len(rows) < n:
        player = BUILDERS[kinds[int(rng.integers(len(kinds)))]](rng)
        for i in rng.permutation(len(perms)).tolist():
            house = [c - c % 4 + perms[i][c % 4] for c in player]
            if set(house).isdisjoint(player):
                rows.append(player + house)
                break
    return np.array(rows, dtype=np.int64)


@lru_cache(maxsize=1)
def _deals() -> np.ndarray:
    rng = np.random.default_rng(SEED)
    deals = np.concatenate([_uniform(rng, UNIFORM), _built(rng), _ties(rng, TIES)])
    deals.setflags(write=False)
    return deals


def test_the_deals_are_ten_distinct_cards_and_hold_every_kind_of_hand():
    deals = _deals()
    assert len(deals) == UNIFORM + PER_CATEGORY * len(BUILDERS) + TIES
    assert all(len(set(row)) == 10 for row in deals.tolist())
    assert deals.min() >= 0 and deals.max() <= 51
    player, house = evaluate_batch(deals[:, :5]), evaluate_batch(deals[:, 5:])
    assert (player == house).sum() >= TIES
    # each built kind lies in its band of values: the floors of the hand constants
    from studrules.spec.vocabulary import category_constants

    floors = {name: value for name, (_, value) in category_constants().items()}
    start = UNIFORM
    for kind in BUILDERS:
        values = player[start : start + PER_CATEGORY]
        start += PER_CATEGORY
        if kind == "below_ace_king":
            assert (values < floors["ace_king"]).all(), kind
        elif kind == "royal_flush":
            assert (values == floors["royal_flush"]).all(), kind
        else:
            above = [v for n, v in floors.items() if v > floors[kind]]
            assert (values >= floors[kind]).all() and (values < min(above)).all(), kind


# --- the two paths -------------------------------------------------------------------


def _batch_path(variant, strategy, deals: np.ndarray):
    """(raised, raise amount, net) per deal, by simulate.py's own _play_deals (what _play_chunk runs)."""
    _, raised, _, net, amount = _play_deals(_table(variant, strategy), deals)
    return raised.tolist(), np.where(raised, amount, 0).tolist(), net.tolist()


def _hand(variant, player_cards, house_cards, policy=None, action=None):
    h = Hand(variant, [PLAYER], STACK, cards={PLAYER: player_cards, "house": house_cards})
    if policy is not None:
        result = play_hand(h, {PLAYER: policy})
    else:
        h.apply(f"{PLAYER} {action}")
        result = h.result()
    assert h.is_over and not result.void
    (position,) = result.positions
    assert result.house_net == -result.net[PLAYER] == -position["net"]
    return result, position


def _hand_path(variant, strategy, deals: np.ndarray):
    """(raised, raise amount, net) per deal, one Hand per deal."""
    policy = StrategyPolicy(strategy)
    raised, amounts, nets = [], [], []
    for row in deals.tolist():
        result, position = _hand(
            variant, [Card.from_code(c) for c in row[:5]], [Card.from_code(c) for c in row[5:]], policy=policy
        )
        raised.append(position["raise"] is not None)
        amounts.append(position["raise"] or 0)
        nets.append(result.net[PLAYER])
    return raised, amounts, nets


def _show(row) -> str:
    cards = [str(Card.from_code(int(c))) for c in row]
    return f"player {' '.join(cards[:5])} / house {' '.join(cards[5:])}"


def _disagreements(deals, batch, hand) -> list[str]:
    out = []
    for i, (b, h) in enumerate(zip(zip(*batch), zip(*hand))):
        if b != h:
            out.append(f"deal {i} ({_show(deals[i])}): batch (raised, raise, net) = {b}, Hand = {h}")
    return out


def _fitting_strategies() -> list[str]:
    """The shipped strategies that play this game (the others are written for other games)."""
    variant = _variant(PAY_TABLES[0])
    out = []
    for name in shipped_strategies():
        try:
            load_strategy(name, variant)
        except (SpecError, SpecErrors):
            continue
        out.append(name)
    return out


@pytest.mark.parametrize("pay_table", PAY_TABLES)
@pytest.mark.parametrize("strategy_name", _fitting_strategies())
def test_the_simulator_settles_every_deal_as_the_hand_machine_does(strategy_name, pay_table):
    variant = _variant(pay_table)
    strategy = load_strategy(strategy_name, variant)
    deals = _deals()
    batch = _batch_path(variant, strategy, deals)
    hand = _hand_path(variant, strategy, deals)
    wrong = _disagreements(deals, batch, hand)
    assert not wrong, f"{len(wrong)} of {len(deals)} deals differ; first ones:\n" + "\n".join(wrong[:10])
    # both paths raised the same hands with the same amounts and settled them identically
    assert batch == hand


@pytest.mark.parametrize("pay_table", PAY_TABLES)
def test_a_chunk_of_the_simulator_tallies_what_the_hand_machine_plays_on_its_deals(pay_table):
    # simulate.py: "chunk i draws from its own generator (NumPy's PCG64DXSM)
    # seeded by SeedSequence(seed, spawn_key=(i,))"; its deals are deal_batch's
    # rows, the player's cards first, then the house's.
    variant = _variant(pay_table)
    strategy = load_strategy("basic", variant)
    seed, index, hands = 7, 3, 1000
    tally = _play_chunk(_table(variant, strategy), seed, index, hands)
    rng = np.random.Generator(np.random.PCG64DXSM(np.random.SeedSequence(seed, spawn_key=(index,))))
    deals = deal_batch(rng, hands, 10)
    raised, amounts, nets = _hand_path(variant, strategy, deals)
    wagered = tally.pop("wagered")
    by_net: Counter = Counter()
    for (_, r, _, net), count in tally.items():
        by_net[(r, net)] += count
    assert by_net == Counter(zip(raised, nets))
    assert wagered == 10 * hands + sum(amounts)


# --- deals worked out by hand ------------------------------------------------------
# Ante 10 ("ante: 10"), raise "2 * ante" = 20. The house qualifies with
# "house >= ace_king"; when it does not, "ante: {result: win, odds: 1}" and
# "raise: {result: push}"; when it does, antes at even money ("Le puntate
# iniziali sono sempre pagate alla pari") and the raise by the pay table;
# "tie: push" ("Le mani che hanno ottenuto un valore pari a quello del croupier
# sono annullate"). RULES.md 004.6-004.10.

HOUSE_AK = "Ah Kd 9c 6s 3h"  # ace-king: qualifies
HOUSE_AQ = "Ah Qd 9c 6s 3h"  # ace-queen: does not qualify
HOUSE_KK = "Kh Kd 9c 6s 3d"  # a pair of kings: qualifies
PAIR_OF_TWOS = "2c 2d 7h 9s Qs"

# (what it shows, player, house, action, {pay table: the player's net})
WORKED = [
    # pair of 2s beats ace-king: ante +10, raise 20 x 1 = +20
    ("pair of twos beats a qualifying ace-king", PAIR_OF_TWOS, HOUSE_AK, "raise", {"standard": 30, "short": 30}),
    # "procede al pagamento delle sole scommesse iniziali": ante +10, raise returned
    ("the house without ace-king pays the ante only", PAIR_OF_TWOS, HOUSE_AQ, "raise", {"standard": 10, "short": 10}),
    # pair of kings beats pair of twos: ante -10, raise -20
    ("a losing raise loses ante and raise", PAIR_OF_TWOS, HOUSE_KK, "raise", {"standard": -30, "short": -30}),
    # "passo": the ante is lost, whatever the house holds
    ("a fold loses the ante to a qualifying house", PAIR_OF_TWOS, HOUSE_AK, "fold", {"standard": -10, "short": -10}),
    (
        "a fold loses the ante to a house that does not qualify",
        PAIR_OF_TWOS,
        HOUSE_AQ,
        "fold",
        {"standard": -10, "short": -10},
    ),
    # flush vs a pair: ante +10, raise 20 x 5 = +100
    ("a flush is paid 5 to 1", "2h 5h 8h Jh Kh", "Qc Qd 9c 6s 3d", "raise", {"standard": 110, "short": 110}),
    # A-2-3-4-5 is a straight ("L'Asso vale uno nelle sole combinazioni a scala"): 20 x 4 = +80
    ("the wheel is a straight paid 4 to 1", "Ac 2d 3h 4s 5c", HOUSE_KK, "raise", {"standard": 90, "short": 90}),
    # trips vs ace-king: 20 x 3 = +60
    ("three of a kind is paid 3 to 1", "7c 7d 7h 2s 4c", HOUSE_AK, "raise", {"standard": 70, "short": 70}),
    # full house: 20 x 7 = +140 (standard), 20 x 6 = +120 (short)
    (
        "a full house is paid 7 to 1, 6 to 1 on the short table",
        "8c 8d 8h 4s 4c",
        HOUSE_AK,
        "raise",
        {"standard": 150, "short": 130},
    ),
    # four of a kind: 20 x 20 = +400, 20 x 15 = +300
    (
        "four of a kind is paid 20 to 1, 15 to 1 on the short table",
        "9c 9d 9h 9s 2c",
        "Ah Kd Qh Js 3h",
        "raise",
        {"standard": 410, "short": 310},
    ),
    # straight flush: 20 x 50 = +1000, 20 x 40 = +800
    (
        "a straight flush is paid 50 to 1, 40 to 1 on the short table",
        "5d 6d 7d 8d 9d",
        "Ac Ah Qc Js 3h",
        "raise",
        {"standard": 1010, "short": 810},
    ),
    # royal flush: 20 x 100 = +2000, 20 x 80 = +1600
    (
        "a royal flush is paid 100 to 1, 80 to 1 on the short table",
        "Ts Js Qs Ks As",
        "Ah Kc Qd 9h 2h",
        "raise",
        {"standard": 2010, "short": 1610},
    ),
    # equal hands (ace-king-nine-six-three both): "annullate", both bets returned
    ("a hand equal to the house's is void", "Ac Kd 9h 6s 3c", "As Kh 9d 6c 3h", "raise", {"standard": 0, "short": 0}),
    # ace-king-jack beats ace-king-nine; the standard table's lowest line (ace-king
    # or less) pays even money: ante +10, raise 20 x 1 = +20
    (
        "a winning ace-king is paid even money",
        "Ac Kd Jh 6s 3c",
        "Ah Ks 9d 6c 2h",
        "raise",
        {"standard": 30, "short": 30},
    ),
]


@pytest.mark.parametrize("pay_table", PAY_TABLES)
@pytest.mark.parametrize("what, player, house, action, expected", WORKED, ids=[w[0] for w in WORKED])
def test_deals_worked_out_by_hand_settle_the_same_on_both_paths(what, player, house, action, expected, pay_table):
    variant = _variant(pay_table)
    want = expected[pay_table]
    result, position = _hand(variant, player, house, action=action)
    assert result.net[PLAYER] == want
    assert position["raise"] == (20 if action == "raise" else None)
    always = load_strategy(action, variant)  # the shipped strategies "raise" and "fold"
    codes = codes_of([player + " " + house]).astype(np.int64)
    raised, amounts, nets = _batch_path(variant, always, codes)
    assert (raised, amounts, nets) == ([action == "raise"], [20 if action == "raise" else 0], [want])


def test_the_worked_deals_cover_every_pay_table_choice():
    assert set(PAY_TABLES) == {"standard", "short"}
    assert all(set(w[-1]) == set(PAY_TABLES) for w in WORKED)
