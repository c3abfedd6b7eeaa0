r"""Variant files uploaded to a server: off unless it was started with
``studrules serve --allow-uploads``.

An uploaded text goes through the command line's own reading and checks
(:func:`~studrules.spec.loader.load_variant_text`: the same size, depth and
value limits, every problem located) and two more a server needs: its
``extends`` may name a shipped game only (never a path: a text from the
network reads no file of the server's), and it must have a new name (a pot
game or a game against the house alike). It is then written to the uploads folder beside the store (never
over a file there) and dealt like a shipped game; a history names it by that
file, so ``studrules replay`` reads its hands. A server keeps at most
:data:`MAX_UPLOADS` uploaded games (some 60 MB at the most a file): past
them an upload is refused until the server's keeper clears the folder.

>>> import tempfile
>>> from studrules.spec.resources import default_variant
>>> up = Uploads(Path(tempfile.mkdtemp()), allowed=True, taken=lambda name: name == default_variant())
>>> text = f"name: house-game\nextends: {default_variant()}\n"
>>> up.add(text).name, sorted(up.games())
('house-game', ['house-game'])
>>> up.add(f"name: {default_variant()}\nextends: {default_variant()}\n")
Traceback (most recent call last):
...
studrules.web.uploads.UploadError: a game called ... is dealt here already: give yours another name
>>> up.add("name: peek\nextends: ../tables.db\n")
Traceback (most recent call last):
...
studrules.errors.SpecError: upload.yaml:2:10: extends: an uploaded variant 'extends' a shipped game by its name, never a file
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..errors import SpecError, SpecErrors, StudrulesError
from ..spec.chosen_options import said_with_choices
from ..spec.loader import choice_errors, load_variant, load_variant_text, shipped_names
from ..spec.source import MAX_BYTES, read_document

__all__ = ["MAX_UPLOADS", "Uploads", "UploadError"]

_NAME = re.compile(r"[a-z0-9][a-z0-9._-]{0,63}")  # matched whole (fullmatch)
#: the most uploaded games a server keeps (each listed to every page, and kept in memory)
MAX_UPLOADS = 250


class UploadError(StudrulesError):
    """An uploaded variant the server does not take."""


class Uploads:
    """The uploaded games of a server: the files of ``folder`` (read at start
    whether or not uploads are allowed now: a table dealing one goes on),
    and new ones when ``allowed``. ``taken(name)``: whether a shipped game has the name."""

    def __init__(self, folder: Path, *, allowed: bool, taken: Callable[[str], bool]):
        self.folder = folder
        self.allowed = allowed
        self.taken = taken
        self._games: dict[str, Any] = {}
        if folder.is_dir():
            for path in sorted(folder.glob("*.yaml")):
                try:
                    variant = load_variant(path)
                except StudrulesError:
                    continue
                self._games[variant.name] = variant

    def games(self) -> dict[str, Any]:
        """The uploaded games by name."""
        return dict(self._games)

    def path(self, name: str) -> str | None:
        """The file of the uploaded game ``name`` (None: not an uploaded game)."""
        return str(self.folder / f"{name}.yaml") if name in self._games else None

    def add(self, text: Any) -> Any:
        """Check ``text`` and keep it: the loaded variant (an :class:`UploadError`
        or the loader's located errors when it is refused)."""
        if not self.allowed:
            raise UploadError("uploading a variant is off on this server (studrules serve --allow-uploads turns it on)")
        if not isinstance(text, str) or not text.strip():
            raise UploadError("upload the text of a variant file (YAML)")
        if len(self._games) >= MAX_UPLOADS:
            raise UploadError(f"this server keeps {MAX_UPLOADS} uploaded games, its most: no more are taken")
        if len(text.encode("utf-8")) > MAX_BYTES:
            raise UploadError(f"a variant file is at most {MAX_BYTES:,} bytes")
        doc = read_document(text if "\n" in text else text + "\n", file="upload.yaml")
        data = doc.data
        if isinstance(data, dict) and "extends" in data:
            parent = data["extends"]
            shipped = set(shipped_names())
            if not isinstance(parent, str) or parent not in shipped:
                raise SpecError(
                    "an uploaded variant 'extends' a shipped game by its name, never a file",
                    doc.location(("extends",)),
                )
        variant = load_variant_text(text, file="upload.yaml")
        name = variant.name
        if not _NAME.fullmatch(name):
            raise UploadError("an uploaded game's name is lowercase letters, digits, '.', '_' or '-' (at most 64)")
        if self.taken(name) or name in self._games:
            raise UploadError(f"a game called {name} is dealt here already: give yours another name")
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / f"{name}.yaml"
        with path.open("x", encoding="utf-8") as f:  # never over a file
            f.write(text)
        try:  # every choice of every option, as validate checks them (a choice may break the game)
            loaded, problems = choice_errors(path)
        except StudrulesError:
            path.unlink()
            raise
        if problems:
            path.unlink()
            said = said_with_choices(problems)  # (named as the upload, not by the server's folder)
            raise SpecErrors(
                [SpecError(e.message, e.location and replace(e.location, file="upload.yaml")) for e in said]
            )
        self._games[name] = loaded
        return loaded
