"""A rule book's pieces and how they are written out: plain text or Markdown.

A rule book (:func:`studrules.analysis.rulebook.rule_book`) is a list of
:class:`Block`: headings, paragraphs, lists and tables. :func:`render_text`
writes them for a terminal, :func:`render_markdown` as Markdown.

    >>> blocks = [Block("h1", "Rules"), Block("ul", items=("one", ("two", ("a", "b"))))]
    >>> print(render_text(blocks), end="")
    Rules
    =====
    <BLANKLINE>
    - one
    - two
        * a
        * b
    >>> print(render_markdown(blocks), end="")
    # Rules
    <BLANKLINE>
    - one
    - two
        - a
        - b
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Block", "ListItem", "render_text", "render_markdown"]

#: An item of a list: its text, or its text and the lines under it.
ListItem = str | tuple[str, tuple[str, ...]]


@dataclass(frozen=True)
class Block:
    """One piece of a rule book: a heading (``h1``, ``h2``), a paragraph
    (``p``), a list (``ul``, ``ol``: ``items``) or a table (``table``:
    ``items`` are rows, ``header`` the column names)."""

    kind: str
    text: str = ""
    items: tuple = ()
    header: tuple[str, ...] = ()


_WIDTH = 78


def _wrap(text: str, initial_indent: str = "", subsequent_indent: str = "") -> list[str]:
    """``text`` in lines of at most ``_WIDTH``, broken only between words: never
    inside a hyphenated one ("an all-in bet", "ace-to-five"), which would read
    as two.

    >>> _wrap("x" * 70 + " an all-in bet")
    ['xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx an', 'all-in bet']
    """
    return textwrap.wrap(
        text, _WIDTH, initial_indent=initial_indent, subsequent_indent=subsequent_indent, break_on_hyphens=False
    )


def render_text(blocks: Sequence[Block]) -> str:
    """Plain text for terminals and pipes."""
    out: list[str] = []
    for b in blocks:
        if b.kind == "h1":
            out += [b.text, "=" * len(b.text), ""]
        elif b.kind == "h2":
            out += [b.text, "-" * len(b.text), ""]
        elif b.kind == "h3":
            out += [b.text, ""]
        elif b.kind == "p":
            out += _wrap(b.text) + [""]
        elif b.kind in ("ul", "ol"):
            for i, item in enumerate(b.items, 1):
                text, sub = item if isinstance(item, tuple) else (item, ())
                bullet = f"{i}. " if b.kind == "ol" else "- "
                out += _wrap(text, initial_indent=bullet, subsequent_indent=" " * len(bullet))
                for s in sub:
                    out += _wrap(s, initial_indent="    * ", subsequent_indent="      ")
            out.append("")
        elif b.kind == "table":
            rows = [b.header, *b.items]
            widths = [max(len(str(r[i])) for r in rows) for i in range(len(b.header))]
            for n, row in enumerate(rows):
                out.append("  ".join(str(c).ljust(w) for c, w in zip(row, widths)).rstrip())
                if n == 0:
                    out.append("  ".join("-" * w for w in widths))
            out.append("")
    return "\n".join(out).rstrip() + "\n"


def render_markdown(blocks: Sequence[Block]) -> str:
    """Markdown (headings, lists, a pipe table for the pay table)."""
    out: list[str] = []
    for b in blocks:
        if b.kind in ("h1", "h2", "h3"):
            out += ["#" * int(b.kind[1]) + " " + _md(b.text), ""]
        elif b.kind == "p":
            out += [_md(b.text), ""]
        elif b.kind in ("ul", "ol"):
            for i, item in enumerate(b.items, 1):
                text, sub = item if isinstance(item, tuple) else (item, ())
                out.append((f"{i}. " if b.kind == "ol" else "- ") + _md(text))
                for s in sub:
                    out.append("    - " + _md(s))
            out.append("")
        elif b.kind == "table":
            out.append("| " + " | ".join(_md(h) for h in b.header) + " |")
            out.append("|" + "|".join(" --- " for _ in b.header) + "|")
            for row in b.items:
                out.append("| " + " | ".join(_md(str(c)) for c in row) + " |")
            out.append("")
    return "\n".join(out).rstrip() + "\n"


# --- helpers ---------------------------------------------------------------


def _md(text: str) -> str:
    """Text as Markdown shows it: no markup, and no HTML from a file's words.

    >>> _md("<script>x</script> & a_b")
    '&lt;script&gt;x&lt;/script&gt; &amp; a\\\\_b'
    """
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return text.replace("|", "\\|").replace("*", "\\*").replace("_", "\\_")
