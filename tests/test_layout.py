"""The layout docs/development.md describes: small modules, no import cycles, no private names across modules,
and the engine free of spreadsheet libraries."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "xltb"
MAX_LINES = 500


def modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def imports(name: str, path: Path, *, top_level_only: bool) -> list[tuple[str, str]]:
    """(module imported, name imported) for each import of a module; relative imports resolved."""
    tree = ast.parse(path.read_text())
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    out = []
    for node in nodes:
        if isinstance(node, ast.If) and top_level_only:  # `if TYPE_CHECKING:` blocks are not run
            continue
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            out.extend((base, alias.name) for alias in node.names)
        elif isinstance(node, ast.Import):
            out.extend((alias.name, "") for alias in node.names)
    return out


def test_no_module_is_over_500_lines():
    long = {name: n for name, path in modules().items() if (n := len(path.read_text().splitlines())) > MAX_LINES}
    assert long == {}


def import_graph() -> dict[str, set[str]]:
    """Module -> the modules it imports, anywhere in it (at its top, inside functions, for type checking):
    an import inside a function closes a cycle as surely when it runs. A module's import of its own
    package (``from . import x`` of a name of ``__init__``) is no edge: that package is loaded first."""
    mods = modules()
    graph: dict[str, set[str]] = {}
    for name, path in mods.items():
        targets = set()
        for base, item in imports(name, path, top_level_only=False):
            if f"{base}.{item}" in mods:
                targets.add(f"{base}.{item}")  # `from . import module`
            elif base in mods:
                targets.add(base)
        graph[name] = {t for t in targets if t != name and not name.startswith(t + ".")}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles of ``graph``: each strongly connected component of more than one module
    (Tarjan's algorithm, iterative), its modules sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, targets = work[-1]
            nxt = next(targets, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph.get(nxt, ())))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)


def test_the_cycle_finder_finds_cycles():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set(), "c": {"d"}, "d": {"c", "a"}}) == [["c", "d"]]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_no_import_cycle_between_modules():
    """No cycle at all, counting the imports made inside functions."""
    assert cycles(import_graph()) == []


def test_no_private_name_is_imported_from_another_module():
    found = []
    for name, path in modules().items():
        for base, item in imports(name, path, top_level_only=False):
            if base.startswith("xltb") and item.startswith("_") and not item.startswith("__") and base != name:
                found.append(f"{name} imports {base}.{item}")
    assert found == []


def test_the_engine_imports_no_spreadsheet_library():
    """The engine never; the readers only inside the functions that need them (pandas for CSV exports)."""
    heavy = ("pandas", "openpyxl", "xlwings")
    for name, path in modules().items():
        engine = name.startswith(("xltb.model", "xltb.rules", "xltb.tiebreaks", "xltb.ranking"))
        if engine or name.startswith(("xltb.readers", "xltb.books")):
            bad = [b for b, _ in imports(name, path, top_level_only=not engine) if b.split(".")[0] in heavy]
            assert bad == [], name


#: the formula engine of `xltb recalc` (an optional extra) and what it pulls in
ENGINE_PACKAGES = ("formulas", "numpy", "schedula", "scipy")
#: the only modules that may import it (at their top: they are loaded by `xltb recalc` alone)
ENGINE_MODULES = ("xltb.recalc.engine", "xltb.recalc.values", "xltb.recalc.guard", "xltb.recalc.inputs", "xltb.recalc.bulk",
                  "xltb.hosts.engine", "xltb.hosts.scipy_later")


def test_only_recalc_imports_the_formula_engine():
    """formulas/numpy/schedula are imported by the recalc engine's modules only; everything else
    (the engine, `xltb standings`, xltb.functions.callables that Pyodide and LibreOffice load) never."""
    for name, path in modules().items():
        if name in ENGINE_MODULES:
            continue
        bad = [b for b, _ in imports(name, path, top_level_only=False) if b.split(".")[0] in ENGINE_PACKAGES]
        if name == "xltb.cli.recalc":  # the check that the extra is installed, inside run()
            bad = [b for b in bad if b != "formulas"]
        assert bad == [], name


def test_standings_and_the_portable_functions_load_no_formula_engine():
    import subprocess
    import sys

    code = ("import sys, io, contextlib; import xltb.functions.callables, xltb.cli.standings; "
            "from xltb.cli.main import main; "
            "f = io.StringIO(); ctx = contextlib.redirect_stdout(f); ctx.__enter__(); "
            f"main(['standings', {str(PACKAGE / 'examples' / 'held-swiss16.trf')!r}]); ctx.__exit__(None, None, None); "
            f"print(sorted(m for m in sys.modules if m.split('.')[0] in {ENGINE_PACKAGES!r}))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"


#: the packages from the ground up: a package imports only packages before it (imports inside
#: functions counted). The core (up to `prizes`) therefore never imports a face (from `check` on).
ORDER = ("_gc", "errors", "terminal", "cells", "calcpr", "limits", "files", "xlsxread", "messages",  # ground: no rules of chess
         "model", "rules", "tiebreaks", "events", "sheets", "books", "readers", "writers", "ranking", "pairing", "decide", "prizes",  # the core
         "check", "report", "functions", "hosts", "templates", "recalc", "cli",
         "__main__")  # the faces
FACES = ORDER[ORDER.index("check"):]
#: imports against the order, each with its reason (none may be added without one)
EXCEPTIONS: dict[tuple[str, str], str] = {}


def _package(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def test_packages_import_only_packages_below_them():
    mods = modules()
    wrong = set()
    for name, path in mods.items():
        here = _package(name)
        if here not in ORDER:  # xltb/__init__.py: the public API, above everything
            assert name == "xltb", f"{name}: a package missing from ORDER"
            continue
        for base, item in imports(name, path, top_level_only=False):
            if not base.startswith("xltb"):
                continue
            there = _package(base) or (item if item in ORDER else "")
            if there in ("", here) or item == "__version__":  # the version: xltb/__init__.py's one constant
                continue
            if ORDER.index(there) > ORDER.index(here) and (here, there) not in EXCEPTIONS:
                wrong.add(f"{name} imports {base}.{item}")
    assert sorted(wrong) == []


def test_no_package_is_over_3000_lines():
    """Each package counts its own modules; a subpackage (a folder with its ``__init__.py``, such as
    ``xltb/pairing/c044``) is a package of its own."""
    sizes: dict[str, int] = {}
    for path in PACKAGE.rglob("*.py"):
        folder = str(path.parent.relative_to(PACKAGE.parent))
        sizes[folder] = sizes.get(folder, 0) + len(path.read_text().splitlines())
    assert {p: n for p, n in sizes.items() if n > 3000} == {}


def test_one_definition_of_each_error_type():
    """One ``XltbError`` (xltb/errors.py; the Calc extension raises it too) and one Excel error value
    (``ExcelError``, xltb/cells.py: the workbook reader, the functions, the cached cells and recalc)."""
    defined: dict[str, list[str]] = {}
    for name, path in modules().items():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef) and (node.name in ("XltbError", "ExcelError", "Err")
                                                   or node.name.endswith("Error") and "Excel" in node.name):
                defined.setdefault(node.name, []).append(name)
    assert defined == {"XltbError": ["xltb.errors"], "ExcelError": ["xltb.cells"]}


def test_the_drawing_of_the_layers_is_the_order():
    """docs/development.md draws the layers, top first: the same packages in the same order as ORDER."""
    text = (PACKAGE.parent / "docs" / "development.md").read_text(encoding="utf-8")
    block = text.split("imports inside functions count, and no import cycle at all):\n\n```\n", 1)[1].split("```", 1)[0]
    drawn = [name for line in reversed(block.strip().splitlines()) for name in reversed(line.split()[1:])]
    assert drawn == [p for p in ORDER if p != "__main__"]


#: modules that still tell the event's kind by its type: the template's kind agrees with the event
#: (decide.check_template_kind), asserted for the type checker (debt: to ask ``event.is_team``)
KIND_BY_TYPE = {"xltb.templates.build"}


def kind_tests(tree: ast.AST) -> list[int]:
    """The lines that tell an event's kind by its type: ``isinstance(x, Tournament)`` or ``TeamTournament``
    (alone or in a tuple), ``getattr(x, "teams"...)``, ``hasattr(x, "teams")``."""
    lines = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and len(node.args) >= 2):
            continue
        second = node.args[1]
        if node.func.id == "isinstance":
            named = second.elts if isinstance(second, ast.Tuple) else [second]
            if any(isinstance(n, ast.Name) and n.id in ("Tournament", "TeamTournament") for n in named):
                lines.append(node.lineno)
        elif node.func.id in ("getattr", "hasattr") and isinstance(second, ast.Constant) and second.value == "teams":
            lines.append(node.lineno)
    return lines


def test_kind_tests_are_found():
    tree = ast.parse("isinstance(e, TeamTournament)\nisinstance(e, (Tournament, X))\ngetattr(e, 'teams', None)\n"
                     "hasattr(e, 'teams')\nisinstance(e, Player)\ne.is_team\n")
    assert kind_tests(tree) == [1, 2, 3, 4]


def test_the_faces_ask_the_event_not_its_type():
    """An event of either kind answers ``participants``, ``participant(no)``, ``describe_scoring()`` and
    ``is_team`` (xltb/model/event.py): outside the model, no module tells the kind by the event's type."""
    found = {name: lines for name, path in modules().items()
             if not name.startswith("xltb.model") and name not in KIND_BY_TYPE
             and (lines := kind_tests(ast.parse(path.read_text())))}
    assert found == {}
