"""Subcommands of the ``studrules`` CLI, one module each (see :mod:`studrules.cli`)."""
