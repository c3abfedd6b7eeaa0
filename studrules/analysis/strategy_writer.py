"""The optimal play of a game against the house, written as a strategy file.

:func:`optimal_strategy_text` runs the exact analysis with ``--optimal``,
keeps every decision's best choice where the best play goes, and writes it
in the strategy language (:mod:`studrules.spec.strategies`) so that
``simulate``, ``play --bots strategy:FILE`` and ``analyze --strategy FILE``
read it back. Each decision's rules are, in order:

- conditions on the hand where they say a whole range at once (``hand >= pair:
  raise``, ``hand < ace_king: fold``), when the decision holds a full hand;
- a table of hands (:mod:`studrules.spec.strategy_tables`) for the rest, each
  entry as broad as it can be: the ranks alone where every suit and up card
  agree, the ranks and the house's up card where every suit agrees, and the
  cards up to a renaming of suits where they do not;
- ``otherwise``: the commonest choice, which the table leaves out.

A file is read up to :data:`studrules.spec.source.MAX_BYTES`; where the
optimal play turns on every card (the suits of the player's five cards and
the house's up card) its table is longer than that, and the file holds a
shorter play instead, each choice weighed by what it is worth in every
situation (the exact analysis's figures), as close to the optimum as the
size allows: the ranges of hands where one action holds everywhere; a table
of the hands (by ranks and the up card, then up to a renaming of suits)
where the rules below it cost the most, as many as fit; for each rank of the
up card, the hand thresholds (the ranking's named hands) from which each
larger wager is taken, the best such; ``otherwise`` the smallest choice. Its
description states what it loses.
"""

from __future__ import annotations

from typing import Any

from ..spec.model import Variant
from ..spec.source import MAX_BYTES
from .exact import ExactResult

__all__ = ["optimal_strategy_text"]


def optimal_strategy_text(variant: Variant, name: str | None = None) -> tuple[str, ExactResult]:
    """The optimal play of ``variant`` as strategy YAML, and the analysis it comes from.

    >>> from studrules.spec.loader import load_variant
    >>> text, result = optimal_strategy_text(load_variant("my-banked-game.yaml"))  # doctest: +SKIP
    """
    import numpy as np
    import yaml

    from ..cards.rankings import get_ranking
    from .exact import analyze

    record: list[Any] = []
    result = analyze(variant, optimal=True, record=record)
    streets = max(r[0] for r in record) + 1
    fewest = int(get_ranking(variant.deck.ranking).fewest_cards)
    rules_of = []
    for street in range(streets):
        rows = [r for r in record if r[0] == street]
        cards = np.concatenate([r[1] for r in rows])
        up = None if rows[0][2] is None else np.concatenate([r[2] for r in rows])
        actions = np.concatenate([np.asarray(r[3]) for r in rows])
        wagered = np.concatenate([np.asarray(r[4]) for r in rows])
        rules_of.append(_rules(cards, up, actions, wagered, variant.deck.ranking, cards.shape[1] >= fewest))
    name = name or f"{variant.name}-optimal"
    chosen = ", ".join(f"{k}={v}" for k, v in variant.chosen)
    data: dict[str, Any] = {
        "name": name,
        "title": f"The optimal play of {variant.name}" + (f" ({chosen})" if chosen else ""),
        "description": (
            f"Derived by exact enumeration (studrules analyze {variant.name} --optimal): the house edge is "
            f"{result.house_edge * 100:.4f}% of the ante, the element of risk {result.element_of_risk * 100:.4f}%."
        ),
        "game": "banked",
    }
    if streets == 1:
        data["rules"] = rules_of[0]
    else:
        data["streets"] = [{"rules": r} for r in rules_of]
    header = (
        f"# The optimal play of {variant.name}, written by studrules analyze --optimal --write.\n"
        "# Each decision's rules are tried in order; a table of hands matches the cards up to a\n"
        "# renaming of suits (cards with suits) or any suits (ranks alone), '/' then the house's up cards.\n"
    )
    text = header + yaml.safe_dump(data, sort_keys=False, width=10_000, allow_unicode=True)
    if len(text.encode("utf-8")) > MAX_BYTES and streets == 1 and len(record[0]) > 5:
        # too long to be read back: the play in fewer rules, each weighed by what it is worth
        (_, cards, up, actions, _, (weights, worth)) = record[0]
        data["rules"], played = _compact_rules(cards, up, actions, weights, worth, variant.deck.ranking)
        kept = np.zeros(len(cards))
        for action, value in worth.items():
            kept[played == action] = value[played == action]
        edge = -float(np.sum(kept * weights)) / float(weights.sum())
        data["title"] = data["title"].replace("The optimal play", "A near-optimal play")
        data["description"] += (
            f" The optimal play's table is too long for a strategy file; these rules (a table of the hands "
            f"worth most, then thresholds by the house's up card) lose {edge * 100:.4f}% of the ante."
        )
        text = header.replace("# The optimal play", "# A near-optimal play") + yaml.safe_dump(
            data, sort_keys=False, width=10_000, allow_unicode=True
        )
    return text, result


