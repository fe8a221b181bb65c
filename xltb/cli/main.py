"""The ``xltb`` command. Errors in the user's input print one line and exit with status 2; an
internal error (a bug) exits with status 3; status 1 is `check`'s "differences found"."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import warnings

from .. import __version__
from . import COMMANDS
from ..errors import XltbError
from ..terminal import printable


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line; with ``only``, just that command's parser (the others' options are not
    needed to run it, and argparse takes a while to build them all)."""
    parser = argparse.ArgumentParser(prog="xltb", description="FIDE C.07 tie-breaks for chess arbiters.")
    parser.add_argument("--version", action="version", version=f"xltb {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, module in COMMANDS.items():
        if only is None or name == only:
            importlib.import_module(module).register(sub)
    return parser


def entry() -> None:
    """The console script: run the command, then leave.

    Commands that only compute and print (``standings``, ``explain``) set ``quick_exit``: once
    their output is flushed and written (files are written whole and renamed before this point),
    the process ends without tearing down the hundreds of thousands of small objects a large event
    makes, which would otherwise take a fifth of the run. Everything else exits normally.
    """
    code = main()
    if _QUICK_EXIT:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    sys.exit(code)


_QUICK_EXIT = False


def main(argv: list[str] | None = None) -> int:
    global _QUICK_EXIT
    words = sys.argv[1:] if argv is None else argv
    parser = build_parser(words[0] if words and words[0] in COMMANDS else None)
    args = parser.parse_args(argv)
    _QUICK_EXIT = bool(getattr(args, "quick_exit", False))
    if not getattr(args, "run", None):
        parser.print_help()
        return 2
    try:
        with warnings.catch_warnings():  # a library's warning: its words, never its file's path
            warnings.showwarning = _show_warning
            return int(args.run(args) or 0)
    except XltbError as err:
        print(f"xltb: error: {printable(str(err))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("xltb: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except (RecursionError, MemoryError) as exc:  # input beyond what the limits foresaw: refused, not a crash
        if os.environ.get("XLTB_DEBUG"):
            raise
        what = "too deeply nested" if isinstance(exc, RecursionError) else "too large"
        print(f"xltb: error: {_input_of(args)}the input is {what} to process", file=sys.stderr)
        return 2
    except Exception as exc:  # a bug of ours: one line, not a traceback (XLTB_DEBUG=1 shows it)
        if os.environ.get("XLTB_DEBUG"):
            raise
        print(f"xltb: internal error (a bug in xltb, not a problem of the input): {type(exc).__name__}: "
              f"{printable(str(exc))} (run with XLTB_DEBUG=1 and report it)", file=sys.stderr)
        return INTERNAL_ERROR


def _show_warning(message: Warning | str, category: type[Warning], filename: str, lineno: int, file: object = None,
                  line: str | None = None) -> None:
    """A warning a library gives while xltb reads a file (openpyxl's "Data Validation extension is not
    supported"): one line on standard error, without the library's path and line."""
    print(f"xltb: warning: {printable(str(message))}", file=sys.stderr)


#: the exit status of an internal error (0: done, 1: `check` found differences, 2: bad input)
INTERNAL_ERROR = 3


def _input_of(args: argparse.Namespace) -> str:
    name = getattr(args, "file", None) or getattr(args, "input", None) or getattr(args, "source", None)
    return f"{printable(name)}: " if isinstance(name, str) else ""


if __name__ == "__main__":  # pragma: no cover
    entry()
