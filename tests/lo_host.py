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

from xltb.report.printed.pdf import find_soffice

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

    def first_run(self, timeout: float = 180) -> None:
        """Create the profile: LibreOffice's first start for a new profile sets it up (and may restart itself);
        a UNO bridge reaching it then met ``uno RuntimeException: C++ code threw std::bad_alloc`` once, at the
        set-up of the tests just after LibreOffice was installed. Started once alone (``--terminate_after_init``)
        and waited for, the office that listens later starts on a finished profile."""
        if self.profile.exists():
            return
        proc = subprocess.Popen([find_soffice(), "--headless", "--invisible", "--norestore", "--nologo", "--nodefault",
                                 "--nolockcheck", f"-env:UserInstallation={self.profile.as_uri()}",
                                 "--terminate_after_init"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                start_new_session=True)
        try:
            code = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            code = None
        try:  # what it started (soffice.bin under the soffice script), and only that
            os.killpg(proc.pid, 9)
        except (ProcessLookupError, PermissionError):
            pass
        proc.wait()
        if not self.profile.exists():
            how = f"timed out after {timeout} s" if code is None else f"exit status {code}"
            raise RuntimeError(f"soffice --terminate_after_init made no profile ({how})")

    def start(self) -> "Office":
        import uno
        from com.sun.star.connection import NoConnectException

        self.first_run()
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
            raise Refused(f"LibreOffice did not install {oxt}")

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


def started(profile: Path, extension: Path, attempts: int = 3) -> Office:
    """A headless office on ``profile`` with the extension ``extension`` installed (before any document is
    opened: Calc lists add-ins once). A start that fails in LibreOffice or its UNO bridge is tried again on the
    same profile (a new profile's first start can fail: see :meth:`Office.first_run`), ``attempts`` times in
    all; then :class:`NotStarted` says what each attempt met. An extension that LibreOffice refuses is an
    error of xltb's, not tried again."""
    met = []
    for attempt in range(attempts):
        office = Office(profile)
        try:
            office.start()
            office.add_extension(extension)
            return office
        except Refused:
            office.stop()
            raise
        except Exception as err:  # pyuno's exceptions (com.sun.star.uno.RuntimeException) derive from Exception
            office.stop()
            met.append(f"attempt {attempt + 1}: {type(err).__name__}: {err}")
            time.sleep(2 * (attempt + 1))
    raise NotStarted(f"LibreOffice did not start with the profile {profile} in {attempts} attempts (" +
                     "; ".join(met) + ")")


class NotStarted(RuntimeError):
    """LibreOffice is installed but could not be started and reached over UNO."""


class Refused(RuntimeError):
    """LibreOffice did not install xltb's extension."""
