"""Many hands at a table: sessions where stacks carry over, the button moves
and the house rules switch between hands (:mod:`.session`), and the table
as a person at a terminal sees and plays it (:mod:`.terminal`; his choices
in words and what he types, :mod:`.choices`); the side bets a player
chooses at a table of games against the house (:mod:`.side_bets`).

May import: :mod:`studrules.analysis`, :mod:`studrules.records`,
:mod:`studrules.game` and the layers below them.
"""
