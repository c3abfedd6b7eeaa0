"""Many hands at a table: sessions where stacks carry over, the button moves
and the house rules switch between hands (:mod:`.session`), and the table
as a person at a terminal sees and plays it (:mod:`.terminal`; his choices
in words and what he types, :mod:`.choices`).

May import: :mod:`studrules.analysis`, :mod:`studrules.records`,
:mod:`studrules.game` and the layers below them.
"""
