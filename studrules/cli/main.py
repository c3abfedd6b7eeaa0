"""The ``studrules`` command line.

Each subcommand lives in its own module of :mod:`studrules.cli` with
``NAME``, ``HELP``, ``add_arguments(parser)`` and ``run(args) -> int``; this
module only finds them, parses the command line and turns a user's mistake into
a message instead of a traceback.
"""

from __future__ import annotations

import argparse
import ast
import functools
import importlib
import os
import re
import sys

from .. import __version__

TYPE_CHECKING = False  # typing is not imported: --version and --help answer before it is needed
if TYPE_CHECKING:  # pragma: no cover - errors are imported in main(), after --version and --help have answered
    from collections.abc import Sequence
    from typing import Any, NoReturn

    from ..errors import StudrulesError

__all__ = ["main", "build_parser", "visible"]


#: What ``studrules --help`` says of the exit codes (tests/test_cli_grammar.py checks each).
EXIT_CODES = """exit codes:
  0    done (validate: every file is valid)
  1    a problem in a file, variant, stake, strategy or history (the message
       says where); validate found errors; simulate stopped on a failure
  2    a usage error: no command, an unknown command, flag or bot, a
       missing or malformed argument; replay: an illegal or out-of-turn
       action in the script
  3    replay-phh: the finishing stacks differ from the record's
  130  interrupted by Ctrl-C (what was played so far is reported);
       143: stopped by SIGTERM"""


class _Parser(argparse.ArgumentParser):
    """argparse, with a suggestion for a misspelt command, flag or choice, and
    the command's own usage for a flag it does not take."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # no flag is taken from its first letters: `serve --seed` is no `--seeded-tables`, nor
        # `--f` a `--force` (a misspelt or cut flag is refused, with the flag it may have meant)
        super().__init__(*args, **{**kwargs, "allow_abbrev": False})

    def _print_message(self, message: str, file: Any = None) -> None:
        # (argparse drops a failed write: help sent to a full disk would vanish with exit code 0;
        # a usage error that standard error cannot take keeps its exit code, 2)
        if not message:
            return
        if file is None or file is sys.stderr:
            _say(message.rstrip("\n"))
        else:
            file.write(message)

    def error(self, message: str) -> NoReturn:  # argparse's own exit code for usage errors is 2
        wrong = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)$", message)
        if wrong:
            from ._common import choice_hint

            message += choice_hint(wrong.group(1), re.findall(r"'([^']*)'", wrong.group(2)))
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")

    _intermixing = False

    def parse_known_args(self, args=None, namespace=None):
        if self._intermixing:  # (a pass of the intermixed parse below)
            return super().parse_known_args(args, namespace)
        if self._takes_a_list():  # a command's list (variants, files) may go on after its flags
            self._intermixing = True
            try:
                parsed, extras = self.parse_known_intermixed_args(args, namespace)
            finally:
                self._intermixing = False
        else:
            parsed, extras = super().parse_known_args(args, namespace)
        if extras:  # said by the command that was given them, not by the top-level parser
            from ._common import unknown_argument_message

            self.error(unknown_argument_message(self, extras, parsed))
        return parsed, extras

    def _takes_a_list(self) -> bool:
        """Whether this is a command's parser with a positional list (``studrules session razz
        --hands 9 seven-card-stud``: the second variant after a flag is the list's too)."""
        actions = self._actions
        return not any(isinstance(a, argparse._SubParsersAction) for a in actions) and any(
            not a.option_strings and a.nargs in ("*", "+") for a in actions
        )


def _command_modules():
    """Every subcommand module, imported (for :func:`build_parser`)."""
    found = [importlib.import_module(f"{__package__}.{module}") for module, _, _, _ in _command_table()]
    return [m for m in found if hasattr(m, "NAME") and hasattr(m, "run")]


_HEADER_FIELDS = ("NAME", "HELP", "ORDER")


