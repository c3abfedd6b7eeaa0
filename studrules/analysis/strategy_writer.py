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

A strategy file is read up to :data:`studrules.spec.source.MAX_STRATEGY_BYTES`
and :data:`~studrules.spec.source.MAX_STRATEGY_NODES` values: the optimal
play's table fits even where it turns on every card (the suits of the
player's five cards and the house's up card, some 80,000 hands). A table
longer than that would be written as a shorter play instead, each choice
weighed by what it is worth in every situation (the exact analysis's
figures), as close to the optimum as the size allows: the ranges of hands
where one action holds everywhere; a table of the hands (by ranks and the up
card, then up to a renaming of suits) where the rules below it cost the
most, as many as fit; for each rank of the up card, the hand thresholds (the
ranking's named hands) from which each larger wager is taken, the best such;
``otherwise`` the smallest choice. Its description states what it loses.
"""

from __future__ import annotations

from typing import Any

from ..errors import SpecError
from ..spec.model import Variant
from ..spec.source import MAX_STRATEGY_BYTES, MAX_STRATEGY_NODES
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

    if variant.deck.jokers:  # (before any count: the file could not be read for the game)
        raise SpecError(
            f"the optimal play is written as tables of hands by their cards, which a strategy may not read "
            f"where jokers are dealt (a joker has no rank), as {variant.name} deals them: analyze --optimal "
            "counts the best play without writing it"
        )
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
    chosen = ", ".join(f"{k}={v}" for k, v in variant.chosen)
    # (the options not at their defaults named: the optimal play of another pay table is another strategy)
    changed = variant.changed_options()
    name = name or f"{variant.name}-optimal" + (f" ({changed})" if changed else "")
    data: dict[str, Any] = {
        "name": name,
        "title": f"The optimal play of {variant.name}" + (f" ({chosen})" if chosen else ""),
        "description": (
            f"Derived by exact enumeration (studrules analyze {variant.name} --optimal): the house edge is "
            f"{result.house_edge * 100:.4f}% of the ante, the element of risk {result.element_of_risk * 100:.4f}%."
        ),
        "game": variant.name,  # it plays this game and the variants that extend it
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
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  # the C one is faster, and writes the same
    text = header + yaml.dump(data, Dumper=dumper, sort_keys=False, width=10_000, allow_unicode=True)
    too_long = len(text.encode("utf-8")) > MAX_STRATEGY_BYTES or _values(data) > MAX_STRATEGY_NODES
    if too_long and streets == 1 and len(record[0]) > 5:
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
        text = header.replace("# The optimal play", "# A near-optimal play") + yaml.dump(
            data, Dumper=dumper, sort_keys=False, width=10_000, allow_unicode=True
        )
    return text, result


def _values(data: Any) -> int:
    """How many values a reader counts in ``data`` (each mapping, list, key and scalar).

    >>> _values({"rules": [{"otherwise": "fold"}]})
    6
    """
    if isinstance(data, dict):
        return 1 + sum(1 + _values(v) for v in data.values())
    if isinstance(data, list):
        return 1 + sum(_values(v) for v in data)
    return 1


def _rules(cards: Any, up: Any, actions: Any, wagered: Any, ranking: str, whole_hands: bool) -> list[dict[str, Any]]:
    """One decision's rules from its situations: ``cards`` (n, k), the house's ``up`` cards
    (n, u) or None, each situation's best action (text) and the antes out before it."""
    import numpy as np

    names, act = _action_codes(actions)
    rules: list[dict[str, Any]] = []
    keep = np.ones(len(cards), dtype=bool)
    if whole_hands:
        rules, keep = _hand_ranges(cards, act, names, ranking)
    cards, act, wagered = cards[keep], act[keep], wagered[keep]
    up = up[keep] if up is not None else None
    if not len(cards):
        last = rules.pop()
        rules.append({"otherwise": last["action"]})
        return rules
    default = int(np.argmax(np.bincount(act, minlength=len(names))))
    table, given = _table(cards, up, act, names, default)
    # where the same cards are best played otherwise after other wagers (a fold weighs what is
    # out), a table read only at that wager says so, before the others
    wrong = np.flatnonzero(given != act)
    for out in sorted(set(wagered[wrong].tolist())):
        exceptions: dict[str, str] = {}
        rows = wrong[wagered[wrong] == out]
        keys = _canonical(cards[rows], up[rows] if up is not None else np.zeros((len(rows), 0), dtype=np.int64))
        for row, key in zip(rows.tolist(), keys, strict=True):
            exceptions.setdefault(key, names[act[row]])
        rules.append({"when": f"wagered == {out}", "hands": exceptions})
    if table:
        rules.append({"hands": table})
    rules.append({"otherwise": names[default]})
    return rules


def _action_codes(actions: Any) -> tuple[list[str], Any]:
    """The distinct actions (sorted) and each situation's, as its index among them: a pass per
    action rather than a sort of millions of texts.

    >>> _action_codes(["raise", "fold", "raise"])
    (['fold', 'raise'], array([1, 0, 1]))
    """
    import numpy as np

    actions = np.asarray(actions)
    found: list[str] = []
    left = np.ones(len(actions), dtype=bool)
    while left.any():
        found.append(str(actions[int(np.argmax(left))]))
        left &= actions != found[-1]
    names = sorted(found)
    codes = np.zeros(len(actions), dtype=np.int64)
    for i, name in enumerate(names):
        codes[actions == name] = i
    return names, codes


def _hand_ranges(cards: Any, act: Any, names: list[str], ranking: str) -> tuple[list[dict[str, Any]], Any]:
    """``hand >= X`` and ``hand < Y`` rules for the widest ranges of hands with one best action
    (``act``: each situation's, an index into ``names``), at the hand thresholds of the ranking;
    the situations they leave."""
    import numpy as np

    from ..spec.vocabulary import hand_constants
    from .exact_house import values_of

    values = values_of(cards, ranking)
    thresholds = sorted((v, n) for n, (_, v) in hand_constants(ranking).items())
    rules: list[dict[str, Any]] = []
    keep = np.ones(len(cards), dtype=bool)

    def only(rows: Any) -> int | None:
        """The one action of ``rows`` (None: none or several)."""
        found = np.flatnonzero(np.bincount(act[rows], minlength=len(names)))
        return int(found[0]) if len(found) == 1 else None

    for value, name in thresholds:  # the lowest threshold above which one action holds
        above = values >= value
        one = only(above)
        if one is not None:
            rules.append({"when": f"hand >= {name}", "action": names[one]})
            keep &= ~above
            break
    for value, name in reversed(thresholds):  # the highest below which one action holds
        below = keep & (values < value)
        one = only(below)
        if one is not None and not (act[keep & ~below] == one).all():
            rules.append({"when": f"hand < {name}", "action": names[one]})
            keep &= ~below
            break
    return rules, keep


def _groups(*columns: Any) -> Any:
    """Each row's group by the values of ``columns`` (1-D integer arrays), numbered from 0 in
    sorted order.

    >>> _groups([5, 5, 7, 5], [1, 2, 1, 1]).tolist()
    [0, 1, 2, 0]
    """
    import numpy as np

    group = np.zeros(len(columns[0]), dtype=np.int64)
    for column in columns:
        _, ids = np.unique(np.asarray(column), return_inverse=True)
        group = np.unique(group * (int(ids.max(initial=0)) + 1) + ids.reshape(-1), return_inverse=True)[1]
        group = group.reshape(-1)
    return group


def _table(cards: Any, up: Any, act: Any, names: list[str], default: int) -> tuple[dict[str, str], Any]:
    """The table entries, each as broad as the situations allow (see the module's words), and
    the action each situation is given by the table, or by ``default`` where the table is silent
    (``act``, ``default``: indexes into ``names``)."""
    import numpy as np

    from ..spec.strategy_tables import key_text

    n = len(cards)
    shown = up if up is not None else np.zeros((n, 0), dtype=np.int64)
    ranks = np.left_shift(np.int64(1), 3 * (cards // 4)).sum(axis=1)
    entries: list[tuple[int, str, str]] = []  # (the first row, key, action), in the order of rows

    def uniform(group: Any, acts: Any) -> tuple[Any, Any, Any]:
        """For the groups numbered ``group``: each one's first row, whether it agrees, its commonest action."""
        tally = np.zeros((group.max() + 1, len(names)), dtype=np.int64)
        np.add.at(tally, (group, acts), 1)
        return np.unique(group, return_index=True)[1], (tally > 0).sum(axis=1) == 1, tally.argmax(axis=1)

    # by ranks alone where every suit and up card agree (or where the house shows none)
    group = _groups(ranks)
    first, agrees, common = uniform(group, act)
    given = common[group]
    for g in np.flatnonzero((agrees | (up is None)) & (common != default)).tolist():
        entries.append((int(first[g]), key_text(cards[first[g]].tolist(), suits=False), names[common[g]]))
    rows = np.flatnonzero(~agrees[group])
    if not len(rows):
        return {key: action for _, key, action in entries}, given
    if up is not None:  # then by ranks and the up card
        up_ranks = np.left_shift(np.int64(1), 3 * (up // 4)).sum(axis=1)
        group = _groups(ranks[rows], up_ranks[rows])
        first, agrees, common = uniform(group, act[rows])
        given[rows] = common[group]
        for g in np.flatnonzero(common != default).tolist():
            row = int(rows[first[g]])
            entries.append((row, key_text(cards[row].tolist(), up[row].tolist(), suits=False), names[common[g]]))
    else:
        group = group[rows]
        agrees = np.zeros(len(agrees), dtype=bool)
    # then the cards up to a renaming of suits, where they are played otherwise than their group:
    # the first such row of a class of suit renaming decides it
    loose = ~agrees[group]
    rows, odd = rows[loose], (act[rows] != common[group])[loose]
    if odd.any():
        classes = _groups(*np.sort(_suit_masks(cards[rows], shown[rows]), axis=1).T)
        lead = np.full(classes.max() + 1, -1, dtype=np.int64)
        played, at = np.unique(classes[odd], return_index=True)
        lead[played] = rows[odd][at]
        decided = lead[classes] >= 0
        given[rows[decided]] = act[lead[classes[decided]]]
        leads = np.unique(lead[lead >= 0])
        keys = _canonical(cards[leads], shown[leads])
        entries += [(row, key, names[act[row]]) for row, key in zip(leads.tolist(), keys, strict=True)]
    return {key: action for _, key, action in sorted(entries, key=lambda e: e[0])}, given


def _suit_masks(cards: Any, up: Any) -> Any:
    """Each row's ranks in each suit (n, 4): the player's ``cards`` (n, k) from bit 0, the house's
    ``up`` cards (n, u) from bit 13. Sorted along a row, the cards up to a renaming of suits
    (as :func:`~studrules.spec.strategy_tables.suit_key` gives them)."""
    import numpy as np

    masks = np.zeros((len(cards), 4), dtype=np.int64)
    for s in range(4):
        masks[:, s] = np.where(cards % 4 == s, np.left_shift(1, cards // 4), 0).sum(axis=1)
        masks[:, s] |= np.where(up % 4 == s, np.left_shift(1, 13 + up // 4), 0).sum(axis=1)
    return masks


def _canonical(cards: Any, up: Any) -> list[str]:
    """One key per class of suit renaming for each row of ``cards`` (n, k) and the house's ``up``
    cards (n, u): the cards renamed so the suits come in a fixed order (by their ranks, most
    first, each given the next suit letter from the last), written as a table key.

    >>> import numpy as np
    >>> _canonical(np.array([[51, 45], [50, 44]]), np.array([[29], [28]]))  # As Kd / 9d, Ah Kc / 9c
    ['AhKs / 9s', 'AhKs / 9s']
    """
    import numpy as np

    from ..cards.card import RANKS, SUITS

    if not len(cards):
        return []
    order = np.argsort(-_suit_masks(cards, up), axis=1, kind="stable")  # ties: the lower suit first
    rename = 3 - np.argsort(order, axis=1)  # the suit in place i becomes suit 3 - i

    def text(codes: Any) -> Any:
        """Each row written high to low, each card's rank then its suit (renamed)."""
        suits = np.take_along_axis(rename, codes % 4, axis=1)
        ordered = np.sort((12 - codes // 4) * 4 + suits, axis=1)
        chars = np.stack([np.array(list(RANKS))[12 - ordered // 4], np.array(list(SUITS))[ordered % 4]], axis=2)
        return np.ascontiguousarray(chars.reshape(len(codes), -1)).view(f"<U{2 * codes.shape[1]}")[:, 0].tolist()

    player = text(cards)
    if not up.shape[1]:
        return player
    return [f"{p} / {u}" for p, u in zip(player, text(up), strict=True)]


# --- a shorter file where the optimal play's table is too long to be read back ----------

_ENTRIES = 6_000  # table entries by ranks at most


def _room() -> int:
    """The bytes of table entries such a file holds at most: four fifths of a strategy file's
    bound, and few enough entries (each some 16 bytes or more, two values) for its bound on values."""
    return min(MAX_STRATEGY_BYTES * 4 // 5, 6 * MAX_STRATEGY_NODES)


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

    optimal, act = _action_codes(actions)
    rules, open_rows = _hand_ranges(cards, act, optimal, ranking)
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
    room = whole = _room()
    for n, g in enumerate(chosen):
        row = rows[first[g]]
        shown = [int(up[row, 0])] if up is not None else []
        key = key_text(cards[row].tolist(), shown, suits=False)
        table[key] = names[best[g]]
        room -= _entry_bytes(key, names[best[g]])
        if room < whole // 2:
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

    regret = value.max(axis=1) - value[np.arange(len(final)), final]
    rows = np.flatnonzero(regret > 1e-15)
    if not len(rows):
        return
    shown = up[rows] if up is not None else np.zeros((len(rows), 0), dtype=np.int64)
    group = _groups(*np.sort(_suit_masks(cards[rows], shown), axis=1).T)
    total = np.zeros((group.max() + 1, len(names)))
    np.add.at(total, group, value[rows])
    now = np.zeros(group.max() + 1)
    np.add.at(now, group, value[rows, final[rows]])
    gain = total.max(axis=1) - now
    first = np.unique(group, return_index=True)[1]
    chosen = []
    best = total.argmax(axis=1)
    ranked = np.argsort(-gain)
    ranked = ranked[gain[ranked] > 1e-15]
    keys = _canonical(cards[rows[first[ranked]]], shown[first[ranked]])
    for g, key in zip(ranked.tolist(), keys, strict=True):
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
