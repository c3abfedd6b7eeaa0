"""studrules: an engine for stud poker house rules.

Variants are YAML files validated by a JSON Schema; one generic interpreter
plays any of them. The public names below are imported lazily, so
``import studrules`` stays cheap::

    >>> import studrules
    >>> str(studrules.parse_cards("Ah Kd")[0])
    'Ah'
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # typing itself is not imported: it costs a few ms of every start-up
if TYPE_CHECKING:  # pragma: no cover
    from typing import Any

__version__ = "0.1.0"

# public name -> module of this package that defines it
_EXPORTS: dict[str, str] = {
    # errors
    "StudrulesError": "errors",
    "CardError": "errors",
    "SpecError": "errors",
    "SpecErrors": "errors",
    "ExpressionError": "errors",
    "ScriptError": "errors",
    "IllegalActionError": "errors",
    "ArgumentError": "errors",
    "Location": "errors",
    # cards and hands
    "Card": "cards.card",
    "Deck": "cards.deck",
    "parse_card": "cards.card",
    "parse_cards": "cards.card",
    "full_deck": "cards.card",
    "compare_cards": "cards.card",
    "card_order_key": "cards.card",
    "DEFAULT_SUIT_ORDER": "cards.card",
    "evaluate": "cards.evaluator",
    "HandValue": "cards.evaluator",
    "Category": "cards.evaluator",
    "visible_value": "cards.evaluator",
    "describe_visible": "cards.evaluator",
    "best_five": "cards.evaluator",
    "category_floor": "cards.evaluator",
    "ACE_KING": "cards.evaluator",
    "evaluate_batch": "cards.batch",
    "get_ranking": "cards.rankings",
    "Ranking": "cards.rankings",
    "RANKING_NAMES": "cards.rankings",
    "evaluate_wild": "cards.wild",
    "describe_wild": "cards.wild",
    "of_ranks": "cards.wild",
    "best_of_suit": "cards.rankings_single",
    # expressions
    "compile_expression": "spec.expressions",
    # variants
    "load_variant": "spec.loader",
    "load_variant_text": "spec.loader",
    "default_variant": "spec.resources",
    "Variant": "spec.model",
    # rule books, diffs, reports
    "explain": "analysis.rulebook",
    "diff": "analysis.diff",
    "diff_matrix": "analysis.diff",
    "compare": "analysis.compare",
    "Comparison": "analysis.comparison",
    "html_page": "analysis.report_html",
    # playing
    "Hand": "game.hand",
    "View": "game.view",
    "HandResult": "game.result",
    "Action": "game.actions",
    "LegalAction": "game.actions",
    "Event": "game.events",
    "OfferTerms": "game.offers",
    "play_script": "records.script",
    "Policy": "game.policies",
    "make_policy": "game.policies",
    "play_hand": "game.policies",
    "Session": "table.session",
    "write_history": "records.history",
    "read_history": "records.history",
    "replay_history": "records.history",
    "replay_hands": "records.history",
    "iter_replayed": "records.history",
    "phh_code": "records.phh",
    "settle_position": "game.settlement",
    # strategies and simulation (games against the house)
    "load_strategy": "spec.strategies",
    "Strategy": "spec.strategies",
    "shipped_strategies": "spec.strategies",
    "SimulationResult": "analysis.simulate",  # the function: studrules.analysis.simulate.simulate
}

__all__ = ["__version__", *_EXPORTS]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'studrules' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
