"""A variant's source text as a reader names it: its title and its language."""

from __future__ import annotations

from ..spec.model import Source

__all__ = ["LANGUAGE_NAMES", "source_line"]

#: The languages of source texts, by their ISO code, as a reader names them.
LANGUAGE_NAMES = {
    "en": "English",
    "fr": "French",
    "he": "Hebrew",
    "ru": "Russian",
    "it": "Italian",
    "de": "German",
    "es": "Spanish",
}


def source_line(source: Source) -> str:
    """A variant's source as a reader names it: its title and language (the
    file name of a source text is for tools: ``list --json`` gives it).

    >>> from studrules.spec.model import Source
    >>> source_line(Source(text="000_x.txt", title="Une partie de poker", language="fr"))
    'Une partie de poker (French)'
    >>> source_line(Source(text="000_x.txt"))
    '000_x.txt'
    """
    language = LANGUAGE_NAMES.get(source.language or "", source.language)
    if source.title:
        return f"{source.title} ({language})" if language else source.title
    return source.text or ""
