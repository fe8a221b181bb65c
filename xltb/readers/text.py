"""Reading text files as they are found in the wild: any line ends, UTF-8 with or without BOM,
Latin-1 as the fallback."""

from __future__ import annotations

import os
from contextlib import contextmanager
from typing import Iterator

from ..errors import InputError


def read_text(path: str | os.PathLike) -> tuple[str, str]:
    """Return (text, encoding) of a file; the text has its line ends normalised to ``\\n``."""
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except FileNotFoundError:
        raise InputError("no such file", file=str(path)) from None
    except IsADirectoryError:
        raise InputError("is a folder, not a file", file=str(path)) from None
    except OSError as exc:
        raise InputError(f"cannot read the file ({exc.strerror or exc})", file=str(path)) from None
    return decode(data)


def decode(data: bytes) -> tuple[str, str]:
    if b"\x00" in data[:4096]:
        raise InputError("this is a binary file, not a text file")
    try:
        text, encoding = data.decode("utf-8-sig"), "utf-8"
    except UnicodeDecodeError:
        try:
            text, encoding = data.decode("cp1252"), "cp1252"
        except UnicodeDecodeError:
            text, encoding = data.decode("latin-1"), "latin-1"
    if "\r" in text:  # CRLF or CR-only line ends
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text, encoding


@contextmanager
def errors_located(path: str | os.PathLike) -> Iterator[None]:
    """Give an :class:`InputError` raised while parsing the file's text the file's name."""
    try:
        yield
    except InputError as err:
        if err.file is None:
            raise InputError(err.message, file=str(path), line=err.line) from None
        raise


def encoding_note(encoding: str) -> tuple[str, ...]:
    """The warning to show when a file was not UTF-8."""
    return () if encoding in ("utf-8", "ascii") else (f"read as {encoding} (not UTF-8)",)