@functools.cache
def _command_table() -> tuple[tuple[str, str, str, int], ...]:
    """``(module, NAME, HELP, ORDER)`` of each subcommand, read from the
    modules' text without importing them: ``--help`` lists every command,
    and a command line imports only the command it runs."""
    rows = []
    for module_name, text in _module_texts():
        header = _module_header(text) if text is not None else None
        if header is None:  # not a subcommand, or a text this reader cannot read: import it
            module = importlib.import_module(f"{__package__}.{module_name}")
            if not (hasattr(module, "NAME") and hasattr(module, "run")):
                continue
            header = {"NAME": module.NAME, "HELP": module.HELP, "ORDER": getattr(module, "ORDER", 50)}
        order = header.get("ORDER", 50)
        rows.append((module_name, str(header["NAME"]), str(header["HELP"]), order if isinstance(order, int) else 50))
    rows.sort(key=lambda row: row[3])
    return tuple(rows)


def _module_texts() -> list[tuple[str, str | None]]:
    """``(module, source text)`` of every module of this folder but ``main``
    and the private ones; the text ``None`` where the package is not plain
    files (then the modules are listed by :mod:`pkgutil`)."""
    folder = os.path.dirname(__file__)
    try:
        names = sorted(n[:-3] for n in os.listdir(folder) if n.endswith(".py"))
    except OSError:
        names = []
    if "main" not in names:  # not a folder of files (a zip, a frozen build)
        import pkgutil

        package = importlib.import_module(__package__)
        return [(info.name, None) for info in pkgutil.iter_modules(package.__path__) if _is_command_name(info.name)]
    out: list[tuple[str, str | None]] = []
    for name in names:
        if not _is_command_name(name):
            continue
        try:
            with open(os.path.join(folder, f"{name}.py"), encoding="utf-8") as f:
                out.append((name, f.read()))
        except (OSError, UnicodeDecodeError):
            out.append((name, None))
    return out


class HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, except that a paragraph whose lines are indented
    (the examples, the exit codes) is printed as written, and that lines break
    between words only, never inside a hyphenated name (``mississippi-stud-basic``)."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        import textwrap

        return textwrap.wrap(self._whitespace_matcher.sub(" ", text).strip(), width, break_on_hyphens=False)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        paragraphs = text.split("\n\n")
        out = []
        for paragraph in paragraphs:
            lines = paragraph.splitlines()
            if len(lines) > 1 and all(line.startswith("  ") for line in lines[1:]):
                out.append("\n".join(indent + line for line in lines))
            else:
                import textwrap

                flat = self._whitespace_matcher.sub(" ", paragraph).strip()
                out.append(
                    textwrap.fill(flat, width, initial_indent=indent, subsequent_indent=indent, break_on_hyphens=False)
                )
        return "\n\n".join(out)


def examples_epilog(examples: Sequence[str]) -> str | None:
    """The ``--help`` epilog of a command's examples.

    >>> print(examples_epilog(["studrules list", "studrules list --json"]))
    examples:
      studrules list
      studrules list --json
    """
    if not examples:
        return None
    return "examples:\n" + "\n".join(f"  {e}" for e in examples)


def _examples() -> dict[str, list[str]]:
    """Each command's ``--help`` examples, read from ``examples.txt`` beside this module."""
    found: dict[str, list[str]] = {}
    try:
        with open(os.path.join(os.path.dirname(__file__), "examples.txt"), encoding="utf-8") as f:
            for line in f:
                command, sep, example = line.partition(":")
                if sep and not line.startswith("#"):
                    found.setdefault(command.strip(), []).append(example.strip())
    except OSError:  # not a folder of files: no examples
        pass
    return found


def _is_command_name(module: str) -> bool:
    return not module.startswith("_") and module != "main"


