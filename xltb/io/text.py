"""Reading text files as they are found in the wild: any line ends, UTF-8 with or without BOM,
Latin-1 as the fallback."""

from __future__ import annotations

import os
import re

from ..errors import InputError

_LINE_END = re.compile(r"\r\n|\r|\n")


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
    return _LINE_END.sub("\n", text), encoding


def split_lines(text: str) -> list[str]:
    return text.split("\n")
