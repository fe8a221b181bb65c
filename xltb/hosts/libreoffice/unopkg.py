"""Installing and removing the extension with LibreOffice's ``unopkg``.

``unopkg`` refuses to run as root for root's own profile ("Cannot run unopkg as root without
--shared or --bundled option"); ``--shared`` installs for every user of the machine (Debian:
under /var/spool/libreoffice/uno_packages) and needs root. LibreOffice must be restarted to
see a newly installed extension in an office that is already running.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile

from ...errors import XltbError
from . import EXTENSION_ID
from .oxt import build

_CANDIDATES = ("/usr/lib/libreoffice/program/unopkg", "/opt/libreoffice*/program/unopkg",
               "/Applications/LibreOffice.app/Contents/MacOS/unopkg",
               r"C:\Program Files\LibreOffice\program\unopkg.com")


def find_unopkg() -> str | None:
    found = shutil.which("unopkg")
    if found:
        return found
    for pattern in _CANDIDATES:
        hits = sorted(glob.glob(pattern))
        if hits:
            return hits[-1]
    return None


def _is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def _run(args: list[str], unopkg: str | None) -> str:
    program = unopkg or find_unopkg()
    if program is None:
        raise XltbError("LibreOffice's unopkg was not found: install LibreOffice (Debian: apt-get install "
                        "libreoffice-calc libreoffice-script-provider-python) or give its path with --unopkg")
    try:
        done = subprocess.run([program, *args], capture_output=True, text=True, timeout=300)
    except OSError as err:
        raise XltbError(f"cannot run {program}: {err.strerror or err}") from None
    except subprocess.TimeoutExpired:
        raise XltbError(f"{program} {args[0]} did not finish in 5 minutes") from None
    text = "\n".join(line for line in (done.stdout + done.stderr).splitlines() if line.strip())
    if done.returncode:
        raise XltbError(f"unopkg {args[0]} failed: {text or f'exit status {done.returncode}'}")
    return text


def _check_root(shared: bool) -> None:
    if _is_root() and not shared:
        raise XltbError("unopkg does not install extensions for root's own LibreOffice profile: run this as the user "
                        "who uses LibreOffice, or add --shared to install it for every user of this machine")


def install(shared: bool = False, unopkg: str | None = None) -> str:
    """``unopkg add --force [--shared] xltb.oxt`` with the extension built now; unopkg's output."""
    _check_root(shared)
    with tempfile.TemporaryDirectory(prefix="xltb-oxt-") as tmp:
        path = os.path.join(tmp, "xltb.oxt")
        with open(path, "wb") as fh:
            fh.write(build())
        if shared:
            os.chmod(tmp, 0o755)
            os.chmod(path, 0o644)
        return _run(["add", "--force", *(["--shared"] if shared else []), path], unopkg)


def remove(shared: bool = False, unopkg: str | None = None) -> str:
    """``unopkg remove [--shared] org.xltb.calc-addin``."""
    _check_root(shared)
    return _run(["remove", *(["--shared"] if shared else []), EXTENSION_ID], unopkg)
