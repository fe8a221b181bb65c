"""No function of cyclomatic complexity above 25 (issue 29), counted on the syntax tree: one for the
function, one for each ``if``/``elif``, conditional expression, loop, ``except``, ``case`` and each
``for``/``if`` of a comprehension, and one for each further operand of ``and``/``or``. A nested function
or class is counted on its own. The functions above the limit today are listed below as known debt, each
with what makes it long: a listed one may not grow, and leaves the list once it is split."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "xltb"
LIMIT = 25

_BRANCHES = (ast.If, ast.IfExp, ast.For, ast.AsyncFor, ast.While, ast.ExceptHandler, ast.match_case)
_OWN_SCOPE = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def complexity(function: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    count = 1
    todo: list[ast.AST] = list(ast.iter_child_nodes(function))
    while todo:
        node = todo.pop()
        if isinstance(node, _OWN_SCOPE):
            continue
        if isinstance(node, _BRANCHES):
            count += 1
        elif isinstance(node, ast.comprehension):
            count += 1 + len(node.ifs)
        elif isinstance(node, ast.BoolOp):
            count += len(node.values) - 1
        todo.extend(ast.iter_child_nodes(node))
    return count


def functions() -> dict[str, int]:
    """``module:qualified.name`` -> complexity, for every function of the package."""
    out: dict[str, int] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__")

        def visit(node: ast.AST, prefix: str) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    out[f"{module}:{prefix}{child.name}"] = complexity(child)
                    visit(child, f"{prefix}{child.name}.")
                elif isinstance(child, ast.ClassDef):
                    visit(child, f"{prefix}{child.name}.")
                else:
                    visit(child, prefix)

        visit(ast.parse(path.read_text()), "")
    return out


#: function -> (its complexity when listed, what makes it long); none may be added without a reason (empty: every
#: function of the package is at most 25)
KNOWN_DEBT: dict[str, tuple[int, str]] = {}


def test_no_function_is_more_complex_than_25_but_the_known_debt():
    found = functions()
    over = {name: n for name, n in found.items() if n > LIMIT}
    assert sorted(set(over) - set(KNOWN_DEBT)) == []  # a new function above the limit: split it
    grown = {name: (n, KNOWN_DEBT[name][0]) for name, n in over.items() if n > KNOWN_DEBT[name][0]}
    assert grown == {}  # a known one grew
    paid = sorted(name for name in KNOWN_DEBT if found.get(name, 0) <= LIMIT)
    assert paid == []  # split, renamed or gone: take it off the list


def test_the_count():
    tree = ast.parse("def f(a, b):\n"
                     "    if a and b or a:\n        return [x for x in a if x if b]\n"
                     "    for i in b:\n        try:\n            pass\n        except ValueError:\n            pass\n"
                     "    def g():\n        if a:\n            pass\n"
                     "    return 1 if a else 2\n")
    function = tree.body[0]
    assert isinstance(function, ast.FunctionDef)
    assert complexity(function) == 1 + 1 + 2 + 3 + 1 + 1 + 1  # if, and/or, comprehension, for, except, ifexp
