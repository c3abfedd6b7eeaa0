"""``studrules list``: the variants that ship with studrules."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..spec.resources import variants_dir

NAME = "list"
HELP = "list the shipped variants by group: name, title, kind and source text or catalogue entry (--strategies: the strategies)"
ORDER = 10

__all__ = ["NAME", "HELP", "add_arguments", "run", "variant_rows", "strategy_rows"]

#: The groups, in the order listed: a shipped file's group is its folder under
#: variants/ (files at the top are the source texts' rules, or the casino
#: standards when they have no source text).
GROUP_TITLES = {
    "source texts": "The five source texts",
    "casino standards": "Casino standards",
    "catalogue": "The generic_poker catalogue",
    "house": "House games",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print a JSON list of the variants")
    parser.add_argument(
        "--strategies",
        action="store_true",
        help="list the shipped strategies instead: name, the game each is for, title",
    )


def strategy_rows() -> list[dict[str, Any]]:
    """One row per shipped strategy: its name, its ``game`` (``banked``: any game against
    the house) and its title."""
    from ..spec.strategies import load_strategy, shipped_strategies

    rows = []
    for name in shipped_strategies():
        strategy = load_strategy(name)
        rows.append({"name": strategy.name, "game": strategy.game, "title": strategy.title})
    return rows


def _print_strategies(as_json: bool) -> int:
    rows = strategy_rows()
    if as_json:
        json.dump(rows, sys.stdout, indent=2, ensure_ascii=False)
        print()
        return 0
    shown = [{**r, "game": "any against the house" if r["game"] == "banked" else r["game"]} for r in rows]
    headers = ("name", "game", "title")
    widths = [max(len(h), *(len(r[h]) for r in shown)) for h in headers]
    print("  ".join(h.ljust(w) for h, w in zip(headers, widths)).rstrip())
    for r in shown:
        print("  ".join(r[h].ljust(w) for h, w in zip(headers, widths)).rstrip())
    return 0


def variant_rows() -> list[dict[str, Any]]:
    """One row per shipped variant (a variant that does not load says why).

    The rows are kept in the load cache (:mod:`studrules.spec.cache`) with
    the content of every shipped file: a second listing reads one entry
    instead of loading every variant."""
    from pathlib import Path

    from ..spec.cache import cached

    root = variants_dir()
    files = sorted(str(p) for p in root.rglob("*.yaml"))

    def rows(read: list[Path]) -> list[dict[str, Any]]:
        read.extend(Path(f) for f in files)
        return _loaded_rows()

    return cached("list", (str(root.resolve()), files), rows)


def _loaded_rows() -> list[dict[str, Any]]:
    from ..analysis.source_words import source_line
    from ..errors import SpecErrors, StudrulesError
    from ..spec.loader import load_variant, shipped_variants

    rows = []
    root = variants_dir()
    for path in shipped_variants():
        folder = path.relative_to(root).parts[:-1]
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
                    "catalogue": None,
                    "group": folder[0] if folder else "",
                }
            )
            continue
        rows.append(
            {
                "name": v.name,
                "title": v.title,
                "kind": v.kind,
                "source": v.source.text or "",
                "source_title": source_line(v.source) if v.source.title else None,
                "extends": v.extends,
                "catalogue": v.catalogue,
                "group": folder[0] if folder else ("source texts" if v.source.text else "casino standards"),
            }
        )
    order = list(GROUP_TITLES)
    rows.sort(key=lambda r: order.index(r["group"]) if r["group"] in order else len(order))
    return rows


def run(args: argparse.Namespace) -> int:
    if args.strategies:
        return _print_strategies(args.json)
    rows = variant_rows()
    if args.json:
        json.dump(rows, sys.stdout, indent=2, ensure_ascii=False)
        print()
        return 0
    headers = ("name", "title", "kind", "source")
    for r in rows:
        r["source"] = r.get("source_title") or r["source"] or r["catalogue"] or ""
    groups: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        groups.setdefault(r["group"], []).append(r)
    if sys.stdout.isatty():
        from rich.console import Console
        from rich.table import Table

        console = Console()
        for group, members in groups.items():
            table = Table(*headers, title=GROUP_TITLES.get(group, group.capitalize()))
            for r in members:
                table.add_row(*(str(r[h]) for h in headers))
            console.print(table)
        return 0
    widths = [max(len(h), *(len(str(r[h])) for r in rows)) if rows else len(h) for h in headers]
    for index, (group, members) in enumerate(groups.items()):
        if index:
            print()
        print(f"{GROUP_TITLES.get(group, group.capitalize())}:")
        print("  ".join(h.ljust(w) for h, w in zip(headers, widths)).rstrip())
        for r in members:
            print("  ".join(str(r[h]).ljust(w) for h, w in zip(headers, widths)).rstrip())
    return 0