def _module_header(text: str) -> dict[str, object] | None:
    """A subcommand module's ``NAME``, ``HELP`` and ``ORDER``: the literal
    values of their assignments at the top level of its text; ``None`` when
    the module has no ``run`` or no literal ``NAME`` and ``HELP``."""
    if not re.search(r"^def run\(", text, re.MULTILINE):
        return None
    header: dict[str, object] = {}
    for match in re.finditer(r"^(NAME|HELP|ORDER) = (.*?)(?=^\S)", text, re.MULTILINE | re.DOTALL):
        try:
            header[match.group(1)] = ast.literal_eval(match.group(2).strip())
        except (ValueError, SyntaxError):
            return None
    return header if "NAME" in header and "HELP" in header else None


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser: every subcommand's arguments, or, given
    ``command``, only that one's (the others listed by name and help)."""
    parser = _Parser(
        prog="studrules",
        description="An engine for stud poker house rules: play, validate, explain and compare variants.",
        epilog="'studrules COMMAND --help' (or 'studrules help COMMAND') gives a command's options and examples."
        "\n\n" + EXIT_CODES,
        formatter_class=HelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"studrules {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for module_name, name, help_text, _ in _command_table():
        if command is not None and name != command:
            sub.add_parser(name, help=help_text)
            continue
        module = importlib.import_module(f"{__package__}.{module_name}")
        p = sub.add_parser(
            module.NAME,
            help=module.HELP,
            description=getattr(module, "DESCRIPTION", None) or _sentence(module.HELP),
            epilog=examples_epilog(_examples().get(module.NAME, ())),
            formatter_class=HelpFormatter,
        )
        module.add_arguments(p)
        p.set_defaults(_run=module.run, _parser=p)
    return parser


def _sentence(text: str) -> str:
    """A command's one-line help as the first sentence of its description.

    >>> _sentence("list the shipped variants")
    'List the shipped variants.'
    """
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def _chosen_command(argv: Sequence[str]) -> str | None:
    """The subcommand a command line names (its first word that is no option),
    if it is one; ``None`` for ``--version``, ``--help`` or a mistake."""
    for word in argv:
        if word == "--":
            return None
        if not word.startswith("-"):
            names = {name for _, name, _, _ in _command_table()}
            return word if word in names else None
    return None


def _help_as_flag(words: list[str]) -> list[str]:
    """``studrules help`` as ``studrules --help``, and ``studrules help COMMAND``
    as ``studrules COMMAND --help`` (as git and pip read them); ``help`` and a
    word that is no command is the usage error argparse gives that word.

    >>> _help_as_flag(["help"]), _help_as_flag(["help", "play"]), _help_as_flag(["play", "help"])
    (['--help'], ['play', '--help'], ['play', 'help'])
    >>> _help_as_flag(["help", "plya"])
    ['plya']
    """
    if not words or words[0] != "help":
        return words
    if len(words) == 1:
        return ["--help"]
    names = {name for _, name, _, _ in _command_table()}
    return [words[1], "--help"] if words[1] in names else words[1:]


def _usable_streams() -> None:
    """Output that cannot stop a command: a stream the shell closed (``>&-``)
    writes nowhere, and a terminal that cannot show a character (not UTF-8)
    shows '?' for it."""
    import os

    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115 -- for the process's life
        elif (stream.encoding or "").lower().replace("-", "") != "utf8" and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")


def main(argv: Sequence[str] | None = None) -> int:
    _usable_streams()
    words = _help_as_flag(sys.argv[1:] if argv is None else list(argv))
    # only the chosen subcommand's module (and what it imports) is imported
    parser = build_parser(_chosen_command(words) or "")
    try:
        try:
            args = parser.parse_args(words)
        except SystemExit:  # --help, --version, a usage error: what argparse printed must reach the user
            sys.stdout.flush()
            raise
    except BrokenPipeError:  # (studrules --help | head -1)
        return 0
    except OSError as err:
        _say(f"studrules: {err.strerror or err}")
        return 1
    if not getattr(args, "_run", None):  # no command: argparse's usage error, with the commands to choose from
        commands = ", ".join(name for _, name, _, _ in _command_table())
        parser.error(f"give a command: {commands} ('studrules --help' says what each does)")
    _refuse_empty_files(args._parser, args)
    import warnings

    from ..errors import IllegalActionError, SpecErrors, StakeOrderWarning, StudrulesError, UsageError

    python_form = warnings.showwarning

    def show(message, category, filename, lineno, file=None, line=None):
        # a stake order turned round by a file's stakes (a script's, a history's): one line, as --stake's
        if issubclass(category, StakeOrderWarning):
            _say(f"studrules: warning: {message}")
        else:
            python_form(message, category, filename, lineno, file, line)

    try:
        with warnings.catch_warnings():
            warnings.showwarning = show
            status = int(args._run(args) or 0)
            sys.stdout.flush()  # (a full disk is said here, not lost at exit)
            return status
    except KeyboardInterrupt:
        _say("interrupted")
        return 130
    except BrokenPipeError:
        return 0
    except UsageError as err:  # an argument the command reads as it runs (--option NAME=CHOICE): as argparse says it
        command: argparse.ArgumentParser = args._parser
        command.error(err.message)
    except IllegalActionError as err:
        _say(f"studrules: {_shown(err)}")
        return 2
    except SpecErrors as err:
        for e in err.errors[:_MOST_SAID]:
            _say(f"studrules: {_shown(e)}")
        if len(err.errors) > _MOST_SAID:  # (a file of a hundred thousand bad lines: counted, not all said)
            _say(f"studrules: and {len(err.errors) - _MOST_SAID:,} more problems, not said")
        return 1
    except StudrulesError as err:
        _say(f"studrules: {_shown(err)}")
        return 1
    except OSError as err:
        _say(f"studrules: {err.strerror or err}: {err.filename or ''}".rstrip(": "))
        return 1


#: The metavars of the arguments that name a file.
_FILE_METAVARS = ("FILE", "SCRIPT", "HISTORY")


def _refuse_empty_files(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """A file argument given as an empty text (``--history ''``) is a usage error:
    it would be taken as none given, or as the current folder."""
    for action in parser._actions:
        value = getattr(args, action.dest, None)
        values = value if isinstance(value, list) else [value]
        if action.metavar in _FILE_METAVARS and any(isinstance(v, str) and not v.strip() for v in values):
            name = "/".join(action.option_strings) or str(action.metavar)
            parser.error(f"argument {name}: empty; give a file's name")


def _say(line: str) -> None:
    """Write ``line`` to standard error; where that cannot be written (a full device),
    nothing more can be said, and the exit code still says what happened."""
    import contextlib

    with contextlib.suppress(OSError):
        print(visible(line, keep_lines=True), file=sys.stderr, flush=True)


#: The most problems of one refusal said line by line; the rest are counted (a history's
#: reader keeps 200 of its own and counts the rest itself).
_MOST_SAID = 1000


def visible(text: str, *, keep_lines: bool = False) -> str:
    r"""``text`` with each character a terminal would act on rather than show
    (an escape sequence's ESC, a carriage return, a line break in a file's
    name) written as Python writes it, so a message is one line and cannot
    clear the screen; ``keep_lines`` keeps line breaks (argparse's usage).

    >>> print(visible("no variant '\x1b[2Jx.yaml'"), visible("a\nb"))
    no variant '\x1b[2Jx.yaml' a\nb
    """
    if text.isprintable():
        return text
    return "".join(
        ch if ch.isprintable() or (keep_lines and ch == "\n") else ch.encode("unicode_escape").decode("ascii")
        for ch in text
    )


def _shown(err: StudrulesError) -> str:
    """The error as a user reads it: a shipped file as ``variants/NAME.yaml``, on one line
    (a line break or an escape sequence in a name the user gave is written as Python writes it)."""
    from ._common import display_path

    loc = err.location
    if loc is None or not loc.file or loc.file.startswith("<"):
        return visible(str(err))
    from dataclasses import replace

    from ..errors import StudrulesError

    shown = StudrulesError(err.message, replace(loc, file=display_path(loc.file)))
    return visible(str(shown))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
