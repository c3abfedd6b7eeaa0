"""studrules: an engine for stud poker house rules.

Variants are YAML files validated by a JSON Schema; one generic interpreter
plays any of them.
"""
from __future__ import annotations

__version__ = "0.1.0"

from .errors import (  # noqa: E402
    CardError,
    ExpressionError,
    IllegalActionError,
    Location,
    ScriptError,
    SpecError,
    SpecErrors,
    StudrulesError,
)

__all__ = [
    "__version__",
    "CardError",
    "ExpressionError",
    "IllegalActionError",
    "Location",
    "ScriptError",
    "SpecError",
    "SpecErrors",
    "StudrulesError",
]
