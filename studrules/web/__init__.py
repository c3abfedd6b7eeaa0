"""The table in a browser: friends at one table over the network, the server
the only authority.

:mod:`.protocol` checks what a browser sends and writes what each seat may
see; :mod:`.room` is one table (its seats, its :class:`~studrules.table.session.Session`,
the hand in play, the timer and the dealer's choice); :mod:`.store` keeps
tables, seats, stacks, sessions and every hand (in the history's JSON-lines
form) in SQLite; :mod:`.app` is the Starlette application (pages, the JSON
API, one WebSocket per player). The pages (plain HTML, CSS and JavaScript)
are in ``static/``. The web server's libraries are the optional extra
``web``: nothing else in the package imports this layer but the command line.

May import: :mod:`studrules.table`, :mod:`studrules.analysis`,
:mod:`studrules.records`, :mod:`studrules.game` and the layers below them.
"""
