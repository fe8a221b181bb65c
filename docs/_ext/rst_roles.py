"""A Griffe extension for the API pages: xltb's docstrings are written in reStructuredText
(``:class:`Standings```, ``text::`` before a literal block, ``>>>`` examples), which the Markdown
the API pages are rendered with would print as it is. Each docstring is rewritten before it is
rendered: a role becomes inline code naming its target (``~a.b.C`` shows ``C``), a paragraph ending
in ``::`` ends in ``:`` and its indented block stays a code block, and a run of ``>>>`` lines with
their output becomes a fenced ``pycon`` block. The docstrings themselves are not changed."""

from __future__ import annotations

import re
from typing import Any

from griffe import Extension, Object

_ROLE = re.compile(r":(?:py:)?(?:mod|class|func|data|meth|attr|exc|obj|const):`~?([^`]+)`")


def _role(match: re.Match[str]) -> str:
    text = match.group(0)
    target = match.group(1)
    shown = target.rsplit(".", 1)[-1] if "`~" in text else target
    return f"`{shown}`"


def markdown(text: str) -> str:
    """The docstring ``text`` in the Markdown the API pages are rendered with."""
    text = _ROLE.sub(_role, text)
    text = re.sub(r"(\S)::\n", r"\1:\n", text)
    lines, out, i = text.split("\n"), [], 0
    while i < len(lines):
        if lines[i].lstrip().startswith(">>> "):
            indent = lines[i][: len(lines[i]) - len(lines[i].lstrip())]
            block = []
            while i < len(lines) and lines[i].strip():
                block.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i].lstrip())
                i += 1
            out += [f"{indent}```pycon", *(indent + b for b in block), f"{indent}```"]
            continue
        out.append(lines[i])
        i += 1
    return "\n".join(out)


class RstRoles(Extension):
    """Rewrites every docstring Griffe loads into Markdown (see the module docstring)."""

    def on_instance(self, *, obj: Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = markdown(obj.docstring.value)
