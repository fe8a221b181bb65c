"""``xltb lite -o DIR``: the xlwings Lite files (``main.py``, ``requirements.txt``) that make xltb's
worksheet functions live in Excel on Windows, Mac and the web."""

from __future__ import annotations

import argparse
import os
import sys

from ..errors import XltbError
from ..files import write_atomic


def register(sub) -> None:
    p = sub.add_parser("lite", help="write main.py and requirements.txt for xlwings Lite (Excel on Windows, Mac, web)",
                       description="Write the two files of the xlwings Lite add-in's editor: main.py registers "
                                   "xltb's worksheet functions (=TB_SB_C1(A2, Crosstable, Settings), "
                                   "=TB_STANDINGS(Crosstable, Settings), ...) and requirements.txt installs xltb. "
                                   "Add the requirement to the requirements.txt tab of xlwings Lite (keep its xlwings "
                                   "line) and paste main.py into its main.py tab.")
    p.add_argument("-o", "--output", metavar="DIR", required=True, help="folder to write main.py and requirements.txt")
    p.add_argument("--wheel-url", metavar="URL",
                   help="install xltb from this wheel's URL instead of PyPI (xltb-VERSION-py3-none-any.whl)")
    p.add_argument("--force", action="store_true", help="replace main.py / requirements.txt already in DIR")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..excel.lite import files

    if args.wheel_url and not (args.wheel_url.startswith(("https://", "http://"))
                               and args.wheel_url.split("?")[0].endswith(".whl")):
        raise XltbError(f"--wheel-url {args.wheel_url!r}: an http(s) URL of a .whl file is expected")
    if os.path.exists(args.output) and not os.path.isdir(args.output):
        raise XltbError(f"{args.output}: not a folder")
    out = files(args.wheel_url)
    if not args.force:
        present = [n for n in out if os.path.exists(os.path.join(args.output, n))]
        if present:
            raise XltbError(f"{os.path.join(args.output, present[0])} exists; use --force to replace it")
    try:
        os.makedirs(args.output, exist_ok=True)
    except OSError as exc:
        raise XltbError(f"cannot create {args.output}: {exc.strerror or exc}") from None
    for name, text in out.items():
        write_atomic(os.path.join(args.output, name), text, force=args.force)
    print(f"wrote {', '.join(os.path.join(args.output, n) for n in out)}. In xlwings Lite: add the line of "
          "requirements.txt to its requirements.txt tab (keep the xlwings line there), paste main.py into its "
          "main.py tab; then =TB_STANDINGS(Crosstable,Settings) in a template", file=sys.stderr)
    return 0
