"""The UNO IDL of the add-in's interface, written from :mod:`.spec`, and its compilation.

LibreOffice needs the interface as a type library (``.rdb``) inside the extension. The IDL and
the ``.rdb`` are committed beside this module (``xltb.idl``, ``xltb.rdb``): a test checks that
the IDL is the one :func:`idl_text` writes from the catalogue and, where LibreOffice's SDK tool
``unoidl-write`` is installed (Debian: ``libreoffice-dev``), that the ``.rdb`` compiles from it
byte for byte. After a change to the catalogue run ``python -m xltb.hosts.libreoffice.idl``.
"""

from __future__ import annotations

import glob
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from .spec import FUNCTIONS

HERE = Path(__file__).resolve().parent
IDL_FILE = HERE / "xltb.idl"
RDB_FILE = HERE / "xltb.rdb"


def idl_text() -> str:
    """``module org { module xltb { interface XXltb ... }; };`` with one method per function."""
    lines = [
        "// The xltb Calc add-in's interface (org.xltb.XXltb), one method per worksheet function.",
        "// Written by xltb/hosts/libreoffice/idl.py from the catalogue: do not edit by hand.",
        "// Compiled to xltb.rdb with LibreOffice's unoidl-write (python -m xltb.hosts.libreoffice.idl).",
        "#include <com/sun/star/uno/XInterface.idl>",
        "",
        "module org { module xltb {",
        "",
        "    interface XXltb : com::sun::star::uno::XInterface",
        "    {",
    ]
    for fn in FUNCTIONS:
        params = ", ".join(f"[in] {p.idl_type} {p.name}" for p in fn.params)
        lines.append(f"        {fn.returns} {fn.name}( {params} );")
    lines += ["    };", "", "}; };", ""]
    return "\n".join(lines)


def find_unoidl_write() -> tuple[str, list[str]] | None:
    """(unoidl-write, the reference type libraries it resolves ``com::sun::star`` in), or None."""
    tool = shutil.which("unoidl-write")
    candidates = ([tool] if tool else []) + sorted(glob.glob("/usr/lib/libreoffice/sdk/bin/unoidl-write")) + \
        sorted(glob.glob("/opt/libreoffice*/sdk/bin/unoidl-write")) + \
        sorted(glob.glob("/usr/lib/libreoffice/program/unoidl-write"))
    for path in candidates:
        here = Path(path).parent  # sdk/bin beside program/ (Debian, TDF builds), or program/ itself
        for program in (here.parent.parent / "program", here.parent / "program", here):
            if (program / "types.rdb").exists():
                return path, [str(program / "types.rdb")]
    return None


def compile_rdb(idl: str) -> bytes:
    """The type library of ``idl`` (needs ``unoidl-write``)."""
    found = find_unoidl_write()
    if found is None:
        raise RuntimeError("unoidl-write not found (Debian: apt-get install libreoffice-dev)")
    tool, refs = found
    with tempfile.TemporaryDirectory() as tmp:
        src, out = Path(tmp) / "xltb.idl", Path(tmp) / "xltb.rdb"
        src.write_text(idl)
        subprocess.run([tool, *refs, str(src), str(out)], check=True, capture_output=True)
        return out.read_bytes()


def main() -> int:
    """Write xltb.idl and xltb.rdb beside this module."""
    text = idl_text()
    rdb = compile_rdb(text)
    IDL_FILE.write_text(text)
    RDB_FILE.write_bytes(rdb)
    print(f"wrote {IDL_FILE} and {RDB_FILE} ({len(rdb)} bytes)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
