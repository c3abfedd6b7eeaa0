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
"""

from __future__ import annotations

from typing import Any

from ..spec.model import Variant
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
    return header + yaml.safe_dump(data, sort_keys=False, width=10_000, allow_unicode=True), result


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

    from ..cards.batch import evaluate_batch
    from ..spec.vocabulary import hand_constants

    if ranking == "high":
        values = evaluate_batch(cards, check=False)
    else:
        from ..cards.card import Card
        from ..cards.rankings import get_ranking

        r = get_ranking(ranking)
        values = np.array([int(r.evaluate([Card(int(c)) for c in h]) or 0) for h in cards])
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
