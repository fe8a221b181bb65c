"""Errors that are meant for the user: one message naming the file, line and problem."""

from __future__ import annotations


class XltbError(Exception):
    """A problem with the user's input (file, option or tie-break code).

    The command line prints ``str(error)`` and exits with status 2; no traceback.
    """

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None):
        self.message = message
        self.file = file
        self.line = line
        super().__init__(self.__str__())

    def __str__(self) -> str:
        where = ""
        if self.file is not None:
            where = self.file
            if self.line is not None:
                where += f", line {self.line}"
            where += ": "
        return where + self.message


class InputError(XltbError):
    """The input file cannot be read or contradicts itself."""


class TieBreakError(XltbError):
    """A tie-break code is unknown, or cannot be computed for this event."""
