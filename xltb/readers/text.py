"""Reading text files as they are found in the wild: any line ends, UTF-8 with or without BOM,
cp1252 / Latin-1 as the fallback (for the whole file, or for the few lines of a UTF-8 file that
are not UTF-8)."""

from __future__ import annotations

import os
from contextlib import contextmanager
from typing import Iterator

from .. import limits
from ..errors import InputError
from ..limits import read_bytes as read_bytes, size_text  # read_bytes: the readers' name for it
from ..messages import Message


def read_text(path: str | os.PathLike[str]) -> tuple[str, str]:
    """Return (text, encoding) of a file; the text has its line ends normalised to ``\\n``."""
    return decode(read_bytes(path), str(path))


def decode(data: bytes, source: str | None = None) -> tuple[str, str]:
    """(text, encoding): UTF-8 (with or without BOM); a file that is UTF-8 but for a few stray bytes
    keeps UTF-8 for its other lines and reads those lines as cp1252 (the encoding says which
    lines); a file with no UTF-8 text at all is cp1252, else Latin-1. UTF-16 (what Windows programs call
    "Unicode"; with its byte order mark, or without one when its first characters are Latin) and UTF-32
    with a byte order mark are read too (the encoding says so)."""
    wide = _wide(data)
    if wide is not None:
        try:
            text = data.decode(wide).removeprefix("\ufeff")
        except UnicodeDecodeError as err:
            raise InputError(f"this is {_NAMES[wide]} text that cannot be read ({err.reason} at byte {err.start}): "
                             "save it as UTF-8", file=source) from None
        return text.replace("\r\n", "\n").replace("\r", "\n"), _NAMES[wide]
    nul = data.find(b"\x00", 0, 4096)
    if nul >= 0:
        line = data.count(b"\n", 0, nul) + 1
        raise InputError(f"this is a binary file, not a text file (a NUL byte on line {line})", file=source)
    try:
        text, encoding = data.decode("utf-8-sig"), "utf-8"
    except UnicodeDecodeError as exc:
        text, encoding = _mixed(data, exc)
    if "\r" in text:  # CRLF or CR-only line ends
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text, encoding


_NAMES = {"utf-32": "UTF-32", "utf-16": "UTF-16", "utf-16-le": "UTF-16", "utf-16-be": "UTF-16"}


def _wide(data: bytes) -> str | None:
    """The codec of a UTF-16 or UTF-32 file (None for any other): by its byte order mark, else (UTF-16 only)
    by its first characters, nearly all Latin-1 (a NUL byte beside each, none in their own bytes)."""
    if data.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        return "utf-32"
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "utf-16"
    head = data[:4096]
    head = head[:len(head) // 2 * 2]
    if len(head) < 4:
        return None
    even, odd = head[0::2], head[1::2]
    if b"\x00" not in even and odd.count(0) >= 0.9 * len(odd):
        return "utf-16-le"
    if b"\x00" not in odd and even.count(0) >= 0.9 * len(even):
        return "utf-16-be"
    return None


def _mixed(data: bytes, first: UnicodeDecodeError) -> tuple[str, str]:
    """A file that is not all UTF-8: when its other lines hold UTF-8 text beyond ASCII, only the
    lines that are not UTF-8 are read as cp1252; otherwise the whole file is."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    lines = data.split(b"\n")
    bad: list[int] = []
    utf8_text = False
    out = []
    for number, raw in enumerate(lines, start=1):
        try:
            out.append(raw.decode("utf-8"))
            utf8_text = utf8_text or not raw.isascii()
        except UnicodeDecodeError:
            bad.append(number)
            out.append(_single_byte(raw))
    if utf8_text:
        shown = ", ".join(map(str, bad[:5])) + (f" and {len(bad) - 5} more" if len(bad) > 5 else "")
        return "\n".join(out), f"UTF-8, except line{'s' if len(bad) > 1 else ''} {shown} (not UTF-8: read as cp1252)"
    try:
        return data.decode("cp1252"), "cp1252"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1"


def _single_byte(raw: bytes) -> str:
    try:
        return raw.decode("cp1252")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


@contextmanager
def errors_located(path: str | os.PathLike[str]) -> Iterator[None]:
    """Give an :class:`InputError` raised while parsing the file's text the file's name."""
    try:
        yield
    except InputError as err:
        if err.file is None:
            raise InputError(err.message, file=str(path), line=err.line) from None
        raise


def encoding_note(encoding: str) -> tuple[Message, ...]:
    """The warning to show when a file was not UTF-8."""
    if encoding in ("utf-8", "ascii"):
        return ()
    return (Message("warn.encoding" if encoding.startswith("UTF-8") else "warn.encoding_not_utf8", encoding=encoding),)
