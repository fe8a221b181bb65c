"""A headless LibreOffice driven over UNO, for the Calc add-in tests: one office per test session,
a fresh profile in a temporary folder, listening on 127.0.0.1 only.

``import uno`` needs Debian's python3-uno (``/usr/lib/python3/dist-packages/uno.py``, built for the
system Python): when the test interpreter cannot import it directly, only ``uno.py`` and
``unohelper.py`` are made importable (not the rest of dist-packages). :func:`unavailable` says why
the tests cannot run (no soffice, no python3-uno, or a Python whose minor version differs from the
one pyuno was built for)."""

from __future__ import annotations

import atexit
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from xltb.report.pdf import find_soffice

_DIST = Path("/usr/lib/python3/dist-packages")


def _import_uno():
    try:
        import uno  # noqa: F401
        return None
    except ImportError:
        pass
    if not (_DIST / "uno.py").exists():
        return "python3-uno is not installed (apt-get install libreoffice-script-provider-python)"
    shim = Path(tempfile.mkdtemp(prefix="xltb-uno-"))
    for name in ("uno.py", "unohelper.py"):
        (shim / name).symlink_to(_DIST / name)
    sys.path.append(str(shim))
    try:
        import uno  # noqa: F401, F811
    except ImportError as err:
        return f"LibreOffice's pyuno does not load in Python {sys.version.split()[0]}: {err}"
    return None


def unavailable() -> str | None:
    """Why the LibreOffice tests cannot run here, or None."""
    if find_soffice() is None:
        return "LibreOffice (soffice) is not installed"
    return _import_uno()


def pv(name, value):
    from com.sun.star.beans import PropertyValue

    p = PropertyValue()
    p.Name, p.Value = name, value
    return p


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _command_env():
    """A non-interactive command environment for the extension manager: approves every request
    (with None, removeExtension crashed LibreOffice 7.4)."""
    import uno
    import unohelper
    from com.sun.star.task import XInteractionHandler
    from com.sun.star.ucb import XCommandEnvironment, XProgressHandler

    class CommandEnv(unohelper.Base, XCommandEnvironment, XInteractionHandler, XProgressHandler):
        def getInteractionHandler(self):
            return self

        def getProgressHandler(self):
            return self

        def handle(self, request):  # request.getRequest() raises SystemError in pyuno: not read
            approve = uno.getTypeByName("com.sun.star.task.XInteractionApprove")
            for choice in request.getContinuations():
                if choice.queryInterface(approve):
                    choice.select()
                    return

        def push(self, status):
            pass

        def update(self, status):
            pass

        def pop(self):
            pass

    return CommandEnv()


class Office:
    """soffice --headless with its own profile; :meth:`stop` ends it (and atexit, if a test dies)."""

    def __init__(self, profile: Path):
        self.profile = profile
        self.port = _free_port()
        self.proc = None
        self.ctx = None
        self.desktop = None

    def start(self) -> "Office":
        import uno
        from com.sun.star.connection import NoConnectException

        self.proc = subprocess.Popen(
            [find_soffice(), "--headless", "--invisible", "--norestore", "--nologo", "--nodefault", "--nolockcheck",
             f"-env:UserInstallation={self.profile.as_uri()}",
             f"--accept=socket,host=127.0.0.1,port={self.port};urp;StarOffice.ComponentContext"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        atexit.register(self._kill)
        local = uno.getComponentContext()
        resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
        url = f"uno:socket,host=127.0.0.1,port={self.port};urp;StarOffice.ComponentContext"
        deadline = time.monotonic() + 60
        while True:
            try:
                self.ctx = resolver.resolve(url)
                break
            except NoConnectException:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("soffice did not start") from None
                time.sleep(0.1)
        self.desktop = self.ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", self.ctx)
        return self

    def stop(self) -> None:
        if self.proc is None:
            return
        try:
            self.desktop.terminate()
        except Exception:  # the bridge goes away while LibreOffice ends: DisposedException
            pass
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            pass
        self._kill()
        self.proc = None

    def _kill(self) -> None:
        """End soffice and what it started (the soffice script runs soffice.bin as a child, which
        outlives a kill of the script alone): the process group of the office, and only that."""
        if self.proc is None:
            return
        try:
            os.killpg(self.proc.pid, 9)
        except (ProcessLookupError, PermissionError):
            pass
        self.proc.wait()

    def _manager(self):
        return self.ctx.getValueByName("/singletons/com.sun.star.deployment.ExtensionManager")

    def add_extension(self, oxt: Path) -> None:
        em = self._manager()
        em.addExtension(oxt.as_uri(), (), "user", em.createAbortChannel(), _command_env())
        if "org.xltb.calc-addin" not in self.extensions():  # refused (a dependency, a broken file)
            raise RuntimeError(f"LibreOffice did not install {oxt}")

    def remove_extension(self, identifier: str) -> None:
        em = self._manager()
        em.removeExtension(identifier, "", "user", em.createAbortChannel(), _command_env())

    def extensions(self) -> list[str]:
        em = self._manager()
        return [x.getIdentifier().Value for x in em.getDeployedExtensions("user", em.createAbortChannel(), None)]

    def load(self, path: Path):
        """Open a file hidden; LibreOffice's questions on loading (an .xlsx without cached values:
        "recalculate now?") are answered yes, without which the load returns nothing."""
        doc = self.desktop.loadComponentFromURL(path.as_uri(), "_blank", 0,
                                                (pv("Hidden", True), pv("InteractionHandler", _command_env())))
        if doc is None:
            raise RuntimeError(f"LibreOffice did not open {path}")
        return doc

    def new_sheet(self):
        return self.desktop.loadComponentFromURL("private:factory/scalc", "_blank", 0, (pv("Hidden", True),))
