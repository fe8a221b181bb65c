"""Excel formulas of xltb's templates -> OpenFormula (ODF 1.2 part 2), as a LibreOffice ``.ods`` stores them.

Only what the templates contain is translated, and anything else is refused (:class:`Untranslatable`)
rather than written as a formula that would mean something else:

* references: ``A2``, ``$A$2``, ranges ``A1:B2``, whole columns ``$M:$M``, each optionally
  sheet-qualified (``Teams!$E$2:$L$15``, ``'My sheet'!A1``) -> ``[.A2]``, ``[$Teams.$E$2:.$L$15]``,
  ``[.$M:.$M]`` (the whole-column form LibreOffice 7.4 itself writes and reads);
* defined names (``Crosstable``, ``Settings``, ...), given by the caller: written bare, as Calc does;
* strings (``""`` inside a string stays ``""``), numbers, the operators ``= <> < <= > >= + - * / & ^``;
* calls of the spreadsheet functions in :data:`FUNCTIONS` (same name in both languages) and of xltb's
  ``TB_`` functions (:mod:`xltb.hosts.libreoffice.spec`), which become the add-in's programmatic name
  ``ORG.XLTB.XLTBADDIN.TB_SB_C1`` (how Calc stores a call of the add-in);
* the argument separator ``,`` -> ``;``.
"""

from __future__ import annotations

import re

from ..hosts.libreoffice import PREFIX
from ..hosts.libreoffice.spec import BY_NAME

#: Excel functions the templates use, whose OpenFormula name is the same
FUNCTIONS = frozenset({"IF", "INDEX", "MATCH", "OR", "AND", "NOT", "IFERROR", "IFNA", "LEN", "ISNUMBER", "SEARCH",
                       "LEFT", "RIGHT", "MID", "ROUND", "SUM", "ISNA", "ISBLANK", "ROWS", "COLUMNS"})


class Untranslatable(ValueError):
    """A formula, or a part of one, this translator does not know: nothing is written for it."""


_TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<string>"(?:[^"]|"")*")
  | (?P<sheet>(?:'(?:[^']|'')+'|[A-Za-z_][A-Za-z0-9_.]*)!)
  | (?P<cell>\$?[A-Za-z]{1,3}\$?[0-9]{1,7}(?![A-Za-z0-9_(]))
  | (?P<column>\$?[A-Za-z]{1,3}(?=:\$?[A-Za-z]{1,3}(?![A-Za-z0-9_(])))
  | (?P<call>[A-Za-z_][A-Za-z0-9_.]*(?=\())
  | (?P<name>[A-Za-z_][A-Za-z0-9_.]*)
  | (?P<number>[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)
  | (?P<op><>|<=|>=|[-+*/&^=<>%])
  | (?P<open>\()
  | (?P<close>\))
  | (?P<comma>,)
  | (?P<colon>:)
""", re.VERBOSE)

_PLAIN_SHEET = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _sheet(name: str) -> str:
    """A sheet name as OpenFormula writes it after ``$``."""
    if name.startswith("'"):
        name = name[1:-1].replace("''", "'")
    return name if _PLAIN_SHEET.fullmatch(name) else "'" + name.replace("'", "''") + "'"


def translate(formula: str, names: frozenset[str] | set[str]) -> str:
    """``=...`` (Excel, as openpyxl holds it) -> ``of:=...`` (the value of ``table:formula``).
    ``names``: the workbook's defined names. Raises :class:`Untranslatable`."""
    if not formula.startswith("="):
        raise Untranslatable(f"not a formula: {formula!r}")
    text = formula[1:]
    out: list[str] = []
    pos, depth = 0, 0
    spaced = after_operand = False
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            raise Untranslatable(f"{formula!r}: cannot read {text[pos:pos + 12]!r}")
        kind, token = m.lastgroup, m[0]
        pos = m.end()
        if kind == "space":
            spaced = True
            continue
        if spaced and after_operand and kind not in ("op", "close", "comma", "colon"):
            raise Untranslatable(f"{formula!r}: an intersection (a space between two references) is not translated")
        spaced = False
        after_operand = kind in ("string", "number", "close", "name", "sheet", "cell", "column")
        if kind in ("string", "number", "op"):
            out.append(token)
        elif kind == "open":
            depth += 1
            out.append("(")
        elif kind == "close":
            depth -= 1
            if depth < 0:
                raise Untranslatable(f"{formula!r}: unbalanced brackets")
            out.append(")")
        elif kind == "comma":
            if depth == 0:
                raise Untranslatable(f"{formula!r}: a union (',' outside a call) is not translated")
            out.append(";")
        elif kind == "call":
            upper = token.upper()
            if upper in BY_NAME:
                out.append(PREFIX + upper)
            elif upper in FUNCTIONS:
                out.append(upper)
            else:
                raise Untranslatable(f"{formula!r}: function {token} is not translated")
        elif kind == "name":
            if token not in names:
                raise Untranslatable(f"{formula!r}: {token} is not a defined name of the workbook")
            out.append(token)
        elif kind in ("sheet", "cell", "column"):
            ref, pos = _reference(text, m, formula)
            out.append(ref)
        else:  # a colon outside a reference
            raise Untranslatable(f"{formula!r}: unexpected {token!r}")
    if depth:
        raise Untranslatable(f"{formula!r}: unbalanced brackets")
    return "of:=" + "".join(out)


_CELL = re.compile(r"\$?[A-Za-z]{1,3}\$?[0-9]{1,7}(?![A-Za-z0-9_(])")
_COLUMN = re.compile(r"\$?[A-Za-z]{1,3}(?![A-Za-z0-9_(])")


def _reference(text: str, m: re.Match[str], formula: str) -> tuple[str, int]:
    """The reference starting at ``m`` (sheet prefix, cell or range): (``[...]``, position after it)."""
    pos = m.start()
    sheet = None
    if m.lastgroup == "sheet":
        sheet = _sheet(m[0][:-1])
        pos = m.end()
    first = _CELL.match(text, pos) or _COLUMN.match(text, pos)
    if first is None:
        raise Untranslatable(f"{formula!r}: a sheet name without a cell")
    whole_column = first.re is _COLUMN
    pos = first.end()
    second = None
    if text.startswith(":", pos):
        second = (_COLUMN if whole_column else _CELL).match(text, pos + 1)
        if second is None:
            raise Untranslatable(f"{formula!r}: a range this translator does not know")
        pos = second.end()
    elif whole_column:
        raise Untranslatable(f"{formula!r}: {first[0]} is not a reference")
    head = f"${sheet}." if sheet else "."
    ref = head + first[0].upper()
    if second is not None:
        ref += ":." + second[0].upper()
    return f"[{ref}]", pos


__all__ = ["FUNCTIONS", "Untranslatable", "translate"]
