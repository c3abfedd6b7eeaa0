"""``studrules schema``: where the variant schema is, or its content."""

from __future__ import annotations

import argparse

from ..spec.schema import schema_path, schema_text

NAME = "schema"
HELP = "print the path of the variant JSON Schema (or its content with --print)"
DESCRIPTION = (
    "The JSON Schema (2020-12) that defines what a variant file may say. Point your editor at it: "
    "a first line '# yaml-language-server: $schema=PATH' gives completion and checking in VS Code."
)
ORDER = 61

__all__ = ["NAME", "HELP", "add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--print", dest="print_content", action="store_true", help="print the schema itself")
    what.add_argument(
        "--first-line",
        action="store_true",
        help="print the first line that points an editor at the schema, for a variant file anywhere",
    )


def run(args: argparse.Namespace) -> int:
    if args.first_line:
        print(f"# yaml-language-server: $schema={schema_path().resolve()}")
    elif args.print_content:
        text = schema_text()
        print(text, end="" if text.endswith("\n") else "\n")
    else:
        print(schema_path())
    return 0
