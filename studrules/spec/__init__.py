"""The variant language: YAML files in, a frozen model out.

Read in this order: :mod:`.source` (safe YAML that keeps every value's line
and column), :mod:`.merge` (``extends`` and option overlays), the expression
language (:mod:`.expressions`, its entry points; the grammar
``expressions.lark`` read by :mod:`.expression_parser`, the types and limits
in :mod:`.expression_language`, names and types checked and closures built in
:mod:`.expression_compiler`, what two formulas mean in
:mod:`.expression_meaning`; the names each place allows in
:mod:`.vocabulary`), :mod:`.schema` (the JSON Schema with plain-word
messages), :mod:`.checks` (what the schema cannot say), :mod:`.build` (the
model, :mod:`.model`), and :mod:`.loader`, which runs them all.
:mod:`.resources` finds the shipped files, :mod:`.strategies` reads strategy
files for games against the house (the same expression language).

May import: :mod:`studrules.cards` and :mod:`studrules.errors`.
"""
