"""The architecture, checked: the package's imports run one way.

    cli → web → table → records / analysis → game → spec → cards → errors

(``web``, the table in a browser, is imported by the command line alone.) Every ``import`` of a module of ``studrules/`` is read from its source (ast,
nothing is run), wherever it stands: at the top, inside a function, under
``TYPE_CHECKING``. An import against that order, an import between the two
peers ``records`` and ``analysis``, or a cycle between modules fails the test
with the file and line of each import involved. The same checker is run on
small made-up packages, so the test is known to fail when it should.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "studrules"

#: What each layer may import besides itself. The package's root (``studrules``:
#: the lazy public API and ``python -m studrules``) may import the command line; under
#: ``TYPE_CHECKING`` alone it names the public API's modules for a type checker
#: (:data:`ROOT_FOR_THE_CHECKER`), which run time imports only when a name is used.
MAY_IMPORT: dict[str, frozenset[str]] = {
    "errors": frozenset(),
    "cards": frozenset({"errors"}),
    "spec": frozenset({"cards", "errors"}),
    "game": frozenset({"spec", "cards", "errors"}),
    "records": frozenset({"game", "spec", "cards", "errors"}),
    "analysis": frozenset({"game", "spec", "cards", "errors"}),
    "table": frozenset({"records", "analysis", "game", "spec", "cards", "errors"}),
    "web": frozenset({"table", "records", "analysis", "game", "spec", "cards", "errors"}),
    "cli": frozenset({"root", "web", "table", "records", "analysis", "game", "spec", "cards", "errors"}),
    "root": frozenset({"cli", "errors"}),
}
ROOT_FOR_THE_CHECKER = frozenset({"table", "records", "analysis", "game", "spec", "cards", "errors"})


@dataclass(frozen=True)
class Import:
    importer: str  # dotted module name
    imported: str
    file: str
    line: int
    typing: bool = False  # under ``if TYPE_CHECKING:``

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.importer} imports {self.imported}"


def module_names(root: Path) -> dict[str, Path]:
    """Every module of the package at ``root``, by dotted name."""
    names = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def imports(root: Path) -> list[Import]:
    """Every import of one of the package's modules by another, with its place."""
    modules = module_names(root)
    found = []
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        checking = {
            id(inner)
            for block in ast.walk(tree)
            if isinstance(block, ast.If) and getattr(block.test, "id", None) == "TYPE_CHECKING"
            for inner in ast.walk(block)
        }
        for node in ast.walk(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    source = ".".join(base + ([node.module] if node.module else []))
                else:
                    source = node.module or ""
                # "from package import module" imports the module itself
                targets = [f"{source}.{a.name}" if f"{source}.{a.name}" in modules else source for a in node.names]
            for target in dict.fromkeys(targets):
                while target and target not in modules:  # a name inside a module: the module
                    target = target.rpartition(".")[0]
                if target and target != name:
                    where = str(path.relative_to(root.parent))
                    found.append(Import(name, target, where, node.lineno, id(node) in checking))
    return found


def layer(module: str) -> str:
    """The layer a dotted module name belongs to."""
    parts = module.split(".")
    if len(parts) == 1 or parts[1] == "__main__":
        return "root"
    return parts[1]


def against_the_order(found: list[Import]) -> list[Import]:
    bad = []
    for imp in found:
        mine, theirs = layer(imp.importer), layer(imp.imported)
        if mine not in MAY_IMPORT:
            bad.append(imp)  # a module outside every layer
        elif mine == "root" and imp.typing and theirs in ROOT_FOR_THE_CHECKER:
            continue  # (the public API's names, stated for a type checker)
        elif mine != theirs and theirs not in MAY_IMPORT[mine]:
            bad.append(imp)
    return bad


def cycles(found: list[Import]) -> list[list[str]]:
    """The groups of modules that import each other, directly or not (Tarjan)."""
    graph: dict[str, set[str]] = {}
    for imp in found:
        graph.setdefault(imp.importer, set()).add(imp.imported)
        graph.setdefault(imp.imported, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


# --- the package itself -------------------------------------------------------


def test_every_module_is_in_a_layer():
    outside = [m for m in module_names(PACKAGE) if layer(m) not in MAY_IMPORT]
    assert not outside, f"modules outside every layer folder: {outside}"


def test_imports_run_one_way():
    bad = against_the_order(imports(PACKAGE))
    assert not bad, "imports against the layer order:\n" + "\n".join(map(str, bad))


def test_no_module_imports_itself_back():
    found = imports(PACKAGE)
    groups = cycles(found)
    where = {(i.importer, i.imported): i for i in found}
    lines = []
    for group in groups:
        lines.append(" <-> ".join(group))
        lines += [f"    {where[a, b]}" for a in group for b in group if (a, b) in where]
    assert not groups, "import cycles:\n" + "\n".join(lines)


def test_the_checker_reads_the_real_package():
    found = imports(PACKAGE)
    pairs = {(i.importer, i.imported) for i in found}
    # a few imports every reader of the code can see
    assert ("studrules.game.hand", "studrules.spec.model") in pairs
    assert ("studrules.cards.evaluator", "studrules.cards.card") in pairs
    assert ("studrules.__main__", "studrules.cli.main") in pairs


# --- the checker on made-up packages --------------------------------------------


def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "studrules"
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for folder in {p.parent for p in root.rglob("*.py")}:
        (folder / "__init__.py").touch()
    return root


def test_an_upward_import_is_found_even_inside_a_function(tmp_path):
    root = _package(
        tmp_path,
        {
            "cards/card.py": "def f():\n    from ..spec.model import Variant\n",
            "spec/model.py": "from ..cards.card import f\n",
        },
    )
    bad = against_the_order(imports(root))
    assert [(b.importer, b.imported, b.line) for b in bad] == [("studrules.cards.card", "studrules.spec.model", 2)]


def test_an_upward_import_under_type_checking_is_found(tmp_path):
    root = _package(
        tmp_path,
        {
            "game/hand.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from studrules.cli import main\n",
            "cli/main.py": "",
        },
    )
    assert [str(b) for b in against_the_order(imports(root))] == [
        "studrules/game/hand.py:3: studrules.game.hand imports studrules.cli.main"
    ]


def test_the_root_names_the_api_for_a_type_checker_only_under_type_checking(tmp_path):
    root = _package(
        tmp_path,
        {
            "__init__.py": "TYPE_CHECKING = False\nif TYPE_CHECKING:\n    from .game.hand import Hand\nfrom .table import session\n",
            "game/hand.py": "",
            "table/session.py": "",
        },
    )
    # the checker's name is allowed; the same layer imported at run time is not
    assert [str(b) for b in against_the_order(imports(root))] == [
        "studrules/__init__.py:4: studrules imports studrules.table.session"
    ]


def test_peers_records_and_analysis_do_not_import_each_other(tmp_path):
    root = _package(tmp_path, {"records/script.py": "from ..analysis import diff\n", "analysis/diff.py": ""})
    assert [b.imported for b in against_the_order(imports(root))] == ["studrules.analysis.diff"]


def test_downward_imports_pass(tmp_path):
    root = _package(
        tmp_path,
        {
            "cli/main.py": "from ..table.session import S\nfrom .. import __version__\n",
            "table/session.py": "from ..analysis.diff import d\nfrom ..records.history import h\n",
            "analysis/diff.py": "from ..game.hand import H\n",
            "records/history.py": "from studrules.game import hand\n",
            "game/hand.py": "import studrules.spec.model\n",
            "spec/model.py": "from ..cards import card\n",
            "cards/card.py": "from ..errors import E\n",
            "errors.py": "",
        },
    )
    assert against_the_order(imports(root)) == []
    assert cycles(imports(root)) == []


@pytest.mark.parametrize(
    "files, expected",
    [
        (
            {"game/a.py": "from .b import x\n", "game/b.py": "def f():\n    from .a import y\n"},
            [["studrules.game.a", "studrules.game.b"]],
        ),
        (
            {"spec/a.py": "from . import b\n", "spec/b.py": "from . import c\n", "spec/c.py": "from .a import z\n"},
            [["studrules.spec.a", "studrules.spec.b", "studrules.spec.c"]],
        ),
        ({"spec/a.py": "from . import b\n", "spec/b.py": "x = 1\n"}, []),
    ],
)
def test_cycles_are_found(tmp_path, files, expected):
    assert cycles(imports(_package(tmp_path, files))) == expected


# --- what every layer and module keeps to ---------------------------------------

#: Modules stay small enough to read in one sitting; split one by what it holds
#: before it grows past this.
MOST_LINES = 600


def test_no_module_is_over_the_size_a_reader_holds_in_mind():
    long = {
        str(path.relative_to(PACKAGE.parent)): n
        for path in PACKAGE.rglob("*.py")
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES
    }
    assert not long, f"modules over {MOST_LINES} lines (split them by what they hold): {long}"


def test_every_layer_says_what_it_holds_and_may_import():
    for folder in sorted(p for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()):
        doc = ast.get_docstring(ast.parse((folder / "__init__.py").read_text(encoding="utf-8")))
        assert doc, f"{folder.name}/__init__.py has no docstring"
        assert "import" in doc, f"{folder.name}/__init__.py does not say what the layer may import"
