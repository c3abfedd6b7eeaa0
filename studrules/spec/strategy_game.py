"""The game a strategy is written for: its file's ``game:``.

``game: banked`` plays any game against the house whose cards fit the rules
(:mod:`studrules.spec.strategy_fit`); ``game: NAME`` (a variant's name, or a path to a
variant file from the strategy file's folder, which gives the name) plays that game and
the variants that extend it (:attr:`~studrules.spec.model.Variant.lineage`), and is refused
elsewhere, where its rules would read the cards of another game (which games the shipped
strategies are for is in their files, never here)::

    game: my-game      # my-strategy.yaml

>>> from studrules.spec.examples import example_variant
>>> bound_game("my-game", None), bound_game("banked", None)
('my-game', None)
>>> [e.message for e in game_errors("mine", "my-game", None, example_variant("against-the-house"), None)]
["strategy 'mine' is for my-game, not against-the-house: it plays my-game and the variants that extend it (copy the file and set 'game: against-the-house', or 'game: banked' for any game against the house, to play it there)"]
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import Location, SpecError, close_matches

if TYPE_CHECKING:  # pragma: no cover
    from .model import Variant

__all__ = [
    "ANY_BANKED_GAME",
    "bound_game",
    "game_reference_errors",
    "game_errors",
    "shipped_strategy_games",
    "strategies_help",
    "variant_name_of",
    "game_variant",
    "game_ranking",
]

#: ``game:`` of a strategy for any game against the house
ANY_BANKED_GAME = "banked"

#: a variant's name, as the variant schema has it
_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,59}")


def _folder(file: str | None) -> Path | None:
    return Path(file).parent if file and not file.startswith("<") else None


def _is_path(game: str) -> bool:
    return "/" in game or "\\" in game or game.endswith((".yaml", ".yml"))


def variant_name_of(reference: str, relative_to: Path | None = None) -> str:
    """The name of the variant that ``reference`` (a shipped name, or a path to a variant
    file, relative to ``relative_to``) names: a shipped name is its own; a file's is the
    ``name`` it gives. A :class:`~studrules.errors.SpecError` where no variant is found, or
    the file is no variant studrules can load (named, not quoted).

    >>> from studrules.spec.resources import default_variant
    >>> variant_name_of(default_variant()) == default_variant()
    True
    >>> variant_name_of("games/nowhere.yaml")
    Traceback (most recent call last):
    ...
    studrules.errors.SpecError: no variant 'games/nowhere.yaml': no such file
    """
    from .loader import resolve_variant_path
    from .references import load_named_variant

    path = resolve_variant_path(reference, relative_to=relative_to, within=(relative_to,) if relative_to else None)
    # a valid variant's name; a file that is none is named, never quoted (it could be anything),
    # and binds the strategy to no game (its name's stem could be a shipped game's)
    return load_named_variant(path).name


def bound_game(game: str, file: str | None) -> str | None:
    """The name of the variant a strategy's ``game`` names (None: ``banked``, any game): a
    name as it stands (a game of one's own need not be shipped), a path's file's ``name``
    (``file``: the strategy file, whose folder a relative path starts from)."""
    if game == ANY_BANKED_GAME:
        return None
    return variant_name_of(game, _folder(file)) if _is_path(game) else game


def game_variant(game: str, file: str | None) -> str | Path | None:
    """The variant a strategy's ``game`` names, as :func:`~studrules.spec.loader.load_variant`
    takes it: its file (a path, found from the strategy ``file``'s folder by the rules
    :func:`variant_name_of` reads it by), or a shipped name; None for ``banked``, or a name
    that does not ship (a game of one's own, known by its name alone).

    >>> game_variant("banked", None), game_variant("my-own-game", None)
    (None, None)
    """
    if game == ANY_BANKED_GAME:
        return None
    if _is_path(game):
        from .loader import resolve_variant_path

        folder = _folder(file)
        return resolve_variant_path(game, relative_to=folder, within=(folder,) if folder else None)
    from .loader import shipped_names

    return game if game in shipped_names() else None


def game_ranking(game: object, file: str | None) -> str:
    """The ranking a strategy's ``hand`` is read in when it is loaded without a variant: that
    of the game it names, where that game's file is there (so a strategy for a game of its own
    ranking names that ranking's hands, ``four_card_flush``), else ``high``.

    >>> game_ranking("banked", None), game_ranking("my-own-game", None), game_ranking("three-card-poker", None)
    ('high', 'high', 'three_card_high')
    """
    from ..errors import SpecErrors

    if not isinstance(game, str):
        return "high"
    try:
        found = game_variant(game, file)
        if found is None:
            return "high"
        from .loader import load_variant

        return load_variant(found).deck.ranking
    except (SpecError, SpecErrors, OSError):  # (a game that does not load is said where it is played)
        return "high"


def game_reference_errors(game: object, file: str | None, location: Location) -> list[SpecError]:
    """What is wrong with a strategy file's ``game`` as written (empty: ``banked``, or a
    variant that is there), at ``location``."""
    if not isinstance(game, str) or not game.strip():
        return [
            SpecError(
                f"'game' is '{ANY_BANKED_GAME}' (any game against the house) or the variant the strategy is "
                "for: a shipped name, or a path to its file",
                location,
            )
        ]
    if not _is_path(game) and not _NAME.fullmatch(game):
        return [
            SpecError(
                f"'game': {game[:60]!r}{'...' if len(game) > 60 else ''} is no variant's name (lowercase letters, "
                "digits and dashes, at most 60) nor a path to a variant file (.yaml)",
                location,
            )
        ]
    try:
        bound_game(game, file)
    except SpecError as err:
        return [SpecError(f"'game': {err.message}", location)]
    return []


def game_errors(name: str, game: str, file: str | None, variant: Variant, location: Location | None) -> list[SpecError]:
    """Why the strategy ``name``, written for ``game``, may not play ``variant`` (empty:
    it may: ``banked``, or a game in the variant's lineage)."""
    try:
        bound = bound_game(game, file)
    except SpecError as err:
        return [SpecError(f"'game': {err.message}", location)]
    names = variant.lineage if bound is not None else ()
    if bound is None or bound in names:
        return []
    close = close_matches(bound, names)
    misspelt = None if close or _is_path(game) else _shipped_like(bound)
    if close:
        hint = f" (did you mean 'game: {close[0]}'?)"
    elif misspelt:
        hint = f" (no variant '{bound}' ships: did you mean 'game: {misspelt}'?)"
    else:
        hint = (
            f" (copy the file and set 'game: {variant.name}', or 'game: {ANY_BANKED_GAME}' for any game "
            "against the house, to play it there)"
        )
    return [
        SpecError(
            f"strategy '{name}' is for {bound}, not {variant.name}: it plays {bound} and the variants that "
            f"extend it{hint}",
            location,
        )
    ]


def _shipped_like(name: str) -> str | None:
    """The shipped variant ``name`` was likely meant for, where none ships by that name
    (None where one does, or none is like it: a game of one's own need not ship).

    >>> from studrules.spec.resources import default_variant
    >>> _shipped_like(default_variant()), _shipped_like("my-own-game")
    (None, None)
    """
    from .loader import shipped_names

    names = shipped_names()
    close = [] if name in names else close_matches(name, names)
    return close[0] if close else None


def shipped_strategy_games() -> dict[str, str]:
    """Each shipped strategy's ``game``, by name, read off its file's top-level ``game:``
    line without loading it (for a command's help; ``banked`` where there is none).

    >>> from studrules.spec.strategies import load_strategy
    >>> all(load_strategy(name).game == game for name, game in shipped_strategy_games().items())
    True
    """
    from .resources import strategies_dir

    games = {}
    for path in sorted(strategies_dir().glob("*.yaml")):
        found = re.search(r"^game:[ \t]*([^\s#]+)", path.read_text(encoding="utf-8"), re.MULTILINE)
        games[path.stem] = found.group(1).strip("'\"") if found else ANY_BANKED_GAME
    return games


def strategies_help() -> str:
    """The shipped strategies for a ``--strategy`` help: those for any game against the
    house, then each bound to one game with its game.

    >>> "(any game against the house); " in strategies_help()
    True
    """
    games = shipped_strategy_games()
    generic = [n for n, g in games.items() if g == ANY_BANKED_GAME]
    bound = [f"{n} ({g})" for n, g in games.items() if g != ANY_BANKED_GAME]
    return f"{', '.join(generic)} (any game against the house); {', '.join(bound)}"
