"""The ``studrules`` command line: :mod:`.main` finds the subcommands, parses
the arguments and turns errors into messages; every other module is one
subcommand (``NAME``, ``HELP``, ``add_arguments(parser)``, ``run(args)``),
with the helpers they share in :mod:`._common`.

May import every other layer; nothing imports it.
"""
