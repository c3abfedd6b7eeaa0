"""Validation against ``schemas/variant.schema.json`` (interim: filled in by the schema work)."""
from __future__ import annotations

from typing import Any

from .errors import SpecError

__all__ = ["schema_errors"]


def schema_errors(data: Any, file: str | None) -> list[SpecError]:
    return []
