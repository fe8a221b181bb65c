"""Text for a terminal: characters that a terminal would act on (escape sequences, carriage
returns, backspaces, bells: Unicode categories Cc and Cf other than TAB and line ends, and the
line and paragraph separators) are shown escaped, ``\\x1b`` for ESC, so that a name in a file
cannot move the cursor, retitle the window or hide text."""

from __future__ import annotations

import re

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]")


def _escape(m: re.Match[str]) -> str:
    c = m.group()
    n = ord(c)
    return f"\\x{n:02x}" if n < 0x100 else f"\\u{n:04x}"


def printable(text: object) -> str:
    """``text`` (a message: its English) with the characters a terminal would act on escaped (TAB and line
    ends kept)."""
    return _CONTROL.sub(_escape, str(text))


def say(text: str) -> None:
    """Print one message (a warning, a note, what was written) to standard error, escaped: every line a
    command prints there goes through here, so a name from a file never reaches the terminal raw."""
    import sys

    print(printable(text), file=sys.stderr)


__all__ = ["printable", "say"]