def _rules(cards: Any, up: Any, actions: Any, wagered: Any, ranking: str, whole_hands: bool) -> list[dict[str, Any]]:
    """One decision's rules from its situations: ``cards`` (n, k), the house's ``up`` cards
    (n, u) or None, each situation's best action (text) and the antes out before it."""
    import numpy as np

    from ..spec.strategy_tables import HandTable, suit_key

    rules: list[dict[str, Any]] = []
    keep = np.ones(len(cards), dtype=bool)
    if whole_hands:
        rules, keep = _hand_ranges(cards, actions, ranking)
    cards, actions, wagered = cards[keep], actions[keep], wagered[keep]
    up = up[keep] if up is not None else None
    if not len(cards):
        last = rules.pop()
        rules.append({"otherwise": last["action"]})
        return rules
    names, counts = np.unique(actions, return_counts=True)
    default = str(names[np.argmax(counts)])
    table = _table(cards, up, actions, default)
    # where the same cards are best played otherwise after other wagers (a fold weighs what is
    # out), a table read only at that wager says so, before the others
    given = HandTable.parse(table).lookup_batch(cards, up) if table else [None] * len(cards)
    wrong = np.flatnonzero(np.array([g or default for g in given]) != actions)
    for out in sorted(set(wagered[wrong].tolist())):
        exceptions: dict[str, str] = {}
        for row in wrong[wagered[wrong] == out]:
            shown = up[row].tolist() if up is not None else []
            key = _canonical(cards[row].tolist(), shown, "", suit_key)
            exceptions.setdefault(key, str(actions[row]))
        rules.append({"when": f"wagered == {out}", "hands": exceptions})
    if table:
        rules.append({"hands": table})
    rules.append({"otherwise": default})
    return rules


def _hand_ranges(cards: Any, actions: Any, ranking: str) -> tuple[list[dict[str, Any]], Any]:
    """``hand >= X`` and ``hand < Y`` rules for the widest ranges of hands with one best action,
    at the hand thresholds of the ranking; the situations they leave."""
    import numpy as np

    from ..spec.vocabulary import hand_constants
    from .exact_house import values_of

    values = values_of(cards, ranking)
    thresholds = sorted((v, n) for n, (_, v) in hand_constants(ranking).items())
    rules: list[dict[str, Any]] = []
    keep = np.ones(len(cards), dtype=bool)
    for value, name in thresholds:  # the lowest threshold above which one action holds
        above = values >= value
        found = np.unique(actions[above])
        if above.any() and len(found) == 1:
            rules.append({"when": f"hand >= {name}", "action": str(found[0])})
            keep &= ~above
            break
    for value, name in reversed(thresholds):  # the highest below which one action holds
        below = keep & (values < value)
        found = np.unique(actions[below])
        if below.any() and len(found) == 1 and not (keep & ~below & (actions == found[0])).all():
            rules.append({"when": f"hand < {name}", "action": str(found[0])})
            keep &= ~below
            break
    return rules, keep


