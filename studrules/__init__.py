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

if TYPE_CHECKING:  # pragma: no cover  (the names as a type checker sees them; imported lazily at run time)
    from .analysis.compare import compare as compare
    from .analysis.comparison import Comparison as Comparison
    from .analysis.diff import diff as diff, diff_matrix as diff_matrix
    from .analysis.report_html import html_page as html_page
    from .analysis.rulebook import explain as explain
    from .analysis.simulate import SimulationResult as SimulationResult
    from .cards.batch import evaluate_batch as evaluate_batch
    from .cards.card import (
        DEFAULT_SUIT_ORDER as DEFAULT_SUIT_ORDER,
        Card as Card,
        card_order_key as card_order_key,
        compare_cards as compare_cards,
        full_deck as full_deck,
        parse_card as parse_card,
        parse_cards as parse_cards,
    )
    from .cards.deck import Deck as Deck
    from .cards.evaluator import (
        ACE_KING as ACE_KING,
        Category as Category,
        HandValue as HandValue,
        best_five as best_five,
        category_floor as category_floor,
        describe_visible as describe_visible,
        evaluate as evaluate,
        visible_value as visible_value,
    )
    from .cards.rankings import RANKING_NAMES as RANKING_NAMES, Ranking as Ranking, get_ranking as get_ranking
    from .cards.rankings_single import best_of_suit as best_of_suit
    from .cards.wild import describe_wild as describe_wild, evaluate_wild as evaluate_wild, of_ranks as of_ranks
    from .errors import (
        ArgumentError as ArgumentError,
        CardError as CardError,
        ExpressionError as ExpressionError,
        IllegalActionError as IllegalActionError,
        Location as Location,
        ScriptError as ScriptError,
        SpecError as SpecError,
        SpecErrors as SpecErrors,
        StudrulesError as StudrulesError,
    )
    from .game.actions import Action as Action, LegalAction as LegalAction
    from .game.events import Event as Event
    from .game.hand import Hand as Hand
    from .game.offers import OfferTerms as OfferTerms
    from .game.policies import Policy as Policy, make_policy as make_policy, play_hand as play_hand
    from .game.result import HandResult as HandResult
    from .game.settlement import settle_position as settle_position
    from .game.view import View as View
    from .records.history import (
        iter_replayed as iter_replayed,
        read_history as read_history,
        replay_hands as replay_hands,
        replay_history as replay_history,
        write_history as write_history,
    )
    from .records.phh import phh_code as phh_code
    from .records.script import play_script as play_script
    from .spec.expressions import compile_expression as compile_expression
    from .spec.loader import load_variant as load_variant, load_variant_text as load_variant_text
    from .spec.model import Variant as Variant
    from .spec.resources import default_variant as default_variant
    from .spec.strategies import (
        Strategy as Strategy,
        load_strategy as load_strategy,
        shipped_strategies as shipped_strategies,
    )
    from .table.session import Session as Session

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
