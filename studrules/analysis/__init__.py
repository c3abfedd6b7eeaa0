"""Reading and comparing rule sets.

- :mod:`.diff`: two variants rule by rule; :mod:`.diff_report` writes it (text,
  the wrapped matrix of every variant, HTML).
- The rule book: :mod:`.rulebook` puts it together, :mod:`.rule_words` and
  :mod:`.expression_words` say each rule and formula in words (an amount
  of so much a player: :mod:`.amounts_said`; a ranking's name:
  :mod:`.ranking_names`),
  :mod:`.rulebook_output` writes it as text or Markdown.
- The same cards under two rule sets: :mod:`.compare` plays and tallies,
  :mod:`.comparison` holds the result, :mod:`.compare_report` writes it,
  :mod:`.compare_summary` says it in one plain paragraph.
- Games against the house: :mod:`.simulate`, with settlement over numpy
  arrays in :mod:`.batch_settlement`.
- :mod:`.report_html`: self-contained HTML pages.

May import: :mod:`studrules.game` and the layers below it.
"""
