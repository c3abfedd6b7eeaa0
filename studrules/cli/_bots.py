"""The bots of a table (``--bots``) for ``play`` and ``session``."""

from __future__ import annotations

from ..game.policies import Policy, bot_kind, make_policy

__all__ = ["make_bots"]


def make_bots(spec: str, names, variants, seed: int | None) -> dict[str, Policy]:
    """A policy for each bot seat, from the comma-separated ``--bots`` list, in turn."""
    kinds = [k.strip() for k in str(spec).split(",") if k.strip()] or ["sensible"]
    banked = any(v.is_banked for v in variants) and not any(not v.is_banked for v in variants)
    if banked and kinds == ["sensible"]:
        kinds = ["strategy"]  # each game's own strategy, as simulate plays it
    out = {}
    for i, name in enumerate(names):
        bot_seed = None if seed is None else seed * 101 + i
        out[name] = make_policy(
            kinds[i % len(kinds)], seed=bot_seed, variant=variants[0] if len(variants) == 1 else None
        )
    if len(variants) > 1:  # a strategy named for the bots plays each game against the house it meets: checked now
        for kind in dict.fromkeys(k for k in kinds if bot_kind(k) == "strategy:"):
            for v in variants:
                if v.is_banked:
                    make_policy(kind, variant=v)
    return out
