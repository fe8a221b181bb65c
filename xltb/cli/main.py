"""The ``xltb`` command. Errors in the user's input print one line and exit with status 2."""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from .. import __version__
from . import COMMANDS
from ..errors import XltbError


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
        return int(args.run(args) or 0)
    except XltbError as err:
        print(f"xltb: error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("xltb: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug of ours: one line, not a traceback (XLTB_DEBUG=1 shows it)
        if os.environ.get("XLTB_DEBUG"):
            raise
        print(f"xltb: internal error: {type(exc).__name__}: {exc} (run with XLTB_DEBUG=1 and report it)",
              file=sys.stderr)
        return 1


if __name__ == "__main__":  # pragma: no cover
    entry()
