"""One cell of a sheet's XML edited by the general rule of the writer of cached values
(:mod:`xltb.templates.sheetxml`): its tag read into its attributes and written again, its formula found,
its value replaced. Every kind of edit and every cell goes this way when the one-pass edits of a row do
not apply; :class:`Edit` says what to write."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .cached import value_xml


@dataclass(slots=True)
class Edit:
    #: "formula" (a formula cell's cached value), "value" (a cell an array covers) or "clear"
    kind: str
    value: Any = None
    #: formula cells: the new area of an array formula (``L1:T301``), or None to leave the formula as it is
    area: str | None = None
    #: formula cells: mark as a dynamic array (Excel 365's spilling formula)
    dynamic: bool = False
    #: formula cells: an ordinary formula that becomes an array formula (its calculation chain entry changes)
    becomes_array: bool = False


class SheetXmlError(ValueError):
    """A sheet part this writer cannot edit (the message says why)."""


# Rows and cells are found as regular expressions found them before, by str.find (:mod:`.scan`).


OPEN = re.compile(r"<(\w+)((?:\s+[\w:]+\s*=\s*\"[^\"]*\")*)\s*(/?)>")
ATTR = re.compile(r'([\w:]+)\s*=\s*"([^"]*)"')


def open_tag(text: str) -> tuple[str, list[tuple[str, str]], bool]:
    m = OPEN.match(text)
    if m is None:
        raise SheetXmlError(f"cannot read {text[:40]!r}")
    return m[1], ATTR.findall(m[2]), bool(m[3])


def plain_tag(element: str) -> bool:
    """Does the element's opening tag read (:data:`OPEN`) to its first ">"?"""
    m = OPEN.match(element)
    return m is not None and m.end() == element.index(">") + 1


def tag(name: str, attrs: list[tuple[str, str]], inner: str | None) -> str:
    a = "".join(f' {k}="{v}"' for k, v in attrs)
    return f"<{name}{a}/>" if inner is None else f"<{name}{a}>{inner}</{name}>"


def set_attr(attrs: list[tuple[str, str]], key: str, value: str | None) -> list[tuple[str, str]]:
    out = [(k, v) for k, v in attrs if k != key]
    if value is not None:
        out.append((key, value))
    return out


def edit_cell(text: str | None, ref: str, edit: Edit, cm: str | None) -> str:
    """The cell ``text`` (None: a new cell ``ref``) with ``edit`` made: every kind of edit and cell."""
    attrs = [("r", ref)]
    inner = ""
    if text is not None:
        _, attrs, empty = open_tag(text)
        inner = "" if empty else text[text.index(">") + 1:text.rindex("</c>")]
    if edit.kind == "clear":
        keep = [(k, v) for k, v in attrs if k in ("r", "s")]
        return tag("c", keep, None)
    if edit.kind == "value":
        keep = [(k, v) for k, v in attrs if k in ("r", "s")]
        kind, v = value_xml(edit.value)
        if kind == "str":
            return tag("c", keep + [("t", "inlineStr")], f'<is><t xml:space="preserve">{v}</t></is>')
        return tag("c", keep + ([("t", kind)] if kind else []), f"<v>{v}</v>")
    m = re.search(r"<f\b[^>]*?/>|<f\b[^>]*>.*?</f>", inner, re.S)
    if m is None:
        raise SheetXmlError(f"{ref} holds no formula")
    formula = m[0]
    if edit.area is not None:
        name, fattrs, empty = open_tag(formula)
        fattrs = set_attr(set_attr(fattrs, "t", "array"), "ref", edit.area)
        body = None if empty else formula[formula.index(">") + 1:formula.rindex("</f>")]
        formula = tag("f", fattrs, body)
    kind, v = value_xml(edit.value)
    attrs = set_attr(attrs, "t", kind)
    if edit.dynamic and cm:
        attrs = set_attr(attrs, "cm", cm)
    rest = inner[m.end():]
    rest = re.sub(r"^\s*(?:<v\b[^>]*?/>|<v\b[^>]*>.*?</v>)", "", rest, flags=re.S)
    return tag("c", attrs, inner[:m.start()] + formula + f"<v>{v}</v>" + rest)
