"""Helpers for the tests of side bets against a count worked out without studrules
(tests/test_six_card_bonus.py, test_three_card_bonus.py, test_rules_high_card_flush.py):
analyze must give the count's edge and line probabilities exactly, and simulate's interval
must hold it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from studrules.analysis.exact import analyze
from studrules.analysis.simulate import simulate
from studrules.spec.loader import load_variant
from studrules.spec.strategies import load_strategy

__all__ = ["counted_exactly", "simulated_within"]


def counted_exactly(
    game: str, strategy: str, bet: str, edge: float, probabilities: Mapping[str, float], **load: Any
) -> None:
    """``analyze`` of ``game`` (loaded with ``load``: options, stakes) gives side bet ``bet``
    the house ``edge`` (per unit staked) and each line its probability, to 1e-12."""
    variant = load_variant(game, **load)
    found = analyze(variant, load_strategy(strategy, variant)).side_bets[bet]
    assert found["house_edge"] == pytest.approx(edge, abs=1e-12)
    for line, probability in probabilities.items():
        assert found["lines"][line]["probability"] == pytest.approx(probability, abs=1e-12), line


def simulated_within(
    game: str, strategy: str, bet: str, edge: float, seed: int, hands: int = 400_000, **load: Any
) -> None:
    """``simulate`` of ``hands`` hands puts side bet ``bet``'s ``edge`` (per unit staked) within
    its 99.9% interval (3.29 standard errors; the reported 95% one is 1.96)."""
    found = simulate(load_variant(game, **load), strategy, hands, seed=seed, workers=1).side_bets
    (result,) = [b for b in found if b.name == bet]
    low, high = result.ci95
    assert abs(100 * edge - (low + high) / 2) <= (high - low) / 2 * 3.29 / 1.96, (bet, result.ci95)
