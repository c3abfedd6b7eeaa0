"""``studrules list``: the variants that ship with studrules."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..errors import SpecErrors, StudrulesError
from ..spec.loader import load_variant, shipped_variants

NAME = "list"
HELP = "list the shipped variants: name, title, kind and source text"
ORDER = 10

__all__ = ["NAME", "HELP", "add_arguments", "run", "variant_rows"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print a JSON list of the variants")


def variant_rows() -> list[dict[str, Any]]:
    """One row per shipped variant (a variant that does not load says why)."""
    rows = []
    for path in shipped_variants():
        try:
            v = load_variant(path)
        except (SpecErrors, StudrulesError) as err:
            first = err.errors[0] if isinstance(err, SpecErrors) and err.errors else err
            rows.append(
                {
                    "name": path.stem,
                    "title": f"(does not load: {first.message})",
                    "kind": "",
                    "source": "",
                    "extends": None,
                }
            )
            continue
        rows.append(
            {
                "name": v.name,
                "title": v.title,
                "kind": v.kind,
                "source": v.source.text or "",
                "extends": v.extends,
            }
        )
    return rows


def run(args: argparse.Namespace) -> int:
    rows = variant_rows()
    if args.json:
        json.dump(rows, sys.stdout, indent=2, ensure_ascii=False)
        print()
        return 0
    headers = ("name", "title", "kind", "source")
    if sys.stdout.isatty():
        try:
            from rich.console import Console
            from rich.table import Table
        except ImportError:  # pragma: no cover - rich is a dependency
            pass
        else:
            table = Table(*headers, title="Shipped variants")
            for r in rows:
                table.add_row(*(str(r[h]) for h in headers))
            Console().print(table)
            return 0
    widths = [max(len(h), *(len(str(r[h])) for r in rows)) if rows else len(h) for h in headers]
    print("  ".join(h.ljust(w) for h, w in zip(headers, widths)).rstrip())
    for r in rows:
        print("  ".join(str(r[h]).ljust(w) for h, w in zip(headers, widths)).rstrip())
    return 0
