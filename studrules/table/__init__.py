"""Many hands at a table: sessions where stacks carry over, the button moves
and the house rules switch between hands (:mod:`.session`).

May import: :mod:`studrules.analysis`, :mod:`studrules.records`,
:mod:`studrules.game` and the layers below them.
"""
