"""Reading and comparing rule sets: :mod:`.diff` (two variants rule by rule),
the rule book (:mod:`.rulebook`), the same cards played under two rule sets
(:mod:`.compare`), simulation of games against the house (:mod:`.simulate`)
and self-contained HTML reports (:mod:`.report_html`).

May import: :mod:`studrules.game` and the layers below it.
"""
