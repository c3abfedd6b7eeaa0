"""Hands written down: hand scripts (:mod:`.script`), JSON-lines hand
histories that replay exactly (:mod:`.history`) and the Poker Hand History
format PokerKit reads (:mod:`.phh`).

May import: :mod:`studrules.game` and the layers below it.
"""
