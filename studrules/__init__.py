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
    "Location": "errors",
    # cards and hands
    "Card": "cards",
    "Deck": "cards",
    "parse_card": "cards",
    "parse_cards": "cards",
    "full_deck": "cards",
    "compare_cards": "cards",
    "card_order_key": "cards",
    "DEFAULT_SUIT_ORDER": "cards",
    "evaluate": "evaluator",
    "HandValue": "evaluator",
    "Category": "evaluator",
    "visible_value": "evaluator",
    "describe_visible": "evaluator",
    "best_five": "evaluator",
    "category_floor": "evaluator",
    "ACE_KING": "evaluator",
    "evaluate_batch": "batch",
    "get_ranking": "rankings",
    "Ranking": "rankings",
    "RANKING_NAMES": "rankings",
    # expressions
    "compile_expression": "expressions",
    # variants
    "load_variant": "loader",
    "load_variant_text": "loader",
    "default_variant": "resources",
    "Variant": "model",
    # rule books, diffs, reports
    "explain": "rulebook",
    "diff": "diff",
    "diff_matrix": "diff",
    "compare": "compare",
    "Comparison": "compare",
    "html_page": "report_html",
    # playing
    "Hand": "hand",
    "View": "hand",
    "HandResult": "hand",
    "Action": "actions",
    "LegalAction": "actions",
    "Event": "events",
    "play_script": "script",
    "Policy": "players",
    "make_policy": "players",
    "play_hand": "players",
    "Session": "table",
    "write_history": "history",
    "read_history": "history",
    "replay_history": "history",
    "phh_code": "phh",
    "settle_position": "settlement",
    # strategies and simulation (games against the house)
    "load_strategy": "strategies",
    "Strategy": "strategies",
    "shipped_strategies": "strategies",
    "SimulationResult": "simulate",  # the function: studrules.simulate.simulate
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
