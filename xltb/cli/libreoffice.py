"""``xltb libreoffice -o xltb.oxt | --install | --remove``: the LibreOffice Calc extension."""

from __future__ import annotations

import argparse
import os
import sys

from ..errors import XltbError
from ..files import write_atomic


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("libreoffice", help="write or install the LibreOffice Calc extension (xltb.oxt)",
                       description="The xltb worksheet functions for LibreOffice Calc, as an extension: -o writes "
                                   "xltb.oxt (install it with Tools > Extensions or unopkg add), --install installs "
                                   "it with LibreOffice's unopkg, --remove removes it. In Calc the functions take "
                                   "the blocks as arguments: =TB_SB_C1(A2;$Crosstable.$A$1:$P$17;"
                                   "$Settings.$A$2:$B$12).")
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("-o", "--output", metavar="FILE.oxt", help="write the extension to this file")
    what.add_argument("--install", action="store_true", help="install it for you (unopkg add); restart "
                                                            "LibreOffice afterwards")
    what.add_argument("--remove", action="store_true", help="remove it (unopkg remove)")
    p.add_argument("--shared", action="store_true", help="with --install/--remove: for every user of this machine "
                                                         "(needs root; unopkg refuses root's own profile)")
    p.add_argument("--unopkg", metavar="PATH", help="LibreOffice's unopkg program (default: on the PATH, then the "
                                                    "usual install places)")
    p.add_argument("--force", action="store_true", help="with -o: overwrite FILE.oxt")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..hosts.libreoffice import oxt, unopkg

    if args.output:
        if not args.output.lower().endswith(".oxt"):
            raise XltbError(f"{args.output}: the output must be an .oxt file")
        if os.path.exists(args.output) and not args.force:
            raise XltbError(f"{args.output} exists: add --force to overwrite it")
        write_atomic(args.output, oxt.build(), force=args.force)
        print(f"wrote {args.output}: install it in LibreOffice with Tools > Extension Manager > Add, or "
              f"unopkg add {args.output}", file=sys.stderr)
        return 0
    where = "for every user" if args.shared else "for you"
    if args.install:
        out = unopkg.install(shared=args.shared, unopkg=args.unopkg)
        print(f"installed the xltb extension {where}; restart LibreOffice to use it", file=sys.stderr)
    else:
        out = unopkg.remove(shared=args.shared, unopkg=args.unopkg)
        print(f"removed the xltb extension ({where})", file=sys.stderr)
    if out:
        print(out, file=sys.stderr)
    return 0
