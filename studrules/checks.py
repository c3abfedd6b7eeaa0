"""Semantic checks the schema cannot express (interim: filled in by the schema work)."""
from __future__ import annotations

from typing import Any

from .errors import SpecError
from .model import Variant

__all__ = ["check_variant"]


def check_variant(variant: Variant, data: Any) -> list[SpecError]:
    return []
