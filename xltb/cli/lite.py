"""``xltb lite -o DIR``: the xlwings Lite files (``main.py``, ``requirements.txt``) that make xltb's
worksheet functions live in Excel on Windows, Mac and the web."""

from __future__ import annotations

import argparse
import os
import sys

from .. import __version__
from ..errors import XltbError
from ..files import write_atomic


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("lite", help="write main.py for xlwings Lite (Excel on Windows, Mac, web)",
                       description="Write the main.py of the xlwings Lite add-in's editor: it registers xltb's "
                                   "worksheet functions (=TB_SB_C1(A2, Crosstable, Settings), "
                                   "=TB_STANDINGS(Crosstable, Settings), ...) and carries xltb itself, so Lite "
                                   "installs nothing more. Paste it into Lite's main.py tab. With --pypi or "
                                   "--wheel-url: a short main.py and a requirements.txt line that installs xltb.")
    p.add_argument("-o", "--output", metavar="DIR", required=True, help="folder to write main.py (and requirements.txt)")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--pypi", action="store_true",
                     help="a short main.py and requirements.txt 'xltb==VERSION' (once xltb is on PyPI)")
    how.add_argument("--wheel-url", metavar="URL",
                     help="a short main.py and requirements.txt naming this wheel's URL (xltb-VERSION-py3-none-any.whl)")
    p.add_argument("--force", action="store_true", help="replace main.py / requirements.txt already in DIR")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..hosts.lite import files

    if args.wheel_url and not (args.wheel_url.startswith(("https://", "http://"))
                               and args.wheel_url.split("?")[0].endswith(".whl")):
        raise XltbError(f"--wheel-url {args.wheel_url!r}: an http(s) URL of a .whl file is expected")
    if os.path.exists(args.output) and not os.path.isdir(args.output):
        raise XltbError(f"{args.output}: not a folder")
    out = files(args.wheel_url, bundled=not (args.pypi or args.wheel_url))
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
    written = ", ".join(os.path.join(args.output, n) for n in out)
    if "requirements.txt" in out:
        how = ("add the line of requirements.txt to its requirements.txt tab (keep the xlwings line there), paste "
               "main.py into its main.py tab")
        if args.pypi:
            how += (f" (Lite installs xltb {__version__} from PyPI: until that release is published there, 'xltb lite' "
                    "without --pypi writes a main.py that carries xltb)")
    else:
        how = "paste main.py into its main.py tab (it carries xltb: nothing to add to requirements.txt)"
    print(f"wrote {written}. In xlwings Lite: {how}; then run the script 'Set up xltb in this workbook' once (Excel "
          "leaves the formulas a workbook had before the add-in at #NAME? until they are entered again)",
          file=sys.stderr)
    return 0
