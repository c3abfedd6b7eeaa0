"""The machine that plays one hand.

:class:`.hand.Hand` is a state machine driven by a variant's steps; its
state is declared in :mod:`.state`, its parts are the plan of the hand
(:mod:`.plan`), dealing (:mod:`.dealing`), betting (:mod:`.betting`), the
showdown (:mod:`.showdown`), games against the house (:mod:`.house` and
:mod:`.settlement`), declarations (:mod:`.declare`), what is wild for each
player (:mod:`.wilds`) and the pots (:mod:`.pots`); a seat's view of it is a
:mod:`.view`, its outcome a :mod:`.result`. What a
player may do is an :mod:`.actions` value, everything that happens an
:mod:`.events` value. The bots that choose actions from one seat's view live
in :mod:`.policies`.

May import: :mod:`studrules.spec`, :mod:`studrules.cards`, :mod:`studrules.errors`.
"""