def _table(cards: Any, up: Any, actions: Any, default: str) -> dict[str, str]:
    """The table entries, each as broad as the situations allow (see the module's words)."""
    import numpy as np

    from ..spec.strategy_tables import key_text, suit_key

    n = len(cards)
    ranks = np.left_shift(np.int64(1), 3 * (cards // 4)).sum(axis=1)
    up_ranks = np.left_shift(np.int64(1), 3 * (up // 4)).sum(axis=1) if up is not None else np.zeros(n, np.int64)
    names, act = np.unique(actions, return_inverse=True)
    act = act.reshape(-1)
    out: dict[str, str] = {}

    def uniform(keys: Any, rows: Any) -> tuple[Any, Any, Any]:
        """For the groups of ``rows`` by ``keys``: each row's group, whether the group agrees, its commonest action."""
        _, group = np.unique(keys[rows], axis=0, return_inverse=True)
        group = group.reshape(-1)
        tally = np.zeros((group.max() + 1, len(names)), dtype=np.int64)
        np.add.at(tally, (group, act[rows]), 1)
        return group, (tally > 0).sum(axis=1) == 1, tally.argmax(axis=1)

    every = np.arange(n)
    group, agrees, common = uniform(ranks[:, None], every)
    mixed_rows = every[~agrees[group]]
    written: set[int] = set()
    for row in every[agrees[group]]:
        g = group[row]
        if g not in written:
            written.add(g)
            if names[common[g]] != default:
                out[key_text(cards[row].tolist(), suits=False)] = str(names[common[g]])
    if not len(mixed_rows):
        return out
    if up is not None:
        group, agrees, common = uniform(np.stack([ranks, up_ranks], axis=1), mixed_rows)
    else:
        group = np.zeros(len(mixed_rows), dtype=np.int64)
        agrees = np.zeros(1, dtype=bool)
        _, group = np.unique(ranks[mixed_rows], return_inverse=True)
        group = group.reshape(-1)
        tally = np.zeros((group.max() + 1, len(names)), dtype=np.int64)
        np.add.at(tally, (group, act[mixed_rows]), 1)
        agrees = np.zeros(group.max() + 1, dtype=bool)
        common = tally.argmax(axis=1)
    written = set()
    for i, row in enumerate(mixed_rows):
        g = group[i]
        shown = up[row].tolist() if up is not None else []
        if g not in written:
            written.add(g)
            if names[common[g]] != default and up is not None:
                out[key_text(cards[row].tolist(), shown, suits=False)] = str(names[common[g]])
            elif names[common[g]] != default:
                out[key_text(cards[row].tolist(), suits=False)] = str(names[common[g]])
        if not agrees[g] and act[row] != common[g]:
            text = key_text(cards[row].tolist(), shown, suits=True)
            out.setdefault(_canonical(cards[row].tolist(), shown, text, suit_key), str(names[act[row]]))
    return out


def _canonical(cards: list[int], up: list[int], text: str, suit_key: Any) -> str:
    """One text per class of suit renaming: the cards renamed so the suits come in a fixed order."""
    from ..spec.strategy_tables import key_text

    masks = suit_key(cards, up)
    order: list[int] = []
    for mask in masks:  # the suits, by their ranks (most first), each given the next suit letter
        for s in range(4):
            if s not in order and _mask(cards, up, s) == mask:
                order.append(s)
                break
    rename = {s: 3 - i for i, s in enumerate(order)}
    return key_text([c // 4 * 4 + rename[c % 4] for c in cards], [c // 4 * 4 + rename[c % 4] for c in up], suits=True)


def _mask(cards: list[int], up: list[int], suit: int) -> int:
    m = 0
    for c in cards:
        if c % 4 == suit:
            m |= 1 << c // 4
    for c in up:
        if c % 4 == suit:
            m |= 1 << 13 + c // 4
    return m


# --- a shorter file where the optimal play's table is too long to be read back ----------

_ENTRIES = 6_000  # table entries by ranks at most
_ROOM = 200_000  # bytes of table entries at most, inside the bound of a file read back


def _compact_rules(
    cards: Any, up: Any, actions: Any, weights: Any, worth: dict[str, Any], ranking: str
) -> tuple[list[dict[str, Any]], Any]:
    """The rules (as for a strategy file) and each situation's action under them: ``cards``
    (n, k) and the house's ``up`` cards (n, u) or None, the optimal ``actions``, each row's
    weight and ``worth`` (action -> each row's value, in antes)."""
    import numpy as np

    from ..cards.card import RANK_NAMES
    from ..spec.strategy_tables import key_text
    from ..spec.vocabulary import hand_constants
    from .exact_house import values_of

    rules, open_rows = _hand_ranges(cards, actions, ranking)
    played = np.asarray(actions).astype(object)
    names = sorted(worth, key=_wager)  # fold, stand, then the raises, the least first
    value = np.stack([worth[a] for a in names], axis=1) * weights[:, None]  # (n, actions)
    rows = np.flatnonzero(open_rows)
    hand = values_of(cards[rows], ranking)
    up_rank = up[rows, 0] // 4 if up is not None else np.zeros(len(rows), dtype=np.int64)
    marks = sorted({v for _, v in hand_constants(ranking).values()})
    marks = [m for m in marks if hand.min() < m <= hand.max()]
    word = {v: n for n, (_, v) in sorted(hand_constants(ranking).items(), key=lambda x: -len(x[0]))}
    # for each up rank, the thresholds: action i on the bands from cuts[i] to cuts[i + 1]
    by_rule = np.zeros(len(rows), dtype=np.int64)
    thresholds: dict[int, list[int]] = {}
    for r in np.unique(up_rank).tolist():
        mine = up_rank == r
        band = np.searchsorted(marks, hand[mine], side="right")  # which gap between marks
        sums = np.zeros((len(marks) + 1, len(names)))
        np.add.at(sums, band, value[rows[mine]])
        cuts = thresholds[r] = _best_cuts(sums)
        by_rule[mine] = np.searchsorted(cuts, band, side="right") - 1
    # the exceptions: by the ranks and the up rank, the groups whose best beats the rules most
    ranks = np.left_shift(np.int64(1), 3 * (cards[rows] // 4)).sum(axis=1)
    _, group = np.unique(np.stack([ranks, up_rank], axis=1), axis=0, return_inverse=True)
    group = group.reshape(-1)
    total = np.zeros((group.max() + 1, len(names)))
    np.add.at(total, group, value[rows])
    under_rules = np.zeros(group.max() + 1)
    np.add.at(under_rules, group, value[rows, by_rule])
    best = total.argmax(axis=1)
    gain = total.max(axis=1) - under_rules
    chosen = [g for g in np.argsort(-gain)[:_ENTRIES].tolist() if gain[g] > 1e-15]
    first = np.zeros(group.max() + 1, dtype=np.int64)
    first[group[::-1]] = np.arange(len(group))[::-1]
    table: dict[str, str] = {}
    final = by_rule.copy()
    room = _ROOM
    for n, g in enumerate(chosen):
        row = rows[first[g]]
        shown = [int(up[row, 0])] if up is not None else []
        key = key_text(cards[row].tolist(), shown, suits=False)
        table[key] = names[best[g]]
        room -= _entry_bytes(key, names[best[g]])
        if room < _ROOM // 2:
            chosen = chosen[: n + 1]
            break
    exception = np.isin(group, chosen)
    final[exception] = best[group[exception]]
    # then the hands up to a renaming of suits (read before the ranks) where they still cost most
    _suited(cards[rows], up[rows] if up is not None else None, value[rows], final, names, table, room)
    if table:
        rules.append({"hands": table})
    for r, cuts in thresholds.items():
        for i in range(len(names) - 1, 0, -1):
            if cuts[i] == cuts[i + 1]:
                continue
            parts = [f"house_up == {RANK_NAMES[r + 2]}"] if up is not None else []
            if cuts[i] > 0:
                parts.append(f"hand >= {word[marks[cuts[i] - 1]]}")
            if not parts:
                rules.append({"otherwise": names[i]})
                break
            rules.append({"when": " and ".join(parts), "action": names[i]})
    if "otherwise" not in rules[-1]:
        rules.append({"otherwise": names[0]})
    played[rows] = np.array(names, dtype=object)[final]
    return rules, played


def _entry_bytes(key: str, action: str) -> int:
    """About what a table entry takes in the file (quotes, colon, indent, new line)."""
    return len(key) + len(action) + 10


def _suited(cards: Any, up: Any, value: Any, final: Any, names: list[str], table: dict[str, str], room: int) -> None:
    """Adds to ``table`` the hands (cards with suits, up to a renaming) whose best action beats
    ``final`` most, as many as ``room`` bytes hold, and updates ``final``."""
    import numpy as np

    from ..spec.strategy_tables import key_text, suit_key

    regret = value.max(axis=1) - value[np.arange(len(final)), final]
    rows = np.flatnonzero(regret > 1e-15)
    if not len(rows):
        return
    shown = up[rows] if up is not None else np.zeros((len(rows), 0), dtype=np.int64)
    masks = np.zeros((len(rows), 4), dtype=np.int64)
    for s in range(4):
        mine = cards[rows] % 4 == s
        masks[:, s] = np.where(mine, np.left_shift(1, cards[rows] // 4), 0).sum(axis=1)
        masks[:, s] |= np.where(shown % 4 == s, np.left_shift(1, 13 + shown // 4), 0).sum(axis=1)
    _, group = np.unique(np.sort(masks, axis=1), axis=0, return_inverse=True)
    group = group.reshape(-1)
    total = np.zeros((group.max() + 1, len(names)))
    np.add.at(total, group, value[rows])
    now = np.zeros(group.max() + 1)
    np.add.at(now, group, value[rows, final[rows]])
    gain = total.max(axis=1) - now
    first = np.zeros(group.max() + 1, dtype=np.int64)
    first[group[::-1]] = np.arange(len(group))[::-1]
    chosen = []
    best = total.argmax(axis=1)
    for g in np.argsort(-gain).tolist():
        if gain[g] <= 1e-15:
            break
        row = rows[first[g]]
        mine_up = shown[first[g]].tolist()
        text = key_text(cards[row].tolist(), mine_up, suits=True)
        key = _canonical(cards[row].tolist(), mine_up, text, suit_key)
        room -= _entry_bytes(key, names[int(best[g])])
        if room < 0:
            break
        table[key] = names[int(best[g])]
        chosen.append(g)
    hit = np.isin(group, chosen)
    final[rows[hit]] = best[group[hit]]


def _wager(action: str) -> tuple[int, int]:
    """Actions by the wager they put out: fold, stand, raise, raise 2x..."""
    from ..spec.strategies import action_size

    if action == "fold":
        return (0, 0)
    if action == "stand":
        return (1, 0)
    return (2, action_size(action) or 1)


def _best_cuts(sums: Any) -> list[int]:
    """Where each action's bands begin: ``sums[b, a]`` is action ``a``'s value over band ``b``;
    the actions take consecutive runs of bands in their order (a run may be empty), action ``a``
    the bands from ``cuts[a]`` to ``cuts[a + 1]``; the cuts that make the sum largest."""
    import numpy as np

    bands, actions = sums.shape
    upto = np.concatenate([np.zeros((1, actions)), np.cumsum(sums, axis=0)])  # upto[j]: bands below j
    best = upto[:, 0].copy()  # best[j]: the bands below j with the actions so far
    back = []
    for a in range(1, actions):
        # best over s <= j of best[s] + upto[j, a] - upto[s, a]
        lead = best - upto[:, a]
        where = np.array([int(np.argmax(lead[: j + 1])) for j in range(bands + 1)])
        best = lead[where] + upto[:, a]
        back.append(where)
    cuts = [bands]
    for where in reversed(back):
        cuts.append(int(where[cuts[-1]]))
    return [0, *reversed(cuts[1:])] + [bands]
